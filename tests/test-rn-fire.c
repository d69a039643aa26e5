/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn-fire.c: Redcoats & Natives fire: the dice of every weapon class, hits one at a time,
 * the pack running out, and close assault. */

#include "test-rn.h"

/* ------------------------------------------------------------------------------------------ */
/* fire: the dice of every weapon class                                                        */

GArray *dice_cases;

/* A unit armed for hand-to-hand fighting throws its dice in a close assault (against a
 * transport, which throws none); any other fires. */
void
test_dice_case (gconstpointer data)
{
  const DiceCase *c = data;
  gboolean assault = g_str_equal (c->weapon, "hand-to-hand");
  const char *p = assault ? "assaulter" : "firer";
  g_autofree char *json = g_strdup_printf (
    "{\"%s_type\": \"%s\", \"%s_weapon\": \"%s\", \"%s_figures\": %d, "
    "\"%s_moved\": %s, \"%s_disrupted\": %s, \"%s_with_commander\": %s, "
    "\"%s_commander_moved\": %s, \"%s_commander_disrupted\": %s%s}",
    p, c->type, p, c->weapon, p, c->figures, p, c->moved ? "true" : "false",
    p, c->disrupted ? "true" : "false", p, c->commander > 0 ? "true" : "false",
    p, c->commander == 2 ? "true" : "false", p, c->commander == 3 ? "true" : "false",
    assault ? ", \"defender_type\": \"horse-transport\"" : "");
  g_autoptr(AdjInputs) in = inputs_new (assault ? "rn/assault" : "rn/fire", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs };
  int want;

  if (g_str_equal (c->type, "commander"))
    /* A commander's own dice, and those of another commander with him. */
    want = book_dice ("small-arms", 0, FALSE, (c->moved || c->disrupted) ? 2 : 1) +
           book_dice ("small-arms", 0, FALSE, c->commander == 0 ? 0 : c->commander == 1 ? 1 : 2);
  else
    want = book_dice (c->weapon_class, c->figures, c->moved || c->disrupted,
                      c->commander == 0 ? 0 : c->commander == 1 ? 1 : 2);

  /* Exactly that many dice are asked for: more or fewer would fail. */
  outcome = resolve_entered (in, NULL, ones, (guint) want, NULL, &error);
  if (c->figures == 0 && !g_str_equal (c->type, "commander"))
    {
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpint (value_int (outcome, assault ? "assaulter_dice" : "dice"), ==, want);
  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (specs->len, ==, want > 0 ? 1 : 0);
  if (want > 0)
    g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, (guint) want);
}

void
add_dice_cases (void)
{
  static const struct {
    const char *type;
    const char *weapon;
    const char *weapon_class;
  } kinds[] = {
    { "infantry", "single-shot-rifle", "small-arms" },
    { "infantry", "hand-to-hand", "small-arms" },
    { "cavalry", "musket", "small-arms" },
    { "machine-gun", "machine-gun", "machine-gun" },
    { "field-gun", "rifled-field", "artillery" },
    { "heavy-gun", "smoothbore-heavy", "artillery" },
    { "commander", "musket", "commander" },
  };

  dice_cases = g_array_new (FALSE, TRUE, sizeof (DiceCase));
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (int figures = 0; figures <= 4; figures++)
      for (int state = 0; state < 4; state++)
        for (int commander = 0; commander < 4; commander++)
          {
            DiceCase c = { .type = kinds[k].type, .weapon = kinds[k].weapon,
                           .weapon_class = kinds[k].weapon_class, .figures = figures,
                           .moved = (state & 1) != 0, .disrupted = (state & 2) != 0,
                           .commander = commander };

            /* A commander is one figure. */
            if (g_str_equal (c.type, "commander") && figures != 1)
              continue;
            g_snprintf (c.name, sizeof c.name, "/rn/fire/dice/%s-%s/%d-figures/%s/commander-%s",
                        c.type, c.weapon, figures,
                        state == 0 ? "fresh" : state == 1 ? "moved" : state == 2 ? "disrupted"
                                                                          : "moved-and-disrupted",
                        commander == 0 ? "none" : commander == 1 ? "fresh"
                                         : commander == 2 ? "moved" : "disrupted");
            g_array_append_val (dice_cases, c);
          }
}

