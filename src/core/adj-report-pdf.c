/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-report-pdf.c: the after-action report drawn for paper, with cairo and pango.
 *
 * The pages are written top to bottom as they fill: a block that does not fit goes to the next
 * page.  The charts are drawn to read in black and white — one side solid and filled, the other
 * dashed and hollow — and every chart has its numbers in a table beside it.
 */

#define G_LOG_DOMAIN "adj-report"

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "adj-error.h"
#include "adj-file.h"
#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-report-private.h"

#define MARGIN 42.0
#define CHART_HEIGHT 170.0

typedef enum { TITLE, HEADING, SUBHEADING, BODY, SMALL, SMALL_BOLD, N_STYLES } Style;

static const struct { double size; PangoWeight weight; } styles[N_STYLES] = {
  { 18, PANGO_WEIGHT_BOLD }, { 13, PANGO_WEIGHT_BOLD }, { 10.5, PANGO_WEIGHT_BOLD },
  { 9.5, PANGO_WEIGHT_NORMAL }, { 8, PANGO_WEIGHT_NORMAL }, { 8, PANGO_WEIGHT_BOLD },
};

typedef struct {
  cairo_t              *cr;
  PangoLayout          *layout;
  PangoFontDescription *fonts[N_STYLES];
  double                width;
  double                height;
  double                y;
  guint                 pages;
} Pen;

static void
new_page (Pen *pen)
{
  cairo_show_page (pen->cr);
  pen->pages++;
  pen->y = MARGIN;
}

static void
ensure (Pen    *pen,
        double  height)
{
  if (pen->y + height > pen->height - MARGIN && pen->y > MARGIN)
    new_page (pen);
}

