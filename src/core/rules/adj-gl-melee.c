/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-melee.c: Glidden's colonial rules — melee: one pair of figures (gl/melee-pair) and two
 * units fought round by round (gl/melee), with their exact odds. */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include <math.h>
#include <string.h>

#include "adj-gl-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Melee                                                                                       */

/* The modifiers both pairs share, side by side: a leader changes only his own pair. */
typedef struct {
  gboolean a_cavalry;
  gboolean charging;
  gboolean rear;
  gboolean d_cavalry;
  gboolean hard_cover;
  gboolean square;
  gboolean prone;
} MeleeSides;

#define MELEE_SIDE_INPUTS \
  BOOL_INPUT ("attacker_cavalry", N_("The attackers are cavalry"), NULL), \
  { .name = "charging", .kind = ADJ_FIELD_BOOL, .label = N_("The attackers charged in"), \
    .def = 1 }, \
  BOOL_INPUT ("rear", N_("The charge began out of the defenders’ sight"), \
              N_("It then counts as an attack from the rear")), \
  BOOL_INPUT ("defender_cavalry", N_("The defenders are cavalry"), NULL), \
  BOOL_INPUT ("hard_cover", N_("The defenders fight from hard cover"), \
              N_("It also takes away the charge bonus")), \
  BOOL_INPUT ("square", N_("The defenders are in square"), NULL), \
  BOOL_DEF ("prone", N_("The defenders lie prone"), N_("Counts as an attack from the rear"), \
            0, "defender.status.prone")

static void
melee_sides (AdjInputs  *in,
             MeleeSides *m)
{
  m->a_cavalry = adj_inputs_get_bool (in, "attacker_cavalry");
  m->charging = adj_inputs_get_bool (in, "charging");
  m->rear = adj_inputs_get_bool (in, "rear");
  m->d_cavalry = adj_inputs_get_bool (in, "defender_cavalry");
  m->hard_cover = adj_inputs_get_bool (in, "hard_cover");
  m->square = adj_inputs_get_bool (in, "square");
  m->prone = adj_inputs_get_bool (in, "prone");
}

/* The attacker's and the defender's modifiers for a pair, each with its reason. */
static void
melee_scores (AdjRuleset       *rs,
              const MeleeSides *m,
              gboolean          a_leader,
              gboolean          d_leader,
              AdjScore         *a,
              AdjScore         *d)
{
  adj_score_init (a);
  adj_score_init (d);
  adj_score_add_modifier (a, rs, "melee", "leader", a_leader ? 1 : 0);
  adj_score_add_modifier (a, rs, "melee", "cavalry", m->a_cavalry ? 1 : 0);
  /* Hard cover cancels the charge bonus. */
  adj_score_add_modifier (a, rs, "melee", "charging", m->charging && !m->hard_cover ? 1 : 0);
  adj_score_add_modifier (a, rs, "melee", "rear", m->rear || m->prone ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "leader", d_leader ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "cavalry", m->d_cavalry ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "hard-cover", m->hard_cover ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "square", m->square ? 1 : 0);
}

static int
melee_diff (AdjRuleset       *rs,
            const MeleeSides *m,
            gboolean          a_leader,
            gboolean          d_leader)
{
  AdjScore a, d;
  int diff;

  melee_scores (rs, m, a_leader, d_leader, &a, &d);
  diff = a.total - d.total;
  adj_score_clear (&a);
  adj_score_clear (&d);
  return diff;
}

/* The four ends of a pair, as the odds count them: the attacker wins and the defender dies or
 * runs, or the other way round.  @ways over the 36 - ties throws that are not ties. */
typedef enum {
  PAIR_D_KILLED,
  PAIR_D_RUNS,
  PAIR_A_KILLED,
  PAIR_A_RUNS,
  N_PAIR_ENDS
} PairEnd;

/* How one throw of a pair ends: the attacker's die @a, with @diff (his modifiers less the
 * defender's), against the defender's die @d; N_PAIR_ENDS for a tie, which is thrown again. */
static PairEnd
pair_end (int a,
          int d,
          int diff,
          int killed_on)
{
  if (a + diff == d)
    return N_PAIR_ENDS;
  if (a + diff > d)
    return d <= killed_on ? PAIR_D_KILLED : PAIR_D_RUNS;
  return a <= killed_on ? PAIR_A_KILLED : PAIR_A_RUNS;
}

