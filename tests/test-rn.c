/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn.c: every Redcoats & Natives mechanic against the rules as RULES.md states them, and
 * its exact odds against a brute force over the dice faces and the cards left in the pack.
 * This file holds the helpers, the ruleset and the deal, and main(); the other tests are in
 * test-rn-*.c. */

#include "test-rn.h"

/* One reference to the ruleset for the whole run, taken in main(). */
AdjRuleset *rs;

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

AdjInputs *
inputs_new (const char *mech_id,
            const char *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mech_id);
  g_autoptr(GError) error = NULL;
  AdjInputs *in;

  g_assert_nonnull (mech);
  in = adj_inputs_new (mech, rs);
  if (json != NULL)
    {
      g_autoptr(json_object) obj = json_tokener_parse (json);

      g_assert_nonnull (obj);
      adj_inputs_set_json (in, obj, "test", &error);
      g_assert_no_error (error);
    }
  return in;
}

/* A one-deck pack whose draw pile and turned pile hold these cards; the rest are dealt.
 * NULL @draw: a full pack. */
AdjPack *
pack_with (const char *draw,
           const char *turned)
{
  g_autoptr(json_object) json = json_object_new_object ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) d = g_strsplit (draw != NULL ? draw : "", ",", -1);
  g_auto(GStrv) t = g_strsplit (turned != NULL ? turned : "", ",", -1);
  json_object *dj = json_object_new_array ();
  json_object *tj = json_object_new_array ();
  json_object *xj = json_object_new_array ();
  gboolean used[52] = { FALSE };
  AdjPack *pack;

  if (draw == NULL)
    return adj_pack_new (1);
  for (guint i = 0; d[i] != NULL; i++)
    {
      AdjCard c;
      if (d[i][0] == '\0')
        continue;
      g_assert_true (adj_card_parse (d[i], &c));
      used[c] = TRUE;
      json_object_array_add (dj, json_object_new_string (d[i]));
    }
  for (guint i = 0; t[i] != NULL; i++)
    {
      AdjCard c;
      if (t[i][0] == '\0')
        continue;
      g_assert_true (adj_card_parse (t[i], &c));
      used[c] = TRUE;
      json_object_array_add (tj, json_object_new_string (t[i]));
    }
  for (AdjCard c = 0; c < 52; c++)
    if (!used[c])
      {
        g_autofree char *s = adj_card_to_string (c);
        json_object_array_add (xj, json_object_new_string (s));
      }
  json_object_object_add (json, "decks", json_object_new_int (1));
  json_object_object_add (json, "draw", dj);
  json_object_object_add (json, "dealt", xj);
  json_object_object_add (json, "turned", tj);
  pack = adj_pack_from_json (json, "test", "$", &error);
  g_assert_no_error (error);
  return pack;
}

/* Resolve without a battle, with these dice and cards entered (NULL: none may be used). */
AdjOutcome *
resolve_entered (AdjInputs   *in,
                 AdjPack     *pack,
                 const int   *dice,
                 guint        n_dice,
                 const char  *cards,
                 GError     **error)
{
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  g_autoptr(AdjRandom) random = adj_random_new (NULL, pack);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);

  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (cards != NULL)
    {
      g_autoptr(GArray) list = NULL;
      g_autoptr(GError) local = NULL;

      g_assert_true (adj_cards_parse (cards, &list, &local));
      g_assert_no_error (local);
      adj_random_enter_cards (random, (const AdjCard *) list->data, list->len);
    }
  if (!adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, error))
    return NULL;
  return g_steal_pointer (&outcome);
}

AdjOdds *
odds_with_pack (AdjInputs *in,
                AdjPack   *pack)
{
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  g_autoptr(GError) error = NULL;
  AdjOdds *odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

json_object *
value (const AdjOutcome *outcome,
       const char       *name)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (outcome->values, name, &v));
  return v;
}

void
assert_json_equal (json_object *a,
                   json_object *b)
{
  if (!adj_json_equal (a, b))
    {
      g_autofree char *ta = adj_json_to_string (a, TRUE);
      g_autofree char *tb = adj_json_to_string (b, TRUE);
      g_assert_cmpstr (ta, ==, tb);
    }
}

