/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-outcome-tone.c: how a result went for the side that acted. */

#include "config.h"

#include <glib.h>

#include "adj-error.h"
#include "adj-outcome-tone.h"

typedef struct {
  const char *mechanic;
  const char *key;
  AdjTone     tone;
} ToneCase;

static const ToneCase cases[] = {
  /* A shot that destroys its target went well for the firer; one that does nothing did not. */
  { "wec/fire-combat", "destroyed", ADJ_TONE_GOOD },
  { "wec/fire-combat", "ineffective", ADJ_TONE_BAD },
  /* A recoil is bad for the unit that recoils, worse when it is destroyed. */
  { "wec/recoil", "recoils", ADJ_TONE_MIXED },
  { "wec/recoil", "destroyed", ADJ_TONE_BAD },
  /* The unit hit is the one acting in a test of hits: no effect is good news for it. */
  { "rn/hits", "no-effect", ADJ_TONE_GOOD },
  { "rn/hits", "destroyed", ADJ_TONE_BAD },
  { "gl/melee", "defender-wins", ADJ_TONE_BAD },
  { "rf/melee", "draw", ADJ_TONE_MIXED },
  { "rr/victory", "pyrrhic-victory", ADJ_TONE_MIXED },
  /* A battalion that finds its drift is lucky; one that does not must stop. */
  { "rr/find-drift", "found", ADJ_TONE_GOOD },
  { "rr/find-drift", "not-found", ADJ_TONE_BAD },
  /* A roll between the two sides favours neither of them. */
  { "wec/initiative", "side-a", ADJ_TONE_NEUTRAL },
  /* The orders of the enemy the rules run are neither. */
  { "rf/reaction", "rout", ADJ_TONE_NEUTRAL },
};

static void
test_case (gconstpointer data)
{
  const ToneCase *c = data;
  const AdjMechanic *mech = adj_mechanic_lookup (c->mechanic);
  g_autoptr(AdjOutcome) outcome = NULL;

  g_assert_nonnull (mech);
  outcome = adj_outcome_new (mech);
  outcome->key = g_strdup (c->key);
  g_assert_cmpint (adj_outcome_get_tone (outcome), ==, c->tone);
}

static void
test_numbers (void)
{
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (adj_mechanic_lookup ("wec/army-value"));

  adj_outcome_set_number (outcome, 31, "31", NULL);
  g_assert_cmpint (adj_outcome_get_tone (outcome), ==, ADJ_TONE_NEUTRAL);
}

static void
test_self_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_outcome_tone_self_check (&error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/outcome-tone/%s/%s", cases[i].mechanic,
                                               cases[i].key);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/outcome-tone/numbers", test_numbers);
  g_test_add_func ("/outcome-tone/self-check", test_self_check);
  return g_test_run ();
}
