/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-orders.c: Redvers' Reverse — what happens on the map between the steps: the brigades'
 * orders (planned, sent, received, charges and withdrawals), the drifts looked for and opened,
 * the chits and counters drawn from the three cups, and the Boer emplacements. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "adj-i18n.h"
#include "adj-rr-private.h"

/* ------------------------------------------------------------------------------------------ */
/* orders                                                                                      */

/* Whether @folded (casefolded) is @label of rr.json, in English or translated. */
static gboolean
is_label (const char *folded,
          const char *label)
{
  g_autofree char *english = g_utf8_casefold (label, -1);
  g_autofree char *shown = g_utf8_casefold (adj_gettext (label), -1);

  return g_str_equal (folded, english) || g_str_equal (folded, shown);
}

static gboolean
is_drift_area (AdjRuleset *rs,
               const char *area)
{
  json_object *other = adj_rules_json (rs, "drifts", "other");
  g_autofree char *folded = g_utf8_casefold (area, -1);

  for (guint i = 0; rr_drift_ids[i] != NULL; i++)
    if (is_label (folded, rr_member_string (rr_drift_json (rs, rr_drift_ids[i]), "label")))
      return TRUE;
  for (gsize i = 0; i < json_object_array_length (other); i++)
    if (is_label (folded, rr_member_string (json_object_array_get_idx (other, i), "label")))
      return TRUE;
  return FALSE;
}

