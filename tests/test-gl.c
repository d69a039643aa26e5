/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-gl.c: every Glidden mechanic against the rules as RULES.md states them, the players'
 * tables (a mechanic refuses to guess), and exact odds against closed forms and brute force. */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rng.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-unit.h"

static AdjRuleset *rs;

/* The test program gets a user data folder of its own (set in main(), before GLib reads it), so
 * that no table values another program saved are read here. */
static char *data_home;

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_assert_cmpint (g_rmdir (path), ==, 0);
    }
  else
    g_assert_cmpint (g_unlink (path), ==, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md restates it: written here independently of gl.json and adj-gl.c      */

static int
book_pass (const char *morale_class)
{
  if (g_str_equal (morale_class, "regular"))
    return 2;
  if (g_str_equal (morale_class, "zulu"))
    return 3;
  return 4;
}

typedef struct {
  const char *morale_class;
  const char *occasion;
  gboolean    officer;
  gboolean    square;
  gboolean    routing;
  gboolean    prone;
  int         figures;
  int         full;
  gboolean    british_cavalry;
} BookMorale;

static int
book_morale_mod (const BookMorale *m)
{
  int mod = 0;

  mod += m->officer ? 1 : 0;
  mod += m->square ? 1 : 0;
  mod -= m->routing || m->prone ? 1 : 0;
  /* below 25%: -2; else below 50%: -1 */
  if ((double) m->figures < 0.25 * m->full)
    mod -= 2;
  else if ((double) m->figures < 0.5 * m->full)
    mod -= 1;
  if (g_str_equal (m->occasion, "charged") && m->british_cavalry)
    mod -= 2;
  return mod;
}

static const char *
book_morale_result (const BookMorale *m,
                    int               die)
{
  gboolean pass = die + book_morale_mod (m) >= book_pass (m->morale_class);

  if (g_str_equal (m->occasion, "before-move"))
    {
      if (m->routing || m->prone)
        return pass ? "rallies" : "stays";
      return pass ? "free-move" : "halts";
    }
  return pass ? "holds" : "routs";
}

/* Melee modifiers, attacker minus defender, for a pair. */
typedef struct {
  gboolean a_leader;
  gboolean d_leader;
  gboolean a_cavalry;
  gboolean charging;
  gboolean rear;
  gboolean d_cavalry;
  gboolean hard_cover;
  gboolean square;
  gboolean prone;
} BookMelee;

static int
book_melee_diff (const BookMelee *m)
{
  int a = 0, d = 0;

  a += m->a_leader ? 1 : 0;
  a += m->a_cavalry ? 1 : 0;
  a += m->charging && !m->hard_cover ? 1 : 0;   /* hard cover cancels the charge */
  a += m->rear || m->prone ? 2 : 0;             /* a prone target counts as rear */
  d += m->d_leader ? 1 : 0;
  d += m->d_cavalry ? 1 : 0;
  d += m->hard_cover ? 1 : 0;
  d += m->square ? 1 : 0;
  return a - d;
}

static char *
melee_json (const BookMelee *m,
            const char      *extra)
{
  return g_strdup_printf ("{\"attacker_cavalry\": %s, \"charging\": %s, \"rear\": %s, "
                          "\"defender_cavalry\": %s, \"hard_cover\": %s, \"square\": %s, "
                          "\"prone\": %s%s%s}",
                          m->a_cavalry ? "true" : "false", m->charging ? "true" : "false",
                          m->rear ? "true" : "false", m->d_cavalry ? "true" : "false",
                          m->hard_cover ? "true" : "false", m->square ? "true" : "false",
                          m->prone ? "true" : "false", extra != NULL ? ", " : "",
                          extra != NULL ? extra : "");
}

/* ------------------------------------------------------------------------------------------ */
/* exact fractions for the brute force                                                          */

typedef unsigned __int128 u128;

typedef struct {
  u128 num;
  u128 den;
} Frac;

static u128
gcd128 (u128 a,
        u128 b)
{
  while (b != 0)
    {
      u128 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

static Frac
frac (u128 num,
      u128 den)
{
  u128 g = gcd128 (num, den);
  Frac r = { num / (g ? g : 1), den / (g ? g : 1) };

  if (r.num == 0)
    r.den = 1;
  return r;
}

static Frac
frac_add (Frac a,
          Frac b)
{
  u128 g = gcd128 (a.den, b.den);

  return frac (a.num * (b.den / g) + b.num * (a.den / g), a.den / g * b.den);
}

static Frac
frac_mul (Frac a,
          Frac b)
{
  Frac x = frac (a.num, b.den), y = frac (b.num, a.den);

  return frac (x.num * y.num, x.den * y.den);
}

static void
assert_entry (const AdjOdds *odds,
              const char    *key,
              Frac           want)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);

  g_assert_nonnull (e);
  g_assert_false (odds->overflow);
  if (want.num == 0)
    {
      g_assert_cmpuint (e->count, ==, 0);
      return;
    }
  if ((u128) e->num != want.num || (u128) e->den != want.den)
    g_error ("%s: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " is not %" G_GUINT64_FORMAT "/%"
             G_GUINT64_FORMAT, key, e->num, e->den, (guint64) want.num, (guint64) want.den);
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static json_object *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  json_object *json = adj_json_parse_data (text, strlen (text), "test", &error);

  g_assert_no_error (error);
  return json;
}

static AdjInputs *
inputs_new (const char *id,
            const char *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (id);
  AdjInputs *in;
  g_autoptr(json_object) values = parse (json != NULL ? json : "{}");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (mech);
  in = adj_inputs_new (mech, rs);
  g_assert_true (adj_inputs_set_json (in, values, "test", &error));
  g_assert_no_error (error);
  return in;
}

/* Resolve with dice (and cards) entered, against @battle or a full pack. */
static AdjOutcome *
resolve_entered (AdjInputs   *in,
                 AdjBattle   *battle,
                 const int   *dice,
                 guint        n_dice,
                 const char  *cards,
                 GError     **error)
{
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjPack) pack = NULL;
  AdjContext ctx = { .ruleset = rs };

  if (battle != NULL)
    {
      adj_battle_context (battle, &ctx);
      random = adj_random_new_with_copy (NULL, ctx.pack);
    }
  else
    {
      pack = adj_pack_new (1);
      ctx.pack = pack;
      random = adj_random_new (NULL, pack);
    }
  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (cards != NULL)
    {
      g_autoptr(GArray) list = NULL;

      g_assert_true (adj_cards_parse (cards, &list, NULL));
      adj_random_enter_cards (random, (const AdjCard *) list->data, list->len);
    }
  if (!adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, error))
    return NULL;
  return g_steal_pointer (&outcome);
}

static AdjOutcome *
resolve_ok (AdjInputs *in,
            AdjBattle *battle,
            const int *dice,
            guint      n_dice,
            const char *cards)
{
  g_autoptr(GError) error = NULL;
  AdjOutcome *outcome = resolve_entered (in, battle, dice, n_dice, cards, &error);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  return outcome;
}

static AdjOdds *
odds_ok (AdjInputs *in,
         AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;
  AdjContext ctx = { .ruleset = rs };
  AdjOdds *odds;

  if (battle != NULL)
    adj_battle_context (battle, &ctx);
  odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

static int
value_int (const AdjOutcome *outcome,
           const char       *name)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (outcome->values, name, &v))
    g_error ("no value “%s” in %s", name, json_object_to_json_string (outcome->values));
  return json_object_get_int (v);
}

static gboolean
value_bool (const AdjOutcome *outcome,
            const char       *name)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (outcome->values, name, &v));
  return json_object_get_boolean (v);
}

/* Tables handed to every mechanic (as adjutant-cli --tables does), from a JSON object of the
 * "tables" part of a document. */
static AdjTables *
set_tables (const char *tables_json)
{
  g_autofree char *doc = g_strdup_printf ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                          "\"ruleset\": \"gl\", \"tables\": %s}", tables_json);
  g_autoptr(json_object) json = parse (doc);
  g_autoptr(GError) error = NULL;
  AdjTables *t = adj_tables_from_json (json, "test", "$", rs, &error);

  g_assert_no_error (error);
  adj_tables_set_override (t);
  return t;
}

static const char full_tables[] =
  "{\"hit\": {\"short\": {\"breech-loader\": 4, \"musket\": 5, \"spear\": 4, \"maxim\": 3, "
  "\"gun\": 4}, \"medium\": {\"breech-loader\": 5, \"musket\": 6, \"spear\": 6, \"maxim\": 4, "
  "\"gun\": 5}, \"long\": {\"breech-loader\": 6, \"musket\": \"none\", \"spear\": \"none\", "
  "\"maxim\": 5, \"gun\": 6}}, "
  "\"saves\": {\"open\": {\"value\": \"none\"}, \"soft\": {\"value\": 5}, \"hard\": "
  "{\"value\": 4}}, "
  "\"movement\": {\"close-order\": {\"rough\": 1}, \"open-order\": {\"rough\": 2}, "
  "\"road-column\": {\"rough\": 1}, \"charging\": {\"rough\": 2}, \"cavalry\": {\"clear\": 4, "
  "\"rough\": 2}, \"cavalry-charging\": {\"clear\": 5, \"rough\": 3}, \"mounted-rifles\": "
  "{\"clear\": 4, \"rough\": 2}, \"guns\": {\"clear\": 2, \"rough\": 0}}}";

static AdjBattle *
new_battle (void)
{
  static const char *const units[] = {
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"24th Foot\", \"type\": \"british-infantry\"}",
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"uKhandempemvu\", \"type\": \"zulu-regiment\"}",
    "{\"id\": \"u3\", \"side\": \"a\", \"name\": \"Lancers\", \"type\": \"british-cavalry\"}",
    ("{\"id\": \"u4\", \"side\": \"b\", \"name\": \"Free State commando\", "
     "\"type\": \"boer-commando\"}"),
  };
  g_autoptr(AdjBattle) battle = adj_battle_new (rs, "Test");
  g_autoptr(json_object) british = parse ("{\"british\": true}");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (adj_battle_add_side (battle, "a", "Field Force", british, &error));
  g_assert_nonnull (adj_battle_add_side (battle, "b", "Impi", NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      g_autoptr(json_object) json = parse (units[i]);

      g_assert_nonnull (adj_battle_insert_unit (battle, json, &error));
      g_assert_no_error (error);
    }
  adj_battle_set_seed (battle, 1879);
  return g_steal_pointer (&battle);
}

static void
apply_ok (AdjBattle  *battle,
          AdjInputs  *in,
          AdjOutcome *outcome)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
  g_assert_no_error (error);
}

