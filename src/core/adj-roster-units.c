/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-units.c: what the sheets of a roster say — for each side its settings, totals,
 * the turn's facts about it and the notes its units share; for each unit its details (only
 * the columns the system uses), its strength boxes, the record of each figure, and the states
 * a player ticks in pencil, as the game stands or, on a clean sheet, as it starts.  The
 * blocks are laid out from these in adj-roster-sheet.c. */

#define G_LOG_DOMAIN "adj-roster"

#include "config.h"

#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-cards.h"
#include "adj-i18n.h"
#include "adj-mechanic.h"
#include "adj-members.h"
#include "adj-roster-private.h"
#include "adj-ruleset.h"
#include "adj-turn-state.h"

/* A note printed with this many units or more is printed once, under the side's heading. */
#define SHARED_NOTE_UNITS 3

/* ---- freeing ---- */

static void
status_item_free (StatusItem *item)
{
  g_free (item->label);
  g_strfreev (item->choices);
  g_free (item);
}

static void
figure_info_free (FigureInfo *f)
{
  g_free (f->label);
  g_free (f);
}

static void
unit_info_free (UnitInfo *u)
{
  g_free (u->id);
  g_free (u->name);
  for (guint i = 0; i < N_COLUMNS; i++)
    g_free (u->cells[i]);
  g_free (u->notes);
  g_clear_pointer (&u->figures, g_ptr_array_unref);
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
  g_ptr_array_unref (s->facts);
  g_ptr_array_unref (s->notes);
  g_ptr_array_unref (s->legends);
  g_ptr_array_unref (s->units);
  g_free (s);
}

/* ---- the ruleset's "roster" key ---- */

static json_object *
layout_list (AdjRoster  *self,
             const char *key)
{
  json_object *list = NULL;

  if (self->layout == NULL || !json_object_object_get_ex (self->layout, key, &list))
    return NULL;
  return list;
}

static gboolean
layout_has (AdjRoster  *self,
            const char *key,
            const char *id)
{
  json_object *list = layout_list (self, key);

  for (gsize i = 0; list != NULL && i < json_object_array_length (list); i++)
    if (g_str_equal (json_object_get_string (json_object_array_get_idx (list, i)), id))
      return TRUE;
  return FALSE;
}

/* Whether the roster boxes @field; if so, the label of its box (NULL: the field's) and the
 * value of a switch that ticks it. */
static gboolean
field_is_tracked (AdjRoster       *self,
                  const AdjField  *field,
                  const char     **label,
                  gboolean        *ticked_when)
{
  json_object *track = layout_list (self, "track");

  *label = NULL;
  *ticked_when = TRUE;
  if (field->secret)
    return FALSE;
  if (track == NULL)
    return field->kind == ADJ_FIELD_BOOL && !field->per_turn;
  for (gsize i = 0; i < json_object_array_length (track); i++)
    {
      json_object *item = json_object_array_get_idx (track, i);
      json_object *v = NULL;

      if (json_object_is_type (item, json_type_string))
        {
          if (g_str_equal (json_object_get_string (item), field->name))
            return TRUE;
          continue;
        }
      if (!g_str_equal (json_object_get_string (json_object_object_get (item, "field")),
                        field->name))
        continue;
      if (json_object_object_get_ex (item, "label", &v))
        *label = json_object_get_string (v);
      if (json_object_object_get_ex (item, "ticked_when", &v))
        *ticked_when = json_object_get_boolean (v);
      return TRUE;
    }
  return FALSE;
}

/* ---- the texts ---- */

