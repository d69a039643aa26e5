/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-odds.c: Redcoats & Natives — card odds: the card walk, which counts the exact odds of
 * a run of cards off what is left of the pack, and the ways a throw of dice gives each number
 * of hits. */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <string.h>

#include "adj-rn-private.h"

/* ------------------------------------------------------------------------------------------ */
/* The card walk: exact odds of a sequence of card draws from what is left of the pack.
 *
 * A mechanic describes its state after each card in a few small integers (WalkKey.s, s[0] the
 * phase, 0 once finished, s[1] then the outcome); the walk follows every state card by card,
 * with the counts of each class of card still in the draw pile and on the turned pile, so
 * every draw is without replacement.  When the draw pile runs out, the turned cards become
 * the draw pile, as adj_random_card() reshuffles them.
 *
 * Counting: a draw multiplies a state's ways by the cards of its class left; a state that has
 * finished still "draws" one card of any kind per step, so that all states share one total
 * (the product of the draw pile's sizes, which do not depend on what was drawn).  Ways are GMP
 * integers: exact however many cards and dice there are.
 *
 * Shortcuts, where the pile does not run out on the way: cards whose order does not matter
 * (the cover cards for a volley) are drawn k at a time, one state per mix of classes; and a
 * last run of cards whose outcome is set by the worst card among them (a hit commander, the
 * tries to rally) is counted in one go: (n of rank <= r)_k - (n of rank < r)_k ordered ways
 * for the worst rank to be r.
 */

static guint
walk_key_hash (gconstpointer data)
{
  guint64 w[4] = { 0 };
  guint64 h = 0;

  G_STATIC_ASSERT (sizeof (WalkKey) <= sizeof w);
  memcpy (w, data, sizeof (WalkKey));
  for (guint i = 0; i < G_N_ELEMENTS (w); i++)
    {
      h = (h ^ w[i]) * 0x9e3779b97f4a7c15ull;
      h ^= h >> 29;
    }
  return (guint) (h ^ (h >> 32));
}

static gboolean
walk_key_equal (gconstpointer a,
                gconstpointer b)
{
  return memcmp (a, b, sizeof (WalkKey)) == 0;
}

static void
state_clear (gpointer data)
{
  mpz_clear (((WalkState *) data)->ways);
}

static WalkTable *
table_new (void)
{
  WalkTable *t = g_new0 (WalkTable, 1);

  t->states = g_array_new (FALSE, TRUE, sizeof (WalkState));
  g_array_set_clear_func (t->states, state_clear);
  t->index = g_hash_table_new_full (walk_key_hash, walk_key_equal, g_free, NULL);
  return t;
}

static void
table_free (WalkTable *t)
{
  g_array_unref (t->states);
  g_hash_table_unref (t->index);
  g_free (t);
}

/* The states that will have drawn @step cards. */
static WalkTable *
walk_table (Walk  *w,
            guint  step)
{
  while (w->tables->len <= step)
    g_ptr_array_add (w->tables, table_new ());
  return g_ptr_array_index (w->tables, step);
}

static void
table_add (WalkTable     *t,
           const WalkKey *key_in,
           const mpz_t    ways)
{
  WalkKey key = *key_in;
  WalkState *st;
  gpointer found;

  /* A finished state no longer cares which cards are where. */
  if (key.s[0] == PHASE_DONE)
    {
      memset (key.draw, 0, sizeof key.draw);
      memset (key.turned, 0, sizeof key.turned);
    }
  if (g_hash_table_lookup_extended (t->index, &key, NULL, &found))
    {
      st = &g_array_index (t->states, WalkState, GPOINTER_TO_UINT (found));
      mpz_add (st->ways, st->ways, ways);
      return;
    }
  g_hash_table_insert (t->index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (t->states->len));
  g_array_set_size (t->states, t->states->len + 1);
  st = &g_array_index (t->states, WalkState, t->states->len - 1);
  st->key = key;
  mpz_init_set (st->ways, ways);
}

/* Sort the cards into classes by @signature and count each class in the pack of @ctx. */
void
rn_walk_init (Walk               *w,
              const AdjContext   *ctx,
              CardSignature       signature,
              gpointer            sig_data,
              const WalkRules    *rules,
              gpointer            data)
{
  int sigs[WALK_CLASSES];
  const AdjCard *cards;
  guint n;

  memset (w, 0, sizeof *w);
  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    {
      int sig = signature (ctx->ruleset, c, sig_data);
      guint k;

      for (k = 0; k < w->n_classes && sigs[k] != sig; k++)
        ;
      if (k == w->n_classes)
        {
          g_assert (k < WALK_CLASSES);
          sigs[k] = sig;
          w->example[k] = c;
          w->n_classes++;
        }
      w->class_of[c] = (guint8) k;
    }

  if (ctx->pack != NULL)
    {
      cards = adj_pack_draw_pile (ctx->pack, &n);
      for (guint i = 0; i < n; i++)
        w->draw0[w->class_of[cards[i] % ADJ_DECK_SIZE]]++;
      w->draw_size = n;
      cards = adj_pack_turned (ctx->pack, &n);
      for (guint i = 0; i < n; i++)
        w->turned0[w->class_of[cards[i] % ADJ_DECK_SIZE]]++;
      w->turned_size = n;
    }
  else
    {
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        w->draw0[w->class_of[c]]++;
      w->draw_size = ADJ_DECK_SIZE;
    }
  mpz_init_set_ui (w->total, 1);
  w->rules = rules;
  w->data = data;
  w->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
}

