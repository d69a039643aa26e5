/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn.c: Redcoats & Natives — every mechanic of the system.
 *
 * The numbers (unit sizes, moves, ranges, dice per figure, the cohesion table, what a card means
 * for cover or for a hit commander, the suit order) live in data/rulesets/rn.json; this file
 * decides when each applies.  Every card is dealt or turned from the battle's pack, and every
 * card's odds are counted from what is left of that pack (see "The card walk" below).
 *
 * Decisions taken where RULES.md is silent (each is repeated where it is made):
 * - The deal gathers every card back and shuffles before dealing, as the turn sequence begins
 *   with a shuffle; more than 52 recipients take as many 52-card decks as needed (up to 4).
 * - Equal cards (two decks or more) are ordered by a D6 roll-off: the higher roll acts first,
 *   and those still level roll again.
 * - A limbered gun is not dealt a card: it acts on the card of the transport that tows it.
 * - A commander and a unit sharing a hex with identical cards act on that card; the commander's
 *   copy is the one discarded.  A discarded card goes onto the turned pile.
 * - Hand-to-hand weapons throw the small-arms dice but reach only into the same hex, so a unit
 *   armed with them fights only by close assault.  A limbered gun throws no dice.
 * - Cover cards are turned once per hit on the target hex: every unit there shares its cover.
 *   Machine-gun and artillery hits then strike every unit in the hex: rn/fire applies them to
 *   the target it names and rn/hits applies the same number of hits to each other unit there.
 * - Close assault: both sides throw at once, their dice counted from their state before the
 *   assault.  The assaulter's hits are resolved first (its cover and commander cards come off
 *   the pack first), then the defender's.  The comparison of pips then applies to whichever of
 *   the two is still on the table; equal totals: both hold (RULES.md).
 * - A second wound does nothing more: the commander stays wounded and disrupted.
 */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <math.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rules-util.h"
#include "adj-rn.h"
#include "adj-rules.h"

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

#define MAX_FIGURES 20   /* figures an input may give: a full unit has at most 4 */
#define MAX_DICE    48   /* 6^48 still fits the 128-bit counts of the odds */
#define MAX_HITS    60

#define UNIT_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_UNIT, .label = label_, .optional = TRUE }
#define TYPE_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "unit-types", \
    .def_choice = def_, .from = from_ }
#define WEAPON_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "weapons", \
    .def_choice = def_, .from = from_ }
#define RATING_INPUT(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "ratings", \
    .def_choice = "average", .from = from_ }
#define BOOL_INPUT(name_, label_, hint_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_ }
#define BOOL_FROM(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .from = from_ }
#define BOOL_DEF(name_, label_, hint_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_, .def = def_, \
    .from = from_ }
#define FIGURES_INPUT(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .min = 0, .max = MAX_FIGURES, \
    .def = 4, .from = from_ }
#define CARD_INPUT(name_, label_, def_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices = card_choices, \
    .n_choices = G_N_ELEMENTS (card_choices), .def_choice = def_ }

/* A card as an input: its canonical text ("10H") as the id. */
#define SUIT_CARDS(l, s) \
  { "A" l, "A" s }, { "2" l, "2" s }, { "3" l, "3" s }, { "4" l, "4" s }, { "5" l, "5" s }, \
  { "6" l, "6" s }, { "7" l, "7" s }, { "8" l, "8" s }, { "9" l, "9" s }, { "10" l, "10" s }, \
  { "J" l, "J" s }, { "Q" l, "Q" s }, { "K" l, "K" s }

static const AdjChoice card_choices[] = {
  { "none", N_("No card yet") },
  SUIT_CARDS ("H", "♥"), SUIT_CARDS ("C", "♣"), SUIT_CARDS ("D", "♦"), SUIT_CARDS ("S", "♠"),
};

static const char *const suit_ids[] = { "hearts", "clubs", "diamonds", "spades" };

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

static const char *const commander_results[] = { "unhurt", "wounded", "killed" };

/* The effect of hits on one unit, as fire, hits and close assault declare it. */
static const AdjChoice effect_outcomes[] = {
  { "no-effect", N_("No effect") },
  { "disrupted", N_("Disrupted") },
  { "figures-lost", N_("Figures lost") },
  { "wounded", N_("Commander wounded") },
  { "killed", N_("Commander killed") },
  { "destroyed", N_("Destroyed") },
};

enum {
  EFFECT_NONE,
  EFFECT_DISRUPTED,
  EFFECT_FIGURES,
  EFFECT_WOUNDED,
  EFFECT_KILLED,
  EFFECT_DESTROYED,
};

/* ------------------------------------------------------------------------------------------ */
/* the ruleset's own numbers (check_ruleset verified every one of them)                        */

static json_object *
rn_json (AdjRuleset *rs,
         const char *section,
         const char *key)
{
  json_object *sec = NULL, *v = NULL;

  json_object_object_get_ex (adj_ruleset_get_json (rs), section, &sec);
  if (key == NULL)
    return sec;
  json_object_object_get_ex (sec, key, &v);
  return v;
}

static int
rn_int (AdjRuleset *rs,
        const char *section,
        const char *key)
{
  return json_object_get_int (rn_json (rs, section, key));
}

static const char *
rn_string (AdjRuleset *rs,
           const char *section,
           const char *key)
{
  return json_object_get_string (rn_json (rs, section, key));
}

/* The place of each suit in the order of precedence (0 first), read from the rules once for a
 * whole deal. */
typedef struct {
  int of[4];
} SuitOrder;

static void
suit_order (AdjRuleset *rs,
            SuitOrder  *order)
{
  json_object *ids = rn_json (rs, "activation", "suit_order");

  for (guint suit = 0; suit < G_N_ELEMENTS (order->of); suit++)
    {
      order->of[suit] = 0;
      for (gsize i = 0; i < json_object_array_length (ids); i++)
        if (g_str_equal (json_object_get_string (json_object_array_get_idx (ids, i)),
                         suit_ids[suit]))
          order->of[suit] = (int) i;
    }
}

/* Lower acts first: Ace (1) low to King (13), then the suit order. */
static int
card_order (const SuitOrder *order,
            AdjCard          card)
{
  return (adj_card_rank (card) - 1) * 4 + order->of[adj_card_suit (card)];
}

static gboolean
colour_is (AdjCard     card,
           const char *colour)
{
  return adj_card_is_red (card) == g_str_equal (colour, "red");
}

/* A hit on a unit in cover: does this card let it count? */
static gboolean
cover_counts (AdjRuleset *rs,
              AdjCard     card)
{
  return colour_is (card, rn_string (rs, "cover", "counts"));
}

static CommanderResult
commander_result (AdjRuleset *rs,
                  AdjCard     card)
{
  json_object *rules = rn_json (rs, "commander_hit", NULL);
  const char *name = adj_card_name (card);

  for (gsize i = 0; i < json_object_array_length (rules); i++)
    {
      json_object *rule = json_object_array_get_idx (rules, i);
      json_object *cards = NULL, *colour = NULL, *result = NULL;
      gboolean match = FALSE;

      json_object_object_get_ex (rule, "result", &result);
      if (json_object_object_get_ex (rule, "cards", &cards))
        for (gsize k = 0; k < json_object_array_length (cards); k++)
          match |= g_str_equal (json_object_get_string (json_object_array_get_idx (cards, k)),
                                name);
      if (json_object_object_get_ex (rule, "colour", &colour))
        match |= colour_is (card, json_object_get_string (colour));
      if (!match)
        continue;
      for (guint r = 0; r < G_N_ELEMENTS (commander_results); r++)
        if (g_str_equal (json_object_get_string (result), commander_results[r]))
          return (CommanderResult) r;
    }
  g_return_val_if_reached (COMMANDER_UNHURT);
}

static gboolean
cohesion_regains (AdjRuleset *rs,
                  AdjSuit     suit,
                  const char *rating)
{
  json_object *table = rn_json (rs, "cohesion", "table");
  json_object *row = NULL, *cell = NULL;

  json_object_object_get_ex (table, suit_ids[suit], &row);
  json_object_object_get_ex (row, rating, &cell);
  return json_object_get_boolean (cell);
}

static HitEffect
type_hit_effect (const AdjUnitType *type)
{
  const char *effect = adj_unit_type_rule_string (type, "hit_effect");

  if (g_strcmp0 (effect, "whole") == 0)
    return HIT_WHOLE;
  if (g_strcmp0 (effect, "commander") == 0)
    return HIT_COMMANDER;
  return HIT_FIGURE;
}

static gboolean
is_commander (const AdjUnitType *type)
{
  return type_hit_effect (type) == HIT_COMMANDER;
}

/* The dice class of a weapon: "small-arms", "machine-gun" or "artillery". */
static const char *
weapon_dice_class (const AdjWeapon *weapon)
{
  json_object *rules = NULL, *dice = NULL;

  json_object_object_get_ex (weapon->json, "rules", &rules);
  json_object_object_get_ex (rules, "dice", &dice);
  return json_object_get_string (dice);
}

static json_object *
dice_entry (AdjRuleset *rs,
            const char *dice_class)
{
  json_object *entry = NULL;

  json_object_object_get_ex (rn_json (rs, "fire", "dice"), dice_class, &entry);
  return entry;
}

/* Dice for @figures of a class: whole dice per figure, halves rounded down. */
static int
class_dice (AdjRuleset *rs,
            const char *dice_class,
            int         figures,
            gboolean    reduced,
            int        *per_die,
            int        *per_figures)
{
  json_object *rate = NULL, *dice = NULL, *per = NULL;

  json_object_object_get_ex (dice_entry (rs, dice_class), reduced ? "reduced" : "full", &rate);
  json_object_object_get_ex (rate, "dice", &dice);
  json_object_object_get_ex (rate, "per_figures", &per);
  if (per_die != NULL)
    *per_die = json_object_get_int (dice);
  if (per_figures != NULL)
    *per_figures = json_object_get_int (per);
  return figures * json_object_get_int (dice) / json_object_get_int (per);
}

static gboolean
class_hits_whole_hex (AdjRuleset *rs,
                      const char *dice_class)
{
  json_object *v = NULL;

  json_object_object_get_ex (dice_entry (rs, dice_class), "hits_whole_hex", &v);
  return json_object_get_boolean (v);
}

static const char *
class_label (AdjRuleset *rs,
             const char *dice_class)
{
  json_object *v = NULL;

  json_object_object_get_ex (dice_entry (rs, dice_class), "label", &v);
  return adj_gettext (json_object_get_string (v));
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static const AdjUnitType *
input_type (const AdjContext *ctx,
            AdjInputs        *in,
            const char       *name)
{
  /* Enum inputs only ever hold a declared choice, so the type exists. */
  return adj_ruleset_find_unit_type (ctx->ruleset, adj_inputs_get_string (in, name));
}

/* A card input: NULL for "none". */
static gboolean
input_card (AdjInputs  *in,
            const char *name,
            AdjCard    *card)
{
  const char *text = adj_inputs_get_string (in, name);

  return text != NULL && !g_str_equal (text, "none") && adj_card_parse (text, card);
}

/* Pre-fill a card input from the card dealt to a unit, in its canonical spelling. */
static gboolean
prefill_card (const AdjContext  *ctx,
              AdjInputs         *in,
              const char        *unit_input,
              const char        *card_input,
              GError           **error)
{
  const char *id = adj_inputs_get_string (in, unit_input);
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (ctx->battle, id) : NULL;
  g_autofree char *canonical = NULL;
  AdjCard card;

  if (unit == NULL)
    return TRUE;
  if (adj_unit_get_card (unit) == NULL || !adj_card_parse (adj_unit_get_card (unit), &card))
    return adj_inputs_set_string (in, card_input, "none", error);
  canonical = adj_card_to_string (card);
  return adj_inputs_set_string (in, card_input, canonical, error);
}

static gboolean
change_unit (const AdjContext  *ctx,
             AdjChangeSet      *changes,
             const char        *unit_id,
             const char        *field,
             json_object       *value,
             GError           **error)
{
  AdjUnit *unit;

  return adj_rules_find_unit (ctx, unit_id, &unit, error) &&
         adj_rules_change_unit (ctx->battle, changes, unit, field, value, error);
}

static gboolean
set_unit_bool (const AdjContext  *ctx,
               AdjChangeSet      *changes,
               const char        *unit_id,
               const char        *field,
               gboolean           value,
               GError           **error)
{
  g_autoptr(json_object) v = adj_json_shared_boolean (value);
  return change_unit (ctx, changes, unit_id, field, v, error);
}

static gboolean
set_unit_int (const AdjContext  *ctx,
              AdjChangeSet      *changes,
              const char        *unit_id,
              const char        *field,
              int                value,
              GError           **error)
{
  g_autoptr(json_object) v = adj_json_shared_int (value);
  return change_unit (ctx, changes, unit_id, field, v, error);
}

static gboolean
value_bool (const AdjOutcome *outcome,
            const char       *prefix,
            const char       *name)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  json_object *v = NULL;

  return json_object_object_get_ex (outcome->values, key, &v) && json_object_get_boolean (v);
}

static int
value_int (const AdjOutcome *outcome,
           const char       *prefix,
           const char       *name)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  return adj_outcome_get_value_int (outcome, key, 0);
}

static void
set_value_bool (AdjOutcome *outcome,
                const char *prefix,
                const char *name,
                gboolean    value)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  json_object_object_add (outcome->values, key, adj_json_shared_boolean (value));
}

static void
set_value_int (AdjOutcome *outcome,
               const char *prefix,
               const char *name,
               int         value)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  adj_outcome_set_value_int (outcome, key, value);
}

/* ------------------------------------------------------------------------------------------ */
/* a unit taking hits                                                                          */

typedef struct {
  HitEffect effect;
  gboolean  disrupted;
  int       figures;
  gboolean  wounded;
  gboolean  gone;       /* destroyed, or the commander killed */
} Target;

/* The target's state in 16 bits, for the card walk. */
static gint16
target_pack (const Target *t)
{
  return (gint16) ((t->figures << 3) | (t->disrupted ? 1 : 0) | (t->wounded ? 2 : 0) |
                   (t->gone ? 4 : 0));
}

static void
target_unpack (Target *t,
               gint16  packed)
{
  t->disrupted = (packed & 1) != 0;
  t->wounded = (packed & 2) != 0;
  t->gone = (packed & 4) != 0;
  t->figures = packed >> 3;
}

static void
target_init (Target            *t,
             const AdjUnitType *type,
             int                figures,
             gboolean           disrupted,
             gboolean           wounded)
{
  t->effect = type_hit_effect (type);
  t->figures = figures;
  t->disrupted = disrupted;
  t->wounded = wounded && t->effect == HIT_COMMANDER;
  /* A unit of figures with none left is already off the table. */
  t->gone = t->effect == HIT_FIGURE && figures <= 0;
}

/* A hit that needs a card: a further hit on a disrupted commander. */
static gboolean
hit_needs_card (const Target *t)
{
  return !t->gone && t->disrupted && t->effect == HIT_COMMANDER;
}

/* One hit, applied; @card_result is only read when hit_needs_card(). */
static void
hit_apply (Target          *t,
           CommanderResult  card_result)
{
  if (t->gone)
    return;
  if (!t->disrupted)
    {
      t->disrupted = TRUE;
      return;
    }
  switch (t->effect)
    {
    case HIT_FIGURE:
      if (--t->figures <= 0)
        {
          t->figures = 0;
          t->gone = TRUE;
        }
      break;
    case HIT_WHOLE:
      t->gone = TRUE;
      break;
    case HIT_COMMANDER:
    default:
      if (card_result == COMMANDER_KILLED)
        t->gone = TRUE;
      else if (card_result == COMMANDER_WOUNDED)
        t->wounded = TRUE;
      break;
    }
}

/* What the hits did, from the state before and after. */
static int
target_effect (const Target *before,
               const Target *after)
{
  if (after->gone && !before->gone)
    return before->effect == HIT_COMMANDER ? EFFECT_KILLED : EFFECT_DESTROYED;
  if (after->wounded && !before->wounded)
    return EFFECT_WOUNDED;
  if (after->figures < before->figures)
    return EFFECT_FIGURES;
  if (after->disrupted && !before->disrupted)
    return EFFECT_DISRUPTED;
  return EFFECT_NONE;
}

/* Apply @hits one at a time, explaining each, turning a card for each further hit on a
 * disrupted commander. */
static gboolean
resolve_hits (const AdjContext  *ctx,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              const char        *who,
              const char        *card_group,
              const char        *name,
              Target            *t,
              int                hits,
              GError           **error)
{
  for (int i = 1; i <= hits; i++)
    {
      g_autofree char *line = NULL;

      if (t->gone)
        {
          adj_outcome_add_note (outcome, ngettext ("The last %d hit finds nothing left to strike.",
                                                   "The last %d hits find nothing left to "
                                                   "strike.", hits - i + 1), hits - i + 1);
          break;
        }
      if (hit_needs_card (t))
        {
          AdjCard card;
          CommanderResult r;
          const char *shown = NULL;

          if (!adj_random_card (random, card_group, N_("Card for a hit on a disrupted commander"),
                                &card, error))
            return FALSE;
          r = commander_result (ctx->ruleset, card);
          shown = adj_card_short_name (card);
          hit_apply (t, r);
          switch (r)
            {
            case COMMANDER_KILLED:
              /* TRANSLATORS: e.g. "Hit 2: card Q♥ — Lord Chelmsford is killed" */
              line = g_strdup_printf (_("Hit %d: card %s — %s is killed"), i, shown, name);
              break;
            case COMMANDER_WOUNDED:
              line = g_strdup_printf (_("Hit %d: card %s — %s is wounded and stays disrupted"),
                                 i, shown, name);
              break;
            case COMMANDER_UNHURT:
            default:
              line = g_strdup_printf (_("Hit %d: card %s — %s is unhurt"), i, shown, name);
              break;
            }
        }
      else if (!t->disrupted)
        {
          hit_apply (t, COMMANDER_UNHURT);
          line = g_strdup_printf (_("Hit %d: %s is disrupted"), i, name);
        }
      else
        {
          hit_apply (t, COMMANDER_UNHURT);
          if (t->effect == HIT_WHOLE)
            line = g_strdup_printf (_("Hit %d: %s is destroyed"), i, name);
          else if (t->gone)
            line = g_strdup_printf (_("Hit %d: the last figure of %s falls and the unit is "
                                 "removed"), i, name);
          else
            line = g_strdup_printf (ngettext ("Hit %d: a figure of %s falls (%d left)",
                                         "Hit %d: a figure of %s falls (%d left)",
                                         t->figures), i, name, t->figures);
        }
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, who, line, FALSE, 0);
    }
  return TRUE;
}

/* Record a target's state after the hits, for apply and for scripts. */
static void
target_values (AdjOutcome   *outcome,
               const char   *prefix,
               const Target *before,
               const Target *after)
{
  set_value_bool (outcome, prefix, "disrupted", after->disrupted);
  set_value_int (outcome, prefix, "figures", after->figures);
  set_value_int (outcome, prefix, "figures_lost", before->figures - after->figures);
  set_value_bool (outcome, prefix, "wounded", after->wounded);
  set_value_bool (outcome, prefix, "destroyed", after->gone);
  {
    g_autofree char *key = g_strconcat (prefix, "_effect", NULL);
    adj_outcome_set_value_string (outcome, key, effect_outcomes[target_effect (before, after)].id);
  }
}

