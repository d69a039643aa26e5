/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-summary.c: Redvers' Reverse — the summary for the dashboard and the command-line tool:
 * the step, the tracks, the brigades, drifts, cups and counters as a player may see them,
 * never a hidden value. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include "adj-i18n.h"
#include "adj-rr-private.h"

/* ------------------------------------------------------------------------------------------ */
/* the summary for the dashboard                                                               */

static const char *
field_choice_label (AdjRuleset *rs,
                    const char *field,
                    gboolean    battle_field,
                    const char *value)
{
  const AdjField *f = battle_field ? adj_ruleset_find_battle_field (rs, field)
                                   : adj_ruleset_find_status_field (rs, field);
  const AdjChoice *c = f != NULL ? adj_field_find_choice (f->choices, f->n_choices, value) : NULL;

  return c != NULL ? adj_gettext (c->label) : value;
}

static const char *const order_state_ids[] = {
  "none", "planned", "in-transit", "objective", "fail", "charge",
};

static const char *const drift_state_ids[] = { "hidden", "revealed", "found", "cleared" };

static json_object *
unit_summary (AdjBattle *battle,
              AdjUnit   *unit)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  json_object *o = json_object_new_object ();
  json_object *status = adj_unit_get_status (unit);
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  json_object *markers = json_object_new_array ();
  static const char *const copied[] = {
    "brigade", "group", "sp", "reduced_sp", "reduced", "losses", "morale", "mounted",
    "limbered", "hq_mode", "leader_marker", "replaced", "order_modifier", "boer_marker",
    "sp_counter", "sp_counter_value", "emplacement", NULL
  };

  json_object_object_add (o, "id", adj_unit_id_to_json (unit));
  json_object_object_add (o, "name", adj_unit_name_to_json (unit));
  json_object_object_add (o, "side", json_object_new_string (adj_unit_get_side (unit)));
  json_object_object_add (o, "type", json_object_new_string (adj_unit_get_type_id (unit)));
  json_object_object_add (o, "type_label",
                          json_object_new_string (type != NULL ? adj_gettext (type->label) : ""));
  json_object_object_add (o, "destroyed",
                          json_object_new_boolean (adj_unit_get_destroyed (unit)));
  for (guint i = 0; copied[i] != NULL; i++)
    {
      json_object *v = json_object_object_get (status, copied[i]);

      if (v != NULL)
        json_object_object_add (o, copied[i], adj_json_copy (v));
    }
  if (json_object_object_get_ex (status, "sp", NULL))
    json_object_object_add (o, "strength",
                            json_object_new_int64 (adj_rr_unit_strength (battle, unit)));
  if (json_object_object_get_ex (status, "morale", NULL))
    json_object_object_add (o, "morale_label",
                            json_object_new_string (field_choice_label (
                              rs, "morale", FALSE, adj_unit_get_status_string (unit, "morale"))));
  /* The markers on the counter, in words. */
  if (g_strcmp0 (adj_unit_get_status_string (unit, "leader_marker"), "panicked") == 0)
    json_object_array_add (markers, json_object_new_string (_("Panicked")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "leader_marker"), "standing-firm") == 0)
    json_object_array_add (markers, json_object_new_string (_("Standing Firm")));
  if (adj_unit_get_status_bool (unit, "replaced"))
    json_object_array_add (markers, json_object_new_string (_("Replacement")));
  if (adj_unit_get_status_bool (unit, "reduced"))
    json_object_array_add (markers, json_object_new_string (_("Reduced")));
  if (adj_unit_get_status_int (unit, "losses") > 0)
    {
      g_autofree char *number = g_strdup_printf (_("Number marker %d"),
                                            adj_unit_get_status_int (unit, "losses"));
      json_object_array_add (markers, json_object_new_string (number));
    }
  if (g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "released") == 0)
    json_object_array_add (markers, json_object_new_string (_("Released")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "return") == 0)
    json_object_array_add (markers, json_object_new_string (_("Return")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "no-fire") == 0)
    json_object_array_add (markers, json_object_new_string (_("No Fire")));
  json_object_object_add (o, "markers", markers);
  return o;
}

