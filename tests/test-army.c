/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-army.c: army lists — JSON round trips, load errors, points and limits, and turning a
 * list into the units of a battle. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-ruleset.h"
#include "adj-test-util.h"

/* The ruleset ids an error lists as known ("gl, rn, wec"): "@KNOWN@" in an expected message
 * stands for them, so that a new system's ruleset does not change the expectations. */
static AdjRuleset *
wec (void)
{
  g_autoptr(GError) error = NULL;
  AdjRuleset *rs = adj_ruleset_lookup ("wec", &error);

  g_assert_no_error (error);
  return rs;
}

static AdjArmy *
army_from_text (const char *text)
{
  g_autoptr(json_object) json = adj_test_parse (text);
  g_autoptr(GError) error = NULL;
  AdjArmy *army = adj_army_from_file_json (json, "army.json", &error);

  g_assert_no_error (error);
  g_assert_nonnull (army);
  return army;
}

#define ARMY_HEAD "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"wec\", "

/* ---- round trips ---- */

static void
test_round_trip_template (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) army = adj_army_template (rs, "cuba-1898-spanish", &error);
  g_autoptr(AdjArmy) back = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) again = NULL;
  json_object *v;

  g_assert_no_error (error);
  g_assert_cmpstr (army->id, ==, "cuba-1898-spanish");
  g_assert_cmpstr (army->name, ==, "Spanish army");
  g_assert_cmpint (army->book_total, ==, 36);
  g_assert_cmpint (army->book_stands, ==, 10);
  g_assert_cmpuint (army->units->len, ==, 3);
  g_assert_cmpuint (adj_army_count_units (army), ==, 11);

  json = adj_army_to_json (army);
  g_assert_true (json_object_object_get_ex (json, "format", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "adjutant-army");
  g_assert_true (json_object_object_get_ex (json, "version", &v));
  g_assert_cmpint (json_object_get_int (v), ==, 1);
  g_assert_true (json_object_object_get_ex (json, "ruleset", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "wec");
  /* A saved list is not a template: no id, no book figures. */
  g_assert_false (json_object_object_get_ex (json, "id", NULL));
  g_assert_false (json_object_object_get_ex (json, "book_total", NULL));

  back = adj_army_from_file_json (json, "army.json", &error);
  g_assert_no_error (error);
  again = adj_army_to_json (back);
  g_assert_true (adj_json_equal (json, again));
  g_assert_cmpstr (back->notes, ==, army->notes);
  g_assert_true (adj_json_equal (back->settings, army->settings));
}

static void
test_round_trip_built (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(AdjArmy) army = adj_army_new (rs, "Flying column");
  g_autoptr(AdjArmy) back = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) again = NULL;
  g_autoptr(GError) error = NULL;
  AdjArmyUnit *u = g_new0 (AdjArmyUnit, 1);
  AdjArmyUnit *c = g_new0 (AdjArmyUnit, 1);
  AdjArmyUnit *first;

  u->name = g_strdup ("Mounted Infantry");
  u->type = g_strdup ("irregular-cavalry");
  u->weapon = g_strdup ("magazine-rifle");
  u->notes = g_strdup ("Dismount to fire");
  u->count = 4;
  u->figures = 3;
  g_ptr_array_add (army->units, u);
  c->name = g_strdup ("Colonel");
  c->type = g_strdup ("command-exceptional");
  c->count = 1;
  c->figures = -1;
  g_ptr_array_add (army->units, c);
  army->notes = g_strdup ("Built by hand");
  json_object_object_add (army->settings, "dice", json_object_new_string ("2d6"));

  json = adj_army_to_json (army);
  back = adj_army_from_file_json (json, "army.json", &error);
  g_assert_no_error (error);
  again = adj_army_to_json (back);
  g_assert_true (adj_json_equal (json, again));

  first = g_ptr_array_index (back->units, 0);
  g_assert_cmpstr (first->name, ==, "Mounted Infantry");
  g_assert_cmpstr (first->weapon, ==, "magazine-rifle");
  g_assert_cmpstr (first->notes, ==, "Dismount to fire");
  g_assert_cmpint (first->count, ==, 4);
  g_assert_cmpint (first->figures, ==, 3);
  g_assert_null (first->rating);
  g_assert_cmpint (((AdjArmyUnit *) g_ptr_array_index (back->units, 1))->figures, ==, -1);
  g_assert_cmpint (back->book_total, ==, -1);
  g_assert_null (back->id);
}

