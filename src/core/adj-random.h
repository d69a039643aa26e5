/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-random.h: where a mechanic's dice and cards come from.
 *
 * A mechanic pulls dice and cards as it needs them.  They come either from the battle's
 * generator and pack, or from values the players entered (they rolled real dice or turned a
 * real card); both are recorded the same way and the mechanic cannot tell them apart.
 */

#pragma once

#include <json-c/json.h>

#include "adj-cards.h"
#include "adj-types.h"

G_BEGIN_DECLS

/* One group of dice as a mechanic declares it ("the firer rolls 2D6"). */
typedef struct {
  const char *group;     /* a stable name: "firer", "target", "side-a" */
  const char *label;     /* untranslated; what the players see */
  guint       count;     /* dice, or cards when sides is 0 */
  guint       sides;     /* 6, 8, 12; 0 for a card */
} AdjDrawSpec;

/* The dice or cards one pull produced.  Shared, read-only, between the AdjRandom that made it
 * and the outcomes that report it: adj_roll_ref() takes a reference, adj_roll_free() drops one. */
typedef struct {
  const char    *group;     /* held in the same block as the roll, as are the values */
  const char    *label;
  guint          sides;     /* 0: cards */
  guint          n_values;
  const int     *dice;      /* the n_values dice; NULL for cards */
  const AdjCard *cards;     /* the n_values cards; NULL for dice */
  gboolean       entered;
  gint           ref_count;
} AdjRoll;

AdjRandom *adj_random_new           (AdjRng      *rng,
                                     AdjPack     *pack);
/* Draw cards from a copy of @pack: the pack itself changes only when the outcome is applied
 * (and the change is journaled, so undo puts the cards back). */
AdjRandom *adj_random_new_with_copy (AdjRng        *rng,
                                     const AdjPack *pack);
AdjPack   *adj_random_get_pack      (AdjRandom   *random);
gboolean   adj_random_drew_cards    (AdjRandom   *random);
void       adj_random_free          (AdjRandom   *random);
/* Use these values, in order, instead of rolling; no die is then rolled by the generator. */
void       adj_random_enter_dice    (AdjRandom   *random,
                                     const int   *values,
                                     guint        n_values);
void       adj_random_enter_cards   (AdjRandom   *random,
                                     const AdjCard *cards,
                                     guint        n_cards);
gboolean   adj_random_has_entered   (AdjRandom   *random);
gboolean   adj_random_has_entered_cards (AdjRandom *random);
/* Roll @count dice of @sides into @out (and record them). */
gboolean   adj_random_roll          (AdjRandom   *random,
                                     const char  *group,
                                     const char  *label,
                                     guint        count,
                                     guint        sides,
                                     int         *out,
                                     GError     **error);
/* Turn one card from the pack (or take the entered one out of it). */
gboolean   adj_random_card          (AdjRandom   *random,
                                     const char  *group,
                                     const char  *label,
                                     AdjCard     *out,
                                     GError     **error);
/* Deal one card face up (onto the pack's dealt pile), or take the entered one out of the pack;
 * unlike turning a card, a deal never reshuffles the turned cards. */
gboolean   adj_random_deal          (AdjRandom   *random,
                                     const char  *group,
                                     const char  *label,
                                     AdjCard     *out,
                                     GError     **error);
/* Gather every dealt and turned card back into the pack — a new pack of @n_decks decks when the
 * pack has another number of decks or there is none — and shuffle it with the generator.  The
 * pack counts as drawn from, so the outcome records it.  Returns FALSE when there was no
 * generator to shuffle with: the pack is then gathered in order, for cards that are entered. */
gboolean   adj_random_gather_pack   (AdjRandom   *random,
                                     guint        n_decks);
/* Fails when entered dice or cards were left over: the players gave more than was needed. */
gboolean   adj_random_check_used    (AdjRandom   *random,
                                     GError     **error);
GPtrArray *adj_random_get_rolls     (AdjRandom   *random);   /* of AdjRoll */

/* Parse "6,3,5" and "AS,10H" as the command line and the app's entry field take them. */
/* Dice typed at the table ("6,3,5") as a source without a generator that hands them out in
 * order; *random is NULL (and the result TRUE) when @text holds nothing but spaces. */
gboolean   adj_random_new_entered   (const char  *text,
                                     AdjRandom  **random,
                                     GError     **error);
gboolean   adj_dice_parse           (const char  *text,
                                     GArray     **values,
                                     GError     **error);
gboolean   adj_cards_parse          (const char  *text,
                                     GArray     **cards,
                                     GError     **error);

AdjRoll     *adj_roll_ref           (AdjRoll     *roll);
void         adj_roll_free          (AdjRoll     *roll);
AdjRoll     *adj_roll_copy          (const AdjRoll *roll);
json_object *adj_roll_to_json       (const AdjRoll *roll);
/* A roll as adj_roll_to_json() wrote it, or NULL when @json is not one. */
AdjRoll     *adj_roll_from_json     (json_object *json);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjRandom, adj_random_free)

G_END_DECLS
