/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli-rn.c: adjutant-cli's Redcoats & Natives command — "done BATTLE UNIT": the unit whose
 * card is up has finished, and the next card is up.
 *
 * Units act in the order of their cards, and the rules refuse a unit whose card is not up yet;
 * a unit that neither moves nor fights says so here, as the app's Turn page does with Done. */

#define G_LOG_DOMAIN "adjutant-cli"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-battle.h"
#include "adj-cli.h"
#include "adj-file.h"
#include "adj-journal.h"
#include "adj-rn.h"
#include "adj-store.h"
#include "adj-turn-state.h"

int
adj_cli_done (const AdjCliOptions *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  g_autoptr(GPtrArray) facts = NULL;
  const char *path;
  AdjJournal *journal;
  int status;

  if (opts->args->len != 2)
    return adj_cli_usage_error (_("“done” takes a battle file and a unit id"));
  if (!adj_cli_refuse_saving_options (opts, "done", FALSE, &status))
    return status;
  path = g_ptr_array_index (opts->args, 0);
  if ((lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL ||
      (battle = adj_store_load_battle (path, &error)) == NULL ||
      !adj_rn_mark_done (battle, g_ptr_array_index (opts->args, 1), &error) ||
      !adj_store_save_battle (battle, path, &error))
    return adj_cli_fail (error);

  journal = adj_battle_get_journal (battle);
  facts = adj_battle_get_turn_state (battle);
  json_object_object_add (out, "battle", json_object_new_string (adj_battle_get_name (battle)));
  json_object_object_add (out, "journal", json_object_new_string (
    adj_journal_get_entry (journal, journal->position - 1)->summary));
  json_object_object_add (out, "facts", adj_turn_facts_to_json (facts));
  adj_cli_print_json (opts, out);
  return 0;
}
