/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-roster.c: roster PDFs — their text, tick boxes, pages, paper sizes, sides and secrets,
 * and the "roster" key of the ruleset format. */

#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-roster.h"
#include "adj-rr.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"

/* The page's content area, as the renderer promises to keep to it (half-inch margins and the
 * running head and foot). */
#define CONTENT_TOP     (36.0 + 24.0)
#define CONTENT_BOTTOM  (36.0 + 26.0)

static char *tmp_dir;

static AdjRuleset *
wec (void)
{
  g_autoptr(GError) error = NULL;
  AdjRuleset *rs = adj_ruleset_lookup ("wec", &error);

  g_assert_no_error (error);
  return rs;
}

static json_object *
wec_root_copy (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  return adj_json_copy (adj_ruleset_get_json (rs));
}

static AdjBattle *
load_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "wec-zulu-war.json", NULL);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static GDateTime *
fixed_date (void)
{
  return g_date_time_new_utc (1879, 1, 22, 12, 0, 0);
}

static void
write_pdf (AdjRoster  *roster,
           const char *path,
           AdjPaper    paper)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) date = fixed_date ();

  adj_roster_set_date (roster, date);
  g_assert_true (adj_roster_write_pdf (roster, path, paper, &error));
  g_assert_no_error (error);
}

static void
assert_has (const char *text,
            const char *wanted)
{
  g_autofree char *a = adj_test_squeeze (text);
  g_autofree char *b = adj_test_squeeze (wanted);

  if (strstr (a, b) == NULL)
    adj_test_fail_check ("the roster's text does not contain “%s”", wanted);
}

/* A phrase that must not be on the roster at all: neither on a line nor down a column. */
static void
assert_hides (const char *rows,
              const char *text,
              const char *unwanted)
{
  if (adj_test_roster_shows (rows, text, unwanted))
    adj_test_fail_check ("the roster shows “%s”", unwanted);
}

static void
assert_has_text (const char *text,
                 const char *wanted)
{
  if (!adj_test_text_has (text, wanted))
    adj_test_fail_check ("the roster's text does not contain “%s”", wanted);
}

/* A phrase shown on the roster: on one line of @rows, or in @text, where a cell or a note that
 * wrapped reads whole (see adj-test-pdf.h). */
static void
assert_shows (const char *rows,
              const char *text,
              const char *wanted)
{
  if (!adj_test_roster_shows (rows, text, wanted))
    adj_test_fail_check ("the roster does not show “%s”", wanted);
}

/* A row of a table: where its @label fits on one line, the rest of the row is beside it on
 * that line; where the label wrapped, it reads whole down its column. */
static void
assert_row (const char *rows,
            const char *text,
            const char *label,
            const char *line)
{
  g_autofree char *squeezed = adj_test_squeeze (rows);

  if (strstr (squeezed, label) != NULL)
    assert_has (rows, line);
  else
    assert_has_text (text, label);
}

static void
assert_lacks (const char *text,
              const char *unwanted)
{
  g_autofree char *a = adj_test_squeeze (text);
  g_autofree char *b = adj_test_squeeze (unwanted);

  if (strstr (a, b) != NULL)
    adj_test_fail_check ("the roster's text contains “%s”", unwanted);
}

/* Every text of the ruleset's quick-reference tables (in @flow, where a wrapped cell stays
 * together), and the rows made from the ruleset's own numbers (in @layout, a row a line). */
static void
assert_has_reference (AdjRuleset *rs,
                      const char *flow,
                      const char *all_rows)
{
  json_object *root = adj_ruleset_get_json (rs);
  json_object *roster = json_object_object_get (root, "roster");
  json_object *tables = json_object_object_get (roster, "tables");
  /* The rows of the quick reference only: a unit's sheet may say the same words. */
  const char *layout = strstr (all_rows, "Quick reference:");

  g_assert_nonnull (tables);
  g_assert_nonnull (layout);
  {
    g_autofree char *heading = g_strdup_printf ("Quick reference: %s", adj_ruleset_get_name (rs));
    assert_has_text (flow, heading);
  }
  for (gsize i = 0; i < json_object_array_length (tables); i++)
    {
      json_object *t = json_object_array_get_idx (tables, i);
      json_object *header = json_object_object_get (t, "header");
      json_object *rows = json_object_object_get (t, "rows");
      json_object *source = json_object_object_get (t, "source");

      assert_has_text (flow, json_object_get_string (json_object_object_get (t, "title")));
      for (gsize k = 0; k < json_object_array_length (header); k++)
        assert_has_text (flow, json_object_get_string (json_object_array_get_idx (header, k)));
      for (gsize r = 0; rows != NULL && r < json_object_array_length (rows); r++)
        {
          json_object *row = json_object_array_get_idx (rows, r);
          for (gsize k = 0; k < json_object_array_length (row); k++)
            assert_has_text (flow, json_object_get_string (json_object_array_get_idx (row, k)));
        }
      if (json_object_object_get (t, "notes") != NULL)
        assert_has_text (flow, json_object_get_string (json_object_object_get (t, "notes")));
      if (source != NULL && g_str_equal (json_object_get_string (source), "modifiers"))
        {
          const char *group = json_object_get_string (json_object_object_get (t, "group"));
          json_object *mods = json_object_object_get (json_object_object_get (root, "modifiers"),
                                                      group);
          json_object_object_foreach (mods, id, mod)
            {
              const char *label = json_object_get_string (json_object_object_get (mod, "label"));
              int v = json_object_get_int (json_object_object_get (mod, "value"));
              g_autofree char *value = g_strdup_printf ("%s%d", v > 0 ? "+" : v < 0 ? "\u2212"
                                                                                    : "", ABS (v));
              g_autofree char *line = g_strdup_printf ("%s %s", label, value);

              (void) id;
              assert_has_text (flow, value);
              assert_row (layout, flow, label, line);
            }
        }
    }
  /* Rows made from the unit types and the weapons carry the ruleset's own numbers, in the
   * columns the table asks for; a number the rules do not give shows as a dash. */
  for (gsize i = 0; i < json_object_array_length (tables); i++)
    {
      json_object *t = json_object_array_get_idx (tables, i);
      json_object *source = json_object_object_get (t, "source");
      json_object *columns = json_object_object_get (t, "columns");
      gboolean types;
      GPtrArray *items;

      if (source == NULL || g_str_equal (json_object_get_string (source), "modifiers"))
        continue;
      types = g_str_equal (json_object_get_string (source), "unit-types");
      items = types ? adj_ruleset_get_unit_types (rs) : adj_ruleset_get_weapons (rs);
      for (guint k = 0; k < items->len; k++)
        {
          g_autoptr(GString) line = g_string_new (NULL);
          const char *label = NULL;

          for (gsize c = 0; c < json_object_array_length (columns); c++)
            {
              const char *column = json_object_get_string (json_object_array_get_idx (columns, c));
              const AdjUnitType *ty = types ? g_ptr_array_index (items, k) : NULL;
              const AdjWeapon *w = types ? NULL : g_ptr_array_index (items, k);
              int n = 0;

              if (c > 0)
                g_string_append_c (line, ' ');
              if (g_str_equal (column, "label"))
                {
                  label = types ? ty->label : w->label;
                  g_string_append (line, label);
                  continue;
                }
              if (g_str_equal (column, "category"))
                {
                  g_string_append (line, adj_ruleset_find_category (rs, ty->category)->label);
                  continue;
                }
              if (g_str_equal (column, "weapons"))
                {
                  /* A list of names: checked in the flow above, not as one line. */
                  g_string_truncate (line, 0);
                  break;
                }
              n = g_str_equal (column, "value") ? ty->value
                  : g_str_equal (column, "move") ? ty->move
                  : g_str_equal (column, "figures") ? ty->figures : w->range;
              if (n >= 0)
                g_string_append_printf (line, "%d", n);
              else
                g_string_append (line, "\u2014");
            }
          if (line->len > 0 && label != NULL)
            assert_row (layout, flow, label, line->str);
        }
    }
}

