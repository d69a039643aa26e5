/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-army.c: When Empires Clash! — an army's value (wec/army-value) and its limits
 * (wec/army-limits). */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include "adj-wec-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Army value and limits                                                                       */

static char *
points_label (int value)
{
  return g_strdup_printf (ngettext ("%d point", "%d points", value), value);
}

/* The most points an army of value @value may put on stands worth 4 or more, when rolled. */
static int
rolled_heavy_cap (AdjRuleset *rs,
                  int         value)
{
  return value * adj_rules_int (rs, "army", "rolled_heavy_percent") / 100;
}

static void
army_value_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  AdjDrawSpec s = { "army", N_("Army value"), 0, 6 };

  s.count = (guint) adj_rules_int (ctx->ruleset, "army", "rolled_dice");
  g_array_append_val (specs, s);
}

static gboolean
army_value_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  guint n = (guint) adj_rules_int (ctx->ruleset, "army", "rolled_dice");
  int dice[16];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;
  int sum = 0, cap;

  g_return_val_if_fail (n <= G_N_ELEMENTS (dice), FALSE);
  if (!adj_random_roll (random, "army", N_("Army value"), n, 6, dice, error))
    return FALSE;
  sum = adj_dice_append (text, dice, n, " + ");
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, "army", TRUE, sum,
                         _("Army value (%uD6): %s"), n, text->str);
  cap = rolled_heavy_cap (ctx->ruleset, sum);
  title = points_label (sum);
  reason = g_strdup_printf (_("An army of %d points, at most %d of them on stands worth %d or "
                         "more"), sum, cap,
                       adj_rules_int (ctx->ruleset, "army", "heavy_threshold"));
  adj_outcome_set_number (outcome, sum, title, reason);
  adj_outcome_set_value_int (outcome, "heavy_cap", cap);
  return TRUE;
}

static gboolean
army_value_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  adj_number_odds ((guint) adj_rules_int (ctx->ruleset, "army", "rolled_dice"), 6, 0,
                   points_label, odds);
  return TRUE;
}

static gboolean
army_value_apply (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjOutcome        *outcome,
                  AdjChangeSet      *changes,
                  GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  g_autofree char *target = NULL;
  g_autoptr(json_object) rolled = json_object_new_string ("rolled");
  g_autoptr(json_object) value =
    json_object_new_int64 (adj_outcome_get_value_int (outcome, "result", 0));

  if (side == NULL)
    return TRUE;
  target = g_strconcat ("side:", side, NULL);
  return adj_battle_change_field (ctx->battle, changes, target, "settings.budget", rolled, error) &&
         adj_battle_change_field (ctx->battle, changes, target, "settings.rolled_value", value,
                                  error);
}

const AdjMechanic wec_army_value = {
  .id = "wec/army-value",
  .title = N_("Army value"),
  .summary = N_("For unequal armies each side rolls 8D6 for the points it may spend."),
  .scope = ADJ_SCOPE_SETUP,
  MECHANIC_INPUTS (wec_side_only_inputs),
  .draws = army_value_draws,
  .resolve = army_value_resolve,
  .odds = army_value_odds,
  .apply = army_value_apply,
};

/* The three limits of an army, written into @report.  Points are counted in halves because
 * an entrenchment length is worth half a point. */
void
wec_report_army_limits (AdjRuleset    *rs,
                        gboolean       rolled,
                        int            rolled_value,
                        int            total,
                        int            heavy,
                        int            lengths,
                        int            commands,
                        AdjArmyReport *report)
{
  int threshold = adj_rules_int (rs, "army", "heavy_threshold");
  int budget = rolled ? rolled_value : adj_rules_int (rs, "army", "standard_points");
  int half = 2 * total + lengths;
  int need_commands = adj_rules_int (rs, "army", "command_stands");
  g_autofree char *shown = wec_format_half_points (half);

  json_object_object_add (report->values, "total_half_points", json_object_new_int64 (half));
  json_object_object_add (report->values, "total", json_object_new_string (shown));
  json_object_object_add (report->values, "budget", json_object_new_int64 (budget));
  json_object_object_add (report->values, "heavy", json_object_new_int64 (heavy));
  json_object_object_add (report->values, "command_stands", json_object_new_int64 (commands));

  adj_army_report_add (report, "points", _("Points"), half <= 2 * budget,
                       _("%s of %d points (the command stand is not counted)"), shown, budget);
  if (rolled)
    {
      int percent = adj_rules_int (rs, "army", "rolled_heavy_percent");
      adj_army_report_add (report, "heavy", _("Stands worth 4 or more"),
                           heavy * 100 <= percent * rolled_value,
                           _("%d points on stands worth %d or more; at most %d%% of %d, that is "
                             "%d"), heavy, threshold, percent, rolled_value,
                           rolled_heavy_cap (rs, rolled_value));
    }
  else
    {
      int cap = adj_rules_int (rs, "army", "standard_heavy_points");
      adj_army_report_add (report, "heavy", _("Stands worth 4 or more"), heavy <= cap,
                           _("%d points on stands worth %d or more; at most %d"), heavy,
                           threshold, cap);
    }
  adj_army_report_add (report, "command", _("Command stand"), commands == need_commands,
                       ngettext ("%d command stand; an army has exactly %d",
                                 "%d command stands; an army has exactly %d", commands),
                       commands, need_commands);
}

