/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-check.c: Redvers' Reverse — checking rr.json against what the code knows: the
 * sequence of play, the orders of battle, the drifts, the charts' shapes and every section's
 * numbers, fields and unit types. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include <stdlib.h>

#include "adj-i18n.h"
#include "adj-rr-private.h"

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
        seen |= g_strcmp0 (rr_member_string (json_object_array_get_idx (command, k), "type"),
                           command_types[i]) == 0;
      if (!seen)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.order_of_battle.british.command",
                              _("the counter of type “%s” is missing"), command_types[i]);
    }
  if (json_object_array_length (brigades) != g_strv_length ((char **) rr_brigade_ids))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.order_of_battle.british.brigades",
                          _("expected %u brigades"), g_strv_length ((char **) rr_brigade_ids));
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
      if (!g_str_equal (id, rr_brigade_ids[b]))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the brigade “%s”, found “%s”"), rr_brigade_ids[b], id);
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
  if (json_object_array_length (groups) != g_strv_length ((char **) rr_group_ids))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.order_of_battle.boer.groups",
                          _("expected %u groups"), g_strv_length ((char **) rr_group_ids));
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
      if (!g_str_equal (id, rr_group_ids[g]))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the group “%s”, found “%s”"), rr_group_ids[g], id);
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
          const char *id = rr_member_string (json_object_array_get_idx (areas, i), "id");

          if (rr_drift_ids[k] == NULL || g_strcmp0 (id, rr_drift_ids[k]) != 0 ||
              rr_member_string (json_object_array_get_idx (areas, i), "label") == NULL)
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                                  _("expected the drift “%s” with a label"),
                                  rr_drift_ids[k] != NULL ? rr_drift_ids[k] : "-");
        }
    }
  if (rr_drift_ids[k] != NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.drifts",
                          _("the drift “%s” is missing"), rr_drift_ids[k]);
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

gboolean
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
  if (adj_rules_int (rs, "cups", "plot_markers") != MAX_MARKERS)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cups.plot_markers",
                          _("expected %d plot markers, as many as a die has faces"), MAX_MARKERS);
  if (adj_rules_int (rs, "tracks", "last_turn") != adj_ruleset_get_max_turns (rs))
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
  for (guint i = 0; rr_drift_ids[i] != NULL; i++)
    {
      static const char *const suffixes[] = { "", "_value", "_tried" };

      for (guint s = 0; s < G_N_ELEMENTS (suffixes); s++)
        {
          g_autofree char *key = rr_drift_key (rr_drift_ids[i], suffixes[s]);

          if (adj_ruleset_find_battle_field (rs, key) == NULL)
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.battle_fields",
                                  _("the battle field “%s” is missing"), key);
        }
    }
  brigade = adj_ruleset_find_status_field (rs, "brigade");
  for (guint i = 0; rr_brigade_ids[i] != NULL; i++)
    if (brigade->kind != ADJ_FIELD_ENUM ||
        adj_field_find_choice (brigade->choices, brigade->n_choices, rr_brigade_ids[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “brigade” must offer “%s”"), rr_brigade_ids[i]);
  group = adj_ruleset_find_status_field (rs, "group");
  for (guint i = 0; rr_group_ids[i] != NULL; i++)
    if (group->kind != ADJ_FIELD_ENUM ||
        adj_field_find_choice (group->choices, group->n_choices, rr_group_ids[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “group” must offer “%s”"), rr_group_ids[i]);
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
