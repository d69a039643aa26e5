/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec.c: every When Empires Clash! mechanic against the rules as RULES.md states them.
 * This file holds the book, the helpers, fire and close combat with entered dice, the weapon
 * range table and main(); the other tests are in test-wec-*.c. */

#include "test-wec.h"

/* One reference to the ruleset for the whole run, taken in main(). */
AdjRuleset *rs;

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md restates it: written here independently of wec.json and adj-wec.c    */

static const BookType book_types[] = {
  { "regular-infantry", 3, BOOK_INFANTRY, 2 },
  { "irregular-infantry", 2, BOOK_INFANTRY, 3 },
  { "native-infantry", 2, BOOK_INFANTRY, 3 },
  { "regular-cavalry", 3, BOOK_CAVALRY, 4 },
  { "irregular-cavalry", 2, BOOK_CAVALRY, 5 },
  { "native-cavalry", 2, BOOK_CAVALRY, 5 },
  { "heavy-artillery", 4, BOOK_GUN, 2 },
  { "medium-artillery", 3, BOOK_GUN, 2 },
  { "field-artillery", 2, BOOK_GUN, 2 },
  { "mountain-artillery", 2, BOOK_GUN, 2 },
  { "automatic-mg", 4, BOOK_GUN, 2 },
  { "mechanical-mg", 2, BOOK_GUN, 2 },
  { "pom-pom", 4, BOOK_GUN, 2 },
  { "transport", 1, BOOK_TRANSPORT, 2 },
  { "command-exceptional", 3, BOOK_COMMAND, 2 },
  { "command-average", 2, BOOK_COMMAND, 2 },
  { "command-poor", 1, BOOK_COMMAND, 2 },
};

const BookType *
book_type (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (book_types); i++)
    if (g_str_equal (book_types[i].id, id))
      return &book_types[i];
  g_assert_not_reached ();
  return NULL;
}

/* Fire: F < E ineffective; E <= F and 2E > F recoil; 2E <= F destroyed. */
const char *
book_fire_result (int      f,
                  int      e,
                  gboolean blocked)
{
  if (f < e)
    return "ineffective";
  if (2 * e <= f)
    return "destroyed";
  return blocked ? "destroyed" : "recoil";
}

/* Close: I < E the initiator recoils; E <= I and 2E > I the enemy recoils; 2E <= I destroyed. */
const char *
book_close_result (int      i,
                   int      e,
                   gboolean blocked)
{
  if (i < e)
    return blocked ? "attacker-destroyed" : "attacker-recoils";
  if (2 * e <= i)
    return "defender-destroyed";
  return blocked ? "defender-destroyed" : "defender-recoils";
}

/* Every equally likely throw of a side's dice, one sum per combination of faces. */
GArray *
book_throws (const char *dice)
{
  GArray *sums = g_array_new (FALSE, FALSE, sizeof (int));

  if (g_str_equal (dice, "2d6"))
    {
      for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
          {
            int s = a + b;
            g_array_append_val (sums, s);
          }
    }
  else
    {
      g_assert_cmpstr (dice, ==, "d12");
      for (int a = 1; a <= 12; a++)
        g_array_append_val (sums, a);
    }
  return sums;
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

AdjInputs *
inputs_new (const char *mech_id,
            const char *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mech_id);
  g_autoptr(GError) error = NULL;
  AdjInputs *in;

  g_assert_nonnull (mech);
  in = adj_inputs_new (mech, rs);
  if (json != NULL)
    {
      g_autoptr(json_object) obj = json_tokener_parse (json);

      g_assert_nonnull (obj);
      adj_inputs_set_json (in, obj, "test", &error);
      g_assert_no_error (error);
    }
  return in;
}

/* Resolve without a battle with these dice entered; with no dice, none may be rolled. */
AdjOutcome *
resolve_entered (const AdjContext *ctx,
                 AdjInputs        *in,
                 const int        *dice,
                 guint             n_dice,
                 GError          **error)
{
  AdjContext plain = { .ruleset = rs };
  g_autoptr(AdjRandom) random = adj_random_new (NULL, NULL);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);

  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (!adj_mechanic_resolve (in->mechanic, ctx != NULL ? ctx : &plain, in, random, outcome,
                             error))
    return NULL;
  /* Entered dice are recorded as entered, in the order given. */
  {
    guint k = 0;

    for (guint i = 0; i < outcome->rolls->len; i++)
      {
        AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);

        g_assert_true (roll->entered);
        for (guint j = 0; j < roll->n_values; j++, k++)
          g_assert_cmpint (roll->dice[j], ==, dice[k]);
      }
    g_assert_cmpuint (k, ==, n_dice);
  }
  return g_steal_pointer (&outcome);
}

