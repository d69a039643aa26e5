/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-command.c: Redvers' Reverse — the mechanics of command: the British command points,
 * Send Orders and Receive Orders, emergency withdrawal, looking for a drift, the leaders' rolls
 * (Panicked or Standing Firm, recovery, casualties) and unit recovery.  Each is a mechanic of
 * the action panel; the system table in adj-rr.c lists them. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include "adj-i18n.h"
#include "adj-rr-private.h"

/* The charts each mechanic reads. */
static const char *const send_tables[] = { "send-orders", NULL };
static const char *const receive_tables[] = { "receive-orders", NULL };
static const char *const withdrawal_tables[] = { "emergency-withdrawal", NULL };
static const char *const recovery_tables[] = { "unit-recovery", NULL };

/* ------------------------------------------------------------------------------------------ */
/* British Command Points                                                                      */

static const AdjChoice buller_choices[] = {
  { "with-hq", N_("In the HQ’s area") },
  { "away", N_("Away from the HQ") },
  { "dead", N_("Dead") },
};

static const AdjChoice hq_mode_choices[] = {
  { "operative", N_("Operative mode") },
  { "movement", N_("Movement mode") },
};

static const AdjField cp_inputs[] = {
  ENUM_INPUT ("buller", N_("Buller"), NULL, buller_choices, "with-hq", NULL),
  ENUM_INPUT ("hq_mode", N_("The HQ"), NULL, hq_mode_choices, "operative", NULL),
};

static int
command_points (AdjRuleset *rs,
                   const char *buller,
                   const char *mode,
                   const char **key)
{
  gboolean operative = g_strcmp0 (mode, "operative") == 0;

  if (g_strcmp0 (buller, "with-hq") == 0)
    *key = operative ? "with_hq_operative" : "with_hq_moving";
  else if (g_strcmp0 (buller, "away") == 0)
    *key = "away_from_hq";
  else
    *key = operative ? "dead_hq_operative" : "dead_hq_moving";
  return adj_rules_int (rs, "command_points", *key);
}

static gboolean
cp_prefill (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  AdjBattle *battle = ctx->battle;
  AdjUnit *buller = rr_find_unit_of_type (battle, "buller");
  AdjUnit *hq = rr_find_unit_of_type (battle, "hq");
  const char *state;

  if (buller == NULL || adj_unit_get_destroyed (buller))
    state = "dead";
  else
    state = rr_setting_bool (battle, "buller_with_hq") ? "with-hq" : "away";
  if (!adj_inputs_set_string (in, "buller", state, error))
    return FALSE;
  if (hq != NULL &&
      !adj_inputs_set_string (in, "hq_mode", adj_unit_get_status_string (hq, "hq_mode"), error))
    return FALSE;
  return TRUE;
}

static gboolean
cp_resolve (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjRandom         *random,
            AdjOutcome        *outcome,
            GError           **error)
{
  const char *buller = adj_inputs_get_string (in, "buller");
  const char *mode = adj_inputs_get_string (in, "hq_mode");
  static const AdjChoice reasons[] = {
    { "with_hq_operative", N_("Buller is beside the HQ in operative mode") },
    { "with_hq_moving", N_("Buller is beside the HQ, which is in movement mode") },
    { "away_from_hq", N_("Buller is away from the HQ") },
    { "dead_hq_operative", N_("Buller is dead; the HQ is in operative mode") },
    { "dead_hq_moving", N_("Buller is dead and the HQ is in movement mode") },
  };
  const char *key = NULL;
  int cp = command_points (ctx->ruleset, buller, mode, &key);
  const char *why = adj_gettext (adj_field_find_choice (reasons, G_N_ELEMENTS (reasons),
                                                        key)->label);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, why, TRUE, cp);
  title = g_strdup_printf (ngettext ("%d command point", "%d command points", cp), cp);
  reason = g_strdup_printf (_("%s: %s this turn; points left from the last turn are lost"), why,
                       title);
  adj_outcome_set_number (outcome, cp, title, reason);
  return TRUE;
}

static gboolean
cp_apply (const AdjContext  *ctx,
          AdjInputs         *in,
          AdjOutcome        *outcome,
          AdjChangeSet      *changes,
          GError           **error)
{
  return rr_set_setting_int (ctx->battle, changes, "cp",
                             adj_outcome_get_value_int (outcome, "result", 0), error) &&
         rr_set_setting_int (ctx->battle, changes, "cp_spent", 0, error);
}

const AdjMechanic rr_command_points = {
  .id = "rr/command-points",
  .title = N_("Command points"),
  .summary = N_("The command points of the turn, from where Buller is and the mode of the HQ."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (cp_inputs),
  .prefill = cp_prefill,
  .resolve = cp_resolve,
  .apply = cp_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Send Orders                                                                                 */

static const AdjField send_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  MODIFIER_INPUT,
};

static const AdjChoice send_outcomes[] = {
  { "arrives", N_("The order arrives") },
  { "lost", N_("The order is lost") },
  { "table-missing", N_("Rolled: the Send Orders table is missing") },
};

void
rr_two_dice_draws (const AdjContext *ctx,
                   AdjInputs        *in,
                   GArray           *specs)
{
  g_array_append_val (specs, rr_two_dice);
}

static const char *
classify_send (json_object *value)
{
  return json_object_is_type (value, json_type_int) ? "arrives" : "lost";
}

static gboolean
send_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The brigade"));
  g_autoptr(json_object) cell = NULL;

  if (!rr_roll_on_chart (ctx, "send-orders", "value", adj_inputs_get_int (in, "modifier"), random,
                         N_("Roll"), 2, outcome, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  if (g_str_equal (classify_send (cell), "arrives"))
    {
      int turns = json_object_get_int (cell);

      adj_outcome_set_value_int (outcome, "turns", turns);
      if (turns == 0)
        adj_outcome_set_result (outcome, "arrives", _("%s’s order arrives this turn"), leader);
      else
        adj_outcome_set_result (outcome, "arrives",
                                ngettext ("%s’s order arrives in %d turn",
                                          "%s’s order arrives in %d turns", turns),
                                leader, turns);
    }
  else
    adj_outcome_set_result (outcome, "lost", _("%s’s order is lost on the way"), leader);
  return TRUE;
}

static gboolean
send_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  return rr_chart_odds (ctx, in, odds, "send-orders", 2, adj_inputs_get_int (in, "modifier"),
                        "value", classify_send, error);
}

/* The order markers of a brigade are units only while they are on the table (on the map or on
 * the turn track), named after their area: placing one adds it, taking it off removes it. */

/* The unit ids of the battle once the units added and removed by @changes are. */
static GPtrArray *
units_after (AdjBattle    *battle,
             AdjChangeSet *changes)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  for (guint c = 0; c < adj_change_set_len (changes); c++)
    {
      AdjChange *change = adj_change_set_get (changes, c);
      guint at;

      if (change->op == ADJ_CHANGE_ADD_UNIT)
        g_ptr_array_insert (ids, (gint) MIN (change->index, ids->len),
                            g_strdup (rr_member_string (change->after, "id")));
      else if (change->op == ADJ_CHANGE_REMOVE_UNIT &&
               g_ptr_array_find_with_equal_func (ids, rr_member_string (change->before, "id"),
                                                 g_str_equal, &at))
        g_ptr_array_remove_index (ids, at);
    }
  return ids;
}

