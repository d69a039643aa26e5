/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-picker.c: a unit slot of an action's form, with a search over every unit.
 *
 * The slot shows its input's label and the unit chosen, its name in full.  A click on the slot
 * makes it the one a click in the unit lists fills ("activate-slot"); the search button opens a
 * popover listing every unit by side, filtered as one types, each name in full and the units the
 * rules refuse here marked with the reason ("unit-chosen" when one is picked).  The popover's
 * rows are made when it opens and dropped when it closes: a big battle's hundreds of units cost
 * nothing while nobody searches.
 */

#define G_LOG_DOMAIN "adj-unit-picker"

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-side-view.h"
#include "adj-unit-picker.h"

struct _AdjUnitPicker {
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkWidget      *slot_button;
  GtkLabel       *value_label;
  GtkLabel       *side_label;
  GtkWidget      *search_button;
  GtkPopover     *popover;
  GtkSearchEntry *entry;
  GtkListBox     *list;

  const AdjField *field;
  AdjBattle      *battle;
  char           *unit_id;
  char           *search;      /* case-folded, or NULL */
  AdjUnitJudge    judge;
  gpointer        judge_data;
};

G_DEFINE_FINAL_TYPE (AdjUnitPicker, adj_unit_picker, GTK_TYPE_WIDGET)

enum {
  ACTIVATE_SLOT,
  UNIT_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
side_name (AdjUnitPicker *self,
           AdjUnit       *unit)
{
  AdjSide *side = adj_battle_find_side (self->battle, adj_unit_get_side (unit));

  return side != NULL ? side->name : "";
}

static void
update_value (AdjUnitPicker *self)
{
  AdjUnit *unit = self->unit_id != NULL ? adj_battle_find_unit (self->battle, self->unit_id)
                                        : NULL;

  if (unit != NULL)
    {
      /* Who is under a marker stays the battle's secret, even in a slot. */
      gtk_label_set_text (self->value_label, adj_battle_unit_is_hidden (self->battle, unit)
                                             ? _("A hidden unit") : adj_unit_get_name (unit));
      gtk_label_set_text (self->side_label, side_name (self, unit));
      gtk_widget_remove_css_class (GTK_WIDGET (self->value_label), "dim-label");
    }
  else
    {
      gtk_label_set_text (self->value_label, _("None chosen: click a unit in the list"));
      gtk_label_set_text (self->side_label, "");
      gtk_widget_add_css_class (GTK_WIDGET (self->value_label), "dim-label");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->side_label), unit != NULL);
}

static void
on_slot_clicked (AdjUnitPicker *self)
{
  g_signal_emit (self, signals[ACTIVATE_SLOT], 0);
}

/* ---- the search ---- */

static AdjUnit *
row_unit (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "adj-unit");
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  AdjUnitPicker *self = user_data;
  g_autofree char *name = NULL;

  if (self->search == NULL)
    return TRUE;
  name = g_utf8_casefold (adj_unit_get_name (row_unit (row)), -1);
  return strstr (name, self->search) != NULL;
}

/* A heading over the first unit of each side. */
static void
header_row (GtkListBoxRow *row,
            GtkListBoxRow *before,
            gpointer       user_data)
{
  AdjUnitPicker *self = user_data;
  AdjUnit *unit = row_unit (row);
  GtkWidget *label;

  if (before != NULL &&
      g_strcmp0 (adj_unit_get_side (row_unit (before)), adj_unit_get_side (unit)) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  label = gtk_label_new (side_name (self, unit));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_box_row_set_header (row, label);
}

static GtkWidget *
make_row (AdjUnitPicker *self,
          AdjUnit       *unit)
{
  const char *refused = self->judge != NULL ? self->judge (unit, self->judge_data) : NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (adj_unit_get_name (unit));

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (box), name);
  if (refused != NULL)
    {
      GtkWidget *reason = gtk_label_new (refused);

      gtk_label_set_xalign (GTK_LABEL (reason), 0);
      gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
      gtk_widget_add_css_class (reason, "caption");
      gtk_widget_add_css_class (reason, "warning");
      gtk_box_append (GTK_BOX (box), reason);
      gtk_widget_add_css_class (name, "dim-label");
    }
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "adj-unit", g_object_ref (unit), g_object_unref);
  return row;
}

