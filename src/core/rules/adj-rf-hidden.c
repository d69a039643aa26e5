/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-hidden.c: Risk Factor — hidden deployment: markers, dummies and revealing them. */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include <string.h>

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* hidden deployment                                                                           */

guint
adj_rf_dummy_count (guint n_groups)
{
  return (n_groups + 1) / 2;
}

static gboolean
is_marker (AdjBattle *battle,
           AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  return type != NULL && g_str_equal (type->category, "marker");
}

/* The sealed record: { "markers": { "<marker id>": "<group id>" or null } }. */
static json_object *
open_markers (AdjBattle  *battle,
              GError    **error)
{
  const char *sealed = adj_battle_get_secret (battle, ADJ_RF_MARKERS_SECRET);
  g_autofree char *text = NULL;
  g_autoptr(json_object) json = NULL;
  json_object *markers = NULL;

  if (sealed == NULL)
    {
      json = json_object_new_object ();
      json_object_object_add (json, "markers", json_object_new_object ());
      return g_steal_pointer (&json);
    }
  text = adj_secret_open (sealed, error);
  if (text == NULL)
    return NULL;
  json = adj_json_parse_data (text, strlen (text), _("hidden markers"), NULL);
  if (json == NULL || !json_object_object_get_ex (json, "markers", &markers) ||
      !json_object_is_type (markers, json_type_object))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("the record of the hidden markers is damaged"));
      return NULL;
    }
  return g_steal_pointer (&json);
}