json_object *
adj_rr_summary (AdjBattle *battle)
{
  AdjRuleset *rs;
  json_object *o, *arr;
  AdjRrTracks t;
  guint cur;
  json_object *step;
  g_autofree char *pending = NULL;
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  rs = adj_battle_get_ruleset (battle);
  o = json_object_new_object ();
  if (g_strcmp0 (adj_ruleset_get_id (rs), "rr") != 0)
    return o;
  adj_rr_get_tracks (battle, &t);
  cur = rr_current_step (battle);
  step = rr_step_json (rs, cur);

  json_object_object_add (o, "set_up", json_object_new_boolean (adj_rr_is_set_up (battle)));
  json_object_object_add (o, "turn", json_object_new_int64 (t.turn));
  json_object_object_add (o, "last_turn",
                          json_object_new_int64 (adj_rules_int (rs, "tracks", "last_turn")));
  json_object_object_add (o, "confidence", json_object_new_int64 (t.confidence));
  json_object_object_add (o, "shaken", json_object_new_int64 (t.shaken));
  json_object_object_add (o, "shaken_state", json_object_new_boolean (t.shaken > 0));
  json_object_object_add (o, "loss", json_object_new_int64 (t.loss));
  json_object_object_add (o, "loss_end",
                          json_object_new_int64 (adj_rules_int (rs, "tracks", "loss_end")));
  json_object_object_add (o, "cp", json_object_new_int64 (t.cp));
  json_object_object_add (o, "cp_spent", json_object_new_int64 (t.cp_spent));
  json_object_object_add (o, "phase",
                          adj_json_new_id_label (t.phase, rr_phase_label (rs, t.phase)));
  json_object_object_add (o, "segment",
                          adj_json_new_id_label (t.segment, rr_segment_label (rs, t.segment)));
  {
    json_object *s = adj_json_new_id_label (t.step, adj_gettext (rr_member_string (step, "label")));

    json_object_object_add (s, "hint",
                            json_object_new_string (adj_gettext (rr_member_string (step, "hint"))));
    json_object_object_add (s, "number", json_object_new_int64 (t.step_number));
    json_object_object_add (s, "of", json_object_new_int64 (t.n_steps));
    json_object_object_add (s, "automatic",
                            json_object_new_boolean ((rr_steps[cur].flags & STEP_AUTO) != 0));
    json_object_object_add (s, "done", json_object_new_boolean (t.step_done));
    pending = adj_rr_pending (battle);
    json_object_object_add (s, "pending", pending != NULL ? json_object_new_string (pending)
                                                          : NULL);
    json_object_object_add (o, "step", s);
  }
  json_object_object_add (o, "result",
                          adj_json_new_id_label (t.result, field_choice_label (rs, "result", TRUE,
                                                                               t.result)));
  json_object_object_add (o, "end_reason",
                          adj_json_new_id_label (t.end_reason,
                                                 field_choice_label (rs, "end_reason", TRUE,
                                                                     t.end_reason)));
  {
    json_object *v = json_object_new_object ();

    json_object_object_add (v, "hesitate",
                            json_object_new_boolean (rr_setting_bool (battle, "variant_hesitate")));
    json_object_object_add (v, "close-order",
                            json_object_new_boolean (rr_setting_bool (battle,
                                                                      "variant_close_order")));
    json_object_object_add (v, "no-hlangwane",
                            json_object_new_boolean (rr_setting_bool (battle,
                                                                      "variant_no_hlangwane")));
    json_object_object_add (o, "variants", v);
  }
  {
    json_object *r = json_object_new_object ();

    json_object_object_add (r, "boer_guns_misfire",
                            json_object_new_int64 (rr_setting_int (battle, "misfire_turn")));
    json_object_object_add (r, "british_ammo_shortage",
                            json_object_new_int64 (rr_setting_int (battle, "ammo_turn")));
    json_object_object_add (o, "reminders", r);
  }

  arr = json_object_new_array ();
  for (guint b = 0; rr_brigade_ids[b] != NULL; b++)
    {
      json_object *bo = adj_json_new_id_label (rr_brigade_ids[b],
                                               adj_rr_brigade_label (rs, rr_brigade_ids[b]));
      AdjUnit *leader = rr_brigade_unit (battle, rr_brigade_ids[b], "leader");
      json_object *ord = json_object_new_object ();
      AdjRrOrder order;
      g_autoptr(GError) local = NULL;
      int start = 0, now = 0;

      adj_rr_get_order (battle, rr_brigade_ids[b], &order);
      json_object_object_add (bo, "kind", json_object_new_string (
        rr_member_string (rr_oob_brigade (rs, rr_brigade_ids[b]), "kind")));
      json_object_object_add (bo, "leader", leader != NULL ? adj_unit_id_to_json (leader) : NULL);
      json_object_object_add (ord, "state", json_object_new_string (order_state_ids[order.state]));
      json_object_object_add (ord, "planned_area", order.planned_area != NULL
                                                     ? json_object_new_string (order.planned_area)
                                                     : NULL);
      json_object_object_add (ord, "objective_area",
                              order.objective_area != NULL
                                ? json_object_new_string (order.objective_area) : NULL);
      if (order.state == ADJ_RR_ORDER_IN_TRANSIT)
        {
          json_object_object_add (ord, "arrives", json_object_new_int64 (order.arrives));
          json_object_object_add (ord, "turns_to_arrive",
                                  json_object_new_int64 (order.turns_to_arrive));
        }
      json_object_object_add (ord, "ordered_this_turn",
                              json_object_new_boolean (order.ordered_this_turn));
      json_object_object_add (bo, "order", ord);
      if (adj_rr_brigade_strength (battle, rr_brigade_ids[b], &start, &now, &local))
        {
          json_object_object_add (bo, "strength_start", json_object_new_int64 (start));
          json_object_object_add (bo, "strength_now", json_object_new_int64 (now));
        }
      json_object_array_add (arr, bo);
    }
  json_object_object_add (o, "brigades", arr);

  arr = json_object_new_array ();
  for (guint d = 0; rr_drift_ids[d] != NULL; d++)
    {
      json_object *dobj = adj_json_new_id_label (rr_drift_ids[d],
                                                 adj_rr_drift_label (rs, rr_drift_ids[d]));
      int value = 0;
      AdjRrDriftState state = adj_rr_drift_state (battle, rr_drift_ids[d], &value);

      json_object_object_add (dobj, "state", json_object_new_string (drift_state_ids[state]));
      /* A value only once the marker has been turned over. */
      if ((state == ADJ_RR_DRIFT_REVEALED || state == ADJ_RR_DRIFT_FOUND) && value > 0)
        json_object_object_add (dobj, "value", json_object_new_int64 (value));
      json_object_array_add (arr, dobj);
    }
  json_object_object_add (o, "drifts", arr);

  arr = json_object_new_array ();
  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      static const char *const labels[] = {
        N_("British event chits"), N_("Boer event chits"), N_("Boer SP counters")
      };
      json_object *cobj = adj_json_new_id_label (rr_cup_key (c), adj_gettext (labels[c]));
      g_autoptr(GPtrArray) play = adj_rr_cup_in_play (battle, c);
      json_object *list = json_object_new_array ();

      json_object_object_add (cobj, "count", json_object_new_int64 ((int) adj_rr_cup_count (battle,
                                                                                           c)));
      for (guint i = 0; i < play->len; i++)
        {
          g_autofree char *label = adj_rr_chit_label (rs, c, g_ptr_array_index (play, i));
          json_object_array_add (list, adj_json_new_id_label (g_ptr_array_index (play, i), label));
        }
      json_object_object_add (cobj, "in_play", list);
      json_object_array_add (arr, cobj);
    }
  json_object_object_add (o, "cups", arr);

  arr = json_object_new_array ();
  units = adj_battle_get_units (battle);
  {
    json_object *emps = json_object_new_array ();

    for (guint i = 0; i < g_list_model_get_n_items (units); i++)
      {
        g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

        if (rr_unit_is (unit, "emplacement"))
          {
            json_object *e = adj_json_new_id_label (adj_unit_get_id (unit),
                                                    adj_unit_get_name (unit));
            const char *state = adj_unit_get_status_string (unit, "emplacement");

            json_object_object_add (e, "state", json_object_new_string (state));
            json_object_object_add (e, "state_label", json_object_new_string (
              field_choice_label (rs, "emplacement", FALSE, state)));
            json_object_array_add (emps, e);
          }
        else if (!rr_unit_is (unit, "planned-objective") && !rr_unit_is (unit, "objective"))
          json_object_array_add (arr, unit_summary (battle, unit));
      }
    json_object_object_add (o, "emplacements", emps);
  }
  json_object_object_add (o, "units", arr);
  return o;
}

