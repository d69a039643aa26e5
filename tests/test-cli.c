/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: the real adjutant-cli binary — exit status, JSON on stdout, one-line errors. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "adj-file.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-ruleset.h"
#include "adj-test-cli.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"

/* A temporary folder for input files, removed with everything in it. */
typedef struct {
  char *dir;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->dir = adj_cli_dir_new ();
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  adj_cli_dir_free (f->dir);
}

static char *
write_file (Fixture    *f,
            const char *name,
            const char *text,
            gssize      length)
{
  char *path = g_build_filename (f->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, length, NULL));
  return path;
}

/* The demo battle of When Empires Clash! as "battle.json" in the fixture's folder, moved on
 * from set-up to the British army's activation, where its stands may act. */
static char *
copy_demo (Fixture *f)
{
  char *path = adj_cli_copy_demo_as (f->dir, "wec-zulu-war.json", "battle.json");

  for (int i = 0; i < 2; i++)
    {
      g_auto(AdjCliRun) r = { 0 };

      ADJ_CLI_RUN (&r, NULL, "next-phase", path);
      adj_cli_assert_ok (&r);
    }
  return path;
}

/* The whole number @name among the "values" of the outcome @json. */
static int
value_of (json_object *json,
          const char  *name)
{
  return json_object_get_int (adj_test_member (adj_test_member (json, "values"), name));
}

/* ---- information ---- */

static void
test_help (void)
{
  g_auto(AdjCliRun) r = { 0 };

  ADJ_CLI_RUN (&r, NULL, "--help");
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "Usage: adjutant-cli COMMAND [ARGUMENTS] [OPTIONS]\n"));
  g_assert_nonnull (strstr (r.out, "  resolve MECHANIC"));
  g_assert_nonnull (strstr (r.out,
                            "  roster FILE --pdf OUT.pdf [--paper a4|letter] [--side SIDE]"));
  g_assert_nonnull (strstr (r.out, "Exit status: 0 success"));
  g_assert_nonnull (strstr (r.out, "  solo BATTLE [--seed N] [--dice 5,2,...]"));
  g_assert_nonnull (strstr (r.out, "  state BATTLE "));
  adj_cli_run_clear (&r);
  /* -h anywhere, even after a command, is help. */
  ADJ_CLI_RUN (&r, NULL, "odds", "-h");
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "Usage: "));
}

static void
test_version (void)
{
  g_auto(AdjCliRun) r = { 0 };

  ADJ_CLI_RUN (&r, NULL, "--version");
  adj_cli_assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "adjutant-cli " PACKAGE_VERSION "\n");
}

static void
test_rulesets (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  g_auto(GStrv) ids = adj_ruleset_list_ids ();
  json_object *item = NULL;

  ADJ_CLI_RUN (&r, NULL, "rulesets");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_true (json_object_is_type (json, json_type_array));
  /* Every ruleset of the data folder, sorted by id. */
  g_assert_cmpuint (json_object_array_length (json), ==, g_strv_length (ids));
  g_assert_cmpuint (g_strv_length (ids), >=, 3);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      json_object *one = json_object_array_get_idx (json, i);

      g_assert_cmpstr (adj_test_member_string (one, "id"), ==, ids[i]);
      if (g_str_equal (ids[i], "wec"))
        item = one;
    }
  g_assert_nonnull (item);
  g_assert_cmpstr (adj_test_member_string (item, "name"), ==, "When Empires Clash!");
  g_assert_cmpstr (adj_test_member_string (item, "distance_unit"), ==, "squares");
  g_assert_cmpint (json_object_get_int (adj_test_member (item, "mechanics")), ==, 14);
}

static void
test_mechanics (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  gboolean found = FALSE;

  ADJ_CLI_RUN (&r, NULL, "mechanics", "wec");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpuint (json_object_array_length (json), ==, 14);
  for (gsize i = 0; i < json_object_array_length (json); i++)
    {
      json_object *item = json_object_array_get_idx (json, i);
      const char *id = adj_test_member_string (item, "id");

      g_assert_true (g_str_has_prefix (id, "wec/"));
      g_assert_cmpstr (adj_test_member_string (item, "title"), !=, "");
      if (g_str_equal (id, "wec/fire-combat"))
        {
          found = TRUE;
          g_assert_cmpstr (adj_test_member_string (item, "scope"), ==, "pair");
          g_assert_cmpstr (adj_test_member_string (item, "title"), ==, "Fire combat");
        }
    }
  g_assert_true (found);

  /* Without a ruleset: every built-in system's; --compact prints one line. */
  {
    g_auto(AdjCliRun) all = { 0 };
    g_autoptr(json_object) every = NULL;
    guint n_systems = 0, n = 0;
    const AdjSystem **systems = adj_systems (&n_systems);

    for (guint s = 0; s < n_systems; s++)
      n += systems[s]->n_mechanics;
    ADJ_CLI_RUN (&all, NULL, "mechanics", "--compact");
    adj_cli_assert_ok (&all);
    g_assert_true (strchr (all.out, '\n') == all.out + strlen (all.out) - 1);
    every = adj_cli_out_json (&all);
    g_assert_cmpuint (n, >=, 14 + 9);
    g_assert_cmpuint (json_object_array_length (every), ==, n);
  }
}

static void
test_describe (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *inputs, *outcomes, *draws;
  gboolean has_distance = FALSE;

  ADJ_CLI_RUN (&r, NULL, "describe", "wec/fire-combat");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "id"), ==, "wec/fire-combat");
  g_assert_cmpstr (adj_test_member_string (json, "ruleset"), ==, "wec");
  g_assert_cmpstr (adj_test_member_string (json, "scope"), ==, "pair");
  inputs = adj_test_member (json, "inputs");
  g_assert_cmpuint (json_object_array_length (inputs), ==, 18);
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (inputs, 0), "name"), ==,
                   "firer");
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (inputs, 0), "kind"), ==,
                   "unit");
  for (gsize i = 0; i < json_object_array_length (inputs); i++)
    {
      json_object *in = json_object_array_get_idx (inputs, i);
      if (g_str_equal (adj_test_member_string (in, "name"), "distance"))
        {
          has_distance = TRUE;
          g_assert_cmpstr (adj_test_member_string (in, "kind"), ==, "int");
          g_assert_cmpstr (adj_test_member_string (in, "unit"), ==, "squares");
          g_assert_cmpint (json_object_get_int (adj_test_member (in, "default")), ==, 2);
        }
    }
  g_assert_true (has_distance);
  outcomes = adj_test_member (json, "outcomes");
  g_assert_cmpuint (json_object_array_length (outcomes), ==, 3);
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 0), "id"), ==,
                   "ineffective");
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 1), "id"), ==,
                   "recoil");
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (outcomes, 2), "id"), ==,
                   "destroyed");
  draws = adj_test_member (adj_test_member (json, "random"), "draws");
  g_assert_cmpuint (json_object_array_length (draws), ==, 2);
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (draws, 0), "dice"), ==,
                   "2D6");
}

/* ---- odds and resolve ---- */

static void
check_fire_odds (json_object *json)
{
  static const struct {
    const char *outcome;
    const char *exact;
    double      p;
  } expect[] = {
    { "ineffective", "145/432", 145.0 / 432.0 },
    { "recoil", "47/108", 47.0 / 108.0 },
    { "destroyed", "11/48", 11.0 / 48.0 },
  };
  json_object *outcomes = adj_test_member (json, "outcomes");
  double sum = 0.0;
  gint64 ways = 0;

  g_assert_cmpstr (adj_test_member_string (json, "mechanic"), ==, "wec/fire-combat");
  g_assert_cmpuint (json_object_array_length (outcomes), ==, G_N_ELEMENTS (expect));
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      json_object *item = json_object_array_get_idx (outcomes, i);
      double p = json_object_get_double (adj_test_member (item, "probability"));

      g_assert_cmpstr (adj_test_member_string (item, "outcome"), ==, expect[i].outcome);
      g_assert_cmpstr (adj_test_member_string (item, "exact"), ==, expect[i].exact);
      g_assert_cmpfloat_with_epsilon (p, expect[i].p, 1e-12);
      sum += p;
      ways += json_object_get_int64 (adj_test_member (item, "ways"));
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
  g_assert_cmpint (ways, ==, json_object_get_int64 (adj_test_member (json, "total_ways")));
  g_assert_cmpint (ways, ==, 432);
  g_assert_cmpstr (adj_test_member_string (json, "sum_exact"), ==, "1/1");
  g_assert_cmpfloat (json_object_get_double (adj_test_member (json, "sum")), ==, 1.0);
  g_assert_cmpstr (adj_test_member_string (adj_test_member (json, "inputs"), "firer_type"), ==,
                   "regular-infantry");
  g_assert_cmpstr (adj_test_member_string (adj_test_member (json, "inputs"), "target_dice"), ==,
                   "d12");
}

static void
test_odds (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *input = write_file (f, "input.json", "{\"target_type\": \"native-infantry\", "
                                       "\"target_dice\": \"d12\"}\n", -1);
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  ADJ_CLI_RUN (&r, NULL, "odds", "wec/fire-combat", "--input", input);
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  check_fire_odds (json);
}

static void
test_odds_stdin (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  ADJ_CLI_RUN (&r, "{\"target_type\": \"native-infantry\", \"target_dice\": \"d12\"}",
               "odds", "wec/fire-combat", "-i", "-", "--compact");
  adj_cli_assert_ok (&r);
  /* --compact: one line. */
  g_assert_true (g_str_has_suffix (r.out, "}\n"));
  g_assert_true (strchr (r.out, '\n') == r.out + strlen (r.out) - 1);
  json = adj_cli_out_json (&r);
  check_fire_odds (json);
}

/* A command refused before it reads its input still says why when a script pipes it more than a
 * pipe holds: the refusal is the answer, and the unread input is dropped. */
static void
test_refused_unread_input (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(GString) input = g_string_new ("[");

  while (input->len < 1024 * 1024)
    g_string_append (input, "{\"target_type\": \"native-infantry\"}, ");
  g_string_append (input, "{}]");
  ADJ_CLI_RUN (&r, input->str, "odds", "rn/fire", "--input", "-", "--pack", "-");
  g_assert_cmpint (r.status, ==, 2);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "--input and --pack cannot both read standard input"));
}

