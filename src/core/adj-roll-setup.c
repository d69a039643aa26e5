/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roll-setup.c: a roll of a mechanic made ready (see adj-roll-setup.h).  It stands with the
 * battle, above the mechanics, so that they never call up into the battle. */

#define G_LOG_DOMAIN "adj-roll-setup"

#include "config.h"

#include <string.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-roll-setup.h"

AdjInputs *
adj_roll_setup_fill_inputs (const AdjMechanic  *mech,
                            AdjRuleset         *rs,
                            AdjBattle          *battle,
                            json_object        *json,
                            const char         *file,
                            GError            **error)
{
  g_autoptr(AdjInputs) inputs = NULL;

  g_return_val_if_fail (mech != NULL && (rs != NULL || battle != NULL), NULL);

  inputs = adj_inputs_new (mech, rs != NULL ? rs : adj_battle_get_ruleset (battle));
  if (json != NULL && !adj_inputs_set_json (inputs, json, file, error))
    return NULL;
  /* Values taken from the battle come first; what @json says explicitly wins. */
  if (battle != NULL &&
      (!adj_battle_prefill (battle, inputs, error) ||
       (json != NULL && !adj_inputs_set_json (inputs, json, file, error))))
    return NULL;
  return g_steal_pointer (&inputs);
}

gboolean
adj_roll_setup_prepare (const AdjMechanic     *mech,
                        const AdjRollRequest  *request,
                        AdjRollSetup          *setup,
                        GError               **error)
{
  AdjRng *rng = &setup->rng;

  g_return_val_if_fail (mech != NULL && request != NULL && setup != NULL, FALSE);
  g_return_val_if_fail (request->battle != NULL || request->ruleset != NULL, FALSE);

  memset (setup, 0, sizeof *setup);
  if (request->filled != NULL)
    setup->inputs = adj_inputs_copy (request->filled);
  else
    setup->inputs = adj_roll_setup_fill_inputs (mech, request->ruleset, request->battle,
                                              request->inputs, request->file, error);
  if (setup->inputs == NULL)
    return FALSE;

  if (request->battle != NULL)
    {
      g_autoptr(GError) forbidden = NULL;

      adj_battle_context (request->battle, &setup->ctx);
      if (!adj_mechanic_check_legal (mech, &setup->ctx, setup->inputs, &forbidden))
        {
          if (!request->allow || !g_error_matches (forbidden, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED))
            {
              g_propagate_error (error, g_steal_pointer (&forbidden));
              return FALSE;
            }
          setup->ruling = g_strdup (forbidden->message);
          setup->ctx.ruling = setup->ruling;
        }
      if (request->seeded)
        adj_rng_seed (rng, request->seed);
      else
        rng = adj_battle_get_rng (request->battle);
      setup->random = adj_random_new_with_copy (request->entered ? NULL : rng, setup->ctx.pack);
    }
  else
    {
      setup->seed = request->seeded ? request->seed
                                    : ((guint64) g_random_int () << 32) | g_random_int ();
      adj_rng_seed (rng, setup->seed);
      setup->pack = adj_pack_new (1);
      adj_pack_shuffle (setup->pack, rng);
      setup->ctx.ruleset = request->ruleset;
      setup->ctx.pack = setup->pack;
      setup->random = adj_random_new (request->entered ? NULL : rng, setup->pack);
    }
  if (request->dice != NULL)
    adj_random_enter_dice (setup->random, (const int *) (gpointer) request->dice->data,
                           request->dice->len);
  if (request->cards != NULL)
    adj_random_enter_cards (setup->random, (const AdjCard *) (gpointer) request->cards->data,
                            request->cards->len);
  return TRUE;
}

void
adj_roll_setup_clear (AdjRollSetup *setup)
{
  g_clear_pointer (&setup->random, adj_random_free);
  g_clear_pointer (&setup->pack, adj_pack_free);
  g_clear_pointer (&setup->inputs, adj_inputs_free);
  g_clear_pointer (&setup->ruling, g_free);
}

gboolean
adj_roll_setup_check (const AdjMechanic  *mech,
                      AdjBattle          *battle,
                      json_object        *inputs,
                      GError            **error)
{
  AdjRollRequest request = { .battle = battle, .inputs = inputs, .file = _("inputs") };
  g_auto(AdjRollSetup) setup = { 0 };

  g_return_val_if_fail (mech != NULL && ADJ_IS_BATTLE (battle), FALSE);

  return adj_roll_setup_prepare (mech, &request, &setup, error);
}

gboolean
adj_roll_setup_takes_unit (const AdjMechanic *mech,
                           AdjBattle         *battle,
                           const char        *name,
                           const char        *unit_id)
{
  g_autoptr(AdjInputs) inputs = NULL;
  const char *other = NULL;
  AdjContext ctx = { 0 };
  guint n_trials;

  g_return_val_if_fail (mech != NULL && ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (name != NULL && unit_id != NULL, FALSE);

  inputs = adj_roll_setup_fill_inputs (mech, NULL, battle, NULL, NULL, NULL);
  if (inputs == NULL || !adj_inputs_set_string (inputs, name, unit_id, NULL))
    return FALSE;
  if (mech->legal == NULL)
    return TRUE;
  for (guint i = 0; other == NULL && i < mech->n_inputs; i++)
    if (mech->inputs[i].kind == ADJ_FIELD_UNIT && !g_str_equal (mech->inputs[i].name, name) &&
        adj_inputs_get_string (inputs, mech->inputs[i].name) == NULL)
      other = mech->inputs[i].name;
  adj_battle_context (battle, &ctx);
  n_trials = other != NULL ? adj_battle_get_n_units (battle) : 1;
  for (guint k = 0; k < n_trials; k++)
    {
      g_autoptr(AdjInputs) trial = adj_inputs_copy (inputs);

      if (other != NULL &&
          !adj_inputs_set_string (trial, other,
                                  adj_unit_get_id (adj_battle_peek_unit (battle, k)), NULL))
        continue;
      if (adj_battle_prefill (battle, trial, NULL) && mech->legal (&ctx, trial, NULL))
        return TRUE;
    }
  return FALSE;
}

GHashTable *
adj_roll_setup_judge_candidates (const AdjMechanic *mech,
                                 const AdjContext  *ctx,
                                 AdjInputs         *inputs,
                                 const char        *name)
{
  g_autoptr(GHashTable) refused = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const AdjField *field;
  gboolean any_allowed = FALSE;

  g_return_val_if_fail (mech != NULL && ctx != NULL && inputs != NULL && name != NULL, NULL);

  field = adj_mechanic_find_input (mech, name);
  if (ctx->battle == NULL || mech->legal == NULL || field == NULL ||
      field->kind != ADJ_FIELD_UNIT)
    return g_steal_pointer (&refused);
  for (guint i = 0; i < adj_battle_get_n_units (ctx->battle); i++)
    {
      const char *id = adj_unit_get_id (adj_battle_peek_unit (ctx->battle, i));
      g_autoptr(AdjInputs) trial = adj_inputs_copy (inputs);
      g_autoptr(GError) error = NULL;

      /* The trial is filled in as the form would be once the unit is chosen. */
      if (!adj_inputs_set_string (trial, name, id, NULL) ||
          !adj_battle_prefill (ctx->battle, trial, NULL))
        continue;
      if (mech->legal (ctx, trial, &error))
        any_allowed = TRUE;
      else if (g_error_matches (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED))
        g_hash_table_insert (refused, g_strdup (id), g_strdup (error->message));
    }
  if (!any_allowed)
    g_hash_table_remove_all (refused);
  return g_steal_pointer (&refused);
}
