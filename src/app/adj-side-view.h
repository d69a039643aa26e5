/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-side-view.h: one side of a battle — its name, its totals and its units as a list. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"
#include "adj-unit-picker.h"

G_BEGIN_DECLS

#define ADJ_TYPE_SIDE_VIEW (adj_side_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjSideView, adj_side_view, ADJ, SIDE_VIEW, GtkWidget)

GtkWidget  *adj_side_view_new       (AdjBattle   *battle,
                                     const char  *side_id);
const char *adj_side_view_get_side  (AdjSideView *self);
/* The units listed, a filtered view of the battle's units. */
GListModel *adj_side_view_get_model (AdjSideView *self);
/* Show only units whose name contains @text (ignoring case); NULL or "" shows all. */
void        adj_side_view_set_search (AdjSideView *self,
                                      const char  *text);
AdjUnit    *adj_side_view_get_selected (AdjSideView *self);
/* Whether @unit is kept from the players for now (a status field of the ruleset that hides
 * its unit is on, as for a group still under a hidden marker): no list shows it. */
gboolean    adj_side_view_unit_hidden (AdjBattle  *battle,
                                       AdjUnit    *unit);
/* Select @unit when it is listed here (NULL clears the selection). */
gboolean    adj_side_view_select     (AdjSideView *self,
                                      AdjUnit     *unit);

/* What marks the units the rules refuse in the slot being filled (NULL: none are). */
void        adj_side_view_set_judge  (AdjSideView  *self,
                                      AdjUnitJudge  judge,
                                      gpointer      user_data);
/* The judge may say otherwise now: ask it again for the rows shown. */
void        adj_side_view_judge_changed (AdjSideView *self);

G_END_DECLS
