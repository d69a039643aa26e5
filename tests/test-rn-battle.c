/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn-battle.c: Redcoats & Natives against a battle (deal, join, fire, collect, and undo),
 * movement, hills and woods, and regaining cohesion. */

#include "test-rn.h"

#include "adj-roll-setup.h"

/* ------------------------------------------------------------------------------------------ */
/* against a battle: deal, join, fire, collect — and undo                                      */

void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) british = adj_army_template (rs, "british-column", &error);
  g_autoptr(AdjArmy) natives = NULL;

  g_assert_no_error (error);
  natives = adj_army_template (rs, "native-force", &error);
  g_assert_no_error (error);
  f->battle = adj_battle_new (rs, "Test");
  adj_battle_set_seed (f->battle, 1879);
  g_assert_true (adj_battle_add_army (f->battle, "a", british, &error));
  g_assert_true (adj_battle_add_army (f->battle, "b", natives, &error));
  g_assert_no_error (error);
}

void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->battle);
}

AdjUnit *
unit_of_type (AdjBattle  *battle,
              const char *type,
              guint       nth)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (g_str_equal (adj_unit_get_type_id (unit), type) && nth-- == 0)
        return unit;
    }
  g_assert_not_reached ();
  return NULL;
}

/* Resolve against the battle (pre-filled) and apply; @json names the units. */
AdjOutcome *
battle_resolve (AdjBattle  *battle,
                const char *mech_id,
                const char *json,
                const int  *dice,
                guint       n_dice,
                const char *cards,
                gboolean    apply)
{
  g_autoptr(AdjInputs) in = inputs_new (mech_id, json);
  g_autoptr(AdjRandom) random = adj_battle_new_random (battle);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  AdjContext ctx;

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  if (json != NULL)
    {
      /* What the caller gives wins over the battle's values. */
      g_autoptr(json_object) obj = json_tokener_parse (json);
      g_assert_true (adj_inputs_set_json (in, obj, "test", &error));
    }
  adj_battle_context (battle, &ctx);
  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (cards != NULL)
    {
      g_autoptr(GArray) list = NULL;

      g_assert_true (adj_cards_parse (cards, &list, &error));
      adj_random_enter_cards (random, (const AdjCard *) list->data, list->len);
    }
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  if (apply)
    {
      g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
      g_assert_no_error (error);
    }
  return g_steal_pointer (&outcome);
}

static json_object *
cards_of (AdjBattle *battle)
{
  json_object *obj = json_object_new_object ();
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const char *card = adj_unit_get_card (unit);

      json_object_object_add (obj, adj_unit_get_id (unit),
                              card != NULL ? json_object_new_string (card) : NULL);
    }
  return obj;
}

void
test_battle_deal (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) pack_before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) cards_before = cards_of (f->battle);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(json_object) pack_after = NULL;
  g_autoptr(json_object) undone = NULL;
  g_autoptr(json_object) undone_cards = NULL;
  AdjUnit *gun = unit_of_type (f->battle, "field-gun", 0);
  AdjUnit *lost = unit_of_type (f->battle, "infantry", 0);
  guint units = adj_battle_get_n_units (f->battle), n;
  json_object *order;

  /* A limbered gun and a destroyed unit get no card. */
  {
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
    g_autofree char *gun_target = g_strconcat ("unit:", adj_unit_get_id (gun), NULL);
    g_autofree char *lost_target = g_strconcat ("unit:", adj_unit_get_id (lost), NULL);

    g_assert_true (adj_battle_edit (f->battle, gun_target, "status.limbered", yes, &error));
    g_assert_true (adj_battle_edit (f->battle, lost_target, "destroyed", yes, &error));
    g_assert_no_error (error);
  }

  outcome = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, units - 2);
  g_assert_cmpint (value_int (outcome, "recipients"), ==, (int) units - 2);
  g_assert_null (adj_unit_get_card (gun));
  g_assert_null (adj_unit_get_card (lost));
  for (guint i = 0; i < json_object_array_length (order); i++)
    {
      json_object *item = json_object_array_get_idx (order, i), *id = NULL;
      AdjUnit *unit;

      g_assert_true (json_object_object_get_ex (item, "unit", &id));
      unit = adj_battle_find_unit (f->battle, json_object_get_string (id));
      g_assert_nonnull (unit);
      g_assert_cmpstr (adj_unit_get_card (unit), ==, order_card (order, i));
      if (i > 0)
        g_assert_cmpint (book_card_order (order_card (order, i - 1)), <,
                         book_card_order (order_card (order, i)));
    }
  /* The battle's pack holds the dealt cards out. */
  adj_pack_dealt (adj_battle_get_pack (f->battle), &n);
  g_assert_cmpuint (n, ==, units - 2);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, 52 - (units - 2));
  pack_after = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (outcome->pack_after, pack_after);

  /* Undo puts every card back where it was. */
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (pack_before, undone);
  undone_cards = cards_of (f->battle);
  assert_json_equal (cards_before, undone_cards);
  g_assert_true (adj_battle_redo (f->battle, &error));
  g_assert_no_error (error);
  g_assert_nonnull (adj_unit_get_card (unit_of_type (f->battle, "commander", 0)));
}

