/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf.c: the Risk Factor skirmish rules against RULES.md — every cell of the to-hit, damage
 * and both reaction tables, the Risk Factor and its casualty steps, command and the book's
 * worked example, shooting, melee pairing, wounds, the solo step and hidden deployment — and
 * every exact odds against a brute force over the dice. */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-members.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rf.h"
#include "adj-rng.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-unit.h"
#include "adj-test-pdf.h"

/* One reference to the ruleset for the whole run, taken in main(). */
static AdjRuleset *rs;

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md states it: written here independently of rf.json and adj-rf.c        */

static const char *const bands[] = { "short", "medium", "long" };
static const char *const covers[] = { "open", "soft", "hard" };

static int
book_need (guint band,
           guint cover)
{
  static const int need[3][3] = { { 2, 4, 6 }, { 4, 6, 7 }, { 6, 7, 8 } };
  return need[band][cover];
}

static const char *const classes[] = { "gunpowder", "bow-spear", "other" };
/* A weapon of each damage class, and one distance at short range for it. */
static const char *const class_weapon[] = { "rifle", "bow", "rocks" };

static const char *
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

static json_object *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  json_object *json = adj_json_parse_data (text, strlen (text), "test", &error);

  g_assert_no_error (error);
  g_assert_nonnull (json);
  return json;
}

static void
assert_has (const char *text,
            const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” is not in:\n%s", part, text);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (strstr (text, part) != NULL)
    g_error ("“%s” should not be in:\n%s", part, text);
}

/* Whether @needle's bytes occur in @hay: NULL when not (like memmem, which C11 lacks). */
static const guchar *
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

static AdjInputs *
inputs (const char *id,
        const char *json)
{
  g_autoptr(AdjInputs) in = adj_inputs_new (mech (id), rs);
  g_autoptr(json_object) obj = parse (json);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_json (in, obj, "test", &error));
  g_assert_no_error (error);
  return g_steal_pointer (&in);
}

/* Resolve without a battle, with the dice given (all of them must be used). */
static AdjOutcome *
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

static AdjOutcome *
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

static AdjOdds *
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
static void
assert_odds (const AdjOdds *odds,
             const char    *key,
             guint64        count,
             guint64        total)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);
  unsigned __int128 lhs, rhs;

  g_assert_false (odds->overflow);
  if (e == NULL)
    {
      g_assert_cmpuint (count, ==, 0);
      return;
    }
  lhs = (unsigned __int128) e->count * total;
  rhs = (unsigned __int128) count * odds->total;
  if (lhs != rhs)
    g_error ("odds of “%s”: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ", expected %"
             G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, key, e->count, odds->total, count, total);
}

static AdjBattle *
battle_from (const char *text)
{
  g_autoptr(json_object) json = parse (text);
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

static AdjBattle *
skirmish (void)
{
  return battle_from (skirmish_json);
}

static AdjInputs *
battle_inputs (AdjBattle  *battle,
               const char *id,
               const char *json)
{
  g_autoptr(AdjInputs) in = inputs (id, json);
  g_autoptr(json_object) obj = parse (json);
  g_autoptr(GError) error = NULL;

  /* As the app and the command line do it: the battle first, what was said explicitly wins. */
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_true (adj_inputs_set_json (in, obj, "test", &error));
  g_assert_no_error (error);
  return g_steal_pointer (&in);
}

static AdjOutcome *
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

static void
apply (AdjBattle  *battle,
       AdjInputs  *in,
       AdjOutcome *outcome)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
  g_assert_no_error (error);
}

static json_object *
members_of (AdjBattle  *battle,
            const char *unit)
{
  return adj_unit_get_members (adj_battle_find_unit (battle, unit));
}

static void
undo (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
}

/* ------------------------------------------------------------------------------------------ */
/* the system                                                                                  */

static void
test_system (void)
{
  static const char *const ids[] = {
    "rf/command", "rf/movement", "rf/shooting", "rf/melee", "rf/reaction", "rf/victory"
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

static int
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
/* range bands and shots                                                                       */

typedef struct {
  const char *weapon;
  int         distance;
  const char *band;
} BandCase;

static const BandCase band_cases[] = {
  { "rifle", 0, "short" }, { "rifle", 30, "short" }, { "rifle", 31, "medium" },
  { "rifle", 90, "medium" }, { "rifle", 91, "long" }, { "rifle", 180, "long" },
  { "rifle", 181, "out" }, { "musket", 20, "short" }, { "musket", 21, "medium" },
  { "musket", 40, "medium" }, { "musket", 41, "long" }, { "musket", 120, "long" },
  { "musket", 121, "out" }, { "pistol", 5, "short" }, { "pistol", 10, "medium" },
  { "pistol", 30, "long" }, { "pistol", 31, "out" }, { "spear", 8, "short" },
  { "spear", 12, "medium" }, { "spear", 24, "long" }, { "spear", 25, "out" },
  { "carbine", 15, "short" }, { "carbine", 100, "long" }, { "rifled-carbine", 80, "medium" },
  { "bow", 60, "medium" }, { "hatchet", 20, "long" }, { "rocks", 21, "out" },
};

static void
test_range_bands (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (band_cases); i++)
    {
      const BandCase *c = &band_cases[i];
      /* Nobody able to shoot: the band is still worked out, and no die is needed. */
      g_autofree char *json = g_strdup_printf ("{\"weapon\": \"%s\", \"distance\": %d, "
                                               "\"shooters\": 0}", c->weapon, c->distance);
      g_autoptr(AdjInputs) in = inputs ("rf/shooting", json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
      json_object *band = json_object_object_get (out->values, "band");

      g_assert_cmpstr (json_object_get_string (band), ==, c->band);
    }
}

typedef struct {
  const char *name;
  const char *inputs;
  int         shots;
} ShotsCase;

static const ShotsCase shots_cases[] = {
  /* Uncommanded: one shot for every two figures standing, every three moving, rounded down. */
  { "uncommanded/stationary-10", "{\"shooters\": 10}", 5 },
  { "uncommanded/stationary-11", "{\"shooters\": 11}", 5 },
  { "uncommanded/stationary-1", "{\"shooters\": 1}", 0 },
  { "uncommanded/moving-10", "{\"shooters\": 10, \"moving\": true}", 3 },
  { "uncommanded/moving-9", "{\"shooters\": 9, \"moving\": true}", 3 },
  { "uncommanded/moving-8", "{\"shooters\": 8, \"moving\": true}", 2 },
  { "uncommanded/wounded-long", "{\"shooters\": 10, \"wounded\": 4, \"distance\": 150}", 3 },
  { "uncommanded/wounded-short", "{\"shooters\": 10, \"wounded\": 4, \"distance\": 30}", 5 },
  /* Commanded: by the way the weapon loads. */
  { "commanded/breech", "{\"shooters\": 10, \"commanded\": true}", 10 },
  { "commanded/breech-moving", "{\"shooters\": 10, \"commanded\": true, \"moving\": true}", 10 },
  { "commanded/magazine", "{\"shooters\": 10, \"commanded\": true, \"loading\": \"magazine\"}",
    10 },
  { "commanded/muzzle-loaded", "{\"shooters\": 10, \"commanded\": true, \"loading\": \"muzzle\", "
                               "\"loaded\": true}", 10 },
  { "commanded/muzzle-empty", "{\"shooters\": 10, \"commanded\": true, \"loading\": \"muzzle\"}",
    0 },
  { "commanded/musket-always-muzzle", "{\"shooters\": 10, \"commanded\": true, "
                                      "\"weapon\": \"musket\", \"loading\": \"magazine\"}", 0 },
  { "commanded/musket-loaded", "{\"shooters\": 10, \"commanded\": true, \"weapon\": \"musket\", "
                               "\"loaded\": true}", 10 },
  { "commanded/thrown-spears", "{\"shooters\": 10, \"commanded\": true, \"weapon\": \"spear\", "
                               "\"distance\": 8}", 3 },
  { "commanded/thrown-rocks", "{\"shooters\": 5, \"commanded\": true, \"weapon\": \"rocks\", "
                              "\"distance\": 4}", 1 },
  { "commanded/bows", "{\"shooters\": 7, \"commanded\": true, \"weapon\": \"bow\"}", 7 },
  { "commanded/wounded-medium", "{\"shooters\": 10, \"wounded\": 3, \"commanded\": true, "
                                "\"distance\": 60}", 7 },
  { "commanded/out-of-range", "{\"shooters\": 10, \"commanded\": true, \"distance\": 200}", 0 },
  /* A player character fires one shot, loaded as his weapon needs. */
  { "character/rifle", "{\"shooters\": 1, \"character\": true}", 1 },
  { "character/musket-empty", "{\"shooters\": 1, \"character\": true, \"weapon\": \"musket\"}",
    0 },
  { "character/musket-loaded", "{\"shooters\": 1, \"character\": true, \"weapon\": \"musket\", "
                               "\"loaded\": true}", 1 },
  { "character/wounded-long", "{\"shooters\": 1, \"wounded\": 1, \"character\": true, "
                              "\"distance\": 100}", 0 },
};

static void
test_shots (gconstpointer data)
{
  const ShotsCase *c = data;
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", c->inputs);
  AdjContext ctx = { .ruleset = rs };
  g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) out = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  AdjRng rng;

  g_assert_cmpuint (specs->len, ==, c->shots > 0 ? 1 : 0);
  if (c->shots > 0)
    g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, (guint) c->shots);
  adj_rng_seed (&rng, 5);
  random = adj_random_new (&rng, NULL);
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, out, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_outcome_get_value_int (out, "shots", -1), ==, c->shots);
}

