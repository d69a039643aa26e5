/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr.c: Redvers' Reverse — the solitaire player's bookkeeper and the Boer automaton.
 *
 * The numbers of the game (command points, the leaders' rolls, withdrawal thresholds, stacking,
 * the tracks, the drift markers, the orders of battle) live in data/rulesets/rr.json, with the
 * shapes of the charts the player types in from the game's own card (adj-tables.h): Send Orders,
 * Receive Orders, Emergency Withdrawal, Unit Recovery, Formation Morale, Shell Fire, Rifle Fire,
 * the Status chart, the Variants chart and the mixes of the three cups.  The mechanics here roll
 * and read them; the second half of the file keeps the game itself (adj-rr.h).
 *
 * Decisions taken where RULES.md is silent (each is also listed under "decisions" in rr.json):
 * - Buller dead and the HQ in movement mode give no command points.
 * - A roll read on a chart takes the modifiers the player gives; a modified total beyond the
 *   chart reads its first or last line.  A firer stronger than a fire chart's last column reads
 *   that column.
 * - Long's free order counts as the brigade's one order of the turn.  A brigade whose order is
 *   on its way (Objective Marker on the turn track) gets no new order until it arrives.
 * - Adjutant does not hold the map: objective, emplacement and target areas are names the player
 *   gives.  Only the six drift areas are refused as objectives.
 * - After a charge at the guns the player names the area of the Objective Marker.
 * - Drift markers are drawn with one die per area among the markers left (D5, D4, D3 and D4, D3,
 *   D2); those set aside are never shown.  A drift may be tried once a turn.  A drift a commando
 *   entered opens for the British too, its marker unseen.
 * - A chit is drawn with one die as large as the cup (none when one chit is left); the cups are
 *   shuffled with the battle's generator whenever chits go back.  Only Close Order and Bob Hart
 *   (British cup), Boer Guns Misfire and British Guns Ammo Shortage (Boer cup) and the SP
 *   counters come back; every other chit drawn leaves the game.
 * - With the British Guns Ammo Shortage chit in play the batteries do not fire in that turn's
 *   British Shell Fire, as the Boer guns do not with the Boer Guns Misfire chit.
 * - A group's Released chit puts a Released marker on each of its commandos still in play that
 *   carries no marker; a sub-group is never released.
 * - A commando with a No Fire counter does not fire; an empty SP cup gives no counter.
 * - A routed Boer unit counts two less in strength, as a suppressed one does.
 * - A brigade's strength for emergency withdrawal is its units' strength at the start of the
 *   game; the loss is that less what they have now, an eliminated unit counting in full.
 * - Losses beyond what eliminates a unit are reported for another unit of the same kind.
 * - A regiment's first loss takes a point off its strength; the second eliminates it.
 * - A fallen brigade leader is replaced at once, without his marker; the replacement cannot
 *   fall.  Buller and Long are not replaced.
 * - Shaken is a state of the Confidence marker; its box does not change.
 * - When the Boers withdraw in the Victory segment where Loss or the Game Turn reaches 20, the
 *   withdrawal decides.  The Game Turn never passes 20.
 * - The Status chart is typed in line by line; the player names the lines that happened.
 * - The Boer Zone, Plot, Movement and Target charts pick areas and counters on the map: the player
 *   applies them and gives Adjutant the result; Adjutant rolls the die among the plot markers.
 * - What each event chit does is on the player's own Events cards; Adjutant keeps the cups and
 *   carries out what the rules themselves say of a chit.
 * - The guns of the Colenso Koppies and of Red Hill are each a sub-group; the three Orange Free
 *   State commandos of the 4th Group start at Robinson's Drift.  The Naval Artillery Section is
 *   Ogilvy's section of naval 12-pounders.
 * - Close Order and Bob Hart chits taken off a routed leader wait out of the cup until the next
 *   British Event segment puts them all back.
 * - Steps Adjutant carries out itself happen when the step marker reaches them; a roll the rules
 *   require in a step must be made before the marker moves on.
 *
 * Exact odds: two dice are counted over their 36 throws, one die over 6; a chart cell nobody
 * entered counts for "table-missing" (so the odds always add up to one).  The plot die is 1 in 6
 * per marker, added up per area.  Chit draws have no public odds: they would show what the cup
 * holds.
 */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rr.h"
#include "adj-rules-util.h"
#include "adj-rules.h"
#include "adj-secret.h"
#include "adj-tables.h"

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

#define UNIT_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_UNIT, .label = label_, .optional = TRUE }
#define BOOL_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .def = def_, .from = from_ }
#define INT_INPUT(name_, label_, hint_, min_, max_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .hint = hint_, .min = min_, \
    .max = max_, .def = def_, .from = from_ }
#define ENUM_INPUT(name_, label_, hint_, choices_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .hint = hint_, .choices = choices_, \
    .n_choices = G_N_ELEMENTS (choices_), .def_choice = def_, .from = from_ }
#define MODIFIER_INPUT \
  INT_INPUT ("modifier", N_("Modifiers"), \
             N_("The modifiers your chart lists for this roll, added up"), -9, 9, 0, NULL)

#define MAX_SP      20
#define MAX_MARKERS 6     /* plot markers */

/* Ways to throw each total of two dice, out of 36. */
static const guint64 two_dice_ways[13] = { 0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 };

/* The brigades, groups and drifts the code knows by id; check_ruleset holds rr.json to them. */
static const char *const brigade_ids[] = {
  "2nd-brigade", "4th-brigade", "5th-brigade", "6th-brigade", "mounted-brigade",
  "1st-artillery", "naval-section", "2nd-artillery", "naval-brigade", NULL
};

static const char *const group_ids[] = {
  "1st-group", "1st-sub-group", "2nd-group", "3rd-group", "4th-group", "koppies-guns",
  "red-hill-guns", NULL
};

static const char *const drift_ids[] = {
  "wagon-drift", "native-drift", "2nd-pont-drift", "small-falls-drift", "bridle-drift",
  "1st-pont-drift", NULL
};

/* The morale levels, best first. */
static const AdjChoice morale_levels[] = {
  { "normal", N_("Normal") },
  { "disrupted", N_("Disrupted") },
  { "suppressed", N_("Suppressed") },
  { "routed", N_("Routed") },
};

static const char *const send_tables[] = { "send-orders", NULL };
static const char *const receive_tables[] = { "receive-orders", NULL };
static const char *const withdrawal_tables[] = { "emergency-withdrawal", NULL };
static const char *const recovery_tables[] = { "unit-recovery", NULL };
static const char *const morale_tables[] = { "formation-morale", NULL };
static const char *const shell_tables[] = { "shell-fire", NULL };
static const char *const rifle_tables[] = { "rifle-fire", NULL };

/* ------------------------------------------------------------------------------------------ */
/* small helpers                                                                               */

static json_object *
rr_json (AdjRuleset *rs,
         const char *section)
{
  json_object *v = NULL;

  json_object_object_get_ex (adj_ruleset_get_json (rs), section, &v);
  return v;
}

static int
rr_int (AdjRuleset *rs,
        const char *section,
        const char *key)
{
  return adj_rules_int (rs, section, key);
}

static json_object *
member (json_object *obj,
        const char  *key)
{
  json_object *v = NULL;

  json_object_object_get_ex (obj, key, &v);
  return v;
}

static const char *
member_string (json_object *obj,
               const char  *key)
{
  json_object *v = member (obj, key);

  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

static int
morale_rank (const char *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (morale_levels); i++)
    if (g_strcmp0 (morale_levels[i].id, level) == 0)
      return (int) i;
  return 0;
}

static const char *
morale_label (const char *level)
{
  return adj_gettext (morale_levels[CLAMP (morale_rank (level), 0,
                                           (int) G_N_ELEMENTS (morale_levels) - 1)].label);
}

static void
odds_add (AdjOdds           *odds,
          const AdjMechanic *mech,
          const char        *key,
          guint64            count)
{
  if (count > 0)
    adj_odds_add (odds, key, adj_outcome_label (mech, key), count);
}

static const char *
unit_type_id (AdjUnit *unit)
{
  return unit != NULL ? adj_unit_get_type_id (unit) : NULL;
}

static gboolean
unit_is (AdjUnit    *unit,
         const char *type)
{
  return unit != NULL && g_strcmp0 (adj_unit_get_type_id (unit), type) == 0;
}

static gboolean
set_unit_int (AdjBattle     *battle,
              AdjChangeSet  *changes,
              AdjUnit       *unit,
              const char    *field,
              int            value,
              GError       **error)
{
  g_autoptr(json_object) v = adj_json_shared_int (value);
  return adj_rules_change_unit (battle, changes, unit, field, v, error);
}

static gboolean
set_unit_bool (AdjBattle     *battle,
               AdjChangeSet  *changes,
               AdjUnit       *unit,
               const char    *field,
               gboolean       value,
               GError       **error)
{
  g_autoptr(json_object) v = adj_json_shared_boolean (value);
  return adj_rules_change_unit (battle, changes, unit, field, v, error);
}

static gboolean
set_unit_string (AdjBattle     *battle,
                 AdjChangeSet  *changes,
                 AdjUnit       *unit,
                 const char    *field,
                 const char    *value,
                 GError       **error)
{
  g_autoptr(json_object) v = json_object_new_string (value);
  return adj_rules_change_unit (battle, changes, unit, field, v, error);
}

/* The battle's settings. */
static json_object *
setting (AdjBattle  *battle,
         const char *name)
{
  return member (adj_battle_get_settings (battle), name);
}

static int
setting_int (AdjBattle  *battle,
             const char *name)
{
  json_object *v = setting (battle, name);

  if (v != NULL)
    return json_object_get_int (v);
  {
    const AdjField *f = adj_ruleset_find_battle_field (adj_battle_get_ruleset (battle), name);
    return f != NULL ? f->def : 0;
  }
}

static gboolean
setting_bool (AdjBattle  *battle,
              const char *name)
{
  json_object *v = setting (battle, name);

  if (v != NULL)
    return json_object_get_boolean (v);
  {
    const AdjField *f = adj_ruleset_find_battle_field (adj_battle_get_ruleset (battle), name);
    return f != NULL && f->def != 0;
  }
}

static const char *
setting_string (AdjBattle  *battle,
                const char *name)
{
  json_object *v = setting (battle, name);

  if (v != NULL && json_object_is_type (v, json_type_string))
    return json_object_get_string (v);
  {
    const AdjField *f = adj_ruleset_find_battle_field (adj_battle_get_ruleset (battle), name);
    return f != NULL ? f->def_choice : NULL;
  }
}

static gboolean
change_setting (AdjBattle     *battle,
                AdjChangeSet  *changes,
                const char    *name,
                json_object   *value,
                GError       **error)
{
  g_autofree char *field = g_strconcat ("settings.", name, NULL);

  if (adj_json_equal (setting (battle, name), value))
    return TRUE;
  return adj_battle_change_field (battle, changes, "battle", field, value, error);
}

static gboolean
set_setting_int (AdjBattle     *battle,
                 AdjChangeSet  *changes,
                 const char    *name,
                 int            value,
                 GError       **error)
{
  g_autoptr(json_object) v = adj_json_shared_int (value);
  return change_setting (battle, changes, name, v, error);
}

static gboolean
set_setting_bool (AdjBattle     *battle,
                  AdjChangeSet  *changes,
                  const char    *name,
                  gboolean       value,
                  GError       **error)
{
  g_autoptr(json_object) v = adj_json_shared_boolean (value);
  return change_setting (battle, changes, name, v, error);
}

static gboolean
set_setting_string (AdjBattle     *battle,
                    AdjChangeSet  *changes,
                    const char    *name,
                    const char    *value,
                    GError       **error)
{
  g_autoptr(json_object) v = json_object_new_string (value);
  return change_setting (battle, changes, name, v, error);
}

/* "4 + 5 = 9" and the like, as one explanation line. */
static gboolean
roll_dice (AdjRandom   *random,
           AdjOutcome  *outcome,
           const char  *group,
           const char  *label,
           guint        n,
           int         *sum,
           GError     **error)
{
  int dice[2] = { 0, 0 };
  g_autofree char *line = NULL;

  g_assert (n == 1 || n == 2);
  if (!adj_random_roll (random, group, label, n, 6, dice, error))
    return FALSE;
  *sum = dice[0] + dice[1];
  if (n == 2)
    /* TRANSLATORS: two dice thrown, e.g. "Send Orders roll (2D6): 4 + 5 = 9" */
    line = g_strdup_printf (_("%s (2D6): %d + %d = %d"), adj_gettext (label), dice[0], dice[1],
                       *sum);
  else
    /* TRANSLATORS: one die thrown, e.g. "Rifle fire (D6): 4" */
    line = g_strdup_printf (_("%s (D6): %d"), adj_gettext (label), dice[0]);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, group, line, TRUE, *sum);
  return TRUE;
}

static void
add_modifier_line (AdjOutcome *outcome,
                   int         modifier,
                   int         total)
{
  if (modifier == 0)
    return;
  adj_outcome_add_modifier (outcome, NULL, _("Modifiers from the chart"), modifier);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Modified total"), TRUE, total);
}

/* ---- the player's charts ---- */

/* The numeric ids of a chart's rows or columns ("2" … "12"): first and last. */
static void
axis_bounds (const AdjChoice *list,
             guint            n,
             int             *lo,
             int             *hi)
{
  *lo = atoi (list[0].id);
  *hi = atoi (list[n - 1].id);
}

/* Where a total lands on a chart whose rows are numbers: its row, the first or the last. */
static int
chart_row (const AdjTableShape *shape,
           int                  total)
{
  int lo, hi;

  axis_bounds (shape->rows, shape->n_rows, &lo, &hi);
  return CLAMP (total, lo, hi);
}

static int
chart_column (const AdjTableShape *shape,
              int                  strength)
{
  int lo, hi;

  axis_bounds (shape->columns, shape->n_columns, &lo, &hi);
  return CLAMP (strength, lo, hi);
}

/* The values in effect for @ctx (read once, into *tables). */
static gboolean
chart_values (const AdjContext  *ctx,
              AdjTables        **tables,
              GError           **error)
{
  if (*tables == NULL)
    *tables = adj_tables_for_context (ctx, error);
  return *tables != NULL;
}

/* One cell as the rules or the player give it, or NULL when nobody entered it. */
static json_object *
chart_peek (AdjTables  *tables,
            const char *table_id,
            const char *row,
            const char *column)
{
  return adj_tables_get_cell (tables, table_id, row, column);
}

/* One cell a resolve needs: fails with ADJ_ERROR_TABLE_INCOMPLETE naming it when it is empty. */
static json_object *
chart_require (AdjTables   *tables,
               const char  *table_id,
               const char  *row,
               const char  *column,
               GError     **error)
{
  AdjTableCell cell = { row, column };

  if (!adj_tables_require (tables, table_id, &cell, 1, error))
    return NULL;
  return adj_tables_get_cell (tables, table_id, row, column);
}

static gboolean
table_missing (GError *error)
{
  return g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
}

/* The outcome of a roll whose cell the player has not entered. */
static void
set_table_missing (AdjOutcome *outcome,
                   AdjTables  *tables,
                   const char *table_id,
                   int         total,
                   GError     *missing)
{
  const AdjTableShape *shape = adj_table_shape_lookup (adj_tables_get_ruleset (tables), table_id);
  guint left = adj_tables_count_missing (tables, table_id);

  adj_outcome_add_note (outcome, ngettext ("The %s has %u empty cell in all: fill it in from your "
                                           "copy of the game's charts.",
                                           "The %s has %u empty cells in all: fill them in from "
                                           "your copy of the game's charts.", left),
                        adj_gettext (shape->title), left);
  adj_outcome_set_value_int (outcome, "total", total);
  adj_outcome_set_result (outcome, "table-missing",
                          /* TRANSLATORS: e.g. "Rolled 9. Enter the Send Orders table first: …" */
                          _("Rolled %d. %s"), total, missing->message);
}

/* A cell's text for an explanation: "Send Orders table, 9: 2". */
static void
explain_cell (AdjOutcome          *outcome,
              const AdjTableShape *shape,
              const char          *row,
              const char          *column,
              json_object         *value)
{
  g_autofree char *cell = adj_table_shape_cell_label (shape, row, column);
  g_autofree char *shown = adj_table_shape_format_value (shape, value);
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                         /* TRANSLATORS: a chart cell, e.g. "Send Orders table, 9: Order lost" */
                         _("%s, %s: %s"), adj_gettext (shape->title), cell, shown);
}

/* The odds of a two-dice (or one-die) roll read on a chart: each total's cell decides the key
 * through @classify, an empty cell counts for "table-missing". */
typedef const char *(*CellClassify) (json_object *value,
                                     gpointer     data);

static gboolean
chart_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            const char        *table_id,
            guint              n_dice,
            int                modifier,
            const char        *column,
            CellClassify       classify,
            gpointer           data,
            GError           **error)
{
  const AdjMechanic *mech = in->mechanic;
  const AdjTableShape *shape = adj_table_shape_lookup (ctx->ruleset, table_id);
  g_autoptr(AdjTables) tables = NULL;
  guint64 total = n_dice == 2 ? 36 : 6;
  g_autoptr(GError) local = NULL;
  gboolean missing = FALSE;

  if (!chart_values (ctx, &tables, error))
    return FALSE;
  adj_declare_outcomes (mech, odds);
  for (int s = (int) n_dice; s <= 6 * (int) n_dice; s++)
    {
      guint64 ways = n_dice == 2 ? two_dice_ways[s] : 1;
      g_autofree char *row = g_strdup_printf ("%d", chart_row (shape, s + modifier));
      json_object *v = chart_peek (tables, table_id, row, column);

      if (v == NULL)
        {
          missing = TRUE;
          odds_add (odds, mech, "table-missing", ways);
        }
      else
        odds_add (odds, mech, classify (v, data), ways);
    }
  adj_odds_finish (odds, total);
  if (missing)
    {
      adj_tables_require (tables, table_id, NULL, 0, &local);
      if (local != NULL)
        odds->note = g_strdup (local->message);
    }
  (void) shape;
  return TRUE;
}

/* Read the chart cell for @total (and @column) in a resolve: TRUE with *value, or TRUE with
 * the outcome set to "table-missing"; FALSE only for a broken tables file. */
static gboolean
chart_resolve (const AdjContext  *ctx,
               AdjTables        **tables,
               AdjOutcome        *outcome,
               const char        *table_id,
               int                total,
               const char        *column,
               json_object      **value,
               GError           **error)
{
  const AdjTableShape *shape = adj_table_shape_lookup (ctx->ruleset, table_id);
  g_autofree char *row = g_strdup_printf ("%d", chart_row (shape, total));
  g_autoptr(GError) missing = NULL;

  *value = NULL;
  if (!chart_values (ctx, tables, error))
    return FALSE;
  *value = chart_require (*tables, table_id, row, column, &missing);
  if (*value == NULL)
    {
      if (!table_missing (missing))
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      set_table_missing (outcome, *tables, table_id, total, missing);
      return TRUE;
    }
  explain_cell (outcome, shape, row, column, *value);
  adj_outcome_set_value_int (outcome, "total", total);
  adj_outcome_set_value_int (outcome, "row", atoi (row));
  return TRUE;
}

static const char *
classify_choice (json_object *value,
                 gpointer     data)
{
  (void) data;
  return json_object_get_string (value);
}

/* ------------------------------------------------------------------------------------------ */
/* the counters of the battle                                                                  */

static AdjUnit *
find_unit_of_type (AdjBattle  *battle,
                   const char *type)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (unit_is (unit, type))
        return unit;
    }
  return NULL;
}

static const char *
unit_brigade (AdjUnit *unit)
{
  return unit != NULL ? adj_unit_get_status_string (unit, "brigade") : NULL;
}

static const char *
unit_group (AdjUnit *unit)
{
  return unit != NULL ? adj_unit_get_status_string (unit, "group") : NULL;
}

static gboolean
is_boer (AdjUnit *unit)
{
  return unit != NULL && g_strcmp0 (adj_unit_get_side (unit), ADJ_RR_BOER) == 0;
}

/* A unit of a brigade of the order of battle, by type (leader, planned-objective, objective). */
static AdjUnit *
brigade_unit (AdjBattle  *battle,
              const char *brigade,
              const char *type)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (unit_is (unit, type) && g_strcmp0 (unit_brigade (unit), brigade) == 0)
        return unit;
    }
  return NULL;
}

/* ---- strength ---- */

/* The strength a British unit or a commando has now, from its counter, Number marker and
 * reduced side; 0 when eliminated. */
static int
counter_strength (AdjUnit *unit)
{
  const char *type = unit_type_id (unit);
  int sp = adj_unit_get_status_int (unit, "sp");
  int losses = adj_unit_get_status_int (unit, "losses");

  if (adj_unit_get_destroyed (unit))
    return 0;
  if (g_strcmp0 (type, "battalion") == 0 || g_strcmp0 (type, "commando") == 0)
    {
      if (adj_unit_get_status_bool (unit, "reduced"))
        sp = adj_unit_get_status_int (unit, "reduced_sp");
      return MAX (0, sp - losses);
    }
  if (g_strcmp0 (type, "regiment") == 0)
    return MAX (0, sp - losses);
  return sp;
}

static int
morale_penalty (AdjRuleset *rs,
                const char *morale)
{
  if (g_strcmp0 (morale, "disrupted") == 0)
    return rr_int (rs, "boer_strength", "disrupted");
  if (g_strcmp0 (morale, "suppressed") == 0)
    return rr_int (rs, "boer_strength", "suppressed");
  if (g_strcmp0 (morale, "routed") == 0)
    return rr_int (rs, "boer_strength", "routed");
  return 0;
}

int
adj_rr_unit_strength (AdjBattle *battle,
                      AdjUnit   *unit)
{
  int strength;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), 0);
  g_return_val_if_fail (ADJ_IS_UNIT (unit), 0);

  strength = counter_strength (unit);
  if (!is_boer (unit) || adj_unit_get_destroyed (unit))
    return strength;
  if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "value") == 0)
    strength += adj_unit_get_status_int (unit, "sp_counter_value");
  return strength - morale_penalty (adj_battle_get_ruleset (battle),
                                    adj_unit_get_status_string (unit, "morale"));
}

/* ------------------------------------------------------------------------------------------ */
/* British Command Points                                                                      */

static const AdjChoice buller_choices[] = {
  { "with-hq", N_("In the HQ’s area") },
  { "away", N_("Away from the HQ") },
  { "dead", N_("Dead") },
};

static const AdjChoice hq_mode_choices[] = {
  { "operative", N_("Operative mode") },
  { "movement", N_("Movement mode") },
};

static const AdjField cp_inputs[] = {
  ENUM_INPUT ("buller", N_("Buller"), NULL, buller_choices, "with-hq", NULL),
  ENUM_INPUT ("hq_mode", N_("The HQ"), NULL, hq_mode_choices, "operative", NULL),
};

static int
command_points (AdjRuleset *rs,
                const char *buller,
                const char *mode,
                const char **key)
{
  gboolean operative = g_strcmp0 (mode, "operative") == 0;

  if (g_strcmp0 (buller, "with-hq") == 0)
    *key = operative ? "with_hq_operative" : "with_hq_moving";
  else if (g_strcmp0 (buller, "away") == 0)
    *key = "away_from_hq";
  else
    *key = operative ? "dead_hq_operative" : "dead_hq_moving";
  return rr_int (rs, "command_points", *key);
}

static gboolean
cp_prefill (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  AdjBattle *battle = ctx->battle;
  AdjUnit *buller = find_unit_of_type (battle, "buller");
  AdjUnit *hq = find_unit_of_type (battle, "hq");
  const char *state;

  if (buller == NULL || adj_unit_get_destroyed (buller))
    state = "dead";
  else
    state = setting_bool (battle, "buller_with_hq") ? "with-hq" : "away";
  if (!adj_inputs_set_string (in, "buller", state, error))
    return FALSE;
  if (hq != NULL &&
      !adj_inputs_set_string (in, "hq_mode", adj_unit_get_status_string (hq, "hq_mode"), error))
    return FALSE;
  return TRUE;
}

static gboolean
cp_resolve (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjRandom         *random,
            AdjOutcome        *outcome,
            GError           **error)
{
  const char *buller = adj_inputs_get_string (in, "buller");
  const char *mode = adj_inputs_get_string (in, "hq_mode");
  const char *key = NULL;
  int cp = command_points (ctx->ruleset, buller, mode, &key);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;
  const char *why;

  (void) random;
  (void) error;
  if (g_str_equal (key, "with_hq_operative"))
    why = _("Buller is beside the HQ in operative mode");
  else if (g_str_equal (key, "with_hq_moving"))
    why = _("Buller is beside the HQ, which is in movement mode");
  else if (g_str_equal (key, "away_from_hq"))
    why = _("Buller is away from the HQ");
  else if (g_str_equal (key, "dead_hq_operative"))
    why = _("Buller is dead; the HQ is in operative mode");
  else
    why = _("Buller is dead and the HQ is in movement mode");
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, why, TRUE, cp);
  title = g_strdup_printf (ngettext ("%d command point", "%d command points", cp), cp);
  reason = g_strdup_printf (_("%s: %s this turn; points left from the last turn are lost"), why,
                       title);
  adj_outcome_set_number (outcome, cp, title, reason);
  return TRUE;
}

static gboolean
cp_apply (const AdjContext  *ctx,
          AdjInputs         *in,
          AdjOutcome        *outcome,
          AdjChangeSet      *changes,
          GError           **error)
{
  (void) in;
  return set_setting_int (ctx->battle, changes, "cp",
                          adj_outcome_get_value_int (outcome, "result", 0), error) &&
         set_setting_int (ctx->battle, changes, "cp_spent", 0, error);
}

static const AdjMechanic rr_command_points = {
  .id = "rr/command-points",
  .title = N_("Command points"),
  .summary = N_("The command points of the turn, from where Buller is and the mode of the HQ."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = cp_inputs,
  .n_inputs = G_N_ELEMENTS (cp_inputs),
  .prefill = cp_prefill,
  .resolve = cp_resolve,
  .apply = cp_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Send Orders                                                                                 */

static const AdjField send_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  MODIFIER_INPUT,
};

static const AdjChoice send_outcomes[] = {
  { "arrives", N_("The order arrives") },
  { "lost", N_("The order is lost") },
  { "table-missing", N_("Rolled: the Send Orders table is missing") },
};

static void
two_dice_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec s = { "roll", N_("Roll"), 2, 6 };

  (void) ctx;
  (void) in;
  g_array_append_val (specs, s);
}

static const char *
classify_send (json_object *value,
               gpointer     data)
{
  (void) data;
  return json_object_is_type (value, json_type_int) ? "arrives" : "lost";
}

static gboolean
send_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  int modifier = adj_inputs_get_int (in, "modifier");
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The brigade"));
  json_object *cell;
  int sum, total;

  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  total = sum + modifier;
  add_modifier_line (outcome, modifier, total);
  if (!chart_resolve (ctx, &tables, outcome, "send-orders", total, "value", &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  if (json_object_is_type (cell, json_type_int))
    {
      int turns = json_object_get_int (cell);

      adj_outcome_set_value_int (outcome, "turns", turns);
      if (turns == 0)
        adj_outcome_set_result (outcome, "arrives", _("%s’s order arrives this turn"), leader);
      else
        adj_outcome_set_result (outcome, "arrives",
                                ngettext ("%s’s order arrives in %d turn",
                                          "%s’s order arrives in %d turns", turns),
                                leader, turns);
    }
  else
    adj_outcome_set_result (outcome, "lost", _("%s’s order is lost on the way"), leader);
  return TRUE;
}

static gboolean
send_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  return chart_odds (ctx, in, odds, "send-orders", 2, adj_inputs_get_int (in, "modifier"),
                     "value", classify_send, NULL, error);
}

/* The order markers of a brigade are units only while they are on the table (on the map or on
 * the turn track), named after their area: placing one adds it, taking it off removes it. */

/* The unit ids of the battle once the units added and removed by @changes are. */
static GPtrArray *
units_after (AdjBattle    *battle,
             AdjChangeSet *changes)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  for (guint c = 0; c < adj_change_set_len (changes); c++)
    {
      AdjChange *change = adj_change_set_get (changes, c);
      guint at;

      if (change->op == ADJ_CHANGE_ADD_UNIT)
        g_ptr_array_insert (ids, (gint) MIN (change->index, ids->len),
                            g_strdup (member_string (change->after, "id")));
      else if (change->op == ADJ_CHANGE_REMOVE_UNIT &&
               g_ptr_array_find_with_equal_func (ids, member_string (change->before, "id"),
                                                 g_str_equal, &at))
        g_ptr_array_remove_index (ids, at);
    }
  return ids;
}

