/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-turn.c: When Empires Clash! — the roll-offs (wec/initiative, wec/baselines,
 * wec/terrain), activation (wec/activation), the commander rating (wec/commander-rating) and
 * the deployment depth (wec/deployment). */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include <math.h>

#include "adj-wec-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Roll-offs: initiative, baselines, terrain                                                   */

/* Who wins a roll-off of @a against @b: 0 the first side, 1 the second, -1 a tie. */
static int
rolloff_winner (int a,
                int b)
{
  return a == b ? -1 : a > b ? 0 : 1;
}

static const char *
rolloff_classify (int      a,
                  int      b,
                  gpointer data)
{
  const char *const *keys = data;
  int winner = rolloff_winner (a, b);

  return winner < 0 ? NULL : keys[winner];
}

/* Both sides roll; the higher wins and a tie is rolled again.  Returns 0 when side A won. */
static gboolean
roll_off (const AdjContext  *ctx,
          AdjInputs         *in,
          AdjRandom         *random,
          AdjOutcome        *outcome,
          guint              ac,
          guint              as,
          guint              bc,
          guint              bs,
          int               *winner,
          GError           **error)
{
  const char *a_name = wec_side_name (ctx, in, "side_a", _("First side"));
  const char *b_name = wec_side_name (ctx, in, "side_b", _("Second side"));

  int tie = 0;

  for (guint round = 1; round <= 1000; round++)
    {
      int ad[2], bd[2];
      int a = 0, b = 0;
      g_autofree char *a_label = NULL;
      g_autofree char *b_label = NULL;

      /* The dice are kept under the sides' names, as the story of the game tells them. */
      if (!adj_random_roll (random, "side-a", a_name, ac, as, ad, error) ||
          !adj_random_roll (random, "side-b", b_name, bc, bs, bd, error))
        {
          if (round > 1)
            g_prefix_error (error, _("Tied at %d, so both sides roll again. "), tie);
          return FALSE;
        }
      for (guint i = 0; i < ac; i++)
        a += ad[i];
      for (guint i = 0; i < bc; i++)
        b += bd[i];

      a_label = g_strdup_printf (_("%s rolls %uD%u"), a_name, ac, as);
      b_label = g_strdup_printf (_("%s rolls %uD%u"), b_name, bc, bs);
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-a", a_label, TRUE, a);
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-b", b_label, TRUE, b);
      *winner = rolloff_winner (a, b);
      if (*winner >= 0)
        {
          adj_outcome_set_value_int (outcome, "side_a_roll", a);
          adj_outcome_set_value_int (outcome, "side_b_roll", b);
          adj_outcome_set_value_int (outcome, "rounds", (int) round);
          return TRUE;
        }
      tie = a;
      adj_outcome_add_note (outcome, _("Tied at %d: both roll again."), a);
    }
  return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED, _("The roll-off never ended"));
}

static const AdjChoice initiative_choices[] = {
  { "take", N_("Takes the initiative and activates first") },
  { "pass", N_("Passes it: the enemy activates first") },
};

static const AdjField initiative_inputs[] = {
  SIDE_INPUT ("side_a", N_("First side")),
  SIDE_INPUT ("side_b", N_("Second side")),
  DICE_INPUT ("side_a_dice", N_("First side’s dice"), "side_a.dice"),
  DICE_INPUT ("side_b_dice", N_("Second side’s dice"), "side_b.dice"),
  ENUM_INPUT ("choice", N_("The side that rolls higher"), NULL, initiative_choices, "take", NULL),
};

static const AdjChoice initiative_outcomes[] = {
  { "side-a", N_("First side has the choice") },
  { "side-b", N_("Second side has the choice") },
};

static const char *const side_keys[] = { "side-a", "side-b" };

static void
initiative_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  adj_draw_choice (specs, "side-a", N_("First side"), adj_inputs_get_string (in, "side_a_dice"));
  adj_draw_choice (specs, "side-b", N_("Second side"), adj_inputs_get_string (in, "side_b_dice"));
}

