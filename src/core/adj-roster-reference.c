/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-reference.c: the quick-reference pages at the end of a roster — the tables a
 * ruleset lists under "roster", their rows written out or made from its unit types, weapons
 * and modifiers, set in two columns and spread over as many pages as they need. */

#define G_LOG_DOMAIN "adj-roster"

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-roster-private.h"
#include "adj-ruleset.h"

/* ---- the texts ---- */

void
roster_table_info_free (TableInfo *t)
{
  g_free (t->title);
  g_free (t->notes);
  g_strfreev (t->header);
  g_ptr_array_unref (t->rows);
  g_free (t);
}

static char *
format_signed (int value)
{
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  if (value < 0)
    return g_strdup_printf ("\u2212%d", -value);   /* a real minus sign */
  return g_strdup ("0");
}

static GStrv
row_from_source (AdjRoster   *self,
                 json_object *columns,
                 const char  *source,
                 gpointer     item,
                 json_object *modifier)
{
  guint n = (guint) json_object_array_length (columns);
  GStrv row = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      const char *column = json_object_get_string (json_object_array_get_idx (columns, i));
      char *cell = NULL;

      if (g_str_equal (source, "unit-types"))
        {
          const AdjUnitType *t = item;

          if (g_str_equal (column, "label"))
            cell = g_strdup (adj_gettext (t->label));
          else if (g_str_equal (column, "category"))
            {
              const AdjChoice *c = adj_ruleset_find_category (self->ruleset, t->category);
              cell = g_strdup (c != NULL ? adj_gettext (c->label) : t->category);
            }
          else if (g_str_equal (column, "value"))
            cell = t->value >= 0 ? g_strdup_printf ("%d", t->value) : g_strdup ("\u2014");
          else if (g_str_equal (column, "move"))
            cell = t->move >= 0 ? g_strdup_printf ("%d", t->move) : g_strdup ("\u2014");
          else if (g_str_equal (column, "figures"))
            cell = g_strdup_printf ("%d", t->figures);
          else if (g_str_equal (column, "weapons"))
            {
              g_autoptr(GString) list = g_string_new (NULL);

              for (guint k = 0; t->weapons != NULL && t->weapons[k] != NULL; k++)
                {
                  const AdjWeapon *w = adj_ruleset_find_weapon (self->ruleset, t->weapons[k]);
                  g_string_append_printf (list, "%s%s", k > 0 ? ", " : "",
                                          adj_gettext (w->label));
                }
              cell = g_string_free (g_steal_pointer (&list), FALSE);
            }
        }
      else if (g_str_equal (source, "weapons"))
        {
          const AdjWeapon *w = item;

          if (g_str_equal (column, "label"))
            cell = g_strdup (adj_gettext (w->label));
          else if (g_str_equal (column, "range"))
            cell = w->range >= 0 ? g_strdup_printf ("%d", w->range) : g_strdup ("\u2014");
        }
      else if (g_str_equal (source, "modifiers"))
        {
          json_object *v = NULL;

          if (g_str_equal (column, "label") && json_object_object_get_ex (modifier, "label", &v))
            cell = g_strdup (adj_gettext (json_object_get_string (v)));
          else if (g_str_equal (column, "value") &&
                   json_object_object_get_ex (modifier, "value", &v))
            cell = format_signed (json_object_get_int (v));
        }
      row[i] = cell != NULL ? cell : g_strdup ("");
    }
  return row;
}

static GStrv
translated_texts (json_object *arr)
{
  guint n = (guint) json_object_array_length (arr);
  GStrv out = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    out[i] = g_strdup (adj_gettext (json_object_get_string (json_object_array_get_idx (arr, i))));
  return out;
}

