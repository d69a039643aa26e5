/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-odds.c: the odds a script reads from adjutant-cli — exact fractions whatever their
 * size, in one format; every declared outcome listed; describe with inputs; the pack given on
 * the command line; seeds that JSON readers would round. */

#include "config.h"

#include <gmp.h>
#include <string.h>

#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-test-cli.h"
#include "adj-test-util.h"

/* @z = a whole number the CLI wrote: a JSON number up to 2^53, a string of digits past it. */
static void
whole_from_json (mpz_t        z,
                 json_object *v)
{
  if (json_object_is_type (v, json_type_int))
    {
      g_assert_cmpint (json_object_get_int64 (v), >=, 0);
      g_assert_cmpint (json_object_get_int64 (v), <=, G_GINT64_CONSTANT (1) << 53);
      mpz_set_str (z, json_object_to_json_string_ext (v, JSON_C_TO_STRING_PLAIN), 10);
      return;
    }
  g_assert_true (json_object_is_type (v, json_type_string));
  g_assert_true (g_regex_match_simple ("^[0-9]+$", json_object_get_string (v), 0, 0));
  g_assert_cmpint (mpz_set_str (z, json_object_get_string (v), 10), ==, 0);
  /* Written as a string only where a double would round it. */
  g_assert_cmpuint (mpz_sizeinbase (z, 2), >=, 54);
}

/* @q = a fraction the CLI wrote, which must be in the one format: "numerator/denominator", in
 * lowest terms, "0/1" and "1/1" included. */
static void
fraction_from_json (mpq_t        q,
                    json_object *v)
{
  const char *text = json_object_get_string (v);
  g_autofree char *num = NULL;
  g_autofree char *den = NULL;
  g_autofree char *again = NULL;

  g_assert_true (json_object_is_type (v, json_type_string));
  if (!g_regex_match_simple ("^[0-9]+/[1-9][0-9]*$", text, 0, 0))
    g_error ("“%s” is not a fraction numerator/denominator", text);
  g_assert_cmpint (mpq_set_str (q, text, 10), ==, 0);
  mpq_canonicalize (q);
  /* Already in lowest terms: reduced, it reads the same, with its "/1". */
  num = g_malloc (mpz_sizeinbase (mpq_numref (q), 10) + 2);
  den = g_malloc (mpz_sizeinbase (mpq_denref (q), 10) + 2);
  again = g_strdup_printf ("%s/%s", mpz_get_str (num, 10, mpq_numref (q)),
                           mpz_get_str (den, 10, mpq_denref (q)));
  g_assert_cmpstr (again, ==, text);
}

/* Everything a script may rely on in the odds @json: each outcome an exact fraction, its ways
 * over the total in lowest terms, its probability that fraction rounded; the fractions (and the
 * ways) adding up to exactly 1; every chance a fraction too.  Returns the bits of the total. */