static const char *
marker_prefix (const char *type)
{
  return g_str_equal (type, "planned-objective") ? "planned-" : "objective-";
}

/* Put the brigade's marker of @type in @area (NULL: where it is) with these states. */
gboolean
rr_place_marker (AdjBattle     *battle,
                 AdjChangeSet  *changes,
                 const char    *brigade,
                 const char    *type,
                 const char    *area,
                 int            arrives,
                 const char    *showing,
                 GError       **error)
{
  AdjUnit *marker = rr_brigade_unit (battle, brigade, type);

  if (marker != NULL)
    {
      if (area != NULL)
        {
          g_autoptr(json_object) name = json_object_new_string (area);
          if (!adj_rules_change_unit (battle, changes, marker, "name", name, error))
            return FALSE;
        }
      return adj_rules_change_unit_int (battle, changes, marker, "status.arrives", arrives,
                                        error) &&
             adj_rules_change_unit_bool (battle, changes, marker, "status.sent", FALSE, error) &&
             (showing == NULL ||
              adj_rules_change_unit_string (battle, changes, marker, "status.order_showing",
                                            showing, error));
    }
  {
    g_autoptr(json_object) json = json_object_new_object ();
    g_autoptr(AdjUnit) probe = NULL;
    g_autoptr(GPtrArray) ids = units_after (battle, changes);
    g_autofree char *id = g_strconcat (marker_prefix (type), brigade, NULL);
    json_object *status = json_object_new_object ();

    g_return_val_if_fail (area != NULL, FALSE);
    json_object_object_add (status, "brigade", json_object_new_string (brigade));
    json_object_object_add (status, "arrives", json_object_new_int64 (arrives));
    json_object_object_add (status, "order_showing",
                            json_object_new_string (showing != NULL ? showing : "objective"));
    json_object_object_add (json, "id", json_object_new_string (id));
    json_object_object_add (json, "side", json_object_new_string (ADJ_RR_BRITISH));
    json_object_object_add (json, "name", json_object_new_string (area));
    json_object_object_add (json, "type", json_object_new_string (type));
    json_object_object_add (json, "status", status);
    probe = adj_battle_unit_from_json (battle, json, _("marker"), "$", error);
    if (probe == NULL)
      return FALSE;
    adj_change_set_add_unit (changes, adj_unit_to_json (probe), ids->len);
    return TRUE;
  }
}

gboolean
rr_take_marker_off (AdjBattle     *battle,
                    AdjChangeSet  *changes,
                    const char    *brigade,
                    const char    *type,
                    GError       **error)
{
  AdjUnit *marker = rr_brigade_unit (battle, brigade, type);
  g_autoptr(GPtrArray) ids = NULL;
  guint index;

  if (marker == NULL)
    return TRUE;
  ids = units_after (battle, changes);
  if (!g_ptr_array_find_with_equal_func (ids, adj_unit_get_id (marker), g_str_equal, &index))
    return TRUE;   /* already taken off in this very change */
  adj_change_set_remove_unit (changes, adj_unit_to_json (marker), index);
  return TRUE;
}

static gboolean
send_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  AdjBattle *battle = ctx->battle;
  AdjUnit *leader = adj_input_unit (ctx, in, "leader");
  const char *brigade = rr_unit_brigade (leader);
  AdjUnit *planned;

  if (brigade == NULL)
    return TRUE;
  planned = rr_brigade_unit (battle, brigade, "planned-objective");
  if (planned == NULL)
    return TRUE;
  if (g_str_equal (outcome->key, "arrives"))
    return adj_rules_change_unit_bool (battle, changes, planned, "status.sent", TRUE, error) &&
           rr_place_marker (battle, changes, brigade, "objective", adj_unit_get_name (planned),
                            adj_battle_get_turn (battle) +
                            adj_outcome_get_value_int (outcome, "turns", 0),
                            "objective", error);
  if (g_str_equal (outcome->key, "lost"))
    return rr_take_marker_off (battle, changes, brigade, "planned-objective", error);
  return TRUE;
}

/* For Send Orders (@send) or Receive Orders: a brigade leader whose order waits for that roll. */
static gboolean
order_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             gboolean           send,
             GError           **error)
{
  AdjUnit *leader;
  AdjRrOrder order;

  if (!rr_legal_unit (ctx, in, "leader", &leader, error))
    return FALSE;
  if (!rr_unit_is (leader, "leader") || rr_unit_brigade (leader) == NULL)
    return adj_not_allowed (error, _("%s is not a brigade leader"), adj_unit_get_name (leader));
  adj_rr_get_order (ctx->battle, rr_unit_brigade (leader), &order);
  if (rr_order_waits (&order, send, adj_battle_get_turn (ctx->battle)))
    return TRUE;
  return adj_not_allowed (error, send ? _("%s has no planned order waiting to be sent")
                                      : _("%s has no Objective Marker in this turn’s box"),
                          adj_unit_get_name (leader));
}

static gboolean
send_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  return order_legal (ctx, in, TRUE, error);
}

static gboolean
receive_legal (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  return order_legal (ctx, in, FALSE, error);
}