/* Write a target's new state into the battle. */
static gboolean
apply_target (const AdjContext  *ctx,
              AdjChangeSet      *changes,
              const char        *unit_id,
              const AdjOutcome  *outcome,
              const char        *prefix,
              GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_find_unit (ctx, unit_id, &unit, error))
    return FALSE;
  if (unit == NULL)
    return TRUE;
  if (!set_unit_bool (ctx, changes, unit_id, "status.disrupted",
                      value_bool (outcome, prefix, "disrupted"), error) ||
      !set_unit_bool (ctx, changes, unit_id, "status.wounded",
                      value_bool (outcome, prefix, "wounded"), error))
    return FALSE;
  if (type_hit_effect (adj_battle_unit_type (ctx->battle, unit)) == HIT_FIGURE &&
      !set_unit_int (ctx, changes, unit_id, "figures", value_int (outcome, prefix, "figures"),
                     error))
    return FALSE;
  if (value_bool (outcome, prefix, "destroyed") &&
      !set_unit_bool (ctx, changes, unit_id, "destroyed", TRUE, error))
    return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* The card walk: exact odds of a sequence of card draws from what is left of the pack.
 *
 * A mechanic describes its state after each card in a few small integers (WalkKey.s, s[0] the
 * phase, 0 once finished, s[1] then the outcome); the walk follows every state card by card,
 * with the counts of each class of card still in the draw pile and on the turned pile, so
 * every draw is without replacement.  When the draw pile runs out, the turned cards become
 * the draw pile, as adj_random_card() reshuffles them.
 *
 * Counting: a draw multiplies a state's ways by the cards of its class left; a state that has
 * finished still "draws" one card of any kind per step, so that all states share one total
 * (the product of the draw pile's sizes, which do not depend on what was drawn).  Ways are
 * 128-bit, reduced by their common divisor when they grow large, and carried alongside plain
 * probabilities: when a count no longer fits, the odds fall back to those doubles.
 *
 * Shortcuts, where the pile does not run out on the way: cards whose order does not matter
 * (the cover cards for a volley) are drawn k at a time, one state per mix of classes; and a
 * last run of cards whose outcome is set by the worst card among them (a hit commander, the
 * tries to rally) is counted in one go: (n of rank <= r)_k - (n of rank < r)_k ordered ways
 * for the worst rank to be r.
 *
 * How far the counts stay exact (from a full pack; a smaller pile helps): fire in the open up
 * to 24 dice (6^24 < 2^64); through cover up to 14 dice on a unit and 10 on a commander; a
 * close assault to 12 dice a side, cover or not; the cards alone (cohesion, hits without
 * dice) in every case a table sees.  Past that, odds->overflow and the doubles.
 */

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
  Ways    ways;
  double  p;
} WalkState;

typedef struct {
  GArray  *states;   /* of WalkState */
  guint32 *slots;    /* index + 1 into states; 0 is empty */
  guint    n_slots;  /* a power of two */
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
  Ways             total;
  gboolean         exact;
  GPtrArray       *tables;                  /* of WalkTable *, by the number of cards drawn */
  guint            done_step;               /* where the finished states are, at the end */
  const WalkRules *rules;
  gpointer         data;
} Walk;

/* What distinguishes a card for a mechanic; cards with the same value form one class. */
typedef int (*CardSignature) (AdjRuleset *rs, AdjCard card, gpointer data);

static guint
key_hash (const WalkKey *key)
{
  guint64 w[4] = { 0 };
  guint64 h = 0;

  G_STATIC_ASSERT (sizeof (WalkKey) <= sizeof w);
  memcpy (w, key, sizeof *key);
  for (guint i = 0; i < G_N_ELEMENTS (w); i++)
    {
      h = (h ^ w[i]) * 0x9e3779b97f4a7c15ull;
      h ^= h >> 29;
    }
  return (guint) (h ^ (h >> 32));
}

static WalkTable *
table_new (void)
{
  WalkTable *t = g_new0 (WalkTable, 1);

  t->states = g_array_new (FALSE, FALSE, sizeof (WalkState));
  t->n_slots = 64;
  t->slots = g_new0 (guint32, t->n_slots);
  return t;
}

static void
table_free (WalkTable *t)
{
  g_array_unref (t->states);
  g_free (t->slots);
  g_free (t);
}

static void
table_grow (WalkTable *t)
{
  g_free (t->slots);
  t->n_slots *= 2;
  t->slots = g_new0 (guint32, t->n_slots);
  for (guint i = 0; i < t->states->len; i++)
    {
      WalkState *st = &g_array_index (t->states, WalkState, i);
      guint slot = key_hash (&st->key) & (t->n_slots - 1);

      while (t->slots[slot] != 0)
        slot = (slot + 1) & (t->n_slots - 1);
      t->slots[slot] = i + 1;
    }
}

/* The states that will have drawn @step cards. */
static WalkTable *
walk_table (Walk  *w,
            guint  step)
{
  while (w->tables->len <= step)
    g_ptr_array_add (w->tables, table_new ());
  return g_ptr_array_index (w->tables, step);
}

static void
table_add (Walk          *w,
           WalkTable     *t,
           const WalkKey *key_in,
           Ways           ways,
           double         p)
{
  WalkKey key = *key_in;
  WalkState fresh;
  guint slot;

  /* A finished state no longer cares which cards are where. */
  if (key.s[0] == PHASE_DONE)
    {
      memset (key.draw, 0, sizeof key.draw);
      memset (key.turned, 0, sizeof key.turned);
    }
  slot = key_hash (&key) & (t->n_slots - 1);
  while (t->slots[slot] != 0)
    {
      WalkState *st = &g_array_index (t->states, WalkState, t->slots[slot] - 1);

      if (memcmp (&st->key, &key, sizeof key) == 0)
        {
          if (w->exact && __builtin_add_overflow (st->ways, ways, &st->ways))
            w->exact = FALSE;
          st->p += p;
          return;
        }
      slot = (slot + 1) & (t->n_slots - 1);
    }
  fresh.key = key;
  fresh.ways = ways;
  fresh.p = p;
  g_array_append_val (t->states, fresh);
  t->slots[slot] = t->states->len;
  if (t->states->len * 2 > t->n_slots)
    table_grow (t);
}

static Ways
gcd_ways (Ways a,
          Ways b)
{
  while (b != 0)
    {
      Ways t = a % b;
      a = b;
      b = t;
    }
  return a;
}

static gboolean
walk_mul (Walk *w,
          Ways  a,
          Ways  b,
          Ways *out)
{
  if (!w->exact)
    {
      *out = 0;
      return FALSE;
    }
  if (__builtin_mul_overflow (a, b, out))
    {
      w->exact = FALSE;
      *out = 0;
      return FALSE;
    }
  return TRUE;
}

/* Divide the total and every count still to come by their common divisor. */
static void
walk_reduce (Walk  *w,
             guint  from)
{
  Ways g = w->total;

  for (guint j = from; j < w->tables->len && g != 1; j++)
    {
      WalkTable *t = g_ptr_array_index (w->tables, j);

      for (guint i = 0; i < t->states->len && g != 1; i++)
        g = gcd_ways (g, g_array_index (t->states, WalkState, i).ways);
    }
  if (g <= 1)
    return;
  w->total /= g;
  for (guint j = from; j < w->tables->len; j++)
    {
      WalkTable *t = g_ptr_array_index (w->tables, j);

      for (guint i = 0; i < t->states->len; i++)
        g_array_index (t->states, WalkState, i).ways /= g;
    }
}

/* Sort the cards into classes by @signature and count each class in the pack of @ctx. */
static void
walk_init (Walk               *w,
           const AdjContext   *ctx,
           CardSignature       signature,
           gpointer            sig_data,
           const WalkRules    *rules,
           gpointer            data)
{
  int sigs[WALK_CLASSES];
  const AdjCard *cards;
  guint n;

  memset (w, 0, sizeof *w);
  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    {
      int sig = signature (ctx->ruleset, c, sig_data);
      guint k;

      for (k = 0; k < w->n_classes && sigs[k] != sig; k++)
        ;
      if (k == w->n_classes)
        {
          g_assert (k < WALK_CLASSES);
          sigs[k] = sig;
          w->example[k] = c;
          w->n_classes++;
        }
      w->class_of[c] = (guint8) k;
    }

  if (ctx->pack != NULL)
    {
      cards = adj_pack_draw_pile (ctx->pack, &n);
      for (guint i = 0; i < n; i++)
        w->draw0[w->class_of[cards[i] % ADJ_DECK_SIZE]]++;
      w->draw_size = n;
      cards = adj_pack_turned (ctx->pack, &n);
      for (guint i = 0; i < n; i++)
        w->turned0[w->class_of[cards[i] % ADJ_DECK_SIZE]]++;
      w->turned_size = n;
    }
  else
    {
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        w->draw0[w->class_of[c]]++;
      w->draw_size = ADJ_DECK_SIZE;
    }
  w->total = 1;
  w->exact = TRUE;
  w->rules = rules;
  w->data = data;
  w->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
}

static void
walk_clear (Walk *w)
{
  g_clear_pointer (&w->tables, g_ptr_array_unref);
}

static void
walk_key_init (WalkKey *key)
{
  memset (key, 0, sizeof *key);
}

/* A state before any card: @key.s filled in by the mechanic. */
static void
walk_seed (Walk    *w,
           WalkKey *key,
           Ways     ways,
           double   p)
{
  memcpy (key->draw, w->draw0, sizeof key->draw);
  memcpy (key->turned, w->turned0, sizeof key->turned);
  table_add (w, walk_table (w, 0), key, ways, p);
}

/* (n)_k = n (n - 1) ... (n - k + 1): ordered ways to draw k of n cards. */
static gboolean
falling (Walk  *w,
         guint  n,
         guint  k,
         Ways  *out)
{
  Ways r = 1;

  if (k > n)
    {
      *out = 0;
      return TRUE;
    }
  for (guint i = 0; i < k; i++)
    if (!walk_mul (w, r, n - i, &r))
      {
        *out = 0;
        return FALSE;
      }
  *out = r;
  return TRUE;
}

static double
falling_d (guint n,
           guint k)
{
  double r = 1.0;

  if (k > n)
    return 0.0;
  for (guint i = 0; i < k; i++)
    r *= (double) (n - i);
  return r;
}

/* Every mix of @k cards from the classes of @st: k! × prod C(d, a) ordered ways, the binomials
 * built up class by class in @acc. */
typedef struct {
  const WalkState *st;
  guint            k;
  Ways             k_factorial;
  double           k_factorial_d;
  double           sizes;      /* the product of the pile's sizes over the k draws */
  WalkTable       *to;
  guint8           counts[WALK_CLASSES];
} WalkMix;

static void
walk_mixes (Walk    *w,
            WalkMix *mix,
            guint    cls,
            guint    left,
            Ways     acc,
            double   acc_d)
{
  guint d = mix->st->key.draw[cls];
  Ways binom = 1;
  double binom_d = 1.0;

  if (cls + 1 == w->n_classes)
    {
      Ways ways = 0;
      WalkKey key;

      if (left > d)
        return;
      mix->counts[cls] = (guint8) left;
      for (guint i = 0; i < left; i++)
        {
          binom = binom * (d - i) / (i + 1);
          binom_d = binom_d * (d - i) / (i + 1);
        }
      if (walk_mul (w, acc, binom, &ways) && walk_mul (w, ways, mix->k_factorial, &ways))
        walk_mul (w, ways, mix->st->ways, &ways);
      key = mix->st->key;
      for (guint c = 0; c < w->n_classes; c++)
        {
          key.draw[c] -= mix->counts[c];
          key.turned[c] += mix->counts[c];
        }
      w->rules->take_many (&key, mix->counts, w->data);
      table_add (w, mix->to, &key, ways,
                 mix->st->p * acc_d * binom_d * mix->k_factorial_d / mix->sizes);
      return;
    }
  for (guint a = 0; a <= left && a <= d; a++)
    {
      Ways next = 0;

      mix->counts[cls] = (guint8) a;
      if (w->exact)
        walk_mul (w, acc, binom, &next);
      walk_mixes (w, mix, cls + 1, left - a, next, acc_d * binom_d);
      binom = binom * (d - a) / (a + 1);
      binom_d = binom_d * (d - a) / (a + 1);
    }
}

/* The last @k cards, where only the worst rank among them matters. */
static void
walk_worst (Walk            *w,
            const WalkState *st,
            const WalkPlan  *plan,
            double           sizes,
            WalkTable       *to)
{
  Ways below = 0;
  double below_d = 0.0;

  for (guint r = 0; r < plan->n_ranks; r++)
    {
      guint n = 0;
      Ways upto, ways;
      double upto_d;
      WalkKey key;

      for (guint c = 0; c < w->n_classes; c++)
        if (plan->rank[c] <= r)
          n += st->key.draw[c];
      falling (w, n, plan->k, &upto);
      upto_d = falling_d (n, plan->k);
      if (upto_d == below_d)
        continue;
      key = st->key;
      w->rules->finish (&key, r, w->data);
      g_assert (key.s[0] == PHASE_DONE);
      walk_mul (w, upto - below, st->ways, &ways);
      table_add (w, to, &key, ways, st->p * (upto_d - below_d) / sizes);
      below = upto;
      below_d = upto_d;
    }
}

static gboolean
tables_busy (Walk  *w,
             guint  step)
{
  WalkTable *t = g_ptr_array_index (w->tables, step);

  for (guint j = step + 1; j < w->tables->len; j++)
    if (((WalkTable *) g_ptr_array_index (w->tables, j))->states->len > 0)
      return TRUE;
  for (guint i = 0; i < t->states->len; i++)
    if (g_array_index (t->states, WalkState, i).key.s[0] != PHASE_DONE)
      return TRUE;
  return FALSE;
}

/* Follow every state until all have finished; the finished ones end in the last table. */
static gboolean
walk_run (Walk    *w,
          GError **error)
{
  guint step;

  walk_table (w, 0);
  for (step = 0; tables_busy (w, step); step++)
    {
      WalkTable *cur = g_ptr_array_index (w->tables, step);
      WalkTable *next = walk_table (w, step + 1);
      guint sigma;
      Ways total;

      if (w->draw_size == 0)
        {
          if (w->turned_size == 0)
            {
              g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                           _("The pack has no card left to turn: every card is out"));
              return FALSE;
            }
          /* The turned cards are shuffled back and become the draw pile. */
          for (guint i = 0; i < cur->states->len; i++)
            {
              WalkKey *k = &g_array_index (cur->states, WalkState, i).key;

              memcpy (k->draw, k->turned, sizeof k->draw);
              memset (k->turned, 0, sizeof k->turned);
            }
          w->draw_size = w->turned_size;
          w->turned_size = 0;
        }
      sigma = w->draw_size;

      for (guint i = 0; i < cur->states->len; i++)
        {
          WalkState st = g_array_index (cur->states, WalkState, i);
          WalkPlan plan = { 0 };
          Ways ways;

          if (st.key.s[0] == PHASE_DONE)
            {
              walk_mul (w, st.ways, sigma, &ways);
              table_add (w, next, &st.key, ways, st.p);
              continue;
            }
          if (w->rules->plan != NULL)
            w->rules->plan (&st.key, &plan, w->data);
          /* Several cards at once, as long as the pile lasts. */
          if (plan.k >= 2 && plan.k <= w->draw_size)
            {
              WalkTable *to = walk_table (w, step + plan.k);
              double sizes = falling_d (w->draw_size, plan.k);

              if (plan.rank != NULL)
                walk_worst (w, &st, &plan, sizes, to);
              else
                {
                  WalkMix mix = { &st, plan.k, 1, 1.0, sizes, to, { 0 } };

                  for (guint f = 2; f <= plan.k; f++)
                    {
                      walk_mul (w, mix.k_factorial, f, &mix.k_factorial);
                      mix.k_factorial_d *= f;
                    }
                  walk_mixes (w, &mix, 0, plan.k, 1, 1.0);
                }
              continue;
            }
          for (guint c = 0; c < w->n_classes; c++)
            {
              WalkKey k;

              if (st.key.draw[c] == 0)
                continue;
              k = st.key;
              k.draw[c]--;
              k.turned[c]++;
              w->rules->take (&k, c, w->data);
              walk_mul (w, st.ways, st.key.draw[c], &ways);
              table_add (w, next, &k, ways, st.p * st.key.draw[c] / sigma);
            }
        }
      walk_mul (w, w->total, sigma, &total);
      w->total = total;
      w->draw_size--;
      w->turned_size++;
      g_array_set_size (cur->states, 0);
      if (w->exact && w->total > ((Ways) 1 << 96))
        walk_reduce (w, step + 1);
    }
  w->done_step = step;
  return TRUE;
}

/* Ways (over @total, when @exact) and probabilities of each declared outcome, as odds. */
static void
odds_from_counts (const AdjMechanic *mech,
                  gboolean           exact,
                  Ways              *counts,
                  const double      *p,
                  Ways               total,
                  AdjOdds           *odds)
{
  Ways g;

  adj_declare_outcomes (mech, odds);
  if (exact)
    {
      g = total;
      for (guint k = 0; k < mech->n_outcomes; k++)
        g = gcd_ways (g, counts[k]);
      if (g > 1)
        for (guint k = 0; k < mech->n_outcomes; k++)
          counts[k] /= g;
      if (total / g <= G_MAXUINT64)
        {
          for (guint k = 0; k < mech->n_outcomes; k++)
            adj_odds_add (odds, mech->outcomes[k].id, mech->outcomes[k].label,
                          (guint64) counts[k]);
          adj_odds_finish (odds, (guint64) (total / g));
          return;
        }
    }

  /* Too many ways to count in 64 bits: only the probabilities are given. */
  odds->overflow = TRUE;
  adj_odds_finish (odds, 1);
  for (guint k = 0; k < mech->n_outcomes; k++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, k);
      e->p = p[k];
      e->num = 0;
      e->den = 0;
    }
}

/* The finished states as the odds of the mechanic's declared outcomes. */
static void
walk_odds (Walk              *w,
           const AdjMechanic *mech,
           AdjOdds           *odds)
{
  WalkTable *done = g_ptr_array_index (w->tables, w->done_step);
  Ways counts[16] = { 0 };
  double p[16] = { 0 };
  gboolean exact = w->exact;

  g_assert (mech->n_outcomes <= G_N_ELEMENTS (counts));
  for (guint i = 0; i < done->states->len; i++)
    {
      const WalkState *st = &g_array_index (done->states, WalkState, i);
      guint k = (guint) st->key.s[1];

      g_assert (st->key.s[0] == PHASE_DONE && k < mech->n_outcomes);
      if (exact && __builtin_add_overflow (counts[k], st->ways, &counts[k]))
        exact = FALSE;
      p[k] += st->p;
    }
  odds_from_counts (mech, exact, counts, p, w->total, odds);
}

/* ---- dice: how many ways a throw gives each number of hits, and each pip total ---- */

static Ways
ways_pow (Ways base,
          guint n)
{
  Ways r = 1;

  while (n-- > 0)
    r *= base;
  return r;
}

/* ways[s] for s = 0..n hits of @n dice, hitting on @hit_on or more; 6^n in all. */
static void
hits_ways (guint  n,
           int    hit_on,
           Ways  *ways)
{
  Ways binom[MAX_DICE + 1] = { 0 };
  Ways hit = (Ways) (7 - hit_on), miss = (Ways) (hit_on - 1);

  g_assert (n <= MAX_DICE);
  binom[0] = 1;
  for (guint i = 1; i <= n; i++)
    for (guint k = i; k > 0; k--)
      binom[k] += binom[k - 1];
  for (guint s = 0; s <= n; s++)
    ways[s] = binom[s] * ways_pow (hit, s) * ways_pow (miss, n - s);
}

/* The joint distribution of hits and pips: joint[s * (6n + 1) + p] ways to throw s hits and
 * p pips.  Which s dice hit can be chosen C(n, s) ways; the hits' pips and the misses' pips
 * are sums of dice showing only hitting faces or only missing ones, built a die at a time.
 * Two count types share one definition: Ways (128 bits) for any pool, and guint64, quicker and
 * half the memory, up to MAX_DICE_64 dice (6^24 < 2^64).  Row m of the powers is only written
 * and read from lo * m to hi * m, and only that much is cleared. */
#define MAX_DICE_64 24

#define DEFINE_JOINT_WAYS(suffix, Count, max_dice)                                              \
static void                                                                                     \
face_powers##suffix (guint  n,                                                                  \
                     int    lo,                                                                 \
                     int    hi,                                                                 \
                     Count *pow_)    /* [(n + 1) * (6n + 1)] */                                 \
{                                                                                               \
  guint width = 6 * n + 1;                                                                      \
                                                                                                \
  pow_[0] = 1;                                                                                  \
  for (guint m = 1; m <= n; m++)                                                                \
    {                                                                                           \
      Count *row = pow_ + m * width;                                                            \
                                                                                                \
      memset (row + (guint) lo * m, 0, ((guint) (hi - lo) * m + 1) * sizeof *row);              \
      for (guint v = (guint) lo * (m - 1); v <= (guint) hi * (m - 1); v++)                      \
        {                                                                                       \
          Count w = pow_[(m - 1) * width + v];                                                  \
                                                                                                \
          if (w == 0)                                                                           \
            continue;                                                                           \
          for (int f = lo; f <= hi; f++)                                                        \
            row[v + (guint) f] += w;                                                            \
        }                                                                                       \
    }                                                                                           \
}                                                                                               \
                                                                                                \
