/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-board.c: what the whole table reads in table mode.
 *
 * The turn's facts along the top and the last result rolled below, as large as the screen
 * allows (the result view sizes its type by its width).  The referee goes on from the
 * keyboard: rolling and applying act on the action panel.  A result rolled and not yet applied
 * shows here as soon as it is rolled; otherwise the board shows the last result in effect, as
 * the journal has it, so that an undo takes it off the board.
 */

#define G_LOG_DOMAIN "adj-table-board"

#include "config.h"

#include "adj-i18n.h"
#include "adj-table-view.h"
#include "adj-table-board.h"
#include "adj-turn-strip.h"

struct _AdjTableBoard {
  GtkWidget      parent_instance;
  GtkWidget     *box;
  AdjTurnStrip  *strip;
  AdjResultView *result;
  GtkWidget     *empty;

  AdjBattle        *battle;
  AdjMechanicPanel *panel;   /* weak */
};

G_DEFINE_FINAL_TYPE (AdjTableBoard, adj_table_board, GTK_TYPE_WIDGET)

static void
show_outcome (AdjTableBoard    *self,
              const AdjOutcome *outcome)
{
  adj_result_view_set_outcome (self->result, outcome);
  gtk_widget_set_visible (GTK_WIDGET (self->result), outcome != NULL);
  gtk_widget_set_visible (self->empty, outcome == NULL);
}

static void
refresh (AdjTableBoard *self)
{
  g_autoptr(AdjOutcome) applied = NULL;
  AdjOutcome *waiting = self->panel != NULL ? adj_mechanic_panel_get_outcome (self->panel) : NULL;

  if (waiting == NULL && self->battle != NULL)
    applied = adj_table_last_outcome (self->battle);
  show_outcome (self, waiting != NULL ? waiting : applied);
}

static void
adj_table_board_dispose (GObject *object)
{
  AdjTableBoard *self = ADJ_TABLE_BOARD (object);

  g_clear_weak_pointer (&self->panel);
  g_clear_object (&self->battle);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (adj_table_board_parent_class)->dispose (object);
}

static void
adj_table_board_class_init (AdjTableBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_table_board_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tableboard");
}

static void
adj_table_board_init (AdjTableBoard *self)
{
  GtkWidget *hint;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->strip = ADJ_TURN_STRIP (adj_turn_strip_new ());
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->strip));

  self->result = ADJ_RESULT_VIEW (adj_result_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->result), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->result), GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (GTK_WIDGET (self->result), 48);
  gtk_widget_set_margin_end (GTK_WIDGET (self->result), 48);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->result));

  self->empty = gtk_label_new (_("No result yet: roll, and it shows here"));
  gtk_widget_set_vexpand (self->empty, TRUE);
  gtk_widget_add_css_class (self->empty, "title-1");
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->empty);

  hint = gtk_label_new (_("F11 leaves table mode · Ctrl+R rolls · Ctrl+Return applies"));
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_set_margin_bottom (hint, 12);
  gtk_box_append (GTK_BOX (self->box), hint);

  show_outcome (self, NULL);
}

GtkWidget *
adj_table_board_new (void)
{
  return g_object_new (ADJ_TYPE_TABLE_BOARD, NULL);
}

void
adj_table_board_set_battle (AdjTableBoard *self,
                            AdjBattle     *battle)
{
  g_return_if_fail (ADJ_IS_TABLE_BOARD (self));
  adj_turn_strip_set_battle (self->strip, battle);
  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_func (self->battle, refresh, self);
  g_set_object (&self->battle, battle);
  if (battle != NULL)
    g_signal_connect_object (battle, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
}

void
adj_table_board_follow (AdjTableBoard    *self,
                        AdjMechanicPanel *panel)
{
  g_return_if_fail (ADJ_IS_TABLE_BOARD (self));
  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (panel));

  if (self->panel != NULL)
    g_signal_handlers_disconnect_by_func (self->panel, refresh, self);
  g_set_weak_pointer (&self->panel, panel);
  g_signal_connect_object (panel, "result-shown", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
}

AdjResultView *
adj_table_board_get_result_view (AdjTableBoard *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_BOARD (self), NULL);
  return self->result;
}