/* The tick boxes a unit should get: strength, and one per state of each tracked field. */
static void
expected_boxes (AdjBattle  *battle,
                const char *only_side,
                guint      *strength,
                guint      *status)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  json_object *track = json_object_object_get (
    json_object_object_get (adj_ruleset_get_json (rs), "roster"), "track");

  *strength = *status = 0;
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      const AdjUnitType *type = adj_battle_unit_type (battle, unit);

      if (only_side != NULL && !g_str_equal (adj_unit_get_side (unit), only_side))
        continue;
      *strength += type->figures > 1 ? (guint) MAX (type->figures, adj_unit_get_figures (unit))
                                     : 1;
      for (gsize k = 0; track != NULL && k < json_object_array_length (track); k++)
        {
          json_object *item = json_object_array_get_idx (track, k);
          const AdjField *f = adj_ruleset_find_status_field (
            rs, json_object_get_string (json_object_is_type (item, json_type_object)
                                        ? json_object_object_get (item, "field") : item));
          if (!adj_field_applies_to (f, type->category))
            continue;
          /* A choice has a box for each state but its default, which is no box ticked. */
          *status += f->kind == ADJ_FIELD_BOOL ? 1
                     : f->kind == ADJ_FIELD_INT ? (guint) (f->max - f->min) : f->n_choices - 1;
        }
    }
}

/* No block leaves the content area or runs into the next one, and each unit is placed once. */
static void
assert_layout_sound (AdjRoster *roster,
                     double     page_height,
                     guint      n_units)
{
  guint units = 0;

  for (guint i = 0; i < adj_roster_get_n_blocks (roster); i++)
    {
      const AdjRosterBlock *b = adj_roster_get_block (roster, i);

      g_assert_cmpuint (b->page, <, adj_roster_get_n_pages (roster));
      g_assert_cmpfloat (b->y, >=, CONTENT_TOP - 0.01);
      g_assert_cmpfloat (b->y + b->height, <=, page_height - CONTENT_BOTTOM + 0.01);
      g_assert_cmpfloat (b->height, >, 0);
      if (b->kind == ADJ_ROSTER_BLOCK_UNIT)
        units++;
      for (guint k = i + 1; k < adj_roster_get_n_blocks (roster); k++)
        {
          const AdjRosterBlock *o = adj_roster_get_block (roster, k);
          gboolean apart = o->page != b->page || o->y >= b->y + b->height - 0.01 ||
                           b->y >= o->y + o->height - 0.01 || o->x >= b->x + b->width ||
                           b->x >= o->x + o->width;

          if (!apart)
            adj_test_fail_check ("blocks %u (%s) and %u (%s) overlap on page %u", i,
                                 b->id != NULL ? b->id : "title", k,
                                 o->id != NULL ? o->id : "title", b->page + 1);
        }
    }
  g_assert_cmpuint (units, ==, n_units);
}

/* Each page of @layout (pages end with a form feed) names the battle and says "Page N of M". */
static void
assert_pages_marked (const char *layout,
                     const char *title,
                     guint       n_pages)
{
  g_auto(GStrv) pages = g_strsplit (layout, "\f", -1);

  g_assert_cmpuint (g_strv_length (pages), >=, n_pages);
  for (guint p = 0; p < n_pages; p++)
    {
      g_autofree char *mark = g_strdup_printf ("Page %u of %u", p + 1, n_pages);
      assert_has (pages[p], mark);
      assert_has (pages[p], title);
    }
}

/* ---- the "roster" key of a ruleset ---- */

static void
test_reference_data (void)
{
  g_autoptr(AdjRuleset) rs = wec ();
  json_object *root = adj_ruleset_get_json (rs);
  json_object *roster = json_object_object_get (root, "roster");
  json_object *tables = json_object_object_get (roster, "tables");
  json_object *victory = json_object_object_get (root, "victory");
  int decisive = json_object_get_int (json_object_object_get (victory, "decisive_from"));
  int overwhelming = json_object_get_int (json_object_object_get (victory, "overwhelming_from"));
  json_object *margins = NULL;

  g_assert_nonnull (roster);
  g_assert_cmpuint (json_object_array_length (json_object_object_get (roster, "track")), ==, 3);
  for (gsize i = 0; i < json_object_array_length (tables); i++)
    {
      json_object *t = json_object_array_get_idx (tables, i);
      if (g_str_equal (json_object_get_string (json_object_object_get (t, "title")),
                       "Withdrawal and victory"))
        margins = json_object_object_get (t, "rows");
    }
  /* The victory table is written in words; its numbers must agree with "victory". */
  g_assert_nonnull (margins);
  {
    g_autofree char *marginal = g_strdup_printf ("1 to %d", decisive - 1);
    g_autofree char *decisive_row = g_strdup_printf ("%d to %d", decisive, overwhelming - 1);
    g_autofree char *overwhelming_row = g_strdup_printf ("%d or more", overwhelming);
    const char *expected[] = { "0", marginal, decisive_row, overwhelming_row };

    g_assert_cmpuint (json_object_array_length (margins), ==, G_N_ELEMENTS (expected));
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (
                         json_object_array_get_idx (margins, i), 0)), ==, expected[i]);
  }
  /* No tracked field is secret or changes every turn. */
  for (guint i = 0; i < adj_ruleset_get_status_fields (rs)->len; i++)
    {
      const AdjField *f = g_ptr_array_index (adj_ruleset_get_status_fields (rs), i);
      g_assert_false (f->secret);
      g_assert_false (f->hides_unit);
    }
}