static gboolean
initiative_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  guint ac, as, bc, bs;
  int winner;
  const char *names[2];

  adj_dice_choice (adj_inputs_get_string (in, "side_a_dice"), &ac, &as);
  adj_dice_choice (adj_inputs_get_string (in, "side_b_dice"), &bc, &bs);
  if (!roll_off (ctx, in, random, outcome, ac, as, bc, bs, &winner, error))
    return FALSE;
  names[0] = wec_side_name (ctx, in, "side_a", _("The first side"));
  names[1] = wec_side_name (ctx, in, "side_b", _("The second side"));
  if (g_str_equal (adj_inputs_get_string (in, "choice"), "take"))
    adj_outcome_set_result (outcome, side_keys[winner],
                            _("%s rolled higher and takes the initiative: it activates first "
                              "this turn"), names[winner]);
  else
    adj_outcome_set_result (outcome, side_keys[winner],
                            _("%s rolled higher and passes the initiative: %s activates first "
                              "this turn"), names[winner], names[1 - winner]);
  if (wec_side_named (ctx, in, winner))
    /* TRANSLATORS: e.g. "Zulu army has the choice" */
    adj_outcome_set_title (outcome, _("%s has the choice"), names[winner]);
  return TRUE;
}

/* The battle keeps who won the roll and who activates first, for the rest of the turn. */
static gboolean
initiative_apply (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjOutcome        *outcome,
                  AdjChangeSet      *changes,
                  GError           **error)
{
  const char *sides[2] = { adj_inputs_get_string (in, "side_a"),
                           adj_inputs_get_string (in, "side_b") };
  int winner = g_str_equal (outcome->key, "side-a") ? 0 : 1;

  if (sides[0] == NULL || sides[1] == NULL)
    return TRUE;
  return wec_record_initiative (ctx, changes, sides[winner], sides[1 - winner],
                                g_str_equal (adj_inputs_get_string (in, "choice"), "take"),
                                error);
}

static gboolean
initiative_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  adj_opposed_odds (in->mechanic,
                    adj_dice_spec ("side-a", N_("First side"),
                                   adj_inputs_get_string (in, "side_a_dice")), 0,
                    adj_dice_spec ("side-b", N_("Second side"),
                                   adj_inputs_get_string (in, "side_b_dice")), 0,
                    rolloff_classify, (gpointer) side_keys, odds);
  return TRUE;
}

const AdjMechanic wec_initiative = {
  .id = "wec/initiative",
  .title = N_("Initiative"),
  .summary = N_("At the start of a turn both sides roll; the higher chooses to take or pass "
                "the initiative."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_INPUTS (initiative_inputs),
  MECHANIC_OUTCOMES (initiative_outcomes),
  .random_note = N_("Ties are rolled again."),
  .draws = initiative_draws,
  .legal = wec_initiative_legal,
  .resolve = initiative_resolve,
  .odds = initiative_odds,
  .apply = initiative_apply,
};

static const AdjField two_sides_inputs[] = {
  SIDE_INPUT ("side_a", N_("First side")),
  SIDE_INPUT ("side_b", N_("Second side")),
};

/* A D6 each. */
static const AdjDrawSpec one_d6[2] = {
  { "side-a", N_("First side"), 1, 6 },
  { "side-b", N_("Second side"), 1, 6 },
};

static void
two_d6_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  g_array_append_vals (specs, one_d6, 2);
}

static const AdjChoice baseline_outcomes[] = {
  { "side-a", N_("First side chooses its baseline") },
  { "side-b", N_("Second side chooses its baseline") },
};

static gboolean
baselines_resolve (const AdjContext  *ctx,
                   AdjInputs         *in,
                   AdjRandom         *random,
                   AdjOutcome        *outcome,
                   GError           **error)
{
  int winner;
  const char *names[2];

  if (!roll_off (ctx, in, random, outcome, 1, 6, 1, 6, &winner, error))
    return FALSE;
  names[0] = wec_side_name (ctx, in, "side_a", _("The first side"));
  names[1] = wec_side_name (ctx, in, "side_b", _("The second side"));
  adj_outcome_set_result (outcome, side_keys[winner],
                          _("%s rolled higher: it picks the table edge it deploys from, and the "
                            "enemy takes the opposite edge"), names[winner]);
  if (wec_side_named (ctx, in, winner))
    /* TRANSLATORS: e.g. "Zulu army chooses its baseline" */
    adj_outcome_set_title (outcome, _("%s chooses its baseline"), names[winner]);
  return TRUE;
}

