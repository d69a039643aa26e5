/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-tables.c: tables the players type in — shapes, values, files and what a mechanic reads. */

#define G_LOG_DOMAIN "adj-tables"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "adj-error.h"
#include "adj-file.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-migrate.h"
#include "adj-ruleset.h"
#include "adj-tables.h"

/* A missing-cells message lists this many cells, then "…". */
#define MAX_LISTED 6

/* The implicit single column of a table declared without "columns". */
#define VALUE_COLUMN "value"

typedef struct {
  AdjTableShape pub;
  AdjChoice    *rows;      /* owned arrays behind pub.rows, pub.columns, pub.choices */
  AdjChoice    *columns;
  AdjChoice    *choices;
  GPtrArray    *strings;   /* ids and labels made up here (number ranges, the value column) */
} Shape;

struct _AdjTables {
  gatomicrefcount  ref;
  AdjRuleset      *rs;
  char            *file;
  char            *title;
  char            *notes;
  json_object     *values;    /* table -> row -> column -> value: the entered cells only */
  GHashTable      *sources;   /* table id -> AdjTableSource + 1, set by adj_tables_for_context */
  AdjTableSource   origin;    /* where the entered tables of this set come from */
  gboolean         shared;    /* the tables in values are shared with others: copy to change */
};

static AdjTables *override_tables;

/* ------------------------------------------------------------------------------------------ */
/* shapes                                                                                      */

static void
shape_free (Shape *shape)
{
  g_free (shape->rows);
  g_free (shape->columns);
  g_free (shape->choices);
  g_clear_pointer (&shape->strings, g_ptr_array_unref);
  g_free (shape);
}

static const char *
keep_string (Shape *shape,
             char  *text)
{
  g_ptr_array_add (shape->strings, text);
  return text;
}

static gboolean
looks_like_number (const char *text)
{
  char *end = NULL;

  if (text == NULL || *text == '\0')
    return FALSE;
  (void) g_ascii_strtoll (text, &end, 10);
  return end != text && *end == '\0';
}

/* A list of {"id", "label"} with unique identifiers into a new array. */
static gboolean
parse_choice_list (json_object  *arr,
                   AdjChoice   **out,
                   guint        *n_out,
                   gboolean      no_numbers,
                   const char   *file,
                   const char   *path,
                   GError      **error)
{
  static const char *const keys[] = { "id", "label", "hint", NULL };
  gsize n = json_object_array_length (arr);
  AdjChoice *list;

  if (n > ADJ_TABLE_MAX_KEYS)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected at most %d entries, found %u"), ADJ_TABLE_MAX_KEYS,
                          (guint) n);
  list = g_new0 (AdjChoice, n + 1);
  *out = list;
  *n_out = (guint) n;
  for (gsize i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (arr, i);
      g_autofree char *where = adj_json_path_index (path, i);

      if (!adj_json_expect_object (item, file, where, error) ||
          !adj_json_check_keys (item, keys, file, where, error) ||
          !adj_json_get_string (item, "id", TRUE, &list[i].id, file, where, error) ||
          !adj_json_get_string (item, "label", TRUE, &list[i].label, file, where, error))
        return FALSE;
      if (!adj_json_is_identifier (list[i].id) || (no_numbers && looks_like_number (list[i].id)))
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "id",
                                 no_numbers
                                 ? _("expected an identifier that is not a number, found “%s”")
                                 : _("expected an identifier (lower-case letters, digits and "
                                     "dashes), found “%s”"), list[i].id);
      if (list[i].label[0] == '\0')
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "label",
                                 _("expected a non-empty text"));
      for (gsize j = 0; j < i; j++)
        if (g_str_equal (list[j].id, list[i].id))
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("the id “%s” is used twice"), list[i].id);
    }
  return TRUE;
}

/* "rows" or "columns": {"label", and one of "keys", "from" or "range"}. */
static gboolean
parse_axis (AdjRuleset   *rs,
            Shape        *shape,
            json_object  *obj,
            AdjChoice   **out,
            guint        *n_out,
            const char  **label,
            const char   *file,
            const char   *path,
            GError      **error)
{
  static const char *const keys[] = { "label", "keys", "from", "range", NULL };
  json_object *list = NULL, *range = NULL;
  const char *from = NULL;
  guint ways;

  if (!adj_json_expect_object (obj, file, path, error) ||
      !adj_json_check_keys (obj, keys, file, path, error) ||
      !adj_json_get_string (obj, "label", TRUE, label, file, path, error) ||
      !adj_json_get_array (obj, "keys", FALSE, &list, file, path, error) ||
      !adj_json_get_string (obj, "from", FALSE, &from, file, path, error) ||
      !adj_json_get_object (obj, "range", FALSE, &range, file, path, error))
    return FALSE;
  ways = (list != NULL) + (from != NULL) + (range != NULL);
  if (ways != 1)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected exactly one of “keys”, “from” or “range”"));

  if (list != NULL)
    {
      g_autofree char *where = adj_json_path_key (path, "keys");

      if (!parse_choice_list (list, out, n_out, FALSE, file, where, error))
        return FALSE;
    }
  else if (from != NULL)
    {
      /* The ruleset's own lists, read here as they stand while the ruleset loads. */
      GPtrArray *list_from = NULL;

      if (g_str_equal (from, "weapons"))
        list_from = adj_ruleset_get_weapons (rs);
      else if (g_str_equal (from, "unit-types"))
        list_from = adj_ruleset_get_unit_types (rs);
      else if (g_str_equal (from, "categories"))
        list_from = adj_ruleset_get_categories (rs);
      else if (g_str_equal (from, "ratings"))
        list_from = adj_ruleset_get_ratings (rs);
      else
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "from",
                                 _("expected “weapons”, “unit-types”, “categories” or “ratings”, "
                                   "found “%s”"), from);
      *n_out = list_from->len;
      *out = g_new0 (AdjChoice, list_from->len + 1);
      for (guint i = 0; i < list_from->len; i++)
        {
          gpointer item = g_ptr_array_index (list_from, i);

          /* Weapons and unit types start with an id and a label, as choices do. */
          if (g_str_equal (from, "weapons"))
            {
              (*out)[i].id = ((AdjWeapon *) item)->id;
              (*out)[i].label = ((AdjWeapon *) item)->label;
            }
          else if (g_str_equal (from, "unit-types"))
            {
              (*out)[i].id = ((AdjUnitType *) item)->id;
              (*out)[i].label = ((AdjUnitType *) item)->label;
            }
          else
            (*out)[i] = *(AdjChoice *) item;
        }
    }
  else
    {
      static const char *const range_keys[] = { "min", "max", NULL };
      g_autofree char *where = adj_json_path_key (path, "range");
      gint64 min = 0, max = 0;

      if (!adj_json_check_keys (range, range_keys, file, where, error) ||
          !adj_json_get_int (range, "min", TRUE, -1000, 1000, &min, file, where, error) ||
          !adj_json_get_int (range, "max", TRUE, min, min + ADJ_TABLE_MAX_KEYS - 1, &max, file,
                             where, error))
        return FALSE;
      *n_out = (guint) (max - min + 1);
      *out = g_new0 (AdjChoice, *n_out + 1);
      for (gint64 v = min; v <= max; v++)
        {
          const char *text = keep_string (shape, g_strdup_printf ("%" G_GINT64_FORMAT, v));

          (*out)[v - min].id = text;
          (*out)[v - min].label = text;
        }
    }
  if (*n_out == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, _("expected at least one key"));
  return TRUE;
}

