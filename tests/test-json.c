/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json.c: safe JSON parsing and the getters' messages naming file, JSON path and problem. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adj-error.h"
#include "adj-json.h"

/* ---- parsing text ---- */

typedef struct {
  const char *name;
  const char *data;
  gssize      length;     /* -1: strlen */
  const char *message;    /* NULL: parses; else the exact message */
} ParseCase;

static const ParseCase parse_cases[] = {
  { "object", "{\"a\": [1, 2]}", -1, NULL },
  { "whitespace-around", " \n\t{\"a\": 1}\n\n", -1, NULL },
  { "array", "[]", -1, NULL },
  { "bare-number", "12", -1, NULL },
  { "bare-negative", "-3.5", -1, NULL },
  { "bare-true", "true", -1, NULL },
  { "bare-string", "\"a\"", -1, NULL },
  { "utf8", "{\"name\": \"Rorke’s Drift ♠\"}", -1, NULL },
  { "empty", "", 0, "case.json: the file is empty" },
  { "nul-byte", "{\"a\":\0}", 7,
    "case.json: the file holds a NUL byte, so it is not a JSON text file" },
  { "nul-at-end", "{}\0", 3,
    "case.json: the file holds a NUL byte, so it is not a JSON text file" },
  { "truncated", "{\"a\": [1, 2", -1,
    "case.json: the JSON text ends too early (line 1, column 12): the file looks truncated" },
  { "truncated-lines", "{\n  \"a\": [1,\n  2", -1,
    "case.json: the JSON text ends too early (line 3, column 4): the file looks truncated" },
  { "truncated-string", "{\"name\": \"Isandlw", -1,
    "case.json: the JSON text ends too early (line 1, column 18): the file looks truncated" },
  { "truncated-number", "{\"a\": 12", -1,
    "case.json: the JSON text ends too early (line 1, column 9): the file looks truncated" },
  { "only-whitespace", "  \n ", -1,
    "case.json: the JSON text ends too early (line 2, column 2): the file looks truncated" },
  { "garbage-after", "{} x", -1,
    "case.json: unexpected text after the JSON value at line 1, column 4" },
  { "garbage-after-lines", "{\n  \"a\": 1\n}\n\n  ]", -1,
    "case.json: unexpected text after the JSON value at line 5, column 3" },
  { "second-value", "{}{}", -1,
    "case.json: unexpected text after the JSON value at line 1, column 3" },
  { "number-then-word", "12 x", -1,
    "case.json: unexpected text after the JSON value at line 1, column 4" },
  { "trailing-comma", "[1,]", -1,
    "case.json: not valid JSON at line 1, column 4: unexpected character" },
  { "bad-utf8", "{\"a\": \"\xff\"}", -1,
    "case.json: the text is not valid UTF-8 at line 1, column 8" },
  /* Sequences json-c alone lets through: a lead byte past U+10FFFF, an encoded surrogate,
   * an overlong encoding. */
  { "utf8-past-max", "{\n\"a\": \"co\xf7\x8b\x96\x8eg\"}", -1,
    "case.json: the text is not valid UTF-8 at line 2, column 9" },
  { "utf8-surrogate", "[\"\xed\xa0\x80\"]", -1,
    "case.json: the text is not valid UTF-8 at line 1, column 3" },
  { "utf8-overlong", "[\"\xc0\xaf\"]", -1,
    "case.json: the text is not valid UTF-8 at line 1, column 3" },
  { "escaped-surrogate", "[\"\\ud800\"]", -1, NULL },
  { "no-colon", "{\"a\" 1}", -1,
    "case.json: not valid JSON at line 1, column 6: a “:” was expected after the key" },
  { "no-comma-array", "[1 2]", -1,
    "case.json: not valid JSON at line 1, column 4: a “,” or “]” was expected" },
  { "no-comma-object", "{\"a\":1 \"b\":2}", -1,
    "case.json: not valid JSON at line 1, column 8: a “,” or “}” was expected" },
  { "key-not-quoted", "{a: 1}", -1,
    "case.json: not valid JSON at line 1, column 2: a key in quotes was expected" },
  { "comma-for-key", "{,}", -1,
    "case.json: not valid JSON at line 1, column 2: a key in quotes was expected" },
  { "leading-zero", "[01]", -1,
    "case.json: not valid JSON at line 1, column 3: a number may not start with a 0" },
  { "minus-alone", "[-]", -1,
    "case.json: not valid JSON at line 1, column 3: a number was expected" },
  { "exponent-empty", "[1e]", -1,
    "case.json: not valid JSON at line 1, column 4: a number was expected" },
  { "plus-sign", "[+1]", -1,
    "case.json: not valid JSON at line 1, column 2: unexpected character" },
  { "bad-escape", "[\"\\x\"]", -1,
    "case.json: not valid JSON at line 1, column 4: a string holds an escape that is not valid" },
  { "bad-unicode-escape", "[\"\\u12g4\"]", -1,
    "case.json: not valid JSON at line 1, column 7: a string holds an escape that is not valid" },
  { "capital-true", "[True]", -1,
    "case.json: not valid JSON at line 1, column 2: unexpected character" },
  { "short-null", "[nul]", -1,
    "case.json: not valid JSON at line 1, column 5: unexpected character" },
  { "value-missing", "{\"a\":}", -1,
    "case.json: not valid JSON at line 1, column 6: unexpected character" },
  { "truncated-escape", "[\"a\\", -1,
    "case.json: the JSON text ends too early (line 1, column 5): the file looks truncated" },
  { "truncated-literal", "[tru", -1,
    "case.json: the JSON text ends too early (line 1, column 5): the file looks truncated" },
  { "truncated-key", "{\"na", -1,
    "case.json: the JSON text ends too early (line 1, column 5): the file looks truncated" },
  { "truncated-after-key", "{\"a\" ", -1,
    "case.json: the JSON text ends too early (line 1, column 6): the file looks truncated" },
  { "truncated-exponent", "1e", -1,
    "case.json: the JSON text ends too early (line 1, column 3): the file looks truncated" },
  /* json-c reads these even in its strict mode; they are not JSON. */
  { "nan", "[NaN]", -1,
    "case.json: not valid JSON at line 1, column 2: unexpected character" },
  { "infinity", "{\"a\":\n Infinity}", -1,
    "case.json: not valid JSON at line 2, column 2: unexpected character" },
  { "minus-infinity", "[-Infinity]", -1,
    "case.json: not valid JSON at line 1, column 3: a number was expected" },
  { "nan-in-strings", "{\"NaN\": \"Infinity \\\" NaN\"}", -1, NULL },
  { "only-null", "null", -1, "case.json: the file holds only a JSON null" },
  { "only-null-spaced", "null \n", -1, "case.json: the file holds only a JSON null" },
};

