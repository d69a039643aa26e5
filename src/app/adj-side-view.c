/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-side-view.c: one side of a battle — its name, totals and units.
 *
 * The list is a recycling list over a filtered view of the battle's units: rows are recycled and
 * each follows its own unit, so nothing is rebuilt when one unit changes.  Units the ruleset
 * keeps hidden for now (a group under a hidden marker) are not listed, nor counted.
 *
 * The list is a GtkGridView of one column rather than a GtkListView: this GTK's list view keeps
 * a row for each of up to 200 items however few are in view, where its grid view keeps about 30
 * rows and makes them tall enough to fill any view.  Either makes its rows as soon as it has a
 * model, shown or not, so the list is given its model when the side is first shown: a side in
 * the other tab costs nothing at start-up.  On a 200-unit battle a list view (some 90 rows for a
 * side of 100) takes the start-up from 0.97 G instructions to 1.09 G, from 1.8x a bare libadwaita
 * window's to 2.0x (both with cairo); the budget is 1.5x.
 */

#define G_LOG_DOMAIN "adj-side-view"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "adj-i18n.h"
#include "adj-side-view.h"
#include "adj-unit-row.h"

struct _AdjSideView {
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkLabel          *meta_label;
  GtkGridView       *list_view;   /* one column: a list */

  AdjBattle         *battle;
  char              *side;
  char              *search;      /* case-folded, or NULL */
  GtkFilter         *filter;
  GtkFilterListModel *model;
  GtkSingleSelection *selection;
  GtkListItemFactory *factory;     /* until the list has its model */
  guint               scroll_to;   /* a row to bring into view on the next frame */
  guint               scroll_tick;
  guint               scroll_tries;
  GHashTable         *bound;       /* the AdjUnitRows showing a unit now */
  AdjUnitJudge        judge;
  gpointer            judge_data;
};

G_DEFINE_FINAL_TYPE (AdjSideView, adj_side_view, GTK_TYPE_WIDGET)

enum {
  UNIT_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
adj_side_view_unit_hidden (AdjBattle *battle,
                           AdjUnit   *unit)
{
  GPtrArray *fields;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);

  fields = adj_ruleset_get_status_fields (adj_battle_get_ruleset (battle));
  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);

      if (f->hides_unit && adj_unit_get_status_bool (unit, f->name))
        return TRUE;
    }
  return FALSE;
}

static gboolean
unit_shown (gpointer item,
            gpointer user_data)
{
  AdjSideView *self = user_data;
  AdjUnit *unit = ADJ_UNIT (item);

  if (g_strcmp0 (adj_unit_get_side (unit), self->side) != 0 ||
      adj_side_view_unit_hidden (self->battle, unit))
    return FALSE;
  if (self->search != NULL)
    {
      g_autofree char *name = g_utf8_casefold (adj_unit_get_name (unit), -1);
      return strstr (name, self->search) != NULL;
    }
  return TRUE;
}

static void
update_meta (AdjSideView *self)
{
  AdjSide *side = adj_battle_find_side (self->battle, self->side);
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  GListModel *model = G_LIST_MODEL (self->model);
  guint n = g_list_model_get_n_items (model);
  guint left = 0;
  int points = 0;
  gboolean has_values = FALSE;
  g_autoptr(GString) meta = g_string_new (NULL);
  GPtrArray *fields = adj_ruleset_get_side_fields (rs);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (model, i);
      if (!adj_unit_get_destroyed (unit))
        {
          left++;
          points += adj_battle_unit_value (self->battle, unit);
        }
    }
  for (guint i = 0; i < adj_ruleset_get_unit_types (rs)->len; i++)
    has_values |= ((AdjUnitType *) g_ptr_array_index (adj_ruleset_get_unit_types (rs), i))->value >= 0;

  /* The first enum setting (the dice, in most systems) says a lot about a side at a glance. */
  for (guint i = 0; side != NULL && i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      json_object *v = NULL;

      if (f->kind == ADJ_FIELD_ENUM && json_object_object_get_ex (side->settings, f->name, &v))
        {
          guint nc;
          const AdjChoice *choices = adj_ruleset_field_choices (rs, f, &nc);
          const AdjChoice *c = adj_field_find_choice (choices, nc, json_object_get_string (v));
          if (c != NULL)
            g_string_append_printf (meta, "%s · ", adj_gettext (c->label));
          break;
        }
    }
  g_string_append_printf (meta, ngettext ("%u of %u unit left", "%u of %u units left", n),
                          left, n);
  /* Points only for systems that give units a value. */
  if (has_values)
    {
      g_string_append (meta, " · ");
      g_string_append_printf (meta, ngettext ("%d point left", "%d points left", points), points);
    }
  gtk_label_set_text (self->meta_label, meta->str);
}