static const char *
marker_prefix (const char *type)
{
  return g_str_equal (type, "planned-objective") ? "planned-" : "objective-";
}

/* Put the brigade's marker of @type in @area (NULL: where it is) with these states. */
static gboolean
place_marker (AdjBattle     *battle,
              AdjChangeSet  *changes,
              const char    *brigade,
              const char    *type,
              const char    *area,
              int            arrives,
              const char    *showing,
              GError       **error)
{
  AdjUnit *marker = brigade_unit (battle, brigade, type);

  if (marker != NULL)
    {
      if (area != NULL)
        {
          g_autoptr(json_object) name = json_object_new_string (area);
          if (!adj_rules_change_unit (battle, changes, marker, "name", name, error))
            return FALSE;
        }
      return set_unit_int (battle, changes, marker, "status.arrives", arrives, error) &&
             set_unit_bool (battle, changes, marker, "status.sent", FALSE, error) &&
             (showing == NULL ||
              set_unit_string (battle, changes, marker, "status.order_showing", showing, error));
    }
  {
    g_autoptr(json_object) json = json_object_new_object ();
    g_autoptr(AdjUnit) probe = NULL;
    g_autoptr(GPtrArray) ids = units_after (battle, changes);
    g_autofree char *id = g_strconcat (marker_prefix (type), brigade, NULL);
    json_object *status = json_object_new_object ();

    g_return_val_if_fail (area != NULL, FALSE);
    json_object_object_add (status, "brigade", json_object_new_string (brigade));
    json_object_object_add (status, "arrives", adj_json_shared_int (arrives));
    json_object_object_add (status, "order_showing",
                            json_object_new_string (showing != NULL ? showing : "objective"));
    json_object_object_add (json, "id", json_object_new_string (id));
    json_object_object_add (json, "side", json_object_new_string (ADJ_RR_BRITISH));
    json_object_object_add (json, "name", json_object_new_string (area));
    json_object_object_add (json, "type", json_object_new_string (type));
    json_object_object_add (json, "status", status);
    probe = adj_battle_unit_from_json (battle, json, _("marker"), "$", error);
    if (probe == NULL)
      return FALSE;
    adj_change_set_add_unit (changes, adj_unit_to_json (probe), ids->len);
    return TRUE;
  }
}

static gboolean
take_marker_off (AdjBattle     *battle,
                 AdjChangeSet  *changes,
                 const char    *brigade,
                 const char    *type,
                 GError       **error)
{
  AdjUnit *marker = brigade_unit (battle, brigade, type);
  g_autoptr(GPtrArray) ids = NULL;
  guint index;

  (void) error;
  if (marker == NULL)
    return TRUE;
  ids = units_after (battle, changes);
  if (!g_ptr_array_find_with_equal_func (ids, adj_unit_get_id (marker), g_str_equal, &index))
    return TRUE;   /* already taken off in this very change */
  adj_change_set_remove_unit (changes, adj_unit_to_json (marker), index);
  return TRUE;
}

static gboolean
send_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  AdjBattle *battle = ctx->battle;
  AdjUnit *leader = adj_input_unit (ctx, in, "leader");
  const char *brigade = unit_brigade (leader);
  AdjUnit *planned;

  if (brigade == NULL)
    return TRUE;
  planned = brigade_unit (battle, brigade, "planned-objective");
  if (planned == NULL)
    return TRUE;
  if (g_str_equal (outcome->key, "arrives"))
    return set_unit_bool (battle, changes, planned, "status.sent", TRUE, error) &&
           place_marker (battle, changes, brigade, "objective", adj_unit_get_name (planned),
                         adj_battle_get_turn (battle) +
                         adj_outcome_get_value_int (outcome, "turns", 0),
                         "objective", error);
  if (g_str_equal (outcome->key, "lost"))
    return take_marker_off (battle, changes, brigade, "planned-objective", error);
  return TRUE;
}

static const AdjMechanic rr_send_orders = {
  .id = "rr/send-orders",
  .title = N_("Send Orders"),
  .summary = N_("Two dice on the Send Orders table: how many turns an order takes to arrive, or "
                "whether it is lost."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = send_inputs,
  .n_inputs = G_N_ELEMENTS (send_inputs),
  .outcomes = send_outcomes,
  .n_outcomes = G_N_ELEMENTS (send_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = send_tables,
  .draws = two_dice_draws,
  .resolve = send_resolve,
  .odds = send_odds,
  .apply = send_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Receive Orders                                                                              */

static const AdjField receive_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  INT_INPUT ("rating", N_("His rating’s modifier"),
             N_("What the letter of his rating adds, from your chart"), -4, 4, 0,
             "leader.status.order_modifier"),
  MODIFIER_INPUT,
};

static const AdjChoice receive_outcomes[] = {
  { "ignore", N_("Order ignored") },
  { "as-ordered", N_("As ordered") },
  { "charge", N_("Charge to the guns") },
  { "table-missing", N_("Rolled: the Receive Orders table is missing") },
};

static gboolean
receive_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  int rating = adj_inputs_get_int (in, "rating");
  int modifier = adj_inputs_get_int (in, "modifier");
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The leader"));
  json_object *cell;
  const char *key;
  int sum, total;

  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  if (rating != 0)
    adj_outcome_add_modifier (outcome, NULL, _("The leader’s rating"), rating);
  total = sum + rating + modifier;
  add_modifier_line (outcome, modifier, total);
  if (!chart_resolve (ctx, &tables, outcome, "receive-orders", total, "value", &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  if (g_str_equal (key, "ignore"))
    adj_outcome_set_result (outcome, key, _("%s ignores the order"), leader);
  else if (g_str_equal (key, "as-ordered"))
    adj_outcome_set_result (outcome, key, _("%s carries out the order: the Objective Marker "
                                            "replaces the planned one"), leader);
  else
    adj_outcome_set_result (outcome, key, _("%s charges the guns: put the Objective Marker where "
                                            "the rules send him"), leader);
  return TRUE;
}

static gboolean
receive_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  return chart_odds (ctx, in, odds, "receive-orders", 2,
                     adj_inputs_get_int (in, "rating") + adj_inputs_get_int (in, "modifier"),
                     "value", classify_choice, NULL, error);
}

static gboolean
receive_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  AdjBattle *battle = ctx->battle;
  AdjUnit *leader = adj_input_unit (ctx, in, "leader");
  const char *brigade = unit_brigade (leader);
  AdjUnit *planned;
  const char *area;

  if (brigade == NULL || g_str_equal (outcome->key, "table-missing"))
    return TRUE;
  planned = brigade_unit (battle, brigade, "planned-objective");
  area = planned != NULL ? adj_unit_get_name (planned) : NULL;
  if (g_str_equal (outcome->key, "ignore"))
    return take_marker_off (battle, changes, brigade, "planned-objective", error) &&
           take_marker_off (battle, changes, brigade, "objective", error);
  if (g_str_equal (outcome->key, "as-ordered"))
    return place_marker (battle, changes, brigade, "objective", area, 0, "objective", error) &&
           take_marker_off (battle, changes, brigade, "planned-objective", error);
  /* A charge: the planned objective goes; the player names the area of the new one. */
  return place_marker (battle, changes, brigade, "objective", area, -1, "objective", error) &&
         take_marker_off (battle, changes, brigade, "planned-objective", error);
}

static const AdjMechanic rr_receive_orders = {
  .id = "rr/receive-orders",
  .title = N_("Receive Orders"),
  .summary = N_("Two dice and the leader’s rating on the Receive Orders table: the order is "
                "ignored, carried out, or turns into a charge at the guns."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = receive_inputs,
  .n_inputs = G_N_ELEMENTS (receive_inputs),
  .outcomes = receive_outcomes,
  .n_outcomes = G_N_ELEMENTS (receive_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = receive_tables,
  .draws = two_dice_draws,
  .resolve = receive_resolve,
  .odds = receive_odds,
  .apply = receive_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Emergency withdrawal                                                                        */

static const AdjField withdrawal_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  INT_INPUT ("brigade_sp", N_("Brigade strength at the start"),
             N_("Worked out from the brigade’s units when there is a battle"), 0, 200, 20, NULL),
  INT_INPUT ("sp_lost", N_("Strength points lost"), NULL, 0, 200, 5, NULL),
  MODIFIER_INPUT,
};

static const AdjChoice withdrawal_outcomes[] = {
  { "not-eligible", N_("Not allowed yet") },
  { "automatic", N_("Withdraws without a roll") },
  { "withdraw", N_("Withdraws") },
  { "continue", N_("Carries on") },
  { "table-missing", N_("Rolled: the Emergency Withdrawal table is missing") },
};

/* Which case a brigade is in: under a quarter lost, half or more, or a test. */
static const char *
withdrawal_case (AdjRuleset *rs,
                 AdjInputs  *in)
{
  int total = adj_inputs_get_int (in, "brigade_sp");
  int lost = adj_inputs_get_int (in, "sp_lost");

  /* Integer comparisons: lost / total >= p / 100 is 100 lost >= p total. */
  if (total <= 0 || 100 * lost < rr_int (rs, "withdrawal", "test_percent") * total)
    return "not-eligible";
  if (100 * lost >= rr_int (rs, "withdrawal", "automatic_percent") * total)
    return "automatic";
  return NULL;
}

static void
withdrawal_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  if (withdrawal_case (ctx->ruleset, in) == NULL)
    two_dice_draws (ctx, in, specs);
}

static gboolean
withdrawal_prefill (const AdjContext  *ctx,
                    AdjInputs         *in,
                    GError           **error)
{
  AdjUnit *leader = adj_input_unit (ctx, in, "leader");
  int start = 0, now = 0;

  if (unit_brigade (leader) == NULL)
    return TRUE;
  if (!adj_rr_brigade_strength (ctx->battle, unit_brigade (leader), &start, &now, error))
    return FALSE;
  return adj_inputs_set_int (in, "brigade_sp", MIN (start, 200), error) &&
         adj_inputs_set_int (in, "sp_lost", CLAMP (start - now, 0, 200), error);
}

static gboolean
withdrawal_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  const char *special = withdrawal_case (ctx->ruleset, in);
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The brigade"));
  int total = adj_inputs_get_int (in, "brigade_sp");
  int lost = adj_inputs_get_int (in, "sp_lost");
  int modifier = adj_inputs_get_int (in, "modifier");
  g_autoptr(AdjTables) tables = NULL;
  json_object *cell;
  int sum;

  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, lost,
                         /* TRANSLATORS: e.g. "Lost 6 of 20 strength points" */
                         _("Lost %d of %d strength points"), lost, total);
  if (special != NULL && g_str_equal (special, "not-eligible"))
    {
      adj_outcome_set_result (outcome, special,
                              _("%s has lost less than a quarter of its strength: no emergency "
                                "withdrawal yet"), leader);
      return TRUE;
    }
  if (special != NULL)
    {
      adj_outcome_set_result (outcome, special,
                              _("%s has lost half its strength or more: it withdraws without a "
                                "roll"), leader);
      return TRUE;
    }
  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  add_modifier_line (outcome, modifier, sum + modifier);
  if (!chart_resolve (ctx, &tables, outcome, "emergency-withdrawal", sum + modifier, "value",
                      &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  if (g_str_equal (json_object_get_string (cell), "withdraw"))
    adj_outcome_set_result (outcome, "withdraw", _("%s may withdraw"), leader);
  else
    adj_outcome_set_result (outcome, "continue", _("%s must carry on"), leader);
  return TRUE;
}

static gboolean
withdrawal_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  const char *special = withdrawal_case (ctx->ruleset, in);

  if (special != NULL)
    {
      adj_declare_outcomes (in->mechanic, odds);
      odds_add (odds, in->mechanic, special, 1);
      adj_odds_finish (odds, 1);
      return TRUE;
    }
  return chart_odds (ctx, in, odds, "emergency-withdrawal", 2,
                     adj_inputs_get_int (in, "modifier"), "value", classify_choice, NULL, error);
}

static const AdjMechanic rr_withdrawal = {
  .id = "rr/emergency-withdrawal",
  .title = N_("Emergency withdrawal"),
  .summary = N_("A brigade that has lost a quarter of its strength tests on the Emergency "
                "Withdrawal table; at half it withdraws without a roll."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = withdrawal_inputs,
  .n_inputs = G_N_ELEMENTS (withdrawal_inputs),
  .outcomes = withdrawal_outcomes,
  .n_outcomes = G_N_ELEMENTS (withdrawal_outcomes),
  .random_note = N_("No dice below a quarter lost or from half lost on."),
  .tables = withdrawal_tables,
  .draws = withdrawal_draws,
  .prefill = withdrawal_prefill,
  .resolve = withdrawal_resolve,
  .odds = withdrawal_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Finding a drift                                                                             */

static const AdjField drift_inputs[] = {
  INT_INPUT ("value", N_("Value of the drift marker"), NULL, 2, 12, 10, NULL),
};

static const AdjChoice drift_outcomes[] = {
  { "found", N_("Drift found") },
  { "not-found", N_("Drift not found") },
};

static gboolean
drift_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  int value = adj_inputs_get_int (in, "value");
  int sum;

  (void) ctx;
  if (!roll_dice (random, outcome, "find", N_("Finding the drift"), 2, &sum, error))
    return FALSE;
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, value,
                         /* TRANSLATORS: e.g. "Found on 8 or less" */
                         _("Found on %d or less"), value);
  adj_outcome_set_value_int (outcome, "total", sum);
  if (sum <= value)
    adj_outcome_set_result (outcome, "found", _("%d is no more than %d: the drift is found"), sum,
                            value);
  else
    adj_outcome_set_result (outcome, "not-found", _("%d is more than %d: the drift is not found "
                                                    "this turn"), sum, value);
  return TRUE;
}

static gboolean
drift_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  int value = adj_inputs_get_int (in, "value");
  guint64 found = 0;

  (void) ctx;
  (void) error;
  for (int s = 2; s <= 12; s++)
    found += s <= value ? two_dice_ways[s] : 0;
  adj_declare_outcomes (in->mechanic, odds);
  odds_add (odds, in->mechanic, "found", found);
  odds_add (odds, in->mechanic, "not-found", 36 - found);
  adj_odds_finish (odds, 36);
  return TRUE;
}

static void
drift_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec s = { "find", N_("Finding the drift"), 2, 6 };

  (void) ctx;
  (void) in;
  g_array_append_val (specs, s);
}

static const AdjMechanic rr_drift = {
  .id = "rr/find-drift",
  .title = N_("Finding a drift"),
  .summary = N_("A battalion or regiment about to enter a drift nobody has found rolls two dice: "
                "the marker’s value or less finds it."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = drift_inputs,
  .n_inputs = G_N_ELEMENTS (drift_inputs),
  .outcomes = drift_outcomes,
  .n_outcomes = G_N_ELEMENTS (drift_outcomes),
  .draws = drift_draws,
  .resolve = drift_resolve,
  .odds = drift_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Leaders: Panicked or Standing Firm, recovery, casualties                                    */

static const AdjChoice marker_choices[] = {
  { "none", N_("None") },
  { "panicked", N_("Panicked") },
  { "standing-firm", N_("Standing Firm") },
};

static const AdjField reaction_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader of the brigade")),
  ENUM_INPUT ("marker", N_("Marker he has now"), NULL, marker_choices, "none",
              "leader.status.leader_marker"),
};

static const AdjChoice reaction_outcomes[] = {
  { "panicked", N_("Panicked") },
  { "standing-firm", N_("Standing Firm") },
  { "steady", N_("No marker") },
  { "already-marked", N_("Already marked: no roll") },
};

static void
reaction_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  if (g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    two_dice_draws (ctx, in, specs);
}

static const char *
reaction_key (AdjRuleset *rs,
              int         sum)
{
  if (sum <= rr_int (rs, "leaders", "panicked_at_most"))
    return "panicked";
  if (sum >= rr_int (rs, "leaders", "standing_firm_at_least"))
    return "standing-firm";
  return "steady";
}

static gboolean
reaction_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The leader"));
  const char *key;
  int sum;

  if (!g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    {
      adj_outcome_set_result (outcome, "already-marked",
                              _("%s already carries a marker: no roll"), leader);
      return TRUE;
    }
  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  key = reaction_key (ctx->ruleset, sum);
  adj_outcome_set_value_int (outcome, "total", sum);
  if (g_str_equal (key, "panicked"))
    adj_outcome_set_result (outcome, key, _("%d: %s panics (Panicked marker)"), sum, leader);
  else if (g_str_equal (key, "standing-firm"))
    adj_outcome_set_result (outcome, key, _("%d: %s stands firm (Standing Firm marker)"), sum,
                            leader);
  else
    adj_outcome_set_result (outcome, key, _("%d: %s keeps his head"), sum, leader);
  return TRUE;
}

static gboolean
reaction_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  (void) error;
  adj_declare_outcomes (in->mechanic, odds);
  if (!g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    {
      odds_add (odds, in->mechanic, "already-marked", 1);
      adj_odds_finish (odds, 1);
      return TRUE;
    }
  for (int s = 2; s <= 12; s++)
    odds_add (odds, in->mechanic, reaction_key (ctx->ruleset, s), two_dice_ways[s]);
  adj_odds_finish (odds, 36);
  return TRUE;
}

static gboolean
reaction_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  if (!g_str_equal (outcome->key, "panicked") && !g_str_equal (outcome->key, "standing-firm"))
    return TRUE;
  return set_unit_string (ctx->battle, changes, adj_input_unit (ctx, in, "leader"),
                          "status.leader_marker", outcome->key, error);
}

static const AdjMechanic rr_leader_reaction = {
  .id = "rr/leader-reaction",
  .title = N_("Leader under fire"),
  .summary = N_("When his brigade loses strength: two dice, 3 or less Panicked, 10 or more "
                "Standing Firm, unless he carries a marker already."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = reaction_inputs,
  .n_inputs = G_N_ELEMENTS (reaction_inputs),
  .outcomes = reaction_outcomes,
  .n_outcomes = G_N_ELEMENTS (reaction_outcomes),
  .draws = reaction_draws,
  .resolve = reaction_resolve,
  .odds = reaction_odds,
  .apply = reaction_apply,
};

static const AdjField leader_recovery_inputs[] = {
  UNIT_INPUT ("leader", N_("Leader")),
  ENUM_INPUT ("marker", N_("Marker he carries"), NULL, marker_choices, "panicked",
              "leader.status.leader_marker"),
};

static const AdjChoice leader_recovery_outcomes[] = {
  { "removed", N_("Marker removed") },
  { "stays", N_("Marker stays") },
  { "no-marker", N_("No marker: no roll") },
};

static void
leader_recovery_draws (const AdjContext *ctx,
                       AdjInputs        *in,
                       GArray           *specs)
{
  if (!g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    two_dice_draws (ctx, in, specs);
}

static gboolean
leader_recovery_resolve (const AdjContext  *ctx,
                         AdjInputs         *in,
                         AdjRandom         *random,
                         AdjOutcome        *outcome,
                         GError           **error)
{
  const char *leader = adj_input_unit_name (ctx, in, "leader", _("The leader"));
  int need = rr_int (ctx->ruleset, "leaders", "recovery_at_least");
  int sum;

  if (g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    {
      adj_outcome_set_result (outcome, "no-marker", _("%s carries no marker"), leader);
      return TRUE;
    }
  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  adj_outcome_set_value_int (outcome, "total", sum);
  if (sum >= need)
    adj_outcome_set_result (outcome, "removed", _("%d, %d or more: %s’s marker comes off"), sum,
                            need, leader);
  else
    adj_outcome_set_result (outcome, "stays", _("%d, less than %d: %s keeps his marker"), sum,
                            need, leader);
  return TRUE;
}

static gboolean
leader_recovery_odds (const AdjContext  *ctx,
                      AdjInputs         *in,
                      AdjOdds           *odds,
                      GError           **error)
{
  int need = rr_int (ctx->ruleset, "leaders", "recovery_at_least");

  (void) error;
  adj_declare_outcomes (in->mechanic, odds);
  if (g_str_equal (adj_inputs_get_string (in, "marker"), "none"))
    {
      odds_add (odds, in->mechanic, "no-marker", 1);
      adj_odds_finish (odds, 1);
      return TRUE;
    }
  for (int s = 2; s <= 12; s++)
    odds_add (odds, in->mechanic, s >= need ? "removed" : "stays", two_dice_ways[s]);
  adj_odds_finish (odds, 36);
  return TRUE;
}

static gboolean
leader_recovery_apply (const AdjContext  *ctx,
                       AdjInputs         *in,
                       AdjOutcome        *outcome,
                       AdjChangeSet      *changes,
                       GError           **error)
{
  if (!g_str_equal (outcome->key, "removed"))
    return TRUE;
  return set_unit_string (ctx->battle, changes, adj_input_unit (ctx, in, "leader"),
                          "status.leader_marker", "none", error);
}

static const AdjMechanic rr_leader_recovery = {
  .id = "rr/leader-recovery",
  .title = N_("Leader recovers"),
  .summary = N_("In the British Recovery segment: two dice for a leader with a Panicked or "
                "Standing Firm marker, 4 or more takes it off."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = leader_recovery_inputs,
  .n_inputs = G_N_ELEMENTS (leader_recovery_inputs),
  .outcomes = leader_recovery_outcomes,
  .n_outcomes = G_N_ELEMENTS (leader_recovery_outcomes),
  .draws = leader_recovery_draws,
  .resolve = leader_recovery_resolve,
  .odds = leader_recovery_odds,
  .apply = leader_recovery_apply,
};

static const AdjChoice rank_choices[] = {
  { "buller", N_("Buller") },
  { "long", N_("Colonel Long") },
  { "leader", N_("A brigade leader") },
  { "replacement", N_("A replacement leader") },
};

static const AdjField casualty_inputs[] = {
  UNIT_INPUT ("who", N_("Who is in the area")),
  ENUM_INPUT ("rank", N_("He is"), NULL, rank_choices, "leader", NULL),
};

static const AdjChoice casualty_outcomes[] = {
  { "falls", N_("Eliminated") },
  { "unhurt", N_("Unhurt") },
  { "cannot-fall", N_("A replacement cannot fall") },
};

static void
casualty_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  if (!g_str_equal (adj_inputs_get_string (in, "rank"), "replacement"))
    two_dice_draws (ctx, in, specs);
}

static gboolean
casualty_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *who = adj_input_unit (ctx, in, "who");
  const char *rank;

  if (who == NULL)
    return TRUE;
  if (unit_is (who, "buller"))
    rank = "buller";
  else if (unit_is (who, "long"))
    rank = "long";
  else if (unit_is (who, "leader"))
    rank = adj_unit_get_status_bool (who, "replaced") ? "replacement" : "leader";
  else
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s is not Buller, Long or a brigade leader"), adj_unit_get_name (who));
      return FALSE;
    }
  return adj_inputs_set_string (in, "rank", rank, error);
}

static gboolean
casualty_is_hit (AdjRuleset *rs,
                 int         sum)
{
  return sum == rr_int (rs, "leaders", "casualty_low") ||
         sum == rr_int (rs, "leaders", "casualty_high");
}

static gboolean
casualty_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *rank = adj_inputs_get_string (in, "rank");
  const char *who = adj_input_unit_name (ctx, in, "who", adj_gettext (
    adj_field_find_choice (rank_choices, G_N_ELEMENTS (rank_choices), rank)->label));
  int sum;

  if (g_str_equal (rank, "replacement"))
    {
      adj_outcome_set_result (outcome, "cannot-fall",
                              _("%s is a replacement: another would only take his place"), who);
      return TRUE;
    }
  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  adj_outcome_set_value_int (outcome, "total", sum);
  if (!casualty_is_hit (ctx->ruleset, sum))
    adj_outcome_set_result (outcome, "unhurt", _("%d: %s is unhurt"), sum, who);
  else if (g_str_equal (rank, "leader"))
    adj_outcome_set_result (outcome, "falls", _("%d: %s falls; a replacement takes over his "
                                                "brigade"), sum, who);
  else
    adj_outcome_set_result (outcome, "falls", _("%d: %s falls"), sum, who);
  return TRUE;
}

static gboolean
casualty_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  (void) error;
  adj_declare_outcomes (in->mechanic, odds);
  if (g_str_equal (adj_inputs_get_string (in, "rank"), "replacement"))
    {
      odds_add (odds, in->mechanic, "cannot-fall", 1);
      adj_odds_finish (odds, 1);
      return TRUE;
    }
  for (int s = 2; s <= 12; s++)
    odds_add (odds, in->mechanic, casualty_is_hit (ctx->ruleset, s) ? "falls" : "unhurt",
              two_dice_ways[s]);
  adj_odds_finish (odds, 36);
  return TRUE;
}

static gboolean
casualty_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *who = adj_input_unit (ctx, in, "who");

  if (!g_str_equal (outcome->key, "falls") || who == NULL)
    return TRUE;
  if (unit_is (who, "leader"))
    return set_unit_bool (ctx->battle, changes, who, "status.replaced", TRUE, error) &&
           set_unit_string (ctx->battle, changes, who, "status.leader_marker", "none", error);
  return set_unit_bool (ctx->battle, changes, who, "destroyed", TRUE, error);
}

static const AdjMechanic rr_leader_casualty = {
  .id = "rr/leader-casualty",
  .title = N_("Leader casualty"),
  .summary = N_("Buller, Long or a leader in an area where a British unit loses strength: two "
                "dice, 2 or 12 and he falls."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = casualty_inputs,
  .n_inputs = G_N_ELEMENTS (casualty_inputs),
  .outcomes = casualty_outcomes,
  .n_outcomes = G_N_ELEMENTS (casualty_outcomes),
  .draws = casualty_draws,
  .prefill = casualty_prefill,
  .resolve = casualty_resolve,
  .odds = casualty_odds,
  .apply = casualty_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Unit recovery                                                                               */

static const AdjField recovery_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("morale", N_("Its morale level now"), NULL, morale_levels, "disrupted",
              "unit.status.morale"),
  MODIFIER_INPUT,
};

static const AdjChoice recovery_outcomes[] = {
  { "no-test", N_("In good order: no roll") },
  { "unchanged", N_("Unchanged") },
  { "up-one", N_("Up one level") },
  { "up-two", N_("Up two levels") },
  { "table-missing", N_("Rolled: the Unit Recovery table is missing") },
};

static void
recovery_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  if (!g_str_equal (adj_inputs_get_string (in, "morale"), "normal"))
    two_dice_draws (ctx, in, specs);
}

static gboolean
recovery_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *morale = adj_inputs_get_string (in, "morale");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  int modifier = adj_inputs_get_int (in, "modifier");
  g_autoptr(AdjTables) tables = NULL;
  json_object *cell;
  const char *key;
  int sum, rank;

  if (g_str_equal (morale, "normal"))
    {
      adj_outcome_set_value_string (outcome, "morale", "normal");
      adj_outcome_set_result (outcome, "no-test", _("%s is in good order"), name);
      return TRUE;
    }
  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  add_modifier_line (outcome, modifier, sum + modifier);
  if (!chart_resolve (ctx, &tables, outcome, "unit-recovery", sum + modifier, morale, &cell,
                      error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  rank = morale_rank (morale);
  if (g_str_equal (key, "up-one"))
    rank -= 1;
  else if (g_str_equal (key, "up-two"))
    rank -= 2;
  rank = MAX (rank, 0);
  adj_outcome_set_value_string (outcome, "morale", morale_levels[rank].id);
  if (g_str_equal (key, "unchanged"))
    adj_outcome_set_result (outcome, key, _("%s stays %s"), name, morale_label (morale));
  else
    adj_outcome_set_result (outcome, key, _("%s climbs from %s to %s"), name,
                            morale_label (morale), adj_gettext (morale_levels[rank].label));
  return TRUE;
}

static gboolean
recovery_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  const char *morale = adj_inputs_get_string (in, "morale");

  if (g_str_equal (morale, "normal"))
    {
      adj_declare_outcomes (in->mechanic, odds);
      odds_add (odds, in->mechanic, "no-test", 1);
      adj_odds_finish (odds, 1);
      return TRUE;
    }
  return chart_odds (ctx, in, odds, "unit-recovery", 2, adj_inputs_get_int (in, "modifier"),
                     morale, classify_choice, NULL, error);
}