static void
test_parse (gconstpointer data)
{
  const ParseCase *c = data;
  gsize length = c->length < 0 ? strlen (c->data) : (gsize) c->length;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_data (c->data, length, "case.json", &error);

  if (c->message == NULL)
    {
      g_assert_no_error (error);
      g_assert_nonnull (json);
      return;
    }
  g_assert_null (json);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, c->message);
}

/* What json-c's own strict parser builds, and refuses what it refuses (but for NaN and
 * Infinity, which are not JSON). */
static const char *const same_as_json_c[] = {
  "{\"a\": [1, 2, {\"b\": null}], \"c\": \"d\"}",
  "[true, false, null, 0, -0, 7, -12, 3.25, -0.5, 1e3, 1E-3, 2.5e+2, 1.]",
  "[9223372036854775807, 9223372036854775808, -9223372036854775808, -9223372036854775809]",
  "[18446744073709551615, 18446744073709551616, 99999999999999999999999]",
  "[1e999, -1e999, 1.5e-320, 0.1, 123456789012345678901234567890.5]",
  "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u0041\\u00e9\\u2014\\ud83c\\udff4\"]",
  "[\"\\ud800\", \"\\udc00\", \"\\ud800x\", \"\\ud800\\u0041\", \"\\u0000\"]",
  "[\"tab\tinside\", \"new\nline\", \"Rorke’s Drift ♠\"]",
  "{\"a\": 1, \"a\": 2, \"b\": {}, \"c\": []}",
  "{\"a\": 1, \"b\": 2, \"a\": 3, \"b\": 4, \"a\": 5}",
  "{\"a\\u0000b\": 1, \"a\": 2, \"a\\u0000c\": 3}",
  "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,"
  "\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,\"k14\":14,\"k15\":15,\"k16\":16,"
  "\"k17\":17,\"k18\":18,\"k1\":19,\"k17\":20,\"k18\":21,\"k16\":22}",
  "{\"a-very-long-key-that-is-longer-than-sixty-four-bytes-and-so-is-copied-each-time\": 1}",
  "{\"key with \\\"escapes\\\" \\u00e9\": true}",
  " \r\n\t[ ] ",
  "\"just a string\"",
  "-7",
  "[1 2]", "[1,]", "{\"a\" 1}", "{a: 1}", "[01]", "[-]", "[1e]", "[.5]", "[+1]",
  "[\"\\x\"]", "[\"\\u12g4\"]", "[True]", "[nul]", "{\"a\":}", "{,}", "[", "{\"a\":",
  "[\"abc", "[1}", "{\"a\":1]",
};

static json_object *
parse_with_json_c (const char *text)
{
  json_tokener *tok = json_tokener_new_ex (ADJ_JSON_MAX_DEPTH);
  json_object *json;

  json_tokener_set_flags (tok, JSON_TOKENER_STRICT);
  /* The terminating NUL ends a number or literal at the very end. */
  json = json_tokener_parse_ex (tok, text, (int) strlen (text) + 1);
  if (json_tokener_get_error (tok) != json_tokener_success)
    g_clear_pointer (&json, json_object_put);
  json_tokener_free (tok);
  return json;
}

static void
assert_same_as_json_c (const char *text,
                       gsize       length,
                       const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *copy = g_strndup (text, length);
  g_autoptr(json_object) ours = adj_json_parse_data (text, length, name, &error);
  g_autoptr(json_object) theirs = parse_with_json_c (copy);

  if (theirs == NULL)
    {
      g_assert_null (ours);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (json_object_equal (ours, theirs));
  g_assert_cmpstr (json_object_to_json_string_ext (ours, JSON_C_TO_STRING_PLAIN), ==,
                   json_object_to_json_string_ext (theirs, JSON_C_TO_STRING_PLAIN));
}

static void
test_parse_same_as_json_c (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (same_as_json_c); i++)
    {
      g_test_message ("%s", same_as_json_c[i]);
      assert_same_as_json_c (same_as_json_c[i], strlen (same_as_json_c[i]), "case.json");
    }
}

