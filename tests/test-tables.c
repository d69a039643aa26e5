/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables.c: tables the players type in — shapes, cells, completeness, files, the user's
 * override, battles that carry their own values. */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-test-util.h"

/* One reference to Glidden's ruleset, whose three tables the tests use, taken in main(). */
static AdjRuleset *gl;

/* Every test program gets a user data folder of its own (set in main(), before GLib reads it):
 * the user's table values are written there, never beside another test program's. */
static char *data_home;

/* Start from no saved tables at all. */
static void
forget_user_tables (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "adjutant", "tables", NULL);

  if (g_file_test (dir, G_FILE_TEST_EXISTS))
    adj_test_remove_tree (dir);
}

static json_object *
gl_root (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets",
                                            "gl.json", NULL);
  g_autoptr(GError) error = NULL;
  json_object *root = adj_json_parse_file (path, &error);

  g_assert_no_error (error);
  return root;
}

/* A complete hit table: the score is 3 + the band's place, spears and guns out of long reach. */
static void
fill_hit (AdjTables *t)
{
  static const char *const bands[] = { "short", "medium", "long" };
  static const char *const weapons[] = { "breech-loader", "musket", "spear", "maxim", "gun" };

  for (guint b = 0; b < G_N_ELEMENTS (bands); b++)
    for (guint w = 0; w < G_N_ELEMENTS (weapons); w++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(json_object) v = NULL;

        if (b == 2 && w == 2)
          v = json_object_new_string ("none");
        else
          v = json_object_new_int (3 + (int) b + (w == 1 ? 1 : 0));
        g_assert_true (adj_tables_set_cell (t, "hit", bands[b], weapons[w], v, &error));
        g_assert_no_error (error);
      }
}

static char *
read_text (const char *path)
{
  char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* ------------------------------------------------------------------------------------------ */
/* shapes                                                                                      */

static void
test_shapes_gl (void)
{
  GPtrArray *shapes = adj_ruleset_get_table_shapes (gl);
  const AdjTableShape *hit, *saves, *move;
  g_autofree char *values = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *row_only = NULL;
  g_autoptr(json_object) json = NULL;
  guint fixed = 0;

  g_assert_cmpuint (shapes->len, ==, 3);
  hit = adj_table_shape_lookup (gl, "hit");
  saves = adj_table_shape_lookup (gl, "saves");
  move = adj_table_shape_lookup (gl, "movement");
  g_assert_nonnull (hit);
  g_assert_nonnull (saves);
  g_assert_nonnull (move);
  g_assert_null (adj_table_shape_lookup (gl, "ranges"));
  g_assert_null (adj_table_shape_lookup (gl, NULL));

  /* The hit table: bands by the ruleset's weapons, whole numbers 1 to 6 or "none". */
  g_assert_cmpstr (hit->title, ==, "Hit table");
  g_assert_cmpuint (hit->n_rows, ==, 3);
  g_assert_cmpstr (hit->rows[2].id, ==, "long");
  g_assert_cmpuint (hit->n_columns, ==, adj_ruleset_get_weapons (gl)->len);
  g_assert_cmpstr (hit->columns[0].id, ==, "breech-loader");
  g_assert_cmpstr (hit->columns[0].label, ==, "Breech-loading rifle or carbine");
  g_assert_cmpint (hit->kind, ==, ADJ_TABLE_INT);
  g_assert_cmpint (hit->min, ==, 1);
  g_assert_cmpint (hit->max, ==, 6);
  g_assert_cmpuint (hit->n_choices, ==, 1);
  g_assert_cmpstr (hit->choices[0].id, ==, "none");
  g_assert_null (hit->fixed);
  g_assert_cmpuint (adj_table_shape_n_cells (hit), ==, 15);
  values = adj_table_shape_describe_values (hit);
  g_assert_cmpstr (values, ==, "a whole number from 1 to 6, or “none” (Out of reach)");
  cell = adj_table_shape_cell_label (hit, "long", "musket");
  g_assert_cmpstr (cell, ==, "Long range × Musket or other muzzle-loader");
  g_assert_nonnull (adj_table_shape_find_row (hit, "medium"));
  g_assert_null (adj_table_shape_find_row (hit, "extreme"));
  g_assert_null (adj_table_shape_find_column (hit, "value"));

  /* The saving table has one column, the value itself: a cell is named by its row. */
  g_assert_cmpuint (saves->n_columns, ==, 1);
  g_assert_cmpstr (saves->columns[0].id, ==, "value");
  row_only = adj_table_shape_cell_label (saves, "soft", "value");
  g_assert_cmpstr (row_only, ==, "Soft cover");

  /* The movement table: the rules give six of its cells. */
  for (guint r = 0; r < move->n_rows; r++)
    for (guint c = 0; c < move->n_columns; c++)
      fixed += adj_table_shape_get_fixed (move, move->rows[r].id, move->columns[c].id) != NULL;
  g_assert_cmpuint (fixed, ==, 6);
  g_assert_cmpint (json_object_get_int (adj_table_shape_get_fixed (move, "close-order", "clear")),
                   ==, 2);
  g_assert_cmpint (json_object_get_int (adj_table_shape_get_fixed (move, "scouts", "rough")), ==,
                   2);
  g_assert_null (adj_table_shape_get_fixed (move, "cavalry", "clear"));

  json = adj_table_shape_to_json (hit);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json, "id")), ==, "hit");
  g_assert_cmpuint (json_object_array_length (json_object_object_get (json, "columns")), ==, 5);
}

/* A ruleset with one more table: results of 2D6 chosen from a list, as Redvers' Reverse's
 * charts are. */
static AdjRuleset *
ruleset_with_table (const char  *table,
                    GError     **error)
{
  g_autoptr(json_object) root = gl_root ();
  json_object *tables = json_object_object_get (root, "tables");

  json_object_array_add (tables, adj_test_parse (table));
  return adj_ruleset_load_json (root, "extra.json", error);
}