static gboolean
recovery_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  json_object *morale = member (outcome->values, "morale");

  if (morale == NULL || unit == NULL)
    return TRUE;
  if (!set_unit_string (ctx->battle, changes, unit, "status.morale",
                        json_object_get_string (morale), error))
    return FALSE;
  return TRUE;
}

static const AdjMechanic rr_unit_recovery = {
  .id = "rr/unit-recovery",
  .title = N_("Unit recovery"),
  .summary = N_("A disrupted, suppressed or routed unit rolls two dice on the Unit Recovery "
                "table and may climb one or two morale levels."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = recovery_inputs,
  .n_inputs = G_N_ELEMENTS (recovery_inputs),
  .outcomes = recovery_outcomes,
  .n_outcomes = G_N_ELEMENTS (recovery_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = recovery_tables,
  .draws = recovery_draws,
  .resolve = recovery_resolve,
  .odds = recovery_odds,
  .apply = recovery_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Formation morale                                                                            */

static const AdjChoice column_choices[] = {
  { "brigade", N_("A British brigade") },
  { "group-emplacement", N_("A Boer group in an emplacement") },
  { "group-open", N_("A Boer group not in an emplacement") },
};

static const AdjField formation_inputs[] = {
  ENUM_INPUT ("column", N_("Who tests"),
              N_("A Boer group overrun in close combat is not in its emplacement"),
              column_choices, "brigade", NULL),
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
  int modifier = adj_inputs_get_int (in, "modifier");
  g_autoptr(AdjTables) tables = NULL;
  json_object *cell;
  const char *key;
  int sum;

  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  add_modifier_line (outcome, modifier, sum + modifier);
  if (!chart_resolve (ctx, &tables, outcome, "formation-morale", sum + modifier,
                      adj_inputs_get_string (in, "column"), &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  if (g_str_equal (key, "normal"))
    adj_outcome_set_result (outcome, key, _("Morale holds"));
  else
    adj_outcome_set_result (outcome, key, _("Every unit of the formation in the area that is "
                                            "better than %s falls to it"), morale_label (key));
  return TRUE;
}

static gboolean
formation_odds (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOdds           *odds,
                GError           **error)
{
  return chart_odds (ctx, in, odds, "formation-morale", 2, adj_inputs_get_int (in, "modifier"),
                     adj_inputs_get_string (in, "column"), classify_choice, NULL, error);
}

static const AdjMechanic rr_formation_morale = {
  .id = "rr/formation-morale",
  .title = N_("Formation morale"),
  .summary = N_("A brigade or group that loses strength in an area rolls two dice on the "
                "Formation Morale table: the level its units there fall to."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = formation_inputs,
  .n_inputs = G_N_ELEMENTS (formation_inputs),
  .outcomes = formation_outcomes,
  .n_outcomes = G_N_ELEMENTS (formation_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = morale_tables,
  .draws = two_dice_draws,
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

static const AdjField shell_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing gun or battery")),
  INT_INPUT ("strength", N_("Strength of the firer"), NULL, 0, MAX_SP, 2, NULL),
  MODIFIER_INPUT,
};

static const AdjChoice shell_outcomes[] = {
  { "no-effect", N_("No effect") },
  { "disrupted", N_("Disrupted") },
  { "suppressed", N_("Suppressed") },
  { "table-missing", N_("Rolled: the Shell Fire table is missing") },
};

static char *
strength_column (AdjRuleset *rs,
                 const char *table_id,
                 int         strength)
{
  return g_strdup_printf ("%d", chart_column (adj_table_shape_lookup (rs, table_id), strength));
}

static gboolean
shell_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  int modifier = adj_inputs_get_int (in, "modifier");
  g_autofree char *column = strength_column (ctx->ruleset, "shell-fire",
                                             adj_inputs_get_int (in, "strength"));
  g_autoptr(AdjTables) tables = NULL;
  json_object *cell;
  const char *key;
  int sum;

  if (!roll_dice (random, outcome, "roll", N_("Shell fire"), 2, &sum, error))
    return FALSE;
  add_modifier_line (outcome, modifier, sum + modifier);
  if (!chart_resolve (ctx, &tables, outcome, "shell-fire", sum + modifier, column, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  key = json_object_get_string (cell);
  if (g_str_equal (key, "no-effect"))
    adj_outcome_set_result (outcome, key, _("The shells do no harm"));
  else
    adj_outcome_set_result (outcome, key, _("Every unit in the target area is %s"),
                            morale_label (key));
  return TRUE;
}

static gboolean
shell_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  g_autofree char *column = strength_column (ctx->ruleset, "shell-fire",
                                             adj_inputs_get_int (in, "strength"));

  return chart_odds (ctx, in, odds, "shell-fire", 2, adj_inputs_get_int (in, "modifier"), column,
                     classify_choice, NULL, error);
}

static const AdjMechanic rr_shell_fire = {
  .id = "rr/shell-fire",
  .title = N_("Shell fire"),
  .summary = N_("A gun or battery fires at an area: two dice on the Shell Fire table may disrupt "
                "or suppress every unit there."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = shell_inputs,
  .n_inputs = G_N_ELEMENTS (shell_inputs),
  .outcomes = shell_outcomes,
  .n_outcomes = G_N_ELEMENTS (shell_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = shell_tables,
  .draws = two_dice_draws,
  .prefill = fire_prefill,
  .resolve = shell_resolve,
  .odds = shell_odds,
};

static const AdjField rifle_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing unit")),
  UNIT_INPUT ("target", N_("Target")),
  INT_INPUT ("strength", N_("Strength of the firer"), NULL, 0, MAX_SP, 4, NULL),
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

  (void) ctx;
  (void) in;
  g_array_append_val (specs, s);
}

static const char *
classify_rifle (json_object *value,
                gpointer     data)
{
  (void) data;
  return json_object_get_int (value) > 0 ? "losses" : "no-loss";
}

static gboolean
rifle_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  int modifier = adj_inputs_get_int (in, "modifier");
  g_autofree char *column = strength_column (ctx->ruleset, "rifle-fire",
                                             adj_inputs_get_int (in, "strength"));
  const char *target = adj_input_unit_name (ctx, in, "target", _("The target"));
  g_autoptr(AdjTables) tables = NULL;
  json_object *cell;
  int die, lost;

  if (!roll_dice (random, outcome, "roll", N_("Rifle fire"), 1, &die, error))
    return FALSE;
  add_modifier_line (outcome, modifier, die + modifier);
  if (!chart_resolve (ctx, &tables, outcome, "rifle-fire", die + modifier, column, &cell, error))
    return FALSE;
  if (cell == NULL)
    return TRUE;
  lost = json_object_get_int (cell);
  adj_outcome_set_value_int (outcome, "losses", lost);
  if (lost == 0)
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
  g_autofree char *column = strength_column (ctx->ruleset, "rifle-fire",
                                             adj_inputs_get_int (in, "strength"));

  return chart_odds (ctx, in, odds, "rifle-fire", 1, adj_inputs_get_int (in, "modifier"), column,
                     classify_rifle, NULL, error);
}

static const AdjMechanic rr_rifle_fire = {
  .id = "rr/rifle-fire",
  .title = N_("Rifle fire"),
  .summary = N_("A commando, battalion or regiment fires at a unit: one die on the Rifle Fire "
                "table gives the strength points it loses."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = rifle_inputs,
  .n_inputs = G_N_ELEMENTS (rifle_inputs),
  .outcomes = rifle_outcomes,
  .n_outcomes = G_N_ELEMENTS (rifle_outcomes),
  .random_note = N_("A total beyond the chart reads its first or last line."),
  .tables = rifle_tables,
  .draws = rifle_draws,
  .prefill = fire_prefill,
  .resolve = rifle_resolve,
  .odds = rifle_odds,
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

static void
target_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  AdjDrawSpec s = { "plot", N_("Plot marker"), 1, 6 };

  (void) ctx;
  (void) in;
  g_array_append_val (specs, s);
}

static gboolean
target_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  int die;
  char key[8];

  if (!roll_dice (random, outcome, "plot", N_("Plot marker"), 1, &die, error))
    return FALSE;
  g_snprintf (key, sizeof key, "plot-%d", die);
  adj_outcome_set_value_int (outcome, "plot", die);
  adj_outcome_set_result (outcome, key, _("%s fires at the area of plot marker %d"),
                          adj_input_unit_name (ctx, in, "firer", _("The Boer unit")), die);
  return TRUE;
}

static gboolean
target_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  (void) ctx;
  (void) error;
  adj_declare_outcomes (in->mechanic, odds);
  for (guint i = 0; i < G_N_ELEMENTS (target_outcomes); i++)
    odds_add (odds, in->mechanic, target_outcomes[i].id, 1);
  adj_odds_finish (odds, 6);
  return TRUE;
}

static const AdjMechanic rr_boer_target = {
  .id = "rr/boer-target",
  .title = N_("Boer target area"),
  .summary = N_("One die picks which of the six plot markers, laid by the Boer Plot chart, marks "
                "the area a Boer unit fires at."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = target_inputs,
  .n_inputs = G_N_ELEMENTS (target_inputs),
  .outcomes = target_outcomes,
  .n_outcomes = G_N_ELEMENTS (target_outcomes),
  .draws = target_draws,
  .resolve = target_resolve,
  .odds = target_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* The Boer Shaken test                                                                        */

static const AdjField shaken_inputs[] = {
  INT_INPUT ("turn", N_("Game Turn"), NULL, 1, 20, 5, NULL),
  INT_INPUT ("confidence", N_("Confidence"), NULL, 1, 20, 3, NULL),
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

static void
shaken_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  if (shaken_due (in))
    two_dice_draws (ctx, in, specs);
}

static gboolean
shaken_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  return adj_inputs_set_int (in, "turn", CLAMP (adj_battle_get_turn (ctx->battle), 1, 20),
                             error) &&
         adj_inputs_set_int (in, "confidence", setting_int (ctx->battle, "confidence"), error);
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
  int need = rr_int (ctx->ruleset, "tracks", "shaken_roll");
  int sum, total;

  if (!shaken_due (in))
    {
      adj_outcome_set_result (outcome, "not-due", _("Confidence %d is above Game Turn %d: no "
                                                    "test"), confidence, turn);
      return TRUE;
    }
  if (!roll_dice (random, outcome, "roll", N_("Roll"), 2, &sum, error))
    return FALSE;
  if (turn > confidence)
    adj_outcome_add_modifier (outcome, NULL, _("Boxes Confidence is below the Game Turn"),
                              turn - confidence);
  total = sum + turn - confidence;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Total"), TRUE, total);
  adj_outcome_set_value_int (outcome, "total", total);
  if (total >= need)
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
  int gap = adj_inputs_get_int (in, "turn") - adj_inputs_get_int (in, "confidence");
  int need = rr_int (ctx->ruleset, "tracks", "shaken_roll");

  (void) error;
  adj_declare_outcomes (in->mechanic, odds);
  if (!shaken_due (in))
    {
      odds_add (odds, in->mechanic, "not-due", 1);
      adj_odds_finish (odds, 1);
      return TRUE;
    }
  for (int s = 2; s <= 12; s++)
    odds_add (odds, in->mechanic, s + gap >= need ? "shaken" : "holds", two_dice_ways[s]);
  adj_odds_finish (odds, 36);
  return TRUE;
}

static gboolean seal_cups (AdjBattle     *battle,
                           AdjChangeSet  *changes,
                           json_object   *record,
                           GError       **error);
static json_object *open_cups (AdjBattle  *battle,
                               GError    **error);
static void shuffle_array (json_object *arr,
                           AdjRng      *rng);

static gboolean
shaken_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  AdjBattle *battle = ctx->battle;
  int shaken = setting_int (battle, "shaken");
  g_autoptr(json_object) cups = NULL;
  json_object *sp, *aside, *cup;

  (void) in;
  if (!g_str_equal (outcome->key, "shaken"))
    return TRUE;
  if (!set_setting_int (battle, changes, "shaken", MIN (shaken + 1, 2), error))
    return FALSE;
  /* The No Fire counters join the SP cup the first time. */
  if (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) == NULL)
    return TRUE;
  cups = open_cups (battle, error);
  if (cups == NULL)
    return FALSE;
  sp = member (cups, "sp");
  aside = member (sp, "aside");
  cup = member (sp, "cup");
  if (json_object_array_length (aside) == 0)
    return TRUE;
  for (gsize i = 0; i < json_object_array_length (aside); i++)
    json_object_array_add (cup, json_object_get (json_object_array_get_idx (aside, i)));
  json_object_object_add (sp, "aside", json_object_new_array ());
  shuffle_array (cup, adj_battle_get_rng (battle));
  adj_outcome_add_note (outcome, _("The two No Fire counters go into the SP counter cup."));
  return seal_cups (battle, changes, cups, error);
}

static const AdjMechanic rr_shaken = {
  .id = "rr/shaken",
  .title = N_("Boer Shaken test"),
  .summary = N_("When Confidence is at or below the Game Turn: two dice plus the gap between "
                "them; 12 or more and the Boers are shaken."),
  .scope = ADJ_SCOPE_BATTLE,
  .inputs = shaken_inputs,
  .n_inputs = G_N_ELEMENTS (shaken_inputs),
  .outcomes = shaken_outcomes,
  .n_outcomes = G_N_ELEMENTS (shaken_outcomes),
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
  INT_INPUT ("sp", N_("Strength on the side showing"), NULL, 0, MAX_SP, 5, NULL),
  INT_INPUT ("losses", N_("Number marker"), NULL, 0, MAX_SP, 0, "unit.status.losses"),
  INT_INPUT ("counter", N_("SP counter"), N_("0 when it has none"), -5, 5, 0, NULL),
  ENUM_INPUT ("morale", N_("Morale"), NULL, morale_levels, "normal", "unit.status.morale"),
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
  int penalty = morale_penalty (ctx->ruleset, morale);
  int total = sp - losses + counter - penalty;
  g_autofree char *title = NULL;

  (void) random;
  (void) error;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Strength on the counter"), TRUE, sp);
  if (losses != 0)
    adj_outcome_add_modifier (outcome, NULL, _("Number marker"), -losses);
  if (counter != 0)
    adj_outcome_add_modifier (outcome, NULL, _("SP counter"), counter);
  if (penalty != 0)
    adj_outcome_add_modifier (outcome, NULL, morale_label (morale), -penalty);
  title = g_strdup_printf (_("Strength %d"), total);
  adj_outcome_set_number (outcome, total, title,
                          _("Its strength as it fires or moves this moment"));
  return TRUE;
}

static const AdjMechanic rr_boer_strength = {
  .id = "rr/boer-strength",
  .title = N_("Boer strength"),
  .summary = N_("A Boer unit’s strength: its counter less its Number marker, with its SP counter, "
                "less 1 disrupted or 2 suppressed; the strongest acts first."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = strength_inputs,
  .n_inputs = G_N_ELEMENTS (strength_inputs),
  .prefill = strength_prefill,
  .resolve = strength_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Stacking                                                                                    */

static const AdjField stacking_inputs[] = {
  INT_INPUT ("battalions", N_("Battalions in the area"), NULL, 0, 40, 3, NULL),
  INT_INPUT ("regiments", N_("Regiments in the area"), NULL, 0, 40, 1, NULL),
  INT_INPUT ("batteries", N_("Batteries in the area"), NULL, 0, 40, 0, NULL),
};

static const AdjChoice stacking_outcomes[] = {
  { "crowded", N_("Crowded: fire against it hurts more") },
  { "clear", N_("Not crowded") },
};

static int
stacking_points (AdjRuleset *rs,
                 int         battalions,
                 int         regiments,
                 int         batteries)
{
  return battalions * rr_int (rs, "stacking", "battalion") +
         regiments * rr_int (rs, "stacking", "regiment") +
         (batteries > 0 ? rr_int (rs, "stacking", "batteries") : 0);
}

static gboolean
stacking_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  int points = stacking_points (ctx->ruleset, adj_inputs_get_int (in, "battalions"),
                                adj_inputs_get_int (in, "regiments"),
                                adj_inputs_get_int (in, "batteries"));
  int crowded = rr_int (ctx->ruleset, "stacking", "crowded_at");

  (void) random;
  (void) error;
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

static const AdjMechanic rr_stacking = {
  .id = "rr/stacking",
  .title = N_("Stacking points"),
  .summary = N_("A battalion counts 2, a regiment 1 and all batteries together 1; at 9 or more "
                "the British in the area suffer more from fire."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = stacking_inputs,
  .n_inputs = G_N_ELEMENTS (stacking_inputs),
  .outcomes = stacking_outcomes,
  .n_outcomes = G_N_ELEMENTS (stacking_outcomes),
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
  INT_INPUT ("sp", N_("Strength printed on the front"), NULL, 0, MAX_SP, 5, "unit.status.sp"),
  INT_INPUT ("reduced_sp", N_("Strength on the reverse"), NULL, 0, MAX_SP, 3,
             "unit.status.reduced_sp"),
  BOOL_INPUT ("reduced", N_("Turned to its reduced side"), 0, "unit.status.reduced"),
  INT_INPUT ("losses", N_("Number marker now"), NULL, 0, MAX_SP, 0, "unit.status.losses"),
  INT_INPUT ("hits", N_("Strength points lost"), NULL, 1, MAX_SP, 1, NULL),
};

static const AdjChoice losses_outcomes[] = {
  { "marked", N_("Number marker") },
  { "reduced", N_("Turned to its reduced side") },
  { "eliminated", N_("Eliminated") },
};

typedef struct {
  const char *key;
  int         losses;      /* the Number marker afterwards */
  gboolean    reduced;
  int         strength;    /* afterwards */
  int         overflow;    /* left over once eliminated */
} LossResult;

/* What @hits strength points do to a counter: RULES.md's losses, step by step. */
static gboolean
take_losses (const char  *kind,
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
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Enter the strength printed on the counter first"));
      return FALSE;
    }
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
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Enter both strengths of the counter first: the reverse must be smaller "
                     "than the front"));
      return FALSE;
    }
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

static const char *
loss_kind (const char *type)
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

  (void) random;
  if (!take_losses (kind, adj_inputs_get_int (in, "sp"), adj_inputs_get_int (in, "reduced_sp"),
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
  return adj_inputs_set_string (in, "kind", loss_kind (unit_type_id (unit)), error);
}

static gboolean
apply_loss_result (AdjBattle     *battle,
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
    return set_unit_bool (battle, changes, unit, "destroyed", TRUE, error);
  return set_unit_int (battle, changes, unit, "status.losses", losses, error) &&
         set_unit_bool (battle, changes, unit, "status.reduced", reduced, error);
}

static gboolean
losses_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  return apply_loss_result (ctx->battle, changes, adj_input_unit (ctx, in, "unit"), outcome->key,
                            adj_outcome_get_value_int (outcome, "losses", 0),
                            adj_outcome_get_value_int (outcome, "reduced", 0) != 0, error);
}

static const AdjMechanic rr_losses = {
  .id = "rr/losses",
  .title = N_("Losses"),
  .summary = N_("Strength points off a counter: a Number marker, the reduced side, or gone; a "
                "regiment goes at its second loss, a battery or gun at its first."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = losses_inputs,
  .n_inputs = G_N_ELEMENTS (losses_inputs),
  .outcomes = losses_outcomes,
  .n_outcomes = G_N_ELEMENTS (losses_outcomes),
  .prefill = losses_prefill,
  .resolve = losses_resolve,
  .apply = losses_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Victory                                                                                     */

static const AdjField victory_inputs[] = {
  INT_INPUT ("turn", N_("Game Turn"), NULL, 1, 20, 1, NULL),
  INT_INPUT ("confidence", N_("Confidence"), NULL, 1, 20, 5, NULL),
  INT_INPUT ("shaken", N_("Times the Boers were shaken"), NULL, 0, 2, 0, NULL),
  INT_INPUT ("loss", N_("Loss"), NULL, 1, 20, 10, NULL),
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
         adj_inputs_set_int (in, "confidence", setting_int (battle, "confidence"), error) &&
         adj_inputs_set_int (in, "shaken", setting_int (battle, "shaken"), error) &&
         adj_inputs_set_int (in, "loss", setting_int (battle, "loss"), error);
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
  if (adj_inputs_get_int (in, "shaken") >= rr_int (rs, "tracks", "shaken_to_withdraw"))
    {
      withdraw = TRUE;
      *reason = "shaken-twice";
    }
  else if (confidence <= rr_int (rs, "tracks", "withdraw_confidence") &&
           turn >= rr_int (rs, "tracks", "withdraw_from_turn"))
    {
      withdraw = TRUE;
      *reason = "confidence";
    }
  if (withdraw)
    return loss >= rr_int (rs, "tracks", "pyrrhic_from") ? "pyrrhic-victory" : "british-victory";
  if (loss >= rr_int (rs, "tracks", "loss_end"))
    {
      *reason = "loss";
      return "boer-victory";
    }
  if (turn >= rr_int (rs, "tracks", "last_turn"))
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
  const char *reason = NULL;
  const char *key = victory_key (ctx->ruleset, in, &reason);
  int loss = adj_inputs_get_int (in, "loss");

  (void) random;
  (void) error;
  adj_outcome_set_value_string (outcome, "end_reason", reason);
  if (g_str_equal (reason, "shaken-twice"))
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                          _("The Boers have been shaken twice: they withdraw"), FALSE, 0);
  else if (g_str_equal (reason, "confidence"))
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                          _("Boer confidence is back in box 1: they withdraw"), FALSE, 0);
  else if (g_str_equal (reason, "loss"))
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                          _("The Loss marker has reached 20: the Boers hold"), FALSE, 0);
  else if (g_str_equal (reason, "last-turn"))
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                          _("The Game Turn has reached 20: the Boers hold"), FALSE, 0);

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
  json_object *reason = member (outcome->values, "end_reason");

  (void) in;
  if (g_str_equal (outcome->key, "continues"))
    return TRUE;
  return set_setting_string (ctx->battle, changes, "result", outcome->key, error) &&
         set_setting_string (ctx->battle, changes, "end_reason", json_object_get_string (reason),
                             error);
}

static const AdjMechanic rr_victory = {
  .id = "rr/victory",
  .title = N_("Victory"),
  .summary = N_("Whether the battle ends, and who has won: the Boers withdraw when shaken twice "
                "or back to box 1 of Confidence from turn 5; they hold at Loss 20 or turn 20."),
  .scope = ADJ_SCOPE_BATTLE,
  .inputs = victory_inputs,
  .n_inputs = G_N_ELEMENTS (victory_inputs),
  .outcomes = victory_outcomes,
  .n_outcomes = G_N_ELEMENTS (victory_outcomes),
  .prefill = victory_prefill,
  .resolve = victory_resolve,
  .apply = victory_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* The sequence of play, as the code knows it: rr.json must list exactly these steps.          */

typedef enum {
  STEP_PLAYER   = 0,
  STEP_AUTO     = 1 << 0,   /* Adjutant carries it out when the marker reaches it */
  STEP_REQUIRED = 1 << 1,   /* a roll the rules require (when due) before moving on */
} StepFlags;

typedef struct {
  const char *phase;
  const char *segment;
  const char *step;
  guint       flags;
} StepDef;

static const StepDef rr_steps[] = {
  { "orders", "british-event", "return-chits", STEP_AUTO },
  { "orders", "british-event", "draw-event", STEP_REQUIRED },
  { "orders", "command-points", "collect-cp", STEP_AUTO },
  { "orders", "send-orders", "plan-orders", STEP_PLAYER },
  { "orders", "send-orders", "roll-send", STEP_REQUIRED },
  { "orders", "receive-orders", "roll-receive", STEP_REQUIRED },
  { "orders", "emergency-withdrawal", "withdrawal", STEP_PLAYER },
  { "shell-fire", "boer-shell-fire", "misfire", STEP_AUTO },
  { "shell-fire", "boer-shell-fire", "boer-guns-fire", STEP_PLAYER },
  { "shell-fire", "boer-recovery", "boer-recovery", STEP_PLAYER },
  { "shell-fire", "british-shell-fire", "ammo", STEP_AUTO },
  { "shell-fire", "british-shell-fire", "batteries-fire", STEP_PLAYER },
  { "movement", "british-movement", "routed-move", STEP_PLAYER },
  { "movement", "british-movement", "brigades-move", STEP_PLAYER },
  { "movement", "british-assault", "approach", STEP_PLAYER },
  { "movement", "british-assault", "close-combat", STEP_PLAYER },
  { "movement", "british-assault", "overrun", STEP_PLAYER },
  { "movement", "boer-event", "draw-boer-event", STEP_REQUIRED },
  { "movement", "boer-movement", "commandos-move", STEP_PLAYER },
  { "rifle-fire", "british-rifle-fire", "british-rifles", STEP_PLAYER },
  { "rifle-fire", "british-recovery", "leader-markers", STEP_PLAYER },
  { "rifle-fire", "british-recovery", "unit-recovery", STEP_PLAYER },
  { "rifle-fire", "boer-rifle-fire", "commandos-fire", STEP_PLAYER },
  { "status", "boer-shaken", "emplacements", STEP_PLAYER },
  { "status", "boer-shaken", "return-counters", STEP_AUTO },
  { "status", "boer-shaken", "confidence", STEP_AUTO },
  { "status", "boer-shaken", "shaken-test", STEP_REQUIRED },
  { "status", "victory", "victory-check", STEP_AUTO },
};

/* The step's number within its segment (1-based) and the segment's number of steps. */
static int
step_number (guint  index,
             int   *n_steps)
{
  guint first = index, last = index;

  while (first > 0 && g_str_equal (rr_steps[first - 1].segment, rr_steps[index].segment))
    first--;
  while (last + 1 < G_N_ELEMENTS (rr_steps) &&
         g_str_equal (rr_steps[last + 1].segment, rr_steps[index].segment))
    last++;
  if (n_steps != NULL)
    *n_steps = (int) (last - first + 1);
  return (int) (index - first + 1);
}

static guint
step_index (const char *segment,
            int         number)
{
  for (guint i = 0; i < G_N_ELEMENTS (rr_steps); i++)
    if (g_strcmp0 (rr_steps[i].segment, segment) == 0 && step_number (i, NULL) == number)
      return i;
  return 0;
}

static guint
current_step (AdjBattle *battle)
{
  return step_index (setting_string (battle, "segment"), setting_int (battle, "step"));
}

static gboolean
at_step (AdjBattle  *battle,
         const char *step)
{
  return g_str_equal (rr_steps[current_step (battle)].step, step);
}

static gboolean
in_segment (AdjBattle  *battle,
            const char *segment)
{
  return g_strcmp0 (setting_string (battle, "segment"), segment) == 0;
}

/* The JSON of a segment and of a step in rr.json's "sequence". */
json_object *
adj_rr_segment_json (AdjRuleset *rs,
                     const char *segment)
{
  json_object *seq = rr_json (rs, "sequence");

  for (gsize p = 0; p < json_object_array_length (seq); p++)
    {
      json_object *segs = member (json_object_array_get_idx (seq, p), "segments");

      for (gsize s = 0; s < json_object_array_length (segs); s++)
        {
          json_object *seg = json_object_array_get_idx (segs, s);

          if (g_strcmp0 (member_string (seg, "id"), segment) == 0)
            return seg;
        }
    }
  return NULL;
}

static json_object *
step_json (AdjRuleset *rs,
           guint       index)
{
  json_object *steps = member (adj_rr_segment_json (rs, rr_steps[index].segment), "steps");

  return json_object_array_get_idx (steps, (gsize) step_number (index, NULL) - 1);
}

static const char *
segment_label (AdjRuleset *rs,
               const char *segment)
{
  return adj_gettext (member_string (adj_rr_segment_json (rs, segment), "label"));
}

static const char *
phase_label (AdjRuleset *rs,
             const char *phase)
{
  const AdjChoice *p = adj_ruleset_find_phase (rs, phase);
  return p != NULL ? adj_gettext (p->label) : phase;
}

static int
segment_from_turn (AdjRuleset *rs,
                   const char *segment)
{
  json_object *v = member (adj_rr_segment_json (rs, segment), "from_turn");
  return v != NULL ? json_object_get_int (v) : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* checks and small tools of the battle functions                                              */

static gboolean
check_rr_battle (AdjBattle  *battle,
                 GError    **error)
{
  if (g_strcmp0 (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), "rr") == 0)
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED,
               _("This is a battle of “%s”: the Colenso bookkeeping belongs to Redvers’ Reverse"),
               adj_ruleset_get_name (adj_battle_get_ruleset (battle)));
  return FALSE;
}

static gboolean
check_in_play (AdjBattle  *battle,
               GError    **error)
{
  if (!check_rr_battle (battle, error))
    return FALSE;
  if (!adj_rr_is_set_up (battle))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Set the game up first: the drift markers and the cups are not ready"));
      return FALSE;
    }
  if (!g_str_equal (setting_string (battle, "result"), "none"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("The battle is over"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_segment (AdjBattle   *battle,
               const char  *segment,
               GError     **error)
{
  if (in_segment (battle, segment))
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
               _("This belongs to the %s segment; the step marker is in the %s segment"),
               segment_label (adj_battle_get_ruleset (battle), segment),
               segment_label (adj_battle_get_ruleset (battle), setting_string (battle, "segment")));
  return FALSE;
}

static AdjUnit *
need_unit (AdjBattle   *battle,
           const char  *id,
           GError     **error)
{
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (battle, id) : NULL;

  if (unit == NULL)
    g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("The battle has no unit “%s”"),
                 id != NULL ? id : "");
  return unit;
}

static gboolean
check_area (const char  *area,
            GError     **error)
{
  if (area != NULL && area[0] != '\0' && g_utf8_validate (area, -1, NULL) &&
      g_utf8_strlen (area, -1) <= 200)
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
               _("An area needs a name of 1 to 200 characters, as the map gives it"));
  return FALSE;
}

static gboolean
check_brigade (AdjBattle   *battle,
               const char  *brigade,
               AdjUnit    **leader,
               GError     **error)
{
  if (brigade == NULL || !g_strv_contains (brigade_ids, brigade))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("There is no brigade “%s”"),
                   brigade != NULL ? brigade : "");
      return FALSE;
    }
  *leader = brigade_unit (battle, brigade, "leader");
  if (*leader == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("The battle has no leader for the %s"),
                   adj_rr_brigade_label (adj_battle_get_ruleset (battle), brigade));
      return FALSE;
    }
  return TRUE;
}

