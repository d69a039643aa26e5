/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-sheet.c: the blocks of a roster's sheets — a side's heading (its settings,
 * totals, the turn's facts about it, what its boxes mean and the notes its units share, then
 * the column headings) and a block per unit: its strength boxes, its name, its details in the
 * columns the system uses, the states a player ticks in pencil, its figures one by one where
 * the system keeps a record of each, and its note. */

#define G_LOG_DOMAIN "adj-roster"

#include "config.h"

#include "adj-i18n.h"
#include "adj-roster-private.h"

#define FIGURE_BOX  8.0    /* a figure's box in a record per figure ... */
#define MARK_BOX    6.5    /* ... and the rings of its own states (a wound) */
#define FIGURE_GAP  12.0   /* between two figures on a line */
#define TURN_OVER_GAP 4.0  /* more room between the boxes where a counter turns over */

/* ---- the columns ---- */

static const char *
column_head (AdjRoster *self,
             Column     c)
{
  switch (c)
    {
    case COLUMN_TYPE:
      return _("Unit and type");
    case COLUMN_WEAPON:
      if (self->bands)
        /* TRANSLATORS: the heading over weapons with three ranges, e.g. "Rifle 30 / 90 / 180 cm" */
        return _("Weapon, short / medium / long range");
      return self->ranges ? _("Weapon (range)") : _("Weapon");
    case COLUMN_MOVE:
      return _("Move");
    case COLUMN_CARD:
      /* TRANSLATORS: the heading over the box a unit's dealt card is written in */
      return _("Card");
    case COLUMN_VALUE:
      return _("Points");
    case N_COLUMNS:
    default:
      g_return_val_if_reached ("");
    }
}

static double
text_width (AdjRoster  *self,
            Style       style,
            const char *text)
{
  PangoLayout *layout = roster_new_layout (self, style, -1, PANGO_ALIGN_LEFT);
  double w;

  pango_layout_set_text (layout, text, -1);
  w = roster_layout_width (layout);
  g_object_unref (layout);
  return w;
}

/* Where each column starts, from the start of the text, for a text @width: the short columns
 * (move, card, points) get what they need, the unit's type and its weapon share the rest. */
static void
layout_columns (AdjRoster *self,
                double     width)
{
  double natural[N_COLUMNS] = { 0 };
  double fixed = 0, wide = 0, left;
  guint n = 0;

  if (self->columns_for == width)
    return;
  self->columns_for = width;

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      if (!self->columns[c])
        continue;
      n++;
      natural[c] = text_width (self, STYLE_HEAD, column_head (self, c));
      if (c == COLUMN_CARD)
        natural[c] = MAX (natural[c], CARD_BOX_WIDTH);
      for (guint i = 0; i < self->sides->len; i++)
        {
          SideInfo *s = g_ptr_array_index (self->sides, i);

          for (guint k = 0; k < s->units->len; k++)
            {
              UnitInfo *u = g_ptr_array_index (s->units, k);

              if (u->cells[c] != NULL && c != COLUMN_CARD)
                natural[c] = MAX (natural[c], text_width (self, STYLE_BODY, u->cells[c]));
            }
        }
      natural[c] += 1;
      if (c == COLUMN_TYPE || c == COLUMN_WEAPON)
        wide += natural[c];
      else
        fixed += natural[c];
    }

  /* The type and the weapon share what the short columns leave: their natural widths when
   * they fit (and the space left over, half each), else in proportion to them. */
  left = width - fixed - CELL_GAP * (n - 1);
  {
    double x = 0;
    double spare = left - wide;
    guint n_wide = (self->columns[COLUMN_TYPE] ? 1 : 0) + (self->columns[COLUMN_WEAPON] ? 1 : 0);

    for (guint c = 0; c < N_COLUMNS; c++)
      {
        double w;

        self->column_x[c] = x;
        if (!self->columns[c])
          continue;
        if (c != COLUMN_TYPE && c != COLUMN_WEAPON)
          w = natural[c];
        else if (spare >= 0)
          w = natural[c] + spare / n_wide;
        else
          w = left * natural[c] / wide;
        x += w + CELL_GAP;
      }
    self->column_x[N_COLUMNS] = width;
  }
}

