/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-turn-state.h: what the rules make players remember about the turn as it stands — who
 * holds the initiative, how many activations are left, each side's losses against its
 * withdrawal line, whose card is up — worked out from the battle by its system, for the
 * window, the command-line tool and anything else that shows the game.
 *
 * Nothing hidden is ever a fact: a system never reads a sealed secret to make one.
 */

#pragma once

#include "adj-types.h"

G_BEGIN_DECLS

typedef struct {
  char *id;     /* stable, for scripts: "initiative", "activations-left:a", "losses:b" */
  char *label;  /* translated, short: "Initiative", "Zulu army losses" */
  char *value;  /* translated words: "British took it", "9 of 24 — withdraws at 12" */
} AdjTurnFact;

void       adj_turn_fact_free        (AdjTurnFact *fact);
/* Append a fact to @facts (of AdjTurnFact, as made by adj_battle_get_turn_state()); @value is
 * a printf format. */
void       adj_turn_facts_add        (GPtrArray   *facts,
                                      const char  *id,
                                      const char  *label,
                                      const char  *value,
                                      ...) G_GNUC_PRINTF (4, 5);
/* The facts of @battle's turn now, in the order a player reads them (of AdjTurnFact); empty
 * for a system that keeps none.  Never NULL. */
GPtrArray *adj_battle_get_turn_state (AdjBattle   *battle);
/* The facts as a JSON array of { "id", "label", "value" } objects. */
struct json_object *adj_turn_facts_to_json (GPtrArray *facts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjTurnFact, adj_turn_fact_free)

G_END_DECLS
