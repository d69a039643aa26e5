/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-combat.c: Redvers' Reverse — the mechanics of fighting: formation morale, shell and
 * rifle fire, the Boer target die among the plot markers, the Boer Shaken test, Boer strength,
 * stacking, losses and the victory check.  Each is a mechanic of the action panel; the system
 * table in adj-rr.c lists them. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-rr-private.h"

/* The charts each mechanic reads. */
static const char *const morale_tables[] = { "formation-morale", NULL };
static const char *const shell_tables[] = { "shell-fire", NULL };
static const char *const rifle_tables[] = { "rifle-fire", NULL };

/* ------------------------------------------------------------------------------------------ */
/* Formation morale                                                                            */

const AdjChoice rr_column_choices[RR_N_COLUMNS] = {
  { "brigade", N_("A British brigade") },
  { "group-emplacement", N_("A Boer group in an emplacement") },
  { "group-open", N_("A Boer group not in an emplacement") },
};

static const AdjField formation_inputs[] = {
  ENUM_INPUT ("column", N_("Who tests"),
              N_("A Boer group overrun in close combat is not in its emplacement"),
              rr_column_choices, "brigade", NULL),
  MODIFIER_INPUT,
};

static const AdjChoice formation_outcomes[] = {
  { "normal", N_("No effect") },
  { "disrupted", N_("Disrupted") },
  { "suppressed", N_("Suppressed") },
  { "routed", N_("Routed") },
  { "table-missing", N_("Rolled: the Formation Morale table is missing") },
};

