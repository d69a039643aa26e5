/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-json.c: reading JSON safely and reporting where a document is wrong. */

#define G_LOG_DOMAIN "adj-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <string.h>

#include "adj-error.h"
#include "adj-json.h"

static void
offset_to_line_column (const char *data,
                       gsize       offset,
                       guint      *line,
                       guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && data[i] != '\0'; i++)
    {
      if (data[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else
        (*column)++;
    }
}

/* What json-c's tokener says went wrong, as a message of our own that says what was expected;
 * *@offset may move to where the problem really is.  json-c's own descriptions are English
 * only, and name its parser's states rather than the text. */
static const char *
describe_syntax_error (enum json_tokener_error  err,
                       const char              *data,
                       gsize                   *offset)
{
  switch (err)
    {
    case json_tokener_error_depth:
      return _("nesting too deep");
    case json_tokener_error_parse_unexpected:
    case json_tokener_error_parse_null:
    case json_tokener_error_parse_boolean:
      return _("unexpected character");
    case json_tokener_error_parse_array:
      return _("a “,” or “]” was expected");
    case json_tokener_error_parse_object_key_name:
      return _("a key in quotes was expected");
    case json_tokener_error_parse_object_key_sep:
      return _("a “:” was expected after the key");
    case json_tokener_error_parse_object_value_sep:
      return _("a “,” or “}” was expected");
    case json_tokener_error_parse_string:
      return _("a string holds an escape that is not valid");
    case json_tokener_error_parse_number:
      {
        /* json-c reads a whole number before it checks it, and stops after it: "01" is
         * refused at its end, and is told apart here from a number cut short ("-", "1e"). */
        gsize start = *offset;

        while (start > 0 && strchr ("0123456789+-.eE", data[start - 1]) != NULL)
          start--;
        if (start < *offset && data[start] == '-')
          start++;
        if (start + 1 < *offset && data[start] == '0' && g_ascii_isdigit (data[start + 1]))
          {
            *offset = start + 1;
            return _("a number may not start with a 0");
          }
        return _("a number was expected");
      }
    default:
      return json_tokener_error_desc (err);
    }
}

/* What a text holds outside its strings, counted in one pass before json-c reads it. */
typedef struct {
  guint64 containers;     /* "{" and "[" */
  guint64 commas;
  gsize   not_a_number;   /* where the first N or I is, or the text's length */
} TextCounts;

static void
count_outside_strings (const char *data,
                       gsize       length,
                       TextCounts *counts)
{
  gboolean in_string = FALSE;

  *counts = (TextCounts) { 0, 0, length };
  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        counts->containers++;
      else if (c == ',')
        counts->commas++;
      else if ((c == 'N' || c == 'I') && counts->not_a_number == length)
        counts->not_a_number = i;
    }
}

static gboolean
is_json_space (char c)
{
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* Refuse a text that could hold more values, or more objects and arrays, than the limits,
 * before json-c builds any of them.  Every value but the first is an object's or an array's
 * first member, or follows a comma. */
static gboolean
check_value_count (const TextCounts  *counts,
                   const char        *name,
                   GError           **error)
{
  if (counts->containers > ADJ_JSON_MAX_CONTAINERS)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file holds more than %d objects and arrays, more than a battle, "
                     "army list or ruleset may have"), name, ADJ_JSON_MAX_CONTAINERS);
      return FALSE;
    }
  if (1 + counts->containers + counts->commas > ADJ_JSON_MAX_VALUES)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file holds more than %d values, more than a battle, army list "
                     "or ruleset may have"), name, ADJ_JSON_MAX_VALUES);
      return FALSE;
    }
  return TRUE;
}