static void
test_resolve_dice (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *rolls, *roll, *dice;

  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/fire-combat", "--dice", "6,6,1,1");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "outcome"), ==, "destroyed");
  g_assert_cmpstr (adj_test_member_string (json, "title"), ==, "Target destroyed");
  g_assert_cmpint (value_of (json, "firer_score"), ==, 15);
  g_assert_cmpint (value_of (json, "target_score"), ==, 5);
  rolls = adj_test_member (json, "rolls");
  g_assert_cmpuint (json_object_array_length (rolls), ==, 2);
  roll = json_object_array_get_idx (rolls, 0);
  g_assert_true (json_object_get_boolean (adj_test_member (roll, "entered")));
  dice = adj_test_member (roll, "dice");
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (dice, 0)), ==, 6);
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (dice, 1)), ==, 6);
  /* Dice from the table: no seed to report. */
  g_assert_false (json_object_object_get_ex (json, "seed", NULL));
}

static void
test_resolve_seed (void)
{
  g_auto(AdjCliRun) a = { 0 };
  g_auto(AdjCliRun) b = { 0 };
  g_auto(AdjCliRun) c = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *rolls;

  ADJ_CLI_RUN (&a, NULL, "resolve", "wec/fire-combat", "--seed", "1879");
  ADJ_CLI_RUN (&b, NULL, "resolve", "wec/fire-combat", "--seed", "1879");
  adj_cli_assert_ok (&a);
  adj_cli_assert_ok (&b);
  g_assert_cmpstr (a.out, ==, b.out);
  json = adj_cli_out_json (&a);
  g_assert_cmpint (json_object_get_int64 (adj_test_member (json, "seed")), ==, 1879);
  rolls = adj_test_member (json, "rolls");
  for (gsize i = 0; i < json_object_array_length (rolls); i++)
    g_assert_false (json_object_get_boolean (adj_test_member (json_object_array_get_idx (rolls, i),
                                                              "entered")));

  /* Another seed: another set of rolls (these two differ; checked once by hand). */
  ADJ_CLI_RUN (&c, NULL, "resolve", "wec/fire-combat", "--seed", "1880");
  adj_cli_assert_ok (&c);
  g_assert_cmpstr (c.out, !=, a.out);
}

/* ---- validate ---- */

static void
test_validate_demo (void)
{
  g_autofree char *path = adj_cli_demo_path ("wec-zulu-war.json");
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *sides;

  ADJ_CLI_RUN (&r, NULL, "validate", path);
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_true (json_object_get_boolean (adj_test_member (json, "valid")));
  g_assert_cmpstr (adj_test_member_string (json, "file"), ==, "wec-zulu-war.json");
  g_assert_cmpstr (adj_test_member_string (json, "format"), ==, "adjutant-battle");
  g_assert_cmpstr (adj_test_member_string (json, "ruleset"), ==, "wec");
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "units")), ==, 34);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "journal_entries")), ==, 0);
  sides = adj_test_member (json, "sides");
  g_assert_cmpuint (json_object_array_length (sides), ==, 2);
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (sides, 0)), ==,
                   "British army");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (sides, 1)), ==,
                   "Zulu army");
}

static void
test_validate_army (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = write_file (f, "column.json",
    "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"wec\",\n"
    " \"name\": \"Zulu army\", \"settings\": {\"dice\": \"d12\"},\n"
    " \"units\": [\n"
    "  {\"name\": \"Zulu Spearmen\", \"type\": \"native-infantry\", \"weapon\": \"hand-held\", "
    "\"count\": 15},\n"
    "  {\"name\": \"Zulu Riflemen\", \"type\": \"native-infantry\", \"weapon\": "
    "\"single-shot-rifle\", \"count\": 3},\n"
    "  {\"name\": \"Zulu Commander\", \"type\": \"command-average\"}\n"
    " ]}\n", -1);
  g_autofree char *illegal = write_file (f, "big.json",
    "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"wec\", \"name\": \"Horde\", "
    "\"units\": [{\"name\": \"Foot\", \"type\": \"native-infantry\", \"count\": 19}]}", -1);
  g_auto(AdjCliRun) r = { 0 };
  g_auto(AdjCliRun) s = { 0 };
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) json2 = NULL;
  json_object *army, *values;

  ADJ_CLI_RUN (&r, NULL, "validate", path);
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_true (json_object_get_boolean (adj_test_member (json, "valid")));
  g_assert_cmpstr (adj_test_member_string (json, "format"), ==, "adjutant-army");
  g_assert_cmpstr (adj_test_member_string (json, "name"), ==, "Zulu army");
  army = adj_test_member (json, "army");
  g_assert_true (json_object_get_boolean (adj_test_member (army, "legal")));
  values = adj_test_member (army, "values");
  g_assert_cmpstr (adj_test_member_string (values, "total"), ==, "36");
  g_assert_cmpint (json_object_get_int (adj_test_member (values, "units")), ==, 19);
  g_assert_cmpint (json_object_get_int (adj_test_member (values, "command_stands")), ==, 1);

  /* A well-formed list that breaks the limits is valid, and says it is not legal. */
  ADJ_CLI_RUN (&s, NULL, "validate", illegal);
  adj_cli_assert_ok (&s);
  json2 = adj_cli_out_json (&s);
  army = adj_test_member (json2, "army");
  g_assert_false (json_object_get_boolean (adj_test_member (army, "legal")));
  g_assert_cmpstr (adj_test_member_string (adj_test_member (army, "values"), "total"), ==, "38");
}

static void
test_validate_ruleset (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets",
                                            "wec.json", NULL);
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  ADJ_CLI_RUN (&r, NULL, "validate", path);
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "format"), ==, "adjutant-ruleset");
  g_assert_cmpstr (adj_test_member_string (json, "ruleset"), ==, "wec");
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "unit_types")), ==, 17);
}

/* ---- where a battle stands ---- */

/* The value of the fact @id in the "facts" of a "state" output. */
static const char *
state_fact (json_object *state,
            const char  *id)
{
  json_object *facts = adj_test_member (state, "facts");

  for (gsize i = 0; i < json_object_array_length (facts); i++)
    {
      json_object *fact = json_object_array_get_idx (facts, i);

      if (g_str_equal (adj_test_member_string (fact, "id"), id))
        return adj_test_member_string (fact, "value");
    }
  g_error ("no fact “%s” in %s", id, json_object_to_json_string (state));
  return NULL;
}

static void
test_state (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *battle = adj_cli_copy_demo_as (f->dir, "wec-zulu-war.json", "battle.json");
  g_autofree char *initiative = write_file (f, "initiative.json",
                                            "{\"side_a\": \"a\", \"side_b\": \"b\", "
                                            "\"choice\": \"pass\"}", -1);
  g_autofree char *activation = write_file (f, "activation.json", "{\"side\": \"b\"}", -1);
  g_autofree char *move = write_file (f, "move.json", "{\"unit\": \"u16\"}", -1);
  g_auto(AdjCliRun) r = { 0 };
  g_auto(AdjCliRun) s = { 0 };
  g_auto(AdjCliRun) u = { 0 };
  g_autoptr(json_object) before = NULL;
  g_autoptr(json_object) after = NULL;

  ADJ_CLI_RUN (&s, NULL, "state", battle);
  adj_cli_assert_ok (&s);
  before = adj_cli_out_json (&s);
  g_assert_cmpstr (adj_test_member_string (before, "ruleset"), ==, "wec");
  g_assert_cmpint (json_object_get_int (adj_test_member (before, "turn")), ==, 1);
  g_assert_cmpint (json_object_get_int (adj_test_member (before, "max_turns")), ==, 12);
  g_assert_cmpstr (adj_test_member_string (before, "phase"), ==, "setup");
  g_assert_cmpstr (adj_test_member_string (before, "phase_label"), ==, "Set-up");
  g_assert_cmpstr (state_fact (before, "initiative"), ==, "Not rolled yet");
  /* 36 points a side, the command stand aside: it withdraws once 18 are lost. */
  g_assert_cmpstr (state_fact (before, "losses:a"), ==, "0 of 36 — withdraws at 18");
  g_assert_cmpstr (state_fact (before, "standing"), ==, "Level at 38 points each");
  adj_cli_run_clear (&s);

  /* Set-up is done; the turn begins with the initiative. */
  ADJ_CLI_RUN (&r, NULL, "next-phase", battle, "--compact");
  adj_cli_assert_ok (&r);
  after = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (after, "phase"), ==, "initiative");
  g_assert_cmpstr (adj_test_member_string (after, "journal"), ==, "Turn 1 — Initiative");
  g_clear_pointer (&after, json_object_put);
  adj_cli_run_clear (&r);

  /* The British roll 6 + 5 against the Zulus' 1 and pass: the Zulus activate first. */
  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/initiative", "--battle", battle, "--input", initiative,
               "--dice", "6,5,1", "--apply");
  adj_cli_assert_ok (&r);
  adj_cli_run_clear (&r);
  ADJ_CLI_RUN (&r, NULL, "next-phase", battle);
  adj_cli_assert_ok (&r);
  after = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (after, "phase_label"), ==, "Zulu army activates");
  g_clear_pointer (&after, json_object_put);
  adj_cli_run_clear (&r);
  /* 3 on the D12 and 2 for the commander: five stands. */
  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/activation", "--battle", battle, "--input", activation,
               "--dice", "3", "--apply");
  adj_cli_assert_ok (&r);
  adj_cli_run_clear (&r);
  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/movement", "--battle", battle, "--input", move, "--apply");
  adj_cli_assert_ok (&r);

  ADJ_CLI_RUN (&s, NULL, "state", battle, "--compact");
  adj_cli_assert_ok (&s);
  /* --compact: one line. */
  g_assert_true (strchr (s.out, '\n') == s.out + strlen (s.out) - 1);
  after = adj_cli_out_json (&s);
  g_assert_cmpstr (state_fact (after, "initiative"), ==,
                   "British army won the roll and passed it");
  g_assert_cmpstr (state_fact (after, "first"), ==, "Zulu army");
  g_assert_cmpstr (state_fact (after, "activations-left:b"), ==, "4 of 5 left");
  g_assert_cmpstr (state_fact (after, "activations-left:a"), ==, "Not rolled yet");

  /* A battle file is all it takes. */
  ADJ_CLI_RUN (&u, NULL, "state");
  g_assert_cmpint (u.status, ==, 2);
  adj_cli_run_clear (&u);
  ADJ_CLI_RUN (&u, NULL, "state", battle, "--apply");
  g_assert_cmpint (u.status, ==, 2);

  /* Moving on takes a battle file and nothing else; the next turn starts at its initiative. */
  adj_cli_run_clear (&u);
  ADJ_CLI_RUN (&u, NULL, "next-phase");
  adj_cli_assert_fails (&u, 2, "“next-phase” takes one battle file");
  adj_cli_run_clear (&u);
  ADJ_CLI_RUN (&u, NULL, "next-turn", battle, "--dice", "3");
  adj_cli_assert_fails (&u, 2, "“next-turn” does not take --dice");
  adj_cli_run_clear (&u);
  ADJ_CLI_RUN (&u, NULL, "next-phase", "missing.json");
  adj_cli_assert_fails (&u, 1, "missing.json");
  adj_cli_run_clear (&u);
  ADJ_CLI_RUN (&u, NULL, "next-turn", battle);
  adj_cli_assert_ok (&u);
  g_clear_pointer (&after, json_object_put);
  after = adj_cli_out_json (&u);
  g_assert_cmpint (json_object_get_int (adj_test_member (after, "turn")), ==, 2);
  g_assert_cmpstr (adj_test_member_string (after, "phase"), ==, "initiative");
  g_assert_cmpstr (state_fact (after, "initiative"), ==, "Not rolled yet");
}