static void
undo_ok (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
}

/* ------------------------------------------------------------------------------------------ */
/* the system and its ruleset                                                                  */

static void
test_registry (void)
{
  static const char *const ids[] = {
    "gl/turn-card", "gl/make-up", "gl/morale", "gl/movement", "gl/discovery", "gl/scouts",
    "gl/fire", "gl/hit-cards", "gl/charge", "gl/melee-pair", "gl/melee",
  };
  const AdjSystem *system = adj_system_lookup ("gl");

  g_assert_nonnull (system);
  g_assert_cmpuint (system->n_mechanics, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_true (system->mechanics[i] == adj_mechanic_lookup (ids[i]));
  g_assert_cmpint (adj_ruleset_get_distance_unit (rs), ==, ADJ_DISTANCE_INCHES);
  /* The tables the players type in are declared by the mechanics that read them. */
  g_assert_cmpstr (adj_mechanic_lookup ("gl/fire")->tables[0], ==, "hit");
  g_assert_cmpstr (adj_mechanic_lookup ("gl/fire")->tables[1], ==, "saves");
  g_assert_cmpstr (adj_mechanic_lookup ("gl/movement")->tables[0], ==, "movement");
  g_assert_null (adj_mechanic_lookup ("gl/morale")->tables);
}

typedef struct {
  const char *name;
  const char *path;      /* a JSON pointer-ish path into gl.json to change */
  const char *json;      /* its new value, or NULL to remove it */
  const char *message;
} BreakCase;

static const BreakCase break_cases[] = {
  { "no-hit-table", "tables[0]", NULL, "broken.json: $.tables: the table “hit” is missing" },
  { "pass-missing", "morale.pass", "{\"regular\": 2, \"zulu\": 3}",
    "broken.json: $.morale.pass: the required key “boer” is missing" },
  { "makeup-wrong", "unit_types[0].rules", "{\"morale\": \"regular\", \"officers\": 1, "
    "\"ncos\": 1, \"others\": 17}",
    "broken.json: $.unit_types[0]: expected one officer, NCOs and other ranks in its “rules” that "
    "add up to its figures" },
  { "bad-class", "unit_types[4].rules", "{\"morale\": \"ashanti\", \"officers\": 1, \"ncos\": 0, "
    "\"others\": 20}",
    "broken.json: $.unit_types[4]: expected “rules”: {“morale”: regular, zulu or boer}" },
  { "weapon-dice", "weapons[0].rules", "{\"dice\": \"volley\"}",
    "broken.json: $.weapons[0]: expected “rules”: {“dice”: figure or crew} and at most 4 "
    "“ranks”" },
  { "cards", "cards.british", "\"green\"", "broken.json: $.cards.british: expected “red” or "
    "“black”, found “green”" },
  { "melee-mod", "modifiers.melee.rear", NULL, "broken.json: $.modifiers.melee: the modifier "
    "“rear” is missing" },
};

static void
test_break (gconstpointer data)
{
  const BreakCase *c = data;
  g_autoptr(json_object) root = adj_json_copy (adj_ruleset_get_json (rs));
  g_auto(GStrv) parts = g_strsplit (c->path, ".", -1);
  json_object *at = root;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) broken = NULL;
  guint n = g_strv_length (parts);

  for (guint i = 0; i < n; i++)
    {
      char *bracket = strchr (parts[i], '[');
      int index = bracket != NULL ? atoi (bracket + 1) : -1;
      gboolean last = i + 1 == n;

      if (bracket != NULL)
        *bracket = '\0';
      if (last && index < 0)
        {
          if (c->json == NULL)
            json_object_object_del (at, parts[i]);
          else
            json_object_object_add (at, parts[i], parse (c->json));
          break;
        }
      at = json_object_object_get (at, parts[i]);
      if (last)
        {
          if (c->json == NULL)
            json_object_array_del_idx (at, (gsize) index, 1);
          else
            json_object_array_put_idx (at, (gsize) index, parse (c->json));
          break;
        }
      if (index >= 0)
        at = json_object_array_get_idx (at, (gsize) index);
    }
  broken = adj_ruleset_load_json (root, "broken.json", &error);
  g_assert_null (broken);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
}

/* ------------------------------------------------------------------------------------------ */
/* unit make-up                                                                                */

typedef struct {
  const char *type;
  int         guns;
  int         officers;
  int         ncos;
  int         others;
  const char *morale;
} MakeupCase;

static const MakeupCase makeup_cases[] = {
  { "british-infantry", 1, 1, 1, 18, "regular" },
  { "british-cavalry", 1, 1, 1, 10, "regular" },
  { "gun-crew", 1, 1, 0, 3, "regular" },
  { "gun-crew", 3, 3, 0, 9, "regular" },
  { "maxim-crew", 2, 2, 0, 6, "regular" },
  { "zulu-regiment", 1, 1, 0, 20, "zulu" },
  /* Guns only multiply a battery: infantry stays one company. */
  { "british-infantry", 4, 1, 1, 18, "regular" },
  { "boer-commando", 1, 1, 0, 18, "boer" },
};

static void
test_makeup (gconstpointer data)
{
  const MakeupCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"type\": \"%s\", \"guns\": %d}", c->type, c->guns);
  g_autoptr(AdjInputs) in = inputs_new ("gl/make-up", json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, NULL, 0, NULL);
  const AdjUnitType *type = adj_ruleset_find_unit_type (rs, c->type);

  g_assert_cmpstr (out->key, ==, "made-up");
  g_assert_cmpint (value_int (out, "officers"), ==, c->officers);
  g_assert_cmpint (value_int (out, "ncos"), ==, c->ncos);
  g_assert_cmpint (value_int (out, "others"), ==, c->others);
  g_assert_cmpint (value_int (out, "figures"), ==, c->officers + c->ncos + c->others);
  if (c->guns == 1 || g_str_equal (c->type, "british-infantry"))
    g_assert_cmpint (type->figures, ==, c->officers + c->ncos + c->others);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (out->values, "morale")), ==,
                   c->morale);
}

/* ------------------------------------------------------------------------------------------ */
/* the card-driven turn                                                                        */

static void
test_turn_every_card (void)
{
  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    {
      g_autofree char *card = adj_card_to_string (c);
      gboolean red = card[strlen (card) - 1] == 'H' || card[strlen (card) - 1] == 'D';
      g_autoptr(AdjInputs) in = inputs_new ("gl/turn-card", NULL);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, NULL, 0, card);

      g_assert_cmpstr (out->key, ==, red ? "british" : "other");
      g_assert_cmpstr (out->reason, ==, red ? "The British act with one unit"
                                            : "Their enemies act with one unit");
    }
}

static void
test_turn_battle (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(json_object) phase = json_object_new_string ("phase");
  g_autoptr(AdjInputs) in = inputs_new ("gl/turn-card", NULL);
  g_autoptr(AdjOutcome) red = NULL;
  g_autoptr(AdjOutcome) black = NULL;
  g_autoptr(GError) error = NULL;
  guint before, after;

  /* The battle setting says a card governs a phase. */
  g_assert_true (adj_battle_edit (battle, "battle", "settings.card_governs", phase, &error));
  g_assert_no_error (error);
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_cmpstr (adj_inputs_get_string (in, "governs"), ==, "phase");
  red = resolve_ok (in, battle, NULL, 0, "QD");
  g_assert_cmpstr (red->key, ==, "british");
  g_assert_cmpstr (red->reason, ==, "Field Force carry out the whole phase");
  g_assert_cmpstr (json_object_get_string (json_object_object_get (red->values, "side")), ==,
                   "a");
  black = resolve_ok (in, battle, NULL, 0, "2S");
  g_assert_cmpstr (black->reason, ==, "Impi carry out the whole phase");

  /* Applied, the card leaves the pack; undone, it is back. */
  before = adj_pack_remaining (adj_battle_get_pack (battle));
  apply_ok (battle, in, red);
  after = adj_pack_remaining (adj_battle_get_pack (battle));
  g_assert_cmpuint (after, ==, before - 1);
  undo_ok (battle);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, before);
}

/* The odds count the reds still in the draw pile, and the turned cards once it is empty. */
static void
test_turn_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("gl/turn-card", NULL);
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjOdds) full = NULL;
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  guint n;

  full = odds_ok (in, NULL);
  assert_entry (full, "british", frac (1, 2));

  /* Turn ten cards: 7 red, 3 black gone from 52. */
  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    {
      static const char *const gone[] = {
        "AH", "2H", "3H", "4H", "5D", "6D", "7D", "2S", "3C", "4S"
      };
      g_autofree char *name = adj_card_to_string (c);

      if (g_strv_contains (gone, name))
        g_assert_true (adj_pack_take (pack, c, FALSE));
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdjOdds) odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

    g_assert_no_error (error);
    assert_entry (odds, "british", frac (19, 42));
    assert_entry (odds, "other", frac (23, 42));
  }
  /* Everything turned: the turned cards (26 red of 52) are shuffled back. */
  adj_pack_draw_pile (pack, &n);
  while (adj_pack_remaining (pack) > 0)
    {
      AdjCard c;
      g_assert_true (adj_pack_turn (pack, &c));
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdjOdds) odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

    g_assert_no_error (error);
    assert_entry (odds, "british", frac (1, 2));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* morale                                                                                      */

typedef struct {
  const char *name;
  BookMorale  m;
  int         die;
  const char *key;
  int         score;
} MoraleCase;

