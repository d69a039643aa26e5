/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-rf.c: the Risk Factor commands of the real adjutant-cli — hidden markers listed,
 * hidden and spotted, the rules added last (seeing figures in terrain, prisoners) through
 * "odds" and "resolve" — and that no hidden marker's secret reaches any output or journal
 * line. */

#include "config.h"

#include <string.h>

#include "adj-battle.h"
#include "adj-json.h"
#include "adj-store.h"
#include "adj-test-cli.h"
#include "adj-test-util.h"

#define DEMO "rf-patrol-at-the-kraal.json"

/* The demo's groups under markers, and the one group of the solo side on the table. */
static const char *const hidden_names[] = { "Young warriors 1", "Married regiment",
                                            "Musketeers", NULL };
static const char *const hidden_ids[] = { "\"u5\"", "\"u7\"", "\"u8\"", NULL };

typedef struct {
  char *dir;
  char *battle;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->dir = adj_cli_dir_new ();
  f->battle = adj_cli_copy_demo (f->dir, DEMO);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_free (f->battle);
  adj_cli_dir_free (f->dir);
}

static void
assert_lacks_all (const char         *text,
                  const char * const *parts)
{
  for (guint i = 0; parts[i] != NULL; i++)
    if (strstr (text, parts[i]) != NULL)
      g_error ("the secret “%s” is in:\n%s", parts[i], text);
}

/* Every journal line of the battle at @path, and the summaries of its entries. */
static char *
journal_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  AdjJournal *journal;
  GString *text = g_string_new (NULL);

  g_assert_no_error (error);
  journal = adj_battle_get_journal (battle);
  for (guint i = 0; i < adj_journal_get_n_entries (journal); i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);

      g_string_append_printf (text, "%s\n", entry->summary);
      if (entry->outcome != NULL)
        g_string_append_printf (text, "%s\n", json_object_to_json_string (entry->outcome));
      if (entry->inputs != NULL)
        g_string_append_printf (text, "%s\n", json_object_to_json_string (entry->inputs));
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------------------------------ */

/* "markers" lists where the markers stand, never what is under them. */
static void
test_markers (Fixture       *f,
              gconstpointer  data)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *list;
  static const char *const places[] = {
    "Thorn scrub by the drift", "Kraal wall", "Donga, north end", "Rocky knoll", "Mealie field"
  };

  ADJ_CLI_RUN (&r, NULL, "markers", f->battle);
  adj_cli_assert_ok (&r);
  assert_lacks_all (r.out, hidden_names);
  assert_lacks_all (r.out, hidden_ids);
  json = adj_cli_out_json (&r);
  list = adj_test_member (json, "markers");
  g_assert_cmpuint (json_object_array_length (list), ==, G_N_ELEMENTS (places));
  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      json_object *item = json_object_array_get_idx (list, i);

      g_assert_cmpstr (json_object_get_string (adj_test_member (item, "place")), ==, places[i]);
      g_assert_cmpstr (json_object_get_string (adj_test_member (item, "side")), ==, "b");
      g_assert_cmpuint (json_object_object_length (item), ==, 3);
    }
}

/* "hide" puts a group under markers with a dummy beside it and saves the battle; nothing it
 * prints, nor the journal, says which marker is which.  "spot" then brings out what is under
 * each, one at a time, and the journal says so. */
