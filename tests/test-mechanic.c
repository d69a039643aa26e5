/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mechanic.c: the registry of mechanics, their declarations, inputs and entered dice. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>
#include <glib.h>
#include <json-c/json.h>

#include "adj-cards.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rng.h"
#include "adj-ruleset.h"
#include "adj-test-util.h"

static AdjRuleset *
ruleset_of (const AdjMechanic *mech)
{
  char id[64];
  g_autoptr(GError) error = NULL;
  AdjRuleset *rs = adj_ruleset_lookup (adj_mechanic_ruleset_id (mech, id, sizeof id), &error);

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

static const char *
kind_name (AdjFieldKind kind)
{
  switch (kind)
    {
    case ADJ_FIELD_BOOL: return "bool";
    case ADJ_FIELD_INT: return "int";
    case ADJ_FIELD_ENUM: return "enum";
    case ADJ_FIELD_UNIT: return "unit";
    case ADJ_FIELD_SIDE: return "side";
    default: g_assert_not_reached ();
    }
  return NULL;
}

/* The "id" of the item @i of the JSON array @array. */
static const char *
item_id (json_object *array,
         gsize        i)
{
  return json_object_get_string (adj_test_member (json_object_array_get_idx (array, i), "id"));
}

/* ------------------------------------------------------------------------------------------ */
/* the registry                                                                                */

static void
test_self_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_mechanics_self_check (&error));
  g_assert_no_error (error);
}

/* Every phase of every system's ruleset: the steps offered in it are the system's mechanics
 * that name it, in the system's order, each with a label for its button. */
static void
test_phases (void)
{
  guint n_systems = 0;
  const AdjSystem **systems = adj_systems (&n_systems);

  for (guint s = 0; s < n_systems; s++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (systems[s]->id, &error);
      GPtrArray *phases = adj_ruleset_get_phases (rs);
      guint offered = 0, declared = 0;

      g_assert_no_error (error);
      for (guint p = 0; p < phases->len; p++)
        {
          const AdjChoice *phase = g_ptr_array_index (phases, p);
          g_autoptr(GPtrArray) steps = adj_system_mechanics_for_phase (systems[s], phase->id);
          guint last = 0;

          for (guint k = 0; k < steps->len; k++)
            {
              const AdjMechanic *mech = g_ptr_array_index (steps, k);
              guint at = G_MAXUINT;

              g_assert_true (g_strv_contains (mech->phases, phase->id));
              g_assert_nonnull (mech->step_label);
              for (guint i = 0; i < systems[s]->n_mechanics; i++)
                if (systems[s]->mechanics[i] == mech)
                  at = i;
              g_assert_cmpuint (at, !=, G_MAXUINT);
              g_assert_true (k == 0 || at > last);
              last = at;
            }
          offered += steps->len;
        }
      /* A mechanic names only phases its ruleset has. */
      for (guint i = 0; i < systems[s]->n_mechanics; i++)
        for (guint k = 0; systems[s]->mechanics[i]->phases != NULL &&
                          systems[s]->mechanics[i]->phases[k] != NULL; k++)
          {
            g_assert_nonnull (adj_ruleset_find_phase (rs, systems[s]->mechanics[i]->phases[k]));
            declared++;
          }
      g_assert_cmpuint (offered, ==, declared);
      {
        g_autoptr(GPtrArray) none = adj_system_mechanics_for_phase (systems[s], "no-such-phase");
        g_autoptr(GPtrArray) null_phase = adj_system_mechanics_for_phase (systems[s], NULL);

        g_assert_cmpuint (none->len, ==, 0);
        g_assert_cmpuint (null_phase->len, ==, 0);
      }
    }
}

/* A declared follow-up names another mechanic of the same system, and follows only when the
 * outcome's count is above 0. */
static void
test_follow_ups (void)
{
  guint n_systems = 0;
  const AdjSystem **systems = adj_systems (&n_systems);

  for (guint s = 0; s < n_systems; s++)
    for (guint i = 0; i < systems[s]->n_mechanics; i++)
      {
        const AdjMechanic *mech = systems[s]->mechanics[i];
        const AdjFollowUp *f = mech->follow_up;
        g_autoptr(AdjOutcome) none = adj_outcome_new (mech);
        g_autoptr(AdjOutcome) zero = adj_outcome_new (mech);
        g_autoptr(AdjOutcome) two = adj_outcome_new (mech);
        const AdjMechanic *next;
        int count = -1;

        g_assert_null (adj_mechanic_get_follow_up (mech, none, &count));
        g_assert_cmpint (count, ==, -1);
        if (f == NULL)
          continue;
        adj_outcome_set_value_int (zero, f->count, 0);
        g_assert_null (adj_mechanic_get_follow_up (mech, zero, &count));
        adj_outcome_set_value_int (two, f->count, 2);
        next = adj_mechanic_get_follow_up (mech, two, &count);
        g_assert_nonnull (next);
        g_assert_true (next == adj_mechanic_lookup (f->next));
        g_assert_true (next != mech);
        g_assert_cmpint (count, ==, 2);
        g_assert_nonnull (adj_mechanic_get_follow_up (mech, two, NULL));
        g_assert_nonnull (adj_mechanic_find_input (next, f->count_to));
      }
}

