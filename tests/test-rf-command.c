/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-command.c: the Risk Factor of a group (each condition, combinations and the casualty
 * part from its own record) and command. */

#include "test-rf.h"

/* ------------------------------------------------------------------------------------------ */
/* the Risk Factor: each condition, and combinations                                           */

typedef struct {
  const char *name;
  const char *inputs;
  int         rf;
} RiskCase;

static const RiskCase risk_cases[] = {
  { "nothing", "{}", 0 },
  { "no-enemy", "{\"no_enemy\": true}", -4 },
  { "hero-or-superior", "{\"hero_or_superior\": true}", -1 },
  { "in-cover", "{\"in_cover\": true}", -1 },
  { "advancing", "{\"advancing\": true}", -1 },
  { "cover-and-advancing-once", "{\"in_cover\": true, \"advancing\": true}", -1 },
  { "enemy-in-range", "{\"enemy_in_range\": true}", 1 },
  { "raw-alone", "{\"raw\": true}", 0 },
  { "in-enemy-range-alone", "{\"in_enemy_range\": true}", 0 },
  { "raw-in-range", "{\"raw\": true, \"in_enemy_range\": true}", 1 },
  { "casualties-1", "{\"casualty_tenths\": 1}", 1 },
  { "casualties-4", "{\"casualty_tenths\": 4}", 4 },
  { "casualties-10", "{\"casualty_tenths\": 10}", 10 },
  { "flank", "{\"flank_or_retreating\": true}", 2 },
  { "native-alone", "{\"native\": true}", 0 },
  { "near-cavalry-alone", "{\"near_cavalry\": true}", 0 },
  { "natives-near-cavalry", "{\"native\": true, \"near_cavalry\": true}", 2 },
  { "routing", "{\"routing\": true}", 3 },
  { "losing-melee", "{\"losing_melee\": true}", 3 },
  { "routing-and-losing-once", "{\"routing\": true, \"losing_melee\": true}", 3 },
  { "all-lowering", "{\"no_enemy\": true, \"hero_or_superior\": true, \"in_cover\": true}", -6 },
  { "all-raising", "{\"enemy_in_range\": true, \"raw\": true, \"in_enemy_range\": true, "
                   "\"casualty_tenths\": 2, \"flank_or_retreating\": true, \"native\": true, "
                   "\"near_cavalry\": true, \"routing\": true}", 11 },
  { "everything", "{\"no_enemy\": true, \"hero_or_superior\": true, \"advancing\": true, "
                  "\"enemy_in_range\": true, \"raw\": true, \"in_enemy_range\": true, "
                  "\"casualty_tenths\": 3, \"flank_or_retreating\": true, \"native\": true, "
                  "\"near_cavalry\": true, \"losing_melee\": true}", 6 },
  { "no-enemy-but-routing", "{\"no_enemy\": true, \"routing\": true}", -1 },
  { "hero-in-cover-in-range", "{\"hero_or_superior\": true, \"in_cover\": true, "
                              "\"enemy_in_range\": true, \"casualty_tenths\": 1}", 0 },
  { "raw-natives-in-the-open", "{\"raw\": true, \"in_enemy_range\": true, \"native\": true, "
                               "\"near_cavalry\": true, \"enemy_in_range\": true}", 4 },
};

static void
test_risk (gconstpointer data)
{
  const RiskCase *c = data;
  g_autoptr(AdjInputs) in = inputs ("rf/reaction", c->inputs);
  int dice[] = { 3 };
  g_autoptr(AdjOutcome) out = resolve_ok (in, dice, 1);
  int sum = 0;

  g_assert_cmpint (adj_outcome_get_value_int (out, "rf", 99), ==, c->rf);
  /* The explanation lists each part that counts, and they add up. */
  for (guint l = 0; l < out->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (out->lines, l);

      if (line->kind == ADJ_EXPLAIN_MODIFIER && g_strcmp0 (line->who, "risk") == 0)
        sum += line->value;
    }
  g_assert_cmpint (sum, ==, c->rf);
}

/* ------------------------------------------------------------------------------------------ */
/* the casualty part, from the group's own record                                             */

typedef struct {
  const char *name;
  guint       members;
  guint       wounded;
  guint       lost;
  int         tenths;
} StepCase;

