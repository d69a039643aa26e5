/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-private.h: what the files of Redvers' Reverse share and nobody else sees — the input
 * macros of the mechanics, the ids the code knows, the sequence of play, the mechanics the
 * system table lists and the helpers more than one file calls.  The public API is adj-rr.h. */

#pragma once

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-random.h"
#include "adj-rr.h"
#include "adj-rules.h"
#include "adj-rules-util.h"
#include "adj-tables.h"

G_BEGIN_DECLS

#define MODIFIER_INPUT \
  INT_INPUT ("modifier", N_("Modifiers"), \
             N_("The modifiers your chart lists for this roll, added up"), -9, 9, 0)

#define MAX_SP      20
#define MAX_MARKERS 6     /* plot markers */

#define RR_N_MORALE_LEVELS 4
#define RR_N_COLUMNS       3
#define RR_N_STEPS         28
#define RR_N_DRIFTS        6     /* drifts with a marker */
#define RR_N_CROSSINGS     8

/* The brigades, groups and drifts the code knows by id (NULL-terminated); check_ruleset holds
 * rr.json to them. */
extern const char *const rr_brigade_ids[];
extern const char *const rr_group_ids[];
extern const char *const rr_drift_ids[];

/* Where units cross the Tugela: first the RR_N_DRIFTS drifts with a marker, in the order of
 * rr_drift_ids, then Robinson's Drift (which has none) and the bridge. */
extern const AdjChoice rr_crossings[RR_N_CROSSINGS];

/* The morale levels, best first. */
extern const AdjChoice rr_morale_levels[RR_N_MORALE_LEVELS];

/* Who tests on the Formation Morale chart: its columns. */
extern const AdjChoice rr_column_choices[RR_N_COLUMNS];

/* Reads a chart's cell for the odds: the outcome it gives. */
typedef const char *(*CellClassify) (json_object *value);

/* What hits do to a counter. */
typedef struct {
  const char *key;
  int         losses;      /* the Number marker afterwards */
  gboolean    reduced;
  int         strength;    /* afterwards */
  int         overflow;    /* left over once eliminated */
} LossResult;

/* The sequence of play: its steps in order. */
typedef enum {
  STEP_PLAYER   = 0,
  STEP_AUTO     = 1 << 0,   /* Adjutant carries it out when the marker reaches it */
  STEP_REQUIRED = 1 << 1,   /* a roll the rules require (when due) before moving on */
} StepFlags;

typedef struct {
  const char      *phase;
  const char      *segment;
  const char      *step;
  guint            flags;
  const AdjRrRoll *roll;           /* the roll of a STEP_REQUIRED step */
  const char      *mechanics[5];   /* the action panel's mechanics the step uses, NULL-ended */
  gboolean         commandos_fire; /* commandos may fire: they draw SP counters first */
} StepDef;

extern const StepDef rr_steps[RR_N_STEPS];

/* The mechanics, for the system table. */
extern const AdjMechanic rr_command_points;
extern const AdjMechanic rr_send_orders;
extern const AdjMechanic rr_receive_orders;
extern const AdjMechanic rr_withdrawal;
extern const AdjMechanic rr_drift;
extern const AdjMechanic rr_cross;
extern const AdjMechanic rr_leader_reaction;
extern const AdjMechanic rr_leader_recovery;
extern const AdjMechanic rr_leader_casualty;
extern const AdjMechanic rr_unit_recovery;
extern const AdjMechanic rr_formation_morale;
extern const AdjMechanic rr_shell_fire;
extern const AdjMechanic rr_rifle_fire;
extern const AdjMechanic rr_boer_target;
extern const AdjMechanic rr_shaken;
extern const AdjMechanic rr_boer_strength;
extern const AdjMechanic rr_stacking;
extern const AdjMechanic rr_losses;
extern const AdjMechanic rr_victory;

/* adj-rr.c */
const char *rr_member_string (json_object *obj, const char *key);
json_object *rr_find_id (json_object *list, const char *id);
int rr_morale_rank (const char *level);
const char *rr_morale_label (const char *level);
const char *rr_unit_type_id (AdjUnit *unit);
gboolean rr_unit_is (AdjUnit *unit, const char *type);
int rr_setting_int (AdjBattle *battle, const char *name);
gboolean rr_setting_bool (AdjBattle *battle, const char *name);
const char *rr_setting_string (AdjBattle *battle, const char *name);
gboolean rr_set_setting_int (AdjBattle *battle, AdjChangeSet *changes, const char *name, int value,
                             GError **error);