static gboolean
formation_resolve (const AdjContext  *ctx,
                   AdjInputs         *in,
                   AdjRandom         *random,
                   AdjOutcome        *outcome,
                   GError           **error)
{
  g_autoptr(json_object) cell = NULL;
  const char *key;

  if (!rr_roll_on_chart (ctx, "formation-morale", adj_inputs_get_string (in, "column"),
                         adj_inputs_get_int (in, "modifier"), random, N_("Roll"), 2, outcome, &cell,
                         error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  if (g_str_equal (key, "normal"))
    adj_outcome_set_result (outcome, key, _("Morale holds"));
  else
    adj_outcome_set_result (outcome, key, _("Every unit of the formation in the area that is "
                                            "better than %s falls to it"), rr_morale_label (key));
  return TRUE;
}

static gboolean
formation_odds (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOdds           *odds,
                GError           **error)
{
  return rr_chart_odds (ctx, in, odds, "formation-morale", 2, adj_inputs_get_int (in, "modifier"),
                        adj_inputs_get_string (in, "column"), NULL, error);
}

const AdjMechanic rr_formation_morale = {
  .id = "rr/formation-morale",
  .title = N_("Formation morale"),
  .summary = N_("A brigade or group that loses strength in an area rolls two dice on the "
                "Formation Morale table: the level its units there fall to."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (formation_inputs),
  MECHANIC_OUTCOMES (formation_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = morale_tables,
  .draws = rr_two_dice_draws,
  .resolve = formation_resolve,
  .odds = formation_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Fire                                                                                        */

static gboolean
fire_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  AdjUnit *firer = adj_input_unit (ctx, in, "firer");

  if (firer == NULL)
    return TRUE;
  return adj_inputs_set_int (in, "strength",
                             CLAMP (adj_rr_unit_strength (ctx->battle, firer), 0, MAX_SP),
                             error);
}

gboolean
rr_shell_firer_ok (AdjUnit  *firer,
                   GError  **error)
{
  if (!rr_unit_is (firer, "battery") && !rr_unit_is (firer, "boer-gun"))
    return adj_not_allowed (error, _("Only batteries and Boer guns fire shells; %s does not"),
                            adj_unit_get_name (firer));
  if (rr_unit_is (firer, "battery") && adj_unit_get_status_bool (firer, "limbered"))
    return adj_not_allowed (error, _("%s is limbered: it cannot fire"), adj_unit_get_name (firer));
  return TRUE;
}

gboolean
rr_rifle_firer_ok (AdjUnit  *firer,
                   GError  **error)
{
  if (!rr_unit_is (firer, "battalion") && !rr_unit_is (firer, "regiment") &&
      !rr_unit_is (firer, "commando"))
    return adj_not_allowed (error,
                            _("Only battalions, regiments and commandos fire rifles; %s does not"),
                            adj_unit_get_name (firer));
  if (g_str_equal (adj_unit_get_status_string (firer, "morale"), "routed"))
    return adj_not_allowed (error, _("%s is routed: it does not fire"), adj_unit_get_name (firer));
  if (rr_unit_is (firer, "commando") &&
      g_str_equal (adj_unit_get_status_string (firer, "sp_counter"), "no-fire"))
    return adj_not_allowed (error, _("%s drew No Fire: it does not fire this turn"),
                            adj_unit_get_name (firer));
  return TRUE;
}

gboolean
rr_fire_target_ok (AdjUnit  *firer,
                   AdjUnit  *target,
                   GError  **error)
{
  if (rr_is_boer (firer) == rr_is_boer (target) || (!rr_is_brigade_unit (target) &&
                                                    !rr_unit_is (target, "commando") &&
                                                    !rr_unit_is (target, "boer-gun")))
    return adj_not_allowed (error, _("%s cannot fire at %s"),
                            adj_unit_get_name (firer), adj_unit_get_name (target));
  return TRUE;
}

gboolean
rr_boer_firer_ok (AdjUnit  *firer,
                  GError  **error)
{
  if (!rr_unit_is (firer, "commando") && !rr_unit_is (firer, "boer-gun"))
    return adj_not_allowed (error, _("%s is not a Boer unit that fires"),
                            adj_unit_get_name (firer));
  return TRUE;
}

/* Against a battle, a firer named must be in the game and @can_fire; with none named, the
 * inputs typed in stand for it. */
static gboolean
firer_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             gboolean         (*can_fire) (AdjUnit *firer, GError **error),
             GError           **error)
{
  AdjUnit *firer = adj_input_unit (ctx, in, "firer");

  if (firer == NULL)
    return TRUE;
  if (adj_unit_get_destroyed (firer))
    return adj_not_allowed (error, _("%s is destroyed"), adj_unit_get_name (firer));
  return can_fire (firer, error);
}

/* A live gun or unlimbered battery at an enemy unit in the area it shells. */
static gboolean
shell_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  AdjUnit *firer;

  return adj_rules_legal_pair (ctx, in, "firer", "target", &firer, error) &&
         rr_shell_firer_ok (firer, error) &&
         rr_fire_target_ok (firer, adj_input_unit (ctx, in, "target"), error);
}

static const AdjField shell_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing gun or battery")),
  UNIT_INPUT ("target", N_("A unit in the target area")),
  INT_INPUT ("strength", N_("Strength of the firer"), NULL, 0, MAX_SP, 2),
  MODIFIER_INPUT,
};

static const AdjChoice shell_outcomes[] = {
  { "no-effect", N_("No effect") },
  { "disrupted", N_("Disrupted") },
  { "suppressed", N_("Suppressed") },
  { "table-missing", N_("Rolled: the Shell Fire table is missing") },
};

static gboolean
shell_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  g_autofree char *column = rr_strength_column (ctx->ruleset, "shell-fire", in);
  g_autoptr(json_object) cell = NULL;
  const char *key;

  if (!rr_roll_on_chart (ctx, "shell-fire", column, adj_inputs_get_int (in, "modifier"), random,
                         N_("Shell fire"), 2, outcome, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  if (g_str_equal (key, "no-effect"))
    adj_outcome_set_result (outcome, key, _("The shells do no harm"));
  else if (adj_input_unit (ctx, in, "target") != NULL)
    /* TRANSLATORS: e.g. "Vrede Commando and every unit in its area are Suppressed" */
    adj_outcome_set_result (outcome, key, _("%s and every unit in its area are %s"),
                            adj_input_unit_name (ctx, in, "target", NULL), rr_morale_label (key));
  else
    adj_outcome_set_result (outcome, key, _("Every unit in the target area is %s"),
                            rr_morale_label (key));
  return TRUE;
}

static gboolean
shell_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  g_autofree char *column = rr_strength_column (ctx->ruleset, "shell-fire", in);

  return rr_chart_odds (ctx, in, odds, "shell-fire", 2, adj_inputs_get_int (in, "modifier"), column,
                        NULL, error);
}

/* Applied to a battle, the target falls to the morale level the chart gives, as every unit of
 * the area does in adj_rr_shell_fire(). */
static gboolean
shell_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  AdjUnit *target = adj_input_unit (ctx, in, "target");
  const char *units[] = { target != NULL ? adj_unit_get_id (target) : NULL, NULL };

  if (target == NULL)
    return TRUE;
  if (!g_str_equal (outcome->key, "no-effect"))
    adj_outcome_add_note (outcome, _("Only %s is marked here: mark the other units of its area "
                                     "%s too."), adj_unit_get_name (target),
                          rr_morale_label (outcome->key));
  return rr_lower_morale (ctx->battle, changes, units, outcome->key, NULL, error);
}