static const StepCase step_cases[] = {
  { "none", 10, 0, 0, 0 },
  { "9-percent", 11, 1, 0, 0 },          /* 9.09 %: no full tenth */
  { "10-percent", 10, 1, 0, 1 },
  { "10-percent-killed", 10, 0, 1, 1 },
  { "19-percent", 21, 2, 2, 1 },         /* 19.05 % */
  { "20-percent", 20, 2, 2, 2 },
  { "20-percent-wounded", 20, 4, 0, 2 },
  { "29-percent", 24, 3, 4, 2 },         /* 7 of 24: 29.2 % */
  { "30-percent", 30, 9, 0, 3 },
  { "half", 4, 1, 1, 5 },
  { "all-down", 6, 0, 6, 10 },
};

static char *
group_json (const char *id,
            const char *name,
            guint       n,
            guint       wounded,
            guint       lost)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\"id\": \"%s\", \"side\": \"b\", \"name\": \"%s\", "
                          "\"type\": \"native-regulars\", \"rating\": \"veteran\", "
                          "\"weapon\": \"spear\", \"members\": [", id, name);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      if (i < wounded)
        g_string_append (s, "{\"wounds\": 1}");
      else if (i < wounded + lost)
        g_string_append (s, "{\"lost\": true}");
      else
        g_string_append (s, "{}");
    }
  g_string_append (s, "]}");
  return g_string_free (s, FALSE);
}

char *
two_side_battle (const char *units)
{
  return g_strdup_printf (
    "{\"format\": \"adjutant-battle\", \"version\": 1, \"ruleset\": \"rf\", "
    "\"id\": \"rf-steps\", \"name\": \"Steps\", \"turn\": 1, \"phase\": \"first-command\", "
    "\"sides\": [{\"id\": \"a\", \"name\": \"Redcoats\"}, "
    "{\"id\": \"b\", \"name\": \"Warriors\", \"settings\": {\"solo\": true}}], "
    "\"units\": [%s]}", units);
}

static void
test_casualty_steps (gconstpointer data)
{
  const StepCase *c = data;
  g_autofree char *group = group_json ("u1", "Impi", c->members, c->wounded, c->lost);
  g_autofree char *text = two_side_battle (group);
  g_autoptr(AdjBattle) battle = battle_from (text);
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/reaction", "{\"group\": \"u1\"}");

  g_assert_cmpint (adj_inputs_get_int (in, "casualty_tenths"), ==, c->tenths);
  g_assert_cmpint (adj_inputs_get_bool (in, "half_strength"), ==,
                   2 * (c->members - c->lost) >= c->members);
}

/* What else the battle tells the reaction: quality, arms, native, cover, routing. */
void
test_reaction_prefill (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjInputs) impi1 = battle_inputs (battle, "rf/reaction", "{\"group\": \"u4\"}");
  g_autoptr(AdjInputs) impi2 = battle_inputs (battle, "rf/reaction", "{\"group\": \"u5\"}");
  g_autoptr(AdjInputs) muskets = battle_inputs (battle, "rf/reaction", "{\"group\": \"u6\"}");
  g_autoptr(AdjInputs) section = battle_inputs (battle, "rf/reaction", "{\"group\": \"u3\"}");

  g_assert_true (adj_inputs_get_bool (impi1, "raw"));
  g_assert_false (adj_inputs_get_bool (impi1, "hero_or_superior"));
  g_assert_true (adj_inputs_get_bool (impi1, "native"));
  g_assert_cmpstr (adj_inputs_get_string (impi1, "arms"), ==, "close");
  /* A hero among its figures. */
  g_assert_true (adj_inputs_get_bool (impi2, "hero_or_superior"));
  g_assert_false (adj_inputs_get_bool (impi2, "raw"));
  /* Muskets make missile troops. */
  g_assert_cmpstr (adj_inputs_get_string (muskets, "arms"), ==, "missile");
  g_assert_false (adj_inputs_get_bool (section, "native"));
  g_assert_cmpstr (adj_inputs_get_string (section, "arms"), ==, "missile");
}

/* ------------------------------------------------------------------------------------------ */
/* command                                                                                     */

