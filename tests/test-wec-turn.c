/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec-turn.c: a turn of When Empires Clash! played against a battle — the initiative
 * with its choice, activation, a stand acting — and the facts of the turn after each step,
 * through undo, redo, saving and loading; the limit of activations; the phases' labels. */

#include "test-wec.h"

#include <glib/gstdio.h>

#include "adj-store.h"
#include "adj-turn-state.h"

/* The Zulu War armies of the book: 36 points a side, the command stand (worth 2) aside. */
static AdjBattle *
zulu_war (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) british = adj_army_template (rs, "zulu-1879-british", &error);
  g_autoptr(AdjArmy) zulu = adj_army_template (rs, "zulu-1879-zulu", &error);
  AdjBattle *battle = adj_battle_new (rs, "Isandlwana");

  g_assert_no_error (error);
  adj_battle_add_army (battle, "british", british, &error);
  g_assert_no_error (error);
  adj_battle_add_army (battle, "zulu", zulu, &error);
  g_assert_no_error (error);
  return battle;
}

static const char *
unit_id (AdjBattle  *battle,
         const char *name)
{
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);

      if (g_str_equal (adj_unit_get_name (unit), name))
        return adj_unit_get_id (unit);
    }
  g_error ("the battle has no unit named “%s”", name);
  return NULL;
}

/* The value of the fact @id, or NULL when there is none. */
static char *
fact (AdjBattle  *battle,
      const char *id)
{
  g_autoptr(GPtrArray) facts = adj_battle_get_turn_state (battle);

  for (guint i = 0; i < facts->len; i++)
    {
      AdjTurnFact *f = g_ptr_array_index (facts, i);

      if (g_str_equal (f->id, id))
        return g_strdup (f->value);
    }
  return NULL;
}

static void
assert_fact (AdjBattle  *battle,
             const char *id,
             const char *value)
{
  g_autofree char *got = fact (battle, id);

  g_assert_cmpstr (got, ==, value);
}

static char *
facts_text (AdjBattle *battle)
{
  g_autoptr(GPtrArray) facts = adj_battle_get_turn_state (battle);
  g_autoptr(json_object) json = adj_turn_facts_to_json (facts);

  return g_strdup (json_object_to_json_string (json));
}

static void
assert_facts (AdjBattle  *battle,
              const char *text)
{
  g_autofree char *now = facts_text (battle);

  g_assert_cmpstr (now, ==, text);
}

static void
assert_phase_label (AdjBattle  *battle,
                    const char *phase,
                    const char *label)
{
  g_autofree char *now = adj_battle_phase_label (battle, phase);

  g_assert_cmpstr (now, ==, label);
}

