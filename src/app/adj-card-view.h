/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-card-view.h: a playing card drawn face up (or its back), readable across a table. */

#pragma once

#include <gtk/gtk.h>

#include "adj-cards.h"

G_BEGIN_DECLS

#define ADJ_TYPE_CARD_VIEW (adj_card_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjCardView, adj_card_view, ADJ, CARD_VIEW, GtkWidget)

/* @card < 0 draws the back of a card. */
GtkWidget *adj_card_view_new      (int          card,
                                   int          height);
int        adj_card_view_get_card (AdjCardView *self);

G_END_DECLS