static const char chart[] =
  "{\"id\": \"orders\", \"title\": \"Orders chart\", "
  " \"rows\": {\"label\": \"2D6\", \"range\": {\"min\": 2, \"max\": 12}}, "
  " \"columns\": {\"label\": \"Brigade\", \"keys\": [{\"id\": \"fresh\", \"label\": \"Fresh\"}, "
  "                                             {\"id\": \"shaken\", \"label\": \"Shaken\"}]}, "
  " \"value\": {\"kind\": \"choice\", \"label\": \"Result\", \"choices\": ["
  "   {\"id\": \"as-ordered\", \"label\": \"As ordered\"}, "
  "   {\"id\": \"lost\", \"label\": \"Lost\"}]}, "
  " \"fixed\": {\"7\": {\"fresh\": \"as-ordered\"}}}";

static void
test_shapes_choice (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = ruleset_with_table (chart, &error);
  g_autoptr(AdjTables) t = NULL;
  const AdjTableShape *shape;
  g_autoptr(json_object) lost = json_object_new_string ("lost");
  g_autoptr(json_object) four = json_object_new_int (4);
  g_autofree char *shown = NULL;
  g_autofree char *values = NULL;
  const char *special = NULL;
  int number = -1;

  g_assert_no_error (error);
  shape = adj_table_shape_lookup (rs, "orders");
  g_assert_nonnull (shape);
  g_assert_cmpint (shape->kind, ==, ADJ_TABLE_CHOICE);
  g_assert_cmpuint (shape->n_rows, ==, 11);
  g_assert_cmpstr (shape->rows[0].id, ==, "2");
  g_assert_cmpstr (shape->rows[10].label, ==, "12");
  g_assert_cmpuint (adj_table_shape_n_cells (shape), ==, 22);
  values = adj_table_shape_describe_values (shape);
  g_assert_cmpstr (values, ==, "one of “as-ordered” (As ordered), “lost” (Lost)");

  t = adj_tables_new (rs);
  g_assert_true (adj_tables_set_cell (t, "orders", "9", "shaken", lost, &error));
  g_assert_no_error (error);
  g_assert_true (adj_tables_get_int (t, "orders", "9", "shaken", &number, &special));
  g_assert_cmpstr (special, ==, "lost");
  g_assert_cmpint (number, ==, -1);
  shown = adj_table_shape_format_value (shape, adj_tables_get_cell (t, "orders", "9", "shaken"));
  g_assert_cmpstr (shown, ==, "Lost");
  /* A number is not a result of a chart of choices; typed labels are. */
  g_assert_false (adj_tables_set_cell (t, "orders", "9", "fresh", four, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "9 × Fresh: expected one of “as-ordered” (As ordered), "
                   "“lost” (Lost), found 4");
  g_clear_error (&error);
  g_assert_true (adj_tables_set_cell_text (t, "orders", "9", "fresh", "As ordered", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string (adj_tables_get_cell (t, "orders", "9", "fresh")), ==,
                   "as-ordered");
  /* The fixed cell counts as filled: 22 cells, 1 fixed, 2 entered. */
  g_assert_cmpuint (adj_tables_count_missing (t, "orders"), ==, 19);
}

typedef struct {
  const char *name;
  const char *table;     /* a table added to gl.json's */
  const char *message;
} ShapeError;

static const ShapeError shape_errors[] = {
  { "no-title", "{\"id\": \"x\", \"rows\": {\"label\": \"R\", \"range\": {\"min\": 1, "
    "\"max\": 2}}, "
    "\"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 1, \"max\": 6}}",
    "bad.json: $.tables[3]: the required key “title” is missing" },
  { "bad-id", "{\"id\": \"Hit Table\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"range\": "
    "{\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 1, "
    "\"max\": 6}}",
    "bad.json: $.tables[3].id: expected an identifier (lower-case letters, digits and dashes), "
    "found “Hit Table”" },
  { "twice", "{\"id\": \"hit\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"range\": "
    "{\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 1, "
    "\"max\": 6}}",
    "bad.json: $.tables[3]: the table id “hit” is used twice" },
  { "two-ways", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"from\": "
    "\"weapons\", \"range\": {\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": "
    "\"V\", \"min\": 1, \"max\": 6}}",
    "bad.json: $.tables[3].rows: expected exactly one of “keys”, “from” or “range”" },
  { "bad-from", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"from\": "
    "\"sides\"}, \"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 1, \"max\": 6}}",
    "bad.json: $.tables[3].rows.from: expected “weapons”, “unit-types”, “categories” or "
    "“ratings”, found “sides”" },
  { "range-too-long", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"range\": "
    "{\"min\": 1, \"max\": 500}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 1, "
    "\"max\": 6}}",
    "bad.json: $.tables[3].rows.range.max: expected an integer from 1 to 100, found 500" },
  { "duplicate-key", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"keys\": "
    "[{\"id\": \"a\", \"label\": \"A\"}, {\"id\": \"a\", \"label\": \"B\"}]}, \"value\": "
    "{\"kind\": \"int\", \"label\": \"V\", \"min\": 1, \"max\": 6}}",
    "bad.json: $.tables[3].rows.keys[1]: the id “a” is used twice" },
  { "bad-kind", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"range\": "
    "{\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"text\", \"label\": \"V\"}}",
    "bad.json: $.tables[3].value.kind: expected “int” or “choice”, found “text”" },
  { "choice-without-choices", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", "
    "\"range\": {\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"choice\", \"label\": \"V\"}}",
    "bad.json: $.tables[3].value: expected “choices”: what a cell may hold" },
  { "numeric-special", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"range\": "
    "{\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 1, "
    "\"max\": 6, \"special\": [{\"id\": \"7\", \"label\": \"Seven\"}]}}",
    "bad.json: $.tables[3].value.special[0].id: expected an identifier that is not a number, "
    "found “7”" },
  { "max-below-min", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", \"range\": "
    "{\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", \"min\": 4, "
    "\"max\": 2}}",
    "bad.json: $.tables[3].value.max: expected an integer from 4 to 100000, found 2" },
  { "fixed-out-of-range", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", "
    "\"range\": {\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", "
    "\"min\": 1, \"max\": 6}, \"fixed\": {\"1\": {\"value\": 9}}}",
    "bad.json: $.tables[3].fixed.1.value: expected a whole number from 1 to 6, found 9" },
  { "fixed-unknown-row", "{\"id\": \"x\", \"title\": \"T\", \"rows\": {\"label\": \"R\", "
    "\"range\": {\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", "
    "\"min\": 1, \"max\": 6}, \"fixed\": {\"3\": {\"value\": 2}}}",
    "bad.json: $.tables[3].fixed.3: “3” is not a row of the table" },
  { "unknown-key", "{\"id\": \"x\", \"title\": \"T\", \"cells\": 3, \"rows\": {\"label\": \"R\", "
    "\"range\": {\"min\": 1, \"max\": 2}}, \"value\": {\"kind\": \"int\", \"label\": \"V\", "
    "\"min\": 1, \"max\": 6}}",
    "bad.json: $.tables[3].cells: unknown key “cells”" },
};

static void
test_shape_error (gconstpointer data)
{
  const ShapeError *c = data;
  g_autoptr(json_object) root = gl_root ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;

  json_object_array_add (json_object_object_get (root, "tables"), adj_test_parse (c->table));
  rs = adj_ruleset_load_json (root, "bad.json", &error);
  g_assert_null (rs);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
}

/* A ruleset without "tables" has none, and a tables file for it has nothing to hold. */
static void
test_shapes_none (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) wec = adj_ruleset_lookup ("wec", &error);
  g_autoptr(json_object) doc = adj_test_parse ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                               "\"ruleset\": \"wec\", \"tables\": {\"hit\": {}}}");
  g_autoptr(AdjTables) t = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (adj_ruleset_get_table_shapes (wec)->len, ==, 0);
  t = adj_tables_from_json (doc, "wec-tables.json", "$", NULL, &error);
  g_assert_null (t);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "wec-tables.json: $.tables.hit: the ruleset “wec” has no tables to enter");
}

