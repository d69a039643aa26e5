/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-assault.c: Redcoats & Natives — close assault (rn/assault): both sides' dice, the
 * comparison of pips, and its exact odds, by the card walk or, while the pile cannot run out,
 * by sums. */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <string.h>

#include "adj-rn-private.h"

/* ---- dice: the joint throw of hits and pips ---- */

/* The joint distribution of hits and pips: joint[s * (6n + 1) + p] ways to throw s hits and
 * p pips.  Which s dice hit can be chosen C(n, s) ways; the hits' pips and the misses' pips
 * are sums of dice showing only hitting faces or only missing ones, built a die at a time.
 * Row m of the powers is only written and read from lo * m to hi * m, and only that much is
 * cleared. */
static void
face_powers (guint  n,
             int    lo,
             int    hi,
             Ways  *pow_)    /* [(n + 1) * (6n + 1)] */
{
  guint width = 6 * n + 1;

  pow_[0] = 1;
  for (guint m = 1; m <= n; m++)
    {
      Ways *row = pow_ + m * width;

      memset (row + (guint) lo * m, 0, ((guint) (hi - lo) * m + 1) * sizeof *row);
      for (guint v = (guint) lo * (m - 1); v <= (guint) hi * (m - 1); v++)
        {
          Ways w = pow_[(m - 1) * width + v];

          if (w == 0)
            continue;
          for (int f = lo; f <= hi; f++)
            row[v + (guint) f] += w;
        }
    }
}

static Ways *
joint_ways (guint n,
            int   hit_on)
{
  guint width = 6 * n + 1;
  Ways *joint = g_new0 (Ways, (n + 1) * width);
  g_autofree Ways *hits = g_new (Ways, (n + 1) * width);
  g_autofree Ways *misses = g_new (Ways, (n + 1) * width);
  Ways binom = 1;

  g_assert (n <= MAX_DICE);
  face_powers (n, hit_on, 6, hits);
  if (hit_on > 1)
    face_powers (n, 1, hit_on - 1, misses);
  else
    misses[0] = 1;
  for (guint s = 0; s <= n; s++)
    {
      const Ways *h = hits + s * width;
      const Ways *m = misses + (n - s) * width;

      for (guint t = (guint) hit_on * s; t <= 6 * s; t++)
        {
          if (h[t] == 0)
            continue;
          for (guint v = n - s; v <= (guint) (hit_on - 1) * (n - s); v++)
            if (m[v] != 0)
              joint[s * width + t + v] += binom * h[t] * m[v];
        }
      binom = binom * (n - s) / (s + 1);
    }
  return joint;
}

/* ------------------------------------------------------------------------------------------ */
/* Close assault                                                                               */

static const AdjField assault_inputs[] = {
  UNIT_INPUT ("assaulter", N_("Assaulting unit")),
  UNIT_INPUT ("defender", N_("Enemy unit")),
  UNIT_INPUT ("assaulter_commander", N_("Commander with the assaulting unit")),
  UNIT_INPUT ("defender_commander", N_("Commander with the enemy unit")),
  SIDE_INPUTS ("assaulter", N_("Assaulter’s type"), N_("Assaulter’s weapon"),
               N_("Assaulter’s figures"), N_("Assaulter moved this turn"),
               N_("Assaulter is disrupted"), N_("Assaulter is a limbered gun"),
               N_("A commander is with the assaulter"), N_("Assaulter’s commander moved"),
               N_("Assaulter’s commander is disrupted"), "single-shot-rifle"),
  BOOL_FROM ("assaulter_wounded", N_("Assaulting commander is wounded"),
             "assaulter.status.wounded"),
  BOOL_FROM ("assaulter_in_cover", N_("Assaulter is in cover"), "assaulter.status.in_cover"),
  SIDE_INPUTS ("defender", N_("Defender’s type"), N_("Defender’s weapon"),
               N_("Defender’s figures"), N_("Defender moved this turn"),
               N_("Defender is disrupted"), N_("Defender is a limbered gun"),
               N_("A commander is with the defender"), N_("Defender’s commander moved"),
               N_("Defender’s commander is disrupted"), "hand-to-hand"),
  BOOL_FROM ("defender_wounded", N_("Defending commander is wounded"), "defender.status.wounded"),
  BOOL_FROM ("defender_in_cover", N_("Defender is in cover"), "defender.status.in_cover"),
};

static const AdjChoice assault_outcomes[] = {
  { "assaulter-wins", N_("The enemy falls back; the assaulter takes the hex") },
  { "assaulter-repulsed", N_("The assaulter falls back disrupted") },
  { "both-hold", N_("Both hold their ground") },
  { "defender-destroyed", N_("The enemy is wiped out") },
  { "assaulter-destroyed", N_("The assaulter is wiped out") },
  { "both-destroyed", N_("Both are wiped out") },
};

enum {
  COMPARE_HIGHER,
  COMPARE_LOWER,
  COMPARE_EQUAL,
};

static int
assault_key (int      compare,
             gboolean defender_gone,
             gboolean assaulter_gone)
{
  if (defender_gone && assaulter_gone)
    return 5;
  if (assaulter_gone)
    return 4;
  if (defender_gone)
    return 3;
  return compare;   /* 0 wins, 1 repulsed, 2 both hold */
}

static gboolean
assault_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  if (adj_inputs_get_string (in, "assaulter_commander") != NULL &&
      !adj_inputs_set_bool (in, "assaulter_with_commander", TRUE, error))
    return FALSE;
  if (adj_inputs_get_string (in, "defender_commander") != NULL &&
      !adj_inputs_set_bool (in, "defender_with_commander", TRUE, error))
    return FALSE;
  return TRUE;
}

static gboolean
assault_prepare (const AdjContext  *ctx,
                 AdjInputs         *in,
                 FireSide          *assaulter,
                 FireSide          *defender,
                 Target            *a_target,
                 Target            *d_target,
                 GError           **error)
{
  if (!rn_fire_side_prepare (ctx, in, "assaulter", TRUE, assaulter, error) ||
      !rn_fire_side_prepare (ctx, in, "defender", FALSE, defender, error))
    return FALSE;
  rn_target_from_inputs (ctx, in, "assaulter", a_target);
  rn_target_from_inputs (ctx, in, "defender", d_target);
  if (d_target->gone)
    return adj_not_allowed (error, _("The enemy unit has no figures left"));
  return TRUE;
}