static const AdjChoice *
find_choice (const AdjChoice *list,
             guint            n,
             const char      *id)
{
  return adj_field_find_choice (list, n, id);
}

const AdjChoice *
adj_table_shape_find_row (const AdjTableShape *shape,
                          const char          *row)
{
  g_return_val_if_fail (shape != NULL, NULL);
  return find_choice (shape->rows, shape->n_rows, row);
}

const AdjChoice *
adj_table_shape_find_column (const AdjTableShape *shape,
                             const char          *column)
{
  g_return_val_if_fail (shape != NULL, NULL);
  return find_choice (shape->columns, shape->n_columns, column);
}

guint
adj_table_shape_n_cells (const AdjTableShape *shape)
{
  g_return_val_if_fail (shape != NULL, 0);
  return shape->n_rows * shape->n_columns;
}

char *
adj_table_shape_describe_values (const AdjTableShape *shape)
{
  g_autoptr(GString) list = g_string_new (NULL);

  g_return_val_if_fail (shape != NULL, NULL);

  for (guint i = 0; i < shape->n_choices; i++)
    {
      if (i > 0)
        g_string_append (list, ", ");
      /* TRANSLATORS: one value a table cell may hold, e.g. "“none” (Out of reach)" */
      g_string_append_printf (list, _("“%s” (%s)"), shape->choices[i].id,
                              adj_gettext (shape->choices[i].label));
    }
  if (shape->kind == ADJ_TABLE_CHOICE)
    return g_strdup_printf (_("one of %s"), list->str);
  if (shape->n_choices == 0)
    return g_strdup_printf (_("a whole number from %d to %d"), shape->min, shape->max);
  return g_strdup_printf (_("a whole number from %d to %d, or %s"), shape->min, shape->max,
                     list->str);
}

gboolean
adj_table_shape_check_value (const AdjTableShape  *shape,
                             json_object          *value,
                             GError              **error)
{
  g_autofree char *expected = NULL;

  g_return_val_if_fail (shape != NULL, FALSE);

  if (json_object_is_type (value, json_type_int) && shape->kind == ADJ_TABLE_INT)
    {
      gint64 v = json_object_get_int64 (value);

      if (v >= shape->min && v <= shape->max)
        return TRUE;
    }
  else if (json_object_is_type (value, json_type_string) &&
           find_choice (shape->choices, shape->n_choices, json_object_get_string (value)) != NULL)
    return TRUE;

  expected = adj_table_shape_describe_values (shape);
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("expected %s, found %s"), expected,
               value != NULL ? json_object_to_json_string_ext (value, JSON_C_TO_STRING_PLAIN)
                             : "null");
  return FALSE;
}

json_object *
adj_table_shape_get_fixed (const AdjTableShape *shape,
                           const char          *row,
                           const char          *column)
{
  json_object *r = NULL, *v = NULL;

  g_return_val_if_fail (shape != NULL, NULL);

  if (shape->fixed == NULL || !json_object_object_get_ex (shape->fixed, row, &r) ||
      !json_object_object_get_ex (r, column, &v))
    return NULL;
  return v;
}

/* "fixed": the cells the rules give, checked like any value. */
static gboolean
parse_fixed (Shape        *shape,
             json_object  *fixed,
             const char   *file,
             const char   *path,
             GError      **error)
{
  AdjTableShape *pub = &shape->pub;

  json_object_object_foreach (fixed, row, cols)
    {
      g_autofree char *rpath = adj_json_path_key (path, row);

      if (adj_table_shape_find_row (pub, row) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, rpath,
                              _("“%s” is not a row of the table"), row);
      if (!adj_json_expect_object (cols, file, rpath, error))
        return FALSE;
      json_object_object_foreach (cols, column, value)
        {
          g_autofree char *where = adj_json_path_key (rpath, column);
          g_autoptr(GError) local = NULL;

          if (adj_table_shape_find_column (pub, column) == NULL)
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                  _("“%s” is not a column of the table"), column);
          if (!adj_table_shape_check_value (pub, value, &local))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
        }
    }
  pub->fixed = fixed;
  return TRUE;
}