typedef struct {
  const char *commander;
  const char *unit;
  const char *key;
  const char *kept;
  const char *discarded;
} JoinCase;

static const JoinCase join_cases[] = {
  { "QH", "5C", "unit-card", "5C", "QH" },
  { "2D", "3C", "commander-card", "2D", "3C" },
  { "2D", "2C", "unit-card", "2C", "2D" },
  { "2C", "2D", "commander-card", "2C", "2D" },
  { "AS", "AH", "unit-card", "AH", "AS" },
  { "KH", "KS", "commander-card", "KH", "KS" },
  { "7D", "7D", "unit-card", "7D", "7D" },     /* two packs: the same card */
};

static void
test_join_case (gconstpointer data)
{
  const JoinCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"commander_card\": \"%s\", \"unit_card\": \"%s\"}",
                                           c->commander, c->unit);
  g_autoptr(AdjInputs) in = inputs_new ("rn/commander-joins", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_cmpstr (json_object_get_string (value (outcome, "card")), ==, c->kept);
  g_assert_cmpstr (json_object_get_string (value (outcome, "discarded")), ==, c->discarded);
  /* No dice, no card: the odds are certain. */
  {
    g_autoptr(AdjOdds) odds = odds_with_pack (in, NULL);
    g_assert_cmpfloat (adj_odds_p (odds, c->key), ==, 1.0);
  }
}

void
test_battle_join (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  AdjUnit *commander = unit_of_type (f->battle, "commander", 0);
  AdjUnit *unit = unit_of_type (f->battle, "cavalry", 0);
  g_autofree char *cc = g_strdup (adj_unit_get_card (commander));
  g_autofree char *uc = g_strdup (adj_unit_get_card (unit));
  g_autofree char *json = g_strdup_printf ("{\"commander\": \"%s\", \"unit\": \"%s\"}",
                                           adj_unit_get_id (commander), adj_unit_get_id (unit));
  g_autoptr(json_object) pack_before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) pack_undone = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  const char *lower = book_card_order (cc) < book_card_order (uc) ? cc : uc;
  const char *higher = lower == cc ? uc : cc;
  const AdjCard *turned;
  AdjCard higher_card;
  guint n_dealt, n_turned;

  outcome = battle_resolve (f->battle, "rn/commander-joins", json, NULL, 0, NULL, TRUE);
  g_assert_cmpstr (outcome->key, ==, lower == cc ? "commander-card" : "unit-card");
  g_assert_cmpstr (adj_unit_get_card (commander), ==, lower);
  g_assert_cmpstr (adj_unit_get_card (unit), ==, lower);
  /* The higher card has left the dealt cards for the turned pile. */
  adj_pack_dealt (adj_battle_get_pack (f->battle), &n_dealt);
  turned = adj_pack_turned (adj_battle_get_pack (f->battle), &n_turned);
  g_assert_cmpuint (n_dealt, ==, (guint) value_int (deal, "recipients") - 1);
  g_assert_cmpuint (n_turned, ==, 1);
  g_assert_true (adj_card_parse (higher, &higher_card));
  g_assert_cmpuint (turned[0], ==, higher_card);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_card (commander), ==, cc);
  g_assert_cmpstr (adj_unit_get_card (unit), ==, uc);
  pack_undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (pack_before, pack_undone);

  /* A commander joins only a unit of his own side, and one still in the battle. */
  {
    GListModel *units = adj_battle_get_units (f->battle);
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
    g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
    gboolean refused = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (units) && !refused; i++)
      {
        g_autoptr(AdjUnit) enemy = g_list_model_get_item (units, i);
        g_autofree char *with_enemy = NULL;
        g_autofree char *msg = NULL;

        if (g_strcmp0 (adj_unit_get_side (enemy), adj_unit_get_side (commander)) == 0)
          continue;
        with_enemy = g_strdup_printf ("{\"commander\": \"%s\", \"unit\": \"%s\"}",
                                      adj_unit_get_id (commander), adj_unit_get_id (enemy));
        msg = g_strdup_printf ("%s cannot join %s: a commander acts with a unit of his own side",
                               adj_unit_get_name (commander), adj_unit_get_name (enemy));
        adj_test_assert_forbidden (f->battle, "rn/commander-joins", with_enemy, msg);
        refused = TRUE;
      }
    g_assert_true (refused);
    adj_test_assert_allowed (f->battle, "rn/commander-joins", json);
    g_assert_true (adj_battle_edit (f->battle, where, "destroyed", yes, &error));
    g_assert_no_error (error);
    {
      g_autofree char *msg = g_strdup_printf ("%s is destroyed", adj_unit_get_name (unit));

      adj_test_assert_forbidden (f->battle, "rn/commander-joins", json, msg);
    }
    adj_test_undo (f->battle);
  }

  /* A unit that is not a commander cannot join. */
  {
    g_autoptr(AdjInputs) in = NULL;
    g_autoptr(AdjRandom) random = adj_battle_new_random (f->battle);
    g_autoptr(AdjOutcome) none = NULL;
    g_autofree char *bad = g_strdup_printf ("{\"commander\": \"%s\", \"unit\": \"%s\"}",
                                            adj_unit_get_id (unit), adj_unit_get_id (commander));
    AdjContext ctx;

    in = inputs_new ("rn/commander-joins", bad);
    none = adj_outcome_new (in->mechanic);
    g_assert_true (adj_battle_prefill (f->battle, in, &error));
    adj_battle_context (f->battle, &ctx);
    g_assert_false (adj_mechanic_resolve (in->mechanic, &ctx, in, random, none, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    /* The rules say so before anything is rolled, not as a matter for the referee's ruling; and
     * only a commander is taken first. */
    {
      g_autofree char *msg = g_strdup_printf ("%s is not a commander", adj_unit_get_name (unit));
      const AdjMechanic *joins = adj_mechanic_lookup ("rn/commander-joins");
      g_autoptr(json_object) bad_json = adj_test_parse (bad);
      AdjRollRequest request = { .battle = f->battle, .inputs = bad_json, .allow = TRUE };
      g_auto(AdjRollSetup) setup = { 0 };

      g_assert_false (adj_roll_setup_check (joins, f->battle, bad_json, &error));
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, msg);
      g_clear_error (&error);
      g_assert_false (adj_roll_setup_prepare (joins, &request, &setup, &error));
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_false (adj_roll_setup_takes_unit (joins, f->battle, "commander",
                                                 adj_unit_get_id (unit)));
      g_assert_true (adj_roll_setup_takes_unit (joins, f->battle, "commander",
                                                adj_unit_get_id (commander)));
      g_assert_true (adj_roll_setup_takes_unit (joins, f->battle, "unit",
                                                adj_unit_get_id (unit)));
    }
  }
}

