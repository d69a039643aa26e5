/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-shooting.c: Risk Factor range bands and shots, and shooting: exact odds and wounds
 * per figure. */

#include "test-rf.h"

/* ------------------------------------------------------------------------------------------ */
/* range bands and shots                                                                       */

typedef struct {
  const char *weapon;
  int         distance;
  const char *band;
} BandCase;

static const BandCase band_cases[] = {
  { "rifle", 0, "short" }, { "rifle", 30, "short" }, { "rifle", 31, "medium" },
  { "rifle", 90, "medium" }, { "rifle", 91, "long" }, { "rifle", 180, "long" },
  { "rifle", 181, "out" }, { "musket", 20, "short" }, { "musket", 21, "medium" },
  { "musket", 40, "medium" }, { "musket", 41, "long" }, { "musket", 120, "long" },
  { "musket", 121, "out" }, { "pistol", 5, "short" }, { "pistol", 10, "medium" },
  { "pistol", 30, "long" }, { "pistol", 31, "out" }, { "spear", 8, "short" },
  { "spear", 12, "medium" }, { "spear", 24, "long" }, { "spear", 25, "out" },
  { "carbine", 15, "short" }, { "carbine", 100, "long" }, { "rifled-carbine", 80, "medium" },
  { "bow", 60, "medium" }, { "hatchet", 20, "long" }, { "rocks", 21, "out" },
};

void
test_range_bands (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (band_cases); i++)
    {
      const BandCase *c = &band_cases[i];
      /* Nobody able to shoot: the band is still worked out, and no die is needed. */
      g_autofree char *json = g_strdup_printf ("{\"weapon\": \"%s\", \"distance\": %d, "
                                               "\"shooters\": 0}", c->weapon, c->distance);
      g_autoptr(AdjInputs) in = inputs ("rf/shooting", json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
      json_object *band = json_object_object_get (out->values, "band");

      g_assert_cmpstr (json_object_get_string (band), ==, c->band);
    }
}

typedef struct {
  const char *name;
  const char *inputs;
  int         shots;
} ShotsCase;

static const ShotsCase shots_cases[] = {
  /* Uncommanded: one shot for every two figures standing, every three moving, rounded down. */
  { "uncommanded/stationary-10", "{\"shooters\": 10}", 5 },
  { "uncommanded/stationary-11", "{\"shooters\": 11}", 5 },
  { "uncommanded/stationary-1", "{\"shooters\": 1}", 0 },
  { "uncommanded/moving-10", "{\"shooters\": 10, \"moving\": true}", 3 },
  { "uncommanded/moving-9", "{\"shooters\": 9, \"moving\": true}", 3 },
  { "uncommanded/moving-8", "{\"shooters\": 8, \"moving\": true}", 2 },
  { "uncommanded/wounded-long", "{\"shooters\": 10, \"wounded\": 4, \"distance\": 150}", 3 },
  { "uncommanded/wounded-short", "{\"shooters\": 10, \"wounded\": 4, \"distance\": 30}", 5 },
  /* Commanded: by the way the weapon loads. */
  { "commanded/breech", "{\"shooters\": 10, \"commanded\": true}", 10 },
  { "commanded/breech-moving", "{\"shooters\": 10, \"commanded\": true, \"moving\": true}", 10 },
  { "commanded/magazine", "{\"shooters\": 10, \"commanded\": true, \"loading\": \"magazine\"}",
    10 },
  { "commanded/muzzle-loaded", "{\"shooters\": 10, \"commanded\": true, \"loading\": \"muzzle\", "
                               "\"loaded\": true}", 10 },
  { "commanded/muzzle-empty", "{\"shooters\": 10, \"commanded\": true, \"loading\": \"muzzle\"}",
    0 },
  { "commanded/musket-always-muzzle", "{\"shooters\": 10, \"commanded\": true, "
                                      "\"weapon\": \"musket\", \"loading\": \"magazine\"}", 0 },
  { "commanded/musket-loaded", "{\"shooters\": 10, \"commanded\": true, \"weapon\": \"musket\", "
                               "\"loaded\": true}", 10 },
  { "commanded/thrown-spears", "{\"shooters\": 10, \"commanded\": true, \"weapon\": \"spear\", "
                               "\"distance\": 8}", 3 },
  { "commanded/thrown-rocks", "{\"shooters\": 5, \"commanded\": true, \"weapon\": \"rocks\", "
                              "\"distance\": 4}", 1 },
  { "commanded/bows", "{\"shooters\": 7, \"commanded\": true, \"weapon\": \"bow\"}", 7 },
  { "commanded/wounded-medium", "{\"shooters\": 10, \"wounded\": 3, \"commanded\": true, "
                                "\"distance\": 60}", 7 },
  { "commanded/out-of-range", "{\"shooters\": 10, \"commanded\": true, \"distance\": 200}", 0 },
  /* A player character fires one shot, loaded as his weapon needs. */
  { "character/rifle", "{\"shooters\": 1, \"character\": true}", 1 },
  { "character/musket-empty", "{\"shooters\": 1, \"character\": true, \"weapon\": \"musket\"}",
    0 },
  { "character/musket-loaded", "{\"shooters\": 1, \"character\": true, \"weapon\": \"musket\", "
                               "\"loaded\": true}", 1 },
  { "character/wounded-long", "{\"shooters\": 1, \"wounded\": 1, \"character\": true, "
                              "\"distance\": 100}", 0 },
};

