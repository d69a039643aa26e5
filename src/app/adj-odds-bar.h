/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-odds-bar.h: the odds of every outcome as one labelled bar, with a legend. */

#pragma once

#include <gtk/gtk.h>

#include "adj-odds.h"

G_BEGIN_DECLS

#define ADJ_TYPE_ODDS_BAR (adj_odds_bar_get_type ())

G_DECLARE_FINAL_TYPE (AdjOddsBar, adj_odds_bar, ADJ, ODDS_BAR, GtkWidget)

GtkWidget *adj_odds_bar_new       (void);
/* Show @odds (copied), or nothing when NULL. */
void       adj_odds_bar_set_odds  (AdjOddsBar    *self,
                                   const AdjOdds *odds);
/* The text of the legend, one outcome per line: for tests and screen readers. */
char      *adj_odds_bar_describe  (AdjOddsBar    *self);

void       adj_odds_bar_set_show_legend (AdjOddsBar    *self,
                                         gboolean       show);

G_END_DECLS