static double
set_text (Pen        *pen,
          Style       style,
          const char *text,
          double      width)
{
  int w, h;

  pango_layout_set_font_description (pen->layout, pen->fonts[style]);
  pango_layout_set_width (pen->layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_text (pen->layout, text, -1);
  pango_layout_get_pixel_size (pen->layout, &w, &h);
  return h;
}

static void
show_at (Pen    *pen,
         double  x,
         double  y)
{
  cairo_move_to (pen->cr, x, y);
  pango_cairo_show_layout (pen->cr, pen->layout);
}

/* A paragraph across the page, after @gap points. */
static void
paragraph (Pen        *pen,
           Style       style,
           const char *text,
           double      indent,
           double      gap)
{
  double h = set_text (pen, style, text, pen->width - 2 * MARGIN - indent);

  if (style <= SUBHEADING)
    ensure (pen, h + gap + 60);   /* a heading keeps some of what follows with it */
  ensure (pen, h + gap);
  pen->y += gap;
  show_at (pen, MARGIN + indent, pen->y);
  pen->y += h;
}

/* One row of a table: @cells at the left edges @x (the last column runs to the margin).  A
 * heading row wraps its cells; the other rows cut a cell short rather than wrap it. */
static void
table_row (Pen                *pen,
           Style               style,
           const char * const *cells,
           const double       *x,
           guint               n)
{
  gboolean heading = style == SMALL_BOLD;
  double h = set_text (pen, style, "Ag", -1) + 2;

  for (guint i = 0; heading && i < n; i++)
    {
      double right = i + 1 < n ? MARGIN + x[i + 1] - 6 : pen->width - MARGIN;

      h = MAX (h, set_text (pen, style, cells[i], right - (MARGIN + x[i])) + 2);
    }
  ensure (pen, h);
  if (!heading)
    pango_layout_set_ellipsize (pen->layout, PANGO_ELLIPSIZE_END);
  for (guint i = 0; i < n; i++)
    {
      double right = i + 1 < n ? MARGIN + x[i + 1] - 6 : pen->width - MARGIN;

      set_text (pen, style, cells[i], right - (MARGIN + x[i]));
      show_at (pen, MARGIN + x[i], pen->y);
    }
  pango_layout_set_ellipsize (pen->layout, PANGO_ELLIPSIZE_NONE);
  pen->y += h;
  if (heading)
    {
      cairo_set_line_width (pen->cr, 0.5);
      cairo_set_dash (pen->cr, NULL, 0, 0);
      cairo_move_to (pen->cr, MARGIN, pen->y - 1);
      cairo_line_to (pen->cr, pen->width - MARGIN, pen->y - 1);
      cairo_stroke (pen->cr);
    }
}

/* ---- drawing a side in black and white ---- */

static void
side_dash (cairo_t *cr,
           guint    s)
{
  static const double dash[] = { 5, 3 };
  static const double dot[] = { 1.5, 2.5 };

  if (s == 0)
    cairo_set_dash (cr, NULL, 0, 0);
  else
    cairo_set_dash (cr, s == 1 ? dash : dot, 2, 0);
}

/* A marker for side @s: a filled circle, a hollow square, a hollow triangle. */
static void
side_marker (cairo_t *cr,
             guint    s,
             double   x,
             double   y,
             double   r)
{
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 0.8);
  cairo_new_sub_path (cr);
  if (s == 0)
    {
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  else
    {
      if (s == 1)
        cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
      else
        {
          cairo_move_to (cr, x, y - r);
          cairo_line_to (cr, x + r, y + r);
          cairo_line_to (cr, x - r, y + r);
          cairo_close_path (cr);
        }
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* A bar of side @s: black, hatched, or grey. */
static void
side_bar (cairo_t *cr,
          guint    s,
          double   x,
          double   y,
          double   w,
          double   h)
{
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_rectangle (cr, x, y, w, h);
  if (s == 0)
    cairo_fill (cr);
  else
    {
      cairo_set_line_width (cr, 0.8);
      cairo_set_source_rgb (cr, s == 1 ? 1 : 0.7, s == 1 ? 1 : 0.7, s == 1 ? 1 : 0.7);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_stroke_preserve (cr);
      if (s == 1)
        {
          cairo_clip (cr);
          cairo_set_line_width (cr, 0.6);
          for (double d = -h; d < w; d += 4)
            {
              cairo_move_to (cr, x + d, y + h);
              cairo_line_to (cr, x + d + h, y);
            }
          cairo_stroke (cr);
        }
      cairo_new_path (cr);
    }
  cairo_restore (cr);
}

static void
legend (Pen       *pen,
        AdjReport *self,
        gboolean   bars)
{
  double x = MARGIN;
  double h = set_text (pen, SMALL, "Ag", -1);

  ensure (pen, h + 4);
  for (guint s = 0; s < self->n_sides; s++)
    {
      int w, ignored;

      if (bars)
        side_bar (pen->cr, s, x, pen->y + 2, 14, h - 4);
      else
        {
          cairo_set_line_width (pen->cr, 1.5);
          side_dash (pen->cr, s);
          cairo_move_to (pen->cr, x, pen->y + h / 2);
          cairo_line_to (pen->cr, x + 18, pen->y + h / 2);
          cairo_stroke (pen->cr);
          side_dash (pen->cr, 0);
          side_marker (pen->cr, s, x + 9, pen->y + h / 2, 2.5);
        }
      set_text (pen, SMALL, adj_report_side_name (self, s), -1);
      show_at (pen, x + 22, pen->y);
      pango_layout_get_pixel_size (pen->layout, &w, &ignored);
      x += 22 + w + 18;
    }
  pen->y += h + 4;
}

typedef enum { COUNT, SIGNED, PERCENT } TickFormat;

static char *
tick_label (TickFormat format,
            double     v)
{
  switch (format)
    {
    case SIGNED:
      return g_strdup_printf ("%+.1f", v);
    case PERCENT:
      return g_strdup_printf ("%.0f%%", v);
    case COUNT:
    default:
      return g_strdup_printf ("%.0f", v);
    }
}

/* A frame with a label at each of @ticks values of @lo..@hi on the left; returns the plot's
 * box. */
static void
axes (Pen        *pen,
      double      lo,
      double      hi,
      guint       n_ticks,
      TickFormat  format,
      double     *left,
      double     *top,
      double     *w,
      double     *h)
{
  cairo_t *cr = pen->cr;

  *left = MARGIN + 34;
  *top = pen->y + 6;
  *w = pen->width - MARGIN - *left;
  *h = CHART_HEIGHT - 26;
  cairo_set_line_width (cr, 0.5);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i <= n_ticks; i++)
    {
      double v = lo + (hi - lo) * i / n_ticks;
      double y = *top + *h - *h * (v - lo) / (hi - lo);
      g_autofree char *label = tick_label (format, v);
      int tw, th;

      cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);
      cairo_move_to (cr, *left, y);
      cairo_line_to (cr, *left + *w, y);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      set_text (pen, SMALL, label, -1);
      pango_layout_get_pixel_size (pen->layout, &tw, &th);
      show_at (pen, *left - 4 - tw, y - th / 2.0);
    }
  cairo_rectangle (cr, *left, *top, *w, *h);
  cairo_stroke (cr);
}

static void
x_label (Pen        *pen,
         double      x,
         double      y,
         const char *text)
{
  int tw, th;

  set_text (pen, SMALL, text, -1);
  pango_layout_get_pixel_size (pen->layout, &tw, &th);
  show_at (pen, x - tw / 2.0, y + 2);
}

/* ---- the sections ---- */

static void
losses_chart (Pen       *pen,
              AdjReport *self)
{
  guint n_turns = (guint) self->last_turn;
  int most = 1;
  double left, top, w, h, slot;
  guint step;

  for (guint s = 0; s < self->n_sides; s++)
    for (int t = 1; t <= self->last_turn; t++)
      most = MAX (most, adj_report_get_figures_lost (self, s, t));
  most = (int) (ceil (most / 4.0) * 4);
  ensure (pen, CHART_HEIGHT + 20);
  legend (pen, self, TRUE);
  axes (pen, 0, most, 4, COUNT, &left, &top, &w, &h);
  slot = w / n_turns;
  step = MAX (1, n_turns / 20);
  for (guint t = 1; t <= n_turns; t++)
    {
      double bar = MIN (slot * 0.8 / self->n_sides, 24);
      double x0 = left + slot * (t - 1) + (slot - bar * self->n_sides) / 2;

      for (guint s = 0; s < self->n_sides; s++)
        {
          double v = adj_report_get_figures_lost (self, s, (int) t);
          double bh = h * v / most;

          if (v > 0)
            side_bar (pen->cr, s, x0 + bar * s, top + h - bh, bar, bh);
        }
      if ((t - 1) % step == 0)
        {
          g_autofree char *label = g_strdup_printf ("%u", t);

          x_label (pen, left + slot * (t - 0.5), top + h, label);
        }
    }
  pen->y = top + h + 14;
  paragraph (pen, SMALL, self->strength
                         ? _("Strength points lost in each turn (a unit destroyed counts the "
                             "strength points it still had).")
                         : _("Figures lost in each turn (a unit destroyed counts the figures it "
                             "still had)."), 0, 2);
}

static void
losses_table (Pen       *pen,
              AdjReport *self)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_autofree double *x = g_new0 (double, self->n_sides + 1);
  double col = (pen->width - 2 * MARGIN - 60) / MAX (self->n_sides, 1);

  for (guint s = 0; s <= self->n_sides; s++)
    x[s] = s == 0 ? 0 : 60 + col * (s - 1);
  g_ptr_array_add (cells, g_strdup (_("Turn")));
  for (guint s = 0; s < self->n_sides; s++)
    g_ptr_array_add (cells, g_strdup_printf (self->strength ? _("%s: strength points (units)")
                                             : _("%s: figures (units)"),
                                             adj_report_side_name (self, s)));
  pen->y += 6;
  table_row (pen, SMALL_BOLD, (const char * const *) cells->pdata, x, cells->len);
  for (int t = 1; t <= self->last_turn + 1; t++)
    {
      int turn = t <= self->last_turn ? t : 0;

      g_ptr_array_set_size (cells, 0);
      g_ptr_array_add (cells, turn == 0 ? g_strdup (_("All")) : g_strdup_printf ("%d", turn));
      for (guint s = 0; s < self->n_sides; s++)
        g_ptr_array_add (cells, g_strdup_printf ("%d (%d)",
                                                 adj_report_get_figures_lost (self, s, turn),
                                                 adj_report_get_units_lost (self, s, turn)));
      table_row (pen, turn == 0 ? SMALL_BOLD : SMALL, (const char * const *) cells->pdata, x,
                 cells->len);
    }
}