void
rn_walk_clear (Walk *w)
{
  g_clear_pointer (&w->tables, g_ptr_array_unref);
  mpz_clear (w->total);
}

void
rn_walk_key_init (WalkKey *key)
{
  memset (key, 0, sizeof *key);
}

/* A state before any card, reached in @ways of w->total: @key.s filled in by the mechanic. */
void
rn_walk_seed (Walk        *w,
              WalkKey     *key,
              const mpz_t  ways)
{
  memcpy (key->draw, w->draw0, sizeof key->draw);
  memcpy (key->turned, w->turned0, sizeof key->turned);
  table_add (walk_table (w, 0), key, ways);
}

void
rn_walk_seed_one (Walk    *w,
                  WalkKey *key)
{
  mpz_t one;

  mpz_init_set_ui (one, 1);
  rn_walk_seed (w, key, one);
  mpz_clear (one);
}

/* @out = (n)_k = n (n - 1) ... (n - k + 1): ordered ways to draw k of n cards. */
static void
falling (mpz_t out,
         guint n,
         guint k)
{
  mpz_set_ui (out, k > n ? 0 : 1);
  for (guint i = 0; i < k && k <= n; i++)
    mpz_mul_ui (out, out, n - i);
}

/* Every mix of @k cards from the classes of @st: k! × prod C(d, a) ordered ways, the binomials
 * built up class by class in @acc. */
typedef struct {
  const WalkState *st;
  guint            k;
  WalkTable       *to;
  guint8           counts[WALK_CLASSES];
  mpz_t            base;                    /* k! × the state's ways */
  mpz_t            acc[WALK_CLASSES + 1];   /* acc[c]: the product of the binomials before c */
  mpz_t            ways;
} WalkMix;

static void
walk_mixes (Walk    *w,
            WalkMix *mix,
            guint    cls,
            guint    left)
{
  guint d = mix->st->key.draw[cls];

  if (cls + 1 == w->n_classes)
    {
      WalkKey key;

      if (left > d)
        return;
      mix->counts[cls] = (guint8) left;
      mpz_bin_uiui (mix->ways, d, left);
      mpz_mul (mix->ways, mix->ways, mix->acc[cls]);
      mpz_mul (mix->ways, mix->ways, mix->base);
      key = mix->st->key;
      for (guint c = 0; c < w->n_classes; c++)
        {
          key.draw[c] -= mix->counts[c];
          key.turned[c] += mix->counts[c];
        }
      w->rules->take_many (&key, mix->counts, w->data);
      table_add (mix->to, &key, mix->ways);
      return;
    }
  for (guint a = 0; a <= left && a <= d; a++)
    {
      mix->counts[cls] = (guint8) a;
      mpz_bin_uiui (mix->acc[cls + 1], d, a);
      mpz_mul (mix->acc[cls + 1], mix->acc[cls + 1], mix->acc[cls]);
      walk_mixes (w, mix, cls + 1, left - a);
    }
}

static void
walk_all_mixes (Walk            *w,
                const WalkState *st,
                guint            k,
                WalkTable       *to)
{
  WalkMix mix = { st, k, to, { 0 } };

  mpz_init (mix.base);
  mpz_fac_ui (mix.base, k);
  mpz_mul (mix.base, mix.base, st->ways);
  for (guint c = 0; c <= WALK_CLASSES; c++)
    mpz_init (mix.acc[c]);
  mpz_set_ui (mix.acc[0], 1);
  mpz_init (mix.ways);
  walk_mixes (w, &mix, 0, k);
  mpz_clear (mix.base);
  for (guint c = 0; c <= WALK_CLASSES; c++)
    mpz_clear (mix.acc[c]);
  mpz_clear (mix.ways);
}

/* The last @k cards, where only the worst rank among them matters. */
static void
walk_worst (Walk            *w,
            const WalkState *st,
            const WalkPlan  *plan,
            WalkTable       *to)
{
  mpz_t below, upto, ways;

  mpz_inits (below, upto, ways, NULL);
  for (guint r = 0; r < plan->n_ranks; r++)
    {
      guint n = 0;
      WalkKey key;

      for (guint c = 0; c < w->n_classes; c++)
        if (plan->rank[c] <= r)
          n += st->key.draw[c];
      falling (upto, n, plan->k);
      if (mpz_cmp (upto, below) == 0)
        continue;
      key = st->key;
      w->rules->finish (&key, r, w->data);
      g_assert (key.s[0] == PHASE_DONE);
      mpz_sub (ways, upto, below);
      mpz_mul (ways, ways, st->ways);
      table_add (to, &key, ways);
      mpz_set (below, upto);
    }
  mpz_clears (below, upto, ways, NULL);
}

