/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rr-play.c: Redvers' Reverse in play — strength, stacking and losses, leaders, recovery,
 * morale, fire, Boer targeting, the Shaken test and every end of the battle, emplacements and the
 * Status chart, a whole turn walked step by step with fixed dice, hidden values absent from
 * every output until the rules reveal them, the summary, undo and the demo. */

#include "test-rr.h"

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

  /* The same shot as the mechanic, applied (adjutant-cli resolve rr/rifle-fire --apply): the
   * target loses the same strength, and undo gives it back. */
  {
    g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
    g_autoptr(json_object) json = adj_test_parse ("{\"firer\": \"wakkerstroom-commando\", "
                                                  "\"target\": \"1st-border-regiment\"}");
    g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
    AdjRollRequest request = { .battle = battle, .inputs = json, .file = "inputs",
                               .entered = TRUE, .dice = dice };
    g_auto(AdjRollSetup) setup = { 0 };
    g_autoptr(AdjOutcome) outcome = NULL;
    g_autoptr(GError) error = NULL;
    AdjUnit *target = unit (battle, "1st-border-regiment");
    int six = 6;

    g_array_append_val (dice, six);
    g_assert_cmpint (adj_rr_unit_strength (battle, target), ==, 5);
    g_assert_true (adj_roll_setup_prepare (adj_mechanic_lookup ("rr/rifle-fire"), &request,
                                              &setup, &error));
    g_assert_no_error (error);
    outcome = adj_outcome_new (setup.inputs->mechanic);
    g_assert_true (adj_mechanic_resolve (setup.inputs->mechanic, &setup.ctx, setup.inputs,
                                         setup.random, outcome, &error));
    g_assert_true (adj_battle_apply_outcome (battle, setup.inputs, outcome, &error));
    g_assert_no_error (error);
    g_assert_cmpint (adj_rr_unit_strength (battle, target), ==, 3);
    g_assert_true (adj_battle_undo (battle, &error));
    g_assert_cmpint (adj_rr_unit_strength (battle, target), ==, 5);
  }
}

/* Shell fire applied (adjutant-cli resolve rr/shell-fire --apply): the target falls to the level
 * of the Shell Fire table's line — no lower than it is already — and nothing else changes. */
static void
test_shell_fire_apply (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(json_object) no = json_object_new_boolean (FALSE);
  g_autoptr(GError) error = NULL;
  static const struct {
    const char *target;
    int         a, b;
    const char *before;
  } shots[] = {
    { "ermelo-commando", 1, 1, "normal" },
    { "ermelo-commando", 6, 5, "normal" },
    { "ermelo-commando", 3, 3, "suppressed" },
    { "vrede-commando", 3, 3, "normal" },
  };
  int column;

  g_assert_true (adj_battle_edit (battle, "unit:7th-field-battery", "status.limbered", no,
                                  &error));
  g_assert_no_error (error);
  column = CLAMP (adj_rr_unit_strength (battle, unit (battle, "7th-field-battery")), 1, 6);
  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"firer\": \"7th-field-battery\", "
                                               "\"target\": \"%s\"}", shots[i].target);
      const char *line = test_shell (shots[i].a + shots[i].b, column);
      const char *want = line;
      g_autoptr(AdjOutcome) out = NULL;
      AdjJournal *journal = adj_battle_get_journal (battle);
      AdjEntry *entry;

      g_assert_cmpstr (adj_unit_get_status_string (unit (battle, shots[i].target), "morale"),
                       ==, shots[i].before);
      if (g_str_equal (line, "no-effect") ||
          (g_str_equal (line, "disrupted") && g_str_equal (shots[i].before, "suppressed")))
        want = shots[i].before;
      out = APPLY (battle, "rr/shell-fire", json, FALSE, &error, shots[i].a, shots[i].b);
      g_assert_no_error (error);
      g_assert_cmpstr (out->key, ==, line);
      g_assert_cmpstr (adj_unit_get_status_string (unit (battle, shots[i].target), "morale"), ==,
                       want);
      entry = adj_journal_get_entry (journal, journal->position - 1);
      g_assert_cmpuint (adj_change_set_len (entry->changes), ==,
                        g_str_equal (want, shots[i].before) ? 0 : 1);
    }
  /* The one shot that changed Vrede: undone, it is in good order again. */
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "vrede-commando"), "morale"), ==,
                   "normal");
  /* A Boer gun shells the British. */
  {
    g_autoptr(AdjOutcome) out = APPLY (battle, "rr/shell-fire",
                                       "{\"firer\": \"75-mm-creusot-guns\", "
                                       "\"target\": \"2nd-devonshire-regiment\"}", FALSE,
                                       &error, 6, 6);
    const char *line;

    g_assert_no_error (error);
    line = test_shell (12, CLAMP (adj_rr_unit_strength (battle,
                                                        unit (battle, "75-mm-creusot-guns")),
                                  1, 6));
    g_assert_cmpstr (out->key, ==, line);
    g_assert_cmpstr (adj_unit_get_status_string (unit (battle, "2nd-devonshire-regiment"),
                                                 "morale"), ==,
                     g_str_equal (line, "no-effect") ? "normal" : line);
    /* The result names the unit fired at, and the rest of its area. */
    if (!g_str_equal (line, "no-effect"))
      g_assert_true (g_str_has_prefix (out->reason, "2nd Devonshire Regiment and every unit in "
                                                    "its area are "));
  }
}