static guint
pair_ways (int      diff,
           int      killed_on,
           guint64  ways[N_PAIR_ENDS])
{
  guint total = 0;

  memset (ways, 0, N_PAIR_ENDS * sizeof (guint64));
  for (int a = 1; a <= 6; a++)
    for (int d = 1; d <= 6; d++)
      {
        PairEnd end = pair_end (a, d, diff, killed_on);

        if (end == N_PAIR_ENDS)
          continue;   /* thrown again: the final result is conditional on no tie */
        ways[end]++;
        total++;
      }
  return total;
}

/* One pair until it is not a tie; returns the end, with the deciding dice. */
static gboolean
fight_pair (AdjRandom   *random,
            int          diff,
            int          killed_on,
            const char  *a_group,
            const char  *d_group,
            int          first_a,
            int          first_d,
            int         *a_die,
            int         *d_die,
            guint       *throws,
            PairEnd     *end,
            GError     **error)
{
  int a = first_a, d = first_d;

  *throws = 1;
  while ((*end = pair_end (a, d, diff, killed_on)) == N_PAIR_ENDS)
    {
      if (*throws >= MAX_ROUNDS)
        return adj_not_allowed (error, _("The dice tied %u times running"), *throws);
      if (!adj_random_roll (random, a_group, N_("Attacker again (tie)"), 1, 6, &a, error) ||
          !adj_random_roll (random, d_group, N_("Defender again (tie)"), 1, 6, &d, error))
        return FALSE;
      (*throws)++;
    }
  *a_die = a;
  *d_die = d;
  return TRUE;
}

/* ---- one pair ---- */

static const AdjField pair_inputs[] = {
  UNIT_INPUT ("attacker", N_("Attacking unit")),
  UNIT_INPUT ("defender", N_("Defending unit")),
  BOOL_INPUT ("attacker_leader", N_("The attacker is an officer or leader"), NULL),
  BOOL_INPUT ("defender_leader", N_("The defender is an officer or leader"), NULL),
  MELEE_SIDE_INPUTS,
};

static const AdjChoice pair_outcomes[] = {
  { "defender-killed", N_("The defender is killed") },
  { "defender-runs", N_("The defender runs 6″") },
  { "attacker-killed", N_("The attacker is killed") },
  { "attacker-runs", N_("The attacker runs 6″") },
};

static gboolean
melee_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *a = adj_input_unit (ctx, in, "attacker");
  AdjUnit *d = adj_input_unit (ctx, in, "defender");

  if (a != NULL &&
      !adj_inputs_set_bool (in, "attacker_cavalry",
                            g_str_equal (adj_battle_unit_type (ctx->battle, a)->category,
                                         "cavalry"), error))
    return FALSE;
  if (d != NULL &&
      (!adj_inputs_set_bool (in, "defender_cavalry",
                             g_str_equal (adj_battle_unit_type (ctx->battle, d)->category,
                                          "cavalry"), error) ||
       !adj_inputs_set_bool (in, "square",
                             g_strcmp0 (adj_unit_get_status_string (d, "formation"),
                                        "square") == 0, error)))
    return FALSE;
  return TRUE;
}

static void
pair_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec a = { "attacker", N_("Attacker"), 1, 6 };
  AdjDrawSpec d = { "defender", N_("Defender"), 1, 6 };

  g_array_append_val (specs, a);
  g_array_append_val (specs, d);
}