/* The ruleset's "roster" key, which the ruleset loader has checked already. */
void
roster_collect_reference (AdjRoster *self)
{
  json_object *root = adj_ruleset_get_json (self->ruleset);
  json_object *roster = NULL, *tables = NULL, *track = NULL;

  if (!json_object_object_get_ex (root, "roster", &roster))
    return;
  if (json_object_object_get_ex (roster, "track", &track))
    {
      guint n = (guint) json_object_array_length (track);

      self->track = g_new0 (char *, n + 1);
      for (guint i = 0; i < n; i++)
        self->track[i] = g_strdup (json_object_get_string (json_object_array_get_idx (track, i)));
    }
  if (!json_object_object_get_ex (roster, "tables", &tables))
    return;

  for (gsize i = 0; i < json_object_array_length (tables); i++)
    {
      json_object *obj = json_object_array_get_idx (tables, i);
      json_object *v = NULL, *columns = NULL, *rows = NULL;
      const char *source = NULL;
      TableInfo *t = g_new0 (TableInfo, 1);

      t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      json_object_object_get_ex (obj, "title", &v);
      t->title = g_strdup (adj_gettext (json_object_get_string (v)));
      if (json_object_object_get_ex (obj, "notes", &v))
        t->notes = g_strdup (adj_gettext (json_object_get_string (v)));
      json_object_object_get_ex (obj, "header", &v);
      t->header = translated_texts (v);
      t->n_columns = g_strv_length (t->header);
      if (json_object_object_get_ex (obj, "source", &v))
        source = json_object_get_string (v);
      json_object_object_get_ex (obj, "columns", &columns);

      if (g_strcmp0 (source, "unit-types") == 0)
        {
          GPtrArray *types = adj_ruleset_get_unit_types (self->ruleset);
          for (guint k = 0; k < types->len; k++)
            g_ptr_array_add (t->rows, row_from_source (self, columns, source,
                                                       g_ptr_array_index (types, k), NULL));
        }
      else if (g_strcmp0 (source, "weapons") == 0)
        {
          GPtrArray *weapons = adj_ruleset_get_weapons (self->ruleset);
          for (guint k = 0; k < weapons->len; k++)
            g_ptr_array_add (t->rows, row_from_source (self, columns, source,
                                                       g_ptr_array_index (weapons, k), NULL));
        }
      else if (g_strcmp0 (source, "modifiers") == 0)
        {
          json_object *groups = NULL, *mods = NULL;

          json_object_object_get_ex (obj, "group", &v);
          json_object_object_get_ex (root, "modifiers", &groups);
          json_object_object_get_ex (groups, json_object_get_string (v), &mods);
          json_object_object_foreach (mods, id, mod)
            {
              (void) id;
              g_ptr_array_add (t->rows, row_from_source (self, columns, source, NULL, mod));
            }
        }
      if (json_object_object_get_ex (obj, "rows", &rows))
        for (gsize k = 0; k < json_object_array_length (rows); k++)
          g_ptr_array_add (t->rows, translated_texts (json_object_array_get_idx (rows, k)));
      g_ptr_array_add (self->tables, t);
    }
}

/* ---- the blocks ---- */

