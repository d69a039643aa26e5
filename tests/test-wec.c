/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec.c: every When Empires Clash! mechanic against the rules as RULES.md states them. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-ruleset.h"
#include "adj-unit.h"

/* One reference to the ruleset for the whole run, taken in main(). */
static AdjRuleset *rs;

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md restates it: written here independently of wec.json and adj-wec.c    */

typedef enum {
  BOOK_INFANTRY,
  BOOK_CAVALRY,
  BOOK_GUN,        /* artillery, machine guns and pom-poms */
  BOOK_TRANSPORT,
  BOOK_COMMAND,
} BookKind;

typedef struct {
  const char *id;
  int         value;
  BookKind    kind;
  int         move;
} BookType;

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

static const BookType *
book_type (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (book_types); i++)
    if (g_str_equal (book_types[i].id, id))
      return &book_types[i];
  g_assert_not_reached ();
  return NULL;
}

/* Fire: F < E ineffective; E <= F and 2E > F recoil; 2E <= F destroyed. */
static const char *
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
static const char *
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
static GArray *
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

static guint64
gcd64 (guint64 a,
       guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static AdjInputs *
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
static AdjOutcome *
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

static AdjOdds *
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
static void
assert_odds_sum_one (const AdjOdds *odds)
{
  guint64 sum = 0, acc_n = 0, acc_d = 1;

  g_assert_false (odds->overflow);
  g_assert_cmpuint (odds->total, >, 0);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      guint64 n, d, g;

      sum += e->count;
      g_assert_cmpuint (e->den, >, 0);
      n = acc_n * e->den + e->num * acc_d;
      d = acc_d * e->den;
      g = gcd64 (n, d);
      acc_n = n / g;
      acc_d = d / g;
    }
  g_assert_cmpuint (sum, ==, odds->total);
  g_assert_cmpuint (acc_n, ==, 1);
  g_assert_cmpuint (acc_d, ==, 1);
}

/* The entry for @key is exactly @count / @total (compared reduced). */
static void
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
      g_assert_cmpuint (e->num, ==, 0);
      g_assert_cmpuint (e->count, ==, 0);
    }
  else
    {
      guint64 g = gcd64 (count, total);

      g_assert_cmpuint (e->num, ==, count / g);
      g_assert_cmpuint (e->den, ==, total / g);
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

static int
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
} CombatCase;

#define FIRE "wec/fire-combat"
#define CLOSE "wec/close-combat"
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
  { "close-combat/modifier/all/cavalry-charge", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"attacker_command\":3,\"attacker_support\":2,"
    "\"attacker_backed\":true,\"flank\":true,\"isolated_open\":true,\"uphill\":true,"
    "\"defender_covered\":true,\"defender_command\":1,\"defender_support\":1,"
    "\"defender_backed\":true}", D3333, 17, 12, NULL },
  { "close-combat/modifier/all/guns", CLOSE,
    "{\"attacker_type\":\"field-artillery\",\"attacker_support\":1,\"flank\":true}", D3333, 12,
    8, NULL },
  { "close-combat/modifier/all/square", CLOSE,
    "{\"attacker_type\":\"regular-cavalry\",\"flank\":true,\"defender_in_square\":true,"
    "\"isolated_open\":true,\"defender_type\":\"regular-infantry\",\"defender_backed\":true}",
    D3333, 12, 11, NULL },
  { "close-combat/modifier/all/blocked-loser", CLOSE,
    "{\"uphill\":true,\"defender_covered\":true,\"defender_support\":2,"
    "\"recoil_blocked\":true}", D3333, 5, 10, NULL },
};

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
/* Exact odds of the two combats against a brute force over every die face                   */

typedef struct {
  const char *name;
  const char *a_type;
  const char *weapon;        /* fire only */
  int         distance;      /* fire only */
  gboolean    a_dismounted;
  int         a_command;
  int         a_support;     /* close only */
  gboolean    a_backed;      /* close only */
  const char *b_type;
  gboolean    b_dismounted;  /* close only */
  int         b_command;
  int         b_support;     /* close only */
  gboolean    b_backed;      /* close only */
  gboolean    flank;
  gboolean    shared;        /* fire */
  gboolean    moved;         /* fire */
  gboolean    covered;
  gboolean    in_square;     /* close */
  gboolean    isolated;      /* close */
  gboolean    uphill;        /* close */
} ComboSet;

static const ComboSet fire_sets[] = {
  { .name = "plain", .a_type = "regular-infantry", .weapon = "single-shot-rifle", .distance = 2,
    .b_type = "regular-infantry" },
  { .name = "artillery-all", .a_type = "field-artillery", .weapon = "rifled-field",
    .distance = 8, .a_command = 2, .flank = TRUE, .shared = TRUE, .covered = TRUE,
    .b_type = "regular-cavalry", .b_command = 1 },
  { .name = "cavalry-moved", .a_type = "irregular-cavalry", .weapon = "single-shot-rifle",
    .distance = 2, .moved = TRUE, .flank = TRUE, .b_type = "transport" },
  { .name = "mg-shared", .a_type = "automatic-mg", .weapon = "automatic-mg", .distance = 3,
    .shared = TRUE, .b_type = "heavy-artillery", .b_command = 3 },
  { .name = "covered-command", .a_type = "regular-infantry", .weapon = "magazine-rifle",
    .distance = 3, .covered = TRUE, .a_command = 3, .b_type = "native-infantry" },
  { .name = "dismounted-moved", .a_type = "regular-cavalry", .weapon = "magazine-rifle",
    .distance = 2, .a_dismounted = TRUE, .moved = TRUE, .shared = TRUE,
    .b_type = "command-poor" },
  { .name = "pom-pom-long", .a_type = "pom-pom", .weapon = "pom-pom", .distance = 6,
    .shared = TRUE, .flank = TRUE, .b_type = "irregular-infantry", .b_command = 2 },
};

static const ComboSet close_sets[] = {
  { .name = "plain", .a_type = "regular-infantry", .b_type = "native-infantry" },
  { .name = "cavalry-charge", .a_type = "regular-cavalry", .flank = TRUE, .isolated = TRUE,
    .a_command = 3, .b_type = "native-infantry", .b_support = 2, .b_backed = TRUE },
  { .name = "guns", .a_type = "field-artillery", .a_support = 1, .uphill = TRUE,
    .b_type = "regular-infantry", .b_command = 1 },
  { .name = "square", .a_type = "regular-cavalry", .flank = TRUE, .in_square = TRUE,
    .isolated = TRUE, .covered = TRUE, .b_type = "regular-infantry", .b_backed = TRUE,
    .b_support = 3 },
  { .name = "dismounted", .a_type = "regular-cavalry", .a_dismounted = TRUE, .isolated = TRUE,
    .flank = TRUE, .b_type = "irregular-cavalry", .b_dismounted = TRUE },
  { .name = "cavalry-vs-dismounted", .a_type = "native-cavalry", .isolated = TRUE,
    .uphill = TRUE, .b_type = "irregular-cavalry", .b_dismounted = TRUE },
  { .name = "supports-max", .a_type = "regular-infantry", .a_support = 8, .a_backed = TRUE,
    .a_command = 3, .b_type = "automatic-mg", .b_support = 8, .b_backed = TRUE,
    .b_command = 3 },
  { .name = "cavalry-vs-cavalry", .a_type = "irregular-cavalry", .isolated = TRUE,
    .flank = TRUE, .b_type = "native-cavalry" },
};

typedef struct {
  const ComboSet *set;
  gboolean        fire;
  const char     *a_dice;
  const char     *b_dice;
  gboolean        blocked;
} OddsCase;

/* The firer's and the target's modifiers, as RULES.md gives them. */
static void
book_fire_mods (const ComboSet *s,
                int            *f,
                int            *e)
{
  const BookType *ft = book_type (s->a_type);
  gboolean mounted_cavalry = ft->kind == BOOK_CAVALRY && !s->a_dismounted;

  *f = ft->value + s->a_command;
  if (s->flank)
    *f += 1;
  if (s->shared && ft->kind == BOOK_GUN)
    *f += 2;
  if (s->moved && mounted_cavalry)
    *f -= 1;
  if (s->covered)
    *f -= 2;
  *e = book_type (s->b_type)->value + s->b_command;
}

