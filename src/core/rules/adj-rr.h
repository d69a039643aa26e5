/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr.h: Redvers' Reverse beyond single mechanics — the solitaire player's bookkeeper and the
 * Boer side's automaton, for the Colenso dashboard and the command-line tool.
 *
 * The map and the counters stay on the table; the battle holds what the player would otherwise
 * keep on the Turn & Status track, the Segment track, the step marker, the brigade bars and in
 * the three chit cups:
 * - the tracks: Game Turn (the battle's turn), Confidence and its Shaken state, Loss, the
 *   phase (the battle's phase), segment and step, the command points;
 * - one unit per counter: Buller, Long, the HQ, a leader per brigade, every battalion, regiment
 *   and battery, every commando and Boer gun (the strengths printed on the counters are entered
 *   by the player: status "sp" and "reduced_sp"), a Planned Objective and an Objective marker
 *   per brigade (named after the area they stand in; off the table they are hidden) and an
 *   emplacement marker per area that has one (named after its area);
 * - the six drifts (battle settings: hidden, revealed with their value, found, or opened by a
 *   commando);
 * - sealed secrets (adj-secret.h): the values of the drift markers ("rr-drifts") and what each
 *   cup holds ("rr-cups").  Nothing of them is ever written to an outcome, a journal line, the
 *   report, a roster or the summary below before the rules reveal it: a drift's value when a
 *   battalion or regiment tries to find it, a chit when it is drawn.
 *
 * Every function that changes the battle writes journal entries (undoable), and every roll can
 * come from entered dice: pass an AdjRandom made with adj_random_enter_dice(), or NULL for the
 * battle's own generator.  Functions that need a chart the player types in (adj-tables.h) fail
 * with ADJ_ERROR_TABLE_INCOMPLETE naming the missing cells.
 */

#pragma once

#include <json-c/json.h>

#include "adj-battle.h"

G_BEGIN_DECLS

/* The names of the battle's secrets. */
#define ADJ_RR_DRIFTS_SECRET "rr-drifts"
#define ADJ_RR_CUPS_SECRET   "rr-cups"

/* Side ids of an Redvers' Reverse battle. */
#define ADJ_RR_BRITISH "british"
#define ADJ_RR_BOER    "boer"

typedef enum {
  ADJ_RR_CUP_BRITISH,      /* British event chits */
  ADJ_RR_CUP_BOER,         /* Boer event chits */
  ADJ_RR_CUP_SP,           /* Boer SP counters */
  ADJ_RR_N_CUPS
} AdjRrCup;

typedef enum {
  ADJ_RR_ORDER_NONE,        /* no marker of the brigade on the table */
  ADJ_RR_ORDER_PLANNED,     /* a Planned Objective placed this turn, not yet rolled for */
  ADJ_RR_ORDER_IN_TRANSIT,  /* its Objective Marker waits on the turn track */
  ADJ_RR_ORDER_OBJECTIVE,   /* its Objective Marker is on the map: the brigade moves to it */
  ADJ_RR_ORDER_FAIL,        /* its Objective Marker shows Fail: an emergency withdrawal */
  ADJ_RR_ORDER_CHARGE,      /* a charge at the guns: the player must place the marker */
} AdjRrOrderState;

typedef enum {
  ADJ_RR_DRIFT_HIDDEN,      /* not found, value face down */
  ADJ_RR_DRIFT_REVEALED,    /* not found, value shown */
  ADJ_RR_DRIFT_FOUND,       /* found: the marker is gone */
  ADJ_RR_DRIFT_CLEARED,     /* a commando entered it: the marker went unseen */
} AdjRrDriftState;

/* Where the game stands (strings point into the ruleset and live as long as it does). */
typedef struct {
  int          turn;          /* Game Turn, 1 to 20 */
  int          confidence;    /* 1 to 20 */
  int          shaken;        /* times the Boers were shaken: 0, 1 or 2 */
  int          loss;          /* 1 to 20 (starts at 10) */
  int          cp;            /* command points left this turn */
  int          cp_spent;      /* spent this turn */
  const char  *phase;         /* ids of the sequence of play */
  const char  *segment;
  const char  *step;
  int          step_number;   /* 1-based within the segment */
  int          n_steps;       /* steps of the segment */
  gboolean     step_done;     /* the step's own work is done (automatic steps, required rolls) */
  const char  *result;        /* "none", "british-victory", "pyrrhic-victory", "boer-victory" */
  const char  *end_reason;    /* "none", "shaken-twice", "confidence", "loss", "last-turn" */
} AdjRrTracks;

/* A brigade's orders as its markers show them. */
typedef struct {
  AdjRrOrderState  state;
  const char      *planned_area;    /* the Planned Objective's area, or NULL (borrowed) */
  const char      *objective_area;  /* the Objective Marker's area, or NULL (borrowed) */
  int              arrives;         /* IN_TRANSIT: the turn box it sits in */
  int              turns_to_arrive; /* IN_TRANSIT: arrives less the Game Turn */
  gboolean         ordered_this_turn;
} AdjRrOrder;

/* ---- setting up ---- */

/* Add the two sides and one unit per counter of the orders of battle in rr.json, plus the
 * markers, to a battle that has none yet (not journaled: this builds the battle).  @strengths
 * may give what the player reads on the counters, by unit id or by name:
 * { "<unit>": { "sp": 5, "reduced_sp": 3, "order_modifier": 1 }, ... }; anything not given
 * stays 0 ("not entered") except the guns of batteries and Boer artillery, which the orders of
 * battle give. */
gboolean     adj_rr_add_order_of_battle (AdjBattle          *battle,
                                         json_object        *strengths,
                                         GError            **error);
/* Set the game up, as one journal entry: the tracks (turn 1, Confidence 1, Loss 10, 8 CP, the
 * step marker at Send Orders), the starting states of the counters (the 2nd Royal Fusiliers
 * at 2 SP, regiments dismounted, batteries limbered, HQ operative), an emplacement marker showing
 * Hidden in each area of @emplacements (NULL-terminated area names), the drift markers drawn at
 * random and sealed, and the cups filled from the player's chit tables less the chits of the
 * variants not chosen.  @variants are row ids of the "variants" table (NULL: none); their
 * balance ratings must add up to zero. */
gboolean     adj_rr_setup               (AdjBattle          *battle,
                                         const char * const *variants,
                                         const char * const *emplacements,
                                         AdjRandom          *random,
                                         GError            **error);
gboolean     adj_rr_is_set_up           (AdjBattle          *battle);
/* The counters whose strengths the player has not entered yet (ids, in battle order): a
 * battalion, regiment, battery, commando or Boer gun whose "sp" is 0, or a battalion or commando
 * whose "reduced_sp" is 0.  adj_rr_setup() goes ahead without them; only a counter the orders of
 * battle start below strength ("start_sp") has its starting losses marked from what it shows. */
GPtrArray   *adj_rr_missing_strengths   (AdjBattle          *battle);
/* Which of @unit's strengths are still to be entered: the front ("sp") of every counter that
 * has one, the reverse ("reduced_sp") of battalions and commandos.  FALSE when it needs none. */
gboolean     adj_rr_strengths_missing   (AdjUnit            *unit,
                                         gboolean           *front,
                                         gboolean           *reverse);
/* Whether the orders of battle start @unit below the strength printed on its counter (set-up
 * marks the losses from that strength, so it is best entered first). */
gboolean     adj_rr_unit_starts_reduced (AdjRuleset         *rs,
                                         const char         *unit);
/* The command points of a turn, as set-up puts them on the track. */
int          adj_rr_start_cp            (AdjRuleset         *rs);
/* The charts set-up reads, in the order it reads them (the first, "variants", only for the rows
 * chosen; NULL-terminated). */
const char * const *adj_rr_setup_charts (void);
/* The first chart set-up with @variants would find incomplete, or NULL (also NULL when the
 * charts cannot be read at all: adj_rr_setup_check() says why). */
const char  *adj_rr_setup_incomplete_chart (AdjBattle       *battle,
                                            const char * const *variants);
/* A variant's balance rating on the player's Variants chart; FALSE when none is entered. */
gboolean     adj_rr_variant_rating      (AdjBattle          *battle,
                                         const char         *variant,
                                         int                *rating);
/* What set-up would refuse in @variants and @emplacements, checked as the player picks them:
 * the charts, the balance of the variants' ratings (added up in *balance, which a rating not
 * entered counts as 0) and the areas (each at most 200 characters and named once).  *chart (may
 * be NULL) gets the incomplete chart, or NULL. */
gboolean     adj_rr_setup_check         (AdjBattle          *battle,
                                         const char * const *variants,
                                         const char * const *emplacements,
                                         int                *balance,
                                         const char        **chart,
                                         GError            **error);

/* ---- the sequence of play ---- */

void         adj_rr_get_tracks          (AdjBattle          *battle,
                                         AdjRrTracks        *tracks);
/* What the current step still needs before the marker may move on (translated), or NULL. */
char        *adj_rr_pending             (AdjBattle          *battle);
/* Move the step marker on (to the next segment, phase or Game Turn as needed), as a journal
 * entry; a step Adjutant carries out itself (collecting CP, returning chits and counters, the
 * Confidence box, the victory check) is then done as a second entry.  Fails with
 * ADJ_ERROR_NOT_ALLOWED while adj_rr_pending() says something, or once the battle is over. */
gboolean     adj_rr_next_step           (AdjBattle          *battle,
                                         GError            **error);

/* What was done at the current step so far: the journal entries made since the step marker
 * last moved, oldest first (AdjEntry, borrowed from the journal; empty before the marker has
 * moved at all). */
GPtrArray   *adj_rr_step_entries        (AdjBattle          *battle);

/* A roll a step asks for before the marker moves on. */
typedef struct {
  const char  *id;         /* the id of the step it belongs to */
  const char  *label;      /* untranslated (translate with adj_gettext()), with a mnemonic */
  const char  *tooltip;    /* untranslated */
  AdjRrCup     cup;        /* a chit drawn from this cup, or ADJ_RR_N_CUPS: two dice a roll */
} AdjRrRoll;

/* The roll of step @step, or NULL when the step asks for none. */
const AdjRrRoll    *adj_rr_step_roll      (const char         *step);
/* The mechanics of the action panel the player resolves during step @step (ids, NULL-terminated;
 * empty for a step that uses none). */
const char * const *adj_rr_step_mechanics (const char         *step);
/* Whether commandos may fire during step @step (and so draw an SP counter first). */
gboolean     adj_rr_step_commandos_fire (const char         *step);
/* The label and the hint of step @step, and the label of segment @segment, as rr.json gives
 * them, translated ("" when there is none). */
const char  *adj_rr_step_label          (AdjRuleset         *rs,
                                         const char         *step);
const char  *adj_rr_step_hint           (AdjRuleset         *rs,
                                         const char         *step);
const char  *adj_rr_segment_label       (AdjRuleset         *rs,
                                         const char         *segment);
/* Whether the current step's roll is still to be made (FALSE at a step without one). */
gboolean     adj_rr_roll_wanted         (AdjBattle          *battle);
/* Make the roll @roll (an AdjRrRoll id): draw the event chit, roll for the orders or take the
 * Shaken test.  Fails with ADJ_ERROR_NOT_FOUND for a roll no step asks for. */
gboolean     adj_rr_roll                (AdjBattle          *battle,
                                         const char         *roll,
                                         AdjRandom          *random,
                                         GError            **error);

/* ---- tracks ---- */

/* Apply line @line (1-based) of the player's Status chart @times times. */
gboolean     adj_rr_apply_status        (AdjBattle          *battle,
                                         guint               line,
                                         int                 times,
                                         GError            **error);
/* Move Confidence and Loss by hand (the player read the chart), for @reason (a short text). */
gboolean     adj_rr_move_markers        (AdjBattle          *battle,
                                         int                 confidence,
                                         int                 loss,
                                         const char         *reason,
                                         GError            **error);
/* The Boer Shaken test of the Boer Shaken segment (rr/shaken). */
gboolean     adj_rr_shaken_test         (AdjBattle          *battle,
                                         AdjRandom          *random,
                                         GError            **error);

/* ---- orders ---- */

/* The brigade ids, in the order of the orders of battle (owned by the ruleset). */
const char * const *adj_rr_brigades     (AdjRuleset         *rs);
const char  *adj_rr_brigade_label       (AdjRuleset         *rs,
                                         const char         *brigade);
/* The brigade's leader unit, or NULL. */
AdjUnit     *adj_rr_brigade_leader      (AdjBattle          *battle,
                                         const char         *brigade);
gboolean     adj_rr_get_order           (AdjBattle          *battle,
                                         const char         *brigade,
                                         AdjRrOrder         *order);
/* Whether the brigade is Long's batteries (only they may take an order from Long). */
gboolean     adj_rr_brigade_is_artillery (AdjRuleset        *rs,
                                          const char        *brigade);

/* What the player may do with a brigade at the current step. */
typedef enum {
  ADJ_RR_BRIGADE_TASK_NONE,
  ADJ_RR_BRIGADE_TASK_ORDER,     /* Send Orders: give it an objective */
  ADJ_RR_BRIGADE_TASK_CHARGE,    /* it charges the guns: place its Objective Marker */
  ADJ_RR_BRIGADE_TASK_WITHDRAW,  /* a quarter of its strength lost: test for withdrawal */
  ADJ_RR_BRIGADE_TASK_REACHED,   /* British Movement: its leader reached the objective */
} AdjRrBrigadeTask;

AdjRrBrigadeTask adj_rr_brigade_task    (AdjBattle          *battle,
                                         const char         *brigade);
/* Send Orders: place the brigade's Planned Objective in @area (1 CP), or with @from_long the
 * Objective Marker itself (free, a battery brigade only, once a turn). */
gboolean     adj_rr_plan_order          (AdjBattle          *battle,
                                         const char         *brigade,
                                         const char         *area,
                                         gboolean            from_long,
                                         GError            **error);
/* Roll on the Send Orders table for every planned order not yet rolled for (one entry each). */
gboolean     adj_rr_roll_send_orders    (AdjBattle          *battle,
                                         AdjRandom          *random,
                                         GError            **error);
/* Roll on the Receive Orders table for every Objective Marker in this turn's box. */
gboolean     adj_rr_roll_receive_orders (AdjBattle          *battle,
                                         AdjRandom          *random,
                                         GError            **error);
/* After a charge at the guns: put the Objective Marker in @area. */
gboolean     adj_rr_place_objective     (AdjBattle          *battle,
                                         const char         *brigade,
                                         const char         *area,
                                         GError            **error);
/* The leader reached his objective: the Objective Marker comes off. */
gboolean     adj_rr_objective_reached   (AdjBattle          *battle,
                                         const char         *brigade,
                                         GError            **error);
/* The brigade's strength at the start and now, in strength points. */
gboolean     adj_rr_brigade_strength    (AdjBattle          *battle,
                                         const char         *brigade,
                                         int                *start,
                                         int                *now,
                                         GError            **error);
/* Emergency withdrawal: test (or withdraw without a test at half strength lost); when it
 * withdraws, the Objective Marker goes showing Fail to @area. */
gboolean     adj_rr_emergency_withdrawal (AdjBattle         *battle,
                                          const char        *brigade,
                                          const char        *area,
                                          int                modifier,
                                          AdjRandom         *random,
                                          gboolean          *withdrew,
                                          GError           **error);

/* ---- drifts ---- */

/* The six drift ids (owned by the ruleset), and a drift's label. */
const char * const *adj_rr_drifts       (AdjRuleset         *rs);
const char  *adj_rr_drift_label         (AdjRuleset         *rs,
                                         const char         *drift);
/* The state; *value is the marker's value once shown, else 0 (never the hidden value). */
AdjRrDriftState adj_rr_drift_state      (AdjBattle          *battle,
                                         const char         *drift,
                                         int                *value);
/* A battalion or regiment is about to enter the drift: show its value and roll (once a turn
 * per drift).  Not found: the unit stops and its brigade's objective markers come off. */
gboolean     adj_rr_find_drift          (AdjBattle          *battle,
                                         const char         *drift,
                                         const char         *unit,
                                         AdjRandom          *random,
                                         gboolean           *found,
                                         GError            **error);
/* A commando entered the drift: its marker goes, unseen; the British may use it from now on. */
gboolean     adj_rr_commando_opens_drift (AdjBattle         *battle,
                                          const char        *drift,
                                          GError           **error);
/* The values of the markers the drift's marker is drawn from (int; public, as the counters
 * are printed: never which of them it is). */
GArray      *adj_rr_drift_pool          (AdjRuleset         *rs,
                                         const char         *drift);
/* Whether a unit has looked for the drift this Game Turn (it may again next turn). */
gboolean     adj_rr_drift_tried         (AdjBattle          *battle,
                                         const char         *drift);

/* A brigade's orders in words, as its markers show them ("Planned: Colenso Station"). */
char        *adj_rr_order_text          (const AdjRrOrder   *order);
/* A drift's marker in words ("Hidden", "Shows 10 · not found"): a value only once shown. */
char        *adj_rr_drift_text          (AdjBattle          *battle,
                                         const char         *drift);
/* The markers a drift's value is drawn from in words ("One of 12, 10, 10, 10 or 6"); "" for a
 * drift without a marker. */
char        *adj_rr_drift_pool_text     (AdjRuleset         *rs,
                                         const char         *drift);

/* What the player may report of a drift at the current step. */
typedef enum {
  ADJ_RR_DRIFT_TASK_NONE,
  ADJ_RR_DRIFT_TASK_FIND,        /* British Movement: a battalion or regiment tries to cross */
  ADJ_RR_DRIFT_TASK_COMMANDO,    /* Boer Movement: a commando entered it */
} AdjRrDriftTask;

AdjRrDriftTask adj_rr_drift_task        (AdjBattle          *battle,
                                         const char         *drift);
/* The units that may look for a drift: battalions and regiments in play (ids). */
GPtrArray   *adj_rr_drift_finders       (AdjBattle          *battle);

/* ---- cups ---- */

/* How many chits or counters are in the cup now (never which). */
guint        adj_rr_cup_count           (AdjBattle          *battle,
                                         AdjRrCup            cup);
/* Chits drawn that are still in play and will come back (ids, row ids of the chit tables). */
GPtrArray   *adj_rr_cup_in_play         (AdjBattle          *battle,
                                         AdjRrCup            cup);
/* The translated name of a chit ("Hesitate", "Other chit C", "+2", "No Fire"). */
char        *adj_rr_chit_label          (AdjRuleset         *rs,
                                         AdjRrCup            cup,
                                         const char         *chit);
/* Draw an event chit from the British or the Boer cup and do what the rules say of it; the
 * chit's id goes to *chit (may be NULL). */
gboolean     adj_rr_draw_event          (AdjBattle          *battle,
                                         AdjRrCup            cup,
                                         AdjRandom          *random,
                                         char              **chit,
                                         GError            **error);
/* Put an SP counter on a commando about to fire (none when it has one already). */
gboolean     adj_rr_draw_sp_counter     (AdjBattle          *battle,
                                         const char         *commando,
                                         AdjRandom          *random,
                                         GError            **error);
/* The commandos in play without an SP counter (ids). */
GPtrArray   *adj_rr_commandos_without_counter (AdjBattle    *battle);

/* ---- units ---- */

/* Strength points now: a British unit's, or a Boer unit's actual strength (counter less Number
 * marker, with its SP counter and its morale); 0 when eliminated. */
int          adj_rr_unit_strength       (AdjBattle          *battle,
                                         AdjUnit            *unit);
/* Whether @unit is a counter of the game rather than a marker (an order or emplacement). */
gboolean     adj_rr_unit_is_counter     (AdjUnit            *unit);
/* Whether the counter has a strength at all (a leader and the HQ have none). */
gboolean     adj_rr_unit_has_strength   (AdjUnit            *unit);
/* The markers on a counter in words, translated, in the order they are shown: losses, reduced,
 * the leader's marker, replacement, mounted, limbered, the HQ's mode, the Boer markers and the
 * SP counter (a value only once drawn: it sits face up on the commando). */
GPtrArray   *adj_rr_unit_markers        (AdjBattle          *battle,
                                         AdjUnit            *unit);
/* @units (ids) strongest first; equal strengths keep their order (the player then chooses). */
GPtrArray   *adj_rr_strongest_first     (AdjBattle          *battle,
                                         const char * const *units);
/* The stacking points of @units (the British units in one area); *crowded at 9 or more. */
int          adj_rr_stacking_points     (AdjBattle          *battle,
                                         const char * const *units,
                                         gboolean           *crowded);
/* Take @sp strength points off @unit (Number marker, reduced, eliminated); *overflow gets what
 * is left over after it is eliminated (for another unit of the same kind). */
gboolean     adj_rr_apply_losses        (AdjBattle          *battle,
                                         const char         *unit,
                                         int                 sp,
                                         int                *overflow,
                                         GError            **error);
/* The brigade lost strength: two dice for Panicked or Standing Firm on its leader. */
gboolean     adj_rr_leader_reaction     (AdjBattle          *battle,
                                         const char         *brigade,
                                         AdjRandom          *random,
                                         GError            **error);
/* British Recovery: two dice to take the leader's marker off. */
gboolean     adj_rr_leader_recovery     (AdjBattle          *battle,
                                         const char         *leader,
                                         AdjRandom          *random,
                                         GError            **error);
/* Buller, Long or a brigade leader where a British unit lost strength: 2 or 12 and he falls. */
gboolean     adj_rr_leader_casualty     (AdjBattle          *battle,
                                         const char         *unit,
                                         AdjRandom          *random,
                                         GError            **error);
/* A disrupted, suppressed or routed unit rolls on the Unit Recovery table. */
gboolean     adj_rr_unit_recovery       (AdjBattle          *battle,
                                         const char         *unit,
                                         int                 modifier,
                                         AdjRandom          *random,
                                         GError            **error);
/* A brigade or group lost strength in an area: one roll on the Formation Morale table for
 * @units (its units in the area); @column "brigade", "group-emplacement" or "group-open". */
gboolean     adj_rr_formation_morale    (AdjBattle          *battle,
                                         const char * const *units,
                                         const char         *column,
                                         int                 modifier,
                                         AdjRandom          *random,
                                         GError            **error);
/* A gun or battery fires at the units of an area (@targets): the Shell Fire table's result is
 * marked on all of them. */
gboolean     adj_rr_shell_fire          (AdjBattle          *battle,
                                         const char         *firer,
                                         const char * const *targets,
                                         int                 modifier,
                                         AdjRandom          *random,
                                         GError            **error);
/* A commando, battalion or regiment fires at @target: the losses of the Rifle Fire table are
 * taken; *overflow as for adj_rr_apply_losses(). */
gboolean     adj_rr_rifle_fire          (AdjBattle          *battle,
                                         const char         *firer,
                                         const char         *target,
                                         int                 modifier,
                                         AdjRandom          *random,
                                         int                *overflow,
                                         GError            **error);
/* Boer targeting: the areas of the six plot markers, in the order 1 to 6 (an area may carry
 * several), and one die; *area gets the target area. */
gboolean     adj_rr_boer_target         (AdjBattle          *battle,
                                         const char         *firer,
                                         const char * const *plot_areas,
                                         AdjRandom          *random,
                                         char              **area,
                                         GError            **error);
/* The exact odds of each area of the plot, keyed by area (as the player named them). */
AdjOdds     *adj_rr_boer_target_odds    (const char * const *plot_areas,
                                         GError            **error);

/* ---- emplacements ---- */

/* The emplacement marker units (ids, in battle order). */
GPtrArray   *adj_rr_emplacements        (AdjBattle          *battle);
/* A Boer unit in its area fired its first shot: the Hidden marker comes off. */
gboolean     adj_rr_emplacement_fired   (AdjBattle          *battle,
                                         const char         *emplacement,
                                         GError            **error);
/* What the player may report of an emplacement now. */
typedef enum {
  ADJ_RR_EMPLACEMENT_TASK_NONE,
  ADJ_RR_EMPLACEMENT_TASK_FIRST_SHOT, /* it still shows Hidden: a Boer unit in its area fired */
  ADJ_RR_EMPLACEMENT_TASK_WHO_HOLDS,  /* Boer Shaken: who stands in its area */
} AdjRrEmplacementTask;

AdjRrEmplacementTask adj_rr_emplacement_task (AdjBattle     *battle,
                                              const char    *emplacement);
/* Boer Shaken segment: who is in the emplacement's area; captures or retakes it. */
gboolean     adj_rr_update_emplacement  (AdjBattle          *battle,
                                         const char         *emplacement,
                                         gboolean            british_present,
                                         gboolean            boers_present,
                                         GError            **error);

/* ---- for the dashboard ---- */

/* Everything the dashboard shows, as JSON: tracks, position in the sequence (with what the
 * step still needs), CP, each brigade's orders and strength, the drifts (a value only once
 * shown), the cups (counts and the chits in play), the emplacements and every counter with its
 * strength, losses, morale and markers.  It never holds a hidden value. */
json_object *adj_rr_summary             (AdjBattle          *battle);
/* The last Game Turn: the ruleset's turn limit, else the "last_turn" of its tracks. */
int          adj_rr_last_turn           (AdjRuleset         *rs);
/* The Loss box where the Boers win, and the first box where a British win is Pyrrhic. */
int          adj_rr_loss_end            (AdjRuleset         *rs);
int          adj_rr_pyrrhic_from        (AdjRuleset         *rs);
/* The Loss track read out, e.g. "Loss 12 of 20" (newly allocated, translated). */
char        *adj_rr_loss_spoken         (AdjRuleset         *rs,
                                         int                 loss);
/* How many times the Boers may be shaken before they withdraw. */
int          adj_rr_shaken_to_withdraw  (AdjRuleset         *rs);
/* The Shaken state for @shaken times shaken, translated (0, 1, else twice). */
const char  *adj_rr_shaken_label        (int                 shaken);
/* The notes the dashboard shows beside its tracks and in its dialogs, with the numbers of the
 * rules (each newly allocated and translated). */
/* Under the Game Turn track: when Boer event chits start and when the Boers hold. */
char        *adj_rr_turn_note           (AdjRuleset         *rs);
/* Under the Loss track: where a British win turns Pyrrhic and where the Boers win. */
char        *adj_rr_loss_note           (AdjRuleset         *rs);
/* Under the command points: @spent this turn, what an order costs and what becomes of the rest. */
char        *adj_rr_cp_note             (AdjRuleset         *rs,
                                         int                 spent);
/* The body of the dialog that plans an order for @brigade, with @cp command points left. */
char        *adj_rr_order_note          (AdjRuleset         *rs,
                                         const char         *brigade,
                                         int                 cp);
/* How to type in what was rolled or drawn at the table for @roll. */
char        *adj_rr_roll_entry_note     (AdjBattle          *battle,
                                         const AdjRrRoll    *roll);
/* What setting up the game does. */
char        *adj_rr_setup_note          (AdjRuleset         *rs);

G_END_DECLS
