/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-solo.c: the Risk Factor solo step. */

#include "test-rf.h"

/* ------------------------------------------------------------------------------------------ */
/* the solo step                                                                               */

AdjRfSolo *
solo_new (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;
  AdjRfSolo *solo = adj_rf_solo_new (battle, &error);

  g_assert_no_error (error);
  g_assert_nonnull (solo);
  return solo;
}

static GPtrArray *
solo_texts (AdjRfSolo *solo)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < adj_rf_solo_get_n_orders (solo); i++)
    g_ptr_array_add (texts, adj_rf_solo_order_text (solo, i));
  return texts;
}

void
test_solo_groups (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjRfSolo) solo = solo_new (battle);
  g_autoptr(GError) error = NULL;

  /* Every group of the side Adjutant runs, none of the players'. */
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 4);
  g_assert_cmpstr (adj_rf_solo_get_unit_id (solo, 0), ==, "u4");
  g_assert_cmpstr (adj_rf_solo_get_unit_id (solo, 3), ==, "u7");
  g_assert_false (adj_rf_solo_is_rolled (solo));

  /* A group commanded this turn, or destroyed, takes no order. */
  {
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
    g_autoptr(AdjRfSolo) fewer = NULL;

    g_assert_true (adj_battle_edit (battle, "unit:u6", "status.commanded", yes, &error));
    g_assert_true (adj_battle_edit (battle, "unit:u7", "destroyed", yes, &error));
    g_assert_no_error (error);
    fewer = solo_new (battle);
    g_assert_cmpuint (adj_rf_solo_get_n_orders (fewer), ==, 2);
    adj_test_undo (battle);
    adj_test_undo (battle);
  }
  /* Groups of one platoon react as one, under the first. */
  {
    g_autoptr(json_object) two = json_object_new_int (2);
    g_autoptr(AdjRfSolo) platoon = NULL;
    GPtrArray *ids;

    g_assert_true (adj_battle_edit (battle, "unit:u5", "status.platoon", two, &error));
    g_assert_true (adj_battle_edit (battle, "unit:u7", "status.platoon", two, &error));
    g_assert_no_error (error);
    platoon = solo_new (battle);
    g_assert_cmpuint (adj_rf_solo_get_n_orders (platoon), ==, 3);
    ids = adj_rf_solo_get_unit_ids (platoon, 1);
    g_assert_cmpuint (ids->len, ==, 2);
    g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "u5");
    g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "u7");
    /* The platoon's casualty part counts both groups' records (1 of 20 down: none). */
    g_assert_cmpint (adj_inputs_get_int (adj_rf_solo_get_inputs (platoon, 1),
                                         "casualty_tenths"), ==, 0);
  }

  /* Without a side run by Adjutant there is no solo step; nor in another system. */
  {
    g_autoptr(json_object) no = json_object_new_boolean (FALSE);
    g_autoptr(AdjRfSolo) none = NULL;

    g_assert_true (adj_battle_edit (battle, "side:b", "settings.solo", no, &error));
    none = adj_rf_solo_new (battle, &error);
    g_assert_null (none);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  {
    g_autoptr(AdjRuleset) wec = adj_ruleset_lookup ("wec", NULL);
    g_autoptr(AdjBattle) other = adj_battle_new (wec, "Elsewhere");
    g_autoptr(AdjRfSolo) none = adj_rf_solo_new (other, &error);

    g_assert_null (none);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED);
  }
}