static Count *                                                                                  \
joint_ways##suffix (guint n,                                                                    \
                    int   hit_on)                                                               \
{                                                                                               \
  guint width = 6 * n + 1;                                                                      \
  Count *joint = g_new0 (Count, (n + 1) * width);                                               \
  g_autofree Count *hits = g_new (Count, (n + 1) * width);                                      \
  g_autofree Count *misses = g_new (Count, (n + 1) * width);                                    \
  Count binom = 1;                                                                              \
                                                                                                \
  g_assert (n <= (max_dice));                                                                   \
  face_powers##suffix (n, hit_on, 6, hits);                                                     \
  if (hit_on > 1)                                                                               \
    face_powers##suffix (n, 1, hit_on - 1, misses);                                             \
  else                                                                                          \
    misses[0] = 1;                                                                              \
  for (guint s = 0; s <= n; s++)                                                                \
    {                                                                                           \
      const Count *h = hits + s * width;                                                        \
      const Count *m = misses + (n - s) * width;                                                \
                                                                                                \
      for (guint t = (guint) hit_on * s; t <= 6 * s; t++)                                       \
        {                                                                                       \
          if (h[t] == 0)                                                                        \
            continue;                                                                           \
          for (guint v = n - s; v <= (guint) (hit_on - 1) * (n - s); v++)                       \
            if (m[v] != 0)                                                                      \
              joint[s * width + t + v] += binom * h[t] * m[v];                                  \
        }                                                                                       \
      /* C(n, s) * (n - s) fits: in 64 bits, it is at most 24 * C(24, 12). */                  \
      binom = binom * (n - s) / (s + 1);                                                        \
    }                                                                                           \
  return joint;                                                                                 \
}

DEFINE_JOINT_WAYS (, Ways, MAX_DICE)
DEFINE_JOINT_WAYS (64, guint64, MAX_DICE_64)

/* ------------------------------------------------------------------------------------------ */
/* The deal: a card to every unit and commander; the lowest acts first                        */

typedef struct {
  AdjUnit    *unit;     /* the unit, which the battle keeps while the deal runs; NULL without one */
  char       *name;     /* the unit's name, or one made up without a battle */
  AdjCard     card;
  int         order;    /* card_order() of the card, worked out once */
  guint       dealt;    /* its place in the deal */
  GArray     *rolls;    /* of int: the roll-off dice it threw, in order, or NULL before any */
} Recipient;

static void
recipient_clear (gpointer data)
{
  Recipient *r = data;

  g_free (r->name);
  g_clear_pointer (&r->rolls, g_array_unref);
}

static void
recipients_add (GArray     *all,
                AdjUnit    *unit,
                char       *name)
{
  Recipient one = { .unit = unit, .name = name };

  g_array_append_val (all, one);
}

/* Who is dealt a card: every unit and commander still on the table, except a limbered gun,
 * which acts on the card of the transport that tows it. */
static gboolean
is_recipient (AdjBattle *battle,
              AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);

  if (adj_unit_get_destroyed (unit))
    return FALSE;
  return !(g_str_equal (type->category, "artillery") &&
           adj_unit_get_status_bool (unit, "limbered"));
}

static guint
count_recipients (AdjBattle *battle)
{
  guint n = 0;

  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    n += is_recipient (battle, adj_battle_peek_unit (battle, i)) ? 1 : 0;
  return n;
}

static guint
deal_size (const AdjContext *ctx,
           AdjInputs        *in)
{
  if (ctx->battle != NULL)
    return count_recipients (ctx->battle);
  return (guint) adj_inputs_get_int (in, "recipients");
}

static const AdjField deal_inputs[] = {
  { .name = "recipients", .kind = ADJ_FIELD_INT, .label = N_("Units and commanders dealt a card"),
    .hint = N_("Taken from the battle when there is one: every unit and commander still on the "
               "table, except limbered guns, which act with their transport"),
    .min = 1, .max = 208, .def = 12 },
};

static const AdjChoice deal_outcomes[] = {
  { "dealt", N_("Cards dealt") },
  { "dealt-rolloff", N_("Cards dealt; equal cards rolled off") },
};

static void
deal_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "deal", N_("Card dealt"), 1, 0 };
  guint n = deal_size (ctx, in);

  for (guint i = 0; i < n && i < 4 * ADJ_DECK_SIZE; i++)
    g_array_append_val (specs, s);
}

static gboolean
deal_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  guint n = count_recipients (ctx->battle);

  if (n == 0 || n > 4 * ADJ_DECK_SIZE)
    return TRUE;
  return adj_inputs_set_int (in, "recipients", (int) n, error);
}

typedef struct {
  AdjRuleset *rs;
} OrderData;

static guint
n_rolls (const Recipient *r)
{
  return r->rolls != NULL ? r->rolls->len : 0;
}

static int
compare_rolls (const Recipient *a,
               const Recipient *b)
{
  for (guint i = 0; i < n_rolls (a) && i < n_rolls (b); i++)
    {
      int x = g_array_index (a->rolls, int, i), y = g_array_index (b->rolls, int, i);
      if (x != y)
        return y - x;   /* the higher roll goes first */
    }
  return (int) a->dealt - (int) b->dealt;
}

static int
compare_recipients (gconstpointer a,
                    gconstpointer b)
{
  const Recipient *x = *(Recipient * const *) a, *y = *(Recipient * const *) b;

  if (x->order != y->order)
    return x->order - y->order;
  return compare_rolls (x, y);
}

static int
compare_dealt (gconstpointer a,
               gconstpointer b)
{
  const Recipient *x = *(Recipient * const *) a, *y = *(Recipient * const *) b;
  return (int) x->dealt - (int) y->dealt;
}

/* Everyone in @group holds the same card: each rolls a die, the highest goes first, and those
 * level roll again among themselves. */
static gboolean
roll_off (AdjRandom   *random,
          AdjOutcome  *outcome,
          int          sides,
          GPtrArray   *group,
          GError     **error)
{
  g_autofree int *dice = g_new0 (int, group->len);
  g_autoptr(GString) text = g_string_new (NULL);
  guint round;

  g_ptr_array_sort (group, compare_dealt);
  if (!adj_random_roll (random, "rolloff", N_("Roll-off between equal cards"), group->len,
                        (guint) sides, dice, error))
    return FALSE;
  round = n_rolls (g_ptr_array_index (group, 0)) + 1;
  for (guint i = 0; i < group->len; i++)
    {
      Recipient *r = g_ptr_array_index (group, i);

      if (r->rolls == NULL)
        r->rolls = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (r->rolls, dice[i]);
      g_string_append_printf (text, "%s%s %d", i > 0 ? ", " : "", r->name, dice[i]);
    }
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, "rolloff", FALSE, 0,
                         /* TRANSLATORS: e.g. "Roll-off for 7♥ (round 1): Impi 1 4, Impi 2 6" */
                         _("Roll-off for %s (round %u): %s"),
                         adj_card_short_name (((Recipient *) g_ptr_array_index (group, 0))->card),
                         round, text->str);

  /* Those still level roll again among themselves, the higher level first. */
  for (int face = sides; face >= 1; face--)
    {
      g_autoptr(GPtrArray) level = g_ptr_array_new ();

      for (guint i = 0; i < group->len; i++)
        if (dice[i] == face)
          g_ptr_array_add (level, g_ptr_array_index (group, i));
      if (level->len > 1 && !roll_off (random, outcome, sides, level, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
deal_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  guint deck = (guint) rn_int (rs, "activation", "deck_size");
  guint max_decks = (guint) rn_int (rs, "activation", "max_decks");
  int sides = rn_int (rs, "activation", "rolloff_die");
  /* Everyone dealt to, and pointers to them to sort. */
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (Recipient));
  g_autoptr(GPtrArray) people = NULL;
  guint n, n_decks;
  gboolean rolled = FALSE;
  SuitOrder suits;
  json_object *order;

  g_array_set_clear_func (all, recipient_clear);
  if (ctx->battle != NULL)
    {
      for (guint i = 0; i < adj_battle_get_n_units (ctx->battle); i++)
        {
          AdjUnit *unit = adj_battle_peek_unit (ctx->battle, i);

          if (is_recipient (ctx->battle, unit))
            recipients_add (all, unit, g_strdup (adj_unit_get_name (unit)));
        }
    }
  else
    {
      int n_recipients = MAX (adj_inputs_get_int (in, "recipients"), 0);

      for (int i = 1; i <= n_recipients; i++)
        /* TRANSLATORS: a unit that has no name, when cards are dealt without a battle */
        recipients_add (all, NULL, g_strdup_printf (_("Unit %d"), i));
    }
  n = all->len;
  people = g_ptr_array_sized_new (n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (people, &g_array_index (all, Recipient, i));
  if (n == 0)
    return adj_not_allowed (error, _("No unit or commander is left on the table to deal to"));
  if (n > max_decks * deck)
    return adj_not_allowed (error, _("%u units and commanders are more than %u packs of cards "
                                     "can deal to"), n, max_decks);

  /* Each turn begins with every card back in the pack and a shuffle; more recipients than
   * one pack has cards take a second pack (and more). */
  n_decks = (n + deck - 1) / deck;
  if (!adj_random_gather_pack (random, n_decks) && !adj_random_has_entered_cards (random))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                   _("The pack cannot be shuffled here: enter the cards dealt at the table"));
      return FALSE;
    }
  adj_outcome_add_note (outcome, ngettext ("Every card is gathered into %u pack of %u cards and "
                                           "shuffled.",
                                           "Every card is gathered into %u packs of %u cards and "
                                           "shuffled.", n_decks), n_decks, deck);

  suit_order (rs, &suits);
  for (guint i = 0; i < n; i++)
    {
      Recipient *r = g_ptr_array_index (people, i);

      if (!adj_random_deal (random, "deal", N_("Card dealt"), &r->card, error))
        return FALSE;
      r->order = card_order (&suits, r->card);
      r->dealt = i;
    }
  g_ptr_array_sort (people, compare_recipients);

  /* Equal cards only come with several packs: they are rolled off. */
  for (guint i = 0; i < n;)
    {
      Recipient *first = g_ptr_array_index (people, i);
      guint j = i + 1;

      while (j < n && ((Recipient *) g_ptr_array_index (people, j))->card == first->card)
        j++;
      if (j - i > 1)
        {
          g_autoptr(GPtrArray) group = g_ptr_array_new ();

          for (guint k = i; k < j; k++)
            g_ptr_array_add (group, g_ptr_array_index (people, k));
          if (!roll_off (random, outcome, sides, group, error))
            return FALSE;
          rolled = TRUE;
        }
      i = j;
    }
  /* The roll-offs settle the order among equal cards. */
  if (rolled)
    g_ptr_array_sort (people, compare_recipients);

  order = json_object_new_array_ext ((int) n);
  for (guint i = 0; i < n; i++)
    {
      Recipient *r = g_ptr_array_index (people, i);
      const char *shown = adj_card_short_name (r->card);
      json_object *item = json_object_new_object ();

      /* The unit's own id and name, shared rather than copied. */
      adj_json_add_new (item, "unit", r->unit != NULL ? adj_unit_id_to_json (r->unit) : NULL);
      adj_json_add_new (item, "name", r->unit != NULL ? adj_unit_name_to_json (r->unit)
                                                      : json_object_new_string (r->name));
      adj_json_add_new (item, "card", adj_card_to_json (r->card));
      if (n_rolls (r) > 0)
        {
          json_object *rolls = json_object_new_array_ext ((int) r->rolls->len);

          for (guint k = 0; k < r->rolls->len; k++)
            json_object_array_add (rolls, adj_json_shared_int (g_array_index (r->rolls, int, k)));
          adj_json_add_new (item, "rolloff", rolls);
        }
      json_object_array_add (order, item);
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, (int) i + 1, "%u. %s — %s",
                             i + 1, shown, r->name);
    }
  json_object_object_add (outcome->values, "order", order);
  adj_outcome_set_value_int (outcome, "decks", (int) n_decks);
  adj_outcome_set_value_int (outcome, "recipients", (int) n);

  {
    Recipient *first = g_ptr_array_index (people, 0);
    const char *shown = adj_card_short_name (first->card);

    adj_outcome_set_result (outcome, rolled ? "dealt-rolloff" : "dealt",
                            /* TRANSLATORS: e.g. "Lancers act first, on A♥" */
                            _("%s acts first, on %s"), first->name, shown);
  }
  return TRUE;
}

static gboolean
deal_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  guint n = deal_size (ctx, in);
  guint deck = (guint) rn_int (ctx->ruleset, "activation", "deck_size");

  /* With one pack every card differs; with more, more recipients than one pack's cards must
   * share some card, so a roll-off is certain. */
  adj_declare_outcomes (in->mechanic, odds);
  adj_odds_add (odds, n <= deck ? "dealt" : "dealt-rolloff",
                deal_outcomes[n <= deck ? 0 : 1].label, 1);
  adj_odds_finish (odds, 1);
  return TRUE;
}

static gboolean
deal_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  g_autoptr(GHashTable) cards = g_hash_table_new (g_str_hash, g_str_equal);
  json_object *order = NULL;
  GListModel *units;

  if (ctx->battle == NULL)
    return TRUE;
  json_object_object_get_ex (outcome->values, "order", &order);
  for (gsize i = 0; i < json_object_array_length (order); i++)
    {
      json_object *item = json_object_array_get_idx (order, i);
      json_object *unit = NULL, *card = NULL;

      json_object_object_get_ex (item, "unit", &unit);
      json_object_object_get_ex (item, "card", &card);
      if (unit != NULL)
        g_hash_table_insert (cards, (gpointer) json_object_get_string (unit), card);
    }

  /* Every unit dealt holds its new card; every other unit holds none. */
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      json_object *card = g_hash_table_lookup (cards, adj_unit_get_id (unit));

      if (!change_unit (ctx, changes, adj_unit_get_id (unit), "card", card, error))
        return FALSE;
    }
  return TRUE;
}

static const AdjMechanic rn_deal = {
  .id = "rn/deal",
  .title = N_("Deal the cards"),
  .summary = N_("At the start of a turn every unit and commander on the table gets a card from a "
                "fresh shuffle; the lowest card acts first."),
  .scope = ADJ_SCOPE_BATTLE,
  .inputs = deal_inputs,
  .n_inputs = G_N_ELEMENTS (deal_inputs),
  .outcomes = deal_outcomes,
  .n_outcomes = G_N_ELEMENTS (deal_outcomes),
  .random_note = N_("Ace is low and King high; at equal rank hearts come before clubs, then "
                    "diamonds, then spades.  With more than one pack, units holding the same card "
                    "each roll a D6 and the highest acts first; those level roll again.  Entered "
                    "cards are dealt in the battle’s order of units; entered dice are read group "
                    "by group in card order."),
  .draws = deal_draws,
  .prefill = deal_prefill,
  .resolve = deal_resolve,
  .odds = deal_odds,
  .apply = deal_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* A commander in the same hex as a unit: both act on the lower card                           */

static const AdjField joins_inputs[] = {
  UNIT_INPUT ("commander", N_("Commander")),
  UNIT_INPUT ("unit", N_("Unit in the same hex")),
  CARD_INPUT ("commander_card", N_("Commander’s card"), "QH"),
  CARD_INPUT ("unit_card", N_("Unit’s card"), "5C"),
};

static const AdjChoice joins_outcomes[] = {
  { "commander-card", N_("Both act on the commander’s card") },
  { "unit-card", N_("Both act on the unit’s card") },
};

static gboolean
joins_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  return prefill_card (ctx, in, "commander", "commander_card", error) &&
         prefill_card (ctx, in, "unit", "unit_card", error);
}

static gboolean
joins_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  AdjUnit *commander, *unit;
  AdjCard cc, uc, kept, dropped;
  SuitOrder suits;
  gboolean commander_lower;
  const char *cname = adj_input_unit_name (ctx, in, "commander", _("The commander"));
  const char *uname = adj_input_unit_name (ctx, in, "unit", _("the unit"));
  const char *kept_s = NULL, *dropped_s = NULL;
  g_autofree char *kept_id = NULL, *dropped_id = NULL;
  AdjPack *pack;

  if (!adj_rules_find_unit (ctx, adj_inputs_get_string (in, "commander"), &commander, error) ||
      !adj_rules_find_unit (ctx, adj_inputs_get_string (in, "unit"), &unit, error))
    return FALSE;
  if (commander != NULL && !is_commander (adj_battle_unit_type (ctx->battle, commander)))
    return adj_not_allowed (error, _("%s is not a commander"), adj_unit_get_name (commander));
  if (unit != NULL && commander == unit)
    return adj_not_allowed (error, _("A commander cannot join himself"));
  if (!input_card (in, "commander_card", &cc) || !input_card (in, "unit_card", &uc))
    return adj_not_allowed (error, _("Both need a card: deal the cards first"));

  /* Identical cards (two packs) are one card for both; the commander's copy goes. */
  suit_order (ctx->ruleset, &suits);
  commander_lower = card_order (&suits, cc) < card_order (&suits, uc);
  kept = commander_lower ? cc : uc;
  dropped = commander_lower ? uc : cc;
  kept_s = adj_card_short_name (kept);
  dropped_s = adj_card_short_name (dropped);
  kept_id = adj_card_to_string (kept);
  dropped_id = adj_card_to_string (dropped);

  {
    const char *cs = adj_card_short_name (cc);
    const char *us = adj_card_short_name (uc);
    /* TRANSLATORS: e.g. "Lord Chelmsford holds J♠" */
    g_autofree char *cline = g_strdup_printf (_("%s holds %s"), cname, cs);
    g_autofree char *uline = g_strdup_printf (_("%s holds %s"), uname, us);

    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, "commander", cline, FALSE, 0);
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, "unit", uline, FALSE, 0);
  }
  adj_outcome_add_note (outcome, _("The higher card, %s, is discarded; %s and %s act together on "
                                   "%s."), dropped_s, cname, uname, kept_s);
  adj_outcome_set_result (outcome, commander_lower ? "commander-card" : "unit-card",
                          _("Both act on %s"), kept_s);
  adj_outcome_set_value_string (outcome, "card", kept_id);
  adj_outcome_set_value_string (outcome, "discarded", dropped_id);

  /* The discarded card leaves the dealt cards for the turned ones. */
  pack = adj_random_get_pack (random);
  if (pack != NULL && adj_pack_discard (pack, dropped))
    {
      json_object_put (outcome->pack_after);
      outcome->pack_after = adj_pack_to_json (pack);
    }
  return TRUE;
}

static gboolean
joins_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  json_object *card = NULL;

  json_object_object_get_ex (outcome->values, "card", &card);
  return change_unit (ctx, changes, adj_inputs_get_string (in, "commander"), "card", card,
                      error) &&
         change_unit (ctx, changes, adj_inputs_get_string (in, "unit"), "card", card, error);
}

static const AdjMechanic rn_commander_joins = {
  .id = "rn/commander-joins",
  .title = N_("Commander with a unit"),
  .summary = N_("A commander sharing a hex with a unit: the higher of their two cards is thrown "
                "away and they act together on the lower."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = joins_inputs,
  .n_inputs = G_N_ELEMENTS (joins_inputs),
  .outcomes = joins_outcomes,
  .n_outcomes = G_N_ELEMENTS (joins_outcomes),
  .prefill = joins_prefill,
  .resolve = joins_resolve,
  .apply = joins_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Movement                                                                                    */

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  TYPE_INPUT ("type", N_("Type"), "infantry", "unit.type"),
  BOOL_FROM ("disrupted", N_("Disrupted"), "unit.status.disrupted"),
  BOOL_FROM ("limbered", N_("Gun limbered behind its transport"), "unit.status.limbered"),
  BOOL_INPUT ("limbering", N_("Limbers or unlimbers this turn"),
              N_("Hooking a gun up to its transport, or unhooking it, takes the whole turn")),
  BOOL_INPUT ("with_commander", N_("Moves together with a commander"), NULL),
  BOOL_INPUT ("road", N_("The whole move follows a road"), NULL),
};

static char *
hexes_label (int value)
{
  return g_strdup_printf (ngettext ("%d hex", "%d hexes", value), value);
}

static gboolean
movement_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *type = input_type (ctx, in, "type");
  gboolean artillery = g_str_equal (type->category, "artillery");
  const char *why = NULL;
  int move = type->move;
  g_autofree char *title = NULL;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, adj_gettext (type->label), TRUE, move);
  if (adj_inputs_get_bool (in, "disrupted"))
    why = _("A disrupted unit cannot move until it rallies");
  else if (adj_inputs_get_bool (in, "limbering"))
    why = _("Limbering or unlimbering takes the whole turn");
  else if (artillery && adj_inputs_get_bool (in, "limbered"))
    why = _("A limbered gun moves with its transport: move the transport");
  else if (type->move == 0)
    why = _("This gun is too heavy to manhandle: limber it to a transport to move it");

  if (why != NULL)
    {
      adj_outcome_add_note (outcome, "%s.", why);
      move = 0;
    }
  else
    {
      if (adj_inputs_get_bool (in, "with_commander") && !is_commander (type))
        {
          const AdjModifier *m = adj_ruleset_get_modifier (rs, "movement", "with-commander");
          adj_outcome_add_modifier (outcome, NULL, adj_gettext (m->label), m->value);
          move += m->value;
        }
      if (adj_inputs_get_bool (in, "road"))
        {
          const AdjModifier *m = adj_ruleset_get_modifier (rs, "movement", "road");
          adj_outcome_add_modifier (outcome, NULL, adj_gettext (m->label), m->value);
          move += m->value;
        }
      adj_outcome_add_note (outcome, _("Hills and woods may only be entered on a black card "
                                       "(see “Hills and woods”)."));
    }
  title = hexes_label (move);
  adj_outcome_set_number (outcome, move, title, why != NULL ? why : NULL);
  if (why == NULL)
    {
      g_free (outcome->reason);
      outcome->reason = g_strdup_printf (ngettext ("%s may move up to %d hex",
                                              "%s may move up to %d hexes", move),
                                    adj_input_unit_name (ctx, in, "unit",
                                                         adj_gettext (type->label)),
                                    move);
    }
  return TRUE;
}

