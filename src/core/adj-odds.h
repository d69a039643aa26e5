/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-odds.h: exact probabilities of a mechanic's outcomes.
 *
 * Odds are counted, not sampled: every outcome gets the number of equally likely ways (dice
 * faces, card orders) that lead to it, over a common total.  The result is an exact fraction,
 * reduced, with its value as a double for display.
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

typedef struct {
  char    *key;
  char    *label;      /* untranslated */
  guint64  count;      /* ways, over AdjOdds.total */
  guint64  num;        /* the reduced fraction, set by adj_odds_finish() */
  guint64  den;
  double   p;
} AdjOddsEntry;

struct _AdjOdds {
  GPtrArray *entries;  /* of AdjOddsEntry, in the order the outcomes were declared */
  guint64    total;
  gboolean   overflow; /* a count did not fit: only the doubles are meaningful */
  char      *note;     /* e.g. "ties are rolled again; the odds are of the final result" */
};

/* The distribution of a sum of dice: count[i] ways to throw min + i. */
typedef struct {
  int      min;
  guint    n;
  guint64 *count;
  guint64  total;
} AdjDist;

AdjOdds  *adj_odds_new        (void);
void      adj_odds_free       (AdjOdds     *odds);
/* Declare an outcome (count 0) so that it is listed even when it cannot happen. */
void      adj_odds_declare    (AdjOdds     *odds,
                               const char  *key,
                               const char  *label);
void      adj_odds_add        (AdjOdds     *odds,
                               const char  *key,
                               const char  *label,
                               guint64      count);
/* Divide every count by @total, which must equal the sum of the counts. */
void      adj_odds_finish     (AdjOdds     *odds,
                               guint64      total);
const AdjOddsEntry *adj_odds_find (const AdjOdds *odds,
                                   const char    *key);
double    adj_odds_p          (const AdjOdds *odds,
                               const char    *key);
json_object *adj_odds_to_json (const AdjOdds *odds);

AdjDist  *adj_dist_dice       (guint        n_dice,
                               guint        sides);
/* The distribution of the sum of two independent distributions. */
AdjDist  *adj_dist_add        (const AdjDist *a,
                               const AdjDist *b);
void      adj_dist_free       (AdjDist     *dist);
guint64   adj_dist_count      (const AdjDist *dist,
                               int            value);

guint64   adj_gcd             (guint64      a,
                               guint64      b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjOdds, adj_odds_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjDist, adj_dist_free)

G_END_DECLS
