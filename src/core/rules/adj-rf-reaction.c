/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-reaction.c: Risk Factor — the Risk Factor of an uncommanded group and what it does
 * (rf/reaction), and whether a side has lost (rf/victory). */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* rf/reaction: the Risk Factor of an uncommanded group and what it does                      */

static const AdjField reaction_inputs[] = {
  UNIT_INPUT ("group", N_("Group")),
  BOOL_DEF ("as_platoon", N_("Reacts together with its platoon"),
            N_("Groups with the same platoon number that keep within 5 cm of each other, with "
               "an officer or NCO close by, roll once for all."), TRUE, NULL),
  BOOL_INPUT ("no_enemy", N_("No enemy in sight, or nothing in sight but friends falling back"),
              NULL),
  BOOL_INPUT ("hero_or_superior", N_("A hero is with the group, or it is of better quality"),
              NULL),
  BOOL_INPUT ("in_cover", N_("The whole group is in cover"), NULL),
  BOOL_INPUT ("advancing", N_("The group is advancing"), NULL),
  BOOL_INPUT ("enemy_in_range", N_("An enemy in plain view within reach of its weapons"), NULL),
  BOOL_INPUT ("raw", N_("The group is raw"), NULL),
  BOOL_INPUT ("in_enemy_range", N_("Within reach of an enemy it can see"),
              N_("Counts only for a raw group.")),
  INT_INPUT ("casualty_tenths", N_("Full tenths of the group wounded or killed"),
             N_("Counted from the group's own record: 1 of 10 is a tenth, 1 of 11 is not."),
             0, 10, 0),
  BOOL_INPUT ("flank_or_retreating",
              N_("Enemy seen on a flank or behind, or friends falling back or running within "
                 "25 cm"), NULL),
  BOOL_INPUT ("native", N_("Native troops"), NULL),
  BOOL_INPUT ("near_cavalry", N_("Within 50 cm of enemy horsemen"),
              N_("Counts only for native troops.")),
  BOOL_FROM ("routing", N_("Routing"), "group.status.routing"),
  BOOL_INPUT ("losing_melee", N_("Coming off worse in a melee"), NULL),
  ENUM_INPUT ("arms", N_("Which table"), N_("Missile troops read the first reaction table, "
                                            "close-combat troops the second."),
              rf_arms_choices, "missile", NULL),
  INT_INPUT ("die_modifier", N_("Modifier to the D6"),
             N_("Added to the die, which then counts as 1 to 6 whatever the sum."), -5, 5, 0),
  BOOL_FROM ("fortified", N_("Holding a fortified position"), "group.status.fortified"),
  BOOL_INPUT ("falling_back", N_("Falling back from the enemy"), NULL),
  BOOL_DEF ("half_strength", N_("At least half its starting strength"), NULL, TRUE, NULL),
};

typedef struct {
  const char *id;
  int         value;
  gboolean    applies;
  gboolean    computed;
} Part;

/* The Risk Factor, part by part, in the order of the ruleset's "risk" modifiers. */
int
rf_risk_parts (AdjRuleset *rs,
               AdjInputs  *in,
               GArray     *parts)
{
  Part list[] = {
    { "no-enemy", 1, adj_inputs_get_bool (in, "no_enemy"), FALSE },
    { "hero-or-superior", 1, adj_inputs_get_bool (in, "hero_or_superior"), TRUE },
    { "cover-or-advancing", 1, adj_inputs_get_bool (in, "in_cover") ||
                               adj_inputs_get_bool (in, "advancing"), TRUE },
    { "enemy-in-range", 1, adj_inputs_get_bool (in, "enemy_in_range"), FALSE },
    { "raw-in-range", 1, adj_inputs_get_bool (in, "raw") &&
                         adj_inputs_get_bool (in, "in_enemy_range"), FALSE },
    { "casualties", adj_inputs_get_int (in, "casualty_tenths"),
      adj_inputs_get_int (in, "casualty_tenths") > 0, TRUE },
    { "flank-or-retreating", 1, adj_inputs_get_bool (in, "flank_or_retreating"), FALSE },
    { "natives-near-cavalry", 1, adj_inputs_get_bool (in, "native") &&
                                 adj_inputs_get_bool (in, "near_cavalry"), FALSE },
    { "routing-or-losing", 1, adj_inputs_get_bool (in, "routing") ||
                              adj_inputs_get_bool (in, "losing_melee"), FALSE },
  };
  int rf = 0;

  for (guint i = 0; i < G_N_ELEMENTS (list); i++)
    {
      int v = list[i].applies ? list[i].value * rf_modifier_value (rs, "risk", list[i].id) : 0;

      rf += v;
      if (parts != NULL)
        {
          AdjRfPart part = { list[i].id, adj_ruleset_get_modifier (rs, "risk", list[i].id)->label,
                             v, list[i].computed };
          g_array_append_val (parts, part);
        }
    }
  return rf;
}