static gboolean
parse_value (Shape        *shape,
             json_object  *obj,
             const char   *file,
             const char   *path,
             GError      **error)
{
  static const char *const keys[] = { "kind", "label", "min", "max", "special", "choices", NULL };
  AdjTableShape *pub = &shape->pub;
  const char *kind = NULL;
  json_object *special = NULL, *choices = NULL;

  if (!adj_json_expect_object (obj, file, path, error) ||
      !adj_json_check_keys (obj, keys, file, path, error) ||
      !adj_json_get_string (obj, "kind", TRUE, &kind, file, path, error) ||
      !adj_json_get_string (obj, "label", TRUE, &pub->value_label, file, path, error) ||
      !adj_json_get_array (obj, "special", FALSE, &special, file, path, error) ||
      !adj_json_get_array (obj, "choices", FALSE, &choices, file, path, error))
    return FALSE;

  if (g_str_equal (kind, "int"))
    {
      gint64 min = 0, max = 0;

      pub->kind = ADJ_TABLE_INT;
      if (choices != NULL)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "choices",
                                 _("a table of numbers takes “special”, not “choices”"));
      if (!adj_json_get_int (obj, "min", TRUE, -100000, 100000, &min, file, path, error) ||
          !adj_json_get_int (obj, "max", TRUE, min, 100000, &max, file, path, error))
        return FALSE;
      pub->min = (int) min;
      pub->max = (int) max;
      if (special != NULL)
        {
          g_autofree char *where = adj_json_path_key (path, "special");

          if (!parse_choice_list (special, &shape->choices, &pub->n_choices, TRUE, file, where,
                                  error))
            return FALSE;
        }
    }
  else if (g_str_equal (kind, "choice"))
    {
      g_autofree char *where = adj_json_path_key (path, "choices");

      pub->kind = ADJ_TABLE_CHOICE;
      if (special != NULL || json_object_object_get_ex (obj, "min", NULL) ||
          json_object_object_get_ex (obj, "max", NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("a table of choices takes only “choices”"));
      if (choices == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("expected “choices”: what a cell may hold"));
      if (!parse_choice_list (choices, &shape->choices, &pub->n_choices, TRUE, file, where,
                              error))
        return FALSE;
      if (pub->n_choices == 0)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected at least one choice"));
    }
  else
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "kind",
                             _("expected “int” or “choice”, found “%s”"), kind);
  if (shape->choices == NULL)
    shape->choices = g_new0 (AdjChoice, 1);
  pub->choices = shape->choices;
  return TRUE;
}

