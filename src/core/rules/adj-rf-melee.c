/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-melee.c: Risk Factor — melee (rf/melee): figures paired into clusters, the fights, and
 * the exact odds of fights won, cluster by cluster. */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include <string.h>

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* rf/melee                                                                                    */

static const AdjField melee_inputs[] = {
  UNIT_INPUT ("attacker", N_("Attacking group")),
  UNIT_INPUT ("defender", N_("Defending group")),
  INT_INPUT ("attackers", N_("Attacking figures in the melee"), NULL, 1, MAX_MELEE, 4),
  INT_INPUT ("defenders", N_("Defending figures in the melee"), NULL, 1, MAX_MELEE, 4),
  ENUM_INPUT ("attacker_quality", N_("Quality of the attackers"),
              N_("Figures with a quality of their own in the group's record keep it."),
              rf_quality_choices, "veteran", "attacker.rating"),
  ENUM_INPUT ("defender_quality", N_("Quality of the defenders"), NULL, rf_quality_choices,
              "veteran", "defender.rating"),
  WEAPON_INPUT ("attacker_weapon", N_("Attackers' weapon"), "rifle-bayonet", "attacker.weapon"),
  WEAPON_INPUT ("defender_weapon", N_("Defenders' weapon"), "spear", "defender.weapon"),
  BOOL_FROM ("attacker_superior", N_("The attackers are superior melee troops"),
             "attacker.status.superior_melee"),
  BOOL_FROM ("defender_superior", N_("The defenders are superior melee troops"),
             "defender.status.superior_melee"),
  BOOL_INPUT ("attacker_wall", N_("The attackers fight their way over a defended wall or fence"),
              NULL),
  BOOL_INPUT ("defender_wall", N_("The defenders fight their way over a defended wall or fence"),
              NULL),
  INT_INPUT ("attacker_blocked", N_("Attackers who could not fall back"),
             N_("Each takes a wound if his side has to fall back."), 0, MAX_MELEE, 0),
  INT_INPUT ("defender_blocked", N_("Defenders who could not fall back"),
             N_("Each takes a wound if his side has to fall back."), 0, MAX_MELEE, 0),
};

enum { SIDE_A, SIDE_B };

/* One figure of the smaller side against the figures of the larger side paired with him. */
typedef struct {
  guint side;       /* the side of the lone figure */
  guint lone;       /* his index on his side */
  guint first;      /* the first of his opponents on the other side */
  guint n;          /* how many */
} Cluster;

/* Pair off as evenly as possible: the larger side's figures are shared out among the smaller
 * side's, the first ones in the record taking one more when it does not divide evenly
 * (Decision).  With equal numbers every cluster is one against one.  The @i-th cluster of a
 * fight of @a attackers against @b defenders, of MIN (@a, @b). */
static Cluster
cluster_at (guint a,
            guint b,
            guint i)
{
  guint small = MIN (a, b), big = MAX (a, b);
  guint share = big / small, extra = big % small;

  return (Cluster) { a <= b ? SIDE_A : SIDE_B, i, i * share + MIN (i, extra),
                     share + (i < extra ? 1 : 0) };
}

typedef struct {
  AdjRuleset *rs;
  Figures     side[2];
  gboolean    superior[2];
  gboolean    wall[2];
  guint       n_clusters;   /* one for each figure of the smaller side */
  /* Looked up once a fight, not once a pair: each figure's melee factor, the modifiers, and
   * what each figure's quality (and his group's) adds whoever he fights. */
  int        *factor[2];
  int        *own[2];
  int         mod_raw, mod_extra_enemy, mod_wall, mod_hero, mod_better;
} Melee;

static void
melee_clear (Melee *m)
{
  rf_figures_clear (&m->side[SIDE_A]);
  rf_figures_clear (&m->side[SIDE_B]);
  g_clear_pointer (&m->factor[SIDE_A], g_free);
  g_clear_pointer (&m->factor[SIDE_B], g_free);
  g_clear_pointer (&m->own[SIDE_A], g_free);
  g_clear_pointer (&m->own[SIDE_B], g_free);
}

