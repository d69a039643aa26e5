/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard.h: the Colenso dashboard of Redvers' Reverse — the Turn & Status tracks, the
 * step of the sequence of play with the rolls it needs, each brigade's orders, the drifts, the
 * chit cups and every counter, kept by the battle and shown without its hidden values; before
 * the game is set up, what set-up needs and the dialog that does it. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-system-page.h"

G_BEGIN_DECLS

#define ADJ_TYPE_RR_DASHBOARD (adj_rr_dashboard_get_type ())

G_DECLARE_FINAL_TYPE (AdjRrDashboard, adj_rr_dashboard, ADJ, RR_DASHBOARD, AdjSystemPage)

/* The three tracks the dashboard draws. */
typedef enum {
  ADJ_RR_DASHBOARD_TURN,
  ADJ_RR_DASHBOARD_CONFIDENCE,
  ADJ_RR_DASHBOARD_LOSS,
} AdjRrDashboardTrack;

/* Before set-up: the dialog that chooses the variants and the emplacement areas and sets the
 * game up (the dialog, or NULL when the game is set up already). */
GtkWidget  *adj_rr_dashboard_show_setup      (AdjRrDashboard      *self);
/* Set the game up (adj_rr_setup(), the battle's own generator), with a toast that can undo it. */
gboolean    adj_rr_dashboard_set_up          (AdjRrDashboard      *self,
                                              const char * const  *variants,
                                              const char * const  *emplacements,
                                              GError             **error);
/* Move the step marker on (adj_rr_next_step()). */
gboolean    adj_rr_dashboard_next_step       (AdjRrDashboard      *self,
                                              GError             **error);
/* The roll of a step: "draw-event", "roll-send", "roll-receive", "draw-boer-event" or
 * "shaken-test"; with @dice ("3 5", rolled at the table) or NULL for the battle's generator. */
gboolean    adj_rr_dashboard_roll            (AdjRrDashboard      *self,
                                              const char          *roll,
                                              const char          *dice,
                                              GError             **error);
/* Send Orders: the brigade's objective (adj_rr_plan_order()). */
gboolean    adj_rr_dashboard_plan_order      (AdjRrDashboard      *self,
                                              const char          *brigade,
                                              const char          *area,
                                              gboolean             from_long,
                                              GError             **error);
/* A battalion or regiment about to enter a drift looks for it (adj_rr_find_drift()). */
gboolean    adj_rr_dashboard_find_drift      (AdjRrDashboard      *self,
                                              const char          *drift,
                                              const char          *unit,
                                              const char          *dice,
                                              gboolean            *found,
                                              GError             **error);

/* What the dashboard shows now. */
int         adj_rr_dashboard_get_marker      (AdjRrDashboard      *self,
                                              AdjRrDashboardTrack  track);
const char *adj_rr_dashboard_get_step_title  (AdjRrDashboard      *self);
const char *adj_rr_dashboard_get_cp_text     (AdjRrDashboard      *self);
const char *adj_rr_dashboard_get_order_text  (AdjRrDashboard      *self,
                                              const char          *brigade);
const char *adj_rr_dashboard_get_drift_text  (AdjRrDashboard      *self,
                                              const char          *drift);
const char *adj_rr_dashboard_get_cup_text    (AdjRrDashboard      *self,
                                              guint                cup);
/* The labels of the buttons the current step offers, in order (NULL-terminated, owned). */
GStrv       adj_rr_dashboard_get_step_actions (AdjRrDashboard     *self);

G_END_DECLS