static void
assault_draws (const AdjContext *ctx,
               AdjInputs        *in,
               GArray           *specs)
{
  AdjDrawSpec a = { "assaulter", N_("Assaulter"), 0, 6 };
  AdjDrawSpec d = { "defender", N_("Defender"), 0, 6 };
  FireSide sa, sd;

  if (!rn_fire_side_prepare (ctx, in, "assaulter", FALSE, &sa, NULL) ||
      !rn_fire_side_prepare (ctx, in, "defender", FALSE, &sd, NULL))
    return;
  a.count = (guint) sa.dice;
  d.count = (guint) sd.dice;
  if (a.count > 0)
    g_array_append_val (specs, a);
  if (d.count > 0)
    g_array_append_val (specs, d);
}

static gboolean
assault_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  FireSide as, ds;
  Target at, dt, a_before, d_before;
  const char *aname = adj_input_unit_name (ctx, in, "assaulter", _("the assaulter"));
  const char *dname = adj_input_unit_name (ctx, in, "defender", _("the enemy"));
  /* The same, to begin a sentence with. */
  const char *a_first = adj_input_unit_name (ctx, in, "assaulter", _("The assaulter"));
  const char *d_first = adj_input_unit_name (ctx, in, "defender", _("The enemy"));
  int a_sixes, a_pips, d_sixes, d_pips, a_hits, d_hits, compare, key;
  g_autofree char *line = NULL;

  if (!assault_prepare (ctx, in, &as, &ds, &at, &dt, error))
    return FALSE;
  a_before = at;
  d_before = dt;
  rn_fire_side_explain (ctx, &as, outcome, "assaulter", _("Assaulter"));
  rn_fire_side_explain (ctx, &ds, outcome, "defender", _("Defender"));

  /* Both throw at once; the assaulter's hits are settled first. */
  if (!rn_fire_side_throw (ctx, &as, random, outcome, "assaulter", N_("Assaulter"), _("Assaulter"),
                           &a_sixes, &a_pips, error) ||
      !rn_fire_side_throw (ctx, &ds, random, outcome, "defender", N_("Defender"), _("Defender"),
                           &d_sixes, &d_pips, error))
    return FALSE;
  a_hits = a_sixes;
  if (adj_inputs_get_bool (in, "defender_in_cover") && a_sixes > 0 &&
      !rn_cover_cards (ctx, random, outcome, "defender", "defender-cover", a_sixes, &a_hits,
                      error))
    return FALSE;
  if (!rn_resolve_hits (ctx, random, outcome, "defender", "defender-hit", dname, &dt, a_hits,
                       error))
    return FALSE;
  d_hits = d_sixes;
  if (adj_inputs_get_bool (in, "assaulter_in_cover") && d_sixes > 0 &&
      !rn_cover_cards (ctx, random, outcome, "assaulter", "assaulter-cover", d_sixes, &d_hits,
                      error))
    return FALSE;
  if (!rn_resolve_hits (ctx, random, outcome, "assaulter", "assaulter-hit", aname, &at, d_hits,
                        error))
    return FALSE;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, "assaulter", _("Assaulter’s pips"), TRUE,
                        a_pips);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, "defender", _("Defender’s pips"), TRUE,
                        d_pips);
  compare = a_pips > d_pips ? COMPARE_HIGHER : a_pips < d_pips ? COMPARE_LOWER : COMPARE_EQUAL;
  key = assault_key (compare, dt.gone, at.gone);
  switch (compare)
    {
    case COMPARE_HIGHER:
      /* TRANSLATORS: e.g. "Assaulter 21 beats defender 17" */
      line = g_strdup_printf (_("Assaulter %d beats defender %d"), a_pips, d_pips);
      break;
    case COMPARE_LOWER:
      line = g_strdup_printf (_("Assaulter %d falls short of defender %d"), a_pips, d_pips);
      break;
    case COMPARE_EQUAL:
    default:
      line = g_strdup_printf (_("Assaulter %d equals defender %d"), a_pips, d_pips);
      break;
    }
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, line, FALSE, 0);

  /* The comparison falls on whichever of the two is still on the table. */
  if (compare == COMPARE_HIGHER && !dt.gone)
    adj_outcome_add_note (outcome, _("%s falls back one hex."), d_first);
  if (compare == COMPARE_HIGHER && !at.gone)
    adj_outcome_add_note (outcome, _("%s moves into the hex the enemy held."), a_first);
  if (compare == COMPARE_LOWER && !at.gone)
    {
      adj_outcome_add_note (outcome, _("%s falls back one hex and is disrupted."), a_first);
      at.disrupted = TRUE;
    }
  if (compare == COMPARE_EQUAL)
    adj_outcome_add_note (outcome, _("Equal totals: both stay where they are."));
  if ((as.whole_hex && a_hits > 0) || (ds.whole_hex && d_hits > 0))
    adj_outcome_add_note (outcome, _("Machine-gun and artillery hits strike every unit in the hex "
                                     "they fall on: give each other unit there the same hits "
                                     "(Hits on a unit)."));

  adj_outcome_set_result (outcome, assault_outcomes[key].id, "%s", line);
  adj_outcome_set_value_int (outcome, "assaulter_dice", as.dice);
  adj_outcome_set_value_int (outcome, "defender_dice", ds.dice);
  adj_outcome_set_value_int (outcome, "assaulter_pips", a_pips);
  adj_outcome_set_value_int (outcome, "defender_pips", d_pips);
  adj_outcome_set_value_int (outcome, "assaulter_sixes", a_sixes);
  adj_outcome_set_value_int (outcome, "defender_sixes", d_sixes);
  adj_outcome_set_value_int (outcome, "hits_on_defender", a_hits);
  adj_outcome_set_value_int (outcome, "hits_on_assaulter", d_hits);
  adj_outcome_set_value_string (outcome, "comparison",
                                compare == COMPARE_HIGHER ? "higher"
                                : compare == COMPARE_LOWER ? "lower" : "equal");
  rn_target_values (outcome, "defender", &d_before, &dt);
  rn_target_values (outcome, "assaulter", &a_before, &at);
  return TRUE;
}

/* ---- exact odds: the joint throw of both sides, then the cards of both ---- */

enum {
  ASSAULT_A_COVER = 1,    /* the assaulter's hits meet the defender's cover */
  ASSAULT_A_EFFECT = 2,   /* ... and strike the defender */
  ASSAULT_D_COVER = 3,
  ASSAULT_D_EFFECT = 4,
};

/* s[1] cover cards left or the outcome, s[2] hits, s[3] the defender, s[4] the assaulter,
 * s[5] the defender's sixes still to come, s[6] the comparison of pips. */