static gboolean
melee_setup (const AdjContext  *ctx,
             AdjInputs         *in,
             Melee             *m)
{
  m->rs = ctx->ruleset;
  rf_figures_init (&m->side[SIDE_A], adj_input_unit (ctx, in, "attacker"),
                   adj_inputs_get_int (in, "attackers"),
                   adj_inputs_get_string (in, "attacker_quality"),
                   adj_inputs_get_string (in, "attacker_weapon"));
  rf_figures_init (&m->side[SIDE_B], adj_input_unit (ctx, in, "defender"),
                   adj_inputs_get_int (in, "defenders"),
                   adj_inputs_get_string (in, "defender_quality"),
                   adj_inputs_get_string (in, "defender_weapon"));
  m->superior[SIDE_A] = adj_inputs_get_bool (in, "attacker_superior");
  m->superior[SIDE_B] = adj_inputs_get_bool (in, "defender_superior");
  m->wall[SIDE_A] = adj_inputs_get_bool (in, "attacker_wall");
  m->wall[SIDE_B] = adj_inputs_get_bool (in, "defender_wall");
  m->side[SIDE_A].anonymous = ANON_ATTACKER;
  m->side[SIDE_B].anonymous = ANON_DEFENDER;
  m->n_clusters = MIN (m->side[SIDE_A].figs->len, m->side[SIDE_B].figs->len);
  m->mod_raw = rf_modifier_value (m->rs, "melee", "raw");
  m->mod_extra_enemy = rf_modifier_value (m->rs, "melee", "extra-enemy");
  m->mod_wall = rf_modifier_value (m->rs, "melee", "defended-wall");
  m->mod_hero = rf_modifier_value (m->rs, "melee", "hero-or-superior");
  m->mod_better = rf_modifier_value (m->rs, "melee", "better-weapon");
  for (guint s = 0; s < 2; s++)
    {
      Figures *f = &m->side[s];
      const char *weapon = NULL, *quality = NULL;
      int factor = 0, own = 0;

      m->factor[s] = g_new (int, MAX (f->figs->len, 1));
      m->own[s] = g_new (int, MAX (f->figs->len, 1));
      for (guint i = 0; i < f->figs->len; i++)
        {
          Fig *fig = rf_fig_at (f, i);

          /* Figures of a group mostly carry the same weapon and are of the same quality: each
           * is looked up again only when it changes from the figure before. */
          if (weapon == NULL || (weapon != fig->weapon && g_strcmp0 (weapon, fig->weapon) != 0))
            {
              weapon = fig->weapon;
              factor = rf_melee_factor (m->rs, weapon);
            }
          if (quality == NULL || (quality != fig->quality && strcmp (quality, fig->quality) != 0))
            {
              quality = fig->quality;
              /* Decision: a hero who is also in a superior group still gets +1 once. */
              own = (g_str_equal (quality, "raw") ? m->mod_raw : 0) +
                    (g_str_equal (quality, "hero") || m->superior[s] ? m->mod_hero : 0);
            }
          m->factor[s][i] = factor;
          m->own[s][i] = own;
        }
    }
  return TRUE;
}

/* A figure's modifier against the @n opponents touching him, whose best melee factor is
 * @best_opponent. */
static int
figure_modifier (Melee      *m,
                 guint       side,
                 guint       i,
                 guint       n,
                 int         best_opponent)
{
  int mod = m->own[side][i];

  if (n > 1)
    mod += (int) (n - 1) * m->mod_extra_enemy;
  if (m->wall[side])
    mod += m->mod_wall;
  if (m->factor[side][i] > best_opponent)
    mod += m->mod_better;
  return mod;
}

static int
best_factor (Melee *m,
             guint  side,
             guint  first,
             guint  n)
{
  int best = 0;

  for (guint j = first; j < first + n; j++)
    best = MAX (best, m->factor[side][j]);
  return best;
}

/* Who wins one fight: the lone figure, his die @xd and modifier @xmod, against one of the
 * opponents touching him, @yd and @ymod.  1 when the lone figure wins, -1 when the opponent
 * does, 0 when neither. */
static int
fight_winner (int xd,
              int xmod,
              int yd,
              int ymod)
{
  int tx = xd + xmod, ty = yd + ymod;

  return tx > ty ? 1 : ty > tx ? -1 : 0;
}

/* The outcome of a melee in which the attackers won @margin fights more than the defenders. */
static const char *
melee_key (int margin)
{
  return margin > 0 ? "attacker" : margin < 0 ? "defender" : "draw";
}

