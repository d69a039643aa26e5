/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-journal-view.c: the game log.
 *
 * A recycling list over the battle's journal model; entries that were undone stay in view,
 * dimmed, until a new entry replaces them, so a referee can see what Redo would bring back.  The
 * list is a GtkGridView of one column, which keeps about 30 rows where this GTK's list view keeps
 * one for each of up to 200 entries, and makes them only once the journal is first shown
 * (the unit list's grid view is the one that weighs on the start-up: see adj-side-view.c).
 */

#define G_LOG_DOMAIN "adj-journal-view"

#include "config.h"

#include "adj-i18n.h"
#include "adj-journal-view.h"

struct _AdjJournalView {
  GtkWidget          parent_instance;

  GtkStack          *stack;
  GtkScrolledWindow *scroller;
  GtkGridView       *list_view;   /* one column: a list */

  AdjBattle         *battle;
};

G_DEFINE_FINAL_TYPE (AdjJournalView, adj_journal_view, GTK_TYPE_WIDGET)

typedef struct {
  GtkLabel *stamp;
  GtkLabel *summary;
  GtkLabel *detail;
  GtkLabel *undone;
} RowParts;

static void
update_row (GtkWidget      *row,
            AdjJournalItem *item)
{
  RowParts *parts = g_object_get_data (G_OBJECT (row), "parts");

  if (adj_journal_item_get_undone (item))
    gtk_widget_add_css_class (row, "undone");
  else
    gtk_widget_remove_css_class (row, "undone");
  gtk_widget_set_visible (GTK_WIDGET (parts->undone), adj_journal_item_get_undone (item));
}

static void
on_item_undone (AdjJournalItem *item,
                GParamSpec     *pspec,
                GtkWidget      *row)
{
  update_row (row, item);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  RowParts *parts = g_new0 (RowParts, 1);

  gtk_widget_add_css_class (row, "journal-row");
  parts->stamp = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (parts->stamp), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (parts->stamp), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (parts->stamp), "numeric");
  gtk_widget_set_valign (GTK_WIDGET (parts->stamp), GTK_ALIGN_BASELINE);
  parts->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (parts->summary, 0);
  gtk_label_set_wrap (parts->summary, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (parts->summary), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (parts->summary), "journal-summary");
  parts->undone = GTK_LABEL (gtk_label_new (_("Undone")));
  gtk_widget_add_css_class (GTK_WIDGET (parts->undone), "badge");
  gtk_widget_set_valign (GTK_WIDGET (parts->undone), GTK_ALIGN_CENTER);
  parts->detail = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (parts->detail, 0);
  gtk_label_set_wrap (parts->detail, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (parts->detail), "dim-label");

  gtk_box_append (GTK_BOX (top), GTK_WIDGET (parts->stamp));
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (parts->summary));
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (parts->undone));
  gtk_box_append (GTK_BOX (row), top);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (parts->detail));
  g_object_set_data_full (G_OBJECT (row), "parts", parts, g_free);
  gtk_list_item_set_child (list_item, row);
  gtk_list_item_set_activatable (list_item, FALSE);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          AdjJournalView           *self)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);
  AdjJournalItem *item = gtk_list_item_get_item (list_item);
  RowParts *parts = g_object_get_data (G_OBJECT (row), "parts");
  const char *phase = adj_battle_entry_phase (self->battle, adj_journal_item_get_phase (item),
                                              adj_journal_item_get_phase_label (item));
  json_object *outcome = adj_journal_item_get_outcome (item);
  json_object *reason = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *rolls = adj_journal_describe_rolls (outcome);
  g_autoptr(GString) detail = g_string_new (NULL);

  /* TRANSLATORS: when a journal entry was made: turn and phase, e.g. "T3 · Initiative" */
  stamp = g_strdup_printf (_("T%d · %s"), adj_journal_item_get_turn (item),
                           phase != NULL ? phase : "");
  gtk_label_set_text (parts->stamp, stamp);
  gtk_label_set_text (parts->summary, adj_journal_item_get_summary (item));
  if (outcome != NULL && json_object_object_get_ex (outcome, "reason", &reason))
    g_string_append (detail, json_object_get_string (reason));
  if (rolls[0] != '\0')
    g_string_append_printf (detail, "%s%s", detail->len > 0 ? " · " : "", rolls);
  gtk_label_set_text (parts->detail, detail->str);
  gtk_widget_set_visible (GTK_WIDGET (parts->detail), detail->len > 0);
  update_row (row, item);
  g_signal_connect (item, "notify::undone", G_CALLBACK (on_item_undone), row);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);
  AdjJournalItem *item = gtk_list_item_get_item (list_item);

  g_signal_handlers_disconnect_by_func (item, on_item_undone, row);
}

