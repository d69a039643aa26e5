/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mutate.c: every value of a played demo battle, and of every ruleset, damaged in turn.
 *
 * A damaged battle is either refused with a message, or it is a battle like any other: its
 * roster lays out and draws, a roll can be resolved and applied against it, its journal undoes
 * to the start and redoes to the end, and it saves and loads again.  Never a crash, a hang, or a
 * file that loads and fails later.  A ruleset with a null anywhere is refused at that path. */

#include "config.h"

#include <cairo.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-roll-setup.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-test-util.h"

/* A step of a path: a key of an object, or (key NULL) an index of an array. */
typedef struct {
  const char *key;
  gsize       index;
} Step;

typedef enum {
  MUTATE_NULL,
  MUTATE_DELETE,
  MUTATE_TYPE,
  MUTATE_HUGE,
  MUTATE_NEGATIVE,
  MUTATE_EMPTY,
  MUTATE_DUPLICATE,
  N_MUTATIONS
} Mutation;

typedef struct {
  const char *file;
  guint       mutants;
  guint       refused;
  guint       refused_without_path;
  guint       played;
} Tally;

/* A refusal counts; one whose message does not name the JSON path (MARK, which starts the
 * path in the message) counts again, as a message the user cannot act on. */
static void
tally_refusal (Tally        *tally,
               const GError *error,
               const char   *mark)
{
  g_assert_nonnull (error);
  tally->refused++;
  if (strstr (error->message, mark) == NULL)
    tally->refused_without_path++;
}

static char *
path_text (const Step *steps,
           guint       n)
{
  GString *s = g_string_new ("$");

  for (guint i = 0; i < n; i++)
    {
      if (steps[i].key != NULL)
        g_string_append_printf (s, ".%s", steps[i].key);
      else
        g_string_append_printf (s, "[%" G_GSIZE_FORMAT "]", steps[i].index);
    }
  return g_string_free (s, FALSE);
}

/* The container that holds the value at @steps (all but the last step followed). */
static json_object *
parent_of (json_object *root,
           const Step  *steps,
           guint        n)
{
  json_object *v = root;

  for (guint i = 0; i + 1 < n; i++)
    v = steps[i].key != NULL ? json_object_object_get (v, steps[i].key)
                             : json_object_array_get_idx (v, steps[i].index);
  return v;
}

/* @doc with the value at @steps changed by @mutation, or NULL when it does not apply there. */
static json_object *
mutate (json_object *doc,
        const Step  *steps,
        guint        n,
        Mutation     mutation)
{
  g_autoptr(json_object) copy = adj_json_copy (doc);
  json_object *parent = parent_of (copy, steps, n);
  const Step *last = &steps[n - 1];
  json_object *value = last->key != NULL ? json_object_object_get (parent, last->key)
                                         : json_object_array_get_idx (parent, last->index);
  json_type type = json_object_get_type (value);
  json_object *replacement = NULL;

  switch (mutation)
    {
    case MUTATE_NULL:
      if (value == NULL)
        return NULL;
      break;
    case MUTATE_DELETE:
      if (last->key != NULL)
        json_object_object_del (parent, last->key);
      else
        json_object_array_del_idx (parent, last->index, 1);
      return g_steal_pointer (&copy);
    case MUTATE_TYPE:
      replacement = type == json_type_string ? json_object_new_int (7)
                                             : json_object_new_string ("x");
      break;
    case MUTATE_HUGE:
    case MUTATE_NEGATIVE:
      if (type != json_type_int && type != json_type_double)
        return NULL;
      replacement = json_object_new_int64 (mutation == MUTATE_HUGE ? G_MAXINT64 : -1);
      break;
    case MUTATE_EMPTY:
      if (type != json_type_string)
        return NULL;
      replacement = json_object_new_string ("");
      break;
    case MUTATE_DUPLICATE:
      if (last->key != NULL)
        return NULL;
      json_object_array_add (parent, adj_json_copy (value));
      return g_steal_pointer (&copy);
    default:
      g_assert_not_reached ();
    }
  if (last->key != NULL)
    json_object_object_add (parent, last->key, replacement);
  else
    json_object_array_put_idx (parent, last->index, replacement);
  return g_steal_pointer (&copy);
}

/* Calls @func on every value below the root of @value, with its path. */
typedef void (*VisitFunc) (const Step *steps,
                           guint       n,
                           gpointer    data);