typedef struct {
  const char *name;
  const char *patch;     /* a JSON object: "path": value, applied to a copy of wec.json */
  const char *message;   /* what the error must contain */
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "not-object", "{\"roster\": []}", "wec.json: $.roster: expected an object" },
  { "unknown-key", "{\"roster.layout\": 2}", "$.roster.layout: unknown key “layout”" },
  { "track-unknown", "{\"roster.track\": [\"morale\"]}",
    "$.roster.track[0]: expected the id of a field declared in “status_fields”" },
  { "track-not-string", "{\"roster.track\": [3]}", "$.roster.track[0]: expected the id" },
  { "table-not-object", "{\"roster.tables.0\": \"Stands\"}",
    "$.roster.tables[0]: expected an object" },
  { "table-no-title", "{\"roster.tables.0.title\": null}", "$.roster.tables[0]: " },
  { "table-empty-title", "{\"roster.tables.0.title\": \"\"}",
    "$.roster.tables[0].title: expected a non-empty text" },
  { "table-unknown-key", "{\"roster.tables.0.width\": 3}",
    "$.roster.tables[0].width: unknown key “width”" },
  { "source-unknown", "{\"roster.tables.0.source\": \"cards\"}",
    "$.roster.tables[0].source: expected “unit-types”, “weapons” or “modifiers”, found "
    "“cards”" },
  { "column-unknown", "{\"roster.tables.0.columns.1\": \"cost\"}",
    "$.roster.tables[0].columns[1]: expected one of “label”, “category”, “value”, “move”, "
    "“figures”, “weapons”, found “cost”" },
  { "columns-missing", "{\"roster.tables.0.columns\": null}",
    "$.roster.tables[0]: expected “columns”" },
  { "columns-too-few", "{\"roster.tables.0.columns\": [\"label\"]}",
    "$.roster.tables[0].columns: expected 3 texts, one per column, found 1" },
  { "header-empty", "{\"roster.tables.0.header\": []}",
    "$.roster.tables[0].header: expected at least one text" },
  { "header-number", "{\"roster.tables.0.header.1\": 4}",
    "$.roster.tables[0].header[1]: expected a text, found an integer" },
  { "group-missing", "{\"roster.tables.3.group\": null}",
    "$.roster.tables[3].group: expected the modifier group" },
  { "group-unknown", "{\"roster.tables.3.group\": \"artillery-duel\"}",
    "$.roster.tables[3].group: “artillery-duel” is not a group of “modifiers”" },
  { "group-without-modifiers", "{\"roster.tables.0.group\": \"movement\"}",
    "$.roster.tables[0].group: only a table of modifiers has a group" },
  { "rows-missing", "{\"roster.tables.6.rows\": null}",
    "$.roster.tables[6].rows: expected at least one row" },
  { "row-short", "{\"roster.tables.6.rows.1\": [\"Equal\", \"Recoil\"]}",
    "$.roster.tables[6].rows[1]: expected 3 texts, one per column, found 2" },
  { "row-not-array", "{\"roster.tables.6.rows.1\": \"Equal\"}",
    "$.roster.tables[6].rows[1]: expected an array of texts" },
  { "cell-number", "{\"roster.tables.2.rows.0.0\": 1}",
    "$.roster.tables[2].rows[0][0]: expected a text, found an integer" },
  { "literal-with-columns", "{\"roster.tables.6.columns\": [\"label\", \"value\", \"move\"]}",
    "$.roster.tables[6].columns: only a table with a “source” has this key" },
  { "track-object-unknown", "{\"roster.track.0\": {\"field\": \"morale\"}}",
    "$.roster.track[0].field: expected the id of a field declared in “status_fields”" },
  { "track-object-key", "{\"roster.track.0\": {\"field\": \"dismounted\", \"box\": 1}}",
    "$.roster.track[0].box: unknown key “box”" },
  { "track-ticked-when-not-bool",
    "{\"roster.track.0\": {\"field\": \"dismounted\", \"ticked_when\": 1}}",
    "$.roster.track[0].ticked_when: expected true or false" },
  { "in-play-unknown", "{\"roster.in_play\": [\"morale\"]}",
    "$.roster.in_play[0]: expected the id of a field declared in “status_fields”" },
  { "describe-not-text", "{\"roster.describe\": [2]}",
    "$.roster.describe[0]: expected a text, found an integer" },
  { "leave-out-unknown", "{\"roster.leave_out\": [\"marker\"]}",
    "$.roster.leave_out[0]: expected the id of a category declared in “categories”, found "
    "“marker”" },
  { "ranges-unknown", "{\"roster.ranges\": [\"short\"]}",
    "$.roster.ranges[0]: no weapon gives a range band “short” in its “rules”" },
  { "member-track-without-members", "{\"roster.member_track\": [\"wounds\"]}",
    "$.roster.member_track: the ruleset keeps no record per figure (“members”)" },
  { "card-without-cards", "{\"roster.card\": true}",
    "$.roster.card: the system deals no cards" },
  { "card-not-bool", "{\"roster.card\": \"yes\"}",
    "$.roster.card: expected true or false" },
  { "players-tables-unknown", "{\"roster.players_tables\": [\"hit\"]}",
    "$.roster.players_tables[0]: expected the id of a table declared in “tables”, found “hit”" },
  { "track-secret", "{\"status_fields.0.secret\": true}",
    "$.roster.track[0]: “dismounted” is secret: a roster never prints it" },
  { "secret-not-bool", "{\"status_fields.4.secret\": \"yes\"}",
    "$.status_fields[4].secret: expected true or false, found a string" },
  { "hides-int", "{\"side_fields.2.hides_unit\": true}",
    "$.side_fields[2].hides_unit: only a status field of kind “bool” can hide its unit" },
};

/* Set (or, with null, remove) the member at a dotted path of objects and array indices. */
static void
patch_json (json_object *root,
            const char  *path,
            json_object *value)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  json_object *at = root;
  guint n = g_strv_length (parts);

  for (guint i = 0; i + 1 < n; i++)
    {
      if (json_object_is_type (at, json_type_array))
        at = json_object_array_get_idx (at, (gsize) g_ascii_strtoull (parts[i], NULL, 10));
      else
        at = json_object_object_get (at, parts[i]);
      g_assert_nonnull (at);
    }
  if (json_object_is_type (at, json_type_array))
    {
      g_assert_nonnull (value);
      json_object_array_put_idx (at, (gsize) g_ascii_strtoull (parts[n - 1], NULL, 10),
                                 json_object_get (value));
    }
  else if (value == NULL)
    json_object_object_del (at, parts[n - 1]);
  else
    json_object_object_add (at, parts[n - 1], json_object_get (value));
}