static gboolean
pair_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int killed_on = adj_rules_int (rs, "melee", "killed_on");
  gboolean a_leader = adj_inputs_get_bool (in, "attacker_leader");
  gboolean d_leader = adj_inputs_get_bool (in, "defender_leader");
  MeleeSides m;
  AdjScore a, d;
  int a_die, d_die, first_a, first_d, a_total, d_total;
  guint throws;
  PairEnd end;

  melee_sides (in, &m);
  melee_scores (rs, &m, a_leader, d_leader, &a, &d);
  if (!adj_random_roll (random, "attacker", N_("Attacker"), 1, 6, &first_a, error) ||
      !adj_random_roll (random, "defender", N_("Defender"), 1, 6, &first_d, error) ||
      !fight_pair (random, a.total - d.total, killed_on, "attacker", "defender", first_a,
                   first_d, &a_die, &d_die, &throws, &end, error))
    {
      adj_score_clear (&a);
      adj_score_clear (&d);
      return FALSE;
    }
  if (throws > 1)
    adj_outcome_add_note (outcome, ngettext ("The first throw tied and was thrown again.",
                                             "The first %u throws tied and were thrown again.",
                                             throws - 1), throws - 1);
  a_total = adj_score_explain (&a, outcome, "attacker", _("Attacker"), &a_die, 1, 6);
  d_total = adj_score_explain (&d, outcome, "defender", _("Defender"), &d_die, 1, 6);
  adj_score_clear (&a);
  adj_score_clear (&d);
  adj_outcome_set_value_int (outcome, "attacker_die", a_die);
  adj_outcome_set_value_int (outcome, "defender_die", d_die);
  adj_outcome_set_value_int (outcome, "throws", (int) throws);

  switch (end)
    {
    case PAIR_D_KILLED:
      adj_outcome_set_result (outcome, "defender-killed",
                              _("%d beats %d, and the defender’s own die shows %d: killed"),
                              a_total, d_total, d_die);
      break;
    case PAIR_D_RUNS:
      adj_outcome_set_result (outcome, "defender-runs",
                              _("%d beats %d: the defender runs 6″ to the rear"), a_total,
                              d_total);
      break;
    case PAIR_A_KILLED:
      adj_outcome_set_result (outcome, "attacker-killed",
                              _("%d beats %d, and the attacker’s own die shows %d: killed"),
                              d_total, a_total, a_die);
      break;
    case PAIR_A_RUNS:
    case N_PAIR_ENDS:
    default:
      adj_outcome_set_result (outcome, "attacker-runs",
                              _("%d beats %d: the attacker runs 6″ to the rear"), d_total,
                              a_total);
      break;
    }
  return TRUE;
}

static gboolean
pair_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  MeleeSides m;
  guint64 ways[N_PAIR_ENDS];
  guint total;

  melee_sides (in, &m);
  total = pair_ways (melee_diff (ctx->ruleset, &m, adj_inputs_get_bool (in, "attacker_leader"),
                                 adj_inputs_get_bool (in, "defender_leader")),
                     adj_rules_int (ctx->ruleset, "melee", "killed_on"), ways);
  adj_declare_outcomes (in->mechanic, odds);
  for (guint k = 0; k < N_PAIR_ENDS; k++)
    adj_odds_add (odds, pair_outcomes[k].id, pair_outcomes[k].label, ways[k]);
  adj_odds_finish (odds, total);
  odds->note = g_strdup (N_("Ties are thrown again: these are the odds of the final result."));
  return TRUE;
}

static gboolean
pair_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  gboolean attacker = g_str_equal (outcome->key, "attacker-killed");
  const char *who = attacker ? "attacker" : "defender";
  const char *leader = attacker ? "attacker_leader" : "defender_leader";

  if (!attacker && !g_str_equal (outcome->key, "defender-killed"))
    return TRUE;
  return gl_apply_losses (ctx, changes, adj_inputs_get_string (in, who), 1,
                          adj_inputs_get_bool (in, leader), FALSE, error);
}

/* Both units still in the fight, on opposite sides; a unit in rout does not attack. */
static gboolean
pair_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  AdjUnit *attacker;

  if (!adj_rules_legal_pair (ctx, in, "attacker", "defender", &attacker, error))
    return FALSE;
  if (adj_unit_get_status_bool (attacker, "routing"))
    return adj_not_allowed (error, _("%s is routing and cannot attack in a melee"),
                            adj_unit_get_name (attacker));
  return TRUE;
}