static gboolean
parse_shape (AdjRuleset   *rs,
             json_object  *obj,
             GPtrArray    *shapes,
             const char   *file,
             const char   *path,
             GError      **error)
{
  static const char *const keys[] = {
    "id", "title", "hint", "notes", "rows", "columns", "value", "fixed", NULL
  };
  Shape *shape = g_new0 (Shape, 1);
  AdjTableShape *pub = &shape->pub;
  json_object *rows = NULL, *columns = NULL, *value = NULL, *fixed = NULL;

  shape->strings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (shapes, shape);
  if (!adj_json_expect_object (obj, file, path, error) ||
      !adj_json_check_keys (obj, keys, file, path, error) ||
      !adj_json_get_string (obj, "id", TRUE, &pub->id, file, path, error) ||
      !adj_json_get_string (obj, "title", TRUE, &pub->title, file, path, error) ||
      !adj_json_get_string (obj, "hint", FALSE, &pub->hint, file, path, error) ||
      !adj_json_get_string (obj, "notes", FALSE, &pub->notes, file, path, error) ||
      !adj_json_get_object (obj, "rows", TRUE, &rows, file, path, error) ||
      !adj_json_get_object (obj, "columns", FALSE, &columns, file, path, error) ||
      !adj_json_get_object (obj, "value", TRUE, &value, file, path, error) ||
      !adj_json_get_object (obj, "fixed", FALSE, &fixed, file, path, error))
    return FALSE;
  if (!adj_json_is_identifier (pub->id))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "id",
                             _("expected an identifier (lower-case letters, digits and dashes), "
                               "found “%s”"), pub->id);
  if (pub->title[0] == '\0')
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "title",
                             _("expected a non-empty text"));
  for (guint i = 0; i + 1 < shapes->len; i++)
    if (g_str_equal (((AdjTableShape *) g_ptr_array_index (shapes, i))->id, pub->id))
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                            _("the table id “%s” is used twice"), pub->id);

  {
    g_autofree char *rpath = adj_json_path_key (path, "rows");

    if (!parse_axis (rs, shape, rows, &shape->rows, &pub->n_rows, &pub->row_label, file, rpath,
                     error))
      return FALSE;
    pub->rows = shape->rows;
  }
  {
    g_autofree char *vpath = adj_json_path_key (path, "value");

    if (!parse_value (shape, value, file, vpath, error))
      return FALSE;
  }
  if (columns != NULL)
    {
      g_autofree char *cpath = adj_json_path_key (path, "columns");

      if (!parse_axis (rs, shape, columns, &shape->columns, &pub->n_columns, &pub->column_label,
                       file, cpath, error))
        return FALSE;
    }
  else
    {
      /* One column, holding the value itself. */
      shape->columns = g_new0 (AdjChoice, 2);
      shape->columns[0].id = VALUE_COLUMN;
      shape->columns[0].label = pub->value_label;
      pub->n_columns = 1;
      pub->column_label = pub->value_label;
    }
  pub->columns = shape->columns;

  if (adj_table_shape_n_cells (pub) > ADJ_TABLE_MAX_CELLS)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("a table may have at most %d cells, this one has %u"),
                          ADJ_TABLE_MAX_CELLS, adj_table_shape_n_cells (pub));
  if (fixed != NULL)
    {
      g_autofree char *fpath = adj_json_path_key (path, "fixed");

      if (!parse_fixed (shape, fixed, file, fpath, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
adj_table_shapes_parse (AdjRuleset   *rs,
                        json_object  *root,
                        const char   *file,
                        GPtrArray   **shapes,
                        GError      **error)
{
  json_object *arr = NULL;

  g_return_val_if_fail (rs != NULL && shapes != NULL, FALSE);

  *shapes = g_ptr_array_new_with_free_func ((GDestroyNotify) shape_free);
  if (!adj_json_get_array (root, "tables", FALSE, &arr, file, "$", error))
    return FALSE;
  for (gsize i = 0; arr != NULL && i < json_object_array_length (arr); i++)
    {
      g_autofree char *where = adj_json_path_index ("$.tables", i);

      if (!parse_shape (rs, json_object_array_get_idx (arr, i), *shapes, file, where, error))
        return FALSE;
    }
  return TRUE;
}

const AdjTableShape *
adj_table_shape_lookup (AdjRuleset *rs,
                        const char *table_id)
{
  GPtrArray *shapes;

  g_return_val_if_fail (rs != NULL, NULL);

  shapes = adj_ruleset_get_table_shapes (rs);
  for (guint i = 0; table_id != NULL && shapes != NULL && i < shapes->len; i++)
    {
      const AdjTableShape *shape = g_ptr_array_index (shapes, i);

      if (g_str_equal (shape->id, table_id))
        return shape;
    }
  return NULL;
}

gboolean
adj_table_shape_parse_text (const AdjTableShape  *shape,
                            const char           *text,
                            json_object         **out,
                            GError              **error)
{
  g_autofree char *clean = NULL;

  g_return_val_if_fail (shape != NULL && out != NULL, FALSE);

  *out = NULL;
  clean = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (clean[0] == '\0')
    return TRUE;
  if (shape->kind == ADJ_TABLE_INT && looks_like_number (clean))
    {
      gint64 v = g_ascii_strtoll (clean, NULL, 10);

      if (v >= shape->min && v <= shape->max)
        {
          *out = json_object_new_int ((int) v);
          return TRUE;
        }
    }
  else
    for (guint i = 0; i < shape->n_choices; i++)
      {
        const AdjChoice *c = &shape->choices[i];

        if (g_ascii_strcasecmp (clean, c->id) == 0 || g_utf8_collate (clean, c->label) == 0 ||
            g_utf8_collate (clean, adj_gettext (c->label)) == 0)
          {
            *out = json_object_new_string (c->id);
            return TRUE;
          }
      }
  {
    g_autofree char *expected = adj_table_shape_describe_values (shape);
    g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("“%s” is not allowed here: expected %s"),
                 clean, expected);
  }
  return FALSE;
}

char *
adj_table_shape_format_value (const AdjTableShape *shape,
                              json_object         *value)
{
  g_return_val_if_fail (shape != NULL, NULL);

  if (value == NULL)
    return g_strdup ("");
  if (json_object_is_type (value, json_type_int))
    return g_strdup_printf ("%d", json_object_get_int (value));
  {
    const AdjChoice *c = find_choice (shape->choices, shape->n_choices,
                                      json_object_get_string (value));
    return g_strdup (c != NULL ? adj_gettext (c->label) : json_object_get_string (value));
  }
}

static gboolean
has_own_columns (const AdjTableShape *shape)
{
  return !(shape->n_columns == 1 && shape->columns[0].label == shape->value_label &&
           g_str_equal (shape->columns[0].id, VALUE_COLUMN));
}

char *
adj_table_shape_cell_label (const AdjTableShape *shape,
                            const char          *row,
                            const char          *column)
{
  const AdjChoice *r, *c;

  g_return_val_if_fail (shape != NULL, NULL);

  r = adj_table_shape_find_row (shape, row);
  c = adj_table_shape_find_column (shape, column);
  if (!has_own_columns (shape))
    return g_strdup (r != NULL ? adj_gettext (r->label) : row);
  /* TRANSLATORS: a cell of a table by its row and column, e.g. "Long range × Musket" */
  return g_strdup_printf (_("%s × %s"), r != NULL ? adj_gettext (r->label) : row,
                     c != NULL ? adj_gettext (c->label) : column);
}

static json_object *
choices_to_json (const AdjChoice *list,
                 guint            n)
{
  json_object *arr = json_object_new_array ();

  for (guint i = 0; i < n; i++)
    {
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "id", json_object_new_string (list[i].id));
      json_object_object_add (o, "label", json_object_new_string (adj_gettext (list[i].label)));
      json_object_array_add (arr, o);
    }
  return arr;
}

json_object *
adj_table_shape_to_json (const AdjTableShape *shape)
{
  json_object *obj = json_object_new_object ();
  json_object *value = json_object_new_object ();

  g_return_val_if_fail (shape != NULL, NULL);

  json_object_object_add (obj, "id", json_object_new_string (shape->id));
  json_object_object_add (obj, "title", json_object_new_string (adj_gettext (shape->title)));
  if (shape->hint != NULL)
    json_object_object_add (obj, "hint", json_object_new_string (adj_gettext (shape->hint)));
  if (shape->notes != NULL)
    json_object_object_add (obj, "notes", json_object_new_string (adj_gettext (shape->notes)));
  json_object_object_add (obj, "row_label",
                          json_object_new_string (adj_gettext (shape->row_label)));
  json_object_object_add (obj, "rows", choices_to_json (shape->rows, shape->n_rows));
  json_object_object_add (obj, "column_label",
                          json_object_new_string (adj_gettext (shape->column_label)));
  json_object_object_add (obj, "columns", choices_to_json (shape->columns, shape->n_columns));
  json_object_object_add (value, "kind", json_object_new_string (
    shape->kind == ADJ_TABLE_INT ? "int" : "choice"));
  json_object_object_add (value, "label",
                          json_object_new_string (adj_gettext (shape->value_label)));
  if (shape->kind == ADJ_TABLE_INT)
    {
      json_object_object_add (value, "min", json_object_new_int (shape->min));
      json_object_object_add (value, "max", json_object_new_int (shape->max));
    }
  json_object_object_add (value, shape->kind == ADJ_TABLE_INT ? "special" : "choices",
                          choices_to_json (shape->choices, shape->n_choices));
  json_object_object_add (obj, "value", value);
  if (shape->fixed != NULL)
    json_object_object_add (obj, "fixed", adj_json_copy (shape->fixed));
  return obj;
}

/* ------------------------------------------------------------------------------------------ */
/* values                                                                                      */

AdjTables *
adj_tables_new (AdjRuleset *rs)
{
  AdjTables *t;

  g_return_val_if_fail (rs != NULL, NULL);

  t = g_new0 (AdjTables, 1);
  g_atomic_ref_count_init (&t->ref);
  t->rs = adj_ruleset_ref (rs);
  t->values = json_object_new_object ();
  t->origin = ADJ_TABLE_SOURCE_USER;
  return t;
}

AdjTables *
adj_tables_ref (AdjTables *tables)
{
  g_return_val_if_fail (tables != NULL, NULL);
  g_atomic_ref_count_inc (&tables->ref);
  return tables;
}

void
adj_tables_unref (AdjTables *tables)
{
  if (tables == NULL || !g_atomic_ref_count_dec (&tables->ref))
    return;
  adj_ruleset_unref (tables->rs);
  g_free (tables->file);
  g_free (tables->title);
  g_free (tables->notes);
  json_object_put (tables->values);
  g_clear_pointer (&tables->sources, g_hash_table_unref);
  g_free (tables);
}

AdjTables *
adj_tables_copy (AdjTables *tables)
{
  AdjTables *copy;

  g_return_val_if_fail (tables != NULL, NULL);

  copy = adj_tables_new (tables->rs);
  json_object_put (copy->values);
  copy->values = adj_json_copy (tables->values);
  copy->file = g_strdup (tables->file);
  copy->title = g_strdup (tables->title);
  copy->notes = g_strdup (tables->notes);
  copy->origin = tables->origin;
  if (tables->sources != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      copy->sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_iter_init (&iter, tables->sources);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (copy->sources, g_strdup (key), value);
    }
  return copy;
}

AdjRuleset *
adj_tables_get_ruleset (AdjTables *tables)
{
  g_return_val_if_fail (tables != NULL, NULL);
  return tables->rs;
}

const char *
adj_tables_get_file (AdjTables *tables)
{
  g_return_val_if_fail (tables != NULL, NULL);
  return tables->file;
}

const char *
adj_tables_get_title (AdjTables *tables)
{
  g_return_val_if_fail (tables != NULL, NULL);
  return tables->title;
}

void
adj_tables_set_title (AdjTables  *tables,
                      const char *title)
{
  g_return_if_fail (tables != NULL);
  g_free (tables->title);
  tables->title = title != NULL && title[0] != '\0' ? g_strdup (title) : NULL;
}

const char *
adj_tables_get_notes (AdjTables *tables)
{
  g_return_val_if_fail (tables != NULL, NULL);
  return tables->notes;
}

void
adj_tables_set_notes (AdjTables  *tables,
                      const char *notes)
{
  g_return_if_fail (tables != NULL);
  g_free (tables->notes);
  tables->notes = notes != NULL && notes[0] != '\0' ? g_strdup (notes) : NULL;
}

static json_object *
entered_cell (AdjTables  *tables,
              const char *table_id,
              const char *row,
              const char *column)
{
  json_object *t = NULL, *r = NULL, *v = NULL;

  if (json_object_object_get_ex (tables->values, table_id, &t) &&
      json_object_object_get_ex (t, row, &r) && json_object_object_get_ex (r, column, &v))
    return v;
  return NULL;
}

json_object *
adj_tables_get_cell (AdjTables  *tables,
                     const char *table_id,
                     const char *row,
                     const char *column)
{
  const AdjTableShape *shape;
  json_object *fixed;

  g_return_val_if_fail (tables != NULL, NULL);

  shape = adj_table_shape_lookup (tables->rs, table_id);
  if (shape == NULL)
    return NULL;
  fixed = adj_table_shape_get_fixed (shape, row, column);
  return fixed != NULL ? fixed : entered_cell (tables, table_id, row, column);
}

gboolean
adj_tables_get_int (AdjTables   *tables,
                    const char  *table_id,
                    const char  *row,
                    const char  *column,
                    int         *number,
                    const char **special)
{
  json_object *v = adj_tables_get_cell (tables, table_id, row, column);

  if (special != NULL)
    *special = NULL;
  if (v == NULL)
    return FALSE;
  if (json_object_is_type (v, json_type_int))
    {
      if (number != NULL)
        *number = json_object_get_int (v);
    }
  else if (special != NULL)
    *special = json_object_get_string (v);
  return TRUE;
}

/* The shape of @table_id, or NULL with @error set when the ruleset has no such table. */
static const AdjTableShape *
table_shape (AdjTables   *tables,
             const char  *table_id,
             GError     **error)
{
  const AdjTableShape *shape = adj_table_shape_lookup (tables->rs, table_id);

  if (shape == NULL)
    g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                 _("The ruleset “%s” has no table “%s”"), adj_ruleset_get_id (tables->rs),
                 table_id != NULL ? table_id : "");
  return shape;
}