static void
test_shooting_refused (void)
{
  static const char *const cases[] = {
    "{\"weapon\": \"sword\"}",
    "{\"shooters\": 3, \"wounded\": 4}",
    "{\"aim\": 2}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/shooting", cases[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjOutcome) out = resolve_with (in, NULL, 0, &error);

      g_assert_null (out);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    }
}

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

static char *
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
static void
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

static void
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
  undo (battle);
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "commanded"));
  /* It only lasts the turn. */
  apply (battle, in, out);
  g_assert_true (adj_battle_next_turn (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u2"), "commanded"));
}

static void
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

static void
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
static void
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
static void
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

static void
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

/* ------------------------------------------------------------------------------------------ */
/* shooting: exact odds, wounds per figure                                                     */

typedef unsigned __int128 Big;

static Big
big_pow (Big   base,
         guint n)
{
  Big r = 1;

  while (n-- > 0)
    r *= base;
  return r;
}

/* Does one shot (a D8 and a D6) hurt, by the book? */
static gboolean
book_shot_hurts (int   d8,
                 int   d6,
                 int   need,
                 guint cls,
                 int   mod)
{
  return d8 >= need && !g_str_equal (book_damage (cls, d6 + mod), "graze");
}

typedef struct {
  const char *inputs;
  guint       shots;
  int         need;
  guint       cls;
  int         mod;
} VolleyCase;

static const VolleyCase volley_cases[] = {
  { "{\"shooters\": 2}", 1, 2, 0, 0 },
  { "{\"shooters\": 4, \"cover\": \"soft\", \"distance\": 60}", 2, 6, 0, 0 },
  { "{\"shooters\": 6, \"cover\": \"hard\", \"distance\": 150, \"quality\": \"raw\"}", 3, 8, 0,
    -1 },
  { "{\"shooters\": 3, \"commanded\": true, \"weapon\": \"bow\", \"quality\": \"hero\"}", 3, 2, 1,
    1 },
  { "{\"shooters\": 6, \"commanded\": true, \"weapon\": \"rocks\", \"distance\": 10, "
    "\"cover\": \"soft\"}", 2, 7, 2, 0 },
};

static void
test_volley_odds (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (volley_cases); c++)
    {
      const VolleyCase *v = &volley_cases[c];
      g_autoptr(AdjInputs) in = inputs ("rf/shooting", v->inputs);
      g_autoptr(AdjOdds) odds = odds_of (in);
      guint64 counts[4] = { 0 };
      guint64 total = 1;

      for (guint i = 0; i < v->shots; i++)
        total *= 48;
      for (guint64 w = 0; w < total; w++)
        {
          guint64 x = w;
          guint hurt = 0;

          for (guint i = 0; i < v->shots; i++, x /= 48)
            if (book_shot_hurts ((int) (x % 8) + 1, (int) (x / 8 % 6) + 1, v->need, v->cls,
                                 v->mod))
              hurt++;
          counts[hurt]++;
        }
      g_assert_cmpuint (odds->entries->len, ==, v->shots + 1);
      for (guint k = 0; k <= v->shots; k++)
        {
          g_autofree char *key = g_strdup_printf ("%u", k);
          assert_odds (odds, key, counts[k], total);
        }
    }
}

/* Twelve shots: too many faces to walk through; the closed form C(n,k) a^k (48-a)^(n-k) / 48^n
 * instead, with a = (9 - need) * hurting faces, in 128-bit integers. */
static void
test_volley_closed_form (void)
{
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", "{\"shooters\": 12, \"commanded\": true, "
                                                   "\"cover\": \"soft\", \"distance\": 50}");
  g_autoptr(AdjOdds) odds = odds_of (in);
  int need = book_need (1, 1);
  Big a = 0, total = big_pow (48, 12), binom = 1;

  for (int d8 = 1; d8 <= 8; d8++)
    for (int d6 = 1; d6 <= 6; d6++)
      a += book_shot_hurts (d8, d6, need, 0, 0);
  g_assert_false (odds->overflow);
  for (guint k = 0; k <= 12; k++)
    {
      g_autofree char *key = g_strdup_printf ("%u", k);
      const AdjOddsEntry *e = adj_odds_find (odds, key);
      Big ways = binom * big_pow (a, k) * big_pow (48 - a, 12 - k);

      g_assert_nonnull (e);
      /* num / den == ways / total */
      g_assert_true ((Big) e->num * total == ways * (Big) e->den);
      binom = binom * (12 - k) / (k + 1);
    }
}

/* Past what 128 bits can count the odds say so, and still give the probabilities. */
static void
test_volley_overflow (void)
{
  g_autoptr(AdjInputs) in = inputs ("rf/shooting", "{\"shooters\": 60, \"commanded\": true}");
  g_autoptr(AdjOdds) odds = odds_of (in);
  double sum = 0.0, mean = 0.0;
  int need = book_need (0, 0);
  double p = 0.0;

  for (int d8 = 1; d8 <= 8; d8++)
    for (int d6 = 1; d6 <= 6; d6++)
      p += book_shot_hurts (d8, d6, need, 0, 0) / 48.0;
  g_assert_true (odds->overflow);
  g_assert_cmpuint (odds->entries->len, ==, 61);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      sum += e->p;
      mean += e->p * i;
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (mean, 60 * p, 1e-9);
}

