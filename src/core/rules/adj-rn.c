/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn.c: Redcoats & Natives — the system, the choices and reading of rn.json that every
 * mechanic shares, and hits on a unit.
 *
 * The numbers (unit sizes, moves, ranges, dice per figure, the cohesion table, what a card means
 * for cover or for a hit commander, the suit order) live in data/rulesets/rn.json; these files
 * decide when each applies.  Every card is dealt or turned from the battle's pack, and every
 * card's odds are counted from what is left of that pack (see adj-rn-odds.c).
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

#include "adj-rn-private.h"
#include "adj-turn-state.h"

/* ------------------------------------------------------------------------------------------ */
/* choices that several mechanics offer or declare                                             */

/* A card as an input: its canonical text ("10H") as the id. */
#define SUIT_CARDS(l, s) \
  { "A" l, "A" s }, { "2" l, "2" s }, { "3" l, "3" s }, { "4" l, "4" s }, { "5" l, "5" s }, \
  { "6" l, "6" s }, { "7" l, "7" s }, { "8" l, "8" s }, { "9" l, "9" s }, { "10" l, "10" s }, \
  { "J" l, "J" s }, { "Q" l, "Q" s }, { "K" l, "K" s }

const AdjChoice rn_card_choices[] = {
  { "none", N_("No card yet") },
  SUIT_CARDS ("H", "♥"), SUIT_CARDS ("C", "♣"), SUIT_CARDS ("D", "♦"), SUIT_CARDS ("S", "♠"),
};

const char *const rn_suit_ids[] = { "hearts", "clubs", "diamonds", "spades" };

const char *const rn_commander_results[] = { "unhurt", "wounded", "killed" };

/* The effect of hits on one unit, as fire, hits and close assault declare it. */
const AdjChoice rn_effect_outcomes[] = {
  { "no-effect", N_("No effect") },
  { "disrupted", N_("Disrupted") },
  { "figures-lost", N_("Figures lost") },
  { "wounded", N_("Commander wounded") },
  { "killed", N_("Commander killed") },
  { "destroyed", N_("Destroyed") },
};

/* ------------------------------------------------------------------------------------------ */
/* the ruleset's own numbers (check_ruleset verified every one of them)                        */

const char *
rn_string (AdjRuleset *rs,
           const char *section,
           const char *key)
{
  return json_object_get_string (adj_rules_json (rs, section, key));
}

void
rn_suit_order (AdjRuleset *rs,
               SuitOrder  *order)
{
  json_object *ids = adj_rules_json (rs, "activation", "suit_order");

  for (guint suit = 0; suit < G_N_ELEMENTS (order->of); suit++)
    {
      order->of[suit] = 0;
      for (gsize i = 0; i < json_object_array_length (ids); i++)
        if (g_str_equal (json_object_get_string (json_object_array_get_idx (ids, i)),
                         rn_suit_ids[suit]))
          order->of[suit] = (int) i;
    }
}

/* Lower acts first: Ace (1) low to King (13), then the suit order. */
int
rn_card_order (const SuitOrder *order,
               AdjCard          card)
{
  return (adj_card_rank (card) - 1) * 4 + order->of[adj_card_suit (card)];
}

gboolean
rn_colour_is (AdjCard     card,
              const char *colour)
{
  return adj_card_is_red (card) == g_str_equal (colour, "red");
}

/* A hit on a unit in cover: does this card let it count? */
gboolean
rn_cover_counts (AdjRuleset *rs,
                 AdjCard     card)
{
  return rn_colour_is (card, rn_string (rs, "cover", "counts"));
}

CommanderResult
rn_commander_result (AdjRuleset *rs,
                     AdjCard     card)
{
  json_object *rules = adj_rules_json (rs, "commander_hit", NULL);
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
        match |= rn_colour_is (card, json_object_get_string (colour));
      if (!match)
        continue;
      for (guint r = 0; r < G_N_ELEMENTS (rn_commander_results); r++)
        if (g_str_equal (json_object_get_string (result), rn_commander_results[r]))
          return (CommanderResult) r;
    }
  g_return_val_if_reached (COMMANDER_UNHURT);
}

gboolean
rn_cohesion_regains (AdjRuleset *rs,
                     AdjSuit     suit,
                     const char *rating)
{
  json_object *table = adj_rules_json (rs, "cohesion", "table");
  json_object *row = json_object_object_get (table, rn_suit_ids[suit]);

  return json_object_get_boolean (json_object_object_get (row, rating));
}