static void
melee_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec a = { "attackers", N_("Attackers, one D6 a figure"),
                    (guint) adj_inputs_get_int (in, "attackers"), 6 };
  AdjDrawSpec b = { "defenders", N_("Defenders, one D6 a figure"),
                    (guint) adj_inputs_get_int (in, "defenders"), 6 };
  AdjUnit *attacker = adj_input_unit (ctx, in, "attacker");
  AdjUnit *defender = adj_input_unit (ctx, in, "defender");

  /* With a record, only the figures still in play fight. */
  if (attacker != NULL && adj_unit_get_members (attacker) != NULL)
    a.count = MIN (a.count, (guint) adj_unit_get_figures (attacker));
  if (defender != NULL && adj_unit_get_members (defender) != NULL)
    b.count = MIN (b.count, (guint) adj_unit_get_figures (defender));
  if (a.count > 0 && b.count > 0)
    {
      g_array_append_val (specs, a);
      g_array_append_val (specs, b);
    }
}

/* Wounds for figures that could not fall back, to figures picked at random. */
static gboolean
blocked_wounds (Melee       *m,
                guint        side,
                int          blocked,
                AdjRandom   *random,
                AdjOutcome  *outcome,
                GError     **error)
{
  static const char *const groups[] = { "attackers-blocked", "defenders-blocked" };
  static const char *const labels[] = {
    N_("Which attacker could not fall back"), N_("Which defender could not fall back")
  };
  Figures *f = &m->side[side];
  g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < f->figs->len; i++)
    if (!rf_fig_at (f, i)->lost)
      g_array_append_val (candidates, i);
  for (int b = 0; b < blocked && candidates->len > 0; b++)
    {
      int pick = 1;
      guint index;
      const char *who = NULL;

      if (candidates->len > 1 &&
          !adj_random_roll (random, groups[side], labels[side], 1, candidates->len, &pick, error))
        return FALSE;
      index = g_array_index (candidates, guint, pick - 1);
      g_array_remove_index (candidates, (guint) pick - 1);
      who = rf_figure_name (f, rf_fig_at (f, index));
      if (rf_figure_hurt (f, rf_fig_at (f, index), FALSE))
        explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                 _("%s cannot fall back: a second wound, and he dies"), who);
      else
        explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                 _("%s cannot fall back and is wounded"), who);
    }
  return TRUE;
}

