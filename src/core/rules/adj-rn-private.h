/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-private.h: what the files of Redcoats & Natives share: input macros, the state of a
 * unit taking hits, the card walk's types, and the functions one file lends another. */

#pragma once

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rules-util.h"
#include "adj-rn.h"
#include "adj-rules.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

#define MAX_FIGURES 20   /* figures an input may give: a full unit has at most 4 */
#define MAX_DICE    48   /* 6^48 < 2^125: the ways one side's dice fall fit in 128 bits */
#define MAX_HITS    60

#define RATING_INPUT(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "ratings", \
    .def_choice = "average", .from = from_ }
#define FIGURES_INPUT(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .min = 0, .max = MAX_FIGURES, \
    .def = 4, .from = from_ }
#define CARD_INPUT(name_, label_, def_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices = rn_card_choices, \
    .n_choices = G_N_ELEMENTS (rn_card_choices), .def_choice = def_ }

/* What a hit does to a unit of a type, from its "hit_effect". */
typedef enum {
  HIT_FIGURE,      /* disrupted, then a figure per hit (infantry, cavalry, gun crews) */
  HIT_WHOLE,       /* disrupted, then destroyed (transport) */
  HIT_COMMANDER,   /* disrupted, then a card per hit */
} HitEffect;

typedef enum {
  COMMANDER_UNHURT,
  COMMANDER_WOUNDED,
  COMMANDER_KILLED,
} CommanderResult;

enum {
  EFFECT_NONE,
  EFFECT_DISRUPTED,
  EFFECT_FIGURES,
  EFFECT_WOUNDED,
  EFFECT_KILLED,
  EFFECT_DESTROYED,
};

/* The place of each suit in the order of precedence (0 first), read from the rules once for a
 * whole deal. */
typedef struct {
  int of[4];
} SuitOrder;

typedef struct {
  HitEffect effect;
  gboolean  disrupted;
  int       figures;
  gboolean  wounded;
  gboolean  gone;       /* destroyed, or the commander killed */
} Target;

/* The ways one side's dice can fall: at most 6^MAX_DICE, which 128 bits hold.  Anything that
 * grows past that (both sides' dice, the cards) is counted in GMP integers. */
typedef unsigned __int128 Ways;

#define WALK_CLASSES 6
#define WALK_INTS    8
#define PHASE_DONE   0

typedef struct {
  guint8 draw[WALK_CLASSES];
  guint8 turned[WALK_CLASSES];
  gint16 s[WALK_INTS];
} WalkKey;

typedef struct {
  WalkKey key;
  mpz_t   ways;
} WalkState;

/* The states that have drawn the same number of cards, in the order they were first reached,
 * and where each is by its key. */
typedef struct {
  GArray     *states;  /* of WalkState */
  GHashTable *index;   /* WalkKey -> its place in states */
} WalkTable;

/* How a state draws its next cards: one at a time (k < 2), k at once in any order (@rank
 * NULL), or k where only the worst rank among them counts. */
typedef struct {
  guint         k;
  const guint8 *rank;
  guint         n_ranks;
} WalkPlan;

typedef struct {
  void (*take)      (WalkKey *key, guint cls, gpointer data);
  void (*plan)      (const WalkKey *key, WalkPlan *plan, gpointer data);
  void (*take_many) (WalkKey *key, const guint8 *counts, gpointer data);
  void (*finish)    (WalkKey *key, guint worst_rank, gpointer data);
} WalkRules;

typedef struct {
  guint            n_classes;
  guint8           class_of[ADJ_DECK_SIZE];
  AdjCard          example[WALK_CLASSES];   /* one card of each class: what a class means */
  guint8           draw0[WALK_CLASSES];
  guint8           turned0[WALK_CLASSES];
  guint            draw_size;
  guint            turned_size;
  mpz_t            total;
  GPtrArray       *tables;                  /* of WalkTable *, by the number of cards drawn */
  guint            done_step;               /* where the finished states are, at the end */
  const WalkRules *rules;
  gpointer         data;
} Walk;

/* What distinguishes a card for a mechanic; cards with the same value form one class. */
typedef int (*CardSignature) (AdjRuleset *rs, AdjCard card, gpointer data);

typedef struct {
  const AdjUnitType *type;
  const AdjWeapon   *weapon;           /* NULL: the unit carries none */
  const char        *dice_class;       /* NULL: it throws no dice of its own */
  int                figures;
  gboolean           reduced;          /* moved or disrupted */
  gboolean           limbered;
  int                unit_dice;
  int                per_die;
  int                per_figures;
  gboolean           with_commander;
  gboolean           commander_reduced;
  int                commander_dice;
  int                dice;
  gboolean           whole_hex;        /* its hits strike every unit in the hex */
} FireSide;