/* The book's platoon: 30 men in a wood, two NCOs among them (a veteran and a raw one). */
static AdjBattle *
platoon_battle (void)
{
  GString *members = g_string_new (NULL);
  g_autofree char *units = NULL;
  g_autofree char *text = NULL;
  AdjBattle *battle;

  for (guint i = 0; i < 30; i++)
    g_string_append (members, i == 0 ? "{\"name\": \"Sgt Lyle\", \"role\": \"nco\"}"
                              : i == 15 ? ", {\"name\": \"Cpl Venn\", \"role\": \"nco\", "
                                          "\"rating\": \"raw\"}"
                              : ", {}");
  units = g_strdup_printf (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Capt Reid\", \"type\": \"player-character\", "
    "\"rating\": \"veteran\", \"weapon\": \"pistol\"}, "
    "{\"id\": \"u2\", \"side\": \"a\", \"name\": \"No. 1 Platoon\", \"type\": \"regular-foot\", "
    "\"rating\": \"veteran\", \"members\": [%s]}, "
    "{\"id\": \"u3\", \"side\": \"a\", \"name\": \"Squad\", \"type\": \"regular-foot\", "
    "\"rating\": \"veteran\", \"figures\": 10}", members->str);
  g_string_free (members, TRUE);
  text = two_side_battle (units);
  battle = battle_from (text);
  return battle;
}

void
test_command_book (void)
{
  g_autoptr(AdjBattle) battle = platoon_battle ();
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/command",
                                           "{\"commander\": \"u1\", \"group_1\": \"u2\", "
                                           "\"enclosed\": true}");
  /* Officer 3D6 = 12, veteran NCO 3D6 = 7, raw NCO 2D6 = 10. */
  int dice[] = { 4, 4, 4, 1, 2, 4, 5, 5 };
  g_autoptr(AdjOutcome) out = NULL;
  AdjContext ctx;
  g_autoptr(GArray) specs = NULL;
  g_autoptr(GError) error = NULL;

  /* The chain of command comes from the platoon's own NCOs; they cost nothing. */
  g_assert_cmpstr (adj_inputs_get_string (in, "quality"), ==, "veteran");
  g_assert_cmpstr (adj_inputs_get_string (in, "link_1"), ==, "veteran");
  g_assert_cmpstr (adj_inputs_get_string (in, "link_2"), ==, "raw");
  g_assert_cmpstr (adj_inputs_get_string (in, "link_3"), ==, "none");
  g_assert_false (adj_inputs_get_bool (in, "drummer"));
  g_assert_cmpint (adj_inputs_get_int (in, "cost_1"), ==, 28);
  adj_battle_context (battle, &ctx);
  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (specs->len, ==, 3);
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, 3);
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 1).count, ==, 3);
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 2).count, ==, 2);

  out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
  g_assert_cmpstr (out->key, ==, "all");
  g_assert_cmpint (adj_outcome_get_value_int (out, "pool", 0), ==, 29);
  g_assert_cmpint (adj_outcome_get_value_int (out, "left", 0), ==, 1);
  {
    g_autofree char *text = adj_outcome_to_text (out);
    assert_has (text, "Command reaches 25 cm");
    assert_has (text, "No. 1 Platoon: commanded for 28 points");
  }

  /* Applied: the platoon is under command this turn; undo takes it back. */
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "commanded"));
  apply (battle, in, out);
  g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "commanded"));
  adj_test_undo (battle);
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "commanded"));
  /* It only lasts the turn. */
  apply (battle, in, out);
  g_assert_true (adj_battle_next_turn (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "commanded"));
}

void
test_command_book_short (void)
{
  g_autoptr(AdjBattle) battle = platoon_battle ();

  /* The officer and the first NCO alone: 19 points do not reach the 29 the platoon now costs. */
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/command",
                                             "{\"commander\": \"u1\", \"group_1\": \"u2\", "
                                             "\"link_2\": \"none\"}");
    int dice[] = { 4, 4, 4, 1, 2, 4 };
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));

    g_assert_cmpint (adj_inputs_get_int (in, "cost_1"), ==, 29);
    g_assert_cmpstr (out->key, ==, "none");
    g_assert_cmpint (adj_outcome_get_value_int (out, "pool", 0), ==, 19);
  }
  /* The officer's 12 alone: enough for a squad of 10 loyal men, not for the platoon. */
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/command",
                                             "{\"commander\": \"u1\", \"group_1\": \"u2\", "
                                             "\"group_2\": \"u3\", \"link_1\": \"none\", "
                                             "\"link_2\": \"none\"}");
    int dice[] = { 4, 4, 4 };
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));

    g_assert_cmpint (adj_inputs_get_int (in, "cost_1"), ==, 30);
    g_assert_cmpint (adj_inputs_get_int (in, "cost_2"), ==, 10);
    g_assert_cmpstr (out->key, ==, "some");
    g_assert_cmpint (adj_outcome_get_value_int (out, "commanded_1", -1), ==, 0);
    g_assert_cmpint (adj_outcome_get_value_int (out, "commanded_2", -1), ==, 1);
    g_assert_cmpint (adj_outcome_get_value_int (out, "left", -1), ==, 2);
  }
}

