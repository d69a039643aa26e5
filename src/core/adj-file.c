/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-file.c: writing a file atomically and durably. */

#define G_LOG_DOMAIN "adj-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adj-error.h"
#include "adj-file.h"
#include "adj-i18n.h"
#include "adj-json.h"

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

/* A save that failed half-way: the temporary file goes (closed first, when @fd is open), the
 * file that was there stays as it was. */
static gboolean
discard_temporary (int         fd,
                   const char *tmpl,
                   GError    **error,
                   const char *display,
                   const char *what,
                   int         saved_errno)
{
  if (fd >= 0)
    close (fd);
  g_unlink (tmpl);
  return io_error (error, display, what, saved_errno);
}

/* Where a save to @path really lands: through symbolic links, to the file they point at. */
static char *
resolve_links (const char *path)
{
  char *current = g_strdup (path);

  for (guint depth = 0; depth < 32; depth++)
    {
      g_autofree char *target = g_file_read_link (current, NULL);
      char *next;

      if (target == NULL)
        return current;
      if (g_path_is_absolute (target))
        next = g_steal_pointer (&target);
      else
        {
          g_autofree char *dir = g_path_get_dirname (current);
          next = g_build_filename (dir, target, NULL);
        }
      g_free (current);
      current = next;
    }
  return current;
}

/* What g_file_set_contents_full() does (a temporary file beside the old one, written, synced,
 * renamed over it), done here because it cannot keep this function's promises: its GFileError
 * says neither which step failed nor the system's own error (a folder out of inodes and a disk
 * out of room are both G_FILE_ERROR_NOSPC, one failing to create the file and the other to
 * write it); its writes cannot go through the test hook; it replaces a symbolic link rather
 * than the file the link points at; and it does not sync the folder after the rename. */
gboolean
adj_store_write_atomic (const char  *path,
                        const char  *text,
                        gsize        length,
                        GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *real = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmpl = NULL;
  GStatBuf st;
  mode_t mode = 0644;
  int fd;
  gsize done = 0;

  g_return_val_if_fail (path != NULL && text != NULL, FALSE);

  display = g_filename_display_name (path);
  real = resolve_links (path);
  if (g_stat (real, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO,
                       _("%s: this is a folder; choose a file name to save to"), display);
          return FALSE;
        }
      /* A file no one may write (chmod a-w) is one its owner asked to keep as it is, even
       * though renaming over it would succeed. */
      if ((st.st_mode & 0222) == 0)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO,
                       _("%s: the file is read-only and was left as it was; save to another "
                         "file, or make it writable first"), display);
          return FALSE;
        }
      /* The new file takes the place of the old one: keep who may read it. */
      mode = st.st_mode & 0777;
    }

  dir = g_path_get_dirname (real);
  base = g_path_get_basename (real);
  tmpl = g_strdup_printf ("%s%s.%s.XXXXXX", dir, G_DIR_SEPARATOR_S, base);
  fd = g_mkstemp_full (tmpl, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return io_error (error, display, _("cannot create a file in this folder"), errno);
  if (fchmod (fd, mode) != 0)
    return discard_temporary (fd, tmpl, error, display, _("cannot set the file's permissions"),
                              errno);

  while (done < length)
    {
      gssize n = write_func (fd, text + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return discard_temporary (fd, tmpl, error, display,
                                  _("writing failed, the file was left as it was"),
                                  n < 0 ? errno : ENOSPC);
      done += (gsize) n;
    }

  if (fsync (fd) != 0)
    return discard_temporary (fd, tmpl, error, display,
                              _("the disk did not confirm the write, the file was left as it "
                                "was"), errno);
  if (close (fd) != 0)
    return discard_temporary (-1, tmpl, error, display,
                              _("writing failed, the file was left as it was"), errno);
  if (g_rename (tmpl, real) != 0)
    return discard_temporary (-1, tmpl, error, display, _("cannot replace the file"), errno);

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
adj_file_save_json (json_object        *json,
                    const char * const *one_per_line,
                    const char         *path,
                    GError            **error)
{
  g_autofree char *text = adj_json_to_string_lines (json, TRUE, one_per_line);
  gsize length = strlen (text);

  /* The file ends with a newline. */
  text = g_realloc (text, length + 2);
  text[length++] = '\n';
  text[length] = '\0';
  return adj_store_write_atomic (path, text, length, error);
}

gboolean
adj_store_save_json (json_object  *json,
                     const char   *path,
                     GError      **error)
{
  return adj_file_save_json (json, NULL, path, error);
}