/* Collecting gathers every card back and clears every unit's card; undo deals them again. */
void
test_battle_collect (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  g_autoptr(json_object) pack_dealt = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) cards_dealt = cards_of (f->battle);
  g_autoptr(AdjOutcome) collect = NULL;
  g_autoptr(json_object) pack_undone = NULL;
  g_autoptr(json_object) cards_undone = NULL;
  GListModel *units = adj_battle_get_units (f->battle);
  guint n;

  collect = battle_resolve (f->battle, "rn/collect", NULL, NULL, 0, NULL, TRUE);
  g_assert_cmpstr (collect->key, ==, "collected");
  g_assert_cmpint (value_int (collect, "returned"), ==, value_int (deal, "recipients"));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, 52);
  adj_pack_dealt (adj_battle_get_pack (f->battle), &n);
  g_assert_cmpuint (n, ==, 0);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_assert_null (adj_unit_get_card (unit));
    }

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  pack_undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  cards_undone = cards_of (f->battle);
  assert_json_equal (pack_dealt, pack_undone);
  assert_json_equal (cards_dealt, cards_undone);
}

/* Fire in a battle with entered dice and cards; apply, then undo restores the target and the
 * pack. */
void
test_battle_fire (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) deal G_GNUC_UNUSED =
    battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  AdjUnit *firer = unit_of_type (f->battle, "infantry", 0);
  AdjUnit *target = NULL;
  g_autofree char *json = NULL;
  g_autoptr(json_object) pack_before = NULL;
  g_autoptr(json_object) pack_undone = NULL;
  g_autoptr(json_object) target_before = NULL;
  g_autoptr(json_object) target_undone = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  const AdjCard *draw;
  guint n_draw, n_turned;
  char cards[64];
  const int dice[] = { 6, 6, 6, 2 };

  /* The target: the first spearmen, in cover. */
  {
    GListModel *units = adj_battle_get_units (f->battle);
    for (guint i = 0; i < g_list_model_get_n_items (units) && target == NULL; i++)
      {
        g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
        if (g_str_equal (adj_unit_get_side (unit), "b") &&
            g_str_equal (adj_unit_get_type_id (unit), "infantry"))
          target = unit;
      }
  }
  {
    g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (target), NULL);
    g_assert_true (adj_battle_edit (f->battle, where, "status.in_cover", yes, &error));
  }
  g_assert_no_error (error);
  pack_before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  target_before = adj_unit_to_json (target);

  /* Three sixes through cover: turn the top three cards of the rest of the pack. */
  draw = adj_pack_draw_pile (adj_battle_get_pack (f->battle), &n_draw);
  {
    g_autofree char *a = adj_card_to_string (draw[n_draw - 1]);
    g_autofree char *b = adj_card_to_string (draw[n_draw - 2]);
    g_autofree char *c = adj_card_to_string (draw[n_draw - 3]);
    int red = book_is_red (a) + book_is_red (b) + book_is_red (c);

    g_snprintf (cards, sizeof cards, "%s,%s,%s", a, b, c);
    json = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\", \"distance\": 2}",
                            adj_unit_get_id (firer), adj_unit_get_id (target));
    outcome = battle_resolve (f->battle, "rn/fire", json, dice, G_N_ELEMENTS (dice), cards, TRUE);
    g_assert_cmpint (value_int (outcome, "sixes"), ==, 3);
    g_assert_cmpint (value_int (outcome, "hits"), ==, red);
    g_assert_cmpint (adj_unit_get_figures (target), ==, red > 1 ? 4 - (red - 1) : 4);
    g_assert_true (adj_unit_get_status_bool (target, "disrupted") == (red > 0));
  }
  g_assert_true (adj_unit_get_status_bool (firer, "acted"));
  adj_pack_turned (adj_battle_get_pack (f->battle), &n_turned);
  g_assert_cmpuint (n_turned, ==, 3);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, n_draw - 3);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  pack_undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  target_undone = adj_unit_to_json (target);
  assert_json_equal (pack_before, pack_undone);
  assert_json_equal (target_before, target_undone);
  g_assert_false (adj_unit_get_status_bool (firer, "acted"));
}

