/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster.c: unit rosters laid out with pango and drawn with cairo, for PDF or print.
 *
 * Building a roster gathers the texts once (sides, units, totals, the ruleset's
 * quick-reference tables).  Paginating turns each piece into a block — a small list of drawing
 * operations (texts, boxes, rules) measured for the page width — and places the blocks on
 * pages, never splitting one.  Rendering replays a page's blocks onto any cairo context.
 *
 * This file holds the object, the drawing operations every block is made of, the title, the
 * page layout and the public API; what the sheets say is gathered in adj-roster-units.c and
 * laid out in adj-roster-sheet.c, and the quick-reference tables are in
 * adj-roster-reference.c.
 */

#define G_LOG_DOMAIN "adj-roster"

#include "config.h"

#include <cairo-pdf.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-file.h"
#include "adj-i18n.h"
#include "adj-roster-private.h"
#include "adj-ruleset.h"
#include "adj-tables.h"
#include "adj-turn-state.h"

static const struct {
  double      size;
  PangoWeight weight;
  PangoStyle  slant;
} styles[N_STYLES] = {
  [STYLE_TITLE] = { 18.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [STYLE_SUBTITLE] = { 10.0, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL },
  [STYLE_SIDE] = { 14.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [STYLE_UNIT] = { 11.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [STYLE_BODY] = { 9.0, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL },
  [STYLE_HEAD] = { 8.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [STYLE_NOTE] = { 8.0, PANGO_WEIGHT_NORMAL, PANGO_STYLE_ITALIC },
  [STYLE_RUNNING] = { 8.0, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL },
  [STYLE_RUNNING_BOLD] = { 8.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [STYLE_TABLE_TITLE] = { 10.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [STYLE_TABLE] = { 8.5, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL },
  [STYLE_TABLE_HEAD] = { 8.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
};

G_DEFINE_FINAL_TYPE (AdjRoster, adj_roster, G_TYPE_OBJECT)

/* ---- measuring and recording ---- */

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_clear_object (&op->layout);
}

void
roster_block_free (Block *b)
{
  if (b == NULL)
    return;
  g_free (b->id);
  g_array_unref (b->ops);
  g_free (b);
}

PangoLayout *
roster_new_layout (AdjRoster      *self,
                   Style           style,
                   double          width,
                   PangoAlignment  align)
{
  PangoLayout *layout = pango_layout_new (self->pango);

  pango_layout_set_font_description (layout, self->fonts[style]);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_alignment (layout, align);
  return layout;
}

double
roster_layout_height (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

double
roster_layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) (logical.x + logical.width) / PANGO_SCALE;
}

double
roster_layout_baseline (PangoLayout *layout)
{
  return (double) pango_layout_get_baseline (layout) / PANGO_SCALE;
}

/* Record @layout (taking it) at (x, y); returns its height. */
double
roster_add_layout (Block       *b,
                   PangoLayout *layout,
                   double       x,
                   double       y)
{
  Op op = { .kind = OP_TEXT, .x = x, .y = y, .layout = layout };

  g_array_append_val (b->ops, op);
  return roster_layout_height (layout);
}

double
roster_add_text (AdjRoster      *self,
                 Block          *b,
                 Style           style,
                 const char     *text,
                 double          x,
                 double          y,
                 double          width,
                 PangoAlignment  align)
{
  PangoLayout *layout = roster_new_layout (self, style, width, align);

  pango_layout_set_text (layout, text, -1);
  return roster_add_layout (b, layout, x, y);
}

double
roster_add_markup (AdjRoster  *self,
                   Block      *b,
                   Style       style,
                   const char *markup,
                   double      x,
                   double      y,
                   double      width)
{
  PangoLayout *layout = roster_new_layout (self, style, width, PANGO_ALIGN_LEFT);

  pango_layout_set_markup (layout, markup, -1);
  return roster_add_layout (b, layout, x, y);
}

void
roster_add_box (Block        *b,
                double        x,
                double        y,
                double        size,
                AdjRosterBox  kind,
                gboolean      crossed)
{
  Op op = { .kind = OP_BOX, .x = x, .y = y, .x2 = size, .line_width = 0.8, .box_kind = kind,
            .crossed = crossed };

  g_array_append_val (b->ops, op);
}

void
roster_add_ring (Block        *b,
                 double        x,
                 double        y,
                 double        size,
                 AdjRosterBox  kind,
                 gboolean      filled)
{
  Op op = { .kind = OP_RING, .x = x, .y = y, .x2 = size, .line_width = 0.8, .box_kind = kind,
            .crossed = filled };

  g_array_append_val (b->ops, op);
}

void
roster_add_rect (Block        *b,
                 double        x,
                 double        y,
                 double        width,
                 double        height,
                 AdjRosterBox  kind)
{
  Op op = { .kind = OP_RECT, .x = x, .y = y, .x2 = width, .y2 = height, .line_width = 0.8,
            .box_kind = kind };

  g_array_append_val (b->ops, op);
}

void
roster_add_line (Block  *b,
                 double  x1,
                 double  y1,
                 double  x2,
                 double  y2,
                 double  width)
{
  Op op = { .kind = OP_LINE, .x = x1, .y = y1, .x2 = x2, .y2 = y2, .line_width = width };

  g_array_append_val (b->ops, op);
}

/* Append the operations of @from to @to, moved by (dx, dy); @from gives up its layouts. */
void
roster_move_ops (Block  *to,
                 Block  *from,
                 double  dx,
                 double  dy)
{
  for (guint i = 0; i < from->ops->len; i++)
    {
      Op op = g_array_index (from->ops, Op, i);

      op.x += dx;
      op.y += dy;
      if (op.kind == OP_LINE)
        {
          op.x2 += dx;
          op.y2 += dy;
        }
      g_array_index (from->ops, Op, i).layout = NULL;
      g_array_append_val (to->ops, op);
    }
  g_array_set_size (from->ops, 0);
}

Block *
roster_block_new (AdjRosterBlockKind  kind,
                  const char         *id)
{
  Block *b = g_new0 (Block, 1);

  b->info.kind = kind;
  b->id = g_strdup (id);
  b->info.id = b->id;
  b->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (b->ops, op_clear);
  return b;
}

static double
build_title (AdjRoster *self,
             Block     *b,
             double     width)
{
  g_autofree char *date = g_date_time_format (self->date, "%Y-%m-%d");
  g_autofree char *line = NULL;
  double y = 0;

  y += roster_add_text (self, b, STYLE_TITLE, self->title, 0, y, width, PANGO_ALIGN_LEFT) + 2;
  /* TRANSLATORS: under a roster's title: the game system and the date it was printed */
  line = g_strdup_printf (_("%s \u00b7 printed %s"), adj_ruleset_get_name (self->ruleset), date);
  if (self->subtitle != NULL)
    {
      g_autofree char *with = g_strdup_printf ("%s \u00b7 %s", self->subtitle, line);
      g_free (line);
      line = g_steal_pointer (&with);
    }
  y += roster_add_text (self, b, STYLE_SUBTITLE, line, 0, y, width, PANGO_ALIGN_LEFT);
  if (self->context != NULL)
    y += roster_add_text (self, b, STYLE_SUBTITLE, self->context, 0, y, width, PANGO_ALIGN_LEFT);
  if (self->notes != NULL)
    y += 2 + roster_add_text (self, b, STYLE_NOTE, self->notes, 0, y + 2, width, PANGO_ALIGN_LEFT);
  /* The turn's facts that belong to no one side; those that do go under its heading. */
  if (self->turn_facts != NULL && self->turn_facts->len > 0)
    y += 3;
  for (guint i = 0; self->turn_facts != NULL && i < self->turn_facts->len; i++)
    y += roster_add_markup (self, b, STYLE_BODY, g_ptr_array_index (self->turn_facts, i), 0, y,
                            width);
  y += 16;
  return y;
}

/* ---- pages ---- */

void
roster_place (AdjRoster *self,
              Block     *b,
              guint      page,
              double     x,
              double     y,
              double     width,
              double     height)
{
  b->info.page = page;
  b->info.x = x;
  b->info.y = y;
  b->info.width = width;
  b->info.height = height;
  g_ptr_array_add (self->blocks, b);
}

static void
draw_running (AdjRoster *self,
              cairo_t   *cr,
              guint      page)
{
  double width = self->page_width - 2 * MARGIN;
  double foot = self->page_height - MARGIN - 10;
  g_autofree char *date = g_date_time_format (self->date, "%Y-%m-%d");
  g_autofree char *count = g_strdup_printf (_("Page %u of %u"), page + 1, self->n_pages);
  g_autofree char *printed = g_strdup_printf (_("Adjutant roster, printed %s"), date);
  /* Printed mid-game, every page says which turn it shows. */
  g_autofree char *system = self->turn != NULL
    ? g_strdup_printf ("%s \u00b7 %s", self->turn, adj_ruleset_get_name (self->ruleset))
    : g_strdup (adj_ruleset_get_name (self->ruleset));
  struct {
    Style          style;
    const char    *text;
    double         y;
    PangoAlignment align;
  } pieces[] = {
    { STYLE_RUNNING_BOLD, self->title, MARGIN, PANGO_ALIGN_LEFT },
    { STYLE_RUNNING, system, MARGIN, PANGO_ALIGN_RIGHT },
    { STYLE_RUNNING, printed, foot, PANGO_ALIGN_LEFT },
    { STYLE_RUNNING_BOLD, count, foot, PANGO_ALIGN_RIGHT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      /* The left piece may take most of the line; the right one (a system name, the page
       * count) is short.  Both are cut short with an ellipsis rather than overlap. */
      gboolean right = pieces[i].align == PANGO_ALIGN_RIGHT;
      g_autoptr(PangoLayout) layout = roster_new_layout (self, pieces[i].style,
                                                         width * (right ? 0.34 : 0.64),
                                                         pieces[i].align);

      pango_layout_set_text (layout, pieces[i].text, -1);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      cairo_move_to (cr, right ? MARGIN + width * 0.66 : MARGIN, pieces[i].y);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, MARGIN, MARGIN + 12);
  cairo_line_to (cr, MARGIN + width, MARGIN + 12);
  cairo_move_to (cr, MARGIN, foot - 3);
  cairo_line_to (cr, MARGIN + width, foot - 3);
  cairo_stroke (cr);
}

static void
draw_block (AdjRoster *self,
            cairo_t   *cr,
            Block     *b,
            guint     *counts)
{
  cairo_save (cr);
  cairo_translate (cr, b->info.x, b->info.y);
  for (guint i = 0; i < b->ops->len; i++)
    {
      Op *op = &g_array_index (b->ops, Op, i);

      switch (op->kind)
        {
        case OP_TEXT:
          cairo_move_to (cr, op->x, op->y);
          pango_cairo_show_layout (cr, op->layout);
          break;
        case OP_BOX:
          {
            double s = op->x2, inset = 1.8;

            cairo_set_line_width (cr, op->line_width);
            cairo_rectangle (cr, op->x, op->y, s, s);
            cairo_stroke (cr);
            if (op->crossed)
              {
                cairo_set_line_width (cr, 1.0);
                cairo_move_to (cr, op->x + inset, op->y + inset);
                cairo_line_to (cr, op->x + s - inset, op->y + s - inset);
                cairo_move_to (cr, op->x + s - inset, op->y + inset);
                cairo_line_to (cr, op->x + inset, op->y + s - inset);
                cairo_stroke (cr);
                counts[ADJ_ROSTER_N_BOX_KINDS + op->box_kind]++;
              }
            counts[op->box_kind]++;
          }
          break;
        case OP_RING:
          {
            double r = op->x2 / 2;

            cairo_new_sub_path (cr);
            cairo_arc (cr, op->x + r, op->y + r, r, 0, 2 * G_PI);
            cairo_set_line_width (cr, op->line_width);
            if (op->crossed)
              {
                cairo_fill_preserve (cr);
                counts[ADJ_ROSTER_N_BOX_KINDS + op->box_kind]++;
              }
            cairo_stroke (cr);
            counts[op->box_kind]++;
          }
          break;
        case OP_RECT:
          cairo_set_line_width (cr, op->line_width);
          cairo_rectangle (cr, op->x, op->y, op->x2, op->y2);
          cairo_stroke (cr);
          counts[op->box_kind]++;
          break;
        case OP_LINE:
          cairo_set_line_width (cr, op->line_width);
          cairo_move_to (cr, op->x, op->y);
          cairo_line_to (cr, op->x2, op->y2);
          cairo_stroke (cr);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  cairo_restore (cr);
}

/* A side by its id, else by its name (ignoring case). */
static AdjSide *
find_side (AdjBattle  *battle,
           const char *wanted)
{
  GPtrArray *sides = adj_battle_get_sides (battle);
  g_autofree char *folded = g_utf8_casefold (wanted, -1);

  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      if (g_str_equal (side->id, wanted))
        return side;
    }
  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      g_autofree char *name = g_utf8_casefold (side->name, -1);
      if (g_str_equal (name, folded))
        return side;
    }
  return NULL;
}

static char *
sides_line (AdjBattle *battle)
{
  GPtrArray *sides = adj_battle_get_sides (battle);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", side->name);
    }
  /* TRANSLATORS: the sides of a battle, e.g. "Sides: British army, Zulu army" */
  return g_strdup_printf (_("Sides: %s"), names->str);
}

/* ---- the object ---- */

static void
adj_roster_finalize (GObject *object)
{
  AdjRoster *self = ADJ_ROSTER (object);

  g_clear_pointer (&self->blocks, g_ptr_array_unref);
  g_clear_pointer (&self->drawn, g_array_unref);
  g_clear_pointer (&self->sides, g_ptr_array_unref);
  g_clear_pointer (&self->sections, g_ptr_array_unref);
  g_clear_pointer (&self->turn_facts, g_ptr_array_unref);
  g_clear_pointer (&self->turn, g_free);
  g_clear_pointer (&self->layout, json_object_put);
  for (guint i = 0; i < N_STYLES; i++)
    g_clear_pointer (&self->fonts[i], pango_font_description_free);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->date, g_date_time_unref);
  g_clear_pointer (&self->ruleset, adj_ruleset_unref);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->context);
  g_free (self->notes);

  G_OBJECT_CLASS (adj_roster_parent_class)->finalize (object);
}

static void
adj_roster_class_init (AdjRosterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adj_roster_finalize;
}

static void
adj_roster_init (AdjRoster *self)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  self->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_side_info_free);
  self->sections = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_section_info_free);
  self->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_block_free);
  self->drawn = g_array_new (FALSE, TRUE, sizeof (guint));
  self->date = g_date_time_new_now_local ();

  /* Measured in points, unhinted: the same layout on paper, in a PDF and in a preview. */
  self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_context_set_resolution (self->pango, 72.0);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (self->pango, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (self->pango, FALSE);

  /* A named family, installed by the quick start with every style and sign used here, so that
   * lines break in the same places on every machine; fontconfig finds another sans without it. */
  for (guint i = 0; i < N_STYLES; i++)
    {
      self->fonts[i] = pango_font_description_new ();
      pango_font_description_set_family_static (self->fonts[i], "DejaVu Sans, Sans");
      pango_font_description_set_size (self->fonts[i], (int) (styles[i].size * PANGO_SCALE));
      pango_font_description_set_weight (self->fonts[i], styles[i].weight);
      pango_font_description_set_style (self->fonts[i], styles[i].slant);
    }
}