json_object *
adj_json_parse_data (const char  *data,
                     gsize        length,
                     const char  *name,
                     GError     **error)
{
  json_tokener *tok;
  json_object *root;
  enum json_tokener_error err;
  const char *bad = NULL;
  TextCounts counts;
  gsize end;
  guint line, column;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > ADJ_JSON_MAX_SIZE)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file is %llu bytes, more than the %d bytes a battle, army list "
                     "or ruleset may have"),
                   name, (unsigned long long) length, ADJ_JSON_MAX_SIZE);
      return NULL;
    }
  if (length == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE, _("%s: the file is empty"), name);
      return NULL;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file holds a NUL byte, so it is not a JSON text file"), name);
      return NULL;
    }

  /* Every string Adjutant takes from a file must be UTF-8.  GLib checks it, rather than json-c,
   * whose check lets through lead bytes past U+10FFFF, encoded surrogates and overlong
   * encodings. */
  if (!g_utf8_validate_len (data, length, &bad))
    {
      offset_to_line_column (data, (gsize) (bad - data), &line, &column);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the text is not valid UTF-8 at line %u, column %u"),
                   name, line, column);
      return NULL;
    }

  count_outside_strings (data, length, &counts);
  if (!check_value_count (&counts, name, error))
    return NULL;

  tok = json_tokener_new_ex (ADJ_JSON_MAX_DEPTH);
  /* What follows the value is checked below, to say so in a message of its own. */
  json_tokener_set_flags (tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
  root = json_tokener_parse_ex (tok, data, (int) length);
  err = json_tokener_get_error (tok);
  end = json_tokener_get_parse_end (tok);
  if (err == json_tokener_continue)
    {
      /* A number or a word at the very end ("12", "true") waits for a character that ends it:
       * the NUL after a text ends it, but not a value cut short. */
      root = json_tokener_parse_ex (tok, "", 1);
      err = json_tokener_get_error (tok);
      end = length;
      if (err != json_tokener_success)
        {
          json_tokener_free (tok);
          json_object_put (root);
          offset_to_line_column (data, length, &line, &column);
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                       _("%s: the JSON text ends too early (line %u, column %u): "
                         "the file looks truncated"),
                       name, line, column);
          return NULL;
        }
    }
  json_tokener_free (tok);
  if (err != json_tokener_success)
    {
      const char *what = describe_syntax_error (err, data, &end);

      offset_to_line_column (data, end, &line, &column);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: not valid JSON at line %u, column %u: %s"), name, line, column, what);
      json_object_put (root);
      return NULL;
    }

  while (end < length && is_json_space (data[end]))
    end++;
  if (end < length)
    {
      offset_to_line_column (data, end, &line, &column);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: unexpected text after the JSON value at line %u, column %u"),
                   name, line, column);
      json_object_put (root);
      return NULL;
    }
  /* json-c reads NaN, Infinity and -Infinity even in its strict mode.  They are not JSON, and
   * a value that is not a number cannot be written back as one: they are refused.  In a text
   * that json-c read, an N or an I outside a string can only start one of them. */
  if (counts.not_a_number < length)
    {
      gsize at = counts.not_a_number;
      gboolean negative = at > 0 && data[at - 1] == '-';

      offset_to_line_column (data, at, &line, &column);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: not valid JSON at line %u, column %u: %s"), name, line, column,
                   negative ? _("a number was expected") : _("unexpected character"));
      json_object_put (root);
      return NULL;
    }
  if (root == NULL)
    g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                 _("%s: the file holds only a JSON null"), name);
  return root;
}

/* Read at most ADJ_JSON_MAX_SIZE bytes of the regular file @path; its status goes to @st. */
static char *
read_regular_file (const char  *path,
                   const char  *display,
                   gsize       *length,
                   GStatBuf    *st,
                   GError     **error)
{
  g_autofree char *data = NULL;
  gsize size, done = 0;
  int fd;

  /* Opened without waiting, so that a pipe with no one writing to it does not block. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0 || fstat (fd, st) != 0)
    {
      int saved_errno = errno;

      if (fd >= 0)
        close (fd);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, _("%s: cannot read the file: %s"),
                   display, g_strerror (saved_errno));
      return NULL;
    }
  if (S_ISDIR (st->st_mode) || !S_ISREG (st->st_mode))
    {
      close (fd);
      if (S_ISDIR (st->st_mode))
        g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, _("%s: this is a folder, not a file"),
                     display);
      else
        g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO,
                     _("%s: this is not a regular file (a device, a pipe or a socket), so it "
                       "was not read"), display);
      return NULL;
    }

  /* The file may grow while it is read: what is past the limit is never read. */
  size = (guint64) st->st_size < ADJ_JSON_MAX_SIZE ? (gsize) st->st_size : ADJ_JSON_MAX_SIZE;
  data = g_malloc (size + 2);
  while (done <= size)
    {
      gssize n = read (fd, data + done, size + 1 - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          close (fd);
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, _("%s: cannot read the file: %s"),
                       display, g_strerror (saved_errno));
          return NULL;
        }
      if (n == 0)
        break;
      done += (gsize) n;
      if (done > size && size < ADJ_JSON_MAX_SIZE)
        {
          size = MIN (size * 2 + 4096, (gsize) ADJ_JSON_MAX_SIZE);
          data = g_realloc (data, size + 2);
        }
    }
  close (fd);
  if (done > ADJ_JSON_MAX_SIZE || (guint64) st->st_size > ADJ_JSON_MAX_SIZE)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file is %llu bytes, more than the %d bytes a battle, army "
                     "list or ruleset may have"),
                   display, (unsigned long long) MAX ((guint64) st->st_size, done),
                   ADJ_JSON_MAX_SIZE);
      return NULL;
    }
  data[done] = '\0';
  *length = done;
  return g_steal_pointer (&data);
}

