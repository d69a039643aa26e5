/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn-odds.c: Redcoats & Natives exact odds against the brute force. */

#include "test-rn.h"

/* ------------------------------------------------------------------------------------------ */
/* exact odds against the brute force                                                          */

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;      /* NULL: a full pack */
  const char *turned;
  guint       dice;      /* what the firer throws, by the book */
  const char *type;      /* the target */
  int         figures;
  gboolean    disrupted;
  gboolean    wounded;
  gboolean    cover;
} FireOdds;

static const FireOdds fire_odds_cases[] = {
  { "open/4-dice", "{}", NULL, NULL, 4, "infantry", 4, FALSE, FALSE, FALSE },
  { "open/disrupted-target", "{\"target_disrupted\": true, \"target_figures\": 2}", NULL, NULL,
    4, "infantry", 2, TRUE, FALSE, FALSE },
  { "cover/full-pack", "{\"firer_figures\": 3, \"target_in_cover\": true}", NULL, NULL, 3,
    "infantry", 4, FALSE, FALSE, TRUE },
  { "cover/ten-red-two-black", "{\"target_in_cover\": true}",
    "AH,2H,3H,4H,5H,AD,2D,3D,4D,5D,AS,AC", "6S,7S", 4, "infantry", 4, FALSE, FALSE, TRUE },
  { "cover/pile-runs-out", "{\"target_in_cover\": true, \"target_figures\": 2, "
    "\"target_disrupted\": true}", "5H,6S", "JH,QC,2D,9D", 4, "infantry", 2, TRUE, FALSE, TRUE },
  { "cover/transport", "{\"target_in_cover\": true, \"target_type\": \"motor-transport\", "
    "\"target_figures\": 1}", "5H,6S,7D", "8C", 4, "motor-transport", 1, FALSE, FALSE, TRUE },
  { "commander/open", "{\"target_type\": \"commander\", \"target_figures\": 1}",
    "JH,QH,2C,3D,4S,5H,9C", NULL, 4, "commander", 1, FALSE, FALSE, FALSE },
  { "commander/cover/pile-runs-out", "{\"firer_figures\": 3, \"target_type\": \"commander\", "
    "\"target_figures\": 1, \"target_disrupted\": true, \"target_in_cover\": true}", "KH,3C",
    "JH,5D,8S", 3, "commander", 1, TRUE, FALSE, TRUE },
  { "commander/wounded", "{\"firer_figures\": 3, \"target_type\": \"commander\", "
    "\"target_figures\": 1, \"target_disrupted\": true, \"target_wounded\": true, "
    "\"target_in_cover\": true}", "AH,2S,QH", "KD", 3, "commander", 1, TRUE, TRUE, TRUE },
  { "machine-gun-and-commander", "{\"firer_type\": \"machine-gun\", \"firer_weapon\": "
    "\"machine-gun\", \"firer_figures\": 2, \"firer_with_commander\": true, \"target_in_cover\": "
    "true}", "2H,3S,4D,5C,6H,7S,8D,9C", "10H", 6, "infantry", 4, FALSE, FALSE, TRUE },
  { "moved-firer", "{\"firer_figures\": 4, \"firer_moved\": true, \"firer_with_commander\": "
    "true, \"firer_commander_disrupted\": true, \"target_in_cover\": true}",
    "2H,3S,4D,5C,6H", NULL, 3, "infantry", 4, FALSE, FALSE, TRUE },
};

static void
brute_volleys (const BookPile *pile,
               guint           n_dice,
               Volleys         st,
               BruteData      *bd)
{
  u128 by_sixes[16] = { 0 };
  u128 total = pow6 (n_dice);

  book_throws (n_dice, by_sixes, NULL);
  for (guint s = 0; s <= n_dice; s++)
    {
      Frac w = { by_sixes[s], total };

      if (by_sixes[s] == 0)
        continue;
      w = frac_scale (w, 1, 1);
      st.sixes[0] = (int) s;
      volleys_run (pile, st, w, fire_done, bd);
    }
}

