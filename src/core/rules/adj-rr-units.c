/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-units.c: Redvers' Reverse — the battle functions that act on counters: stacking,
 * losses, the leaders' rolls, unit recovery, formation morale, shell and rifle fire and the Boer
 * target die, each running its mechanic on the battle and recording what it changes. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include "adj-i18n.h"
#include "adj-rr-private.h"

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
      battalions += rr_unit_is (unit, "battalion") ? 1 : 0;
      regiments += rr_unit_is (unit, "regiment") ? 1 : 0;
      batteries += rr_unit_is (unit, "battery") ? 1 : 0;
    }
  points = rr_stacking_points (rs, battalions, regiments, batteries);
  if (crowded != NULL)
    *crowded = points >= adj_rules_int (rs, "stacking", "crowded_at");
  return points;
}

/* The unit @id of the battle, still in the game. */
static AdjUnit *
need_live_unit (AdjBattle   *battle,
                const char  *id,
                GError     **error)
{
  AdjUnit *unit = rr_need_unit (battle, id, error);

  if (unit == NULL || !adj_unit_get_destroyed (unit))
    return unit;
  adj_not_allowed (error, _("%s is out of the game"), adj_unit_get_name (unit));
  return NULL;
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
  if (!rr_check_in_play (battle, error) || (unit = need_live_unit (battle, unit_id, error)) == NULL)
    return FALSE;
  if (!rr_is_troop_unit (unit))
    return adj_not_allowed (error,
                            _("%s has no strength points to lose"), adj_unit_get_name (unit));
  if (sp < 1 || sp > MAX_SP)
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("A unit loses 1 to %d strength points at a time, not %d"), MAX_SP, sp);
  in = rr_battle_inputs (battle, "rr/losses", "unit", unit_id, error);
  if (in == NULL || !adj_inputs_set_int (in, "hits", sp, error) ||
      (outcome = rr_resolve_in (battle, in, NULL, error)) == NULL)
    {
      g_prefix_error (error, "%s: ", adj_unit_get_name (unit));
      return FALSE;
    }
  /* TRANSLATORS: e.g. "Losses: 2nd Devonshire Regiment loses 2 SP — Turned to its reduced side" */
  summary = g_strdup_printf (ngettext ("Losses: %s loses %d SP — %s", "Losses: %s loses %d SP — %s",
                                  sp), adj_unit_get_name (unit), sp, outcome->title);
  entry = rr_outcome_entry (battle, in, outcome, summary, error);
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
  g_autoptr(AdjInputs) in = rr_battle_inputs (battle, mechanic_id, input, adj_unit_get_id (unit),
                                              error);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;

  AdjContext ctx;

  if (in == NULL)
    return FALSE;
  if (adj_mechanic_find_input (in->mechanic, "modifier") != NULL &&
      !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error))
    return FALSE;
  adj_battle_context (battle, &ctx);
  if (!adj_mechanic_check_legal (in->mechanic, &ctx, in, error))
    return FALSE;
  outcome = rr_resolve_in (battle, in, random, error);
  if (outcome == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Leader under fire, Hart: Panicked" */
  summary = g_strdup_printf (_("%s, %s: %s"), what, adj_unit_get_name (unit), outcome->title);
  entry = rr_outcome_entry (battle, in, outcome, summary, error);
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

  if (!rr_check_in_play (battle, error) || !rr_check_brigade (battle, brigade, &leader, error))
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

  if (!rr_check_in_play (battle, error) ||
      (leader = rr_need_unit (battle, leader_id, error)) == NULL)
    return FALSE;
  if (!rr_unit_is (leader, "leader"))
    return adj_not_allowed (error, _("%s is not a brigade leader"), adj_unit_get_name (leader));
  if (g_str_equal (adj_unit_get_status_string (leader, "leader_marker"), "none"))
    return adj_not_allowed (error, _("%s carries no Panicked or Standing Firm marker"),
                            adj_unit_get_name (leader));
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

  if (!rr_check_in_play (battle, error) || (unit = need_live_unit (battle, unit_id, error)) == NULL)
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

  if (!rr_check_in_play (battle, error) || (unit = need_live_unit (battle, unit_id, error)) == NULL)
    return FALSE;
  if (!json_object_object_get_ex (adj_unit_get_status (unit), "morale", NULL) ||
      g_str_equal (adj_unit_get_status_string (unit, "morale"), "normal"))
    return adj_not_allowed (error, _("%s is in good order: it has nothing to recover from"),
                            adj_unit_get_name (unit));
  if (!rr_require_table (battle, "unit-recovery", error))
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
    return adj_rules_fail (error, ADJ_ERROR_INVALID, _("Name the units in the area"));
  for (guint i = 0; units[i] != NULL; i++)
    {
      AdjUnit *unit = need_live_unit (battle, units[i], error);

      if (unit == NULL)
        return FALSE;
      if (!json_object_object_get_ex (adj_unit_get_status (unit), "morale", NULL))
        return adj_not_allowed (error, _("%s has no morale level"), adj_unit_get_name (unit));
    }
  return TRUE;
}

