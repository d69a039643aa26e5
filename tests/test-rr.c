/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rr.c: Redvers' Reverse against RULES.md — the command points of every Buller and HQ
 * state, orders sent and received, the drift markers drawn into their areas and found, the
 * cups and their chits, strength, stacking and losses, leaders, recovery, morale, Boer
 * targeting, the Shaken test, emplacements, every end of the battle, a whole turn walked step by
 * step with fixed dice, hidden values absent from every output until the rules reveal them, and
 * every exact odds against a brute force over the dice. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-roster.h"
#include "adj-rr.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-unit.h"
#include "adj-test-pdf.h"

static AdjRuleset *rs;

/* A user data folder of the test's own (set in main(), before GLib reads it). */
static char *data_home;

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_assert_cmpint (g_rmdir (path), ==, 0);
    }
  else
    g_assert_cmpint (g_unlink (path), ==, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* The rules as RULES.md states them, and the charts of this test: written here independently  */
/* of rr.json and adj-rr.c                                                                      */

static int
book_cp (const char *buller,
         const char *mode)
{
  if (g_str_equal (buller, "with-hq"))
    return g_str_equal (mode, "operative") ? 3 : 1;
  if (g_str_equal (buller, "away"))
    return 1;
  return g_str_equal (mode, "operative") ? 1 : 0;   /* dead: the decision for movement mode */
}

/* The test's own charts (any values would do: the point is that the code reads them). */
#define LOST (-1)
static const int test_send[13] = { 0, 0, LOST, 2, 1, 1, 1, 0, 0, 0, 1, 1, LOST };
static const char *const test_receive[13] = {
  NULL, NULL, "charge", "ignore", "ignore", "as-ordered", "as-ordered", "as-ordered",
  "as-ordered", "as-ordered", "as-ordered", "as-ordered", "charge"
};

static const char *
book_withdrawal (int row)
{
  return row <= 6 ? "continue" : "withdraw";
}

static const char *
test_recovery (const char *column,
               int         row)
{
  int a = g_str_equal (column, "disrupted") ? 5 : g_str_equal (column, "suppressed") ? 6 : 7;

  return row <= a ? "unchanged" : row <= a + 4 ? "up-one" : "up-two";
}

static const char *
test_formation (const char *column,
                int         row)
{
  int a = g_str_equal (column, "brigade") ? 3 : g_str_equal (column, "group-emplacement") ? 2 : 4;

  return row <= a ? "routed" : row <= a + 2 ? "suppressed" : row <= a + 4 ? "disrupted"
                                                                           : "normal";
}

static const char *
test_shell (int row,
            int column)
{
  return row + column >= 15 ? "suppressed" : row + column >= 11 ? "disrupted" : "no-effect";
}

static int
test_rifle (int row,
            int column)
{
  return MAX (0, (row + column) / 4 - 1);
}

static const int test_status_conf[17] = { 0, 1, -1, 1, -1, 0, 0, 2, -2, 1, -1, 0, 0, 1, -1, 0, 0 };
static const int test_status_loss[17] = { 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0 };

typedef struct {
  const char *row;
  int         n;
} Count;

static const Count test_british[] = {
  { "bob-hart", 1 }, { "other-a", 2 }, { "other-b", 2 }, { "other-c", 1 }, { "other-d", 1 },
  { "other-e", 1 }, { "other-f", 1 }, { "other-g", 1 }, { "other-h", 1 }, { "other-i", 0 },
  { "other-j", 0 },
};
static const Count test_boer[] = {
  { "group-2-released", 1 }, { "group-3-released", 1 }, { "group-4-released", 1 },
  { "other-a", 2 }, { "other-b", 2 }, { "other-c", 1 }, { "other-d", 1 }, { "other-e", 0 },
  { "other-f", 0 }, { "other-g", 0 }, { "other-h", 0 },
};
static const Count test_sp[] = {
  { "-5", 0 }, { "-4", 0 }, { "-3", 0 }, { "-2", 2 }, { "-1", 4 }, { "0", 6 }, { "1", 4 },
  { "2", 2 }, { "3", 0 }, { "4", 0 }, { "5", 0 },
};
static const Count test_variants[] = {
  { "hesitate", -1 }, { "close-order", -1 }, { "no-hlangwane", 2 }, { "other-a", 1 },
  { "other-b", -1 }, { "other-c", 0 }, { "other-d", 0 }, { "other-e", 0 }, { "other-f", 0 },
  { "other-g", 0 }, { "other-h", 0 },
};

static void
put (AdjTables  *t,
     const char *table,
     const char *row,
     const char *column,
     const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_tables_set_cell_text (t, table, row, column, text, &error));
  g_assert_no_error (error);
}

static void
put_int (AdjTables  *t,
         const char *table,
         int         row,
         const char *column,
         int         value)
{
  char r[16], v[16];

  g_snprintf (r, sizeof r, "%d", row);
  g_snprintf (v, sizeof v, "%d", value);
  put (t, table, r, column, v);
}

/* Every chart filled from the test's values. */
static AdjTables *
full_tables (void)
{
  AdjTables *t = adj_tables_new (rs);

  for (int r = 2; r <= 12; r++)
    {
      char row[8];

      g_snprintf (row, sizeof row, "%d", r);
      if (test_send[r] == LOST)
        put (t, "send-orders", row, "value", "lost");
      else
        put_int (t, "send-orders", r, "value", test_send[r]);
      put (t, "receive-orders", row, "value", test_receive[r]);
      put (t, "emergency-withdrawal", row, "value", book_withdrawal (r));
      put (t, "unit-recovery", row, "disrupted", test_recovery ("disrupted", r));
      put (t, "unit-recovery", row, "suppressed", test_recovery ("suppressed", r));
      put (t, "unit-recovery", row, "routed", test_recovery ("routed", r));
      put (t, "formation-morale", row, "brigade", test_formation ("brigade", r));
      put (t, "formation-morale", row, "group-emplacement",
           test_formation ("group-emplacement", r));
      put (t, "formation-morale", row, "group-open", test_formation ("group-open", r));
      for (int c = 1; c <= 6; c++)
        {
          char col[8];

          g_snprintf (col, sizeof col, "%d", c);
          put (t, "shell-fire", row, col, test_shell (r, c));
        }
    }
  for (int r = 1; r <= 6; r++)
    for (int c = 1; c <= 10; c++)
      {
        char col[8];

        g_snprintf (col, sizeof col, "%d", c);
        put_int (t, "rifle-fire", r, col, test_rifle (r, c));
      }
  for (int l = 1; l <= 16; l++)
    {
      put_int (t, "status", l, "confidence", test_status_conf[l]);
      put_int (t, "status", l, "loss", test_status_loss[l]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (test_british); i++)
    {
      char v[8];
      g_snprintf (v, sizeof v, "%d", test_british[i].n);
      put (t, "british-event-chits", test_british[i].row, "value", v);
    }
  for (guint i = 0; i < G_N_ELEMENTS (test_boer); i++)
    {
      char v[8];
      g_snprintf (v, sizeof v, "%d", test_boer[i].n);
      put (t, "boer-event-chits", test_boer[i].row, "value", v);
    }
  for (guint i = 0; i < G_N_ELEMENTS (test_sp); i++)
    {
      char v[8];
      g_snprintf (v, sizeof v, "%d", test_sp[i].n);
      put (t, "sp-counters", test_sp[i].row, "value", v);
    }
  for (guint i = 0; i < G_N_ELEMENTS (test_variants); i++)
    {
      char v[8];
      g_snprintf (v, sizeof v, "%d", test_variants[i].n);
      put (t, "variants", test_variants[i].row, "value", v);
    }
  return t;
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static json_object *
member (json_object *obj,
        const char  *key)
{
  json_object *v = NULL;

  json_object_object_get_ex (obj, key, &v);
  return v;
}

static const char *
member_string (json_object *obj,
               const char  *key)
{
  return json_object_get_string (member (obj, key));
}

static AdjRandom *
dice_of (const int *values,
         guint      n)
{
  AdjRandom *r = adj_random_new (NULL, NULL);

  adj_random_enter_dice (r, values, n);
  return r;
}

#define DICE(...) dice_of ((const int[]) { __VA_ARGS__ }, \
                           G_N_ELEMENTS (((const int[]) { __VA_ARGS__ })))

static void
all_used (AdjRandom *r)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_random_check_used (r, &error));
  g_assert_no_error (error);
}

/* Invented strengths: battalions 5/3, regiments 2, commandos 6/3. */
static json_object *
strengths (void)
{
  json_object *s = json_object_new_object ();
  json_object *oob = member (adj_ruleset_get_json (rs), "order_of_battle");
  json_object *brigades = member (member (oob, "british"), "brigades");
  json_object *groups = member (member (oob, "boer"), "groups");

  for (gsize b = 0; b < json_object_array_length (brigades); b++)
    {
      json_object *units = member (json_object_array_get_idx (brigades, b), "units");

      for (gsize k = 0; k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);
          const char *type = member_string (u, "type");

          if (g_str_equal (type, "battalion"))
            {
              json_object *one = json_object_new_object ();

              json_object_object_add (one, "sp", json_object_new_int (5));
              json_object_object_add (one, "reduced_sp", json_object_new_int (3));
              json_object_object_add (s, member_string (u, "id"), one);
            }
          else if (g_str_equal (type, "regiment"))
            {
              json_object *one = json_object_new_object ();

              json_object_object_add (one, "sp", json_object_new_int (2));
              json_object_object_add (s, member_string (u, "id"), one);
            }
        }
    }
  for (gsize g = 0; g < json_object_array_length (groups); g++)
    {
      json_object *units = member (json_object_array_get_idx (groups, g), "units");

      for (gsize k = 0; k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);

          if (g_str_equal (member_string (u, "type"), "commando"))
            {
              json_object *one = json_object_new_object ();

              json_object_object_add (one, "sp", json_object_new_int (6));
              json_object_object_add (one, "reduced_sp", json_object_new_int (3));
              json_object_object_add (s, member_string (u, "id"), one);
            }
        }
    }
  return s;
}

static const char *const setup_emplacements[] = { "Fort Wylie", "Colenso Koppies", NULL };

/* A battle with the orders of battle, the test's charts and, unless @setup is FALSE, set up
 * with @drift_dice (six dice: D5, D4, D3, D4, D3, D2) or the seeded generator. */
static AdjBattle *
battle_new (const char * const *variants,
            const int          *drift_dice,
            gboolean            setup)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) s = strengths ();
  g_autoptr(AdjTables) t = full_tables ();
  AdjBattle *battle = adj_battle_new (rs, "Colenso");

  adj_battle_set_seed (battle, 1899);
  g_assert_true (adj_rr_add_order_of_battle (battle, s, &error));
  g_assert_no_error (error);
  adj_battle_set_tables (battle, t);
  if (setup)
    {
      g_autoptr(AdjRandom) r = drift_dice != NULL ? dice_of (drift_dice, 6) : NULL;

      g_assert_true (adj_rr_setup (battle, variants, setup_emplacements, r, &error));
      g_assert_no_error (error);
      if (r != NULL)
        all_used (r);
    }
  return battle;
}

static const int default_drifts[6] = { 1, 1, 1, 1, 1, 1 };

static json_object *
open_secret (AdjBattle  *battle,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adj_secret_open (adj_battle_get_secret (battle, name), &error);

  g_assert_no_error (error);
  return json_tokener_parse (text);
}

static json_object *
cup (json_object *cups,
     const char  *which,
     const char  *part)
{
  return member (member (cups, which), part);
}

static guint
count_in (json_object *arr,
          const char  *chit)
{
  guint n = 0;

  for (gsize i = 0; i < json_object_array_length (arr); i++)
    n += g_strcmp0 (json_object_get_string (json_object_array_get_idx (arr, i)), chit) == 0;
  return n;
}

/* The die that draws @chit from the cup as it stands (its place in the shuffled cup, + 1). */
static int
die_for (AdjBattle  *battle,
         const char *which,
         const char *chit)
{
  g_autoptr(json_object) cups = open_secret (battle, ADJ_RR_CUPS_SECRET);
  json_object *arr = cup (cups, which, "cup");

  for (gsize i = 0; i < json_object_array_length (arr); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (arr, i)), chit) == 0)
      return (int) i + 1;
  g_assert_not_reached ();
  return 0;
}

static AdjUnit *
unit (AdjBattle  *battle,
      const char *id)
{
  AdjUnit *u = adj_battle_find_unit (battle, id);

  g_assert_nonnull (u);
  return u;
}

/* Whether the current step still waits for something. */
static gboolean
is_pending (AdjBattle *battle)
{
  g_autofree char *pending = adj_rr_pending (battle);

  return pending != NULL;
}

static void
next_ok (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_rr_next_step (battle, &error));
  g_assert_no_error (error);
}

/* Move the step marker on until it stands on @step. */
static void
walk_to (AdjBattle  *battle,
         const char *step)
{
  for (guint guard = 0; guard < 60; guard++)
    {
      AdjRrTracks t;

      adj_rr_get_tracks (battle, &t);
      if (g_str_equal (t.step, step))
        return;
      next_ok (battle);
    }
  g_assert_not_reached ();
}

/* Move the step marker on to @step of turn @turn, drawing the chits and rolling the Shaken
 * tests the rules require on the way (with ones). */
static void
advance_to (AdjBattle  *battle,
            int         turn,
            const char *step)
{
  for (guint guard = 0; guard < 1000; guard++)
    {
      g_autoptr(GError) error = NULL;
      AdjRrTracks t;

      adj_rr_get_tracks (battle, &t);
      if (t.turn == turn && g_str_equal (t.step, step))
        return;
      if (!t.step_done && g_str_equal (t.step, "draw-event"))
        {
          g_autoptr(AdjRandom) r = DICE (1);
          g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, r, NULL, &error));
        }
      else if (!t.step_done && g_str_equal (t.step, "draw-boer-event") && t.turn >= 5)
        {
          g_autoptr(AdjRandom) r = DICE (1);
          g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BOER, r, NULL, &error));
        }
      else if (!t.step_done && g_str_equal (t.step, "shaken-test") && t.confidence <= t.turn)
        {
          g_autoptr(AdjRandom) r = DICE (1, 1);
          g_assert_true (adj_rr_shaken_test (battle, r, &error));
        }
      g_assert_no_error (error);
      next_ok (battle);
    }
  g_assert_not_reached ();
}

static void
assert_step (AdjBattle  *battle,
             int         turn,
             const char *phase,
             const char *segment,
             const char *step)
{
  AdjRrTracks t;

  adj_rr_get_tracks (battle, &t);
  g_assert_cmpint (t.turn, ==, turn);
  g_assert_cmpstr (t.phase, ==, phase);
  g_assert_cmpstr (t.segment, ==, segment);
  g_assert_cmpstr (t.step, ==, step);
  g_assert_cmpstr (adj_battle_get_phase (battle), ==, phase);
}

static int
setting_int (AdjBattle  *battle,
             const char *name)
{
  return json_object_get_int (member (adj_battle_get_settings (battle), name));
}

static AdjInputs *
inputs_new (const char *mechanic,
            const char *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mechanic);
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(json_object) j = json_tokener_parse (json);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (mech);
  in = adj_inputs_new (mech, rs);
  g_assert_true (adj_inputs_set_json (in, j, "test", &error));
  g_assert_no_error (error);
  return g_steal_pointer (&in);
}

/* Resolve without a battle (the charts from the tables override) with entered dice. */
static AdjOutcome *
resolve_dice (const char *mechanic,
              const char *json,
              const int  *dice,
              guint       n)
{
  g_autoptr(AdjInputs) in = inputs_new (mechanic, json);
  g_autoptr(AdjRandom) r = dice_of (dice, n);
  g_autoptr(AdjOutcome) out = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  AdjContext ctx = { .ruleset = rs };

  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, r, out, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&out);
}

