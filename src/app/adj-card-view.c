/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-card-view.c: a playing card drawn with cairo.
 *
 * Rank and suit sit in two corners, a large suit in the middle, red for hearts and diamonds;
 * the accessible name reads the card out ("Queen of Hearts").
 */

#define G_LOG_DOMAIN "adj-card-view"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-card-view.h"

struct _AdjCardView {
  GtkWidget  parent_instance;
  GtkWidget *area;
  int        card;
};

G_DEFINE_FINAL_TYPE (AdjCardView, adj_card_view, GTK_TYPE_WIDGET)

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
show_text (GtkWidget  *widget,
           cairo_t    *cr,
           const char *text,
           const char *font,
           double      cx,
           double      cy,
           gboolean    centre)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int w, h;

  pango_layout_set_font_description (layout, desc);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (centre)
    cairo_move_to (cr, cx - w / 2.0, cy - h / 2.0);
  else
    cairo_move_to (cr, cx, cy);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

static void
draw_card (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  AdjCardView *self = user_data;
  double r = width * 0.08;
  double scale = height / 120.0;
  g_autofree char *corner = NULL;
  g_autofree char *corner_font = g_strdup_printf ("Sans Bold %d", (int) (13 * scale));
  g_autofree char *pip_font = g_strdup_printf ("Sans %d", (int) (34 * scale));
  const char *const ranks[] = { "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                "K" };

  rounded_rect (cr, 1, 1, width - 2, height - 2, r);
  if (self->card < 0)
    {
      /* The back: a simple blue lattice. */
      cairo_set_source_rgb (cr, 0.11, 0.44, 0.85);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
      cairo_save (cr);
      rounded_rect (cr, 6, 6, width - 12, height - 12, r * 0.6);
      cairo_clip (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
      cairo_set_line_width (cr, 1.5);
      for (double d = -height; d < width + height; d += 9 * scale)
        {
          cairo_move_to (cr, d, 0);
          cairo_line_to (cr, d + height, height);
          cairo_move_to (cr, d + height, 0);
          cairo_line_to (cr, d, height);
        }
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  if (adj_card_is_red ((AdjCard) self->card))
    cairo_set_source_rgb (cr, 0.78, 0.1, 0.12);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);

  corner = g_strdup_printf ("%s\n%s", ranks[adj_card_rank ((AdjCard) self->card)],
                            adj_suit_symbol (adj_card_suit ((AdjCard) self->card)));
  show_text (GTK_WIDGET (self), cr, corner, corner_font, 6 * scale, 4 * scale, FALSE);
  cairo_save (cr);
  cairo_translate (cr, width, height);
  cairo_rotate (cr, G_PI);
  show_text (GTK_WIDGET (self), cr, corner, corner_font, 6 * scale, 4 * scale, FALSE);
  cairo_restore (cr);

  if (adj_card_is_face ((AdjCard) self->card))
    {
      g_autofree char *face = g_strdup_printf ("%s%s", ranks[adj_card_rank ((AdjCard) self->card)],
                                               adj_suit_symbol (adj_card_suit ((AdjCard) self->card)));
      show_text (GTK_WIDGET (self), cr, face, pip_font, width / 2.0, height / 2.0, TRUE);
    }
  else
    show_text (GTK_WIDGET (self), cr, adj_suit_symbol (adj_card_suit ((AdjCard) self->card)),
               pip_font, width / 2.0, height / 2.0, TRUE);
}

static void
adj_card_view_dispose (GObject *object)
{
  AdjCardView *self = ADJ_CARD_VIEW (object);

  g_clear_pointer (&self->area, gtk_widget_unparent);
  G_OBJECT_CLASS (adj_card_view_parent_class)->dispose (object);
}

static void
adj_card_view_class_init (AdjCardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_card_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
adj_card_view_init (AdjCardView *self)
{
  self->area = gtk_drawing_area_new ();
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw_card, self, NULL);
  gtk_widget_set_parent (self->area, GTK_WIDGET (self));
}

GtkWidget *
adj_card_view_new (int card,
                   int height)
{
  AdjCardView *self = g_object_new (ADJ_TYPE_CARD_VIEW, NULL);
  g_autofree char *name = NULL;

  self->card = card;
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->area), height);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->area), height * 5 / 7);
  name = card >= 0 ? adj_card_describe ((AdjCard) card) : g_strdup (_("The back of a card"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), name);
  return GTK_WIDGET (self);
}

int
adj_card_view_get_card (AdjCardView *self)
{
  g_return_val_if_fail (ADJ_IS_CARD_VIEW (self), -1);
  return self->card;
}
