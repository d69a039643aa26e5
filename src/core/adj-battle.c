/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle.c: a battle, its journal, undo and redo. */

#define G_LOG_DOMAIN "adj-battle"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "adj-battle.h"
#include "adj-battle-private.h"
#include "adj-entry-odds.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-members.h"
#include "adj-migrate.h"
#include "adj-roll-setup.h"
#include "adj-tables.h"

G_DEFINE_FINAL_TYPE (AdjBattle, adj_battle, G_TYPE_OBJECT)

/* ---- the units, as a list model ---- */

static void adj_unit_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdjUnitList, adj_unit_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      adj_unit_list_model_init))

static void
adj_unit_list_finalize (GObject *object)
{
  g_ptr_array_unref (ADJ_UNIT_LIST (object)->units);
  G_OBJECT_CLASS (adj_unit_list_parent_class)->finalize (object);
}

static void
adj_unit_list_class_init (AdjUnitListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adj_unit_list_finalize;
}

static void
adj_unit_list_init (AdjUnitList *self)
{
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
}

static GType
adj_unit_list_get_item_type (GListModel *list)
{
  return ADJ_TYPE_UNIT;
}

static guint
adj_unit_list_get_n_items (GListModel *list)
{
  return ADJ_UNIT_LIST (list)->units->len;
}

static gpointer
adj_unit_list_get_item (GListModel *list,
                        guint       position)
{
  GPtrArray *units = ADJ_UNIT_LIST (list)->units;

  return position < units->len ? g_object_ref (g_ptr_array_index (units, position)) : NULL;
}

static void
adj_unit_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = adj_unit_list_get_item_type;
  iface->get_n_items = adj_unit_list_get_n_items;
  iface->get_item = adj_unit_list_get_item;
}

/* Insert @units (their references too) at @position, then say so once. */
void
adj_unit_list_insert (AdjUnitList *list,
                      guint        position,
                      AdjUnit    **units,
                      guint        n)
{
  guint len = list->units->len;

  if (n == 0)
    return;
  g_ptr_array_set_size (list->units, len + n);
  if (position < len)
    memmove (&list->units->pdata[position + n], &list->units->pdata[position],
             (len - position) * sizeof (gpointer));
  for (guint i = 0; i < n; i++)
    list->units->pdata[position + i] = g_object_ref (units[i]);
  g_list_model_items_changed (G_LIST_MODEL (list), position, 0, n);
}

static void
unit_list_remove (AdjUnitList *list,
                  guint        position)
{
  /* Held until the list has said so, for whoever is told. */
  AdjUnit *unit = g_ptr_array_steal_index (list->units, position);

  g_list_model_items_changed (G_LIST_MODEL (list), position, 1, 0);
  g_object_unref (unit);
}

enum {
  PROP_0,
  PROP_NAME,
  PROP_TURN,
  PROP_PHASE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  PROP_AUTOSAVE_ERROR,
  N_PROPS
};

enum {
  CHANGED,
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
side_free (AdjSide *side)
{
  g_free (side->id);
  g_free (side->name);
  json_object_put (side->settings);
  g_free (side);
}

static void
adj_battle_finalize (GObject *object)
{
  AdjBattle *self = ADJ_BATTLE (object);

  g_clear_pointer (&self->ruleset, adj_ruleset_unref);
  g_free (self->uid);
  g_free (self->name);
  g_free (self->phase);
  json_object_put (self->settings);
  json_object_put (self->secrets);
  g_ptr_array_unref (self->sides);
  g_hash_table_unref (self->unit_index);
  g_clear_object (&self->units);
  adj_pack_free (self->pack);
  self->journal = NULL;
  g_clear_object (&self->journal_items);
  g_free (self->autosave_path);
  g_free (self->autosave_error);
  g_free (self->file_path);
  g_free (self->disk_path);
  g_clear_pointer (&self->tables, adj_tables_unref);

  G_OBJECT_CLASS (adj_battle_parent_class)->finalize (object);
}

static void
adj_battle_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  AdjBattle *self = ADJ_BATTLE (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_TURN:
      g_value_set_int (value, self->turn);
      break;
    case PROP_PHASE:
      g_value_set_string (value, self->phase);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, adj_journal_can_undo (self->journal));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, adj_journal_can_redo (self->journal));
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, adj_battle_get_modified (self));
      break;
    case PROP_AUTOSAVE_ERROR:
      g_value_set_string (value, self->autosave_error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adj_battle_class_init (AdjBattleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adj_battle_finalize;
  object_class->get_property = adj_battle_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN] =
    g_param_spec_int ("turn", NULL, NULL, 1, G_MAXINT, 1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_string ("phase", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * AdjBattle:autosave-error:
   *
   * Why the last autosave could not be written, in full; %NULL while autosaves succeed.  While
   * it is set, a crash would lose what the battle's file does not hold.
   */
  properties[PROP_AUTOSAVE_ERROR] =
    g_param_spec_string ("autosave-error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AdjBattle::changed:
   *
   * Emitted after a journal entry was committed, undone or redone.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /**
   * AdjBattle::autosave-failed:
   * @message: what went wrong
   */
  signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
adj_battle_init (AdjBattle *self)
{
  self->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) side_free);
  self->units = g_object_new (ADJ_TYPE_UNIT_LIST, NULL);
  self->unit_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->journal_items = adj_journal_model_new ();
  self->journal = adj_journal_model_get_journal (self->journal_items);
  self->settings = json_object_new_object ();
  self->secrets = json_object_new_object ();
  self->turn = 1;
  self->next_unit = 1;
  adj_rng_seed_random (&self->rng);
}

void
adj_battle_fill_defaults (json_object *settings,
                          GPtrArray   *fields)
{
  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      if (!json_object_object_get_ex (settings, f->name, NULL))
        json_object_object_add (settings, f->name, adj_field_default_json (f));
    }
}

AdjBattle *
adj_battle_new (AdjRuleset *rs,
                const char *name)
{
  AdjBattle *self;
  const AdjChoice *first;

  g_return_val_if_fail (rs != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (ADJ_TYPE_BATTLE, NULL);
  self->ruleset = adj_ruleset_ref (rs);
  self->uid = g_uuid_string_random ();
  self->name = g_strdup (name);
  self->created = g_get_real_time () / G_USEC_PER_SEC;
  first = g_ptr_array_index (adj_ruleset_get_phases (rs), 0);
  self->phase = g_strdup (first->id);
  adj_battle_fill_defaults (self->settings, adj_ruleset_get_battle_fields (rs));
  adj_battle_ensure_pack (self);
  return self;
}

AdjRuleset *adj_battle_get_ruleset (AdjBattle *battle) { return battle->ruleset; }
const char *adj_battle_get_uid (AdjBattle *battle) { return battle->uid; }
const char *adj_battle_get_name (AdjBattle *battle) { return battle->name; }
int adj_battle_get_turn (AdjBattle *battle) { return battle->turn; }
const char *adj_battle_get_phase (AdjBattle *battle) { return battle->phase; }
json_object *adj_battle_get_settings (AdjBattle *battle) { return battle->settings; }
AdjRng *adj_battle_get_rng (AdjBattle *battle) { return &battle->rng; }
AdjJournal *adj_battle_get_journal (AdjBattle *battle) { return battle->journal; }
GListModel *adj_battle_get_units (AdjBattle *battle) { return G_LIST_MODEL (battle->units); }

AdjUnit *
adj_battle_peek_unit (AdjBattle *battle,
                      guint      position)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return position < battle->units->units->len ? g_ptr_array_index (battle->units->units, position)
                                              : NULL;
}

gboolean
adj_battle_get_unit_position (AdjBattle *battle,
                              AdjUnit   *unit,
                              guint     *position)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  return g_ptr_array_find (battle->units->units, unit, position);
}
GPtrArray *adj_battle_get_sides (AdjBattle *battle) { return battle->sides; }
const char *adj_battle_get_autosave_path (AdjBattle *battle) { return battle->autosave_path; }