/* The width of column @c, up to the next one shown. */
static double
column_width (AdjRoster *self,
              Column     c)
{
  for (guint next = c + 1; next < N_COLUMNS; next++)
    if (self->columns[next])
      return self->column_x[next] - self->column_x[c] - CELL_GAP;
  return self->column_x[N_COLUMNS] - self->column_x[c];
}

/* Where the states a player ticks sit beside the name, if they do: over the short columns
 * (move, card, points) when they fit there, else from the weapon's column, as long as the name
 * ends before them; -1 when they take a line of their own. */
static double
beside_name_x (AdjRoster *self,
               double     width,
               double     name_width,
               double     chunks_width)
{
  double candidates[2] = { -1, -1 };

  for (guint c = COLUMN_MOVE; c < N_COLUMNS && candidates[0] < 0; c++)
    if (self->columns[c])
      candidates[0] = self->column_x[c];
  candidates[1] = self->columns[COLUMN_WEAPON] ? self->column_x[COLUMN_WEAPON] : width * 0.5;
  if (candidates[0] < 0)
    candidates[0] = width * 0.55;
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (chunks_width <= width - candidates[i] && name_width + CELL_GAP <= candidates[i])
      return candidates[i];
  return -1;
}

/* Where a unit's text starts: after the strength boxes, unless every unit keeps its figures
 * one by one (then they are boxed under its details). */
static double
text_x (AdjRoster *self)
{
  for (guint i = 0; i < self->sides->len; i++)
    {
      SideInfo *s = g_ptr_array_index (self->sides, i);

      for (guint k = 0; k < s->units->len; k++)
        if (((UnitInfo *) g_ptr_array_index (s->units, k))->figures == NULL)
          return TEXT_X;
    }
  return 0;
}

/* ---- the states a player ticks ---- */

/* A tick box followed by its label, measured as a chunk of a status line. */
static double
chunk_box_label (AdjRoster    *self,
                 Block        *chunk,
                 double        x,
                 const char   *label,
                 gboolean      ticked)
{
  PangoLayout *layout = roster_new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
  double top;

  pango_layout_set_text (layout, label, -1);
  top = roster_layout_baseline (layout) - STATUS_BOX + 0.5;
  roster_add_box (chunk, x, top, STATUS_BOX, ADJ_ROSTER_BOX_STATUS, ticked);
  x += STATUS_BOX + 3;
  roster_add_layout (chunk, layout, x, 0);
  return x + roster_layout_width (layout);
}

static double
build_status_item (AdjRoster  *self,
                   Block      *chunk,
                   StatusItem *item)
{
  double x = 0;

  if (item->kind == ADJ_FIELD_BOOL)
    return chunk_box_label (self, chunk, 0, item->label, item->ticked > 0);

  {
    g_autofree char *label = g_strdup_printf ("%s:", item->label);
    PangoLayout *layout = roster_new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
    double top;

    pango_layout_set_text (layout, label, -1);
    top = roster_layout_baseline (layout) - STATUS_BOX + 0.5;
    roster_add_layout (chunk, layout, 0, 0);
    x = roster_layout_width (layout) + 4;

    if (item->kind == ADJ_FIELD_INT && item->n_boxes == 0)
      {
        /* Too wide a range for boxes: a line to write the number on. */
        roster_add_line (chunk, x, top + STATUS_BOX, x + 40, top + STATUS_BOX, 0.5);
        return x + 40;
      }
    if (item->kind == ADJ_FIELD_INT)
      {
        for (int i = 0; i < item->n_boxes; i++, x += STATUS_BOX + 2.5)
          roster_add_box (chunk, x, top, STATUS_BOX, ADJ_ROSTER_BOX_STATUS, i < item->ticked);
        return x - 2.5;
      }
    for (int i = 0; i < item->n_boxes; i++)
      {
        x = chunk_box_label (self, chunk, x, item->choices[i], i == item->ticked);
        x += 8;
      }
    return x - 8;
  }
}

