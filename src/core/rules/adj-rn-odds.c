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
 * (the product of the draw pile's sizes, which do not depend on what was drawn).  Ways are
 * 128-bit, reduced by their common divisor when they grow large, and carried alongside plain
 * probabilities: when a count no longer fits, the odds fall back to those doubles.
 *
 * Shortcuts, where the pile does not run out on the way: cards whose order does not matter
 * (the cover cards for a volley) are drawn k at a time, one state per mix of classes; and a
 * last run of cards whose outcome is set by the worst card among them (a hit commander, the
 * tries to rally) is counted in one go: (n of rank <= r)_k - (n of rank < r)_k ordered ways
 * for the worst rank to be r.
 *
 * How far the counts stay exact (from a full pack; a smaller pile helps): fire in the open up
 * to 24 dice (6^24 < 2^64); through cover up to 14 dice on a unit and 10 on a commander; a
 * close assault to 12 dice a side, cover or not; the cards alone (cohesion, hits without
 * dice) in every case a table sees.  Past that, odds->overflow and the doubles.
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

static WalkTable *
table_new (void)
{
  WalkTable *t = g_new0 (WalkTable, 1);

  t->states = g_array_new (FALSE, FALSE, sizeof (WalkState));
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
table_add (Walk          *w,
           WalkTable     *t,
           const WalkKey *key_in,
           Ways           ways,
           double         p)
{
  WalkKey key = *key_in;
  WalkState fresh;
  gpointer found;

  /* A finished state no longer cares which cards are where. */
  if (key.s[0] == PHASE_DONE)
    {
      memset (key.draw, 0, sizeof key.draw);
      memset (key.turned, 0, sizeof key.turned);
    }
  if (g_hash_table_lookup_extended (t->index, &key, NULL, &found))
    {
      WalkState *st = &g_array_index (t->states, WalkState, GPOINTER_TO_UINT (found));

      if (w->exact && __builtin_add_overflow (st->ways, ways, &st->ways))
        w->exact = FALSE;
      st->p += p;
      return;
    }
  g_hash_table_insert (t->index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (t->states->len));
  fresh.key = key;
  fresh.ways = ways;
  fresh.p = p;
  g_array_append_val (t->states, fresh);
}

static gboolean
walk_mul (Walk *w,
          Ways  a,
          Ways  b,
          Ways *out)
{
  if (!w->exact)
    {
      *out = 0;
      return FALSE;
    }
  if (__builtin_mul_overflow (a, b, out))
    {
      w->exact = FALSE;
      *out = 0;
      return FALSE;
    }
  return TRUE;
}

/* Divide the total and every count still to come by their common divisor. */
static void
walk_reduce (Walk  *w,
             guint  from)
{
  Ways g = w->total;

  for (guint j = from; j < w->tables->len && g != 1; j++)
    {
      WalkTable *t = g_ptr_array_index (w->tables, j);

      for (guint i = 0; i < t->states->len && g != 1; i++)
        g = adj_rules_gcd128 (g, g_array_index (t->states, WalkState, i).ways);
    }
  if (g <= 1)
    return;
  w->total /= g;
  for (guint j = from; j < w->tables->len; j++)
    {
      WalkTable *t = g_ptr_array_index (w->tables, j);

      for (guint i = 0; i < t->states->len; i++)
        g_array_index (t->states, WalkState, i).ways /= g;
    }
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
  w->total = 1;
  w->exact = TRUE;
  w->rules = rules;
  w->data = data;
  w->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
}

void
rn_walk_clear (Walk *w)
{
  g_clear_pointer (&w->tables, g_ptr_array_unref);
}

void
rn_walk_key_init (WalkKey *key)
{
  memset (key, 0, sizeof *key);
}

/* A state before any card: @key.s filled in by the mechanic. */
void
rn_walk_seed (Walk    *w,
              WalkKey *key,
              Ways     ways,
              double   p)
{
  memcpy (key->draw, w->draw0, sizeof key->draw);
  memcpy (key->turned, w->turned0, sizeof key->turned);
  table_add (w, walk_table (w, 0), key, ways, p);
}

/* (n)_k = n (n - 1) ... (n - k + 1): ordered ways to draw k of n cards. */
static gboolean
falling (Walk  *w,
         guint  n,
         guint  k,
         Ways  *out)
{
  Ways r = 1;

  if (k > n)
    {
      *out = 0;
      return TRUE;
    }
  for (guint i = 0; i < k; i++)
    if (!walk_mul (w, r, n - i, &r))
      {
        *out = 0;
        return FALSE;
      }
  *out = r;
  return TRUE;
}

static double
falling_d (guint n,
           guint k)
{
  double r = 1.0;

  if (k > n)
    return 0.0;
  for (guint i = 0; i < k; i++)
    r *= (double) (n - i);
  return r;
}

/* Every mix of @k cards from the classes of @st: k! × prod C(d, a) ordered ways, the binomials
 * built up class by class in @acc. */
typedef struct {
  const WalkState *st;
  guint            k;
  Ways             k_factorial;
  double           k_factorial_d;
  double           sizes;      /* the product of the pile's sizes over the k draws */
  WalkTable       *to;
  guint8           counts[WALK_CLASSES];
} WalkMix;

static void
walk_mixes (Walk    *w,
            WalkMix *mix,
            guint    cls,
            guint    left,
            Ways     acc,
            double   acc_d)
{
  guint d = mix->st->key.draw[cls];
  Ways binom = 1;
  double binom_d = 1.0;

  if (cls + 1 == w->n_classes)
    {
      Ways ways = 0;
      WalkKey key;

      if (left > d)
        return;
      mix->counts[cls] = (guint8) left;
      for (guint i = 0; i < left; i++)
        {
          binom = binom * (d - i) / (i + 1);
          binom_d = binom_d * (d - i) / (i + 1);
        }
      if (walk_mul (w, acc, binom, &ways) && walk_mul (w, ways, mix->k_factorial, &ways))
        walk_mul (w, ways, mix->st->ways, &ways);
      key = mix->st->key;
      for (guint c = 0; c < w->n_classes; c++)
        {
          key.draw[c] -= mix->counts[c];
          key.turned[c] += mix->counts[c];
        }
      w->rules->take_many (&key, mix->counts, w->data);
      table_add (w, mix->to, &key, ways,
                 mix->st->p * acc_d * binom_d * mix->k_factorial_d / mix->sizes);
      return;
    }
  for (guint a = 0; a <= left && a <= d; a++)
    {
      Ways next = 0;

      mix->counts[cls] = (guint8) a;
      if (w->exact)
        walk_mul (w, acc, binom, &next);
      walk_mixes (w, mix, cls + 1, left - a, next, acc_d * binom_d);
      binom = binom * (d - a) / (a + 1);
      binom_d = binom_d * (d - a) / (a + 1);
    }
}

/* The last @k cards, where only the worst rank among them matters. */
static void
walk_worst (Walk            *w,
            const WalkState *st,
            const WalkPlan  *plan,
            double           sizes,
            WalkTable       *to)
{
  Ways below = 0;
  double below_d = 0.0;

  for (guint r = 0; r < plan->n_ranks; r++)
    {
      guint n = 0;
      Ways upto, ways;
      double upto_d;
      WalkKey key;

      for (guint c = 0; c < w->n_classes; c++)
        if (plan->rank[c] <= r)
          n += st->key.draw[c];
      falling (w, n, plan->k, &upto);
      upto_d = falling_d (n, plan->k);
      if (upto_d == below_d)
        continue;
      key = st->key;
      w->rules->finish (&key, r, w->data);
      g_assert (key.s[0] == PHASE_DONE);
      walk_mul (w, upto - below, st->ways, &ways);
      table_add (w, to, &key, ways, st->p * (upto_d - below_d) / sizes);
      below = upto;
      below_d = upto_d;
    }
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

  walk_table (w, 0);
  for (step = 0; tables_busy (w, step); step++)
    {
      WalkTable *cur = g_ptr_array_index (w->tables, step);
      WalkTable *next = walk_table (w, step + 1);
      guint sigma;
      Ways total;

      if (w->draw_size == 0)
        {
          if (w->turned_size == 0)
            return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                                   _("The pack has no card left to turn: every card is out"));
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
          WalkState st = g_array_index (cur->states, WalkState, i);
          WalkPlan plan = { 0 };
          Ways ways;

          if (st.key.s[0] == PHASE_DONE)
            {
              walk_mul (w, st.ways, sigma, &ways);
              table_add (w, next, &st.key, ways, st.p);
              continue;
            }
          if (w->rules->plan != NULL)
            w->rules->plan (&st.key, &plan, w->data);
          /* Several cards at once, as long as the pile lasts. */
          if (plan.k >= 2 && plan.k <= w->draw_size)
            {
              WalkTable *to = walk_table (w, step + plan.k);
              double sizes = falling_d (w->draw_size, plan.k);

              if (plan.rank != NULL)
                walk_worst (w, &st, &plan, sizes, to);
              else
                {
                  WalkMix mix = { &st, plan.k, 1, 1.0, sizes, to, { 0 } };

                  for (guint f = 2; f <= plan.k; f++)
                    {
                      walk_mul (w, mix.k_factorial, f, &mix.k_factorial);
                      mix.k_factorial_d *= f;
                    }
                  walk_mixes (w, &mix, 0, plan.k, 1, 1.0);
                }
              continue;
            }
          for (guint c = 0; c < w->n_classes; c++)
            {
              WalkKey k;

              if (st.key.draw[c] == 0)
                continue;
              k = st.key;
              k.draw[c]--;
              k.turned[c]++;
              w->rules->take (&k, c, w->data);
              walk_mul (w, st.ways, st.key.draw[c], &ways);
              table_add (w, next, &k, ways, st.p * st.key.draw[c] / sigma);
            }
        }
      walk_mul (w, w->total, sigma, &total);
      w->total = total;
      w->draw_size--;
      w->turned_size++;
      g_array_set_size (cur->states, 0);
      g_hash_table_remove_all (cur->index);
      if (w->exact && w->total > ((Ways) 1 << 96))
        walk_reduce (w, step + 1);
    }
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
  Ways counts[16] = { 0 };
  double p[16] = { 0 };
  gboolean exact = w->exact;

  g_assert (mech->n_outcomes <= G_N_ELEMENTS (counts));
  for (guint i = 0; i < done->states->len; i++)
    {
      const WalkState *st = &g_array_index (done->states, WalkState, i);
      guint k = (guint) st->key.s[1];

      g_assert (st->key.s[0] == PHASE_DONE && k < mech->n_outcomes);
      if (exact && __builtin_add_overflow (counts[k], st->ways, &counts[k]))
        exact = FALSE;
      p[k] += st->p;
    }
  adj_declare_outcomes (mech, odds);
  adj_rules_odds_ways (odds, counts, p, mech->n_outcomes, w->total, exact);
}

/* ---- dice: how many ways a throw gives each number of hits, and each pip total ---- */

Ways
rn_ways_pow (Ways base,
             guint n)
{
  Ways r = 1;

  while (n-- > 0)
    r *= base;
  return r;
}

/* ways[s] for s = 0..n hits of @n dice, @hit_faces of whose six faces hit; 6^n in all. */
void
rn_hits_ways (guint  n,
              guint  hit_faces,
              Ways  *ways)
{
  Ways binom[MAX_DICE + 1] = { 0 };
  Ways hit = hit_faces, miss = 6 - hit_faces;

  g_assert (n <= MAX_DICE);
  binom[0] = 1;
  for (guint i = 1; i <= n; i++)
    for (guint k = i; k > 0; k--)
      binom[k] += binom[k - 1];
  for (guint s = 0; s <= n; s++)
    ways[s] = binom[s] * rn_ways_pow (hit, s) * rn_ways_pow (miss, n - s);
}
