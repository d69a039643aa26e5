/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-print.h: printing a battle's roster through GtkPrintOperation, and exporting it
 * as a PDF with the paper size the referee last printed on. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"
#include "adj-roster.h"

G_BEGIN_DECLS

/* Show the print dialog (with its preview) for the roster of @battle.  With @export_path set,
 * no dialog: the roster goes straight to that PDF, as a test or a script would want it.
 * The page setup used is remembered in @settings (may be NULL). */
gboolean adj_roster_print       (GtkWindow  *parent,
                                 AdjBattle  *battle,
                                 GSettings  *settings,
                                 const char *export_path,
                                 guint      *n_pages,
                                 GError    **error);
/* The same for any roster (an army list's, say); @job_name names the print job, and @paper
 * (may be NULL: the one last used) the paper the dialog starts with. */
gboolean adj_roster_print_roster (GtkWindow      *parent,
                                  AdjRoster      *roster,
                                  const char     *job_name,
                                  GSettings      *settings,
                                  const AdjPaper *paper,
                                  const char     *export_path,
                                  guint          *n_pages,
                                  GError        **error);
/* The paper to export on: the last one printed on, else the locale's (Letter or A4). */
AdjPaper adj_roster_default_paper (GSettings *settings);

G_END_DECLS
