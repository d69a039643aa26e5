/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cards.h: playing cards and the pack a battle draws from.
 *
 * A card is a small integer: suit * 13 + (rank - 1).  The suits are numbered in the order
 * Redcoats & Natives ranks them (hearts, clubs, diamonds, spades).  A pack may hold several
 * 52-card decks when a turn needs more cards than one deck has.
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

typedef guint8 AdjCard;

typedef enum {
  ADJ_SUIT_HEARTS,
  ADJ_SUIT_CLUBS,
  ADJ_SUIT_DIAMONDS,
  ADJ_SUIT_SPADES,
} AdjSuit;

#define ADJ_CARD_ACE   1
#define ADJ_CARD_JACK  11
#define ADJ_CARD_QUEEN 12
#define ADJ_CARD_KING  13
#define ADJ_DECK_SIZE  52

AdjCard  adj_card_make        (AdjSuit     suit,
                               int         rank);
AdjSuit  adj_card_suit        (AdjCard     card);
int      adj_card_rank        (AdjCard     card);
gboolean adj_card_is_red      (AdjCard     card);
gboolean adj_card_is_face     (AdjCard     card);
/* "AH", "10C", "KS": rank then suit letter. */
char    *adj_card_to_string   (AdjCard     card);
/* The same text ("10H"), as a string that lives as long as the program. */
const char *adj_card_name     (AdjCard     card);
/* The name with the suit's symbol: "Q♥", also a string that lives as long as the program. */
const char *adj_card_short_name (AdjCard   card);
/* The same text as adj_card_name(), as a new JSON string. */
json_object *adj_card_to_json (AdjCard     card);
/* Also accepts "TH", lower case and the suit symbols ♥ ♣ ♦ ♠. */
gboolean adj_card_parse       (const char *text,
                               AdjCard    *card);
/* A readable name such as "Queen of Hearts". */
char    *adj_card_describe    (AdjCard     card);
const char *adj_suit_symbol   (AdjSuit     suit);

AdjPack *adj_pack_new         (guint       n_decks);
/* A pack whose draw pile holds @cards (the cards still to draw), in as many decks as a card is
 * given times (at most 4); every other card of those decks is on the turned pile, to be
 * shuffled back when the draw pile runs out. */
AdjPack *adj_pack_new_from_draw_pile (const AdjCard  *cards,
                                      guint           n,
                                      GError        **error);
AdjPack *adj_pack_copy        (const AdjPack *pack);
void     adj_pack_free        (AdjPack    *pack);
guint    adj_pack_get_n_decks (const AdjPack *pack);
/* Gather every card back into the draw pile and shuffle it. */
void     adj_pack_shuffle     (AdjPack    *pack,
                               AdjRng     *rng);
/* Gather every dealt and turned card back onto the draw pile, without shuffling (for cards the
 * players shuffle and deal at the table, then enter). */
void     adj_pack_gather      (AdjPack    *pack);
/* Deal a card face up to a unit (it stays out until collected). */
gboolean adj_pack_deal        (AdjPack    *pack,
                               AdjCard    *card);
/* Turn the top card for an effect (it goes onto the turned pile). */
gboolean adj_pack_turn        (AdjPack    *pack,
                               AdjCard    *card);
/* Take a card the players turned by hand out of the draw pile; FALSE if none is left. */
gboolean adj_pack_take        (AdjPack    *pack,
                               AdjCard     card,
                               gboolean    to_dealt);
/* Move one dealt @card onto the turned pile (a dealt card given up during the turn); FALSE if
 * no such card is out. */
gboolean adj_pack_discard     (AdjPack    *pack,
                               AdjCard     card);
/* Shuffle the turned cards back under the draw pile, when it has run out. */
void     adj_pack_recycle_turned (AdjPack *pack,
                                  AdjRng  *rng);
/* Put every dealt and turned card back and shuffle. */
void     adj_pack_collect     (AdjPack    *pack,
                               AdjRng     *rng);
guint    adj_pack_remaining   (const AdjPack *pack);
guint    adj_pack_count_left  (const AdjPack *pack,
                               gboolean     (*match) (AdjCard card, gpointer data),
                               gpointer      data);
const AdjCard *adj_pack_draw_pile (const AdjPack *pack,
                                   guint         *n);
const AdjCard *adj_pack_dealt     (const AdjPack *pack,
                                   guint         *n);
const AdjCard *adj_pack_turned    (const AdjPack *pack,
                                   guint         *n);

json_object *adj_pack_to_json   (const AdjPack *pack);
AdjPack     *adj_pack_from_json (json_object   *json,
                                 const char    *file,
                                 const char    *path,
                                 GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjPack, adj_pack_free)

G_END_DECLS
