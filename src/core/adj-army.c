/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-army.c: army lists, templates, and their points and limits. */

#define G_LOG_DOMAIN "adj-army"

#include "config.h"

#include <stdarg.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-members.h"
#include "adj-migrate.h"
#include "adj-ruleset.h"

#define MAX_ARMY_UNITS 5000

static void
army_unit_free (AdjArmyUnit *u)
{
  g_free (u->name);
  g_free (u->type);
  g_free (u->weapon);
  g_free (u->rating);
  g_free (u->notes);
  json_object_put (u->status);
  json_object_put (u->members);
  g_free (u);
}

AdjArmy *
adj_army_new (AdjRuleset *rs,
              const char *name)
{
  AdjArmy *army = g_new0 (AdjArmy, 1);

  army->ruleset = adj_ruleset_ref (rs);
  army->name = g_strdup (name);
  army->settings = json_object_new_object ();
  army->units = g_ptr_array_new_with_free_func ((GDestroyNotify) army_unit_free);
  army->book_total = -1;
  army->book_stands = -1;
  return army;
}

void
adj_army_free (AdjArmy *army)
{
  if (army == NULL)
    return;
  adj_ruleset_unref (army->ruleset);
  g_free (army->id);
  g_free (army->name);
  g_free (army->conflict);
  g_free (army->notes);
  json_object_put (army->settings);
  json_object_put (army->battle_settings);
  g_ptr_array_unref (army->units);
  g_free (army);
}

guint
adj_army_count_units (AdjArmy *army)
{
  guint n = 0;

  for (guint i = 0; i < army->units->len; i++)
    n += (guint) ((AdjArmyUnit *) g_ptr_array_index (army->units, i))->count;
  return n;
}

static gboolean
parse_unit (AdjArmy      *army,
            json_object  *obj,
            const char   *file,
            const char   *path,
            GError      **error)
{
  static const char *const keys[] = {
    "name", "type", "weapon", "rating", "notes", "count", "figures", "status", "members", NULL
  };
  AdjRuleset *rs = army->ruleset;
  const char *name = NULL, *type = NULL, *weapon = NULL, *rating = NULL, *notes = NULL;
  gint64 count = 1, figures = -1;
  json_object *status = NULL, *members_json = NULL;
  g_autoptr(json_object) members = NULL;
  const AdjUnitType *t;
  AdjArmyUnit *u;

  if (!adj_json_expect_object (obj, file, path, error) ||
      !adj_json_check_keys (obj, keys, file, path, error) ||
      !adj_json_get_string (obj, "name", TRUE, &name, file, path, error) ||
      !adj_json_get_string (obj, "type", TRUE, &type, file, path, error) ||
      !adj_json_get_string (obj, "weapon", FALSE, &weapon, file, path, error) ||
      !adj_json_get_string (obj, "rating", FALSE, &rating, file, path, error) ||
      !adj_json_get_string (obj, "notes", FALSE, &notes, file, path, error) ||
      !adj_json_get_int (obj, "count", FALSE, 1, 1000, &count, file, path, error) ||
      !adj_json_get_int (obj, "figures", FALSE, 0, 10000, &figures, file, path, error) ||
      !adj_json_get_object (obj, "status", FALSE, &status, file, path, error))
    return FALSE;

  if (!adj_name_is_valid (name))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "name", "%s",
                             adj_name_rule ());
  t = adj_ruleset_find_unit_type (rs, type);
  if (t == NULL)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "type",
                             _("“%s” is not a unit type of the ruleset “%s”"), type,
                             adj_ruleset_get_id (rs));
  if (weapon != NULL && (adj_ruleset_find_weapon (rs, weapon) == NULL ||
                         !g_strv_contains (t->weapons, weapon)))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "weapon",
                             _("a unit of type “%s” cannot carry the weapon “%s”"), type, weapon);
  if (rating != NULL && adj_ruleset_find_rating (rs, rating) == NULL)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "rating",
                             _("“%s” is not a rating of the ruleset “%s”"), rating,
                             adj_ruleset_get_id (rs));

  if (status != NULL)
    {
      g_autofree char *spath = adj_json_path_key (path, "status");

      json_object_object_foreach (status, key, val)
        {
          const AdjField *f = adj_ruleset_find_status_field (rs, key);
          g_autofree char *where = adj_json_path_key (spath, key);
          g_autoptr(GError) local = NULL;

          if (f == NULL || !adj_field_applies_to (f, t->category))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                  _("“%s” is not a status a unit of type “%s” has"), key, type);
          if (!adj_field_check_json (rs, f, val, &local))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
        }
    }

  /* A record per figure, checked as a battle checks it. */
  if (json_object_object_get_ex (obj, "members", &members_json))
    {
      members = adj_members_read (rs, t, members_json, figures, file, path, error);
      if (members == NULL)
        return FALSE;
      figures = adj_members_count_in_play (members);
    }

  u = g_new0 (AdjArmyUnit, 1);
  u->status = adj_json_copy (status);
  u->members = g_steal_pointer (&members);
  u->name = g_strdup (name);
  u->type = g_strdup (type);
  u->weapon = g_strdup (weapon);
  u->rating = g_strdup (rating);
  u->notes = g_strdup (notes);
  u->count = (int) count;
  u->figures = (int) figures;
  g_ptr_array_add (army->units, u);
  return TRUE;
}