const AdjMechanic gl_melee_pair = {
  .id = "gl/melee-pair",
  .title = N_("One pair in a melee"),
  .summary = N_("Two figures fight: each throws a D6 and adds its modifiers; the loser dies on a "
                "natural 1 or 2 and otherwise runs 6″."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (pair_inputs),
  MECHANIC_OUTCOMES (pair_outcomes),
  .random_note = N_("Equal scores are thrown again, as often as it takes."),
  .draws = pair_draws,
  .prefill = melee_prefill,
  .legal = pair_legal,
  .resolve = pair_resolve,
  .odds = pair_odds,
  .apply = pair_apply,
};

/* ---- a whole melee, round after round ---- */

static const AdjField melee_inputs[] = {
  UNIT_INPUT ("attacker", N_("Attacking unit")),
  UNIT_INPUT ("defender", N_("Defending unit")),
  INT_FROM ("attacker_figures", N_("Attackers in contact"),
            N_("Those that reached the enemy: the charge’s stragglers stay out"), 0, MAX_FIGURES,
            5, "attacker.figures"),
  INT_FROM ("defender_figures", N_("Defenders in contact"), NULL, 0, MAX_FIGURES, 5,
            "defender.figures"),
  BOOL_FROM ("attacker_leader", N_("The attackers’ officer fights"), "attacker.status.officer"),
  BOOL_FROM ("defender_leader", N_("The defenders’ officer fights"), "defender.status.officer"),
  MELEE_SIDE_INPUTS,
};

static const AdjChoice melee_outcomes[] = {
  { "attacker-wins", N_("The attackers win: the defenders rout") },
  { "defender-wins", N_("The defenders win: the attackers rout") },
};

static void
melee_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  guint p = (guint) MIN (adj_inputs_get_int (in, "attacker_figures"),
                         adj_inputs_get_int (in, "defender_figures"));
  AdjDrawSpec a = { "attackers", N_("Attackers"), p, 6 };
  AdjDrawSpec d = { "defenders", N_("Defenders"), p, 6 };

  if (p == 0)
    return;
  g_array_append_val (specs, a);
  g_array_append_val (specs, d);
}

/* The leader pair of a round: -1 none, else the difference of the pair's modifiers. */
typedef struct {
  gboolean a_leader;
  gboolean d_leader;
} LeaderPair;