static const AdjField follow_inputs[] = {
  { .name = "who", .label = "Who", .kind = ADJ_FIELD_UNIT },
  { .name = "n", .label = "How many", .kind = ADJ_FIELD_INT, .min = 0, .max = 9 },
};

static const AdjFollowUp follow_to_nowhere = { .next = "test/nowhere", .count = "n",
                                               .count_to = "n" };
static const AdjFollowUp follow_bad_count = { .next = "test/second", .count = "n",
                                              .count_to = "who" };
static const AdjFollowUp follow_bad_unit = { .next = "test/second", .count = "n",
                                             .count_to = "n", .unit_from = "n",
                                             .unit_to = "who" };
static const AdjFollowUp follow_good = { .next = "test/second", .count = "n", .count_to = "n",
                                         .unit_from = "who", .unit_to = "who" };

static gboolean
follow_resolve (const AdjContext *ctx,
                AdjInputs        *inputs,
                AdjRandom        *random,
                AdjOutcome       *outcome,
                GError          **error)
{
  return TRUE;
}

static const AdjMechanic follow_second = {
  .id = "test/second", .title = "Second", .summary = "The one that follows",
  .inputs = follow_inputs, .n_inputs = G_N_ELEMENTS (follow_inputs),
  .resolve = follow_resolve,
};

/* The self-check refuses a follow-up that goes nowhere or maps the wrong kinds of inputs. */
static void
test_follow_up_check (void)
{
  static const AdjFollowUp *const follows[] = {
    &follow_to_nowhere, &follow_bad_count, &follow_bad_unit, &follow_good,
  };

  for (guint i = 0; i < G_N_ELEMENTS (follows); i++)
    {
      AdjMechanic first = {
        .id = "test/first", .title = "First", .summary = "The one applied",
        .inputs = follow_inputs, .n_inputs = G_N_ELEMENTS (follow_inputs),
        .follow_up = follows[i], .resolve = follow_resolve,
      };
      const AdjMechanic *const mechanics[] = { &first, &follow_second };
      AdjSystem system = { .id = "test", .mechanics = mechanics,
                           .n_mechanics = G_N_ELEMENTS (mechanics) };
      g_autoptr(GError) error = NULL;
      gboolean ok = adj_mechanic_self_check (&system, &first, &error);

      if (follows[i] == &follow_good)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
        }
      else
        {
          g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "follow-up"));
          g_assert_false (ok);
        }
    }
}

/* An error about a table the players have not filled in names its tables; copies keep them. */
static void
test_error_missing_tables (void)
{
  g_autoptr(GError) error = g_error_new_literal (ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE,
                                                 "Enter the Hit table first");
  g_autoptr(GError) other = g_error_new_literal (ADJ_ERROR, ADJ_ERROR_INVALID, "invalid");
  g_autoptr(GError) foreign = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "failed");
  g_autoptr(GError) copy = NULL;
  const char * const *ids;

  g_assert_null (adj_error_get_missing_tables (NULL));
  g_assert_null (adj_error_get_missing_tables (error));
  g_assert_null (adj_error_get_missing_tables (other));
  g_assert_null (adj_error_get_missing_tables (foreign));

  adj_error_add_missing_table (error, "hit");
  adj_error_add_missing_table (error, "saves");
  adj_error_add_missing_table (error, "hit");
  ids = adj_error_get_missing_tables (error);
  g_assert_nonnull (ids);
  g_assert_cmpuint (g_strv_length ((char **) ids), ==, 2);
  g_assert_cmpstr (ids[0], ==, "hit");
  g_assert_cmpstr (ids[1], ==, "saves");
  g_assert_cmpstr (error->message, ==, "Enter the Hit table first");

  copy = g_error_copy (error);
  g_clear_error (&error);
  ids = adj_error_get_missing_tables (copy);
  g_assert_nonnull (ids);
  g_assert_cmpstr (ids[0], ==, "hit");
  g_assert_cmpstr (ids[1], ==, "saves");
  g_assert_null (ids[2]);

  /* Only the table error names tables, whatever was recorded on another. */
  adj_error_add_missing_table (other, "hit");
  g_assert_null (adj_error_get_missing_tables (other));
}

/* A mechanic that reads no table the players type in never lacks one. */
static void
test_missing_tables_none (void)
{
  const AdjMechanic *mech = adj_mechanic_lookup ("wec/fire-combat");
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, rs);
  AdjContext ctx = { .ruleset = rs };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) missing = adj_mechanic_missing_tables (mech, &ctx, in, &error);

  g_assert_no_error (error);
  g_assert_nonnull (missing);
  g_assert_cmpuint (missing->len, ==, 0);
}