AdjArmy *
adj_army_from_json (AdjRuleset   *rs,
                    json_object  *json,
                    const char   *file,
                    const char   *path,
                    gboolean      is_template,
                    GError      **error)
{
  static const char *const file_keys[] = {
    "format", "version", "ruleset", "name", "notes", "settings", "units", NULL
  };
  static const char *const template_keys[] = {
    "id", "conflict", "name", "notes", "settings", "units", "book_total", "book_stands", NULL
  };
  g_autoptr(AdjArmy) army = NULL;
  const char *name = NULL, *notes = NULL, *id = NULL, *conflict = NULL;
  json_object *settings = NULL, *units = NULL;
  gint64 book_total = -1, book_stands = -1;
  g_autofree char *units_path = adj_json_path_key (path, "units");

  if (!adj_json_expect_object (json, file, path, error) ||
      !adj_json_check_keys (json, is_template ? template_keys : file_keys, file, path, error) ||
      !adj_json_get_string (json, "name", TRUE, &name, file, path, error) ||
      !adj_json_get_string (json, "notes", FALSE, &notes, file, path, error) ||
      !adj_json_get_object (json, "settings", FALSE, &settings, file, path, error) ||
      !adj_json_get_array (json, "units", TRUE, &units, file, path, error))
    return NULL;
  if (is_template &&
      (!adj_json_get_string (json, "id", TRUE, &id, file, path, error) ||
       !adj_json_get_string (json, "conflict", FALSE, &conflict, file, path, error) ||
       !adj_json_get_int (json, "book_total", FALSE, 0, 10000, &book_total, file, path, error) ||
       !adj_json_get_int (json, "book_stands", FALSE, 0, 10000, &book_stands, file, path, error)))
    return NULL;
  if (!adj_name_is_valid (name))
    {
      adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "name", "%s", adj_name_rule ());
      return NULL;
    }
  if (json_object_array_length (units) > MAX_ARMY_UNITS)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, units_path,
                     _("an army list may have at most %d entries"), MAX_ARMY_UNITS);
      return NULL;
    }

  army = adj_army_new (rs, name);
  army->id = g_strdup (id);
  army->conflict = g_strdup (conflict);
  army->notes = g_strdup (notes);
  army->book_total = (int) book_total;
  army->book_stands = (int) book_stands;

  if (settings != NULL)
    {
      g_autofree char *spath = adj_json_path_key (path, "settings");

      json_object_object_foreach (settings, key, val)
        {
          const AdjField *f = adj_ruleset_find_side_field (rs, key);
          g_autoptr(GError) local = NULL;
          g_autofree char *where = adj_json_path_key (spath, key);

          if (f == NULL)
            {
              adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                             _("“%s” is not a setting of the ruleset “%s”"), key,
                             adj_ruleset_get_id (rs));
              return NULL;
            }
          if (!adj_field_check_json (rs, f, val, &local))
            {
              adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
              return NULL;
            }
          json_object_object_add (army->settings, key, adj_json_copy (val));
        }
    }

  for (gsize i = 0; i < json_object_array_length (units); i++)
    {
      g_autofree char *where = adj_json_path_index (units_path, i);
      if (!parse_unit (army, json_object_array_get_idx (units, i), file, where, error))
        return NULL;
    }
  return g_steal_pointer (&army);
}

AdjArmy *
adj_army_from_file_json (json_object  *json,
                         const char   *file,
                         GError      **error)
{
  const char *ruleset = NULL;
  gint64 version = 0;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(json_object) migrated = NULL;
  g_autoptr(GError) local = NULL;

  if (!adj_json_check_format (json, ADJ_FILE_ARMY, ADJ_ARMY_FORMAT, ADJ_ARMY_VERSION, &version,
                              file, error))
    return NULL;
  migrated = adj_migrate (adj_migrate_chain_for (ADJ_ARMY_FORMAT), json, version, file, "$",
                          error);
  if (migrated == NULL)
    return NULL;
  json = migrated;
  if (!adj_json_get_string (json, "ruleset", TRUE, &ruleset, file, "$", error))
    return NULL;
  rs = adj_ruleset_lookup (ruleset, &local);
  if (rs == NULL)
    {
      adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.ruleset", "%s", local->message);
      return NULL;
    }
  return adj_army_from_json (rs, json, file, "$", FALSE, error);
}