static void
book_close_mods (const ComboSet *s,
                 int            *a,
                 int            *d)
{
  const BookType *at = book_type (s->a_type);
  const BookType *dt = book_type (s->b_type);
  BookKind akind = at->kind == BOOK_CAVALRY && s->a_dismounted ? BOOK_INFANTRY : at->kind;
  BookKind dkind = dt->kind == BOOK_CAVALRY && s->b_dismounted ? BOOK_INFANTRY : dt->kind;

  *a = at->value + s->a_command + s->a_support + (s->a_backed ? 2 : 0);
  if (akind == BOOK_GUN)
    *a += 1;
  if (s->flank && !s->in_square)
    *a += 2;
  if (akind == BOOK_CAVALRY && s->isolated && (dkind == BOOK_INFANTRY || dkind == BOOK_GUN))
    *a += 3;
  if (s->uphill)
    *a -= 2;
  if (s->covered)
    *a -= 2;
  *d = dt->value + s->b_command + s->b_support + (s->b_backed ? 2 : 0);
}

static AdjInputs *
combo_inputs (const OddsCase *c)
{
  const ComboSet *s = c->set;
  AdjInputs *in = inputs_new (c->fire ? FIRE : CLOSE, NULL);
  g_autoptr(GError) error = NULL;

  if (c->fire)
    {
      adj_inputs_set_string (in, "firer_type", s->a_type, &error);
      g_assert_no_error (error);
      adj_inputs_set_string (in, "firer_weapon", s->weapon, &error);
      g_assert_no_error (error);
      g_assert_true (adj_inputs_set_int (in, "distance", s->distance, NULL));
      g_assert_true (adj_inputs_set_string (in, "firer_dice", c->a_dice, NULL));
      g_assert_true (adj_inputs_set_string (in, "target_dice", c->b_dice, NULL));
      g_assert_true (adj_inputs_set_bool (in, "firer_dismounted", s->a_dismounted, NULL));
      g_assert_true (adj_inputs_set_int (in, "firer_command", s->a_command, NULL));
      g_assert_true (adj_inputs_set_string (in, "target_type", s->b_type, NULL));
      g_assert_true (adj_inputs_set_int (in, "target_command", s->b_command, NULL));
      g_assert_true (adj_inputs_set_bool (in, "flank", s->flank, NULL));
      g_assert_true (adj_inputs_set_bool (in, "shared_square", s->shared, NULL));
      g_assert_true (adj_inputs_set_bool (in, "firer_moved", s->moved, NULL));
      g_assert_true (adj_inputs_set_bool (in, "target_covered", s->covered, NULL));
    }
  else
    {
      g_assert_true (adj_inputs_set_string (in, "attacker_type", s->a_type, NULL));
      g_assert_true (adj_inputs_set_string (in, "attacker_dice", c->a_dice, NULL));
      g_assert_true (adj_inputs_set_bool (in, "attacker_dismounted", s->a_dismounted, NULL));
      g_assert_true (adj_inputs_set_int (in, "attacker_command", s->a_command, NULL));
      g_assert_true (adj_inputs_set_int (in, "attacker_support", s->a_support, NULL));
      g_assert_true (adj_inputs_set_bool (in, "attacker_backed", s->a_backed, NULL));
      g_assert_true (adj_inputs_set_string (in, "defender_type", s->b_type, NULL));
      g_assert_true (adj_inputs_set_string (in, "defender_dice", c->b_dice, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_dismounted", s->b_dismounted, NULL));
      g_assert_true (adj_inputs_set_int (in, "defender_command", s->b_command, NULL));
      g_assert_true (adj_inputs_set_int (in, "defender_support", s->b_support, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_backed", s->b_backed, NULL));
      g_assert_true (adj_inputs_set_bool (in, "flank", s->flank, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_in_square", s->in_square, NULL));
      g_assert_true (adj_inputs_set_bool (in, "isolated_open", s->isolated, NULL));
      g_assert_true (adj_inputs_set_bool (in, "uphill", s->uphill, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_covered", s->covered, NULL));
    }
  g_assert_true (adj_inputs_set_bool (in, "recoil_blocked", c->blocked, NULL));
  return in;
}

static void
test_combat_odds (gconstpointer data)
{
  static const char *const fire_keys[] = { "ineffective", "recoil", "destroyed" };
  static const char *const close_keys[] = {
    "attacker-recoils", "attacker-destroyed", "defender-recoils", "defender-destroyed"
  };
  const OddsCase *c = data;
  const char *const *keys = c->fire ? fire_keys : close_keys;
  guint n_keys = c->fire ? G_N_ELEMENTS (fire_keys) : G_N_ELEMENTS (close_keys);
  guint64 counts[4] = { 0 };
  guint64 total = 0;
  g_autoptr(GArray) a_throws = book_throws (c->a_dice);
  g_autoptr(GArray) b_throws = book_throws (c->b_dice);
  g_autoptr(AdjInputs) in = combo_inputs (c);
  g_autoptr(AdjOdds) odds = odds_of (in);
  int a_mod, b_mod;

  if (c->fire)
    book_fire_mods (c->set, &a_mod, &b_mod);
  else
    book_close_mods (c->set, &a_mod, &b_mod);

  for (guint i = 0; i < a_throws->len; i++)
    for (guint j = 0; j < b_throws->len; j++)
      {
        int a = g_array_index (a_throws, int, i) + a_mod;
        int b = g_array_index (b_throws, int, j) + b_mod;
        const char *key = c->fire ? book_fire_result (a, b, c->blocked)
                                  : book_close_result (a, b, c->blocked);
        guint k;

        for (k = 0; k < n_keys; k++)
          if (g_str_equal (keys[k], key))
            break;
        g_assert_cmpuint (k, <, n_keys);
        counts[k]++;
        total++;
      }

  g_assert_cmpuint (total, ==, (guint64) a_throws->len * b_throws->len);
  g_assert_cmpuint (odds->entries->len, ==, n_keys);
  for (guint k = 0; k < n_keys; k++)
    assert_fraction (odds, keys[k], counts[k], total);
  assert_odds_sum_one (odds);
}

static void
add_odds_grid (const ComboSet *sets,
               guint           n_sets,
               gboolean        fire)
{
  static const char *const dice[] = { "2d6", "d12" };

  for (guint s = 0; s < n_sets; s++)
    for (guint a = 0; a < 2; a++)
      for (guint b = 0; b < 2; b++)
        for (guint blocked = 0; blocked < 2; blocked++)
          {
            OddsCase *c = g_new0 (OddsCase, 1);
            g_autofree char *path = NULL;

            c->set = &sets[s];
            c->fire = fire;
            c->a_dice = dice[a];
            c->b_dice = dice[b];
            c->blocked = blocked;
            path = g_strdup_printf ("/wec/%s/odds/%s/%s-vs-%s%s", fire ? "fire-combat"
                                                                    : "close-combat",
                                    sets[s].name, dice[a], dice[b], blocked ? "/blocked" : "");
            g_test_add_data_func_full (path, c, test_combat_odds, g_free);
          }
}

/* ------------------------------------------------------------------------------------------ */
/* Every other mechanic with entered dice (or none at all)                                     */

typedef struct {
  const char *name;
  const char *mech;
  const char *inputs;
  int         dice[16];
  guint       n_dice;      /* 0: the mechanic must not roll */
  const char *key;         /* NULL: resolving fails with @error */
  int         error;
  const char *int_name;    /* an outcome value to check, or NULL */
  int         int_value;
  const char *int2_name;
  int         int2_value;
  const char *str_name;
  const char *str_value;
} ResultCase;

#define INIT "wec/initiative"
#define ACT "wec/activation"
#define RATE "wec/commander-rating"
#define TERR "wec/terrain"
#define BASE "wec/baselines"
#define DEPL "wec/deployment"
#define AVAL "wec/army-value"
#define LIMS "wec/army-limits"
#define MOVE "wec/movement"
#define RECO "wec/recoil"
#define WDRW "wec/withdrawal"
#define RSLT "wec/battle-result"

static const ResultCase result_cases[] = {
  /* Initiative: higher chooses; ties are rolled again. */
  { "initiative/2d6/decisive", INIT, "{}", { 6, 5, 1, 2 }, 4, "side-a", 0, "rounds", 1,
    "side_a_roll", 11 },
  { "initiative/2d6/second-side", INIT, "{}", { 1, 1, 6, 6 }, 4, "side-b", 0, "rounds", 1,
    "side_b_roll", 12 },
  { "initiative/2d6/tie-then-first", INIT, "{}", { 3, 4, 2, 5, 6, 6, 1, 1 }, 8, "side-a", 0,
    "rounds", 2, "side_a_roll", 12 },
  { "initiative/2d6/two-ties-then-second", INIT, "{}", { 1, 1, 1, 1, 6, 6, 6, 6, 1, 2, 3, 4 },
    12, "side-b", 0, "rounds", 3, "side_b_roll", 7 },
  { "initiative/d12-vs-2d6/first", INIT, "{\"side_a_dice\":\"d12\"}", { 3, 1, 1 }, 3, "side-a",
    0, "rounds", 1, "side_a_roll", 3 },
  { "initiative/d12-vs-2d6/tie-then-second", INIT, "{\"side_a_dice\":\"d12\"}",
    { 2, 1, 1, 1, 3, 3 }, 6, "side-b", 0, "rounds", 2, "side_b_roll", 6 },
  { "initiative/2d6-vs-d12/second", INIT, "{\"side_b_dice\":\"d12\"}", { 6, 5, 12 }, 3,
    "side-b", 0, "rounds", 1, "side_a_roll", 11 },
  { "initiative/tie/no-more-dice", INIT, "{}", { 3, 4, 2, 5 }, 4, NULL, ADJ_ERROR_NEED_DICE },
  { "initiative/tie/one-die-short", INIT, "{}", { 3, 4, 2, 5, 6, 6, 1 }, 7, NULL,
    ADJ_ERROR_NEED_DICE },
  { "initiative/d12/tie/no-more-dice", INIT, "{\"side_a_dice\":\"d12\",\"side_b_dice\":\"d12\"}",
    { 5, 5 }, 2, NULL, ADJ_ERROR_NEED_DICE },
  { "initiative/too-many-dice", INIT, "{}", { 6, 5, 1, 2, 3 }, 5, NULL, ADJ_ERROR_INVALID },
  { "initiative/d12/face-13", INIT, "{\"side_a_dice\":\"d12\"}", { 13, 1, 1 }, 3, NULL,
    ADJ_ERROR_INVALID },

  /* Activation: the dice plus the command stand's value. */
  { "activation/2d6/average", ACT, "{\"command_value\":2}", { 3, 4 }, 2, "9", 0, "result", 9 },
  { "activation/2d6/none", ACT, "{\"command_value\":0}", { 1, 1 }, 2, "2", 0, "result", 2 },
  { "activation/2d6/exceptional-max", ACT, "{\"command_value\":3}", { 6, 6 }, 2, "15", 0,
    "result", 15 },
  { "activation/d12/poor", ACT, "{\"dice\":\"d12\",\"command_value\":1}", { 1 }, 1, "2", 0,
    "result", 2 },
  { "activation/d12/exceptional", ACT, "{\"dice\":\"d12\",\"command_value\":3}", { 12 }, 1, "15",
    0, "result", 15 },
  { "activation/2d6/one-die-short", ACT, "{}", { 4 }, 1, NULL, ADJ_ERROR_NEED_DICE },
  { "activation/d12/one-too-many", ACT, "{\"dice\":\"d12\"}", { 4, 4 }, 2, NULL,
    ADJ_ERROR_INVALID },
  { "activation/2d6/face-7", ACT, "{}", { 7, 1 }, 2, NULL, ADJ_ERROR_INVALID },

  /* Commander rating: every face of the D6. */
  { "commander-rating/face-1", RATE, "{}", { 1 }, 1, "poor", 0, "value", 1, NULL, 0, "type",
    "command-poor" },
  { "commander-rating/face-2", RATE, "{}", { 2 }, 1, "poor", 0, "value", 1, NULL, 0, "type",
    "command-poor" },
  { "commander-rating/face-3", RATE, "{}", { 3 }, 1, "average", 0, "value", 2, NULL, 0, "type",
    "command-average" },
  { "commander-rating/face-4", RATE, "{}", { 4 }, 1, "average", 0, "value", 2, NULL, 0, "type",
    "command-average" },
  { "commander-rating/face-5", RATE, "{}", { 5 }, 1, "average", 0, "value", 2, NULL, 0, "type",
    "command-average" },
  { "commander-rating/face-6", RATE, "{}", { 6 }, 1, "exceptional", 0, "value", 3, NULL, 0,
    "type", "command-exceptional" },

  /* Terrain: D6 pieces each; the higher places first; equal scores roll off. */
  { "terrain/first-higher", TERR, "{}", { 4, 2 }, 2, "side-a", 0, "pieces_a", 4, "pieces_b",
    2 },
  { "terrain/second-higher", TERR, "{}", { 1, 6 }, 2, "side-b", 0, "pieces_a", 1, "pieces_b",
    6 },
  { "terrain/tie-roll-off", TERR, "{}", { 3, 3, 2, 5 }, 4, "side-b", 0, "pieces_a", 3,
    "pieces_b", 3 },
  { "terrain/tie-roll-off-tie", TERR, "{}", { 3, 3, 4, 4, 6, 1 }, 6, "side-a", 0, "pieces_a", 3,
    "rounds", 2 },
  { "terrain/tie-no-more-dice", TERR, "{}", { 3, 3 }, 2, NULL, ADJ_ERROR_NEED_DICE },

  /* Baselines: D6 each, the higher chooses, ties roll again. */
  { "baselines/first-higher", BASE, "{}", { 5, 2 }, 2, "side-a", 0, "rounds", 1 },
  { "baselines/tie-then-second", BASE, "{}", { 2, 2, 1, 6 }, 4, "side-b", 0, "rounds", 2 },
  { "baselines/tie-no-more-dice", BASE, "{}", { 4, 4 }, 2, NULL, ADJ_ERROR_NEED_DICE },

  /* Deployment depth: D6 squares. */
  { "deployment/face-1", DEPL, "{}", { 1 }, 1, "1", 0, "result", 1 },
  { "deployment/face-2", DEPL, "{}", { 2 }, 1, "2", 0, "result", 2 },
  { "deployment/face-3", DEPL, "{}", { 3 }, 1, "3", 0, "result", 3 },
  { "deployment/face-4", DEPL, "{}", { 4 }, 1, "4", 0, "result", 4 },
  { "deployment/face-5", DEPL, "{}", { 5 }, 1, "5", 0, "result", 5 },
  { "deployment/face-6", DEPL, "{}", { 6 }, 1, "6", 0, "result", 6 },

  /* Army value: 8D6, at most 33% (rounded down) on stands worth 4 or more. */
  { "army-value/minimum", AVAL, "{}", { 1, 1, 1, 1, 1, 1, 1, 1 }, 8, "8", 0, "result", 8,
    "heavy_cap", 2 },
  { "army-value/9", AVAL, "{}", { 2, 1, 1, 1, 1, 1, 1, 1 }, 8, "9", 0, "result", 9, "heavy_cap",
    2 },
  { "army-value/10", AVAL, "{}", { 2, 2, 1, 1, 1, 1, 1, 1 }, 8, "10", 0, "result", 10,
    "heavy_cap", 3 },
  { "army-value/36", AVAL, "{}", { 6, 6, 6, 6, 3, 3, 3, 3 }, 8, "36", 0, "result", 36,
    "heavy_cap", 11 },
  { "army-value/37", AVAL, "{}", { 6, 6, 6, 6, 4, 3, 3, 3 }, 8, "37", 0, "result", 37,
    "heavy_cap", 12 },
  { "army-value/40", AVAL, "{}", { 5, 5, 5, 5, 5, 5, 5, 5 }, 8, "40", 0, "result", 40,
    "heavy_cap", 13 },
  { "army-value/maximum", AVAL, "{}", { 6, 6, 6, 6, 6, 6, 6, 6 }, 8, "48", 0, "result", 48,
    "heavy_cap", 15 },
  { "army-value/seven-dice", AVAL, "{}", { 6, 6, 6, 6, 6, 6, 6 }, 7, NULL, ADJ_ERROR_NEED_DICE },
  { "army-value/nine-dice", AVAL, "{}", { 6, 6, 6, 6, 6, 6, 6, 6, 6 }, 9, NULL,
    ADJ_ERROR_INVALID },

  /* Army limits: 36 points, at most 12 on stands worth 4+, exactly one command stand. */
  { "army-limits/standard/36", LIMS, "{\"total_value\":36,\"heavy_value\":12}", { 0 }, 0,
    "legal", 0, "total_half_points", 72, "budget", 36 },
  { "army-limits/standard/37", LIMS, "{\"total_value\":37}", { 0 }, 0, "illegal", 0,
    "total_half_points", 74 },
  { "army-limits/standard/35", LIMS, "{\"total_value\":35}", { 0 }, 0, "legal", 0,
    "total_half_points", 70 },
  { "army-limits/standard/heavy-13", LIMS, "{\"total_value\":36,\"heavy_value\":13}", { 0 }, 0,
    "illegal", 0, "heavy", 13 },
  { "army-limits/standard/heavy-16", LIMS, "{\"total_value\":36,\"heavy_value\":16}", { 0 }, 0,
    "illegal", 0, "heavy", 16 },
  { "army-limits/command/none", LIMS, "{\"total_value\":36,\"command_stands\":0}", { 0 }, 0,
    "illegal", 0, "command_stands", 0 },
  { "army-limits/command/two", LIMS, "{\"total_value\":36,\"command_stands\":2}", { 0 }, 0,
    "illegal", 0, "command_stands", 2 },
  { "army-limits/entrenchment/35-and-2-lengths", LIMS,
    "{\"total_value\":35,\"entrenchment_lengths\":2}", { 0 }, 0, "legal", 0,
    "total_half_points", 72 },
  { "army-limits/entrenchment/35-and-3-lengths", LIMS,
    "{\"total_value\":35,\"entrenchment_lengths\":3}", { 0 }, 0, "illegal", 0,
    "total_half_points", 73 },
  { "army-limits/entrenchment/28-and-16-lengths", LIMS,
    "{\"total_value\":28,\"entrenchment_lengths\":16}", { 0 }, 0, "legal", 0,
    "total_half_points", 72 },
  { "army-limits/entrenchment/36-and-1-length", LIMS,
    "{\"total_value\":36,\"entrenchment_lengths\":1}", { 0 }, 0, "illegal", 0,
    "total_half_points", 73 },
  { "army-limits/rolled/30-heavy-9", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":30,\"total_value\":30,\"heavy_value\":9}", { 0 },
    0, "legal", 0, "budget", 30 },
  { "army-limits/rolled/30-heavy-10", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":30,\"total_value\":30,\"heavy_value\":10}", { 0 },
    0, "illegal", 0, "budget", 30 },
  { "army-limits/rolled/30-total-31", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":30,\"total_value\":31}", { 0 }, 0, "illegal", 0,
    "total_half_points", 62 },
  { "army-limits/rolled/13-heavy-4", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":13,\"total_value\":13,\"heavy_value\":4}", { 0 },
    0, "legal", 0, "heavy", 4 },
  { "army-limits/rolled/12-heavy-4", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":12,\"total_value\":12,\"heavy_value\":4}", { 0 },
    0, "illegal", 0, "heavy", 4 },
  { "army-limits/rolled/48-heavy-15", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":48,\"total_value\":48,\"heavy_value\":15}", { 0 },
    0, "legal", 0, "budget", 48 },
  { "army-limits/rolled/48-heavy-16", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":48,\"total_value\":48,\"heavy_value\":16}", { 0 },
    0, "illegal", 0, "budget", 48 },

  /* Movement: every type's move, then roads, contours and mounting. */
  { "movement/regular-infantry", MOVE, "{\"type\":\"regular-infantry\"}", { 0 }, 0, "2" },
  { "movement/irregular-infantry", MOVE, "{\"type\":\"irregular-infantry\"}", { 0 }, 0, "3" },
  { "movement/native-infantry", MOVE, "{\"type\":\"native-infantry\"}", { 0 }, 0, "3" },
  { "movement/regular-cavalry", MOVE, "{\"type\":\"regular-cavalry\"}", { 0 }, 0, "4" },
  { "movement/irregular-cavalry", MOVE, "{\"type\":\"irregular-cavalry\"}", { 0 }, 0, "5" },
  { "movement/native-cavalry", MOVE, "{\"type\":\"native-cavalry\"}", { 0 }, 0, "5" },
  { "movement/dismounted/regular-cavalry", MOVE,
    "{\"type\":\"regular-cavalry\",\"dismounted\":true}", { 0 }, 0, "2" },
  { "movement/dismounted/irregular-cavalry", MOVE,
    "{\"type\":\"irregular-cavalry\",\"dismounted\":true}", { 0 }, 0, "2" },
  { "movement/dismounted/native-cavalry", MOVE,
    "{\"type\":\"native-cavalry\",\"dismounted\":true}", { 0 }, 0, "2" },
  { "movement/heavy-artillery", MOVE, "{\"type\":\"heavy-artillery\"}", { 0 }, 0, "2" },
  { "movement/medium-artillery", MOVE, "{\"type\":\"medium-artillery\"}", { 0 }, 0, "2" },
  { "movement/field-artillery", MOVE, "{\"type\":\"field-artillery\"}", { 0 }, 0, "2" },
  { "movement/mountain-artillery", MOVE, "{\"type\":\"mountain-artillery\"}", { 0 }, 0, "2" },
  { "movement/automatic-mg", MOVE, "{\"type\":\"automatic-mg\"}", { 0 }, 0, "2" },
  { "movement/mechanical-mg", MOVE, "{\"type\":\"mechanical-mg\"}", { 0 }, 0, "2" },
  { "movement/pom-pom", MOVE, "{\"type\":\"pom-pom\"}", { 0 }, 0, "2" },
  { "movement/transport", MOVE, "{\"type\":\"transport\"}", { 0 }, 0, "2" },
  { "movement/large-stand/field-artillery", MOVE,
    "{\"type\":\"field-artillery\",\"large_stand\":true}", { 0 }, 0, "0" },
  { "movement/large-stand/heavy-artillery-on-road", MOVE,
    "{\"type\":\"heavy-artillery\",\"large_stand\":true,\"road\":true}", { 0 }, 0, "0" },
  { "movement/large-stand/ignored-for-infantry", MOVE,
    "{\"type\":\"regular-infantry\",\"large_stand\":true}", { 0 }, 0, "2" },
  { "movement/commander-on-foot/exceptional", MOVE, "{\"type\":\"command-exceptional\"}", { 0 },
    0, "2" },
  { "movement/commander-on-foot/average", MOVE, "{\"type\":\"command-average\"}", { 0 }, 0,
    "2" },
  { "movement/commander-on-foot/poor", MOVE, "{\"type\":\"command-poor\"}", { 0 }, 0, "2" },
  { "movement/commander-mounted/exceptional", MOVE,
    "{\"type\":\"command-exceptional\",\"mounted\":true}", { 0 }, 0, "4" },
  { "movement/commander-mounted/average", MOVE,
    "{\"type\":\"command-average\",\"mounted\":true}", { 0 }, 0, "4" },
  { "movement/commander-mounted/poor", MOVE, "{\"type\":\"command-poor\",\"mounted\":true}",
    { 0 }, 0, "4" },
  { "movement/dismounted-flag-ignored-for-infantry", MOVE,
    "{\"type\":\"native-infantry\",\"dismounted\":true}", { 0 }, 0, "3" },
  { "movement/mounted-flag-ignored-for-cavalry", MOVE,
    "{\"type\":\"native-cavalry\",\"mounted\":true}", { 0 }, 0, "5" },
  { "movement/road", MOVE, "{\"type\":\"regular-infantry\",\"road\":true}", { 0 }, 0, "3" },
  { "movement/road/irregular-cavalry", MOVE, "{\"type\":\"irregular-cavalry\",\"road\":true}",
    { 0 }, 0, "6" },
  { "movement/road/mounted-commander", MOVE,
    "{\"type\":\"command-poor\",\"mounted\":true,\"road\":true}", { 0 }, 0, "5" },
  { "movement/contours/1", MOVE, "{\"type\":\"irregular-infantry\",\"contours\":1}", { 0 }, 0,
    "2" },
  { "movement/contours/2", MOVE, "{\"type\":\"regular-cavalry\",\"contours\":2}", { 0 }, 0,
    "2" },
  { "movement/contours/3-cavalry", MOVE, "{\"type\":\"native-cavalry\",\"contours\":3}", { 0 },
    0, "2" },
  { "movement/contours/more-than-the-move", MOVE,
    "{\"type\":\"regular-infantry\",\"contours\":5}", { 0 }, 0, "0" },
  { "movement/road-and-contour", MOVE,
    "{\"type\":\"regular-cavalry\",\"road\":true,\"contours\":1}", { 0 }, 0, "4" },
  { "movement/mounting", MOVE, "{\"type\":\"regular-cavalry\",\"mounting\":true}", { 0 }, 0,
    "0" },
  { "movement/dismounting", MOVE,
    "{\"type\":\"irregular-cavalry\",\"dismounted\":true,\"mounting\":true,\"road\":true}",
    { 0 }, 0, "0" },

  /* Recoil: within its move and unblocked, or destroyed. */
  { "recoil/infantry/within-move", RECO, "{\"type\":\"regular-infantry\",\"squares_needed\":2}",
    { 0 }, 0, "recoils" },
  { "recoil/infantry/beyond-move", RECO, "{\"type\":\"regular-infantry\",\"squares_needed\":3}",
    { 0 }, 0, "destroyed" },
  { "recoil/native-infantry/3", RECO, "{\"type\":\"native-infantry\",\"squares_needed\":3}",
    { 0 }, 0, "recoils" },
  { "recoil/irregular-cavalry/5", RECO,
    "{\"type\":\"irregular-cavalry\",\"squares_needed\":5}", { 0 }, 0, "recoils" },
  { "recoil/irregular-cavalry/6", RECO,
    "{\"type\":\"irregular-cavalry\",\"squares_needed\":6}", { 0 }, 0, "destroyed" },
  { "recoil/dismounted-cavalry/3", RECO,
    "{\"type\":\"regular-cavalry\",\"dismounted\":true,\"squares_needed\":3}", { 0 }, 0,
    "destroyed" },
  { "recoil/mounted-commander/4", RECO,
    "{\"type\":\"command-average\",\"mounted\":true,\"squares_needed\":4}", { 0 }, 0,
    "recoils" },
  { "recoil/commander-on-foot/3", RECO, "{\"type\":\"command-average\",\"squares_needed\":3}",
    { 0 }, 0, "destroyed" },
  { "recoil/blocked", RECO, "{\"type\":\"regular-cavalry\",\"squares_needed\":1,"
    "\"blocked\":true}", { 0 }, 0, "destroyed" },

  /* Withdrawal: at 50% of the starting value (entrenchment in half points). */
  { "withdrawal/exactly-half", WDRW, "{\"original_value\":36,\"destroyed_value\":18}", { 0 },
    0, "must-withdraw", 0, "destroyed_half_points", 36, "original_half_points", 72 },
  { "withdrawal/just-under", WDRW, "{\"original_value\":36,\"destroyed_value\":17}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/over-half", WDRW, "{\"original_value\":36,\"destroyed_value\":30}", { 0 }, 0,
    "must-withdraw" },
  { "withdrawal/odd/17-of-35", WDRW, "{\"original_value\":35,\"destroyed_value\":17}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/odd/18-of-35", WDRW, "{\"original_value\":35,\"destroyed_value\":18}", { 0 }, 0,
    "must-withdraw" },
  { "withdrawal/entrenched/exactly-half", WDRW,
    "{\"original_value\":35,\"entrenchment_lengths\":2,\"destroyed_value\":18}", { 0 }, 0,
    "must-withdraw", 0, "original_half_points", 72 },
  { "withdrawal/entrenched/just-under", WDRW,
    "{\"original_value\":36,\"entrenchment_lengths\":1,\"destroyed_value\":18}", { 0 }, 0,
    "fights-on", 0, "original_half_points", 73 },
  { "withdrawal/entrenched/spanish", WDRW,
    "{\"original_value\":28,\"entrenchment_lengths\":16,\"destroyed_value\":18}", { 0 }, 0,
    "must-withdraw" },
  { "withdrawal/entrenched/spanish-17", WDRW,
    "{\"original_value\":28,\"entrenchment_lengths\":16,\"destroyed_value\":17}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/nothing-lost", WDRW, "{\"original_value\":36,\"destroyed_value\":0}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/no-value", WDRW, "{\"original_value\":0}", { 0 }, 0, NULL,
    ADJ_ERROR_NOT_ALLOWED },
  { "withdrawal/more-lost-than-had", WDRW, "{\"original_value\":10,\"destroyed_value\":11}",
    { 0 }, 0, NULL, ADJ_ERROR_NOT_ALLOWED },

  /* Battle result: margins in half points. */
  { "battle-result/draw", RSLT, "{\"remaining_a\":20,\"remaining_b\":20}", { 0 }, 0, "draw", 0,
    "difference_half_points", 0 },
  { "battle-result/draw/entrenched", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":20,\"entrenchment_a\":3,\"entrenchment_b\":3}", { 0 },
    0, "draw" },
  { "battle-result/draw/entrenchment-makes-up", RSLT,
    "{\"remaining_a\":30,\"remaining_b\":38,\"entrenchment_a\":16}", { 0 }, 0, "draw" },
  { "battle-result/half-point", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":20,\"entrenchment_a\":1}", { 0 }, 0,
    "side-a-marginal", 0, "difference_half_points", 1 },
  { "battle-result/margin-9", RSLT, "{\"remaining_a\":29,\"remaining_b\":20}", { 0 }, 0,
    "side-a-marginal", 0, "difference_half_points", 18 },
  { "battle-result/margin-9.5", RSLT,
    "{\"remaining_a\":29,\"remaining_b\":20,\"entrenchment_a\":1}", { 0 }, 0,
    "side-a-marginal", 0, "difference_half_points", 19 },
  { "battle-result/margin-10", RSLT, "{\"remaining_a\":30,\"remaining_b\":20}", { 0 }, 0,
    "side-a-decisive", 0, "difference_half_points", 20 },
  { "battle-result/margin-10-from-halves", RSLT,
    "{\"remaining_a\":25,\"remaining_b\":15,\"entrenchment_a\":1,\"entrenchment_b\":1}", { 0 },
    0, "side-a-decisive", 0, "difference_half_points", 20 },
  { "battle-result/margin-19", RSLT, "{\"remaining_a\":39,\"remaining_b\":20}", { 0 }, 0,
    "side-a-decisive", 0, "difference_half_points", 38 },
  { "battle-result/margin-19.5", RSLT,
    "{\"remaining_a\":39,\"remaining_b\":20,\"entrenchment_a\":1}", { 0 }, 0,
    "side-a-decisive", 0, "difference_half_points", 39 },
  { "battle-result/margin-20", RSLT, "{\"remaining_a\":40,\"remaining_b\":20}", { 0 }, 0,
    "side-a-overwhelming", 0, "difference_half_points", 40 },
  { "battle-result/second/margin-1", RSLT, "{\"remaining_a\":20,\"remaining_b\":21}", { 0 }, 0,
    "side-b-marginal" },
  { "battle-result/second/margin-9.5", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":29,\"entrenchment_b\":1}", { 0 }, 0,
    "side-b-marginal" },
  { "battle-result/second/margin-10", RSLT, "{\"remaining_a\":20,\"remaining_b\":30}", { 0 }, 0,
    "side-b-decisive" },
  { "battle-result/second/margin-19.5", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":39,\"entrenchment_b\":1}", { 0 }, 0,
    "side-b-decisive" },
  { "battle-result/second/margin-20", RSLT, "{\"remaining_a\":18,\"remaining_b\":38}", { 0 }, 0,
    "side-b-overwhelming" },
  { "battle-result/second/wiped-out", RSLT, "{\"remaining_a\":0,\"remaining_b\":45}", { 0 }, 0,
    "side-b-overwhelming", 0, "difference_half_points", 90 },
};

static void
test_result_case (gconstpointer data)
{
  const ResultCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new (c->mech, c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (NULL, in, c->dice, c->n_dice, &error);

  if (c->key == NULL)
    {
      g_assert_null (outcome);
      g_assert_error (error, ADJ_ERROR, c->error);
      return;
    }
  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_nonnull (outcome->title);
  if (c->int_name != NULL)
    g_assert_cmpint (outcome_int (outcome, c->int_name), ==, c->int_value);
  if (c->int2_name != NULL)
    g_assert_cmpint (outcome_int (outcome, c->int2_name), ==, c->int2_value);
  if (c->str_name != NULL)
    {
      json_object *v = NULL;

      g_assert_true (json_object_object_get_ex (outcome->values, c->str_name, &v));
      g_assert_cmpstr (json_object_get_string (v), ==, c->str_value);
    }
  /* A numeric outcome keeps its number as "result" too. */
  if (in->mechanic->outcomes == NULL)
    g_assert_cmpint (outcome_int (outcome, "result"), ==, atoi (c->key));
}

/* ------------------------------------------------------------------------------------------ */
/* Odds of the other mechanics                                                                 */

static void
test_initiative_odds (void)
{
  static const char *const dice[] = { "2d6", "d12" };

  for (guint a = 0; a < 2; a++)
    for (guint b = 0; b < 2; b++)
      {
        g_autoptr(AdjInputs) in = inputs_new (INIT, NULL);
        g_autoptr(GArray) at = book_throws (dice[a]);
        g_autoptr(GArray) bt = book_throws (dice[b]);
        g_autoptr(AdjOdds) odds = NULL;
        guint64 a_wins = 0, b_wins = 0;

        g_assert_true (adj_inputs_set_string (in, "side_a_dice", dice[a], NULL));
        g_assert_true (adj_inputs_set_string (in, "side_b_dice", dice[b], NULL));
        odds = odds_of (in);
        for (guint i = 0; i < at->len; i++)
          for (guint j = 0; j < bt->len; j++)
            {
              int x = g_array_index (at, int, i), y = g_array_index (bt, int, j);

              /* A tie is thrown again, so only the rounds that decide count. */
              if (x > y)
                a_wins++;
              else if (y > x)
                b_wins++;
            }
        g_assert_cmpuint (odds->entries->len, ==, 2);
        assert_fraction (odds, "side-a", a_wins, a_wins + b_wins);
        assert_fraction (odds, "side-b", b_wins, a_wins + b_wins);
        assert_odds_sum_one (odds);
        if (a == b)
          {
            const AdjOddsEntry *e = adj_odds_find (odds, "side-a");
            g_assert_cmpuint (e->num, ==, 1);
            g_assert_cmpuint (e->den, ==, 2);
          }
        g_assert_nonnull (odds->note);
      }
}

static void
test_activation_odds (void)
{
  static const char *const dice[] = { "2d6", "d12" };

  for (guint d = 0; d < 2; d++)
    for (int command = 0; command <= 3; command++)
      {
        g_autoptr(AdjInputs) in = inputs_new (ACT, NULL);
        g_autoptr(GArray) throws = book_throws (dice[d]);
        g_autoptr(AdjOdds) odds = NULL;
        guint64 counts[16] = { 0 };
        guint n_possible = 0;

        g_assert_true (adj_inputs_set_string (in, "dice", dice[d], NULL));
        g_assert_true (adj_inputs_set_int (in, "command_value", command, NULL));
        odds = odds_of (in);
        for (guint i = 0; i < throws->len; i++)
          counts[g_array_index (throws, int, i) + command]++;
        for (int v = 0; v < 16; v++)
          {
            g_autofree char *key = g_strdup_printf ("%d", v);

            if (counts[v] == 0)
              {
                g_assert_null (adj_odds_find (odds, key));
                continue;
              }
            n_possible++;
            assert_fraction (odds, key, counts[v], throws->len);
          }
        g_assert_cmpuint (odds->entries->len, ==, n_possible);
        g_assert_cmpuint (n_possible, ==, d == 0 ? 11 : 12);
        assert_odds_sum_one (odds);
      }
}

static void
test_commander_rating_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (RATE, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);

  g_assert_cmpuint (odds->entries->len, ==, 3);
  assert_fraction (odds, "exceptional", 1, 6);
  assert_fraction (odds, "average", 3, 6);
  assert_fraction (odds, "poor", 2, 6);
  assert_odds_sum_one (odds);
}

static void
test_terrain_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (TERR, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 a_first = 0, b_first = 0;

  /* A tie is settled by a fair roll-off: half of the tied throws go to each side. */
  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        a_first += a > b ? 2 : a == b ? 1 : 0;
        b_first += b > a ? 2 : a == b ? 1 : 0;
      }
  g_assert_cmpuint (odds->entries->len, ==, 2);
  assert_fraction (odds, "side-a", a_first, 72);
  assert_fraction (odds, "side-b", b_first, 72);
  assert_fraction (odds, "side-a", 1, 2);
  assert_odds_sum_one (odds);
}

static void
test_baselines_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (BASE, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 a_wins = 0, b_wins = 0;

  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        a_wins += a > b;
        b_wins += b > a;
      }
  g_assert_cmpuint (odds->entries->len, ==, 2);
  assert_fraction (odds, "side-a", a_wins, a_wins + b_wins);
  assert_fraction (odds, "side-b", b_wins, a_wins + b_wins);
  assert_odds_sum_one (odds);
}

static void
test_deployment_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (DEPL, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);

  g_assert_cmpuint (odds->entries->len, ==, 6);
  for (int v = 1; v <= 6; v++)
    {
      g_autofree char *key = g_strdup_printf ("%d", v);
      assert_fraction (odds, key, 1, 6);
    }
  assert_odds_sum_one (odds);
}

static void
test_army_value_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (AVAL, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 counts[49] = { 0 };
  guint64 total = 0;
  int faces[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };

  /* Every one of the 6^8 throws of eight dice, face by face. */
  for (;;)
    {
      int sum = 0, k;

      for (k = 0; k < 8; k++)
        sum += faces[k];
      counts[sum]++;
      total++;
      for (k = 0; k < 8 && faces[k] == 6; k++)
        faces[k] = 1;
      if (k == 8)
        break;
      faces[k]++;
    }
  g_assert_cmpuint (total, ==, 1679616);
  g_assert_cmpuint (odds->total, ==, total);
  g_assert_cmpuint (odds->entries->len, ==, 41);
  for (int v = 8; v <= 48; v++)
    {
      g_autofree char *key = g_strdup_printf ("%d", v);
      assert_fraction (odds, key, counts[v], total);
    }
  assert_fraction (odds, "8", 1, 1679616);
  assert_fraction (odds, "28", 135954, 1679616);
  assert_odds_sum_one (odds);
}

/* Mechanics without dice have one certain outcome. */
static void
test_certain_odds (void)
{
  static const struct { const char *mech; const char *inputs; const char *key; } cases[] = {
    { MOVE, "{\"type\":\"irregular-cavalry\",\"road\":true}", "6" },
    { RECO, "{\"squares_needed\":3}", "destroyed" },
    { WDRW, "{\"destroyed_value\":18}", "must-withdraw" },
    { RSLT, "{\"remaining_a\":10,\"remaining_b\":30}", "side-b-overwhelming" },
    { LIMS, "{\"total_value\":36}", "legal" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new (cases[i].mech, cases[i].inputs);
      g_autoptr(AdjOdds) odds = odds_of (in);
      const AdjOddsEntry *e = adj_odds_find (odds, cases[i].key);

      g_assert_nonnull (e);
      g_assert_cmpuint (e->num, ==, 1);
      g_assert_cmpuint (e->den, ==, 1);
      assert_odds_sum_one (odds);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The twenty example armies                                                                   */

typedef struct {
  const char *id;
  const char *dice;
  int         total;
  int         stands;       /* stands besides the command stand */
  int         book_stands;  /* what the template records; -1 where the book contradicts itself */
} TemplateCase;

static const TemplateCase template_cases[] = {
  { "afghan-1878-british", "2d6", 36, 13, 13 },
  { "afghan-1878-afghan", "d12", 36, 15, 15 },
  { "nwf-1878-british", "2d6", 36, 13, 13 },
  { "nwf-1878-tribal", "d12", 36, 18, 18 },
  { "zulu-1879-british", "2d6", 36, 14, 14 },
  { "zulu-1879-zulu", "d12", 36, 18, 18 },
  { "boer-1880-british", "2d6", 36, 15, 15 },
  { "boer-1880-boer", "2d6", 36, 18, 18 },
  { "nile-1884-british", "2d6", 36, 14, 14 },
  { "nile-1884-mahdist", "d12", 36, 18, 18 },
  { "nwf-1890-british", "2d6", 36, 13, 13 },
  { "nwf-1890-tribal", "d12", 36, 18, 18 },
  { "sudan-1896-british", "2d6", 36, 13, 13 },
  { "sudan-1896-mahdist", "d12", 36, 18, 18 },
  { "cuba-1898-spanish", "2d6", 36, 10, 10 },
  { "cuba-1898-american", "2d6", 36, 13, 13 },
  { "boer-1899-british", "2d6", 35, 12, 12 },
  { "boer-1899-boer", "2d6", 35, 12, 12 },
  { "boxer-1900-european", "2d6", 36, 12, 12 },
  /* The book prices four Imperial infantry stands at 18 points: six stands keep its total. */
  { "boxer-1900-boxer", "d12", 36, 15, -1 },
};

static void
test_templates_count (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) templates = adj_army_templates (rs, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (templates->len, ==, 20);
  g_assert_cmpuint (G_N_ELEMENTS (template_cases), ==, 20);
  for (guint i = 0; i < templates->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (templates, i);
      gboolean found = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (template_cases); j++)
        found |= g_str_equal (template_cases[j].id, army->id);
      g_assert_true (found);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (((AdjArmy *) g_ptr_array_index (templates, j))->id, !=, army->id);
    }
}

static int
report_int (const AdjArmyReport *report,
            const char          *name)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (report->values, name, &v));
  return json_object_get_int (v);
}

static void
test_template_case (gconstpointer data)
{
  const TemplateCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) army = adj_army_template (rs, c->id, &error);
  g_autoptr(AdjArmyReport) report = NULL;
  json_object *dice = NULL;
  int stands = 0, commands = 0;

  g_assert_no_error (error);
  g_assert_nonnull (army);
  g_assert_cmpint (army->book_total, ==, c->total);
  g_assert_cmpint (army->book_stands, ==, c->book_stands);
  g_assert_true (json_object_object_get_ex (army->settings, "dice", &dice));
  g_assert_cmpstr (json_object_get_string (dice), ==, c->dice);

  report = adj_army_check (army, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_assert_cmpint (report_int (report, "total_half_points"), ==, 2 * army->book_total);
  g_assert_cmpint (report_int (report, "total_half_points"), ==, 2 * c->total);
  g_assert_cmpint (report_int (report, "stands"), ==, c->stands);
  if (army->book_stands >= 0)
    g_assert_cmpint (report_int (report, "stands"), ==, army->book_stands);
  g_assert_cmpint (report_int (report, "command_stands"), ==, 1);
  g_assert_cmpint (report_int (report, "heavy"), <=, 12);
  g_assert_true (adj_army_report_ok (report));
  for (guint i = 0; i < report->checks->len; i++)
    g_assert_true (((AdjArmyCheck *) g_ptr_array_index (report->checks, i))->ok);

  /* Counted again here from the book's stand values. */
  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);

      if (book_type (u->type)->kind == BOOK_COMMAND)
        commands += u->count;
      else
        stands += u->count;
    }
  g_assert_cmpint (stands, ==, c->stands);
  g_assert_cmpint (commands, ==, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Against a battle: prefill, apply, undo                                                      */

static AdjBattle *
battle_of (const char *a_template,
           const char *a_side,
           const char *b_template,
           const char *b_side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) a = adj_army_template (rs, a_template, &error);
  g_autoptr(AdjArmy) b = NULL;
  AdjBattle *battle = adj_battle_new (rs, "Test battle");

  g_assert_no_error (error);
  b = adj_army_template (rs, b_template, &error);
  g_assert_no_error (error);
  adj_battle_add_army (battle, a_side, a, &error);
  g_assert_no_error (error);
  adj_battle_add_army (battle, b_side, b, &error);
  g_assert_no_error (error);
  return battle;
}

/* The unit of this name (borrowed from the battle). */
static AdjUnit *
unit_named (AdjBattle  *battle,
            const char *name)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (g_str_equal (adj_unit_get_name (unit), name))
        return adj_battle_find_unit (battle, adj_unit_get_id (unit));
    }
  g_error ("the battle has no unit named “%s”", name);
  return NULL;
}

static void
battle_set (AdjBattle  *battle,
            const char *target,
            const char *field,
            json_object *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) owned = value;

  adj_battle_edit (battle, target, field, owned, &error);
  g_assert_no_error (error);
}

static char *
unit_target (AdjUnit *unit)
{
  return g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
}

static AdjOutcome *
battle_resolve (AdjBattle  *battle,
                AdjInputs  *in,
                const int  *dice,
                guint       n_dice,
                GError    **error)
{
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  return resolve_entered (&ctx, in, dice, n_dice, error);
}

static void
prefill (AdjBattle *battle,
         AdjInputs *in)
{
  g_autoptr(GError) error = NULL;

  adj_battle_prefill (battle, in, &error);
  g_assert_no_error (error);
}

static void
test_battle_fire (void)
{
  static const int destroy[] = { 6, 6, 1 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *gun = unit_named (battle, "British Field Artillery");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 1");
  g_autofree char *gun_target = unit_target (gun);
  g_autoptr(AdjInputs) in = inputs_new (FIRE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (in, "firer", adj_unit_get_id (gun), NULL));
  g_assert_true (adj_inputs_set_string (in, "target", adj_unit_get_id (spear), NULL));
  g_assert_true (adj_inputs_set_int (in, "distance", 8, NULL));
  prefill (battle, in);
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_type"), ==, "field-artillery");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_weapon"), ==, "rifled-field");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_dice"), ==, "2d6");
  g_assert_false (adj_inputs_get_bool (in, "firer_limbered"));
  g_assert_cmpstr (adj_inputs_get_string (in, "target_type"), ==, "native-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "target_dice"), ==, "d12");

  /* Limbered in the battle: the prefilled inputs forbid the shot. */
  battle_set (battle, gun_target, "status.towed", json_object_new_boolean (TRUE));
  prefill (battle, in);
  g_assert_true (adj_inputs_get_bool (in, "firer_limbered"));
  outcome = battle_resolve (battle, in, destroy, G_N_ELEMENTS (destroy), &error);
  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (adj_battle_undo (battle, NULL));
  prefill (battle, in);
  g_assert_false (adj_inputs_get_bool (in, "firer_limbered"));

  /* 12 + 2 against 1 + 2: destroyed, and undone. */
  outcome = battle_resolve (battle, in, destroy, G_N_ELEMENTS (destroy), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
  g_assert_cmpint (outcome_int (outcome, "firer_score"), ==, 14);
  g_assert_cmpint (outcome_int (outcome, "target_score"), ==, 3);
  g_assert_false (adj_unit_get_destroyed (spear));
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (spear));
  g_assert_true (adj_unit_get_status_bool (gun, "fought"));
  g_assert_true (adj_battle_can_undo (battle));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_destroyed (spear));
  g_assert_false (adj_unit_get_status_bool (gun, "fought"));
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (spear));
}

