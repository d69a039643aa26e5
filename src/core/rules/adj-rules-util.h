/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rules-util.h: small helpers the rule files share — the common input declarations, a side's
 * score with its modifiers, dice from a "2d6"/"d12" choice, and reading a system's own numbers
 * from its ruleset. */

#pragma once

#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-mechanic.h"

G_BEGIN_DECLS

/* The inputs of a mechanic that read the same in every system. */
#define UNIT_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_UNIT, .label = label_, .optional = TRUE }
#define SIDE_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_SIDE, .label = label_, .optional = TRUE }
#define TYPE_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "unit-types", \
    .def_choice = def_, .from = from_ }
#define WEAPON_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "weapons", \
    .def_choice = def_, .from = from_ }
#define ENUM_INPUT(name_, label_, hint_, choices_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .hint = hint_, .choices = choices_, \
    .n_choices = G_N_ELEMENTS (choices_), .def_choice = def_, .from = from_ }
/* A yes or no the player gives; one a unit's status gives, off by default; the general one. */
#define BOOL_INPUT(name_, label_, hint_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_ }
#define BOOL_FROM(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .from = from_ }
/* A bool pre-filled from a unit that applies only to the categories in @cats_ (a static
 * NULL-terminated list), as the unit-type input @type_ says. */
#define BOOL_FOR(name_, label_, from_, type_, cats_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .from = from_, \
    .applies_to = cats_, .applies_with = type_ }
#define BOOL_DEF(name_, label_, hint_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_, .def = def_, \
    .from = from_ }
/* A whole number the player gives, and one a unit can give. */
#define INT_INPUT(name_, label_, hint_, min_, max_, def_) \
  INT_FROM (name_, label_, hint_, min_, max_, def_, NULL)
#define INT_FROM(name_, label_, hint_, min_, max_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .hint = hint_, .min = min_, \
    .max = max_, .def = def_, .from = from_ }

/* The inputs and the outcomes of a mechanic, with their counts. */
#define MECHANIC_INPUTS(list_)   .inputs = list_, .n_inputs = G_N_ELEMENTS (list_)
#define MECHANIC_OUTCOMES(list_) .outcomes = list_, .n_outcomes = G_N_ELEMENTS (list_)

/* One side of an opposed roll: its modifiers (each with the reason) and their total. */
typedef struct {
  GArray       *mods;    /* of AdjScoreMod */
  int           total;
  GPtrArray    *texts;   /* the labels made for this score */
} AdjScore;

typedef struct {
  const char *label;     /* translated; the score's own or the catalogue's */
  int         value;
} AdjScoreMod;

void     adj_score_init          (AdjScore    *score);
void     adj_score_clear         (AdjScore    *score);
void     adj_score_add           (AdjScore    *score,
                                  int          value,
                                  const char  *format,
                                  ...) G_GNUC_PRINTF (3, 4);
/* Add a modifier the ruleset declares, @times times (nothing when @times is 0). */
void     adj_score_add_modifier  (AdjScore    *score,
                                  AdjRuleset  *rs,
                                  const char  *group,
                                  const char  *id,
                                  int          times);
/* Write "who rolls 2D6: 4 + 5", each modifier and the final score into the outcome. */
int      adj_score_explain       (const AdjScore *score,
                                  AdjOutcome     *outcome,
                                  const char     *who,
                                  const char     *who_label,
                                  const int      *dice,
                                  guint           n_dice,
                                  guint           sides);

/* Append @n dice to @text, @separator between them ("4 + 5", "6 2 5"); returns their sum.
 * Quicker than printf, for a fight that lists a hundred dice. */
int      adj_dice_append         (GString     *text,
                                  const int   *dice,
                                  guint        n,
                                  const char  *separator);

/* "2d6" -> 2 dice of 6 sides; "d12" -> 1 of 12. */
void     adj_dice_choice         (const char  *choice,
                                  guint       *count,
                                  guint       *sides);
/* The dice of a "2d6"/"d12" @choice, drawn as @group (@label untranslated). */
AdjDrawSpec adj_dice_spec        (const char  *group,
                                  const char  *label,
                                  const char  *choice);
/* Append those dice to @specs. */
void     adj_draw_choice         (GArray      *specs,
                                  const char  *group,
                                  const char  *label,
                                  const char  *choice);
/* Roll the dice @draw and explain them with @score as adj_score_explain() does, for
 * @who_label; the final score in @result. */
gboolean adj_score_roll          (const AdjScore  *score,
                                  AdjDrawSpec      draw,
                                  const char      *who_label,
                                  AdjRandom       *random,
                                  AdjOutcome      *outcome,
                                  int             *result,
                                  GError         **error);

/* $.<section>.<key> of the ruleset, or $.<section> when @key is NULL; NULL when absent. */
json_object *adj_rules_json      (AdjRuleset  *rs,
                                  const char  *section,
                                  const char  *key);
