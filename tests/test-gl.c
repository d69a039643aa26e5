/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-gl.c: every Glidden mechanic against the rules as RULES.md states them, the players'
 * tables (a mechanic refuses to guess), and exact odds against closed forms and brute force.
 * This file holds the book, the helpers, the ruleset, the turn, morale and movement, the demo
 * battle and main(); fire, who falls, the charge and melee are in test-gl-*.c. */

#include "test-gl.h"

#include "adj-gl.h"

AdjRuleset *rs;

/* The test program gets a user data folder of its own (set in main(), before GLib reads it), so
 * that no table values another program saved are read here. */
static char *data_home;

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md restates it: written here independently of gl.json and adj-gl.c      */

int
book_pass (const char *morale_class)
{
  if (g_str_equal (morale_class, "regular"))
    return 2;
  if (g_str_equal (morale_class, "zulu"))
    return 3;
  return 4;
}

int
book_morale_mod (const BookMorale *m)
{
  int mod = 0;

  /* The test when the officer falls is taken without him (a decision). */
  mod += m->officer && !g_str_equal (m->occasion, "officer-lost") ? 1 : 0;
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

int
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

char *
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

void
assert_entry (const AdjOdds *odds,
              const char    *key,
              Frac           want)
{
  const AdjOddsEntry *e = adj_odds_find (odds, key);

  g_assert_nonnull (e);
  assert_odds_exact (odds);
  if (want.num == 0)
    {
      g_assert_cmpuint (odds_ways (e), ==, 0);
      return;
    }
  if ((u128) odds_num (e) != want.num || (u128) odds_den (e) != want.den)
    g_error ("%s: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " is not %" G_GUINT64_FORMAT "/%"
             G_GUINT64_FORMAT, key, odds_num (e), odds_den (e), (guint64) want.num,
             (guint64) want.den);
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

AdjInputs *
inputs_new (const char *id,
            const char *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (id);
  AdjInputs *in;
  g_autoptr(json_object) values = adj_test_parse (json != NULL ? json : "{}");
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

AdjOutcome *
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

AdjOdds *
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

/* Tables handed to every mechanic (as adjutant-cli --tables does), from a JSON object of the
 * "tables" part of a document. */
AdjTables *
set_tables (const char *tables_json)
{
  g_autofree char *doc = g_strdup_printf ("{\"format\": \"adjutant-tables\", \"version\": 1, "
                                          "\"ruleset\": \"gl\", \"tables\": %s}", tables_json);
  g_autoptr(json_object) json = adj_test_parse (doc);
  g_autoptr(GError) error = NULL;
  AdjTables *t = adj_tables_from_json (json, "test", "$", rs, &error);

  g_assert_no_error (error);
  adj_tables_set_override (t);
  return t;
}

const char full_tables[] =
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

AdjBattle *
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
  g_autoptr(json_object) british = adj_test_parse ("{\"british\": true}");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (adj_battle_add_side (battle, "a", "Field Force", british, &error));
  g_assert_nonnull (adj_battle_add_side (battle, "b", "Impi", NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      g_autoptr(json_object) json = adj_test_parse (units[i]);

      g_assert_nonnull (adj_battle_insert_unit (battle, json, &error));
      g_assert_no_error (error);
    }
  adj_battle_set_seed (battle, 1879);
  return g_steal_pointer (&battle);
}

void
apply_ok (AdjBattle  *battle,
          AdjInputs  *in,
          AdjOutcome *outcome)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
  g_assert_no_error (error);
}

void
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
            json_object_object_add (at, parts[i], adj_test_parse (c->json));
          break;
        }
      at = json_object_object_get (at, parts[i]);
      if (last)
        {
          if (c->json == NULL)
            json_object_array_del_idx (at, (gsize) index, 1);
          else
            json_object_array_put_idx (at, (gsize) index, adj_test_parse (c->json));
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

/* ------------------------------------------------------------------------------------------ */
/* what the battle's state forbids                                                             */

static void
set_flag (AdjBattle  *battle,
          const char *unit_id,
          const char *field,
          gboolean    value)
{
  g_autofree char *where = g_strconcat ("unit:", unit_id, NULL);
  g_autoptr(json_object) obj = json_object_new_boolean (value);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (battle, where, field, obj, &error));
  g_assert_no_error (error);
}

/* Move @battle to @phase ("movement", "fire") by an edit, as a referee would. */
static void
set_phase (AdjBattle  *battle,
           const char *phase)
{
  g_autoptr(json_object) obj = json_object_new_string (phase);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (battle, "battle", "phase", obj, &error));
  g_assert_no_error (error);
}

