/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rng.c: the per-battle generator — seeding, reproducibility, saving, dice bounds, and
 * chi-square tests that the dice are fair. */

#include "config.h"

#include <string.h>

#include "adj-random.h"
#include "adj-rng.h"

/* Known answers from an independent implementation of splitmix64 + xoshiro256** (the
 * reference algorithms by Vigna); splitmix64 from 0 starts with 0xe220a8397b1dcdaf. */
typedef struct {
  guint64     seed;
  const char *state;
  guint64     first[4];
} KnownAnswer;

static const KnownAnswer known_answers[] = {
  { 0, "e220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81ec",
    { G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4), G_GUINT64_CONSTANT (0xbf6e1f784956452a),
      G_GUINT64_CONSTANT (0x1a5f849d4933e6e0), G_GUINT64_CONSTANT (0x6aa594f1262d2d2c) } },
  { 42, "bdd732262feb6e9528efe333b266f10347526757130f9f52581ce1ff0e4ae394",
    { G_GUINT64_CONSTANT (0x15780b2e0c2ec716), G_GUINT64_CONSTANT (0x6104d9866d113a7e),
      G_GUINT64_CONSTANT (0xae17533239e499a1), G_GUINT64_CONSTANT (0xecb8ad4703b360a1) } },
};

static void
test_known_answer (gconstpointer data)
{
  const KnownAnswer *ka = data;
  AdjRng rng;
  g_autofree char *state = NULL;

  adj_rng_seed (&rng, ka->seed);
  state = adj_rng_to_string (&rng);
  g_assert_cmpstr (state, ==, ka->state);
  for (guint i = 0; i < G_N_ELEMENTS (ka->first); i++)
    g_assert_cmphex (adj_rng_next (&rng), ==, ka->first[i]);
}

static const guint64 seeds[] = { 0, 1, 2, 42, 1879, G_MAXUINT64 };

static void
test_same_seed (gconstpointer data)
{
  guint64 seed = *(const guint64 *) data;
  AdjRng a, b;

  adj_rng_seed (&a, seed);
  adj_rng_seed (&b, seed);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmphex (adj_rng_next (&a), ==, adj_rng_next (&b));
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpint (adj_rng_die (&a, 6), ==, adj_rng_die (&b, 6));
}

static void
test_different_seeds (void)
{
  /* Every pair of seeds gives a different start; no two sequences share their first word. */
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (seeds); j++)
      {
        AdjRng a, b;
        guint same = 0;

        adj_rng_seed (&a, seeds[i]);
        adj_rng_seed (&b, seeds[j]);
        for (guint k = 0; k < 64; k++)
          if (adj_rng_next (&a) == adj_rng_next (&b))
            same++;
        g_assert_cmpuint (same, ==, 0);
      }
}

static void
test_seed_random (void)
{
  AdjRng a, b;

  adj_rng_seed_random (&a);
  adj_rng_seed_random (&b);
  g_assert_false (memcmp (a.s, b.s, sizeof a.s) == 0);
  g_assert_true ((a.s[0] | a.s[1] | a.s[2] | a.s[3]) != 0);
}

static void
test_string_round_trip (gconstpointer data)
{
  guint64 seed = *(const guint64 *) data;
  AdjRng rng, copy;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;

  adj_rng_seed (&rng, seed);
  /* Advance a little so the state is not just the seeding. */
  for (guint i = 0; i < 17; i++)
    adj_rng_next (&rng);
  text = adj_rng_to_string (&rng);
  g_assert_cmpuint (strlen (text), ==, 64);
  for (guint i = 0; i < 64; i++)
    g_assert_true (g_ascii_isxdigit (text[i]) && !g_ascii_isupper (text[i]));

  memset (&copy, 0xa5, sizeof copy);
  g_assert_true (adj_rng_from_string (&copy, text));
  g_assert_cmpmem (copy.s, sizeof copy.s, rng.s, sizeof rng.s);
  again = adj_rng_to_string (&copy);
  g_assert_cmpstr (again, ==, text);

  /* The restored generator continues the same sequence. */
  for (guint i = 0; i < 100; i++)
    g_assert_cmphex (adj_rng_next (&copy), ==, adj_rng_next (&rng));
}