AdjArmy *
adj_army_load (const char  *path,
               GError     **error)
{
  g_autoptr(json_object) json = adj_json_parse_file (path, error);
  g_autofree char *display = NULL;

  if (json == NULL)
    return NULL;
  display = g_filename_display_basename (path);
  return adj_army_from_file_json (json, display, error);
}

/* An entry's type and what it gives of its units, in the order a file has them; @count only
 * in an army list, where an entry stands for that many units. */
static void
add_unit_fields (json_object       *json,
                 const AdjArmyUnit *u,
                 gboolean           count)
{
  json_object_object_add (json, "type", json_object_new_string (u->type));
  if (u->weapon != NULL)
    json_object_object_add (json, "weapon", json_object_new_string (u->weapon));
  if (u->rating != NULL)
    json_object_object_add (json, "rating", json_object_new_string (u->rating));
  if (u->notes != NULL)
    json_object_object_add (json, "notes", json_object_new_string (u->notes));
  if (count)
    json_object_object_add (json, "count", json_object_new_int (u->count));
  if (u->figures >= 0)
    json_object_object_add (json, "figures", json_object_new_int (u->figures));
  if (u->status != NULL)
    json_object_object_add (json, "status", adj_json_copy (u->status));
  if (u->members != NULL)
    json_object_object_add (json, "members", adj_json_copy (u->members));
}

json_object *
adj_army_to_json (AdjArmy *army)
{
  json_object *obj = json_object_new_object ();
  json_object *units = json_object_new_array ();

  json_object_object_add (obj, "format", json_object_new_string (ADJ_ARMY_FORMAT));
  json_object_object_add (obj, "version", json_object_new_int (ADJ_ARMY_VERSION));
  json_object_object_add (obj, "ruleset",
                          json_object_new_string (adj_ruleset_get_id (army->ruleset)));
  json_object_object_add (obj, "name", json_object_new_string (army->name));
  if (army->notes != NULL)
    json_object_object_add (obj, "notes", json_object_new_string (army->notes));
  json_object_object_add (obj, "settings", adj_json_copy (army->settings));
  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);
      json_object *item = json_object_new_object ();

      json_object_object_add (item, "name", json_object_new_string (u->name));
      add_unit_fields (item, u, TRUE);
      json_object_array_add (units, item);
    }
  json_object_object_add (obj, "units", units);
  return obj;
}

GPtrArray *
adj_army_templates (AdjRuleset  *rs,
                    GError     **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_army_free);
  json_object *arr = NULL;

  if (!json_object_object_get_ex (adj_ruleset_get_json (rs), "templates", &arr))
    return g_steal_pointer (&out);
  if (!json_object_is_type (arr, json_type_array))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, adj_ruleset_get_file (rs), "$.templates",
                     _("expected an array, found %s"), adj_json_type_name (arr));
      return NULL;
    }
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      g_autofree char *where = adj_json_path_index ("$.templates", i);
      AdjArmy *army = adj_army_from_json (rs, json_object_array_get_idx (arr, i),
                                          adj_ruleset_get_file (rs), where, TRUE, error);
      if (army == NULL)
        return NULL;
      g_ptr_array_add (out, army);
    }
  return g_steal_pointer (&out);
}

AdjArmy *
adj_army_template (AdjRuleset  *rs,
                   const char  *id,
                   GError     **error)
{
  g_autoptr(GPtrArray) all = adj_army_templates (rs, error);

  if (all == NULL)
    return NULL;
  for (guint i = 0; i < all->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (all, i);
      if (g_strcmp0 (army->id, id) == 0)
        return g_ptr_array_steal_index (all, i);
    }
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
               _("The ruleset “%s” has no example army “%s”"), adj_ruleset_get_id (rs), id);
  return NULL;
}

static void
check_free (AdjArmyCheck *c)
{
  g_free (c->id);
  g_free (c->label);
  g_free (c->detail);
  g_free (c);
}

AdjArmyReport *
adj_army_report_new (void)
{
  AdjArmyReport *report = g_new0 (AdjArmyReport, 1);

  report->checks = g_ptr_array_new_with_free_func ((GDestroyNotify) check_free);
  report->values = json_object_new_object ();
  return report;
}

AdjArmyReport *
adj_army_check (AdjArmy  *army,
                GError  **error)
{
  g_autoptr(AdjArmyReport) report = adj_army_report_new ();
  const AdjSystem *system = adj_ruleset_get_system (army->ruleset);

  json_object_object_add (report->values, "units",
                          json_object_new_int ((int) adj_army_count_units (army)));

  if (system->check_army != NULL && !system->check_army (army->ruleset, army, report, error))
    return NULL;
  return g_steal_pointer (&report);
}