char *
roster_format_distance (AdjDistanceUnit unit,
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

/* A weapon and how far it reaches: its range bands where the ruleset prints them
 * ("Rifle 30 / 90 / 180 cm"), else its one range ("Single-shot rifle (2 squares)"). */
static char *
weapon_text (AdjRoster       *self,
             const AdjWeapon *weapon)
{
  AdjDistanceUnit dist = adj_ruleset_get_distance_unit (self->ruleset);
  json_object *bands = layout_list (self, "ranges");
  json_object *rules = NULL;
  g_autofree char *range = NULL;

  if (bands != NULL)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      gsize n = json_object_array_length (bands), found = 0;

      json_object_object_get_ex (weapon->json, "rules", &rules);
      for (gsize i = 0; rules != NULL && i < n; i++)
        {
          const char *band = json_object_get_string (json_object_array_get_idx (bands, i));
          json_object *v = NULL;

          if (!json_object_object_get_ex (rules, band, &v))
            continue;
          found++;
          if (i + 1 < n)
            g_string_append_printf (text, "%d / ", json_object_get_int (v));
          else
            {
              g_autofree char *last = roster_format_distance (dist, json_object_get_int (v));
              g_string_append (text, last);
            }
        }
      if (found == n)
        {
          self->ranges = TRUE;
          /* TRANSLATORS: a weapon and its range bands, e.g. "Rifle 30 / 90 / 180 cm" */
          return g_strdup_printf (_("%s %s"), adj_gettext (weapon->label), text->str);
        }
      if (found == 0 && weapon->range <= 0)
        /* TRANSLATORS: a weapon with no range: it fights hand to hand only */
        return g_strdup_printf (_("%s (melee only)"), adj_gettext (weapon->label));
    }

  if (weapon->range > 0)
    range = roster_format_distance (dist, weapon->range);
  else if (weapon->range == 0)
    range = g_strdup (_("contact"));
  if (range == NULL)
    return g_strdup (adj_gettext (weapon->label));
  self->ranges = TRUE;
  /* TRANSLATORS: a weapon and its range, e.g. "Single-shot rifle (2 squares)" */
  return g_strdup_printf (_("%s (%s)"), adj_gettext (weapon->label), range);
}

/* A status field's value on the sheet: the unit's, or on a clean sheet its default. */
static json_object *
field_value (AdjRoster      *self,
             const AdjField *f,
             AdjUnit        *unit,
             json_object   **owned)
{
  json_object *v = NULL;

  *owned = NULL;
  if ((self->flags & ADJ_ROSTER_CLEAN) == 0 &&
      json_object_object_get_ex (adj_unit_get_status (unit), f->name, &v) && v != NULL)
    return v;
  *owned = adj_field_default_json (f);
  return *owned;
}

