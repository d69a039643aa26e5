/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-prisoners.c: Risk Factor — prisoners, taken, guarded and dispatched, against RULES.md
 * and the decisions in rf.json: one guard for every five, prisoners left behind get away, two a
 * turn dispatched for each figure doing nothing else, and Zulus and the like take none. */

#include "test-rf.h"

/* The rule, written here apart from rf.json: guards for @n prisoners, one for every five. */
static int
book_guards (int n)
{
  return (n + 4) / 5;
}

/* ------------------------------------------------------------------------------------------ */
/* the numbers, without a battle                                                               */

typedef struct {
  const char *name;
  int         held;
  int         count;
  int         figures;
} TakeCase;

static const TakeCase take_cases[] = {
  { "1", 0, 1, 10 }, { "5", 0, 5, 10 }, { "6", 0, 6, 10 }, { "10", 0, 10, 10 },
  { "11", 0, 11, 10 }, { "held-4-and-1", 4, 1, 10 }, { "held-4-and-2", 4, 2, 10 },
  { "held-10-and-1", 10, 1, 3 }, { "too-few-captors", 0, 6, 1 }, { "two-for-25", 20, 5, 2 },
};

static void
test_take (gconstpointer data)
{
  const TakeCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"held\": %d, \"count\": %d, \"captor_figures\": %d, "
                                           "\"captive_figures\": 20}", c->held, c->count,
                                           c->figures);
  g_autoptr(AdjInputs) in = inputs ("rf/take-prisoners", json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
  g_autoptr(AdjOdds) odds = odds_of (in);
  g_autofree char *text = adj_outcome_to_text (out);
  int total = c->held + c->count;

  g_assert_cmpstr (out->key, ==, "taken");
  g_assert_cmpint (adj_outcome_get_value_int (out, "taken", -1), ==, c->count);
  g_assert_cmpint (adj_outcome_get_value_int (out, "prisoners", -1), ==, total);
  g_assert_cmpint (adj_outcome_get_value_int (out, "guards", -1), ==,
                   MIN (book_guards (total), c->figures));
  if (book_guards (total) > c->figures)
    assert_has (text, "the captors cannot guard them all");
  else
    assert_lacks (text, "cannot guard");
  assert_odds (odds, "taken", 1, 1);
}

typedef struct {
  const char *name;
  int         prisoners;
  int         guards;
  gboolean    abandoned;
  int         escaped;
  const char *key;
} GuardCase;

static const GuardCase guard_cases[] = {
  { "5-by-1", 5, 1, FALSE, 0, "held" },
  { "6-by-1", 6, 1, FALSE, 1, "some-escape" },
  { "10-by-1", 10, 1, FALSE, 5, "some-escape" },
  { "10-by-2", 10, 2, FALSE, 0, "held" },
  { "11-by-2", 11, 2, FALSE, 1, "some-escape" },
  { "3-by-none", 3, 0, FALSE, 3, "all-escape" },
  { "1-by-5", 1, 5, FALSE, 0, "held" },
  { "abandoned", 7, 5, TRUE, 7, "all-escape" },
  { "none-held", 0, 0, FALSE, 0, "held" },
};

static void
test_guard (gconstpointer data)
{
  const GuardCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"prisoners\": %d, \"guards\": %d, "
                                           "\"abandoned\": %s}", c->prisoners, c->guards,
                                           c->abandoned ? "true" : "false");
  g_autoptr(AdjInputs) in = inputs ("rf/guard-prisoners", json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
  g_autoptr(AdjOdds) odds = odds_of (in);

  /* Without a battle, the book's count: all left behind, else those beyond five a guard. */
  g_assert_cmpint (c->escaped, ==,
                   c->abandoned ? c->prisoners : MAX (0, c->prisoners - 5 * c->guards));
  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpint (adj_outcome_get_value_int (out, "escaped", -1), ==, c->escaped);
  g_assert_cmpint (adj_outcome_get_value_int (out, "prisoners", -1), ==,
                   c->prisoners - c->escaped);
  /* Every declared outcome is listed; the one that comes is certain. */
  g_assert_cmpuint (odds->entries->len, ==, 3);
  assert_odds (odds, c->key, 1, 1);
}

typedef struct {
  const char *name;
  int         prisoners;
  int         figures;
  int         dispatched;
  const char *key;
} DispatchCase;

static const DispatchCase dispatch_cases[] = {
  { "5-by-1", 5, 1, 2, "some" }, { "5-by-2", 5, 2, 4, "some" }, { "5-by-3", 5, 3, 5, "all" },
  { "1-by-1", 1, 1, 1, "all" }, { "2-by-1", 2, 1, 2, "all" }, { "9-by-4", 9, 4, 8, "some" },
  { "none-held", 0, 1, 0, "all" },
};

