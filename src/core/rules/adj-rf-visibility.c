/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-visibility.c: Risk Factor — seeing figures in terrain (rf/visibility): how far away they
 * can be seen, and whether they are.
 *
 * Decision (listed in rf.json's "decisions"): figures in terrain within its edge distance, or
 * firing, or in plain sight are seen up to a D6 times the step; figures deeper in, quiet and
 * out of sight are not seen from outside at all.  Figures in the same wood see each other up
 * to the wood distance, with no die; from deeper in a wood than the edge distance nothing
 * outside it is seen.  The numbers are in rf.json's "visibility". */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-rf-private.h"

static const AdjChoice place_choices[] = {
  { "edge", N_("In terrain, near its edge") },
  { "inside", N_("Deeper inside the terrain") },
};

static const AdjChoice visibility_outcomes[] = {
  { "seen", N_("The figures are seen") },
  { "unseen", N_("The figures are not seen") },
};

static const AdjField visibility_inputs[] = {
  UNIT_INPUT ("observer", N_("Looking group or figure")),
  UNIT_INPUT ("target", N_("Figures looked for")),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance to them"),
    .hint = N_("From the nearest figure looking to the nearest figure looked for."),
    .min = 0, .max = MAX_CM, .def = 20, .measure = "distance" },
  ENUM_INPUT ("place", N_("Where the figures are"),
              N_("Near the edge: no more than 5 cm from the edge of their terrain. A hidden "
                 "marker stands on the front edge."), place_choices, "edge", NULL),
  BOOL_INPUT ("firing", N_("They fired this turn"), NULL),
  BOOL_INPUT ("plain_sight", N_("They stand in plain sight"), NULL),
  BOOL_INPUT ("same_woods", N_("Those looking are in the same wood"),
              N_("Inside a wood, figures see one another up to 15 cm, with no die.")),
  BOOL_INPUT ("deep_in_woods", N_("Those looking are deep in a wood"),
              N_("More than 5 cm from the edge of their wood: they cannot see out of it.")),
};

typedef enum {
  SIGHT_WOODS,      /* in the same wood: a fixed distance */
  SIGHT_BLOCKED,    /* looking out from deep in a wood: nothing */
  SIGHT_ROLL,       /* near the edge, firing or in plain sight: a D6 times the step */
  SIGHT_HIDDEN,     /* deep in terrain, quiet and out of sight: not seen */
} Sight;

static Sight
sight_of (AdjInputs *in)
{
  if (adj_inputs_get_bool (in, "same_woods"))
    return SIGHT_WOODS;
  if (adj_inputs_get_bool (in, "deep_in_woods"))
    return SIGHT_BLOCKED;
  if (g_str_equal (adj_inputs_get_string (in, "place"), "edge") ||
      adj_inputs_get_bool (in, "firing") || adj_inputs_get_bool (in, "plain_sight"))
    return SIGHT_ROLL;
  return SIGHT_HIDDEN;
}

static void
visibility_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  AdjDrawSpec die = { "visibility", N_("Visibility, a D6 times 10 cm"), 1,
                      (guint) adj_rules_int (ctx->ruleset, "visibility", "die") };

  if (sight_of (in) == SIGHT_ROLL)
    g_array_append_val (specs, die);
}

static gboolean
visibility_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int distance = adj_inputs_get_int (in, "distance");
  int edge = adj_rules_int (rs, "visibility", "edge");
  int range = 0, die = 0;
  const char *name = adj_input_unit_name (ctx, in, "target", _("The figures"));

  switch (sight_of (in))
    {
    case SIGHT_WOODS:
      range = adj_rules_int (rs, "visibility", "woods");
      explain (outcome, ADJ_EXPLAIN_NOTE, NULL, TRUE, range,
               _("Inside the same wood, figures see one another up to %d cm."), range);
      break;
    case SIGHT_BLOCKED:
      explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
               _("From more than %d cm inside a wood, nothing outside it can be seen."), edge);
      break;
    case SIGHT_HIDDEN:
      explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
               _("Deeper than %d cm inside their terrain, quiet and out of sight, they cannot "
                 "be seen from outside it."), edge);
      break;
    case SIGHT_ROLL:
    default:
      {
        int step = adj_rules_int (rs, "visibility", "step");

        /* Why a die says how far they are seen: the first reason that holds. */
        if (g_str_equal (adj_inputs_get_string (in, "place"), "edge"))
          adj_outcome_add_note (outcome, _("They are within %d cm of the edge of their "
                                           "terrain."), edge);
        else if (adj_inputs_get_bool (in, "firing"))
          adj_outcome_add_note (outcome, _("They fired this turn."));
        else
          adj_outcome_add_note (outcome, _("They stand in plain sight."));
        if (!adj_random_roll (random, "visibility", N_("Visibility, a D6 times 10 cm"), 1,
                              (guint) adj_rules_int (rs, "visibility", "die"), &die, error))
          return FALSE;
        range = die * step;
        explain (outcome, ADJ_EXPLAIN_DICE, "visibility", TRUE, die,
                 _("Visibility die: %d, so they are seen up to %d cm"), die, range);
        break;
      }
    }

  adj_outcome_set_value_int (outcome, "distance", distance);
  adj_outcome_set_value_int (outcome, "range", range);
  if (die > 0)
    adj_outcome_set_value_int (outcome, "die", die);
  if (range > 0 && distance <= range)
    {
      explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, distance,
               _("%d cm away, within %d cm: seen"), distance, range);
      adj_outcome_set_result (outcome, "seen", _("%s can be seen %d cm away"), name, distance);
    }
  else
    {
      if (range > 0)
        explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, distance,
                 _("%d cm away, beyond %d cm: not seen"), distance, range);
      adj_outcome_set_result (outcome, "unseen", _("%s cannot be seen %d cm away"), name,
                              distance);
    }
  return TRUE;
}