/* Ones for dice that must not hit. */
int ones[64] = {
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* ------------------------------------------------------------------------------------------ */
/* the ruleset                                                                                 */

static void
test_mechanic_list (void)
{
  static const char *const ids[] = {
    "rn/deal", "rn/commander-joins", "rn/movement", "rn/rough-ground", "rn/fire", "rn/hits",
    "rn/assault", "rn/cohesion", "rn/collect",
  };
  const AdjSystem *system = adj_system_lookup ("rn");

  g_assert_nonnull (system);
  g_assert_true (adj_ruleset_get_system (rs) == system);
  g_assert_cmpuint (system->n_mechanics, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_assert_cmpstr (system->mechanics[i]->id, ==, ids[i]);
      g_assert_true (adj_mechanic_lookup (ids[i]) == system->mechanics[i]);
    }
  g_assert_cmpint (adj_ruleset_get_distance_unit (rs), ==, ADJ_DISTANCE_HEXES);
}

typedef struct {
  const char *id;
  int         range;
} RangeCase;

/* The ranges as RULES.md lists them, in hexes. */
static const RangeCase range_cases[] = {
  { "hand-to-hand", 0 },
  { "musket", 1 },
  { "single-shot-rifle", 2 },
  { "magazine-rifle", 4 },
  { "machine-gun", 4 },
  { "smoothbore-mountain", 4 },
  { "rifled-mountain", 6 },
  { "smoothbore-field", 6 },
  { "rifled-field", 9 },
  { "smoothbore-medium", 8 },
  { "rifled-medium", 12 },
  { "smoothbore-heavy", 10 },
  { "rifled-heavy", 15 },
};

static void
test_ranges (void)
{
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);

  g_assert_cmpuint (weapons->len, ==, G_N_ELEMENTS (range_cases));
  for (guint i = 0; i < G_N_ELEMENTS (range_cases); i++)
    {
      const AdjWeapon *w = adj_ruleset_find_weapon (rs, range_cases[i].id);

      g_assert_nonnull (w);
      g_assert_cmpint (w->range, ==, range_cases[i].range);
    }
}

typedef struct {
  const char *id;
  const char *category;
  int         figures;
  int         move;
} TypeCase;

static const TypeCase type_cases[] = {
  { "infantry", "infantry", 4, 1 },
  { "cavalry", "cavalry", 4, 2 },
  { "machine-gun", "artillery", 2, 1 },
  { "mountain-gun", "artillery", 2, 1 },
  { "field-gun", "artillery", 2, 1 },
  { "medium-gun", "artillery", 2, 0 },
  { "heavy-gun", "artillery", 2, 0 },
  { "horse-transport", "transport", 1, 1 },
  { "motor-transport", "transport", 1, 2 },
  { "commander", "commander", 1, 2 },
};

static void
test_unit_types (void)
{
  static const char *const ratings[] = { "good", "average", "poor", "very-poor" };
  GPtrArray *all = adj_ruleset_get_ratings (rs);

  g_assert_cmpuint (adj_ruleset_get_unit_types (rs)->len, ==, G_N_ELEMENTS (type_cases));
  for (guint i = 0; i < G_N_ELEMENTS (type_cases); i++)
    {
      const AdjUnitType *t = adj_ruleset_find_unit_type (rs, type_cases[i].id);

      g_assert_nonnull (t);
      g_assert_cmpstr (t->category, ==, type_cases[i].category);
      g_assert_cmpint (t->figures, ==, type_cases[i].figures);
      g_assert_cmpint (t->move, ==, type_cases[i].move);
    }
  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (ratings));
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    g_assert_cmpstr (((AdjChoice *) g_ptr_array_index (all, i))->id, ==, ratings[i]);
  g_assert_true (adj_ruleset_find_status_field (rs, "moved")->per_turn);
  g_assert_true (adj_ruleset_find_status_field (rs, "acted")->per_turn);
  g_assert_false (adj_ruleset_find_status_field (rs, "disrupted")->per_turn);
}