AdjOdds *
odds_of (AdjInputs *in)
{
  AdjContext ctx = { .ruleset = rs };
  g_autoptr(GError) error = NULL;
  AdjOdds *odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

/* The probabilities are exact: the counts cover the total exactly once, and the reduced
 * fractions add up to exactly 1. */
void
assert_odds_sum_one (const AdjOdds *odds)
{
  guint64 sum = 0, acc_n = 0, acc_d = 1;

  assert_odds_exact (odds);
  g_assert_cmpuint (odds_total (odds), >, 0);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      guint64 n, d, g;

      sum += odds_ways (e);
      g_assert_cmpuint (odds_den (e), >, 0);
      n = acc_n * odds_den (e) + odds_num (e) * acc_d;
      d = acc_d * odds_den (e);
      g = (guint64) gcd128 (n, d);
      acc_n = n / g;
      acc_d = d / g;
    }
  g_assert_cmpuint (sum, ==, odds_total (odds));
  g_assert_cmpuint (acc_n, ==, 1);
  g_assert_cmpuint (acc_d, ==, 1);
}

/* The entry for @key is exactly @count / @total (compared reduced). */
void
assert_fraction (const AdjOdds *odds,
                 const char    *key,
                 guint64        count,
                 guint64        total)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);

  if (e == NULL)
    g_error ("the odds have no outcome “%s”", key);
  if (count == 0)
    {
      g_assert_cmpuint (odds_num (e), ==, 0);
      g_assert_cmpuint (odds_ways (e), ==, 0);
    }
  else
    {
      guint64 g = (guint64) gcd128 (count, total);

      g_assert_cmpuint (odds_num (e), ==, count / g);
      g_assert_cmpuint (odds_den (e), ==, total / g);
    }
}

/* The explanation adds up: dice + every modifier line = the total line, for one side. */
static int
explained_score (const AdjOutcome *outcome,
                 const char       *who)
{
  int dice = 0, mods = 0, total = G_MININT;
  guint n_dice_lines = 0;

  for (guint l = 0; l < outcome->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);

      if (g_strcmp0 (line->who, who) != 0)
        continue;
      if (line->kind == ADJ_EXPLAIN_DICE)
        {
          dice = line->value;
          n_dice_lines++;
        }
      else if (line->kind == ADJ_EXPLAIN_MODIFIER)
        mods += line->value;
      else if (line->kind == ADJ_EXPLAIN_TOTAL)
        total = line->value;
    }
  g_assert_cmpuint (n_dice_lines, ==, 1);
  g_assert_cmpint (dice + mods, ==, total);
  return total;
}

int
outcome_int (const AdjOutcome *outcome,
             const char       *name)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (outcome->values, name, &v) ||
      !json_object_is_type (v, json_type_int))
    g_error ("the outcome has no integer value “%s”", name);
  return json_object_get_int (v);
}

/* ------------------------------------------------------------------------------------------ */
/* Fire and close combat with entered dice                                                     */

typedef struct {
  const char *name;
  const char *mech;
  const char *inputs;
  int         dice[4];
  guint       n_dice;
  int         a_score;     /* firer or attacker */
  int         b_score;     /* target or defender */
  const char *key;         /* NULL: what RULES.md gives for the two scores */
  const char *note;        /* a note the explanation must give, or NULL */
} CombatCase;

#define D3333 { 3, 3, 3, 3 }, 4