static void
luck_chart (Pen       *pen,
            AdjReport *self)
{
  guint n = self->rolls->len;
  double most = 1, left, top, w, h;

  for (guint i = 0; i < self->running->len; i++)
    most = MAX (most, fabs (g_array_index (self->running, double, i)));
  most = ceil (most);
  ensure (pen, CHART_HEIGHT + 20);
  legend (pen, self, FALSE);
  axes (pen, -most, most, 4, SIGNED, &left, &top, &w, &h);
  cairo_set_line_width (pen->cr, 0.8);
  cairo_move_to (pen->cr, left, top + h / 2);
  cairo_line_to (pen->cr, left + w, top + h / 2);
  cairo_stroke (pen->cr);
  for (guint s = 0; s < self->n_sides && n > 0; s++)
    {
      double last_x = left, last_y = top + h / 2;

      cairo_set_line_width (pen->cr, 1.6);
      side_dash (pen->cr, s);
      cairo_move_to (pen->cr, left, top + h / 2);
      for (guint i = 0; i < n; i++)
        {
          double v = g_array_index (self->running, double, i * self->n_sides + s);

          last_x = left + w * (i + 1) / n;
          last_y = top + h / 2 - (h / 2) * v / most;
          cairo_line_to (pen->cr, last_x, last_y);
        }
      cairo_stroke (pen->cr);
      side_dash (pen->cr, 0);
      side_marker (pen->cr, s, last_x, last_y, 3);
    }
  x_label (pen, left, top + h, "0");
  if (n > 0)
    {
      g_autofree char *label = g_strdup_printf ("%u", n);

      x_label (pen, left + w, top + h, label);
    }
  pen->y = top + h + 14;
  paragraph (pen, SMALL, _("Luck across the evening, roll by roll: each result good for a side "
                           "counts +1 for it, a bad one −1, less what the odds expected. Above "
                           "the line: luckier than the odds."), 0, 2);
}