static void
test_registry (void)
{
  guint n_systems = 0;
  const AdjSystem **systems = adj_systems (&n_systems);

  g_assert_cmpuint (n_systems, >=, 1);
  g_assert_true (adj_system_lookup ("wec") != NULL);
  for (guint s = 0; s < n_systems; s++)
    {
      const AdjSystem *system = systems[s];
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (system->id, &error);
      g_autofree char *prefix = g_strconcat (system->id, "/", NULL);

      g_assert_no_error (error);
      g_assert_true (adj_system_lookup (system->id) == system);
      g_assert_true (adj_ruleset_get_system (rs) == system);
      g_assert_cmpuint (system->n_mechanics, >, 0);
      for (guint i = 0; i < system->n_mechanics; i++)
        {
          const AdjMechanic *mech = system->mechanics[i];
          char id[64];

          g_assert_true (g_str_has_prefix (mech->id, prefix));
          g_assert_true (adj_mechanic_lookup (mech->id) == mech);
          g_assert_cmpstr (adj_mechanic_ruleset_id (mech, id, sizeof id), ==, system->id);
          for (guint k = 0; k < mech->n_inputs; k++)
            g_assert_true (adj_mechanic_find_input (mech, mech->inputs[k].name) ==
                           &mech->inputs[k]);
          g_assert_null (adj_mechanic_find_input (mech, "no-such-input"));
        }
    }
  g_assert_null (adj_system_lookup ("no-such-system"));
  g_assert_null (adj_mechanic_lookup ("wec/no-such-mechanic"));
  g_assert_null (adj_mechanic_lookup ("no-such-system/fire-combat"));
  g_assert_null (adj_mechanic_lookup ("wec"));
  g_assert_null (adj_mechanic_lookup (""));
  g_assert_null (adj_mechanic_lookup ("wec/"));
}

static void
test_scope_names (void)
{
  g_assert_cmpstr (adj_scope_to_string (ADJ_SCOPE_BATTLE), ==, "battle");
  g_assert_cmpstr (adj_scope_to_string (ADJ_SCOPE_SIDE), ==, "side");
  g_assert_cmpstr (adj_scope_to_string (ADJ_SCOPE_UNIT), ==, "unit");
  g_assert_cmpstr (adj_scope_to_string (ADJ_SCOPE_PAIR), ==, "pair");
  g_assert_cmpstr (adj_scope_to_string (ADJ_SCOPE_SETUP), ==, "setup");
}

/* ------------------------------------------------------------------------------------------ */
/* every mechanic with its default inputs                                                      */

static AdjOutcome *
resolve_seeded (const AdjMechanic *mech,
                AdjRuleset        *rs,
                AdjInputs         *in,
                guint64            seed)
{
  AdjRng rng;
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);
  g_autoptr(GError) error = NULL;
  AdjContext ctx = { .ruleset = rs };

  adj_rng_seed (&rng, seed);
  adj_pack_shuffle (pack, &rng);
  ctx.pack = pack;
  random = adj_random_new (&rng, pack);
  g_assert_true (adj_mechanic_resolve (mech, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&outcome);
}