static gboolean
baselines_odds (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOdds           *odds,
                GError           **error)
{
  adj_opposed_odds (in->mechanic, one_d6[0], 0, one_d6[1], 0, rolloff_classify,
                    (gpointer) side_keys, odds);
  return TRUE;
}

const AdjMechanic wec_baselines = {
  .id = "wec/baselines",
  .title = N_("Baselines"),
  .summary = N_("For a one-off battle, after the terrain is placed each side rolls a D6; the "
                "higher picks its table edge."),
  .scope = ADJ_SCOPE_SETUP,
  MECHANIC_INPUTS (two_sides_inputs),
  MECHANIC_OUTCOMES (baseline_outcomes),
  .random_note = N_("Ties are rolled again."),
  .draws = two_d6_draws,
  .legal = wec_setup_roll_legal,
  .resolve = baselines_resolve,
  .odds = baselines_odds,
};

static const AdjChoice terrain_outcomes[] = {
  { "side-a", N_("First side places terrain first") },
  { "side-b", N_("Second side places terrain first") },
};

static gboolean
terrain_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  int a, b, winner;
  const char *names[2];

  names[0] = wec_side_name (ctx, in, "side_a", _("The first side"));
  names[1] = wec_side_name (ctx, in, "side_b", _("The second side"));
  if (!adj_random_roll (random, "side-a", N_("First side"), 1, 6, &a, error) ||
      !adj_random_roll (random, "side-b", N_("Second side"), 1, 6, &b, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-a",
                        _("First side’s pieces of terrain (D6)"), TRUE, a);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-b",
                        _("Second side’s pieces of terrain (D6)"), TRUE, b);
  adj_outcome_set_value_int (outcome, "pieces_a", a);
  adj_outcome_set_value_int (outcome, "pieces_b", b);

  winner = rolloff_winner (a, b);
  if (winner < 0)
    {
      /* Equal counts stand; a roll-off, repeated until it differs, decides who begins. */
      adj_outcome_add_note (outcome, _("Equal scores: the sides roll off to see who places "
                                       "first."));
      if (!roll_off (ctx, in, random, outcome, 1, 6, 1, 6, &winner, error))
        return FALSE;
    }
  {
    /* Each count takes its own plural: "1 piece", "2 pieces". */
    g_autofree char *pieces_a = g_strdup_printf (ngettext ("%d piece", "%d pieces", a), a);
    g_autofree char *pieces_b = g_strdup_printf (ngettext ("%d piece", "%d pieces", b), b);

    /* TRANSLATORS: e.g. "British army places 1 piece and Zulu army places 4 pieces, taking
     * turns; Zulu army begins" */
    adj_outcome_set_result (outcome, side_keys[winner],
                            _("%s places %s and %s places %s, taking turns; %s begins"),
                            names[0], pieces_a, names[1], pieces_b, names[winner]);
  }
  if (wec_side_named (ctx, in, winner))
    /* TRANSLATORS: e.g. "Zulu army places terrain first" */
    adj_outcome_set_title (outcome, _("%s places terrain first"), names[winner]);
  return TRUE;
}

static gboolean
terrain_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  guint64 first[2] = { 0, 0 };

  /* Over 72 equally likely halves: a tie (6 of 36) gives each side one half. */
  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        int winner = rolloff_winner (a, b);

        if (winner < 0)
          {
            first[0]++;
            first[1]++;
          }
        else
          first[winner] += 2;
      }
  adj_declare_outcomes (in->mechanic, odds);
  adj_odds_add (odds, "side-a", terrain_outcomes[0].label, first[0]);
  adj_odds_add (odds, "side-b", terrain_outcomes[1].label, first[1]);
  adj_odds_finish (odds, 72);
  return TRUE;
}

