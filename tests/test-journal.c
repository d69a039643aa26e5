/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-journal.c: the journal as a list, saved/modified tracking, autosaves that know their
 * file, turning cards as journal entries, and the battle report. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-store.h"
#include "adj-test-util.h"

static AdjBattle *
demo_battle (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = adj_ruleset_lookup ("wec", &error);
  g_autoptr(AdjArmy) a = adj_army_template (rs, "zulu-1879-british", &error);
  g_autoptr(AdjArmy) b = adj_army_template (rs, "zulu-1879-zulu", &error);
  AdjBattle *battle;

  g_assert_no_error (error);
  battle = adj_battle_new (rs, "Isandlwana");
  adj_battle_set_seed (battle, 22);
  g_assert_true (adj_battle_add_army (battle, "a", a, &error));
  g_assert_true (adj_battle_add_army (battle, "b", b, &error));
  g_assert_no_error (error);
  return battle;
}

static void
edit_bool (AdjBattle  *battle,
           const char *unit,
           const char *field,
           gboolean    value)
{
  g_autoptr(json_object) v = json_object_new_boolean (value);
  g_autofree char *target = g_strconcat ("unit:", unit, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (battle, target, field, v, &error));
  g_assert_no_error (error);
}

static gboolean
item_undone (GListModel *model,
             guint       i)
{
  g_autoptr(AdjJournalItem) item = g_list_model_get_item (model, i);
  return adj_journal_item_get_undone (item);
}

static void
test_model (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  GListModel *model = adj_battle_get_journal_model (battle);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  edit_bool (battle, "u1", "status.activated", TRUE);
  edit_bool (battle, "u2", "status.activated", TRUE);
  edit_bool (battle, "u3", "destroyed", TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  {
    g_autoptr(AdjJournalItem) item = g_list_model_get_item (model, 2);
    g_assert_cmpstr (adj_journal_item_get_summary (item), ==,
                     "British Regular Infantry 3: destroyed set to yes");
    g_assert_cmpstr (adj_journal_item_get_kind (item), ==, "edit");
    g_assert_cmpint (adj_journal_item_get_turn (item), ==, 1);
    g_assert_cmpstr (adj_journal_item_get_phase (item), ==, "setup");
    g_assert_cmpuint (adj_journal_item_get_seq (item), ==, 3);
  }

  /* Undo marks items undone without removing them; redo clears the mark. */
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  g_assert_false (item_undone (model, 0));
  g_assert_true (item_undone (model, 1));
  g_assert_true (item_undone (model, 2));
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_false (item_undone (model, 1));
  g_assert_true (item_undone (model, 2));

  /* A new entry drops the redo tail from the list as well. */
  edit_bool (battle, "u4", "status.activated", TRUE);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  g_assert_false (item_undone (model, 2));
  {
    g_autoptr(AdjJournalItem) item = g_list_model_get_item (model, 2);
    g_assert_cmpuint (adj_journal_item_get_seq (item), ==, 4);
  }
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

typedef struct {
  guint position, removed, added, calls;
} Changed;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Changed    *changed)
{
  changed->position = position;
  changed->removed = removed;
  changed->added = added;
  changed->calls++;
}

/* Items are made when first asked for, and then kept: one made before an undo is told of it,
 * one made after takes its state from the journal, and the list says exactly what changed. */
static void
test_model_items_on_demand (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  GListModel *model = adj_battle_get_journal_model (battle);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjJournalItem) held = NULL;
  Changed changed = { 0 };
  guint notified = 0;

  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &changed);
  edit_bool (battle, "u1", "status.activated", TRUE);
  g_assert_cmpuint (changed.calls, ==, 1);
  g_assert_cmpuint (changed.position, ==, 0);
  g_assert_cmpuint (changed.removed, ==, 0);
  g_assert_cmpuint (changed.added, ==, 1);
  edit_bool (battle, "u2", "status.activated", TRUE);
  edit_bool (battle, "u3", "status.activated", TRUE);
  g_assert_cmpuint (changed.calls, ==, 3);
  g_assert_cmpuint (g_list_model_get_item_type (model), ==, ADJ_TYPE_JOURNAL_ITEM);
  g_assert_null (g_list_model_get_item (model, 3));

  held = g_list_model_get_item (model, 1);
  {
    g_autoptr(AdjJournalItem) again = g_list_model_get_item (model, 1);
    g_assert_true (again == held);
  }
  g_signal_connect (held, "notify::undone", G_CALLBACK (on_notify), &notified);

  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (adj_journal_item_get_undone (held));
  /* Undoing changes no item in the list, only their state. */
  g_assert_cmpuint (changed.calls, ==, 3);
  g_assert_true (item_undone (model, 2));
  g_assert_false (item_undone (model, 0));

  /* A new entry after two undos replaces the two undone ones. */
  edit_bool (battle, "u4", "status.activated", TRUE);
  g_assert_cmpuint (changed.calls, ==, 4);
  g_assert_cmpuint (changed.position, ==, 1);
  g_assert_cmpuint (changed.removed, ==, 2);
  g_assert_cmpuint (changed.added, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  {
    g_autoptr(AdjJournalItem) item = g_list_model_get_item (model, 1);
    g_assert_true (item != held);
    g_assert_cmpuint (adj_journal_item_get_seq (item), ==, 4);
    g_assert_false (adj_journal_item_get_undone (item));
  }
  /* The item dropped from the list still holds what it showed. */
  g_assert_cmpuint (adj_journal_item_get_seq (held), ==, 2);
}

