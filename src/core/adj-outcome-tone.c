/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-outcome-tone.c: how each declared result goes for the side that acted.
 *
 * One row per mechanic whose results are good or bad for whoever acted; a result not listed is
 * neutral.  The British player's view holds in Redvers' Reverse, where the Boers are run by the
 * rules; the orders the Risk Factor rules give the enemy are neutral.
 */

#define G_LOG_DOMAIN "adj-outcome-tone"

#include "config.h"

#include "adj-error.h"
#include "adj-outcome-tone.h"

typedef struct {
  const char *mechanic;
  const char *good;    /* result keys, space-separated */
  const char *bad;
  const char *mixed;
} ToneRow;

static const ToneRow tones[] = {
  { "wec/army-limits", "legal", "illegal", NULL },
  { "wec/commander-rating", "exceptional", "poor", NULL },
  { "wec/fire-combat", "recoil destroyed", "ineffective", NULL },
  { "wec/close-combat", "defender-recoils defender-destroyed",
    "attacker-recoils attacker-destroyed", NULL },
  { "wec/recoil", NULL, "destroyed", "recoils" },
  { "wec/withdrawal", "fights-on", "must-withdraw", NULL },
  { "rn/rough-ground", "may-enter", "may-not-enter", NULL },
  { "rn/fire", "disrupted figures-lost wounded killed destroyed", "no-effect", NULL },
  { "rn/hits", "no-effect", "disrupted figures-lost wounded killed destroyed", NULL },
  { "rn/assault", "assaulter-wins defender-destroyed", "assaulter-repulsed assaulter-destroyed",
    "both-hold both-destroyed" },
  { "rn/cohesion", "regained", "failed", NULL },
  { "gl/morale", "free-move rallies holds", "halts routs", NULL },
  { "gl/scouts", "allowed", "too-many too-far", NULL },
  { "gl/fire", "casualties", "no-hits all-saved", NULL },
  { "gl/hit-cards", NULL, "leader-falls ranks-fall", NULL },
  { "gl/charge", "closes", "falls-back stops-short", NULL },
  { "gl/melee-pair", "defender-killed defender-runs", "attacker-killed attacker-runs", NULL },
  { "gl/melee", "attacker-wins", "defender-wins", NULL },
  { "rf/command", "all", "none", "some" },
  { "rf/visibility", "seen", "unseen", NULL },
  { "rf/melee", "attacker", "defender", "draw" },
  { "rf/guard-prisoners", "held", "all-escape", "some-escape" },
  { "rf/victory", NULL, "lost", NULL },
  { "rr/send-orders", "arrives", "lost", NULL },
  { "rr/cross", "crosses", "stays", NULL },
  { "rr/find-drift", "found", "not-found", NULL },
  { "rr/leader-reaction", "standing-firm steady", "panicked", NULL },
  { "rr/leader-recovery", "removed", "stays", NULL },
  { "rr/leader-casualty", "unhurt", "falls", NULL },
  { "rr/unit-recovery", "up-one up-two", "unchanged", NULL },
  { "rr/formation-morale", "normal", "disrupted suppressed routed", NULL },
  { "rr/losses", NULL, "marked reduced eliminated", NULL },
  { "rr/stacking", "clear", "crowded", NULL },
  { "rr/victory", "british-victory", "boer-victory", "pyrrhic-victory" },
};

static gboolean
lists (const char *keys,
       const char *key)
{
  g_auto(GStrv) words = NULL;

  if (keys == NULL)
    return FALSE;
  words = g_strsplit (keys, " ", -1);
  return g_strv_contains ((const char * const *) words, key);
}

AdjTone
adj_outcome_get_tone (const AdjOutcome *outcome)
{
  g_return_val_if_fail (outcome != NULL, ADJ_TONE_NEUTRAL);

  if (outcome->mechanic == NULL || outcome->key == NULL)
    return ADJ_TONE_NEUTRAL;
  for (guint i = 0; i < G_N_ELEMENTS (tones); i++)
    {
      const ToneRow *row = &tones[i];

      if (!g_str_equal (row->mechanic, outcome->mechanic->id))
        continue;
      if (lists (row->good, outcome->key))
        return ADJ_TONE_GOOD;
      if (lists (row->bad, outcome->key))
        return ADJ_TONE_BAD;
      if (lists (row->mixed, outcome->key))
        return ADJ_TONE_MIXED;
      break;
    }
  return ADJ_TONE_NEUTRAL;
}

static gboolean
check_keys (const AdjMechanic  *mech,
            const char         *keys,
            GError            **error)
{
  g_auto(GStrv) words = keys != NULL ? g_strsplit (keys, " ", -1) : NULL;

  for (guint w = 0; words != NULL && words[w] != NULL; w++)
    {
      gboolean declared = FALSE;

      for (guint o = 0; o < mech->n_outcomes && !declared; o++)
        declared = g_str_equal (mech->outcomes[o].id, words[w]);
      if (!declared)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                       "%s: the tone of \"%s\", which is not one of its results", mech->id,
                       words[w]);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
adj_outcome_tone_self_check (GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (tones); i++)
    {
      const AdjMechanic *mech = adj_mechanic_lookup (tones[i].mechanic);

      if (mech == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, "%s: no such mechanic",
                       tones[i].mechanic);
          return FALSE;
        }
      if (!check_keys (mech, tones[i].good, error) || !check_keys (mech, tones[i].bad, error) ||
          !check_keys (mech, tones[i].mixed, error))
        return FALSE;
    }
  return TRUE;
}
