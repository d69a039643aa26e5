/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-members.c: the record per figure of a unit — declaration, loading, journaled changes,
 * undo and redo, saving, army lists — and a battle's generic store of hidden information. */

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-members.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-test-util.h"
#include "adj-unit.h"

/* The Risk Factor rules are the system that keeps a record per figure; the tests use its
 * ruleset, but only the generic parts of it. */
static AdjRuleset *rs;

static void
assert_error_has (const GError *error,
                  const char   *expected)
{
  g_assert_nonnull (error);
  if (strstr (error->message, expected) == NULL)
    {
      g_test_message ("“%s” does not contain “%s”", error->message, expected);
      g_test_fail ();
    }
}

/* A battle of two sides; the units' JSON is spliced in. */
static char *
battle_text (const char *units)
{
  return g_strdup_printf (
    "{\"format\": \"adjutant-battle\", \"version\": 1, \"ruleset\": \"rf\", "
    "\"id\": \"members-test\", \"name\": \"Record test\", \"turn\": 1, "
    "\"phase\": \"first-command\", \"sides\": [{\"id\": \"a\", \"name\": \"Redcoats\"}, "
    "{\"id\": \"b\", \"name\": \"Warriors\", \"settings\": {\"solo\": true}}], "
    "\"units\": [%s]}", units);
}

static AdjBattle *
load_battle (const char  *units,
             GError     **error)
{
  g_autofree char *text = battle_text (units);
  g_autoptr(json_object) json = adj_test_parse (text);

  return adj_battle_from_json (json, "battle.json", error);
}

static AdjBattle *
section_battle (void)
{
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = load_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"1st Section\", \"type\": \"regular-foot\", "
    "\"rating\": \"veteran\", \"weapon\": \"rifle-bayonet\", \"members\": ["
    "{\"name\": \"Sgt Keane\", \"role\": \"nco\"}, {\"name\": \"Pte Hook\"}, {}, {}, "
    "{\"rating\": \"raw\", \"weapon\": \"rifle\"}]}", &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

/* ------------------------------------------------------------------------------------------ */
/* the declaration                                                                             */

static void
test_schema (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjMemberSchema) schema = adj_member_schema_new (rs, &error);
  g_autoptr(AdjRuleset) wec = adj_ruleset_lookup ("wec", &error);
  g_autoptr(AdjMemberSchema) none = NULL;
  const AdjField *role;

  g_assert_no_error (error);
  g_assert_nonnull (schema);
  g_assert_true (adj_member_schema_applies_to (schema, "infantry"));
  g_assert_true (adj_member_schema_applies_to (schema, "character"));
  g_assert_false (adj_member_schema_applies_to (schema, "marker"));
  g_assert_false (adj_member_schema_applies_to (schema, NULL));
  g_assert_cmpuint (adj_member_schema_get_n_fields (schema), ==, 3);
  role = adj_member_schema_find_field (schema, "role");
  g_assert_nonnull (role);
  g_assert_true (adj_member_schema_get_field (schema, 0) == role);
  g_assert_cmpint (role->kind, ==, ADJ_FIELD_ENUM);
  g_assert_cmpstr (role->def_choice, ==, "figure");
  g_assert_cmpint (adj_member_schema_find_field (schema, "wounds")->max, ==, 1);
  g_assert_null (adj_member_schema_find_field (schema, "morale"));

  /* A ruleset without the key keeps no record, and that is not an error. */
  g_assert_nonnull (wec);
  none = adj_member_schema_new (wec, &error);
  g_assert_no_error (error);
  g_assert_null (none);
  g_assert_false (adj_member_schema_applies_to (none, "infantry"));
  g_assert_cmpuint (adj_member_schema_get_n_fields (none), ==, 0);
}

typedef struct {
  const char *name;
  const char *path;     /* where in "members" to put @value ("" replaces it whole) */
  const char *value;
  const char *message;
} SchemaCase;