static gsize
assert_odds_reliable (json_object *json)
{
  json_object *outcomes = adj_test_member (json, "outcomes");
  json_object *chances = NULL;
  mpq_t sum, q, from_ways;
  mpz_t total, ways, all_ways;
  gsize bits;

  mpq_inits (sum, q, from_ways, NULL);
  mpz_inits (total, ways, all_ways, NULL);
  whole_from_json (total, adj_test_member (json, "total_ways"));
  g_assert_cmpint (mpz_sgn (total), >, 0);
  g_assert_cmpuint (json_object_array_length (outcomes), >, 0);
  for (gsize i = 0; i < json_object_array_length (outcomes); i++)
    {
      json_object *item = json_object_array_get_idx (outcomes, i);
      double p = json_object_get_double (adj_test_member (item, "probability"));

      fraction_from_json (q, adj_test_member (item, "exact"));
      whole_from_json (ways, adj_test_member (item, "ways"));
      mpq_set_num (from_ways, ways);
      mpq_set_den (from_ways, total);
      mpq_canonicalize (from_ways);
      g_assert_true (mpq_equal (q, from_ways));
      g_assert_cmpfloat_with_epsilon (p, mpq_get_d (q), 1e-15);
      mpq_add (sum, sum, q);
      mpz_add (all_ways, all_ways, ways);
    }
  g_assert_cmpint (mpq_cmp_ui (sum, 1, 1), ==, 0);
  g_assert_cmpint (mpz_cmp (all_ways, total), ==, 0);
  g_assert_cmpstr (adj_test_member_string (json, "sum_exact"), ==, "1/1");
  g_assert_cmpfloat_with_epsilon (json_object_get_double (adj_test_member (json, "sum")), 1.0,
                                  1e-15);
  if (json_object_object_get_ex (json, "chances", &chances))
    for (gsize i = 0; i < json_object_array_length (chances); i++)
      {
        json_object *item = json_object_array_get_idx (chances, i);
        double p = json_object_get_double (adj_test_member (item, "probability"));

        fraction_from_json (q, adj_test_member (item, "exact"));
        g_assert_cmpint (mpq_cmp_ui (q, 1, 1), <=, 0);
        g_assert_cmpfloat_with_epsilon (p, mpq_get_d (q), 1e-15);
      }
  bits = mpz_sizeinbase (total, 2);
  mpq_clears (sum, q, from_ways, NULL);
  mpz_clears (total, ways, all_ways, NULL);
  return bits;
}

/* ---- exact, whatever the size ---- */

typedef struct {
  const char *name;
  const char *mechanic;
  const char *inputs;      /* JSON, given on standard input */
  const char *draw_pile;   /* --draw-pile, or NULL for a full pack */
  gsize       min_bits;    /* the total of ways (reduced) has at least these many bits: past
                            * 64 or 128 where counts used to overflow */
} ExactCase;

static const ExactCase exact_cases[] = {
  /* Twenty figures firing into cover: 6^20 throws, and a card for each hit. */
  { "rn-fire-20-into-cover", "rn/fire",
    "{\"firer_figures\": 20, \"target_in_cover\": true}", NULL, 65 },
  { "rn-fire-20-and-a-commander-at-a-commander", "rn/fire",
    "{\"firer_figures\": 20, \"firer_weapon\": \"magazine-rifle\", \"firer_with_commander\": true, "
    "\"target_type\": \"commander\", \"target_in_cover\": true}", NULL, 65 },
  /* A pile of two cards: it runs out, and the turned cards come back. */
  { "rn-fire-into-cover-short-pile", "rn/fire",
    "{\"firer_figures\": 6, \"target_in_cover\": true}", "AH,AS", 1 },
  { "rn-assault-20-a-side", "rn/assault",
    "{\"assaulter_figures\": 20, \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_figures\": 20, "
    "\"defender_weapon\": \"hand-to-hand\", \"defender_with_commander\": true, "
    "\"defender_in_cover\": true}", NULL, 129 },
  { "rn-assault-a-commander-against-20", "rn/assault",
    "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_figures\": 20, "
    "\"defender_weapon\": \"hand-to-hand\", \"defender_with_commander\": true, "
    "\"defender_in_cover\": true}", NULL, 65 },
  { "rn-hits-40-on-a-commander", "rn/hits",
    "{\"hits\": 40, \"unit_type\": \"commander\", \"unit_figures\": 1}", NULL, 1 },
  { "gl-melee-40-a-side", "gl/melee",
    "{\"attacker_figures\": 40, \"defender_figures\": 40, \"attacker_leader\": true, "
    "\"defender_leader\": true}", NULL, 129 },
  { "rf-shooting-60", "rf/shooting", "{\"shooters\": 60, \"commanded\": true}", NULL, 129 },
  { "rf-melee-60-a-side", "rf/melee", "{\"attackers\": 60, \"defenders\": 60}", NULL, 129 },
  { "wec-fire-combat", "wec/fire-combat", "{}", NULL, 1 },
};