/* Where the strict check of a file is: one level of the objects and arrays open there. */
typedef struct {
  gboolean    object;
  guint       index;    /* in an array: the element's */
  char       *key;      /* in an object: the member's, or NULL before the first */
  GHashTable *keys;     /* in an object: the keys met so far */
} Level;

/* From the opening quote at @data[*i]: the string's end (its closing quote goes to *@i), and
 * whether it holds a control character (written as it is or as an escape) or any escape. */
static void
scan_string (const char *data,
             gsize      *i,
             gboolean   *control,
             gboolean   *escaped)
{
  gsize j = *i + 1;

  *control = FALSE;
  *escaped = FALSE;
  for (; data[j] != '"'; j++)
    {
      guchar c = (guchar) data[j];

      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        *control = TRUE;
      if (c != '\\')
        continue;
      *escaped = TRUE;
      j++;
      if (data[j] == 'b' || data[j] == 'f')
        *control = TRUE;
      else if (data[j] == 'u' && data[j + 1] == '0' && data[j + 2] == '0' &&
               g_ascii_xdigit_value (data[j + 3]) < 2 &&
               !(data[j + 3] == '0' && strchr ("9aAdD", data[j + 4]) != NULL))
        *control = TRUE;
    }
  *i = j;
}

/* The text of the string between @start and @end (its quotes), its escapes undone. */
static char *
string_text (const char *data,
             gsize       start,
             gsize       end,
             gboolean    escaped)
{
  g_autoptr(json_object) value = NULL;
  json_tokener *tok;

  if (!escaped)
    return g_strndup (data + start + 1, end - start - 1);
  tok = json_tokener_new ();
  value = json_tokener_parse_ex (tok, data + start, (int) (end - start + 1));
  json_tokener_free (tok);
  return g_strdup (json_object_get_string (value));
}

static char *
levels_path (Level *levels,
             guint  depth)
{
  GString *path = g_string_new ("$");

  for (guint d = 0; d < depth; d++)
    {
      if (levels[d].object)
        g_string_append_printf (path, ".%s", levels[d].key != NULL ? levels[d].key : "");
      else
        g_string_append_printf (path, "[%u]", levels[d].index);
    }
  return g_string_free (path, FALSE);
}

/* Refuse a key given twice in one object (json-c keeps the last silently) and a string with a
 * control character, other than a tab or a line break, naming the path.  @data is JSON that
 * json-c read. */
