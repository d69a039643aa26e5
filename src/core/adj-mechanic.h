/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-mechanic.h: a rule that rolls or decides, declared once and used everywhere.
 *
 * A mechanic has a stable id ("wec/fire-combat"), declared inputs, a declared random source,
 * and three functions: resolve (inputs + dice/cards -> an outcome that explains itself), odds
 * (the exact probability of each outcome before rolling) and apply (the changes the outcome
 * makes to a battle).  The app builds its forms from the declarations; the command-line tool
 * reads and writes the same things as JSON.
 */

#pragma once

#include <json-c/json.h>
#include <stdarg.h>

#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rng.h"
#include "adj-ruleset.h"
#include "adj-types.h"

G_BEGIN_DECLS

/* What a mechanic works on, which tells the app how to offer it. */
typedef enum {
  ADJ_SCOPE_BATTLE,   /* the whole battle or both sides (initiative, battle result) */
  ADJ_SCOPE_SIDE,     /* one side (activation, withdrawal, army limits) */
  ADJ_SCOPE_UNIT,     /* one unit (a test, movement, recoil) */
  ADJ_SCOPE_PAIR,     /* an attacker and a target (fire, close combat) */
  ADJ_SCOPE_SETUP,    /* before the battle (set-up rolls, army value) */
} AdjScope;

/* Everything a mechanic may look at besides its inputs.  Only the ruleset is required. */
struct _AdjContext {
  AdjRuleset *ruleset;
  AdjBattle  *battle;   /* NULL when resolving without a battle */
  AdjPack    *pack;     /* the pack card odds are computed from; NULL: a full pack */
  AdjTables  *tables;   /* the table values the battle carries (adj-tables.h), or NULL */
  /* What the rules say against the action, when the referee allowed it anyway (a ruling);
   * NULL when the rules allow it.  An outcome resolved in this context keeps it. */
  const char *ruling;
  /* Who takes part, named for the journal (the battle's adj_battle_name_actors(), which
   * adj_battle_context() puts here), or NULL: an outcome resolved without a battle names no one.
   * The battle is a layer above the mechanics, which reach it only through this. */
  char       *(*name_actors) (AdjBattle  *battle,
                              AdjInputs  *inputs,
                              const char *title);
};

/* After some results the rules go straight on to another action, filled in from this one: each
 * casualty of a Glidden volley, say, turns a card to say who falls. */
typedef struct {
  const char *next;        /* the id of the mechanic that follows */
  const char *count;       /* the outcome value that must be above 0 for it to follow */
  const char *count_to;    /* the input of the next mechanic that takes that value */
  const char *unit_from;   /* the unit input of this mechanic naming the unit carried over */
  const char *unit_to;     /* the unit input of the next mechanic that takes it */
} AdjFollowUp;

struct _AdjMechanic {
  const char      *id;
  const char      *title;       /* N_() */
  const char      *summary;     /* N_(): one sentence for the list of mechanics */
  AdjScope         scope;
  const AdjField  *inputs;
  guint            n_inputs;
  const AdjChoice *outcomes;    /* the possible results; NULL when they are numbers */
  guint            n_outcomes;
  const char      *random_note; /* N_(), e.g. "Ties are rolled again." */
  /* The ids of the tables the players type in (adj-tables.h) that it reads; NULL: none. */
  const char * const *tables;
  /* The phases of the ruleset's turn ("movement", "fire") in which a turn view offers it as a
   * step, in the order of the system's mechanics; NULL: no phase in particular. */
  const char * const *phases;
  const char      *step_label;  /* N_(): the button for that step, with a mnemonic */
  const char      *step_hint;   /* N_(): its tooltip */
  /* The action the rules go on with after some of its results; NULL: none. */
  const AdjFollowUp *follow_up;
  /* Resolving it against a battle turns over what the battle keeps sealed (a hidden marker's
   * value): against a battle it is resolved only to be applied, so that no one sees the secret
   * without the roll counting. */
  gboolean         reveals;