static void
test_turn_facts (void)
{
  static const int initiative_dice[] = { 6, 5, 1 };   /* British 2D6: 11; Zulu D12: 1 */
  static const int activation_dice[] = { 1, 1 };      /* 2, and 2 for an average commander */
  static const int fire_dice[] = { 6, 6, 1 };         /* 12 + 2 against 1 + 2: destroyed */
  g_autoptr(AdjBattle) battle = zulu_war ();
  g_autoptr(AdjOutcome) initiative = NULL;
  g_autoptr(AdjOutcome) activation = NULL;
  g_autoptr(AdjOutcome) fire = NULL;
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *fire_json = NULL;
  g_autofree char *before_activation = NULL;
  g_autofree char *before_fire = NULL;
  g_autofree char *after_fire = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  assert_fact (battle, "initiative", "Not rolled yet");
  assert_fact (battle, "activations-left:british", "Not rolled yet");
  assert_fact (battle, "activations-left:zulu", "Not rolled yet");
  assert_fact (battle, "losses:british", "0 of 36 — withdraws at 18");
  assert_fact (battle, "losses:zulu", "0 of 36 — withdraws at 18");
  assert_fact (battle, "standing", "Level at 38 points each");

  /* The British roll higher and take the initiative: they activate first. */
  adj_test_go_to_phase (battle, "initiative");
  initiative = adj_test_play (battle, INIT,
                     "{\"side_a\":\"british\",\"side_b\":\"zulu\",\"choice\":\"take\"}",
                     initiative_dice, G_N_ELEMENTS (initiative_dice), FALSE);
  g_assert_cmpstr (initiative->key, ==, "side-a");
  assert_fact (battle, "initiative", "British army won the roll and took it");
  assert_fact (battle, "first", "British army");
  assert_fact (battle, "activations-left:british", "Not rolled yet");
  adj_test_go_to_phase (battle, "first-side");
  before_activation = facts_text (battle);

  /* 1 + 1 and the commander's 2: four stands may act. */
  activation = adj_test_play (battle, ACT, "{\"side\":\"british\"}", activation_dice,
                     G_N_ELEMENTS (activation_dice), FALSE);
  g_assert_cmpstr (activation->key, ==, "4");
  /* The dice are kept under the side's name. */
  g_assert_cmpstr (((AdjRoll *) g_ptr_array_index (activation->rolls, 0))->label, ==,
                   "British army");
  assert_fact (battle, "activations-left:british", "4 of 4 left");
  assert_fact (battle, "activations-left:zulu", "Not rolled yet");
  before_fire = facts_text (battle);

  /* The field gun fires and destroys a Zulu stand worth 2: it uses one activation. */
  fire_json = g_strdup_printf ("{\"firer\":\"%s\",\"target\":\"%s\",\"distance\":8}",
                               unit_id (battle, "British Field Artillery"),
                               unit_id (battle, "Zulu Spearmen 1"));
  fire = adj_test_play (battle, FIRE, fire_json, fire_dice, G_N_ELEMENTS (fire_dice), FALSE);
  g_assert_cmpstr (fire->key, ==, "destroyed");
  assert_fact (battle, "activations-left:british", "3 of 4 left");
  assert_fact (battle, "losses:zulu", "2 of 36 — withdraws at 18");
  assert_fact (battle, "losses:british", "0 of 36 — withdraws at 18");
  assert_fact (battle, "standing",
               "British army leads by 2 — a marginal victory if it ended now");
  after_fire = facts_text (battle);

  /* Undo puts every fact back, step by step; redo brings them again. */
  adj_test_undo (battle);
  assert_facts (battle, before_fire);
  adj_test_undo (battle);
  assert_facts (battle, before_activation);
  adj_test_undo (battle);   /* the British activation phase */
  adj_test_undo (battle);
  assert_fact (battle, "initiative", "Not rolled yet");
  adj_test_redo (battle);
  adj_test_redo (battle);
  adj_test_redo (battle);
  adj_test_redo (battle);
  assert_facts (battle, after_fire);

  /* Saved and loaded, the battle keeps them. */
  dir = g_dir_make_tmp ("adj-test-wec-turn-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "battle.json", NULL);
  g_assert_true (adj_store_save_battle (battle, path, &error));
  g_assert_no_error (error);
  loaded = adj_store_load_battle (path, &error);
  g_assert_no_error (error);
  assert_facts (loaded, after_fire);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_passed_initiative (void)
{
  static const int dice[] = { 2, 1, 9 };   /* British 2D6: 3; Zulu D12: 9 */
  g_autoptr(AdjBattle) battle = zulu_war ();
  g_autoptr(AdjOutcome) outcome = NULL;

  adj_test_go_to_phase (battle, "initiative");
  outcome = adj_test_play (battle, INIT, "{\"side_a\":\"british\",\"side_b\":\"zulu\",\"choice\":\"pass\"}",
                  dice, G_N_ELEMENTS (dice), FALSE);
  g_assert_cmpstr (outcome->key, ==, "side-b");
  g_assert_cmpstr (outcome->reason, ==, "Zulu army rolled higher and passes the initiative: "
                   "British army activates first this turn");
  assert_fact (battle, "initiative", "Zulu army won the roll and passed it");
  assert_fact (battle, "first", "British army");
}

static void
test_activation_limit (void)
{
  static const int activation_dice[] = { 1, 1 };
  static const char *const movers[] = {
    "British Regular Infantry 1", "British Regular Infantry 2", "British Regular Infantry 3",
    "British Regular Infantry 4",
  };
  g_autoptr(AdjBattle) battle = zulu_war ();
  g_autoptr(AdjOutcome) activation = NULL;
  g_autoptr(AdjOutcome) ruled = NULL;
  g_autofree char *fifth = NULL;
  g_autofree char *again = NULL;
  g_autofree char *zulu = NULL;
  g_autofree char *fight = NULL;

  /* At set-up no stand acts; when its side activates, before the roll, the rules set no
   * limit. */
  again = g_strdup_printf ("{\"unit\":\"%s\"}", unit_id (battle, movers[0]));
  adj_test_assert_forbidden (battle, MOVE, again,
                             "British Regular Infantry 1 cannot act now: stands act only when "
                             "their side activates, and the battle is at Set-up");
  adj_test_go_to_phase (battle, "first-side");
  adj_test_assert_allowed (battle, MOVE, again);

  activation = adj_test_play (battle, ACT, "{\"side\":\"british\"}", activation_dice,
                     G_N_ELEMENTS (activation_dice), FALSE);
  g_assert_cmpstr (activation->key, ==, "4");
  for (guint i = 0; i < G_N_ELEMENTS (movers); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"unit\":\"%s\"}", unit_id (battle, movers[i]));
      g_autoptr(AdjOutcome) moved = adj_test_play (battle, MOVE, json, NULL, 0, FALSE);

      g_assert_null (moved->ruling);
    }
  assert_fact (battle, "activations-left:british", "0 of 4 left");

  /* A fifth stand may not act; the referee may let it. */
  fifth = g_strdup_printf ("{\"unit\":\"%s\"}", unit_id (battle, "British Regular Infantry 5"));
  adj_test_assert_forbidden (battle, MOVE, fifth,
                             "British Regular Infantry 5 cannot act: British army has used all "
                             "4 of its activations this turn");
  ruled = adj_test_play (battle, MOVE, fifth, NULL, 0, TRUE);
  g_assert_nonnull (ruled->ruling);
  assert_fact (battle, "activations-left:british", "0 of 4 left");

  /* A stand that has moved fights on without another activation, but moves only once; the
   * other side has its own activations. */
  fight = g_strdup_printf ("{\"firer\":\"%s\",\"target\":\"%s\"}",
                           unit_id (battle, movers[0]), unit_id (battle, "Zulu Spearmen 1"));
  adj_test_assert_allowed (battle, "wec/fire-combat", fight);
  adj_test_assert_forbidden (battle, MOVE, again,
                             "British Regular Infantry 1 has already moved this turn");
  zulu = g_strdup_printf ("{\"unit\":\"%s\"}", unit_id (battle, "Zulu Spearmen 1"));
  adj_test_assert_forbidden (battle, MOVE, zulu,
                             "Zulu Spearmen 1 cannot act now: British army is activating");
  adj_test_go_to_phase (battle, "second-side");
  adj_test_assert_allowed (battle, MOVE, zulu);
  /* At the end of the turn nobody acts. */
  adj_test_go_to_phase (battle, "end");
  adj_test_assert_forbidden (battle, MOVE, zulu,
                             "Zulu Spearmen 1 cannot act now: stands act only when their side "
                             "activates, and the battle is at End of turn");
}

/* A destroyed stand neither moves nor recoils, nor is it fired at; the referee may still allow it. */
static void
test_destroyed_stand (void)
{
  g_autoptr(AdjBattle) battle = zulu_war ();
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *where = g_strconcat ("unit:", unit_id (battle, "Zulu Spearmen 1"), NULL);
  g_autofree char *stand = g_strdup_printf ("{\"unit\":\"%s\"}",
                                            unit_id (battle, "Zulu Spearmen 1"));
  g_autofree char *fires = g_strdup_printf ("{\"firer\":\"%s\",\"target\":\"%s\"}",
                                            unit_id (battle, "British Regular Infantry 1"),
                                            unit_id (battle, "Zulu Spearmen 1"));

  g_assert_true (adj_battle_edit (battle, where, "destroyed", yes, &error));
  g_assert_no_error (error);
  adj_test_assert_forbidden (battle, MOVE, stand, "Zulu Spearmen 1 is destroyed");
  adj_test_assert_forbidden (battle, "wec/recoil", stand, "Zulu Spearmen 1 is destroyed");
  adj_test_assert_forbidden (battle, "wec/fire-combat", fires, "Zulu Spearmen 1 is destroyed");
}

/* What a fire or close combat's inputs describe against the rules is refused against a battle;
 * allowed by the referee, the combat is worked out all the same. */
static void
test_combat_forbidden (void)
{
  static const struct {
    const char *mechanic;
    const char *initiator;
    const char *extra;
    const char *reason;
  } cases[] = {
    { "wec/fire-combat", "British Regular Cavalry 1", "\"distance\":2",
      "Regular cavalry cannot fire while mounted: dismount it first" },
    { "wec/fire-combat", "British Regular Infantry 1", "\"distance\":1",
      "Stands in adjacent squares fight a close combat, not a fire combat" },
    { "wec/fire-combat", "British Regular Infantry 1", "\"distance\":9",
      "Out of range: the target is 9 squares away and the weapon (Single-shot rifle) reaches 2" },
    { "wec/close-combat", "British Field Artillery", "\"attacker_limbered\":true",
      "A limbered gun cannot fight in a turn it is towed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjBattle) battle = zulu_war ();
      gboolean fire = g_str_equal (cases[i].mechanic, "wec/fire-combat");
      g_autofree char *json = g_strdup_printf ("{\"%s\":\"%s\",\"%s\":\"%s\",%s}",
                                               fire ? "firer" : "attacker",
                                               unit_id (battle, cases[i].initiator),
                                               fire ? "target" : "defender",
                                               unit_id (battle, "Zulu Spearmen 1"),
                                               cases[i].extra);

      adj_test_go_to_phase (battle, "first-side");
      adj_test_assert_forbidden (battle, cases[i].mechanic, json, cases[i].reason);
    }
}

/* Set-up once, then the turn's phases, each for one side named by who took the initiative; a
 * new turn forgets the initiative and the activations. */
static void
test_phases_name_the_side (void)
{
  static const int dice[] = { 2, 1, 9 };
  g_autoptr(AdjBattle) battle = zulu_war ();
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);
  g_autofree char *british = NULL;
  g_autofree char *zulu = NULL;
  guint n;

  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_phase (battle), ==, "initiative");
  outcome = adj_test_play (battle, INIT, "{\"side_a\":\"british\",\"side_b\":\"zulu\",\"choice\":\"take\"}",
                  dice, G_N_ELEMENTS (dice), FALSE);
  g_assert_true (adj_battle_next_phase (battle, &error));
  n = adj_journal_get_n_entries (journal);
  g_assert_cmpstr (adj_journal_get_entry (journal, n - 1)->summary, ==,
                   "Turn 1 — Zulu army activates");
  assert_phase_label (battle, NULL, "Zulu army activates");
  /* In the Zulu activation only Zulu stands act; then only British ones. */
  british = g_strdup_printf ("{\"unit\":\"%s\"}",
                             unit_id (battle, "British Regular Infantry 1"));
  zulu = g_strdup_printf ("{\"unit\":\"%s\"}", unit_id (battle, "Zulu Spearmen 1"));
  adj_test_assert_allowed (battle, MOVE, zulu);
  adj_test_assert_forbidden (battle, MOVE, british, "British Regular Infantry 1 cannot act now: "
                             "Zulu army is activating");
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_cmpstr (adj_journal_get_entry (journal, n)->summary, ==,
                   "Turn 1 — British army activates");
  adj_test_assert_allowed (battle, MOVE, british);
  adj_test_assert_forbidden (battle, MOVE, zulu, "Zulu Spearmen 1 cannot act now: British army "
                             "is activating");
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_battle_get_turn (battle), ==, 2);
  g_assert_cmpstr (adj_battle_get_phase (battle), ==, "initiative");
  assert_fact (battle, "initiative", "Not rolled yet");
  /* Without an initiative the battle's first side is the first. */
  assert_phase_label (battle, "first-side", "British army activates");
}