static gboolean
check_strict (const char  *data,
              gsize        length,
              const char  *name,
              GError     **error)
{
  Level levels[ADJ_JSON_MAX_DEPTH + 1] = { { 0 } };
  guint depth = 0;
  gboolean ok = TRUE;

  for (gsize i = 0; i < length && ok; i++)
    {
      char c = data[i];

      if (c == '"')
        {
          gsize start = i, after;
          gboolean control, escaped;
          Level *level = depth > 0 ? &levels[depth - 1] : NULL;

          scan_string (data, &i, &control, &escaped);
          for (after = i + 1; after < length && is_json_space (data[after]); after++)
            ;
          if (level != NULL && level->object && after < length && data[after] == ':')
            {
              g_free (level->key);
              level->key = string_text (data, start, i, escaped);
              if (control)
                {
                  g_autofree char *path = levels_path (levels, depth);
                  ok = adj_json_fail (error, ADJ_ERROR_PARSE, name, path,
                                      _("a key holds a control character"));
                }
              else if (!g_hash_table_add (level->keys, g_strdup (level->key)))
                {
                  g_autofree char *path = levels_path (levels, depth);
                  ok = adj_json_fail (error, ADJ_ERROR_PARSE, name, path,
                                      _("the key is given twice in one object"));
                }
            }
          else if (control)
            {
              g_autofree char *path = levels_path (levels, depth);
              ok = adj_json_fail (error, ADJ_ERROR_PARSE, name, path,
                                  _("the text holds a control character"));
            }
        }
      else if (c == '{' || c == '[')
        {
          Level *level = &levels[depth++];

          level->object = c == '{';
          level->index = 0;
          g_clear_pointer (&level->key, g_free);
          if (level->object && level->keys == NULL)
            level->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          else if (level->object)
            g_hash_table_remove_all (level->keys);
        }
      else if (c == '}' || c == ']')
        depth--;
      else if (c == ',' && depth > 0 && !levels[depth - 1].object)
        levels[depth - 1].index++;
    }

  for (guint d = 0; d < G_N_ELEMENTS (levels); d++)
    {
      g_free (levels[d].key);
      g_clear_pointer (&levels[d].keys, g_hash_table_unref);
    }
  return ok;
}

json_object *
adj_json_parse_file_stat (const char  *path,
                          GStatBuf    *st,
                          GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = NULL;
  g_autoptr(json_object) json = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL && st != NULL, NULL);

  display = g_filename_display_name (path);
  data = read_regular_file (path, display, &length, st, error);
  if (data == NULL)
    return NULL;
  json = adj_json_parse_data (data, length, display, error);
  if (json == NULL || !check_strict (data, length, display, error))
    return NULL;
  return g_steal_pointer (&json);
}

json_object *
adj_json_parse_file (const char  *path,
                     GError     **error)
{
  GStatBuf st;

  return adj_json_parse_file_stat (path, &st, error);
}

const char *
adj_json_type_name (json_object *value)
{
  switch (json_object_get_type (value))
    {
    case json_type_null: return _("null");
    case json_type_boolean: return _("a boolean");
    case json_type_double: return _("a number with a fraction");
    case json_type_int: return _("an integer");
    case json_type_object: return _("an object");
    case json_type_array: return _("an array");
    case json_type_string: return _("a string");
    default: return _("an unknown value");
    }
}

char *
adj_json_path_key (const char *path,
                   const char *key)
{
  return g_strconcat (path, ".", key, NULL);
}

/* "[12]" for 12, ending just before @end; returns where it starts. */
static char *
put_index (char  *end,
           gsize  index)
{
  *--end = '\0';
  *--end = ']';
  do
    {
      *--end = (char) ('0' + index % 10);
      index /= 10;
    }
  while (index != 0);
  *--end = '[';
  return end;
}

char *
adj_json_path_index (const char *path,
                     gsize       index)
{
  char digits[32];

  return g_strconcat (path, put_index (digits + sizeof digits, index), NULL);
}

static void G_GNUC_PRINTF (5, 0)
set_error_valist (GError     **error,
                  int          code,
                  const char  *file,
                  const char  *path,
                  const char  *format,
                  va_list      args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  g_set_error (error, ADJ_ERROR, code, "%s: %s: %s", file, path, message);
}

gboolean
adj_json_fail (GError     **error,
               int          code,
               const char  *file,
               const char  *path,
               const char  *format,
               ...)
{
  va_list args;

  va_start (args, format);
  set_error_valist (error, code, file, path, format, args);
  va_end (args);
  return FALSE;
}

gboolean
adj_json_fail_at (GError     **error,
                  int          code,
                  const char  *file,
                  const char  *path,
                  const char  *key,
                  const char  *format,
                  ...)
{
  g_autofree char *where = adj_json_path_key (path, key);
  va_list args;

  va_start (args, format);
  set_error_valist (error, code, file, where, format, args);
  va_end (args);
  return FALSE;
}