const AdjMechanic rr_shell_fire = {
  .id = "rr/shell-fire",
  .title = N_("Shell fire"),
  .summary = N_("A gun or battery fires at an area: two dice on the Shell Fire table may disrupt "
                "or suppress every unit there."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (shell_inputs),
  MECHANIC_OUTCOMES (shell_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = shell_tables,
  .draws = rr_two_dice_draws,
  .legal = shell_legal,
  .prefill = fire_prefill,
  .resolve = shell_resolve,
  .odds = shell_odds,
  .apply = shell_apply,
};

static const AdjField rifle_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing unit")),
  UNIT_INPUT ("target", N_("Target")),
  INT_INPUT ("strength", N_("Strength of the firer"), NULL, 0, MAX_SP, 4),
  MODIFIER_INPUT,
};

static const AdjChoice rifle_outcomes[] = {
  { "no-loss", N_("No loss") },
  { "losses", N_("Strength lost") },
  { "table-missing", N_("Rolled: the Rifle Fire table is missing") },
};

static void
rifle_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec s = { "roll", N_("Rifle fire"), 1, 6 };

  g_array_append_val (specs, s);
}

static const char *
classify_rifle (json_object *value)
{
  return json_object_get_int (value) > 0 ? "losses" : "no-loss";
}

static gboolean
rifle_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  g_autofree char *column = rr_strength_column (ctx->ruleset, "rifle-fire", in);
  const char *target = adj_input_unit_name (ctx, in, "target", _("The target"));
  g_autoptr(json_object) cell = NULL;
  int lost;

  if (!rr_roll_on_chart (ctx, "rifle-fire", column, adj_inputs_get_int (in, "modifier"), random,
                         N_("Rifle fire"), 1, outcome, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  lost = json_object_get_int (cell);
  adj_outcome_set_value_int (outcome, "losses", lost);
  if (g_str_equal (classify_rifle (cell), "no-loss"))
    adj_outcome_set_result (outcome, "no-loss", _("%s loses nothing"), target);
  else
    adj_outcome_set_result (outcome, "losses",
                            ngettext ("%s loses %d strength point", "%s loses %d strength points",
                                      lost), target, lost);
  return TRUE;
}

static gboolean
rifle_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  g_autofree char *column = rr_strength_column (ctx->ruleset, "rifle-fire", in);

  return rr_chart_odds (ctx, in, odds, "rifle-fire", 1, adj_inputs_get_int (in, "modifier"), column,
                        classify_rifle, error);
}

/* A live unit able to fire rifles, with strength left, at an enemy unit rifles can hit. */
static gboolean
rifle_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  AdjUnit *firer;

  if (!adj_rules_legal_pair (ctx, in, "firer", "target", &firer, error) ||
      !rr_rifle_firer_ok (firer, error))
    return FALSE;
  if (rr_counter_strength (firer) == 0)
    return adj_not_allowed (error, _("%s has no strength points left: it cannot fire"),
                            adj_unit_get_name (firer));
  return rr_fire_target_ok (firer, adj_input_unit (ctx, in, "target"), error);
}

/* Applied to a battle, the target takes the strength points lost, as adj_rr_rifle_fire() does. */
static gboolean
rifle_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  AdjUnit *target = adj_input_unit (ctx, in, "target");
  LossResult r;

  if (target == NULL || !rr_rifle_losses (target, outcome, &r, error))
    return target == NULL;
  return r.key == NULL ||
         rr_apply_loss_result (ctx->battle, changes, target, r.key, r.losses, r.reduced, error);
}

const AdjMechanic rr_rifle_fire = {
  .id = "rr/rifle-fire",
  .title = N_("Rifle fire"),
  .summary = N_("A commando, battalion or regiment fires at a unit: one die on the Rifle Fire "
                "table gives the strength points it loses."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (rifle_inputs),
  MECHANIC_OUTCOMES (rifle_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = rifle_tables,
  .draws = rifle_draws,
  .legal = rifle_legal,
  .prefill = fire_prefill,
  .resolve = rifle_resolve,
  .odds = rifle_odds,
  .apply = rifle_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Boer targeting: a die among the six plot markers                                            */

static const AdjField target_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing Boer unit")),
};

static const AdjChoice target_outcomes[] = {
  { "plot-1", N_("Plot marker 1") },
  { "plot-2", N_("Plot marker 2") },
  { "plot-3", N_("Plot marker 3") },
  { "plot-4", N_("Plot marker 4") },
  { "plot-5", N_("Plot marker 5") },
  { "plot-6", N_("Plot marker 6") },
};

static const AdjDrawSpec plot_die = { "plot", N_("Plot marker"), 1, 6 };

/* The outcome of the plot marker die: the marker it names. */
static const char *
target_key (int      die,
            gpointer data)
{
  return target_outcomes[die - 1].id;
}

static void
target_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  g_array_append_val (specs, plot_die);
}

static gboolean
target_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  int die;

  if (!rr_roll_dice (random, outcome, &plot_die, &die, error))
    return FALSE;
  adj_outcome_set_value_int (outcome, "plot", die);
  adj_outcome_set_result (outcome, target_key (die, NULL),
                          _("%s fires at the area of plot marker %d"),
                          adj_input_unit_name (ctx, in, "firer", _("The Boer unit")), die);
  return TRUE;
}