/* A number from the system's own part of the ruleset: $.<section>.<key>. */
int      adj_rules_int           (AdjRuleset  *rs,
                                  const char  *section,
                                  const char  *key);
/* A unit type's "rules" value, or @fallback. */
int      adj_unit_type_rule_int  (const AdjUnitType *type,
                                  const char        *key,
                                  int                fallback);
gboolean adj_unit_type_rule_bool (const AdjUnitType *type,
                                  const char        *key,
                                  gboolean           fallback);
const char *adj_unit_type_rule_string (const AdjUnitType *type,
                                       const char        *key);
/* A weapon's "rules" value, or @fallback (also when there is no weapon). */
int      adj_weapon_rule_int     (const AdjWeapon *weapon,
                                  const char      *key,
                                  int              fallback);
const char *adj_weapon_rule_string (const AdjWeapon *weapon,
                                    const char      *key,
                                    const char      *fallback);

/* Finish @odds, whose first @n declared outcomes are all there are: the k-th has @ways[k] of
 * @total ways, reduced by their common divisor. */
void        adj_rules_odds_ways   (AdjOdds           *odds,
                                   mpz_t             *ways,
                                   guint              n,
                                   const mpz_t        total);
/* The same with counts that fit in 64 bits. */
void        adj_rules_odds_counts (AdjOdds           *odds,
                                   const guint64     *ways,
                                   guint              n,
                                   guint64            total);
/* The same from the exact chance of each, @p[k], which must sum to 1: the ways are counted over
 * their least common denominator. */
void        adj_rules_odds_fractions (AdjOdds        *odds,
                                      mpq_t          *p,
                                      guint           n);
/* The outcome key of a throw whose dice add up to @sum. */
typedef const char *(*AdjSumRule) (int      sum,
                                   gpointer data);
/* The outcome key of an opposed throw: side A's final score @a, side B's @b; NULL when the
 * throw is tied and thrown again. */
typedef const char *(*AdjOpposedRule) (int      a,
                                       int      b,
                                       gpointer data);
/* The odds of @rule over every throw of @n dice of @sides: each total counts its ways. */
void        adj_sum_odds          (const AdjMechanic *mech,
                                   guint              n,
                                   guint              sides,
                                   AdjSumRule         rule,
                                   gpointer           data,
                                   AdjOdds           *odds);
/* The label of a number an outcome gives ("7 inches"), newly allocated. */
typedef char *(*AdjNumberLabel) (int value);
/* Numeric odds: one outcome per total of @n dice of @sides plus @shift, named by @label_fn. */
void        adj_number_odds       (guint              n,
                                   guint              sides,
                                   int                shift,
                                   AdjNumberLabel     label_fn,
                                   AdjOdds           *odds);
/* The odds of @rule over every throw of side A (its dice @a, plus @a_mod) against side B (@b,
 * plus @b_mod).  Throws the rule calls tied are thrown again, so the odds are those of the
 * final result. */
void        adj_opposed_odds      (const AdjMechanic *mech,
                                   AdjDrawSpec a, int a_mod,
                                   AdjDrawSpec b, int b_mod,
                                   AdjOpposedRule rule, gpointer data,
                                   AdjOdds           *odds);
/* Declare every outcome of @mech in @odds, in the declared order. */
void        adj_declare_outcomes  (const AdjMechanic *mech,
                                   AdjOdds           *odds);
/* The label of outcome @key of @mech (untranslated), or @key. */
const char *adj_outcome_label     (const AdjMechanic *mech,
                                   const char        *key);
/* The unit a unit input names, in the battle of @ctx (NULL: none, or no battle). */
AdjUnit    *adj_input_unit        (const AdjContext *ctx,
                                   AdjInputs        *in,
                                   const char       *input);
/* Its name, or @fallback. */
const char *adj_input_unit_name   (const AdjContext *ctx,
                                   AdjInputs        *in,
                                   const char       *input,
                                   const char       *fallback);
/* The unit @id of the battle of @ctx: NULL in @out (and TRUE) when there is no battle or no
 * id; FALSE with @error set when the battle has no such unit. */
gboolean    adj_rules_find_unit   (const AdjContext  *ctx,
                                   const char        *id,
                                   AdjUnit          **out,
                                   GError           **error);
/* Record in @changes that @field of @unit becomes @value; nothing when there is no battle or
 * unit, when the unit does not have that status field, or when it has that value already. */
gboolean    adj_rules_change_unit (AdjBattle         *battle,
                                   AdjChangeSet      *changes,
                                   AdjUnit           *unit,
                                   const char        *field,
                                   json_object       *value,
                                   GError           **error);
