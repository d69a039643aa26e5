/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-gl-melee.c: Glidden melee: one pair of figures, and two units round by round. */

#include "test-gl.h"

/* ------------------------------------------------------------------------------------------ */
/* melee: one pair                                                                             */

static const BookMelee melee_mods[] = {
  { 0 },
  { .a_leader = TRUE },
  { .d_leader = TRUE },
  { .a_cavalry = TRUE, .charging = TRUE },
  { .charging = TRUE, .hard_cover = TRUE },
  { .charging = TRUE, .rear = TRUE },
  { .charging = TRUE, .prone = TRUE },
  { .charging = TRUE, .square = TRUE, .d_leader = TRUE },
  { .a_cavalry = TRUE, .charging = TRUE, .rear = TRUE, .a_leader = TRUE },
  { .d_cavalry = TRUE, .hard_cover = TRUE, .square = TRUE, .d_leader = TRUE },
};

/* Closed form: with ties thrown again, each end is its share of the throws that are not
 * ties — an attacker's win kills when the defender's own die is 1 or 2. */
void
test_pair_closed_form (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (melee_mods); i++)
    {
      const BookMelee *m = &melee_mods[i];
      g_autofree char *extra = g_strdup_printf ("\"attacker_leader\": %s, \"defender_leader\": %s",
                                                m->a_leader ? "true" : "false",
                                                m->d_leader ? "true" : "false");
      g_autofree char *json = melee_json (m, extra);
      g_autoptr(AdjInputs) in = inputs_new ("gl/melee-pair", json);
      g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
      int diff = book_melee_diff (m);
      int ties = ABS (diff) < 6 ? 6 - ABS (diff) : 0;
      u128 dk = 0, dr = 0, ak = 0, ar = 0, non_tie = 36 - (u128) ties;

      /* The attacker wins when a + diff > d. */
      for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++)
          {
            if (a + diff > d)
              *(d <= 2 ? &dk : &dr) += 1;
            else if (a + diff < d)
              *(a <= 2 ? &ak : &ar) += 1;
          }
      g_assert_true (dk + dr + ak + ar == non_tie);
      assert_entry (odds, "defender-killed", frac (dk, non_tie));
      assert_entry (odds, "defender-runs", frac (dr, non_tie));
      assert_entry (odds, "attacker-killed", frac (ak, non_tie));
      assert_entry (odds, "attacker-runs", frac (ar, non_tie));

      /* Brute force over the infinite process: every sequence of up to three throws (the
       * first ones ties), each of the 36^k equally likely; the paths that ended fall short of
       * the exact odds by no more than the chance of three ties running, and never exceed them. */
      {
        static const char *const keys[] = {
          "defender-killed", "defender-runs", "attacker-killed", "attacker-runs"
        };
        Frac ended[4] = { { 0, 1 }, { 0, 1 }, { 0, 1 }, { 0, 1 } };
        Frac open = { 0, 1 };

        for (int depth = 1; depth <= 3; depth++)
          {
            u128 n = 1;

            for (int k = 0; k < depth; k++)
              n *= 36;
            for (u128 x = 0; x < n; x++)
              {
                u128 y = x;
                gboolean prefix_ties = TRUE;
                int a = 0, d = 0;

                for (int k = 0; k < depth; k++, y /= 36)
                  {
                    a = (int) (y % 36) / 6 + 1;
                    d = (int) (y % 36) % 6 + 1;
                    if (k < depth - 1 && a + diff != d)
                      prefix_ties = FALSE;
                  }
                if (!prefix_ties)
                  continue;
                if (a + diff == d)
                  {
                    if (depth == 3)
                      open = frac_add (open, frac (1, n));
                    continue;
                  }
                ended[a + diff > d ? (d <= 2 ? 0 : 1) : (a <= 2 ? 2 : 3)] =
                  frac_add (ended[a + diff > d ? (d <= 2 ? 0 : 1) : (a <= 2 ? 2 : 3)],
                            frac (1, n));
              }
          }
        for (guint k = 0; k < 4; k++)
          {
            const AdjOddsEntry *e = adj_odds_find (odds, keys[k]);
            Frac exact = frac (odds_num (e), odds_den (e));
            Frac upper = frac_add (ended[k], open);

            /* ended <= exact <= ended + open, in exact arithmetic: a * d' <= b * c. */
            g_assert_true (ended[k].num * exact.den <= exact.num * ended[k].den);
            g_assert_true (exact.num * upper.den <= upper.num * exact.den);
          }
      }
    }
}