static void
test_string_upper_case (void)
{
  AdjRng rng;

  /* Hexadecimal digits in either case are the same number. */
  g_assert_true (adj_rng_from_string (&rng, "E220A8397B1DCDAF6E789E6AA1B965F4"
                                            "06C45D188009454FF88BB8A8724C81EC"));
  g_assert_cmphex (rng.s[0], ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (rng.s[3], ==, G_GUINT64_CONSTANT (0xf88bb8a8724c81ec));
}

typedef struct {
  const char *name;
  const char *text;
} BadState;

static const BadState bad_states[] = {
  { "null", NULL },
  { "empty", "" },
  { "short", "e220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81e" },
  { "long", "e220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81ec0" },
  { "non-hex", "g220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81ec" },
  { "space", "e220a8397b1dcdaf 6e789e6aa1b965f406c45d188009454ff88bb8a8724c81e" },
  { "prefix", "0xe220a8397b1dcdaf6e789e6aa1b965f406c45d188009454ff88bb8a8724c81" },
  { "all-zero", "0000000000000000000000000000000000000000000000000000000000000000" },
};

static void
test_string_bad (gconstpointer data)
{
  const BadState *bad = data;
  AdjRng rng, before;

  adj_rng_seed (&rng, 7);
  before = rng;
  g_assert_false (adj_rng_from_string (&rng, bad->text));
  /* A rejected string leaves the generator as it was. */
  g_assert_cmpmem (rng.s, sizeof rng.s, before.s, sizeof before.s);
}

static void
test_below_range (void)
{
  static const guint32 bounds[] = { 1, 2, 3, 6, 7, 12, 52, 100, 1000003, G_MAXUINT32 };
  AdjRng rng;

  adj_rng_seed (&rng, 99);
  for (guint b = 0; b < G_N_ELEMENTS (bounds); b++)
    for (guint i = 0; i < 2000; i++)
      g_assert_cmpuint (adj_rng_below (&rng, bounds[b]), <, bounds[b]);
}

static void
test_below_every_value (void)
{
  guint seen[6] = { 0 };
  AdjRng rng;

  /* Not a statistical test: every face must come up in 600 throws. */
  adj_rng_seed (&rng, 3);
  for (guint i = 0; i < 600; i++)
    seen[adj_rng_below (&rng, 6)]++;
  for (guint v = 0; v < 6; v++)
    g_assert_cmpuint (seen[v], >, 0);
}

static const guint die_sides[] = { 6, 8, 12 };

static void
test_die_bounds (gconstpointer data)
{
  guint sides = *(const guint *) data;
  g_autofree guint *seen = g_new0 (guint, sides + 1);
  AdjRng rng;

  adj_rng_seed (&rng, sides);
  for (guint i = 0; i < 200 * sides; i++)
    {
      int v = adj_rng_die (&rng, sides);

      g_assert_cmpint (v, >=, 1);
      g_assert_cmpint (v, <=, (int) sides);
      seen[v]++;
    }
  g_assert_cmpuint (seen[0], ==, 0);
  for (guint v = 1; v <= sides; v++)
    g_assert_cmpuint (seen[v], >, 0);
}

/* ---- the dice are fair: chi-square goodness of fit ----
 *
 * Each test throws a die many times from a fixed seed and compares the counts of its faces
 * with a uniform die by Pearson's chi-square statistic, X² = Σ (observed − expected)² /
 * expected, with faces − 1 degrees of freedom.  The significance is α = 0.001 in each tail: a
 * fair die gives an X² above the upper critical value, or below the lower one (too even to be
 * chance, as a die that cycles through its faces would be), once in a thousand seeds.  With
 * the seeds fixed the outcome never changes from run to run; the seeds are not chosen.  The
 * critical values are the 0.001 and 0.999 quantiles of the chi-square distribution, computed
 * with mpmath (regularized incomplete gamma function). */

typedef struct {
  guint  df;
  double lower;   /* P(X² <= lower) = 0.001 */
  double upper;   /* P(X² >= upper) = 0.001 */
} ChiCritical;

static const ChiCritical chi_critical[] = {
  { 5, 0.210213, 20.515006 },
  { 7, 0.598494, 24.321886 },
  { 9, 1.151950, 27.877165 },
  { 10, 1.478743, 29.588298 },
  { 11, 1.833853, 31.264134 },
  { 35, 14.687847, 66.618829 },
};

static double
chi_square (const guint64 *observed,
            const double  *expected,
            guint          n)
{
  double x2 = 0;

  for (guint i = 0; i < n; i++)
    {
      double d = (double) observed[i] - expected[i];
      x2 += d * d / expected[i];
    }
  return x2;
}

static void
assert_chi_square (const char *what,
                   double      x2,
                   guint       df)
{
  for (guint i = 0; i < G_N_ELEMENTS (chi_critical); i++)
    if (chi_critical[i].df == df)
      {
        g_test_message ("%s: chi-square %.3f with %u degrees of freedom (accepted: %.3f to %.3f)",
                        what, x2, df, chi_critical[i].lower, chi_critical[i].upper);
        g_assert_cmpfloat (x2, >, chi_critical[i].lower);
        g_assert_cmpfloat (x2, <, chi_critical[i].upper);
        return;
      }
  g_assert_not_reached ();
}

typedef struct {
  guint   sides;
  guint64 seed;
} FairCase;

#define FAIR_THROWS 120000

static const FairCase fair_cases[] = {
  { 6, 1879 }, { 6, 20261122 }, { 8, 1879 }, { 10, 1879 }, { 12, 1879 }, { 12, 20261122 },
};

/* adj_rng_die(), as the generator throws it. */
static void
test_fair_die (gconstpointer data)
{
  const FairCase *c = data;
  g_autofree guint64 *count = g_new0 (guint64, c->sides);
  g_autofree double *expected = g_new0 (double, c->sides);
  g_autofree char *what = g_strdup_printf ("d%u, seed %" G_GUINT64_FORMAT, c->sides, c->seed);
  AdjRng rng;

  adj_rng_seed (&rng, c->seed);
  for (guint i = 0; i < FAIR_THROWS; i++)
    count[adj_rng_die (&rng, c->sides) - 1]++;
  for (guint f = 0; f < c->sides; f++)
    expected[f] = (double) FAIR_THROWS / c->sides;
  assert_chi_square (what, chi_square (count, expected, c->sides), c->sides - 1);
}

/* The same dice as a mechanic throws them: through AdjRandom, several at once. */
static void
test_fair_random (gconstpointer data)
{
  const FairCase *c = data;
  g_autofree guint64 *count = g_new0 (guint64, c->sides);
  g_autofree double *expected = g_new0 (double, c->sides);
  g_autofree char *what = g_strdup_printf ("d%u through AdjRandom, seed %" G_GUINT64_FORMAT,
                                           c->sides, c->seed);
  AdjRng rng;

  adj_rng_seed (&rng, c->seed);
  for (guint i = 0; i < FAIR_THROWS / 4; i++)
    {
      g_autoptr(AdjRandom) random = adj_random_new (&rng, NULL);
      g_autoptr(GError) error = NULL;
      int dice[4];

      g_assert_true (adj_random_roll (random, NULL, "test", 4, c->sides, dice, &error));
      g_assert_no_error (error);
      for (guint k = 0; k < 4; k++)
        count[dice[k] - 1]++;
    }
  for (guint f = 0; f < c->sides; f++)
    expected[f] = (double) FAIR_THROWS / c->sides;
  assert_chi_square (what, chi_square (count, expected, c->sides), c->sides - 1);
}

/* 2D6, the European armies' roll: the sums 2 to 12 against the triangle 1, 2 .. 6 .. 2, 1. */
static void
test_fair_2d6 (void)
{
  guint64 count[11] = { 0 };
  double expected[11];
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  for (guint i = 0; i < FAIR_THROWS; i++)
    count[adj_rng_die (&rng, 6) + adj_rng_die (&rng, 6) - 2]++;
  for (guint s = 2; s <= 12; s++)
    expected[s - 2] = FAIR_THROWS * (6.0 - ABS (7.0 - s)) / 36.0;
  assert_chi_square ("2d6 sums, seed 1879", chi_square (count, expected, 11), 10);
}

/* Each throw independent of the one before: the 36 pairs of consecutive d6 throws are equally
 * common (a generator that avoided repeating a face would fail here, not above). */
static void
test_fair_d6_pairs (void)
{
  guint64 count[36] = { 0 };
  double expected[36];
  AdjRng rng;
  int last;

  adj_rng_seed (&rng, 1879);
  last = adj_rng_die (&rng, 6);
  for (guint i = 0; i < FAIR_THROWS; i++)
    {
      int v = adj_rng_die (&rng, 6);

      count[(last - 1) * 6 + (v - 1)]++;
      last = v;
    }
  for (guint k = 0; k < 36; k++)
    expected[k] = FAIR_THROWS / 36.0;
  assert_chi_square ("consecutive d6 pairs, seed 1879", chi_square (count, expected, 36), 35);
}

/* The test itself can fail: a die that cycles through its faces is too even, one that favours
 * a face is too uneven. */
static void
test_fair_catches_unfair (void)
{
  guint64 cycling[6], loaded[6] = { 0 };
  double expected[6];
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  for (guint f = 0; f < 6; f++)
    {
      cycling[f] = FAIR_THROWS / 6;
      expected[f] = FAIR_THROWS / 6.0;
    }
  for (guint i = 0; i < FAIR_THROWS; i++)
    {
      int v = adj_rng_die (&rng, 6);
      /* One six in twenty turned into a one. */
      if (v == 6 && adj_rng_below (&rng, 20) == 0)
        v = 1;
      loaded[v - 1]++;
    }
  g_assert_cmpfloat (chi_square (cycling, expected, 6), <=, chi_critical[0].lower);
  g_assert_cmpfloat (chi_square (loaded, expected, 6), >=, chi_critical[0].upper);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (known_answers); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rng/known-answer/seed-%" G_GUINT64_FORMAT,
                                               known_answers[i].seed);
      g_test_add_data_func (path, &known_answers[i], test_known_answer);
    }
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_autofree char *same = g_strdup_printf ("/rng/same-seed/%" G_GUINT64_FORMAT, seeds[i]);
      g_autofree char *trip = g_strdup_printf ("/rng/string/round-trip/%" G_GUINT64_FORMAT,
                                               seeds[i]);
      g_test_add_data_func (same, &seeds[i], test_same_seed);
      g_test_add_data_func (trip, &seeds[i], test_string_round_trip);
    }
  g_test_add_func ("/rng/different-seeds", test_different_seeds);
  g_test_add_func ("/rng/seed-random", test_seed_random);
  g_test_add_func ("/rng/string/upper-case", test_string_upper_case);
  for (guint i = 0; i < G_N_ELEMENTS (bad_states); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rng/string/bad/%s", bad_states[i].name);
      g_test_add_data_func (path, &bad_states[i], test_string_bad);
    }
  g_test_add_func ("/rng/below/range", test_below_range);
  g_test_add_func ("/rng/below/every-value", test_below_every_value);
  for (guint i = 0; i < G_N_ELEMENTS (die_sides); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rng/die/d%u", die_sides[i]);
      g_test_add_data_func (path, &die_sides[i], test_die_bounds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (fair_cases); i++)
    {
      g_autofree char *die = g_strdup_printf ("/rng/fair/d%u/seed-%" G_GUINT64_FORMAT,
                                              fair_cases[i].sides, fair_cases[i].seed);
      g_autofree char *random = g_strdup_printf ("/rng/fair/random-d%u/seed-%" G_GUINT64_FORMAT,
                                                 fair_cases[i].sides, fair_cases[i].seed);
      g_test_add_data_func (die, &fair_cases[i], test_fair_die);
      g_test_add_data_func (random, &fair_cases[i], test_fair_random);
    }
  g_test_add_func ("/rng/fair/2d6", test_fair_2d6);
  g_test_add_func ("/rng/fair/d6-pairs", test_fair_d6_pairs);
  g_test_add_func ("/rng/fair/catches-unfair", test_fair_catches_unfair);

  return g_test_run ();
}
