/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-odds-bar.c: the odds of every outcome as one labelled bar, with a legend.
 *
 * The bar is drawn with GtkSnapshot; each outcome keeps its colour in the legend below, which
 * also gives the exact percentage and fraction.  Outcomes that cannot happen stay in the legend
 * at 0 %, so the player sees what is impossible as well.  A legend of many outcomes (the total
 * of eight dice) scrolls within a few rows' height rather than pushing Roll off the screen.
 */

#define G_LOG_DOMAIN "adj-odds-bar"

#include "config.h"

#include <math.h>

#include "adj-i18n.h"
#include "adj-odds-bar.h"

typedef struct {
  char   *label;
  double  p;
  char   *exact;
} Segment;

struct _AdjOddsBar {
  GtkWidget  parent_instance;
  GtkWidget *bar;
  GtkWidget *legend;
  GtkWidget *legend_scroller;
  GArray    *segments;
};

G_DEFINE_FINAL_TYPE (AdjOddsBar, adj_odds_bar, GTK_TYPE_WIDGET)

/* Colours from the GNOME palette that read on light and dark backgrounds alike.  The percentage
 * inside a segment is black or white, whichever stands out more (text_on()): for any colour one
 * of them reaches 4.58:1 at least.  On these: #3584e4 black 5.57, #e66100 black 6.07, #2ec27e
 * black 9.13, #c01c28 white 6.11, #9141ac white 5.91, #e5a50a black 9.72, #1c71d8 white 4.77,
 * #986a44 white 4.69, #26a269 black 6.45, #a51d2d white 7.46, #613583 white 8.95, #c64600
 * white 4.91. */
static const char *const palette[] = {
  "#3584e4", "#e66100", "#2ec27e", "#c01c28", "#9141ac", "#e5a50a", "#1c71d8", "#986a44",
  "#26a269", "#a51d2d", "#613583", "#c64600",
};

static void
color_for (guint    index,
           guint    n,
           GdkRGBA *rgba)
{
  /* Many numeric outcomes (a total of dice): shades of one colour, low to high. */
  if (n > G_N_ELEMENTS (palette))
    {
      double t = n > 1 ? (double) index / (n - 1) : 0;
      rgba->red = 0.11 + 0.10 * t;
      rgba->green = 0.44 + 0.30 * t;
      rgba->blue = 0.85 - 0.35 * t;
      rgba->alpha = 1.0;
      return;
    }
  gdk_rgba_parse (rgba, palette[index % G_N_ELEMENTS (palette)]);
}

static double
channel_luminance (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* Black or white text on @bg, whichever has the higher contrast ratio (WCAG's relative
 * luminance: the two are equal at 0.179, where both are 4.58:1). */
static void
text_on (const GdkRGBA *bg,
         GdkRGBA       *text)
{
  double l = 0.2126 * channel_luminance (bg->red) + 0.7152 * channel_luminance (bg->green) +
             0.0722 * channel_luminance (bg->blue);
  double v = l > 0.179 ? 0.0 : 1.0;

  *text = (GdkRGBA) { v, v, v, 1.0 };
}

static void
segment_clear (Segment *s)
{
  g_free (s->label);
  g_free (s->exact);
}

static void
draw_bar (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  AdjOddsBar *self = user_data;
  double x = 0;
  const double radius = 6;

  if (self->segments->len == 0)
    return;

  /* Rounded ends for the whole bar. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, width - radius, radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, width - radius, height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, radius, height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, radius, radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_clip (cr);

  for (guint i = 0; i < self->segments->len; i++)
    {
      Segment *s = &g_array_index (self->segments, Segment, i);
      double w = s->p * width;
      GdkRGBA rgba;

      if (w <= 0)
        continue;
      color_for (i, self->segments->len, &rgba);
      gdk_cairo_set_source_rgba (cr, &rgba);
      cairo_rectangle (cr, x, 0, w + 0.5, height);
      cairo_fill (cr);

      /* The percentage inside the segment when it fits. */
      if (w > 46)
        {
          g_autofree char *text = g_strdup_printf ("%.0f%%", s->p * 100);
          PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), text);
          PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 11");
          GdkRGBA ink;
          int tw, th;

          pango_layout_set_font_description (layout, font);
          pango_layout_get_pixel_size (layout, &tw, &th);
          text_on (&rgba, &ink);
          gdk_cairo_set_source_rgba (cr, &ink);
          cairo_move_to (cr, x + (w - tw) / 2, (height - th) / 2.0);
          pango_cairo_show_layout (cr, layout);
          pango_font_description_free (font);
          g_object_unref (layout);
        }
      x += w;
    }
}

static void
draw_dot (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "index"));
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "count"));
  GdkRGBA rgba;

  color_for (index, n, &rgba);
  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