gboolean rr_set_setting_bool (AdjBattle *battle, AdjChangeSet *changes, const char *name,
                              gboolean value, GError **error);
gboolean rr_set_setting_string (AdjBattle *battle, AdjChangeSet *changes, const char *name,
                                const char *value, GError **error);
extern const AdjDrawSpec rr_two_dice;
gboolean rr_roll_dice (AdjRandom *random, AdjOutcome *outcome, const AdjDrawSpec *spec, int *sum,
                       GError **error);
void rr_add_modifier_line (AdjOutcome *outcome, int modifier, int total);
AdjEntry *rr_note (const char *format, ...) G_GNUC_PRINTF (1, 2);
char *rr_strength_column (AdjRuleset *rs, const char *table_id, AdjInputs *in);
gboolean rr_chart_odds (const AdjContext *ctx, AdjInputs *in, AdjOdds *odds, const char *table_id,
                        guint n_dice, int modifier, const char *column, CellClassify classify,
                        GError **error);
gboolean rr_chart_resolve (const AdjContext *ctx, AdjOutcome *outcome, const char *table_id,
                           int total, const char *column, json_object **cell, GError **error);
gboolean rr_roll_on_chart (const AdjContext *ctx, const char *table_id, const char *column,
                           int modifier, AdjRandom *random, const char *label, guint n_dice,
                           AdjOutcome *outcome, json_object **cell, GError **error);
gboolean rr_odds_certain (AdjInputs *in, AdjOdds *odds, const char *key);
AdjUnit *rr_find_unit_of_type (AdjBattle *battle, const char *type);
GPtrArray *rr_unit_ids (AdjBattle *battle, gboolean (*keep) (AdjUnit *unit));
const char *rr_unit_brigade (AdjUnit *unit);
const char *rr_unit_group (AdjUnit *unit);
gboolean rr_is_boer (AdjUnit *unit);
AdjUnit *rr_brigade_unit (AdjBattle *battle, const char *brigade, const char *type);
int rr_counter_strength (AdjUnit *unit);
int rr_morale_penalty (AdjRuleset *rs, const char *morale);
gboolean rr_check_battle (AdjBattle *battle, GError **error);
gboolean rr_check_in_play (AdjBattle *battle, GError **error);
gboolean rr_check_segment (AdjBattle *battle, const char *segment, GError **error);
AdjUnit *rr_need_unit (AdjBattle *battle, const char *id, GError **error);
/* For a mechanic's legal(): the unit input @name names a unit of the battle still in the game,
 * put in *@unit; else FALSE with the reason. */
gboolean rr_legal_unit (const AdjContext *ctx, AdjInputs *in, const char *name, AdjUnit **unit,
                        GError **error);
gboolean rr_check_area (const char *area, GError **error);
gboolean rr_check_brigade (AdjBattle *battle, const char *brigade, AdjUnit **leader,
                           GError **error);
AdjRandom *rr_use_random (AdjBattle *battle, AdjRandom *given, AdjRandom **own);
AdjInputs *rr_battle_inputs (AdjBattle *battle, const char *mechanic_id, const char *unit_input,
                             const char *unit_id, GError **error);
AdjOutcome *rr_resolve_in (AdjBattle *battle, AdjInputs *in, AdjRandom *random, GError **error);
AdjEntry *rr_outcome_entry (AdjBattle *battle, AdjInputs *in, AdjOutcome *outcome,
                            const char *summary, GError **error);
gboolean rr_require_table (AdjBattle *battle, const char *table_id, GError **error);
AdjTables *rr_battle_tables (AdjBattle *battle, GError **error);
json_object *rr_oob_brigade (AdjRuleset *rs, const char *brigade);
json_object *rr_oob_unit (AdjRuleset *rs, const char *unit_id);
gboolean rr_is_brigade_unit (AdjUnit *unit);
/* A counter that stands for troops, with strength points and a morale level: a brigade's
 * unit, a commando or a Boer gun (not a leader or a marker). */
gboolean rr_is_troop_unit (AdjUnit *unit);
/* The system's roster_unit: a box per strength point a counter can lose. */
void rr_roster_unit (AdjBattle     *battle,
                     AdjTables     *tables,
                     AdjUnit       *unit,
                     AdjRosterUnit *info);