/* Lay out chunks left to right from (x0, y0), wrapping at @width; returns the height used. */
static double
flow_chunks (Block     *b,
             GPtrArray *chunks,
             GArray    *widths,
             double     x0,
             double     y0,
             double     width,
             double     line_height)
{
  double x = x0, y = y0;

  for (guint i = 0; i < chunks->len; i++)
    {
      Block *chunk = g_ptr_array_index (chunks, i);
      double w = g_array_index (widths, double, i);

      if (x > x0 && x + w > x0 + width)
        {
          x = x0;
          y += line_height + 3;
        }
      roster_move_ops (b, chunk, x, y);
      x += w + 16;
    }
  return chunks->len > 0 ? y - y0 + line_height : 0;
}

static void
add_chunk (GPtrArray *chunks,
           GArray    *widths,
           Block     *chunk,
           double     width)
{
  g_ptr_array_add (chunks, chunk);
  g_array_append_val (widths, width);
}

static void
add_note_chunk (AdjRoster  *self,
                GPtrArray  *chunks,
                GArray     *widths,
                const char *text)
{
  Block *chunk = roster_block_new (ADJ_ROSTER_BLOCK_UNIT, NULL);
  PangoLayout *layout = roster_new_layout (self, STYLE_NOTE, -1, PANGO_ALIGN_LEFT);

  pango_layout_set_text (layout, text, -1);
  roster_add_layout (chunk, layout, 0, 0.5);
  add_chunk (chunks, widths, chunk, roster_layout_width (layout));
}

/* ---- figures one by one ---- */

/* A figure: its box, its name, and the boxes of its own states; returns the width. */
static double
build_figure (AdjRoster  *self,
              Block      *b,
              FigureInfo *f,
              double      x,
              double      y,
              double      baseline)
{
  PangoLayout *layout = roster_new_layout (self, STYLE_RUNNING, -1, PANGO_ALIGN_LEFT);
  double x0 = x;

  roster_add_box (b, x, y + baseline - FIGURE_BOX + 0.5, FIGURE_BOX, ADJ_ROSTER_BOX_STRENGTH,
                  f->lost);
  x += FIGURE_BOX + 2.5;
  pango_layout_set_text (layout, f->label, -1);
  roster_add_layout (b, layout, x, y);
  x += roster_layout_width (layout) + 2.5;
  x += 1;
  for (int i = 0; i < f->n_marks; i++, x += MARK_BOX + 1.5)
    roster_add_ring (b, x, y + baseline - MARK_BOX + 0.5, MARK_BOX, ADJ_ROSTER_BOX_FIGURE,
                     i < f->marked);
  return x - 1.5 - x0;
}

/* Every figure of @u in a grid of equal cells from (x0, y); returns the height used. */
static double
build_figures (AdjRoster *self,
               Block     *b,
               UnitInfo  *u,
               double     x0,
               double     y,
               double     width)
{
  PangoLayout *probe = roster_new_layout (self, STYLE_RUNNING, -1, PANGO_ALIGN_LEFT);
  double cell = 0, baseline, line;
  guint per_line;

  pango_layout_set_text (probe, "Xg", -1);
  baseline = roster_layout_baseline (probe);
  line = MAX (roster_layout_height (probe), FIGURE_BOX) + 2.5;
  g_object_unref (probe);

  for (guint i = 0; i < u->figures->len; i++)
    {
      FigureInfo *f = g_ptr_array_index (u->figures, i);

      cell = MAX (cell, FIGURE_BOX + 2.5 + text_width (self, STYLE_RUNNING, f->label) + 3.5 +
                        f->n_marks * (MARK_BOX + 1.5));
    }
  cell += FIGURE_GAP;
  per_line = MAX (1, (guint) ((width + FIGURE_GAP) / cell));
  for (guint i = 0; i < u->figures->len; i++)
    build_figure (self, b, g_ptr_array_index (u->figures, i), x0 + (i % per_line) * cell,
                  y + (i / per_line) * line, baseline);
  return ((u->figures->len + per_line - 1) / per_line) * line;
}