static void
test_exact (gconstpointer data)
{
  const ExactCase *c = data;
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  if (c->draw_pile != NULL)
    ADJ_CLI_RUN (&r, c->inputs, "odds", c->mechanic, "--input", "-", "--draw-pile", c->draw_pile,
                 "--compact");
  else
    ADJ_CLI_RUN (&r, c->inputs, "odds", c->mechanic, "--input", "-", "--compact");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpuint (assert_odds_reliable (json), >=, c->min_bits);
}

/* ---- every mechanic: its declared outcomes, and one format ---- */

static json_object *
run_json (const char *input,
          const char *command,
          const char *mech_id)
{
  g_auto(AdjCliRun) r = { 0 };

  if (input != NULL)
    ADJ_CLI_RUN (&r, input, command, mech_id, "--input", "-", "--compact");
  else
    ADJ_CLI_RUN (&r, NULL, command, mech_id, "--compact");
  adj_cli_assert_ok (&r);
  return adj_cli_out_json (&r);
}

/* describe and odds list the same outcomes, in the same order, for the same inputs (@input, or
 * none). */
static void
assert_same_outcomes (const char *mech_id,
                      const char *input)
{
  g_autoptr(json_object) desc = run_json (input, "describe", mech_id);
  g_autoptr(json_object) odds = run_json (input, "odds", mech_id);
  json_object *declared = adj_test_member (desc, "outcomes");
  json_object *listed = adj_test_member (odds, "outcomes");

  g_assert_cmpuint (json_object_array_length (declared), >, 0);
  g_assert_cmpuint (json_object_array_length (listed), ==, json_object_array_length (declared));
  for (gsize i = 0; i < json_object_array_length (declared); i++)
    g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (listed, i), "outcome"), ==,
                     adj_test_member_string (json_object_array_get_idx (declared, i), "id"));
  assert_odds_reliable (odds);
  g_assert_cmpint (json_object_get_boolean (adj_test_member (adj_test_member (desc, "random"),
                                                             "with_default_inputs")),
                   ==, input == NULL);
}

static void
test_every_mechanic (gconstpointer data)
{
  const AdjMechanic *mech = data;

  assert_same_outcomes (mech->id, NULL);
}

typedef struct {
  const char *name;
  const char *mechanic;
  const char *inputs;
  const char *ids;   /* the outcomes, comma-separated */
} DeclaredCase;

static const DeclaredCase declared_cases[] = {
  /* Numbers: those the inputs can give. */
  { "rf-shooting-uncommanded", "rf/shooting", "{\"shooters\": 5}", "0,1,2" },
  { "rf-shooting-commanded", "rf/shooting", "{\"shooters\": 3, \"commanded\": true}",
    "0,1,2,3" },
  { "rf-shooting-out-of-range", "rf/shooting", "{\"shooters\": 3, \"distance\": 900}", "0" },
  { "rf-movement-natives-attacking", "rf/movement", "{\"native_attack\": true}", NULL },
  { "gl-movement", "gl/movement", "{}", "2,3,4,5,6,7,8,9,10,11,12" },
  /* Declared outcomes, those that cannot happen included. */
  { "rn-fire-at-a-commander", "rn/fire", "{\"firer_figures\": 3, \"target_type\": \"commander\"}",
    "no-effect,disrupted,figures-lost,wounded,killed,destroyed" },
  { "rn-hits-none", "rn/hits", "{\"hits\": 0}",
    "no-effect,disrupted,figures-lost,wounded,killed,destroyed" },
  { "wec-close-combat", "wec/close-combat", "{}",
    "attacker-recoils,attacker-destroyed,defender-recoils,defender-destroyed" },
};

