/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-assault.c: Redcoats & Natives — close assault (rn/assault): both sides' dice, the
 * comparison of pips, and its exact odds, by the card walk or, while the pile cannot run out,
 * by sums. */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <math.h>
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

/* How two throws compare: for every pair of hit counts, the ways (and the probability) that
 * the assaulter's pips are higher, lower or equal.  Ways are kept only when asked for and while
 * 6^(both sides' dice) fits 128 bits; otherwise ways is NULL. */
typedef struct {
  guint   na, nd;
  gboolean exact;
  Ways   *ways;     /* [(sa * (nd + 1) + sd) * 3 + compare] */
  double *p;
} PipCompare;

static void
pip_compare_free (PipCompare *pc)
{
  g_free (pc->ways);
  g_free (pc->p);
  g_free (pc);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PipCompare, pip_compare_free)

/* A side's joint table of hits and pips (as joint_ways() lays it out) as probabilities, and as
 * ways too when @want_ways. */
static void
joint_table (guint      n,
             int        hit_on,
             gboolean   want_ways,
             Ways     **ways,
             double   **p)
{
  guint size = (n + 1) * (6 * n + 1);
  double scale = pow (6.0, n);
  Ways *j = joint_ways (n, hit_on);

  *p = g_new (double, size);
  for (guint i = 0; i < size; i++)
    (*p)[i] = (double) j[i] / scale;
  *ways = NULL;
  if (want_ways)
    *ways = j;
  else
    g_free (j);
}

