/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf.c: the Risk Factor colonial skirmish rules — the choices and reading of rf.json that
 * the mechanics share, and the system itself.  The mechanics, the solo step, hidden deployment
 * and the check of rf.json live in adj-rf-*.c.
 *
 * The numbers and tables (dice by quality, command costs and distances, moves, weapon ranges
 * and melee factors, the to-hit, damage and both reaction tables, the Risk Factor values)
 * live in data/rulesets/rf.json; these files decide when each applies.  Figures are followed
 * one by one through the generic record per figure (adj-members.h): a wound is counted on
 * the figure it hits and a second one kills him.
 *
 * Where RULES.md leaves a point open, the choice made in these files is marked
 * "Decision:"; those of the rules added last (thrown weapons, troops without volleys, seeing
 * figures in terrain, prisoners) are also listed under "decisions" in rf.json.
 *
 * Exact odds.  Command, movement and the reaction roll have at most a handful of dice, whose
 * sums are counted outright.  A volley is a row of identical, independent shots: the number of
 * casualties is binomial.  A melee is a set of independent clusters (one figure against the
 * figures paired with him): each cluster's spread of fights won is counted face by face and the
 * clusters are convolved.  The ways are GMP integers: exact, however many figures fight.
 */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

const AdjChoice rf_quality_choices[] = {
  { "hero", N_("Hero") },
  { "veteran", N_("Veteran") },
  { "raw", N_("Raw") },
};

const AdjChoice rf_link_choices[] = {
  { "none", N_("Nobody") },
  { "hero", N_("A hero (4D6)") },
  { "veteran", N_("A veteran (3D6)") },
  { "raw", N_("A raw NCO (2D6)") },
};

const AdjChoice rf_cover_choices[] = {
  { "open", N_("In the open") },
  { "soft", N_("Soft cover (bushes, crops, fences)") },
  { "hard", N_("Hard cover (walls, rocks, buildings)") },
};

const AdjChoice rf_loading_choices[] = {
  { "breech", N_("Breech-loaders") },
  { "muzzle", N_("Muzzle-loaders") },
  { "magazine", N_("Magazine rifles") },
};

const AdjChoice rf_arms_choices[] = {
  { "missile", N_("Missile troops (firearms, bows, slings)") },
  { "close", N_("Close-combat weapons only") },
};

const AdjChoice rf_command_outcomes[] = {
  { "all", N_("Every group named is under command") },
  { "some", N_("Some of the groups are under command") },
  { "none", N_("No group is under command") },
  { "points", N_("Command points rolled") },
};

/* The order of the reaction tables; rf.json's "risk_factor.actions" must list the same. */
const AdjChoice rf_reaction_outcomes[] = {
  { "carry-on", N_("Carry on") },
  { "close-in", N_("Move toward the enemy") },
  { "attack", N_("Attack") },
  { "advance", N_("Advance") },
  { "halt", N_("Halt") },
  { "retreat", N_("Retreat") },
  { "rout", N_("Rout") },
};

const AdjChoice rf_melee_outcomes[] = {
  { "attacker", N_("The attackers win: the defenders fall back") },
  { "defender", N_("The defenders win: the attackers fall back") },
  { "draw", N_("A draw: both sides fall back") },
};

const AdjChoice rf_victory_outcomes[] = {
  { "lost", N_("Every group is falling back: the side has lost") },
  { "fighting", N_("The side fights on") },
};

/* ------------------------------------------------------------------------------------------ */
/* the ruleset's numbers (rf_check_ruleset made sure every one of them is there)               */

/* Dice a leader of this quality throws for command: 4, 3 or 2. */
int
rf_quality_dice (AdjRuleset *rs,
                 const char *quality)
{
  json_object *dice = adj_rules_json (rs, "command", "dice");

  return json_object_get_int (json_object_object_get (dice, quality));
}

