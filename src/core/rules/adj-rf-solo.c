/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-solo.c: Risk Factor — the solo step: the orders of the enemy Adjutant moves, rolled,
 * explained and applied (AdjRfSolo). */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-entry-odds.h"
#include "adj-rf-private.h"
#include "adj-turn-state.h"

/* ------------------------------------------------------------------------------------------ */
/* the solo step                                                                               */

typedef struct {
  char       *unit_id;
  GPtrArray  *unit_ids;     /* of char *: every group of the order */
  AdjInputs  *inputs;
  AdjOutcome *outcome;      /* once rolled */
} Order;

struct _AdjRfSolo {
  AdjBattle *battle;
  GPtrArray *orders;        /* of Order * */
};

static void
order_free (Order *o)
{
  g_free (o->unit_id);
  g_ptr_array_unref (o->unit_ids);
  adj_inputs_free (o->inputs);
  adj_outcome_free (o->outcome);
  g_free (o);
}

void
adj_rf_solo_free (AdjRfSolo *solo)
{
  if (solo == NULL)
    return;
  g_ptr_array_unref (solo->orders);
  g_object_unref (solo->battle);
  g_free (solo);
}

gboolean
rf_side_is_solo (AdjBattle  *battle,
                 const char *side_id)
{
  AdjSide *side = adj_battle_find_side (battle, side_id);
  json_object *v = NULL;

  return side != NULL && json_object_object_get_ex (side->settings, "solo", &v) &&
         json_object_get_boolean (v);
}

gboolean
rf_check_battle (AdjBattle  *battle,
                 GError    **error)
{
  if (adj_ruleset_get_system (adj_battle_get_ruleset (battle)) == &adj_rf_system)
    return TRUE;
  return adj_rules_fail (error, ADJ_ERROR_UNSUPPORTED, _("This is a battle of “%s”: the solo enemy "
                                                         "and hidden markers belong to the Risk "
                                                         "Factor skirmish rules"),
                         adj_ruleset_get_name (adj_battle_get_ruleset (battle)));
}

AdjRfSolo *
adj_rf_solo_new (AdjBattle  *battle,
                 GError    **error)
{
  g_autoptr(AdjRfSolo) solo = NULL;
  g_autoptr(GHashTable) taken = NULL;
  GListModel *units;
  AdjRuleset *rs;
  gboolean any_solo = FALSE;
  AdjContext ctx;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (!rf_check_battle (battle, error))
    return NULL;
  rs = adj_battle_get_ruleset (battle);
  for (guint i = 0; i < adj_battle_get_sides (battle)->len; i++)
    {
      AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), i);

      if (rf_side_is_solo (battle, side->id))
        any_solo = TRUE;
    }
  if (!any_solo)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   _("No side of “%s” is run by Adjutant: turn on “Run by Adjutant (solo "
                     "enemy)” for the enemy's side"), adj_battle_get_name (battle));
      return NULL;
    }

  solo = g_new0 (AdjRfSolo, 1);
  solo->battle = g_object_ref (battle);
  solo->orders = g_ptr_array_new_with_free_func ((GDestroyNotify) order_free);
  taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  adj_battle_context (battle, &ctx);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = rf_unit_type_of (&ctx, unit);
      g_autoptr(GPtrArray) group = NULL;
      Order *o;

      if (type == NULL || !rf_is_group_category (type->category) ||
          !rf_side_is_solo (battle, adj_unit_get_side (unit)) || adj_unit_get_destroyed (unit) ||
          adj_unit_get_figures (unit) == 0 || adj_rf_unit_is_hidden (battle, unit) ||
          adj_unit_get_status_bool (unit, "commanded") ||
          g_hash_table_contains (taken, adj_unit_get_id (unit)))
        continue;

      o = g_new0 (Order, 1);
      g_ptr_array_add (solo->orders, o);
      o->unit_id = g_strdup (adj_unit_get_id (unit));
      o->unit_ids = g_ptr_array_new_with_free_func (g_free);
      o->inputs = adj_inputs_new (&rf_reaction, rs);
      group = rf_platoon_of (battle, unit, TRUE);
      for (guint g = 0; g < group->len; g++)
        {
          AdjUnit *u = g_ptr_array_index (group, g);

          g_ptr_array_add (o->unit_ids, g_strdup (adj_unit_get_id (u)));
          g_hash_table_add (taken, g_strdup (adj_unit_get_id (u)));
        }
      if (!adj_inputs_set_string (o->inputs, "group", o->unit_id, error) ||
          !adj_battle_prefill (battle, o->inputs, error))
        return NULL;
    }
  return g_steal_pointer (&solo);
}