/* The same seed gives the same orders, every time; entering those dice gives them again. */
void
test_solo_seeded (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  gboolean differs = FALSE;

  for (guint run = 0; run < 3; run++)
    {
      g_autoptr(AdjRfSolo) solo = solo_new (battle);
      g_autoptr(GPtrArray) texts = NULL;
      AdjRng rng;

      adj_rng_seed (&rng, 1879);
      g_assert_true (adj_rf_solo_roll (solo, &rng, NULL, 0, &error));
      g_assert_no_error (error);
      g_assert_true (adj_rf_solo_is_rolled (solo));
      texts = solo_texts (solo);
      if (first == NULL)
        {
          first = g_ptr_array_ref (texts);
          for (guint i = 0; i < adj_rf_solo_get_n_orders (solo); i++)
            {
              int d = adj_outcome_get_value_int (adj_rf_solo_get_outcome (solo, i), "die", 0);
              g_array_append_val (dice, d);
            }
          continue;
        }
      for (guint i = 0; i < texts->len; i++)
        g_assert_cmpstr (g_ptr_array_index (texts, i), ==, g_ptr_array_index (first, i));
    }
  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    g_autoptr(GPtrArray) texts = NULL;

    g_assert_true (adj_rf_solo_roll (solo, NULL, (const int *) dice->data, dice->len, &error));
    g_assert_no_error (error);
    texts = solo_texts (solo);
    for (guint i = 0; i < texts->len; i++)
      g_assert_cmpstr (g_ptr_array_index (texts, i), ==, g_ptr_array_index (first, i));
  }
  /* Another seed, other dice: the seed is really used. */
  for (guint64 seed = 1; seed < 20 && !differs; seed++)
    {
      g_autoptr(AdjRfSolo) solo = solo_new (battle);
      g_autoptr(GPtrArray) texts = NULL;
      AdjRng rng;

      adj_rng_seed (&rng, seed);
      g_assert_true (adj_rf_solo_roll (solo, &rng, NULL, 0, &error));
      texts = solo_texts (solo);
      for (guint i = 0; i < texts->len; i++)
        if (!g_str_equal (g_ptr_array_index (texts, i), g_ptr_array_index (first, i)))
          differs = TRUE;
    }
  g_assert_true (differs);
}