void
test_pair_resolve (void)
{
  static const struct {
    BookMelee   m;
    int         dice[6];
    guint       n;
    const char *key;
    int         throws;
  } cases[] = {
    { { 0 }, { 5, 2 }, 2, "defender-killed", 1 },
    { { 0 }, { 5, 3 }, 2, "defender-runs", 1 },
    { { 0 }, { 1, 4 }, 2, "attacker-killed", 1 },
    { { 0 }, { 3, 4 }, 2, "attacker-runs", 1 },
    /* Ties again, twice, then the attacker's natural 2 loses and kills him. */
    { { 0 }, { 4, 4, 6, 6, 2, 5 }, 6, "attacker-killed", 3 },
    /* Charging +1 makes 3 against 4 a tie: thrown again. */
    { { .charging = TRUE }, { 3, 4, 2, 1 }, 4, "defender-killed", 2 },
    /* Hard cover: +1 the defender and no charge bonus. */
    { { .charging = TRUE, .hard_cover = TRUE }, { 4, 3, 5, 5 }, 4, "attacker-runs", 2 },
    /* From the rear (+2), a natural 1 wins 3 against 2 — and the loser, on 2, dies. */
    { { .rear = TRUE }, { 1, 2 }, 2, "defender-killed", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = melee_json (&cases[i].m, NULL);
      g_autoptr(AdjInputs) in = inputs_new ("gl/melee-pair", json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, cases[i].dice, cases[i].n, NULL);

      g_assert_cmpstr (out->key, ==, cases[i].key);
      g_assert_cmpint (value_int (out, "throws"), ==, cases[i].throws);
    }
}

void
test_pair_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee-pair", "{\"attacker\": \"u2\", \"defender\": "
                                        "\"u1\", \"defender_leader\": true}");
  g_autoptr(AdjOutcome) out = NULL;
  AdjUnit *foot = adj_battle_find_unit (battle, "u1");
  int dice[] = { 6, 1 };

  out = resolve_ok (in, battle, dice, G_N_ELEMENTS (dice), NULL);
  g_assert_cmpstr (out->key, ==, "defender-killed");
  apply_ok (battle, in, out);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 19);
  g_assert_false (adj_unit_get_status_bool (foot, "officer"));
  undo_ok (battle);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 20);
  g_assert_true (adj_unit_get_status_bool (foot, "officer"));
}

/* ------------------------------------------------------------------------------------------ */
/* melee: two units                                                                            */

/* The chance the attacker wins a pair, as a fraction of the throws that are not ties. */
static Frac
book_pair_win (int diff)
{
  u128 win = 0, total = 0;

  for (int a = 1; a <= 6; a++)
    for (int d = 1; d <= 6; d++)
      if (a + diff != d)
        {
          total++;
          win += a + diff > d;
        }
  return frac (win, total);
}

/* The attackers' chance, pair by pair: every round, each pair's end in turn (2^pairs paths),
 * then the round after from what is left. */
static Frac
brute_melee (const BookMelee *base,
             int              a,
             int              d,
             gboolean         la,
             gboolean         ld)
{
  int pairs = MIN (a, d);
  Frac sum = { 0, 1 };

  if (d == 0)
    return frac (1, 1);
  if (a == 0)
    return frac (0, 1);
  for (guint mask = 0; mask < (1u << pairs); mask++)
    {
      Frac p = { 1, 1 };
      int a_won = 0;
      gboolean la2 = la, ld2 = ld;

      for (int i = 0; i < pairs; i++)
        {
          BookMelee m = *base;
          gboolean won = (mask >> i) & 1;
          Frac w;

          m.a_leader = i == 0 && la;
          m.d_leader = i == 0 && ld;
          w = book_pair_win (book_melee_diff (&m));
          p = frac_mul (p, won ? w : frac (w.den - w.num, w.den));
          a_won += won;
          if (i == 0 && la && !won)
            la2 = FALSE;
          if (i == 0 && ld && won)
            ld2 = FALSE;
        }
      if (p.num == 0)
        continue;
      sum = frac_add (sum, frac_mul (p, brute_melee (base, a - (pairs - a_won), d - a_won, la2,
                                                     ld2)));
    }
  return sum;
}

