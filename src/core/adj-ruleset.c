/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-ruleset.c: loading and checking a game system's data. */

#define G_LOG_DOMAIN "adj-ruleset"

#include "config.h"

#include <string.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-members.h"
#include "adj-migrate.h"
#include "adj-ruleset.h"
#include "adj-tables.h"

struct _AdjRuleset {
  gatomicrefcount  ref;
  char            *file;
  json_object     *root;       /* every string below points into it */
  const char      *id;
  const char      *name;
  const char      *summary;
  AdjDistanceUnit  distance_unit;
  int              max_turns;
  GPtrArray       *phases;     /* AdjPhase */
  const char      *first_side_field;
  GPtrArray       *categories; /* AdjChoice */
  GPtrArray       *ratings;    /* AdjChoice */
  GPtrArray       *unit_types;
  GPtrArray       *weapons;
  GPtrArray       *status_fields;
  GPtrArray       *side_fields;
  GPtrArray       *battle_fields;
  GPtrArray       *table_shapes; /* AdjTableShape: tables the players type in */
  AdjMemberSchema *member_schema; /* the record per figure, or NULL */
  GHashTable      *modifiers;  /* "group/id" -> AdjModifier */
  AdjChoice       *unit_type_choices;
  AdjChoice       *weapon_choices;
  AdjChoice       *category_choices;
  AdjChoice       *rating_choices;
  const AdjSystem *system;
};

static const char *const generic_keys[] = {
  "format", "version", "id", "name", "summary", "source", "distance", "turns",
  "categories", "ratings", "side_fields", "status_fields", "battle_fields", "weapons",
  "unit_types",
  "modifiers", "roster", "tables", "members", NULL
};

static char *data_dir_override;
static GHashTable *ruleset_cache;

void
adj_field_free (AdjField *field)
{
  g_free ((gpointer) field->choices);
  g_free ((gpointer) field->applies_to);
  g_free (field);
}

static void
unit_type_free (AdjUnitType *type)
{
  g_free (type->weapons);
  g_free (type);
}

AdjRuleset *
adj_ruleset_ref (AdjRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, NULL);
  g_atomic_ref_count_inc (&rs->ref);
  return rs;
}

void
adj_ruleset_unref (AdjRuleset *rs)
{
  if (rs == NULL)
    return;
  if (!g_atomic_ref_count_dec (&rs->ref))
    return;

  g_clear_pointer (&rs->phases, g_ptr_array_unref);
  g_clear_pointer (&rs->categories, g_ptr_array_unref);
  g_clear_pointer (&rs->ratings, g_ptr_array_unref);
  g_clear_pointer (&rs->unit_types, g_ptr_array_unref);
  g_clear_pointer (&rs->weapons, g_ptr_array_unref);
  g_clear_pointer (&rs->status_fields, g_ptr_array_unref);
  g_clear_pointer (&rs->side_fields, g_ptr_array_unref);
  g_clear_pointer (&rs->battle_fields, g_ptr_array_unref);
  g_clear_pointer (&rs->table_shapes, g_ptr_array_unref);
  g_clear_pointer (&rs->member_schema, adj_member_schema_free);
  g_clear_pointer (&rs->modifiers, g_hash_table_unref);
  g_free (rs->unit_type_choices);
  g_free (rs->weapon_choices);
  g_free (rs->category_choices);
  g_free (rs->rating_choices);
  g_clear_pointer (&rs->root, json_object_put);
  g_free (rs->file);
  g_free (rs);
}

/* ---- parsing helpers ---- */

static gboolean
parse_id (json_object  *obj,
          const char   *key,
          const char  **out,
          const char   *file,
          const char   *path,
          GError      **error)
{
  if (!adj_json_get_string (obj, key, TRUE, out, file, path, error))
    return FALSE;
  if (!adj_json_is_identifier (*out))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                             _("expected an identifier (lower-case letters, digits and dashes), "
                               "found “%s”"), *out);
  return TRUE;
}

static gboolean
parse_label (json_object  *obj,
             const char   *key,
             gboolean      required,
             const char  **out,
             const char   *file,
             const char   *path,
             GError      **error)
{
  if (!adj_json_get_string (obj, key, required, out, file, path, error))
    return FALSE;
  if (*out != NULL && **out == '\0' && required)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                             _("expected a non-empty text"));
  return TRUE;
}

/* A list of {"id", "label"} objects with unique ids. */
static gboolean
parse_choices (json_object  *arr,
               GPtrArray    *out,
               const char   *file,
               const char   *path,
               GError      **error)
{
  static const char *const keys[] = { "id", "label", "hint", NULL };

  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *item = json_object_array_get_idx (arr, i);
      g_autofree char *where = adj_json_path_index (path, i);
      AdjChoice *choice = g_new0 (AdjChoice, 1);

      g_ptr_array_add (out, choice);
      if (!adj_json_expect_object (item, file, where, error) ||
          !adj_json_check_keys (item, keys, file, where, error) ||
          !parse_id (item, "id", &choice->id, file, where, error) ||
          !parse_label (item, "label", TRUE, &choice->label, file, where, error))
        return FALSE;
      for (guint j = 0; j + 1 < out->len; j++)
        {
          AdjChoice *other = g_ptr_array_index (out, j);
          if (g_str_equal (other->id, choice->id))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                  _("the id “%s” is used twice"), choice->id);
        }
    }
  return TRUE;
}

static gboolean
parse_choice_key (json_object  *obj,
                  const char   *key,
                  gboolean      required,
                  GPtrArray    *out,
                  const char   *file,
                  const char   *path,
                  GError      **error)
{
  json_object *arr = NULL;
  g_autofree char *where = adj_json_path_key (path, key);

  if (!adj_json_get_array (obj, key, required, &arr, file, path, error))
    return FALSE;
  if (arr == NULL)
    return TRUE;
  return parse_choices (arr, out, file, where, error);
}

/* The element of @list with this id: choices, fields, weapons and unit types all start with
 * their id. */
static gpointer
find_in (GPtrArray  *list,
         const char *id)
{
  for (guint i = 0; id != NULL && i < list->len; i++)
    if (g_strcmp0 (*(const char **) g_ptr_array_index (list, i), id) == 0)
      return g_ptr_array_index (list, i);
  return NULL;
}

static AdjChoice *
choices_flatten (GPtrArray *choices)
{
  AdjChoice *flat = g_new0 (AdjChoice, choices->len + 1);

  for (guint i = 0; i < choices->len; i++)
    flat[i] = *(AdjChoice *) g_ptr_array_index (choices, i);
  return flat;
}

static const char *const field_keys[] = {
  "id", "kind", "label", "hint", "min", "max", "default", "choices", "applies_to", "badge",
  "per_turn", "secret", "hides_unit", NULL
};