static void
test_battle_fire_cavalry (void)
{
  static const int dice[] = { 4, 4, 1, 1 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *cav = unit_named (battle, "British Regular Cavalry 1");
  AdjUnit *target = unit_named (battle, "British Regular Infantry 1");
  g_autofree char *cav_target = unit_target (cav);
  g_autoptr(AdjInputs) in = inputs_new (FIRE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (in, "firer", adj_unit_get_id (cav), NULL));
  g_assert_true (adj_inputs_set_string (in, "target", adj_unit_get_id (target), NULL));
  prefill (battle, in);
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_type"), ==, "regular-cavalry");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_weapon"), ==, "single-shot-rifle");
  g_assert_false (adj_inputs_get_bool (in, "firer_dismounted"));
  g_assert_cmpstr (adj_inputs_get_string (in, "target_type"), ==, "regular-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "target_dice"), ==, "2d6");
  outcome = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice), &error);
  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  battle_set (battle, cav_target, "status.dismounted", json_object_new_boolean (TRUE));
  prefill (battle, in);
  g_assert_true (adj_inputs_get_bool (in, "firer_dismounted"));
  outcome = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice), &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome_int (outcome, "firer_score"), ==, 11);
  g_assert_cmpint (outcome_int (outcome, "target_score"), ==, 5);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
}

