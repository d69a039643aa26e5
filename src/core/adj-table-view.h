/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-view.h: what a screen facing the players shows of a battle — the last result, the
 * activation order by card, the solo enemy's latest orders, the game's tracks — each worked out
 * by the battle's rules from what is in effect now (undone entries are not), so that a display
 * follows the journal without knowing a rule.
 *
 * Nothing hidden is ever in them: none of these reads a sealed secret, a drift's value or what a
 * cup holds; a hidden unit is named only as hidden, as the journal names it.
 */

#pragma once

#include "adj-types.h"

G_BEGIN_DECLS

typedef struct {
  char *unit_id;
  char *name;      /* the unit's name */
  char *card;      /* the card it holds, "10H" */
  gboolean acted;  /* it has acted on its card this turn */
} AdjTableCard;

typedef struct {
  char *id;        /* stable: "turn", "confidence", "loss" */
  char *label;     /* translated: "Game Turn" */
  int   value;     /* the box the marker is in, 1 to n_boxes */
  int   ring;      /* a box framed (0: none) */
  int   zone_from; /* boxes shaded (0: none) */
  int   zone_to;
  char *spoken;    /* the track read out, translated */
} AdjTableTrack;

void        adj_table_card_free        (AdjTableCard  *card);
void        adj_table_track_free       (AdjTableTrack *track);

/* The outcome of the latest action in effect that rolled or decided something, as the journal
 * recorded it; NULL when there is none (or every one was undone).  Free with adj_outcome_free. */
AdjOutcome *adj_table_last_outcome     (AdjBattle     *battle);
/* The units holding a card, in the order they act (of AdjTableCard); empty for a system without
 * activation by card. */
GPtrArray  *adj_table_activation_cards (AdjBattle     *battle);
/* The solo enemy's latest orders, one line each as the journal gives them (of char *): the run of
 * orders the latest reaction roll made; empty for a system without a solo enemy, or before it
 * decided anything. */
GPtrArray  *adj_table_enemy_orders     (AdjBattle     *battle);
/* The game's tracks (of AdjTableTrack); empty for a system that keeps none. */
GPtrArray  *adj_table_tracks           (AdjBattle     *battle);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjTableCard, adj_table_card_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjTableTrack, adj_table_track_free)

G_END_DECLS