static void
test_defaults (gconstpointer data)
{
  const AdjMechanic *mech = data;
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, rs);
  g_autoptr(AdjInputs) back = adj_inputs_new (mech, rs);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjOdds) odds = NULL;
  g_autoptr(GArray) specs = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) in_json = NULL;
  g_autoptr(json_object) back_json = NULL;
  g_autoptr(json_object) out_json = NULL;
  g_autoptr(json_object) odds_json = NULL;
  g_autofree char *text = NULL;
  AdjContext ctx = { .ruleset = rs };
  const AdjOddsEntry *hit;
  guint64 sum = 0;

  /* Fresh inputs hold their declared defaults and count as not set. */
  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];

      g_assert_false (adj_inputs_is_set (in, f->name));
      switch (f->kind)
        {
        case ADJ_FIELD_BOOL:
          g_assert_cmpint (adj_inputs_get_bool (in, f->name), ==, f->def != 0);
          break;
        case ADJ_FIELD_INT:
          g_assert_cmpint (adj_inputs_get_int (in, f->name), ==, f->def);
          break;
        case ADJ_FIELD_ENUM:
          {
            guint n = 0;
            const AdjChoice *choices = adj_ruleset_field_choices (rs, f, &n);
            const char *v = adj_inputs_get_string (in, f->name);

            g_assert_cmpuint (n, >, 0);
            g_assert_nonnull (adj_field_find_choice (choices, n, v));
            if (f->def_choice != NULL)
              g_assert_cmpstr (v, ==, f->def_choice);
          }
          break;
        case ADJ_FIELD_UNIT:
        case ADJ_FIELD_SIDE:
        default:
          g_assert_null (adj_inputs_get_string (in, f->name));
          break;
        }
    }

  /* The inputs survive a trip through JSON. */
  in_json = adj_inputs_to_json (in);
  g_assert_true (adj_inputs_set_json (back, in_json, "test", &error));
  g_assert_no_error (error);
  back_json = adj_inputs_to_json (back);
  g_assert_true (adj_json_equal (in_json, back_json));

  outcome = resolve_seeded (mech, rs, in, 20240601);
  g_assert_nonnull (outcome->key);
  g_assert_nonnull (outcome->title);
  g_assert_true (outcome->mechanic == mech);
  if (mech->outcomes != NULL)
    g_assert_nonnull (adj_field_find_choice (mech->outcomes, mech->n_outcomes, outcome->key));
  else
    {
      char *end = NULL;
      long v = strtol (outcome->key, &end, 10);

      g_assert_true (end != outcome->key && *end == '\0');
      g_assert_cmpint (adj_outcome_get_value_int (outcome, "result", G_MININT), ==, (int) v);
    }

  /* The dice rolled are the ones declared, in that order (a tie may roll more after them). */
  specs = adj_mechanic_draws (mech, &ctx, in);
  g_assert_cmpuint (outcome->rolls->len, >=, specs->len);
  if (specs->len == 0)
    g_assert_cmpuint (outcome->rolls->len, ==, 0);
  for (guint i = 0; i < specs->len; i++)
    {
      const AdjDrawSpec *d = &g_array_index (specs, AdjDrawSpec, i);
      const AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);

      g_assert_cmpstr (roll->group, ==, d->group);
      g_assert_cmpuint (roll->sides, ==, d->sides);
      g_assert_cmpuint (roll->n_values, ==, d->count);
    }
  for (guint i = 0; i < outcome->rolls->len; i++)
    {
      const AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);

      g_assert_false (roll->entered);
      for (guint k = 0; roll->sides != 0 && k < roll->n_values; k++)
        {
          int v = roll->dice[k];
          g_assert_cmpint (v, >=, 1);
          g_assert_cmpint (v, <=, (int) roll->sides);
        }
    }

  /* Exact odds: every declared outcome listed, the counts cover the total exactly once, and
   * what was just rolled is possible. */
  odds = adj_mechanic_odds (mech, &ctx, in, &error);
  g_assert_no_error (error);
  g_assert_nonnull (odds);
  assert_odds_exact (odds);
  g_assert_cmpuint (odds_total (odds), >, 0);
  for (guint i = 0; i < mech->n_outcomes; i++)
    g_assert_nonnull (adj_odds_find (odds, mech->outcomes[i].id));
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

      sum += odds_ways (e);
      if (odds_ways (e) > 0)
        {
          g_assert_cmpuint (odds_num (e) * odds_total (odds), ==, odds_ways (e) * odds_den (e));
          g_assert_cmpuint (adj_gcd (odds_num (e), odds_den (e)), ==, 1);
        }
      if (mech->outcomes != NULL)
        g_assert_nonnull (adj_field_find_choice (mech->outcomes, mech->n_outcomes, e->key));
    }
  g_assert_cmpuint (sum, ==, odds_total (odds));
  hit = adj_odds_find (odds, outcome->key);
  g_assert_nonnull (hit);
  g_assert_cmpuint (odds_ways (hit), >, 0);
  odds_json = adj_odds_to_json (odds);
  g_assert_cmpstr (json_object_get_string (adj_test_member (odds_json, "sum_exact")), ==, "1/1");

  out_json = adj_outcome_to_json (outcome);
  g_assert_cmpstr (json_object_get_string (adj_test_member (out_json, "outcome")), ==,
                   outcome->key);
  g_assert_cmpstr (json_object_get_string (adj_test_member (out_json, "mechanic")), ==, mech->id);
  g_assert_cmpuint (json_object_array_length (adj_test_member (out_json, "rolls")), ==,
                    outcome->rolls->len);
  text = adj_outcome_to_text (outcome);
  g_assert_true (g_str_has_prefix (text, outcome->title));
}

