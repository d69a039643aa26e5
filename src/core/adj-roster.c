/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster.c: unit rosters laid out with pango and drawn with cairo, for PDF or print.
 *
 * Building a roster gathers the texts once (sides, units, totals, the ruleset's
 * quick-reference tables).  Paginating turns each piece into a block — a small list of drawing
 * operations (texts, boxes, rules) measured for the page width — and places the blocks on
 * pages, never splitting one.  Rendering replays a page's blocks onto any cairo context.
 */

#define G_LOG_DOMAIN "adj-roster"

#include "config.h"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-store.h"

/* Measures, in points. */
#define MARGIN         36.0   /* around the page: half an inch */
#define HEAD_SPACE     24.0   /* the running head and its rule, above the content */
#define FOOT_SPACE     26.0   /* the running foot, below it */
#define BOX            9.0    /* a strength tick box ... */
#define BOX_PITCH      12.5   /* ... and the distance from one to the next */
#define BOXES_PER_ROW  5
#define STATUS_BOX     8.0
#define TEXT_X         (BOXES_PER_ROW * BOX_PITCH + 8.0)
#define BLOCK_PAD      3.0
#define CELL_GAP       8.0
#define COLUMN_GAP     20.0   /* between the two columns of the quick reference */
#define TABLE_GAP      9.0   /* below a quick-reference table */
#define MAX_BOXES      100    /* a larger strength is written as a number, not boxed */
#define MAX_INT_BOXES  20     /* a tracked number with a wider range gets a line to write on */

typedef enum {
  STYLE_TITLE,
  STYLE_SUBTITLE,
  STYLE_SIDE,
  STYLE_UNIT,
  STYLE_BODY,
  STYLE_HEAD,
  STYLE_NOTE,
  STYLE_RUNNING,
  STYLE_RUNNING_BOLD,
  STYLE_TABLE_TITLE,
  STYLE_TABLE,
  STYLE_TABLE_HEAD,
  N_STYLES
} Style;

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

/* A status field as a unit shows it: tick boxes, or a fact in words. */
typedef struct {
  char        *label;
  AdjFieldKind kind;
  int          n_boxes;   /* bool 1; int max − min; enum one per choice; 0: a line to write on */
  int          ticked;    /* bool 0/1; int value − min; enum the current choice */
  GStrv        choices;   /* enum: the choices' labels */
} StatusItem;

typedef struct {
  char      *id;
  char      *name;
  char      *type;
  char      *weapon;
  char      *move;
  char      *value;
  char      *notes;
  int        boxes;       /* strength tick boxes: figures, or 1 for a stand */
  int        lost;        /* of those, already gone */
  gboolean   destroyed;
  GPtrArray *status;      /* of StatusItem */
  GPtrArray *facts;       /* of char*: untracked states worth knowing ("On a large stand") */
} UnitInfo;

typedef struct {
  char      *label;
  char      *detail;
  gboolean   ok;
} TotalInfo;

typedef struct {
  char      *id;
  char      *name;
  char      *settings;    /* Pango markup, one line */
  GPtrArray *totals;      /* of TotalInfo */
  gboolean   has_values;
  gboolean   has_figures;
  GPtrArray *units;       /* of UnitInfo */
} SideInfo;

typedef struct {
  char      *title;
  char      *notes;
  guint      n_columns;
  GStrv      header;
  GPtrArray *rows;        /* of GStrv, n_columns each */
} TableInfo;

typedef enum {
  OP_TEXT,
  OP_BOX,
  OP_LINE,
} OpKind;

typedef struct {
  OpKind        kind;
  double        x, y;
  double        x2, y2;      /* line: the other end; box: x2 is the size */
  double        line_width;
  PangoLayout  *layout;
  AdjRosterBox  box_kind;
  gboolean      crossed;
} Op;

typedef struct {
  AdjRosterBlock info;
  char          *id;
  GArray        *ops;        /* of Op, relative to the block's top left corner */
} Block;