static Order *
solo_order (AdjRfSolo *solo,
            guint      i)
{
  g_return_val_if_fail (solo != NULL && i < solo->orders->len, NULL);
  return g_ptr_array_index (solo->orders, i);
}

guint
adj_rf_solo_get_n_orders (AdjRfSolo *solo)
{
  g_return_val_if_fail (solo != NULL, 0);
  return solo->orders->len;
}

const char *
adj_rf_solo_get_unit_id (AdjRfSolo *solo,
                         guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->unit_id : NULL;
}

GPtrArray *
adj_rf_solo_get_unit_ids (AdjRfSolo *solo,
                          guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->unit_ids : NULL;
}

AdjInputs *
adj_rf_solo_get_inputs (AdjRfSolo *solo,
                        guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->inputs : NULL;
}

gboolean
adj_rf_solo_set_json (AdjRfSolo    *solo,
                      json_object  *json,
                      const char   *file,
                      GError      **error)
{
  g_return_val_if_fail (solo != NULL, FALSE);

  if (!adj_json_expect_object (json, file, "$", error))
    return FALSE;
  json_object_object_foreach (json, key, val)
    {
      Order *found = NULL;
      g_autofree char *where = g_strdup_printf ("%s: $.%s", file, key);

      for (guint i = 0; i < solo->orders->len && found == NULL; i++)
        {
          Order *o = g_ptr_array_index (solo->orders, i);
          for (guint k = 0; k < o->unit_ids->len; k++)
            if (g_str_equal (g_ptr_array_index (o->unit_ids, k), key))
              found = o;
        }
      if (found == NULL)
        {
          g_autofree char *path = adj_json_path_key ("$", key);
          return adj_json_fail (error, ADJ_ERROR_NOT_FOUND, file, path,
                                _("“%s” is not a group that reacts in this step"), key);
        }
      if (!adj_inputs_set_json (found->inputs, val, where, error))
        return FALSE;
    }
  return TRUE;
}

int
adj_rf_solo_get_rf (AdjRfSolo  *solo,
                    guint       i,
                    GArray    **parts)
{
  Order *o = solo_order (solo, i);
  GArray *list = parts != NULL ? g_array_new (FALSE, FALSE, sizeof (AdjRfPart)) : NULL;
  int rf;

  g_return_val_if_fail (o != NULL, 0);
  rf = rf_risk_parts (adj_battle_get_ruleset (solo->battle), o->inputs, list);
  if (parts != NULL)
    *parts = list;
  return rf;
}

AdjOdds *
adj_rf_solo_odds (AdjRfSolo  *solo,
                  guint       i,
                  GError    **error)
{
  Order *o = solo_order (solo, i);
  AdjContext ctx;

  g_return_val_if_fail (o != NULL, NULL);
  adj_battle_context (solo->battle, &ctx);
  return adj_mechanic_odds (&rf_reaction, &ctx, o->inputs, error);
}

/* The situational parts, with the input that sets each: a few words for a switch each. */
static const struct {
  const char *input;
  const char *part;
  const char *label;
} solo_switches[] = {
  { "no_enemy", "no-enemy", N_("No enemy in sight") },
  { "enemy_in_range", "enemy-in-range", N_("Enemy in range") },
  { "in_enemy_range", "raw-in-range", N_("Raw, and an enemy in reach") },
  { "flank_or_retreating", "flank-or-retreating", N_("Flanked, or friends falling back") },
  { "near_cavalry", "natives-near-cavalry", N_("Enemy horsemen within 50 cm") },
  { "losing_melee", "routing-or-losing", N_("Losing a melee") },
};