static AdjOdds *
odds_of (const char *mechanic,
         const char *json)
{
  g_autoptr(AdjInputs) in = inputs_new (mechanic, json);
  g_autoptr(GError) error = NULL;
  AdjContext ctx = { .ruleset = rs };
  AdjOdds *odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

/* Odds as 36ths (or 6ths): the count of @key over @total. */
static void
assert_odds (AdjOdds    *odds,
             const char *key,
             guint64     ways,
             guint64     total)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);

  g_assert_nonnull (e);
  if (ways == 0)
    {
      g_assert_cmpuint (e->count, ==, 0);
      return;
    }
  /* Equal fractions: count / odds->total == ways / total. */
  g_assert_cmpuint (e->count * total, ==, ways * odds->total);
}

static void
use_tables (AdjTables *t)
{
  adj_tables_set_override (t);
}

/* ------------------------------------------------------------------------------------------ */
/* the registry and rr.json                                                                    */

static void
test_registry (void)
{
  const AdjSystem *system = adj_system_lookup ("rr");
  GPtrArray *phases = adj_ruleset_get_phases (rs);
  json_object *seq = member (adj_ruleset_get_json (rs), "sequence");
  guint segments = 0, steps = 0;
  g_autoptr(AdjBattle) battle = battle_new (NULL, NULL, FALSE);
  guint british = 0, boer = 0, leaders = 0;
  GListModel *units = adj_battle_get_units (battle);
  static const char *const tables[] = {
    "send-orders", "receive-orders", "emergency-withdrawal", "unit-recovery",
    "formation-morale", "shell-fire", "rifle-fire", "status", "british-event-chits",
    "boer-event-chits", "sp-counters", "variants",
  };

  g_assert_nonnull (system);
  g_assert_true (adj_ruleset_get_system (rs) == system);
  g_assert_cmpuint (system->n_mechanics, ==, 18);
  g_assert_cmpint (adj_ruleset_get_max_turns (rs), ==, 20);

  /* Five phases, seventeen segments, the steps RULES.md lists. */
  g_assert_cmpuint (phases->len, ==, 5);
  for (gsize p = 0; p < json_object_array_length (seq); p++)
    {
      json_object *segs = member (json_object_array_get_idx (seq, p), "segments");

      segments += (guint) json_object_array_length (segs);
      for (gsize s = 0; s < json_object_array_length (segs); s++)
        steps += (guint) json_object_array_length (member (json_object_array_get_idx (segs, s),
                                                           "steps"));
    }
  g_assert_cmpuint (segments, ==, 17);
  g_assert_cmpuint (steps, ==, 28);

  /* Every chart the player types in is declared. */
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    g_assert_nonnull (adj_table_shape_lookup (rs, tables[i]));

  /* The orders of battle: nine brigades and their leaders, seven Boer groups. */
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) u = g_list_model_get_item (units, i);
      const char *type = adj_unit_get_type_id (u);

      leaders += g_str_equal (type, "leader");
      british += g_str_equal (type, "battalion") || g_str_equal (type, "regiment") ||
                 g_str_equal (type, "battery");
      boer += g_str_equal (type, "commando") || g_str_equal (type, "boer-gun");
    }
  g_assert_cmpuint (leaders, ==, 9);
  g_assert_cmpuint (british, ==, 30);
  g_assert_cmpuint (boer, ==, 19);
  g_assert_cmpuint (g_strv_length ((char **) adj_rr_brigades (rs)), ==, 9);
  g_assert_cmpuint (g_strv_length ((char **) adj_rr_drifts (rs)), ==, 6);
  /* Guns are facts of the orders of battle; other strengths are entered. */
  g_assert_cmpint (adj_unit_get_status_int (unit (battle, "7th-field-battery"), "sp"), ==, 6);
  g_assert_cmpint (adj_unit_get_status_int (unit (battle, "naval-heavy-battery-4-7-inch"), "sp"),
                   ==, 2);
  g_assert_cmpint (adj_unit_get_status_int (unit (battle, "75-mm-creusot-guns"), "sp"), ==, 2);
  g_assert_cmpint (adj_unit_get_status_int (unit (battle, "2nd-devonshire-regiment"), "sp"), ==,
                   5);
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "hildyard"), "brigade"), ==,
                   "2nd-brigade");
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "frankfort-commando"), "group"), ==,
                   "4th-group");
}

/* Break rr.json in one place and check the message. */
static json_object *
ruleset_copy (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "rulesets",
                                            "rr.json", NULL);
  g_autoptr(GError) error = NULL;
  json_object *json = adj_json_parse_file (path, &error);

  g_assert_no_error (error);
  return json;
}

static void
assert_broken (json_object *json,
               const char  *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) broken = adj_ruleset_load_json (json, "rr.json", &error);

  g_assert_null (broken);
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("expected “%s” in “%s”", message, error->message);
}

static void
test_broken (void)
{
  {
    g_autoptr(json_object) j = ruleset_copy ();
    json_object *steps = member (json_object_array_get_idx (member (json_object_array_get_idx (
      member (j, "sequence"), 0), "segments"), 0), "steps");

    json_object_array_del_idx (steps, 1, 1);
    assert_broken (j, "expected the step");
  }
  {
    g_autoptr(json_object) j = ruleset_copy ();

    json_object_array_del_idx (member (member (member (j, "order_of_battle"), "british"),
                                       "brigades"), 8, 1);
    assert_broken (j, "expected 9 brigades");
  }
  {
    g_autoptr(json_object) j = ruleset_copy ();
    json_object *tables = member (j, "tables");

    json_object_array_del_idx (tables, 1, 1);
    assert_broken (j, "the table “receive-orders” is missing");
  }
  {
    g_autoptr(json_object) j = ruleset_copy ();

    json_object_object_add (member (j, "command_points"), "dead_hq_moving",
                            json_object_new_int (9));
    assert_broken (j, "dead_hq_moving");
  }
  {
    g_autoptr(json_object) j = ruleset_copy ();
    json_object *markers = member (member (member (j, "drifts"), "high"), "markers");

    json_object_array_put_idx (markers, 0, json_object_new_int (13));
    assert_broken (j, "expected drift values from 2 to 12");
  }
  {
    g_autoptr(json_object) j = ruleset_copy ();

    json_object_object_add (j, "no-such-key", json_object_new_int (1));
    assert_broken (j, "no-such-key");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* command points                                                                              */

static void
test_command_points (void)
{
  static const char *const bullers[] = { "with-hq", "away", "dead" };
  static const char *const modes[] = { "operative", "movement" };

  for (guint b = 0; b < G_N_ELEMENTS (bullers); b++)
    for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
      {
        g_autofree char *json = g_strdup_printf ("{\"buller\": \"%s\", \"hq_mode\": \"%s\"}",
                                                 bullers[b], modes[m]);
        g_autoptr(AdjOutcome) out = resolve_dice ("rr/command-points", json, NULL, 0);
        g_autoptr(AdjOdds) odds = odds_of ("rr/command-points", json);
        char key[8];

        g_snprintf (key, sizeof key, "%d", book_cp (bullers[b], modes[m]));
        g_assert_cmpstr (out->key, ==, key);
        g_assert_cmpuint (out->rolls->len, ==, 0);
        assert_odds (odds, key, 1, 1);
      }
}

/* The battle's own state decides, and the step gives the points and loses the rest. */
static void
test_command_points_battle (void)
{
  typedef struct {
    gboolean dead;
    gboolean with_hq;
    const char *mode;
  } Case;
  static const Case cases[] = {
    { FALSE, TRUE, "operative" }, { FALSE, TRUE, "movement" }, { FALSE, FALSE, "operative" },
    { FALSE, FALSE, "movement" }, { TRUE, TRUE, "operative" }, { TRUE, FALSE, "movement" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
      g_autoptr(GError) error = NULL;
      g_autoptr(json_object) dead = json_object_new_boolean (cases[i].dead);
      g_autoptr(json_object) with = json_object_new_boolean (cases[i].with_hq);
      g_autoptr(json_object) mode = json_object_new_string (cases[i].mode);
      g_autoptr(AdjRandom) r = NULL;
      int expected = book_cp (cases[i].dead ? "dead" : cases[i].with_hq ? "with-hq" : "away",
                              cases[i].mode);

      g_assert_true (adj_battle_edit (battle, "unit:buller", "destroyed", dead, &error));
      g_assert_true (adj_battle_edit (battle, "battle", "settings.buller_with_hq", with, &error));
      g_assert_true (adj_battle_edit (battle, "unit:hq", "status.hq_mode", mode, &error));
      g_assert_no_error (error);
      /* Turn 1 has no CP segment: walk to turn 2's, spending nothing in turn 1. */
      walk_to (battle, "shaken-test");
      r = DICE (1, 1);
      if (setting_int (battle, "confidence") <= adj_battle_get_turn (battle))
        g_assert_true (adj_rr_shaken_test (battle, r, &error));
      g_assert_no_error (error);
      walk_to (battle, "draw-event");
      {
        g_autoptr(AdjRandom) d = DICE (1);
        g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, d, NULL, &error));
        g_assert_no_error (error);
      }
      g_assert_cmpint (setting_int (battle, "cp"), ==, 8);
      next_ok (battle);
      assert_step (battle, 2, "orders", "command-points", "collect-cp");
      g_assert_cmpint (setting_int (battle, "cp"), ==, expected);
      g_assert_cmpint (setting_int (battle, "cp_spent"), ==, 0);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* set-up: drifts, cups, tracks                                                                */

typedef struct {
  int   d[6];
} DriftDice;

/* The value each area gets: the die picks among the markers left, in the rr.json order. */
static void
book_drifts (const int *d,
             int        values[6],
             GArray    *aside)
{
  int high[5] = { 12, 10, 10, 10, 6 };
  int low[4] = { 6, 6, 8, 4 };
  int n = 5;

  for (int a = 0; a < 3; a++)
    {
      int pick = d[a] - 1;

      values[a] = high[pick];
      memmove (&high[pick], &high[pick + 1], (size_t) (n - pick - 1) * sizeof (int));
      n--;
    }
  g_array_append_vals (aside, high, (guint) n);
  n = 4;
  for (int a = 0; a < 3; a++)
    {
      int pick = d[3 + a] - 1;

      values[3 + a] = low[pick];
      memmove (&low[pick], &low[pick + 1], (size_t) (n - pick - 1) * sizeof (int));
      n--;
    }
  g_array_append_vals (aside, low, (guint) n);
}

static void
test_setup_drifts (void)
{
  static const char *const areas[] = {
    "wagon-drift", "native-drift", "2nd-pont-drift", "small-falls-drift", "bridle-drift",
    "1st-pont-drift"
  };
  /* How often each area gets each value over every throw: the draw is fair. */
  int seen[6][13] = { { 0 } };
  guint runs = 0;

  for (int a = 1; a <= 5; a++)
    for (int b = 1; b <= 4; b++)
      for (int c = 1; c <= 3; c++)
        for (int low = 0; low < 24; low++)
          {
            int d[6] = { a, b, c, low / 6 + 1, (low / 2) % 3 + 1, low % 2 + 1 };
            int values[6];
            g_autoptr(GArray) aside = g_array_new (FALSE, FALSE, sizeof (int));
            g_autoptr(AdjBattle) battle = NULL;
            g_autoptr(json_object) record = NULL;
            json_object *got_aside;

            /* Every high throw with one low throw, and every low throw with one high throw. */
            if (!(low == 0 || (a == 1 && b == 1 && c == 1)))
              continue;
            battle = battle_new (NULL, d, TRUE);
            record = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
            book_drifts (d, values, aside);
            for (guint i = 0; i < 6; i++)
              {
                int v = json_object_get_int (member (member (record, "areas"), areas[i]));

                g_assert_cmpint (v, ==, values[i]);
                if ((i < 3 && low == 0) || (i >= 3 && a == 1 && b == 1 && c == 1))
                  seen[i][v]++;
                /* Face down: nothing of it shows. */
                g_assert_cmpint (adj_rr_drift_state (battle, areas[i], &v), ==,
                                 ADJ_RR_DRIFT_HIDDEN);
                g_assert_cmpint (v, ==, 0);
              }
            got_aside = member (record, "aside");
            g_assert_cmpuint (json_object_array_length (got_aside), ==, aside->len);
            g_assert_cmpuint (aside->len, ==, 3);
            for (guint i = 0; i < aside->len; i++)
              g_assert_cmpint (json_object_get_int (json_object_array_get_idx (got_aside, i)), ==,
                               g_array_index (aside, int, i));
            runs++;
          }
  g_assert_cmpuint (runs, ==, 60 + 24 - 1);
  /* Over the 60 high throws each of the three areas holds the 12 a fifth of the time, a 10
   * three fifths, the 6 a fifth; over the 24 low throws each low area holds 4 and 8 a quarter of
   * the time and a 6 half the time. */
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpint (seen[i][12], ==, 12);
      g_assert_cmpint (seen[i][10], ==, 36);
      g_assert_cmpint (seen[i][6], ==, 12);
    }
  for (int i = 3; i < 6; i++)
    {
      g_assert_cmpint (seen[i][4], ==, 6);
      g_assert_cmpint (seen[i][8], ==, 6);
      g_assert_cmpint (seen[i][6], ==, 12);
    }
}

static void
test_setup_cups (void)
{
  static const char *const with_chits[] = { "hesitate", "close-order", "no-hlangwane", NULL };
  static const char *const one_variant[] = { "no-hlangwane", "hesitate", "other-b", NULL };

  /* No variant: neither Hesitate nor Close Order chits; the 1st Group Released is in. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(json_object) cups = open_secret (battle, ADJ_RR_CUPS_SECRET);
    guint british = 0, boer = 3, sp = 0;

    for (guint i = 0; i < G_N_ELEMENTS (test_british); i++)
      british += (guint) test_british[i].n;
    for (guint i = 0; i < G_N_ELEMENTS (test_boer); i++)
      boer += (guint) test_boer[i].n;
    for (guint i = 0; i < G_N_ELEMENTS (test_sp); i++)
      sp += (guint) test_sp[i].n;
    g_assert_cmpuint (json_object_array_length (cup (cups, "british", "cup")), ==, british);
    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "hesitate"), ==, 0);
    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "close-order"), ==, 0);
    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "other-a"), ==, 2);
    g_assert_cmpuint (json_object_array_length (cup (cups, "boer", "cup")), ==, boer);
    g_assert_cmpuint (count_in (cup (cups, "boer", "cup"), "group-1-released"), ==, 1);
    g_assert_cmpuint (count_in (cup (cups, "boer", "cup"), "boer-guns-misfire"), ==, 1);
    g_assert_cmpuint (json_object_array_length (cup (cups, "sp", "cup")), ==, sp);
    g_assert_cmpuint (count_in (cup (cups, "sp", "cup"), "no-fire"), ==, 0);
    g_assert_cmpuint (count_in (cup (cups, "sp", "aside"), "no-fire"), ==, 2);
    g_assert_cmpuint (count_in (cup (cups, "sp", "cup"), "-1"), ==, 4);
    g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_BRITISH), ==, british);
    g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_BOER), ==, boer);
    g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_SP), ==, sp);

    /* The tracks and the counters as the game starts. */
    assert_step (battle, 1, "orders", "send-orders", "plan-orders");
    g_assert_cmpint (setting_int (battle, "cp"), ==, 8);
    g_assert_cmpint (setting_int (battle, "confidence"), ==, 1);
    g_assert_cmpint (setting_int (battle, "loss"), ==, 10);
    g_assert_cmpint (setting_int (battle, "shaken"), ==, 0);
    /* The 2nd Royal Fusiliers start at 2: 5 less 3 turns the counter (reverse 3), 1 left on
     * the Number marker. */
    g_assert_cmpint (adj_rr_unit_strength (battle, unit (battle, "2nd-royal-fusiliers")), ==, 2);
    g_assert_true (adj_unit_get_status_bool (unit (battle, "2nd-royal-fusiliers"), "reduced"));
    g_assert_cmpint (adj_unit_get_status_int (unit (battle, "2nd-royal-fusiliers"), "losses"), ==,
                     1);
    g_assert_false (adj_unit_get_status_bool (unit (battle, "13th-hussars"), "mounted"));
    g_assert_true (adj_unit_get_status_bool (unit (battle, "64th-field-battery"), "limbered"));
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "hq"), "hq_mode"), ==,
                     "operative");
    g_assert_cmpstr (adj_unit_get_name (unit (battle, "emplacement-2")), ==, "Colenso Koppies");
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "emplacement-2"), "emplacement"),
                     ==, "hidden");
    /* The brigade starts at 17 (the Fusiliers count 2). */
    {
      int start = 0, now = 0;

      g_assert_true (adj_rr_brigade_strength (battle, "6th-brigade", &start, &now, NULL));
      g_assert_cmpint (start, ==, 17);
      g_assert_cmpint (now, ==, 17);
    }
  }
  /* The variants put their chits in, and No Hlangwane takes the 1st Group Released out. */
  {
    g_autoptr(AdjBattle) battle = battle_new (with_chits, default_drifts, TRUE);
    g_autoptr(json_object) cups = open_secret (battle, ADJ_RR_CUPS_SECRET);

    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "hesitate"), ==, 5);
    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "close-order"), ==, 2);
    g_assert_cmpuint (count_in (cup (cups, "boer", "cup"), "group-1-released"), ==, 0);
    g_assert_true (json_object_get_boolean (member (adj_battle_get_settings (battle),
                                                    "variant_hesitate")));
  }
  /* Only Hesitate with two others balancing it. */
  {
    g_autoptr(AdjBattle) battle = battle_new (one_variant, default_drifts, TRUE);
    g_autoptr(json_object) cups = open_secret (battle, ADJ_RR_CUPS_SECRET);

    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "hesitate"), ==, 5);
    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "close-order"), ==, 0);
  }
}