static const CombatCase combat_cases[] = {
  /* Fire: the result rule's boundaries, regular infantry (3) against regular infantry (3). */
  { "fire-combat/boundary/E=F", FIRE, "{}", { 3, 3, 3, 3 }, 4, 9, 9, "recoil" },
  { "fire-combat/boundary/2E=F", FIRE, "{}", { 3, 4, 1, 1 }, 4, 10, 5, "destroyed" },
  { "fire-combat/boundary/2E=F+1", FIRE, "{}", { 4, 4, 1, 2 }, 4, 11, 6, "recoil" },
  { "fire-combat/boundary/2E=F-1", FIRE, "{}", { 4, 4, 1, 1 }, 4, 11, 5, "destroyed" },
  { "fire-combat/boundary/F<E", FIRE, "{}", { 3, 3, 3, 4 }, 4, 9, 10, "ineffective" },
  { "fire-combat/boundary/F=E+1", FIRE, "{}", { 3, 4, 3, 3 }, 4, 10, 9, "recoil" },
  { "fire-combat/boundary/d12/E=F", FIRE, "{\"firer_dice\":\"d12\",\"target_dice\":\"d12\"}",
    { 6, 6 }, 2, 9, 9, "recoil" },
  { "fire-combat/boundary/d12/2E=F", FIRE, "{\"firer_dice\":\"d12\",\"target_dice\":\"d12\"}",
    { 7, 2 }, 2, 10, 5, "destroyed" },
  { "fire-combat/boundary/d12/F<E", FIRE, "{\"firer_dice\":\"d12\",\"target_dice\":\"d12\"}",
    { 1, 12 }, 2, 4, 15, "ineffective" },
  { "fire-combat/boundary/d12-vs-2d6/E=F", FIRE, "{\"firer_dice\":\"d12\"}", { 12, 6, 6 }, 3,
    15, 15, "recoil" },
  { "fire-combat/boundary/2d6-vs-d12/2E=F+3", FIRE, "{\"target_dice\":\"d12\"}", { 1, 1, 1 }, 3,
    5, 4, "recoil" },
  { "fire-combat/boundary/blocked/E=F", FIRE, "{\"recoil_blocked\":true}", { 3, 3, 3, 3 }, 4,
    9, 9, "destroyed" },
  { "fire-combat/boundary/blocked/2E=F+1", FIRE, "{\"recoil_blocked\":true}", { 4, 4, 1, 2 }, 4,
    11, 6, "destroyed" },
  { "fire-combat/boundary/blocked/2E=F", FIRE, "{\"recoil_blocked\":true}", { 3, 4, 1, 1 }, 4,
    10, 5, "destroyed" },
  { "fire-combat/boundary/blocked/F<E", FIRE, "{\"recoil_blocked\":true}", { 3, 3, 3, 4 }, 4,
    9, 10, "ineffective" },

  /* Fire: each modifier alone (dice 6 against 6), then several together. */
  { "fire-combat/modifier/none", FIRE, "{}", D3333, 9, 9, NULL },
  { "fire-combat/modifier/flank", FIRE, "{\"flank\":true}", D3333, 10, 9, NULL },
  { "fire-combat/modifier/shared-square/infantry-no-bonus", FIRE, "{\"shared_square\":true}",
    D3333, 9, 9, NULL },
  { "fire-combat/modifier/shared-square/field-artillery", FIRE,
    "{\"firer_type\":\"field-artillery\",\"firer_weapon\":\"rifled-field\","
    "\"shared_square\":true}", D3333, 10, 9, NULL },
  { "fire-combat/modifier/shared-square/heavy-artillery", FIRE,
    "{\"firer_type\":\"heavy-artillery\",\"firer_weapon\":\"rifled-heavy\","
    "\"shared_square\":true}", D3333, 12, 9, NULL },
  { "fire-combat/modifier/shared-square/mechanical-mg", FIRE,
    "{\"firer_type\":\"mechanical-mg\",\"firer_weapon\":\"mechanical-mg\","
    "\"shared_square\":true}", D3333, 10, 9, NULL },
  { "fire-combat/modifier/shared-square/automatic-mg", FIRE,
    "{\"firer_type\":\"automatic-mg\",\"firer_weapon\":\"automatic-mg\","
    "\"shared_square\":true}", D3333, 12, 9, NULL },
  { "fire-combat/modifier/shared-square/pom-pom", FIRE,
    "{\"firer_type\":\"pom-pom\",\"firer_weapon\":\"pom-pom\",\"shared_square\":true}", D3333,
    12, 9, NULL },
  { "fire-combat/modifier/shared-square/cavalry-no-bonus", FIRE,
    "{\"firer_type\":\"irregular-cavalry\",\"shared_square\":true}", D3333, 8, 9, NULL },
  { "fire-combat/modifier/shared-square/off-field-artillery", FIRE,
    "{\"firer_type\":\"field-artillery\",\"firer_weapon\":\"rifled-field\"}", D3333, 8, 9,
    NULL },
  { "fire-combat/modifier/cavalry-moved/infantry-no-penalty", FIRE, "{\"firer_moved\":true}",
    D3333, 9, 9, NULL },
  { "fire-combat/modifier/cavalry-moved/irregular-cavalry", FIRE,
    "{\"firer_type\":\"irregular-cavalry\",\"firer_moved\":true}", D3333, 7, 9, NULL },
  { "fire-combat/modifier/cavalry-moved/native-cavalry", FIRE,
    "{\"firer_type\":\"native-cavalry\",\"firer_moved\":true}", D3333, 7, 9, NULL },
  { "fire-combat/modifier/cavalry-moved/irregular-cavalry-still", FIRE,
    "{\"firer_type\":\"irregular-cavalry\"}", D3333, 8, 9, NULL },
  { "fire-combat/modifier/cavalry-moved/dismounted-regular-cavalry", FIRE,
    "{\"firer_type\":\"regular-cavalry\",\"firer_dismounted\":true,\"firer_moved\":true}",
    D3333, 9, 9, NULL },
  { "fire-combat/modifier/cavalry-moved/dismounted-irregular-cavalry", FIRE,
    "{\"firer_type\":\"irregular-cavalry\",\"firer_dismounted\":true,\"firer_moved\":true}",
    D3333, 8, 9, NULL },
  { "fire-combat/modifier/cavalry-moved/artillery-no-penalty", FIRE,
    "{\"firer_type\":\"field-artillery\",\"firer_weapon\":\"rifled-field\","
    "\"firer_moved\":true}", D3333, 8, 9, NULL },
  { "fire-combat/modifier/target-covered", FIRE, "{\"target_covered\":true}", D3333, 7, 9,
    NULL },
  { "fire-combat/modifier/firer-command/1", FIRE, "{\"firer_command\":1}", D3333, 10, 9, NULL },
  { "fire-combat/modifier/firer-command/3", FIRE, "{\"firer_command\":3}", D3333, 12, 9, NULL },
  { "fire-combat/modifier/target-command/2", FIRE, "{\"target_command\":2}", D3333, 9, 11,
    NULL },
  { "fire-combat/modifier/target-value/transport", FIRE, "{\"target_type\":\"transport\"}",
    D3333, 9, 7, NULL },
  { "fire-combat/modifier/target-value/heavy-artillery", FIRE,
    "{\"target_type\":\"heavy-artillery\"}", D3333, 9, 10, NULL },
  { "fire-combat/modifier/target-value/command-exceptional", FIRE,
    "{\"target_type\":\"command-exceptional\"}", D3333, 9, 9, NULL },
  { "fire-combat/modifier/target-value/native-cavalry", FIRE,
    "{\"target_type\":\"native-cavalry\"}", D3333, 9, 8, NULL },
  { "fire-combat/modifier/all/artillery", FIRE,
    "{\"firer_type\":\"field-artillery\",\"firer_weapon\":\"rifled-field\",\"flank\":true,"
    "\"shared_square\":true,\"target_covered\":true,\"firer_command\":2,"
    "\"target_type\":\"regular-cavalry\",\"target_command\":1}", D3333, 11, 10, NULL },
  { "fire-combat/modifier/all/mounted-cavalry", FIRE,
    "{\"firer_type\":\"irregular-cavalry\",\"firer_moved\":true,\"flank\":true,"
    "\"target_covered\":true,\"firer_command\":3,\"shared_square\":true,"
    "\"target_type\":\"transport\"}", D3333, 9, 7, NULL },
  { "fire-combat/modifier/all/machine-gun", FIRE,
    "{\"firer_type\":\"automatic-mg\",\"firer_weapon\":\"automatic-mg\",\"shared_square\":true,"
    "\"flank\":true,\"target_covered\":true,\"firer_moved\":true,\"firer_command\":1,"
    "\"target_type\":\"native-infantry\",\"target_command\":3,\"distance\":4}", D3333, 12, 11,
    NULL },
  { "fire-combat/modifier/all/blocked", FIRE,
    "{\"flank\":true,\"firer_command\":1,\"target_type\":\"native-infantry\","
    "\"recoil_blocked\":true}", D3333, 11, 8, NULL },

  /* Close: the result rule's boundaries, regular infantry against regular infantry. */
  { "close-combat/boundary/E=I", CLOSE, "{\"defender_type\":\"regular-infantry\"}",
    { 3, 3, 3, 3 }, 4, 9, 9, "defender-recoils" },
  { "close-combat/boundary/2E=I", CLOSE, "{\"defender_type\":\"regular-infantry\"}",
    { 3, 4, 1, 1 }, 4, 10, 5, "defender-destroyed" },
  { "close-combat/boundary/2E=I+1", CLOSE, "{\"defender_type\":\"regular-infantry\"}",
    { 4, 4, 1, 2 }, 4, 11, 6, "defender-recoils" },
  { "close-combat/boundary/I<E", CLOSE, "{\"defender_type\":\"regular-infantry\"}",
    { 3, 3, 3, 4 }, 4, 9, 10, "attacker-recoils" },
  { "close-combat/boundary/I=E+1", CLOSE, "{\"defender_type\":\"regular-infantry\"}",
    { 3, 4, 3, 3 }, 4, 10, 9, "defender-recoils" },
  { "close-combat/boundary/d12/2E=I", CLOSE,
    "{\"defender_type\":\"regular-infantry\",\"attacker_dice\":\"d12\","
    "\"defender_dice\":\"d12\"}", { 7, 2 }, 2, 10, 5, "defender-destroyed" },
  { "close-combat/boundary/d12-vs-2d6/E=I", CLOSE,
    "{\"defender_type\":\"regular-infantry\",\"attacker_dice\":\"d12\"}", { 12, 6, 6 }, 3,
    15, 15, "defender-recoils" },
  { "close-combat/boundary/blocked/I<E", CLOSE,
    "{\"defender_type\":\"regular-infantry\",\"recoil_blocked\":true}", { 3, 3, 3, 4 }, 4, 9,
    10, "attacker-destroyed" },
  { "close-combat/boundary/blocked/E=I", CLOSE,
    "{\"defender_type\":\"regular-infantry\",\"recoil_blocked\":true}", { 3, 3, 3, 3 }, 4, 9,
    9, "defender-destroyed" },
  { "close-combat/boundary/blocked/2E=I+1", CLOSE,
    "{\"defender_type\":\"regular-infantry\",\"recoil_blocked\":true}", { 4, 4, 1, 2 }, 4, 11,
    6, "defender-destroyed" },
  { "close-combat/boundary/blocked/2E=I", CLOSE,
    "{\"defender_type\":\"regular-infantry\",\"recoil_blocked\":true}", { 3, 4, 1, 1 }, 4, 10,
    5, "defender-destroyed" },

  /* Close: regular infantry (3) attacks native infantry (2) unless said otherwise. */
  { "close-combat/modifier/none", CLOSE, "{}", D3333, 9, 8, NULL },
  { "close-combat/modifier/attacker-command/2", CLOSE, "{\"attacker_command\":2}", D3333, 11, 8,
    NULL },
  { "close-combat/modifier/defender-command/3", CLOSE, "{\"defender_command\":3}", D3333, 9, 11,
    NULL },
  { "close-combat/modifier/support-adjacent/x1", CLOSE, "{\"attacker_support\":1}", D3333, 10,
    8, NULL },
  { "close-combat/modifier/support-adjacent/x3", CLOSE, "{\"attacker_support\":3}", D3333, 12,
    8, NULL },
  { "close-combat/modifier/support-adjacent/x8", CLOSE, "{\"attacker_support\":8}", D3333, 17,
    8, NULL },
  { "close-combat/modifier/support-adjacent/defender-x2", CLOSE, "{\"defender_support\":2}",
    D3333, 9, 10, NULL },
  { "close-combat/modifier/support-same-square/attacker", CLOSE, "{\"attacker_backed\":true}",
    D3333, 11, 8, NULL },
  { "close-combat/modifier/support-same-square/defender", CLOSE, "{\"defender_backed\":true}",
    D3333, 9, 10, NULL },
  { "close-combat/modifier/guns-initiating/field-artillery", CLOSE,
    "{\"attacker_type\":\"field-artillery\"}", D3333, 9, 8, NULL },
  { "close-combat/modifier/guns-initiating/heavy-artillery", CLOSE,
    "{\"attacker_type\":\"heavy-artillery\"}", D3333, 11, 8, NULL },
  { "close-combat/modifier/guns-initiating/mechanical-mg", CLOSE,
    "{\"attacker_type\":\"mechanical-mg\"}", D3333, 9, 8, NULL },
  { "close-combat/modifier/guns-initiating/automatic-mg", CLOSE,
    "{\"attacker_type\":\"automatic-mg\"}", D3333, 11, 8, NULL },
  { "close-combat/modifier/guns-initiating/pom-pom", CLOSE, "{\"attacker_type\":\"pom-pom\"}",
    D3333, 11, 8, NULL },
  { "close-combat/modifier/guns-initiating/defending-gun-no-bonus", CLOSE,
    "{\"defender_type\":\"field-artillery\"}", D3333, 9, 8, NULL },
  { "close-combat/modifier/flank", CLOSE, "{\"flank\":true}", D3333, 11, 8, NULL },
  { "close-combat/modifier/flank/cancelled-by-square", CLOSE,
    "{\"flank\":true,\"defender_in_square\":true}", D3333, 9, 8, NULL },
  { "close-combat/modifier/flank/square-alone", CLOSE, "{\"defender_in_square\":true}", D3333,
    9, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/infantry", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true}", D3333, 12, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/artillery", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"field-artillery\"}", D3333, 12, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/machine-gun", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"automatic-mg\"}", D3333, 12, 10, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/pom-pom", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"pom-pom\"}", D3333, 12, 10, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/native-cavalry", CLOSE,
    "{\"attacker_type\":\"native-cavalry\",\"isolated_open\":true}", D3333, 11, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/not-vs-cavalry", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"irregular-cavalry\"}", D3333, 9, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/vs-dismounted-cavalry", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"irregular-cavalry\",\"defender_dismounted\":true}", D3333, 12, 8,
    NULL },
  { "close-combat/modifier/cavalry-vs-isolated/not-vs-transport", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"transport\"}", D3333, 9, 7, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/not-vs-command", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,"
    "\"defender_type\":\"command-average\"}", D3333, 9, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/not-isolated", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\"}", D3333, 9, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/dismounted-attacker", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"attacker_dismounted\":true,"
    "\"isolated_open\":true}", D3333, 9, 8, NULL },
  { "close-combat/modifier/cavalry-vs-isolated/infantry-attacker", CLOSE,
    "{\"isolated_open\":true}", D3333, 9, 8, NULL },
  { "close-combat/modifier/uphill", CLOSE, "{\"uphill\":true}", D3333, 7, 8, NULL },
  { "close-combat/modifier/target-covered", CLOSE, "{\"defender_covered\":true}", D3333, 7, 8,
    NULL },
  { "close-combat/modifier/uphill-and-covered", CLOSE,
    "{\"uphill\":true,\"defender_covered\":true}", D3333, 5, 8, NULL },
  /* Isolated means no friendly stand around it: supports, a same-type stand in its square or a
   * command stand next to it, given with the claim, win over it. */
  { "close-combat/modifier/cavalry-vs-isolated/with-support", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,\"defender_support\":1}",
    D3333, 9, 9, NULL, "not isolated" },
  { "close-combat/modifier/cavalry-vs-isolated/with-rear-stand", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,\"defender_backed\":true}",
    D3333, 9, 10, NULL, "not isolated" },
  { "close-combat/modifier/cavalry-vs-isolated/with-command", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,\"defender_command\":1}",
    D3333, 9, 9, NULL, "not isolated" },
  { "close-combat/modifier/cavalry-vs-isolated/attacker-support-only", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"isolated_open\":true,\"attacker_support\":2}",
    D3333, 14, 8, NULL },
  { "close-combat/modifier/all/cavalry-charge", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"attacker_command\":3,\"attacker_support\":2,"
    "\"attacker_backed\":true,\"flank\":true,\"isolated_open\":true,\"uphill\":true,"
    "\"defender_covered\":true}", D3333, 17, 8, NULL },
  { "close-combat/modifier/all/cavalry-charge-on-supported", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"attacker_command\":3,\"attacker_support\":2,"
    "\"attacker_backed\":true,\"flank\":true,\"isolated_open\":true,\"uphill\":true,"
    "\"defender_covered\":true,\"defender_command\":1,\"defender_support\":1,"
    "\"defender_backed\":true}", D3333, 14, 12, NULL, "not isolated" },
  { "close-combat/modifier/all/guns", CLOSE,
    "{\"attacker_type\":\"field-artillery\",\"attacker_support\":1,\"flank\":true}", D3333, 12,
    8, NULL },
  { "close-combat/modifier/all/square", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"flank\":true,\"defender_in_square\":true,"
    "\"isolated_open\":true,\"defender_type\":\"regular-infantry\"}", D3333, 12, 9, NULL,
    "formed square" },
  /* A gun on a large stand cannot move by itself: forced to recoil, it is destroyed. */
  { "fire-combat/large-stand/recoil-destroys", FIRE,
    "{\"target_type\":\"field-artillery\",\"target_large_stand\":true}", D3333, 9, 8,
    "destroyed", "large stand" },
  { "fire-combat/large-stand/destroyed-anyway", FIRE,
    "{\"target_type\":\"field-artillery\",\"target_large_stand\":true}", { 6, 6, 1, 1 }, 4,
    15, 4, "destroyed" },
  { "fire-combat/large-stand/ineffective", FIRE,
    "{\"target_type\":\"field-artillery\",\"target_large_stand\":true}", { 1, 1, 6, 6 }, 4,
    5, 14, "ineffective" },
  { "fire-combat/large-stand/only-for-guns", FIRE,
    "{\"target_large_stand\":true}", D3333, 9, 9, "recoil" },
  { "close-combat/large-stand/defender", CLOSE,
    "{\"defender_type\":\"field-artillery\",\"defender_large_stand\":true}", D3333, 9, 8,
    "defender-destroyed", "large stand" },
  { "close-combat/large-stand/attacker", CLOSE,
    "{\"attacker_type\":\"field-artillery\",\"attacker_large_stand\":true,"
    "\"defender_type\":\"regular-infantry\"}", { 1, 1, 6, 6 }, 4, 5, 15, "attacker-destroyed",
    "large stand" },
  { "close-combat/large-stand/attacker-wins", CLOSE,
    "{\"attacker_type\":\"field-artillery\",\"attacker_large_stand\":true}", D3333, 9, 8,
    "defender-recoils" },
  { "close-combat/large-stand/defender-loses-outright", CLOSE,
    "{\"defender_type\":\"field-artillery\",\"defender_large_stand\":true}", { 6, 6, 1, 1 },
    4, 15, 4, "defender-destroyed" },
  { "close-combat/modifier/all/blocked-loser", CLOSE,
    "{\"uphill\":true,\"defender_covered\":true,\"defender_support\":2,"
    "\"recoil_blocked\":true}", D3333, 5, 10, NULL },
};