GArray *
adj_rf_solo_get_switches (AdjRfSolo *solo,
                          guint      i)
{
  Order *o = solo_order (solo, i);
  AdjRuleset *rs;
  GArray *out;

  g_return_val_if_fail (o != NULL, NULL);
  rs = adj_battle_get_ruleset (solo->battle);
  out = g_array_new (FALSE, FALSE, sizeof (AdjRfSwitch));
  for (guint k = 0; k < G_N_ELEMENTS (solo_switches); k++)
    {
      const char *input = solo_switches[k].input;
      AdjRfSwitch sw = { input, solo_switches[k].part, solo_switches[k].label,
                         rf_modifier_value (rs, "risk", solo_switches[k].part) };

      /* Parts that cannot count for this group, or count already from the battle. */
      if ((g_str_equal (input, "in_enemy_range") && !adj_inputs_get_bool (o->inputs, "raw")) ||
          (g_str_equal (input, "near_cavalry") && !adj_inputs_get_bool (o->inputs, "native")) ||
          (g_str_equal (input, "losing_melee") && adj_inputs_get_bool (o->inputs, "routing")))
        continue;
      g_array_append_val (out, sw);
    }
  return out;
}

const char *
adj_rf_solo_action_for_die (AdjRfSolo *solo,
                            guint      i,
                            int        die)
{
  Order *o = solo_order (solo, i);
  AdjRuleset *rs;

  g_return_val_if_fail (o != NULL, NULL);
  g_return_val_if_fail (die >= 1 && die <= 6, NULL);
  rs = adj_battle_get_ruleset (solo->battle);
  return rf_reaction_action (rs, adj_inputs_get_string (o->inputs, "arms"),
                             rf_risk_parts (rs, o->inputs, NULL),
                             rf_reaction_face (o->inputs, die));
}

const char *
adj_rf_action_meaning (AdjRuleset *rs,
                       const char *action)
{
  json_object *actions;

  g_return_val_if_fail (rs != NULL, NULL);

  if (action == NULL || adj_ruleset_get_system (rs) != &adj_rf_system)
    return NULL;
  actions = adj_rules_json (rs, "risk_factor", "actions");
  for (gsize k = 0; k < json_object_array_length (actions); k++)
    {
      json_object *a = json_object_array_get_idx (actions, k);

      if (g_strcmp0 (json_object_get_string (json_object_object_get (a, "id")), action) == 0)
        return json_object_get_string (json_object_object_get (a, "hint"));
    }
  return NULL;
}

gboolean
adj_rf_solo_roll (AdjRfSolo  *solo,
                  AdjRng     *rng,
                  const int  *dice,
                  guint       n_dice,
                  GError    **error)
{
  g_autoptr(GPtrArray) outcomes = NULL;
  AdjContext ctx;

  g_return_val_if_fail (solo != NULL, FALSE);

  if (n_dice > 0 && n_dice != solo->orders->len)
    return adj_rules_fail (error, ADJ_ERROR_INVALID, _("The groups that react need one D6 each, in "
                                                       "their order: %u, but %u were entered"),
                           solo->orders->len, n_dice);
  if (n_dice == 0 && rng == NULL && solo->orders->len > 0)
    return adj_rules_fail (error, ADJ_ERROR_NEED_DICE,
                           ngettext ("A die is needed: one D6 for the %u group",
                                     "Dice are needed: one D6 for each of the %u groups",
                                     solo->orders->len), solo->orders->len);
  adj_battle_context (solo->battle, &ctx);
  outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_outcome_free);
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      g_autoptr(AdjRandom) random = adj_random_new (n_dice > 0 ? NULL : rng, NULL);
      AdjOutcome *outcome = adj_outcome_new (&rf_reaction);

      g_ptr_array_add (outcomes, outcome);
      if (n_dice > 0)
        adj_random_enter_dice (random, &dice[i], 1);
      if (!adj_mechanic_resolve (&rf_reaction, &ctx, o->inputs, random, outcome, error))
        return FALSE;
    }
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);

      adj_outcome_free (o->outcome);
      o->outcome = g_ptr_array_steal_index (outcomes, 0);
    }
  return TRUE;
}