/* The shape of @table_id and the checks that @row and @column belong to it. */
static const AdjTableShape *
cell_shape (AdjTables   *tables,
            const char  *table_id,
            const char  *row,
            const char  *column,
            GError     **error)
{
  const AdjTableShape *shape = table_shape (tables, table_id, error);

  if (shape == NULL)
    return NULL;
  if (adj_table_shape_find_row (shape, row) == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("The %s has no row “%s”"),
                   adj_gettext (shape->title), row != NULL ? row : "");
      return NULL;
    }
  if (adj_table_shape_find_column (shape, column) == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("The %s has no column “%s”"),
                   adj_gettext (shape->title), column != NULL ? column : "");
      return NULL;
    }
  return shape;
}

gboolean
adj_tables_set_cell (AdjTables    *tables,
                     const char   *table_id,
                     const char   *row,
                     const char   *column,
                     json_object  *value,
                     GError      **error)
{
  const AdjTableShape *shape;
  json_object *t = NULL, *r = NULL;

  g_return_val_if_fail (tables != NULL, FALSE);

  shape = cell_shape (tables, table_id, row, column, error);
  if (shape == NULL)
    return FALSE;
  if (adj_table_shape_get_fixed (shape, row, column) != NULL)
    {
      g_autofree char *cell = adj_table_shape_cell_label (shape, row, column);
      g_autofree char *given = adj_table_shape_format_value (
        shape, adj_table_shape_get_fixed (shape, row, column));

      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("%s: the rules give this cell (%s); it cannot be entered"), cell, given);
      return FALSE;
    }
  if (value != NULL)
    {
      g_autoptr(GError) local = NULL;

      if (!adj_table_shape_check_value (shape, value, &local))
        {
          g_autofree char *cell = adj_table_shape_cell_label (shape, row, column);

          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, "%s: %s", cell, local->message);
          return FALSE;
        }
    }

  if (tables->shared)
    {
      /* Tables read for a roll share their values with the battle and the user's file. */
      json_object *own = adj_json_copy (tables->values);

      json_object_put (tables->values);
      tables->values = own;
      tables->shared = FALSE;
    }
  if (!json_object_object_get_ex (tables->values, table_id, &t))
    {
      if (value == NULL)
        return TRUE;
      t = json_object_new_object ();
      json_object_object_add (tables->values, table_id, t);
    }
  if (!json_object_object_get_ex (t, row, &r))
    {
      if (value == NULL)
        return TRUE;
      r = json_object_new_object ();
      json_object_object_add (t, row, r);
    }
  if (value != NULL)
    json_object_object_add (r, column, adj_json_copy (value));
  else
    {
      json_object_object_del (r, column);
      /* Leave no empty objects behind: a table with no values is a table not entered. */
      if (json_object_object_length (r) == 0)
        json_object_object_del (t, row);
      if (json_object_object_length (t) == 0)
        json_object_object_del (tables->values, table_id);
    }
  return TRUE;
}