struct _AdjRoster {
  GObject               parent_instance;
  AdjRuleset           *ruleset;
  char                 *title;
  char                 *subtitle;   /* "Army list", or the turn */
  char                 *context;    /* the sides, or the conflict */
  char                 *notes;
  GDateTime            *date;
  GStrv                 track;      /* "roster.track", or NULL */
  GPtrArray            *sides;      /* of SideInfo */
  GPtrArray            *tables;     /* of TableInfo */
  guint                 n_units;

  PangoContext         *pango;
  PangoFontDescription *fonts[N_STYLES];

  double                page_width;
  double                page_height;
  guint                 n_pages;
  GPtrArray            *blocks;     /* of Block, in page order */
  GArray               *drawn;      /* guint per page and box kind */
};

G_DEFINE_FINAL_TYPE (AdjRoster, adj_roster, G_TYPE_OBJECT)

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

static void
side_info_free (SideInfo *s)
{
  g_free (s->id);
  g_free (s->name);
  g_free (s->settings);
  g_ptr_array_unref (s->totals);
  g_ptr_array_unref (s->units);
  g_free (s);
}

static void
table_info_free (TableInfo *t)
{
  g_free (t->title);
  g_free (t->notes);
  g_strfreev (t->header);
  g_ptr_array_unref (t->rows);
  g_free (t);
}

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_clear_object (&op->layout);
}

