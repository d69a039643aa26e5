/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-track-bar.c: a track of numbered boxes, as the Redvers' Reverse dashboard draws the Game
 * Turn, Confidence and Loss tracks: the marker's box filled in the accent colour, a second marker
 * as a thick frame, and a run of boxes shaded.  It reads as a meter to assistive technologies. */

#define G_LOG_DOMAIN "adj-rr-dashboard"

#include "config.h"

#include "adj-rr-track-bar.h"

struct _AdjRrTrackBar {
  GtkWidget parent_instance;
  int       first;
  int       last;
  int       value;       /* the marker: the box filled */
  int       ring;        /* a second marker drawn as a thick frame (0: none) */
  int       zone_from;   /* boxes tinted from zone_from to zone_to (0: none) */
  int       zone_to;
};

G_DEFINE_FINAL_TYPE (AdjRrTrackBar, adj_rr_track_bar, GTK_TYPE_WIDGET)

#define TRACK_GAP 3

static void
adj_rr_track_bar_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  AdjRrTrackBar *self = ADJ_RR_TRACK_BAR (widget);
  int n = MAX (1, self->last - self->first + 1);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = n * 12 + (n - 1) * TRACK_GAP;
      *natural = n * 36 + (n - 1) * TRACK_GAP;
    }
  else
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (widget, "20");
      int height = 0;

      pango_layout_get_pixel_size (layout, NULL, &height);
      g_object_unref (layout);
      *minimum = *natural = MAX (30, height + 16);
    }
}

static void
append_number (GtkWidget     *widget,
               GtkSnapshot   *snapshot,
               int            number,
               gboolean       bold,
               double         scale,
               const GdkRGBA *color,
               double         x,
               double         width,
               double         height)
{
  g_autofree char *text = g_strdup_printf ("%d", number);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();
  int w = 0, h = 0;

  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  if (scale < 1)
    pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_HEAVY));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) (x + (width - w) / 2),
                                                          (float) ((height - h) / 2)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

/* The boxes in the style's own colours: the text colour for frames and numbers (so dark style
 * and high contrast follow), the accent colours for the marker. */
static void
adj_rr_track_bar_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  AdjRrTrackBar *self = ADJ_RR_TRACK_BAR (widget);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  int n = MAX (1, self->last - self->first + 1);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double box = (width - (n - 1) * TRACK_GAP) / n;
  GdkRGBA fg, accent_bg, accent_fg, frame, tint, dim;
  gboolean all_numbers;
  double scale = 1;

  if (box <= 2 || height <= 2)
    return;
  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_bg_color", &accent_bg))
    accent_bg = fg;
  if (!gtk_style_context_lookup_color (context, "accent_fg_color", &accent_fg))
    accent_fg = (GdkRGBA) { 1, 1, 1, 1 };
  frame = fg;
  frame.alpha *= 0.45f;
  tint = fg;
  tint.alpha *= 0.12f;
  dim = fg;
  dim.alpha *= 0.8f;

  /* Numbers shrink a little to fit narrow boxes; narrower still, only every fifth box, the
   * ends and the markers are numbered. */
  {
    PangoLayout *layout = gtk_widget_create_pango_layout (widget, "20");
    int w = 0;

    pango_layout_get_pixel_size (layout, &w, NULL);
    g_object_unref (layout);
    if (w > 0 && w + 4 > box)
      scale = MAX (0.7, (box - 4) / w);
    all_numbers = w * scale + 4 <= box;
  }

  for (int i = 0; i < n; i++)
    {
      int number = self->first + i;
      double x = i * (box + TRACK_GAP);
      graphene_rect_t rect = GRAPHENE_RECT_INIT ((float) x, 0, (float) box, (float) height);
      GskRoundedRect rounded;
      gboolean marker = number == self->value;
      gboolean ring = number == self->ring;
      float widths[4];
      GdkRGBA colors[4];

      gsk_rounded_rect_init_from_rect (&rounded, &rect, MIN (6.f, (float) box / 4));
      gtk_snapshot_push_rounded_clip (snapshot, &rounded);
      if (marker)
        gtk_snapshot_append_color (snapshot, &accent_bg, &rect);
      else if (self->zone_from > 0 && number >= self->zone_from && number <= self->zone_to)
        gtk_snapshot_append_color (snapshot, &tint, &rect);
      gtk_snapshot_pop (snapshot);

      for (int k = 0; k < 4; k++)
        {
          widths[k] = ring ? 3.f : 1.f;
          colors[k] = ring ? fg : frame;
        }
      gtk_snapshot_append_border (snapshot, &rounded, widths, colors);

      if (marker || ring || all_numbers || number == self->first || number == self->last ||
          number % 5 == 0)
        append_number (widget, snapshot, number, marker || ring, scale,
                       marker ? &accent_fg : &dim, x, box, height);
    }
}

static void
adj_rr_track_bar_class_init (AdjRrTrackBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = adj_rr_track_bar_measure;
  widget_class->snapshot = adj_rr_track_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "rr-track");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
adj_rr_track_bar_init (AdjRrTrackBar *self)
{
  self->first = 1;
  self->last = 20;
  self->value = 1;
}

/* ---- public ---- */

GtkWidget *
adj_rr_track_bar_new (void)
{
  return g_object_new (ADJ_TYPE_RR_TRACK_BAR, NULL);
}

void
adj_rr_track_bar_set (AdjRrTrackBar *self,
                      int            value,
                      int            ring,
                      int            zone_from,
                      int            zone_to,
                      const char    *spoken)
{
  g_return_if_fail (ADJ_IS_RR_TRACK_BAR (self));

  if (self->value == value && self->ring == ring && self->zone_from == zone_from &&
      self->zone_to == zone_to)
    return;
  self->value = value;
  self->ring = ring;
  self->zone_from = zone_from;
  self->zone_to = zone_to;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, (double) self->first,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) self->last,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) value,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, spoken,
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
adj_rr_track_bar_get_value (AdjRrTrackBar *self)
{
  g_return_val_if_fail (ADJ_IS_RR_TRACK_BAR (self), 0);
  return self->value;
}