static void
fill_list (AdjUnitPicker *self)
{
  GPtrArray *sides = adj_battle_get_sides (self->battle);

  /* Side by side, in the battle's order of sides. */
  for (guint s = 0; s < sides->len; s++)
    {
      AdjSide *side = g_ptr_array_index (sides, s);

      for (guint i = 0; i < adj_battle_get_n_units (self->battle); i++)
        {
          AdjUnit *unit = adj_battle_peek_unit (self->battle, i);

          if (g_strcmp0 (adj_unit_get_side (unit), side->id) != 0 ||
              adj_unit_get_destroyed (unit) || adj_side_view_unit_hidden (self->battle, unit))
            continue;
          gtk_list_box_append (self->list, make_row (self, unit));
        }
    }
}

static void
clear_list (AdjUnitPicker *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
}

static void
on_popover_visible (GtkPopover    *popover,
                    GParamSpec    *pspec,
                    AdjUnitPicker *self)
{
  clear_list (self);
  if (!gtk_widget_get_visible (GTK_WIDGET (popover)))
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  fill_list (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}

static void
on_search_changed (AdjUnitPicker *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));

  g_clear_pointer (&self->search, g_free);
  if (text[0] != '\0')
    self->search = g_utf8_casefold (text, -1);
  gtk_list_box_invalidate_filter (self->list);
}

static void
choose (AdjUnitPicker *self,
        AdjUnit       *unit)
{
  g_autofree char *id = g_strdup (adj_unit_get_id (unit));

  gtk_popover_popdown (self->popover);
  g_signal_emit (self, signals[UNIT_CHOSEN], 0, id);
}

static void
on_row_activated (GtkListBox    *list,
                  GtkListBoxRow *row,
                  AdjUnitPicker *self)
{
  choose (self, row_unit (row));
}

static void
on_entry_activate (AdjUnitPicker *self)
{
  adj_unit_picker_choose_first (self);
}

static void
on_stop_search (AdjUnitPicker *self)
{
  gtk_popover_popdown (self->popover);
}

static void
build (AdjUnitPicker *self)
{
  GtkWidget *vbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (adj_gettext (self->field->label));
  GtkWidget *popbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  g_autofree char *search_label = NULL;

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_add_css_class (self->box, "card");
  gtk_widget_add_css_class (self->box, "unit-slot");

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "caption-heading");
  gtk_widget_add_css_class (title, "dim-label");
  self->value_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->value_label, 0);
  gtk_label_set_wrap (self->value_label, TRUE);
  gtk_label_set_wrap_mode (self->value_label, PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (GTK_WIDGET (self->value_label), "heading");
  self->side_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->side_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->side_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->side_label), "dim-label");
  gtk_box_append (GTK_BOX (vbox), title);
  gtk_box_append (GTK_BOX (vbox), GTK_WIDGET (self->value_label));
  gtk_box_append (GTK_BOX (vbox), GTK_WIDGET (self->side_label));

  self->slot_button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (self->slot_button), vbox);
  gtk_widget_add_css_class (self->slot_button, "flat");
  gtk_widget_set_hexpand (self->slot_button, TRUE);
  /* TRANSLATORS: the tooltip of a unit slot of the action's form, e.g. "Firer" */
  gtk_widget_set_tooltip_text (self->slot_button,
                               _("Click, then click a unit in the list to put it here"));
  g_signal_connect_swapped (self->slot_button, "clicked", G_CALLBACK (on_slot_clicked), self);
  gtk_box_append (GTK_BOX (self->box), self->slot_button);

  self->entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  /* TRANSLATORS: the search of a unit slot, e.g. "Find the Firer" */
  search_label = g_strdup_printf (_("Find the %s"), adj_gettext (self->field->label));
  g_object_set (self->entry, "placeholder-text", search_label, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  search_label, -1);
  g_signal_connect_swapped (self->entry, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->entry, "stop-search", G_CALLBACK (on_stop_search), self);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_filter_func (self->list, filter_row, self, NULL);
  gtk_list_box_set_header_func (self->list, header_row, self, NULL);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_widget_set_size_request (scroller, 340, -1);
  gtk_box_append (GTK_BOX (popbox), GTK_WIDGET (self->entry));
  gtk_box_append (GTK_BOX (popbox), scroller);

  self->popover = GTK_POPOVER (gtk_popover_new ());
  gtk_popover_set_child (self->popover, popbox);
  g_signal_connect (self->popover, "notify::visible", G_CALLBACK (on_popover_visible), self);
  self->search_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->search_button), "system-search-symbolic");
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->search_button), GTK_WIDGET (self->popover));
  gtk_widget_set_valign (self->search_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->search_button, "flat");
  gtk_widget_set_tooltip_text (self->search_button, _("Search the Units (Ctrl+F)"));
  gtk_box_append (GTK_BOX (self->box), self->search_button);
  update_value (self);
}