/* Each roll of the turn belongs to its phase: the set-up rolls to set-up, the initiative to
 * its phase once a turn, a side's activation roll to its activation once a turn. */
static void
test_rolls_in_their_phase (void)
{
  static const int initiative_dice[] = { 6, 5, 1 };
  static const int activation_dice[] = { 3, 3 };
  static const char *const sides = "{\"side_a\":\"british\",\"side_b\":\"zulu\"}";
  static const char *const british = "{\"side\":\"british\"}";
  static const char *const zulu = "{\"side\":\"zulu\"}";
  g_autoptr(AdjBattle) battle = zulu_war ();
  g_autoptr(AdjOutcome) initiative = NULL;
  g_autoptr(AdjOutcome) activation = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *commander = g_strdup_printf ("{\"commander\":\"%s\"}",
                                                unit_id (battle, "British Commander"));

  /* Set-up: its own rolls, and nothing of a turn. */
  adj_test_assert_allowed (battle, "wec/terrain", sides);
  adj_test_assert_allowed (battle, "wec/baselines", sides);
  adj_test_assert_allowed (battle, "wec/deployment", british);
  adj_test_assert_allowed (battle, "wec/commander-rating", commander);
  adj_test_assert_forbidden (battle, INIT, sides, "The initiative is rolled at the start of a "
                             "turn, in its Initiative phase (now: Set-up)");
  adj_test_assert_forbidden (battle, ACT, british, "British army rolls for its activations when "
                             "it activates (now: Set-up)");

  /* The turn's initiative, once. */
  adj_test_go_to_phase (battle, "initiative");
  adj_test_assert_forbidden (battle, "wec/terrain", sides, "“Terrain pieces” is rolled at "
                             "set-up, before the first turn (now: turn 1, Initiative)");
  adj_test_assert_forbidden (battle, "wec/commander-rating", commander, "“Commander rating” is "
                             "rolled at set-up, before the first turn (now: turn 1, Initiative)");
  initiative = adj_test_play (battle, INIT, sides, initiative_dice, G_N_ELEMENTS (initiative_dice), FALSE);
  adj_test_assert_forbidden (battle, INIT, sides, "The initiative has been rolled this turn: "
                             "British army won it");

  /* Each side rolls for its activations when it activates, once. */
  adj_test_go_to_phase (battle, "first-side");
  adj_test_assert_forbidden (battle, ACT, zulu, "Zulu army rolls for its activations when it "
                             "activates (now: British army activates)");
  /* A roll of one side that names none is the roll of the side whose phase it is. */
  activation = adj_test_play (battle, ACT, "{}", activation_dice, G_N_ELEMENTS (activation_dice), FALSE);
  assert_fact (battle, "activations-left:british", "8 of 8 left");
  adj_test_assert_forbidden (battle, ACT, british, "British army has already rolled for its "
                             "activations this turn");
  adj_test_go_to_phase (battle, "second-side");
  adj_test_assert_allowed (battle, ACT, zulu);

  /* A new turn, a new initiative. */
  g_assert_true (adj_battle_next_turn (battle, &error));
  g_assert_no_error (error);
  adj_test_assert_allowed (battle, INIT, sides);
}

void
add_turn_tests (void)
{
  g_test_add_func ("/wec/turn/rolls-in-their-phase", test_rolls_in_their_phase);
  g_test_add_func ("/wec/turn/facts", test_turn_facts);
  g_test_add_func ("/wec/turn/passed-initiative", test_passed_initiative);
  g_test_add_func ("/wec/turn/activation-limit", test_activation_limit);
  g_test_add_func ("/wec/turn/destroyed-stand", test_destroyed_stand);
  g_test_add_func ("/wec/turn/combat-forbidden", test_combat_forbidden);
  g_test_add_func ("/wec/turn/phases-name-the-side", test_phases_name_the_side);
}