/* The list outlives its battle safely: it owns the journal it lists. */
static void
test_model_outlives_battle (void)
{
  AdjBattle *battle = demo_battle ();
  g_autoptr(GListModel) model = NULL;

  edit_bool (battle, "u1", "status.activated", TRUE);
  edit_bool (battle, "u2", "status.activated", TRUE);
  model = g_object_ref (adj_battle_get_journal_model (battle));
  g_object_unref (battle);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  {
    g_autoptr(AdjJournalItem) item = g_list_model_get_item (model, 1);
    g_assert_cmpuint (adj_journal_item_get_seq (item), ==, 2);
  }
}

static void
test_model_after_load (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *model;

  edit_bool (battle, "u1", "status.activated", TRUE);
  edit_bool (battle, "u2", "status.activated", TRUE);
  g_assert_true (adj_battle_undo (battle, &error));
  json = adj_battle_to_json (battle);
  loaded = adj_battle_from_json (json, "battle.json", &error);
  g_assert_no_error (error);
  model = adj_battle_get_journal_model (loaded);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  g_assert_false (item_undone (model, 0));
  g_assert_true (item_undone (model, 1));
  g_assert_false (adj_battle_get_modified (loaded));
}

static void
test_modified (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(GError) error = NULL;
  guint notified = 0;

  g_signal_connect (battle, "notify::modified", G_CALLBACK (on_notify), &notified);
  g_assert_false (adj_battle_get_modified (battle));
  edit_bool (battle, "u1", "status.activated", TRUE);
  g_assert_true (adj_battle_get_modified (battle));
  g_assert_cmpuint (notified, >=, 1);
  adj_battle_mark_saved (battle);
  g_assert_false (adj_battle_get_modified (battle));
  /* Undoing past the save point is a change; redoing back to it is not. */
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_get_modified (battle));
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_false (adj_battle_get_modified (battle));
  /* A different entry in the same place is a change. */
  g_assert_true (adj_battle_undo (battle, &error));
  edit_bool (battle, "u2", "status.activated", TRUE);
  g_assert_true (adj_battle_get_modified (battle));
  g_assert_no_error (error);
}