gboolean
adj_rf_deploy_hidden (AdjBattle           *battle,
                      const char          *side,
                      const char * const  *groups,
                      const char * const  *labels,
                      GError             **error)
{
  guint n_groups, n_labels, n_dummies;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(json_object) record = NULL;
  g_autoptr(json_object) sealed_value = NULL;
  g_autoptr(GPtrArray) slots = NULL;
  g_autoptr(GPtrArray) marker_ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *plain = NULL;
  g_autofree char *sealed = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *secret_field = g_strconcat ("secrets.", ADJ_RF_MARKERS_SECRET, NULL);
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  json_object *markers;
  AdjRng *rng;
  guint index;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (side != NULL && groups != NULL && labels != NULL, FALSE);

  if (!rf_check_battle (battle, error))
    return FALSE;
  if (adj_battle_find_side (battle, side) == NULL)
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("there is no side “%s”"), side);
  if (!rf_side_is_solo (battle, side))
    return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                           _("%s is not run by Adjutant: only the solo enemy deploys hidden"),
                           adj_battle_find_side (battle, side)->name);
  n_groups = g_strv_length ((char **) groups);
  n_labels = g_strv_length ((char **) labels);
  n_dummies = adj_rf_dummy_count (n_groups);
  if (n_groups == 0)
    return adj_rules_fail (error, ADJ_ERROR_INVALID, _("Name at least one group to hide"));
  if (n_labels != n_groups + n_dummies)
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("Markers given: %u; needed: %u (hidden groups: %u, dummies: %u)"),
                           n_labels, n_groups + n_dummies, n_groups, n_dummies);
  for (guint i = 0; i < n_groups; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, groups[i]);
      const AdjUnitType *type = unit != NULL ? adj_battle_unit_type (battle, unit) : NULL;

      if (unit == NULL)
        return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("there is no unit “%s”"),
                               groups[i]);
      /* By the id given only: a hidden group's name is off the table too. */
      if (adj_rf_unit_is_hidden (battle, unit))
        return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                               _("“%s” is hidden under a marker already"), groups[i]);
      if (!g_str_equal (adj_unit_get_side (unit), side) || type == NULL ||
          !rf_is_group_category (type->category) || adj_unit_get_destroyed (unit) ||
          adj_rf_unit_is_hidden (battle, unit))
        return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                               _("%s cannot be hidden: only groups of the side in play can"),
                               adj_unit_get_name (unit));
      for (guint j = 0; j < i; j++)
        if (g_str_equal (groups[i], groups[j]))
          return adj_rules_fail (error, ADJ_ERROR_INVALID, _("%s is named twice"),
                                 adj_unit_get_name (unit));
    }
  for (guint i = 0; i < n_labels; i++)
    {
      if (labels[i][0] == '\0' || g_utf8_strlen (labels[i], -1) > 200 ||
          !g_utf8_validate (labels[i], -1, NULL))
        return adj_rules_fail (error, ADJ_ERROR_INVALID, _("A marker needs a place of 1 to 200 "
                                                           "characters, such as “wood edge A”"));
      for (guint j = 0; j < i; j++)
        if (g_str_equal (labels[i], labels[j]))
          return adj_rules_fail (error, ADJ_ERROR_INVALID,
                                 _("Two markers are both at “%s”: give each its own place"),
                                 labels[i]);
    }

  record = open_markers (battle, error);
  if (record == NULL)
    return FALSE;
  markers = json_object_object_get (record, "markers");

  /* TRANSLATORS: a journal line; the numbers are known to the players, the places not */
  summary = g_strdup_printf (ngettext ("Hidden deployment: %u marker placed, dummies among "
                                       "them: %u",
                                       "Hidden deployment: %u markers placed, dummies among "
                                       "them: %u", n_labels), n_labels, n_dummies);
  entry = adj_entry_new ("units", NULL, summary);
  index = adj_battle_get_n_units (battle);
  for (guint i = 0; i < n_labels; i++)
    {
      g_autoptr(json_object) json = json_object_new_object ();
      g_autoptr(AdjUnit) probe = NULL;
      char *id = adj_battle_new_unit_id (battle);

      /* Ids the markers' changes take must not clash with each other either. */
      while (g_ptr_array_find_with_equal_func (marker_ids, id, g_str_equal, NULL))
        {
          g_free (id);
          id = adj_battle_new_unit_id (battle);
        }
      g_ptr_array_add (marker_ids, id);
      json_object_object_add (json, "id", json_object_new_string (id));
      json_object_object_add (json, "side", json_object_new_string (side));
      json_object_object_add (json, "name", json_object_new_string (labels[i]));
      json_object_object_add (json, "type", json_object_new_string ("marker"));
      probe = adj_battle_unit_from_json (battle, json, _("new marker"), "$", error);
      if (probe == NULL)
        return FALSE;
      adj_change_set_add_unit (entry->changes, adj_unit_to_json (probe), index + i);
    }
  for (guint i = 0; i < n_groups; i++)
    {
      g_autofree char *target = g_strconcat ("unit:", groups[i], NULL);

      if (!adj_battle_change_field (battle, entry->changes, target, "status.hidden", yes, error))
        return FALSE;
    }

  /* Which marker is which: the groups and the dummies shuffled over the markers. */
  rng = adj_battle_get_rng (battle);
  slots = g_ptr_array_new ();
  for (guint i = 0; i < n_groups; i++)
    g_ptr_array_add (slots, (gpointer) groups[i]);
  for (guint i = 0; i < n_dummies; i++)
    g_ptr_array_add (slots, NULL);
  for (guint i = slots->len - 1; i > 0; i--)
    {
      guint j = adj_rng_below (rng, i + 1);
      gpointer t = slots->pdata[i];

      slots->pdata[i] = slots->pdata[j];
      slots->pdata[j] = t;
    }
  for (guint i = 0; i < n_labels; i++)
    json_object_object_add (markers, g_ptr_array_index (marker_ids, i),
                            slots->pdata[i] != NULL
                            ? json_object_new_string (slots->pdata[i]) : NULL);
  plain = g_strdup (json_object_to_json_string_ext (record, JSON_C_TO_STRING_PLAIN));
  sealed = adj_secret_seal (plain, rng);
  sealed_value = json_object_new_string (sealed);
  if (!adj_battle_change_field (battle, entry->changes, "battle", secret_field, sealed_value,
                                error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rf_reveal_marker (AdjBattle   *battle,
                      const char  *marker,
                      char       **group,
                      GError     **error)
{
  AdjUnit *unit;
  g_autoptr(json_object) record = NULL;
  json_object *value = NULL;
  AdjUnit *found = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  guint index;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (marker != NULL, FALSE);

  if (!rf_check_battle (battle, error))
    return FALSE;
  unit = adj_battle_find_unit (battle, marker);
  if (unit == NULL || !is_marker (battle, unit))
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("“%s” is not a hidden marker"),
                           unit != NULL ? adj_unit_get_name (unit) : marker);
  record = open_markers (battle, error);
  if (record == NULL)
    return FALSE;
  if (!json_object_object_get_ex (json_object_object_get (record, "markers"), marker, &value))
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND,
                           _("Adjutant has no record of what is under “%s”"),
                           adj_unit_get_name (unit));
  if (value != NULL)
    {
      found = adj_battle_find_unit (battle, json_object_get_string (value));
      if (found == NULL)
        return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND,
                               _("The group hidden under “%s” is no longer in the battle"),
                               adj_unit_get_name (unit));
    }

  if (found != NULL)
    /* TRANSLATORS: a journal line when a hidden marker is spotted */
    summary = g_strdup_printf (_("Marker at “%s” spotted: it is %s — set its figures down within "
                            "%d cm of the marker"), adj_unit_get_name (unit),
                          adj_unit_get_name (found),
                          adj_rules_int (adj_battle_get_ruleset (battle), "hidden_deployment",
                                         "place_within"));
  else
    summary = g_strdup_printf (_("Marker at “%s” spotted: a dummy, nothing is there"),
                          adj_unit_get_name (unit));
  entry = adj_entry_new ("units", NULL, summary);
  if (!adj_battle_get_unit_position (battle, unit, &index))
    g_return_val_if_reached (FALSE);
  adj_change_set_remove_unit (entry->changes, adj_unit_to_json (unit), index);
  if (found != NULL)
    {
      g_autofree char *target = rf_unit_target (found);
      g_autoptr(json_object) no = json_object_new_boolean (FALSE);

      if (!adj_battle_change_field (battle, entry->changes, target, "status.hidden", no, error))
        return FALSE;
    }
  if (group != NULL)
    *group = found != NULL ? g_strdup (adj_unit_get_id (found)) : NULL;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

