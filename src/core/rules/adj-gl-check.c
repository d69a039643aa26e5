/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-check.c: Glidden's colonial rules — checking gl.json when it loads. */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include "adj-gl-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Checking gl.json                                                                            */

static gboolean
check_morale (AdjRuleset  *rs,
              GError     **error)
{
  static const char *const keys[] = { "pass", "rally_dice", "rout_dice", NULL };
  static const char *const classes[] = { "regular", "zulu", "boer", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *morale, *pass;
  gint64 v;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "morale", TRUE, &morale, file, "$",
                            error) ||
      !adj_json_check_keys (morale, keys, file, "$.morale", error) ||
      !adj_json_get_object (morale, "pass", TRUE, &pass, file, "$.morale", error) ||
      !adj_json_check_keys (pass, classes, file, "$.morale.pass", error) ||
      !adj_json_get_int (morale, "rally_dice", TRUE, 1, 10, &v, file, "$.morale", error) ||
      !adj_json_get_int (morale, "rout_dice", TRUE, 1, 10, &v, file, "$.morale", error))
    return FALSE;
  for (guint i = 0; classes[i] != NULL; i++)
    if (!adj_json_get_int (pass, classes[i], TRUE, 1, 7, &v, file, "$.morale.pass", error))
      return FALSE;
  return TRUE;
}

static gboolean
check_cards (AdjRuleset  *rs,
             GError     **error)
{
  static const char *const keys[] = { "british", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *cards;
  const char *colour;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "cards", TRUE, &cards, file, "$", error) ||
      !adj_json_check_keys (cards, keys, file, "$.cards", error) ||
      !adj_json_get_string (cards, "british", TRUE, &colour, file, "$.cards", error))
    return FALSE;
  if (!g_str_equal (colour, "red") && !g_str_equal (colour, "black"))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cards.british",
                          _("expected “red” or “black”, found “%s”"), colour);
  return TRUE;
}

/* A table the mechanics read must have the rows they ask for (the ids in C), in that order. */
static gboolean
check_table (AdjRuleset       *rs,
             const char       *table_id,
             const AdjChoice  *rows,
             guint             n_rows,
             const char       *columns,
             GError          **error)
{
  const char *file = adj_ruleset_get_file (rs);
  const AdjTableShape *shape = adj_table_shape_lookup (rs, table_id);
  g_autofree char *want = NULL;

  if (shape == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” is missing"), table_id);
  if (shape->kind != ADJ_TABLE_INT)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” must hold whole numbers"), table_id);
  if (shape->n_rows != n_rows)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” must have %u rows"), table_id, n_rows);
  for (guint i = 0; i < n_rows; i++)
    if (!g_str_equal (shape->rows[i].id, rows[i].id))
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                            _("row %u of the table “%s” must be “%s”"), i + 1, table_id,
                            rows[i].id);
  {
    GString *s = g_string_new (NULL);

    for (guint i = 0; i < shape->n_columns; i++)
      g_string_append_printf (s, "%s%s", i > 0 ? "," : "", shape->columns[i].id);
    want = g_string_free (s, FALSE);
  }
  if (!g_str_equal (want, columns))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the columns of the table “%s” must be %s, found %s"), table_id,
                          columns, want);
  return TRUE;
}