static StatusItem *
status_item_new (AdjRoster      *self,
                 const AdjField *f,
                 const char     *label,
                 gboolean        ticked_when,
                 AdjUnit        *unit)
{
  StatusItem *item = g_new0 (StatusItem, 1);
  g_autoptr(json_object) owned = NULL;
  json_object *value = field_value (self, f, unit, &owned);

  item->label = g_strdup (adj_gettext (label != NULL ? label : f->label));
  item->kind = f->kind;
  switch (f->kind)
    {
    case ADJ_FIELD_BOOL:
      item->n_boxes = 1;
      item->ticked = json_object_get_boolean (value) == ticked_when ? 1 : 0;
      break;
    case ADJ_FIELD_INT:
      item->n_boxes = f->max - f->min <= MAX_INT_BOXES ? f->max - f->min : 0;
      item->ticked = CLAMP (json_object_get_int (value) - f->min, 0, item->n_boxes);
      break;
    case ADJ_FIELD_ENUM:
      {
        guint n = 0, k = 0;
        const AdjChoice *choices = adj_ruleset_field_choices (self->ruleset, f, &n);
        const char *current = json_object_get_string (value);

        /* The default state is no box ticked: the others get one each. */
        item->choices = g_new0 (char *, n + 1);
        item->ticked = -1;
        for (guint i = 0; i < n; i++)
          {
            if (g_strcmp0 (f->def_choice, choices[i].id) == 0)
              continue;
            if (g_strcmp0 (current, choices[i].id) == 0)
              item->ticked = (int) k;
            item->choices[k++] = g_strdup (adj_gettext (choices[i].label));
          }
        item->n_boxes = (int) k;
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

  /* A clean sheet shows how the unit is set up, not what happened to it in the game. */
  if ((self->flags & ADJ_ROSTER_CLEAN) != 0 && layout_has (self, "in_play", f->name))
    return NULL;
  /* Most states are worth a word only when they differ from the usual; what describes the unit
   * (its brigade) is always said. */
  if (!json_object_object_get_ex (adj_unit_get_status (unit), f->name, &v) || v == NULL ||
      (adj_field_value_is_default (f, v) && !layout_has (self, "describe", f->name)))
    return NULL;
  if (f->kind == ADJ_FIELD_BOOL)
    return json_object_get_boolean (v)
             ? g_strdup (adj_gettext (f->label))
             /* TRANSLATORS: a status that is off, e.g. "not Mounted" */
             : g_strdup_printf (_("not %s"), adj_gettext (f->label));
  value = adj_field_value_to_text (self->ruleset, f, v);
  return g_strdup_printf ("%s: %s", adj_gettext (f->label), value);
}

/* The figures of a unit that keeps a record of each, with a box for each step of the fields
 * the ruleset boxes; NULL when it keeps none or the ruleset boxes none of it. */
static GPtrArray *
figures_new (AdjRoster *self,
             AdjUnit   *unit)
{
  const AdjMemberSchema *schema = adj_ruleset_get_member_schema (self->ruleset);
  json_object *members = adj_unit_get_members (unit);
  json_object *track = layout_list (self, "member_track");
  const AdjField *role = schema != NULL ? adj_member_schema_find_field (schema, "role") : NULL;
  GPtrArray *figures;

  if (schema == NULL || members == NULL || track == NULL || json_object_array_length (track) == 0)
    return NULL;
  figures = g_ptr_array_new_with_free_func ((GDestroyNotify) figure_info_free);
  for (gsize i = 0; i < json_object_array_length (members); i++)
    {
      json_object *m = json_object_array_get_idx (members, i);
      FigureInfo *f = g_new0 (FigureInfo, 1);
      json_object *v = NULL;
      gboolean clean = (self->flags & ADJ_ROSTER_CLEAN) != 0;

      if (json_object_object_get_ex (m, ADJ_MEMBER_NAME, &v) && json_object_get_string_len (v) > 0)
        f->label = g_strdup (json_object_get_string (v));
      else if (role != NULL && json_object_object_get_ex (m, role->name, &v) &&
               !adj_field_value_is_default (role, v))
        f->label = adj_field_value_to_text (self->ruleset, role, v);
      else
        f->label = g_strdup_printf ("%" G_GSIZE_FORMAT, i + 1);
      f->lost = !clean && json_object_object_get_ex (m, ADJ_MEMBER_LOST, &v) &&
                json_object_get_boolean (v);
      for (gsize k = 0; k < json_object_array_length (track); k++)
        {
          const AdjField *field = adj_member_schema_find_field (
            schema, json_object_get_string (json_object_array_get_idx (track, k)));
          int value = field->def;

          if (!clean && json_object_object_get_ex (m, field->name, &v))
            value = field->kind == ADJ_FIELD_BOOL ? json_object_get_boolean (v)
                                                  : json_object_get_int (v);
          if (field->kind == ADJ_FIELD_BOOL)
            {
              f->n_marks += 1;
              f->marked += value ? 1 : 0;
            }
          else
            {
              f->n_marks += field->max - field->min;
              f->marked += CLAMP (value - field->min, 0, field->max - field->min);
            }
        }
      g_ptr_array_add (figures, f);
    }
  return figures;
}

/* What the boxes after a figure's name stand for, once for the side. */
static char *
figures_legend (AdjRoster *self)
{
  const AdjMemberSchema *schema = adj_ruleset_get_member_schema (self->ruleset);
  json_object *track = layout_list (self, "member_track");
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append (text, _("Figures: a box for each, crossed when he is out of the game; "
                           "after his name, a ring to fill in for each of these:"));
  for (gsize k = 0; k < json_object_array_length (track); k++)
    {
      const AdjField *field = adj_member_schema_find_field (
        schema, json_object_get_string (json_object_array_get_idx (track, k)));

      g_string_append_printf (text, " %s.", adj_gettext (field->label));
      if (field->hint != NULL)
        g_string_append_printf (text, " %s", adj_gettext (field->hint));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static UnitInfo *
unit_info_new (AdjRoster *self,
               AdjBattle *battle,
               AdjTables *tables,
               AdjUnit   *unit,
               SideInfo  *s)
{
  AdjRuleset *rs = self->ruleset;
  const AdjSystem *system = adj_ruleset_get_system (rs);
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  const AdjWeapon *weapon = adj_ruleset_find_weapon (rs, adj_unit_get_weapon (unit));
  GPtrArray *fields = adj_ruleset_get_status_fields (rs);
  gboolean clean = (self->flags & ADJ_ROSTER_CLEAN) != 0;
  AdjRosterUnit hints = { 0 };
  UnitInfo *u = g_new0 (UnitInfo, 1);
  int figures = adj_unit_get_figures (unit);

  if (system != NULL && system->roster_unit != NULL)
    system->roster_unit (battle, tables, unit, &hints);

  u->id = g_strdup (adj_unit_get_id (unit));
  u->name = g_strdup (adj_unit_get_name (unit));
  u->destroyed = !clean && adj_unit_get_destroyed (unit);
  u->status = g_ptr_array_new_with_free_func ((GDestroyNotify) status_item_free);
  u->facts = g_ptr_array_new_with_free_func (g_free);

  if (adj_unit_get_rating (unit) != NULL)
    {
      const AdjChoice *rating = adj_ruleset_find_rating (rs, adj_unit_get_rating (unit));

      /* TRANSLATORS: a unit's type and its rating, e.g. "Regular infantry, rated Good" */
      u->cells[COLUMN_TYPE] = g_strdup_printf (_("%s, rated %s"), adj_gettext (type->label),
                                               rating != NULL ? adj_gettext (rating->label)
                                                              : adj_unit_get_rating (unit));
    }
  else
    u->cells[COLUMN_TYPE] = g_strdup (adj_gettext (type->label));
  if (weapon != NULL)
    u->cells[COLUMN_WEAPON] = weapon_text (self, weapon);
  if (hints.move != NULL)
    u->cells[COLUMN_MOVE] = g_steal_pointer (&hints.move);
  else if (type->move >= 0)
    u->cells[COLUMN_MOVE] = roster_format_distance (adj_ruleset_get_distance_unit (rs),
                                                    type->move);
  if (!clean && adj_unit_get_card (unit) != NULL)
    {
      AdjCard card;

      if (adj_card_parse (adj_unit_get_card (unit), &card))
        u->cells[COLUMN_CARD] = g_strdup (adj_card_short_name (card));
    }
  if (type->value >= 0)
    u->cells[COLUMN_VALUE] = g_strdup_printf ("%d", type->value);
  if (adj_unit_get_notes (unit) != NULL && adj_unit_get_notes (unit)[0] != '\0')
    u->notes = g_strdup (adj_unit_get_notes (unit));

  /* Strength: what the system counts (strength points), a record per figure, the figures of
   * a full unit, or the one stand. */
  u->figures = figures_new (self, unit);
  if (hints.boxes > 0)
    {
      u->boxes = hints.boxes;
      u->lost = clean ? 0 : CLAMP (hints.lost, 0, u->boxes);
      u->turn_over = hints.turn_over;
      if (hints.boxes_note != NULL && !g_ptr_array_find_with_equal_func (s->legends,
                                                                         hints.boxes_note,
                                                                         g_str_equal, NULL))
        g_ptr_array_add (s->legends, g_strdup (hints.boxes_note));
      s->boxes_head = _("Strength");
    }
  else if (adj_unit_get_members (unit) != NULL && adj_unit_get_n_members (unit) > 0)
    {
      u->boxes = (int) adj_unit_get_n_members (unit);
      u->lost = clean ? 0 : CLAMP (u->boxes - figures, 0, u->boxes);
    }
  else if (type->figures > 1)
    {
      u->boxes = clean ? type->figures : MAX (type->figures, figures);
      u->lost = clean ? 0 : CLAMP (u->boxes - figures, 0, u->boxes);
    }
  else
    {
      u->boxes = 1;
      u->lost = u->destroyed ? 1 : 0;
    }
  if (type->figures > 1 && s->boxes_head == NULL)
    s->boxes_head = _("Figures");
  if (u->destroyed)
    u->lost = u->boxes;

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      const char *label;
      gboolean when;

      if (f->secret || !adj_field_applies_to (f, type->category) ||
          (hints.omit != NULL && g_strv_contains (hints.omit, f->name)))
        continue;
      if (field_is_tracked (self, f, &label, &when))
        g_ptr_array_add (u->status, status_item_new (self, f, label, when, unit));
      else if (!f->per_turn)
        {
          char *fact = status_fact (self, f, unit);
          if (fact != NULL)
            g_ptr_array_add (u->facts, fact);
        }
    }
  g_free (hints.move);
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

/* A note many units carry is printed once under the side's heading, numbered; each unit then
 * points to it. */
static void
share_notes (SideInfo *s)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < s->units->len; i++)
    {
      UnitInfo *u = g_ptr_array_index (s->units, i);
      guint n;

      if (u->notes == NULL)
        continue;
      n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, u->notes));
      g_hash_table_insert (counts, g_strdup (u->notes), GUINT_TO_POINTER (n + 1));
    }
  for (guint i = 0; i < s->units->len; i++)
    {
      UnitInfo *u = g_ptr_array_index (s->units, i);
      guint at;

      if (u->notes == NULL ||
          GPOINTER_TO_UINT (g_hash_table_lookup (counts, u->notes)) < SHARED_NOTE_UNITS)
        continue;
      if (!g_ptr_array_find_with_equal_func (s->notes, u->notes, g_str_equal, &at))
        {
          g_ptr_array_add (s->notes, g_strdup (u->notes));
          at = s->notes->len - 1;
        }
      u->note_ref = (int) at + 1;
      g_clear_pointer (&u->notes, g_free);
    }
}