static gboolean
target_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  adj_sum_odds (in->mechanic, 1, 6, target_key, NULL, odds);
  return TRUE;
}

static gboolean
target_legal (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  return firer_legal (ctx, in, rr_boer_firer_ok, error);
}

const AdjMechanic rr_boer_target = {
  .id = "rr/boer-target",
  .title = N_("Boer target area"),
  .summary = N_("One die picks which of the six plot markers, laid by the Boer Plot chart, marks "
                "the area a Boer unit fires at."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (target_inputs),
  MECHANIC_OUTCOMES (target_outcomes),
  .draws = target_draws,
  .legal = target_legal,
  .resolve = target_resolve,
  .odds = target_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* The Boer Shaken test                                                                        */

static const AdjField shaken_inputs[] = {
  INT_INPUT ("turn", N_("Game Turn"), NULL, 1, 20, 5),
  INT_INPUT ("confidence", N_("Confidence"), NULL, 1, 20, 3),
};

static const AdjChoice shaken_outcomes[] = {
  { "not-due", N_("No test: Confidence is above the Game Turn") },
  { "shaken", N_("The Boers are shaken") },
  { "holds", N_("Boer confidence holds") },
};

static gboolean
shaken_due (AdjInputs *in)
{
  return adj_inputs_get_int (in, "confidence") <= adj_inputs_get_int (in, "turn");
}

/* The least throw of two dice that shakes the Boers: the roll needed, less the gap between the
 * Game Turn and Confidence. */
static int
shaken_least (AdjRuleset *rs,
              AdjInputs  *in)
{
  return adj_rules_int (rs, "tracks", "shaken_roll") -
         (adj_inputs_get_int (in, "turn") - adj_inputs_get_int (in, "confidence"));
}

static const char *
shaken_key (int      sum,
            gpointer least)
{
  return sum >= GPOINTER_TO_INT (least) ? "shaken" : "holds";
}

static void
shaken_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  if (shaken_due (in))
    rr_two_dice_draws (ctx, in, specs);
}

static gboolean
shaken_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  return adj_inputs_set_int (in, "turn", CLAMP (adj_battle_get_turn (ctx->battle), 1, 20),
                             error) &&
         adj_inputs_set_int (in, "confidence", rr_setting_int (ctx->battle, "confidence"), error);
}

static gboolean
shaken_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  int turn = adj_inputs_get_int (in, "turn");
  int confidence = adj_inputs_get_int (in, "confidence");
  int need = adj_rules_int (ctx->ruleset, "tracks", "shaken_roll");
  int sum, total;

  if (!shaken_due (in))
    {
      adj_outcome_set_result (outcome, "not-due", _("Confidence %d is above Game Turn %d: no "
                                                    "test"), confidence, turn);
      return TRUE;
    }
  if (!rr_roll_dice (random, outcome, &rr_two_dice, &sum, error))
    return FALSE;
  if (turn > confidence)
    adj_outcome_add_modifier (outcome, NULL, _("Boxes Confidence is below the Game Turn"),
                              turn - confidence);
  total = sum + turn - confidence;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Total"), TRUE, total);
  adj_outcome_set_value_int (outcome, "total", total);
  if (g_str_equal (shaken_key (sum, GINT_TO_POINTER (shaken_least (ctx->ruleset, in))), "shaken"))
    adj_outcome_set_result (outcome, "shaken", _("%d, %d or more: the Boers are shaken"), total,
                            need);
  else
    adj_outcome_set_result (outcome, "holds", _("%d, less than %d: the Boers hold on"), total,
                            need);
  return TRUE;
}

static gboolean
shaken_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  if (!shaken_due (in))
    return rr_odds_certain (in, odds, "not-due");
  adj_sum_odds (in->mechanic, 2, 6, shaken_key, GINT_TO_POINTER (shaken_least (ctx->ruleset, in)),
                odds);
  return TRUE;
}

