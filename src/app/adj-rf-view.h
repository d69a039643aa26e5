/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-view.h: the solo enemy of the Risk Factor skirmish rules — the "Enemy reacts" step
 * and the hidden markers. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-system-page.h"
#include "adj-rf.h"

G_BEGIN_DECLS

#define ADJ_TYPE_RF_VIEW (adj_rf_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjRfView, adj_rf_view, ADJ, RF_VIEW, AdjSystemPage)

/* The step as it stands: the groups that react, their inputs and, once rolled, their orders;
 * NULL when no side is run by Adjutant. */
AdjRfSolo  *adj_rf_view_get_solo         (AdjRfView   *self);
guint       adj_rf_view_get_n_orders     (AdjRfView   *self);
gboolean    adj_rf_view_is_rolled        (AdjRfView   *self);
/* Set a situational part of order @i (an input named by adj_rf_solo_get_switches()). */
gboolean    adj_rf_view_set_switch       (AdjRfView   *self,
                                          guint        i,
                                          const char  *input,
                                          gboolean     value,
                                          GError     **error);
/* Roll for every group and journal each order; with @dice ("5 3 6", one D6 per group in the
 * order listed) instead of the battle's generator when it is not NULL.  When the rules refuse
 * the step (the enemy has reacted this turn already), the referee is asked "Not Allowed Now"
 * instead, and TRUE returned: the orders are rolled only if he allows it, as his ruling. */
gboolean    adj_rf_view_roll             (AdjRfView   *self,
                                          const char  *dice,
                                          GError     **error);
/* Whether the journal entry of order @i is in effect (not undone). */
gboolean    adj_rf_view_order_in_effect  (AdjRfView   *self,
                                          guint        i);
/* Put the orders away and prepare the next reaction from the battle as it is now; once the
 * orders were rolled, the battle moves on to its next phase first. */
gboolean    adj_rf_view_next_step        (AdjRfView   *self,
                                          GError     **error);
/* Hide @groups of @side under markers at @labels (see adj_rf_deploy_hidden()). */
gboolean    adj_rf_view_deploy           (AdjRfView          *self,
                                          const char         *side,
                                          const char * const *groups,
                                          const char * const *labels,
                                          GError            **error);
/* Report a marker spotted: *@group gets the group it hid, or NULL for a dummy. */
gboolean    adj_rf_view_spot             (AdjRfView   *self,
                                          const char  *marker,
                                          char       **group,
                                          GError     **error);
/* Open the dialog that hides enemy groups under markers. */
void        adj_rf_view_show_deploy      (AdjRfView   *self);

G_END_DECLS
