/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-file.h: writing a file safely.
 *
 * A save never damages the file that is there: the new text goes to a temporary file in the
 * same folder, is flushed to the disk, and only then replaces the old file in one rename.
 */

#pragma once

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

/* Replaces write() for tests that simulate a full disk; NULL restores the real one. */
typedef gssize (*AdjStoreWriteFunc) (int fd, const void *buf, gsize count);
void       adj_store_set_write_func (AdjStoreWriteFunc func);

G_END_DECLS