/* Hand-to-hand weapons do not reach the next hex; ranges are kept. */
void
test_fire_refused (void)
{
  static const struct {
    const char *inputs;
    int         code;
  } cases[] = {
    { "{\"firer_weapon\": \"hand-to-hand\"}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_weapon\": \"single-shot-rifle\", \"distance\": 3}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_weapon\": \"magazine-rifle\", \"distance\": 5}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"field-gun\", \"firer_weapon\": \"rifled-field\", \"distance\": 10}",
      ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"field-gun\", \"firer_weapon\": \"rifled-field\", \"firer_limbered\": "
      "true}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"horse-transport\"}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"infantry\", \"firer_weapon\": \"machine-gun\"}", ADJ_ERROR_NOT_ALLOWED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new ("rn/fire", cases[i].inputs);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, ones, 4, NULL, &error);
      AdjContext ctx = { .ruleset = rs };
      g_autoptr(AdjOdds) odds = NULL;

      g_assert_null (outcome);
      g_assert_error (error, ADJ_ERROR, cases[i].code);
      g_clear_error (&error);
      odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
      g_assert_null (odds);
      g_assert_error (error, ADJ_ERROR, cases[i].code);
    }
  /* At the longest range: allowed. */
  {
    g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_type\": \"heavy-gun\", "
                                          "\"firer_weapon\": \"rifled-heavy\", "
                                          "\"firer_figures\": 2, \"distance\": 15}");
    g_autoptr(GError) error = NULL;
    g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, ones, 4, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (value_bool (outcome, "whole_hex"));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* hits, one at a time                                                                         */

typedef struct {
  const char *name;
  const char *type;
  int         figures;
  gboolean    disrupted;
  gboolean    wounded;
  int         hits;
  const char *cards;
  const char *key;
  gboolean    disrupted_after;
  int         figures_after;
  gboolean    destroyed_after;
  gboolean    wounded_after;
} HitCase;

static const HitCase hit_cases[] = {
  { "infantry/none", "infantry", 4, FALSE, FALSE, 0, NULL, "no-effect", FALSE, 4, FALSE, FALSE },
  { "infantry/one", "infantry", 4, FALSE, FALSE, 1, NULL, "disrupted", TRUE, 4, FALSE, FALSE },
  { "infantry/two", "infantry", 4, FALSE, FALSE, 2, NULL, "figures-lost", TRUE, 3, FALSE, FALSE },
  { "infantry/disrupted-one", "infantry", 4, TRUE, FALSE, 1, NULL, "figures-lost", TRUE, 3,
    FALSE, FALSE },
  { "infantry/disrupted-four", "infantry", 4, TRUE, FALSE, 4, NULL, "destroyed", TRUE, 0, TRUE,
    FALSE },
  { "infantry/five", "infantry", 4, FALSE, FALSE, 5, NULL, "destroyed", TRUE, 0, TRUE, FALSE },
  { "infantry/four", "infantry", 4, FALSE, FALSE, 4, NULL, "figures-lost", TRUE, 1, FALSE,
    FALSE },
  { "infantry/nine", "infantry", 4, FALSE, FALSE, 9, NULL, "destroyed", TRUE, 0, TRUE, FALSE },
  { "cavalry/last-figure", "cavalry", 1, TRUE, FALSE, 1, NULL, "destroyed", TRUE, 0, TRUE,
    FALSE },
  { "gun/crew", "field-gun", 2, FALSE, FALSE, 2, NULL, "figures-lost", TRUE, 1, FALSE, FALSE },
  { "gun/silenced", "field-gun", 2, FALSE, FALSE, 3, NULL, "destroyed", TRUE, 0, TRUE, FALSE },
  { "transport/one", "horse-transport", 1, FALSE, FALSE, 1, NULL, "disrupted", TRUE, 1, FALSE,
    FALSE },
  { "transport/two", "horse-transport", 1, FALSE, FALSE, 2, NULL, "destroyed", TRUE, 1, TRUE,
    FALSE },
  { "transport/disrupted", "motor-transport", 1, TRUE, FALSE, 1, NULL, "destroyed", TRUE, 1,
    TRUE, FALSE },
  { "commander/one", "commander", 1, FALSE, FALSE, 1, NULL, "disrupted", TRUE, 1, FALSE, FALSE },
  { "commander/two-black", "commander", 1, FALSE, FALSE, 2, "5C", "disrupted", TRUE, 1, FALSE,
    FALSE },
  { "commander/jack-hearts", "commander", 1, TRUE, FALSE, 1, "JH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/queen-hearts", "commander", 1, TRUE, FALSE, 1, "QH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/king-hearts", "commander", 1, TRUE, FALSE, 1, "KH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/ace-hearts", "commander", 1, TRUE, FALSE, 1, "AH", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/ten-hearts", "commander", 1, TRUE, FALSE, 1, "10H", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/queen-diamonds", "commander", 1, TRUE, FALSE, 1, "QD", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/king-diamonds", "commander", 1, TRUE, FALSE, 1, "KD", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/king-spades", "commander", 1, TRUE, FALSE, 1, "KS", "no-effect", TRUE, 1, FALSE,
    FALSE },
  { "commander/jack-clubs", "commander", 1, TRUE, FALSE, 1, "JC", "no-effect", TRUE, 1, FALSE,
    FALSE },
  { "commander/wounded-then-killed", "commander", 1, TRUE, FALSE, 3, "5S,6D,KH", "killed", TRUE,
    1, TRUE, TRUE },
  { "commander/disrupted-then-wounded", "commander", 1, FALSE, FALSE, 3, "9C,7D", "wounded",
    TRUE, 1, FALSE, TRUE },
  { "commander/killed-early", "commander", 1, TRUE, FALSE, 2, "JH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/wounded-again", "commander", 1, TRUE, TRUE, 1, "4D", "no-effect", TRUE, 1, FALSE,
    TRUE },
};

static void
test_hit_case (gconstpointer data)
{
  const HitCase *c = data;
  g_autofree char *json = g_strdup_printf (
    "{\"hits\": %d, \"unit_type\": \"%s\", \"unit_figures\": %d, \"unit_disrupted\": %s, "
    "\"unit_wounded\": %s}", c->hits, c->type, c->figures, c->disrupted ? "true" : "false",
    c->wounded ? "true" : "false");
  g_autoptr(AdjInputs) in = inputs_new ("rn/hits", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, c->cards, &error);
  BookUnit before = book_unit (c->type, c->figures, c->disrupted, c->wounded), after = before;
  g_auto(GStrv) cards = g_strsplit (c->cards != NULL ? c->cards : "", ",", -1);
  guint next = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_cmpint (value_bool (outcome, "unit_disrupted"), ==, c->disrupted_after);
  g_assert_cmpint (value_bool (outcome, "unit_destroyed"), ==, c->destroyed_after);
  g_assert_cmpint (value_bool (outcome, "unit_wounded"), ==, c->wounded_after);
  if (book_kind (c->type) == BOOK_FIGURES)
    g_assert_cmpint (value_int (outcome, "unit_figures"), ==, c->figures_after);

  /* The book's own account of the same hits agrees with the table. */
  for (int i = 0; i < c->hits; i++)
    {
      if (book_hit_needs_card (&after))
        book_hit (&after, cards[next++]);
      else
        book_hit (&after, NULL);
    }
  g_assert_cmpstr (book_effect (&before, &after), ==, c->key);
  g_assert_cmpuint (next, ==, g_strv_length (cards));

  /* A commander is spoken of as the commander, never as "the unit". */
  {
    gboolean commander = g_str_equal (c->type, "commander");

    g_assert_true (g_str_has_prefix (outcome->reason, commander ? "The commander " : "The unit "));
    for (guint l = 0; l < outcome->lines->len; l++)
      {
        const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);

        if (commander)
          g_assert_null (strstr (line->label, "unit"));
        else
          g_assert_null (strstr (line->label, "commander"));
      }
  }
}