gboolean
rr_lower_morale (AdjBattle           *battle,
                 AdjChangeSet        *changes,
                 const char * const  *units,
                 const char          *level,
                 GPtrArray           *names,
                 GError             **error)
{
  for (guint i = 0; units[i] != NULL; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, units[i]);

      if (rr_morale_rank (adj_unit_get_status_string (unit, "morale")) >= rr_morale_rank (level))
        continue;
      if (!adj_rules_change_unit_string (battle, changes, unit, "status.morale", level, error))
        return FALSE;
      if (g_str_equal (level, "routed") && rr_unit_is (unit, "commando") &&
          g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "released") == 0 &&
          !adj_rules_change_unit_string (battle, changes, unit, "status.boer_marker", "return",
                                         error))
        return FALSE;
      if (names != NULL)
        g_ptr_array_add (names, (gpointer) adj_unit_get_name (unit));
    }
  return TRUE;
}

/* Journal @outcome, a morale level (or none) that every unit of @units better than it falls to;
 * their names end the summary @summary begins. */
static gboolean
journal_morale (AdjBattle           *battle,
                AdjInputs           *in,
                AdjOutcome          *outcome,
                const char * const  *units,
                GString             *summary,
                GError             **error)
{
  g_autoptr(AdjEntry) entry = rr_outcome_entry (battle, in, outcome, NULL, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  /* No effect is no morale level: it lowers nobody. */
  if (entry == NULL || !rr_lower_morale (battle, entry->changes, units, outcome->key, names, error))
    return FALSE;
  if (names->len > 0)
    {
      g_autofree char *list = rr_join_names (names);
      g_string_append_printf (summary, _(" — %s"), list);
    }
  entry->summary = g_strdup (summary->str);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
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
  g_autoptr(GString) summary = g_string_new (NULL);
  const AdjChoice *col;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) || !check_morale_units (battle, units, error))
    return FALSE;
  col = adj_field_find_choice (rr_column_choices, G_N_ELEMENTS (rr_column_choices), column);
  if (col == NULL)
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("“%s” is not a column of the Formation Morale table"),
                           column != NULL ? column : "");
  if (!rr_require_table (battle, "formation-morale", error))
    return FALSE;
  in = rr_battle_inputs (battle, "rr/formation-morale", NULL, NULL, error);
  if (in == NULL || !adj_inputs_set_string (in, "column", column, error) ||
      !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error) ||
      (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Formation morale (A British brigade): Disrupted" */
  g_string_append_printf (summary, _("Formation morale (%s): %s"), adj_gettext (col->label),
                          outcome->title);
  return journal_morale (battle, in, outcome, units, summary, error);
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
  g_autoptr(GString) summary = g_string_new (NULL);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error) ||
      (firer = need_live_unit (battle, firer_id, error)) == NULL ||
      !check_morale_units (battle, targets, error))
    return FALSE;
  if (!rr_shell_firer_ok (firer, error) || !rr_require_table (battle, "shell-fire", error))
    return FALSE;
  in = rr_battle_inputs (battle, "rr/shell-fire", "firer", firer_id, error);
  if (in == NULL || !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error) ||
      (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Shell fire, 66th Field Battery: Suppressed" */
  g_string_append_printf (summary, _("Shell fire, %s: %s"), adj_unit_get_name (firer),
                          outcome->title);
  return journal_morale (battle, in, outcome, targets, summary, error);
}

