/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-display.h: a second window for the players, on a TV or a projector. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-result-view.h"

G_BEGIN_DECLS

#define ADJ_TYPE_TABLE_DISPLAY (adj_table_display_get_type ())

G_DECLARE_FINAL_TYPE (AdjTableDisplay, adj_table_display, ADJ, TABLE_DISPLAY, AdwWindow)

AdjTableDisplay *adj_table_display_new             (GtkApplication  *application);
/* Follow @battle (NULL: none) from now on: every change, undo included, shows at once. */
void             adj_table_display_set_battle      (AdjTableDisplay *self,
                                                    AdjBattle       *battle);
AdjBattle       *adj_table_display_get_battle      (AdjTableDisplay *self);
/* Fill @monitor (NULL: the one chosen in the window) with the display. */
void             adj_table_display_show_on         (AdjTableDisplay *self,
                                                    GdkMonitor      *monitor);
/* Choose @monitor in the window's list, without going full screen. */
void             adj_table_display_select_monitor  (AdjTableDisplay *self,
                                                    GdkMonitor      *monitor);
AdjResultView   *adj_table_display_get_result_view (AdjTableDisplay *self);
/* Every text the display shows, a line each, for tests and for reading aloud. */
char            *adj_table_display_describe        (AdjTableDisplay *self);

G_END_DECLS