static const AdjMechanic rn_movement = {
  .id = "rn/movement",
  .title = N_("Movement"),
  .summary = N_("How many hexes an activated unit may move: it moves first and fights after, "
                "never the other way round."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = movement_inputs,
  .n_inputs = G_N_ELEMENTS (movement_inputs),
  .resolve = movement_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Hills and woods: only on a black card                                                       */

static const AdjField rough_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  CARD_INPUT ("card", N_("The card it acts on"), "none"),
};

static const AdjChoice rough_outcomes[] = {
  { "may-enter", N_("May enter hills and woods") },
  { "may-not-enter", N_("Must keep out of hills and woods") },
  { "no-card", N_("No card dealt yet") },
};

static gboolean
rough_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  return prefill_card (ctx, in, "unit", "card", error);
}

static gboolean
rough_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  const char *colour = rn_string (ctx->ruleset, "activation", "rough_ground_colour");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  const char *shown = NULL;
  AdjCard card;

  if (!input_card (in, "card", &card))
    {
      adj_outcome_set_result (outcome, "no-card", _("Deal the cards first"));
      return TRUE;
    }
  shown = adj_card_short_name (card);
  if (colour_is (card, colour))
    adj_outcome_set_result (outcome, "may-enter",
                            /* TRANSLATORS: e.g. "Lancers act on 7♣, a black card" */
                            adj_card_is_red (card) ? _("%s acts on %s, a red card")
                                                   : _("%s acts on %s, a black card"),
                            name, shown);
  else
    adj_outcome_set_result (outcome, "may-not-enter",
                            adj_card_is_red (card) ? _("%s acts on %s, a red card")
                                                   : _("%s acts on %s, a black card"),
                            name, shown);
  return TRUE;
}

static const AdjMechanic rn_rough_ground = {
  .id = "rn/rough-ground",
  .title = N_("Hills and woods"),
  .summary = N_("A unit may move onto hills or into woods only in a turn it acts on a black "
                "card."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = rough_inputs,
  .n_inputs = G_N_ELEMENTS (rough_inputs),
  .outcomes = rough_outcomes,
  .n_outcomes = G_N_ELEMENTS (rough_outcomes),
  .prefill = rough_prefill,
  .resolve = rough_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Fire: the dice a unit throws                                                                */

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

static gboolean
input_bool (AdjInputs  *in,
            const char *prefix,
            const char *name)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  return adj_inputs_get_bool (in, key);
}

static int
input_int (AdjInputs  *in,
           const char *prefix,
           const char *name)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  return adj_inputs_get_int (in, key);
}

/* The dice of one side.  @must_fire: the side chose to fire (or to assault), so a unit that
 * cannot is refused; a defender that cannot simply throws nothing. */
static gboolean
fire_side_prepare (const AdjContext  *ctx,
                   AdjInputs         *in,
                   const char        *prefix,
                   gboolean           must_fire,
                   FireSide          *side,
                   GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autofree char *type_key = g_strconcat (prefix, "_type", NULL);

  memset (side, 0, sizeof *side);
  side->type = input_type (ctx, in, type_key);
  side->figures = input_int (in, prefix, "figures");
  side->reduced = input_bool (in, prefix, "moved") || input_bool (in, prefix, "disrupted");
  side->limbered = g_str_equal (side->type->category, "artillery") &&
                   input_bool (in, prefix, "limbered");
  side->with_commander = input_bool (in, prefix, "with_commander");
  side->commander_reduced = input_bool (in, prefix, "commander_moved") ||
                            input_bool (in, prefix, "commander_disrupted");

  if (side->type->weapons[0] != NULL)
    {
      g_autofree char *weapon_key = g_strconcat (prefix, "_weapon", NULL);

      /* A weapon nobody chose is the type's usual one. */
      side->weapon = adj_ruleset_find_weapon (rs, adj_inputs_is_set (in, weapon_key)
                                                  ? adj_inputs_get_string (in, weapon_key)
                                                  : side->type->weapons[0]);
      if (!g_strv_contains (side->type->weapons, side->weapon->id))
        return adj_not_allowed (error, _("A unit of %s does not carry a %s"),
                                adj_gettext (side->type->label), adj_gettext (side->weapon->label));
    }

  if (must_fire)
    {
      if (side->weapon == NULL)
        return adj_not_allowed (error, _("A unit of %s has no weapons to fight with"),
                                adj_gettext (side->type->label));
      if (side->limbered)
        return adj_not_allowed (error, _("A limbered gun cannot fight: unlimber it first"));
      if (type_hit_effect (side->type) == HIT_FIGURE && side->figures <= 0)
        return adj_not_allowed (error, _("The unit has no figures left"));
    }

  /* A commander fires with his own dice (he is one figure, whatever the form says); a unit
   * with the dice of its weapon. */
  if (is_commander (side->type))
    {
      side->dice_class = "commander";
      side->figures = 1;
    }
  else if (side->weapon != NULL && !side->limbered)
    side->dice_class = weapon_dice_class (side->weapon);
  if (side->dice_class != NULL)
    {
      side->unit_dice = class_dice (rs, side->dice_class, side->figures, side->reduced,
                                    &side->per_die, &side->per_figures);
      side->whole_hex = class_hits_whole_hex (rs, side->dice_class);
    }
  if (side->with_commander)
    side->commander_dice = class_dice (rs, "commander", 1, side->commander_reduced, NULL, NULL);
  side->dice = side->unit_dice + side->commander_dice;
  if (side->dice > MAX_DICE)
    return adj_not_allowed (error, _("%d dice are more than Adjutant can throw at once (%d)"),
                            side->dice, MAX_DICE);
  return TRUE;
}

static void
fire_side_explain (const AdjContext *ctx,
                   const FireSide   *side,
                   AdjOutcome       *outcome,
                   const char       *who,
                   const char       *who_label)
{
  g_autofree char *total = NULL;

  if (side->dice_class != NULL)
    {
      g_autofree char *line = NULL;
      const char *what = class_label (ctx->ruleset, side->dice_class);

      if (side->per_figures == 1)
        /* TRANSLATORS: e.g. "Small arms: 4 figures, 1 die each" */
        line = g_strdup_printf (ngettext ("%s: %d figure, %d die each",
                                     "%s: %d figures, %d die each", side->figures),
                           what, side->figures, side->per_die);
      else
        /* TRANSLATORS: e.g. "Small arms: 3 figures, 1 die per 2 figures, halves dropped" */
        line = g_strdup_printf (ngettext ("%s: %d figure, %d die per %d figures, halves dropped",
                                     "%s: %d figures, %d die per %d figures, halves dropped",
                                     side->figures),
                           what, side->figures, side->per_die, side->per_figures);
      adj_outcome_add_modifier (outcome, who, line, side->unit_dice);
      if (side->reduced)
        adj_outcome_add_note (outcome, _("%s moved this turn or is disrupted: it throws the "
                                         "reduced number of dice."), who_label);
    }
  else if (side->limbered)
    adj_outcome_add_note (outcome, _("%s is limbered and throws no dice."), who_label);
  else
    adj_outcome_add_note (outcome, _("%s has no weapons and throws no dice."), who_label);
  if (side->with_commander)
    adj_outcome_add_modifier (outcome, who,
                              side->commander_reduced
                              ? _("Commander with the unit (moved or disrupted)")
                              : _("Commander with the unit"), side->commander_dice);
  /* TRANSLATORS: e.g. "Firer's dice" */
  total = g_strdup_printf (_("%s’s dice"), who_label);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, who, total, TRUE, side->dice);
}

/* Throw a side's dice: the hits (sixes) and the pips. */
static gboolean
fire_side_throw (const AdjContext  *ctx,
                 const FireSide    *side,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 const char        *group,
                 const char        *label,
                 const char        *who_label,
                 int               *hits,
                 int               *pips,
                 GError           **error)
{
  int hit_on = rn_int (ctx->ruleset, "fire", "hit_on");
  int dice[MAX_DICE];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *line = NULL;

  *hits = 0;
  *pips = 0;
  if (side->dice == 0)
    return TRUE;
  if (!adj_random_roll (random, group, label, (guint) side->dice, 6, dice, error))
    return FALSE;
  *pips = adj_dice_append (text, dice, (guint) side->dice, " ");
  for (int i = 0; i < side->dice; i++)
    *hits += dice[i] >= hit_on ? 1 : 0;
  /* TRANSLATORS: e.g. "Firer throws 6D6: 6 2 5 1 6 3 — hits" */
  line = g_strdup_printf (_("%s throws %dD6: %s — hits"), who_label, side->dice, text->str);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, group, line, TRUE, *hits);
  return TRUE;
}

/* Turn a card for each hit on a unit in cover: only those on a counting card stay. */
static gboolean
cover_cards (const AdjContext  *ctx,
             AdjRandom         *random,
             AdjOutcome        *outcome,
             const char        *who,
             const char        *group,
             int                hits,
             int               *counted,
             GError           **error)
{
  *counted = 0;
  for (int i = 1; i <= hits; i++)
    {
      AdjCard card;
      const char *shown = NULL;
      g_autofree char *line = NULL;

      if (!adj_random_card (random, group, N_("Cover card for a hit"), &card, error))
        return FALSE;
      shown = adj_card_short_name (card);
      if (cover_counts (ctx->ruleset, card))
        {
          (*counted)++;
          /* TRANSLATORS: e.g. "Cover card for hit 1: 7♥ — the hit counts" */
          line = g_strdup_printf (_("Cover card for hit %d: %s — the hit counts"), i, shown);
        }
      else
        line = g_strdup_printf (_("Cover card for hit %d: %s — the cover saves"), i, shown);
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, who, line, FALSE, 0);
    }
  return TRUE;
}

/* ---- the card walk of hits: cover cards, then cards for a hit commander ---- */

enum {
  FIRE_COVER = 1,    /* s[1] cover cards still to turn, s[2] hits counted so far */
  FIRE_EFFECT = 2,   /* s[2] hits still to apply, s[3] the target (waiting for a card) */
};

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

static int
hits_signature (AdjRuleset *rs,
                AdjCard     card,
                gpointer    data)
{
  const HitsNeed *need = data;

  return (need->cover && cover_counts (rs, card) ? 4 : 0) +
         (need->commander ? (int) commander_result (rs, card) + 1 : 0);
}

static void
hits_walk_setup (Walk             *w,
                 const AdjContext *ctx,
                 HitsWalk         *hw)
{
  for (guint c = 0; c < w->n_classes; c++)
    {
      hw->counts[c] = cover_counts (ctx->ruleset, w->example[c]);
      hw->commander[c] = commander_result (ctx->ruleset, w->example[c]);
      hw->rank[c] = (guint8) hw->commander[c];
    }
}

/* Apply the hits that need no card; finish when none is left or the target is gone. */
static void
hits_settle (WalkKey        *k,
             const HitsWalk *hw)
{
  Target t = { .effect = hw->effect };
  int h;

  if (k->s[0] == FIRE_COVER && k->s[1] == 0)
    {
      k->s[0] = FIRE_EFFECT;
      k->s[1] = 0;
    }
  if (k->s[0] != FIRE_EFFECT)
    return;
  target_unpack (&t, k->s[3]);
  h = k->s[2];
  while (h > 0 && !t.gone && !hit_needs_card (&t))
    {
      hit_apply (&t, COMMANDER_UNHURT);
      h--;
    }
  if (h == 0 || t.gone)
    {
      int effect = target_effect (&hw->before, &t);

      memset (k->s, 0, sizeof k->s);
      k->s[0] = PHASE_DONE;
      k->s[1] = (gint16) effect;
      return;
    }
  k->s[2] = (gint16) h;
  k->s[3] = target_pack (&t);
}

static void
hits_take (WalkKey  *k,
           guint     cls,
           gpointer  data)
{
  const HitsWalk *hw = data;

  if (k->s[0] == FIRE_COVER)
    {
      k->s[1]--;
      if (hw->counts[cls])
        k->s[2]++;
    }
  else
    {
      Target t = { .effect = hw->effect };

      target_unpack (&t, k->s[3]);
      hit_apply (&t, hw->commander[cls]);
      k->s[2]--;
      k->s[3] = target_pack (&t);
    }
  hits_settle (k, hw);
}

/* Cover cards come in any order; the cards for a hit commander are the last ones drawn, and
 * only the worst of them matters (he is killed by the first that kills him). */
static void
hits_plan (const WalkKey *k,
           WalkPlan      *plan,
           gpointer       data)
{
  const HitsWalk *hw = data;

  if (k->s[0] == FIRE_COVER)
    plan->k = (guint) k->s[1];
  else
    {
      plan->k = (guint) k->s[2];
      plan->rank = hw->rank;
      plan->n_ranks = G_N_ELEMENTS (commander_results);
    }
}

static guint
counted_cover (const guint8   *counts,
               const gboolean *counting,
               guint           n_classes)
{
  guint n = 0;

  for (guint c = 0; c < n_classes; c++)
    n += counting[c] ? counts[c] : 0;
  return n;
}

static void
hits_take_many (WalkKey      *k,
                const guint8 *counts,
                gpointer      data)
{
  const HitsWalk *hw = data;

  k->s[2] += (gint16) counted_cover (counts, hw->counts, WALK_CLASSES);
  k->s[1] = 0;
  hits_settle (k, hw);
}

/* Every hit left turns a card, until one kills: what counts is the worst card. */
static void
hits_finish (WalkKey  *k,
             guint     worst,
             gpointer  data)
{
  const HitsWalk *hw = data;
  Target t = { .effect = hw->effect };

  target_unpack (&t, k->s[3]);
  hit_apply (&t, (CommanderResult) worst);
  k->s[2] = 0;
  k->s[3] = target_pack (&t);
  hits_settle (k, hw);
}

static const WalkRules hits_rules = {
  .take = hits_take,
  .plan = hits_plan,
  .take_many = hits_take_many,
  .finish = hits_finish,
};

/* A state of the hits walk: @sixes hits, through cover or not. */
static void
hits_key (WalkKey        *k,
          const HitsWalk *hw,
          gboolean        in_cover,
          int             sixes)
{
  walk_key_init (k);
  if (in_cover && sixes > 0)
    {
      k->s[0] = FIRE_COVER;
      k->s[1] = (gint16) sixes;
    }
  else
    {
      k->s[0] = FIRE_EFFECT;
      k->s[2] = (gint16) sixes;
    }
  k->s[3] = target_pack (&hw->before);
  hits_settle (k, hw);
}

/* Exact odds of the effect of @n dice (or of @n hits when @dice is FALSE) on a target. */
static gboolean
hits_odds (const AdjContext  *ctx,
           const AdjMechanic *mech,
           const Target      *target,
           gboolean           in_cover,
           gboolean           dice,
           int                n,
           AdjOdds           *odds,
           GError           **error)
{
  HitsNeed need = { in_cover, target->effect == HIT_COMMANDER };
  HitsWalk hw = { .effect = target->effect, .before = *target };
  Walk w;
  gboolean ok;

  walk_init (&w, ctx, hits_signature, &need, &hits_rules, &hw);
  hits_walk_setup (&w, ctx, &hw);
  if (dice)
    {
      Ways ways[MAX_DICE + 1];
      double total;

      hits_ways ((guint) n, rn_int (ctx->ruleset, "fire", "hit_on"), ways);
      w.total = ways_pow (6, (guint) n);
      total = (double) w.total;
      for (int s = 0; s <= n; s++)
        {
          WalkKey k;

          if (ways[s] == 0)
            continue;
          hits_key (&k, &hw, in_cover, s);
          walk_seed (&w, &k, ways[s], (double) ways[s] / total);
        }
    }
  else
    {
      WalkKey k;

      hits_key (&k, &hw, in_cover, n);
      walk_seed (&w, &k, 1, 1.0);
    }
  ok = walk_run (&w, error);
  if (ok)
    walk_odds (&w, mech, odds);
  walk_clear (&w);
  return ok;
}

/* One line saying what the hits did to @name. */
static char *
effect_reason (int         effect,
               const char *name)
{
  switch (effect)
    {
    case EFFECT_DISRUPTED: return g_strdup_printf (_("%s is disrupted"), name);
    case EFFECT_FIGURES: return g_strdup_printf (_("%s loses figures"), name);
    case EFFECT_WOUNDED: return g_strdup_printf (_("%s is wounded"), name);
    case EFFECT_KILLED: return g_strdup_printf (_("%s is killed"), name);
    case EFFECT_DESTROYED: return g_strdup_printf (_("%s is destroyed"), name);
    case EFFECT_NONE:
    default: return g_strdup_printf (_("%s is unharmed"), name);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Fire                                                                                        */

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

static const AdjField fire_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing unit")),
  UNIT_INPUT ("target", N_("Target")),
  UNIT_INPUT ("firer_commander", N_("Commander with the firing unit")),
  SIDE_INPUTS ("firer", N_("Firer’s type"), N_("Firer’s weapon"), N_("Firer’s figures"),
               N_("Firer moved this turn"), N_("Firer is disrupted"), N_("Firer is a limbered gun"),
               N_("A commander is with the firer"), N_("Firer’s commander moved this turn"),
               N_("Firer’s commander is disrupted"), "single-shot-rifle"),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance"),
    .hint = N_("Hexes from the firer to the target"), .min = 1, .max = 30, .def = 1,
    .measure = "distance" },
  TARGET_INPUTS ("target", N_("Target’s type"), N_("Target’s figures"), N_("Target is disrupted"),
                 N_("Target commander is wounded")),
  BOOL_FROM ("target_in_cover", N_("Target is in cover"), "target.status.in_cover"),
};

static gboolean
fire_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  if (adj_inputs_get_string (in, "firer_commander") == NULL)
    return TRUE;
  return adj_inputs_set_bool (in, "firer_with_commander", TRUE, error);
}

static void
target_from_inputs (const AdjContext *ctx,
                    AdjInputs        *in,
                    const char       *prefix,
                    Target           *t)
{
  g_autofree char *type_key = g_strconcat (prefix, "_type", NULL);

  target_init (t, input_type (ctx, in, type_key), input_int (in, prefix, "figures"),
               input_bool (in, prefix, "disrupted"), input_bool (in, prefix, "wounded"));
}

static gboolean
fire_prepare (const AdjContext  *ctx,
              AdjInputs         *in,
              FireSide          *firer,
              Target            *target,
              GError           **error)
{
  int distance = adj_inputs_get_int (in, "distance");

  if (!fire_side_prepare (ctx, in, "firer", TRUE, firer, error))
    return FALSE;
  if (firer->weapon->range == 0)
    return adj_not_allowed (error, _("%s reach only into the same hex: such a unit fights by "
                                     "close assault"), adj_gettext (firer->weapon->label));
  if (distance > firer->weapon->range)
    return adj_not_allowed (error, ngettext ("Out of range: the target is %d hex away and the "
                                             "weapon (%s) reaches %d",
                                             "Out of range: the target is %d hexes away and the "
                                             "weapon (%s) reaches %d", distance),
                            distance, adj_gettext (firer->weapon->label), firer->weapon->range);
  target_from_inputs (ctx, in, "target", target);
  if (target->gone)
    return adj_not_allowed (error, _("The target has no figures left"));
  return TRUE;
}

static void
fire_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "firer", N_("Firer"), 0, 6 };
  FireSide side;

  if (fire_side_prepare (ctx, in, "firer", FALSE, &side, NULL) && side.dice > 0)
    {
      s.count = (guint) side.dice;
      g_array_append_val (specs, s);
    }
}