static void
test_declared (gconstpointer data)
{
  const DeclaredCase *c = data;
  g_autoptr(json_object) desc = run_json (c->inputs, "describe", c->mechanic);

  assert_same_outcomes (c->mechanic, c->inputs);
  if (c->ids != NULL)
    {
      g_auto(GStrv) ids = g_strsplit (c->ids, ",", -1);
      json_object *declared = adj_test_member (desc, "outcomes");

      g_assert_cmpuint (json_object_array_length (declared), ==, g_strv_length (ids));
      for (guint i = 0; ids[i] != NULL; i++)
        g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (declared, i), "id"), ==,
                         ids[i]);
    }
}

/* ---- Risk Factor's shooting: the chance of a hit and what a hit does ---- */

typedef struct {
  const char *name;
  const char *inputs;
  guint       shots;
  const char *hit, *graze, *wound, *kill;
} ShootingCase;

/* A rifle is a gunpowder weapon: a D6 of 1-2 grazes, 3-4 wounds, 5-6 kills; a hero adds 1, a
 * raw shooter takes 1 off.  At 20 cm a rifle is at short range: a D8 of 2 hits in the open,
 * of 6 in hard cover. */
static const ShootingCase shooting_cases[] = {
  { "veteran-open", "{\"shooters\": 4, \"commanded\": true}", 4, "7/8", "1/3", "1/3", "1/3" },
  { "hard-cover", "{\"shooters\": 4, \"commanded\": true, \"cover\": \"hard\"}", 4, "3/8", "1/3",
    "1/3", "1/3" },
  { "hero", "{\"shooters\": 4, \"commanded\": true, \"quality\": \"hero\"}", 4, "7/8", "1/6",
    "1/3", "1/2" },
  { "raw", "{\"shooters\": 2, \"commanded\": true, \"quality\": \"raw\"}", 2, "7/8", "1/2", "1/3",
    "1/6" },
  { "out-of-range", "{\"shooters\": 4, \"commanded\": true, \"distance\": 900}", 0, "0/1", "1/3",
    "1/3", "1/3" },
};

static void
test_shooting_chances (gconstpointer data)
{
  const ShootingCase *c = data;
  g_autoptr(json_object) json = run_json (c->inputs, "odds", "rf/shooting");
  json_object *chances = adj_test_member (json, "chances");
  json_object *outcomes = adj_test_member (json, "outcomes");
  const char *want[] = { "hit", c->hit, "graze", c->graze, "wound", c->wound, "kill", c->kill };
  mpq_t hit, hurt, miss, p, term;
  mpz_t binom;

  g_assert_cmpuint (json_object_array_length (chances), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      json_object *item = json_object_array_get_idx (chances, i);

      g_assert_cmpstr (adj_test_member_string (item, "id"), ==, want[2 * i]);
      g_assert_cmpstr (adj_test_member_string (item, "exact"), ==, want[2 * i + 1]);
      g_assert_cmpuint (strlen (adj_test_member_string (item, "label")), >, 0);
    }
  assert_odds_reliable (json);

  /* The casualties follow from those chances: each shot hurts with hit × (wound + kill). */
  mpq_inits (hit, hurt, miss, p, term, NULL);
  mpz_init (binom);
  fraction_from_json (hit, adj_test_member (json_object_array_get_idx (chances, 0), "exact"));
  fraction_from_json (hurt, adj_test_member (json_object_array_get_idx (chances, 2), "exact"));
  fraction_from_json (term, adj_test_member (json_object_array_get_idx (chances, 3), "exact"));
  mpq_add (hurt, hurt, term);
  mpq_mul (hurt, hurt, hit);
  mpq_set_ui (miss, 1, 1);
  mpq_sub (miss, miss, hurt);
  g_assert_cmpuint (json_object_array_length (outcomes), ==, c->shots + 1);
  for (guint k = 0; k <= c->shots; k++)
    {
      json_object *item = json_object_array_get_idx (outcomes, k);
      g_autofree char *key = g_strdup_printf ("%u", k);

      g_assert_cmpstr (adj_test_member_string (item, "outcome"), ==, key);
      mpz_bin_uiui (binom, c->shots, k);
      mpq_set_z (p, binom);
      for (guint i = 0; i < c->shots; i++)
        mpq_mul (p, p, i < k ? hurt : miss);
      fraction_from_json (term, adj_test_member (item, "exact"));
      g_assert_true (mpq_equal (p, term));
    }
  mpq_clears (hit, hurt, miss, p, term, NULL);
  mpz_clear (binom);
}