static void
test_templates (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) armies = adj_army_templates (rs, &error);
  gboolean british = FALSE, native = FALSE;

  g_assert_no_error (error);
  g_assert_cmpuint (armies->len, >=, 2);
  for (guint i = 0; i < armies->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (armies, i);
      g_autoptr(AdjArmyReport) report = adj_army_check (army, &error);

      g_assert_no_error (error);
      /* Each example has its commander and some units. */
      g_assert_true (adj_army_report_ok (report));
      british |= g_str_equal (army->id, "british-column");
      native |= g_str_equal (army->id, "native-force");
    }
  g_assert_true (british && native);

  /* An army without a commander is reported. */
  {
    g_autoptr(AdjArmy) army = adj_army_template (rs, "native-force", &error);
    g_autoptr(AdjArmyReport) report = NULL;

    g_assert_no_error (error);
    for (guint i = army->units->len; i > 0; i--)
      if (g_str_equal (((AdjArmyUnit *) g_ptr_array_index (army->units, i - 1))->type, "commander"))
        g_ptr_array_remove_index (army->units, i - 1);
    report = adj_army_check (army, &error);
    g_assert_no_error (error);
    g_assert_false (adj_army_report_ok (report));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* the deal                                                                                    */

json_object *
order_of (const AdjOutcome *outcome)
{
  json_object *order = value (outcome, "order");

  g_assert_true (json_object_is_type (order, json_type_array));
  return order;
}

const char *
order_card (json_object *order,
            guint        i)
{
  json_object *item = json_object_array_get_idx (order, i), *card = NULL;

  g_assert_true (json_object_object_get_ex (item, "card", &card));
  return json_object_get_string (card);
}

static const char *
order_name (json_object *order,
            guint        i)
{
  json_object *item = json_object_array_get_idx (order, i), *name = NULL;

  g_assert_true (json_object_object_get_ex (item, "name", &name));
  return json_object_get_string (name);
}

/* The book's own example: 2♣ before 2♦ before 3♣. */
static void
test_deal_precedence (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", "{\"recipients\": 3}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, "3C,2D,2C", &error);
  json_object *order;

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "dealt");
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, 3);
  g_assert_cmpstr (order_card (order, 0), ==, "2C");
  g_assert_cmpstr (order_card (order, 1), ==, "2D");
  g_assert_cmpstr (order_card (order, 2), ==, "3C");
  /* Entered cards go to the units in the order they were dealt. */
  g_assert_cmpstr (order_name (order, 0), ==, "Unit 3");
  g_assert_cmpstr (order_name (order, 2), ==, "Unit 1");
  g_assert_cmpint (value_int (outcome, "decks"), ==, 1);
}

typedef struct {
  const char *name;
  const char *cards;    /* dealt, in the order of the units */
  const char *order;    /* the activation order the book gives */
} PrecedenceCase;

static const PrecedenceCase precedence_cases[] = {
  { "suits-of-a-rank", "AS,AD,AC,AH", "AH,AC,AD,AS" },
  { "rank-before-suit", "2H,AS", "AS,2H" },
  { "ten-then-jack", "JH,10S", "10S,JH" },
  { "king-last", "KH,QS,JS", "JS,QS,KH" },
  { "mixed", "7D,7C,3S,KH,AH,10C", "AH,3S,7C,7D,10C,KH" },
};

static void
test_deal_precedence_case (gconstpointer data)
{
  const PrecedenceCase *c = data;
  g_auto(GStrv) cards = g_strsplit (c->cards, ",", -1);
  g_auto(GStrv) want = g_strsplit (c->order, ",", -1);
  g_autofree char *json = g_strdup_printf ("{\"recipients\": %u}", g_strv_length (cards));
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, c->cards, &error);
  json_object *order;

  g_assert_no_error (error);
  order = order_of (outcome);
  for (guint i = 0; want[i] != NULL; i++)
    g_assert_cmpstr (order_card (order, i), ==, want[i]);
}

/* A deal to @recipients from @pack, shuffled by @seed. */
static AdjOutcome *
deal_shuffled (guint    recipients,
               guint64  seed,
               AdjPack *pack)
{
  g_autofree char *json = g_strdup_printf ("{\"recipients\": %u}", recipients);
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", json);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  AdjOutcome *outcome = adj_outcome_new (in->mechanic);
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  AdjRng rng;

  adj_rng_seed (&rng, seed);
  random = adj_random_new (&rng, pack);
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  return outcome;
}

