/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-migrate.c: file versions — every format's chain of upgrade steps, the walk along a
 * chain, the oldest files still loading, and newer or impossible versions refused by every
 * loader with a message that says so.
 *
 * The walk itself is tested with a chain of two steps made up here; each real step with a file
 * of the old version, loaded and written again.
 */

#include "config.h"

#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-migrate.h"
#include "adj-ruleset.h"
#include "adj-tables.h"
#include "adj-test-util.h"

/* What adjutant-cli odds gives for each entry's stored inputs, the outcome that came up. */
#define FIRST_RELEASE_P0 "47/108"
#define FIRST_RELEASE_P1 "145/432"

/* ---- the chains ---- */

typedef struct {
  const char *format;
  gint64      current;
} ChainCase;

static const ChainCase chain_cases[] = {
  { ADJ_BATTLE_FORMAT, ADJ_BATTLE_VERSION },
  { ADJ_ARMY_FORMAT, ADJ_ARMY_VERSION },
  { ADJ_RULESET_FORMAT, ADJ_RULESET_VERSION },
  { ADJ_TABLES_FORMAT, ADJ_TABLES_VERSION },
};

/* Each format's chain reaches the version its writer writes, one step per version. */
static void
test_chain_complete (gconstpointer data)
{
  const ChainCase *c = data;
  const AdjMigrateChain *chain = adj_migrate_chain_for (c->format);

  g_assert_nonnull (chain);
  g_assert_cmpstr (chain->format, ==, c->format);
  g_assert_cmpint (chain->current, ==, c->current);
  g_assert_true (adj_migrate_chain_is_complete (chain));
}

static void
test_chain_unknown (void)
{
  g_assert_null (adj_migrate_chain_for ("adjutant-unknown"));
  g_assert_null (adj_migrate_chain_for (""));
}

/* A current document goes through as it is: the same object, nothing copied. */
static void
test_current_untouched (gconstpointer data)
{
  const ChainCase *c = data;
  g_autoptr(json_object) doc =
    adj_test_parse ("{\"format\": \"x\", \"version\": 1, \"a\": [1, 2]}");
  g_autoptr(json_object) out = NULL;
  g_autoptr(GError) error = NULL;

  out = adj_migrate (adj_migrate_chain_for (c->format), doc, c->current, "f.json", "$", &error);
  g_assert_no_error (error);
  g_assert_true (out == doc);
}

/* ---- walking a chain: two made-up steps ---- */

static guint step_calls[3];

/* Version 1 -> 2: the key "old" became "renamed". */
static gboolean
step_rename (json_object  *root,
             const char   *file,
             const char   *path,
             GError      **error)
{
  json_object *old = NULL;

  step_calls[1]++;
  if (!json_object_object_get_ex (root, "old", &old))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, "the key “old” is missing");
  json_object_object_add (root, "renamed", json_object_get (old));
  json_object_object_del (root, "old");
  return TRUE;
}

/* Version 2 -> 3: "added" appeared, true for every older file. */
static gboolean
step_add (json_object  *root,
          const char   *file,
          const char   *path,
          GError      **error)
{
  step_calls[2]++;
  if (json_object_object_get_ex (root, "refuse", NULL))
    {
      g_autofree char *where = adj_json_path_key (path, "refuse");
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "cannot be upgraded");
    }
  json_object_object_add (root, "added", json_object_new_boolean (TRUE));
  return TRUE;
}

static const AdjMigrateStep made_up_steps[] = {
  { 1, "the key “old” became “renamed”", step_rename },
  { 2, "“added” appeared, true for every older file", step_add },
};

static const AdjMigrateChain made_up_chain = {
  "adjutant-test", 3, made_up_steps, G_N_ELEMENTS (made_up_steps)
};

typedef struct {
  const char *name;
  const char *input;
  gint64      version;
  const char *expect;        /* NULL: refused */
  guint       calls[3];      /* how often each step ran */
  const char *message;
} WalkCase;