static void
test_load_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("adj-test-army-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "column.json", NULL);
  g_autoptr(AdjArmy) army = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, ARMY_HEAD "\"name\": \"Column\", \"units\": "
                                      "[{\"name\": \"Guns\", \"type\": \"field-artillery\", "
                                      "\"count\": 2}]}", -1, NULL));
  army = adj_army_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (army->name, ==, "Column");
  g_assert_cmpstr (adj_ruleset_get_id (army->ruleset), ==, "wec");
  g_assert_cmpuint (adj_army_count_units (army), ==, 2);
  g_clear_pointer (&army, adj_army_free);

  /* Errors in a file name the file. */
  g_assert_true (g_file_set_contents (path, ARMY_HEAD "\"name\": \"Column\", \"units\": "
                                      "[{\"name\": \"Guns\", \"type\": \"howitzer\"}]}", -1,
                                      NULL));
  g_assert_null (adj_army_load (path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "column.json: $.units[0].type: “howitzer” is not a unit "
                                       "type of the ruleset “wec”");
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (path, ARMY_HEAD "\"name\": \"Col", -1, NULL));
  g_assert_null (adj_army_load (path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "truncated"));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- load errors ---- */

typedef struct {
  const char *name;
  const char *json;
  int         code;
  const char *message;
} LoadError;

#define ONE_UNIT "\"units\": [{\"name\": \"Foot\", \"type\": \"regular-infantry\"}]"

static const LoadError load_errors[] = {
  { "wrong-format",
    "{\"format\": \"adjutant-battle\", \"version\": 1, \"ruleset\": \"wec\", \"name\": \"A\", "
    ONE_UNIT "}", ADJ_ERROR_UNSUPPORTED,
    "army.json: $.format: expected “adjutant-army”, found “adjutant-battle”: this is not an "
    "army list" },
  { "newer-version",
    "{\"format\": \"adjutant-army\", \"version\": 2, \"ruleset\": \"wec\", \"name\": \"A\", "
    ONE_UNIT "}", ADJ_ERROR_UNSUPPORTED,
    "army.json: $.version: the army list was saved by a newer Adjutant (file version 2; this "
    "version reads up to 1): update Adjutant to open it" },
  { "version-zero",
    "{\"format\": \"adjutant-army\", \"version\": 0, \"ruleset\": \"wec\", \"name\": \"A\", "
    ONE_UNIT "}", ADJ_ERROR_UNSUPPORTED,
    "army.json: $.version: file version 0 does not exist" },
  { "unknown-ruleset",
    "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"dba\", \"name\": \"A\", "
    ONE_UNIT "}", ADJ_ERROR_UNSUPPORTED,
    "army.json: $.ruleset: There is no ruleset “dba” (known: @KNOWN@)" },
  { "no-format", "{\"version\": 1}", ADJ_ERROR_INVALID,
    "army.json: $: the required key “format” is missing" },
  { "unknown-key", ARMY_HEAD "\"name\": \"A\", \"colour\": \"red\", " ONE_UNIT "}",
    ADJ_ERROR_INVALID, "army.json: $.colour: unknown key “colour”" },
  { "template-key", ARMY_HEAD "\"name\": \"A\", \"book_total\": 36, " ONE_UNIT "}",
    ADJ_ERROR_INVALID, "army.json: $.book_total: unknown key “book_total”" },
  { "no-units", ARMY_HEAD "\"name\": \"A\"}", ADJ_ERROR_INVALID,
    "army.json: $: the required key “units” is missing" },
  { "empty-name", ARMY_HEAD "\"name\": \"\", " ONE_UNIT "}", ADJ_ERROR_INVALID,
    "army.json: $.name: expected a name of 1 to 200 characters, "
    "not only spaces, with no control characters" },
  { "unknown-type", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", \"type\": "
    "\"regular-infantry\"}, {\"name\": \"Y\", \"type\": \"dragoon\"}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[1].type: “dragoon” is not a unit type of the ruleset “wec”" },
  { "weapon-not-carried", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", \"type\": "
    "\"regular-infantry\", \"weapon\": \"rifled-heavy\"}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].weapon: a unit of type “regular-infantry” cannot carry the weapon "
    "“rifled-heavy”" },
  { "unknown-weapon", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", \"type\": "
    "\"transport\", \"weapon\": \"catapult\"}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].weapon: a unit of type “transport” cannot carry the weapon "
    "“catapult”" },
  { "unknown-rating", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", \"type\": "
    "\"transport\", \"rating\": \"elite\"}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].rating: “elite” is not a rating of the ruleset “wec”" },
  { "count-zero", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", \"type\": "
    "\"transport\", \"count\": 0}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].count: expected an integer from 1 to 1000, found 0" },
  { "unit-no-name", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"type\": \"transport\"}]}",
    ADJ_ERROR_INVALID, "army.json: $.units[0]: the required key “name” is missing" },
  { "unit-unknown-key", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", \"type\": "
    "\"transport\", \"mules\": 4}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].mules: unknown key “mules”" },
  { "unknown-setting", ARMY_HEAD "\"name\": \"A\", \"settings\": {\"morale\": 2}, " ONE_UNIT "}",
    ADJ_ERROR_INVALID,
    "army.json: $.settings.morale: “morale” is not a setting of the ruleset “wec”" },
  { "bad-setting", ARMY_HEAD "\"name\": \"A\", \"settings\": {\"rolled_value\": 50}, "
    ONE_UNIT "}", ADJ_ERROR_INVALID,
    "army.json: $.settings.rolled_value: expected an integer from 8 to 48 for “rolled_value”, "
    "found 50" },
  { "units-not-array", ARMY_HEAD "\"name\": \"A\", \"units\": {}}", ADJ_ERROR_INVALID,
    "army.json: $.units: expected an array, found an object" },
  { "not-an-object", "[]", ADJ_ERROR_INVALID, "army.json: $: expected an object, found an array" },
  { "transport-with-weapon", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", "
    "\"type\": \"transport\", \"weapon\": \"hand-held\"}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].weapon: a unit of type “transport” cannot carry the weapon "
    "“hand-held”" },
  { "status-not-of-type", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", "
    "\"type\": \"regular-infantry\", \"status\": {\"dismounted\": true}}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].status.dismounted: “dismounted” is not a status a unit of type "
    "“regular-infantry” has" },
  { "status-bad-value", ARMY_HEAD "\"name\": \"A\", \"units\": [{\"name\": \"X\", "
    "\"type\": \"regular-cavalry\", \"status\": {\"dismounted\": 1}}]}", ADJ_ERROR_INVALID,
    "army.json: $.units[0].status.dismounted: expected true or false for “dismounted”, found "
    "an integer" },
};