/* Whether the inputs make @who ("target", "attacker", "defender") a gun on a large stand: only
 * artillery is ever on one. */
static gboolean
book_large_gun (AdjInputs  *in,
                const char *who)
{
  g_autofree char *type = g_strconcat (who, "_type", NULL);
  g_autofree char *large = g_strconcat (who, "_large_stand", NULL);

  return adj_inputs_get_bool (in, large) &&
         g_str_has_suffix (adj_inputs_get_string (in, type), "-artillery");
}

static void
test_combat_case (gconstpointer data)
{
  const CombatCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new (c->mech, c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (NULL, in, c->dice, c->n_dice, &error);
  gboolean fire = g_str_equal (c->mech, FIRE);
  gboolean blocked = adj_inputs_get_bool (in, "recoil_blocked");
  const char *expected;
  gboolean noted = FALSE;

  /* The stand that would recoil cannot when it is a gun on a large stand: it has no move. */
  if (fire)
    blocked |= book_large_gun (in, "target");
  else
    blocked |= book_large_gun (in, c->a_score < c->b_score ? "attacker" : "defender");

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  g_assert_cmpint (outcome_int (outcome, fire ? "firer_score" : "attacker_score"), ==,
                   c->a_score);
  g_assert_cmpint (outcome_int (outcome, fire ? "target_score" : "defender_score"), ==,
                   c->b_score);
  g_assert_cmpint (explained_score (outcome, fire ? "firer" : "attacker"), ==, c->a_score);
  g_assert_cmpint (explained_score (outcome, fire ? "target" : "defender"), ==, c->b_score);

  expected = fire ? book_fire_result (c->a_score, c->b_score, blocked)
                  : book_close_result (c->a_score, c->b_score, blocked);
  if (c->key != NULL)
    g_assert_cmpstr (c->key, ==, expected);   /* the table itself agrees with the book */
  g_assert_cmpstr (outcome->key, ==, expected);

  for (guint l = 0; l < outcome->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);

      if (line->kind == ADJ_EXPLAIN_NOTE && c->note != NULL)
        noted |= strstr (line->label, c->note) != NULL;
    }
  g_assert_true (noted == (c->note != NULL));
}

