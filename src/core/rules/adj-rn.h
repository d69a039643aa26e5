/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn.h: what the Redcoats & Natives turn view needs beyond the mechanics. */

#pragma once

#include "adj-battle.h"

G_BEGIN_DECLS

/* The ids of the units holding a card, in the order they act: by card (rank, then suit), and
 * equal cards in the order the last deal's roll-offs put them.  Free with g_ptr_array_unref. */
GPtrArray *adj_rn_activation_order (AdjBattle *battle);

G_END_DECLS