/* ------------------------------------------------------------------------------------------ */
/* cells                                                                                       */

typedef struct {
  const char *name;
  const char *table;
  const char *row;
  const char *column;
  const char *value;     /* JSON */
  int         code;      /* 0: accepted */
  const char *message;
} CellCase;

static const CellCase cell_cases[] = {
  { "low", "hit", "short", "musket", "1", 0, NULL },
  { "high", "hit", "long", "gun", "6", 0, NULL },
  { "special", "hit", "long", "spear", "\"none\"", 0, NULL },
  { "save-special", "saves", "open", "value", "\"none\"", 0, NULL },
  { "movement-zero", "movement", "guns", "rough", "0", 0, NULL },
  { "too-low", "hit", "short", "musket", "0", ADJ_ERROR_INVALID,
    "Short range × Musket or other muzzle-loader: expected a whole number from 1 to 6, or "
    "“none” (Out of reach), found 0" },
  { "too-high", "hit", "short", "musket", "7", ADJ_ERROR_INVALID,
    "Short range × Musket or other muzzle-loader: expected a whole number from 1 to 6, or "
    "“none” (Out of reach), found 7" },
  { "wrong-special", "saves", "soft", "value", "\"never\"", ADJ_ERROR_INVALID,
    "Soft cover: expected a whole number from 1 to 6, or “none” (No save), found \"never\"" },
  { "fraction", "hit", "short", "musket", "4.5", ADJ_ERROR_INVALID,
    "Short range × Musket or other muzzle-loader: expected a whole number from 1 to 6, or "
    "“none” (Out of reach), found 4.5" },
  { "boolean", "hit", "short", "musket", "true", ADJ_ERROR_INVALID,
    "Short range × Musket or other muzzle-loader: expected a whole number from 1 to 6, or "
    "“none” (Out of reach), found true" },
  { "movement-too-many", "movement", "cavalry", "clear", "7", ADJ_ERROR_INVALID,
    "Cavalry × Clear going: expected a whole number from 0 to 6, found 7" },
  { "fixed", "movement", "close-order", "clear", "3", ADJ_ERROR_NOT_ALLOWED,
    "Infantry in close order × Clear going: the rules give this cell (2); it cannot be entered" },
  { "unknown-table", "ranges", "short", "musket", "4", ADJ_ERROR_NOT_FOUND,
    "The ruleset “gl” has no table “ranges”" },
  { "unknown-row", "hit", "extreme", "musket", "4", ADJ_ERROR_NOT_FOUND,
    "The Hit table has no row “extreme”" },
  { "unknown-column", "hit", "short", "bow", "4", ADJ_ERROR_NOT_FOUND,
    "The Hit table has no column “bow”" },
};