/* Apply @mech_id with @json to @battle, its dice @dice or its card @card. */
static void
apply_entered (AdjBattle  *battle,
               const char *mech_id,
               const char *json,
               const int  *dice,
               guint       n_dice,
               const char *card)
{
  g_autoptr(AdjInputs) in = inputs_new (mech_id, json);
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  out = resolve_ok (in, battle, dice, n_dice, card);
  apply_ok (battle, in, out);
}

static void
test_forbidden (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  const char *foot_fires = "{\"firer\": \"u1\", \"target\": \"u2\"}";
  const char *zulus_fire = "{\"firer\": \"u2\", \"target\": \"u1\"}";
  const char *zulus_attack = "{\"attacker\": \"u2\", \"defender\": \"u1\"}";
  const char *zulus_charge = "{\"unit\": \"u2\"}";
  int stand_fast[] = { 6, 6 };

  /* At an enemy in the game, not at one's own side; charges and melees in the movement phase,
   * fire in the fire phase. */
  adj_test_assert_forbidden (battle, "gl/fire", foot_fires,
                             "Fire comes in the Fire phase, and this is the Movement phase");
  adj_test_assert_allowed (battle, "gl/melee", zulus_attack);
  adj_test_assert_allowed (battle, "gl/charge", zulus_charge);
  set_phase (battle, "fire");
  adj_test_assert_allowed (battle, "gl/fire", foot_fires);
  adj_test_assert_forbidden (battle, "gl/charge", zulus_charge,
                             "Charge comes in the Movement phase, and this is the Fire phase");
  adj_test_assert_forbidden (battle, "gl/melee", zulus_attack,
                             "Melee comes in the Movement phase, and this is the Fire phase");
  set_phase (battle, "movement");
  adj_test_assert_forbidden (battle, "gl/fire", "{\"firer\": \"u1\", \"target\": \"u3\"}",
                    "24th Foot and Lancers are on the same side");
  adj_test_assert_forbidden (battle, "gl/melee-pair", "{\"attacker\": \"u3\", \"defender\": \"u1\"}",
                    "Lancers and 24th Foot are on the same side");
  adj_test_assert_forbidden (battle, "gl/fire", "{\"firer\": \"u1\", \"target\": \"u1\"}",
                    "24th Foot cannot act against itself");
  adj_test_assert_forbidden (battle, "gl/fire", "{\"target\": \"u2\"}",
                    "“Firing unit” names no unit: choose one first");
  adj_test_assert_forbidden (battle, "gl/charge", "{}", "“Charging unit” names no unit: choose one first");

  /* A destroyed unit neither fires, charges nor fights, nor is it a target. */
  set_flag (battle, "u2", "destroyed", TRUE);
  adj_test_assert_forbidden (battle, "gl/fire", foot_fires, "uKhandempemvu is destroyed");
  adj_test_assert_forbidden (battle, "gl/fire", zulus_fire, "uKhandempemvu is destroyed");
  adj_test_assert_forbidden (battle, "gl/charge", zulus_charge, "uKhandempemvu is destroyed");
  adj_test_assert_forbidden (battle, "gl/melee", zulus_attack, "uKhandempemvu is destroyed");
  adj_test_assert_forbidden (battle, "gl/melee-pair", "{\"attacker\": \"u1\", \"defender\": \"u2\"}",
                    "uKhandempemvu is destroyed");
  set_flag (battle, "u2", "destroyed", FALSE);

  /* A routing unit must rally before it fires, charges or attacks; it may be attacked. */
  set_flag (battle, "u2", "status.routing", TRUE);
  adj_test_assert_forbidden (battle, "gl/fire", zulus_fire, "uKhandempemvu is routing and cannot fire");
  adj_test_assert_forbidden (battle, "gl/charge", zulus_charge,
                    "uKhandempemvu is routing and cannot charge");
  adj_test_assert_forbidden (battle, "gl/melee", zulus_attack,
                    "uKhandempemvu is routing and cannot attack in a melee");
  adj_test_assert_forbidden (battle, "gl/melee-pair", zulus_attack,
                    "uKhandempemvu is routing and cannot attack in a melee");
  adj_test_assert_allowed (battle, "gl/melee", "{\"attacker\": \"u1\", \"defender\": \"u2\"}");
  set_phase (battle, "fire");
  adj_test_assert_allowed (battle, "gl/fire", foot_fires);
  set_phase (battle, "movement");
  set_flag (battle, "u2", "status.routing", FALSE);

  /* A red card lets the British act, with one unit: the card waits for it. */
  g_assert_false (adj_gl_card_waits (battle));
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "QD");
  g_assert_true (adj_gl_card_waits (battle));
  adj_test_assert_forbidden (battle, "gl/charge", zulus_charge,
                    "uKhandempemvu cannot act now: the card turned lets the British act");
  adj_test_assert_forbidden (battle, "gl/melee", zulus_attack,
                    "uKhandempemvu cannot act now: the card turned lets the British act");
  adj_test_assert_allowed (battle, "gl/charge", "{\"unit\": \"u1\"}");
  apply_entered (battle, "gl/charge", "{\"unit\": \"u1\"}", stand_fast,
                 G_N_ELEMENTS (stand_fast), NULL);
  adj_test_assert_forbidden (battle, "gl/charge", "{\"unit\": \"u3\"}",
                    "Lancers cannot act now: the card turned lets one unit act, and 24th Foot "
                    "has acted on it");
  g_assert_false (adj_gl_card_waits (battle));

  /* In the fire phase, a card of its own. */
  set_phase (battle, "fire");
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "QH");
  adj_test_assert_forbidden (battle, "gl/fire", zulus_fire,
                    "uKhandempemvu cannot act now: the card turned lets the British act");
  adj_test_assert_allowed (battle, "gl/fire", foot_fires);
  set_phase (battle, "movement");

  /* A black card, governing the whole phase, lets every unit of the other side act. */
  {
    g_autoptr(json_object) phase = json_object_new_string ("phase");
    g_autoptr(GError) error = NULL;

    g_assert_true (adj_battle_edit (battle, "battle", "settings.card_governs", phase, &error));
    g_assert_no_error (error);
  }
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "2S");
  g_assert_false (adj_gl_card_waits (battle));   /* every unit of the side may act on it */
  adj_test_assert_forbidden (battle, "gl/charge", "{\"unit\": \"u3\"}",
                    "Lancers cannot act now: the card turned lets the enemies of the British "
                    "act");
  apply_entered (battle, "gl/charge", zulus_charge, stand_fast, G_N_ELEMENTS (stand_fast), NULL);
  adj_test_assert_allowed (battle, "gl/charge", "{\"unit\": \"u4\"}");
}