/* ---- a unit ---- */

/* Strength: a box per figure, strength point or stand, crossed off as they go, and a bar where
 * a counter turns to its reduced side; returns the bottom of the boxes. */
static double
build_strength (AdjRoster *self,
                Block     *b,
                UnitInfo  *u,
                double     y,
                double     baseline)
{
  double top = y + baseline - BOX + 0.5;
  int rows = (u->boxes + BOXES_PER_ROW - 1) / BOXES_PER_ROW;

  if (u->boxes > MAX_BOXES)
    {
      /* TRANSLATORS: a strength too large for boxes, e.g. "112 of 120 figures" */
      g_autofree char *count = g_strdup_printf (_("%d of %d"), u->boxes - u->lost, u->boxes);
      return y + roster_add_text (self, b, STYLE_BODY, count, 0, y, TEXT_X - 4, PANGO_ALIGN_LEFT);
    }
  for (int i = 0; i < u->boxes; i++)
    {
      /* The boxes of the reduced side stand a little apart, behind the bar. */
      double shift = u->turn_over > 0 && i >= u->turn_over &&
                     i / BOXES_PER_ROW == (u->turn_over - 1) / BOXES_PER_ROW ? TURN_OVER_GAP : 0;

      roster_add_box (b, (i % BOXES_PER_ROW) * BOX_PITCH + shift,
                      top + (i / BOXES_PER_ROW) * BOX_PITCH, BOX, ADJ_ROSTER_BOX_STRENGTH,
                      u->destroyed || i < u->lost);
    }
  if (u->turn_over > 0 && u->turn_over < u->boxes)
    {
      int row = (u->turn_over - 1) / BOXES_PER_ROW;
      double x = ((u->turn_over - 1) % BOXES_PER_ROW) * BOX_PITCH + BOX +
                 (BOX_PITCH - BOX + TURN_OVER_GAP) / 2;
      double bar_top = top + row * BOX_PITCH - 1.5;

      roster_add_line (b, x, bar_top, x, bar_top + BOX + 3, 1.4);
    }
  return top + rows * BOX_PITCH - (BOX_PITCH - BOX);
}