static const SchemaCase schema_cases[] = {
  { "not-object", "", "[1]", "rf.json: $.members: expected an object" },
  { "unknown-key", "extra", "1", "rf.json: $.members.extra: unknown key “extra”" },
  { "no-categories", "applies_to", "[]",
    "rf.json: $.members.applies_to: expected at least one unit category" },
  { "bad-category", "applies_to", "[\"tanks\"]",
    "rf.json: $.members.applies_to[0]: expected the id of a unit category declared in "
    "“categories”" },
  { "reserved-id", "fields", "[{\"id\": \"lost\", \"kind\": \"bool\", \"label\": \"Lost\"}]",
    "rf.json: $.members.fields[0].id: expected an identifier other than “name”, “rating”, "
    "“weapon” and “lost”, found “lost”" },
  { "bad-id", "fields", "[{\"id\": \"Wounds!\", \"kind\": \"bool\", \"label\": \"W\"}]",
    "rf.json: $.members.fields[0].id: expected an identifier" },
  { "twice", "fields", "[{\"id\": \"a\", \"kind\": \"bool\", \"label\": \"A\"}, "
                       "{\"id\": \"a\", \"kind\": \"bool\", \"label\": \"A\"}]",
    "rf.json: $.members.fields[1]: the field id “a” is used twice" },
  { "bad-kind", "fields", "[{\"id\": \"a\", \"kind\": \"text\", \"label\": \"A\"}]",
    "rf.json: $.members.fields[0].kind: expected “bool”, “int” or “enum”, found “text”" },
  { "int-default", "fields", "[{\"id\": \"a\", \"kind\": \"int\", \"label\": \"A\", \"min\": 0, "
                             "\"max\": 1, \"default\": 3}]",
    "rf.json: $.members.fields[0].default:" },
  { "enum-no-choices", "fields", "[{\"id\": \"a\", \"kind\": \"enum\", \"label\": \"A\", "
                                 "\"choices\": []}]",
    "rf.json: $.members.fields[0].choices: expected at least one choice" },
  { "enum-default", "fields", "[{\"id\": \"a\", \"kind\": \"enum\", \"label\": \"A\", "
                              "\"choices\": [{\"id\": \"x\", \"label\": \"X\"}], "
                              "\"default\": \"y\"}]",
    "rf.json: $.members.fields[0].default: “y” is not one of the choices" },
  { "empty-label", "fields", "[{\"id\": \"a\", \"kind\": \"bool\", \"label\": \"\"}]",
    "rf.json: $.members.fields[0].label: expected a non-empty text" },
};

static void
test_schema_error (gconstpointer data)
{
  const SchemaCase *c = data;
  g_autoptr(json_object) root = adj_json_copy (adj_ruleset_get_json (rs));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) broken = NULL;

  if (c->path[0] == '\0')
    json_object_object_add (root, "members", adj_test_parse (c->value));
  else
    json_object_object_add (json_object_object_get (root, "members"), c->path,
                            adj_test_parse (c->value));
  broken = adj_ruleset_load_json (root, "rf.json", &error);
  g_assert_null (broken);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  assert_error_has (error, c->message);
}

/* ------------------------------------------------------------------------------------------ */
/* loading                                                                                     */

static void
test_load_defaults (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = load_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Section\", \"type\": \"regular-foot\", "
    "\"figures\": 6}, "
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Impi\", \"type\": \"native-regulars\"}, "
    "{\"id\": \"u3\", \"side\": \"b\", \"name\": \"Wood edge\", \"type\": \"marker\"}, "
    "{\"id\": \"u4\", \"side\": \"a\", \"name\": \"Picket\", \"type\": \"regular-foot\", "
    "\"figures\": 2, \"members\": [{\"lost\": true}, {}, {\"wounds\": 1}]}", &error);
  AdjUnit *u1, *u2, *u3, *u4;
  json_object *members;

  g_assert_no_error (error);
  u1 = adj_battle_find_unit (battle, "u1");
  u2 = adj_battle_find_unit (battle, "u2");
  u3 = adj_battle_find_unit (battle, "u3");
  u4 = adj_battle_find_unit (battle, "u4");

  /* No record given: one default member per figure, or per figure of the type. */
  g_assert_cmpuint (adj_unit_get_n_members (u1), ==, 6);
  g_assert_cmpint (adj_unit_get_figures (u1), ==, 6);
  members = adj_unit_get_members (u1);
  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpstr (adj_member_get_string (members, i, "role"), ==, "figure");
      g_assert_cmpint (adj_member_get_int (members, i, "wounds"), ==, 0);
      g_assert_false (adj_member_get_bool (members, i, "disloyal"));
      g_assert_false (adj_member_get_bool (members, i, ADJ_MEMBER_LOST));
      g_assert_null (adj_member_get (members, i, ADJ_MEMBER_NAME));
    }
  g_assert_cmpuint (adj_unit_get_n_members (u2), ==,
                    (guint) adj_ruleset_find_unit_type (rs, "native-regulars")->figures);

  /* A marker keeps none. */
  g_assert_null (adj_unit_get_members (u3));
  g_assert_cmpuint (adj_unit_get_n_members (u3), ==, 0);

  /* Given: the defaults are filled in and the figures are the members not lost. */
  g_assert_cmpuint (adj_unit_get_n_members (u4), ==, 3);
  g_assert_cmpint (adj_unit_get_figures (u4), ==, 2);
  g_assert_cmpint (adj_members_count_in_play (adj_unit_get_members (u4)), ==, 2);
  g_assert_cmpint (adj_member_get_int (adj_unit_get_members (u4), 2, "wounds"), ==, 1);
  g_assert_cmpstr (adj_member_get_string (adj_unit_get_members (u4), 0, "role"), ==, "figure");

  /* Saved as they are, and read back the same. */
  {
    g_autoptr(json_object) saved = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) again = adj_battle_from_json (saved, "again.json", &error);
    g_autoptr(json_object) resaved = NULL;

    g_assert_no_error (error);
    resaved = adj_battle_to_json (again);
    g_assert_true (adj_json_equal (saved, resaved));
    g_assert_true (adj_json_equal (adj_unit_get_members (u4),
                                   adj_unit_get_members (adj_battle_find_unit (again, "u4"))));
  }
}

