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

#include "adj-entry-odds.h"
#include "adj-i18n.h"
#include "adj-rr-private.h"

/* ------------------------------------------------------------------------------------------ */
/* the ids and numbers the code knows                                                          */

/* The brigades, groups and drifts the code knows by id; check_ruleset holds rr.json to them. */
const char *const rr_brigade_ids[] = {
  "2nd-brigade", "4th-brigade", "5th-brigade", "6th-brigade", "mounted-brigade",
  "1st-artillery", "naval-section", "2nd-artillery", "naval-brigade", NULL
};

const char *const rr_group_ids[] = {
  "1st-group", "1st-sub-group", "2nd-group", "3rd-group", "4th-group", "koppies-guns",
  "red-hill-guns", NULL
};

const char *const rr_drift_ids[] = {
  "wagon-drift", "native-drift", "2nd-pont-drift", "small-falls-drift", "bridle-drift",
  "1st-pont-drift", NULL
};

const AdjChoice rr_crossings[RR_N_CROSSINGS] = {
  { "wagon-drift", N_("Wagon Drift") },
  { "native-drift", N_("Native Drift") },
  { "2nd-pont-drift", N_("2nd Pont Drift") },
  { "small-falls-drift", N_("Small Falls Drift") },
  { "bridle-drift", N_("Bridle Drift") },
  { "1st-pont-drift", N_("1st Pont Drift") },
  { "robinsons-drift", N_("Robinson's Drift") },
  { "bridge", N_("Bridge") },
};

/* The morale levels, best first. */
const AdjChoice rr_morale_levels[RR_N_MORALE_LEVELS] = {
  { "normal", N_("Normal") },
  { "disrupted", N_("Disrupted") },
  { "suppressed", N_("Suppressed") },
  { "routed", N_("Routed") },
};

/* ------------------------------------------------------------------------------------------ */
/* small helpers                                                                               */

const char *
rr_member_string (json_object *obj,
                  const char  *key)
{
  json_object *v = json_object_object_get (obj, key);

  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

/* The object of the array @list (may be NULL) whose "id" is @id, or NULL. */
json_object *
rr_find_id (json_object *list,
            const char  *id)
{
  for (gsize i = 0; list != NULL && i < json_object_array_length (list); i++)
    {
      json_object *o = json_object_array_get_idx (list, i);

      if (g_strcmp0 (rr_member_string (o, "id"), id) == 0)
        return o;
    }
  return NULL;
}

int
rr_morale_rank (const char *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (rr_morale_levels); i++)
    if (g_strcmp0 (rr_morale_levels[i].id, level) == 0)
      return (int) i;
  return 0;
}

const char *
rr_morale_label (const char *level)
{
  return adj_gettext (rr_morale_levels[CLAMP (rr_morale_rank (level), 0,
                                              (int) G_N_ELEMENTS (rr_morale_levels) - 1)].label);
}

const char *
rr_unit_type_id (AdjUnit *unit)
{
  return unit != NULL ? adj_unit_get_type_id (unit) : NULL;
}

gboolean
rr_unit_is (AdjUnit    *unit,
            const char *type)
{
  return unit != NULL && g_strcmp0 (adj_unit_get_type_id (unit), type) == 0;
}

/* The battle's settings: the value set, or the battle field's default. */
static json_object *
rr_setting (AdjBattle  *battle,
            const char *name)
{
  return json_object_object_get (adj_battle_get_settings (battle), name);
}

static const AdjField *
setting_field (AdjBattle  *battle,
               const char *name)
{
  return adj_ruleset_find_battle_field (adj_battle_get_ruleset (battle), name);
}

int
rr_setting_int (AdjBattle  *battle,
                const char *name)
{
  json_object *v = rr_setting (battle, name);
  const AdjField *f = v == NULL ? setting_field (battle, name) : NULL;

  return v != NULL ? json_object_get_int (v) : f != NULL ? f->def : 0;
}