static void
adj_unit_picker_dispose (GObject *object)
{
  AdjUnitPicker *self = ADJ_UNIT_PICKER (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->battle);
  G_OBJECT_CLASS (adj_unit_picker_parent_class)->dispose (object);
}

static void
adj_unit_picker_finalize (GObject *object)
{
  AdjUnitPicker *self = ADJ_UNIT_PICKER (object);

  g_free (self->unit_id);
  g_free (self->search);
  G_OBJECT_CLASS (adj_unit_picker_parent_class)->finalize (object);
}

static void
adj_unit_picker_class_init (AdjUnitPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_unit_picker_dispose;
  object_class->finalize = adj_unit_picker_finalize;

  /**
   * AdjUnitPicker::activate-slot:
   *
   * The slot was clicked: it wants to be the one the unit lists fill.
   */
  signals[ACTIVATE_SLOT] = g_signal_new ("activate-slot", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * AdjUnitPicker::unit-chosen:
   * @unit_id: the unit picked in the search
   */
  signals[UNIT_CHOSEN] = g_signal_new ("unit-chosen", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unitpicker");
}

static void
adj_unit_picker_init (AdjUnitPicker *self)
{
}

GtkWidget *
adj_unit_picker_new (const AdjField *field,
                     AdjBattle      *battle)
{
  AdjUnitPicker *self;

  g_return_val_if_fail (field != NULL && field->kind == ADJ_FIELD_UNIT, NULL);
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  self = g_object_new (ADJ_TYPE_UNIT_PICKER, NULL);
  self->field = field;
  self->battle = g_object_ref (battle);
  build (self);
  return GTK_WIDGET (self);
}

const AdjField *
adj_unit_picker_get_field (AdjUnitPicker *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PICKER (self), NULL);
  return self->field;
}

void
adj_unit_picker_set_unit (AdjUnitPicker *self,
                          const char    *unit_id)
{
  g_return_if_fail (ADJ_IS_UNIT_PICKER (self));

  if (unit_id != self->unit_id)
    {
      g_free (self->unit_id);
      self->unit_id = g_strdup (unit_id);
    }
  update_value (self);
}

void
adj_unit_picker_set_active (AdjUnitPicker *self,
                            gboolean       active)
{
  g_return_if_fail (ADJ_IS_UNIT_PICKER (self));

  if (active)
    gtk_widget_add_css_class (self->box, "active-slot");
  else
    gtk_widget_remove_css_class (self->box, "active-slot");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->slot_button), GTK_ACCESSIBLE_STATE_PRESSED,
                               active ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                      : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

gboolean
adj_unit_picker_get_active (AdjUnitPicker *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PICKER (self), FALSE);
  return gtk_widget_has_css_class (self->box, "active-slot");
}

void
adj_unit_picker_set_judge (AdjUnitPicker *self,
                           AdjUnitJudge   judge,
                           gpointer       user_data)
{
  g_return_if_fail (ADJ_IS_UNIT_PICKER (self));

  self->judge = judge;
  self->judge_data = user_data;
}

void
adj_unit_picker_search (AdjUnitPicker *self)
{
  g_return_if_fail (ADJ_IS_UNIT_PICKER (self));
  gtk_menu_button_popup (GTK_MENU_BUTTON (self->search_button));
}

GtkEditable *
adj_unit_picker_get_search_entry (AdjUnitPicker *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PICKER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->popover)) ? GTK_EDITABLE (self->entry) : NULL;
}

gboolean
adj_unit_picker_choose_first (AdjUnitPicker *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PICKER (self), FALSE);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && gtk_widget_get_child_visible (row))
      {
        choose (self, row_unit (GTK_LIST_BOX_ROW (row)));
        return TRUE;
      }
  return FALSE;
}
