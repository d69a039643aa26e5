/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-turn-strip.h: the facts of the turn as it stands (initiative, activations left, losses),
 * a label and a value each, in a strip a referee reads at a glance. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_TURN_STRIP (adj_turn_strip_get_type ())

G_DECLARE_FINAL_TYPE (AdjTurnStrip, adj_turn_strip, ADJ, TURN_STRIP, GtkWidget)

GtkWidget *adj_turn_strip_new        (void);
/* Show the facts of @battle (NULL: none), following every change to it, undo included.  The
 * strip hides itself while there are none. */
void       adj_turn_strip_set_battle (AdjTurnStrip *self,
                                      AdjBattle    *battle);
/* The facts shown, "label: value" a line: for tests and screen readers. */
char      *adj_turn_strip_describe   (AdjTurnStrip *self);

G_END_DECLS