static void
test_battle_close (void)
{
  static const int dice[] = { 1, 6, 6 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 2");
  AdjUnit *inf = unit_named (battle, "British Regular Infantry 1");
  g_autoptr(AdjInputs) in = inputs_new (CLOSE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (in, "attacker", adj_unit_get_id (spear), NULL));
  g_assert_true (adj_inputs_set_string (in, "defender", adj_unit_get_id (inf), NULL));
  g_assert_true (adj_inputs_set_bool (in, "recoil_blocked", TRUE, NULL));
  prefill (battle, in);
  g_assert_cmpstr (adj_inputs_get_string (in, "attacker_type"), ==, "native-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "attacker_dice"), ==, "d12");
  g_assert_cmpstr (adj_inputs_get_string (in, "defender_type"), ==, "regular-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "defender_dice"), ==, "2d6");

  /* 1 + 2 against 12 + 3, and the attacker cannot fall back: it is destroyed. */
  outcome = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "attacker-destroyed");
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (spear));
  g_assert_false (adj_unit_get_destroyed (inf));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_destroyed (spear));
  g_assert_false (adj_unit_get_status_bool (spear, "fought"));
}

static void
test_battle_sides (void)
{
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  g_autoptr(AdjInputs) wd = inputs_new (WDRW, NULL);
  g_autoptr(AdjInputs) res = inputs_new (RSLT, NULL);
  g_autoptr(AdjInputs) act = inputs_new (ACT, NULL);
  g_autoptr(AdjInputs) lims = inputs_new (LIMS, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (wd, "side", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_a", "british", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_b", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (act, "side", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (lims, "side", "british", NULL));

  prefill (battle, act);
  g_assert_cmpstr (adj_inputs_get_string (act, "dice"), ==, "d12");
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 2);

  prefill (battle, lims);
  g_assert_cmpint (adj_inputs_get_int (lims, "total_value"), ==, 36);
  g_assert_cmpint (adj_inputs_get_int (lims, "heavy_value"), ==, 0);
  g_assert_cmpint (adj_inputs_get_int (lims, "command_stands"), ==, 1);
  g_assert_cmpstr (adj_inputs_get_string (lims, "budget"), ==, "standard");

  prefill (battle, wd);
  g_assert_cmpint (adj_inputs_get_int (wd, "original_value"), ==, 36);
  g_assert_cmpint (adj_inputs_get_int (wd, "destroyed_value"), ==, 0);
  g_assert_cmpint (adj_inputs_get_int (wd, "entrenchment_lengths"), ==, 0);

  /* Eight spearmen lost (16 of 36): the Zulus fight on; the ninth (18) makes them withdraw. */
  for (int k = 1; k <= 9; k++)
    {
      g_autofree char *name = g_strdup_printf ("Zulu Spearmen %d", k);
      g_autofree char *target = unit_target (unit_named (battle, name));

      battle_set (battle, target, "destroyed", json_object_new_boolean (TRUE));
      if (k < 8)
        continue;
      prefill (battle, wd);
      g_assert_cmpint (adj_inputs_get_int (wd, "destroyed_value"), ==, 2 * k);
      outcome = resolve_entered (NULL, wd, NULL, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (outcome->key, ==, k == 8 ? "fights-on" : "must-withdraw");
      g_clear_pointer (&outcome, adj_outcome_free);
    }

  /* Values left, command stands included: 38 against 20. */
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_a"), ==, 38);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_b"), ==, 20);
  outcome = resolve_entered (NULL, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "side-a-decisive");
  g_clear_pointer (&outcome, adj_outcome_free);

  /* With their commander gone the Zulus add nothing to activation, and their value drops. */
  {
    g_autofree char *target = unit_target (unit_named (battle, "Zulu Commander"));
    battle_set (battle, target, "destroyed", json_object_new_boolean (TRUE));
  }
  prefill (battle, act);
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 0);
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_b"), ==, 18);
  outcome = resolve_entered (NULL, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "side-a-overwhelming");
}