typedef struct {
  HitsWalk a;     /* the assaulter as a target */
  HitsWalk d;     /* the defender as a target */
  gboolean a_cover;
  gboolean d_cover;
} AssaultWalk;

static gboolean
settle_on (WalkKey        *k,
           int             slot,
           const HitsWalk *hw)
{
  Target t = { .effect = hw->effect };
  int h = k->s[2];

  rn_target_unpack (&t, k->s[slot]);
  while (h > 0 && !t.gone && !rn_hit_needs_card (&t))
    {
      rn_hit_apply (&t, COMMANDER_UNHURT);
      h--;
    }
  k->s[2] = (gint16) h;
  k->s[slot] = rn_target_pack (&t);
  return h == 0 || t.gone;
}

static void
assault_settle (WalkKey           *k,
                const AssaultWalk *aw)
{
  for (;;)
    {
      switch (k->s[0])
        {
        case ASSAULT_A_COVER:
          if (!aw->d_cover)
            {
              k->s[2] += k->s[1];
              k->s[1] = 0;
            }
          if (k->s[1] > 0)
            return;
          k->s[0] = ASSAULT_A_EFFECT;
          break;
        case ASSAULT_A_EFFECT:
          if (!settle_on (k, 3, &aw->d))
            return;
          k->s[0] = ASSAULT_D_COVER;
          k->s[1] = k->s[5];
          k->s[2] = 0;
          k->s[5] = 0;
          break;
        case ASSAULT_D_COVER:
          if (!aw->a_cover)
            {
              k->s[2] += k->s[1];
              k->s[1] = 0;
            }
          if (k->s[1] > 0)
            return;
          k->s[0] = ASSAULT_D_EFFECT;
          break;
        case ASSAULT_D_EFFECT:
          if (!settle_on (k, 4, &aw->a))
            return;
          {
            Target d = { 0 }, a = { 0 };
            int key;

            rn_target_unpack (&d, k->s[3]);
            rn_target_unpack (&a, k->s[4]);
            key = assault_key (k->s[6], d.gone, a.gone);
            memset (k->s, 0, sizeof k->s);
            k->s[0] = PHASE_DONE;
            k->s[1] = (gint16) key;
          }
          return;
        default:
          return;
        }
    }
}

static void
assault_take (WalkKey  *k,
              guint     cls,
              gpointer  data)
{
  const AssaultWalk *aw = data;

  switch (k->s[0])
    {
    case ASSAULT_A_COVER:
    case ASSAULT_D_COVER:
      k->s[1]--;
      if (aw->a.counts[cls])
        k->s[2]++;
      break;
    case ASSAULT_A_EFFECT:
    case ASSAULT_D_EFFECT:
      {
        gboolean on_defender = k->s[0] == ASSAULT_A_EFFECT;
        const HitsWalk *hw = on_defender ? &aw->d : &aw->a;
        int slot = on_defender ? 3 : 4;
        Target t = { .effect = hw->effect };

        rn_target_unpack (&t, k->s[slot]);
        rn_hit_apply (&t, hw->commander[cls]);
        k->s[slot] = rn_target_pack (&t);
        k->s[2]--;
      }
      break;
    default:
      break;
    }
  assault_settle (k, aw);
}

static void
assault_plan (const WalkKey *k,
              WalkPlan      *plan,
              gpointer       data)
{
  const AssaultWalk *aw = data;

  switch (k->s[0])
    {
    case ASSAULT_A_COVER:
    case ASSAULT_D_COVER:
      plan->k = (guint) k->s[1];
      break;
    case ASSAULT_A_EFFECT:
      /* The worst card decides only if no card is turned after these. */
      if (k->s[5] != 0 && (aw->a_cover || aw->a.effect == HIT_COMMANDER))
        break;
      G_GNUC_FALLTHROUGH;
    case ASSAULT_D_EFFECT:
      plan->k = (guint) k->s[2];
      plan->rank = aw->a.rank;
      plan->n_ranks = G_N_ELEMENTS (rn_commander_results);
      break;
    default:
      break;
    }
}

static void
assault_take_many (WalkKey      *k,
                   const guint8 *counts,
                   gpointer      data)
{
  const AssaultWalk *aw = data;

  k->s[2] += (gint16) rn_counted_cover (counts, aw->a.counts, WALK_CLASSES);
  k->s[1] = 0;
  assault_settle (k, aw);
}

static void
assault_finish (WalkKey  *k,
                guint     worst,
                gpointer  data)
{
  const AssaultWalk *aw = data;
  gboolean on_defender = k->s[0] == ASSAULT_A_EFFECT;
  const HitsWalk *hw = on_defender ? &aw->d : &aw->a;
  int slot = on_defender ? 3 : 4;
  Target t = { .effect = hw->effect };

  rn_target_unpack (&t, k->s[slot]);
  rn_hit_apply (&t, (CommanderResult) worst);
  k->s[slot] = rn_target_pack (&t);
  k->s[2] = 0;
  assault_settle (k, aw);
}

static const WalkRules assault_rules = {
  .take = assault_take,
  .plan = assault_plan,
  .take_many = assault_take_many,
  .finish = assault_finish,
};

/* @z = @w. */
static void
ways_to_mpz (mpz_t z,
             Ways  w)
{
  guint64 halves[2] = { (guint64) w, (guint64) (w >> 64) };

  mpz_import (z, 2, -1, sizeof halves[0], 0, 0, halves);
}

/* A table of @n GMP integers, all 0. */
static mpz_t *
mpz_table_new (gsize n)
{
  mpz_t *t = g_new (mpz_t, n);

  for (gsize i = 0; i < n; i++)
    mpz_init (t[i]);
  return t;
}

static void
mpz_table_free (mpz_t *t,
                gsize  n)
{
  for (gsize i = 0; i < n && t != NULL; i++)
    mpz_clear (t[i]);
  g_free (t);
}

/* How two throws compare: for every pair of hit counts, the ways that the assaulter's pips are
 * higher, lower or equal, over 6^(both sides' dice). */
typedef struct {
  guint  na, nd;
  mpz_t *ways;     /* [(sa * (nd + 1) + sd) * 3 + compare] */
} PipCompare;

static void
pip_compare_free (PipCompare *pc)
{
  mpz_table_free (pc->ways, (gsize) (pc->na + 1) * (pc->nd + 1) * 3);
  g_free (pc);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PipCompare, pip_compare_free)