gboolean
rr_setting_bool (AdjBattle  *battle,
                 const char *name)
{
  json_object *v = rr_setting (battle, name);
  const AdjField *f = v == NULL ? setting_field (battle, name) : NULL;

  return v != NULL ? json_object_get_boolean (v) : f != NULL && f->def != 0;
}

const char *
rr_setting_string (AdjBattle  *battle,
                   const char *name)
{
  json_object *v = rr_setting (battle, name);
  const AdjField *f;

  if (v != NULL && json_object_is_type (v, json_type_string))
    return json_object_get_string (v);
  f = setting_field (battle, name);
  return f != NULL ? f->def_choice : NULL;
}

/* Record that setting @name becomes @value (taken), unless it has that value already. */
static gboolean
change_setting (AdjBattle     *battle,
                AdjChangeSet  *changes,
                const char    *name,
                json_object   *value,
                GError       **error)
{
  g_autoptr(json_object) owned = value;
  g_autofree char *field = g_strconcat ("settings.", name, NULL);

  if (adj_json_equal (rr_setting (battle, name), owned))
    return TRUE;
  return adj_battle_change_field (battle, changes, "battle", field, owned, error);
}

gboolean
rr_set_setting_int (AdjBattle     *battle,
                    AdjChangeSet  *changes,
                    const char    *name,
                    int            value,
                    GError       **error)
{
  return change_setting (battle, changes, name, json_object_new_int64 (value), error);
}

gboolean
rr_set_setting_bool (AdjBattle     *battle,
                     AdjChangeSet  *changes,
                     const char    *name,
                     gboolean       value,
                     GError       **error)
{
  return change_setting (battle, changes, name, json_object_new_boolean (value), error);
}

gboolean
rr_set_setting_string (AdjBattle     *battle,
                       AdjChangeSet  *changes,
                       const char    *name,
                       const char    *value,
                       GError       **error)
{
  return change_setting (battle, changes, name, json_object_new_string (value), error);
}

/* Two dice, as most rolls throw. */
const AdjDrawSpec rr_two_dice = { "roll", N_("Roll"), 2, 6 };

/* Throw @spec (one or two D6): "4 + 5 = 9" and the like, as one explanation line. */
gboolean
rr_roll_dice (AdjRandom          *random,
              AdjOutcome         *outcome,
              const AdjDrawSpec  *spec,
              int                *sum,
              GError            **error)
{
  const char *label = spec->label;
  int dice[2] = { 0, 0 };
  g_autofree char *line = NULL;

  g_assert (spec->count == 1 || spec->count == 2);
  if (!adj_random_roll (random, spec->group, label, spec->count, 6, dice, error))
    return FALSE;
  *sum = dice[0] + dice[1];
  if (spec->count == 2)
    /* TRANSLATORS: two dice thrown, e.g. "Send Orders roll (2D6): 4 + 5 = 9" */
    line = g_strdup_printf (_("%s (2D6): %d + %d = %d"), adj_gettext (label), dice[0], dice[1],
                       *sum);
  else
    /* TRANSLATORS: one die thrown, e.g. "Rifle fire (D6): 4" */
    line = g_strdup_printf (_("%s (D6): %d"), adj_gettext (label), dice[0]);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, spec->group, line, TRUE, *sum);
  return TRUE;
}

void
rr_add_modifier_line (AdjOutcome *outcome,
                      int         modifier,
                      int         total)
{
  if (modifier == 0)
    return;
  adj_outcome_add_modifier (outcome, NULL, _("Modifiers from the chart"), modifier);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Modified total"), TRUE, total);
}

/* A journal note with the summary @format makes. */
AdjEntry *
rr_note (const char *format,
         ...)
{
  AdjEntry *entry = adj_entry_new ("note", NULL, NULL);
  va_list args;

  va_start (args, format);
  entry->summary = g_strdup_vprintf (format, args);
  va_end (args);
  return entry;
}

/* ---- the player's charts ---- */