void
test_solo_orders (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjRfSolo) solo = solo_new (battle);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) set = adj_test_parse ("{\"u4\": {\"enemy_in_range\": true, "
                                               "\"in_enemy_range\": true}, "
                                               "\"u6\": {\"no_enemy\": true}}");
  int dice[] = { 5, 1, 6, 2 };
  g_autoptr(GArray) parts = NULL;
  g_autofree char *text = NULL;

  /* The situational parts are the caller's to set; the computed ones are filled in. */
  g_assert_true (adj_rf_solo_set_json (solo, set, "situation.json", &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, &parts), ==, 2);   /* in range, raw in range */
  g_assert_cmpuint (parts->len, ==, 9);
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 1, NULL), ==, -1);    /* a hero with it */
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 2, NULL), ==, -4);
  {
    g_autofree char *before = adj_rf_solo_order_text (solo, 0);
    g_assert_cmpstr (before, ==, "Zulu impi 1 — RF 2");
  }

  /* Exact odds of each action per group, before rolling: RF 2, close-combat table. */
  {
    g_autoptr(AdjOdds) odds = adj_rf_solo_odds (solo, 0, &error);
    g_assert_no_error (error);
    assert_odds (odds, "halt", 1, 6);
    assert_odds (odds, "advance", 2, 6);
    assert_odds (odds, "attack", 3, 6);
  }

  g_assert_true (adj_rf_solo_roll (solo, NULL, dice, G_N_ELEMENTS (dice), &error));
  g_assert_no_error (error);
  text = adj_rf_solo_order_text (solo, 0);
  g_assert_true (g_str_has_prefix (text, "Zulu impi 1 — RF 2 — rolled 5 — ATTACK: Close with "
                                         "the nearest enemy group"));
  g_assert_cmpstr (adj_rf_solo_get_outcome (solo, 1)->key, ==, "carry-on");
  g_assert_cmpstr (adj_rf_solo_get_outcome (solo, 2)->key, ==, "close-in");

  /* Wrong numbers of dice, unknown groups and inputs are refused. */
  {
    int two[] = { 1, 2 };
    int seven[] = { 7, 1, 1, 1 };
    g_autoptr(json_object) unknown = adj_test_parse ("{\"u1\": {\"no_enemy\": true}}");
    g_autoptr(json_object) bad = adj_test_parse ("{\"u4\": {\"no_enemy\": 1}}");

    g_assert_false (adj_rf_solo_roll (solo, NULL, two, 2, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_false (adj_rf_solo_roll (solo, NULL, seven, 4, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_false (adj_rf_solo_roll (solo, NULL, NULL, 0, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
    g_clear_error (&error);
    g_assert_false (adj_rf_solo_set_json (solo, unknown, "situation.json", &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_false (adj_rf_solo_set_json (solo, bad, "situation.json", &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    g_clear_error (&error);
    /* A refused roll keeps the orders already rolled. */
    g_assert_cmpstr (adj_rf_solo_get_outcome (solo, 0)->key, ==, "attack");
  }

  /* JSON for scripts: parts, odds, the die and the order in words. */
  {
    g_autoptr(json_object) json = adj_rf_solo_to_json (solo);
    json_object *order = json_object_array_get_idx (json_object_object_get (json, "orders"), 0);

    g_assert_cmpint (json_object_get_int (json_object_object_get (order, "rf")), ==, 2);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (order, "action")), ==,
                     "attack");
    g_assert_cmpint (json_object_get_int (json_object_object_get (order, "die")), ==, 5);
    g_assert_nonnull (json_object_object_get (order, "odds"));
    g_assert_cmpuint (json_object_array_length (json_object_object_get (order, "parts")), ==, 9);
  }

  /* Applied: one journal entry for each order; undo takes them back one by one. */
  {
    AdjJournal *journal = adj_battle_get_journal (battle);
    AdjUnit *impi = adj_battle_find_unit (battle, "u4");

    g_assert_true (adj_rf_solo_apply (solo, FALSE, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 4);
    g_assert_cmpstr (adj_journal_get_entry (journal, 0)->summary, ==,
                     "Zulu impi 1 — RF 2 — rolled 5 — ATTACK");
    g_assert_cmpstr (adj_journal_get_entry (journal, 0)->mechanic, ==, "rf/reaction");
    g_assert_cmpstr (adj_unit_get_status_string (impi, "order"), ==, "attack");
    /* "Carry on" leaves the order as it was. */
    g_assert_cmpstr (adj_unit_get_status_string (adj_battle_find_unit (battle, "u5"), "order"), ==,
                     "none");
    for (guint i = 0; i < 4; i++)
      adj_test_undo (battle);
    g_assert_cmpstr (adj_unit_get_status_string (impi, "order"), ==, "none");
  }
}

/* The switches the players set: only parts that can count for the group, and which die face
 * gives which action as they stand. */
void
test_solo_switches (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjRfSolo) solo = solo_new (battle);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) raw = adj_rf_solo_get_switches (solo, 0);     /* Zulu impi 1: raw natives */
  g_autoptr(GArray) veteran = adj_rf_solo_get_switches (solo, 1); /* Zulu impi 2: veterans */
  g_autoptr(GArray) musket = adj_rf_solo_get_switches (solo, 2);  /* Musketeers: raw natives */
  AdjRuleset *ruleset = adj_battle_get_ruleset (battle);
  const char *const raw_inputs[] = { "no_enemy", "enemy_in_range", "in_enemy_range",
                                     "flank_or_retreating", "near_cavalry", "losing_melee" };

  g_assert_cmpuint (raw->len, ==, G_N_ELEMENTS (raw_inputs));
  for (guint k = 0; k < raw->len; k++)
    {
      AdjRfSwitch *sw = &g_array_index (raw, AdjRfSwitch, k);

      g_assert_cmpstr (sw->input, ==, raw_inputs[k]);
      g_assert_nonnull (adj_mechanic_find_input (adj_mechanic_lookup ("rf/reaction"), sw->input));
      g_assert_cmpint (sw->value, ==, adj_ruleset_get_modifier (ruleset, "risk", sw->part)->value);
      g_assert_true (sw->label != NULL && sw->label[0] != '\0');
    }
  g_assert_cmpint (g_array_index (raw, AdjRfSwitch, 0).value, ==, -4);
  /* Not raw: the raw part cannot count, so it is not offered. */
  g_assert_cmpuint (veteran->len, ==, raw->len - 1);
  for (guint k = 0; k < veteran->len; k++)
    g_assert_cmpstr (g_array_index (veteran, AdjRfSwitch, k).input, !=, "in_enemy_range");
  g_assert_cmpuint (musket->len, ==, raw->len);

  /* Routing already counts the +3: "losing a melee" adds nothing more. */
  {
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
    g_autoptr(AdjRfSolo) routing = NULL;
    g_autoptr(GArray) sw = NULL;

    g_assert_true (adj_battle_edit (battle, "unit:u4", "status.routing", yes, &error));
    g_assert_no_error (error);
    routing = solo_new (battle);
    sw = adj_rf_solo_get_switches (routing, 0);
    g_assert_cmpuint (sw->len, ==, raw->len - 1);
    g_assert_cmpstr (g_array_index (sw, AdjRfSwitch, sw->len - 1).input, ==, "near_cavalry");
    adj_test_undo (battle);
  }

  /* Faces: RF 0 on the close-combat table carries on but for a 6; RF 2 as the odds say. */
  for (int d = 1; d <= 5; d++)
    g_assert_cmpstr (adj_rf_solo_action_for_die (solo, 0, d), ==, "carry-on");
  g_assert_cmpstr (adj_rf_solo_action_for_die (solo, 0, 6), ==, "close-in");
  g_assert_true (adj_inputs_set_bool (adj_rf_solo_get_inputs (solo, 0), "enemy_in_range", TRUE,
                                      &error));
  g_assert_true (adj_inputs_set_bool (adj_rf_solo_get_inputs (solo, 0), "in_enemy_range", TRUE,
                                      &error));
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, NULL), ==, 2);
  {
    g_autoptr(AdjOdds) odds = adj_rf_solo_odds (solo, 0, &error);
    const char *const expect[] = { "halt", "advance", "advance", "attack", "attack", "attack" };

    for (int d = 1; d <= 6; d++)
      g_assert_cmpstr (adj_rf_solo_action_for_die (solo, 0, d), ==, expect[d - 1]);
    /* The faces agree with the exact odds. */
    assert_odds (odds, "attack", 3, 6);
  }
  /* The die modifier moves the faces: +2 makes a 1 count as 3. */
  g_assert_true (adj_inputs_set_int (adj_rf_solo_get_inputs (solo, 0), "die_modifier", 2,
                                     &error));
  g_assert_cmpstr (adj_rf_solo_action_for_die (solo, 0, 1), ==, "advance");
  g_assert_cmpstr (adj_rf_solo_action_for_die (solo, 0, 2), ==, "attack");

  /* Meanings in our words, from the ruleset. */
  g_assert_true (g_str_has_prefix (adj_rf_action_meaning (ruleset, "attack"), "Close with"));
  g_assert_null (adj_rf_action_meaning (ruleset, "dance"));
}

/* A rout makes the group routing; the next order that is not a rout ends it. */
void
test_solo_rout (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  AdjUnit *impi = adj_battle_find_unit (battle, "u4");

  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    g_autoptr(json_object) set = adj_test_parse ("{\"u4\": {\"casualty_tenths\": 9}}");
    int dice[] = { 1, 3, 3, 3 };

    g_assert_true (adj_rf_solo_set_json (solo, set, "s", &error));
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_true (adj_rf_solo_apply (solo, FALSE, &error));
    g_assert_no_error (error);
    g_assert_true (adj_unit_get_status_bool (impi, "routing"));
    /* The enemy reacts once a turn: the next order is next turn's. */
    g_assert_true (adj_battle_next_turn (battle, &error));
  }
  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    int dice[] = { 4, 3, 3, 3 };

    /* Routing: +3 from the battle itself; a 4 at RF 3 on the close-combat table: advance. */
    g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, NULL), ==, 3);
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_cmpstr (adj_rf_solo_get_outcome (solo, 0)->key, ==, "advance");
    g_assert_true (adj_rf_solo_apply (solo, FALSE, &error));
    g_assert_no_error (error);
    g_assert_false (adj_unit_get_status_bool (impi, "routing"));
  }
}

