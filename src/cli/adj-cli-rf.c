/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli-rf.c: adjutant-cli's Risk Factor commands — hidden markers: listing them, hiding
 * groups under them, and reporting one spotted.
 *
 * They call the same functions of the core as the app's Enemy page (adj-rf.h).  Which marker
 * hides which group is the battle's secret: nothing here prints it, except what is under a
 * marker once it is reported spotted, which the journal says too.
 */

#define G_LOG_DOMAIN "adjutant-cli"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-battle.h"
#include "adj-cli.h"
#include "adj-error.h"
#include "adj-file.h"
#include "adj-json.h"
#include "adj-rf.h"
#include "adj-store.h"

/* A battle of the Risk Factor rules, from @path. */
static AdjBattle *
load_rf_battle (const char  *path,
                GError     **error)
{
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, error);

  if (battle == NULL || !adj_rf_check_battle (battle, error))
    return NULL;
  return g_steal_pointer (&battle);
}

/* { "id", "place", "side" } of a marker. */
static json_object *
marker_json (AdjBattle  *battle,
             const char *id)
{
  AdjUnit *unit = adj_battle_find_unit (battle, id);
  json_object *item = json_object_new_object ();

  json_object_object_add (item, "id", json_object_new_string (id));
  json_object_object_add (item, "place", json_object_new_string (adj_unit_get_name (unit)));
  json_object_object_add (item, "side", json_object_new_string (adj_unit_get_side (unit)));
  return item;
}

static json_object *
markers_json (AdjBattle *battle,
              GPtrArray *ids)
{
  json_object *list = json_object_new_array ();

  for (guint i = 0; i < ids->len; i++)
    json_object_array_add (list, marker_json (battle, g_ptr_array_index (ids, i)));
  return list;
}

/* The markers not yet spotted: where they stand, never what is under them. */
int
adj_cli_markers (const AdjCliOptions *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  int status;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“markers” takes one battle file"));
  if (!adj_cli_refuse_saving_options (opts, "markers", FALSE, &status))
    return status;
  battle = load_rf_battle (g_ptr_array_index (opts->args, 0), &error);
  if (battle == NULL)
    return adj_cli_fail (error);
  ids = adj_rf_hidden_markers (battle);
  json_object_object_add (out, "battle", json_object_new_string (adj_battle_get_name (battle)));
  json_object_object_add (out, "markers", markers_json (battle, ids));
  adj_cli_print_json (opts, out);
  return 0;
}

/* The strings of the array @key of @json, NULL-terminated (pointing into @json). */
static GPtrArray *
string_list (json_object  *json,
             const char   *key,
             const char   *expected,
             const char   *file,
             GError      **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();
  g_autofree char *path = adj_json_path_key ("$", key);
  json_object *array;

  if (!adj_json_get_array (json, key, TRUE, &array, file, "$", error))
    return NULL;
  for (gsize i = 0; i < json_object_array_length (array); i++)
    {
      json_object *item = json_object_array_get_idx (array, i);

      if (!json_object_is_type (item, json_type_string))
        {
          g_autofree char *where = adj_json_path_index (path, i);

          adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", expected);
          return NULL;
        }
      g_ptr_array_add (list, (gpointer) json_object_get_string (item));
    }
  g_ptr_array_add (list, NULL);
  return g_steal_pointer (&list);
}

/* Hide groups of the side Adjutant runs under markers, as the Enemy page's "Deploy hidden"
 * does: { "groups": [unit ids], "places": [where each marker stands], "side": id }, the side
 * being the first group's unless given.  The battle is saved. */