/* Where @value lands on a chart's axis of numbers ("2" … "12"): itself, the first or the last. */
static int
axis_clamp (const AdjChoice *list,
            guint            n,
            int              value)
{
  return CLAMP (value, atoi (list[0].id), atoi (list[n - 1].id));
}

/* The column of a fire chart that the firer's strength (input "strength") reads. */
char *
rr_strength_column (AdjRuleset *rs,
                    const char *table_id,
                    AdjInputs  *in)
{
  const AdjTableShape *shape = adj_table_shape_lookup (rs, table_id);

  return g_strdup_printf ("%d", axis_clamp (shape->columns, shape->n_columns,
                                            adj_inputs_get_int (in, "strength")));
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

/* A chart read for the odds: the cell each total lands on decides the outcome. */
typedef struct {
  AdjTables           *tables;
  const AdjTableShape *shape;
  const char          *table_id;
  const char          *column;
  int                  modifier;
  CellClassify         classify;
  gboolean             missing;   /* a cell read is empty */
} ChartRead;

static const char *
chart_key (int      sum,
           gpointer data)
{
  ChartRead *r = data;
  g_autofree char *row = g_strdup_printf ("%d", axis_clamp (r->shape->rows, r->shape->n_rows,
                                                            sum + r->modifier));
  json_object *v = adj_tables_get_cell (r->tables, r->table_id, row, r->column);

  r->missing |= v == NULL;
  if (v == NULL)
    return "table-missing";
  return r->classify != NULL ? r->classify (v) : json_object_get_string (v);
}

/* The odds of a two-dice (or one-die) roll read on a chart: each total's cell decides the key
 * through @classify (NULL: the cell names it), an empty cell counts for "table-missing". */
gboolean
rr_chart_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               const char        *table_id,
               guint              n_dice,
               int                modifier,
               const char        *column,
               CellClassify       classify,
               GError           **error)
{
  g_autoptr(AdjTables) tables = adj_tables_for_context (ctx, error);
  g_autoptr(GError) local = NULL;
  ChartRead read = { tables, adj_table_shape_lookup (ctx->ruleset, table_id), table_id, column,
                     modifier, classify, FALSE };

  if (tables == NULL)
    return FALSE;
  adj_sum_odds (in->mechanic, n_dice, 6, chart_key, &read, odds);
  if (read.missing)
    {
      adj_tables_require (tables, table_id, NULL, 0, &local);
      if (local != NULL)
        odds->note = g_strdup (local->message);
    }
  return TRUE;
}

/* Read the chart cell for @total (and @column) in a resolve: TRUE with a reference to it in
 * *cell, or TRUE with *cell NULL and the outcome set to "table-missing"; FALSE only for a broken
 * tables file. */
gboolean
rr_chart_resolve (const AdjContext  *ctx,
                  AdjOutcome        *outcome,
                  const char        *table_id,
                  int                total,
                  const char        *column,
                  json_object      **cell,
                  GError           **error)
{
  const AdjTableShape *shape = adj_table_shape_lookup (ctx->ruleset, table_id);
  g_autofree char *row = g_strdup_printf ("%d", axis_clamp (shape->rows, shape->n_rows, total));
  AdjTableCell wanted = { row, column };
  g_autoptr(AdjTables) tables = adj_tables_for_context (ctx, error);
  g_autoptr(GError) missing = NULL;

  *cell = NULL;
  if (tables == NULL)
    return FALSE;
  if (adj_tables_require (tables, table_id, &wanted, 1, &missing))
    *cell = json_object_get (adj_tables_get_cell (tables, table_id, row, column));
  if (*cell == NULL)
    {
      if (!adj_rules_table_missing (missing))
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      set_table_missing (outcome, tables, table_id, total, missing);
      return TRUE;
    }
  explain_cell (outcome, shape, row, column, *cell);
  adj_outcome_set_value_int (outcome, "total", total);
  adj_outcome_set_value_int (outcome, "row", atoi (row));
  return TRUE;
}