HitEffect
rn_type_hit_effect (const AdjUnitType *type)
{
  const char *effect = adj_unit_type_rule_string (type, "hit_effect");

  if (g_strcmp0 (effect, "whole") == 0)
    return HIT_WHOLE;
  if (g_strcmp0 (effect, "commander") == 0)
    return HIT_COMMANDER;
  return HIT_FIGURE;
}

gboolean
rn_is_commander (const AdjUnitType *type)
{
  return rn_type_hit_effect (type) == HIT_COMMANDER;
}

/* The dice class of a weapon: "small-arms", "machine-gun" or "artillery". */
json_object *
rn_dice_entry (AdjRuleset *rs,
               const char *dice_class)
{
  return json_object_object_get (adj_rules_json (rs, "fire", "dice"), dice_class);
}

/* Dice for @figures of a class: whole dice per figure, halves rounded down. */
int
rn_class_dice (AdjRuleset *rs,
               const char *dice_class,
               int         figures,
               gboolean    reduced,
               int        *per_die,
               int        *per_figures)
{
  json_object *rate = json_object_object_get (rn_dice_entry (rs, dice_class),
                                              reduced ? "reduced" : "full");
  json_object *dice = json_object_object_get (rate, "dice");
  json_object *per = json_object_object_get (rate, "per_figures");

  if (per_die != NULL)
    *per_die = json_object_get_int (dice);
  if (per_figures != NULL)
    *per_figures = json_object_get_int (per);
  return figures * json_object_get_int (dice) / json_object_get_int (per);
}

gboolean
rn_class_hits_whole_hex (AdjRuleset *rs,
                         const char *dice_class)
{
  json_object *entry = rn_dice_entry (rs, dice_class);

  return json_object_get_boolean (json_object_object_get (entry, "hits_whole_hex"));
}