static void
test_load_error (gconstpointer data)
{
  const LoadError *c = data;
  g_autoptr(json_object) json = adj_test_parse (c->json);
  g_autoptr(GError) error = NULL;

  g_autofree char *expect = adj_test_with_known (c->message);

  g_assert_null (adj_army_from_file_json (json, "army.json", &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, expect);
}

/* ---- points and limits ---- */

typedef struct {
  const char *name;
  const char *settings;     /* JSON object text */
  const char *units;        /* JSON array text */
  gboolean    points_ok, heavy_ok, command_ok;
  const char *points, *heavy, *command;   /* the details */
  const char *total;
} CheckCase;

#define CMD "{\"name\": \"Commander\", \"type\": \"command-average\"}"

static const CheckCase check_cases[] = {
  { "legal", "{}",
    "[{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 8}, "
    "{\"name\": \"Guns\", \"type\": \"heavy-artillery\", \"count\": 3}, " CMD "]",
    TRUE, TRUE, TRUE,
    "36 of 36 points (the command stand is not counted)",
    "12 points on stands worth 4 or more; at most 12", "1 command stand; an army has exactly 1",
    "36" },
  { "over-36", "{}",
    "[{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 13}, " CMD "]",
    FALSE, TRUE, TRUE,
    "39 of 36 points (the command stand is not counted)",
    "0 points on stands worth 4 or more; at most 12", "1 command stand; an army has exactly 1",
    "39" },
  { "half-point-over", "{\"entrenchment_lengths\": 1}",
    "[{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 12}, " CMD "]",
    FALSE, TRUE, TRUE,
    "36½ of 36 points (the command stand is not counted)",
    "0 points on stands worth 4 or more; at most 12", "1 command stand; an army has exactly 1",
    "36½" },
  { "too-heavy", "{}",
    "[{\"name\": \"Guns\", \"type\": \"heavy-artillery\", \"count\": 2}, "
    "{\"name\": \"Maxim\", \"type\": \"automatic-mg\", \"count\": 1}, "
    "{\"name\": \"Pom-pom\", \"type\": \"pom-pom\", \"count\": 1}, "
    "{\"name\": \"Foot\", \"type\": \"irregular-infantry\", \"count\": 2}, " CMD "]",
    TRUE, FALSE, TRUE,
    "20 of 36 points (the command stand is not counted)",
    "16 points on stands worth 4 or more; at most 12", "1 command stand; an army has exactly 1",
    "20" },
  { "no-command", "{}",
    "[{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 4}]",
    TRUE, TRUE, FALSE,
    "12 of 36 points (the command stand is not counted)",
    "0 points on stands worth 4 or more; at most 12", "0 command stands; an army has exactly 1",
    "12" },
  { "two-commands", "{}",
    "[{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 4}, " CMD ", "
    "{\"name\": \"Second\", \"type\": \"command-poor\"}]",
    TRUE, TRUE, FALSE,
    "12 of 36 points (the command stand is not counted)",
    "0 points on stands worth 4 or more; at most 12", "2 command stands; an army has exactly 1",
    "12" },
  { "rolled-within-33-percent", "{\"budget\": \"rolled\", \"rolled_value\": 30}",
    "[{\"name\": \"Guns\", \"type\": \"heavy-artillery\", \"count\": 2}, "
    "{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 7}, " CMD "]",
    TRUE, TRUE, TRUE,
    "29 of 30 points (the command stand is not counted)",
    "8 points on stands worth 4 or more; at most 33% of 30, that is 9",
    "1 command stand; an army has exactly 1", "29" },
  { "rolled-over-33-percent", "{\"budget\": \"rolled\", \"rolled_value\": 36}",
    "[{\"name\": \"Guns\", \"type\": \"heavy-artillery\", \"count\": 3}, "
    "{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 8}, " CMD "]",
    TRUE, FALSE, TRUE,
    "36 of 36 points (the command stand is not counted)",
    "12 points on stands worth 4 or more; at most 33% of 36, that is 11",
    "1 command stand; an army has exactly 1", "36" },
  { "rolled-over-budget", "{\"budget\": \"rolled\", \"rolled_value\": 20}",
    "[{\"name\": \"Foot\", \"type\": \"regular-infantry\", \"count\": 7}, " CMD "]",
    FALSE, TRUE, TRUE,
    "21 of 20 points (the command stand is not counted)",
    "0 points on stands worth 4 or more; at most 33% of 20, that is 6",
    "1 command stand; an army has exactly 1", "21" },
};

static const AdjArmyCheck *
find_check (const AdjArmyReport *report,
            const char          *id)
{
  for (guint i = 0; i < report->checks->len; i++)
    {
      const AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      if (g_str_equal (c->id, id))
        return c;
    }
  g_assert_not_reached ();
}

static void
test_check (gconstpointer data)
{
  const CheckCase *c = data;
  g_autofree char *text = g_strdup_printf (ARMY_HEAD "\"name\": \"Test\", \"settings\": %s, "
                                           "\"units\": %s}", c->settings, c->units);
  g_autoptr(AdjArmy) army = army_from_text (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmyReport) report = adj_army_check (army, &error);
  g_autoptr(json_object) json = NULL;
  const AdjArmyCheck *check;
  json_object *v;

  g_assert_no_error (error);
  g_assert_cmpuint (report->checks->len, ==, 3);
  check = find_check (report, "points");
  g_assert_cmpint (check->ok, ==, c->points_ok);
  g_assert_cmpstr (check->detail, ==, c->points);
  check = find_check (report, "heavy");
  g_assert_cmpint (check->ok, ==, c->heavy_ok);
  g_assert_cmpstr (check->detail, ==, c->heavy);
  check = find_check (report, "command");
  g_assert_cmpint (check->ok, ==, c->command_ok);
  g_assert_cmpstr (check->detail, ==, c->command);
  g_assert_cmpint (adj_army_report_ok (report), ==,
                   c->points_ok && c->heavy_ok && c->command_ok);
  g_assert_true (json_object_object_get_ex (report->values, "total", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, c->total);
  g_assert_true (json_object_object_get_ex (report->values, "units", &v));
  g_assert_cmpint (json_object_get_int (v), ==, (int) adj_army_count_units (army));

  json = adj_army_report_to_json (report);
  g_assert_true (json_object_object_get_ex (json, "legal", &v));
  g_assert_cmpint (json_object_get_boolean (v), ==, adj_army_report_ok (report));
  g_assert_true (json_object_object_get_ex (json, "checks", &v));
  g_assert_cmpuint (json_object_array_length (v), ==, 3);
}

static void
test_templates (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = adj_army_templates (rs, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 20);
  for (guint i = 0; i < all->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (all, i);
      g_autoptr(AdjArmyReport) report = adj_army_check (army, &error);
      json_object *half, *commands;

      g_assert_no_error (error);
      g_assert_nonnull (army->id);
      g_assert_nonnull (army->conflict);
      g_assert_true (json_object_object_get_ex (report->values, "total_half_points", &half));
      g_assert_cmpint (json_object_get_int (half), ==, 2 * army->book_total);
      g_assert_true (json_object_object_get_ex (report->values, "command_stands", &commands));
      g_assert_cmpint (json_object_get_int (commands), ==, 1);
      /* The book's stand count, where it gives one, is every stand but the command stand. */
      if (army->book_stands >= 0)
        g_assert_cmpint ((int) adj_army_count_units (army), ==, army->book_stands + 1);
    }
}

static void
test_template_not_found (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;

  g_assert_null (adj_army_template (rs, "nope", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "The ruleset “wec” has no example army “nope”");
}

/* ---- into a battle ---- */

static void
test_add_to_battle (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) zulu = adj_army_template (rs, "zulu-1879-zulu", &error);
  g_autoptr(AdjArmy) british = adj_army_template (rs, "zulu-1879-british", &error);
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "Isandlwana");
  GListModel *units = adj_battle_get_units (battle);
  AdjUnit *u;

  g_assert_no_error (error);
  g_assert_true (adj_battle_add_army (battle, "a", british, &error));
  g_assert_true (adj_battle_add_army (battle, "b", zulu, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 15 + 19);
  g_assert_cmpuint (g_list_model_get_n_items (units), ==, 34);
  g_assert_cmpstr (adj_battle_find_side (battle, "a")->name, ==, "British army");
  g_assert_cmpstr (adj_battle_get_side_setting_string (battle, "b", "dice"), ==, "d12");
  g_assert_cmpstr (adj_battle_get_side_setting_string (battle, "b", "budget"), ==, "standard");

  /* Counts become numbered units with ids in order. */
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i + 1);
      g_autofree char *name = g_strdup_printf ("British Regular Infantry %u", i + 1);

      u = adj_battle_find_unit (battle, id);
      g_assert_nonnull (u);
      g_assert_cmpstr (adj_unit_get_name (u), ==, name);
      g_assert_cmpstr (adj_unit_get_side (u), ==, "a");
      g_assert_cmpstr (adj_unit_get_weapon (u), ==, "single-shot-rifle");
    }
  u = adj_battle_find_unit (battle, "u9");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "British Regular Cavalry 1");
  g_assert_cmpstr (adj_unit_get_notes (u), ==, "May dismount and fight as infantry.");
  /* A single unit keeps its name without a number. */
  u = adj_battle_find_unit (battle, "u13");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "British Field Artillery");
  u = adj_battle_find_unit (battle, "u15");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "British Commander");
  g_assert_cmpstr (adj_unit_get_weapon (u), ==, "hand-held");
  u = adj_battle_find_unit (battle, "u30");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "Zulu Spearmen 15");
  g_assert_cmpstr (adj_unit_get_weapon (u), ==, "hand-held");
  u = adj_battle_find_unit (battle, "u31");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "Zulu Riflemen 1");
  g_assert_cmpstr (adj_unit_get_weapon (u), ==, "single-shot-rifle");
  g_assert_cmpstr (adj_unit_get_side (u), ==, "b");
  u = adj_battle_find_unit (battle, "u34");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "Zulu Commander");
  g_assert_null (adj_battle_find_unit (battle, "u35"));
  /* Not journaled: it is how a battle is set up. */
  g_assert_false (adj_battle_can_undo (battle));
}