void
test_melee_odds_brute (void)
{
  static const struct { int a, d; gboolean la, ld; } sizes[] = {
    { 1, 1, FALSE, FALSE }, { 2, 1, FALSE, FALSE }, { 1, 3, FALSE, FALSE },
    { 2, 2, TRUE, FALSE }, { 3, 2, FALSE, TRUE }, { 3, 3, TRUE, TRUE }, { 4, 3, TRUE, FALSE },
    { 5, 5, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (melee_mods); i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        BookMelee m = melee_mods[i];
        g_autofree char *extra = g_strdup_printf ("\"attacker_figures\": %d, "
                                                  "\"defender_figures\": %d, "
                                                  "\"attacker_leader\": %s, "
                                                  "\"defender_leader\": %s", sizes[s].a,
                                                  sizes[s].d, sizes[s].la ? "true" : "false",
                                                  sizes[s].ld ? "true" : "false");
        g_autofree char *json = NULL;
        g_autoptr(AdjInputs) in = NULL;
        g_autoptr(AdjOdds) odds = NULL;
        Frac want;

        m.a_leader = m.d_leader = FALSE;
        json = melee_json (&m, extra);
        in = inputs_new ("gl/melee", json);
        odds = odds_ok (in, NULL);
        want = brute_melee (&m, sizes[s].a, sizes[s].d, sizes[s].la, sizes[s].ld);
        assert_entry (odds, "attacker-wins", want);
        assert_entry (odds, "defender-wins", frac (want.den - want.num, want.den));
      }
}

/* A big melee is past 64-bit fractions: the doubles are checked against the same walk in
 * doubles. */
static double
brute_melee_d (const BookMelee *base,
               int              a,
               int              d,
               gboolean         la,
               gboolean         ld,
               double          *memo)
{
  double *slot = &memo[((a * 41 + d) * 2 + la) * 2 + ld];
  double sum = 0.0;
  int pairs = MIN (a, d), ordinary;
  BookMelee m = *base;
  Frac w0;
  double p0;

  if (d == 0)
    return 1.0;
  if (a == 0)
    return 0.0;
  if (*slot >= 0.0)
    return *slot;
  m.a_leader = m.d_leader = FALSE;
  w0 = book_pair_win (book_melee_diff (&m));
  p0 = (double) w0.num / (double) w0.den;
  ordinary = pairs - (la || ld ? 1 : 0);
  for (int j = 0; j <= ordinary; j++)
    {
      double binom = 1.0;

      for (int k = 0; k < j; k++)
        binom = binom * (ordinary - k) / (k + 1);
      for (int lw = 0; lw <= (la || ld ? 1 : 0); lw++)
        {
          double p = binom * pow (p0, j) * pow (1 - p0, ordinary - j);
          int won = j + lw;

          if (la || ld)
            {
              BookMelee lm = *base;
              Frac wl;

              lm.a_leader = la;
              lm.d_leader = ld;
              wl = book_pair_win (book_melee_diff (&lm));
              p *= lw ? (double) wl.num / wl.den : 1.0 - (double) wl.num / wl.den;
            }
          sum += p * brute_melee_d (base, a - (pairs - won), d - won,
                                    la && (!(la || ld) || lw), ld && (!(la || ld) || !lw), memo);
        }
    }
  *slot = sum;
  return sum;
}

void
test_melee_odds_large (void)
{
  BookMelee m = { .charging = TRUE, .a_cavalry = TRUE };
  g_autofree char *json = melee_json (&m, "\"attacker_figures\": 12, \"defender_figures\": 21, "
                                      "\"attacker_leader\": true, \"defender_leader\": true");
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee", json);
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
  double memo[41 * 41 * 4];
  double want;

  for (guint i = 0; i < G_N_ELEMENTS (memo); i++)
    memo[i] = -1.0;
  want = brute_melee_d (&m, 12, 21, TRUE, TRUE, memo);
  /* Far past 64 bits, and still exact. */
  assert_odds_exact (odds);
  g_assert_cmpuint (mpz_sizeinbase (mpq_denref (adj_odds_find (odds, "attacker-wins")->exact), 2),
                    >, 128);
  g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, "attacker-wins"), want, 1e-12);
  g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, "attacker-wins") +
                                  adj_odds_p (odds, "defender-wins"), 1.0, 1e-12);
}

