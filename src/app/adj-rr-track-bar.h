/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-track-bar.h: a track of numbered boxes with a marker, for the Redvers' Reverse
 * dashboard. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ADJ_TYPE_RR_TRACK_BAR (adj_rr_track_bar_get_type ())

G_DECLARE_FINAL_TYPE (AdjRrTrackBar, adj_rr_track_bar, ADJ, RR_TRACK_BAR, GtkWidget)

/* Boxes 1 to 20, the marker in the first. */
GtkWidget *adj_rr_track_bar_new       (void);
/* The marker in box @value, @ring framed (0: none), boxes @zone_from to @zone_to shaded (0:
 * none); @spoken is the value as assistive technologies read it. */
void       adj_rr_track_bar_set       (AdjRrTrackBar *self,
                                       int            value,
                                       int            ring,
                                       int            zone_from,
                                       int            zone_to,
                                       const char    *spoken);
int        adj_rr_track_bar_get_value (AdjRrTrackBar *self);

G_END_DECLS
