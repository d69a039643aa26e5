/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-check.c: When Empires Clash! — checking wec.json when it loads, an army list's
 * totals and limits, whether a stand may still act this turn, and whether a roll belongs to the
 * phase the battle is at. */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include "adj-wec-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Checking wec.json                                                                           */

static const char *const fire_modifiers[] = {
  "flank", "guns-vs-shared-square", "cavalry-moved", "target-covered", NULL
};
static const char *const close_modifiers[] = {
  "support-adjacent", "support-same-square", "guns-initiating", "flank", "cavalry-vs-isolated",
  "uphill", "target-covered", NULL
};
static const char *const movement_modifiers[] = { "road", "contour", NULL };

gboolean
wec_check_ruleset (AdjRuleset  *rs,
                   GError     **error)
{
  static const char *const army_keys[] = {
    "standard_points", "heavy_threshold", "standard_heavy_points", "rolled_dice",
    "rolled_heavy_percent", "command_stands", NULL
  };
  static const char *const withdrawal_keys[] = { "percent", NULL };
  static const char *const victory_keys[] = { "decisive_from", "overwhelming_from", NULL };
  static const char *const categories[] = {
    "infantry", "cavalry", "artillery", "machine-gun", "pom-pom", "transport", "command", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  json_object *table;
  int covered[7] = { 0 };
  g_autoptr(GPtrArray) templates = NULL;

  if (!adj_ruleset_require_modifiers (rs, "fire-combat", fire_modifiers, error) ||
      !adj_ruleset_require_modifiers (rs, "close-combat", close_modifiers, error) ||
      !adj_ruleset_require_modifiers (rs, "movement", movement_modifiers, error) ||
      !adj_rules_check_section_ints (rs, "army", army_keys, 0, 1000, error) ||
      !adj_rules_check_section_ints (rs, "withdrawal", withdrawal_keys, 1, 100, error) ||
      !adj_rules_check_section_ints (rs, "victory", victory_keys, 1, 1000, error) ||
      !adj_rules_check_decisions (rs, error))
    return FALSE;
  if (adj_rules_int (rs, "army", "rolled_dice") > 16 ||
      adj_rules_int (rs, "army", "rolled_dice") < 1)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.army.rolled_dice",
                          _("expected from 1 to 16 dice"));

  if (!adj_rules_check_declared (rs, categories, NULL, error))
    return FALSE;
  if (adj_ruleset_find_side_field (rs, "dice") == NULL ||
      adj_ruleset_find_side_field (rs, "entrenchment_lengths") == NULL ||
      adj_ruleset_find_side_field (rs, "budget") == NULL ||
      adj_ruleset_find_side_field (rs, "rolled_value") == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.side_fields",
                          _("expected the side fields dice, budget, rolled_value and "
                            "entrenchment_lengths"));

  /* The commander table must give exactly one rating for every face of the die. */
  if (!adj_json_get_array (adj_ruleset_get_json (rs), "commander_rating", TRUE, &table, file, "$",
                           error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (table); i++)
    {
      static const char *const keys[] = { "min", "max", "type", NULL };
      json_object *row = json_object_array_get_idx (table, i);
      g_autofree char *where = adj_json_path_index ("$.commander_rating", i);
      gint64 min, max;
      const char *type_id;
      const AdjUnitType *type;
      const char *rating;

      if (!adj_json_expect_object (row, file, where, error) ||
          !adj_json_check_keys (row, keys, file, where, error) ||
          !adj_json_get_int (row, "min", TRUE, 1, 6, &min, file, where, error) ||
          !adj_json_get_int (row, "max", TRUE, min, 6, &max, file, where, error) ||
          !adj_json_get_string (row, "type", TRUE, &type_id, file, where, error))
        return FALSE;
      type = adj_ruleset_find_unit_type (rs, type_id);
      rating = type != NULL ? adj_unit_type_rule_string (type, "rating") : NULL;
      if (type == NULL || !wec_is_command (type) ||
          adj_field_find_choice (wec_rating_outcomes, G_N_ELEMENTS (wec_rating_outcomes),
                                 rating) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected a command stand type with a rating of exceptional, "
                                "average or poor"));
      for (gint64 r = min; r <= max; r++)
        covered[r]++;
    }
  for (int r = 1; r <= 6; r++)
    if (covered[r] != 1)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.commander_rating",
                            _("the roll %d must appear in exactly one row"), r);

  /* Templates must load, and total what their source says. */
  templates = adj_army_templates (rs, error);
  if (templates == NULL)
    return FALSE;
  for (guint i = 0; i < templates->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (templates, i);
      g_autoptr(AdjArmyReport) report = adj_army_check (army, error);
      json_object *half;
      g_autofree char *where = adj_json_path_index ("$.templates", i);

      if (report == NULL)
        return FALSE;
      json_object_object_get_ex (report->values, "total_half_points", &half);
      if (army->book_total >= 0 && json_object_get_int (half) != 2 * army->book_total)
        {
          g_autofree char *shown = wec_format_half_points (json_object_get_int (half));
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("the army “%s” totals %s points, not the %d its source gives"),
                                army->id, shown, army->book_total);
        }
    }
  return TRUE;
}

