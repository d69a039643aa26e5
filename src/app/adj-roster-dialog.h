/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-dialog.h: the window a battle's roster is printed or saved from — which sides,
 * the game as it stands or a clean sheet, the paper — with the pages shown as they will come
 * out before anything is printed or saved. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-roster.h"

G_BEGIN_DECLS

#define ADJ_TYPE_ROSTER_DIALOG (adj_roster_dialog_get_type ())

G_DECLARE_FINAL_TYPE (AdjRosterDialog, adj_roster_dialog, ADJ, ROSTER_DIALOG, AdwWindow)

/* Over @parent, for @battle; the paper and page setup last used are kept in @settings (may be
 * NULL). */
AdjRosterDialog *adj_roster_dialog_new        (GtkWindow       *parent,
                                               AdjBattle       *battle,
                                               GSettings       *settings);

/* ---- what the dialog holds, for tests ---- */
/* The roster shown, or NULL when none can be made (no side ticked). */
AdjRoster       *adj_roster_dialog_get_roster (AdjRosterDialog *self);
guint            adj_roster_dialog_get_page   (AdjRosterDialog *self);
void             adj_roster_dialog_set_side   (AdjRosterDialog *self,
                                               const char      *side_id,
                                               gboolean         printed);
void             adj_roster_dialog_set_clean  (AdjRosterDialog *self,
                                               gboolean         clean);
void             adj_roster_dialog_set_paper  (AdjRosterDialog *self,
                                               AdjPaper         paper);
/* Write what the preview shows to @path, as Save as PDF does once a file is chosen. */
gboolean         adj_roster_dialog_save       (AdjRosterDialog *self,
                                               const char      *path,
                                               GError         **error);

G_END_DECLS