static void
test_hide_and_spot (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  g_autofree char *journal = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  static const char *const secret[] = { "Young warriors 2", "\"u6\"", NULL };
  const char *reads[] = { "markers", "state", "validate", "solo" };
  json_object *list;
  guint real = 0;

  ADJ_CLI_RUN (&r, "{\"groups\": [\"u6\"], \"places\": [\"Big tree\", \"Ant hill\"]}", "hide",
               f->battle, "--input", "-", "--compact");
  adj_cli_assert_ok (&r);
  assert_lacks_all (r.out, secret);
  assert_lacks_all (r.out, hidden_names);
  json = adj_cli_out_json (&r);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "groups")), ==, 1);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "dummies")), ==, 1);
  g_assert_cmpstr (json_object_get_string (adj_test_member (json, "side")), ==, "b");
  list = adj_test_member (json, "markers");
  g_assert_cmpuint (json_object_array_length (list), ==, 2);
  first = g_strdup (json_object_get_string (adj_test_member (json_object_array_get_idx (list, 0),
                                                             "id")));
  second = g_strdup (json_object_get_string (adj_test_member (json_object_array_get_idx (list, 1),
                                                              "id")));
  g_assert_cmpstr (json_object_get_string (adj_test_member (json_object_array_get_idx (list, 0),
                                                            "place")), ==, "Big tree");

  /* Whatever reads the battle now, the secret stays in: the journal, the markers, the turn,
   * the file's summary, the solo step (which has no group left in sight). */
  journal = journal_text (f->battle);
  assert_lacks_all (journal, secret);
  assert_lacks_all (journal, hidden_names);
  for (guint i = 0; i < G_N_ELEMENTS (reads); i++)
    {
      ADJ_CLI_RUN (&r, NULL, reads[i], f->battle);
      adj_cli_assert_ok (&r);
      assert_lacks_all (r.out, secret);
      assert_lacks_all (r.out, hidden_names);
    }

  /* Spotted, by its place in any case or by its id: one is the group, the other a dummy. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(json_object) spot = NULL;

      ADJ_CLI_RUN (&r, NULL, "spot", f->battle, i == 0 ? "BIG TREE" : second, "--compact");
      adj_cli_assert_ok (&r);
      spot = adj_cli_out_json (&r);
      g_assert_cmpstr (json_object_get_string (adj_test_member (spot, "marker")), ==,
                       i == 0 ? first : second);
      /* The demo's five markers and the two new ones, less those spotted. */
      g_assert_cmpint (json_object_get_int (adj_test_member (spot, "markers_left")), ==,
                       6 - (int) i);
      if (!json_object_get_boolean (adj_test_member (spot, "dummy")))
        {
          real++;
          g_assert_cmpstr (json_object_get_string (adj_test_member (adj_test_member (spot, "group"),
                                                                    "name")),
                           ==, "Young warriors 2");
          g_assert_nonnull (strstr (json_object_get_string (adj_test_member (spot, "journal")),
                                    "it is Young warriors 2"));
        }
      else
        {
          g_assert_true (json_object_is_type (adj_test_member (spot, "group"), json_type_null));
          g_assert_nonnull (strstr (json_object_get_string (adj_test_member (spot, "journal")),
                                    "a dummy, nothing is there"));
        }
      /* Only what was spotted comes out: the demo's own groups stay hidden. */
      assert_lacks_all (r.out, hidden_names);
    }
  g_assert_cmpuint (real, ==, 1);
  g_clear_pointer (&journal, g_free);
  journal = journal_text (f->battle);
  assert_lacks_all (journal, hidden_names);

  /* A marker spotted is gone: again is refused, and the battle is not touched. */
  {
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (f->battle, &before, NULL, NULL));
    ADJ_CLI_RUN (&r, NULL, "spot", f->battle, first);
    adj_cli_assert_fails (&r, 1, "No marker still to be spotted has the id or the place");
    g_assert_true (g_file_get_contents (f->battle, &after, NULL, NULL));
    g_assert_cmpstr (before, ==, after);
  }
}

/* Mistakes, each refused with its reason on one line and a non-zero exit, the battle as it
 * was.  "@" stands for the battle's path, "%" for the demo of another system. */
typedef struct {
  const char *name;
  const char *args[6];
  const char *input;
  int         status;
  const char *message;
} BadCase;