  /* The dice and cards these inputs need, appended to @specs (AdjDrawSpec, static storage). */
  void     (*draws)   (const AdjContext *ctx,
                       AdjInputs        *inputs,
                       GArray           *specs);
  gboolean (*resolve) (const AdjContext *ctx,
                       AdjInputs        *inputs,
                       AdjRandom        *random,
                       AdjOutcome       *outcome,
                       GError          **error);
  gboolean (*odds)    (const AdjContext *ctx,
                       AdjInputs        *inputs,
                       AdjOdds          *odds,
                       GError          **error);
  /* May be NULL: add to @missing the ids of the tables the players type in that still lack a
   * cell these inputs need, for a mechanic whose odds go on without them (and only say so in
   * their note).  Without it, what the odds fail with says which tables are missing. */
  gboolean (*missing_tables) (const AdjContext *ctx,
                              AdjInputs        *inputs,
                              GPtrArray        *missing,
                              GError          **error);
  /* May be NULL: whether the battle's state allows the action now.  FALSE with an
   * ADJ_ERROR_NOT_ALLOWED error that says why in a player's words ("British Regular Infantry 3
   * has already fought this turn").  Called only with a battle, after pre-fill. */
  gboolean (*legal)   (const AdjContext *ctx,
                       AdjInputs        *inputs,
                       GError          **error);
  /* May be NULL: pre-fill inputs a battle can compute beyond the declared "from" paths. */
  gboolean (*prefill) (const AdjContext *ctx,
                       AdjInputs        *inputs,
                       GError          **error);
  /* May be NULL: the outcome changes nothing in the battle beyond the journal entry. */
  gboolean (*apply)   (const AdjContext *ctx,
                       AdjInputs        *inputs,
                       AdjOutcome       *outcome,
                       AdjChangeSet     *changes,
                       GError          **error);
};

typedef gboolean (*AdjAddOrderOfBattle) (AdjBattle    *battle,
                                         json_object  *strengths,
                                         GError      **error);

struct _AdjUnit;   /* AdjUnit, of adj-unit.h, in a layer above this one */

/* What a roster prints of one unit where the ruleset's numbers alone cannot say it: a move
 * thrown on dice, a strength kept in points rather than figures.  The roster fills it with
 * what it would print itself (move NULL, boxes 0) before it asks the system. */
typedef struct {
  char       *move;        /* the unit's move in words ("2D6″; 1D6″ on rough ground"), or NULL:
                            * its unit type's, when it has one */
  int         boxes;       /* strength boxes (strength points, losses it can take); 0: a box
                            * per figure, as the roster counts them */
  int         lost;        /* of those, already gone */
  int         turn_over;   /* the counter turns to its reduced side after this many boxes are
                            * lost; 0: it has no reduced side */
  const char *boxes_note;  /* what the boxes count, once for the side (translated, static) */
  const char * const *omit; /* status fields not printed for this unit: what its boxes show
                             * already, or what it does not have (static; may be NULL) */
} AdjRosterUnit;

/* A game system: its ruleset id, its mechanics, and checks of its own part of the JSON. */
struct _AdjSystem {
  const char               *id;
  const AdjMechanic *const *mechanics;
  guint                     n_mechanics;
  const char * const       *ruleset_keys;   /* top-level keys only this system reads */
  gboolean                  uses_cards;     /* its rules deal or turn cards from a pack */
  gboolean (*check_ruleset) (AdjRuleset  *rs,
                             GError     **error);
  /* Points, limits and problems of an army list; NULL when the system has no army rules. */
  gboolean (*check_army)    (AdjRuleset    *rs,
                             AdjArmy       *army,
                             AdjArmyReport *report,
                             GError       **error);
  /* For a system whose rules carry the orders of battle of its one battle: add both sides and
   * every counter to a new, empty battle (@strengths as the system documents, or NULL).  NULL
   * for systems whose battles are made from armies. */
  AdjAddOrderOfBattle add_order_of_battle;
  /* May be NULL: append to @facts (of AdjTurnFact, adj-turn-state.h) what the rules make the
   * players remember about the turn as it stands, in reading order. */
  void (*turn_state) (AdjBattle *battle,
                      GPtrArray *facts);
  /* May be NULL: what a roster prints of @unit beyond the ruleset's numbers (see
   * AdjRosterUnit), with the players' @tables in effect for the battle (may be NULL). */
  void (*roster_unit) (AdjBattle       *battle,
                       AdjTables       *tables,
                       struct _AdjUnit *unit,     /* an AdjUnit (adj-unit.h) */
                       AdjRosterUnit   *info);
  /* May be NULL: move @battle on to its next phase (@whole_turn: to its next turn) the
   * system's own way; NULL moves through the ruleset's phases in their order. */
  gboolean (*next_phase) (AdjBattle  *battle,
                          gboolean    whole_turn,
                          GError    **error);
};

