/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf.c: the Risk Factor skirmish rules against RULES.md — every cell of the to-hit, damage
 * and both reaction tables, the Risk Factor and its casualty steps, command and the book's
 * worked example, shooting, melee pairing, wounds, the solo step and hidden deployment — and
 * every exact odds against a brute force over the dice.  This file holds the book's tables, the
 * helpers, the tables cell by cell, the check of rf.json, and main(); the other tests are in
 * test-rf-*.c. */

#include "test-rf.h"

/* One reference to the ruleset for the whole run, taken in main(). */
AdjRuleset *rs;

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md states it: written here independently of rf.json and adj-rf.c        */

static const char *const bands[] = { "short", "medium", "long" };
static const char *const covers[] = { "open", "soft", "hard" };

int
book_need (guint band,
           guint cover)
{
  static const int need[3][3] = { { 2, 4, 6 }, { 4, 6, 7 }, { 6, 7, 8 } };
  return need[band][cover];
}

static const char *const classes[] = { "gunpowder", "bow-spear", "other" };
/* A weapon of each damage class, and one distance at short range for it. */
static const char *const class_weapon[] = { "rifle", "bow", "rocks" };

const char *
book_damage (guint cls,
             int   face)
{
  static const char *const table[3][6] = {
    { "graze", "graze", "wound", "wound", "kill", "kill" },
    { "graze", "graze", "wound", "wound", "wound", "kill" },
    { "graze", "graze", "graze", "wound", "wound", "kill" },
  };
  return table[cls][CLAMP (face, 1, 6) - 1];
}

/* The reaction tables: rows for RF <= 0, then the ranges of each table, then >= 9. */
static const char *
book_action (gboolean missile,
             int      rf,
             int      face)
{
  static const char *const m[5][6] = {
    { "carry-on", "carry-on", "carry-on", "carry-on", "carry-on", "close-in" },
    { "halt", "advance", "advance", "advance", "advance", "attack" },
    { "retreat", "halt", "halt", "advance", "advance", "advance" },
    { "rout", "retreat", "halt", "halt", "halt", "advance" },
    { "rout", "rout", "rout", "retreat", "retreat", "halt" },
  };
  static const char *const c[5][6] = {
    { "carry-on", "carry-on", "carry-on", "carry-on", "carry-on", "close-in" },
    { "halt", "advance", "advance", "attack", "attack", "attack" },
    { "retreat", "halt", "halt", "advance", "attack", "attack" },
    { "rout", "retreat", "retreat", "halt", "halt", "attack" },
    { "rout", "rout", "rout", "retreat", "retreat", "halt" },
  };
  guint row;

  face = CLAMP (face, 1, 6);
  if (rf <= 0)
    row = 0;
  else if (rf >= 9)
    row = 4;
  else if (missile)
    row = rf == 1 ? 1 : rf <= 5 ? 2 : 3;
  else
    row = rf <= 2 ? 1 : rf <= 6 ? 2 : 3;
  return missile ? m[row][face - 1] : c[row][face - 1];
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

void
assert_has (const char *text,
            const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” is not in:\n%s", part, text);
}

void
assert_lacks (const char *text,
              const char *part)
{
  if (strstr (text, part) != NULL)
    g_error ("“%s” should not be in:\n%s", part, text);
}

/* Whether @needle's bytes occur in @hay: NULL when not (like memmem, which C11 lacks). */
const guchar *
has_bytes (const guchar *hay,
           gsize         n,
           const char   *needle,
           gsize         len)
{
  for (gsize i = 0; i + len <= n; i++)
    if (memcmp (hay + i, needle, len) == 0)
      return hay + i;
  return NULL;
}

static const AdjMechanic *
mech (const char *id)
{
  const AdjMechanic *m = adj_mechanic_lookup (id);

  g_assert_nonnull (m);
  return m;
}

AdjInputs *
inputs (const char *id,
        const char *json)
{
  g_autoptr(AdjInputs) in = adj_inputs_new (mech (id), rs);
  g_autoptr(json_object) obj = adj_test_parse (json);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_json (in, obj, "test", &error));
  g_assert_no_error (error);
  return g_steal_pointer (&in);
}

