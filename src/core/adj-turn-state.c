/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-turn-state.c: the facts of the turn, asked of the battle's system. */

#define G_LOG_DOMAIN "adj-turn-state"

#include "config.h"

#include <json-c/json.h>
#include <stdarg.h>

#include "adj-battle.h"
#include "adj-mechanic.h"
#include "adj-ruleset.h"
#include "adj-turn-state.h"

void
adj_turn_fact_free (AdjTurnFact *fact)
{
  if (fact == NULL)
    return;
  g_free (fact->id);
  g_free (fact->label);
  g_free (fact->value);
  g_free (fact);
}

void
adj_turn_facts_add (GPtrArray  *facts,
                    const char *id,
                    const char *label,
                    const char *value,
                    ...)
{
  AdjTurnFact *fact;
  va_list args;

  g_return_if_fail (facts != NULL && id != NULL && label != NULL && value != NULL);

  fact = g_new0 (AdjTurnFact, 1);
  fact->id = g_strdup (id);
  fact->label = g_strdup (label);
  va_start (args, value);
  fact->value = g_strdup_vprintf (value, args);
  va_end (args);
  g_ptr_array_add (facts, fact);
}

GPtrArray *
adj_battle_get_turn_state (AdjBattle *battle)
{
  GPtrArray *facts = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_turn_fact_free);
  const AdjSystem *system;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), facts);

  system = adj_ruleset_get_system (adj_battle_get_ruleset (battle));
  if (system != NULL && system->turn_state != NULL)
    system->turn_state (battle, facts);
  return facts;
}

json_object *
adj_turn_facts_to_json (GPtrArray *facts)
{
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < facts->len; i++)
    {
      AdjTurnFact *fact = g_ptr_array_index (facts, i);
      json_object *obj = json_object_new_object ();

      json_object_object_add (obj, "id", json_object_new_string (fact->id));
      json_object_object_add (obj, "label", json_object_new_string (fact->label));
      json_object_object_add (obj, "value", json_object_new_string (fact->value));
      json_object_array_add (array, obj);
    }
  return array;
}