/* ---- the Risk Factor solo step ---- */

static char *
copy_rf_demo (Fixture *f)
{
  return adj_cli_copy_demo_as (f->dir, "rf-patrol-at-the-kraal.json", "skirmish.json");
}

static void
test_solo (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *battle = copy_rf_demo (f);
  g_autofree char *situation = write_file (f, "situation.json",
                                           "{\"u6\": {\"no_enemy\": true}}", -1);
  g_auto(AdjCliRun) a = { 0 };
  g_auto(AdjCliRun) b = { 0 };
  g_auto(AdjCliRun) c = { 0 };
  g_auto(AdjCliRun) d = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *orders, *order;

  /* A fixed seed gives the same orders, twice. */
  ADJ_CLI_RUN (&a, NULL, "solo", battle, "--seed", "7", "--compact");
  adj_cli_assert_ok (&a);
  ADJ_CLI_RUN (&b, NULL, "solo", battle, "--seed", "7", "--compact");
  adj_cli_assert_ok (&b);
  g_assert_cmpstr (a.out, ==, b.out);
  json = adj_cli_out_json (&a);
  g_assert_false (json_object_get_boolean (adj_test_member (json, "applied")));
  orders = adj_test_member (json, "orders");
  /* The hidden groups take no orders: only the one in sight. */
  g_assert_cmpuint (json_object_array_length (orders), ==, 1);
  order = json_object_array_get_idx (orders, 0);
  g_assert_cmpstr (adj_test_member_string (order, "unit"), ==, "u6");
  g_assert_true (g_str_has_prefix (adj_test_member_string (order, "text"),
                                   "Young warriors 2 — RF 0 — rolled "));
  g_assert_cmpuint (json_object_array_length (adj_test_member (adj_test_member (order, "odds"),
                                                               "outcomes")), ==, 7);
  g_assert_cmpuint (json_object_array_length (adj_test_member (order, "parts")), ==, 9);
  adj_cli_run_clear (&a);
  adj_cli_run_clear (&b);

  /* Without a seed, the battle's own generator: the same file, the same orders. */
  ADJ_CLI_RUN (&a, NULL, "solo", battle);
  adj_cli_assert_ok (&a);
  ADJ_CLI_RUN (&b, NULL, "solo", battle);
  adj_cli_assert_ok (&b);
  g_assert_cmpstr (a.out, ==, b.out);

  /* Dice from the table, situations from a file. */
  ADJ_CLI_RUN (&c, NULL, "solo", battle, "--dice", "1", "--input", situation, "--compact");
  adj_cli_assert_ok (&c);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&c);
  order = json_object_array_get_idx (adj_test_member (json, "orders"), 0);
  g_assert_cmpint (json_object_get_int (adj_test_member (order, "rf")), ==, -4);
  g_assert_cmpint (json_object_get_int (adj_test_member (order, "die")), ==, 1);
  g_assert_cmpstr (adj_test_member_string (order, "action"), ==, "carry-on");
  adj_cli_run_clear (&c);

  /* One die per group: more or fewer is refused. */
  ADJ_CLI_RUN (&c, NULL, "solo", battle, "--dice", "1,2");
  g_assert_cmpint (c.status, ==, 1);
  g_assert_cmpstr (c.out, ==, "");
  g_assert_nonnull (strstr (c.err, "need one D6 each, in their order: 1, but 2 were entered"));
  adj_cli_run_clear (&c);

  /* --apply journals the order and saves the battle. */
  ADJ_CLI_RUN (&d, NULL, "solo", battle, "--dice", "6", "--apply", "--compact");
  adj_cli_assert_ok (&d);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&d);
  g_assert_true (json_object_get_boolean (adj_test_member (json, "applied")));
  order = json_object_array_get_idx (adj_test_member (json, "orders"), 0);
  g_assert_cmpstr (adj_test_member_string (order, "action"), ==, "close-in");
  ADJ_CLI_RUN (&c, NULL, "validate", battle, "--compact");
  adj_cli_assert_ok (&c);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&c);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "journal_entries")), ==, 2);
  adj_cli_run_clear (&c);
  adj_cli_run_clear (&d);

  /* The enemy reacts once a turn: again is refused, unless the referee allows it. */
  ADJ_CLI_RUN (&d, NULL, "solo", battle, "--dice", "6", "--apply");
  g_assert_cmpint (d.status, ==, 1);
  g_assert_nonnull (strstr (d.err, "Native war party has already reacted this turn: the enemy "
                                   "reacts once a turn"));
  adj_cli_run_clear (&d);
  ADJ_CLI_RUN (&d, NULL, "solo", battle, "--dice", "6", "--allow");
  g_assert_cmpint (d.status, ==, 2);
  adj_cli_run_clear (&d);
  ADJ_CLI_RUN (&d, NULL, "solo", battle, "--dice", "6", "--apply", "--allow");
  adj_cli_assert_ok (&d);
  ADJ_CLI_RUN (&c, NULL, "validate", battle, "--compact");
  adj_cli_assert_ok (&c);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&c);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "journal_entries")), ==, 3);
}

/* Neither the hidden groups of a hidden deployment nor its markers are on the roster of the
 * demo skirmish: the markers are no troops, and which of them are real is the secret. */