/* ---- public API ---- */

/* The ruleset's layout hints, and its quick reference. */
static void
setup (AdjRoster      *self,
       AdjRuleset     *rs,
       AdjRosterFlags  flags)
{
  json_object *layout = NULL;

  self->ruleset = adj_ruleset_ref (rs);
  self->flags = flags;
  if (json_object_object_get_ex (adj_ruleset_get_json (rs), "roster", &layout))
    self->layout = json_object_get (layout);
  roster_collect_reference (self);
}

/* The values of the tables players type in, in effect where the roster is printed: the
 * battle's own, else the user's; NULL for a system without such tables. */
static gboolean
players_tables (AdjRuleset  *rs,
                AdjTables   *carried,
                AdjTables  **out,
                GError     **error)
{
  *out = NULL;
  if (adj_ruleset_get_table_shapes (rs)->len == 0)
    return TRUE;
  *out = adj_tables_in_effect (rs, carried, error);
  return *out != NULL;
}

/* Turn facts that name a side ("losses:a") go under that side's heading; the rest into the
 * title. */
static void
collect_turn_facts (AdjRoster *self,
                    AdjBattle *battle,
                    GPtrArray *facts)
{
  GPtrArray *sides = adj_battle_get_sides (battle);

  self->turn_facts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < facts->len; i++)
    {
      AdjTurnFact *fact = g_ptr_array_index (facts, i);
      gboolean of_side = FALSE;

      for (guint k = 0; k < sides->len && !of_side; k++)
        {
          g_autofree char *suffix = g_strdup_printf (":%s",
                                                     ((AdjSide *) g_ptr_array_index (sides,
                                                                                     k))->id);
          of_side = g_str_has_suffix (fact->id, suffix);
        }
      if (!of_side)
        g_ptr_array_add (self->turn_facts, g_markup_printf_escaped ("<b>%s:</b> %s",
                                                                    fact->label, fact->value));
    }
}

