/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-view.c: what a screen facing the players shows — the last result rebuilt from the
 * journal (and gone again with undo), the activation order by card, the tracks — and rolls read
 * back from the journal as they were written. */

#include "config.h"

#include "adj-battle.h"
#include "adj-journal.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-store.h"
#include "adj-table-view.h"
#include "adj-test-util.h"

static AdjBattle *
load_demo (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".json", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", file, NULL);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  return battle;
}

static void
test_roll_json (void)
{
  static const struct {
    const char *json;
    gboolean    valid;
  } rolls[] = {
    { "{ \"group\": \"firer\", \"label\": \"Firer\", \"die\": 6, \"dice\": [ 6, 1 ], "
      "\"entered\": false }", TRUE },
    { "{ \"group\": \"deal\", \"label\": \"Spearmen 6\", \"cards\": [ \"3H\", \"10S\" ], "
      "\"entered\": true }", TRUE },
    { "{ \"group\": \"d12\", \"label\": \"Target\", \"die\": 12, \"dice\": [ ], "
      "\"entered\": false }", TRUE },
    { "{ \"group\": \"deal\", \"label\": \"x\", \"cards\": [ \"no card\" ] }", FALSE },
    { "{ \"group\": \"firer\", \"die\": 6 }", FALSE },
    { "[ 6, 1 ]", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      g_autoptr(json_object) json = adj_test_parse (rolls[i].json);
      AdjRoll *roll = adj_roll_from_json (json);

      g_assert_true ((roll != NULL) == rolls[i].valid);
      if (roll != NULL)
        {
          g_autoptr(json_object) again = adj_roll_to_json (roll);

          g_assert_true (adj_json_equal (json, again));
          adj_roll_free (roll);
        }
    }
}

/* Redcoats & Natives: the deal is the last result and the order by card; undone, both go. */
static void
test_last_outcome (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjOutcome) before = adj_table_last_outcome (battle);
  g_autoptr(AdjOutcome) dealt = NULL;
  g_autoptr(AdjOutcome) shown = NULL;
  g_autoptr(AdjOutcome) undone = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GPtrArray) start = adj_table_activation_cards (battle);
  g_autoptr(GPtrArray) orders = NULL;
  g_autoptr(GPtrArray) tracks = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (start->len, ==, 0);
  adj_battle_set_seed (battle, 1885);
  dealt = adj_battle_run (battle, "rn/deal", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (dealt);

  shown = adj_table_last_outcome (battle);
  g_assert_nonnull (shown);
  g_assert_true (shown->mechanic == dealt->mechanic);
  g_assert_cmpstr (shown->key, ==, dealt->key);
  g_assert_cmpstr (shown->title, ==, dealt->title);
  g_assert_cmpstr (shown->reason, ==, dealt->reason);
  g_assert_cmpuint (shown->rolls->len, ==, dealt->rolls->len);
  g_assert_cmpuint (shown->lines->len, ==, dealt->lines->len);
  for (guint i = 0; i < dealt->rolls->len; i++)
    {
      g_autoptr(json_object) a = adj_roll_to_json (g_ptr_array_index (dealt->rolls, i));
      g_autoptr(json_object) b = adj_roll_to_json (g_ptr_array_index (shown->rolls, i));

      g_assert_true (adj_json_equal (a, b));
    }

  cards = adj_table_activation_cards (battle);
  g_assert_cmpuint (cards->len, ==, adj_battle_get_n_units (battle));
  for (guint i = 0; i < cards->len; i++)
    {
      AdjTableCard *card = g_ptr_array_index (cards, i);
      AdjUnit *unit = adj_battle_find_unit (battle, card->unit_id);

      g_assert_cmpstr (card->card, ==, adj_unit_get_card (unit));
      g_assert_cmpstr (card->name, ==, adj_unit_get_name (unit));
      g_assert_false (card->acted);
    }
  /* Nothing of the other systems here. */
  orders = adj_table_enemy_orders (battle);
  tracks = adj_table_tracks (battle);
  g_assert_cmpuint (orders->len, ==, 0);
  g_assert_cmpuint (tracks->len, ==, 0);

  adj_test_undo (battle);
  undone = adj_table_last_outcome (battle);
  g_assert_true ((undone == NULL) == (before == NULL));
  if (undone != NULL)
    g_assert_cmpstr (undone->title, ==, before->title);
  none = adj_table_activation_cards (battle);
  g_assert_cmpuint (none->len, ==, 0);
}

/* Redvers' Reverse: its three tracks, where the demo starts them. */
static void
test_tracks (void)
{
  static const struct {
    const char *id;
    int         value;
  } expected[] = {
    { "turn", 1 },
    { "confidence", 1 },
    { "loss", 10 },
  };
  g_autoptr(AdjBattle) battle = load_demo ("rr-colenso");
  g_autoptr(AdjBattle) other = load_demo ("wec-zulu-war");
  g_autoptr(GPtrArray) tracks = adj_table_tracks (battle);
  g_autoptr(GPtrArray) none = adj_table_tracks (other);

  g_assert_cmpuint (tracks->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      AdjTableTrack *track = g_ptr_array_index (tracks, i);

      g_assert_cmpstr (track->id, ==, expected[i].id);
      g_assert_cmpint (track->value, ==, expected[i].value);
      g_assert_nonnull (track->label);
      g_assert_nonnull (track->spoken);
    }
  g_assert_cmpuint (none->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table-view/roll-json", test_roll_json);
  g_test_add_func ("/table-view/last-outcome", test_last_outcome);
  g_test_add_func ("/table-view/tracks", test_tracks);
  return g_test_run ();
}