/* ------------------------------------------------------------------------------------------ */
/* movement, hills and woods                                                                   */

typedef struct {
  const char *name;
  const char *inputs;
  int         hexes;
} MoveCase;

static const MoveCase move_cases[] = {
  { "infantry", "{\"type\": \"infantry\"}", 1 },
  { "infantry/road", "{\"type\": \"infantry\", \"road\": true}", 2 },
  { "infantry/with-commander", "{\"type\": \"infantry\", \"with_commander\": true}", 2 },
  { "infantry/road-and-commander",
    "{\"type\": \"infantry\", \"road\": true, \"with_commander\": true}", 3 },
  { "infantry/disrupted", "{\"type\": \"infantry\", \"disrupted\": true, \"road\": true}", 0 },
  { "cavalry", "{\"type\": \"cavalry\"}", 2 },
  { "cavalry/road", "{\"type\": \"cavalry\", \"road\": true}", 3 },
  { "machine-gun", "{\"type\": \"machine-gun\"}", 1 },
  { "mountain-gun", "{\"type\": \"mountain-gun\"}", 1 },
  { "field-gun", "{\"type\": \"field-gun\"}", 1 },
  { "field-gun/limbered", "{\"type\": \"field-gun\", \"limbered\": true}", 0 },
  { "field-gun/limbering", "{\"type\": \"field-gun\", \"limbering\": true}", 0 },
  { "medium-gun", "{\"type\": \"medium-gun\", \"road\": true}", 0 },
  { "heavy-gun", "{\"type\": \"heavy-gun\"}", 0 },
  { "horse-transport", "{\"type\": \"horse-transport\"}", 1 },
  { "motor-transport", "{\"type\": \"motor-transport\"}", 2 },
  { "motor-transport/road", "{\"type\": \"motor-transport\", \"road\": true}", 3 },
  { "commander", "{\"type\": \"commander\"}", 2 },
  { "commander/road", "{\"type\": \"commander\", \"road\": true}", 3 },
  { "commander/disrupted", "{\"type\": \"commander\", \"disrupted\": true}", 0 },
};

static void
test_move_case (gconstpointer data)
{
  const MoveCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/movement", c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (adj_outcome_get_value_int (outcome, "result", -1), ==, c->hexes);
}

typedef struct {
  const char *card;
  const char *key;
} RoughCase;

static const RoughCase rough_cases[] = {
  { "7C", "may-enter" },
  { "AS", "may-enter" },
  { "KC", "may-enter" },
  { "7H", "may-not-enter" },
  { "QD", "may-not-enter" },
  { "none", "no-card" },
};

static void
test_rough_case (gconstpointer data)
{
  const RoughCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"card\": \"%s\"}", c->card);
  g_autoptr(AdjInputs) in = inputs_new ("rn/rough-ground", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
}