static void
block_free (Block *b)
{
  g_free (b->id);
  g_array_unref (b->ops);
  g_free (b);
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

static char *
format_signed (int value)
{
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  if (value < 0)
    return g_strdup_printf ("\u2212%d", -value);   /* a real minus sign */
  return g_strdup ("0");
}

static const char *
choice_label (AdjRuleset     *rs,
              const AdjField *field,
              const char     *id)
{
  guint n = 0;
  const AdjChoice *choices = adj_ruleset_field_choices (rs, field, &n);
  const AdjChoice *c = adj_field_find_choice (choices, n, id);

  return c != NULL ? adj_gettext (c->label) : id;
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

static gboolean
unit_is_hidden (AdjRuleset *rs,
                AdjUnit    *unit)
{
  GPtrArray *fields = adj_ruleset_get_status_fields (rs);

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);

      if (f->hides_unit && adj_unit_get_status_bool (unit, f->name))
        return TRUE;
    }
  return FALSE;
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
  switch (f->kind)
    {
    case ADJ_FIELD_BOOL:
      if (adj_unit_get_status_bool (unit, f->name) != (f->def != 0))
        return adj_unit_get_status_bool (unit, f->name)
                 ? g_strdup (adj_gettext (f->label))
                 /* TRANSLATORS: a status that is off, e.g. "not Mounted" */
                 : g_strdup_printf (_("not %s"), adj_gettext (f->label));
      return NULL;
    case ADJ_FIELD_INT:
      if (adj_unit_get_status_int (unit, f->name) != f->def)
        return g_strdup_printf ("%s: %d", adj_gettext (f->label),
                           adj_unit_get_status_int (unit, f->name));
      return NULL;
    case ADJ_FIELD_ENUM:
      {
        const char *v = adj_unit_get_status_string (unit, f->name);

        if (v != NULL && g_strcmp0 (v, f->def_choice) != 0)
          return g_strdup_printf ("%s: %s", adj_gettext (f->label),
                             choice_label (self->ruleset, f, v));
      }
      return NULL;
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      return NULL;
    }
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
      switch (f->kind)
        {
        case ADJ_FIELD_ENUM:
          value = g_strdup (choice_label (self->ruleset, f, json_object_get_string (v)));
          break;
        case ADJ_FIELD_INT:
          if (json_object_get_int (v) != f->def)
            value = g_strdup_printf ("%d", json_object_get_int (v));
          break;
        case ADJ_FIELD_BOOL:
          if (json_object_get_boolean (v) != (f->def != 0))
            value = g_strdup (json_object_get_boolean (v) ? _("yes") : _("no"));
          break;
        case ADJ_FIELD_UNIT:
        case ADJ_FIELD_SIDE:
        default:
          break;
        }
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

static gboolean
add_side (AdjRoster  *self,
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
          unit_is_hidden (self->ruleset, unit))
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
static void
collect_reference (AdjRoster *self)
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

/* ---- measuring and recording ---- */

static PangoLayout *
new_layout (AdjRoster      *self,
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

static double
layout_height (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

static double
layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) (logical.x + logical.width) / PANGO_SCALE;
}

static double
layout_baseline (PangoLayout *layout)
{
  return (double) pango_layout_get_baseline (layout) / PANGO_SCALE;
}

/* Record @layout (taking it) at (x, y); returns its height. */
static double
add_layout (Block       *b,
            PangoLayout *layout,
            double       x,
            double       y)
{
  Op op = { .kind = OP_TEXT, .x = x, .y = y, .layout = layout };

  g_array_append_val (b->ops, op);
  return layout_height (layout);
}

static double
add_text (AdjRoster      *self,
          Block          *b,
          Style           style,
          const char     *text,
          double          x,
          double          y,
          double          width,
          PangoAlignment  align)
{
  PangoLayout *layout = new_layout (self, style, width, align);

  pango_layout_set_text (layout, text, -1);
  return add_layout (b, layout, x, y);
}

static double
add_markup (AdjRoster  *self,
            Block      *b,
            Style       style,
            const char *markup,
            double      x,
            double      y,
            double      width)
{
  PangoLayout *layout = new_layout (self, style, width, PANGO_ALIGN_LEFT);

  pango_layout_set_markup (layout, markup, -1);
  return add_layout (b, layout, x, y);
}

static void
add_box (Block        *b,
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

static void
add_line (Block  *b,
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
static void
move_ops (Block  *to,
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

static Block *
block_new (AdjRosterBlockKind  kind,
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
  PangoLayout *layout = new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
  double top;

  pango_layout_set_text (layout, label, -1);
  top = layout_baseline (layout) - STATUS_BOX + 0.5;
  add_box (chunk, x, top, STATUS_BOX, ADJ_ROSTER_BOX_STATUS, ticked);
  x += STATUS_BOX + 3;
  add_layout (chunk, layout, x, 0);
  return x + layout_width (layout);
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
    PangoLayout *layout = new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
    double top;

    pango_layout_set_text (layout, label, -1);
    top = layout_baseline (layout) - STATUS_BOX + 0.5;
    add_layout (chunk, layout, 0, 0);
    x = layout_width (layout) + 4;

    if (item->kind == ADJ_FIELD_INT && item->n_boxes == 0)
      {
        /* Too wide a range for boxes: a line to write the number on. */
        add_line (chunk, x, top + STATUS_BOX, x + 40, top + STATUS_BOX, 0.5);
        return x + 40;
      }
    if (item->kind == ADJ_FIELD_INT)
      {
        for (int i = 0; i < item->n_boxes; i++, x += STATUS_BOX + 2.5)
          add_box (chunk, x, top, STATUS_BOX, ADJ_ROSTER_BOX_STATUS, i < item->ticked);
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
      move_ops (b, chunk, x, y);
      x += w + 16;
    }
  return chunks->len > 0 ? y - y0 + line_height : 0;
}

static double
build_unit (AdjRoster *self,
            Block     *b,
            UnitInfo  *u,
            double     width)
{
  g_autoptr(GPtrArray) chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
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
      Block *chunk = block_new (ADJ_ROSTER_BLOCK_UNIT, NULL);
      double w = build_status_item (self, chunk, g_ptr_array_index (u->status, i));

      g_ptr_array_add (chunks, chunk);
      g_array_append_val (widths, w);
    }
  for (guint i = 0; i < u->facts->len; i++)
    {
      Block *chunk = block_new (ADJ_ROSTER_BLOCK_UNIT, NULL);
      PangoLayout *layout = new_layout (self, STYLE_NOTE, -1, PANGO_ALIGN_LEFT);
      double w;

      pango_layout_set_text (layout, g_ptr_array_index (u->facts, i), -1);
      add_layout (chunk, layout, 0, 0.5);
      w = layout_width (layout);
      g_ptr_array_add (chunks, chunk);
      g_array_append_val (widths, w);
    }
  for (guint i = 0; i < widths->len; i++)
    chunks_width += g_array_index (widths, double, i) + (i > 0 ? 16 : 0);
  beside_name = chunks->len > 0 && chunks_width <= tw - col[2];
  {
    PangoLayout *probe = new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
    pango_layout_set_text (probe, "Xg", -1);
    line_height = layout_height (probe);
    line_baseline = layout_baseline (probe);
    g_object_unref (probe);
  }

  name = new_layout (self, STYLE_UNIT, beside_name ? col[2] - CELL_GAP : tw, PANGO_ALIGN_LEFT);

  if (u->destroyed)
    {
      g_autofree char *markup =
        g_markup_printf_escaped ("<s>%s</s>   <span size='smaller'>%s</span>",
                                 u->name, _("DESTROYED"));
      pango_layout_set_markup (name, markup, -1);
    }
  else
    pango_layout_set_text (name, u->name, -1);
  baseline = layout_baseline (name);
  h = add_layout (b, name, TEXT_X, y);
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
        add_box (b, (i % BOXES_PER_ROW) * BOX_PITCH, top + (i / BOXES_PER_ROW) * BOX_PITCH, BOX,
                 ADJ_ROSTER_BOX_STRENGTH, u->destroyed || i >= u->boxes - u->lost);
      boxes_bottom = top + rows * BOX_PITCH - (BOX_PITCH - BOX);
    }
  else
    {
      g_autofree char *count = g_strdup_printf (_("%d figures"), u->boxes - u->lost);
      boxes_bottom = y + add_text (self, b, STYLE_BODY, count, 0, y, TEXT_X - 4,
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
        row = MAX (row, add_text (self, b, STYLE_BODY, cells[i], TEXT_X + col[i], y, cw,
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
      y += add_text (self, b, STYLE_NOTE, u->notes, TEXT_X, y, tw, PANGO_ALIGN_LEFT);
    }

  y = MAX (y, boxes_bottom) + BLOCK_PAD;
  add_line (b, 0, y, width, y, 0.3);
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
  h = add_text (self, b, STYLE_HEAD, s->has_figures ? _("Figures") : _("Stand"), 0, y,
                TEXT_X - 4, PANGO_ALIGN_LEFT);
  for (guint i = 0; i < 4; i++)
    {
      double cw = col[i + 1] - col[i] - (i < 3 ? CELL_GAP : 0);
      h = MAX (h, add_text (self, b, STYLE_HEAD, heads[i], TEXT_X + col[i], y, cw,
                            i == 3 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT));
    }
  y += h + 2;
  add_line (b, 0, y, width, y, 0.8);
  return y;
}

static double
build_side (AdjRoster *self,
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
      y += add_text (self, b, STYLE_UNIT, name, 0, y, width, PANGO_ALIGN_LEFT) + 5;
      return build_column_heads (self, b, s, y, width);
    }

  y += add_text (self, b, STYLE_SIDE, s->name, 0, y, width, PANGO_ALIGN_LEFT);
  add_line (b, 0, y + 1, width, y + 1, 1.2);
  y += 4;
  if (s->settings != NULL && s->settings[0] != '\0')
    y += add_markup (self, b, STYLE_BODY, s->settings, 0, y, width) + 1;
  for (guint i = 0; i < s->totals->len; i++)
    {
      TotalInfo *t = g_ptr_array_index (s->totals, i);
      g_autofree char *markup = NULL;

      if (t->ok)
        markup = g_markup_printf_escaped ("<b>%s:</b> %s", t->label, t->detail);
      else
        markup = g_markup_printf_escaped ("<b>%s:</b> %s   <b>\u2014 %s</b>", t->label,
                                          t->detail, _("limit not kept"));
      y += add_markup (self, b, STYLE_BODY, markup, 0, y, width);
    }
  if (s->has_values)
    {
      /* A line to keep the tally of losses on, in pencil. */
      PangoLayout *layout = new_layout (self, STYLE_BODY, -1, PANGO_ALIGN_LEFT);
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s:</b>", _("Points lost"));
      double w, base;

      pango_layout_set_markup (layout, markup, -1);
      w = layout_width (layout);
      base = layout_baseline (layout);
      y += 3;
      add_line (b, w + 6, y + base + 1.5, MIN (width, w + 6 + 220), y + base + 1.5, 0.5);
      y += add_layout (b, layout, 0, y);
    }
  y += 8;
  return build_column_heads (self, b, s, y, width);
}

static double
build_title (AdjRoster *self,
             Block     *b,
             double     width)
{
  g_autofree char *date = g_date_time_format (self->date, "%Y-%m-%d");
  g_autofree char *line = NULL;
  double y = 0;

  y += add_text (self, b, STYLE_TITLE, self->title, 0, y, width, PANGO_ALIGN_LEFT) + 2;
  /* TRANSLATORS: under a roster's title: the game system and the date it was printed */
  line = g_strdup_printf (_("%s \u00b7 printed %s"), adj_ruleset_get_name (self->ruleset), date);
  if (self->subtitle != NULL)
    {
      g_autofree char *with = g_strdup_printf ("%s \u00b7 %s", self->subtitle, line);
      g_free (line);
      line = g_steal_pointer (&with);
    }
  y += add_text (self, b, STYLE_SUBTITLE, line, 0, y, width, PANGO_ALIGN_LEFT);
  if (self->context != NULL)
    y += add_text (self, b, STYLE_SUBTITLE, self->context, 0, y, width, PANGO_ALIGN_LEFT);
  if (self->notes != NULL)
    y += 2 + add_text (self, b, STYLE_NOTE, self->notes, 0, y + 2, width, PANGO_ALIGN_LEFT);
  y += 16;
  return y;
}

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
          PangoLayout *layout = new_layout (self, r == 0 ? STYLE_TABLE_HEAD : STYLE_TABLE, -1,
                                            PANGO_ALIGN_LEFT);

          pango_layout_set_text (layout, row[c], -1);
          natural[c] = MAX (natural[c], layout_width (layout) + 1);
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

  y += add_text (self, b, STYLE_TABLE_TITLE, t->title, 0, y, width, PANGO_ALIGN_LEFT) + 2;
  for (guint r = 0; r <= t->rows->len; r++)
    {
      GStrv row = r == 0 ? t->header : g_ptr_array_index (t->rows, r - 1);
      double x = 0, h = 0;

      for (guint c = 0; c < t->n_columns; c++)
        {
          h = MAX (h, add_text (self, b, r == 0 ? STYLE_TABLE_HEAD : STYLE_TABLE, row[c], x,
                                y + 1.0, widths[c],
                                numeric[c] ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT));
          x += widths[c] + CELL_GAP;
        }
      y += h + 2.0;
      add_line (b, 0, y, width, y, r == 0 ? 0.8 : 0.25);
    }
  if (t->notes != NULL)
    y += 2 + add_text (self, b, STYLE_NOTE, t->notes, 0, y + 2, width, PANGO_ALIGN_LEFT);
  return y;
}

/* ---- pages ---- */

static void
place (AdjRoster *self,
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

static void
paginate_reference (AdjRoster *self,
                    guint     *page,
                    double     top,
                    double     bottom,
                    double     width)
{
  g_autofree char *heading = NULL;
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  g_autoptr(GArray) heights = g_array_new (FALSE, FALSE, sizeof (double));
  Block *b;
  double cw = (width - COLUMN_GAP) / 2;
  double y, column_top;
  guint n = self->tables->len;

  if (n == 0)
    return;

  *page += 1;
  b = block_new (ADJ_ROSTER_BLOCK_REFERENCE, NULL);
  /* TRANSLATORS: the heading of the page of tables, e.g. "Quick reference: When Empires Clash!" */
  heading = g_strdup_printf (_("Quick reference: %s"), adj_ruleset_get_name (self->ruleset));
  y = add_text (self, b, STYLE_SIDE, heading, 0, 0, width, PANGO_ALIGN_LEFT);
  add_line (b, 0, y + 1, width, y + 1, 1.2);
  place (self, b, *page, MARGIN, top, width, y + 1);
  column_top = top + y + 9;

  for (guint i = 0; i < n; i++)
    {
      TableInfo *t = g_ptr_array_index (self->tables, i);
      double h;

      b = block_new (ADJ_ROSTER_BLOCK_TABLE, t->title);
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
          place (self, g_ptr_array_steal_index (tables, 0), *page,
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
  struct {
    Style          style;
    const char    *text;
    double         y;
    PangoAlignment align;
  } pieces[] = {
    { STYLE_RUNNING_BOLD, self->title, MARGIN, PANGO_ALIGN_LEFT },
    { STYLE_RUNNING, adj_ruleset_get_name (self->ruleset), MARGIN, PANGO_ALIGN_RIGHT },
    { STYLE_RUNNING, printed, foot, PANGO_ALIGN_LEFT },
    { STYLE_RUNNING_BOLD, count, foot, PANGO_ALIGN_RIGHT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      /* The left piece may take most of the line; the right one (a system name, the page
       * count) is short.  Both are cut short with an ellipsis rather than overlap. */
      gboolean right = pieces[i].align == PANGO_ALIGN_RIGHT;
      g_autoptr(PangoLayout) layout = new_layout (self, pieces[i].style,
                                                  width * (right ? 0.34 : 0.64), pieces[i].align);

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
              }
            counts[op->box_kind]++;
          }
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

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
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
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  for (guint i = 0; i < N_STYLES; i++)
    g_clear_pointer (&self->fonts[i], pango_font_description_free);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->date, g_date_time_unref);
  g_clear_pointer (&self->track, g_strfreev);
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

  self->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) side_info_free);
  self->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_info_free);
  self->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
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

AdjRoster *
adj_roster_new_for_battle (AdjBattle   *battle,
                           const char  *only_side,
                           GError     **error)
{
  g_autoptr(AdjRoster) self = NULL;
  GPtrArray *sides;
  AdjSide *wanted = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  sides = adj_battle_get_sides (battle);
  if (only_side != NULL)
    {
      wanted = find_side (battle, only_side);
      if (wanted == NULL)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint i = 0; i < sides->len; i++)
            {
              AdjSide *side = g_ptr_array_index (sides, i);
              g_string_append_printf (known, "%s%s (“%s”)", i > 0 ? ", " : "", side->id,
                                      side->name);
            }
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                       _("The battle has no side “%s” (its sides: %s)"), only_side, known->str);
          return NULL;
        }
    }

  self = g_object_new (ADJ_TYPE_ROSTER, NULL);
  self->ruleset = adj_ruleset_ref (adj_battle_get_ruleset (battle));
  self->title = g_strdup (adj_battle_get_name (battle));
  self->context = sides_line (battle);
  {
    const AdjChoice *phase = adj_ruleset_find_phase (self->ruleset,
                                                     adj_battle_get_phase (battle));
    int max = adj_ruleset_get_max_turns (self->ruleset);
    g_autofree char *turn = max > 0
      ? g_strdup_printf (_("Turn %d of %d"), adj_battle_get_turn (battle), max)
      : g_strdup_printf (_("Turn %d"), adj_battle_get_turn (battle));

    self->subtitle = phase != NULL
      ? g_strdup_printf ("%s \u00b7 %s", turn, adj_gettext (phase->label))
      : g_steal_pointer (&turn);
  }
  collect_reference (self);

  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);

      if (wanted != NULL && side != wanted)
        continue;
      if (!add_side (self, battle, side, error))
        return NULL;
    }
  return g_steal_pointer (&self);
}