/* The AdjRandom to roll with: the caller's, or one on the battle's generator. */
static AdjRandom *
use_random (AdjBattle  *battle,
            AdjRandom  *given,
            AdjRandom **own)
{
  if (given != NULL)
    return given;
  *own = adj_random_new (adj_battle_get_rng (battle), NULL);
  return *own;
}

/* Inputs of @mech pre-filled from the battle, after setting @unit_input to @unit_id. */
static AdjInputs *
battle_inputs (AdjBattle    *battle,
               const char   *mechanic_id,
               const char   *unit_input,
               const char   *unit_id,
               GError      **error)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mechanic_id);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, adj_battle_get_ruleset (battle));

  if (unit_input != NULL && !adj_inputs_set_string (in, unit_input, unit_id, error))
    return NULL;
  if (!adj_battle_prefill (battle, in, error))
    return NULL;
  return g_steal_pointer (&in);
}

/* Resolve against the battle, taking the dice from @random in order (dice left over stay there
 * for the next roll, so one set of entered dice can serve a whole turn). */
static AdjOutcome *
resolve_in (AdjBattle  *battle,
            AdjInputs  *in,
            AdjRandom  *random,
            GError    **error)
{
  const AdjMechanic *mech = in->mechanic;
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);
  g_autoptr(AdjRandom) own = NULL;
  AdjContext ctx;
  GPtrArray *rolls;
  guint before;

  random = use_random (battle, random, &own);
  adj_battle_context (battle, &ctx);
  ctx.pack = NULL;
  before = adj_random_get_rolls (random)->len;
  if (!mech->resolve (&ctx, in, random, outcome, error))
    return NULL;
  g_return_val_if_fail (outcome->key != NULL, NULL);
  rolls = adj_random_get_rolls (random);
  for (guint i = before; i < rolls->len; i++)
    g_ptr_array_add (outcome->rolls, adj_roll_copy (g_ptr_array_index (rolls, i)));
  return g_steal_pointer (&outcome);
}

/* A journal entry for an outcome: the mechanic's own changes, then the outcome as recorded. */
static AdjEntry *
outcome_entry (AdjBattle   *battle,
               AdjInputs   *in,
               AdjOutcome  *outcome,
               const char  *summary,
               GError     **error)
{
  const AdjMechanic *mech = in->mechanic;
  g_autoptr(AdjEntry) entry = adj_entry_new ("mechanic", mech->id, summary);
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  if (mech->apply != NULL && !mech->apply (&ctx, in, outcome, entry->changes, error))
    return NULL;
  entry->inputs = adj_inputs_to_json (in);
  entry->outcome = adj_outcome_to_json (outcome);
  return g_steal_pointer (&entry);
}

/* A table a battle function needs whole (a roll may land anywhere on it). */
static gboolean
require_table (AdjBattle   *battle,
               const char  *table_id,
               GError     **error)
{
  AdjContext ctx;
  g_autoptr(AdjTables) tables = NULL;

  adj_battle_context (battle, &ctx);
  ctx.pack = NULL;
  tables = adj_tables_for_context (&ctx, error);
  return tables != NULL && adj_tables_require (tables, table_id, NULL, 0, error);
}

static AdjTables *
battle_tables (AdjBattle  *battle,
               GError    **error)
{
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  ctx.pack = NULL;
  return adj_tables_for_context (&ctx, error);
}

/* The orders of battle in rr.json. */
static json_object *
oob_brigade (AdjRuleset *rs,
             const char *brigade)
{
  json_object *list = member (member (rr_json (rs, "order_of_battle"), "british"), "brigades");
  for (gsize i = 0; i < json_object_array_length (list); i++)
    {
      json_object *b = json_object_array_get_idx (list, i);

      if (g_strcmp0 (member_string (b, "id"), brigade) == 0)
        return b;
    }
  return NULL;
}

static json_object *
oob_unit (AdjRuleset *rs,
          const char *unit_id)
{
  json_object *oob = rr_json (rs, "order_of_battle");
  json_object *lists[2] = {
    member (member (oob, "british"), "brigades"),
    member (member (oob, "boer"), "groups"),
  };

  for (guint l = 0; l < 2; l++)
    for (gsize i = 0; i < json_object_array_length (lists[l]); i++)
      {
        json_object *units = member (json_object_array_get_idx (lists[l], i), "units");

        for (gsize k = 0; k < json_object_array_length (units); k++)
          {
            json_object *u = json_object_array_get_idx (units, k);

            if (g_strcmp0 (member_string (u, "id"), unit_id) == 0)
              return u;
          }
      }
  return NULL;
}

const char * const *
adj_rr_brigades (AdjRuleset *rs)
{
  (void) rs;
  return brigade_ids;
}

const char *
adj_rr_brigade_label (AdjRuleset *rs,
                      const char *brigade)
{
  json_object *b;

  g_return_val_if_fail (rs != NULL, NULL);
  b = oob_brigade (rs, brigade);
  return b != NULL ? adj_gettext (member_string (b, "label")) : brigade;
}

static gboolean
brigade_is_artillery (AdjRuleset *rs,
                      const char *brigade)
{
  return g_strcmp0 (member_string (oob_brigade (rs, brigade), "kind"), "artillery") == 0;
}

AdjUnit *
adj_rr_brigade_leader (AdjBattle  *battle,
                       const char *brigade)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return brigade_unit (battle, brigade, "leader");
}

static gboolean
is_brigade_unit (AdjUnit *unit)
{
  return unit_is (unit, "battalion") || unit_is (unit, "regiment") || unit_is (unit, "battery");
}

/* ------------------------------------------------------------------------------------------ */
/* the sealed records                                                                          */

static json_object *
open_record (AdjBattle   *battle,
             const char  *name,
             GError     **error)
{
  const char *sealed = adj_battle_get_secret (battle, name);
  g_autofree char *text = NULL;
  json_object *json;

  if (sealed == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Set the game up first: the drift markers and the cups are not ready"));
      return NULL;
    }
  text = adj_secret_open (sealed, error);
  if (text == NULL)
    return NULL;
  json = adj_json_parse_data (text, strlen (text), name, NULL);
  if (json == NULL || !json_object_is_type (json, json_type_object))
    {
      json_object_put (json);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("The hidden record “%s” of the battle is damaged"), name);
      return NULL;
    }
  return json;
}

static gboolean
seal_record (AdjBattle     *battle,
             AdjChangeSet  *changes,
             const char    *name,
             json_object   *record,
             GError       **error)
{
  g_autofree char *field = g_strconcat ("secrets.", name, NULL);
  g_autofree char *sealed = adj_secret_seal (json_object_to_json_string_ext (
                                               record, JSON_C_TO_STRING_PLAIN),
                                             adj_battle_get_rng (battle));
  g_autoptr(json_object) value = json_object_new_string (sealed);

  return adj_battle_change_field (battle, changes, "battle", field, value, error);
}

static json_object *
open_cups (AdjBattle  *battle,
           GError    **error)
{
  g_autoptr(json_object) cups = open_record (battle, ADJ_RR_CUPS_SECRET, error);
  static const char *const keys[] = { "british", "boer", "sp", NULL };

  if (cups == NULL)
    return NULL;
  for (guint i = 0; keys[i] != NULL; i++)
    {
      json_object *c = member (cups, keys[i]);

      if (!json_object_is_type (c, json_type_object) ||
          !json_object_is_type (member (c, "cup"), json_type_array))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The hidden record “%s” of the battle is damaged"), ADJ_RR_CUPS_SECRET);
          return NULL;
        }
      if (!json_object_is_type (member (c, "out"), json_type_array))
        json_object_object_add (c, "out", json_object_new_array ());
      if (!json_object_is_type (member (c, "gone"), json_type_array))
        json_object_object_add (c, "gone", json_object_new_array ());
      if (!json_object_is_type (member (c, "aside"), json_type_array))
        json_object_object_add (c, "aside", json_object_new_array ());
    }
  return g_steal_pointer (&cups);
}

static gboolean
seal_cups (AdjBattle     *battle,
           AdjChangeSet  *changes,
           json_object   *record,
           GError       **error)
{
  return seal_record (battle, changes, ADJ_RR_CUPS_SECRET, record, error);
}

static void
json_release (gpointer value)
{
  json_object_put (value);
}

static void
shuffle_array (json_object *arr,
               AdjRng      *rng)
{
  gsize n = json_object_array_length (arr);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (json_release);

  if (n < 2)
    return;
  for (gsize i = 0; i < n; i++)
    g_ptr_array_add (items, json_object_get (json_object_array_get_idx (arr, i)));
  for (guint i = items->len - 1; i > 0; i--)
    {
      guint j = adj_rng_below (rng, i + 1);
      gpointer t = items->pdata[i];

      items->pdata[i] = items->pdata[j];
      items->pdata[j] = t;
    }
  json_object_array_del_idx (arr, 0, n);
  for (guint i = 0; i < items->len; i++)
    json_object_array_add (arr, json_object_get (g_ptr_array_index (items, i)));
}

static const char *
cup_key (AdjRrCup cup)
{
  switch (cup)
    {
    case ADJ_RR_CUP_BRITISH:
      return "british";
    case ADJ_RR_CUP_BOER:
      return "boer";
    case ADJ_RR_CUP_SP:
    case ADJ_RR_N_CUPS:
    default:
      return "sp";
    }
}

static const char *
cup_table (AdjRrCup cup)
{
  switch (cup)
    {
    case ADJ_RR_CUP_BRITISH:
      return "british-event-chits";
    case ADJ_RR_CUP_BOER:
      return "boer-event-chits";
    case ADJ_RR_CUP_SP:
    case ADJ_RR_N_CUPS:
    default:
      return "sp-counters";
    }
}

/* Take the chits of @arr for which @keep says so back into @cup; how many came back. */
static guint
move_back (json_object *from,
           json_object *cup,
           gboolean   (*back) (const char *chit))
{
  guint n = 0;

  for (gsize i = json_object_array_length (from); i > 0; i--)
    {
      const char *chit = json_object_get_string (json_object_array_get_idx (from, i - 1));

      if (back (chit))
        {
          json_object_array_add (cup, json_object_new_string (chit));
          json_object_array_del_idx (from, i - 1, 1);
          n++;
        }
    }
  return n;
}

static gboolean
returns_each_turn (const char *chit)
{
  return g_strcmp0 (chit, "close-order") == 0 || g_strcmp0 (chit, "bob-hart") == 0;
}

static gboolean
is_misfire (const char *chit)
{
  return g_strcmp0 (chit, "boer-guns-misfire") == 0;
}

static gboolean
is_ammo (const char *chit)
{
  return g_strcmp0 (chit, "british-ammo-shortage") == 0;
}

char *
adj_rr_chit_label (AdjRuleset *rs,
                   AdjRrCup    cup,
                   const char *chit)
{
  const AdjTableShape *shape;
  const AdjChoice *row;

  g_return_val_if_fail (rs != NULL && chit != NULL, NULL);

  if (cup == ADJ_RR_CUP_SP)
    {
      int v;

      if (g_str_equal (chit, "no-fire"))
        return g_strdup (_("No Fire"));
      v = atoi (chit);
      return v > 0 ? g_strdup_printf ("+%d", v) : g_strdup_printf ("%d", v);
    }
  shape = adj_table_shape_lookup (rs, cup_table (cup));
  row = shape != NULL ? adj_table_shape_find_row (shape, chit) : NULL;
  return g_strdup (row != NULL ? adj_gettext (row->label) : chit);
}

guint
adj_rr_cup_count (AdjBattle *battle,
                  AdjRrCup   cup)
{
  g_autoptr(json_object) cups = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), 0);
  if (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) == NULL)
    return 0;
  cups = open_cups (battle, NULL);
  if (cups == NULL)
    return 0;
  return (guint) json_object_array_length (member (member (cups, cup_key (cup)), "cup"));
}

/* The SP counters on commandos now. */
static GPtrArray *
counters_on_units (AdjBattle *battle)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const char *kind = unit_is (unit, "commando")
                           ? adj_unit_get_status_string (unit, "sp_counter") : NULL;

      if (g_strcmp0 (kind, "value") == 0)
        g_ptr_array_add (out, g_strdup_printf ("%d", adj_unit_get_status_int (unit,
                                                                        "sp_counter_value")));
      else if (g_strcmp0 (kind, "no-fire") == 0)
        g_ptr_array_add (out, g_strdup ("no-fire"));
    }
  return out;
}

GPtrArray *
adj_rr_cup_in_play (AdjBattle *battle,
                    AdjRrCup   cup)
{
  g_autoptr(json_object) cups = NULL;
  GPtrArray *out;
  json_object *arr;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  if (cup == ADJ_RR_CUP_SP)
    return counters_on_units (battle);
  out = g_ptr_array_new_with_free_func (g_free);
  if (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) == NULL ||
      (cups = open_cups (battle, NULL)) == NULL)
    return out;
  arr = member (member (cups, cup_key (cup)), "out");
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    g_ptr_array_add (out, g_strdup (json_object_get_string (json_object_array_get_idx (arr, i))));
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* building the battle                                                                         */

static json_object *
strength_of (json_object *strengths,
             const char  *id,
             const char  *name)
{
  json_object *s = member (strengths, id);

  return s != NULL ? s : member (strengths, name);
}

static gboolean
add_unit (AdjBattle    *battle,
          const char   *id,
          const char   *side,
          const char   *name,
          const char   *type,
          json_object  *status,
          GError      **error)
{
  g_autoptr(json_object) json = json_object_new_object ();

  json_object_object_add (json, "id", json_object_new_string (id));
  json_object_object_add (json, "side", json_object_new_string (side));
  json_object_object_add (json, "name", json_object_new_string (name));
  json_object_object_add (json, "type", json_object_new_string (type));
  json_object_object_add (json, "status", status);
  return adj_battle_insert_unit (battle, json, error) != NULL;
}

/* The strengths the player gave for one counter, checked, into @status. */
static gboolean
copy_strengths (json_object  *status,
                json_object  *given,
                const char   *name,
                const char   *type,
                GError      **error)
{
  static const char *const keys[] = { "sp", "reduced_sp", "order_modifier", NULL };

  if (given == NULL)
    return TRUE;
  if (!json_object_is_type (given, json_type_object))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("The strengths of %s must be an object such as {\"sp\": 5}"), name);
      return FALSE;
    }
  json_object_object_foreach (given, key, value)
    {
      gboolean fits = g_str_equal (key, "order_modifier") ? g_str_equal (type, "leader")
                    : g_str_equal (key, "reduced_sp")
                      ? (g_str_equal (type, "battalion") || g_str_equal (type, "commando"))
                      : g_str_equal (key, "sp") && !g_str_equal (type, "leader");

      if (!g_strv_contains (keys, key) || !fits || !json_object_is_type (value, json_type_int))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("%s: “%s” is not a strength its counter has"), name, key);
          return FALSE;
        }
      json_object_object_add (status, key, json_object_get (value));
    }
  return TRUE;
}

gboolean
adj_rr_add_order_of_battle (AdjBattle    *battle,
                            json_object  *strengths,
                            GError      **error)
{
  AdjRuleset *rs;
  json_object *oob, *command, *brigades, *groups;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_rr_battle (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (adj_battle_get_n_units (battle) > 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The battle has units already: the orders of battle go into an empty one"));
      return FALSE;
    }
  if (strengths != NULL && !json_object_is_type (strengths, json_type_object))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("The strengths must be an object of counters, by id or by name"));
      return FALSE;
    }
  if (adj_battle_find_side (battle, ADJ_RR_BRITISH) == NULL &&
      adj_battle_add_side (battle, ADJ_RR_BRITISH, _("British Army of Natal"), NULL,
                           error) == NULL)
    return FALSE;
  if (adj_battle_find_side (battle, ADJ_RR_BOER) == NULL &&
      adj_battle_add_side (battle, ADJ_RR_BOER, _("Boer forces on the Tugela"), NULL,
                           error) == NULL)
    return FALSE;

  oob = rr_json (rs, "order_of_battle");
  command = member (member (oob, "british"), "command");
  brigades = member (member (oob, "british"), "brigades");
  groups = member (member (oob, "boer"), "groups");

  for (gsize i = 0; i < json_object_array_length (command); i++)
    {
      json_object *c = json_object_array_get_idx (command, i);

      if (!add_unit (battle, member_string (c, "id"), ADJ_RR_BRITISH,
                     member_string (c, "name"), member_string (c, "type"),
                     json_object_new_object (), error))
        return FALSE;
    }
  for (gsize b = 0; b < json_object_array_length (brigades); b++)
    {
      json_object *brigade = json_object_array_get_idx (brigades, b);
      const char *bid = member_string (brigade, "id");
      json_object *leader = member (brigade, "leader");
      json_object *units = member (brigade, "units");
      json_object *status = json_object_new_object ();
      const char *lname = member_string (leader, "name");

      json_object_object_add (status, "brigade", json_object_new_string (bid));
      if (!copy_strengths (status, strength_of (strengths, member_string (leader, "id"), lname),
                           lname, "leader", error))
        {
          json_object_put (status);
          return FALSE;
        }
      if (!add_unit (battle, member_string (leader, "id"), ADJ_RR_BRITISH, lname, "leader",
                     status, error))
        return FALSE;
      for (gsize k = 0; k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);
          const char *type = member_string (u, "type");
          json_object *guns = member (u, "guns");

          status = json_object_new_object ();
          json_object_object_add (status, "brigade", json_object_new_string (bid));
          if (guns != NULL)
            json_object_object_add (status, "sp", json_object_get (guns));
          if (!copy_strengths (status, strength_of (strengths, member_string (u, "id"),
                                                    member_string (u, "name")),
                               member_string (u, "name"), type, error))
            {
              json_object_put (status);
              return FALSE;
            }
          if (!add_unit (battle, member_string (u, "id"), ADJ_RR_BRITISH,
                         member_string (u, "name"), type, status, error))
            return FALSE;
        }
    }
  for (gsize g = 0; g < json_object_array_length (groups); g++)
    {
      json_object *group = json_object_array_get_idx (groups, g);
      json_object *units = member (group, "units");

      for (gsize k = 0; k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);
          const char *type = member_string (u, "type");
          json_object *guns = member (u, "guns");
          json_object *status = json_object_new_object ();

          json_object_object_add (status, "group",
                                  json_object_new_string (member_string (group, "id")));
          if (guns != NULL)
            json_object_object_add (status, "sp", json_object_get (guns));
          if (!copy_strengths (status, strength_of (strengths, member_string (u, "id"),
                                                    member_string (u, "name")),
                               member_string (u, "name"), type, error))
            {
              json_object_put (status);
              return FALSE;
            }
          if (!add_unit (battle, member_string (u, "id"), ADJ_RR_BOER,
                         member_string (u, "name"), type, status, error))
            return FALSE;
        }
    }
  /* Strengths given for counters the orders of battle do not have are a mistake. */
  if (strengths != NULL)
    {
      json_object_object_foreach (strengths, key, value)
        {
          gboolean known = adj_battle_find_unit (battle, key) != NULL;
          GListModel *all = adj_battle_get_units (battle);

          (void) value;
          for (guint i = 0; !known && i < g_list_model_get_n_items (all); i++)
            {
              g_autoptr(AdjUnit) unit = g_list_model_get_item (all, i);
              known = g_str_equal (adj_unit_get_name (unit), key);
            }
          if (!known)
            {
              g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                           _("The orders of battle have no counter “%s”"), key);
              return FALSE;
            }
        }
    }
  return TRUE;
}

gboolean
adj_rr_is_set_up (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  return adj_battle_get_secret (battle, ADJ_RR_DRIFTS_SECRET) != NULL &&
         adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) != NULL;
}

GPtrArray *
adj_rr_missing_strengths (AdjBattle *battle)
{
  static const char *const with_sp[] = {
    "battalion", "regiment", "battery", "commando", "boer-gun", NULL
  };
  static const char *const with_reverse[] = { "battalion", "commando", NULL };
  GPtrArray *ids;
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  ids = g_ptr_array_new_with_free_func (g_free);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const char *type = adj_unit_get_type_id (unit);

      if (type == NULL || !g_strv_contains (with_sp, type))
        continue;
      if (adj_unit_get_status_int (unit, "sp") <= 0 ||
          (g_strv_contains (with_reverse, type) &&
           adj_unit_get_status_int (unit, "reduced_sp") <= 0))
        g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  return ids;
}

static char *
drift_key (const char *drift,
           const char *suffix)
{
  g_autofree char *key = g_strdup (drift);

  g_strdelimit (key, "-", '_');
  return g_strconcat (key, suffix, NULL);
}

const char * const *
adj_rr_drifts (AdjRuleset *rs)
{
  (void) rs;
  return drift_ids;
}

static json_object *
drift_json (AdjRuleset *rs,
            const char *drift)
{
  json_object *drifts = rr_json (rs, "drifts");
  static const char *const pools[] = { "high", "low" };

  for (guint p = 0; p < G_N_ELEMENTS (pools); p++)
    {
      json_object *areas = member (member (drifts, pools[p]), "areas");

      for (gsize i = 0; i < json_object_array_length (areas); i++)
        if (g_strcmp0 (member_string (json_object_array_get_idx (areas, i), "id"), drift) == 0)
          return json_object_array_get_idx (areas, i);
    }
  return NULL;
}

const char *
adj_rr_drift_label (AdjRuleset *rs,
                    const char *drift)
{
  json_object *d;

  g_return_val_if_fail (rs != NULL, NULL);
  d = drift_json (rs, drift);
  return d != NULL ? adj_gettext (member_string (d, "label")) : drift;
}

/* Draw the markers of one pool into its areas: a die among the markers still face down for each
 * area in turn; the rest go aside. */
static gboolean
draw_drifts (json_object  *pool,
             json_object  *areas_out,
             json_object  *aside,
             AdjRandom    *random,
             GError      **error)
{
  json_object *markers = member (pool, "markers");
  json_object *areas = member (pool, "areas");
  g_autoptr(GArray) left = g_array_new (FALSE, FALSE, sizeof (int));

  for (gsize i = 0; i < json_object_array_length (markers); i++)
    {
      int v = json_object_get_int (json_object_array_get_idx (markers, i));
      g_array_append_val (left, v);
    }
  for (gsize i = 0; i < json_object_array_length (areas); i++)
    {
      int die = 1;

      if (left->len > 1 &&
          !adj_random_roll (random, "drift", N_("Drift marker drawn"), 1, left->len, &die, error))
        return FALSE;
      json_object_object_add (areas_out,
                              member_string (json_object_array_get_idx (areas, i), "id"),
                              adj_json_shared_int (g_array_index (left, int, die - 1)));
      g_array_remove_index (left, (guint) die - 1);
    }
  for (guint i = 0; i < left->len; i++)
    json_object_array_add (aside, adj_json_shared_int (g_array_index (left, int, i)));
  return TRUE;
}

static int
table_count (AdjTables  *tables,
             const char *table_id,
             const char *row)
{
  int n = 0;

  adj_tables_get_int (tables, table_id, row, "value", &n, NULL);
  return n;
}

/* Fill a cup from its chit table, leaving out the rows @skip says. */
static json_object *
fill_cup (AdjTables   *tables,
          AdjRuleset  *rs,
          AdjRrCup     cup,
          const char * const *skip)
{
  const AdjTableShape *shape = adj_table_shape_lookup (rs, cup_table (cup));
  json_object *arr = json_object_new_array ();

  for (guint r = 0; r < shape->n_rows; r++)
    {
      const char *row = shape->rows[r].id;
      int n = table_count (tables, shape->id, row);

      if (skip != NULL && g_strv_contains (skip, row))
        continue;
      for (int k = 0; k < n; k++)
        json_object_array_add (arr, json_object_new_string (row));
    }
  return arr;
}