static void
test_broken_reference (gconstpointer data)
{
  const BrokenCase *c = data;
  g_autoptr(json_object) root = wec_root_copy ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) patch = adj_json_parse_data (c->patch, strlen (c->patch), "patch",
                                                      &error);
  g_autoptr(AdjRuleset) rs = NULL;

  g_assert_no_error (error);
  json_object_object_foreach (patch, key, value)
    patch_json (root, key, value);
  rs = adj_ruleset_load_json (root, "wec.json", &error);
  g_assert_null (rs);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  if (strstr (error->message, c->message) == NULL)
    adj_test_fail_check ("“%s” does not contain “%s”", error->message, c->message);
}

static void
test_hides_unit_is_secret (void)
{
  g_autoptr(json_object) root = wec_root_copy ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  json_object *fields = json_object_object_get (root, "status_fields");
  const char *text = "{\"id\": \"hidden\", \"kind\": \"bool\", \"label\": \"Hidden\", "
                     "\"hides_unit\": true}";
  const AdjField *f;

  json_object_array_add (fields, adj_json_parse_data (text, strlen (text), "field", NULL));
  rs = adj_ruleset_load_json (root, "wec.json", &error);
  g_assert_no_error (error);
  f = adj_ruleset_find_status_field (rs, "hidden");
  g_assert_nonnull (f);
  g_assert_true (f->hides_unit);
  g_assert_true (f->secret);
  g_assert_false (adj_ruleset_find_status_field (rs, "dismounted")->secret);
}

/* ---- the demo battle ---- */

static void
test_demo (void)
{
  g_autoptr(AdjBattle) battle = load_demo ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_autofree char *path = tmp_path ("demo.pdf");
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;
  guint strength, status;
  double width, height;

  g_assert_no_error (error);
  g_assert_cmpuint (adj_roster_get_n_units (roster), ==, 34);
  g_assert_cmpuint (adj_roster_get_n_sides (roster), ==, 2);
  g_assert_cmpstr (adj_roster_get_title (roster), ==,
                   "Zulu War: British column against a Zulu impi");
  write_pdf (roster, path, ADJ_PAPER_A4);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* Every stand has its box, and every tracked status its own: dismounted for the four
   * cavalry stands, limbered for the gun, mounted for the two commanders. */
  expected_boxes (battle, NULL, &strength, &status);
  g_assert_cmpuint (strength, ==, 34);
  g_assert_cmpuint (status, ==, 4 + 1 + 2);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==, strength);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STATUS), ==, status);

  adj_roster_get_page_size (roster, &width, &height);
  assert_layout_sound (roster, height, 34);
  /* A sheet per side: the second side starts a page of its own. */
  for (guint i = 0; i < adj_roster_get_n_blocks (roster); i++)
    {
      const AdjRosterBlock *b = adj_roster_get_block (roster, i);
      if (b->kind == ADJ_ROSTER_BLOCK_SIDE && g_str_equal (b->id, "b"))
        {
          g_assert_cmpuint (b->page, >, 0);
          g_assert_cmpfloat (b->y, ==, CONTENT_TOP);
        }
    }

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      assert_shows (layout, flow, adj_unit_get_name (unit));
    }
  assert_shows (layout, flow, "British army");
  assert_shows (layout, flow, "Zulu army");
  assert_shows (layout, flow, "Dice: 2D6 (European-style army)");
  assert_shows (layout, flow, "Dice: D12 (native army)");
  assert_shows (layout, flow, "Points: 36 of 36 points (the command stand is not counted)");
  assert_shows (layout, flow, "Command stand: 1 command stand; an army has exactly 1");
  assert_shows (layout, flow, "Single-shot rifle (2 squares)");
  assert_shows (layout, flow, "Rifled field gun (8 squares)");
  assert_shows (layout, flow, "Dismounted");
  assert_shows (layout, flow, "Limbered");
  assert_shows (layout, flow, "printed 1879-01-22");
  assert_hides (layout, flow, "Activated this turn");
  assert_hides (layout, flow, "limit not kept");
  assert_has_reference (adj_battle_get_ruleset (battle), flow, layout);
  assert_pages_marked (layout, "Zulu War: British column against a Zulu impi",
                       adj_roster_get_n_pages (roster));
}

/* ---- the other systems' demo battles ---- */

static gboolean
left_out (AdjBattle *battle,
          AdjUnit   *unit)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  json_object *leave_out = json_object_object_get (
    json_object_object_get (adj_ruleset_get_json (rs), "roster"), "leave_out");

  for (gsize i = 0; leave_out != NULL && i < json_object_array_length (leave_out); i++)
    if (g_str_equal (json_object_get_string (json_object_array_get_idx (leave_out, i)),
                     adj_battle_unit_type (battle, unit)->category))
      return TRUE;
  return FALSE;
}

/* Whether the roster must not print @unit: hidden, or of a kind the ruleset leaves out
 * (markers, which stand for no troops). */
static gboolean
hidden (AdjBattle *battle,
        AdjUnit   *unit)
{
  GPtrArray *fields = adj_ruleset_get_status_fields (adj_battle_get_ruleset (battle));

  if (left_out (battle, unit))
    return TRUE;
  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      if (f->hides_unit && adj_unit_get_status_bool (unit, f->name))
        return TRUE;
    }
  return FALSE;
}

/* Every system's demo prints: its units (all but the hidden), its quick reference, a box for
 * every figure or stand, and no number the rules do not give. */
static void
test_system_demo (gconstpointer data)
{
  const char *name = data;
  g_autofree char *demo = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (demo, &error);
  g_autoptr(AdjRoster) roster = NULL;
  g_autofree char *path = NULL;
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;
  AdjRuleset *rs;
  guint shown = 0;
  gboolean members = FALSE;

  g_assert_no_error (error);
  rs = adj_battle_get_ruleset (battle);
  roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_assert_no_error (error);
  path = tmp_path (name);
  write_pdf (roster, path, ADJ_PAPER_A4);

  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      shown += !hidden (battle, unit);
      members |= adj_unit_get_members (unit) != NULL;
    }
  g_assert_cmpuint (adj_roster_get_n_units (roster), ==, shown);
  /* Redvers' Reverse boxes strength points, not figures: test-roster-systems.c counts those. */
  if (!members && !g_str_equal (adj_ruleset_get_id (rs), "rr"))
    {
      guint strength, status;

      expected_boxes (battle, NULL, &strength, &status);
      g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==,
                        strength);
    }

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);

      /* A marker's name is a place's, which a unit's brigade may name too: it has no block. */
      for (guint k = 0; left_out (battle, unit) && k < adj_roster_get_n_blocks (roster); k++)
        {
          const AdjRosterBlock *b = adj_roster_get_block (roster, k);

          g_assert_false (b->kind == ADJ_ROSTER_BLOCK_UNIT &&
                          g_str_equal (b->id, adj_unit_get_id (unit)));
        }
      if (left_out (battle, unit))
        continue;
      if (hidden (battle, unit))
        assert_lacks (flow, adj_unit_get_name (unit));
      else
        assert_has (flow, adj_unit_get_name (unit));
    }
  assert_has_reference (rs, flow, layout);
  assert_pages_marked (layout, adj_battle_get_name (battle), adj_roster_get_n_pages (roster));
  assert_lacks (flow, "-1");
  /* A weapon whose range the players' own table gives is printed without one. */
  for (guint i = 0; i < adj_ruleset_get_weapons (rs)->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (adj_ruleset_get_weapons (rs), i);
      g_autofree char *wrong = g_strdup_printf ("%s (contact)", w->label);
      if (w->range < 0)
        assert_lacks (flow, wrong);
    }
}