static void
test_dispatch (gconstpointer data)
{
  const DispatchCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"prisoners\": %d, \"figures\": %d}",
                                           c->prisoners, c->figures);
  g_autoptr(AdjInputs) in = inputs ("rf/dispatch-prisoners", json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);

  g_assert_cmpint (c->dispatched, ==, MIN (c->prisoners, 2 * c->figures));
  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpint (adj_outcome_get_value_int (out, "dispatched", -1), ==, c->dispatched);
  g_assert_cmpint (adj_outcome_get_value_int (out, "prisoners", -1), ==,
                   c->prisoners - c->dispatched);
}

/* More prisoners than the group has figures left: impossible, even by a ruling. */
void
test_take_too_many (void)
{
  g_autoptr(AdjInputs) in = inputs ("rf/take-prisoners", "{\"count\": 4, "
                                                          "\"captive_figures\": 3}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) out = resolve_with (in, NULL, 0, &error);

  g_assert_null (out);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==, "Only 3 figures are left to take prisoner, not 4");
}

/* ------------------------------------------------------------------------------------------ */
/* against a battle                                                                            */

static int
status_int (AdjBattle  *battle,
            const char *unit,
            const char *field)
{
  return adj_unit_get_status_int (adj_battle_find_unit (battle, unit), field);
}

static int
figures_of (AdjBattle  *battle,
            const char *unit)
{
  return adj_unit_get_figures (adj_battle_find_unit (battle, unit));
}

static AdjOutcome *
play (AdjBattle  *battle,
      const char *mech_id,
      const char *json)
{
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) out = NULL;

  adj_test_assert_allowed (battle, mech_id, json);
  in = battle_inputs (battle, mech_id, json);
  out = battle_resolve (battle, in, NULL, 0);
  apply (battle, in, out);
  return g_steal_pointer (&out);
}

/* 2nd Section takes prisoners from two groups without a record, loses some for want of guards,
 * dispatches others; the state is on the units, saved with the battle, and undo takes it all
 * back. */
void
test_prisoners_battle (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);

  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 0);
  g_assert_cmpint (status_int (battle, "u3", "guards"), ==, 0);
  {
    g_autoptr(AdjOutcome) out = play (battle, "rf/take-prisoners",
                                      "{\"captors\": \"u3\", \"captives\": \"u4\", "
                                      "\"count\": 3}");
    g_assert_cmpstr (out->title, ==, "3 prisoners taken");
  }
  g_assert_cmpint (figures_of (battle, "u4"), ==, 9);
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 3);
  g_assert_cmpint (status_int (battle, "u3", "guards"), ==, 1);
  {
    /* The whole group gives itself up unless the players say how many. */
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/take-prisoners",
                                             "{\"captors\": \"u3\", \"captives\": \"u6\"}");

    g_assert_cmpint (adj_inputs_get_int (in, "count"), ==, 6);
    g_assert_cmpint (adj_inputs_get_int (in, "held"), ==, 3);
    g_assert_cmpint (adj_inputs_get_int (in, "captor_figures"), ==, 8);
  }
  adj_outcome_free (play (battle, "rf/take-prisoners",
                          "{\"captors\": \"u3\", \"captives\": \"u6\"}"));
  g_assert_cmpint (figures_of (battle, "u6"), ==, 0);
  g_assert_true (adj_unit_get_destroyed (adj_battle_find_unit (battle, "u6")));
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 9);
  g_assert_cmpint (status_int (battle, "u3", "guards"), ==, 2);

  /* One guard only: four of the nine get away. */
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/guard-prisoners",
                                             "{\"captors\": \"u3\"}");

    g_assert_cmpint (adj_inputs_get_int (in, "prisoners"), ==, 9);
    g_assert_cmpint (adj_inputs_get_int (in, "guards"), ==, 2);
    g_assert_false (adj_inputs_get_bool (in, "abandoned"));
  }
  {
    g_autoptr(AdjOutcome) out = play (battle, "rf/guard-prisoners",
                                      "{\"captors\": \"u3\", \"guards\": 1}");

    g_assert_cmpstr (out->key, ==, "some-escape");
    g_assert_cmpstr (out->title, ==, "4 prisoners get away");
    g_assert_cmpstr (out->reason, ==, "2nd Section: prisoners held 5, got away 4");
  }
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 5);
  g_assert_cmpint (status_int (battle, "u3", "guards"), ==, 1);
  /* Escaped prisoners do not go back to their group. */
  g_assert_cmpint (figures_of (battle, "u4"), ==, 9);

  /* Enough figures to dispatch them all are offered; two figures dispatch four. */
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/dispatch-prisoners",
                                             "{\"captors\": \"u3\"}");

    g_assert_cmpint (adj_inputs_get_int (in, "figures"), ==, 3);
  }
  {
    g_autoptr(AdjOutcome) out = play (battle, "rf/dispatch-prisoners",
                                      "{\"captors\": \"u3\", \"figures\": 2}");

    g_assert_cmpstr (out->title, ==, "4 prisoners dispatched");
  }
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 1);
  adj_test_assert_forbidden (battle, "rf/dispatch-prisoners", "{\"captors\": \"u3\"}",
                             "2nd Section has already dispatched prisoners this turn");

  /* Saved and loaded, the state is the same. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) again = adj_battle_from_json (json, "again.json", &error);

    g_assert_no_error (error);
    g_assert_cmpint (status_int (again, "u3", "prisoners"), ==, 1);
    g_assert_cmpint (status_int (again, "u3", "guards"), ==, 1);
  }

  /* Undo, entry by entry, back to the start. */
  g_assert_cmpuint (journal->position, ==, 4);
  adj_test_undo (battle);
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 5);
  adj_test_undo (battle);
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 9);
  g_assert_cmpint (status_int (battle, "u3", "guards"), ==, 2);
  adj_test_undo (battle);
  g_assert_cmpint (figures_of (battle, "u6"), ==, 6);
  g_assert_false (adj_unit_get_destroyed (adj_battle_find_unit (battle, "u6")));
  adj_test_undo (battle);
  g_assert_cmpint (figures_of (battle, "u4"), ==, 12);
  g_assert_cmpint (status_int (battle, "u3", "prisoners"), ==, 0);
  g_assert_cmpint (status_int (battle, "u3", "guards"), ==, 0);
}