gboolean
gl_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const morale_mods[] = {
    "officer", "square-or-fort", "routing-or-prone", "below-half", "below-quarter",
    "british-cavalry", NULL
  };
  static const char *const melee_mods[] = {
    "hard-cover", "square", "leader", "cavalry", "charging", "rear", NULL
  };
  static const char *const movement_keys[] = { "boat_dice", NULL };
  static const char *const fire_keys[] = { "figure_dice", "crew_dice", NULL };
  static const char *const melee_keys[] = {
    "killed_on", "run", "rout_dice", "stragglers_die", "fall_back", NULL
  };
  static const char *const discovery_keys[] = { "unit", "scouts", NULL };
  static const char *const scouts_keys[] = { "max_figures", "max_distance", NULL };
  static const char *const categories[] = {
    "infantry", "cavalry", "mounted-rifles", "artillery", NULL
  };
  static const char *const status[] = {
    "officer", "nco", "nco_leader", "formation", "routing", "prone", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *types = adj_ruleset_get_unit_types (rs);
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);
  g_autoptr(GString) weapon_ids = g_string_new (NULL);
  const AdjField *formation;

  if (!adj_ruleset_require_modifiers (rs, "morale", morale_mods, error) ||
      !adj_ruleset_require_modifiers (rs, "melee", melee_mods, error) ||
      !check_morale (rs, error) ||
      !adj_rules_check_section_ints (rs, "movement", movement_keys, 0, 10, error) ||
      !adj_rules_check_section_ints (rs, "fire", fire_keys, 1, 10, error) ||
      !adj_rules_check_section_ints (rs, "melee", melee_keys, 1, 100, error) ||
      !adj_rules_check_section_ints (rs, "discovery", discovery_keys, 0, 100, error) ||
      !adj_rules_check_section_ints (rs, "scouts", scouts_keys, 1, 100, error) ||
      !check_cards (rs, error) ||
      !adj_rules_check_decisions (rs, error))
    return FALSE;
  if (adj_rules_int (rs, "melee", "killed_on") > 6)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.melee.killed_on",
                          _("expected a face of a D6, from 1 to 6"));
  if (!adj_rules_check_declared (rs, categories, status, error))
    return FALSE;
  formation = adj_ruleset_find_status_field (rs, "formation");
  if (formation->kind != ADJ_FIELD_ENUM ||
      formation->n_choices != G_N_ELEMENTS (gl_formation_choices))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                          _("the status field “formation” must offer close order, open order, "
                            "road column and square"));
  for (guint i = 0; i < G_N_ELEMENTS (gl_formation_choices); i++)
    if (adj_field_find_choice (formation->choices, formation->n_choices,
                               gl_formation_choices[i].id) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “formation” must offer “%s”"),
                            gl_formation_choices[i].id);

  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      const char *dice = adj_weapon_rule_string (w, "dice", NULL);
      int ranks = adj_weapon_rule_int (w, "ranks", 1);

      g_string_append_printf (weapon_ids, "%s%s", i > 0 ? "," : "", w->id);
      if (dice == NULL || !(g_str_equal (dice, "figure") || g_str_equal (dice, "crew")) ||
          ranks < 1 || ranks > 4)
        {
          g_autofree char *where = adj_json_path_index ("$.weapons", i);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("expected “rules”: {“dice”: figure or crew} and at most "
                                  "4 “ranks”"));
        }
    }
  for (guint i = 0; i < types->len; i++)
    {
      const AdjUnitType *t = g_ptr_array_index (types, i);
      const char *morale = adj_unit_type_rule_string (t, "morale");
      int officers = adj_unit_type_rule_int (t, "officers", -1);
      int ncos = adj_unit_type_rule_int (t, "ncos", -1);
      int others = adj_unit_type_rule_int (t, "others", -1);
      g_autofree char *where = adj_json_path_index ("$.unit_types", i);

      if (morale == NULL ||
          adj_field_find_choice (gl_class_choices, G_N_ELEMENTS (gl_class_choices), morale) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected “rules”: {“morale”: regular, zulu or boer}"));
      if (officers != 1 || ncos < 0 || others < 1 || officers + ncos + others != t->figures ||
          t->figures > MAX_FIGURES)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected one officer, NCOs and other ranks in its “rules” that "
                                "add up to its figures"));
    }

  return check_table (rs, "hit", gl_band_choices, G_N_ELEMENTS (gl_band_choices), weapon_ids->str,
                      error) &&
         check_table (rs, "saves", gl_cover_choices, G_N_ELEMENTS (gl_cover_choices), "value",
                      error) &&
         check_table (rs, "movement", gl_move_choices, G_N_ELEMENTS (gl_move_choices) - 1,
                      "clear,rough", error);
}
