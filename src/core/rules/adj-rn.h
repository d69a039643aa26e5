/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn.h: what the Redcoats & Natives turn view and tests need beyond the mechanics. */

#pragma once

#include "adj-battle.h"

G_BEGIN_DECLS

/* The ids of the units holding a card, in the order they act: by card (rank, then suit), and
 * equal cards in the order the last deal's roll-offs put them.  Free with g_ptr_array_unref. */
GPtrArray *adj_rn_activation_order (AdjBattle *battle);

/* The unit whose card is up has done all it will on it (it may move and fight, or neither): it
 * counts as having acted, and the next card is up.  Journaled; a unit holding no card, or one
 * that has acted, is refused with ADJ_ERROR_NOT_ALLOWED; a battle of another system with
 * ADJ_ERROR_UNSUPPORTED. */
gboolean   adj_rn_mark_done        (AdjBattle   *battle,
                                    const char  *unit_id,
                                    GError     **error);

/* Close assault odds are summed directly while the pile cannot run out, and walked card by
 * card otherwise; tests turn the sums off to check one against the other. */
void       adj_rn_set_direct_odds  (gboolean   enabled);

G_END_DECLS