/* Crossing the Tugela: two units a turn through a drift and one staying, three through a
 * bridge and two staying, counted from this turn's crossings; the British only through a drift
 * that is found or opened. */
/* Apply rr/cross with @json (as the referee's ruling when @allow): it must go through. */
static void
cross (AdjBattle  *battle,
       const char *json,
       gboolean    allow)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = apply_dice (battle, "rr/cross", json, allow, &error, NULL, 0);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
}

static void
test_crossing (void)
{
  g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
  g_autoptr(GError) error = NULL;
  static const char *const robinsons[] = {
    "{\"unit\": \"2nd-devonshire-regiment\", \"crossing\": \"robinsons-drift\", "
    "\"stays\": true}",
    "{\"unit\": \"2nd-west-surrey-regiment\", \"crossing\": \"robinsons-drift\", "
    "\"stays\": true}",
    "{\"unit\": \"2nd-west-surrey-regiment\", \"crossing\": \"robinsons-drift\"}",
    "{\"unit\": \"2nd-east-surrey-regiment\", \"crossing\": \"robinsons-drift\"}",
  };
  static const char *const bridge[] = {
    "{\"unit\": \"7th-field-battery\", \"crossing\": \"bridge\", \"stays\": true}",
    "{\"unit\": \"14th-field-battery\", \"crossing\": \"bridge\", \"stays\": true}",
    "{\"unit\": \"66th-field-battery\", \"crossing\": \"bridge\", \"stays\": true}",
    "{\"unit\": \"66th-field-battery\", \"crossing\": \"bridge\"}",
    "{\"unit\": \"63rd-field-battery\", \"crossing\": \"bridge\"}",
  };
  const char *bridle = "{\"unit\": \"1st-connaught-rangers\", \"crossing\": \"bridle-drift\"}";

  walk_to (battle, "brigades-move");
  g_assert_cmpint (adj_battle_get_turn (battle), ==, 1);

  /* Robinson's Drift has no marker: one stays, a second may not, two go through. */
  cross (battle, robinsons[0], FALSE);
  g_assert_no_error (error);
  g_assert_cmpstr (last_summary (battle), ==,
                   "Crossing the Tugela: 2nd Devonshire Regiment stays in Robinson's Drift");
  adj_test_assert_forbidden (battle, "rr/cross", robinsons[1],
                             "1 unit stays in Robinson's Drift already: no more may end its "
                             "movement there");
  cross (battle, robinsons[2], FALSE);
  g_assert_no_error (error);
  adj_test_assert_forbidden (battle, "rr/cross", robinsons[3],
                             "2 units have gone through Robinson's Drift this turn: no more may "
                             "enter it");

  /* A bridge: two stay, three go through. */
  for (guint i = 0; i < G_N_ELEMENTS (bridge); i++)
    {
      if (i == 2)
        {
          adj_test_assert_forbidden (battle, "rr/cross", bridge[i],
                                     "2 units stay in Bridge already: no more may end their "
                                     "movement there");
          continue;
        }
      if (i == 4)
        {
          adj_test_assert_forbidden (battle, "rr/cross", bridge[i],
                                     "3 units have gone through Bridge this turn: no more may "
                                     "enter it");
          continue;
        }
      cross (battle, bridge[i], FALSE);
      g_assert_no_error (error);
    }

  /* A drift not yet found is closed to the British; the referee may allow it all the same. */
  adj_test_assert_forbidden (battle, "rr/cross", bridle,
                             "Bridle Drift has not been found yet: a battalion or regiment must "
                             "find it before the British cross");
  cross (battle, bridle, TRUE);
  g_assert_no_error (error);
  g_assert_cmpstr (last_summary (battle), ==,
                   "Crossing the Tugela: 1st Connaught Rangers goes through Bridle Drift · "
                   "allowed by the referee: Bridle Drift has not been found yet: a battalion or "
                   "regiment must find it before the British cross");
  /* Undone, it no longer counts. */
  g_assert_true (adj_battle_undo (battle, &error));

  /* Leaders are not counted. */
  adj_test_assert_forbidden (battle, "rr/cross",
                             "{\"unit\": \"hildyard\", \"crossing\": \"bridge\"}",
                             "Hildyard is no unit: only the units’ crossings are counted");

  /* A commando entering a drift takes its marker off, unseen: then the British may cross. */
  walk_to (battle, "commandos-move");
  cross (battle, "{\"unit\": \"ermelo-commando\", \"crossing\": \"native-drift\"}", FALSE);
  g_assert_no_error (error);
  g_assert_cmpint (adj_rr_drift_state (battle, "native-drift", NULL), ==, ADJ_RR_DRIFT_CLEARED);
  adj_test_assert_allowed (battle, "rr/cross",
                           "{\"unit\": \"1st-connaught-rangers\", "
                           "\"crossing\": \"native-drift\"}");

  /* A new Game Turn counts afresh. */
  advance_to (battle, 2, "brigades-move");
  adj_test_assert_allowed (battle, "rr/cross", robinsons[1]);
  adj_test_assert_allowed (battle, "rr/cross", bridge[2]);
}