int
adj_cli_hide (const AdjCliOptions *opts)
{
  static const char *const keys[] = { "groups", "places", "side", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GPtrArray) places = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) after = NULL;
  const char *path, *file, *side = NULL;
  guint n_groups;
  int status;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“hide” takes one battle file"));
  if (!adj_cli_refuse_saving_options (opts, "hide", TRUE, &status))
    return status;
  if (opts->input == NULL)
    return adj_cli_usage_error (_("“hide” needs --input FILE: {\"groups\": [the ids of the groups to "
                          "hide], \"places\": [where each marker stands]}"));
  path = g_ptr_array_index (opts->args, 0);
  file = adj_cli_input_file_name (opts);
  /* Held from reading the battle to saving it, so that no other writer's change is lost. */
  if ((lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL ||
      (battle = load_rf_battle (path, &error)) == NULL ||
      (json = adj_cli_read_input_json (opts->input, &error)) == NULL)
    return adj_cli_fail (error);
  if (!adj_json_expect_object (json, file, "$", &error) ||
      !adj_json_check_keys (json, keys, file, "$", &error) ||
      !adj_json_get_string (json, "side", FALSE, &side, file, "$", &error) ||
      (groups = string_list (json, "groups", _("expected the id of a group"), file,
                             &error)) == NULL ||
      (places = string_list (json, "places", _("expected where a marker stands, such as “wood "
                                               "edge A”"), file, &error)) == NULL)
    return adj_cli_fail (error);
  n_groups = groups->len - 1;
  if (n_groups == 0)
    {
      g_set_error (&error, ADJ_ERROR, ADJ_ERROR_INVALID, _("Name at least one group to hide"));
      return adj_cli_fail (error);
    }
  if (side == NULL)
    {
      AdjUnit *first = adj_battle_find_unit (battle, g_ptr_array_index (groups, 0));

      if (first == NULL)
        {
          g_set_error (&error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no unit “%s”"),
                       (const char *) g_ptr_array_index (groups, 0));
          return adj_cli_fail (error);
        }
      side = adj_unit_get_side (first);
    }

  before = adj_rf_hidden_markers (battle);
  if (!adj_rf_deploy_hidden (battle, side,
                             (const char * const *) groups->pdata,
                             (const char * const *) places->pdata, &error) ||
      !adj_store_save_battle (battle, path, &error))
    return adj_cli_fail (error);
  after = adj_rf_hidden_markers (battle);
  for (guint i = 0; i < after->len; i++)
    if (!g_ptr_array_find_with_equal_func (before, g_ptr_array_index (after, i), g_str_equal,
                                           NULL))
      g_ptr_array_add (added, g_strdup (g_ptr_array_index (after, i)));

  json_object_object_add (out, "battle", json_object_new_string (adj_battle_get_name (battle)));
  json_object_object_add (out, "side", json_object_new_string (side));
  json_object_object_add (out, "groups", json_object_new_int ((int) n_groups));
  json_object_object_add (out, "dummies",
                          json_object_new_int ((int) adj_rf_dummy_count (n_groups)));
  json_object_object_add (out, "markers", markers_json (battle, added));
  adj_cli_print_json (opts, out);
  return 0;
}

/* One of the players' figures sees a marker: what is under it comes out, the journal says so,
 * and the battle is saved. */
int
adj_cli_spot (const AdjCliOptions *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  g_autoptr(GPtrArray) left = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *place = NULL;
  g_autofree char *found = NULL;
  const char *path;
  AdjJournal *journal;
  int status;

  if (opts->args->len != 2)
    return adj_cli_usage_error (_("“spot” takes a battle file and a marker: its id or its place"));
  if (!adj_cli_refuse_saving_options (opts, "spot", FALSE, &status))
    return status;
  path = g_ptr_array_index (opts->args, 0);
  if ((lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL ||
      (battle = load_rf_battle (path, &error)) == NULL ||
      (marker = adj_rf_find_marker (battle, g_ptr_array_index (opts->args, 1), &error)) == NULL)
    return adj_cli_fail (error);
  place = g_strdup (adj_unit_get_name (adj_battle_find_unit (battle, marker)));
  if (!adj_rf_reveal_marker (battle, marker, &found, &error) ||
      !adj_store_save_battle (battle, path, &error))
    return adj_cli_fail (error);

  journal = adj_battle_get_journal (battle);
  left = adj_rf_hidden_markers (battle);
  json_object_object_add (out, "battle", json_object_new_string (adj_battle_get_name (battle)));
  json_object_object_add (out, "marker", json_object_new_string (marker));
  json_object_object_add (out, "place", json_object_new_string (place));
  json_object_object_add (out, "dummy", json_object_new_boolean (found == NULL));
  if (found != NULL)
    {
      json_object *group = json_object_new_object ();

      json_object_object_add (group, "id", json_object_new_string (found));
      json_object_object_add (group, "name", json_object_new_string (
        adj_unit_get_name (adj_battle_find_unit (battle, found))));
      json_object_object_add (out, "group", group);
    }
  else
    json_object_object_add (out, "group", NULL);
  json_object_object_add (out, "journal", json_object_new_string (
    adj_journal_get_entry (journal, journal->position - 1)->summary));
  json_object_object_add (out, "markers_left", json_object_new_int ((int) left->len));
  adj_cli_print_json (opts, out);
  return 0;
}
