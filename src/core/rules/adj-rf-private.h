/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-private.h: what the files of Risk Factor share: input macros, the figures of a fight,
 * and the functions one file lends another. */

#pragma once

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-members.h"
#include "adj-rf.h"
#include "adj-rules-util.h"
#include "adj-rules.h"
#include "adj-secret.h"

G_BEGIN_DECLS

#define MAX_FIGURES 1000
/* Figures on one side of a melee: two full groups of 30 fighting together. */
#define MAX_MELEE   60
#define MAX_CM      10000

/* One line of explanation, formatted. */
#define explain adj_outcome_add_linef

typedef struct {
  int         member;    /* index into the unit's record, or -1 */
  int         wounds;
  gboolean    lost;
  gboolean    touched;
  const char *quality;
  const char *weapon;
} Fig;

enum { ANON_FIGURE, ANON_ATTACKER, ANON_DEFENDER };

typedef struct {
  AdjUnit    *unit;           /* NULL without a battle */
  GArray     *figs;           /* of Fig */
  int         anonymous_lost;
  guint       anonymous;      /* what to call a figure without a record: ANON_* */
  GPtrArray  *names;          /* each figure's name, made when first asked for; or NULL */
} Figures;

/* adj-rf.c */
extern const AdjChoice rf_quality_choices[3];
extern const AdjChoice rf_link_choices[4];
extern const AdjChoice rf_cover_choices[3];
extern const AdjChoice rf_loading_choices[3];
extern const AdjChoice rf_arms_choices[2];
extern const AdjChoice rf_command_outcomes[4];
extern const AdjChoice rf_reaction_outcomes[7];
extern const AdjChoice rf_melee_outcomes[3];
extern const AdjChoice rf_victory_outcomes[2];
int rf_quality_dice (AdjRuleset *rs,
                     const char *quality);
int rf_to_hit_need (AdjRuleset *rs,
                    const char *band,
                    const char *cover);
const char *rf_damage_result (AdjRuleset *rs,
                              const char *cls,
                              int         face);
const char *rf_reaction_action (AdjRuleset *rs,
                                const char *arms,
                                int         rf,
                                int         face);
const char *rf_action_meaning (AdjRuleset *rs,
                               const char *action);
int rf_modifier_value (AdjRuleset *rs,
                       const char *group,
                       const char *id);
const char *rf_modifier_label (AdjRuleset *rs,
                               const char *group,
                               const char *id);
gboolean rf_weapon_shoots (const AdjWeapon *w);
gboolean rf_weapon_is_missile (const AdjWeapon *w);
int rf_melee_factor (AdjRuleset *rs,
                     const char *weapon);
char *rf_unit_target (AdjUnit *unit);
gboolean rf_member_in_play (json_object *members,
                            guint        i);
const char *rf_member_role (json_object *members,
                            guint        i);
gboolean rf_role_passes_orders (const char *role);
const char *rf_member_rating (json_object *members,
                              guint        i);
const char *rf_member_quality (AdjUnit     *unit,
                               const char  *rating,
                               const char  *group_quality);
const char *rf_member_weapon (json_object *members,
                              guint        i,
                              const char  *group_weapon);
void rf_count_hurt (AdjUnit *unit,
                    int     *hurt,
                    int     *total);
const AdjUnitType *rf_unit_type_of (const AdjContext *ctx,
                                    AdjUnit          *unit);
gboolean rf_is_group_category (const char *category);
/* Whether Adjutant runs the side @side_id (its "solo" setting). */
gboolean rf_side_is_solo (AdjBattle  *battle,
                          const char *side_id);
/* What a group does in the turn, each in its own phase. */
typedef enum {
  RF_ACT_COMMAND,
  RF_ACT_MOVE,
  RF_ACT_SHOOT,
  RF_ACT_MELEE,
} RfAct;

/* Whether @actor may @act in the battle's phase now: a side commands, moves and shoots in its
 * own phases for them; a melee is fought in either side's melee phase, by both sides. */
gboolean rf_legal_in_phase (AdjBattle  *battle,
                            AdjUnit    *actor,
                            RfAct       act,
                            GError    **error);
/* For the legal() of rf/shooting (@shooting) and rf/melee: the group of input @actor, with
 * figures left and not routing, against an enemy group of input @target that is on the table
 * with figures left. */
gboolean rf_legal_fight (const AdjContext  *ctx,
                         AdjInputs         *in,
                         const char        *actor,
                         const char        *target,
                         gboolean           shooting,
                         GError           **error);
gboolean rf_change_member (AdjBattle     *battle,
                           AdjChangeSet  *changes,
                           AdjUnit       *unit,
                           guint          i,
                           const char    *key,
                           json_object   *value,
                           GError       **error);
gboolean rf_change_status (AdjBattle     *battle,
                           AdjChangeSet  *changes,
                           AdjUnit       *unit,
                           const char    *status,
                           json_object   *value,
                           GError       **error);

/* adj-rf-figures.c */
void rf_figures_init (Figures    *f,
                      AdjUnit    *unit,
                      int         n,
                      const char *quality,
                      const char *weapon);
void rf_figures_clear (Figures *f);
Fig *rf_fig_at (Figures *f,
                guint    i);
guint rf_figures_in_play (Figures *f);
Fig *rf_figure_in_play (Figures *f,
                        guint    k);
const char *rf_figure_name (Figures *f,
                            Fig     *fig);
gboolean rf_figure_hurt (Figures  *f,
                         Fig      *fig,
                         gboolean  kill);
json_object *rf_figures_to_json (Figures *f);
gboolean rf_apply_figures (AdjBattle     *battle,
                           AdjChangeSet  *changes,
                           json_object   *record,
                           GError       **error);

/* adj-rf-command.c */
extern const AdjMechanic rf_command;
extern const AdjMechanic rf_movement;

/* adj-rf-shooting.c */
extern const AdjMechanic rf_shooting;

/* adj-rf-melee.c */
extern const AdjMechanic rf_melee;

/* adj-rf-visibility.c */
extern const AdjMechanic rf_visibility;

/* adj-rf-prisoners.c */
extern const AdjMechanic rf_take_prisoners;
extern const AdjMechanic rf_guard_prisoners;
extern const AdjMechanic rf_dispatch_prisoners;

/* adj-rf-reaction.c */
int rf_risk_parts (AdjRuleset *rs,
                   AdjInputs  *in,
                   GArray     *parts);
int rf_reaction_face (AdjInputs *in,
                      int        die);
GPtrArray *rf_platoon_of (AdjBattle *battle,
                          AdjUnit   *unit,
                          gboolean   as_platoon);
gboolean rf_reaction_apply (const AdjContext  *ctx,
                            AdjInputs         *in,
                            AdjOutcome        *outcome,
                            AdjChangeSet      *changes,
                            GError           **error);
extern const AdjMechanic rf_reaction;
extern const AdjMechanic rf_victory;

/* adj-rf-solo.c */
gboolean rf_check_battle (AdjBattle  *battle,
                          GError    **error);
/* The system's turn_state: the step, each solo side's reaction, groups under command. */
void rf_turn_state (AdjBattle *battle,
                    GPtrArray *facts);

/* adj-rf-check.c */
gboolean rf_check_ruleset (AdjRuleset  *rs,
                           GError     **error);

G_END_DECLS