static void
test_battle_entrenchment (void)
{
  g_autoptr(AdjBattle) battle = battle_of ("cuba-1898-spanish", "spanish", "cuba-1898-american",
                                           "american");
  g_autoptr(AdjInputs) wd = inputs_new (WDRW, NULL);
  g_autoptr(AdjInputs) res = inputs_new (RSLT, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (wd, "side", "spanish", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_a", "spanish", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_b", "american", NULL));

  prefill (battle, wd);
  g_assert_cmpint (adj_inputs_get_int (wd, "original_value"), ==, 28);
  g_assert_cmpint (adj_inputs_get_int (wd, "entrenchment_lengths"), ==, 16);

  /* 28 + 2 + 8 entrenchment against 36 + 2: a draw. */
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_a"), ==, 30);
  g_assert_cmpint (adj_inputs_get_int (res, "entrenchment_a"), ==, 16);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_b"), ==, 38);
  g_assert_cmpint (adj_inputs_get_int (res, "entrenchment_b"), ==, 0);
  outcome = resolve_entered (NULL, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "draw");
  g_clear_pointer (&outcome, adj_outcome_free);

  /* When entrenchments do not count, the Americans lead by 8. */
  battle_set (battle, "battle", "settings.count_entrenchments", json_object_new_boolean (FALSE));
  prefill (battle, wd);
  g_assert_cmpint (adj_inputs_get_int (wd, "entrenchment_lengths"), ==, 0);
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "entrenchment_a"), ==, 0);
  outcome = resolve_entered (NULL, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "side-b-marginal");
}