/* ---- the registry: the systems built in (rules/adj-systems.c) ---- */
const AdjSystem   *adj_system_lookup          (const char *ruleset_id);
const AdjSystem  **adj_systems                (guint      *n_systems);
const AdjMechanic *adj_mechanic_lookup        (const char *id);
/* The mechanics of @system offered as steps in @phase (a phase id of its ruleset), in the
 * system's order (of const AdjMechanic *; empty for a phase with none). */
GPtrArray         *adj_system_mechanics_for_phase (const AdjSystem *system,
                                                   const char      *phase);
/* Move @battle on to its next phase, or with @whole_turn to the beginning of its next turn,
 * as its system plays them; journaled, and refused with the reason when the battle cannot. */
gboolean           adj_system_next_phase      (AdjBattle  *battle,
                                               gboolean    whole_turn,
                                               GError    **error);
/* Checks that every mechanic of every system is declared consistently (ids, inputs). */
gboolean           adj_mechanics_self_check   (GError   **error);

/* Checks one mechanic of @system: its id, title, inputs and outcomes. */
gboolean           adj_mechanic_self_check    (const AdjSystem   *system,
                                               const AdjMechanic *mech,
                                               GError           **error);

const char        *adj_mechanic_ruleset_id    (const AdjMechanic *mech,
                                               char              *buf,
                                               gsize              size);
const AdjField    *adj_mechanic_find_input    (const AdjMechanic *mech,
                                               const char        *name);
/* The unit or side input that @field's "from" path ("firer.figures") starts with, and in
 * *@attr what of it is read ("figures"); NULL when @field has no such path. */
const AdjField    *adj_mechanic_input_source  (const AdjMechanic *mech,
                                               const AdjField    *field,
                                               const char       **attr);
/* Whether @field of @mech's inputs applies to what @inputs say: an input declared for some
 * categories only ("firer is dismounted cavalry") applies when its unit-type input names a
 * type of one of them, or no type the ruleset knows.  A form shows only the inputs that apply;
 * the others keep their values and the rules read them as they stand. */
gboolean           adj_mechanic_input_applies (const AdjMechanic *mech,
                                               const AdjContext  *ctx,
                                               AdjInputs         *inputs,
                                               const AdjField    *field);
/* What @mech is and what it needs, with its default inputs: its inputs, the dice and cards
 * they need and its outcomes (for a result that is a number, the numbers they can give). */
json_object       *adj_mechanic_describe      (const AdjMechanic *mech,
                                               AdjRuleset        *rs);
/* The same with the inputs @given (@inputs_given: not the defaults, which the description then
 * says, with their values), where @ctx is; NULL with @error when the numbers a result can be
 * cannot be worked out for them. */
json_object       *adj_mechanic_describe_for  (const AdjMechanic *mech,
                                               const AdjContext  *ctx,
                                               AdjInputs         *given,
                                               gboolean           inputs_given,
                                               GError           **error);
GArray            *adj_mechanic_draws         (const AdjMechanic *mech,
                                               const AdjContext  *ctx,
                                               AdjInputs         *inputs);
const char        *adj_scope_to_string        (AdjScope           scope);

/* Whether the rules allow @inputs of @mech now, in @ctx's battle (TRUE without a battle or
 * when the mechanic has no rule about it); else FALSE with an ADJ_ERROR_NOT_ALLOWED error
 * saying why. */
gboolean           adj_mechanic_check_legal   (const AdjMechanic *mech,
                                               const AdjContext  *ctx,
                                               AdjInputs         *inputs,
                                               GError           **error);