static void
test_cell (gconstpointer data)
{
  const CellCase *c = data;
  g_autoptr(AdjTables) t = adj_tables_new (gl);
  g_autoptr(json_object) value = adj_test_parse (c->value);
  g_autoptr(json_object) before = json_object_new_int (5);
  g_autoptr(GError) error = NULL;
  gboolean fixed = c->code == ADJ_ERROR_NOT_ALLOWED;
  gboolean known = c->code != ADJ_ERROR_NOT_FOUND;

  /* A cell that held 5: a refused value leaves it as it was. */
  if (known && !fixed && c->code != 0 &&
      !g_str_equal (c->table, "movement"))
    {
      g_assert_true (adj_tables_set_cell (t, c->table, c->row, c->column, before, &error));
      g_assert_no_error (error);
    }
  if (c->code == 0)
    {
      g_assert_true (adj_tables_set_cell (t, c->table, c->row, c->column, value, &error));
      g_assert_no_error (error);
      g_assert_true (adj_json_equal (adj_tables_get_cell (t, c->table, c->row, c->column), value));
      g_assert_true (adj_tables_has_table (t, c->table));
      return;
    }
  g_assert_false (adj_tables_set_cell (t, c->table, c->row, c->column, value, &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, c->message);
  if (known && !fixed && !g_str_equal (c->table, "movement"))
    g_assert_cmpint (json_object_get_int (adj_tables_get_cell (t, c->table, c->row, c->column)),
                     ==, 5);
  else if (fixed)
    g_assert_cmpint (json_object_get_int (adj_tables_get_cell (t, c->table, c->row, c->column)),
                     ==, 2);
  else
    g_assert_null (adj_tables_get_cell (t, c->table, c->row, c->column));
}

typedef struct {
  const char *text;
  const char *json;      /* NULL: the cell is emptied; "!" refused */
} TextCase;

static const TextCase text_cases[] = {
  { "4", "4" },
  { "  5 ", "5" },
  { "+3", "3" },
  { "", NULL },
  { "   ", NULL },
  { "none", "\"none\"" },
  { "NONE", "\"none\"" },
  { "Out of reach", "\"none\"" },
  { "7", "!" },
  { "0", "!" },
  { "four", "!" },
  { "4x", "!" },
};

static void
test_cell_text (void)
{
  const AdjTableShape *hit = adj_table_shape_lookup (gl, "hit");

  for (guint i = 0; i < G_N_ELEMENTS (text_cases); i++)
    {
      const TextCase *c = &text_cases[i];
      g_autoptr(AdjTables) t = adj_tables_new (gl);
      g_autoptr(json_object) out = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *shown = NULL;
      gboolean ok = adj_table_shape_parse_text (hit, c->text, &out, &error);

      if (g_strcmp0 (c->json, "!") == 0)
        {
          g_autofree char *typed = g_strstrip (g_strdup (c->text));
          g_autofree char *want = g_strdup_printf ("“%s” is not allowed here: expected a whole "
                                                   "number from 1 to 6, or “none” (Out of reach)",
                                                   typed);
          g_assert_false (ok);
          g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
          g_assert_cmpstr (error->message, ==, want);
          g_clear_error (&error);
          g_assert_false (adj_tables_set_cell_text (t, "hit", "long", "gun", c->text, &error));
          g_assert_true (g_str_has_prefix (error->message, "Long range × Field or mountain gun: "));
          g_assert_null (adj_tables_get_cell (t, "hit", "long", "gun"));
          continue;
        }
      g_assert_true (ok);
      g_assert_no_error (error);
      if (c->json == NULL)
        {
          g_assert_null (out);
          continue;
        }
      {
        g_autoptr(json_object) want = adj_test_parse (c->json);

        g_assert_true (adj_json_equal (out, want));
        g_assert_true (adj_tables_set_cell_text (t, "hit", "long", "gun", c->text, &error));
        g_assert_no_error (error);
        g_assert_true (adj_json_equal (adj_tables_get_cell (t, "hit", "long", "gun"), want));
        shown = adj_table_shape_format_value (hit, want);
        g_assert_cmpstr (shown, ==, json_object_is_type (want, json_type_int)
                                    ? c->json : "Out of reach");
        /* Typing nothing empties the cell again, and an empty table is no table. */
        g_assert_true (adj_tables_set_cell_text (t, "hit", "long", "gun", "", &error));
        g_assert_null (adj_tables_get_cell (t, "hit", "long", "gun"));
        g_assert_false (adj_tables_has_table (t, "hit"));
      }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* completeness                                                                                */

static void
test_missing (void)
{
  g_autoptr(AdjTables) t = adj_tables_new (gl);
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) four = json_object_new_int (4);
  AdjTableCell need[] = { { "long", "musket" }, { "short", "musket" }, { "long", "musket" } };

  /* Empty: every cell, rows first; the movement table less the cells the rules give. */
  missing = adj_tables_missing (t, "hit");
  g_assert_cmpuint (missing->len, ==, 15);
  g_assert_cmpstr (g_array_index (missing, AdjTableCell, 0).row, ==, "short");
  g_assert_cmpstr (g_array_index (missing, AdjTableCell, 0).column, ==, "breech-loader");
  g_assert_cmpstr (g_array_index (missing, AdjTableCell, 14).row, ==, "long");
  g_assert_cmpstr (g_array_index (missing, AdjTableCell, 14).column, ==, "gun");
  g_assert_cmpuint (adj_tables_count_missing (t, "movement"), ==, 12);
  g_assert_cmpuint (adj_tables_count_missing (t, "saves"), ==, 3);
  g_assert_false (adj_tables_is_complete (t, "hit"));
  g_assert_false (adj_tables_is_complete (t, "nope"));

  g_assert_false (adj_tables_require (t, "hit", NULL, 0, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
  g_assert_cmpstr (error->message, ==,
                   "Enter the Hit table first: 15 cells are missing (Short range × "
                   "Breech-loading rifle or carbine, Short range × Musket or other "
                   "muzzle-loader, Short range × Throwing spears, Short range × Maxim gun, "
                   "Short range × Field or mountain gun, Medium range × Breech-loading rifle or "
                   "carbine, …)");
  g_clear_error (&error);

  /* Only the cells a mechanic needs, each named once. */
  g_assert_true (adj_tables_set_cell (t, "hit", "short", "musket", four, &error));
  g_assert_false (adj_tables_require (t, "hit", need, G_N_ELEMENTS (need), &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
  g_assert_cmpstr (error->message, ==, "Enter the Hit table first: 1 cell is missing (Long "
                   "range × Musket or other muzzle-loader)");
  g_clear_error (&error);
  g_assert_true (adj_tables_set_cell (t, "hit", "long", "musket", four, &error));
  g_assert_true (adj_tables_require (t, "hit", need, G_N_ELEMENTS (need), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_tables_count_missing (t, "hit"), ==, 13);

  /* Filled in whole. */
  fill_hit (t);
  g_assert_true (adj_tables_is_complete (t, "hit"));
  g_assert_true (adj_tables_require (t, "hit", NULL, 0, &error));
  g_assert_no_error (error);

  /* A fixed cell never counts as missing; a one-column table names its rows. */
  {
    AdjTableCell fixed = { "scouts", "rough" };
    AdjTableCell soft = { "soft", "value" };

    g_assert_true (adj_tables_require (t, "movement", &fixed, 1, &error));
    g_assert_false (adj_tables_require (t, "saves", &soft, 1, &error));
    g_assert_cmpstr (error->message, ==, "Enter the Saving table first: 1 cell is missing (Soft "
                     "cover)");
    g_clear_error (&error);
    g_assert_false (adj_tables_require (t, "nope", NULL, 0, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  }
}

static void
test_report (void)
{
  g_autoptr(AdjTables) t = adj_tables_new (gl);
  g_autoptr(json_object) report = NULL;
  g_autoptr(json_object) five = json_object_new_int (5);
  g_autoptr(GError) error = NULL;
  json_object *hit, *move;

  fill_hit (t);
  g_assert_true (adj_tables_set_cell (t, "movement", "cavalry", "clear", five, &error));
  report = adj_tables_report_json (t);
  g_assert_cmpuint (json_object_array_length (report), ==, 3);
  hit = json_object_array_get_idx (report, 0);
  move = json_object_array_get_idx (report, 2);
  g_assert_true (json_object_get_boolean (json_object_object_get (hit, "complete")));
  g_assert_cmpint (json_object_get_int (json_object_object_get (hit, "entered")), ==, 15);
  g_assert_cmpint (json_object_get_int (json_object_object_get (move, "cells")), ==, 18);
  g_assert_cmpint (json_object_get_int (json_object_object_get (move, "fixed")), ==, 6);
  g_assert_cmpint (json_object_get_int (json_object_object_get (move, "entered")), ==, 1);
  g_assert_cmpint (json_object_get_int (json_object_object_get (move, "missing")), ==, 11);
  g_assert_cmpuint (json_object_array_length (json_object_object_get (move, "missing_cells")),
                    ==, 11);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (move, "source")), ==, "user");
}

/* ------------------------------------------------------------------------------------------ */
/* files                                                                                       */

static void
test_round_trip (void)
{
  g_autoptr(AdjTables) t = adj_tables_new (gl);
  g_autoptr(AdjTables) back = NULL;
  g_autoptr(AdjTables) loaded = NULL;
  g_autoptr(json_object) doc = NULL;
  g_autoptr(json_object) again = NULL;
  g_autoptr(json_object) three = json_object_new_int (3);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("adj-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mine.json", NULL);

  fill_hit (t);
  g_assert_true (adj_tables_set_cell (t, "saves", "hard", "value", three, &error));
  adj_tables_set_title (t, "My 1983 copy");
  adj_tables_set_notes (t, "Typed in on a wet Sunday");
  doc = adj_tables_to_json (t);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (doc, "format")), ==,
                   ADJ_TABLES_FORMAT);
  g_assert_cmpint (json_object_get_int (json_object_object_get (doc, "version")), ==,
                   ADJ_TABLES_VERSION);
  g_assert_cmpstr (adj_store_sniff_format (doc), ==, "adjutant-tables");

  back = adj_tables_from_json (doc, "mine.json", "$", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (adj_tables_get_ruleset (back) == gl);
  g_assert_cmpstr (adj_tables_get_title (back), ==, "My 1983 copy");
  g_assert_cmpstr (adj_tables_get_notes (back), ==, "Typed in on a wet Sunday");
  again = adj_tables_to_json (back);
  g_assert_true (adj_json_equal (doc, again));

  g_assert_true (adj_tables_save_file (t, path, &error));
  g_assert_no_error (error);
  loaded = adj_tables_load_file (path, gl, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_tables_get_file (loaded), ==, "mine.json");
  g_clear_pointer (&again, json_object_put);
  again = adj_tables_to_json (loaded);
  g_assert_true (adj_json_equal (doc, again));

  /* A copy is separate. */
  {
    g_autoptr(AdjTables) copy = adj_tables_copy (t);

    adj_tables_clear_table (copy, "hit");
    g_assert_false (adj_tables_has_table (copy, "hit"));
    g_assert_true (adj_tables_has_table (t, "hit"));
  }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

typedef struct {
  const char *name;
  const char *text;
  int         code;
  const char *message;
} FileCase;

static const FileCase file_cases[] = {
  { "not-json", "{\"format\": ", ADJ_ERROR_PARSE,
    "t.json: the JSON text ends too early (line 1, column 12): the file looks truncated" },
  { "not-object", "[1, 2]", ADJ_ERROR_INVALID, "t.json: $: expected an object, found an array" },
  { "battle", "{\"format\": \"adjutant-battle\", \"version\": 1}", ADJ_ERROR_UNSUPPORTED,
    "t.json: $.format: expected “adjutant-tables”, found “adjutant-battle”: these are not table "
    "values" },
  { "newer", "{\"format\": \"adjutant-tables\", \"version\": 2, \"ruleset\": \"gl\", "
    "\"tables\": {}}", ADJ_ERROR_UNSUPPORTED,
    "t.json: $.version: the table values were saved by a newer Adjutant (file version 2; this "
    "version reads up to 1): update Adjutant to use them" },
  { "version-zero", "{\"format\": \"adjutant-tables\", \"version\": 0, \"ruleset\": \"gl\", "
    "\"tables\": {}}", ADJ_ERROR_UNSUPPORTED,
    "t.json: $.version: file version 0 does not exist" },
  { "other-ruleset", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"rn\", "
    "\"tables\": {}}", ADJ_ERROR_INVALID,
    "t.json: $.ruleset: expected values for the ruleset “gl”, found “rn”" },
  { "no-tables", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\"}",
    ADJ_ERROR_INVALID, "t.json: $: the required key “tables” is missing" },
  { "extra-key", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {}, \"colour\": \"red\"}", ADJ_ERROR_INVALID,
    "t.json: $.colour: unknown key “colour”" },
  { "unknown-table", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"ranges\": {}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.ranges: the ruleset “gl” has no table “ranges” (its tables: hit, saves, "
    "movement)" },
  { "table-not-object", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"hit\": [4, 5]}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.hit: expected an object, found an array" },
  { "unknown-row", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"hit\": {\"point-blank\": {\"musket\": 2}}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.hit.point-blank: the Hit table has no row “point-blank” (its rows: short, "
    "medium, long)" },
  { "unknown-column", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"saves\": {\"soft\": {\"musket\": 2}}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.saves.soft.musket: the Saving table has no column “musket” (its columns: "
    "value)" },
  { "out-of-range", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"hit\": {\"long\": {\"maxim\": 8}}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.hit.long.maxim: expected a whole number from 1 to 6, or “none” (Out of "
    "reach), found 8" },
  { "text-value", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"hit\": {\"long\": {\"maxim\": \"5\"}}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.hit.long.maxim: expected a whole number from 1 to 6, or “none” (Out of "
    "reach), found \"5\"" },
  { "fixed-cell", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"movement\": {\"scouts\": {\"clear\": 4}}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.movement.scouts.clear: the rules give this cell (3): leave it out" },
  { "row-not-object", "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
    "\"tables\": {\"saves\": {\"soft\": 4}}}", ADJ_ERROR_INVALID,
    "t.json: $.tables.saves.soft: expected an object, found an integer" },
};

static void
test_file_error (gconstpointer data)
{
  const FileCase *c = data;
  g_autofree char *dir = g_dir_make_tmp ("adj-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) t = NULL;

  g_autofree char *display = g_filename_display_name (path);
  /* A text that is not JSON is named by its whole path, as every file Adjutant reads. */
  g_autofree char *expect = c->code == ADJ_ERROR_PARSE
                            ? g_strconcat (display, c->message + strlen ("t.json"), NULL)
                            : g_strdup (c->message);

  g_assert_true (g_file_set_contents (path, c->text, -1, NULL));
  t = adj_tables_load_file (path, gl, &error);
  g_assert_null (t);
  g_assert_error (error, ADJ_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, expect);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The size and depth limits of every JSON file hold for tables files too. */
static void
test_file_limits (void)
{
  g_autoptr(GString) deep = g_string_new ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                          "\"ruleset\": \"gl\", \"tables\": ");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("adj-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "deep.json", NULL);
  g_autoptr(AdjTables) t = NULL;

  for (int i = 0; i < 200; i++)
    g_string_append (deep, "[");
  for (int i = 0; i < 200; i++)
    g_string_append (deep, "]");
  g_string_append (deep, "}");
  g_assert_true (g_file_set_contents (path, deep->str, (gssize) deep->len, NULL));
  t = adj_tables_load_file (path, NULL, &error);
  g_assert_null (t);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  {
    g_autofree char *display = g_filename_display_name (path);
    g_autofree char *prefix = g_strconcat (display, ": ", NULL);

    g_assert_true (g_str_has_prefix (error->message, prefix));
  }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A null cell is an empty one, as an editor may write it. */
static void
test_file_null_cell (void)
{
  g_autoptr(json_object) doc = adj_test_parse ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                               "\"ruleset\": \"gl\", \"tables\": {\"saves\": "
                                               "{\"soft\": {\"value\": null}, "
                                               "\"hard\": {\"value\": 4}}}}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) t = adj_tables_from_json (doc, "t.json", "$", gl, &error);

  g_assert_no_error (error);
  g_assert_null (adj_tables_get_cell (t, "saves", "soft", "value"));
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (t, "saves", "hard", "value")), ==,
                   4);
  g_assert_cmpuint (adj_tables_count_missing (t, "saves"), ==, 2);
}

/* ------------------------------------------------------------------------------------------ */
/* the user's override                                                                         */

static gssize
full_disk (int         fd,
           const void *buf,
           gsize       count)
{
  errno = ENOSPC;
  return -1;
}

static void
test_user_file (void)
{
  g_autofree char *path = adj_tables_user_path ("gl");
  g_autofree char *expect = g_build_filename (g_get_user_data_dir (), "adjutant", "tables",
                                              "gl.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) empty = NULL;
  g_autoptr(AdjTables) mine = NULL;
  g_autoptr(AdjTables) back = NULL;
  g_autoptr(json_object) a = NULL;
  g_autoptr(json_object) b = NULL;
  g_autoptr(json_object) six = json_object_new_int (6);
  g_autofree char *saved = NULL;
  g_autofree char *after = NULL;

  /* Nothing is there yet, which is no error. */
  forget_user_tables ();
  g_assert_cmpstr (path, ==, expect);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  empty = adj_tables_load_user (gl, &error);
  g_assert_no_error (error);
  g_assert_false (adj_tables_has_table (empty, "hit"));

  mine = adj_tables_new (gl);
  fill_hit (mine);
  g_assert_true (adj_tables_save_user (mine, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  back = adj_tables_load_user (gl, &error);
  g_assert_no_error (error);
  a = adj_tables_to_json (mine);
  b = adj_tables_to_json (back);
  g_assert_true (adj_json_equal (a, b));

  /* A save that fails on a full disk leaves the file that was there as it was. */
  saved = read_text (path);
  g_assert_true (adj_tables_set_cell (mine, "saves", "open", "value", six, &error));
  adj_store_set_write_func (full_disk);
  g_assert_false (adj_tables_save_user (mine, &error));
  adj_store_set_write_func (NULL);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_clear_error (&error);
  after = read_text (path);
  g_assert_cmpstr (after, ==, saved);
  {
    g_autofree char *dir = g_path_get_dirname (path);
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;
    guint files = 0;

    /* Nor is a temporary file left behind. */
    while ((name = g_dir_read_name (listing)) != NULL)
      files++;
    g_assert_cmpuint (files, ==, 1);
  }
}

static void
test_user_file_broken (void)
{
  g_autofree char *path = adj_tables_user_path ("gl");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *expect = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) t = NULL;
  AdjContext ctx = { .ruleset = gl };
  static const char broken[] = "{\"format\": \"adjutant-tables\", \"version\": 1, "
                               "\"ruleset\": \"gl\", \"tables\": {\"saves\": {\"soft\": "
                               "{\"value\": 12}}}}";

  forget_user_tables ();
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, broken, -1, NULL));
  t = adj_tables_load_user (gl, &error);
  g_assert_null (t);
  expect = g_strdup_printf ("%s: $.tables.saves.soft.value: expected a whole number from 1 to "
                            "6, or “none” (No save), found 12", display);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, expect);
  g_clear_error (&error);

  /* A mechanic that needs them stops with the same message; the file is not touched. */
  g_assert_null (adj_tables_for_context (&ctx, &error));
  g_assert_cmpstr (error->message, ==, expect);
  {
    g_autofree char *still = read_text (path);
    g_assert_cmpstr (still, ==, broken);
  }
  forget_user_tables ();
}

static void
test_override (void)
{
  g_autoptr(AdjTables) given = adj_tables_new (gl);
  g_autoptr(AdjTables) seen = NULL;
  g_autoptr(AdjTables) other = NULL;
  g_autoptr(AdjRuleset) rn = adj_ruleset_lookup ("rn", NULL);
  g_autoptr(GError) error = NULL;

  forget_user_tables ();
  fill_hit (given);
  adj_tables_set_override (given);
  seen = adj_tables_load_user (gl, &error);
  g_assert_no_error (error);
  g_assert_true (adj_tables_is_complete (seen, "hit"));
  /* A copy: the override itself is not handed out to be changed. */
  g_assert_true (seen != given);
  other = adj_tables_load_user (rn, &error);
  g_assert_no_error (error);
  g_assert_true (adj_tables_get_ruleset (other) == rn);
  adj_tables_set_override (NULL);
  g_clear_pointer (&seen, adj_tables_unref);
  seen = adj_tables_load_user (gl, &error);
  g_assert_false (adj_tables_has_table (seen, "hit"));
}

/* ------------------------------------------------------------------------------------------ */
/* battles                                                                                     */

static AdjBattle *
new_battle (void)
{
  g_autoptr(AdjBattle) battle = adj_battle_new (gl, "Test");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (adj_battle_add_side (battle, "a", "British", NULL, &error));
  g_assert_nonnull (adj_battle_add_side (battle, "b", "Zulus", NULL, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&battle);
}

static void
test_embed_extract (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(AdjTables) t = adj_tables_new (gl);
  g_autoptr(AdjTables) out = NULL;
  g_autoptr(AdjTables) out2 = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) a = NULL;
  g_autoptr(json_object) b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rn = adj_ruleset_lookup ("rn", NULL);
  g_autoptr(AdjTables) wrong = adj_tables_new (rn);

  g_assert_null (adj_battle_extract_tables (battle));
  json = adj_battle_to_json (battle);
  g_assert_false (json_object_object_get_ex (json, "tables", NULL));
  g_clear_pointer (&json, json_object_put);

  fill_hit (t);
  adj_tables_set_title (t, "Our club's values");
  adj_battle_mark_saved (battle);
  g_assert_true (adj_battle_embed_tables (battle, t, &error));
  g_assert_no_error (error);
  g_assert_true (adj_battle_get_modified (battle));
  /* A copy went in: changing ours afterwards changes not the battle's. */
  adj_tables_clear_table (t, "hit");
  out = adj_battle_extract_tables (battle);
  g_assert_true (adj_tables_is_complete (out, "hit"));
  g_assert_cmpstr (adj_tables_get_title (out), ==, "Our club's values");

  /* Saved with the battle and read back. */
  json = adj_battle_to_json (battle);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
    json_object_object_get (json, "tables"), "format")), ==, "adjutant-tables");
  loaded = adj_battle_from_json (json, "battle.json", &error);
  g_assert_no_error (error);
  out2 = adj_battle_extract_tables (loaded);
  a = adj_tables_to_json (out);
  b = adj_tables_to_json (out2);
  g_assert_true (adj_json_equal (a, b));

  /* The wrong system's values are refused; NULL takes them out. */
  g_assert_false (adj_battle_embed_tables (battle, wrong, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "These are values for the ruleset “rn”, but the battle is "
                   "played with “gl”");
  g_clear_error (&error);
  g_assert_true (adj_battle_embed_tables (battle, NULL, &error));
  g_assert_null (adj_battle_extract_tables (battle));
}

static void
test_battle_load_error (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(json_object) json = adj_battle_to_json (battle);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) loaded = NULL;

  json_object_object_add (json, "tables",
                          adj_test_parse ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                          "\"ruleset\": \"gl\", \"tables\": {\"hit\": {\"long\": "
                                          "{\"gun\": 0}}}}"));
  loaded = adj_battle_from_json (json, "battle.json", &error);
  g_assert_null (loaded);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "battle.json: $.tables.tables.hit.long.gun: expected a "
                   "whole number from 1 to 6, or “none” (Out of reach), found 0");
  g_clear_error (&error);

  json_object_object_add (json, "tables",
                          adj_test_parse ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                          "\"ruleset\": \"rn\", \"tables\": {}}"));
  loaded = adj_battle_from_json (json, "battle.json", &error);
  g_assert_null (loaded);
  g_assert_cmpstr (error->message, ==, "battle.json: $.tables.ruleset: expected values for the "
                   "ruleset “gl”, found “rn”");
}

/* The battle's own table wins over the user's, table by table. */
static void
test_battle_wins (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjTables) user = adj_tables_new (gl);
  g_autoptr(AdjTables) carried = adj_tables_new (gl);
  g_autoptr(AdjTables) seen = NULL;
  g_autoptr(AdjTables) alone = NULL;
  g_autoptr(json_object) two = json_object_new_int (2);
  g_autoptr(json_object) six = json_object_new_int (6);
  g_autoptr(json_object) four = json_object_new_int (4);
  g_autoptr(GError) error = NULL;
  AdjContext ctx;

  forget_user_tables ();
  fill_hit (user);
  g_assert_true (adj_tables_set_cell (user, "hit", "short", "musket", two, &error));
  g_assert_true (adj_tables_set_cell (user, "saves", "soft", "value", four, &error));
  g_assert_true (adj_tables_save_user (user, &error));
  /* The battle carries a hit table of one cell, and no saving table. */
  g_assert_true (adj_tables_set_cell (carried, "hit", "short", "musket", six, &error));
  g_assert_true (adj_battle_embed_tables (battle, carried, &error));
  g_assert_no_error (error);

  adj_battle_context (battle, &ctx);
  seen = adj_tables_for_context (&ctx, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (seen, "hit", "short", "musket")),
                   ==, 6);
  /* Whole: the user's other cells of that table are not mixed in. */
  g_assert_null (adj_tables_get_cell (seen, "hit", "long", "gun"));
  g_assert_cmpuint (adj_tables_count_missing (seen, "hit"), ==, 14);
  g_assert_cmpint (adj_tables_get_source (seen, "hit"), ==, ADJ_TABLE_SOURCE_BATTLE);
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (seen, "saves", "soft", "value")),
                   ==, 4);
  g_assert_cmpint (adj_tables_get_source (seen, "saves"), ==, ADJ_TABLE_SOURCE_USER);
  g_assert_cmpint (adj_tables_get_source (seen, "movement"), ==, ADJ_TABLE_SOURCE_NONE);
  g_assert_cmpstr (adj_table_source_to_string (ADJ_TABLE_SOURCE_BATTLE), ==, "battle");

  /* It is the carried tables the context hands over that win, not the battle itself. */
  ctx.battle = NULL;
  g_clear_pointer (&seen, adj_tables_unref);
  seen = adj_tables_for_context (&ctx, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adj_tables_get_source (seen, "hit"), ==, ADJ_TABLE_SOURCE_BATTLE);

  /* Without the battle: the user's. */
  ctx.battle = NULL;
  ctx.tables = NULL;
  alone = adj_tables_for_context (&ctx, &error);
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (alone, "hit", "short", "musket")),
                   ==, 2);
  g_assert_true (adj_tables_is_complete (alone, "hit"));
  forget_user_tables ();
}