gboolean
wec_check_army (AdjRuleset     *rs,
                AdjArmy        *army,
                AdjArmyReport  *report,
                GError        **error)
{
  int threshold = adj_rules_int (rs, "army", "heavy_threshold");
  int total = 0, heavy = 0, commands = 0, stands = 0;
  json_object *v;
  const char *budget = "standard";
  int rolled = 36, lengths;

  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);
      const AdjUnitType *type = adj_ruleset_find_unit_type (rs, u->type);

      if (wec_is_command (type))
        {
          commands += u->count;
          continue;
        }
      stands += u->count;
      total += u->count * type->value;
      if (type->value >= threshold)
        heavy += u->count * type->value;
    }
  if (json_object_object_get_ex (army->settings, "budget", &v))
    budget = json_object_get_string (v);
  if (json_object_object_get_ex (army->settings, "rolled_value", &v))
    rolled = json_object_get_int (v);
  lengths = wec_entrenchment_lengths (army->battle_settings, army->settings);

  json_object_object_add (report->values, "stands", json_object_new_int64 (stands));
  wec_report_army_limits (rs, g_str_equal (budget, "rolled"), rolled, total, heavy, lengths,
                          commands, report);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Activations                                                                                 */

gboolean
wec_activation_legal (AdjBattle  *battle,
                      AdjUnit    *unit,
                      GError    **error)
{
  const char *side = adj_unit_get_side (unit);
  AdjSide *s = adj_battle_find_side (battle, side);
  AdjSide *acting = adj_battle_phase_side (battle);
  int rolled = wec_activations_rolled (battle, side);
  int used;

  /* Stands act only in their side's activation phase: not at set-up, while the initiative is
   * rolled, nor at the end of a turn. */
  if (acting == NULL)
    {
      g_autofree char *phase = adj_battle_phase_label (battle, NULL);
      return adj_not_allowed (error, _("%s cannot act now: stands act only when their side "
                                       "activates, and the battle is at %s"),
                              adj_unit_get_name (unit), phase);
    }
  /* In a side's activation phase, only its stands act. */
  if (g_strcmp0 (acting->id, side) != 0)
    return adj_not_allowed (error, _("%s cannot act now: %s is activating"),
                            adj_unit_get_name (unit), acting->name);

  /* Acting again (fighting after moving) takes no second activation. */
  if (rolled < 0 || adj_unit_get_status_bool (unit, "activated"))
    return TRUE;
  used = wec_activations_used (battle, side);
  if (used < rolled)
    return TRUE;
  return adj_not_allowed (error,
                          ngettext ("%s cannot act: %s has used its one activation this turn",
                                    "%s cannot act: %s has used all %d of its activations this "
                                    "turn", rolled),
                          adj_unit_get_name (unit), s != NULL ? s->name : side, rolled);
}

/* ------------------------------------------------------------------------------------------ */
/* Rolls of one phase                                                                          */

gboolean
wec_setup_roll_legal (const AdjContext  *ctx,
                      AdjInputs         *in,
                      GError           **error)
{
  g_autofree char *now = NULL;

  if (g_str_equal (adj_battle_get_phase (ctx->battle), "setup"))
    return TRUE;
  now = adj_battle_phase_label (ctx->battle, NULL);
  /* TRANSLATORS: e.g. "“Terrain pieces” is rolled at set-up, before the first turn (now: turn
   * 2, Zulu army activates)" */
  return adj_not_allowed (error, _("“%s” is rolled at set-up, before the first turn (now: turn "
                                   "%d, %s)"),
                          adj_gettext (in->mechanic->title), adj_battle_get_turn (ctx->battle),
                          now);
}

gboolean
wec_initiative_legal (const AdjContext  *ctx,
                      AdjInputs         *in,
                      GError           **error)
{
  json_object *won = NULL;

  if (!g_str_equal (adj_battle_get_phase (ctx->battle), "initiative"))
    {
      g_autofree char *now = adj_battle_phase_label (ctx->battle, NULL);

      return adj_not_allowed (error, _("The initiative is rolled at the start of a turn, in its "
                                       "Initiative phase (now: %s)"), now);
    }
  /* The setting is null until the turn's roll, and again from the next turn. */
  if (json_object_object_get_ex (adj_battle_get_settings (ctx->battle), "initiative_winner",
                                 &won) && json_object_is_type (won, json_type_string))
    {
      AdjSide *winner = adj_battle_find_side (ctx->battle, json_object_get_string (won));

      return adj_not_allowed (error, _("The initiative has been rolled this turn: %s won it"),
                              winner != NULL ? winner->name : json_object_get_string (won));
    }
  return TRUE;
}

gboolean
wec_activation_roll_legal (const AdjContext  *ctx,
                           AdjInputs         *in,
                           GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  AdjSide *s = side != NULL ? adj_battle_find_side (ctx->battle, side) : NULL;
  AdjSide *acting = adj_battle_phase_side (ctx->battle);

  if (s == NULL)
    return TRUE;
  if (acting != s)
    {
      g_autofree char *now = adj_battle_phase_label (ctx->battle, NULL);

      return adj_not_allowed (error, _("%s rolls for its activations when it activates (now: "
                                       "%s)"), s->name, now);
    }
  if (wec_activations_rolled (ctx->battle, side) >= 0)
    return adj_not_allowed (error, _("%s has already rolled for its activations this turn"),
                            s->name);
  return TRUE;
}
