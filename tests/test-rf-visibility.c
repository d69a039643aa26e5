/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-visibility.c: Risk Factor — seeing figures in terrain, cell by cell against RULES.md
 * and its decision, and troops who cannot fire volleys shooting as uncommanded ones. */

#include "test-rf.h"

/* ------------------------------------------------------------------------------------------ */
/* seeing figures in terrain                                                                   */

/* The rule, written here apart from rf.json and adj-rf-visibility.c: the distance at which
 * figures are seen with the visibility die showing @die, 0 when they cannot be seen at all.
 * In the same wood 15 cm; from deep in a wood nothing outside; near the edge (within 5 cm),
 * firing or in plain sight a D6 times 10 cm; otherwise not seen. */
static int
book_range (gboolean edge,
            gboolean firing,
            gboolean plain,
            gboolean same_woods,
            gboolean deep,
            int      die)
{
  if (same_woods)
    return 15;
  if (deep)
    return 0;
  if (edge || firing || plain)
    return die * 10;
  return 0;
}

static gboolean
book_rolls (gboolean edge,
            gboolean firing,
            gboolean plain,
            gboolean same_woods,
            gboolean deep)
{
  return !same_woods && !deep && (edge || firing || plain);
}

typedef struct {
  guint bits;       /* edge, firing, plain sight, same wood, deep in a wood */
  char  name[80];
} SightCase;

static SightCase sight_cases[32];

/* Distances around every step of the die and the wood's 15 cm. */
static const int sight_distances[] = { 0, 1, 10, 11, 15, 16, 20, 30, 31, 50, 60, 61, 200 };

static void
test_sight (gconstpointer data)
{
  const SightCase *c = data;
  gboolean edge = (c->bits & 1) != 0, firing = (c->bits & 2) != 0, plain = (c->bits & 4) != 0;
  gboolean woods = (c->bits & 8) != 0, deep = (c->bits & 16) != 0;
  gboolean rolls = book_rolls (edge, firing, plain, woods, deep);
  AdjContext ctx = { .ruleset = rs };

  for (guint d = 0; d < G_N_ELEMENTS (sight_distances); d++)
    {
      int distance = sight_distances[d];
      g_autofree char *json = g_strdup_printf (
        "{\"distance\": %d, \"place\": \"%s\", \"firing\": %s, \"plain_sight\": %s, "
        "\"same_woods\": %s, \"deep_in_woods\": %s}", distance, edge ? "edge" : "inside",
        firing ? "true" : "false", plain ? "true" : "false", woods ? "true" : "false",
        deep ? "true" : "false");
      g_autoptr(AdjInputs) in = inputs ("rf/visibility", json);
      g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);
      g_autoptr(AdjOdds) odds = odds_of (in);
      guint64 seen = 0;

      g_assert_cmpuint (specs->len, ==, rolls ? 1 : 0);
      for (int die = 1; die <= (rolls ? 6 : 1); die++)
        {
          int range = book_range (edge, firing, plain, woods, deep, die);
          gboolean want = range > 0 && distance <= range;
          g_autoptr(AdjOutcome) out = resolve_ok (in, &die, rolls ? 1 : 0);

          g_assert_cmpstr (out->key, ==, want ? "seen" : "unseen");
          g_assert_cmpint (adj_outcome_get_value_int (out, "range", -1), ==, range);
          seen += want;
        }
      /* The odds count the faces that reach the figures, and list both outcomes. */
      g_assert_cmpuint (odds->entries->len, ==, 2);
      assert_odds (odds, "seen", seen, rolls ? 6 : 1);
      assert_odds (odds, "unseen", (rolls ? 6 : 1) - seen, rolls ? 6 : 1);
    }
}