typedef struct {
  const char *name;
  const char *unit;       /* the JSON of the one unit */
  const char *message;
} LoadCase;

#define SECTION "\"id\": \"u1\", \"side\": \"a\", \"name\": \"S\", \"type\": \"regular-foot\", "

static const LoadCase load_cases[] = {
  { "not-list", "{" SECTION "\"members\": {}}",
    "battle.json: $.units[0].members: expected a list of members, found an object" },
  { "not-object", "{" SECTION "\"members\": [{}, 3]}",
    "battle.json: $.units[0].members[1]: expected an object" },
  { "unknown-key", "{" SECTION "\"members\": [{\"morale\": 2}]}",
    "battle.json: $.units[0].members[0].morale: “morale” is not something the ruleset “rf” "
    "records for a figure" },
  { "bad-role", "{" SECTION "\"members\": [{\"role\": \"general\"}]}",
    "battle.json: $.units[0].members[0].role: expected one of figure, officer, nco, drummer, "
    "bugler for “role”, found \"general\"" },
  { "too-many-wounds", "{" SECTION "\"members\": [{}, {\"wounds\": 2}]}",
    "battle.json: $.units[0].members[1].wounds: expected an integer from 0 to 1 for “wounds”, "
    "found 2" },
  { "wounds-text", "{" SECTION "\"members\": [{\"wounds\": \"one\"}]}",
    "battle.json: $.units[0].members[0].wounds: expected an integer from 0 to 1" },
  { "wounds-null", "{" SECTION "\"members\": [{\"wounds\": null}]}",
    "battle.json: $.units[0].members[0].wounds: “wounds” cannot be removed" },
  { "weapon-not-carried", "{" SECTION "\"members\": [{\"weapon\": \"lance\"}]}",
    "battle.json: $.units[0].members[0].weapon: a unit of type “regular-foot” cannot carry the "
    "weapon “lance”" },
  { "weapon-unknown", "{" SECTION "\"members\": [{\"weapon\": \"laser\"}]}",
    "battle.json: $.units[0].members[0].weapon: expected a weapon of the ruleset “rf”, found "
    "\"laser\"" },
  { "rating-unknown", "{" SECTION "\"members\": [{\"rating\": \"elite\"}]}",
    "battle.json: $.units[0].members[0].rating: expected a rating of the ruleset “rf”, found "
    "\"elite\"" },
  { "name-empty", "{" SECTION "\"members\": [{\"name\": \"\"}]}",
    "battle.json: $.units[0].members[0].name: expected a name of 1 to 200 characters, "
    "not only spaces, with no control characters" },
  { "lost-not-bool", "{" SECTION "\"members\": [{\"lost\": 1}]}",
    "battle.json: $.units[0].members[0].lost: expected true or false for “lost”, found an "
    "integer" },
  { "figures-disagree", "{" SECTION "\"figures\": 5, \"members\": [{}, {\"lost\": true}, {}]}",
    "battle.json: $.units[0].figures: the members list 2 figures in play, not 5" },
  { "marker", "{\"id\": \"u1\", \"side\": \"b\", \"name\": \"M\", \"type\": \"marker\", "
              "\"members\": []}",
    "battle.json: $.units[0].members: a unit of type “marker” keeps no record per figure" },
};