/* Read the cell of chart @table_id (at @column) that @n_dice thrown under @label and the chart's
 * @modifier give: as rr_chart_resolve(). */
gboolean
rr_roll_on_chart (const AdjContext  *ctx,
                  const char        *table_id,
                  const char        *column,
                  int                modifier,
                  AdjRandom         *random,
                  const char        *label,
                  guint              n_dice,
                  AdjOutcome        *outcome,
                  json_object      **cell,
                  GError           **error)
{
  AdjDrawSpec dice = { "roll", label, n_dice, 6 };
  int sum;

  *cell = NULL;
  if (!rr_roll_dice (random, outcome, &dice, &sum, error))
    return FALSE;
  rr_add_modifier_line (outcome, modifier, sum + modifier);
  return rr_chart_resolve (ctx, outcome, table_id, sum + modifier, column, cell, error);
}

/* The odds of a mechanic that throws no dice for these inputs: @key for certain. */
gboolean
rr_odds_certain (AdjInputs  *in,
                 AdjOdds    *odds,
                 const char *key)
{
  adj_declare_outcomes (in->mechanic, odds);
  adj_odds_add (odds, key, adj_outcome_label (in->mechanic, key), 1);
  adj_odds_finish (odds, 1);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* the counters of the battle                                                                  */

AdjUnit *
rr_find_unit_of_type (AdjBattle  *battle,
                      const char *type)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (rr_unit_is (unit, type))
        return unit;
    }
  return NULL;
}

/* The ids of the units @keep accepts, in battle order. */
GPtrArray *
rr_unit_ids (AdjBattle *battle,
             gboolean (*keep) (AdjUnit *unit))
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (keep (unit))
        g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  return ids;
}

const char *
rr_unit_brigade (AdjUnit *unit)
{
  return unit != NULL ? adj_unit_get_status_string (unit, "brigade") : NULL;
}

const char *
rr_unit_group (AdjUnit *unit)
{
  return unit != NULL ? adj_unit_get_status_string (unit, "group") : NULL;
}

gboolean
rr_is_boer (AdjUnit *unit)
{
  return unit != NULL && g_strcmp0 (adj_unit_get_side (unit), ADJ_RR_BOER) == 0;
}

/* A unit of a brigade of the order of battle, by type (leader, planned-objective, objective). */
AdjUnit *
rr_brigade_unit (AdjBattle  *battle,
                 const char *brigade,
                 const char *type)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (rr_unit_is (unit, type) && g_strcmp0 (rr_unit_brigade (unit), brigade) == 0)
        return unit;
    }
  return NULL;
}

/* ---- strength ---- */

/* The strength a British unit or a commando has now, from its counter, Number marker and
 * reduced side; 0 when eliminated. */
int
rr_counter_strength (AdjUnit *unit)
{
  const char *type = rr_unit_type_id (unit);
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

/* What a Boer unit's morale takes off its strength: $.boer_strength keys the levels below
 * normal. */
int
rr_morale_penalty (AdjRuleset *rs,
                   const char *morale)
{
  return rr_morale_rank (morale) > 0 ? adj_rules_int (rs, "boer_strength", morale) : 0;
}

int
adj_rr_unit_strength (AdjBattle *battle,
                      AdjUnit   *unit)
{
  int strength;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), 0);
  g_return_val_if_fail (ADJ_IS_UNIT (unit), 0);

  strength = rr_counter_strength (unit);
  if (!rr_is_boer (unit) || adj_unit_get_destroyed (unit))
    return strength;
  if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "value") == 0)
    strength += adj_unit_get_status_int (unit, "sp_counter_value");
  return strength - rr_morale_penalty (adj_battle_get_ruleset (battle),
                                       adj_unit_get_status_string (unit, "morale"));
}

/* ------------------------------------------------------------------------------------------ */
/* checks and small tools of the battle functions                                              */

