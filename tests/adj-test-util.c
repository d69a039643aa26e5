/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-util.c: what several test programs share (see adj-test-util.h). */

#include "adj-roll-setup.h"
#include "adj-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

#include "adj-error.h"
#include "adj-json.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-turn-state.h"

json_object *
adj_test_parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  json_object *json;

  /* JSON null is a NULL json_object. */
  if (g_str_equal (text, "null"))
    return NULL;
  json = adj_json_parse_data (text, strlen (text), "test", &error);
  g_assert_no_error (error);
  g_assert_nonnull (json);
  return json;
}

char *
adj_test_with_known (const char *text)
{
  g_auto(GStrv) ids = adj_ruleset_list_ids ();
  g_autofree char *known = g_strjoinv (", ", ids);
  g_auto(GStrv) parts = g_strsplit (text, "@KNOWN@", -1);

  return g_strjoinv (known, parts);
}

json_object *
adj_test_member (json_object *obj,
                 const char  *key)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (obj, key, &v))
    g_error ("no key “%s” in %s", key, json_object_to_json_string (obj));
  return v;
}

const char *
adj_test_member_string (json_object *obj,
                        const char  *key)
{
  json_object *v = adj_test_member (obj, key);

  g_assert_true (json_object_is_type (v, json_type_string));
  return json_object_get_string (v);
}

void
adj_test_fail_check (const char *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, message);
}

static json_object *
outcome_value (const AdjOutcome *outcome,
               const char       *name)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (outcome->values, name, &v))
    g_error ("no value “%s” in %s", name, json_object_to_json_string (outcome->values));
  return v;
}

int
value_int (const AdjOutcome *outcome,
           const char       *name)
{
  return json_object_get_int (outcome_value (outcome, name));
}

gboolean
value_bool (const AdjOutcome *outcome,
            const char       *name)
{
  return json_object_get_boolean (outcome_value (outcome, name));
}

void
adj_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = NULL;
      const char *name;

      g_chmod (path, 0700);
      dir = g_dir_open (path, 0, NULL);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          adj_test_remove_tree (child);
        }
      g_assert_cmpint (g_rmdir (path), ==, 0);
    }
  else
    g_assert_cmpint (g_unlink (path), ==, 0);
}

char *
adj_test_data_home_new (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strdup_printf ("adj-test-%s-XXXXXX", name);
  char *path = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", path, TRUE);
  return path;
}

void
adj_test_data_home_free (char *path)
{
  adj_test_remove_tree (path);
  g_free (path);
}