const AdjMechanic rr_send_orders = {
  .id = "rr/send-orders",
  .title = N_("Send Orders"),
  .summary = N_("Two dice on the Send Orders table: how many turns an order takes to arrive, or "
                "whether it is lost."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (send_inputs),
  MECHANIC_OUTCOMES (send_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = send_tables,
  .draws = rr_two_dice_draws,
  .legal = send_legal,
  .resolve = send_resolve,
  .odds = send_odds,
  .apply = send_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Receive Orders                                                                              */

static const AdjField receive_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  INT_FROM ("rating", N_("His rating’s modifier"),
            N_("What the letter of his rating adds, from your chart"), -4, 4, 0,
            "leader.status.order_modifier"),
  MODIFIER_INPUT,
};

static const AdjChoice receive_outcomes[] = {
  { "ignore", N_("Order ignored") },
  { "as-ordered", N_("As ordered") },
  { "charge", N_("Charge to the guns") },
  { "table-missing", N_("Rolled: the Receive Orders table is missing") },
};

static gboolean
receive_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  int rating = adj_inputs_get_int (in, "rating");
  int modifier = adj_inputs_get_int (in, "modifier");
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The leader"));
  g_autoptr(json_object) cell = NULL;
  const char *key;
  int sum, total;

  if (!rr_roll_dice (random, outcome, &rr_two_dice, &sum, error))
    return FALSE;
  if (rating != 0)
    adj_outcome_add_modifier (outcome, NULL, _("The leader’s rating"), rating);
  total = sum + rating + modifier;
  rr_add_modifier_line (outcome, modifier, total);
  if (!rr_chart_resolve (ctx, outcome, "receive-orders", total, "value", &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  if (g_str_equal (key, "ignore"))
    adj_outcome_set_result (outcome, key, _("%s ignores the order"), leader);
  else if (g_str_equal (key, "as-ordered"))
    adj_outcome_set_result (outcome, key, _("%s carries out the order: the Objective Marker "
                                            "replaces the planned one"), leader);
  else
    adj_outcome_set_result (outcome, key, _("%s charges the guns: put the Objective Marker where "
                                            "the rules send him"), leader);
  return TRUE;
}

static gboolean
receive_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  return rr_chart_odds (ctx, in, odds, "receive-orders", 2,
                        adj_inputs_get_int (in, "rating") + adj_inputs_get_int (in, "modifier"),
                        "value", NULL, error);
}

static gboolean
receive_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  AdjBattle *battle = ctx->battle;
  AdjUnit *leader = adj_input_unit (ctx, in, "leader");
  const char *brigade = rr_unit_brigade (leader);
  AdjUnit *planned;
  const char *area;

  if (brigade == NULL || g_str_equal (outcome->key, "table-missing"))
    return TRUE;
  planned = rr_brigade_unit (battle, brigade, "planned-objective");
  area = planned != NULL ? adj_unit_get_name (planned) : NULL;
  if (g_str_equal (outcome->key, "ignore"))
    return rr_take_marker_off (battle, changes, brigade, "planned-objective", error) &&
           rr_take_marker_off (battle, changes, brigade, "objective", error);
  if (g_str_equal (outcome->key, "as-ordered"))
    return rr_place_marker (battle, changes, brigade, "objective", area, 0, "objective", error) &&
           rr_take_marker_off (battle, changes, brigade, "planned-objective", error);
  /* A charge: the planned objective goes; the player names the area of the new one. */
  return rr_place_marker (battle, changes, brigade, "objective", area, -1, "objective", error) &&
         rr_take_marker_off (battle, changes, brigade, "planned-objective", error);
}

const AdjMechanic rr_receive_orders = {
  .id = "rr/receive-orders",
  .title = N_("Receive Orders"),
  .summary = N_("Two dice and the leader’s rating on the Receive Orders table: the order is "
                "ignored, carried out, or turns into a charge at the guns."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (receive_inputs),
  MECHANIC_OUTCOMES (receive_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = receive_tables,
  .draws = rr_two_dice_draws,
  .legal = receive_legal,
  .resolve = receive_resolve,
  .odds = receive_odds,
  .apply = receive_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Emergency withdrawal                                                                        */

static const AdjField withdrawal_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  INT_INPUT ("brigade_sp", N_("Brigade strength at the start"),
             N_("Worked out from the brigade’s units when there is a battle"), 0, 200, 20),
  INT_INPUT ("sp_lost", N_("Strength points lost"), NULL, 0, 200, 5),
  MODIFIER_INPUT,
};

static const AdjChoice withdrawal_outcomes[] = {
  { "not-eligible", N_("Not allowed yet") },
  { "automatic", N_("Withdraws without a roll") },
  { "withdraw", N_("Withdraws") },
  { "continue", N_("Carries on") },
  { "table-missing", N_("Rolled: the Emergency Withdrawal table is missing") },
};

/* Which case a brigade is in: under a quarter lost, half or more, or a test. */
const char *
rr_withdrawal_case (AdjRuleset *rs,
                    AdjInputs  *in)
{
  int total = adj_inputs_get_int (in, "brigade_sp");
  int lost = adj_inputs_get_int (in, "sp_lost");

  /* Integer comparisons: lost / total >= p / 100 is 100 lost >= p total. */
  if (total <= 0 || 100 * lost < adj_rules_int (rs, "withdrawal", "test_percent") * total)
    return "not-eligible";
  if (100 * lost >= adj_rules_int (rs, "withdrawal", "automatic_percent") * total)
    return "automatic";
  return NULL;
}

static void
withdrawal_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  if (rr_withdrawal_case (ctx->ruleset, in) == NULL)
    rr_two_dice_draws (ctx, in, specs);
}

static gboolean
withdrawal_prefill (const AdjContext  *ctx,
                    AdjInputs         *in,
                    GError           **error)
{
  AdjUnit *leader = adj_input_unit (ctx, in, "leader");
  int start = 0, now = 0;

  if (rr_unit_brigade (leader) == NULL)
    return TRUE;
  if (!adj_rr_brigade_strength (ctx->battle, rr_unit_brigade (leader), &start, &now, error))
    return FALSE;
  return adj_inputs_set_int (in, "brigade_sp", MIN (start, 200), error) &&
         adj_inputs_set_int (in, "sp_lost", CLAMP (start - now, 0, 200), error);
}

static gboolean
withdrawal_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  const char *special = rr_withdrawal_case (ctx->ruleset, in);
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The brigade"));
  int total = adj_inputs_get_int (in, "brigade_sp");
  int lost = adj_inputs_get_int (in, "sp_lost");
  g_autoptr(json_object) cell = NULL;

  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, lost,
                         /* TRANSLATORS: e.g. "Lost 6 of 20 strength points" */
                         ngettext ("Lost %d of %d strength point", "Lost %d of %d strength points",
                                   total), lost, total);
  if (special != NULL && g_str_equal (special, "not-eligible"))
    {
      adj_outcome_set_result (outcome, special,
                              _("%s has lost less than a quarter of its strength: no emergency "
                                "withdrawal yet"), leader);
      return TRUE;
    }
  if (special != NULL)
    {
      adj_outcome_set_result (outcome, special,
                              _("%s has lost half its strength or more: it withdraws without a "
                                "roll"), leader);
      return TRUE;
    }
  if (!rr_roll_on_chart (ctx, "emergency-withdrawal", "value", adj_inputs_get_int (in, "modifier"),
                         random, N_("Roll"), 2, outcome, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  if (g_str_equal (json_object_get_string (cell), "withdraw"))
    adj_outcome_set_result (outcome, "withdraw", _("%s may withdraw"), leader);
  else
    adj_outcome_set_result (outcome, "continue", _("%s must carry on"), leader);
  return TRUE;
}

static gboolean
withdrawal_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  const char *special = rr_withdrawal_case (ctx->ruleset, in);

  if (special != NULL)
    return rr_odds_certain (in, odds, special);
  return rr_chart_odds (ctx, in, odds, "emergency-withdrawal", 2,
                        adj_inputs_get_int (in, "modifier"), "value", NULL, error);
}

const AdjMechanic rr_withdrawal = {
  .id = "rr/emergency-withdrawal",
  .title = N_("Emergency withdrawal"),
  .summary = N_("A brigade that has lost a quarter of its strength tests on the Emergency "
                "Withdrawal table; at half it withdraws without a roll."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (withdrawal_inputs),
  MECHANIC_OUTCOMES (withdrawal_outcomes),
  .random_note = N_("No dice below a quarter lost or from half lost on."),
  .tables = withdrawal_tables,
  .draws = withdrawal_draws,
  .prefill = withdrawal_prefill,
  .resolve = withdrawal_resolve,
  .odds = withdrawal_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Finding a drift                                                                             */

static const AdjField drift_inputs[] = {
  UNIT_INPUT ("unit", N_("Battalion or regiment about to enter")),
  { .name = "drift", .kind = ADJ_FIELD_ENUM, .label = N_("Drift"), .choices = rr_crossings,
    .n_choices = RR_N_DRIFTS, .def_choice = "wagon-drift" },
};

static const AdjChoice drift_outcomes[] = {
  { "found", N_("Drift found") },
  { "not-found", N_("Drift not found") },
};

/* Two dice for the drift: the marker's value or less finds it. */
static const AdjDrawSpec drift_dice = { "find", N_("Finding the drift"), 2, 6 };

static const char *
drift_key (int      sum,
           gpointer value)
{
  return sum <= GPOINTER_TO_INT (value) ? "found" : "not-found";
}

/* Without a battle, one die among the markers of the drift's pool (two to six of them). */
static const AdjDrawSpec marker_dice[] = {
  { "marker", N_("Drift marker drawn"), 1, 2 },
  { "marker", N_("Drift marker drawn"), 1, 3 },
  { "marker", N_("Drift marker drawn"), 1, 4 },
  { "marker", N_("Drift marker drawn"), 1, 5 },
  { "marker", N_("Drift marker drawn"), 1, 6 },
};

static const AdjDrawSpec *
marker_die (AdjRuleset *rs,
            const char *drift)
{
  g_autoptr(GArray) pool = adj_rr_drift_pool (rs, drift);

  g_return_val_if_fail (pool != NULL && pool->len >= 2 &&
                        pool->len - 2 < G_N_ELEMENTS (marker_dice), &marker_dice[0]);
  return &marker_dice[pool->len - 2];
}

/* The value of the drift's marker: the one shown on the battle's track once it was turned over,
 * else the one sealed in the battle, read here and nowhere else before the roll shows it. */
static gboolean
drift_value (AdjBattle   *battle,
             const char  *drift,
             int         *value,
             GError     **error)
{
  AdjRrDriftState state = adj_rr_drift_state (battle, drift, value);
  g_autoptr(json_object) record = NULL;
  json_object *v;

  if (state == ADJ_RR_DRIFT_REVEALED || state == ADJ_RR_DRIFT_FOUND)
    return TRUE;
  record = rr_open_record (battle, ADJ_RR_DRIFTS_SECRET, error);
  if (record == NULL)
    return FALSE;
  v = json_object_object_get (json_object_object_get (record, "areas"), drift);
  if (!json_object_is_type (v, json_type_int))
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("The hidden record “%s” of the battle is damaged"),
                           ADJ_RR_DRIFTS_SECRET);
  *value = CLAMP (json_object_get_int (v), 2, 12);
  return TRUE;
}

/* A battalion or regiment in play, at a drift nobody has opened, once a turn. */
static gboolean
drift_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  AdjBattle *battle = ctx->battle;
  const char *drift = adj_inputs_get_string (in, "drift");
  const char *label = adj_rr_drift_label (ctx->ruleset, drift);
  g_autofree char *tried_key = rr_drift_key (drift, "_tried");
  AdjUnit *unit;
  AdjRrDriftState state;

  if (!rr_legal_unit (ctx, in, "unit", &unit, error))
    return FALSE;
  if (!rr_unit_is (unit, "battalion") && !rr_unit_is (unit, "regiment"))
    return adj_not_allowed (error, _("Only a battalion or a regiment in play looks for a drift; %s "
                                     "cannot"), adj_unit_get_name (unit));
  state = adj_rr_drift_state (battle, drift, NULL);
  if (state == ADJ_RR_DRIFT_FOUND || state == ADJ_RR_DRIFT_CLEARED)
    return adj_not_allowed (error, _("%s is open already"), label);
  if (!rr_in_segment (battle, "british-movement"))
    return adj_not_allowed (error, _("A drift is looked for as a battalion or regiment is about "
                                     "to enter it, in the British Movement segment"));
  if (rr_setting_int (battle, tried_key) == adj_battle_get_turn (battle))
    return adj_not_allowed (error, _("%s was looked for this turn already: try again next turn"),
                            label);
  return TRUE;
}

static gboolean
drift_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  const char *drift = adj_inputs_get_string (in, "drift");
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  g_autofree char *title = NULL;
  int value = 0, sum;
  gboolean found;

  if (ctx->battle == NULL)
    {
      /* No battle holds the marker: a die draws it from the drift's pool, as set-up does. */
      g_autoptr(GArray) pool = adj_rr_drift_pool (ctx->ruleset, drift);
      const AdjDrawSpec *spec = marker_die (ctx->ruleset, drift);
      int die;

      if (!adj_random_roll (random, spec->group, spec->label, 1, spec->sides, &die, error))
        return FALSE;
      value = g_array_index (pool, int, die - 1);
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, spec->group, TRUE, die,
                             /* TRANSLATORS: e.g. "Drift marker drawn (D5): 2 — a marker of 10" */
                             _("%s (D%u): %d — a marker of %d"), adj_gettext (spec->label),
                             spec->sides, die, value);
    }
  else if (!drift_value (ctx->battle, drift, &value, error))
    return FALSE;
  if (!rr_roll_dice (random, outcome, &drift_dice, &sum, error))
    return FALSE;
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, value,
                         /* TRANSLATORS: e.g. "Wagon Drift: its marker shows 8; found on 8 or
                          * less" */
                         _("%s: its marker shows %d; found on %d or less"),
                         adj_rr_drift_label (ctx->ruleset, drift), value, value);
  adj_outcome_set_value_int (outcome, "total", sum);
  adj_outcome_set_value_int (outcome, "value", value);
  found = g_str_equal (drift_key (sum, GINT_TO_POINTER (value)), "found");
  if (found)
    adj_outcome_set_result (outcome, "found", _("%d is no more than %d: the drift is found"), sum,
                            value);
  else
    adj_outcome_set_result (outcome, "not-found", _("%d is more than %d: the drift is not found "
                                                    "this turn"), sum, value);
  /* The title says the value the roll has just shown. */
  title = g_strdup_printf (found ? _("Drift found (marker %d)") : _("Drift not found (marker %d)"),
                           value);
  g_free (outcome->title);
  outcome->title = g_steal_pointer (&title);
  if (!found && unit != NULL && rr_unit_brigade (unit) != NULL)
    adj_outcome_add_note (outcome, _("The unit stops; its brigade’s objective markers come "
                                     "off."));
  return TRUE;
}