gboolean
rr_check_battle (AdjBattle  *battle,
                 GError    **error)
{
  if (g_strcmp0 (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), "rr") == 0)
    return TRUE;
  return adj_rules_fail (error, ADJ_ERROR_UNSUPPORTED,
                         _("This is a battle of “%s”: the Colenso bookkeeping belongs to Redvers’ "
                           "Reverse"),
                         adj_ruleset_get_name (adj_battle_get_ruleset (battle)));
}

gboolean
rr_check_in_play (AdjBattle  *battle,
                  GError    **error)
{
  if (!rr_check_battle (battle, error))
    return FALSE;
  if (!adj_rr_is_set_up (battle))
    return adj_not_allowed (error, _("Set the game up first: the drift markers and the cups are "
                                     "not ready"));
  if (!g_str_equal (rr_setting_string (battle, "result"), "none"))
    return adj_not_allowed (error, _("The battle is over"));
  return TRUE;
}

gboolean
rr_check_segment (AdjBattle   *battle,
                  const char  *segment,
                  GError     **error)
{
  if (rr_in_segment (battle, segment))
    return TRUE;
  return adj_not_allowed (error,
                          _("This belongs to the %s segment; the step marker is in the %s segment"),
                          rr_segment_label (adj_battle_get_ruleset (battle), segment),
                          rr_segment_label (adj_battle_get_ruleset (battle),
                                            rr_setting_string (battle, "segment")));
}

AdjUnit *
rr_need_unit (AdjBattle   *battle,
              const char  *id,
              GError     **error)
{
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (battle, id) : NULL;

  if (unit == NULL)
    g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("The battle has no unit “%s”"),
                 id != NULL ? id : "");
  return unit;
}

gboolean
rr_legal_unit (const AdjContext  *ctx,
               AdjInputs         *in,
               const char        *name,
               AdjUnit          **unit,
               GError           **error)
{
  const AdjField *field = adj_mechanic_find_input (in->mechanic, name);

  *unit = adj_input_unit (ctx, in, name);
  if (*unit == NULL)
    return adj_not_allowed (error, _("“%s” names no unit: choose one first"),
                            adj_gettext (field->label));
  if (adj_unit_get_destroyed (*unit))
    return adj_not_allowed (error, _("%s is out of the game"), adj_unit_get_name (*unit));
  return TRUE;
}

gboolean
rr_check_area (const char  *area,
               GError     **error)
{
  if (area != NULL && area[0] != '\0' && g_utf8_validate (area, -1, NULL) &&
      g_utf8_strlen (area, -1) <= 200)
    return TRUE;
  return adj_rules_fail (error, ADJ_ERROR_INVALID,
                         _("An area needs a name of 1 to 200 characters, as the map gives it"));
}

gboolean
rr_check_brigade (AdjBattle   *battle,
                  const char  *brigade,
                  AdjUnit    **leader,
                  GError     **error)
{
  if (brigade == NULL || !g_strv_contains (rr_brigade_ids, brigade))
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("There is no brigade “%s”"),
                           brigade != NULL ? brigade : "");
  *leader = rr_brigade_unit (battle, brigade, "leader");
  if (*leader == NULL)
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("The battle has no leader for the %s"),
                           adj_rr_brigade_label (adj_battle_get_ruleset (battle), brigade));
  return TRUE;
}

/* The AdjRandom to roll with: the caller's, or one on the battle's generator. */
AdjRandom *
rr_use_random (AdjBattle  *battle,
               AdjRandom  *given,
               AdjRandom **own)
{
  if (given != NULL)
    return given;
  *own = adj_random_new (adj_battle_get_rng (battle), NULL);
  return *own;
}

