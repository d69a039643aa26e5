/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-board.h: table mode's full screen: the turn's facts and the last result, large. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"
#include "adj-mechanic-panel.h"

G_BEGIN_DECLS

#define ADJ_TYPE_TABLE_BOARD (adj_table_board_get_type ())

G_DECLARE_FINAL_TYPE (AdjTableBoard, adj_table_board, ADJ, TABLE_BOARD, GtkWidget)

GtkWidget     *adj_table_board_new             (void);
void           adj_table_board_set_battle      (AdjTableBoard    *self,
                                                AdjBattle        *battle);
/* Show every result @panel rolls from now on, and its result of the moment. */
void           adj_table_board_follow          (AdjTableBoard    *self,
                                                AdjMechanicPanel *panel);
AdjResultView *adj_table_board_get_result_view (AdjTableBoard    *self);

G_END_DECLS