/* The values the drift's marker may have as far as the player knows: its pool less the values
 * shown on the other drifts drawn from it (int). */
static GArray *
drift_candidates (const AdjContext *ctx,
                  const char       *drift,
                  int              *shown)
{
  g_autoptr(GArray) pool = adj_rr_drift_pool (ctx->ruleset, drift);
  json_object *areas = json_object_object_get (rr_drift_pool_json (ctx->ruleset, drift), "areas");

  *shown = 0;
  if (ctx->battle == NULL || pool == NULL)
    return g_steal_pointer (&pool);
  for (gsize i = 0; i < json_object_array_length (areas); i++)
    {
      const char *other = rr_member_string (json_object_array_get_idx (areas, i), "id");
      AdjRrDriftState state;
      int value = 0;

      state = adj_rr_drift_state (ctx->battle, other, &value);
      if (state != ADJ_RR_DRIFT_REVEALED && state != ADJ_RR_DRIFT_FOUND)
        continue;
      if (g_str_equal (other, drift))
        {
          *shown = value;
          continue;
        }
      for (guint k = 0; k < pool->len; k++)
        if (g_array_index (pool, int, k) == value)
          {
            g_array_remove_index (pool, k);
            break;
          }
    }
  return g_steal_pointer (&pool);
}

/* The odds never use the sealed value: once the marker shows, its value; before (and without a
 * battle), each value its pool still holds, equally likely. */