/* The rules forbid these: both resolving and asking the odds say so. */
typedef struct {
  const char *name;
  const char *mech;
  const char *inputs;
} ForbiddenCase;

static const ForbiddenCase forbidden_cases[] = {
  { "fire-combat/forbidden/distance-1", FIRE, "{\"distance\":1}" },
  { "fire-combat/forbidden/distance-1-artillery", FIRE,
    "{\"distance\":1,\"firer_type\":\"field-artillery\",\"firer_weapon\":\"rifled-field\"}" },
  { "fire-combat/forbidden/out-of-range/single-shot-3", FIRE, "{\"distance\":3}" },
  { "fire-combat/forbidden/out-of-range/magazine-4", FIRE,
    "{\"distance\":4,\"firer_weapon\":\"magazine-rifle\"}" },
  { "fire-combat/forbidden/out-of-range/hand-held-2", FIRE,
    "{\"firer_type\":\"native-infantry\",\"firer_weapon\":\"hand-held\"}" },
  { "fire-combat/forbidden/out-of-range/command-stand", FIRE,
    "{\"firer_type\":\"command-average\",\"firer_weapon\":\"hand-held\"}" },
  { "fire-combat/forbidden/limbered-gun", FIRE,
    "{\"firer_type\":\"field-artillery\",\"firer_weapon\":\"rifled-field\","
    "\"firer_limbered\":true}" },
  { "fire-combat/forbidden/mounted-regular-cavalry", FIRE,
    "{\"firer_type\":\"regular-cavalry\"}" },
  { "fire-combat/forbidden/mounted-regular-cavalry-moved", FIRE,
    "{\"firer_type\":\"regular-cavalry\",\"firer_moved\":true,"
    "\"firer_weapon\":\"magazine-rifle\"}" },
  { "fire-combat/forbidden/transport", FIRE, "{\"firer_type\":\"transport\"}" },
  { "fire-combat/forbidden/weapon-not-carried", FIRE, "{\"firer_weapon\":\"rifled-field\"}" },
  { "close-combat/forbidden/transport", CLOSE, "{\"attacker_type\":\"transport\"}" },
  { "close-combat/forbidden/limbered-gun", CLOSE,
    "{\"attacker_type\":\"field-artillery\",\"attacker_limbered\":true}" },
};