/* The card a unit acts on comes from the deal. */
void
test_battle_rough (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(AdjOutcome) deal G_GNUC_UNUSED =
    battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  GListModel *units = adj_battle_get_units (f->battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_autofree char *json = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (unit));
      g_autoptr(AdjOutcome) outcome = battle_resolve (f->battle, "rn/rough-ground", json, NULL,
                                                      0, NULL, FALSE);

      g_assert_cmpstr (outcome->key, ==, book_is_red (adj_unit_get_card (unit)) ? "may-not-enter"
                                                                              : "may-enter");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* regaining cohesion                                                                          */

typedef struct {
  char        suit;
  const char *rating;      /* NULL: a commander */
  char        name[48];
} CohesionCell;

static CohesionCell cohesion_cells[4 * 5];

static void
test_cohesion_cell (gconstpointer data)
{
  const CohesionCell *c = data;
  g_autofree char *json = c->rating != NULL
    ? g_strdup_printf ("{\"type\": \"infantry\", \"rating\": \"%s\"}", c->rating)
    : g_strdup ("{\"type\": \"commander\", \"rating\": \"very-poor\"}");
  g_autoptr(AdjInputs) in = inputs_new ("rn/cohesion", json);
  g_autoptr(GError) error = NULL;
  g_autofree char *card = g_strdup_printf ("9%c", c->suit);
  gboolean rallies = book_rallies (c->suit, c->rating != NULL ? c->rating : "good");
  g_autoptr(AdjOutcome) outcome = NULL;

  if (c->rating == NULL && !rallies)
    {
      /* A commander always gets a second card: give it another failing one. */
      g_autofree char *two = g_strdup_printf ("%s,8%c", card, c->suit);
      outcome = resolve_entered (in, NULL, NULL, 0, two, &error);
    }
  else
    outcome = resolve_entered (in, NULL, NULL, 0, card, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, rallies ? "regained" : "failed");
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *cards;
  const char *key;
  int         tries;
  int         error;     /* -1: none */
} CohesionCase;

static const CohesionCase cohesion_cases[] = {
  { "unit/one-try", "{\"rating\": \"poor\"}", "3H", "failed", 1, -1 },
  { "unit/no-second-card", "{\"rating\": \"poor\"}", "3H,3S", NULL, 0, ADJ_ERROR_INVALID },
  { "with-commander/second-rallies", "{\"rating\": \"average\", \"commander_in_hex\": true}",
    "3H,4C", "regained", 2, -1 },
  { "with-commander/second-fails", "{\"rating\": \"average\", \"commander_in_hex\": true}",
    "3H,4D", "failed", 2, -1 },
  { "with-commander/first-rallies", "{\"rating\": \"good\", \"commander_in_hex\": true}", "3D",
    "regained", 1, -1 },
  { "with-commander/very-poor", "{\"rating\": \"very-poor\", \"commander_in_hex\": true}",
    "3S,4S", "failed", 2, -1 },
  { "commander/second-rallies", "{\"type\": \"commander\"}", "3H,QD", "regained", 2, -1 },
  { "commander/both-hearts", "{\"type\": \"commander\"}", "3H,QH", "failed", 2, -1 },
  { "commander/needs-two", "{\"type\": \"commander\"}", "3H", NULL, 0, ADJ_ERROR_NEED_DICE },
  { "not-disrupted", "{\"disrupted\": false}", "3S", NULL, 0, ADJ_ERROR_NOT_ALLOWED },
};

static void
test_cohesion_case (gconstpointer data)
{
  const CohesionCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/cohesion", c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, c->cards, &error);

  if (c->error >= 0)
    {
      g_assert_null (outcome);
      g_assert_error (error, ADJ_ERROR, c->error);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_cmpint (value_int (outcome, "tries"), ==, c->tries);
}

void
test_battle_cohesion (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *unit = unit_of_type (f->battle, "infantry", 0);
  g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
  g_autofree char *json = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (unit));
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(AdjOutcome) outcome = NULL;

  g_assert_true (adj_battle_edit (f->battle, where, "status.disrupted", yes, &error));
  /* Line infantry is rated good: a club rallies it. */
  outcome = battle_resolve (f->battle, "rn/cohesion", json, NULL, 0, "5C", TRUE);
  g_assert_cmpstr (outcome->key, ==, "regained");
  g_assert_false (adj_unit_get_status_bool (unit, "disrupted"));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_true (adj_unit_get_status_bool (unit, "disrupted"));
}

void
add_join_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (join_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rn/commander-joins/%s-%s", join_cases[i].commander,
                                               join_cases[i].unit);
      g_test_add_data_func (path, &join_cases[i], test_join_case);
    }
}

void
add_move_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/movement/", move_cases[i].name, NULL);
      g_test_add_data_func (path, &move_cases[i], test_move_case);
    }
}

void
add_rough_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (rough_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/rough-ground/", rough_cases[i].card, NULL);
      g_test_add_data_func (path, &rough_cases[i], test_rough_case);
    }
}

void
add_cohesion_cells (void)
{
  static const char suits[] = "HDCS";
  static const char *const ratings[] = { "good", "average", "poor", "very-poor", NULL };

  /* Every cell of the cohesion table: four suits by four ratings, and the commander. */
  for (guint s = 0; s < 4; s++)
    for (guint r = 0; r < 5; r++)
      {
        CohesionCell *c = &cohesion_cells[s * 5 + r];
        g_autofree char *path = NULL;

        c->suit = suits[s];
        c->rating = ratings[r];
        g_snprintf (c->name, sizeof c->name, "%c-%s", c->suit,
                    c->rating != NULL ? c->rating : "commander");
        path = g_strconcat ("/rn/cohesion/table/", c->name, NULL);
        g_test_add_data_func (path, c, test_cohesion_cell);
      }
}

void
add_cohesion_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cohesion_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/cohesion/", cohesion_cases[i].name, NULL);
      g_test_add_data_func (path, &cohesion_cases[i], test_cohesion_case);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* what the battle's state forbids                                                             */

static AdjUnit *
unit_of_side (AdjBattle  *battle,
              const char *side)
{
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);
      const AdjUnitType *type = adj_battle_unit_type (battle, unit);

      if (g_str_equal (adj_unit_get_side (unit), side) && g_str_equal (type->category, "infantry"))
        return unit;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