static void
test_shots (gconstpointer data)
{
  const ShotsCase *c = data;
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", c->inputs);
  AdjContext ctx = { .ruleset = rs };
  g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) out = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  AdjRng rng;

  g_assert_cmpuint (specs->len, ==, c->shots > 0 ? 1 : 0);
  if (c->shots > 0)
    g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, (guint) c->shots);
  adj_rng_seed (&rng, 5);
  random = adj_random_new (&rng, NULL);
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, out, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_outcome_get_value_int (out, "shots", -1), ==, c->shots);
}

void
test_shooting_refused (void)
{
  static const char *const cases[] = {
    "{\"weapon\": \"sword\"}",
    "{\"shooters\": 3, \"wounded\": 4}",
    "{\"aim\": 2}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/shooting", cases[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjOutcome) out = resolve_with (in, NULL, 0, &error);

      g_assert_null (out);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* shooting: exact odds, wounds per figure                                                     */

typedef unsigned __int128 Big;

static Big
big_pow (Big   base,
         guint n)
{
  Big r = 1;

  while (n-- > 0)
    r *= base;
  return r;
}

/* Does one shot (a D8 and a D6) hurt, by the book? */
static gboolean
book_shot_hurts (int   d8,
                 int   d6,
                 int   need,
                 guint cls,
                 int   mod)
{
  return d8 >= need && !g_str_equal (book_damage (cls, d6 + mod), "graze");
}

typedef struct {
  const char *inputs;
  guint       shots;
  int         need;
  guint       cls;
  int         mod;
} VolleyCase;

static const VolleyCase volley_cases[] = {
  { "{\"shooters\": 2}", 1, 2, 0, 0 },
  { "{\"shooters\": 4, \"cover\": \"soft\", \"distance\": 60}", 2, 6, 0, 0 },
  { "{\"shooters\": 6, \"cover\": \"hard\", \"distance\": 150, \"quality\": \"raw\"}", 3, 8, 0,
    -1 },
  { "{\"shooters\": 3, \"commanded\": true, \"weapon\": \"bow\", \"quality\": \"hero\"}", 3, 2, 1,
    1 },
  { "{\"shooters\": 6, \"commanded\": true, \"weapon\": \"rocks\", \"distance\": 10, "
    "\"cover\": \"soft\"}", 2, 7, 2, 0 },
};

void
test_volley_odds (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (volley_cases); c++)
    {
      const VolleyCase *v = &volley_cases[c];
      g_autoptr(AdjInputs) in = inputs ("rf/shooting", v->inputs);
      g_autoptr(AdjOdds) odds = odds_of (in);
      guint64 counts[4] = { 0 };
      guint64 total = 1;

      for (guint i = 0; i < v->shots; i++)
        total *= 48;
      for (guint64 w = 0; w < total; w++)
        {
          guint64 x = w;
          guint hurt = 0;

          for (guint i = 0; i < v->shots; i++, x /= 48)
            if (book_shot_hurts ((int) (x % 8) + 1, (int) (x / 8 % 6) + 1, v->need, v->cls,
                                 v->mod))
              hurt++;
          counts[hurt]++;
        }
      g_assert_cmpuint (odds->entries->len, ==, v->shots + 1);
      for (guint k = 0; k <= v->shots; k++)
        {
          g_autofree char *key = g_strdup_printf ("%u", k);
          assert_odds (odds, key, counts[k], total);
        }
    }
}

/* Twelve shots: too many faces to walk through; the closed form C(n,k) a^k (48-a)^(n-k) / 48^n
 * instead, with a = (9 - need) * hurting faces, in 128-bit integers. */
void
test_volley_closed_form (void)
{
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", "{\"shooters\": 12, \"commanded\": true, "
                                                   "\"cover\": \"soft\", \"distance\": 50}");
  g_autoptr(AdjOdds) odds = odds_of (in);
  int need = book_need (1, 1);
  Big a = 0, total = big_pow (48, 12), binom = 1;

  for (int d8 = 1; d8 <= 8; d8++)
    for (int d6 = 1; d6 <= 6; d6++)
      a += book_shot_hurts (d8, d6, need, 0, 0);
  assert_odds_exact (odds);
  for (guint k = 0; k <= 12; k++)
    {
      g_autofree char *key = g_strdup_printf ("%u", k);
      const AdjOddsEntry *e = adj_odds_find (odds, key);
      Big ways = binom * big_pow (a, k) * big_pow (48 - a, 12 - k);

      g_assert_nonnull (e);
      /* num / den == ways / total */
      g_assert_true ((Big) odds_num (e) * total == ways * (Big) odds_den (e));
      binom = binom * (12 - k) / (k + 1);
    }
}

/* Past what 128 bits can count the odds stay exact: each number of casualties is
 * C(60, k) a^k (48 - a)^(60 - k) / 48^60, a the faces of the two dice that hurt. */
void
test_volley_large (void)
{
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", "{\"shooters\": 60, \"commanded\": true}");
  g_autoptr(AdjOdds) odds = odds_of (in);
  double sum = 0.0, mean = 0.0;
  int need = book_need (0, 0);
  double p = 0.0;
  gulong a = 0;
  mpq_t want;
  mpz_t power;

  for (int d8 = 1; d8 <= 8; d8++)
    for (int d6 = 1; d6 <= 6; d6++)
      {
        p += book_shot_hurts (d8, d6, need, 0, 0) / 48.0;
        a += (gulong) book_shot_hurts (d8, d6, need, 0, 0);
      }
  assert_odds_exact (odds);
  g_assert_cmpuint (odds->entries->len, ==, 61);
  mpq_init (want);
  mpz_init (power);
  for (gulong k = 0; k <= 60; k++)
    {
      mpz_bin_uiui (mpq_numref (want), 60, k);
      mpz_ui_pow_ui (power, a, k);
      mpz_mul (mpq_numref (want), mpq_numref (want), power);
      mpz_ui_pow_ui (power, 48 - a, 60 - k);
      mpz_mul (mpq_numref (want), mpq_numref (want), power);
      mpz_ui_pow_ui (mpq_denref (want), 48, 60);
      mpq_canonicalize (want);
      g_assert_true (mpq_equal (want, ((AdjOddsEntry *) g_ptr_array_index (odds->entries,
                                                                            k))->exact));
    }
  mpq_clear (want);
  mpz_clear (power);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      sum += e->p;
      mean += e->p * i;
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (mean, 60 * p, 1e-9);
}

/* A wound, then a second wound, kills; undo brings him back, wound by wound. */
void
test_wounds_to_kill (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  /* Lt Ashby aims his pistol at figure 2 of Zulu impi 2. */
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                           "{\"shooter\": \"u1\", \"target\": \"u5\", "
                                           "\"distance\": 5, \"aim\": 2}");
  int wound[] = { 8, 3 };   /* a hit, and a 3: a wound from a firearm */

  g_assert_true (adj_inputs_get_bool (in, "character"));
  g_assert_cmpint (adj_inputs_get_int (in, "targets"), ==, 10);
  {
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, wound, G_N_ELEMENTS (wound));
    g_assert_cmpint (adj_outcome_get_value_int (out, "wounds", -1), ==, 1);
    g_assert_cmpint (adj_outcome_get_value_int (out, "dead", -1), ==, 0);
    apply (battle, in, out);
  }
  g_assert_cmpint (adj_member_get_int (members_of (battle, "u5"), 1, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 10);
  {
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, wound, G_N_ELEMENTS (wound));
    g_autofree char *text = adj_outcome_to_text (out);

    g_assert_cmpint (adj_outcome_get_value_int (out, "dead", -1), ==, 1);
    assert_has (text, "figure 2 is wounded a second time and dies");
    apply (battle, in, out);
  }
  g_assert_true (adj_member_get_bool (members_of (battle, "u5"), 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 9);
  /* He is down: aiming at him again is refused. */
  {
    g_autoptr(AdjRandom) random = adj_battle_new_random (battle);
    g_autoptr(AdjOutcome) out = adj_outcome_new (in->mechanic);
    g_autoptr(GError) error = NULL;
    AdjContext ctx;

    adj_battle_context (battle, &ctx);
    adj_random_enter_dice (random, wound, G_N_ELEMENTS (wound));
    g_assert_false (adj_mechanic_resolve (in->mechanic, &ctx, in, random, out, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
  adj_test_undo (battle);
  g_assert_false (adj_member_get_bool (members_of (battle, "u5"), 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_member_get_int (members_of (battle, "u5"), 1, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 10);
  adj_test_undo (battle);
  g_assert_cmpint (adj_member_get_int (members_of (battle, "u5"), 1, "wounds"), ==, 0);
}

/* A hit lands on a figure picked by a die as large as the figures left. */
void
test_hit_random_figure (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                           "{\"shooter\": \"u1\", \"target\": \"u4\", "
                                           "\"distance\": 5}");
  int dice[] = { 8, 6, 7 };   /* a hit, a kill, the 7th of 12 figures */
  g_autoptr(AdjOutcome) out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
  const AdjRoll *pick = g_ptr_array_index (out->rolls, 2);

  g_assert_cmpstr (pick->group, ==, "figure");
  g_assert_cmpuint (pick->sides, ==, 12);
  apply (battle, in, out);
  g_assert_true (adj_member_get_bool (members_of (battle, "u4"), 6, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u4")), ==, 11);

  /* The next pick counts only the 11 left: the 7th is now what was the 8th. */
  {
    g_autoptr(AdjOutcome) again = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
    const AdjRoll *p2 = g_ptr_array_index (again->rolls, 2);

    g_assert_cmpuint (p2->sides, ==, 11);
    apply (battle, in, again);
    g_assert_true (adj_member_get_bool (members_of (battle, "u4"), 7, ADJ_MEMBER_LOST));
  }
}

/* The last figure down: the group is destroyed; and commanded muzzle-loaders are empty after. */
void
test_last_figure (void)
{
  g_autofree char *text = two_side_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Musketeers\", \"type\": \"irregular-foot\", "
    "\"weapon\": \"musket\", \"figures\": 3, \"status\": {\"loaded\": true, "
    "\"commanded\": true}}, "
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Last man\", \"type\": \"tribal-warriors\", "
    "\"figures\": 1}");
  g_autoptr(AdjBattle) battle = battle_from (text);
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                           "{\"shooter\": \"u1\", \"target\": \"u2\", "
                                           "\"distance\": 20}");
  /* Three loaded muskets fire: two misses and a hit that kills; one figure: no die to pick. */
  int kill[] = { 1, 1, 8, 6 };
  g_autoptr(AdjOutcome) out = battle_resolve (battle, in, kill, G_N_ELEMENTS (kill));
  AdjUnit *last = adj_battle_find_unit (battle, "u2");
  AdjUnit *muskets = adj_battle_find_unit (battle, "u1");

  g_assert_cmpint (adj_outcome_get_value_int (out, "shots", -1), ==, 3);
  g_assert_cmpuint (out->rolls->len, ==, 2);
  apply (battle, in, out);
  g_assert_true (adj_unit_get_destroyed (last));
  g_assert_cmpint (adj_unit_get_figures (last), ==, 0);
  g_assert_false (adj_unit_get_status_bool (muskets, "loaded"));
  adj_test_undo (battle);
  g_assert_false (adj_unit_get_destroyed (last));
  g_assert_cmpint (adj_unit_get_figures (last), ==, 1);
  g_assert_true (adj_unit_get_status_bool (muskets, "loaded"));
}

void
add_shots_cases (void)
{
  ADD_CASES ("/rf/shooting/shots/", shots_cases, test_shots);
}