AdjRoster *
adj_roster_new_for_army (AdjArmy  *army,
                         GError  **error)
{
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRoster) self = NULL;

  g_return_val_if_fail (army != NULL, NULL);

  /* The units a battle would make of the list, named as they will be at the table. */
  battle = adj_battle_new (army->ruleset, army->name);
  if (!adj_battle_add_army (battle, "a", army, error))
    return NULL;

  self = g_object_new (ADJ_TYPE_ROSTER, NULL);
  self->ruleset = adj_ruleset_ref (army->ruleset);
  self->title = g_strdup (army->name);
  self->subtitle = g_strdup (_("Army list"));
  if (army->conflict != NULL)
    self->context = g_strdup (adj_gettext (army->conflict));
  if (army->notes != NULL && army->notes[0] != '\0')
    self->notes = g_strdup (adj_gettext (army->notes));
  collect_reference (self);
  if (!add_side (self, battle, g_ptr_array_index (adj_battle_get_sides (battle), 0), error))
    return NULL;
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

  b = block_new (ADJ_ROSTER_BLOCK_TITLE, NULL);
  h = build_title (self, b, width);
  place (self, b, page, MARGIN, y, width, h);
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
      b = block_new (ADJ_ROSTER_BLOCK_SIDE, s->id);
      h = build_side (self, b, s, width, FALSE);
      if (s->units->len > 0)
        {
          UnitInfo *first = g_ptr_array_index (s->units, 0);

          unit = block_new (ADJ_ROSTER_BLOCK_UNIT, first->id);
          unit_h = build_unit (self, unit, first, width);
        }
      /* Keep the heading with its first unit. */
      if (y + h + unit_h > bottom && y > top)
        {
          page++;
          y = top;
        }
      place (self, b, page, MARGIN, y, width, h);
      y += h;

      for (guint k = 0; k < s->units->len; k++)
        {
          if (unit == NULL)
            {
              UnitInfo *u = g_ptr_array_index (s->units, k);

              unit = block_new (ADJ_ROSTER_BLOCK_UNIT, u->id);
              unit_h = build_unit (self, unit, u, width);
            }
          if (y + unit_h > bottom)
            {
              Block *cont = block_new (ADJ_ROSTER_BLOCK_CONTINUED, s->id);
              double cont_h = build_side (self, cont, s, width, TRUE);

              page++;
              y = top;
              place (self, cont, page, MARGIN, y, width, cont_h);
              y += cont_h;
            }
          place (self, unit, page, MARGIN, y, width, unit_h);
          y += unit_h;
          unit = NULL;
        }
    }

  paginate_reference (self, &page, top, bottom, width);

  self->n_pages = page + 1;
  g_array_set_size (self->drawn, 0);
  g_array_set_size (self->drawn, self->n_pages * ADJ_ROSTER_N_BOX_KINDS);
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

  counts = &g_array_index (self->drawn, guint, page * ADJ_ROSTER_N_BOX_KINDS);
  memset (counts, 0, sizeof (guint) * ADJ_ROSTER_N_BOX_KINDS);

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
  cairo_status_t status;
  cairo_t *cr;
  double width, height;
  guint n;

  g_return_val_if_fail (ADJ_IS_ROSTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  adj_paper_get_size (paper, &width, &height);
  n = adj_roster_paginate (self, width, height);

  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, self->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Adjutant");
  cr = cairo_create (surface);
  for (guint page = 0; page < n; page++)
    {
      adj_roster_render_page (self, cr, page);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
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
    n += g_array_index (self->drawn, guint, page * ADJ_ROSTER_N_BOX_KINDS + kind);
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