set_status (AdjBattle  *battle,
            AdjUnit    *unit,
            const char *field,
            gboolean    value)
{
  g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
  g_autoptr(json_object) obj = json_object_new_boolean (value);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (battle, where, field, obj, &error));
  g_assert_no_error (error);
}

void
test_battle_forbidden (Fixture       *f,
                       gconstpointer  data)
{
  AdjUnit *ours = unit_of_side (f->battle, "a");
  AdjUnit *theirs = unit_of_side (f->battle, "b");
  const char *name = adj_unit_get_name (ours);
  g_autofree char *pair = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\"}",
                                           adj_unit_get_id (ours), adj_unit_get_id (theirs));
  g_autofree char *assault = g_strdup_printf ("{\"assaulter\": \"%s\", \"defender\": \"%s\"}",
                                              adj_unit_get_id (ours), adj_unit_get_id (theirs));
  g_autofree char *rally = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (ours));
  g_autofree char *msg = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjOutcome) deal = NULL;

  /* The deal: not again while units dealt a card have yet to act. */
  adj_test_assert_allowed (f->battle, "rn/deal", NULL);
  deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  for (guint i = 0; i < adj_battle_get_n_units (f->battle); i++)
    if (adj_battle_peek_unit (f->battle, i) != ours)
      set_status (f->battle, adj_battle_peek_unit (f->battle, i), "status.acted", TRUE);
  msg = g_strdup_printf ("The cards cannot be dealt again yet: %s holds a card and has yet to "
                         "act", name);
  adj_test_assert_forbidden (f->battle, "rn/deal", NULL, msg);
  g_clear_pointer (&msg, g_free);
  set_status (f->battle, ours, "status.moved", TRUE);
  adj_test_assert_allowed (f->battle, "rn/deal", NULL);

  /* Fire: at an enemy, not at a unit of one's own side. */
  adj_test_assert_allowed (f->battle, "rn/fire", pair);
  for (guint i = 0; i < adj_battle_get_n_units (f->battle); i++)
    {
      AdjUnit *friend = adj_battle_peek_unit (f->battle, i);

      if (friend != ours && g_str_equal (adj_unit_get_side (friend), "a"))
        {
          g_autofree char *own = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\"}",
                                                  adj_unit_get_id (ours),
                                                  adj_unit_get_id (friend));

          msg = g_strdup_printf ("%s and %s are on the same side", name,
                                 adj_unit_get_name (friend));
          adj_test_assert_forbidden (f->battle, "rn/fire", own, msg);
          g_clear_pointer (&msg, g_free);
          break;
        }
    }

  /* Out of its weapon's range: refused, and worked out all the same when allowed. */
  {
    AdjRuleset *rules = adj_battle_get_ruleset (f->battle);
    const AdjWeapon *weapon =
      adj_ruleset_find_weapon (rules, adj_battle_unit_type (f->battle, ours)->weapons[0]);
    g_autofree char *far = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\", "
                                            "\"distance\": %d}", adj_unit_get_id (ours),
                                            adj_unit_get_id (theirs), weapon->range + 1);

    msg = g_strdup_printf ("Out of range: the target is %d hexes away and the weapon (%s) "
                           "reaches %d", weapon->range + 1, weapon->label,
                           weapon->range);
    adj_test_assert_forbidden (f->battle, "rn/fire", far, msg);
    g_clear_pointer (&msg, g_free);
  }

  /* A disrupted unit cannot close-assault. */
  adj_test_assert_allowed (f->battle, "rn/assault", assault);
  set_status (f->battle, ours, "status.disrupted", TRUE);
  msg = g_strdup_printf ("%s is disrupted and cannot close-assault", name);
  adj_test_assert_forbidden (f->battle, "rn/assault", assault, msg);
  g_clear_pointer (&msg, g_free);

  /* Cohesion comes once every unit holding a card has acted. */
  set_status (f->battle, ours, "status.moved", FALSE);
  msg = g_strdup_printf ("%s cannot try to regain cohesion yet: cohesion comes after every unit "
                         "has acted, and %s has yet to act", name, name);
  adj_test_assert_forbidden (f->battle, "rn/cohesion", rally, msg);
  g_clear_pointer (&msg, g_free);
  set_status (f->battle, ours, "status.moved", TRUE);

  /* One try to regain cohesion per end of turn. */
  adj_test_assert_allowed (f->battle, "rn/cohesion", rally);
  outcome = battle_resolve (f->battle, "rn/cohesion", rally, NULL, 0, "AH", TRUE);
  g_assert_cmpstr (outcome->key, ==, "failed");
  msg = g_strdup_printf ("%s has already tried to regain cohesion this turn", name);
  adj_test_assert_forbidden (f->battle, "rn/cohesion", rally, msg);
  g_clear_pointer (&msg, g_free);

  /* A unit that fought may not fire again; a destroyed unit neither fires nor is fired at. */
  set_status (f->battle, ours, "status.acted", TRUE);
  msg = g_strdup_printf ("%s has already fought this turn", name);
  adj_test_assert_forbidden (f->battle, "rn/fire", pair, msg);
  g_clear_pointer (&msg, g_free);
}