void
adj_army_report_free (AdjArmyReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->checks, g_ptr_array_unref);
  json_object_put (report->values);
  g_free (report);
}

void
adj_army_report_add (AdjArmyReport *report,
                     const char    *id,
                     const char    *label,
                     gboolean       ok,
                     const char    *detail_format,
                     ...)
{
  AdjArmyCheck *c = g_new0 (AdjArmyCheck, 1);
  va_list args;

  c->id = g_strdup (id);
  c->label = g_strdup (label);
  c->ok = ok;
  va_start (args, detail_format);
  c->detail = g_strdup_vprintf (detail_format, args);
  va_end (args);
  g_ptr_array_add (report->checks, c);
}

gboolean
adj_army_report_ok (const AdjArmyReport *report)
{
  for (guint i = 0; i < report->checks->len; i++)
    if (!((AdjArmyCheck *) g_ptr_array_index (report->checks, i))->ok)
      return FALSE;
  return TRUE;
}

json_object *
adj_army_report_to_json (const AdjArmyReport *report)
{
  json_object *obj = json_object_new_object ();
  json_object *checks = json_object_new_array ();

  json_object_object_add (obj, "legal", json_object_new_boolean (adj_army_report_ok (report)));
  for (guint i = 0; i < report->checks->len; i++)
    {
      AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      json_object *item = json_object_new_object ();

      json_object_object_add (item, "id", json_object_new_string (c->id));
      json_object_object_add (item, "label", json_object_new_string (c->label));
      json_object_object_add (item, "ok", json_object_new_boolean (c->ok));
      json_object_object_add (item, "detail", json_object_new_string (c->detail));
      json_object_array_add (checks, item);
    }
  json_object_object_add (obj, "checks", checks);
  json_object_object_add (obj, "values", adj_json_copy (report->values));
  return obj;
}

static void
add_unit_entry (AdjArmy *army,
                AdjUnit *unit)
{
  AdjArmyUnit *u = g_new0 (AdjArmyUnit, 1);

  u->name = g_strdup (adj_unit_get_name (unit));
  u->type = g_strdup (adj_unit_get_type_id (unit));
  u->weapon = g_strdup (adj_unit_get_weapon (unit));
  u->rating = g_strdup (adj_unit_get_rating (unit));
  u->notes = g_strdup (adj_unit_get_notes (unit));
  u->count = 1;
  u->figures = adj_unit_get_figures (unit);
  u->status = adj_json_copy (adj_unit_get_status (unit));
  u->members = adj_json_copy (adj_unit_get_members (unit));
  g_ptr_array_add (army->units, u);
}

AdjArmy *
adj_army_new_for_side (AdjBattle  *battle,
                       const char *side_id,
                       GPtrArray  *units)
{
  AdjSide *side;
  AdjArmy *army;
  guint n;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (side_id != NULL, NULL);

  side = adj_battle_find_side (battle, side_id);
  if (side == NULL)
    return NULL;

  army = adj_army_new (adj_battle_get_ruleset (battle), side->name);
  json_object_put (army->settings);
  army->settings = adj_json_copy (side->settings);
  army->battle_settings = adj_json_copy (adj_battle_get_settings (battle));
  n = units != NULL ? units->len : adj_battle_get_n_units (battle);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdjUnit) unit = NULL;

      unit = units != NULL ? g_object_ref (g_ptr_array_index (units, i))
                           : g_list_model_get_item (adj_battle_get_units (battle), i);

      if (g_strcmp0 (adj_unit_get_side (unit), side_id) == 0)
        add_unit_entry (army, unit);
    }
  return army;
}

gboolean
adj_battle_add_army (AdjBattle    *battle,
                     const char   *side_id,
                     AdjArmy      *army,
                     GError      **error)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!g_str_equal (adj_ruleset_get_id (army->ruleset), adj_ruleset_get_id (rs)))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("The army list “%s” is for “%s”, but the battle is played with “%s”"),
                   army->name, adj_ruleset_get_id (army->ruleset), adj_ruleset_get_id (rs));
      return FALSE;
    }
  if (adj_battle_add_side (battle, side_id, army->name, army->settings, error) == NULL)
    return FALSE;

  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);

      for (int k = 1; k <= u->count; k++)
        {
          g_autoptr(json_object) json = json_object_new_object ();
          g_autofree char *id = adj_battle_new_unit_id (battle);
          g_autofree char *name = u->count > 1 ? g_strdup_printf ("%s %d", u->name, k)
                                               : g_strdup (u->name);

          json_object_object_add (json, "id", json_object_new_string (id));
          json_object_object_add (json, "side", json_object_new_string (side_id));
          json_object_object_add (json, "name", json_object_new_string (name));
          add_unit_fields (json, u, FALSE);
          if (adj_battle_insert_unit (battle, json, error) == NULL)
            return FALSE;
        }
    }
  return TRUE;
}