guint
adj_battle_get_n_units (AdjBattle *battle)
{
  return battle->units->units->len;
}

AdjPack *
adj_battle_get_pack (AdjBattle *battle)
{
  return battle->pack;
}

void
adj_battle_ensure_pack (AdjBattle *battle)
{
  if (battle->pack != NULL)
    return;
  battle->pack = adj_pack_new (1);
  adj_pack_shuffle (battle->pack, &battle->rng);
}

AdjUnit *
adj_battle_find_unit (AdjBattle  *battle,
                      const char *id)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return id != NULL ? g_hash_table_lookup (battle->unit_index, id) : NULL;
}

AdjSide *
adj_battle_find_side (AdjBattle  *battle,
                      const char *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < battle->sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (battle->sides, i);
      if (g_str_equal (side->id, id))
        return side;
    }
  return NULL;
}

static json_object *
side_setting (AdjBattle  *battle,
              const char *side_id,
              const char *field)
{
  AdjSide *side = adj_battle_find_side (battle, side_id);
  json_object *v = NULL;

  if (side != NULL)
    json_object_object_get_ex (side->settings, field, &v);
  return v;
}

const char *
adj_battle_get_side_setting_string (AdjBattle  *battle,
                                    const char *side,
                                    const char *field)
{
  json_object *v = side_setting (battle, side, field);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

int
adj_battle_get_side_setting_int (AdjBattle  *battle,
                                 const char *side,
                                 const char *field)
{
  json_object *v = side_setting (battle, side, field);
  return v != NULL ? json_object_get_int (v) : 0;
}

const char *
adj_battle_get_secret (AdjBattle  *battle,
                       const char *name)
{
  json_object *v = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  json_object_object_get_ex (battle->secrets, name, &v);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

const AdjUnitType *
adj_battle_unit_type (AdjBattle *battle,
                      AdjUnit   *unit)
{
  return adj_ruleset_find_unit_type (battle->ruleset, adj_unit_get_type_id (unit));
}

int
adj_battle_unit_value (AdjBattle *battle,
                       AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  return type != NULL ? MAX (type->value, 0) : 0;
}

/* ---- building ---- */

gboolean
adj_battle_check_settings (AdjRuleset   *rs,
                           GPtrArray    *fields,
                           json_object  *settings,
                           const char   *file,
                           const char   *path,
                           GError      **error)
{
  if (!adj_json_expect_object (settings, file, path, error))
    return FALSE;
  json_object_object_foreach (settings, key, val)
    {
      g_autofree char *where = adj_json_path_key (path, key);
      const AdjField *field = NULL;
      g_autoptr(GError) local = NULL;

      for (guint i = 0; i < fields->len; i++)
        {
          const AdjField *f = g_ptr_array_index (fields, i);
          if (g_str_equal (f->name, key))
            field = f;
        }
      if (field == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("“%s” is not a setting of the ruleset “%s”"), key,
                              adj_ruleset_get_id (rs));
      if (!adj_field_check_json (rs, field, val, &local))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
    }
  return TRUE;
}

gboolean
adj_battle_check_side (AdjBattle    *battle,
                       const char   *id,
                       const char   *name,
                       json_object  *settings,
                       const char   *file,
                       const char   *path,
                       GError      **error)
{
  if (!adj_json_is_identifier (id))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("“%s” is not a valid side id"), id != NULL ? id : "");
  if (adj_battle_find_side (battle, id) != NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("the side id “%s” is used twice"), id);
  if (!adj_name_is_valid (name))
    /* TRANSLATORS: e.g. "the side’s name: expected a name of 1 to 200 characters …" */
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, _("the side’s name: %s"),
                          adj_name_rule ());
  if (battle->sides->len >= MAX_SIDES)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("a battle may have at most %d sides"), MAX_SIDES);
  if (settings != NULL)
    {
      g_autofree char *where = adj_json_path_key (path, "settings");
      return adj_battle_check_settings (battle->ruleset,
                                        adj_ruleset_get_side_fields (battle->ruleset),
                                        settings, file, where, error);
    }
  return TRUE;
}

AdjSide *
adj_battle_add_side (AdjBattle    *battle,
                     const char   *id,
                     const char   *name,
                     json_object  *settings,
                     GError      **error)
{
  AdjSide *side;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (!adj_battle_check_side (battle, id, name, settings, _("battle"), "$", error))
    return NULL;

  side = g_new0 (AdjSide, 1);
  side->id = g_strdup (id);
  side->name = g_strdup (name);
  side->settings = settings != NULL ? adj_json_copy (settings) : json_object_new_object ();
  adj_battle_fill_defaults (side->settings, adj_ruleset_get_side_fields (battle->ruleset));
  g_ptr_array_add (battle->sides, side);
  return side;
}

gboolean
adj_battle_check_name (const char  *name,
                       const char  *file,
                       const char  *path,
                       GError     **error)
{
  if (!adj_name_is_valid (name))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, "%s", adj_name_rule ());
  return TRUE;
}

/* A new name in a change: a string (anything else must fail with a message, not silently). */
static gboolean
check_name_value (json_object  *value,
                  const char   *field,
                  GError      **error)
{
  if (!json_object_is_type (value, json_type_string))
    /* TRANSLATORS: e.g. "expected a name of 1 to 200 characters …, found a number" */
    return adj_json_fail (error, ADJ_ERROR_INVALID, _("change"), field, _("%s, found %s"),
                          adj_name_rule (), adj_json_type_name (value));
  return adj_battle_check_name (json_object_get_string (value), _("change"), field, error);
}