gboolean
adj_field_parse (AdjRuleset          *rs,
                 json_object         *obj,
                 const char * const  *keys,
                 GPtrArray           *out,
                 const char          *file,
                 const char          *path,
                 GError             **error)
{
  AdjField *field = g_new0 (AdjField, 1);
  const char *kind = NULL;
  json_object *applies = NULL;

  g_ptr_array_add (out, field);
  if (!adj_json_expect_object (obj, file, path, error) ||
      !adj_json_check_keys (obj, keys, file, path, error) ||
      !parse_id (obj, "id", &field->name, file, path, error) ||
      !adj_json_get_string (obj, "kind", TRUE, &kind, file, path, error) ||
      !parse_label (obj, "label", TRUE, &field->label, file, path, error) ||
      !parse_label (obj, "hint", FALSE, &field->hint, file, path, error) ||
      !parse_label (obj, "badge", FALSE, &field->badge, file, path, error) ||
      !adj_json_get_bool (obj, "per_turn", FALSE, &field->per_turn, file, path, error) ||
      !adj_json_get_bool (obj, "secret", FALSE, &field->secret, file, path, error) ||
      !adj_json_get_bool (obj, "hides_unit", FALSE, &field->hides_unit, file, path, error))
    return FALSE;

  for (guint j = 0; j + 1 < out->len; j++)
    {
      AdjField *other = g_ptr_array_index (out, j);
      if (g_str_equal (other->name, field->name))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("the field id “%s” is used twice"), field->name);
    }

  if (g_str_equal (kind, "bool"))
    {
      gboolean def = FALSE;

      field->kind = ADJ_FIELD_BOOL;
      field->min = 0;
      field->max = 1;
      if (!adj_json_get_bool (obj, "default", FALSE, &def, file, path, error))
        return FALSE;
      field->def = def ? 1 : 0;
    }
  else if (g_str_equal (kind, "int"))
    {
      gint64 min = 0, max = 0, def = 0;

      field->kind = ADJ_FIELD_INT;
      if (!adj_json_get_int (obj, "min", TRUE, -100000, 100000, &min, file, path, error) ||
          !adj_json_get_int (obj, "max", TRUE, min, 100000, &max, file, path, error))
        return FALSE;
      def = min;
      if (!adj_json_get_int (obj, "default", FALSE, min, max, &def, file, path, error))
        return FALSE;
      field->min = (int) min;
      field->max = (int) max;
      field->def = (int) def;
    }
  else if (g_str_equal (kind, "enum"))
    {
      g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func (g_free);
      const char *def = NULL;

      field->kind = ADJ_FIELD_ENUM;
      if (!parse_choice_key (obj, "choices", TRUE, choices, file, path, error))
        return FALSE;
      if (choices->len == 0)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "choices",
                                 _("expected at least one choice"));
      field->choices = choices_flatten (choices);
      field->n_choices = choices->len;
      field->max = (int) choices->len - 1;
      if (!adj_json_get_string (obj, "default", FALSE, &def, file, path, error))
        return FALSE;
      if (def == NULL)
        def = field->choices[0].id;
      if (find_in (choices, def) == NULL)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "default",
                                 _("“%s” is not one of the choices"), def);
      field->def_choice = def;
    }
  else if (g_str_equal (kind, "side") && out == rs->battle_fields)
    /* A side of the battle, or none (JSON null, its default). */
    field->kind = ADJ_FIELD_SIDE;
  else
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "kind",
                             _("expected “bool”, “int” or “enum”, found “%s”"), kind);

  /* A field that hides its unit is a secret itself; only a unit's own flag can hide it. */
  if (field->hides_unit && (field->kind != ADJ_FIELD_BOOL || out != rs->status_fields))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "hides_unit",
                             _("only a status field of kind “bool” can hide its unit"));
  field->secret = field->secret || field->hides_unit;

  if (!adj_json_get_array (obj, "applies_to", FALSE, &applies, file, path, error))
    return FALSE;
  if (applies != NULL)
    {
      gsize n = json_object_array_length (applies);
      const char **list = g_new0 (const char *, n + 1);
      g_autofree char *where = adj_json_path_key (path, "applies_to");

      field->applies_to = list;
      for (gsize i = 0; i < n; i++)
        {
          json_object *item = json_object_array_get_idx (applies, i);
          const char *cat = json_object_get_string (item);

          if (!json_object_is_type (item, json_type_string) ||
              find_in (rs->categories, cat) == NULL)
            {
              g_autofree char *at = adj_json_path_index (where, i);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                    _("expected the id of a unit category declared in "
                                      "“categories”"));
            }
          list[i] = cat;
        }
    }
  return TRUE;
}

static gboolean
parse_fields (AdjRuleset   *rs,
              json_object  *root,
              const char   *key,
              GPtrArray    *out,
              const char   *file,
              GError      **error)
{
  json_object *arr = NULL;
  g_autofree char *path = adj_json_path_key ("$", key);

  if (!adj_json_get_array (root, key, FALSE, &arr, file, "$", error))
    return FALSE;
  if (arr == NULL)
    return TRUE;
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      g_autofree char *where = adj_json_path_index (path, i);
      if (!adj_field_parse (rs, json_object_array_get_idx (arr, i), field_keys, out, file, where,
                            error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_weapons (AdjRuleset   *rs,
               json_object  *root,
               const char   *file,
               GError      **error)
{
  static const char *const keys[] = { "id", "label", "range", "rules", "notes", NULL };
  json_object *arr = NULL;

  if (!adj_json_get_array (root, "weapons", FALSE, &arr, file, "$", error))
    return FALSE;
  if (arr == NULL)
    return TRUE;
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *obj = json_object_array_get_idx (arr, i);
      g_autofree char *where = adj_json_path_index ("$.weapons", i);
      AdjWeapon *w = g_new0 (AdjWeapon, 1);
      gint64 range = -1;   /* none given: the players' own table says */
      json_object *rules = NULL;

      g_ptr_array_add (rs->weapons, w);
      w->json = obj;
      if (!adj_json_expect_object (obj, file, where, error) ||
          !adj_json_check_keys (obj, keys, file, where, error) ||
          !parse_id (obj, "id", &w->id, file, where, error) ||
          !parse_label (obj, "label", TRUE, &w->label, file, where, error) ||
          !adj_json_get_int (obj, "range", FALSE, 0, 100000, &range, file, where, error) ||
          !adj_json_get_object (obj, "rules", FALSE, &rules, file, where, error))
        return FALSE;
      w->range = (int) range;
      if (adj_ruleset_find_weapon (rs, w->id) != w)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the weapon id “%s” is used twice"), w->id);
    }
  return TRUE;
}

static gboolean
parse_unit_types (AdjRuleset   *rs,
                  json_object  *root,
                  const char   *file,
                  GError      **error)
{
  static const char *const keys[] = {
    "id", "label", "category", "value", "move", "figures", "weapons", "rules", "notes", NULL
  };
  json_object *arr = NULL;

  if (!adj_json_get_array (root, "unit_types", TRUE, &arr, file, "$", error))
    return FALSE;
  if (json_object_array_length (arr) == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.unit_types",
                          _("expected at least one unit type"));

  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *obj = json_object_array_get_idx (arr, i);
      g_autofree char *where = adj_json_path_index ("$.unit_types", i);
      AdjUnitType *t = g_new0 (AdjUnitType, 1);
      gint64 value = -1, move = -1, figures = 1;   /* move -1: rolled, or as a table says */
      json_object *weapons = NULL, *rules = NULL;

      g_ptr_array_add (rs->unit_types, t);
      t->json = obj;
      if (!adj_json_expect_object (obj, file, where, error) ||
          !adj_json_check_keys (obj, keys, file, where, error) ||
          !parse_id (obj, "id", &t->id, file, where, error) ||
          !parse_label (obj, "label", TRUE, &t->label, file, where, error) ||
          !adj_json_get_string (obj, "category", TRUE, &t->category, file, where, error) ||
          !adj_json_get_int (obj, "value", FALSE, -1, 1000, &value, file, where, error) ||
          !adj_json_get_int (obj, "move", FALSE, 0, 100000, &move, file, where, error) ||
          !adj_json_get_int (obj, "figures", FALSE, 1, 1000, &figures, file, where, error) ||
          !adj_json_get_array (obj, "weapons", FALSE, &weapons, file, where, error) ||
          !adj_json_get_object (obj, "rules", FALSE, &rules, file, where, error))
        return FALSE;
      t->value = (int) value;
      t->move = (int) move;
      t->figures = (int) figures;

      if (find_in (rs->categories, t->category) == NULL)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "category",
                                 _("“%s” is not a category declared in “categories”"),
                                 t->category);
      if (adj_ruleset_find_unit_type (rs, t->id) != t)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the unit type id “%s” is used twice"), t->id);

      {
        gsize n = weapons != NULL ? json_object_array_length (weapons) : 0;
        g_autofree char *wpath = adj_json_path_key (where, "weapons");

        t->weapons = g_new0 (const char *, n + 1);
        for (gsize k = 0; k < n; k++)
          {
            json_object *item = json_object_array_get_idx (weapons, k);
            const char *wid = json_object_get_string (item);

            if (!json_object_is_type (item, json_type_string) ||
                adj_ruleset_find_weapon (rs, wid) == NULL)
              {
                g_autofree char *at = adj_json_path_index (wpath, k);
                return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                      _("expected the id of a weapon declared in “weapons”"));
              }
            t->weapons[k] = wid;
          }
      }
    }
  return TRUE;
}