/* Resolve without a battle, with the dice given (all of them must be used). */
AdjOutcome *
resolve_with (AdjInputs   *in,
              const int   *dice,
              guint        n_dice,
              GError     **error)
{
  g_autoptr(AdjRandom) random = adj_random_new (NULL, NULL);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  AdjContext ctx = { .ruleset = rs };

  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (!adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, error))
    return NULL;
  return g_steal_pointer (&outcome);
}

AdjOutcome *
resolve_ok (AdjInputs *in,
            const int *dice,
            guint      n_dice)
{
  g_autoptr(GError) error = NULL;
  AdjOutcome *outcome = resolve_with (in, dice, n_dice, &error);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  return outcome;
}

AdjOdds *
odds_of (AdjInputs *in)
{
  g_autoptr(GError) error = NULL;
  AdjContext ctx = { .ruleset = rs };
  AdjOdds *odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

/* The odds of @key equal @count ways out of @total. */
void
assert_odds (const AdjOdds *odds,
             const char    *key,
             guint64        count,
             guint64        total)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);
  unsigned __int128 lhs, rhs;

  assert_odds_exact (odds);
  if (e == NULL)
    {
      g_assert_cmpuint (count, ==, 0);
      return;
    }
  lhs = (unsigned __int128) odds_ways (e) * total;
  rhs = (unsigned __int128) count * odds_total (odds);
  if (lhs != rhs)
    g_error ("odds of “%s”: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ", expected %"
             G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, key, odds_ways (e), odds_total (odds), count,
             total);
}

AdjBattle *
battle_from (const char *text)
{
  g_autoptr(json_object) json = adj_test_parse (text);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_battle_from_json (json, "skirmish.json", &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

/* A British side (a player character and two sections) against a native side Adjutant runs. */
static const char skirmish_json[] =
  "{\"format\": \"adjutant-battle\", \"version\": 1, \"ruleset\": \"rf\", "
  "\"id\": \"rf-test\", \"name\": \"Skirmish at the drift\", \"turn\": 1, "
  "\"phase\": \"second-command\", \"rng\": "
  "\"00000000000000070000000000000011000000000000001d0000000000000029\", "
  "\"sides\": [{\"id\": \"a\", \"name\": \"British patrol\"}, "
  "{\"id\": \"b\", \"name\": \"Zulu impi\", \"settings\": {\"solo\": true}}], "
  "\"units\": ["
  "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Lt Ashby\", \"type\": \"player-character\", "
  "\"rating\": \"veteran\", \"weapon\": \"pistol\", \"members\": [{\"role\": \"officer\"}]}, "
  "{\"id\": \"u2\", \"side\": \"a\", \"name\": \"1st Section\", \"type\": \"regular-foot\", "
  "\"rating\": \"veteran\", \"weapon\": \"rifle-bayonet\", \"members\": ["
  "{\"name\": \"Sgt Keane\", \"role\": \"nco\"}, "
  "{\"name\": \"Bugler Foley\", \"role\": \"bugler\"}, "
  "{}, {}, {}, {}, {}, {}, {}, {}]}, "
  "{\"id\": \"u3\", \"side\": \"a\", \"name\": \"2nd Section\", \"type\": \"regular-foot\", "
  "\"rating\": \"raw\", \"weapon\": \"rifle-bayonet\", \"figures\": 8}, "
  "{\"id\": \"u4\", \"side\": \"b\", \"name\": \"Zulu impi 1\", \"type\": \"native-regulars\", "
  "\"rating\": \"raw\", \"weapon\": \"spear\", \"figures\": 12}, "
  "{\"id\": \"u5\", \"side\": \"b\", \"name\": \"Zulu impi 2\", \"type\": \"native-regulars\", "
  "\"rating\": \"veteran\", \"weapon\": \"spear\", \"members\": [{\"role\": \"officer\", "
  "\"rating\": \"hero\"}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}, "
  "{\"id\": \"u6\", \"side\": \"b\", \"name\": \"Musketeers\", \"type\": \"tribal-warriors\", "
  "\"rating\": \"raw\", \"weapon\": \"musket\", \"figures\": 6}, "
  "{\"id\": \"u7\", \"side\": \"b\", \"name\": \"Reserve impi\", \"type\": \"native-regulars\", "
  "\"rating\": \"veteran\", \"weapon\": \"spear\", \"figures\": 10}"
  "]}";

AdjBattle *
skirmish (void)
{
  return battle_from (skirmish_json);
}

AdjInputs *
battle_inputs (AdjBattle  *battle,
               const char *id,
               const char *json)
{
  g_autoptr(AdjInputs) in = inputs (id, json);
  g_autoptr(json_object) obj = adj_test_parse (json);
  g_autoptr(GError) error = NULL;

  /* As the app and the command line do it: the battle first, what was said explicitly wins. */
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_true (adj_inputs_set_json (in, obj, "test", &error));
  g_assert_no_error (error);
  return g_steal_pointer (&in);
}

AdjOutcome *
battle_resolve (AdjBattle *battle,
                AdjInputs *in,
                const int *dice,
                guint      n_dice)
{
  g_autoptr(AdjRandom) random = adj_battle_new_random (battle);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  adj_random_enter_dice (random, dice, n_dice);
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&outcome);
}

void
apply (AdjBattle  *battle,
       AdjInputs  *in,
       AdjOutcome *outcome)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
  g_assert_no_error (error);
}