gboolean
adj_battle_check_weapon (AdjRuleset         *rs,
                         const AdjUnitType  *type,
                         const char         *weapon,
                         GError            **error)
{
  if (adj_ruleset_find_weapon (rs, weapon) == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("“%s” is not a weapon of the ruleset “%s”"), weapon, adj_ruleset_get_id (rs));
      return FALSE;
    }
  if (!g_strv_contains (type->weapons, weapon))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("a unit of type “%s” cannot carry the weapon “%s”"), type->id, weapon);
      return FALSE;
    }
  return TRUE;
}

gboolean
adj_battle_check_status_value (AdjRuleset         *rs,
                               const AdjUnitType  *type,
                               const char         *key,
                               json_object        *value,
                               GError            **error)
{
  const AdjField *field = adj_ruleset_find_status_field (rs, key);

  if (field == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("“%s” is not a status field of the ruleset “%s”"), key,
                   adj_ruleset_get_id (rs));
      return FALSE;
    }
  if (!adj_field_applies_to (field, type->category))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("the status “%s” does not apply to a unit of type “%s”"), key, type->id);
      return FALSE;
    }
  return adj_field_check_json (rs, field, value, error);
}

void
adj_battle_note_unit_id (AdjBattle  *battle,
                         const char *id)
{
  if (id[0] == 'u' && g_ascii_isdigit (id[1]))
    {
      char *end = NULL;
      guint64 n = g_ascii_strtoull (id + 1, &end, 10);
      if (end != NULL && *end == '\0' && n < G_MAXUINT)
        battle->next_unit = MAX (battle->next_unit, (guint) n + 1);
    }
}

static AdjUnit *
insert_unit_at (AdjBattle    *battle,
                json_object  *json,
                guint         index,
                const char   *file,
                const char   *path,
                GError      **error)
{
  AdjUnit *unit;

  if (adj_battle_get_n_units (battle) >= MAX_UNITS)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                     _("a battle may have at most %d units"), MAX_UNITS);
      return NULL;
    }
  unit = adj_battle_unit_from_json (battle, json, file, path, error);
  if (unit == NULL)
    return NULL;
  if (g_hash_table_contains (battle->unit_index, adj_unit_get_id (unit)))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path, _("the unit id “%s” is used twice"),
                     adj_unit_get_id (unit));
      g_object_unref (unit);
      return NULL;
    }
  index = MIN (index, adj_battle_get_n_units (battle));
  adj_unit_list_insert (battle->units, index, &unit, 1);
  g_hash_table_insert (battle->unit_index, (gpointer) adj_unit_get_id (unit), unit);
  adj_battle_note_unit_id (battle, adj_unit_get_id (unit));
  g_object_unref (unit);
  return unit;
}

AdjUnit *
adj_battle_insert_unit (AdjBattle    *battle,
                        json_object  *json,
                        GError      **error)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return insert_unit_at (battle, json, G_MAXUINT, _("battle"), "$", error);
}

char *
adj_battle_new_unit_id (AdjBattle *battle)
{
  for (;;)
    {
      char *id = g_strdup_printf ("u%u", battle->next_unit++);
      if (!g_hash_table_contains (battle->unit_index, id))
        return id;
      g_free (id);
    }
}

void
adj_battle_renew_uid (AdjBattle *battle)
{
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  g_free (battle->uid);
  battle->uid = g_uuid_string_random ();
  battle->created = g_get_real_time () / G_USEC_PER_SEC;
}

void
adj_battle_set_seed (AdjBattle *battle,
                     guint64    seed)
{
  adj_rng_seed (&battle->rng, seed);
  g_clear_pointer (&battle->pack, adj_pack_free);
  adj_battle_ensure_pack (battle);
}

void
adj_battle_set_autosave_path (AdjBattle  *battle,
                              const char *path)
{
  g_free (battle->autosave_path);
  battle->autosave_path = g_strdup (path);
}

void
adj_battle_set_autosave_func (AdjBattle       *battle,
                              AdjAutosaveFunc  func)
{
  g_return_if_fail (ADJ_IS_BATTLE (battle));
  battle->autosave_func = func;
}

static gboolean
find_unit_index (AdjBattle  *battle,
                 const char *id,
                 guint      *index)
{
  AdjUnit *unit = adj_battle_find_unit (battle, id);

  return unit != NULL && adj_battle_get_unit_position (battle, unit, index);
}

/* ---- changes ---- */