double
roster_build_unit (AdjRoster *self,
                   Block     *b,
                   SideInfo  *s,
                   UnitInfo  *u,
                   double     width)
{
  g_autoptr(GPtrArray) chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_block_free);
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));
  double x0 = text_x (self);
  double tw = width - x0;
  double y = BLOCK_PAD, h = 0, boxes_bottom = 0, line_height, line_baseline, chunks_width = 0;
  double beside;
  gboolean beside_name;
  PangoLayout *name;
  double baseline;

  layout_columns (self, tw);

  /* What a player ticks in pencil, then the states worth knowing: beside the name, over the
   * short columns, when they are short, as in most systems; else on a line of their own
   * under the details. */
  for (guint i = 0; i < u->status->len; i++)
    {
      Block *chunk = roster_block_new (ADJ_ROSTER_BLOCK_UNIT, NULL);
      double w = build_status_item (self, chunk, g_ptr_array_index (u->status, i));

      add_chunk (chunks, widths, chunk, w);
    }
  for (guint i = 0; i < u->facts->len; i++)
    add_note_chunk (self, chunks, widths, g_ptr_array_index (u->facts, i));
  if (u->note_ref > 0)
    {
      /* TRANSLATORS: points to a note printed once under the side's heading */
      g_autofree char *see = g_strdup_printf (_("See note %d"), u->note_ref);
      add_note_chunk (self, chunks, widths, see);
    }
  for (guint i = 0; i < widths->len; i++)
    chunks_width += g_array_index (widths, double, i) + (i > 0 ? 16 : 0);
  beside = chunks->len > 0 ? beside_name_x (self, tw, text_width (self, STYLE_UNIT, u->name) +
                                                     (u->destroyed ? 60 : 0), chunks_width)
                            : -1;
  beside_name = beside >= 0;
  {
    PangoLayout *probe = roster_new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
    pango_layout_set_text (probe, "Xg", -1);
    line_height = roster_layout_height (probe);
    line_baseline = roster_layout_baseline (probe);
    g_object_unref (probe);
  }

  name = roster_new_layout (self, STYLE_UNIT, beside_name ? beside - CELL_GAP : tw,
                            PANGO_ALIGN_LEFT);
  if (u->destroyed)
    {
      g_autofree char *markup =
        g_markup_printf_escaped ("<s>%s</s>   <span size='smaller'>%s</span>",
                                 u->name, _("DESTROYED"));
      pango_layout_set_markup (name, markup, -1);
    }
  else
    pango_layout_set_text (name, u->name, -1);
  baseline = roster_layout_baseline (name);
  h = roster_add_layout (b, name, x0, y);
  if (beside_name)
    {
      /* Share the name's baseline. */
      double top = y + baseline - line_baseline;

      flow_chunks (b, chunks, widths, x0 + beside, top, tw - beside, line_height);
    }

  if (u->figures == NULL)
    boxes_bottom = build_strength (self, b, u, y, baseline);
  y += h + 0.5;

  /* The details, under the side's column headings. */
  {
    double row = 0;

    for (guint c = 0; c < N_COLUMNS; c++)
      {
        double cx = x0 + self->column_x[c];

        if (!self->columns[c])
          continue;
        if (c == COLUMN_CARD)
          {
            /* A box to write the card in, holding the card dealt for this turn if there is one. */
            roster_add_rect (b, cx, y, CARD_BOX_WIDTH, CARD_BOX_HEIGHT, ADJ_ROSTER_BOX_CARD);
            if (u->cells[c] != NULL)
              {
                PangoLayout *card = roster_new_layout (self, STYLE_BODY, CARD_BOX_WIDTH,
                                                       PANGO_ALIGN_CENTER);
                double th;

                pango_layout_set_text (card, u->cells[c], -1);
                th = roster_layout_height (card);
                roster_add_layout (b, card, cx, y + (CARD_BOX_HEIGHT - th) / 2);
              }
            row = MAX (row, CARD_BOX_HEIGHT + 1);
            continue;
          }
        if (u->cells[c] == NULL)
          continue;
        row = MAX (row, roster_add_text (self, b, STYLE_BODY, u->cells[c], cx, y,
                                         column_width (self, c),
                                         c == COLUMN_VALUE ? PANGO_ALIGN_RIGHT
                                                           : PANGO_ALIGN_LEFT));
      }
    y += row;
  }

  if (chunks->len > 0 && !beside_name)
    {
      y += 3;
      y += flow_chunks (b, chunks, widths, x0, y, tw, line_height);
    }

  if (u->figures != NULL)
    {
      y += 4;
      y += build_figures (self, b, u, x0, y, tw);
    }

  if (u->notes != NULL)
    {
      y += 1.5;
      y += roster_add_text (self, b, STYLE_NOTE, u->notes, x0, y, tw, PANGO_ALIGN_LEFT);
    }

  y = MAX (y, boxes_bottom) + BLOCK_PAD;
  roster_add_line (b, 0, y, width, y, 0.3);
  return y;
}

/* ---- a side ---- */