/* A template's units may start in a given state: the Americans of 1898 fight dismounted. */
static void
test_add_to_battle_status (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = adj_ruleset_lookup ("wec", &error);
  g_autoptr(AdjArmy) us = adj_army_template (rs, "cuba-1898-american", &error);
  g_autoptr(AdjArmy) round = NULL;
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "San Juan");
  g_autoptr(json_object) json = NULL;
  guint dismounted = 0, cavalry = 0;

  g_assert_no_error (error);
  g_assert_true (adj_battle_add_army (battle, "b", us, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      if (g_str_equal (adj_unit_get_type_id (unit), "regular-cavalry"))
        {
          cavalry++;
          dismounted += adj_unit_get_status_bool (unit, "dismounted");
        }
    }
  g_assert_cmpuint (cavalry, ==, 4);
  g_assert_cmpuint (dismounted, ==, 4);

  /* The starting state survives the army list's own file format. */
  json = adj_army_to_json (us);
  round = adj_army_from_file_json (json, "us.json", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < round->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (round->units, i);
      g_assert_true ((u->status != NULL) == g_str_equal (u->type, "regular-cavalry"));
    }
}

static void
test_add_to_battle_figures (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(AdjArmy) army = army_from_text (ARMY_HEAD "\"name\": \"Column\", \"units\": ["
                                            "{\"name\": \"Guns\", \"type\": \"field-artillery\", "
                                            "\"count\": 2, \"figures\": 3, \"weapon\": "
                                            "\"smoothbore-field\"}]}");
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "Test");
  g_autoptr(GError) error = NULL;
  AdjUnit *u;

  g_assert_true (adj_battle_add_army (battle, "a", army, &error));
  g_assert_no_error (error);
  u = adj_battle_find_unit (battle, "u2");
  g_assert_cmpstr (adj_unit_get_name (u), ==, "Guns 2");
  g_assert_cmpint (adj_unit_get_figures (u), ==, 3);
  g_assert_cmpstr (adj_unit_get_weapon (u), ==, "smoothbore-field");
  g_assert_true (json_object_object_get_ex (adj_unit_get_status (u), "towed", NULL));
}

