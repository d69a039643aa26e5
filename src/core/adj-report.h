/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-report.h: the after-action report — what happened in a game, what it cost each side and
 * how lucky each side was, from the journal.
 *
 * Only the entries in effect count (undone ones do not).  The luck of a roll is worked out from
 * the odds its journal entry kept when it was rolled (adj-entry-odds.h), never recomputed: a
 * result good for a side counts +1 for it, a bad one -1, and what was expected is the chance of
 * a good result less that of a bad one; the difference is the roll's luck.  What is good luck
 * for one side is bad luck for the other in a battle of two sides.  Results that are neither
 * good nor bad for anyone (a number, a card that only orders the turn) keep their percentile but
 * add no luck.
 */

#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "adj-roster.h"
#include "adj-types.h"

G_BEGIN_DECLS

/* One roll in effect whose odds are known and whose result was not certain. */
typedef struct {
  guint       index;       /* in the journal */
  int         turn;
  const char *summary;     /* the entry's line */
  const char *side;        /* the side that acted (an id), or NULL */
  const char *good_for;    /* the side the result was good for, or NULL */
  const char *fraction;    /* the chance of what happened, "1/6" */
  double      p;
  gboolean    has_percentile;
  double      percentile;  /* from the view of the side that acted, 0 to 1 */
  gboolean    counts;      /* whether it adds to the luck: good or bad for a side */
  double      luck;        /* what happened less what was expected, for the side that acted */
} AdjReportRoll;

#define ADJ_TYPE_REPORT (adj_report_get_type ())

G_DECLARE_FINAL_TYPE (AdjReport, adj_report, ADJ, REPORT, GObject)

AdjReport           *adj_report_new           (AdjBattle  *battle);
AdjBattle           *adj_report_get_battle    (AdjReport  *self);
guint                adj_report_get_n_rolls   (AdjReport  *self);
const AdjReportRoll *adj_report_get_roll      (AdjReport  *self,
                                               guint       i);
/* Rolls in effect whose odds are unknown (entries of older files that did not replay). */
guint                adj_report_get_n_unknown (AdjReport  *self);
/* The luck of side @s (in the battle's order of sides) after every roll in effect. */
double               adj_report_get_luck      (AdjReport  *self,
                                               guint       s);
/* Whether the report counts losses in strength points rather than figures: the system's roster
 * gives units strength boxes (adj-mechanic.h, AdjRosterUnit), as Redvers' Reverse does. */
gboolean             adj_report_counts_strength (AdjReport *self);
/* Figures side @s lost, and its units destroyed, in every turn (@turn 0: the whole game).  When
 * the report counts strength, the strength points lost instead: what the roster counts lost of
 * a unit after each entry less before it (all of it for a unit destroyed). */
int                  adj_report_get_figures_lost (AdjReport *self,
                                                  guint      s,
                                                  int        turn);
int                  adj_report_get_units_lost   (AdjReport *self,
                                                  guint      s,
                                                  int        turn);
/* The report as Markdown. */
char                *adj_report_to_markdown   (AdjReport  *self);
/* The report as a PDF, drawn with cairo and pango; *@n_pages (may be NULL) gets its pages. */
gboolean             adj_report_write_pdf     (AdjReport  *self,
                                               const char *path,
                                               AdjPaper    paper,
                                               guint      *n_pages,
                                               GError    **error);

G_END_DECLS