static gboolean
fire_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  FireSide firer;
  Target target, before;
  const char *tname = adj_input_unit_name (ctx, in, "target", _("the target"));
  int sixes, pips, hits;
  int effect;
  g_autofree char *reason = NULL;
  gboolean cover = adj_inputs_get_bool (in, "target_in_cover");

  if (!fire_prepare (ctx, in, &firer, &target, error))
    return FALSE;
  before = target;
  fire_side_explain (ctx, &firer, outcome, "firer", _("Firer"));
  if (!fire_side_throw (ctx, &firer, random, outcome, "firer", N_("Firer"), _("Firer"), &sixes,
                        &pips, error))
    return FALSE;
  hits = sixes;
  if (cover && sixes > 0 && !cover_cards (ctx, random, outcome, "target", "cover", sixes, &hits,
                                          error))
    return FALSE;
  if (!resolve_hits (ctx, random, outcome, "target", "commander-hit", tname, &target, hits,
                     error))
    return FALSE;

  effect = target_effect (&before, &target);
  if (sixes == 0)
    reason = g_strdup (_("No hit"));
  else
    {
      g_autofree char *what = effect_reason (effect, tname);

      if (cover)
        /* TRANSLATORS: e.g. "2 hits count through the cover (of 3): Spearmen 1 is disrupted" */
        reason = g_strdup_printf (ngettext ("%d hit counts through the cover (of %d): %s",
                                       "%d hits count through the cover (of %d): %s", hits),
                             hits, sixes, what);
      else
        reason = g_strdup_printf (ngettext ("%d hit: %s", "%d hits: %s", hits), hits, what);
    }
  adj_outcome_set_result (outcome, effect_outcomes[effect].id, "%s", reason);
  adj_outcome_set_value_int (outcome, "dice", firer.dice);
  adj_outcome_set_value_int (outcome, "sixes", sixes);
  adj_outcome_set_value_int (outcome, "hits", hits);
  json_object_object_add (outcome->values, "whole_hex", adj_json_shared_boolean (firer.whole_hex));
  target_values (outcome, "target", &before, &target);
  if (firer.whole_hex && hits > 0)
    adj_outcome_add_note (outcome, ngettext ("Machine-gun and artillery hits strike every unit in "
                                             "the target hex: give each other unit there the same "
                                             "%d hit (Hits on a unit).",
                                             "Machine-gun and artillery hits strike every unit in "
                                             "the target hex: give each other unit there the same "
                                             "%d hits (Hits on a unit).", hits), hits);
  return TRUE;
}

static gboolean
fire_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  FireSide firer;
  Target target;

  if (!fire_prepare (ctx, in, &firer, &target, error))
    return FALSE;
  return hits_odds (ctx, in->mechanic, &target, adj_inputs_get_bool (in, "target_in_cover"), TRUE,
                    firer.dice, odds, error);
}

static gboolean
fire_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  return set_unit_bool (ctx, changes, adj_inputs_get_string (in, "firer"), "status.acted", TRUE,
                        error) &&
         apply_target (ctx, changes, adj_inputs_get_string (in, "target"), outcome, "target",
                       error);
}

static const AdjMechanic rn_fire = {
  .id = "rn/fire",
  .title = N_("Fire"),
  .summary = N_("A unit shoots at a hex it can see: a D6 per figure (fewer if it moved or is "
                "disrupted), every six a hit, and a red card for each hit on a target in cover."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = fire_inputs,
  .n_inputs = G_N_ELEMENTS (fire_inputs),
  .outcomes = effect_outcomes,
  .n_outcomes = G_N_ELEMENTS (effect_outcomes),
  .random_note = N_("A hit on a target in cover turns a card: red, the hit counts; black, it is "
                    "lost.  A further hit on a disrupted commander turns a card as well.  Cards "
                    "come from the rest of the pack; when it runs out, the cards turned so far "
                    "are shuffled back."),
  .draws = fire_draws,
  .prefill = fire_prefill,
  .resolve = fire_resolve,
  .odds = fire_odds,
  .apply = fire_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Hits on a unit (the other units in a hex that guns hit, or hits counted at the table)      */

static const AdjField hits_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit hit")),
  { .name = "hits", .kind = ADJ_FIELD_INT, .label = N_("Hits"),
    .hint = N_("Hits that count, after any cover cards"), .min = 0, .max = MAX_HITS, .def = 1 },
  TARGET_INPUTS ("unit", N_("Type"), N_("Figures"), N_("Disrupted"), N_("Commander is wounded")),
};

static void
hits_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "commander-hit", N_("Card for a hit on a disrupted commander"), 1, 0 };
  Target t;

  /* Only the first card is sure to be needed: the rest depend on it. */
  target_from_inputs (ctx, in, "unit", &t);
  if (t.effect == HIT_COMMANDER && adj_inputs_get_int (in, "hits") > (t.disrupted ? 0 : 1))
    g_array_append_val (specs, s);
}

static gboolean
hits_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  int hits = adj_inputs_get_int (in, "hits");
  Target t, before;
  int effect;
  g_autofree char *what = NULL;

  target_from_inputs (ctx, in, "unit", &t);
  if (t.gone)
    return adj_not_allowed (error, _("The unit has no figures left"));
  before = t;
  if (!resolve_hits (ctx, random, outcome, "unit", "commander-hit", name, &t, hits, error))
    return FALSE;
  effect = target_effect (&before, &t);
  what = effect_reason (effect, name);
  adj_outcome_set_result (outcome, effect_outcomes[effect].id, "%s", what);
  adj_outcome_set_value_int (outcome, "hits", hits);
  target_values (outcome, "unit", &before, &t);
  return TRUE;
}

static gboolean
hits_mech_odds (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOdds           *odds,
                GError           **error)
{
  Target t;

  target_from_inputs (ctx, in, "unit", &t);
  if (t.gone)
    return adj_not_allowed (error, _("The unit has no figures left"));
  return hits_odds (ctx, in->mechanic, &t, FALSE, FALSE, adj_inputs_get_int (in, "hits"), odds,
                    error);
}

static gboolean
hits_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  return apply_target (ctx, changes, adj_inputs_get_string (in, "unit"), outcome, "unit", error);
}

static const AdjMechanic rn_hits = {
  .id = "rn/hits",
  .title = N_("Hits on a unit"),
  .summary = N_("Hits that count, one at a time: the first disrupts, each further one kills a "
                "figure, wrecks a transport, or turns a card for a commander."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = hits_inputs,
  .n_inputs = G_N_ELEMENTS (hits_inputs),
  .outcomes = effect_outcomes,
  .n_outcomes = G_N_ELEMENTS (effect_outcomes),
  .random_note = N_("A further hit on a disrupted commander turns a card: the jack, queen or "
                    "king of hearts kills him, another red card wounds him, a black card leaves "
                    "him unhurt."),
  .draws = hits_draws,
  .resolve = hits_resolve,
  .odds = hits_mech_odds,
  .apply = hits_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Close assault                                                                               */

static const AdjField assault_inputs[] = {
  UNIT_INPUT ("assaulter", N_("Assaulting unit")),
  UNIT_INPUT ("defender", N_("Enemy unit")),
  UNIT_INPUT ("assaulter_commander", N_("Commander with the assaulting unit")),
  UNIT_INPUT ("defender_commander", N_("Commander with the enemy unit")),
  SIDE_INPUTS ("assaulter", N_("Assaulter’s type"), N_("Assaulter’s weapon"),
               N_("Assaulter’s figures"), N_("Assaulter moved this turn"),
               N_("Assaulter is disrupted"), N_("Assaulter is a limbered gun"),
               N_("A commander is with the assaulter"), N_("Assaulter’s commander moved"),
               N_("Assaulter’s commander is disrupted"), "single-shot-rifle"),
  BOOL_FROM ("assaulter_wounded", N_("Assaulting commander is wounded"),
             "assaulter.status.wounded"),
  BOOL_FROM ("assaulter_in_cover", N_("Assaulter is in cover"), "assaulter.status.in_cover"),
  SIDE_INPUTS ("defender", N_("Defender’s type"), N_("Defender’s weapon"),
               N_("Defender’s figures"), N_("Defender moved this turn"),
               N_("Defender is disrupted"), N_("Defender is a limbered gun"),
               N_("A commander is with the defender"), N_("Defender’s commander moved"),
               N_("Defender’s commander is disrupted"), "hand-to-hand"),
  BOOL_FROM ("defender_wounded", N_("Defending commander is wounded"), "defender.status.wounded"),
  BOOL_FROM ("defender_in_cover", N_("Defender is in cover"), "defender.status.in_cover"),
};

static const AdjChoice assault_outcomes[] = {
  { "assaulter-wins", N_("The enemy falls back; the assaulter takes the hex") },
  { "assaulter-repulsed", N_("The assaulter falls back disrupted") },
  { "both-hold", N_("Both hold their ground") },
  { "defender-destroyed", N_("The enemy is wiped out") },
  { "assaulter-destroyed", N_("The assaulter is wiped out") },
  { "both-destroyed", N_("Both are wiped out") },
};

enum {
  COMPARE_HIGHER,
  COMPARE_LOWER,
  COMPARE_EQUAL,
};

static int
assault_key (int      compare,
             gboolean defender_gone,
             gboolean assaulter_gone)
{
  if (defender_gone && assaulter_gone)
    return 5;
  if (assaulter_gone)
    return 4;
  if (defender_gone)
    return 3;
  return compare;   /* 0 wins, 1 repulsed, 2 both hold */
}

static gboolean
assault_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  if (adj_inputs_get_string (in, "assaulter_commander") != NULL &&
      !adj_inputs_set_bool (in, "assaulter_with_commander", TRUE, error))
    return FALSE;
  if (adj_inputs_get_string (in, "defender_commander") != NULL &&
      !adj_inputs_set_bool (in, "defender_with_commander", TRUE, error))
    return FALSE;
  return TRUE;
}

static gboolean
assault_prepare (const AdjContext  *ctx,
                 AdjInputs         *in,
                 FireSide          *assaulter,
                 FireSide          *defender,
                 Target            *a_target,
                 Target            *d_target,
                 GError           **error)
{
  if (!fire_side_prepare (ctx, in, "assaulter", TRUE, assaulter, error) ||
      !fire_side_prepare (ctx, in, "defender", FALSE, defender, error))
    return FALSE;
  target_from_inputs (ctx, in, "assaulter", a_target);
  target_from_inputs (ctx, in, "defender", d_target);
  if (d_target->gone)
    return adj_not_allowed (error, _("The enemy unit has no figures left"));
  return TRUE;
}

static void
assault_draws (const AdjContext *ctx,
               AdjInputs        *in,
               GArray           *specs)
{
  AdjDrawSpec a = { "assaulter", N_("Assaulter"), 0, 6 };
  AdjDrawSpec d = { "defender", N_("Defender"), 0, 6 };
  FireSide sa, sd;

  if (!fire_side_prepare (ctx, in, "assaulter", FALSE, &sa, NULL) ||
      !fire_side_prepare (ctx, in, "defender", FALSE, &sd, NULL))
    return;
  a.count = (guint) sa.dice;
  d.count = (guint) sd.dice;
  if (a.count > 0)
    g_array_append_val (specs, a);
  if (d.count > 0)
    g_array_append_val (specs, d);
}

static gboolean
assault_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  FireSide as, ds;
  Target at, dt, a_before, d_before;
  const char *aname = adj_input_unit_name (ctx, in, "assaulter", _("the assaulter"));
  const char *dname = adj_input_unit_name (ctx, in, "defender", _("the enemy"));
  /* The same, to begin a sentence with. */
  const char *a_first = adj_input_unit_name (ctx, in, "assaulter", _("The assaulter"));
  const char *d_first = adj_input_unit_name (ctx, in, "defender", _("The enemy"));
  int a_sixes, a_pips, d_sixes, d_pips, a_hits, d_hits, compare, key;
  g_autofree char *line = NULL;

  if (!assault_prepare (ctx, in, &as, &ds, &at, &dt, error))
    return FALSE;
  a_before = at;
  d_before = dt;
  fire_side_explain (ctx, &as, outcome, "assaulter", _("Assaulter"));
  fire_side_explain (ctx, &ds, outcome, "defender", _("Defender"));

  /* Both throw at once; the assaulter's hits are settled first. */
  if (!fire_side_throw (ctx, &as, random, outcome, "assaulter", N_("Assaulter"), _("Assaulter"),
                        &a_sixes, &a_pips, error) ||
      !fire_side_throw (ctx, &ds, random, outcome, "defender", N_("Defender"), _("Defender"),
                        &d_sixes, &d_pips, error))
    return FALSE;
  a_hits = a_sixes;
  if (adj_inputs_get_bool (in, "defender_in_cover") && a_sixes > 0 &&
      !cover_cards (ctx, random, outcome, "defender", "defender-cover", a_sixes, &a_hits, error))
    return FALSE;
  if (!resolve_hits (ctx, random, outcome, "defender", "defender-hit", dname, &dt, a_hits, error))
    return FALSE;
  d_hits = d_sixes;
  if (adj_inputs_get_bool (in, "assaulter_in_cover") && d_sixes > 0 &&
      !cover_cards (ctx, random, outcome, "assaulter", "assaulter-cover", d_sixes, &d_hits, error))
    return FALSE;
  if (!resolve_hits (ctx, random, outcome, "assaulter", "assaulter-hit", aname, &at, d_hits,
                     error))
    return FALSE;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, "assaulter", _("Assaulter’s pips"), TRUE,
                        a_pips);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, "defender", _("Defender’s pips"), TRUE,
                        d_pips);
  compare = a_pips > d_pips ? COMPARE_HIGHER : a_pips < d_pips ? COMPARE_LOWER : COMPARE_EQUAL;
  key = assault_key (compare, dt.gone, at.gone);
  switch (compare)
    {
    case COMPARE_HIGHER:
      /* TRANSLATORS: e.g. "Assaulter 21 beats defender 17" */
      line = g_strdup_printf (_("Assaulter %d beats defender %d"), a_pips, d_pips);
      break;
    case COMPARE_LOWER:
      line = g_strdup_printf (_("Assaulter %d falls short of defender %d"), a_pips, d_pips);
      break;
    case COMPARE_EQUAL:
    default:
      line = g_strdup_printf (_("Assaulter %d equals defender %d"), a_pips, d_pips);
      break;
    }
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, line, FALSE, 0);

  /* The comparison falls on whichever of the two is still on the table. */
  if (compare == COMPARE_HIGHER && !dt.gone)
    adj_outcome_add_note (outcome, _("%s falls back one hex."), d_first);
  if (compare == COMPARE_HIGHER && !at.gone)
    adj_outcome_add_note (outcome, _("%s moves into the hex the enemy held."), a_first);
  if (compare == COMPARE_LOWER && !at.gone)
    {
      adj_outcome_add_note (outcome, _("%s falls back one hex and is disrupted."), a_first);
      at.disrupted = TRUE;
    }
  if (compare == COMPARE_EQUAL)
    adj_outcome_add_note (outcome, _("Equal totals: both stay where they are."));
  if ((as.whole_hex && a_hits > 0) || (ds.whole_hex && d_hits > 0))
    adj_outcome_add_note (outcome, _("Machine-gun and artillery hits strike every unit in the hex "
                                     "they fall on: give each other unit there the same hits "
                                     "(Hits on a unit)."));

  adj_outcome_set_result (outcome, assault_outcomes[key].id, "%s", line);
  adj_outcome_set_value_int (outcome, "assaulter_dice", as.dice);
  adj_outcome_set_value_int (outcome, "defender_dice", ds.dice);
  adj_outcome_set_value_int (outcome, "assaulter_pips", a_pips);
  adj_outcome_set_value_int (outcome, "defender_pips", d_pips);
  adj_outcome_set_value_int (outcome, "assaulter_sixes", a_sixes);
  adj_outcome_set_value_int (outcome, "defender_sixes", d_sixes);
  adj_outcome_set_value_int (outcome, "hits_on_defender", a_hits);
  adj_outcome_set_value_int (outcome, "hits_on_assaulter", d_hits);
  adj_outcome_set_value_string (outcome, "comparison",
                                compare == COMPARE_HIGHER ? "higher"
                                : compare == COMPARE_LOWER ? "lower" : "equal");
  target_values (outcome, "defender", &d_before, &dt);
  target_values (outcome, "assaulter", &a_before, &at);
  return TRUE;
}

/* ---- exact odds: the joint throw of both sides, then the cards of both ---- */

enum {
  ASSAULT_A_COVER = 1,    /* the assaulter's hits meet the defender's cover */
  ASSAULT_A_EFFECT = 2,   /* ... and strike the defender */
  ASSAULT_D_COVER = 3,
  ASSAULT_D_EFFECT = 4,
};

/* s[1] cover cards left or the outcome, s[2] hits, s[3] the defender, s[4] the assaulter,
 * s[5] the defender's sixes still to come, s[6] the comparison of pips. */
typedef struct {
  HitsWalk a;     /* the assaulter as a target */
  HitsWalk d;     /* the defender as a target */
  gboolean a_cover;
  gboolean d_cover;
} AssaultWalk;

static gboolean
settle_on (WalkKey        *k,
           int             slot,
           const HitsWalk *hw)
{
  Target t = { .effect = hw->effect };
  int h = k->s[2];

  target_unpack (&t, k->s[slot]);
  while (h > 0 && !t.gone && !hit_needs_card (&t))
    {
      hit_apply (&t, COMMANDER_UNHURT);
      h--;
    }
  k->s[2] = (gint16) h;
  k->s[slot] = target_pack (&t);
  return h == 0 || t.gone;
}

static void
assault_settle (WalkKey           *k,
                const AssaultWalk *aw)
{
  for (;;)
    {
      switch (k->s[0])
        {
        case ASSAULT_A_COVER:
          if (!aw->d_cover)
            {
              k->s[2] += k->s[1];
              k->s[1] = 0;
            }
          if (k->s[1] > 0)
            return;
          k->s[0] = ASSAULT_A_EFFECT;
          break;
        case ASSAULT_A_EFFECT:
          if (!settle_on (k, 3, &aw->d))
            return;
          k->s[0] = ASSAULT_D_COVER;
          k->s[1] = k->s[5];
          k->s[2] = 0;
          k->s[5] = 0;
          break;
        case ASSAULT_D_COVER:
          if (!aw->a_cover)
            {
              k->s[2] += k->s[1];
              k->s[1] = 0;
            }
          if (k->s[1] > 0)
            return;
          k->s[0] = ASSAULT_D_EFFECT;
          break;
        case ASSAULT_D_EFFECT:
          if (!settle_on (k, 4, &aw->a))
            return;
          {
            Target d = { 0 }, a = { 0 };
            int key;

            target_unpack (&d, k->s[3]);
            target_unpack (&a, k->s[4]);
            key = assault_key (k->s[6], d.gone, a.gone);
            memset (k->s, 0, sizeof k->s);
            k->s[0] = PHASE_DONE;
            k->s[1] = (gint16) key;
          }
          return;
        default:
          return;
        }
    }
}

static void
assault_take (WalkKey  *k,
              guint     cls,
              gpointer  data)
{
  const AssaultWalk *aw = data;

  switch (k->s[0])
    {
    case ASSAULT_A_COVER:
    case ASSAULT_D_COVER:
      k->s[1]--;
      if (aw->a.counts[cls])
        k->s[2]++;
      break;
    case ASSAULT_A_EFFECT:
    case ASSAULT_D_EFFECT:
      {
        gboolean on_defender = k->s[0] == ASSAULT_A_EFFECT;
        const HitsWalk *hw = on_defender ? &aw->d : &aw->a;
        int slot = on_defender ? 3 : 4;
        Target t = { .effect = hw->effect };

        target_unpack (&t, k->s[slot]);
        hit_apply (&t, hw->commander[cls]);
        k->s[slot] = target_pack (&t);
        k->s[2]--;
      }
      break;
    default:
      break;
    }
  assault_settle (k, aw);
}

static void
assault_plan (const WalkKey *k,
              WalkPlan      *plan,
              gpointer       data)
{
  const AssaultWalk *aw = data;

  switch (k->s[0])
    {
    case ASSAULT_A_COVER:
    case ASSAULT_D_COVER:
      plan->k = (guint) k->s[1];
      break;
    case ASSAULT_A_EFFECT:
      /* The worst card decides only if no card is turned after these. */
      if (k->s[5] != 0 && (aw->a_cover || aw->a.effect == HIT_COMMANDER))
        break;
      G_GNUC_FALLTHROUGH;
    case ASSAULT_D_EFFECT:
      plan->k = (guint) k->s[2];
      plan->rank = aw->a.rank;
      plan->n_ranks = G_N_ELEMENTS (commander_results);
      break;
    default:
      break;
    }
}

static void
assault_take_many (WalkKey      *k,
                   const guint8 *counts,
                   gpointer      data)
{
  const AssaultWalk *aw = data;

  k->s[2] += (gint16) counted_cover (counts, aw->a.counts, WALK_CLASSES);
  k->s[1] = 0;
  assault_settle (k, aw);
}