static void
test_solo_roster_hidden (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *battle = copy_rf_demo (f);
  g_autofree char *pdf = g_build_filename (f->dir, "skirmish.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_auto(AdjCliRun) r = { 0 };
  static const char *const hidden[] = { "Young warriors 1", "Married regiment", "Musketeers" };

  ADJ_CLI_RUN (&r, NULL, "roster", battle, "--pdf", pdf);
  adj_cli_assert_ok (&r);
  /* Nor in the saved file, where the groups are, but not where they stand. */
  g_assert_true (g_file_get_contents (battle, &saved, NULL, NULL));
  g_assert_null (strstr (saved, "dummy"));
  g_assert_null (strstr (saved, "\"markers\""));
  text = adj_test_pdf_text (pdf);
  for (guint i = 0; i < G_N_ELEMENTS (hidden); i++)
    g_assert_false (adj_test_text_has (text, hidden[i]));
  g_assert_true (adj_test_text_has (text, "Young warriors 2"));
  g_assert_false (adj_test_text_has (text, "Kraal wall"));
  g_assert_false (adj_test_text_has (text, "Hidden marker"));
}

/* ---- mistakes: exit status and the one line on stderr ---- */

typedef enum {
  FILE_NONE,
  FILE_NOT_JSON,
  FILE_UNKNOWN_KEY,
  FILE_TRUNCATED,
  FILE_OTHER_JSON,
  FILE_NEWER_BATTLE,
  FILE_DIRECTORY,
  FILE_MISSING,
  FILE_INPUT,
} FileKind;

typedef struct {
  const char *name;
  const char *args[8];     /* "@" is replaced by the case's file */
  FileKind    file;
  int         status;
  const char *stderr_has[3];
} UsageCase;

static const UsageCase usage_cases[] = {
  { "no-command", { NULL }, FILE_NONE, 2, { "adjutant-cli: No command given\n" } },
  { "unknown-command", { "roll", NULL }, FILE_NONE, 2,
    { "adjutant-cli: Unknown command “roll”\n", "Try “adjutant-cli --help”" } },
  { "unknown-option", { "rulesets", "--verbose", NULL }, FILE_NONE, 2,
    { "adjutant-cli: Unknown option “--verbose”\n" } },
  { "missing-value", { "odds", "wec/fire-combat", "--input", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --input needs a value\n" } },
  { "option-twice", { "odds", "wec/fire-combat", "-i", "a", "--input", "b", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --input is given twice\n" } },
  { "odds-without-mechanic", { "odds", NULL }, FILE_NONE, 2,
    { "“odds” takes one mechanic id, such as wec/fire-combat" } },
  { "odds-with-dice", { "odds", "wec/fire-combat", "--dice", "6,6", NULL }, FILE_NONE, 2,
    { "--dice, --cards, --seed and --apply belong to “resolve”" } },
  { "apply-without-battle", { "resolve", "wec/fire-combat", "--apply", NULL }, FILE_NONE, 2,
    { "--apply needs --battle FILE" } },
  { "seed-and-dice", { "resolve", "wec/fire-combat", "--seed", "1", "--dice", "1,1,1,1", NULL },
    FILE_NONE, 2, { "Give either --dice (rolled at the table) or --seed, not both" } },
  { "bad-seed", { "resolve", "wec/fire-combat", "--seed", "-4", NULL }, FILE_NONE, 2,
    { "--seed takes a whole number from 0 to 18446744073709551615, not “-4”" } },
  { "dice-empty-item", { "resolve", "wec/fire-combat", "--dice", "6,,1,1", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --dice: A comma stands with nothing on one side of it: enter numbers such "
      "as 6,3,5\n" } },
  { "seed-too-big", { "resolve", "wec/fire-combat", "--seed", "18446744073709551616", NULL },
    FILE_NONE, 2,
    { "--seed takes a whole number from 0 to 18446744073709551615, not “18446744073709551616”" } },
  { "dice-letter", { "resolve", "wec/fire-combat", "--dice", "6,x,1,1", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --dice: “x” is not a die roll: enter numbers such as 6,3,5\n" } },
  { "dice-zero", { "resolve", "wec/fire-combat", "--dice", "6,0,1,1", NULL }, FILE_NONE, 2,
    { "“0” is not a die roll" } },
  { "cards-bad", { "resolve", "wec/fire-combat", "--cards", "ZZ", NULL }, FILE_NONE, 2,
    { "--cards: “ZZ” is not a card" } },
  { "too-many-dice", { "resolve", "wec/fire-combat", "--dice", "6,6,1,1,3", NULL }, FILE_NONE, 1,
    { "adjutant-cli: Too many dice: 5 were entered but only 4 used\n" } },
  { "too-few-dice", { "resolve", "wec/fire-combat", "--dice", "6,6,1", NULL }, FILE_NONE, 1,
    { "adjutant-cli: Not enough dice: Target rolls 2D6, but only 1 die is left of those "
      "entered\n" } },
  { "die-too-big", { "resolve", "wec/fire-combat", "--dice", "7,6,1,1", NULL }, FILE_NONE, 1,
    { "adjutant-cli: Die 1 was entered as 7, but Firer rolls D6 (1 to 6)\n" } },
  { "unknown-mechanic", { "describe", "wec/teleport", NULL }, FILE_NONE, 1,
    { "adjutant-cli: There is no mechanic “wec/teleport”; “adjutant-cli mechanics” lists "
      "them\n" } },
  { "unknown-mechanic-odds", { "odds", "dba/reaction", NULL }, FILE_NONE, 1,
    { "There is no mechanic “dba/reaction”" } },
  { "unknown-ruleset", { "mechanics", "dba", NULL }, FILE_NONE, 1,
    { "adjutant-cli: There is no ruleset “dba” (known: @KNOWN@)\n" } },
  { "input-not-json", { "odds", "wec/fire-combat", "--input", "@", NULL }, FILE_NOT_JSON, 1,
    { "input.json: not valid JSON at line 1, column 1: unexpected character\n" } },
  { "input-unknown-key", { "odds", "wec/fire-combat", "--input", "@", NULL }, FILE_UNKNOWN_KEY, 1,
    { "input.json: $.morale: wec/fire-combat has no input “morale”" } },
  { "input-missing", { "odds", "wec/fire-combat", "--input", "@", NULL }, FILE_MISSING, 1,
    { "missing.json: cannot read the file" } },
  { "validate-truncated", { "validate", "@", NULL }, FILE_TRUNCATED, 1,
    { "cut.json: the JSON text ends too early", "the file looks truncated\n" } },
  { "validate-directory", { "validate", "@", NULL }, FILE_DIRECTORY, 1,
    { ": this is a folder, not a file\n" } },
  { "validate-other-json", { "validate", "@", NULL }, FILE_OTHER_JSON, 1,
    { "adjutant-cli: package.json: $.format: expected “adjutant-battle”, “adjutant-army”, "
      "“adjutant-ruleset” or “adjutant-tables”: this is not an Adjutant file\n" } },
  { "validate-newer", { "validate", "@", NULL }, FILE_NEWER_BATTLE, 1,
    { "adjutant-cli: future.json: $.version: the battle was saved by a newer Adjutant (file "
      "version 99; this version reads up to 2): update Adjutant to open it\n" } },
  { "validate-missing", { "validate", "@", NULL }, FILE_MISSING, 1,
    { "missing.json: cannot read the file" } },
  { "validate-two-files", { "validate", "a.json", "b.json", NULL }, FILE_NONE, 2,
    { "“validate” takes one file" } },
  { "roster-no-pdf", { "roster", "battle.json", NULL }, FILE_NONE, 2,
    { "adjutant-cli: “roster” needs --pdf FILE: where to write the roster\n" } },
  { "roster-no-file", { "roster", "--pdf", "out.pdf", NULL }, FILE_NONE, 2,
    { "“roster” takes one file: a battle or an army list" } },
  { "roster-bad-paper", { "roster", "battle.json", "--pdf", "out.pdf", "--paper", "a5", NULL },
    FILE_NONE, 2, { "adjutant-cli: --paper takes “a4” or “letter”, not “a5”\n" } },
  { "roster-unknown-side", { "roster", "@", "--pdf", "out.pdf", "--side", "Boers", NULL },
    FILE_INPUT, 1,
    { "adjutant-cli: The battle has no side “Boers” (its sides: a (“British army”), b (“Zulu "
      "army”))\n" } },
  { "roster-unwritable", { "roster", "@", "--pdf", "/nonexistent/folder/out.pdf", NULL },
    FILE_INPUT, 1, { "adjutant-cli: /nonexistent/folder/out.pdf: cannot create a file in this "
                     "folder" } },
  { "roster-truncated", { "roster", "@", "--pdf", "out.pdf", NULL }, FILE_TRUNCATED, 1,
    { "cut.json: the JSON text ends too early" } },
  { "roster-other-json", { "roster", "@", "--pdf", "out.pdf", NULL }, FILE_OTHER_JSON, 1,
    { "adjutant-cli: package.json: $.format: expected “adjutant-battle” or “adjutant-army”: a "
      "roster is printed from a battle or an army list\n" } },
  { "roster-newer", { "roster", "@", "--pdf", "out.pdf", NULL }, FILE_NEWER_BATTLE, 1,
    { "future.json: $.version: the battle was saved by a newer Adjutant" } },
  { "roster-missing", { "roster", "@", "--pdf", "out.pdf", NULL }, FILE_MISSING, 1,
    { "missing.json: cannot read the file" } },
  { "battle-input-no-unit", { "odds", "wec/fire-combat", "--battle", "@", "--input", "input.json",
    NULL }, FILE_INPUT, 1, { "target: the battle has no unit “u99”" } },
  { "solo-no-file", { "solo", NULL }, FILE_NONE, 2, { "“solo” takes one battle file" } },
  { "solo-two-files", { "solo", "a.json", "b.json", NULL }, FILE_NONE, 2,
    { "“solo” takes one battle file" } },
  { "solo-seed-and-dice", { "solo", "battle.json", "--seed", "1", "--dice", "3", NULL },
    FILE_NONE, 2, { "Give either --dice (rolled at the table) or --seed, not both" } },
  { "solo-bad-seed", { "solo", "battle.json", "--seed", "-3", NULL }, FILE_NONE, 2,
    { "--seed takes a whole number" } },
  { "solo-bad-dice", { "solo", "battle.json", "--dice", "4,x", NULL }, FILE_NONE, 2,
    { "--dice: " } },
  { "solo-cards", { "solo", "battle.json", "--cards", "AS", NULL }, FILE_NONE, 2,
    { "“solo” rolls dice only" } },
  { "solo-missing", { "solo", "@", NULL }, FILE_MISSING, 1,
    { "missing.json: cannot read the file" } },
  { "solo-not-json", { "solo", "@", NULL }, FILE_TRUNCATED, 1,
    { "cut.json: the JSON text ends too early" } },
  { "solo-other-system", { "solo", "@", NULL }, FILE_INPUT, 1,
    { "the solo enemy and hidden markers belong to the Risk Factor skirmish rules" } },
  /* The same mistakes with --option=value, and what only that form can get wrong. */
  { "joined-unknown-option", { "rulesets", "--verbose=3", NULL }, FILE_NONE, 2,
    { "adjutant-cli: Unknown option “--verbose”\n" } },
  { "unknown-short-option", { "rulesets", "-x", NULL }, FILE_NONE, 2,
    { "adjutant-cli: Unknown option “-x”\n" } },
  { "missing-value-dice", { "resolve", "wec/fire-combat", "--dice", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --dice needs a value\n" } },
  { "missing-value-short", { "odds", "wec/fire-combat", "-i", NULL }, FILE_NONE, 2,
    { "adjutant-cli: -i needs a value\n" } },
  { "missing-value-army", { "new", "wec", "--army", "zulu-1879-british", "--army", NULL },
    FILE_NONE, 2, { "adjutant-cli: --army needs a value\n" } },
  { "joined-option-twice", { "odds", "wec/fire-combat", "--input=a", "--input=b", NULL },
    FILE_NONE, 2, { "adjutant-cli: --input is given twice\n" } },
  { "joined-bad-seed", { "resolve", "wec/fire-combat", "--seed=abc", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --seed takes a whole number from 0 to 18446744073709551615, not “abc”\n" } },
  { "joined-empty-seed", { "resolve", "wec/fire-combat", "--seed=", NULL }, FILE_NONE, 2,
    { "--seed takes a whole number from 0 to 18446744073709551615, not “”" } },
  { "joined-dice-letter", { "resolve", "wec/fire-combat", "--dice=6,x,1,1", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --dice: “x” is not a die roll: enter numbers such as 6,3,5\n" } },
  { "joined-seed-and-dice", { "resolve", "wec/fire-combat", "--seed=1", "--dice=1,1,1,1", NULL },
    FILE_NONE, 2, { "Give either --dice (rolled at the table) or --seed, not both" } },
  { "joined-bad-paper", { "roster", "battle.json", "--pdf=out.pdf", "--paper=a5", NULL },
    FILE_NONE, 2, { "adjutant-cli: --paper takes “a4” or “letter”, not “a5”\n" } },
  { "switch-with-value", { "resolve", "wec/fire-combat", "--apply=no", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --apply takes no value\n" } },
  { "compact-with-value", { "rulesets", "--compact=yes", NULL }, FILE_NONE, 2,
    { "adjutant-cli: --compact takes no value\n" } },
  { "joined-input-missing", { "odds", "wec/fire-combat", "--input=@", NULL }, FILE_MISSING, 1,
    { "missing.json: cannot read the file" } },
  { "joined-tables-missing", { "--tables=@", "rulesets", NULL }, FILE_MISSING, 1,
    { "missing.json: cannot read the file" } },
  /* After “--” every word is an argument, even one that looks like an option. */
  { "after-double-dash", { "validate", "--", "--verbose", NULL }, FILE_NONE, 1,
    { "adjutant-cli: --verbose: cannot read the file" } },
};

static char *
make_case_file (Fixture  *f,
                FileKind  kind)
{
  g_autofree char *demo = NULL;
  g_autoptr(json_object) json = NULL;
  g_autofree char *text = NULL;

  switch (kind)
    {
    case FILE_NOT_JSON:
      return write_file (f, "input.json", "<inputs firer=\"u1\"/>\n", -1);
    case FILE_UNKNOWN_KEY:
      return write_file (f, "input.json", "{\"distance\": 3, \"morale\": 2}", -1);
    case FILE_TRUNCATED:
      return write_file (f, "cut.json", "{\"format\": \"adjutant-battle\", \"units\": [", -1);
    case FILE_OTHER_JSON:
      return write_file (f, "package.json", "{\"name\": \"left-pad\", \"version\": \"1.3.0\"}",
                         -1);
    case FILE_NEWER_BATTLE:
      demo = adj_cli_demo_path ("wec-zulu-war.json");
      json = adj_json_parse_file (demo, NULL);
      g_assert_nonnull (json);
      json_object_object_add (json, "version", json_object_new_int (99));
      text = adj_json_to_string (json, TRUE);
      return write_file (f, "future.json", text, -1);
    case FILE_DIRECTORY:
      {
        char *path = g_build_filename (f->dir, "saves", NULL);
        g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
        return path;
      }
    case FILE_MISSING:
      return g_build_filename (f->dir, "missing.json", NULL);
    case FILE_INPUT:
      g_free (write_file (f, "input.json", "{\"firer\": \"u1\", \"target\": \"u99\"}", -1));
      return copy_demo (f);
    case FILE_NONE:
    default:
      return NULL;
    }
}

static void
test_usage (Fixture       *f,
            gconstpointer  data)
{
  const UsageCase *c = data;
  g_autofree char *file = make_case_file (f, c->file);
  g_autofree char *input = g_build_filename (f->dir, "input.json", NULL);
  const char *args[G_N_ELEMENTS (c->args)] = { NULL };
  g_autoptr(GPtrArray) joined = g_ptr_array_new_with_free_func (g_free);
  g_auto(AdjCliRun) r = { 0 };

  for (guint i = 0; c->args[i] != NULL; i++)
    {
      if (g_str_equal (c->args[i], "@"))
        args[i] = file;
      else if (g_str_has_suffix (c->args[i], "=@"))
        {
          char *arg = g_strdup_printf ("%.*s%s", (int) strlen (c->args[i]) - 1, c->args[i], file);

          g_ptr_array_add (joined, arg);
          args[i] = arg;
        }
      else if (g_str_equal (c->args[i], "input.json"))
        args[i] = input;
      else
        args[i] = c->args[i];
    }
  adj_cli_run (&r, NULL, args);
  g_assert_cmpint (r.status, ==, c->status);
  g_assert_cmpstr (r.out, ==, "");
  for (guint i = 0; i < G_N_ELEMENTS (c->stderr_has) && c->stderr_has[i] != NULL; i++)
    {
      g_autofree char *want = adj_test_with_known (c->stderr_has[i]);

      if (strstr (r.err, want) == NULL)
        g_error ("stderr “%s” does not contain “%s”", r.err, want);
    }
  g_assert_true (g_str_has_prefix (r.err, "adjutant-cli: "));
  /* One line for a failure; a usage mistake adds the hint to --help. */
  {
    g_auto(GStrv) lines = g_strsplit (r.err, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, c->status == 2 ? 3 : 2);
  }
}

/* ---- roster ---- */

static void
assert_pdf (const char *path)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (text, "%PDF-"));
}

/* No output overwrites a file the command reads, however the path is spelled: the file is left
 * as it was, and the message names it. */
static void
test_outputs_spare_inputs (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *battle = copy_demo (f);
  g_autofree char *dotted = g_build_filename (f->dir, ".", "battle.json", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.json", NULL);
  g_autofree char *input = write_file (f, "in.json", "{\"distance\": 3}", -1);
  g_autofree char *before = NULL;
  g_autofree char *input_before = NULL;
  const char *const *cases[] = {
    (const char *[]) { "roster", battle, "--pdf", battle, NULL },
    (const char *[]) { "roster", battle, "--pdf", dotted, NULL },
    (const char *[]) { "roster", link, "--pdf", battle, NULL },
    (const char *[]) { "new", "wec", "--army", battle, "--army", battle, "--output", dotted,
                       NULL },
    (const char *[]) { "resolve", "wec/fire-combat", "--battle", battle, "--input", input,
                       "--output", input, NULL },
  };

  g_assert_cmpint (symlink (battle, link), ==, 0);
  g_assert_true (g_file_get_contents (battle, &before, NULL, NULL));
  g_assert_true (g_file_get_contents (input, &input_before, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(AdjCliRun) r = { 0 };
      g_autofree char *after = NULL;
      g_autofree char *input_after = NULL;

      adj_cli_run (&r, NULL, (const char **) cases[i]);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, "would be overwritten, but the command reads it"));
      g_assert_cmpstr (r.out, ==, "");
      g_assert_true (g_file_get_contents (battle, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
      g_assert_true (g_file_get_contents (input, &input_after, NULL, NULL));
      g_assert_cmpstr (input_after, ==, input_before);
    }
  g_assert_cmpint (g_unlink (link), ==, 0);
}

/* Output that cannot be written (here a full disk) fails the command, with the reason. */
static void
test_output_write_fails (void)
{
  g_autofree char *script = g_strdup_printf ("exec \"%s\" rulesets > /dev/full", adj_cli_path ());
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full here");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 1);
  g_assert_nonnull (strstr (err, "adjutant-cli: cannot write the output: "));
}

static void
test_roster (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *battle = copy_demo (f);
  g_autofree char *army = write_file (f, "zulu.json",
    "{\"format\": \"adjutant-army\", \"version\": 1, \"ruleset\": \"wec\",\n"
    " \"name\": \"Zulu army\", \"settings\": {\"dice\": \"d12\"},\n"
    " \"units\": [\n"
    "  {\"name\": \"Zulu Spearmen\", \"type\": \"native-infantry\", \"count\": 15},\n"
    "  {\"name\": \"Zulu Riflemen\", \"type\": \"native-infantry\", \"weapon\": "
    "\"single-shot-rifle\", \"count\": 3},\n"
    "  {\"name\": \"Zulu Commander\", \"type\": \"command-average\"}\n"
    " ]}\n", -1);
  g_autofree char *all = g_build_filename (f->dir, "all.pdf", NULL);
  g_autofree char *zulu = g_build_filename (f->dir, "zulu.pdf", NULL);
  g_autofree char *list = g_build_filename (f->dir, "list.pdf", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(AdjCliRun) r = { 0 };
  g_auto(AdjCliRun) s = { 0 };
  g_auto(AdjCliRun) t = { 0 };
  g_auto(AdjCliRun) u = { 0 };
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) json2 = NULL;
  g_autoptr(json_object) json3 = NULL;

  ADJ_CLI_RUN (&r, NULL, "roster", battle, "--pdf", all);
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "file"), ==, all);
  g_assert_cmpstr (adj_test_member_string (json, "title"), ==,
                   "Zulu War: British column against a Zulu impi");
  g_assert_cmpstr (adj_test_member_string (json, "paper"), ==, "a4");
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "pages")), >=, 3);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "sides")), ==, 2);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "units")), ==, 34);
  assert_pdf (all);

  /* One side by name, on US Letter. */
  ADJ_CLI_RUN (&s, NULL, "roster", battle, "--pdf", zulu, "--paper", "letter", "--side",
               "Zulu army", "--compact");
  adj_cli_assert_ok (&s);
  g_assert_true (g_str_has_suffix (s.out, "}\n"));
  g_assert_true (strchr (s.out, '\n') == s.out + strlen (s.out) - 1);
  json2 = adj_cli_out_json (&s);
  g_assert_cmpstr (adj_test_member_string (json2, "paper"), ==, "letter");
  g_assert_cmpint (json_object_get_int (adj_test_member (json2, "sides")), ==, 1);
  g_assert_cmpint (json_object_get_int (adj_test_member (json2, "units")), ==, 19);
  assert_pdf (zulu);

  /* An army list: the format is sniffed from the file. */
  ADJ_CLI_RUN (&t, NULL, "roster", army, "--pdf", list, "--side", "zulu army");
  adj_cli_assert_ok (&t);
  json3 = adj_cli_out_json (&t);
  g_assert_cmpstr (adj_test_member_string (json3, "title"), ==, "Zulu army");
  g_assert_cmpint (json_object_get_int (adj_test_member (json3, "units")), ==, 19);
  assert_pdf (list);

  /* A failure leaves the PDF that was there alone. */
  g_assert_true (g_file_get_contents (all, &before, NULL, NULL));
  ADJ_CLI_RUN (&u, NULL, "roster", battle, "--pdf", all, "--side", "c");
  g_assert_cmpint (u.status, ==, 1);
  g_assert_cmpstr (u.out, ==, "");
  g_assert_nonnull (strstr (u.err, "The battle has no side “c”"));
  g_assert_true (g_file_get_contents (all, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  adj_cli_run_clear (&u);
  ADJ_CLI_RUN (&u, NULL, "roster", army, "--pdf", list, "--side", "British army");
  g_assert_cmpint (u.status, ==, 1);
  g_assert_cmpstr (u.err, ==, "adjutant-cli: zulu.json is the army list “Zulu army”: it has no "
                              "side “British army”\n");
}

/* ---- --apply ---- */

typedef struct {
  const char *dice;
  const char *outcome;
  gboolean    destroyed;
} ApplyCase;

static const ApplyCase apply_cases[] = {
  { "6,6,1", "destroyed", TRUE },
  { "2,2,3", "recoil", FALSE },
  { "1,1,12", "ineffective", FALSE },
};

static json_object *
unit_in (json_object *battle,
         const char  *id)
{
  json_object *units = adj_test_member (battle, "units");

  for (gsize i = 0; i < json_object_array_length (units); i++)
    {
      json_object *u = json_object_array_get_idx (units, i);
      if (g_str_equal (adj_test_member_string (u, "id"), id))
        return u;
    }
  g_assert_not_reached ();
}

static void
test_apply (Fixture       *f,
            gconstpointer  data)
{
  const ApplyCase *c = data;
  g_autofree char *battle = copy_demo (f);
  g_autofree char *input = write_file (f, "input.json", "{\"firer\": \"u1\", \"target\": \"u16\"}",
                                       -1);
  g_auto(AdjCliRun) r = { 0 };
  g_auto(AdjCliRun) v = { 0 };
  g_autoptr(json_object) out = NULL;
  g_autoptr(json_object) saved = NULL;
  g_autoptr(json_object) checked = NULL;
  g_autoptr(GError) error = NULL;
  json_object *journal, *entry;

  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/fire-combat", "--battle", battle, "--input", input,
               "--dice", c->dice, "--apply");
  adj_cli_assert_ok (&r);
  out = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (out, "outcome"), ==, c->outcome);
  g_assert_true (json_object_get_boolean (adj_test_member (out, "applied")));
  /* The units' own state filled in the inputs. */
  g_assert_cmpstr (adj_test_member_string (adj_test_member (out, "inputs"), "target_type"), ==,
                   "native-infantry");
  g_assert_cmpstr (adj_test_member_string (adj_test_member (out, "inputs"), "target_dice"), ==,
                   "d12");

  saved = adj_json_parse_file (battle, &error);
  g_assert_no_error (error);
  journal = adj_test_member (saved, "journal");
  /* After the two entries that brought the battle to the British activation. */
  g_assert_cmpint (json_object_get_int (adj_test_member (journal, "position")), ==, 3);
  g_assert_cmpuint (json_object_array_length (adj_test_member (journal, "entries")), ==, 3);
  entry = json_object_array_get_idx (adj_test_member (journal, "entries"), 2);
  g_assert_cmpstr (adj_test_member_string (entry, "kind"), ==, "mechanic");
  g_assert_cmpstr (adj_test_member_string (entry, "mechanic"), ==, "wec/fire-combat");
  g_assert_cmpstr (adj_test_member_string (adj_test_member (entry, "outcome"), "outcome"), ==,
                   c->outcome);
  g_assert_cmpint (json_object_get_boolean (adj_test_member (unit_in (saved, "u16"), "destroyed")),
                   ==, c->destroyed);
  g_assert_true (json_object_get_boolean (adj_test_member (adj_test_member (unit_in (saved, "u1"),
                                                                           "status"),
                                                           "fought")));
  g_assert_false (json_object_get_boolean (adj_test_member (unit_in (saved, "u17"), "destroyed")));

  /* The updated file is a valid battle. */
  ADJ_CLI_RUN (&v, NULL, "validate", battle);
  adj_cli_assert_ok (&v);
  checked = adj_cli_out_json (&v);
  g_assert_cmpint (json_object_get_int (adj_test_member (checked, "journal_entries")), ==, 3);
}

typedef struct {
  const char *name;
  const char *input;
  const char *dice;
  int         status;
} ApplyFailCase;

static const ApplyFailCase apply_fail_cases[] = {
  { "unknown-unit", "{\"firer\": \"u1\", \"target\": \"u99\"}", "6,6,1", 1 },
  { "too-many-dice", "{\"firer\": \"u1\", \"target\": \"u16\"}", "6,6,1,1", 1 },
  { "too-few-dice", "{\"firer\": \"u1\", \"target\": \"u16\"}", "6,6", 1 },
  { "bad-input", "{\"firer\": \"u1\", \"target\": \"u16\", \"distance\": 99}", "6,6,1", 1 },
  { "dice-letter", "{\"firer\": \"u1\", \"target\": \"u16\"}", "6,six,1", 2 },
};

static void
test_apply_fails (Fixture       *f,
                  gconstpointer  data)
{
  const ApplyFailCase *c = data;
  g_autofree char *battle = copy_demo (f);
  g_autofree char *input = write_file (f, "input.json", c->input, -1);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_length, after_length;
  g_auto(AdjCliRun) r = { 0 };

  g_assert_true (g_file_get_contents (battle, &before, &before_length, NULL));
  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/fire-combat", "--battle", battle, "--input", input,
               "--dice", c->dice, "--apply");
  g_assert_cmpint (r.status, ==, c->status);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_true (g_str_has_prefix (r.err, "adjutant-cli: "));
  g_assert_true (g_file_get_contents (battle, &after, &after_length, NULL));
  g_assert_cmpmem (after, after_length, before, before_length);
}

/* A --apply of fire combat on @battle is refused with @reason, and the file is left as it was. */
static void
assert_apply_refused (const char *battle,
                      const char *input,
                      const char *reason)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(AdjCliRun) r = { 0 };

  g_assert_true (g_file_get_contents (battle, &before, NULL, NULL));
  ADJ_CLI_RUN (&r, NULL, "resolve", "wec/fire-combat", "--battle", battle, "--input", input,
               "--dice", "6,6,1", "--apply");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, reason));
  g_assert_true (g_file_get_contents (battle, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
}

/* --apply on a battle file no one may write: refused with the reason, the file as it was. */
static void
test_apply_read_only (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *battle = copy_demo (f);
  g_autofree char *input = write_file (f, "input.json",
                                       "{\"firer\": \"u1\", \"target\": \"u16\"}", -1);

  g_assert_cmpint (g_chmod (battle, 0444), ==, 0);
  assert_apply_refused (battle, input, "the file is read-only and was left as it was");
  g_assert_cmpint (g_chmod (battle, 0644), ==, 0);
}

/* Many --apply at once on one battle: each waits for the one before it, and every entry is
 * kept. */
static void
test_apply_concurrent (Fixture       *f,
                       gconstpointer  data)
{
  enum { WRITERS = 12 };
  g_autofree char *battle = copy_demo (f);
  g_autofree char *input = write_file (f, "input.json",
                                       "{\"firer\": \"u1\", \"target\": \"u17\"}", -1);
  g_autofree char *dir = g_path_get_dirname (battle);
  g_autofree char *lock = g_build_filename (dir, ".battle.json.lock", NULL);
  GSubprocess *writers[WRITERS];
  g_autoptr(json_object) saved = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_str_has_suffix (battle, "/battle.json"));
  for (guint i = 0; i < WRITERS; i++)
    {
      writers[i] = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, adj_cli_path (),
                                     "resolve", "wec/fire-combat", "--battle", battle, "--input",
                                     input, "--dice", "1,1,12", "--apply", "--allow", NULL);
      g_assert_no_error (error);
    }
  for (guint i = 0; i < WRITERS; i++)
    {
      g_assert_true (g_subprocess_wait_check (writers[i], NULL, &error));
      g_assert_no_error (error);
      g_object_unref (writers[i]);
    }

  saved = adj_json_parse_file (battle, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_object_array_length (adj_test_member (adj_test_member (saved, "journal"),
                                                               "entries")), ==, 2 + WRITERS);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
}