/* ---- the twenty example armies ---- */

static void
test_template (gconstpointer data)
{
  const char *id = data;
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) army = adj_army_template (rs, id, &error);
  g_autoptr(AdjArmyReport) report = NULL;
  g_autoptr(AdjRoster) roster = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autofree char *name = g_strdup_printf ("%s.pdf", id);
  g_autofree char *path = tmp_path (name);
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;
  guint strength, status;
  double width, height;

  g_assert_no_error (error);
  report = adj_army_check (army, &error);
  g_assert_no_error (error);
  roster = adj_roster_new_for_army (army, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adj_roster_get_n_units (roster), ==, adj_army_count_units (army));
  g_assert_cmpuint (adj_roster_get_n_sides (roster), ==, 1);
  write_pdf (roster, path, ADJ_PAPER_A4);

  /* The same units a battle would make of the list. */
  battle = adj_battle_new (rs, "check");
  g_assert_true (adj_battle_add_army (battle, "a", army, &error));
  g_assert_no_error (error);
  expected_boxes (battle, NULL, &strength, &status);
  g_assert_cmpuint (strength, ==, adj_army_count_units (army));
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==, strength);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STATUS), ==, status);
  adj_roster_get_page_size (roster, &width, &height);
  assert_layout_sound (roster, height, adj_army_count_units (army));

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  assert_shows (layout, flow, army->name);
  assert_shows (layout, flow, "Army list");
  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);
      assert_shows (layout, flow, u->name);
    }
  /* The totals and limits the system's own check gives, e.g. "36 of 36 points". */
  for (guint i = 0; i < report->checks->len; i++)
    {
      AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      g_autofree char *line = g_strdup_printf ("%s: %s", c->label, c->detail);
      assert_shows (layout, flow, line);
    }
  {
    g_autofree char *total = g_strdup_printf ("%d of 36 points", army->book_total);
    assert_shows (layout, flow, total);
  }
  assert_has_reference (rs, flow, layout);
  assert_pages_marked (layout, army->name, adj_roster_get_n_pages (roster));
}

/* ---- a long battle ---- */

static AdjBattle *
long_battle (guint n_units)
{
  g_autoptr(AdjRuleset) rs = wec ();
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_battle_new (rs, "The Long Afternoon");
  GPtrArray *types = adj_ruleset_get_unit_types (rs);

  g_assert_nonnull (adj_battle_add_side (battle, "a", "Column", NULL, &error));
  g_assert_nonnull (adj_battle_add_side (battle, "b", "Impi", NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n_units; i++)
    {
      const AdjUnitType *t = g_ptr_array_index (types, i % types->len);
      g_autoptr(json_object) json = json_object_new_object ();
      g_autofree char *id = g_strdup_printf ("u%u", i + 1);
      g_autofree char *name = g_strdup_printf ("Stand %03u of the %s", i + 1,
                                               i < n_units / 2 ? "column" : "impi");

      json_object_object_add (json, "id", json_object_new_string (id));
      json_object_object_add (json, "side", json_object_new_string (i < n_units / 2 ? "a" : "b"));
      json_object_object_add (json, "name", json_object_new_string (name));
      json_object_object_add (json, "type", json_object_new_string (t->id));
      /* Some blocks taller than others: notes of one to three lines. */
      if (i % 7 == 3)
        json_object_object_add (json, "notes", json_object_new_string (
          "Held back at the drift until the second turn; counts as entrenched while the "
          "wagons stand, and falls back on the laager if the column breaks. Keep an eye on "
          "the river crossing and the ammunition carts, which are slow to come up."));
      if (i % 11 == 5)
        json_object_object_add (json, "destroyed", json_object_new_boolean (TRUE));
      g_assert_nonnull (adj_battle_insert_unit (battle, json, &error));
      g_assert_no_error (error);
    }
  return battle;
}

static void
test_long_battle (void)
{
  g_autoptr(AdjBattle) battle = long_battle (200);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_autofree char *path = tmp_path ("long.pdf");
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;
  guint strength, status, n_pages;
  guint last_page = 0;

  g_assert_no_error (error);
  write_pdf (roster, path, ADJ_PAPER_A4);
  n_pages = adj_roster_get_n_pages (roster);
  g_assert_cmpuint (n_pages, >, 8);
  assert_layout_sound (roster, 297.0 / 25.4 * 72.0, 200);

  /* Blocks come in page order, and a side's later pages start with its heading again. */
  for (guint i = 0; i < adj_roster_get_n_blocks (roster); i++)
    {
      const AdjRosterBlock *b = adj_roster_get_block (roster, i);

      g_assert_cmpuint (b->page, >=, last_page);
      if (b->page > last_page && b->kind == ADJ_ROSTER_BLOCK_UNIT)
        adj_test_fail_check ("page %u starts with a unit, not with its side's heading",
                             b->page + 1);
      last_page = b->page;
    }

  expected_boxes (battle, NULL, &strength, &status);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==, strength);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STATUS), ==, status);

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  assert_pages_marked (layout, "The Long Afternoon", n_pages);
  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      assert_shows (layout, flow, adj_unit_get_name (unit));
    }
  assert_shows (layout, flow, "Column (continued)");
  assert_shows (layout, flow, "Impi (continued)");
  assert_shows (layout, flow, "DESTROYED");
}

/* ---- paper ---- */

typedef struct {
  AdjPaper    paper;
  const char *name;
  double      width;
  double      height;
} PaperCase;

static const PaperCase paper_cases[] = {
  { ADJ_PAPER_A4, "a4", 595.2756, 841.8898 },
  { ADJ_PAPER_LETTER, "letter", 612.0, 792.0 },
};