/* ------------------------------------------------------------------------------------------ */
/* orders and drifts in words                                                                  */

char *
adj_rr_order_text (const AdjRrOrder *order)
{
  g_return_val_if_fail (order != NULL, NULL);

  switch (order->state)
    {
    case ADJ_RR_ORDER_PLANNED:
      /* TRANSLATORS: a brigade's Planned Objective, e.g. "Planned: Colenso Station" */
      return g_strdup_printf (_("Planned: %s"), order->planned_area);
    case ADJ_RR_ORDER_IN_TRANSIT:
      if (order->turns_to_arrive <= 0)
        return g_strdup (_("Arrives this turn"));
      if (order->turns_to_arrive == 1)
        /* TRANSLATORS: an order on its way, e.g. "Arrives next turn (turn 2)" */
        return g_strdup_printf (_("Arrives next turn (turn %d)"), order->arrives);
      /* TRANSLATORS: an order on its way, e.g. "Arrives in 2 turns (turn 3)" */
      return g_strdup_printf (ngettext ("Arrives in %d turn (turn %d)",
                                        "Arrives in %d turns (turn %d)",
                                        order->turns_to_arrive),
                              order->turns_to_arrive, order->arrives);
    case ADJ_RR_ORDER_OBJECTIVE:
      /* TRANSLATORS: the order has arrived; e.g. "Arrived: making for Colenso Station" */
      return g_strdup_printf (_("Arrived: making for %s"), order->objective_area);
    case ADJ_RR_ORDER_FAIL:
      /* TRANSLATORS: an emergency withdrawal; e.g. "Fail: falling back to Naval Gun Hill" */
      return g_strdup_printf (_("Fail: falling back to %s"), order->objective_area);
    case ADJ_RR_ORDER_CHARGE:
      return g_strdup (_("Charging the guns: place its marker"));
    case ADJ_RR_ORDER_NONE:
    default:
      return g_strdup (_("No order"));
    }
}