static gboolean
check_set (AdjBattle    *battle,
           const char   *target,
           const char   *field,
           json_object  *value,
           GError      **error)
{
  AdjRuleset *rs = battle->ruleset;

  if (g_str_equal (target, "battle"))
    {
      if (g_str_equal (field, "name"))
        return check_name_value (value, field, error);
      if (g_str_equal (field, "turn"))
        {
          int max = adj_ruleset_get_max_turns (rs);
          gint64 v = json_object_get_int64 (value);
          if (json_object_is_type (value, json_type_int) && v >= 1 && v <= (max > 0 ? max : 100000))
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("the turn must be a whole number from 1 to %d"), max > 0 ? max : 100000);
          return FALSE;
        }
      if (g_str_equal (field, "pack"))
        {
          g_autoptr(AdjPack) pack = NULL;
          g_autoptr(GError) local = NULL;

          if (value == NULL)
            return TRUE;
          pack = adj_pack_from_json (value, _("change"), "pack", &local);
          if (pack != NULL)
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, "%s", local->message);
          return FALSE;
        }
      if (g_str_equal (field, "phase"))
        {
          if (json_object_is_type (value, json_type_string) &&
              adj_ruleset_find_phase (rs, json_object_get_string (value)) != NULL)
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("“%s” is not a phase of the ruleset “%s”"),
                       json_object_get_string (value), adj_ruleset_get_id (rs));
          return FALSE;
        }
      if (g_str_has_prefix (field, "settings."))
        {
          const AdjField *f = adj_ruleset_find_battle_field (rs, field + strlen ("settings."));
          if (f != NULL)
            return adj_field_check_json (rs, f, value, error);
        }
      if (g_str_has_prefix (field, "secrets.") &&
          adj_json_is_identifier (field + strlen ("secrets.")))
        {
          if (value == NULL || (json_object_is_type (value, json_type_string) &&
                                json_object_get_string_len (value) <= MAX_SECRET))
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected hidden information as a text of at most %d bytes"),
                       MAX_SECRET);
          return FALSE;
        }
    }
  else if (g_str_has_prefix (target, "side:"))
    {
      AdjSide *side = adj_battle_find_side (battle, target + strlen ("side:"));

      if (side == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no side “%s”"),
                       target + strlen ("side:"));
          return FALSE;
        }
      if (g_str_equal (field, "name"))
        return check_name_value (value, field, error);
      if (g_str_has_prefix (field, "settings."))
        {
          const AdjField *f = adj_ruleset_find_side_field (rs, field + strlen ("settings."));
          if (f != NULL)
            return adj_field_check_json (rs, f, value, error);
        }
    }
  else if (g_str_has_prefix (target, "unit:"))
    {
      AdjUnit *unit = adj_battle_find_unit (battle, target + strlen ("unit:"));
      const AdjUnitType *type;

      if (unit == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no unit “%s”"),
                       target + strlen ("unit:"));
          return FALSE;
        }
      type = adj_battle_unit_type (battle, unit);
      if (g_str_equal (field, "name"))
        return check_name_value (value, field, error);
      if (g_str_equal (field, "notes"))
        {
          if (value == NULL || json_object_is_type (value, json_type_string))
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected a text or null for “notes”, found %s"),
                       adj_json_type_name (value));
          return FALSE;
        }
      if (g_str_equal (field, "card"))
        {
          AdjCard card;

          if (value == NULL || (json_object_is_type (value, json_type_string) &&
                                adj_card_parse (json_object_get_string (value), &card)))
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected a card such as “10H” or “QS” for “card”"));
          return FALSE;
        }
      if (g_str_equal (field, "side"))
        {
          if (json_object_is_type (value, json_type_string) &&
              adj_battle_find_side (battle, json_object_get_string (value)) != NULL)
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("there is no such side"));
          return FALSE;
        }
      if (g_str_equal (field, "type"))
        {
          const AdjUnitType *t = json_object_is_type (value, json_type_string)
            ? adj_ruleset_find_unit_type (rs, json_object_get_string (value)) : NULL;
          if (t != NULL)
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("“%s” is not a unit type of the ruleset “%s”"),
                       json_object_get_string (value), adj_ruleset_get_id (rs));
          return FALSE;
        }
      if (g_str_equal (field, "rating"))
        {
          if (value == NULL || (json_object_is_type (value, json_type_string) &&
                                adj_ruleset_find_rating (rs, json_object_get_string (value))))
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("“%s” is not a rating of the ruleset “%s”"),
                       json_object_get_string (value), adj_ruleset_get_id (rs));
          return FALSE;
        }
      if (g_str_equal (field, "weapon"))
        {
          if (value == NULL)
            return TRUE;
          if (json_object_is_type (value, json_type_string))
            return adj_battle_check_weapon (rs, type, json_object_get_string (value), error);
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected a weapon id for “weapon”, found %s"),
                       adj_json_type_name (value));
          return FALSE;
        }
      if (g_str_equal (field, "members") || g_str_has_prefix (field, "members."))
        {
          const AdjMemberSchema *schema = adj_ruleset_get_member_schema (rs);
          guint index;
          const char *key;

          if (g_str_equal (field, "members"))
            return adj_members_check_list (rs, schema, type, value, error);
          if (adj_members_parse_path (field, &index, &key))
            return adj_members_check_value (rs, schema, type, adj_unit_get_members (unit), index,
                                            key, value, error);
        }
      if (g_str_equal (field, "figures") && adj_unit_get_members (unit) != NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("%s counts its figures from its record per figure: change the members "
                         "instead"), adj_unit_get_name (unit));
          return FALSE;
        }
      if (g_str_equal (field, "figures"))
        {
          if (json_object_is_type (value, json_type_int) &&
              json_object_get_int (value) >= 0 && json_object_get_int (value) <= 10000)
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("figures must be a whole number from 0 to 10000"));
          return FALSE;
        }
      if (g_str_equal (field, "destroyed"))
        {
          if (json_object_is_type (value, json_type_boolean))
            return TRUE;
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("expected true or false"));
          return FALSE;
        }
      if (g_str_has_prefix (field, "status."))
        {
          /* Removing a status value is how a change of type undoes a field that no longer
           * applies, so null is accepted. */
          if (value == NULL)
            return TRUE;
          return adj_battle_check_status_value (rs, type, field + strlen ("status."), value, error);
        }
    }
  else
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("“%s” is not something a change can be made to"), target);
      return FALSE;
    }

  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("“%s” cannot be changed on %s"),
               field, target);
  return FALSE;
}

static json_object *
read_field (AdjBattle  *battle,
            const char *target,
            const char *field)
{
  if (g_str_equal (target, "battle"))
    {
      if (g_str_equal (field, "name"))
        return json_object_new_string (battle->name);
      if (g_str_equal (field, "turn"))
        return json_object_new_int (battle->turn);
      if (g_str_equal (field, "phase"))
        return json_object_new_string (battle->phase);
      if (g_str_equal (field, "pack"))
        return battle->pack != NULL ? adj_pack_to_json (battle->pack) : NULL;
      if (g_str_has_prefix (field, "secrets."))
        {
          json_object *v = NULL;
          json_object_object_get_ex (battle->secrets, field + strlen ("secrets."), &v);
          return json_object_get (v);
        }
      if (g_str_has_prefix (field, "settings."))
        {
          json_object *v = NULL;
          json_object_object_get_ex (battle->settings, field + strlen ("settings."), &v);
          return json_object_get (v);
        }
    }
  else if (g_str_has_prefix (target, "side:"))
    {
      AdjSide *side = adj_battle_find_side (battle, target + strlen ("side:"));
      if (side != NULL && g_str_equal (field, "name"))
        return json_object_new_string (side->name);
      if (side != NULL && g_str_has_prefix (field, "settings."))
        {
          json_object *v = NULL;
          json_object_object_get_ex (side->settings, field + strlen ("settings."), &v);
          return json_object_get (v);
        }
    }
  else if (g_str_has_prefix (target, "unit:"))
    {
      AdjUnit *unit = adj_battle_find_unit (battle, target + strlen ("unit:"));
      if (unit != NULL)
        return adj_unit_get_field (unit, field);
    }
  return NULL;
}

static void
write_field (AdjBattle   *battle,
             const char  *target,
             const char  *field,
             json_object *value)
{
  if (g_str_equal (target, "battle"))
    {
      if (g_str_equal (field, "name"))
        {
          g_free (battle->name);
          battle->name = g_strdup (json_object_get_string (value));
          g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_NAME]);
        }
      else if (g_str_equal (field, "turn"))
        {
          battle->turn = json_object_get_int (value);
          g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_TURN]);
        }
      else if (g_str_equal (field, "phase"))
        {
          g_free (battle->phase);
          battle->phase = g_strdup (json_object_get_string (value));
          g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_PHASE]);
        }
      else if (g_str_equal (field, "pack"))
        {
          g_clear_pointer (&battle->pack, adj_pack_free);
          if (value != NULL)
            battle->pack = adj_pack_from_json (value, _("change"), "pack", NULL);
          adj_battle_ensure_pack (battle);
        }
      else if (g_str_has_prefix (field, "secrets."))
        {
          if (value == NULL)
            json_object_object_del (battle->secrets, field + strlen ("secrets."));
          else
            json_object_object_add (battle->secrets, field + strlen ("secrets."),
                                    adj_json_copy (value));
        }
      else
        json_object_object_add (battle->settings, field + strlen ("settings."),
                                adj_json_copy (value));
    }
  else if (g_str_has_prefix (target, "side:"))
    {
      AdjSide *side = adj_battle_find_side (battle, target + strlen ("side:"));
      if (g_str_equal (field, "name"))
        {
          g_free (side->name);
          side->name = g_strdup (json_object_get_string (value));
        }
      else
        json_object_object_add (side->settings, field + strlen ("settings."),
                                adj_json_copy (value));
    }
  else
    {
      AdjUnit *unit = adj_battle_find_unit (battle, target + strlen ("unit:"));
      adj_unit_set_field (unit, field, value);
    }
}