static void
on_battle_changed (AdjBattle   *battle,
                   AdjSideView *self)
{
  /* A unit may have changed side or name: filtering again only moves rows that must move. */
  gtk_filter_changed (self->filter, GTK_FILTER_CHANGE_DIFFERENT);
  update_meta (self);
}

static void
on_selection_changed (GtkSelectionModel *model,
                      guint              position,
                      guint              n_items,
                      AdjSideView       *self)
{
  g_signal_emit (self, signals[UNIT_SELECTED], 0, adj_side_view_get_selected (self));
}

/* A click on the row already selected chooses its unit again: the selection does not change,
 * so the list would not say so. */
static void
on_row_pressed (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                AdjSideView     *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  AdjUnit *unit = adj_unit_row_get_unit (ADJ_UNIT_ROW (row));

  if (unit != NULL && n_press == 1 && unit == adj_side_view_get_selected (self))
    g_signal_emit (self, signals[UNIT_SELECTED], 0, unit);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           AdjSideView              *self)
{
  GtkWidget *row = adj_unit_row_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (on_row_pressed), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
  gtk_list_item_set_child (item, row);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
judge_row (AdjSideView *self,
           AdjUnitRow  *row)
{
  AdjUnit *unit = adj_unit_row_get_unit (row);

  adj_unit_row_set_refusal (row, unit != NULL && self->judge != NULL
                                 ? self->judge (unit, self->judge_data) : NULL);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          AdjSideView              *self)
{
  AdjUnitRow *row = ADJ_UNIT_ROW (gtk_list_item_get_child (item));
  adj_unit_row_set_unit (row, self->battle, ADJ_UNIT (gtk_list_item_get_item (item)));
  g_hash_table_add (self->bound, row);
  judge_row (self, row);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            AdjSideView              *self)
{
  AdjUnitRow *row = ADJ_UNIT_ROW (gtk_list_item_get_child (item));
  adj_unit_row_set_unit (row, NULL, NULL);
  adj_unit_row_set_refusal (row, NULL);
  g_hash_table_remove (self->bound, row);
}

/* The rows are made when the side is first shown. */
static void
adj_side_view_map (GtkWidget *widget)
{
  AdjSideView *self = ADJ_SIDE_VIEW (widget);

  if (self->factory != NULL)
    {
      gtk_grid_view_set_factory (self->list_view, self->factory);
      gtk_grid_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
      g_clear_object (&self->factory);
    }
  GTK_WIDGET_CLASS (adj_side_view_parent_class)->map (widget);
}

static void
adj_side_view_dispose (GObject *object)
{
  AdjSideView *self = ADJ_SIDE_VIEW (object);

  if (self->list_view != NULL)
    {
      if (self->scroll_tick != 0)
        gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->scroll_tick);
      self->scroll_tick = 0;
      gtk_grid_view_set_model (self->list_view, NULL);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_SIDE_VIEW);
  g_clear_object (&self->factory);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);
  g_clear_object (&self->battle);

  G_OBJECT_CLASS (adj_side_view_parent_class)->dispose (object);
}

static void
adj_side_view_finalize (GObject *object)
{
  AdjSideView *self = ADJ_SIDE_VIEW (object);

  g_free (self->side);
  g_free (self->search);
  g_hash_table_unref (self->bound);
  G_OBJECT_CLASS (adj_side_view_parent_class)->finalize (object);
}