static gboolean
parse_modifiers (AdjRuleset   *rs,
                 json_object  *root,
                 const char   *file,
                 GError      **error)
{
  static const char *const keys[] = { "value", "label", NULL };
  json_object *groups = NULL;

  if (!adj_json_get_object (root, "modifiers", FALSE, &groups, file, "$", error))
    return FALSE;
  if (groups == NULL)
    return TRUE;

  json_object_object_foreach (groups, group, mods)
    {
      g_autofree char *gpath = adj_json_path_key ("$.modifiers", group);

      if (!adj_json_expect_object (mods, file, gpath, error))
        return FALSE;
      json_object_object_foreach (mods, id, mod)
        {
          g_autofree char *where = adj_json_path_key (gpath, id);
          AdjModifier *m = g_new0 (AdjModifier, 1);
          gint64 value = 0;

          m->group = group;
          m->id = id;
          g_hash_table_insert (rs->modifiers, g_strdup_printf ("%s/%s", group, id), m);
          if (!adj_json_expect_object (mod, file, where, error) ||
              !adj_json_check_keys (mod, keys, file, where, error) ||
              !adj_json_get_int (mod, "value", TRUE, -100, 100, &value, file, where, error) ||
              !parse_label (mod, "label", TRUE, &m->label, file, where, error))
            return FALSE;
          m->value = (int) value;
        }
    }
  return TRUE;
}

/* An array of texts; @n_expected, when not 0, is the length it must have. */
static gboolean
check_texts (json_object  *arr,
             gsize         n_expected,
             const char   *file,
             const char   *path,
             GError      **error)
{
  gsize n = json_object_array_length (arr);

  if (n == 0 || (n_expected > 0 && n != n_expected))
    {
      if (n_expected > 0)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("expected %u texts, one per column, found %u"),
                              (guint) n_expected, (guint) n);
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                            _("expected at least one text"));
    }
  for (gsize i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (arr, i);

      if (!json_object_is_type (item, json_type_string))
        {
          g_autofree char *where = adj_json_path_index (path, i);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("expected a text, found %s"), adj_json_type_name (item));
        }
    }
  return TRUE;
}

/* One quick-reference table of "roster.tables": literal rows of text, or rows made from the
 * ruleset's own unit types, weapons or modifiers, so that no number is written twice. */
static gboolean
parse_roster_table (AdjRuleset   *rs,
                    json_object  *obj,
                    const char   *file,
                    const char   *path,
                    GError      **error)
{
  static const char *const keys[] = {
    "title", "source", "group", "columns", "header", "rows", "notes", NULL
  };
  static const char *const unit_type_columns[] = {
    "label", "category", "value", "move", "figures", "weapons", NULL
  };
  static const char *const weapon_columns[] = { "label", "range", NULL };
  static const char *const modifier_columns[] = { "label", "value", NULL };
  const char *title = NULL, *source = NULL, *group = NULL, *notes = NULL;
  json_object *columns = NULL, *header = NULL, *rows = NULL;
  const char *const *allowed = NULL;
  g_autofree char *header_path = adj_json_path_key (path, "header");
  g_autofree char *rows_path = adj_json_path_key (path, "rows");
  gsize width;

  if (!adj_json_expect_object (obj, file, path, error) ||
      !adj_json_check_keys (obj, keys, file, path, error) ||
      !parse_label (obj, "title", TRUE, &title, file, path, error) ||
      !adj_json_get_string (obj, "source", FALSE, &source, file, path, error) ||
      !adj_json_get_string (obj, "group", FALSE, &group, file, path, error) ||
      !adj_json_get_array (obj, "columns", FALSE, &columns, file, path, error) ||
      !adj_json_get_array (obj, "header", TRUE, &header, file, path, error) ||
      !adj_json_get_array (obj, "rows", FALSE, &rows, file, path, error) ||
      !parse_label (obj, "notes", FALSE, &notes, file, path, error) ||
      !check_texts (header, 0, file, header_path, error))
    return FALSE;
  width = json_object_array_length (header);

  if (source != NULL)
    {
      g_autofree char *columns_path = adj_json_path_key (path, "columns");

      if (g_str_equal (source, "unit-types"))
        allowed = unit_type_columns;
      else if (g_str_equal (source, "weapons"))
        allowed = weapon_columns;
      else if (g_str_equal (source, "modifiers"))
        allowed = modifier_columns;
      else
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "source",
                                 _("expected “unit-types”, “weapons” or “modifiers”, found “%s”"),
                                 source);

      if ((group != NULL) != g_str_equal (source, "modifiers"))
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "group",
                                 group != NULL ? _("only a table of modifiers has a group")
                                               : _("expected the modifier group the rows "
                                                   "come from"));
      if (group != NULL)
        {
          json_object *groups = NULL, *mods = NULL;

          if (!json_object_object_get_ex (rs->root, "modifiers", &groups) ||
              !json_object_object_get_ex (groups, group, &mods))
            return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "group",
                                     _("“%s” is not a group of “modifiers”"), group);
        }

      if (columns == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("expected “columns”: what each column shows"));
      if (!check_texts (columns, width, file, columns_path, error))
        return FALSE;
      for (gsize i = 0; i < width; i++)
        {
          const char *column = json_object_get_string (json_object_array_get_idx (columns, i));

          if (!g_strv_contains (allowed, column))
            {
              g_autofree char *where = adj_json_path_index (columns_path, i);
              g_autofree char *list = g_strjoinv ("”, “", (char **) allowed);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                    _("expected one of “%s”, found “%s”"), list, column);
            }
        }
    }
  else
    {
      if (group != NULL || columns != NULL)
        {
          g_autofree char *where = adj_json_path_key (path, group != NULL ? "group" : "columns");
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("only a table with a “source” has this key"));
        }
      if (rows == NULL || json_object_array_length (rows) == 0)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, rows_path,
                              _("expected at least one row (or a “source” to make them from)"));
    }

  for (gsize i = 0; rows != NULL && i < json_object_array_length (rows); i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);
      g_autofree char *where = adj_json_path_index (rows_path, i);

      if (!json_object_is_type (row, json_type_array))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected an array of texts, found %s"), adj_json_type_name (row));
      if (!check_texts (row, width, file, where, error))
        return FALSE;
    }
  return TRUE;
}