static void
edit (AdjBattle  *battle,
      const char *unit,
      const char *field,
      json_object *value)
{
  g_autofree char *where = g_strconcat ("unit:", unit, NULL);
  g_autoptr(json_object) owned = value;
  g_autoptr(GError) error = NULL;

  adj_battle_edit (battle, where, field, owned, &error);
  g_assert_no_error (error);
}

void
test_forbidden (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  const char *shot = "{\"shooter\": \"u2\", \"target\": \"u6\", \"distance\": 20}";
  const char *melee = "{\"attacker\": \"u4\", \"defender\": \"u2\"}";
  const char *react = "{\"group\": \"u7\"}";

  /* A side gives its orders and moves in its own phases for them, to its own groups. */
  adj_test_assert_forbidden (battle, "rf/command", "{\"commander\": \"u1\"}",
                             "Lt Ashby cannot give orders now: Zulu impi is giving orders");
  adj_test_assert_forbidden (battle, "rf/movement", "{\"unit\": \"u2\"}",
                             "1st Section cannot move now: a side moves in its own movement phase "
                             "(now: Zulu impi: command and reactions)");
  adj_test_go_to_phase (battle, "second-move");
  adj_test_assert_allowed (battle, "rf/movement", "{\"unit\": \"u4\"}");
  adj_test_assert_forbidden (battle, "rf/movement", "{\"unit\": \"u2\"}",
                             "1st Section cannot move now: Zulu impi is moving");
  adj_test_assert_forbidden (battle, "rf/command", "{\"commander\": \"u1\"}",
                             "Lt Ashby cannot give orders now: a side gives its orders in its own "
                             "command phase (now: Zulu impi moves)");
  adj_test_go_to_phase (battle, "first-command");
  adj_test_assert_allowed (battle, "rf/command", "{\"commander\": \"u1\", \"group_1\": \"u2\"}");
  adj_test_assert_forbidden (battle, "rf/command",
                             "{\"commander\": \"u1\", \"group_1\": \"u4\"}",
                             "Lt Ashby cannot command Zulu impi 1, a group of the other side");
  adj_test_go_to_phase (battle, "second-command");

  /* A side shoots in its own shooting phase; melees are fought in the melee phases. */
  adj_test_assert_forbidden (battle, "rf/shooting", shot, "1st Section cannot shoot now: a side "
                             "shoots in its own shooting phase (now: Zulu impi: command and "
                             "reactions)");
  adj_test_assert_forbidden (battle, "rf/melee", melee, "Zulu impi 1 cannot fight a melee now: "
                             "melees are fought once a side has moved and shot (now: Zulu impi: "
                             "command and reactions)");
  adj_test_go_to_phase (battle, "second-shoot");
  adj_test_assert_forbidden (battle, "rf/shooting", shot,
                             "1st Section cannot shoot now: Zulu impi is shooting");
  adj_test_go_to_phase (battle, "second-melee");
  adj_test_assert_allowed (battle, "rf/melee", melee);
  adj_test_assert_allowed (battle, "rf/melee", "{\"attacker\": \"u2\", \"defender\": \"u4\"}");
  /* The next turn, the British shoot first. */
  adj_test_go_to_phase (battle, "first-shoot");

  /* Shooting and melee: at the enemy, by groups with figures left, not routing. */
  adj_test_assert_allowed (battle, "rf/shooting", shot);
  adj_test_assert_forbidden (battle, "rf/shooting", "{\"shooter\": \"u2\", \"target\": \"u3\"}",
                    "1st Section and 2nd Section are on the same side");
  adj_test_assert_forbidden (battle, "rf/melee", "{\"attacker\": \"u4\", \"defender\": \"u5\"}",
                    "Zulu impi 1 and Zulu impi 2 are on the same side");
  edit (battle, "u3", "destroyed", json_object_new_boolean (TRUE));
  adj_test_assert_forbidden (battle, "rf/shooting", "{\"shooter\": \"u3\", \"target\": \"u6\"}",
                    "2nd Section is destroyed");
  adj_test_assert_forbidden (battle, "rf/melee", "{\"attacker\": \"u4\", \"defender\": \"u3\"}",
                    "2nd Section is destroyed");
  edit (battle, "u4", "status.routing", json_object_new_boolean (TRUE));
  adj_test_assert_forbidden (battle, "rf/melee", melee,
                    "Zulu impi 1 is routing and cannot charge into melee");

  /* A hidden group is not shot at until its marker is spotted. */
  edit (battle, "u6", "status.hidden", json_object_new_boolean (TRUE));
  adj_test_assert_forbidden (battle, "rf/shooting", shot,
                    "The target is hidden under a marker and cannot be shot at until it is "
                    "spotted");

  /* One reaction a turn for each group. */
  adj_test_assert_allowed (battle, "rf/reaction", react);
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/reaction", react);
    const int die[] = { 3 };
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, die, 1);

    apply (battle, in, out);
  }
  adj_test_assert_forbidden (battle, "rf/reaction", react, "Reserve impi has already reacted this turn");
}