/* As adj_rules_change_unit(), with a new boolean, whole number or string. */
gboolean    adj_rules_change_unit_bool   (AdjBattle     *battle,
                                          AdjChangeSet  *changes,
                                          AdjUnit       *unit,
                                          const char    *field,
                                          gboolean       value,
                                          GError       **error);
gboolean    adj_rules_change_unit_int    (AdjBattle     *battle,
                                          AdjChangeSet  *changes,
                                          AdjUnit       *unit,
                                          const char    *field,
                                          int            value,
                                          GError       **error);
gboolean    adj_rules_change_unit_string (AdjBattle     *battle,
                                          AdjChangeSet  *changes,
                                          AdjUnit       *unit,
                                          const char    *field,
                                          const char    *value,
                                          GError       **error);
/* As adj_rules_change_unit(), for the unit @unit_id of the battle of @ctx: nothing when there
 * is no battle or no id; FALSE with @error set when the battle has no such unit. */
gboolean    adj_rules_set_unit      (const AdjContext  *ctx,
                                     AdjChangeSet      *changes,
                                     const char        *unit_id,
                                     const char        *field,
                                     json_object       *value,
                                     GError           **error);
gboolean    adj_rules_set_unit_bool (const AdjContext  *ctx,
                                     AdjChangeSet      *changes,
                                     const char        *unit_id,
                                     const char        *field,
                                     gboolean           value,
                                     GError           **error);
gboolean    adj_rules_set_unit_int  (const AdjContext  *ctx,
                                     AdjChangeSet      *changes,
                                     const char        *unit_id,
                                     const char        *field,
                                     int                value,
                                     GError           **error);
/* As adj_rules_set_unit() and adj_rules_set_unit_bool(), except that a change to the value the
 * field has already is recorded too. */
gboolean    adj_rules_record_unit      (const AdjContext  *ctx,
                                        AdjChangeSet      *changes,
                                        const char        *unit_id,
                                        const char        *field,
                                        json_object       *value,
                                        GError           **error);
gboolean    adj_rules_record_unit_bool (const AdjContext  *ctx,
                                        AdjChangeSet      *changes,
                                        const char        *unit_id,
                                        const char        *field,
                                        gboolean           value,
                                        GError           **error);
/* The unit type an enum input of unit types holds.  Such an input only ever holds a declared
 * choice, so the type exists. */
const AdjUnitType *adj_rules_input_type (const AdjContext *ctx,
                                         AdjInputs        *in,
                                         const char       *name);
/* Whether @error says that a cell of a table the players type in is still empty. */
gboolean    adj_rules_table_missing (const GError *error);
/* $.decisions of a ruleset: the decisions taken where the book is silent, each
 * { "id", "label" }. */
gboolean    adj_rules_check_decisions (AdjRuleset  *rs,
                                       GError     **error);
/* $.<section> of a ruleset: an object with exactly @keys, each a whole number from @min to
 * @max. */
gboolean    adj_rules_check_section_ints (AdjRuleset          *rs,
                                          const char          *section,
                                          const char * const  *keys,
                                          gint64               min,
                                          gint64               max,
                                          GError             **error);
/* The ruleset declares each of the @categories and then each of the @status_fields (NULL, or
 * NULL-ended lists). */
gboolean    adj_rules_check_declared (AdjRuleset          *rs,
                                      const char * const  *categories,
                                      const char * const  *status_fields,
                                      GError             **error);

/* Set @error with @code and the message @format makes; FALSE.  adj_not_allowed() is the
 * common case of a move the rules do not allow. */
gboolean adj_rules_fail          (GError     **error,
                                  AdjError     code,
                                  const char  *format,
                                  ...) G_GNUC_PRINTF (3, 4);
#define adj_not_allowed(error_, ...) adj_rules_fail (error_, ADJ_ERROR_NOT_ALLOWED, __VA_ARGS__)

/* For a mechanic's legal(): the unit input @name names a unit of the battle that is not
 * destroyed.  A unit not named is refused when @required, and passes otherwise (the numbers
 * may be worked out on their own).  *@out (may be NULL) gets the unit, or NULL. */
gboolean adj_rules_legal_unit    (const AdjContext  *ctx,
                                  AdjInputs         *in,
                                  const char        *name,
                                  gboolean           required,
                                  AdjUnit          **out,
                                  GError           **error);

/* For a mechanic's legal(): a unit of the battle (input @actor) acts against an enemy unit
 * (input @target).  Not allowed when either is not named, is destroyed or gone, or when both
 * are of one side.  *@actor_unit (may be NULL) gets the actor, for the mechanic's own checks. */
gboolean adj_rules_legal_pair    (const AdjContext  *ctx,
                                  AdjInputs         *in,
                                  const char        *actor,
                                  const char        *target,
                                  AdjUnit          **actor_unit,
                                  GError           **error);

G_END_DECLS