/* A side's joint table of hits and pips, as joint_ways() lays it out, in GMP integers. */
static mpz_t *
joint_table (guint n,
             int   hit_on)
{
  gsize size = (gsize) (n + 1) * (6 * n + 1);
  g_autofree Ways *j = joint_ways (n, hit_on);
  mpz_t *t = mpz_table_new (size);

  for (gsize i = 0; i < size; i++)
    if (j[i] != 0)
      ways_to_mpz (t[i], j[i]);
  return t;
}

static PipCompare *
pip_compare_new (guint na,
                 guint nd,
                 int   hit_on)
{
  PipCompare *pc = g_new0 (PipCompare, 1);
  guint wa = 6 * na + 1, wd = 6 * nd + 1;
  mpz_t *ja = joint_table (na, hit_on);
  mpz_t *jd = joint_table (nd, hit_on);
  /* below[sd * (wd + 1) + q]: the defender throws sd hits and fewer than q pips. */
  mpz_t *below = mpz_table_new ((gsize) (nd + 1) * (wd + 1));
  /* The pips the defender can throw with sd hits: lo_d[sd] to hi_d[sd]; none if lo_d > hi_d. */
  g_autofree guint *lo_d = g_new (guint, 2 * (nd + 1));
  guint *hi_d = lo_d + nd + 1;
  mpz_t all_a;

  pc->na = na;
  pc->nd = nd;
  pc->ways = mpz_table_new ((gsize) (na + 1) * (nd + 1) * 3);
  for (guint sd = 0; sd <= nd; sd++)
    {
      lo_d[sd] = wd;
      hi_d[sd] = 0;
      for (guint q = 0; q < wd; q++)
        {
          mpz_add (below[sd * (wd + 1) + q + 1], below[sd * (wd + 1) + q], jd[sd * wd + q]);
          if (mpz_sgn (jd[sd * wd + q]) != 0)
            {
              lo_d[sd] = MIN (lo_d[sd], q);
              hi_d[sd] = q;
            }
        }
    }

  mpz_init (all_a);
  for (guint sa = 0; sa <= na; sa++)
    {
      const mpz_t *xa = ja + sa * wa;
      guint lo = wa, hi = 0;

      mpz_set_ui (all_a, 0);
      for (guint q = 0; q < wa; q++)
        if (mpz_sgn (xa[q]) != 0)
          {
            lo = MIN (lo, q);
            hi = q;
            mpz_add (all_a, all_a, xa[q]);
          }
      if (lo > hi)
        continue;
      for (guint sd = 0; sd <= nd; sd++)
        {
          const mpz_t *below_sd = below + sd * (wd + 1);
          const mpz_t *xd = jd + sd * wd;
          mpz_t *w = pc->ways + (sa * (nd + 1) + sd) * 3;
          /* The terms that can be other than 0: the defender throws fewer pips, or as many. */
          guint h_lo = MAX (lo, lo_d[sd] + 1);
          guint e_lo = MAX (lo, lo_d[sd]), e_hi = MIN (hi, hi_d[sd]);

          if (lo_d[sd] > hi_d[sd])
            continue;
          for (guint q = h_lo; q <= hi; q++)
            mpz_addmul (w[COMPARE_HIGHER], xa[q], below_sd[MIN (q, wd)]);
          for (guint q = e_lo; q <= e_hi; q++)
            mpz_addmul (w[COMPARE_EQUAL], xa[q], xd[q]);
          /* Lower: every other way of the two throws. */
          mpz_mul (w[COMPARE_LOWER], all_a, below_sd[wd]);
          mpz_sub (w[COMPARE_LOWER], w[COMPARE_LOWER], w[COMPARE_HIGHER]);
          mpz_sub (w[COMPARE_LOWER], w[COMPARE_LOWER], w[COMPARE_EQUAL]);
        }
    }
  mpz_clear (all_a);
  mpz_table_free (ja, (gsize) (na + 1) * wa);
  mpz_table_free (jd, (gsize) (nd + 1) * wd);
  mpz_table_free (below, (gsize) (nd + 1) * (wd + 1));
  return pc;
}

/* ---- exact odds of a close assault by sums, while the pile cannot run out ----
 *
 * The walk above follows the cards state by state, which grows with the square of both sides'
 * dice.  While the pile cannot run out (no reshuffle), sums do the same work far faster.  Every
 * ordered sequence of distinct cards off a shuffled pile is equally likely, so the two blocks of
 * cover cards, whose sizes the dice alone fix, may be taken first (the assaulter's, then the
 * defender's) and the cards for hit commanders after them, in their usual order: each way the
 * game can go keeps its number of card sequences.  Only four kinds of card matter: whether it
 * lets a hit through cover, and whether it kills a hit commander.
 *
 * Ways are counted over 6^(dice) x (N)_L, L the most cards any way can turn, each way padded
 * with the cards it leaves unturned.
 */

#define GROUPS 4   /* bit 0: the card lets a hit through cover; bit 1: it kills a commander */

/* One way a block of cover cards can fall: how many of each group, in how many ordered
 * sequences. */
typedef struct {
  guint8 count[GROUPS];
  guint8 hits;     /* the cards that let a hit through cover */
  guint8 kills;    /* the cards that kill a hit commander */
  mpz_t  ways;
} Mix;

static void
mix_clear (gpointer data)
{
  mpz_clear (((Mix *) data)->ways);
}

/* The ways the cards fall, [defender gone][assaulter gone]. */
typedef mpz_t CardWays[2][2];

#define N_BY ((MAX_DICE + 1) * (MAX_DICE + 1))

typedef struct {
  guint     size[GROUPS];     /* cards of each group in the draw pile */
  guint     n;                /* the draw pile */
  guint     n_binom;          /* binom[i * n_cols + k] = C(i, k), for i < n_binom */
  guint     n_cols;           /* and k < n_cols: no block, nor all the cards, is longer */
  mpz_t    *binom;
  mpz_t    *factorial;        /* k! for k <= MAX_DICE */
  mpz_t    *fall;             /* fall[n * n_cols + k] = (n)_k */
  GArray   *first[MAX_DICE + 1];   /* the mixes of each size from the whole pile, once */
  gboolean  gone_a[MAX_DICE + 1];  /* targets that need no card: off the table after h hits */
  gboolean  gone_d[MAX_DICE + 1];
  guint     gone_a_from;           /* the fewest hits with gone_a[], or MAX_DICE + 1 */
  guint     cards_a[MAX_DICE + 1]; /* commander_cards() of h hits */
  guint     cards_d[MAX_DICE + 1];
  /* Scratch, made once: by[hits * (MAX_DICE + 1) + kills] for a second block of cards; after[]
   * for both blocks, in assault_cards(); and single numbers. */
  mpz_t    *by;
  mpz_t    *after;
  mpz_t     by_gone[2];
  mpz_t     term;
  /* The cards every way leaves unturned; and last_commander_ways() for a pile of n with
   * killers, turning m: [(n * (killers_max + 1) + killers) * (m_max + 1) + m], once known. */
  guint     rest;
  guint     killers_max;
  guint     m_max;
  gboolean *known;
  mpz_t    *live;
  mpz_t    *dead;
} Sums;