static gboolean
remove_unit_by_json (AdjBattle    *battle,
                     json_object  *json,
                     GError      **error)
{
  json_object *id_obj = NULL;
  const char *id;
  guint index;

  json_object_object_get_ex (json, "id", &id_obj);
  id = json_object_get_string (id_obj);
  if (id == NULL || !find_unit_index (battle, id, &index))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no unit “%s” to remove"),
                   id != NULL ? id : "");
      return FALSE;
    }
  g_hash_table_remove (battle->unit_index, id);
  unit_list_remove (battle->units, index);
  return TRUE;
}

static gboolean
apply_change (AdjBattle  *battle,
              AdjChange  *change,
              gboolean    forward,
              GError    **error)
{
  switch (change->op)
    {
    case ADJ_CHANGE_SET:
      {
        json_object *value = forward ? change->after : change->before;

        if (!check_set (battle, change->target, change->field, value, error))
          return FALSE;
        write_field (battle, change->target, change->field, value);
        return TRUE;
      }
    case ADJ_CHANGE_ADD_UNIT:
    case ADJ_CHANGE_REMOVE_UNIT:
      {
        gboolean adding = (change->op == ADJ_CHANGE_ADD_UNIT) == forward;
        json_object *unit = change->op == ADJ_CHANGE_ADD_UNIT ? change->after : change->before;

        if (adding)
          return insert_unit_at (battle, unit, change->index, _("journal"), "$", error) != NULL;
        return remove_unit_by_json (battle, unit, error);
      }
    default:
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("unknown kind of change"));
      return FALSE;
    }
}

/* Apply every change of a set in one direction; on failure undo what was done. */
static gboolean
apply_changes (AdjBattle    *battle,
               AdjChangeSet *set,
               gboolean      forward,
               GError      **error)
{
  guint n = adj_change_set_len (set);

  for (guint k = 0; k < n; k++)
    {
      guint i = forward ? k : n - 1 - k;

      if (!apply_change (battle, adj_change_set_get (set, i), forward, error))
        {
          for (guint j = k; j > 0; j--)
            {
              guint back = forward ? j - 1 : n - j;
              g_autoptr(GError) ignored = NULL;
              apply_change (battle, adj_change_set_get (set, back), !forward, &ignored);
            }
          return FALSE;
        }
    }
  return TRUE;
}

guint
adj_battle_journal_head (AdjBattle *battle)
{
  AdjJournal *journal = battle->journal;

  if (journal->position == 0)
    return 0;
  return adj_journal_get_entry (journal, journal->position - 1)->seq;
}

static void
after_journal_change (AdjBattle *battle)
{
  g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_CAN_REDO]);
  g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_MODIFIED]);
  g_signal_emit (battle, signals[CHANGED], 0);

  if (battle->autosave_path != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!adj_battle_autosave (battle, &error))
        g_signal_emit (battle, signals[AUTOSAVE_FAILED], 0, error->message);
    }
}

gboolean
adj_battle_commit (AdjBattle  *battle,
                   AdjEntry   *entry,
                   GError    **error)
{
  g_autoptr(AdjEntry) owned = entry;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  entry->turn = battle->turn;
  g_free (entry->phase);
  entry->phase = g_strdup (battle->phase);
  g_free (entry->phase_label);
  entry->phase_label = adj_battle_phase_label (battle, NULL);

  if (!apply_changes (battle, entry->changes, TRUE, error))
    return FALSE;
  {
    AdjJournal *journal = battle->journal;
    guint position = journal->position, n_entries = journal->entries->len;

    /* The redo tail goes, in the journal and in its list. */
    adj_journal_push (journal, g_steal_pointer (&owned));
    adj_journal_model_changed (battle->journal_items, position, n_entries - position, 1);
  }
  after_journal_change (battle);
  return TRUE;
}

gboolean
adj_battle_change_field (AdjBattle     *battle,
                         AdjChangeSet  *changes,
                         const char    *target,
                         const char    *field,
                         json_object   *value,
                         GError       **error)
{
  if (!check_set (battle, target, field, value, error))
    return FALSE;
  adj_change_set_add_set (changes, target, field, read_field (battle, target, field),
                          adj_json_copy (value));
  return TRUE;
}

static char *
describe_target (AdjBattle  *battle,
                 const char *target)
{
  if (g_str_has_prefix (target, "unit:"))
    {
      AdjUnit *unit = adj_battle_find_unit (battle, target + strlen ("unit:"));
      if (unit != NULL)
        return g_strdup (adj_unit_get_name (unit));
    }
  if (g_str_has_prefix (target, "side:"))
    {
      AdjSide *side = adj_battle_find_side (battle, target + strlen ("side:"));
      if (side != NULL)
        return g_strdup (side->name);
    }
  return g_strdup (_("Battle"));
}

static char *
describe_member_key (AdjBattle  *battle,
                     const char *key)
{
  const AdjMemberSchema *schema = adj_ruleset_get_member_schema (battle->ruleset);
  const AdjField *f = adj_member_schema_find_field (schema, key);

  if (f != NULL)
    return g_strdup (adj_gettext (f->label));
  if (g_str_equal (key, ADJ_MEMBER_NAME))
    return g_strdup (_("name"));
  if (g_str_equal (key, ADJ_MEMBER_RATING))
    return g_strdup (_("rating"));
  if (g_str_equal (key, ADJ_MEMBER_WEAPON))
    return g_strdup (_("weapon"));
  if (g_str_equal (key, ADJ_MEMBER_LOST))
    return g_strdup (_("lost"));
  return g_strdup (key);
}

