/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-ruleset.c: libFuzzer target for rulesets (adj_ruleset_load_json()).
 *
 * A ruleset that loads is one the mechanics must be able to work with: its example armies are
 * read, a battle is set up from them, and every mechanic of its system is described, has its
 * exact odds computed and is resolved with its default inputs.
 */

#include "fuzz-common.h"

#include "adj-army.h"
#include "adj-battle.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(json_object) json = fuzz_parse (data, size);
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(GError) error = NULL;

  if (json == NULL)
    return 0;
  rs = adj_ruleset_load_json (json, FUZZ_FILE, &error);
  if (rs == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }

  templates = adj_army_templates (rs, NULL);
  battle = adj_battle_new (rs, "Fuzz");
  for (guint i = 0; templates != NULL && i < templates->len && i < 2; i++)
    {
      AdjArmy *army = g_ptr_array_index (templates, i);

      adj_army_report_free (adj_army_check (army, NULL));
      adj_battle_add_army (battle, i == 0 ? "a" : "b", army, NULL);
    }
  {
    g_autoptr(json_object) battle_json = adj_battle_to_json (battle);
    fuzz_check_text_round_trip (battle_json, NULL);
  }
  fuzz_run_mechanics (rs, FALSE, TRUE);
  return 0;
}