static void
test_forbidden_case (gconstpointer data)
{
  const ForbiddenCase *c = data;
  static const int dice[] = { 6, 6, 6, 6 };
  g_autoptr(AdjInputs) in = inputs_new (c->mech, c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) odds_error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (NULL, in, dice, G_N_ELEMENTS (dice), &error);
  AdjContext ctx = { .ruleset = rs };
  g_autoptr(AdjOdds) odds = adj_mechanic_odds (in->mechanic, &ctx, in, &odds_error);

  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_null (odds);
  g_assert_error (odds_error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==, odds_error->message);
}

/* ------------------------------------------------------------------------------------------ */
/* The weapon range table, cell by cell                                                        */

typedef struct {
  const char *weapon;
  int         range;
  const char *carrier;    /* a stand type that carries it */
} RangeCase;

static const RangeCase range_cases[] = {
  { "hand-held", 1, "native-infantry" },
  { "rifled-musket", 1, "regular-infantry" },
  { "single-shot-rifle", 2, "regular-infantry" },
  { "magazine-rifle", 3, "regular-infantry" },
  { "smoothbore-mountain", 4, "mountain-artillery" },
  { "rifled-mountain", 6, "mountain-artillery" },
  { "smoothbore-field", 5, "field-artillery" },
  { "rifled-field", 8, "field-artillery" },
  { "smoothbore-medium", 6, "medium-artillery" },
  { "rifled-medium", 10, "medium-artillery" },
  { "smoothbore-heavy", 7, "heavy-artillery" },
  { "rifled-heavy", 12, "heavy-artillery" },
  { "mechanical-mg", 3, "mechanical-mg" },
  { "automatic-mg", 4, "automatic-mg" },
  { "pom-pom", 6, "pom-pom" },
};

