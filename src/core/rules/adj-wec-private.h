/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-private.h: what the files of When Empires Clash! share: input macros, the dice
 * choices, and the functions one file lends another. */

#pragma once

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rules-util.h"
#include "adj-rules.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

#define DICE_INPUT(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices = wec_dice_choices, \
    .n_choices = G_N_ELEMENTS (wec_dice_choices), .def_choice = "2d6", .from = from_ }

typedef gboolean (*UnitFilter) (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);

/* adj-wec.c */
extern const AdjChoice wec_dice_choices[2];
extern const AdjChoice wec_budget_choices[2];
const char *wec_fighting_category (const AdjUnitType *type,
                                   gboolean           dismounted);
gboolean wec_is_gun (const char *category);
gboolean wec_is_large_gun (const AdjUnitType *type,
                           gboolean           large_stand);
const char *wec_side_name (const AdjContext *ctx,
                           AdjInputs        *in,
                           const char       *input,
                           const char       *fallback);
/* Whether input "side_a" (@side 0) or "side_b" (1) names a side of the battle. */
gboolean wec_side_named (const AdjContext *ctx,
                         AdjInputs        *in,
                         int               side);
int wec_side_sum (AdjBattle  *battle,
                  const char *side,
                  UnitFilter  filter,
                  gboolean    count_only);
gboolean wec_is_command (const AdjUnitType *type);
gboolean wec_filter_army (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);
gboolean wec_filter_destroyed_army (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);
gboolean wec_filter_remaining (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);
gboolean wec_filter_command (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);
gboolean wec_filter_live_command (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);
gboolean wec_filter_heavy (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);
/* The entrenchment lengths that count (each half a point): 0 when the battle's setting says
 * entrenchments do not count.  @battle_settings is NULL for an army list outside a battle. */
int wec_entrenchment_lengths (json_object *battle_settings,
                              json_object *side_settings);
/* The same for a side of @battle. */
int wec_counted_entrenchment (AdjBattle  *battle,
                              const char *side);
char *wec_format_half_points (int half);

/* adj-wec-combat.c */
extern const AdjMechanic wec_fire_combat;
extern const AdjMechanic wec_close_combat;

/* adj-wec-turn.c */
extern const AdjMechanic wec_initiative;
extern const AdjMechanic wec_baselines;
extern const AdjMechanic wec_terrain;
extern const AdjMechanic wec_activation;
extern const AdjChoice wec_rating_outcomes[3];
extern const AdjMechanic wec_commander_rating;
extern const AdjField wec_side_only_inputs[1];
char *wec_squares_label (int value);
extern const AdjMechanic wec_deployment;

/* adj-wec-army.c */
extern const AdjMechanic wec_army_value;
void wec_report_army_limits (AdjRuleset    *rs,
                             gboolean       rolled,
                             int            rolled_value,
                             int            total,
                             int            heavy,
                             int            lengths,
                             int            commands,
                             AdjArmyReport *report);
extern const AdjMechanic wec_army_limits;

/* adj-wec-move.c */
int wec_own_move (const AdjUnitType *type,
                  gboolean           dismounted,
                  gboolean           mounted,
                  gboolean           large_stand,
                  const char       **why);
extern const AdjMechanic wec_movement;
extern const AdjMechanic wec_recoil;
extern const AdjMechanic wec_withdrawal;
extern const AdjMechanic wec_battle_result;
/* A side's value against its withdrawal line, as wec/withdrawal counts it. */
typedef struct {
  int original;       /* every stand it began with, the command stand aside */
  int destroyed;      /* of those, the value destroyed */
  int lengths;        /* entrenchment lengths, when they count */
  int original_half;  /* the starting value in half points, entrenchment included */
  int lost_half;      /* the value destroyed in half points */
} WecLosses;
void wec_side_losses (AdjBattle  *battle,
                      const char *side,
                      WecLosses  *losses);
int wec_withdrawal_line (AdjRuleset *rs,
                         int         original_half);
/* How great a victory a lead of @lead_half half points (above 0) is: "marginal", "decisive" or
 * "overwhelming", as wec/battle-result says. */
const char *wec_victory_level (AdjRuleset *rs,
                               int         lead_half);
/* What a side has left in half points, the command stand and counted entrenchment included. */
int wec_side_remaining_half (AdjBattle  *battle,
                             const char *side);

/* adj-wec-state.c */
int wec_activations_rolled (AdjBattle  *battle,
                            const char *side);
int wec_activations_used (AdjBattle  *battle,
                          const char *side);
gboolean wec_record_initiative (const AdjContext  *ctx,
                                AdjChangeSet      *changes,
                                const char        *winner,
                                const char        *loser,
                                gboolean           take,
                                GError           **error);
gboolean wec_record_activations (const AdjContext  *ctx,
                                 AdjChangeSet      *changes,
                                 const char        *side,
                                 int                stands,
                                 GError           **error);
gboolean wec_record_acted (const AdjContext  *ctx,
                           AdjChangeSet      *changes,
                           const char        *unit,
                           GError           **error);
void wec_turn_state (AdjBattle *battle,
                     GPtrArray *facts);

/* adj-wec-check.c */
gboolean wec_check_ruleset (AdjRuleset  *rs,
                            GError     **error);
gboolean wec_check_army (AdjRuleset     *rs,
                         AdjArmy        *army,
                         AdjArmyReport  *report,
                         GError        **error);
/* Whether @unit may act now: in a side's activation phase it is that side's, and it has acted
 * already this turn, or its side has an activation left (or has not rolled for them yet). */
gboolean wec_activation_legal (AdjBattle  *battle,
                               AdjUnit    *unit,
                               GError    **error);
/* AdjMechanic.legal of the rolls that belong to one phase: the set-up rolls (terrain,
 * baselines, commander rating, deployment depth) at set-up only; the initiative once a turn,
 * in its phase; a side's activation roll once a turn, when that side activates. */
gboolean wec_setup_roll_legal      (const AdjContext  *ctx,
                                    AdjInputs         *in,
                                    GError           **error);
gboolean wec_initiative_legal      (const AdjContext  *ctx,
                                    AdjInputs         *in,
                                    GError           **error);
gboolean wec_activation_roll_legal (const AdjContext  *ctx,
                                    AdjInputs         *in,
                                    GError           **error);

G_END_DECLS