gboolean
adj_json_fail_unknown_key (GError     **error,
                           const char  *file,
                           const char  *path,
                           const char  *key)
{
  return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key, _("unknown key “%s”"), key);
}

gboolean
adj_json_expect_object (json_object  *value,
                        const char   *file,
                        const char   *path,
                        GError      **error)
{
  if (json_object_is_type (value, json_type_object))
    return TRUE;
  return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                        _("expected an object, found %s"), adj_json_type_name (value));
}

gboolean
adj_json_check_keys (json_object        *object,
                     const char * const *allowed,
                     const char         *file,
                     const char         *path,
                     GError            **error)
{
  json_object_object_foreach (object, key, val)
    {
      gboolean known = FALSE;

      (void) val;
      for (guint i = 0; allowed[i] != NULL; i++)
        {
          if (allowed[i][0] == key[0] && strcmp (allowed[i], key) == 0)
            {
              known = TRUE;
              break;
            }
        }
      if (!known)
        return adj_json_fail_unknown_key (error, file, path, key);
    }
  return TRUE;
}

typedef enum {
  KEY_FAILS,   /* a required key is missing: the error is set */
  KEY_SKIPPED, /* an optional key is missing or null: nothing to take */
  KEY_TAKEN,   /* *value is to be checked and taken */
} KeyState;

/* What every getter does first: look up @key in @object, which is at @path. */
static KeyState
lookup (json_object  *object,
        const char   *key,
        gboolean      required,
        json_object **value,
        const char   *file,
        const char   *path,
        GError      **error)
{
  gboolean found = json_object_object_get_ex (object, key, value);

  if (!found && required)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                     _("the required key “%s” is missing"), key);
      return KEY_FAILS;
    }
  if (*value == NULL && !required)
    return KEY_SKIPPED;
  return KEY_TAKEN;
}

gboolean
adj_json_get_string (json_object  *object,
                     const char   *key,
                     gboolean      required,
                     const char  **out,
                     const char   *file,
                     const char   *path,
                     GError      **error)
{
  json_object *value = NULL;
  KeyState state = lookup (object, key, required, &value, file, path, error);

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, json_type_string))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                             _("expected a string, found %s"), adj_json_type_name (value));
  *out = json_object_get_string (value);
  return TRUE;
}

gboolean
adj_json_get_int (json_object  *object,
                  const char   *key,
                  gboolean      required,
                  gint64        min,
                  gint64        max,
                  gint64       *out,
                  const char   *file,
                  const char   *path,
                  GError      **error)
{
  json_object *value = NULL;
  KeyState state = lookup (object, key, required, &value, file, path, error);
  gint64 v;

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, json_type_int))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                             _("expected an integer from %lld to %lld, found %s"),
                             (long long) min, (long long) max, adj_json_type_name (value));
  errno = 0;
  v = json_object_get_int64 (value);
  if (errno != 0 || v < min || v > max)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                             _("expected an integer from %lld to %lld, found %s"),
                             (long long) min, (long long) max,
                             json_object_to_json_string (value));
  *out = v;
  return TRUE;
}

gboolean
adj_json_get_bool (json_object  *object,
                   const char   *key,
                   gboolean      required,
                   gboolean     *out,
                   const char   *file,
                   const char   *path,
                   GError      **error)
{
  json_object *value = NULL;
  KeyState state = lookup (object, key, required, &value, file, path, error);

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, json_type_boolean))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                             _("expected true or false, found %s"), adj_json_type_name (value));
  *out = json_object_get_boolean (value);
  return TRUE;
}

static gboolean
get_typed (json_object  *object,
           const char   *key,
           gboolean      required,
           json_type     type,
           const char   *what,     /* untranslated: translated only when it is said */
           json_object **out,
           const char   *file,
           const char   *path,
           GError      **error)
{
  json_object *value = NULL;
  KeyState state = lookup (object, key, required, &value, file, path, error);

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, type))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key, _("expected %s, found %s"),
                             _(what), adj_json_type_name (value));
  *out = value;
  return TRUE;
}

gboolean
adj_json_get_array (json_object  *object,
                    const char   *key,
                    gboolean      required,
                    json_object **out,
                    const char   *file,
                    const char   *path,
                    GError      **error)
{
  return get_typed (object, key, required, json_type_array, N_("an array"), out, file, path,
                    error);
}

