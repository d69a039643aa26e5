/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-gl.c: Glidden's rules in the real window — a fire that cannot count hits until the
 * players type in their hit table, the table typed into the editor (a value out of range
 * refused), saved, and the fire resolved and its casualties placed by cards; the turn view;
 * and the editor's checks: missing cells, values not allowed, a broken tables file reported
 * and left alone, nothing lost on closing. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "adj-test-ui.h"
#include "adj-error.h"
#include "adj-gl-turn-view.h"
#include "adj-mechanic-panel.h"
#include "adj-preferences-window.h"
#include "adj-table-editor.h"
#include "adj-tables.h"

#define BROKEN_FILE "{ \"format\": \"adjutant-tables\", \"version\": 1, \"ruleset\": \"gl\", "

static void
open_demo (AdjApplication *app)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION (app), &file, 1, "");
  adj_test_settle ();
}

static void
type_into (AdjTableEditor *editor,
           const char     *row,
           const char     *column,
           const char     *text)
{
  GtkWidget *cell = adj_table_editor_get_cell (editor, row, column);

  g_assert_true (GTK_IS_ENTRY (cell));
  gtk_editable_set_text (GTK_EDITABLE (cell), text);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static char *
missing_message (AdjRuleset *rs,
                 const char *table_id,
                 const char *row,
                 const char *column)
{
  g_autoptr(AdjTables) empty = adj_tables_new (rs);
  g_autoptr(GError) error = NULL;
  AdjTableCell cell = { row, column };

  g_assert_false (adj_tables_require (empty, table_id, &cell, 1, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
  return g_strdup (error->message);
}

static void
check_fill_and_fire (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjRuleset *rs;
  AdjMechanicPanel *panel;
  AdjTableEditor *editor;
  AdjOutcome *outcome;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) user = NULL;
  g_autofree char *needs_hit = NULL;
  g_autofree char *needs_save = NULL;
  g_autoptr(GString) dice = g_string_new (NULL);
  int n_dice;

  open_demo (app);
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  rs = adj_battle_get_ruleset (battle);
  /* The demo carries example values: take them out, so nothing is entered anywhere. */
  g_assert_true (adj_battle_embed_tables (battle, NULL, &error));
  g_assert_no_error (error);
  /* Units fire in the fire phase: the demo stands in the movement phase before it. */
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_no_error (error);

  adj_battle_window_show_page (window, "act");
  panel = adj_battle_window_get_mechanic_panel (window);
  g_assert_true (adj_mechanic_panel_select (panel, "gl/fire"));
  adj_mechanic_panel_use_unit (panel, 0, "u1");
  adj_mechanic_panel_use_unit (panel, 1, "u5");
  adj_test_settle ();

  /* The action says which table and which cell it misses, and offers to enter it. */
  needs_hit = missing_message (rs, "hit", "short", "breech-loader");
  g_assert_true (adj_test_shows (GTK_WIDGET (window), needs_hit));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Hit table — 0 of 15 cells entered"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Saving table — 0 of 3 cells entered"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Enter Table…"));

  /* Rolled without the table, the dice are only counted: no hit is guessed. */
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "6,6,6,6,6,6,6,6,6,6", NULL,
                                                     &error));
  g_assert_no_error (error);
  outcome = adj_mechanic_panel_get_outcome (panel);
  g_assert_cmpstr (outcome->key, ==, "dice-rolled");
  g_assert_cmpint (adj_outcome_get_value_int (outcome, "hits", -1), ==, -1);
  adj_mechanic_panel_discard (panel);

  /* The editor: a grid of entries, empty. */
  editor = ADJ_TABLE_EDITOR (adj_mechanic_panel_open_table (panel, "hit"));
  g_assert_nonnull (editor);
  adj_test_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (editor)));
  g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 15);
  g_assert_true (adj_test_shows (GTK_WIDGET (editor), "0 of 15 cells entered"));
  g_assert_cmpint (adj_table_editor_get_destination (editor), ==, ADJ_TABLE_SOURCE_USER);

  /* A value out of range is marked, said, never kept, and stops Save. */
  type_into (editor, "short", "breech-loader", "9");
  adj_test_settle ();
  g_assert_cmpuint (adj_table_editor_get_n_invalid (editor), ==, 1);
  g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 15);
  g_assert_true (gtk_widget_has_css_class (adj_table_editor_get_cell (editor, "short",
                                                                      "breech-loader"), "error"));
  g_assert_true (adj_test_shows (GTK_WIDGET (editor),
                                 "Short range × Breech-loading rifle or carbine: “9” is not "
                                 "allowed here: expected a whole number from 1 to 6, or “none” "
                                 "(Out of reach)"));
  g_assert_false (adj_table_editor_save (editor, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);

  /* Typed again properly, and the rest of the table with it. */
  type_into (editor, "short", "breech-loader", "4");
  type_into (editor, "short", "musket", "5");
  type_into (editor, "short", "spear", "4");
  type_into (editor, "short", "maxim", "3");
  type_into (editor, "short", "gun", "4");
  type_into (editor, "medium", "breech-loader", "5");
  type_into (editor, "medium", "musket", "6");
  /* What a cell may hold instead of a number comes from the cell's menu. */
  {
    GtkWidget *cell = adj_table_editor_get_cell (editor, "medium", "spear");
    GtkWidget *menu, *item;

    g_signal_emit_by_name (cell, "icon-press", GTK_ENTRY_ICON_SECONDARY);
    adj_test_settle ();
    menu = adj_test_find_type (cell, GTK_TYPE_POPOVER);
    g_assert_nonnull (menu);
    item = adj_test_find_type (menu, GTK_TYPE_BUTTON);
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (item)), ==, "Out of reach");
    g_signal_emit_by_name (item, "clicked");
    adj_test_settle ();
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cell)), ==, "Out of reach");
    g_assert_null (adj_test_find_type (cell, GTK_TYPE_POPOVER));
  }
  type_into (editor, "medium", "maxim", "4");
  type_into (editor, "medium", "gun", "5");
  adj_test_settle ();
  g_assert_cmpuint (adj_table_editor_get_n_invalid (editor), ==, 0);
  g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 5);
  g_assert_true (adj_test_shows (GTK_WIDGET (editor), "10 of 15 cells entered"));
  g_assert_false (gtk_widget_has_css_class (adj_table_editor_get_cell (editor, "short",
                                                                       "breech-loader"), "error"));

  /* Closing asks first; going back keeps every value typed. */
  gtk_window_close (GTK_WINDOW (editor));
  adj_test_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (editor)));
  adj_test_answer (app, "Save the Table?", "cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (editor)));
  g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 5);

  type_into (editor, "long", "breech-loader", "6");
  type_into (editor, "long", "musket", "none");
  type_into (editor, "long", "spear", "none");
  type_into (editor, "long", "maxim", "5");
  type_into (editor, "long", "gun", "6");
  adj_test_settle ();
  g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 0);
  g_assert_true (adj_test_shows (GTK_WIDGET (editor), "Complete: every cell has a value."));

  /* Save puts them into the user's tables file and closes the editor. */
  g_object_ref (editor);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "table.save", NULL));
  adj_test_settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (editor)));
  g_object_unref (editor);
  user = adj_tables_load_user (rs, &error);
  g_assert_no_error (error);
  g_assert_true (adj_tables_is_complete (user, "hit"));
  g_assert_false (adj_tables_has_table (user, "saves"));

  /* The form is judged again: now only the saving table is missing. */
  needs_save = missing_message (rs, "saves", "open", "value");
  g_assert_true (adj_test_shows (GTK_WIDGET (window), needs_save));
  g_assert_false (adj_test_shows (GTK_WIDGET (window), needs_hit));

  /* The saving table goes into the battle, so it travels with the file. */
  editor = ADJ_TABLE_EDITOR (adj_mechanic_panel_open_table (panel, "saves"));
  adj_test_settle ();
  type_into (editor, "open", "value", "No save");
  type_into (editor, "soft", "value", "5");
  type_into (editor, "hard", "value", "4");
  g_assert_true (adj_table_editor_set_destination (editor, ADJ_TABLE_SOURCE_BATTLE));
  g_assert_true (adj_table_editor_save (editor, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (editor));
  adj_test_settle ();
  g_assert_nonnull (adj_battle_get_tables (battle));
  g_assert_true (adj_tables_is_complete (adj_battle_get_tables (battle), "saves"));
  g_assert_false (adj_test_shows (GTK_WIDGET (window), needs_save));

  /* The fire resolves in full: five sixes hit on 4, Zulus in the open have no save. */
  {
    AdjContext ctx;
    g_autoptr(GArray) draws = NULL;

    adj_battle_context (battle, &ctx);
    draws = adj_mechanic_draws (adj_mechanic_panel_get_mechanic (panel), &ctx,
                                adj_mechanic_panel_get_inputs (panel));
    g_assert_cmpuint (draws->len, ==, 1);
    n_dice = (int) g_array_index (draws, AdjDrawSpec, 0).count;
  }
  g_assert_cmpint (n_dice, >=, 5);
  for (int i = 0; i < n_dice; i++)
    g_string_append_printf (dice, "%s%d", i > 0 ? "," : "", i < 5 ? 6 : 1);
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, dice->str, NULL, &error));
  g_assert_no_error (error);
  outcome = adj_mechanic_panel_get_outcome (panel);
  g_assert_cmpstr (outcome->key, ==, "casualties");
  g_assert_cmpint (adj_outcome_get_value_int (outcome, "hit_on", 0), ==, 4);
  g_assert_cmpint (adj_outcome_get_value_int (outcome, "casualties", 0), ==, 5);

  /* Applied, the casualties go on to the cards that say who falls. */
  g_assert_true (adj_mechanic_panel_apply (panel));
  adj_test_settle ();
  g_assert_cmpstr (adj_mechanic_panel_get_mechanic (panel)->id, ==, "gl/hit-cards");
  g_assert_cmpstr (adj_inputs_get_string (adj_mechanic_panel_get_inputs (panel), "target"), ==,
                   "u5");
  g_assert_cmpint (adj_inputs_get_int (adj_mechanic_panel_get_inputs (panel), "hits"), ==, 5);
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, NULL, "2C,3C,4C,5C,6C", &error));
  g_assert_no_error (error);
  g_assert_true (adj_mechanic_panel_apply (panel));
  adj_test_settle ();
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u5")), ==, 16);
}