/* While another program holds the battle, --apply waits a few seconds, then gives up with the
 * reason and leaves the file as it was. */
static void
test_apply_locked (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *battle = copy_demo (f);
  g_autofree char *input = write_file (f, "input.json",
                                       "{\"firer\": \"u1\", \"target\": \"u16\"}", -1);
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  lock = adj_file_lock (battle, 0, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  assert_apply_refused (battle, input, "another program is changing this battle; nothing was "
                                       "changed");
  g_assert_cmpint (g_get_monotonic_time () - start, >=, ADJ_FILE_LOCK_WAIT_MS * 1000);
}

/* Against a battle, what its state forbids is refused with the reason (exit 1, the battle as it
 * was); --allow lets it go ahead, and the journal and the outcome keep the ruling. */
typedef struct {
  const char *name;
  const char *mechanic;
  const char *input;
  const char *dice;
  const char *reason;
} ForbiddenCase;

static const ForbiddenCase forbidden_cases[] = {
  { "fought-twice", "wec/fire-combat", "{\"firer\": \"u12\", \"target\": \"u17\", \"distance\": 2}",
    "6,6,1", "British Irregular Cavalry 2 has already started a combat this turn" },
  { "own-side", "wec/fire-combat", "{\"firer\": \"u11\", \"target\": \"u13\", \"distance\": 2}",
    "6,6,1", "British Irregular Cavalry 1 and British Field Artillery are on the same side" },
  { "no-target", "wec/fire-combat", "{\"firer\": \"u11\", \"distance\": 2}", "6,6,1",
    "“Target stand” names no unit: choose one first" },
  { "destroyed-target", "wec/fire-combat",
    "{\"firer\": \"u11\", \"target\": \"u16\", \"distance\": 2}", "6,6,1",
    "Zulu Spearmen 1 is destroyed" },
  { "destroyed-attacker", "wec/close-combat", "{\"attacker\": \"u16\", \"defender\": \"u1\"}",
    "6,6,1", "Zulu Spearmen 1 is destroyed" },
};

static void
test_forbidden (Fixture       *f,
                gconstpointer  data)
{
  const ForbiddenCase *c = data;
  g_autofree char *battle = copy_demo (f);
  g_autofree char *first = write_file (f, "first.json",
                                       "{\"firer\": \"u12\", \"target\": \"u16\", "
                                       "\"distance\": 2}", -1);
  g_autofree char *input = write_file (f, "input.json", c->input, -1);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *want_err = g_strdup_printf ("adjutant-cli: %s\n", c->reason);
  g_autofree char *want_summary = NULL;
  g_auto(AdjCliRun) setup = { 0 };
  g_auto(AdjCliRun) refused = { 0 };
  g_auto(AdjCliRun) allowed = { 0 };
  g_autoptr(json_object) out = NULL;
  g_autoptr(json_object) saved = NULL;
  json_object *entries;
  json_object *last;

  /* u12 fires at u16 and destroys it: then u12 has fought, and u16 is gone. */
  ADJ_CLI_RUN (&setup, NULL, "resolve", "wec/fire-combat", "--battle", battle, "--input", first,
               "--dice", "6,6,1", "--apply");
  adj_cli_assert_ok (&setup);

  g_assert_true (g_file_get_contents (battle, &before, NULL, NULL));
  ADJ_CLI_RUN (&refused, NULL, "resolve", c->mechanic, "--battle", battle, "--input", input,
               "--dice", c->dice, "--apply");
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_cmpstr (refused.out, ==, "");
  g_assert_cmpstr (refused.err, ==, want_err);
  g_assert_true (g_file_get_contents (battle, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  ADJ_CLI_RUN (&allowed, NULL, "resolve", c->mechanic, "--battle", battle, "--input", input,
               "--dice", c->dice, "--apply", "--allow");
  if (allowed.status != 0)
    {
      /* Some actions cannot be resolved at all without what is missing (no target): the
       * ruling does not make them possible, and nothing is written. */
      g_assert_cmpint (allowed.status, ==, 1);
      g_free (after);
      g_assert_true (g_file_get_contents (battle, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
      return;
    }
  out = adj_cli_out_json (&allowed);
  g_assert_cmpstr (adj_test_member_string (out, "ruling"), ==, c->reason);
  saved = json_object_from_file (battle);
  entries = adj_test_member (adj_test_member (saved, "journal"), "entries");
  g_assert_cmpuint (json_object_array_length (entries), ==, 4);
  last = json_object_array_get_idx (entries, 3);
  want_summary = g_strdup_printf (" · allowed by the referee: %s", c->reason);
  g_assert_true (g_str_has_suffix (adj_test_member_string (last, "summary"), want_summary));
  g_assert_cmpstr (adj_test_member_string (adj_test_member (last, "outcome"), "ruling"), ==,
                   c->reason);
}

/* ---- the tables players type in: --tables and validate ---- */

static const char tables_partial[] =
  "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", \"title\": \"Mine\", "
  "\"tables\": {\"hit\": {\"short\": {\"breech-loader\": 4, \"musket\": 5}}, "
  "\"saves\": {\"open\": {\"value\": \"none\"}, \"soft\": {\"value\": 5}, "
  "\"hard\": {\"value\": 4}}}}";

static const char tables_bad[] =
  "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
  "\"tables\": {\"hit\": {\"short\": {\"musket\": 9}}}}";

static const char tables_wrong_shape[] =
  "{\"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "
  "\"tables\": {\"hit\": {\"point-blank\": {\"musket\": 2}}}}";

static json_object *
find_table (json_object *report,
            const char  *id)
{
  json_object *tables = adj_test_member (report, "tables");

  for (gsize i = 0; i < json_object_array_length (tables); i++)
    {
      json_object *t = json_object_array_get_idx (tables, i);

      if (g_str_equal (adj_test_member_string (t, "id"), id))
        return t;
    }
  g_error ("no table “%s” in the report", id);
  return NULL;
}

static void
test_tables_validate (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *good = write_file (f, "mine.json", tables_partial, -1);
  g_autofree char *bad = write_file (f, "bad.json", tables_bad, -1);
  g_autofree char *shape = write_file (f, "shape.json", tables_wrong_shape, -1);
  g_autofree char *demo = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;
  json_object *hit, *saves, *cells;

  /* A file half filled in is valid, and says what is left to enter. */
  ADJ_CLI_RUN (&r, NULL, "validate", good);
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "format"), ==, "adjutant-tables");
  g_assert_cmpstr (adj_test_member_string (json, "ruleset"), ==, "gl");
  g_assert_cmpstr (adj_test_member_string (json, "title"), ==, "Mine");
  g_assert_true (json_object_get_boolean (adj_test_member (json, "valid")));
  g_assert_false (json_object_get_boolean (adj_test_member (json, "tables_complete")));
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "cells_missing")), ==, 13 + 12);
  hit = find_table (json, "hit");
  saves = find_table (json, "saves");
  g_assert_cmpint (json_object_get_int (adj_test_member (hit, "missing")), ==, 13);
  g_assert_false (json_object_get_boolean (adj_test_member (hit, "complete")));
  g_assert_true (json_object_get_boolean (adj_test_member (saves, "complete")));
  cells = adj_test_member (hit, "missing_cells");
  g_assert_cmpstr (adj_test_member_string (json_object_array_get_idx (cells, 0), "label"), ==,
                   "Short range × Throwing spears");
  adj_cli_run_clear (&r);

  /* A value out of range and a row the table does not have: one line naming the place. */
  ADJ_CLI_RUN (&r, NULL, "validate", bad);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_cmpstr (r.err, ==, "adjutant-cli: bad.json: $.tables.hit.short.musket: expected a "
                   "whole number from 1 to 6, or “none” (Out of reach), found 9\n");
  adj_cli_run_clear (&r);
  ADJ_CLI_RUN (&r, NULL, "validate", shape);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.err, ==, "adjutant-cli: shape.json: $.tables.hit.point-blank: the Hit table "
                   "has no row “point-blank” (its rows: short, medium, long)\n");
  adj_cli_run_clear (&r);

  /* A battle that carries its tables reports them too. */
  ADJ_CLI_RUN (&r, NULL, "validate", demo);
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  g_assert_true (json_object_get_boolean (adj_test_member (json, "tables_complete")));
  g_assert_cmpstr (adj_test_member_string (find_table (json, "hit"), "source"), ==, "battle");
}