static char *
describe_field (AdjBattle  *battle,
                const char *target,
                const char *field)
{
  const AdjField *f = NULL;
  guint index;
  const char *key;

  if (g_str_equal (field, "members"))
    return g_strdup (_("figures, one by one"));
  if (adj_members_parse_path (field, &index, &key) && g_str_has_prefix (target, "unit:"))
    {
      AdjUnit *unit = adj_battle_find_unit (battle, target + strlen ("unit:"));
      g_autofree char *who = adj_member_describe (unit != NULL ? adj_unit_get_members (unit)
                                                               : NULL, index);
      g_autofree char *what = describe_member_key (battle, key);

      /* TRANSLATORS: one value of one figure, e.g. "Pte Hook, wounds" */
      return g_strdup_printf (_("%s, %s"), who, what);
    }
  if (g_str_has_prefix (field, "secrets."))
    return g_strdup (_("hidden information"));

  if (g_str_has_prefix (field, "status."))
    f = adj_ruleset_find_status_field (battle->ruleset, field + strlen ("status."));
  else if (g_str_has_prefix (field, "settings."))
    {
      f = adj_ruleset_find_side_field (battle->ruleset, field + strlen ("settings."));
      if (f == NULL)
        f = adj_ruleset_find_battle_field (battle->ruleset, field + strlen ("settings."));
    }
  if (f != NULL)
    return g_strdup (adj_gettext (f->label));
  if (g_str_equal (field, "name"))
    return g_strdup (_("name"));
  if (g_str_equal (field, "figures"))
    return g_strdup (_("figures"));
  if (g_str_equal (field, "destroyed"))
    return g_strdup (_("destroyed"));
  if (g_str_equal (field, "type"))
    return g_strdup (_("type"));
  if (g_str_equal (field, "weapon"))
    return g_strdup (_("weapon"));
  if (g_str_equal (field, "rating"))
    return g_strdup (_("rating"));
  return g_strdup (field);
}

static char *
describe_value (json_object *value)
{
  if (value == NULL)
    return g_strdup (_("none"));
  if (json_object_is_type (value, json_type_boolean))
    return g_strdup (json_object_get_boolean (value) ? _("yes") : _("no"));
  if (json_object_is_type (value, json_type_string))
    return g_strdup (json_object_get_string (value));
  return g_strdup (json_object_to_json_string (value));
}

gboolean
adj_battle_edit (AdjBattle    *battle,
                 const char   *target,
                 const char   *field,
                 json_object  *value,
                 GError      **error)
{
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *who = NULL;
  g_autofree char *what = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  who = describe_target (battle, target);
  what = describe_field (battle, target, field);
  /* Hidden information is never spelt out, not even as the opaque text it is kept in. */
  shown = g_str_has_prefix (field, "secrets.") ? g_strdup (_("something hidden"))
                                               : describe_value (value);
  /* TRANSLATORS: a journal line, e.g. "2nd Battalion: disrupted set to yes" */
  summary = g_strdup_printf (_("%s: %s set to %s"), who, what, shown);
  entry = adj_entry_new ("edit", NULL, summary);
  if (!adj_battle_change_field (battle, entry->changes, target, field, value, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

AdjUnit *
adj_battle_add_unit (AdjBattle    *battle,
                     json_object  *json,
                     GError      **error)
{
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(AdjUnit) probe = NULL;
  g_autofree char *summary = NULL;
  json_object *id = NULL;
  guint index = adj_battle_get_n_units (battle);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  /* Check it (and fill in defaults) before it goes into the journal. */
  probe = adj_battle_unit_from_json (battle, json, _("new unit"), "$", error);
  if (probe == NULL)
    return NULL;
  if (adj_battle_find_unit (battle, adj_unit_get_id (probe)) != NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("the unit id “%s” is used twice"),
                   adj_unit_get_id (probe));
      return NULL;
    }
  summary = g_strdup_printf (_("Added %s"), adj_unit_get_name (probe));
  entry = adj_entry_new ("units", NULL, summary);
  adj_change_set_add_unit (entry->changes, adj_unit_to_json (probe), index);
  json_object_object_get_ex (json, "id", &id);
  if (!adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return NULL;
  return adj_battle_find_unit (battle, json_object_get_string (id));
}

gboolean
adj_battle_remove_unit (AdjBattle   *battle,
                        const char  *unit_id,
                        GError     **error)
{
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  AdjUnit *unit;
  guint index;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  unit = adj_battle_find_unit (battle, unit_id);
  if (unit == NULL || !find_unit_index (battle, unit_id, &index))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no unit “%s”"),
                   unit_id != NULL ? unit_id : "");
      return FALSE;
    }
  summary = g_strdup_printf (_("Removed %s"), adj_unit_get_name (unit));
  entry = adj_entry_new ("units", NULL, summary);
  adj_change_set_remove_unit (entry->changes, adj_unit_to_json (unit), index);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_battle_undo (AdjBattle  *battle,
                 GError    **error)
{
  AdjJournal *journal = battle->journal;
  AdjEntry *entry;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!adj_journal_can_undo (journal))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOTHING_TO_DO, _("There is nothing to undo"));
      return FALSE;
    }
  entry = adj_journal_get_entry (journal, journal->position - 1);
  if (!apply_changes (battle, entry->changes, FALSE, error))
    return FALSE;
  journal->position--;
  adj_journal_model_set_undone (battle->journal_items, journal->position, TRUE);
  after_journal_change (battle);
  return TRUE;
}

gboolean
adj_battle_redo (AdjBattle  *battle,
                 GError    **error)
{
  AdjJournal *journal = battle->journal;
  AdjEntry *entry;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!adj_journal_can_redo (journal))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOTHING_TO_DO, _("There is nothing to redo"));
      return FALSE;
    }
  entry = adj_journal_get_entry (journal, journal->position);
  if (!apply_changes (battle, entry->changes, TRUE, error))
    return FALSE;
  adj_journal_model_set_undone (battle->journal_items, journal->position, FALSE);
  journal->position++;
  after_journal_change (battle);
  return TRUE;
}

gboolean
adj_battle_can_undo (AdjBattle *battle)
{
  return adj_journal_can_undo (battle->journal);
}

gboolean
adj_battle_can_redo (AdjBattle *battle)
{
  return adj_journal_can_redo (battle->journal);
}

/* ---- mechanics ---- */

AdjRandom *
adj_battle_new_random (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return adj_random_new_with_copy (&battle->rng, adj_battle_get_pack (battle));
}

void
adj_battle_context (AdjBattle  *battle,
                    AdjContext *ctx)
{
  *ctx = (AdjContext) {
    .ruleset = battle->ruleset,
    .battle = battle,
    .pack = adj_battle_get_pack (battle),
    .tables = battle->tables,
    .name_actors = adj_battle_name_actors,
  };
}

/* An action of both sides (an initiative roll, the battle's result) that names neither takes
 * them in the battle's order; an action of one side that names none, in a phase of one side,
 * takes that side. */
