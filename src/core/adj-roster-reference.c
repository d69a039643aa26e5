/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-reference.c: the quick-reference pages at the end of a roster — the tables a
 * ruleset lists under "roster", their rows written out or made from its unit types, weapons
 * and modifiers, then the tables the players typed in from their own copy, under a heading
 * that says so; set in two columns (a table too wide for one spans both) and spread over as
 * many pages as they need. */

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

void
roster_section_info_free (SectionInfo *section)
{
  g_free (section->heading);
  g_free (section->notes);
  g_ptr_array_unref (section->tables);
  g_free (section);
}

static SectionInfo *
section_new (AdjRoster  *self,
             const char *heading)
{
  SectionInfo *section = g_new0 (SectionInfo, 1);

  section->heading = g_strdup (heading);
  section->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_table_info_free);
  g_ptr_array_add (self->sections, section);
  return section;
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
  json_object *roster = NULL, *tables = NULL;
  SectionInfo *section;

  if (!json_object_object_get_ex (root, "roster", &roster) ||
      !json_object_object_get_ex (roster, "tables", &tables))
    return;
  {
    /* TRANSLATORS: the heading of the page of tables, e.g. "Quick reference: When Empires Clash!" */
    g_autofree char *heading = g_strdup_printf (_("Quick reference: %s"),
                                                adj_ruleset_get_name (self->ruleset));
    section = section_new (self, heading);
  }

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
      g_ptr_array_add (section->tables, t);
    }
}

/* One table the players typed in, as the quick reference prints it: a row per row of the
 * shape, or, when it has more columns than rows, turned a quarter so that it reads down the
 * page ("Weapon × range band" rather than five weapons across). */
static TableInfo *
players_table_new (AdjTables           *tables,
                   const AdjTableShape *shape)
{
  TableInfo *t = g_new0 (TableInfo, 1);
  gboolean one_column = shape->n_columns == 1 && g_strcmp0 (shape->columns[0].label,
                                                            shape->value_label) == 0;
  gboolean turn = !one_column && shape->n_columns > shape->n_rows;
  const AdjChoice *down = turn ? shape->columns : shape->rows;
  const AdjChoice *across = turn ? shape->rows : shape->columns;
  guint n_down = turn ? shape->n_columns : shape->n_rows;
  guint n_across = turn ? shape->n_rows : shape->n_columns;

  t->players = TRUE;
  /* TRANSLATORS: a table the players typed in, e.g. "Hit table (the players' own)" */
  t->title = g_strdup_printf (_("%s (the players’ own)"), adj_gettext (shape->title));
  t->n_columns = n_across + 1;
  t->header = g_new0 (char *, t->n_columns + 1);
  t->header[0] = g_strdup (adj_gettext (turn ? shape->column_label : shape->row_label));
  for (guint c = 0; c < n_across; c++)
    t->header[c + 1] = g_strdup (adj_gettext (one_column ? shape->value_label : across[c].label));
  if (!one_column)
    /* TRANSLATORS: what the columns of a table stand for and what each cell holds, e.g.
     * "Across: Range band. Each cell: Score to hit (D6)." */
    t->notes = g_strdup_printf (_("Across: %s. Each cell: %s."),
                                adj_gettext (turn ? shape->row_label : shape->column_label),
                                adj_gettext (shape->value_label));

  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint r = 0; r < n_down; r++)
    {
      GStrv row = g_new0 (char *, t->n_columns + 1);

      row[0] = g_strdup (adj_gettext (down[r].label));
      for (guint c = 0; c < n_across; c++)
        {
          const char *row_id = turn ? across[c].id : down[r].id;
          const char *column_id = turn ? down[r].id : across[c].id;

          json_object *value = adj_tables_get_cell (tables, shape->id, row_id, column_id);

          /* A cell nobody entered stays blank, to be written in; a number below nought takes
           * a real minus sign. */
          if (value != NULL && json_object_is_type (value, json_type_int) &&
              json_object_get_int (value) < 0)
            row[c + 1] = format_signed (json_object_get_int (value));
          else
            row[c + 1] = adj_table_shape_format_value (shape, value);
        }
      g_ptr_array_add (t->rows, row);
    }
  return t;
}