static void
reaction_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec die = { "reaction", N_("Reaction"), 1,
                      (guint) adj_rules_int (ctx->ruleset, "risk_factor", "die") };
  g_array_append_val (specs, die);
}

int
rf_reaction_face (AdjInputs *in,
                  int        die)
{
  return CLAMP (die + adj_inputs_get_int (in, "die_modifier"), 1, 6);
}

static gboolean
reaction_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (AdjRfPart));
  int rf = rf_risk_parts (rs, in, parts);
  int die, face;
  const char *arms = adj_inputs_get_string (in, "arms");
  const char *action;
  const char *name = adj_input_unit_name (ctx, in, "group", _("The group"));

  for (guint i = 0; i < parts->len; i++)
    {
      AdjRfPart *p = &g_array_index (parts, AdjRfPart, i);
      if (p->value != 0)
        adj_outcome_add_modifier (outcome, "risk", adj_gettext (p->label), p->value);
    }
  explain (outcome, ADJ_EXPLAIN_TOTAL, "risk", TRUE, rf, _("Risk Factor"));
  if (!adj_random_roll (random, "reaction", N_("Reaction"), 1,
                        (guint) adj_rules_int (rs, "risk_factor", "die"), &die, error))
    return FALSE;
  face = rf_reaction_face (in, die);
  explain (outcome, ADJ_EXPLAIN_DICE, "reaction", TRUE, die, _("Reaction die: %d"), die);
  if (adj_inputs_get_int (in, "die_modifier") != 0)
    adj_outcome_add_modifier (outcome, "reaction", _("Modifier to the die"),
                              adj_inputs_get_int (in, "die_modifier"));
  action = rf_reaction_action (rs, arms, rf, face);
  explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
           g_str_equal (arms, "missile") ? _("Missile troops' table, RF %d, die %d: %s")
                                         : _("Close-combat troops' table, RF %d, die %d: %s"),
           rf, face, adj_gettext (adj_outcome_label (in->mechanic, action)));

  if (rf <= 0 && adj_inputs_get_bool (in, "fortified"))
    adj_outcome_add_note (outcome, _("It does not leave the fortified position it holds."));
  if (rf <= 0 && adj_inputs_get_bool (in, "falling_back") && face >= 5)
    adj_outcome_add_note (outcome, _("Falling back, it stops in the nearest cover, facing where "
                                     "the enemy was last seen."));
  if (g_str_equal (action, "retreat") && adj_inputs_get_bool (in, "in_cover") &&
      adj_inputs_get_bool (in, "half_strength"))
    adj_outcome_add_note (outcome, _("Already in cover and at half strength or more, it may stay "
                                     "where it is."));
  if (g_str_equal (action, "attack") && adj_inputs_get_bool (in, "native"))
    adj_outcome_add_note (outcome, _("Natives attacking add a D6 cm to their move."));
  adj_outcome_add_note (outcome, _("Uncommanded troops shoot only at the nearest enemy."));

  adj_outcome_set_result (outcome, action, _("%s: RF %d, rolled %d — %s"), name, rf, face,
                          adj_gettext (rf_action_meaning (rs, action)));
  adj_outcome_set_value_int (outcome, "rf", rf);
  adj_outcome_set_value_int (outcome, "die", die);
  adj_outcome_set_value_int (outcome, "roll", face);
  adj_outcome_set_value_string (outcome, "action", action);
  return TRUE;
}