char *
adj_rr_drift_text (AdjBattle  *battle,
                   const char *drift)
{
  int value = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  switch (adj_rr_drift_state (battle, drift, &value))
    {
    case ADJ_RR_DRIFT_REVEALED:
      /* TRANSLATORS: a drift marker turned over but not yet beaten, e.g. "Shows 10 · not
       * found" */
      return g_strdup_printf (_("Shows %d · not found"), value);
    case ADJ_RR_DRIFT_FOUND:
      return g_strdup_printf (_("Found · %d"), value);
    case ADJ_RR_DRIFT_CLEARED:
      return g_strdup (_("Opened by a commando"));
    case ADJ_RR_DRIFT_HIDDEN:
    default:
      return g_strdup (_("Hidden"));
    }
}

char *
adj_rr_drift_pool_text (AdjRuleset *rs,
                        const char *drift)
{
  g_autoptr(GArray) markers = NULL;
  g_autoptr(GString) values = g_string_new (NULL);

  g_return_val_if_fail (rs != NULL, NULL);

  markers = adj_rr_drift_pool (rs, drift);
  if (markers->len == 0)
    return g_strdup ("");
  for (guint k = 0; k < markers->len; k++)
    {
      if (k > 0)
        g_string_append (values, k + 1 == markers->len ? _(" or ") : ", ");
      g_string_append_printf (values, "%d", g_array_index (markers, int, k));
    }
  /* TRANSLATORS: the markers a drift's value is drawn from, e.g. "One of 6, 6, 8 or 4" */
  return g_strdup_printf (_("One of %s"), values->str);
}

/* ------------------------------------------------------------------------------------------ */
/* the tracks' limits for the dashboard                                                        */

int
adj_rr_last_turn (AdjRuleset *rs)
{
  int max;

  g_return_val_if_fail (rs != NULL, 0);

  max = adj_ruleset_get_max_turns (rs);
  return max > 0 ? max : adj_rules_int (rs, "tracks", "last_turn");
}

int
adj_rr_loss_end (AdjRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, 0);

  return adj_rules_int (rs, "tracks", "loss_end");
}

int
adj_rr_pyrrhic_from (AdjRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, 0);

  return adj_rules_int (rs, "tracks", "pyrrhic_from");
}