gboolean
adj_rr_setup (AdjBattle           *battle,
              const char * const  *variants,
              const char * const  *emplacements,
              AdjRandom           *random,
              GError             **error)
{
  AdjRuleset *rs;
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(AdjRandom) own = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(json_object) drifts = json_object_new_object ();
  g_autoptr(json_object) cups = json_object_new_object ();
  g_autoptr(GPtrArray) skip_british = g_ptr_array_new ();
  g_autoptr(GPtrArray) skip_boer = g_ptr_array_new ();
  g_autoptr(GString) chosen = g_string_new (NULL);
  g_autofree char *summary = NULL;
  json_object *drift_areas, *aside, *pool;
  gboolean hesitate = FALSE, close_order = FALSE, no_hlangwane = FALSE;
  guint n_variants = variants != NULL ? g_strv_length ((char **) variants) : 0;
  guint n_emplacements = emplacements != NULL ? g_strv_length ((char **) emplacements) : 0;
  int balance = 0;
  guint index;
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_rr_battle (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (adj_rr_is_set_up (battle))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("The game is set up already"));
      return FALSE;
    }
  if (find_unit_of_type (battle, "buller") == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Put the orders of battle into the battle before setting it up"));
      return FALSE;
    }
  tables = battle_tables (battle, error);
  if (tables == NULL)
    return FALSE;

  /* The variants: known rows of the chart, each once, balancing to zero. */
  if (n_variants > 0)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, "variants");
      g_autofree AdjTableCell *cells = g_new0 (AdjTableCell, n_variants);

      for (guint i = 0; i < n_variants; i++)
        {
          const AdjChoice *row = adj_table_shape_find_row (shape, variants[i]);

          if (row == NULL)
            {
              g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                           _("“%s” is not a variant of the Variants chart"), variants[i]);
              return FALSE;
            }
          for (guint j = 0; j < i; j++)
            if (g_str_equal (variants[i], variants[j]))
              {
                g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                             _("The variant “%s” is chosen twice"), adj_gettext (row->label));
                return FALSE;
              }
          cells[i].row = row->id;
          cells[i].column = "value";
          g_string_append_printf (chosen, "%s%s", i > 0 ? ", " : "", adj_gettext (row->label));
        }
      if (!adj_tables_require (tables, "variants", cells, n_variants, error))
        return FALSE;
      for (guint i = 0; i < n_variants; i++)
        balance += table_count (tables, "variants", variants[i]);
      if (balance != 0)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("The variants chosen must balance out to 0; they add up to %+d"),
                       balance);
          return FALSE;
        }
      hesitate = g_strv_contains (variants, "hesitate");
      close_order = g_strv_contains (variants, "close-order");
      no_hlangwane = g_strv_contains (variants, "no-hlangwane");
    }
  if (!adj_tables_require (tables, "british-event-chits", NULL, 0, error) ||
      !adj_tables_require (tables, "boer-event-chits", NULL, 0, error) ||
      !adj_tables_require (tables, "sp-counters", NULL, 0, error))
    return FALSE;
  for (guint i = 0; i < n_emplacements; i++)
    {
      if (!check_area (emplacements[i], error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (g_str_equal (emplacements[i], emplacements[j]))
          {
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         _("“%s” is named twice: an area has at most one emplacement"),
                         emplacements[i]);
            return FALSE;
          }
    }

  random = use_random (battle, random, &own);

  /* The drift markers, face down. */
  drift_areas = json_object_new_object ();
  aside = json_object_new_array ();
  json_object_object_add (drifts, "areas", drift_areas);
  json_object_object_add (drifts, "aside", aside);
  pool = rr_json (rs, "drifts");
  if (!draw_drifts (member (pool, "high"), drift_areas, aside, random, error) ||
      !draw_drifts (member (pool, "low"), drift_areas, aside, random, error))
    return FALSE;

  /* The cups. */
  if (!hesitate)
    g_ptr_array_add (skip_british, (gpointer) "hesitate");
  if (!close_order)
    g_ptr_array_add (skip_british, (gpointer) "close-order");
  g_ptr_array_add (skip_british, NULL);
  if (no_hlangwane)
    g_ptr_array_add (skip_boer, (gpointer) "group-1-released");
  g_ptr_array_add (skip_boer, NULL);
  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      json_object *one = json_object_new_object ();
      json_object *cup;

      if (c == ADJ_RR_CUP_SP)
        {
          const AdjTableShape *shape = adj_table_shape_lookup (rs, "sp-counters");
          json_object *no_fire = json_object_new_array ();

          cup = json_object_new_array ();
          for (guint r = 0; r < shape->n_rows; r++)
            for (int k = 0; k < table_count (tables, "sp-counters", shape->rows[r].id); k++)
              json_object_array_add (cup, json_object_new_string (shape->rows[r].id));
          for (int k = 0; k < rr_int (rs, "cups", "no_fire"); k++)
            json_object_array_add (no_fire, json_object_new_string ("no-fire"));
          json_object_object_add (one, "aside", no_fire);
        }
      else
        cup = fill_cup (tables, rs, c, c == ADJ_RR_CUP_BRITISH
                                         ? (const char * const *) skip_british->pdata
                                         : (const char * const *) skip_boer->pdata);
      shuffle_array (cup, adj_battle_get_rng (battle));
      json_object_object_add (one, "cup", cup);
      json_object_object_add (cups, cup_key (c), one);
    }

  summary = g_strdup_printf (
    /* TRANSLATORS: the journal line of the set-up; only counts, never what the markers hide */
    _("Set-up: drift markers placed face down at the six drifts (%u set aside unseen); cups "
      "filled with %u British event chits, %u Boer event chits and %u SP counters (%d No Fire "
      "counters wait beside it); %u emplacements marked Hidden; variants: %s. Turn 1 begins at "
      "British Send Orders with %d CP"),
    (guint) json_object_array_length (aside),
    (guint) json_object_array_length (member (member (cups, "british"), "cup")),
    (guint) json_object_array_length (member (member (cups, "boer"), "cup")),
    (guint) json_object_array_length (member (member (cups, "sp"), "cup")),
    rr_int (rs, "cups", "no_fire"), n_emplacements,
    chosen->len > 0 ? chosen->str : _("none"), rr_int (rs, "tracks", "start_cp"));
  entry = adj_entry_new ("note", NULL, summary);

  /* The tracks and the marker of the sequence of play. */
  {
    g_autoptr(json_object) one = adj_json_shared_int (1);
    g_autoptr(json_object) orders = json_object_new_string ("orders");

    if ((adj_battle_get_turn (battle) != 1 &&
         !adj_battle_change_field (battle, entry->changes, "battle", "turn", one, error)) ||
        (g_strcmp0 (adj_battle_get_phase (battle), "orders") != 0 &&
         !adj_battle_change_field (battle, entry->changes, "battle", "phase", orders, error)))
      return FALSE;
  }
  if (!set_setting_string (battle, entry->changes, "segment", "send-orders", error) ||
      !set_setting_int (battle, entry->changes, "step", 1, error) ||
      !set_setting_bool (battle, entry->changes, "step_done", FALSE, error) ||
      !set_setting_int (battle, entry->changes, "confidence",
                        rr_int (rs, "tracks", "confidence_start"), error) ||
      !set_setting_int (battle, entry->changes, "loss", rr_int (rs, "tracks", "loss_start"),
                        error) ||
      !set_setting_int (battle, entry->changes, "shaken", 0, error) ||
      !set_setting_int (battle, entry->changes, "cp", rr_int (rs, "tracks", "start_cp"), error) ||
      !set_setting_int (battle, entry->changes, "cp_spent", 0, error) ||
      !set_setting_bool (battle, entry->changes, "buller_with_hq", TRUE, error) ||
      !set_setting_int (battle, entry->changes, "long_order_turn", 0, error) ||
      !set_setting_int (battle, entry->changes, "misfire_turn", 0, error) ||
      !set_setting_int (battle, entry->changes, "ammo_turn", 0, error) ||
      !set_setting_bool (battle, entry->changes, "variant_hesitate", hesitate, error) ||
      !set_setting_bool (battle, entry->changes, "variant_close_order", close_order, error) ||
      !set_setting_bool (battle, entry->changes, "variant_no_hlangwane", no_hlangwane, error) ||
      !set_setting_string (battle, entry->changes, "result", "none", error) ||
      !set_setting_string (battle, entry->changes, "end_reason", "none", error))
    return FALSE;
  for (guint i = 0; drift_ids[i] != NULL; i++)
    {
      g_autofree char *state = drift_key (drift_ids[i], "");
      g_autofree char *value = drift_key (drift_ids[i], "_value");
      g_autofree char *tried = drift_key (drift_ids[i], "_tried");

      if (!set_setting_string (battle, entry->changes, state, "hidden", error) ||
          !set_setting_int (battle, entry->changes, value, 0, error) ||
          !set_setting_int (battle, entry->changes, tried, 0, error))
        return FALSE;
    }

  /* The counters as they start. */
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      json_object *oob = oob_unit (rs, adj_unit_get_id (unit));
      json_object *start = member (oob, "start_sp");

      if (unit_is (unit, "regiment") &&
          !set_unit_bool (battle, entry->changes, unit, "status.mounted", FALSE, error))
        return FALSE;
      if (unit_is (unit, "battery") &&
          !set_unit_bool (battle, entry->changes, unit, "status.limbered", TRUE, error))
        return FALSE;
      if (unit_is (unit, "hq") &&
          !set_unit_string (battle, entry->changes, unit, "status.hq_mode", "operative", error))
        return FALSE;
      if (start != NULL && unit_is (unit, "battalion") &&
          adj_unit_get_status_int (unit, "sp") > json_object_get_int (start))
        {
          LossResult r;
          int sp = adj_unit_get_status_int (unit, "sp");

          if (!take_losses ("battalion", sp, adj_unit_get_status_int (unit, "reduced_sp"), FALSE,
                            0, sp - json_object_get_int (start), &r, error) ||
              !apply_loss_result (battle, entry->changes, unit, r.key, r.losses, r.reduced,
                                  error))
            {
              g_prefix_error (error, "%s: ", adj_unit_get_name (unit));
              return FALSE;
            }
        }
    }

  /* The emplacement markers, one per area given. */
  index = adj_battle_get_n_units (battle);
  for (guint i = 0; i < n_emplacements; i++)
    {
      g_autoptr(json_object) json = json_object_new_object ();
      g_autoptr(AdjUnit) probe = NULL;
      g_autofree char *id = g_strdup_printf ("emplacement-%u", i + 1);
      json_object *status = json_object_new_object ();

      json_object_object_add (status, "emplacement", json_object_new_string ("hidden"));
      json_object_object_add (json, "id", json_object_new_string (id));
      json_object_object_add (json, "side", json_object_new_string (ADJ_RR_BOER));
      json_object_object_add (json, "name", json_object_new_string (emplacements[i]));
      json_object_object_add (json, "type", json_object_new_string ("emplacement"));
      json_object_object_add (json, "status", status);
      if (adj_battle_find_unit (battle, id) != NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The battle has a unit “%s” already"), id);
          return FALSE;
        }
      probe = adj_battle_unit_from_json (battle, json, _("emplacement"), "$", error);
      if (probe == NULL)
        return FALSE;
      adj_change_set_add_unit (entry->changes, adj_unit_to_json (probe), index + i);
    }

  if (!seal_record (battle, entry->changes, ADJ_RR_DRIFTS_SECRET, drifts, error) ||
      !seal_cups (battle, entry->changes, cups, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* walking the sequence of play                                                                */

void
adj_rr_get_tracks (AdjBattle   *battle,
                   AdjRrTracks *tracks)
{
  guint i;

  g_return_if_fail (ADJ_IS_BATTLE (battle) && tracks != NULL);

  i = current_step (battle);
  tracks->turn = adj_battle_get_turn (battle);
  tracks->confidence = setting_int (battle, "confidence");
  tracks->shaken = setting_int (battle, "shaken");
  tracks->loss = setting_int (battle, "loss");
  tracks->cp = setting_int (battle, "cp");
  tracks->cp_spent = setting_int (battle, "cp_spent");
  tracks->phase = rr_steps[i].phase;
  tracks->segment = rr_steps[i].segment;
  tracks->step = rr_steps[i].step;
  tracks->step_number = step_number (i, &tracks->n_steps);
  tracks->step_done = setting_bool (battle, "step_done");
  tracks->result = setting_string (battle, "result");
  tracks->end_reason = setting_string (battle, "end_reason");
}

/* The order markers of a brigade now. */
static void
order_markers (AdjBattle   *battle,
               const char  *brigade,
               AdjUnit    **planned,
               AdjUnit    **objective)
{
  *planned = brigade_unit (battle, brigade, "planned-objective");
  *objective = brigade_unit (battle, brigade, "objective");
}

gboolean
adj_rr_get_order (AdjBattle   *battle,
                  const char  *brigade,
                  AdjRrOrder  *order)
{
  AdjUnit *planned, *objective, *leader;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle) && order != NULL, FALSE);

  memset (order, 0, sizeof *order);
  leader = brigade_unit (battle, brigade, "leader");
  if (leader == NULL)
    return FALSE;
  order_markers (battle, brigade, &planned, &objective);
  order->ordered_this_turn =
    adj_unit_get_status_int (leader, "ordered_turn") == adj_battle_get_turn (battle);
  if (planned != NULL)
    order->planned_area = adj_unit_get_name (planned);
  if (objective != NULL)
    {
      int arrives = adj_unit_get_status_int (objective, "arrives");

      if (arrives < 0)
        order->state = ADJ_RR_ORDER_CHARGE;
      else if (arrives > 0)
        {
          order->state = ADJ_RR_ORDER_IN_TRANSIT;
          order->arrives = arrives;
          order->turns_to_arrive = arrives - adj_battle_get_turn (battle);
        }
      else
        {
          order->objective_area = adj_unit_get_name (objective);
          order->state = g_strcmp0 (adj_unit_get_status_string (objective, "order_showing"),
                                    "fail") == 0 ? ADJ_RR_ORDER_FAIL : ADJ_RR_ORDER_OBJECTIVE;
        }
    }
  /* A planned objective not yet rolled for is what the brigade is waiting on. */
  if (planned != NULL && !adj_unit_get_status_bool (planned, "sent"))
    order->state = ADJ_RR_ORDER_PLANNED;
  return TRUE;
}

/* The leaders named in a list, for a message. */
static char *
join_names (GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

char *
adj_rr_pending (AdjBattle *battle)
{
  const char *step;
  int turn;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (!adj_rr_is_set_up (battle))
    return g_strdup (_("Set the game up first"));
  if (!g_str_equal (setting_string (battle, "result"), "none"))
    return g_strdup (_("The battle is over"));
  step = rr_steps[current_step (battle)].step;
  turn = adj_battle_get_turn (battle);
  if (g_str_equal (step, "draw-event") && !setting_bool (battle, "step_done"))
    return g_strdup (_("Draw the British event chit first"));
  if (g_str_equal (step, "draw-boer-event") && !setting_bool (battle, "step_done") &&
      turn >= rr_int (adj_battle_get_ruleset (battle), "cups", "boer_events_from_turn"))
    return g_strdup (_("Draw the Boer event chit first"));
  if (g_str_equal (step, "shaken-test") && !setting_bool (battle, "step_done") &&
      setting_int (battle, "confidence") <= turn)
    return g_strdup_printf (_("Roll the Shaken test first: Confidence %d is not above Game Turn "
                         "%d"), setting_int (battle, "confidence"), turn);
  if (g_str_equal (step, "roll-send") || g_str_equal (step, "roll-receive"))
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      gboolean send = g_str_equal (step, "roll-send");
      gboolean charge = FALSE;

      for (guint b = 0; brigade_ids[b] != NULL; b++)
        {
          AdjRrOrder order;
          AdjUnit *leader = brigade_unit (battle, brigade_ids[b], "leader");

          if (!adj_rr_get_order (battle, brigade_ids[b], &order))
            continue;
          if ((send && order.state == ADJ_RR_ORDER_PLANNED) ||
              (!send && order.state == ADJ_RR_ORDER_IN_TRANSIT && order.arrives <= turn) ||
              (!send && order.state == ADJ_RR_ORDER_CHARGE))
            {
              charge |= order.state == ADJ_RR_ORDER_CHARGE;
              g_ptr_array_add (names, (gpointer) adj_unit_get_name (leader));
            }
        }
      if (names->len > 0)
        {
          g_autofree char *list = join_names (names);

          if (send)
            return g_strdup_printf (_("Roll for the orders sent first (%s)"), list);
          if (charge)
            return g_strdup_printf (_("Roll for the orders arriving and place the Objective "
                                 "Marker of every charge first (%s)"), list);
          return g_strdup_printf (_("Roll for the orders arriving this turn first (%s)"), list);
        }
    }
  return NULL;
}

/* ---- the steps Adjutant carries out ---- */

static gboolean
auto_return_chits (AdjBattle  *battle,
                   GError    **error)
{
  g_autoptr(json_object) cups = open_cups (battle, error);
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  json_object *british;
  guint back, left;

  if (cups == NULL)
    return FALSE;
  british = member (cups, "british");
  back = move_back (member (british, "out"), member (british, "cup"), returns_each_turn);
  shuffle_array (member (british, "cup"), adj_battle_get_rng (battle));
  left = (guint) json_object_array_length (member (british, "cup"));
  if (back > 0)
    summary = g_strdup_printf (ngettext ("British Event: %u Close Order or Bob Hart chit goes back "
                                    "into the cup (%u chits in it)",
                                    "British Event: %u Close Order and Bob Hart chits go "
                                    "back into the cup (%u chits in it)", back), back, left);
  else
    summary = g_strdup_printf (_("British Event: no Close Order or Bob Hart chit is in play (%u "
                            "chits in the cup)"), left);
  entry = adj_entry_new ("note", NULL, summary);
  if ((back > 0 && !seal_cups (battle, entry->changes, cups, error)) ||
      !set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
auto_command_points (AdjBattle  *battle,
                     GError    **error)
{
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rr/command-points", NULL, NULL, error);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  if (in == NULL || (outcome = resolve_in (battle, in, NULL, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "British Command Points: 3 command points" */
  summary = g_strdup_printf (_("British Command Points: %s"), outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL || !set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* The Misfire or the Ammo Shortage chit: back into the Boer cup when it is this turn's. */
static gboolean
auto_reminder (AdjBattle   *battle,
               gboolean     misfire,
               GError     **error)
{
  const char *field = misfire ? "misfire_turn" : "ammo_turn";
  gboolean due = setting_int (battle, field) == adj_battle_get_turn (battle);
  g_autoptr(AdjEntry) entry = NULL;
  const char *summary;

  if (misfire)
    summary = due ? _("Boer Shell Fire: the Boer guns misfire and stay silent this turn; the "
                      "chit goes back into the Boer event cup")
                  : _("Boer Shell Fire: no misfire — the Boer guns fire");
  else
    summary = due ? _("British Shell Fire: the batteries are short of shells and do not fire "
                      "this turn; the chit goes back into the Boer event cup")
                  : _("British Shell Fire: the batteries have their shells — they fire");
  entry = adj_entry_new ("note", NULL, summary);
  if (due)
    {
      g_autoptr(json_object) cups = open_cups (battle, error);
      json_object *boer;

      if (cups == NULL)
        return FALSE;
      boer = member (cups, "boer");
      move_back (member (boer, "out"), member (boer, "cup"), misfire ? is_misfire : is_ammo);
      shuffle_array (member (boer, "cup"), adj_battle_get_rng (battle));
      if (!seal_cups (battle, entry->changes, cups, error) ||
          !set_setting_int (battle, entry->changes, field, 0, error))
        return FALSE;
    }
  if (!set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
auto_return_counters (AdjBattle  *battle,
                      GError    **error)
{
  g_autoptr(json_object) cups = open_cups (battle, error);
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  GListModel *units = adj_battle_get_units (battle);
  json_object *cup;
  guint back = 0;

  if (cups == NULL)
    return FALSE;
  entry = adj_entry_new ("note", NULL, "");
  cup = member (member (cups, "sp"), "cup");
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const char *kind = unit_is (unit, "commando")
                           ? adj_unit_get_status_string (unit, "sp_counter") : NULL;

      if (kind == NULL || g_str_equal (kind, "none"))
        continue;
      if (g_str_equal (kind, "value"))
        {
          g_autofree char *v = g_strdup_printf ("%d",
                                           adj_unit_get_status_int (unit,
                                                                    "sp_counter_value"));
          json_object_array_add (cup, json_object_new_string (v));
        }
      else
        json_object_array_add (cup, json_object_new_string ("no-fire"));
      back++;
      if (!set_unit_string (battle, entry->changes, unit, "status.sp_counter", "none", error) ||
          !set_unit_int (battle, entry->changes, unit, "status.sp_counter_value", 0, error))
        return FALSE;
    }
  shuffle_array (cup, adj_battle_get_rng (battle));
  if (back == 0)
    summary = g_strdup_printf (_("Boer Shaken: no commando carries an SP counter (%u in the cup)"),
                          (guint) json_object_array_length (cup));
  else
    summary = g_strdup_printf (ngettext ("Boer Shaken: %u SP counter goes back into the cup (%u "
                                    "in it)",
                                    "Boer Shaken: %u SP counters go back into the cup (%u "
                                    "in it)", back),
                          back, (guint) json_object_array_length (cup));
  g_free (entry->summary);
  entry->summary = g_steal_pointer (&summary);
  if ((back > 0 && !seal_cups (battle, entry->changes, cups, error)) ||
      !set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static int
clamp_confidence (AdjRuleset *rs,
                  int         value)
{
  return CLAMP (value, rr_int (rs, "tracks", "confidence_min"),
                rr_int (rs, "tracks", "confidence_max"));
}

static gboolean
auto_confidence (AdjBattle  *battle,
                 GError    **error)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  int before = setting_int (battle, "confidence");
  int after = clamp_confidence (rs, before + 1);
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  if (after != before)
    summary = g_strdup_printf (_("Boer Shaken: Confidence rises from %d to %d; now move it as "
                            "the Status chart says"), before, after);
  else
    summary = g_strdup_printf (_("Boer Shaken: Confidence stays at %d, the top of the track; "
                            "now move it as the Status chart says"), before);
  entry = adj_entry_new ("note", NULL, summary);
  if (!set_setting_int (battle, entry->changes, "confidence", after, error) ||
      !set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
auto_victory (AdjBattle  *battle,
              GError    **error)
{
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rr/victory", NULL, NULL, error);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  int turn = adj_battle_get_turn (battle);

  if (in == NULL || (outcome = resolve_in (battle, in, NULL, error)) == NULL)
    return FALSE;
  if (g_str_equal (outcome->key, "continues"))
    summary = g_strdup_printf (_("Victory: the battle goes on — the Game Turn moves to %d"),
                          turn + 1);
  else
    /* TRANSLATORS: e.g. "Victory: the battle ends — Pyrrhic British Victory" */
    summary = g_strdup_printf (_("Victory: the battle ends — %s"), outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL || !set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  if (g_str_equal (outcome->key, "continues"))
    {
      g_autoptr(json_object) next = adj_json_shared_int (turn + 1);

      if (!adj_battle_change_field (battle, entry->changes, "battle", "turn", next, error))
        return FALSE;
    }
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
do_auto_step (AdjBattle  *battle,
              guint       index,
              GError    **error)
{
  const char *step = rr_steps[index].step;

  if (g_str_equal (step, "return-chits"))
    return auto_return_chits (battle, error);
  if (g_str_equal (step, "collect-cp"))
    return auto_command_points (battle, error);
  if (g_str_equal (step, "misfire"))
    return auto_reminder (battle, TRUE, error);
  if (g_str_equal (step, "ammo"))
    return auto_reminder (battle, FALSE, error);
  if (g_str_equal (step, "return-counters"))
    return auto_return_counters (battle, error);
  if (g_str_equal (step, "confidence"))
    return auto_confidence (battle, error);
  if (g_str_equal (step, "victory-check"))
    return auto_victory (battle, error);
  g_return_val_if_reached (FALSE);
}

gboolean
adj_rr_next_step (AdjBattle  *battle,
                  GError    **error)
{
  AdjRuleset *rs;
  guint cur, next;
  g_autofree char *pending = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  json_object *step;
  int turn;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  cur = current_step (battle);
  /* A step of Adjutant's own not yet carried out (its entry was undone): carry it out. */
  if ((rr_steps[cur].flags & STEP_AUTO) && !setting_bool (battle, "step_done"))
    return do_auto_step (battle, cur, error);
  pending = adj_rr_pending (battle);
  if (pending != NULL)
    {
      g_set_error_literal (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, pending);
      return FALSE;
    }

  turn = adj_battle_get_turn (battle);
  next = (cur + 1) % G_N_ELEMENTS (rr_steps);
  /* A segment that only starts in a later turn is passed over. */
  while (segment_from_turn (rs, rr_steps[next].segment) > turn)
    {
      const char *skipped = rr_steps[next].segment;

      g_string_append_printf (summary, _("%s: not before turn %d. "), segment_label (rs, skipped),
                              segment_from_turn (rs, skipped));
      while (g_str_equal (rr_steps[next].segment, skipped))
        next = (next + 1) % G_N_ELEMENTS (rr_steps);
    }

  step = step_json (rs, next);
  {
    int n_steps;
    int number = step_number (next, &n_steps);

    /* TRANSLATORS: the journal line of the step marker, e.g. "Turn 2 · Orders phase · British
     * Send Orders, step 1 of 2: Choose objectives" */
    g_string_append_printf (summary, _("Turn %d · %s phase · %s, step %d of %d: %s"), turn,
                            phase_label (rs, rr_steps[next].phase),
                            segment_label (rs, rr_steps[next].segment), number, n_steps,
                            adj_gettext (member_string (step, "label")));
    entry = adj_entry_new ("turn", NULL, summary->str);
    if (!g_str_equal (rr_steps[next].phase, adj_battle_get_phase (battle)))
      {
        g_autoptr(json_object) phase = json_object_new_string (rr_steps[next].phase);

        if (!adj_battle_change_field (battle, entry->changes, "battle", "phase", phase, error))
          return FALSE;
      }
    if (!set_setting_string (battle, entry->changes, "segment", rr_steps[next].segment, error) ||
        !set_setting_int (battle, entry->changes, "step", number, error) ||
        !set_setting_bool (battle, entry->changes, "step_done", FALSE, error))
      return FALSE;
  }
  if (!adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return FALSE;
  if (rr_steps[next].flags & STEP_AUTO)
    return do_auto_step (battle, next, error);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* tracks                                                                                      */

static gboolean
move_tracks (AdjBattle    *battle,
             int           d_confidence,
             int           d_loss,
             const char   *what,
             GError      **error)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  int conf = setting_int (battle, "confidence");
  int loss = setting_int (battle, "loss");
  int conf2 = clamp_confidence (rs, conf + d_confidence);
  int loss2 = CLAMP (loss + d_loss, 1, rr_int (rs, "tracks", "loss_end"));
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  /* TRANSLATORS: e.g. "Status chart, line 3: Confidence 5 → 4, Loss 10 → 11" */
  summary = g_strdup_printf (_("%s: Confidence %d → %d, Loss %d → %d"), what, conf, conf2, loss,
                        loss2);
  entry = adj_entry_new ("note", NULL, summary);
  if (!set_setting_int (battle, entry->changes, "confidence", conf2, error) ||
      !set_setting_int (battle, entry->changes, "loss", loss2, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_apply_status (AdjBattle  *battle,
                     guint       line,
                     int         times,
                     GError    **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autofree char *row = g_strdup_printf ("%u", line);
  g_autofree char *what = NULL;
  const AdjTableShape *shape;
  AdjTableCell cells[2];
  int conf = 0, loss = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error))
    return FALSE;
  shape = adj_table_shape_lookup (adj_battle_get_ruleset (battle), "status");
  if (adj_table_shape_find_row (shape, row) == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   _("The Status chart has lines 1 to %u, not %u"), shape->n_rows, line);
      return FALSE;
    }
  if (times < 1 || times > 20)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("A line of the Status chart applies 1 to 20 times, not %d"), times);
      return FALSE;
    }
  cells[0] = (AdjTableCell) { row, "confidence" };
  cells[1] = (AdjTableCell) { row, "loss" };
  tables = battle_tables (battle, error);
  if (tables == NULL || !adj_tables_require (tables, "status", cells, 2, error))
    return FALSE;
  adj_tables_get_int (tables, "status", row, "confidence", &conf, NULL);
  adj_tables_get_int (tables, "status", row, "loss", &loss, NULL);
  if (times == 1)
    what = g_strdup_printf (_("Status chart, line %u"), line);
  else
    what = g_strdup_printf (_("Status chart, line %u (%d times)"), line, times);
  return move_tracks (battle, conf * times, loss * times, what, error);
}

gboolean
adj_rr_move_markers (AdjBattle   *battle,
                     int          confidence,
                     int          loss,
                     const char  *reason,
                     GError     **error)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error))
    return FALSE;
  if (reason == NULL || reason[0] == '\0' || g_utf8_strlen (reason, -1) > 200 ||
      !g_utf8_validate (reason, -1, NULL))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("Say in 1 to 200 characters why the markers move"));
      return FALSE;
    }
  return move_tracks (battle, confidence, loss, reason, error);
}

gboolean
adj_rr_shaken_test (AdjBattle  *battle,
                    AdjRandom  *random,
                    GError    **error)
{
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error))
    return FALSE;
  if (!at_step (battle, "shaken-test") || setting_bool (battle, "step_done"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The Shaken test is rolled once, at its step of the Boer Shaken segment"));
      return FALSE;
    }
  if (setting_int (battle, "confidence") > adj_battle_get_turn (battle))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("No Shaken test: Confidence %d is above Game Turn %d"),
                   setting_int (battle, "confidence"), adj_battle_get_turn (battle));
      return FALSE;
    }
  in = battle_inputs (battle, "rr/shaken", NULL, NULL, error);
  if (in == NULL || (outcome = resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  summary = g_strdup_printf (_("Boer Shaken test: %s"), outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL || !set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* orders                                                                                      */

static gboolean
is_drift_area (AdjRuleset *rs,
               const char *area)
{
  json_object *other = member (rr_json (rs, "drifts"), "other");
  g_autofree char *folded = g_utf8_casefold (area, -1);

  for (guint i = 0; drift_ids[i] != NULL; i++)
    {
      g_autofree char *label = g_utf8_casefold (member_string (drift_json (rs, drift_ids[i]),
                                                               "label"), -1);
      g_autofree char *shown = g_utf8_casefold (adj_rr_drift_label (rs, drift_ids[i]), -1);

      if (g_str_equal (folded, label) || g_str_equal (folded, shown))
        return TRUE;
    }
  for (gsize i = 0; i < json_object_array_length (other); i++)
    {
      const char *label = member_string (json_object_array_get_idx (other, i), "label");
      g_autofree char *a = g_utf8_casefold (label, -1);
      g_autofree char *b = g_utf8_casefold (adj_gettext (label), -1);

      if (g_str_equal (folded, a) || g_str_equal (folded, b))
        return TRUE;
    }
  return FALSE;
}

static gboolean
brigade_in_play (AdjBattle  *battle,
                 const char *brigade)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (is_brigade_unit (unit) && !adj_unit_get_destroyed (unit) &&
          g_strcmp0 (unit_brigade (unit), brigade) == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
adj_rr_plan_order (AdjBattle   *battle,
                   const char  *brigade,
                   const char  *area,
                   gboolean     from_long,
                   GError     **error)
{
  AdjRuleset *rs;
  AdjUnit *leader, *planned, *objective;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  int turn, cp, cost;
  AdjRrOrder order;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_brigade (battle, brigade, &leader, error) ||
      !check_area (area, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (!at_step (battle, "plan-orders"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Orders are given at the first step of the British Send Orders segment"));
      return FALSE;
    }
  turn = adj_battle_get_turn (battle);
  if (!brigade_in_play (battle, brigade))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Every unit of the %s is gone: it takes no more orders"),
                   adj_rr_brigade_label (rs, brigade));
      return FALSE;
    }
  if (is_drift_area (rs, area))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("“%s” is a drift: an objective must be an area that is not a drift or a "
                     "bridge"), area);
      return FALSE;
    }
  if (adj_unit_get_status_int (leader, "ordered_turn") == turn)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s has had his order this turn: one order a brigade a turn"),
                   adj_unit_get_name (leader));
      return FALSE;
    }
  adj_rr_get_order (battle, brigade, &order);
  if (order.state == ADJ_RR_ORDER_IN_TRANSIT)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s’s last order is still on its way (it arrives in turn %d)"),
                   adj_unit_get_name (leader), order.arrives);
      return FALSE;
    }
  if (order.state == ADJ_RR_ORDER_CHARGE)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Place the Objective Marker of %s’s charge first"),
                   adj_unit_get_name (leader));
      return FALSE;
    }
  order_markers (battle, brigade, &planned, &objective);
  cost = from_long ? 0 : rr_int (rs, "orders", "cp_per_order");
  cp = setting_int (battle, "cp");

  if (from_long)
    {
      AdjUnit *long_unit = find_unit_of_type (battle, "long");

      if (long_unit == NULL || adj_unit_get_destroyed (long_unit))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("Long has fallen: he sends no more orders"));
          return FALSE;
        }
      if (!brigade_is_artillery (rs, brigade))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("Long gives his free order only to a brigade of batteries"));
          return FALSE;
        }
      if (setting_int (battle, "long_order_turn") == turn)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("Long has sent his free order this turn"));
          return FALSE;
        }
      if (order.state == ADJ_RR_ORDER_FAIL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("The Objective Marker of the %s shows Fail: Long cannot order it"),
                       adj_rr_brigade_label (rs, brigade));
          return FALSE;
        }
      summary = g_strdup_printf (_("Send Orders: Long sends the %s to %s — a free order, its "
                              "Objective Marker goes there at once"),
                            adj_rr_brigade_label (rs, brigade), area);
      entry = adj_entry_new ("note", NULL, summary);
      if (!take_marker_off (battle, entry->changes, brigade, "planned-objective", error) ||
          !place_marker (battle, entry->changes, brigade, "objective", area, 0, "objective",
                         error) ||
          !set_setting_int (battle, entry->changes, "long_order_turn", turn, error))
        return FALSE;
    }
  else
    {
      if (cp < cost)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       ngettext ("An order costs %d command point and none is left",
                                 "An order costs %d command points and not enough are left",
                                 cost), cost);
          return FALSE;
        }
      summary = g_strdup_printf (ngettext ("Send Orders: %s’s %s is to make for %s — %d CP, %d "
                                      "left",
                                      "Send Orders: %s’s %s is to make for %s — %d CP, %d "
                                      "left", cp - cost),
                            adj_unit_get_name (leader), adj_rr_brigade_label (rs, brigade),
                            area, cost, cp - cost);
      entry = adj_entry_new ("note", NULL, summary);
      if (!place_marker (battle, entry->changes, brigade, "planned-objective", area, 0, NULL,
                         error) ||
          !set_setting_int (battle, entry->changes, "cp", cp - cost, error) ||
          !set_setting_int (battle, entry->changes, "cp_spent",
                            setting_int (battle, "cp_spent") + cost, error))
        return FALSE;
    }
  (void) planned;
  (void) objective;
  if (!set_unit_int (battle, entry->changes, leader, "status.ordered_turn", turn, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_roll_send_orders (AdjBattle  *battle,
                         AdjRandom  *random,
                         GError    **error)
{
  g_autoptr(AdjRandom) own = NULL;
  guint n = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_segment (battle, "send-orders", error))
    return FALSE;
  random = use_random (battle, random, &own);
  for (guint b = 0; brigade_ids[b] != NULL; b++)
    {
      AdjRrOrder order;
      AdjUnit *leader = brigade_unit (battle, brigade_ids[b], "leader");
      g_autoptr(AdjInputs) in = NULL;
      g_autoptr(AdjOutcome) outcome = NULL;
      g_autoptr(AdjEntry) entry = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *area = NULL;

      if (!adj_rr_get_order (battle, brigade_ids[b], &order) ||
          order.state != ADJ_RR_ORDER_PLANNED)
        continue;
      if (n == 0 && !require_table (battle, "send-orders", error))
        return FALSE;
      n++;
      area = g_strdup (order.planned_area);
      in = battle_inputs (battle, "rr/send-orders", "leader", adj_unit_get_id (leader), error);
      if (in == NULL || (outcome = resolve_in (battle, in, random, error)) == NULL)
        return FALSE;
      if (g_str_equal (outcome->key, "arrives"))
        summary = g_strdup_printf (_("Send Orders roll, %s (%s): the order arrives — Objective "
                                "Marker in the turn %d box"), adj_unit_get_name (leader),
                              area, adj_battle_get_turn (battle) +
                              adj_outcome_get_value_int (outcome, "turns", 0));
      else
        summary = g_strdup_printf (_("Send Orders roll, %s (%s): %s"), adj_unit_get_name (leader),
                              area, outcome->title);
      entry = outcome_entry (battle, in, outcome, summary, error);
      if (entry == NULL || !adj_battle_commit (battle, g_steal_pointer (&entry), error))
        return FALSE;
    }
  if (n == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("No order is waiting to be sent"));
      return FALSE;
    }
  return TRUE;
}

