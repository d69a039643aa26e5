/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-turn-strip.c: the facts of the turn as it stands, in a strip under the header.
 *
 * The core works the facts out (adj_battle_get_turn_state()); the strip only lays them out, a
 * small caption over a value in bold, side by side in one row, and builds them again whenever
 * the battle changes.  On a narrow window a fact's words wrap inside its own column, so the
 * strip grows a line or two rather than stacking the facts in rows of two.
 */

#define G_LOG_DOMAIN "adj-turn-strip"

#include "config.h"

#include "adj-i18n.h"
#include "adj-turn-state.h"
#include "adj-turn-strip.h"

struct _AdjTurnStrip {
  GtkWidget  parent_instance;
  GtkWidget *row;
  AdjBattle *battle;
  GPtrArray *facts;   /* of AdjTurnFact, as shown */
};

G_DEFINE_FINAL_TYPE (AdjTurnStrip, adj_turn_strip, GTK_TYPE_WIDGET)

static GtkWidget *
fact_widget (const AdjTurnFact *fact)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (fact->label);
  GtkWidget *value = gtk_label_new (fact->value);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_xalign (GTK_LABEL (value), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (value), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_wrap_mode (GTK_LABEL (value), PANGO_WRAP_WORD);
  /* At least about seven letters wide, so that a short value ("Not rolled yet") is not broken at
   * every word while a long one takes the room. */
  gtk_label_set_width_chars (GTK_LABEL (label), 7);
  gtk_label_set_width_chars (GTK_LABEL (value), 7);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_label_set_max_width_chars (GTK_LABEL (value), 24);
  /* A long value (the whole order of activation) keeps to three lines and ends in "…"; the
   * pointer shows it whole, and the system's own page lists it in full. */
  gtk_label_set_lines (GTK_LABEL (value), 3);
  gtk_label_set_ellipsize (GTK_LABEL (value), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (value, fact->value);
  gtk_widget_set_valign (box, GTK_ALIGN_START);
  gtk_widget_set_hexpand (box, TRUE);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (value, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), value);
  gtk_widget_set_name (box, fact->id);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  return box;
}

static void
refresh (AdjTurnStrip *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->row)) != NULL)
    gtk_box_remove (GTK_BOX (self->row), child);
  g_clear_pointer (&self->facts, g_ptr_array_unref);
  if (self->battle != NULL)
    self->facts = adj_battle_get_turn_state (self->battle);
  for (guint i = 0; self->facts != NULL && i < self->facts->len; i++)
    gtk_box_append (GTK_BOX (self->row), fact_widget (g_ptr_array_index (self->facts, i)));
  gtk_widget_set_visible (GTK_WIDGET (self), self->facts != NULL && self->facts->len > 0);
}

void
adj_turn_strip_set_battle (AdjTurnStrip *self,
                           AdjBattle    *battle)
{
  g_return_if_fail (ADJ_IS_TURN_STRIP (self));
  g_return_if_fail (battle == NULL || ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  g_set_object (&self->battle, battle);
  if (battle != NULL)
    g_signal_connect_object (battle, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
}

char *
adj_turn_strip_describe (AdjTurnStrip *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADJ_IS_TURN_STRIP (self), NULL);

  for (guint i = 0; self->facts != NULL && i < self->facts->len; i++)
    {
      AdjTurnFact *fact = g_ptr_array_index (self->facts, i);
      g_string_append_printf (text, "%s: %s\n", fact->label, fact->value);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GtkWidget *
adj_turn_strip_new (void)
{
  return g_object_new (ADJ_TYPE_TURN_STRIP, NULL);
}

static void
adj_turn_strip_dispose (GObject *object)
{
  AdjTurnStrip *self = ADJ_TURN_STRIP (object);

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  g_clear_object (&self->battle);
  g_clear_pointer (&self->facts, g_ptr_array_unref);
  g_clear_pointer (&self->row, gtk_widget_unparent);
  G_OBJECT_CLASS (adj_turn_strip_parent_class)->dispose (object);
}

static void
adj_turn_strip_class_init (AdjTurnStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_turn_strip_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "turnstrip");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
adj_turn_strip_init (AdjTurnStrip *self)
{
  self->row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_widget_set_margin_start (self->row, 12);
  gtk_widget_set_margin_end (self->row, 12);
  gtk_widget_set_margin_top (self->row, 6);
  gtk_widget_set_margin_bottom (self->row, 6);
  gtk_widget_set_parent (self->row, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The turn as it stands"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