/* The explanation says why a die is thrown, what it showed and what it meant. */
void
test_sight_explained (void)
{
  static const struct {
    const char *inputs;
    int         die;
    const char *key;
    const char *lines[3];
  } cases[] = {
    { "{\"distance\": 35}", 4, "seen",
      { "within 5 cm of the edge", "Visibility die: 4, so they are seen up to 40 cm",
        "35 cm away, within 40 cm: seen" } },
    { "{\"distance\": 35, \"place\": \"inside\", \"firing\": true}", 3, "unseen",
      { "They fired this turn.", "Visibility die: 3, so they are seen up to 30 cm",
        "35 cm away, beyond 30 cm: not seen" } },
    { "{\"distance\": 12, \"place\": \"inside\", \"plain_sight\": true}", 2, "seen",
      { "They stand in plain sight.", "seen up to 20 cm", "12 cm away, within 20 cm: seen" } },
    { "{\"distance\": 12, \"same_woods\": true}", 0, "seen",
      { "Inside the same wood, figures see one another up to 15 cm.",
        "12 cm away, within 15 cm: seen", NULL } },
    { "{\"distance\": 5, \"deep_in_woods\": true}", 0, "unseen",
      { "From more than 5 cm inside a wood, nothing outside it can be seen.", NULL } },
    { "{\"distance\": 5, \"place\": \"inside\"}", 0, "unseen",
      { "quiet and out of sight, they cannot be seen from outside it", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/visibility", cases[i].inputs);
      g_autoptr(AdjOutcome) out = resolve_ok (in, &cases[i].die, cases[i].die > 0 ? 1 : 0);
      g_autofree char *text = adj_outcome_to_text (out);

      g_assert_cmpstr (out->key, ==, cases[i].key);
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].lines) && cases[i].lines[k] != NULL; k++)
        assert_has (text, cases[i].lines[k]);
    }
}

/* Against a battle: a marker stands on the front edge of its terrain; a group under a marker,
 * a marker looking out and a friend are refused; the roll is journaled, and names no secret. */