/* A shuffled deal of every card: all 52 different, in the book's order. */
static void
test_deal_full_order (void)
{
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(AdjPack) pack = adj_pack_new (1);
      g_autoptr(AdjOutcome) outcome = deal_shuffled (52, seed, pack);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      json_object *order;
      guint n;

      order = order_of (outcome);
      g_assert_cmpuint (json_object_array_length (order), ==, 52);
      for (guint i = 0; i < 52; i++)
        {
          g_assert_true (g_hash_table_add (seen, (gpointer) order_card (order, i)));
          if (i > 0)
            g_assert_cmpint (book_card_order (order_card (order, i - 1)), <,
                             book_card_order (order_card (order, i)));
        }
      /* The ace of hearts always acts first and the king of spades last. */
      g_assert_cmpstr (order_card (order, 0), ==, "AH");
      g_assert_cmpstr (order_card (order, 51), ==, "KS");
      /* The cards are out of the pack, dealt. */
      adj_pack_dealt (pack, &n);
      g_assert_cmpuint (n, ==, 52);
      g_assert_cmpuint (adj_pack_remaining (pack), ==, 0);
      /* The recorded cards are the dealt ones, one roll each as declared. */
      g_assert_cmpuint (outcome->rolls->len, ==, 52);
      g_assert_nonnull (outcome->pack_after);
    }
}

/* The most the rules deal to, four packs' worth: every recipient once, every card four times,
 * in the book's order, and those on the same card in the order their roll-offs gave. */
static void
test_deal_four_packs (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjOutcome) outcome = deal_shuffled (208, 208, pack);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) cards = g_hash_table_new (g_str_hash, g_str_equal);
  json_object *order;

  g_assert_cmpstr (outcome->key, ==, "dealt-rolloff");
  g_assert_cmpint (value_int (outcome, "decks"), ==, 4);
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, 208);
  for (guint i = 0; i < 208; i++)
    {
      const char *card = order_card (order, i);
      guint seen = GPOINTER_TO_UINT (g_hash_table_lookup (cards, card));

      g_assert_true (g_hash_table_add (names, (gpointer) order_name (order, i)));
      g_hash_table_insert (cards, (gpointer) card, GUINT_TO_POINTER (seen + 1));
      if (i > 0)
        g_assert_cmpint (book_card_order (order_card (order, i - 1)), <=,
                         book_card_order (card));
      /* On the same card as the one before: its roll-offs were no better. */
      if (i > 0 && g_str_equal (order_card (order, i - 1), card))
        {
          json_object *a = NULL, *b = NULL;

          g_assert_true (json_object_object_get_ex (json_object_array_get_idx (order, i - 1),
                                                    "rolloff", &a));
          g_assert_true (json_object_object_get_ex (json_object_array_get_idx (order, i),
                                                    "rolloff", &b));
          for (gsize k = 0; k < json_object_array_length (a) && k < json_object_array_length (b);
               k++)
            {
              int x = json_object_get_int (json_object_array_get_idx (a, k));
              int y = json_object_get_int (json_object_array_get_idx (b, k));

              g_assert_cmpint (x, >=, y);
              if (x > y)
                break;
            }
        }
    }
  g_assert_cmpuint (g_hash_table_size (cards), ==, 52);
  for (guint c = 0; c < ADJ_DECK_SIZE; c++)
    g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (cards, adj_card_name (c))), ==, 4);
}