const char *
rn_class_label (AdjRuleset *rs,
                const char *dice_class)
{
  json_object *entry = rn_dice_entry (rs, dice_class);

  return adj_gettext (json_object_get_string (json_object_object_get (entry, "label")));
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

/* A card input: NULL for "none". */
gboolean
rn_input_card (AdjInputs  *in,
               const char *name,
               AdjCard    *card)
{
  const char *text = adj_inputs_get_string (in, name);

  return text != NULL && !g_str_equal (text, "none") && adj_card_parse (text, card);
}

gboolean
rn_legal_in_order (AdjBattle  *battle,
                   AdjUnit    *unit,
                   GError    **error)
{
  g_autoptr(GPtrArray) order = NULL;
  const char *card = adj_unit_get_card (unit);

  if (card == NULL)
    return TRUE;
  order = adj_rn_activation_order (battle);
  for (guint i = 0; i < order->len; i++)
    {
      AdjUnit *before = adj_battle_find_unit (battle, g_ptr_array_index (order, i));
      AdjCard up;

      /* A commander sharing a unit's hex acts with it, on the same card. */
      if (before == unit || g_strcmp0 (adj_unit_get_card (before), card) == 0)
        return TRUE;
      if (adj_unit_get_status_bool (before, "acted") || !adj_card_parse (adj_unit_get_card (before),
                                                                         &up))
        continue;
      /* TRANSLATORS: the units act in the order of their cards, e.g. "Lancers cannot act yet:
       * Spearmen 6 acts first, on 3♥, until it is marked done" */
      return adj_not_allowed (error, _("%s cannot act yet: %s acts first, on %s, until it is "
                                       "marked done"),
                              adj_unit_get_name (unit), adj_unit_get_name (before),
                              adj_card_short_name (up));
    }
  return TRUE;
}

gboolean
adj_rn_mark_done (AdjBattle   *battle,
                  const char  *unit_id,
                  GError     **error)
{
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *target = NULL;
  g_autofree char *summary = NULL;
  AdjUnit *unit;
  AdjCard card;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (unit_id != NULL, FALSE);

  if (adj_ruleset_get_system (adj_battle_get_ruleset (battle)) != &adj_rn_system)
    return adj_rules_fail (error, ADJ_ERROR_UNSUPPORTED,
                           _("This is a battle of “%s”: acting on cards in turn belongs to "
                             "Redcoats & Natives"),
                           adj_ruleset_get_name (adj_battle_get_ruleset (battle)));
  unit = adj_battle_find_unit (battle, unit_id);
  if (unit == NULL)
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("The battle has no unit “%s”"), unit_id);
  if (adj_unit_get_card (unit) == NULL)
    return adj_not_allowed (error, _("%s holds no card: deal the cards first"),
                            adj_unit_get_name (unit));
  if (adj_unit_get_status_bool (unit, "acted"))
    return adj_not_allowed (error, _("%s has already acted this turn"), adj_unit_get_name (unit));
  /* TRANSLATORS: the journal's line when a unit has finished on its card, e.g. "Lancers is
   * done on 7♥" */
  summary = adj_card_parse (adj_unit_get_card (unit), &card)
    ? g_strdup_printf (_("%s is done on %s"), adj_unit_get_name (unit), adj_card_short_name (card))
    : g_strdup_printf (_("%s is done"), adj_unit_get_name (unit));
  entry = adj_entry_new ("units", NULL, summary);
  target = g_strconcat ("unit:", unit_id, NULL);
  if (!adj_battle_change_field (battle, entry->changes, target, "status.acted", yes, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
rn_legal_to_act (AdjBattle  *battle,
                 AdjUnit    *unit,
                 GError    **error)
{
  if (adj_unit_get_status_bool (unit, "acted"))
    return adj_not_allowed (error, _("%s has already fought this turn"), adj_unit_get_name (unit));
  return rn_legal_in_order (battle, unit, error);
}

/* Pre-fill a card input from the card dealt to a unit, in its canonical spelling. */
gboolean
rn_prefill_card (const AdjContext  *ctx,
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
  json_object_object_add (outcome->values, key, json_object_new_boolean (value));
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

/* The target's state in 16 bits, for the card walk. */
gint16
rn_target_pack (const Target *t)
{
  return (gint16) ((t->figures << 3) | (t->disrupted ? 1 : 0) | (t->wounded ? 2 : 0) |
                   (t->gone ? 4 : 0));
}

void
rn_target_unpack (Target *t,
                  gint16  packed)
{
  t->disrupted = (packed & 1) != 0;
  t->wounded = (packed & 2) != 0;
  t->gone = (packed & 4) != 0;
  t->figures = packed >> 3;
}

void
rn_target_init (Target            *t,
                const AdjUnitType *type,
                int                figures,
                gboolean           disrupted,
                gboolean           wounded)
{
  t->effect = rn_type_hit_effect (type);
  t->figures = figures;
  t->disrupted = disrupted;
  t->wounded = wounded && t->effect == HIT_COMMANDER;
  /* A unit of figures with none left is already off the table. */
  t->gone = t->effect == HIT_FIGURE && figures <= 0;
}

/* A hit that needs a card: a further hit on a disrupted commander. */
gboolean
rn_hit_needs_card (const Target *t)
{
  return !t->gone && t->disrupted && t->effect == HIT_COMMANDER;
}

/* One hit, applied; @card_result is only read when rn_hit_needs_card(). */
void
rn_hit_apply (Target          *t,
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
int
rn_target_effect (const Target *before,
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
gboolean
rn_resolve_hits (const AdjContext  *ctx,
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
      if (rn_hit_needs_card (t))
        {
          AdjCard card;
          CommanderResult r;
          const char *shown = NULL;

          if (!adj_random_card (random, card_group, N_("Card for a hit on a disrupted commander"),
                                &card, error))
            return FALSE;
          r = rn_commander_result (ctx->ruleset, card);
          shown = adj_card_short_name (card);
          rn_hit_apply (t, r);
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
          rn_hit_apply (t, COMMANDER_UNHURT);
          line = g_strdup_printf (_("Hit %d: %s is disrupted"), i, name);
        }
      else
        {
          rn_hit_apply (t, COMMANDER_UNHURT);
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
void
rn_target_values (AdjOutcome   *outcome,
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
    adj_outcome_set_value_string (outcome, key,
                                  rn_effect_outcomes[rn_target_effect (before, after)].id);
  }
}

/* Write a target's new state into the battle. */
gboolean
rn_apply_target (const AdjContext  *ctx,
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
  if (!adj_rules_set_unit_bool (ctx, changes, unit_id, "status.disrupted",
                                value_bool (outcome, prefix, "disrupted"), error) ||
      !adj_rules_set_unit_bool (ctx, changes, unit_id, "status.wounded",
                                value_bool (outcome, prefix, "wounded"), error))
    return FALSE;
  if (rn_type_hit_effect (adj_battle_unit_type (ctx->battle, unit)) == HIT_FIGURE &&
      !adj_rules_set_unit_int (ctx, changes, unit_id, "figures",
                               value_int (outcome, prefix, "figures"), error))
    return FALSE;
  if (value_bool (outcome, prefix, "destroyed") &&
      !adj_rules_set_unit_bool (ctx, changes, unit_id, "destroyed", TRUE, error))
    return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* The system                                                                                  */

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

static void rn_turn_state (AdjBattle *battle,
                           GPtrArray *facts);

const AdjSystem adj_rn_system = {
  .id = "rn",
  .uses_cards = TRUE,
  .mechanics = rn_mechanics,
  .n_mechanics = G_N_ELEMENTS (rn_mechanics),
  .ruleset_keys = rn_keys,
  .check_ruleset = rn_check_ruleset,
  .check_army = rn_check_army,
  .turn_state = rn_turn_state,
};

/* ------------------------------------------------------------------------------------------ */
/* The activation order, for the turn view                                                     */

typedef struct {
  const char *unit;
  int         order;   /* rn_card_order of its card */
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

  rn_suit_order (adj_battle_get_ruleset (battle), &suits);
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
      a.order = rn_card_order (&suits, card);
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

/* ------------------------------------------------------------------------------------------ */
/* The turn's facts                                                                            */

static void
append_name (GString    *list,
             const char *name)
{
  g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "", name);
}

static void
rn_turn_state (AdjBattle *battle,
               GPtrArray *facts)
{
  g_autoptr(GPtrArray) order = adj_rn_activation_order (battle);
  g_autoptr(GString) sequence = g_string_new (NULL);
  g_autoptr(GString) waiting = g_string_new (NULL);
  g_autoptr(GString) tried = g_string_new (NULL);
  AdjPack *pack = adj_battle_get_pack (battle);
  AdjUnit *now = NULL;
  guint acted = 0, disrupted = 0;

  for (guint i = 0; i < order->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, g_ptr_array_index (order, i));
      const char *name = adj_unit_get_name (unit);
      AdjCard card;
      g_autofree char *item = NULL;

      adj_card_parse (adj_unit_get_card (unit), &card);
      if (adj_unit_get_status_bool (unit, "acted"))
        {
          /* TRANSLATORS: a unit in the order of activation, e.g. "7♥ Lancers (acted)" */
          item = g_strdup_printf (_("%s %s (acted)"), adj_card_short_name (card), name);
          acted++;
        }
      else
        {
          if (adj_unit_get_status_bool (unit, "moved"))
            /* TRANSLATORS: e.g. "9♣ Impi 2 (moved)": it has moved, and is still to fight */
            item = g_strdup_printf (_("%s %s (moved)"), adj_card_short_name (card), name);
          else
            item = g_strdup_printf ("%s %s", adj_card_short_name (card), name);
          if (now == NULL)
            now = unit;
          append_name (waiting, name);
        }
      append_name (sequence, item);
    }

  if (order->len == 0)
    adj_turn_facts_add (facts, "acting", _("Acting now"), "%s",
                        _("No cards are dealt: deal them to begin the turn"));
  else if (now == NULL)
    adj_turn_facts_add (facts, "acting", _("Acting now"), "%s", _("Every unit has acted"));
  else
    {
      AdjCard card;

      adj_card_parse (adj_unit_get_card (now), &card);
      /* TRANSLATORS: the unit whose card is up, e.g. "Lancers, on 7♥: move, then fight" */
      adj_turn_facts_add (facts, "acting", _("Acting now"), _("%s, on %s: move, then fight"),
                          adj_unit_get_name (now), adj_card_short_name (card));
    }
  if (order->len > 0)
    {
      adj_turn_facts_add (facts, "order", _("Order of activation"), "%s", sequence->str);
      adj_turn_facts_add (facts, "acted", _("Have acted"), _("%u of %u"), acted, order->len);
      if (waiting->len > 0)
        adj_turn_facts_add (facts, "to-act", _("Still to act"), "%s", waiting->str);
    }

  /* The end of the turn: who is disrupted, and who has tried to rally already. */
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);

      if (adj_unit_get_destroyed (unit))
        continue;
      if (rn_tried_cohesion (battle, adj_unit_get_id (unit)))
        append_name (tried, adj_unit_get_name (unit));
      disrupted += adj_unit_get_status_bool (unit, "disrupted") ? 1 : 0;
    }
  if (disrupted > 0 || tried->len > 0)
    adj_turn_facts_add (facts, "cohesion-tried", _("Tried to rally this turn"), "%s",
                        tried->len > 0 ? tried->str : _("Nobody yet"));

  /* Cards turned for cover, hit commanders and rallies come from the rest of the pack. */
  if (pack != NULL)
    {
      guint turned = 0, left = 0;

      adj_pack_turned (pack, &turned);
      adj_pack_draw_pile (pack, &left);
      adj_turn_facts_add (facts, "effect-cards", _("Cards turned for effects"),
                          ngettext ("%u; %u card left in the pack",
                                    "%u; %u cards left in the pack", left), turned, left);
    }
}