static gboolean
scroll_to_end (gpointer user_data)
{
  AdjJournalView *self = user_data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scroller);

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
on_items_changed (GListModel     *model,
                  guint           position,
                  guint           removed,
                  guint           added,
                  AdjJournalView *self)
{
  gtk_stack_set_visible_child_name (self->stack,
                                    g_list_model_get_n_items (model) > 0 ? "entries" : "empty");
  /* The newest entry is what the referee wants to read: keep it in view. */
  if (added > 0)
    g_idle_add (scroll_to_end, g_object_ref (self));
}

/* Give the list its rows: done when the journal is first shown, not when the battle opens. */
static void
attach_list (AdjJournalView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), NULL);
  selection = gtk_no_selection_new (g_object_ref (adj_battle_get_journal_model (self->battle)));
  gtk_grid_view_set_factory (self->list_view, factory);
  gtk_grid_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (factory);
  g_object_unref (selection);
  /* A battle opened in the middle of a game shows its latest entries first. */
  if (g_list_model_get_n_items (adj_battle_get_journal_model (self->battle)) > 0)
    g_idle_add (scroll_to_end, g_object_ref (self));
}

static void
adj_journal_view_map (GtkWidget *widget)
{
  AdjJournalView *self = ADJ_JOURNAL_VIEW (widget);

  if (self->battle != NULL && gtk_grid_view_get_model (self->list_view) == NULL)
    attach_list (self);
  GTK_WIDGET_CLASS (adj_journal_view_parent_class)->map (widget);
}

static void
adj_journal_view_dispose (GObject *object)
{
  AdjJournalView *self = ADJ_JOURNAL_VIEW (object);

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (adj_battle_get_journal_model (self->battle), self);
  if (self->list_view != NULL)
    gtk_grid_view_set_model (self->list_view, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_JOURNAL_VIEW);
  /* The template's top widget is not bound to a field, so it is unparented here. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->battle);
  G_OBJECT_CLASS (adj_journal_view_parent_class)->dispose (object);
}

static void
adj_journal_view_class_init (AdjJournalViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_journal_view_dispose;
  widget_class->map = adj_journal_view_map;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-journal-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjJournalView, stack);
  gtk_widget_class_bind_template_child (widget_class, AdjJournalView, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjJournalView, list_view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
adj_journal_view_init (AdjJournalView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
adj_journal_view_new (void)
{
  return g_object_new (ADJ_TYPE_JOURNAL_VIEW, NULL);
}

void
adj_journal_view_set_battle (AdjJournalView *self,
                             AdjBattle      *battle)
{
  GListModel *model;

  g_return_if_fail (ADJ_IS_JOURNAL_VIEW (self));
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (adj_battle_get_journal_model (self->battle), self);
  g_set_object (&self->battle, battle);
  model = adj_battle_get_journal_model (battle);
  gtk_grid_view_set_model (self->list_view, NULL);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    attach_list (self);

  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), self);
  gtk_stack_set_visible_child_name (self->stack,
                                    g_list_model_get_n_items (model) > 0 ? "entries" : "empty");
}