gboolean
adj_json_get_object (json_object  *object,
                     const char   *key,
                     gboolean      required,
                     json_object **out,
                     const char   *file,
                     const char   *path,
                     GError      **error)
{
  return get_typed (object, key, required, json_type_object, N_("an object"), out, file, path,
                    error);
}

gboolean
adj_json_is_identifier (const char *text)
{
  gsize len;

  if (text == NULL)
    return FALSE;
  len = strlen (text);
  if (len == 0 || len > 64)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];
      if (!(g_ascii_islower (c) || g_ascii_isdigit (c) || c == '-' || c == '_'))
        return FALSE;
    }
  return TRUE;
}

gboolean
adj_name_is_valid (const char *name)
{
  gboolean blank = TRUE;
  glong length = 0;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        return FALSE;
      if (!g_unichar_isspace (c))
        blank = FALSE;
      length++;
    }
  return !blank && length <= ADJ_NAME_MAX;
}

const char *
adj_name_rule (void)
{
  return _("expected a name of 1 to 200 characters, not only spaces, with no control "
           "characters");
}

/* ---- writing ----
 *
 * Our own writer rather than json-c's: json-c's pretty printing spreads an empty object or
 * array over two lines, which would change the files Adjutant writes, and it has no way to put
 * each element of one list on a line of its own, which keeps a journal of thousands of entries
 * readable.  A number with a fraction is still written by json-c, which keeps the text it was
 * read from.
 */

#define put_literal(out, lit) g_string_append_len ((out), "" lit "", sizeof (lit) - 1)

/* @length bytes of @s: a string read from "\u0000" holds a NUL, which is written back the
 * same way rather than ending the string early. */
static void
write_string (GString    *out,
              const char *s,
              gsize       length)
{
  static const char hex[] = "0123456789abcdef";
  const unsigned char *end = (const unsigned char *) s + length;
  const unsigned char *run = (const unsigned char *) s;

  g_string_append_c (out, '"');
  for (const unsigned char *p = run; p < end; p++)
    {
      /* Characters that need no escape are copied a run at a time. */
      if (*p >= 0x20 && *p != '"' && *p != '\\')
        continue;
      g_string_append_len (out, (const char *) run, p - run);
      run = p + 1;
      switch (*p)
        {
        case '"': put_literal (out, "\\\""); break;
        case '\\': put_literal (out, "\\\\"); break;
        case '\n': put_literal (out, "\\n"); break;
        case '\r': put_literal (out, "\\r"); break;
        case '\t': put_literal (out, "\\t"); break;
        case '\b': put_literal (out, "\\b"); break;
        case '\f': put_literal (out, "\\f"); break;
        default:
          put_literal (out, "\\u00");
          g_string_append_c (out, hex[*p >> 4]);
          g_string_append_c (out, hex[*p & 0xf]);
        }
    }
  g_string_append_len (out, (const char *) run, end - run);
  g_string_append_c (out, '"');
}

static void
write_indent (GString *out,
              int      indent)
{
  static const char spaces[] = "                                ";

  g_string_append_c (out, '\n');
  for (int left = indent; left > 0; left -= (int) sizeof spaces - 1)
    g_string_append_len (out, spaces, MIN (left, (int) sizeof spaces - 1));
}

/* Whether the text ends with @c: the first member of an object or array comes next. */
static gboolean
first_done (GString *out,
            char     c)
{
  return out->len > 0 && out->str[out->len - 1] == c;
}

/* Whether @path is one of @paths or on the way to one. */
static gboolean
leads_to (const char * const *paths,
          const char         *path)
{
  gsize len = strlen (path);

  for (guint i = 0; paths[i] != NULL; i++)
    if (strncmp (paths[i], path, len) == 0 && (paths[i][len] == '\0' || paths[i][len] == '.'))
      return TRUE;
  return FALSE;
}

/* @indent >= 0: indented by that much; LINE: on one line, spaced ("a": 1, "b": [1, 2]);
 * PLAIN: on one line, no spaces at all. */
#define LINE  (-1)
#define PLAIN (-2)

