/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-preferences-window.h: the preferences, stored in GSettings. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADJ_TYPE_PREFERENCES_WINDOW (adj_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (AdjPreferencesWindow, adj_preferences_window, ADJ, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWidget  *adj_preferences_window_new            (GtkWindow            *parent,
                                                   GSettings            *settings);
/* Open the editor of one of the tables the players type in, for their own tables file. */
GtkWidget  *adj_preferences_window_open_table     (AdjPreferencesWindow *self,
                                                   const char           *ruleset_id,
                                                   const char           *table_id);
/* What the Tables page says of a table: "12 of 24 cells entered". */
const char *adj_preferences_window_describe_table (AdjPreferencesWindow *self,
                                                   const char           *ruleset_id,
                                                   const char           *table_id);

G_END_DECLS