static void
test_fire_odds (gconstpointer data)
{
  const FireOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  BookPile pile;
  Volleys st = { 0 };
  Dist dist;
  BruteData bd = { in->mechanic, &dist };

  /* The mechanic throws the dice the book gives. */
  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, c->dice);

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  st.n_volleys = 1;
  st.target[0] = 0;
  st.cover[0] = c->cover;
  st.units[0] = book_unit (c->type, c->figures, c->disrupted, c->wounded);
  bd.before[0] = st.units[0];
  brute_volleys (&pile, c->dice, st, &bd);
  assert_odds_equal (in->mechanic, odds, &dist);
}

/* RULES.md's own example: with 10 red and 2 black cards left, a hit in cover counts with
 * probability 10/12.  One die: a hit 1 time in 6. */
void
test_fire_odds_ten_of_twelve (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_figures\": 1, "
                                        "\"target_in_cover\": true}");
  g_autoptr(AdjPack) pack = pack_with ("AH,2H,3H,4H,5H,AD,2D,3D,4D,5D,AS,AC", NULL);
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  const AdjOddsEntry *e = adj_odds_find (odds, "disrupted");

  assert_odds_exact (odds);
  g_assert_cmpuint (odds_num (e), ==, 5);     /* 1/6 × 10/12 */
  g_assert_cmpuint (odds_den (e), ==, 36);
  e = adj_odds_find (odds, "no-effect");
  g_assert_cmpuint (odds_num (e), ==, 31);
  g_assert_cmpuint (odds_den (e), ==, 36);

  /* The full pack: half the cards are red. */
  {
    g_autoptr(AdjOdds) full = odds_with_pack (in, NULL);
    e = adj_odds_find (full, "disrupted");
    g_assert_cmpuint (odds_num (e), ==, 1);
    g_assert_cmpuint (odds_den (e), ==, 12);
  }
}

/* Many dice through cover: far too many ways for 64 bits, and still exact; the odds must match
 * the closed form (binomial sixes, hypergeometric red cards), in exact fractions and in long
 * doubles. */
static void
check_fire_closed_form (guint n)
{
  g_autofree char *json = g_strdup_printf ("{\"firer_figures\": %u, \"target_in_cover\": true}",
                                           n);
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", json);
  g_autoptr(AdjOdds) odds = odds_with_pack (in, NULL);
  long double p[5] = { 0 };
  static const char *const keys[] = {
    "no-effect", "disrupted", "figures-lost", "destroyed"
  };
  mpq_t exact[4], term, h;
  mpz_t z;

  mpq_inits (exact[0], exact[1], exact[2], exact[3], term, h, NULL);
  mpz_init (z);
  for (guint s = 0; s <= n; s++)
    {
      long double ps = 1.0L;

      /* C(n, s) (1/6)^s (5/6)^(n-s) */
      for (guint i = 0; i < s; i++)
        ps *= (long double) (n - i) / (i + 1);
      ps *= powl (1.0L / 6, s) * powl (5.0L / 6, n - s);
      mpz_bin_uiui (mpq_numref (term), n, s);
      mpz_ui_pow_ui (z, 5, n - s);
      mpz_mul (mpq_numref (term), mpq_numref (term), z);
      mpz_ui_pow_ui (mpq_denref (term), 6, n);
      mpq_canonicalize (term);
      for (guint k = 0; k <= s; k++)
        {
          /* C(26, k) C(26, s - k) / C(52, s) */
          long double hl = 1.0L;
          int effect;

          for (guint i = 0; i < k; i++)
            hl *= (long double) (26 - i) / (i + 1);
          for (guint i = 0; i < s - k; i++)
            hl *= (long double) (26 - i) / (i + 1);
          for (guint i = 0; i < s; i++)
            hl /= (long double) (52 - i) / (i + 1);
          effect = k == 0 ? 0 : k == 1 ? 1 : k <= 4 ? 2 : 3;
          p[effect] += ps * hl;
          mpz_bin_uiui (mpq_numref (h), 26, k);
          mpz_bin_uiui (z, 26, s - k);
          mpz_mul (mpq_numref (h), mpq_numref (h), z);
          mpz_bin_uiui (mpq_denref (h), 52, s);
          mpq_canonicalize (h);
          mpq_mul (h, h, term);
          mpq_add (exact[effect], exact[effect], h);
        }
    }
  assert_odds_exact (odds);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, keys[i]), (double) p[i], 1e-12);
      g_assert_true (mpq_equal (adj_odds_find (odds, keys[i])->exact, exact[i]));
    }
  mpq_clears (exact[0], exact[1], exact[2], exact[3], term, h, NULL);
  mpz_clear (z);
  {
    g_autoptr(json_object) out = adj_odds_to_json (odds);
    json_object *v;

    g_assert_true (json_object_object_get_ex (out, "total_ways", &v));
    g_assert_true (json_object_object_get_ex (out, "sum_exact", &v));
    g_assert_cmpstr (json_object_get_string (v), ==, "1/1");
  }
}