static gboolean
melee_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int killed_on = adj_rules_int (rs, "melee", "killed_on");
  int a = adj_inputs_get_int (in, "attacker_figures");
  int d = adj_inputs_get_int (in, "defender_figures");
  gboolean la = adj_inputs_get_bool (in, "attacker_leader") && a > 0;
  gboolean lb = adj_inputs_get_bool (in, "defender_leader") && d > 0;
  gboolean a_officer_killed = FALSE, d_officer_killed = FALSE;
  int a_killed = 0, a_ran = 0, d_killed = 0, d_ran = 0, round = 0;
  const char *a_name = adj_input_unit_name (ctx, in, "attacker", _("The attackers"));
  const char *d_name = adj_input_unit_name (ctx, in, "defender", _("The defenders"));
  g_autofree int *rout = NULL;
  g_autofree char *rout_s = NULL;
  gboolean attackers_win;
  MeleeSides m;
  int diff_of[2][2];   /* a pair's modifier difference, by whether each side's officer is in it */

  if (a == 0 || d == 0)
    return adj_not_allowed (error, _("A melee needs figures in contact on both sides"));
  melee_sides (in, &m);
  for (guint i = 0; i < 2; i++)
    for (guint k = 0; k < 2; k++)
      diff_of[i][k] = melee_diff (rs, &m, i == 1, k == 1);
  {
    AdjScore sa, sd;

    /* The modifiers every pair shares (a leader adds his own +1 in his pair). */
    melee_scores (rs, &m, FALSE, FALSE, &sa, &sd);
    for (guint i = 0; i < sa.mods->len; i++)
      {
        const AdjScoreMod *mod = &g_array_index (sa.mods, AdjScoreMod, i);
        adj_outcome_add_modifier (outcome, "attacker", mod->label, mod->value);
      }
    for (guint i = 0; i < sd.mods->len; i++)
      {
        const AdjScoreMod *mod = &g_array_index (sd.mods, AdjScoreMod, i);
        adj_outcome_add_modifier (outcome, "defender", mod->label, mod->value);
      }
    adj_score_clear (&sa);
    adj_score_clear (&sd);
  }

  while (a > 0 && d > 0)
    {
      guint p = (guint) MIN (a, d);
      g_autofree int *ad = NULL, *dd = NULL;
      int won = 0, lost = 0, rk_a = 0, rk_d = 0;

      round++;
      ad = g_new0 (int, p);
      dd = g_new0 (int, p);
      if (!adj_random_roll (random, "attackers", N_("Attackers"), p, 6, ad, error) ||
          !adj_random_roll (random, "defenders", N_("Defenders"), p, 6, dd, error))
        return FALSE;
      for (guint i = 0; i < p; i++)
        {
          /* Decision: officers fight in the first pair, against each other when both stand. */
          gboolean pair_la = i == 0 && la, pair_lb = i == 0 && lb;
          int diff = diff_of[pair_la ? 1 : 0][pair_lb ? 1 : 0];
          int a_die, d_die;
          guint throws;
          PairEnd end;

          if (!fight_pair (random, diff, killed_on, "attackers", "defenders", ad[i], dd[i], &a_die,
                           &d_die, &throws, &end, error))
            return FALSE;
          switch (end)
            {
            case PAIR_D_KILLED:
              d_killed++;
              rk_d++;
              won++;
              break;
            case PAIR_D_RUNS:
              d_ran++;
              won++;
              break;
            case PAIR_A_KILLED:
              a_killed++;
              rk_a++;
              lost++;
              break;
            case PAIR_A_RUNS:
            case N_PAIR_ENDS:
            default:
              a_ran++;
              lost++;
              break;
            }
          if (pair_la && (end == PAIR_A_KILLED || end == PAIR_A_RUNS))
            {
              la = FALSE;
              a_officer_killed |= end == PAIR_A_KILLED;
              adj_outcome_add_note (outcome, end == PAIR_A_KILLED
                                    ? _("Round %d: the attackers’ officer is killed")
                                    : _("Round %d: the attackers’ officer runs"), round);
            }
          if (pair_lb && (end == PAIR_D_KILLED || end == PAIR_D_RUNS))
            {
              lb = FALSE;
              d_officer_killed |= end == PAIR_D_KILLED;
              adj_outcome_add_note (outcome, end == PAIR_D_KILLED
                                    ? _("Round %d: the defenders’ officer is killed")
                                    : _("Round %d: the defenders’ officer runs"), round);
            }
        }
      a -= lost;
      d -= won;
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                             /* TRANSLATORS: e.g. "Round 1, 6 pairs: attackers win 4 (1 killed),
                              * defenders win 2 (2 killed); 8 against 2 still fighting" */
                             ngettext ("Round %d, %u pair: attackers win %d (%d killed), "
                                       "defenders win %d (%d killed); %d against %d still "
                                       "fighting",
                                       "Round %d, %u pairs: attackers win %d (%d killed), "
                                       "defenders win %d (%d killed); %d against %d still "
                                       "fighting", p),
                             round, p, won, rk_d, lost, rk_a, a, d);
    }

  attackers_win = d == 0;
  rout = gl_roll_dice (random, outcome, "rout", N_("Rout move"),
                       (guint) adj_rules_int (rs, "melee", "rout_dice"), error);
  if (rout == NULL)
    return FALSE;
  rout_s = gl_inches_label (gl_sum_of (rout, (guint) adj_rules_int (rs, "melee", "rout_dice")));
  adj_outcome_set_value_int (outcome, "rounds", round);
  adj_outcome_set_value_int (outcome, "attacker_killed", a_killed);
  adj_outcome_set_value_int (outcome, "attacker_ran", a_ran);
  adj_outcome_set_value_int (outcome, "defender_killed", d_killed);
  adj_outcome_set_value_int (outcome, "defender_ran", d_ran);
  adj_outcome_set_value_bool (outcome, "attacker_officer_killed", a_officer_killed);
  adj_outcome_set_value_bool (outcome, "defender_officer_killed", d_officer_killed);
  adj_outcome_set_value_int (outcome, "rout",
                             gl_sum_of (rout, (guint) adj_rules_int (rs, "melee", "rout_dice")));
  if (attackers_win)
    adj_outcome_set_result (outcome, "attacker-wins",
                            _("%s have nobody left fighting (%d killed, %d ran) and rout %s"),
                            d_name, d_killed, d_ran, rout_s);
  else
    adj_outcome_set_result (outcome, "defender-wins",
                            _("%s have nobody left fighting (%d killed, %d ran) and rout %s"),
                            a_name, a_killed, a_ran, rout_s);
  adj_outcome_add_note (outcome, _("Figures that ran are back 6″ behind their unit; the killed "
                                   "are gone."));
  return TRUE;
}