/* Inputs of @mech pre-filled from the battle, after setting @unit_input to @unit_id. */
AdjInputs *
rr_battle_inputs (AdjBattle    *battle,
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
AdjOutcome *
rr_resolve_in (AdjBattle  *battle,
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

  random = rr_use_random (battle, random, &own);
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
AdjEntry *
rr_outcome_entry (AdjBattle   *battle,
                  AdjInputs   *in,
                  AdjOutcome  *outcome,
                  const char  *summary,
                  GError     **error)
{
  const AdjMechanic *mech = in->mechanic;
  g_autoptr(AdjEntry) entry = adj_entry_new ("mechanic", mech->id, summary);
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  /* The odds as they stood when it was rolled: before the outcome changes the battle. */
  entry->odds = adj_entry_odds_new (battle, in, outcome->key);
  if (mech->apply != NULL && !mech->apply (&ctx, in, outcome, entry->changes, error))
    return NULL;
  entry->inputs = adj_inputs_to_json (in);
  entry->outcome = adj_outcome_to_json (outcome);
  return g_steal_pointer (&entry);
}

/* A table a battle function needs whole (a roll may land anywhere on it). */
gboolean
rr_require_table (AdjBattle   *battle,
                  const char  *table_id,
                  GError     **error)
{
  g_autoptr(AdjTables) tables = rr_battle_tables (battle, error);

  return tables != NULL && adj_tables_require (tables, table_id, NULL, 0, error);
}

AdjTables *
rr_battle_tables (AdjBattle  *battle,
                  GError    **error)
{
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  ctx.pack = NULL;
  return adj_tables_for_context (&ctx, error);
}

/* The orders of battle in rr.json. */
json_object *
rr_oob_brigade (AdjRuleset *rs,
                const char *brigade)
{
  json_object *british = adj_rules_json (rs, "order_of_battle", "british");

  return rr_find_id (json_object_object_get (british, "brigades"), brigade);
}

json_object *
rr_oob_unit (AdjRuleset *rs,
             const char *unit_id)
{
  json_object *oob = adj_rules_json (rs, "order_of_battle", NULL);
  json_object *lists[2] = {
    json_object_object_get (json_object_object_get (oob, "british"), "brigades"),
    json_object_object_get (json_object_object_get (oob, "boer"), "groups"),
  };

  for (guint l = 0; l < 2; l++)
    for (gsize i = 0; i < json_object_array_length (lists[l]); i++)
      {
        json_object *list = json_object_array_get_idx (lists[l], i);
        json_object *u = rr_find_id (json_object_object_get (list, "units"), unit_id);

        if (u != NULL)
          return u;
      }
  return NULL;
}

const char * const *
adj_rr_brigades (AdjRuleset *rs)
{
  return rr_brigade_ids;
}

const char *
adj_rr_brigade_label (AdjRuleset *rs,
                      const char *brigade)
{
  json_object *b;

  g_return_val_if_fail (rs != NULL, NULL);
  b = rr_oob_brigade (rs, brigade);
  return b != NULL ? adj_gettext (rr_member_string (b, "label")) : brigade;
}

gboolean
adj_rr_brigade_is_artillery (AdjRuleset *rs,
                             const char *brigade)
{
  g_return_val_if_fail (rs != NULL, FALSE);
  return g_strcmp0 (rr_member_string (rr_oob_brigade (rs, brigade), "kind"), "artillery") == 0;
}

AdjUnit *
adj_rr_brigade_leader (AdjBattle  *battle,
                       const char *brigade)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return rr_brigade_unit (battle, brigade, "leader");
}

gboolean
rr_is_brigade_unit (AdjUnit *unit)
{
  return rr_unit_is (unit, "battalion") || rr_unit_is (unit, "regiment") ||
         rr_unit_is (unit, "battery");
}

gboolean
rr_is_troop_unit (AdjUnit *unit)
{
  return rr_is_brigade_unit (unit) || rr_unit_is (unit, "commando") ||
         rr_unit_is (unit, "boer-gun");
}

static const AdjMechanic *const rr_mechanics[] = {
  &rr_command_points,
  &rr_send_orders,
  &rr_receive_orders,
  &rr_withdrawal,
  &rr_drift,
  &rr_cross,
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
  .roster_unit = rr_roster_unit,
  .next_phase = rr_next_phase,
};