/* ------------------------------------------------------------------------------------------ */
/* the turn's facts                                                                            */

static char *
fact (AdjBattle  *battle,
      const char *id)
{
  return adj_test_fact (battle, id);
}

/* A turn: the deal sets the order, a unit moves (once: a second move is refused, or the
 * referee's ruling), acts, and the next is up; undo, save and load keep the facts true. */
void
test_battle_turn_facts (Fixture       *f,
                        gconstpointer  data)
{
  AdjJournal *journal = adj_battle_get_journal (f->battle);
  g_autoptr(AdjOutcome) deal = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *msg = NULL;
  g_autofree char *want = NULL;
  g_autofree char *listed = NULL;
  AdjUnit *first, *mover = NULL;
  AdjCard card;
  guint n, place = 0;

  adj_test_assert_fact (f->battle, "acting", "No cards are dealt: deal them to begin the turn");
  g_assert_null (fact (f->battle, "order"));

  deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  order = adj_rn_activation_order (f->battle);
  n = order->len;
  g_assert_cmpuint (n, >, 2);
  first = adj_battle_find_unit (f->battle, g_ptr_array_index (order, 0));
  adj_card_parse (adj_unit_get_card (first), &card);
  want = g_strdup_printf ("%s, on %s: move, then fight", adj_unit_get_name (first),
                          adj_card_short_name (card));
  adj_test_assert_fact (f->battle, "acting", want);
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("0 of %u", n);
  adj_test_assert_fact (f->battle, "acted", want);
  g_clear_pointer (&want, g_free);
  /* The order lists every card, lowest first, as the deal's outcome says. */
  listed = fact (f->battle, "order");
  g_assert_true (g_str_has_prefix (listed, adj_card_short_name (card)));
  g_assert_cmpstr (deal->key, ==, "dealt");

  /* An infantry unit moves: it has moved, and only once. */
  for (guint i = 0; mover == NULL && i < n; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (f->battle, g_ptr_array_index (order, i));

      if (g_str_equal (adj_battle_unit_type (f->battle, unit)->category, "infantry"))
        {
          mover = unit;
          place = i;
        }
    }
  g_assert_nonnull (mover);
  json = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (mover));
  adj_test_assert_allowed (f->battle, "rn/movement", json);
  g_clear_pointer (&deal, adj_outcome_free);
  deal = battle_resolve (f->battle, "rn/movement", json, NULL, 0, NULL, TRUE);
  g_assert_true (adj_unit_get_status_bool (mover, "moved"));
  adj_card_parse (adj_unit_get_card (mover), &card);
  want = g_strdup_printf ("%s %s (moved)", adj_card_short_name (card), adj_unit_get_name (mover));
  g_clear_pointer (&listed, g_free);
  listed = fact (f->battle, "order");
  g_assert_nonnull (strstr (listed, want));
  g_clear_pointer (&want, g_free);
  msg = g_strdup_printf ("%s has already moved this turn", adj_unit_get_name (mover));
  adj_test_assert_forbidden (f->battle, "rn/movement", json, msg);
  adj_outcome_free (adj_test_run_ruling (f->battle, "rn/movement", json));
  want = g_strdup_printf ("Movement — %s: 1 hex · allowed by the referee: %s",
                          adj_unit_get_name (mover), msg);
  g_assert_cmpstr (adj_journal_get_entry (journal, journal->position - 1)->summary, ==, want);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&msg, g_free);
  adj_test_undo (f->battle);

  /* It has acted: it may not move after fighting, nor fire again. */
  set_status (f->battle, mover, "status.acted", TRUE);
  msg = g_strdup_printf ("%s has acted this turn: a unit moves first and fights after, never the "
                         "other way round", adj_unit_get_name (mover));
  set_status (f->battle, mover, "status.moved", FALSE);
  adj_test_assert_forbidden (f->battle, "rn/movement", json, msg);
  g_clear_pointer (&msg, g_free);
  want = g_strdup_printf ("1 of %u", n);
  adj_test_assert_fact (f->battle, "acted", want);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&listed, g_free);
  listed = fact (f->battle, "to-act");
  g_assert_null (strstr (listed, adj_unit_get_name (mover)));
  if (place == 0)
    {
      AdjUnit *next = adj_battle_find_unit (f->battle, g_ptr_array_index (order, 1));
      g_autofree char *acting = fact (f->battle, "acting");

      g_assert_true (g_str_has_prefix (acting, adj_unit_get_name (next)));
    }

  /* Saved and loaded, the facts are the same. */
  {
    g_autoptr(json_object) saved = adj_battle_to_json (f->battle);
    g_autoptr(AdjBattle) loaded = adj_battle_from_json (saved, "saved.json", &error);
    g_autofree char *a = fact (f->battle, "order");
    g_autofree char *b = NULL;

    g_assert_no_error (error);
    b = fact (loaded, "order");
    g_assert_cmpstr (a, ==, b);
    want = g_strdup_printf ("1 of %u", n);
    adj_test_assert_fact (loaded, "acted", want);
    g_clear_pointer (&want, g_free);
  }

  /* Undo: the unit has neither acted nor moved. */
  adj_test_undo (f->battle);
  adj_test_undo (f->battle);
  adj_test_undo (f->battle);
  want = g_strdup_printf ("0 of %u", n);
  adj_test_assert_fact (f->battle, "acted", want);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&listed, g_free);
  listed = fact (f->battle, "order");
  g_assert_null (strstr (listed, "(moved)"));
  adj_test_assert_allowed (f->battle, "rn/movement", json);

  /* The end of the turn: who has tried to rally, and the cards turned for it. */
  g_assert_null (fact (f->battle, "cohesion-tried"));
  set_status (f->battle, mover, "status.disrupted", TRUE);
  msg = g_strdup_printf ("%s is disrupted: it cannot move until it rallies",
                         adj_unit_get_name (mover));
  adj_test_assert_forbidden (f->battle, "rn/movement", json, msg);
  g_clear_pointer (&msg, g_free);
  adj_test_assert_fact (f->battle, "cohesion-tried", "Nobody yet");
  want = g_strdup_printf ("0; %u cards left in the pack", ADJ_DECK_SIZE - n);
  adj_test_assert_fact (f->battle, "effect-cards", want);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&deal, adj_outcome_free);
  deal = battle_resolve (f->battle, "rn/cohesion", json, NULL, 0, NULL, TRUE);
  adj_test_assert_fact (f->battle, "cohesion-tried", adj_unit_get_name (mover));
  want = g_strdup_printf ("1; %u cards left in the pack", ADJ_DECK_SIZE - n - 1);
  adj_test_assert_fact (f->battle, "effect-cards", want);
  g_clear_pointer (&want, g_free);
  adj_test_undo (f->battle);
  adj_test_assert_fact (f->battle, "cohesion-tried", "Nobody yet");
}