static const MoraleCase morale_cases[] = {
  /* Regulars pass on 2: only a 1 fails. */
  { "regular-1", { "regular", "before-move", FALSE, FALSE, FALSE, FALSE, 20, 20, FALSE }, 1,
    "halts", 1 },
  { "regular-2", { "regular", "before-move", FALSE, FALSE, FALSE, FALSE, 20, 20, FALSE }, 2,
    "free-move", 2 },
  { "zulu-2", { "zulu", "before-move", FALSE, FALSE, FALSE, FALSE, 21, 21, FALSE }, 2, "halts",
    2 },
  { "zulu-3", { "zulu", "before-move", FALSE, FALSE, FALSE, FALSE, 21, 21, FALSE }, 3,
    "free-move", 3 },
  { "boer-3", { "boer", "before-move", FALSE, FALSE, FALSE, FALSE, 19, 19, FALSE }, 3, "halts",
    3 },
  { "boer-officer", { "boer", "before-move", TRUE, FALSE, FALSE, FALSE, 19, 19, FALSE }, 3,
    "free-move", 4 },
  /* Routing: -1, and passing rallies with a 1D6 move; failing keeps it routing. */
  { "routing-pass", { "regular", "before-move", FALSE, FALSE, TRUE, FALSE, 20, 20, FALSE }, 3,
    "rallies", 2 },
  { "routing-fail", { "regular", "before-move", FALSE, FALSE, TRUE, FALSE, 20, 20, FALSE }, 2,
    "stays", 1 },
  { "prone-fail", { "zulu", "before-move", TRUE, FALSE, FALSE, TRUE, 21, 21, FALSE }, 2, "stays",
    2 },
  /* Losses: 10 of 20 is not below half; 9 is (-1); 4 of 20 is below a quarter (-2), 5 is not. */
  { "half", { "regular", "officer-lost", FALSE, FALSE, FALSE, FALSE, 10, 20, FALSE }, 2, "holds",
    2 },
  { "below-half", { "regular", "officer-lost", FALSE, FALSE, FALSE, FALSE, 9, 20, FALSE }, 2,
    "routs", 1 },
  { "quarter", { "regular", "officer-lost", FALSE, FALSE, FALSE, FALSE, 5, 20, FALSE }, 2,
    "routs", 1 },
  { "quarter-pass", { "zulu", "officer-lost", FALSE, FALSE, FALSE, FALSE, 5, 21, FALSE }, 5,
    "holds", 3 },
  { "below-quarter", { "regular", "officer-lost", FALSE, FALSE, FALSE, FALSE, 4, 20, FALSE }, 3,
    "routs", 1 },
  /* Square or fort +1; charged by British cavalry -2 (only when charged). */
  { "square", { "regular", "charged", FALSE, TRUE, FALSE, FALSE, 20, 20, TRUE }, 3, "holds", 2 },
  { "cavalry-charge", { "zulu", "charged", TRUE, FALSE, FALSE, FALSE, 21, 21, TRUE }, 3, "routs",
    2 },
  { "cavalry-not-charged", { "zulu", "before-move", FALSE, FALSE, FALSE, FALSE, 21, 21, TRUE }, 3,
    "free-move", 3 },
  { "everything", { "boer", "charged", TRUE, TRUE, TRUE, FALSE, 4, 19, TRUE }, 6, "routs", 3 },
};

static char *
morale_json (const BookMorale *m,
             const char       *unit)
{
  return g_strdup_printf ("{\"occasion\": \"%s\", \"class\": \"%s\", \"officer\": %s, "
                          "\"square_or_fort\": %s, \"routing\": %s, \"prone\": %s, "
                          "\"figures\": %d, \"full\": %d, \"british_cavalry\": %s%s%s%s}",
                          m->occasion, m->morale_class, m->officer ? "true" : "false",
                          m->square ? "true" : "false", m->routing ? "true" : "false",
                          m->prone ? "true" : "false", m->figures, m->full,
                          m->british_cavalry ? "true" : "false", unit != NULL ? ", \"unit\": \""
                                                                             : "",
                          unit != NULL ? unit : "", unit != NULL ? "\"" : "");
}

static void
test_morale_case (gconstpointer data)
{
  const MoraleCase *c = data;
  g_autofree char *json = morale_json (&c->m, NULL);
  g_autoptr(AdjInputs) in = inputs_new ("gl/morale", json);
  int dice[] = { c->die, 2, 3, 4, 5 };
  g_autoptr(AdjOutcome) out = NULL;
  gboolean moves = g_str_equal (c->key, "rallies") || g_str_equal (c->key, "routs");
  guint n = moves ? (g_str_equal (c->key, "rallies") ? 2 : 5) : 1;

  /* The book agrees with the case. */
  g_assert_cmpstr (book_morale_result (&c->m, c->die), ==, c->key);
  out = resolve_ok (in, NULL, dice, n, NULL);
  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpint (value_int (out, "score"), ==, c->score);
  g_assert_cmpint (value_int (out, "pass"), ==, book_pass (c->m.morale_class));
  if (g_str_equal (c->key, "rallies"))
    g_assert_cmpint (value_int (out, "distance"), ==, 2);
  if (g_str_equal (c->key, "routs"))
    g_assert_cmpint (value_int (out, "distance"), ==, 2 + 3 + 4 + 5);
}

/* Every combination against the book, with its odds counted independently. */
static void
test_morale_grid (void)
{
  static const char *const classes[] = { "regular", "zulu", "boer" };
  static const char *const occasions[] = { "before-move", "officer-lost", "charged" };
  static const int strengths[] = { 20, 10, 9, 5, 4, 1 };
  guint checked = 0;

  for (guint k = 0; k < G_N_ELEMENTS (classes); k++)
    for (guint o = 0; o < G_N_ELEMENTS (occasions); o++)
      for (guint flags = 0; flags < 32; flags++)
        for (guint s = 0; s < G_N_ELEMENTS (strengths); s++)
          {
            BookMorale m = { classes[k], occasions[o], flags & 1, (flags >> 1) & 1,
                             (flags >> 2) & 1, (flags >> 3) & 1, strengths[s], 20,
                             (flags >> 4) & 1 };
            g_autofree char *json = morale_json (&m, NULL);
            g_autoptr(AdjInputs) in = inputs_new ("gl/morale", json);
            g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
            g_autoptr(GHashTable) ways = g_hash_table_new (g_str_hash, g_str_equal);

            for (int die = 1; die <= 6; die++)
              {
                int dice[] = { die, 1, 1, 1, 1 };
                g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice,
                                                        g_str_equal (book_morale_result (&m, die),
                                                                     "routs") ? 5
                                                        : g_str_equal (book_morale_result (&m,
                                                                                           die),
                                                                       "rallies") ? 2 : 1,
                                                        NULL);
                const char *want = book_morale_result (&m, die);

                g_assert_cmpstr (out->key, ==, want);
                g_hash_table_insert (ways, (gpointer) want,
                                     GUINT_TO_POINTER (GPOINTER_TO_UINT (
                                       g_hash_table_lookup (ways, want)) + 1));
                checked++;
              }
            for (guint i = 0; i < odds->entries->len; i++)
              {
                const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
                guint want = GPOINTER_TO_UINT (g_hash_table_lookup (ways, e->key));

                assert_entry (odds, e->key, frac (want, 6));
              }
          }
  g_assert_cmpuint (checked, ==, 3 * 3 * 32 * 6 * 6);
}

static void
test_morale_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/morale", "{\"unit\": \"u2\", \"occasion\": "
                                        "\"charged\"}");
  g_autoptr(AdjOutcome) routs = NULL;
  g_autoptr(AdjOutcome) rallies = NULL;
  g_autoptr(GError) error = NULL;
  AdjUnit *zulus = adj_battle_find_unit (battle, "u2");
  int rout[] = { 1, 6, 6, 6, 6 };
  int rally[] = { 6, 4 };

  /* Pre-filled from the unit: Zulus pass on 3, their induna is with them, 21 of 21. */
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_inputs_get_string (in, "class"), ==, "zulu");
  g_assert_cmpint (adj_inputs_get_int (in, "full"), ==, 21);
  g_assert_cmpint (adj_inputs_get_int (in, "figures"), ==, 21);
  g_assert_true (adj_inputs_get_bool (in, "officer"));

  routs = resolve_ok (in, battle, rout, G_N_ELEMENTS (rout), NULL);
  g_assert_cmpstr (routs->key, ==, "routs");
  g_assert_cmpint (value_int (routs, "distance"), ==, 24);
  apply_ok (battle, in, routs);
  g_assert_true (adj_unit_get_status_bool (zulus, "routing"));

  /* Routing now: before moving, a pass rallies it. */
  {
    g_autoptr(AdjInputs) next = inputs_new ("gl/morale", "{\"unit\": \"u2\"}");

    g_assert_true (adj_battle_prefill (battle, next, &error));
    g_assert_true (adj_inputs_get_bool (next, "routing"));
    rallies = resolve_ok (next, battle, rally, G_N_ELEMENTS (rally), NULL);
    g_assert_cmpstr (rallies->key, ==, "rallies");
    g_assert_cmpint (value_int (rallies, "distance"), ==, 4);
    apply_ok (battle, next, rallies);
    g_assert_false (adj_unit_get_status_bool (zulus, "routing"));
    undo_ok (battle);
    g_assert_true (adj_unit_get_status_bool (zulus, "routing"));
  }
  undo_ok (battle);
  g_assert_false (adj_unit_get_status_bool (zulus, "routing"));
}

/* ------------------------------------------------------------------------------------------ */
/* movement                                                                                    */

typedef struct {
  const char *kind;
  gboolean    rough;
  int         dice;     /* -1: the players' table must give it */
} MoveCase;

static const MoveCase move_cases[] = {
  { "close-order", FALSE, 2 },
  { "open-order", FALSE, 3 },
  { "road-column", FALSE, 3 },
  { "charging", FALSE, 3 },
  { "scouts", FALSE, 3 },
  { "scouts", TRUE, 2 },
  { "boat", FALSE, 2 },
  { "boat", TRUE, 2 },
  { "close-order", TRUE, -1 },
  { "charging", TRUE, -1 },
  { "cavalry", FALSE, -1 },
  { "cavalry-charging", TRUE, -1 },
  { "mounted-rifles", FALSE, -1 },
  { "guns", TRUE, -1 },
};