static void
percentile_chart (Pen       *pen,
                  AdjReport *self)
{
  guint n = self->rolls->len;
  double left, top, w, h;
  double r = n > 400 ? 1.2 : n > 100 ? 2 : 3;

  ensure (pen, CHART_HEIGHT + 20);
  legend (pen, self, FALSE);
  axes (pen, 0, 100, 4, PERCENT, &left, &top, &w, &h);
  for (guint i = 0; i < n; i++)
    {
      const AdjReportRoll *roll = adj_report_get_roll (self, i);
      int s = adj_report_side_index (self, roll->side);

      if (!roll->has_percentile || s < 0)
        continue;
      side_marker (pen->cr, (guint) s, left + w * (i + 0.5) / n, top + h - h * roll->percentile,
                   r);
    }
  pen->y = top + h + 14;
  /* xgettext:no-c-format */
  paragraph (pen, SMALL, _("Each roll's percentile for the side that rolled: 50% is an ordinary "
                           "result, 90% one better than nine in ten, 10% one worse."), 0, 2);
}

/* The numbers behind the luck charts, turn by turn. */
static void
luck_table (Pen       *pen,
            AdjReport *self)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  guint n_cols = 2 + 2 * self->n_sides;
  g_autofree double *x = g_new0 (double, n_cols);
  double col = (pen->width - 2 * MARGIN - 80) / (2 * MAX (self->n_sides, 1));
  guint i = 0;

  x[0] = 0;
  x[1] = 40;
  for (guint c = 2; c < n_cols; c++)
    x[c] = 80 + col * (c - 2);
  g_ptr_array_add (cells, g_strdup (_("Turn")));
  g_ptr_array_add (cells, g_strdup (_("Rolls")));
  for (guint s = 0; s < self->n_sides; s++)
    g_ptr_array_add (cells, g_strdup_printf (_("%s luck"), adj_report_side_name (self, s)));
  for (guint s = 0; s < self->n_sides; s++)
    /* TRANSLATORS: a column: the mean percentile of a side's rolls in a turn */
    g_ptr_array_add (cells, g_strdup_printf (_("%s percentile"), adj_report_side_name (self, s)));
  pen->y += 6;
  table_row (pen, SMALL_BOLD, (const char * const *) cells->pdata, x, cells->len);
  for (int t = 1; t <= self->last_turn; t++)
    {
      guint rolls = 0, last = 0;
      g_autofree double *sum = g_new0 (double, self->n_sides);
      g_autofree guint *count = g_new0 (guint, self->n_sides);

      for (; i < self->rolls->len && adj_report_get_roll (self, i)->turn <= t; i++)
        {
          const AdjReportRoll *roll = adj_report_get_roll (self, i);
          int s = adj_report_side_index (self, roll->side);

          rolls++;
          last = i + 1;
          if (s >= 0 && roll->has_percentile)
            {
              sum[s] += roll->percentile;
              count[s]++;
            }
        }
      if (rolls == 0)
        continue;
      g_ptr_array_set_size (cells, 0);
      g_ptr_array_add (cells, g_strdup_printf ("%d", t));
      g_ptr_array_add (cells, g_strdup_printf ("%u", rolls));
      for (guint s = 0; s < self->n_sides; s++)
        {
          double luck = g_array_index (self->running, double, (last - 1) * self->n_sides + s);

          g_ptr_array_add (cells, g_strdup_printf ("%+.2f", adj_report_printed (luck)));
        }
      for (guint s = 0; s < self->n_sides; s++)
        g_ptr_array_add (cells, count[s] > 0 ? g_strdup_printf ("%.0f%%", 100 * sum[s] / count[s])
                                             : g_strdup ("–"));
      table_row (pen, SMALL, (const char * const *) cells->pdata, x, cells->len);
    }
}