typedef struct {
  const char *name;
  const char *inputs;
  guint       officer_dice;
} DiceCountCase;

static const DiceCountCase dice_count_cases[] = {
  { "hero", "{\"quality\": \"hero\"}", 4 },
  { "veteran", "{\"quality\": \"veteran\"}", 3 },
  { "raw", "{\"quality\": \"raw\"}", 2 },
  { "hero-drummer", "{\"quality\": \"hero\", \"drummer\": true}", 5 },
  { "veteran-busy", "{\"quality\": \"veteran\", \"busy\": true}", 2 },
  { "raw-busy", "{\"quality\": \"raw\", \"busy\": true}", 1 },
  { "raw-busy-drummer", "{\"quality\": \"raw\", \"busy\": true, \"drummer\": true}", 2 },
};

void
test_command_dice (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (dice_count_cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/command", dice_count_cases[i].inputs);
      AdjContext ctx = { .ruleset = rs };
      g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);

      g_assert_cmpuint (specs->len, ==, 1);
      g_assert_cmpstr (g_array_index (specs, AdjDrawSpec, 0).group, ==, "officer");
      g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==,
                        dice_count_cases[i].officer_dice);
    }
}

/* Loyal 1, disloyal 2, routing 2 a figure; NCOs passing orders on are free; a drummer in a
 * group commanded gives the extra die. */
void
test_command_costs (void)
{
  g_autofree char *text = two_side_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Lt\", \"type\": \"player-character\", "
    "\"rating\": \"hero\"}, "
    "{\"id\": \"u2\", \"side\": \"a\", \"name\": \"Levies\", \"type\": \"irregular-foot\", "
    "\"members\": [{\"disloyal\": true}, {\"disloyal\": true}, {}, {}, {\"lost\": true, "
    "\"disloyal\": true}, {\"role\": \"drummer\"}]}, "
    "{\"id\": \"u3\", \"side\": \"a\", \"name\": \"Runners\", \"type\": \"regular-foot\", "
    "\"figures\": 4, \"status\": {\"routing\": true}}");
  g_autoptr(AdjBattle) battle = battle_from (text);
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/command",
                                           "{\"commander\": \"u1\", \"group_1\": \"u2\", "
                                           "\"group_2\": \"u3\"}");
  g_autoptr(AdjInputs) no_link = battle_inputs (battle, "rf/command",
                                                "{\"commander\": \"u1\", \"group_1\": \"u2\", "
                                                "\"link_1\": \"none\"}");

  /* The drummer passes orders on (free) and brings his die. */
  g_assert_true (adj_inputs_get_bool (in, "drummer"));
  /* He has no rating of his own, nor has his group: a veteran, as every figure by default. */
  g_assert_cmpstr (adj_inputs_get_string (in, "link_1"), ==, "veteran");
  g_assert_cmpint (adj_inputs_get_int (in, "cost_1"), ==, 2 + 2 + 1 + 1 + 0);
  g_assert_cmpint (adj_inputs_get_int (in, "cost_2"), ==, 4 * 2);
  /* Not passing orders on, he costs 1 like any loyal man. */
  g_assert_cmpint (adj_inputs_get_int (no_link, "cost_1"), ==, 2 + 2 + 1 + 1 + 1);
}

