/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-store.c: reading and writing battles and army lists, safely, and their autosaves. */

#define G_LOG_DOMAIN "adj-store"

#include "config.h"

#include <glib/gstdio.h>

#include "adj-battle-private.h"
#include "adj-file.h"
#include "adj-json.h"
#include "adj-store.h"

/* Note the file @battle was read from (@st: its status as it was read) or written to. */
static void
remember_disk_file (AdjBattle      *battle,
                    const char     *path,
                    const GStatBuf *st)
{
  g_free (battle->disk_path);
  battle->disk_path = g_strdup (path);
  if (st != NULL)
    adj_file_stamp_from_stat (&battle->disk_stamp, st);
  else
    adj_file_stamp_path (&battle->disk_stamp, path);
}

gboolean
adj_store_battle_changed_on_disk (AdjBattle *battle)
{
  AdjFileStamp now;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (battle->disk_path == NULL || !battle->disk_stamp.known)
    return FALSE;
  adj_file_stamp_path (&now, battle->disk_path);
  return !adj_file_stamp_equal (&now, &battle->disk_stamp);
}

gboolean
adj_store_save_battle (AdjBattle   *battle,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(json_object) json = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  json = adj_battle_to_json (battle);
  if (!adj_store_save_battle_json (json, path, error))
    return FALSE;
  remember_disk_file (battle, path, NULL);
  return TRUE;
}

gboolean
adj_store_save_battle_json (json_object  *json,
                            const char   *path,
                            GError      **error)
{
  static const char *const one_per_line[] = { "journal.entries", NULL };

  /* A journal entry to a line: readable, and far quicker to read back than indented. */
  return adj_file_save_json (json, one_per_line, path, error);
}

AdjBattle *
adj_store_load_battle (const char  *path,
                       GError     **error)
{
  g_autoptr(json_object) json = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autofree char *display = NULL;
  GStatBuf st;

  json = adj_json_parse_file_stat (path, &st, error);
  if (json == NULL)
    return NULL;
  display = g_filename_display_basename (path);
  battle = adj_battle_from_json (json, display, error);
  /* An autosave is not the battle's file: whether that changed on disk is not known. */
  if (battle != NULL && !json_object_object_get_ex (json, "autosave", NULL))
    remember_disk_file (battle, path, &st);
  return g_steal_pointer (&battle);
}

const char *
adj_store_sniff_format (json_object *json)
{
  json_object *format;

  if (json_object_is_type (json, json_type_object) &&
      json_object_object_get_ex (json, "format", &format) &&
      json_object_is_type (format, json_type_string))
    return json_object_get_string (format);
  return NULL;
}

char *
adj_store_autosave_dir (void)
{
  char *dir = g_build_filename (g_get_user_data_dir (), "adjutant", "autosave", NULL);

  g_mkdir_with_parents (dir, 0700);
  return dir;
}

char *
adj_store_autosave_path (AdjBattle *battle)
{
  g_autofree char *dir = adj_store_autosave_dir ();
  g_autofree char *name = g_strconcat (adj_battle_get_uid (battle), ".json", NULL);

  return g_build_filename (dir, name, NULL);
}

void
adj_store_start_autosave (AdjBattle *battle)
{
  g_autofree char *path = adj_store_autosave_path (battle);

  adj_battle_set_autosave_func (battle, adj_store_write_autosave);
  adj_battle_set_autosave_path (battle, path);
}

/* The autosave is written here, with the other battle files; the battle only calls this
 * through the AdjAutosaveFunc it holds, after each journal change. */
gboolean
adj_store_write_autosave (AdjBattle   *battle,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(json_object) json = NULL;
  json_object *meta;
  const char *file_path;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  file_path = adj_battle_get_file_path (battle);
  json = adj_battle_to_json (battle);
  meta = json_object_new_object ();
  json_object_object_add (meta, "file", file_path != NULL
                                        ? json_object_new_string (file_path) : NULL);
  json_object_object_add (json, "autosave", meta);
  return adj_store_save_battle_json (json, path, error);
}