static gboolean
brigade_in_play (AdjBattle  *battle,
                 const char *brigade)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (rr_is_brigade_unit (unit) && !adj_unit_get_destroyed (unit) &&
          g_strcmp0 (rr_unit_brigade (unit), brigade) == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
adj_rr_plan_order (AdjBattle   *battle,
                   const char  *brigade,
                   const char  *area,
                   gboolean     from_long,
                   GError     **error)
{
  AdjRuleset *rs;
  AdjUnit *leader;
  g_autoptr(AdjEntry) entry = NULL;
  int turn, cp, cost;
  AdjRrOrder order;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || !rr_check_brigade (battle, brigade, &leader, error) ||
      !rr_check_area (area, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (!rr_at_step (battle, "plan-orders"))
    return adj_not_allowed (error, _("Orders are given at the first step of the British Send "
                                     "Orders segment"));
  turn = adj_battle_get_turn (battle);
  if (!brigade_in_play (battle, brigade))
    return adj_not_allowed (error, _("Every unit of the %s is gone: it takes no more orders"),
                            adj_rr_brigade_label (rs, brigade));
  if (is_drift_area (rs, area))
    return adj_not_allowed (error, _("“%s” is a drift: an objective must be an area that is not a "
                                     "drift or a bridge"), area);
  if (adj_unit_get_status_int (leader, "ordered_turn") == turn)
    return adj_not_allowed (error, _("%s has had his order this turn: one order a brigade a turn"),
                            adj_unit_get_name (leader));
  adj_rr_get_order (battle, brigade, &order);
  if (order.state == ADJ_RR_ORDER_IN_TRANSIT)
    return adj_not_allowed (error, _("%s’s last order is still on its way (it arrives in turn %d)"),
                            adj_unit_get_name (leader), order.arrives);
  if (order.state == ADJ_RR_ORDER_CHARGE)
    return adj_not_allowed (error, _("Place the Objective Marker of %s’s charge first"),
                            adj_unit_get_name (leader));
  cost = from_long ? 0 : adj_rules_int (rs, "orders", "cp_per_order");
  cp = rr_setting_int (battle, "cp");

  if (from_long)
    {
      AdjUnit *long_unit = rr_find_unit_of_type (battle, "long");

      if (long_unit == NULL || adj_unit_get_destroyed (long_unit))
        return adj_not_allowed (error, _("Long has fallen: he sends no more orders"));
      if (!adj_rr_brigade_is_artillery (rs, brigade))
        return adj_not_allowed (error,
                                _("Long gives his free order only to a brigade of batteries"));
      if (rr_setting_int (battle, "long_order_turn") == turn)
        return adj_not_allowed (error, _("Long has sent his free order this turn"));
      if (order.state == ADJ_RR_ORDER_FAIL)
        return adj_not_allowed (error, _("The Objective Marker of the %s shows Fail: Long cannot "
                                         "order it"), adj_rr_brigade_label (rs, brigade));
      entry = rr_note (_("Send Orders: Long sends the %s to %s — a free order, its "
                         "Objective Marker goes there at once"),
                       adj_rr_brigade_label (rs, brigade), area);
      if (!rr_take_marker_off (battle, entry->changes, brigade, "planned-objective", error) ||
          !rr_place_marker (battle, entry->changes, brigade, "objective", area, 0, "objective",
                            error) ||
          !rr_set_setting_int (battle, entry->changes, "long_order_turn", turn, error))
        return FALSE;
    }
  else
    {
      if (cp < cost)
        return adj_not_allowed (error,
                                ngettext ("An order costs %d command point and none is left",
                                          "An order costs %d command points and not enough "
                                          "are left",
                                          cost), cost);
      entry = rr_note (ngettext ("Send Orders: %s’s %s is to make for %s — %d CP, %d "
                                 "left",
                                 "Send Orders: %s’s %s is to make for %s — %d CP, %d "
                                 "left", cp - cost),
                       adj_unit_get_name (leader), adj_rr_brigade_label (rs, brigade),
                       area, cost, cp - cost);
      if (!rr_place_marker (battle, entry->changes, brigade, "planned-objective", area, 0, NULL,
                            error) ||
          !rr_set_setting_int (battle, entry->changes, "cp", cp - cost, error) ||
          !rr_set_setting_int (battle, entry->changes, "cp_spent",
                               rr_setting_int (battle, "cp_spent") + cost, error))
        return FALSE;
    }
  if (!adj_rules_change_unit_int (battle, entry->changes, leader, "status.ordered_turn", turn,
                                  error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* Roll on the Send Orders table (@send) or on the Receive Orders table for every brigade whose
 * order waits for it, one entry each. */
static gboolean
roll_orders (AdjBattle  *battle,
             AdjRandom  *random,
             gboolean    send,
             GError    **error)
{
  const char *segment = send ? "send-orders" : "receive-orders";
  g_autoptr(AdjRandom) own = NULL;
  int turn;
  guint n = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || !rr_check_segment (battle, segment, error))
    return FALSE;
  random = rr_use_random (battle, random, &own);
  turn = adj_battle_get_turn (battle);
  for (guint b = 0; rr_brigade_ids[b] != NULL; b++)
    {
      AdjRrOrder order;
      AdjUnit *leader = rr_brigade_unit (battle, rr_brigade_ids[b], "leader");
      g_autoptr(AdjInputs) in = NULL;
      g_autoptr(AdjOutcome) outcome = NULL;
      g_autoptr(AdjEntry) entry = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *area = NULL;

      if (!adj_rr_get_order (battle, rr_brigade_ids[b], &order) ||
          !rr_order_waits (&order, send, turn))
        continue;
      /* The table is named after its segment. */
      if (n == 0 && !rr_require_table (battle, segment, error))
        return FALSE;
      n++;
      area = g_strdup (order.planned_area != NULL ? order.planned_area : "?");
      in = rr_battle_inputs (battle, send ? "rr/send-orders" : "rr/receive-orders", "leader",
                             adj_unit_get_id (leader), error);
      if (in == NULL || (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
        return FALSE;
      if (send && g_str_equal (outcome->key, "arrives"))
        summary = g_strdup_printf (_("Send Orders roll, %s (%s): the order arrives — Objective "
                                     "Marker in the turn %d box"), adj_unit_get_name (leader),
                                   area, turn + adj_outcome_get_value_int (outcome, "turns", 0));
      else if (send)
        summary = g_strdup_printf (_("Send Orders roll, %s (%s): %s"), adj_unit_get_name (leader),
                                   area, outcome->title);
      else
        /* TRANSLATORS: e.g. "Receive Orders roll, Hart (Bridle Drift): Charge to the guns" */
        summary = g_strdup_printf (_("Receive Orders roll, %s (%s): %s"),
                                   adj_unit_get_name (leader), area, outcome->title);
      entry = rr_outcome_entry (battle, in, outcome, summary, error);
      if (entry == NULL || !adj_battle_commit (battle, g_steal_pointer (&entry), error))
        return FALSE;
    }
  if (n == 0)
    return adj_not_allowed (error, send ? _("No order is waiting to be sent")
                                        : _("No Objective Marker is in this turn’s box"));
  return TRUE;
}

gboolean
adj_rr_roll_send_orders (AdjBattle *battle, AdjRandom *random, GError **error)
{
  return roll_orders (battle, random, TRUE, error);
}

gboolean
adj_rr_roll_receive_orders (AdjBattle *battle, AdjRandom *random, GError **error)
{
  return roll_orders (battle, random, FALSE, error);
}

gboolean
adj_rr_place_objective (AdjBattle   *battle,
                        const char  *brigade,
                        const char  *area,
                        GError     **error)
{
  AdjUnit *leader;
  AdjRrOrder order;
  g_autoptr(AdjEntry) entry = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || !rr_check_brigade (battle, brigade, &leader, error) ||
      !rr_check_area (area, error))
    return FALSE;
  adj_rr_get_order (battle, brigade, &order);
  if (order.state != ADJ_RR_ORDER_CHARGE)
    return adj_not_allowed (error, _("%s is not charging the guns: his Objective Marker is placed "
                                     "by orders"), adj_unit_get_name (leader));
  entry = rr_note (_("%s charges the guns: his Objective Marker goes to %s"),
                   adj_unit_get_name (leader), area);
  if (!rr_place_marker (battle, entry->changes, brigade, "objective", area, 0, "objective", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_objective_reached (AdjBattle   *battle,
                          const char  *brigade,
                          GError     **error)
{
  AdjUnit *leader;
  AdjRrOrder order;
  g_autoptr(AdjEntry) entry = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || !rr_check_brigade (battle, brigade, &leader, error))
    return FALSE;
  if (!rr_in_segment (battle, "british-movement"))
    return adj_not_allowed (error, _("A leader reaches his objective as he moves, in the British "
                                     "Movement segment"));
  adj_rr_get_order (battle, brigade, &order);
  if (order.objective_area == NULL)
    return adj_not_allowed (error,
                            _("%s has no Objective Marker on the map"), adj_unit_get_name (leader));
  entry = rr_note (_("%s reaches %s: his Objective Marker comes off"),
                   adj_unit_get_name (leader), order.objective_area);
  if (!rr_take_marker_off (battle, entry->changes, brigade, "objective", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_brigade_strength (AdjBattle   *battle,
                         const char  *brigade,
                         int         *start,
                         int         *now,
                         GError     **error)
{
  AdjRuleset *rs;
  GListModel *units;
  int s = 0, n = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  rs = adj_battle_get_ruleset (battle);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      json_object *begin;
      int sp;

      if (!rr_is_brigade_unit (unit) || g_strcmp0 (rr_unit_brigade (unit), brigade) != 0)
        continue;
      sp = adj_unit_get_status_int (unit, "sp");
      if (sp <= 0)
        return adj_not_allowed (error, _("Enter the strength printed on %s’s counter first"),
                                adj_unit_get_name (unit));
      begin = json_object_object_get (rr_oob_unit (rs, adj_unit_get_id (unit)), "start_sp");
      s += begin != NULL ? MIN (sp, json_object_get_int (begin)) : sp;
      n += rr_counter_strength (unit);
    }
  if (start != NULL)
    *start = s;
  if (now != NULL)
    *now = n;
  return TRUE;
}

gboolean
adj_rr_emergency_withdrawal (AdjBattle   *battle,
                             const char  *brigade,
                             const char  *area,
                             int          modifier,
                             AdjRandom   *random,
                             gboolean    *withdrew,
                             GError     **error)
{
  AdjUnit *leader;
  AdjRrOrder order;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  gboolean goes;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (withdrew != NULL)
    *withdrew = FALSE;
  if (!rr_check_in_play (battle, error) || !rr_check_brigade (battle, brigade, &leader, error) ||
      !rr_check_area (area, error))
    return FALSE;
  if (!rr_at_step (battle, "withdrawal"))
    return adj_not_allowed (error, _("The emergency withdrawal test is taken at its own step, the "
                                     "last of the Orders phase"));
  adj_rr_get_order (battle, brigade, &order);
  if (order.state == ADJ_RR_ORDER_FAIL)
    return adj_not_allowed (error, _("The %s is withdrawing already: its Objective Marker shows "
                                     "Fail"),
                            adj_rr_brigade_label (adj_battle_get_ruleset (battle), brigade));
  in = rr_battle_inputs (battle, "rr/emergency-withdrawal", "leader", adj_unit_get_id (leader),
                         error);
  if (in == NULL || !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error))
    return FALSE;
  if (rr_withdrawal_case (adj_battle_get_ruleset (battle), in) == NULL &&
      !rr_require_table (battle, "emergency-withdrawal", error))
    return FALSE;
  outcome = rr_resolve_in (battle, in, random, error);
  if (outcome == NULL)
    return FALSE;
  if (g_str_equal (outcome->key, "not-eligible"))
    return adj_not_allowed (error, "%s", outcome->reason);
  goes = g_str_equal (outcome->key, "automatic") || g_str_equal (outcome->key, "withdraw");
  if (goes)
    summary = g_strdup_printf (_("Emergency withdrawal, %s: %s — Objective Marker showing Fail "
                            "at %s"), adj_unit_get_name (leader), outcome->title, area);
  else
    summary = g_strdup_printf (_("Emergency withdrawal, %s: %s"), adj_unit_get_name (leader),
                          outcome->title);
  entry = rr_outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL)
    return FALSE;
  if (goes &&
      (!rr_take_marker_off (battle, entry->changes, brigade, "planned-objective", error) ||
       !rr_place_marker (battle, entry->changes, brigade, "objective", area, 0, "fail", error)))
    return FALSE;
  if (withdrew != NULL)
    *withdrew = goes;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* drifts                                                                                      */

AdjRrDriftState
adj_rr_drift_state (AdjBattle  *battle,
                    const char *drift,
                    int        *value)
{
  g_autofree char *key = NULL;
  g_autofree char *value_key = NULL;
  const char *state;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), ADJ_RR_DRIFT_HIDDEN);

  key = rr_drift_key (drift, "");
  value_key = rr_drift_key (drift, "_value");
  state = rr_setting_string (battle, key);
  if (value != NULL)
    *value = rr_setting_int (battle, value_key);
  if (g_strcmp0 (state, "revealed") == 0)
    return ADJ_RR_DRIFT_REVEALED;
  if (g_strcmp0 (state, "found") == 0)
    return ADJ_RR_DRIFT_FOUND;
  if (g_strcmp0 (state, "cleared") == 0)
    return ADJ_RR_DRIFT_CLEARED;
  return ADJ_RR_DRIFT_HIDDEN;
}

/* A battalion or regiment in play: who may look for a drift. */
static gboolean
can_find_drift (AdjUnit *unit)
{
  return (rr_unit_is (unit, "battalion") || rr_unit_is (unit, "regiment")) &&
         !adj_unit_get_destroyed (unit);
}

static gboolean
check_drift (const char  *drift,
             GError     **error)
{
  if (drift != NULL && g_strv_contains (rr_drift_ids, drift))
    return TRUE;
  return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("There is no drift “%s”"),
                         drift != NULL ? drift : "");
}

/* The search is rr/find-drift itself: what it allows, rolls and changes. */
gboolean
adj_rr_find_drift (AdjBattle   *battle,
                   const char  *drift,
                   const char  *unit_id,
                   AdjRandom   *random,
                   gboolean    *found,
                   GError     **error)
{
  AdjUnit *unit;
  AdjContext ctx;
  g_autofree char *summary = NULL;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (found != NULL)
    *found = FALSE;
  if (!rr_check_in_play (battle, error) || !check_drift (drift, error) ||
      (unit = rr_need_unit (battle, unit_id, error)) == NULL)
    return FALSE;
  in = rr_battle_inputs (battle, "rr/find-drift", "unit", unit_id, error);
  adj_battle_context (battle, &ctx);
  if (in == NULL || !adj_inputs_set_string (in, "drift", drift, error) ||
      !adj_mechanic_check_legal (in->mechanic, &ctx, in, error) ||
      (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Wagon Drift: 2nd Devonshire Regiment looks for it — Marker 10: drift
   * found" */
  summary = g_strdup_printf (_("%s: %s looks for it — %s"),
                             adj_rr_drift_label (adj_battle_get_ruleset (battle), drift),
                             adj_unit_get_name (unit), outcome->title);
  entry = rr_outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL)
    return FALSE;
  if (found != NULL)
    *found = g_str_equal (outcome->key, "found");
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_commando_opens_drift (AdjBattle   *battle,
                             const char  *drift,
                             GError     **error)
{
  AdjRrDriftState state;
  g_autofree char *state_key = NULL;
  g_autoptr(AdjEntry) entry = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || !check_drift (drift, error))
    return FALSE;
  state = adj_rr_drift_state (battle, drift, NULL);
  if (state == ADJ_RR_DRIFT_FOUND || state == ADJ_RR_DRIFT_CLEARED)
    return adj_not_allowed (error, _("%s is open already"),
                            adj_rr_drift_label (adj_battle_get_ruleset (battle), drift));
  if (!rr_in_segment (battle, "boer-movement"))
    return adj_not_allowed (error, _("Commandos cross the Tugela as they move, in the Boer "
                                     "Movement segment"));
  state_key = rr_drift_key (drift, "");
  entry = rr_note (_("%s: a commando crosses — its marker comes off unseen and the "
                     "British may use the drift"),
                   adj_rr_drift_label (adj_battle_get_ruleset (battle), drift));
  if (!rr_set_setting_string (battle, entry->changes, state_key, "cleared", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* chits and counters                                                                          */

/* Take one chit out of @cup: one die as large as the cup, none for a single chit. */
static char *
draw_from (json_object  *cup,
           AdjRandom    *random,
           GError      **error)
{
  gsize n = json_object_array_length (cup);
  int die = 1;
  char *chit;

  g_assert (n > 0);
  if (n > 1 && !adj_random_roll (random, "chit", N_("Chit drawn"), 1, (guint) n, &die, error))
    return NULL;
  chit = g_strdup (json_object_get_string (json_object_array_get_idx (cup, (gsize) die - 1)));
  json_object_array_del_idx (cup, (gsize) die - 1, 1);
  return chit;
}

/* The commandos of a group that a Released chit marks. */
static gboolean
release_group (AdjBattle     *battle,
               AdjChangeSet  *changes,
               const char    *group,
               GPtrArray     *names,
               GError       **error)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (!rr_unit_is (unit, "commando") || adj_unit_get_destroyed (unit) ||
          g_strcmp0 (rr_unit_group (unit), group) != 0 ||
          g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "none") != 0)
        continue;
      if (!adj_rules_change_unit_string (battle, changes, unit, "status.boer_marker", "released",
                                         error))
        return FALSE;
      g_ptr_array_add (names, (gpointer) adj_unit_get_name (unit));
    }
  return TRUE;
}

gboolean
adj_rr_draw_event (AdjBattle   *battle,
                   AdjRrCup     cup,
                   AdjRandom   *random,
                   char       **chit_out,
                   GError     **error)
{
  AdjRuleset *rs;
  g_autoptr(AdjRandom) own = NULL;
  g_autoptr(json_object) cups = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autofree char *chit = NULL;
  g_autofree char *label = NULL;
  json_object *one, *contents;
  gboolean british = cup == ADJ_RR_CUP_BRITISH;
  gboolean comes_back;
  int turn;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (cup == ADJ_RR_CUP_BRITISH || cup == ADJ_RR_CUP_BOER, FALSE);

  if (chit_out != NULL)
    *chit_out = NULL;
  if (!rr_check_in_play (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  turn = adj_battle_get_turn (battle);
  if (!rr_at_step (battle, british ? "draw-event" : "draw-boer-event") ||
      rr_setting_bool (battle, "step_done"))
    return adj_not_allowed (error,
                            british ? _("A British event chit is drawn once a turn, at its step "
                                        "of the British Event segment")
                                    : _("A Boer event chit is drawn once a turn, at its step of "
                                        "the Boer Event segment"));
  cups = rr_open_cups (battle, error);
  if (cups == NULL)
    return FALSE;
  one = json_object_object_get (cups, rr_cup_key (cup));
  contents = json_object_object_get (one, "cup");
  if (json_object_array_length (contents) == 0)
    return adj_not_allowed (error, british ? _("The British event cup is empty")
                                    : _("The Boer event cup is empty"));
  random = rr_use_random (battle, random, &own);
  chit = draw_from (contents, random, error);
  if (chit == NULL)
    return FALSE;
  label = adj_rr_chit_label (rs, cup, chit);
  entry = adj_entry_new ("note", NULL, NULL);
  /* TRANSLATORS: e.g. "British Event: chit drawn — Hesitate" */
  g_string_append_printf (summary, british ? _("British Event: chit drawn — %s")
                                           : _("Boer Event: chit drawn — %s"), label);
  /* A chit that comes back waits out of the cup; any other is gone for good. */
  comes_back = british ? rr_returns_each_turn (chit) : rr_is_misfire (chit) || rr_is_ammo (chit);
  json_object_array_add (json_object_object_get (one, comes_back ? "out" : "gone"),
                         json_object_new_string (chit));
  if (!british && g_str_has_prefix (chit, "group-") && g_str_has_suffix (chit, "-released"))
    {
      static const char *const groups[] = { "1st-group", "2nd-group", "3rd-group", "4th-group" };
      int n = atoi (chit + strlen ("group-"));
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      if (n >= 1 && n <= (int) G_N_ELEMENTS (groups) &&
          !release_group (battle, entry->changes, groups[n - 1], names, error))
        return FALSE;
      if (names->len > 0)
        {
          g_autofree char *list = rr_join_names (names);
          g_string_append_printf (summary, _(" — Released markers on %s"), list);
        }
      else
        g_string_append (summary, _(" — no commando of the group is left to release"));
    }
  else if (!british && comes_back)
    {
      if (!rr_set_setting_int (battle, entry->changes, rr_is_misfire (chit) ? "misfire_turn"
                                                                      : "ammo_turn",
                               turn + 1, error))
        return FALSE;
      g_string_append_printf (summary, _(" — it waits on the turn track for turn %d"), turn + 1);
    }
  g_string_append_printf (summary, ngettext (" (%u chit left in the cup)",
                                             " (%u chits left in the cup)",
                                             (guint) json_object_array_length (contents)),
                          (guint) json_object_array_length (contents));
  entry->summary = g_string_free (g_steal_pointer (&summary), FALSE);
  if (!rr_seal_cups (battle, entry->changes, cups, error) ||
      !rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error) ||
      !adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return FALSE;
  if (chit_out != NULL)
    *chit_out = g_steal_pointer (&chit);
  return TRUE;
}

gboolean
adj_rr_draw_sp_counter (AdjBattle   *battle,
                        const char  *commando,
                        AdjRandom   *random,
                        GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjRandom) own = NULL;
  g_autoptr(json_object) cups = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *chit = NULL;
  json_object *cup;
  guint left;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || (unit = rr_need_unit (battle, commando, error)) == NULL)
    return FALSE;
  if (!rr_unit_is (unit, "commando") || adj_unit_get_destroyed (unit))
    return adj_not_allowed (error, _("Only a commando in play takes an SP counter; %s does not"),
                            adj_unit_get_name (unit));
  if (!g_str_equal (adj_unit_get_status_string (unit, "sp_counter"), "none"))
    return adj_not_allowed (error, _("%s has an SP counter already"), adj_unit_get_name (unit));
  if (!rr_steps[rr_current_step (battle)].commandos_fire)
    return adj_not_allowed (error, _("A commando draws its SP counter as it is about to fire: at "
                                     "an approach, in close combat or in the Boer Rifle Fire "
                                     "segment"));
  cups = rr_open_cups (battle, error);
  if (cups == NULL)
    return FALSE;
  cup = json_object_object_get (json_object_object_get (cups, "sp"), "cup");
  if (json_object_array_length (cup) == 0)
    {
      entry = rr_note (_("SP counter for %s: the cup is empty, it fires without one"),
                       adj_unit_get_name (unit));
      return adj_battle_commit (battle, g_steal_pointer (&entry), error);
    }
  random = rr_use_random (battle, random, &own);
  chit = draw_from (cup, random, error);
  if (chit == NULL)
    return FALSE;
  left = (guint) json_object_array_length (cup);
  if (g_str_equal (chit, "no-fire"))
    {
      entry = rr_note (ngettext ("SP counter for %s: No Fire — it does not fire this turn (%u "
                                 "counter left in the cup)",
                                 "SP counter for %s: No Fire — it does not fire this turn (%u "
                                 "counters left in the cup)", left),
                       adj_unit_get_name (unit), left);
      if (!adj_rules_change_unit_string (battle, entry->changes, unit, "status.sp_counter",
                                         "no-fire", error))
        return FALSE;
    }
  else
    {
      int v = atoi (chit);
      g_autofree char *label = adj_rr_chit_label (adj_battle_get_ruleset (battle),
                                                  ADJ_RR_CUP_SP, chit);

      entry = rr_note (ngettext ("SP counter for %s: %s — strength %d (%u counter left in the "
                                 "cup)",
                                 "SP counter for %s: %s — strength %d (%u counters left in the "
                                 "cup)", left),
                       adj_unit_get_name (unit), label, adj_rr_unit_strength (battle, unit) + v,
                       left);
      if (!adj_rules_change_unit_string (battle, entry->changes, unit, "status.sp_counter", "value",
                                         error) ||
          !adj_rules_change_unit_int (battle, entry->changes, unit, "status.sp_counter_value", v,
                                      error))
        return FALSE;
    }
  if (!rr_seal_cups (battle, entry->changes, cups, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* emplacements                                                                                */

static gboolean
is_emplacement (AdjUnit *unit)
{
  return rr_unit_is (unit, "emplacement");
}

GPtrArray *
adj_rr_emplacements (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), g_ptr_array_new_with_free_func (g_free));
  return rr_unit_ids (battle, is_emplacement);
}

static AdjUnit *
need_emplacement (AdjBattle   *battle,
                  const char  *id,
                  GError     **error)
{
  AdjUnit *unit = rr_need_unit (battle, id, error);

  if (unit != NULL && !rr_unit_is (unit, "emplacement"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("%s is not an emplacement"),
                   adj_unit_get_name (unit));
      return NULL;
    }
  return unit;
}

gboolean
adj_rr_emplacement_fired (AdjBattle   *battle,
                          const char  *emplacement,
                          GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjEntry) entry = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) ||
      (unit = need_emplacement (battle, emplacement, error)) == NULL)
    return FALSE;
  if (!g_str_equal (adj_unit_get_status_string (unit, "emplacement"), "hidden"))
    return adj_not_allowed (error, _("The emplacement at %s has shown itself already"),
                            adj_unit_get_name (unit));
  entry = rr_note (_("The Boers at %s fire their first shot: the Hidden marker comes "
                     "off"), adj_unit_get_name (unit));
  if (!adj_rules_change_unit_string (battle, entry->changes, unit, "status.emplacement", "open",
                                     error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_update_emplacement (AdjBattle   *battle,
                           const char  *emplacement,
                           gboolean     british_present,
                           gboolean     boers_present,
                           GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjEntry) entry = NULL;
  gboolean captured;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) ||
      (unit = need_emplacement (battle, emplacement, error)) == NULL)
    return FALSE;
  if (!rr_in_segment (battle, "boer-shaken"))
    return rr_check_segment (battle, "boer-shaken", error);
  captured = g_str_equal (adj_unit_get_status_string (unit, "emplacement"), "captured");
  if (!captured && british_present && !boers_present)
    entry = rr_note (_("Boer Shaken: the British capture the emplacement at %s"),
                     adj_unit_get_name (unit));
  else if (captured && !british_present)
    entry = rr_note (_("Boer Shaken: no British unit holds %s any more — the Boers take the "
                       "emplacement back"), adj_unit_get_name (unit));
  else
    return TRUE;
  if (!adj_rules_change_unit_string (battle, entry->changes, unit, "status.emplacement",
                                     captured ? "open" : "captured", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* what the player may do now, for the dashboard's buttons                                     */

AdjRrBrigadeTask
adj_rr_brigade_task (AdjBattle  *battle,
                     const char *brigade)
{
  AdjRrOrder order;
  int start = 0, now = 0;
  gboolean strengths;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), ADJ_RR_BRIGADE_TASK_NONE);

  if (adj_rr_brigade_leader (battle, brigade) == NULL ||
      !adj_rr_get_order (battle, brigade, &order))
    return ADJ_RR_BRIGADE_TASK_NONE;
  strengths = adj_rr_brigade_strength (battle, brigade, &start, &now, NULL);
  /* A brigade whose strengths are not in yet still takes orders; one wiped out does not. */
  if (g_strcmp0 (rr_setting_string (battle, "result"), "none") != 0 || (strengths && now == 0))
    return ADJ_RR_BRIGADE_TASK_NONE;
  if (rr_at_step (battle, "plan-orders") && !order.ordered_this_turn &&
      order.state != ADJ_RR_ORDER_IN_TRANSIT && order.state != ADJ_RR_ORDER_CHARGE)
    return ADJ_RR_BRIGADE_TASK_ORDER;
  if (order.state == ADJ_RR_ORDER_CHARGE)
    return ADJ_RR_BRIGADE_TASK_CHARGE;
  /* A quarter of the strength it started with gone: the emergency withdrawal test. */
  if (rr_at_step (battle, "withdrawal") && start > 0 && (start - now) * 4 >= start &&
      order.state != ADJ_RR_ORDER_FAIL)
    return ADJ_RR_BRIGADE_TASK_WITHDRAW;
  if (rr_in_segment (battle, "british-movement") && order.state == ADJ_RR_ORDER_OBJECTIVE)
    return ADJ_RR_BRIGADE_TASK_REACHED;
  return ADJ_RR_BRIGADE_TASK_NONE;
}

GArray *
adj_rr_drift_pool (AdjRuleset *rs,
                   const char *drift)
{
  GArray *values;
  json_object *markers;

  g_return_val_if_fail (rs != NULL, NULL);

  values = g_array_new (FALSE, FALSE, sizeof (int));
  markers = json_object_object_get (rr_drift_pool_json (rs, drift), "markers");
  for (gsize k = 0; markers != NULL && k < json_object_array_length (markers); k++)
    {
      int v = json_object_get_int (json_object_array_get_idx (markers, k));

      g_array_append_val (values, v);
    }
  return values;
}

gboolean
adj_rr_drift_tried (AdjBattle  *battle,
                    const char *drift)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  key = rr_drift_key (drift, "_tried");
  return rr_setting_int (battle, key) == adj_battle_get_turn (battle);
}

AdjRrDriftTask
adj_rr_drift_task (AdjBattle  *battle,
                   const char *drift)
{
  AdjRrDriftState state;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), ADJ_RR_DRIFT_TASK_NONE);

  state = adj_rr_drift_state (battle, drift, NULL);
  if (g_strcmp0 (rr_setting_string (battle, "result"), "none") != 0 ||
      (state != ADJ_RR_DRIFT_HIDDEN && state != ADJ_RR_DRIFT_REVEALED))
    return ADJ_RR_DRIFT_TASK_NONE;
  /* Looked for once a turn, by a battalion or regiment about to cross it. */
  if (rr_in_segment (battle, "british-movement") && !adj_rr_drift_tried (battle, drift))
    return ADJ_RR_DRIFT_TASK_FIND;
  if (rr_in_segment (battle, "boer-movement"))
    return ADJ_RR_DRIFT_TASK_COMMANDO;
  return ADJ_RR_DRIFT_TASK_NONE;
}

GPtrArray *
adj_rr_drift_finders (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return rr_unit_ids (battle, can_find_drift);
}

static gboolean
lacks_sp_counter (AdjUnit *unit)
{
  return rr_unit_is (unit, "commando") && !adj_unit_get_destroyed (unit) &&
         g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "none") == 0;
}

GPtrArray *
adj_rr_commandos_without_counter (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return rr_unit_ids (battle, lacks_sp_counter);
}

AdjRrEmplacementTask
adj_rr_emplacement_task (AdjBattle  *battle,
                         const char *emplacement)
{
  AdjUnit *unit;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), ADJ_RR_EMPLACEMENT_TASK_NONE);

  unit = adj_battle_find_unit (battle, emplacement);
  if (unit == NULL || !rr_unit_is (unit, "emplacement"))
    return ADJ_RR_EMPLACEMENT_TASK_NONE;
  /* The first shot from its area may come at any time; who holds it is settled at Boer Shaken. */
  if (g_strcmp0 (adj_unit_get_status_string (unit, "emplacement"), "hidden") == 0)
    return ADJ_RR_EMPLACEMENT_TASK_FIRST_SHOT;
  if (rr_in_segment (battle, "boer-shaken"))
    return ADJ_RR_EMPLACEMENT_TASK_WHO_HOLDS;
  return ADJ_RR_EMPLACEMENT_TASK_NONE;
}
