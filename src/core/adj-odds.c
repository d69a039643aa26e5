/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-odds.c: exact probabilities of a mechanic's outcomes. */

#define G_LOG_DOMAIN "adj-odds"

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-odds.h"

static AdjOddsEntry *
entry_new (const char *key,
           const char *label)
{
  AdjOddsEntry *e = g_new0 (AdjOddsEntry, 1);

  e->key = g_strdup (key);
  e->label = g_strdup (label);
  mpz_init (e->ways);
  mpq_init (e->exact);
  return e;
}

static void
entry_free (AdjOddsEntry *entry)
{
  g_free (entry->key);
  g_free (entry->label);
  mpz_clear (entry->ways);
  mpq_clear (entry->exact);
  g_free (entry);
}

AdjOdds *
adj_odds_new (void)
{
  AdjOdds *odds = g_new0 (AdjOdds, 1);

  odds->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  odds->chances = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  mpz_init (odds->total);
  return odds;
}

void
adj_odds_free (AdjOdds *odds)
{
  if (odds == NULL)
    return;
  g_ptr_array_unref (odds->entries);
  g_ptr_array_unref (odds->chances);
  mpz_clear (odds->total);
  g_free (odds->note);
  g_free (odds);
}

static AdjOddsEntry *
find_entry (const AdjOdds *odds,
            const char    *key)
{
  for (guint i = 0; i < odds->entries->len; i++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      if (g_str_equal (e->key, key))
        return e;
    }
  return NULL;
}

static AdjOddsEntry *
find_or_add (AdjOdds    *odds,
             const char *key,
             const char *label)
{
  AdjOddsEntry *e = find_entry (odds, key);

  if (e == NULL)
    {
      e = entry_new (key, label);
      g_ptr_array_add (odds->entries, e);
    }
  return e;
}

void
adj_odds_declare (AdjOdds    *odds,
                  const char *key,
                  const char *label)
{
  g_return_if_fail (odds != NULL && key != NULL);
  find_or_add (odds, key, label);
}

void
adj_odds_add (AdjOdds    *odds,
              const char *key,
              const char *label,
              guint64     count)
{
  mpz_t ways;

  mpz_init (ways);
  adj_mpz_set_u64 (ways, count);
  adj_odds_add_ways (odds, key, label, ways);
  mpz_clear (ways);
}

void
adj_odds_add_ways (AdjOdds     *odds,
                   const char  *key,
                   const char  *label,
                   const mpz_t  ways)
{
  AdjOddsEntry *e;

  g_return_if_fail (odds != NULL && key != NULL);
  e = find_or_add (odds, key, label);
  mpz_add (e->ways, e->ways, ways);
}

void
adj_mpz_set_u64 (mpz_t   z,
                 guint64 value)
{
  mpz_import (z, 1, -1, sizeof value, 0, 0, &value);
}

guint64
adj_gcd (guint64 a,
         guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* @q as a double.  While numerator and denominator are exact as doubles, one division rounds
 * to the nearest double, as the odds always did; past that, GMP's conversion is as close to
 * within the last bit. */
static double
fraction_to_double (const mpq_t q)
{
  if (mpz_sizeinbase (mpq_numref (q), 2) <= 53 && mpz_sizeinbase (mpq_denref (q), 2) <= 53)
    return mpz_get_d (mpq_numref (q)) / mpz_get_d (mpq_denref (q));
  return mpq_get_d (q);
}

void
adj_odds_finish (AdjOdds *odds,
                 guint64  total)
{
  mpz_t t;

  mpz_init (t);
  adj_mpz_set_u64 (t, total);
  adj_odds_finish_ways (odds, t);
  mpz_clear (t);
}

void
adj_odds_finish_ways (AdjOdds     *odds,
                      const mpz_t  total)
{
  mpz_t sum;

  g_return_if_fail (odds != NULL);
  g_return_if_fail (mpz_sgn (total) > 0);

  mpz_set (odds->total, total);
  mpz_init (sum);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

      mpz_add (sum, sum, e->ways);
      mpq_set_num (e->exact, e->ways);
      mpq_set_den (e->exact, total);
      mpq_canonicalize (e->exact);
      e->p = fraction_to_double (e->exact);
    }
  /* The counts must cover every way exactly once: anything else is a bug in a mechanic. */
  if (mpz_cmp (sum, total) != 0)
    g_critical ("The odds of “%s” do not count every way exactly once",
                odds->entries->len > 0 ? ((AdjOddsEntry *) odds->entries->pdata[0])->key : "");
  mpz_clear (sum);
}

void
adj_odds_add_chance (AdjOdds    *odds,
                     const char *key,
                     const char *label,
                     guint64     num,
                     guint64     den)
{
  AdjOddsEntry *e;
  mpz_t n, d;

  g_return_if_fail (odds != NULL && key != NULL && den > 0 && num <= den);

  e = entry_new (key, label);
  mpz_inits (n, d, NULL);
  adj_mpz_set_u64 (n, num);
  adj_mpz_set_u64 (d, den);
  mpq_set_num (e->exact, n);
  mpq_set_den (e->exact, d);
  mpq_canonicalize (e->exact);
  e->p = fraction_to_double (e->exact);
  mpz_clears (n, d, NULL);
  g_ptr_array_add (odds->chances, e);
}