static gboolean direct_odds_enabled = TRUE;

void
adj_rn_set_direct_odds (gboolean enabled)
{
  direct_odds_enabled = enabled;
}

/* (n)_k ordered ways (0 past n), and C(n, k), from the tables. */
static const mpz_t *
falling_w (const Sums *sums,
           guint       n,
           guint       k)
{
  return &sums->fall[n * sums->n_cols + k];
}

static const mpz_t *
binom_w (const Sums *sums,
         guint       n,
         guint       k)
{
  return &sums->binom[n * sums->n_cols + k];
}

/* Every mix of @k cards from piles of @size into @mixes, with its ordered ways:
 * k! prod C(size_g, count_g).  Only the groups that have cards are counted over; the last of
 * them takes what is left. */
typedef struct {
  const Sums  *sums;
  const guint *size;
  guint        active[GROUPS];
  guint        n_active;
  guint        rest[GROUPS + 1];   /* the cards of active[i] and the groups after it */
  GArray      *mixes;
  guint8       count[GROUPS];
  mpz_t        acc[GROUPS + 1];    /* acc[i]: the ways of the groups before active[i] */
} MixWalk;

static void
mixes_from (MixWalk *mw,
            guint    i,
            guint    left)
{
  guint g = mw->active[i];
  guint size = mw->size[g];

  if (i + 1 == mw->n_active)
    {
      Mix *mix;

      if (left > size)
        return;
      mw->count[g] = (guint8) left;
      g_array_set_size (mw->mixes, mw->mixes->len + 1);
      mix = &g_array_index (mw->mixes, Mix, mw->mixes->len - 1);
      memcpy (mix->count, mw->count, sizeof mix->count);
      mix->hits = (guint8) (mix->count[1] + mix->count[3]);
      mix->kills = (guint8) (mix->count[2] + mix->count[3]);
      mpz_init (mix->ways);
      mpz_mul (mix->ways, mw->acc[i], *binom_w (mw->sums, size, left));
      return;
    }
  /* Leave no more than the groups after this one can take. */
  for (guint a = left > mw->rest[i + 1] ? left - mw->rest[i + 1] : 0; a <= MIN (left, size); a++)
    {
      mw->count[g] = (guint8) a;
      mpz_mul (mw->acc[i + 1], mw->acc[i], *binom_w (mw->sums, size, a));
      mixes_from (mw, i + 1, left - a);
    }
}

static void
block_mixes (const Sums  *sums,
             const guint *size,
             guint        k,
             GArray      *mixes)
{
  MixWalk mw = { sums, size, { 0 }, 0, { 0 }, mixes, { 0 } };
  guint n = 0;

  for (guint g = 0; g < GROUPS; g++)
    {
      n += size[g];
      if (size[g] > 0)
        mw.active[mw.n_active++] = g;
    }
  if (k > n)
    return;
  if (mw.n_active == 0)
    {
      Mix *none;

      g_array_set_size (mixes, 1);
      none = &g_array_index (mixes, Mix, 0);
      mpz_init_set_ui (none->ways, 1);
      return;
    }
  for (guint i = mw.n_active; i > 0; i--)
    mw.rest[i - 1] = mw.rest[i] + size[mw.active[i - 1]];
  for (guint i = 0; i <= GROUPS; i++)
    mpz_init (mw.acc[i]);
  mpz_set (mw.acc[0], sums->factorial[k]);
  mixes_from (&mw, 0, k);
  for (guint i = 0; i <= GROUPS; i++)
    mpz_clear (mw.acc[i]);
}

/* The mixes of @k cards from the whole pile, made when first needed. */
static const GArray *
sums_block (Sums  *sums,
            guint  k)
{
  if (sums->first[k] == NULL)
    {
      sums->first[k] = g_array_new (FALSE, TRUE, sizeof (Mix));
      g_array_set_clear_func (sums->first[k], mix_clear);
      block_mixes (sums, sums->size, k, sums->first[k]);
    }
  return sums->first[k];
}

/* The number of hits that need a commander card, of @hits on @t; 0 for other targets. */
static guint
commander_cards (const Target *t,
                 guint         hits)
{
  if (t->effect != HIT_COMMANDER || t->gone || hits == 0)
    return 0;
  return t->disrupted ? hits : hits - 1;
}

/* A hit commander turns @m cards (stopping at one that kills him) from a pile of @n with
 * @killers; the cards no way turns are turned afterwards in every way, unseen, so that every way
 * ends with the same sums->rest cards left.  Adds to @lives and @dies the ways he lives and dies,
 * for each of the @before ways to come this far.  The same few ways are asked for over and
 * over: each is worked out once. */
static void
last_commander_ways (Sums        *sums,
                     guint        n,
                     guint        killers,
                     guint        m,
                     const mpz_t  before,
                     mpz_t        lives,
                     mpz_t        dies)
{
  gsize at = ((gsize) n * (sums->killers_max + 1) + killers) * (sums->m_max + 1) + m;
  guint pad = n - m - sums->rest;

  if (!sums->known[at])
    {
      /* He lives: m cards of the n - killers, then the pad from what is left; he dies: any
       * other way to turn m + pad cards. */
      mpz_mul (sums->live[at], *falling_w (sums, n - killers, m), *falling_w (sums, n - m, pad));
      mpz_sub (sums->dead[at], *falling_w (sums, n, m + pad), sums->live[at]);
      sums->known[at] = TRUE;
    }
  mpz_addmul (lives, before, sums->live[at]);
  mpz_addmul (dies, before, sums->dead[at]);
}

/* No card but cover cards: the groups are only "counts" (1) and "lost" (0), and the defender's
 * cover cards (@y of them) are a hypergeometric draw from what the assaulter's (@x) left. */