static const BadCase bad_cases[] = {
  { "markers/no-battle", { "markers" }, NULL, 2, "“markers” takes one battle file" },
  { "markers/dice", { "markers", "@", "--dice", "3" }, NULL, 2, "“markers” does not take --dice" },
  { "markers/other-system", { "markers", "%" }, NULL, 1,
    "This is a battle of “When Empires Clash!”: the solo enemy and hidden markers belong to "
    "the Risk Factor skirmish rules" },
  { "markers/missing", { "markers", "nowhere.json" }, NULL, 1, "cannot read the file" },
  { "hide/no-input", { "hide", "@" }, NULL, 2, "“hide” needs --input FILE" },
  { "hide/apply", { "hide", "@", "--input", "-", "--apply" }, "{}", 2,
    "“hide” saves the battle it is given itself: --apply and --allow do not belong to it" },
  { "hide/players-side", { "hide", "@", "--input", "-" },
    "{\"groups\": [\"u2\"], \"places\": [\"a\", \"b\"]}", 1,
    "British patrol is not run by Adjutant: only the solo enemy deploys hidden" },
  { "hide/not-an-array", { "hide", "@", "--input", "-" },
    "{\"groups\": \"u6\", \"places\": [\"a\", \"b\"]}", 1,
    "standard input: $.groups: expected an array" },
  { "hide/not-a-string", { "hide", "@", "--input", "-" },
    "{\"groups\": [6], \"places\": [\"a\", \"b\"]}", 1,
    "standard input: $.groups[0]: expected the id of a group" },
  { "hide/places", { "hide", "@", "--input", "-" }, "{\"groups\": [\"u6\"], \"places\": [\"a\"]}",
    1, "Markers given: 1; needed: 2 (hidden groups: 1, dummies: 1)" },
  { "hide/no-places", { "hide", "@", "--input", "-" }, "{\"groups\": [\"u6\"]}", 1,
    "standard input: $: the required key “places” is missing" },
  { "hide/nobody", { "hide", "@", "--input", "-" }, "{\"groups\": [], \"places\": []}", 1,
    "Name at least one group to hide" },
  { "hide/unknown-key", { "hide", "@", "--input", "-" },
    "{\"groups\": [\"u6\"], \"places\": [\"a\", \"b\"], \"where\": 1}", 1,
    "standard input: $.where: unknown key “where”" },
  { "hide/unknown-group", { "hide", "@", "--input", "-" },
    "{\"groups\": [\"u99\"], \"places\": [\"a\", \"b\"]}", 1, "there is no unit “u99”" },
  { "hide/already-hidden", { "hide", "@", "--input", "-" },
    "{\"groups\": [\"u5\"], \"places\": [\"a\", \"b\"]}", 1,
    "“u5” is hidden under a marker already" },
  { "hide/same-place", { "hide", "@", "--input", "-" },
    "{\"groups\": [\"u6\"], \"places\": [\"a\", \"a\"]}", 1,
    "Two markers are both at “a”: give each its own place" },
  { "spot/no-marker", { "spot", "@" }, NULL, 2,
    "“spot” takes a battle file and a marker: its id or its place" },
  { "spot/unknown", { "spot", "@", "Far hill" }, NULL, 1,
    "No marker still to be spotted has the id or the place “Far hill”" },
  { "spot/a-group", { "spot", "@", "u2" }, NULL, 1,
    "No marker still to be spotted has the id or the place “u2”" },
  { "spot/seed", { "spot", "@", "u9", "--seed", "1" }, NULL, 2, "“spot” does not take --seed" },
  { "spot/allow", { "spot", "@", "u9", "--allow" }, NULL, 2,
    "“spot” saves the battle it is given itself" },
  { "spot/other-system", { "spot", "%", "u1" }, NULL, 1, "This is a battle of “When Empires" },
};