static void
adj_side_view_class_init (AdjSideViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_side_view_dispose;
  object_class->finalize = adj_side_view_finalize;
  widget_class->map = adj_side_view_map;

  /**
   * AdjSideView::unit-selected:
   * @unit: (nullable): the unit now selected
   */
  signals[UNIT_SELECTED] = g_signal_new ("unit-selected", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         ADJ_TYPE_UNIT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-side-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjSideView, box);
  gtk_widget_class_bind_template_child (widget_class, AdjSideView, meta_label);
  gtk_widget_class_bind_template_child (widget_class, AdjSideView, list_view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
adj_side_view_init (AdjSideView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->bound = g_hash_table_new (NULL, NULL);
}

GtkWidget *
adj_side_view_new (AdjBattle  *battle,
                   const char *side_id)
{
  AdjSideView *self;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (side_id != NULL, NULL);

  self = g_object_new (ADJ_TYPE_SIDE_VIEW, NULL);
  self->battle = g_object_ref (battle);
  self->side = g_strdup (side_id);

  self->filter = GTK_FILTER (gtk_custom_filter_new (unit_shown, self, NULL));
  self->model = gtk_filter_list_model_new (g_object_ref (adj_battle_get_units (battle)),
                                           self->filter);
  self->factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (self->factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (self->factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (self->factory, "unbind", G_CALLBACK (unbind_row), self);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);

  g_signal_connect_object (battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  update_meta (self);
  return GTK_WIDGET (self);
}

const char *
adj_side_view_get_side (AdjSideView *self)
{
  g_return_val_if_fail (ADJ_IS_SIDE_VIEW (self), NULL);
  return self->side;
}

GListModel *
adj_side_view_get_model (AdjSideView *self)
{
  g_return_val_if_fail (ADJ_IS_SIDE_VIEW (self), NULL);
  return G_LIST_MODEL (self->model);
}

void
adj_side_view_set_search (AdjSideView *self,
                          const char  *text)
{
  g_return_if_fail (ADJ_IS_SIDE_VIEW (self));

  g_clear_pointer (&self->search, g_free);
  if (text != NULL && text[0] != '\0')
    self->search = g_utf8_casefold (text, -1);
  gtk_filter_changed (self->filter, GTK_FILTER_CHANGE_DIFFERENT);
}

AdjUnit *
adj_side_view_get_selected (AdjSideView *self)
{
  g_return_val_if_fail (ADJ_IS_SIDE_VIEW (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

static gboolean
scroll_on_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  AdjSideView *self = ADJ_SIDE_VIEW (user_data);

  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));

  /* Not laid out yet: try again on the next frames, for a while. */
  if (adj != NULL && gtk_adjustment_get_page_size (adj) <= 0 && self->scroll_to < n &&
      ++self->scroll_tries < 30)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  if (adj == NULL || self->scroll_to >= n)
    return G_SOURCE_REMOVE;
  /* Rows are all about the same height: centre the row from the average.  (The list's own
   * scroll-to-item action leaves a list it has not yet laid out blank in this GTK.) */
  {
    double row = gtk_adjustment_get_upper (adj) / n;
    double page = gtk_adjustment_get_page_size (adj);
    double top = row * self->scroll_to, value = gtk_adjustment_get_value (adj);

    if (top < value || top + row > value + page)
      gtk_adjustment_set_value (adj, CLAMP (top + row / 2 - page / 2, 0,
                                            gtk_adjustment_get_upper (adj) - page));
  }
  return G_SOURCE_REMOVE;
}

/* Bring a row into view.  A list that has just been put on screen has no size yet, and
 * scrolling it then leaves it blank: the scroll waits for the next frame. */
static void
scroll_to_row (AdjSideView *self,
               guint        position)
{
  self->scroll_to = position;
  self->scroll_tries = 0;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), scroll_on_tick,
                                                      self, NULL);
}

gboolean
adj_side_view_select (AdjSideView *self,
                      AdjUnit     *unit)
{
  GListModel *model;

  g_return_val_if_fail (ADJ_IS_SIDE_VIEW (self), FALSE);

  if (unit == NULL)
    {
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      return TRUE;
    }
  model = G_LIST_MODEL (self->model);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdjUnit) item = g_list_model_get_item (model, i);
      if (item == unit)
        {
          /* Chosen again, it is chosen again, as a click on its row would. */
          if (gtk_single_selection_get_selected (self->selection) == i)
            g_signal_emit (self, signals[UNIT_SELECTED], 0, unit);
          gtk_single_selection_set_selected (self->selection, i);
          /* A unit chosen from elsewhere (the journal, a search) comes into view. */
          scroll_to_row (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

void
adj_side_view_set_judge (AdjSideView  *self,
                         AdjUnitJudge  judge,
                         gpointer      user_data)
{
  g_return_if_fail (ADJ_IS_SIDE_VIEW (self));

  self->judge = judge;
  self->judge_data = user_data;
  adj_side_view_judge_changed (self);
}

void
adj_side_view_judge_changed (AdjSideView *self)
{
  GHashTableIter iter;
  gpointer row;

  g_return_if_fail (ADJ_IS_SIDE_VIEW (self));

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    judge_row (self, ADJ_UNIT_ROW (row));
}
