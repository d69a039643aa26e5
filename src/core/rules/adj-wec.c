/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec.c: When Empires Clash! — the helpers every mechanic shares, and the system itself;
 * the mechanics live in adj-wec-*.c.
 *
 * The numbers (stand values, moves, ranges, modifiers, the army limits, the commander table,
 * the victory margins) live in data/rulesets/wec.json; these files decide when each applies
 * and what the dice mean.  Results compare whole numbers only: "no more than half" is
 * 2E <= F, never a rounded half.
 *
 * Decisions taken where RULES.md leaves a gap (each is also listed under "decisions" in wec.json
 * and in docs/decisions.md, and made in one place):
 * - Pom-pom guns count as guns for both gun bonuses (wec_is_gun).
 * - Equal terrain rolls keep their piece counts; a roll-off decides who places first.
 * - A gun on a large stand has no move of its own (wec_own_move), so it cannot recoil: forced
 *   to, it is destroyed, in both combats and in wec/recoil.
 * - A defender given supports, a same-type stand in its square or a command stand next to it is
 *   not isolated: the cavalry bonus against an isolated stand is not counted, and a note says so.
 * - The battle's "count_entrenchments" setting decides for the army limits, the roster,
 *   withdrawal and the result alike (wec_entrenchment_lengths); a list outside a battle counts.
 * - Values are compared in half points; a lead of 9½ is marginal, 19½ decisive
 *   (wec_victory_level).
 */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include <string.h>

#include "adj-wec-private.h"

/* ------------------------------------------------------------------------------------------ */
/* choices that several mechanics offer                                                        */

const AdjChoice wec_dice_choices[] = {
  { "2d6", N_("2D6 (European-style army)") },
  { "d12", N_("D12 (native army)") },
};

const AdjChoice wec_budget_choices[] = {
  { "standard", N_("Equal armies of 36 points") },
  { "rolled", N_("Unequal armies, value rolled on 8D6") },
};

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

/* The category a stand fights as: dismounted cavalry fights as infantry. */
const char *
wec_fighting_category (const AdjUnitType *type,
                       gboolean           dismounted)
{
  if (g_str_equal (type->category, "cavalry") && dismounted)
    return "infantry";
  return type->category;
}

gboolean
wec_is_gun (const char *category)
{
  /* Pom-pom guns are crewed quick-firing guns: they count as guns for both gun bonuses. */
  return g_str_equal (category, "artillery") || g_str_equal (category, "machine-gun") ||
         g_str_equal (category, "pom-pom");
}

/* Whether a stand is a gun on a large stand, which moves only when a transport stand tows it
 * (RULES.md: artillery moves 2 squares "not on a large stand"); the status is only kept for
 * artillery. */
gboolean
wec_is_large_gun (const AdjUnitType *type,
                  gboolean           large_stand)
{
  return large_stand && g_str_equal (type->category, "artillery");
}

const char *
wec_side_name (const AdjContext *ctx,
               AdjInputs        *in,
               const char       *input,
               const char       *fallback)
{
  const char *id = adj_inputs_get_string (in, input);
  AdjSide *side = NULL;

  if (ctx->battle != NULL && id != NULL)
    side = adj_battle_find_side (ctx->battle, id);
  return side != NULL ? side->name : fallback;
}

gboolean
wec_side_named (const AdjContext *ctx,
                AdjInputs        *in,
                int               side)
{
  return wec_side_name (ctx, in, side == 0 ? "side_a" : "side_b", NULL) != NULL;
}

/* Sum stand values over a side's units; the filter decides which count. */

int
wec_side_sum (AdjBattle  *battle,
              const char *side,
              UnitFilter  filter,
              gboolean    count_only)
{
  GListModel *units = adj_battle_get_units (battle);
  guint n = g_list_model_get_n_items (units);
  int sum = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = adj_battle_unit_type (battle, unit);

      if (g_strcmp0 (adj_unit_get_side (unit), side) != 0 || !filter (battle, unit, type))
        continue;
      sum += count_only ? 1 : MAX (type->value, 0);
    }
  return sum;
}

gboolean
wec_is_command (const AdjUnitType *type)
{
  return g_str_equal (type->category, "command");
}

gboolean
wec_filter_army (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !wec_is_command (type);
}

gboolean
wec_filter_destroyed_army (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !wec_is_command (type) && adj_unit_get_destroyed (unit);
}

gboolean
wec_filter_remaining (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !adj_unit_get_destroyed (unit);
}

gboolean
wec_filter_command (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return wec_is_command (type);
}

gboolean
wec_filter_live_command (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return wec_is_command (type) && !adj_unit_get_destroyed (unit);
}

gboolean
wec_filter_heavy (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !wec_is_command (type) &&
         type->value >= adj_rules_int (adj_battle_get_ruleset (battle), "army", "heavy_threshold");
}

/* Every count of entrenchment goes through here: the army limits, the roster, withdrawal and
 * the result.  The battle's "count_entrenchments" setting decides for both sides at once; an
 * army list outside a battle (NULL @battle_settings) counts its entrenchment, as the one-off
 * battles its points are meant for do. */
int
wec_entrenchment_lengths (json_object *battle_settings,
                          json_object *side_settings)
{
  json_object *v;

  if (json_object_object_get_ex (battle_settings, "count_entrenchments", &v) &&
      !json_object_get_boolean (v))
    return 0;
  if (!json_object_object_get_ex (side_settings, "entrenchment_lengths", &v))
    return 0;
  return MAX (json_object_get_int (v), 0);
}

int
wec_counted_entrenchment (AdjBattle  *battle,
                          const char *side)
{
  AdjSide *s = adj_battle_find_side (battle, side);

  return wec_entrenchment_lengths (adj_battle_get_settings (battle),
                                   s != NULL ? s->settings : NULL);
}

/* Half points written as "35" or "35½". */
char *
wec_format_half_points (int half)
{
  if (half % 2 == 0)
    return g_strdup_printf ("%d", half / 2);
  if (half == 1)
    return g_strdup ("½");
  return g_strdup_printf ("%d½", half / 2);
}

/* ------------------------------------------------------------------------------------------ */
/* The system                                                                                  */

static const AdjMechanic *const wec_mechanics[] = {
  &wec_army_value,
  &wec_army_limits,
  &wec_commander_rating,
  &wec_terrain,
  &wec_baselines,
  &wec_deployment,
  &wec_initiative,
  &wec_activation,
  &wec_movement,
  &wec_fire_combat,
  &wec_close_combat,
  &wec_recoil,
  &wec_withdrawal,
  &wec_battle_result,
};

static const char *const wec_keys[] = {
  "commander_rating", "army", "withdrawal", "victory", "decisions", "templates", NULL
};

const AdjSystem adj_wec_system = {
  .id = "wec",
  .mechanics = wec_mechanics,
  .n_mechanics = G_N_ELEMENTS (wec_mechanics),
  .ruleset_keys = wec_keys,
  .check_ruleset = wec_check_ruleset,
  .check_army = wec_check_army,
  .turn_state = wec_turn_state,
};
