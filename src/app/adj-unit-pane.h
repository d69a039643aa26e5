/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-pane.h: one unit's state, every field editable in one click. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_UNIT_PANE (adj_unit_pane_get_type ())

G_DECLARE_FINAL_TYPE (AdjUnitPane, adj_unit_pane, ADJ, UNIT_PANE, GtkWidget)

GtkWidget *adj_unit_pane_new      (void);
void       adj_unit_pane_set_unit (AdjUnitPane *self,
                                   AdjBattle   *battle,
                                   AdjUnit     *unit);
AdjUnit   *adj_unit_pane_get_unit (AdjUnitPane *self);
/* The row editing a field ("destroyed", "figures", "weapon", "status.dismounted", ...). */
GtkWidget *adj_unit_pane_get_row  (AdjUnitPane *self,
                                   const char  *field);
/* The row of figure @index of a unit that keeps a record per figure, or NULL. */
GtkWidget *adj_unit_pane_get_member_row (AdjUnitPane *self,
                                         guint        index);

G_END_DECLS