/* A list of ids in "roster", each checked by @known (which sets the error). */
typedef gboolean (*IdCheck) (AdjRuleset  *rs,
                             const char  *id,
                             const char  *file,
                             const char  *path,
                             GError     **error);

static gboolean
parse_roster_ids (AdjRuleset   *rs,
                  json_object  *roster,
                  const char   *key,
                  IdCheck       known,
                  const char   *file,
                  GError      **error)
{
  g_autofree char *path = adj_json_path_key ("$.roster", key);
  json_object *list = NULL;

  if (!adj_json_get_array (roster, key, FALSE, &list, file, "$.roster", error))
    return FALSE;
  for (gsize i = 0; list != NULL && i < json_object_array_length (list); i++)
    {
      json_object *item = json_object_array_get_idx (list, i);
      g_autofree char *where = adj_json_path_index (path, i);

      if (!json_object_is_type (item, json_type_string))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected a text, found %s"), adj_json_type_name (item));
      if (!known (rs, json_object_get_string (item), file, where, error))
        return FALSE;
    }
  return TRUE;
}

/* A status field a roster may print: declared, and not secret. */
static gboolean
check_printed_field (AdjRuleset  *rs,
                     const char  *id,
                     const char  *file,
                     const char  *path,
                     GError     **error)
{
  const AdjField *field = adj_ruleset_find_status_field (rs, id);

  if (field == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected the id of a field declared in “status_fields”"));
  if (field->secret)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("“%s” is secret: a roster never prints it"), field->name);
  return TRUE;
}

static gboolean
check_category (AdjRuleset  *rs,
                const char  *id,
                const char  *file,
                const char  *path,
                GError     **error)
{
  if (adj_ruleset_find_category (rs, id) == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected the id of a category declared in “categories”, found "
                            "“%s”"), id);
  return TRUE;
}

/* A whole number every weapon may carry in its "rules": a range band. */
static gboolean
check_band (AdjRuleset  *rs,
            const char  *id,
            const char  *file,
            const char  *path,
            GError     **error)
{
  for (guint i = 0; i < rs->weapons->len; i++)
    {
      AdjWeapon *w = g_ptr_array_index (rs->weapons, i);
      json_object *rules = NULL, *v = NULL;

      if (json_object_object_get_ex (w->json, "rules", &rules) &&
          json_object_object_get_ex (rules, id, &v))
        {
          if (!json_object_is_type (v, json_type_int))
            return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                                  _("“%s” of the weapon “%s” is not a whole number"), id, w->id);
          return TRUE;
        }
    }
  return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                        _("no weapon gives a range band “%s” in its “rules”"), id);
}

/* One of the tables the players type in ("tables"). */
static gboolean
check_players_table (AdjRuleset  *rs,
                     const char  *id,
                     const char  *file,
                     const char  *path,
                     GError     **error)
{
  if (adj_table_shape_lookup (rs, id) == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected the id of a table declared in “tables”, found “%s”"), id);
  return TRUE;
}

/* A field of the record per figure that a roster boxes: a number or a switch. */
static gboolean
check_member_field (AdjRuleset  *rs,
                    const char  *id,
                    const char  *file,
                    const char  *path,
                    GError     **error)
{
  const AdjField *field = rs->member_schema != NULL
    ? adj_member_schema_find_field (rs->member_schema, id) : NULL;

  if (field == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected the id of a field of “members”"));
  if (field->kind != ADJ_FIELD_INT && field->kind != ADJ_FIELD_BOOL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("“%s” is neither a number nor a switch: it has no tick boxes"), id);
  if (field->kind == ADJ_FIELD_INT && field->max - field->min > 6)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("“%s” runs over more than 6 steps: too many boxes for a figure"), id);
  return TRUE;
}

/* One entry of "roster.track": a field id, or an object saying how its box reads. */
static gboolean
parse_roster_track_item (AdjRuleset   *rs,
                         json_object  *item,
                         const char   *file,
                         const char   *path,
                         GError      **error)
{
  static const char *const keys[] = { "field", "label", "ticked_when", NULL };
  const char *id = NULL, *label = NULL;
  gboolean when = TRUE;
  const AdjField *field;

  if (json_object_is_type (item, json_type_string))
    return check_printed_field (rs, json_object_get_string (item), file, path, error);
  if (!json_object_is_type (item, json_type_object))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected the id of a field declared in “status_fields”, or an "
                            "object with “field”"));
  if (!adj_json_check_keys (item, keys, file, path, error) ||
      !adj_json_get_string (item, "field", TRUE, &id, file, path, error) ||
      !parse_label (item, "label", FALSE, &label, file, path, error) ||
      !adj_json_get_bool (item, "ticked_when", FALSE, &when, file, path, error))
    return FALSE;
  {
    g_autofree char *where = adj_json_path_key (path, "field");

    if (!check_printed_field (rs, id, file, where, error))
      return FALSE;
  }
  field = adj_ruleset_find_status_field (rs, id);
  if (json_object_object_get_ex (item, "ticked_when", NULL) && field->kind != ADJ_FIELD_BOOL)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "ticked_when",
                             _("only a switch has a box ticked when it is off"));
  return TRUE;
}

/* "roster": how a roster prints this system — which status fields get a tick box ("track"),
 * which fields describe the game in progress rather than the unit ("in_play"), which are said
 * even at their default because they name what the unit belongs to ("describe"), the units it
 * never prints ("leave_out"), the weapons' range bands ("ranges"), the boxes of each figure's
 * record ("member_track"), a place for the card a unit is dealt ("card"), the quick-reference
 * tables, and which of the tables the players type in it prints ("players_tables"; all when
 * it is not given). */