/* In the order named, whole groups only; one that cannot be paid for is passed over. */
void
test_command_order (void)
{
  g_autoptr(AdjInputs) in = inputs ("rf/command",
                                    "{\"quality\": \"veteran\", \"cost_1\": 10, \"cost_2\": 8, "
                                    "\"cost_3\": 5, \"cost_4\": 1, \"reach_4\": false}");
  int dice[] = { 5, 5, 5 };
  g_autoptr(AdjOutcome) out = resolve_ok (in, dice, G_N_ELEMENTS (dice));
  g_autoptr(AdjInputs) none = inputs ("rf/command", "{}");
  int few[] = { 1, 1, 2 };
  g_autoptr(AdjOutcome) pool = resolve_ok (none, few, G_N_ELEMENTS (few));

  g_assert_cmpstr (out->key, ==, "some");
  g_assert_cmpint (adj_outcome_get_value_int (out, "commanded_1", -1), ==, 1);
  g_assert_cmpint (adj_outcome_get_value_int (out, "commanded_2", -1), ==, 0);
  g_assert_cmpint (adj_outcome_get_value_int (out, "commanded_3", -1), ==, 1);
  g_assert_cmpint (adj_outcome_get_value_int (out, "commanded_4", -1), ==, 0);
  g_assert_cmpint (adj_outcome_get_value_int (out, "left", -1), ==, 0);
  /* Without groups: just the points. */
  g_assert_cmpstr (pool->key, ==, "points");
  g_assert_cmpint (adj_outcome_get_value_int (pool, "pool", -1), ==, 4);
}

/* Brute force: every throw of the officer's and NCOs' dice, in the book's way. */
static const char *
book_command (int        pool,
              const int *cost,
              const int *reach,
              guint      n)
{
  guint commanded = 0;

  for (guint k = 0; k < n; k++)
    if (reach[k] && cost[k] <= pool)
      {
        pool -= cost[k];
        commanded++;
      }
  return commanded == n ? "all" : commanded == 0 ? "none" : "some";
}

void
test_command_odds (void)
{
  static const struct {
    const char *inputs;
    guint       dice;
    int         cost[3];
    int         reach[3];
  } cases[] = {
    { "{\"quality\": \"veteran\", \"link_1\": \"raw\", \"link_2\": \"raw\", \"cost_1\": 12, "
      "\"cost_2\": 9, \"cost_3\": 4}", 7, { 12, 9, 4 }, { 1, 1, 1 } },
    { "{\"quality\": \"hero\", \"drummer\": true, \"cost_1\": 20, \"cost_2\": 3, "
      "\"reach_2\": false, \"cost_3\": 6}", 5, { 20, 3, 6 }, { 1, 0, 1 } },
    { "{\"quality\": \"raw\", \"busy\": true, \"link_1\": \"hero\", \"cost_1\": 7, "
      "\"cost_2\": 7, \"cost_3\": 7}", 5, { 7, 7, 7 }, { 1, 1, 1 } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/command", cases[c].inputs);
      g_autoptr(AdjOdds) odds = odds_of (in);
      guint64 all = 0, some = 0, none = 0, total = 1;
      int faces[8] = { 0 };

      for (guint i = 0; i < cases[c].dice; i++)
        total *= 6;
      for (guint64 w = 0; w < total; w++)
        {
          guint64 v = w;
          int pool = 0;
          const char *key;

          for (guint i = 0; i < cases[c].dice; i++, v /= 6)
            {
              faces[i] = (int) (v % 6) + 1;
              pool += faces[i];
            }
          key = book_command (pool, cases[c].cost, cases[c].reach, 3);
          if (g_str_equal (key, "all"))
            all++;
          else if (g_str_equal (key, "some"))
            some++;
          else
            none++;
          /* And the mechanic agrees with the brute force on this very throw, now and then. */
          if (w % 997 == 0)
            {
              g_autoptr(AdjOutcome) out = resolve_ok (in, faces, cases[c].dice);
              g_assert_cmpstr (out->key, ==, key);
            }
        }
      assert_odds (odds, "all", all, total);
      assert_odds (odds, "some", some, total);
      assert_odds (odds, "none", none, total);
      assert_odds (odds, "points", 0, total);
    }
}

void
add_risk_cases (void)
{
  ADD_CASES ("/rf/risk/", risk_cases, test_risk);
}

void
add_step_cases (void)
{
  ADD_CASES ("/rf/risk/casualty-steps/", step_cases, test_casualty_steps);
}