static gboolean
reaction_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  const AdjMechanic *mech = in->mechanic;
  int rf = rf_risk_parts (ctx->ruleset, in, NULL);
  int sides = adj_rules_int (ctx->ruleset, "risk_factor", "die");

  adj_declare_outcomes (mech, odds);
  for (int d = 1; d <= sides; d++)
    {
      const char *action = rf_reaction_action (ctx->ruleset, adj_inputs_get_string (in, "arms"), rf,
                                               rf_reaction_face (in, d));
      adj_odds_add (odds, action, adj_outcome_label (mech, action), 1);
    }
  adj_odds_finish (odds, (guint64) sides);
  return TRUE;
}

/* The groups that react with @unit: its platoon on its side, or itself alone. */
GPtrArray *
rf_platoon_of (AdjBattle *battle,
               AdjUnit   *unit,
               gboolean   as_platoon)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  int platoon = adj_unit_get_status_int (unit, "platoon");
  GListModel *units = adj_battle_get_units (battle);

  if (!as_platoon || platoon == 0)
    {
      g_ptr_array_add (out, g_object_ref (unit));
      return out;
    }
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) u = g_list_model_get_item (units, i);

      /* A group of the platoon under command does as its player says: not part of it now. */
      if (u == unit || (g_str_equal (adj_unit_get_side (u), adj_unit_get_side (unit)) &&
                        adj_unit_get_status_int (u, "platoon") == platoon &&
                        !adj_unit_get_destroyed (u) && adj_unit_get_figures (u) > 0 &&
                        !adj_unit_get_status_bool (u, "hidden") &&
                        !adj_unit_get_status_bool (u, "commanded")))
        g_ptr_array_add (out, g_object_ref (u));
    }
  return out;
}

/* Full tenths of @hurt out of @total: 1 of 10 is one, 1 of 11 none. */
static int
casualty_tenths (int hurt,
                 int total,
                 int percent)
{
  if (total <= 0)
    return 0;
  return MIN (10, hurt * 100 / (percent * total));
}

/* What the battle can tell: the casualty part from the groups' records, their quality, arms,
 * whether they are native, in cover, advancing, routing, fortified, at half strength. */
static gboolean
reaction_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "group");
  g_autoptr(GPtrArray) group = NULL;
  int hurt = 0, total = 0, in_play = 0;
  gboolean hero = FALSE, all_raw = TRUE, missile = FALSE, native = TRUE, cover = TRUE;
  gboolean advancing = TRUE, routing = FALSE, fortified = FALSE;

  if (unit == NULL)
    return TRUE;
  group = rf_platoon_of (ctx->battle, unit, adj_inputs_get_bool (in, "as_platoon"));
  for (guint g = 0; g < group->len; g++)
    {
      AdjUnit *u = g_ptr_array_index (group, g);
      const AdjUnitType *type = rf_unit_type_of (ctx, u);
      json_object *members = adj_unit_get_members (u);
      const char *weapon = adj_unit_get_weapon (u);
      const char *rating = adj_unit_get_rating (u);

      rf_count_hurt (u, &hurt, &total);
      in_play += adj_unit_get_figures (u);
      if (g_strcmp0 (rating, "hero") == 0)
        hero = TRUE;
      if (g_strcmp0 (rating, "raw") != 0)
        all_raw = FALSE;
      if (rf_weapon_is_missile (adj_ruleset_find_weapon (ctx->ruleset, weapon)))
        missile = TRUE;
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          if (!rf_member_in_play (members, i))
            continue;
          if (g_str_equal (rf_member_quality (u, rf_member_rating (members, i), NULL), "hero"))
            hero = TRUE;
          if (rf_weapon_is_missile (adj_ruleset_find_weapon (ctx->ruleset,
                                                             rf_member_weapon (members, i,
                                                                               weapon))))
            missile = TRUE;
        }
      if (type == NULL || !adj_unit_type_rule_bool (type, "native", FALSE))
        native = FALSE;
      if (!adj_unit_get_status_bool (u, "in_cover"))
        cover = FALSE;
      if (g_strcmp0 (adj_unit_get_status_string (u, "order"), "advance") != 0)
        advancing = FALSE;
      if (adj_unit_get_status_bool (u, "routing"))
        routing = TRUE;
      if (adj_unit_get_status_bool (u, "fortified"))
        fortified = TRUE;
    }
  return adj_inputs_set_int (in, "casualty_tenths",
                             casualty_tenths (hurt, total,
                                              adj_rules_int (ctx->ruleset, "risk_factor",
                                                             "casualty_percent")),
                             error) &&
         adj_inputs_set_bool (in, "hero_or_superior", hero, error) &&
         adj_inputs_set_bool (in, "raw", all_raw, error) &&
         adj_inputs_set_string (in, "arms", missile ? "missile" : "close", error) &&
         adj_inputs_set_bool (in, "native", native, error) &&
         adj_inputs_set_bool (in, "in_cover", cover, error) &&
         adj_inputs_set_bool (in, "advancing", advancing, error) &&
         adj_inputs_set_bool (in, "routing", routing, error) &&
         adj_inputs_set_bool (in, "fortified", fortified, error) &&
         adj_inputs_set_bool (in, "half_strength", total == 0 || 2 * in_play >= total, error);
}