/* A value taken from a document outlives it, and a document read again is the same. */
static void
test_parse_values_outlive (void)
{
  const char *text = "[true, false, 0, 127, 128, -1, true, 127]";
  g_autoptr(GError) error = NULL;
  json_object *first = adj_json_parse_data (text, strlen (text), "a.json", &error);
  json_object *kept_true, *kept_int;

  g_assert_no_error (error);
  kept_true = json_object_get (json_object_array_get_idx (first, 0));
  kept_int = json_object_get (json_object_array_get_idx (first, 3));
  json_object_put (first);
  for (guint i = 0; i < 3; i++)
    {
      json_object *again = adj_json_parse_data (text, strlen (text), "a.json", &error);

      g_assert_no_error (error);
      g_assert_cmpstr (json_object_to_json_string_ext (again, JSON_C_TO_STRING_PLAIN), ==,
                       "[true,false,0,127,128,-1,true,127]");
      json_object_put (again);
    }
  g_assert_true (json_object_is_type (kept_true, json_type_boolean));
  g_assert_true (json_object_get_boolean (kept_true));
  g_assert_cmpint (json_object_get_int64 (kept_int), ==, 127);
  json_object_put (kept_true);
  json_object_put (kept_int);
}

/* Strings keep every byte: one is never taken for another that starts the same, holds a NUL,
 * or is written with escapes. */
static void
test_parse_strings (void)
{
  const char *text = "[\"set\", \"set\", \"a\", \"a\\u0000b\", \"a\\u0000\", \"\\u00e9\", "
                     "\"\u00e9\", \"\", \"\", \"0123456789abcdef0123456789abcdef\", "
                     "\"0123456789abcdef0123456789abcdef\", "
                     "\"0123456789abcdef0123456789abcdef!\", \"0123456789abcdef0123456789abcdef!\"]";
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) doc = adj_json_parse_data (text, strlen (text), "s.json", &error);
  const struct { gsize length; const char *bytes; } expect[] = {
    { 3, "set" }, { 3, "set" }, { 1, "a" }, { 3, "a\0b" }, { 2, "a\0" }, { 2, "\u00e9" },
    { 2, "\u00e9" }, { 0, "" }, { 0, "" }, { 32, "0123456789abcdef0123456789abcdef" },
    { 32, "0123456789abcdef0123456789abcdef" }, { 33, "0123456789abcdef0123456789abcdef!" },
    { 33, "0123456789abcdef0123456789abcdef!" },
  };

  g_assert_no_error (error);
  g_assert_cmpuint (json_object_array_length (doc), ==, G_N_ELEMENTS (expect));
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      json_object *v = json_object_array_get_idx (doc, i);

      g_assert_cmpuint ((gsize) json_object_get_string_len (v), ==, expect[i].length);
      g_assert_true (memcmp (json_object_get_string (v), expect[i].bytes, expect[i].length) == 0);
    }
}

/* Every JSON file Adjutant ships or tests with reads the same either way. */
static void
test_parse_files_same_as_json_c (void)
{
  const char *dirs[] = { g_getenv ("ADJUTANT_DATA_DIR"), g_getenv ("ADJUTANT_TEST_DATA") };
  guint n = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autoptr(GPtrArray) todo = g_ptr_array_new_with_free_func (g_free);

      g_assert_nonnull (dirs[d]);
      g_ptr_array_add (todo, g_strdup (dirs[d]));
      while (todo->len > 0)
        {
          g_autofree char *dir_path = g_ptr_array_steal_index (todo, todo->len - 1);
          g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
          const char *name;

          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            {
              g_autofree char *path = g_build_filename (dir_path, name, NULL);
              g_autofree char *text = NULL;
              gsize length;

              if (g_file_test (path, G_FILE_TEST_IS_DIR))
                g_ptr_array_add (todo, g_steal_pointer (&path));
              else if (g_str_has_suffix (name, ".json") &&
                       g_file_get_contents (path, &text, &length, NULL))
                {
                  g_test_message ("%s", path);
                  assert_same_as_json_c (text, length, name);
                  n++;
                }
            }
        }
    }
  g_assert_cmpuint (n, >=, 10);
}

static void
test_parse_values (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) n = adj_json_parse_data ("12", 2, "n", &error);
  g_autoptr(json_object) t = adj_json_parse_data ("true", 4, "t", &error);
  g_autoptr(json_object) o = adj_json_parse_data ("{\"a\":[1,2,3]}", 13, "o", &error);
  json_object *a;

  g_assert_no_error (error);
  g_assert_true (json_object_is_type (n, json_type_int));
  g_assert_cmpint (json_object_get_int (n), ==, 12);
  g_assert_true (json_object_is_type (t, json_type_boolean));
  g_assert_true (json_object_get_boolean (t));
  g_assert_true (json_object_object_get_ex (o, "a", &a));
  g_assert_cmpuint (json_object_array_length (a), ==, 3);
}

