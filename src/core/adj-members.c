/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-members.c: the record per figure of a unit — its declaration and every check. */

#define G_LOG_DOMAIN "adj-members"

#include "config.h"

#include <string.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-members.h"


struct _AdjMemberSchema {
  json_object  *decl;          /* the ruleset's "members" object: the strings point into it */
  GPtrArray    *fields;        /* of AdjField */
  const char  **applies_to;    /* NULL-terminated category ids */
};

void
adj_member_schema_free (AdjMemberSchema *schema)
{
  if (schema == NULL)
    return;
  g_ptr_array_unref (schema->fields);
  g_free (schema->applies_to);
  json_object_put (schema->decl);
  g_free (schema);
}

/* A member's own keys cannot be the ids of declared fields. */
static gboolean
parse_field (AdjRuleset       *rs,
             AdjMemberSchema  *schema,
             json_object      *obj,
             const char       *file,
             const char       *path,
             GError          **error)
{
  static const char *const keys[] = {
    "id", "kind", "label", "hint", "min", "max", "default", "choices", NULL
  };
  const AdjField *field;

  if (!adj_field_parse (rs, obj, keys, schema->fields, file, path, error))
    return FALSE;
  field = g_ptr_array_index (schema->fields, schema->fields->len - 1);
  if (g_str_equal (field->name, ADJ_MEMBER_NAME) || g_str_equal (field->name, ADJ_MEMBER_RATING) ||
      g_str_equal (field->name, ADJ_MEMBER_WEAPON) || g_str_equal (field->name, ADJ_MEMBER_LOST))
    return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "id",
                             _("expected an identifier other than “name”, “rating”, “weapon” "
                               "and “lost”, found “%s”"), field->name);
  return TRUE;
}

AdjMemberSchema *
adj_member_schema_new (AdjRuleset  *rs,
                       GError     **error)
{
  static const char *const keys[] = { "applies_to", "fields", NULL };
  g_autoptr(AdjMemberSchema) schema = NULL;
  json_object *decl = NULL, *applies = NULL, *fields = NULL;
  const char *file;
  gsize n;

  g_return_val_if_fail (rs != NULL, NULL);

  if (!json_object_object_get_ex (adj_ruleset_get_json (rs), ADJ_MEMBERS_KEY, &decl))
    return NULL;
  file = adj_ruleset_get_file (rs);
  if (!adj_json_expect_object (decl, file, "$.members", error) ||
      !adj_json_check_keys (decl, keys, file, "$.members", error) ||
      !adj_json_get_array (decl, "applies_to", TRUE, &applies, file, "$.members", error) ||
      !adj_json_get_array (decl, "fields", FALSE, &fields, file, "$.members", error))
    return NULL;

  schema = g_new0 (AdjMemberSchema, 1);
  schema->decl = json_object_get (decl);
  schema->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_field_free);
  n = json_object_array_length (applies);
  schema->applies_to = g_new0 (const char *, n + 1);
  if (n == 0)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.members.applies_to",
                     _("expected at least one unit category"));
      return NULL;
    }
  for (gsize i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (applies, i);

      if (!json_object_is_type (item, json_type_string) ||
          adj_ruleset_find_category (rs, json_object_get_string (item)) == NULL)
        {
          g_autofree char *where = adj_json_path_index ("$.members.applies_to", i);
          adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                         _("expected the id of a unit category declared in “categories”"));
          return NULL;
        }
      schema->applies_to[i] = json_object_get_string (item);
    }
  for (gsize i = 0; fields != NULL && i < json_object_array_length (fields); i++)
    {
      g_autofree char *where = adj_json_path_index ("$.members.fields", i);

      if (!parse_field (rs, schema, json_object_array_get_idx (fields, i), file, where, error))
        return NULL;
    }
  return g_steal_pointer (&schema);
}

gboolean
adj_member_schema_applies_to (const AdjMemberSchema *schema,
                              const char            *category)
{
  return schema != NULL && category != NULL &&
         g_strv_contains ((const char * const *) schema->applies_to, category);
}

guint
adj_member_schema_get_n_fields (const AdjMemberSchema *schema)
{
  return schema != NULL ? schema->fields->len : 0;
}

const AdjField *
adj_member_schema_get_field (const AdjMemberSchema *schema,
                             guint                  i)
{
  g_return_val_if_fail (schema != NULL && i < schema->fields->len, NULL);
  return g_ptr_array_index (schema->fields, i);
}

const AdjField *
adj_member_schema_find_field (const AdjMemberSchema *schema,
                              const char            *name)
{
  for (guint i = 0; schema != NULL && name != NULL && i < schema->fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (schema->fields, i);
      if (g_str_equal (f->name, name))
        return f;
    }
  return NULL;
}

/* ---- checking values ---- */