gboolean
adj_rf_solo_is_rolled (AdjRfSolo *solo)
{
  g_return_val_if_fail (solo != NULL, FALSE);
  return solo->orders->len > 0 && ((Order *) g_ptr_array_index (solo->orders, 0))->outcome != NULL;
}

AdjOutcome *
adj_rf_solo_get_outcome (AdjRfSolo *solo,
                         guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->outcome : NULL;
}

static const char *
order_name (AdjRfSolo *solo,
            Order     *o)
{
  AdjUnit *unit = adj_battle_find_unit (solo->battle, o->unit_id);
  return unit != NULL ? adj_unit_get_name (unit) : o->unit_id;
}

static char *
order_summary (AdjRfSolo *solo,
               Order     *o,
               gboolean   with_meaning)
{
  AdjRuleset *rs = adj_battle_get_ruleset (solo->battle);
  int rf = rf_risk_parts (rs, o->inputs, NULL);
  const char *name = order_name (solo, o);
  g_autofree char *rolled = NULL;
  g_autofree char *action = NULL;
  const char *key;
  int die, face;

  if (o->outcome == NULL)
    /* TRANSLATORS: an order before the roll, e.g. "Zulu impi 2 — RF 3" */
    return g_strdup_printf (_("%s — RF %d"), name, rf);
  key = o->outcome->key;
  die = adj_outcome_get_value_int (o->outcome, "die", 0);
  face = adj_outcome_get_value_int (o->outcome, "roll", 0);
  rolled = die == face ? g_strdup_printf (_("rolled %d"), die)
                       /* TRANSLATORS: a modified reaction die, e.g. "rolled 4, counts as 5" */
                       : g_strdup_printf (_("rolled %d, counts as %d"), die, face);
  action = g_utf8_strup (adj_gettext (adj_outcome_label (&rf_reaction, key)), -1);
  if (with_meaning)
    /* TRANSLATORS: an order of the solo enemy, e.g.
     * "Zulu impi 2 — RF 3 — rolled 5 — ATTACK: Close with the nearest enemy group ..." */
    return g_strdup_printf (_("%s — RF %d — %s — %s: %s"), name, rf, rolled, action,
                       adj_gettext (rf_action_meaning (rs, key)));
  return g_strdup_printf (_("%s — RF %d — %s — %s"), name, rf, rolled, action);
}

char *
adj_rf_solo_order_text (AdjRfSolo *solo,
                        guint      i)
{
  Order *o = solo_order (solo, i);

  g_return_val_if_fail (o != NULL, NULL);
  return order_summary (solo, o, TRUE);
}

