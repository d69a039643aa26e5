/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-private.h: what the files of Glidden's colonial rules share: input macros, the
 * choices several mechanics offer, and the functions one file lends another. */

#pragma once

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rules-util.h"
#include "adj-rules.h"
#include "adj-tables.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

#define MAX_FIGURES 40    /* figures an input may give: a full unit has at most 21 */
#define MAX_HITS    40
#define MAX_CREWS   12
#define MAX_ROUNDS  1000  /* re-rolled ties: a safety net no fair die ever reaches */

#define BOAT "boat"

/* adj-gl.c */
extern const AdjChoice gl_class_choices[3];
extern const AdjChoice gl_band_choices[3];
extern const AdjChoice gl_cover_choices[3];
extern const AdjChoice gl_formation_choices[4];
extern const AdjChoice gl_move_choices[10];
extern const char *const gl_fire_tables[3];
extern const char *const gl_movement_tables[2];
/* The phases of the turn in which a side's card lets it take a mechanic as a step. */
extern const char *const gl_movement_phase[2];
extern const char *const gl_fire_phase[2];
int gl_pass_score (AdjRuleset *rs,
                   const char *morale_class);
const char *gl_class_label (const char *id);
gboolean gl_value_bool (const AdjOutcome *outcome,
                        const char       *name);
gboolean gl_apply_losses (const AdjContext  *ctx,
                          AdjChangeSet      *changes,
                          const char        *unit_id,
                          int                killed,
                          gboolean           officer_killed,
                          gboolean           nco_killed,
                          GError           **error);
char *gl_inches_label (int value);
int gl_sum_of (const int *dice,
               guint      n);
int *gl_roll_dice (AdjRandom   *random,
                   AdjOutcome  *outcome,
                   const char  *group,
                   const char  *label,
                   guint        n,
                   GError     **error);
gboolean gl_table_cell (const AdjContext  *ctx,
                        AdjTables        **tables,
                        const char        *table_id,
                        const char        *row,
                        const char        *column,
                        int               *number,
                        const char       **special,
                        GError           **error);
void gl_note_missing_table (AdjOutcome *outcome,
                            AdjTables  *tables,
                            const char *table_id);

/* adj-gl-turn.c */
gboolean gl_pack_counts (const AdjContext  *ctx,
                         gboolean         (*match) (AdjCard card, gpointer data),
                         gpointer           data,
                         guint             *n,
                         guint             *hits,
                         guint             *turned_n,
                         guint             *turned_hits,
                         GError           **error);
/* Whether the last card turned in this phase of this turn lets @unit act now: its side, and when a
 * card governs one unit, no other unit of that side has acted on it.  TRUE when no card is turned
 * yet. */
gboolean gl_legal_card (const AdjContext  *ctx,
                        AdjUnit           *unit,
                        GError           **error);
/* A unit moves (or charges) once a turn, and fires once a turn: FALSE with the reason if the
 * journal shows @unit doing it already (@fire: firing, else moving). */
/* The movement phase moves, charges and melees, the fire phase fires: FALSE with the reason
 * when @mech belongs to another phase than the battle's. */
gboolean gl_legal_phase (const AdjContext  *ctx,
                         const AdjMechanic *mech,
                         GError           **error);
gboolean gl_legal_once (const AdjContext  *ctx,
                        AdjUnit           *unit,
                        gboolean           fire,
                        GError           **error);
/* The system's turn_state: the card up, what it lets its side do, and who has acted on it. */
void gl_turn_state (AdjBattle *battle,
                    GPtrArray *facts);
extern const AdjMechanic gl_turn_card;
extern const AdjMechanic gl_makeup;

/* adj-gl-move.c */
extern const AdjMechanic gl_morale;
extern const AdjMechanic gl_movement;
extern const AdjMechanic gl_discovery;
extern const AdjMechanic gl_scouts;
extern const AdjMechanic gl_charge;
/* The system's roster_unit: the dice the unit moves by, from the movement table. */
void gl_roster_unit (AdjBattle     *battle,
                     AdjTables     *tables,
                     AdjUnit       *unit,
                     AdjRosterUnit *info);

/* adj-gl-fire.c */
extern const AdjMechanic gl_fire;
extern const AdjMechanic gl_hit_cards;

/* adj-gl-melee.c */
extern const AdjMechanic gl_melee_pair;
extern const AdjMechanic gl_melee;

/* adj-gl-check.c */
gboolean gl_check_ruleset (AdjRuleset  *rs,
                           GError     **error);

G_END_DECLS