void
test_fire_odds_closed_form (void)
{
  check_fire_closed_form (16);
  check_fire_closed_form (20);
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;
  const char *turned;
  const char *type;
  int         figures;
  gboolean    disrupted;
  gboolean    wounded;
  int         hits;
} HitsOdds;

static const HitsOdds hits_odds_cases[] = {
  { "commander/three", "{\"hits\": 3, \"unit_type\": \"commander\", \"unit_figures\": 1, "
    "\"unit_disrupted\": true}", "JH,KD,2S,5H,7C", NULL, "commander", 1, TRUE, FALSE, 3 },
  { "commander/pile-runs-out", "{\"hits\": 4, \"unit_type\": \"commander\", \"unit_figures\": 1}",
    "QH,2D", "3S,KH", "commander", 1, FALSE, FALSE, 4 },
  { "commander/full-pack", "{\"hits\": 2, \"unit_type\": \"commander\", \"unit_figures\": 1, "
    "\"unit_disrupted\": true}", NULL, NULL, "commander", 1, TRUE, FALSE, 2 },
  { "infantry", "{\"hits\": 3}", NULL, NULL, "infantry", 4, FALSE, FALSE, 3 },
};

static void
test_hits_odds (gconstpointer data)
{
  const HitsOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/hits", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  BookPile pile;
  Volleys st = { 0 };
  Dist dist;
  BruteData bd = { in->mechanic, &dist };
  Frac one = { 1, 1 };

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  st.n_volleys = 1;
  st.sixes[0] = c->hits;
  st.units[0] = book_unit (c->type, c->figures, c->disrupted, c->wounded);
  bd.before[0] = st.units[0];
  volleys_run (&pile, st, one, fire_done, &bd);
  assert_odds_equal (in->mechanic, odds, &dist);
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;
  const char *turned;
  const char *rating;
  int         tries;
} CohesionOdds;

static const CohesionOdds cohesion_odds_cases[] = {
  { "average/full-pack", "{\"rating\": \"average\"}", NULL, NULL, "average", 1 },
  { "very-poor/with-commander", "{\"rating\": \"very-poor\", \"commander_in_hex\": true}", NULL,
    NULL, "very-poor", 2 },
  { "average/with-commander", "{\"rating\": \"average\", \"commander_in_hex\": true}",
    "3H,4H,5C,6D", NULL, "average", 2 },
  { "commander/pile-runs-out", "{\"type\": \"commander\"}", "2H", "3S,4H,5D", "good", 2 },
  { "poor/no-spades-left", "{\"rating\": \"poor\", \"commander_in_hex\": true}", "AH,2C,3D", "KS",
    "poor", 2 },
  { "good/full-pack", "{\"rating\": \"good\", \"commander_in_hex\": true}", NULL, NULL, "good",
    2 },
};

