/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-units.c: the sheets of a roster — for each side its name, settings and totals,
 * then a block per unit with its strength boxes, details and the states a player ticks in
 * pencil.  The texts are gathered from the battle first, then laid out for the page width. */

#define G_LOG_DOMAIN "adj-roster"

#include "config.h"

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-i18n.h"
#include "adj-roster-private.h"
#include "adj-ruleset.h"

/* ---- the texts ---- */

static void
status_item_free (StatusItem *item)
{
  g_free (item->label);
  g_strfreev (item->choices);
  g_free (item);
}

static void
unit_info_free (UnitInfo *u)
{
  g_free (u->id);
  g_free (u->name);
  g_free (u->type);
  g_free (u->weapon);
  g_free (u->move);
  g_free (u->value);
  g_free (u->notes);
  g_ptr_array_unref (u->status);
  g_ptr_array_unref (u->facts);
  g_free (u);
}

static void
total_info_free (TotalInfo *t)
{
  g_free (t->label);
  g_free (t->detail);
  g_free (t);
}

void
roster_side_info_free (SideInfo *s)
{
  g_free (s->id);
  g_free (s->name);
  g_free (s->settings);
  g_ptr_array_unref (s->totals);
  g_ptr_array_unref (s->units);
  g_free (s);
}

static char *
format_distance (AdjDistanceUnit unit,
                 int             n)
{
  switch (unit)
    {
    case ADJ_DISTANCE_SQUARES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d square", "%d squares", n), n);
    case ADJ_DISTANCE_HEXES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hex", "%d hexes", n), n);
    case ADJ_DISTANCE_CM:
      /* TRANSLATORS: a distance in centimetres */
      return g_strdup_printf (_("%d cm"), n);
    case ADJ_DISTANCE_INCHES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d inch", "%d inches", n), n);
    default:
      g_return_val_if_reached (g_strdup_printf ("%d", n));
    }
}

static gboolean
field_is_tracked (AdjRoster      *self,
                  const AdjField *field)
{
  if (field->secret)
    return FALSE;
  if (self->track != NULL)
    return g_strv_contains ((const char * const *) self->track, field->name);
  return field->kind == ADJ_FIELD_BOOL && !field->per_turn;
}

static StatusItem *
status_item_new (AdjRoster      *self,
                 const AdjField *f,
                 AdjUnit        *unit)
{
  StatusItem *item = g_new0 (StatusItem, 1);

  item->label = g_strdup (adj_gettext (f->label));
  item->kind = f->kind;
  switch (f->kind)
    {
    case ADJ_FIELD_BOOL:
      item->n_boxes = 1;
      item->ticked = adj_unit_get_status_bool (unit, f->name) ? 1 : 0;
      break;
    case ADJ_FIELD_INT:
      item->n_boxes = f->max - f->min <= MAX_INT_BOXES ? f->max - f->min : 0;
      item->ticked = CLAMP (adj_unit_get_status_int (unit, f->name) - f->min, 0, item->n_boxes);
      break;
    case ADJ_FIELD_ENUM:
      {
        guint n = 0;
        const AdjChoice *choices = adj_ruleset_field_choices (self->ruleset, f, &n);
        const char *current = adj_unit_get_status_string (unit, f->name);

        item->choices = g_new0 (char *, n + 1);
        item->n_boxes = (int) n;
        item->ticked = -1;
        for (guint i = 0; i < n; i++)
          {
            item->choices[i] = g_strdup (adj_gettext (choices[i].label));
            if (g_strcmp0 (current, choices[i].id) == 0)
              item->ticked = (int) i;
          }
      }
      break;
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      break;
    }
  return item;
}

/* An untracked state that differs from its default, as words; NULL when there is none. */
static char *
status_fact (AdjRoster      *self,
             const AdjField *f,
             AdjUnit        *unit)
{
  json_object *v = NULL;
  g_autofree char *value = NULL;

  if (!json_object_object_get_ex (adj_unit_get_status (unit), f->name, &v) || v == NULL ||
      adj_field_value_is_default (f, v))
    return NULL;
  if (f->kind == ADJ_FIELD_BOOL)
    return json_object_get_boolean (v)
             ? g_strdup (adj_gettext (f->label))
             /* TRANSLATORS: a status that is off, e.g. "not Mounted" */
             : g_strdup_printf (_("not %s"), adj_gettext (f->label));
  value = adj_field_value_to_text (self->ruleset, f, v);
  return g_strdup_printf ("%s: %s", adj_gettext (f->label), value);
}