static gboolean
melee_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  static const char *const side_labels[] = { N_("Attackers"), N_("Defenders") };
  Melee m = { 0 };
  int *dice[2] = { NULL, NULL };
  int wins[2] = { 0, 0 };
  int wound_on = adj_rules_int (ctx->ruleset, "melee", "wound_on");
  int kill_on = adj_rules_int (ctx->ruleset, "melee", "kill_on");
  const char *key;
  const char *side_name[2] = {
    adj_gettext (side_labels[SIDE_A]), adj_gettext (side_labels[SIDE_B])
  };
  gboolean ok = TRUE;

  melee_setup (ctx, in, &m);
  if (m.side[SIDE_A].figs->len == 0 || m.side[SIDE_B].figs->len == 0)
    {
      melee_clear (&m);
      return adj_not_allowed (error, _("A melee needs figures on both sides"));
    }
  for (guint s = 0; s < 2; s++)
    {
      guint n = m.side[s].figs->len;

      dice[s] = g_new0 (int, n);
      if (!adj_random_roll (random, s == SIDE_A ? "attackers" : "defenders",
                            s == SIDE_A ? N_("Attackers, one D6 a figure")
                                        : N_("Defenders, one D6 a figure"),
                            n, 6, dice[s], error))
        {
          g_free (dice[SIDE_A]);
          g_free (dice[SIDE_B]);
          melee_clear (&m);
          return FALSE;
        }
    }
  explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0, _("%u attackers against %u defenders"),
           m.side[SIDE_A].figs->len, m.side[SIDE_B].figs->len);

  for (guint c = 0; c < m.n_clusters; c++)
    {
      Cluster cluster_c = cluster_at (m.side[SIDE_A].figs->len, m.side[SIDE_B].figs->len, c);
      const Cluster *cl = &cluster_c;
      guint xs = cl->side, ys = 1 - cl->side;
      Fig *x = rf_fig_at (&m.side[xs], cl->lone);
      int xd = dice[xs][cl->lone];
      const char *xname = rf_figure_name (&m.side[xs], x);
      int xmod = figure_modifier (&m, xs, cl->lone, cl->n,
                                  best_factor (&m, ys, cl->first, cl->n));
      gboolean struck = FALSE;
      gboolean x_killed = FALSE;
      int x_hits = 0;

      for (guint j = cl->first; j < cl->first + cl->n; j++)
        {
          Fig *y = rf_fig_at (&m.side[ys], j);
          int yd = dice[ys][j];
          const char *yname = rf_figure_name (&m.side[ys], y);
          int ymod = figure_modifier (&m, ys, j, 1, m.factor[xs][cl->lone]);
          int tx = xd + xmod, ty = yd + ymod;
          int winner = fight_winner (xd, xmod, yd, ymod);

          if (winner > 0)
            {
              wins[xs]++;
              /* Decision: his one die hurts at most one opponent, the first he beats. */
              if (!struck && xd >= wound_on)
                {
                  struck = TRUE;
                  if (rf_figure_hurt (&m.side[ys], y, xd >= kill_on))
                    explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                             _("%s (%s) %d against %s (%s) %d: %s wins, %s dies"), xname,
                             side_name[xs], tx, yname,
                             side_name[ys], ty, xname, yname);
                  else
                    explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                             _("%s (%s) %d against %s (%s) %d: %s wins, %s is wounded"), xname,
                             side_name[xs], tx, yname,
                             side_name[ys], ty, xname, yname);
                }
              else
                explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                         _("%s (%s) %d against %s (%s) %d: %s wins"), xname,
                         side_name[xs], tx, yname, side_name[ys],
                         ty, xname);
            }
          else if (winner < 0)
            {
              wins[ys]++;
              if (yd >= kill_on)
                x_killed = TRUE;
              else if (yd >= wound_on)
                x_hits++;
              explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                       yd >= kill_on ? _("%s (%s) %d against %s (%s) %d: %s wins and kills")
                       : yd >= wound_on ? _("%s (%s) %d against %s (%s) %d: %s wins and wounds")
                       : _("%s (%s) %d against %s (%s) %d: %s wins"),
                       yname, side_name[ys], ty, xname,
                       side_name[xs], tx, yname);
            }
          else
            explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                     _("%s (%s) %d against %s (%s) %d: neither wins"), xname,
                     side_name[xs], tx, yname, side_name[ys], ty);
        }
      /* The lone figure's own casualties, all at once after his fights. */
      if (x_killed || x_hits > 0)
        {
          if (x_killed)
            rf_figure_hurt (&m.side[xs], x, TRUE);
          for (int h = 0; h < x_hits && !x->lost; h++)
            rf_figure_hurt (&m.side[xs], x, FALSE);
          if (x->lost)
            explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                     x_killed ? _("%s dies") : _("%s is wounded a second time and dies"),
                     xname);
          else
            explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0, _("%s is wounded"), xname);
        }
    }
  g_free (dice[SIDE_A]);
  g_free (dice[SIDE_B]);

  explain (outcome, ADJ_EXPLAIN_TOTAL, "attackers", TRUE, wins[SIDE_A],
           _("Fights the attackers won"));
  explain (outcome, ADJ_EXPLAIN_TOTAL, "defenders", TRUE, wins[SIDE_B],
           _("Fights the defenders won"));
  key = melee_key (wins[SIDE_A] - wins[SIDE_B]);
  if (!g_str_equal (key, "attacker"))
    ok = blocked_wounds (&m, SIDE_A, adj_inputs_get_int (in, "attacker_blocked"), random,
                         outcome, error);
  if (ok && !g_str_equal (key, "defender"))
    ok = blocked_wounds (&m, SIDE_B, adj_inputs_get_int (in, "defender_blocked"), random,
                         outcome, error);
  if (!ok)
    {
      melee_clear (&m);
      return FALSE;
    }
  adj_outcome_add_note (outcome, _("The side that fell back may be followed up by the winners."));
  adj_outcome_set_result (outcome, key, _("Fights won: attackers %d, defenders %d; the losers "
                                          "fall back %d cm"), wins[SIDE_A], wins[SIDE_B],
                          adj_rules_int (ctx->ruleset, "melee", "fall_back"));
  adj_outcome_set_value_int (outcome, "attacker_wins", wins[SIDE_A]);
  adj_outcome_set_value_int (outcome, "defender_wins", wins[SIDE_B]);
  json_object_object_add (outcome->values, "attacker", rf_figures_to_json (&m.side[SIDE_A]));
  json_object_object_add (outcome->values, "defender", rf_figures_to_json (&m.side[SIDE_B]));
  melee_clear (&m);
  return TRUE;
}