/* The dice of full_tables for the cells the rules leave to the players. */
static int
entered_move_dice (const char *kind,
                   gboolean    rough)
{
  static const struct { const char *kind; int clear, rough; } t[] = {
    { "close-order", 2, 1 }, { "open-order", 3, 2 }, { "road-column", 3, 1 },
    { "charging", 3, 2 }, { "cavalry", 4, 2 }, { "cavalry-charging", 5, 3 },
    { "mounted-rifles", 4, 2 }, { "guns", 2, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    if (g_str_equal (t[i].kind, kind))
      return rough ? t[i].rough : t[i].clear;
  g_assert_not_reached ();
}

static void
test_move_case (gconstpointer data)
{
  const MoveCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"kind\": \"%s\", \"rough\": %s}", c->kind,
                                           c->rough ? "true" : "false");
  g_autoptr(AdjInputs) in = inputs_new ("gl/movement", json);
  int dice[] = { 6, 5, 4, 3, 2, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) none = NULL;
  int n = c->dice;

  if (c->dice < 0)
    {
      /* The rules do not give it: without the players' table it refuses, naming the cell. */
      const AdjTableShape *shape = adj_table_shape_lookup (rs, "movement");
      g_autofree char *cell = adj_table_shape_cell_label (shape, c->kind,
                                                          c->rough ? "rough" : "clear");
      g_autofree char *want = g_strdup_printf ("Enter the Movement table first: 1 cell is "
                                               "missing (%s)", cell);
      g_autoptr(AdjOdds) no_odds = NULL;
      AdjContext ctx = { .ruleset = rs };

      none = resolve_entered (in, NULL, dice, 0, NULL, &error);
      g_assert_null (none);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
      g_assert_cmpstr (error->message, ==, want);
      g_clear_error (&error);
      no_odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
      g_assert_null (no_odds);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
      g_clear_error (&error);
      /* No dice are asked for either. */
      {
        g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);
        g_assert_cmpuint (specs->len, ==, 0);
      }
      adj_tables_unref (set_tables (full_tables));
      n = entered_move_dice (c->kind, c->rough);
    }

  {
    g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, (guint) n, NULL);
    g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
    int sum = 0;
    g_autofree char *key = NULL;
    g_autoptr(GHashTable) ways = g_hash_table_new (g_direct_hash, g_direct_equal);
    guint total = 1, combos;

    for (int i = 0; i < n; i++)
      sum += dice[i];
    key = g_strdup_printf ("%d", sum);
    g_assert_cmpstr (out->key, ==, key);
    g_assert_cmpint (value_int (out, "result"), ==, sum);
    /* The odds of every distance, against all the throws of n dice. */
    for (int i = 0; i < n; i++)
      total *= 6;
    for (combos = 0; combos < total; combos++)
      {
        guint x = combos;
        int s = 0;

        for (int i = 0; i < n; i++, x /= 6)
          s += (int) (x % 6) + 1;
        g_hash_table_insert (ways, GINT_TO_POINTER (s + 1),
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (
                               ways, GINT_TO_POINTER (s + 1))) + 1));
      }
    for (guint i = 0; i < odds->entries->len; i++)
      {
        const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
        int v = atoi (e->key);

        assert_entry (odds, e->key,
                      frac (GPOINTER_TO_UINT (g_hash_table_lookup (ways, GINT_TO_POINTER (v + 1))),
                            total));
      }
    g_assert_cmpuint (odds->entries->len, ==, g_hash_table_size (ways));
  }
  adj_tables_set_override (NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* concealment and scouts                                                                      */

typedef struct {
  const char *mech;
  const char *json;
  const char *key;
} SimpleCase;

static const SimpleCase simple_cases[] = {
  { "gl/discovery", "{\"spotter\": \"unit\", \"distance\": 0}", "found" },
  { "gl/discovery", "{\"spotter\": \"unit\", \"distance\": 3}", "found" },
  { "gl/discovery", "{\"spotter\": \"unit\", \"distance\": 4}", "hidden" },
  { "gl/discovery", "{\"spotter\": \"scouts\", \"distance\": 6}", "found" },
  { "gl/discovery", "{\"spotter\": \"scouts\", \"distance\": 7}", "hidden" },
  { "gl/scouts", "{\"figures\": 2, \"distance\": 24}", "allowed" },
  { "gl/scouts", "{\"figures\": 1, \"distance\": 0}", "allowed" },
  { "gl/scouts", "{\"figures\": 3, \"distance\": 10}", "too-many" },
  { "gl/scouts", "{\"figures\": 2, \"distance\": 25}", "too-far" },
};

static void
test_simple (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (simple_cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new (simple_cases[i].mech, simple_cases[i].json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, NULL, 0, NULL);
      g_autoptr(AdjOdds) odds = odds_ok (in, NULL);

      g_assert_cmpstr (out->key, ==, simple_cases[i].key);
      assert_entry (odds, simple_cases[i].key, frac (1, 1));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* fire                                                                                        */

typedef struct {
  const char *weapon;
  const char *formation;
  int         figures;
  int         second;
  int         rear;
  int         crews;
  int         dice;
} FireDiceCase;

static const FireDiceCase fire_dice_cases[] = {
  /* One die a figure, the front rank only in close order... */
  { "breech-loader", "close-order", 10, 10, 0, 1, 10 },
  { "musket", "road-column", 4, 4, 0, 1, 4 },
  { "breech-loader", "square", 5, 5, 0, 1, 5 },
  /* ... the second rank too in open order, never a third... */
  { "breech-loader", "open-order", 10, 10, 0, 1, 20 },
  { "musket", "open-order", 6, 6, 6, 1, 12 },
  /* ... spears from four ranks whatever the order ... */
  { "spear", "close-order", 7, 7, 14, 1, 28 },
  { "spear", "open-order", 5, 0, 3, 1, 8 },
  /* ... and two dice a gun or Maxim crew. */
  { "gun", "close-order", 4, 0, 0, 1, 2 },
  { "gun", "close-order", 12, 0, 0, 3, 6 },
  { "maxim", "open-order", 4, 4, 0, 2, 4 },
  { "maxim", "close-order", 4, 0, 0, 0, 0 },
};

static void
test_fire_dice (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fire_dice_cases); i++)
    {
      const FireDiceCase *c = &fire_dice_cases[i];
      g_autofree char *json = g_strdup_printf ("{\"weapon\": \"%s\", \"formation\": \"%s\", "
                                               "\"figures\": %d, \"second_rank\": %d, "
                                               "\"rear_ranks\": %d, \"crews\": %d}", c->weapon,
                                               c->formation, c->figures, c->second, c->rear,
                                               c->crews);
      g_autoptr(AdjInputs) in = inputs_new ("gl/fire", json);
      AdjContext ctx = { .ruleset = rs };
      g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);
      int dice[200];
      g_autoptr(AdjOutcome) out = NULL;

      for (guint k = 0; k < G_N_ELEMENTS (dice); k++)
        dice[k] = (int) (k % 6) + 1;
      g_assert_cmpuint (specs->len, ==, c->dice > 0 ? 1 : 0);
      if (c->dice > 0)
        g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, (guint) c->dice);
      out = resolve_ok (in, NULL, dice, (guint) c->dice, NULL);
      g_assert_cmpint (value_int (out, "dice"), ==, c->dice);
      g_assert_cmpstr (out->key, ==, c->dice > 0 ? "dice-rolled" : "no-hits");
    }
}

/* Without the hit table the dice are thrown and counted, and the outcome says which cell is
 * missing; nothing is made of them. */
static void
test_fire_no_tables (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 6, \"band\": \"long\", "
                                        "\"weapon\": \"musket\"}");
  int dice[] = { 6, 6, 5, 1, 3, 6 };
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, G_N_ELEMENTS (dice), NULL);
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
  json_object *faces = json_object_object_get (out->values, "faces");
  static const int want_faces[] = { 1, 0, 1, 0, 1, 3 };
  g_autofree char *text = adj_outcome_to_text (out);

  g_assert_cmpstr (out->key, ==, "dice-rolled");
  g_assert_cmpstr (out->reason, ==, "Rolled 3 × 6, 1 × 5, 1 × 3, 1 × 1. Enter the Hit table "
                   "first: 1 cell is missing (Long range × Musket or other muzzle-loader)");
  for (guint f = 0; f < 6; f++)
    g_assert_cmpint (json_object_get_int (json_object_array_get_idx (faces, f)), ==,
                     want_faces[f]);
  g_assert_false (json_object_object_get_ex (out->values, "hits", NULL));
  g_assert_false (json_object_object_get_ex (out->values, "casualties", NULL));
  g_assert_nonnull (strstr (text, "The Hit table has 15 empty cells in all"));
  g_assert_cmpuint (out->rolls->len, ==, 1);
  assert_entry (odds, "dice-rolled", frac (1, 1));
  g_assert_cmpstr (odds->note, ==, "Enter the Hit table first: 1 cell is missing (Long range × "
                   "Musket or other muzzle-loader)");
}

/* With the hit table but no saving table: the hits are counted, the saves not thrown. */
static void
test_fire_no_saves (void)
{
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables ("{\"hit\": {\"short\": {\"musket\": 5}}}");
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 4, \"weapon\": \"musket\", "
                                        "\"cover\": \"hard\"}");
  int dice[] = { 5, 6, 4, 1 };
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, G_N_ELEMENTS (dice), NULL);
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);

  g_assert_cmpstr (out->key, ==, "hits-rolled");
  g_assert_cmpint (value_int (out, "hits"), ==, 2);
  g_assert_cmpstr (out->reason, ==, "2 hits on the target. Enter the Saving table first: 1 cell "
                   "is missing (Hard cover)");
  /* No hit on 4 dice hitting on 5+: (4/6)^4. */
  assert_entry (odds, "no-hits", frac (16, 81));
  assert_entry (odds, "hits-rolled", frac (65, 81));
  assert_entry (odds, "casualties", frac (0, 1));
  adj_tables_set_override (NULL);
}