/* The column headings over a side's units. */
static double
build_column_heads (AdjRoster *self,
                    Block     *b,
                    SideInfo  *s,
                    double     y,
                    double     width)
{
  double x0 = text_x (self);
  double h = 0;

  layout_columns (self, width - x0);
  if (x0 > 0)
    h = roster_add_text (self, b, STYLE_HEAD, s->boxes_head, 0, y, x0 - 4, PANGO_ALIGN_LEFT);
  for (guint c = 0; c < N_COLUMNS; c++)
    if (self->columns[c])
      h = MAX (h, roster_add_text (self, b, STYLE_HEAD, column_head (self, c),
                                   x0 + self->column_x[c], y, column_width (self, c),
                                   c == COLUMN_VALUE ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT));
  y += h + 2;
  roster_add_line (b, 0, y, width, y, 0.8);
  return y;
}

double
roster_build_side (AdjRoster *self,
                   Block     *b,
                   SideInfo  *s,
                   double     width,
                   gboolean   continued)
{
  double y = 0;

  if (continued)
    {
      /* TRANSLATORS: a side's heading on the pages after its first, e.g. "Zulu army (continued)" */
      g_autofree char *name = g_strdup_printf (_("%s (continued)"), s->name);
      y += roster_add_text (self, b, STYLE_UNIT, name, 0, y, width, PANGO_ALIGN_LEFT) + 5;
      return build_column_heads (self, b, s, y, width);
    }

  y += roster_add_text (self, b, STYLE_SIDE, s->name, 0, y, width, PANGO_ALIGN_LEFT);
  roster_add_line (b, 0, y + 1, width, y + 1, 1.2);
  y += 4;
  if (s->settings != NULL && s->settings[0] != '\0')
    y += roster_add_markup (self, b, STYLE_BODY, s->settings, 0, y, width) + 1;
  for (guint i = 0; i < s->totals->len; i++)
    {
      TotalInfo *t = g_ptr_array_index (s->totals, i);
      g_autofree char *markup = NULL;

      if (t->ok)
        markup = g_markup_printf_escaped ("<b>%s:</b> %s", t->label, t->detail);
      else
        markup = g_markup_printf_escaped ("<b>%s:</b> %s   <b>\u2014 %s</b>", t->label,
                                          t->detail, _("limit not kept"));
      y += roster_add_markup (self, b, STYLE_BODY, markup, 0, y, width);
    }
  /* The game as it stands, for this side. */
  for (guint i = 0; i < s->facts->len; i++)
    y += roster_add_markup (self, b, STYLE_BODY, g_ptr_array_index (s->facts, i), 0, y, width);
  if (s->has_values)
    {
      /* A line to keep the tally of losses on, in pencil. */
      PangoLayout *layout = roster_new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s:</b>", _("Points lost"));
      double w, base;

      pango_layout_set_markup (layout, markup, -1);
      w = roster_layout_width (layout);
      base = roster_layout_baseline (layout);
      y += 3;
      roster_add_line (b, w + 6, y + base + 1.5, MIN (width, w + 6 + 220), y + base + 1.5, 0.5);
      y += roster_add_layout (b, layout, 0, y);
    }
  /* What the boxes stand for, and the notes many units share: once, here. */
  if (s->legends->len > 0 || s->notes->len > 0)
    y += 3;
  for (guint i = 0; i < s->legends->len; i++)
    y += 1 + roster_add_text (self, b, STYLE_NOTE, g_ptr_array_index (s->legends, i), 0, y,
                              width, PANGO_ALIGN_LEFT);
  for (guint i = 0; i < s->notes->len; i++)
    {
      /* TRANSLATORS: a note several units share, e.g. "Note 1: Demo strength, invented." */
      g_autofree char *note = g_strdup_printf (_("Note %u: %s"), i + 1,
                                               (const char *) g_ptr_array_index (s->notes, i));
      y += 1 + roster_add_text (self, b, STYLE_NOTE, note, 0, y, width, PANGO_ALIGN_LEFT);
    }
  y += 8;
  return build_column_heads (self, b, s, y, width);
}