/* The same seed gives the same outcome; entering the dice it rolled gives it again. */
static void
test_reproducible (gconstpointer data)
{
  const AdjMechanic *mech = data;
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, rs);

  for (guint64 seed = 1; seed <= 25; seed++)
    {
      g_autoptr(AdjOutcome) a = resolve_seeded (mech, rs, in, seed);
      g_autoptr(AdjOutcome) b = resolve_seeded (mech, rs, in, seed);
      g_autoptr(json_object) aj = adj_outcome_to_json (a);
      g_autoptr(json_object) bj = adj_outcome_to_json (b);
      g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(AdjRandom) random = adj_random_new (NULL, NULL);
      g_autoptr(AdjOutcome) c = adj_outcome_new (mech);
      g_autoptr(GError) error = NULL;
      AdjContext ctx = { .ruleset = rs };
      gboolean cards = FALSE;

      g_assert_true (adj_json_equal (aj, bj));

      for (guint i = 0; i < a->rolls->len; i++)
        {
          const AdjRoll *roll = g_ptr_array_index (a->rolls, i);

          cards |= roll->sides == 0;
          if (roll->sides != 0)
            g_array_append_vals (dice, roll->dice, roll->n_values);
        }
      if (cards)
        continue;
      if (dice->len > 0)
        adj_random_enter_dice (random, (const int *) dice->data, dice->len);
      g_assert_true (adj_mechanic_resolve (mech, &ctx, in, random, c, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (c->key, ==, a->key);
      g_assert_true (adj_json_equal (c->values, a->values));
      g_assert_cmpuint (c->rolls->len, ==, a->rolls->len);
    }
}

static void
test_describe (gconstpointer data)
{
  const AdjMechanic *mech = data;
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(json_object) desc = adj_mechanic_describe (mech, rs);
  g_autoptr(AdjInputs) defaults = adj_inputs_new (mech, rs);
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs };
  json_object *inputs = adj_test_member (desc, "inputs");
  json_object *outcomes = adj_test_member (desc, "outcomes");
  json_object *draws = adj_test_member (adj_test_member (desc, "random"), "draws");
  char id[64];

  g_assert_cmpstr (json_object_get_string (adj_test_member (desc, "id")), ==, mech->id);
  g_assert_cmpstr (json_object_get_string (adj_test_member (desc, "ruleset")), ==,
                   adj_mechanic_ruleset_id (mech, id, sizeof id));
  g_assert_cmpstr (json_object_get_string (adj_test_member (desc, "scope")), ==,
                   adj_scope_to_string (mech->scope));
  g_assert_cmpuint (strlen (json_object_get_string (adj_test_member (desc, "title"))), >, 0);
  g_assert_cmpuint (strlen (json_object_get_string (adj_test_member (desc, "summary"))), >, 0);

  g_assert_cmpuint (json_object_array_length (inputs), ==, mech->n_inputs);
  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      json_object *in = json_object_array_get_idx (inputs, i);
      json_object *v = NULL;

      g_assert_cmpstr (json_object_get_string (adj_test_member (in, "name")), ==, f->name);
      g_assert_cmpstr (json_object_get_string (adj_test_member (in, "kind")), ==,
                       kind_name (f->kind));
      g_assert_cmpuint (strlen (json_object_get_string (adj_test_member (in, "label"))), >, 0);
      if (f->from != NULL)
        g_assert_cmpstr (json_object_get_string (adj_test_member (in, "prefill")), ==, f->from);
      else
        g_assert_false (json_object_object_get_ex (in, "prefill", NULL));
      switch (f->kind)
        {
        case ADJ_FIELD_BOOL:
          g_assert_true (json_object_is_type (adj_test_member (in, "default"), json_type_boolean));
          g_assert_cmpint (json_object_get_boolean (adj_test_member (in, "default")), ==,
                           f->def != 0);
          break;
        case ADJ_FIELD_INT:
          g_assert_cmpint (json_object_get_int (adj_test_member (in, "min")), ==, f->min);
          g_assert_cmpint (json_object_get_int (adj_test_member (in, "max")), ==, f->max);
          g_assert_cmpint (json_object_get_int (adj_test_member (in, "default")), ==, f->def);
          g_assert_cmpint (json_object_object_get_ex (in, "measure", &v), ==, f->measure != NULL);
          break;
        case ADJ_FIELD_ENUM:
          {
            guint n = 0;
            const AdjChoice *choices = adj_ruleset_field_choices (rs, f, &n);
            json_object *arr = adj_test_member (in, "choices");

            g_assert_cmpuint (json_object_array_length (arr), ==, n);
            for (guint k = 0; k < n; k++)
              g_assert_cmpstr (item_id (arr, k), ==, choices[k].id);
            g_assert_cmpstr (json_object_get_string (adj_test_member (in, "default")), ==,
                             adj_inputs_get_string (defaults, f->name));
          }
          break;
        case ADJ_FIELD_UNIT:
        case ADJ_FIELD_SIDE:
        default:
          g_assert_cmpint (json_object_get_boolean (adj_test_member (in, "optional")), ==,
                           f->optional);
          break;
        }
    }

  /* The outcomes it declares; or, for a result that is a number, those its odds list with the
   * same inputs. */
  g_assert_cmpint (json_object_get_boolean (adj_test_member (desc, "numeric")), ==,
                   mech->outcomes == NULL);
  if (mech->outcomes != NULL)
    {
      g_assert_cmpuint (json_object_array_length (outcomes), ==, mech->n_outcomes);
      for (guint i = 0; i < mech->n_outcomes; i++)
        g_assert_cmpstr (item_id (outcomes, i), ==, mech->outcomes[i].id);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjOdds) odds = adj_mechanic_odds (mech, &ctx, defaults, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (json_object_array_length (outcomes), ==, odds->entries->len);
      g_assert_cmpuint (odds->entries->len, >, 0);
      for (guint i = 0; i < odds->entries->len; i++)
        g_assert_cmpstr (item_id (outcomes, i), ==,
                         ((AdjOddsEntry *) g_ptr_array_index (odds->entries, i))->key);
    }

  specs = adj_mechanic_draws (mech, &ctx, defaults);
  g_assert_cmpuint (json_object_array_length (draws), ==, specs->len);
  for (guint i = 0; i < specs->len; i++)
    {
      const AdjDrawSpec *d = &g_array_index (specs, AdjDrawSpec, i);
      json_object *item = json_object_array_get_idx (draws, i);

      g_assert_cmpstr (json_object_get_string (adj_test_member (item, "group")), ==, d->group);
      if (d->sides != 0)
        {
          g_autofree char *dice = g_strdup_printf ("%uD%u", d->count, d->sides);
          g_assert_cmpstr (json_object_get_string (adj_test_member (item, "dice")), ==, dice);
        }
      else
        g_assert_cmpint (json_object_get_int (adj_test_member (item, "cards")), ==, (int) d->count);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* inputs that must be refused                                                                 */

typedef struct {
  const char *name;
  const char *mech;
  const char *json;
  const char *input;     /* the input the message must name, or NULL */
} BadInputCase;

static const BadInputCase bad_input_cases[] = {
  { "fire-combat/good-then-bad", "wec/fire-combat", "{\"flank\":true,\"distance\":99}",
    "distance" },
  { "unknown-name", "wec/fire-combat", "{\"nope\":1}", "nope" },
  { "unknown-name/of-another-mechanic", "wec/close-combat", "{\"firer\":\"u1\"}", "firer" },
  { "unknown-name/after-a-good-one", "wec/fire-combat", "{\"flank\":true,\"flonk\":true}",
    "flonk" },
  { "wrong-kind/int-given-string", "wec/fire-combat", "{\"distance\":\"far\"}", "distance" },
  { "wrong-kind/int-given-double", "wec/fire-combat", "{\"distance\":2.5}", "distance" },
  { "wrong-kind/int-given-bool", "wec/movement", "{\"contours\":true}", "contours" },
  { "wrong-kind/bool-given-int", "wec/fire-combat", "{\"flank\":1}", "flank" },
  { "wrong-kind/bool-given-string", "wec/fire-combat", "{\"flank\":\"yes\"}", "flank" },
  { "wrong-kind/enum-given-int", "wec/fire-combat", "{\"firer_type\":3}", "firer_type" },
  { "wrong-kind/enum-given-null", "wec/fire-combat", "{\"firer_dice\":null}", "firer_dice" },
  { "wrong-kind/unit-given-int", "wec/fire-combat", "{\"firer\":5}", "firer" },
  { "wrong-kind/side-given-array", "wec/activation", "{\"side\":[]}", "side" },
  { "int-out-of-range/below-min", "wec/fire-combat", "{\"distance\":0}", "distance" },
  { "int-out-of-range/above-max", "wec/fire-combat", "{\"distance\":51}", "distance" },
  { "int-out-of-range/command-4", "wec/fire-combat", "{\"firer_command\":4}", "firer_command" },
  { "int-out-of-range/negative", "wec/close-combat", "{\"attacker_support\":-1}",
    "attacker_support" },
  { "int-out-of-range/beyond-int", "wec/fire-combat", "{\"distance\":4294967298}", "distance" },
  { "int-out-of-range/rolled-value", "wec/army-limits", "{\"rolled_value\":49}",
    "rolled_value" },
  { "enum-not-a-choice/type", "wec/fire-combat", "{\"firer_type\":\"dragoon\"}", "firer_type" },
  { "enum-not-a-choice/weapon", "wec/fire-combat", "{\"firer_weapon\":\"lance\"}",
    "firer_weapon" },
  { "enum-not-a-choice/dice", "wec/fire-combat", "{\"firer_dice\":\"d20\"}", "firer_dice" },
  { "enum-not-a-choice/empty", "wec/initiative", "{\"side_a_dice\":\"\"}", "side_a_dice" },
  { "enum-not-a-choice/case", "wec/activation", "{\"dice\":\"2D6\"}", "dice" },
  { "enum-not-a-choice/budget", "wec/army-limits", "{\"budget\":\"huge\"}", "budget" },
  { "unit-not-an-id", "wec/fire-combat", "{\"firer\":\"Bad Id!\"}", "firer" },
  { "not-an-object", "wec/fire-combat", "[1,2]", NULL },
};

static void
test_bad_input (gconstpointer data)
{
  const BadInputCase *c = data;
  const AdjMechanic *mech = adj_mechanic_lookup (c->mech);
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, rs);
  g_autoptr(json_object) json = json_tokener_parse (c->json);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) before = adj_inputs_to_json (in);
  g_autoptr(json_object) after = NULL;

  g_assert_nonnull (json);
  g_assert_false (adj_inputs_set_json (in, json, "inputs.json", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  /* A refused input file changes nothing, not even the good values that came before. */
  after = adj_inputs_to_json (in);
  g_assert_true (json_object_equal (before, after));
  g_assert_nonnull (strstr (error->message, "inputs.json"));
  if (c->input != NULL)
    {
      g_autofree char *path = g_strconcat ("$.", c->input, NULL);

      if (strstr (error->message, path) == NULL)
        g_error ("“%s” does not name the input %s", error->message, c->input);
    }
}

/* The setters refuse what does not fit, name the input, and keep the old value. */
static void
test_setters (void)
{
  const AdjMechanic *mech = adj_mechanic_lookup ("wec/fire-combat");
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, rs);
  GError *error = NULL;

#define REFUSED(call, name) \
  G_STMT_START { \
    g_assert_false (call); \
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID); \
    g_assert_nonnull (strstr (error->message, name)); \
    g_clear_error (&error); \
  } G_STMT_END

  REFUSED (adj_inputs_set_int (in, "distance", 0, &error), "distance");
  REFUSED (adj_inputs_set_int (in, "distance", 51, &error), "distance");
  g_assert_cmpint (adj_inputs_get_int (in, "distance"), ==, 2);
  g_assert_false (adj_inputs_is_set (in, "distance"));
  REFUSED (adj_inputs_set_int (in, "flank", 1, &error), "flank");
  REFUSED (adj_inputs_set_bool (in, "distance", TRUE, &error), "distance");
  REFUSED (adj_inputs_set_string (in, "distance", "3", &error), "distance");
  REFUSED (adj_inputs_set_string (in, "flank", "true", &error), "flank");
  REFUSED (adj_inputs_set_string (in, "firer_type", "dragoon", &error), "firer_type");
  REFUSED (adj_inputs_set_string (in, "firer_type", NULL, &error), "firer_type");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_type"), ==, "regular-infantry");
  REFUSED (adj_inputs_set_string (in, "firer", "Bad Id!", &error), "firer");
  g_assert_null (adj_inputs_get_string (in, "firer"));
  REFUSED (adj_inputs_set_int (in, "nope", 1, &error), "nope");
  REFUSED (adj_inputs_set_bool (in, "nope", TRUE, &error), "nope");
  REFUSED (adj_inputs_set_string (in, "nope", "x", &error), "nope");