static gboolean
tables_busy (Walk  *w,
             guint  step)
{
  WalkTable *t = g_ptr_array_index (w->tables, step);

  for (guint j = step + 1; j < w->tables->len; j++)
    if (((WalkTable *) g_ptr_array_index (w->tables, j))->states->len > 0)
      return TRUE;
  for (guint i = 0; i < t->states->len; i++)
    if (g_array_index (t->states, WalkState, i).key.s[0] != PHASE_DONE)
      return TRUE;
  return FALSE;
}

/* Follow every state until all have finished; the finished ones end in the last table. */
gboolean
rn_walk_run (Walk    *w,
             GError **error)
{
  guint step;
  mpz_t ways;

  walk_table (w, 0);
  mpz_init (ways);
  for (step = 0; tables_busy (w, step); step++)
    {
      WalkTable *cur = g_ptr_array_index (w->tables, step);
      WalkTable *next = walk_table (w, step + 1);
      guint sigma;

      if (w->draw_size == 0)
        {
          if (w->turned_size == 0)
            {
              mpz_clear (ways);
              return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                                     _("The pack has no card left to turn: every card is out"));
            }
          /* The turned cards are shuffled back and become the draw pile. */
          for (guint i = 0; i < cur->states->len; i++)
            {
              WalkKey *k = &g_array_index (cur->states, WalkState, i).key;

              memcpy (k->draw, k->turned, sizeof k->draw);
              memset (k->turned, 0, sizeof k->turned);
            }
          w->draw_size = w->turned_size;
          w->turned_size = 0;
        }
      sigma = w->draw_size;

      for (guint i = 0; i < cur->states->len; i++)
        {
          /* The tables it adds to are others than its own: @st stays where it is. */
          const WalkState *st = &g_array_index (cur->states, WalkState, i);
          WalkPlan plan = { 0 };

          if (st->key.s[0] == PHASE_DONE)
            {
              mpz_mul_ui (ways, st->ways, sigma);
              table_add (next, &st->key, ways);
              continue;
            }
          if (w->rules->plan != NULL)
            w->rules->plan (&st->key, &plan, w->data);
          /* Several cards at once, as long as the pile lasts. */
          if (plan.k >= 2 && plan.k <= w->draw_size)
            {
              WalkTable *to = walk_table (w, step + plan.k);

              if (plan.rank != NULL)
                walk_worst (w, st, &plan, to);
              else
                walk_all_mixes (w, st, plan.k, to);
              continue;
            }
          for (guint c = 0; c < w->n_classes; c++)
            {
              WalkKey k;

              if (st->key.draw[c] == 0)
                continue;
              k = st->key;
              k.draw[c]--;
              k.turned[c]++;
              w->rules->take (&k, c, w->data);
              mpz_mul_ui (ways, st->ways, st->key.draw[c]);
              table_add (next, &k, ways);
            }
        }
      mpz_mul_ui (w->total, w->total, sigma);
      w->draw_size--;
      w->turned_size++;
      g_array_set_size (cur->states, 0);
      g_hash_table_remove_all (cur->index);
    }
  mpz_clear (ways);
  w->done_step = step;
  return TRUE;
}

/* The finished states as the odds of the mechanic's declared outcomes. */
void
rn_walk_odds (Walk              *w,
              const AdjMechanic *mech,
              AdjOdds           *odds)
{
  WalkTable *done = g_ptr_array_index (w->tables, w->done_step);
  mpz_t counts[16];

  g_assert (mech->n_outcomes <= G_N_ELEMENTS (counts));
  for (guint k = 0; k < mech->n_outcomes; k++)
    mpz_init (counts[k]);
  for (guint i = 0; i < done->states->len; i++)
    {
      const WalkState *st = &g_array_index (done->states, WalkState, i);
      guint k = (guint) st->key.s[1];

      g_assert (st->key.s[0] == PHASE_DONE && k < mech->n_outcomes);
      mpz_add (counts[k], counts[k], st->ways);
    }
  adj_declare_outcomes (mech, odds);
  adj_rules_odds_ways (odds, counts, mech->n_outcomes, w->total);
  for (guint k = 0; k < mech->n_outcomes; k++)
    mpz_clear (counts[k]);
}

/* ---- dice: how many ways a throw gives each number of hits, and each pip total ---- */

/* ways[s] for s = 0..n hits of @n dice, @hit_faces of whose six faces hit; 6^n in all: C(n, s)
 * hit^s miss^(n - s). */
void
rn_hits_ways (guint   n,
              guint   hit_faces,
              mpz_t  *ways)
{
  mpz_t power;

  mpz_init (power);
  for (guint s = 0; s <= n; s++)
    {
      mpz_bin_uiui (ways[s], n, s);
      mpz_ui_pow_ui (power, hit_faces, s);
      mpz_mul (ways[s], ways[s], power);
      mpz_ui_pow_ui (power, 6 - hit_faces, n - s);
      mpz_mul (ways[s], ways[s], power);
    }
  mpz_clear (power);
}