AdjRoster *
adj_roster_new_for_battle (AdjBattle   *battle,
                           const char  *only_side,
                           GError     **error)
{
  const char *sides[] = { only_side, NULL };

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return adj_roster_new_for_sides (battle, sides, ADJ_ROSTER_CURRENT, error);
}

AdjRoster *
adj_roster_new_for_sides (AdjBattle          *battle,
                          const char * const *wanted,
                          AdjRosterFlags      flags,
                          GError            **error)
{
  g_autoptr(AdjRoster) self = NULL;
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  g_autoptr(GPtrArray) facts = NULL;
  g_autoptr(AdjTables) tables = NULL;
  GPtrArray *sides;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  sides = adj_battle_get_sides (battle);
  for (guint i = 0; wanted != NULL && wanted[i] != NULL; i++)
    {
      AdjSide *side = find_side (battle, wanted[i]);

      if (side == NULL)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint k = 0; k < sides->len; k++)
            {
              AdjSide *s = g_ptr_array_index (sides, k);
              g_string_append_printf (known, "%s%s (“%s”)", k > 0 ? ", " : "", s->id, s->name);
            }
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                       _("The battle has no side “%s” (its sides: %s)"), wanted[i], known->str);
          return NULL;
        }
      g_ptr_array_add (chosen, side);
    }

  if (!players_tables (adj_battle_get_ruleset (battle), adj_battle_get_tables (battle), &tables,
                       error))
    return NULL;

  self = g_object_new (ADJ_TYPE_ROSTER, NULL);
  setup (self, adj_battle_get_ruleset (battle), flags);
  self->title = g_strdup (adj_battle_get_name (battle));
  self->context = sides_line (battle);
  if ((flags & ADJ_ROSTER_CLEAN) != 0)
    /* TRANSLATORS: under a roster's title: the sheet shows no game in progress */
    self->subtitle = g_strdup (_("Clean sheet"));
  else
    {
      const AdjChoice *phase = adj_ruleset_find_phase (self->ruleset,
                                                       adj_battle_get_phase (battle));
      int max = adj_ruleset_get_max_turns (self->ruleset);

      self->turn = max > 0
        ? g_strdup_printf (_("Turn %d of %d"), adj_battle_get_turn (battle), max)
        : g_strdup_printf (_("Turn %d"), adj_battle_get_turn (battle));
      self->subtitle = phase != NULL
        ? g_strdup_printf ("%s \u00b7 %s", self->turn, adj_gettext (phase->label))
        : g_strdup (self->turn);
      facts = adj_battle_get_turn_state (battle);
      collect_turn_facts (self, battle, facts);
    }

  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);

      if (chosen->len > 0 && !g_ptr_array_find (chosen, side, NULL))
        continue;
      if (!roster_add_side (self, battle, side, tables, facts, error))
        return NULL;
    }
  roster_choose_columns (self);
  roster_collect_players_tables (self, tables, adj_battle_get_tables (battle));
  return g_steal_pointer (&self);
}