/* One key of a member; @value NULL means "left out", which only the optional keys may be. */
static gboolean
check_key (AdjRuleset             *rs,
           const AdjMemberSchema  *schema,
           const AdjUnitType      *type,
           const char             *key,
           json_object            *value,
           GError                **error)
{
  const AdjField *field;

  if (g_str_equal (key, ADJ_MEMBER_NAME))
    {
      const char *name = json_object_get_string (value);

      if (value == NULL || (json_object_is_type (value, json_type_string) &&
                            adj_name_is_valid (name)))
        return TRUE;
      g_set_error_literal (error, ADJ_ERROR, ADJ_ERROR_INVALID, adj_name_rule ());
      return FALSE;
    }
  if (g_str_equal (key, ADJ_MEMBER_RATING))
    {
      if (value == NULL || (json_object_is_type (value, json_type_string) &&
                            adj_ruleset_find_rating (rs, json_object_get_string (value)) != NULL))
        return TRUE;
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("expected a rating of the ruleset “%s”, found %s"), adj_ruleset_get_id (rs),
                   json_object_to_json_string (value));
      return FALSE;
    }
  if (g_str_equal (key, ADJ_MEMBER_WEAPON))
    {
      const char *w = json_object_get_string (value);

      if (value == NULL)
        return TRUE;
      if (!json_object_is_type (value, json_type_string) ||
          adj_ruleset_find_weapon (rs, w) == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected a weapon of the ruleset “%s”, found %s"),
                       adj_ruleset_get_id (rs), json_object_to_json_string (value));
          return FALSE;
        }
      if (!g_strv_contains (type->weapons, w))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("a unit of type “%s” cannot carry the weapon “%s”"), type->id, w);
          return FALSE;
        }
      return TRUE;
    }
  if (g_str_equal (key, ADJ_MEMBER_LOST))
    {
      if (json_object_is_type (value, json_type_boolean))
        return TRUE;
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("expected true or false for “lost”, found %s"), adj_json_type_name (value));
      return FALSE;
    }
  field = adj_member_schema_find_field (schema, key);
  if (field == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("“%s” is not something the ruleset “%s” records for a figure"), key,
                   adj_ruleset_get_id (rs));
      return FALSE;
    }
  if (value == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("“%s” cannot be removed"), key);
      return FALSE;
    }
  return adj_field_check_json (rs, field, value, error);
}

static gboolean
check_applies (const AdjMemberSchema  *schema,
               const AdjUnitType      *type,
               GError                **error)
{
  if (adj_member_schema_applies_to (schema, type->category))
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
               _("a unit of type “%s” keeps no record per figure"), type->id);
  return FALSE;
}

/* Check one member object; with @fill, add the defaults it leaves out. */
static gboolean
check_member (AdjRuleset             *rs,
              const AdjMemberSchema  *schema,
              const AdjUnitType      *type,
              json_object            *member,
              gboolean                fill,
              const char             *file,
              const char             *path,
              GError                **error)
{
  if (!adj_json_expect_object (member, file, path, error))
    return FALSE;
  json_object_object_foreach (member, key, val)
    {
      g_autoptr(GError) local = NULL;

      /* A null name, rating or weapon means the same as leaving it out. */
      if (!check_key (rs, schema, type, key, val, &local))
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key, "%s", local->message);
    }

  if (!json_object_object_get_ex (member, ADJ_MEMBER_LOST, NULL))
    {
      if (!fill)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("expected every value of a member: “%s” is missing"),
                              ADJ_MEMBER_LOST);
      json_object_object_add (member, ADJ_MEMBER_LOST, json_object_new_boolean (FALSE));
    }
  for (guint i = 0; i < schema->fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (schema->fields, i);

      if (json_object_object_get_ex (member, f->name, NULL))
        continue;
      if (!fill)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                              _("expected every value of a member: “%s” is missing"), f->name);
      json_object_object_add (member, f->name, adj_field_default_json (f));
    }
  return TRUE;
}

static gboolean
check_list (AdjRuleset             *rs,
            const AdjMemberSchema  *schema,
            const AdjUnitType      *type,
            json_object            *list,
            gboolean                fill,
            const char             *file,
            const char             *path,
            GError                **error)
{
  gsize n;

  if (!json_object_is_type (list, json_type_array))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("expected a list of members, found %s"), adj_json_type_name (list));
  n = json_object_array_length (list);
  if (n > ADJ_MEMBERS_MAX)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                          _("a unit may have at most %d members"), ADJ_MEMBERS_MAX);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *where = adj_json_path_index (path, i);

      if (!check_member (rs, schema, type, json_object_array_get_idx (list, i), fill, file, where,
                         error))
        return FALSE;
    }
  return TRUE;
}