typedef struct {
  const char *name;
  const char *json;
  int         dice[8];
  guint       n_dice;
  const char *key;
  int         hits;
  int         saved;
} FireCase;

static const FireCase fire_cases[] = {
  /* Short range, breech-loader: hits on 4; the open gives no save. */
  { "open", "{\"figures\": 5}", { 4, 3, 6, 1, 5 }, 5, "casualties", 3, 0 },
  /* Soft cover saves on 5: one of the three hits saved. */
  { "soft", "{\"figures\": 5, \"cover\": \"soft\"}", { 4, 3, 6, 1, 5, 5, 2, 1 }, 8, "casualties",
    3, 1 },
  /* A prone target in the open is in soft cover. */
  { "prone", "{\"figures\": 2, \"prone\": true}", { 6, 6, 5, 6 }, 4, "all-saved", 2, 2 },
  /* Hard cover saves on 4. */
  { "hard", "{\"figures\": 3, \"cover\": \"hard\", \"band\": \"medium\"}", { 5, 5, 1, 4, 3 }, 5,
    "casualties", 2, 1 },
  { "miss", "{\"figures\": 3, \"band\": \"long\"}", { 5, 5, 1 }, 3, "no-hits", 0, 0 },
  /* Out of reach: no die is thrown. */
  { "out-of-reach", "{\"figures\": 8, \"band\": \"long\", \"weapon\": \"spear\"}", { 0 }, 0,
    "no-hits", 0, 0 },
  /* A gun crew throws two dice. */
  { "gun", "{\"weapon\": \"gun\", \"crews\": 1, \"cover\": \"hard\"}", { 4, 4, 4, 5 }, 4,
    "all-saved", 2, 2 },
};

static void
test_fire_case (gconstpointer data)
{
  const FireCase *c = data;
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (full_tables);
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", c->json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, c->dice, c->n_dice, NULL);

  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpint (value_int (out, "hits"), ==, c->hits);
  g_assert_cmpint (value_int (out, "casualties"), ==, c->hits - c->saved);
  if (c->hits > 0)
    g_assert_cmpint (value_int (out, "saved"), ==, c->saved);
  adj_tables_set_override (NULL);
}

/* The odds of a volley against every throw of the fire dice and then of the saving dice. */
static void
test_fire_odds_brute (void)
{
  static const struct { int hit_on, save_on; } cells[] = {
    { 4, 0 }, { 4, 5 }, { 6, 4 }, { 2, 2 }, { 1, 6 }, { 3, 1 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
    for (int n = 1; n <= 4; n++)
      {
        g_autofree char *hit = g_strdup_printf ("%d", cells[c].hit_on);
        g_autofree char *save = cells[c].save_on == 0 ? g_strdup ("\"none\"")
                                                      : g_strdup_printf ("%d", cells[c].save_on);
        g_autofree char *tables = g_strdup_printf ("{\"hit\": {\"short\": {\"musket\": %s}}, "
                                                   "\"saves\": {\"hard\": {\"value\": %s}}}",
                                                   hit, save);
        g_autofree char *json = g_strdup_printf ("{\"figures\": %d, \"weapon\": \"musket\", "
                                                 "\"cover\": \"hard\"}", n);
        g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (tables);
        g_autoptr(AdjInputs) in = inputs_new ("gl/fire", json);
        g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
        Frac none = { 0, 1 }, saved = { 0, 1 }, cas = { 0, 1 };
        u128 throws = 1;

        for (int i = 0; i < n; i++)
          throws *= 6;
        for (u128 x = 0; x < throws; x++)
          {
            u128 y = x;
            int hits = 0;

            for (int i = 0; i < n; i++, y /= 6)
              hits += (int) (y % 6) + 1 >= cells[c].hit_on;
            if (hits == 0)
              {
                none = frac_add (none, frac (1, throws));
                continue;
              }
            {
              u128 save_throws = 1;

              for (int i = 0; i < hits; i++)
                save_throws *= 6;
              for (u128 s = 0; s < save_throws; s++)
                {
                  u128 z = s;
                  int ok = 0;

                  for (int i = 0; i < hits; i++, z /= 6)
                    ok += cells[c].save_on > 0 && (int) (z % 6) + 1 >= cells[c].save_on;
                  if (ok == hits)
                    saved = frac_add (saved, frac (1, throws * save_throws));
                  else
                    cas = frac_add (cas, frac (1, throws * save_throws));
                }
            }
          }
        assert_entry (odds, "no-hits", none);
        assert_entry (odds, "all-saved", saved);
        assert_entry (odds, "casualties", cas);
        adj_tables_set_override (NULL);
      }
}

/* Past what 64 bits count, the odds are doubles that still sum to one. */
static void
test_fire_odds_large (void)
{
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (full_tables);
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 40, \"second_rank\": 40, "
                                        "\"formation\": \"open-order\", \"cover\": \"soft\"}");
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
  double sum = 0.0;

  g_assert_true (odds->overflow);
  for (guint i = 0; i < odds->entries->len; i++)
    sum += ((AdjOddsEntry *) g_ptr_array_index (odds->entries, i))->p;
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, "no-hits"), pow (0.5, 80), 1e-30);
  adj_tables_set_override (NULL);
}

/* A battle's own tables win over the user's: the demo's example values. */
static void
test_fire_battle_tables (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(AdjTables) user G_GNUC_UNUSED =
    set_tables ("{\"hit\": {\"short\": {\"breech-loader\": 2}}}");
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 2}");
  AdjTables *carried;
  int dice[] = { 3, 3 };
  g_autoptr(AdjOutcome) out = NULL;
  int hit_on = 0;

  g_assert_no_error (error);
  carried = adj_battle_get_tables (battle);
  g_assert_nonnull (carried);
  /* Marked as the demo's own numbers, not the book's. */
  g_assert_nonnull (strstr (adj_tables_get_title (carried), "example"));
  g_assert_nonnull (strstr (adj_tables_get_notes (carried), "not the book"));
  g_assert_true (adj_tables_is_complete (carried, "hit"));
  g_assert_true (adj_tables_is_complete (carried, "saves"));
  g_assert_true (adj_tables_get_int (carried, "hit", "short", "breech-loader", &hit_on, NULL));
  g_assert_cmpint (hit_on, >, 3);

  /* Both dice show 3: the user's 2+ would hit twice, the battle's table hits with neither. */
  out = resolve_ok (in, battle, dice, G_N_ELEMENTS (dice), NULL);
  g_assert_cmpstr (out->key, ==, "no-hits");
  g_assert_cmpint (value_int (out, "hit_on"), ==, hit_on);
  adj_tables_set_override (NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* who falls                                                                                   */

typedef struct {
  const char *name;
  const char *json;
  const char *cards;
  const char *key;
  const char *figures[4];   /* what fell, card by card */
  const char *choosers[4];
} CardCase;

static const CardCase card_cases[] = {
  /* Ace: the officer, then a leading NCO. */
  { "ace", "{\"hits\": 1}", "AS", "leader-falls", { "officer" }, { "leader" } },
  { "ace-nco", "{\"hits\": 1, \"officer\": false, \"leader_nco\": true}", "AH", "leader-falls",
    { "nco" }, { "leader" } },
  { "two-aces", "{\"hits\": 2, \"leader_nco\": true}", "AS,AC", "leader-falls",
    { "officer", "nco" }, { "leader", "leader" } },
  /* No leader left: an Ace is an ordinary card. */
  { "ace-no-leader", "{\"hits\": 1, \"officer\": false}", "AD", "ranks-fall", { "ranks" },
    { "target" } },
  /* Face cards: the firer picks — the officer by default, or a ranker. */
  { "jack", "{\"hits\": 1}", "JC", "leader-falls", { "officer" }, { "firer" } },
  { "king-ranks", "{\"hits\": 1, \"firer_picks\": \"ranks\"}", "KH", "ranks-fall", { "ranks" },
    { "firer" } },
  { "queen-no-leader", "{\"hits\": 1, \"officer\": false}", "QS", "ranks-fall", { "ranks" },
    { "firer" } },
  /* Any other card: the target's player picks — a ranker by default. */
  { "ten", "{\"hits\": 1}", "10H", "ranks-fall", { "ranks" }, { "target" } },
  { "two-gives-officer", "{\"hits\": 1, \"target_picks\": \"leader\"}", "2D", "leader-falls",
    { "officer" }, { "target" } },
  /* Mixed, and only leaders left at the end. */
  { "mixed", "{\"hits\": 3, \"figures\": 3}", "7C,9D,8S", "leader-falls",
    { "ranks", "ranks", "officer" }, { "target", "target", "target" } },
  { "wiped-out", "{\"hits\": 4, \"figures\": 2}", "3C,4C", "leader-falls",
    { "ranks", "officer" }, { "target", "target" } },
};

static void
test_card_case (gconstpointer data)
{
  const CardCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("gl/hit-cards", c->json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, NULL, 0, c->cards);
  json_object *list = json_object_object_get (out->values, "cards");
  guint n = 0;

  g_assert_cmpstr (out->key, ==, c->key);
  while (n < G_N_ELEMENTS (c->figures) && c->figures[n] != NULL)
    n++;
  g_assert_cmpuint (json_object_array_length (list), ==, n);
  for (guint i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (list, i);

      g_assert_cmpstr (json_object_get_string (json_object_object_get (item, "figure")), ==,
                       c->figures[i]);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (item, "chooser")), ==,
                       c->choosers[i]);
    }
  g_assert_cmpint (value_int (out, "figures_lost"), ==, (int) n);
}