static gboolean
parse_roster (AdjRuleset   *rs,
              json_object  *root,
              const char   *file,
              GError      **error)
{
  static const char *const keys[] = {
    "track", "in_play", "describe", "leave_out", "ranges", "member_track", "card", "tables",
    "players_tables", NULL
  };
  json_object *roster = NULL, *track = NULL, *tables = NULL;
  gboolean card = FALSE;

  if (!adj_json_get_object (root, "roster", FALSE, &roster, file, "$", error))
    return FALSE;
  if (roster == NULL)
    return TRUE;
  if (!adj_json_check_keys (roster, keys, file, "$.roster", error) ||
      !adj_json_get_array (roster, "track", FALSE, &track, file, "$.roster", error) ||
      !adj_json_get_bool (roster, "card", FALSE, &card, file, "$.roster", error) ||
      !adj_json_get_array (roster, "tables", FALSE, &tables, file, "$.roster", error) ||
      !parse_roster_ids (rs, roster, "in_play", check_printed_field, file, error) ||
      !parse_roster_ids (rs, roster, "describe", check_printed_field, file, error) ||
      !parse_roster_ids (rs, roster, "leave_out", check_category, file, error) ||
      !parse_roster_ids (rs, roster, "ranges", check_band, file, error) ||
      !parse_roster_ids (rs, roster, "players_tables", check_players_table, file, error))
    return FALSE;
  /* A broken record per figure is told after the roster's problems (see the caller). */
  if (rs->member_schema != NULL &&
      !parse_roster_ids (rs, roster, "member_track", check_member_field, file, error))
    return FALSE;
  if (rs->member_schema == NULL && json_object_object_get_ex (roster, "member_track", NULL) &&
      json_object_object_get_ex (root, ADJ_MEMBERS_KEY, NULL) == FALSE)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, "$.roster", "member_track",
                             _("the ruleset keeps no record per figure (“members”)"));
  if (card && !rs->system->uses_cards)
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, "$.roster", "card",
                             _("the system deals no cards"));

  for (gsize i = 0; track != NULL && i < json_object_array_length (track); i++)
    {
      g_autofree char *where = adj_json_path_index ("$.roster.track", i);

      if (!parse_roster_track_item (rs, json_object_array_get_idx (track, i), file, where,
                                    error))
        return FALSE;
    }

  for (gsize i = 0; tables != NULL && i < json_object_array_length (tables); i++)
    {
      g_autofree char *where = adj_json_path_index ("$.roster.tables", i);

      if (!parse_roster_table (rs, json_object_array_get_idx (tables, i), file, where, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_distance (AdjRuleset   *rs,
                json_object  *root,
                const char   *file,
                GError      **error)
{
  static const char *const keys[] = { "unit", "grid_mm", NULL };
  static const char *const names[] = { "squares", "hexes", "cm", "inches" };
  json_object *obj;
  const char *unit = NULL;
  gint64 grid = 0;

  if (!adj_json_get_object (root, "distance", TRUE, &obj, file, "$", error) ||
      !adj_json_check_keys (obj, keys, file, "$.distance", error) ||
      !adj_json_get_string (obj, "unit", TRUE, &unit, file, "$.distance", error) ||
      !adj_json_get_int (obj, "grid_mm", FALSE, 1, 10000, &grid, file, "$.distance", error))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i], unit))
      {
        rs->distance_unit = (AdjDistanceUnit) i;
        return TRUE;
      }
  return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.distance.unit",
                        _("expected “squares”, “hexes”, “cm” or “inches”, found “%s”"), unit);
}

/* A phase: an id and a label, and whether it belongs to one side or is played only once. */
static gboolean
parse_phase (json_object  *item,
             AdjPhase     *phase,
             const char   *file,
             const char   *where,
             GError      **error)
{
  static const char *const keys[] = { "id", "label", "side", "side_label", "once", NULL };
  const char *side = NULL;

  if (!adj_json_expect_object (item, file, where, error) ||
      !adj_json_check_keys (item, keys, file, where, error) ||
      !parse_id (item, "id", &phase->choice.id, file, where, error) ||
      !parse_label (item, "label", TRUE, &phase->choice.label, file, where, error) ||
      !adj_json_get_string (item, "side", FALSE, &side, file, where, error) ||
      !parse_label (item, "side_label", side != NULL, &phase->side_label, file, where, error) ||
      !adj_json_get_bool (item, "once", FALSE, &phase->once, file, where, error))
    return FALSE;
  if (side == NULL)
    phase->side = ADJ_PHASE_BOTH_SIDES;
  else if (g_str_equal (side, "first"))
    phase->side = ADJ_PHASE_FIRST_SIDE;
  else if (g_str_equal (side, "second"))
    phase->side = ADJ_PHASE_SECOND_SIDE;
  else
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "side",
                             _("expected “first” or “second”, found “%s”"), side);
  if (phase->side_label != NULL && (side == NULL || strstr (phase->side_label, "{side}") == NULL))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "side_label",
                             _("expected a label with “{side}” in it, for a phase with a side"));
  return TRUE;
}

static gboolean
parse_turns (AdjRuleset   *rs,
             json_object  *root,
             const char   *file,
             GError      **error)
{
  static const char *const keys[] = { "max", "phases", "first_side", NULL };
  json_object *obj;
  json_object *phases;
  gint64 max = 0;
  guint once = 0;

  if (!adj_json_get_object (root, "turns", TRUE, &obj, file, "$", error) ||
      !adj_json_check_keys (obj, keys, file, "$.turns", error) ||
      !adj_json_get_int (obj, "max", FALSE, 0, 1000, &max, file, "$.turns", error) ||
      !adj_json_get_string (obj, "first_side", FALSE, &rs->first_side_field, file, "$.turns",
                            error) ||
      !adj_json_get_array (obj, "phases", TRUE, &phases, file, "$.turns", error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (phases); i++)
    {
      g_autofree char *where = adj_json_path_index ("$.turns.phases", i);
      AdjPhase *phase = g_new0 (AdjPhase, 1);

      g_ptr_array_add (rs->phases, phase);
      if (!parse_phase (json_object_array_get_idx (phases, i), phase, file, where, error))
        return FALSE;
      if (find_in (rs->phases, phase->choice.id) != phase)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the id “%s” is used twice"), phase->choice.id);
      /* The phases played once come before every other. */
      if (phase->once && once++ != i)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "once",
                                 _("a phase played once must come before the turn’s phases"));
    }
  if (rs->phases->len == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.turns.phases",
                          _("expected at least one phase"));
  if (rs->phases->len == once)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.turns.phases",
                          _("expected at least one phase played every turn"));
  rs->max_turns = (int) max;
  return TRUE;
}