void
test_melee_resolve (void)
{
  /* 3 attackers (officer in pair 1) against 2 defenders, no other modifier.
   * Round 1, 2 pairs: officer 4+1 against 5 — a tie, thrown again: 6 against 1, the
   * defender dies; pair 2: 2 against 3, the attacker (on a natural 2) dies.
   * Round 2: 2 attackers, 1 defender, 1 pair: the officer 3+1 against 6: he runs.
   * Round 3: 1 attacker against 1 defender: 5 against 2: the defender dies — rout 4D6. */
  int dice[] = { 4, 2, 5, 3, 6, 1, 3, 6, 5, 2, 3, 3, 3, 3 };
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee", "{\"attacker_figures\": 3, "
                                        "\"defender_figures\": 2, \"attacker_leader\": true, "
                                        "\"charging\": false}");
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, G_N_ELEMENTS (dice), NULL);

  g_assert_cmpstr (out->key, ==, "attacker-wins");
  g_assert_cmpint (value_int (out, "rounds"), ==, 3);
  g_assert_cmpint (value_int (out, "attacker_killed"), ==, 1);
  g_assert_cmpint (value_int (out, "attacker_ran"), ==, 1);
  g_assert_cmpint (value_int (out, "defender_killed"), ==, 2);
  g_assert_cmpint (value_int (out, "defender_ran"), ==, 0);
  g_assert_false (value_bool (out, "attacker_officer_killed"));
  g_assert_cmpint (value_int (out, "rout"), ==, 12);

  /* Two officers face each other in the first pair: 6 against 1 kills the defenders' officer;
   * then the attackers' officer (+1) beats the last defender, 5 against 2. */
  {
    int more[] = { 6, 1, 1, 6, 5, 2, 3, 3, 3, 3 };
    g_autoptr(AdjInputs) both = inputs_new ("gl/melee", "{\"attacker_figures\": 2, "
                                            "\"defender_figures\": 2, \"attacker_leader\": true, "
                                            "\"defender_leader\": true, \"charging\": false}");
    g_autoptr(AdjOutcome) end = resolve_ok (both, NULL, more, G_N_ELEMENTS (more), NULL);

    g_assert_cmpstr (end->key, ==, "attacker-wins");
    g_assert_true (value_bool (end, "defender_officer_killed"));
    g_assert_false (value_bool (end, "attacker_officer_killed"));
    g_assert_cmpint (value_int (end, "attacker_killed"), ==, 1);
    g_assert_cmpint (value_int (end, "defender_killed"), ==, 2);
    g_assert_cmpint (value_int (end, "rounds"), ==, 2);
  }
}

void
test_melee_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee", "{\"attacker\": \"u2\", \"defender\": "
                                        "\"u3\"}");
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  AdjUnit *zulus = adj_battle_find_unit (battle, "u2");
  AdjUnit *lancers = adj_battle_find_unit (battle, "u3");
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));

  /* 21 Zulus charge 12 lancers; every attacker throws 6 and every defender 1 (after the
   * pre-fill: both officers fight, the lancers are cavalry). */
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_inputs_get_int (in, "attacker_figures"), ==, 21);
  g_assert_cmpint (adj_inputs_get_int (in, "defender_figures"), ==, 12);
  g_assert_true (adj_inputs_get_bool (in, "defender_cavalry"));
  g_assert_true (adj_inputs_get_bool (in, "attacker_leader"));
  for (int i = 0; i < 12; i++)
    {
      int six = 6;
      g_array_append_val (dice, six);
    }
  for (int i = 0; i < 12; i++)
    {
      int one = 1;
      g_array_append_val (dice, one);
    }
  for (int i = 0; i < 4; i++)
    {
      int three = 3;
      g_array_append_val (dice, three);
    }
  out = resolve_ok (in, battle, (const int *) dice->data, dice->len, NULL);
  g_assert_cmpstr (out->key, ==, "attacker-wins");
  g_assert_cmpint (value_int (out, "defender_killed"), ==, 12);
  g_assert_true (value_bool (out, "defender_officer_killed"));
  apply_ok (battle, in, out);
  g_assert_cmpint (adj_unit_get_figures (lancers), ==, 0);
  g_assert_true (adj_unit_get_destroyed (lancers));
  g_assert_true (adj_unit_get_status_bool (lancers, "routing"));
  g_assert_cmpint (adj_unit_get_figures (zulus), ==, 21);
  undo_ok (battle);
  g_assert_cmpint (adj_unit_get_figures (lancers), ==, 12);
  g_assert_false (adj_unit_get_destroyed (lancers));
  g_assert_false (adj_unit_get_status_bool (lancers, "routing"));
}
