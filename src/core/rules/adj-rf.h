/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf.h: the Risk Factor skirmish rules beyond single mechanics — the solo step ("Enemy
 * reacts") and hidden deployment, for the app and the command-line tool.
 *
 * The solo step.  The enemy is every side whose setting "solo" is on.  Its groups in play
 * (foot, horsemen or civilians; not destroyed, not hidden, with figures left) that are not
 * under command this turn (status "commanded") each get one order from the rf/reaction
 * mechanic.  Groups of one side that share a platoon number (status "platoon", not 0) react as
 * one, under the first of them.  adj_rf_solo_new() pre-fills every order's inputs from the
 * battle (the casualty part from the groups' own records, quality, arms, routing ...); the
 * situational parts (an enemy in sight, in range, on the flank ...) keep their defaults until
 * the caller sets them on each order's inputs.  The exact odds of every action are there
 * before rolling.  adj_rf_solo_roll() rolls one D6 per order, in order, from a generator or
 * from dice entered at the table; adj_rf_solo_apply() writes one journal entry per order (so
 * each undoes alone; undoing the whole step is as many undos as there were orders).  A side
 * reacts once a turn: a second step for it in the same turn needs the referee's ruling.
 *
 * Hidden deployment.  The player names the enemy groups that start hidden and the places of
 * the markers ("wood edge A"): one marker for each group and one dummy for every two groups,
 * rounded up (adj_rf_dummy_count()), so even a single hidden group has a dummy beside it.
 * The markers become units of type "marker"; the groups are hidden (status "hidden", which
 * keeps them off rosters and out of the solo step); which marker hides which group is shuffled
 * with the battle's generator and kept sealed in the battle (adj-secret.h) until a marker is
 * reported spotted: then adj_rf_reveal_marker() says what it was, removes the marker and
 * brings the group into play, as one journal entry that undo takes back.
 */

#pragma once

#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-odds.h"

G_BEGIN_DECLS

/* The name of the battle's secret that holds the markers. */
#define ADJ_RF_MARKERS_SECRET "rf-markers"

typedef struct _AdjRfSolo AdjRfSolo;

/* One part of a group's Risk Factor, as the reaction mechanic counts it. */
typedef struct {
  const char *id;          /* the modifier id in the ruleset's "risk" group */
  const char *label;       /* untranslated */
  int         value;       /* what it adds (0 when it does not apply) */
  gboolean    computed;    /* taken from the battle, not from the players' eyes */
} AdjRfPart;

AdjRfSolo   *adj_rf_solo_new            (AdjBattle    *battle,
                                         GError      **error);
void         adj_rf_solo_free           (AdjRfSolo    *solo);
guint        adj_rf_solo_get_n_orders   (AdjRfSolo    *solo);
/* The group an order is for (the first of its platoon), and every group that follows it. */
const char  *adj_rf_solo_get_unit_id    (AdjRfSolo    *solo,
                                         guint         i);
GPtrArray   *adj_rf_solo_get_unit_ids   (AdjRfSolo    *solo,
                                         guint         i);
/* The rf/reaction inputs of an order: set the situational parts here before rolling. */
AdjInputs   *adj_rf_solo_get_inputs     (AdjRfSolo    *solo,
                                         guint         i);
/* Set inputs of several orders from JSON: { "<unit id>": { "<input>": value, ... }, ... }. */
gboolean     adj_rf_solo_set_json       (AdjRfSolo    *solo,
                                         json_object  *json,
                                         const char   *file,
                                         GError      **error);
/* The Risk Factor with its parts (of AdjRfPart, free with g_array_unref), from the inputs. */
int          adj_rf_solo_get_rf         (AdjRfSolo    *solo,
                                         guint         i,
                                         GArray      **parts);
AdjOdds     *adj_rf_solo_odds           (AdjRfSolo    *solo,
                                         guint         i,
                                         GError      **error);
/* Roll every order: with @rng, or with @dice entered at the table (one D6 per order, in the
 * orders' order) when @n_dice is not 0. */
gboolean     adj_rf_solo_roll           (AdjRfSolo    *solo,
                                         AdjRng       *rng,
                                         const int    *dice,
                                         guint         n_dice,
                                         GError      **error);
gboolean     adj_rf_solo_is_rolled      (AdjRfSolo    *solo);
AdjOutcome  *adj_rf_solo_get_outcome    (AdjRfSolo    *solo,
                                         guint         i);
/* A situational part of a group's Risk Factor: what the players see on the table and set. */
typedef struct {
  const char *input;       /* the rf/reaction input it sets */
  const char *part;        /* the part it makes count, an id of the ruleset's "risk" group */
  const char *label;       /* untranslated, a few words: "Enemy in range" */
  int         value;       /* what the part adds when it counts */
} AdjRfSwitch;

/* The situational parts the players may set for order @i (of AdjRfSwitch; free with
 * g_array_unref), in the order of the parts.  Those that cannot change this group's Risk
 * Factor are left out: "raw and within an enemy's reach" for a group that is not raw, "near
 * enemy horsemen" for one that is not native, "losing a melee" for one already routing. */
GArray      *adj_rf_solo_get_switches   (AdjRfSolo    *solo,
                                         guint         i);
/* The action a reaction die of @die (1-6, before its modifier) gives order @i as its inputs
 * stand now: which faces give what, for the odds shown before rolling. */
const char  *adj_rf_solo_action_for_die (AdjRfSolo    *solo,
                                         guint         i,
                                         int           die);
/* The players' description of a reaction action ("attack"), untranslated; NULL if unknown. */
const char  *adj_rf_action_meaning      (AdjRuleset   *rs,
                                         const char   *action);
/* "Zulu impi 2 — RF 3 — rolled 5 — ATTACK: close with the nearest enemy ..." (translated). */
char        *adj_rf_solo_order_text     (AdjRfSolo    *solo,
                                         guint         i);
/* Every order with its parts, odds and, once rolled, its result. */
json_object *adj_rf_solo_to_json        (AdjRfSolo    *solo);
/* Whether the rules let the enemy react now: each side Adjutant runs reacts once a turn.  FALSE
 * with an ADJ_ERROR_NOT_ALLOWED error naming the sides that have reacted this turn already. */
gboolean     adj_rf_solo_check          (AdjRfSolo    *solo,
                                         GError      **error);
/* Journal every order, one entry each.  What adj_rf_solo_check() refuses fails with its reason,
 * unless @allow: then every entry keeps the reason as the referee's ruling. */
gboolean     adj_rf_solo_apply          (AdjRfSolo    *solo,
                                         gboolean      allow,
                                         GError      **error);

/* Dummies added to @n_groups hidden groups: half as many, rounded up. */
guint        adj_rf_dummy_count         (guint         n_groups);
/* Hide @groups (unit ids, NULL-terminated) of @side under markers placed at @labels
 * (NULL-terminated; exactly n + adj_rf_dummy_count (n) of them). */
gboolean     adj_rf_deploy_hidden       (AdjBattle          *battle,
                                         const char         *side,
                                         const char * const *groups,
                                         const char * const *labels,
                                         GError            **error);
/* Report @marker (a unit id) spotted: reveals it; *@group gets the group found under it, or
 * NULL for a dummy. */
gboolean     adj_rf_reveal_marker       (AdjBattle    *battle,
                                         const char   *marker,
                                         char        **group,
                                         GError      **error);
/* The markers not yet spotted (unit ids, in battle order). */
GPtrArray   *adj_rf_hidden_markers      (AdjBattle    *battle);
/* The marker not yet spotted that @name names: its unit id, or its place ("wood edge A", in
 * any case).  NULL with ADJ_ERROR_NOT_FOUND when none does, ADJ_ERROR_INVALID when several
 * markers stand at that place. */
char        *adj_rf_find_marker         (AdjBattle    *battle,
                                         const char   *name,
                                         GError      **error);
/* Whether @battle is played by the Risk Factor rules; FALSE with ADJ_ERROR_UNSUPPORTED
 * saying so when it is not. */
gboolean     adj_rf_check_battle        (AdjBattle    *battle,
                                         GError      **error);
/* Whether @unit is off the table, hidden under one of the markers. */
gboolean     adj_rf_unit_is_hidden      (AdjBattle    *battle,
                                         AdjUnit      *unit);
/* Whether @unit may start hidden: a group (foot, horsemen or civilians; not a character or a
 * marker) of a side Adjutant runs, not destroyed and not hidden already. */
gboolean     adj_rf_group_may_hide      (AdjBattle    *battle,
                                         AdjUnit      *unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjRfSolo, adj_rf_solo_free)

G_END_DECLS
