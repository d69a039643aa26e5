/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-deal.c: Redcoats & Natives — the deal (rn/deal), a commander joining a unit in his hex
 * (rn/commander-joins) and every card back into the pack at the end of the turn (rn/collect). */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <math.h>

#include "adj-rn-private.h"

/* ------------------------------------------------------------------------------------------ */
/* The deal: a card to every unit and commander; the lowest acts first                        */

typedef struct {
  AdjUnit    *unit;     /* the unit, which the battle keeps while the deal runs; NULL without one */
  char       *name;     /* the unit's name, or one made up without a battle */
  AdjCard     card;
  int         order;    /* rn_card_order() of the card, worked out once */
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
  guint deck = (guint) adj_rules_int (rs, "activation", "deck_size");
  guint max_decks = (guint) adj_rules_int (rs, "activation", "max_decks");
  int sides = adj_rules_int (rs, "activation", "rolloff_die");
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
    return adj_rules_fail (error, ADJ_ERROR_NEED_DICE, _("The pack cannot be shuffled here: enter "
                                                         "the cards dealt at the table"));
  adj_outcome_add_note (outcome, ngettext ("Every card is gathered into %u pack of %u cards and "
                                           "shuffled.",
                                           "Every card is gathered into %u packs of %u cards and "
                                           "shuffled.", n_decks), n_decks, deck);

  rn_suit_order (rs, &suits);
  for (guint i = 0; i < n; i++)
    {
      Recipient *r = g_ptr_array_index (people, i);

      /* The card is labelled with whom it went to, so the journal reads "Spearmen 2 2♥". */
      if (!adj_random_deal (random, "deal", r->name, &r->card, error))
        return FALSE;
      r->order = rn_card_order (&suits, r->card);
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
      json_object_object_add (item, "unit", r->unit != NULL ? adj_unit_id_to_json (r->unit) : NULL);
      json_object_object_add (item, "name", r->unit != NULL ? adj_unit_name_to_json (r->unit)
                                                            : json_object_new_string (r->name));
      json_object_object_add (item, "card", adj_card_to_json (r->card));
      if (n_rolls (r) > 0)
        {
          json_object *rolls = json_object_new_array_ext ((int) r->rolls->len);

          for (guint k = 0; k < r->rolls->len; k++)
            json_object_array_add (rolls, json_object_new_int64 (g_array_index (r->rolls, int, k)));
          json_object_object_add (item, "rolloff", rolls);
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
  guint deck = (guint) adj_rules_int (ctx->ruleset, "activation", "deck_size");

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
  json_object *order = json_object_object_get (outcome->values, "order");
  GListModel *units;

  if (ctx->battle == NULL)
    return TRUE;
  for (gsize i = 0; i < json_object_array_length (order); i++)
    {
      json_object *item = json_object_array_get_idx (order, i);
      json_object *unit = json_object_object_get (item, "unit");
      json_object *card = json_object_object_get (item, "card");

      if (unit != NULL)
        g_hash_table_insert (cards, (gpointer) json_object_get_string (unit), card);
    }

  /* Every unit dealt holds its new card; every other unit holds none. */
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      json_object *card = g_hash_table_lookup (cards, adj_unit_get_id (unit));

      if (!adj_rules_set_unit (ctx, changes, adj_unit_get_id (unit), "card", card, error))
        return FALSE;
    }
  return TRUE;
}

guint
rn_yet_to_act (AdjBattle *battle,
               GString   *names)
{
  guint n = 0;

  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);

      if (adj_unit_get_destroyed (unit) || adj_unit_get_card (unit) == NULL ||
          rn_is_commander (adj_battle_unit_type (battle, unit)) ||
          adj_unit_get_status_bool (unit, "moved") || adj_unit_get_status_bool (unit, "acted"))
        continue;
      g_string_append_printf (names, "%s%s", n > 0 ? ", " : "", adj_unit_get_name (unit));
      n++;
    }
  return n;
}

/* A new deal waits until every unit dealt a card this turn has moved or fought on it.
 * Commanders are left out: they act with the unit they join. */