static void
test_cards_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/hit-cards", "{\"target\": \"u1\", \"hits\": 3}");
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  AdjUnit *foot = adj_battle_find_unit (battle, "u1");
  guint left;

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_cmpint (adj_inputs_get_int (in, "figures"), ==, 20);
  g_assert_true (adj_inputs_get_bool (in, "officer"));
  g_assert_false (adj_inputs_get_bool (in, "leader_nco"));
  out = resolve_ok (in, battle, NULL, 0, "5C,AS,9H");
  g_assert_cmpstr (out->key, ==, "leader-falls");
  g_assert_true (value_bool (out, "officer_killed"));
  left = adj_pack_remaining (adj_battle_get_pack (battle));
  apply_ok (battle, in, out);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 17);
  g_assert_false (adj_unit_get_status_bool (foot, "officer"));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, left - 3);
  undo_ok (battle);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 20);
  g_assert_true (adj_unit_get_status_bool (foot, "officer"));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, left);
}

/* The book's allocation over one ordered sequence of card classes (0 ace, 1 face, 2 other):
 * does a leader fall? */
static gboolean
book_leader_falls (const int *classes,
                   int        hits,
                   int        figures,
                   int        leaders,
                   gboolean   firer_leader,
                   gboolean   target_leader)
{
  int ordinary = figures - leaders;

  for (int i = 0; i < hits && i < figures; i++)
    {
      gboolean takes = classes[i] == 0 ? leaders > 0
                       : classes[i] == 1 ? firer_leader && leaders > 0
                                         : target_leader && leaders > 0;

      if (takes || ordinary == 0)
        return leaders > 0;
      ordinary--;
    }
  return FALSE;
}

/* Every ordered draw of the cards left, counted one card at a time (with the turned cards
 * shuffled back when the pile runs out). */
static Frac
brute_leader_falls (int       *draw,    /* counts per class */
                    int       *turned,
                    int       *seq,
                    int        depth,
                    int        hits,
                    int        figures,
                    int        leaders,
                    gboolean   firer_leader,
                    gboolean   target_leader)
{
  int n = draw[0] + draw[1] + draw[2];
  Frac sum = { 0, 1 };

  if (depth == MIN (hits, figures))
    return frac (book_leader_falls (seq, hits, figures, leaders, firer_leader, target_leader) ? 1
                                                                                              : 0,
                 1);
  if (n == 0)
    {
      int d2[3] = { turned[0], turned[1], turned[2] }, t2[3] = { 0, 0, 0 };
      return brute_leader_falls (d2, t2, seq, depth, hits, figures, leaders, firer_leader,
                                 target_leader);
    }
  for (int k = 0; k < 3; k++)
    {
      if (draw[k] == 0)
        continue;
      {
        int d2[3] = { draw[0], draw[1], draw[2] }, t2[3] = { turned[0], turned[1], turned[2] };
        Frac sub;

        d2[k]--;
        t2[k]++;
        seq[depth] = k;
        sub = brute_leader_falls (d2, t2, seq, depth + 1, hits, figures, leaders, firer_leader,
                                  target_leader);
        sum = frac_add (sum, frac_mul (frac ((u128) draw[k], (u128) n), sub));
      }
    }
  return sum;
}

static void
test_cards_odds (void)
{
  static const struct {
    const char *json;
    int         hits, figures, leaders;
    gboolean    firer, target;
    guint       keep;     /* cards left in the draw pile: the rest are turned */
  } cases[] = {
    { "{\"hits\": 1}", 1, 20, 1, TRUE, FALSE, 52 },
    { "{\"hits\": 3}", 3, 20, 1, TRUE, FALSE, 52 },
    { "{\"hits\": 4, \"firer_picks\": \"ranks\"}", 4, 20, 1, FALSE, FALSE, 52 },
    { "{\"hits\": 2, \"target_picks\": \"leader\"}", 2, 20, 1, TRUE, TRUE, 52 },
    { "{\"hits\": 2, \"officer\": false}", 2, 20, 0, TRUE, FALSE, 52 },
    { "{\"hits\": 3, \"figures\": 3}", 3, 3, 1, TRUE, FALSE, 52 },
    /* Exactly as many hits as ordinary figures: a leader falls only to a card. */
    { "{\"hits\": 2, \"figures\": 3}", 2, 3, 1, TRUE, FALSE, 52 },
    { "{\"hits\": 3, \"figures\": 4, \"leader_nco\": true}", 3, 4, 2, TRUE, FALSE, 52 },
    /* A nearly spent pack, and one that must be shuffled back on the way. */
    { "{\"hits\": 3, \"firer_picks\": \"ranks\"}", 3, 20, 1, FALSE, FALSE, 6 },
    { "{\"hits\": 5, \"firer_picks\": \"ranks\"}", 5, 20, 1, FALSE, FALSE, 3 },
    { "{\"hits\": 4}", 4, 20, 1, TRUE, FALSE, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new ("gl/hit-cards", cases[i].json);
      g_autoptr(AdjPack) pack = adj_pack_new (1);
      g_autoptr(AdjOdds) odds = NULL;
      g_autoptr(GError) error = NULL;
      AdjContext ctx = { .ruleset = rs, .pack = pack };
      int draw[3] = { 0 }, turned[3] = { 0 }, seq[64];
      const AdjCard *pile;
      guint n;
      Frac p;

      /* Turn cards from the top (the pack is in order) until @keep are left. */
      while (adj_pack_remaining (pack) > cases[i].keep)
        {
          AdjCard c;
          g_assert_true (adj_pack_turn (pack, &c));
        }
      pile = adj_pack_draw_pile (pack, &n);
      for (guint k = 0; k < n; k++)
        draw[adj_card_rank (pile[k]) == 1 ? 0 : adj_card_is_face (pile[k]) ? 1 : 2]++;
      pile = adj_pack_turned (pack, &n);
      for (guint k = 0; k < n; k++)
        turned[adj_card_rank (pile[k]) == 1 ? 0 : adj_card_is_face (pile[k]) ? 1 : 2]++;

      odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
      g_assert_no_error (error);
      p = brute_leader_falls (draw, turned, seq, 0, cases[i].hits, cases[i].figures,
                              cases[i].leaders, cases[i].firer, cases[i].target);
      assert_entry (odds, "leader-falls", p);
      assert_entry (odds, "ranks-fall", frac (p.den - p.num, p.den));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* the charge                                                                                  */

static void
test_charge (void)
{
  static const struct {
    const char *json;
    int         dice[2];
    guint       n;
    const char *key;
    int         closing;
  } cases[] = {
    /* 20 Zulus, induna with them: 4 straggle, 16 test on 3 (+1 officer) and close. */
    { "{\"class\": \"zulu\", \"figures\": 20}", { 4, 2 }, 2, "closes", 16 },
    { "{\"class\": \"zulu\", \"figures\": 20, \"officer\": false}", { 4, 2 }, 2, "falls-back",
      16 },
    /* Six stragglers from three ordinary figures: all of them; the charge stops short. */
    { "{\"class\": \"boer\", \"figures\": 4}", { 6 }, 1, "stops-short", 1 },
    /* Below half: -1 (Boers pass on 4). */
    { "{\"class\": \"boer\", \"figures\": 9, \"full\": 19}", { 1, 3 }, 2, "falls-back", 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new ("gl/charge", cases[i].json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, cases[i].dice, cases[i].n, NULL);
      g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
      guint ways[3] = { 0 };
      int figures = adj_inputs_get_int (in, "figures");
      int ordinary = figures - (adj_inputs_get_bool (in, "officer") ? 1 : 0);
      BookMorale m = { adj_inputs_get_string (in, "class"), "before-move",
                       adj_inputs_get_bool (in, "officer"), FALSE, FALSE, FALSE, figures,
                       adj_inputs_get_int (in, "full"), FALSE };

      g_assert_cmpstr (out->key, ==, cases[i].key);
      g_assert_cmpint (value_int (out, "closing"), ==, cases[i].closing);
      /* The odds over both dice, against the book. */
      for (int s = 1; s <= 6; s++)
        for (int d = 1; d <= 6; d++)
          {
            if (s >= ordinary && ordinary > 0)
              ways[2]++;
            else if (d + book_morale_mod (&m) >= book_pass (m.morale_class))
              ways[0]++;
            else
              ways[1]++;
          }
      assert_entry (odds, "closes", frac (ways[0], 36));
      assert_entry (odds, "falls-back", frac (ways[1], 36));
      assert_entry (odds, "stops-short", frac (ways[2], 36));
    }
}

static void
test_charge_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/charge", "{\"unit\": \"u4\"}");
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  int dice[] = { 2, 1 };
  AdjUnit *boers = adj_battle_find_unit (battle, "u4");

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_cmpstr (adj_inputs_get_string (in, "class"), ==, "boer");
  out = resolve_ok (in, battle, dice, G_N_ELEMENTS (dice), NULL);
  g_assert_cmpstr (out->key, ==, "falls-back");
  apply_ok (battle, in, out);
  g_assert_true (adj_unit_get_status_bool (boers, "prone"));
  undo_ok (battle);
  g_assert_false (adj_unit_get_status_bool (boers, "prone"));
}

/* ------------------------------------------------------------------------------------------ */
/* melee: one pair                                                                             */

static const BookMelee melee_mods[] = {
  { 0 },
  { .a_leader = TRUE },
  { .d_leader = TRUE },
  { .a_cavalry = TRUE, .charging = TRUE },
  { .charging = TRUE, .hard_cover = TRUE },
  { .charging = TRUE, .rear = TRUE },
  { .charging = TRUE, .prone = TRUE },
  { .charging = TRUE, .square = TRUE, .d_leader = TRUE },
  { .a_cavalry = TRUE, .charging = TRUE, .rear = TRUE, .a_leader = TRUE },
  { .d_cavalry = TRUE, .hard_cover = TRUE, .square = TRUE, .d_leader = TRUE },
};

/* Closed form: with ties thrown again, each end is its share of the throws that are not
 * ties — an attacker's win kills when the defender's own die is 1 or 2. */
static void
test_pair_closed_form (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (melee_mods); i++)
    {
      const BookMelee *m = &melee_mods[i];
      g_autofree char *extra = g_strdup_printf ("\"attacker_leader\": %s, \"defender_leader\": %s",
                                                m->a_leader ? "true" : "false",
                                                m->d_leader ? "true" : "false");
      g_autofree char *json = melee_json (m, extra);
      g_autoptr(AdjInputs) in = inputs_new ("gl/melee-pair", json);
      g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
      int diff = book_melee_diff (m);
      int ties = ABS (diff) < 6 ? 6 - ABS (diff) : 0;
      u128 dk = 0, dr = 0, ak = 0, ar = 0, non_tie = 36 - (u128) ties;

      /* The attacker wins when a + diff > d. */
      for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++)
          {
            if (a + diff > d)
              *(d <= 2 ? &dk : &dr) += 1;
            else if (a + diff < d)
              *(a <= 2 ? &ak : &ar) += 1;
          }
      g_assert_true (dk + dr + ak + ar == non_tie);
      assert_entry (odds, "defender-killed", frac (dk, non_tie));
      assert_entry (odds, "defender-runs", frac (dr, non_tie));
      assert_entry (odds, "attacker-killed", frac (ak, non_tie));
      assert_entry (odds, "attacker-runs", frac (ar, non_tie));

      /* Brute force over the infinite process: every sequence of up to three throws (the
       * first ones ties), each of the 36^k equally likely; the paths that ended fall short of
       * the exact odds by no more than the chance of three ties running, and never exceed them. */
      {
        static const char *const keys[] = {
          "defender-killed", "defender-runs", "attacker-killed", "attacker-runs"
        };
        Frac ended[4] = { { 0, 1 }, { 0, 1 }, { 0, 1 }, { 0, 1 } };
        Frac open = { 0, 1 };

        for (int depth = 1; depth <= 3; depth++)
          {
            u128 n = 1;

            for (int k = 0; k < depth; k++)
              n *= 36;
            for (u128 x = 0; x < n; x++)
              {
                u128 y = x;
                gboolean prefix_ties = TRUE;
                int a = 0, d = 0;

                for (int k = 0; k < depth; k++, y /= 36)
                  {
                    a = (int) (y % 36) / 6 + 1;
                    d = (int) (y % 36) % 6 + 1;
                    if (k < depth - 1 && a + diff != d)
                      prefix_ties = FALSE;
                  }
                if (!prefix_ties)
                  continue;
                if (a + diff == d)
                  {
                    if (depth == 3)
                      open = frac_add (open, frac (1, n));
                    continue;
                  }
                ended[a + diff > d ? (d <= 2 ? 0 : 1) : (a <= 2 ? 2 : 3)] =
                  frac_add (ended[a + diff > d ? (d <= 2 ? 0 : 1) : (a <= 2 ? 2 : 3)],
                            frac (1, n));
              }
          }
        for (guint k = 0; k < 4; k++)
          {
            const AdjOddsEntry *e = adj_odds_find (odds, keys[k]);
            Frac exact = frac (e->num, e->den);
            Frac upper = frac_add (ended[k], open);

            /* ended <= exact <= ended + open, in exact arithmetic: a * d' <= b * c. */
            g_assert_true (ended[k].num * exact.den <= exact.num * ended[k].den);
            g_assert_true (exact.num * upper.den <= upper.num * exact.den);
          }
      }
    }
}

static void
test_pair_resolve (void)
{
  static const struct {
    BookMelee   m;
    int         dice[6];
    guint       n;
    const char *key;
    int         throws;
  } cases[] = {
    { { 0 }, { 5, 2 }, 2, "defender-killed", 1 },
    { { 0 }, { 5, 3 }, 2, "defender-runs", 1 },
    { { 0 }, { 1, 4 }, 2, "attacker-killed", 1 },
    { { 0 }, { 3, 4 }, 2, "attacker-runs", 1 },
    /* Ties again, twice, then the attacker's natural 2 loses and kills him. */
    { { 0 }, { 4, 4, 6, 6, 2, 5 }, 6, "attacker-killed", 3 },
    /* Charging +1 makes 3 against 4 a tie: thrown again. */
    { { .charging = TRUE }, { 3, 4, 2, 1 }, 4, "defender-killed", 2 },
    /* Hard cover: +1 the defender and no charge bonus. */
    { { .charging = TRUE, .hard_cover = TRUE }, { 4, 3, 5, 5 }, 4, "attacker-runs", 2 },
    /* From the rear (+2), a natural 1 wins 3 against 2 — and the loser, on 2, dies. */
    { { .rear = TRUE }, { 1, 2 }, 2, "defender-killed", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = melee_json (&cases[i].m, NULL);
      g_autoptr(AdjInputs) in = inputs_new ("gl/melee-pair", json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, cases[i].dice, cases[i].n, NULL);

      g_assert_cmpstr (out->key, ==, cases[i].key);
      g_assert_cmpint (value_int (out, "throws"), ==, cases[i].throws);
    }
}

static void
test_pair_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee-pair", "{\"attacker\": \"u2\", \"defender\": "
                                        "\"u1\", \"defender_leader\": true}");
  g_autoptr(AdjOutcome) out = NULL;
  AdjUnit *foot = adj_battle_find_unit (battle, "u1");
  int dice[] = { 6, 1 };

  out = resolve_ok (in, battle, dice, G_N_ELEMENTS (dice), NULL);
  g_assert_cmpstr (out->key, ==, "defender-killed");
  apply_ok (battle, in, out);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 19);
  g_assert_false (adj_unit_get_status_bool (foot, "officer"));
  undo_ok (battle);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 20);
  g_assert_true (adj_unit_get_status_bool (foot, "officer"));
}