static gboolean
check_top_keys (AdjRuleset   *rs,
                json_object  *root,
                const char   *file,
                GError      **error)
{
  json_object_object_foreach (root, key, val)
    {
      gboolean known = g_strv_contains (generic_keys, key);

      (void) val;
      if (!known && rs->system->ruleset_keys != NULL)
        known = g_strv_contains (rs->system->ruleset_keys, key);
      if (!known)
        return adj_json_fail_unknown_key (error, file, "$", key);
    }
  return TRUE;
}

/* A ruleset says everything it means: nowhere is a null in one.  The code that reads a ruleset
 * takes a null for a missing key at best, and for the type it expects at worst, so one is
 * refused with its path. */
static gboolean
check_no_null (json_object  *value,
               const char   *file,
               const char   *path,
               GError      **error)
{
  switch (json_object_get_type (value))
    {
    case json_type_null:
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                            _("null is not a value a ruleset may hold"));
    case json_type_object:
      {
        json_object_object_foreach (value, key, member)
          {
            g_autofree char *where = adj_json_path_key (path, key);

            if (!check_no_null (member, file, where, error))
              return FALSE;
          }
        return TRUE;
      }
    case json_type_array:
      for (gsize i = 0; i < json_object_array_length (value); i++)
        {
          g_autofree char *where = adj_json_path_index (path, i);

          if (!check_no_null (json_object_array_get_idx (value, i), file, where, error))
            return FALSE;
        }
      return TRUE;
    default:
      return TRUE;
    }
}

AdjRuleset *
adj_ruleset_load_json (json_object  *root,
                       const char   *file,
                       GError      **error)
{
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(GError) member_error = NULL;
  gint64 version = 0;

  g_return_val_if_fail (root != NULL, NULL);

  rs = g_new0 (AdjRuleset, 1);
  g_atomic_ref_count_init (&rs->ref);
  rs->root = json_object_get (root);
  rs->file = g_strdup (file);
  rs->phases = g_ptr_array_new_with_free_func (g_free);
  rs->categories = g_ptr_array_new_with_free_func (g_free);
  rs->ratings = g_ptr_array_new_with_free_func (g_free);
  rs->unit_types = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_type_free);
  rs->weapons = g_ptr_array_new_with_free_func (g_free);
  rs->status_fields = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_field_free);
  rs->side_fields = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_field_free);
  rs->battle_fields = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_field_free);
  rs->modifiers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (!adj_json_check_format (root, ADJ_FILE_RULESET, ADJ_RULESET_FORMAT, ADJ_RULESET_VERSION,
                              &version, file, error))
    return NULL;
  /* A ruleset of an older version is brought up to date first, then checked as a new one is;
   * what the ruleset keeps is the upgraded document. */
  {
    json_object *migrated = adj_migrate (adj_migrate_chain_for (ADJ_RULESET_FORMAT), root,
                                         version, file, "$", error);
    if (migrated == NULL)
      return NULL;
    json_object_put (rs->root);
    rs->root = root = migrated;
  }
  if (!check_no_null (root, file, "$", error))
    return NULL;

  if (!parse_id (root, "id", &rs->id, file, "$", error) ||
      !parse_label (root, "name", TRUE, &rs->name, file, "$", error) ||
      !parse_label (root, "summary", FALSE, &rs->summary, file, "$", error))
    return NULL;

  rs->system = adj_system_lookup (rs->id);
  if (rs->system == NULL)
    {
      adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.id",
                     _("no game system with the id “%s” is built into Adjutant"), rs->id);
      return NULL;
    }

  if (!check_top_keys (rs, root, file, error) ||
      !parse_distance (rs, root, file, error) ||
      !parse_turns (rs, root, file, error) ||
      !parse_choice_key (root, "categories", TRUE, rs->categories, file, "$", error) ||
      !parse_choice_key (root, "ratings", FALSE, rs->ratings, file, "$", error) ||
      !parse_fields (rs, root, "side_fields", rs->side_fields, file, error) ||
      !parse_fields (rs, root, "status_fields", rs->status_fields, file, error) ||
      !parse_fields (rs, root, "battle_fields", rs->battle_fields, file, error) ||
      !parse_weapons (rs, root, file, error) ||
      !parse_unit_types (rs, root, file, error) ||
      !parse_modifiers (rs, root, file, error) ||
      !adj_table_shapes_parse (rs, root, file, &rs->table_shapes, error))
    return NULL;
  if (rs->first_side_field != NULL &&
      (adj_ruleset_find_battle_field (rs, rs->first_side_field) == NULL ||
       adj_ruleset_find_battle_field (rs, rs->first_side_field)->kind != ADJ_FIELD_SIDE))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.turns.first_side",
                     _("expected the id of a battle field of kind “side”"));
      return NULL;
    }

  /* Choice lists for enum inputs that take their choices from the ruleset. */
  rs->unit_type_choices = g_new0 (AdjChoice, rs->unit_types->len + 1);
  for (guint i = 0; i < rs->unit_types->len; i++)
    {
      AdjUnitType *t = g_ptr_array_index (rs->unit_types, i);
      rs->unit_type_choices[i].id = t->id;
      rs->unit_type_choices[i].label = t->label;
    }
  rs->weapon_choices = g_new0 (AdjChoice, rs->weapons->len + 1);
  for (guint i = 0; i < rs->weapons->len; i++)
    {
      AdjWeapon *w = g_ptr_array_index (rs->weapons, i);
      rs->weapon_choices[i].id = w->id;
      rs->weapon_choices[i].label = w->label;
    }
  rs->category_choices = choices_flatten (rs->categories);
  rs->rating_choices = choices_flatten (rs->ratings);

  /* The record per figure is read before the system's checks, whose army templates carry
   * members, but its problems are told last, with the roster's: both name unit types, weapons,
   * categories and modifiers, whose own problems are better told by the checks above. */
  rs->member_schema = adj_member_schema_new (rs, &member_error);
  if (rs->system->check_ruleset != NULL && !rs->system->check_ruleset (rs, error))
    return NULL;
  if (!parse_roster (rs, root, file, error))
    return NULL;
  if (member_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&member_error));
      return NULL;
    }

  return g_steal_pointer (&rs);
}

AdjRuleset *
adj_ruleset_load_file (const char  *path,
                       GError     **error)
{
  g_autoptr(json_object) root = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  root = adj_json_parse_file (path, error);
  if (root == NULL)
    return NULL;
  display = g_filename_display_basename (path);
  return adj_ruleset_load_json (root, display, error);
}

/* ---- where the data lives ---- */

static gboolean
running_uninstalled (void)
{
  static int uninstalled = -1;

  if (uninstalled < 0)
    {
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
      g_autofree char *prefix = g_strconcat (ADJ_BUILDDIR, G_DIR_SEPARATOR_S, NULL);

      uninstalled = exe != NULL && g_str_has_prefix (exe, prefix);
    }
  return uninstalled;
}

const char *
adj_ruleset_data_dir (void)
{
  const char *env;

  if (data_dir_override != NULL)
    return data_dir_override;
  env = g_getenv ("ADJUTANT_DATA_DIR");
  if (env != NULL && env[0] != '\0')
    return env;
  return running_uninstalled () ? ADJ_SOURCE_DATADIR : ADJ_PKGDATADIR;
}