/* From a group with a record, the wounded are taken first, then the others from the last up. */
void
test_prisoners_record (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) one = json_object_new_int (1);
  json_object *members;

  g_assert_true (adj_battle_edit (battle, "unit:u5", "members.3.wounds", one, &error));
  g_assert_no_error (error);
  {
    g_autoptr(AdjOutcome) out = play (battle, "rf/take-prisoners",
                                      "{\"captors\": \"u2\", \"captives\": \"u5\", "
                                      "\"count\": 2}");
    g_autofree char *text = adj_outcome_to_text (out);

    assert_has (text, "Taken: figure 4, figure 10");
  }
  members = members_of (battle, "u5");
  for (guint i = 0; i < 10; i++)
    g_assert_cmpint (adj_member_get_bool (members, i, ADJ_MEMBER_LOST), ==, i == 3 || i == 9);
  g_assert_cmpint (adj_member_get_int (members, 3, "wounds"), ==, 1);
  g_assert_cmpint (figures_of (battle, "u5"), ==, 8);
  g_assert_cmpint (status_int (battle, "u2", "prisoners"), ==, 2);

  /* Their officer is taken last of all. */
  adj_outcome_free (play (battle, "rf/take-prisoners",
                          "{\"captors\": \"u2\", \"captives\": \"u5\"}"));
  g_assert_true (adj_member_get_bool (members_of (battle, "u5"), 0, ADJ_MEMBER_LOST));
  g_assert_true (adj_unit_get_destroyed (adj_battle_find_unit (battle, "u5")));
  g_assert_cmpint (status_int (battle, "u2", "prisoners"), ==, 10);
  g_assert_cmpint (status_int (battle, "u2", "guards"), ==, 2);
  adj_test_undo (battle);
  g_assert_false (adj_member_get_bool (members_of (battle, "u5"), 0, ADJ_MEMBER_LOST));
  g_assert_cmpint (status_int (battle, "u2", "prisoners"), ==, 2);
}

static void
edit_status (AdjBattle  *battle,
             const char *unit,
             const char *field,
             json_object *value)
{
  g_autofree char *where = g_strconcat ("unit:", unit, NULL);
  g_autofree char *key = g_strconcat ("status.", field, NULL);
  g_autoptr(json_object) owned = value;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (battle, where, key, owned, &error));
  g_assert_no_error (error);
}