json_object *
adj_members_from_json (AdjRuleset             *rs,
                       const AdjMemberSchema  *schema,
                       const AdjUnitType      *type,
                       json_object            *json,
                       const char             *file,
                       const char             *path,
                       GError                **error)
{
  g_autoptr(json_object) copy = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (rs != NULL && type != NULL, NULL);

  if (!check_applies (schema, type, &local))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path, "%s", local->message);
      return NULL;
    }
  copy = adj_json_copy (json);
  if (!check_list (rs, schema, type, copy, TRUE, file, path, error))
    return NULL;
  return g_steal_pointer (&copy);
}

json_object *
adj_members_read (AdjRuleset         *rs,
                  const AdjUnitType  *type,
                  json_object        *json,
                  gint64              figures,
                  const char         *file,
                  const char         *path,
                  GError            **error)
{
  g_autofree char *where = adj_json_path_key (path, ADJ_MEMBERS_KEY);
  g_autoptr(json_object) members = NULL;

  members = adj_members_from_json (rs, adj_ruleset_get_member_schema (rs), type, json, file,
                                   where, error);
  if (members == NULL)
    return NULL;
  if (figures >= 0 && figures != adj_members_count_in_play (members))
    {
      adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "figures",
                        _("the members list %d figures in play, not %lld"),
                        adj_members_count_in_play (members), (long long) figures);
      return NULL;
    }
  return g_steal_pointer (&members);
}

json_object *
adj_members_new_default (const AdjMemberSchema *schema,
                         int                    n)
{
  json_object *list = json_object_new_array ();

  g_return_val_if_fail (schema != NULL, list);

  for (int i = 0; i < n; i++)
    {
      json_object *member = json_object_new_object ();

      json_object_object_add (member, ADJ_MEMBER_LOST, json_object_new_boolean (FALSE));
      for (guint k = 0; k < schema->fields->len; k++)
        {
          const AdjField *f = g_ptr_array_index (schema->fields, k);
          json_object_object_add (member, f->name, adj_field_default_json (f));
        }
      json_object_array_add (list, member);
    }
  return list;
}

gboolean
adj_members_check_list (AdjRuleset             *rs,
                        const AdjMemberSchema  *schema,
                        const AdjUnitType      *type,
                        json_object            *members,
                        GError                **error)
{
  g_autoptr(GError) local = NULL;

  if (!check_applies (schema, type, error))
    return FALSE;
  if (check_list (rs, schema, type, members, FALSE, _("change"), "members", &local))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

gboolean
adj_members_check_value (AdjRuleset             *rs,
                         const AdjMemberSchema  *schema,
                         const AdjUnitType      *type,
                         json_object            *members,
                         guint                   index,
                         const char             *key,
                         json_object            *value,
                         GError                **error)
{
  if (!check_applies (schema, type, error))
    return FALSE;
  if (members == NULL || index >= json_object_array_length (members))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("the unit has no member %u"), index);
      return FALSE;
    }
  return check_key (rs, schema, type, key, value, error);
}

/* ---- reading ---- */

gboolean
adj_members_parse_path (const char  *field,
                        guint       *index,
                        const char **key)
{
  const char *p;
  char *end = NULL;
  guint64 n;

  if (field == NULL || !g_str_has_prefix (field, "members."))
    return FALSE;
  p = field + strlen ("members.");
  if (!g_ascii_isdigit (p[0]) || (p[0] == '0' && g_ascii_isdigit (p[1])))
    return FALSE;
  n = g_ascii_strtoull (p, &end, 10);
  if (end == NULL || *end != '.' || end[1] == '\0' || n >= ADJ_MEMBERS_MAX)
    return FALSE;
  *index = (guint) n;
  *key = end + 1;
  return TRUE;
}

int
adj_members_count_in_play (json_object *members)
{
  int n = 0;

  for (gsize i = 0; members != NULL && i < json_object_array_length (members); i++)
    if (!adj_member_get_bool (members, (guint) i, ADJ_MEMBER_LOST))
      n++;
  return n;
}

json_object *
adj_member_get (json_object *members,
                guint        index,
                const char  *key)
{
  json_object *member, *v = NULL;

  if (members == NULL || index >= json_object_array_length (members))
    return NULL;
  member = json_object_array_get_idx (members, index);
  json_object_object_get_ex (member, key, &v);
  return v;
}

int
adj_member_get_int (json_object *members,
                    guint        index,
                    const char  *key)
{
  return json_object_get_int (adj_member_get (members, index, key));
}

gboolean
adj_member_get_bool (json_object *members,
                     guint        index,
                     const char  *key)
{
  return json_object_get_boolean (adj_member_get (members, index, key));
}

const char *
adj_member_get_string (json_object *members,
                       guint        index,
                       const char  *key)
{
  json_object *v = adj_member_get (members, index, key);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

char *
adj_member_describe (json_object *members,
                     guint        index)
{
  const char *name = adj_member_get_string (members, index, ADJ_MEMBER_NAME);

  if (name != NULL)
    return g_strdup (name);
  /* TRANSLATORS: one figure of a unit, counted from 1, e.g. "figure 4" */
  return g_strdup_printf (_("figure %u"), index + 1);
}