/* Every roll, for the numbers behind both luck charts. */
static void
rolls_table (Pen       *pen,
             AdjReport *self)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  guint n_cols = 5 + self->n_sides;
  g_autofree double *x = g_new0 (double, n_cols);
  /* The chance is an exact fraction, which may be long: "816293341/816293376". */
  double col = (pen->width - 2 * MARGIN - 330) / MAX (self->n_sides, 1);

  x[0] = 0;
  x[1] = 30;
  x[2] = 62;
  x[3] = 170;
  x[4] = 270;
  for (guint c = 5; c < n_cols; c++)
    x[c] = 330 + col * (c - 5);
  g_ptr_array_add (cells, g_strdup ("#"));
  g_ptr_array_add (cells, g_strdup (_("Turn")));
  g_ptr_array_add (cells, g_strdup (_("Side")));
  g_ptr_array_add (cells, g_strdup (_("Chance")));
  g_ptr_array_add (cells, g_strdup (_("Percentile")));
  for (guint s = 0; s < self->n_sides; s++)
    g_ptr_array_add (cells, g_strdup_printf (_("%s luck"), adj_report_side_name (self, s)));
  pen->y += 6;
  table_row (pen, SMALL_BOLD, (const char * const *) cells->pdata, x, cells->len);
  for (guint i = 0; i < self->rolls->len; i++)
    {
      const AdjReportRoll *roll = adj_report_get_roll (self, i);
      int side = adj_report_side_index (self, roll->side);

      g_ptr_array_set_size (cells, 0);
      g_ptr_array_add (cells, g_strdup_printf ("%u", i + 1));
      g_ptr_array_add (cells, g_strdup_printf ("%d", roll->turn));
      g_ptr_array_add (cells, g_strdup (side >= 0 ? adj_report_side_name (self, (guint) side)
                                                  : "–"));
      g_ptr_array_add (cells, g_strdup (roll->fraction));
      g_ptr_array_add (cells, roll->has_percentile
                              ? g_strdup_printf ("%.0f%%", roll->percentile * 100)
                              : g_strdup ("–"));
      for (guint s = 0; s < self->n_sides; s++)
        {
          double luck = g_array_index (self->running, double, i * self->n_sides + s);

          g_ptr_array_add (cells, g_strdup_printf ("%+.2f", adj_report_printed (luck)));
        }
      table_row (pen, SMALL, (const char * const *) cells->pdata, x, cells->len);
    }
}

