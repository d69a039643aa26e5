/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ruleset.c: loading When Empires Clash!, its lookups, and every way a ruleset is refused. */

#include "config.h"

#include <string.h>

#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-ruleset.h"
#include "adj-test-util.h"

/* The ruleset ids an error lists as known ("gl, rn, wec"): "@KNOWN@" in an expected message
 * stands for them, so that a new system's ruleset does not change the expectations. */
static json_object *wec_root;   /* a pristine parse of wec.json, copied for every broken case */

static AdjRuleset *
load_wec (void)
{
  g_autoptr(GError) error = NULL;
  AdjRuleset *rs = adj_ruleset_lookup ("wec", &error);

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

/* ---- the shipped ruleset ---- */

static void
test_wec_loads (void)
{
  g_autoptr(AdjRuleset) rs = load_wec ();
  g_autoptr(AdjRuleset) again = load_wec ();

  /* Cached: the same ruleset comes back. */
  g_assert_true (rs == again);
  g_assert_cmpstr (adj_ruleset_get_id (rs), ==, "wec");
  g_assert_cmpstr (adj_ruleset_get_name (rs), ==, "When Empires Clash!");
  g_assert_nonnull (adj_ruleset_get_summary (rs));
  g_assert_cmpstr (adj_ruleset_get_file (rs), ==, "wec.json");
  g_assert_true (adj_ruleset_get_system (rs) == adj_system_lookup ("wec"));
  g_assert_cmpint (adj_ruleset_get_distance_unit (rs), ==, ADJ_DISTANCE_SQUARES);
  g_assert_cmpint (adj_ruleset_get_max_turns (rs), ==, 12);
  g_assert_true (json_object_is_type (adj_ruleset_get_json (rs), json_type_object));
}

static void
test_wec_lists (void)
{
  g_autoptr(AdjRuleset) rs = load_wec ();
  GPtrArray *phases = adj_ruleset_get_phases (rs);
  GPtrArray *categories = adj_ruleset_get_categories (rs);
  static const char *const phase_ids[] = {
    "setup", "initiative", "first-side", "second-side", "end"
  };
  static const char *const category_ids[] = {
    "infantry", "cavalry", "artillery", "machine-gun", "pom-pom", "transport", "command"
  };

  g_assert_cmpuint (phases->len, ==, G_N_ELEMENTS (phase_ids));
  for (guint i = 0; i < phases->len; i++)
    g_assert_cmpstr (((AdjChoice *) g_ptr_array_index (phases, i))->id, ==, phase_ids[i]);
  g_assert_cmpuint (categories->len, ==, G_N_ELEMENTS (category_ids));
  for (guint i = 0; i < categories->len; i++)
    g_assert_cmpstr (((AdjChoice *) g_ptr_array_index (categories, i))->id, ==,
                     category_ids[i]);
  g_assert_cmpuint (adj_ruleset_get_ratings (rs)->len, ==, 0);
  g_assert_cmpuint (adj_ruleset_get_unit_types (rs)->len, ==, 17);
  g_assert_cmpuint (adj_ruleset_get_weapons (rs)->len, ==, 15);
  g_assert_cmpuint (adj_ruleset_get_status_fields (rs)->len, ==, 6);
  g_assert_cmpuint (adj_ruleset_get_side_fields (rs)->len, ==, 4);
  g_assert_cmpuint (adj_ruleset_get_battle_fields (rs)->len, ==, 5);
}

static void
test_wec_lookups (void)
{
  g_autoptr(AdjRuleset) rs = load_wec ();
  const AdjUnitType *t;
  const AdjWeapon *w;
  const AdjField *f;
  const AdjModifier *m;

  t = adj_ruleset_find_unit_type (rs, "regular-infantry");
  g_assert_nonnull (t);
  g_assert_cmpstr (t->label, ==, "Regular infantry");
  g_assert_cmpstr (t->category, ==, "infantry");
  g_assert_cmpint (t->value, ==, 3);
  g_assert_cmpint (t->move, ==, 2);
  g_assert_cmpint (t->figures, ==, 1);
  g_assert_cmpstr (t->weapons[0], ==, "single-shot-rifle");
  g_assert_cmpstr (t->weapons[3], ==, "hand-held");
  g_assert_null (t->weapons[4]);
  t = adj_ruleset_find_unit_type (rs, "transport");
  g_assert_nonnull (t);
  g_assert_null (t->weapons[0]);
  g_assert_null (adj_ruleset_find_unit_type (rs, "dragoon"));
  g_assert_null (adj_ruleset_find_unit_type (rs, NULL));

  w = adj_ruleset_find_weapon (rs, "single-shot-rifle");
  g_assert_nonnull (w);
  g_assert_cmpint (w->range, ==, 2);
  g_assert_cmpstr (w->label, ==, "Single-shot rifle");
  g_assert_null (adj_ruleset_find_weapon (rs, "laser"));

  f = adj_ruleset_find_status_field (rs, "dismounted");
  g_assert_nonnull (f);
  g_assert_cmpint (f->kind, ==, ADJ_FIELD_BOOL);
  g_assert_false (f->per_turn);
  g_assert_true (adj_field_applies_to (f, "cavalry"));
  g_assert_false (adj_field_applies_to (f, "infantry"));
  g_assert_false (adj_field_applies_to (f, NULL));
  /* A field without a short badge text is listed by its label. */
  g_assert_null (f->badge);
  f = adj_ruleset_find_status_field (rs, "activated");
  g_assert_nonnull (f);
  g_assert_cmpstr (f->label, ==, "Activated this turn");
  g_assert_cmpstr (f->badge, ==, "Acted");
  g_assert_true (f->per_turn);
  g_assert_null (f->applies_to);
  g_assert_true (adj_field_applies_to (f, "transport"));
  g_assert_null (adj_ruleset_find_status_field (rs, "dice"));

  f = adj_ruleset_find_side_field (rs, "dice");
  g_assert_nonnull (f);
  g_assert_cmpint (f->kind, ==, ADJ_FIELD_ENUM);
  g_assert_cmpuint (f->n_choices, ==, 2);
  g_assert_cmpstr (f->def_choice, ==, "2d6");
  g_assert_cmpstr (f->choices[1].id, ==, "d12");
  f = adj_ruleset_find_side_field (rs, "rolled_value");
  g_assert_cmpint (f->kind, ==, ADJ_FIELD_INT);
  g_assert_cmpint (f->min, ==, 8);
  g_assert_cmpint (f->max, ==, 48);
  g_assert_cmpint (f->def, ==, 36);
  f = adj_ruleset_find_battle_field (rs, "count_entrenchments");
  g_assert_nonnull (f);
  g_assert_cmpint (f->kind, ==, ADJ_FIELD_BOOL);
  g_assert_cmpint (f->def, ==, 1);
  g_assert_null (adj_ruleset_find_battle_field (rs, "dice"));

  g_assert_nonnull (adj_ruleset_find_category (rs, "pom-pom"));
  g_assert_null (adj_ruleset_find_category (rs, "navy"));
  g_assert_nonnull (adj_ruleset_find_phase (rs, "initiative"));
  g_assert_null (adj_ruleset_find_phase (rs, "lunch"));
  g_assert_null (adj_ruleset_find_rating (rs, "veteran"));

  m = adj_ruleset_get_modifier (rs, "fire-combat", "target-covered");
  g_assert_nonnull (m);
  g_assert_cmpint (m->value, ==, -2);
  g_assert_cmpstr (m->group, ==, "fire-combat");
  g_assert_cmpstr (m->id, ==, "target-covered");
  m = adj_ruleset_get_modifier (rs, "close-combat", "cavalry-vs-isolated");
  g_assert_cmpint (m->value, ==, 3);
}

static void
test_wec_require_modifiers (void)
{
  static const char *const present[] = { "road", "contour", NULL };
  static const char *const missing[] = { "road", "river", NULL };
  g_autoptr(AdjRuleset) rs = load_wec ();
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_ruleset_require_modifiers (rs, "movement", present, &error));
  g_assert_no_error (error);
  g_assert_false (adj_ruleset_require_modifiers (rs, "movement", missing, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "wec.json: $.modifiers.movement: the modifier “river” is missing");
}

static void
test_list_ids (void)
{
  g_auto(GStrv) ids = adj_ruleset_list_ids ();

  g_assert_nonnull (ids);
  g_assert_true (g_strv_contains ((const char * const *) ids, "wec"));
  for (guint i = 0; ids[i] != NULL && ids[i + 1] != NULL; i++)
    g_assert_cmpint (strcmp (ids[i], ids[i + 1]), <, 0);
  g_assert_cmpstr (adj_ruleset_data_dir (), ==, g_getenv ("ADJUTANT_DATA_DIR"));
}

typedef struct {
  const char *id;
  int         code;
  const char *message;
} LookupCase;

static const LookupCase lookup_cases[] = {
  { "nope", ADJ_ERROR_NOT_FOUND, "There is no ruleset “nope” (known: @KNOWN@)" },
  { "../etc/passwd", ADJ_ERROR_NOT_FOUND,
    "“../etc/passwd” is not a ruleset id (ids are lower-case letters, digits and dashes)" },
  { "WEC", ADJ_ERROR_NOT_FOUND,
    "“WEC” is not a ruleset id (ids are lower-case letters, digits and dashes)" },
  { "", ADJ_ERROR_NOT_FOUND,
    "“” is not a ruleset id (ids are lower-case letters, digits and dashes)" },
};

static void
test_lookup_error (gconstpointer data)
{
  const LookupCase *c = data;
  g_autoptr(GError) error = NULL;

  g_autofree char *expect = adj_test_with_known (c->message);

  g_assert_null (adj_ruleset_lookup (c->id, &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_load_file (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets",
                                            "wec.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = adj_ruleset_load_file (path, &error);
  g_autoptr(AdjRuleset) cached = load_wec ();

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  /* A fresh load, not the cached one, with the same content. */
  g_assert_true (rs != cached);
  g_assert_cmpstr (adj_ruleset_get_file (rs), ==, "wec.json");
  g_assert_true (adj_json_equal (adj_ruleset_get_json (rs), adj_ruleset_get_json (cached)));
}

/* ---- field values ---- */

typedef struct {
  const char *field;     /* "status.x", "side.x" or "battle.x" */
  const char *value;     /* JSON text */
  const char *message;   /* NULL: valid */
} FieldCase;

static const FieldCase field_cases[] = {
  { "status.dismounted", "true", NULL },
  { "status.dismounted", "1", "expected true or false for “dismounted”, found an integer" },
  { "side.dice", "\"d12\"", NULL },
  { "side.dice", "\"d20\"", "expected one of 2d6, d12 for “dice”, found \"d20\"" },
  { "side.dice", "12", "expected one of 2d6, d12 for “dice”, found 12" },
  { "side.rolled_value", "8", NULL },
  { "side.rolled_value", "48", NULL },
  { "side.rolled_value", "7", "expected an integer from 8 to 48 for “rolled_value”, found 7" },
  { "side.rolled_value", "49", "expected an integer from 8 to 48 for “rolled_value”, found 49" },
  { "side.rolled_value", "\"36\"",
    "expected an integer from 8 to 48 for “rolled_value”, found \"36\"" },
  { "battle.count_entrenchments", "false", NULL },
  { "battle.count_entrenchments", "\"no\"",
    "expected true or false for “count_entrenchments”, found a string" },
};

static void
test_field_check (gconstpointer data)
{
  const FieldCase *c = data;
  g_autoptr(AdjRuleset) rs = load_wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) value = adj_json_parse_data (c->value, strlen (c->value), "v", &error);
  const AdjField *f = NULL;
  const char *dot = strchr (c->field, '.');

  g_assert_no_error (error);
  if (g_str_has_prefix (c->field, "status."))
    f = adj_ruleset_find_status_field (rs, dot + 1);
  else if (g_str_has_prefix (c->field, "side."))
    f = adj_ruleset_find_side_field (rs, dot + 1);
  else
    f = adj_ruleset_find_battle_field (rs, dot + 1);
  g_assert_nonnull (f);

  if (c->message == NULL)
    {
      g_assert_true (adj_field_check_json (rs, f, value, &error));
      g_assert_no_error (error);
      return;
    }
  g_assert_false (adj_field_check_json (rs, f, value, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
}

static void
test_field_defaults (void)
{
  g_autoptr(AdjRuleset) rs = load_wec ();
  g_autoptr(json_object) dice = adj_field_default_json (adj_ruleset_find_side_field (rs, "dice"));
  g_autoptr(json_object) rolled =
    adj_field_default_json (adj_ruleset_find_side_field (rs, "rolled_value"));
  g_autoptr(json_object) towed =
    adj_field_default_json (adj_ruleset_find_status_field (rs, "towed"));

  g_assert_cmpstr (json_object_get_string (dice), ==, "2d6");
  g_assert_true (json_object_is_type (rolled, json_type_int));
  g_assert_cmpint (json_object_get_int (rolled), ==, 36);
  g_assert_true (json_object_is_type (towed, json_type_boolean));
  g_assert_false (json_object_get_boolean (towed));
}

static void
test_field_choices_from (void)
{
  static const AdjField types = {
    .name = "type", .kind = ADJ_FIELD_ENUM, .label = "Type", .choices_from = "unit-types"
  };
  static const AdjField weapons = {
    .name = "weapon", .kind = ADJ_FIELD_ENUM, .label = "Weapon", .choices_from = "weapons"
  };
  static const AdjField categories = {
    .name = "cat", .kind = ADJ_FIELD_ENUM, .label = "Category", .choices_from = "categories"
  };
  g_autoptr(AdjRuleset) rs = load_wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) good = json_object_new_string ("pom-pom");
  g_autoptr(json_object) bad = json_object_new_string ("dragoon");
  const AdjChoice *choices;
  guint n = 0;

  choices = adj_ruleset_field_choices (rs, &types, &n);
  g_assert_cmpuint (n, ==, 17);
  g_assert_cmpstr (choices[0].id, ==, "regular-infantry");
  g_assert_cmpstr (choices[0].label, ==, "Regular infantry");
  g_assert_nonnull (adj_field_find_choice (choices, n, "pom-pom"));
  g_assert_null (adj_field_find_choice (choices, n, "dragoon"));
  choices = adj_ruleset_field_choices (rs, &weapons, &n);
  g_assert_cmpuint (n, ==, 15);
  g_assert_cmpstr (choices[14].id, ==, "pom-pom");
  choices = adj_ruleset_field_choices (rs, &categories, &n);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpstr (choices[6].id, ==, "command");

  g_assert_true (adj_field_check_json (rs, &types, good, &error));
  g_assert_no_error (error);
  g_assert_false (adj_field_check_json (rs, &types, bad, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "for “type”, found \"dragoon\""));
}

static void
test_distance_units (void)
{
  g_assert_cmpstr (adj_distance_unit_symbol (ADJ_DISTANCE_SQUARES), ==, "squares");
  g_assert_cmpstr (adj_distance_unit_symbol (ADJ_DISTANCE_HEXES), ==, "hexes");
  g_assert_cmpstr (adj_distance_unit_symbol (ADJ_DISTANCE_CM), ==, "cm");
  g_assert_cmpstr (adj_distance_unit_symbol (ADJ_DISTANCE_INCHES), ==, "inches");
  g_assert_cmpstr (adj_distance_unit_name (ADJ_DISTANCE_CM), ==, "centimetres");
}

/* ---- broken rulesets ---- */

static json_object *
at (json_object *obj,
    const char  *key)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (obj, key, &v));
  return v;
}

static json_object *
item (json_object *obj,
      const char  *key,
      gsize        index)
{
  json_object *arr = at (obj, key);

  g_assert_true (json_object_is_type (arr, json_type_array));
  g_assert_cmpuint (index, <, json_object_array_length (arr));
  return json_object_array_get_idx (arr, index);
}

static void
set_string (json_object *obj,
            const char  *key,
            const char  *value)
{
  json_object_object_add (obj, key, json_object_new_string (value));
}

static void
set_int (json_object *obj,
         const char  *key,
         int          value)
{
  json_object_object_add (obj, key, json_object_new_int (value));
}

static void break_format (json_object *r) { set_string (r, "format", "adjutant-battle"); }
static void break_newer (json_object *r) { set_int (r, "version", 2); }
static void break_version_zero (json_object *r) { set_int (r, "version", 0); }
static void break_version_string (json_object *r) { set_string (r, "version", "1"); }
static void break_no_format (json_object *r) { json_object_object_del (r, "format"); }
static void break_unknown_id (json_object *r) { set_string (r, "id", "warhammer"); }
static void break_bad_id (json_object *r) { set_string (r, "id", "When Empires"); }
static void break_top_key (json_object *r) { set_int (r, "colour", 1); }
static void break_no_name (json_object *r) { json_object_object_del (r, "name"); }
static void break_empty_name (json_object *r) { set_string (r, "name", ""); }

static void
break_category (json_object *r)
{
  set_string (item (r, "unit_types", 2), "category", "navy");
}

static void
break_weapon (json_object *r)
{
  json_object_array_put_idx (at (item (r, "unit_types", 0), "weapons"), 1,
                             json_object_new_string ("laser"));
}

static void
break_weapon_not_string (json_object *r)
{
  json_object_array_put_idx (at (item (r, "unit_types", 4), "weapons"), 0,
                             json_object_new_int (3));
}

static void
break_unit_type_key (json_object *r)
{
  set_int (item (r, "unit_types", 5), "armour", 2);
}

static void
break_unit_value (json_object *r)
{
  set_int (item (r, "unit_types", 1), "value", 1001);
}

static void
break_duplicate_type (json_object *r)
{
  set_string (item (r, "unit_types", 1), "id", "regular-infantry");
}

static void
break_duplicate_weapon (json_object *r)
{
  set_string (item (r, "weapons", 3), "id", "hand-held");
}

static void
break_duplicate_category (json_object *r)
{
  set_string (item (r, "categories", 1), "id", "infantry");
}

static void
break_duplicate_phase (json_object *r)
{
  set_string (item (at (r, "turns"), "phases", 4), "id", "setup");
}

static void
break_duplicate_field (json_object *r)
{
  set_string (item (r, "status_fields", 1), "id", "dismounted");
}

static void
break_enum_default (json_object *r)
{
  set_string (item (r, "side_fields", 0), "default", "d20");
}

static void
break_enum_no_choices (json_object *r)
{
  json_object_object_add (item (r, "side_fields", 1), "choices", json_object_new_array ());
}

static void
break_field_kind (json_object *r)
{
  set_string (item (r, "status_fields", 0), "kind", "float");
}

static void
break_int_range (json_object *r)
{
  set_int (item (r, "side_fields", 2), "max", 4);
}

static void
break_int_default (json_object *r)
{
  set_int (item (r, "side_fields", 2), "default", 49);
}

static void
break_applies_to (json_object *r)
{
  json_object_array_put_idx (at (item (r, "status_fields", 0), "applies_to"), 0,
                             json_object_new_string ("navy"));
}

static void
break_distance_unit (json_object *r)
{
  set_string (at (r, "distance"), "unit", "furlongs");
}

static void
break_no_phases (json_object *r)
{
  json_object_object_add (at (r, "turns"), "phases", json_object_new_array ());
}

static void
break_no_unit_types (json_object *r)
{
  json_object_object_add (r, "unit_types", json_object_new_array ());
}

static void
break_missing_modifier (json_object *r)
{
  json_object_object_del (at (at (r, "modifiers"), "fire-combat"), "flank");
}

static void
break_missing_modifier_group (json_object *r)
{
  json_object_object_del (at (r, "modifiers"), "movement");
}

static void
break_modifier_value (json_object *r)
{
  set_int (at (at (at (r, "modifiers"), "close-combat"), "uphill"), "value", 101);
}

static void
break_modifier_label (json_object *r)
{
  json_object_object_del (at (at (at (r, "modifiers"), "movement"), "road"), "label");
}

static void
break_commander_gap (json_object *r)
{
  /* Poor on 1 only: nothing for a roll of 2. */
  set_int (item (r, "commander_rating", 2), "max", 1);
}

static void
break_commander_overlap (json_object *r)
{
  set_int (item (r, "commander_rating", 1), "max", 6);
}

static void
break_commander_type (json_object *r)
{
  set_string (item (r, "commander_rating", 0), "type", "regular-infantry");
}

static void
break_commander_face (json_object *r)
{
  set_int (item (r, "commander_rating", 0), "max", 7);
}

static void
break_army_section (json_object *r)
{
  json_object_object_del (at (r, "army"), "heavy_threshold");
}

static void
break_rolled_dice (json_object *r)
{
  set_int (at (r, "army"), "rolled_dice", 17);
}

static void
break_template_total (json_object *r)
{
  set_int (item (r, "templates", 0), "book_total", 35);
}

static void
break_template_type (json_object *r)
{
  set_string (item (item (r, "templates", 3), "units", 1), "type", "dragoon");
}

static void
break_template_setting (json_object *r)
{
  set_string (at (item (r, "templates", 5), "settings"), "dice", "d20");
}

typedef struct {
  const char *name;
  void      (*mutate) (json_object *root);
  int         code;
  const char *path;       /* the JSON path the message must name */
  const char *problem;    /* the rest of the message, exactly */
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "wrong-format", break_format, ADJ_ERROR_UNSUPPORTED, "$.format",
    "expected “adjutant-ruleset”, found “adjutant-battle”: this is not a ruleset" },
  { "no-format", break_no_format, ADJ_ERROR_INVALID, "$",
    "the required key “format” is missing" },
  { "newer-version", break_newer, ADJ_ERROR_UNSUPPORTED, "$.version",
    "the ruleset was written for a newer Adjutant (ruleset version 2; this version reads up "
    "to 1): update Adjutant to use it" },
  { "version-zero", break_version_zero, ADJ_ERROR_UNSUPPORTED, "$.version",
    "ruleset version 0 does not exist" },
  { "version-string", break_version_string, ADJ_ERROR_INVALID, "$.version",
    "expected an integer from 0 to 2147483647, found a string" },
  { "unknown-id", break_unknown_id, ADJ_ERROR_UNSUPPORTED, "$.id",
    "no game system with the id “warhammer” is built into Adjutant" },
  { "bad-id", break_bad_id, ADJ_ERROR_INVALID, "$.id",
    "expected an identifier (lower-case letters, digits and dashes), found “When Empires”" },
  { "unknown-top-key", break_top_key, ADJ_ERROR_INVALID, "$.colour",
    "unknown key “colour”" },
  { "no-name", break_no_name, ADJ_ERROR_INVALID, "$", "the required key “name” is missing" },
  { "empty-name", break_empty_name, ADJ_ERROR_INVALID, "$.name", "expected a non-empty text" },
  { "undeclared-category", break_category, ADJ_ERROR_INVALID, "$.unit_types[2].category",
    "“navy” is not a category declared in “categories”" },
  { "undeclared-weapon", break_weapon, ADJ_ERROR_INVALID, "$.unit_types[0].weapons[1]",
    "expected the id of a weapon declared in “weapons”" },
  { "weapon-not-string", break_weapon_not_string, ADJ_ERROR_INVALID,
    "$.unit_types[4].weapons[0]", "expected the id of a weapon declared in “weapons”" },
  { "unit-type-key", break_unit_type_key, ADJ_ERROR_INVALID, "$.unit_types[5].armour",
    "unknown key “armour”" },
  { "unit-type-value", break_unit_value, ADJ_ERROR_INVALID, "$.unit_types[1].value",
    "expected an integer from -1 to 1000, found 1001" },
  { "duplicate-unit-type", break_duplicate_type, ADJ_ERROR_INVALID, "$.unit_types[1]",
    "the unit type id “regular-infantry” is used twice" },
  { "duplicate-weapon", break_duplicate_weapon, ADJ_ERROR_INVALID, "$.weapons[3]",
    "the weapon id “hand-held” is used twice" },
  { "duplicate-category", break_duplicate_category, ADJ_ERROR_INVALID, "$.categories[1]",
    "the id “infantry” is used twice" },
  { "duplicate-phase", break_duplicate_phase, ADJ_ERROR_INVALID, "$.turns.phases[4]",
    "the id “setup” is used twice" },
  { "duplicate-status-field", break_duplicate_field, ADJ_ERROR_INVALID, "$.status_fields[1]",
    "the field id “dismounted” is used twice" },
  { "enum-default", break_enum_default, ADJ_ERROR_INVALID, "$.side_fields[0].default",
    "“d20” is not one of the choices" },
  { "enum-no-choices", break_enum_no_choices, ADJ_ERROR_INVALID, "$.side_fields[1].choices",
    "expected at least one choice" },
  { "field-kind", break_field_kind, ADJ_ERROR_INVALID, "$.status_fields[0].kind",
    "expected “bool”, “int” or “enum”, found “float”" },
  { "int-max-below-min", break_int_range, ADJ_ERROR_INVALID, "$.side_fields[2].max",
    "expected an integer from 8 to 100000, found 4" },
  { "int-default-out-of-range", break_int_default, ADJ_ERROR_INVALID,
    "$.side_fields[2].default", "expected an integer from 8 to 48, found 49" },
  { "applies-to-category", break_applies_to, ADJ_ERROR_INVALID,
    "$.status_fields[0].applies_to[0]",
    "expected the id of a unit category declared in “categories”" },
  { "distance-unit", break_distance_unit, ADJ_ERROR_INVALID, "$.distance.unit",
    "expected “squares”, “hexes”, “cm” or “inches”, found “furlongs”" },
  { "no-phases", break_no_phases, ADJ_ERROR_INVALID, "$.turns.phases",
    "expected at least one phase" },
  { "no-unit-types", break_no_unit_types, ADJ_ERROR_INVALID, "$.unit_types",
    "expected at least one unit type" },
  { "missing-modifier", break_missing_modifier, ADJ_ERROR_INVALID, "$.modifiers.fire-combat",
    "the modifier “flank” is missing" },
  { "missing-modifier-group", break_missing_modifier_group, ADJ_ERROR_INVALID,
    "$.modifiers.movement", "the modifier “road” is missing" },
  { "modifier-value", break_modifier_value, ADJ_ERROR_INVALID,
    "$.modifiers.close-combat.uphill.value", "expected an integer from -100 to 100, found 101" },
  { "modifier-label", break_modifier_label, ADJ_ERROR_INVALID, "$.modifiers.movement.road",
    "the required key “label” is missing" },
  { "commander-gap", break_commander_gap, ADJ_ERROR_INVALID, "$.commander_rating",
    "the roll 2 must appear in exactly one row" },
  { "commander-overlap", break_commander_overlap, ADJ_ERROR_INVALID, "$.commander_rating",
    "the roll 6 must appear in exactly one row" },
  { "commander-type", break_commander_type, ADJ_ERROR_INVALID, "$.commander_rating[0]",
    "expected a command stand type with a rating of exceptional, average or poor" },
  { "commander-face", break_commander_face, ADJ_ERROR_INVALID, "$.commander_rating[0].max",
    "expected an integer from 6 to 6, found 7" },
  { "army-section", break_army_section, ADJ_ERROR_INVALID, "$.army",
    "the required key “heavy_threshold” is missing" },
  { "rolled-dice", break_rolled_dice, ADJ_ERROR_INVALID, "$.army.rolled_dice",
    "expected from 1 to 16 dice" },
  { "template-total", break_template_total, ADJ_ERROR_INVALID, "$.templates[0]",
    "the army “afghan-1878-british” totals 36 points, not the 35 its source gives" },
  { "template-unit-type", break_template_type, ADJ_ERROR_INVALID,
    "$.templates[3].units[1].type", "“dragoon” is not a unit type of the ruleset “wec”" },
  { "template-setting", break_template_setting, ADJ_ERROR_INVALID,
    "$.templates[5].settings.dice", "expected one of 2d6, d12 for “dice”, found \"d20\"" },
};

static void
test_broken (gconstpointer data)
{
  const BrokenCase *c = data;
  g_autoptr(json_object) root = adj_json_copy (wec_root);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autofree char *expect = NULL;

  /* The unbroken copy loads: the failure below is this case's doing alone. */
  rs = adj_ruleset_load_json (root, "broken.json", &error);
  g_assert_no_error (error);
  g_clear_pointer (&rs, adj_ruleset_unref);

  c->mutate (root);
  rs = adj_ruleset_load_json (root, "broken.json", &error);
  g_assert_null (rs);
  g_assert_error (error, ADJ_ERROR, c->code);
  expect = g_strdup_printf ("broken.json: %s: %s", c->path, c->problem);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_not_an_object (void)
{
  g_autoptr(json_object) root = json_object_new_array ();
  g_autoptr(GError) error = NULL;

  g_assert_null (adj_ruleset_load_json (root, "broken.json", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "broken.json: $: expected an object, found an array");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets", "wec.json", NULL);
  wec_root = adj_json_parse_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ruleset/wec/loads", test_wec_loads);
  g_test_add_func ("/ruleset/wec/lists", test_wec_lists);
  g_test_add_func ("/ruleset/wec/lookups", test_wec_lookups);
  g_test_add_func ("/ruleset/wec/require-modifiers", test_wec_require_modifiers);
  g_test_add_func ("/ruleset/list-ids", test_list_ids);
  for (guint i = 0; i < G_N_ELEMENTS (lookup_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/ruleset/lookup-error/%u", i);
      g_test_add_data_func (p, &lookup_cases[i], test_lookup_error);
    }
  g_test_add_func ("/ruleset/load-file", test_load_file);
  for (guint i = 0; i < G_N_ELEMENTS (field_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/ruleset/field-check/%u", i);
      g_test_add_data_func (p, &field_cases[i], test_field_check);
    }
  g_test_add_func ("/ruleset/field-defaults", test_field_defaults);
  g_test_add_func ("/ruleset/field-choices-from", test_field_choices_from);
  g_test_add_func ("/ruleset/distance-units", test_distance_units);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/ruleset/broken/%s", broken_cases[i].name);
      g_test_add_data_func (p, &broken_cases[i], test_broken);
    }
  g_test_add_func ("/ruleset/broken/not-an-object", test_not_an_object);

  status = g_test_run ();
  json_object_put (wec_root);
  /* Drop the cache so that a leak checker sees only real leaks. */
  adj_ruleset_set_data_dir (NULL);
  return status;
}