static void
test_load_error (gconstpointer data)
{
  const LoadCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = load_battle (c->unit, &error);

  g_assert_null (battle);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  assert_error_has (error, c->message);
}

static void
test_load_too_many (void)
{
  g_autoptr(GString) units = g_string_new ("{" SECTION "\"members\": [");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;

  for (guint i = 0; i <= ADJ_MEMBERS_MAX; i++)
    g_string_append (units, i > 0 ? ", {}" : "{}");
  g_string_append (units, "]}");
  battle = load_battle (units->str, &error);
  g_assert_null (battle);
  assert_error_has (error, "battle.json: $.units[0].members: a unit may have at most 1000 "
                           "members");
}

/* ------------------------------------------------------------------------------------------ */
/* journaled changes                                                                           */

static void
on_notify_figures (GObject    *object,
                   GParamSpec *pspec,
                   guint      *count)
{
  (*count)++;
}

static void
on_unit_changed (AdjUnit    *unit,
                 const char *field,
                 GPtrArray  *fields)
{
  g_ptr_array_add (fields, g_strdup (field));
}

static void
test_change_undo_redo (void)
{
  g_autoptr(AdjBattle) battle = section_battle ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) one = json_object_new_int (1);
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  AdjUnit *unit = adj_battle_find_unit (battle, "u1");
  AdjJournal *journal = adj_battle_get_journal (battle);
  guint figures_notified = 0;

  g_signal_connect (unit, "notify::figures", G_CALLBACK (on_notify_figures), &figures_notified);
  g_signal_connect (unit, "changed", G_CALLBACK (on_unit_changed), fields);
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 5);

  /* A wound on Pte Hook: one journal entry that names him. */
  g_assert_true (adj_battle_edit (battle, "unit:u1", "members.1.wounds", one, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_member_get_int (adj_unit_get_members (unit), 1, "wounds"), ==, 1);
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 1);
  g_assert_cmpstr (adj_journal_get_entry (journal, 0)->summary, ==,
                   "1st Section: Pte Hook, Wounds set to 1");
  g_assert_cmpstr (adj_change_set_get (adj_journal_get_entry (journal, 0)->changes, 0)->field,
                   ==, "members.1.wounds");
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 5);
  g_assert_cmpuint (figures_notified, ==, 0);
  g_assert_cmpuint (fields->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fields, 0), ==, "members.1.wounds");

  /* A figure without a name is "figure 3"; losing him is one figure fewer. */
  g_assert_true (adj_battle_edit (battle, "unit:u1", "members.2.lost", yes, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_journal_get_entry (journal, 1)->summary, ==,
                   "1st Section: figure 3, lost set to yes");
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 4);
  g_assert_cmpuint (figures_notified, ==, 1);

  /* Undo walks back one entry at a time, redo forward again. */
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 5);
  g_assert_false (adj_member_get_bool (adj_unit_get_members (unit), 2, ADJ_MEMBER_LOST));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpint (adj_member_get_int (adj_unit_get_members (unit), 1, "wounds"), ==, 0);
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_member_get_int (adj_unit_get_members (unit), 1, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 4);

  /* The journal survives saving: undo still works on the loaded battle. */
  {
    g_autoptr(json_object) saved = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) again = adj_battle_from_json (saved, "again.json", &error);
    AdjUnit *u;

    g_assert_no_error (error);
    u = adj_battle_find_unit (again, "u1");
    g_assert_cmpint (adj_unit_get_figures (u), ==, 4);
    g_assert_true (adj_battle_undo (again, &error));
    g_assert_true (adj_battle_undo (again, &error));
    g_assert_no_error (error);
    g_assert_cmpint (adj_unit_get_figures (u), ==, 5);
    g_assert_cmpint (adj_member_get_int (adj_unit_get_members (u), 1, "wounds"), ==, 0);
  }
}