AdjRoster *
adj_roster_new_for_army (AdjArmy  *army,
                         GError  **error)
{
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRoster) self = NULL;
  g_autoptr(AdjTables) tables = NULL;

  g_return_val_if_fail (army != NULL, NULL);

  /* The units a battle would make of the list, named as they will be at the table. */
  battle = adj_battle_new (army->ruleset, army->name);
  if (!adj_battle_add_army (battle, "a", army, error) ||
      !players_tables (army->ruleset, NULL, &tables, error))
    return NULL;

  self = g_object_new (ADJ_TYPE_ROSTER, NULL);
  setup (self, army->ruleset, ADJ_ROSTER_CLEAN);
  self->title = g_strdup (army->name);
  self->subtitle = g_strdup (_("Army list"));
  if (army->conflict != NULL)
    self->context = g_strdup (adj_gettext (army->conflict));
  if (army->notes != NULL && army->notes[0] != '\0')
    self->notes = g_strdup (adj_gettext (army->notes));
  if (!roster_add_side (self, battle, g_ptr_array_index (adj_battle_get_sides (battle), 0), tables,
                        NULL, error))
    return NULL;
  roster_choose_columns (self);
  roster_collect_players_tables (self, tables, NULL);
  return g_steal_pointer (&self);
}

void
adj_roster_set_date (AdjRoster *self,
                     GDateTime *date)
{
  g_return_if_fail (ADJ_IS_ROSTER (self));
  g_return_if_fail (date != NULL);

  g_date_time_unref (self->date);
  self->date = g_date_time_ref (date);
}

