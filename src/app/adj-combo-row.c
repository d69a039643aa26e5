/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-combo-row.c: a combo row that says when its popup is about to open.
 *
 * Just before the popup first opens, the row emits "opening", so that a row that lists only its
 * choice until then (a drop-down of every unit in a big battle) can be given all its choices.
 */

#include "config.h"

#include "adj-combo-row.h"

struct _AdjComboRow {
  AdwComboRow parent_instance;
  gboolean    opened;
};

G_DEFINE_FINAL_TYPE (AdjComboRow, adj_combo_row, ADW_TYPE_COMBO_ROW)

enum {
  SIGNAL_OPENING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
adj_combo_row_activate (AdwActionRow *row)
{
  AdjComboRow *self = ADJ_COMBO_ROW (row);

  if (!self->opened)
    {
      self->opened = TRUE;
      g_signal_emit (self, signals[SIGNAL_OPENING], 0);
    }
  ADW_ACTION_ROW_CLASS (adj_combo_row_parent_class)->activate (row);
}

static void
adj_combo_row_class_init (AdjComboRowClass *klass)
{
  ADW_ACTION_ROW_CLASS (klass)->activate = adj_combo_row_activate;

  /**
   * AdjComboRow::opening:
   *
   * The popup is about to open for the first time; a handler may give the row a fuller model.
   */
  signals[SIGNAL_OPENING] = g_signal_new ("opening", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
adj_combo_row_init (AdjComboRow *self)
{
}

GtkWidget *
adj_combo_row_new (void)
{
  return g_object_new (ADJ_TYPE_COMBO_ROW, NULL);
}