static UnitInfo *
unit_info_new (AdjRoster *self,
               AdjBattle *battle,
               AdjUnit   *unit)
{
  AdjRuleset *rs = self->ruleset;
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  const AdjWeapon *weapon = adj_ruleset_find_weapon (rs, adj_unit_get_weapon (unit));
  AdjDistanceUnit dist = adj_ruleset_get_distance_unit (rs);
  GPtrArray *fields = adj_ruleset_get_status_fields (rs);
  UnitInfo *u = g_new0 (UnitInfo, 1);
  g_autofree char *move = type->move >= 0 ? format_distance (dist, type->move)
                                           : g_strdup (_("as rolled"));
  int figures = adj_unit_get_figures (unit);

  u->id = g_strdup (adj_unit_get_id (unit));
  u->name = g_strdup (adj_unit_get_name (unit));
  u->destroyed = adj_unit_get_destroyed (unit);
  u->status = g_ptr_array_new_with_free_func ((GDestroyNotify) status_item_free);
  u->facts = g_ptr_array_new_with_free_func (g_free);

  if (adj_unit_get_rating (unit) != NULL)
    {
      const AdjChoice *rating = adj_ruleset_find_rating (rs, adj_unit_get_rating (unit));

      /* TRANSLATORS: a unit's type and its rating, e.g. "Regular infantry, rated Good" */
      u->type = g_strdup_printf (_("%s, rated %s"), adj_gettext (type->label),
                            rating != NULL ? adj_gettext (rating->label)
                                           : adj_unit_get_rating (unit));
    }
  else
    u->type = g_strdup (adj_gettext (type->label));

  if (weapon != NULL)
    {
      g_autofree char *range = weapon->range > 0 ? format_distance (dist, weapon->range)
                               : weapon->range == 0 ? g_strdup (_("contact")) : NULL;

      /* TRANSLATORS: a weapon and its range, e.g. "Single-shot rifle (2 squares)" */
      u->weapon = range != NULL ? g_strdup_printf (_("%s (%s)"), adj_gettext (weapon->label), range)
                                : g_strdup (adj_gettext (weapon->label));
    }
  else
    u->weapon = g_strdup ("\u2014");
  u->move = g_steal_pointer (&move);
  u->value = type->value >= 0 ? g_strdup_printf ("%d", type->value) : g_strdup ("\u2014");
  if (adj_unit_get_notes (unit) != NULL && adj_unit_get_notes (unit)[0] != '\0')
    u->notes = g_strdup (adj_unit_get_notes (unit));

  /* A record per figure says exactly how many there were: a box for each, ticked when lost. */
  if (adj_unit_get_members (unit) != NULL && adj_unit_get_n_members (unit) > 0)
    {
      u->boxes = (int) adj_unit_get_n_members (unit);
      u->lost = CLAMP (u->boxes - figures, 0, u->boxes);
    }
  else if (type->figures > 1)
    {
      u->boxes = MAX (type->figures, figures);
      u->lost = CLAMP (u->boxes - figures, 0, u->boxes);
    }
  else
    {
      u->boxes = 1;
      u->lost = u->destroyed ? 1 : 0;
    }

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);

      if (f->secret || !adj_field_applies_to (f, type->category))
        continue;
      if (field_is_tracked (self, f))
        g_ptr_array_add (u->status, status_item_new (self, f, unit));
      else if (!f->per_turn)
        {
          char *fact = status_fact (self, f, unit);
          if (fact != NULL)
            g_ptr_array_add (u->facts, fact);
        }
    }
  return u;
}