/* ---- exact odds of a melee ----
 *
 * Every pair fought takes one figure out of the melee, whoever loses it.  Each pair's chances
 * are written over L, the least common denominator of every kind of pair's; so a state that
 * has lost r figures in all is reached with a chance of N / L^r, and the states are kept as
 * their numerators N.  A round of p pairs leads from one state to the next, r + p, by a whole
 * number of ways. */

/* The outcome probabilities of one kind of pair: attacker wins @w of @t. */
typedef struct {
  guint64 w;
  guint64 t;
} PairOdds;

static PairOdds
pair_odds_of (AdjRuleset       *rs,
              const MeleeSides *m,
              gboolean          a_leader,
              gboolean          d_leader)
{
  guint64 ways[N_PAIR_ENDS];
  PairOdds o;

  o.t = pair_ways (melee_diff (rs, m, a_leader, d_leader), adj_rules_int (rs, "melee", "killed_on"),
                   ways);
  o.w = ways[PAIR_D_KILLED] + ways[PAIR_D_RUNS];
  return o;
}

#define STATE(a_, d_, la_, ld_) (((((a_) * (nd + 1)) + (d_)) * 2 + (la_)) * 2 + (ld_))

static gboolean
melee_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int na = adj_inputs_get_int (in, "attacker_figures");
  int nd = adj_inputs_get_int (in, "defender_figures");
  int most = MIN (na, nd);
  PairOdds kinds[4];   /* by the leaders in the pair: none, the attackers', the defenders', both */
  MeleeSides m;
  guint64 L = 1;
  gsize n_states, n_coef;
  /* coef[o (o + 1) / 2 + j]: the ways j of o ordinary pairs are won by the attackers, over L^o:
   * C(o, j) won^j lost^(o - j). */
  g_autofree mpz_t *coef = NULL;
  g_autofree mpz_t *dp = NULL;
  mpz_t win[2], total, term, power;

  if (na == 0 || nd == 0)
    return adj_not_allowed (error, _("A melee needs figures in contact on both sides"));
  melee_sides (in, &m);
  for (guint k = 0; k < 4; k++)
    {
      kinds[k] = pair_odds_of (rs, &m, (k & 1) != 0, (k & 2) != 0);
      L = L / adj_gcd (L, kinds[k].t) * kinds[k].t;
    }

  n_coef = (gsize) (most + 1) * (most + 2) / 2;
  coef = g_new (mpz_t, n_coef);
  for (int o = 0; o <= most; o++)
    for (int j = 0; j <= o; j++)
      {
        mpz_t *c = &coef[o * (o + 1) / 2 + j];

        mpz_init (*c);
        mpz_bin_uiui (*c, (gulong) o, (gulong) j);
        mpz_init (power);
        mpz_ui_pow_ui (power, (gulong) (kinds[0].w * (L / kinds[0].t)), (gulong) j);
        mpz_mul (*c, *c, power);
        mpz_ui_pow_ui (power, (gulong) ((kinds[0].t - kinds[0].w) * (L / kinds[0].t)),
                       (gulong) (o - j));
        mpz_mul (*c, *c, power);
        mpz_clear (power);
      }

  n_states = (gsize) (na + 1) * (nd + 1) * 4;
  dp = g_new (mpz_t, n_states);
  for (gsize i = 0; i < n_states; i++)
    mpz_init (dp[i]);
  mpz_set_ui (dp[STATE (na, nd, adj_inputs_get_bool (in, "attacker_leader") ? 1 : 0,
                        adj_inputs_get_bool (in, "defender_leader") ? 1 : 0)], 1);
  mpz_inits (win[0], win[1], total, term, NULL);
  /* Over L^(na + nd - 1), the most figures a melee can take out. */
  mpz_ui_pow_ui (total, (gulong) L, (gulong) (na + nd - 1));

  /* Every round takes min(a, d) figures out, so a + d only falls: walk it downwards. */
  for (int sum = na + nd; sum >= 2; sum--)
    for (int a = MAX (1, sum - nd); a <= na && a < sum; a++)
      for (int la = 0; la <= 1; la++)
        for (int ld = 0; ld <= 1; ld++)
          {
            int d = sum - a;
            const mpz_t *st = &dp[STATE (a, d, la, ld)];
            int pairs = MIN (a, d);
            gboolean lead = la || ld;
            int ordinary = pairs - (lead ? 1 : 0);
            const PairOdds *lp = &kinds[(la ? 1 : 0) | (ld ? 2 : 0)];

            if (d < 1 || mpz_sgn (*st) == 0)
              continue;
            /* j ordinary pairs won by the attackers, and the leaders' pair won (1) or lost. */
            for (int j = 0; j <= ordinary; j++)
              for (int lw = 0; lw <= (lead ? 1 : 0); lw++)
                {
                  int a_won = j + (lead && lw ? 1 : 0);
                  int a_lost = pairs - a_won;
                  int na2 = a - a_lost, nd2 = d - a_won;
                  int la2 = la && (!lead || lw), ld2 = ld && (!lead || !lw);

                  mpz_mul (term, *st, coef[ordinary * (ordinary + 1) / 2 + j]);
                  if (lead)
                    mpz_mul_ui (term, term, (gulong) ((lw ? lp->w : lp->t - lp->w) *
                                                      (L / lp->t)));
                  if (na2 == 0 || nd2 == 0)
                    {
                      /* Over L^(figures out), brought to the common denominator. */
                      mpz_init (power);
                      mpz_ui_pow_ui (power, (gulong) L, (gulong) (na2 + nd2 - 1));
                      mpz_addmul (win[nd2 == 0 ? 0 : 1], term, power);
                      mpz_clear (power);
                    }
                  else
                    mpz_add (dp[STATE (na2, nd2, la2, ld2)], dp[STATE (na2, nd2, la2, ld2)],
                             term);
                }
          }

  adj_declare_outcomes (in->mechanic, odds);
  adj_rules_odds_ways (odds, win, in->mechanic->n_outcomes, total);
  odds->note = g_strdup (N_("Ties are thrown again: these are the odds of the final result, "
                            "whichever side is left with nobody fighting."));
  for (gsize i = 0; i < n_states; i++)
    mpz_clear (dp[i]);
  for (gsize i = 0; i < n_coef; i++)
    mpz_clear (coef[i]);
  mpz_clears (win[0], win[1], total, term, NULL);
  return TRUE;
}

