/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-row.h: a unit at a glance — name, type, value and status badges. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_UNIT_ROW (adj_unit_row_get_type ())

G_DECLARE_FINAL_TYPE (AdjUnitRow, adj_unit_row, ADJ, UNIT_ROW, GtkWidget)

GtkWidget *adj_unit_row_new      (void);
/* Show @unit (or nothing when NULL); the row follows the unit's changes by itself. */
void       adj_unit_row_set_unit (AdjUnitRow *self,
                                  AdjBattle  *battle,
                                  AdjUnit    *unit);
AdjUnit   *adj_unit_row_get_unit (AdjUnitRow *self);
/* Say why the rules refuse the unit in the slot being filled (NULL: they do not). */
void       adj_unit_row_set_refusal (AdjUnitRow *self,
                                     const char *reason);
/* How many times the row has redrawn its contents: one unit's change touches one row. */
guint      adj_unit_row_get_updates (AdjUnitRow *self);

G_END_DECLS