static gboolean
name_sides (AdjBattle  *battle,
                 AdjInputs  *inputs,
                 GError    **error)
{
  const AdjMechanic *mech = inputs->mechanic;
  guint n = 0, last = 0;

  for (guint i = 0; i < mech->n_inputs; i++)
    if (mech->inputs[i].kind == ADJ_FIELD_SIDE)
      {
        if (inputs->values[i].s != NULL)
          return TRUE;
        n++;
        last = i;
      }
  if (n == 1 && adj_battle_phase_side (battle) != NULL)
    {
      g_autoptr(json_object) id = json_object_new_string (adj_battle_phase_side (battle)->id);

      return adj_inputs_set_value (inputs, mech->inputs[last].name, id, error);
    }
  if (n != battle->sides->len)
    return TRUE;
  n = 0;
  for (guint i = 0; i < mech->n_inputs; i++)
    if (mech->inputs[i].kind == ADJ_FIELD_SIDE)
      {
        AdjSide *side = g_ptr_array_index (battle->sides, n++);
        g_autoptr(json_object) id = json_object_new_string (side->id);

        if (!adj_inputs_set_value (inputs, mech->inputs[i].name, id, error))
          return FALSE;
      }
  return TRUE;
}

gboolean
adj_battle_prefill (AdjBattle  *battle,
                    AdjInputs  *inputs,
                    GError    **error)
{
  const AdjMechanic *mech = inputs->mechanic;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  /* The unit and side inputs must name things this battle has. */
  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      const char *id = inputs->values[i].s;

      if (f->kind == ADJ_FIELD_UNIT && id != NULL && adj_battle_find_unit (battle, id) == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                       _("%s: the battle has no unit “%s”"), f->name, id);
          return FALSE;
        }
      if (f->kind == ADJ_FIELD_SIDE && id != NULL && adj_battle_find_side (battle, id) == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                       _("%s: the battle has no side “%s”"), f->name, id);
          return FALSE;
        }
    }

  if (!name_sides (battle, inputs, error))
    return FALSE;

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      const char *attr = NULL;
      const AdjField *src_field = adj_mechanic_input_source (mech, f, &attr);
      const char *src_id;
      g_autoptr(json_object) value = NULL;

      if (src_field == NULL)
        continue;
      src_id = adj_inputs_get_string (inputs, src_field->name);
      if (src_id == NULL)
        continue;

      if (src_field->kind == ADJ_FIELD_UNIT)
        {
          AdjUnit *unit = adj_battle_find_unit (battle, src_id);

          if (g_str_equal (attr, "value"))
            value = json_object_new_int (adj_battle_unit_value (battle, unit));
          else if (g_str_equal (attr, "side"))
            value = json_object_new_string (adj_unit_get_side (unit));
          else if (g_str_has_prefix (attr, "side."))
            value = json_object_get (side_setting (battle, adj_unit_get_side (unit),
                                                   attr + strlen ("side.")));
          else if (g_str_has_prefix (attr, "status.") &&
                   !json_object_object_get_ex (adj_unit_get_status (unit),
                                               attr + strlen ("status."), NULL))
            value = NULL;   /* the field does not apply to this unit: keep the default */
          else
            value = adj_unit_get_field (unit, attr);
        }
      else
        value = json_object_get (side_setting (battle, src_id, attr));

      if (value == NULL)
        continue;
      /* A number the battle keeps may lie beyond what the input takes: the nearest one is. */
      if (f->kind == ADJ_FIELD_INT && json_object_is_type (value, json_type_int))
        {
          int n = CLAMP (json_object_get_int (value), f->min, f->max);

          json_object_put (value);
          value = json_object_new_int (n);
        }
      if (!adj_inputs_set_value (inputs, f->name, value, error))
        return FALSE;
    }

  if (mech->prefill != NULL)
    {
      AdjContext ctx;

      adj_battle_context (battle, &ctx);
      return mech->prefill (&ctx, inputs, error);
    }
  return TRUE;
}

gboolean
adj_battle_apply_outcome (AdjBattle   *battle,
                          AdjInputs   *inputs,
                          AdjOutcome  *outcome,
                          GError     **error)
{
  const AdjMechanic *mech = inputs->mechanic;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *action = NULL;
  g_autofree char *summary = NULL;
  AdjContext ctx;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (outcome->mechanic == mech, FALSE);

  adj_battle_context (battle, &ctx);
  if (outcome->actors != NULL)
    /* TRANSLATORS: an action and who took part in it, e.g. "Fire combat — British Regular
     * Infantry 3 against Zulu Spearmen 5" */
    action = g_strdup_printf (_("%s — %s"), adj_gettext (mech->title), outcome->actors);
  else
    action = g_strdup (adj_gettext (mech->title));
  if (outcome->ruling != NULL)
    /* TRANSLATORS: a journal line of an action the rules forbade and the referee allowed, e.g.
     * "Fire combat — British Regular Infantry 3 against Zulu Spearmen 5: Target destroyed ·
     * allowed by the referee: British Regular Infantry 3 has already fought this turn" */
    summary = g_strdup_printf (_("%s: %s · allowed by the referee: %s"),
                               action, outcome->title, outcome->ruling);
  else
    /* TRANSLATORS: a journal line, e.g. "Fire combat — British Regular Infantry 3 against Zulu
     * Spearmen 5: Target destroyed" */
    summary = g_strdup_printf (_("%s: %s"), action, outcome->title);
  entry = adj_entry_new ("mechanic", mech->id, summary);
  entry->inputs = adj_inputs_to_json (inputs);
  entry->outcome = adj_outcome_to_json (outcome);
  /* The odds as they stood when it was rolled: before the outcome changes the battle. */
  entry->odds = adj_entry_odds_new (battle, inputs, outcome->key);
  if (mech->apply != NULL && !mech->apply (&ctx, inputs, outcome, entry->changes, error))
    return FALSE;
  /* Cards were drawn from a copy of the pack: the pack changes now, undoably. */
  if (outcome->pack_after != NULL &&
      !adj_battle_change_field (battle, entry->changes, "battle", "pack", outcome->pack_after,
                                error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static AdjOutcome *
run_mechanic (AdjBattle    *battle,
              const char   *mechanic_id,
              json_object  *inputs,
              gboolean      allow,
              GError      **error)
{
  const AdjMechanic *mech;
  AdjRollRequest request = {
    .battle = battle, .inputs = inputs, .file = _("inputs"), .allow = allow,
  };
  g_auto(AdjRollSetup) setup = { 0 };
  g_autoptr(AdjOutcome) outcome = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (mechanic_id != NULL, NULL);

  mech = adj_mechanic_lookup (mechanic_id);
  if (mech == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("There is no mechanic “%s”"),
                   mechanic_id);
      return NULL;
    }
  if (!adj_roll_setup_prepare (mech, &request, &setup, error))
    return NULL;
  outcome = adj_outcome_new (mech);
  if (!adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome, error) ||
      !adj_battle_apply_outcome (battle, setup.inputs, outcome, error))
    return NULL;
  return g_steal_pointer (&outcome);
}

AdjOutcome *
adj_battle_run (AdjBattle    *battle,
                const char   *mechanic_id,
                json_object  *inputs,
                GError      **error)
{
  return run_mechanic (battle, mechanic_id, inputs, FALSE, error);
}

AdjOutcome *
adj_battle_run_ruling (AdjBattle    *battle,
                       const char   *mechanic_id,
                       json_object  *inputs,
                       GError      **error)
{
  return run_mechanic (battle, mechanic_id, inputs, TRUE, error);
}

/* ---- files (the document itself is read and written in adj-battle-json.c) ---- */

gboolean
adj_battle_get_modified (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  return adj_battle_journal_head (battle) != battle->saved_head;
}

void
adj_battle_mark_saved (AdjBattle *battle)
{
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  battle->saved_head = adj_battle_journal_head (battle);
  g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_MODIFIED]);
}