static void
assault_finish (WalkKey  *k,
                guint     worst,
                gpointer  data)
{
  const AssaultWalk *aw = data;
  gboolean on_defender = k->s[0] == ASSAULT_A_EFFECT;
  const HitsWalk *hw = on_defender ? &aw->d : &aw->a;
  int slot = on_defender ? 3 : 4;
  Target t = { .effect = hw->effect };

  target_unpack (&t, k->s[slot]);
  hit_apply (&t, (CommanderResult) worst);
  k->s[slot] = target_pack (&t);
  k->s[2] = 0;
  assault_settle (k, aw);
}

static const WalkRules assault_rules = {
  .take = assault_take,
  .plan = assault_plan,
  .take_many = assault_take_many,
  .finish = assault_finish,
};

/* How two throws compare: for every pair of hit counts, the ways (and the probability) that
 * the assaulter's pips are higher, lower or equal.  Ways are kept only when asked for and while
 * 6^(both sides' dice) fits 128 bits; otherwise ways is NULL. */
typedef struct {
  guint   na, nd;
  gboolean exact;
  Ways   *ways;     /* [(sa * (nd + 1) + sd) * 3 + compare] */
  double *p;
} PipCompare;

static void
pip_compare_free (PipCompare *pc)
{
  g_free (pc->ways);
  g_free (pc->p);
  g_free (pc);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PipCompare, pip_compare_free)

/* A side's joint table of hits and pips (as joint_ways() lays it out) as probabilities, and as
 * ways too when @want_ways: in 64 bits (@ways64) when @narrow and they fit, else in 128. */
static void
joint_table (guint      n,
             int        hit_on,
             gboolean   want_ways,
             gboolean   narrow,
             Ways     **ways,
             guint64  **ways64,
             double   **p)
{
  guint size = (n + 1) * (6 * n + 1);
  double scale = pow (6.0, n);

  *p = g_new (double, size);
  *ways = NULL;
  *ways64 = NULL;
  if (n <= MAX_DICE_64)
    {
      guint64 *j = joint_ways64 (n, hit_on);

      /* The same integers as the 128-bit table, so the same doubles: both conversions round
       * to nearest. */
      for (guint i = 0; i < size; i++)
        (*p)[i] = (double) j[i] / scale;
      if (want_ways && narrow)
        {
          *ways64 = j;
          return;
        }
      if (want_ways)
        {
          *ways = g_new (Ways, size);
          for (guint i = 0; i < size; i++)
            (*ways)[i] = j[i];
        }
      g_free (j);
    }
  else
    {
      Ways *j = joint_ways (n, hit_on);

      for (guint i = 0; i < size; i++)
        (*p)[i] = (double) j[i] / scale;
      if (want_ways)
        *ways = j;
      else
        g_free (j);
    }
}

static PipCompare *
pip_compare_new (guint    na,
                 guint    nd,
                 int      hit_on,
                 gboolean want_ways)
{
  PipCompare *pc = g_new0 (PipCompare, 1);
  guint wa = 6 * na + 1, wd = 6 * nd + 1;
  /* Up to MAX_DICE_64 dice a side, the ways of each throw and the sums of them fit 64 bits,
   * and their products are one 64 by 64 bit multiplication each. */
  gboolean narrow = na <= MAX_DICE_64 && nd <= MAX_DICE_64;
  g_autofree Ways *ja = NULL;
  g_autofree Ways *jd = NULL;
  g_autofree guint64 *ja64 = NULL;
  g_autofree guint64 *jd64 = NULL;
  g_autofree double *ja_p = NULL;
  g_autofree double *jd_p = NULL;
  /* below[sd * (wd + 1) + q]: the defender throws sd hits and fewer than q pips. */
  g_autofree Ways *below = NULL;
  g_autofree guint64 *below64 = NULL;
  g_autofree double *below_p = g_new (double, (nd + 1) * (wd + 1));
  /* The pips the defender can throw with sd hits: lo_d[sd] to hi_d[sd]; none if lo_d > hi_d. */
  g_autofree guint *lo_d = g_new (guint, 2 * (nd + 1));
  guint *hi_d = lo_d + nd + 1;

  pc->na = na;
  pc->nd = nd;
  pc->exact = want_ways && (na + nd) * log2 (6.0) < 127.0;
  if (pc->exact)
    pc->ways = g_new0 (Ways, (na + 1) * (nd + 1) * 3);
  pc->p = g_new0 (double, (na + 1) * (nd + 1) * 3);
  joint_table (na, hit_on, pc->exact, narrow, &ja, &ja64, &ja_p);
  joint_table (nd, hit_on, pc->exact, narrow, &jd, &jd64, &jd_p);
  if (pc->exact && narrow)
    below64 = g_new (guint64, (nd + 1) * (wd + 1));
  else if (pc->exact)
    below = g_new (Ways, (nd + 1) * (wd + 1));
  for (guint sd = 0; sd <= nd; sd++)
    {
      lo_d[sd] = wd;
      hi_d[sd] = 0;
      below_p[sd * (wd + 1)] = 0;
      for (guint q = 0; q < wd; q++)
        {
          below_p[sd * (wd + 1) + q + 1] = below_p[sd * (wd + 1) + q] + jd_p[sd * wd + q];
          if (jd_p[sd * wd + q] != 0)
            {
              lo_d[sd] = MIN (lo_d[sd], q);
              hi_d[sd] = q;
            }
        }
      if (below64 != NULL)
        {
          below64[sd * (wd + 1)] = 0;
          for (guint q = 0; q < wd; q++)
            below64[sd * (wd + 1) + q + 1] = below64[sd * (wd + 1) + q] + jd64[sd * wd + q];
        }
      else if (below != NULL)
        {
          below[sd * (wd + 1)] = 0;
          for (guint q = 0; q < wd; q++)
            below[sd * (wd + 1) + q + 1] = below[sd * (wd + 1) + q] + jd[sd * wd + q];
        }
    }

  for (guint sa = 0; sa <= na; sa++)
    {
      const double *xa = ja_p + sa * wa;
      guint lo = wa, hi = 0;
      double all_a = 0;
      Ways all_a_w = 0;

      /* A count is never so small that its probability rounds to 0 (6^-48 is about 1e-37). */
      for (guint q = 0; q < wa; q++)
        if (xa[q] != 0)
          {
            lo = MIN (lo, q);
            hi = q;
            all_a += xa[q];
            if (pc->exact)
              all_a_w += ja64 != NULL ? ja64[sa * wa + q] : ja[sa * wa + q];
          }
      if (lo > hi)
        continue;
      for (guint sd = 0; sd <= nd; sd++)
        {
          const double *below_sd = below_p + sd * (wd + 1);
          const double *xd = jd_p + sd * wd;
          double all_d = below_sd[wd];
          double *p = pc->p + (sa * (nd + 1) + sd) * 3;
          Ways *w;
          Ways higher_w = 0, equal_w = 0;
          double higher = 0, equal = 0;
          /* The terms that can be other than 0: the defender throws fewer pips, or as many. */
          guint h_lo = MAX (lo, lo_d[sd] + 1);
          guint e_lo = MAX (lo, lo_d[sd]), e_hi = MIN (hi, hi_d[sd]);

          if (lo_d[sd] > hi_d[sd])
            continue;
          /* Adding +0 changes no sum, so these are the sums over every q, to the last bit. */
          for (guint q = h_lo; q <= hi; q++)
            higher += xa[q] * below_sd[MIN (q, wd)];
          for (guint q = e_lo; q <= e_hi; q++)
            equal += xa[q] * xd[q];
          p[COMPARE_HIGHER] = higher;
          p[COMPARE_EQUAL] = equal;
          p[COMPARE_LOWER] = all_a * all_d - p[COMPARE_HIGHER] - p[COMPARE_EQUAL];
          if (!pc->exact)
            continue;
          w = pc->ways + (sa * (nd + 1) + sd) * 3;
          if (below64 != NULL)
            {
              const guint64 *xa64 = ja64 + sa * wa;
              const guint64 *xd64 = jd64 + sd * wd;
              const guint64 *below64_sd = below64 + sd * (wd + 1);

              for (guint q = h_lo; q <= hi; q++)
                higher_w += (Ways) xa64[q] * below64_sd[MIN (q, wd)];
              for (guint q = e_lo; q <= e_hi; q++)
                equal_w += (Ways) xa64[q] * xd64[q];
              w[COMPARE_LOWER] = all_a_w * below64_sd[wd];
            }
          else
            {
              for (guint q = h_lo; q <= hi; q++)
                higher_w += ja[sa * wa + q] * below[sd * (wd + 1) + MIN (q, wd)];
              for (guint q = e_lo; q <= e_hi; q++)
                equal_w += ja[sa * wa + q] * jd[sd * wd + q];
              w[COMPARE_LOWER] = all_a_w * below[sd * (wd + 1) + wd];
            }
          w[COMPARE_HIGHER] = higher_w;
          w[COMPARE_EQUAL] = equal_w;
          w[COMPARE_LOWER] -= higher_w + equal_w;
        }
    }
  return pc;
}

/* ---- exact odds of a close assault by sums, while the pile cannot run out ----
 *
 * The walk above follows the cards state by state, which grows with the square of both sides'
 * dice.  While the pile cannot run out (no reshuffle), sums do the same work far faster.  Every
 * ordered sequence of distinct cards off a shuffled pile is equally likely, so the two blocks of
 * cover cards, whose sizes the dice alone fix, may be taken first (the assaulter's, then the
 * defender's) and the cards for hit commanders after them, in their usual order: each way the
 * game can go keeps its number of card sequences.  Only four kinds of card matter: whether it
 * lets a hit through cover, and whether it kills a hit commander.
 *
 * Ways are counted over 6^(dice) x (N)_L, L the most cards any way can turn, each way padded
 * with the cards it leaves unturned; when that total does not fit 128 bits, only the
 * probabilities are kept.
 */

#define GROUPS 4   /* bit 0: the card lets a hit through cover; bit 1: it kills a commander */

typedef struct {
  guint     size[GROUPS];     /* cards of each group in the draw pile */
  guint     active[GROUPS];   /* the groups that have cards, in order */
  guint     n_active;
  guint     n;                /* the draw pile */
  gboolean  exact;
  guint     n_binom;          /* binom[i * n_cols + k] = C(i, k), for i < n_binom */
  guint     n_cols;           /* and k < n_cols: no block, nor all the cards, is longer */
  Ways     *binom;            /* the ways are only filled in while exact */
  double   *binom_d;
  Ways     *factorial;        /* k! for k <= MAX_DICE */
  Ways     *fall;             /* fall[n * n_cols + k] = (n)_k, where it fits */
  double   *fall_d;
  /* live[(n * (killers_max + 1) + killers) * (m_max + 1) + m] = (n - killers)_m / (n)_m, the
   * chance that m cards off a pile of n miss all its killers, or -1 until first asked for:
   * the same few quotients are asked for over and over. */
  guint     killers_max;
  guint     m_max;
  double   *live;
  GArray   *first[MAX_DICE + 1];   /* the mixes of each size from the whole pile, once */
  gboolean  gone_a[MAX_DICE + 1];  /* targets that need no card: off the table after h hits */
  gboolean  gone_d[MAX_DICE + 1];
  guint     gone_a_from;           /* the fewest hits with gone_a[], or MAX_DICE + 1 */
  guint     cards_a[MAX_DICE + 1]; /* commander_cards() of h hits */
  guint     cards_d[MAX_DICE + 1];
} Sums;

static gboolean direct_odds_enabled = TRUE;

void
adj_rn_set_direct_odds (gboolean enabled)
{
  direct_odds_enabled = enabled;
}

/* (n)_k ordered ways, and (num_n)_k / (den_n)_k, from the tables. */
static Ways
falling_w (const Sums *sums,
           guint       n,
           guint       k)
{
  return k > n ? 0 : sums->fall[n * sums->n_cols + k];
}

static double
ratio_falling (const Sums *sums,
               guint       num_n,
               guint       den_n,
               guint       k)
{
  if (k > num_n)
    return 0.0;
  return sums->fall_d[num_n * sums->n_cols + k] / sums->fall_d[den_n * sums->n_cols + k];
}

/* ratio_falling (sums, n - killers, n, m), worked out once; @r is its place in sums->live.  The
 * pile never grows, its killers never outnumber those at the start, and no commander turns more
 * cards than a side has dice, so the table has room for every one asked for. */
static inline double
live_at (Sums   *sums,
         double *r,
         guint   n,
         guint   killers,
         guint   m)
{
  if (*r < 0)
    *r = ratio_falling (sums, n - killers, n, m);
  return *r;
}

static inline double
live_ratio (Sums  *sums,
            guint  n,
            guint  killers,
            guint  m)
{
  return live_at (sums,
                  sums->live + (n * (sums->killers_max + 1) + killers) * (sums->m_max + 1) + m,
                  n, killers, m);
}

/* One way a block of cover cards can fall: how many of each group. */
typedef struct {
  guint8 count[GROUPS];
  guint8 hits;     /* the cards that let a hit through cover */
  guint8 kills;    /* the cards that kill a hit commander */
  Ways   ways;     /* ordered sequences */
  double p;
} Mix;

/* Every mix of @k cards from piles of @size into @mixes, with its ordered ways and
 * probability: k! prod C(size_g, count_g) ways over (n)_k, that is prod C(...) / C(n, k).
 * Only the groups that have cards are counted over; the last of them takes what is left. */
typedef struct {
  const Sums  *sums;
  const guint *size;
  guint        active[GROUPS];
  guint        n_active;
  guint        rest[GROUPS + 1];   /* the cards of active[i] and the groups after it */
  double       all;
  GArray      *mixes;
  Mix          cur;
} MixWalk;

static void
mixes_from (MixWalk *mw,
            guint    i,
            guint    left,
            double   p,
            Ways     ways)
{
  const Sums *sums = mw->sums;
  guint nb = sums->n_cols;
  guint g = mw->active[i];
  guint size = mw->size[g];

  if (i + 1 == mw->n_active)
    {
      if (left > size)
        return;
      mw->cur.count[g] = (guint8) left;
      mw->cur.hits = (guint8) (mw->cur.count[1] + mw->cur.count[3]);
      mw->cur.kills = (guint8) (mw->cur.count[2] + mw->cur.count[3]);
      mw->cur.p = p * sums->binom_d[size * nb + left] / mw->all;
      if (sums->exact)
        mw->cur.ways = ways * sums->binom[size * nb + left];
      g_array_append_val (mw->mixes, mw->cur);
      return;
    }
  /* Leave no more than the groups after this one can take. */
  for (guint a = left > mw->rest[i + 1] ? left - mw->rest[i + 1] : 0; a <= MIN (left, size); a++)
    {
      mw->cur.count[g] = (guint8) a;
      mixes_from (mw, i + 1, left - a, p * sums->binom_d[size * nb + a],
                  sums->exact ? ways * sums->binom[size * nb + a] : 0);
    }
}

static void
block_mixes (const Sums  *sums,
             const guint *size,
             guint        k,
             GArray      *mixes)
{
  MixWalk mw = { sums, size, { 0 }, 0, { 0 }, 0.0, mixes, { { 0 }, 0, 0, 0, 0 } };
  guint n = 0;

  g_array_set_size (mixes, 0);
  for (guint g = 0; g < GROUPS; g++)
    {
      n += size[g];
      if (size[g] > 0)
        mw.active[mw.n_active++] = g;
    }
  if (k > n)
    return;
  if (mw.n_active == 0)
    {
      Mix none = { { 0 }, 0, 0, 1, 1.0 };
      g_array_append_val (mixes, none);
      return;
    }
  for (guint i = mw.n_active; i > 0; i--)
    mw.rest[i - 1] = mw.rest[i] + size[mw.active[i - 1]];
  mw.all = sums->binom_d[n * sums->n_cols + k];
  mixes_from (&mw, 0, k, 1.0, sums->exact ? sums->factorial[k] : 0);
}

/* The mixes of @k cards from the whole pile, made when first needed. */
static const GArray *
sums_block (Sums  *sums,
            guint  k)
{
  if (sums->first[k] == NULL)
    {
      sums->first[k] = g_array_new (FALSE, FALSE, sizeof (Mix));
      block_mixes (sums, sums->size, k, sums->first[k]);
    }
  return sums->first[k];
}

/* The number of hits that need a commander card, of @hits on @t; 0 for other targets. */
static guint
commander_cards (const Target *t,
                 guint         hits)
{
  if (t->effect != HIT_COMMANDER || t->gone || hits == 0)
    return 0;
  return t->disrupted ? hits : hits - 1;
}

typedef struct {
  Ways   ways[2][2];   /* [defender gone][assaulter gone] */
  double p[2][2];
} CardResult;

/* A hit commander turns @m cards (stopping at one that kills him) from a pile of @n with
 * @killers; @pad cards more are turned afterwards in every way, unseen.  Adds the ways he
 * lives and dies; the chance he lives is live_ratio (sums, n, killers, m). */
static inline void
last_commander_ways (const Sums *sums,
                     guint       n,
                     guint       killers,
                     guint       m,
                     guint       pad,
                     Ways        before,
                     Ways       *lives,
                     Ways       *dies)
{
  Ways all = falling_w (sums, n, m + pad);
  Ways live = falling_w (sums, n - killers, m) * falling_w (sums, n - m, pad);

  *lives += before * live;
  *dies += before * (all - live);
}

/* No card but cover cards: the groups are only "counts" (1) and "lost" (0), and the defender's
 * cover cards (@y of them) are a hypergeometric draw from what the assaulter's (@x) left. */
static void
assault_cover_cards (Sums        *sums,
                     guint        sa,
                     guint        sd,
                     gboolean     a_cover,
                     gboolean     d_cover,
                     guint        x,
                     guint        y,
                     guint        l_max,
                     CardResult  *res)
{
  const GArray *first = sums_block (sums, x);
  guint nb = sums->n_cols;

  for (guint i = 0; i < first->len; i++)
    {
      const Mix *ma = &g_array_index (first, Mix, i);
      guint reds = sums->size[1] - ma->count[1], blacks = sums->size[0] - ma->count[0];
      guint n = reds + blacks;
      gboolean dg = sums->gone_d[d_cover ? ma->count[1] : sa];
      guint r_lo, r_hi, r_gone;
      const double *c_reds, *c_blacks;
      double den, kept, gone;

      if (!a_cover)
        {
          gboolean ag = sums->gone_a[sd];
          if (sums->exact)
            res->ways[dg][ag] += ma->ways * falling_w (sums, n, l_max - x);
          res->p[dg][ag] += ma->p;
          continue;
        }
      r_lo = y > blacks ? y - blacks : 0;
      r_hi = MIN (y, reds);
      if (r_lo > r_hi)
        continue;
      if (sums->exact)
        for (guint r2 = r_lo; r2 <= r_hi; r2++)
          res->ways[dg][sums->gone_a[r2]] += ma->ways * sums->factorial[y] *
                                             sums->binom[reds * nb + r2] *
                                             sums->binom[blacks * nb + y - r2] *
                                             falling_w (sums, n - y, l_max - x - y);
      /* The assaulter is gone from some number of hits on (a hit never brings him back), so
       * the terms fall into the two sums in two runs, each added in the same order as ever. */
      c_reds = sums->binom_d + reds * nb;
      c_blacks = sums->binom_d + blacks * nb;
      den = sums->binom_d[n * nb + y];
      r_gone = CLAMP (sums->gone_a_from, r_lo, r_hi + 1);
      kept = res->p[dg][0];
      gone = res->p[dg][1];
      for (guint r2 = r_lo; r2 < r_gone; r2++)
        kept += ma->p * c_reds[r2] * c_blacks[y - r2] / den;
      for (guint r2 = r_gone; r2 <= r_hi; r2++)
        gone += ma->p * c_reds[r2] * c_blacks[y - r2] / den;
      res->p[dg][0] = kept;
      res->p[dg][1] = gone;
    }
}