gboolean
adj_rr_roll_receive_orders (AdjBattle  *battle,
                            AdjRandom  *random,
                            GError    **error)
{
  g_autoptr(AdjRandom) own = NULL;
  int turn;
  guint n = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_segment (battle, "receive-orders", error))
    return FALSE;
  random = use_random (battle, random, &own);
  turn = adj_battle_get_turn (battle);
  for (guint b = 0; brigade_ids[b] != NULL; b++)
    {
      AdjRrOrder order;
      AdjUnit *leader = brigade_unit (battle, brigade_ids[b], "leader");
      g_autoptr(AdjInputs) in = NULL;
      g_autoptr(AdjOutcome) outcome = NULL;
      g_autoptr(AdjEntry) entry = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *area = NULL;

      if (!adj_rr_get_order (battle, brigade_ids[b], &order) ||
          order.state != ADJ_RR_ORDER_IN_TRANSIT || order.arrives > turn)
        continue;
      if (n == 0 && !require_table (battle, "receive-orders", error))
        return FALSE;
      n++;
      area = g_strdup (order.planned_area != NULL ? order.planned_area : "?");
      in = battle_inputs (battle, "rr/receive-orders", "leader", adj_unit_get_id (leader),
                          error);
      if (in == NULL || (outcome = resolve_in (battle, in, random, error)) == NULL)
        return FALSE;
      /* TRANSLATORS: e.g. "Receive Orders roll, Hart (Bridle Drift): Charge to the guns" */
      summary = g_strdup_printf (_("Receive Orders roll, %s (%s): %s"),
                            adj_unit_get_name (leader), area, outcome->title);
      entry = outcome_entry (battle, in, outcome, summary, error);
      if (entry == NULL || !adj_battle_commit (battle, g_steal_pointer (&entry), error))
        return FALSE;
    }
  if (n == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("No Objective Marker is in this turn’s box"));
      return FALSE;
    }
  return TRUE;
}

gboolean
adj_rr_place_objective (AdjBattle   *battle,
                        const char  *brigade,
                        const char  *area,
                        GError     **error)
{
  AdjUnit *leader;
  AdjRrOrder order;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_brigade (battle, brigade, &leader, error) ||
      !check_area (area, error))
    return FALSE;
  adj_rr_get_order (battle, brigade, &order);
  if (order.state != ADJ_RR_ORDER_CHARGE)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s is not charging the guns: his Objective Marker is placed by orders"),
                   adj_unit_get_name (leader));
      return FALSE;
    }
  summary = g_strdup_printf (_("%s charges the guns: his Objective Marker goes to %s"),
                        adj_unit_get_name (leader), area);
  entry = adj_entry_new ("note", NULL, summary);
  if (!place_marker (battle, entry->changes, brigade, "objective", area, 0, "objective", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_objective_reached (AdjBattle   *battle,
                          const char  *brigade,
                          GError     **error)
{
  AdjUnit *leader;
  AdjRrOrder order;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_brigade (battle, brigade, &leader, error))
    return FALSE;
  adj_rr_get_order (battle, brigade, &order);
  if (order.objective_area == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s has no Objective Marker on the map"), adj_unit_get_name (leader));
      return FALSE;
    }
  summary = g_strdup_printf (_("%s reaches %s: his Objective Marker comes off"),
                        adj_unit_get_name (leader), order.objective_area);
  entry = adj_entry_new ("note", NULL, summary);
  if (!take_marker_off (battle, entry->changes, brigade, "objective", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_brigade_strength (AdjBattle   *battle,
                         const char  *brigade,
                         int         *start,
                         int         *now,
                         GError     **error)
{
  AdjRuleset *rs;
  GListModel *units;
  int s = 0, n = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  rs = adj_battle_get_ruleset (battle);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      json_object *begin;
      int sp;

      if (!is_brigade_unit (unit) || g_strcmp0 (unit_brigade (unit), brigade) != 0)
        continue;
      sp = adj_unit_get_status_int (unit, "sp");
      if (sp <= 0)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("Enter the strength printed on %s’s counter first"),
                       adj_unit_get_name (unit));
          return FALSE;
        }
      begin = member (oob_unit (rs, adj_unit_get_id (unit)), "start_sp");
      s += begin != NULL ? MIN (sp, json_object_get_int (begin)) : sp;
      n += counter_strength (unit);
    }
  if (start != NULL)
    *start = s;
  if (now != NULL)
    *now = n;
  return TRUE;
}

gboolean
adj_rr_emergency_withdrawal (AdjBattle   *battle,
                             const char  *brigade,
                             const char  *area,
                             int          modifier,
                             AdjRandom   *random,
                             gboolean    *withdrew,
                             GError     **error)
{
  AdjUnit *leader;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  gboolean goes;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (withdrew != NULL)
    *withdrew = FALSE;
  if (!check_in_play (battle, error) || !check_brigade (battle, brigade, &leader, error) ||
      !check_area (area, error))
    return FALSE;
  in = battle_inputs (battle, "rr/emergency-withdrawal", "leader", adj_unit_get_id (leader),
                      error);
  if (in == NULL || !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error))
    return FALSE;
  if (withdrawal_case (adj_battle_get_ruleset (battle), in) == NULL &&
      !require_table (battle, "emergency-withdrawal", error))
    return FALSE;
  outcome = resolve_in (battle, in, random, error);
  if (outcome == NULL)
    return FALSE;
  if (g_str_equal (outcome->key, "not-eligible"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, "%s", outcome->reason);
      return FALSE;
    }
  goes = g_str_equal (outcome->key, "automatic") || g_str_equal (outcome->key, "withdraw");
  if (goes)
    summary = g_strdup_printf (_("Emergency withdrawal, %s: %s — Objective Marker showing Fail "
                            "at %s"), adj_unit_get_name (leader), outcome->title, area);
  else
    summary = g_strdup_printf (_("Emergency withdrawal, %s: %s"), adj_unit_get_name (leader),
                          outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL)
    return FALSE;
  if (goes &&
      (!take_marker_off (battle, entry->changes, brigade, "planned-objective", error) ||
       !place_marker (battle, entry->changes, brigade, "objective", area, 0, "fail", error)))
    return FALSE;
  if (withdrew != NULL)
    *withdrew = goes;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* drifts                                                                                      */

AdjRrDriftState
adj_rr_drift_state (AdjBattle  *battle,
                    const char *drift,
                    int        *value)
{
  g_autofree char *key = NULL;
  g_autofree char *value_key = NULL;
  const char *state;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), ADJ_RR_DRIFT_HIDDEN);

  key = drift_key (drift, "");
  value_key = drift_key (drift, "_value");
  state = setting_string (battle, key);
  if (value != NULL)
    *value = setting_int (battle, value_key);
  if (g_strcmp0 (state, "revealed") == 0)
    return ADJ_RR_DRIFT_REVEALED;
  if (g_strcmp0 (state, "found") == 0)
    return ADJ_RR_DRIFT_FOUND;
  if (g_strcmp0 (state, "cleared") == 0)
    return ADJ_RR_DRIFT_CLEARED;
  return ADJ_RR_DRIFT_HIDDEN;
}

static gboolean
check_drift (const char  *drift,
             GError     **error)
{
  if (drift != NULL && g_strv_contains (drift_ids, drift))
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("There is no drift “%s”"),
               drift != NULL ? drift : "");
  return FALSE;
}

gboolean
adj_rr_find_drift (AdjBattle   *battle,
                   const char  *drift,
                   const char  *unit_id,
                   AdjRandom   *random,
                   gboolean    *found,
                   GError     **error)
{
  AdjRuleset *rs;
  AdjUnit *unit;
  AdjRrDriftState state;
  g_autofree char *state_key = NULL;
  g_autofree char *value_key = NULL;
  g_autofree char *tried_key = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  int value = 0, turn;
  gboolean ok;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (found != NULL)
    *found = FALSE;
  if (!check_in_play (battle, error) || !check_drift (drift, error) ||
      (unit = need_unit (battle, unit_id, error)) == NULL)
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (!(unit_is (unit, "battalion") || unit_is (unit, "regiment")) ||
      adj_unit_get_destroyed (unit))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Only a battalion or a regiment in play looks for a drift; %s cannot"),
                   adj_unit_get_name (unit));
      return FALSE;
    }
  state = adj_rr_drift_state (battle, drift, &value);
  if (state == ADJ_RR_DRIFT_FOUND || state == ADJ_RR_DRIFT_CLEARED)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is open already"),
                   adj_rr_drift_label (rs, drift));
      return FALSE;
    }
  turn = adj_battle_get_turn (battle);
  state_key = drift_key (drift, "");
  value_key = drift_key (drift, "_value");
  tried_key = drift_key (drift, "_tried");
  if (setting_int (battle, tried_key) == turn)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s was looked for this turn already: try again next turn"),
                   adj_rr_drift_label (rs, drift));
      return FALSE;
    }
  if (state == ADJ_RR_DRIFT_HIDDEN)
    {
      g_autoptr(json_object) record = open_record (battle, ADJ_RR_DRIFTS_SECRET, error);
      json_object *v;

      if (record == NULL)
        return FALSE;
      v = member (member (record, "areas"), drift);
      if (!json_object_is_type (v, json_type_int))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The hidden record “%s” of the battle is damaged"),
                       ADJ_RR_DRIFTS_SECRET);
          return FALSE;
        }
      value = json_object_get_int (v);
    }
  in = battle_inputs (battle, "rr/find-drift", NULL, NULL, error);
  if (in == NULL || !adj_inputs_set_int (in, "value", CLAMP (value, 2, 12), error) ||
      (outcome = resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  ok = g_str_equal (outcome->key, "found");
  if (state == ADJ_RR_DRIFT_HIDDEN)
    /* TRANSLATORS: e.g. "Wagon Drift: its marker shows 10; 2nd Devonshire Regiment looks for
     * it — Drift found" */
    summary = g_strdup_printf (_("%s: its marker shows %d; %s looks for it — %s"),
                          adj_rr_drift_label (rs, drift), value, adj_unit_get_name (unit),
                          outcome->title);
  else
    summary = g_strdup_printf (_("%s (marker %d): %s looks for it again — %s"),
                          adj_rr_drift_label (rs, drift), value, adj_unit_get_name (unit),
                          outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL ||
      !set_setting_int (battle, entry->changes, value_key, value, error) ||
      !set_setting_string (battle, entry->changes, state_key, ok ? "found" : "revealed", error) ||
      !set_setting_int (battle, entry->changes, tried_key, turn, error))
    return FALSE;
  if (!ok && unit_brigade (unit) != NULL)
    {
      const char *brigade = unit_brigade (unit);

      adj_outcome_add_note (outcome, _("The unit stops; its brigade’s objective markers come "
                                       "off."));
      if (!take_marker_off (battle, entry->changes, brigade, "planned-objective", error) ||
          !take_marker_off (battle, entry->changes, brigade, "objective", error))
        return FALSE;
      json_object_put (entry->outcome);
      entry->outcome = adj_outcome_to_json (outcome);
    }
  if (found != NULL)
    *found = ok;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_commando_opens_drift (AdjBattle   *battle,
                             const char  *drift,
                             GError     **error)
{
  AdjRrDriftState state;
  g_autofree char *state_key = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(AdjEntry) entry = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_drift (drift, error))
    return FALSE;
  state = adj_rr_drift_state (battle, drift, NULL);
  if (state == ADJ_RR_DRIFT_FOUND || state == ADJ_RR_DRIFT_CLEARED)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is open already"),
                   adj_rr_drift_label (adj_battle_get_ruleset (battle), drift));
      return FALSE;
    }
  state_key = drift_key (drift, "");
  summary = g_strdup_printf (_("%s: a commando crosses — its marker comes off unseen and the "
                          "British may use the drift"),
                        adj_rr_drift_label (adj_battle_get_ruleset (battle), drift));
  entry = adj_entry_new ("note", NULL, summary);
  if (!set_setting_string (battle, entry->changes, state_key, "cleared", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* chits and counters                                                                          */

/* Take one chit out of @cup: one die as large as the cup, none for a single chit. */
static char *
draw_from (json_object  *cup,
           AdjRandom    *random,
           GError      **error)
{
  gsize n = json_object_array_length (cup);
  int die = 1;
  char *chit;

  g_assert (n > 0);
  if (n > 1 && !adj_random_roll (random, "chit", N_("Chit drawn"), 1, (guint) n, &die, error))
    return NULL;
  chit = g_strdup (json_object_get_string (json_object_array_get_idx (cup, (gsize) die - 1)));
  json_object_array_del_idx (cup, (gsize) die - 1, 1);
  return chit;
}

/* The commandos of a group that a Released chit marks. */
static gboolean
release_group (AdjBattle     *battle,
               AdjChangeSet  *changes,
               const char    *group,
               GPtrArray     *names,
               GError       **error)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (!unit_is (unit, "commando") || adj_unit_get_destroyed (unit) ||
          g_strcmp0 (unit_group (unit), group) != 0 ||
          g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "none") != 0)
        continue;
      if (!set_unit_string (battle, changes, unit, "status.boer_marker", "released", error))
        return FALSE;
      g_ptr_array_add (names, (gpointer) adj_unit_get_name (unit));
    }
  return TRUE;
}

gboolean
adj_rr_draw_event (AdjBattle   *battle,
                   AdjRrCup     cup,
                   AdjRandom   *random,
                   char       **chit_out,
                   GError     **error)
{
  AdjRuleset *rs;
  g_autoptr(AdjRandom) own = NULL;
  g_autoptr(json_object) cups = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autofree char *chit = NULL;
  g_autofree char *label = NULL;
  json_object *one, *contents;
  gboolean british = cup == ADJ_RR_CUP_BRITISH;
  int turn;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (cup == ADJ_RR_CUP_BRITISH || cup == ADJ_RR_CUP_BOER, FALSE);

  if (chit_out != NULL)
    *chit_out = NULL;
  if (!check_in_play (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  turn = adj_battle_get_turn (battle);
  if (!at_step (battle, british ? "draw-event" : "draw-boer-event") ||
      setting_bool (battle, "step_done"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   british ? _("A British event chit is drawn once a turn, at its step of the "
                               "British Event segment")
                           : _("A Boer event chit is drawn once a turn, at its step of the Boer "
                               "Event segment"));
      return FALSE;
    }
  cups = open_cups (battle, error);
  if (cups == NULL)
    return FALSE;
  one = member (cups, cup_key (cup));
  contents = member (one, "cup");
  if (json_object_array_length (contents) == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   british ? _("The British event cup is empty") : _("The Boer event cup is empty"));
      return FALSE;
    }
  random = use_random (battle, random, &own);
  chit = draw_from (contents, random, error);
  if (chit == NULL)
    return FALSE;
  label = adj_rr_chit_label (rs, cup, chit);
  entry = adj_entry_new ("note", NULL, "");
  /* TRANSLATORS: e.g. "British Event: chit drawn — Hesitate" */
  g_string_append_printf (summary, british ? _("British Event: chit drawn — %s")
                                           : _("Boer Event: chit drawn — %s"), label);
  if (british)
    json_object_array_add (member (one, returns_each_turn (chit) ? "out" : "gone"),
                           json_object_new_string (chit));
  else if (g_str_has_prefix (chit, "group-") && g_str_has_suffix (chit, "-released"))
    {
      static const char *const groups[] = { "1st-group", "2nd-group", "3rd-group", "4th-group" };
      int n = atoi (chit + strlen ("group-"));
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      json_object_array_add (member (one, "gone"), json_object_new_string (chit));
      if (n >= 1 && n <= (int) G_N_ELEMENTS (groups) &&
          !release_group (battle, entry->changes, groups[n - 1], names, error))
        return FALSE;
      if (names->len > 0)
        {
          g_autofree char *list = join_names (names);
          g_string_append_printf (summary, _(" — Released markers on %s"), list);
        }
      else
        g_string_append (summary, _(" — no commando of the group is left to release"));
    }
  else if (is_misfire (chit) || is_ammo (chit))
    {
      json_object_array_add (member (one, "out"), json_object_new_string (chit));
      if (!set_setting_int (battle, entry->changes, is_misfire (chit) ? "misfire_turn"
                                                                      : "ammo_turn",
                            turn + 1, error))
        return FALSE;
      g_string_append_printf (summary, _(" — it waits on the turn track for turn %d"), turn + 1);
    }
  else
    json_object_array_add (member (one, "gone"), json_object_new_string (chit));
  g_string_append_printf (summary, ngettext (" (%u chit left in the cup)",
                                             " (%u chits left in the cup)",
                                             (guint) json_object_array_length (contents)),
                          (guint) json_object_array_length (contents));
  g_free (entry->summary);
  entry->summary = g_strdup (summary->str);
  if (!seal_cups (battle, entry->changes, cups, error) ||
      !set_setting_bool (battle, entry->changes, "step_done", TRUE, error) ||
      !adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return FALSE;
  if (chit_out != NULL)
    *chit_out = g_steal_pointer (&chit);
  return TRUE;
}

gboolean
adj_rr_draw_sp_counter (AdjBattle   *battle,
                        const char  *commando,
                        AdjRandom   *random,
                        GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjRandom) own = NULL;
  g_autoptr(json_object) cups = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *chit = NULL;
  g_autofree char *summary = NULL;
  json_object *cup;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || (unit = need_unit (battle, commando, error)) == NULL)
    return FALSE;
  if (!unit_is (unit, "commando") || adj_unit_get_destroyed (unit))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Only a commando in play takes an SP counter; %s does not"),
                   adj_unit_get_name (unit));
      return FALSE;
    }
  if (!g_str_equal (adj_unit_get_status_string (unit, "sp_counter"), "none"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s has an SP counter already"), adj_unit_get_name (unit));
      return FALSE;
    }
  cups = open_cups (battle, error);
  if (cups == NULL)
    return FALSE;
  cup = member (member (cups, "sp"), "cup");
  if (json_object_array_length (cup) == 0)
    {
      summary = g_strdup_printf (_("SP counter for %s: the cup is empty, it fires without one"),
                            adj_unit_get_name (unit));
      entry = adj_entry_new ("note", NULL, summary);
      return adj_battle_commit (battle, g_steal_pointer (&entry), error);
    }
  random = use_random (battle, random, &own);
  chit = draw_from (cup, random, error);
  if (chit == NULL)
    return FALSE;
  entry = adj_entry_new ("note", NULL, "");
  if (g_str_equal (chit, "no-fire"))
    {
      summary = g_strdup_printf (ngettext ("SP counter for %s: No Fire — it does not fire this "
                                      "turn (%u counter left in the cup)",
                                      "SP counter for %s: No Fire — it does not fire this "
                                      "turn (%u counters left in the cup)",
                                      (guint) json_object_array_length (cup)),
                            adj_unit_get_name (unit),
                            (guint) json_object_array_length (cup));
      if (!set_unit_string (battle, entry->changes, unit, "status.sp_counter", "no-fire", error))
        return FALSE;
    }
  else
    {
      int v = atoi (chit);
      g_autofree char *label = adj_rr_chit_label (adj_battle_get_ruleset (battle),
                                                  ADJ_RR_CUP_SP, chit);
      int before = adj_rr_unit_strength (battle, unit);

      summary = g_strdup_printf (ngettext ("SP counter for %s: %s — strength %d (%u counter left "
                                      "in the cup)",
                                      "SP counter for %s: %s — strength %d (%u counters left "
                                      "in the cup)", (guint) json_object_array_length (cup)),
                            adj_unit_get_name (unit), label, before + v,
                            (guint) json_object_array_length (cup));
      if (!set_unit_string (battle, entry->changes, unit, "status.sp_counter", "value", error) ||
          !set_unit_int (battle, entry->changes, unit, "status.sp_counter_value", v, error))
        return FALSE;
    }
  g_free (entry->summary);
  entry->summary = g_steal_pointer (&summary);
  if (!seal_cups (battle, entry->changes, cups, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* units                                                                                       */

GPtrArray *
adj_rr_strongest_first (AdjBattle          *battle,
                        const char * const *units)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) strength = g_array_new (FALSE, FALSE, sizeof (int));

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), out);

  /* An insertion sort: stable, so equal strengths keep the order given. */
  for (guint i = 0; units != NULL && units[i] != NULL; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, units[i]);
      int s = unit != NULL ? adj_rr_unit_strength (battle, unit) : G_MININT;
      guint at = out->len;

      while (at > 0 && g_array_index (strength, int, at - 1) < s)
        at--;
      g_ptr_array_insert (out, (gint) at, g_strdup (units[i]));
      g_array_insert_val (strength, at, s);
    }
  return out;
}

int
adj_rr_stacking_points (AdjBattle          *battle,
                        const char * const *units,
                        gboolean           *crowded)
{
  AdjRuleset *rs;
  int battalions = 0, regiments = 0, batteries = 0, points;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), 0);

  rs = adj_battle_get_ruleset (battle);
  for (guint i = 0; units != NULL && units[i] != NULL; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, units[i]);

      if (unit == NULL || adj_unit_get_destroyed (unit))
        continue;
      battalions += unit_is (unit, "battalion") ? 1 : 0;
      regiments += unit_is (unit, "regiment") ? 1 : 0;
      batteries += unit_is (unit, "battery") ? 1 : 0;
    }
  points = stacking_points (rs, battalions, regiments, batteries);
  if (crowded != NULL)
    *crowded = points >= rr_int (rs, "stacking", "crowded_at");
  return points;
}

static gboolean
check_alive (AdjUnit     *unit,
             GError     **error)
{
  if (!adj_unit_get_destroyed (unit))
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is out of the game"),
               adj_unit_get_name (unit));
  return FALSE;
}