static void
brute_cohesion (const BookPile *pile,
                const char     *rating,
                int             tries,
                Frac            w,
                Dist           *dist)
{
  BookPile p = *pile;

  pile_refill (&p);
  for (guint i = 0; i < p.n_draw; i++)
    {
      BookPile next;
      char card[4];
      Frac wi = frac_scale (w, 1, p.n_draw);

      pile_take (&p, i, &next, card);
      if (book_rallies (card[strlen (card) - 1], rating))
        dist->p[0] = frac_add (dist->p[0], wi);
      else if (tries > 1)
        brute_cohesion (&next, rating, tries - 1, wi, dist);
      else
        dist->p[1] = frac_add (dist->p[1], wi);
    }
}

static void
test_cohesion_odds (gconstpointer data)
{
  const CohesionOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/cohesion", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  BookPile pile;
  Dist dist;
  Frac one = { 1, 1 };

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  brute_cohesion (&pile, c->rating, c->tries, one, &dist);
  g_assert_cmpint (key_index (in->mechanic, "regained"), ==, 0);
  assert_odds_equal (in->mechanic, odds, &dist);
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;
  const char *turned;
  guint       a_dice;
  guint       d_dice;
  const char *a_type;
  int         a_figures;
  gboolean    a_disrupted;
  gboolean    a_cover;
  const char *d_type;
  int         d_figures;
  gboolean    d_disrupted;
  gboolean    d_cover;
} AssaultOdds;

static const AssaultOdds assault_odds_cases[] = {
  { "plain/2-against-2", "{\"assaulter_figures\": 2, \"defender_figures\": 2}", NULL, NULL,
    2, 2, "infantry", 2, FALSE, FALSE, "infantry", 2, FALSE, FALSE },
  { "plain/4-against-3", "{\"defender_figures\": 3}", NULL, NULL,
    4, 3, "infantry", 4, FALSE, FALSE, "infantry", 3, FALSE, FALSE },
  { "fragile/2-against-2", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"defender_figures\": 1, \"defender_disrupted\": true, "
    "\"defender_with_commander\": true, \"defender_commander_moved\": true}", NULL, NULL,
    3, 1, "infantry", 2, TRUE, FALSE, "infantry", 1, TRUE, FALSE },
  { "cover-and-commanders", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_figures\": 1, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_figures\": 2, "
    "\"defender_disrupted\": true, \"defender_in_cover\": true}", "JH,2D,3S,KH,4C", "5D",
    3, 1, "commander", 1, TRUE, TRUE, "infantry", 2, TRUE, TRUE },
  { "commander-against-commander", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_figures\": 1, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_type\": "
    "\"commander\", \"defender_figures\": 1, \"defender_disrupted\": true, "
    "\"defender_in_cover\": true}", "JH,2D,3S,KH,4C,QH", "5D",
    3, 1, "commander", 1, TRUE, TRUE, "commander", 1, TRUE, TRUE },
  { "both-in-cover", "{\"assaulter_figures\": 2, \"defender_figures\": 2, "
    "\"assaulter_in_cover\": true, \"defender_in_cover\": true}", "AH,2S,3D,4C,5H,6S", "7D",
    2, 2, "infantry", 2, FALSE, TRUE, "infantry", 2, FALSE, TRUE },
};