static void
assault_cards (Sums         *sums,
               const Target *a,          /* the assaulter as a target */
               const Target *d,
               guint         sa,         /* the assaulter's sixes */
               guint         sd,
               gboolean      a_cover,
               gboolean      d_cover,
               guint         l_max,
               CardResult   *res)
{
  guint x = d_cover ? sa : 0, y = a_cover ? sd : 0;
  guint nb = sums->n_cols;
  const GArray *first, *second;
  guint n = sums->n - x - y;
  guint stride_k = sums->m_max + 1, stride_n = (sums->killers_max + 1) * stride_k;
  /* res->p, each added to in the same order as ever. */
  double p00 = 0, p01 = 0, p10 = 0, p11 = 0;
  double inv;

  memset (res, 0, sizeof *res);
  if (d->effect != HIT_COMMANDER && a->effect != HIT_COMMANDER)
    {
      assault_cover_cards (sums, sa, sd, a_cover, d_cover, x, y, l_max, res);
      return;
    }

  first = sums_block (sums, x);
  /* The second block's mixes have the shapes of the first's (the pile only shrank); their
   * probabilities come from what the first left. */
  second = sums_block (sums, y);
  inv = 1.0 / sums->binom_d[(sums->n - x) * nb + y];
  for (guint i = 0; i < first->len; i++)
    {
      const Mix *ma = &g_array_index (first, Mix, i);
      const double *c_left[GROUPS];
      guint left[GROUPS];
      guint hits_on_d = d_cover ? ma->hits : sa;
      guint m1 = sums->cards_d[hits_on_d];
      guint killers_left;
      gboolean dg_plain = d->effect != HIT_COMMANDER && sums->gone_d[hits_on_d];
      guint m1_all = d->effect == HIT_COMMANDER ? m1 : 0;
      /* Where the last commander's chances to live are kept, for this pile: by killers left
       * (and then by the cards he turns, for the assaulter). */
      double *live_last = a->effect != HIT_COMMANDER ? sums->live + n * stride_n + m1
                                                      : sums->live + (n - m1_all) * stride_n;

      for (guint g = 0; g < GROUPS; g++)
        {
          left[g] = sums->size[g] - ma->count[g];
          c_left[g] = sums->binom_d + left[g] * nb;
        }
      killers_left = left[2] + left[3];
      for (guint j = 0; j < second->len; j++)
        {
          const Mix *md = &g_array_index (second, Mix, j);
          /* In the order of the groups, as ever; a group without cards has C(0, 0) = 1 way,
           * and multiplying by 1 rounds nothing. */
          double q = inv * c_left[0][md->count[0]] * c_left[1][md->count[1]] *
                     c_left[2][md->count[2]] * c_left[3][md->count[3]];
          guint hits_on_a, killers, m2;
          Ways w = 0;
          double p, p_live, pl;

          if (q == 0)
            continue;
          if (sums->exact)
            {
              w = ma->ways * sums->factorial[y];
              for (guint g = 0; g < GROUPS; g++)
                w *= sums->binom[left[g] * nb + md->count[g]];
            }
          p = ma->p * q;
          hits_on_a = a_cover ? md->hits : sd;
          killers = killers_left - md->kills;

          if (a->effect != HIT_COMMANDER)
            {
              /* Only the defender turns cards, last of all. */
              gboolean ag = sums->gone_a[hits_on_a];

              p_live = live_at (sums, live_last + killers * stride_k, n, killers, m1);
              if (sums->exact)
                last_commander_ways (sums, n, killers, m1, l_max - x - y - m1, w,
                                     &res->ways[0][ag], &res->ways[1][ag]);
              if (ag)
                {
                  p01 += p * p_live;
                  p11 += p * (1.0 - p_live);
                }
              else
                {
                  p00 += p * p_live;
                  p10 += p * (1.0 - p_live);
                }
              continue;
            }

          /* The assaulter's cards come last; the defender's first, if he is a commander, and
           * where he dies among them sets what is left of the pile. */
          m2 = sums->cards_a[hits_on_a];
          for (guint k = 1; k <= m1_all && killers > 0; k++)
            {
              /* The defender dies on the k-th card. */
              double pk = live_ratio (sums, n, killers, k - 1) * killers / (double) (n - k + 1);
              double pd = p * pk;

              p_live = live_ratio (sums, n - k, killers - 1, m2);
              if (sums->exact)
                last_commander_ways (sums, n - k, killers - 1, m2, l_max - x - y - k - m2,
                                     w * falling_w (sums, n - killers, k - 1) * killers,
                                     &res->ways[1][0], &res->ways[1][1]);
              p10 += pd * p_live;
              p11 += pd * (1.0 - p_live);
            }
          /* The defender lives through all his cards (or needs none). */
          pl = m1_all == 0 ? 1.0 : live_ratio (sums, n, killers, m1_all);
          p *= pl;
          p_live = live_at (sums, live_last + killers * stride_k + m2, n - m1_all, killers, m2);
          if (sums->exact)
            last_commander_ways (sums, n - m1_all, killers, m2, l_max - x - y - m1_all - m2,
                                 w * falling_w (sums, n - killers, m1_all),
                                 &res->ways[dg_plain][0], &res->ways[dg_plain][1]);
          if (dg_plain)
            {
              p10 += p * p_live;
              p11 += p * (1.0 - p_live);
            }
          else
            {
              p00 += p * p_live;
              p01 += p * (1.0 - p_live);
            }
        }
    }
  res->p[0][0] = p00;
  res->p[0][1] = p01;
  res->p[1][0] = p10;
  res->p[1][1] = p11;
}

static void
sums_free (Sums *sums)
{
  for (guint i = 0; i <= MAX_DICE; i++)
    if (sums->first[i] != NULL)
      g_array_unref (sums->first[i]);
  g_free (sums->binom);
  g_free (sums->binom_d);
  g_free (sums->factorial);
  g_free (sums->fall);
  g_free (sums->fall_d);
  g_free (sums->live);
  g_free (sums);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Sums, sums_free)

/* Returns FALSE (and touches nothing) when the pile could run out: the walk handles that. */
static gboolean
assault_odds_by_sums (const AdjContext  *ctx,
                      AdjInputs         *in,
                      const FireSide    *as,
                      const FireSide    *ds,
                      const Target      *at,
                      const Target      *dt,
                      AdjOdds           *odds)
{
  gboolean a_cover = adj_inputs_get_bool (in, "assaulter_in_cover");
  gboolean d_cover = adj_inputs_get_bool (in, "defender_in_cover");
  int hit_on = rn_int (ctx->ruleset, "fire", "hit_on");
  guint na = (guint) as->dice, nd = (guint) ds->dice;
  guint l_max;
  const AdjCard *cards = NULL;
  guint n_cards = ADJ_DECK_SIZE;
  g_autoptr(Sums) sums = g_new0 (Sums, 1);
  g_autoptr(PipCompare) pc = NULL;
  Ways counts[6] = { 0 };
  double p[6] = { 0 };
  Ways total;
  double bits;
  gboolean need_kills = at->effect == HIT_COMMANDER || dt->effect == HIT_COMMANDER;
  const char *counts_colour;

  if (!direct_odds_enabled)
    return FALSE;
  l_max = (d_cover ? na : 0) + (a_cover ? nd : 0) + commander_cards (dt, na) +
          commander_cards (at, nd);
  if (ctx->pack != NULL)
    cards = adj_pack_draw_pile (ctx->pack, &n_cards);
  if (l_max > n_cards)
    return FALSE;

  counts_colour = rn_string (ctx->ruleset, "cover", "counts");
  for (guint i = 0; i < n_cards; i++)
    {
      AdjCard c = cards != NULL ? cards[i] % ADJ_DECK_SIZE : (AdjCard) i;
      /* cover_counts(), with the colour looked up once. */
      guint g = (colour_is (c, counts_colour) ? 1 : 0) |
                (need_kills && commander_result (ctx->ruleset, c) == COMMANDER_KILLED ? 2 : 0);
      sums->size[g]++;
    }
  sums->n = n_cards;
  for (guint g = 0; g < GROUPS; g++)
    if (sums->size[g] > 0)
      sums->active[sums->n_active++] = g;
  bits = (na + nd) * log2 (6.0);
  for (guint i = 0; i < l_max; i++)
    bits += log2 ((double) (n_cards - i));
  sums->exact = bits < 126.0;
  sums->n_binom = MAX (n_cards, MAX_DICE) + 1;
  sums->n_cols = MAX (l_max, MAX (na, nd)) + 1;
  /* Past the diagonal the tables stay 0: C(i, k) and (i)_k for k > i. */
  sums->binom_d = g_new0 (double, sums->n_binom * sums->n_cols);
  sums->fall_d = g_new0 (double, sums->n_binom * sums->n_cols);
  if (sums->exact)
    {
      sums->binom = g_new0 (Ways, sums->n_binom * sums->n_cols);
      sums->fall = g_new0 (Ways, sums->n_binom * sums->n_cols);
    }
  for (guint i = 0; i < sums->n_binom; i++)
    {
      double *row_d = sums->binom_d + i * sums->n_cols;
      const double *up_d = row_d - sums->n_cols;
      guint k_max = MIN (i, sums->n_cols - 1);

      row_d[0] = 1.0;
      /* The doubles are rounded past 2^53. */
      for (guint k = 1; k <= k_max; k++)
        row_d[k] = up_d[k - 1] + (k < i ? up_d[k] : 0);
      if (sums->exact)
        {
          Ways *row = sums->binom + i * sums->n_cols;
          const Ways *up = row - sums->n_cols;

          row[0] = 1;
          /* C(104, 52) still fits 128 bits. */
          for (guint k = 1; k <= k_max; k++)
            row[k] = up[k - 1] + (k < i ? up[k] : 0);
        }
    }
  for (guint i = 0; i < sums->n_binom; i++)
    {
      double *row_d = sums->fall_d + i * sums->n_cols;
      guint k_max = MIN (i, sums->n_cols - 1);

      row_d[0] = 1.0;
      for (guint k = 1; k <= k_max; k++)
        row_d[k] = row_d[k - 1] * (double) (i - k + 1);
      if (sums->exact)
        {
          Ways *row = sums->fall + i * sums->n_cols;

          row[0] = 1;
          /* Past 2^128 the ways wrap: they are only read while the total fits. */
          for (guint k = 1; k <= k_max; k++)
            row[k] = row[k - 1] * (Ways) (i - k + 1);
        }
    }
  sums->factorial = g_new (Ways, MAX_DICE + 1);
  sums->factorial[0] = 1;
  for (guint k = 1; k <= MAX_DICE; k++)
    sums->factorial[k] = sums->factorial[k - 1] * k;
  sums->killers_max = sums->size[2] + sums->size[3];
  sums->m_max = MAX (na, nd);
  {
    gsize n_live = (gsize) (sums->n + 1) * (sums->killers_max + 1) * (sums->m_max + 1);

    sums->live = g_new (double, n_live);
    for (gsize i = 0; i < n_live; i++)
      sums->live[i] = -1.0;
  }
  {
    /* Whether the hits put a target that needs no card off the table: one more hit at a
     * time (a hit on a target already gone changes nothing). */
    Target ta = *at, td = *dt;

    sums->gone_a_from = MAX_DICE + 1;
    for (guint h = 0; h <= MAX_DICE; h++)
      {
        sums->gone_a[h] = ta.gone;
        sums->gone_d[h] = td.gone;
        sums->cards_a[h] = commander_cards (at, h);
        sums->cards_d[h] = commander_cards (dt, h);
        if (ta.gone)
          sums->gone_a_from = MIN (sums->gone_a_from, h);
        hit_apply (&ta, COMMANDER_UNHURT);
        hit_apply (&td, COMMANDER_UNHURT);
      }
  }
  total = sums->exact ? ways_pow (6, na + nd) * falling_w (sums, n_cards, l_max) : 0;

  pc = pip_compare_new (na, nd, hit_on, sums->exact);
  if (!pc->exact)
    sums->exact = FALSE;
  for (guint sa = 0; sa <= na; sa++)
    for (guint sd = 0; sd <= nd; sd++)
      {
        const Ways *dice = sums->exact ? pc->ways + (sa * (nd + 1) + sd) * 3 : NULL;
        const double *pd = pc->p + (sa * (nd + 1) + sd) * 3;
        CardResult cr;

        if (pd[0] == 0 && pd[1] == 0 && pd[2] == 0)
          continue;
        assault_cards (sums, at, dt, sa, sd, a_cover, d_cover, l_max, &cr);
        for (int dg = 0; dg < 2; dg++)
          for (int ag = 0; ag < 2; ag++)
            for (int c = 0; c < 3; c++)
              {
                int key = assault_key (c, dg, ag);

                if (sums->exact)
                  counts[key] += dice[c] * cr.ways[dg][ag];
                p[key] += pd[c] * cr.p[dg][ag];
              }
      }

  odds_from_counts (in->mechanic, sums->exact, counts, p, total, odds);
  return TRUE;
}

static gboolean
assault_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  FireSide as, ds;
  Target at, dt;
  AssaultWalk aw = { 0 };
  HitsNeed need;
  Walk w;
  int hit_on = rn_int (ctx->ruleset, "fire", "hit_on");
  guint na, nd;
  g_autoptr(PipCompare) pc = NULL;
  gboolean ok;

  if (!assault_prepare (ctx, in, &as, &ds, &at, &dt, error))
    return FALSE;
  if (assault_odds_by_sums (ctx, in, &as, &ds, &at, &dt, odds))
    return TRUE;
  aw.a_cover = adj_inputs_get_bool (in, "assaulter_in_cover");
  aw.d_cover = adj_inputs_get_bool (in, "defender_in_cover");
  aw.a.effect = at.effect;
  aw.a.before = at;
  aw.d.effect = dt.effect;
  aw.d.before = dt;
  need.cover = aw.a_cover || aw.d_cover;
  need.commander = at.effect == HIT_COMMANDER || dt.effect == HIT_COMMANDER;
  walk_init (&w, ctx, hits_signature, &need, &assault_rules, &aw);
  hits_walk_setup (&w, ctx, &aw.a);
  hits_walk_setup (&w, ctx, &aw.d);

  /* Each side's hits and pips together, by convolution; then, for every pair of hit counts,
   * the ways the pips compare. */
  na = (guint) as.dice;
  nd = (guint) ds.dice;
  pc = pip_compare_new (na, nd, hit_on, TRUE);
  w.total = ways_pow (6, na + nd);
  if (!pc->exact)
    w.exact = FALSE;
  for (guint sa = 0; sa <= na; sa++)
    for (guint sd = 0; sd <= nd; sd++)
      for (int c = 0; c < 3; c++)
        {
          guint i = (sa * (nd + 1) + sd) * 3 + (guint) c;
          WalkKey k;

          if (pc->p[i] == 0.0)
            continue;
          walk_key_init (&k);
          k.s[0] = ASSAULT_A_COVER;
          k.s[1] = (gint16) sa;
          k.s[3] = target_pack (&dt);
          k.s[4] = target_pack (&at);
          k.s[5] = (gint16) sd;
          k.s[6] = (gint16) c;
          assault_settle (&k, &aw);
          walk_seed (&w, &k, pc->exact ? pc->ways[i] : 0, pc->p[i]);
        }

  ok = walk_run (&w, error);
  if (ok)
    walk_odds (&w, in->mechanic, odds);
  walk_clear (&w);
  return ok;
}

static gboolean
assault_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  const char *assaulter = adj_inputs_get_string (in, "assaulter");

  return apply_target (ctx, changes, adj_inputs_get_string (in, "defender"), outcome, "defender",
                       error) &&
         apply_target (ctx, changes, assaulter, outcome, "assaulter", error) &&
         set_unit_bool (ctx, changes, assaulter, "status.acted", TRUE, error);
}

static const AdjMechanic rn_assault = {
  .id = "rn/assault",
  .title = N_("Close assault"),
  .summary = N_("A unit next to an enemy (or that moved next to it) tries to take its hex: both "
                "fire, then the higher total of pips wins."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = assault_inputs,
  .n_inputs = G_N_ELEMENTS (assault_inputs),
  .outcomes = assault_outcomes,
  .n_outcomes = G_N_ELEMENTS (assault_outcomes),
  .random_note = N_("Both sides throw their fire dice: sixes hit as in fire, and the total of all "
                    "the pips decides who gives way.  The assaulter’s hits are settled first."),
  .draws = assault_draws,
  .prefill = assault_prefill,
  .resolve = assault_resolve,
  .odds = assault_odds,
  .apply = assault_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Regaining cohesion                                                                          */

static const AdjField cohesion_inputs[] = {
  UNIT_INPUT ("unit", N_("Disrupted unit or commander")),
  TYPE_INPUT ("type", N_("Type"), "infantry", "unit.type"),
  RATING_INPUT ("rating", N_("Rating"), "unit.rating"),
  BOOL_DEF ("disrupted", N_("Disrupted"), NULL, TRUE, "unit.status.disrupted"),
  BOOL_INPUT ("commander_in_hex", N_("A commander shares its hex"),
              N_("A unit that fails may then try a second time")),
};

static const AdjChoice cohesion_outcomes[] = {
  { "regained", N_("Cohesion regained") },
  { "failed", N_("Still disrupted") },
};

/* The rating the table is read with, and how many cards may be turned. */
static void
cohesion_setup (const AdjContext  *ctx,
                AdjInputs         *in,
                const char       **rating,
                int               *tries,
                gboolean          *commander)
{
  AdjRuleset *rs = ctx->ruleset;

  *commander = is_commander (input_type (ctx, in, "type"));
  *rating = *commander ? rn_string (rs, "cohesion", "commander_rating")
                       : adj_inputs_get_string (in, "rating");
  if (*commander)
    *tries = rn_int (rs, "cohesion", "commander_tries");
  else if (adj_inputs_get_bool (in, "commander_in_hex"))
    *tries = rn_int (rs, "cohesion", "tries_with_commander");
  else
    *tries = rn_int (rs, "cohesion", "tries");
}

static void
cohesion_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec s = { "cohesion", N_("Card to regain cohesion"), 1, 0 };

  /* The second card is only turned when the first fails. */
  g_array_append_val (specs, s);
}

static gboolean
cohesion_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  const char *rating;
  const AdjChoice *rating_choice;
  int tries;
  gboolean commander;

  if (!adj_inputs_get_bool (in, "disrupted"))
    return adj_not_allowed (error, _("%s is not disrupted: there is no cohesion to regain"), name);
  cohesion_setup (ctx, in, &rating, &tries, &commander);
  rating_choice = adj_ruleset_find_rating (ctx->ruleset, rating);
  if (commander)
    adj_outcome_add_note (outcome, _("A commander counts as %s and always has %d tries."),
                          adj_gettext (rating_choice->label), tries);
  else if (tries > 1)
    adj_outcome_add_note (outcome, _("A commander in the same hex gives the unit %d tries."),
                          tries);

  for (int t = 1; t <= tries; t++)
    {
      AdjCard card;
      AdjSuit suit;
      gboolean ok;
      const char *shown = NULL;
      g_autofree char *line = NULL;

      if (!adj_random_card (random, "cohesion", N_("Card to regain cohesion"), &card, error))
        return FALSE;
      suit = adj_card_suit (card);
      ok = cohesion_regains (ctx->ruleset, suit, rating);
      shown = adj_card_short_name (card);
      /* TRANSLATORS: e.g. "Try 1: 7♦ — with a rating of Average, fails" */
      line = g_strdup_printf (ok ? _("Try %d: %s — with a rating of %s, regains cohesion")
                            : _("Try %d: %s — with a rating of %s, fails"),
                         t, shown, adj_gettext (rating_choice->label));
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, line, FALSE, 0);
      if (ok)
        {
          adj_outcome_set_result (outcome, "regained",
                                  _("%s regains cohesion on %s"), name, shown);
          adj_outcome_set_value_int (outcome, "tries", t);
          return TRUE;
        }
    }
  adj_outcome_set_result (outcome, "failed",
                          ngettext ("%s stays disrupted after %d card",
                                    "%s stays disrupted after %d cards", tries), name, tries);
  adj_outcome_set_value_int (outcome, "tries", tries);
  return TRUE;
}

typedef struct {
  const char *rating;
} CohesionSig;

static int
cohesion_signature (AdjRuleset *rs,
                    AdjCard     card,
                    gpointer    data)
{
  const CohesionSig *sig = data;
  return cohesion_regains (rs, adj_card_suit (card), sig->rating) ? 1 : 0;
}

typedef struct {
  gboolean regains[WALK_CLASSES];
  guint8   rank[WALK_CLASSES];       /* 1: this card rallies */
} CohesionWalk;

/* s[0] 1 while trying, s[1] the tries left. */
static void
cohesion_take (WalkKey  *k,
               guint     cls,
               gpointer  data)
{
  const CohesionWalk *cw = data;

  if (cw->regains[cls] || --k->s[1] == 0)
    {
      gboolean regained = cw->regains[cls];

      memset (k->s, 0, sizeof k->s);
      k->s[0] = PHASE_DONE;
      k->s[1] = regained ? 0 : 1;
    }
}

/* The tries end at the first card that rallies: whether any of them does is all that counts. */
static void
cohesion_plan (const WalkKey *k,
               WalkPlan      *plan,
               gpointer       data)
{
  const CohesionWalk *cw = data;

  plan->k = (guint) k->s[1];
  plan->rank = cw->rank;
  plan->n_ranks = 2;
}