char *
adj_rr_loss_spoken (AdjRuleset *rs,
                    int         loss)
{
  g_return_val_if_fail (rs != NULL, NULL);

  return g_strdup_printf (_("Loss %d of %d"), loss, adj_rr_loss_end (rs));
}

int
adj_rr_shaken_to_withdraw (AdjRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, 0);

  return adj_rules_int (rs, "tracks", "shaken_to_withdraw");
}

const char *
adj_rr_shaken_label (int shaken)
{
  if (shaken == 0)
    return _("Not shaken");
  if (shaken == 1)
    return _("Shaken once");
  return _("Shaken twice");
}

char *
adj_rr_turn_note (AdjRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, NULL);

  /* TRANSLATORS: under the Game Turn track, e.g. "Boer event chits from turn 5; at 20 the
   * Boers hold" */
  return g_strdup_printf (_("Boer event chits from turn %d; at %d the Boers hold"),
                          adj_rules_int (rs, "cups", "boer_events_from_turn"),
                          adj_rr_last_turn (rs));
}

char *
adj_rr_loss_note (AdjRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, NULL);

  /* TRANSLATORS: under the Loss track, e.g. "Shaded: a British win would be Pyrrhic; at 20 the
   * Boers win" */
  return g_strdup_printf (_("Shaded: a British win would be Pyrrhic; at %d the Boers win"),
                          adj_rr_loss_end (rs));
}

char *
adj_rr_cp_note (AdjRuleset *rs,
                int         spent)
{
  int cost = adj_rules_int (rs, "orders", "cp_per_order");

  /* TRANSLATORS: under the command points, e.g. "1 spent this turn · an order costs 1, and
   * what is left is lost when the turn ends" */
  return g_strdup_printf (ngettext ("%d spent this turn · an order costs %d, and what is left "
                                    "is lost when the turn ends",
                                    "%d spent this turn · an order costs %d, and what is left "
                                    "is lost when the turn ends", spent),
                          spent, cost);
}

char *
adj_rr_order_note (AdjRuleset *rs,
                   const char *brigade,
                   int         cp)
{
  /* TRANSLATORS: the body of the dialog that sends an order, e.g. "Name the area the 2nd
   * (Queen's) Brigade is to make for: not a drift or a bridge, and no more than 5 areas from
   * its leader. The order costs 1 CP; 3 are left." */
  return g_strdup_printf (ngettext ("Name the area the %s is to make for: not a drift or a "
                                    "bridge, and no more than %d areas from its leader. The "
                                    "order costs %d CP; %d is left.",
                                    "Name the area the %s is to make for: not a drift or a "
                                    "bridge, and no more than %d areas from its leader. The "
                                    "order costs %d CP; %d are left.", cp),
                          adj_rr_brigade_label (rs, brigade),
                          adj_rules_int (rs, "orders", "max_areas"),
                          adj_rules_int (rs, "orders", "cp_per_order"), cp);
}

char *
adj_rr_roll_entry_note (AdjBattle       *battle,
                        const AdjRrRoll *roll)
{
  g_autofree char *label = g_strdup (adj_gettext (roll->label));
  char *underline = strchr (label, '_');

  /* The label without its mnemonic underline. */
  if (underline != NULL)
    memmove (underline, underline + 1, strlen (underline));
  if (roll->cup != ADJ_RR_N_CUPS)
    return g_strdup_printf (_("%s: type a number from 1 to %u to pick the chit, as a die with "
                              "one face for every chit in the cup would."),
                            label, adj_rr_cup_count (battle, roll->cup));
  /* TRANSLATORS: e.g. "Roll for the Orders Sent: type the dice rolled at the table, two for
   * each roll, e.g. 3 5." */
  return g_strdup_printf (_("%s: type the dice rolled at the table, two for each roll, for "
                            "example 3 5."), label);
}

char *
adj_rr_setup_note (AdjRuleset *rs)
{
  return g_strdup_printf (_("Setting up picks the variants and the areas with an "
                            "emplacement, lays the six drift markers face down without "
                            "showing them, fills the chit cups from your charts and "
                            "starts Game Turn 1 at British Send Orders with %d CP. It is "
                            "one step: Undo takes it back."),
                          adj_rr_start_cp (rs));
}