static void
visit (json_object *value,
       GArray      *steps,
       VisitFunc    func,
       gpointer     data)
{
  if (steps->len > 0)
    func ((const Step *) steps->data, steps->len, data);
  if (json_object_is_type (value, json_type_object))
    {
      json_object_object_foreach (value, key, member)
        {
          Step step = { key, 0 };

          g_array_append_val (steps, step);
          visit (member, steps, func, data);
          g_array_set_size (steps, steps->len - 1);
        }
    }
  else if (json_object_is_type (value, json_type_array))
    {
      for (gsize i = 0; i < json_object_array_length (value); i++)
        {
          Step step = { NULL, i };

          g_array_append_val (steps, step);
          visit (json_object_array_get_idx (value, i), steps, func, data);
          g_array_set_size (steps, steps->len - 1);
        }
    }
}

/* ---- battles ---- */

static AdjBattle *
load_demo (const char  *name,
           json_object **json)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", name, NULL);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle;

  *json = adj_json_parse_file (path, &error);
  g_assert_no_error (error);
  battle = adj_battle_from_json (*json, name, &error);
  g_assert_no_error (error);
  return battle;
}

/* Roll the first mechanic offered now that the battle's state allows, and apply it. */
static void
resolve_one (AdjBattle *battle)
{
  const AdjSystem *system = adj_system_lookup (adj_ruleset_get_id (adj_battle_get_ruleset (battle)));
  g_autoptr(GPtrArray) offered = NULL;

  if (system == NULL)
    return;
  offered = adj_system_mechanics_for_phase (system, adj_battle_get_phase (battle));
  for (guint i = 0; i < offered->len && i < 3; i++)
    {
      const AdjMechanic *mech = g_ptr_array_index (offered, i);
      g_autoptr(json_object) inputs = json_object_new_object ();
      g_autoptr(AdjOutcome) outcome = NULL;
      g_auto(AdjRollSetup) setup = { 0 };
      AdjRollRequest request = { 0 };

      request.battle = battle;
      request.inputs = inputs;
      request.file = "inputs";
      request.seeded = TRUE;
      request.seed = 1879;
      if (!adj_roll_setup_prepare (mech, &request, &setup, NULL))
        continue;
      outcome = adj_outcome_new (mech);
      if (!adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome, NULL))
        continue;
      if (adj_battle_apply_outcome (battle, setup.inputs, outcome, NULL))
        return;
    }
}

/* Undo to the start and redo to the end: every step must work. */
static void
assert_journal_plays (AdjBattle  *battle,
                      const char *what)
{
  g_autoptr(GError) error = NULL;

  while (adj_battle_can_undo (battle))
    if (!adj_battle_undo (battle, &error))
      g_error ("%s: loaded, but an undo failed: %s", what, error->message);
  while (adj_battle_can_redo (battle))
    if (!adj_battle_redo (battle, &error))
      g_error ("%s: loaded, but a redo failed: %s", what, error->message);
}

static void
assert_roster (AdjBattle *battle,
               gboolean   draw)
{
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, NULL);
  double width, height;
  guint pages;

  if (roster == NULL)
    return;
  adj_paper_get_size (ADJ_PAPER_A4, &width, &height);
  pages = adj_roster_paginate (roster, width, height);
  if (!draw)
    return;
  for (guint p = 0; p < pages; p++)
    {
      cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cairo_t *cr = cairo_create (surface);

      adj_roster_render_page (roster, cr, p);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* A battle that loaded is played: its roster, a roll, undo to the start, redo to the end, and a
 * save that loads again.  @count: how many were played before it. */
static void
play (AdjBattle  *battle,
      const char *what,
      guint       count)
{
  g_autoptr(json_object) saved = NULL;
  g_autoptr(AdjBattle) again = NULL;
  g_autoptr(GError) error = NULL;

  /* Laying a roster out takes far longer than the rest: one played mutant in eight is laid
   * out, and one in forty drawn as well. */
  if (count % 8 == 0)
    assert_roster (battle, count % 40 == 0);
  resolve_one (battle);
  assert_journal_plays (battle, what);
  saved = adj_battle_to_json (battle);
  again = adj_battle_from_json (saved, "saved.json", &error);
  if (again == NULL)
    g_error ("%s: played, but its save does not load: %s", what, error->message);
}

typedef struct {
  json_object *doc;
  Tally       *tally;
} BattleVisit;

static void
try_battle_mutants (const Step *steps,
                    guint       n,
                    gpointer    data)
{
  BattleVisit *v = data;

  for (Mutation m = 0; m < N_MUTATIONS; m++)
    {
      g_autoptr(json_object) mutant = mutate (v->doc, steps, n, m);
      g_autoptr(AdjBattle) battle = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *where = NULL;
      g_autofree char *what = NULL;

      if (mutant == NULL)
        continue;
      v->tally->mutants++;
      battle = adj_battle_from_json (mutant, v->tally->file, &error);
      if (battle == NULL)
        {
          tally_refusal (v->tally, error, ": $");
          g_assert_true (g_str_has_prefix (error->message, v->tally->file));
          continue;
        }
      g_assert_no_error (error);
      where = path_text (steps, n);
      what = g_strdup_printf ("%s, mutation %d at %s", v->tally->file, m, where);
      play (battle, what, v->tally->played++);
    }
}

static void
test_battle (gconstpointer data)
{
  const char *name = data;
  g_autoptr(json_object) json = NULL;
  g_autoptr(AdjBattle) battle = load_demo (name, &json);
  g_autoptr(json_object) played = NULL;
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (Step));
  g_autoptr(GError) error = NULL;
  Tally tally = { name, 0, 0, 0, 0 };
  BattleVisit v;

  /* A few actions, so that the journal has entries done and undone. */
  resolve_one (battle);
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_no_error (error);
  resolve_one (battle);
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  played = adj_battle_to_json (battle);

  v.doc = played;
  v.tally = &tally;
  visit (played, steps, try_battle_mutants, &v);
  g_test_message ("%s: %u mutants, %u refused (%u without a path), %u played", name,
                  tally.mutants, tally.refused, tally.refused_without_path, tally.played);
  g_assert_cmpuint (tally.refused, >, 0);
  g_assert_cmpuint (tally.played, >, 0);
}