static const WalkCase walk_cases[] = {
  { "from-1", "{\"format\": \"adjutant-test\", \"version\": 1, \"old\": 5}", 1,
    "{\"format\": \"adjutant-test\", \"version\": 3, \"renamed\": 5, \"added\": true}",
    { 0, 1, 1 }, NULL },
  { "from-2", "{\"format\": \"adjutant-test\", \"version\": 2, \"renamed\": 5}", 2,
    "{\"format\": \"adjutant-test\", \"version\": 3, \"renamed\": 5, \"added\": true}",
    { 0, 0, 1 }, NULL },
  { "from-3", "{\"format\": \"adjutant-test\", \"version\": 3, \"renamed\": 5, \"added\": false}",
    3, "{\"format\": \"adjutant-test\", \"version\": 3, \"renamed\": 5, \"added\": false}",
    { 0, 0, 0 }, NULL },
  { "first-step-refuses", "{\"format\": \"adjutant-test\", \"version\": 1}", 1, NULL,
    { 0, 1, 0 }, "f.json: $.tables: the key “old” is missing (while bringing a file of version 1 "
                 "up to version 2)" },
  { "second-step-refuses", "{\"format\": \"adjutant-test\", \"version\": 1, \"old\": 1, "
                           "\"refuse\": true}", 1, NULL,
    { 0, 1, 1 }, "f.json: $.tables.refuse: cannot be upgraded (while bringing a file of version 2 "
                 "up to version 3)" },
};

static void
test_walk (gconstpointer data)
{
  const WalkCase *c = data;
  g_autoptr(json_object) doc = adj_test_parse (c->input);
  g_autoptr(json_object) before = adj_json_copy (doc);
  g_autoptr(json_object) out = NULL;
  g_autoptr(GError) error = NULL;

  memset (step_calls, 0, sizeof step_calls);
  g_assert_true (adj_migrate_chain_is_complete (&made_up_chain));
  out = adj_migrate (&made_up_chain, doc, c->version, "f.json", "$.tables", &error);
  if (c->expect != NULL)
    {
      g_autoptr(json_object) expect = adj_test_parse (c->expect);

      g_assert_no_error (error);
      g_assert_nonnull (out);
      g_assert_true (adj_json_equal (out, expect));
    }
  else
    {
      g_assert_null (out);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, c->message);
    }
  g_assert_cmpmem (step_calls, sizeof step_calls, c->calls, sizeof c->calls);
  /* The caller's document is never changed, whatever happened. */
  g_assert_true (adj_json_equal (doc, before));
}

static void
test_incomplete_chains (void)
{
  static const AdjMigrateStep gap[] = { { 1, "a", step_rename }, { 3, "b", step_add } };
  static const AdjMigrateStep unnamed[] = { { 1, NULL, step_rename } };
  const AdjMigrateChain missing = { "t", 3, made_up_steps, 1 };
  const AdjMigrateChain gapped = { "t", 3, gap, 2 };
  const AdjMigrateChain nameless = { "t", 2, unnamed, 1 };
  const AdjMigrateChain zero = { "t", 0, NULL, 0 };

  g_assert_false (adj_migrate_chain_is_complete (&missing));
  g_assert_false (adj_migrate_chain_is_complete (&gapped));
  g_assert_false (adj_migrate_chain_is_complete (&nameless));
  g_assert_false (adj_migrate_chain_is_complete (&zero));
}

/* ---- the loaders: versions they refuse ---- */

typedef enum { BATTLE, ARMY, RULESET, TABLES } Loader;

static json_object *
current_document (Loader loader)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;

  switch (loader)
    {
    case BATTLE:
      {
        g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                  "wec-zulu-war.json", NULL);
        json_object *json = adj_json_parse_file (path, &error);
        g_assert_no_error (error);
        return json;
      }
    case ARMY:
      {
        g_autoptr(AdjArmy) army = NULL;

        rs = adj_ruleset_lookup ("wec", &error);
        army = adj_army_template (rs, "zulu-1879-british", &error);
        g_assert_no_error (error);
        return adj_army_to_json (army);
      }
    case RULESET:
      {
        g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets",
                                                  "wec.json", NULL);
        json_object *json = adj_json_parse_file (path, &error);
        g_assert_no_error (error);
        return json;
      }
    case TABLES:
    default:
      {
        g_autoptr(AdjTables) tables = NULL;

        rs = adj_ruleset_lookup ("gl", &error);
        g_assert_no_error (error);
        tables = adj_tables_new (rs);
        return adj_tables_to_json (tables);
      }
    }
}