static void
assault_cover_cards (Sums     *sums,
                     guint     sa,
                     guint     sd,
                     gboolean  a_cover,
                     gboolean  d_cover,
                     guint     x,
                     guint     y,
                     guint     l_max,
                     CardWays  res)
{
  const GArray *first = sums_block (sums, x);
  mpz_t *by_gone = sums->by_gone;

  for (guint i = 0; i < first->len; i++)
    {
      const Mix *ma = &g_array_index (first, Mix, i);
      guint reds = sums->size[1] - ma->count[1], blacks = sums->size[0] - ma->count[0];
      guint n = reds + blacks;
      gboolean dg = sums->gone_d[d_cover ? ma->count[1] : sa];
      guint r_lo, r_hi, r_gone;

      if (!a_cover)
        {
          mpz_addmul (res[dg][sums->gone_a[sd]], ma->ways, *falling_w (sums, n, l_max - x));
          continue;
        }
      r_lo = y > blacks ? y - blacks : 0;
      r_hi = MIN (y, reds);
      if (r_lo > r_hi)
        continue;
      /* r2 of the y cards let a hit on the assaulter through: C(reds, r2) C(blacks, y - r2)
       * mixes, each in y! orders, then the pile's other cards.  From some number of hits on he
       * is gone (a hit never brings him back); the mixes add up to C(n, y), so only the shorter
       * run of them is counted. */
      r_gone = CLAMP (sums->gone_a_from, r_lo, r_hi + 1);
      mpz_set_ui (by_gone[0], 0);
      mpz_set_ui (by_gone[1], 0);
      if (r_gone - r_lo <= r_hi + 1 - r_gone)
        {
          for (guint r2 = r_lo; r2 < r_gone; r2++)
            mpz_addmul (by_gone[0], *binom_w (sums, reds, r2), *binom_w (sums, blacks, y - r2));
          mpz_sub (by_gone[1], *binom_w (sums, n, y), by_gone[0]);
        }
      else
        {
          for (guint r2 = r_gone; r2 <= r_hi; r2++)
            mpz_addmul (by_gone[1], *binom_w (sums, reds, r2), *binom_w (sums, blacks, y - r2));
          mpz_sub (by_gone[0], *binom_w (sums, n, y), by_gone[1]);
        }
      mpz_mul (sums->term, ma->ways, sums->factorial[y]);
      mpz_mul (sums->term, sums->term, *falling_w (sums, n - y, l_max - x - y));
      mpz_addmul (res[dg][0], sums->term, by_gone[0]);
      mpz_addmul (res[dg][1], sums->term, by_gone[1]);
    }
}

static void
assault_cards (Sums         *sums,
               const Target *a,          /* the assaulter as a target */
               const Target *d,
               guint         sa,         /* the assaulter's sixes */
               guint         sd,
               gboolean      a_cover,
               gboolean      d_cover,
               guint         l_max,
               CardWays      res)
{
  guint x = d_cover ? sa : 0, y = a_cover ? sd : 0;
  guint kills_most = sums->killers_max;
  const GArray *first, *second;
  guint n = sums->n - x - y;
  /* The second block's ways by the hits and kills among its cards, for one first block. */
  mpz_t *by = sums->by;
  /* After both blocks, what the rest of the cards depends on: the hits on the defender, those
   * on the assaulter, and the killers among the cards turned. */
  mpz_t *after = sums->after;
#define AFTER(hd_, ha_, k_) after[((hd_) * (MAX_DICE + 1) + (ha_)) * (kills_most + 1) + (k_)]

  if (d->effect != HIT_COMMANDER && a->effect != HIT_COMMANDER)
    {
      assault_cover_cards (sums, sa, sd, a_cover, d_cover, x, y, l_max, res);
      return;
    }

  first = sums_block (sums, x);
  second = sums_block (sums, y);
  for (guint hd = 0; hd <= MAX (x, sa); hd++)
    for (guint ha = 0; ha <= y; ha++)
      for (guint k = 0; k <= kills_most; k++)
        mpz_set_ui (AFTER (hd, ha, k), 0);
  for (guint i = 0; i < first->len; i++)
    {
      const Mix *ma = &g_array_index (first, Mix, i);
      guint left[GROUPS];
      guint hits_on_d = d_cover ? ma->hits : sa;

      for (guint g = 0; g < GROUPS; g++)
        left[g] = sums->size[g] - ma->count[g];

      /* The second block from what the first left: prod C(left_g, count_g) unordered ways. */
      for (guint hits = 0; hits <= y; hits++)
        for (guint kills = 0; kills <= MIN (y, kills_most); kills++)
          mpz_set_ui (by[hits * (MAX_DICE + 1) + kills], 0);
      for (guint j = 0; j < second->len; j++)
        {
          const Mix *md = &g_array_index (second, Mix, j);
          gboolean possible = TRUE;

          for (guint g = 0; g < GROUPS; g++)
            possible = possible && md->count[g] <= left[g];
          if (!possible)
            continue;
          mpz_set (sums->term, *binom_w (sums, left[0], md->count[0]));
          for (guint g = 1; g < GROUPS; g++)
            if (md->count[g] > 0)
              mpz_mul (sums->term, sums->term, *binom_w (sums, left[g], md->count[g]));
          mpz_add (by[md->hits * (MAX_DICE + 1) + md->kills],
                   by[md->hits * (MAX_DICE + 1) + md->kills], sums->term);
        }
      /* With the first block's ordered ways. */
      for (guint hits = 0; hits <= y; hits++)
        for (guint kills = 0; kills <= MIN (y, kills_most); kills++)
          if (mpz_sgn (by[hits * (MAX_DICE + 1) + kills]) != 0)
            mpz_addmul (AFTER (hits_on_d, hits, ma->kills + kills), ma->ways,
                        by[hits * (MAX_DICE + 1) + kills]);
    }

  for (guint hits_on_d = 0; hits_on_d <= MAX (x, sa); hits_on_d++)
    for (guint hits = 0; hits <= y; hits++)
      for (guint kills = 0; kills <= kills_most; kills++)
        {
          const mpz_t *w = &AFTER (hits_on_d, hits, kills);
          guint m1 = sums->cards_d[hits_on_d];
          gboolean dg_plain = d->effect != HIT_COMMANDER && sums->gone_d[hits_on_d];
          guint m1_all = d->effect == HIT_COMMANDER ? m1 : 0;
          guint hits_on_a = a_cover ? hits : sd;
          guint killers = kills_most - kills;
          guint m2;

          if (mpz_sgn (*w) == 0)
            continue;
          if (a->effect != HIT_COMMANDER)
            {
              /* Only the defender turns cards, last of all. */
              gboolean ag = sums->gone_a[hits_on_a];

              last_commander_ways (sums, n, killers, m1, *w, res[0][ag], res[1][ag]);
              continue;
            }

          /* The assaulter's cards come last; the defender's first, if he is a commander, and
           * where he dies among them sets what is left of the pile. */
          m2 = sums->cards_a[hits_on_a];
          for (guint k = 1; k <= m1_all && killers > 0; k++)
            {
              /* The defender dies on the k-th card: k - 1 cards that spare him, then one of
               * the killers. */
              mpz_mul (sums->term, *w, *falling_w (sums, n - killers, k - 1));
              mpz_mul_ui (sums->term, sums->term, killers);
              last_commander_ways (sums, n - k, killers - 1, m2, sums->term, res[1][0],
                                   res[1][1]);
            }
          /* The defender lives through all his cards (or needs none). */
          mpz_mul (sums->term, *w, *falling_w (sums, n - killers, m1_all));
          last_commander_ways (sums, n - m1_all, killers, m2, sums->term, res[dg_plain][0],
                               res[dg_plain][1]);
        }

  /* The second block's cards in every order. */
  for (int dg = 0; dg < 2; dg++)
    for (int ag = 0; ag < 2; ag++)
      mpz_mul (res[dg][ag], res[dg][ag], sums->factorial[y]);
#undef AFTER
}