/* Resolve with dice/cards from @random; fills @outcome (which must be new). */
gboolean           adj_mechanic_resolve       (const AdjMechanic *mech,
                                               const AdjContext  *ctx,
                                               AdjInputs         *inputs,
                                               AdjRandom         *random,
                                               AdjOutcome        *outcome,
                                               GError           **error);
AdjOdds           *adj_mechanic_odds          (const AdjMechanic *mech,
                                               const AdjContext  *ctx,
                                               AdjInputs         *inputs,
                                               GError           **error);
/* The ids of the tables the players type in (of @mech's) that still lack a cell @inputs need,
 * in @mech's order; empty when nothing is missing.  NULL with @error set when the inputs fail
 * for another reason. */
GPtrArray         *adj_mechanic_missing_tables (const AdjMechanic *mech,
                                                const AdjContext  *ctx,
                                                AdjInputs         *inputs,
                                                GError           **error);
/* The mechanic the rules go on with after @outcome of @mech, or NULL when they do not; *@count
 * (may be NULL) gets the outcome's value that makes it follow. */
const AdjMechanic *adj_mechanic_get_follow_up (const AdjMechanic *mech,
                                               const AdjOutcome  *outcome,
                                               int               *count);
/* The table values in effect where @ctx is (adj_tables_in_effect() for @ctx->ruleset and the
 * tables @ctx->tables a battle carries).  Never NULL without an error. */
AdjTables         *adj_tables_for_context     (const AdjContext  *ctx,
                                               GError           **error);

/* ---- inputs ---- */
typedef struct {
  gboolean set;
  int      i;           /* bool, int */
  char    *s;           /* enum choice id, unit id, side id (NULL: none) */
} AdjValue;

struct _AdjInputs {
  const AdjMechanic *mechanic;
  AdjRuleset        *ruleset;
  AdjValue          *values;     /* one per declared input */
};

AdjInputs   *adj_inputs_new          (const AdjMechanic *mech,
                                      AdjRuleset        *rs);
AdjInputs   *adj_inputs_copy         (const AdjInputs   *inputs);
void         adj_inputs_free         (AdjInputs         *inputs);
/* Set the inputs named in @json (unknown names, wrong kinds and bad values fail). */
gboolean     adj_inputs_set_json     (AdjInputs         *inputs,
                                      json_object       *json,
                                      const char        *file,
                                      GError           **error);
json_object *adj_inputs_to_json      (const AdjInputs   *inputs);
/* Set one input from JSON: true or false, an integer in range, a choice id, or a unit or side
 * id (JSON null: none).  A value of the wrong kind fails saying what was expected. */
gboolean     adj_inputs_set_value    (AdjInputs         *inputs,
                                      const char        *name,
                                      json_object       *value,
                                      GError           **error);
/* One input as JSON, a new reference (NULL for an empty unit or side input). */
json_object *adj_inputs_get_value    (const AdjInputs   *inputs,
                                      const char        *name);
gboolean     adj_inputs_set_int      (AdjInputs         *inputs,
                                      const char        *name,
                                      int                value,
                                      GError           **error);
gboolean     adj_inputs_set_bool     (AdjInputs         *inputs,
                                      const char        *name,
                                      gboolean           value,
                                      GError           **error);
gboolean     adj_inputs_set_string   (AdjInputs         *inputs,
                                      const char        *name,
                                      const char        *value,
                                      GError           **error);
int          adj_inputs_get_int      (const AdjInputs   *inputs,
                                      const char        *name);
gboolean     adj_inputs_get_bool     (const AdjInputs   *inputs,
                                      const char        *name);
const char  *adj_inputs_get_string   (const AdjInputs   *inputs,
                                      const char        *name);
gboolean     adj_inputs_is_set       (const AdjInputs   *inputs,
                                      const char        *name);

/* ---- outcomes ---- */
typedef enum {
  ADJ_EXPLAIN_DICE,      /* "Firer rolls 2D6: 4 + 5 = 9" */
  ADJ_EXPLAIN_MODIFIER,  /* "+2  stand value" */
  ADJ_EXPLAIN_TOTAL,     /* "Firer's score 14" */
  ADJ_EXPLAIN_TABLE,     /* "Result table: 6 is no more than half of 14" */
  ADJ_EXPLAIN_NOTE,
} AdjExplainKind;