static void
test_tables_option (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *good = write_file (f, "mine.json", tables_partial, -1);
  g_autofree char *bad = write_file (f, "bad.json", tables_bad, -1);
  g_autofree char *input = write_file (f, "in.json", "{\"figures\": 4, \"cover\": \"soft\"}", -1);
  g_autofree char *demo = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  /* Without tables the dice are only thrown. */
  ADJ_CLI_RUN (&r, NULL, "resolve", "gl/fire", "--input", input, "--dice", "4,6,2,5");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "outcome"), ==, "dice-rolled");
  g_assert_nonnull (strstr (adj_test_member_string (json, "reason"), "Enter the Hit table first"));
  adj_cli_run_clear (&r);

  /* With them, hits (4, 6, 5 on 4+) and saves (5+: 5 saves, 1 and 2 do not). */
  ADJ_CLI_RUN (&r, NULL, "--tables", good, "resolve", "gl/fire", "--input", input, "--dice",
               "4,6,2,5,1,5,2");
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  g_assert_cmpstr (adj_test_member_string (json, "outcome"), ==, "casualties");
  g_assert_cmpint (json_object_get_int (adj_test_member (adj_test_member (json, "values"), "hits")),
                   ==, 3);
  g_assert_cmpint (value_of (json, "casualties"), ==, 2);
  adj_cli_run_clear (&r);

  /* The odds too: no hit on 4 dice hitting on 4+ is 1/16. */
  ADJ_CLI_RUN (&r, NULL, "odds", "gl/fire", "--input", input, "--tables", good);
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  for (gsize i = 0; i < json_object_array_length (adj_test_member (json, "outcomes")); i++)
    {
      json_object *o = json_object_array_get_idx (adj_test_member (json, "outcomes"), i);

      if (g_str_equal (adj_test_member_string (o, "outcome"), "no-hits"))
        g_assert_cmpstr (adj_test_member_string (o, "exact"), ==, "1/16");
    }
  adj_cli_run_clear (&r);

  /* A cell the file lacks: the mechanic names it and refuses to guess. */
  {
    g_autofree char *cavalry = write_file (f, "cav.json", "{\"kind\": \"cavalry\"}", -1);

    ADJ_CLI_RUN (&r, NULL, "--tables", good, "resolve", "gl/movement", "--input", cavalry, "--seed",
                 "1");
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.out, ==, "");
    g_assert_cmpstr (r.err, ==, "adjutant-cli: Enter the Movement table first: 1 cell is "
                     "missing (Cavalry × Clear going)\n");
    adj_cli_run_clear (&r);
  }

  /* A broken file stops everything before it starts. */
  ADJ_CLI_RUN (&r, NULL, "--tables", bad, "rulesets");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_cmpstr (r.err, ==, "adjutant-cli: bad.json: $.tables.hit.short.musket: expected a "
                   "whole number from 1 to 6, or “none” (Out of reach), found 9\n");
  adj_cli_run_clear (&r);

  /* A battle's own tables win over the file given: the file has no medium range, the demo's
   * hit table (its own example values) hits on 5 there.  (The demo stands in the movement
   * phase: the referee allows the fire.) */
  {
    g_autofree char *medium = write_file (f, "medium.json", "{\"firer\": \"u1\", \"target\": "
                                          "\"u5\", \"figures\": 2, \"band\": \"medium\"}", -1);

    ADJ_CLI_RUN (&r, NULL, "--tables", good, "resolve", "gl/fire", "--input", medium, "--dice",
                 "5,1");
    g_assert_cmpint (r.status, ==, 0);
    g_clear_pointer (&json, json_object_put);
    json = adj_cli_out_json (&r);
    g_assert_cmpstr (adj_test_member_string (json, "outcome"), ==, "dice-rolled");
    adj_cli_run_clear (&r);
    ADJ_CLI_RUN (&r, NULL, "--tables", good, "resolve", "gl/fire", "--battle", demo, "--input",
                 medium, "--dice", "5,1", "--allow");
    adj_cli_assert_ok (&r);
    g_clear_pointer (&json, json_object_put);
    json = adj_cli_out_json (&r);
    g_assert_cmpstr (adj_test_member_string (json, "outcome"), ==, "casualties");
    g_assert_cmpint (value_of (json, "hit_on"), ==, 5);
    adj_cli_run_clear (&r);
  }

  /* --tables needs a value. */
  ADJ_CLI_RUN (&r, NULL, "rulesets", "--tables");
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--tables needs a value"));
}