/* Load @json as @loader does; the error goes to @error. */
static gboolean
load (Loader        loader,
      json_object  *json,
      GError      **error)
{
  switch (loader)
    {
    case BATTLE:
      {
        g_autoptr(AdjBattle) battle = adj_battle_from_json (json, "f.json", error);
        return battle != NULL;
      }
    case ARMY:
      {
        g_autoptr(AdjArmy) army = adj_army_from_file_json (json, "f.json", error);
        return army != NULL;
      }
    case RULESET:
      {
        g_autoptr(AdjRuleset) rs = adj_ruleset_load_json (json, "f.json", error);
        return rs != NULL;
      }
    case TABLES:
    default:
      {
        g_autoptr(AdjTables) tables = adj_tables_from_json (json, "f.json", "$", NULL, error);
        return tables != NULL;
      }
    }
}

typedef struct {
  const char *name;
  Loader      loader;
  gint64      version;     /* 0: no "version" at all; -1: "version": 0 */
  int         code;
  const char *message;     /* NULL: it loads */
} VersionCase;

static const VersionCase version_cases[] = {
  { "battle/oldest", BATTLE, 1, 0, NULL },
  { "battle/current", BATTLE, 2, 0, NULL },
  { "battle/newer", BATTLE, 3, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: the battle was saved by a newer Adjutant (file version 3; this version "
    "reads up to 2): update Adjutant to open it" },
  { "battle/far-newer", BATTLE, 2147483647, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: the battle was saved by a newer Adjutant (file version 2147483647; this "
    "version reads up to 2): update Adjutant to open it" },
  { "battle/zero", BATTLE, -1, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: file version 0 does not exist" },
  { "battle/missing", BATTLE, 0, ADJ_ERROR_INVALID,
    "f.json: $: the required key “version” is missing" },
  { "army/current", ARMY, 1, 0, NULL },
  { "army/newer", ARMY, 2, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: the army list was saved by a newer Adjutant (file version 2; this "
    "version reads up to 1): update Adjutant to open it" },
  { "army/zero", ARMY, -1, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: file version 0 does not exist" },
  { "army/missing", ARMY, 0, ADJ_ERROR_INVALID,
    "f.json: $: the required key “version” is missing" },
  { "ruleset/current", RULESET, 1, 0, NULL },
  { "ruleset/newer", RULESET, 2, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: the ruleset was written for a newer Adjutant (ruleset version 2; this "
    "version reads up to 1): update Adjutant to use it" },
  { "ruleset/zero", RULESET, -1, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: ruleset version 0 does not exist" },
  { "ruleset/missing", RULESET, 0, ADJ_ERROR_INVALID,
    "f.json: $: the required key “version” is missing" },
  { "tables/current", TABLES, 1, 0, NULL },
  { "tables/newer", TABLES, 2, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: the table values were saved by a newer Adjutant (file version 2; this "
    "version reads up to 1): update Adjutant to use them" },
  { "tables/zero", TABLES, -1, ADJ_ERROR_UNSUPPORTED,
    "f.json: $.version: file version 0 does not exist" },
  { "tables/missing", TABLES, 0, ADJ_ERROR_INVALID,
    "f.json: $: the required key “version” is missing" },
};

static void
test_version (gconstpointer data)
{
  const VersionCase *c = data;
  g_autoptr(json_object) json = current_document (c->loader);
  g_autoptr(GError) error = NULL;

  if (c->version == 0)
    json_object_object_del (json, "version");
  else
    json_object_object_add (json, "version", json_object_new_int64 (MAX (c->version, 0)));
  if (c->message == NULL)
    {
      g_assert_true (load (c->loader, json, &error));
      g_assert_no_error (error);
      return;
    }
  g_assert_false (load (c->loader, json, &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, c->message);
}

/* ---- the oldest files ---- */

/* A battle the first release of Adjutant wrote (its adjutant-cli: "new wec", then a fire
 * combat and a close combat applied): version 1, upgraded as it loads; each entry gets the
 * odds of what happened by replaying its stored inputs, and its journal still undoes. */
static void
test_first_release_battle (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_TEST_DATA"),
                                            "battle-first-release.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_file (path, &error);
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(json_object) written = NULL;
  json_object *entries;

  g_assert_no_error (error);
  battle = adj_battle_from_json (json, "battle-first-release.json", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_name (battle), ==, "First release");
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 34);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 2);
  written = adj_battle_to_json (battle);
  g_assert_cmpint (json_object_get_int (json_object_object_get (written, "version")), ==,
                   ADJ_BATTLE_VERSION);
  entries = json_object_object_get (json_object_object_get (written, "journal"), "entries");
  for (guint i = 0; i < 2; i++)
    {
      json_object *odds = json_object_object_get (json_object_array_get_idx (entries, i), "odds");
      const char *p = json_object_get_string (json_object_object_get (odds, "p"));

      g_assert_true (json_object_get_boolean (json_object_object_get (odds, "known")));
      g_assert_nonnull (p);
      g_assert_cmpstr (p, ==, i == 0 ? FIRST_RELEASE_P0 : FIRST_RELEASE_P1);
      g_assert_null (json_object_object_get (odds, "replay"));
    }
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_battle_can_undo (battle));
}

/* An upgraded entry whose stored inputs no longer replay is marked unknown, and still loads. */
static void
test_first_release_unknown (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_TEST_DATA"),
                                            "battle-first-release.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_file (path, &error);
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(json_object) written = NULL;
  json_object *entries, *entry, *odds;

  g_assert_no_error (error);
  entries = json_object_object_get (json_object_object_get (json, "journal"), "entries");
  entry = json_object_array_get_idx (entries, 0);
  json_object_object_add (json_object_object_get (entry, "inputs"), "no-such-input",
                          json_object_new_int (3));
  battle = adj_battle_from_json (json, "battle-first-release.json", &error);
  g_assert_no_error (error);
  written = adj_battle_to_json (battle);
  entries = json_object_object_get (json_object_object_get (written, "journal"), "entries");
  odds = json_object_object_get (json_object_array_get_idx (entries, 0), "odds");
  g_assert_false (json_object_get_boolean (json_object_object_get (odds, "known")));
  g_assert_null (json_object_object_get (odds, "p"));
  odds = json_object_object_get (json_object_array_get_idx (entries, 1), "odds");
  g_assert_true (json_object_get_boolean (json_object_object_get (odds, "known")));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (chain_cases); i++)
    {
      g_autofree char *complete = g_strdup_printf ("/migrate/chain/%s/complete",
                                                   chain_cases[i].format);
      g_autofree char *untouched = g_strdup_printf ("/migrate/chain/%s/current-untouched",
                                                    chain_cases[i].format);
      g_test_add_data_func (complete, &chain_cases[i], test_chain_complete);
      g_test_add_data_func (untouched, &chain_cases[i], test_current_untouched);
    }
  g_test_add_func ("/migrate/chain/unknown", test_chain_unknown);
  g_test_add_func ("/migrate/chain/incomplete", test_incomplete_chains);
  for (guint i = 0; i < G_N_ELEMENTS (walk_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/migrate/walk/%s", walk_cases[i].name);
      g_test_add_data_func (path, &walk_cases[i], test_walk);
    }
  for (guint i = 0; i < G_N_ELEMENTS (version_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/migrate/version/%s", version_cases[i].name);
      g_test_add_data_func (path, &version_cases[i], test_version);
    }
  g_test_add_func ("/migrate/first-release/battle", test_first_release_battle);
  g_test_add_func ("/migrate/first-release/unknown-odds", test_first_release_unknown);

  status = g_test_run ();
  adj_ruleset_set_data_dir (NULL);
  return status;
}