static void
test_change_optional_keys (void)
{
  g_autoptr(AdjBattle) battle = section_battle ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) name = json_object_new_string ("Pte Thomas");
  AdjUnit *unit = adj_battle_find_unit (battle, "u1");

  /* A name given to a figure that had none, then taken away again by undo. */
  g_assert_true (adj_battle_edit (battle, "unit:u1", "members.3.name", name, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_member_get_string (adj_unit_get_members (unit), 3, ADJ_MEMBER_NAME), ==,
                   "Pte Thomas");
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_null (adj_member_get (adj_unit_get_members (unit), 3, ADJ_MEMBER_NAME));

  /* A figure's own rating and weapon can be cleared: he follows the unit's again. */
  g_assert_true (adj_battle_edit (battle, "unit:u1", "members.4.weapon", NULL, &error));
  g_assert_true (adj_battle_edit (battle, "unit:u1", "members.4.rating", NULL, &error));
  g_assert_no_error (error);
  g_assert_null (adj_member_get (adj_unit_get_members (unit), 4, ADJ_MEMBER_WEAPON));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpstr (adj_member_get_string (adj_unit_get_members (unit), 4, ADJ_MEMBER_WEAPON), ==,
                   "rifle");
  g_assert_cmpstr (adj_member_get_string (adj_unit_get_members (unit), 4, ADJ_MEMBER_RATING), ==,
                   "raw");
}

typedef struct {
  const char *name;
  const char *field;
  const char *value;     /* JSON, or NULL for null */
  int         code;
  const char *message;
} ChangeCase;

static const ChangeCase change_cases[] = {
  { "figures", "figures", "3", ADJ_ERROR_NOT_ALLOWED,
    "1st Section counts its figures from its record per figure: change the members instead" },
  { "no-such-member", "members.5.wounds", "1", ADJ_ERROR_NOT_FOUND, "the unit has no member 5" },
  { "too-many-wounds", "members.0.wounds", "2", ADJ_ERROR_INVALID,
    "expected an integer from 0 to 1 for “wounds”, found 2" },
  { "remove-wounds", "members.0.wounds", NULL, ADJ_ERROR_INVALID, "“wounds” cannot be removed" },
  { "remove-lost", "members.0.lost", NULL, ADJ_ERROR_INVALID,
    "expected true or false for “lost”" },
  { "unknown-key", "members.0.morale", "1", ADJ_ERROR_INVALID,
    "“morale” is not something the ruleset “rf” records for a figure" },
  { "weapon", "members.0.weapon", "\"bow\"", ADJ_ERROR_INVALID,
    "a unit of type “regular-foot” cannot carry the weapon “bow”" },
  { "bad-path", "members.x.wounds", "1", ADJ_ERROR_INVALID,
    "“members.x.wounds” cannot be changed" },
  { "list-incomplete", "members", "[{\"lost\": false}]", ADJ_ERROR_INVALID,
    "change: members[0]: expected every value of a member: “role” is missing" },
  { "list-not-list", "members", "{}", ADJ_ERROR_INVALID,
    "change: members: expected a list of members, found an object" },
  { "list-null", "members", NULL, ADJ_ERROR_INVALID, "expected a list of members" },
};

static void
test_change_refused (gconstpointer data)
{
  const ChangeCase *c = data;
  g_autoptr(AdjBattle) battle = section_battle ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) value = c->value != NULL ? adj_test_parse (c->value) : NULL;
  g_autoptr(json_object) before = adj_unit_to_json (adj_battle_find_unit (battle, "u1"));
  g_autoptr(json_object) after = NULL;

  g_assert_false (adj_battle_edit (battle, "unit:u1", c->field, value, &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  assert_error_has (error, c->message);
  /* Nothing changed, nothing was journaled. */
  after = adj_unit_to_json (adj_battle_find_unit (battle, "u1"));
  g_assert_true (adj_json_equal (before, after));
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 0);
}