/* ---- describe with inputs: the dice and cards they need ---- */

typedef struct {
  const char *name;
  const char *mechanic;
  const char *inputs;
  const char *draws;   /* "group:3D6 group:2 cards", in order */
} DescribeCase;

static const DescribeCase describe_cases[] = {
  { "rn-fire", "rn/fire", "{\"firer_figures\": 3}", "firer:3D6" },
  { "rf-shooting-uncommanded", "rf/shooting", "{\"shooters\": 5}", "to-hit:2D8" },
  { "rf-shooting-commanded", "rf/shooting", "{\"shooters\": 5, \"commanded\": true}",
    "to-hit:5D8" },
  { "rf-shooting-moving", "rf/shooting", "{\"shooters\": 5, \"moving\": true}", "to-hit:1D8" },
  { "rf-melee", "rf/melee", "{\"attackers\": 7, \"defenders\": 2}", "attackers:7D6 defenders:2D6" },
  { "gl-hit-cards", "gl/hit-cards", "{\"hits\": 3}",
    "hit-card:1 cards hit-card:1 cards hit-card:1 cards" },
  { "wec-fire-combat", "wec/fire-combat", "{}", "firer:2D6 target:2D6" },
};

/* @items (describe's draws, or the rolls of an outcome) as "group:3D6 group:2 cards". */
static char *
draws_text (json_object *items,
            gboolean     rolls,
            gsize        most)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (gsize i = 0; i < MIN (json_object_array_length (items), most); i++)
    {
      json_object *item = json_object_array_get_idx (items, i);
      json_object *v;

      g_string_append_printf (text, "%s%s:", i > 0 ? " " : "",
                              adj_test_member_string (item, "group"));
      if (!rolls)
        {
          if (json_object_object_get_ex (item, "dice", &v))
            g_string_append (text, json_object_get_string (v));
          else
            g_string_append_printf (text, "%d cards",
                                    json_object_get_int (adj_test_member (item, "cards")));
        }
      else if (json_object_object_get_ex (item, "die", &v))
        g_string_append_printf (text, "%zuD%d",
                                json_object_array_length (adj_test_member (item, "dice")),
                                json_object_get_int (v));
      else
        g_string_append_printf (text, "%zu cards",
                                json_object_array_length (adj_test_member (item, "cards")));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
test_describe_inputs (gconstpointer data)
{
  const DescribeCase *c = data;
  g_autoptr(json_object) desc = run_json (c->inputs, "describe", c->mechanic);
  g_autoptr(json_object) inputs = adj_test_parse (c->inputs);
  json_object *draws = adj_test_member (adj_test_member (desc, "random"), "draws");
  g_autofree char *text = draws_text (draws, FALSE, G_MAXSIZE);
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) outcome = NULL;
  g_autofree char *rolled = NULL;

  g_assert_cmpstr (text, ==, c->draws);
  g_assert_false (json_object_get_boolean (adj_test_member (adj_test_member (desc, "random"),
                                                            "with_default_inputs")));
  /* The inputs it was given, with the defaults of the others. */
  json_object_object_foreach (inputs, key, value)
    g_assert_true (adj_json_equal (adj_test_member (adj_test_member (desc, "input_values"), key),
                                   value));

  /* Resolving with the same inputs rolls those dice and turns those cards first. */
  ADJ_CLI_RUN (&r, c->inputs, "resolve", c->mechanic, "--input", "-", "--seed", "7", "--compact");
  adj_cli_assert_ok (&r);
  outcome = adj_cli_out_json (&r);
  rolled = draws_text (adj_test_member (outcome, "rolls"), TRUE, json_object_array_length (draws));
  g_assert_cmpstr (rolled, ==, c->draws);
}

