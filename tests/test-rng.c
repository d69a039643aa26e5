/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rng.c: the per-battle generator — seeding, reproducibility, saving and dice bounds. */

#include "config.h"

#include <string.h>

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

  return g_test_run ();
}