static void
test_assault_odds (gconstpointer data)
{
  const AssaultOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/assault", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  guint wa = 6 * c->a_dice + 1, wd = 6 * c->d_dice + 1;
  g_autofree u128 *ja = g_new0 (u128, (c->a_dice + 1) * wa);
  g_autofree u128 *jd = g_new0 (u128, (c->d_dice + 1) * wd);
  u128 by_a[16] = { 0 }, by_d[16] = { 0 };
  u128 groups[16][16][3];
  u128 total = pow6 (c->a_dice + c->d_dice);
  BookPile pile;
  Dist dist;
  BruteData bd = { in->mechanic, &dist };

  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (specs->len, ==, (c->a_dice > 0) + (c->d_dice > 0));
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, c->a_dice);

  memset (groups, 0, sizeof groups);
  book_throws (c->a_dice, by_a, ja);
  book_throws (c->d_dice, by_d, jd);
  /* Every pair of throws, by hits on each side and how the pips compare. */
  for (guint sa = 0; sa <= c->a_dice; sa++)
    for (guint pa = 0; pa < wa; pa++)
      for (guint sd = 0; sd <= c->d_dice; sd++)
        for (guint pd = 0; pd < wd; pd++)
          {
            u128 ways = ja[sa * wa + pa] * jd[sd * wd + pd];
            if (ways != 0)
              groups[sa][sd][pa > pd ? 0 : pa < pd ? 1 : 2] += ways;
          }

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  for (guint sa = 0; sa <= c->a_dice; sa++)
    for (guint sd = 0; sd <= c->d_dice; sd++)
      for (int cmp = 0; cmp < 3; cmp++)
        {
          Volleys st = { 0 };
          Frac w = { groups[sa][sd][cmp], total };

          if (groups[sa][sd][cmp] == 0)
            continue;
          st.n_volleys = 2;
          st.sixes[0] = (int) sa;
          st.target[0] = 1;
          st.cover[0] = c->d_cover;
          st.sixes[1] = (int) sd;
          st.target[1] = 0;
          st.cover[1] = c->a_cover;
          st.units[0] = book_unit (c->a_type, c->a_figures, c->a_disrupted, FALSE);
          st.units[1] = book_unit (c->d_type, c->d_figures, c->d_disrupted, FALSE);
          bd.compare = cmp;
          volleys_run (&pile, st, frac_scale (w, 1, 1), assault_done, &bd);
        }
  assert_odds_equal (in->mechanic, odds, &dist);
}

/* A close assault's odds are summed directly while the pile cannot run out; the card walk
 * must give the same odds on cases too big for the brute force. */
typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;      /* NULL: a full pack */
  const char *turned;
} AssaultSums;

static const AssaultSums assault_sums_cases[] = {
  { "plain/12-against-12", "{\"assaulter_figures\": 12, \"defender_figures\": 12}", NULL, NULL },
  { "cover/6-against-5", "{\"assaulter_figures\": 6, \"defender_figures\": 5, "
    "\"assaulter_in_cover\": true, \"defender_in_cover\": true}", NULL, NULL },
  { "cover/short-pile", "{\"assaulter_figures\": 5, \"defender_figures\": 4, "
    "\"defender_disrupted\": true, \"defender_in_cover\": true, \"assaulter_in_cover\": true}",
    "AH,2S,3D,4C,5H,6S,7D,8C,9H,10S,JH,QC", "KD" },
  { "against-a-commander", "{\"assaulter_figures\": 6, \"assaulter_with_commander\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"single-shot-rifle\", "
    "\"defender_in_cover\": true, \"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-assaults", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_disrupted\": true, \"defender_figures\": 7, "
    "\"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-against-commander", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_with_commander\": true, \"assaulter_disrupted\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"hand-to-hand\", "
    "\"defender_with_commander\": true, \"defender_in_cover\": true, "
    "\"assaulter_in_cover\": true}",
    "JH,QH,KH,2D,3S,4C,5H,6S,7D,8C,9H,10S,2C,3C,4D", "KD" },
  { "transport", "{\"assaulter_figures\": 4, \"defender_type\": \"horse-transport\", "
    "\"defender_figures\": 1, \"defender_in_cover\": true}", NULL, NULL },
  /* Sides that can be wiped out by a few hits through cover, so that every way the two blocks
   * of cover cards can fall counts towards more than one outcome. */
  { "cover/fragile", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"defender_figures\": 3, \"defender_disrupted\": true, "
    "\"assaulter_in_cover\": true, \"defender_in_cover\": true}", NULL, NULL },
  { "against-a-commander/fragile", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"hand-to-hand\", "
    "\"defender_disrupted\": true, \"defender_with_commander\": true, "
    "\"defender_in_cover\": true, \"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-assaults/fragile", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_with_commander\": true, \"defender_figures\": 2, "
    "\"defender_disrupted\": true, \"assaulter_in_cover\": true, \"defender_in_cover\": true}",
    NULL, NULL },
  { "commander-against-commander/full-pack", "{\"assaulter_type\": \"commander\", "
    "\"assaulter_weapon\": \"hand-to-hand\", \"assaulter_with_commander\": true, "
    "\"assaulter_disrupted\": true, \"defender_type\": \"commander\", \"defender_weapon\": "
    "\"hand-to-hand\", \"defender_disrupted\": true, \"defender_with_commander\": true, "
    "\"defender_in_cover\": true, \"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-against-commander/open", "{\"assaulter_type\": \"commander\", "
    "\"assaulter_weapon\": \"hand-to-hand\", \"assaulter_disrupted\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"hand-to-hand\", "
    "\"defender_disrupted\": true, \"defender_with_commander\": true}",
    "JH,QH,KH,2D,3S,4C,5H,6S,7D,8C,9H,10S,2C,3C,4D,5S,6D", "KD" },
};

