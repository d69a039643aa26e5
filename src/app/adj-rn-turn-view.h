/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-turn-view.h: the Redcoats & Natives turn — the cards dealt and the order the referee
 * walks down, then the end-of-turn attempts to regain cohesion. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-system-page.h"

G_BEGIN_DECLS

#define ADJ_TYPE_RN_TURN_VIEW (adj_rn_turn_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjRnTurnView, adj_rn_turn_view, ADJ, RN_TURN_VIEW, AdjSystemPage)

gboolean    adj_rn_turn_view_deal        (AdjRnTurnView *self,
                                          GError       **error);
/* The unit acting now, or NULL when every unit dealt a card has acted (or none was dealt). */
const char *adj_rn_turn_view_get_current (AdjRnTurnView *self);
/* The unit acting now has finished: the next one in the order acts. */
gboolean    adj_rn_turn_view_next        (AdjRnTurnView *self,
                                          GError       **error);
/* Turn cohesion cards for one disrupted unit, or for every one that may still try this turn
 * (@unit_id NULL).  The deal, the gathering of the cards and one unit's rally that the rules
 * refuse now are put to the referee ("Not Allowed Now"); allowed, they run as his ruling. */
gboolean    adj_rn_turn_view_rally       (AdjRnTurnView *self,
                                          const char    *unit_id,
                                          gboolean       commander_in_hex,
                                          GError       **error);
guint       adj_rn_turn_view_get_n_listed (AdjRnTurnView *self);

G_END_DECLS