/* The enemy reacts once a turn: a second step in the same turn is refused, or journaled as the
 * referee's ruling; undo, save and load, and the next turn keep what the facts say. */
void
test_solo_once_a_turn (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);
  const char *reason = "Zulu impi has already reacted this turn: the enemy reacts once a turn";
  int dice[] = { 3, 3, 3, 3 };

  /* Before: the step, nobody reacted, no group under command. */
  {
    g_autofree char *step = adj_battle_phase_label (battle, NULL);

    g_assert_cmpstr (step, ==, "Zulu impi: command and reactions");
  }
  adj_test_assert_fact (battle, "reacted:b", "Not yet this turn");
  adj_test_assert_fact (battle, "commanded:a", "0 of 2 groups");
  g_assert_null (adj_test_fact (battle, "commanded:b"));
  {
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);

    g_assert_true (adj_battle_edit (battle, "unit:u2", "status.commanded", yes, &error));
    g_assert_no_error (error);
    adj_test_assert_fact (battle, "commanded:a", "1 of 2 groups");
    adj_test_undo (battle);
  }

  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);

    g_assert_true (adj_rf_solo_check (solo, &error));
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_true (adj_rf_solo_apply (solo, FALSE, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpuint (journal->position, ==, 4);
  adj_test_assert_fact (battle, "reacted:b", "Yes, this turn");

  /* Again in the same turn: refused with the reason, nothing journaled. */
  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);

    g_assert_false (adj_rf_solo_check (solo, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_cmpstr (error->message, ==, reason);
    g_clear_error (&error);
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_false (adj_rf_solo_apply (solo, FALSE, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_assert_cmpstr (error->message, ==, reason);
    g_clear_error (&error);
    g_assert_cmpuint (journal->position, ==, 4);

    /* The referee allows it: each order's entry keeps his ruling. */
    g_assert_true (adj_rf_solo_apply (solo, TRUE, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (journal->position, ==, 8);
    for (guint i = 4; i < 8; i++)
      {
        AdjEntry *entry = adj_journal_get_entry (journal, i);
        json_object *ruling = NULL;

        g_assert_true (g_str_has_suffix (entry->summary, reason));
        g_assert_nonnull (strstr (entry->summary, " · allowed by the referee: "));
        g_assert_true (json_object_object_get_ex (entry->outcome, "ruling", &ruling));
        g_assert_cmpstr (json_object_get_string (ruling), ==, reason);
      }
    g_assert_cmpstr (adj_journal_get_entry (journal, 4)->summary, ==,
                     "Zulu impi 1 — RF 0 — rolled 3 — CARRY ON · allowed by the referee: "
                     "Zulu impi has already reacted this turn: the enemy reacts once a turn");
  }

  /* Saved and loaded, the battle still knows the enemy has reacted. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) loaded = adj_battle_from_json (json, "saved.json", &error);
    g_autoptr(AdjRfSolo) solo = NULL;

    g_assert_no_error (error);
    adj_test_assert_fact (loaded, "reacted:b", "Yes, this turn");
    solo = solo_new (loaded);
    g_assert_false (adj_rf_solo_check (solo, NULL));
  }

  /* Undo every order: the enemy has not reacted, and may. */
  for (guint i = 0; i < 8; i++)
    adj_test_undo (battle);
  adj_test_assert_fact (battle, "reacted:b", "Not yet this turn");
  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    g_assert_true (adj_rf_solo_check (solo, &error));
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_true (adj_rf_solo_apply (solo, FALSE, &error));
    g_assert_no_error (error);
  }

  /* A new turn: the enemy reacts again, and the step is the turn's first. */
  g_assert_true (adj_battle_next_turn (battle, &error));
  g_assert_no_error (error);
  {
    g_autofree char *step = adj_battle_phase_label (battle, NULL);

    g_assert_cmpstr (step, ==, "British patrol: command and reactions");
  }
  adj_test_assert_fact (battle, "reacted:b", "Not yet this turn");
  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    g_assert_true (adj_rf_solo_check (solo, &error));
    g_assert_no_error (error);
  }
}