int
rf_to_hit_need (AdjRuleset *rs,
                const char *band,
                const char *cover)
{
  json_object *need = adj_rules_json (rs, "to_hit", "need");

  return json_object_get_int (json_object_object_get (json_object_object_get (need, band), cover));
}

/* "graze", "wound" or "kill" for a (modified) damage die of 1 to 6. */
const char *
rf_damage_result (AdjRuleset *rs,
                  const char *cls,
                  int         face)
{
  json_object *row = json_object_object_get (adj_rules_json (rs, "damage", "results"), cls);

  return json_object_get_string (json_object_array_get_idx (row, (gsize) (face - 1)));
}

static json_object *
reaction_row (AdjRuleset *rs,
              const char *arms,
              int         rf)
{
  json_object *rows = json_object_object_get (adj_rules_json (rs, "risk_factor", "tables"), arms);

  for (gsize i = 0; i < json_object_array_length (rows); i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);
      json_object *min = json_object_object_get (row, "min");
      json_object *max = json_object_object_get (row, "max");

      if ((min == NULL || rf >= json_object_get_int (min)) &&
          (max == NULL || rf <= json_object_get_int (max)))
        return row;
    }
  g_return_val_if_reached (NULL);
}

const char *
rf_reaction_action (AdjRuleset *rs,
                    const char *arms,
                    int         rf,
                    int         face)
{
  json_object *row = reaction_row (rs, arms, rf);

  return json_object_get_string (json_object_array_get_idx (json_object_object_get (row, "actions"),
                                                            (gsize) (face - 1)));
}

/* The players' description of an action, from the ruleset (untranslated). */
const char *
rf_action_meaning (AdjRuleset *rs,
                   const char *action)
{
  const char *hint = adj_rf_action_meaning (rs, action);

  g_return_val_if_fail (hint != NULL, "");
  return hint;
}

int
rf_modifier_value (AdjRuleset *rs,
                   const char *group,
                   const char *id)
{
  return adj_ruleset_get_modifier (rs, group, id)->value;
}

const char *
rf_modifier_label (AdjRuleset *rs,
                   const char *group,
                   const char *id)
{
  return adj_gettext (adj_ruleset_get_modifier (rs, group, id)->label);
}

/* ---- weapons ---- */

gboolean
rf_weapon_shoots (const AdjWeapon *w)
{
  return adj_weapon_rule_int (w, "long", 0) > 0;
}

gboolean
rf_weapon_is_missile (const AdjWeapon *w)
{
  json_object *rules = w != NULL ? json_object_object_get (w->json, "rules") : NULL;

  return json_object_get_boolean (json_object_object_get (rules, "missile"));
}

int
rf_melee_factor (AdjRuleset *rs,
                 const char *weapon)
{
  return adj_weapon_rule_int (adj_ruleset_find_weapon (rs, weapon), "melee", 0);
}

/* ---- units and their figures ---- */

char *
rf_unit_target (AdjUnit *unit)
{
  return g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
}

gboolean
rf_member_in_play (json_object *members,
                   guint        i)
{
  return !adj_member_get_bool (members, i, ADJ_MEMBER_LOST);
}

const char *
rf_member_role (json_object *members,
                guint        i)
{
  const char *role = adj_member_get_string (members, i, "role");
  return role != NULL ? role : "figure";
}

gboolean
rf_role_passes_orders (const char *role)
{
  return g_str_equal (role, "nco") || g_str_equal (role, "drummer") ||
         g_str_equal (role, "bugler");
}

const char *
rf_member_rating (json_object *members,
                  guint        i)
{
  return adj_member_get_string (members, i, ADJ_MEMBER_RATING);
}

/* A member's quality: his own @rating, else the group's, else veteran. */
const char *
rf_member_quality (AdjUnit     *unit,
                   const char  *rating,
                   const char  *group_quality)
{
  const char *q;

  if (rating != NULL)
    return rating;
  if (group_quality != NULL)
    return group_quality;
  q = unit != NULL ? adj_unit_get_rating (unit) : NULL;
  return q != NULL ? q : "veteran";
}

