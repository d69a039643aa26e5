/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-report-private.h: what the report's files share — the figures worked out once. */

#pragma once

#include <math.h>

#include "adj-battle.h"
#include "adj-report.h"

G_BEGIN_DECLS

/* What became of one unit. */
typedef struct {
  const char *name;
  guint       side;          /* in the battle's order */
  int         figures_start; /* or strength points, when the system counts them (strength) */
  int         figures_now;
  gboolean    strength;
  gboolean    destroyed;
  int         destroyed_turn; /* 0: not by an entry in effect */
} AdjReportFate;

struct _AdjReport {
  GObject     parent_instance;

  AdjBattle  *battle;
  guint       n_sides;
  int         last_turn;      /* the highest turn of an entry in effect (at least 1) */
  GArray     *rolls;          /* of AdjReportRoll, in the order they were rolled */
  guint       n_unknown;
  GArray     *running;        /* of double, n_sides per roll: each side's luck after it */
  gboolean    strength;       /* losses are counted in strength points, not figures */
  int        *figures_lost;   /* [side * (last_turn + 1) + turn], turn 0: the whole game */
  int        *units_lost;
  GArray     *fates;          /* of AdjReportFate */
  char       *result;         /* what a result of the rules said (a victory roll), or NULL */
};

/* The index of the side @id among the battle's, or -1. */
int          adj_report_side_index   (AdjReport   *self,
                                      const char  *id);
const char  *adj_report_side_name    (AdjReport   *self,
                                      guint        s);
/* The share of its figures (or strength points) side @s lost, 0 to 1. */
double       adj_report_loss_share   (AdjReport   *self,
                                      guint        s);
/* "Zulu army lost 40% of its figures, British 10%: a margin of 30 points", or the result of the
 * rules and then that. */
char        *adj_report_describe_result (AdjReport *self);
/* A unit's fate in words: "destroyed in turn 3", "lost 2 of 6 figures" (or strength points),
 * "unhurt". */
char        *adj_report_describe_fate (const AdjReportFate *fate);
/* The five least likely results, as indexes into the rolls, rarest first. */
GArray      *adj_report_least_likely (AdjReport   *self,
                                      guint        n);

/* A luck figure as the report prints it, to two decimals: one that rounds to nothing is +0.00,
 * never -0.00. */
static inline double
adj_report_printed (double luck)
{
  return fabs (luck) < 0.005 ? 0.0 : luck;
}

G_END_DECLS