/* What the rules refuse, each with its reason; Zulus and the like take none. */
void
test_prisoners_refused (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();

  adj_test_assert_allowed (battle, "rf/take-prisoners",
                           "{\"captors\": \"u2\", \"captives\": \"u4\", \"count\": 2}");
  adj_test_assert_forbidden (battle, "rf/take-prisoners",
                             "{\"captors\": \"u4\", \"captives\": \"u2\", \"count\": 1}",
                             "Zulu impi 1 takes no prisoners: the figures it captures are killed");
  adj_test_assert_forbidden (battle, "rf/take-prisoners",
                             "{\"captors\": \"u6\", \"captives\": \"u3\", \"count\": 1}",
                             "Musketeers takes no prisoners: the figures it captures are killed");
  adj_test_assert_forbidden (battle, "rf/take-prisoners",
                             "{\"captors\": \"u1\", \"captives\": \"u4\", \"count\": 6}",
                             "Lt Ashby has 1 figure, enough to guard 5 prisoners, not 6");
  adj_test_assert_forbidden (battle, "rf/take-prisoners",
                             "{\"captors\": \"u2\", \"captives\": \"u3\", \"count\": 1}",
                             "1st Section and 2nd Section are on the same side");
  adj_test_assert_forbidden (battle, "rf/take-prisoners", "{\"captives\": \"u4\"}",
                             "“Captors” names no unit: choose one first");
  adj_test_assert_forbidden (battle, "rf/guard-prisoners", "{\"captors\": \"u2\"}",
                             "1st Section holds no prisoners");
  adj_test_assert_forbidden (battle, "rf/dispatch-prisoners", "{\"captors\": \"u2\"}",
                             "1st Section holds no prisoners");

  edit_status (battle, "u2", "prisoners", json_object_new_int (4));
  edit_status (battle, "u2", "guards", json_object_new_int (1));
  adj_test_assert_allowed (battle, "rf/guard-prisoners", "{\"captors\": \"u2\"}");
  adj_test_assert_forbidden (battle, "rf/guard-prisoners",
                             "{\"captors\": \"u2\", \"guards\": 11}",
                             "1st Section has only 10 figures to guard with, not 11");
  adj_test_assert_forbidden (battle, "rf/dispatch-prisoners",
                             "{\"captors\": \"u2\", \"figures\": 12}",
                             "1st Section has only 10 figures, not 12");

  /* Running captors take no one and dispatch no one, and leave their prisoners behind. */
  edit_status (battle, "u2", "routing", json_object_new_boolean (TRUE));
  adj_test_assert_forbidden (battle, "rf/take-prisoners",
                             "{\"captors\": \"u2\", \"captives\": \"u4\", \"count\": 1}",
                             "1st Section is routing and cannot take prisoners");
  adj_test_assert_forbidden (battle, "rf/dispatch-prisoners", "{\"captors\": \"u2\"}",
                             "1st Section is routing and cannot deal with prisoners");
  {
    g_autoptr(AdjOutcome) out = play (battle, "rf/guard-prisoners", "{\"captors\": \"u2\"}");

    g_assert_cmpstr (out->key, ==, "all-escape");
    g_assert_cmpint (status_int (battle, "u2", "prisoners"), ==, 0);
    g_assert_cmpint (status_int (battle, "u2", "guards"), ==, 0);
  }

  /* A group under a marker is not named, even to refuse it. */
  edit_status (battle, "u7", "hidden", json_object_new_boolean (TRUE));
  adj_test_assert_forbidden (battle, "rf/take-prisoners",
                             "{\"captors\": \"u3\", \"captives\": \"u7\", \"count\": 1}",
                             "The group is hidden under a marker and cannot be captured until "
                             "it is spotted");
}

/* A referee may let a Zulu regiment keep prisoners: the ruling is journaled with them. */
void
test_prisoners_ruling (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjOutcome) out = adj_test_run_ruling (battle, "rf/take-prisoners",
                                                   "{\"captors\": \"u7\", \"captives\": \"u3\", "
                                                   "\"count\": 2}");
  AdjJournal *journal = adj_battle_get_journal (battle);

  g_assert_cmpstr (out->ruling, ==,
                   "Reserve impi takes no prisoners: the figures it captures are killed");
  g_assert_cmpint (status_int (battle, "u7", "prisoners"), ==, 2);
  g_assert_cmpint (figures_of (battle, "u3"), ==, 6);
  g_assert_nonnull (json_object_object_get (adj_journal_get_entry (journal,
                                                                   journal->position - 1)->outcome,
                                            "ruling"));
}

void
add_prisoner_cases (void)
{
  ADD_CASES ("/rf/prisoners/take/", take_cases, test_take);
  ADD_CASES ("/rf/prisoners/guard/", guard_cases, test_guard);
  ADD_CASES ("/rf/prisoners/dispatch/", dispatch_cases, test_dispatch);
}