const AdjMechanic wec_terrain = {
  .id = "wec/terrain",
  .title = N_("Terrain pieces"),
  .summary = N_("For a one-off battle each side rolls a D6 for its pieces of terrain; the "
                "higher places first and the sides alternate."),
  .scope = ADJ_SCOPE_SETUP,
  MECHANIC_INPUTS (two_sides_inputs),
  MECHANIC_OUTCOMES (terrain_outcomes),
  .random_note = N_("On equal scores the counts stand and a roll-off decides who begins."),
  .draws = two_d6_draws,
  .legal = wec_setup_roll_legal,
  .resolve = terrain_resolve,
  .odds = terrain_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Activation                                                                                  */

static const AdjField activation_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  DICE_INPUT ("dice", N_("Dice"), "side.dice"),
  INT_INPUT ("command_value", N_("Command stand’s value"),
             N_("3 for an exceptional commander, 2 average, 1 poor"), 0, 3, 2),
};

static char *
stands_label (int value)
{
  return g_strdup_printf (ngettext ("%d stand", "%d stands", value), value);
}

static void
activation_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  adj_draw_choice (specs, "side", N_("Side"), adj_inputs_get_string (in, "dice"));
}

static gboolean
activation_prefill (const AdjContext  *ctx,
                    AdjInputs         *in,
                    GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  GListModel *units;

  if (side == NULL)
    return TRUE;
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = adj_battle_unit_type (ctx->battle, unit);

      if (g_str_equal (adj_unit_get_side (unit), side) &&
          wec_filter_live_command (ctx->battle, unit, type))
        return adj_inputs_set_int (in, "command_value", type->value, error);
    }
  /* A side whose command stand is gone adds nothing. */
  return adj_inputs_set_int (in, "command_value", 0, error);
}

static gboolean
activation_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  AdjScore score;
  int total;
  gboolean ok;
  g_autofree char *title = NULL;

  adj_score_init (&score);
  if (adj_inputs_get_int (in, "command_value") > 0)
    adj_score_add (&score, adj_inputs_get_int (in, "command_value"), _("Command stand’s value"));
  ok = adj_score_roll (&score, adj_dice_spec ("side", wec_side_name (ctx, in, "side", _("Side")),
                                              adj_inputs_get_string (in, "dice")),
                       wec_side_name (ctx, in, "side", _("Side")), random, outcome, &total, error);
  adj_score_clear (&score);
  if (!ok)
    return FALSE;

  title = stands_label (total);
  adj_outcome_set_number (outcome, total, title, NULL);
  adj_outcome_set_value_int (outcome, "stands", total);
  g_free (outcome->reason);
  outcome->reason = g_strdup_printf (ngettext ("%s may activate %d stand this turn",
                                          "%s may activate %d stands this turn", total),
                                wec_side_name (ctx, in, "side", _("The side")), total);
  return TRUE;
}

/* The battle keeps the count for the turn: each stand that acts uses one. */
static gboolean
activation_apply (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjOutcome        *outcome,
                  AdjChangeSet      *changes,
                  GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");

  if (side == NULL)
    return TRUE;
  return wec_record_activations (ctx, changes, side,
                                 adj_outcome_get_value_int (outcome, "stands", 0), error);
}

static gboolean
activation_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  guint count, sides;

  adj_dice_choice (adj_inputs_get_string (in, "dice"), &count, &sides);
  adj_number_odds (count, sides, adj_inputs_get_int (in, "command_value"), stands_label, odds);
  return TRUE;
}

