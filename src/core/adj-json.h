/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-json.h: reading JSON safely and reporting where a document is wrong.
 *
 * Every getter takes the name of the file and the JSON path of the object it looks into, so an
 * error can say "battle.json: $.units[3].type: expected a string, found a number".
 */

#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* Limits that keep a hostile or broken file from exhausting memory or the stack. */
#define ADJ_JSON_MAX_SIZE  (64 * 1024 * 1024)
#define ADJ_JSON_MAX_DEPTH 64

json_object *adj_json_parse_data (const char  *data,
                                  gsize        length,
                                  const char  *name,
                                  GError     **error);
json_object *adj_json_parse_file (const char  *path,
                                  GError     **error);

/* Reading the items of one big array (a journal's entries) straight into what a program keeps,
 * rather than into json-c's values first.  @path is the keys that lead from the document's
 * top to the array.  For each item, @read reads from the reader what it knows and returns
 * what it made; or NULL, having read as much as it liked, when anything is not as it expects
 * (another shape, a wrong type, broken text): the item is then read again from its start as
 * any other value, and whoever checks the document finds what is wrong, as without a reader.
 * An item made by @read stands in the array as a raw value of the item's text, which holds
 * what @read made. */
typedef struct _AdjJsonReader AdjJsonReader;

typedef struct {
  const char * const *path;
  gpointer          (*read) (AdjJsonReader *reader,
                             gpointer       data);
  GDestroyNotify      free_item;
  gpointer            data;
} AdjJsonItems;

json_object *adj_json_parse_data_full (const char          *data,
                                       gsize                length,
                                       const char          *name,
                                       const AdjJsonItems  *items,
                                       GError             **error);
json_object *adj_json_parse_file_full (const char          *path,
                                       const AdjJsonItems  *items,
                                       GError             **error);

/* After white space, the character @c, taken; FALSE (and nothing taken) for anything else,
 * or for a bracket that would nest too deep. */
gboolean adj_json_reader_take   (AdjJsonReader  *reader,
                                 char            c);
/* A string; *@text (@length bytes, without a NUL at the end) lasts until the next string. */
gboolean adj_json_reader_string (AdjJsonReader  *reader,
                                 const char    **text,
                                 gsize          *length);
/* A whole number of at most 18 digits, without a sign, fraction or exponent. */
gboolean adj_json_reader_uint   (AdjJsonReader  *reader,
                                 guint64        *v);
/* Any value, as the document's reader makes it; NULL for a JSON null. */
gboolean adj_json_reader_value  (AdjJsonReader  *reader,
                                 json_object   **out);

/* A raw value: a JSON text kept as it was read, standing for a value in a document, and
 * written out as it is.  It is a json-c string holding the text, and @data, which it frees
 * with @destroy unless it was taken.  No other string in a document has user data. */
json_object *adj_json_raw_new        (const char     *text,
                                      gsize           length,
                                      gpointer        data,
                                      GDestroyNotify  destroy);
gboolean     adj_json_is_raw         (json_object    *value);
gpointer     adj_json_raw_steal_data (json_object    *raw);

/* Shared values.  A value that is never changed once made can be one value referred to from
 * many places, which saves making and freeing it each time: true, false, the integers below
 * ADJ_JSON_SHARED_INTS, card names, the ids of a fixed set.  Nothing may change a value in
 * place (json_object_set_int() and the like) once it is in a tree: it may be shared.  Each call
 * returns a new reference. */
#define ADJ_JSON_SHARED_INTS 128

json_object *adj_json_shared_boolean (gboolean      b);
/* Shared when 0 <= @v < ADJ_JSON_SHARED_INTS, a new value otherwise. */
json_object *adj_json_shared_int     (gint64        v);
/* The string value kept in @slot (a static, NULL at first), made from @text the first time. */
json_object *adj_json_shared_string  (json_object **slot,
                                      const char   *text);
/* Adds @value under @key, a string that outlives @obj (a literal) and is not yet in @obj:
 * for records being built, without copying the key or looking for it first. */