static gboolean
deal_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = rn_yet_to_act (ctx->battle, names);

  if (n == 0)
    return TRUE;
  return adj_not_allowed (error, ngettext ("The cards cannot be dealt again yet: %s holds a card "
                                           "and has yet to act",
                                           "The cards cannot be dealt again yet: %s hold cards "
                                           "and have yet to act", n), names->str);
}

const AdjMechanic rn_deal = {
  .id = "rn/deal",
  .title = N_("Deal the cards"),
  .summary = N_("At the start of a turn every unit and commander on the table gets a card from a "
                "fresh shuffle; the lowest card acts first."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_INPUTS (deal_inputs),
  MECHANIC_OUTCOMES (deal_outcomes),
  .random_note = N_("Ace is low and King high; at equal rank hearts come before clubs, then "
                    "diamonds, then spades.  With more than one pack, units holding the same card "
                    "each roll a D6 and the highest acts first; those level roll again.  Entered "
                    "cards are dealt in the battle’s order of units; entered dice are read group "
                    "by group in card order."),
  .draws = deal_draws,
  .prefill = deal_prefill,
  .legal = deal_legal,
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
  return rn_prefill_card (ctx, in, "commander", "commander_card", error) &&
         rn_prefill_card (ctx, in, "unit", "unit_card", error);
}

/* A commander joins a unit of his own side that is still in the battle. */
static gboolean
joins_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  AdjUnit *commander, *unit;

  if (!adj_rules_legal_unit (ctx, in, "commander", TRUE, &commander, error))
    return FALSE;
  /* Not a matter for a ruling: only a commander can join a unit at all. */
  if (!rn_is_commander (adj_battle_unit_type (ctx->battle, commander)))
    return adj_rules_fail (error, ADJ_ERROR_INVALID, _("%s is not a commander"),
                           adj_unit_get_name (commander));
  if (!adj_rules_legal_unit (ctx, in, "unit", TRUE, &unit, error))
    return FALSE;
  if (commander != unit &&
      g_strcmp0 (adj_unit_get_side (commander), adj_unit_get_side (unit)) != 0)
    return adj_not_allowed (error, _("%s cannot join %s: a commander acts with a unit of his own "
                                     "side"), adj_unit_get_name (commander),
                            adj_unit_get_name (unit));
  return TRUE;
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
  if (commander != NULL && !rn_is_commander (adj_battle_unit_type (ctx->battle, commander)))
    return adj_not_allowed (error, _("%s is not a commander"), adj_unit_get_name (commander));
  if (unit != NULL && commander == unit)
    return adj_not_allowed (error, _("A commander cannot join himself"));
  if (!rn_input_card (in, "commander_card", &cc) || !rn_input_card (in, "unit_card", &uc))
    return adj_not_allowed (error, _("Both need a card: deal the cards first"));

  /* Identical cards (two packs) are one card for both; the commander's copy goes. */
  rn_suit_order (ctx->ruleset, &suits);
  commander_lower = rn_card_order (&suits, cc) < rn_card_order (&suits, uc);
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
  json_object *card = json_object_object_get (outcome->values, "card");

  return adj_rules_set_unit (ctx, changes, adj_inputs_get_string (in, "commander"), "card", card,
                             error) &&
         adj_rules_set_unit (ctx, changes, adj_inputs_get_string (in, "unit"), "card", card, error);
}

const AdjMechanic rn_commander_joins = {
  .id = "rn/commander-joins",
  .title = N_("Commander with a unit"),
  .summary = N_("A commander sharing a hex with a unit: the higher of their two cards is thrown "
                "away and they act together on the lower."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (joins_inputs),
  MECHANIC_OUTCOMES (joins_outcomes),
  .prefill = joins_prefill,
  .legal = joins_legal,
  .resolve = joins_resolve,
  .apply = joins_apply,
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

      if (!adj_rules_set_unit (ctx, changes, adj_unit_get_id (unit), "card", NULL, error))
        return FALSE;
    }
  return TRUE;
}

const AdjMechanic rn_collect = {
  .id = "rn/collect",
  .title = N_("Gather the cards"),
  .summary = N_("When every unit has acted and rallied, all the cards go back into the pack for "
                "the next turn."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_OUTCOMES (collect_outcomes),
  .resolve = collect_resolve,
  .apply = collect_apply,
};