/* The other units in a hex that guns hit: apply, then undo. */
void
test_battle_hits (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *transport = unit_of_type (f->battle, "horse-transport", 0);
  g_autofree char *json = g_strdup_printf ("{\"unit\": \"%s\", \"hits\": 2}",
                                           adj_unit_get_id (transport));
  g_autoptr(AdjOutcome) outcome = battle_resolve (f->battle, "rn/hits", json, NULL, 0, NULL, TRUE);

  g_assert_cmpstr (outcome->key, ==, "destroyed");
  g_assert_true (adj_unit_get_destroyed (transport));
  g_assert_true (adj_unit_get_status_bool (transport, "disrupted"));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_false (adj_unit_get_destroyed (transport));
  g_assert_false (adj_unit_get_status_bool (transport, "disrupted"));
}

/* ------------------------------------------------------------------------------------------ */
/* the pack runs out: the turned cards are shuffled back                                       */

void
test_pack_exhausted (void)
{
  g_autoptr(AdjPack) pack = pack_with ("5H,6S", "JH,QC,2D");
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"target_in_cover\": true}");
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  const int dice[] = { 6, 6, 6, 6 };
  guint n_cover = 0, red = 0, n;
  const AdjCard *cards;
  AdjRng rng;

  adj_rng_seed (&rng, 7);
  random = adj_random_new (&rng, pack);
  adj_random_enter_dice (random, dice, G_N_ELEMENTS (dice));
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < outcome->rolls->len; i++)
    {
      AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);
      AdjCard card;

      if (roll->sides != 0)
        continue;
      card = roll->cards[0];
      n_cover++;
      red += adj_card_is_red (card);
      /* A card turned twice would mean it came back before the pile was empty. */
      if (n_cover <= 2)
        g_assert_true (g_hash_table_add (seen, GUINT_TO_POINTER (card)));
    }
  g_assert_cmpuint (n_cover, ==, 4);
  g_assert_cmpint (value_int (outcome, "hits"), ==, (int) red);
  /* Two came off the pile, then the five turned cards became the pile and two more came off. */
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 3);
  adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 2);
  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 47);
  (void) cards;

  /* Nothing left at all: the card cannot be turned, and the odds say so too. */
  {
    g_autoptr(AdjPack) empty = pack_with ("", "");
    g_autoptr(AdjRandom) none = adj_random_new (&rng, empty);
    g_autoptr(AdjOutcome) failed = adj_outcome_new (in->mechanic);
    AdjContext ectx = { .ruleset = rs, .pack = empty };
    g_autoptr(AdjOdds) odds = NULL;

    adj_random_enter_dice (none, dice, G_N_ELEMENTS (dice));
    g_assert_false (adj_mechanic_resolve (in->mechanic, &ectx, in, none, failed, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
    g_clear_error (&error);
    odds = adj_mechanic_odds (in->mechanic, &ectx, in, &error);
    g_assert_null (odds);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* close assault                                                                               */

typedef struct {
  const char *name;
  const char *inputs;
  int         a_dice[6];
  guint       n_a;
  int         d_dice[6];
  guint       n_d;
  const char *cards;
  const char *key;
  const char *comparison;
  gboolean    assaulter_disrupted;
} AssaultCase;

static const AssaultCase assault_cases[] = {
  { "higher", "{}", { 5, 5, 5, 5 }, 4, { 1, 1, 1, 1 }, 4, NULL, "assaulter-wins", "higher",
    FALSE },
  { "lower", "{}", { 1, 1, 1, 1 }, 4, { 2, 2, 2, 2 }, 4, NULL, "assaulter-repulsed", "lower",
    TRUE },
  { "equal", "{}", { 3, 3, 3, 3 }, 4, { 4, 4, 2, 2 }, 4, NULL, "both-hold", "equal", FALSE },
  { "lower/already-hit", "{}", { 1, 1, 1, 1 }, 4, { 6, 2, 2, 2 }, 4, NULL, "assaulter-repulsed",
    "lower", TRUE },
  { "moved-assaulter", "{\"assaulter_moved\": true}", { 6, 5 }, 2, { 3, 3, 3, 2 }, 4, NULL,
    "both-hold", "equal", FALSE },
  { "defender-wiped-out", "{\"defender_figures\": 1, \"defender_disrupted\": true}",
    { 6, 6, 1, 1 }, 4, { 0 }, 0, NULL, "defender-destroyed", "higher", FALSE },
  { "defender-wiped-out/lower",
    "{\"defender_figures\": 1, \"defender_disrupted\": true, \"defender_with_commander\": true, "
    "\"assaulter_figures\": 1}",
    { 6 }, 1, { 5, 5 }, 2, NULL, "defender-destroyed", "lower", TRUE },
  { "assaulter-wiped-out", "{\"assaulter_figures\": 1, \"assaulter_disrupted\": true}",
    { 0 }, 0, { 6, 1, 1, 1 }, 4, NULL, "assaulter-destroyed", "lower", TRUE },
  { "both-wiped-out",
    "{\"assaulter_figures\": 1, \"assaulter_disrupted\": true, \"assaulter_with_commander\": "
    "true, \"defender_figures\": 1, \"defender_disrupted\": true, "
    "\"defender_with_commander\": true}",
    { 6, 1 }, 2, { 6, 1 }, 2, NULL, "both-destroyed", "equal", TRUE },
  { "both-hit", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"defender_figures\": 2, \"defender_disrupted\": true}",
    { 6 }, 1, { 6 }, 1, NULL, "both-hold", "equal", TRUE },
  { "cover-saves",
    "{\"defender_figures\": 1, \"defender_disrupted\": true, \"defender_in_cover\": true}",
    { 6, 6, 1, 1 }, 4, { 0 }, 0, "2S,3C", "assaulter-wins", "higher", FALSE },
  { "cover-fails",
    "{\"defender_figures\": 1, \"defender_disrupted\": true, \"defender_in_cover\": true}",
    { 6, 6, 1, 1 }, 4, { 0 }, 0, "2S,3D", "defender-destroyed", "higher", FALSE },
  { "commanders",
    "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_figures\": 1, \"assaulter_disrupted\": true, \"defender_type\": \"commander\", "
    "\"defender_figures\": 1, \"defender_disrupted\": true}",
    { 6 }, 1, { 6 }, 1, "4D,QH", "assaulter-destroyed", "equal", TRUE },
  { "limbered-gun-defends", "{\"defender_type\": \"field-gun\", \"defender_figures\": 2, "
    "\"defender_limbered\": true}", { 1, 1, 1, 1 }, 4, { 0 }, 0, NULL, "assaulter-wins",
    "higher", FALSE },
};

static void
test_assault_case (gconstpointer data)
{
  const AssaultCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/assault", c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  int dice[12];
  int a_pips = 0, d_pips = 0;

  for (guint i = 0; i < c->n_a; i++)
    {
      dice[i] = c->a_dice[i];
      a_pips += c->a_dice[i];
    }
  for (guint i = 0; i < c->n_d; i++)
    {
      dice[c->n_a + i] = c->d_dice[i];
      d_pips += c->d_dice[i];
    }
  outcome = resolve_entered (in, NULL, dice, c->n_a + c->n_d, c->cards, &error);
  g_assert_no_error (error);
  g_assert_cmpint (value_int (outcome, "assaulter_pips"), ==, a_pips);
  g_assert_cmpint (value_int (outcome, "defender_pips"), ==, d_pips);
  g_assert_cmpstr (json_object_get_string (value (outcome, "comparison")), ==, c->comparison);
  g_assert_cmpstr (json_object_get_string (value (outcome, "comparison")), ==,
                   a_pips > d_pips ? "higher" : a_pips < d_pips ? "lower" : "equal");
  g_assert_cmpstr (outcome->key, ==, c->key);
  if (g_str_equal (c->name, "both-hit"))
    {
      /* Each side's only six strikes a disrupted unit of two: one figure each, no more. */
      g_assert_cmpint (value_int (outcome, "assaulter_figures"), ==, 1);
      g_assert_cmpint (value_int (outcome, "defender_figures"), ==, 1);
    }
  g_assert_cmpint (value_bool (outcome, "assaulter_disrupted"), ==, c->assaulter_disrupted);
}

/* Applied in a battle: the repulsed assaulter ends disrupted; undo. */
void
test_battle_assault (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *assaulter = unit_of_type (f->battle, "infantry", 0);
  AdjUnit *defender = NULL;
  g_autofree char *json = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  /* 4 dice each: line infantry against spearmen. */
  const int dice[] = { 1, 1, 1, 2, 6, 2, 2, 2 };
  GListModel *units = adj_battle_get_units (f->battle);

  for (guint i = 0; i < g_list_model_get_n_items (units) && defender == NULL; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      if (g_str_equal (adj_unit_get_side (unit), "b") &&
          g_str_equal (adj_unit_get_type_id (unit), "infantry"))
        defender = unit;
    }
  json = g_strdup_printf ("{\"assaulter\": \"%s\", \"defender\": \"%s\"}",
                          adj_unit_get_id (assaulter), adj_unit_get_id (defender));
  outcome = battle_resolve (f->battle, "rn/assault", json, dice, G_N_ELEMENTS (dice), NULL, TRUE);
  g_assert_cmpstr (outcome->key, ==, "assaulter-repulsed");
  g_assert_true (adj_unit_get_status_bool (assaulter, "disrupted"));
  g_assert_cmpint (adj_unit_get_figures (assaulter), ==, 4);
  g_assert_false (adj_unit_get_status_bool (defender, "disrupted"));
  g_assert_true (adj_unit_get_status_bool (assaulter, "acted"));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_false (adj_unit_get_status_bool (assaulter, "disrupted"));
}

void
add_hit_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hit_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/hits/", hit_cases[i].name, NULL);
      g_test_add_data_func (path, &hit_cases[i], test_hit_case);
    }
}

void
add_assault_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (assault_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/assault/", assault_cases[i].name, NULL);
      g_test_add_data_func (path, &assault_cases[i], test_assault_case);
    }
}