/* More than 52 recipients: two packs, equal cards rolled off on entered dice. */
static void
test_deal_two_decks (void)
{
  g_autoptr(GString) cards = g_string_new (NULL);
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", "{\"recipients\": 54}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  /* 2♣ (units 6 and 54) roll 3 and 5: unit 54 goes first.  7♥ (units 25 and 53) roll 4 and 4,
   * then 2 and 6: unit 53 goes first.  The 2♣ group rolls first, being earlier in the order. */
  const int dice[] = { 3, 5, 4, 4, 2, 6 };
  json_object *order;
  guint two_c = 0, seven_h = 0;

  /* Units 1 to 52 get a whole pack, rank by rank ... */
  for (int rank = 1; rank <= 13; rank++)
    for (int s = 0; s < 4; s++)
      {
        static const char *const r[] = {
          NULL, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
        };
        g_string_append_printf (cards, "%s%c,", r[rank], "HCDS"[s]);
      }
  /* ... which puts 2♣ at unit 6 and 7♥ at unit 25; a second 7♥ and 2♣ go to units 53, 54. */
  g_string_append (cards, "7H,2C");

  outcome = resolve_entered (in, NULL, dice, G_N_ELEMENTS (dice), cards->str, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "dealt-rolloff");
  g_assert_cmpint (value_int (outcome, "decks"), ==, 2);
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, 54);
  for (guint i = 0; i < 54; i++)
    {
      if (i > 0)
        g_assert_cmpint (book_card_order (order_card (order, i - 1)), <=,
                         book_card_order (order_card (order, i)));
      if (g_str_equal (order_card (order, i), "2C") && two_c++ == 0)
        {
          g_assert_cmpstr (order_name (order, i), ==, "Unit 54");
          g_assert_cmpstr (order_name (order, i + 1), ==, "Unit 6");
        }
      if (g_str_equal (order_card (order, i), "7H") && seven_h++ == 0)
        {
          g_assert_cmpstr (order_name (order, i), ==, "Unit 53");
          g_assert_cmpstr (order_name (order, i + 1), ==, "Unit 25");
        }
    }
  g_assert_cmpuint (two_c, ==, 2);
  g_assert_cmpuint (seven_h, ==, 2);

  /* One die short: the roll-off cannot finish. */
  {
    g_autoptr(AdjInputs) again = inputs_new ("rn/deal", "{\"recipients\": 54}");
    g_autoptr(AdjOutcome) none = NULL;

    g_clear_error (&error);
    none = resolve_entered (again, NULL, dice, G_N_ELEMENTS (dice) - 1, cards->str, &error);
    g_assert_null (none);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
  }
  /* Three copies of a card are more than two packs hold. */
  {
    g_autoptr(AdjInputs) again = inputs_new ("rn/deal", "{\"recipients\": 55}");
    g_autoptr(AdjOutcome) none = NULL;
    g_autoptr(GString) more = g_string_new (cards->str);

    g_string_append (more, ",2C");
    g_clear_error (&error);
    none = resolve_entered (again, NULL, dice, G_N_ELEMENTS (dice), more->str, &error);
    g_assert_null (none);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  }
}

/* The order the turn view walks: by card, from the units themselves, and gone after undo. */
static void
test_activation_order (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rn-column-on-the-march.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  const AdjMechanic *deal = adj_mechanic_lookup ("rn/deal");
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  AdjContext ctx;
  guint holders = 0;

  g_assert_no_error (error);
  none = adj_rn_activation_order (battle);
  g_assert_cmpuint (none->len, ==, 0);

  adj_battle_set_seed (battle, 1885);
  adj_battle_context (battle, &ctx);
  in = adj_inputs_new (deal, adj_battle_get_ruleset (battle));
  random = adj_battle_new_random (battle);
  outcome = adj_outcome_new (deal);
  g_assert_true (adj_mechanic_resolve (deal, &ctx, in, random, outcome, &error));
  g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
  g_assert_no_error (error);

  order = adj_rn_activation_order (battle);
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      holders += adj_unit_get_card (unit) != NULL;
    }
  g_assert_cmpuint (order->len, ==, holders);
  g_assert_cmpuint (order->len, >, 3);
  for (guint i = 1; i < order->len; i++)
    {
      AdjUnit *a = adj_battle_find_unit (battle, g_ptr_array_index (order, i - 1));
      AdjUnit *b = adj_battle_find_unit (battle, g_ptr_array_index (order, i));
      g_assert_cmpint (book_card_order (adj_unit_get_card (a)), <,
                       book_card_order (adj_unit_get_card (b)));
    }

  /* A destroyed unit acts no more. */
  {
    g_autofree char *target = g_strconcat ("unit:", (char *) g_ptr_array_index (order, 0), NULL);
    g_assert_true (adj_battle_edit (battle, target, "destroyed", yes, &error));
    after = adj_rn_activation_order (battle);
    g_assert_cmpuint (after->len, ==, order->len - 1);
    g_assert_cmpstr (g_ptr_array_index (after, 0), ==, g_ptr_array_index (order, 1));
  }
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_clear_pointer (&after, g_ptr_array_unref);
  after = adj_rn_activation_order (battle);
  g_assert_cmpuint (after->len, ==, 0);
}