/* A distribution of (attackers' fights won - defenders') over [-span, span], in ways.  Only
 * [lo, hi] may hold anything: the loops over it stay short while the fight's spread is still
 * narrow. */
typedef struct {
  int     span;
  int     lo, hi;   /* lo > hi while it is empty */
  mpz_t  *ways;
} Spread;

static void
spread_init (Spread *s,
             int     span)
{
  s->span = span;
  s->lo = 1;
  s->hi = 0;
  s->ways = g_new (mpz_t, 2 * span + 1);
  for (int k = 0; k <= 2 * span; k++)
    mpz_init (s->ways[k]);
}

static void
spread_clear (Spread *s)
{
  for (int k = 0; k <= 2 * s->span; k++)
    mpz_clear (s->ways[k]);
  g_clear_pointer (&s->ways, g_free);
}

/* Empty again, for another use. */
static void
spread_empty (Spread *s)
{
  for (int k = s->lo; k <= s->hi; k++)
    mpz_set_ui (s->ways[k + s->span], 0);
  s->lo = 1;
  s->hi = 0;
}

/* The ways at @k, which may now hold something. */
static mpz_t *
spread_at (Spread *s,
           int     k)
{
  g_assert (k >= -s->span && k <= s->span);
  if (s->lo > s->hi)
    s->lo = s->hi = k;
  else
    {
      s->lo = MIN (s->lo, k);
      s->hi = MAX (s->hi, k);
    }
  return &s->ways[k + s->span];
}

/* Add all of @from into @into. */
static void
spread_add_all (Spread       *into,
                const Spread *from)
{
  for (int k = from->lo; k <= from->hi; k++)
    {
      mpz_t *to = spread_at (into, k);
      mpz_add (*to, *to, from->ways[k + from->span]);
    }
}

/* @out, empty, becomes @a convolved with @b (the sum must stay within @out's span). */
static void
spread_convolve (const Spread *a,
                 const Spread *b,
                 Spread       *out)
{
  g_assert (out->lo > out->hi);
  for (int i = a->lo; i <= a->hi; i++)
    {
      const mpz_t *aw = &a->ways[i + a->span];

      if (mpz_sgn (*aw) == 0)
        continue;
      for (int j = b->lo; j <= b->hi; j++)
        {
          const mpz_t *bw = &b->ways[j + b->span];
          mpz_t *to;

          if (mpz_sgn (*bw) == 0)
            continue;
          to = spread_at (out, i + j);
          mpz_addmul (*to, *aw, *bw);
        }
    }
}

static void
spread_swap (Spread *a,
             Spread *b)
{
  Spread t = *a;

  *a = *b;
  *b = t;
}