json_object *
members_of (AdjBattle  *battle,
            const char *unit)
{
  return adj_unit_get_members (adj_battle_find_unit (battle, unit));
}

/* ------------------------------------------------------------------------------------------ */
/* the system                                                                                  */

static void
test_system (void)
{
  static const char *const ids[] = {
    "rf/command", "rf/movement", "rf/visibility", "rf/shooting", "rf/melee",
    "rf/take-prisoners", "rf/guard-prisoners", "rf/dispatch-prisoners", "rf/reaction",
    "rf/victory"
  };
  const AdjSystem *system = adj_system_lookup ("rf");

  g_assert_nonnull (system);
  g_assert_true (adj_ruleset_get_system (rs) == system);
  g_assert_cmpuint (system->n_mechanics, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpstr (system->mechanics[i]->id, ==, ids[i]);
  g_assert_cmpint (adj_ruleset_get_distance_unit (rs), ==, ADJ_DISTANCE_CM);
  g_assert_cmpstr (adj_ruleset_get_id (rs), ==, "rf");
}

/* The weapons table of RULES.md: short / medium / long in cm (0: none) and melee factor. */
typedef struct {
  const char *id;
  int         s, m, l, melee;
} BookWeapon;

static const BookWeapon book_weapons[] = {
  { "rifle", 30, 90, 180, 2 }, { "rifle-bayonet", 30, 90, 180, 4 },
  { "rifled-carbine", 25, 80, 140, 2 }, { "rifled-carbine-bayonet", 25, 80, 140, 4 },
  { "musket", 20, 40, 120, 2 }, { "musket-bayonet", 20, 40, 120, 4 },
  { "carbine", 15, 30, 100, 2 }, { "carbine-bayonet", 15, 30, 100, 4 },
  { "pistol", 5, 10, 30, 3 }, { "bow", 30, 60, 100, 1 }, { "spear", 8, 12, 24, 3 },
  { "sword", 0, 0, 0, 3 }, { "lance", 0, 0, 0, 4 }, { "war-club", 0, 0, 0, 3 },
  { "hatchet", 5, 10, 20, 2 }, { "rocks", 4, 8, 20, 1 },
};

int
weapon_rule (const char *id,
             const char *key)
{
  const AdjWeapon *w = adj_ruleset_find_weapon (rs, id);
  json_object *rules = NULL, *v = NULL;

  g_assert_nonnull (w);
  json_object_object_get_ex (w->json, "rules", &rules);
  return json_object_object_get_ex (rules, key, &v) ? json_object_get_int (v) : 0;
}

static void
test_weapons (void)
{
  g_assert_cmpuint (adj_ruleset_get_weapons (rs)->len, ==, G_N_ELEMENTS (book_weapons));
  for (guint i = 0; i < G_N_ELEMENTS (book_weapons); i++)
    {
      const BookWeapon *b = &book_weapons[i];

      g_assert_cmpint (weapon_rule (b->id, "short"), ==, b->s);
      g_assert_cmpint (weapon_rule (b->id, "medium"), ==, b->m);
      g_assert_cmpint (weapon_rule (b->id, "long"), ==, b->l);
      g_assert_cmpint (weapon_rule (b->id, "melee"), ==, b->melee);
      g_assert_cmpint (adj_ruleset_find_weapon (rs, b->id)->range, ==, b->l);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* every cell of the to-hit table                                                              */

typedef struct {
  guint band;
  guint cover;
  char  name[32];
} HitCase;

static HitCase hit_cases[9];

static void
test_to_hit (gconstpointer data)
{
  const HitCase *c = data;
  static const int distance[] = { 30, 90, 180 };   /* the far end of each band of a rifle */
  int need = book_need (c->band, c->cover);
  g_autofree char *json = g_strdup_printf ("{\"character\": true, \"weapon\": \"rifle\", "
                                           "\"distance\": %d, \"cover\": \"%s\"}",
                                           distance[c->band], covers[c->cover]);
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", json);

  /* One short of the number misses (no damage die); the number itself hits (a 1: a graze). */
  if (need > 1)
    {
      int miss[] = { need - 1 };
      g_autoptr(AdjOutcome) out = resolve_ok (in, miss, G_N_ELEMENTS (miss));

      g_assert_cmpint (adj_outcome_get_value_int (out, "hits", -1), ==, 0);
      g_assert_cmpstr (out->key, ==, "0");
    }
  {
    int hit[] = { need, 1 };
    g_autoptr(AdjOutcome) out = resolve_ok (in, hit, G_N_ELEMENTS (hit));

    g_assert_cmpint (adj_outcome_get_value_int (out, "hits", -1), ==, 1);
    g_assert_cmpint (adj_outcome_get_value_int (out, "wounds", -1), ==, 0);
  }
  /* And the odds of a hit (then a casualty on 3+ of the damage die) are exactly that. */
  {
    g_autoptr(AdjOdds) odds = odds_of (in);
    assert_odds (odds, "1", (guint64) (9 - need) * 4, 48);
    assert_odds (odds, "0", 48 - (guint64) (9 - need) * 4, 48);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* every cell of the damage table, for each quality of shooter                                 */

static const char *const qualities[] = { "hero", "veteran", "raw" };
static const int quality_mod[] = { 1, 0, -1 };

typedef struct {
  guint cls;
  guint quality;
  char  name[48];
} DamageCase;

static DamageCase damage_cases[9];

static void
test_damage (gconstpointer data)
{
  const DamageCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"character\": true, \"weapon\": \"%s\", "
                                           "\"distance\": 4, \"quality\": \"%s\", "
                                           "\"targets\": 10}",
                                           class_weapon[c->cls], qualities[c->quality]);
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", json);

  for (int face = 1; face <= 6; face++)
    {
      const char *want = book_damage (c->cls, face + quality_mod[c->quality]);
      gboolean hurt = !g_str_equal (want, "graze");
      int dice[] = { 8, face, 1 };   /* a hit, the damage, and figure 1 of 10 if it hurts */
      g_autoptr(AdjOutcome) out = resolve_ok (in, dice, hurt ? 3 : 2);

      g_assert_cmpint (adj_outcome_get_value_int (out, "wounds", -1), ==,
                       g_str_equal (want, "wound"));
      g_assert_cmpint (adj_outcome_get_value_int (out, "kills", -1), ==,
                       g_str_equal (want, "kill"));
      g_assert_cmpstr (out->key, ==, hurt ? "1" : "0");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* every cell of both reaction tables, at every Risk Factor from -6 to 12                      */

/* Inputs that add up to @rf, using the conditions themselves. */
static char *
inputs_for_rf (int      rf,
               gboolean missile)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\"arms\": \"%s\"", missile ? "missile" : "close");
  if (rf <= -4)
    {
      g_string_append (s, ", \"no_enemy\": true");
      if (rf <= -5)
        g_string_append (s, ", \"hero_or_superior\": true");
      if (rf <= -6)
        g_string_append (s, ", \"in_cover\": true");
    }
  else if (rf <= -2)
    {
      g_string_append (s, ", \"no_enemy\": true, \"enemy_in_range\": true");
      if (rf == -2)
        g_string_append (s, ", \"raw\": true, \"in_enemy_range\": true");
    }
  else if (rf == -1)
    g_string_append (s, ", \"hero_or_superior\": true");
  else
    {
      g_string_append_printf (s, ", \"casualty_tenths\": %d", MIN (rf, 10));
      if (rf == 11)
        g_string_append (s, ", \"enemy_in_range\": true");
      if (rf == 12)
        g_string_append (s, ", \"flank_or_retreating\": true");
    }
  g_string_append (s, "}");
  return g_string_free (s, FALSE);
}

typedef struct {
  gboolean missile;
  int      rf;
  char     name[40];
} ActionCase;

static ActionCase action_cases[2 * 19];

static void
test_action (gconstpointer data)
{
  const ActionCase *c = data;
  g_autofree char *json = inputs_for_rf (c->rf, c->missile);
  g_autoptr(AdjInputs) in = inputs ("rf/reaction", json);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 ways[16] = { 0 };
  const AdjMechanic *m = mech ("rf/reaction");

  for (int face = 1; face <= 6; face++)
    {
      int dice[] = { face };
      g_autoptr(AdjOutcome) out = resolve_ok (in, dice, 1);

      g_assert_cmpint (adj_outcome_get_value_int (out, "rf", 99), ==, c->rf);
      g_assert_cmpstr (out->key, ==, book_action (c->missile, c->rf, face));
      for (guint k = 0; k < m->n_outcomes; k++)
        if (g_str_equal (m->outcomes[k].id, out->key))
          ways[k]++;
    }
  /* The odds count the same faces. */
  for (guint k = 0; k < m->n_outcomes; k++)
    assert_odds (odds, m->outcomes[k].id, ways[k], 6);
}

/* The modifier moves the die, which then counts as 1 to 6 whatever the sum. */
static void
test_action_modifier (void)
{
  for (int mod = -5; mod <= 5; mod++)
    for (int rf = -1; rf <= 10; rf += 1)
      {
        g_autofree char *base = inputs_for_rf (rf, TRUE);
        g_autoptr(AdjInputs) in = inputs ("rf/reaction", base);
        g_autoptr(AdjOdds) odds = NULL;
        g_autoptr(GError) error = NULL;

        g_assert_true (adj_inputs_set_int (in, "die_modifier", mod, &error));
        odds = odds_of (in);
        for (int face = 1; face <= 6; face++)
          {
            int dice[] = { face };
            g_autoptr(AdjOutcome) out = resolve_ok (in, dice, 1);

            g_assert_cmpstr (out->key, ==, book_action (TRUE, rf, CLAMP (face + mod, 1, 6)));
            g_assert_cmpint (adj_outcome_get_value_int (out, "roll", 0), ==,
                             CLAMP (face + mod, 1, 6));
            g_assert_cmpint (adj_outcome_get_value_int (out, "die", 0), ==, face);
          }
        /* Brute force over the faces against the odds. */
        {
          const AdjMechanic *m = mech ("rf/reaction");
          for (guint k = 0; k < m->n_outcomes; k++)
            {
              guint64 n = 0;
              for (int face = 1; face <= 6; face++)
                if (g_str_equal (book_action (TRUE, rf, CLAMP (face + mod, 1, 6)),
                                 m->outcomes[k].id))
                  n++;
              assert_odds (odds, m->outcomes[k].id, n, 6);
            }
        }
      }
}

/* What the roster prints is what the rules use. */
static json_object *
roster_table (const char *title_start)
{
  json_object *roster = NULL, *tables = NULL;

  json_object_object_get_ex (adj_ruleset_get_json (rs), "roster", &roster);
  json_object_object_get_ex (roster, "tables", &tables);
  for (gsize i = 0; i < json_object_array_length (tables); i++)
    {
      json_object *t = json_object_array_get_idx (tables, i);
      if (g_str_has_prefix (json_object_get_string (json_object_object_get (t, "title")),
                            title_start))
        return t;
    }
  g_error ("no roster table “%s…”", title_start);
  return NULL;
}

static const char *
cell (json_object *table,
      guint        row,
      guint        column)
{
  json_object *rows = json_object_object_get (table, "rows");
  return json_object_get_string (json_object_array_get_idx (json_object_array_get_idx (rows, row),
                                                            column));
}

static const char *
action_label (const char *id)
{
  const AdjMechanic *m = mech ("rf/reaction");
  return adj_field_find_choice (m->outcomes, m->n_outcomes, id)->label;
}

/* "1–2: Graze · 3–4: Wound · 5–6: Kill" -> the label of each face, 1 to 6. */
static void
read_faces (const char *text,
            char       *faces[6])
{
  g_auto(GStrv) parts = g_strsplit (text, " · ", -1);

  memset (faces, 0, 6 * sizeof (char *));
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *colon = strstr (parts[i], ": ");
      char *end = NULL;
      guint64 from, to;

      g_assert_nonnull (colon);
      from = g_ascii_strtoull (parts[i], &end, 10);
      to = g_str_has_prefix (end, "–") ? g_ascii_strtoull (end + strlen ("–"), &end, 10) : from;
      g_assert_true (end == colon);
      g_assert_true (from >= 1 && from <= to && to <= 6);
      for (guint64 f = from; f <= to; f++)
        {
          g_assert_null (faces[f - 1]);
          faces[f - 1] = g_strdup (colon + 2);
        }
    }
  for (guint f = 0; f < 6; f++)
    g_assert_nonnull (faces[f]);
}

static void
test_roster_tables (void)
{
  json_object *to_hit = roster_table ("To hit");
  json_object *damage = roster_table ("Damage");
  json_object *missile = roster_table ("Reaction of missile");
  json_object *close = roster_table ("Reaction of close");
  static const char *const results[] = { "graze", "wound", "kill" };
  static const char *const result_labels[] = { "Graze", "Wound", "Kill" };
  /* One Risk Factor inside each row of the two tables. */
  static const int missile_rf[] = { 0, 1, 3, 7, 10 };
  static const int close_rf[] = { -2, 2, 4, 8, 9 };

  for (guint b = 0; b < 3; b++)
    for (guint c = 0; c < 3; c++)
      {
        g_autofree char *want = g_strdup_printf ("%d", book_need (b, c));
        g_assert_cmpstr (cell (to_hit, b, c + 1), ==, want);
      }
  for (guint k = 0; k < 3; k++)
    {
      char *faces[6];

      read_faces (cell (damage, k, 1), faces);
      for (int face = 1; face <= 6; face++)
        {
          for (guint r = 0; r < 3; r++)
            if (g_str_equal (book_damage (k, face), results[r]))
              g_assert_cmpstr (faces[face - 1], ==, result_labels[r]);
          g_free (faces[face - 1]);
        }
    }
  for (guint row = 0; row < 5; row++)
    {
      char *m[6], *c[6];

      read_faces (cell (missile, row, 1), m);
      read_faces (cell (close, row, 1), c);
      for (int face = 1; face <= 6; face++)
        {
          g_assert_cmpstr (m[face - 1], ==, action_label (book_action (TRUE, missile_rf[row],
                                                                       face)));
          g_assert_cmpstr (c[face - 1], ==, action_label (book_action (FALSE, close_rf[row],
                                                                       face)));
          g_free (m[face - 1]);
          g_free (c[face - 1]);
        }
    }
  /* Every action has its meaning in our words, shown with the orders. */
  {
    json_object *meanings = roster_table ("What the orders mean");
    const AdjMechanic *m = mech ("rf/reaction");

    for (guint k = 0; k < m->n_outcomes; k++)
      {
        g_assert_cmpstr (cell (meanings, k, 0), ==, m->outcomes[k].label);
        g_assert_cmpuint (strlen (cell (meanings, k, 1)), >, 20);
      }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* rf.json is checked                                                                          */

typedef struct {
  const char *name;
  const char *path;      /* dotted, with numbers for array indices */
  const char *value;     /* JSON; NULL deletes the key */
  const char *message;
} RulesetCase;

static const RulesetCase ruleset_cases[] = {
  { "to-hit-cell", "to_hit.need.short.open", NULL, "rf.json: $.to_hit.need.short" },
  { "to-hit-range", "to_hit.need.long.hard", "9", "rf.json: $.to_hit.need.long" },
  { "damage-result", "damage.results.other.0", "\"maim\"",
    "rf.json: $.damage.results.other[0]: expected “graze”, “wound” or “kill”" },
  { "damage-row", "damage.results.gunpowder", "[\"kill\"]",
    "rf.json: $.damage.results.gunpowder: expected 6 results" },
  { "actions-order", "risk_factor.actions.0.id", "\"close-in\"",
    "rf.json: $.risk_factor.actions[0]: expected the action “carry-on” here, found “close-in”" },
  { "table-gap", "risk_factor.tables.missile.2.min", "3",
    "rf.json: $.risk_factor.tables.missile[2]: the rows must follow each other with no gap" },
  { "table-action", "risk_factor.tables.close.1.actions.3", "\"charge\"",
    "rf.json: $.risk_factor.tables.close[1].actions[3]: expected one of the actions" },
  { "table-first-min", "risk_factor.tables.close.0.min", "-9",
    "rf.json: $.risk_factor.tables.close[0]: the first row has no “min”" },
  { "weapon-ranges", "weapons.0.rules.medium", "200",
    "rf.json: $.weapons[0].rules: expected short ≤ medium ≤ long ranges" },
  { "weapon-class", "weapons.0.rules.class", "\"laser\"",
    "rf.json: $.weapons[0].rules: expected the class" },
  { "command-dice", "command.dice.hero", NULL, "rf.json: $.command.dice" },
  { "risk-modifier", "modifiers.risk.casualties", NULL,
    "rf.json: $.modifiers.risk: the modifier “casualties” is missing" },
  { "melee-rules", "melee.kill_on", NULL, "rf.json: $.melee" },
  { "member-role", "members.fields.0.choices.4", NULL,
    "rf.json: $.members.fields: the role “bugler” is missing" },
  { "solo-setting", "side_fields.0.kind", "\"int\"", "rf.json: $.side_fields" },
};

static void
test_ruleset_error (gconstpointer data)
{
  const RulesetCase *c = data;
  g_autoptr(json_object) root = adj_json_copy (adj_ruleset_get_json (rs));
  g_auto(GStrv) parts = g_strsplit (c->path, ".", -1);
  json_object *at = root;
  guint n = g_strv_length (parts);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) broken = NULL;
  const char *last = parts[n - 1];

  for (guint i = 0; i + 1 < n; i++)
    at = g_ascii_isdigit (parts[i][0])
         ? json_object_array_get_idx (at, (gsize) g_ascii_strtoull (parts[i], NULL, 10))
         : json_object_object_get (at, parts[i]);
  g_assert_nonnull (at);
  if (json_object_is_type (at, json_type_array))
    {
      gsize idx = (gsize) g_ascii_strtoull (last, NULL, 10);

      if (c->value == NULL)
        json_object_array_del_idx (at, idx, 1);
      else
        json_object_array_put_idx (at, idx, adj_test_parse (c->value));
    }
  else if (c->value == NULL)
    json_object_object_del (at, last);
  else
    json_object_object_add (at, last, adj_test_parse (c->value));

  broken = adj_ruleset_load_json (root, "rf.json", &error);
  g_assert_null (broken);
  g_assert_nonnull (error);
  assert_has (error->message, c->message);
}

/* ------------------------------------------------------------------------------------------ */

static void
add_cases (void)
{
  for (guint b = 0; b < 3; b++)
    for (guint c = 0; c < 3; c++)
      {
        HitCase *h = &hit_cases[b * 3 + c];
        h->band = b;
        h->cover = c;
        g_snprintf (h->name, sizeof h->name, "/rf/table/to-hit/%s-%s", bands[b], covers[c]);
        g_test_add_data_func (h->name, h, test_to_hit);
      }
  for (guint k = 0; k < 3; k++)
    for (guint q = 0; q < 3; q++)
      {
        DamageCase *d = &damage_cases[k * 3 + q];
        d->cls = k;
        d->quality = q;
        g_snprintf (d->name, sizeof d->name, "/rf/table/damage/%s-%s", classes[k], qualities[q]);
        g_test_add_data_func (d->name, d, test_damage);
      }
  for (guint m = 0; m < 2; m++)
    for (int rf = -6; rf <= 12; rf++)
      {
        ActionCase *a = &action_cases[m * 19 + (guint) (rf + 6)];
        a->missile = m == 0;
        a->rf = rf;
        g_snprintf (a->name, sizeof a->name, "/rf/table/%s/rf%+d", m == 0 ? "missile" : "close",
                    rf);
        g_test_add_data_func (a->name, a, test_action);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  rs = adj_ruleset_lookup ("rf", &error);
  g_assert_no_error (error);

  g_test_add_func ("/rf/system", test_system);
  g_test_add_func ("/rf/weapons", test_weapons);
  add_cases ();
  g_test_add_func ("/rf/table/die-modifier", test_action_modifier);
  g_test_add_func ("/rf/table/roster", test_roster_tables);
  g_test_add_func ("/rf/shooting/range-bands", test_range_bands);
  add_shots_cases ();
  g_test_add_func ("/rf/shooting/refused", test_shooting_refused);
  g_test_add_func ("/rf/shooting/odds-brute-force", test_volley_odds);
  g_test_add_func ("/rf/shooting/odds-closed-form", test_volley_closed_form);
  g_test_add_func ("/rf/shooting/odds-large", test_volley_large);
  g_test_add_func ("/rf/shooting/wounds-to-kill", test_wounds_to_kill);
  g_test_add_func ("/rf/shooting/random-figure", test_hit_random_figure);
  g_test_add_func ("/rf/shooting/last-figure", test_last_figure);
  add_risk_cases ();
  add_step_cases ();
  g_test_add_func ("/rf/risk/prefill", test_reaction_prefill);
  g_test_add_func ("/rf/command/book-example", test_command_book);
  g_test_add_func ("/rf/command/book-example-short", test_command_book_short);
  g_test_add_func ("/rf/command/dice", test_command_dice);
  g_test_add_func ("/rf/command/costs", test_command_costs);
  g_test_add_func ("/rf/command/order", test_command_order);
  g_test_add_func ("/rf/command/odds-brute-force", test_command_odds);
  add_melee_cases ();
  g_test_add_func ("/rf/melee/odds-large", test_melee_odds_large);
  g_test_add_func ("/rf/melee/pairing", test_melee_pairing);
  g_test_add_func ("/rf/melee/casualties", test_melee_casualties);
  g_test_add_func ("/rf/melee/apply-undo", test_melee_apply);
  g_test_add_func ("/rf/movement", test_movement);
  g_test_add_func ("/rf/victory", test_victory);
  g_test_add_func ("/rf/solo/groups", test_solo_groups);
  g_test_add_func ("/rf/solo/seeded", test_solo_seeded);
  g_test_add_func ("/rf/solo/orders", test_solo_orders);
  g_test_add_func ("/rf/solo/rout", test_solo_rout);
  g_test_add_func ("/rf/solo/once-a-turn", test_solo_once_a_turn);
  g_test_add_func ("/rf/solo/switches", test_solo_switches);
  add_visibility_cases ();
  g_test_add_func ("/rf/visibility/explained", test_sight_explained);
  g_test_add_func ("/rf/visibility/battle", test_sight_battle);
  g_test_add_func ("/rf/shooting/no-volleys/from-battle", test_volleys_from_battle);
  g_test_add_func ("/rf/decisions", test_rf_decisions);
  add_prisoner_cases ();
  g_test_add_func ("/rf/prisoners/too-many", test_take_too_many);
  g_test_add_func ("/rf/prisoners/battle", test_prisoners_battle);
  g_test_add_func ("/rf/prisoners/record", test_prisoners_record);
  g_test_add_func ("/rf/prisoners/refused", test_prisoners_refused);
  g_test_add_func ("/rf/prisoners/ruling", test_prisoners_ruling);
  g_test_add_func ("/rf/hidden/dummy-count", test_dummy_count);
  g_test_add_func ("/rf/hidden/which", test_hidden_which);
  g_test_add_func ("/rf/hidden/refused", test_hidden_refused);
  g_test_add_func ("/rf/hidden/deploy-undo", test_hidden_deploy);
  g_test_add_func ("/rf/hidden/no-leak", test_hidden_no_leak);
  g_test_add_func ("/rf/hidden/reveal-undo", test_hidden_reveal);
  g_test_add_func ("/rf/hidden/seal", test_secret_seal);
  g_test_add_func ("/rf/hidden/find-marker", test_find_marker);
  g_test_add_func ("/rf/demo", test_demo);
  g_test_add_func ("/rf/forbidden", test_forbidden);
  ADD_CASES ("/rf/ruleset-error/", ruleset_cases, test_ruleset_error);

  status = g_test_run ();
  adj_ruleset_unref (rs);
  return status;
}