static void
draw (Pen       *pen,
      AdjReport *self)
{
  AdjJournal *journal = adj_battle_get_journal (self->battle);
  g_autofree char *subtitle = NULL;
  g_autofree char *result = adj_report_describe_result (self);
  g_autoptr(GArray) rare = adj_report_least_likely (self, 5);
  int last_turn = -1;

  pen->y = MARGIN;
  paragraph (pen, TITLE, adj_battle_get_name (self->battle), 0, 0);
  subtitle = g_strdup_printf (_("%s · turn %d · after-action report"),
                              adj_ruleset_get_name (adj_battle_get_ruleset (self->battle)),
                              adj_battle_get_turn (self->battle));
  paragraph (pen, BODY, subtitle, 0, 2);
  for (guint s = 0; s < self->n_sides; s++)
    {
      g_autofree char *luck = NULL;

      luck = g_strdup_printf (self->strength
                              /* TRANSLATORS: a side in the report's header, with its losses and
                               * luck, e.g. "Boers: strength points lost 4, units lost 1 · luck
                               * +1.25" */
                              ? _("%s: strength points lost %d, units lost %d · luck %+.2f")
                              /* TRANSLATORS: a side in the report's header, with its losses and
                               * luck, e.g. "British: figures lost 12, units lost 3 · luck
                               * +1.25" */
                              : _("%s: figures lost %d, units lost %d · luck %+.2f"),
                              adj_report_side_name (self, s),
                              adj_report_get_figures_lost (self, s, 0),
                              adj_report_get_units_lost (self, s, 0),
                              adj_report_printed (adj_report_get_luck (self, s)));
      paragraph (pen, BODY, luck, 12, 2);
    }
  paragraph (pen, HEADING, _("Result"), 0, 10);
  paragraph (pen, BODY, result, 0, 4);

  ensure (pen, CHART_HEIGHT + 60);
  paragraph (pen, HEADING, _("Losses turn by turn"), 0, 14);
  losses_chart (pen, self);
  losses_table (pen, self);

  ensure (pen, CHART_HEIGHT + 90);
  paragraph (pen, HEADING, _("Luck"), 0, 14);
  paragraph (pen, SUBHEADING, _("Luck so far"), 0, 4);
  luck_chart (pen, self);
  ensure (pen, CHART_HEIGHT + 56);
  paragraph (pen, SUBHEADING, _("How each roll went"), 0, 10);
  percentile_chart (pen, self);
  if (self->n_unknown > 0)
    {
      g_autofree char *note = g_strdup_printf (ngettext ("%u roll of an older file has no known "
                                                         "odds and is left out.",
                                                         "%u rolls of an older file have no "
                                                         "known odds and are left out.",
                                                         self->n_unknown), self->n_unknown);

      paragraph (pen, SMALL, note, 0, 2);
    }
  luck_table (pen, self);

  paragraph (pen, HEADING, _("The least likely results"), 0, 14);
  for (guint i = 0; i < rare->len; i++)
    {
      const AdjReportRoll *roll = adj_report_get_roll (self, g_array_index (rare, guint, i));
      g_autofree char *line = g_strdup_printf (_("%u. Turn %d: %s — a %.1f%% chance (%s)\n"),
                                               i + 1, roll->turn, roll->summary, roll->p * 100,
                                               roll->fraction);

      g_strchomp (line);
      paragraph (pen, BODY, line, 0, 3);
    }

  paragraph (pen, HEADING, _("The fate of every unit"), 0, 14);
  {
    static const double x[] = { 0, 210, 375 };
    const char *head[] = { _("Unit"), _("Side"), _("Fate") };

    pen->y += 4;
    table_row (pen, SMALL_BOLD, head, x, 3);
    for (guint i = 0; i < self->fates->len; i++)
      {
        const AdjReportFate *fate = &g_array_index (self->fates, AdjReportFate, i);
        g_autofree char *what = adj_report_describe_fate (fate);
        const char *row[] = { fate->name, adj_report_side_name (self, fate->side), what };

        table_row (pen, SMALL, row, x, 3);
      }
  }

  paragraph (pen, HEADING, _("Every roll"), 0, 14);
  rolls_table (pen, self);

  paragraph (pen, HEADING, _("The story"), 0, 14);
  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      g_autofree char *line = adj_battle_story_line (self->battle, entry, FALSE);

      if (entry->turn != last_turn)
        {
          g_autofree char *turn = g_strdup_printf (_("Turn %d"), entry->turn);

          last_turn = entry->turn;
          paragraph (pen, SUBHEADING, turn, 0, 6);
        }
      paragraph (pen, SMALL, line, 8, 1);
    }
}