void
test_sight_battle (void)
{
  static const char *const groups[] = { "u4", NULL };
  static const char *const places[] = { "wood edge A", "kraal wall", NULL };
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) markers = NULL;
  g_autofree char *look = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);

  g_assert_true (adj_rf_deploy_hidden (battle, "b", groups, places, &error));
  g_assert_no_error (error);
  markers = adj_rf_hidden_markers (battle);
  g_assert_cmpuint (markers->len, ==, 2);
  look = g_strdup_printf ("{\"observer\": \"u2\", \"target\": \"%s\", \"place\": \"inside\", "
                          "\"distance\": 25}", (const char *) g_ptr_array_index (markers, 0));

  adj_test_assert_allowed (battle, "rf/visibility", look);
  adj_test_assert_allowed (battle, "rf/visibility", "{\"observer\": \"u2\", \"target\": \"u5\"}");
  adj_test_assert_allowed (battle, "rf/visibility", "{}");
  adj_test_assert_forbidden (battle, "rf/visibility", "{\"observer\": \"u2\", \"target\": \"u4\"}",
                             "The figures looked for are hidden under a marker: look for the "
                             "marker instead");
  adj_test_assert_forbidden (battle, "rf/visibility", "{\"observer\": \"u4\", \"target\": \"u2\"}",
                             "Those looking are hidden under a marker, off the table, until they "
                             "are spotted");
  adj_test_assert_forbidden (battle, "rf/visibility", "{\"observer\": \"u2\", \"target\": \"u3\"}",
                             "1st Section and 2nd Section are on the same side");
  {
    g_autofree char *json = g_strdup_printf ("{\"observer\": \"%s\", \"target\": \"u2\"}",
                                             (const char *) g_ptr_array_index (markers, 1));

    adj_test_assert_forbidden (battle, "rf/visibility", json,
                               "kraal wall is a hidden marker: it cannot look out");
  }

  /* A marker stands on the front edge: the battle says so whatever the form said before. */
  {
    g_autoptr(AdjInputs) in = inputs ("rf/visibility", look);
    int die[] = { 3 };
    g_autoptr(AdjOutcome) out = NULL;
    AdjEntry *entry;
    g_autofree char *text = NULL;

    g_assert_cmpstr (adj_inputs_get_string (in, "place"), ==, "inside");
    g_assert_true (adj_battle_prefill (battle, in, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (adj_inputs_get_string (in, "place"), ==, "edge");
    out = battle_resolve (battle, in, die, 1);
    g_assert_cmpstr (out->key, ==, "seen");
    apply (battle, in, out);
    entry = adj_journal_get_entry (journal, journal->position - 1);
    g_assert_cmpstr (entry->mechanic, ==, "rf/visibility");
    text = g_strdup_printf ("%s %s %s", entry->summary, json_object_to_json_string (entry->inputs),
                            json_object_to_json_string (entry->outcome));
    assert_has (text, "wood edge A");
    assert_lacks (text, "Zulu impi 1");
    assert_lacks (text, "u4");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* troops who cannot fire volleys                                                              */

typedef struct {
  const char *name;
  const char *inputs;
  int         shots;
  gboolean    said;     /* the explanation says they shoot as uncommanded troops */
} VolleyRuleCase;

static const VolleyRuleCase volley_rule_cases[] = {
  /* Under command, but unable to fire volleys: the uncommanded rates, rounded down. */
  { "commanded-10", "{\"shooters\": 10, \"commanded\": true, \"volleys\": false}", 5, TRUE },
  { "commanded-11", "{\"shooters\": 11, \"commanded\": true, \"volleys\": false}", 5, TRUE },
  { "commanded-moving-10", "{\"shooters\": 10, \"commanded\": true, \"volleys\": false, "
                           "\"moving\": true}", 3, TRUE },
  { "commanded-magazine", "{\"shooters\": 10, \"commanded\": true, \"volleys\": false, "
                          "\"loading\": \"magazine\"}", 5, TRUE },
  /* Uncommanded muskets need no loaded turn: neither do these. */
  { "commanded-musket-unloaded", "{\"shooters\": 6, \"commanded\": true, \"volleys\": false, "
                                 "\"weapon\": \"musket\"}", 3, TRUE },
  /* Thrown weapons: one in three only under command; otherwise the uncommanded rate. */
  { "thrown-commanded-10", "{\"shooters\": 10, \"commanded\": true, \"weapon\": \"spear\", "
                           "\"distance\": 8}", 3, FALSE },
  { "thrown-commanded-3", "{\"shooters\": 3, \"commanded\": true, \"weapon\": \"hatchet\", "
                          "\"distance\": 5}", 1, FALSE },
  { "thrown-commanded-2", "{\"shooters\": 2, \"commanded\": true, \"weapon\": \"rocks\", "
                          "\"distance\": 4}", 0, FALSE },
  { "thrown-commanded-moving", "{\"shooters\": 9, \"commanded\": true, \"moving\": true, "
                               "\"weapon\": \"spear\", \"distance\": 8}", 3, FALSE },
  { "thrown-uncommanded", "{\"shooters\": 10, \"weapon\": \"spear\", \"distance\": 8}", 5,
    FALSE },
  { "thrown-uncommanded-moving", "{\"shooters\": 10, \"moving\": true, \"weapon\": \"spear\", "
                                 "\"distance\": 8}", 3, FALSE },
  { "thrown-no-volleys", "{\"shooters\": 10, \"commanded\": true, \"volleys\": false, "
                         "\"weapon\": \"spear\", \"distance\": 8}", 5, TRUE },
  /* Uncommanded anyway: nothing more to say. */
  { "uncommanded", "{\"shooters\": 10, \"volleys\": false}", 5, FALSE },
  /* A player character keeps his one shot. */
  { "character", "{\"shooters\": 1, \"character\": true, \"volleys\": false}", 1, FALSE },
};

static void
test_volley_rule (gconstpointer data)
{
  const VolleyRuleCase *c = data;
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", c->inputs);
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *text = NULL;

  /* Every shot misses (a 1 on the D8 never hits): only the shots are counted. */
  for (int i = 0; i < c->shots; i++)
    {
      int one = 1;
      g_array_append_val (dice, one);
    }
  out = resolve_ok (in, (const int *) dice->data, dice->len);
  text = adj_outcome_to_text (out);
  g_assert_cmpint (adj_outcome_get_value_int (out, "shots", -1), ==, c->shots);
  if (c->said)
    assert_has (text, "cannot fire volleys");
  else
    assert_lacks (text, "cannot fire volleys");
}

/* A group says whether it can fire volleys through its unit type; commanded natives with
 * muskets keep their load, since they did not fire as commanded troops. */
void
test_volleys_from_battle (void)
{
  g_autofree char *text = two_side_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Redcoats\", \"type\": \"regular-foot\", "
    "\"weapon\": \"rifle\", \"figures\": 10, \"status\": {\"commanded\": true}}, "
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Musket men\", \"type\": \"tribal-warriors\", "
    "\"weapon\": \"musket\", \"figures\": 8, \"status\": {\"commanded\": true, "
    "\"loaded\": true}}, "
    "{\"id\": \"u3\", \"side\": \"b\", \"name\": \"Regiment\", \"type\": \"native-regulars\", "
    "\"weapon\": \"rifle\", \"figures\": 10}, "
    "{\"id\": \"u4\", \"side\": \"b\", \"name\": \"Horsemen\", \"type\": \"native-horse\", "
    "\"weapon\": \"rifle\", \"figures\": 6}, "
    "{\"id\": \"u5\", \"side\": \"a\", \"name\": \"Volunteers\", \"type\": \"irregular-foot\", "
    "\"weapon\": \"rifle\", \"figures\": 6}");
  g_autoptr(AdjBattle) battle = battle_from (text);
  static const struct {
    const char *shooter;
    const char *target;
    gboolean    volleys;
  } cases[] = {
    { "u1", "u2", TRUE }, { "u2", "u1", FALSE }, { "u3", "u1", FALSE }, { "u4", "u1", FALSE },
    { "u5", "u3", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"shooter\": \"%s\", \"target\": \"%s\"}",
                                               cases[i].shooter, cases[i].target);
      g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting", json);

      g_assert_cmpint (adj_inputs_get_bool (in, "volleys"), ==, cases[i].volleys);
    }

  /* Eight commanded musket men fire four shots, as if uncommanded, and stay loaded. */
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                             "{\"shooter\": \"u2\", \"target\": \"u1\", "
                                             "\"distance\": 20}");
    int misses[] = { 1, 1, 1, 1 };
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, misses, G_N_ELEMENTS (misses));

    g_assert_true (adj_inputs_get_bool (in, "commanded"));
    g_assert_cmpint (adj_outcome_get_value_int (out, "shots", -1), ==, 4);
    apply (battle, in, out);
    g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "loaded"));
  }
}

