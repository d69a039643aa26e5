/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-new-battle-dialog.h: start a battle — the rules, then empty sides, example armies or
 * saved army lists, and the names of the sides. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_NEW_BATTLE_DIALOG (adj_new_battle_dialog_get_type ())

G_DECLARE_FINAL_TYPE (AdjNewBattleDialog, adj_new_battle_dialog, ADJ, NEW_BATTLE_DIALOG, AdwWindow)

typedef enum {
  ADJ_START_EMPTY,
  ADJ_START_EXAMPLES,
  ADJ_START_ARMY_LISTS,
} AdjStart;

/* @last_ruleset: the system offered first (may be NULL). */
GtkWidget *adj_new_battle_dialog_new       (GtkWindow          *parent,
                                            const char         *last_ruleset);
/* Pick the system and the way to start, as a user would in the drop-downs. */
gboolean   adj_new_battle_dialog_set_ruleset (AdjNewBattleDialog *self,
                                              const char         *ruleset_id);
void       adj_new_battle_dialog_set_start (AdjNewBattleDialog *self,
                                            AdjStart            start);
/* Take the army list in @file for a side (0 or 1) when starting from saved army lists. */
void       adj_new_battle_dialog_set_army_file (AdjNewBattleDialog *self,
                                                guint               side,
                                                GFile              *file);
/* Build the battle as the dialog stands (emits nothing). */
AdjBattle *adj_new_battle_dialog_build     (AdjNewBattleDialog *self,
                                            GError            **error);

G_END_DECLS
