/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-dice-view.c: one die drawn with cairo.
 *
 * A D6 is a rounded square with its pips; any other die is its outline (a triangle for a D4, a
 * diamond for a D8, a kite for a D10, a pentagon for a D12, a hexagon otherwise) with the
 * number inside.  Dice are white with near-black ink whatever the style, as real ones are:
 * #241f31 on #ffffff is 16.3:1.  The size comes from the style sheet (min-width, min-height of
 * "dieview"); the accessible name reads the die out ("D6: 4").
 */

#define G_LOG_DOMAIN "adj-dice-view"

#include "config.h"

#include <math.h>

#include "adj-dice-view.h"
#include "adj-i18n.h"

struct _AdjDiceView {
  GtkWidget parent_instance;
  guint     sides;
  int       value;
};

G_DEFINE_FINAL_TYPE (AdjDiceView, adj_dice_view, GTK_TYPE_WIDGET)

static const double face[] = { 1.0, 1.0, 1.0 };
static const double ink[] = { 0x24 / 255.0, 0x1f / 255.0, 0x31 / 255.0 };

static void
rounded_square (cairo_t *cr,
                double   x,
                double   y,
                double   side,
                double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + side - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + side - r, y + side - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + side - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Which of the nine places of a 3×3 grid hold a pip, for 1 to 6. */
static gboolean
has_pip (int value,
         int place)
{
  static const char *const faces[] = {
    "....o....", "o.......o", "o...o...o", "o.o...o.o", "o.o.o.o.o", "o.oo.oo.o",
  };

  return value >= 1 && value <= 6 && faces[value - 1][place] == 'o';
}

static void
draw_pips (cairo_t *cr,
           double   x,
           double   y,
           double   side,
           int      value)
{
  double step = side / 4.0;
  double r = side * 0.09;

  for (int place = 0; place < 9; place++)
    {
      if (!has_pip (value, place))
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + step * (1 + place % 3), y + step * (1 + place / 3), r, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

/* The outline of a die other than a D6, inside a square of @side at @x, @y. */
static void
outline (cairo_t *cr,
         guint    sides,
         double   x,
         double   y,
         double   side)
{
  double cx = x + side / 2, cy = y + side / 2, r = side / 2 - 1;
  guint corners = sides == 4 ? 3 : sides == 8 ? 4 : sides == 12 ? 5 : 6;

  if (sides == 10)
    {
      /* A kite: the long point down, as a D10 stands. */
      cairo_move_to (cr, cx, y + 1);
      cairo_line_to (cr, x + side - 1, cy - side * 0.08);
      cairo_line_to (cr, cx, y + side - 1);
      cairo_line_to (cr, x + 1, cy - side * 0.08);
      cairo_close_path (cr);
      return;
    }
  if (corners == 3)
    {
      /* Sit the triangle on its base, centred in the square's height. */
      cy += r * 0.2;
      r *= 1.1;
    }
  for (guint i = 0; i < corners; i++)
    {
      double a = -G_PI / 2 + i * 2 * G_PI / corners;

      if (i == 0)
        cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
      else
        cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
    }
  cairo_close_path (cr);
}

static void
draw_number (GtkWidget *widget,
             cairo_t   *cr,
             double     cx,
             double     cy,
             double     side,
             guint      sides,
             int        value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  /* Two digits and the narrow top of a triangle take a smaller size. */
  double size = side * (sides == 4 ? 0.3 : value >= 10 ? 0.34 : 0.42);
  int w, h;

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (sides == 4)
    cy += side * 0.12;
  cairo_move_to (cr, cx - w / 2.0, cy - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
adj_dice_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  AdjDiceView *self = ADJ_DICE_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double side = MIN (width, height) - 2;
  double x = (width - side) / 2, y = (height - side) / 2;
  cairo_t *cr;

  if (side <= 4)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->sides == 6)
    rounded_square (cr, x, y, side, side * 0.16);
  else
    outline (cr, self->sides, x, y, side);
  cairo_set_source_rgb (cr, face[0], face[1], face[2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, ink[0], ink[1], ink[2], 0.7);
  cairo_set_line_width (cr, MAX (1.5, side / 28));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);
  if (self->sides == 6 && self->value >= 1 && self->value <= 6)
    draw_pips (cr, x, y, side, self->value);
  else
    draw_number (widget, cr, x + side / 2, y + side / 2, side, self->sides, self->value);
  cairo_destroy (cr);
}

static void
adj_dice_view_class_init (AdjDiceViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = adj_dice_view_snapshot;
  gtk_widget_class_set_css_name (widget_class, "dieview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
adj_dice_view_init (AdjDiceView *self)
{
}

GtkWidget *
adj_dice_view_new (guint sides,
                   int   value)
{
  AdjDiceView *self = g_object_new (ADJ_TYPE_DICE_VIEW, NULL);
  /* TRANSLATORS: a die read out, its sides and the number it shows: "D6: 4" */
  g_autofree char *name = g_strdup_printf (_("D%u: %d"), sides, value);

  self->sides = sides;
  self->value = value;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), name);
  return GTK_WIDGET (self);
}

guint
adj_dice_view_get_sides (AdjDiceView *self)
{
  g_return_val_if_fail (ADJ_IS_DICE_VIEW (self), 0);
  return self->sides;
}

int
adj_dice_view_get_value (AdjDiceView *self)
{
  g_return_val_if_fail (ADJ_IS_DICE_VIEW (self), 0);
  return self->value;
}