static gboolean
drift_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  const char *drift = adj_inputs_get_string (in, "drift");
  g_autoptr(AdjDist) d = adj_dist_dice (drift_dice.count, drift_dice.sides);
  g_autoptr(GArray) values = NULL;
  int shown;

  values = drift_candidates (ctx, drift, &shown);
  if (shown > 0)
    g_array_set_size (values, 0);
  if (shown > 0 || values == NULL || values->len == 0)
    {
      adj_sum_odds (in->mechanic, drift_dice.count, drift_dice.sides, drift_key,
                    GINT_TO_POINTER (shown), odds);
      return TRUE;
    }
  adj_declare_outcomes (in->mechanic, odds);
  for (guint k = 0; k < values->len; k++)
    for (guint i = 0; i < d->n; i++)
      {
        const char *key = drift_key (d->min + (int) i,
                                     GINT_TO_POINTER (g_array_index (values, int, k)));

        adj_odds_add (odds, key, adj_outcome_label (in->mechanic, key), d->count[i]);
      }
  adj_odds_finish (odds, d->total * values->len);
  odds->note = g_strdup (_("The marker is face down: each value it may have counts alike"));
  return TRUE;
}

static void
drift_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  if (ctx->battle == NULL)
    g_array_append_val (specs, *marker_die (ctx->ruleset, adj_inputs_get_string (in, "drift")));
  g_array_append_val (specs, drift_dice);
}

/* Applied to a battle, the marker shows its value (found: it comes off for good), the drift is
 * tried this turn, and a unit that failed takes its brigade's objective markers off. */
static gboolean
drift_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  AdjBattle *battle = ctx->battle;
  const char *drift = adj_inputs_get_string (in, "drift");
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  const char *brigade = unit != NULL ? rr_unit_brigade (unit) : NULL;
  gboolean found = g_str_equal (outcome->key, "found");
  g_autofree char *state_key = rr_drift_key (drift, "");
  g_autofree char *value_key = rr_drift_key (drift, "_value");
  g_autofree char *tried_key = rr_drift_key (drift, "_tried");

  if (!rr_set_setting_int (battle, changes, value_key,
                           adj_outcome_get_value_int (outcome, "value", 0), error) ||
      !rr_set_setting_string (battle, changes, state_key, found ? "found" : "revealed", error) ||
      !rr_set_setting_int (battle, changes, tried_key, adj_battle_get_turn (battle), error))
    return FALSE;
  if (found || brigade == NULL)
    return TRUE;
  return rr_take_marker_off (battle, changes, brigade, "planned-objective", error) &&
         rr_take_marker_off (battle, changes, brigade, "objective", error);
}

const AdjMechanic rr_drift = {
  .id = "rr/find-drift",
  .title = N_("Finding a drift"),
  .summary = N_("A battalion or regiment about to enter a drift nobody has found rolls two dice: "
                "the marker’s value or less finds it."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (drift_inputs),
  MECHANIC_OUTCOMES (drift_outcomes),
  .draws = drift_draws,
  .legal = drift_legal,
  .resolve = drift_resolve,
  .odds = drift_odds,
  .apply = drift_apply,
  .reveals = TRUE,
};

/* ------------------------------------------------------------------------------------------ */
/* Crossing the Tugela                                                                         */

static const AdjField cross_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit entering or crossing")),
  ENUM_INPUT ("crossing", N_("Drift or bridge"), NULL, rr_crossings, "wagon-drift", NULL),
  BOOL_INPUT ("stays", N_("Stays in it"),
              N_("The unit ends its movement in the drift or on the bridge")),
};

static const AdjChoice cross_outcomes[] = {
  { "crosses", N_("Crosses") },
  { "stays", N_("Stays in the crossing") },
};

/* How many units a crossing lets through in a turn (@stay FALSE), or keeps at the end of a
 * movement segment (@stay TRUE). */
static int
cross_limit (AdjRuleset *rs,
             const char *crossing,
             gboolean    stay)
{
  gboolean bridge = g_str_equal (crossing, "bridge");

  return adj_rules_int (rs, "crossing", bridge ? (stay ? "bridge_stay" : "bridge_through")
                                               : (stay ? "drift_stay" : "drift_through"));
}

/* The units that entered or crossed @crossing this Game Turn, as the journal records them
 * (those staying in it counted in *@staying). */
static int
crossed_this_turn (AdjBattle  *battle,
                   const char *crossing,
                   int        *staying)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle), through = 0;

  *staying = 0;
  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      json_object *stays = NULL;

      if (g_strcmp0 (entry->mechanic, "rr/cross") != 0 || entry->turn != turn ||
          g_strcmp0 (rr_member_string (entry->inputs, "crossing"), crossing) != 0)
        continue;
      through++;
      if (json_object_object_get_ex (entry->inputs, "stays", &stays) &&
          json_object_get_boolean (stays))
        (*staying)++;
    }
  return through;
}

