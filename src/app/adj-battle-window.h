/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-window.h: the window a referee keeps open beside the table. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-mechanic-panel.h"
#include "adj-table-display.h"
#include "adj-unit-pane.h"

G_BEGIN_DECLS

#define ADJ_TYPE_BATTLE_WINDOW (adj_battle_window_get_type ())

G_DECLARE_FINAL_TYPE (AdjBattleWindow, adj_battle_window, ADJ, BATTLE_WINDOW, AdwApplicationWindow)

AdjBattleWindow  *adj_battle_window_new        (AdwApplication  *application);
/* Show @battle; @file is where it is saved, or NULL for a battle never saved. */
void              adj_battle_window_set_battle (AdjBattleWindow *self,
                                                AdjBattle       *battle,
                                                GFile           *file);
AdjBattle        *adj_battle_window_get_battle (AdjBattleWindow *self);
GFile            *adj_battle_window_get_file   (AdjBattleWindow *self);
gboolean          adj_battle_window_save_to    (AdjBattleWindow *self,
                                                GFile           *file,
                                                GError         **error);
/* Select a unit in its side's list, as a click would. */
gboolean          adj_battle_window_select_unit (AdjBattleWindow *self,
                                                 const char      *unit_id);
AdjUnit          *adj_battle_window_get_selected_unit (AdjBattleWindow *self);
void              adj_battle_window_show_page  (AdjBattleWindow *self,
                                                const char      *page);
AdjMechanicPanel *adj_battle_window_get_mechanic_panel (AdjBattleWindow *self);
AdjUnitPane      *adj_battle_window_get_unit_pane (AdjBattleWindow *self);
/* The players' window (action "win.table-display") while it is open, or NULL. */
AdjTableDisplay  *adj_battle_window_get_table_display (AdjBattleWindow *self);
/* The page of the system's own view (the Redcoats & Natives turn, ...), or NULL. */
GtkWidget        *adj_battle_window_get_special_view (AdjBattleWindow *self);
/* Rebuild the list of recent battles on the start page. */
void              adj_battle_window_refresh_recent (AdjBattleWindow *self);
/* Show a short message at the bottom of the window. */
void              adj_battle_window_toast      (AdjBattleWindow *self,
                                                const char      *message,
                                                gboolean         undo);
/* The same for the journal entries from position @from to @to, made by one step: its Undo takes
 * them all back, while the journal still stands at @to (action "win.undo-results"). */
void              adj_battle_window_toast_results (AdjBattleWindow *self,
                                                   const char      *message,
                                                   guint            from,
                                                   guint            to);

G_END_DECLS