static PipCompare *
pip_compare_new (guint    na,
                 guint    nd,
                 int      hit_on,
                 gboolean want_ways)
{
  PipCompare *pc = g_new0 (PipCompare, 1);
  guint wa = 6 * na + 1, wd = 6 * nd + 1;
  g_autofree Ways *ja = NULL;
  g_autofree Ways *jd = NULL;
  g_autofree double *ja_p = NULL;
  g_autofree double *jd_p = NULL;
  /* below[sd * (wd + 1) + q]: the defender throws sd hits and fewer than q pips. */
  g_autofree Ways *below = NULL;
  g_autofree double *below_p = g_new (double, (nd + 1) * (wd + 1));
  /* The pips the defender can throw with sd hits: lo_d[sd] to hi_d[sd]; none if lo_d > hi_d. */
  g_autofree guint *lo_d = g_new (guint, 2 * (nd + 1));
  guint *hi_d = lo_d + nd + 1;

  pc->na = na;
  pc->nd = nd;
  pc->exact = want_ways && (na + nd) * log2 (6.0) < 127.0;
  if (pc->exact)
    pc->ways = g_new0 (Ways, (na + 1) * (nd + 1) * 3);
  pc->p = g_new0 (double, (na + 1) * (nd + 1) * 3);
  joint_table (na, hit_on, pc->exact, &ja, &ja_p);
  joint_table (nd, hit_on, pc->exact, &jd, &jd_p);
  if (pc->exact)
    below = g_new (Ways, (nd + 1) * (wd + 1));
  for (guint sd = 0; sd <= nd; sd++)
    {
      lo_d[sd] = wd;
      hi_d[sd] = 0;
      below_p[sd * (wd + 1)] = 0;
      for (guint q = 0; q < wd; q++)
        {
          below_p[sd * (wd + 1) + q + 1] = below_p[sd * (wd + 1) + q] + jd_p[sd * wd + q];
          if (jd_p[sd * wd + q] != 0)
            {
              lo_d[sd] = MIN (lo_d[sd], q);
              hi_d[sd] = q;
            }
        }
      if (below != NULL)
        {
          below[sd * (wd + 1)] = 0;
          for (guint q = 0; q < wd; q++)
            below[sd * (wd + 1) + q + 1] = below[sd * (wd + 1) + q] + jd[sd * wd + q];
        }
    }

  for (guint sa = 0; sa <= na; sa++)
    {
      const double *xa = ja_p + sa * wa;
      guint lo = wa, hi = 0;
      double all_a = 0;
      Ways all_a_w = 0;

      /* A count is never so small that its probability rounds to 0 (6^-48 is about 1e-37). */
      for (guint q = 0; q < wa; q++)
        if (xa[q] != 0)
          {
            lo = MIN (lo, q);
            hi = q;
            all_a += xa[q];
            if (pc->exact)
              all_a_w += ja[sa * wa + q];
          }
      if (lo > hi)
        continue;
      for (guint sd = 0; sd <= nd; sd++)
        {
          const double *below_sd = below_p + sd * (wd + 1);
          const double *xd = jd_p + sd * wd;
          double all_d = below_sd[wd];
          double *p = pc->p + (sa * (nd + 1) + sd) * 3;
          Ways *w;
          Ways higher_w = 0, equal_w = 0;
          double higher = 0, equal = 0;
          /* The terms that can be other than 0: the defender throws fewer pips, or as many. */
          guint h_lo = MAX (lo, lo_d[sd] + 1);
          guint e_lo = MAX (lo, lo_d[sd]), e_hi = MIN (hi, hi_d[sd]);

          if (lo_d[sd] > hi_d[sd])
            continue;
          /* Adding +0 changes no sum, so these are the sums over every q, to the last bit. */
          for (guint q = h_lo; q <= hi; q++)
            higher += xa[q] * below_sd[MIN (q, wd)];
          for (guint q = e_lo; q <= e_hi; q++)
            equal += xa[q] * xd[q];
          p[COMPARE_HIGHER] = higher;
          p[COMPARE_EQUAL] = equal;
          p[COMPARE_LOWER] = all_a * all_d - p[COMPARE_HIGHER] - p[COMPARE_EQUAL];
          if (!pc->exact)
            continue;
          w = pc->ways + (sa * (nd + 1) + sd) * 3;
          for (guint q = h_lo; q <= hi; q++)
            higher_w += ja[sa * wa + q] * below[sd * (wd + 1) + MIN (q, wd)];
          for (guint q = e_lo; q <= e_hi; q++)
            equal_w += ja[sa * wa + q] * jd[sd * wd + q];
          w[COMPARE_LOWER] = all_a_w * below[sd * (wd + 1) + wd];
          w[COMPARE_HIGHER] = higher_w;
          w[COMPARE_EQUAL] = equal_w;
          w[COMPARE_LOWER] -= higher_w + equal_w;
        }
    }
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
 * with the cards it leaves unturned; when that total does not fit 128 bits, only the
 * probabilities are kept.
 */

#define GROUPS 4   /* bit 0: the card lets a hit through cover; bit 1: it kills a commander */

typedef struct {
  guint     size[GROUPS];     /* cards of each group in the draw pile */
  guint     active[GROUPS];   /* the groups that have cards, in order */
  guint     n_active;
  guint     n;                /* the draw pile */
  gboolean  exact;
  guint     n_binom;          /* binom[i * n_cols + k] = C(i, k), for i < n_binom */
  guint     n_cols;           /* and k < n_cols: no block, nor all the cards, is longer */
  Ways     *binom;            /* the ways are only filled in while exact */
  double   *binom_d;
  Ways     *factorial;        /* k! for k <= MAX_DICE */
  Ways     *fall;             /* fall[n * n_cols + k] = (n)_k, where it fits */
  double   *fall_d;
  /* live[(n * (killers_max + 1) + killers) * (m_max + 1) + m] = (n - killers)_m / (n)_m, the
   * chance that m cards off a pile of n miss all its killers, or -1 until first asked for:
   * the same few quotients are asked for over and over. */
  guint     killers_max;
  guint     m_max;
  double   *live;
  GArray   *first[MAX_DICE + 1];   /* the mixes of each size from the whole pile, once */
  gboolean  gone_a[MAX_DICE + 1];  /* targets that need no card: off the table after h hits */
  gboolean  gone_d[MAX_DICE + 1];
  guint     gone_a_from;           /* the fewest hits with gone_a[], or MAX_DICE + 1 */
  guint     cards_a[MAX_DICE + 1]; /* commander_cards() of h hits */
  guint     cards_d[MAX_DICE + 1];
} Sums;

static gboolean direct_odds_enabled = TRUE;

void
adj_rn_set_direct_odds (gboolean enabled)
{
  direct_odds_enabled = enabled;
}

/* (n)_k ordered ways, and (num_n)_k / (den_n)_k, from the tables. */
static Ways
falling_w (const Sums *sums,
           guint       n,
           guint       k)
{
  return k > n ? 0 : sums->fall[n * sums->n_cols + k];
}

static double
ratio_falling (const Sums *sums,
               guint       num_n,
               guint       den_n,
               guint       k)
{
  if (k > num_n)
    return 0.0;
  return sums->fall_d[num_n * sums->n_cols + k] / sums->fall_d[den_n * sums->n_cols + k];
}

/* ratio_falling (sums, n - killers, n, m), worked out once; @r is its place in sums->live.  The
 * pile never grows, its killers never outnumber those at the start, and no commander turns more
 * cards than a side has dice, so the table has room for every one asked for. */
static inline double
live_at (Sums   *sums,
         double *r,
         guint   n,
         guint   killers,
         guint   m)
{
  if (*r < 0)
    *r = ratio_falling (sums, n - killers, n, m);
  return *r;
}

static inline double
live_ratio (Sums  *sums,
            guint  n,
            guint  killers,
            guint  m)
{
  return live_at (sums,
                  sums->live + (n * (sums->killers_max + 1) + killers) * (sums->m_max + 1) + m,
                  n, killers, m);
}

/* One way a block of cover cards can fall: how many of each group. */
typedef struct {
  guint8 count[GROUPS];
  guint8 hits;     /* the cards that let a hit through cover */
  guint8 kills;    /* the cards that kill a hit commander */
  Ways   ways;     /* ordered sequences */
  double p;
} Mix;

/* Every mix of @k cards from piles of @size into @mixes, with its ordered ways and
 * probability: k! prod C(size_g, count_g) ways over (n)_k, that is prod C(...) / C(n, k).
 * Only the groups that have cards are counted over; the last of them takes what is left. */
typedef struct {
  const Sums  *sums;
  const guint *size;
  guint        active[GROUPS];
  guint        n_active;
  guint        rest[GROUPS + 1];   /* the cards of active[i] and the groups after it */
  double       all;
  GArray      *mixes;
  Mix          cur;
} MixWalk;

static void
mixes_from (MixWalk *mw,
            guint    i,
            guint    left,
            double   p,
            Ways     ways)
{
  const Sums *sums = mw->sums;
  guint nb = sums->n_cols;
  guint g = mw->active[i];
  guint size = mw->size[g];

  if (i + 1 == mw->n_active)
    {
      if (left > size)
        return;
      mw->cur.count[g] = (guint8) left;
      mw->cur.hits = (guint8) (mw->cur.count[1] + mw->cur.count[3]);
      mw->cur.kills = (guint8) (mw->cur.count[2] + mw->cur.count[3]);
      mw->cur.p = p * sums->binom_d[size * nb + left] / mw->all;
      if (sums->exact)
        mw->cur.ways = ways * sums->binom[size * nb + left];
      g_array_append_val (mw->mixes, mw->cur);
      return;
    }
  /* Leave no more than the groups after this one can take. */
  for (guint a = left > mw->rest[i + 1] ? left - mw->rest[i + 1] : 0; a <= MIN (left, size); a++)
    {
      mw->cur.count[g] = (guint8) a;
      mixes_from (mw, i + 1, left - a, p * sums->binom_d[size * nb + a],
                  sums->exact ? ways * sums->binom[size * nb + a] : 0);
    }
}

static void
block_mixes (const Sums  *sums,
             const guint *size,
             guint        k,
             GArray      *mixes)
{
  MixWalk mw = { sums, size, { 0 }, 0, { 0 }, 0.0, mixes, { { 0 }, 0, 0, 0, 0 } };
  guint n = 0;

  g_array_set_size (mixes, 0);
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
      Mix none = { { 0 }, 0, 0, 1, 1.0 };
      g_array_append_val (mixes, none);
      return;
    }
  for (guint i = mw.n_active; i > 0; i--)
    mw.rest[i - 1] = mw.rest[i] + size[mw.active[i - 1]];
  mw.all = sums->binom_d[n * sums->n_cols + k];
  mixes_from (&mw, 0, k, 1.0, sums->exact ? sums->factorial[k] : 0);
}