static const AdjField limits_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  { .name = "budget", .kind = ADJ_FIELD_ENUM, .label = N_("Army size"),
    .choices = wec_budget_choices, .n_choices = G_N_ELEMENTS (wec_budget_choices),
    .def_choice = "standard", .from = "side.budget" },
  { .name = "rolled_value", .kind = ADJ_FIELD_INT, .label = N_("Rolled army value"),
    .min = 8, .max = 48, .def = 36, .from = "side.rolled_value" },
  INT_INPUT ("total_value", N_("Points spent"),
             N_("The value of every stand but the command stand"), 0, 5000, 0),
  INT_INPUT ("heavy_value", N_("Points on stands worth 4 or more"), NULL, 0, 5000, 0),
  INT_INPUT ("entrenchment_lengths", N_("Entrenchment (50 mm lengths)"),
             N_("Counted at half a point each when entrenchments count"), 0, 200, 0),
  INT_INPUT ("command_stands", N_("Command stands"), NULL, 0, 10, 1),
};

static const AdjChoice limits_outcomes[] = {
  { "legal", N_("Within the limits") },
  { "illegal", N_("Breaks a limit") },
};

static gboolean
limits_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");

  if (side == NULL)
    return TRUE;
  return adj_inputs_set_int (in, "total_value",
                             wec_side_sum (ctx->battle, side, wec_filter_army, FALSE), error) &&
         adj_inputs_set_int (in, "heavy_value",
                             wec_side_sum (ctx->battle, side, wec_filter_heavy, FALSE), error) &&
         adj_inputs_set_int (in, "command_stands",
                             wec_side_sum (ctx->battle, side, wec_filter_command, TRUE), error) &&
         adj_inputs_set_int (in, "entrenchment_lengths",
                             wec_counted_entrenchment (ctx->battle, side), error);
}

static gboolean
limits_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  g_autoptr(AdjArmyReport) report = adj_army_report_new ();
  g_autoptr(GString) problems = g_string_new (NULL);

  wec_report_army_limits (ctx->ruleset,
                          g_str_equal (adj_inputs_get_string (in, "budget"), "rolled"),
                          adj_inputs_get_int (in, "rolled_value"),
                          adj_inputs_get_int (in, "total_value"),
                          adj_inputs_get_int (in, "heavy_value"),
                          adj_inputs_get_int (in, "entrenchment_lengths"),
                          adj_inputs_get_int (in, "command_stands"), report);
  for (guint i = 0; i < report->checks->len; i++)
    {
      AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0, "%s %s: %s",
                             c->ok ? "✓" : "✗", c->label, c->detail);
      if (!c->ok)
        g_string_append_printf (problems, "%s%s", problems->len > 0 ? "; " : "", c->detail);
    }
  json_object_object_foreach (report->values, key, val)
    json_object_object_add (outcome->values, key, json_object_get (val));

  if (problems->len == 0)
    adj_outcome_set_result (outcome, "legal", _("Every limit is kept"));
  else
    adj_outcome_set_result (outcome, "illegal", "%s", problems->str);
  return TRUE;
}

const AdjMechanic wec_army_limits = {
  .id = "wec/army-limits",
  .title = N_("Army limits"),
  .summary = N_("Checks an army against its points, the cap on stands worth 4 or more, and its "
                "single command stand."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (limits_inputs),
  MECHANIC_OUTCOMES (limits_outcomes),
  .prefill = limits_prefill,
  .resolve = limits_resolve,
};