static void
write_value (GString            *out,
             json_object        *v,
             int                 indent,
             const char         *path,
             const char * const *one_per_line)
{
  switch (json_object_get_type (v))
    {
    case json_type_null:
      put_literal (out, "null");
      break;
    case json_type_boolean:
      if (json_object_get_boolean (v))
        put_literal (out, "true");
      else
        put_literal (out, "false");
      break;
    case json_type_int:
      /* json-c keeps an integer past G_MAXINT64 unsigned, and gives G_MAXINT64 when asked
       * for a signed one: it is written as it is, to read back the same. */
      if (json_object_get_int64 (v) == G_MAXINT64 &&
          json_object_get_uint64 (v) > (guint64) G_MAXINT64)
        g_string_append_printf (out, "%" G_GUINT64_FORMAT, json_object_get_uint64 (v));
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, json_object_get_int64 (v));
      break;
    case json_type_double:
      {
        const char *text = json_object_to_json_string_ext (v, JSON_C_TO_STRING_PLAIN);

        /* A number read from a file keeps its text ("1e999" stays so); one computed as not
         * finite would come out as "NaN" or "Infinity", which is not JSON: null instead. */
        if (text[0] == 'N' || text[0] == 'I' || (text[0] == '-' && text[1] == 'I'))
          put_literal (out, "null");
        else
          g_string_append (out, text);
      }
      break;
    case json_type_string:
      write_string (out, json_object_get_string (v), (gsize) json_object_get_string_len (v));
      break;
    case json_type_object:
      {
        gboolean first = TRUE;

        if (json_object_object_length (v) == 0)
          {
            put_literal (out, "{}");
            break;
          }
        g_string_append_c (out, '{');
        json_object_object_foreach (v, key, child)
          {
            g_autofree char *child_path = NULL;

            if (!first)
              g_string_append_c (out, ',');
            first = FALSE;
            if (indent >= 0)
              write_indent (out, indent + 2);
            else if (indent == LINE && !first_done (out, '{'))
              g_string_append_c (out, ' ');
            write_string (out, key, strlen (key));
            if (indent == PLAIN)
              g_string_append_c (out, ':');
            else
              put_literal (out, ": ");
            if (indent >= 0 && one_per_line != NULL)
              child_path = path[0] != '\0' ? g_strconcat (path, ".", key, NULL) : g_strdup (key);
            write_value (out, child, indent >= 0 ? indent + 2 : indent,
                         child_path != NULL ? child_path : "",
                         child_path != NULL && leads_to (one_per_line, child_path)
                         ? one_per_line : NULL);
          }
        if (indent >= 0)
          write_indent (out, indent);
        g_string_append_c (out, '}');
      }
      break;
    case json_type_array:
      {
        gsize n = json_object_array_length (v);
        gboolean lines = indent >= 0 && one_per_line != NULL &&
                         g_strv_contains (one_per_line, path);

        if (n == 0)
          {
            put_literal (out, "[]");
            break;
          }
        g_string_append_c (out, '[');
        for (gsize i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            if (indent >= 0)
              write_indent (out, indent + 2);
            else if (indent == LINE && i > 0)
              g_string_append_c (out, ' ');
            write_value (out, json_object_array_get_idx (v, i),
                         lines ? LINE : indent >= 0 ? indent + 2 : indent, "", NULL);
          }
        if (indent >= 0)
          write_indent (out, indent);
        g_string_append_c (out, ']');
      }
      break;
    default:
      put_literal (out, "null");
      break;
    }
}

char *
adj_json_to_string (json_object *value,
                    gboolean     pretty)
{
  return adj_json_to_string_lines (value, pretty, NULL);
}

char *
adj_json_to_string_lines (json_object        *value,
                          gboolean            pretty,
                          const char * const *one_per_line)
{
  GString *out = g_string_sized_new (4096);

  write_value (out, value, pretty ? 0 : PLAIN, "", one_per_line);
  return g_string_free (out, FALSE);
}

/* Doubles hold every whole number up to 2^53 exactly, and not every one past it. */
#define EXACT_IN_DOUBLE (G_GUINT64_CONSTANT (1) << 53)