static void
test_bad (Fixture       *f,
          gconstpointer  data)
{
  const BadCase *c = data;
  g_autofree char *other = adj_cli_copy_demo (f->dir, "wec-zulu-war.json");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(AdjCliRun) r = { 0 };
  const char *args[G_N_ELEMENTS (c->args) + 1] = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (c->args) && c->args[i] != NULL; i++)
    args[i] = g_str_equal (c->args[i], "@") ? f->battle
              : g_str_equal (c->args[i], "%") ? other : c->args[i];
  g_assert_true (g_file_get_contents (f->battle, &before, NULL, NULL));
  adj_cli_run (&r, c->input, args);
  adj_cli_assert_fails (&r, c->status, c->message);
  assert_lacks_all (r.err, hidden_names);
  g_assert_true (g_file_get_contents (f->battle, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
}

/* Seeing figures in terrain, from a script: exact odds, dice from the table, journaled. */
static void
test_visibility (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  g_autofree char *journal = NULL;
  json_object *outcomes;

  ADJ_CLI_RUN (&r, "{\"distance\": 35}", "odds", "rf/visibility", "--input", "-", "--compact");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  outcomes = adj_test_member (json, "outcomes");
  g_assert_cmpuint (json_object_array_length (outcomes), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      json_object *o = json_object_array_get_idx (outcomes, i);

      /* Seen on a 4, 5 or 6: 40 cm or more. */
      g_assert_cmpfloat (json_object_get_double (adj_test_member (o, "probability")), ==, 0.5);
      g_assert_cmpstr (json_object_get_string (adj_test_member (o, "exact")), ==, "1/2");
    }
  g_clear_pointer (&json, json_object_put);

  ADJ_CLI_RUN (&r, "{\"observer\": \"u2\", \"target\": \"u9\", \"distance\": 35}", "resolve",
               "rf/visibility", "--battle", f->battle, "--input", "-", "--dice", "3", "--apply",
               "--compact");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (json_object_get_string (adj_test_member (json, "outcome")), ==, "unseen");
  g_assert_true (json_object_get_boolean (adj_test_member (json, "applied")));
  assert_lacks_all (r.out, hidden_names);
  journal = journal_text (f->battle);
  g_assert_nonnull (strstr (journal, "Thorn scrub by the drift"));
  assert_lacks_all (journal, hidden_names);

  /* A group under a marker is looked for through its marker. */
  ADJ_CLI_RUN (&r, "{\"observer\": \"u2\", \"target\": \"u5\"}", "resolve", "rf/visibility",
               "--battle", f->battle, "--input", "-", "--dice", "3");
  adj_cli_assert_fails (&r, 1, "The figures looked for are hidden under a marker: look for the "
                               "marker instead");
  assert_lacks_all (r.err, hidden_names);
}

/* Prisoners from a script: taken, refused to Zulus unless the referee allows it, guarded. */
static void
test_prisoners (Fixture       *f,
                gconstpointer  data)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  g_autoptr(GError) error = NULL;

  ADJ_CLI_RUN (&r, "{\"captors\": \"u2\", \"captives\": \"u6\", \"count\": 7}", "resolve",
               "rf/take-prisoners", "--battle", f->battle, "--input", "-", "--apply", "--compact");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (json_object_get_string (adj_test_member (json, "title")), ==,
                   "7 prisoners taken");
  {
    g_autoptr(AdjBattle) battle = adj_store_load_battle (f->battle, &error);
    AdjUnit *captors, *captives;

    g_assert_no_error (error);
    captors = adj_battle_find_unit (battle, "u2");
    captives = adj_battle_find_unit (battle, "u6");
    g_assert_cmpint (adj_unit_get_status_int (captors, "prisoners"), ==, 7);
    g_assert_cmpint (adj_unit_get_status_int (captors, "guards"), ==, 2);
    g_assert_cmpint (adj_unit_get_figures (captives), ==, 5);
  }

  ADJ_CLI_RUN (&r, "{\"captors\": \"u6\", \"captives\": \"u2\", \"count\": 1}", "resolve",
               "rf/take-prisoners", "--battle", f->battle, "--input", "-", "--apply");
  adj_cli_assert_fails (&r, 1, "Young warriors 2 takes no prisoners: the figures it captures "
                               "are killed");
  ADJ_CLI_RUN (&r, "{\"captors\": \"u6\", \"captives\": \"u2\", \"count\": 1}", "resolve",
               "rf/take-prisoners", "--battle", f->battle, "--input", "-", "--apply", "--allow",
               "--compact");
  adj_cli_assert_ok (&r);

  ADJ_CLI_RUN (&r, "{\"captors\": \"u2\", \"guards\": 1}", "resolve", "rf/guard-prisoners",
               "--battle", f->battle, "--input", "-", "--apply", "--compact");
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (json_object_get_string (adj_test_member (json, "outcome")), ==, "some-escape");
  g_assert_cmpint (json_object_get_int (adj_test_member (adj_test_member (json, "values"),
                                                         "escaped")), ==, 2);

  /* Five prisoners left: three figures are offered, enough for all of them, certainly. */
  ADJ_CLI_RUN (&r, "{\"captors\": \"u2\"}", "odds", "rf/dispatch-prisoners", "--battle",
               f->battle, "--input", "-", "--compact");
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  g_assert_cmpint (json_object_get_int (adj_test_member (adj_test_member (json, "inputs"),
                                                         "prisoners")), ==, 5);
  g_assert_cmpint (json_object_get_int (adj_test_member (adj_test_member (json, "inputs"),
                                                         "figures")), ==, 3);
  {
    json_object *all = json_object_array_get_idx (adj_test_member (json, "outcomes"), 1);

    g_assert_cmpstr (json_object_get_string (adj_test_member (all, "outcome")), ==, "all");
    g_assert_cmpfloat (json_object_get_double (adj_test_member (all, "probability")), ==, 1.0);
  }
}

/* The help lists the marker commands. */
static void
test_help (void)
{
  g_auto(AdjCliRun) r = { 0 };

  ADJ_CLI_RUN (&r, NULL, "--help");
  adj_cli_assert_ok (&r);
  for (guint i = 0; i < 3; i++)
    {
      static const char *const lines[] = { "  markers BATTLE", "  hide BATTLE --input FILE",
                                           "  spot BATTLE MARKER" };
      g_assert_nonnull (strstr (r.out, lines[i]));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-rf/help", test_help);
  g_test_add ("/cli-rf/markers", Fixture, NULL, fixture_setup, test_markers, fixture_teardown);
  g_test_add ("/cli-rf/hide-and-spot", Fixture, NULL, fixture_setup, test_hide_and_spot,
              fixture_teardown);
  g_test_add ("/cli-rf/visibility", Fixture, NULL, fixture_setup, test_visibility,
              fixture_teardown);
  g_test_add ("/cli-rf/prisoners", Fixture, NULL, fixture_setup, test_prisoners,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-rf/refused/", bad_cases[i].name, NULL);

      g_test_add (path, Fixture, &bad_cases[i], fixture_setup, test_bad, fixture_teardown);
    }
  return g_test_run ();
}