const char *
rf_member_weapon (json_object *members,
                  guint        i,
                  const char  *group_weapon)
{
  const char *w = adj_member_get_string (members, i, ADJ_MEMBER_WEAPON);
  return w != NULL ? w : group_weapon;
}

/* Wounded or killed members, of all of them (both 0 without a record). */
void
rf_count_hurt (AdjUnit *unit,
               int     *hurt,
               int     *total)
{
  json_object *members = unit != NULL ? adj_unit_get_members (unit) : NULL;
  guint n = members != NULL ? (guint) json_object_array_length (members) : 0;

  for (guint i = 0; i < n; i++)
    {
      (*total)++;
      if (!rf_member_in_play (members, i) || adj_member_get_int (members, i, "wounds") > 0)
        (*hurt)++;
    }
}

const AdjUnitType *
rf_unit_type_of (const AdjContext *ctx,
                 AdjUnit          *unit)
{
  return unit != NULL ? adj_ruleset_find_unit_type (ctx->ruleset, adj_unit_get_type_id (unit))
                      : NULL;
}

gboolean
rf_is_group_category (const char *category)
{
  return g_str_equal (category, "infantry") || g_str_equal (category, "cavalry") ||
         g_str_equal (category, "civilians");
}

static gboolean
unit_is_marker (AdjBattle *battle,
                AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);

  return type != NULL && g_str_equal (type->category, "marker");
}

gboolean
rf_legal_in_phase (AdjBattle  *battle,
                   AdjUnit    *actor,
                   RfAct       act,
                   GError    **error)
{
  static const char *const suffixes[] = { "-command", "-move", "-shoot", "-melee" };
  const char *phase = adj_battle_get_phase (battle);
  AdjSide *side = adj_battle_phase_side (battle);
  g_autofree char *now = NULL;

  if (g_str_has_suffix (phase, suffixes[act]) && side != NULL &&
      (act == RF_ACT_MELEE || g_strcmp0 (side->id, adj_unit_get_side (actor)) == 0))
    return TRUE;
  if (g_str_has_suffix (phase, suffixes[act]) && side != NULL)
    switch (act)
      {
      case RF_ACT_COMMAND:
        return adj_not_allowed (error, _("%s cannot give orders now: %s is giving orders"),
                                adj_unit_get_name (actor), side->name);
      case RF_ACT_MOVE:
        return adj_not_allowed (error, _("%s cannot move now: %s is moving"),
                                adj_unit_get_name (actor), side->name);
      case RF_ACT_SHOOT:
        return adj_not_allowed (error, _("%s cannot shoot now: %s is shooting"),
                                adj_unit_get_name (actor), side->name);
      case RF_ACT_MELEE:
        break;
      }
  now = adj_battle_phase_label (battle, NULL);
  switch (act)
    {
    case RF_ACT_COMMAND:
      return adj_not_allowed (error, _("%s cannot give orders now: a side gives its orders in "
                                       "its own command phase (now: %s)"),
                              adj_unit_get_name (actor), now);
    case RF_ACT_MOVE:
      return adj_not_allowed (error, _("%s cannot move now: a side moves in its own movement "
                                       "phase (now: %s)"), adj_unit_get_name (actor), now);
    case RF_ACT_SHOOT:
      return adj_not_allowed (error, _("%s cannot shoot now: a side shoots in its own shooting "
                                       "phase (now: %s)"), adj_unit_get_name (actor), now);
    case RF_ACT_MELEE:
    default:
      return adj_not_allowed (error, _("%s cannot fight a melee now: melees are fought once a "
                                       "side has moved and shot (now: %s)"),
                              adj_unit_get_name (actor), now);
    }
}