/* adj-rr-command.c */
void rr_two_dice_draws (const AdjContext *ctx, AdjInputs *in, GArray *specs);
gboolean rr_place_marker (AdjBattle *battle, AdjChangeSet *changes, const char *brigade,
                          const char *type, const char *area, int arrives, const char *showing,
                          GError **error);
gboolean rr_take_marker_off (AdjBattle *battle, AdjChangeSet *changes, const char *brigade,
                             const char *type, GError **error);
const char *rr_withdrawal_case (AdjRuleset *rs, AdjInputs *in);

/* adj-rr-combat.c */
int rr_stacking_points (AdjRuleset *rs, int battalions, int regiments, int batteries);
gboolean rr_take_losses (const char *kind, int sp, int reduced_sp, gboolean reduced, int losses,
                         int hits, LossResult *r, GError **error);
const char *rr_loss_kind (const char *type);
/* What the kind and state of a unit allow: @firer fires shells (an unlimbered battery or a Boer
 * gun) or rifles (a battalion, regiment or commando neither routed nor on a No Fire counter),
 * shells or rifles hit @target (an enemy unit with strength points), and the Boer target die is
 * rolled for a commando or Boer gun; else FALSE with the reason. */
gboolean rr_shell_firer_ok (AdjUnit *firer, GError **error);
gboolean rr_boer_firer_ok (AdjUnit *firer, GError **error);
gboolean rr_rifle_firer_ok (AdjUnit *firer, GError **error);
gboolean rr_fire_target_ok (AdjUnit *firer, AdjUnit *target, GError **error);
gboolean rr_apply_loss_result (AdjBattle *battle, AdjChangeSet *changes, AdjUnit *unit,
                               const char *key, int losses, gboolean reduced, GError **error);
/* What the strength points @outcome of rifle fire takes would make of @target (r->key NULL when
 * nothing is lost); the battle does not change. */
gboolean rr_rifle_losses (AdjUnit *target, AdjOutcome *outcome, LossResult *r, GError **error);

/* adj-rr-units.c */
/* Every unit of @units (ids, NULL-ended) better than the morale level @level falls to it (a
 * released commando routed turns to Return); nothing for a key that is no level ("no-effect").
 * The names of those that fell go to @names (may be NULL). */
gboolean rr_lower_morale (AdjBattle *battle, AdjChangeSet *changes, const char * const *units,
                          const char *level, GPtrArray *names, GError **error);

/* adj-rr-sequence.c */
guint rr_current_step (AdjBattle *battle);
gboolean rr_at_step (AdjBattle *battle, const char *step);
gboolean rr_in_segment (AdjBattle *battle, const char *segment);
json_object *rr_step_json (AdjRuleset *rs, guint index);
const char *rr_segment_label (AdjRuleset *rs, const char *segment);
const char *rr_phase_label (AdjRuleset *rs, const char *phase);
gboolean rr_order_waits (const AdjRrOrder *order, gboolean send, int turn);
char *rr_join_names (GPtrArray *names);

/* adj-rr-setup.c */
json_object *rr_open_record (AdjBattle *battle, const char *name, GError **error);
json_object *rr_open_cups (AdjBattle *battle, GError **error);
gboolean rr_seal_cups (AdjBattle *battle, AdjChangeSet *changes, json_object *record,
                       GError **error);
void rr_shuffle_array (json_object *arr, AdjRng *rng);
const char *rr_cup_key (AdjRrCup cup);
char *rr_sp_counter_chit (AdjUnit *unit);
guint rr_move_back (json_object *from, json_object *cup, gboolean (*back) (const char *chit));
gboolean rr_returns_each_turn (const char *chit);
gboolean rr_is_misfire (const char *chit);
gboolean rr_is_ammo (const char *chit);
char *rr_drift_key (const char *drift, const char *suffix);
json_object *rr_drift_pool_json (AdjRuleset *rs, const char *drift);
json_object *rr_drift_json (AdjRuleset *rs, const char *drift);

/* adj-rr-check.c */
gboolean rr_check_ruleset (AdjRuleset *rs, GError **error);
/* adj-rr-sequence.c: AdjSystem.next_phase. */
gboolean rr_next_phase (AdjBattle *battle, gboolean whole_turn, GError **error);

G_END_DECLS