/* The card up, what it lets its side do and who has acted on it; movement and the morale test
 * before moving go by the card, as fire, charges and melees do. */
static void
test_card_facts (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (full_tables);
  const char *zulus_move = "{\"unit\": \"u2\"}";
  const char *zulus_test = "{\"unit\": \"u2\", \"occasion\": \"before-move\"}";
  const char *foot_test = "{\"unit\": \"u1\", \"occasion\": \"before-move\"}";
  const char *lancers_move = "{\"unit\": \"u3\"}";
  const char *one_unit = "Lancers cannot act now: the card turned lets one unit act, and 24th "
                         "Foot has acted on it";
  int pass[] = { 5 };

  adj_test_assert_fact (battle, "card", "None yet in this phase: turn one to see who acts");
  g_assert_null (adj_test_fact (battle, "may-do"));
  adj_test_assert_allowed (battle, "gl/movement", zulus_move);
  adj_test_assert_allowed (battle, "gl/morale", zulus_test);

  /* A red card: the British act, with one unit. */
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "QD");
  adj_test_assert_fact (battle, "card", "Q♦ — Field Force act with one unit");
  adj_test_assert_fact (battle, "may-do",
                        "One of their units tests its morale, then moves or charges.");
  adj_test_assert_fact (battle, "acted-on-card", "No unit yet");
  adj_test_assert_forbidden (battle, "gl/movement", zulus_move,
                             "uKhandempemvu cannot act now: the card turned lets the British act");
  adj_test_assert_forbidden (battle, "gl/morale", zulus_test,
                             "uKhandempemvu cannot act now: the card turned lets the British act");
  /* Standing a charge is no act of its own: the card does not govern it. */
  adj_test_assert_allowed (battle, "gl/morale",
                           "{\"unit\": \"u2\", \"occasion\": \"charged\"}");

  /* The foot test before moving: it has acted on the card, and may move; no other unit may. */
  adj_test_assert_allowed (battle, "gl/morale", foot_test);
  apply_entered (battle, "gl/morale", foot_test, pass, G_N_ELEMENTS (pass), NULL);
  adj_test_assert_fact (battle, "acted-on-card", "24th Foot");
  adj_test_assert_allowed (battle, "gl/movement", "{\"unit\": \"u1\"}");
  adj_test_assert_forbidden (battle, "gl/movement", lancers_move, one_unit);
  adj_test_assert_forbidden (battle, "gl/morale",
                             "{\"unit\": \"u3\", \"occasion\": \"before-move\"}", one_unit);

  /* Saved and loaded, the facts are the same. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    g_autoptr(GError) error = NULL;
    g_autoptr(AdjBattle) loaded = adj_battle_from_json (json, "saved.json", &error);

    g_assert_no_error (error);
    adj_test_assert_fact (loaded, "card", "Q♦ — Field Force act with one unit");
    adj_test_assert_fact (loaded, "acted-on-card", "24th Foot");
  }

  /* Undo: nobody has acted on the card; undo again: no card is up. */
  undo_ok (battle);
  adj_test_assert_fact (battle, "acted-on-card", "No unit yet");
  adj_test_assert_allowed (battle, "gl/movement", lancers_move);
  undo_ok (battle);
  adj_test_assert_fact (battle, "card", "None yet in this phase: turn one to see who acts");
}