json_object *
adj_rf_solo_to_json (AdjRfSolo *solo)
{
  json_object *obj = json_object_new_object ();
  json_object *orders = json_object_new_array ();
  AdjRuleset *rs;

  g_return_val_if_fail (solo != NULL, obj);
  rs = adj_battle_get_ruleset (solo->battle);
  json_object_object_add (obj, "battle",
                          json_object_new_string (adj_battle_get_name (solo->battle)));
  json_object_object_add (obj, "turn", json_object_new_int64 (adj_battle_get_turn (solo->battle)));
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      json_object *item = json_object_new_object ();
      json_object *units = json_object_new_array ();
      json_object *parts_json = json_object_new_array ();
      g_autoptr(GArray) parts = NULL;
      g_autoptr(AdjOdds) odds = adj_rf_solo_odds (solo, i, NULL);
      g_autofree char *text = order_summary (solo, o, TRUE);
      int rf = adj_rf_solo_get_rf (solo, i, &parts);

      for (guint k = 0; k < o->unit_ids->len; k++)
        json_object_array_add (units, json_object_new_string (g_ptr_array_index (o->unit_ids, k)));
      for (guint k = 0; k < parts->len; k++)
        {
          AdjRfPart *p = &g_array_index (parts, AdjRfPart, k);
          json_object *part = json_object_new_object ();

          json_object_object_add (part, "id", json_object_new_string (p->id));
          json_object_object_add (part, "label", json_object_new_string (adj_gettext (p->label)));
          json_object_object_add (part, "value", json_object_new_int64 (p->value));
          json_object_object_add (part, "computed", json_object_new_boolean (p->computed));
          json_object_array_add (parts_json, part);
        }
      json_object_object_add (item, "unit", json_object_new_string (o->unit_id));
      json_object_object_add (item, "name", json_object_new_string (order_name (solo, o)));
      json_object_object_add (item, "units", units);
      json_object_object_add (item, "rf", json_object_new_int64 (rf));
      json_object_object_add (item, "parts", parts_json);
      json_object_object_add (item, "table",
                              json_object_new_string (adj_inputs_get_string (o->inputs, "arms")));
      json_object_object_add (item, "inputs", adj_inputs_to_json (o->inputs));
      if (odds != NULL)
        json_object_object_add (item, "odds", adj_odds_to_json (odds));
      if (o->outcome != NULL)
        {
          const char *key = o->outcome->key;

          json_object_object_add (item, "die", json_object_new_int64 (
            adj_outcome_get_value_int (o->outcome, "die", 0)));
          json_object_object_add (item, "roll", json_object_new_int64 (
            adj_outcome_get_value_int (o->outcome, "roll", 0)));
          json_object_object_add (item, "action", json_object_new_string (key));
          json_object_object_add (item, "title", json_object_new_string (o->outcome->title));
          json_object_object_add (item, "meaning", json_object_new_string (
            adj_gettext (rf_action_meaning (rs, key))));
          json_object_object_add (item, "outcome", adj_outcome_to_json (o->outcome));
        }
      json_object_object_add (item, "text", json_object_new_string (text));
      json_object_array_add (orders, item);
    }
  json_object_object_add (obj, "orders", orders);
  return obj;
}

/* Whether the journal, as it stands, holds a reaction of a group of @side_id this turn. */
static gboolean
side_reacted_this_turn (AdjBattle  *battle,
                        const char *side_id)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      json_object *group = NULL;
      AdjUnit *unit;

      if (entry->turn != turn || g_strcmp0 (entry->mechanic, rf_reaction.id) != 0 ||
          !json_object_object_get_ex (entry->inputs, "group", &group))
        continue;
      unit = adj_battle_find_unit (battle, json_object_get_string (group));
      if (unit != NULL && g_strcmp0 (adj_unit_get_side (unit), side_id) == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
adj_rf_solo_check (AdjRfSolo  *solo,
                   GError    **error)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = 0;

  g_return_val_if_fail (solo != NULL, FALSE);

  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      AdjUnit *unit = adj_battle_find_unit (solo->battle, o->unit_id);
      const char *side_id = unit != NULL ? adj_unit_get_side (unit) : NULL;
      AdjSide *side;

      if (side_id == NULL || g_ptr_array_find_with_equal_func (sides, side_id, g_str_equal, NULL))
        continue;
      g_ptr_array_add (sides, (gpointer) side_id);
      if (!side_reacted_this_turn (solo->battle, side_id))
        continue;
      side = adj_battle_find_side (solo->battle, side_id);
      g_string_append_printf (names, "%s%s", n > 0 ? ", " : "",
                              side != NULL ? side->name : side_id);
      n++;
    }
  if (n == 0)
    return TRUE;
  return adj_not_allowed (error, ngettext ("%s has already reacted this turn: the enemy reacts "
                                           "once a turn",
                                           "%s have already reacted this turn: the enemy reacts "
                                           "once a turn", n), names->str);
}