const char *
adj_roster_get_title (AdjRoster *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), NULL);
  return self->title;
}

gboolean
adj_roster_is_clean (AdjRoster *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), FALSE);
  return (self->flags & ADJ_ROSTER_CLEAN) != 0;
}

guint
adj_roster_get_n_units (AdjRoster *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  return self->n_units;
}

guint
adj_roster_get_n_sides (AdjRoster *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  return self->sides->len;
}

guint
adj_roster_get_n_pages (AdjRoster *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  return self->n_pages;
}

void
adj_roster_get_page_size (AdjRoster *self,
                          double    *page_width,
                          double    *page_height)
{
  g_return_if_fail (ADJ_IS_ROSTER (self));
  if (page_width != NULL)
    *page_width = self->page_width;
  if (page_height != NULL)
    *page_height = self->page_height;
}

guint
adj_roster_paginate (AdjRoster *self,
                     double     page_width,
                     double     page_height)
{
  double top = MARGIN + HEAD_SPACE;
  double bottom = page_height - MARGIN - FOOT_SPACE;
  double width = page_width - 2 * MARGIN;
  guint page = 0;
  double y = top;
  Block *b;
  double h;

  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  g_return_val_if_fail (page_width > 4 * MARGIN && page_height > 4 * MARGIN, 0);

  g_ptr_array_set_size (self->blocks, 0);
  self->page_width = page_width;
  self->page_height = page_height;

  b = roster_block_new (ADJ_ROSTER_BLOCK_TITLE, NULL);
  h = build_title (self, b, width);
  roster_place (self, b, page, MARGIN, y, width, h);
  y += h;

  for (guint i = 0; i < self->sides->len; i++)
    {
      SideInfo *s = g_ptr_array_index (self->sides, i);
      Block *unit = NULL;
      double unit_h = 0;

      /* A sheet per side: each side after the first starts a page. */
      if (i > 0)
        {
          page++;
          y = top;
        }
      b = roster_block_new (ADJ_ROSTER_BLOCK_SIDE, s->id);
      h = roster_build_side (self, b, s, width, FALSE);
      if (s->units->len > 0)
        {
          UnitInfo *first = g_ptr_array_index (s->units, 0);

          unit = roster_block_new (ADJ_ROSTER_BLOCK_UNIT, first->id);
          unit_h = roster_build_unit (self, unit, s, first, width);
        }
      /* Keep the heading with its first unit. */
      if (y + h + unit_h > bottom && y > top)
        {
          page++;
          y = top;
        }
      roster_place (self, b, page, MARGIN, y, width, h);
      y += h;

      for (guint k = 0; k < s->units->len; k++)
        {
          if (unit == NULL)
            {
              UnitInfo *u = g_ptr_array_index (s->units, k);

              unit = roster_block_new (ADJ_ROSTER_BLOCK_UNIT, u->id);
              unit_h = roster_build_unit (self, unit, s, u, width);
            }
          if (y + unit_h > bottom)
            {
              Block *cont = roster_block_new (ADJ_ROSTER_BLOCK_CONTINUED, s->id);
              double cont_h = roster_build_side (self, cont, s, width, TRUE);

              page++;
              y = top;
              roster_place (self, cont, page, MARGIN, y, width, cont_h);
              y += cont_h;
            }
          roster_place (self, unit, page, MARGIN, y, width, unit_h);
          y += unit_h;
          unit = NULL;
        }
    }

  roster_paginate_reference (self, &page, top, bottom, width);

  self->n_pages = page + 1;
  g_array_set_size (self->drawn, 0);
  g_array_set_size (self->drawn, self->n_pages * 2 * ADJ_ROSTER_N_BOX_KINDS);
  return self->n_pages;
}