gboolean
rf_legal_fight (const AdjContext  *ctx,
                AdjInputs         *in,
                const char        *actor,
                const char        *target,
                gboolean           shooting,
                GError           **error)
{
  AdjUnit *a, *t;

  if (!adj_rules_legal_pair (ctx, in, actor, target, &a, error))
    return FALSE;
  t = adj_input_unit (ctx, in, target);
  /* A marker stands for a group or for nothing: it is spotted first, and what it hid acts. */
  if (unit_is_marker (ctx->battle, a))
    return adj_not_allowed (error, _("%s is a hidden marker: spot it first, and what it hides "
                                     "acts"), adj_unit_get_name (a));
  if (unit_is_marker (ctx->battle, t))
    return adj_not_allowed (error, shooting ? _("%s is a hidden marker: spot it before shooting "
                                                "at what it hides")
                                            : _("%s is a hidden marker: spot it before attacking "
                                                "what it hides"), adj_unit_get_name (t));
  if (adj_unit_get_figures (a) == 0)
    return adj_not_allowed (error, shooting ? _("%s has no figures left and cannot shoot")
                                            : _("%s has no figures left and cannot fight"),
                            adj_unit_get_name (a));
  if (adj_unit_get_status_bool (a, "routing"))
    return adj_not_allowed (error, shooting ? _("%s is routing and cannot shoot")
                                            : _("%s is routing and cannot charge into melee"),
                            adj_unit_get_name (a));
  if (adj_unit_get_figures (t) == 0)
    return adj_not_allowed (error, shooting ? _("%s has no figures left to shoot at")
                                            : _("%s has no figures left to fight"),
                            adj_unit_get_name (t));
  /* Not named: who is under which marker stays the battle's secret, even in a ruling. */
  if (adj_rf_unit_is_hidden (ctx->battle, t))
    return adj_not_allowed (error, "%s", shooting ? _("The target is hidden under a marker and "
                                                      "cannot be shot at until it is spotted")
                                                  : _("The target is hidden under a marker and "
                                                      "cannot be attacked until it is spotted"));
  return rf_legal_in_phase (ctx->battle, a, shooting ? RF_ACT_SHOOT : RF_ACT_MELEE, error);
}

/* Record a figure's new state, as "members.<i>.<key>" changes against the battle. */
gboolean
rf_change_member (AdjBattle     *battle,
                  AdjChangeSet  *changes,
                  AdjUnit       *unit,
                  guint          i,
                  const char    *key,
                  json_object   *value,
                  GError       **error)
{
  g_autofree char *field = g_strdup_printf ("members.%u.%s", i, key);

  return adj_rules_change_unit (battle, changes, unit, field, value, error);
}

gboolean
rf_change_status (AdjBattle     *battle,
                  AdjChangeSet  *changes,
                  AdjUnit       *unit,
                  const char    *status,
                  json_object   *value,
                  GError       **error)
{
  g_autofree char *target = rf_unit_target (unit);
  g_autofree char *field = g_strconcat ("status.", status, NULL);
  g_autoptr(json_object) before = adj_unit_get_field (unit, field);

  if (adj_json_equal (before, value))
    return TRUE;
  return adj_battle_change_field (battle, changes, target, field, value, error);
}

/* ------------------------------------------------------------------------------------------ */
/* the system                                                                                  */

static const AdjMechanic *const rf_mechanics[] = {
  &rf_command,
  &rf_movement,
  &rf_visibility,
  &rf_shooting,
  &rf_melee,
  &rf_take_prisoners,
  &rf_guard_prisoners,
  &rf_dispatch_prisoners,
  &rf_reaction,
  &rf_victory,
};

static const char *const rf_keys[] = {
  "command", "movement", "fire", "to_hit", "damage", "melee", "risk_factor",
  "hidden_deployment", "visibility", "prisoners", "templates", "decisions", NULL
};

const AdjSystem adj_rf_system = {
  .id = "rf",
  .mechanics = rf_mechanics,
  .n_mechanics = G_N_ELEMENTS (rf_mechanics),
  .ruleset_keys = rf_keys,
  .check_ruleset = rf_check_ruleset,
  .turn_state = rf_turn_state,
};