/* The mixes of @k cards from the whole pile, made when first needed. */
static const GArray *
sums_block (Sums  *sums,
            guint  k)
{
  if (sums->first[k] == NULL)
    {
      sums->first[k] = g_array_new (FALSE, FALSE, sizeof (Mix));
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

typedef struct {
  Ways   ways[2][2];   /* [defender gone][assaulter gone] */
  double p[2][2];
} CardResult;

/* A hit commander turns @m cards (stopping at one that kills him) from a pile of @n with
 * @killers; @pad cards more are turned afterwards in every way, unseen.  Adds the ways he
 * lives and dies; the chance he lives is live_ratio (sums, n, killers, m). */
static inline void
last_commander_ways (const Sums *sums,
                     guint       n,
                     guint       killers,
                     guint       m,
                     guint       pad,
                     Ways        before,
                     Ways       *lives,
                     Ways       *dies)
{
  Ways all = falling_w (sums, n, m + pad);
  Ways live = falling_w (sums, n - killers, m) * falling_w (sums, n - m, pad);

  *lives += before * live;
  *dies += before * (all - live);
}

/* No card but cover cards: the groups are only "counts" (1) and "lost" (0), and the defender's
 * cover cards (@y of them) are a hypergeometric draw from what the assaulter's (@x) left. */
static void
assault_cover_cards (Sums        *sums,
                     guint        sa,
                     guint        sd,
                     gboolean     a_cover,
                     gboolean     d_cover,
                     guint        x,
                     guint        y,
                     guint        l_max,
                     CardResult  *res)
{
  const GArray *first = sums_block (sums, x);
  guint nb = sums->n_cols;

  for (guint i = 0; i < first->len; i++)
    {
      const Mix *ma = &g_array_index (first, Mix, i);
      guint reds = sums->size[1] - ma->count[1], blacks = sums->size[0] - ma->count[0];
      guint n = reds + blacks;
      gboolean dg = sums->gone_d[d_cover ? ma->count[1] : sa];
      guint r_lo, r_hi, r_gone;
      const double *c_reds, *c_blacks;
      double den, kept, gone;

      if (!a_cover)
        {
          gboolean ag = sums->gone_a[sd];
          if (sums->exact)
            res->ways[dg][ag] += ma->ways * falling_w (sums, n, l_max - x);
          res->p[dg][ag] += ma->p;
          continue;
        }
      r_lo = y > blacks ? y - blacks : 0;
      r_hi = MIN (y, reds);
      if (r_lo > r_hi)
        continue;
      if (sums->exact)
        for (guint r2 = r_lo; r2 <= r_hi; r2++)
          res->ways[dg][sums->gone_a[r2]] += ma->ways * sums->factorial[y] *
                                             sums->binom[reds * nb + r2] *
                                             sums->binom[blacks * nb + y - r2] *
                                             falling_w (sums, n - y, l_max - x - y);
      /* The assaulter is gone from some number of hits on (a hit never brings him back), so
       * the terms fall into the two sums in two runs, each added in the same order as ever. */
      c_reds = sums->binom_d + reds * nb;
      c_blacks = sums->binom_d + blacks * nb;
      den = sums->binom_d[n * nb + y];
      r_gone = CLAMP (sums->gone_a_from, r_lo, r_hi + 1);
      kept = res->p[dg][0];
      gone = res->p[dg][1];
      for (guint r2 = r_lo; r2 < r_gone; r2++)
        kept += ma->p * c_reds[r2] * c_blacks[y - r2] / den;
      for (guint r2 = r_gone; r2 <= r_hi; r2++)
        gone += ma->p * c_reds[r2] * c_blacks[y - r2] / den;
      res->p[dg][0] = kept;
      res->p[dg][1] = gone;
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
               CardResult   *res)
{
  guint x = d_cover ? sa : 0, y = a_cover ? sd : 0;
  guint nb = sums->n_cols;
  const GArray *first, *second;
  guint n = sums->n - x - y;
  guint stride_k = sums->m_max + 1, stride_n = (sums->killers_max + 1) * stride_k;
  /* res->p, each added to in the same order as ever. */
  double p00 = 0, p01 = 0, p10 = 0, p11 = 0;
  double inv;

  memset (res, 0, sizeof *res);
  if (d->effect != HIT_COMMANDER && a->effect != HIT_COMMANDER)
    {
      assault_cover_cards (sums, sa, sd, a_cover, d_cover, x, y, l_max, res);
      return;
    }

  first = sums_block (sums, x);
  /* The second block's mixes have the shapes of the first's (the pile only shrank); their
   * probabilities come from what the first left. */
  second = sums_block (sums, y);
  inv = 1.0 / sums->binom_d[(sums->n - x) * nb + y];
  for (guint i = 0; i < first->len; i++)
    {
      const Mix *ma = &g_array_index (first, Mix, i);
      const double *c_left[GROUPS];
      guint left[GROUPS];
      guint hits_on_d = d_cover ? ma->hits : sa;
      guint m1 = sums->cards_d[hits_on_d];
      guint killers_left;
      gboolean dg_plain = d->effect != HIT_COMMANDER && sums->gone_d[hits_on_d];
      guint m1_all = d->effect == HIT_COMMANDER ? m1 : 0;
      /* Where the last commander's chances to live are kept, for this pile: by killers left
       * (and then by the cards he turns, for the assaulter). */
      double *live_last = a->effect != HIT_COMMANDER ? sums->live + n * stride_n + m1
                                                      : sums->live + (n - m1_all) * stride_n;

      for (guint g = 0; g < GROUPS; g++)
        {
          left[g] = sums->size[g] - ma->count[g];
          c_left[g] = sums->binom_d + left[g] * nb;
        }
      killers_left = left[2] + left[3];
      for (guint j = 0; j < second->len; j++)
        {
          const Mix *md = &g_array_index (second, Mix, j);
          /* In the order of the groups, as ever; a group without cards has C(0, 0) = 1 way,
           * and multiplying by 1 rounds nothing. */
          double q = inv * c_left[0][md->count[0]] * c_left[1][md->count[1]] *
                     c_left[2][md->count[2]] * c_left[3][md->count[3]];
          guint hits_on_a, killers, m2;
          Ways w = 0;
          double p, p_live, pl;

          if (q == 0)
            continue;
          if (sums->exact)
            {
              w = ma->ways * sums->factorial[y];
              for (guint g = 0; g < GROUPS; g++)
                w *= sums->binom[left[g] * nb + md->count[g]];
            }
          p = ma->p * q;
          hits_on_a = a_cover ? md->hits : sd;
          killers = killers_left - md->kills;

          if (a->effect != HIT_COMMANDER)
            {
              /* Only the defender turns cards, last of all. */
              gboolean ag = sums->gone_a[hits_on_a];

              p_live = live_at (sums, live_last + killers * stride_k, n, killers, m1);
              if (sums->exact)
                last_commander_ways (sums, n, killers, m1, l_max - x - y - m1, w,
                                     &res->ways[0][ag], &res->ways[1][ag]);
              if (ag)
                {
                  p01 += p * p_live;
                  p11 += p * (1.0 - p_live);
                }
              else
                {
                  p00 += p * p_live;
                  p10 += p * (1.0 - p_live);
                }
              continue;
            }

          /* The assaulter's cards come last; the defender's first, if he is a commander, and
           * where he dies among them sets what is left of the pile. */
          m2 = sums->cards_a[hits_on_a];
          for (guint k = 1; k <= m1_all && killers > 0; k++)
            {
              /* The defender dies on the k-th card. */
              double pk = live_ratio (sums, n, killers, k - 1) * killers / (double) (n - k + 1);
              double pd = p * pk;

              p_live = live_ratio (sums, n - k, killers - 1, m2);
              if (sums->exact)
                last_commander_ways (sums, n - k, killers - 1, m2, l_max - x - y - k - m2,
                                     w * falling_w (sums, n - killers, k - 1) * killers,
                                     &res->ways[1][0], &res->ways[1][1]);
              p10 += pd * p_live;
              p11 += pd * (1.0 - p_live);
            }
          /* The defender lives through all his cards (or needs none). */
          pl = m1_all == 0 ? 1.0 : live_ratio (sums, n, killers, m1_all);
          p *= pl;
          p_live = live_at (sums, live_last + killers * stride_k + m2, n - m1_all, killers, m2);
          if (sums->exact)
            last_commander_ways (sums, n - m1_all, killers, m2, l_max - x - y - m1_all - m2,
                                 w * falling_w (sums, n - killers, m1_all),
                                 &res->ways[dg_plain][0], &res->ways[dg_plain][1]);
          if (dg_plain)
            {
              p10 += p * p_live;
              p11 += p * (1.0 - p_live);
            }
          else
            {
              p00 += p * p_live;
              p01 += p * (1.0 - p_live);
            }
        }
    }
  res->p[0][0] = p00;
  res->p[0][1] = p01;
  res->p[1][0] = p10;
  res->p[1][1] = p11;
}

static void
sums_free (Sums *sums)
{
  for (guint i = 0; i <= MAX_DICE; i++)
    if (sums->first[i] != NULL)
      g_array_unref (sums->first[i]);
  g_free (sums->binom);
  g_free (sums->binom_d);
  g_free (sums->factorial);
  g_free (sums->fall);
  g_free (sums->fall_d);
  g_free (sums->live);
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
  g_autoptr(Sums) sums = g_new0 (Sums, 1);
  g_autoptr(PipCompare) pc = NULL;
  Ways counts[6] = { 0 };
  double p[6] = { 0 };
  Ways total;
  double bits;
  gboolean need_kills = at->effect == HIT_COMMANDER || dt->effect == HIT_COMMANDER;
  const char *counts_colour;

  if (!direct_odds_enabled)
    return FALSE;
  l_max = (d_cover ? na : 0) + (a_cover ? nd : 0) + commander_cards (dt, na) +
          commander_cards (at, nd);
  if (ctx->pack != NULL)
    cards = adj_pack_draw_pile (ctx->pack, &n_cards);
  if (l_max > n_cards)
    return FALSE;

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
  for (guint g = 0; g < GROUPS; g++)
    if (sums->size[g] > 0)
      sums->active[sums->n_active++] = g;
  bits = (na + nd) * log2 (6.0);
  for (guint i = 0; i < l_max; i++)
    bits += log2 ((double) (n_cards - i));
  sums->exact = bits < 126.0;
  sums->n_binom = MAX (n_cards, MAX_DICE) + 1;
  sums->n_cols = MAX (l_max, MAX (na, nd)) + 1;
  /* Past the diagonal the tables stay 0: C(i, k) and (i)_k for k > i. */
  sums->binom_d = g_new0 (double, sums->n_binom * sums->n_cols);
  sums->fall_d = g_new0 (double, sums->n_binom * sums->n_cols);
  if (sums->exact)
    {
      sums->binom = g_new0 (Ways, sums->n_binom * sums->n_cols);
      sums->fall = g_new0 (Ways, sums->n_binom * sums->n_cols);
    }
  for (guint i = 0; i < sums->n_binom; i++)
    {
      double *row_d = sums->binom_d + i * sums->n_cols;
      const double *up_d = row_d - sums->n_cols;
      guint k_max = MIN (i, sums->n_cols - 1);

      row_d[0] = 1.0;
      /* The doubles are rounded past 2^53. */
      for (guint k = 1; k <= k_max; k++)
        row_d[k] = up_d[k - 1] + (k < i ? up_d[k] : 0);
      if (sums->exact)
        {
          Ways *row = sums->binom + i * sums->n_cols;
          const Ways *up = row - sums->n_cols;

          row[0] = 1;
          /* C(104, 52) still fits 128 bits. */
          for (guint k = 1; k <= k_max; k++)
            row[k] = up[k - 1] + (k < i ? up[k] : 0);
        }
    }
  for (guint i = 0; i < sums->n_binom; i++)
    {
      double *row_d = sums->fall_d + i * sums->n_cols;
      guint k_max = MIN (i, sums->n_cols - 1);

      row_d[0] = 1.0;
      for (guint k = 1; k <= k_max; k++)
        row_d[k] = row_d[k - 1] * (double) (i - k + 1);
      if (sums->exact)
        {
          Ways *row = sums->fall + i * sums->n_cols;

          row[0] = 1;
          /* Past 2^128 the ways wrap: they are only read while the total fits. */
          for (guint k = 1; k <= k_max; k++)
            row[k] = row[k - 1] * (Ways) (i - k + 1);
        }
    }
  sums->factorial = g_new (Ways, MAX_DICE + 1);
  sums->factorial[0] = 1;
  for (guint k = 1; k <= MAX_DICE; k++)
    sums->factorial[k] = sums->factorial[k - 1] * k;
  sums->killers_max = sums->size[2] + sums->size[3];
  sums->m_max = MAX (na, nd);
  {
    gsize n_live = (gsize) (sums->n + 1) * (sums->killers_max + 1) * (sums->m_max + 1);

    sums->live = g_new (double, n_live);
    for (gsize i = 0; i < n_live; i++)
      sums->live[i] = -1.0;
  }
  {
    /* Whether the hits put a target that needs no card off the table: one more hit at a
     * time (a hit on a target already gone changes nothing). */
    Target ta = *at, td = *dt;

    sums->gone_a_from = MAX_DICE + 1;
    for (guint h = 0; h <= MAX_DICE; h++)
      {
        sums->gone_a[h] = ta.gone;
        sums->gone_d[h] = td.gone;
        sums->cards_a[h] = commander_cards (at, h);
        sums->cards_d[h] = commander_cards (dt, h);
        if (ta.gone)
          sums->gone_a_from = MIN (sums->gone_a_from, h);
        rn_hit_apply (&ta, COMMANDER_UNHURT);
        rn_hit_apply (&td, COMMANDER_UNHURT);
      }
  }
  total = sums->exact ? rn_ways_pow (6, na + nd) * falling_w (sums, n_cards, l_max) : 0;

  pc = pip_compare_new (na, nd, hit_on, sums->exact);
  if (!pc->exact)
    sums->exact = FALSE;
  for (guint sa = 0; sa <= na; sa++)
    for (guint sd = 0; sd <= nd; sd++)
      {
        const Ways *dice = sums->exact ? pc->ways + (sa * (nd + 1) + sd) * 3 : NULL;
        const double *pd = pc->p + (sa * (nd + 1) + sd) * 3;
        CardResult cr;

        if (pd[0] == 0 && pd[1] == 0 && pd[2] == 0)
          continue;
        assault_cards (sums, at, dt, sa, sd, a_cover, d_cover, l_max, &cr);
        for (int dg = 0; dg < 2; dg++)
          for (int ag = 0; ag < 2; ag++)
            for (int c = 0; c < 3; c++)
              {
                int key = assault_key (c, dg, ag);

                if (sums->exact)
                  counts[key] += dice[c] * cr.ways[dg][ag];
                p[key] += pd[c] * cr.p[dg][ag];
              }
      }

  adj_declare_outcomes (in->mechanic, odds);
  adj_rules_odds_ways (odds, counts, p, in->mechanic->n_outcomes, total, sums->exact);
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
  pc = pip_compare_new (na, nd, hit_on, TRUE);
  w.total = rn_ways_pow (6, na + nd);
  if (!pc->exact)
    w.exact = FALSE;
  for (guint sa = 0; sa <= na; sa++)
    for (guint sd = 0; sd <= nd; sd++)
      for (int c = 0; c < 3; c++)
        {
          guint i = (sa * (nd + 1) + sd) * 3 + (guint) c;
          WalkKey k;

          if (pc->p[i] == 0.0)
            continue;
          rn_walk_key_init (&k);
          k.s[0] = ASSAULT_A_COVER;
          k.s[1] = (gint16) sa;
          k.s[3] = rn_target_pack (&dt);
          k.s[4] = rn_target_pack (&at);
          k.s[5] = (gint16) sd;
          k.s[6] = (gint16) c;
          assault_settle (&k, &aw);
          rn_walk_seed (&w, &k, pc->exact ? pc->ways[i] : 0, pc->p[i]);
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
  return rn_legal_to_act (unit, error);
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