gboolean
adj_report_write_pdf (AdjReport   *self,
                      const char  *path,
                      AdjPaper     paper,
                      guint       *n_pages,
                      GError     **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autofree char *title = NULL;
  cairo_surface_t *surface;
  PangoContext *context;
  Pen pen = { 0 };

  g_return_val_if_fail (ADJ_IS_REPORT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  adj_paper_get_size (paper, &pen.width, &pen.height);
  /* TRANSLATORS: the title of the report's PDF, e.g. "Isandlwana — after-action report" */
  title = g_strdup_printf (_("%s — after-action report"), adj_battle_get_name (self->battle));
  surface = adj_pdf_surface_new (bytes, paper, title);
  pen.cr = cairo_create (surface);
  /* Sizes in points, as the roster's: the same text on every machine and every target. */
  context = pango_cairo_create_context (pen.cr);
  pango_cairo_context_set_resolution (context, 72.0);
  pen.layout = pango_layout_new (context);
  pango_layout_set_wrap (pen.layout, PANGO_WRAP_WORD_CHAR);
  for (guint i = 0; i < N_STYLES; i++)
    {
      pen.fonts[i] = pango_font_description_new ();
      pango_font_description_set_family_static (pen.fonts[i], "DejaVu Sans, Sans");
      pango_font_description_set_size (pen.fonts[i], (int) (styles[i].size * PANGO_SCALE));
      pango_font_description_set_weight (pen.fonts[i], styles[i].weight);
    }
  cairo_set_source_rgb (pen.cr, 0, 0, 0);
  draw (&pen, self);
  cairo_show_page (pen.cr);
  pen.pages++;

  for (guint i = 0; i < N_STYLES; i++)
    pango_font_description_free (pen.fonts[i]);
  g_object_unref (pen.layout);
  g_object_unref (context);
  if (!adj_pdf_surface_write (surface, pen.cr, bytes, path, error))
    return FALSE;
  if (n_pages != NULL)
    *n_pages = pen.pages;
  return TRUE;
}