/* What a roll reads shares its tables with the battle and the user's file: changing it leaves
 * them as they were, and a user's file written again is read again. */
static void
test_shared_for_roll (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjTables) user = adj_tables_new (gl);
  g_autoptr(AdjTables) carried = adj_tables_new (gl);
  g_autoptr(AdjTables) seen = NULL;
  g_autoptr(AdjTables) again = NULL;
  g_autoptr(AdjTables) later = NULL;
  g_autoptr(json_object) three = json_object_new_int (3);
  g_autoptr(json_object) five = json_object_new_int (5);
  g_autoptr(json_object) six = json_object_new_int (6);
  g_autoptr(GError) error = NULL;
  AdjContext ctx;

  forget_user_tables ();
  fill_hit (user);
  g_assert_true (adj_tables_save_user (user, &error));
  g_assert_true (adj_tables_set_cell (carried, "saves", "soft", "value", six, &error));
  g_assert_true (adj_battle_embed_tables (battle, carried, &error));
  g_assert_no_error (error);
  adj_battle_context (battle, &ctx);

  seen = adj_tables_for_context (&ctx, &error);
  g_assert_no_error (error);
  g_assert_true (adj_tables_set_cell (seen, "saves", "soft", "value", three, &error));
  g_assert_true (adj_tables_set_cell (seen, "hit", "short", "musket", three, &error));
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (seen, "saves", "soft", "value")),
                   ==, 3);
  /* Neither the battle's table nor the user's changed with it. */
  again = adj_tables_for_context (&ctx, &error);
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (again, "saves", "soft", "value")),
                   ==, 6);
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (again, "hit", "short", "musket")),
                   ==, json_object_get_int (adj_tables_get_cell (user, "hit", "short",
                                                                   "musket")));
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (adj_battle_get_tables (battle),
                                                             "saves", "soft", "value")), ==, 6);

  /* The user writes the file again: the next roll reads the new value. */
  g_assert_true (adj_tables_set_cell (user, "hit", "short", "musket", five, &error));
  g_assert_true (adj_tables_save_user (user, &error));
  later = adj_tables_for_context (&ctx, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (later, "hit", "short", "musket")),
                   ==, 5);
  forget_user_tables ();
}