gboolean
adj_rr_apply_losses (AdjBattle   *battle,
                     const char  *unit_id,
                     int          sp,
                     int         *overflow,
                     GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (overflow != NULL)
    *overflow = 0;
  if (!check_in_play (battle, error) || (unit = need_unit (battle, unit_id, error)) == NULL ||
      !check_alive (unit, error))
    return FALSE;
  if (!is_brigade_unit (unit) && !unit_is (unit, "commando") && !unit_is (unit, "boer-gun"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s has no strength points to lose"), adj_unit_get_name (unit));
      return FALSE;
    }
  if (sp < 1 || sp > MAX_SP)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("A unit loses 1 to %d strength points at a time, not %d"), MAX_SP, sp);
      return FALSE;
    }
  in = battle_inputs (battle, "rr/losses", "unit", unit_id, error);
  if (in == NULL || !adj_inputs_set_int (in, "hits", sp, error) ||
      (outcome = resolve_in (battle, in, NULL, error)) == NULL)
    {
      g_prefix_error (error, "%s: ", adj_unit_get_name (unit));
      return FALSE;
    }
  /* TRANSLATORS: e.g. "Losses: 2nd Devonshire Regiment loses 2 SP — Turned to its reduced side" */
  summary = g_strdup_printf (ngettext ("Losses: %s loses %d SP — %s", "Losses: %s loses %d SP — %s",
                                  sp), adj_unit_get_name (unit), sp, outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL)
    return FALSE;
  if (overflow != NULL)
    *overflow = adj_outcome_get_value_int (outcome, "overflow", 0);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* Resolve @mechanic_id for one unit and journal it under "<what>: <title>". */
static gboolean
run_for_unit (AdjBattle   *battle,
              const char  *mechanic_id,
              const char  *input,
              AdjUnit     *unit,
              int          modifier,
              AdjRandom   *random,
              const char  *what,
              GError     **error)
{
  g_autoptr(AdjInputs) in = battle_inputs (battle, mechanic_id, input, adj_unit_get_id (unit),
                                           error);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  if (in == NULL)
    return FALSE;
  if (adj_mechanic_find_input (in->mechanic, "modifier") != NULL &&
      !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error))
    return FALSE;
  outcome = resolve_in (battle, in, random, error);
  if (outcome == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Leader under fire, Hart: Panicked" */
  summary = g_strdup_printf (_("%s, %s: %s"), what, adj_unit_get_name (unit), outcome->title);
  entry = outcome_entry (battle, in, outcome, summary, error);
  return entry != NULL && adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_leader_reaction (AdjBattle   *battle,
                        const char  *brigade,
                        AdjRandom   *random,
                        GError     **error)
{
  AdjUnit *leader;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_brigade (battle, brigade, &leader, error))
    return FALSE;
  return run_for_unit (battle, "rr/leader-reaction", "leader", leader, 0, random,
                       _("Leader under fire"), error);
}

gboolean
adj_rr_leader_recovery (AdjBattle   *battle,
                        const char  *leader_id,
                        AdjRandom   *random,
                        GError     **error)
{
  AdjUnit *leader;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || (leader = need_unit (battle, leader_id, error)) == NULL)
    return FALSE;
  if (!unit_is (leader, "leader"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is not a brigade leader"),
                   adj_unit_get_name (leader));
      return FALSE;
    }
  if (g_str_equal (adj_unit_get_status_string (leader, "leader_marker"), "none"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s carries no Panicked or Standing Firm marker"),
                   adj_unit_get_name (leader));
      return FALSE;
    }
  return run_for_unit (battle, "rr/leader-recovery", "leader", leader, 0, random,
                       _("Leader recovers"), error);
}

gboolean
adj_rr_leader_casualty (AdjBattle   *battle,
                        const char  *unit_id,
                        AdjRandom   *random,
                        GError     **error)
{
  AdjUnit *unit;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || (unit = need_unit (battle, unit_id, error)) == NULL ||
      !check_alive (unit, error))
    return FALSE;
  return run_for_unit (battle, "rr/leader-casualty", "who", unit, 0, random,
                       _("Leader casualty"), error);
}

gboolean
adj_rr_unit_recovery (AdjBattle   *battle,
                      const char  *unit_id,
                      int          modifier,
                      AdjRandom   *random,
                      GError     **error)
{
  AdjUnit *unit;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || (unit = need_unit (battle, unit_id, error)) == NULL ||
      !check_alive (unit, error))
    return FALSE;
  if (!json_object_object_get_ex (adj_unit_get_status (unit), "morale", NULL) ||
      g_str_equal (adj_unit_get_status_string (unit, "morale"), "normal"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s is in good order: it has nothing to recover from"),
                   adj_unit_get_name (unit));
      return FALSE;
    }
  if (!require_table (battle, "unit-recovery", error))
    return FALSE;
  return run_for_unit (battle, "rr/unit-recovery", "unit", unit, modifier, random,
                       _("Recovery"), error);
}

/* Units named in a list: all known, in play, and with a morale level. */
static gboolean
check_morale_units (AdjBattle          *battle,
                    const char * const *units,
                    GError            **error)
{
  if (units == NULL || units[0] == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("Name the units in the area"));
      return FALSE;
    }
  for (guint i = 0; units[i] != NULL; i++)
    {
      AdjUnit *unit = need_unit (battle, units[i], error);

      if (unit == NULL || !check_alive (unit, error))
        return FALSE;
      if (!json_object_object_get_ex (adj_unit_get_status (unit), "morale", NULL))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s has no morale level"),
                       adj_unit_get_name (unit));
          return FALSE;
        }
    }
  return TRUE;
}

/* Every unit of @units better than @level falls to it; a released commando routed turns to
 * Return.  Their names go to @names. */
static gboolean
lower_morale (AdjBattle           *battle,
              AdjChangeSet        *changes,
              const char * const  *units,
              const char          *level,
              GPtrArray           *names,
              GError             **error)
{
  for (guint i = 0; units[i] != NULL; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, units[i]);

      if (morale_rank (adj_unit_get_status_string (unit, "morale")) >= morale_rank (level))
        continue;
      if (!set_unit_string (battle, changes, unit, "status.morale", level, error))
        return FALSE;
      if (g_str_equal (level, "routed") && unit_is (unit, "commando") &&
          g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "released") == 0 &&
          !set_unit_string (battle, changes, unit, "status.boer_marker", "return", error))
        return FALSE;
      g_ptr_array_add (names, (gpointer) adj_unit_get_name (unit));
    }
  return TRUE;
}

gboolean
adj_rr_formation_morale (AdjBattle           *battle,
                         const char * const  *units,
                         const char          *column,
                         int                  modifier,
                         AdjRandom           *random,
                         GError             **error)
{
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GString) summary = g_string_new (NULL);
  const AdjChoice *col;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || !check_morale_units (battle, units, error))
    return FALSE;
  col = adj_field_find_choice (column_choices, G_N_ELEMENTS (column_choices), column);
  if (col == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("“%s” is not a column of the Formation Morale table"),
                   column != NULL ? column : "");
      return FALSE;
    }
  if (!require_table (battle, "formation-morale", error))
    return FALSE;
  in = battle_inputs (battle, "rr/formation-morale", NULL, NULL, error);
  if (in == NULL || !adj_inputs_set_string (in, "column", column, error) ||
      !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error) ||
      (outcome = resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Formation morale (A British brigade): Disrupted" */
  g_string_append_printf (summary, _("Formation morale (%s): %s"), adj_gettext (col->label),
                          outcome->title);
  entry = outcome_entry (battle, in, outcome, "", error);
  if (entry == NULL)
    return FALSE;
  if (!g_str_equal (outcome->key, "normal") &&
      !lower_morale (battle, entry->changes, units, outcome->key, names, error))
    return FALSE;
  if (names->len > 0)
    {
      g_autofree char *list = join_names (names);
      g_string_append_printf (summary, _(" — %s"), list);
    }
  g_free (entry->summary);
  entry->summary = g_strdup (summary->str);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_shell_fire (AdjBattle           *battle,
                   const char          *firer_id,
                   const char * const  *targets,
                   int                  modifier,
                   AdjRandom           *random,
                   GError             **error)
{
  AdjUnit *firer;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GString) summary = g_string_new (NULL);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) || (firer = need_unit (battle, firer_id, error)) == NULL ||
      !check_alive (firer, error) || !check_morale_units (battle, targets, error))
    return FALSE;
  if (!unit_is (firer, "battery") && !unit_is (firer, "boer-gun"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Only batteries and Boer guns fire shells; %s does not"),
                   adj_unit_get_name (firer));
      return FALSE;
    }
  if (unit_is (firer, "battery") && adj_unit_get_status_bool (firer, "limbered"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is limbered: it cannot fire"),
                   adj_unit_get_name (firer));
      return FALSE;
    }
  if (!require_table (battle, "shell-fire", error))
    return FALSE;
  in = battle_inputs (battle, "rr/shell-fire", "firer", firer_id, error);
  if (in == NULL || !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error) ||
      (outcome = resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Shell fire, 66th Field Battery: Suppressed" */
  g_string_append_printf (summary, _("Shell fire, %s: %s"), adj_unit_get_name (firer),
                          outcome->title);
  entry = outcome_entry (battle, in, outcome, "", error);
  if (entry == NULL)
    return FALSE;
  if (!g_str_equal (outcome->key, "no-effect") &&
      !lower_morale (battle, entry->changes, targets, outcome->key, names, error))
    return FALSE;
  if (names->len > 0)
    {
      g_autofree char *list = join_names (names);
      g_string_append_printf (summary, _(" — %s"), list);
    }
  g_free (entry->summary);
  entry->summary = g_strdup (summary->str);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_rifle_fire (AdjBattle   *battle,
                   const char  *firer_id,
                   const char  *target_id,
                   int          modifier,
                   AdjRandom   *random,
                   int         *overflow,
                   GError     **error)
{
  AdjUnit *firer, *target;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  int lost;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (overflow != NULL)
    *overflow = 0;
  if (!check_in_play (battle, error) || (firer = need_unit (battle, firer_id, error)) == NULL ||
      !check_alive (firer, error) || (target = need_unit (battle, target_id, error)) == NULL ||
      !check_alive (target, error))
    return FALSE;
  if (!unit_is (firer, "battalion") && !unit_is (firer, "regiment") &&
      !unit_is (firer, "commando"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Only battalions, regiments and commandos fire rifles; %s does not"),
                   adj_unit_get_name (firer));
      return FALSE;
    }
  if (g_str_equal (adj_unit_get_status_string (firer, "morale"), "routed"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is routed: it does not fire"),
                   adj_unit_get_name (firer));
      return FALSE;
    }
  if (unit_is (firer, "commando") &&
      g_str_equal (adj_unit_get_status_string (firer, "sp_counter"), "no-fire"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s drew No Fire: it does not fire this turn"), adj_unit_get_name (firer));
      return FALSE;
    }
  if (is_boer (firer) == is_boer (target) || (!is_brigade_unit (target) &&
                                              !unit_is (target, "commando") &&
                                              !unit_is (target, "boer-gun")))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s cannot fire at %s"),
                   adj_unit_get_name (firer), adj_unit_get_name (target));
      return FALSE;
    }
  if (!require_table (battle, "rifle-fire", error))
    return FALSE;
  in = battle_inputs (battle, "rr/rifle-fire", "firer", firer_id, error);
  if (in == NULL || !adj_inputs_set_string (in, "target", target_id, error) ||
      !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error) ||
      (outcome = resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Rifle fire, Ermelo Commando at 1st Border Regiment: Strength lost" */
  g_string_append_printf (summary, _("Rifle fire, %s at %s: %s"), adj_unit_get_name (firer),
                          adj_unit_get_name (target), outcome->title);
  entry = outcome_entry (battle, in, outcome, "", error);
  if (entry == NULL)
    return FALSE;
  lost = adj_outcome_get_value_int (outcome, "losses", 0);
  if (lost > 0)
    {
      LossResult r;
      AdjInputs *loss_in = NULL;
      const char *kind = loss_kind (unit_type_id (target));

      (void) loss_in;
      if (!take_losses (kind, adj_unit_get_status_int (target, "sp"),
                        adj_unit_get_status_int (target, "reduced_sp"),
                        adj_unit_get_status_bool (target, "reduced"),
                        adj_unit_get_status_int (target, "losses"), lost, &r, error))
        {
          g_prefix_error (error, "%s: ", adj_unit_get_name (target));
          return FALSE;
        }
      if (!apply_loss_result (battle, entry->changes, target, r.key, r.losses, r.reduced, error))
        return FALSE;
      if (g_str_equal (r.key, "eliminated"))
        g_string_append_printf (summary, _(" — %s is eliminated"), adj_unit_get_name (target));
      else
        g_string_append_printf (summary, _(" — %s has %d left"), adj_unit_get_name (target),
                                r.strength);
      if (overflow != NULL)
        *overflow = r.overflow;
    }
  g_free (entry->summary);
  entry->summary = g_strdup (summary->str);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
check_plot (const char * const  *plot_areas,
            GError             **error)
{
  guint n = plot_areas != NULL ? g_strv_length ((char **) plot_areas) : 0;

  if (n != MAX_MARKERS)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("Give the area of each of the six plot markers, in order (%u given)"), n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!check_area (plot_areas[i], error))
      return FALSE;
  return TRUE;
}

AdjOdds *
adj_rr_boer_target_odds (const char * const  *plot_areas,
                         GError             **error)
{
  g_autoptr(AdjOdds) odds = adj_odds_new ();

  if (!check_plot (plot_areas, error))
    return NULL;
  for (guint i = 0; i < MAX_MARKERS; i++)
    adj_odds_add (odds, plot_areas[i], plot_areas[i], 1);
  adj_odds_finish (odds, MAX_MARKERS);
  return g_steal_pointer (&odds);
}

gboolean
adj_rr_boer_target (AdjBattle           *battle,
                    const char          *firer_id,
                    const char * const  *plot_areas,
                    AdjRandom           *random,
                    char               **area,
                    GError             **error)
{
  AdjUnit *firer;
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(AdjOdds) odds = NULL;
  g_autoptr(GString) chances = g_string_new (NULL);
  g_autofree char *summary = NULL;
  const char *chosen;
  int plot;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (area != NULL)
    *area = NULL;
  if (!check_in_play (battle, error) || (firer = need_unit (battle, firer_id, error)) == NULL ||
      !check_alive (firer, error))
    return FALSE;
  if (!unit_is (firer, "commando") && !unit_is (firer, "boer-gun"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("%s is not a Boer unit that fires"),
                   adj_unit_get_name (firer));
      return FALSE;
    }
  odds = adj_rr_boer_target_odds (plot_areas, error);
  if (odds == NULL)
    return FALSE;
  in = battle_inputs (battle, "rr/boer-target", "firer", firer_id, error);
  if (in == NULL || (outcome = resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  plot = adj_outcome_get_value_int (outcome, "plot", 1);
  chosen = plot_areas[plot - 1];
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

      g_string_append_printf (chances, "%s%s %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT,
                              i > 0 ? ", " : "", e->key, e->num, e->den);
    }
  adj_outcome_set_value_string (outcome, "area", chosen);
  /* TRANSLATORS: e.g. "Boer targeting, Ermelo Commando: plot marker 4 — it fires at Bridle Drift
   * (chances: Bridle Drift 1/2, Hill 1/2)" */
  summary = g_strdup_printf (_("Boer targeting, %s: plot marker %d — it fires at %s (chances: "
                          "%s)"), adj_unit_get_name (firer), plot, chosen, chances->str);
  entry = outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL || !adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return FALSE;
  if (area != NULL)
    *area = g_strdup (chosen);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* emplacements                                                                                */

GPtrArray *
adj_rr_emplacements (AdjBattle *battle)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), out);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (unit_is (unit, "emplacement"))
        g_ptr_array_add (out, g_strdup (adj_unit_get_id (unit)));
    }
  return out;
}

static AdjUnit *
need_emplacement (AdjBattle   *battle,
                  const char  *id,
                  GError     **error)
{
  AdjUnit *unit = need_unit (battle, id, error);

  if (unit != NULL && !unit_is (unit, "emplacement"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("%s is not an emplacement"),
                   adj_unit_get_name (unit));
      return NULL;
    }
  return unit;
}

gboolean
adj_rr_emplacement_fired (AdjBattle   *battle,
                          const char  *emplacement,
                          GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) ||
      (unit = need_emplacement (battle, emplacement, error)) == NULL)
    return FALSE;
  if (!g_str_equal (adj_unit_get_status_string (unit, "emplacement"), "hidden"))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The emplacement at %s has shown itself already"), adj_unit_get_name (unit));
      return FALSE;
    }
  summary = g_strdup_printf (_("The Boers at %s fire their first shot: the Hidden marker comes "
                          "off"), adj_unit_get_name (unit));
  entry = adj_entry_new ("note", NULL, summary);
  if (!set_unit_string (battle, entry->changes, unit, "status.emplacement", "open", error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_update_emplacement (AdjBattle   *battle,
                           const char  *emplacement,
                           gboolean     british_present,
                           gboolean     boers_present,
                           GError     **error)
{
  AdjUnit *unit;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  gboolean captured;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!check_in_play (battle, error) ||
      (unit = need_emplacement (battle, emplacement, error)) == NULL)
    return FALSE;
  if (!in_segment (battle, "boer-shaken"))
    return check_segment (battle, "boer-shaken", error);
  captured = g_str_equal (adj_unit_get_status_string (unit, "emplacement"), "captured");
  if (!captured && british_present && !boers_present)
    {
      summary = g_strdup_printf (_("Boer Shaken: the British capture the emplacement at %s"),
                            adj_unit_get_name (unit));
      entry = adj_entry_new ("note", NULL, summary);
      if (!set_unit_string (battle, entry->changes, unit, "status.emplacement", "captured",
                            error))
        return FALSE;
    }
  else if (captured && !british_present)
    {
      summary = g_strdup_printf (_("Boer Shaken: no British unit holds %s any more — the Boers "
                              "take the emplacement back"), adj_unit_get_name (unit));
      entry = adj_entry_new ("note", NULL, summary);
      if (!set_unit_string (battle, entry->changes, unit, "status.emplacement", "open", error))
        return FALSE;
    }
  else
    return TRUE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* the summary for the dashboard                                                               */

static json_object *
id_label (const char *id,
          const char *label)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "id", json_object_new_string (id));
  json_object_object_add (o, "label", json_object_new_string (label));
  return o;
}

static const char *
field_choice_label (AdjRuleset *rs,
                    const char *field,
                    gboolean    battle_field,
                    const char *value)
{
  const AdjField *f = battle_field ? adj_ruleset_find_battle_field (rs, field)
                                   : adj_ruleset_find_status_field (rs, field);
  const AdjChoice *c = f != NULL ? adj_field_find_choice (f->choices, f->n_choices, value) : NULL;

  return c != NULL ? adj_gettext (c->label) : value;
}

static const char *const order_state_ids[] = {
  "none", "planned", "in-transit", "objective", "fail", "charge",
};

static const char *const drift_state_ids[] = { "hidden", "revealed", "found", "cleared" };

static json_object *
unit_summary (AdjBattle *battle,
              AdjUnit   *unit)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  json_object *o = json_object_new_object ();
  json_object *status = adj_unit_get_status (unit);
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  json_object *markers = json_object_new_array ();
  static const char *const copied[] = {
    "brigade", "group", "sp", "reduced_sp", "reduced", "losses", "morale", "mounted",
    "limbered", "hq_mode", "leader_marker", "replaced", "order_modifier", "boer_marker",
    "sp_counter", "sp_counter_value", "emplacement", NULL
  };

  json_object_object_add (o, "id", adj_unit_id_to_json (unit));
  json_object_object_add (o, "name", adj_unit_name_to_json (unit));
  json_object_object_add (o, "side", json_object_new_string (adj_unit_get_side (unit)));
  json_object_object_add (o, "type", json_object_new_string (adj_unit_get_type_id (unit)));
  json_object_object_add (o, "type_label",
                          json_object_new_string (type != NULL ? adj_gettext (type->label) : ""));
  json_object_object_add (o, "destroyed",
                          adj_json_shared_boolean (adj_unit_get_destroyed (unit)));
  for (guint i = 0; copied[i] != NULL; i++)
    {
      json_object *v = member (status, copied[i]);

      if (v != NULL)
        json_object_object_add (o, copied[i], adj_json_copy (v));
    }
  if (json_object_object_get_ex (status, "sp", NULL))
    json_object_object_add (o, "strength",
                            adj_json_shared_int (adj_rr_unit_strength (battle, unit)));
  if (json_object_object_get_ex (status, "morale", NULL))
    json_object_object_add (o, "morale_label",
                            json_object_new_string (field_choice_label (
                              rs, "morale", FALSE, adj_unit_get_status_string (unit, "morale"))));
  /* The markers on the counter, in words. */
  if (g_strcmp0 (adj_unit_get_status_string (unit, "leader_marker"), "panicked") == 0)
    json_object_array_add (markers, json_object_new_string (_("Panicked")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "leader_marker"), "standing-firm") == 0)
    json_object_array_add (markers, json_object_new_string (_("Standing Firm")));
  if (adj_unit_get_status_bool (unit, "replaced"))
    json_object_array_add (markers, json_object_new_string (_("Replacement")));
  if (adj_unit_get_status_bool (unit, "reduced"))
    json_object_array_add (markers, json_object_new_string (_("Reduced")));
  if (adj_unit_get_status_int (unit, "losses") > 0)
    {
      g_autofree char *number = g_strdup_printf (_("Number marker %d"),
                                            adj_unit_get_status_int (unit, "losses"));
      json_object_array_add (markers, json_object_new_string (number));
    }
  if (g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "released") == 0)
    json_object_array_add (markers, json_object_new_string (_("Released")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "return") == 0)
    json_object_array_add (markers, json_object_new_string (_("Return")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "no-fire") == 0)
    json_object_array_add (markers, json_object_new_string (_("No Fire")));
  json_object_object_add (o, "markers", markers);
  return o;
}

json_object *
adj_rr_summary (AdjBattle *battle)
{
  AdjRuleset *rs;
  json_object *o, *arr;
  AdjRrTracks t;
  guint cur;
  json_object *step;
  g_autofree char *pending = NULL;
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  rs = adj_battle_get_ruleset (battle);
  o = json_object_new_object ();
  if (g_strcmp0 (adj_ruleset_get_id (rs), "rr") != 0)
    return o;
  adj_rr_get_tracks (battle, &t);
  cur = current_step (battle);
  step = step_json (rs, cur);

  json_object_object_add (o, "set_up", adj_json_shared_boolean (adj_rr_is_set_up (battle)));
  json_object_object_add (o, "turn", adj_json_shared_int (t.turn));
  json_object_object_add (o, "last_turn", adj_json_shared_int (rr_int (rs, "tracks",
                                                                       "last_turn")));
  json_object_object_add (o, "confidence", adj_json_shared_int (t.confidence));
  json_object_object_add (o, "shaken", adj_json_shared_int (t.shaken));
  json_object_object_add (o, "shaken_state", adj_json_shared_boolean (t.shaken > 0));
  json_object_object_add (o, "loss", adj_json_shared_int (t.loss));
  json_object_object_add (o, "loss_end", adj_json_shared_int (rr_int (rs, "tracks",
                                                                      "loss_end")));
  json_object_object_add (o, "cp", adj_json_shared_int (t.cp));
  json_object_object_add (o, "cp_spent", adj_json_shared_int (t.cp_spent));
  json_object_object_add (o, "phase", id_label (t.phase, phase_label (rs, t.phase)));
  json_object_object_add (o, "segment", id_label (t.segment, segment_label (rs, t.segment)));
  {
    json_object *s = id_label (t.step, adj_gettext (member_string (step, "label")));

    json_object_object_add (s, "hint",
                            json_object_new_string (adj_gettext (member_string (step, "hint"))));
    json_object_object_add (s, "number", adj_json_shared_int (t.step_number));
    json_object_object_add (s, "of", adj_json_shared_int (t.n_steps));
    json_object_object_add (s, "automatic",
                            adj_json_shared_boolean ((rr_steps[cur].flags & STEP_AUTO) != 0));
    json_object_object_add (s, "done", adj_json_shared_boolean (t.step_done));
    pending = adj_rr_pending (battle);
    json_object_object_add (s, "pending", pending != NULL ? json_object_new_string (pending)
                                                          : NULL);
    json_object_object_add (o, "step", s);
  }
  json_object_object_add (o, "result",
                          id_label (t.result, field_choice_label (rs, "result", TRUE, t.result)));
  json_object_object_add (o, "end_reason",
                          id_label (t.end_reason,
                                    field_choice_label (rs, "end_reason", TRUE, t.end_reason)));
  {
    json_object *v = json_object_new_object ();

    json_object_object_add (v, "hesitate",
                            adj_json_shared_boolean (setting_bool (battle, "variant_hesitate")));
    json_object_object_add (v, "close-order",
                            adj_json_shared_boolean (setting_bool (battle,
                                                                   "variant_close_order")));
    json_object_object_add (v, "no-hlangwane",
                            adj_json_shared_boolean (setting_bool (battle,
                                                                   "variant_no_hlangwane")));
    json_object_object_add (o, "variants", v);
  }
  {
    json_object *r = json_object_new_object ();

    json_object_object_add (r, "boer_guns_misfire",
                            adj_json_shared_int (setting_int (battle, "misfire_turn")));
    json_object_object_add (r, "british_ammo_shortage",
                            adj_json_shared_int (setting_int (battle, "ammo_turn")));
    json_object_object_add (o, "reminders", r);
  }

  arr = json_object_new_array ();
  for (guint b = 0; brigade_ids[b] != NULL; b++)
    {
      json_object *bo = id_label (brigade_ids[b], adj_rr_brigade_label (rs, brigade_ids[b]));
      AdjUnit *leader = brigade_unit (battle, brigade_ids[b], "leader");
      json_object *ord = json_object_new_object ();
      AdjRrOrder order;
      g_autoptr(GError) local = NULL;
      int start = 0, now = 0;

      adj_rr_get_order (battle, brigade_ids[b], &order);
      json_object_object_add (bo, "kind", json_object_new_string (
        member_string (oob_brigade (rs, brigade_ids[b]), "kind")));
      json_object_object_add (bo, "leader", leader != NULL ? adj_unit_id_to_json (leader) : NULL);
      json_object_object_add (ord, "state", json_object_new_string (order_state_ids[order.state]));
      json_object_object_add (ord, "planned_area", order.planned_area != NULL
                                                     ? json_object_new_string (order.planned_area)
                                                     : NULL);
      json_object_object_add (ord, "objective_area",
                              order.objective_area != NULL
                                ? json_object_new_string (order.objective_area) : NULL);
      if (order.state == ADJ_RR_ORDER_IN_TRANSIT)
        {
          json_object_object_add (ord, "arrives", adj_json_shared_int (order.arrives));
          json_object_object_add (ord, "turns_to_arrive",
                                  adj_json_shared_int (order.turns_to_arrive));
        }
      json_object_object_add (ord, "ordered_this_turn",
                              adj_json_shared_boolean (order.ordered_this_turn));
      json_object_object_add (bo, "order", ord);
      if (adj_rr_brigade_strength (battle, brigade_ids[b], &start, &now, &local))
        {
          json_object_object_add (bo, "strength_start", adj_json_shared_int (start));
          json_object_object_add (bo, "strength_now", adj_json_shared_int (now));
        }
      json_object_array_add (arr, bo);
    }
  json_object_object_add (o, "brigades", arr);

  arr = json_object_new_array ();
  for (guint d = 0; drift_ids[d] != NULL; d++)
    {
      json_object *dobj = id_label (drift_ids[d], adj_rr_drift_label (rs, drift_ids[d]));
      int value = 0;
      AdjRrDriftState state = adj_rr_drift_state (battle, drift_ids[d], &value);

      json_object_object_add (dobj, "state", json_object_new_string (drift_state_ids[state]));
      /* A value only once the marker has been turned over. */
      if ((state == ADJ_RR_DRIFT_REVEALED || state == ADJ_RR_DRIFT_FOUND) && value > 0)
        json_object_object_add (dobj, "value", adj_json_shared_int (value));
      json_object_array_add (arr, dobj);
    }
  json_object_object_add (o, "drifts", arr);

  arr = json_object_new_array ();
  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      static const char *const labels[] = {
        N_("British event chits"), N_("Boer event chits"), N_("Boer SP counters")
      };
      json_object *cobj = id_label (cup_key (c), adj_gettext (labels[c]));
      g_autoptr(GPtrArray) play = adj_rr_cup_in_play (battle, c);
      json_object *list = json_object_new_array ();

      json_object_object_add (cobj, "count", adj_json_shared_int ((int) adj_rr_cup_count (battle,
                                                                                         c)));
      for (guint i = 0; i < play->len; i++)
        {
          g_autofree char *label = adj_rr_chit_label (rs, c, g_ptr_array_index (play, i));
          json_object_array_add (list, id_label (g_ptr_array_index (play, i), label));
        }
      json_object_object_add (cobj, "in_play", list);
      json_object_array_add (arr, cobj);
    }
  json_object_object_add (o, "cups", arr);

  arr = json_object_new_array ();
  units = adj_battle_get_units (battle);
  {
    json_object *emps = json_object_new_array ();

    for (guint i = 0; i < g_list_model_get_n_items (units); i++)
      {
        g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

        if (unit_is (unit, "emplacement"))
          {
            json_object *e = id_label (adj_unit_get_id (unit), adj_unit_get_name (unit));
            const char *state = adj_unit_get_status_string (unit, "emplacement");

            json_object_object_add (e, "state", json_object_new_string (state));
            json_object_object_add (e, "state_label", json_object_new_string (
              field_choice_label (rs, "emplacement", FALSE, state)));
            json_object_array_add (emps, e);
          }
        else if (!unit_is (unit, "planned-objective") && !unit_is (unit, "objective"))
          json_object_array_add (arr, unit_summary (battle, unit));
      }
    json_object_object_add (o, "emplacements", emps);
  }
  json_object_object_add (o, "units", arr);
  return o;
}