rebuild_legend (AdjOddsBar *self)
{
  GtkWidget *child;
  guint n = self->segments->len;
  /* Dozens of numeric outcomes: list only those that can happen. */
  gboolean skip_impossible = n > 12;

  while ((child = gtk_widget_get_first_child (self->legend)) != NULL)
    gtk_grid_remove (GTK_GRID (self->legend), child);

  for (guint i = 0, row = 0; i < n; i++)
    {
      Segment *s = &g_array_index (self->segments, Segment, i);
      GtkWidget *dot, *label, *pct, *exact;
      g_autofree char *pct_text = NULL;

      if (skip_impossible && s->p == 0)
        continue;
      dot = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (dot), 12);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (dot), 12);
      gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (dot), "index", GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (dot), "count", GUINT_TO_POINTER (n));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (dot), draw_dot, NULL, NULL);

      label = gtk_label_new (s->label);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      if (s->p == 0)
        gtk_widget_add_css_class (label, "dim-label");

      pct_text = s->p > 0 && s->p < 0.001 ? g_strdup ("<0.1%") : g_strdup_printf ("%.1f%%",
                                                                                    s->p * 100);
      pct = gtk_label_new (pct_text);
      gtk_label_set_xalign (GTK_LABEL (pct), 1);
      gtk_widget_add_css_class (pct, "numeric");
      gtk_widget_add_css_class (pct, "odds-percent");

      exact = gtk_label_new (s->exact != NULL ? s->exact : "");
      gtk_label_set_xalign (GTK_LABEL (exact), 1);
      gtk_widget_add_css_class (exact, "dim-label");
      gtk_widget_add_css_class (exact, "numeric");
      gtk_widget_add_css_class (exact, "caption");

      gtk_grid_attach (GTK_GRID (self->legend), dot, 0, (int) row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->legend), label, 1, (int) row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->legend), pct, 2, (int) row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->legend), exact, 3, (int) row, 1, 1);
      row++;
    }
}

static void
adj_odds_bar_dispose (GObject *object)
{
  AdjOddsBar *self = ADJ_ODDS_BAR (object);

  g_clear_pointer (&self->bar, gtk_widget_unparent);
  g_clear_pointer (&self->legend_scroller, gtk_widget_unparent);
  self->legend = NULL;
  G_OBJECT_CLASS (adj_odds_bar_parent_class)->dispose (object);
}

static void
adj_odds_bar_finalize (GObject *object)
{
  AdjOddsBar *self = ADJ_ODDS_BAR (object);

  g_array_unref (self->segments);
  G_OBJECT_CLASS (adj_odds_bar_parent_class)->finalize (object);
}

static void
adj_odds_bar_class_init (AdjOddsBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_odds_bar_dispose;
  object_class->finalize = adj_odds_bar_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "oddsbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
adj_odds_bar_init (AdjOddsBar *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 10);

  self->segments = g_array_new (FALSE, TRUE, sizeof (Segment));
  g_array_set_clear_func (self->segments, (GDestroyNotify) segment_clear);

  self->bar = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->bar), 30);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->bar), draw_bar, self, NULL);
  gtk_widget_set_hexpand (self->bar, TRUE);
  gtk_widget_set_parent (self->bar, GTK_WIDGET (self));

  self->legend = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->legend), 10);
  gtk_grid_set_row_spacing (GTK_GRID (self->legend), 4);
  self->legend_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->legend_scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->legend_scroller),
                                                    TRUE);
  /* About six rows of the legend. */
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->legend_scroller), 150);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->legend_scroller), self->legend);
  gtk_widget_set_parent (self->legend_scroller, GTK_WIDGET (self));
}

GtkWidget *
adj_odds_bar_new (void)
{
  return g_object_new (ADJ_TYPE_ODDS_BAR, NULL);
}

void
adj_odds_bar_set_odds (AdjOddsBar    *self,
                       const AdjOdds *odds)
{
  g_return_if_fail (ADJ_IS_ODDS_BAR (self));

  g_array_set_size (self->segments, 0);
  if (odds != NULL)
    {
      for (guint i = 0; i < odds->entries->len; i++)
        {
          const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
          Segment s;

          s.label = g_strdup (adj_gettext (e->label));
          s.p = e->p;
          /* A fraction worth reading: neither 0 nor 1, and not a wall of digits. */
          s.exact = mpq_sgn (e->exact) == 0 || mpz_cmp_ui (mpq_denref (e->exact), 1) == 0 ||
                    mpz_sizeinbase (mpq_denref (e->exact), 2) > 64
                    ? NULL : adj_odds_entry_fraction (e);
          g_array_append_val (self->segments, s);
        }
    }
  rebuild_legend (self);
  gtk_widget_queue_draw (self->bar);
  {
    g_autofree char *text = adj_odds_bar_describe (self);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text, -1);
  }
}

char *
adj_odds_bar_describe (AdjOddsBar *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (ADJ_IS_ODDS_BAR (self), NULL);

  for (guint i = 0; i < self->segments->len; i++)
    {
      Segment *s = &g_array_index (self->segments, Segment, i);
      g_string_append_printf (text, "%s%s: %.1f%%", i > 0 ? "\n" : "", s->label, s->p * 100);
    }
  return g_string_free (text, FALSE);
}

/* Whether the legend under the bar shows (the bar itself always does). */
void
adj_odds_bar_set_show_legend (AdjOddsBar *self,
                              gboolean    show)
{
  g_return_if_fail (ADJ_IS_ODDS_BAR (self));
  gtk_widget_set_visible (self->legend_scroller, show);
}