static char *
side_settings_markup (AdjRoster *self,
                      AdjSide   *side,
                      guint      n_units)
{
  GPtrArray *fields = adj_ruleset_get_side_fields (self->ruleset);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      json_object *v = NULL;
      g_autofree char *value = NULL;
      g_autofree char *piece = NULL;

      if (f->secret || !json_object_object_get_ex (side->settings, f->name, &v))
        continue;
      /* Choices always say something; numbers and switches only when they were changed. */
      if (f->kind == ADJ_FIELD_ENUM || !adj_field_value_is_default (f, v))
        value = adj_field_value_to_text (self->ruleset, f, v);
      if (value == NULL)
        continue;
      piece = g_markup_printf_escaped ("<b>%s:</b> %s", adj_gettext (f->label), value);
      g_string_append_printf (text, "%s%s", text->len > 0 ? "   \u00b7   " : "", piece);
    }
  {
    g_autofree char *units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit",
                                                      "%u units", n_units), n_units);
    g_autofree char *piece = g_markup_escape_text (units, -1);
    g_string_append_printf (text, "%s%s", text->len > 0 ? "   \u00b7   " : "", piece);
  }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
roster_add_side (AdjRoster  *self,
                 AdjBattle  *battle,
                 AdjSide    *side,
                 GError    **error)
{
  SideInfo *s = g_new0 (SideInfo, 1);
  g_autoptr(GPtrArray) printed = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(AdjArmy) army = NULL;
  g_autoptr(AdjArmyReport) report = NULL;
  GListModel *units = adj_battle_get_units (battle);

  s->id = g_strdup (side->id);
  s->name = g_strdup (side->name);
  s->units = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_info_free);
  s->totals = g_ptr_array_new_with_free_func ((GDestroyNotify) total_info_free);
  g_ptr_array_add (self->sides, s);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type;

      if (!g_str_equal (adj_unit_get_side (unit), side->id) ||
          adj_battle_unit_is_hidden (battle, unit))
        continue;
      type = adj_battle_unit_type (battle, unit);
      s->has_values = s->has_values || type->value >= 0;
      s->has_figures = s->has_figures || type->figures > 1;
      g_ptr_array_add (s->units, unit_info_new (self, battle, unit));
      g_ptr_array_add (printed, g_object_ref (unit));
    }
  self->n_units += s->units->len;
  s->settings = side_settings_markup (self, side, s->units->len);

  /* The side's totals and limits come from the system's own army check, over the units that
   * are printed, so a hidden unit's points cannot give it away. */
  army = adj_army_new_for_side (battle, side->id, printed);
  report = adj_army_check (army, error);
  if (report == NULL)
    return FALSE;
  for (guint i = 0; i < report->checks->len; i++)
    {
      AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      TotalInfo *t = g_new0 (TotalInfo, 1);

      t->label = g_strdup (c->label);
      t->detail = g_strdup (c->detail);
      t->ok = c->ok;
      g_ptr_array_add (s->totals, t);
    }
  return TRUE;
}

/* ---- the blocks ---- */

/* The x of each column of a unit's details, from the start of the text column, and the end. */
static void
unit_columns (double  text_width,
              double  x[5])
{
  x[0] = 0;
  x[1] = text_width * 0.31;
  x[2] = text_width * 0.71;
  x[3] = text_width * 0.86;
  x[4] = text_width;
}

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