/* The turn's facts about @side ("losses:a"), as markup lines. */
static void
side_facts (SideInfo  *s,
            GPtrArray *facts)
{
  g_autofree char *suffix = g_strdup_printf (":%s", s->id);

  for (guint i = 0; facts != NULL && i < facts->len; i++)
    {
      AdjTurnFact *fact = g_ptr_array_index (facts, i);

      if (g_str_has_suffix (fact->id, suffix))
        g_ptr_array_add (s->facts, g_markup_printf_escaped ("<b>%s:</b> %s", fact->label,
                                                            fact->value));
    }
}

gboolean
roster_add_side (AdjRoster  *self,
                 AdjBattle  *battle,
                 AdjSide    *side,
                 AdjTables  *tables,
                 GPtrArray  *facts,
                 GError    **error)
{
  SideInfo *s = g_new0 (SideInfo, 1);
  g_autoptr(GPtrArray) printed = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(AdjArmy) army = NULL;
  g_autoptr(AdjArmyReport) report = NULL;
  GListModel *units = adj_battle_get_units (battle);
  gboolean figures = FALSE;

  s->id = g_strdup (side->id);
  s->name = g_strdup (side->name);
  s->units = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_info_free);
  s->totals = g_ptr_array_new_with_free_func ((GDestroyNotify) total_info_free);
  s->facts = g_ptr_array_new_with_free_func (g_free);
  s->notes = g_ptr_array_new_with_free_func (g_free);
  s->legends = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->sides, s);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type;
      UnitInfo *u;

      if (!g_str_equal (adj_unit_get_side (unit), side->id) ||
          adj_battle_unit_is_hidden (battle, unit))
        continue;
      type = adj_battle_unit_type (battle, unit);
      /* Markers and the like stand for no troops a player commands. */
      if (!adj_ruleset_lists_category (adj_battle_get_ruleset (battle), type->category))
        continue;
      s->has_values = s->has_values || type->value >= 0;
      u = unit_info_new (self, battle, tables, unit, s);
      figures = figures || u->figures != NULL;
      g_ptr_array_add (s->units, u);
      g_ptr_array_add (printed, g_object_ref (unit));
    }
  if (s->boxes_head == NULL)
    s->boxes_head = _("Stand");
  if (figures)
    g_ptr_array_add (s->legends, figures_legend (self));
  share_notes (s);
  if ((self->flags & ADJ_ROSTER_CLEAN) == 0)
    side_facts (s, facts);
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

void
roster_choose_columns (AdjRoster *self)
{
  memset (self->columns, 0, sizeof self->columns);
  self->columns[COLUMN_TYPE] = TRUE;
  /* A place for the card is there to be written in, whether a card is dealt yet or not. */
  if (self->layout != NULL)
    {
      json_object *card = NULL;

      self->columns[COLUMN_CARD] = json_object_object_get_ex (self->layout, "card", &card) &&
                                   json_object_get_boolean (card);
    }
  for (guint i = 0; i < self->sides->len; i++)
    {
      SideInfo *s = g_ptr_array_index (self->sides, i);

      for (guint k = 0; k < s->units->len; k++)
        {
          UnitInfo *u = g_ptr_array_index (s->units, k);

          for (guint c = 0; c < N_COLUMNS; c++)
            if (c != COLUMN_CARD && u->cells[c] != NULL)
              self->columns[c] = TRUE;
        }
    }
  self->bands = layout_list (self, "ranges") != NULL;
}
