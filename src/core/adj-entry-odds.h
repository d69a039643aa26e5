/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-entry-odds.h: the odds of what happened, kept with each journal entry as it is rolled.
 *
 * A journal entry of a mechanic keeps, under "odds", what the players could know when the dice
 * were thrown: the chance of the result that came up ("p", an exact fraction, and "p_value"),
 * the expected value when the result is a number ("expected"), the side that acted ("side"),
 * how the result went for it ("tone": good, bad, mixed or neutral, as adj-outcome-tone.h
 * judges), the side it was good for ("good_for"), the chances of a good and of a bad result
 * for the side that acted ("p_good", "p_bad"), and where the result stands among all it could
 * have been ("percentile", 0 to 1, from the acting side's view; for a number, higher is
 * further along).  The odds are worked out from the mechanic's own odds, which count what is
 * face down as the players see it: no secret enters them.  "known": false says the odds could
 * not be worked out (an entry of an older file whose inputs no longer replay).
 */

#pragma once

#include <json-c/json.h>

#include "adj-mechanic.h"

G_BEGIN_DECLS

/* The odds block of an outcome of @inputs resolved against @battle (an AdjBattle) as it stands
 * before the outcome is applied.  Never NULL: odds that cannot be worked out give a block with
 * "known": false. */
json_object *adj_entry_odds_new      (gpointer           battle,
                                      AdjInputs         *inputs,
                                      const char        *outcome_key);
/* The same from an entry's stored @inputs and @outcome (as the journal keeps them), against
 * @battle as it stands before the entry. */
json_object *adj_entry_odds_replay   (gpointer           battle,
                                      const char        *mechanic_id,
                                      json_object       *inputs,
                                      json_object       *outcome);
/* Whether @odds is the mark an upgraded file leaves on an entry whose odds are to be worked
 * out by replaying it. */
gboolean     adj_entry_odds_is_pending (json_object     *odds);

G_END_DECLS