/* A wound, then a second wound, kills; undo brings him back, wound by wound. */
static void
test_wounds_to_kill (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  /* Lt Ashby aims his pistol at figure 2 of Zulu impi 2. */
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                           "{\"shooter\": \"u1\", \"target\": \"u5\", "
                                           "\"distance\": 5, \"aim\": 2}");
  int wound[] = { 8, 3 };   /* a hit, and a 3: a wound from a firearm */

  g_assert_true (adj_inputs_get_bool (in, "character"));
  g_assert_cmpint (adj_inputs_get_int (in, "targets"), ==, 10);
  {
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, wound, G_N_ELEMENTS (wound));
    g_assert_cmpint (adj_outcome_get_value_int (out, "wounds", -1), ==, 1);
    g_assert_cmpint (adj_outcome_get_value_int (out, "dead", -1), ==, 0);
    apply (battle, in, out);
  }
  g_assert_cmpint (adj_member_get_int (members_of (battle, "u5"), 1, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 10);
  {
    g_autoptr(AdjOutcome) out = battle_resolve (battle, in, wound, G_N_ELEMENTS (wound));
    g_autofree char *text = adj_outcome_to_text (out);

    g_assert_cmpint (adj_outcome_get_value_int (out, "dead", -1), ==, 1);
    assert_has (text, "figure 2 is wounded a second time and dies");
    apply (battle, in, out);
  }
  g_assert_true (adj_member_get_bool (members_of (battle, "u5"), 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 9);
  /* He is down: aiming at him again is refused. */
  {
    g_autoptr(AdjRandom) random = adj_battle_new_random (battle);
    g_autoptr(AdjOutcome) out = adj_outcome_new (in->mechanic);
    g_autoptr(GError) error = NULL;
    AdjContext ctx;

    adj_battle_context (battle, &ctx);
    adj_random_enter_dice (random, wound, G_N_ELEMENTS (wound));
    g_assert_false (adj_mechanic_resolve (in->mechanic, &ctx, in, random, out, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
  undo (battle);
  g_assert_false (adj_member_get_bool (members_of (battle, "u5"), 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_member_get_int (members_of (battle, "u5"), 1, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 10);
  undo (battle);
  g_assert_cmpint (adj_member_get_int (members_of (battle, "u5"), 1, "wounds"), ==, 0);
}

/* A hit lands on a figure picked by a die as large as the figures left. */
static void
test_hit_random_figure (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                           "{\"shooter\": \"u1\", \"target\": \"u4\", "
                                           "\"distance\": 5}");
  int dice[] = { 8, 6, 7 };   /* a hit, a kill, the 7th of 12 figures */
  g_autoptr(AdjOutcome) out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
  const AdjRoll *pick = g_ptr_array_index (out->rolls, 2);

  g_assert_cmpstr (pick->group, ==, "figure");
  g_assert_cmpuint (pick->sides, ==, 12);
  apply (battle, in, out);
  g_assert_true (adj_member_get_bool (members_of (battle, "u4"), 6, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u4")), ==, 11);

  /* The next pick counts only the 11 left: the 7th is now what was the 8th. */
  {
    g_autoptr(AdjOutcome) again = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
    const AdjRoll *p2 = g_ptr_array_index (again->rolls, 2);

    g_assert_cmpuint (p2->sides, ==, 11);
    apply (battle, in, again);
    g_assert_true (adj_member_get_bool (members_of (battle, "u4"), 7, ADJ_MEMBER_LOST));
  }
}

/* The last figure down: the group is destroyed; and commanded muzzle-loaders are empty after. */
static void
test_last_figure (void)
{
  g_autofree char *text = two_side_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Musketeers\", \"type\": \"irregular-foot\", "
    "\"weapon\": \"musket\", \"figures\": 3, \"status\": {\"loaded\": true, "
    "\"commanded\": true}}, "
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Last man\", \"type\": \"tribal-warriors\", "
    "\"figures\": 1}");
  g_autoptr(AdjBattle) battle = battle_from (text);
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/shooting",
                                           "{\"shooter\": \"u1\", \"target\": \"u2\", "
                                           "\"distance\": 20}");
  /* Three loaded muskets fire: two misses and a hit that kills; one figure: no die to pick. */
  int kill[] = { 1, 1, 8, 6 };
  g_autoptr(AdjOutcome) out = battle_resolve (battle, in, kill, G_N_ELEMENTS (kill));
  AdjUnit *last = adj_battle_find_unit (battle, "u2");
  AdjUnit *muskets = adj_battle_find_unit (battle, "u1");

  g_assert_cmpint (adj_outcome_get_value_int (out, "shots", -1), ==, 3);
  g_assert_cmpuint (out->rolls->len, ==, 2);
  apply (battle, in, out);
  g_assert_true (adj_unit_get_destroyed (last));
  g_assert_cmpint (adj_unit_get_figures (last), ==, 0);
  g_assert_false (adj_unit_get_status_bool (muskets, "loaded"));
  undo (battle);
  g_assert_false (adj_unit_get_destroyed (last));
  g_assert_cmpint (adj_unit_get_figures (last), ==, 1);
  g_assert_true (adj_unit_get_status_bool (muskets, "loaded"));
}

/* ------------------------------------------------------------------------------------------ */
/* melee                                                                                       */

typedef struct {
  const char *quality;   /* "hero", "veteran", "raw" */
  int         factor;    /* melee factor of his weapon */
} BookFighter;

/* The modifier of a figure fighting @n opponents alone, whose best melee factor is @best. */
static int
book_lone_mod (const BookFighter *f,
               guint              n,
               int                best,
               gboolean           superior,
               gboolean           wall)
{
  return -(int) g_str_equal (f->quality, "raw") - ((int) n - 1) - wall +
         (g_str_equal (f->quality, "hero") || superior) + (f->factor > best);
}

/* The modifier of one of the figures fighting @lone. */
static int
book_opponent_mod (const BookFighter *f,
                   const BookFighter *lone,
                   gboolean           superior,
                   gboolean           wall)
{
  return -(int) g_str_equal (f->quality, "raw") - wall +
         (g_str_equal (f->quality, "hero") || superior) + (f->factor > lone->factor);
}

/* The book's melee, written from RULES.md: pair off as evenly as possible (the first figures
 * of the smaller side take the extra opponents), each fight compared on its own. */
static void
book_melee (const BookFighter *fa,
            guint              a,
            gboolean           sup_a,
            gboolean           wall_a,
            const BookFighter *fb,
            guint              b,
            gboolean           sup_b,
            gboolean           wall_b,
            const int         *da,
            const int         *db,
            int               *wins_a,
            int               *wins_b)
{
  gboolean a_small = a <= b;
  guint small = MIN (a, b), big = MAX (a, b), next = 0;
  const BookFighter *fs = a_small ? fa : fb, *fl = a_small ? fb : fa;
  const int *ds = a_small ? da : db, *dl = a_small ? db : da;
  gboolean sup_s = a_small ? sup_a : sup_b, sup_l = a_small ? sup_b : sup_a;
  gboolean wall_s = a_small ? wall_a : wall_b, wall_l = a_small ? wall_b : wall_a;
  int ws = 0, wl = 0;

  for (guint i = 0; i < small; i++)
    {
      guint n = big / small + (i < big % small ? 1 : 0);
      int best = 0, ms;

      for (guint j = next; j < next + n; j++)
        best = MAX (best, fl[j].factor);
      ms = book_lone_mod (&fs[i], n, best, sup_s, wall_s);
      for (guint j = next; j < next + n; j++)
        {
          int ml = book_opponent_mod (&fl[j], &fs[i], sup_l, wall_l);

          if (ds[i] + ms > dl[j] + ml)
            ws++;
          else if (dl[j] + ml > ds[i] + ms)
            wl++;
        }
      next += n;
    }
  *wins_a = a_small ? ws : wl;
  *wins_b = a_small ? wl : ws;
}

static const char *
book_melee_key (int wa,
                int wb)
{
  return wa > wb ? "attacker" : wb > wa ? "defender" : "draw";
}

typedef struct {
  const char *name;
  guint       a, b;
  const char *qa, *qb;         /* group qualities */
  const char *wa, *wb;         /* group weapons */
  gboolean    sup_a, sup_b, wall_a, wall_b;
} MeleeCase;

static const MeleeCase melee_cases[] = {
  { "1v1", 1, 1, "veteran", "veteran", "rifle-bayonet", "spear", FALSE, FALSE, FALSE, FALSE },
  { "1v3", 1, 3, "hero", "raw", "sword", "spear", FALSE, FALSE, FALSE, FALSE },
  { "2v3", 2, 3, "veteran", "veteran", "rifle", "war-club", FALSE, TRUE, FALSE, FALSE },
  { "3v2", 3, 2, "raw", "hero", "spear", "lance", FALSE, FALSE, TRUE, FALSE },
  { "2v5", 2, 5, "veteran", "raw", "rifle-bayonet", "spear", TRUE, FALSE, FALSE, TRUE },
  { "4v3", 4, 3, "veteran", "veteran", "hatchet", "rocks", FALSE, FALSE, FALSE, FALSE },
};

static char *
melee_inputs_json (const MeleeCase *c)
{
  return g_strdup_printf ("{\"attackers\": %u, \"defenders\": %u, \"attacker_quality\": \"%s\", "
                          "\"defender_quality\": \"%s\", \"attacker_weapon\": \"%s\", "
                          "\"defender_weapon\": \"%s\", \"attacker_superior\": %s, "
                          "\"defender_superior\": %s, \"attacker_wall\": %s, "
                          "\"defender_wall\": %s}", c->a, c->b, c->qa, c->qb, c->wa, c->wb,
                          c->sup_a ? "true" : "false", c->sup_b ? "true" : "false",
                          c->wall_a ? "true" : "false", c->wall_b ? "true" : "false");
}

static void
book_fighters (const MeleeCase *c,
               BookFighter     *fa,
               BookFighter     *fb)
{
  for (guint i = 0; i < c->a; i++)
    fa[i] = (BookFighter) { c->qa, weapon_rule (c->wa, "melee") };
  for (guint i = 0; i < c->b; i++)
    fb[i] = (BookFighter) { c->qb, weapon_rule (c->wb, "melee") };
}

/* Exact odds against every throw of every die. */
static void
test_melee_odds (gconstpointer data)
{
  const MeleeCase *c = data;
  g_autofree char *json = melee_inputs_json (c);
  g_autoptr(AdjInputs) in = inputs ("rf/melee", json);
  g_autoptr(AdjOdds) odds = odds_of (in);
  BookFighter fa[8], fb[8];
  guint n = c->a + c->b;
  guint64 total = 1, att = 0, def = 0, draw = 0;
  int dice[16];

  book_fighters (c, fa, fb);
  for (guint i = 0; i < n; i++)
    total *= 6;
  for (guint64 w = 0; w < total; w++)
    {
      guint64 x = w;
      int wa, wb;
      const char *key;

      for (guint i = 0; i < n; i++, x /= 6)
        dice[i] = (int) (x % 6) + 1;
      book_melee (fa, c->a, c->sup_a, c->wall_a, fb, c->b, c->sup_b, c->wall_b, dice,
                  dice + c->a, &wa, &wb);
      key = book_melee_key (wa, wb);
      if (g_str_equal (key, "attacker"))
        att++;
      else if (g_str_equal (key, "defender"))
        def++;
      else
        draw++;
      /* The mechanic, on a sample of these throws, finds the same fights won. */
      if (w % 131 == 0)
        {
          g_autoptr(AdjOutcome) out = resolve_ok (in, dice, n);

          g_assert_cmpstr (out->key, ==, key);
          g_assert_cmpint (adj_outcome_get_value_int (out, "attacker_wins", -1), ==, wa);
          g_assert_cmpint (adj_outcome_get_value_int (out, "defender_wins", -1), ==, wb);
        }
    }
  assert_odds (odds, "attacker", att, total);
  assert_odds (odds, "defender", def, total);
  assert_odds (odds, "draw", draw, total);
}

/* The fights won, attackers' less defenders', as a count of throws and a probability for
 * each difference from -span to span. */
typedef struct {
  int                span;
  unsigned __int128 *ways;
  double            *p;
  gboolean           overflow;
} BookSpread;

static BookSpread
book_spread_new (int span)
{
  return (BookSpread) { span, g_new0 (unsigned __int128, 2 * span + 1),
                        g_new0 (double, 2 * span + 1), FALSE };
}

static void
book_spread_free (BookSpread *s)
{
  g_free (s->ways);
  g_free (s->p);
}

/* @into[k + d] gains @from[k] times @ways ways and @p, for every k. */
static void
book_spread_shift_add (BookSpread       *into,
                       const BookSpread *from,
                       int               d,
                       unsigned __int128 ways,
                       double            p)
{
  for (int k = -from->span; k <= from->span; k++)
    {
      unsigned __int128 w;

      if (from->ways[k + from->span] == 0 && from->p[k + from->span] == 0.0)
        continue;
      g_assert_true (k + d >= -into->span && k + d <= into->span);
      into->p[k + d + into->span] += from->p[k + from->span] * p;
      into->overflow |= from->overflow;
      if (__builtin_mul_overflow (from->ways[k + from->span], ways, &w) ||
          __builtin_add_overflow (into->ways[k + d + into->span], w,
                                  &into->ways[k + d + into->span]))
        into->overflow = TRUE;
    }
}

/* The book's melee odds, worked out throw by throw of each cluster: the lone figure's die, then
 * each of his opponents' in turn. */
static BookSpread
book_melee_spread (const MeleeCase *c)
{
  BookFighter fa[64], fb[64];
  gboolean a_small = c->a <= c->b;
  guint small = MIN (c->a, c->b), big = MAX (c->a, c->b), next = 0;
  const BookFighter *fs = a_small ? fa : fb, *fl = a_small ? fb : fa;
  int sign = a_small ? 1 : -1;
  int span = (int) big;
  BookSpread all = book_spread_new (span);

  book_fighters (c, fa, fb);
  all.ways[span] = 1;
  all.p[span] = 1.0;
  for (guint i = 0; i < small; i++)
    {
      guint n = big / small + (i < big % small ? 1 : 0);
      int best = 0, ms;
      BookSpread cluster = book_spread_new (span);
      BookSpread next_all = book_spread_new (span);

      for (guint j = next; j < next + n; j++)
        best = MAX (best, fl[j].factor);
      ms = book_lone_mod (&fs[i], n, best, a_small ? c->sup_a : c->sup_b,
                          a_small ? c->wall_a : c->wall_b);
      for (int xd = 1; xd <= 6; xd++)
        {
          BookSpread given = book_spread_new (span);

          given.ways[span] = 1;
          given.p[span] = 1.0 / 6.0;
          for (guint j = next; j < next + n; j++)
            {
              int ml = book_opponent_mod (&fl[j], &fs[i], a_small ? c->sup_b : c->sup_a,
                                          a_small ? c->wall_b : c->wall_a);
              BookSpread after = book_spread_new (span);

              for (int yd = 1; yd <= 6; yd++)
                {
                  int d = xd + ms > yd + ml ? sign : yd + ml > xd + ms ? -sign : 0;

                  book_spread_shift_add (&after, &given, d, 1, 1.0 / 6.0);
                }
              book_spread_free (&given);
              given = after;
            }
          book_spread_shift_add (&cluster, &given, 0, 1, 1.0);
          book_spread_free (&given);
        }
      for (int d = -span; d <= span; d++)
        {
          /* All so far, shifted by d, times the cluster's ways and probability at d. */
          if (cluster.ways[d + span] != 0 || cluster.p[d + span] != 0.0)
            book_spread_shift_add (&next_all, &all, d, cluster.ways[d + span],
                                   cluster.p[d + span]);
        }
      next_all.overflow |= cluster.overflow;
      book_spread_free (&all);
      book_spread_free (&cluster);
      all = next_all;
      next += n;
    }
  return all;
}

/* Melees too big to throw every die, up to sixty a side: the mechanic's odds against the book's
 * worked out cluster by cluster, exactly while the counts fit and to rounding beyond. */
static void
test_melee_odds_large (void)
{
  static const MeleeCase cases[] = {
    { "6v6", 6, 6, "veteran", "veteran", "rifle-bayonet", "spear", FALSE, FALSE, FALSE, FALSE },
    { "5v11", 5, 11, "hero", "raw", "sword", "spear", FALSE, TRUE, FALSE, FALSE },
    { "13v4", 13, 4, "raw", "veteran", "spear", "lance", FALSE, FALSE, TRUE, FALSE },
    { "17v43", 17, 43, "veteran", "raw", "rifle-bayonet", "war-club", TRUE, FALSE, FALSE, TRUE },
    { "60v60", 60, 60, "veteran", "veteran", "rifle-bayonet", "spear", FALSE, FALSE, FALSE, FALSE },
    { "60v60 even", 60, 60, "veteran", "veteran", "spear", "spear", FALSE, FALSE, FALSE, FALSE },
    { "59v60", 59, 60, "hero", "raw", "hatchet", "rocks", FALSE, FALSE, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MeleeCase *c = &cases[i];
      g_autofree char *json = melee_inputs_json (c);
      g_autoptr(AdjInputs) in = inputs ("rf/melee", json);
      g_autoptr(AdjOdds) odds = odds_of (in);
      BookSpread book = book_melee_spread (c);
      double p[3] = { 0 };
      unsigned __int128 ways[3] = { 0 }, total = 1;
      gboolean overflow = book.overflow;
      static const char *const keys[] = { "attacker", "defender", "draw" };

      for (guint f = 0; f < c->a + c->b; f++)
        overflow |= __builtin_mul_overflow (total, 6, &total);
      for (int d = -book.span; d <= book.span; d++)
        {
          guint o = d > 0 ? 0 : d < 0 ? 1 : 2;

          p[o] += book.p[d + book.span];
          overflow |= __builtin_add_overflow (ways[o], book.ways[d + book.span], &ways[o]);
        }
      overflow |= total > G_MAXUINT64;
      g_test_message ("%s: attackers %.6f, defenders %.6f, draw %.6f%s", c->name, p[0], p[1],
                      p[2], overflow ? " (counts too big)" : "");
      g_assert_cmpint (odds->overflow, ==, overflow);
      for (guint o = 0; o < 3; o++)
        {
          const AdjOddsEntry *e = adj_odds_find (odds, keys[o]);

          g_assert_nonnull (e);
          g_assert_cmpfloat_with_epsilon (e->p, p[o], 1e-12);
          if (!overflow)
            assert_odds (odds, keys[o], (guint64) ways[o], (guint64) total);
        }
      /* The same weapons and quality on both sides: neither side is favoured. */
      if (g_str_equal (c->name, "60v60 even"))
        g_assert_cmpfloat_with_epsilon (p[0], p[1], 1e-12);
      book_spread_free (&book);
    }
}

/* Uneven numbers pair off evenly, whatever the dice: many seeded throws against the book. */
static void
test_melee_pairing (void)
{
  static const guint sizes[][2] = { { 1, 4 }, { 3, 5 }, { 5, 3 }, { 2, 7 }, { 7, 2 }, { 4, 4 },
                                    { 6, 4 }, { 10, 3 } };
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      MeleeCase c = { "seeded", sizes[s][0], sizes[s][1], "veteran", "raw", "rifle-bayonet",
                      "spear", FALSE, FALSE, FALSE, FALSE };
      g_autofree char *json = melee_inputs_json (&c);
      g_autoptr(AdjInputs) in = inputs ("rf/melee", json);
      BookFighter fa[16], fb[16];

      book_fighters (&c, fa, fb);
      for (guint t = 0; t < 200; t++)
        {
          int dice[32];
          int wa, wb;

          for (guint i = 0; i < c.a + c.b; i++)
            dice[i] = adj_rng_die (&rng, 6);
          book_melee (fa, c.a, FALSE, FALSE, fb, c.b, FALSE, FALSE, dice, dice + c.a, &wa, &wb);
          {
            g_autoptr(AdjOutcome) out = resolve_ok (in, dice, c.a + c.b);

            g_assert_cmpint (adj_outcome_get_value_int (out, "attacker_wins", -1), ==, wa);
            g_assert_cmpint (adj_outcome_get_value_int (out, "defender_wins", -1), ==, wb);
            /* Every figure of the larger side fights exactly once. */
            g_assert_cmpint (wa + wb, <=, (int) MAX (c.a, c.b));
          }
        }
    }
}

/* The winner's own die decides the casualty: 5 wounds, 6 kills, whatever the modifiers. */
static void
test_melee_casualties (void)
{
  /* Veteran with a bayonet (+1: 4 against a spear's 3) against a raw spearman (-1). */
  static const struct {
    int         a, b;
    const char *key;
    int         a_wounds, a_lost, b_wounds, b_lost;
  } cases[] = {
    { 4, 4, "attacker", 0, 0, 0, 0 },   /* 5 against 3: won, but a 4 hurts no one */
    { 5, 4, "attacker", 0, 0, 1, 0 },   /* an unmodified 5 wounds */
    { 6, 1, "attacker", 0, 0, 0, 1 },   /* an unmodified 6 kills */
    { 3, 5, "draw", 0, 0, 0, 0 },       /* 4 against 4 */
    { 1, 6, "defender", 0, 1, 0, 0 },   /* 2 against 5, and his 6 kills */
    { 2, 5, "defender", 1, 0, 0, 0 },   /* 3 against 4, his 5 wounds */
    { 3, 6, "defender", 0, 1, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/melee",
                                        "{\"attackers\": 1, \"defenders\": 1, "
                                        "\"attacker_quality\": \"veteran\", "
                                        "\"defender_quality\": \"raw\", "
                                        "\"attacker_weapon\": \"rifle-bayonet\", "
                                        "\"defender_weapon\": \"spear\"}");
      int dice[] = { cases[i].a, cases[i].b };
      g_autoptr(AdjOutcome) out = resolve_ok (in, dice, 2);
      json_object *att = json_object_object_get (out->values, "attacker");
      json_object *def = json_object_object_get (out->values, "defender");

      g_assert_cmpstr (out->key, ==, cases[i].key);
      g_assert_cmpint (json_object_get_int (json_object_object_get (att, "anonymous_lost")), ==,
                       cases[i].a_lost);
      g_assert_cmpint (json_object_get_int (json_object_object_get (def, "anonymous_lost")), ==,
                       cases[i].b_lost);
      {
        g_autofree char *text = adj_outcome_to_text (out);
        if (cases[i].b_wounds || cases[i].a_wounds)
          assert_has (text, "is wounded");
      }
    }
}

/* With records: the figures fight with their own quality and weapon; a wound lands on the
 * figure who lost; the losers' figures that cannot fall back are wounded; undo takes it all
 * back. */
static void
test_melee_apply (void)
{
  g_autofree char *text = two_side_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Picket\", \"type\": \"regular-foot\", "
    "\"rating\": \"veteran\", \"weapon\": \"rifle-bayonet\", \"members\": ["
    "{\"name\": \"Cpl Rudd\", \"rating\": \"hero\"}, {\"name\": \"Pte Ames\", "
    "\"wounds\": 1}]}, "
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Warriors\", \"type\": \"native-regulars\", "
    "\"rating\": \"veteran\", \"weapon\": \"spear\", \"members\": [{}, {}, {}, {}]}");
  g_autoptr(AdjBattle) battle = battle_from (text);
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/melee",
                                           "{\"attacker\": \"u2\", \"defender\": \"u1\", "
                                           "\"defender_blocked\": 1}");
  /* Four warriors against two redcoats: each redcoat faces two (-1 each).  Cpl Rudd (hero +1,
   * bayonet +1, -1: +1) rolls 6: 7 beats the 2 and 3 of his two, and kills the first.
   * Pte Ames (bayonet +1, -1: 0) rolls 1: both of his beat him, one with a 5 (a second wound:
   * dead). Warriors win 2 fights, redcoats 2: a draw, both fall back; Cpl Rudd cannot: wounded. */
  int dice[] = { 2, 3, 5, 4, 6, 1 };
  g_autoptr(AdjOutcome) out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
  json_object *picket, *warriors;

  g_assert_cmpint (adj_inputs_get_int (in, "attackers"), ==, 4);
  g_assert_cmpint (adj_inputs_get_int (in, "defenders"), ==, 2);
  g_assert_cmpstr (out->key, ==, "draw");
  g_assert_cmpint (adj_outcome_get_value_int (out, "attacker_wins", -1), ==, 2);
  g_assert_cmpint (adj_outcome_get_value_int (out, "defender_wins", -1), ==, 2);
  apply (battle, in, out);
  picket = members_of (battle, "u1");
  warriors = members_of (battle, "u2");
  g_assert_true (adj_member_get_bool (warriors, 0, ADJ_MEMBER_LOST));
  g_assert_false (adj_member_get_bool (warriors, 1, ADJ_MEMBER_LOST));
  g_assert_true (adj_member_get_bool (picket, 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_member_get_int (picket, 0, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u1")), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u2")), ==, 3);
  undo (battle);
  picket = members_of (battle, "u1");
  g_assert_false (adj_member_get_bool (picket, 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_member_get_int (picket, 0, "wounds"), ==, 0);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u2")), ==, 4);
}

/* ------------------------------------------------------------------------------------------ */
/* movement and victory                                                                        */

typedef struct {
  const char *name;
  const char *inputs;
  int         cm;
} MoveCase;

static const MoveCase move_cases[] = {
  { "foot", "{}", 25 },
  { "horsed-open", "{\"horsed\": true, \"open_ground\": true}", 40 },
  { "horsed-broken", "{\"horsed\": true}", 25 },
  { "open-on-foot", "{\"open_ground\": true}", 25 },
  { "wounded", "{\"wounded\": true}", 20 },
  { "civilian", "{\"civilian\": true}", 20 },
  { "petticoats", "{\"civilian\": true, \"petticoats\": true}", 15 },
  { "half-speed", "{\"half_speed\": true}", 12 },
  { "routing", "{\"routing\": true}", 30 },
  { "barrier", "{\"barrier\": true}", 19 },
  { "horsed-barrier", "{\"horsed\": true, \"open_ground\": true, \"barrier\": true}", 30 },
  { "wounded-horseman", "{\"horsed\": true, \"open_ground\": true, \"wounded\": true}", 20 },
  { "routing-barrier", "{\"routing\": true, \"barrier\": true}", 24 },
};

static void
test_movement (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/movement", move_cases[i].inputs);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
      g_autoptr(AdjOdds) odds = odds_of (in);
      g_autofree char *key = g_strdup_printf ("%d", move_cases[i].cm);

      g_assert_cmpstr (out->key, ==, key);
      assert_odds (odds, key, 1, 1);
    }
  /* Natives attacking add a D6: six equally likely moves. */
  {
    g_autoptr(AdjInputs) in = inputs ("rf/movement", "{\"native_attack\": true}");
    g_autoptr(AdjOdds) odds = odds_of (in);
    int four[] = { 4 };
    g_autoptr(AdjOutcome) out = resolve_ok (in, four, 1);

    g_assert_cmpstr (out->key, ==, "29");
    for (int d = 1; d <= 6; d++)
      {
        g_autofree char *key = g_strdup_printf ("%d", 25 + d);
        assert_odds (odds, key, 1, 6);
      }
  }
}

static void
test_victory (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  static const char *const ids[] = { "u4", "u5", "u6", "u7" };

  /* Every group of the side retreating or routing: lost.  Not before. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *target = g_strconcat ("unit:", ids[i], NULL);
      g_autoptr(json_object) order = json_object_new_string (i % 2 ? "retreat" : "rout");
      g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/victory", "{\"side\": \"b\"}");
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);

      g_assert_cmpint (adj_inputs_get_int (in, "groups"), ==, 4);
      g_assert_cmpint (adj_inputs_get_int (in, "retreating"), ==, (int) i);
      g_assert_cmpstr (out->key, ==, "fighting");
      g_assert_true (adj_battle_edit (battle, target, "status.order", order, &error));
      g_assert_no_error (error);
    }
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/victory", "{\"side\": \"b\"}");
    g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
    g_assert_cmpstr (out->key, ==, "lost");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* the solo step                                                                               */

static AdjRfSolo *
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

static void
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
    undo (battle);
    undo (battle);
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
static void
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

static void
test_solo_orders (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(AdjRfSolo) solo = solo_new (battle);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) set = parse ("{\"u4\": {\"enemy_in_range\": true, "
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
    g_autoptr(json_object) unknown = parse ("{\"u1\": {\"no_enemy\": true}}");
    g_autoptr(json_object) bad = parse ("{\"u4\": {\"no_enemy\": 1}}");

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

    g_assert_true (adj_rf_solo_apply (solo, &error));
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
      undo (battle);
    g_assert_cmpstr (adj_unit_get_status_string (impi, "order"), ==, "none");
  }
}

/* The switches the players set: only parts that can count for the group, and which die face
 * gives which action as they stand. */
static void
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
    undo (battle);
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
static void
test_solo_rout (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  AdjUnit *impi = adj_battle_find_unit (battle, "u4");

  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    g_autoptr(json_object) set = parse ("{\"u4\": {\"casualty_tenths\": 9}}");
    int dice[] = { 1, 3, 3, 3 };

    g_assert_true (adj_rf_solo_set_json (solo, set, "s", &error));
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_true (adj_rf_solo_apply (solo, &error));
    g_assert_no_error (error);
    g_assert_true (adj_unit_get_status_bool (impi, "routing"));
  }
  {
    g_autoptr(AdjRfSolo) solo = solo_new (battle);
    int dice[] = { 4, 3, 3, 3 };

    /* Routing: +3 from the battle itself; a 4 at RF 3 on the close-combat table: advance. */
    g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, NULL), ==, 3);
    g_assert_true (adj_rf_solo_roll (solo, NULL, dice, 4, &error));
    g_assert_cmpstr (adj_rf_solo_get_outcome (solo, 0)->key, ==, "advance");
    g_assert_true (adj_rf_solo_apply (solo, &error));
    g_assert_no_error (error);
    g_assert_false (adj_unit_get_status_bool (impi, "routing"));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* hidden deployment                                                                           */

static const char *const hidden_groups[] = { "u4", "u5", "u6", NULL };
static const char *const hidden_names[] = { "Zulu impi 1", "Zulu impi 2", "Musketeers" };
static const char *const marker_places[] = {
  "wood edge A", "donga north", "kraal wall", "ridge line", "river bank", NULL
};

static AdjBattle *
hidden_battle (guint64 seed)
{
  AdjBattle *battle = skirmish ();
  g_autoptr(GError) error = NULL;

  adj_battle_set_seed (battle, seed);
  g_assert_true (adj_rf_deploy_hidden (battle, "b", hidden_groups, marker_places, &error));
  g_assert_no_error (error);
  return battle;
}

static void
test_dummy_count (void)
{
  static const guint want[] = { 0, 1, 1, 2, 2, 3, 3, 4 };

  for (guint n = 0; n < G_N_ELEMENTS (want); n++)
    g_assert_cmpuint (adj_rf_dummy_count (n), ==, want[n]);
}

static void
test_hidden_refused (void)
{
  static const struct {
    const char *groups[4];
    const char *labels[6];
    int         code;
    const char *message;
  } cases[] = {
    { { "u4", "u5", NULL }, { "a", "b", NULL }, ADJ_ERROR_INVALID,
      "2 hidden groups need 3 markers (1 of them dummies), not 2" },
    { { "u4", NULL }, { "a", "b", "c", NULL }, ADJ_ERROR_INVALID,
      "1 hidden groups need 2 markers (1 of them dummies), not 3" },
    { { "u4", "u4", NULL }, { "a", "b", "c", NULL }, ADJ_ERROR_INVALID, "is named twice" },
    { { "u2", NULL }, { "a", "b", NULL }, ADJ_ERROR_NOT_ALLOWED, "1st Section cannot be hidden" },
    { { "u99", NULL }, { "a", "b", NULL }, ADJ_ERROR_NOT_FOUND, "there is no unit “u99”" },
    { { "u4", NULL }, { "a", "a", NULL }, ADJ_ERROR_INVALID, "Two markers are both at “a”" },
    { { "u4", NULL }, { "a", "", NULL }, ADJ_ERROR_INVALID, "A marker needs a place" },
    { { NULL }, { NULL }, ADJ_ERROR_INVALID, "Name at least one group to hide" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjBattle) battle = skirmish ();
      g_autoptr(GError) error = NULL;

      g_assert_false (adj_rf_deploy_hidden (battle, "b", cases[i].groups, cases[i].labels,
                                            &error));
      g_assert_error (error, ADJ_ERROR, cases[i].code);
      assert_has (error->message, cases[i].message);
      g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 0);
    }
}

/* The saved battle with what can never differ between two deployments taken out: the
 * generator's state and the sealed record (in the battle and in the journal). */
static char *
public_text (AdjBattle *battle)
{
  g_autoptr(json_object) json = adj_battle_to_json (battle);
  json_object *entries = json_object_object_get (json_object_object_get (json, "journal"),
                                                 "entries");

  json_object_object_del (json, "rng");
  json_object_object_del (json, "secrets");
  for (gsize i = 0; i < json_object_array_length (entries); i++)
    {
      json_object *entry = json_object_array_get_idx (entries, i);
      json_object *changes = json_object_object_get (entry, "changes");

      json_object_object_del (entry, "time");
      for (gsize k = 0; k < json_object_array_length (changes); k++)
        {
          json_object *change = json_object_array_get_idx (changes, k);
          const char *field = json_object_get_string (json_object_object_get (change, "field"));

          if (field != NULL && g_str_has_prefix (field, "secrets."))
            {
              json_object_object_del (change, "before");
              json_object_object_del (change, "after");
            }
        }
    }
  return adj_json_to_string (json, TRUE);
}

static char *
journal_text (AdjBattle *battle)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  GString *s = g_string_new (NULL);
  g_autofree char *report = adj_battle_report (battle, FALSE);

  for (guint i = 0; i < adj_journal_get_n_entries (journal); i++)
    g_string_append_printf (s, "%s\n", adj_journal_get_entry (journal, i)->summary);
  g_string_append (s, report);
  return g_string_free (s, FALSE);
}

