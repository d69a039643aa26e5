/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rr-support.c: the Redvers' Reverse test's own knowledge — the rules as RULES.md states them
 * and the charts of the test, written independently of rr.json and adj-rr.c — and the helpers
 * every part of the test uses: battles built and set up, fixed dice, odds and the sequence
 * walked to a step. */

#include "test-rr.h"

AdjRuleset *rs;

/* A user data folder of the test's own (set in main(), before GLib reads it). */
char *data_home;

/* ------------------------------------------------------------------------------------------ */
/* The rules as RULES.md states them, and the charts of this test: written here independently  */
/* of rr.json and adj-rr.c                                                                      */

int
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
const int test_send[13] = { 0, 0, LOST, 2, 1, 1, 1, 0, 0, 0, 1, 1, LOST };
const char *const test_receive[13] = {
  NULL, NULL, "charge", "ignore", "ignore", "as-ordered", "as-ordered", "as-ordered",
  "as-ordered", "as-ordered", "as-ordered", "as-ordered", "charge"
};

const char *
book_withdrawal (int row)
{
  return row <= 6 ? "continue" : "withdraw";
}

const char *
test_recovery (const char *column,
               int         row)
{
  int a = g_str_equal (column, "disrupted") ? 5 : g_str_equal (column, "suppressed") ? 6 : 7;

  return row <= a ? "unchanged" : row <= a + 4 ? "up-one" : "up-two";
}

const char *
test_formation (const char *column,
                int         row)
{
  int a = g_str_equal (column, "brigade") ? 3 : g_str_equal (column, "group-emplacement") ? 2 : 4;

  return row <= a ? "routed" : row <= a + 2 ? "suppressed" : row <= a + 4 ? "disrupted"
                                                                           : "normal";
}

const char *
test_shell (int row,
            int column)
{
  return row + column >= 15 ? "suppressed" : row + column >= 11 ? "disrupted" : "no-effect";
}

int
test_rifle (int row,
            int column)
{
  return MAX (0, (row + column) / 4 - 1);
}

const int test_status_conf[17] = { 0, 1, -1, 1, -1, 0, 0, 2, -2, 1, -1, 0, 0, 1, -1, 0, 0 };
const int test_status_loss[17] = { 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0 };

const Count test_british[11] = {
  { "bob-hart", 1 }, { "other-a", 2 }, { "other-b", 2 }, { "other-c", 1 }, { "other-d", 1 },
  { "other-e", 1 }, { "other-f", 1 }, { "other-g", 1 }, { "other-h", 1 }, { "other-i", 0 },
  { "other-j", 0 },
};
const Count test_boer[11] = {
  { "group-2-released", 1 }, { "group-3-released", 1 }, { "group-4-released", 1 },
  { "other-a", 2 }, { "other-b", 2 }, { "other-c", 1 }, { "other-d", 1 }, { "other-e", 0 },
  { "other-f", 0 }, { "other-g", 0 }, { "other-h", 0 },
};
const Count test_sp[11] = {
  { "-5", 0 }, { "-4", 0 }, { "-3", 0 }, { "-2", 2 }, { "-1", 4 }, { "0", 6 }, { "1", 4 },
  { "2", 2 }, { "3", 0 }, { "4", 0 }, { "5", 0 },
};
static const Count test_variants[] = {
  { "hesitate", -1 }, { "close-order", -1 }, { "no-hlangwane", 2 }, { "other-a", 1 },
  { "other-b", -1 }, { "other-c", 0 }, { "other-d", 0 }, { "other-e", 0 }, { "other-f", 0 },
  { "other-g", 0 }, { "other-h", 0 },
};

void
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
AdjTables *
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

json_object *
member (json_object *obj,
        const char  *key)
{
  json_object *v = NULL;

  json_object_object_get_ex (obj, key, &v);
  return v;
}

const char *
member_string (json_object *obj,
               const char  *key)
{
  return json_object_get_string (member (obj, key));
}

AdjRandom *
dice_of (const int *values,
         guint      n)
{
  AdjRandom *r = adj_random_new (NULL, NULL);

  adj_random_enter_dice (r, values, n);
  return r;
}

void
all_used (AdjRandom *r)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_random_check_used (r, &error));
  g_assert_no_error (error);
}

/* Invented strengths: battalions 5/3, regiments 2, commandos 6/3. */
json_object *
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
AdjBattle *
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

const int default_drifts[6] = { 1, 1, 1, 1, 1, 1 };

json_object *
open_secret (AdjBattle  *battle,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adj_secret_open (adj_battle_get_secret (battle, name), &error);

  g_assert_no_error (error);
  return json_tokener_parse (text);
}

json_object *
cup (json_object *cups,
     const char  *which,
     const char  *part)
{
  return member (member (cups, which), part);
}

guint
count_in (json_object *arr,
          const char  *chit)
{
  guint n = 0;

  for (gsize i = 0; i < json_object_array_length (arr); i++)
    n += g_strcmp0 (json_object_get_string (json_object_array_get_idx (arr, i)), chit) == 0;
  return n;
}

/* The die that draws @chit from the cup as it stands (its place in the shuffled cup, + 1). */
int
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

AdjUnit *
unit (AdjBattle  *battle,
      const char *id)
{
  AdjUnit *u = adj_battle_find_unit (battle, id);

  g_assert_nonnull (u);
  return u;
}

/* Whether the current step still waits for something. */
gboolean
is_pending (AdjBattle *battle)
{
  g_autofree char *pending = adj_rr_pending (battle);

  return pending != NULL;
}

void
next_ok (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_rr_next_step (battle, &error));
  g_assert_no_error (error);
}

/* Move the step marker on until it stands on @step. */
void
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
void
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

void
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

int
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
AdjOutcome *
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

AdjOdds *
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
void
assert_odds (AdjOdds    *odds,
             const char *key,
             guint64     ways,
             guint64     total)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);

  g_assert_nonnull (e);
  if (ways == 0)
    {
      g_assert_cmpuint (odds_ways (e), ==, 0);
      return;
    }
  /* Equal fractions: count / odds->total == ways / total. */
  g_assert_cmpuint (odds_ways (e) * total, ==, ways * odds_total (odds));
}

void
use_tables (AdjTables *t)
{
  adj_tables_set_override (t);
}

AdjOutcome *
apply_dice (AdjBattle   *battle,
            const char  *mechanic,
            const char  *json,
            gboolean     allow,
            GError     **error,
            const int   *dice,
            guint        n)
{
  return adj_test_try_play (battle, mechanic, json, dice, n, allow, error);
}

const char *
last_summary (AdjBattle *battle)
{
  AdjJournal *journal = adj_battle_get_journal (battle);

  g_assert_cmpuint (journal->position, >, 0);
  return adj_journal_get_entry (journal, journal->position - 1)->summary;
}