static gboolean
shaken_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  AdjBattle *battle = ctx->battle;
  int shaken = rr_setting_int (battle, "shaken");
  g_autoptr(json_object) cups = NULL;
  json_object *sp, *aside, *cup;

  if (!g_str_equal (outcome->key, "shaken"))
    return TRUE;
  if (!rr_set_setting_int (battle, changes, "shaken", MIN (shaken + 1, 2), error))
    return FALSE;
  /* The No Fire counters join the SP cup the first time. */
  if (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) == NULL)
    return TRUE;
  cups = rr_open_cups (battle, error);
  if (cups == NULL)
    return FALSE;
  sp = json_object_object_get (cups, "sp");
  aside = json_object_object_get (sp, "aside");
  cup = json_object_object_get (sp, "cup");
  if (json_object_array_length (aside) == 0)
    return TRUE;
  for (gsize i = 0; i < json_object_array_length (aside); i++)
    json_object_array_add (cup, json_object_get (json_object_array_get_idx (aside, i)));
  json_object_object_add (sp, "aside", json_object_new_array ());
  rr_shuffle_array (cup, adj_battle_get_rng (battle));
  adj_outcome_add_note (outcome, _("The two No Fire counters go into the SP counter cup."));
  return rr_seal_cups (battle, changes, cups, error);
}

const AdjMechanic rr_shaken = {
  .id = "rr/shaken",
  .title = N_("Boer Shaken test"),
  .summary = N_("When Confidence is at or below the Game Turn: two dice plus the gap between "
                "them; 12 or more and the Boers are shaken."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_INPUTS (shaken_inputs),
  MECHANIC_OUTCOMES (shaken_outcomes),
  .draws = shaken_draws,
  .prefill = shaken_prefill,
  .resolve = shaken_resolve,
  .odds = shaken_odds,
  .apply = shaken_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Boer strength                                                                               */

static const AdjField strength_inputs[] = {
  UNIT_INPUT ("unit", N_("Boer unit")),
  INT_INPUT ("sp", N_("Strength on the side showing"), NULL, 0, MAX_SP, 5),
  INT_FROM ("losses", N_("Number marker"), NULL, 0, MAX_SP, 0, "unit.status.losses"),
  INT_INPUT ("counter", N_("SP counter"), N_("0 when it has none"), -5, 5, 0),
  ENUM_INPUT ("morale", N_("Morale"), NULL, rr_morale_levels, "normal", "unit.status.morale"),
};

static gboolean
strength_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  int sp;

  if (unit == NULL)
    return TRUE;
  sp = adj_unit_get_status_bool (unit, "reduced") ? adj_unit_get_status_int (unit, "reduced_sp")
                                                  : adj_unit_get_status_int (unit, "sp");
  if (!adj_inputs_set_int (in, "sp", CLAMP (sp, 0, MAX_SP), error))
    return FALSE;
  if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "value") == 0 &&
      !adj_inputs_set_int (in, "counter", adj_unit_get_status_int (unit, "sp_counter_value"),
                           error))
    return FALSE;
  return TRUE;
}

static gboolean
strength_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  int sp = adj_inputs_get_int (in, "sp");
  int losses = adj_inputs_get_int (in, "losses");
  int counter = adj_inputs_get_int (in, "counter");
  const char *morale = adj_inputs_get_string (in, "morale");
  int penalty = rr_morale_penalty (ctx->ruleset, morale);
  int total = sp - losses + counter - penalty;
  g_autofree char *title = NULL;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Strength on the counter"), TRUE, sp);
  if (losses != 0)
    adj_outcome_add_modifier (outcome, NULL, _("Number marker"), -losses);
  if (counter != 0)
    adj_outcome_add_modifier (outcome, NULL, _("SP counter"), counter);
  if (penalty != 0)
    adj_outcome_add_modifier (outcome, NULL, rr_morale_label (morale), -penalty);
  title = g_strdup_printf (_("Strength %d"), total);
  adj_outcome_set_number (outcome, total, title,
                          _("Its strength as it fires or moves this moment"));
  return TRUE;
}