/* The order goes on every group that reacted: its latest order, and whether it is routing.
 * Decision: "carry on" changes nothing (the group goes on with its last order); any other
 * result ends a rout unless it is a rout itself. */
gboolean
rf_reaction_apply (const AdjContext  *ctx,
                   AdjInputs         *in,
                   AdjOutcome        *outcome,
                   AdjChangeSet      *changes,
                   GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "group");
  g_autoptr(GPtrArray) group = NULL;
  g_autoptr(json_object) order = NULL;
  g_autoptr(json_object) routing = NULL;

  if (unit == NULL || g_str_equal (outcome->key, "carry-on"))
    return TRUE;
  order = json_object_new_string (outcome->key);
  routing = json_object_new_boolean (g_str_equal (outcome->key, "rout"));
  group = rf_platoon_of (ctx->battle, unit, adj_inputs_get_bool (in, "as_platoon"));
  for (guint g = 0; g < group->len; g++)
    {
      AdjUnit *u = g_ptr_array_index (group, g);
      const AdjUnitType *type = rf_unit_type_of (ctx, u);

      if (type == NULL || !rf_is_group_category (type->category))
        continue;
      if (!rf_change_status (ctx->battle, changes, u, "order", order, error) ||
          !rf_change_status (ctx->battle, changes, u, "routing", routing, error))
        return FALSE;
    }
  return TRUE;
}

/* Whether the journal, as it stands, holds a reaction of @unit this turn: its own, or one of
 * the platoon it reacts with. */
static gboolean
reacted_this_turn (AdjBattle *battle,
                   AdjUnit   *unit)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      json_object *group = NULL, *as_platoon = NULL;
      AdjUnit *leader;
      g_autoptr(GPtrArray) platoon = NULL;

      if (entry->turn != turn || g_strcmp0 (entry->mechanic, rf_reaction.id) != 0 ||
          !json_object_object_get_ex (entry->inputs, "group", &group))
        continue;
      leader = adj_battle_find_unit (battle, json_object_get_string (group));
      if (leader == NULL)
        continue;
      json_object_object_get_ex (entry->inputs, "as_platoon", &as_platoon);
      platoon = rf_platoon_of (battle, leader,
                               as_platoon == NULL || json_object_get_boolean (as_platoon));
      if (g_ptr_array_find (platoon, unit, NULL))
        return TRUE;
    }
  return FALSE;
}