static void
test_fill_and_fire (void)
{
  adj_test_run_app (check_fill_and_fire, NULL);
}

/* A tables file that cannot be read: said everywhere, with its name, and never written. */
static void
check_broken_file (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjMechanicPanel *panel;
  AdjTableEditor *editor;
  AdjPreferencesWindow *prefs;
  g_autoptr(AdjRuleset) rs = adj_ruleset_lookup ("gl", NULL);
  g_autofree char *path = adj_tables_user_path ("gl");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) expected = NULL;
  g_autoptr(AdjTables) none = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, BROKEN_FILE, -1, NULL));
  none = adj_tables_load_user (rs, &expected);
  g_assert_null (none);
  g_assert_nonnull (expected);
  g_assert_nonnull (strstr (expected->message, "gl.json"));

  open_demo (app);
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  adj_battle_window_show_page (window, "act");
  panel = adj_battle_window_get_mechanic_panel (window);
  g_assert_true (adj_mechanic_panel_select (panel, "gl/fire"));
  adj_test_settle ();
  /* The action cannot run, and says which file is wrong and how. */
  g_assert_true (adj_test_shows (GTK_WIDGET (window), expected->message));

  /* The editor says so too, and keeps its values in the battle instead. */
  editor = ADJ_TABLE_EDITOR (adj_mechanic_panel_open_table (panel, "saves"));
  adj_test_settle ();
  g_assert_cmpstr (adj_table_editor_get_load_error (editor), ==, expected->message);
  g_assert_cmpint (adj_table_editor_get_destination (editor), ==, ADJ_TABLE_SOURCE_BATTLE);
  g_assert_false (adj_table_editor_set_destination (editor, ADJ_TABLE_SOURCE_USER));
  type_into (editor, "soft", "value", "6");
  g_assert_true (adj_table_editor_save (editor, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (editor));
  g_assert_cmpint (json_object_get_int (adj_tables_get_cell (adj_battle_get_tables (battle),
                                                             "saves", "soft", "value")), ==, 6);

  /* From the preferences there is no battle to keep them in: Save fails, the file stays. */
  prefs = ADJ_PREFERENCES_WINDOW (adj_preferences_window_new (GTK_WINDOW (window), NULL));
  gtk_window_present (GTK_WINDOW (prefs));
  adj_test_settle ();
  g_assert_cmpstr (adj_preferences_window_describe_table (prefs, "gl", "hit"), ==,
                   "Cannot be read");
  editor = ADJ_TABLE_EDITOR (adj_preferences_window_open_table (prefs, "gl", "hit"));
  adj_test_settle ();
  g_assert_cmpstr (adj_table_editor_get_load_error (editor), ==, expected->message);
  type_into (editor, "short", "musket", "5");
  g_assert_false (adj_table_editor_save (editor, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  gtk_window_destroy (GTK_WINDOW (editor));
  gtk_window_destroy (GTK_WINDOW (prefs));
  adj_test_settle ();

  after = read_file (path);
  g_assert_cmpstr (after, ==, BROKEN_FILE);
  g_assert_cmpint (g_remove (path), ==, 0);
}

static void
test_broken_file (void)
{
  adj_test_run_app (check_broken_file, NULL);
}

/* From the preferences: what each table holds, values refused, nothing lost unasked. */
static void
check_preferences (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjPreferencesWindow *prefs;
  AdjTableEditor *editor;
  g_autoptr(AdjRuleset) rs = adj_ruleset_lookup ("gl", NULL);
  g_autofree char *path = adj_tables_user_path ("gl");
  g_autoptr(AdjTables) user = NULL;
  g_autoptr(GError) error = NULL;
  static const char *const refused[] = { "7", "-1", "10", "abc", "4.5", "four" };

  g_remove (path);
  prefs = ADJ_PREFERENCES_WINDOW (adj_preferences_window_new (GTK_WINDOW (window), NULL));
  gtk_window_present (GTK_WINDOW (prefs));
  adj_test_settle ();
  g_assert_cmpstr (adj_preferences_window_describe_table (prefs, "gl", "hit"), ==,
                   "0 of 15 cells entered");
  /* The cells the rules give are not the players' to enter. */
  g_assert_cmpstr (adj_preferences_window_describe_table (prefs, "gl", "movement"), ==,
                   "0 of 12 cells entered");

  editor = ADJ_TABLE_EDITOR (adj_preferences_window_open_table (prefs, "gl", "movement"));
  adj_test_settle ();
  g_assert_true (GTK_IS_LABEL (gtk_widget_get_first_child (
    adj_table_editor_get_cell (editor, "close-order", "clear"))));
  g_assert_true (adj_test_shows (GTK_WIDGET (editor), "0 of 12 cells entered, 6 given by the "
                                                       "rules"));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      type_into (editor, "cavalry", "clear", refused[i]);
      g_assert_cmpuint (adj_table_editor_get_n_invalid (editor), ==, 1);
      g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 12);
    }
  type_into (editor, "cavalry", "clear", "");
  g_assert_cmpuint (adj_table_editor_get_n_invalid (editor), ==, 0);
  type_into (editor, "cavalry", "clear", "4");
  type_into (editor, "cavalry", "rough", "0");
  g_assert_cmpuint (adj_table_editor_get_n_missing (editor), ==, 10);

  /* Closing with changes and discarding them writes nothing. */
  gtk_window_close (GTK_WINDOW (editor));
  adj_test_settle ();
  adj_test_answer (app, "Save the Table?", "discard");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Again, saved this time: the page says how far the table is entered. */
  editor = ADJ_TABLE_EDITOR (adj_preferences_window_open_table (prefs, "gl", "movement"));
  adj_test_settle ();
  type_into (editor, "cavalry", "clear", "4");
  type_into (editor, "cavalry", "rough", "2");
  gtk_window_close (GTK_WINDOW (editor));
  adj_test_settle ();
  adj_test_answer (app, "Save the Table?", "save");
  adj_test_settle ();
  g_assert_cmpstr (adj_preferences_window_describe_table (prefs, "gl", "movement"), ==,
                   "2 of 12 cells entered");
  user = adj_tables_load_user (rs, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adj_tables_count_missing (user, "movement"), ==, 10);
  gtk_window_destroy (GTK_WINDOW (prefs));
  g_remove (path);
}