typedef struct {
  HitEffect effect;
  Target    before;
  gboolean  counts[WALK_CLASSES];
  CommanderResult commander[WALK_CLASSES];
  guint8    rank[WALK_CLASSES];      /* how bad the card is for a hit commander */
} HitsWalk;

typedef struct {
  gboolean cover;
  gboolean commander;
} HitsNeed;

#define SIDE_INPUTS(p, who_type, who_weapon, who_figures, who_moved, who_disrupted, \
                    who_limbered, who_with, who_cmd_moved, who_cmd_disrupted, weapon_def) \
  TYPE_INPUT (p "_type", who_type, "infantry", p ".type"), \
  WEAPON_INPUT (p "_weapon", who_weapon, weapon_def, p ".weapon"), \
  FIGURES_INPUT (p "_figures", who_figures, p ".figures"), \
  BOOL_FROM (p "_moved", who_moved, p ".status.moved"), \
  BOOL_FROM (p "_disrupted", who_disrupted, p ".status.disrupted"), \
  BOOL_FROM (p "_limbered", who_limbered, p ".status.limbered"), \
  BOOL_INPUT (p "_with_commander", who_with, \
              N_("A commander in the same hex adds his dice")), \
  BOOL_FROM (p "_commander_moved", who_cmd_moved, p "_commander.status.moved"), \
  BOOL_FROM (p "_commander_disrupted", who_cmd_disrupted, p "_commander.status.disrupted")

#define TARGET_INPUTS(p, who_type, who_figures, who_disrupted, who_wounded) \
  TYPE_INPUT (p "_type", who_type, "infantry", p ".type"), \
  FIGURES_INPUT (p "_figures", who_figures, p ".figures"), \
  BOOL_FROM (p "_disrupted", who_disrupted, p ".status.disrupted"), \
  BOOL_FROM (p "_wounded", who_wounded, p ".status.wounded")

/* adj-rn.c */
extern const AdjChoice rn_card_choices[53];
extern const char *const rn_suit_ids[4];
extern const char *const rn_commander_results[3];
extern const AdjChoice rn_effect_outcomes[6];
const char *rn_string (AdjRuleset *rs,
                       const char *section,
                       const char *key);
void rn_suit_order (AdjRuleset *rs,
                    SuitOrder  *order);
int rn_card_order (const SuitOrder *order,
                   AdjCard          card);
gboolean rn_colour_is (AdjCard     card,
                       const char *colour);
gboolean rn_cover_counts (AdjRuleset *rs,
                          AdjCard     card);
CommanderResult rn_commander_result (AdjRuleset *rs,
                                     AdjCard     card);
gboolean rn_cohesion_regains (AdjRuleset *rs,
                              AdjSuit     suit,
                              const char *rating);
HitEffect rn_type_hit_effect (const AdjUnitType *type);
gboolean rn_is_commander (const AdjUnitType *type);
json_object *rn_dice_entry (AdjRuleset *rs,
                            const char *dice_class);
int rn_class_dice (AdjRuleset *rs,
                   const char *dice_class,
                   int         figures,
                   gboolean    reduced,
                   int        *per_die,
                   int        *per_figures);
gboolean rn_class_hits_whole_hex (AdjRuleset *rs,
                                  const char *dice_class);
const char *rn_class_label (AdjRuleset *rs,
                            const char *dice_class);
gboolean rn_input_card (AdjInputs  *in,
                        const char *name,
                        AdjCard    *card);
gboolean rn_prefill_card (const AdjContext  *ctx,
                          AdjInputs         *in,
                          const char        *unit_input,
                          const char        *card_input,
                          GError           **error);
/* The units holding a card dealt this turn that have neither moved nor fought on it
 * (commanders left out: they act with the unit they join): their number, and their names
 * appended to @names, separated by commas. */
guint    rn_yet_to_act     (AdjBattle  *battle,
                            GString    *names);
/* For a legal(): whether @unit's card is up — every unit whose card comes before it has acted
 * (a unit holding no card may act: no cards are dealt). */
gboolean rn_legal_in_order (AdjBattle  *battle,
                            AdjUnit    *unit,
                            GError    **error);
/* For a legal(): whether @unit may fire or assault now: its card is up, and it has not fought
 * this turn, which it may do once. */
