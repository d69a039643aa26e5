/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-file.h: writing a file safely.
 *
 * A save never damages the file that is there: the new text goes to a temporary file in the
 * same folder, is flushed to the disk, and only then replaces the old file in one rename.
 */

#pragma once

#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* Write @text to @path atomically and durably. */
gboolean   adj_store_write_atomic  (const char         *path,
                                    const char         *text,
                                    gsize               length,
                                    GError            **error);
/* @json as adj_json_to_string_lines() writes it, ending with a newline, written atomically. */
gboolean   adj_file_save_json      (json_object        *json,
                                    const char * const *one_per_line,
                                    const char         *path,
                                    GError            **error);
/* adj_file_save_json() without a key written one value to a line. */
gboolean   adj_store_save_json     (json_object        *json,
                                    const char         *path,
                                    GError            **error);

/* How long a second writer waits for a battle's lock before it gives up, in milliseconds. */
#define ADJ_FILE_LOCK_WAIT_MS 5000

/* An advisory lock on a file, held by one writer at a time: taken before a file is read to be
 * changed and released after the change is saved, so that two programs changing one battle at
 * once cannot lose each other's change.  It is a lock file beside the file (".NAME.lock"),
 * removed when the lock is released. */
typedef struct _AdjFileLock AdjFileLock;

/* Wait up to @wait_ms for the lock on @path; fails with ADJ_ERROR_IO when another program
 * still holds it then. */
AdjFileLock *adj_file_lock   (const char   *path,
                              guint         wait_ms,
                              GError      **error);
void         adj_file_unlock (AdjFileLock  *lock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjFileLock, adj_file_unlock)

/* What tells one version of a file from another: which file the name leads to, its size and
 * when it was last written.  An atomic save always makes a new file. */
typedef struct {
  gboolean known;
  guint64  device;
  guint64  inode;
  guint64  size;
  gint64   modified_ns;
} AdjFileStamp;

void     adj_file_stamp_from_stat (AdjFileStamp       *stamp,
                                   const GStatBuf     *st);
/* FALSE when @path cannot be read. */
gboolean adj_file_stamp_path      (AdjFileStamp       *stamp,
                                   const char         *path);
gboolean adj_file_stamp_equal     (const AdjFileStamp *a,
                                   const AdjFileStamp *b);

/* Temporary files a save left behind when it was cut short (by a crash or a power cut) are
 * removed by the next save beside them once they are a minute old.  The age, in seconds: */
#define ADJ_FILE_STALE_SECONDS 60
/* Remove every such temporary file in @dir that is a minute old (the app does so in its
 * autosave folder as it starts). */
void       adj_file_remove_stale_temporaries (const char *dir);

/* Replaces write() for tests that simulate a full disk; NULL restores the real one. */
typedef gssize (*AdjStoreWriteFunc) (int fd, const void *buf, gsize count);
void       adj_store_set_write_func (AdjStoreWriteFunc func);

G_END_DECLS