static void
test_preferences (void)
{
  adj_test_run_app (check_preferences, NULL);
}

/* The turn: a card turned names the side, the setting says for how much. */
static void
check_turn (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjGlTurnView *view;
  GtkWidget *turn;
  g_autoptr(GError) error = NULL;
  json_object *v = NULL;

  open_demo (app);
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  view = ADJ_GL_TURN_VIEW (adj_battle_window_get_special_view (window));
  g_assert_nonnull (view);
  adj_battle_window_show_page (window, "turn");
  adj_test_settle ();
  g_assert_cmpuint (adj_gl_turn_view_get_n_turned (view), ==, 0);
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Turn a card to see who acts"));
  turn = adj_test_find_button (GTK_WIDGET (view), "_Turn a Card");
  g_assert_true (gtk_widget_has_css_class (turn, "suggested-action"));

  /* A red card: the British garrison acts with one unit; the next card waits for it. */
  g_assert_true (adj_gl_turn_view_turn_card (view, "QH", &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_false (gtk_widget_has_css_class (turn, "suggested-action"));
  g_assert_cmpuint (adj_gl_turn_view_get_n_turned (view), ==, 1);
  g_assert_cmpstr (adj_gl_turn_view_get_headline (view), ==,
                   "Mission garrison act with one unit");
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Morale Test"));

  /* The setting is the battle's, journaled like any change; a black card names the impi. */
  g_assert_true (adj_gl_turn_view_set_governs (view, "phase", &error));
  g_assert_no_error (error);
  g_assert_true (json_object_object_get_ex (adj_battle_get_settings (battle), "card_governs",
                                            &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "phase");
  g_assert_true (adj_gl_turn_view_turn_card (view, "2S", &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_cmpuint (adj_gl_turn_view_get_n_turned (view), ==, 2);
  g_assert_cmpstr (adj_gl_turn_view_get_headline (view), ==,
                   "Impi carry out the whole phase");

  /* Undo takes the card back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_cmpuint (adj_gl_turn_view_get_n_turned (view), ==, 1);

  /* A card not in a pack is refused. */
  g_assert_false (adj_gl_turn_view_turn_card (view, "ZZ", &error));
  g_assert_nonnull (error);
}

static void
test_turn (void)
{
  adj_test_run_app (check_turn, NULL);
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/gl/fill-and-fire", test_fill_and_fire);
  g_test_add_func ("/ui/gl/broken-tables-file", test_broken_file);
  g_test_add_func ("/ui/gl/preferences", test_preferences);
  g_test_add_func ("/ui/gl/turn", test_turn);
  return adj_test_finish_ui (g_test_run ());
}