static gboolean
melee_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  Melee m = { 0 };
  /* Made once and emptied for each use: a big melee makes thousands of them. */
  Spread all, next, cluster, given, step, one;
  mpz_t counts[3], total;
  int span;

  melee_setup (ctx, in, &m);
  if (m.side[SIDE_A].figs->len == 0 || m.side[SIDE_B].figs->len == 0)
    {
      melee_clear (&m);
      return adj_not_allowed (error, _("A melee needs figures on both sides"));
    }
  span = (int) MAX (m.side[SIDE_A].figs->len, m.side[SIDE_B].figs->len);
  spread_init (&all, span);
  spread_init (&next, span);
  spread_init (&cluster, span);
  spread_init (&given, span);
  spread_init (&step, span);
  spread_init (&one, 1);
  mpz_set_ui (*spread_at (&all, 0), 1);

  for (guint c = 0; c < m.n_clusters; c++)
    {
      Cluster cluster_c = cluster_at (m.side[SIDE_A].figs->len, m.side[SIDE_B].figs->len, c);
      const Cluster *cl = &cluster_c;
      guint xs = cl->side, ys = 1 - cl->side;
      int xmod = figure_modifier (&m, xs, cl->lone, cl->n,
                                  best_factor (&m, ys, cl->first, cl->n));
      int sign = xs == SIDE_A ? 1 : -1;

      spread_empty (&cluster);
      for (int xd = 1; xd <= 6; xd++)
        {
          /* Given his die, each opponent independently wins, loses or draws. */
          spread_empty (&given);
          mpz_set_ui (*spread_at (&given, 0), 1);
          for (guint j = cl->first; j < cl->first + cl->n; j++)
            {
              int ymod = figure_modifier (&m, ys, j, 1, m.factor[xs][cl->lone]);

              spread_empty (&one);
              for (int yd = 1; yd <= 6; yd++)
                {
                  mpz_t *w = spread_at (&one, sign * fight_winner (xd, xmod, yd, ymod));
                  mpz_add_ui (*w, *w, 1);
                }
              spread_empty (&step);
              spread_convolve (&given, &one, &step);
              spread_swap (&given, &step);
            }
          spread_add_all (&cluster, &given);
        }
      spread_empty (&next);
      spread_convolve (&all, &cluster, &next);
      spread_swap (&all, &next);
    }

  /* Every figure throws one D6. */
  mpz_init (total);
  mpz_ui_pow_ui (total, 6, m.side[SIDE_A].figs->len + m.side[SIDE_B].figs->len);
  for (guint o = 0; o < 3; o++)
    mpz_init (counts[o]);
  for (int k = all.lo; k <= all.hi; k++)
    {
      guint o = (guint) (adj_field_find_choice (in->mechanic->outcomes, in->mechanic->n_outcomes,
                                                melee_key (k)) - in->mechanic->outcomes);

      mpz_add (counts[o], counts[o], all.ways[k + span]);
    }
  adj_declare_outcomes (in->mechanic, odds);
  adj_rules_odds_ways (odds, counts, in->mechanic->n_outcomes, total);
  for (guint o = 0; o < 3; o++)
    mpz_clear (counts[o]);
  mpz_clear (total);
  spread_clear (&all);
  spread_clear (&next);
  spread_clear (&cluster);
  spread_clear (&given);
  spread_clear (&step);
  spread_clear (&one);
  melee_clear (&m);
  return TRUE;
}

static gboolean
melee_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *a = adj_input_unit (ctx, in, "attacker");
  AdjUnit *b = adj_input_unit (ctx, in, "defender");

  if (a != NULL && adj_unit_get_figures (a) > 0 &&
      !adj_inputs_set_int (in, "attackers", MIN (adj_unit_get_figures (a), MAX_MELEE), error))
    return FALSE;
  if (b != NULL && adj_unit_get_figures (b) > 0 &&
      !adj_inputs_set_int (in, "defenders", MIN (adj_unit_get_figures (b), MAX_MELEE), error))
    return FALSE;
  return TRUE;
}

static gboolean
melee_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  json_object *a = json_object_object_get (outcome->values, "attacker");
  json_object *b = json_object_object_get (outcome->values, "defender");

  if (ctx->battle == NULL)
    return TRUE;
  return (a == NULL || rf_apply_figures (ctx->battle, changes, a, error)) &&
         (b == NULL || rf_apply_figures (ctx->battle, changes, b, error));
}

static gboolean
melee_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  return rf_legal_fight (ctx, in, "attacker", "defender", FALSE, error);
}

const AdjMechanic rf_melee = {
  .id = "rf/melee",
  .title = N_("Melee"),
  .summary = N_("Figures pair off and roll a D6 each; winners wound on an unmodified 5 and kill "
                "on a 6, and the side that did worse falls back."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (melee_inputs),
  MECHANIC_OUTCOMES (rf_melee_outcomes),
  .random_note = N_("One D6 for each attacker in the order of his group's record, then one for "
                    "each defender; then a die for each figure that could not fall back."),
  .draws = melee_draws,
  .legal = melee_legal,
  .resolve = melee_resolve,
  .odds = melee_odds,
  .prefill = melee_prefill,
  .apply = melee_apply,
};