static void
test_add_to_battle_duplicate_side (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) zulu = adj_army_template (rs, "zulu-1879-zulu", &error);
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "Test");

  g_assert_true (adj_battle_add_army (battle, "a", zulu, &error));
  g_assert_false (adj_battle_add_army (battle, "a", zulu, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "battle: $: the side id “a” is used twice");
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 19);
  g_assert_cmpuint (adj_battle_get_sides (battle)->len, ==, 1);
}

/* One rule for every name, editors and loaders alike. */
static void
test_names (void)
{
  g_autofree char *longest = g_strnfill (200, 'x');
  g_autofree char *too_long = g_strnfill (201, 'x');
  g_autoptr(json_object) json = adj_test_parse (ARMY_HEAD "\"name\": \"   \", \"units\": []}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) army = NULL;

  g_assert_true (adj_name_is_valid ("Rorke’s Drift"));
  g_assert_true (adj_name_is_valid (" x "));
  g_assert_true (adj_name_is_valid (longest));
  g_assert_false (adj_name_is_valid (NULL));
  g_assert_false (adj_name_is_valid (""));
  g_assert_false (adj_name_is_valid ("   "));
  g_assert_false (adj_name_is_valid ("\u00a0\t"));
  g_assert_false (adj_name_is_valid (too_long));
  g_assert_false (adj_name_is_valid ("a\nb"));
  g_assert_false (adj_name_is_valid ("bad\xff"));

  army = adj_army_from_file_json (json, "army.json", &error);
  g_assert_null (army);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "not only spaces"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/army/json/round-trip-template", test_round_trip_template);
  g_test_add_func ("/army/json/round-trip-built", test_round_trip_built);
  g_test_add_func ("/army/json/load-file", test_load_file);
  for (guint i = 0; i < G_N_ELEMENTS (load_errors); i++)
    {
      g_autofree char *path = g_strdup_printf ("/army/json/error/%s", load_errors[i].name);
      g_test_add_data_func (path, &load_errors[i], test_load_error);
    }
  for (guint i = 0; i < G_N_ELEMENTS (check_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/army/check/%s", check_cases[i].name);
      g_test_add_data_func (path, &check_cases[i], test_check);
    }
  g_test_add_func ("/army/templates", test_templates);
  g_test_add_func ("/army/templates/not-found", test_template_not_found);
  g_test_add_func ("/army/battle/add", test_add_to_battle);
  g_test_add_func ("/army/battle/figures", test_add_to_battle_figures);
  g_test_add_func ("/army/battle/status", test_add_to_battle_status);
  g_test_add_func ("/army/battle/duplicate-side", test_add_to_battle_duplicate_side);
  g_test_add_func ("/army/names", test_names);

  status = g_test_run ();
  adj_ruleset_set_data_dir (NULL);
  return status;
}