static char *
nested_arrays (guint depth)
{
  GString *s = g_string_sized_new (2 * depth);

  for (guint i = 0; i < depth; i++)
    g_string_append_c (s, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static void
test_depth_limit (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *ok = nested_arrays (ADJ_JSON_MAX_DEPTH);
  g_autofree char *deep = nested_arrays (ADJ_JSON_MAX_DEPTH + 1);
  g_autofree char *very_deep = nested_arrays (100000);
  g_autoptr(json_object) json = NULL;
  g_autofree char *expect = NULL;

  json = adj_json_parse_data (ok, strlen (ok), "deep.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (json);

  expect = g_strdup_printf ("deep.json: not valid JSON at line 1, column %d: nesting too deep",
                            ADJ_JSON_MAX_DEPTH + 1);
  g_assert_null (adj_json_parse_data (deep, strlen (deep), "deep.json", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, expect);
  g_clear_error (&error);

  /* A hostile file does not exhaust the stack. */
  g_assert_null (adj_json_parse_data (very_deep, strlen (very_deep), "deep.json", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_size_limit (void)
{
  gsize length = (gsize) ADJ_JSON_MAX_SIZE + 1;
  g_autofree char *data = g_malloc (length);
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;

  /* Valid JSON, just too big: a number padded with spaces. */
  memset (data, ' ', length);
  data[0] = '1';
  g_assert_null (adj_json_parse_data (data, length, "big.json", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  expect = g_strdup_printf ("big.json: the file is %" G_GSIZE_FORMAT " bytes, more than the %d "
                            "bytes a battle, army list or ruleset may have",
                            length, ADJ_JSON_MAX_SIZE);
  g_assert_cmpstr (error->message, ==, expect);
  g_clear_error (&error);

  /* Exactly at the limit is allowed. */
  {
    g_autoptr(json_object) json = adj_json_parse_data (data, length - 1, "big.json", &error);
    g_assert_no_error (error);
    g_assert_cmpint (json_object_get_int (json), ==, 1);
  }
}

/* ---- parsing files ---- */

typedef struct {
  char *dir;
} FileFixture;

static void
file_setup (FileFixture   *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("adj-test-json-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
file_teardown (FileFixture   *f,
               gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        g_rmdir (path);
      else
        g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (f->dir), ==, 0);
  g_free (f->dir);
}

/* A device or a pipe given as a file is not read at all: it may never end. */
static void
test_file_not_regular (FileFixture   *f,
                       gconstpointer  data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "pipe.json", NULL);
  const char *paths[] = { "/dev/zero", fifo };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *expect = g_strdup_printf ("%s: this is not a regular file (a device, a "
                                                 "pipe or a socket), so it was not read",
                                                 paths[i]);

      g_assert_null (adj_json_parse_file (paths[i], &error));
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
      g_assert_cmpstr (error->message, ==, expect);
    }
}

typedef struct {
  const char *name;
  const char *text;
  const char *message;   /* after "FILE: ", or NULL: read */
} StrictCase;

static const StrictCase strict_cases[] = {
  { "duplicate-key", "{\"a\": 1, \"units\": [{\"id\": \"u1\", \"id\": \"u2\"}]}",
    "$.units[0].id: the key is given twice in one object" },
  { "duplicate-escaped-key", "{\"x\": {\"ab\": 1, \"a\\u0062\": 2}}",
    "$.x.ab: the key is given twice in one object" },
  { "same-key-in-other-objects", "[{\"a\": 1}, {\"a\": 2, \"b\": {\"a\": 3}}]", NULL },
  { "nul", "{\"name\": \"Fort\\u0000Pearson\"}",
    "$.name: the text holds a control character" },
  { "escape-control", "{\"sides\": [{}, {\"name\": \"a\\u001fb\"}]}",
    "$.sides[1].name: the text holds a control character" },
  { "backspace", "[1, 2, \"a\\bb\"]", "$[2]: the text holds a control character" },
  { "raw-control", "{\"a\": \"x\001y\"}", NULL },
  { "key-control", "{\"a\\u0007\": 1}", "$.a\a: a key holds a control character" },
  { "tab-and-line-breaks", "{\"note\": \"one\\ttwo\\nthree\\r\\u000a\\u0009\", "
    "\"raw\": \"a\tb\"}", NULL },
};

static void
test_file_strict (FileFixture   *f,
                  gconstpointer  data)
{
  const StrictCase *c = data;
  g_autofree char *path = g_build_filename (f->dir, "strict.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = NULL;

  g_assert_true (g_file_set_contents (path, c->text, -1, NULL));
  json = adj_json_parse_file (path, &error);
  if (c->message == NULL && g_str_equal (c->name, "raw-control"))
    {
      /* json-c itself refuses a control character written as it is in a string. */
      g_assert_null (json);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
    }
  else if (c->message == NULL)
    {
      g_assert_no_error (error);
      g_assert_nonnull (json);
    }
  else
    {
      g_autofree char *expect = g_strdup_printf ("%s: %s", path, c->message);

      g_assert_null (json);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, expect);
    }
}

/* Objects and arrays cost far more memory than the bytes that write them: a small file of
 * nothing but "{}," is refused before any of them is built. */
static void
test_value_limits (void)
{
  GString *objects = g_string_new ("[");
  GString *values = g_string_new ("[");
  g_autofree char *objects_text = NULL;
  g_autofree char *values_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;

  for (guint i = 0; i <= ADJ_JSON_MAX_CONTAINERS; i++)
    g_string_append (objects, "{},");
  g_string_append (objects, "{}]");
  objects_text = g_string_free (objects, FALSE);
  g_assert_null (adj_json_parse_data (objects_text, strlen (objects_text), "t", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  expect = g_strdup_printf ("t: the file holds more than %d objects and arrays, more than a "
                            "battle, army list or ruleset may have", ADJ_JSON_MAX_CONTAINERS);
  g_assert_cmpstr (error->message, ==, expect);
  g_clear_error (&error);
  g_clear_pointer (&expect, g_free);

  for (guint i = 0; i < ADJ_JSON_MAX_VALUES; i++)
    g_string_append (values, "0,");
  g_string_append (values, "0]");
  values_text = g_string_free (values, FALSE);
  g_assert_null (adj_json_parse_data (values_text, strlen (values_text), "t", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  expect = g_strdup_printf ("t: the file holds more than %d values, more than a battle, army "
                            "list or ruleset may have", ADJ_JSON_MAX_VALUES);
  g_assert_cmpstr (error->message, ==, expect);

  /* Commas and brackets inside strings are not values. */
  {
    g_autofree char *in_string = g_strnfill (ADJ_JSON_MAX_VALUES + 1, ',');
    g_autofree char *text = g_strdup_printf ("[\"%s\"]", in_string);
    g_autoptr(json_object) json = adj_json_parse_data (text, strlen (text), "t", NULL);

    g_assert_nonnull (json);
  }
}

static void
test_file_good (FileFixture   *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "good.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = NULL;
  json_object *v;

  g_assert_true (g_file_set_contents (path, "{\"format\": \"adjutant-army\"}\n", -1, NULL));
  json = adj_json_parse_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (json_object_object_get_ex (json, "format", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "adjutant-army");
}

static void
test_file_truncated (FileFixture   *f,
                     gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "cut.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;

  g_assert_true (g_file_set_contents (path, "{\n  \"format\": \"adjutant-battle\",\n  \"units\": [",
                                      -1, NULL));
  g_assert_null (adj_json_parse_file (path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  expect = g_strdup_printf ("%s: the JSON text ends too early (line 3, column 13): the file "
                            "looks truncated", path);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_file_missing (FileFixture   *f,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "missing.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("%s: cannot read the file: ", path);

  g_assert_null (adj_json_parse_file (path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

static void
test_file_directory (FileFixture   *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = g_strdup_printf ("%s: this is a folder, not a file", f->dir);

  g_assert_null (adj_json_parse_file (f->dir, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_file_too_big (FileFixture   *f,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "huge.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;
  int fd;

  /* A sparse file: big by its size, without filling the disk or memory. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) ADJ_JSON_MAX_SIZE + 1), ==, 0);
  g_assert_cmpint (close (fd), ==, 0);

  g_assert_null (adj_json_parse_file (path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  expect = g_strdup_printf ("%s: the file is %d bytes, more than the %d bytes a battle, army "
                            "list or ruleset may have", path, ADJ_JSON_MAX_SIZE + 1,
                            ADJ_JSON_MAX_SIZE);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_file_empty (FileFixture   *f,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "empty.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = g_strdup_printf ("%s: the file is empty", path);

  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  g_assert_null (adj_json_parse_file (path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, expect);
}

/* ---- getters ---- */

typedef enum {
  GET_STRING,
  GET_INT,
  GET_BOOL,
  GET_ARRAY,
  GET_OBJECT,
  EXPECT_OBJECT,
  CHECK_KEYS,
} Getter;

typedef struct {
  const char *name;
  Getter      getter;
  const char *json;
  const char *key;
  gboolean    required;
  gint64      min, max;
  const char *message;    /* NULL: succeeds */
} GetterCase;

#define PATH "battle.json: $.units[3]"

static const GetterCase getter_cases[] = {
  { "string/ok", GET_STRING, "{\"type\": \"transport\"}", "type", TRUE, 0, 0, NULL },
  { "string/optional-missing", GET_STRING, "{}", "type", FALSE, 0, 0, NULL },
  { "string/missing", GET_STRING, "{}", "type", TRUE, 0, 0,
    PATH ": the required key “type” is missing" },
  { "string/integer", GET_STRING, "{\"type\": 3}", "type", TRUE, 0, 0,
    PATH ".type: expected a string, found an integer" },
  { "string/optional-wrong", GET_STRING, "{\"type\": [\"a\"]}", "type", FALSE, 0, 0,
    PATH ".type: expected a string, found an array" },
  { "string/null", GET_STRING, "{\"type\": null}", "type", TRUE, 0, 0,
    PATH ".type: expected a string, found null" },
  { "int/ok", GET_INT, "{\"figures\": 10}", "figures", TRUE, 0, 10, NULL },
  { "int/optional-missing", GET_INT, "{}", "figures", FALSE, 0, 10, NULL },
  { "int/missing", GET_INT, "{\"x\": 1}", "figures", TRUE, 0, 10,
    PATH ": the required key “figures” is missing" },
  { "int/string", GET_INT, "{\"figures\": \"4\"}", "figures", TRUE, 0, 10,
    PATH ".figures: expected an integer from 0 to 10, found a string" },
  { "int/fraction", GET_INT, "{\"figures\": 1.5}", "figures", TRUE, 0, 10,
    PATH ".figures: expected an integer from 0 to 10, found a number with a fraction" },
  { "int/above", GET_INT, "{\"figures\": 11}", "figures", TRUE, 0, 10,
    PATH ".figures: expected an integer from 0 to 10, found 11" },
  { "int/below", GET_INT, "{\"figures\": -1}", "figures", TRUE, 0, 10,
    PATH ".figures: expected an integer from 0 to 10, found -1" },
  { "int/bool", GET_INT, "{\"figures\": true}", "figures", TRUE, 0, 10,
    PATH ".figures: expected an integer from 0 to 10, found a boolean" },
  { "bool/ok", GET_BOOL, "{\"destroyed\": false}", "destroyed", TRUE, 0, 0, NULL },
  { "bool/integer", GET_BOOL, "{\"destroyed\": 1}", "destroyed", TRUE, 0, 0,
    PATH ".destroyed: expected true or false, found an integer" },
  { "bool/string", GET_BOOL, "{\"destroyed\": \"yes\"}", "destroyed", FALSE, 0, 0,
    PATH ".destroyed: expected true or false, found a string" },
  { "array/ok", GET_ARRAY, "{\"units\": []}", "units", TRUE, 0, 0, NULL },
  { "array/object", GET_ARRAY, "{\"units\": {}}", "units", TRUE, 0, 0,
    PATH ".units: expected an array, found an object" },
  { "array/missing", GET_ARRAY, "{}", "units", TRUE, 0, 0,
    PATH ": the required key “units” is missing" },
  { "object/ok", GET_OBJECT, "{\"status\": {}}", "status", TRUE, 0, 0, NULL },
  { "object/array", GET_OBJECT, "{\"status\": []}", "status", TRUE, 0, 0,
    PATH ".status: expected an object, found an array" },
  { "object/null", GET_OBJECT, "{\"status\": null}", "status", TRUE, 0, 0,
    PATH ".status: expected an object, found null" },
  /* For an optional key, null means "not given". */
  { "object/optional-null", GET_OBJECT, "{\"status\": null}", "status", FALSE, 0, 0, NULL },
  { "string/optional-null", GET_STRING, "{\"type\": null}", "type", FALSE, 0, 0, NULL },
  { "expect-object/ok", EXPECT_OBJECT, "{}", NULL, TRUE, 0, 0, NULL },
  { "expect-object/string", EXPECT_OBJECT, "\"unit\"", NULL, TRUE, 0, 0,
    PATH ": expected an object, found a string" },
  { "expect-object/number", EXPECT_OBJECT, "2.5", NULL, TRUE, 0, 0,
    PATH ": expected an object, found a number with a fraction" },
  { "check-keys/ok", CHECK_KEYS, "{\"id\": 1, \"name\": 2}", NULL, TRUE, 0, 0, NULL },
  { "check-keys/unknown", CHECK_KEYS, "{\"id\": 1, \"colour\": \"red\"}", NULL, TRUE, 0, 0,
    PATH ".colour: unknown key “colour”" },
};

static void
test_getter (gconstpointer data)
{
  static const char *const allowed[] = { "id", "name", "type", NULL };
  const GetterCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_data (c->json, strlen (c->json), "case", &error);
  const char *s = "untouched";
  gint64 i = -77;
  gboolean b = 7;
  g_autoptr(json_object) sentinel = json_object_new_object ();
  json_object *o = sentinel;
  json_object *value = NULL;
  gboolean ok = FALSE;
  gboolean present;

  g_assert_no_error (error);
  present = c->key != NULL && json_object_object_get_ex (json, c->key, &value) && value != NULL;
  switch (c->getter)
    {
    case GET_STRING:
      ok = adj_json_get_string (json, c->key, c->required, &s, "battle.json", "$.units[3]", &error);
      if (ok && present)
        g_assert_cmpstr (s, ==, "transport");
      else
        g_assert_cmpstr (s, ==, "untouched");
      break;
    case GET_INT:
      ok = adj_json_get_int (json, c->key, c->required, c->min, c->max, &i, "battle.json",
                             "$.units[3]", &error);
      g_assert_cmpint (i, ==, ok && present ? 10 : -77);
      break;
    case GET_BOOL:
      ok = adj_json_get_bool (json, c->key, c->required, &b, "battle.json", "$.units[3]", &error);
      g_assert_cmpint (b, ==, ok && present ? FALSE : 7);
      break;
    case GET_ARRAY:
      ok = adj_json_get_array (json, c->key, c->required, &o, "battle.json", "$.units[3]",
                               &error);
      if (ok && present)
        g_assert_true (json_object_is_type (o, json_type_array));
      else
        g_assert_true (o == sentinel);
      break;
    case GET_OBJECT:
      ok = adj_json_get_object (json, c->key, c->required, &o, "battle.json", "$.units[3]",
                                &error);
      if (ok && present)
        g_assert_true (json_object_is_type (o, json_type_object));
      else
        g_assert_true (o == sentinel);
      break;
    case EXPECT_OBJECT:
      ok = adj_json_expect_object (json, "battle.json", "$.units[3]", &error);
      break;
    case CHECK_KEYS:
      ok = adj_json_check_keys (json, allowed, "battle.json", "$.units[3]", &error);
      break;
    default:
      g_assert_not_reached ();
    }

  if (c->message == NULL)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
      return;
    }
  g_assert_false (ok);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
}

static void
test_getter_optional_untouched (void)
{
  g_autoptr(json_object) json = json_object_new_object ();
  g_autoptr(GError) error = NULL;
  json_object *arr = (json_object *) json;

  /* A missing optional key succeeds and leaves *out as it was (the header's promise). */
  g_assert_true (adj_json_get_array (json, "units", FALSE, &arr, "f", "$", &error));
  g_assert_no_error (error);
  g_assert_true (arr == json);
}

static void
test_fail (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (adj_json_fail (&error, ADJ_ERROR_UNSUPPORTED, "army.json", "$.version",
                                 "version %d is newer", 3));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED);
  g_assert_cmpstr (error->message, ==, "army.json: $.version: version 3 is newer");
  /* A NULL error is allowed, as with every GError function. */
  g_assert_false (adj_json_fail (NULL, ADJ_ERROR_INVALID, "a", "$", "x"));
}

static void
test_paths (void)
{
  g_autofree char *a = adj_json_path_key ("$", "units");
  g_autofree char *b = adj_json_path_index (a, 3);
  g_autofree char *c = adj_json_path_key (b, "status");

  g_assert_cmpstr (a, ==, "$.units");
  g_assert_cmpstr (b, ==, "$.units[3]");
  g_assert_cmpstr (c, ==, "$.units[3].status");
}

typedef struct {
  const char *text;
  gboolean    ok;
} IdCase;

static const IdCase id_cases[] = {
  { "wec", TRUE }, { "u17", TRUE }, { "fire-combat", TRUE }, { "a", TRUE }, { "9", TRUE },
  { "", FALSE }, { "Wec", FALSE }, { "a b", FALSE }, { "a/b", FALSE }, { "..", FALSE },
  { "é", FALSE }, { "wec.json", FALSE },
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", TRUE },   /* 64 */
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", FALSE },  /* 65 */
};

static void
test_identifier (gconstpointer data)
{
  const IdCase *c = data;
  g_assert_cmpint (adj_json_is_identifier (c->text), ==, c->ok);
}

static void
test_identifier_null (void)
{
  g_assert_false (adj_json_is_identifier (NULL));
}

static void
test_copy_equal (void)
{
  const char *text = "{\"a\": [1, {\"b\": null}], \"c\": \"x/y\"}";
  g_autoptr(json_object) json = adj_json_parse_data (text, strlen (text), "t", NULL);
  g_autoptr(json_object) copy = adj_json_copy (json);
  g_autofree char *plain = NULL;
  json_object *a;

  g_assert_true (copy != json);
  g_assert_true (adj_json_equal (json, copy));
  g_assert_null (adj_json_copy (NULL));
  g_assert_true (adj_json_equal (NULL, NULL));

  /* Deep: changing the copy does not change the original. */
  g_assert_true (json_object_object_get_ex (copy, "a", &a));
  json_object_array_add (a, json_object_new_int (2));
  g_assert_false (adj_json_equal (json, copy));

  plain = adj_json_to_string (json, FALSE);
  g_assert_cmpstr (plain, ==, "{\"a\":[1,{\"b\":null}],\"c\":\"x/y\"}");
}

static void
test_type_names (void)
{
  g_autoptr(json_object) i = json_object_new_int (1);
  g_autoptr(json_object) d = json_object_new_double (1.5);
  g_autoptr(json_object) s = json_object_new_string ("");
  g_autoptr(json_object) b = json_object_new_boolean (TRUE);
  g_autoptr(json_object) a = json_object_new_array ();
  g_autoptr(json_object) o = json_object_new_object ();

  g_assert_cmpstr (adj_json_type_name (NULL), ==, "null");
  g_assert_cmpstr (adj_json_type_name (i), ==, "an integer");
  g_assert_cmpstr (adj_json_type_name (d), ==, "a number with a fraction");
  g_assert_cmpstr (adj_json_type_name (s), ==, "a string");
  g_assert_cmpstr (adj_json_type_name (b), ==, "a boolean");
  g_assert_cmpstr (adj_json_type_name (a), ==, "an array");
  g_assert_cmpstr (adj_json_type_name (o), ==, "an object");
}

/* ---- writing: what is written reads back as the same document ---- */

typedef struct {
  const char *name;
  const char *text;       /* a JSON document (escapes as in the file) */
  const char *written;    /* the compact text expected, or NULL: not checked */
} WriteCase;

static const WriteCase write_cases[] = {
  /* json-c keeps integers past G_MAXINT64 unsigned; they were written clamped to G_MAXINT64. */
  { "integer-unsigned", "[12345678901234567890, 18446744073709551615]",
    "[12345678901234567890,18446744073709551615]" },
  { "integer-extremes", "[9223372036854775807, -9223372036854775808, 0, -1]",
    "[9223372036854775807,-9223372036854775808,0,-1]" },
  /* A NUL inside a string ("\u0000") ended it early when written. */
  { "string-nul", "{\"name\": \"Fort\\u0000Pearson\", \"k\": [\"\\u0000\"]}",
    "{\"name\":\"Fort\\u0000Pearson\",\"k\":[\"\\u0000\"]}" },
  { "string-controls", "[\"\\u0001\\u001f\\b\\f\\n\\r\\t\\\"\\\\/\"]",
    "[\"\\u0001\\u001f\\b\\f\\n\\r\\t\\\"\\\\/\"]" },
  { "string-unicode", "[\"Isandlwana \\u2014 \\u00e9\\ud83c\\udff4\"]", NULL },
  { "doubles", "[0.1, -0.0, 1.5e-320, 1e999, -1e999, 2.5E+3]",
    "[0.1,-0.0,1.5e-320,1e999,-1e999,2.5E+3]" },
  { "deep", "[[[[[[[[[[[[[[[[[[[[{\"a\": [[[[[[[[[[]]]]]]]]]]}]]]]]]]]]]]]]]]]]]]]", NULL },
};

static void
test_write_round_trip (gconstpointer data)
{
  const WriteCase *c = data;
  static const char *const lines[] = { "k", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_data (c->text, strlen (c->text), "t", &error);
  g_autoptr(json_object) copy = NULL;
  g_autofree char *plain = NULL;

  g_assert_no_error (error);
  copy = adj_json_copy (json);
  plain = adj_json_to_string (copy, FALSE);
  if (c->written != NULL)
    g_assert_cmpstr (plain, ==, c->written);
  for (guint pretty = 0; pretty < 3; pretty++)
    {
      g_autofree char *text = pretty == 2 ? adj_json_to_string_lines (copy, TRUE, lines)
                                          : adj_json_to_string (copy, pretty == 1);
      g_autoptr(json_object) again = adj_json_parse_data (text, strlen (text), "w", &error);

      g_assert_no_error (error);
      g_assert_true (adj_json_equal (json, again));
    }
}

/* A number computed as not finite has no JSON spelling: it is written as null. */
static void
test_write_not_finite (void)
{
  g_autoptr(json_object) arr = json_object_new_array ();
  g_autofree char *text = NULL;

  json_object_array_add (arr, json_object_new_double (1.0 / 0.0));
  json_object_array_add (arr, json_object_new_double (-1.0 / 0.0));
  json_object_array_add (arr, json_object_new_double (0.0 / 0.0));
  json_object_array_add (arr, json_object_new_double (0.25));
  text = adj_json_to_string (arr, FALSE);
  g_assert_cmpstr (text, ==, "[null,null,null,0.25]");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json/parse/%s", parse_cases[i].name);
      g_test_add_data_func (path, &parse_cases[i], test_parse);
    }
  g_test_add_func ("/json/parse/values", test_parse_values);
  g_test_add_func ("/json/parse/same-as-json-c", test_parse_same_as_json_c);
  g_test_add_func ("/json/parse/files-same-as-json-c", test_parse_files_same_as_json_c);
  g_test_add_func ("/json/parse/values-outlive", test_parse_values_outlive);
  g_test_add_func ("/json/parse/strings", test_parse_strings);
  g_test_add_func ("/json/parse/depth", test_depth_limit);
  g_test_add_func ("/json/parse/size", test_size_limit);

  g_test_add ("/json/file/good", FileFixture, NULL, file_setup, test_file_good, file_teardown);
  g_test_add ("/json/file/not-regular", FileFixture, NULL, file_setup, test_file_not_regular,
              file_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (strict_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json/file/strict/%s", strict_cases[i].name);
      g_test_add (path, FileFixture, &strict_cases[i], file_setup, test_file_strict,
                  file_teardown);
    }
  g_test_add_func ("/json/parse/value-limits", test_value_limits);
  g_test_add ("/json/file/truncated", FileFixture, NULL, file_setup, test_file_truncated,
              file_teardown);
  g_test_add ("/json/file/missing", FileFixture, NULL, file_setup, test_file_missing,
              file_teardown);
  g_test_add ("/json/file/directory", FileFixture, NULL, file_setup, test_file_directory,
              file_teardown);
  g_test_add ("/json/file/too-big", FileFixture, NULL, file_setup, test_file_too_big,
              file_teardown);
  g_test_add ("/json/file/empty", FileFixture, NULL, file_setup, test_file_empty,
              file_teardown);

  for (guint i = 0; i < G_N_ELEMENTS (getter_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json/get/%s", getter_cases[i].name);
      g_test_add_data_func (path, &getter_cases[i], test_getter);
    }
  g_test_add_func ("/json/get/optional-untouched", test_getter_optional_untouched);
  g_test_add_func ("/json/fail", test_fail);
  g_test_add_func ("/json/paths", test_paths);
  for (guint i = 0; i < G_N_ELEMENTS (id_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json/identifier/%u", i);
      g_test_add_data_func (path, &id_cases[i], test_identifier);
    }
  g_test_add_func ("/json/identifier/null", test_identifier_null);
  g_test_add_func ("/json/copy-equal", test_copy_equal);
  g_test_add_func ("/json/type-names", test_type_names);
  for (guint i = 0; i < G_N_ELEMENTS (write_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/json/write/%s", write_cases[i].name);
      g_test_add_data_func (path, &write_cases[i], test_write_round_trip);
    }
  g_test_add_func ("/json/write/not-finite", test_write_not_finite);

  return g_test_run ();
}
