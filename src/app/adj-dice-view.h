/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-dice-view.h: one die drawn as it lies on the table: pips for a D6, a number in the
 * die's outline for the others. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ADJ_TYPE_DICE_VIEW (adj_dice_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjDiceView, adj_dice_view, ADJ, DICE_VIEW, GtkWidget)

GtkWidget *adj_dice_view_new       (guint        sides,
                                    int          value);
guint      adj_dice_view_get_sides (AdjDiceView *self);
int        adj_dice_view_get_value (AdjDiceView *self);

G_END_DECLS