/* The units act in the order of their cards: a unit whose card is not up yet is refused until
 * those before it are done, and the referee may still allow it; "done" is journaled and undone. */
void
test_battle_card_order (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(AdjOutcome) deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  g_autoptr(GPtrArray) order = adj_rn_activation_order (f->battle);
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (f->battle);
  AdjUnit *first = adj_battle_find_unit (f->battle, g_ptr_array_index (order, 0));
  AdjUnit *later = NULL, *enemy;
  g_autofree char *pair = NULL;
  g_autofree char *move = NULL;
  g_autofree char *msg = NULL;
  g_autofree char *done = NULL;
  AdjCard card;

  /* A unit further down the order, with a card of its own, and an enemy of it. */
  for (guint i = 1; i < order->len && later == NULL; i++)
    {
      AdjUnit *u = adj_battle_find_unit (f->battle, g_ptr_array_index (order, i));

      if (g_strcmp0 (adj_unit_get_card (u), adj_unit_get_card (first)) != 0)
        later = u;
    }
  g_assert_nonnull (later);
  enemy = unit_of_side (f->battle, g_str_equal (adj_unit_get_side (later), "a") ? "b" : "a");
  pair = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\"}", adj_unit_get_id (later),
                          adj_unit_get_id (enemy));
  move = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (later));
  g_assert_true (adj_card_parse (adj_unit_get_card (first), &card));
  msg = g_strdup_printf ("%s cannot act yet: %s acts first, on %s, until it is marked done",
                         adj_unit_get_name (later), adj_unit_get_name (first),
                         adj_card_short_name (card));
  adj_test_assert_forbidden (f->battle, "rn/fire", pair, msg);
  adj_test_assert_forbidden (f->battle, "rn/movement", move, msg);

  /* The first is done: journaled with its card, and so on down to the later unit. */
  g_assert_true (adj_rn_mark_done (f->battle, adj_unit_get_id (first), &error));
  g_assert_no_error (error);
  done = g_strdup_printf ("%s is done on %s", adj_unit_get_name (first),
                          adj_card_short_name (card));
  g_assert_cmpstr (adj_journal_get_entry (journal, journal->position - 1)->summary, ==, done);
  g_assert_false (adj_rn_mark_done (f->battle, adj_unit_get_id (first), &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  for (guint i = 1; i < order->len; i++)
    {
      AdjUnit *u = adj_battle_find_unit (f->battle, g_ptr_array_index (order, i));

      if (u == later)
        break;
      if (g_strcmp0 (adj_unit_get_card (u), adj_unit_get_card (later)) != 0 &&
          !adj_unit_get_status_bool (u, "acted"))
        g_assert_true (adj_rn_mark_done (f->battle, adj_unit_get_id (u), &error));
      g_assert_no_error (error);
    }
  adj_test_assert_allowed (f->battle, "rn/movement", move);

  /* Undone, the first is up again. */
  while (!g_str_equal (adj_journal_get_entry (journal, journal->position - 1)->summary, done))
    g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  adj_test_assert_forbidden (f->battle, "rn/movement", move, msg);
}