/* A unit in the game, at a crossing open to it, within the crossing's limits for the turn. */
static gboolean
cross_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  AdjBattle *battle = ctx->battle;
  const char *crossing = adj_inputs_get_string (in, "crossing");
  const AdjChoice *choice = adj_field_find_choice (rr_crossings, RR_N_CROSSINGS, crossing);
  const char *label = adj_gettext (choice->label);
  AdjRrDriftState state;
  AdjUnit *unit;
  int through, staying;

  if (!rr_legal_unit (ctx, in, "unit", &unit, error))
    return FALSE;
  if (!rr_is_troop_unit (unit))
    return adj_not_allowed (error, _("%s is no unit: only the units’ crossings are counted"),
                            adj_unit_get_name (unit));
  state = g_strv_contains (rr_drift_ids, crossing) ? adj_rr_drift_state (battle, crossing, NULL)
                                                   : ADJ_RR_DRIFT_FOUND;
  if (!rr_is_boer (unit) && (state == ADJ_RR_DRIFT_HIDDEN || state == ADJ_RR_DRIFT_REVEALED))
    return adj_not_allowed (error, _("%s has not been found yet: a battalion or regiment must "
                                     "find it before the British cross"), label);
  through = crossed_this_turn (battle, crossing, &staying);
  if (through >= cross_limit (ctx->ruleset, crossing, FALSE))
    return adj_not_allowed (error, ngettext ("%d unit has gone through %s this turn: no more may "
                                             "enter it",
                                             "%d units have gone through %s this turn: no more "
                                             "may enter it", through), through, label);
  if (adj_inputs_get_bool (in, "stays") && staying >= cross_limit (ctx->ruleset, crossing, TRUE))
    return adj_not_allowed (error, ngettext ("%d unit stays in %s already: no more may end its "
                                             "movement there",
                                             "%d units stay in %s already: no more may end their "
                                             "movement there", staying), staying, label);
  return TRUE;
}

/* No dice: the outcome names the unit and the crossing, and counts the units through it. */
static gboolean
cross_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  const char *crossing = adj_inputs_get_string (in, "crossing");
  const AdjChoice *choice = adj_field_find_choice (rr_crossings, RR_N_CROSSINGS, crossing);
  const char *unit = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  const char *label = adj_gettext (choice->label);
  int limit = cross_limit (ctx->ruleset, crossing, FALSE);
  const char *key = adj_inputs_get_bool (in, "stays") ? "stays" : "crosses";
  int staying, through = 0;

  if (ctx->battle != NULL)
    through = crossed_this_turn (ctx->battle, crossing, &staying) + 1;
  adj_outcome_set_value_int (outcome, "through", through);
  if (through > 0)
    adj_outcome_set_result (outcome, key, ngettext ("Unit %d of the %d a turn lets through",
                                                    "Unit %d of the %d a turn lets through",
                                                    limit), through, limit);
  else
    adj_outcome_set_result (outcome, key, ngettext ("%d unit a turn may go through",
                                                    "%d units a turn may go through", limit),
                            limit);
  g_free (outcome->title);
  outcome->title = g_str_equal (key, "stays")
                   /* TRANSLATORS: e.g. "2nd Devonshire Regiment stays in Bridle Drift" */
                   ? g_strdup_printf (_("%s stays in %s"), unit, label)
                   /* TRANSLATORS: e.g. "2nd Devonshire Regiment goes through Bridle Drift" */
                   : g_strdup_printf (_("%s goes through %s"), unit, label);
  return TRUE;
}

/* A commando entering a drift takes its marker off, unseen: the British may use it from now on. */
static gboolean
cross_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  const char *crossing = adj_inputs_get_string (in, "crossing");
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  g_autofree char *state_key = NULL;
  AdjRrDriftState state;

  if (unit == NULL || !rr_unit_is (unit, "commando") || !g_strv_contains (rr_drift_ids, crossing))
    return TRUE;
  state = adj_rr_drift_state (ctx->battle, crossing, NULL);
  if (state != ADJ_RR_DRIFT_HIDDEN && state != ADJ_RR_DRIFT_REVEALED)
    return TRUE;
  state_key = rr_drift_key (crossing, "");
  adj_outcome_add_note (outcome, _("The drift’s marker comes off unseen: the British may use "
                                   "it from now on."));
  return rr_set_setting_string (ctx->battle, changes, state_key, "cleared", error);
}

const AdjMechanic rr_cross = {
  .id = "rr/cross",
  .title = N_("Crossing the Tugela"),
  .summary = N_("A unit enters or goes through a drift or a bridge: two units a turn through a "
                "drift and one staying, three through a bridge and two staying."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (cross_inputs),
  MECHANIC_OUTCOMES (cross_outcomes),
  .legal = cross_legal,
  .resolve = cross_resolve,
  .apply = cross_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Leaders: Panicked or Standing Firm, recovery, casualties                                    */

/* A brigade leader in the game: only leaders carry Panicked or Standing Firm markers. */
static gboolean
leader_legal (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  AdjUnit *leader;

  if (!rr_legal_unit (ctx, in, "leader", &leader, error))
    return FALSE;
  if (!rr_unit_is (leader, "leader"))
    return adj_not_allowed (error, _("%s is not a brigade leader: only a brigade’s leader carries "
                                     "a Panicked or Standing Firm marker"),
                            adj_unit_get_name (leader));
  return TRUE;
}

static const AdjChoice marker_choices[] = {
  { "none", N_("None") },
  { "panicked", N_("Panicked") },
  { "standing-firm", N_("Standing Firm") },
};

static const AdjField reaction_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  ENUM_INPUT ("marker", N_("Marker he has now"), NULL, marker_choices, "none",
              "leader.status.leader_marker"),
};

static const AdjChoice reaction_outcomes[] = {
  { "panicked", N_("Panicked") },
  { "standing-firm", N_("Standing Firm") },
  { "steady", N_("No marker") },
  { "already-marked", N_("Already marked: no roll") },
};

static void
reaction_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  if (g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    rr_two_dice_draws (ctx, in, specs);
}

static const char *
reaction_key (int      sum,
              gpointer data)
{
  AdjRuleset *rs = data;

  if (sum <= adj_rules_int (rs, "leaders", "panicked_at_most"))
    return "panicked";
  if (sum >= adj_rules_int (rs, "leaders", "standing_firm_at_least"))
    return "standing-firm";
  return "steady";
}

static gboolean
reaction_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The leader"));
  const char *key;
  int sum;

  if (!g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    {
      adj_outcome_set_result (outcome, "already-marked",
                              _("%s already carries a marker: no roll"), leader);
      return TRUE;
    }
  if (!rr_roll_dice (random, outcome, &rr_two_dice, &sum, error))
    return FALSE;
  key = reaction_key (sum, ctx->ruleset);
  adj_outcome_set_value_int (outcome, "total", sum);
  if (g_str_equal (key, "panicked"))
    adj_outcome_set_result (outcome, key, _("%d: %s panics (Panicked marker)"), sum, leader);
  else if (g_str_equal (key, "standing-firm"))
    adj_outcome_set_result (outcome, key, _("%d: %s stands firm (Standing Firm marker)"), sum,
                            leader);
  else
    adj_outcome_set_result (outcome, key, _("%d: %s keeps his head"), sum, leader);
  return TRUE;
}

static gboolean
reaction_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  if (!g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    return rr_odds_certain (in, odds, "already-marked");
  adj_sum_odds (in->mechanic, 2, 6, reaction_key, ctx->ruleset, odds);
  return TRUE;
}

static gboolean
reaction_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  if (!g_str_equal (outcome->key, "panicked") && !g_str_equal (outcome->key, "standing-firm"))
    return TRUE;
  return adj_rules_change_unit_string (ctx->battle, changes, adj_input_unit (ctx, in, "leader"),
                                       "status.leader_marker", outcome->key, error);
}