/* Which group is under which marker, as the sealed record says. */
static char *
group_under (AdjBattle  *battle,
             const char *marker)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *plain = adj_secret_open (adj_battle_get_secret (battle, ADJ_RF_MARKERS_SECRET),
                                            &error);
  g_autoptr(json_object) json = NULL;
  json_object *v = NULL;

  g_assert_no_error (error);
  json = parse (plain);
  g_assert_true (json_object_object_get_ex (json_object_object_get (json, "markers"), marker,
                                            &v));
  return v != NULL ? g_strdup (json_object_get_string (v)) : NULL;
}

static void
test_hidden_deploy (void)
{
  g_autoptr(AdjBattle) battle = hidden_battle (11);
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (battle);
  g_autoptr(AdjRfSolo) solo = solo_new (battle);
  guint real = 0;

  /* Five markers, for three groups and two dummies; the groups are off the table. */
  g_assert_cmpuint (markers->len, ==, 5);
  for (guint i = 0; i < 3; i++)
    g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, hidden_groups[i]),
                                             "hidden"));
  for (guint i = 0; i < markers->len; i++)
    {
      AdjUnit *m = adj_battle_find_unit (battle, g_ptr_array_index (markers, i));
      g_autofree char *group = group_under (battle, g_ptr_array_index (markers, i));

      g_assert_cmpstr (adj_unit_get_name (m), ==, marker_places[i]);
      g_assert_cmpstr (adj_unit_get_type_id (m), ==, "marker");
      if (group != NULL)
        {
          real++;
          g_assert_true (g_strv_contains (hidden_groups, group));
        }
    }
  g_assert_cmpuint (real, ==, 3);
  /* Hidden groups and markers take no Risk Factor orders. */
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 1);
  g_assert_cmpstr (adj_rf_solo_get_unit_id (solo, 0), ==, "u7");
  /* One journal entry, and undo puts everything back. */
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 1);
  undo (battle);
  g_assert_null (adj_battle_get_secret (battle, ADJ_RF_MARKERS_SECRET));
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u4"), "hidden"));
  {
    g_autoptr(GPtrArray) none = adj_rf_hidden_markers (battle);
    g_assert_cmpuint (none->len, ==, 0);
  }
}