/* The decisions behind these rules are written down with the numbers they affect. */
void
test_rf_decisions (void)
{
  static const char *const ids[] = {
    "thrown-one-in-three", "no-volleys", "visibility", "prisoners-guards", "prisoners-taken",
    "prisoners-dispatched"
  };
  json_object *list = json_object_object_get (adj_ruleset_get_json (rs), "decisions");

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      gboolean found = FALSE;

      for (gsize k = 0; k < json_object_array_length (list); k++)
        {
          json_object *item = json_object_array_get_idx (list, k);

          if (g_str_equal (json_object_get_string (json_object_object_get (item, "id")), ids[i]))
            found = TRUE;
        }
      if (!found)
        g_error ("rf.json has no decision “%s”", ids[i]);
    }
}

void
add_visibility_cases (void)
{
  for (guint bits = 0; bits < G_N_ELEMENTS (sight_cases); bits++)
    {
      SightCase *c = &sight_cases[bits];

      c->bits = bits;
      g_snprintf (c->name, sizeof c->name, "/rf/visibility/%s%s%s%s%s",
                  bits & 1 ? "edge" : "inside", bits & 2 ? "-firing" : "",
                  bits & 4 ? "-plain-sight" : "", bits & 8 ? "-same-wood" : "",
                  bits & 16 ? "-deep-in-wood" : "");
      g_test_add_data_func (c->name, c, test_sight);
    }
  ADD_CASES ("/rf/shooting/no-volleys/", volley_rule_cases, test_volley_rule);
}
