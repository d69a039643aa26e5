/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-odds.c: exact probabilities of a mechanic's outcomes. */

#define G_LOG_DOMAIN "adj-odds"

#include "config.h"

#include "adj-i18n.h"
#include "adj-odds.h"

static void
entry_free (AdjOddsEntry *entry)
{
  g_free (entry->key);
  g_free (entry->label);
  g_free (entry);
}

AdjOdds *
adj_odds_new (void)
{
  AdjOdds *odds = g_new0 (AdjOdds, 1);

  odds->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  return odds;
}

void
adj_odds_free (AdjOdds *odds)
{
  if (odds == NULL)
    return;
  g_ptr_array_unref (odds->entries);
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

void
adj_odds_declare (AdjOdds    *odds,
                  const char *key,
                  const char *label)
{
  adj_odds_add (odds, key, label, 0);
}

void
adj_odds_add (AdjOdds    *odds,
              const char *key,
              const char *label,
              guint64     count)
{
  AdjOddsEntry *e;

  g_return_if_fail (odds != NULL && key != NULL);

  e = find_entry (odds, key);
  if (e == NULL)
    {
      e = g_new0 (AdjOddsEntry, 1);
      e->key = g_strdup (key);
      e->label = g_strdup (label);
      g_ptr_array_add (odds->entries, e);
    }
  if (__builtin_add_overflow (e->count, count, &e->count))
    odds->overflow = TRUE;
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

void
adj_odds_finish (AdjOdds *odds,
                 guint64  total)
{
  guint64 sum = 0;

  g_return_if_fail (odds != NULL);
  g_return_if_fail (total > 0);

  odds->total = total;
  for (guint i = 0; i < odds->entries->len; i++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      guint64 g;

      sum += e->count;
      e->p = (double) e->count / (double) total;
      if (e->count == 0)
        {
          e->num = 0;
          e->den = 1;
          continue;
        }
      g = adj_gcd (e->count, total);
      e->num = e->count / g;
      e->den = total / g;
    }
  /* The counts must cover every way exactly once: anything else is a bug in a mechanic. */
  if (!odds->overflow)
    g_return_if_fail (sum == total);
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

json_object *
adj_odds_to_json (const AdjOdds *odds)
{
  json_object *obj = json_object_new_object ();
  json_object *arr = json_object_new_array ();
  double sum = 0.0;

  for (guint i = 0; i < odds->entries->len; i++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      json_object *item = json_object_new_object ();

      json_object_object_add (item, "outcome", json_object_new_string (e->key));
      json_object_object_add (item, "label", json_object_new_string (adj_gettext (e->label)));
      json_object_object_add (item, "probability", json_object_new_double (e->p));
      if (!odds->overflow)
        {
          g_autofree char *frac = g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT,
                                              e->num, e->den);
          json_object_object_add (item, "exact", json_object_new_string (frac));
          json_object_object_add (item, "ways", json_object_new_uint64 (e->count));
        }
      json_object_array_add (arr, item);
      sum += e->p;
    }
  json_object_object_add (obj, "outcomes", arr);
  if (!odds->overflow)
    {
      guint64 ways = 0;

      /* Exact odds sum to exactly 1: say so from the counts, not from rounded doubles. */
      for (guint i = 0; i < odds->entries->len; i++)
        ways += ((AdjOddsEntry *) g_ptr_array_index (odds->entries, i))->count;
      json_object_object_add (obj, "total_ways", json_object_new_uint64 (odds->total));
      json_object_object_add (obj, "sum_exact", json_object_new_string (ways == odds->total ? "1"
                                                                                            : "?"));
      sum = (double) ways / (double) odds->total;
    }
  json_object_object_add (obj, "sum", json_object_new_double (sum));
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

  g_return_val_if_fail (sides >= 1, NULL);

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
