/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cards-page.h: the battle's pack — how many cards are left, the cards turned, the cards
 * dealt to units — with turn, enter and reshuffle controls. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_CARDS_PAGE (adj_cards_page_get_type ())

G_DECLARE_FINAL_TYPE (AdjCardsPage, adj_cards_page, ADJ, CARDS_PAGE, GtkWidget)

GtkWidget *adj_cards_page_new        (void);
void       adj_cards_page_set_battle (AdjCardsPage *self,
                                      AdjBattle    *battle);

G_END_DECLS