static void
test_battle_commander_rating (void)
{
  static const int six[] = { 6 };
  static const int one[] = { 1 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *commander = unit_named (battle, "Zulu Commander");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 1");
  g_autoptr(AdjInputs) in = inputs_new (RATE, NULL);
  g_autoptr(AdjInputs) act = inputs_new (ACT, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (act, "side", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (in, "commander", adj_unit_get_id (commander), NULL));
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-average");

  outcome = battle_resolve (battle, in, six, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "exceptional");
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-exceptional");
  prefill (battle, act);
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 3);
  g_clear_pointer (&outcome, adj_outcome_free);

  outcome = battle_resolve (battle, in, one, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "poor");
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-poor");
  prefill (battle, act);
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 1);
  g_clear_pointer (&outcome, adj_outcome_free);

  g_assert_true (adj_battle_undo (battle, NULL));
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-exceptional");
  g_assert_true (adj_battle_undo (battle, NULL));
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-average");

  /* Only a command stand has a rating. */
  g_assert_true (adj_inputs_set_string (in, "commander", adj_unit_get_id (spear), NULL));
  outcome = battle_resolve (battle, in, six, 1, &error);
  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
}

static void
test_battle_recoil_and_army_value (void)
{
  static const int eight[] = { 6, 5, 4, 3, 2, 1, 6, 3 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *inf = unit_named (battle, "British Regular Infantry 2");
  g_autoptr(AdjInputs) rec = inputs_new (RECO, "{\"squares_needed\":3}");
  g_autoptr(AdjInputs) val = inputs_new (AVAL, NULL);
  g_autoptr(AdjInputs) lims = inputs_new (LIMS, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (rec, "unit", adj_unit_get_id (inf), NULL));
  prefill (battle, rec);
  g_assert_cmpstr (adj_inputs_get_string (rec, "type"), ==, "regular-infantry");
  outcome = battle_resolve (battle, rec, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
  adj_battle_apply_outcome (battle, rec, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (inf));
  g_assert_true (adj_battle_undo (battle, NULL));
  g_assert_false (adj_unit_get_destroyed (inf));
  g_clear_pointer (&outcome, adj_outcome_free);

  g_assert_true (adj_inputs_set_string (val, "side", "zulu", NULL));
  outcome = battle_resolve (battle, val, eight, G_N_ELEMENTS (eight), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "30");
  g_assert_cmpint (outcome_int (outcome, "heavy_cap"), ==, 9);
  adj_battle_apply_outcome (battle, val, outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_side_setting_string (battle, "zulu", "budget"), ==, "rolled");
  g_assert_cmpint (adj_battle_get_side_setting_int (battle, "zulu", "rolled_value"), ==, 30);

  g_assert_true (adj_inputs_set_string (lims, "side", "zulu", NULL));
  prefill (battle, lims);
  g_assert_cmpstr (adj_inputs_get_string (lims, "budget"), ==, "rolled");
  g_assert_cmpint (adj_inputs_get_int (lims, "rolled_value"), ==, 30);
  g_assert_cmpint (adj_inputs_get_int (lims, "total_value"), ==, 36);
  g_clear_pointer (&outcome, adj_outcome_free);
  outcome = battle_resolve (battle, lims, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "illegal");
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
  add_odds_grid (fire_sets, G_N_ELEMENTS (fire_sets), TRUE);
  add_odds_grid (close_sets, G_N_ELEMENTS (close_sets), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (result_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/", result_cases[i].name, NULL);
      g_test_add_data_func (path, &result_cases[i], test_result_case);
    }
  g_test_add_func ("/wec/initiative/odds", test_initiative_odds);
  g_test_add_func ("/wec/activation/odds", test_activation_odds);
  g_test_add_func ("/wec/commander-rating/odds", test_commander_rating_odds);
  g_test_add_func ("/wec/terrain/odds", test_terrain_odds);
  g_test_add_func ("/wec/baselines/odds", test_baselines_odds);
  g_test_add_func ("/wec/deployment/odds", test_deployment_odds);
  g_test_add_func ("/wec/army-value/odds", test_army_value_odds);
  g_test_add_func ("/wec/certain-odds", test_certain_odds);
  g_test_add_func ("/wec/templates/count", test_templates_count);
  for (guint i = 0; i < G_N_ELEMENTS (template_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/templates/", template_cases[i].id, NULL);
      g_test_add_data_func (path, &template_cases[i], test_template_case);
    }
  g_test_add_func ("/wec/battle/fire-combat", test_battle_fire);
  g_test_add_func ("/wec/battle/fire-combat/cavalry", test_battle_fire_cavalry);
  g_test_add_func ("/wec/battle/close-combat", test_battle_close);
  g_test_add_func ("/wec/battle/sides", test_battle_sides);
  g_test_add_func ("/wec/battle/entrenchment", test_battle_entrenchment);
  g_test_add_func ("/wec/battle/commander-rating", test_battle_commander_rating);
  g_test_add_func ("/wec/battle/recoil-and-army-value", test_battle_recoil_and_army_value);

  status = g_test_run ();
  adj_ruleset_unref (rs);
  return status;
}
