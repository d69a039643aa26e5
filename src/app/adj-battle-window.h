/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-window.h: the window a referee keeps open beside the table. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_BATTLE_WINDOW (adj_battle_window_get_type ())

G_DECLARE_FINAL_TYPE (AdjBattleWindow, adj_battle_window, ADJ, BATTLE_WINDOW, AdwApplicationWindow)

AdjBattleWindow *adj_battle_window_new        (AdwApplication  *application);
void             adj_battle_window_set_battle (AdjBattleWindow *self,
                                               AdjBattle       *battle,
                                               GFile           *file);
AdjBattle       *adj_battle_window_get_battle (AdjBattleWindow *self);
GFile           *adj_battle_window_get_file   (AdjBattleWindow *self);

G_END_DECLS
