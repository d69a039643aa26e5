/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-check.c: Risk Factor — checking rf.json when it loads. */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* checking rf.json                                                                            */

static gboolean
need_object (json_object  *obj,
             const char   *key,
             json_object **out,
             const char   *file,
             const char   *path,
             GError      **error)
{
  return adj_json_get_object (obj, key, TRUE, out, file, path, error);
}

static gboolean
need_ints (json_object         *obj,
           const char * const  *keys,
           gint64               min,
           gint64               max,
           const char          *file,
           const char          *path,
           GError             **error)
{
  for (guint i = 0; keys[i] != NULL; i++)
    {
      gint64 v;
      if (!adj_json_get_int (obj, keys[i], TRUE, min, max, &v, file, path, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_actions (AdjRuleset  *rs,
               json_object *rf,
               const char  *file,
               GError     **error)
{
  static const char *const keys[] = { "id", "label", "hint", NULL };
  json_object *actions;

  if (!adj_json_get_array (rf, "actions", TRUE, &actions, file, "$.risk_factor", error))
    return FALSE;
  if (json_object_array_length (actions) != G_N_ELEMENTS (rf_reaction_outcomes))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.risk_factor.actions",
                          _("expected the %u actions of the reaction tables"),
                          (guint) G_N_ELEMENTS (rf_reaction_outcomes));
  for (guint i = 0; i < G_N_ELEMENTS (rf_reaction_outcomes); i++)
    {
      json_object *a = json_object_array_get_idx (actions, i);
      g_autofree char *where = adj_json_path_index ("$.risk_factor.actions", i);
      const char *id = NULL, *label = NULL, *hint = NULL;

      if (!adj_json_expect_object (a, file, where, error) ||
          !adj_json_check_keys (a, keys, file, where, error) ||
          !adj_json_get_string (a, "id", TRUE, &id, file, where, error) ||
          !adj_json_get_string (a, "label", TRUE, &label, file, where, error) ||
          !adj_json_get_string (a, "hint", TRUE, &hint, file, where, error))
        return FALSE;
      if (!g_str_equal (id, rf_reaction_outcomes[i].id))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the action “%s” here, found “%s”"),
                              rf_reaction_outcomes[i].id, id);
    }
  return TRUE;
}

/* A reaction table: rows of RF ranges, from "0 or less" to "9 or more" with no gap, each
 * with six actions. */
static gboolean
check_reaction_table (json_object  *tables,
                      const char   *arms,
                      const char   *file,
                      GError      **error)
{
  static const char *const keys[] = { "min", "max", "actions", NULL };
  g_autofree char *path = g_strdup_printf ("$.risk_factor.tables.%s", arms);
  json_object *rows;
  gsize n;
  gint64 next = G_MININT64;

  if (!adj_json_get_array (tables, arms, TRUE, &rows, file, "$.risk_factor.tables", error))
    return FALSE;
  n = json_object_array_length (rows);
  if (n == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, _("expected at least one row"));
  for (gsize i = 0; i < n; i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);
      g_autofree char *where = adj_json_path_index (path, i);
      gint64 min = G_MININT64, max = G_MAXINT64;
      json_object *actions;

      if (!adj_json_expect_object (row, file, where, error) ||
          !adj_json_check_keys (row, keys, file, where, error) ||
          !adj_json_get_int (row, "min", i > 0, -100, 100, &min, file, where, error) ||
          !adj_json_get_int (row, "max", i + 1 < n, -100, 100, &max, file, where, error) ||
          !adj_json_get_array (row, "actions", TRUE, &actions, file, where, error))
        return FALSE;
      if (i == 0 && json_object_object_get_ex (row, "min", NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the first row has no “min”: it takes every lower RF"));
      if (i + 1 == n && json_object_object_get_ex (row, "max", NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the last row has no “max”: it takes every higher RF"));
      if ((i > 0 && min != next) || max < min)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the rows must follow each other with no gap or overlap"));
      next = max == G_MAXINT64 ? max : max + 1;
      if (json_object_array_length (actions) != 6)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "actions",
                                 _("expected 6 actions, one for each face of the die"));
      for (gsize k = 0; k < 6; k++)
        {
          json_object *a = json_object_array_get_idx (actions, k);

          if (!json_object_is_type (a, json_type_string) ||
              adj_field_find_choice (rf_reaction_outcomes, G_N_ELEMENTS (rf_reaction_outcomes),
                                     json_object_get_string (a)) == NULL)
            {
              g_autofree char *at = adj_json_path_key (where, "actions");
              g_autofree char *cell = adj_json_path_index (at, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, cell,
                                    _("expected one of the actions of “risk_factor.actions”"));
            }
        }
    }
  return TRUE;
}

static gboolean
check_weapons (AdjRuleset   *rs,
               const char   *file,
               GError      **error)
{
  static const char *const classes[] = { "gunpowder", "bow-spear", "other", NULL };
  static const char *const loadings[] = { "group", "muzzle", "thrown", "bow", "none", NULL };
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);

  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      g_autofree char *where = g_strdup_printf ("$.weapons[%u].rules", i);
      json_object *rules = json_object_object_get (w->json, "rules");
      static const char *const keys[] = {
        "short", "medium", "long", "melee", "class", "missile", "loading", NULL
      };
      gint64 s = 0, m = 0, l = 0, melee = 0;
      const char *cls = NULL, *loading = NULL;
      gboolean missile = FALSE;

      if (rules == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the weapon's ranges, melee factor, class and loading"));
      if (!adj_json_check_keys (rules, keys, file, where, error) ||
          !adj_json_get_int (rules, "short", FALSE, 0, MAX_CM, &s, file, where, error) ||
          !adj_json_get_int (rules, "medium", FALSE, 0, MAX_CM, &m, file, where, error) ||
          !adj_json_get_int (rules, "long", FALSE, 0, MAX_CM, &l, file, where, error) ||
          !adj_json_get_int (rules, "melee", TRUE, 0, 100, &melee, file, where, error) ||
          !adj_json_get_string (rules, "class", TRUE, &cls, file, where, error) ||
          !adj_json_get_bool (rules, "missile", TRUE, &missile, file, where, error) ||
          !adj_json_get_string (rules, "loading", TRUE, &loading, file, where, error))
        return FALSE;
      if (!g_strv_contains (classes, cls))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the class “gunpowder”, “bow-spear” or “other”, "
                                "found “%s”"), cls);
      if (!g_strv_contains (loadings, loading))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the loading “group”, “muzzle”, “thrown”, “bow” or "
                                "“none”, found “%s”"), loading);
      if (l > 0 ? !(0 < s && s <= m && m <= l && l == w->range)
                : (s != 0 || m != 0 || w->range != 0))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected short ≤ medium ≤ long ranges, the long one equal to "
                                "the weapon's range (or no ranges at all)"));
      if ((l > 0) != (!g_str_equal (loading, "none")))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("a weapon that shoots needs a way of loading, and one that "
                                "does not shoot has “none”"));
    }
  return TRUE;
}