const AdjMechanic rr_leader_reaction = {
  .id = "rr/leader-reaction",
  .title = N_("Leader under fire"),
  .summary = N_("When his brigade loses strength: two dice, 3 or less Panicked, 10 or more "
                "Standing Firm, unless he carries a marker already."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (reaction_inputs),
  MECHANIC_OUTCOMES (reaction_outcomes),
  .draws = reaction_draws,
  .legal = leader_legal,
  .resolve = reaction_resolve,
  .odds = reaction_odds,
  .apply = reaction_apply,
};

static const AdjField leader_recovery_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader")),
  ENUM_INPUT ("marker", N_("Marker he carries"), NULL, marker_choices, "panicked",
              "leader.status.leader_marker"),
};

static const AdjChoice leader_recovery_outcomes[] = {
  { "removed", N_("Marker removed") },
  { "stays", N_("Marker stays") },
  { "no-marker", N_("No marker: no roll") },
};

static void
leader_recovery_draws (const AdjContext *ctx,
                       AdjInputs        *in,
                       GArray           *specs)
{
  if (!g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    rr_two_dice_draws (ctx, in, specs);
}

/* Whether the leader's roll takes his marker off. */
static const char *
leader_recovery_key (int      sum,
                     gpointer rs)
{
  return sum >= adj_rules_int (rs, "leaders", "recovery_at_least") ? "removed" : "stays";
}

static gboolean
leader_recovery_resolve (const AdjContext  *ctx,
                         AdjInputs         *in,
                         AdjRandom         *random,
                         AdjOutcome        *outcome,
                         GError           **error)
{
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The leader"));
  int need = adj_rules_int (ctx->ruleset, "leaders", "recovery_at_least");
  int sum;

  if (g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    {
      adj_outcome_set_result (outcome, "no-marker", _("%s carries no marker"), leader);
      return TRUE;
    }
  if (!rr_roll_dice (random, outcome, &rr_two_dice, &sum, error))
    return FALSE;
  adj_outcome_set_value_int (outcome, "total", sum);
  if (g_str_equal (leader_recovery_key (sum, ctx->ruleset), "removed"))
    adj_outcome_set_result (outcome, "removed", _("%d, %d or more: %s’s marker comes off"), sum,
                            need, leader);
  else
    adj_outcome_set_result (outcome, "stays", _("%d, less than %d: %s keeps his marker"), sum,
                            need, leader);
  return TRUE;
}

static gboolean
leader_recovery_odds (const AdjContext  *ctx,
                      AdjInputs         *in,
                      AdjOdds           *odds,
                      GError           **error)
{
  if (g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    return rr_odds_certain (in, odds, "no-marker");
  adj_sum_odds (in->mechanic, 2, 6, leader_recovery_key, ctx->ruleset, odds);
  return TRUE;
}

static gboolean
leader_recovery_apply (const AdjContext  *ctx,
                       AdjInputs         *in,
                       AdjOutcome        *outcome,
                       AdjChangeSet      *changes,
                       GError           **error)
{
  if (!g_str_equal (outcome->key, "removed"))
    return TRUE;
  return adj_rules_change_unit_string (ctx->battle, changes, adj_input_unit (ctx, in, "leader"),
                                       "status.leader_marker", "none", error);
}

const AdjMechanic rr_leader_recovery = {
  .id = "rr/leader-recovery",
  .title = N_("Leader recovers"),
  .summary = N_("In the British Recovery segment: two dice for a leader with a Panicked or "
                "Standing Firm marker, 4 or more takes it off."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (leader_recovery_inputs),
  MECHANIC_OUTCOMES (leader_recovery_outcomes),
  .draws = leader_recovery_draws,
  .legal = leader_legal,
  .resolve = leader_recovery_resolve,
  .odds = leader_recovery_odds,
  .apply = leader_recovery_apply,
};

static const AdjChoice rank_choices[] = {
  { "buller", N_("Buller") },
  { "long", N_("Colonel Long") },
  { "leader", N_("A brigade leader") },
  { "replacement", N_("A replacement leader") },
};

static const AdjField casualty_inputs[] = {
  UNIT_INPUT ("who", N_("Who is in the area")),
  ENUM_INPUT ("rank", N_("He is"), NULL, rank_choices, "leader", NULL),
};

static const AdjChoice casualty_outcomes[] = {
  { "falls", N_("Eliminated") },
  { "unhurt", N_("Unhurt") },
  { "cannot-fall", N_("A replacement cannot fall") },
};

static void
casualty_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  if (!g_str_equal (adj_inputs_get_string (in, "rank"), "replacement"))
    rr_two_dice_draws (ctx, in, specs);
}

static gboolean
casualty_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *who = adj_input_unit (ctx, in, "who");
  const char *rank;

  if (who == NULL)
    return TRUE;
  if (rr_unit_is (who, "buller"))
    rank = "buller";
  else if (rr_unit_is (who, "long"))
    rank = "long";
  else if (rr_unit_is (who, "leader"))
    rank = adj_unit_get_status_bool (who, "replaced") ? "replacement" : "leader";
  else
    return TRUE; /* casualty_legal() says why he cannot fall */
  return adj_inputs_set_string (in, "rank", rank, error);
}

/* Buller, Long or a brigade leader still in the game. */
static gboolean
casualty_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *who;

  if (!rr_legal_unit (ctx, in, "who", &who, error))
    return FALSE;
  if (!rr_unit_is (who, "buller") && !rr_unit_is (who, "long") && !rr_unit_is (who, "leader"))
    return adj_not_allowed (error, _("%s is not Buller, Long or a brigade leader"),
                            adj_unit_get_name (who));
  return TRUE;
}

static const char *
casualty_key (int      sum,
              gpointer rs)
{
  return sum == adj_rules_int (rs, "leaders", "casualty_low") ||
         sum == adj_rules_int (rs, "leaders", "casualty_high") ? "falls" : "unhurt";
}

static gboolean
casualty_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *rank = adj_inputs_get_string (in, "rank");
  const char *who = adj_input_unit_name (ctx, in, "who", adj_gettext (
    adj_field_find_choice (rank_choices, G_N_ELEMENTS (rank_choices), rank)->label));
  int sum;

  if (g_str_equal (rank, "replacement"))
    {
      adj_outcome_set_result (outcome, "cannot-fall",
                              _("%s is a replacement: another would only take his place"), who);
      return TRUE;
    }
  if (!rr_roll_dice (random, outcome, &rr_two_dice, &sum, error))
    return FALSE;
  adj_outcome_set_value_int (outcome, "total", sum);
  if (g_str_equal (casualty_key (sum, ctx->ruleset), "unhurt"))
    adj_outcome_set_result (outcome, "unhurt", _("%d: %s is unhurt"), sum, who);
  else if (g_str_equal (rank, "leader"))
    adj_outcome_set_result (outcome, "falls", _("%d: %s falls; a replacement takes over his "
                                                "brigade"), sum, who);
  else
    adj_outcome_set_result (outcome, "falls", _("%d: %s falls"), sum, who);
  return TRUE;
}