gboolean
adj_tables_set_cell_text (AdjTables   *tables,
                          const char  *table_id,
                          const char  *row,
                          const char  *column,
                          const char  *text,
                          GError     **error)
{
  const AdjTableShape *shape;
  g_autoptr(json_object) value = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (tables != NULL, FALSE);

  shape = cell_shape (tables, table_id, row, column, error);
  if (shape == NULL)
    return FALSE;
  if (!adj_table_shape_parse_text (shape, text, &value, &local))
    {
      g_autofree char *cell = adj_table_shape_cell_label (shape, row, column);

      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, "%s: %s", cell, local->message);
      return FALSE;
    }
  return adj_tables_set_cell (tables, table_id, row, column, value, error);
}

gboolean
adj_tables_has_table (AdjTables  *tables,
                      const char *table_id)
{
  g_return_val_if_fail (tables != NULL, FALSE);
  return json_object_object_get_ex (tables->values, table_id, NULL);
}

void
adj_tables_clear_table (AdjTables  *tables,
                        const char *table_id)
{
  g_return_if_fail (tables != NULL);
  json_object_object_del (tables->values, table_id);
}

GArray *
adj_tables_missing (AdjTables  *tables,
                    const char *table_id)
{
  const AdjTableShape *shape;
  GArray *missing = g_array_new (FALSE, FALSE, sizeof (AdjTableCell));

  g_return_val_if_fail (tables != NULL, missing);

  shape = adj_table_shape_lookup (tables->rs, table_id);
  for (guint r = 0; shape != NULL && r < shape->n_rows; r++)
    for (guint c = 0; c < shape->n_columns; c++)
      {
        AdjTableCell cell = { shape->rows[r].id, shape->columns[c].id };

        if (adj_tables_get_cell (tables, table_id, cell.row, cell.column) == NULL)
          g_array_append_val (missing, cell);
      }
  return missing;
}

guint
adj_tables_count_missing (AdjTables  *tables,
                          const char *table_id)
{
  g_autoptr(GArray) missing = adj_tables_missing (tables, table_id);
  return missing->len;
}

gboolean
adj_tables_is_complete (AdjTables  *tables,
                        const char *table_id)
{
  g_return_val_if_fail (tables != NULL, FALSE);
  return adj_table_shape_lookup (tables->rs, table_id) != NULL &&
         adj_tables_count_missing (tables, table_id) == 0;
}

gboolean
adj_tables_require (AdjTables          *tables,
                    const char         *table_id,
                    const AdjTableCell *cells,
                    guint               n_cells,
                    GError            **error)
{
  const AdjTableShape *shape;
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GString) list = g_string_new (NULL);

  g_return_val_if_fail (tables != NULL, FALSE);

  shape = table_shape (tables, table_id, error);
  if (shape == NULL)
    return FALSE;
  if (n_cells == 0)
    missing = adj_tables_missing (tables, table_id);
  else
    {
      missing = g_array_new (FALSE, FALSE, sizeof (AdjTableCell));
      for (guint i = 0; i < n_cells; i++)
        {
          gboolean seen = FALSE;

          for (guint k = 0; k < missing->len; k++)
            seen |= g_strcmp0 (g_array_index (missing, AdjTableCell, k).row, cells[i].row) == 0 &&
                    g_strcmp0 (g_array_index (missing, AdjTableCell, k).column,
                               cells[i].column) == 0;
          if (!seen && adj_tables_get_cell (tables, table_id, cells[i].row,
                                            cells[i].column) == NULL)
            g_array_append_val (missing, cells[i]);
        }
    }
  if (missing->len == 0)
    return TRUE;

  for (guint i = 0; i < missing->len && i < MAX_LISTED; i++)
    {
      const AdjTableCell *cell = &g_array_index (missing, AdjTableCell, i);
      g_autofree char *label = adj_table_shape_cell_label (shape, cell->row, cell->column);

      g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", label);
    }
  if (missing->len > MAX_LISTED)
    g_string_append (list, ", …");
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE,
               /* TRANSLATORS: e.g. "Enter the Hit table first: 7 cells are missing (Long range ×
                * Musket, …)"; the table's title is the first %s */
               ngettext ("Enter the %s first: %u cell is missing (%s)",
                         "Enter the %s first: %u cells are missing (%s)", missing->len),
               adj_gettext (shape->title), missing->len, list->str);
  if (error != NULL && *error != NULL)
    adj_error_add_missing_table (*error, shape->id);
  return FALSE;
}

AdjTableSource
adj_tables_get_source (AdjTables  *tables,
                       const char *table_id)
{
  gpointer v;

  g_return_val_if_fail (tables != NULL, ADJ_TABLE_SOURCE_NONE);

  if (tables->sources != NULL && (v = g_hash_table_lookup (tables->sources, table_id)) != NULL)
    return (AdjTableSource) (GPOINTER_TO_INT (v) - 1);
  return adj_tables_has_table (tables, table_id) ? tables->origin : ADJ_TABLE_SOURCE_NONE;
}

const char *
adj_table_source_to_string (AdjTableSource source)
{
  switch (source)
    {
    case ADJ_TABLE_SOURCE_NONE: return "none";
    case ADJ_TABLE_SOURCE_USER: return "user";
    case ADJ_TABLE_SOURCE_BATTLE: return "battle";
    default: g_return_val_if_reached ("none");
    }
}

json_object *
adj_tables_report_json (AdjTables *tables)
{
  json_object *arr = json_object_new_array ();
  GPtrArray *shapes;

  g_return_val_if_fail (tables != NULL, arr);

  shapes = adj_ruleset_get_table_shapes (tables->rs);
  for (guint i = 0; i < shapes->len; i++)
    {
      const AdjTableShape *shape = g_ptr_array_index (shapes, i);
      g_autoptr(GArray) missing = adj_tables_missing (tables, shape->id);
      json_object *item = json_object_new_object ();
      json_object *cells = json_object_new_array ();
      guint fixed = 0;

      for (guint r = 0; r < shape->n_rows; r++)
        for (guint c = 0; c < shape->n_columns; c++)
          fixed += adj_table_shape_get_fixed (shape, shape->rows[r].id,
                                              shape->columns[c].id) != NULL;
      for (guint k = 0; k < missing->len; k++)
        {
          const AdjTableCell *cell = &g_array_index (missing, AdjTableCell, k);
          g_autofree char *label = adj_table_shape_cell_label (shape, cell->row, cell->column);
          json_object *m = json_object_new_object ();

          json_object_object_add (m, "row", json_object_new_string (cell->row));
          json_object_object_add (m, "column", json_object_new_string (cell->column));
          json_object_object_add (m, "label", json_object_new_string (label));
          json_object_array_add (cells, m);
        }
      json_object_object_add (item, "id", json_object_new_string (shape->id));
      json_object_object_add (item, "title", json_object_new_string (adj_gettext (shape->title)));
      json_object_object_add (item, "cells",
                              json_object_new_int ((int) adj_table_shape_n_cells (shape)));
      json_object_object_add (item, "fixed", json_object_new_int ((int) fixed));
      json_object_object_add (item, "entered", json_object_new_int (
        (int) (adj_table_shape_n_cells (shape) - fixed - missing->len)));
      json_object_object_add (item, "missing", json_object_new_int ((int) missing->len));
      json_object_object_add (item, "complete", json_object_new_boolean (missing->len == 0));
      json_object_object_add (item, "source", json_object_new_string (
        adj_table_source_to_string (adj_tables_get_source (tables, shape->id))));
      json_object_object_add (item, "missing_cells", cells);
      json_object_array_add (arr, item);
    }
  return arr;
}

