/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-result-view.h: the result of a roll, large enough to read from a chair at the table. */

#pragma once

#include <gtk/gtk.h>

#include "adj-mechanic.h"
#include "adj-outcome-tone.h"

G_BEGIN_DECLS

#define ADJ_TYPE_RESULT_VIEW (adj_result_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjResultView, adj_result_view, ADJ, RESULT_VIEW, GtkWidget)

GtkWidget  *adj_result_view_new          (void);
/* Show @outcome (NULL: nothing).  The view keeps nothing of it: @outcome may go afterwards. */
void        adj_result_view_set_outcome  (AdjResultView    *self,
                                          const AdjOutcome *outcome);
/* For a screen of its own (a TV): the reason whole, over as many lines as it takes, a deal to
 * many units in rows across rather than down a narrow pane, and no button to click. */
void        adj_result_view_set_roomy    (AdjResultView    *self,
                                          gboolean          roomy);
/* What is shown, for tests: the headline, the units named, and how it went. */
const char *adj_result_view_get_headline (AdjResultView    *self);
const char *adj_result_view_get_actors   (AdjResultView    *self);
AdjTone     adj_result_view_get_tone     (AdjResultView    *self);
/* The dice shown, "who: value value" per group and "; " between groups ("Firer: 6 6; Target:
 * 1"), cards by name. */
char       *adj_result_view_describe_rolls (AdjResultView  *self);

G_END_DECLS
