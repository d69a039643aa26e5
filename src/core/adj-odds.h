/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-odds.h: exact probabilities of a mechanic's outcomes.
 *
 * Odds are counted, not sampled: every outcome gets the number of equally likely ways (dice
 * faces, card orders) that lead to it, over a common total.  The counts are GMP integers, so
 * the result is an exact fraction whatever the size, reduced, with its value as a double for
 * display.
 */

#pragma once

#include <gmp.h>
#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

typedef struct {
  char   *key;
  char   *label;      /* untranslated */
  mpz_t   ways;       /* over AdjOdds.total */
  mpq_t   exact;      /* ways / total in lowest terms (0 is 0/1), set by adj_odds_finish() */
  double  p;          /* the same, as a double */
} AdjOddsEntry;

struct _AdjOdds {
  GPtrArray *entries;  /* of AdjOddsEntry, in the order the outcomes were declared */
  mpz_t      total;
  /* Of AdjOddsEntry (no ways, only the fraction): chances that explain the odds, such as
   * "a shot hits", in the order they were added. */
  GPtrArray *chances;
  char      *note;     /* e.g. "ties are rolled again; the odds are of the final result" */
};

/* The distribution of a sum of dice: count[i] ways to throw min + i.  Only for throws whose
 * every count fits in 64 bits (sides^n_dice does): the dice sums the rules ask for are small. */
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
void      adj_odds_add_ways   (AdjOdds     *odds,
                               const char  *key,
                               const char  *label,
                               const mpz_t  ways);
/* Divide every count by @total, which must equal the sum of the counts. */
void      adj_odds_finish     (AdjOdds     *odds,
                               guint64      total);
void      adj_odds_finish_ways (AdjOdds    *odds,
                                const mpz_t total);
/* Add the chance @num/@den, labelled @label (untranslated), to what explains the odds. */
void      adj_odds_add_chance (AdjOdds     *odds,
                               const char  *key,
                               const char  *label,
                               guint64      num,
                               guint64      den);
const AdjOddsEntry *adj_odds_find (const AdjOdds *odds,
                                   const char    *key);
double    adj_odds_p          (const AdjOdds *odds,
                               const char    *key);
/* @entry's exact chance as text, "numerator/denominator" in lowest terms ("0/1", "1/1"): the
 * one way odds write a fraction. */
char     *adj_odds_entry_fraction (const AdjOddsEntry *entry);
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
/* @z = @value, whatever the size of a C long (mpz_set_ui() takes an unsigned long). */
void      adj_mpz_set_u64     (mpz_t        z,
                               guint64      value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjOdds, adj_odds_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjDist, adj_dist_free)

G_END_DECLS