/* ------------------------------------------------------------------------------------------ */
/* melee: two units                                                                            */

/* The chance the attacker wins a pair, as a fraction of the throws that are not ties. */
static Frac
book_pair_win (int diff)
{
  u128 win = 0, total = 0;

  for (int a = 1; a <= 6; a++)
    for (int d = 1; d <= 6; d++)
      if (a + diff != d)
        {
          total++;
          win += a + diff > d;
        }
  return frac (win, total);
}

/* The attackers' chance, pair by pair: every round, each pair's end in turn (2^pairs paths),
 * then the round after from what is left. */
static Frac
brute_melee (const BookMelee *base,
             int              a,
             int              d,
             gboolean         la,
             gboolean         ld)
{
  int pairs = MIN (a, d);
  Frac sum = { 0, 1 };

  if (d == 0)
    return frac (1, 1);
  if (a == 0)
    return frac (0, 1);
  for (guint mask = 0; mask < (1u << pairs); mask++)
    {
      Frac p = { 1, 1 };
      int a_won = 0;
      gboolean la2 = la, ld2 = ld;

      for (int i = 0; i < pairs; i++)
        {
          BookMelee m = *base;
          gboolean won = (mask >> i) & 1;
          Frac w;

          m.a_leader = i == 0 && la;
          m.d_leader = i == 0 && ld;
          w = book_pair_win (book_melee_diff (&m));
          p = frac_mul (p, won ? w : frac (w.den - w.num, w.den));
          a_won += won;
          if (i == 0 && la && !won)
            la2 = FALSE;
          if (i == 0 && ld && won)
            ld2 = FALSE;
        }
      if (p.num == 0)
        continue;
      sum = frac_add (sum, frac_mul (p, brute_melee (base, a - (pairs - a_won), d - a_won, la2,
                                                     ld2)));
    }
  return sum;
}

static void
test_melee_odds_brute (void)
{
  static const struct { int a, d; gboolean la, ld; } sizes[] = {
    { 1, 1, FALSE, FALSE }, { 2, 1, FALSE, FALSE }, { 1, 3, FALSE, FALSE },
    { 2, 2, TRUE, FALSE }, { 3, 2, FALSE, TRUE }, { 3, 3, TRUE, TRUE }, { 4, 3, TRUE, FALSE },
    { 5, 5, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (melee_mods); i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        BookMelee m = melee_mods[i];
        g_autofree char *extra = g_strdup_printf ("\"attacker_figures\": %d, "
                                                  "\"defender_figures\": %d, "
                                                  "\"attacker_leader\": %s, "
                                                  "\"defender_leader\": %s", sizes[s].a,
                                                  sizes[s].d, sizes[s].la ? "true" : "false",
                                                  sizes[s].ld ? "true" : "false");
        g_autofree char *json = NULL;
        g_autoptr(AdjInputs) in = NULL;
        g_autoptr(AdjOdds) odds = NULL;
        Frac want;

        m.a_leader = m.d_leader = FALSE;
        json = melee_json (&m, extra);
        in = inputs_new ("gl/melee", json);
        odds = odds_ok (in, NULL);
        want = brute_melee (&m, sizes[s].a, sizes[s].d, sizes[s].la, sizes[s].ld);
        assert_entry (odds, "attacker-wins", want);
        assert_entry (odds, "defender-wins", frac (want.den - want.num, want.den));
      }
}

/* A big melee is past 64-bit fractions: the doubles are checked against the same walk in
 * doubles. */
static double
brute_melee_d (const BookMelee *base,
               int              a,
               int              d,
               gboolean         la,
               gboolean         ld,
               double          *memo)
{
  double *slot = &memo[((a * 41 + d) * 2 + la) * 2 + ld];
  double sum = 0.0;
  int pairs = MIN (a, d), ordinary;
  BookMelee m = *base;
  Frac w0;
  double p0;

  if (d == 0)
    return 1.0;
  if (a == 0)
    return 0.0;
  if (*slot >= 0.0)
    return *slot;
  m.a_leader = m.d_leader = FALSE;
  w0 = book_pair_win (book_melee_diff (&m));
  p0 = (double) w0.num / (double) w0.den;
  ordinary = pairs - (la || ld ? 1 : 0);
  for (int j = 0; j <= ordinary; j++)
    {
      double binom = 1.0;

      for (int k = 0; k < j; k++)
        binom = binom * (ordinary - k) / (k + 1);
      for (int lw = 0; lw <= (la || ld ? 1 : 0); lw++)
        {
          double p = binom * pow (p0, j) * pow (1 - p0, ordinary - j);
          int won = j + lw;

          if (la || ld)
            {
              BookMelee lm = *base;
              Frac wl;

              lm.a_leader = la;
              lm.d_leader = ld;
              wl = book_pair_win (book_melee_diff (&lm));
              p *= lw ? (double) wl.num / wl.den : 1.0 - (double) wl.num / wl.den;
            }
          sum += p * brute_melee_d (base, a - (pairs - won), d - won,
                                    la && (!(la || ld) || lw), ld && (!(la || ld) || !lw), memo);
        }
    }
  *slot = sum;
  return sum;
}

static void
test_melee_odds_large (void)
{
  BookMelee m = { .charging = TRUE, .a_cavalry = TRUE };
  g_autofree char *json = melee_json (&m, "\"attacker_figures\": 12, \"defender_figures\": 21, "
                                      "\"attacker_leader\": true, \"defender_leader\": true");
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee", json);
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
  double memo[41 * 41 * 4];
  double want;

  for (guint i = 0; i < G_N_ELEMENTS (memo); i++)
    memo[i] = -1.0;
  want = brute_melee_d (&m, 12, 21, TRUE, TRUE, memo);
  g_assert_true (odds->overflow);
  g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, "attacker-wins"), want, 1e-12);
  g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, "attacker-wins") +
                                  adj_odds_p (odds, "defender-wins"), 1.0, 1e-12);
}

