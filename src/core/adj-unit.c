/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit.c: one unit in a battle.
 *
 * A unit is a plain holder of values; the battle owns the rules of what may change and
 * records every change in the journal.  Each change emits "changed" so that a list row can
 * redraw itself alone.
 */

#define G_LOG_DOMAIN "adj-unit"

#include "config.h"

#include <string.h>

#include "adj-json.h"
#include "adj-members.h"
#include "adj-unit.h"

struct _AdjUnit {
  GObject      parent_instance;
  /* The id and the name are kept as JSON strings, which a record of the unit (its file, a
   * deal's order of play) takes a reference to rather than a copy; id and name are their
   * text. */
  json_object *id_value;
  json_object *name_value;
  const char  *id;
  char        *side;
  const char  *name;
  char        *type;
  char        *rating;
  char        *weapon;
  char        *notes;
  char        *card;         /* the card dealt to it this turn, "QH", or NULL */
  int          figures;
  gboolean     destroyed;
  json_object *status;
  json_object *members;      /* one record per figure (an array), or NULL */
};

G_DEFINE_FINAL_TYPE (AdjUnit, adj_unit, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_SIDE,
  PROP_NAME,
  PROP_TYPE_ID,
  PROP_FIGURES,
  PROP_DESTROYED,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
adj_unit_finalize (GObject *object)
{
  AdjUnit *self = ADJ_UNIT (object);

  json_object_put (self->id_value);
  g_free (self->side);
  json_object_put (self->name_value);
  g_free (self->type);
  g_free (self->rating);
  g_free (self->weapon);
  g_free (self->notes);
  g_free (self->card);
  json_object_put (self->status);
  json_object_put (self->members);

  G_OBJECT_CLASS (adj_unit_parent_class)->finalize (object);
}

static void
adj_unit_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  AdjUnit *self = ADJ_UNIT (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_SIDE:
      g_value_set_string (value, self->side);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_TYPE_ID:
      g_value_set_string (value, self->type);
      break;
    case PROP_FIGURES:
      g_value_set_int (value, self->figures);
      break;
    case PROP_DESTROYED:
      g_value_set_boolean (value, self->destroyed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adj_unit_class_init (AdjUnitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adj_unit_finalize;
  object_class->get_property = adj_unit_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE] =
    g_param_spec_string ("side", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TYPE_ID] =
    g_param_spec_string ("type-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FIGURES] =
    g_param_spec_int ("figures", NULL, NULL, 0, G_MAXINT, 1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DESTROYED] =
    g_param_spec_boolean ("destroyed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AdjUnit::changed:
   * @field: the journal name of the field that changed
   *
   * Emitted after any field of the unit changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
adj_unit_init (AdjUnit *self)
{
  self->status = json_object_new_object ();
  self->figures = 1;
}

AdjUnit *
adj_unit_new (const char *id,
              const char *side,
              const char *name,
              const char *type)
{
  AdjUnit *self;

  g_return_val_if_fail (id != NULL && side != NULL && name != NULL && type != NULL, NULL);

  self = g_object_new (ADJ_TYPE_UNIT, NULL);
  self->id_value = json_object_new_string (id);
  self->id = json_object_get_string (self->id_value);
  self->side = g_strdup (side);
  self->name_value = json_object_new_string (name);
  self->name = json_object_get_string (self->name_value);
  self->type = g_strdup (type);
  return self;
}

const char *adj_unit_get_id (AdjUnit *unit) { return unit->id; }
const char *adj_unit_get_side (AdjUnit *unit) { return unit->side; }
const char *adj_unit_get_name (AdjUnit *unit) { return unit->name; }

json_object *
adj_unit_id_to_json (AdjUnit *unit)
{
  g_return_val_if_fail (ADJ_IS_UNIT (unit), NULL);
  return json_object_get (unit->id_value);
}

json_object *
adj_unit_name_to_json (AdjUnit *unit)
{
  g_return_val_if_fail (ADJ_IS_UNIT (unit), NULL);
  return json_object_get (unit->name_value);
}
const char *adj_unit_get_type_id (AdjUnit *unit) { return unit->type; }
const char *adj_unit_get_rating (AdjUnit *unit) { return unit->rating; }
const char *adj_unit_get_weapon (AdjUnit *unit) { return unit->weapon; }
const char *adj_unit_get_notes (AdjUnit *unit) { return unit->notes; }
const char *adj_unit_get_card (AdjUnit *unit) { return unit->card; }
int adj_unit_get_figures (AdjUnit *unit) { return unit->figures; }
gboolean adj_unit_get_destroyed (AdjUnit *unit) { return unit->destroyed; }
json_object *adj_unit_get_status (AdjUnit *unit) { return unit->status; }
json_object *adj_unit_get_members (AdjUnit *unit) { return unit->members; }

guint
adj_unit_get_n_members (AdjUnit *unit)
{
  g_return_val_if_fail (ADJ_IS_UNIT (unit), 0);
  return unit->members != NULL ? (guint) json_object_array_length (unit->members) : 0;
}

gboolean
adj_unit_get_status_bool (AdjUnit    *unit,
                          const char *field)
{
  json_object *v;

  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);
  return json_object_object_get_ex (unit->status, field, &v) && json_object_get_boolean (v);
}

int
adj_unit_get_status_int (AdjUnit    *unit,
                         const char *field)
{
  json_object *v;

  g_return_val_if_fail (ADJ_IS_UNIT (unit), 0);
  return json_object_object_get_ex (unit->status, field, &v) ? json_object_get_int (v) : 0;
}

const char *
adj_unit_get_status_string (AdjUnit    *unit,
                            const char *field)
{
  json_object *v;

  g_return_val_if_fail (ADJ_IS_UNIT (unit), NULL);
  if (json_object_object_get_ex (unit->status, field, &v) &&
      json_object_is_type (v, json_type_string))
    return json_object_get_string (v);
  return NULL;
}

static json_object *
string_or_null (const char *s)
{
  return s != NULL ? json_object_new_string (s) : NULL;
}

json_object *
adj_unit_get_field (AdjUnit    *unit,
                    const char *field)
{
  g_return_val_if_fail (ADJ_IS_UNIT (unit), NULL);

  if (g_str_has_prefix (field, "status."))
    {
      json_object *v = NULL;
      json_object_object_get_ex (unit->status, field + strlen ("status."), &v);
      return json_object_get (v);
    }
  /* Copies: a change keeps the value it read, and members are later changed in place. */
  if (g_str_equal (field, "members"))
    return adj_json_copy (unit->members);
  if (g_str_has_prefix (field, "members."))
    {
      guint index;
      const char *key;

      if (adj_members_parse_path (field, &index, &key))
        return adj_json_copy (adj_member_get (unit->members, index, key));
    }
  if (g_str_equal (field, "name"))
    return json_object_get (unit->name_value);
  if (g_str_equal (field, "side"))
    return string_or_null (unit->side);
  if (g_str_equal (field, "type"))
    return string_or_null (unit->type);
  if (g_str_equal (field, "rating"))
    return string_or_null (unit->rating);
  if (g_str_equal (field, "weapon"))
    return string_or_null (unit->weapon);
  if (g_str_equal (field, "notes"))
    return string_or_null (unit->notes);
  if (g_str_equal (field, "card"))
    return string_or_null (unit->card);
  if (g_str_equal (field, "figures"))
    return json_object_new_int (unit->figures);
  if (g_str_equal (field, "destroyed"))
    return json_object_new_boolean (unit->destroyed);
  g_critical ("a unit has no field “%s”", field);
  return NULL;
}

static void
replace_string (char       **slot,
                json_object *value)
{
  g_free (*slot);
  *slot = json_object_is_type (value, json_type_string) ? g_strdup (json_object_get_string (value))
                                                       : NULL;
}

static gboolean
set_member_field (AdjUnit     *unit,
                  const char  *field,
                  json_object *value)
{
  guint index;
  const char *key;
  json_object *member;

  if (g_str_equal (field, "members"))
    {
      json_object_put (unit->members);
      unit->members = json_object_is_type (value, json_type_array) ? adj_json_copy (value) : NULL;
      return TRUE;
    }
  if (!adj_members_parse_path (field, &index, &key) || unit->members == NULL ||
      index >= json_object_array_length (unit->members))
    {
      g_critical ("a unit has no field “%s”", field);
      return FALSE;
    }
  member = json_object_array_get_idx (unit->members, index);
  if (value == NULL)
    json_object_object_del (member, key);
  else
    json_object_object_add (member, key, adj_json_copy (value));
  return TRUE;
}

/* With a record per figure, the figures are the members still in play.  TRUE when the count
 * changed. */
static gboolean
count_members (AdjUnit *unit)
{
  int n;

  if (unit->members == NULL)
    return FALSE;
  n = adj_members_count_in_play (unit->members);
  if (n == unit->figures)
    return FALSE;
  unit->figures = n;
  return TRUE;
}

void
adj_unit_set_field (AdjUnit     *unit,
                    const char  *field,
                    json_object *value)
{
  GParamSpec *pspec = NULL;

  g_return_if_fail (ADJ_IS_UNIT (unit));

  if (g_str_has_prefix (field, "status."))
    {
      const char *key = field + strlen ("status.");
      if (value == NULL)
        json_object_object_del (unit->status, key);
      else
        json_object_object_add (unit->status, key, json_object_get (value));
    }
  else if (g_str_equal (field, "members") || g_str_has_prefix (field, "members."))
    {
      if (!set_member_field (unit, field, value))
        return;
      pspec = count_members (unit) ? properties[PROP_FIGURES] : NULL;
    }
  else if (g_str_equal (field, "name"))
    {
      if (json_object_is_type (value, json_type_string))
        {
          json_object_put (unit->name_value);
          unit->name_value = json_object_new_string (json_object_get_string (value));
          unit->name = json_object_get_string (unit->name_value);
        }
      pspec = properties[PROP_NAME];
    }
  else if (g_str_equal (field, "side"))
    {
      if (json_object_is_type (value, json_type_string))
        replace_string (&unit->side, value);
      pspec = properties[PROP_SIDE];
    }
  else if (g_str_equal (field, "type"))
    {
      if (json_object_is_type (value, json_type_string))
        replace_string (&unit->type, value);
      pspec = properties[PROP_TYPE_ID];
    }
  else if (g_str_equal (field, "rating"))
    replace_string (&unit->rating, value);
  else if (g_str_equal (field, "weapon"))
    replace_string (&unit->weapon, value);
  else if (g_str_equal (field, "notes"))
    replace_string (&unit->notes, value);
  else if (g_str_equal (field, "card"))
    replace_string (&unit->card, value);
  else if (g_str_equal (field, "figures"))
    {
      unit->figures = json_object_get_int (value);
      pspec = properties[PROP_FIGURES];
    }
  else if (g_str_equal (field, "destroyed"))
    {
      unit->destroyed = json_object_get_boolean (value);
      pspec = properties[PROP_DESTROYED];
    }
  else
    {
      g_critical ("a unit has no field “%s”", field);
      return;
    }

  if (pspec != NULL)
    g_object_notify_by_pspec (G_OBJECT (unit), pspec);
  g_signal_emit (unit, signals[CHANGED], 0, field);
}

json_object *
adj_unit_to_json (AdjUnit *unit)
{
  json_object *obj = json_object_new_object ();

  json_object_object_add (obj, "id", json_object_get (unit->id_value));
  json_object_object_add (obj, "side", json_object_new_string (unit->side));
  json_object_object_add (obj, "name", json_object_get (unit->name_value));
  json_object_object_add (obj, "type", json_object_new_string (unit->type));
  if (unit->rating != NULL)
    json_object_object_add (obj, "rating", json_object_new_string (unit->rating));
  if (unit->weapon != NULL)
    json_object_object_add (obj, "weapon", json_object_new_string (unit->weapon));
  json_object_object_add (obj, "figures", json_object_new_int (unit->figures));
  json_object_object_add (obj, "destroyed", json_object_new_boolean (unit->destroyed));
  json_object_object_add (obj, "status", adj_json_copy (unit->status));
  if (unit->members != NULL)
    json_object_object_add (obj, "members", adj_json_copy (unit->members));
  if (unit->notes != NULL)
    json_object_object_add (obj, "notes", json_object_new_string (unit->notes));
  if (unit->card != NULL)
    json_object_object_add (obj, "card", json_object_new_string (unit->card));
  return obj;
}