/* ------------------------------------------------------------------------------------------ */
/* files                                                                                       */

json_object *
adj_tables_to_json (AdjTables *tables)
{
  json_object *obj = json_object_new_object ();

  g_return_val_if_fail (tables != NULL, obj);

  json_object_object_add (obj, "format", json_object_new_string (ADJ_TABLES_FORMAT));
  json_object_object_add (obj, "version", json_object_new_int (ADJ_TABLES_VERSION));
  json_object_object_add (obj, "ruleset", json_object_new_string (adj_ruleset_get_id (tables->rs)));
  if (tables->title != NULL)
    json_object_object_add (obj, "title", json_object_new_string (tables->title));
  if (tables->notes != NULL)
    json_object_object_add (obj, "notes", json_object_new_string (tables->notes));
  json_object_object_add (obj, "tables", adj_json_copy (tables->values));
  return obj;
}

static char *
list_ids (const AdjChoice *list,
          guint            n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", list[i].id);
  return g_string_free (s, FALSE);
}

/* The values of one table: row -> column -> value, each checked against the shape. */
static gboolean
read_table (AdjTables            *tables,
            const AdjTableShape  *shape,
            json_object          *json,
            const char           *file,
            const char           *path,
            GError              **error)
{
  if (!adj_json_expect_object (json, file, path, error))
    return FALSE;
  json_object_object_foreach (json, row, cols)
    {
      g_autofree char *rpath = adj_json_path_key (path, row);

      if (adj_table_shape_find_row (shape, row) == NULL)
        {
          g_autofree char *rows = list_ids (shape->rows, shape->n_rows);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, rpath,
                                _("the %s has no row “%s” (its rows: %s)"),
                                adj_gettext (shape->title), row, rows);
        }
      if (!adj_json_expect_object (cols, file, rpath, error))
        return FALSE;
      json_object_object_foreach (cols, column, value)
        {
          g_autofree char *where = adj_json_path_key (rpath, column);
          g_autoptr(GError) local = NULL;

          if (adj_table_shape_find_column (shape, column) == NULL)
            {
              g_autofree char *columns = list_ids (shape->columns, shape->n_columns);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                    _("the %s has no column “%s” (its columns: %s)"),
                                    adj_gettext (shape->title), column, columns);
            }
          /* null is an empty cell, as an editor may write it. */
          if (value == NULL)
            continue;
          if (adj_table_shape_get_fixed (shape, row, column) != NULL)
            {
              g_autofree char *given = adj_table_shape_format_value (
                shape, adj_table_shape_get_fixed (shape, row, column));
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                    _("the rules give this cell (%s): leave it out"), given);
            }
          if (!adj_table_shape_check_value (shape, value, &local))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
          if (!adj_tables_set_cell (tables, shape->id, row, column, value, &local))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
        }
    }
  return TRUE;
}

AdjTables *
adj_tables_from_json (json_object  *json,
                      const char   *file,
                      const char   *path,
                      AdjRuleset   *rs,
                      GError      **error)
{
  static const char *const keys[] = {
    "format", "version", "ruleset", "title", "notes", "tables", NULL
  };
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(AdjRuleset) found_rs = NULL;
  g_autofree char *ruleset_path = adj_json_path_key (path, "ruleset");
  g_autofree char *tables_path = adj_json_path_key (path, "tables");
  const char *ruleset = NULL, *title = NULL, *notes = NULL;
  json_object *values = NULL;
  g_autoptr(json_object) migrated = NULL;
  gint64 version = 0;

  g_return_val_if_fail (file != NULL && path != NULL, NULL);

  if (!adj_json_check_format_at (json, ADJ_FILE_TABLES, ADJ_TABLES_FORMAT, ADJ_TABLES_VERSION,
                                 &version, file, path, error))
    return NULL;
  /* Values of an older version are brought up to date first, then checked as new ones are. */
  migrated = adj_migrate (adj_migrate_chain_for (ADJ_TABLES_FORMAT), json, version, file, path,
                          error);
  if (migrated == NULL)
    return NULL;
  json = migrated;
  if (!adj_json_check_keys (json, keys, file, path, error) ||
      !adj_json_get_string (json, "ruleset", TRUE, &ruleset, file, path, error) ||
      !adj_json_get_string (json, "title", FALSE, &title, file, path, error) ||
      !adj_json_get_string (json, "notes", FALSE, &notes, file, path, error) ||
      !adj_json_get_object (json, "tables", TRUE, &values, file, path, error))
    return NULL;

  if (rs != NULL)
    {
      if (!g_str_equal (ruleset, adj_ruleset_get_id (rs)))
        {
          adj_json_fail (error, ADJ_ERROR_INVALID, file, ruleset_path,
                         _("expected values for the ruleset “%s”, found “%s”"),
                         adj_ruleset_get_id (rs), ruleset);
          return NULL;
        }
    }
  else
    {
      g_autoptr(GError) local = NULL;

      found_rs = adj_ruleset_lookup (ruleset, &local);
      if (found_rs == NULL)
        {
          adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, ruleset_path, "%s", local->message);
          return NULL;
        }
      rs = found_rs;
    }

  tables = adj_tables_new (rs);
  adj_tables_set_title (tables, title);
  adj_tables_set_notes (tables, notes);
  tables->file = g_strdup (file);
  /* Values found inside another document are the battle's own. */
  if (!g_str_equal (path, "$"))
    tables->origin = ADJ_TABLE_SOURCE_BATTLE;
  json_object_object_foreach (values, table_id, table)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, table_id);
      g_autofree char *where = adj_json_path_key (tables_path, table_id);

      if (shape == NULL)
        {
          GPtrArray *shapes = adj_ruleset_get_table_shapes (rs);
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint i = 0; i < shapes->len; i++)
            g_string_append_printf (known, "%s%s", i > 0 ? ", " : "",
                                    ((AdjTableShape *) g_ptr_array_index (shapes, i))->id);
          if (shapes->len == 0)
            adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                           _("the ruleset “%s” has no tables to enter"), adj_ruleset_get_id (rs));
          else
            adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                           _("the ruleset “%s” has no table “%s” (its tables: %s)"),
                           adj_ruleset_get_id (rs), table_id, known->str);
          return NULL;
        }
      if (!read_table (tables, shape, table, file, where, error))
        return NULL;
    }
  return g_steal_pointer (&tables);
}