const char *
adj_i18n_locale_dir (void)
{
  return running_uninstalled () ? ADJ_BUILD_LOCALEDIR : LOCALEDIR;
}

void
adj_ruleset_set_data_dir (const char *dir)
{
  g_free (data_dir_override);
  data_dir_override = g_strdup (dir);
  g_clear_pointer (&ruleset_cache, g_hash_table_unref);
}

AdjRuleset *
adj_ruleset_lookup (const char  *id,
                    GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  AdjRuleset *rs;

  g_return_val_if_fail (id != NULL, NULL);

  if (ruleset_cache == NULL)
    ruleset_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) adj_ruleset_unref);
  rs = g_hash_table_lookup (ruleset_cache, id);
  if (rs != NULL)
    return adj_ruleset_ref (rs);

  /* Never let an id from a file walk out of the rulesets folder. */
  if (!adj_json_is_identifier (id))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   _("“%s” is not a ruleset id (ids are lower-case letters, digits and dashes)"),
                   id);
      return NULL;
    }
  name = g_strconcat (id, ".json", NULL);
  path = g_build_filename (adj_ruleset_data_dir (), "rulesets", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *known = NULL;
      g_auto(GStrv) ids = adj_ruleset_list_ids ();

      known = g_strjoinv (", ", ids);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   _("There is no ruleset “%s” (known: %s)"), id, known);
      return NULL;
    }
  rs = adj_ruleset_load_file (path, error);
  if (rs == NULL)
    return NULL;
  if (!g_str_equal (rs->id, id))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%s: $.id: expected “%s” to match the file name, found “%s”"),
                   name, id, rs->id);
      adj_ruleset_unref (rs);
      return NULL;
    }
  g_hash_table_insert (ruleset_cache, g_strdup (id), adj_ruleset_ref (rs));
  return rs;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

char **
adj_ruleset_list_ids (void)
{
  g_autofree char *dir_path = g_build_filename (adj_ruleset_data_dir (), "rulesets", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *ids = g_ptr_array_new ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_suffix (name, ".json"))
        g_ptr_array_add (ids, g_strndup (name, strlen (name) - 5));
    }
  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

/* ---- accessors ---- */

const char *adj_ruleset_get_id (AdjRuleset *rs) { return rs->id; }
const char *adj_ruleset_get_name (AdjRuleset *rs) { return rs->name; }
const char *adj_ruleset_get_summary (AdjRuleset *rs) { return rs->summary; }
const char *adj_ruleset_get_file (AdjRuleset *rs) { return rs->file; }
json_object *adj_ruleset_get_json (AdjRuleset *rs) { return rs->root; }
const AdjSystem *adj_ruleset_get_system (AdjRuleset *rs) { return rs->system; }
AdjDistanceUnit adj_ruleset_get_distance_unit (AdjRuleset *rs) { return rs->distance_unit; }
int adj_ruleset_get_max_turns (AdjRuleset *rs) { return rs->max_turns; }
GPtrArray *adj_ruleset_get_phases (AdjRuleset *rs) { return rs->phases; }

gboolean
adj_ruleset_lists_category (AdjRuleset *rs,
                            const char *category)
{
  json_object *roster, *leave_out;

  if (category == NULL ||
      !json_object_object_get_ex (rs->root, "roster", &roster) ||
      !json_object_object_get_ex (roster, "leave_out", &leave_out))
    return TRUE;
  for (gsize i = 0; i < json_object_array_length (leave_out); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (leave_out, i)),
                   category) == 0)
      return FALSE;
  return TRUE;
}
const char *adj_ruleset_get_first_side_field (AdjRuleset *rs) { return rs->first_side_field; }
GPtrArray *adj_ruleset_get_unit_types (AdjRuleset *rs) { return rs->unit_types; }
GPtrArray *adj_ruleset_get_weapons (AdjRuleset *rs) { return rs->weapons; }
GPtrArray *adj_ruleset_get_status_fields (AdjRuleset *rs) { return rs->status_fields; }
GPtrArray *adj_ruleset_get_side_fields (AdjRuleset *rs) { return rs->side_fields; }
GPtrArray *adj_ruleset_get_battle_fields (AdjRuleset *rs) { return rs->battle_fields; }
GPtrArray *adj_ruleset_get_categories (AdjRuleset *rs) { return rs->categories; }
GPtrArray *adj_ruleset_get_ratings (AdjRuleset *rs) { return rs->ratings; }
GPtrArray *adj_ruleset_get_table_shapes (AdjRuleset *rs) { return rs->table_shapes; }

const AdjMemberSchema *adj_ruleset_get_member_schema (AdjRuleset *rs) { return rs->member_schema; }

const AdjUnitType *
adj_ruleset_find_unit_type (AdjRuleset *rs,
                            const char *id)
{
  return find_in (rs->unit_types, id);
}

const AdjWeapon *
adj_ruleset_find_weapon (AdjRuleset *rs,
                         const char *id)
{
  return find_in (rs->weapons, id);
}

const AdjField *
adj_ruleset_find_status_field (AdjRuleset *rs,
                               const char *id)
{
  return find_in (rs->status_fields, id);
}

const AdjField *
adj_ruleset_find_side_field (AdjRuleset *rs,
                             const char *id)
{
  return find_in (rs->side_fields, id);
}

const AdjField *
adj_ruleset_find_battle_field (AdjRuleset *rs,
                               const char *id)
{
  return find_in (rs->battle_fields, id);
}

const AdjChoice *
adj_ruleset_find_rating (AdjRuleset *rs,
                         const char *id)
{
  return find_in (rs->ratings, id);
}

const AdjChoice *
adj_ruleset_find_category (AdjRuleset *rs,
                           const char *id)
{
  return find_in (rs->categories, id);
}

const AdjChoice *
adj_ruleset_find_phase (AdjRuleset *rs,
                        const char *id)
{
  const AdjPhase *phase = find_in (rs->phases, id);

  return phase != NULL ? &phase->choice : NULL;
}

const AdjPhase *
adj_ruleset_get_phase (AdjRuleset *rs,
                       const char *id)
{
  return find_in (rs->phases, id);
}

const AdjModifier *
adj_ruleset_get_modifier (AdjRuleset *rs,
                          const char *group,
                          const char *id)
{
  /* Called for every modifier of every roll: the key is built without allocating. */
  char buf[128];
  g_autofree char *long_key = NULL;
  gsize lg = strlen (group), li = strlen (id);
  const char *key = buf;
  const AdjModifier *m;

  if (lg + li + 2 <= sizeof buf)
    {
      memcpy (buf, group, lg);
      buf[lg] = '/';
      memcpy (buf + lg + 1, id, li + 1);
    }
  else
    key = long_key = g_strconcat (group, "/", id, NULL);
  m = g_hash_table_lookup (rs->modifiers, key);

  /* check_ruleset verified every modifier a mechanic uses, so this cannot be missing. */
  g_return_val_if_fail (m != NULL, NULL);
  return m;
}