gboolean
rr_rifle_losses (AdjUnit     *target,
                 AdjOutcome  *outcome,
                 LossResult  *r,
                 GError     **error)
{
  int lost = adj_outcome_get_value_int (outcome, "losses", 0);

  *r = (LossResult) { 0 };
  if (lost <= 0)
    return TRUE;
  if (!rr_take_losses (rr_loss_kind (rr_unit_type_id (target)),
                       adj_unit_get_status_int (target, "sp"),
                       adj_unit_get_status_int (target, "reduced_sp"),
                       adj_unit_get_status_bool (target, "reduced"),
                       adj_unit_get_status_int (target, "losses"), lost, r, error))
    {
      g_prefix_error (error, "%s: ", adj_unit_get_name (target));
      return FALSE;
    }
  return TRUE;
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
  LossResult r;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (overflow != NULL)
    *overflow = 0;
  if (!rr_check_in_play (battle, error) ||
      (firer = need_live_unit (battle, firer_id, error)) == NULL ||
      (target = need_live_unit (battle, target_id, error)) == NULL)
    return FALSE;
  if (!rr_rifle_firer_ok (firer, error) || !rr_fire_target_ok (firer, target, error) ||
      !rr_require_table (battle, "rifle-fire", error))
    return FALSE;
  in = rr_battle_inputs (battle, "rr/rifle-fire", "firer", firer_id, error);
  if (in == NULL || !adj_inputs_set_string (in, "target", target_id, error) ||
      !adj_inputs_set_int (in, "modifier", CLAMP (modifier, -9, 9), error) ||
      (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "Rifle fire, Ermelo Commando at 1st Border Regiment: Strength lost" */
  g_string_append_printf (summary, _("Rifle fire, %s at %s: %s"), adj_unit_get_name (firer),
                          adj_unit_get_name (target), outcome->title);
  /* What the losses make of the target is read before the entry takes them (rr/rifle-fire's
   * apply). */
  if (!rr_rifle_losses (target, outcome, &r, error) ||
      (entry = rr_outcome_entry (battle, in, outcome, NULL, error)) == NULL)
    return FALSE;
  if (r.key != NULL)
    {
      if (g_str_equal (r.key, "eliminated"))
        g_string_append_printf (summary, _(" — %s is eliminated"), adj_unit_get_name (target));
      else
        g_string_append_printf (summary, _(" — %s has %d left"), adj_unit_get_name (target),
                                r.strength);
      if (overflow != NULL)
        *overflow = r.overflow;
    }
  entry->summary = g_strdup (summary->str);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
check_plot (const char * const  *plot_areas,
            GError             **error)
{
  guint n = plot_areas != NULL ? g_strv_length ((char **) plot_areas) : 0;

  if (n != MAX_MARKERS)
    return adj_rules_fail (error, ADJ_ERROR_INVALID, _("Give the area of each of the six plot "
                                                       "markers, in order (%u given)"), n);
  for (guint i = 0; i < n; i++)
    if (!rr_check_area (plot_areas[i], error))
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
  if (!rr_check_in_play (battle, error) ||
      (firer = need_live_unit (battle, firer_id, error)) == NULL ||
      !rr_boer_firer_ok (firer, error))
    return FALSE;
  odds = adj_rr_boer_target_odds (plot_areas, error);
  if (odds == NULL)
    return FALSE;
  in = rr_battle_inputs (battle, "rr/boer-target", "firer", firer_id, error);
  if (in == NULL || (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  plot = adj_outcome_get_value_int (outcome, "plot", 1);
  chosen = plot_areas[plot - 1];
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      g_autofree char *fraction = adj_odds_entry_fraction (e);

      g_string_append_printf (chances, "%s%s %s", i > 0 ? ", " : "", e->key, fraction);
    }
  adj_outcome_set_value_string (outcome, "area", chosen);
  /* TRANSLATORS: e.g. "Boer targeting, Ermelo Commando: plot marker 4 — it fires at Bridle Drift
   * (chances: Bridle Drift 1/2, Hill 1/2)" */
  summary = g_strdup_printf (_("Boer targeting, %s: plot marker %d — it fires at %s (chances: "
                          "%s)"), adj_unit_get_name (firer), plot, chosen, chances->str);
  entry = rr_outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL || !adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return FALSE;
  if (area != NULL)
    *area = g_strdup (chosen);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* counters as the dashboard lists them                                                        */

gboolean
adj_rr_unit_is_counter (AdjUnit *unit)
{
  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);

  /* The order markers and the emplacement markers stand for places, not for troops. */
  return !rr_unit_is (unit, "planned-objective") && !rr_unit_is (unit, "objective") &&
         !rr_unit_is (unit, "emplacement");
}

gboolean
adj_rr_unit_has_strength (AdjUnit *unit)
{
  json_object *status;

  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);

  status = adj_unit_get_status (unit);
  return json_object_object_get (status, "sp") != NULL;
}

GPtrArray *
adj_rr_unit_markers (AdjBattle *battle,
                     AdjUnit   *unit)
{
  AdjRuleset *rs;
  json_object *status;
  GPtrArray *marks;
  const char *leader, *boer, *counter, *hq;
  int losses;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (ADJ_IS_UNIT (unit), NULL);

  rs = adj_battle_get_ruleset (battle);
  status = adj_unit_get_status (unit);
  marks = g_ptr_array_new_with_free_func (g_free);
  losses = adj_unit_get_status_int (unit, "losses");
  leader = adj_unit_get_status_string (unit, "leader_marker");
  boer = adj_unit_get_status_string (unit, "boer_marker");
  counter = adj_unit_get_status_string (unit, "sp_counter");
  hq = rr_member_string (status, "hq_mode");

  if (losses > 0)
    g_ptr_array_add (marks, g_strdup_printf (_("Losses %d"), losses));
  if (adj_unit_get_status_bool (unit, "reduced"))
    g_ptr_array_add (marks, g_strdup (_("Reduced")));
  if (g_strcmp0 (leader, "panicked") == 0)
    g_ptr_array_add (marks, g_strdup (_("Panicked")));
  if (g_strcmp0 (leader, "standing-firm") == 0)
    g_ptr_array_add (marks, g_strdup (_("Standing Firm")));
  if (adj_unit_get_status_bool (unit, "replaced"))
    g_ptr_array_add (marks, g_strdup (_("Replacement")));
  if (json_object_object_get (status, "mounted") != NULL)
    g_ptr_array_add (marks, g_strdup (adj_unit_get_status_bool (unit, "mounted")
                                      ? _("Mounted") : _("Dismounted")));
  if (json_object_object_get (status, "limbered") != NULL)
    g_ptr_array_add (marks, g_strdup (adj_unit_get_status_bool (unit, "limbered")
                                      ? _("Limbered") : _("Unlimbered")));
  if (hq != NULL)
    {
      const AdjField *f = adj_ruleset_find_status_field (rs, "hq_mode");
      const AdjChoice *c = NULL;
      guint n = 0;

      if (f != NULL)
        {
          const AdjChoice *choices = adj_ruleset_field_choices (rs, f, &n);

          c = adj_field_find_choice (choices, n, hq);
        }
      g_ptr_array_add (marks, g_strdup (c != NULL ? adj_gettext (c->label) : hq));
    }
  if (g_strcmp0 (boer, "released") == 0)
    g_ptr_array_add (marks, g_strdup (_("Released")));
  if (g_strcmp0 (boer, "return") == 0)
    g_ptr_array_add (marks, g_strdup (_("Return")));
  if (g_strcmp0 (counter, "no-fire") == 0)
    g_ptr_array_add (marks, g_strdup (_("No Fire counter")));
  else if (g_strcmp0 (counter, "value") == 0)
    {
      int v = adj_unit_get_status_int (unit, "sp_counter_value");

      /* TRANSLATORS: the SP counter on a commando, e.g. "SP counter +2" */
      g_ptr_array_add (marks, v < 0 ? g_strdup_printf (_("SP counter −%d"), -v)
                                    : g_strdup_printf (_("SP counter +%d"), v));
    }
  return marks;
}

/* ------------------------------------------------------------------------------------------ */
/* the roster                                                                                  */

void
rr_roster_unit (AdjBattle     *battle,
                AdjTables     *tables,
                AdjUnit       *unit,
                AdjRosterUnit *info)
{
  const char *kind = rr_loss_kind (rr_unit_type_id (unit));
  int sp = adj_unit_get_status_int (unit, "sp");
  int reduced_sp = adj_unit_get_status_int (unit, "reduced_sp");
  int losses = adj_unit_get_status_int (unit, "losses");

  /* The losses a counter can take, a box each: a battalion's or commando's strength points, the
   * front's first and then the reverse's; a regiment's two; one for a battery or a gun. */
  static const char *const shown_by_boxes[] = { "sp", "reduced_sp", "reduced", "losses", NULL };

  info->boxes_note = _("Strength: a box for each strength point the counter can lose, crossed as "
                       "it goes; a bar where it turns to its reduced side. A regiment goes at its "
                       "second loss, a battery or a gun at its first.");
  if (!adj_rr_unit_has_strength (unit) || sp <= 0)
    return;
  info->omit = shown_by_boxes;
  if (g_str_equal (kind, "regiment"))
    {
      info->boxes = 2;
      info->lost = CLAMP (losses, 0, 2);
    }
  else if (g_str_equal (kind, "battery") || g_str_equal (kind, "boer-gun"))
    info->boxes = 1;
  else
    {
      info->boxes = sp;
      if (reduced_sp > 0 && reduced_sp < sp)
        info->turn_over = sp - reduced_sp;
      info->lost = adj_unit_get_status_bool (unit, "reduced") ? info->turn_over + losses : losses;
      info->lost = CLAMP (info->lost, 0, sp);
    }
}