static void
test_autosave_keeps_file (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(AdjBattle) restored = NULL;
  g_autoptr(AdjBattle) plain = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("adj-test-journal-XXXXXX", &error);
  g_autofree char *autosave = g_build_filename (dir, "auto.json", NULL);
  g_autofree char *saved = g_build_filename (dir, "saved.json", NULL);
  g_autofree char *text = NULL;

  adj_battle_set_file_path (battle, "/home/referee/isandlwana.json");
  adj_battle_set_autosave_func (battle, adj_store_write_autosave);
  adj_battle_set_autosave_path (battle, autosave);
  /* Every journal entry rewrites the autosave. */
  edit_bool (battle, "u1", "status.activated", TRUE);
  g_assert_true (g_file_test (autosave, G_FILE_TEST_EXISTS));
  restored = adj_store_load_battle (autosave, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_file_path (restored), ==, "/home/referee/isandlwana.json");
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (restored)), ==, 1);

  /* A normal save carries no autosave note. */
  g_assert_true (adj_store_save_battle (battle, saved, &error));
  g_assert_true (g_file_get_contents (saved, &text, NULL, NULL));
  g_assert_null (strstr (text, "\"autosave\""));
  plain = adj_store_load_battle (saved, &error);
  g_assert_no_error (error);
  g_assert_null (adj_battle_get_file_path (plain));

  g_assert_cmpint (g_unlink (autosave), ==, 0);
  g_assert_cmpint (g_unlink (saved), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_autosave_bad_meta (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(json_object) json = adj_battle_to_json (battle);
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(GError) error = NULL;
  json_object *meta = json_object_new_object ();

  json_object_object_add (meta, "file", json_object_new_int (3));
  json_object_object_add (json, "autosave", meta);
  loaded = adj_battle_from_json (json, "auto.json", &error);
  g_assert_null (loaded);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "auto.json: $.autosave.file: expected the path of a file, found an integer");
}

static void
test_turn_card (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(GError) error = NULL;
  GListModel *model = adj_battle_get_journal_model (battle);
  AdjCard card, queen = adj_card_make (ADJ_SUIT_HEARTS, ADJ_CARD_QUEEN);
  guint n;

  g_assert_true (adj_battle_turn_card (battle, NULL, &card, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 51);
  adj_pack_turned (adj_battle_get_pack (battle), &n);
  g_assert_cmpuint (n, ==, 1);

  /* A card turned at the table leaves the pack the same way. */
  if (card != queen)
    {
      g_autoptr(AdjJournalItem) item = NULL;

      g_assert_true (adj_battle_turn_card (battle, &queen, &card, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (card, ==, queen);
      item = g_list_model_get_item (model, 1);
      g_assert_cmpstr (adj_journal_item_get_summary (item), ==, "Turned the Queen of Hearts");
      g_assert_cmpstr (adj_journal_item_get_kind (item), ==, "cards");
      /* ... and cannot be turned twice. */
      g_assert_false (adj_battle_turn_card (battle, &queen, NULL, &error));
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 50);
      g_assert_true (adj_battle_undo (battle, &error));
      g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 51);
    }

  g_assert_true (adj_battle_reshuffle (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 52);
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 51);
}

static void
test_turn_all_cards (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(GError) error = NULL;
  gboolean seen[ADJ_DECK_SIZE] = { FALSE };

  /* 52 turns see every card once; the 53rd reshuffles the turned cards back. */
  for (guint i = 0; i < ADJ_DECK_SIZE; i++)
    {
      AdjCard card;
      g_assert_true (adj_battle_turn_card (battle, NULL, &card, &error));
      g_assert_no_error (error);
      g_assert_false (seen[card]);
      seen[card] = TRUE;
    }
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 0);
  g_assert_true (adj_battle_turn_card (battle, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, 51);
}

static void
test_report (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *md = NULL;
  g_autofree char *text = NULL;
  AdjCard two = adj_card_make (ADJ_SUIT_CLUBS, 2);

  edit_bool (battle, "u3", "destroyed", TRUE);
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_true (adj_battle_turn_card (battle, &two, NULL, &error));
  edit_bool (battle, "u4", "destroyed", TRUE);
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);

  md = adj_battle_report (battle, TRUE);
  g_assert_true (g_str_has_prefix (md, "# Isandlwana\n\n"));
  g_assert_nonnull (strstr (md, "- British army\n- Zulu army\n"));
  g_assert_nonnull (strstr (md, "\n## Turn 1\n\n- *Set-up* — British Regular Infantry 3: "
                                "destroyed set to yes\n"));
  g_assert_nonnull (strstr (md, "- *Initiative* — Turned the Two of Clubs (Card Two of Clubs)\n"));
  /* Undone entries are not part of the story. */
  g_assert_null (strstr (md, "British Regular Infantry 4"));

  text = adj_battle_report (battle, FALSE);
  g_assert_true (g_str_has_prefix (text, "Isandlwana\n==========\n\n"));
  g_assert_nonnull (strstr (text, "  [Initiative] Turned the Two of Clubs"));
}