typedef struct _AdjExplainLine AdjExplainLine;
struct _AdjExplainLine {
  AdjExplainKind  kind;
  char           *who;     /* the group it belongs to ("firer"), or NULL */
  char           *label;   /* translated text */
  int             value;
  gboolean        has_value;
};

struct _AdjOutcome {
  const AdjMechanic *mechanic;
  char        *key;        /* one of the declared outcomes, or a number as text */
  char        *title;      /* translated: "Target destroyed" */
  char        *reason;     /* translated: one line saying why */
  GPtrArray   *lines;      /* of AdjExplainLine: the explanation, line by line */
  GPtrArray   *rolls;      /* of AdjRoll */
  json_object *values;     /* named numbers and strings for scripts and for apply */
  json_object *pack_after; /* the pack once the outcome's cards were drawn, or NULL */
  char        *ruling;     /* what the rules said against it, when the referee allowed it */
  char        *actors;     /* who took part, by name ("British Regular Infantry 3 against
                            * Zulu Spearmen 5"), when resolved against a battle; else NULL */
};

AdjOutcome  *adj_outcome_new          (const AdjMechanic *mech);
void         adj_outcome_free         (AdjOutcome  *outcome);
void         adj_outcome_set_result   (AdjOutcome  *outcome,
                                       const char  *key,
                                       const char  *reason_format,
                                       ...) G_GNUC_PRINTF (3, 4);
/* Say the result in other words than its declared label: with the units or sides named, say. */
void         adj_outcome_set_title    (AdjOutcome  *outcome,
                                       const char  *format,
                                       ...) G_GNUC_PRINTF (2, 3);
/* For numeric results: the key is the number, the title given. */
void         adj_outcome_set_number   (AdjOutcome  *outcome,
                                       int          number,
                                       const char  *title,
                                       const char  *reason);
void         adj_outcome_add_line     (AdjOutcome  *outcome,
                                       AdjExplainKind kind,
                                       const char  *who,
                                       const char  *label,
                                       gboolean     has_value,
                                       int          value);
/* As adj_outcome_add_line(), taking @label (allocated with g_malloc) rather than a copy. */
void         adj_outcome_take_line    (AdjOutcome  *outcome,
                                       AdjExplainKind kind,
                                       const char  *who,
                                       char        *label,
                                       gboolean     has_value,
                                       int          value);
/* A line whose text is formatted from @format, as g_strdup_printf() does. */
void         adj_outcome_add_line_v   (AdjOutcome  *outcome,
                                       AdjExplainKind kind,
                                       const char  *who,
                                       gboolean     has_value,
                                       int          value,
                                       const char  *format,
                                       va_list      args) G_GNUC_PRINTF (6, 0);
void         adj_outcome_add_linef    (AdjOutcome  *outcome,
                                       AdjExplainKind kind,
                                       const char  *who,
                                       gboolean     has_value,
                                       int          value,
                                       const char  *format,
                                       ...) G_GNUC_PRINTF (6, 7);
void         adj_outcome_add_modifier (AdjOutcome  *outcome,
                                       const char  *who,
                                       const char  *label,
                                       int          value);
void         adj_outcome_add_note     (AdjOutcome  *outcome,
                                       const char  *format,
                                       ...) G_GNUC_PRINTF (2, 3);
void         adj_outcome_set_value_int (AdjOutcome *outcome,
                                        const char *name,
                                        int         value);
void         adj_outcome_set_value_bool (AdjOutcome *outcome,
                                         const char *name,
                                         gboolean    value);
void         adj_outcome_set_value_string (AdjOutcome *outcome,
                                           const char *name,
                                           const char *value);
int          adj_outcome_get_value_int (const AdjOutcome *outcome,
                                        const char       *name,
                                        int               fallback);
json_object *adj_outcome_to_json      (const AdjOutcome *outcome);
/* The explanation as plain text, one line per step, for the journal and the terminal. */
char        *adj_outcome_to_text      (const AdjOutcome *outcome);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjInputs, adj_inputs_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjOutcome, adj_outcome_free)

G_END_DECLS