static void
test_tables_help (void)
{
  g_auto(AdjCliRun) r = { 0 };

  ADJ_CLI_RUN (&r, NULL, "--help");
  adj_cli_assert_ok (&r);
  g_assert_nonnull (strstr (r.out, "  --tables FILE "));
  g_assert_nonnull (strstr (r.out, "validate FILE                  Check a battle, army list, "
                                   "ruleset or tables file"));
}

/* ---- --option=value ---- */

/* Every option that takes a value takes it in the same word too: both forms give the same
 * result. "@name" at the end of a word is the path of that file in the case's folder. */
typedef struct {
  const char *name;
  const char *spaced[10];
  const char *joined[10];
} JoinedCase;

static const JoinedCase joined_cases[] = {
  { "input", { "odds", "wec/fire-combat", "--input", "@fire.json", NULL },
    { "odds", "wec/fire-combat", "--input=@fire.json", NULL } },
  { "input-short", { "odds", "wec/fire-combat", "-i", "@fire.json", "--compact", NULL },
    { "odds", "--compact", "wec/fire-combat", "--input=@fire.json", NULL } },
  { "dice", { "resolve", "wec/fire-combat", "--dice", "6,6,1,1", NULL },
    { "resolve", "wec/fire-combat", "--dice=6,6,1,1", NULL } },
  { "seed", { "resolve", "wec/initiative", "--seed", "7", NULL },
    { "resolve", "wec/initiative", "--seed=7", NULL } },
  { "cards", { "resolve", "gl/turn-card", "--cards", "AS", "--seed", "1", NULL },
    { "resolve", "gl/turn-card", "--cards=AS", "--seed=1", NULL } },
  { "battle", { "resolve", "wec/fire-combat", "--battle", "@battle.json", "--input",
                "@units.json", "--dice", "6,6,1", NULL },
    { "resolve", "wec/fire-combat", "--battle=@battle.json", "--input=@units.json",
      "--dice=6,6,1", NULL } },
  { "tables", { "--tables", "@mine.json", "resolve", "gl/fire", "--input", "@volley.json",
                "--dice", "4,6,2,5,1,5,2", NULL },
    { "--tables=@mine.json", "resolve", "gl/fire", "--input=@volley.json",
      "--dice=4,6,2,5,1,5,2", NULL } },
  { "roster", { "roster", "@battle.json", "--pdf", "@zulu.pdf", "--paper", "letter", "--side",
                "Zulu army", NULL },
    { "roster", "@battle.json", "--pdf=@zulu.pdf", "--paper=letter", "--side=Zulu army",
      NULL } },
  { "solo-seed", { "solo", "@skirmish.json", "--seed", "7", "--input", "@situation.json", NULL },
    { "solo", "@skirmish.json", "--seed=7", "--input=@situation.json", NULL } },
  { "solo-dice", { "solo", "@skirmish.json", "--dice", "1", NULL },
    { "solo", "@skirmish.json", "--dice=1", NULL } },
};

