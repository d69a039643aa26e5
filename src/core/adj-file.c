/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-file.c: writing a file atomically and durably. */

#define G_LOG_DOMAIN "adj-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
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

/* Whether @name is one of the temporary files a save of the file @base writes (".BASE.XXXXXX",
 * as g_mkstemp_full() fills it in). */
static gboolean
is_temporary_of (const char *name,
                 const char *base)
{
  gsize base_length = strlen (base);

  if (name[0] != '.' || strncmp (name + 1, base, base_length) != 0 ||
      name[1 + base_length] != '.' || strlen (name + 2 + base_length) != 6)
    return FALSE;
  for (const char *c = name + 2 + base_length; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

/* Remove what earlier saves of @base in @dir left behind when they were cut short.  A save
 * under way now has written its temporary file within the last minute, and is left alone. */
static void
remove_stale_temporaries (const char *dir,
                          const char *base)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *of = NULL;
      GStatBuf st;

      /* Without a @base, a temporary file of any file counts (".NAME.XXXXXX"). */
      if (base == NULL && strlen (name) > 8 && name[0] == '.')
        of = g_strndup (name + 1, strlen (name) - 8);
      if (!is_temporary_of (name, base != NULL ? base : of != NULL ? of : ""))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_lstat (path, &st) == 0 && S_ISREG (st.st_mode) &&
          now - (gint64) st.st_mtime > ADJ_FILE_STALE_SECONDS)
        g_unlink (path);
    }
}

void
adj_file_remove_stale_temporaries (const char *dir)
{
  g_return_if_fail (dir != NULL);
  remove_stale_temporaries (dir, NULL);
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
  remove_stale_temporaries (dir, base);
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

struct _AdjFileLock {
  int   fd;
  char *path;
};

AdjFileLock *
adj_file_lock (const char  *path,
               guint        wait_ms,
               GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *real = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  g_autofree char *lock_path = NULL;
  gint64 deadline = g_get_monotonic_time () + (gint64) wait_ms * 1000;

  g_return_val_if_fail (path != NULL, NULL);

  display = g_filename_display_name (path);
  real = resolve_links (path);
  dir = g_path_get_dirname (real);
  base = g_path_get_basename (real);
  name = g_strconcat (".", base, ".lock", NULL);
  lock_path = g_build_filename (dir, name, NULL);

  for (;;)
    {
      int fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
      GStatBuf held, named;

      if (fd < 0)
        {
          io_error (error, display, _("cannot create the lock file beside it"), errno);
          return NULL;
        }
      if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        {
          /* The holder before removes the lock file as it lets go: a lock on a file that is
           * no longer there, or no longer under that name, is no lock.  Try again. */
          if (fstat (fd, &held) == 0 && g_stat (lock_path, &named) == 0 &&
              held.st_dev == named.st_dev && held.st_ino == named.st_ino)
            {
              AdjFileLock *lock = g_new0 (AdjFileLock, 1);

              lock->fd = fd;
              lock->path = g_steal_pointer (&lock_path);
              return lock;
            }
          close (fd);
          continue;
        }
      if (errno != EWOULDBLOCK && errno != EINTR)
        {
          int saved_errno = errno;

          close (fd);
          io_error (error, display, _("cannot lock the file"), saved_errno);
          return NULL;
        }
      close (fd);
      if (g_get_monotonic_time () >= deadline)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO,
                       _("%s: another program is changing this battle; nothing was changed. "
                         "Try again when it has finished"), display);
          return NULL;
        }
      g_usleep (10 * 1000);
    }
}

void
adj_file_unlock (AdjFileLock *lock)
{
  if (lock == NULL)
    return;
  /* Removed while still held, so that no one can take a lock on it that no longer counts. */
  g_unlink (lock->path);
  close (lock->fd);
  g_free (lock->path);
  g_free (lock);
}

void
adj_file_stamp_from_stat (AdjFileStamp   *stamp,
                          const GStatBuf *st)
{
  stamp->known = TRUE;
  stamp->device = (guint64) st->st_dev;
  stamp->inode = (guint64) st->st_ino;
  stamp->size = (guint64) st->st_size;
  stamp->modified_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) +
                       st->st_mtim.tv_nsec;
}

gboolean
adj_file_stamp_path (AdjFileStamp *stamp,
                     const char   *path)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      stamp->known = FALSE;
      return FALSE;
    }
  adj_file_stamp_from_stat (stamp, &st);
  return TRUE;
}

gboolean
adj_file_stamp_equal (const AdjFileStamp *a,
                      const AdjFileStamp *b)
{
  return a->known == b->known && a->device == b->device && a->inode == b->inode &&
         a->size == b->size && a->modified_ns == b->modified_ns;
}