#undef REFUSED

  g_assert_true (adj_inputs_set_int (in, "distance", 50, &error));
  g_assert_cmpint (adj_inputs_get_int (in, "distance"), ==, 50);
  g_assert_true (adj_inputs_is_set (in, "distance"));
  g_assert_true (adj_inputs_set_string (in, "firer", "u7", &error));
  g_assert_true (adj_inputs_is_set (in, "firer"));
  g_assert_true (adj_inputs_set_string (in, "firer", NULL, &error));
  g_assert_false (adj_inputs_is_set (in, "firer"));
  g_assert_null (adj_inputs_get_string (in, "firer"));
  g_assert_no_error (error);

  {
    g_autoptr(AdjInputs) copy = adj_inputs_copy (in);
    g_assert_cmpint (adj_inputs_get_int (copy, "distance"), ==, 50);
    g_assert_true (adj_inputs_set_int (copy, "distance", 3, NULL));
    g_assert_cmpint (adj_inputs_get_int (in, "distance"), ==, 50);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* entered dice                                                                                */

typedef struct {
  const char *name;
  const char *inputs;
  int         dice[6];
  guint       n_dice;
  int         error;       /* -1: resolves */
  const char *message;     /* a part of the message, or NULL */
} DiceCase;

static const DiceCase dice_cases[] = {
  { "2d6/exact", "{}", { 6, 6, 1, 1 }, 4, -1, NULL },
  { "2d6/face-7", "{}", { 7, 1, 1, 1 }, 4, ADJ_ERROR_INVALID, "7" },
  { "2d6/face-0", "{}", { 3, 3, 0, 1 }, 4, ADJ_ERROR_INVALID, "0" },
  { "2d6/face-negative", "{}", { 3, 3, 2, -4 }, 4, ADJ_ERROR_INVALID, "-4" },
  { "d12/face-12", "{\"firer_dice\":\"d12\"}", { 12, 1, 1 }, 3, -1, NULL },
  { "d12/face-13", "{\"firer_dice\":\"d12\"}", { 13, 1, 1 }, 3, ADJ_ERROR_INVALID, "13" },
  { "d12-target/face-7-ok", "{\"target_dice\":\"d12\"}", { 1, 1, 7 }, 3, -1, NULL },
  { "too-many/one", "{}", { 3, 3, 3, 3, 3 }, 5, ADJ_ERROR_INVALID, "Too many dice" },
  { "too-many/d12", "{\"firer_dice\":\"d12\",\"target_dice\":\"d12\"}", { 3, 3, 3 }, 3,
    ADJ_ERROR_INVALID, "Too many dice" },
  { "too-few/one", "{}", { 3, 3, 3 }, 3, ADJ_ERROR_NEED_DICE, NULL },
  { "too-few/firer-only", "{}", { 3, 3 }, 2, ADJ_ERROR_NEED_DICE, NULL },
  { "too-few/half-a-throw", "{}", { 3 }, 1, ADJ_ERROR_NEED_DICE, NULL },
  { "none/no-generator", "{}", { 0 }, 0, ADJ_ERROR_NEED_DICE, NULL },
};

static void
test_dice_case (gconstpointer data)
{
  const DiceCase *c = data;
  const AdjMechanic *mech = adj_mechanic_lookup ("wec/fire-combat");
  g_autoptr(AdjRuleset) rs = ruleset_of (mech);
  g_autoptr(AdjInputs) in = adj_inputs_new (mech, rs);
  g_autoptr(json_object) json = json_tokener_parse (c->inputs);
  g_autoptr(AdjRandom) random = adj_random_new (NULL, NULL);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);
  g_autoptr(GError) error = NULL;
  AdjContext ctx = { .ruleset = rs };
  gboolean ok;

  g_assert_true (adj_inputs_set_json (in, json, "test", NULL));
  if (c->n_dice > 0)
    adj_random_enter_dice (random, c->dice, c->n_dice);
  g_assert_cmpint (adj_random_has_entered (random), ==, c->n_dice > 0);
  ok = adj_mechanic_resolve (mech, &ctx, in, random, outcome, &error);
  if (c->error < 0)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
      g_assert_nonnull (outcome->key);
      g_assert_cmpuint (outcome->rolls->len, ==, 2);
      return;
    }
  g_assert_false (ok);
  g_assert_error (error, ADJ_ERROR, c->error);
  if (c->message != NULL && strstr (error->message, c->message) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, c->message);
}