const AdjMechanic wec_activation = {
  .id = "wec/activation",
  .title = N_("Activation"),
  .summary = N_("A side rolls its dice and adds its command stand’s value: that many stands "
                "may act this turn."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (activation_inputs),
  .draws = activation_draws,
  .prefill = activation_prefill,
  .legal = wec_activation_roll_legal,
  .resolve = activation_resolve,
  .odds = activation_odds,
  .apply = activation_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Commander rating                                                                            */

static const AdjField rating_inputs[] = {
  UNIT_INPUT ("commander", N_("Command stand")),
};

const AdjChoice wec_rating_outcomes[] = {
  { "exceptional", N_("Exceptional commander") },
  { "average", N_("Average commander") },
  { "poor", N_("Poor commander") },
};

static void
one_d6_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  AdjDrawSpec s = { "die", N_("Die"), 1, 6 };
  g_array_append_val (specs, s);
}

/* The unit type the commander table gives for a D6 roll. */
static const AdjUnitType *
rating_for_roll (AdjRuleset *rs,
                 int         roll)
{
  json_object *table = adj_rules_json (rs, "commander_rating", NULL);

  for (gsize i = 0; i < json_object_array_length (table); i++)
    {
      json_object *row = json_object_array_get_idx (table, i);
      json_object *min = json_object_object_get (row, "min");
      json_object *max = json_object_object_get (row, "max");
      json_object *type = json_object_object_get (row, "type");

      if (roll >= json_object_get_int (min) && roll <= json_object_get_int (max))
        return adj_ruleset_find_unit_type (rs, json_object_get_string (type));
    }
  g_return_val_if_reached (NULL);
}

static const char *
rating_key (int      roll,
            gpointer rs)
{
  return adj_unit_type_rule_string (rating_for_roll (rs, roll), "rating");
}

static gboolean
rating_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  AdjUnit *unit;
  const AdjUnitType *type;
  int roll;

  if (!adj_rules_find_unit (ctx, adj_inputs_get_string (in, "commander"), &unit, error))
    return FALSE;
  if (unit != NULL && !wec_is_command (adj_battle_unit_type (ctx->battle, unit)))
    return adj_not_allowed (error, _("%s is not a command stand"), adj_unit_get_name (unit));
  if (!adj_random_roll (random, "die", N_("Die"), 1, 6, &roll, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "die", _("Rating roll (D6)"), TRUE, roll);
  type = rating_for_roll (ctx->ruleset, roll);
  adj_outcome_set_result (outcome, rating_key (roll, ctx->ruleset),
                          _("A roll of %d: the command stand is worth %d"), roll, type->value);
  adj_outcome_set_value_string (outcome, "type", type->id);
  adj_outcome_set_value_int (outcome, "value", type->value);
  return TRUE;
}

static gboolean
rating_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  adj_sum_odds (in->mechanic, 1, 6, rating_key, ctx->ruleset, odds);
  return TRUE;
}

static gboolean
rating_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  json_object *type = json_object_object_get (outcome->values, "type");

  return adj_rules_record_unit (ctx, changes, adj_inputs_get_string (in, "commander"), "type", type,
                                error);
}

const AdjMechanic wec_commander_rating = {
  .id = "wec/commander-rating",
  .title = N_("Commander rating"),
  .summary = N_("For a one-off battle a D6 decides how good a commander is: 6 exceptional, "
                "3 to 5 average, 1 or 2 poor."),
  .scope = ADJ_SCOPE_SETUP,
  MECHANIC_INPUTS (rating_inputs),
  MECHANIC_OUTCOMES (wec_rating_outcomes),
  .draws = one_d6_draws,
  .legal = wec_setup_roll_legal,
  .resolve = rating_resolve,
  .odds = rating_odds,
  .apply = rating_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Deployment depth                                                                            */

const AdjField wec_side_only_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
};

char *
wec_squares_label (int value)
{
  return g_strdup_printf (ngettext ("%d square", "%d squares", value), value);
}

static gboolean
deployment_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  int roll;
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  if (!adj_random_roll (random, "die", N_("Die"), 1, 6, &roll, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "die", _("Deployment roll (D6)"), TRUE, roll);
  title = wec_squares_label (roll);
  reason = g_strdup_printf (ngettext ("%s deploys up to %d square in from its baseline",
                                 "%s deploys up to %d squares in from its baseline", roll),
                       wec_side_name (ctx, in, "side", _("The side")), roll);
  adj_outcome_set_number (outcome, roll, title, reason);
  return TRUE;
}

static gboolean
deployment_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  adj_number_odds (1, 6, 0, wec_squares_label, odds);
  return TRUE;
}

const AdjMechanic wec_deployment = {
  .id = "wec/deployment",
  .title = N_("Deployment depth"),
  .summary = N_("For a one-off battle each side rolls a D6: it may deploy that many squares in "
                "from its baseline."),
  .scope = ADJ_SCOPE_SETUP,
  MECHANIC_INPUTS (wec_side_only_inputs),
  .draws = one_d6_draws,
  .legal = wec_setup_roll_legal,
  .resolve = deployment_resolve,
  .odds = deployment_odds,
};