/* ---- the pack, given on the command line ---- */

/* RULES.md's example: 10 red and 2 black cards left; one die at a unit in cover. */
#define TWELVE "AH,2H,3H,4H,5H,AD,2D,3D,4D,5D,AS,AC"
#define ONE_DIE_IN_COVER "{\"firer_figures\": 1, \"target_in_cover\": true}"

/* The rest of a deck once TWELVE is the draw pile, as a battle keeps the pack. */
static char *
pack_json (void)
{
  g_autoptr(GString) turned = g_string_new (NULL);
  const char *ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };
  const char *suits = "HCDS";
  g_auto(GStrv) draw = g_strsplit (TWELVE, ",", -1);
  g_autofree char *draw_json = NULL;

  for (guint s = 0; s < 4; s++)
    for (guint k = 0; k < G_N_ELEMENTS (ranks); k++)
      {
        g_autofree char *card = g_strdup_printf ("%s%c", ranks[k], suits[s]);

        if (!g_strv_contains ((const char * const *) draw, card))
          g_string_append_printf (turned, "%s\"%s\"", turned->len > 0 ? ", " : "", card);
      }
  draw_json = g_strjoinv ("\", \"", draw);
  return g_strdup_printf ("{\"decks\": 1, \"draw\": [\"%s\"], \"dealt\": [], \"turned\": [%s]}",
                          draw_json, turned->str);
}

static void
assert_ten_of_twelve (const AdjCliRun *r)
{
  g_autoptr(json_object) json = NULL;
  json_object *outcomes;

  adj_cli_assert_ok (r);
  json = adj_cli_out_json (r);
  assert_odds_reliable (json);
  outcomes = adj_test_member (json, "outcomes");
  /* 1/6 × 10/12 */
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 0), "exact"), ==,
                   "31/36");
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 1), "exact"), ==,
                   "5/36");
}

