/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-army.c: libFuzzer target for army lists (adj_army_from_file_json()).
 *
 * A list that loads is written out and read back (unchanged), checked against its system's
 * points and limits as the army builder does, and turned into a side of a new battle, which
 * must itself be a battle file that loads.
 */

#include "fuzz-common.h"

#include "adj-army.h"
#include "adj-battle.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(json_object) json = fuzz_parse (data, size);
  g_autoptr(json_object) written = NULL;
  g_autoptr(json_object) written_again = NULL;
  g_autoptr(AdjArmy) army = NULL;
  g_autoptr(AdjArmy) again = NULL;
  g_autoptr(AdjArmyReport) report = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(GError) error = NULL;

  if (json == NULL)
    return 0;
  army = adj_army_from_file_json (json, FUZZ_FILE, &error);
  if (army == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }

  written = adj_army_to_json (army);
  fuzz_check_text_round_trip (written, NULL);
  again = adj_army_from_file_json (written, "written", &error);
  if (again == NULL)
    fuzz_fail ("an army list written out does not load again: %s", error->message);
  written_again = adj_army_to_json (again);
  if (!adj_json_equal (written, written_again))
    fuzz_fail ("an army list written out loads as a different list");

  report = adj_army_check (army, NULL);
  if (report != NULL)
    {
      json_object_put (adj_army_report_to_json (report));
      (void) adj_army_report_ok (report);
    }

  battle = adj_battle_new (army->ruleset, "Fuzz");
  if (adj_battle_add_army (battle, "a", army, NULL))
    {
      g_autoptr(json_object) battle_json = adj_battle_to_json (battle);
      g_autoptr(AdjBattle) loaded = adj_battle_from_json (battle_json, "written", &error);

      if (loaded == NULL)
        fuzz_fail ("a battle made from an army list does not load: %s", error->message);
    }
  return 0;
}
