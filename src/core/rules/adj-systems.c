/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-systems.c: the list of the game systems built in, and finding a system or a mechanic by
 * its id in it.  The machinery every mechanic shares is in adj-mechanic.c, which knows no
 * system; a new system adds its AdjSystem here. */

#define G_LOG_DOMAIN "adj-systems"

#include "config.h"

#include <string.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-mechanic.h"
#include "adj-rules.h"

/* Every game system built in. */
static const AdjSystem *const all_systems[] = {
  &adj_wec_system,
  &adj_rn_system,
  &adj_gl_system,
  &adj_rf_system,
  &adj_rr_system,
};

/* ---- registry ---- */

const AdjSystem **
adj_systems (guint *n_systems)
{
  *n_systems = G_N_ELEMENTS (all_systems);
  return (const AdjSystem **) all_systems;
}

const AdjSystem *
adj_system_lookup (const char *ruleset_id)
{
  g_return_val_if_fail (ruleset_id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (all_systems); i++)
    if (g_str_equal (all_systems[i]->id, ruleset_id))
      return all_systems[i];
  return NULL;
}

const AdjMechanic *
adj_mechanic_lookup (const char *id)
{
  const char *slash;
  g_autofree char *system_id = NULL;
  const AdjSystem *system;

  g_return_val_if_fail (id != NULL, NULL);

  slash = strchr (id, '/');
  if (slash == NULL)
    return NULL;
  system_id = g_strndup (id, (gsize) (slash - id));
  system = adj_system_lookup (system_id);
  if (system == NULL)
    return NULL;
  for (guint i = 0; i < system->n_mechanics; i++)
    if (g_str_equal (system->mechanics[i]->id, id))
      return system->mechanics[i];
  return NULL;
}

GPtrArray *
adj_system_mechanics_for_phase (const AdjSystem *system,
                                const char      *phase)
{
  GPtrArray *out;

  g_return_val_if_fail (system != NULL, NULL);

  out = g_ptr_array_new ();
  for (guint i = 0; phase != NULL && i < system->n_mechanics; i++)
    {
      const AdjMechanic *mech = system->mechanics[i];

      if (mech->phases != NULL && g_strv_contains (mech->phases, phase))
        g_ptr_array_add (out, (gpointer) mech);
    }
  return out;
}

gboolean
adj_system_next_phase (AdjBattle  *battle,
                       gboolean    whole_turn,
                       GError    **error)
{
  const AdjSystem *system;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  system = adj_ruleset_get_system (adj_battle_get_ruleset (battle));
  if (system != NULL && system->next_phase != NULL)
    return system->next_phase (battle, whole_turn, error);
  return whole_turn ? adj_battle_next_turn (battle, error) : adj_battle_next_phase (battle, error);
}

gboolean
adj_mechanics_self_check (GError **error)
{
  for (guint s = 0; s < G_N_ELEMENTS (all_systems); s++)
    {
      const AdjSystem *system = all_systems[s];

      for (guint i = 0; i < system->n_mechanics; i++)
        {
          if (!adj_mechanic_self_check (system, system->mechanics[i], error))
            return FALSE;
          for (guint j = 0; j < i; j++)
            if (g_str_equal (system->mechanics[i]->id, system->mechanics[j]->id))
              {
                g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                             "the mechanic id “%s” is used twice", system->mechanics[i]->id);
                return FALSE;
              }
        }
    }
  return TRUE;
}
