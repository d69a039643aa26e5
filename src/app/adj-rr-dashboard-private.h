/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard-private.h: what the files of the Colenso dashboard share — the instance
 * struct, the fixed rows of the brigades and drifts, and the helpers each file calls: the page
 * itself (adj-rr-dashboard.c), its rows (-rows.c), the status page before set-up (-setup.c) and
 * the dialogs of its buttons (-dialogs.c). */

#pragma once

#include "adj-battle-window.h"
#include "adj-random.h"
#include "adj-rr-dashboard.h"
#include "adj-rr-track-bar.h"
#include "adj-rr.h"
#include "adj-tables.h"

G_BEGIN_DECLS

/* A fixed row: a brigade or a drift, with its state and the button of the step. */
typedef struct {
  char       *id;
  GtkWidget  *row;
  GtkLabel   *state;
  GtkButton  *button;
  char       *task;     /* what the button does now: "order", "charge", "withdraw", ... */
  char       *text;     /* the state as shown */
} AdjRrFixedRow;

struct _AdjRrDashboard {
  GtkWidget      parent_instance;

  GtkWidget     *setup_page;
  AdwPreferencesGroup *charts_group;
  GtkWidget     *strengths_group;
  AdwExpanderRow *strengths_row;
  GtkWidget     *strengths_done_row;
  GtkWidget     *scroller;
  GtkLabel      *where_label;
  GtkButton     *next_button;
  GtkBox        *phase_strip;
  GtkLabel      *segment_label;
  GtkLabel      *step_label;
  GtkLabel      *hint_label;
  GtkWidget     *pending_box;
  GtkLabel      *pending_label;
  GtkLabel      *result_label;
  GtkFlowBox    *actions_box;
  GtkLabel      *cp_label;
  GtkLabel      *cp_detail_label;
  GtkLabel      *turn_value;
  GtkLabel      *turn_note;
  AdjRrTrackBar *turn_track;
  GtkLabel      *confidence_value;
  GtkLabel      *confidence_note;
  GtkLabel      *shaken_badge;
  AdjRrTrackBar *confidence_track;
  GtkLabel      *loss_value;
  GtkLabel      *loss_note;
  AdjRrTrackBar *loss_track;
  GtkListBox    *brigade_list;
  GtkFlowBox    *state_flow;
  GtkListBox    *drift_list;
  GtkListBox    *cup_list;
  GtkWidget     *emplacement_heading;
  GtkListBox    *emplacement_list;
  GtkFlowBox    *units_flow;
  GtkLabel      *british_heading;
  GtkListBox    *british_list;
  GtkLabel      *boer_heading;
  GtkListBox    *boer_list;

  AdjBattle     *battle;  /* the page's, borrowed */
  GPtrArray     *brigades;      /* AdjRrFixedRow, in the order of the orders of battle */
  GPtrArray     *drifts;        /* AdjRrFixedRow */
  GtkWidget     *cup_rows[ADJ_RR_N_CUPS];
  GtkLabel      *cup_counts[ADJ_RR_N_CUPS];
  char          *cup_texts[ADJ_RR_N_CUPS];
  GPtrArray     *emplacements;  /* AdwActionRow */
  GtkFilterListModel *british;
  GtkFilterListModel *boer;
  char          *shown_step;    /* the step whose buttons stand in actions_box */
  GPtrArray     *action_labels; /* their labels */
  GtkWidget     *roll_button;   /* the step's roll, if it has one */
  GtkWidget     *dice_button;   /* and its dice typed in */
  char          *step_title;
  char          *cp_text;
  GPtrArray     *chart_rows;    /* AdwActionRow per chart set-up reads, before set-up */
  GPtrArray     *strength_rows; /* a row per counter still without its strengths */
  char          *missing_key;   /* their ids, joined: the rows are made again when it changes */
};

/* adj-rr-dashboard.c */
void             adj_rr_dashboard_report_text      (AdjRrDashboard      *self,
                                                    const char          *text);
void             adj_rr_dashboard_report           (AdjRrDashboard      *self,
                                                    GError              *error);
AdjBattleWindow *adj_rr_dashboard_get_window       (AdjRrDashboard      *self);
void             adj_rr_dashboard_toast_since      (AdjRrDashboard      *self,
                                                    guint                before);
void             adj_rr_dashboard_check_used       (AdjRrDashboard      *self,
                                                    AdjRandom           *random);
const char      *adj_rr_dashboard_choice_label     (AdjRuleset          *rs,
                                                    const char          *field,
                                                    const char          *value);
GtkWidget       *adj_rr_dashboard_chip_new         (const char          *style);
void             adj_rr_dashboard_set_state_class  (GtkWidget           *widget,
                                                    const char * const  *classes,
                                                    const char          *wanted);
void             adj_rr_dashboard_refresh          (AdjRrDashboard      *self);

/* adj-rr-dashboard-rows.c */
void             adj_rr_dashboard_fixed_row_free   (gpointer             data);
void             adj_rr_dashboard_bind_counters    (AdjRrDashboard      *self);
void             adj_rr_dashboard_build_fixed_rows (AdjRrDashboard      *self);
void             adj_rr_dashboard_update_brigades  (AdjRrDashboard      *self);
void             adj_rr_dashboard_update_drifts    (AdjRrDashboard      *self);
void             adj_rr_dashboard_update_cups      (AdjRrDashboard      *self);
void             adj_rr_dashboard_update_emplacements (AdjRrDashboard   *self);

/* adj-rr-dashboard-setup.c */
AdjTables       *adj_rr_dashboard_setup_tables     (AdjRrDashboard      *self,
                                                    GError             **error);
void             adj_rr_dashboard_open_chart       (AdjRrDashboard      *self,
                                                    const char          *table_id);
void             adj_rr_dashboard_append_read_first (AdjRrDashboard     *self,
                                                    GPtrArray           *ids,
                                                    GString             *text);
void             adj_rr_dashboard_build_chart_rows (AdjRrDashboard      *self);
void             adj_rr_dashboard_update_setup_page (AdjRrDashboard     *self);
void             adj_rr_dashboard_show_chart_missing (AdjRrDashboard    *self,
                                                    const char          *table_id,
                                                    const char          *message);

/* adj-rr-dashboard-dialogs.c: a plain dialog of ui/@name.ui (its object "dialog", over the
 * dashboard's window), and the dialogs of the dashboard's buttons */
GtkBuilder      *adj_rr_dashboard_build_dialog     (AdjRrDashboard      *self,
                                                    const char          *name);
void             adj_rr_dashboard_show_enter_dice  (AdjRrDashboard      *self,
                                                    const char          *roll_id);
void             adj_rr_dashboard_show_order       (AdjRrDashboard      *self,
                                                    const char          *brigade);
void             adj_rr_dashboard_show_charge      (AdjRrDashboard      *self,
                                                    const char          *brigade);
void             adj_rr_dashboard_show_withdraw    (AdjRrDashboard      *self,
                                                    const char          *brigade);
void             adj_rr_dashboard_show_find        (AdjRrDashboard      *self,
                                                    const char          *drift);
void             adj_rr_dashboard_show_emplacement (AdjRrDashboard      *self,
                                                    const char          *id);
void             adj_rr_dashboard_show_sp_counter  (AdjRrDashboard      *self);
void             adj_rr_dashboard_show_status      (AdjRrDashboard      *self);

G_END_DECLS