static GError *
fire_at (const char *type,
         const char *weapon,
         int         distance)
{
  static const int dice[] = { 6, 6, 1, 1 };
  g_autoptr(AdjInputs) in = inputs_new (FIRE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  GError *error = NULL;

  g_assert_true (adj_inputs_set_string (in, "firer_type", type, NULL));
  g_assert_true (adj_inputs_set_string (in, "firer_weapon", weapon, NULL));
  g_assert_true (adj_inputs_set_int (in, "distance", distance, NULL));
  outcome = resolve_entered (NULL, in, dice, G_N_ELEMENTS (dice), &error);
  if (outcome != NULL)
    {
      g_assert_no_error (error);
      g_assert_cmpstr (outcome->key, ==, "destroyed");
    }
  return error;
}

static void
test_range_case (gconstpointer data)
{
  const RangeCase *c = data;
  const AdjWeapon *w = adj_ruleset_find_weapon (rs, c->weapon);
  const AdjUnitType *t = adj_ruleset_find_unit_type (rs, c->carrier);

  g_assert_nonnull (w);
  g_assert_nonnull (t);
  g_assert_cmpint (w->range, ==, c->range);
  g_assert_true (g_strv_contains (t->weapons, c->weapon));

  if (c->range >= 2)
    {
      g_autoptr(GError) at_range = fire_at (c->carrier, c->weapon, c->range);
      g_autoptr(GError) beyond = fire_at (c->carrier, c->weapon, c->range + 1);

      g_assert_no_error (at_range);
      g_assert_error (beyond, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
      g_assert_nonnull (strstr (beyond->message, "range"));
    }
  else
    {
      /* Range 1 is always close combat: such a weapon never fires. */
      g_autoptr(GError) adjacent = fire_at (c->carrier, c->weapon, 1);
      g_autoptr(GError) beyond = fire_at (c->carrier, c->weapon, 2);

      g_assert_error (adjacent, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
      g_assert_nonnull (strstr (adjacent->message, "close combat"));
      g_assert_error (beyond, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
      g_assert_nonnull (strstr (beyond->message, "range"));
    }
}

static void
test_range_table_complete (void)
{
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);

  g_assert_cmpuint (weapons->len, ==, G_N_ELEMENTS (range_cases));
  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      gboolean found = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (range_cases); j++)
        found |= g_str_equal (range_cases[j].weapon, w->id);
      g_assert_true (found);
    }
}

/* The stand values and moves of the ruleset are the book's. */
static void
test_stand_values (void)
{
  GPtrArray *types = adj_ruleset_get_unit_types (rs);

  g_assert_cmpuint (types->len, ==, G_N_ELEMENTS (book_types));
  for (guint i = 0; i < G_N_ELEMENTS (book_types); i++)
    {
      const AdjUnitType *t = adj_ruleset_find_unit_type (rs, book_types[i].id);

      g_assert_nonnull (t);
      g_assert_cmpint (t->value, ==, book_types[i].value);
      g_assert_cmpint (t->move, ==, book_types[i].move);
    }
}

/* ------------------------------------------------------------------------------------------ */

static void
test_mechanic_list (void)
{
  static const char *const ids[] = {
    "wec/army-value", "wec/army-limits", "wec/commander-rating", "wec/terrain", "wec/baselines",
    "wec/deployment", "wec/initiative", "wec/activation", "wec/movement", "wec/fire-combat",
    "wec/close-combat", "wec/recoil", "wec/withdrawal", "wec/battle-result",
  };
  const AdjSystem *system = adj_system_lookup ("wec");

  g_assert_nonnull (system);
  g_assert_cmpuint (system->n_mechanics, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const AdjMechanic *mech = adj_mechanic_lookup (ids[i]);
      g_assert_nonnull (mech);
      g_assert_true (system->mechanics[i] == mech);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  rs = adj_ruleset_lookup ("wec", &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);

  g_test_add_func ("/wec/mechanics", test_mechanic_list);
  g_test_add_func ("/wec/stand-values", test_stand_values);
  for (guint i = 0; i < G_N_ELEMENTS (combat_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/", combat_cases[i].name, NULL);
      g_test_add_data_func (path, &combat_cases[i], test_combat_case);
    }
  for (guint i = 0; i < G_N_ELEMENTS (forbidden_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/", forbidden_cases[i].name, NULL);
      g_test_add_data_func (path, &forbidden_cases[i], test_forbidden_case);
    }
  g_test_add_func ("/wec/fire-combat/range/table-complete", test_range_table_complete);
  for (guint i = 0; i < G_N_ELEMENTS (range_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/fire-combat/range/", range_cases[i].weapon, NULL);
      g_test_add_data_func (path, &range_cases[i], test_range_case);
    }
  add_odds_grids ();
  add_result_cases ();
  g_test_add_func ("/wec/initiative/odds", test_initiative_odds);
  g_test_add_func ("/wec/activation/odds", test_activation_odds);
  g_test_add_func ("/wec/commander-rating/odds", test_commander_rating_odds);
  g_test_add_func ("/wec/terrain/odds", test_terrain_odds);
  g_test_add_func ("/wec/baselines/odds", test_baselines_odds);
  g_test_add_func ("/wec/deployment/odds", test_deployment_odds);
  g_test_add_func ("/wec/army-value/odds", test_army_value_odds);
  g_test_add_func ("/wec/certain-odds", test_certain_odds);
  g_test_add_func ("/wec/templates/count", test_templates_count);
  add_template_cases ();
  g_test_add_func ("/wec/battle/fire-combat", test_battle_fire);
  g_test_add_func ("/wec/battle/fire-combat/cavalry", test_battle_fire_cavalry);
  g_test_add_func ("/wec/battle/close-combat", test_battle_close);
  g_test_add_func ("/wec/battle/sides", test_battle_sides);
  g_test_add_func ("/wec/battle/commander-rating", test_battle_commander_rating);
  g_test_add_func ("/wec/battle/recoil-and-army-value", test_battle_recoil_and_army_value);
  g_test_add_func ("/wec/battle/large-stand", test_battle_large_stand);
  add_turn_tests ();

  status = g_test_run ();
  adj_ruleset_unref (rs);
  return status;
}