/* The yes-or-no rules of a unit type, when it has them: "volleys" (it can fire volleys) and
 * "takes_prisoners" (it keeps the figures it captures). */
static gboolean
check_unit_type_rules (AdjRuleset   *rs,
                       const char   *file,
                       GError      **error)
{
  static const char *const flags[] = { "volleys", "takes_prisoners", NULL };
  GPtrArray *types = adj_ruleset_get_unit_types (rs);

  for (guint i = 0; i < types->len; i++)
    {
      const AdjUnitType *type = g_ptr_array_index (types, i);
      json_object *rules = json_object_object_get (type->json, "rules");
      g_autofree char *where = g_strdup_printf ("$.unit_types[%u].rules", i);

      for (guint k = 0; rules != NULL && flags[k] != NULL; k++)
        {
          gboolean flag;

          if (!adj_json_get_bool (rules, flags[k], FALSE, &flag, file, where, error))
            return FALSE;
        }
    }
  return TRUE;
}

gboolean
rf_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const risk_ids[] = {
    "no-enemy", "hero-or-superior", "cover-or-advancing", "enemy-in-range", "raw-in-range",
    "casualties", "flank-or-retreating", "natives-near-cavalry", "routing-or-losing", NULL
  };
  static const char *const melee_ids[] = {
    "raw", "extra-enemy", "defended-wall", "hero-or-superior", "better-weapon", NULL
  };
  static const char *const damage_ids[] = { "hero", "raw", NULL };
  static const char *const command_keys[] = {
    "distance_open", "distance_enclosed", "cost_loyal", "cost_disloyal", "cost_router",
    "cost_chain", "max_links", NULL
  };
  static const char *const command_dice_keys[] = { "drummer_dice", "busy_dice", NULL };
  static const char *const movement_keys[] = {
    "foot", "wounded", "civilian", "petticoats", "horsed_open", "difficult_factor",
    "barrier_quarters", "rout_bonus", NULL
  };
  static const char *const fire_keys[] = {
    "uncommanded_stationary", "uncommanded_moving", "thrown_per", NULL
  };
  static const char *const melee_keys[] = { "wound_on", "kill_on", "fall_back", NULL };
  static const char *const hidden_keys[] = { "place_within", NULL };
  static const char *const visibility_keys[] = { "step", "edge", "woods", NULL };
  static const char *const prisoner_keys[] = { "per_guard", "dispatch_per_figure", NULL };
  static const char *const qualities[] = { "hero", "veteran", "raw", NULL };
  static const char *const bands[] = { "short", "medium", "long", NULL };
  static const char *const covers[] = { "open", "soft", "hard", NULL };
  static const char *const classes[] = { "gunpowder", "bow-spear", "other", NULL };
  static const char *const results[] = { "graze", "wound", "kill", NULL };
  static const char *const statuses[] = {
    "commanded", "moved", "loading", "loaded", "in_cover", "routing", "order", "platoon",
    "fortified", "superior_melee", "hidden", "prisoners", "guards", NULL
  };
  static const char *const categories[] = {
    "infantry", "cavalry", "civilians", "character", "marker", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  json_object *root = adj_ruleset_get_json (rs);
  json_object *command, *dice, *movement, *fire, *to_hit, *need, *damage, *res, *melee, *rf;
  json_object *tables, *hidden, *visibility, *prisoners;
  gint64 die = 0;
  g_autoptr(AdjMemberSchema) schema = NULL;
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(GError) local = NULL;
  json_object *sides;

  if (!need_object (root, "command", &command, file, "$", error) ||
      !need_object (command, "dice", &dice, file, "$.command", error) ||
      !need_ints (dice, qualities, 1, 10, file, "$.command.dice", error) ||
      !need_ints (command, command_keys, 0, 1000, file, "$.command", error) ||
      !need_ints (command, command_dice_keys, 0, 4, file, "$.command", error) ||
      !need_object (root, "movement", &movement, file, "$", error) ||
      !need_ints (movement, movement_keys, 0, 1000, file, "$.movement", error) ||
      !adj_json_get_int (movement, "native_attack_die", TRUE, 2, 100, &die, file, "$.movement",
                         error) ||
      !need_object (root, "fire", &fire, file, "$", error) ||
      !need_ints (fire, fire_keys, 1, 100, file, "$.fire", error) ||
      !need_object (root, "to_hit", &to_hit, file, "$", error) ||
      !adj_json_get_int (to_hit, "die", TRUE, 8, 8, &die, file, "$.to_hit", error) ||
      !need_object (to_hit, "need", &need, file, "$.to_hit", error) ||
      !need_object (root, "damage", &damage, file, "$", error) ||
      !adj_json_get_int (damage, "die", TRUE, 6, 6, &die, file, "$.damage", error) ||
      !need_object (damage, "results", &res, file, "$.damage", error) ||
      !need_object (root, "melee", &melee, file, "$", error) ||
      !need_ints (melee, melee_keys, 1, 100, file, "$.melee", error) ||
      !need_object (root, "risk_factor", &rf, file, "$", error) ||
      !adj_json_get_int (rf, "die", TRUE, 6, 6, &die, file, "$.risk_factor", error) ||
      !adj_json_get_int (rf, "casualty_percent", TRUE, 1, 100, &die, file, "$.risk_factor",
                         error) ||
      !check_actions (rs, rf, file, error) ||
      !need_object (rf, "tables", &tables, file, "$.risk_factor", error) ||
      !check_reaction_table (tables, "missile", file, error) ||
      !check_reaction_table (tables, "close", file, error) ||
      !need_object (root, "hidden_deployment", &hidden, file, "$", error) ||
      !need_ints (hidden, hidden_keys, 0, 1000, file, "$.hidden_deployment", error) ||
      !need_object (root, "visibility", &visibility, file, "$", error) ||
      !adj_json_get_int (visibility, "die", TRUE, 6, 6, &die, file, "$.visibility", error) ||
      !need_ints (visibility, visibility_keys, 1, 1000, file, "$.visibility", error) ||
      !need_object (root, "prisoners", &prisoners, file, "$", error) ||
      !need_ints (prisoners, prisoner_keys, 1, 100, file, "$.prisoners", error) ||
      !adj_rules_check_decisions (rs, error) ||
      !adj_ruleset_require_modifiers (rs, "risk", risk_ids, error) ||
      !adj_ruleset_require_modifiers (rs, "melee", melee_ids, error) ||
      !adj_ruleset_require_modifiers (rs, "damage", damage_ids, error) ||
      !check_weapons (rs, file, error) || !check_unit_type_rules (rs, file, error))
    return FALSE;

  for (guint b = 0; bands[b] != NULL; b++)
    {
      json_object *row;
      g_autofree char *where = adj_json_path_key ("$.to_hit.need", bands[b]);

      if (!need_object (need, bands[b], &row, file, "$.to_hit.need", error) ||
          !need_ints (row, covers, 1, 8, file, where, error))
        return FALSE;
    }
  for (guint c = 0; classes[c] != NULL; c++)
    {
      json_object *row;
      g_autofree char *where = adj_json_path_key ("$.damage.results", classes[c]);

      if (!adj_json_get_array (res, classes[c], TRUE, &row, file, "$.damage.results", error))
        return FALSE;
      if (json_object_array_length (row) != 6)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected 6 results, one for each face of the die"));
      for (gsize k = 0; k < 6; k++)
        {
          json_object *cell = json_object_array_get_idx (row, k);

          if (!json_object_is_type (cell, json_type_string) ||
              !g_strv_contains (results, json_object_get_string (cell)))
            {
              g_autofree char *at = adj_json_path_index (where, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                    _("expected “graze”, “wound” or “kill”"));
            }
        }
    }

  if (!adj_rules_check_declared (rs, categories, NULL, error))
    return FALSE;
  if (adj_ruleset_find_unit_type (rs, "marker") == NULL ||
      !g_str_equal (adj_ruleset_find_unit_type (rs, "marker")->category, "marker"))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.unit_types",
                          _("expected the unit type “marker”, of the category “marker”"));
  for (guint q = 0; qualities[q] != NULL; q++)
    if (adj_ruleset_find_rating (rs, qualities[q]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.ratings",
                            _("the rating “%s” is missing"), qualities[q]);
  if (!adj_rules_check_declared (rs, NULL, statuses, error))
    return FALSE;
  if (!adj_ruleset_find_status_field (rs, "hidden")->hides_unit)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                          _("the status field “hidden” must hide its unit"));
  if (adj_ruleset_find_side_field (rs, "solo") == NULL ||
      adj_ruleset_find_side_field (rs, "solo")->kind != ADJ_FIELD_BOOL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.side_fields",
                          _("expected the side setting “solo”, true or false"));

  schema = adj_member_schema_new (rs, &local);
  if (schema == NULL)
    {
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        adj_json_fail (error, ADJ_ERROR_INVALID, file, "$",
                       _("expected “members”: the record kept for every figure"));
      return FALSE;
    }
  {
    const AdjField *role = adj_member_schema_find_field (schema, "role");
    const AdjField *wounds = adj_member_schema_find_field (schema, "wounds");
    const AdjField *disloyal = adj_member_schema_find_field (schema, "disloyal");
    static const char *const roles[] = { "figure", "officer", "nco", "drummer", "bugler", NULL };

    if (role == NULL || role->kind != ADJ_FIELD_ENUM || wounds == NULL ||
        wounds->kind != ADJ_FIELD_INT || wounds->min != 0 || wounds->max != 1 ||
        disloyal == NULL || disloyal->kind != ADJ_FIELD_BOOL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.members.fields",
                            _("expected “role” (a choice), “wounds” (0 or 1) and “disloyal” "
                              "(true or false)"));
    for (guint r = 0; roles[r] != NULL; r++)
      if (adj_field_find_choice (role->choices, role->n_choices, roles[r]) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.members.fields",
                              _("the role “%s” is missing"), roles[r]);
  }

  /* Example forces must load as an army list does. */
  if (json_object_object_get_ex (root, "templates", &sides))
    {
      templates = adj_army_templates (rs, error);
      if (templates == NULL)
        return FALSE;
    }
  return TRUE;
}