static gsize
sums_n_live (const Sums *sums)
{
  return (gsize) (sums->n + 1) * (sums->killers_max + 1) * (sums->m_max + 1);
}

static void
sums_free (Sums *sums)
{
  gsize n_table = (gsize) sums->n_binom * sums->n_cols;

  for (guint i = 0; i <= MAX_DICE; i++)
    if (sums->first[i] != NULL)
      g_array_unref (sums->first[i]);
  mpz_table_free (sums->binom, n_table);
  mpz_table_free (sums->fall, n_table);
  mpz_table_free (sums->factorial, MAX_DICE + 1);
  mpz_table_free (sums->by, N_BY);
  mpz_table_free (sums->after, N_BY * (sums->killers_max + 1));
  mpz_clears (sums->by_gone[0], sums->by_gone[1], sums->term, NULL);
  mpz_table_free (sums->live, sums_n_live (sums));
  mpz_table_free (sums->dead, sums_n_live (sums));
  g_free (sums->known);
  g_free (sums);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Sums, sums_free)

/* Returns FALSE (and touches nothing) when the pile could run out: the walk handles that. */
static gboolean
assault_odds_by_sums (const AdjContext  *ctx,
                      AdjInputs         *in,
                      const FireSide    *as,
                      const FireSide    *ds,
                      const Target      *at,
                      const Target      *dt,
                      AdjOdds           *odds)
{
  gboolean a_cover = adj_inputs_get_bool (in, "assaulter_in_cover");
  gboolean d_cover = adj_inputs_get_bool (in, "defender_in_cover");
  int hit_on = adj_rules_int (ctx->ruleset, "fire", "hit_on");
  guint na = (guint) as->dice, nd = (guint) ds->dice;
  guint l_max;
  const AdjCard *cards = NULL;
  guint n_cards = ADJ_DECK_SIZE;
  g_autoptr(Sums) sums = NULL;
  g_autoptr(PipCompare) pc = NULL;
  mpz_t counts[6], total;
  CardWays cw;
  gboolean need_kills = at->effect == HIT_COMMANDER || dt->effect == HIT_COMMANDER;
  const char *counts_colour;
  gsize n_table;

  if (!direct_odds_enabled)
    return FALSE;
  l_max = (d_cover ? na : 0) + (a_cover ? nd : 0) + commander_cards (dt, na) +
          commander_cards (at, nd);
  if (ctx->pack != NULL)
    cards = adj_pack_draw_pile (ctx->pack, &n_cards);
  if (l_max > n_cards)
    return FALSE;

  sums = g_new0 (Sums, 1);
  sums->by = mpz_table_new (N_BY);
  mpz_inits (sums->by_gone[0], sums->by_gone[1], sums->term, NULL);
  counts_colour = rn_string (ctx->ruleset, "cover", "counts");
  for (guint i = 0; i < n_cards; i++)
    {
      AdjCard c = cards != NULL ? cards[i] % ADJ_DECK_SIZE : (AdjCard) i;
      /* rn_cover_counts(), with the colour looked up once. */
      guint g = (rn_colour_is (c, counts_colour) ? 1 : 0) |
                (need_kills && rn_commander_result (ctx->ruleset, c) == COMMANDER_KILLED ? 2 : 0);
      sums->size[g]++;
    }
  sums->n = n_cards;
  sums->n_binom = MAX (n_cards, MAX_DICE) + 1;
  sums->n_cols = MAX (l_max, MAX (na, nd)) + 1;
  n_table = (gsize) sums->n_binom * sums->n_cols;
  /* Past the diagonal the tables stay 0: C(i, k) and (i)_k for k > i. */
  sums->binom = mpz_table_new (n_table);
  sums->fall = mpz_table_new (n_table);
  for (guint i = 0; i < sums->n_binom; i++)
    {
      mpz_t *row = sums->binom + i * sums->n_cols;
      const mpz_t *up = row - sums->n_cols;
      mpz_t *fall = sums->fall + i * sums->n_cols;
      guint k_max = MIN (i, sums->n_cols - 1);

      mpz_set_ui (row[0], 1);
      mpz_set_ui (fall[0], 1);
      for (guint k = 1; k <= k_max; k++)
        {
          if (k < i)
            mpz_add (row[k], up[k - 1], up[k]);
          else
            mpz_set (row[k], up[k - 1]);
          mpz_mul_ui (fall[k], fall[k - 1], i - k + 1);
        }
    }
  sums->factorial = mpz_table_new (MAX_DICE + 1);
  for (guint k = 0; k <= MAX_DICE; k++)
    mpz_fac_ui (sums->factorial[k], k);
  /* The pile never grows, its killers never outnumber those at the start, and no commander
   * turns more cards than a side has dice. */
  sums->rest = n_cards - l_max;
  sums->killers_max = sums->size[2] + sums->size[3];
  sums->m_max = MAX (na, nd);
  if (need_kills)
    {
      sums->after = mpz_table_new (N_BY * (sums->killers_max + 1));
      sums->known = g_new0 (gboolean, sums_n_live (sums));
      sums->live = mpz_table_new (sums_n_live (sums));
      sums->dead = mpz_table_new (sums_n_live (sums));
    }
  {
    /* Whether the hits put a target that needs no card off the table: one more hit at a
     * time (a hit on a target already gone changes nothing). */
    Target ta = *at, td = *dt;

    sums->gone_a_from = MAX_DICE + 1;
    for (guint h = 0; h <= MAX_DICE; h++)
      {
        if (ta.gone)
          sums->gone_a_from = MIN (sums->gone_a_from, h);
        sums->gone_a[h] = ta.gone;
        sums->gone_d[h] = td.gone;
        sums->cards_a[h] = commander_cards (at, h);
        sums->cards_d[h] = commander_cards (dt, h);
        rn_hit_apply (&ta, COMMANDER_UNHURT);
        rn_hit_apply (&td, COMMANDER_UNHURT);
      }
  }

  pc = pip_compare_new (na, nd, hit_on);
  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    mpz_init (counts[k]);
  for (int dg = 0; dg < 2; dg++)
    for (int ag = 0; ag < 2; ag++)
      mpz_init (cw[dg][ag]);
  for (guint sa = 0; sa <= na; sa++)
    for (guint sd = 0; sd <= nd; sd++)
      {
        const mpz_t *dice = pc->ways + (sa * (nd + 1) + sd) * 3;

        if (mpz_sgn (dice[0]) == 0 && mpz_sgn (dice[1]) == 0 && mpz_sgn (dice[2]) == 0)
          continue;
        for (int dg = 0; dg < 2; dg++)
          for (int ag = 0; ag < 2; ag++)
            mpz_set_ui (cw[dg][ag], 0);
        assault_cards (sums, at, dt, sa, sd, a_cover, d_cover, l_max, cw);
        for (int dg = 0; dg < 2; dg++)
          for (int ag = 0; ag < 2; ag++)
            for (int c = 0; c < 3; c++)
              mpz_addmul (counts[assault_key (c, dg, ag)], dice[c], cw[dg][ag]);
      }

  mpz_init (total);
  mpz_ui_pow_ui (total, 6, na + nd);
  mpz_mul (total, total, *falling_w (sums, n_cards, l_max));
  adj_declare_outcomes (in->mechanic, odds);
  adj_rules_odds_ways (odds, counts, in->mechanic->n_outcomes, total);
  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    mpz_clear (counts[k]);
  for (int dg = 0; dg < 2; dg++)
    for (int ag = 0; ag < 2; ag++)
      mpz_clear (cw[dg][ag]);
  mpz_clear (total);
  return TRUE;
}

