/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-json.h: what a screen facing the players shows of a battle, as JSON for a web page
 * (the players' phones): the title, turn and phase, the turn's facts, the last result with its
 * dice, the activation order by card, the solo enemy's latest orders, the tracks, and each side's
 * units with their state, every text already translated.
 *
 * Built only from what adj-table-view.h and adj-turn-state.h give and from what the unit rows of
 * the window show; nothing hidden is ever in it: no sealed secret, no status field the ruleset
 * marks secret, and no unit the rules keep hidden (a group under a marker) — such a unit is
 * neither listed nor counted, as the window's side lists do not list it.
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* The whole table now, with each side's units:
 * { "title", "system", "turn", "max_turns", "phase", "turn_label", "facts": [ ... ],
 *   "last": null or { "headline", "reason", "actors", "ruling", "dice": [ ... ],
 *   "lines": [ ... ] },
 *   "cards": [ ... ], "orders": [ ... ], "tracks": [ ... ], "sides": [ { "id", "name",
 *   "units": [ ... ] } ], "labels": { the page's few headings } }. */
json_object *adj_table_json_snapshot (AdjBattle  *battle);
/* One side: { "title", "side": { "id", "name", "units": [ ... ] }, "labels" }; NULL when the
 * battle has no side @side_id. */
json_object *adj_table_json_side     (AdjBattle  *battle,
                                      const char *side_id);

G_END_DECLS