AdjTables *
adj_tables_load_file (const char  *filename,
                      AdjRuleset  *rs,
                      GError     **error)
{
  g_autoptr(json_object) json = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (filename != NULL, NULL);

  json = adj_json_parse_file (filename, error);
  if (json == NULL)
    return NULL;
  display = g_filename_display_basename (filename);
  return adj_tables_from_json (json, display, "$", rs, error);
}

gboolean
adj_tables_save_file (AdjTables   *tables,
                      const char  *filename,
                      GError     **error)
{
  g_autoptr(json_object) json = NULL;

  g_return_val_if_fail (tables != NULL && filename != NULL, FALSE);

  json = adj_tables_to_json (tables);
  return adj_store_save_json (json, filename, error);
}

/* ------------------------------------------------------------------------------------------ */
/* the user's override                                                                         */

char *
adj_tables_user_path (const char *ruleset_id)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (adj_json_is_identifier (ruleset_id), NULL);

  name = g_strconcat (ruleset_id, ".json", NULL);
  return g_build_filename (g_get_user_data_dir (), "adjutant", "tables", name, NULL);
}

/* The user's tables of @rs as its file holds them now (or the override's), which may be shared
 * (unref when done; never change them), or NULL with @error set when the file cannot be
 * read. */
static AdjTables *
user_tables (AdjRuleset  *rs,
             GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  g_autoptr(json_object) json = NULL;

  if (override_tables != NULL)
    {
      if (adj_tables_get_ruleset (override_tables) == rs)
        return adj_tables_ref (override_tables);
      return adj_tables_new (rs);
    }
  path = adj_tables_user_path (adj_ruleset_get_id (rs));
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return adj_tables_new (rs);
  json = adj_json_parse_file (path, error);
  if (json == NULL)
    return NULL;
  display = g_filename_display_name (path);
  return adj_tables_from_json (json, display, "$", rs, error);
}

AdjTables *
adj_tables_load_user (AdjRuleset  *rs,
                      GError     **error)
{
  g_autoptr(AdjTables) cached = NULL;

  g_return_val_if_fail (rs != NULL, NULL);

  cached = user_tables (rs, error);
  return cached != NULL ? adj_tables_copy (cached) : NULL;
}

gboolean
adj_tables_save_user (AdjTables  *tables,
                      GError    **error)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (tables != NULL, FALSE);

  path = adj_tables_user_path (adj_ruleset_get_id (tables->rs));
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, _("%s: cannot create the folder: %s"), display,
                   g_strerror (saved_errno));
      return FALSE;
    }
  return adj_tables_save_file (tables, path, error);
}

void
adj_tables_set_override (AdjTables *tables)
{
  if (tables != NULL)
    adj_tables_ref (tables);
  g_clear_pointer (&override_tables, adj_tables_unref);
  override_tables = tables;
}

/* ------------------------------------------------------------------------------------------ */
/* what a mechanic reads                                                                       */

static void
set_source (AdjTables      *tables,
            const char     *table_id,
            AdjTableSource  source)
{
  if (tables->sources == NULL)
    tables->sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_insert (tables->sources, g_strdup (table_id), GINT_TO_POINTER (source + 1));
}

AdjTables *
adj_tables_in_effect (AdjRuleset  *rs,
                      AdjTables   *carried,
                      GError     **error)
{
  g_autoptr(AdjTables) user = NULL;
  AdjTables *tables;
  GPtrArray *shapes;

  g_return_val_if_fail (rs != NULL, NULL);

  user = user_tables (rs, error);
  if (user == NULL)
    return NULL;

  /* The set read for a roll shares each table with where it comes from: nothing is copied,
   * and adj_tables_set_cell() copies them first should anyone change one. */
  tables = adj_tables_new (rs);
  tables->file = g_strdup (user->file);
  tables->title = g_strdup (user->title);
  tables->notes = g_strdup (user->notes);
  tables->origin = user->origin;
  tables->shared = TRUE;

  /* A table is taken whole from one place: the battle's when it carries it, else the user's. */
  shapes = adj_ruleset_get_table_shapes (rs);
  for (guint i = 0; i < shapes->len; i++)
    {
      const AdjTableShape *shape = g_ptr_array_index (shapes, i);
      json_object *own = NULL;

      if (carried != NULL && json_object_object_get_ex (carried->values, shape->id, &own))
        {
          json_object_object_add (tables->values, shape->id, json_object_get (own));
          set_source (tables, shape->id, ADJ_TABLE_SOURCE_BATTLE);
        }
      else if (json_object_object_get_ex (user->values, shape->id, &own))
        {
          json_object_object_add (tables->values, shape->id, json_object_get (own));
          set_source (tables, shape->id, ADJ_TABLE_SOURCE_USER);
        }
      else
        set_source (tables, shape->id, ADJ_TABLE_SOURCE_NONE);
    }
  return tables;
}

/* ------------------------------------------------------------------------------------------ */
/* battles                                                                                     */

/* What a battle keeps of the tables it is handed; the battle does the keeping. */
AdjTables *
adj_tables_copy_for_battle (AdjTables *tables)
{
  AdjTables *copy;

  g_return_val_if_fail (tables != NULL, NULL);

  copy = adj_tables_copy (tables);
  g_clear_pointer (&copy->sources, g_hash_table_unref);
  copy->origin = ADJ_TABLE_SOURCE_BATTLE;
  return copy;
}
