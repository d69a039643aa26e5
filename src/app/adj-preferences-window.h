/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-preferences-window.h: the preferences, stored in GSettings. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADJ_TYPE_PREFERENCES_WINDOW (adj_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (AdjPreferencesWindow, adj_preferences_window, ADJ, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWidget *adj_preferences_window_new (GtkWindow *parent,
                                       GSettings *settings);

G_END_DECLS