/* A fight of each system, resolved on its demo battle (the referee allowing it whatever the
 * turn says): the journal line and the report name both units. */
typedef struct {
  const char *demo;
  const char *mechanic;
  const char *inputs;
  const char *actor;
  const char *target;
} Fight;

static const Fight fights[] = {
  { "wec-zulu-war.json", "wec/fire-combat", "{\"firer\":\"u1\",\"target\":\"u16\",\"distance\":2}",
    "British Regular Infantry 1", "Zulu Spearmen 1" },
  { "rn-column-on-the-march.json", "rn/fire", "{\"firer\":\"u2\",\"target\":\"u11\"}",
    "Line infantry 1", "Spearmen 1" },
  { "gl-mission-station.json", "gl/fire", "{\"firer\":\"u1\",\"target\":\"u5\"}",
    "B Company", "Left horn" },
  { "rf-patrol-at-the-kraal.json", "rf/shooting", "{\"shooter\":\"u2\",\"target\":\"u6\"}",
    "1st Section", "Young warriors 2" },
  { "rr-colenso.json", "rr/rifle-fire",
    "{\"firer\":\"2nd-devonshire-regiment\",\"target\":\"wakkerstroom-commando\"}",
    "2nd Devonshire Regiment", "Wakkerstroom Commando" },
};

static AdjBattle *
load_demo (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", name, NULL);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  adj_battle_set_file_path (battle, NULL);
  adj_battle_set_seed (battle, 5);
  return battle;
}

static void
test_names (gconstpointer data)
{
  const Fight *fight = data;
  g_autoptr(AdjBattle) battle = load_demo (fight->demo);
  g_autoptr(AdjOutcome) outcome = adj_test_run_ruling (battle, fight->mechanic, fight->inputs);
  AdjJournal *journal = adj_battle_get_journal (battle);
  AdjEntry *entry = adj_journal_get_entry (journal, journal->position - 1);
  g_autofree char *actors = g_strdup_printf ("%s against %s", fight->actor, fight->target);
  g_autofree char *report = adj_battle_report (battle, TRUE);

  g_assert_cmpstr (outcome->actors, ==, actors);
  g_assert_nonnull (strstr (entry->summary, actors));
  g_assert_nonnull (strstr (entry->summary, outcome->title));
  g_assert_nonnull (strstr (report, actors));
}

/* A group under a marker (the demo's Young warriors 1) is not named while it is hidden: the
 * table only sees the marker. */
static void
test_names_hidden (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rf-patrol-at-the-kraal.json");
  g_autoptr(AdjOutcome) outcome = NULL;

  outcome = adj_test_run_ruling (battle, "rf/shooting", "{\"shooter\":\"u2\",\"target\":\"u5\"}");
  g_assert_cmpstr (outcome->actors, ==, "1st Section against a hidden unit");
  g_assert_null (strstr (adj_journal_get_entry (adj_battle_get_journal (battle),
                                                 adj_battle_get_journal (battle)->position - 1)
                                                 ->summary,
                         "against Young warriors 1"));
}