/* ---- army lists and the tables players type in ---- */

typedef struct {
  json_object *doc;
  const char  *file;
  AdjRuleset  *rs;      /* for tables: the ruleset they are for */
  Tally       *tally;
} FileVisit;

/* An army list that loaded is used: checked, rostered, and put on a side of a new battle. */
static void
try_army_mutants (const Step *steps,
                  guint       n,
                  gpointer    data)
{
  FileVisit *v = data;

  for (Mutation m = 0; m < N_MUTATIONS; m++)
    {
      g_autoptr(json_object) mutant = mutate (v->doc, steps, n, m);
      g_autoptr(AdjArmy) army = NULL;
      g_autoptr(AdjArmyReport) report = NULL;
      g_autoptr(AdjRoster) roster = NULL;
      g_autoptr(AdjBattle) battle = NULL;
      g_autoptr(GError) error = NULL;

      if (mutant == NULL)
        continue;
      v->tally->mutants++;
      army = adj_army_from_file_json (mutant, v->file, &error);
      if (army == NULL)
        {
          tally_refusal (v->tally, error, ": $");
          continue;
        }
      v->tally->played++;
      report = adj_army_check (army, NULL);
      roster = adj_roster_new_for_army (army, NULL);
      if (roster != NULL && v->tally->played % 8 == 0)
        {
          double width, height;

          adj_paper_get_size (ADJ_PAPER_A4, &width, &height);
          adj_roster_paginate (roster, width, height);
        }
      battle = adj_battle_new (army->ruleset, "mutant");
      adj_battle_add_army (battle, "a", army, NULL);
    }
}

static void
test_army (gconstpointer data)
{
  const char *const *pair = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (pair[0], &error);
  g_autoptr(AdjArmy) army = adj_army_template (rs, pair[1], &error);
  g_autoptr(json_object) json = NULL;
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (Step));
  Tally tally = { pair[1], 0, 0, 0, 0 };
  FileVisit v = { NULL, "army.json", rs, &tally };

  g_assert_no_error (error);
  json = adj_army_to_json (army);
  v.doc = json;
  visit (json, steps, try_army_mutants, &v);
  g_test_message ("%s: %u mutants, %u refused (%u without a path), %u used", pair[1],
                  tally.mutants, tally.refused, tally.refused_without_path, tally.played);
  g_assert_cmpuint (tally.refused, >, 0);
  g_assert_cmpuint (tally.refused_without_path, ==, 0);
}

/* Tables that loaded are used: carried by the demo battle they came from, and every mechanic
 * that reads them gives its odds or says why not. */
static void
try_tables_mutants (const Step *steps,
                    guint       n,
                    gpointer    data)
{
  FileVisit *v = data;

  for (Mutation m = 0; m < N_MUTATIONS; m++)
    {
      g_autoptr(json_object) mutant = mutate (v->doc, steps, n, m);
      g_autoptr(AdjTables) tables = NULL;
      g_autoptr(GError) error = NULL;
      const AdjSystem *system;

      if (mutant == NULL)
        continue;
      v->tally->mutants++;
      tables = adj_tables_from_json (mutant, v->file, "$", v->rs, &error);
      if (tables == NULL)
        {
          tally_refusal (v->tally, error, "$");
          continue;
        }
      v->tally->played++;
      system = adj_system_lookup (adj_ruleset_get_id (v->rs));
      for (guint k = 0; k < system->n_mechanics; k++)
        {
          const AdjMechanic *mech = system->mechanics[k];
          AdjContext ctx = { .ruleset = v->rs, .tables = tables };
          g_autoptr(AdjInputs) in = NULL;
          g_autoptr(AdjOdds) odds = NULL;

          if (mech->tables == NULL)
            continue;
          in = adj_inputs_new (mech, v->rs);
          odds = adj_mechanic_odds (mech, &ctx, in, NULL);
        }
    }
}