gboolean
adj_ruleset_require_modifiers (AdjRuleset          *rs,
                               const char          *group,
                               const char * const  *ids,
                               GError             **error)
{
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autofree char *key = g_strdup_printf ("%s/%s", group, ids[i]);

      if (!g_hash_table_contains (rs->modifiers, key))
        {
          g_autofree char *where = g_strdup_printf ("$.modifiers.%s", group);
          return adj_json_fail (error, ADJ_ERROR_INVALID, rs->file, where,
                                _("the modifier “%s” is missing"), ids[i]);
        }
    }
  return TRUE;
}

const AdjChoice *
adj_ruleset_field_choices (AdjRuleset     *rs,
                           const AdjField *field,
                           guint          *n_choices)
{
  const char *from = field->choices_from;

  if (from == NULL)
    {
      *n_choices = field->n_choices;
      return field->choices;
    }
  if (g_str_equal (from, "unit-types"))
    {
      *n_choices = rs->unit_types->len;
      return rs->unit_type_choices;
    }
  if (g_str_equal (from, "weapons"))
    {
      *n_choices = rs->weapons->len;
      return rs->weapon_choices;
    }
  if (g_str_equal (from, "categories"))
    {
      *n_choices = rs->categories->len;
      return rs->category_choices;
    }
  if (g_str_equal (from, "ratings"))
    {
      *n_choices = rs->ratings->len;
      return rs->rating_choices;
    }
  g_critical ("unknown choice source “%s” for the field “%s”", from, field->name);
  *n_choices = 0;
  return NULL;
}

const AdjChoice *
adj_field_find_choice (const AdjChoice *choices,
                       guint            n_choices,
                       const char      *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < n_choices; i++)
    if (g_str_equal (choices[i].id, id))
      return &choices[i];
  return NULL;
}

gboolean
adj_field_applies_to (const AdjField *field,
                      const char     *category)
{
  if (field->applies_to == NULL)
    return TRUE;
  return category != NULL && g_strv_contains (field->applies_to, category);
}

const char *
adj_distance_unit_name (AdjDistanceUnit unit)
{
  switch (unit)
    {
    case ADJ_DISTANCE_SQUARES: return _("squares");
    case ADJ_DISTANCE_HEXES: return _("hexes");
    case ADJ_DISTANCE_CM: return _("centimetres");
    case ADJ_DISTANCE_INCHES: return _("inches");
    default: g_return_val_if_reached ("");
    }
}

const char *
adj_distance_unit_symbol (AdjDistanceUnit unit)
{
  switch (unit)
    {
    case ADJ_DISTANCE_SQUARES: return "squares";
    case ADJ_DISTANCE_HEXES: return "hexes";
    case ADJ_DISTANCE_CM: return "cm";
    case ADJ_DISTANCE_INCHES: return "inches";
    default: g_return_val_if_reached ("");
    }
}

json_object *
adj_field_default_json (const AdjField *field)
{
  switch (field->kind)
    {
    case ADJ_FIELD_BOOL:
      return json_object_new_boolean (field->def);
    case ADJ_FIELD_INT:
      return json_object_new_int (field->def);
    case ADJ_FIELD_ENUM:
      return json_object_new_string (field->def_choice);
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      return NULL;
    }
}

gboolean
adj_field_value_is_default (const AdjField *field,
                            json_object    *value)
{
  switch (field->kind)
    {
    case ADJ_FIELD_BOOL:
      return json_object_get_boolean (value) == (field->def != 0);
    case ADJ_FIELD_INT:
      return json_object_get_int (value) == field->def;
    case ADJ_FIELD_ENUM:
      return g_strcmp0 (json_object_get_string (value), field->def_choice) == 0;
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      return value == NULL;
    }
}

char *
adj_field_value_to_text (AdjRuleset     *rs,
                         const AdjField *field,
                         json_object    *value)
{
  switch (field->kind)
    {
    case ADJ_FIELD_BOOL:
      return g_strdup (json_object_get_boolean (value) ? _("yes") : _("no"));
    case ADJ_FIELD_INT:
      return g_strdup_printf ("%d", json_object_get_int (value));
    case ADJ_FIELD_ENUM:
      {
        guint n;
        const AdjChoice *choices = adj_ruleset_field_choices (rs, field, &n);
        const AdjChoice *c = adj_field_find_choice (choices, n, json_object_get_string (value));

        return g_strdup (c != NULL ? adj_gettext (c->label) : json_object_get_string (value));
      }
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      return g_strdup (value != NULL ? json_object_get_string (value) : "");
    }
}

char *
adj_field_status_text (AdjRuleset     *rs,
                       const AdjField *field,
                       json_object    *value)
{
  const char *label = adj_gettext (field->badge != NULL ? field->badge : field->label);
  g_autofree char *text = NULL;

  if (value == NULL || adj_field_value_is_default (field, value))
    return NULL;
  if (field->kind == ADJ_FIELD_BOOL)
    /* TRANSLATORS: a switch of a unit's status that is off, e.g. "Not Loaded" */
    return json_object_get_boolean (value) ? g_strdup (label)
                                           : g_strdup_printf (_("Not %s"), label);
  text = adj_field_value_to_text (rs, field, value);
  if (field->kind == ADJ_FIELD_INT)
    return g_strdup_printf ("%s %s", label, text);
  return g_steal_pointer (&text);
}

gboolean
adj_field_check_json (AdjRuleset      *rs,
                      const AdjField  *field,
                      json_object     *value,
                      GError         **error)
{
  switch (field->kind)
    {
    case ADJ_FIELD_BOOL:
      if (json_object_is_type (value, json_type_boolean))
        return TRUE;
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("expected true or false for “%s”, found %s"), field->name,
                   adj_json_type_name (value));
      return FALSE;
    case ADJ_FIELD_INT:
      if (json_object_is_type (value, json_type_int))
        {
          gint64 v = json_object_get_int64 (value);
          if (v >= field->min && v <= field->max)
            return TRUE;
        }
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("expected an integer from %d to %d for “%s”, found %s"),
                   field->min, field->max, field->name, json_object_to_json_string (value));
      return FALSE;
    case ADJ_FIELD_ENUM:
      {
        guint n;
        const AdjChoice *choices = adj_ruleset_field_choices (rs, field, &n);

        if (json_object_is_type (value, json_type_string) &&
            adj_field_find_choice (choices, n, json_object_get_string (value)) != NULL)
          return TRUE;
        {
          g_autoptr(GString) list = g_string_new (NULL);
          for (guint k = 0; k < n; k++)
            g_string_append_printf (list, "%s%s", k > 0 ? ", " : "", choices[k].id);
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected one of %s for “%s”, found %s"), list->str, field->name,
                       json_object_to_json_string (value));
        }
        return FALSE;
      }
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      if (value == NULL || (json_object_is_type (value, json_type_string) &&
                            adj_json_is_identifier (json_object_get_string (value))))
        return TRUE;
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("expected an id for “%s”"),
                   field->name);
      return FALSE;
    }
}
