/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rr.c: Redvers' Reverse against RULES.md — the command points of every Buller and HQ
 * state, orders sent and received, the drift markers drawn into their areas and found, the
 * cups and their chits, strength, stacking and losses, leaders, recovery, morale, Boer
 * targeting, the Shaken test, emplacements, every end of the battle, a whole turn walked step by
 * step with fixed dice, hidden values absent from every output until the rules reveal them, and
 * every exact odds against a brute force over the dice. */

#include "test-rr.h"

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
  g_assert_cmpuint (system->n_mechanics, ==, 19);
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

void
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

  /* The objective is reached as the brigade moves: the marker comes off. */
  g_assert_false (adj_rr_objective_reached (battle, "2nd-brigade", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  walk_to (battle, "brigades-move");
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

    /* Only at its own step. */
    g_assert_false (adj_rr_emergency_withdrawal (battle, "6th-brigade", "Chieveley", 0, NULL,
                                                 &withdrew, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_nonnull (strstr (error->message, "its own step"));
    g_clear_error (&error);
    walk_to (battle, "withdrawal");
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
    /* Once withdrawing, it is not tested again. */
    g_assert_false (adj_rr_emergency_withdrawal (battle, "6th-brigade", "Chieveley", 0, NULL,
                                                 &withdrew, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_nonnull (strstr (error->message, "withdrawing already"));
    g_clear_error (&error);
    /* Long cannot order a brigade showing Fail: the rule is tested on a battery brigade. */
  }
}

/* The Send Orders and Receive Orders rolls of the action panel need an order waiting for them. */
static void
test_orders_legal (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  const char *hart = "{\"leader\": \"hart\"}";

  adj_test_assert_forbidden (battle, "rr/send-orders", hart,
                             "Hart has no planned order waiting to be sent");
  adj_test_assert_forbidden (battle, "rr/send-orders", "{\"leader\": \"buller\"}",
                             "Buller is not a brigade leader");
  g_assert_true (adj_rr_plan_order (battle, "5th-brigade", "Loop", FALSE, &error));
  g_assert_no_error (error);
  adj_test_assert_allowed (battle, "rr/send-orders", hart);
  adj_test_assert_forbidden (battle, "rr/receive-orders", hart,
                             "Hart has no Objective Marker in this turn’s box");
}

/* ------------------------------------------------------------------------------------------ */
/* drifts                                                                                      */

/* The ways two dice make @value or less, of 36. */
static guint64
ways_at_most (int value)
{
  guint64 n = 0;

  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      n += a + b <= value;
  return n;
}

/* Without a battle a die draws the marker from the drift's pool (12, 10, 10, 10, 6 for Wagon
 * Drift; 6, 6, 8, 4 for Bridle Drift), then two dice must make its value or less. */
static void
test_drift_odds (void)
{
  static const struct {
    const char *drift;
    int         pool[5];
    guint       n;
  } pools[] = {
    { "wagon-drift", { 12, 10, 10, 10, 6 }, 5 },
    { "bridle-drift", { 6, 6, 8, 4 }, 4 },
  };

  for (guint p = 0; p < G_N_ELEMENTS (pools); p++)
    {
      g_autofree char *json = g_strdup_printf ("{\"drift\": \"%s\"}", pools[p].drift);
      g_autoptr(AdjOdds) odds = odds_of ("rr/find-drift", json);
      guint64 found = 0;

      for (guint m = 0; m < pools[p].n; m++)
        {
          found += ways_at_most (pools[p].pool[m]);
          for (int a = 1; a <= 6; a++)
            for (int b = 1; b <= 6; b++)
              {
                int d[3] = { (int) m + 1, a, b };
                g_autoptr(AdjOutcome) out = resolve_dice ("rr/find-drift", json, d, 3);

                g_assert_cmpstr (out->key, ==, a + b <= pools[p].pool[m] ? "found"
                                                                          : "not-found");
                g_assert_cmpint (adj_outcome_get_value_int (out, "value", 0), ==,
                                 pools[p].pool[m]);
              }
        }
      assert_odds (odds, "found", found, 36 * pools[p].n);
      assert_odds (odds, "not-found", 36 * pools[p].n - found, 36 * pools[p].n);
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
  /* A commando opens a drift without showing it, as the commandos move. */
  g_assert_false (adj_rr_commando_opens_drift (battle, "native-drift", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  walk_to (battle, "commandos-move");
  g_assert_true (adj_rr_commando_opens_drift (battle, "native-drift", &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_rr_drift_state (battle, "native-drift", &value), ==,
                   ADJ_RR_DRIFT_CLEARED);
  g_assert_cmpint (value, ==, 0);
}

/* rr/find-drift as adjutant-cli resolve --battle --apply runs it: the value comes from the
 * battle's sealed record (Wagon Drift 6, Bridle Drift 4 here), never from the inputs, and shows
 * only once the roll turns the marker over. */
static void
test_drift_mechanic (void)
{
  static const int d[6] = { 5, 1, 1, 1, 3, 1 };
  g_autoptr(AdjBattle) battle = battle_new (NULL, d, TRUE);
  const AdjMechanic *mech = adj_mechanic_lookup ("rr/find-drift");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  int value = -1;

  g_assert_null (adj_mechanic_find_input (mech, "value"));
  walk_to (battle, "brigades-move");
  /* Nothing the player can see says 6 or 4 before the roll. */
  before = adj_battle_report (battle, FALSE);
  g_assert_null (strstr (before, "marker 6"));
  g_assert_null (strstr (before, "shows 6"));
  g_assert_cmpint (adj_rr_drift_state (battle, "wagon-drift", &value), ==, ADJ_RR_DRIFT_HIDDEN);
  g_assert_cmpint (value, ==, 0);

  /* 3 + 3 = 6 against the sealed 6: found for good. */
  {
    g_autoptr(AdjOutcome) out = APPLY (battle, "rr/find-drift",
                                       "{\"unit\": \"2nd-devonshire-regiment\", "
                                       "\"drift\": \"wagon-drift\"}", FALSE, &error, 3, 3);

    g_assert_no_error (error);
    g_assert_cmpstr (out->key, ==, "found");
    g_assert_cmpint (adj_outcome_get_value_int (out, "value", 0), ==, 6);
  }
  g_assert_cmpstr (last_summary (battle), ==,
                   "Finding a drift — 2nd Devonshire Regiment: Drift found (marker 6)");
  g_assert_cmpint (adj_rr_drift_state (battle, "wagon-drift", &value), ==, ADJ_RR_DRIFT_FOUND);
  g_assert_cmpint (value, ==, 6);
  adj_test_assert_forbidden (battle, "rr/find-drift",
                             "{\"unit\": \"2nd-west-surrey-regiment\", "
                             "\"drift\": \"wagon-drift\"}", "Wagon Drift is open already");

  /* 2 + 3 = 5 against the sealed 4: not found; the marker shows 4 from now on. */
  {
    g_autoptr(AdjOutcome) out = APPLY (battle, "rr/find-drift",
                                       "{\"unit\": \"13th-hussars\", "
                                       "\"drift\": \"bridle-drift\"}", FALSE, &error, 2, 3);

    g_assert_no_error (error);
    g_assert_cmpstr (out->key, ==, "not-found");
  }
  g_assert_cmpstr (last_summary (battle), ==,
                   "Finding a drift — 13th Hussars: Drift not found (marker 4)");
  g_assert_cmpint (adj_rr_drift_state (battle, "bridle-drift", &value), ==,
                   ADJ_RR_DRIFT_REVEALED);
  g_assert_cmpint (value, ==, 4);
  g_assert_cmpint (setting_int (battle, "bridle_drift_tried"), ==, adj_battle_get_turn (battle));

  /* Once a turn, and only battalions and regiments look. */
  adj_test_assert_forbidden (battle, "rr/find-drift",
                             "{\"unit\": \"1st-royal-dragoons\", \"drift\": \"bridle-drift\"}",
                             "Bridle Drift was looked for this turn already: try again next turn");
  adj_test_assert_forbidden (battle, "rr/find-drift",
                             "{\"unit\": \"7th-field-battery\", \"drift\": \"native-drift\"}",
                             "Only a battalion or a regiment in play looks for a drift; 7th Field "
                             "Battery cannot");
  adj_test_assert_forbidden (battle, "rr/find-drift", "{\"drift\": \"native-drift\"}",
                             "“Battalion or regiment about to enter” names no unit: choose one "
                             "first");
  adj_test_assert_allowed (battle, "rr/find-drift",
                           "{\"unit\": \"1st-royal-dragoons\", \"drift\": \"native-drift\"}");

  /* The referee lets the dragoons try Bridle Drift again: 1 + 2 finds it, and the journal keeps
   * the ruling. */
  {
    g_autoptr(AdjOutcome) out = APPLY (battle, "rr/find-drift",
                                       "{\"unit\": \"1st-royal-dragoons\", "
                                       "\"drift\": \"bridle-drift\"}", TRUE, &error, 1, 2);

    g_assert_no_error (error);
    g_assert_cmpstr (out->key, ==, "found");
  }
  g_assert_cmpstr (last_summary (battle), ==,
                   "Finding a drift — 1st Royal Dragoons: Drift found (marker 4) · allowed by "
                   "the referee: Bridle "
                   "Drift was looked for this turn already: try again next turn");
  g_assert_cmpint (adj_rr_drift_state (battle, "bridle-drift", NULL), ==, ADJ_RR_DRIFT_FOUND);
}

/* Once the marker of a drift shows, the odds are of its value; before, of each value the pool
 * still holds once the markers shown on the other drifts drawn with it are taken out. */
static void
test_drift_mechanic_odds (void)
{
  static const int d[6] = { 5, 1, 1, 1, 3, 1 };   /* Wagon Drift 6, Native 12, 2nd Pont 10 */
  g_autoptr(AdjBattle) battle = battle_new (NULL, d, TRUE);
  const char *native = "{\"unit\": \"13th-hussars\", \"drift\": \"native-drift\"}";
  g_autoptr(GError) error = NULL;

  walk_to (battle, "brigades-move");
  {
    g_autoptr(AdjOutcome) out = APPLY (battle, "rr/find-drift",
                                       "{\"unit\": \"13th-hussars\", "
                                       "\"drift\": \"wagon-drift\"}", FALSE, &error, 6, 6);
    g_assert_no_error (error);
    g_assert_cmpstr (out->key, ==, "not-found");
  }
  /* Wagon Drift shows 6: Native Drift is one of 12, 10, 10, 10 for all the player knows. */
  {
    AdjContext ctx;
    g_autoptr(AdjInputs) in = adj_inputs_new (adj_mechanic_lookup ("rr/find-drift"), rs);
    g_autoptr(json_object) json = adj_test_parse (native);
    g_autoptr(AdjOdds) odds = NULL;

    adj_battle_context (battle, &ctx);
    g_assert_true (adj_inputs_set_json (in, json, "test", &error));
    odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
    g_assert_no_error (error);
    assert_odds (odds, "found", ways_at_most (12) + 3 * ways_at_most (10), 4 * 36);
  }
  /* Wagon Drift itself: its 6, shown. */
  {
    AdjContext ctx;
    g_autoptr(AdjInputs) in = adj_inputs_new (adj_mechanic_lookup ("rr/find-drift"), rs);
    g_autoptr(AdjOdds) odds = NULL;

    adj_battle_context (battle, &ctx);
    g_assert_true (adj_inputs_set_string (in, "drift", "wagon-drift", &error));
    odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
    g_assert_no_error (error);
    assert_odds (odds, "found", ways_at_most (6), 36);
  }
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
  walk_to (battle, "brigades-move");
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
  /* A commando draws as it is about to fire, not at Send Orders. */
  g_assert_false (adj_rr_draw_sp_counter (battle, "ermelo-commando", NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_nonnull (strstr (error->message, "about to fire"));
  g_clear_error (&error);
  walk_to (battle, "approach");
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
    walk_to (empty, "commandos-fire");
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

/* ------------------------------------------------------------------------------------------ */
/* What the dashboard asks of the core                                                         */

typedef struct {
  const char *step;
  const char *roll;          /* NULL: none */
  AdjRrCup    cup;
  guint       n_mechanics;
  gboolean    commandos_fire;
} StepCase;

/* The sequence of play of RULES.md: the rolls the rules require, the mechanics each firing and
 * recovery step uses, and the steps in which commandos fire (approach fire, close combat and
 * the Boer Rifle Fire segment). */
static const StepCase step_cases[] = {
  { "return-chits", NULL, ADJ_RR_N_CUPS, 0, FALSE },
  { "draw-event", "draw-event", ADJ_RR_CUP_BRITISH, 0, FALSE },
  { "plan-orders", NULL, ADJ_RR_N_CUPS, 0, FALSE },
  { "roll-send", "roll-send", ADJ_RR_N_CUPS, 0, FALSE },
  { "roll-receive", "roll-receive", ADJ_RR_N_CUPS, 0, FALSE },
  { "boer-guns-fire", NULL, ADJ_RR_N_CUPS, 3, FALSE },
  { "boer-recovery", NULL, ADJ_RR_N_CUPS, 1, FALSE },
  { "batteries-fire", NULL, ADJ_RR_N_CUPS, 2, FALSE },
  { "approach", NULL, ADJ_RR_N_CUPS, 4, TRUE },
  { "close-combat", NULL, ADJ_RR_N_CUPS, 4, TRUE },
  { "overrun", NULL, ADJ_RR_N_CUPS, 1, FALSE },
  { "draw-boer-event", "draw-boer-event", ADJ_RR_CUP_BOER, 0, FALSE },
  { "british-rifles", NULL, ADJ_RR_N_CUPS, 3, FALSE },
  { "leader-markers", NULL, ADJ_RR_N_CUPS, 1, FALSE },
  { "unit-recovery", NULL, ADJ_RR_N_CUPS, 1, FALSE },
  { "commandos-fire", NULL, ADJ_RR_N_CUPS, 4, TRUE },
  { "shaken-test", "shaken-test", ADJ_RR_N_CUPS, 0, FALSE },
  { "victory-check", NULL, ADJ_RR_N_CUPS, 0, FALSE },
  { "no-such-step", NULL, ADJ_RR_N_CUPS, 0, FALSE },
};

static void
test_step_case (gconstpointer data)
{
  const StepCase *c = data;
  const AdjRrRoll *roll = adj_rr_step_roll (c->step);
  const char * const *mechanics = adj_rr_step_mechanics (c->step);

  if (c->roll == NULL)
    g_assert_null (roll);
  else
    {
      g_assert_nonnull (roll);
      g_assert_cmpstr (roll->id, ==, c->roll);
      g_assert_cmpint (roll->cup, ==, c->cup);
      g_assert_nonnull (roll->label);
      g_assert_nonnull (roll->tooltip);
    }
  g_assert_nonnull (mechanics);
  g_assert_cmpuint (g_strv_length ((char **) mechanics), ==, c->n_mechanics);
  for (guint i = 0; mechanics[i] != NULL; i++)
    g_assert_nonnull (adj_mechanic_lookup (mechanics[i]));
  g_assert_cmpint (adj_rr_step_commandos_fire (c->step), ==, c->commandos_fire);
  /* Every step but the unknown one has its label in rr.json. */
  if (roll != NULL || c->n_mechanics > 0)
    g_assert_cmpstr (adj_rr_step_label (rs, c->step), !=, "");
}

/* The labels come from rr.json's sequence; an unknown step or segment has none. */
static void
test_step_labels (void)
{
  g_assert_cmpstr (adj_rr_step_label (rs, "plan-orders"), ==, "Choose objectives");
  g_assert_cmpstr (adj_rr_step_label (rs, "roll-send"), ==, "Roll for each order sent");
  g_assert_cmpstr (adj_rr_step_label (rs, "commandos-fire"), ==, "Commandos fire");
  g_assert_cmpstr (adj_rr_step_hint (rs, "plan-orders"), !=, "");
  g_assert_cmpstr (adj_rr_segment_label (rs, "boer-event"), !=, "");
  g_assert_cmpstr (adj_rr_step_label (rs, "no-such-step"), ==, "");
  g_assert_cmpstr (adj_rr_step_hint (rs, "no-such-step"), ==, "");
  g_assert_cmpstr (adj_rr_segment_label (rs, "no-such-segment"), ==, "");
}

/* A roll is wanted while its step still needs it, and made by its id. */
static void
test_step_rolls (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;

  /* Set-up leaves the marker at Choose objectives: no roll there. */
  g_assert_false (adj_rr_roll_wanted (battle));
  g_assert_false (adj_rr_roll (battle, "no-such-roll", NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
  g_assert_no_error (error);
  next_ok (battle);
  g_assert_true (adj_rr_roll_wanted (battle));
  /* A 2 on the Send Orders table: the order is lost, nothing arrives. */
  {
    g_autoptr(AdjRandom) r = DICE (1, 1);

    g_assert_true (adj_rr_roll (battle, "roll-send", r, &error));
    g_assert_no_error (error);
    all_used (r);
  }
  g_assert_false (adj_rr_roll_wanted (battle));
  /* The next turn's British event chit: wanted until drawn. */
  advance_to (battle, 2, "draw-event");
  g_assert_true (adj_rr_roll_wanted (battle));
  g_assert_true (adj_rr_roll (battle, "draw-event", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (adj_rr_roll_wanted (battle));
}

/* Set-up's checks as the dialog asks for them: the charts, the balance, the areas. */
static void
test_setup_check (void)
{
  static const char *const hesitate[] = { "hesitate", NULL };
  static const char *const balanced[] = { "hesitate", "close-order", "no-hlangwane", NULL };
  static const char *const areas[] = { "Fort Wylie", "Colenso Koppies", NULL };
  static const char *const twice[] = { "Fort Wylie", "Fort Wylie", NULL };
  g_autoptr(AdjBattle) battle = battle_new (NULL, NULL, FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *long_area = g_strnfill (201, 'a');
  const char *too_long[] = { long_area, NULL };
  const char * const *charts = adj_rr_setup_charts ();
  const char *chart = "none";
  int balance = 99, rating = 0;

  g_assert_cmpstr (charts[0], ==, "variants");
  g_assert_cmpuint (g_strv_length ((char **) charts), ==, 4);
  g_assert_true (adj_rr_variant_rating (battle, "hesitate", &rating));
  g_assert_cmpint (rating, ==, -1);
  g_assert_true (adj_rr_variant_rating (battle, "no-hlangwane", &rating));
  g_assert_cmpint (rating, ==, 2);
  g_assert_false (adj_rr_variant_rating (battle, "no-such-variant", &rating));

  g_assert_true (adj_rr_setup_check (battle, NULL, NULL, &balance, &chart, &error));
  g_assert_no_error (error);
  g_assert_cmpint (balance, ==, 0);
  g_assert_null (chart);
  g_assert_true (adj_rr_setup_check (battle, balanced, areas, &balance, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (balance, ==, 0);
  g_assert_false (adj_rr_setup_check (battle, hesitate, NULL, &balance, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_nonnull (strstr (error->message, "−1"));
  g_assert_cmpint (balance, ==, -1);
  g_clear_error (&error);
  g_assert_false (adj_rr_setup_check (battle, NULL, twice, NULL, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Fort Wylie"));
  g_clear_error (&error);
  g_assert_false (adj_rr_setup_check (battle, NULL, too_long, NULL, NULL, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (adj_rr_setup_incomplete_chart (battle, balanced));

  /* Without the SP counters' mix the cups cannot be filled. */
  {
    g_autoptr(AdjTables) t = full_tables ();

    adj_tables_clear_table (t, "sp-counters");
    adj_battle_set_tables (battle, t);
  }
  g_assert_cmpstr (adj_rr_setup_incomplete_chart (battle, NULL), ==, "sp-counters");
  g_assert_false (adj_rr_setup_check (battle, NULL, NULL, NULL, &chart, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
  g_assert_cmpstr (chart, ==, "sp-counters");
  g_clear_error (&error);

  /* What set-up puts on the track, and the counter it starts below strength. */
  g_assert_cmpint (adj_rr_start_cp (rs), ==, 8);
  g_assert_true (adj_rr_unit_starts_reduced (rs, "2nd-royal-fusiliers"));
  g_assert_false (adj_rr_unit_starts_reduced (rs, "2nd-devonshire-regiment"));
  g_assert_false (adj_rr_unit_starts_reduced (rs, "no-such-unit"));
}

/* Which strengths a counter still lacks: the reverse only for battalions and commandos. */
static void
test_strengths_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) some = adj_battle_new (rs, "Colenso");
  g_autoptr(json_object) front = json_tokener_parse ("{\"2nd Royal Fusiliers\": {\"sp\": 5},"
                                                     " \"13th-hussars\": {\"sp\": 4}}");
  gboolean f = TRUE, r = TRUE;

  g_assert_true (adj_rr_add_order_of_battle (some, front, &error));
  g_assert_no_error (error);
  g_assert_true (adj_rr_strengths_missing (unit (some, "2nd-royal-fusiliers"), &f, &r));
  g_assert_false (f);
  g_assert_true (r);
  g_assert_false (adj_rr_strengths_missing (unit (some, "13th-hussars"), &f, &r));
  g_assert_false (f);
  g_assert_false (r);
  g_assert_true (adj_rr_strengths_missing (unit (some, "2nd-devonshire-regiment"), &f, &r));
  g_assert_true (f);
  g_assert_true (r);
  g_assert_false (adj_rr_strengths_missing (unit (some, "hq"), &f, &r));
}

/* The buttons of the brigades, drifts and emplacements follow the step. */
static void
test_tasks (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) emplacements = adj_rr_emplacements (battle);
  g_autoptr(GArray) high = adj_rr_drift_pool (rs, "wagon-drift");
  g_autoptr(GArray) low = adj_rr_drift_pool (rs, "bridle-drift");
  g_autoptr(GArray) none = adj_rr_drift_pool (rs, "no-such-drift");
  static const int high_markers[] = { 12, 10, 10, 10, 6 };
  static const int low_markers[] = { 6, 6, 8, 4 };
  const char *first;

  /* The pools of rr.json: three high drifts among five markers, three low among four. */
  g_assert_cmpuint (high->len, ==, G_N_ELEMENTS (high_markers));
  for (guint i = 0; i < high->len; i++)
    g_assert_cmpint (g_array_index (high, int, i), ==, high_markers[i]);
  g_assert_cmpuint (low->len, ==, G_N_ELEMENTS (low_markers));
  for (guint i = 0; i < low->len; i++)
    g_assert_cmpint (g_array_index (low, int, i), ==, low_markers[i]);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_true (adj_rr_brigade_is_artillery (rs, "1st-artillery"));
  g_assert_false (adj_rr_brigade_is_artillery (rs, "2nd-brigade"));

  /* Send Orders: every brigade may be ordered, once. */
  g_assert_cmpint (adj_rr_brigade_task (battle, "2nd-brigade"), ==, ADJ_RR_BRIGADE_TASK_ORDER);
  g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_rr_brigade_task (battle, "2nd-brigade"), ==, ADJ_RR_BRIGADE_TASK_NONE);
  g_assert_cmpint (adj_rr_brigade_task (battle, "no-brigade"), ==, ADJ_RR_BRIGADE_TASK_NONE);
  g_assert_cmpint (adj_rr_drift_task (battle, "wagon-drift"), ==, ADJ_RR_DRIFT_TASK_NONE);

  /* The emplacements show Hidden until their first shot. */
  g_assert_cmpuint (emplacements->len, ==, 2);
  first = g_ptr_array_index (emplacements, 0);
  g_assert_cmpint (adj_rr_emplacement_task (battle, first), ==,
                   ADJ_RR_EMPLACEMENT_TASK_FIRST_SHOT);
  g_assert_false (adj_rr_unit_is_counter (unit (battle, first)));
  g_assert_true (adj_rr_emplacement_fired (battle, first, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_rr_emplacement_task (battle, first), ==, ADJ_RR_EMPLACEMENT_TASK_NONE);

  /* British Movement: a drift may be looked for once a turn. */
  next_ok (battle);
  {
    g_autoptr(AdjRandom) r = DICE (1, 1);

    g_assert_true (adj_rr_roll (battle, "roll-send", r, &error));
    g_assert_no_error (error);
  }
  walk_to (battle, "brigades-move");
  g_assert_cmpint (adj_rr_drift_task (battle, "wagon-drift"), ==, ADJ_RR_DRIFT_TASK_FIND);
  g_assert_false (adj_rr_drift_tried (battle, "wagon-drift"));
  {
    /* Found or not, it is not looked for again this turn. */
    g_autoptr(AdjRandom) r = DICE (6, 6);
    gboolean found = FALSE;

    g_assert_true (adj_rr_find_drift (battle, "wagon-drift", "13th-hussars", r, &found, &error));
    g_assert_no_error (error);
  }
  g_assert_true (adj_rr_drift_tried (battle, "wagon-drift"));
  g_assert_cmpint (adj_rr_drift_task (battle, "wagon-drift"), ==, ADJ_RR_DRIFT_TASK_NONE);
  /* Boer Movement: a commando may open any drift still marked. */
  walk_to (battle, "commandos-move");
  g_assert_cmpint (adj_rr_drift_task (battle, "bridle-drift"), ==, ADJ_RR_DRIFT_TASK_COMMANDO);
  /* Boer Shaken: who holds the emplacement. */
  walk_to (battle, "emplacements");
  g_assert_cmpint (adj_rr_emplacement_task (battle, first), ==,
                   ADJ_RR_EMPLACEMENT_TASK_WHO_HOLDS);
}

/* A number of rr.json, section and key. */
static int
rr_json_int (const char *section,
             const char *key)
{
  return json_object_get_int (member (member (adj_ruleset_get_json (rs), section), key));
}

/* The last Game Turn is the turn limit and the last box of the tracks. */
static void
test_last_turn (void)
{
  g_assert_cmpint (adj_rr_last_turn (rs), ==, rr_json_int ("turns", "max"));
  g_assert_cmpint (adj_rr_last_turn (rs), ==, rr_json_int ("tracks", "last_turn"));
  g_assert_cmpint (adj_rr_last_turn (rs), ==, 20);
}

/* The Boers win at Loss 20. */
static void
test_loss_end (void)
{
  g_assert_cmpint (adj_rr_loss_end (rs), ==, rr_json_int ("tracks", "loss_end"));
  g_assert_cmpint (adj_rr_loss_end (rs), ==, 20);
}

/* A British win is Pyrrhic from Loss 15. */
static void
test_pyrrhic_from (void)
{
  g_assert_cmpint (adj_rr_pyrrhic_from (rs), ==, rr_json_int ("tracks", "pyrrhic_from"));
  g_assert_cmpint (adj_rr_pyrrhic_from (rs), ==, 15);
}

/* The Loss track read out names its last box. */
static void
test_loss_spoken (void)
{
  g_autofree char *spoken = adj_rr_loss_spoken (rs, 12);
  g_autofree char *want = g_strdup_printf ("Loss 12 of %d", rr_json_int ("tracks", "loss_end"));

  g_assert_cmpstr (spoken, ==, want);
}

/* The Boers withdraw when shaken a second time. */
static void
test_shaken_to_withdraw (void)
{
  g_assert_cmpint (adj_rr_shaken_to_withdraw (rs), ==,
                   rr_json_int ("tracks", "shaken_to_withdraw"));
  g_assert_cmpint (adj_rr_shaken_to_withdraw (rs), ==, 2);
}

/* One label for each time the Boers may be shaken. */
static void
test_shaken_label (void)
{
  g_assert_cmpstr (adj_rr_shaken_label (0), ==, "Not shaken");
  g_assert_cmpstr (adj_rr_shaken_label (1), ==, "Shaken once");
  g_assert_cmpstr (adj_rr_shaken_label (adj_rr_shaken_to_withdraw (rs)), ==, "Shaken twice");
}

/* The note names the turn the Boer event chits start and the last Game Turn. */
static void
test_turn_note (void)
{
  g_autofree char *want = g_strdup_printf ("Boer event chits from turn %d; at %d the Boers hold",
                                           rr_json_int ("cups", "boer_events_from_turn"),
                                           rr_json_int ("tracks", "last_turn"));

  g_autofree char *note = adj_rr_turn_note (rs);

  g_assert_cmpstr (note, ==, want);
}

/* The other notes of the dashboard take their numbers from the ruleset. */
static void
test_dashboard_notes (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autofree char *loss = adj_rr_loss_note (rs);
  g_autofree char *loss_want = g_strdup_printf ("Shaded: a British win would be Pyrrhic; at %d "
                                                "the Boers win",
                                                rr_json_int ("tracks", "loss_end"));
  g_autofree char *cp = adj_rr_cp_note (rs, 2);
  g_autofree char *cp_want = g_strdup_printf ("2 spent this turn · an order costs %d, and what "
                                              "is left is lost when the turn ends",
                                              rr_json_int ("orders", "cp_per_order"));
  g_autofree char *order = adj_rr_order_note (rs, "2nd-brigade", 1);
  g_autofree char *order_want = NULL;
  g_autofree char *setup = adj_rr_setup_note (rs);
  g_autofree char *setup_cp = g_strdup_printf ("with %d CP", adj_rr_start_cp (rs));
  g_autofree char *send = adj_rr_roll_entry_note (battle, adj_rr_step_roll ("roll-send"));
  g_autofree char *draw = adj_rr_roll_entry_note (battle, adj_rr_step_roll ("draw-event"));
  g_autofree char *draw_want = NULL;

  g_assert_cmpstr (loss, ==, loss_want);
  g_assert_cmpstr (cp, ==, cp_want);
  order_want = g_strdup_printf ("Name the area the 2nd (English) Infantry Brigade is to make "
                                "for: not a drift or a bridge, and no more than %d areas from "
                                "its leader. The order costs %d CP; 1 is left.",
                                rr_json_int ("orders", "max_areas"),
                                rr_json_int ("orders", "cp_per_order"));
  g_assert_cmpstr (order, ==, order_want);
  g_assert_nonnull (strstr (setup, setup_cp));
  g_assert_true (g_str_has_suffix (send, ": type the dice rolled at the table, two for each "
                                         "roll, for example 3 5."));
  g_assert_null (strchr (send, '_'));
  draw_want = g_strdup_printf ("Draw a British Event Chit: type a number from 1 to %u to pick "
                               "the chit, as a die with one face for every chit in the cup "
                               "would.", adj_rr_cup_count (battle, ADJ_RR_CUP_BRITISH));
  g_assert_cmpstr (draw, ==, draw_want);
}

/* The units the dialogs offer, and the counters' markers in words. */
static void
test_dashboard_units (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GPtrArray) finders = adj_rr_drift_finders (battle);
  g_autoptr(GPtrArray) commandos = adj_rr_commandos_without_counter (battle);
  g_autoptr(GPtrArray) hussars = adj_rr_unit_markers (battle, unit (battle, "13th-hussars"));
  g_autoptr(GPtrArray) battery = adj_rr_unit_markers (battle,
                                                      unit (battle, "7th-field-battery"));

  /* Sixteen battalions and six regiments look for drifts; fifteen commandos start without an
   * SP counter. */
  g_assert_cmpuint (finders->len, ==, 16 + 6);
  g_assert_cmpuint (commandos->len, ==, 15);
  for (guint i = 0; i < commandos->len; i++)
    g_assert_cmpstr (adj_unit_get_type_id (unit (battle, g_ptr_array_index (commandos, i))), ==,
                     "commando");
  /* Regiments start dismounted, batteries limbered. */
  g_assert_true (g_ptr_array_find_with_equal_func (hussars, "Dismounted", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (battery, "Limbered", g_str_equal, NULL));
  g_assert_true (adj_rr_unit_is_counter (unit (battle, "13th-hussars")));
  g_assert_true (adj_rr_unit_has_strength (unit (battle, "13th-hussars")));
  g_assert_false (adj_rr_unit_has_strength (unit (battle, "hq")));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  data_home = adj_test_data_home_new ("rr");
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
  g_test_add_func ("/rr/orders/legal", test_orders_legal);
  g_test_add_func ("/rr/drift/odds", test_drift_odds);
  g_test_add_func ("/rr/drift/battle", test_drift_battle);
  g_test_add_func ("/rr/drift/mechanic", test_drift_mechanic);
  g_test_add_func ("/rr/drift/mechanic-odds", test_drift_mechanic_odds);
  g_test_add_func ("/rr/drift/stops-brigade", test_drift_stops_brigade);
  g_test_add_func ("/rr/events/british", test_british_events);
  g_test_add_func ("/rr/events/boer", test_boer_events);
  g_test_add_func ("/rr/sp-counters/draw-and-return", test_sp_counters);
  g_test_add_func ("/rr/sp-counters/no-fire", test_no_fire);
  for (guint i = 0; i < G_N_ELEMENTS (step_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rr/dashboard/step/%s", step_cases[i].step);

      g_test_add_data_func (path, &step_cases[i], test_step_case);
    }
  g_test_add_func ("/rr/dashboard/step-labels", test_step_labels);
  g_test_add_func ("/rr/dashboard/rolls", test_step_rolls);
  g_test_add_func ("/rr/dashboard/setup-check", test_setup_check);
  g_test_add_func ("/rr/dashboard/strengths-missing", test_strengths_missing);
  g_test_add_func ("/rr/dashboard/tasks", test_tasks);
  g_test_add_func ("/rr/dashboard/units", test_dashboard_units);
  g_test_add_func ("/rr/dashboard/last-turn", test_last_turn);
  g_test_add_func ("/rr/dashboard/loss-end", test_loss_end);
  g_test_add_func ("/rr/dashboard/pyrrhic-from", test_pyrrhic_from);
  g_test_add_func ("/rr/dashboard/loss-spoken", test_loss_spoken);
  g_test_add_func ("/rr/dashboard/shaken-to-withdraw", test_shaken_to_withdraw);
  g_test_add_func ("/rr/dashboard/shaken-label", test_shaken_label);
  g_test_add_func ("/rr/dashboard/turn-note", test_turn_note);
  g_test_add_func ("/rr/dashboard/notes", test_dashboard_notes);
  test_rr_add_play_tests ();

  status = g_test_run ();
  adj_ruleset_unref (rs);
  adj_test_data_home_free (data_home);
  return status;
}