/* A mechanic that reads tables says so in its description. */
static void
test_describe_lists_tables (void)
{
  const AdjMechanic *fire = adj_mechanic_lookup ("gl/fire");
  g_autoptr(json_object) json = adj_mechanic_describe (fire, gl);
  json_object *tables = json_object_object_get (json, "tables");

  g_assert_nonnull (tables);
  g_assert_cmpuint (json_object_array_length (tables), ==, 2);
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (tables, 0)), ==, "hit");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (tables, 1)), ==, "saves");
  for (guint i = 0; fire->tables[i] != NULL; i++)
    g_assert_nonnull (adj_table_shape_lookup (gl, fire->tables[i]));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  data_home = adj_test_data_home_new ("tables");
  g_test_init (&argc, &argv, NULL);
  gl = adj_ruleset_lookup ("gl", &error);
  g_assert_no_error (error);

  g_test_add_func ("/tables/shapes/gl", test_shapes_gl);
  g_test_add_func ("/tables/shapes/choice", test_shapes_choice);
  g_test_add_func ("/tables/shapes/none", test_shapes_none);
  for (guint i = 0; i < G_N_ELEMENTS (shape_errors); i++)
    {
      g_autofree char *path = g_strconcat ("/tables/shapes/error/", shape_errors[i].name, NULL);
      g_test_add_data_func (path, &shape_errors[i], test_shape_error);
    }
  for (guint i = 0; i < G_N_ELEMENTS (cell_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/tables/cell/", cell_cases[i].name, NULL);
      g_test_add_data_func (path, &cell_cases[i], test_cell);
    }
  g_test_add_func ("/tables/cell/text", test_cell_text);
  g_test_add_func ("/tables/missing", test_missing);
  g_test_add_func ("/tables/report", test_report);
  g_test_add_func ("/tables/file/round-trip", test_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (file_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/tables/file/error/", file_cases[i].name, NULL);
      g_test_add_data_func (path, &file_cases[i], test_file_error);
    }
  g_test_add_func ("/tables/file/limits", test_file_limits);
  g_test_add_func ("/tables/file/null-cell", test_file_null_cell);
  g_test_add_func ("/tables/user/save-load", test_user_file);
  g_test_add_func ("/tables/user/broken", test_user_file_broken);
  g_test_add_func ("/tables/user/override", test_override);
  g_test_add_func ("/tables/battle/embed-extract", test_embed_extract);
  g_test_add_func ("/tables/battle/load-error", test_battle_load_error);
  g_test_add_func ("/tables/battle/wins", test_battle_wins);
  g_test_add_func ("/tables/battle/shared-for-roll", test_shared_for_roll);
  g_test_add_func ("/tables/describe", test_describe_lists_tables);

  status = g_test_run ();
  adj_ruleset_unref (gl);
  adj_test_data_home_free (data_home);
  return status;
}