void         adj_json_add_new        (json_object  *obj,
                                      const char   *key,
                                      json_object  *value);

const char  *adj_json_type_name  (json_object *value);
char        *adj_json_path_key   (const char  *path,
                                  const char  *key);
char        *adj_json_path_index (const char  *path,
                                  gsize        index);
/* adj_json_path_index() and adj_json_path_key() into @buf, without allocating (long paths are
 * cut short), for loops over big arrays. */
const char  *adj_json_path_index_buf (char       *buf,
                                      gsize       size,
                                      const char *path,
                                      gsize       index);
const char  *adj_json_path_key_buf   (char       *buf,
                                      gsize       size,
                                      const char *path,
                                      const char *key);

gboolean adj_json_fail (GError     **error,
                        int          code,
                        const char  *file,
                        const char  *path,
                        const char  *format,
                        ...) G_GNUC_PRINTF (5, 6);

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

/* An object's values gathered in one pass over its keys, for the thousands of small objects of
 * a journal, where a lookup per key cost more than the rest of the reading.  The field getters
 * check and fail exactly as the getters above do, for the key @keys[@i]. */
#define ADJ_JSON_MAX_FIELDS 16

typedef struct {
  const char * const *keys;
  json_object        *values[ADJ_JSON_MAX_FIELDS];
  guint32             present;   /* bit i: the object has the key keys[i], maybe as null */
  const char         *file;
  const char         *path;
} AdjJsonFields;

/* Fails as adj_json_expect_object() and adj_json_check_keys() do.  @keys, NULL-terminated, has
 * at most ADJ_JSON_MAX_FIELDS keys; @path must outlive @fields. */
gboolean adj_json_fields_read   (AdjJsonFields        *fields,
                                 json_object          *object,
                                 const char * const   *keys,
                                 const char           *file,
                                 const char           *path,
                                 GError              **error);
gboolean adj_json_field_string  (const AdjJsonFields  *fields,
                                 guint                 i,
                                 gboolean              required,
                                 const char          **out,
                                 GError              **error);
gboolean adj_json_field_int     (const AdjJsonFields  *fields,
                                 guint                 i,
                                 gboolean              required,
                                 gint64                min,
                                 gint64                max,
                                 gint64               *out,
                                 GError              **error);
gboolean adj_json_field_bool    (const AdjJsonFields  *fields,
                                 guint                 i,
                                 gboolean              required,
                                 gboolean             *out,
                                 GError              **error);
gboolean adj_json_field_array   (const AdjJsonFields  *fields,
                                 guint                 i,
                                 gboolean              required,
                                 json_object         **out,
                                 GError              **error);
gboolean adj_json_field_object  (const AdjJsonFields  *fields,
                                 guint                 i,
                                 gboolean              required,
                                 json_object         **out,
                                 GError              **error);

/* The kinds of Adjutant file, for the "format" and "version" every one of them starts with. */
typedef enum {
  ADJ_FILE_BATTLE,
  ADJ_FILE_ARMY,
  ADJ_FILE_RULESET,
} AdjFileKind;

/* Check that @root is an object whose "format" is @format and whose "version" this build
 * reads (1 to @max_version); the version found goes to @version. */
gboolean adj_json_check_format (json_object  *root,
                                AdjFileKind   kind,
                                const char   *format,
                                gint64        max_version,
                                gint64       *version,
                                const char   *file,
                                GError      **error);

/* An identifier: lower-case letters, digits and dashes, 1 to 64 characters. */
gboolean adj_json_is_identifier (const char *text);

/* A deep copy (NULL for NULL). */
json_object *adj_json_copy (json_object *value);
/* Deep equality, where NULL equals a JSON null. */
gboolean     adj_json_equal (json_object *a,
                             json_object *b);

char *adj_json_to_string (json_object *value,
                          gboolean     pretty);
/* Pretty, except that every element of the arrays at the paths in @one_per_line (dotted keys
 * from the top: "journal.entries") is written on one line of its own. */
char *adj_json_to_string_lines (json_object        *value,
                                gboolean            pretty,
                                const char * const *one_per_line);

G_END_DECLS