/* The faces of the D6 whose distance reaches the figures; a certain outcome without a die. */
static gboolean
visibility_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjMechanic *mech = in->mechanic;
  int distance = adj_inputs_get_int (in, "distance");
  int sides = adj_rules_int (rs, "visibility", "die");
  int step = adj_rules_int (rs, "visibility", "step");
  guint64 seen = 0;

  adj_declare_outcomes (mech, odds);
  switch (sight_of (in))
    {
    case SIGHT_WOODS:
      seen = distance <= adj_rules_int (rs, "visibility", "woods") ? 1 : 0;
      sides = 1;
      break;
    case SIGHT_BLOCKED:
    case SIGHT_HIDDEN:
      sides = 1;
      break;
    case SIGHT_ROLL:
    default:
      for (int face = 1; face <= sides; face++)
        if (distance <= face * step)
          seen++;
      break;
    }
  adj_odds_add (odds, "seen", adj_outcome_label (mech, "seen"), seen);
  adj_odds_add (odds, "unseen", adj_outcome_label (mech, "unseen"), (guint64) sides - seen);
  adj_odds_finish (odds, (guint64) sides);
  return TRUE;
}

static gboolean
is_marker (const AdjContext *ctx,
           AdjUnit          *unit)
{
  const AdjUnitType *type = rf_unit_type_of (ctx, unit);

  return type != NULL && g_str_equal (type->category, "marker");
}

/* A hidden marker stands on the front edge of its terrain. */
static gboolean
visibility_prefill (const AdjContext  *ctx,
                    AdjInputs         *in,
                    GError           **error)
{
  AdjUnit *target = adj_input_unit (ctx, in, "target");

  if (target != NULL && is_marker (ctx, target))
    return adj_inputs_set_string (in, "place", "edge", error);
  return TRUE;
}

/* Looking is for figures on the table: either unit may be left out, but those named are in play,
 * on opposite sides; a group under a marker is looked for through its marker. */
static gboolean
visibility_legal (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *observer, *target;

  if (!adj_rules_legal_unit (ctx, in, "observer", FALSE, &observer, error) ||
      !adj_rules_legal_unit (ctx, in, "target", FALSE, &target, error))
    return FALSE;
  /* Neither is named: who is under which marker stays the battle's secret, even in a ruling. */
  if (observer != NULL && adj_rf_unit_is_hidden (ctx->battle, observer))
    return adj_not_allowed (error, "%s", _("Those looking are hidden under a marker, off the "
                                           "table, until they are spotted"));
  if (target != NULL && adj_rf_unit_is_hidden (ctx->battle, target))
    return adj_not_allowed (error, "%s", _("The figures looked for are hidden under a marker: "
                                           "look for the marker instead"));
  if (observer != NULL && is_marker (ctx, observer))
    return adj_not_allowed (error, _("%s is a hidden marker: it cannot look out"),
                            adj_unit_get_name (observer));
  if (observer != NULL && adj_unit_get_figures (observer) == 0)
    return adj_not_allowed (error, _("%s has no figures left to look out"),
                            adj_unit_get_name (observer));
  if (observer != NULL && target != NULL &&
      g_str_equal (adj_unit_get_side (observer), adj_unit_get_side (target)))
    return adj_not_allowed (error, _("%s and %s are on the same side"),
                            adj_unit_get_name (observer), adj_unit_get_name (target));
  return TRUE;
}

const AdjMechanic rf_visibility = {
  .id = "rf/visibility",
  .title = N_("Seeing figures in terrain"),
  .summary = N_("Whether figures in terrain are seen: near its edge, firing or in plain sight, "
                "up to a D6 times 10 cm; 15 cm inside a wood."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (visibility_inputs),
  MECHANIC_OUTCOMES (visibility_outcomes),
  .random_note = N_("A D6 only for figures near the edge of their terrain, firing or in plain "
                    "sight."),
  .draws = visibility_draws,
  .legal = visibility_legal,
  .resolve = visibility_resolve,
  .odds = visibility_odds,
  .prefill = visibility_prefill,
};