static void
test_paper (gconstpointer data)
{
  const PaperCase *c = data;
  g_autoptr(AdjBattle) battle = long_battle (60);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_autofree char *name = g_strdup_printf ("paper-%s.pdf", c->name);
  g_autofree char *path = tmp_path (name);
  g_autofree char *pdf = NULL;
  g_autoptr(GRegex) regex = g_regex_new ("/MediaBox \\[ *([0-9.]+) +([0-9.]+) +([0-9.]+) +"
                                         "([0-9.]+) *\\]", G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  gsize length = 0;
  guint boxes = 0;
  double width, height;
  AdjPaper parsed;

  g_assert_true (adj_paper_from_string (c->name, &parsed));
  g_assert_cmpint (parsed, ==, c->paper);
  g_assert_cmpstr (adj_paper_to_string (c->paper), ==, c->name);
  adj_paper_get_size (c->paper, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, c->width, 0.001);
  g_assert_cmpfloat_with_epsilon (height, c->height, 0.001);

  g_assert_no_error (error);
  write_pdf (roster, path, c->paper);
  adj_roster_get_page_size (roster, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, c->width, 0.001);
  g_assert_cmpfloat_with_epsilon (height, c->height, 0.001);
  assert_layout_sound (roster, height, 60);
  for (guint i = 0; i < adj_roster_get_n_blocks (roster); i++)
    {
      const AdjRosterBlock *b = adj_roster_get_block (roster, i);
      g_assert_cmpfloat (b->x + b->width, <=, width - 36.0 + 0.01);
    }

  /* Every page of the file has the paper's size. */
  g_assert_true (g_file_get_contents (path, &pdf, &length, NULL));
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  g_regex_match_full (regex, pdf, (gssize) length, 0, 0, &match, NULL);
  while (g_match_info_matches (match))
    {
      g_autofree char *w = g_match_info_fetch (match, 3);
      g_autofree char *h = g_match_info_fetch (match, 4);

      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (w, NULL), c->width, 0.01);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (h, NULL), c->height, 0.01);
      boxes++;
      g_match_info_next (match, NULL);
    }
  g_assert_cmpuint (boxes, >=, adj_roster_get_n_pages (roster));
}

static void
test_paper_names (void)
{
  AdjPaper paper = ADJ_PAPER_A4;

  g_assert_true (adj_paper_from_string ("LETTER", &paper));
  g_assert_cmpint (paper, ==, ADJ_PAPER_LETTER);
  g_assert_true (adj_paper_from_string ("A4", &paper));
  g_assert_cmpint (paper, ==, ADJ_PAPER_A4);
  g_assert_false (adj_paper_from_string ("a5", &paper));
  g_assert_false (adj_paper_from_string ("", &paper));
  g_assert_false (adj_paper_from_string (NULL, &paper));
}

/* ---- one side ---- */

static void
test_one_side (void)
{
  g_autoptr(AdjBattle) battle = load_demo ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) by_id = adj_roster_new_for_battle (battle, "b", &error);
  g_autoptr(AdjRoster) by_name = NULL;
  g_autoptr(AdjRoster) unknown = NULL;
  g_autofree char *path = tmp_path ("zulu.pdf");
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;
  guint strength, status;

  g_assert_no_error (error);
  g_assert_cmpuint (adj_roster_get_n_units (by_id), ==, 19);
  g_assert_cmpuint (adj_roster_get_n_sides (by_id), ==, 1);
  by_name = adj_roster_new_for_battle (battle, "zulu ARMY", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adj_roster_get_n_units (by_name), ==, 19);

  unknown = adj_roster_new_for_battle (battle, "Boer commando", &error);
  g_assert_null (unknown);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "“Boer commando”"));
  g_assert_nonnull (strstr (error->message, "a (“British army”), b (“Zulu army”)"));

  write_pdf (by_name, path, ADJ_PAPER_LETTER);
  expected_boxes (battle, "b", &strength, &status);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (by_name, ADJ_ROSTER_BOX_STRENGTH), ==, 19);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (by_name, ADJ_ROSTER_BOX_STATUS), ==, status);

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  assert_shows (layout, flow, "Zulu Spearmen 15");
  assert_shows (layout, flow, "Zulu Commander");
  assert_shows (layout, flow, "Points: 36 of 36 points");
  assert_hides (layout, flow, "British Regular Infantry");
  assert_hides (layout, flow, "British Commander");
  assert_hides (layout, flow, "Dice: 2D6");
}

/* ---- secrets ---- */

static AdjRuleset *
secret_ruleset (void)
{
  g_autoptr(json_object) root = wec_root_copy ();
  g_autoptr(GError) error = NULL;
  const char *fields[] = {
    "{\"id\": \"hidden\", \"kind\": \"bool\", \"label\": \"Concealed in the long grass\", "
    "\"hides_unit\": true}",
    "{\"id\": \"true_strength\", \"kind\": \"int\", \"label\": \"Secret reserve strength\", "
    "\"min\": 0, \"max\": 9, \"secret\": true}",
    "{\"id\": \"ruse\", \"kind\": \"bool\", \"label\": \"Feigned flight planned\", "
    "\"secret\": true}",
  };
  const char *side_field =
    "{\"id\": \"plan\", \"kind\": \"enum\", \"label\": \"Secret battle plan\", \"secret\": true, "
    "\"choices\": [{\"id\": \"horns\", \"label\": \"Horns of the buffalo\"}, "
    "{\"id\": \"hold\", \"label\": \"Hold the ridge\"}]}";
  AdjRuleset *rs;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    json_object_array_add (json_object_object_get (root, "status_fields"),
                           adj_json_parse_data (fields[i], strlen (fields[i]), "field", NULL));
  json_object_array_add (json_object_object_get (root, "side_fields"),
                         adj_json_parse_data (side_field, strlen (side_field), "field", NULL));
  rs = adj_ruleset_load_json (root, "wec.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

static void
insert (AdjBattle  *battle,
        const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_data (text, strlen (text), "unit", &error);

  g_assert_no_error (error);
  g_assert_nonnull (adj_battle_insert_unit (battle, json, &error));
  g_assert_no_error (error);
}

static void
test_secrets (void)
{
  g_autoptr(AdjRuleset) rs = secret_ruleset ();
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "Ambush at the Donga");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = NULL;
  g_autoptr(json_object) settings = json_object_new_object ();
  g_autofree char *path = tmp_path ("secret.pdf");
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;

  json_object_object_add (settings, "dice", json_object_new_string ("d12"));
  json_object_object_add (settings, "plan", json_object_new_string ("horns"));
  g_assert_nonnull (adj_battle_add_side (battle, "b", "Zulu army", settings, &error));
  g_assert_no_error (error);
  insert (battle, "{\"id\": \"u1\", \"side\": \"b\", \"name\": \"Visible Impi\", "
                  "\"type\": \"native-infantry\", \"status\": {\"true_strength\": 7, "
                  "\"ruse\": true}}");
  insert (battle, "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Lurking Impi\", "
                  "\"type\": \"native-infantry\", \"status\": {\"hidden\": true}}");
  insert (battle, "{\"id\": \"u3\", \"side\": \"b\", \"name\": \"Spotted Impi\", "
                  "\"type\": \"native-cavalry\", \"status\": {\"hidden\": false}}");

  roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adj_roster_get_n_units (roster), ==, 2);
  write_pdf (roster, path, ADJ_PAPER_A4);
  for (guint i = 0; i < adj_roster_get_n_blocks (roster); i++)
    g_assert_cmpstr (adj_roster_get_block (roster, i)->id, !=, "u2");
  /* Two stands, and the cavalry's Dismounted box: nothing for the secret fields. */
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==, 2);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STATUS), ==, 1);

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  assert_shows (layout, flow, "Visible Impi");
  assert_shows (layout, flow, "Spotted Impi");
  assert_shows (layout, flow, "Dismounted");
  assert_hides (layout, flow, "Lurking");
  assert_hides (layout, flow, "Concealed");
  assert_hides (layout, flow, "Secret reserve strength");
  assert_hides (layout, flow, "Feigned flight");
  assert_hides (layout, flow, "Secret battle plan");
  assert_hides (layout, flow, "Horns of the buffalo");
  /* The hidden stand's points are not in the total either. */
  assert_shows (layout, flow, "Points: 4 of 36 points");
  assert_shows (layout, flow, "2 units");
}