/* Adding and removing figures is a change of the whole list. */
static void
test_change_whole_list (void)
{
  g_autoptr(AdjBattle) battle = section_battle ();
  g_autoptr(GError) error = NULL;
  AdjUnit *unit = adj_battle_find_unit (battle, "u1");
  g_autoptr(json_object) list = adj_unit_get_field (unit, "members");
  g_autoptr(AdjMemberSchema) schema = adj_member_schema_new (rs, NULL);
  g_autoptr(json_object) extra = adj_members_new_default (schema, 2);
  g_autoptr(json_object) before = adj_json_copy (list);

  /* The value read is a copy: changing it changes nothing in the unit. */
  json_object_array_add (list, json_object_get (json_object_array_get_idx (extra, 0)));
  json_object_array_add (list, json_object_get (json_object_array_get_idx (extra, 1)));
  g_assert_cmpuint (adj_unit_get_n_members (unit), ==, 5);

  g_assert_true (adj_battle_edit (battle, "unit:u1", "members", list, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_unit_get_n_members (unit), ==, 7);
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 7);
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpuint (adj_unit_get_n_members (unit), ==, 5);
  g_assert_cmpint (adj_unit_get_figures (unit), ==, 5);
  g_assert_true (adj_json_equal (adj_unit_get_members (unit), before));
}

/* ------------------------------------------------------------------------------------------ */
/* paths and army lists                                                                        */

typedef struct {
  const char *field;
  gboolean    ok;
  guint       index;
  const char *key;
} PathCase;

static const PathCase path_cases[] = {
  { "members.3.wounds", TRUE, 3, "wounds" },
  { "members.0.lost", TRUE, 0, "lost" },
  { "members.999.name", TRUE, 999, "name" },
  { "members.1000.name", FALSE, 0, NULL },
  { "members.03.wounds", FALSE, 0, NULL },
  { "members.-1.wounds", FALSE, 0, NULL },
  { "members.x.wounds", FALSE, 0, NULL },
  { "members.3", FALSE, 0, NULL },
  { "members.3.", FALSE, 0, NULL },
  { "members", FALSE, 0, NULL },
  { "status.wounds", FALSE, 0, NULL },
};

static void
test_paths (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (path_cases); i++)
    {
      const PathCase *c = &path_cases[i];
      guint index = 77;
      const char *key = NULL;

      g_assert_cmpint (adj_members_parse_path (c->field, &index, &key), ==, c->ok);
      if (c->ok)
        {
          g_assert_cmpuint (index, ==, c->index);
          g_assert_cmpstr (key, ==, c->key);
        }
    }
  g_assert_false (adj_members_parse_path (NULL, NULL, NULL));
}

static void
test_army_members (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_test_parse (
    "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"rf\", \"name\": \"Patrol\", "
    "\"units\": [{\"name\": \"Section\", \"type\": \"regular-foot\", \"count\": 2, "
    "\"members\": [{\"name\": \"Cpl Dunn\", \"role\": \"nco\"}, {}, {\"lost\": true}]}]}");
  g_autoptr(AdjArmy) army = adj_army_from_file_json (json, "army.json", &error);
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "From a list");
  g_autoptr(json_object) saved = NULL;
  AdjArmyUnit *u;

  g_assert_no_error (error);
  u = g_ptr_array_index (army->units, 0);
  g_assert_cmpint (u->figures, ==, 2);
  g_assert_cmpuint (json_object_array_length (u->members), ==, 3);
  saved = adj_army_to_json (army);
  g_assert_nonnull (json_object_object_get (json_object_array_get_idx (
    json_object_object_get (saved, "units"), 0), "members"));

  g_assert_true (adj_battle_add_army (battle, "a", army, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);

      g_assert_cmpint (adj_unit_get_figures (unit), ==, 2);
      g_assert_cmpstr (adj_member_get_string (adj_unit_get_members (unit), 0, ADJ_MEMBER_NAME), ==,
                       "Cpl Dunn");
      g_assert_cmpint (adj_member_get_int (adj_unit_get_members (unit), 1, "wounds"), ==, 0);
    }

  /* A list is checked like a battle, with the list's own paths. */
  {
    g_autoptr(json_object) bad = adj_test_parse (
      "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"rf\", \"name\": \"P\", "
      "\"units\": [{\"name\": \"S\", \"type\": \"regular-foot\", \"figures\": 4, "
      "\"members\": [{\"wounds\": 3}]}]}");
    g_autoptr(AdjArmy) none = adj_army_from_file_json (bad, "army.json", &error);

    g_assert_null (none);
    assert_error_has (error, "army.json: $.units[0].members[0].wounds: expected an integer from "
                             "0 to 1 for “wounds”, found 3");
    g_clear_error (&error);
    json_object_object_add (json_object_array_get_idx (json_object_object_get (bad, "units"), 0),
                            "members", adj_test_parse ("[{}, {}]"));
    none = adj_army_from_file_json (bad, "army.json", &error);
    g_assert_null (none);
    assert_error_has (error, "army.json: $.units[0].figures: the members list 2 figures in play, "
                             "not 4");
  }
}