/* What the battle's state forbids a fire action or the Boer target die: refused with the
 * reason, or allowed by the referee with the reason kept as the ruling.  An edit sets one field
 * of a unit to a JSON value. */
typedef struct {
  const char *mechanic;
  const char *input;
  const char *edit_unit;
  const char *edit_field;
  const char *edit_value;
  const char *reason;    /* NULL: the rules allow it */
} FireLegalCase;

static const FireLegalCase fire_legal_cases[] = {
  { "rr/rifle-fire", "{\"firer\": \"13th-hussars\", \"target\": \"ermelo-commando\"}",
    "13th-hussars", "status.morale", "\"routed\"", "13th Hussars is routed: it does not fire" },
  { "rr/rifle-fire", "{\"firer\": \"13th-hussars\", \"target\": \"ermelo-commando\"}",
    "13th-hussars", "status.sp", "0", "13th Hussars has no strength points left: it cannot fire" },
  { "rr/rifle-fire", "{\"firer\": \"ermelo-commando\", \"target\": \"13th-hussars\"}",
    "ermelo-commando", "status.morale", "\"routed\"",
    "Ermelo Commando is routed: it does not fire" },
  { "rr/rifle-fire", "{\"firer\": \"ermelo-commando\", \"target\": \"13th-hussars\"}",
    "ermelo-commando", "status.sp_counter", "\"no-fire\"",
    "Ermelo Commando drew No Fire: it does not fire this turn" },
  { "rr/rifle-fire", "{\"firer\": \"14th-field-battery\", \"target\": \"ermelo-commando\"}",
    NULL, NULL, NULL,
    "Only battalions, regiments and commandos fire rifles; 14th Field Battery does not" },
  { "rr/rifle-fire", "{\"firer\": \"2nd-devonshire-regiment\", \"target\": \"ermelo-commando\"}",
    "2nd-devonshire-regiment", "destroyed", "true", "2nd Devonshire Regiment is destroyed" },
  { "rr/rifle-fire", "{\"firer\": \"2nd-devonshire-regiment\", \"target\": \"ermelo-commando\"}",
    "ermelo-commando", "destroyed", "true", "Ermelo Commando is destroyed" },
  { "rr/rifle-fire", "{\"firer\": \"2nd-devonshire-regiment\", \"target\": \"13th-hussars\"}",
    NULL, NULL, NULL, "2nd Devonshire Regiment and 13th Hussars are on the same side" },
  { "rr/rifle-fire", "{\"firer\": \"2nd-devonshire-regiment\"}",
    NULL, NULL, NULL, "“Target” names no unit: choose one first" },
  { "rr/rifle-fire", "{\"firer\": \"ermelo-commando\", \"target\": \"hildyard\"}",
    NULL, NULL, NULL, "Ermelo Commando cannot fire at Hildyard" },
  { "rr/rifle-fire", "{\"firer\": \"ermelo-commando\", \"target\": \"2nd-devonshire-regiment\"}",
    "ermelo-commando", "status.morale", "\"suppressed\"", NULL },
  { "rr/shell-fire", "{\"firer\": \"2nd-devonshire-regiment\", \"target\": \"ermelo-commando\"}",
    NULL, NULL, NULL,
    "Only batteries and Boer guns fire shells; 2nd Devonshire Regiment does not" },
  { "rr/shell-fire", "{\"firer\": \"ermelo-commando\", \"target\": \"13th-hussars\"}", NULL,
    NULL, NULL, "Only batteries and Boer guns fire shells; Ermelo Commando does not" },
  { "rr/shell-fire", "{\"firer\": \"hildyard\", \"target\": \"ermelo-commando\"}", NULL, NULL,
    NULL, "Only batteries and Boer guns fire shells; Hildyard does not" },
  { "rr/shell-fire", "{\"firer\": \"14th-field-battery\", \"target\": \"ermelo-commando\"}",
    NULL, NULL, NULL, "14th Field Battery is limbered: it cannot fire" },
  { "rr/shell-fire", "{\"firer\": \"75-mm-creusot-guns\", \"target\": \"13th-hussars\"}",
    "75-mm-creusot-guns", "destroyed", "true", "75 mm Creusot guns is destroyed" },
  { "rr/shell-fire", "{\"firer\": \"75-mm-creusot-guns\"}", NULL, NULL, NULL,
    "“A unit in the target area” names no unit: choose one first" },
  { "rr/shell-fire", "{\"firer\": \"75-mm-creusot-guns\", \"target\": \"ermelo-commando\"}",
    NULL, NULL, NULL, "75 mm Creusot guns and Ermelo Commando are on the same side" },
  { "rr/shell-fire", "{\"firer\": \"75-mm-creusot-guns\", \"target\": \"hildyard\"}", NULL,
    NULL, NULL, "75 mm Creusot guns cannot fire at Hildyard" },
  { "rr/shell-fire", "{\"firer\": \"14th-field-battery\", \"target\": \"ermelo-commando\"}",
    "14th-field-battery", "status.limbered", "false", NULL },
  { "rr/shell-fire", "{\"firer\": \"75-mm-creusot-guns\", \"target\": \"13th-hussars\"}",
    NULL, NULL, NULL, NULL },
  { "rr/boer-target", "{\"firer\": \"2nd-devonshire-regiment\"}", NULL, NULL, NULL,
    "2nd Devonshire Regiment is not a Boer unit that fires" },
  { "rr/boer-target", "{\"firer\": \"ermelo-commando\"}", "ermelo-commando", "destroyed",
    "true", "Ermelo Commando is destroyed" },
  { "rr/boer-target", "{\"firer\": \"ermelo-commando\"}", NULL, NULL, NULL, NULL },
};