const AdjOddsEntry *
adj_odds_find (const AdjOdds *odds,
               const char    *key)
{
  return find_entry (odds, key);
}

double
adj_odds_p (const AdjOdds *odds,
            const char    *key)
{
  const AdjOddsEntry *e = find_entry (odds, key);
  return e != NULL ? e->p : 0.0;
}

/* "numerator/denominator", in full: mpq_get_str() would leave out "/1", and every fraction is
 * written the same way. */
static char *
fraction_text (const mpq_t q)
{
  gsize size = mpz_sizeinbase (mpq_numref (q), 10) + mpz_sizeinbase (mpq_denref (q), 10) + 3;
  char *text = g_malloc (size);

  mpz_get_str (text, 10, mpq_numref (q));
  g_strlcat (text, "/", size);
  mpz_get_str (text + strlen (text), 10, mpq_denref (q));
  return text;
}

char *
adj_odds_entry_fraction (const AdjOddsEntry *entry)
{
  return fraction_text (entry->exact);
}

static json_object *
fraction_json (const AdjOddsEntry *e,
               const char         *id_key)
{
  json_object *item = json_object_new_object ();
  g_autofree char *frac = adj_odds_entry_fraction (e);

  json_object_object_add (item, id_key, json_object_new_string (e->key));
  json_object_object_add (item, "label", json_object_new_string (adj_gettext (e->label)));
  json_object_object_add (item, "probability", json_object_new_double (e->p));
  json_object_object_add (item, "exact", json_object_new_string (frac));
  return item;
}

json_object *
adj_odds_to_json (const AdjOdds *odds)
{
  json_object *obj = json_object_new_object ();
  json_object *arr = json_object_new_array ();
  mpz_t ways;
  mpq_t sum;

  mpz_init (ways);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      json_object *item = fraction_json (e, "outcome");

      json_object_object_add (item, "ways", adj_json_new_whole (e->ways));
      json_object_array_add (arr, item);
      mpz_add (ways, ways, e->ways);
    }
  json_object_object_add (obj, "outcomes", arr);
  json_object_object_add (obj, "total_ways", adj_json_new_whole (odds->total));
  /* Exact odds sum to exactly 1: say so from the counts, not from rounded doubles. */
  mpq_init (sum);
  mpq_set_num (sum, ways);
  mpq_set_den (sum, odds->total);
  mpq_canonicalize (sum);
  {
    g_autofree char *text = fraction_text (sum);
    json_object_object_add (obj, "sum_exact", json_object_new_string (text));
  }
  json_object_object_add (obj, "sum", json_object_new_double (fraction_to_double (sum)));
  mpq_clear (sum);
  mpz_clear (ways);
  if (odds->chances->len > 0)
    {
      json_object *chances = json_object_new_array ();

      for (guint i = 0; i < odds->chances->len; i++)
        json_object_array_add (chances, fraction_json (g_ptr_array_index (odds->chances, i),
                                                       "id"));
      json_object_object_add (obj, "chances", chances);
    }
  if (odds->note != NULL)
    json_object_object_add (obj, "note", json_object_new_string (adj_gettext (odds->note)));
  return obj;
}

static AdjDist *
dist_new (int   min,
          guint n)
{
  AdjDist *d = g_new0 (AdjDist, 1);

  d->min = min;
  d->n = n;
  d->count = g_new0 (guint64, n);
  return d;
}

AdjDist *
adj_dist_dice (guint n_dice,
               guint sides)
{
  AdjDist *d;
  guint64 throws = 1;

  g_return_val_if_fail (sides >= 1, NULL);
  /* sides^n_dice throws in all, counted in 64 bits. */
  for (guint k = 0; k < n_dice; k++)
    g_return_val_if_fail (!__builtin_mul_overflow (throws, (guint64) sides, &throws), NULL);

  /* Zero dice: the sum is 0 in exactly one way. */
  d = dist_new (0, 1);
  d->count[0] = 1;
  d->total = 1;

  if (n_dice > 0)
    {
      g_autoptr(AdjDist) one = dist_new (1, sides);

      for (guint i = 0; i < sides; i++)
        one->count[i] = 1;
      one->total = sides;

      for (guint k = 0; k < n_dice; k++)
        {
          AdjDist *next = adj_dist_add (d, one);
          adj_dist_free (d);
          d = next;
        }
    }
  return d;
}

AdjDist *
adj_dist_add (const AdjDist *a,
              const AdjDist *b)
{
  AdjDist *d = dist_new (a->min + b->min, a->n + b->n - 1);

  for (guint i = 0; i < a->n; i++)
    {
      if (a->count[i] == 0)
        continue;
      for (guint j = 0; j < b->n; j++)
        d->count[i + j] += a->count[i] * b->count[j];
    }
  d->total = a->total * b->total;
  return d;
}

void
adj_dist_free (AdjDist *dist)
{
  if (dist == NULL)
    return;
  g_free (dist->count);
  g_free (dist);
}

guint64
adj_dist_count (const AdjDist *dist,
                int            value)
{
  if (value < dist->min || value >= dist->min + (int) dist->n)
    return 0;
  return dist->count[value - dist->min];
}