static gboolean
casualty_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  if (g_str_equal (adj_inputs_get_string (in, "rank"), "replacement"))
    return rr_odds_certain (in, odds, "cannot-fall");
  adj_sum_odds (in->mechanic, 2, 6, casualty_key, ctx->ruleset, odds);
  return TRUE;
}

static gboolean
casualty_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *who = adj_input_unit (ctx, in, "who");

  if (!g_str_equal (outcome->key, "falls") || who == NULL)
    return TRUE;
  if (rr_unit_is (who, "leader"))
    return adj_rules_change_unit_bool (ctx->battle, changes, who, "status.replaced", TRUE, error) &&
           adj_rules_change_unit_string (ctx->battle, changes, who, "status.leader_marker", "none",
                                         error);
  return adj_rules_change_unit_bool (ctx->battle, changes, who, "destroyed", TRUE, error);
}

const AdjMechanic rr_leader_casualty = {
  .id = "rr/leader-casualty",
  .title = N_("Leader casualty"),
  .summary = N_("Buller, Long or a leader in an area where a British unit loses strength: two "
                "dice, 2 or 12 and he falls."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (casualty_inputs),
  MECHANIC_OUTCOMES (casualty_outcomes),
  .draws = casualty_draws,
  .legal = casualty_legal,
  .prefill = casualty_prefill,
  .resolve = casualty_resolve,
  .odds = casualty_odds,
  .apply = casualty_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Unit recovery                                                                               */

static const AdjField recovery_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("morale", N_("Its morale level now"), NULL, rr_morale_levels, "disrupted",
              "unit.status.morale"),
  MODIFIER_INPUT,
};

static const AdjChoice recovery_outcomes[] = {
  { "no-test", N_("In good order: no roll") },
  { "unchanged", N_("Unchanged") },
  { "up-one", N_("Up one level") },
  { "up-two", N_("Up two levels") },
  { "table-missing", N_("Rolled: the Unit Recovery table is missing") },
};

static void
recovery_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  if (!g_str_equal (adj_inputs_get_string (in, "morale"), "normal"))
    rr_two_dice_draws (ctx, in, specs);
}

static gboolean
recovery_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *morale = adj_inputs_get_string (in, "morale");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  g_autoptr(json_object) cell = NULL;
  const char *key;
  int rank;

  if (g_str_equal (morale, "normal"))
    {
      adj_outcome_set_value_string (outcome, "morale", "normal");
      adj_outcome_set_result (outcome, "no-test", _("%s is in good order"), name);
      return TRUE;
    }
  if (!rr_roll_on_chart (ctx, "unit-recovery", morale, adj_inputs_get_int (in, "modifier"), random,
                         N_("Roll"), 2, outcome, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  rank = rr_morale_rank (morale);
  if (g_str_equal (key, "up-one"))
    rank -= 1;
  else if (g_str_equal (key, "up-two"))
    rank -= 2;
  rank = MAX (rank, 0);
  adj_outcome_set_value_string (outcome, "morale", rr_morale_levels[rank].id);
  if (g_str_equal (key, "unchanged"))
    adj_outcome_set_result (outcome, key, _("%s stays %s"), name, rr_morale_label (morale));
  else
    adj_outcome_set_result (outcome, key, _("%s climbs from %s to %s"), name,
                            rr_morale_label (morale), adj_gettext (rr_morale_levels[rank].label));
  return TRUE;
}

static gboolean
recovery_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  const char *morale = adj_inputs_get_string (in, "morale");

  if (g_str_equal (morale, "normal"))
    return rr_odds_certain (in, odds, "no-test");
  return rr_chart_odds (ctx, in, odds, "unit-recovery", 2, adj_inputs_get_int (in, "modifier"),
                        morale, NULL, error);
}

/* A unit still in the game with a morale level: a battalion, regiment, battery, commando or
 * Boer gun (leaders carry markers, not morale levels). */
static gboolean
recovery_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit;

  if (!rr_legal_unit (ctx, in, "unit", &unit, error))
    return FALSE;
  if (!rr_is_troop_unit (unit))
    return adj_not_allowed (error, _("%s has no morale level to recover: only battalions, "
                                     "regiments, batteries, commandos and Boer guns recover"),
                            adj_unit_get_name (unit));
  return TRUE;
}

static gboolean
recovery_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  json_object *morale = json_object_object_get (outcome->values, "morale");

  if (morale == NULL || unit == NULL)
    return TRUE;
  if (!adj_rules_change_unit_string (ctx->battle, changes, unit, "status.morale",
                                     json_object_get_string (morale), error))
    return FALSE;
  return TRUE;
}

const AdjMechanic rr_unit_recovery = {
  .id = "rr/unit-recovery",
  .title = N_("Unit recovery"),
  .summary = N_("A disrupted, suppressed or routed unit rolls two dice on the Unit Recovery "
                "table and may climb one or two morale levels."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (recovery_inputs),
  MECHANIC_OUTCOMES (recovery_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = recovery_tables,
  .draws = recovery_draws,
  .legal = recovery_legal,
  .resolve = recovery_resolve,
  .odds = recovery_odds,
  .apply = recovery_apply,
};