/* A roll between the two sides, against a battle, takes them in its order and says who won by
 * name, once. */
static void
test_names_sides (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("wec-zulu-war.json");
  g_autoptr(AdjOutcome) outcome = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);
  const char *winner;
  g_autofree char *title = NULL;
  g_autofree char *summary = NULL;

  adj_test_go_to_phase (battle, "initiative");
  outcome = adj_test_run_ruling (battle, "wec/initiative", "{}");
  g_assert_null (outcome->ruling);
  winner = g_str_equal (outcome->key, "side-a") ? "British army" : "Zulu army";
  title = g_strdup_printf ("%s has the choice", winner);
  summary = g_strdup_printf ("Initiative: %s", title);

  g_assert_cmpstr (outcome->title, ==, title);
  g_assert_null (outcome->actors);
  g_assert_cmpstr (adj_journal_get_entry (journal, journal->position - 1)->summary, ==, summary);
}

/* An entry keeps its phase as it read then, the side named: the report and a reloaded battle
 * say "Zulu army activates" although the next turn's initiative may go the other way. */
static void
test_phase_label (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("wec-zulu-war.json");
  g_autoptr(AdjOutcome) initiative = NULL;
  g_autoptr(AdjOutcome) move = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(AdjBattle) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *line = NULL;
  g_autofree char *report = NULL;
  AdjJournal *journal;
  AdjEntry *entry;

  g_assert_true (adj_battle_next_phase (battle, &error));
  initiative = adj_test_run_ruling (battle, "wec/initiative", "{\"choice\": \"take\"}");
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_no_error (error);
  label = g_strdup_printf ("%s activates", g_str_equal (initiative->key, "side-a")
                                           ? "British army" : "Zulu army");
  move = adj_test_run_ruling (battle, "wec/movement", "{\"unit\": \"u1\"}");
  journal = adj_battle_get_journal (battle);
  entry = adj_journal_get_entry (journal, journal->position - 1);
  g_assert_cmpstr (entry->phase, ==, "first-side");
  g_assert_cmpstr (entry->phase_label, ==, label);

  report = adj_battle_report (battle, TRUE);
  line = g_strdup_printf ("- *%s* — Movement — British Regular Infantry 1: ", label);
  g_assert_nonnull (strstr (report, line));

  json = adj_battle_to_json (battle);
  back = adj_battle_from_json (json, "battle", &error);
  g_assert_no_error (error);
  journal = adj_battle_get_journal (back);
  g_assert_cmpstr (adj_journal_get_entry (journal, journal->position - 1)->phase_label, ==,
                   label);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/journal/model", test_model);
  g_test_add_func ("/journal/model/after-load", test_model_after_load);
  g_test_add_func ("/journal/model/items-on-demand", test_model_items_on_demand);
  g_test_add_func ("/journal/model/outlives-battle", test_model_outlives_battle);
  g_test_add_func ("/journal/modified", test_modified);
  g_test_add_func ("/journal/autosave/keeps-file", test_autosave_keeps_file);
  g_test_add_func ("/journal/autosave/bad-meta", test_autosave_bad_meta);
  g_test_add_func ("/journal/cards/turn", test_turn_card);
  g_test_add_func ("/journal/cards/turn-all", test_turn_all_cards);
  g_test_add_func ("/journal/report", test_report);
  for (guint i = 0; i < G_N_ELEMENTS (fights); i++)
    {
      g_autofree char *path = g_strdup_printf ("/journal/names/%.*s",
                                               (int) strcspn (fights[i].mechanic, "/"),
                                               fights[i].mechanic);

      g_test_add_data_func (path, &fights[i], test_names);
    }
  g_test_add_func ("/journal/names/hidden", test_names_hidden);
  g_test_add_func ("/journal/names/sides", test_names_sides);
  g_test_add_func ("/journal/phase-label", test_phase_label);
  return g_test_run ();
}