static void
test_pack (void)
{
  g_autofree char *dir = g_dir_make_tmp ("adj-test-cli-odds-XXXXXX", NULL);
  g_autofree char *pack_file = g_build_filename (dir, "pack.json", NULL);
  g_autofree char *input_file = g_build_filename (dir, "inputs.json", NULL);
  g_autofree char *pack = pack_json ();

  g_assert_true (g_file_set_contents (pack_file, pack, -1, NULL));
  g_assert_true (g_file_set_contents (input_file, ONE_DIE_IN_COVER, -1, NULL));
  {
    g_auto(AdjCliRun) r = { 0 };
    ADJ_CLI_RUN (&r, ONE_DIE_IN_COVER, "odds", "rn/fire", "--input", "-", "--draw-pile", TWELVE);
    assert_ten_of_twelve (&r);
  }
  {
    g_auto(AdjCliRun) r = { 0 };
    ADJ_CLI_RUN (&r, ONE_DIE_IN_COVER, "odds", "rn/fire", "--input", "-", "--pack", pack_file);
    assert_ten_of_twelve (&r);
  }
  {
    g_auto(AdjCliRun) r = { 0 };
    ADJ_CLI_RUN (&r, pack, "odds", "rn/fire", "--input", input_file, "--pack=-");
    assert_ten_of_twelve (&r);
  }
  {
    /* A full pack: half the cards are red. */
    g_auto(AdjCliRun) r = { 0 };
    g_autoptr(json_object) json = NULL;
    json_object *outcomes;

    ADJ_CLI_RUN (&r, ONE_DIE_IN_COVER, "odds", "rn/fire", "--input", "-");
    adj_cli_assert_ok (&r);
    json = adj_cli_out_json (&r);
    outcomes = adj_test_member (json, "outcomes");
    g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 1), "exact"), ==,
                     "1/12");
  }
  {
    /* Glidden's turn card from two red cards: the British act. */
    g_auto(AdjCliRun) r = { 0 };
    g_autoptr(json_object) json = NULL;
    json_object *outcomes;

    ADJ_CLI_RUN (&r, NULL, "odds", "gl/turn-card", "--draw-pile", "AH,KD");
    adj_cli_assert_ok (&r);
    json = adj_cli_out_json (&r);
    outcomes = adj_test_member (json, "outcomes");
    g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 0), "outcome"),
                     ==, "british");
    g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 0), "exact"), ==,
                     "1/1");
    g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 1), "exact"), ==,
                     "0/1");
    assert_odds_reliable (json);
  }
  g_assert_cmpint (g_remove (pack_file), ==, 0);
  g_assert_cmpint (g_remove (input_file), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

typedef struct {
  const char *name;
  const char *args[8];
  const char *input;
  int         status;
  const char *message;
} PackError;

static const PackError pack_errors[] = {
  { "both", { "odds", "rn/fire", "--draw-pile", "AH", "--pack", "pack.json", NULL }, NULL, 2,
    "Give either --pack or --draw-pile, not both" },
  { "with-a-battle", { "odds", "rn/fire", "--draw-pile", "AH", "--battle", "b.json", NULL }, NULL,
    2, "--battle brings the battle’s own pack" },
  { "no-cards", { "odds", "wec/fire-combat", "--draw-pile", "AH", NULL }, NULL, 2,
    "This mechanic turns no cards" },
  { "not-a-card", { "odds", "rn/fire", "--draw-pile", "AH,ZZ", NULL }, NULL, 2,
    "--draw-pile: “ZZ” is not a card" },
  { "five-decks", { "odds", "rn/fire", "--draw-pile", "AH,AH,AH,AH,AH", NULL }, NULL, 2,
    "--draw-pile: A pack holds at most 4 decks, but a card is given 5 times" },
  { "both-on-stdin", { "odds", "rn/fire", "--input", "-", "--pack", "-", NULL }, "{}", 2,
    "--input and --pack cannot both read standard input" },
  { "no-such-file", { "odds", "rn/fire", "--pack", "/nonexistent/pack.json", NULL }, NULL, 1,
    "/nonexistent/pack.json" },
  { "card-twice", { "odds", "rn/fire", "--pack", "-", NULL },
    "{\"decks\": 1, \"draw\": [\"AH\", \"AH\"], \"dealt\": [], \"turned\": []}", 1,
    "standard input: $.draw[1]: the card AH appears more often than a pack of 1 deck holds" },
  { "resolve", { "resolve", "rn/fire", "--draw-pile", "AH", NULL }, NULL, 2,
    "--pack and --draw-pile belong to “odds” and “describe”" },
};

static void
test_pack_error (gconstpointer data)
{
  const PackError *c = data;
  g_auto(AdjCliRun) r = { 0 };

  adj_cli_run (&r, c->input, c->args);
  g_assert_cmpint (r.status, ==, c->status);
  g_assert_cmpstr (r.out, ==, "");
  if (strstr (r.err, c->message) == NULL)
    g_error ("“%s” not in: %s", c->message, r.err);
  /* One line saying what is wrong; a mistake in the command line adds where to look. */
  {
    g_auto(GStrv) lines = g_strsplit (r.err, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, c->status == 2 ? 3 : 2);
    g_assert_cmpstr (lines[g_strv_length (lines) - 1], ==, "");
  }
}

/* ---- seeds past 2^53 ---- */

typedef struct {
  const char *seed;
  gboolean    number;   /* written as a JSON number; else as a string */
} SeedCase;

static const SeedCase seed_cases[] = {
  { "0", TRUE },
  { "1879", TRUE },
  { "9007199254740992", TRUE },           /* 2^53 */
  { "9007199254740993", FALSE },          /* 2^53 + 1: a double would read 2^53 */
  { "18446744073709551615", FALSE },      /* 2^64 - 1 */
};

static void
test_seed (gconstpointer data)
{
  const SeedCase *c = data;
  g_auto(AdjCliRun) first = { 0 };
  g_auto(AdjCliRun) plain = { 0 };
  g_auto(AdjCliRun) as_written = { 0 };
  g_autoptr(json_object) a = NULL;
  g_autoptr(json_object) b = NULL;
  g_autoptr(json_object) d = NULL;
  json_object *seed;
  const char *written;

  ADJ_CLI_RUN (&first, NULL, "resolve", "wec/fire-combat", "--seed", c->seed, "--compact");
  adj_cli_assert_ok (&first);
  a = adj_cli_out_json (&first);
  seed = adj_test_member (a, "seed");
  g_assert_true (json_object_is_type (seed, c->number ? json_type_int : json_type_string));
  written = json_object_to_json_string_ext (seed, JSON_C_TO_STRING_PLAIN);
  if (c->number)
    g_assert_cmpstr (written, ==, c->seed);
  else
    g_assert_cmpstr (json_object_get_string (seed), ==, c->seed);

  /* Read back in either form, the seed rolls the same dice. */
  ADJ_CLI_RUN (&plain, NULL, "resolve", "wec/fire-combat", "--seed", c->seed, "--compact");
  ADJ_CLI_RUN (&as_written, NULL, "resolve", "wec/fire-combat", "--seed", written, "--compact");
  adj_cli_assert_ok (&plain);
  adj_cli_assert_ok (&as_written);
  b = adj_cli_out_json (&plain);
  d = adj_cli_out_json (&as_written);
  g_assert_true (adj_json_equal (adj_test_member (a, "rolls"), adj_test_member (b, "rolls")));
  g_assert_true (adj_json_equal (adj_test_member (a, "rolls"), adj_test_member (d, "rolls")));
  g_assert_true (adj_json_equal (seed, adj_test_member (d, "seed")));
}

int
main (int   argc,
      char *argv[])
{
  guint n_systems;
  const AdjSystem **systems;

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (exact_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-odds/exact/", exact_cases[i].name, NULL);
      g_test_add_data_func (path, &exact_cases[i], test_exact);
    }
  systems = adj_systems (&n_systems);
  for (guint s = 0; s < n_systems; s++)
    for (guint m = 0; m < systems[s]->n_mechanics; m++)
      {
        const AdjMechanic *mech = systems[s]->mechanics[m];
        g_autofree char *path = g_strconcat ("/cli-odds/every-mechanic/", mech->id, NULL);

        g_test_add_data_func (path, mech, test_every_mechanic);
      }
  for (guint i = 0; i < G_N_ELEMENTS (declared_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-odds/declared/", declared_cases[i].name, NULL);
      g_test_add_data_func (path, &declared_cases[i], test_declared);
    }
  for (guint i = 0; i < G_N_ELEMENTS (shooting_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-odds/rf-shooting/", shooting_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &shooting_cases[i], test_shooting_chances);
    }
  for (guint i = 0; i < G_N_ELEMENTS (describe_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-odds/describe/", describe_cases[i].name, NULL);
      g_test_add_data_func (path, &describe_cases[i], test_describe_inputs);
    }
  g_test_add_func ("/cli-odds/pack", test_pack);
  for (guint i = 0; i < G_N_ELEMENTS (pack_errors); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-odds/pack-error/", pack_errors[i].name, NULL);
      g_test_add_data_func (path, &pack_errors[i], test_pack_error);
    }
  for (guint i = 0; i < G_N_ELEMENTS (seed_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-odds/seed/", seed_cases[i].seed, NULL);
      g_test_add_data_func (path, &seed_cases[i], test_seed);
    }
  return g_test_run ();
}
