/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-json.h: reading JSON safely and reporting where a document is wrong.
 *
 * Every getter takes the name of the file and the JSON path of the object it looks into, so an
 * error can say "battle.json: $.units[3].type: expected a string, found a number".
 */

#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <gmp.h>
#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* Limits that keep a hostile or broken file from exhausting memory or the stack. */
#define ADJ_JSON_MAX_SIZE  (64 * 1024 * 1024)
#define ADJ_JSON_MAX_DEPTH 64
/* Every object or array costs json-c far more memory than the bytes that write it ("{}"): the
 * number of values, and of objects and arrays among them, is bounded too.  The largest battle
 * the size limit lets through holds fewer than half of each. */
#define ADJ_JSON_MAX_VALUES     8000000
#define ADJ_JSON_MAX_CONTAINERS 1000000

/* Parsed with json-c's strict tokener; a syntax error is reported with its line and column. */
json_object *adj_json_parse_data (const char  *data,
                                  gsize        length,
                                  const char  *name,
                                  GError     **error);
/* A file of Adjutant's own: only a regular file is read (not a folder, a device or a pipe), no
 * more than ADJ_JSON_MAX_SIZE of it, and a key given twice in one object or a string holding
 * a control character (other than a tab or a line break) is refused with its JSON path. */
json_object *adj_json_parse_file (const char  *path,
                                  GError     **error);
/* The same, also giving the file's status as it was read, to tell later whether it changed. */
json_object *adj_json_parse_file_stat (const char  *path,
                                       GStatBuf    *st,
                                       GError     **error);

const char  *adj_json_type_name  (json_object *value);
char        *adj_json_path_key   (const char  *path,
                                  const char  *key);
char        *adj_json_path_index (const char  *path,
                                  gsize        index);

gboolean adj_json_fail (GError     **error,
                        int          code,
                        const char  *file,
                        const char  *path,
                        const char  *format,
                        ...) G_GNUC_PRINTF (5, 6);

/* As adj_json_fail(), at @path's member @key. */
gboolean adj_json_fail_at (GError     **error,
                           int          code,
                           const char  *file,
                           const char  *path,
                           const char  *key,
                           const char  *format,
                           ...) G_GNUC_PRINTF (6, 7);
/* "unknown key", at @path's member @key. */
gboolean adj_json_fail_unknown_key (GError     **error,
                                    const char  *file,
                                    const char  *path,
                                    const char  *key);
gboolean adj_json_expect_object (json_object  *value,
                                 const char   *file,
                                 const char   *path,
                                 GError      **error);
gboolean adj_json_check_keys    (json_object        *object,
                                 const char * const *allowed,
                                 const char         *file,
                                 const char         *path,
                                 GError            **error);

/* Each getter looks up @key in @object (which is at @path).  When the key is missing, a
 * required getter fails and an optional one leaves *out untouched and succeeds. */
gboolean adj_json_get_string (json_object  *object,
                              const char   *key,
                              gboolean      required,
                              const char  **out,
                              const char   *file,
                              const char   *path,
                              GError      **error);
gboolean adj_json_get_int    (json_object  *object,
                              const char   *key,
                              gboolean      required,
                              gint64        min,
                              gint64        max,
                              gint64       *out,
                              const char   *file,
                              const char   *path,
                              GError      **error);
gboolean adj_json_get_bool   (json_object  *object,
                              const char   *key,
                              gboolean      required,
                              gboolean     *out,
                              const char   *file,
                              const char   *path,
                              GError      **error);
gboolean adj_json_get_array  (json_object  *object,
                              const char   *key,
                              gboolean      required,
                              json_object **out,
                              const char   *file,
                              const char   *path,
                              GError      **error);
gboolean adj_json_get_object (json_object  *object,
                              const char   *key,
                              gboolean      required,
                              json_object **out,
                              const char   *file,
                              const char   *path,
                              GError      **error);

/* The kinds of Adjutant file, for the "format" and "version" every one of them starts with. */
typedef enum {
  ADJ_FILE_BATTLE,
  ADJ_FILE_ARMY,
  ADJ_FILE_RULESET,
  ADJ_FILE_TABLES,
} AdjFileKind;

/* Check that @root is an object whose "format" is @format and whose "version" this build
 * reads (1 to @max_version); the version found goes to @version. */
gboolean adj_json_check_format    (json_object  *root,
                                   AdjFileKind   kind,
                                   const char   *format,
                                   gint64        max_version,
                                   gint64       *version,
                                   const char   *file,
                                   GError      **error);
/* The same for a document at @path in @file ("$.tables" for the tables a battle carries). */
gboolean adj_json_check_format_at (json_object  *root,
                                   AdjFileKind   kind,
                                   const char   *format,
                                   gint64        max_version,
                                   gint64       *version,
                                   const char   *file,
                                   const char   *path,
                                   GError      **error);

/* An identifier: lower-case letters, digits and dashes, 1 to 64 characters. */
gboolean adj_json_is_identifier (const char *text);

/* A name of a battle, side, army or unit, as every editor and every loader accepts it: valid
 * UTF-8 of 1 to ADJ_NAME_MAX characters, not only spaces, with no control characters. */
#define ADJ_NAME_MAX 200
gboolean    adj_name_is_valid (const char *name);
/* That rule in words, for a message: "expected a name of 1 to 200 characters …". */
const char *adj_name_rule     (void);

/* A deep copy (NULL for NULL). */
json_object *adj_json_copy (json_object *value);
/* Deep equality, where NULL equals a JSON null. */
gboolean     adj_json_equal (json_object *a,
                             json_object *b);

/* A whole number as JSON: a number up to 2^53, which every JSON reader takes exactly, and past
 * that its digits as a string, which a reader that keeps numbers as doubles cannot round. */
json_object *adj_json_new_whole     (const mpz_t value);
json_object *adj_json_new_whole_u64 (guint64     value);

/* A new object {"id": @id, "label": @label}: a choice as a script reads it. */
json_object *adj_json_new_id_label (const char *id,
                                    const char *label);

char *adj_json_to_string (json_object *value,
                          gboolean     pretty);
/* Pretty, except that every element of the arrays at the paths in @one_per_line (dotted keys
 * from the top: "journal.entries") is written on one line of its own. */
char *adj_json_to_string_lines (json_object        *value,
                                gboolean            pretty,
                                const char * const *one_per_line);

G_END_DECLS