void
roster_collect_players_tables (AdjRoster *self,
                               AdjTables *tables,
                               AdjTables *carried)
{
  GPtrArray *shapes = adj_ruleset_get_table_shapes (self->ruleset);
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autoptr(GString) missing = g_string_new (NULL);
  SectionInfo *section;
  AdjTables *named = NULL;

  json_object *printed = NULL;

  if (tables == NULL || shapes->len == 0)
    return;
  /* Only the tables a player reads at the table: the ruleset may leave out those that serve
   * the set-up alone. */
  if (self->layout != NULL)
    json_object_object_get_ex (self->layout, "players_tables", &printed);
  section = section_new (self, _("The players’ own tables"));
  for (guint i = 0; i < shapes->len; i++)
    {
      const AdjTableShape *shape = g_ptr_array_index (shapes, i);
      gboolean wanted = printed == NULL;

      for (gsize k = 0; printed != NULL && k < json_object_array_length (printed); k++)
        wanted = wanted || g_str_equal (json_object_get_string (json_object_array_get_idx (printed,
                                                                                           k)),
                                        shape->id);
      if (!wanted)
        continue;
      if (!adj_tables_has_table (tables, shape->id))
        {
          g_string_append_printf (missing, "%s%s", missing->len > 0 ? ", " : "",
                                  adj_gettext (shape->title));
          continue;
        }
      if (named == NULL)
        named = adj_tables_get_source (tables, shape->id) == ADJ_TABLE_SOURCE_BATTLE &&
                carried != NULL ? carried : tables;
      g_ptr_array_add (section->tables, players_table_new (tables, shape));
    }

  g_string_append (notes, _("Adjutant does not have these tables: the players typed them in "
                            "from their own copy of the rules, and these are their values, not "
                            "the book’s."));
  if (named != NULL && adj_tables_get_title (named) != NULL)
    g_string_append_printf (notes, g_str_has_suffix (adj_tables_get_title (named), ".")
                                   ? " %s" : " %s.", adj_tables_get_title (named));
  if (named != NULL && adj_tables_get_notes (named) != NULL)
    g_string_append_printf (notes, " %s", adj_tables_get_notes (named));
  if (missing->len > 0)
    /* TRANSLATORS: the tables the players have not typed in yet, e.g. "Not entered yet: Hit
     * table, Saving table." */
    g_string_append_printf (notes, " %s", _("Not entered yet:"));
  if (missing->len > 0)
    g_string_append_printf (notes, " %s.", missing->str);
  section->notes = g_string_free (g_steal_pointer (&notes), FALSE);
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

/* The width of each column of @t on one line (@natural), and the least it can have without
 * breaking a word (@least). */
static void
measure_columns (AdjRoster *self,
                 TableInfo *t,
                 double    *natural,
                 double    *least)
{
  for (guint c = 0; c < t->n_columns; c++)
    {
      natural[c] = least[c] = 0;
      for (guint r = 0; r <= t->rows->len; r++)
        {
          GStrv row = r == 0 ? t->header : g_ptr_array_index (t->rows, r - 1);
          Style style = r == 0 ? STYLE_TABLE_HEAD : STYLE_TABLE;
          g_auto(GStrv) words = g_strsplit (row[c], " ", -1);
          PangoLayout *layout = roster_new_layout (self, style, -1, PANGO_ALIGN_LEFT);

          pango_layout_set_text (layout, row[c], -1);
          natural[c] = MAX (natural[c], roster_layout_width (layout) + 1);
          for (guint w = 0; words[w] != NULL; w++)
            {
              pango_layout_set_text (layout, words[w], -1);
              least[c] = MAX (least[c], roster_layout_width (layout) + 1);
            }
          g_object_unref (layout);
        }
    }
}

/* Widths for the columns of a table: the natural ones when they fit, otherwise narrow columns
 * keep theirs and the wide ones share what is left, in proportion, none narrower than its
 * longest word where the width allows. */
static void
table_widths (AdjRoster *self,
              TableInfo *t,
              double     avail,
              double    *widths)
{
  g_autofree double *natural = g_new0 (double, t->n_columns);
  g_autofree double *least = g_new0 (double, t->n_columns);
  g_autofree gboolean *fixed = g_new0 (gboolean, t->n_columns);
  double sum = 0, left = avail, deficit = 0, slack = 0;
  guint n_left = t->n_columns;
  gboolean changed = TRUE;

  measure_columns (self, t, natural, least);
  for (guint c = 0; c < t->n_columns; c++)
    sum += natural[c];
  if (sum <= avail)
    {
      /* The room left goes to the labels of the rows; in a grid of the players' values, to
       * every column alike, so that the values do not huddle at the right. */
      for (guint c = 0; c < t->n_columns; c++)
        widths[c] = natural[c] + (t->players ? (avail - sum) / t->n_columns : 0);
      if (!t->players)
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

  /* A column cut below its longest word takes the room from those that have some to spare. */
  for (guint c = 0; c < t->n_columns; c++)
    {
      if (widths[c] < least[c])
        deficit += least[c] - widths[c];
      else
        slack += widths[c] - least[c];
    }
  if (deficit == 0 || slack < deficit)
    return;
  for (guint c = 0; c < t->n_columns; c++)
    {
      if (widths[c] < least[c])
        widths[c] = least[c];
      else
        widths[c] -= deficit * (widths[c] - least[c]) / slack;
    }
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
      gboolean any = FALSE;

      /* A column of numbers is set flush right; a blank cell (not typed in yet) is no word. */
      numeric[c] = c > 0;
      for (guint r = 0; r < t->rows->len && numeric[c]; r++)
        {
          const char *cell = ((GStrv) g_ptr_array_index (t->rows, r))[c];

          any = any || cell[0] != '\0';
          numeric[c] = cell[0] == '\0' || is_number (cell);
        }
      /* The players' tables mix numbers and words as the rules do: all set flush left. */
      numeric[c] = numeric[c] && any && !t->players;
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

/* The narrowest @t can be with no word broken. */
static double
table_min_width (AdjRoster *self,
                 TableInfo *t)
{
  g_autofree double *natural = g_new0 (double, t->n_columns);
  g_autofree double *least = g_new0 (double, t->n_columns);
  double sum = CELL_GAP * (t->n_columns - 1);

  measure_columns (self, t, natural, least);
  for (guint c = 0; c < t->n_columns; c++)
    sum += least[c];
  return sum;
}

/* Whether @t spans both columns of a page: when its columns cannot all fit in one without
 * breaking a word, or, for a table of the players', when a cell of values would wrap. */
static gboolean
table_spans (AdjRoster *self,
             TableInfo *t,
             double     cw)
{
  g_autofree double *natural = g_new0 (double, t->n_columns);
  g_autofree double *least = g_new0 (double, t->n_columns);
  g_autofree double *widths = g_new0 (double, t->n_columns);

  if (table_min_width (self, t) > cw)
    return TRUE;
  if (!t->players)
    return FALSE;
  measure_columns (self, t, natural, least);
  table_widths (self, t, cw - CELL_GAP * (t->n_columns - 1), widths);
  for (guint c = 1; c < t->n_columns; c++)
    if (widths[c] < natural[c] - 0.5)
      return TRUE;
  return FALSE;
}

/* A heading over a section of tables, with its notes; returns its height. */
static double
build_heading (AdjRoster   *self,
               Block       *b,
               SectionInfo *section,
               double       width)
{
  double y = roster_add_text (self, b, STYLE_SIDE, section->heading, 0, 0, width,
                              PANGO_ALIGN_LEFT);

  roster_add_line (b, 0, y + 1, width, y + 1, 1.2);
  y += 4;
  if (section->notes != NULL)
    y += roster_add_text (self, b, STYLE_NOTE, section->notes, 0, y, width, PANGO_ALIGN_LEFT);
  return y;
}

/* Tables [first, end) of @blocks, side by side in two columns from @y: each page takes as many
 * as fit, split between its columns where the two come out most even.  Returns where they
 * end on the last page. */
static double
place_columns (AdjRoster *self,
               GPtrArray *blocks,
               GArray    *heights,
               guint      first,
               guint      end,
               guint     *page,
               double     y,
               double     top,
               double     bottom,
               double     cw)
{
  while (first < end)
    {
      double avail = bottom - y, best = G_MAXDOUBLE;
      guint last = first + 1, split = first + 1;
      double column_y;

      /* The split is sought from the right, so that between two as even a lone table or the
       * longer half stands in the left column. */
      for (guint m = end; m > first && best == G_MAXDOUBLE; m--)
        for (guint k = m + 1; k-- > first;)
          {
            double left = stack_height (heights, first, k);
            double right = stack_height (heights, k, m);

            if (left <= avail && right <= avail && MAX (left, right) < best)
              {
                best = MAX (left, right);
                last = m;
                split = k;
              }
          }
      /* Nothing fits below what is on the page: the next page.  A table taller than a whole
       * page gets one to itself. */
      if (best == G_MAXDOUBLE && y > top)
        {
          *page += 1;
          y = top;
          continue;
        }
      column_y = y;
      for (guint i = first; i < last; i++)
        {
          double h = g_array_index (heights, double, i);

          if (i == split)
            column_y = y;
          roster_place (self, g_steal_pointer (&g_ptr_array_index (blocks, i)), *page,
                        MARGIN + (i < split ? 0 : cw + COLUMN_GAP), column_y, cw, h);
          column_y += h + TABLE_GAP;
        }
      y += (best == G_MAXDOUBLE ? g_array_index (heights, double, first) : best) + TABLE_GAP;
      first = last;
      if (first < end)
        {
          *page += 1;
          y = top;
        }
    }
  return y;
}

void
roster_paginate_reference (AdjRoster *self,
                           guint     *page,
                           double     top,
                           double     bottom,
                           double     width)
{
  double cw = (width - COLUMN_GAP) / 2;
  double y = top;

  if (self->sections->len == 0)
    return;
  *page += 1;

  for (guint si = 0; si < self->sections->len; si++)
    {
      SectionInfo *section = g_ptr_array_index (self->sections, si);
      g_autoptr(GPtrArray) blocks = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                    roster_block_free);
      g_autoptr(GArray) heights = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) wide = g_array_new (FALSE, FALSE, sizeof (gboolean));
      Block *heading = roster_block_new (ADJ_ROSTER_BLOCK_REFERENCE, NULL);
      double heading_h = build_heading (self, heading, section, width);
      guint n = section->tables->len;

      for (guint i = 0; i < n; i++)
        {
          TableInfo *t = g_ptr_array_index (section->tables, i);
          Block *b = roster_block_new (ADJ_ROSTER_BLOCK_TABLE, t->title);
          gboolean spans = table_spans (self, t, cw);
          double h = build_table (self, b, t, spans ? width : cw);

          g_ptr_array_add (blocks, b);
          g_array_append_val (heights, h);
          g_array_append_val (wide, spans);
        }

      /* A heading stays with its first table. */
      if (y > top && y + heading_h + 9 + (n > 0 ? g_array_index (heights, double, 0) : 0) > bottom)
        {
          *page += 1;
          y = top;
        }
      roster_place (self, heading, *page, MARGIN, y, width, heading_h);
      y += heading_h + 9;

      for (guint i = 0; i < n;)
        {
          if (g_array_index (wide, gboolean, i))
            {
              double h = g_array_index (heights, double, i);

              if (y > top && y + h > bottom)
                {
                  *page += 1;
                  y = top;
                }
              roster_place (self, g_steal_pointer (&g_ptr_array_index (blocks, i)), *page, MARGIN,
                            y, width, h);
              y += h + TABLE_GAP;
              i++;
            }
          else
            {
              guint end = i;

              while (end < n && !g_array_index (wide, gboolean, end))
                end++;
              y = place_columns (self, blocks, heights, i, end, page, y, top, bottom, cw);
              i = end;
            }
        }
      y += 6;
    }
}