static void
cohesion_finish (WalkKey  *k,
                 guint     worst,
                 gpointer  data)
{
  memset (k->s, 0, sizeof k->s);
  k->s[0] = PHASE_DONE;
  k->s[1] = worst == 1 ? 0 : 1;
}

static const WalkRules cohesion_rules = {
  .take = cohesion_take,
  .plan = cohesion_plan,
  .finish = cohesion_finish,
};

static gboolean
cohesion_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  CohesionSig sig;
  CohesionWalk cw = { { 0 } };
  int tries;
  gboolean commander, ok;
  Walk w;
  WalkKey k;

  if (!adj_inputs_get_bool (in, "disrupted"))
    return adj_not_allowed (error, _("%s is not disrupted: there is no cohesion to regain"),
                            adj_input_unit_name (ctx, in, "unit", _("The unit")));
  cohesion_setup (ctx, in, &sig.rating, &tries, &commander);
  walk_init (&w, ctx, cohesion_signature, &sig, &cohesion_rules, &cw);
  for (guint c = 0; c < w.n_classes; c++)
    {
      cw.regains[c] = cohesion_regains (ctx->ruleset, adj_card_suit (w.example[c]), sig.rating);
      cw.rank[c] = cw.regains[c] ? 1 : 0;
    }
  walk_key_init (&k);
  k.s[0] = 1;
  k.s[1] = (gint16) tries;
  walk_seed (&w, &k, 1, 1.0);
  ok = walk_run (&w, error);
  if (ok)
    walk_odds (&w, in->mechanic, odds);
  walk_clear (&w);
  return ok;
}

static gboolean
cohesion_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  if (!g_str_equal (outcome->key, "regained"))
    return TRUE;
  return set_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"), "status.disrupted",
                        FALSE, error);
}

static const AdjMechanic rn_cohesion = {
  .id = "rn/cohesion",
  .title = N_("Regain cohesion"),
  .summary = N_("At the end of the turn a disrupted unit or commander turns a card: its suit and "
                "the unit’s rating decide whether it rallies."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = cohesion_inputs,
  .n_inputs = G_N_ELEMENTS (cohesion_inputs),
  .outcomes = cohesion_outcomes,
  .n_outcomes = G_N_ELEMENTS (cohesion_outcomes),
  .random_note = N_("Hearts never rally; diamonds rally good units; clubs good and average; "
                    "spades all but very poor.  A commander counts as good and has two tries; so "
                    "has a unit sharing its hex with a commander."),
  .draws = cohesion_draws,
  .resolve = cohesion_resolve,
  .odds = cohesion_odds,
  .apply = cohesion_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* End of the turn: every card back into the pack                                              */

static const AdjChoice collect_outcomes[] = {
  { "collected", N_("Cards gathered in") },
};

static gboolean
collect_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  AdjPack *pack = adj_random_get_pack (random);
  guint out = 0;

  if (pack != NULL)
    {
      guint n;

      adj_pack_dealt (pack, &n);
      out += n;
      adj_pack_turned (pack, &n);
      out += n;
      if (adj_random_gather_pack (random, adj_pack_get_n_decks (pack)))
        adj_outcome_add_note (outcome, _("The pack is shuffled for the next turn."));
    }
  adj_outcome_set_value_int (outcome, "returned", (int) out);
  adj_outcome_set_result (outcome, "collected",
                          ngettext ("%u card goes back into the pack",
                                    "%u cards go back into the pack", out), out);
  return TRUE;
}

static gboolean
collect_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  GListModel *units;

  if (ctx->battle == NULL)
    return TRUE;
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (!change_unit (ctx, changes, adj_unit_get_id (unit), "card", NULL, error))
        return FALSE;
    }
  return TRUE;
}

static const AdjMechanic rn_collect = {
  .id = "rn/collect",
  .title = N_("Gather the cards"),
  .summary = N_("When every unit has acted and rallied, all the cards go back into the pack for "
                "the next turn."),
  .scope = ADJ_SCOPE_BATTLE,
  .outcomes = collect_outcomes,
  .n_outcomes = G_N_ELEMENTS (collect_outcomes),
  .resolve = collect_resolve,
  .apply = collect_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* The system                                                                                  */

static gboolean
check_rate (json_object  *entry,
            const char   *key,
            const char   *file,
            const char   *path,
            GError      **error)
{
  static const char *const keys[] = { "dice", "per_figures", NULL };
  g_autofree char *where = adj_json_path_key (path, key);
  json_object *rate;
  gint64 v;

  return adj_json_get_object (entry, key, TRUE, &rate, file, path, error) &&
         adj_json_check_keys (rate, keys, file, where, error) &&
         adj_json_get_int (rate, "dice", TRUE, 0, 4, &v, file, where, error) &&
         adj_json_get_int (rate, "per_figures", TRUE, 1, 4, &v, file, where, error);
}

static gboolean
check_fire (AdjRuleset  *rs,
            GError     **error)
{
  static const char *const keys[] = { "hit_on", "dice", NULL };
  static const char *const entry_keys[] = { "label", "full", "reduced", "hits_whole_hex", NULL };
  static const char *const classes[] = { "small-arms", "machine-gun", "artillery", "commander",
                                         NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *fire, *dice;
  gint64 v;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "fire", TRUE, &fire, file, "$", error) ||
      !adj_json_check_keys (fire, keys, file, "$.fire", error) ||
      !adj_json_get_int (fire, "hit_on", TRUE, 1, 6, &v, file, "$.fire", error) ||
      !adj_json_get_object (fire, "dice", TRUE, &dice, file, "$.fire", error))
    return FALSE;
  for (guint i = 0; classes[i] != NULL; i++)
    {
      g_autofree char *where = adj_json_path_key ("$.fire.dice", classes[i]);
      json_object *entry;
      const char *label;
      gboolean whole;

      if (!adj_json_get_object (dice, classes[i], TRUE, &entry, file, "$.fire.dice", error) ||
          !adj_json_check_keys (entry, entry_keys, file, where, error) ||
          !adj_json_get_string (entry, "label", TRUE, &label, file, where, error) ||
          !adj_json_get_bool (entry, "hits_whole_hex", TRUE, &whole, file, where, error) ||
          !check_rate (entry, "full", file, where, error) ||
          !check_rate (entry, "reduced", file, where, error))
        return FALSE;
    }
  json_object_object_foreach (dice, key, val)
    {
      (void) val;
      if (!g_strv_contains (classes, key))
        {
          g_autofree char *where = adj_json_path_key ("$.fire.dice", key);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("expected one of small-arms, machine-gun, artillery or "
                                  "commander"));
        }
    }
  return TRUE;
}

static gboolean
check_colour (json_object  *obj,
              const char   *key,
              const char   *file,
              const char   *path,
              GError      **error)
{
  const char *colour;

  if (!adj_json_get_string (obj, key, TRUE, &colour, file, path, error))
    return FALSE;
  if (g_str_equal (colour, "red") || g_str_equal (colour, "black"))
    return TRUE;
  {
    g_autofree char *where = adj_json_path_key (path, key);
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                          _("expected “red” or “black”, found “%s”"), colour);
  }
}

static gboolean
check_cards (AdjRuleset  *rs,
             GError     **error)
{
  static const char *const cover_keys[] = { "counts", "lost", NULL };
  static const char *const rule_keys[] = { "cards", "colour", "result", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *cover, *rules;
  int matched[ADJ_DECK_SIZE] = { 0 };

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "cover", TRUE, &cover, file, "$", error) ||
      !adj_json_check_keys (cover, cover_keys, file, "$.cover", error) ||
      !check_colour (cover, "counts", file, "$.cover", error) ||
      !check_colour (cover, "lost", file, "$.cover", error))
    return FALSE;
  if (g_str_equal (rn_string (rs, "cover", "counts"), rn_string (rs, "cover", "lost")))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cover",
                          _("one colour counts and the other is lost"));

  /* Every card must mean something for a hit commander. */
  if (!adj_json_get_array (adj_ruleset_get_json (rs), "commander_hit", TRUE, &rules, file, "$",
                           error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (rules); i++)
    {
      json_object *rule = json_object_array_get_idx (rules, i);
      g_autofree char *where = adj_json_path_index ("$.commander_hit", i);
      json_object *cards = NULL;
      const char *colour = NULL, *result;
      gboolean known = FALSE;

      if (!adj_json_expect_object (rule, file, where, error) ||
          !adj_json_check_keys (rule, rule_keys, file, where, error) ||
          !adj_json_get_array (rule, "cards", FALSE, &cards, file, where, error) ||
          !adj_json_get_string (rule, "colour", FALSE, &colour, file, where, error) ||
          !adj_json_get_string (rule, "result", TRUE, &result, file, where, error))
        return FALSE;
      for (guint r = 0; r < G_N_ELEMENTS (commander_results); r++)
        known |= g_str_equal (result, commander_results[r]);
      if (!known)
        {
          g_autofree char *at = adj_json_path_key (where, "result");
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                _("expected “killed”, “wounded” or “unhurt”, found “%s”"),
                                result);
        }
      if ((cards == NULL) == (colour == NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected either “cards” or “colour”"));
      if (colour != NULL && !check_colour (rule, "colour", file, where, error))
        return FALSE;
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        if (colour != NULL && colour_is (c, colour))
          matched[c]++;
      for (gsize k = 0; cards != NULL && k < json_object_array_length (cards); k++)
        {
          json_object *item = json_object_array_get_idx (cards, k);
          AdjCard card;
          g_autofree char *canonical = NULL;

          if (!json_object_is_type (item, json_type_string) ||
              !adj_card_parse (json_object_get_string (item), &card) ||
              !g_str_equal ((canonical = adj_card_to_string (card)), json_object_get_string (item)))
            {
              g_autofree char *at = adj_json_path_key (where, "cards");
              g_autofree char *at_k = adj_json_path_index (at, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, at_k,
                                    _("expected a card such as “10H” or “QS”"));
            }
          matched[card]++;
        }
    }
  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    if (matched[c] == 0)
      {
        g_autofree char *name = adj_card_to_string (c);
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.commander_hit",
                              _("no rule says what the card %s does to a commander"), name);
      }
  return TRUE;
}

static gboolean
check_cohesion (AdjRuleset  *rs,
                GError     **error)
{
  static const char *const keys[] = {
    "table", "commander_rating", "tries", "tries_with_commander", "commander_tries", NULL
  };
  static const char *const suit_keys[] = { "hearts", "clubs", "diamonds", "spades", NULL };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *ratings = adj_ruleset_get_ratings (rs);
  json_object *cohesion, *table;
  const char *commander_rating;
  gint64 v;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "cohesion", TRUE, &cohesion, file, "$",
                            error) ||
      !adj_json_check_keys (cohesion, keys, file, "$.cohesion", error) ||
      !adj_json_get_object (cohesion, "table", TRUE, &table, file, "$.cohesion", error) ||
      !adj_json_check_keys (table, suit_keys, file, "$.cohesion.table", error) ||
      !adj_json_get_string (cohesion, "commander_rating", TRUE, &commander_rating, file,
                            "$.cohesion", error) ||
      !adj_json_get_int (cohesion, "tries", TRUE, 1, 5, &v, file, "$.cohesion", error) ||
      !adj_json_get_int (cohesion, "tries_with_commander", TRUE, 1, 5, &v, file, "$.cohesion",
                         error) ||
      !adj_json_get_int (cohesion, "commander_tries", TRUE, 1, 5, &v, file, "$.cohesion", error))
    return FALSE;
  if (ratings->len == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.ratings",
                          _("expected the ratings the cohesion table is read with"));
  if (adj_ruleset_find_rating (rs, commander_rating) == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cohesion.commander_rating",
                          _("“%s” is not a rating declared in “ratings”"), commander_rating);

  /* One cell per suit and rating. */
  for (guint s = 0; s < G_N_ELEMENTS (suit_ids); s++)
    {
      g_autofree char *where = adj_json_path_key ("$.cohesion.table", suit_ids[s]);
      json_object *row;

      if (!adj_json_get_object (table, suit_ids[s], TRUE, &row, file, "$.cohesion.table", error))
        return FALSE;
      for (guint r = 0; r < ratings->len; r++)
        {
          const AdjChoice *rating = g_ptr_array_index (ratings, r);
          gboolean cell;

          if (!adj_json_get_bool (row, rating->id, TRUE, &cell, file, where, error))
            return FALSE;
        }
      json_object_object_foreach (row, key, val)
        {
          (void) val;
          if (adj_ruleset_find_rating (rs, key) == NULL)
            {
              g_autofree char *at = adj_json_path_key (where, key);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                    _("“%s” is not a rating declared in “ratings”"), key);
            }
        }
    }
  return TRUE;
}

static gboolean
check_activation (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const keys[] = {
    "suit_order", "deck_size", "max_decks", "rolloff_die", "rough_ground_colour", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  json_object *act, *order;
  gint64 v;
  int seen[4] = { 0 };

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "activation", TRUE, &act, file, "$",
                            error) ||
      !adj_json_check_keys (act, keys, file, "$.activation", error) ||
      !adj_json_get_array (act, "suit_order", TRUE, &order, file, "$.activation", error) ||
      !adj_json_get_int (act, "deck_size", TRUE, ADJ_DECK_SIZE, ADJ_DECK_SIZE, &v, file,
                         "$.activation", error) ||
      !adj_json_get_int (act, "max_decks", TRUE, 1, 4, &v, file, "$.activation", error) ||
      !adj_json_get_int (act, "rolloff_die", TRUE, 2, 20, &v, file, "$.activation", error) ||
      !check_colour (act, "rough_ground_colour", file, "$.activation", error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (order); i++)
    {
      const char *id = json_object_get_string (json_object_array_get_idx (order, i));

      for (guint s = 0; s < G_N_ELEMENTS (suit_ids); s++)
        if (g_strcmp0 (id, suit_ids[s]) == 0)
          seen[s]++;
    }
  for (guint s = 0; s < G_N_ELEMENTS (suit_ids); s++)
    if (seen[s] != 1 || json_object_array_length (order) != G_N_ELEMENTS (suit_ids))
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.activation.suit_order",
                            _("expected hearts, clubs, diamonds and spades, each once"));
  return TRUE;
}

static gboolean
rn_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const movement_modifiers[] = { "road", "with-commander", NULL };
  static const char *const categories[] = {
    "infantry", "cavalry", "artillery", "transport", "commander", NULL
  };
  static const char *const status[] = { "disrupted", "wounded", "moved", "acted", NULL };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *types = adj_ruleset_get_unit_types (rs);
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);
  g_autoptr(GPtrArray) templates = NULL;

  if (!adj_ruleset_require_modifiers (rs, "movement", movement_modifiers, error) ||
      !check_fire (rs, error) ||
      !check_cards (rs, error) ||
      !check_cohesion (rs, error) ||
      !check_activation (rs, error))
    return FALSE;
  for (guint i = 0; categories[i] != NULL; i++)
    if (adj_ruleset_find_category (rs, categories[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.categories",
                            _("the category “%s” is missing"), categories[i]);
  for (guint i = 0; status[i] != NULL; i++)
    if (adj_ruleset_find_status_field (rs, status[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “%s” is missing"), status[i]);

  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      const char *cls = weapon_dice_class (w);

      if (cls == NULL || g_str_equal (cls, "commander") || dice_entry (rs, cls) == NULL)
        {
          g_autofree char *where = adj_json_path_index ("$.weapons", i);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("expected “rules”: {“dice”: small-arms, machine-gun or "
                                  "artillery}"));
        }
    }
  for (guint i = 0; i < types->len; i++)
    {
      const AdjUnitType *t = g_ptr_array_index (types, i);
      const char *effect = adj_unit_type_rule_string (t, "hit_effect");
      gboolean commander = g_str_equal (t->category, "commander");
      g_autofree char *where = adj_json_path_index ("$.unit_types", i);

      if (effect == NULL || !(g_str_equal (effect, "figure") || g_str_equal (effect, "whole") ||
                              g_str_equal (effect, "commander")) ||
          commander != g_str_equal (effect, "commander"))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected “rules”: {“hit_effect”: figure, whole or commander} "
                                "(commander for the commander category only)"));
      if (t->figures > MAX_FIGURES)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("a unit has at most %d figures"), MAX_FIGURES);
    }

  /* The example armies must load. */
  templates = adj_army_templates (rs, error);
  return templates != NULL;
}

static gboolean
rn_check_army (AdjRuleset     *rs,
               AdjArmy        *army,
               AdjArmyReport  *report,
               GError        **error)
{
  int units = 0, commanders = 0, figures = 0;

  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);
      const AdjUnitType *type = adj_ruleset_find_unit_type (rs, u->type);

      if (is_commander (type))
        commanders += u->count;
      else
        units += u->count;
      figures += u->count * (u->figures >= 0 ? u->figures : type->figures);
    }
  json_object_object_add (report->values, "commanders", adj_json_shared_int (commanders));
  json_object_object_add (report->values, "figures", adj_json_shared_int (figures));
  adj_army_report_add (report, "commander", _("Commander"), commanders >= 1,
                       ngettext ("%d commander; each player has one on the table",
                                 "%d commanders; each player has one on the table", commanders),
                       commanders);
  adj_army_report_add (report, "units", _("Units"), units >= 1,
                       ngettext ("%d unit besides the commanders",
                                 "%d units besides the commanders", units), units);
  return TRUE;
}

static const AdjMechanic *const rn_mechanics[] = {
  &rn_deal,
  &rn_commander_joins,
  &rn_movement,
  &rn_rough_ground,
  &rn_fire,
  &rn_hits,
  &rn_assault,
  &rn_cohesion,
  &rn_collect,
};

static const char *const rn_keys[] = {
  "fire", "cover", "commander_hit", "cohesion", "activation", "templates", NULL
};

const AdjSystem adj_rn_system = {
  .id = "rn",
  .mechanics = rn_mechanics,
  .n_mechanics = G_N_ELEMENTS (rn_mechanics),
  .ruleset_keys = rn_keys,
  .check_ruleset = rn_check_ruleset,
  .check_army = rn_check_army,
};

/* ------------------------------------------------------------------------------------------ */
/* The activation order, for the turn view                                                     */

typedef struct {
  const char *unit;
  int         order;   /* card_order of its card */
  guint       dealt;   /* place in the last deal's order, for equal cards */
} Acting;

static int
compare_acting (gconstpointer a,
                gconstpointer b)
{
  const Acting *x = a, *y = b;

  if (x->order != y->order)
    return x->order - y->order;
  return (int) x->dealt - (int) y->dealt;
}

GPtrArray *
adj_rn_activation_order (AdjBattle *battle)
{
  AdjJournal *journal;
  GListModel *units;
  SuitOrder suits;
  g_autoptr(GHashTable) places = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) acting = g_array_new (FALSE, FALSE, sizeof (Acting));
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), ids);

  suit_order (adj_battle_get_ruleset (battle), &suits);
  journal = adj_battle_get_journal (battle);
  /* Equal cards keep the order the last deal in effect gave them (its roll-offs). */
  for (guint i = journal->position; i > 0; i--)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i - 1);
      json_object *values = NULL, *order = NULL;

      if (g_strcmp0 (entry->mechanic, "rn/deal") != 0)
        continue;
      if (entry->outcome != NULL && json_object_object_get_ex (entry->outcome, "values", &values)
          && json_object_object_get_ex (values, "order", &order))
        for (gsize k = 0; k < json_object_array_length (order); k++)
          {
            json_object *unit = NULL;

            json_object_object_get_ex (json_object_array_get_idx (order, k), "unit", &unit);
            if (json_object_is_type (unit, json_type_string))
              g_hash_table_insert (places, (gpointer) json_object_get_string (unit),
                                   GUINT_TO_POINTER (k + 1));
          }
      break;
    }

  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      AdjCard card;
      Acting a;

      if (adj_unit_get_destroyed (unit) || adj_unit_get_card (unit) == NULL ||
          !adj_card_parse (adj_unit_get_card (unit), &card))
        continue;
      a.unit = adj_unit_get_id (unit);
      a.order = card_order (&suits, card);
      a.dealt = GPOINTER_TO_UINT (g_hash_table_lookup (places, a.unit));
      if (a.dealt == 0)
        a.dealt = G_MAXUINT / 2 + i;   /* not in the deal (a joined commander): after it */
      g_array_append_val (acting, a);
    }
  g_array_sort (acting, compare_acting);
  for (guint i = 0; i < acting->len; i++)
    g_ptr_array_add (ids, g_strdup (g_array_index (acting, Acting, i).unit));
  return ids;
}