static void
test_assault_sums (gconstpointer data)
{
  const AssaultSums *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/assault", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) sums = odds_with_pack (in, pack);
  g_autoptr(AdjOdds) walk = NULL;

  adj_rn_set_direct_odds (FALSE);
  walk = odds_with_pack (in, pack);
  adj_rn_set_direct_odds (TRUE);

  g_assert_cmpuint (sums->entries->len, ==, walk->entries->len);
  for (guint i = 0; i < sums->entries->len; i++)
    {
      const AdjOddsEntry *a = g_ptr_array_index (sums->entries, i);
      const AdjOddsEntry *b = g_ptr_array_index (walk->entries, i);

      g_assert_cmpstr (a->key, ==, b->key);
      g_assert_cmpfloat_with_epsilon (a->p, b->p, 1e-12);
      /* Both count the ways: the same fraction. */
      g_assert_true (mpq_equal (a->exact, b->exact));
    }
}

/* The odds follow the battle's own pack: after a deal, the cards dealt are not there to turn. */
void
test_battle_odds_follow_pack (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(AdjOutcome) deal G_GNUC_UNUSED =
    battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_figures\": 1, "
                                        "\"target_in_cover\": true}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOdds) odds = NULL;
  AdjContext ctx;
  guint n, red = 0;
  const AdjCard *cards;
  const AdjOddsEntry *e;
  u128 g;

  adj_battle_context (f->battle, &ctx);
  odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
  g_assert_no_error (error);
  cards = adj_pack_draw_pile (adj_battle_get_pack (f->battle), &n);
  for (guint i = 0; i < n; i++)
    red += adj_card_is_red (cards[i]);
  /* P(disrupted) = 1/6 × red / left */
  e = adj_odds_find (odds, "disrupted");
  g = gcd128 (red, 6 * n);
  g_assert_cmpuint (odds_num (e), ==, (guint64) (red / g));
  g_assert_cmpuint (odds_den (e), ==, (guint64) (6 * n / g));
  g_assert_cmpuint (n, <, 52);
}

void
add_fire_odds_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fire_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/fire/", fire_odds_cases[i].name, NULL);
      g_test_add_data_func (path, &fire_odds_cases[i], test_fire_odds);
    }
}

void
add_hits_odds_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hits_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/hits/", hits_odds_cases[i].name, NULL);
      g_test_add_data_func (path, &hits_odds_cases[i], test_hits_odds);
    }
}

void
add_cohesion_odds_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cohesion_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/cohesion/", cohesion_odds_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &cohesion_odds_cases[i], test_cohesion_odds);
    }
}

void
add_assault_odds_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (assault_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/assault/", assault_odds_cases[i].name, NULL);
      g_test_add_data_func (path, &assault_odds_cases[i], test_assault_odds);
    }
}

void
add_assault_sums_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (assault_sums_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/assault-sums/", assault_sums_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &assault_sums_cases[i], test_assault_sums);
    }
}
