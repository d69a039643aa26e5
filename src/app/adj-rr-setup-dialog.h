/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-setup-dialog.h: the dialog that sets a game of Redvers' Reverse up — the variants
 * ticked until their ratings balance, and the areas that start with an emplacement. */

#pragma once

#include <adwaita.h>

#include "adj-rr-dashboard.h"

G_BEGIN_DECLS

#define ADJ_TYPE_RR_SETUP_DIALOG (adj_rr_setup_dialog_get_type ())

G_DECLARE_FINAL_TYPE (AdjRrSetupDialog, adj_rr_setup_dialog, ADJ, RR_SETUP_DIALOG,
                      AdwMessageDialog)

/* The dialog for @dashboard's battle, over its window; Set Up calls adj_rr_dashboard_set_up(). */
GtkWidget *adj_rr_setup_dialog_new (AdjRrDashboard *dashboard);

G_END_DECLS