static void
test_tables (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(json_object) json = NULL;
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (Step));
  Tally tally = { "tables", 0, 0, 0, 0 };
  FileVisit v = { NULL, "tables.json", NULL, &tally };

  g_assert_no_error (error);
  g_assert_nonnull (adj_battle_get_tables (battle));
  json = adj_tables_to_json (adj_battle_get_tables (battle));
  v.doc = json;
  v.rs = adj_battle_get_ruleset (battle);
  visit (json, steps, try_tables_mutants, &v);
  g_test_message ("tables: %u mutants, %u refused (%u without a path), %u used",
                  tally.mutants, tally.refused, tally.refused_without_path, tally.played);
  g_assert_cmpuint (tally.refused, >, 0);
  g_assert_cmpuint (tally.played, >, 0);
}

/* ---- rulesets ---- */

typedef struct {
  json_object *doc;
  const char  *file;
  guint        tried;
} RulesetVisit;

static void
try_ruleset_null (const Step *steps,
                  guint       n,
                  gpointer    data)
{
  RulesetVisit *v = data;
  g_autoptr(json_object) mutant = mutate (v->doc, steps, n, MUTATE_NULL);
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = path_text (steps, n);
  g_autofree char *expect = NULL;

  /* The format and version are checked before anything else, with messages of their own. */
  if (n == 1 && (g_str_equal (steps[0].key, "format") || g_str_equal (steps[0].key, "version")))
    return;
  v->tried++;
  rs = adj_ruleset_load_json (mutant, v->file, &error);
  g_assert_null (rs);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  expect = g_strdup_printf ("%s: %s: null is not a value a ruleset may hold", v->file, path);
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_ruleset_nulls (gconstpointer data)
{
  const char *id = data;
  g_autofree char *name = g_strconcat (id, ".json", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets", name,
                                            NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_file (path, &error);
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (Step));
  RulesetVisit v = { json, name, 0 };

  g_assert_no_error (error);
  visit (json, steps, try_ruleset_null, &v);
  g_assert_cmpuint (v.tried, >, 100);
}

/* The two that crashed the roster once validate had accepted them. */
static void
test_ruleset_roster_nulls (void)
{
  static const char *const keys[] = { "track", "tables" };
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets",
                                            "wec.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_file (path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr(json_object) copy = adj_json_copy (json);
      g_autoptr(AdjRuleset) rs = NULL;
      g_autofree char *expect = g_strdup_printf ("wec.json: $.roster.%s: null is not a value a "
                                                 "ruleset may hold", keys[i]);
      json_object *roster = NULL;

      if (!json_object_object_get_ex (copy, "roster", &roster))
        {
          roster = json_object_new_object ();
          json_object_object_add (copy, "roster", roster);
        }
      json_object_object_add (roster, keys[i], NULL);
      rs = adj_ruleset_load_json (copy, "wec.json", &error);
      g_assert_null (rs);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, expect);
      g_clear_error (&error);
    }
}

int
main (int   argc,
      char *argv[])
{
  static const char *const demos[] = {
    "wec-zulu-war.json", "rn-column-on-the-march.json", "gl-mission-station.json",
    "rf-patrol-at-the-kraal.json", "rr-colenso.json",
  };
  static const char *const rulesets[] = { "wec", "rn", "gl", "rf", "rr" };
  static const char *const armies[][2] = {
    { "wec", "zulu-1879-british" }, { "rn", "native-force" }, { "rf", "british-patrol" },
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (demos); i++)
    {
      g_autofree char *path = g_strdup_printf ("/mutate/battle/%s", demos[i]);
      g_test_add_data_func (path, demos[i], test_battle);
    }
  for (guint i = 0; i < G_N_ELEMENTS (rulesets); i++)
    {
      g_autofree char *path = g_strdup_printf ("/mutate/ruleset-null/%s", rulesets[i]);
      g_test_add_data_func (path, rulesets[i], test_ruleset_nulls);
    }
  g_test_add_func ("/mutate/ruleset-roster-null", test_ruleset_roster_nulls);
  for (guint i = 0; i < G_N_ELEMENTS (armies); i++)
    {
      g_autofree char *path = g_strdup_printf ("/mutate/army/%s", armies[i][1]);
      g_test_add_data_func (path, armies[i], test_army);
    }
  g_test_add_func ("/mutate/tables", test_tables);
  return g_test_run ();
}