json_object *
adj_json_new_whole (const mpz_t value)
{
  g_autofree char *digits = NULL;

  g_return_val_if_fail (mpz_sgn (value) >= 0, NULL);

  if (mpz_sizeinbase (value, 2) <= 64)
    {
      guint64 small = 0;

      mpz_export (&small, NULL, -1, sizeof small, 0, 0, value);
      return adj_json_new_whole_u64 (small);
    }
  digits = g_malloc (mpz_sizeinbase (value, 10) + 2);
  return json_object_new_string (mpz_get_str (digits, 10, value));
}

json_object *
adj_json_new_whole_u64 (guint64 value)
{
  char digits[24];

  if (value <= EXACT_IN_DOUBLE)
    return json_object_new_int64 ((gint64) value);
  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, value);
  return json_object_new_string (digits);
}

json_object *
adj_json_new_id_label (const char *id,
                       const char *label)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "id", json_object_new_string (id));
  json_object_object_add (o, "label", json_object_new_string (label));
  return o;
}

json_object *
adj_json_copy (json_object *value)
{
  json_object *copy = NULL;

  if (value == NULL)
    return NULL;
  if (json_object_deep_copy (value, &copy, NULL) != 0)
    g_error ("out of memory copying a JSON value");
  return copy;
}

gboolean
adj_json_equal (json_object *a,
                json_object *b)
{
  return json_object_equal (a, b) != 0;
}

gboolean
adj_json_check_format_at (json_object  *root,
                          AdjFileKind   kind,
                          const char   *format,
                          gint64        max_version,
                          gint64       *version,
                          const char   *file,
                          const char   *path,
                          GError      **error)
{
  const char *found = NULL;

  if (!adj_json_expect_object (root, file, path, error) ||
      !adj_json_get_string (root, "format", TRUE, &found, file, path, error))
    return FALSE;
  if (!g_str_equal (found, format))
    {
      switch (kind)
        {
        case ADJ_FILE_BATTLE:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "format",
                                   _("expected “%s”, found “%s”: this is not a battle file"),
                                   format, found);
        case ADJ_FILE_ARMY:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "format",
                                   _("expected “%s”, found “%s”: this is not an army list"),
                                   format, found);
        case ADJ_FILE_TABLES:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "format",
                                   _("expected “%s”, found “%s”: these are not table values"),
                                   format, found);
        case ADJ_FILE_RULESET:
        default:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "format",
                                   _("expected “%s”, found “%s”: this is not a ruleset"),
                                   format, found);
        }
    }
  if (!adj_json_get_int (root, "version", TRUE, 0, G_MAXINT, version, file, path, error))
    return FALSE;
  if (*version > max_version)
    {
      switch (kind)
        {
        case ADJ_FILE_BATTLE:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "version",
                                   _("the battle was saved by a newer Adjutant (file version "
                                     "%lld; this version reads up to %d): update Adjutant to "
                                     "open it"), (long long) *version, (int) max_version);
        case ADJ_FILE_ARMY:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "version",
                                   _("the army list was saved by a newer Adjutant (file version "
                                     "%lld; this version reads up to %d): update Adjutant to "
                                     "open it"), (long long) *version, (int) max_version);
        case ADJ_FILE_TABLES:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "version",
                                   _("the table values were saved by a newer Adjutant (file "
                                     "version %lld; this version reads up to %d): update "
                                     "Adjutant to use them"),
                                   (long long) *version, (int) max_version);
        case ADJ_FILE_RULESET:
        default:
          return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "version",
                                   _("the ruleset was written for a newer Adjutant (ruleset "
                                     "version %lld; this version reads up to %d): update "
                                     "Adjutant to use it"),
                                   (long long) *version, (int) max_version);
        }
    }
  if (*version < 1)
    {
      if (kind == ADJ_FILE_RULESET)
        return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "version",
                                 _("ruleset version %lld does not exist"), (long long) *version);
      return adj_json_fail_at (error, ADJ_ERROR_UNSUPPORTED, file, path, "version",
                               _("file version %lld does not exist"), (long long) *version);
    }
  return TRUE;
}

gboolean
adj_json_check_format (json_object  *root,
                       AdjFileKind   kind,
                       const char   *format,
                       gint64        max_version,
                       gint64       *version,
                       const char   *file,
                       GError      **error)
{
  return adj_json_check_format_at (root, kind, format, max_version, version, file, "$", error);
}