const AdjMechanic rr_boer_strength = {
  .id = "rr/boer-strength",
  .title = N_("Boer strength"),
  .summary = N_("A Boer unit’s strength: its counter less its Number marker, with its SP counter, "
                "less 1 disrupted or 2 suppressed; the strongest acts first."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (strength_inputs),
  .prefill = strength_prefill,
  .resolve = strength_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Stacking                                                                                    */

static const AdjField stacking_inputs[] = {
  INT_INPUT ("battalions", N_("Battalions in the area"), NULL, 0, 40, 3),
  INT_INPUT ("regiments", N_("Regiments in the area"), NULL, 0, 40, 1),
  INT_INPUT ("batteries", N_("Batteries in the area"), NULL, 0, 40, 0),
};

static const AdjChoice stacking_outcomes[] = {
  { "crowded", N_("Crowded: fire against it hurts more") },
  { "clear", N_("Not crowded") },
};

int
rr_stacking_points (AdjRuleset *rs,
                    int         battalions,
                    int         regiments,
                    int         batteries)
{
  return battalions * adj_rules_int (rs, "stacking", "battalion") +
         regiments * adj_rules_int (rs, "stacking", "regiment") +
         (batteries > 0 ? adj_rules_int (rs, "stacking", "batteries") : 0);
}

static gboolean
stacking_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  int points = rr_stacking_points (ctx->ruleset, adj_inputs_get_int (in, "battalions"),
                                   adj_inputs_get_int (in, "regiments"),
                                   adj_inputs_get_int (in, "batteries"));
  int crowded = adj_rules_int (ctx->ruleset, "stacking", "crowded_at");

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Stacking points"), TRUE, points);
  adj_outcome_set_value_int (outcome, "points", points);
  if (points >= crowded)
    adj_outcome_set_result (outcome, "crowded", ngettext ("%d stacking point: %d or more crowd "
                                                          "the area",
                                                          "%d stacking points: %d or more crowd "
                                                          "the area", points), points, crowded);
  else
    adj_outcome_set_result (outcome, "clear", ngettext ("%d stacking point, under %d",
                                                        "%d stacking points, under %d", points),
                            points, crowded);
  return TRUE;
}

const AdjMechanic rr_stacking = {
  .id = "rr/stacking",
  .title = N_("Stacking points"),
  .summary = N_("A battalion counts 2, a regiment 1 and all batteries together 1; at 9 or more "
                "the British in the area suffer more from fire."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (stacking_inputs),
  MECHANIC_OUTCOMES (stacking_outcomes),
  .resolve = stacking_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Losses                                                                                      */

static const AdjChoice kind_choices[] = {
  { "battalion", N_("Battalion") },
  { "regiment", N_("Regiment") },
  { "battery", N_("Battery") },
  { "commando", N_("Commando") },
  { "boer-gun", N_("Boer artillery") },
};

static const AdjField losses_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("kind", N_("Kind of counter"), NULL, kind_choices, "battalion", NULL),
  INT_FROM ("sp", N_("Strength printed on the front"), NULL, 0, MAX_SP, 5, "unit.status.sp"),
  INT_FROM ("reduced_sp", N_("Strength on the reverse"), NULL, 0, MAX_SP, 3,
            "unit.status.reduced_sp"),
  BOOL_DEF ("reduced", N_("Turned to its reduced side"), NULL, 0, "unit.status.reduced"),
  INT_FROM ("losses", N_("Number marker now"), NULL, 0, MAX_SP, 0, "unit.status.losses"),
  INT_INPUT ("hits", N_("Strength points lost"), NULL, 1, MAX_SP, 1),
};

static const AdjChoice losses_outcomes[] = {
  { "marked", N_("Number marker") },
  { "reduced", N_("Turned to its reduced side") },
  { "eliminated", N_("Eliminated") },
};

/* What @hits strength points do to a counter: RULES.md's losses, step by step. */
gboolean
rr_take_losses (const char  *kind,
                int          sp,
                int          reduced_sp,
                gboolean     reduced,
                int          losses,
                int          hits,
                LossResult  *r,
                GError     **error)
{
  memset (r, 0, sizeof *r);
  r->reduced = reduced;
  if (sp <= 0)
    return adj_not_allowed (error, _("Enter the strength printed on the counter first"));
  if (g_str_equal (kind, "battery") || g_str_equal (kind, "boer-gun"))
    {
      r->key = "eliminated";
      r->overflow = hits - 1;
      return TRUE;
    }
  if (g_str_equal (kind, "regiment"))
    {
      /* The first loss is marked, the second eliminates. */
      int total = losses + hits;

      if (total >= 2)
        {
          r->key = "eliminated";
          r->overflow = total - 2;
          return TRUE;
        }
      r->key = "marked";
      r->losses = total;
      r->strength = MAX (0, sp - total);
      return TRUE;
    }
  /* A battalion or a commando. */
  if (reduced_sp <= 0 || reduced_sp >= sp)
    return adj_not_allowed (error, _("Enter both strengths of the counter first: the reverse must "
                                     "be smaller than the front"));
  losses += hits;
  r->key = "marked";
  if (!reduced && sp - losses <= reduced_sp)
    {
      /* Turned over: the marker goes, and what went beyond the reverse stays on it. */
      losses = reduced_sp - (sp - losses);
      r->reduced = TRUE;
      r->key = "reduced";
    }
  if (r->reduced && losses >= reduced_sp)
    {
      r->key = "eliminated";
      r->overflow = losses - reduced_sp;
      r->losses = 0;
      r->strength = 0;
      return TRUE;
    }
  r->losses = losses;
  r->strength = (r->reduced ? reduced_sp : sp) - losses;
  return TRUE;
}

const char *
rr_loss_kind (const char *type)
{
  if (g_strcmp0 (type, "regiment") == 0 || g_strcmp0 (type, "battery") == 0 ||
      g_strcmp0 (type, "commando") == 0 || g_strcmp0 (type, "boer-gun") == 0)
    return type;
  return "battalion";
}

static gboolean
losses_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  const char *kind = adj_inputs_get_string (in, "kind");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  int hits = adj_inputs_get_int (in, "hits");
  LossResult r;

  if (!rr_take_losses (kind, adj_inputs_get_int (in, "sp"), adj_inputs_get_int (in, "reduced_sp"),
                       adj_inputs_get_bool (in, "reduced"), adj_inputs_get_int (in, "losses"), hits,
                       &r, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Strength points lost"), TRUE, hits);
  adj_outcome_set_value_int (outcome, "losses", r.losses);
  adj_outcome_set_value_int (outcome, "reduced", r.reduced ? 1 : 0);
  adj_outcome_set_value_int (outcome, "strength", r.strength);
  adj_outcome_set_value_int (outcome, "overflow", r.overflow);
  if (g_str_equal (r.key, "eliminated"))
    {
      if (r.overflow > 0)
        adj_outcome_add_note (outcome, ngettext ("%d strength point is left over: take it from "
                                                 "another unit of the same kind in the area.",
                                                 "%d strength points are left over: take them "
                                                 "from another unit of the same kind in the area.",
                                                 r.overflow), r.overflow);
      adj_outcome_set_result (outcome, r.key, _("%s is eliminated"), name);
    }
  else if (g_str_equal (r.key, "reduced"))
    adj_outcome_set_result (outcome, r.key, _("%s turns to its reduced side: strength %d (Number "
                                              "marker %d)"), name, r.strength, r.losses);
  else
    adj_outcome_set_result (outcome, r.key, _("%s: Number marker %d, strength %d"), name,
                            r.losses, r.strength);
  return TRUE;
}

static gboolean
losses_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");

  if (unit == NULL)
    return TRUE;
  return adj_inputs_set_string (in, "kind", rr_loss_kind (rr_unit_type_id (unit)), error);
}

gboolean
rr_apply_loss_result (AdjBattle     *battle,
                      AdjChangeSet  *changes,
                      AdjUnit       *unit,
                      const char    *key,
                      int            losses,
                      gboolean       reduced,
                      GError       **error)
{
  if (unit == NULL)
    return TRUE;
  if (g_str_equal (key, "eliminated"))
    return adj_rules_change_unit_bool (battle, changes, unit, "destroyed", TRUE, error);
  return adj_rules_change_unit_int (battle, changes, unit, "status.losses", losses, error) &&
         adj_rules_change_unit_bool (battle, changes, unit, "status.reduced", reduced, error);
}

/* A counter still in the game that takes losses: a battalion, regiment, battery, commando or
 * Boer gun. */
static gboolean
losses_legal (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  AdjUnit *unit;

  if (!rr_legal_unit (ctx, in, "unit", &unit, error))
    return FALSE;
  if (!rr_is_troop_unit (unit))
    return adj_not_allowed (error, _("%s has no strength points to lose"),
                            adj_unit_get_name (unit));
  return TRUE;
}

static gboolean
losses_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  return rr_apply_loss_result (ctx->battle, changes, adj_input_unit (ctx, in, "unit"), outcome->key,
                               adj_outcome_get_value_int (outcome, "losses", 0),
                               adj_outcome_get_value_int (outcome, "reduced", 0) != 0, error);
}

const AdjMechanic rr_losses = {
  .id = "rr/losses",
  .title = N_("Losses"),
  .summary = N_("Strength points off a counter: a Number marker, the reduced side, or gone; a "
                "regiment goes at its second loss, a battery or gun at its first."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (losses_inputs),
  MECHANIC_OUTCOMES (losses_outcomes),
  .legal = losses_legal,
  .prefill = losses_prefill,
  .resolve = losses_resolve,
  .apply = losses_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Victory                                                                                     */

static const AdjField victory_inputs[] = {
  INT_INPUT ("turn", N_("Game Turn"), NULL, 1, 20, 1),
  INT_INPUT ("confidence", N_("Confidence"), NULL, 1, 20, 5),
  INT_INPUT ("shaken", N_("Times the Boers were shaken"), NULL, 0, 2, 0),
  INT_INPUT ("loss", N_("Loss"), NULL, 1, 20, 10),
};

static const AdjChoice victory_outcomes[] = {
  { "continues", N_("The battle goes on") },
  { "british-victory", N_("British Victory") },
  { "pyrrhic-victory", N_("Pyrrhic British Victory") },
  { "boer-victory", N_("Boer Victory") },
};

static gboolean
victory_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  AdjBattle *battle = ctx->battle;

  return adj_inputs_set_int (in, "turn", CLAMP (adj_battle_get_turn (battle), 1, 20), error) &&
         adj_inputs_set_int (in, "confidence", rr_setting_int (battle, "confidence"), error) &&
         adj_inputs_set_int (in, "shaken", rr_setting_int (battle, "shaken"), error) &&
         adj_inputs_set_int (in, "loss", rr_setting_int (battle, "loss"), error);
}

/* The end conditions, in the order the rules give them: *reason and the result's key. */
static const char *
victory_key (AdjRuleset  *rs,
             AdjInputs   *in,
             const char **reason)
{
  int turn = adj_inputs_get_int (in, "turn");
  int confidence = adj_inputs_get_int (in, "confidence");
  int loss = adj_inputs_get_int (in, "loss");
  gboolean withdraw = FALSE;

  *reason = "none";
  if (adj_inputs_get_int (in, "shaken") >= adj_rules_int (rs, "tracks", "shaken_to_withdraw"))
    {
      withdraw = TRUE;
      *reason = "shaken-twice";
    }
  else if (confidence <= adj_rules_int (rs, "tracks", "withdraw_confidence") &&
           turn >= adj_rules_int (rs, "tracks", "withdraw_from_turn"))
    {
      withdraw = TRUE;
      *reason = "confidence";
    }
  if (withdraw)
    return loss >= adj_rules_int (rs, "tracks", "pyrrhic_from") ? "pyrrhic-victory"
                                                                : "british-victory";
  if (loss >= adj_rules_int (rs, "tracks", "loss_end"))
    {
      *reason = "loss";
      return "boer-victory";
    }
  if (turn >= adj_rules_int (rs, "tracks", "last_turn"))
    {
      *reason = "last-turn";
      return "boer-victory";
    }
  return "continues";
}

static gboolean
victory_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  static const AdjChoice reasons[] = {
    { "shaken-twice", N_("The Boers have been shaken twice: they withdraw") },
    { "confidence", N_("Boer confidence is back in box 1: they withdraw") },
    { "loss", N_("The Loss marker has reached 20: the Boers hold") },
    { "last-turn", N_("The Game Turn has reached 20: the Boers hold") },
  };
  const char *reason = NULL;
  const char *key = victory_key (ctx->ruleset, in, &reason);
  const AdjChoice *why;
  int loss = adj_inputs_get_int (in, "loss");

  adj_outcome_set_value_string (outcome, "end_reason", reason);
  why = adj_field_find_choice (reasons, G_N_ELEMENTS (reasons), reason);
  if (why != NULL)
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, adj_gettext (why->label), FALSE, 0);

  if (g_str_equal (key, "british-victory"))
    adj_outcome_set_result (outcome, key, _("The Boers withdraw with Loss at %d: Buller relieves "
                                            "Ladysmith a hero"), loss);
  else if (g_str_equal (key, "pyrrhic-victory"))
    adj_outcome_set_result (outcome, key, _("The Boers withdraw, but Loss stands at %d: "
                                            "Ladysmith is relieved at a price the public will "
                                            "not forgive"), loss);
  else if (g_str_equal (key, "boer-victory"))
    adj_outcome_set_result (outcome, key, _("The Boers hold the Tugela: the British must try "
                                            "again"));
  else
    adj_outcome_set_result (outcome, key, _("No end condition is met"));
  return TRUE;
}

static gboolean
victory_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  json_object *reason = json_object_object_get (outcome->values, "end_reason");

  if (g_str_equal (outcome->key, "continues"))
    return TRUE;
  return rr_set_setting_string (ctx->battle, changes, "result", outcome->key, error) &&
         rr_set_setting_string (ctx->battle, changes, "end_reason", json_object_get_string (reason),
                                error);
}

const AdjMechanic rr_victory = {
  .id = "rr/victory",
  .title = N_("Victory"),
  .summary = N_("Whether the battle ends, and who has won: the Boers withdraw when shaken twice "
                "or back to box 1 of Confidence from turn 5; they hold at Loss 20 or turn 20."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_INPUTS (victory_inputs),
  MECHANIC_OUTCOMES (victory_outcomes),
  .prefill = victory_prefill,
  .resolve = victory_resolve,
  .apply = victory_apply,
};