static void
write_joined_files (Fixture *f)
{
  /* The two demo battles, copied where the words' "@" names them. */
  g_free (copy_demo (f));
  g_free (copy_rf_demo (f));

  g_free (write_file (f, "fire.json", "{\"target_type\": \"native-infantry\", "
                      "\"target_dice\": \"d12\"}", -1));
  g_free (write_file (f, "units.json", "{\"firer\": \"u1\", \"target\": \"u16\"}", -1));
  g_free (write_file (f, "mine.json", tables_partial, -1));
  g_free (write_file (f, "volley.json", "{\"figures\": 4, \"cover\": \"soft\"}", -1));
  g_free (write_file (f, "situation.json", "{\"u6\": {\"no_enemy\": true}}", -1));
}

static void
run_joined (Fixture     *f,
            AdjCliRun         *r,
            const char * const *words)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *at = strchr (words[i], '@');

      if (at == NULL)
        g_ptr_array_add (args, g_strdup (words[i]));
      else
        g_ptr_array_add (args, g_strdup_printf ("%.*s%s%c%s", (int) (at - words[i]), words[i],
                                                f->dir, G_DIR_SEPARATOR, at + 1));
    }
  g_ptr_array_add (args, NULL);
  adj_cli_run (r, NULL, (const char **) args->pdata);
}

static void
test_joined (Fixture       *f,
             gconstpointer  data)
{
  const JoinedCase *c = data;
  g_auto(AdjCliRun) spaced = { 0 };
  g_auto(AdjCliRun) joined = { 0 };

  write_joined_files (f);
  run_joined (f, &spaced, c->spaced);
  adj_cli_assert_ok (&spaced);
  run_joined (f, &joined, c->joined);
  adj_cli_assert_ok (&joined);
  g_assert_cmpstr (joined.out, ==, spaced.out);
}

/* A name the loaders would refuse is refused at once, and no file is written. */
static void
test_new_bad_name (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *long_name = g_strnfill (201, 'x');
  const char *names[] = { "", "   ", long_name, "bad\xffname", "tab\tname" };
  g_autofree char *out = g_build_filename (f->dir, "named.json", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_auto(AdjCliRun) r = { 0 };

      ADJ_CLI_RUN (&r, NULL, "new", "wec", "--army", "zulu-1879-british", "--army",
                   "zulu-1879-zulu", "--name", names[i], "--output", out);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, "--name: expected a name of 1 to 200 characters, not "
                                       "only spaces, with no control characters"));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }
}

/* A new battle has its own id and time, so the two are compared without them. */
static void
test_joined_new (Fixture       *f,
                 gconstpointer  data)
{
  const char *spaced_args[] = { "new", "wec", "--army", "zulu-1879-british", "--army",
                                "zulu-1879-zulu", "--name", "Rorke’s Drift", "--seed", "3",
                                "-o", "@spaced.json", NULL };
  const char *joined_args[] = { "new", "wec", "--army=zulu-1879-british", "--army=zulu-1879-zulu",
                                "--name=Rorke’s Drift", "--seed=3", "--output=@joined.json",
                                NULL };
  g_autofree char *spaced_path = g_build_filename (f->dir, "spaced.json", NULL);
  g_autofree char *joined_path = g_build_filename (f->dir, "joined.json", NULL);
  g_autoptr(json_object) spaced = NULL;
  g_autoptr(json_object) joined = NULL;
  g_auto(AdjCliRun) r = { 0 };

  run_joined (f, &r, spaced_args);
  adj_cli_assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "");
  adj_cli_run_clear (&r);
  run_joined (f, &r, joined_args);
  adj_cli_assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "");

  spaced = adj_json_parse_file (spaced_path, NULL);
  joined = adj_json_parse_file (joined_path, NULL);
  g_assert_nonnull (spaced);
  g_assert_nonnull (joined);
  g_assert_cmpstr (adj_test_member_string (joined, "name"), ==, "Rorke’s Drift");
  g_assert_cmpuint (json_object_array_length (adj_test_member (joined, "sides")), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      json_object *battle = i == 0 ? spaced : joined;

      json_object_object_del (battle, "id");
      json_object_object_del (battle, "created");
    }
  g_assert_cmpstr (json_object_to_json_string (joined), ==, json_object_to_json_string (spaced));
}

/* "--input=-" reads standard input, as "--input -" does. */
static void
test_joined_stdin (void)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  ADJ_CLI_RUN (&r, "{\"target_type\": \"native-infantry\", \"target_dice\": \"d12\"}",
               "odds", "wec/fire-combat", "--input=-", "--compact");
  g_assert_cmpint (r.status, ==, 0);
  json = adj_cli_out_json (&r);
  check_fire_odds (json);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/version", test_version);
  g_test_add_func ("/cli/rulesets", test_rulesets);
  g_test_add_func ("/cli/mechanics", test_mechanics);
  g_test_add_func ("/cli/describe", test_describe);
  g_test_add ("/cli/odds/file", Fixture, NULL, fixture_setup, test_odds, fixture_teardown);
  g_test_add_func ("/cli/odds/stdin", test_odds_stdin);
  g_test_add_func ("/cli/odds/refused-unread-input", test_refused_unread_input);
  g_test_add_func ("/cli/resolve/dice", test_resolve_dice);
  g_test_add_func ("/cli/resolve/seed", test_resolve_seed);
  g_test_add_func ("/cli/validate/demo", test_validate_demo);
  g_test_add ("/cli/validate/army", Fixture, NULL, fixture_setup, test_validate_army,
              fixture_teardown);
  g_test_add_func ("/cli/validate/ruleset", test_validate_ruleset);
  g_test_add ("/cli/tables/validate", Fixture, NULL, fixture_setup, test_tables_validate,
              fixture_teardown);
  g_test_add ("/cli/tables/option", Fixture, NULL, fixture_setup, test_tables_option,
              fixture_teardown);
  g_test_add_func ("/cli/tables/help", test_tables_help);
  g_test_add ("/cli/roster", Fixture, NULL, fixture_setup, test_roster, fixture_teardown);
  g_test_add ("/cli/apply/concurrent", Fixture, NULL, fixture_setup, test_apply_concurrent,
              fixture_teardown);
  g_test_add ("/cli/apply/locked", Fixture, NULL, fixture_setup, test_apply_locked,
              fixture_teardown);
  g_test_add ("/cli/apply/read-only", Fixture, NULL, fixture_setup, test_apply_read_only,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (forbidden_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/forbidden/%s", forbidden_cases[i].name);
      g_test_add (path, Fixture, &forbidden_cases[i], fixture_setup, test_forbidden,
                  fixture_teardown);
    }
  g_test_add ("/cli/outputs-spare-inputs", Fixture, NULL, fixture_setup,
              test_outputs_spare_inputs, fixture_teardown);
  g_test_add_func ("/cli/output-write-fails", test_output_write_fails);
  g_test_add ("/cli/state", Fixture, NULL, fixture_setup, test_state, fixture_teardown);
  g_test_add ("/cli/solo", Fixture, NULL, fixture_setup, test_solo, fixture_teardown);
  g_test_add ("/cli/solo/roster-hidden", Fixture, NULL, fixture_setup, test_solo_roster_hidden,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (usage_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/error/%s", usage_cases[i].name);
      g_test_add (path, Fixture, &usage_cases[i], fixture_setup, test_usage, fixture_teardown);
    }
  for (guint i = 0; i < G_N_ELEMENTS (joined_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/joined/%s", joined_cases[i].name);
      g_test_add (path, Fixture, &joined_cases[i], fixture_setup, test_joined, fixture_teardown);
    }
  g_test_add ("/cli/joined/new", Fixture, NULL, fixture_setup, test_joined_new, fixture_teardown);
  g_test_add ("/cli/new/bad-name", Fixture, NULL, fixture_setup, test_new_bad_name,
              fixture_teardown);
  g_test_add_func ("/cli/joined/stdin", test_joined_stdin);
  for (guint i = 0; i < G_N_ELEMENTS (apply_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/apply/%s", apply_cases[i].outcome);
      g_test_add (path, Fixture, &apply_cases[i], fixture_setup, test_apply, fixture_teardown);
    }
  for (guint i = 0; i < G_N_ELEMENTS (apply_fail_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/apply/fails/%s", apply_fail_cases[i].name);
      g_test_add (path, Fixture, &apply_fail_cases[i], fixture_setup, test_apply_fails,
                  fixture_teardown);
    }

  return g_test_run ();
}