static gboolean
is_number (const char *text)
{
  if (g_str_equal (text, "\u2014"))
    return TRUE;
  if (g_str_has_prefix (text, "\u2212"))
    text += strlen ("\u2212");
  else if (*text == '+' || *text == '-')
    text++;
  if (*text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

/* Widths for the columns of a table: the natural ones when they fit, otherwise narrow columns
 * keep theirs and the wide ones share what is left, in proportion. */
static void
table_widths (AdjRoster *self,
              TableInfo *t,
              double     avail,
              double    *widths)
{
  g_autofree double *natural = g_new0 (double, t->n_columns);
  g_autofree gboolean *fixed = g_new0 (gboolean, t->n_columns);
  double sum = 0, left = avail;
  guint n_left = t->n_columns;
  gboolean changed = TRUE;

  for (guint c = 0; c < t->n_columns; c++)
    {
      for (guint r = 0; r <= t->rows->len; r++)
        {
          GStrv row = r == 0 ? t->header : g_ptr_array_index (t->rows, r - 1);
          PangoLayout *layout = roster_new_layout (self,
                                                   r == 0 ? STYLE_TABLE_HEAD : STYLE_TABLE, -1,
                                                   PANGO_ALIGN_LEFT);

          pango_layout_set_text (layout, row[c], -1);
          natural[c] = MAX (natural[c], roster_layout_width (layout) + 1);
          g_object_unref (layout);
        }
      sum += natural[c];
    }
  if (sum <= avail)
    {
      for (guint c = 0; c < t->n_columns; c++)
        widths[c] = natural[c];
      widths[0] += avail - sum;
      return;
    }
  while (changed && n_left > 0)
    {
      double fair = left / n_left;

      changed = FALSE;
      for (guint c = 0; c < t->n_columns; c++)
        if (!fixed[c] && natural[c] <= fair)
          {
            widths[c] = natural[c];
            fixed[c] = TRUE;
            left -= natural[c];
            n_left--;
            changed = TRUE;
          }
    }
  sum = 0;
  for (guint c = 0; c < t->n_columns; c++)
    if (!fixed[c])
      sum += natural[c];
  for (guint c = 0; c < t->n_columns; c++)
    if (!fixed[c])
      widths[c] = left * natural[c] / sum;
}

static double
build_table (AdjRoster *self,
             Block     *b,
             TableInfo *t,
             double     width)
{
  g_autofree double *widths = g_new0 (double, t->n_columns);
  g_autofree gboolean *numeric = g_new0 (gboolean, t->n_columns);
  double avail = width - CELL_GAP * (t->n_columns - 1);
  double y = 0;

  for (guint c = 0; c < t->n_columns; c++)
    {
      numeric[c] = c > 0 && t->rows->len > 0;
      for (guint r = 0; r < t->rows->len && numeric[c]; r++)
        numeric[c] = is_number (((GStrv) g_ptr_array_index (t->rows, r))[c]);
    }
  table_widths (self, t, avail, widths);

  y += roster_add_text (self, b, STYLE_TABLE_TITLE, t->title, 0, y, width, PANGO_ALIGN_LEFT) + 2;
  for (guint r = 0; r <= t->rows->len; r++)
    {
      GStrv row = r == 0 ? t->header : g_ptr_array_index (t->rows, r - 1);
      double x = 0, h = 0;

      for (guint c = 0; c < t->n_columns; c++)
        {
          h = MAX (h, roster_add_text (self, b, r == 0 ? STYLE_TABLE_HEAD : STYLE_TABLE, row[c], x,
                                       y + 1.0, widths[c],
                                       numeric[c] ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT));
          x += widths[c] + CELL_GAP;
        }
      y += h + 2.0;
      roster_add_line (b, 0, y, width, y, r == 0 ? 0.8 : 0.25);
    }
  if (t->notes != NULL)
    y += 2 + roster_add_text (self, b, STYLE_NOTE, t->notes, 0, y + 2, width, PANGO_ALIGN_LEFT);
  return y;
}

/* ---- pages ---- */

/* The height of tables [from, to) stacked in one column. */
static double
stack_height (GArray *heights,
              guint   from,
              guint   to)
{
  double h = 0;

  for (guint i = from; i < to; i++)
    h += g_array_index (heights, double, i) + (i > from ? TABLE_GAP : 0);
  return h;
}

void
roster_paginate_reference (AdjRoster *self,
                           guint     *page,
                           double     top,
                           double     bottom,
                           double     width)
{
  g_autofree char *heading = NULL;
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_block_free);
  g_autoptr(GArray) heights = g_array_new (FALSE, FALSE, sizeof (double));
  Block *b;
  double cw = (width - COLUMN_GAP) / 2;
  double y, column_top;
  guint n = self->tables->len;

  if (n == 0)
    return;

  *page += 1;
  b = roster_block_new (ADJ_ROSTER_BLOCK_REFERENCE, NULL);
  /* TRANSLATORS: the heading of the page of tables, e.g. "Quick reference: When Empires Clash!" */
  heading = g_strdup_printf (_("Quick reference: %s"), adj_ruleset_get_name (self->ruleset));
  y = roster_add_text (self, b, STYLE_SIDE, heading, 0, 0, width, PANGO_ALIGN_LEFT);
  roster_add_line (b, 0, y + 1, width, y + 1, 1.2);
  roster_place (self, b, *page, MARGIN, top, width, y + 1);
  column_top = top + y + 9;

  for (guint i = 0; i < n; i++)
    {
      TableInfo *t = g_ptr_array_index (self->tables, i);
      double h;

      b = roster_block_new (ADJ_ROSTER_BLOCK_TABLE, t->title);
      h = build_table (self, b, t, cw);
      g_ptr_array_add (tables, b);
      g_array_append_val (heights, h);
    }

  /* Two columns read in order, left then right.  Each page takes as many of the remaining
   * tables as fit, split between its columns where the two come out most even. */
  for (guint first = 0; first < n;)
    {
      double avail = bottom - column_top, best = G_MAXDOUBLE;
      guint end = first + 1, split = first + 1;

      for (guint m = n; m > first && best == G_MAXDOUBLE; m--)
        for (guint k = first; k <= m; k++)
          {
            double left = stack_height (heights, first, k);
            double right = stack_height (heights, k, m);

            if (left <= avail && right <= avail && MAX (left, right) < best)
              {
                best = MAX (left, right);
                end = m;
                split = k;
              }
          }
      /* With no fit at all (a table taller than the page), it gets a page to itself. */
      y = column_top;
      for (guint i = first; i < end; i++)
        {
          double h = g_array_index (heights, double, i);

          if (i == split)
            y = column_top;
          /* The tables go out of @tables in order: the next is always the first left. */
          roster_place (self, g_ptr_array_steal_index (tables, 0), *page,
                        MARGIN + (i < split ? 0 : cw + COLUMN_GAP), y, cw, h);
          y += h + TABLE_GAP;
        }
      first = end;
      if (first < n)
        {
          *page += 1;
          column_top = top;
        }
    }
}
