/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-odds.c: dice distributions and exact odds, checked against hand counts and enumeration. */

#include "config.h"

#include <string.h>

#include "adj-json.h"
#include "adj-odds.h"
#include "adj-test-util.h"

/* ---- distributions of dice sums, counted by hand ---- */

typedef struct {
  const char    *name;
  guint          n_dice;
  guint          sides;
  int            min;
  guint          n;
  guint64        total;
  const guint64 *counts;   /* every count from min up, or NULL when only spot checks follow */
  int            spot_value;
  guint64        spot_count;
} DistCase;

static const guint64 counts_1d6[] = { 1, 1, 1, 1, 1, 1 };
static const guint64 counts_2d6[] = { 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 };
static const guint64 counts_3d6[] = { 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1 };
static const guint64 counts_1d12[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
static const guint64 counts_0d6[] = { 1 };

static const DistCase dist_cases[] = {
  { "1d6", 1, 6, 1, 6, 6, counts_1d6, 4, 1 },
  { "2d6", 2, 6, 2, 11, 36, counts_2d6, 7, 6 },
  { "3d6", 3, 6, 3, 16, 216, counts_3d6, 10, 27 },
  { "1d12", 1, 12, 1, 12, 12, counts_1d12, 12, 1 },
  { "0d6", 0, 6, 0, 1, 1, counts_0d6, 0, 1 },
  /* 8D6, the roll of an unequal army's value: 6^8 throws, 135954 of them make 28 (by
   * inclusion-exclusion: sum over k of (-1)^k C(8,k) C(27-6k,7)). */
  { "8d6", 8, 6, 8, 41, G_GUINT64_CONSTANT (1679616), NULL, 28, 135954 },
};

static void
test_dist_dice (gconstpointer data)
{
  const DistCase *c = data;
  g_autoptr(AdjDist) d = adj_dist_dice (c->n_dice, c->sides);
  guint64 sum = 0;

  g_assert_nonnull (d);
  g_assert_cmpint (d->min, ==, c->min);
  g_assert_cmpuint (d->n, ==, c->n);
  g_assert_cmpuint (d->total, ==, c->total);
  for (guint i = 0; i < d->n; i++)
    {
      sum += d->count[i];
      g_assert_cmpuint (adj_dist_count (d, d->min + (int) i), ==, d->count[i]);
      if (c->counts != NULL)
        g_assert_cmpuint (d->count[i], ==, c->counts[i]);
      /* A sum of identical dice is symmetric about its middle. */
      g_assert_cmpuint (d->count[i], ==, d->count[d->n - 1 - i]);
    }
  g_assert_cmpuint (sum, ==, c->total);
  g_assert_cmpuint (adj_dist_count (d, c->spot_value), ==, c->spot_count);
  /* Outside the range, nothing. */
  g_assert_cmpuint (adj_dist_count (d, c->min - 1), ==, 0);
  g_assert_cmpuint (adj_dist_count (d, c->min + (int) c->n), ==, 0);
  g_assert_cmpuint (adj_dist_count (d, G_MININT), ==, 0);
  g_assert_cmpuint (adj_dist_count (d, G_MAXINT), ==, 0);
}

static void
test_dist_8d6_extremes (void)
{
  g_autoptr(AdjDist) d = adj_dist_dice (8, 6);

  g_assert_cmpuint (adj_dist_count (d, 8), ==, 1);
  g_assert_cmpuint (adj_dist_count (d, 48), ==, 1);
  g_assert_cmpuint (adj_dist_count (d, 9), ==, 8);
  g_assert_cmpuint (adj_dist_count (d, 27), ==, 133288);
  g_assert_cmpuint (adj_dist_count (d, 29), ==, 133288);
  /* 28 is the single most likely total. */
  for (int v = 8; v <= 48; v++)
    if (v != 28)
      g_assert_cmpuint (adj_dist_count (d, v), <, adj_dist_count (d, 28));
}

/* ---- against a brute-force enumeration of every throw ---- */

typedef struct {
  guint n_dice;
  guint sides;
} EnumCase;

static const EnumCase enum_cases[] = {
  { 1, 6 }, { 2, 6 }, { 3, 6 }, { 4, 6 }, { 5, 6 }, { 1, 8 }, { 2, 8 }, { 3, 8 },
  { 1, 12 }, { 2, 12 }, { 3, 12 }, { 2, 2 }, { 6, 3 },
};

static void
test_dist_enumerated (gconstpointer data)
{
  const EnumCase *c = data;
  g_autoptr(AdjDist) d = adj_dist_dice (c->n_dice, c->sides);
  guint max_sum = c->n_dice * c->sides;
  g_autofree guint64 *count = g_new0 (guint64, max_sum + 1);
  guint dice[8] = { 0 };
  guint64 throws = 0;

  /* Odometer over every face of every die. */
  for (;;)
    {
      guint sum = 0;
      guint k;

      for (guint i = 0; i < c->n_dice; i++)
        sum += dice[i] + 1;
      count[sum]++;
      throws++;
      for (k = 0; k < c->n_dice; k++)
        {
          if (++dice[k] < c->sides)
            break;
          dice[k] = 0;
        }
      if (k == c->n_dice)
        break;
    }

  g_assert_cmpuint (d->total, ==, throws);
  g_assert_cmpint (d->min, ==, (int) c->n_dice);
  g_assert_cmpuint (d->n, ==, max_sum - c->n_dice + 1);
  for (guint v = 0; v <= max_sum; v++)
    g_assert_cmpuint (adj_dist_count (d, (int) v), ==, count[v]);
}

/* ---- adding distributions ---- */

static void
test_dist_add_same (void)
{
  g_autoptr(AdjDist) one = adj_dist_dice (1, 6);
  g_autoptr(AdjDist) two = adj_dist_add (one, one);
  g_autoptr(AdjDist) expect = adj_dist_dice (2, 6);

  g_assert_cmpint (two->min, ==, expect->min);
  g_assert_cmpuint (two->n, ==, expect->n);
  g_assert_cmpuint (two->total, ==, expect->total);
  g_assert_cmpmem (two->count, two->n * sizeof (guint64), expect->count,
                   expect->n * sizeof (guint64));
}

static void
test_dist_add_mixed (void)
{
  g_autoptr(AdjDist) d6 = adj_dist_dice (1, 6);
  g_autoptr(AdjDist) d12 = adj_dist_dice (1, 12);
  g_autoptr(AdjDist) sum = adj_dist_add (d6, d12);
  g_autoptr(AdjDist) back = adj_dist_add (d12, d6);

  /* 1D6 + 1D12: 2 to 18 over 72 throws; a plateau of 6 ways from 7 to 13. */
  g_assert_cmpint (sum->min, ==, 2);
  g_assert_cmpuint (sum->n, ==, 17);
  g_assert_cmpuint (sum->total, ==, 72);
  for (int v = 2; v <= 18; v++)
    {
      guint64 expect = v < 7 ? (guint64) (v - 1) : v <= 13 ? 6 : (guint64) (19 - v);
      g_assert_cmpuint (adj_dist_count (sum, v), ==, expect);
      g_assert_cmpuint (adj_dist_count (back, v), ==, expect);
    }
}

static void
test_dist_add_zero (void)
{
  g_autoptr(AdjDist) none = adj_dist_dice (0, 6);
  g_autoptr(AdjDist) d8 = adj_dist_dice (1, 8);
  g_autoptr(AdjDist) sum = adj_dist_add (none, d8);

  g_assert_cmpint (sum->min, ==, 1);
  g_assert_cmpuint (sum->n, ==, 8);
  g_assert_cmpuint (sum->total, ==, 8);
  for (int v = 1; v <= 8; v++)
    g_assert_cmpuint (adj_dist_count (sum, v), ==, 1);
}

/* ---- exact odds ---- */

typedef struct {
  guint64 a, b, gcd;
} GcdCase;

static const GcdCase gcd_cases[] = {
  { 12, 18, 6 }, { 18, 12, 6 }, { 17, 5, 1 }, { 0, 5, 5 }, { 5, 0, 5 }, { 432, 145, 1 },
  { 432, 188, 4 }, { 432, 99, 9 }, { G_GUINT64_CONSTANT (1679616), 135954, 18 },
};

static void
test_gcd (gconstpointer data)
{
  const GcdCase *c = data;
  g_assert_cmpuint (adj_gcd (c->a, c->b), ==, c->gcd);
}

typedef struct {
  const char *name;
  guint64     counts[3];
  guint64     total;
  guint64     num[3];
  guint64     den[3];
} FractionCase;

static const FractionCase fraction_cases[] = {
  /* Regular infantry (2D6) firing at native infantry (D12), every input at its default. */
  { "fire-vs-native", { 145, 188, 99 }, 432, { 145, 47, 11 }, { 432, 108, 48 } },
  { "halves", { 18, 18, 0 }, 36, { 1, 1, 0 }, { 2, 2, 1 } },
  { "certain", { 0, 0, 216 }, 216, { 0, 0, 1 }, { 1, 1, 1 } },
  { "thirds", { 2, 2, 2 }, 6, { 1, 1, 1 }, { 3, 3, 3 } },
  { "2d6-seven", { 6, 15, 15 }, 36, { 1, 5, 5 }, { 6, 12, 12 } },
};

static const char *const outcome_keys[] = { "ineffective", "recoil", "destroyed" };

static void
test_odds_fractions (gconstpointer data)
{
  const FractionCase *c = data;
  g_autoptr(AdjOdds) odds = adj_odds_new ();

  for (guint i = 0; i < 3; i++)
    adj_odds_declare (odds, outcome_keys[i], outcome_keys[i]);
  for (guint i = 0; i < 3; i++)
    if (c->counts[i] > 0)
      adj_odds_add (odds, outcome_keys[i], outcome_keys[i], c->counts[i]);
  adj_odds_finish (odds, c->total);

  assert_odds_exact (odds);
  g_assert_cmpuint (odds_total (odds), ==, c->total);
  g_assert_cmpuint (odds->entries->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const AdjOddsEntry *e = adj_odds_find (odds, outcome_keys[i]);

      /* Declared order is kept. */
      g_assert_true (e == g_ptr_array_index (odds->entries, i));
      g_assert_cmpuint (odds_ways (e), ==, c->counts[i]);
      g_assert_cmpuint (odds_num (e), ==, c->num[i]);
      g_assert_cmpuint (odds_den (e), ==, c->den[i]);
      g_assert_cmpuint (adj_gcd (odds_num (e), odds_den (e)), ==, 1);
      g_assert_cmpfloat_with_epsilon (e->p, (double) c->counts[i] / (double) c->total, 1e-15);
      g_assert_cmpfloat (adj_odds_p (odds, outcome_keys[i]), ==, e->p);
    }
}

static void
test_odds_add_accumulates (void)
{
  g_autoptr(AdjOdds) odds = adj_odds_new ();
  const AdjOddsEntry *e;

  adj_odds_add (odds, "hit", "Hit", 3);
  adj_odds_add (odds, "miss", "Miss", 4);
  adj_odds_add (odds, "hit", "ignored label", 5);
  adj_odds_finish (odds, 12);

  g_assert_cmpuint (odds->entries->len, ==, 2);
  e = adj_odds_find (odds, "hit");
  g_assert_cmpuint (odds_ways (e), ==, 8);
  g_assert_cmpstr (e->label, ==, "Hit");
  g_assert_cmpuint (odds_num (e), ==, 2);
  g_assert_cmpuint (odds_den (e), ==, 3);
  e = adj_odds_find (odds, "miss");
  g_assert_cmpuint (odds_num (e), ==, 1);
  g_assert_cmpuint (odds_den (e), ==, 3);
  g_assert_null (adj_odds_find (odds, "draw"));
  g_assert_cmpfloat (adj_odds_p (odds, "draw"), ==, 0.0);
}

static void
test_odds_json (void)
{
  g_autoptr(AdjOdds) odds = adj_odds_new ();
  g_autoptr(json_object) json = NULL;
  json_object *outcomes, *item, *v;

  adj_odds_declare (odds, "ineffective", "Ineffective");
  adj_odds_declare (odds, "recoil", "Target recoils");
  adj_odds_declare (odds, "destroyed", "Target destroyed");
  adj_odds_add (odds, "recoil", "Target recoils", 188);
  adj_odds_add (odds, "ineffective", "Ineffective", 145);
  adj_odds_add (odds, "destroyed", "Target destroyed", 99);
  odds->note = g_strdup ("Ties are rolled again.");
  adj_odds_finish (odds, 432);
  json = adj_odds_to_json (odds);

  g_assert_true (json_object_object_get_ex (json, "outcomes", &outcomes));
  g_assert_cmpuint (json_object_array_length (outcomes), ==, 3);
  item = json_object_array_get_idx (outcomes, 1);
  g_assert_true (json_object_object_get_ex (item, "outcome", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "recoil");
  g_assert_true (json_object_object_get_ex (item, "label", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "Target recoils");
  g_assert_true (json_object_object_get_ex (item, "exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "47/108");
  g_assert_true (json_object_object_get_ex (item, "ways", &v));
  g_assert_cmpint (json_object_get_int64 (v), ==, 188);
  g_assert_true (json_object_object_get_ex (item, "probability", &v));
  g_assert_cmpfloat_with_epsilon (json_object_get_double (v), 47.0 / 108.0, 1e-15);
  item = json_object_array_get_idx (outcomes, 0);
  g_assert_true (json_object_object_get_ex (item, "exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "145/432");
  item = json_object_array_get_idx (outcomes, 2);
  g_assert_true (json_object_object_get_ex (item, "exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "11/48");

  g_assert_true (json_object_object_get_ex (json, "total_ways", &v));
  g_assert_cmpint (json_object_get_int64 (v), ==, 432);
  g_assert_true (json_object_object_get_ex (json, "sum_exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "1/1");
  g_assert_true (json_object_object_get_ex (json, "sum", &v));
  g_assert_cmpfloat (json_object_get_double (v), ==, 1.0);
  g_assert_true (json_object_object_get_ex (json, "note", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "Ties are rolled again.");
}

static void
test_odds_json_impossible (void)
{
  g_autoptr(AdjOdds) odds = adj_odds_new ();
  g_autoptr(json_object) json = NULL;
  json_object *outcomes, *v;

  adj_odds_declare (odds, "never", "Never");
  adj_odds_add (odds, "always", "Always", 36);
  adj_odds_finish (odds, 36);
  json = adj_odds_to_json (odds);
  g_assert_true (json_object_object_get_ex (json, "outcomes", &outcomes));
  g_assert_true (json_object_object_get_ex (json_object_array_get_idx (outcomes, 0), "exact",
                                            &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "0/1");
  g_assert_true (json_object_object_get_ex (json_object_array_get_idx (outcomes, 1), "exact",
                                            &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "1/1");
  g_assert_false (json_object_object_get_ex (json, "note", NULL));
}

/* Counts past 64 bits stay exact: the fractions, the ways and the total are all written, the
 * whole numbers that a double would round as strings. */
static void
test_odds_past_64_bits (void)
{
  g_autoptr(AdjOdds) odds = adj_odds_new ();
  g_autoptr(json_object) json = NULL;
  json_object *outcomes, *item, *v;
  mpz_t total;

  adj_odds_add (odds, "a", "A", G_MAXUINT64 - 1);
  adj_odds_add (odds, "a", "A", 2);
  adj_odds_add (odds, "b", "B", G_MAXUINT64);
  /* 2^64 + 2^64 - 1 ways in all. */
  mpz_init_set_str (total, "36893488147419103231", 10);
  adj_odds_finish_ways (odds, total);
  mpz_clear (total);
  assert_odds_exact (odds);
  json = adj_odds_to_json (odds);

  g_assert_true (json_object_object_get_ex (json, "outcomes", &outcomes));
  item = json_object_array_get_idx (outcomes, 0);
  g_assert_true (json_object_object_get_ex (item, "exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==,
                   "18446744073709551616/36893488147419103231");
  g_assert_true (json_object_object_get_ex (item, "ways", &v));
  g_assert_true (json_object_is_type (v, json_type_string));
  g_assert_cmpstr (json_object_get_string (v), ==, "18446744073709551616");
  item = json_object_array_get_idx (outcomes, 1);
  g_assert_true (json_object_object_get_ex (item, "exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==,
                   "18446744073709551615/36893488147419103231");
  g_assert_true (json_object_object_get_ex (json, "total_ways", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "36893488147419103231");
  g_assert_true (json_object_object_get_ex (json, "sum_exact", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "1/1");
  g_assert_true (json_object_object_get_ex (json, "sum", &v));
  g_assert_cmpfloat (json_object_get_double (v), ==, 1.0);
}

/* Whole numbers in JSON: exact as numbers up to 2^53, strings past it. */
typedef struct {
  const char *digits;
  gboolean    number;
} WholeCase;

static const WholeCase whole_cases[] = {
  { "0", TRUE },
  { "1296", TRUE },
  { "9007199254740991", TRUE },
  { "9007199254740992", TRUE },
  { "9007199254740993", FALSE },
  { "18446744073709551615", FALSE },
  { "340282366920938463463374607431768211457", FALSE },
};

static void
test_json_whole (gconstpointer data)
{
  const WholeCase *c = data;
  g_autoptr(json_object) json = NULL;
  g_autofree char *text = NULL;
  mpz_t z;

  mpz_init_set_str (z, c->digits, 10);
  json = adj_json_new_whole (z);
  mpz_clear (z);
  g_assert_true (json_object_is_type (json, c->number ? json_type_int : json_type_string));
  text = adj_json_to_string (json, FALSE);
  if (c->number)
    g_assert_cmpstr (text, ==, c->digits);
  else
    {
      g_autofree char *quoted = g_strdup_printf ("\"%s\"", c->digits);
      g_assert_cmpstr (text, ==, quoted);
    }
}

/* Exact odds of an opposed roll computed from the distributions (2D6 + 3 against D12 + 2, firer
 * destroys at double, recoils when higher) match a direct enumeration of the 432 throws. */
static void
test_odds_opposed_roll (void)
{
  g_autoptr(AdjDist) firer = adj_dist_dice (2, 6);
  g_autoptr(AdjDist) target = adj_dist_dice (1, 12);
  guint64 by_dist[3] = { 0 }, by_hand[3] = { 0 };

  for (guint i = 0; i < firer->n; i++)
    for (guint j = 0; j < target->n; j++)
      {
        int f = firer->min + (int) i + 3, t = target->min + (int) j + 2;
        guint k = f >= 2 * t ? 2 : f > t ? 1 : 0;
        by_dist[k] += firer->count[i] * target->count[j];
      }
  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      for (int c = 1; c <= 12; c++)
        {
          int f = a + b + 3, t = c + 2;
          by_hand[f >= 2 * t ? 2 : f > t ? 1 : 0]++;
        }
  g_assert_cmpmem (by_dist, sizeof by_dist, by_hand, sizeof by_hand);
  g_assert_cmpuint (by_hand[0] + by_hand[1] + by_hand[2], ==, 432);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (dist_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/odds/dist/dice/%s", dist_cases[i].name);
      g_test_add_data_func (path, &dist_cases[i], test_dist_dice);
    }
  g_test_add_func ("/odds/dist/8d6-extremes", test_dist_8d6_extremes);
  for (guint i = 0; i < G_N_ELEMENTS (enum_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/odds/dist/enumerated/%ud%u",
                                               enum_cases[i].n_dice, enum_cases[i].sides);
      g_test_add_data_func (path, &enum_cases[i], test_dist_enumerated);
    }
  g_test_add_func ("/odds/dist/add/same", test_dist_add_same);
  g_test_add_func ("/odds/dist/add/mixed", test_dist_add_mixed);
  g_test_add_func ("/odds/dist/add/zero", test_dist_add_zero);
  for (guint i = 0; i < G_N_ELEMENTS (gcd_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/odds/gcd/%u", i);
      g_test_add_data_func (path, &gcd_cases[i], test_gcd);
    }
  for (guint i = 0; i < G_N_ELEMENTS (fraction_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/odds/fractions/%s", fraction_cases[i].name);
      g_test_add_data_func (path, &fraction_cases[i], test_odds_fractions);
    }
  g_test_add_func ("/odds/add/accumulates", test_odds_add_accumulates);
  g_test_add_func ("/odds/json", test_odds_json);
  g_test_add_func ("/odds/json/impossible", test_odds_json_impossible);
  g_test_add_func ("/odds/past-64-bits", test_odds_past_64_bits);
  for (guint i = 0; i < G_N_ELEMENTS (whole_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/odds/json-whole/%s", whole_cases[i].digits);
      g_test_add_data_func (path, &whole_cases[i], test_json_whole);
    }
  g_test_add_func ("/odds/opposed-roll", test_odds_opposed_roll);

  return g_test_run ();
}