static void
test_melee_resolve (void)
{
  /* 3 attackers (officer in pair 1) against 2 defenders, no other modifier.
   * Round 1, 2 pairs: officer 4+1 against 5 — a tie, thrown again: 6 against 1, the
   * defender dies; pair 2: 2 against 3, the attacker (on a natural 2) dies.
   * Round 2: 2 attackers, 1 defender, 1 pair: the officer 3+1 against 6: he runs.
   * Round 3: 1 attacker against 1 defender: 5 against 2: the defender dies — rout 4D6. */
  int dice[] = { 4, 2, 5, 3, 6, 1, 3, 6, 5, 2, 3, 3, 3, 3 };
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee", "{\"attacker_figures\": 3, "
                                        "\"defender_figures\": 2, \"attacker_leader\": true, "
                                        "\"charging\": false}");
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, G_N_ELEMENTS (dice), NULL);

  g_assert_cmpstr (out->key, ==, "attacker-wins");
  g_assert_cmpint (value_int (out, "rounds"), ==, 3);
  g_assert_cmpint (value_int (out, "attacker_killed"), ==, 1);
  g_assert_cmpint (value_int (out, "attacker_ran"), ==, 1);
  g_assert_cmpint (value_int (out, "defender_killed"), ==, 2);
  g_assert_cmpint (value_int (out, "defender_ran"), ==, 0);
  g_assert_false (value_bool (out, "attacker_officer_killed"));
  g_assert_cmpint (value_int (out, "rout"), ==, 12);

  /* Two officers face each other in the first pair: 6 against 1 kills the defenders' officer;
   * then the attackers' officer (+1) beats the last defender, 5 against 2. */
  {
    int more[] = { 6, 1, 1, 6, 5, 2, 3, 3, 3, 3 };
    g_autoptr(AdjInputs) both = inputs_new ("gl/melee", "{\"attacker_figures\": 2, "
                                            "\"defender_figures\": 2, \"attacker_leader\": true, "
                                            "\"defender_leader\": true, \"charging\": false}");
    g_autoptr(AdjOutcome) end = resolve_ok (both, NULL, more, G_N_ELEMENTS (more), NULL);

    g_assert_cmpstr (end->key, ==, "attacker-wins");
    g_assert_true (value_bool (end, "defender_officer_killed"));
    g_assert_false (value_bool (end, "attacker_officer_killed"));
    g_assert_cmpint (value_int (end, "attacker_killed"), ==, 1);
    g_assert_cmpint (value_int (end, "defender_killed"), ==, 2);
    g_assert_cmpint (value_int (end, "rounds"), ==, 2);
  }
}

static void
test_melee_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/melee", "{\"attacker\": \"u2\", \"defender\": "
                                        "\"u3\"}");
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  AdjUnit *zulus = adj_battle_find_unit (battle, "u2");
  AdjUnit *lancers = adj_battle_find_unit (battle, "u3");
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));

  /* 21 Zulus charge 12 lancers; every attacker throws 6 and every defender 1 (after the
   * pre-fill: both officers fight, the lancers are cavalry). */
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_inputs_get_int (in, "attacker_figures"), ==, 21);
  g_assert_cmpint (adj_inputs_get_int (in, "defender_figures"), ==, 12);
  g_assert_true (adj_inputs_get_bool (in, "defender_cavalry"));
  g_assert_true (adj_inputs_get_bool (in, "attacker_leader"));
  for (int i = 0; i < 12; i++)
    {
      int six = 6;
      g_array_append_val (dice, six);
    }
  for (int i = 0; i < 12; i++)
    {
      int one = 1;
      g_array_append_val (dice, one);
    }
  for (int i = 0; i < 4; i++)
    {
      int three = 3;
      g_array_append_val (dice, three);
    }
  out = resolve_ok (in, battle, (const int *) dice->data, dice->len, NULL);
  g_assert_cmpstr (out->key, ==, "attacker-wins");
  g_assert_cmpint (value_int (out, "defender_killed"), ==, 12);
  g_assert_true (value_bool (out, "defender_officer_killed"));
  apply_ok (battle, in, out);
  g_assert_cmpint (adj_unit_get_figures (lancers), ==, 0);
  g_assert_true (adj_unit_get_destroyed (lancers));
  g_assert_true (adj_unit_get_status_bool (lancers, "routing"));
  g_assert_cmpint (adj_unit_get_figures (zulus), ==, 21);
  undo_ok (battle);
  g_assert_cmpint (adj_unit_get_figures (lancers), ==, 12);
  g_assert_false (adj_unit_get_destroyed (lancers));
  g_assert_false (adj_unit_get_status_bool (lancers, "routing"));
}

/* ------------------------------------------------------------------------------------------ */
/* the demo battle                                                                             */

static void
test_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"firer\": \"u1\", \"target\": \"u5\"}");
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) out = NULL;
  AdjContext ctx;

  g_assert_no_error (error);
  g_assert_cmpstr (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), ==, "gl");
  g_assert_cmpuint (adj_battle_get_n_units (battle), >=, 4);
  /* Fire against it resolves on the demo's own tables, whatever the user has. */
  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  adj_battle_context (battle, &ctx);
  random = adj_battle_new_random (battle);
  out = adj_outcome_new (in->mechanic);
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, out, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (out->key, !=, "dice-rolled");
  g_assert_cmpstr (out->key, !=, "hits-rolled");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  data_home = g_dir_make_tmp ("adj-test-gl-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  rs = adj_ruleset_lookup ("gl", &error);
  g_assert_no_error (error);

  g_test_add_func ("/gl/registry", test_registry);
  for (guint i = 0; i < G_N_ELEMENTS (break_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/ruleset/broken/", break_cases[i].name, NULL);
      g_test_add_data_func (path, &break_cases[i], test_break);
    }
  for (guint i = 0; i < G_N_ELEMENTS (makeup_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/gl/make-up/%s-%d", makeup_cases[i].type,
                                               makeup_cases[i].guns);
      g_test_add_data_func (path, &makeup_cases[i], test_makeup);
    }
  g_test_add_func ("/gl/turn-card/every-card", test_turn_every_card);
  g_test_add_func ("/gl/turn-card/battle", test_turn_battle);
  g_test_add_func ("/gl/turn-card/odds", test_turn_odds);
  for (guint i = 0; i < G_N_ELEMENTS (morale_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/morale/", morale_cases[i].name, NULL);
      g_test_add_data_func (path, &morale_cases[i], test_morale_case);
    }
  g_test_add_func ("/gl/morale/grid", test_morale_grid);
  g_test_add_func ("/gl/morale/apply", test_morale_apply);
  for (guint i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/gl/movement/%s-%s", move_cases[i].kind,
                                               move_cases[i].rough ? "rough" : "clear");
      g_test_add_data_func (path, &move_cases[i], test_move_case);
    }
  g_test_add_func ("/gl/discovery-and-scouts", test_simple);
  g_test_add_func ("/gl/fire/dice", test_fire_dice);
  g_test_add_func ("/gl/fire/no-tables", test_fire_no_tables);
  g_test_add_func ("/gl/fire/no-saves", test_fire_no_saves);
  for (guint i = 0; i < G_N_ELEMENTS (fire_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/fire/case/", fire_cases[i].name, NULL);
      g_test_add_data_func (path, &fire_cases[i], test_fire_case);
    }
  g_test_add_func ("/gl/fire/odds-brute", test_fire_odds_brute);
  g_test_add_func ("/gl/fire/odds-large", test_fire_odds_large);
  g_test_add_func ("/gl/fire/battle-tables", test_fire_battle_tables);
  for (guint i = 0; i < G_N_ELEMENTS (card_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/hit-cards/", card_cases[i].name, NULL);
      g_test_add_data_func (path, &card_cases[i], test_card_case);
    }
  g_test_add_func ("/gl/hit-cards/apply", test_cards_apply);
  g_test_add_func ("/gl/hit-cards/odds", test_cards_odds);
  g_test_add_func ("/gl/charge/cases", test_charge);
  g_test_add_func ("/gl/charge/apply", test_charge_apply);
  g_test_add_func ("/gl/melee-pair/closed-form", test_pair_closed_form);
  g_test_add_func ("/gl/melee-pair/resolve", test_pair_resolve);
  g_test_add_func ("/gl/melee-pair/apply", test_pair_apply);
  g_test_add_func ("/gl/melee/odds-brute", test_melee_odds_brute);
  g_test_add_func ("/gl/melee/odds-large", test_melee_odds_large);
  g_test_add_func ("/gl/melee/resolve", test_melee_resolve);
  g_test_add_func ("/gl/melee/apply", test_melee_apply);
  g_test_add_func ("/gl/demo", test_demo);

  status = g_test_run ();
  adj_ruleset_unref (rs);
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