/* ---- Redvers' Reverse: the quick reference, and nothing hidden on paper ---- */

static json_object *
open_secret (AdjBattle  *battle,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adj_secret_open (adj_battle_get_secret (battle, name), &error);

  g_assert_no_error (error);
  return json_tokener_parse (text);
}

/* The Colenso demo's roster, made by adjutant-cli as a player would (by the core when the
 * tool is not built): the "CP and tracks" reference is there, with the command points of each
 * state of Buller and the HQ; no drift marker's value and no chit still in a cup is. */
static void
test_rr_reference (void)
{
  g_autofree char *demo = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  const char *cli = g_getenv ("ADJUTANT_CLI");
  g_autofree char *path = tmp_path ("rr-colenso.pdf");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (demo, &error);
  g_autoptr(json_object) drifts = NULL;
  g_autoptr(json_object) cups = NULL;
  g_autofree char *flow = NULL;
  g_autofree char *layout = NULL;
  AdjRuleset *rs;
  static const char *const cp_rows[][2] = {
    { "Buller at HQ, operative", "3 CP" },
    { "Buller at HQ, moving", "1 CP" },
    { "Buller away from HQ", "1 CP" },
    { "Buller dead, HQ operative", "1 CP" },
    { "Buller dead, HQ moving", "0 CP" },
  };

  g_assert_no_error (error);
  rs = adj_battle_get_ruleset (battle);
  if (cli != NULL && g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      const char *argv[] = { cli, "roster", demo, "--pdf", path, NULL };
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                                   NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  else
    {
      g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);

      g_assert_no_error (error);
      write_pdf (roster, path, ADJ_PAPER_A4);
    }
  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);

  assert_has_text (flow, "Quick reference: Redvers' Reverse");
  assert_has_text (flow, "CP and tracks");
  for (guint i = 0; i < G_N_ELEMENTS (cp_rows); i++)
    {
      g_autofree char *line = g_strdup_printf ("%s %s", cp_rows[i][0], cp_rows[i][1]);

      assert_has_text (flow, cp_rows[i][0]);
      /* The state and its points on one line of the table. */
      assert_has (layout, line);
    }
  assert_has_text (flow, "Game Turn, 1 to 20");
  assert_has_text (flow, "Confidence, 1 to 20");
  assert_has_text (flow, "Shaken");
  assert_has_text (flow, "Loss, starts at 10");
  assert_has_text (flow, "turn 1 opens at Send Orders with 8 CP");

  /* The values under the drift markers: neither beside a drift's name nor anywhere as "shows". */
  drifts = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
  json_object_object_foreach (json_object_object_get (drifts, "areas"), drift, value)
    {
      const char *label = adj_rr_drift_label (rs, drift);
      int v = json_object_get_int (value);
      g_autofree char *a = g_strdup_printf ("%s %d", label, v);
      g_autofree char *b = g_strdup_printf ("%s: %d", label, v);
      g_autofree char *c = g_strdup_printf ("%s (%d)", label, v);
      g_autofree char *d = g_strdup_printf ("shows %d", v);

      assert_lacks (flow, a);
      assert_lacks (flow, b);
      assert_lacks (flow, c);
      assert_lacks (flow, d);
      assert_lacks (layout, a);
    }
  /* What the event cups hold: no chit's name. */
  cups = open_secret (battle, ADJ_RR_CUPS_SECRET);
  {
    static const char *const keys[] = { "british", "boer" };
    static const AdjRrCup which[] = { ADJ_RR_CUP_BRITISH, ADJ_RR_CUP_BOER };

    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      {
        json_object *inside = json_object_object_get (json_object_object_get (cups, keys[k]),
                                                      "cup");

        g_assert_cmpuint (json_object_array_length (inside), >, 0);
        for (gsize i = 0; i < json_object_array_length (inside); i++)
          {
            g_autofree char *label = adj_rr_chit_label (
              rs, which[k], json_object_get_string (json_object_array_get_idx (inside, i)));

            assert_lacks (flow, label);
          }
      }
  }
}

/* ---- figures, tracked numbers and choices, destroyed units ---- */