#undef STATE

static gboolean
melee_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  gboolean attackers_win = g_str_equal (outcome->key, "attacker-wins");
  const char *attacker = adj_inputs_get_string (in, "attacker");
  const char *defender = adj_inputs_get_string (in, "defender");

  return gl_apply_losses (ctx, changes, attacker,
                          adj_outcome_get_value_int (outcome, "attacker_killed", 0),
                          gl_value_bool (outcome, "attacker_officer_killed"), FALSE, error) &&
         gl_apply_losses (ctx, changes, defender,
                          adj_outcome_get_value_int (outcome, "defender_killed", 0),
                          gl_value_bool (outcome, "defender_officer_killed"), FALSE, error) &&
         adj_rules_set_unit_bool (ctx, changes, attackers_win ? defender : attacker,
                                  "status.routing", TRUE, error);
}

/* As for one pair; the whole melee is also fought only in the movement phase, the charge's,
 * when the card turned lets the attackers act. */
static gboolean
melee_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  return pair_legal (ctx, in, error) && gl_legal_phase (ctx, in->mechanic, error) &&
         gl_legal_card (ctx, adj_input_unit (ctx, in, "attacker"), error);
}

const AdjMechanic gl_melee = {
  .id = "gl/melee",
  .title = N_("Melee"),
  .summary = N_("Two units fight it out figure against figure, round after round, until one side "
                "has nobody left fighting; that side routs 4D6″."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (melee_inputs),
  MECHANIC_OUTCOMES (melee_outcomes),
  .random_note = N_("Each round the figures still fighting pair off and throw, ties again; the "
                    "spare figures step up for the next round.  The losing side then throws 4D6 "
                    "for its rout."),
  .phases = gl_movement_phase,
  .step_label = N_("Me_lee"),
  .step_hint = N_("The figures in contact fight it out"),
  .draws = melee_draws,
  .prefill = melee_prefill,
  .legal = melee_legal,
  .resolve = melee_resolve,
  .odds = melee_odds,
  .apply = melee_apply,
};