void
adj_roster_render_page (AdjRoster *self,
                        cairo_t   *cr,
                        guint      page)
{
  guint *counts;

  g_return_if_fail (ADJ_IS_ROSTER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < self->n_pages);

  counts = &g_array_index (self->drawn, guint, page * 2 * ADJ_ROSTER_N_BOX_KINDS);
  memset (counts, 0, sizeof (guint) * 2 * ADJ_ROSTER_N_BOX_KINDS);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  draw_running (self, cr, page);
  for (guint i = 0; i < self->blocks->len; i++)
    {
      Block *b = g_ptr_array_index (self->blocks, i);

      if (b->info.page == page)
        draw_block (self, cr, b, counts);
    }
  cairo_restore (cr);
}

gboolean
adj_roster_write_pdf (AdjRoster   *self,
                      const char  *path,
                      AdjPaper     paper,
                      GError     **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  double width, height;
  guint n;

  g_return_val_if_fail (ADJ_IS_ROSTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  adj_paper_get_size (paper, &width, &height);
  n = adj_roster_paginate (self, width, height);

  surface = adj_pdf_surface_new (bytes, paper, self->title);
  cr = cairo_create (surface);
  for (guint page = 0; page < n; page++)
    {
      adj_roster_render_page (self, cr, page);
      cairo_show_page (cr);
    }
  return adj_pdf_surface_write (surface, cr, bytes, path, error);
}

guint
adj_roster_get_n_blocks (AdjRoster *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  return self->blocks->len;
}

const AdjRosterBlock *
adj_roster_get_block (AdjRoster *self,
                      guint      index)
{
  g_return_val_if_fail (ADJ_IS_ROSTER (self), NULL);
  g_return_val_if_fail (index < self->blocks->len, NULL);
  return &((Block *) g_ptr_array_index (self->blocks, index))->info;
}

guint
adj_roster_get_n_tick_boxes (AdjRoster    *self,
                             AdjRosterBox  kind)
{
  guint n = 0;

  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  g_return_val_if_fail (kind < ADJ_ROSTER_N_BOX_KINDS, 0);

  for (guint page = 0; page < self->n_pages; page++)
    n += g_array_index (self->drawn, guint, page * 2 * ADJ_ROSTER_N_BOX_KINDS + kind);
  return n;
}

guint
adj_roster_get_n_ticked (AdjRoster    *self,
                         AdjRosterBox  kind)
{
  guint n = 0;

  g_return_val_if_fail (ADJ_IS_ROSTER (self), 0);
  g_return_val_if_fail (kind < ADJ_ROSTER_N_BOX_KINDS, 0);

  for (guint page = 0; page < self->n_pages; page++)
    n += g_array_index (self->drawn, guint,
                        page * 2 * ADJ_ROSTER_N_BOX_KINDS + ADJ_ROSTER_N_BOX_KINDS + kind);
  return n;
}

void
adj_paper_get_size (AdjPaper  paper,
                    double   *width,
                    double   *height)
{
  switch (paper)
    {
    case ADJ_PAPER_LETTER:
      *width = 612.0;                 /* 8.5 × 11 inches */
      *height = 792.0;
      break;
    case ADJ_PAPER_A4:
    default:
      *width = 210.0 / 25.4 * 72.0;   /* 210 × 297 mm */
      *height = 297.0 / 25.4 * 72.0;
      break;
    }
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *
adj_pdf_surface_new (GByteArray *bytes,
                     AdjPaper    paper,
                     const char *title)
{
  cairo_surface_t *surface;
  double width, height;

  adj_paper_get_size (paper, &width, &height);
  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
  if (title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Adjutant");
  return surface;
}

gboolean
adj_pdf_surface_write (cairo_surface_t  *surface,
                       cairo_t          *cr,
                       GByteArray       *bytes,
                       const char       *path,
                       GError          **error)
{
  cairo_status_t status = cairo_status (cr);

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, _("%s: the PDF could not be made: %s"),
                   display, cairo_status_to_string (status));
      return FALSE;
    }
  return adj_store_write_atomic (path, (const char *) bytes->data, bytes->len, error);
}

gboolean
adj_paper_from_string (const char *text,
                       AdjPaper   *paper)
{
  g_return_val_if_fail (paper != NULL, FALSE);

  if (text != NULL && g_ascii_strcasecmp (text, "a4") == 0)
    *paper = ADJ_PAPER_A4;
  else if (text != NULL && g_ascii_strcasecmp (text, "letter") == 0)
    *paper = ADJ_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

const char *
adj_paper_to_string (AdjPaper paper)
{
  return paper == ADJ_PAPER_LETTER ? "letter" : "a4";
}