gboolean
adj_rf_solo_apply (AdjRfSolo  *solo,
                   gboolean    allow,
                   GError    **error)
{
  g_autoptr(GError) forbidden = NULL;
  AdjContext ctx;

  g_return_val_if_fail (solo != NULL, FALSE);

  if (solo->orders->len > 0 && !adj_rf_solo_is_rolled (solo))
    return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                           _("Roll for the groups before their orders are applied"));
  if (!adj_rf_solo_check (solo, &forbidden) && !allow)
    {
      g_propagate_error (error, g_steal_pointer (&forbidden));
      return FALSE;
    }
  adj_battle_context (solo->battle, &ctx);
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      g_autofree char *summary = order_summary (solo, o, FALSE);
      g_autoptr(AdjEntry) entry = NULL;

      if (forbidden != NULL)
        {
          char *ruled;

          g_free (o->outcome->ruling);
          o->outcome->ruling = g_strdup (forbidden->message);
          /* TRANSLATORS: a journal line of an order the referee allowed, e.g. "Zulu impi 2 — RF 3
           * — rolled 5 — ATTACK · allowed by the referee: Zulu army has already reacted ..." */
          ruled = g_strdup_printf (_("%s · allowed by the referee: %s"), summary,
                                   forbidden->message);
          g_free (summary);
          summary = ruled;
        }
      entry = adj_entry_new ("mechanic", rf_reaction.id, summary);
      entry->inputs = adj_inputs_to_json (o->inputs);
      entry->outcome = adj_outcome_to_json (o->outcome);
      entry->odds = adj_entry_odds_new (solo->battle, o->inputs, o->outcome->key);
      if (!rf_reaction_apply (&ctx, o->inputs, o->outcome, entry->changes, error) ||
          !adj_battle_commit (solo->battle, g_steal_pointer (&entry), error))
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* the turn's facts                                                                            */

void
rf_turn_state (AdjBattle *battle,
               GPtrArray *facts)
{
  GPtrArray *sides = adj_battle_get_sides (battle);
  GListModel *units = adj_battle_get_units (battle);
  AdjContext ctx;

  /* The step of the turn is the battle's phase, named with the side that plays it ("British
   * patrol moves") wherever the turn is shown: the facts add what it does not say. */
  adj_battle_context (battle, &ctx);
  for (guint s = 0; s < sides->len; s++)
    {
      AdjSide *side = g_ptr_array_index (sides, s);
      guint groups = 0, commanded = 0;

      if (rf_side_is_solo (battle, side->id))
        {
          g_autofree char *id = g_strconcat ("reacted:", side->id, NULL);
          /* TRANSLATORS: a fact of the turn, e.g. "Zulu army reacted" — "Not yet this turn" */
          g_autofree char *label = g_strdup_printf (_("%s reacted"), side->name);

          adj_turn_facts_add (facts, id, label, "%s",
                              side_reacted_this_turn (battle, side->id) ? _("Yes, this turn")
                                                                        : _("Not yet this turn"));
          continue;
        }
      for (guint i = 0; i < g_list_model_get_n_items (units); i++)
        {
          g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
          const AdjUnitType *type = rf_unit_type_of (&ctx, unit);

          if (type == NULL || !rf_is_group_category (type->category) ||
              g_strcmp0 (adj_unit_get_side (unit), side->id) != 0 ||
              adj_unit_get_destroyed (unit) || adj_unit_get_figures (unit) == 0 ||
              adj_rf_unit_is_hidden (battle, unit))
            continue;
          groups++;
          commanded += adj_unit_get_status_bool (unit, "commanded") ? 1 : 0;
        }
      if (groups > 0)
        {
          g_autofree char *id = g_strconcat ("commanded:", side->id, NULL);
          /* TRANSLATORS: a fact of the turn, e.g. "Field Force under command" — "2 of 5 groups" */
          g_autofree char *label = g_strdup_printf (_("%s under command"), side->name);

          adj_turn_facts_add (facts, id, label,
                              ngettext ("%u of %u group", "%u of %u groups", groups),
                              commanded, groups);
        }
    }
}