static gboolean
assault_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  FireSide as, ds;
  Target at, dt;
  AssaultWalk aw = { 0 };
  HitsNeed need;
  Walk w;
  int hit_on = adj_rules_int (ctx->ruleset, "fire", "hit_on");
  guint na, nd;
  g_autoptr(PipCompare) pc = NULL;
  gboolean ok;

  if (!assault_prepare (ctx, in, &as, &ds, &at, &dt, error))
    return FALSE;
  if (assault_odds_by_sums (ctx, in, &as, &ds, &at, &dt, odds))
    return TRUE;
  aw.a_cover = adj_inputs_get_bool (in, "assaulter_in_cover");
  aw.d_cover = adj_inputs_get_bool (in, "defender_in_cover");
  aw.a.effect = at.effect;
  aw.a.before = at;
  aw.d.effect = dt.effect;
  aw.d.before = dt;
  need.cover = aw.a_cover || aw.d_cover;
  need.commander = at.effect == HIT_COMMANDER || dt.effect == HIT_COMMANDER;
  rn_walk_init (&w, ctx, rn_hits_signature, &need, &assault_rules, &aw);
  rn_hits_walk_setup (&w, ctx, &aw.a);
  rn_hits_walk_setup (&w, ctx, &aw.d);

  /* Each side's hits and pips together, by convolution; then, for every pair of hit counts,
   * the ways the pips compare. */
  na = (guint) as.dice;
  nd = (guint) ds.dice;
  pc = pip_compare_new (na, nd, hit_on);
  mpz_ui_pow_ui (w.total, 6, na + nd);
  for (guint sa = 0; sa <= na; sa++)
    for (guint sd = 0; sd <= nd; sd++)
      for (int c = 0; c < 3; c++)
        {
          guint i = (sa * (nd + 1) + sd) * 3 + (guint) c;
          WalkKey k;

          if (mpz_sgn (pc->ways[i]) == 0)
            continue;
          rn_walk_key_init (&k);
          k.s[0] = ASSAULT_A_COVER;
          k.s[1] = (gint16) sa;
          k.s[3] = rn_target_pack (&dt);
          k.s[4] = rn_target_pack (&at);
          k.s[5] = (gint16) sd;
          k.s[6] = (gint16) c;
          assault_settle (&k, &aw);
          rn_walk_seed (&w, &k, pc->ways[i]);
        }

  ok = rn_walk_run (&w, error);
  if (ok)
    rn_walk_odds (&w, in->mechanic, odds);
  rn_walk_clear (&w);
  return ok;
}

static gboolean
assault_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  const char *assaulter = adj_inputs_get_string (in, "assaulter");

  return rn_apply_target (ctx, changes, adj_inputs_get_string (in, "defender"), outcome, "defender",
                          error) &&
         rn_apply_target (ctx, changes, assaulter, outcome, "assaulter", error) &&
         adj_rules_set_unit_bool (ctx, changes, assaulter, "status.acted", TRUE, error);
}

/* A disrupted unit holds its ground: it may fire, but not close-assault. */
static gboolean
assault_legal (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_pair (ctx, in, "assaulter", "defender", &unit, error))
    return FALSE;
  if (adj_unit_get_status_bool (unit, "disrupted"))
    return adj_not_allowed (error, _("%s is disrupted and cannot close-assault"),
                            adj_unit_get_name (unit));
  return rn_legal_to_act (ctx->battle, unit, error);
}

const AdjMechanic rn_assault = {
  .id = "rn/assault",
  .title = N_("Close assault"),
  .summary = N_("A unit next to an enemy (or that moved next to it) tries to take its hex: both "
                "fire, then the higher total of pips wins."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (assault_inputs),
  MECHANIC_OUTCOMES (assault_outcomes),
  .random_note = N_("Both sides throw their fire dice: sixes hit as in fire, and the total of all "
                    "the pips decides who gives way.  The assaulter’s hits are settled first."),
  .draws = assault_draws,
  .prefill = assault_prefill,
  .legal = assault_legal,
  .resolve = assault_resolve,
  .odds = assault_odds,
  .apply = assault_apply,
};