/* A unit moves (or charges) once a turn and fires once a turn, whatever card comes up next;
 * the referee may still allow it. */
static void
test_once_a_turn (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (full_tables);
  const char *foot_move = "{\"unit\": \"u1\"}";
  const char *foot_test = "{\"unit\": \"u1\", \"occasion\": \"before-move\"}";
  const char *foot_fires = "{\"firer\": \"u1\", \"target\": \"u2\", \"figures\": 1}";
  int two_dice[] = { 3, 4 };
  int miss[] = { 1 };

  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "QD");
  apply_entered (battle, "gl/movement", foot_move, two_dice, G_N_ELEMENTS (two_dice), NULL);
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "KH");
  adj_test_assert_forbidden (battle, "gl/movement", foot_move,
                             "24th Foot has already moved this turn");
  adj_test_assert_forbidden (battle, "gl/morale", foot_test,
                             "24th Foot has already moved this turn");
  adj_test_assert_forbidden (battle, "gl/charge", foot_move,
                             "24th Foot has already moved this turn");
  adj_test_assert_allowed (battle, "gl/movement", "{\"unit\": \"u3\"}");

  set_phase (battle, "fire");
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "AH");
  adj_test_assert_allowed (battle, "gl/fire", foot_fires);
  apply_entered (battle, "gl/fire", foot_fires, miss, G_N_ELEMENTS (miss), NULL);
  apply_entered (battle, "gl/turn-card", NULL, NULL, 0, "JD");
  adj_test_assert_forbidden (battle, "gl/fire", foot_fires,
                             "24th Foot has already fired this turn");

  /* A new turn: it moves and fires again. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (adj_battle_next_turn (battle, &error));
    g_assert_no_error (error);
  }
  adj_test_assert_allowed (battle, "gl/movement", foot_move);
  set_phase (battle, "fire");
  adj_test_assert_allowed (battle, "gl/fire", foot_fires);
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
  /* The officer who has just fallen adds nothing to the test he causes, whatever the input. */
  { "officer-lost/officer-given", { "regular", "officer-lost", TRUE, FALSE, FALSE, FALSE, 20, 20,
    FALSE }, 1, "routs", 1 },
  { "officer-lost/officer-given-pass", { "zulu", "officer-lost", TRUE, FALSE, FALSE, FALSE, 21,
    21, FALSE }, 3, "holds", 3 },
  { "officer-lost/not-before-moving", { "zulu", "before-move", TRUE, FALSE, FALSE, FALSE, 21,
    21, FALSE }, 2, "free-move", 3 },
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

/* The test when an officer falls comes out the same from the inputs alone (the officer input
 * left at its default) as from a battle, before the hit that killed him is applied or after. */