/* The deal's odds: certain, one pack or several. */
static void
test_deal_odds (void)
{
  g_autoptr(AdjInputs) one = inputs_new ("rn/deal", "{\"recipients\": 52}");
  g_autoptr(AdjInputs) two = inputs_new ("rn/deal", "{\"recipients\": 53}");
  g_autoptr(AdjOdds) a = odds_with_pack (one, NULL);
  g_autoptr(AdjOdds) b = odds_with_pack (two, NULL);

  g_assert_cmpfloat (adj_odds_p (a, "dealt"), ==, 1.0);
  g_assert_cmpfloat (adj_odds_p (b, "dealt-rolloff"), ==, 1.0);
}

/* ------------------------------------------------------------------------------------------ */

#define ADD_FIXTURE(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  rs = adj_ruleset_lookup ("rn", &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);

  g_test_add_func ("/rn/mechanics", test_mechanic_list);
  g_test_add_func ("/rn/ruleset/ranges", test_ranges);
  g_test_add_func ("/rn/ruleset/unit-types", test_unit_types);
  g_test_add_func ("/rn/ruleset/templates", test_templates);

  g_test_add_func ("/rn/deal/precedence/book-example", test_deal_precedence);
  for (guint i = 0; i < G_N_ELEMENTS (precedence_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/deal/precedence/", precedence_cases[i].name, NULL);
      g_test_add_data_func (path, &precedence_cases[i], test_deal_precedence_case);
    }
  g_test_add_func ("/rn/deal/full-order", test_deal_full_order);
  g_test_add_func ("/rn/deal/four-packs", test_deal_four_packs);
  g_test_add_func ("/rn/deal/two-decks", test_deal_two_decks);
  g_test_add_func ("/rn/deal/odds", test_deal_odds);
  g_test_add_func ("/rn/deal/activation-order", test_activation_order);
  ADD_FIXTURE ("/rn/battle/deal-and-undo", test_battle_deal);

  add_join_cases ();
  ADD_FIXTURE ("/rn/battle/commander-joins", test_battle_join);

  add_move_cases ();
  add_rough_cases ();
  ADD_FIXTURE ("/rn/battle/rough-ground", test_battle_rough);

  add_cohesion_cells ();
  add_cohesion_cases ();
  ADD_FIXTURE ("/rn/battle/cohesion", test_battle_cohesion);

  add_dice_cases ();
  for (guint i = 0; i < dice_cases->len; i++)
    {
      DiceCase *c = &g_array_index (dice_cases, DiceCase, i);
      g_test_add_data_func (c->name, c, test_dice_case);
    }
  g_test_add_func ("/rn/fire/refused", test_fire_refused);
  ADD_FIXTURE ("/rn/battle/fire-and-undo", test_battle_fire);

  add_hit_cases ();
  ADD_FIXTURE ("/rn/battle/hits", test_battle_hits);
  g_test_add_func ("/rn/pack/exhausted", test_pack_exhausted);

  add_assault_cases ();
  ADD_FIXTURE ("/rn/battle/assault", test_battle_assault);
  ADD_FIXTURE ("/rn/battle/collect", test_battle_collect);
  ADD_FIXTURE ("/rn/battle/forbidden", test_battle_forbidden);
  ADD_FIXTURE ("/rn/battle/card-order", test_battle_card_order);
  ADD_FIXTURE ("/rn/battle/turn-facts", test_battle_turn_facts);

  add_fire_odds_cases ();
  g_test_add_func ("/rn/odds/fire/ten-of-twelve", test_fire_odds_ten_of_twelve);
  g_test_add_func ("/rn/odds/fire/closed-form", test_fire_odds_closed_form);
  add_hits_odds_cases ();
  add_cohesion_odds_cases ();
  add_assault_odds_cases ();
  add_assault_sums_cases ();
  ADD_FIXTURE ("/rn/battle/odds-follow-the-pack", test_battle_odds_follow_pack);

  status = g_test_run ();
  g_array_unref (dice_cases);
  adj_ruleset_unref (rs);
  return status;
}