static void
test_setup_refused (void)
{
  static const char *const unbalanced[] = { "hesitate", NULL };
  static const char *const unknown[] = { "no-such-variant", NULL };
  static const char *const twice[] = { "other-c", "other-c", NULL };

  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, NULL, FALSE);
    g_autoptr(GError) error = NULL;

    g_assert_false (adj_rr_setup (battle, unbalanced, NULL, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_nonnull (strstr (error->message, "-1"));
    g_clear_error (&error);
    g_assert_false (adj_rr_setup (battle, unknown, NULL, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_false (adj_rr_setup (battle, twice, NULL, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_false (adj_rr_is_set_up (battle));
    /* Nothing happens before the set-up. */
    g_assert_false (adj_rr_next_step (battle, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    g_assert_true (adj_rr_setup (battle, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_false (adj_rr_setup (battle, NULL, NULL, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
  /* Without the chit mixes the cups cannot be filled: the message names the table. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, NULL, FALSE);
    g_autoptr(AdjTables) t = full_tables ();
    g_autoptr(GError) error = NULL;

    adj_tables_clear_table (t, "sp-counters");
    adj_battle_set_tables (battle, t);
    g_assert_false (adj_rr_setup (battle, NULL, NULL, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
    g_assert_nonnull (strstr (error->message, "SP counters"));
  }
  /* A battle of another system, and strengths for counters that do not exist. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdjRuleset) wec = adj_ruleset_lookup ("wec", &error);
    g_autoptr(AdjBattle) other = adj_battle_new (wec, "Elsewhere");
    g_autoptr(AdjBattle) battle = adj_battle_new (rs, "Colenso");
    g_autoptr(json_object) bad = json_tokener_parse ("{\"Nobody\": {\"sp\": 3}}");
    g_autoptr(json_object) wrong = json_tokener_parse ("{\"hildyard\": {\"sp\": 3}}");

    g_assert_false (adj_rr_add_order_of_battle (other, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED);
    g_clear_error (&error);
    g_assert_false (adj_rr_add_order_of_battle (battle, bad, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_clear_object (&battle);
    battle = adj_battle_new (rs, "Colenso");
    g_assert_false (adj_rr_add_order_of_battle (battle, wrong, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  }
}

/* The counters still showing 0: every battalion, regiment and commando of a battle made
 * without strengths (the guns come with the orders of battle), none once all are in, and a
 * battalion with only its front strength still counts. */
static void
test_missing_strengths (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) bare = adj_battle_new (rs, "Colenso");
  g_autoptr(AdjBattle) full = battle_new (NULL, NULL, FALSE);
  g_autoptr(AdjBattle) some = adj_battle_new (rs, "Colenso");
  g_autoptr(json_object) front = json_tokener_parse ("{\"2nd Royal Fusiliers\": {\"sp\": 5},"
                                                     " \"2nd-devonshire-regiment\":"
                                                     " {\"sp\": 5, \"reduced_sp\": 3}}");
  g_autoptr(GPtrArray) missing = NULL;
  guint expected = 0;
  GListModel *units;

  g_assert_true (adj_rr_add_order_of_battle (bare, NULL, &error));
  g_assert_no_error (error);
  units = adj_battle_get_units (bare);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const char *type = adj_unit_get_type_id (unit);

      if (g_str_equal (type, "battalion") || g_str_equal (type, "regiment") ||
          g_str_equal (type, "commando"))
        expected++;
    }
  g_assert_cmpuint (expected, ==, 16 + 6 + 15);
  missing = adj_rr_missing_strengths (bare);
  g_assert_cmpuint (missing->len, ==, expected);
  for (guint i = 0; i < missing->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (bare, g_ptr_array_index (missing, i));
      const char *type = adj_unit_get_type_id (unit);

      g_assert_true (g_str_equal (type, "battalion") || g_str_equal (type, "regiment") ||
                     g_str_equal (type, "commando"));
    }
  g_clear_pointer (&missing, g_ptr_array_unref);

  missing = adj_rr_missing_strengths (full);
  g_assert_cmpuint (missing->len, ==, 0);
  g_clear_pointer (&missing, g_ptr_array_unref);

  /* The Fusiliers' reverse is still 0; the Devons are complete. */
  g_assert_true (adj_rr_add_order_of_battle (some, front, &error));
  g_assert_no_error (error);
  missing = adj_rr_missing_strengths (some);
  g_assert_cmpuint (missing->len, ==, expected - 1);
  g_assert_true (g_ptr_array_find_with_equal_func (missing, "2nd-royal-fusiliers", g_str_equal,
                                                   NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (missing, "2nd-devonshire-regiment",
                                                    g_str_equal, NULL));
}

/* ------------------------------------------------------------------------------------------ */
/* Send and Receive Orders                                                                     */

static void
test_send_orders_table (void)
{
  g_autoptr(AdjTables) t = full_tables ();

  use_tables (t);
  for (int mod = -3; mod <= 3; mod++)
    {
      g_autofree char *json = g_strdup_printf ("{\"modifier\": %d}", mod);
      g_autoptr(AdjOdds) odds = odds_of ("rr/send-orders", json);
      guint64 arrive = 0, lost = 0;

      for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
          {
            int d[2] = { a, b };
            int row = CLAMP (a + b + mod, 2, 12);
            g_autoptr(AdjOutcome) out = resolve_dice ("rr/send-orders", json, d, 2);

            if (test_send[row] == LOST)
              {
                g_assert_cmpstr (out->key, ==, "lost");
                lost++;
              }
            else
              {
                g_assert_cmpstr (out->key, ==, "arrives");
                g_assert_cmpint (adj_outcome_get_value_int (out, "turns", -1), ==,
                                 test_send[row]);
                arrive++;
              }
          }
      assert_odds (odds, "arrives", arrive, 36);
      assert_odds (odds, "lost", lost, 36);
      assert_odds (odds, "table-missing", 0, 36);
    }
  use_tables (NULL);
}

static void
test_receive_orders_table (void)
{
  g_autoptr(AdjTables) t = full_tables ();
  static const char *const keys[] = { "ignore", "as-ordered", "charge" };

  use_tables (t);
  for (int rating = -2; rating <= 2; rating++)
    for (int mod = -1; mod <= 1; mod++)
      {
        g_autofree char *json = g_strdup_printf ("{\"rating\": %d, \"modifier\": %d}", rating,
                                                 mod);
        g_autoptr(AdjOdds) odds = odds_of ("rr/receive-orders", json);
        guint64 ways[3] = { 0 };

        for (int a = 1; a <= 6; a++)
          for (int b = 1; b <= 6; b++)
            {
              int d[2] = { a, b };
              const char *want = test_receive[CLAMP (a + b + rating + mod, 2, 12)];
              g_autoptr(AdjOutcome) out = resolve_dice ("rr/receive-orders", json, d, 2);

              g_assert_cmpstr (out->key, ==, want);
              for (guint k = 0; k < 3; k++)
                ways[k] += g_str_equal (keys[k], want);
            }
        for (guint k = 0; k < 3; k++)
          assert_odds (odds, keys[k], ways[k], 36);
      }
  use_tables (NULL);
}

/* Half a chart: the rolls that land on an empty cell say so, and the odds count them. */
static void
test_table_missing (void)
{
  g_autoptr(AdjTables) t = adj_tables_new (rs);
  g_autoptr(AdjOdds) odds = NULL;
  g_autoptr(AdjOutcome) seven = NULL;
  g_autoptr(AdjOutcome) two = NULL;

  put (t, "send-orders", "7", "value", "1");
  put (t, "send-orders", "2", "value", "lost");
  use_tables (t);
  odds = odds_of ("rr/send-orders", "{}");
  assert_odds (odds, "arrives", 6, 36);
  assert_odds (odds, "lost", 1, 36);
  assert_odds (odds, "table-missing", 29, 36);
  g_assert_nonnull (odds->note);
  seven = resolve_dice ("rr/send-orders", "{}", (const int[]) { 3, 4 }, 2);
  g_assert_cmpstr (seven->key, ==, "arrives");
  two = resolve_dice ("rr/send-orders", "{}", (const int[]) { 1, 1 }, 2);
  g_assert_cmpstr (two->key, ==, "lost");
  {
    g_autoptr(AdjOutcome) nine = resolve_dice ("rr/send-orders", "{}", (const int[]) { 4, 5 },
                                               2);
    g_assert_cmpstr (nine->key, ==, "table-missing");
    g_assert_nonnull (strstr (nine->reason, "Send Orders table"));
    g_assert_nonnull (strstr (nine->reason, "Rolled 9"));
  }
  use_tables (NULL);

  /* A battle function needs the whole chart: it says which, and changes nothing. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(AdjTables) partial = full_tables ();
    g_autoptr(GError) error = NULL;
    guint entries;

    adj_tables_set_cell (partial, "send-orders", "12", "value", NULL, NULL);
    adj_battle_set_tables (battle, partial);
    g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
    g_assert_no_error (error);
    next_ok (battle);
    entries = adj_journal_get_n_entries (adj_battle_get_journal (battle));
    g_assert_false (adj_rr_roll_send_orders (battle, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
    g_assert_nonnull (strstr (error->message, "Send Orders table"));
    g_assert_nonnull (strstr (error->message, "12"));
    g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, entries);
  }
}

static void
assert_order (AdjBattle       *battle,
              const char      *brigade,
              AdjRrOrderState  state,
              const char      *planned,
              const char      *objective)
{
  AdjRrOrder order;

  g_assert_true (adj_rr_get_order (battle, brigade, &order));
  g_assert_cmpint (order.state, ==, state);
  g_assert_cmpstr (order.planned_area, ==, planned);
  g_assert_cmpstr (order.objective_area, ==, objective);
}

static void
test_orders_flow (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *pending = NULL;
  AdjRrOrder order;

  /* Turn 1, Send Orders: Hildyard for Colenso (1 CP), Hart for Bridle Drift is refused. */
  g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (setting_int (battle, "cp"), ==, 7);
  g_assert_cmpint (setting_int (battle, "cp_spent"), ==, 1);
  assert_order (battle, "2nd-brigade", ADJ_RR_ORDER_PLANNED, "Colenso", NULL);
  g_assert_false (adj_rr_plan_order (battle, "2nd-brigade", "Hill 2", FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_false (adj_rr_plan_order (battle, "5th-brigade", "bridle drift", FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_false (adj_rr_plan_order (battle, "5th-brigade", "", FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (adj_rr_plan_order (battle, "no-brigade", "Hill", FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (adj_rr_plan_order (battle, "5th-brigade", "Loop", FALSE, &error));
  g_assert_true (adj_rr_plan_order (battle, "6th-brigade", "Station", FALSE, &error));
  g_assert_true (adj_rr_plan_order (battle, "4th-brigade", "Kopje", FALSE, &error));
  g_assert_no_error (error);
  /* Long: a free order to a battery brigade, once, at once; not to infantry. */
  g_assert_false (adj_rr_plan_order (battle, "mounted-brigade", "Hlangwane", TRUE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (adj_rr_plan_order (battle, "1st-artillery", "Gun Hill", TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (setting_int (battle, "cp"), ==, 4);
  assert_order (battle, "1st-artillery", ADJ_RR_ORDER_OBJECTIVE, NULL, "Gun Hill");
  g_assert_false (adj_rr_plan_order (battle, "2nd-artillery", "Gun Hill", TRUE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* It was the 1st Artillery's order of the turn. */
  g_assert_false (adj_rr_plan_order (battle, "1st-artillery", "Gun Hill 2", FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* The marker may not leave the step before the orders are rolled for. */
  next_ok (battle);
  pending = adj_rr_pending (battle);
  g_assert_nonnull (pending);
  g_assert_nonnull (strstr (pending, "Hildyard"));
  g_assert_false (adj_rr_next_step (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* 7 (0 turns: this turn), 2 (lost), 3 (2 turns), 12 (lost). */
  {
    g_autoptr(AdjRandom) r = DICE (3, 4, 1, 1, 1, 2, 6, 6);

    g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
    g_assert_no_error (error);
    all_used (r);
  }
  g_assert_true (adj_rr_get_order (battle, "2nd-brigade", &order));
  g_assert_cmpint (order.state, ==, ADJ_RR_ORDER_IN_TRANSIT);
  g_assert_cmpint (order.arrives, ==, 1);
  g_assert_cmpint (order.turns_to_arrive, ==, 0);
  assert_order (battle, "4th-brigade", ADJ_RR_ORDER_NONE, NULL, NULL);   /* lost */
  g_assert_true (adj_rr_get_order (battle, "5th-brigade", &order));
  g_assert_cmpint (order.state, ==, ADJ_RR_ORDER_IN_TRANSIT);
  g_assert_cmpint (order.arrives, ==, 3);
  assert_order (battle, "6th-brigade", ADJ_RR_ORDER_NONE, NULL, NULL);   /* lost */

  /* Receive Orders: only the 2nd brigade's is due; 8 carries it out. */
  next_ok (battle);
  assert_step (battle, 1, "orders", "receive-orders", "roll-receive");
  g_assert_false (adj_rr_next_step (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  {
    g_autoptr(AdjRandom) r = DICE (4, 4);

    g_assert_true (adj_rr_roll_receive_orders (battle, r, &error));
    g_assert_no_error (error);
    all_used (r);
  }
  assert_order (battle, "2nd-brigade", ADJ_RR_ORDER_OBJECTIVE, NULL, "Colenso");
  g_assert_false (adj_rr_roll_receive_orders (battle, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  next_ok (battle);

  /* The objective is reached: the marker comes off. */
  g_assert_true (adj_rr_objective_reached (battle, "2nd-brigade", &error));
  g_assert_no_error (error);
  assert_order (battle, "2nd-brigade", ADJ_RR_ORDER_NONE, NULL, NULL);
  g_assert_false (adj_rr_objective_reached (battle, "2nd-brigade", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* Turn 2: an order still on its way takes no new one. */
  advance_to (battle, 2, "plan-orders");
  g_assert_false (adj_rr_plan_order (battle, "5th-brigade", "Elsewhere", FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* Turn 3: the 5th brigade's order arrives; 12 on two dice with Hart: a charge. */
  advance_to (battle, 3, "roll-receive");
  {
    g_autoptr(AdjRandom) r = DICE (6, 6);

    g_assert_true (adj_rr_roll_receive_orders (battle, r, &error));
    g_assert_no_error (error);
  }
  assert_order (battle, "5th-brigade", ADJ_RR_ORDER_CHARGE, NULL, NULL);
  g_free (pending);
  pending = adj_rr_pending (battle);
  g_assert_nonnull (strstr (pending, "Hart"));
  g_assert_false (adj_rr_place_objective (battle, "2nd-brigade", "Hill", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (adj_rr_place_objective (battle, "5th-brigade", "Fort Wylie", &error));
  g_assert_no_error (error);
  assert_order (battle, "5th-brigade", ADJ_RR_ORDER_OBJECTIVE, NULL, "Fort Wylie");
  g_clear_pointer (&pending, g_free);
  g_assert_false (is_pending (battle));
}

/* An order ignored takes both markers off; one sent while a brigade moves keeps the old
 * objective when it is lost. */
static void
test_orders_ignore (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (3, 4);     /* 7: arrives this turn */
    g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
  }
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (1, 2);     /* 3: ignored */
    g_assert_true (adj_rr_roll_receive_orders (battle, r, &error));
  }
  g_assert_no_error (error);
  assert_order (battle, "2nd-brigade", ADJ_RR_ORDER_NONE, NULL, NULL);
  /* The leader's rating counts: with +2, 2 + 1 = 3 + 2 = 5 carries it out. */
  {
    g_autoptr(AdjBattle) b2 = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(json_object) plus = json_object_new_int (2);

    g_assert_true (adj_battle_edit (b2, "unit:hildyard", "status.order_modifier", plus, &error));
    g_assert_true (adj_rr_plan_order (b2, "2nd-brigade", "Colenso", FALSE, &error));
    next_ok (b2);
    {
      g_autoptr(AdjRandom) r = DICE (3, 4);
      g_assert_true (adj_rr_roll_send_orders (b2, r, &error));
    }
    next_ok (b2);
    {
      g_autoptr(AdjRandom) r = DICE (1, 2);
      g_assert_true (adj_rr_roll_receive_orders (b2, r, &error));
    }
    g_assert_no_error (error);
    assert_order (b2, "2nd-brigade", ADJ_RR_ORDER_OBJECTIVE, NULL, "Colenso");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* emergency withdrawal                                                                        */

static void
test_withdrawal (void)
{
  g_autoptr(AdjTables) t = full_tables ();
  typedef struct {
    int total;
    int lost;
    const char *special;   /* NULL: a roll */
  } Case;
  static const Case cases[] = {
    { 20, 0, "not-eligible" }, { 20, 4, "not-eligible" }, { 20, 5, NULL }, { 20, 9, NULL },
    { 20, 10, "automatic" }, { 20, 20, "automatic" }, { 17, 4, "not-eligible" },
    { 17, 5, NULL }, { 17, 8, NULL }, { 17, 9, "automatic" }, { 0, 0, "not-eligible" },
  };

  use_tables (t);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"brigade_sp\": %d, \"sp_lost\": %d}",
                                               cases[i].total, cases[i].lost);
      g_autoptr(AdjOdds) odds = odds_of ("rr/emergency-withdrawal", json);

      /* RULES.md: at least 25% may test, at least 50% withdraws without one. */
      g_assert_cmpint (cases[i].special == NULL, ==,
                       4 * cases[i].lost >= cases[i].total && 2 * cases[i].lost < cases[i].total
                       && cases[i].total > 0);
      if (cases[i].special != NULL)
        {
          g_autoptr(AdjOutcome) out = resolve_dice ("rr/emergency-withdrawal", json, NULL, 0);

          g_assert_cmpstr (out->key, ==, cases[i].special);
          assert_odds (odds, cases[i].special, 1, 1);
          continue;
        }
      {
        guint64 withdraw = 0;

        for (int a = 1; a <= 6; a++)
          for (int b = 1; b <= 6; b++)
            {
              int d[2] = { a, b };
              g_autoptr(AdjOutcome) out = resolve_dice ("rr/emergency-withdrawal", json, d, 2);

              g_assert_cmpstr (out->key, ==, book_withdrawal (a + b));
              withdraw += g_str_equal (out->key, "withdraw");
            }
        assert_odds (odds, "withdraw", withdraw, 36);
        assert_odds (odds, "continue", 36 - withdraw, 36);
      }
    }
  use_tables (NULL);

  /* In the battle: the 6th brigade (17) has lost 5 (29%): 9 on the dice withdraws it, the
   * Objective Marker showing Fail. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    gboolean withdrew = TRUE;

    g_assert_false (adj_rr_emergency_withdrawal (battle, "6th-brigade", "Chieveley", 0, NULL,
                                                 &withdrew, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_false (withdrew);
    g_clear_error (&error);
    g_assert_true (adj_rr_apply_losses (battle, "2nd-royal-scots-fusiliers", 5, NULL, &error));
    g_assert_no_error (error);
    {
      g_autoptr(AdjRandom) r = DICE (4, 5);

      g_assert_true (adj_rr_emergency_withdrawal (battle, "6th-brigade", "Chieveley", 0, r,
                                                  &withdrew, &error));
      g_assert_no_error (error);
      all_used (r);
    }
    g_assert_true (withdrew);
    assert_order (battle, "6th-brigade", ADJ_RR_ORDER_FAIL, NULL, "Chieveley");
    /* Long cannot order a brigade showing Fail: the rule is tested on a battery brigade. */
  }
}

/* ------------------------------------------------------------------------------------------ */
/* drifts                                                                                      */

static void
test_drift_odds (void)
{
  for (int value = 2; value <= 12; value++)
    {
      g_autofree char *json = g_strdup_printf ("{\"value\": %d}", value);
      g_autoptr(AdjOdds) odds = odds_of ("rr/find-drift", json);
      guint64 found = 0;

      for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
          {
            int d[2] = { a, b };
            g_autoptr(AdjOutcome) out = resolve_dice ("rr/find-drift", json, d, 2);
            gboolean ok = a + b <= value;

            g_assert_cmpstr (out->key, ==, ok ? "found" : "not-found");
            found += ok;
          }
      assert_odds (odds, "found", found, 36);
      assert_odds (odds, "not-found", 36 - found, 36);
    }
}

static void
test_drift_battle (void)
{
  /* Wagon Drift gets the 6 (die 5 of five), Bridle Drift the 4 (die 3 of three). */
  static const int d[6] = { 5, 1, 1, 1, 3, 1 };
  g_autoptr(AdjBattle) battle = battle_new (NULL, d, TRUE);
  g_autoptr(GError) error = NULL;
  gboolean found = TRUE;
  int value = -1;

  walk_to (battle, "brigades-move");
  /* Only battalions and regiments look for drifts. */
  g_assert_false (adj_rr_find_drift (battle, "wagon-drift", "7th-field-battery", NULL, &found,
                                     &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* 5 + 3 = 8 against a 6: not found, the marker stays up showing its value. */
  {
    g_autoptr(AdjRandom) r = DICE (5, 3);

    g_assert_true (adj_rr_find_drift (battle, "wagon-drift", "2nd-devonshire-regiment", r,
                                      &found, &error));
    g_assert_no_error (error);
  }
  g_assert_false (found);
  g_assert_cmpint (adj_rr_drift_state (battle, "wagon-drift", &value), ==,
                   ADJ_RR_DRIFT_REVEALED);
  g_assert_cmpint (value, ==, 6);
  /* Once a turn. */
  g_assert_false (adj_rr_find_drift (battle, "wagon-drift", "2nd-west-surrey-regiment", NULL,
                                     &found, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* Bridle Drift: 2 + 2 against its 4: found for good. */
  {
    g_autoptr(AdjRandom) r = DICE (2, 2);

    g_assert_true (adj_rr_find_drift (battle, "bridle-drift", "13th-hussars", r, &found,
                                      &error));
    g_assert_no_error (error);
  }
  g_assert_true (found);
  g_assert_cmpint (adj_rr_drift_state (battle, "bridle-drift", &value), ==, ADJ_RR_DRIFT_FOUND);
  g_assert_cmpint (value, ==, 4);
  g_assert_false (adj_rr_find_drift (battle, "bridle-drift", "13th-hussars", NULL, &found,
                                     &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* A commando opens a drift without showing it. */
  g_assert_true (adj_rr_commando_opens_drift (battle, "native-drift", &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_rr_drift_state (battle, "native-drift", &value), ==,
                   ADJ_RR_DRIFT_CLEARED);
  g_assert_cmpint (value, ==, 0);
}

/* A failed search takes the brigade's objective markers off. */
static void
test_drift_stops_brigade (void)
{
  static const int d[6] = { 1, 1, 1, 1, 1, 1 };   /* Wagon Drift 12, Small Falls 6 */
  g_autoptr(AdjBattle) battle = battle_new (NULL, d, TRUE);
  g_autoptr(GError) error = NULL;
  gboolean found = TRUE;

  g_assert_true (adj_rr_plan_order (battle, "5th-brigade", "Loop", FALSE, &error));
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (3, 4);
    g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
  }
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (4, 4);
    g_assert_true (adj_rr_roll_receive_orders (battle, r, &error));
  }
  assert_order (battle, "5th-brigade", ADJ_RR_ORDER_OBJECTIVE, NULL, "Loop");
  {
    g_autoptr(AdjRandom) r = DICE (4, 4);     /* 8 against 6 */
    g_assert_true (adj_rr_find_drift (battle, "small-falls-drift", "1st-connaught-rangers", r,
                                      &found, &error));
  }
  g_assert_no_error (error);
  g_assert_false (found);
  assert_order (battle, "5th-brigade", ADJ_RR_ORDER_NONE, NULL, NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* event chits and SP counters                                                                 */

static void
test_british_events (void)
{
  static const char *const with_chits[] = { "hesitate", "close-order", "no-hlangwane", NULL };
  g_autoptr(AdjBattle) battle = battle_new (with_chits, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *chit = NULL;
  guint before;

  /* Turn 1 has no British Event: a draw is refused away from its step. */
  g_assert_false (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, NULL, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  walk_to (battle, "shaken-test");
  next_ok (battle);
  next_ok (battle);
  assert_step (battle, 2, "orders", "british-event", "return-chits");
  walk_to (battle, "draw-event");
  g_assert_false (adj_rr_next_step (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  before = adj_rr_cup_count (battle, ADJ_RR_CUP_BRITISH);
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "british", "close-order") }, 1);

    g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, r, &chit, &error));
    g_assert_no_error (error);
    all_used (r);
  }
  g_assert_cmpstr (chit, ==, "close-order");
  g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_BRITISH), ==, before - 1);
  {
    g_autoptr(GPtrArray) play = adj_rr_cup_in_play (battle, ADJ_RR_CUP_BRITISH);
    g_assert_cmpuint (play->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (play, 0), ==, "close-order");
  }
  /* Once a turn. */
  g_assert_false (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, NULL, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* Turn 3: the Close Order chit goes back first; a Hesitate chit leaves the game. */
  walk_to (battle, "shaken-test");
  if (setting_int (battle, "confidence") <= adj_battle_get_turn (battle))
    {
      g_autoptr(AdjRandom) r = DICE (1, 1);
      g_assert_true (adj_rr_shaken_test (battle, r, &error));
    }
  next_ok (battle);
  next_ok (battle);
  assert_step (battle, 3, "orders", "british-event", "return-chits");
  g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_BRITISH), ==, before);
  {
    g_autoptr(GPtrArray) play = adj_rr_cup_in_play (battle, ADJ_RR_CUP_BRITISH);
    g_assert_cmpuint (play->len, ==, 0);
  }
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "british", "hesitate") }, 1);

    g_clear_pointer (&chit, g_free);
    g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, r, &chit, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpstr (chit, ==, "hesitate");
  {
    g_autoptr(json_object) cups = open_secret (battle, ADJ_RR_CUPS_SECRET);

    g_assert_cmpuint (count_in (cup (cups, "british", "cup"), "hesitate"), ==, 4);
    g_assert_cmpuint (count_in (cup (cups, "british", "gone"), "hesitate"), ==, 1);
  }
}

static void
test_boer_events (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *chit = NULL;

  /* Before turn 5 the Boer Event segment is passed over. */
  walk_to (battle, "commandos-move");
  {
    AdjJournal *j = adj_battle_get_journal (battle);
    AdjEntry *e = adj_journal_get_entry (j, adj_journal_get_n_entries (j) - 1);

    g_assert_nonnull (strstr (e->summary, "not before turn 5"));
  }
  advance_to (battle, 5, "draw-boer-event");
  g_assert_false (adj_rr_next_step (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* The 2nd Group released: Released markers on its commandos. */
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "boer", "group-2-released") },
                                      1);

    g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BOER, r, &chit, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "johannesburg-police-commando"),
                                               "boer_marker"), ==, "released");
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "boksburg-commando"),
                                               "boer_marker"), ==, "released");
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "ermelo-commando"), "boer_marker"),
                   ==, "none");

  /* Turn 6: the Misfire chit is drawn; in turn 7 the guns stay silent and it goes back. */
  advance_to (battle, 6, "draw-boer-event");
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "boer", "boer-guns-misfire") },
                                      1);
    guint before = adj_rr_cup_count (battle, ADJ_RR_CUP_BOER);

    g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BOER, r, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (setting_int (battle, "misfire_turn"), ==, 7);
    advance_to (battle, 7, "misfire");
    assert_step (battle, 7, "shell-fire", "boer-shell-fire", "misfire");
    g_assert_cmpint (setting_int (battle, "misfire_turn"), ==, 0);
    g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_BOER), ==, before);
    {
      AdjJournal *j = adj_battle_get_journal (battle);
      AdjEntry *e = adj_journal_get_entry (j, adj_journal_get_n_entries (j) - 1);

      g_assert_nonnull (strstr (e->summary, "misfire and stay silent"));
    }
  }
}

static void
test_sp_counters (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  AdjUnit *ermelo = unit (battle, "ermelo-commando");
  guint before = adj_rr_cup_count (battle, ADJ_RR_CUP_SP);

  g_assert_false (adj_rr_draw_sp_counter (battle, "hildyard", NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "sp", "2") }, 1);

    g_assert_true (adj_rr_draw_sp_counter (battle, "ermelo-commando", r, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (adj_rr_unit_strength (battle, ermelo), ==, 8);
  g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_SP), ==, before - 1);
  g_assert_false (adj_rr_draw_sp_counter (battle, "ermelo-commando", NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "sp", "-1") }, 1);

    g_assert_true (adj_rr_draw_sp_counter (battle, "vrede-commando", r, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (adj_rr_unit_strength (battle, unit (battle, "vrede-commando")), ==, 5);
  {
    g_autoptr(GPtrArray) play = adj_rr_cup_in_play (battle, ADJ_RR_CUP_SP);
    g_assert_cmpuint (play->len, ==, 2);
  }
  /* The Boer Shaken segment puts them back. */
  walk_to (battle, "return-counters");
  g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_SP), ==, before);
  g_assert_cmpstr (adj_unit_get_status_string (ermelo, "sp_counter"), ==, "none");
  g_assert_cmpint (adj_rr_unit_strength (battle, ermelo), ==, 6);
}

/* The first Shaken result brings the No Fire counters in; a commando that draws one does not
 * fire; with an empty cup a commando fires without a counter. */
static void
test_no_fire (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  guint before = adj_rr_cup_count (battle, ADJ_RR_CUP_SP);

  walk_to (battle, "shaken-test");
  /* Confidence 2 is above turn 1: bring it down to test. */
  g_assert_true (adj_rr_move_markers (battle, -1, 0, "test", &error));
  {
    g_autoptr(AdjRandom) r = DICE (6, 6);    /* 12: shaken */

    g_assert_true (adj_rr_shaken_test (battle, r, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (setting_int (battle, "shaken"), ==, 1);
  g_assert_cmpuint (adj_rr_cup_count (battle, ADJ_RR_CUP_SP), ==, before + 2);
  advance_to (battle, 2, "commandos-fire");
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "sp", "no-fire") }, 1);

    g_assert_true (adj_rr_draw_sp_counter (battle, "ermelo-commando", r, &error));
    g_assert_no_error (error);
  }
  g_assert_false (adj_rr_rifle_fire (battle, "ermelo-commando", "1st-border-regiment", 0, NULL,
                                     NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* An SP cup with nothing in it: the commando fires without a counter. */
  {
    g_autoptr(AdjBattle) empty = battle_new (NULL, NULL, FALSE);
    g_autoptr(AdjTables) t = full_tables ();
    AdjJournal *j;

    for (guint i = 0; i < G_N_ELEMENTS (test_sp); i++)
      put (t, "sp-counters", test_sp[i].row, "value", "0");
    adj_battle_set_tables (empty, t);
    g_assert_true (adj_rr_setup (empty, NULL, NULL, NULL, &error));
    g_assert_cmpuint (adj_rr_cup_count (empty, ADJ_RR_CUP_SP), ==, 0);
    g_assert_true (adj_rr_draw_sp_counter (empty, "ermelo-commando", NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (adj_unit_get_status_string (unit (empty, "ermelo-commando"), "sp_counter"),
                     ==, "none");
    j = adj_battle_get_journal (empty);
    g_assert_nonnull (strstr (adj_journal_get_entry (j, adj_journal_get_n_entries (j) - 1)->summary,
                              "the cup is empty"));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* strength, stacking, losses                                                                  */

typedef struct {
  int sp;
  int losses;
  int counter;
  const char *morale;
  int expected;
} StrengthCase;

static void
test_boer_strength (void)
{
  static const StrengthCase cases[] = {
    { 6, 0, 0, "normal", 6 }, { 6, 2, 0, "normal", 4 }, { 6, 0, 2, "normal", 8 },
    { 6, 1, -2, "normal", 3 }, { 6, 0, 0, "disrupted", 5 }, { 6, 0, 0, "suppressed", 4 },
    { 6, 0, 0, "routed", 4 }, { 3, 1, 1, "disrupted", 2 }, { 2, 1, -1, "suppressed", -2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const StrengthCase *c = &cases[i];
      g_autofree char *json = g_strdup_printf ("{\"sp\": %d, \"losses\": %d, \"counter\": %d, "
                                               "\"morale\": \"%s\"}", c->sp, c->losses,
                                               c->counter, c->morale);
      g_autoptr(AdjOutcome) out = resolve_dice ("rr/boer-strength", json, NULL, 0);
      /* RULES.md: printed − Number marker ± counter − 1 disrupted − 2 suppressed. */
      int book = c->sp - c->losses + c->counter -
                 (g_str_equal (c->morale, "disrupted") ? 1
                  : g_str_equal (c->morale, "normal") ? 0 : 2);

      g_assert_cmpint (c->expected, ==, book);
      g_assert_cmpint (adj_outcome_get_value_int (out, "result", -99), ==, c->expected);
    }

  /* In a battle: the counter, the reduced side, morale; strongest first, ties in order. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    g_autoptr(json_object) disrupted = json_object_new_string ("disrupted");
    static const char *const order[] = {
      "ermelo-commando", "vrede-commando", "75-mm-creusot-guns", "boksburg-commando", NULL
    };
    g_autoptr(GPtrArray) sorted = NULL;

    g_assert_true (adj_rr_apply_losses (battle, "vrede-commando", 4, NULL, &error));
    g_assert_no_error (error);
    /* 6 − 4: 2 is below the reverse 3, so the counter turns with 1 on its marker. */
    g_assert_cmpint (adj_rr_unit_strength (battle, unit (battle, "vrede-commando")), ==, 2);
    g_assert_true (adj_battle_edit (battle, "unit:ermelo-commando", "status.morale", disrupted,
                                    &error));
    g_assert_cmpint (adj_rr_unit_strength (battle, unit (battle, "ermelo-commando")), ==, 5);
    sorted = adj_rr_strongest_first (battle, order);
    g_assert_cmpstr (g_ptr_array_index (sorted, 0), ==, "boksburg-commando");   /* 6 */
    g_assert_cmpstr (g_ptr_array_index (sorted, 1), ==, "ermelo-commando");     /* 5 */
    g_assert_cmpstr (g_ptr_array_index (sorted, 2), ==, "vrede-commando");      /* 2, first */
    g_assert_cmpstr (g_ptr_array_index (sorted, 3), ==, "75-mm-creusot-guns");  /* 2 */
  }
}

static void
test_stacking (void)
{
  typedef struct {
    int battalions, regiments, batteries;
    int points;
    gboolean crowded;
  } Case;
  static const Case cases[] = {
    { 0, 0, 0, 0, FALSE }, { 4, 0, 0, 8, FALSE }, { 4, 1, 0, 9, TRUE }, { 4, 0, 1, 9, TRUE },
    { 4, 0, 3, 9, TRUE }, { 3, 2, 5, 9, TRUE }, { 0, 6, 2, 7, FALSE }, { 2, 4, 0, 8, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autofree char *json = g_strdup_printf ("{\"battalions\": %d, \"regiments\": %d, "
                                               "\"batteries\": %d}", c->battalions,
                                               c->regiments, c->batteries);
      g_autoptr(AdjOutcome) out = resolve_dice ("rr/stacking", json, NULL, 0);
      /* RULES.md: battalion 2, regiment 1, all batteries together 1; 9 or more. */
      int book = 2 * c->battalions + c->regiments + (c->batteries > 0 ? 1 : 0);

      g_assert_cmpint (book, ==, c->points);
      g_assert_cmpint (adj_outcome_get_value_int (out, "points", -1), ==, c->points);
      g_assert_cmpstr (out->key, ==, c->crowded ? "crowded" : "clear");
    }
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    static const char *const area[] = {
      "2nd-devonshire-regiment", "2nd-west-surrey-regiment", "2nd-west-yorkshire-regiment",
      "2nd-east-surrey-regiment", "7th-field-battery", "14th-field-battery", "hildyard", NULL
    };
    gboolean crowded = FALSE;

    g_assert_cmpint (adj_rr_stacking_points (battle, area, &crowded), ==, 9);
    g_assert_true (crowded);
    g_assert_true (adj_rr_apply_losses (battle, "7th-field-battery", 1, NULL, &error));
    g_assert_true (adj_rr_apply_losses (battle, "14th-field-battery", 1, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (adj_rr_stacking_points (battle, area, &crowded), ==, 8);
    g_assert_false (crowded);
  }
}

typedef struct {
  const char *name;
  const char *kind;
  int sp, reduced_sp;
  gboolean reduced;
  int losses, hits;
  const char *key;
  int losses_after;
  gboolean reduced_after;
  int strength;
  int overflow;
} LossCase;

static const LossCase loss_cases[] = {
  { "battalion-marker", "battalion", 5, 3, FALSE, 0, 1, "marked", 1, FALSE, 4, 0 },
  { "battalion-turns", "battalion", 5, 3, FALSE, 1, 1, "reduced", 0, TRUE, 3, 0 },
  { "battalion-turns-over", "battalion", 5, 3, FALSE, 0, 3, "reduced", 1, TRUE, 2, 0 },
  { "battalion-reduced-marker", "battalion", 5, 3, TRUE, 1, 1, "marked", 2, TRUE, 1, 0 },
  { "battalion-eliminated", "battalion", 5, 3, TRUE, 2, 1, "eliminated", 0, TRUE, 0, 0 },
  { "battalion-overflow", "battalion", 5, 3, FALSE, 0, 7, "eliminated", 0, TRUE, 0, 2 },
  { "commando-like-battalion", "commando", 7, 3, FALSE, 3, 1, "reduced", 0, TRUE, 3, 0 },
  { "regiment-first", "regiment", 2, 0, FALSE, 0, 1, "marked", 1, FALSE, 1, 0 },
  { "regiment-second", "regiment", 2, 0, FALSE, 1, 1, "eliminated", 0, FALSE, 0, 0 },
  { "regiment-both", "regiment", 3, 0, FALSE, 0, 3, "eliminated", 0, FALSE, 0, 1 },
  { "battery", "battery", 6, 0, FALSE, 0, 1, "eliminated", 0, FALSE, 0, 0 },
  { "battery-overflow", "battery", 6, 0, FALSE, 0, 3, "eliminated", 0, FALSE, 0, 2 },
  { "boer-gun", "boer-gun", 2, 0, FALSE, 0, 1, "eliminated", 0, FALSE, 0, 0 },
};

static void
test_losses_case (gconstpointer data)
{
  const LossCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"kind\": \"%s\", \"sp\": %d, \"reduced_sp\": %d, "
                                           "\"reduced\": %s, \"losses\": %d, \"hits\": %d}",
                                           c->kind, c->sp, c->reduced_sp,
                                           c->reduced ? "true" : "false", c->losses, c->hits);
  g_autoptr(AdjOutcome) out = resolve_dice ("rr/losses", json, NULL, 0);

  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpint (adj_outcome_get_value_int (out, "overflow", -1), ==, c->overflow);
  if (!g_str_equal (c->key, "eliminated"))
    {
      g_assert_cmpint (adj_outcome_get_value_int (out, "losses", -1), ==, c->losses_after);
      g_assert_cmpint (adj_outcome_get_value_int (out, "reduced", -1), ==, c->reduced_after);
      g_assert_cmpint (adj_outcome_get_value_int (out, "strength", -1), ==, c->strength);
    }
}

static void
test_losses_battle (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  AdjUnit *devons = unit (battle, "2nd-devonshire-regiment");
  int overflow = -1;

  g_assert_true (adj_rr_apply_losses (battle, "2nd-devonshire-regiment", 2, &overflow, &error));
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_status_bool (devons, "reduced"));
  g_assert_cmpint (adj_unit_get_status_int (devons, "losses"), ==, 0);
  g_assert_cmpint (adj_rr_unit_strength (battle, devons), ==, 3);
  g_assert_true (adj_rr_apply_losses (battle, "2nd-devonshire-regiment", 4, &overflow, &error));
  g_assert_true (adj_unit_get_destroyed (devons));
  g_assert_cmpint (overflow, ==, 1);
  g_assert_false (adj_rr_apply_losses (battle, "2nd-devonshire-regiment", 1, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_false (adj_rr_apply_losses (battle, "hildyard", 1, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* Undo gives the counter back. */
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_false (adj_unit_get_destroyed (devons));
  g_assert_cmpint (adj_rr_unit_strength (battle, devons), ==, 3);
  /* A strength nobody entered is asked for. */
  {
    g_autoptr(json_object) zero = json_object_new_int (0);

    g_assert_true (adj_battle_edit (battle, "unit:1st-rifle-brigade", "status.sp", zero,
                                    &error));
    g_assert_false (adj_rr_apply_losses (battle, "1st-rifle-brigade", 1, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_nonnull (strstr (error->message, "1st Rifle Brigade"));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* leaders                                                                                     */

static void
test_leader_reaction (void)
{
  g_autoptr(AdjOdds) odds = odds_of ("rr/leader-reaction", "{}");
  guint64 panicked = 0, firm = 0;

  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        int d[2] = { a, b };
        g_autoptr(AdjOutcome) out = resolve_dice ("rr/leader-reaction", "{}", d, 2);
        const char *want = a + b <= 3 ? "panicked" : a + b >= 10 ? "standing-firm" : "steady";

        g_assert_cmpstr (out->key, ==, want);
        panicked += a + b <= 3;
        firm += a + b >= 10;
      }
  assert_odds (odds, "panicked", panicked, 36);
  assert_odds (odds, "standing-firm", firm, 36);
  assert_odds (odds, "steady", 36 - panicked - firm, 36);
  g_assert_cmpuint (panicked, ==, 3);
  g_assert_cmpuint (firm, ==, 6);
  {
    g_autoptr(AdjOutcome) out = resolve_dice ("rr/leader-reaction", "{\"marker\": \"panicked\"}",
                                              NULL, 0);
    g_autoptr(AdjOdds) o2 = odds_of ("rr/leader-reaction", "{\"marker\": \"standing-firm\"}");

    g_assert_cmpstr (out->key, ==, "already-marked");
    assert_odds (o2, "already-marked", 1, 1);
  }
}

static void
test_leader_recovery_and_casualty (void)
{
  g_autoptr(AdjOdds) rec = odds_of ("rr/leader-recovery", "{}");
  g_autoptr(AdjOdds) cas = odds_of ("rr/leader-casualty", "{}");
  guint64 removed = 0, falls = 0;

  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        int d[2] = { a, b };
        g_autoptr(AdjOutcome) r = resolve_dice ("rr/leader-recovery", "{}", d, 2);
        g_autoptr(AdjOutcome) c = resolve_dice ("rr/leader-casualty", "{}", d, 2);

        g_assert_cmpstr (r->key, ==, a + b >= 4 ? "removed" : "stays");
        g_assert_cmpstr (c->key, ==, a + b == 2 || a + b == 12 ? "falls" : "unhurt");
        removed += a + b >= 4;
        falls += a + b == 2 || a + b == 12;
      }
  assert_odds (rec, "removed", removed, 36);
  assert_odds (cas, "falls", falls, 36);
  g_assert_cmpuint (removed, ==, 33);
  g_assert_cmpuint (falls, ==, 2);
  {
    g_autoptr(AdjOutcome) out = resolve_dice ("rr/leader-casualty",
                                              "{\"rank\": \"replacement\"}", NULL, 0);
    g_assert_cmpstr (out->key, ==, "cannot-fall");
  }

  /* In a battle: the marker comes and goes; the leader falls and is replaced; Buller falls. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    AdjUnit *hart = unit (battle, "hart");

    {
      g_autoptr(AdjRandom) r = DICE (1, 2);
      g_assert_true (adj_rr_leader_reaction (battle, "5th-brigade", r, &error));
    }
    g_assert_no_error (error);
    g_assert_cmpstr (adj_unit_get_status_string (hart, "leader_marker"), ==, "panicked");
    {
      g_autoptr(AdjRandom) r = DICE (6, 6);   /* already marked: no roll, the die stays */
      g_assert_true (adj_rr_leader_reaction (battle, "5th-brigade", r, &error));
      g_assert_false (adj_random_check_used (r, NULL));
    }
    g_assert_cmpstr (adj_unit_get_status_string (hart, "leader_marker"), ==, "panicked");
    {
      g_autoptr(AdjRandom) r = DICE (1, 2);   /* 3: stays */
      g_assert_true (adj_rr_leader_recovery (battle, "hart", r, &error));
    }
    g_assert_cmpstr (adj_unit_get_status_string (hart, "leader_marker"), ==, "panicked");
    {
      g_autoptr(AdjRandom) r = DICE (2, 2);   /* 4: off */
      g_assert_true (adj_rr_leader_recovery (battle, "hart", r, &error));
    }
    g_assert_no_error (error);
    g_assert_cmpstr (adj_unit_get_status_string (hart, "leader_marker"), ==, "none");
    g_assert_false (adj_rr_leader_recovery (battle, "hart", NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    {
      g_autoptr(AdjRandom) r = DICE (6, 6);
      g_assert_true (adj_rr_leader_casualty (battle, "hart", r, &error));
    }
    g_assert_no_error (error);
    g_assert_true (adj_unit_get_status_bool (hart, "replaced"));
    g_assert_false (adj_unit_get_destroyed (hart));
    {
      g_autoptr(AdjRandom) r = DICE (1, 1);   /* a replacement: no roll */
      g_assert_true (adj_rr_leader_casualty (battle, "hart", r, &error));
      g_assert_false (adj_random_check_used (r, NULL));
    }
    g_assert_false (adj_unit_get_destroyed (hart));
    {
      g_autoptr(AdjRandom) r = DICE (1, 1);
      g_assert_true (adj_rr_leader_casualty (battle, "buller", r, &error));
    }
    g_assert_no_error (error);
    g_assert_true (adj_unit_get_destroyed (unit (battle, "buller")));
    g_assert_false (adj_rr_leader_casualty (battle, "buller", NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    g_assert_false (adj_rr_leader_casualty (battle, "13th-hussars", NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* recovery and morale                                                                         */

static void
test_unit_recovery (void)
{
  g_autoptr(AdjTables) t = full_tables ();
  static const char *const levels[] = { "normal", "disrupted", "suppressed", "routed" };

  use_tables (t);
  for (guint l = 1; l < G_N_ELEMENTS (levels); l++)
    for (int mod = -2; mod <= 2; mod += 2)
      {
        g_autofree char *json = g_strdup_printf ("{\"morale\": \"%s\", \"modifier\": %d}",
                                                 levels[l], mod);
        g_autoptr(AdjOdds) odds = odds_of ("rr/unit-recovery", json);
        guint64 up1 = 0, up2 = 0;

        for (int a = 1; a <= 6; a++)
          for (int b = 1; b <= 6; b++)
            {
              int d[2] = { a, b };
              const char *want = test_recovery (levels[l], CLAMP (a + b + mod, 2, 12));
              g_autoptr(AdjOutcome) out = resolve_dice ("rr/unit-recovery", json, d, 2);
              int climb = g_str_equal (want, "up-one") ? 1 : g_str_equal (want, "up-two") ? 2 : 0;
              json_object *after = member (out->values, "morale");

              g_assert_cmpstr (out->key, ==, want);
              g_assert_cmpstr (json_object_get_string (after), ==,
                               levels[MAX ((int) l - climb, 0)]);
              up1 += climb == 1;
              up2 += climb == 2;
            }
        assert_odds (odds, "up-one", up1, 36);
        assert_odds (odds, "up-two", up2, 36);
        assert_odds (odds, "unchanged", 36 - up1 - up2, 36);
      }
  {
    g_autoptr(AdjOutcome) out = resolve_dice ("rr/unit-recovery", "{\"morale\": \"normal\"}",
                                              NULL, 0);
    g_assert_cmpstr (out->key, ==, "no-test");
  }
  use_tables (NULL);

  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    g_autoptr(json_object) routed = json_object_new_string ("routed");

    g_assert_false (adj_rr_unit_recovery (battle, "1st-border-regiment", 0, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    g_assert_true (adj_battle_edit (battle, "unit:1st-border-regiment", "status.morale", routed,
                                    &error));
    {
      g_autoptr(AdjRandom) r = DICE (6, 6);    /* 12 from routed: up two, to disrupted */
      g_assert_true (adj_rr_unit_recovery (battle, "1st-border-regiment", 0, r, &error));
    }
    g_assert_no_error (error);
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "1st-border-regiment"), "morale"),
                     ==, "disrupted");
  }
}

static void
test_formation_morale (void)
{
  g_autoptr(AdjTables) t = full_tables ();
  static const char *const columns[] = { "brigade", "group-emplacement", "group-open" };
  static const char *const keys[] = { "normal", "disrupted", "suppressed", "routed" };

  use_tables (t);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_autofree char *json = g_strdup_printf ("{\"column\": \"%s\", \"modifier\": 1}",
                                               columns[c]);
      g_autoptr(AdjOdds) odds = odds_of ("rr/formation-morale", json);
      guint64 ways[4] = { 0 };

      for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
          {
            int d[2] = { a, b };
            const char *want = test_formation (columns[c], CLAMP (a + b + 1, 2, 12));
            g_autoptr(AdjOutcome) out = resolve_dice ("rr/formation-morale", json, d, 2);

            g_assert_cmpstr (out->key, ==, want);
            for (guint k = 0; k < 4; k++)
              ways[k] += g_str_equal (keys[k], want);
          }
      for (guint k = 0; k < 4; k++)
        assert_odds (odds, keys[k], ways[k], 36);
    }
  use_tables (NULL);

  /* Only units better than the result fall; a released commando routed turns to Return. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    g_autoptr(json_object) routed = json_object_new_string ("routed");
    g_autoptr(json_object) released = json_object_new_string ("released");
    static const char *const group[] = {
      "zoutpansberg-commando", "swaziland-police-commando", "ermelo-commando", NULL
    };

    g_assert_true (adj_battle_edit (battle, "unit:ermelo-commando", "status.morale", routed,
                                    &error));
    g_assert_true (adj_battle_edit (battle, "unit:zoutpansberg-commando", "status.boer_marker",
                                    released, &error));
    {
      g_autoptr(AdjRandom) r = DICE (1, 1);    /* 2 on group-open: routed */
      g_assert_true (adj_rr_formation_morale (battle, group, "group-open", 0, r, &error));
    }
    g_assert_no_error (error);
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "zoutpansberg-commando"),
                                                 "morale"), ==, "routed");
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "zoutpansberg-commando"),
                                                 "boer_marker"), ==, "return");
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "swaziland-police-commando"),
                                                 "boer_marker"), ==, "none");
    {
      g_autoptr(AdjRandom) r = DICE (3, 3);    /* 6 on brigade: disrupted */
      static const char *const brigade[] = { "1st-durham-light-infantry", NULL };
      g_autoptr(json_object) suppressed = json_object_new_string ("suppressed");

      g_assert_true (adj_battle_edit (battle, "unit:1st-durham-light-infantry", "status.morale",
                                      suppressed, &error));
      g_assert_true (adj_rr_formation_morale (battle, brigade, "brigade", 0, r, &error));
      g_assert_no_error (error);
      /* Suppressed is worse than disrupted: unchanged. */
      g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "1st-durham-light-infantry"),
                                                   "morale"), ==, "suppressed");
    }
    g_assert_false (adj_rr_formation_morale (battle, group, "no-column", 0, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* fire                                                                                        */

static void
test_fire_tables (void)
{
  g_autoptr(AdjTables) t = full_tables ();

  use_tables (t);
  for (int strength = 0; strength <= 12; strength += 3)
    for (int mod = -2; mod <= 2; mod += 2)
      {
        g_autofree char *json = g_strdup_printf ("{\"strength\": %d, \"modifier\": %d}",
                                                 strength, mod);
        g_autoptr(AdjOdds) shell = odds_of ("rr/shell-fire", json);
        g_autoptr(AdjOdds) rifle = odds_of ("rr/rifle-fire", json);
        guint64 dis = 0, sup = 0, hurt = 0;

        for (int a = 1; a <= 6; a++)
          {
            int d1[1] = { a };
            int want = test_rifle (CLAMP (a + mod, 1, 6), CLAMP (strength, 1, 10));
            g_autoptr(AdjOutcome) r = resolve_dice ("rr/rifle-fire", json, d1, 1);

            g_assert_cmpstr (r->key, ==, want > 0 ? "losses" : "no-loss");
            if (want > 0)
              g_assert_cmpint (adj_outcome_get_value_int (r, "losses", -1), ==, want);
            hurt += want > 0;
            for (int b = 1; b <= 6; b++)
              {
                int d[2] = { a, b };
                const char *ws = test_shell (CLAMP (a + b + mod, 2, 12), CLAMP (strength, 1, 6));
                g_autoptr(AdjOutcome) s = resolve_dice ("rr/shell-fire", json, d, 2);

                g_assert_cmpstr (s->key, ==, ws);
                dis += g_str_equal (ws, "disrupted");
                sup += g_str_equal (ws, "suppressed");
              }
          }
        assert_odds (shell, "disrupted", dis, 36);
        assert_odds (shell, "suppressed", sup, 36);
        assert_odds (shell, "no-effect", 36 - dis - sup, 36);
        assert_odds (rifle, "losses", hurt, 6);
        assert_odds (rifle, "no-loss", 6 - hurt, 6);
      }
  use_tables (NULL);

  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(GError) error = NULL;
    static const char *const area[] = { "ermelo-commando", "vrede-commando", NULL };
    g_autoptr(json_object) no = json_object_new_boolean (FALSE);
    int overflow = -1;

    /* A limbered battery does not fire. */
    g_assert_false (adj_rr_shell_fire (battle, "7th-field-battery", area, 0, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    g_assert_true (adj_battle_edit (battle, "unit:7th-field-battery", "status.limbered", no,
                                    &error));
    {
      g_autoptr(AdjRandom) r = DICE (6, 5);    /* 11 + strength 6: suppressed */
      g_assert_true (adj_rr_shell_fire (battle, "7th-field-battery", area, 0, r, &error));
    }
    g_assert_no_error (error);
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "vrede-commando"), "morale"), ==,
                     "suppressed");
    /* A commando (6) at a battalion: 6 + 6 = 12, 12 / 4 − 1 = 2 lost. */
    {
      g_autoptr(AdjRandom) r = DICE (6);
      g_assert_true (adj_rr_rifle_fire (battle, "wakkerstroom-commando", "1st-border-regiment",
                                        0, r, &overflow, &error));
    }
    g_assert_no_error (error);
    g_assert_cmpint (adj_rr_unit_strength (battle, unit (battle, "1st-border-regiment")), ==, 3);
    g_assert_cmpint (overflow, ==, 0);
    g_assert_false (adj_rr_rifle_fire (battle, "wakkerstroom-commando", "ermelo-commando", 0,
                                       NULL, NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Boer targeting                                                                              */

static void
test_boer_target (void)
{
  static const char *const plot[] = { "Ridge", "Ridge", "Drift", "Kraal", "Kraal", "Kraal",
                                      NULL };
  static const char *const five[] = { "A", "B", "C", "D", "E", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOdds) odds = adj_rr_boer_target_odds (plot, &error);
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  GHashTable *brute = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_no_error (error);
  /* Brute force: each face of the die names one marker. */
  for (int face = 1; face <= 6; face++)
    g_hash_table_insert (brute, (gpointer) plot[face - 1],
                         GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (brute,
                                                                                plot[face - 1]))
                                          + 1));
  g_assert_cmpuint (odds->entries->len, ==, 3);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

      assert_odds (odds, e->key, (guint64) GPOINTER_TO_INT (g_hash_table_lookup (brute, e->key)),
                   6);
    }
  g_hash_table_unref (brute);
  g_assert_null (adj_rr_boer_target_odds (five, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);

  for (int face = 1; face <= 6; face++)
    {
      g_autoptr(AdjRandom) r = dice_of (&face, 1);
      g_autofree char *area = NULL;

      g_assert_true (adj_rr_boer_target (battle, "75-mm-creusot-guns", plot, r, &area, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (area, ==, plot[face - 1]);
    }
  g_assert_false (adj_rr_boer_target (battle, "13th-hussars", plot, NULL, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
}

/* ------------------------------------------------------------------------------------------ */
/* the Shaken test and the end of the battle                                                   */

static void
test_shaken_odds (void)
{
  for (int turn = 1; turn <= 20; turn++)
    for (int conf = 1; conf <= 20; conf++)
      {
        g_autofree char *json = g_strdup_printf ("{\"turn\": %d, \"confidence\": %d}", turn,
                                                 conf);
        g_autoptr(AdjOdds) odds = odds_of ("rr/shaken", json);
        guint64 shaken = 0;

        if (conf > turn)
          {
            g_autoptr(AdjOutcome) out = resolve_dice ("rr/shaken", json, NULL, 0);

            g_assert_cmpstr (out->key, ==, "not-due");
            assert_odds (odds, "not-due", 1, 1);
            continue;
          }
        for (int a = 1; a <= 6; a++)
          for (int b = 1; b <= 6; b++)
            {
              int d[2] = { a, b };
              gboolean want = a + b + (turn - conf) >= 12;

              shaken += want;
              if (turn % 5 == 0 || conf == turn)
                {
                  g_autoptr(AdjOutcome) out = resolve_dice ("rr/shaken", json, d, 2);
                  g_assert_cmpstr (out->key, ==, want ? "shaken" : "holds");
                }
            }
        assert_odds (odds, "shaken", shaken, 36);
        assert_odds (odds, "holds", 36 - shaken, 36);
      }
  /* The gap: level, one below (2/36 + … ), ten below (always). */
  {
    g_autoptr(AdjOdds) level = odds_of ("rr/shaken", "{\"turn\": 5, \"confidence\": 5}");
    g_autoptr(AdjOdds) one = odds_of ("rr/shaken", "{\"turn\": 6, \"confidence\": 5}");
    g_autoptr(AdjOdds) ten = odds_of ("rr/shaken", "{\"turn\": 15, \"confidence\": 5}");

    assert_odds (level, "shaken", 1, 36);
    assert_odds (one, "shaken", 3, 36);
    assert_odds (ten, "shaken", 36, 36);
  }
}

typedef struct {
  const char *name;
  int turn, confidence, shaken, loss;
  const char *key;
  const char *reason;
} VictoryCase;

static const VictoryCase victory_cases[] = {
  { "goes-on", 3, 6, 0, 12, "continues", "none" },
  { "shaken-twice-loss-14", 8, 10, 2, 14, "british-victory", "shaken-twice" },
  { "shaken-twice-loss-15", 8, 10, 2, 15, "pyrrhic-victory", "shaken-twice" },
  { "confidence-1-turn-5-loss-14", 5, 1, 0, 14, "british-victory", "confidence" },
  { "confidence-1-turn-5-loss-15", 5, 1, 1, 15, "pyrrhic-victory", "confidence" },
  { "confidence-1-turn-4", 4, 1, 0, 10, "continues", "none" },
  { "confidence-2-turn-9", 9, 2, 0, 10, "continues", "none" },
  { "loss-20", 7, 8, 1, 20, "boer-victory", "loss" },
  { "turn-20", 20, 15, 1, 13, "boer-victory", "last-turn" },
  { "shaken-once-turn-19", 19, 20, 1, 19, "continues", "none" },
  { "withdraw-and-loss-20", 9, 1, 0, 20, "pyrrhic-victory", "confidence" },
  { "withdraw-on-turn-20", 20, 3, 2, 11, "british-victory", "shaken-twice" },
};

static void
test_victory_case (gconstpointer data)
{
  const VictoryCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"turn\": %d, \"confidence\": %d, \"shaken\": %d, "
                                           "\"loss\": %d}", c->turn, c->confidence, c->shaken,
                                           c->loss);
  g_autoptr(AdjOutcome) out = resolve_dice ("rr/victory", json, NULL, 0);

  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpstr (json_object_get_string (member (out->values, "end_reason")), ==, c->reason);
}

/* The Victory segment of a battle: the Game Turn moves on, or the battle ends for good. */
static void
test_victory_battle (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  AdjRrTracks t;

  walk_to (battle, "shaken-test");
  /* Turn 1: Confidence 2 is above the Game Turn: no test is due, none may be rolled. */
  g_assert_false (is_pending (battle));
  g_assert_false (adj_rr_shaken_test (battle, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (adj_rr_move_markers (battle, -1, 0, "test", &error));
  g_assert_true (is_pending (battle));
  {
    g_autoptr(AdjRandom) r = DICE (6, 6);
    g_assert_true (adj_rr_shaken_test (battle, r, &error));
  }
  g_assert_no_error (error);
  next_ok (battle);
  assert_step (battle, 2, "status", "victory", "victory-check");   /* turn moved on */
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.result, ==, "none");
  /* Turn 2: Confidence 2, level with the Game Turn: the test is due. Bring Loss to 15 and
   * shake them again: they withdraw. */
  advance_to (battle, 2, "shaken-test");
  g_assert_true (is_pending (battle));
  g_assert_false (adj_rr_next_step (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (adj_rr_move_markers (battle, 0, 5, "test", &error));
  g_assert_no_error (error);
  {
    g_autoptr(AdjRandom) r = DICE (6, 6);
    g_assert_true (adj_rr_shaken_test (battle, r, &error));
  }
  next_ok (battle);
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.result, ==, "pyrrhic-victory");
  g_assert_cmpstr (t.end_reason, ==, "shaken-twice");
  g_assert_cmpint (t.turn, ==, 2);
  g_assert_false (adj_rr_next_step (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* Undo brings the battle back. */
  g_assert_true (adj_battle_undo (battle, &error));
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.result, ==, "none");
  g_assert_false (t.step_done);
  /* The marker is on the victory step with its check undone: next carries it out again. */
  next_ok (battle);
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.result, ==, "pyrrhic-victory");
}

/* Loss 14 against 15 in a battle walked to its Victory segment with Confidence at 1. */
static void
test_victory_loss_14_15 (void)
{
  for (int loss = 14; loss <= 15; loss++)
    {
      g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
      g_autoptr(GError) error = NULL;
      AdjRrTracks t;

      advance_to (battle, 5, "shaken-test");
      g_assert_true (adj_rr_move_markers (battle, -20, loss - setting_int (battle, "loss"),
                                          "test", &error));
      g_assert_no_error (error);
      g_assert_cmpint (setting_int (battle, "confidence"), ==, 1);
      g_assert_cmpint (setting_int (battle, "loss"), ==, loss);
      {
        g_autoptr(AdjRandom) d = DICE (1, 1);   /* 2 + 4 = 6: holds */
        g_assert_true (adj_rr_shaken_test (battle, d, &error));
      }
      next_ok (battle);
      adj_rr_get_tracks (battle, &t);
      g_assert_cmpstr (t.result, ==, loss == 14 ? "british-victory" : "pyrrhic-victory");
      g_assert_cmpstr (t.end_reason, ==, "confidence");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* emplacements and the Status chart                                                           */

static void
test_emplacements (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = adj_rr_emplacements (battle);
  AdjUnit *wylie;

  g_assert_cmpuint (list->len, ==, 2);
  wylie = unit (battle, g_ptr_array_index (list, 0));
  g_assert_cmpstr (adj_unit_get_name (wylie), ==, "Fort Wylie");
  g_assert_true (adj_rr_emplacement_fired (battle, "emplacement-1", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_status_string (wylie, "emplacement"), ==, "open");
  g_assert_false (adj_rr_emplacement_fired (battle, "emplacement-1", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  /* Capture and recapture belong to the Boer Shaken segment. */
  g_assert_false (adj_rr_update_emplacement (battle, "emplacement-1", TRUE, FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  walk_to (battle, "emplacements");
  /* British and Boers both there: nothing changes. */
  g_assert_true (adj_rr_update_emplacement (battle, "emplacement-1", TRUE, TRUE, &error));
  g_assert_cmpstr (adj_unit_get_status_string (wylie, "emplacement"), ==, "open");
  g_assert_true (adj_rr_update_emplacement (battle, "emplacement-1", TRUE, FALSE, &error));
  g_assert_cmpstr (adj_unit_get_status_string (wylie, "emplacement"), ==, "captured");
  /* Still held: stays captured, whoever else comes. */
  g_assert_true (adj_rr_update_emplacement (battle, "emplacement-1", TRUE, TRUE, &error));
  g_assert_cmpstr (adj_unit_get_status_string (wylie, "emplacement"), ==, "captured");
  /* The British leave: the Boers take it back without being there. */
  g_assert_true (adj_rr_update_emplacement (battle, "emplacement-1", FALSE, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_status_string (wylie, "emplacement"), ==, "open");
  /* A hidden emplacement can be captured too. */
  g_assert_true (adj_rr_update_emplacement (battle, "emplacement-2", TRUE, FALSE, &error));
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "emplacement-2"), "emplacement"), ==,
                   "captured");
  g_assert_false (adj_rr_update_emplacement (battle, "hildyard", TRUE, FALSE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
}

static void
test_status_chart (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;

  /* Line 9: Confidence +1, Loss +2, three times. */
  g_assert_true (adj_rr_apply_status (battle, 9, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (setting_int (battle, "confidence"), ==, 1 + 3 * test_status_conf[9]);
  g_assert_cmpint (setting_int (battle, "loss"), ==, 10 + 3 * test_status_loss[9]);
  /* Clamped to the track. */
  g_assert_true (adj_rr_apply_status (battle, 8, 5, &error));
  g_assert_cmpint (setting_int (battle, "confidence"), ==, 1);
  g_assert_true (adj_rr_move_markers (battle, 30, 30, "a great day", &error));
  g_assert_cmpint (setting_int (battle, "confidence"), ==, 20);
  g_assert_cmpint (setting_int (battle, "loss"), ==, 20);
  g_assert_false (adj_rr_apply_status (battle, 17, 1, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (adj_rr_move_markers (battle, 1, 0, "", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
}

/* ------------------------------------------------------------------------------------------ */
/* a whole turn, step by step, with fixed dice                                                 */

typedef struct {
  const char *phase;
  const char *segment;
  const char *step;
} Pos;

static const Pos turn_order[] = {
  { "orders", "british-event", "return-chits" },
  { "orders", "british-event", "draw-event" },
  { "orders", "command-points", "collect-cp" },
  { "orders", "send-orders", "plan-orders" },
  { "orders", "send-orders", "roll-send" },
  { "orders", "receive-orders", "roll-receive" },
  { "orders", "emergency-withdrawal", "withdrawal" },
  { "shell-fire", "boer-shell-fire", "misfire" },
  { "shell-fire", "boer-shell-fire", "boer-guns-fire" },
  { "shell-fire", "boer-recovery", "boer-recovery" },
  { "shell-fire", "british-shell-fire", "ammo" },
  { "shell-fire", "british-shell-fire", "batteries-fire" },
  { "movement", "british-movement", "routed-move" },
  { "movement", "british-movement", "brigades-move" },
  { "movement", "british-assault", "approach" },
  { "movement", "british-assault", "close-combat" },
  { "movement", "british-assault", "overrun" },
  { "movement", "boer-movement", "commandos-move" },   /* no Boer Event before turn 5 */
  { "rifle-fire", "british-rifle-fire", "british-rifles" },
  { "rifle-fire", "british-recovery", "leader-markers" },
  { "rifle-fire", "british-recovery", "unit-recovery" },
  { "rifle-fire", "boer-rifle-fire", "commandos-fire" },
  { "status", "boer-shaken", "emplacements" },
  { "status", "boer-shaken", "return-counters" },
  { "status", "boer-shaken", "confidence" },
  { "status", "boer-shaken", "shaken-test" },
  { "status", "victory", "victory-check" },
};

static void
test_scripted_turn (void)
{
  static const int d[6] = { 2, 3, 1, 2, 1, 1 };   /* Wagon 10, Native 10, 2nd Pont 12 */
  g_autoptr(AdjBattle) battle = battle_new (NULL, d, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *report = NULL;
  g_autofree char *chit = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);
  guint first;

  /* Turn 1 from its first step (Send Orders) to its end. */
  assert_step (battle, 1, "orders", "send-orders", "plan-orders");
  g_assert_true (adj_rr_plan_order (battle, "4th-brigade", "Colenso Station", FALSE, &error));
  g_assert_true (adj_rr_plan_order (battle, "naval-brigade", "Shooter's Hill", TRUE, &error));
  g_assert_no_error (error);
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (2, 2);        /* 4: arrives in 1 turn */
    g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
    all_used (r);
  }
  next_ok (battle);
  assert_step (battle, 1, "orders", "receive-orders", "roll-receive");
  g_assert_false (is_pending (battle));       /* nothing arrives this turn */
  for (guint i = 6; i < G_N_ELEMENTS (turn_order); i++)
    {
      next_ok (battle);
      /* The victory check moves the Game Turn on as soon as the marker reaches it. */
      assert_step (battle, g_str_equal (turn_order[i].step, "victory-check") ? 2 : 1,
                   turn_order[i].phase, turn_order[i].segment, turn_order[i].step);
      if (g_str_equal (turn_order[i].step, "commandos-fire"))
        {
          g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "sp", "1"), 5 }, 2);
          int overflow = -1;

          g_assert_true (adj_rr_draw_sp_counter (battle, "ermelo-commando", r, &error));
          /* 7 strong, die 5: (5 + 7) / 4 − 1 = 2 lost by the Connaught Rangers. */
          g_assert_true (adj_rr_rifle_fire (battle, "ermelo-commando", "1st-connaught-rangers",
                                            0, r, &overflow, &error));
          g_assert_no_error (error);
          all_used (r);
          {
            g_autoptr(AdjRandom) lr = DICE (3, 4);
            g_assert_true (adj_rr_leader_reaction (battle, "5th-brigade", lr, &error));
          }
          g_assert_true (adj_rr_apply_status (battle, 1, 1, &error));
          g_assert_no_error (error);
        }
      if (g_str_equal (turn_order[i].step, "confidence"))
        {
          /* 1 + status line 1, then +1 here. */
          g_assert_cmpint (setting_int (battle, "confidence"), ==, 3);
          g_assert_cmpint (setting_int (battle, "loss"), ==, 11);
        }
      if (g_str_equal (turn_order[i].step, "shaken-test"))
        g_assert_false (is_pending (battle));   /* 3 > 1: no test */
    }
  /* The victory check moved the Game Turn on. */
  g_assert_cmpint (adj_battle_get_turn (battle), ==, 2);

  /* Turn 2, every step in order. */
  first = adj_journal_get_n_entries (journal);
  for (guint i = 0; i < G_N_ELEMENTS (turn_order); i++)
    {
      next_ok (battle);
      assert_step (battle, g_str_equal (turn_order[i].step, "victory-check") ? 3 : 2,
                   turn_order[i].phase, turn_order[i].segment, turn_order[i].step);
      if (g_str_equal (turn_order[i].step, "return-chits"))
        g_assert_true (json_object_get_boolean (member (adj_battle_get_settings (battle),
                                                        "step_done")));
      if (g_str_equal (turn_order[i].step, "draw-event"))
        {
          g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "british", "bob-hart") },
                                            1);

          g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, r, &chit, &error));
          g_assert_no_error (error);
          g_assert_cmpstr (chit, ==, "bob-hart");
        }
      if (g_str_equal (turn_order[i].step, "collect-cp"))
        g_assert_cmpint (setting_int (battle, "cp"), ==, 3);
      if (g_str_equal (turn_order[i].step, "plan-orders"))
        {
          g_assert_true (adj_rr_plan_order (battle, "mounted-brigade", "Hlangwane", FALSE,
                                            &error));
          g_assert_no_error (error);
          g_assert_cmpint (setting_int (battle, "cp"), ==, 2);
        }
      if (g_str_equal (turn_order[i].step, "roll-send"))
        {
          g_autoptr(AdjRandom) r = DICE (1, 1);   /* 2: lost */
          g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
          g_assert_no_error (error);
        }
      if (g_str_equal (turn_order[i].step, "roll-receive"))
        {
          g_autoptr(AdjRandom) r = DICE (5, 5);   /* 10: as ordered */
          g_assert_true (is_pending (battle));
          g_assert_true (adj_rr_roll_receive_orders (battle, r, &error));
          g_assert_no_error (error);
          assert_order (battle, "4th-brigade", ADJ_RR_ORDER_OBJECTIVE, NULL, "Colenso Station");
        }
      if (g_str_equal (turn_order[i].step, "brigades-move"))
        {
          g_autoptr(AdjRandom) r = DICE (4, 4);   /* 8 against Wagon Drift's 10: found */
          gboolean found = FALSE;

          g_assert_true (adj_rr_find_drift (battle, "wagon-drift", "1st-rifle-brigade", r,
                                            &found, &error));
          g_assert_no_error (error);
          g_assert_true (found);
        }
    }
  g_assert_cmpint (adj_battle_get_turn (battle), ==, 3);
  /* Each step is one entry, and a step Adjutant carries out one more. */
  g_assert_cmpuint (adj_journal_get_n_entries (journal) - first, ==,
                    G_N_ELEMENTS (turn_order) + 7 /* automatic steps */ + 1 /* chit */ +
                    1 /* order */ + 1 /* send */ + 1 /* receive */ + 1 /* drift */);

  /* The report reads turn by turn. */
  report = adj_battle_report (battle, FALSE);
  g_assert_nonnull (strstr (report, "Turn 1\n"));
  g_assert_nonnull (strstr (report, "Turn 2\n"));
  g_assert_nonnull (strstr (report, "Send Orders: Lyttelton’s 4th (Light) Infantry Brigade is to "
                                    "make for Colenso Station"));
  g_assert_nonnull (strstr (report, "Long sends the Naval Brigade to Shooter's Hill"));
  g_assert_nonnull (strstr (report, "British Event: chit drawn — Bob Hart"));
  g_assert_nonnull (strstr (report, "British Command Points: 3 command points"));
  g_assert_nonnull (strstr (report, "Wagon Drift: its marker shows 10"));
  g_assert_nonnull (strstr (report, "Victory: the battle goes on — the Game Turn moves to 3"));
  g_assert_nonnull (strstr (report, "Turn 2 · Rifle Fire phase · British Recovery, step 2 of 2"));
  g_assert_true (strstr (report, "Turn 1\n") < strstr (report, "Turn 2\n"));
}

/* ------------------------------------------------------------------------------------------ */
/* hidden information                                                                          */

/* Everything a player can read: journal (summaries, inputs, outcomes as JSON and text), the
 * report, the summary for the dashboard, the battle file without its sealed texts, the roster,
 * and what adjutant-cli prints about the battle. */
static char *
everything_shown (AdjBattle *battle)
{
  GString *s = g_string_new (NULL);
  AdjJournal *journal = adj_battle_get_journal (battle);
  g_autofree char *report = adj_battle_report (battle, FALSE);
  g_autofree char *markdown = adj_battle_report (battle, TRUE);
  g_autoptr(json_object) summary = adj_rr_summary (battle);
  g_autoptr(json_object) file = adj_battle_to_json (battle);
  g_autofree char *roster = adj_test_roster_text (battle);

  for (guint i = 0; i < adj_journal_get_n_entries (journal); i++)
    {
      AdjEntry *e = adj_journal_get_entry (journal, i);

      g_string_append_printf (s, "%s\n", e->summary);
      if (e->inputs != NULL)
        g_string_append_printf (s, "%s\n", json_object_to_json_string (e->inputs));
      if (e->outcome != NULL)
        g_string_append_printf (s, "%s\n", json_object_to_json_string (e->outcome));
    }
  g_string_append_printf (s, "%s\n%s\n%s\n", report, markdown,
                          json_object_to_json_string (summary));
  /* The file with its sealed texts out (they are random base64, which could hold anything). */
  json_object_object_del (file, "secrets");
  {
    json_object *entries = member (member (file, "journal"), "entries");

    for (gsize i = 0; i < json_object_array_length (entries); i++)
      {
        json_object *changes = member (json_object_array_get_idx (entries, i), "changes");

        for (gsize k = 0; k < json_object_array_length (changes); k++)
          {
            json_object *change = json_object_array_get_idx (changes, k);

            if (g_str_has_prefix (member_string (change, "field") != NULL
                                    ? member_string (change, "field") : "", "secrets."))
              {
                json_object_object_del (change, "before");
                json_object_object_del (change, "after");
              }
          }
      }
  }
  g_string_append_printf (s, "%s\n", json_object_to_json_string (file));
  g_string_append_printf (s, "%s\n", roster);
  /* The command-line tool on the saved battle. */
  {
    const char *cli = g_getenv ("ADJUTANT_CLI");
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp ("adj-rr-cli-XXXXXX", &error);
    g_autofree char *path = g_build_filename (dir, "colenso.json", NULL);
    g_autofree char *pdf = g_build_filename (dir, "colenso.pdf", NULL);
    g_autoptr(json_object) whole = adj_battle_to_json (battle);

    g_assert_no_error (error);
    g_assert_true (g_file_set_contents (path, json_object_to_json_string (whole), -1, &error));
    if (cli != NULL && cli[0] != '\0')
      {
        const char *validate[] = { cli, "validate", path, NULL };
        const char *roster_cmd[] = { cli, "roster", path, "--pdf", pdf, NULL };
        g_autofree char *out1 = NULL;
        g_autofree char *out2 = NULL;
        int status = 0;

        g_assert_true (g_spawn_sync (NULL, (char **) validate, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                     &out1, NULL, &status, &error));
        g_assert_true (g_spawn_sync (NULL, (char **) roster_cmd, NULL, G_SPAWN_DEFAULT, NULL,
                                     NULL, &out2, NULL, &status, &error));
        g_assert_no_error (error);
        g_string_append_printf (s, "%s\n%s\n", out1, out2);
        g_unlink (pdf);
      }
    g_unlink (path);
    g_rmdir (dir);
  }
  return g_string_free (s, FALSE);
}

static gboolean
drift_value_shown (json_object *summary,
                   const char  *drift)
{
  json_object *drifts = member (summary, "drifts");

  for (gsize i = 0; i < json_object_array_length (drifts); i++)
    {
      json_object *d = json_object_array_get_idx (drifts, i);

      if (g_str_equal (member_string (d, "id"), drift))
        return member (d, "value") != NULL;
    }
  g_assert_not_reached ();
  return FALSE;
}

static void
test_hidden (void)
{
  /* Every drift gets a value no other number on the table shares in words: 2nd Pont Drift the
   * 12 ("shows 12"), and the cups hold the lettered chits nobody has drawn. */
  static const int d[6] = { 2, 2, 1, 1, 1, 1 };   /* Wagon 10, Native 10, 2nd Pont 12 */
  g_autoptr(AdjBattle) battle = battle_new (NULL, d, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) drifts = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
  g_autoptr(json_object) cups = open_secret (battle, ADJ_RR_CUPS_SECRET);
  g_autofree char *shown = NULL;
  g_autofree char *drifts_plain = g_strdup (json_object_to_json_string_ext (
                                              drifts, JSON_C_TO_STRING_PLAIN));
  g_autofree char *cups_plain = g_strdup (json_object_to_json_string_ext (
                                            cups, JSON_C_TO_STRING_PLAIN));
  static const char *const never[] = {
    "shows 12", "marker 12", "\"2nd-pont-drift\":12", "\"2nd-pont-drift\": 12",
    "\"aside\":[", "Other chit A", "Other chit B", "2nd Group Released", "Boer Guns Misfire",
    "British Guns Ammo Shortage", "No Fire —",
  };

  g_assert_cmpint (json_object_get_int (member (member (drifts, "areas"), "2nd-pont-drift")), ==,
                   12);
  /* Walk into turn 2 and do a little of everything that shows nothing hidden. */
  g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (2, 2);    /* arrives next turn */
    g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
  }
  walk_to (battle, "commandos-fire");
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "sp", "0") }, 1);
    g_assert_true (adj_rr_draw_sp_counter (battle, "ermelo-commando", r, &error));
  }
  g_assert_no_error (error);
  walk_to (battle, "draw-event");
  {
    g_autoptr(AdjRandom) r = dice_of ((int[]) { die_for (battle, "british", "bob-hart") }, 1);
    g_assert_true (adj_rr_draw_event (battle, ADJ_RR_CUP_BRITISH, r, NULL, &error));
  }
  g_assert_no_error (error);

  shown = everything_shown (battle);
  for (guint i = 0; i < G_N_ELEMENTS (never); i++)
    if (strstr (shown, never[i]) != NULL)
      g_error ("“%s” shows before the rules reveal it", never[i]);
  g_assert_null (strstr (shown, drifts_plain));
  g_assert_null (strstr (shown, cups_plain));
  /* Nor, outside the tables the player typed in, the ids of chits still in the cups. */
  {
    g_autoptr(json_object) summary = adj_rr_summary (battle);
    g_autofree char *report = adj_battle_report (battle, TRUE);
    GString *journal = g_string_new (NULL);
    AdjJournal *j = adj_battle_get_journal (battle);
    static const char *const ids[] = {
      "\"other-a\"", "\"other-b\"", "\"group-2-released\"", "\"boer-guns-misfire\"",
      "\"other-c\"", "\"-2\"",
    };

    for (guint i = 0; i < adj_journal_get_n_entries (j); i++)
      {
        AdjEntry *e = adj_journal_get_entry (j, i);

        g_string_append_printf (journal, "%s %s %s\n", e->summary,
                                e->inputs != NULL ? json_object_to_json_string (e->inputs) : "",
                                e->outcome != NULL ? json_object_to_json_string (e->outcome)
                                                   : "");
      }
    g_string_append_printf (journal, "%s\n%s\n", json_object_to_json_string (summary), report);
    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      if (strstr (journal->str, ids[i]) != NULL)
        g_error ("the chit %s shows before it is drawn", ids[i]);
    g_string_free (journal, TRUE);
  }
  {
    g_autoptr(json_object) summary = adj_rr_summary (battle);

    for (const char * const *id = adj_rr_drifts (rs); *id != NULL; id++)
      g_assert_false (drift_value_shown (summary, *id));
  }
  /* What was shown is there: the test can see a leak. */
  g_assert_nonnull (strstr (shown, "Bob Hart"));
  g_assert_nonnull (strstr (shown, "SP counter for Ermelo Commando: 0"));

  /* The rules reveal 2nd Pont Drift: now it shows. */
  walk_to (battle, "roll-receive");
  {
    g_autoptr(AdjRandom) r = DICE (4, 4);
    g_assert_true (adj_rr_roll_receive_orders (battle, r, &error));
  }
  walk_to (battle, "brigades-move");
  {
    g_autoptr(AdjRandom) r = DICE (6, 6);
    gboolean found = FALSE;

    g_assert_true (adj_rr_find_drift (battle, "2nd-pont-drift", "13th-hussars", r, &found,
                                      &error));
    g_assert_no_error (error);
    g_assert_true (found);
  }
  g_free (shown);
  shown = everything_shown (battle);
  g_assert_nonnull (strstr (shown, "shows 12"));
  {
    g_autoptr(json_object) summary = adj_rr_summary (battle);

    g_assert_true (drift_value_shown (summary, "2nd-pont-drift"));
    g_assert_false (drift_value_shown (summary, "wagon-drift"));
  }
  /* Saved and loaded, the sealed records come back and still open. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) again = adj_battle_from_json (json, "colenso.json", &error);
    g_autoptr(json_object) d2 = NULL;

    g_assert_no_error (error);
    d2 = open_secret (again, ADJ_RR_DRIFTS_SECRET);
    g_assert_true (adj_json_equal (d2, drifts));
    g_assert_cmpuint (adj_rr_cup_count (again, ADJ_RR_CUP_BRITISH), ==,
                      adj_rr_cup_count (battle, ADJ_RR_CUP_BRITISH));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* the summary, undo, the demo                                                                 */

static void
test_summary (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) s = NULL;
  json_object *brigades, *cups, *units, *step;
  gboolean seen_hart = FALSE;

  g_assert_true (adj_rr_plan_order (battle, "5th-brigade", "Loop", FALSE, &error));
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (1, 2);   /* 3: 2 turns */
    g_assert_true (adj_rr_roll_send_orders (battle, r, &error));
  }
  s = adj_rr_summary (battle);
  g_assert_cmpint (json_object_get_int (member (s, "turn")), ==, 1);
  g_assert_cmpint (json_object_get_int (member (s, "confidence")), ==, 1);
  g_assert_false (json_object_get_boolean (member (s, "shaken_state")));
  g_assert_cmpint (json_object_get_int (member (s, "loss")), ==, 10);
  g_assert_cmpint (json_object_get_int (member (s, "cp")), ==, 7);
  g_assert_cmpint (json_object_get_int (member (s, "cp_spent")), ==, 1);
  g_assert_cmpstr (member_string (member (s, "phase"), "label"), ==, "Orders");
  g_assert_cmpstr (member_string (member (s, "segment"), "id"), ==, "send-orders");
  step = member (s, "step");
  g_assert_cmpstr (member_string (step, "id"), ==, "roll-send");
  g_assert_cmpint (json_object_get_int (member (step, "number")), ==, 2);
  g_assert_cmpint (json_object_get_int (member (step, "of")), ==, 2);
  g_assert_null (member (step, "pending"));
  brigades = member (s, "brigades");
  g_assert_cmpuint (json_object_array_length (brigades), ==, 9);
  for (gsize i = 0; i < json_object_array_length (brigades); i++)
    {
      json_object *b = json_object_array_get_idx (brigades, i);

      if (g_str_equal (member_string (b, "id"), "5th-brigade"))
        {
          json_object *order = member (b, "order");

          seen_hart = TRUE;
          g_assert_cmpstr (member_string (b, "leader"), ==, "hart");
          g_assert_cmpstr (member_string (order, "state"), ==, "in-transit");
          g_assert_cmpint (json_object_get_int (member (order, "turns_to_arrive")), ==, 2);
          g_assert_cmpstr (member_string (order, "planned_area"), ==, "Loop");
          g_assert_cmpint (json_object_get_int (member (b, "strength_start")), ==, 20);
        }
    }
  g_assert_true (seen_hart);
  g_assert_cmpuint (json_object_array_length (member (s, "drifts")), ==, 6);
  cups = member (s, "cups");
  g_assert_cmpuint (json_object_array_length (cups), ==, 3);
  g_assert_cmpint (json_object_get_int (member (json_object_array_get_idx (cups, 2), "count")),
                   ==, 18);
  units = member (s, "units");
  /* Every counter but the objective markers (two per brigade) and the emplacements. */
  g_assert_cmpuint (json_object_array_length (units), ==, 3 + 9 + 30 + 19);
  g_assert_cmpuint (json_object_array_length (member (s, "emplacements")), ==, 2);
}

static void
test_undo_steps (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  AdjRrTracks t;

  advance_to (battle, 2, "collect-cp");
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpint (t.turn, ==, 2);
  g_assert_cmpint (t.cp, ==, 3);
  /* Undo the points: the marker stays, the work is undone; next does it again. */
  g_assert_true (adj_battle_undo (battle, &error));
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.step, ==, "collect-cp");
  g_assert_false (t.step_done);
  g_assert_cmpint (t.cp, ==, 8);
  next_ok (battle);
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.step, ==, "collect-cp");
  g_assert_cmpint (t.cp, ==, 3);
  /* Undo twice: back to the event step. */
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  adj_rr_get_tracks (battle, &t);
  g_assert_cmpstr (t.step, ==, "draw-event");
}

static void
test_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  AdjTables *carried;

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  g_assert_cmpstr (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), ==, "rr");
  g_assert_true (adj_rr_is_set_up (battle));
  g_assert_nonnull (strstr (adj_battle_get_name (battle), "demo"));
  carried = adj_battle_get_tables (battle);
  g_assert_nonnull (carried);
  g_assert_nonnull (strstr (adj_tables_get_title (carried), "Demo"));
  for (const char * const *id = (const char * const[]) { "send-orders", "receive-orders",
                                                          "sp-counters", "status", NULL };
       *id != NULL; id++)
    g_assert_true (adj_tables_is_complete (carried, *id));
  assert_step (battle, 1, "orders", "send-orders", "plan-orders");
  g_assert_cmpint (setting_int (battle, "cp"), ==, 8);
  g_assert_nonnull (strstr (adj_unit_get_notes (unit (battle, "2nd-devonshire-regiment")),
                            "Demo strength"));
  {
    g_autoptr(json_object) d = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
    g_assert_cmpuint (json_object_object_length (member (d, "areas")), ==, 6);
  }
  /* It plays: an order, its roll, and on to the Boer guns. */
  g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
  next_ok (battle);
  g_assert_true (adj_rr_roll_send_orders (battle, NULL, &error));
  g_assert_no_error (error);
  next_ok (battle);
  if (is_pending (battle))
    {
      AdjRrOrder order;

      g_assert_true (adj_rr_roll_receive_orders (battle, NULL, &error));
      g_assert_no_error (error);
      adj_rr_get_order (battle, "2nd-brigade", &order);
      if (order.state == ADJ_RR_ORDER_CHARGE)
        g_assert_true (adj_rr_place_objective (battle, "2nd-brigade", "Fort Wylie", &error));
    }
  g_assert_false (is_pending (battle));
  walk_to (battle, "boer-guns-fire");
  assert_step (battle, 1, "shell-fire", "boer-shell-fire", "boer-guns-fire");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  data_home = g_dir_make_tmp ("adj-test-rr-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  rs = adj_ruleset_lookup ("rr", &error);
  g_assert_no_error (error);

  g_test_add_func ("/rr/registry", test_registry);
  g_test_add_func ("/rr/ruleset/broken", test_broken);
  g_test_add_func ("/rr/command-points/every-state", test_command_points);
  g_test_add_func ("/rr/command-points/battle", test_command_points_battle);
  g_test_add_func ("/rr/setup/drifts", test_setup_drifts);
  g_test_add_func ("/rr/setup/cups-and-tracks", test_setup_cups);
  g_test_add_func ("/rr/setup/refused", test_setup_refused);
  g_test_add_func ("/rr/setup/missing-strengths", test_missing_strengths);
  g_test_add_func ("/rr/orders/send-table", test_send_orders_table);
  g_test_add_func ("/rr/orders/receive-table", test_receive_orders_table);
  g_test_add_func ("/rr/orders/table-missing", test_table_missing);
  g_test_add_func ("/rr/orders/flow", test_orders_flow);
  g_test_add_func ("/rr/orders/ignored-and-rating", test_orders_ignore);
  g_test_add_func ("/rr/emergency-withdrawal", test_withdrawal);
  g_test_add_func ("/rr/drift/odds", test_drift_odds);
  g_test_add_func ("/rr/drift/battle", test_drift_battle);
  g_test_add_func ("/rr/drift/stops-brigade", test_drift_stops_brigade);
  g_test_add_func ("/rr/events/british", test_british_events);
  g_test_add_func ("/rr/events/boer", test_boer_events);
  g_test_add_func ("/rr/sp-counters/draw-and-return", test_sp_counters);
  g_test_add_func ("/rr/sp-counters/no-fire", test_no_fire);
  g_test_add_func ("/rr/strength", test_boer_strength);
  g_test_add_func ("/rr/stacking", test_stacking);
  for (guint i = 0; i < G_N_ELEMENTS (loss_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rr/losses/", loss_cases[i].name, NULL);
      g_test_add_data_func (path, &loss_cases[i], test_losses_case);
    }
  g_test_add_func ("/rr/losses/battle", test_losses_battle);
  g_test_add_func ("/rr/leaders/reaction", test_leader_reaction);
  g_test_add_func ("/rr/leaders/recovery-and-casualty", test_leader_recovery_and_casualty);
  g_test_add_func ("/rr/recovery", test_unit_recovery);
  g_test_add_func ("/rr/formation-morale", test_formation_morale);
  g_test_add_func ("/rr/fire", test_fire_tables);
  g_test_add_func ("/rr/boer-target", test_boer_target);
  g_test_add_func ("/rr/shaken/odds", test_shaken_odds);
  for (guint i = 0; i < G_N_ELEMENTS (victory_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rr/victory/", victory_cases[i].name, NULL);
      g_test_add_data_func (path, &victory_cases[i], test_victory_case);
    }
  g_test_add_func ("/rr/victory/battle", test_victory_battle);
  g_test_add_func ("/rr/victory/loss-14-or-15", test_victory_loss_14_15);
  g_test_add_func ("/rr/emplacements", test_emplacements);
  g_test_add_func ("/rr/status-chart", test_status_chart);
  g_test_add_func ("/rr/turn/scripted", test_scripted_turn);
  g_test_add_func ("/rr/hidden", test_hidden);
  g_test_add_func ("/rr/summary", test_summary);
  g_test_add_func ("/rr/undo-steps", test_undo_steps);
  g_test_add_func ("/rr/demo", test_demo);

  status = g_test_run ();
  adj_ruleset_unref (rs);
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