typedef struct {
  const char *name;
  int         die;
  const char *key;
  int         score;
} OfficerLostCase;

static const OfficerLostCase officer_lost_cases[] = {
  { "die-1", 1, "routs", 1 },
  { "die-2", 2, "holds", 2 },
  { "die-6", 6, "holds", 6 },
};

static const char *
note_containing (const AdjOutcome *out,
                 const char       *text)
{
  for (guint i = 0; i < out->lines->len; i++)
    {
      const AdjExplainLine *line = g_ptr_array_index (out->lines, i);

      if (line->kind == ADJ_EXPLAIN_NOTE && strstr (line->label, text) != NULL)
        return line->label;
    }
  return NULL;
}

static void
test_officer_lost_case (gconstpointer data)
{
  const OfficerLostCase *c = data;
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) alone = inputs_new ("gl/morale", "{\"occasion\": \"officer-lost\"}");
  g_autoptr(AdjInputs) before = inputs_new ("gl/morale", "{\"unit\": \"u1\", "
                                            "\"occasion\": \"officer-lost\"}");
  g_autoptr(AdjInputs) after = inputs_new ("gl/morale", "{\"unit\": \"u1\", "
                                           "\"occasion\": \"officer-lost\"}");
  g_autoptr(AdjInputs) hit = inputs_new ("gl/hit-cards", "{\"target\": \"u1\", \"hits\": 1}");
  g_autoptr(AdjOutcome) ace = NULL;
  g_autoptr(GError) error = NULL;
  int dice[] = { c->die, 1, 1, 1, 1 };
  guint n = g_str_equal (c->key, "routs") ? 5 : 1;
  AdjInputs *all[] = { alone, before, after };

  g_assert_true (adj_battle_prefill (battle, before, &error));
  g_assert_no_error (error);
  g_assert_true (adj_inputs_get_bool (before, "officer"));
  g_assert_true (adj_battle_prefill (battle, hit, &error));
  g_assert_no_error (error);
  ace = resolve_ok (hit, battle, NULL, 0, "AS");
  g_assert_cmpstr (ace->key, ==, "leader-falls");
  apply_ok (battle, hit, ace);
  g_assert_true (adj_battle_prefill (battle, after, &error));
  g_assert_no_error (error);
  g_assert_false (adj_inputs_get_bool (after, "officer"));
  g_assert_true (adj_inputs_get_bool (alone, "officer"));   /* the input's default */

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr(AdjOutcome) out = resolve_ok (all[i], i == 0 ? NULL : battle, dice, n, NULL);
      g_autoptr(AdjOdds) odds = odds_ok (all[i], i == 0 ? NULL : battle);

      g_assert_cmpstr (out->key, ==, c->key);
      g_assert_cmpint (value_int (out, "score"), ==, c->score);
      g_assert_nonnull (note_containing (out, "officer has just fallen"));
      /* Regulars at full strength pass on 2 without him: 5 in 6. */
      assert_entry (odds, "holds", frac (5, 6));
      assert_entry (odds, "routs", frac (1, 6));
    }
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

  data_home = adj_test_data_home_new ("gl");
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
  g_test_add_func ("/gl/forbidden", test_forbidden);
  g_test_add_func ("/gl/turn-card/facts", test_card_facts);
  g_test_add_func ("/gl/turn-card/once-a-turn", test_once_a_turn);
  for (guint i = 0; i < G_N_ELEMENTS (morale_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/morale/", morale_cases[i].name, NULL);
      g_test_add_data_func (path, &morale_cases[i], test_morale_case);
    }
  g_test_add_func ("/gl/morale/grid", test_morale_grid);
  for (guint i = 0; i < G_N_ELEMENTS (officer_lost_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/morale/officer-lost/", officer_lost_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &officer_lost_cases[i], test_officer_lost_case);
    }
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
  g_test_add_func ("/gl/fire/missing-tables", test_fire_missing_tables);
  g_test_add_func ("/gl/turn/phase-steps", test_phase_steps);
  add_fire_cases ();
  g_test_add_func ("/gl/fire/odds-brute", test_fire_odds_brute);
  g_test_add_func ("/gl/fire/odds-large", test_fire_odds_large);
  g_test_add_func ("/gl/fire/battle-tables", test_fire_battle_tables);
  add_card_cases ();
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
  adj_test_data_home_free (data_home);
  return status;
}