/* Before a marker is spotted nothing tells which is which: two deployments that put the groups
 * under different markers give the same saved file (but for the sealed record and the
 * generator), the same roster, the same journal; and no group's name is printed. */
static void
test_hidden_no_leak (void)
{
  g_autoptr(AdjBattle) a = hidden_battle (1);
  g_autoptr(AdjBattle) b = NULL;
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (a);
  guint64 seed = 2;
  g_autofree char *text_a = NULL, *text_b = NULL, *roster_a = NULL, *roster_b = NULL;
  g_autofree char *journal_a = NULL, *journal_b = NULL, *saved = NULL;
  g_autoptr(json_object) full = NULL;

  /* Find a seed whose shuffle differs. */
  for (;; seed++)
    {
      gboolean differ = FALSE;

      g_clear_object (&b);
      b = hidden_battle (seed);
      for (guint i = 0; i < markers->len; i++)
        {
          g_autofree char *ga = group_under (a, g_ptr_array_index (markers, i));
          g_autofree char *gb = group_under (b, g_ptr_array_index (markers, i));
          if (g_strcmp0 (ga, gb) != 0)
            differ = TRUE;
        }
      if (differ)
        break;
      g_assert_cmpuint (seed, <, 50);
    }

  text_a = public_text (a);
  text_b = public_text (b);
  g_assert_cmpstr (text_a, ==, text_b);
  journal_a = journal_text (a);
  journal_b = journal_text (b);
  g_assert_cmpstr (journal_a, ==, journal_b);

  /* The saved file itself: no marker-to-group pairing in plain text, no "dummy". */
  full = adj_battle_to_json (a);
  saved = adj_json_to_string (full, TRUE);
  assert_lacks (saved, "dummy");
  assert_lacks (saved, "\"markers\"");
  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *group = group_under (a, g_ptr_array_index (markers, i));
      g_autofree char *pair = g_strdup_printf ("\"%s\":\"%s\"",
                                               (char *) g_ptr_array_index (markers, i),
                                               group != NULL ? group : "null");
      g_autofree char *pair2 = g_strdup_printf ("\"%s\": \"%s\"",
                                                (char *) g_ptr_array_index (markers, i),
                                                group != NULL ? group : "null");
      assert_lacks (saved, pair);
      assert_lacks (saved, pair2);
    }
  for (guint i = 0; i < 3; i++)
    assert_lacks (journal_a, hidden_names[i]);
  /* The sealed record itself, decoded, does not hold the pairs in plain either. */
  {
    const char *sealed = adj_battle_get_secret (a, ADJ_RF_MARKERS_SECRET);
    gsize n = 0;
    g_autofree guchar *raw = g_base64_decode (sealed + strlen (ADJ_SECRET_PREFIX), &n);

    g_assert_null (has_bytes (raw, n, "markers", 7));
    for (guint i = 0; hidden_groups[i] != NULL; i++)
      {
        g_autofree char *quoted = g_strdup_printf ("\"%s\"", hidden_groups[i]);
        g_assert_null (has_bytes (raw, n, quoted, strlen (quoted)));
      }
  }

  roster_a = adj_test_roster_text (a);
  roster_b = adj_test_roster_text (b);
  g_assert_cmpstr (roster_a, ==, roster_b);
  for (guint i = 0; i < 3; i++)
    assert_lacks (roster_a, hidden_names[i]);
  assert_has (roster_a, "Reserve impi");
  assert_has (roster_a, "wood edge A");
}