/* A roster prints one box per member, however many the unit type usually has. */
static void
test_roster_boxes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = load_battle (
    "{\"id\": \"u1\", \"side\": \"b\", \"name\": \"Impi\", \"type\": \"native-regulars\", "
    "\"members\": [{}, {\"lost\": true}, {\"wounds\": 1}]}, "
    "{\"id\": \"u2\", \"side\": \"a\", \"name\": \"Section\", \"type\": \"regular-foot\", "
    "\"figures\": 12}", &error);
  g_autoptr(AdjRoster) roster = NULL;
  g_autofree char *dir = g_dir_make_tmp ("adj-members-XXXXXX", &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (adj_ruleset_find_unit_type (rs, "native-regulars")->figures, !=, 3);
  roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "roster.pdf", NULL);
  g_assert_true (adj_roster_write_pdf (roster, path, ADJ_PAPER_A4, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==, 3 + 12);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* hidden information kept by a battle                                                         */

static void
test_secret_store (void)
{
  g_autoptr(AdjBattle) battle = section_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *sealed = adj_secret_seal ("opaque text", NULL);
  g_autoptr(json_object) value = json_object_new_string (sealed);
  g_autoptr(json_object) saved = NULL;
  g_autoptr(AdjBattle) again = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);

  g_assert_null (adj_battle_get_secret (battle, "plan"));
  g_assert_true (adj_battle_edit (battle, "battle", "secrets.plan", value, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_secret (battle, "plan"), ==, sealed);
  /* The journal line never spells it out. */
  g_assert_null (strstr (adj_journal_get_entry (journal, 0)->summary, sealed));

  saved = adj_battle_to_json (battle);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
    json_object_object_get (saved, "secrets"), "plan")), ==, sealed);
  again = adj_battle_from_json (saved, "again.json", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_secret (again, "plan"), ==, sealed);
  g_assert_true (adj_battle_undo (again, &error));
  g_assert_null (adj_battle_get_secret (again, "plan"));
  {
    g_autoptr(json_object) without = adj_battle_to_json (again);
    g_assert_false (json_object_object_get_ex (without, "secrets", NULL));
  }

  /* Only texts, under identifiers. */
  {
    g_autoptr(json_object) number = json_object_new_int (3);

    g_assert_false (adj_battle_edit (battle, "battle", "secrets.plan", number, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_false (adj_battle_edit (battle, "battle", "secrets.Bad Name", value, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    g_clear_error (&error);
  }
  json_object_object_add (json_object_object_get (saved, "secrets"), "plan",
                          json_object_new_int (5));
  g_clear_object (&again);
  again = adj_battle_from_json (saved, "broken.json", &error);
  g_assert_null (again);
  assert_error_has (error, "broken.json: $.secrets.plan: expected hidden information as a text");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  rs = adj_ruleset_lookup ("rf", &error);
  g_assert_no_error (error);

  g_test_add_func ("/members/schema", test_schema);
  for (guint i = 0; i < G_N_ELEMENTS (schema_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/members/schema-error/", schema_cases[i].name, NULL);
      g_test_add_data_func (path, &schema_cases[i], test_schema_error);
    }
  g_test_add_func ("/members/load/defaults", test_load_defaults);
  for (guint i = 0; i < G_N_ELEMENTS (load_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/members/load/refused/", load_cases[i].name, NULL);
      g_test_add_data_func (path, &load_cases[i], test_load_error);
    }
  g_test_add_func ("/members/load/too-many", test_load_too_many);
  g_test_add_func ("/members/change/undo-redo", test_change_undo_redo);
  g_test_add_func ("/members/change/optional-keys", test_change_optional_keys);
  g_test_add_func ("/members/change/whole-list", test_change_whole_list);
  for (guint i = 0; i < G_N_ELEMENTS (change_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/members/change/refused/", change_cases[i].name, NULL);
      g_test_add_data_func (path, &change_cases[i], test_change_refused);
    }
  g_test_add_func ("/members/paths", test_paths);
  g_test_add_func ("/members/army", test_army_members);
  g_test_add_func ("/members/roster-boxes", test_roster_boxes);
  g_test_add_func ("/members/secret-store", test_secret_store);

  status = g_test_run ();
  adj_ruleset_unref (rs);
  return status;
}