u128
gcd128 (u128 a,
        u128 b)
{
  while (b != 0)
    {
      u128 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

Frac
frac (u128 num,
      u128 den)
{
  u128 g = gcd128 (num, den);
  Frac r = { num / (g ? g : 1), den / (g ? g : 1) };

  if (r.num == 0)
    r.den = 1;
  return r;
}

Frac
frac_add (Frac a,
          Frac b)
{
  Frac r;
  u128 g;

  if (a.num == 0)
    return b;
  if (b.num == 0)
    return a;
  g = gcd128 (a.den, b.den);
  r.den = a.den / g * b.den;
  r.num = a.num * (b.den / g) + b.num * (a.den / g);
  g = gcd128 (r.num, r.den);
  r.num /= g;
  r.den /= g;
  return r;
}

Frac
frac_mul (Frac a,
          Frac b)
{
  Frac x = frac (a.num, b.den), y = frac (b.num, a.den);

  return frac (x.num * y.num, x.den * y.den);
}

Frac
frac_scale (Frac a,
            u128 num,
            u128 den)
{
  Frac r = { a.num * num, a.den * den };
  u128 g;

  if (r.num == 0)
    {
      r.den = 1;
      return r;
    }
  g = gcd128 (r.num, r.den);
  r.num /= g;
  r.den /= g;
  return r;
}

double
frac_double (Frac a)
{
  return a.den == 0 ? 0.0 : (double) a.num / (double) a.den;
}

static guint64
fits_u64 (const mpz_t z)
{
  guint64 v = 0;

  g_assert_cmpint (mpz_sgn (z), >=, 0);
  g_assert_cmpuint (mpz_sizeinbase (z, 2), <=, 64);
  mpz_export (&v, NULL, -1, sizeof v, 0, 0, z);
  return v;
}

guint64
odds_num (const AdjOddsEntry *e)
{
  return fits_u64 (mpq_numref (e->exact));
}

guint64
odds_den (const AdjOddsEntry *e)
{
  return fits_u64 (mpq_denref (e->exact));
}

guint64
odds_ways (const AdjOddsEntry *e)
{
  return fits_u64 (e->ways);
}

guint64
odds_total (const AdjOdds *odds)
{
  return fits_u64 (odds->total);
}

void
assert_odds_exact (const AdjOdds *odds)
{
  mpz_t sum;
  mpq_t q;

  g_assert_cmpint (mpz_sgn (odds->total), >, 0);
  mpz_init (sum);
  mpq_init (q);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

      mpz_add (sum, sum, e->ways);
      mpq_set_num (q, e->ways);
      mpq_set_den (q, odds->total);
      mpq_canonicalize (q);
      g_assert_true (mpq_equal (q, e->exact));
    }
  g_assert_cmpint (mpz_cmp (sum, odds->total), ==, 0);
  mpz_clear (sum);
  mpq_clear (q);
}

void
adj_test_assert_forbidden (AdjBattle  *battle,
                           const char *mech_id,
                           const char *json,
                           const char *message)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mech_id);
  g_autoptr(json_object) inputs = json != NULL ? adj_test_parse (json) : NULL;
  AdjRollRequest request = { .battle = battle, .inputs = inputs, .file = "test", .allow = TRUE };
  g_auto(AdjRollSetup) allowed = { 0 };
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);
  g_autoptr(GError) error = NULL;
  guint position = adj_battle_get_journal (battle)->position;

  /* Asked whether it may go ahead, the rules say no, and why; nothing is rolled or changed. */
  g_assert_false (adj_roll_setup_check (mech, battle, inputs, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (adj_battle_get_journal (battle)->position, ==, position);
  g_clear_error (&error);

  /* The referee allows it: it goes ahead, keeping the reason as the ruling. */
  g_assert_true (adj_roll_setup_prepare (mech, &request, &allowed, &error));
  g_assert_no_error (error);
  g_assert_true (adj_mechanic_resolve (mech, &allowed.ctx, allowed.inputs, allowed.random,
                                       outcome, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->ruling, ==, message);
}

void
adj_test_assert_allowed (AdjBattle  *battle,
                         const char *mech_id,
                         const char *json)
{
  g_autoptr(json_object) inputs = json != NULL ? adj_test_parse (json) : NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_roll_setup_check (adj_mechanic_lookup (mech_id), battle, inputs, &error));
  g_assert_no_error (error);
}

char *
adj_test_fact (AdjBattle  *battle,
               const char *id)
{
  g_autoptr(GPtrArray) facts = adj_battle_get_turn_state (battle);

  for (guint i = 0; i < facts->len; i++)
    {
      AdjTurnFact *fact = g_ptr_array_index (facts, i);

      if (g_str_equal (fact->id, id))
        return g_strdup (fact->value);
    }
  return NULL;
}

void
adj_test_assert_fact (AdjBattle  *battle,
                      const char *id,
                      const char *value)
{
  g_autofree char *have = adj_test_fact (battle, id);

  g_assert_cmpstr (have, ==, value);
}

AdjBattle *
adj_test_load_battle (const char *path)
{
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  return battle;
}

AdjBattle *
adj_test_load_demo (const char *file)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", file, NULL);

  return adj_test_load_battle (path);
}

void
adj_test_undo (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
}

void
adj_test_redo (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_no_error (error);
}

AdjOutcome *
adj_test_run_ruling (AdjBattle  *battle,
                     const char *mech_id,
                     const char *json)
{
  g_autoptr(json_object) inputs = json != NULL ? adj_test_parse (json) : NULL;
  g_autoptr(GError) error = NULL;
  AdjOutcome *outcome = adj_battle_run_ruling (battle, mech_id, inputs, &error);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  return outcome;
}

void
adj_test_go_to_phase (AdjBattle  *battle,
                      const char *phase)
{
  /* A turn has a handful of phases: more steps than that means there is no such phase. */
  for (int step = 0; step < 16; step++)
    {
      g_autoptr(GError) error = NULL;

      if (g_str_equal (adj_battle_get_phase (battle), phase))
        return;
      g_assert_true (adj_battle_next_phase (battle, &error));
      g_assert_no_error (error);
    }
  adj_test_fail_check ("the battle never reached the phase “%s”", phase);
}

AdjOutcome *
adj_test_try_play (AdjBattle   *battle,
                   const char  *mech_id,
                   const char  *json,
                   const int   *dice,
                   guint        n_dice,
                   gboolean     allow,
                   GError     **error)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mech_id);
  g_autoptr(json_object) inputs = adj_test_parse (json);
  g_autoptr(GArray) entered = g_array_new (FALSE, FALSE, sizeof (int));
  AdjRollRequest request = { .battle = battle, .inputs = inputs, .file = "test",
                             .entered = TRUE, .dice = entered, .allow = allow };
  g_auto(AdjRollSetup) setup = { 0 };
  g_autoptr(AdjOutcome) outcome = NULL;

  g_assert_nonnull (mech);
  outcome = adj_outcome_new (mech);
  g_array_append_vals (entered, dice, n_dice);
  if (!adj_roll_setup_prepare (mech, &request, &setup, error) ||
      !adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome, error) ||
      !adj_battle_apply_outcome (battle, setup.inputs, outcome, error))
    return NULL;
  return g_steal_pointer (&outcome);
}

AdjOutcome *
adj_test_play (AdjBattle  *battle,
               const char *mech_id,
               const char *json,
               const int  *dice,
               guint       n_dice,
               gboolean    allow)
{
  g_autoptr(GError) error = NULL;
  AdjOutcome *outcome = adj_test_try_play (battle, mech_id, json, dice, n_dice, allow, &error);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  return outcome;
}