GPtrArray *
adj_rf_hidden_markers (AdjBattle *battle)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), out);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (is_marker (battle, unit) && !adj_unit_get_destroyed (unit))
        g_ptr_array_add (out, g_strdup (adj_unit_get_id (unit)));
    }
  return out;
}

char *
adj_rf_find_marker (AdjBattle   *battle,
                    const char  *name,
                    GError     **error)
{
  g_autoptr(GPtrArray) markers = NULL;
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  g_autofree char *wanted = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!rf_check_battle (battle, error))
    return NULL;
  markers = adj_rf_hidden_markers (battle);
  for (guint i = 0; i < markers->len; i++)
    if (g_str_equal (g_ptr_array_index (markers, i), name))
      return g_strdup (g_ptr_array_index (markers, i));
  wanted = g_utf8_casefold (name, -1);
  for (guint i = 0; i < markers->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, g_ptr_array_index (markers, i));
      g_autofree char *place = g_utf8_casefold (adj_unit_get_name (unit), -1);

      if (g_str_equal (place, wanted))
        g_ptr_array_add (found, g_ptr_array_index (markers, i));
    }
  if (found->len == 1)
    return g_strdup (g_ptr_array_index (found, 0));
  if (found->len > 1)
    {
      g_ptr_array_add (found, NULL);
      {
        g_autofree char *ids = g_strjoinv (", ", (char **) found->pdata);

        adj_rules_fail (error, ADJ_ERROR_INVALID,
                        _("%u markers stand at “%s”: name one by its id (%s)"), found->len - 1,
                        name, ids);
      }
      return NULL;
    }
  adj_rules_fail (error, ADJ_ERROR_NOT_FOUND,
                  _("No marker still to be spotted has the id or the place “%s”"), name);
  return NULL;
}

gboolean
adj_rf_check_battle (AdjBattle  *battle,
                     GError    **error)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  return rf_check_battle (battle, error);
}

gboolean
adj_rf_unit_is_hidden (AdjBattle *battle,
                       AdjUnit   *unit)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);

  return adj_unit_get_status_bool (unit, "hidden");
}

gboolean
adj_rf_group_may_hide (AdjBattle *battle,
                       AdjUnit   *unit)
{
  const AdjUnitType *type;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);

  type = adj_battle_unit_type (battle, unit);
  return type != NULL && rf_is_group_category (type->category) &&
         rf_side_is_solo (battle, adj_unit_get_side (unit)) && !adj_unit_get_destroyed (unit) &&
         !adj_rf_unit_is_hidden (battle, unit);
}