/* Spotted: what it is comes out, in the journal and on the roster; undo hides it again. */
static void
test_hidden_reveal (void)
{
  g_autoptr(AdjBattle) battle = hidden_battle (5);
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (battle);
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);
  const char *real = NULL, *dummy = NULL;
  g_autofree char *real_group = NULL;

  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *g = group_under (battle, g_ptr_array_index (markers, i));
      if (g != NULL && real == NULL)
        {
          real = g_ptr_array_index (markers, i);
          real_group = g_steal_pointer (&g);
        }
      else if (g == NULL && dummy == NULL)
        dummy = g_ptr_array_index (markers, i);
    }
  g_assert_nonnull (real);
  g_assert_nonnull (dummy);

  /* Save and load first: the secret travels with the battle. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) loaded = adj_battle_from_json (json, "saved.json", &error);
    g_autofree char *found = NULL;
    AdjUnit *group;
    g_autofree char *summary = NULL;
    g_autofree char *roster = NULL;

    g_assert_no_error (error);
    g_assert_true (adj_rf_reveal_marker (loaded, real, &found, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (found, ==, real_group);
    group = adj_battle_find_unit (loaded, found);
    g_assert_false (adj_unit_get_status_bool (group, "hidden"));
    g_assert_null (adj_battle_find_unit (loaded, real));
    summary = g_strdup (adj_journal_get_entry (adj_battle_get_journal (loaded), 1)->summary);
    assert_has (summary, adj_unit_get_name (group));
    assert_has (summary, "within 20 cm");
    roster = adj_test_roster_text (loaded);
    assert_has (roster, adj_unit_get_name (group));
    /* Now the saved file says it too. */
    {
      g_autoptr(json_object) after = adj_battle_to_json (loaded);
      g_autofree char *saved = adj_json_to_string (after, TRUE);
      g_autofree char *pair = g_strdup_printf ("“%s” spotted: it is %s",
                                               adj_unit_get_name (adj_battle_find_unit (battle,
                                                                                        real)),
                                               adj_unit_get_name (group));
      assert_has (saved, pair);
    }

    /* A group spotted takes orders again. */
    {
      g_autoptr(AdjRfSolo) solo = solo_new (loaded);
      g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 2);
    }
    undo (loaded);
    g_assert_true (adj_unit_get_status_bool (group, "hidden"));
    g_assert_nonnull (adj_battle_find_unit (loaded, real));
    g_free (roster);
    roster = adj_test_roster_text (loaded);
    assert_lacks (roster, adj_unit_get_name (group));
  }

  /* A dummy: nothing there. */
  {
    g_autofree char *found = NULL;

    g_assert_true (adj_rf_reveal_marker (battle, dummy, &found, &error));
    g_assert_no_error (error);
    g_assert_null (found);
    assert_has (adj_journal_get_entry (journal, 1)->summary, "a dummy, nothing is there");
    /* Spotted once only. */
    g_assert_false (adj_rf_reveal_marker (battle, dummy, &found, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
    /* Only markers can be spotted. */
    g_assert_false (adj_rf_reveal_marker (battle, "u4", &found, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  /* A record edited by hand is refused, not guessed at. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    json_object *secrets = json_object_object_get (json, "secrets");
    const char *sealed = json_object_get_string (json_object_object_get (secrets,
                                                                         ADJ_RF_MARKERS_SECRET));
    g_autofree char *edited = g_strdup (sealed);
    g_autoptr(AdjBattle) loaded = NULL;
    g_autofree char *found = NULL;
    gsize n = strlen (edited);

    edited[n - 5] = edited[n - 5] == 'A' ? 'B' : 'A';
    json_object_object_add (secrets, ADJ_RF_MARKERS_SECRET, json_object_new_string (edited));
    loaded = adj_battle_from_json (json, "edited.json", &error);
    g_assert_no_error (error);
    g_assert_false (adj_rf_reveal_marker (loaded, real, &found, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    assert_has (error->message, "damaged or was edited");
  }
}

/* The demo skirmish: a patrol against native groups, three of them hidden under five markers. */
static void
test_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rf-patrol-at-the-kraal.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(GPtrArray) markers = NULL;
  g_autoptr(AdjRfSolo) solo = NULL;
  guint groups = 0, dummies = 0;

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  g_assert_true (adj_ruleset_get_system (adj_battle_get_ruleset (battle)) ==
                 adj_system_lookup ("rf"));
  markers = adj_rf_hidden_markers (battle);
  g_assert_cmpuint (markers->len, ==, 5);
  solo = solo_new (battle);
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 1);
  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *group = NULL;

      g_assert_true (adj_rf_reveal_marker (battle, g_ptr_array_index (markers, i), &group,
                                           &error));
      g_assert_no_error (error);
      if (group != NULL)
        groups++;
      else
        dummies++;
    }
  g_assert_cmpuint (groups, ==, 3);
  g_assert_cmpuint (dummies, ==, 2);
  g_clear_pointer (&solo, adj_rf_solo_free);
  solo = solo_new (battle);
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 4);
}

/* ------------------------------------------------------------------------------------------ */
/* sealing                                                                                     */

static void
test_secret_seal (void)
{
  const char *plain = "{\"markers\":{\"u12\":\"u4\",\"u13\":null}}";
  AdjRng r1, r2;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *opened = NULL;
  g_autoptr(GError) error = NULL;

  adj_rng_seed (&r1, 3);
  adj_rng_seed (&r2, 3);
  a = adj_secret_seal (plain, &r1);
  b = adj_secret_seal (plain, &r2);
  c = adj_secret_seal (plain, &r1);
  /* The same generator state seals the same way; the next nonce seals another way. */
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, !=, c);
  g_assert_true (g_str_has_prefix (a, ADJ_SECRET_PREFIX));
  assert_lacks (a, "u12");
  assert_lacks (a, "markers");
  /* Not merely encoded: the decoded bytes do not hold the text either. */
  {
    gsize n = 0;
    g_autofree guchar *raw = g_base64_decode (a + strlen (ADJ_SECRET_PREFIX), &n);

    g_assert_cmpuint (n, ==, 16 + strlen (plain) + 16);
    g_assert_null (has_bytes (raw, n, "markers", 7));
    g_assert_null (has_bytes (raw, n, "u12", 3));
    g_assert_null (has_bytes (raw, n, plain + 2, 8));
  }
  opened = adj_secret_open (c, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (opened, ==, plain);

  /* Anything else is refused. */
  {
    static const char *const bad[] = {
      "", "markers", "adjsecret1:", "adjsecret1:!!!!", "adjsecret2:AAAA", "adjsecret1:AAAA",
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *none = adj_secret_open (bad[i], &error);
        g_assert_null (none);
        g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
        g_clear_error (&error);
      }
  }
  /* Every character matters (but the last before the padding, whose low bits are unused). */
  for (gsize i = strlen (ADJ_SECRET_PREFIX); a[i + 1] != '\0' && a[i + 1] != '='; i++)
    {
      g_autofree char *edited = g_strdup (a);
      g_autofree char *none = NULL;

      edited[i] = edited[i] == 'x' ? 'y' : 'x';
      none = adj_secret_open (edited, &error);
      if (none != NULL)
        g_error ("an edit at %" G_GSIZE_FORMAT " went unnoticed", i);
      g_clear_error (&error);
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
        json_object_array_put_idx (at, idx, parse (c->value));
    }
  else if (c->value == NULL)
    json_object_object_del (at, last);
  else
    json_object_object_add (at, last, parse (c->value));

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

#define ADD_CASES(prefix, cases, func) G_STMT_START { \
    for (guint i_ = 0; i_ < G_N_ELEMENTS (cases); i_++) \
      { \
        g_autofree char *path_ = g_strconcat (prefix, cases[i_].name, NULL); \
        g_test_add_data_func (path_, &cases[i_], func); \
      } \
  } G_STMT_END

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
  ADD_CASES ("/rf/shooting/shots/", shots_cases, test_shots);
  g_test_add_func ("/rf/shooting/refused", test_shooting_refused);
  g_test_add_func ("/rf/shooting/odds-brute-force", test_volley_odds);
  g_test_add_func ("/rf/shooting/odds-closed-form", test_volley_closed_form);
  g_test_add_func ("/rf/shooting/odds-overflow", test_volley_overflow);
  g_test_add_func ("/rf/shooting/wounds-to-kill", test_wounds_to_kill);
  g_test_add_func ("/rf/shooting/random-figure", test_hit_random_figure);
  g_test_add_func ("/rf/shooting/last-figure", test_last_figure);
  ADD_CASES ("/rf/risk/", risk_cases, test_risk);
  ADD_CASES ("/rf/risk/casualty-steps/", step_cases, test_casualty_steps);
  g_test_add_func ("/rf/risk/prefill", test_reaction_prefill);
  g_test_add_func ("/rf/command/book-example", test_command_book);
  g_test_add_func ("/rf/command/book-example-short", test_command_book_short);
  g_test_add_func ("/rf/command/dice", test_command_dice);
  g_test_add_func ("/rf/command/costs", test_command_costs);
  g_test_add_func ("/rf/command/order", test_command_order);
  g_test_add_func ("/rf/command/odds-brute-force", test_command_odds);
  ADD_CASES ("/rf/melee/odds-brute-force/", melee_cases, test_melee_odds);
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
  g_test_add_func ("/rf/solo/switches", test_solo_switches);
  g_test_add_func ("/rf/hidden/dummy-count", test_dummy_count);
  g_test_add_func ("/rf/hidden/refused", test_hidden_refused);
  g_test_add_func ("/rf/hidden/deploy-undo", test_hidden_deploy);
  g_test_add_func ("/rf/hidden/no-leak", test_hidden_no_leak);
  g_test_add_func ("/rf/hidden/reveal-undo", test_hidden_reveal);
  g_test_add_func ("/rf/hidden/seal", test_secret_seal);
  g_test_add_func ("/rf/demo", test_demo);
  ADD_CASES ("/rf/ruleset-error/", ruleset_cases, test_ruleset_error);

  status = g_test_run ();
  adj_ruleset_unref (rs);
  return status;
}