gboolean rn_legal_to_act   (AdjBattle  *battle,
                            AdjUnit    *unit,
                            GError    **error);
gint16 rn_target_pack (const Target *t);
void rn_target_unpack (Target *t,
                       gint16  packed);
void rn_target_init (Target            *t,
                     const AdjUnitType *type,
                     int                figures,
                     gboolean           disrupted,
                     gboolean           wounded);
gboolean rn_hit_needs_card (const Target *t);
void rn_hit_apply (Target          *t,
                   CommanderResult  card_result);
int rn_target_effect (const Target *before,
                      const Target *after);
gboolean rn_resolve_hits (const AdjContext  *ctx,
                          AdjRandom         *random,
                          AdjOutcome        *outcome,
                          const char        *who,
                          const char        *card_group,
                          const char        *name,
                          Target            *t,
                          int                hits,
                          GError           **error);
void rn_target_values (AdjOutcome   *outcome,
                       const char   *prefix,
                       const Target *before,
                       const Target *after);
gboolean rn_apply_target (const AdjContext  *ctx,
                          AdjChangeSet      *changes,
                          const char        *unit_id,
                          const AdjOutcome  *outcome,
                          const char        *prefix,
                          GError           **error);

/* adj-rn-odds.c */
void rn_walk_init (Walk               *w,
                   const AdjContext   *ctx,
                   CardSignature       signature,
                   gpointer            sig_data,
                   const WalkRules    *rules,
                   gpointer            data);
void rn_walk_clear (Walk *w);
void rn_walk_key_init (WalkKey *key);
void rn_walk_seed (Walk        *w,
                   WalkKey     *key,
                   const mpz_t  ways);
/* The only state before any card (w->total stays 1). */
void rn_walk_seed_one (Walk    *w,
                       WalkKey *key);
gboolean rn_walk_run (Walk    *w,
                      GError **error);
void rn_walk_odds (Walk              *w,
                   const AdjMechanic *mech,
                   AdjOdds           *odds);
void rn_hits_ways (guint   n,
                   guint   hit_faces,
                   mpz_t  *ways);

/* adj-rn-deal.c */
extern const AdjMechanic rn_deal;
extern const AdjMechanic rn_commander_joins;
extern const AdjMechanic rn_collect;

/* adj-rn-move.c */
extern const AdjMechanic rn_movement;
extern const AdjMechanic rn_rough_ground;

/* adj-rn-fire.c */
gboolean rn_fire_side_prepare (const AdjContext  *ctx,
                               AdjInputs         *in,
                               const char        *prefix,
                               gboolean           must_fire,
                               FireSide          *side,
                               GError           **error);
void rn_fire_side_explain (const AdjContext *ctx,
                           const FireSide   *side,
                           AdjOutcome       *outcome,
                           const char       *who,
                           const char       *who_label);
gboolean rn_fire_side_throw (const AdjContext  *ctx,
                             const FireSide    *side,
                             AdjRandom         *random,
                             AdjOutcome        *outcome,
                             const char        *group,
                             const char        *label,
                             const char        *who_label,
                             int               *hits,
                             int               *pips,
                             GError           **error);
gboolean rn_cover_cards (const AdjContext  *ctx,
                         AdjRandom         *random,
                         AdjOutcome        *outcome,
                         const char        *who,
                         const char        *group,
                         int                hits,
                         int               *counted,
                         GError           **error);
int rn_hits_signature (AdjRuleset *rs,
                       AdjCard     card,
                       gpointer    data);
void rn_hits_walk_setup (Walk             *w,
                         const AdjContext *ctx,
                         HitsWalk         *hw);
guint rn_counted_cover (const guint8   *counts,
                        const gboolean *counting,
                        guint           n_classes);
void rn_target_from_inputs (const AdjContext *ctx,
                            AdjInputs        *in,
                            const char       *prefix,
                            Target           *t);
extern const AdjMechanic rn_fire;
extern const AdjMechanic rn_hits;

/* adj-rn-assault.c */
extern const AdjMechanic rn_assault;

/* adj-rn-cohesion.c */
extern const AdjMechanic rn_cohesion;
/* Whether the journal, as it stands, holds a try of @unit to regain cohesion this turn. */
gboolean rn_tried_cohesion (AdjBattle  *battle,
                            const char *unit);

/* adj-rn-check.c */
gboolean rn_check_ruleset (AdjRuleset  *rs,
                           GError     **error);
gboolean rn_check_army (AdjRuleset     *rs,
                        AdjArmy        *army,
                        AdjArmyReport  *report,
                        GError        **error);

G_END_DECLS