/* ------------------------------------------------------------------------------------------ */
/* checking rr.json                                                                            */

/* The sequence: exactly the phases, segments and steps of rr_steps, in order. */
static gboolean
check_sequence (AdjRuleset  *rs,
                GError     **error)
{
  static const char *const phase_keys[] = { "phase", "segments", NULL };
  static const char *const segment_keys[] = { "id", "label", "from_turn", "steps", NULL };
  static const char *const step_keys[] = { "id", "label", "hint", NULL };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *phases = adj_ruleset_get_phases (rs);
  json_object *seq;
  guint k = 0;

  if (!adj_json_get_array (adj_ruleset_get_json (rs), "sequence", TRUE, &seq, file, "$", error))
    return FALSE;
  if (json_object_array_length (seq) != phases->len)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.sequence",
                          _("expected one entry for each of the %u phases"), phases->len);
  for (gsize p = 0; p < json_object_array_length (seq); p++)
    {
      json_object *ph = json_object_array_get_idx (seq, p);
      g_autofree char *ppath = adj_json_path_index ("$.sequence", p);
      const AdjChoice *want = g_ptr_array_index (phases, p);
      const char *id;
      json_object *segs;

      if (!adj_json_expect_object (ph, file, ppath, error) ||
          !adj_json_check_keys (ph, phase_keys, file, ppath, error) ||
          !adj_json_get_string (ph, "phase", TRUE, &id, file, ppath, error) ||
          !adj_json_get_array (ph, "segments", TRUE, &segs, file, ppath, error))
        return FALSE;
      if (!g_str_equal (id, want->id))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, ppath,
                              _("expected the phase “%s”, found “%s”"), want->id, id);
      for (gsize s = 0; s < json_object_array_length (segs); s++)
        {
          json_object *seg = json_object_array_get_idx (segs, s);
          g_autofree char *spath = adj_json_path_index (ppath, s);
          const char *sid, *label;
          json_object *steps;
          gint64 from = 0;

          if (!adj_json_expect_object (seg, file, spath, error) ||
              !adj_json_check_keys (seg, segment_keys, file, spath, error) ||
              !adj_json_get_string (seg, "id", TRUE, &sid, file, spath, error) ||
              !adj_json_get_string (seg, "label", TRUE, &label, file, spath, error) ||
              !adj_json_get_int (seg, "from_turn", FALSE, 1, 20, &from, file, spath, error) ||
              !adj_json_get_array (seg, "steps", TRUE, &steps, file, spath, error))
            return FALSE;
          for (gsize t = 0; t < json_object_array_length (steps); t++, k++)
            {
              json_object *st = json_object_array_get_idx (steps, t);
              g_autofree char *tpath = adj_json_path_index (spath, t);
              const char *tid, *v;

              if (!adj_json_expect_object (st, file, tpath, error) ||
                  !adj_json_check_keys (st, step_keys, file, tpath, error) ||
                  !adj_json_get_string (st, "id", TRUE, &tid, file, tpath, error) ||
                  !adj_json_get_string (st, "label", TRUE, &v, file, tpath, error) ||
                  !adj_json_get_string (st, "hint", TRUE, &v, file, tpath, error))
                return FALSE;
              if (k >= G_N_ELEMENTS (rr_steps) ||
                  !g_str_equal (rr_steps[k].phase, id) ||
                  !g_str_equal (rr_steps[k].segment, sid) || !g_str_equal (rr_steps[k].step, tid))
                return adj_json_fail (error, ADJ_ERROR_INVALID, file, tpath,
                                      _("expected the step “%s” of the segment “%s”, found “%s” "
                                        "of “%s”"),
                                      k < G_N_ELEMENTS (rr_steps) ? rr_steps[k].step : "-",
                                      k < G_N_ELEMENTS (rr_steps) ? rr_steps[k].segment : "-",
                                      tid, sid);
            }
        }
    }
  if (k != G_N_ELEMENTS (rr_steps))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.sequence",
                          _("expected %u steps in all, found %u"),
                          (guint) G_N_ELEMENTS (rr_steps), k);
  return TRUE;
}

static gboolean
check_unit_list (AdjRuleset          *rs,
                 json_object         *units,
                 const char          *path,
                 const char * const  *types,
                 GHashTable          *ids,
                 GError             **error)
{
  static const char *const keys[] = {
    "id", "name", "type", "guns", "start_sp", "platoons", "start_area", NULL
  };
  const char *file = adj_ruleset_get_file (rs);

  for (gsize i = 0; i < json_object_array_length (units); i++)
    {
      json_object *u = json_object_array_get_idx (units, i);
      g_autofree char *where = adj_json_path_index (path, i);
      const char *id, *name, *type, *area;
      gint64 v;

      if (!adj_json_expect_object (u, file, where, error) ||
          !adj_json_check_keys (u, keys, file, where, error) ||
          !adj_json_get_string (u, "id", TRUE, &id, file, where, error) ||
          !adj_json_get_string (u, "name", TRUE, &name, file, where, error) ||
          !adj_json_get_string (u, "type", TRUE, &type, file, where, error) ||
          !adj_json_get_int (u, "guns", FALSE, 1, MAX_SP, &v, file, where, error) ||
          !adj_json_get_int (u, "start_sp", FALSE, 1, MAX_SP, &v, file, where, error) ||
          !adj_json_get_int (u, "platoons", FALSE, 1, 50, &v, file, where, error) ||
          !adj_json_get_string (u, "start_area", FALSE, &area, file, where, error))
        return FALSE;
      if (!adj_json_is_identifier (id) || g_hash_table_contains (ids, id))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected a unit id used once, found “%s”"), id);
      g_hash_table_add (ids, (gpointer) id);
      if (!g_strv_contains (types, type))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("a counter here cannot be of the type “%s”"), type);
    }
  return TRUE;
}

static gboolean
check_order_of_battle (AdjRuleset  *rs,
                       GError     **error)
{
  static const char *const british_types[] = { "battalion", "regiment", "battery", NULL };
  static const char *const boer_types[] = { "commando", "boer-gun", NULL };
  static const char *const command_types[] = { "buller", "long", "hq", NULL };
  static const char *const brigade_keys[] = { "id", "label", "kind", "leader", "units", NULL };
  static const char *const group_keys[] = { "id", "label", "sub_group", "units", NULL };
  static const char *const leader_keys[] = { "id", "name", NULL };
  static const char *const kinds[] = { "infantry", "cavalry", "artillery", NULL };
  const char *file = adj_ruleset_get_file (rs);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  json_object *oob, *british, *boer, *command, *brigades, *groups;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "order_of_battle", TRUE, &oob, file, "$",
                            error) ||
      !adj_json_get_object (oob, "british", TRUE, &british, file, "$.order_of_battle", error) ||
      !adj_json_get_object (oob, "boer", TRUE, &boer, file, "$.order_of_battle", error) ||
      !adj_json_get_array (british, "command", TRUE, &command, file, "$.order_of_battle.british",
                           error) ||
      !adj_json_get_array (british, "brigades", TRUE, &brigades, file,
                           "$.order_of_battle.british", error) ||
      !adj_json_get_array (boer, "groups", TRUE, &groups, file, "$.order_of_battle.boer", error))
    return FALSE;
  if (!check_unit_list (rs, command, "$.order_of_battle.british.command", command_types, ids,
                        error))
    return FALSE;
  for (guint i = 0; command_types[i] != NULL; i++)
    {
      gboolean seen = FALSE;

      for (gsize k = 0; k < json_object_array_length (command); k++)
        seen |= g_strcmp0 (member_string (json_object_array_get_idx (command, k), "type"),
                           command_types[i]) == 0;
      if (!seen)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.order_of_battle.british.command",
                              _("the counter of type “%s” is missing"), command_types[i]);
    }
  if (json_object_array_length (brigades) != g_strv_length ((char **) brigade_ids))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.order_of_battle.british.brigades",
                          _("expected %u brigades"), g_strv_length ((char **) brigade_ids));
  for (gsize b = 0; b < json_object_array_length (brigades); b++)
    {
      json_object *br = json_object_array_get_idx (brigades, b);
      g_autofree char *where = adj_json_path_index ("$.order_of_battle.british.brigades", b);
      g_autofree char *lpath = adj_json_path_key (where, "leader");
      g_autofree char *upath = adj_json_path_key (where, "units");
      const char *id, *label, *kind, *lid, *lname;
      json_object *leader, *units;

      if (!adj_json_expect_object (br, file, where, error) ||
          !adj_json_check_keys (br, brigade_keys, file, where, error) ||
          !adj_json_get_string (br, "id", TRUE, &id, file, where, error) ||
          !adj_json_get_string (br, "label", TRUE, &label, file, where, error) ||
          !adj_json_get_string (br, "kind", TRUE, &kind, file, where, error) ||
          !adj_json_get_object (br, "leader", TRUE, &leader, file, where, error) ||
          !adj_json_check_keys (leader, leader_keys, file, lpath, error) ||
          !adj_json_get_string (leader, "id", TRUE, &lid, file, lpath, error) ||
          !adj_json_get_string (leader, "name", TRUE, &lname, file, lpath, error) ||
          !adj_json_get_array (br, "units", TRUE, &units, file, where, error))
        return FALSE;
      if (!g_str_equal (id, brigade_ids[b]))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the brigade “%s”, found “%s”"), brigade_ids[b], id);
      if (!g_strv_contains (kinds, kind))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected a kind of “infantry”, “cavalry” or “artillery”, found "
                                "“%s”"), kind);
      if (!adj_json_is_identifier (lid) || g_hash_table_contains (ids, lid))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, lpath,
                              _("expected a unit id used once, found “%s”"), lid);
      g_hash_table_add (ids, (gpointer) lid);
      if (json_object_array_length (units) == 0)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, upath,
                              _("expected at least one unit"));
      if (!check_unit_list (rs, units, upath, british_types, ids, error))
        return FALSE;
    }
  if (json_object_array_length (groups) != g_strv_length ((char **) group_ids))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.order_of_battle.boer.groups",
                          _("expected %u groups"), g_strv_length ((char **) group_ids));
  for (gsize g = 0; g < json_object_array_length (groups); g++)
    {
      json_object *gr = json_object_array_get_idx (groups, g);
      g_autofree char *where = adj_json_path_index ("$.order_of_battle.boer.groups", g);
      g_autofree char *upath = adj_json_path_key (where, "units");
      const char *id, *label;
      gboolean sub;
      json_object *units;

      if (!adj_json_expect_object (gr, file, where, error) ||
          !adj_json_check_keys (gr, group_keys, file, where, error) ||
          !adj_json_get_string (gr, "id", TRUE, &id, file, where, error) ||
          !adj_json_get_string (gr, "label", TRUE, &label, file, where, error) ||
          !adj_json_get_bool (gr, "sub_group", TRUE, &sub, file, where, error) ||
          !adj_json_get_array (gr, "units", TRUE, &units, file, where, error))
        return FALSE;
      if (!g_str_equal (id, group_ids[g]))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the group “%s”, found “%s”"), group_ids[g], id);
      if (!check_unit_list (rs, units, upath, boer_types, ids, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_drifts (AdjRuleset  *rs,
              GError     **error)
{
  static const char *const keys[] = { "high", "low", "other", NULL };
  static const char *const pool_keys[] = { "markers", "areas", NULL };
  static const char *const pools[] = { "high", "low" };
  const char *file = adj_ruleset_get_file (rs);
  json_object *drifts, *other;
  guint k = 0;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "drifts", TRUE, &drifts, file, "$",
                            error) ||
      !adj_json_check_keys (drifts, keys, file, "$.drifts", error) ||
      !adj_json_get_array (drifts, "other", TRUE, &other, file, "$.drifts", error))
    return FALSE;
  for (guint p = 0; p < G_N_ELEMENTS (pools); p++)
    {
      g_autofree char *path = adj_json_path_key ("$.drifts", pools[p]);
      json_object *pool, *markers, *areas;

      if (!adj_json_get_object (drifts, pools[p], TRUE, &pool, file, "$.drifts", error) ||
          !adj_json_check_keys (pool, pool_keys, file, path, error) ||
          !adj_json_get_array (pool, "markers", TRUE, &markers, file, path, error) ||
          !adj_json_get_array (pool, "areas", TRUE, &areas, file, path, error))
        return FALSE;
      if (json_object_array_length (markers) < json_object_array_length (areas) ||
          json_object_array_length (markers) > 20)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("expected at least as many markers as areas, and at most 20"));
      for (gsize i = 0; i < json_object_array_length (markers); i++)
        {
          json_object *m = json_object_array_get_idx (markers, i);

          if (!json_object_is_type (m, json_type_int) || json_object_get_int (m) < 2 ||
              json_object_get_int (m) > 12)
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                                  _("expected drift values from 2 to 12"));
        }
      for (gsize i = 0; i < json_object_array_length (areas); i++, k++)
        {
          const char *id = member_string (json_object_array_get_idx (areas, i), "id");

          if (drift_ids[k] == NULL || g_strcmp0 (id, drift_ids[k]) != 0 ||
              member_string (json_object_array_get_idx (areas, i), "label") == NULL)
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                                  _("expected the drift “%s” with a label"),
                                  drift_ids[k] != NULL ? drift_ids[k] : "-");
        }
    }
  if (drift_ids[k] != NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.drifts",
                          _("the drift “%s” is missing"), drift_ids[k]);
  return TRUE;
}

/* A chart the code reads: its kind, numeric rows (and columns) or the keys it needs. */
static gboolean
check_chart (AdjRuleset          *rs,
             const char          *table_id,
             AdjTableKind         kind,
             gboolean             numeric_rows,
             const char * const  *rows,
             const char * const  *columns,
             gboolean             numeric_columns,
             const char * const  *choices,
             GError             **error)
{
  const char *file = adj_ruleset_get_file (rs);
  const AdjTableShape *shape = adj_table_shape_lookup (rs, table_id);

  if (shape == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” is missing"), table_id);
  if (shape->kind != kind)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          kind == ADJ_TABLE_INT ? _("the table “%s” must hold whole numbers")
                                                : _("the table “%s” must hold choices"),
                          table_id);
  for (guint pass = 0; pass < 2; pass++)
    {
      gboolean numeric = pass == 0 ? numeric_rows : numeric_columns;
      const AdjChoice *list = pass == 0 ? shape->rows : shape->columns;
      guint n = pass == 0 ? shape->n_rows : shape->n_columns;

      for (guint i = 0; numeric && i < n; i++)
        {
          char *end = NULL;
          long v = strtol (list[i].id, &end, 10);

          if (*end != '\0' || (i > 0 && v != atoi (list[i - 1].id) + 1))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                                  pass == 0 ? _("the rows of the table “%s” must be a range of "
                                                "numbers")
                                            : _("the columns of the table “%s” must be a range "
                                                "of numbers"), table_id);
        }
    }
  for (guint i = 0; rows != NULL && rows[i] != NULL; i++)
    if (adj_table_shape_find_row (shape, rows[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                            _("the table “%s” must have the row “%s”"), table_id, rows[i]);
  for (guint i = 0; columns != NULL && columns[i] != NULL; i++)
    if (adj_table_shape_find_column (shape, columns[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                            _("the table “%s” must have the column “%s”"), table_id, columns[i]);
  for (guint i = 0; choices != NULL && choices[i] != NULL; i++)
    if (adj_field_find_choice (shape->choices, shape->n_choices, choices[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                            _("the table “%s” must offer “%s”"), table_id, choices[i]);
  if (kind == ADJ_TABLE_CHOICE && choices != NULL &&
      shape->n_choices != g_strv_length ((char **) choices))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” must offer exactly %u choices"), table_id,
                          g_strv_length ((char **) choices));
  return TRUE;
}

static gboolean
check_charts (AdjRuleset  *rs,
              GError     **error)
{
  static const char *const value[] = { "value", NULL };
  static const char *const receive[] = { "ignore", "as-ordered", "charge", NULL };
  static const char *const withdrawal[] = { "withdraw", "continue", NULL };
  static const char *const levels[] = { "disrupted", "suppressed", "routed", NULL };
  static const char *const recovery[] = { "unchanged", "up-one", "up-two", NULL };
  static const char *const columns[] = { "brigade", "group-emplacement", "group-open", NULL };
  static const char *const formation[] = { "normal", "disrupted", "suppressed", "routed", NULL };
  static const char *const shell[] = { "no-effect", "disrupted", "suppressed", NULL };
  static const char *const status[] = { "confidence", "loss", NULL };
  static const char *const british[] = { "hesitate", "close-order", "bob-hart", NULL };
  static const char *const boer[] = {
    "group-1-released", "group-2-released", "group-3-released", "group-4-released",
    "boer-guns-misfire", "british-ammo-shortage", NULL
  };
  static const char *const variants[] = { "hesitate", "close-order", "no-hlangwane", NULL };
  const AdjTableShape *send;

  if (!check_chart (rs, "send-orders", ADJ_TABLE_INT, TRUE, NULL, value, FALSE, NULL, error) ||
      !check_chart (rs, "receive-orders", ADJ_TABLE_CHOICE, TRUE, NULL, value, FALSE, receive,
                    error) ||
      !check_chart (rs, "emergency-withdrawal", ADJ_TABLE_CHOICE, TRUE, NULL, value, FALSE,
                    withdrawal, error) ||
      !check_chart (rs, "unit-recovery", ADJ_TABLE_CHOICE, TRUE, NULL, levels, FALSE, recovery,
                    error) ||
      !check_chart (rs, "formation-morale", ADJ_TABLE_CHOICE, TRUE, NULL, columns, FALSE,
                    formation, error) ||
      !check_chart (rs, "shell-fire", ADJ_TABLE_CHOICE, TRUE, NULL, NULL, TRUE, shell, error) ||
      !check_chart (rs, "rifle-fire", ADJ_TABLE_INT, TRUE, NULL, NULL, TRUE, NULL, error) ||
      !check_chart (rs, "status", ADJ_TABLE_INT, TRUE, NULL, status, FALSE, NULL, error) ||
      !check_chart (rs, "british-event-chits", ADJ_TABLE_INT, FALSE, british, value, FALSE, NULL,
                    error) ||
      !check_chart (rs, "boer-event-chits", ADJ_TABLE_INT, FALSE, boer, value, FALSE, NULL,
                    error) ||
      !check_chart (rs, "sp-counters", ADJ_TABLE_INT, TRUE, NULL, value, FALSE, NULL, error) ||
      !check_chart (rs, "variants", ADJ_TABLE_INT, FALSE, variants, value, FALSE, NULL, error))
    return FALSE;
  /* The Send Orders table holds turns (0 and up) or "lost". */
  send = adj_table_shape_lookup (rs, "send-orders");
  if (send->min < 0 || send->n_choices != 1 || !g_str_equal (send->choices[0].id, "lost"))
    return adj_json_fail (error, ADJ_ERROR_INVALID, adj_ruleset_get_file (rs), "$.tables",
                          _("the Send Orders table must hold turns from 0, or “lost”"));
  if (adj_table_shape_lookup (rs, "sp-counters")->min < 0 ||
      adj_table_shape_lookup (rs, "british-event-chits")->min < 0 ||
      adj_table_shape_lookup (rs, "boer-event-chits")->min < 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, adj_ruleset_get_file (rs), "$.tables",
                          _("a count of chits cannot be negative"));
  {
    const AdjTableShape *sp = adj_table_shape_lookup (rs, "sp-counters");

    if (atoi (sp->rows[0].id) < -5 || atoi (sp->rows[sp->n_rows - 1].id) > 5)
      return adj_json_fail (error, ADJ_ERROR_INVALID, adj_ruleset_get_file (rs), "$.tables",
                            _("the values of the SP counters must lie between -5 and +5"));
  }
  return TRUE;
}

static gboolean
rr_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const track_keys[] = {
    "confidence_start", "confidence_min", "confidence_max", "loss_start", "loss_end",
    "last_turn", "withdraw_confidence", "withdraw_from_turn", "shaken_to_withdraw",
    "shaken_roll", "pyrrhic_from", "start_cp", NULL
  };
  static const char *const cp_keys[] = {
    "with_hq_operative", "with_hq_moving", "away_from_hq", "dead_hq_operative", "dead_hq_moving",
    NULL
  };
  static const char *const order_keys[] = { "cp_per_order", "max_areas", NULL };
  static const char *const leader_keys[] = {
    "panicked_at_most", "standing_firm_at_least", "recovery_at_least", "casualty_low",
    "casualty_high", NULL
  };
  static const char *const withdrawal_keys[] = { "test_percent", "automatic_percent", NULL };
  static const char *const stacking_keys[] = {
    "battalion", "regiment", "batteries", "crowded_at", NULL
  };
  static const char *const strength_keys[] = { "disrupted", "suppressed", "routed", NULL };
  static const char *const crossing_keys[] = {
    "drift_through", "drift_stay", "bridge_through", "bridge_stay", NULL
  };
  static const char *const cup_keys[] = { "no_fire", "plot_markers", "boer_events_from_turn",
                                          NULL };
  static const char *const types[] = {
    "buller", "long", "hq", "leader", "battalion", "regiment", "battery", "commando", "boer-gun",
    "planned-objective", "objective", "emplacement", NULL
  };
  static const char *const status[] = {
    "brigade", "group", "sp", "reduced_sp", "reduced", "losses", "morale", "mounted", "limbered",
    "hq_mode", "leader_marker", "replaced", "order_modifier", "ordered_turn", "sp_counter",
    "sp_counter_value", "boer_marker", "order_showing", "sent", "arrives",
    "emplacement", NULL
  };
  static const char *const settings[] = {
    "confidence", "shaken", "loss", "segment", "step", "step_done", "cp", "cp_spent",
    "buller_with_hq", "long_order_turn", "misfire_turn", "ammo_turn", "variant_hesitate",
    "variant_close_order", "variant_no_hlangwane", "result", "end_reason", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  const AdjField *brigade, *group, *segment;

  if (!adj_rules_check_section_ints (rs, "tracks", track_keys, 0, 100, error) ||
      !adj_rules_check_section_ints (rs, "command_points", cp_keys, 0, 8, error) ||
      !adj_rules_check_section_ints (rs, "orders", order_keys, 0, 20, error) ||
      !adj_rules_check_section_ints (rs, "leaders", leader_keys, 2, 12, error) ||
      !adj_rules_check_section_ints (rs, "withdrawal", withdrawal_keys, 1, 100, error) ||
      !adj_rules_check_section_ints (rs, "stacking", stacking_keys, 0, 100, error) ||
      !adj_rules_check_section_ints (rs, "boer_strength", strength_keys, 0, 10, error) ||
      !adj_rules_check_section_ints (rs, "crossing", crossing_keys, 0, 10, error) ||
      !adj_rules_check_section_ints (rs, "cups", cup_keys, 0, 20, error) ||
      !adj_rules_check_decisions (rs, error) || !check_sequence (rs, error) ||
      !check_order_of_battle (rs, error) || !check_drifts (rs, error) ||
      !check_charts (rs, error))
    return FALSE;
  if (rr_int (rs, "cups", "plot_markers") != MAX_MARKERS)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cups.plot_markers",
                          _("expected %d plot markers, as many as a die has faces"), MAX_MARKERS);
  if (rr_int (rs, "tracks", "last_turn") != adj_ruleset_get_max_turns (rs))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tracks.last_turn",
                          _("the last turn must be the ruleset’s last turn, %d"),
                          adj_ruleset_get_max_turns (rs));
  for (guint i = 0; types[i] != NULL; i++)
    if (adj_ruleset_find_unit_type (rs, types[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.unit_types",
                            _("the unit type “%s” is missing"), types[i]);
  for (guint i = 0; status[i] != NULL; i++)
    if (adj_ruleset_find_status_field (rs, status[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “%s” is missing"), status[i]);
  for (guint i = 0; settings[i] != NULL; i++)
    if (adj_ruleset_find_battle_field (rs, settings[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.battle_fields",
                            _("the battle field “%s” is missing"), settings[i]);
  for (guint i = 0; drift_ids[i] != NULL; i++)
    {
      static const char *const suffixes[] = { "", "_value", "_tried" };

      for (guint s = 0; s < G_N_ELEMENTS (suffixes); s++)
        {
          g_autofree char *key = drift_key (drift_ids[i], suffixes[s]);

          if (adj_ruleset_find_battle_field (rs, key) == NULL)
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.battle_fields",
                                  _("the battle field “%s” is missing"), key);
        }
    }
  brigade = adj_ruleset_find_status_field (rs, "brigade");
  for (guint i = 0; brigade_ids[i] != NULL; i++)
    if (brigade->kind != ADJ_FIELD_ENUM ||
        adj_field_find_choice (brigade->choices, brigade->n_choices, brigade_ids[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “brigade” must offer “%s”"), brigade_ids[i]);
  group = adj_ruleset_find_status_field (rs, "group");
  for (guint i = 0; group_ids[i] != NULL; i++)
    if (group->kind != ADJ_FIELD_ENUM ||
        adj_field_find_choice (group->choices, group->n_choices, group_ids[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “group” must offer “%s”"), group_ids[i]);
  segment = adj_ruleset_find_battle_field (rs, "segment");
  for (guint i = 0; i < G_N_ELEMENTS (rr_steps); i++)
    if (segment->kind != ADJ_FIELD_ENUM ||
        adj_field_find_choice (segment->choices, segment->n_choices,
                               rr_steps[i].segment) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.battle_fields",
                            _("the battle field “segment” must offer “%s”"),
                            rr_steps[i].segment);
  return TRUE;
}

static const AdjMechanic *const rr_mechanics[] = {
  &rr_command_points,
  &rr_send_orders,
  &rr_receive_orders,
  &rr_withdrawal,
  &rr_drift,
  &rr_leader_reaction,
  &rr_leader_recovery,
  &rr_leader_casualty,
  &rr_unit_recovery,
  &rr_formation_morale,
  &rr_shell_fire,
  &rr_rifle_fire,
  &rr_boer_target,
  &rr_shaken,
  &rr_boer_strength,
  &rr_stacking,
  &rr_losses,
  &rr_victory,
};

static const char *const rr_keys[] = {
  "sequence", "order_of_battle", "tracks", "command_points", "orders", "leaders", "withdrawal",
  "stacking", "boer_strength", "crossing", "drifts", "cups", "decisions", NULL
};

const AdjSystem adj_rr_system = {
  .id = "rr",
  .mechanics = rr_mechanics,
  .n_mechanics = G_N_ELEMENTS (rr_mechanics),
  .ruleset_keys = rr_keys,
  .check_ruleset = rr_check_ruleset,
  .add_order_of_battle = adj_rr_add_order_of_battle,
};