static void
test_random_check_used (void)
{
  static const int entered[] = { 2, 5, 6 };
  g_autoptr(AdjRandom) random = adj_random_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  int out[3] = { 0 };

  adj_random_enter_dice (random, entered, G_N_ELEMENTS (entered));
  g_assert_true (adj_random_roll (random, "a", "A", 2, 6, out, &error));
  g_assert_no_error (error);
  g_assert_cmpint (out[0], ==, 2);
  g_assert_cmpint (out[1], ==, 5);
  g_assert_false (adj_random_check_used (random, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (adj_random_roll (random, "b", "B", 2, 6, out, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
  g_clear_error (&error);
  g_assert_true (adj_random_roll (random, "b", "B", 1, 6, out, &error));
  g_assert_cmpint (out[0], ==, 6);
  g_assert_true (adj_random_check_used (random, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_random_get_rolls (random)->len, ==, 2);
  g_assert_false (adj_random_roll (random, "c", "C", 1, 6, out, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
}

/* A seeded generator rolls the same dice each time, and only faces of the die. */
static void
test_random_seeded (void)
{
  AdjRng a, b;
  g_autoptr(AdjRandom) ra = NULL;
  g_autoptr(AdjRandom) rb = NULL;
  int da[100], db[100];
  int seen[13] = { 0 };

  adj_rng_seed (&a, 99);
  adj_rng_seed (&b, 99);
  ra = adj_random_new (&a, NULL);
  rb = adj_random_new (&b, NULL);
  g_assert_true (adj_random_roll (ra, "x", "X", 100, 12, da, NULL));
  g_assert_true (adj_random_roll (rb, "x", "X", 100, 12, db, NULL));
  for (guint i = 0; i < 100; i++)
    {
      g_assert_cmpint (da[i], ==, db[i]);
      g_assert_cmpint (da[i], >=, 1);
      g_assert_cmpint (da[i], <=, 12);
      seen[da[i]]++;
    }
  /* 100 throws of a fair D12 miss a face with probability below 2e-3; this seed shows all. */
  for (int f = 1; f <= 12; f++)
    g_assert_cmpint (seen[f], >, 0);
  g_assert_true (adj_random_check_used (ra, NULL));
}

int
main (int   argc,
      char *argv[])
{
  guint n_systems = 0;
  const AdjSystem **systems;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mechanic/self-check", test_self_check);
  g_test_add_func ("/mechanic/registry", test_registry);
  g_test_add_func ("/mechanic/phases", test_phases);
  g_test_add_func ("/mechanic/follow-ups", test_follow_ups);
  g_test_add_func ("/mechanic/follow-up-check", test_follow_up_check);
  g_test_add_func ("/mechanic/error-missing-tables", test_error_missing_tables);
  g_test_add_func ("/mechanic/missing-tables-none", test_missing_tables_none);
  g_test_add_func ("/mechanic/scope-names", test_scope_names);

  systems = adj_systems (&n_systems);
  for (guint s = 0; s < n_systems; s++)
    for (guint i = 0; i < systems[s]->n_mechanics; i++)
      {
        const AdjMechanic *mech = systems[s]->mechanics[i];
        g_autofree char *defaults = g_strconcat ("/mechanic/defaults/", mech->id, NULL);
        g_autofree char *describe = g_strconcat ("/mechanic/describe/", mech->id, NULL);
        g_autofree char *again = g_strconcat ("/mechanic/reproducible/", mech->id, NULL);

        g_test_add_data_func (defaults, mech, test_defaults);
        g_test_add_data_func (describe, mech, test_describe);
        g_test_add_data_func (again, mech, test_reproducible);
      }

  for (guint i = 0; i < G_N_ELEMENTS (bad_input_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/mechanic/inputs/refused/", bad_input_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &bad_input_cases[i], test_bad_input);
    }
  g_test_add_func ("/mechanic/inputs/setters", test_setters);

  for (guint i = 0; i < G_N_ELEMENTS (dice_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/mechanic/dice/", dice_cases[i].name, NULL);
      g_test_add_data_func (path, &dice_cases[i], test_dice_case);
    }
  g_test_add_func ("/mechanic/dice/check-used", test_random_check_used);
  g_test_add_func ("/mechanic/dice/seeded", test_random_seeded);

  return g_test_run ();
}