/* Prepare @c's roll against @battle (allowed or not) and resolve it when that succeeds. */
static gboolean
prepare_fire (AdjBattle            *battle,
              const FireLegalCase  *c,
              gboolean              allow,
              char                **ruling,
              GError              **error)
{
  const AdjMechanic *mech = adj_mechanic_lookup (c->mechanic);
  g_autoptr(json_object) input = json_tokener_parse (c->input);
  AdjRollRequest request = { .battle = battle, .inputs = input, .file = "input", .seeded = TRUE,
                             .seed = 7, .allow = allow };
  g_auto(AdjRollSetup) setup = { 0 };
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);

  if (!adj_roll_setup_prepare (mech, &request, &setup, error))
    return FALSE;
  g_assert_true (adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome,
                                       error));
  g_assert_cmpstr (setup.ctx.ruling, ==, outcome->ruling);
  *ruling = g_strdup (outcome->ruling);
  return TRUE;
}

static void
test_fire_legal (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fire_legal_cases); i++)
    {
      const FireLegalCase *c = &fire_legal_cases[i];
      g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
      g_autoptr(GError) error = NULL;
      g_autofree char *ruling = NULL;

      if (c->edit_unit != NULL)
        {
          g_autofree char *target = g_strconcat ("unit:", c->edit_unit, NULL);
          g_autoptr(json_object) value = json_tokener_parse (c->edit_value);

          g_assert_true (adj_battle_edit (battle, target, c->edit_field, value, &error));
          g_assert_no_error (error);
        }
      if (c->reason == NULL)
        {
          g_assert_true (prepare_fire (battle, c, FALSE, &ruling, &error));
          g_assert_no_error (error);
          g_assert_null (ruling);
          continue;
        }
      g_assert_false (prepare_fire (battle, c, FALSE, &ruling, &error));
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
      g_assert_cmpstr (error->message, ==, c->reason);
      g_clear_error (&error);
      g_assert_true (prepare_fire (battle, c, TRUE, &ruling, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (ruling, ==, c->reason);
    }
}

/* The mechanics of one unit: each only for the counters it concerns, and none for a unit out
 * of the game (@reason NULL: allowed). */
static void
test_unit_legal (void)
{
  static const struct {
    const char *mechanic;
    const char *inputs;
    gboolean    eliminated;
    const char *reason;
  } cases[] = {
    { "rr/leader-reaction", "{\"leader\": \"hart\"}", FALSE, NULL },
    { "rr/leader-reaction", "{\"leader\": \"2nd-royal-scots-fusiliers\"}", FALSE,
      "2nd Royal Scots Fusiliers is not a brigade leader: only a brigade’s leader carries a "
      "Panicked or Standing Firm marker" },
    { "rr/leader-recovery", "{\"leader\": \"senekal-commando\"}", FALSE,
      "Senekal Commando is not a brigade leader: only a brigade’s leader carries a Panicked or "
      "Standing Firm marker" },
    { "rr/leader-recovery", "{\"leader\": \"hart\"}", TRUE, "Hart is out of the game" },
    { "rr/leader-casualty", "{\"who\": \"long\"}", FALSE, NULL },
    { "rr/leader-casualty", "{\"who\": \"13th-hussars\"}", FALSE,
      "13th Hussars is not Buller, Long or a brigade leader" },
    { "rr/unit-recovery", "{\"unit\": \"13th-hussars\"}", FALSE, NULL },
    { "rr/unit-recovery", "{\"unit\": \"hart\"}", FALSE,
      "Hart has no morale level to recover: only battalions, regiments, batteries, commandos and "
      "Boer guns recover" },
    { "rr/unit-recovery", "{\"unit\": \"13th-hussars\"}", TRUE,
      "13th Hussars is out of the game" },
    { "rr/losses", "{\"unit\": \"senekal-commando\"}", FALSE, NULL },
    { "rr/losses", "{\"unit\": \"hart\"}", FALSE, "Hart has no strength points to lose" },
    { "rr/losses", "{\"unit\": \"senekal-commando\"}", TRUE,
      "Senekal Commando is out of the game" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjBattle) battle = battle_new (NULL, default_drifts, TRUE);
      g_autoptr(json_object) in = adj_test_parse (cases[i].inputs);
      g_autoptr(GError) error = NULL;

      if (cases[i].eliminated)
        {
          json_object *id = json_object_object_get (in, strstr (cases[i].inputs, "leader")
                                                        ? "leader" : "unit");
          g_autofree char *where = g_strconcat ("unit:", json_object_get_string (id), NULL);
          g_autoptr(json_object) yes = json_object_new_boolean (TRUE);

          g_assert_true (adj_battle_edit (battle, where, "destroyed", yes, &error));
          g_assert_no_error (error);
        }
      if (cases[i].reason == NULL)
        adj_test_assert_allowed (battle, cases[i].mechanic, cases[i].inputs);
      else
        adj_test_assert_forbidden (battle, cases[i].mechanic, cases[i].inputs, cases[i].reason);
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
  g_assert_nonnull (strstr (report, "Wagon Drift: 1st Rifle Brigade looks for it — Drift found "
                                    "(marker 10)"));
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
  g_autoptr(json_object) shared = adj_battle_to_json (battle);
  /* A copy: the entries' documents are the journal's own, and their sealed texts go below. */
  g_autoptr(json_object) file = adj_json_copy (shared);
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

/* The tests of this file, in the order they run after those of test-rr.c. */
void
test_rr_add_play_tests (void)
{
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
  g_test_add_func ("/rr/fire/legal", test_fire_legal);
  g_test_add_func ("/rr/units/legal", test_unit_legal);
  g_test_add_func ("/rr/fire/shell-apply", test_shell_fire_apply);
  g_test_add_func ("/rr/crossing", test_crossing);
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
}