double
roster_build_unit (AdjRoster *self,
                   Block     *b,
                   UnitInfo  *u,
                   double     width)
{
  g_autoptr(GPtrArray) chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) roster_block_free);
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));
  double tw = width - TEXT_X;
  double col[5];
  double y = BLOCK_PAD, h = 0, boxes_bottom = 0, line_height, line_baseline, chunks_width = 0;
  gboolean beside_name;
  PangoLayout *name;
  double baseline;

  unit_columns (tw, col);

  /* What a player ticks in pencil, then the states worth knowing: beside the name, over the
   * move and points, when they are short, as in most systems; else on a line of their own
   * under the details. */
  for (guint i = 0; i < u->status->len; i++)
    {
      Block *chunk = roster_block_new (ADJ_ROSTER_BLOCK_UNIT, NULL);
      double w = build_status_item (self, chunk, g_ptr_array_index (u->status, i));

      g_ptr_array_add (chunks, chunk);
      g_array_append_val (widths, w);
    }
  for (guint i = 0; i < u->facts->len; i++)
    {
      Block *chunk = roster_block_new (ADJ_ROSTER_BLOCK_UNIT, NULL);
      PangoLayout *layout = roster_new_layout (self, STYLE_NOTE, -1, PANGO_ALIGN_LEFT);
      double w;

      pango_layout_set_text (layout, g_ptr_array_index (u->facts, i), -1);
      roster_add_layout (chunk, layout, 0, 0.5);
      w = roster_layout_width (layout);
      g_ptr_array_add (chunks, chunk);
      g_array_append_val (widths, w);
    }
  for (guint i = 0; i < widths->len; i++)
    chunks_width += g_array_index (widths, double, i) + (i > 0 ? 16 : 0);
  beside_name = chunks->len > 0 && chunks_width <= tw - col[2];
  {
    PangoLayout *probe = roster_new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
    pango_layout_set_text (probe, "Xg", -1);
    line_height = roster_layout_height (probe);
    line_baseline = roster_layout_baseline (probe);
    g_object_unref (probe);
  }

  name = roster_new_layout (self, STYLE_UNIT, beside_name ? col[2] - CELL_GAP : tw,
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
  h = roster_add_layout (b, name, TEXT_X, y);
  if (beside_name)
    {
      /* Share the name's baseline. */
      double top = y + baseline - line_baseline;

      flow_chunks (b, chunks, widths, TEXT_X + col[2], top, tw - col[2], line_height);
    }

  /* Strength: a box per figure (or the one stand), crossed off when lost. */
  if (u->boxes <= MAX_BOXES)
    {
      double top = y + baseline - BOX + 0.5;
      int rows = (u->boxes + BOXES_PER_ROW - 1) / BOXES_PER_ROW;

      for (int i = 0; i < u->boxes; i++)
        roster_add_box (b, (i % BOXES_PER_ROW) * BOX_PITCH,
                        top + (i / BOXES_PER_ROW) * BOX_PITCH, BOX,
                        ADJ_ROSTER_BOX_STRENGTH, u->destroyed || i >= u->boxes - u->lost);
      boxes_bottom = top + rows * BOX_PITCH - (BOX_PITCH - BOX);
    }
  else
    {
      int left = u->boxes - u->lost;
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d figure",
                                                             "%d figures", left), left);
      boxes_bottom = y + roster_add_text (self, b, STYLE_BODY, count, 0, y, TEXT_X - 4,
                                          PANGO_ALIGN_LEFT);
    }
  y += h + 0.5;

  /* Type, weapon with its range, move, points: aligned with the side's column headings. */
  {
    const char *cells[4] = { u->type, u->weapon, u->move, u->value };
    double row = 0;

    for (guint i = 0; i < 4; i++)
      {
        double cw = col[i + 1] - col[i] - (i < 3 ? CELL_GAP : 0);
        row = MAX (row, roster_add_text (self, b, STYLE_BODY, cells[i], TEXT_X + col[i], y, cw,
                                         i == 3 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT));
      }
    y += row;
  }

  if (chunks->len > 0 && !beside_name)
    {
      y += 3;
      y += flow_chunks (b, chunks, widths, TEXT_X, y, tw, line_height);
    }

  if (u->notes != NULL)
    {
      y += 1.5;
      y += roster_add_text (self, b, STYLE_NOTE, u->notes, TEXT_X, y, tw, PANGO_ALIGN_LEFT);
    }

  y = MAX (y, boxes_bottom) + BLOCK_PAD;
  roster_add_line (b, 0, y, width, y, 0.3);
  return y;
}

/* The column headings over a side's units. */
static double
build_column_heads (AdjRoster *self,
                    Block     *b,
                    SideInfo  *s,
                    double     y,
                    double     width)
{
  double tw = width - TEXT_X;
  double col[5];
  const char *heads[4] = {
    _("Unit and type"), _("Weapon (range)"), _("Move"), s->has_values ? _("Points") : ""
  };
  double h;

  unit_columns (tw, col);
  h = roster_add_text (self, b, STYLE_HEAD, s->has_figures ? _("Figures") : _("Stand"), 0, y,
                       TEXT_X - 4, PANGO_ALIGN_LEFT);
  for (guint i = 0; i < 4; i++)
    {
      double cw = col[i + 1] - col[i] - (i < 3 ? CELL_GAP : 0);
      h = MAX (h, roster_add_text (self, b, STYLE_HEAD, heads[i], TEXT_X + col[i], y, cw,
                                   i == 3 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT));
    }
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
  y += 8;
  return build_column_heads (self, b, s, y, width);
}