/* An uncommanded group with figures left reacts once a turn. */
static gboolean
reaction_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "group");

  if (unit == NULL)
    return adj_not_allowed (error, _("“%s” names no unit: choose one first"),
                            adj_gettext (reaction_inputs[0].label));
  if (adj_unit_get_destroyed (unit))
    return adj_not_allowed (error, _("%s is destroyed"), adj_unit_get_name (unit));
  if (adj_unit_get_figures (unit) == 0)
    return adj_not_allowed (error, _("%s has no figures left to react"),
                            adj_unit_get_name (unit));
  if (adj_unit_get_status_bool (unit, "commanded"))
    return adj_not_allowed (error, _("%s is under command this turn and takes no Risk Factor "
                                     "roll"), adj_unit_get_name (unit));
  if (reacted_this_turn (ctx->battle, unit))
    return adj_not_allowed (error, _("%s has already reacted this turn"),
                            adj_unit_get_name (unit));
  return TRUE;
}

const AdjMechanic rf_reaction = {
  .id = "rf/reaction",
  .title = N_("Risk Factor reaction"),
  .summary = N_("An uncommanded group adds up its Risk Factor and rolls a D6 on the reaction "
                "table of its arms to see what it does."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (reaction_inputs),
  MECHANIC_OUTCOMES (rf_reaction_outcomes),
  .draws = reaction_draws,
  .legal = reaction_legal,
  .resolve = reaction_resolve,
  .odds = reaction_odds,
  .prefill = reaction_prefill,
  .apply = rf_reaction_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/victory                                                                                  */

static const AdjField victory_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  INT_INPUT ("groups", N_("Groups and figures of the side still in the fight"),
             N_("Hidden groups count: they are still out there."), 0, 100000, 1),
  INT_INPUT ("retreating", N_("Of them, retreating or routing"), NULL, 0, 100000, 0),
};

static gboolean
victory_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  int groups = adj_inputs_get_int (in, "groups");
  int retreating = adj_inputs_get_int (in, "retreating");

  if (retreating > groups)
    return adj_not_allowed (error, _("%d retreating out of %d"), retreating, groups);
  if (groups == 0)
    adj_outcome_set_result (outcome, "lost", _("No group of the side is left in the fight"));
  else if (retreating == groups)
    adj_outcome_set_result (outcome, "lost", ngettext ("Its %d group is falling back",
                                                       "All %d of its groups are falling back",
                                                       groups), groups);
  else
    {
      /* The noun takes the plural of the groups, the verb of those still standing. */
      g_autofree char *all = g_strdup_printf (ngettext ("%d group", "%d groups", groups), groups);

      /* TRANSLATORS: e.g. "1 of 3 groups still stands" */
      adj_outcome_set_result (outcome, "fighting", ngettext ("%d of %s still stands",
                                                             "%d of %s still stand",
                                                             groups - retreating),
                              groups - retreating, all);
    }
  return TRUE;
}

/* A unit still in the fight: on the table or hidden, not a marker, not destroyed. */
static gboolean
unit_counts (const AdjContext *ctx,
             AdjUnit          *unit)
{
  const AdjUnitType *type = rf_unit_type_of (ctx, unit);

  return type != NULL && !g_str_equal (type->category, "marker") &&
         !adj_unit_get_destroyed (unit) && adj_unit_get_figures (unit) > 0;
}

static gboolean
unit_retreating (AdjUnit *unit)
{
  const char *order = adj_unit_get_status_string (unit, "order");

  return adj_unit_get_status_bool (unit, "routing") ||
         g_strcmp0 (order, "retreat") == 0 || g_strcmp0 (order, "rout") == 0;
}

static gboolean
victory_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  GListModel *units;
  int groups = 0, retreating = 0;

  if (ctx->battle == NULL || side == NULL)
    return TRUE;
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) u = g_list_model_get_item (units, i);

      if (!g_str_equal (adj_unit_get_side (u), side) || !unit_counts (ctx, u))
        continue;
      groups++;
      if (unit_retreating (u))
        retreating++;
    }
  return adj_inputs_set_int (in, "groups", MIN (groups, 100000), error) &&
         adj_inputs_set_int (in, "retreating", MIN (retreating, 100000), error);
}

const AdjMechanic rf_victory = {
  .id = "rf/victory",
  .title = N_("Has a side lost?"),
  .summary = N_("A side whose every group is retreating or routing has lost the fight."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (victory_inputs),
  MECHANIC_OUTCOMES (rf_victory_outcomes),
  .resolve = victory_resolve,
  .prefill = victory_prefill,
};