void
adj_battle_mark_unsaved (AdjBattle *battle)
{
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  /* No journal entry has this sequence number, so the head never matches it. */
  battle->saved_head = G_MAXUINT;
  g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_MODIFIED]);
}

const char *
adj_battle_get_file_path (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return battle->file_path;
}

void
adj_battle_set_file_path (AdjBattle  *battle,
                          const char *path)
{
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  g_free (battle->file_path);
  battle->file_path = g_strdup (path);
}

static void
note_autosave_error (AdjBattle  *battle,
                     const char *message)
{
  if (g_strcmp0 (battle->autosave_error, message) == 0)
    return;
  g_free (battle->autosave_error);
  battle->autosave_error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (battle), properties[PROP_AUTOSAVE_ERROR]);
}

const char *
adj_battle_get_autosave_error (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return battle->autosave_error;
}

gboolean
adj_battle_autosave (AdjBattle  *battle,
                     GError    **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (battle->autosave_path == NULL)
    {
      note_autosave_error (battle, NULL);
      return TRUE;
    }
  /* The battle writes no files: it asks the writer it was given (the store's). */
  if (battle->autosave_func == NULL)
    {
      g_autofree char *display = g_filename_display_name (battle->autosave_path);

      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "%s: the battle was given no way to write its autosave", display);
      return FALSE;
    }
  if (!battle->autosave_func (battle, battle->autosave_path, &local))
    {
      note_autosave_error (battle, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  note_autosave_error (battle, NULL);
  return TRUE;
}

GListModel *
adj_battle_get_journal_model (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return G_LIST_MODEL (battle->journal_items);
}

static gboolean
commit_pack_change (AdjBattle   *battle,
                    const char  *summary,
                    AdjPack     *after,
                    json_object *outcome,
                    GError     **error)
{
  g_autoptr(AdjEntry) entry = adj_entry_new ("cards", NULL, summary);
  g_autoptr(json_object) json = adj_pack_to_json (after);

  entry->outcome = outcome;
  if (!adj_battle_change_field (battle, entry->changes, "battle", "pack", json, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_battle_turn_card (AdjBattle      *battle,
                      const AdjCard  *entered,
                      AdjCard        *card,
                      GError        **error)
{
  g_autoptr(AdjPack) pack = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  json_object *outcome, *roll, *cards;
  AdjCard turned;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  pack = adj_pack_copy (adj_battle_get_pack (battle));
  if (entered != NULL)
    {
      turned = *entered;
      if (!adj_pack_take (pack, turned, FALSE))
        {
          g_autofree char *shown = adj_card_to_string (turned);
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The card %s was entered, but no %s is left in the pack"), shown, shown);
          return FALSE;
        }
    }
  else
    {
      if (adj_pack_remaining (pack) == 0)
        adj_pack_recycle_turned (pack, &battle->rng);
      if (!adj_pack_turn (pack, &turned))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("The pack is empty: every card is dealt"));
          return FALSE;
        }
    }

  name = adj_card_describe (turned);
  text = adj_card_to_string (turned);
  /* TRANSLATORS: a journal line, e.g. "Turned the Queen of Hearts" */
  summary = g_strdup_printf (_("Turned the %s"), name);
  outcome = json_object_new_object ();
  roll = json_object_new_object ();
  cards = json_object_new_array ();
  json_object_array_add (cards, json_object_new_string (text));
  json_object_object_add (roll, "group", json_object_new_string ("card"));
  json_object_object_add (roll, "label", json_object_new_string (_("Card")));
  json_object_object_add (roll, "cards", cards);
  json_object_object_add (roll, "entered", json_object_new_boolean (entered != NULL));
  json_object_object_add (outcome, "rolls", json_object_new_array ());
  json_object_array_add (json_object_object_get (outcome, "rolls"), roll);
  json_object_object_add (outcome, "title", json_object_new_string (name));
  if (!commit_pack_change (battle, summary, pack, outcome, error))
    return FALSE;
  if (card != NULL)
    *card = turned;
  return TRUE;
}

gboolean
adj_battle_reshuffle (AdjBattle  *battle,
                      GError    **error)
{
  g_autoptr(AdjPack) pack = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  pack = adj_pack_copy (adj_battle_get_pack (battle));
  adj_pack_collect (pack, &battle->rng);
  return commit_pack_change (battle, _("Gathered and shuffled the pack"), pack, NULL, error);
}

AdjTables *
adj_battle_get_tables (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return battle->tables;
}

void
adj_battle_set_tables (AdjBattle *battle,
                       AdjTables *tables)
{
  g_return_if_fail (ADJ_IS_BATTLE (battle));
  g_return_if_fail (tables == NULL || adj_tables_get_ruleset (tables) == battle->ruleset);

  if (tables != NULL)
    adj_tables_ref (tables);
  g_clear_pointer (&battle->tables, adj_tables_unref);
  battle->tables = tables;
}

/* The battle takes the players' tables in and hands them out; the tables module, below it,
 * never reaches into a battle: it is given the carried tables in the AdjContext. */
gboolean
adj_battle_embed_tables (AdjBattle  *battle,
                         AdjTables  *tables,
                         GError    **error)
{
  g_autoptr(AdjTables) copy = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (tables != NULL && adj_tables_get_ruleset (tables) != adj_battle_get_ruleset (battle))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("These are values for the ruleset “%s”, but the battle is played with “%s”"),
                   adj_ruleset_get_id (adj_tables_get_ruleset (tables)),
                   adj_ruleset_get_id (adj_battle_get_ruleset (battle)));
      return FALSE;
    }
  if (tables != NULL)
    copy = adj_tables_copy_for_battle (tables);
  adj_battle_set_tables (battle, copy);
  adj_battle_mark_unsaved (battle);
  return adj_battle_autosave (battle, error);
}

AdjTables *
adj_battle_extract_tables (AdjBattle *battle)
{
  AdjTables *carried;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  carried = adj_battle_get_tables (battle);
  return carried != NULL ? adj_tables_copy (carried) : NULL;
}
