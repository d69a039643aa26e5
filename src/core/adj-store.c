/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-store.c: reading and writing battles and army lists, safely. */

#define G_LOG_DOMAIN "adj-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-store.h"

static gssize
real_write (int         fd,
            const void *buf,
            gsize       count)
{
  return write (fd, buf, count);
}

static AdjStoreWriteFunc write_func = real_write;

void
adj_store_set_write_func (AdjStoreWriteFunc func)
{
  write_func = func != NULL ? func : real_write;
}

static gboolean
io_error (GError    **error,
          const char *display,
          const char *what,
          int         saved_errno)
{
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, "%s: %s: %s", display, what,
               g_strerror (saved_errno));
  return FALSE;
}

gboolean
adj_store_write_atomic (const char  *path,
                        const char  *text,
                        gsize        length,
                        GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmpl = NULL;
  GStatBuf st;
  int fd;
  gsize done = 0;
  int saved;

  g_return_val_if_fail (path != NULL && text != NULL, FALSE);

  display = g_filename_display_name (path);
  if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO,
                   _("%s: this is a folder; choose a file name to save to"), display);
      return FALSE;
    }

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  tmpl = g_strdup_printf ("%s%s.%s.XXXXXX", dir, G_DIR_SEPARATOR_S, base);
  fd = g_mkstemp_full (tmpl, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    return io_error (error, display, _("cannot create a file in this folder"), errno);

  while (done < length)
    {
      gssize n = write_func (fd, text + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          saved = n < 0 ? errno : ENOSPC;
          close (fd);
          g_unlink (tmpl);
          return io_error (error, display, _("writing failed, the file was left as it was"),
                           saved);
        }
      done += (gsize) n;
    }

  if (fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      g_unlink (tmpl);
      return io_error (error, display, _("the disk did not confirm the write, the file was left "
                                         "as it was"), saved);
    }
  if (close (fd) != 0)
    {
      saved = errno;
      g_unlink (tmpl);
      return io_error (error, display, _("writing failed, the file was left as it was"), saved);
    }
  if (g_rename (tmpl, path) != 0)
    {
      saved = errno;
      g_unlink (tmpl);
      return io_error (error, display, _("cannot replace the file"), saved);
    }

  /* Make the rename itself durable: a crash now must not bring the old file back. */
  {
    int dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0)
      {
        fsync (dfd);
        close (dfd);
      }
  }
  return TRUE;
}

gboolean
adj_store_save_json (json_object  *json,
                     const char   *path,
                     GError      **error)
{
  g_autofree char *text = adj_json_to_string (json, TRUE);
  g_autofree char *with_newline = g_strconcat (text, "\n", NULL);

  return adj_store_write_atomic (path, with_newline, strlen (with_newline), error);
}

gboolean
adj_store_save_battle (AdjBattle   *battle,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(json_object) json = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  json = adj_battle_to_json (battle);
  return adj_store_save_json (json, path, error);
}

AdjBattle *
adj_store_load_battle (const char  *path,
                       GError     **error)
{
  g_autoptr(json_object) json = adj_json_parse_file (path, error);
  g_autofree char *display = NULL;

  if (json == NULL)
    return NULL;
  display = g_filename_display_basename (path);
  return adj_battle_from_json (json, display, error);
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