static void
test_figures_and_tracks (void)
{
  g_autoptr(json_object) root = wec_root_copy ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRoster) roster = NULL;
  g_autofree char *path = tmp_path ("figures.pdf");
  g_autofree char *layout = NULL;
  g_autofree char *flow = NULL;
  const char *fields[] = {
    "{\"id\": \"disruption\", \"kind\": \"int\", \"label\": \"Disruption\", \"min\": 0, "
    "\"max\": 3}",
    "{\"id\": \"morale\", \"kind\": \"enum\", \"label\": \"Morale\", \"choices\": ["
    "{\"id\": \"steady\", \"label\": \"Steady\"}, {\"id\": \"shaken\", \"label\": \"Shaken\"}, "
    "{\"id\": \"broken\", \"label\": \"Broken\"}]}",
  };
  json_object *track = json_object_new_array ();
  guint strength, status;

  json_object_object_add (json_object_array_get_idx (json_object_object_get (root, "unit_types"),
                                                     0), "figures", json_object_new_int (4));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    json_object_array_add (json_object_object_get (root, "status_fields"),
                           adj_json_parse_data (fields[i], strlen (fields[i]), "field", NULL));
  json_object_array_add (track, json_object_new_string ("dismounted"));
  json_object_array_add (track, json_object_new_string ("disruption"));
  json_object_array_add (track, json_object_new_string ("morale"));
  json_object_object_add (json_object_object_get (root, "roster"), "track", track);
  rs = adj_ruleset_load_json (root, "wec.json", &error);
  g_assert_no_error (error);

  battle = adj_battle_new (rs, "Figures");
  g_assert_nonnull (adj_battle_add_side (battle, "a", "Column", NULL, &error));
  insert (battle, "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Company A\", "
                  "\"type\": \"regular-infantry\", \"figures\": 3, "
                  "\"status\": {\"disruption\": 2, \"morale\": \"shaken\"}}");
  insert (battle, "{\"id\": \"u2\", \"side\": \"a\", \"name\": \"Company B\", "
                  "\"type\": \"regular-infantry\", \"destroyed\": true}");
  insert (battle, "{\"id\": \"u3\", \"side\": \"a\", \"name\": \"Nine-pounder\", "
                  "\"type\": \"field-artillery\", "
                  "\"status\": {\"large_stand\": true, \"towed\": true}}");
  roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_assert_no_error (error);
  write_pdf (roster, path, ADJ_PAPER_A4);

  /* Four figures for each company, one box for the gun; three disruption boxes and two
   * morale choices for each unit (steady, the default, is no box ticked). */
  expected_boxes (battle, NULL, &strength, &status);
  g_assert_cmpuint (strength, ==, 4 + 4 + 1);
  g_assert_cmpuint (status, ==, 3 * (3 + 2));
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), ==, strength);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STATUS), ==, status);

  layout = adj_test_pdf_rows (path);
  flow = adj_test_pdf_text (path);
  assert_shows (layout, flow, "Figures");
  assert_shows (layout, flow, "Company A");
  assert_shows (layout, flow, "Company B DESTROYED");
  assert_shows (layout, flow, "Disruption:");
  assert_shows (layout, flow, "Morale: Shaken");
  assert_shows (layout, flow, "Broken");
  assert_lacks (flow, "Steady");
  /* States nobody ticks in pencil are written out when they differ from the default. */
  assert_shows (layout, flow, "On a large stand");
  assert_shows (layout, flow, "Limbered");
}

/* ---- drawing on other surfaces, and saving ---- */

static void
test_render_image (void)
{
  g_autoptr(AdjBattle) battle = load_demo ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);
  cairo_surface_t *surface;
  cairo_t *cr;
  guint pages, dark = 0;
  int stride;
  unsigned char *data;

  g_assert_no_error (error);
  /* A print context as GtkPrintOperation would give it: its own page size, twice the scale. */
  pages = adj_roster_paginate (roster, 500, 700);
  g_assert_cmpuint (pages, >, 2);
  assert_layout_sound (roster, 700, 34);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1000, 1400);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, 2, 2);
  adj_roster_render_page (roster, cr, 0);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < 1400; y++)
    for (int x = 0; x < 1000; x++)
      if ((((guint32 *) (data + y * stride))[x] & 0xff) < 0x80)
        dark++;
  cairo_surface_destroy (surface);
  /* Ink, but far from a black page. */
  g_assert_cmpuint (dark, >, 5000);
  g_assert_cmpuint (dark, <, 1000 * 1400 / 4);
  /* Only the boxes of the page drawn are counted. */
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), >, 0);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_STRENGTH), <, 34);
}

static void
test_write_errors (void)
{
  g_autoptr(AdjBattle) battle = load_demo ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_autofree char *missing = g_build_filename (tmp_dir, "no-such-folder", "out.pdf", NULL);
  g_autofree char *folder = tmp_path ("a-folder");
  g_autofree char *keep = tmp_path ("keep.pdf");
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_false (adj_roster_write_pdf (roster, missing, ADJ_PAPER_A4, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_clear_error (&error);

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_false (adj_roster_write_pdf (roster, folder, ADJ_PAPER_A4, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpint (g_rmdir (folder), ==, 0);

  /* A save that works replaces the file whole; no temporary file stays behind. */
  g_assert_true (g_file_set_contents (keep, "old", -1, NULL));
  g_assert_true (adj_roster_write_pdf (roster, keep, ADJ_PAPER_A4, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (keep, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "%PDF-"));
  {
    g_autoptr(GDir) dir = g_dir_open (tmp_dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (dir)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".keep.pdf."));
  }
}

static void
remove_tmp_dir (void)
{
  g_autoptr(GDir) dir = g_dir_open (tmp_dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (tmp_dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("adj-test-roster-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/roster/reference/data", test_reference_data);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/roster/reference/broken/%s",
                                               broken_cases[i].name);
      g_test_add_data_func (path, &broken_cases[i], test_broken_reference);
    }
  g_test_add_func ("/roster/reference/hides-unit-is-secret", test_hides_unit_is_secret);
  g_test_add_func ("/roster/demo", test_demo);
  {
    g_autoptr(AdjRuleset) rs = wec ();

    templates = adj_army_templates (rs, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (templates->len, ==, 20);
    for (guint i = 0; i < templates->len; i++)
      {
        AdjArmy *army = g_ptr_array_index (templates, i);
        g_autofree char *path = g_strdup_printf ("/roster/template/%s", army->id);

        g_ptr_array_add (ids, g_strdup (army->id));
        g_test_add_data_func (path, g_ptr_array_index (ids, i), test_template);
      }
  }
  {
    g_autofree char *dir = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", NULL);
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *entry;

    while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
      if (g_str_has_suffix (entry, ".json") && !g_str_has_prefix (entry, "wec-"))
        {
          g_autofree char *path = g_strdup_printf ("/roster/system-demo/%s", entry);

          g_ptr_array_add (ids, g_strdup (entry));
          g_test_add_data_func (path, g_ptr_array_index (ids, ids->len - 1), test_system_demo);
        }
  }
  g_test_add_func ("/roster/long-battle", test_long_battle);
  for (guint i = 0; i < G_N_ELEMENTS (paper_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/roster/paper/%s", paper_cases[i].name);
      g_test_add_data_func (path, &paper_cases[i], test_paper);
    }
  g_test_add_func ("/roster/paper/names", test_paper_names);
  g_test_add_func ("/roster/one-side", test_one_side);
  g_test_add_func ("/roster/secrets", test_secrets);
  g_test_add_func ("/roster/rr-reference", test_rr_reference);
  g_test_add_func ("/roster/figures-and-tracks", test_figures_and_tracks);
  g_test_add_func ("/roster/render-image", test_render_image);
  g_test_add_func ("/roster/write-errors", test_write_errors);

  status = g_test_run ();
  remove_tmp_dir ();
  g_free (tmp_dir);
  return status;
}
