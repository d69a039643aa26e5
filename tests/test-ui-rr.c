/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-rr.c: Redvers' Reverse in the real window — the Colenso dashboard walked with "Next
 * Step" from the demo's first step through the whole of Game Turn 1 and into Game Turn 2, each
 * roll a step asks for made from its own button (dice typed into the dialog, or the battle's
 * generator on a fixed seed); the tracks, the command points, a brigade's order and the cups
 * follow, a drift stays hidden until a battalion finds it, a step that still wants its roll
 * refuses to move on, and undo takes a step back.  And a new game started from the New Battle
 * dialog: every counter is there, the dashboard says what set-up needs, the set-up dialog
 * refuses missing charts and unbalanced variants, sets the game up as one entry without showing
 * a drift, and undo takes it back.  And the dialogs of the step and of an emplacement open with
 * what the player fills in. */

#include "config.h"

#include <string.h>

#include "adj-test-ui.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-new-battle-dialog.h"
#include "adj-rr-dashboard.h"
#include "adj-rr.h"
#include "adj-secret.h"
#include "adj-table-editor.h"
#include "adj-tables.h"

/* Let the main loop run what is pending (no frame wait: the dashboard updates synchronously). */
static void
flush (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static guint
position (AdjBattle *battle)
{
  return adj_battle_get_journal (battle)->position;
}

static void
tracks (AdjBattle   *battle,
        AdjRrTracks *t)
{
  adj_rr_get_tracks (battle, t);
}

/* "Next Step" on the dashboard: the marker moves (one journal entry, two for a step Adjutant
 * carries out itself). */
static void
next_step (AdjRrDashboard *dash,
           AdjBattle      *battle)
{
  guint before = position (battle);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dash), "rr.next-step", NULL));
  flush ();
  g_assert_cmpuint (position (battle), >, before);
}

/* The button of a row (a brigade or a drift) titled @title. */
static GtkButton *
row_button (GtkWidget  *root,
            const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  adj_test_collect_type (root, ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      if (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
        {
          GtkWidget *button = adj_test_find_type (row, GTK_TYPE_BUTTON);

          g_assert_nonnull (button);
          return GTK_BUTTON (button);
        }
    }
  g_assert_not_reached ();
  return NULL;
}

/* A button of the step, by its label. */
static GtkButton *
step_button (GtkWidget  *root,
             const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  adj_test_collect_type (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *b = g_ptr_array_index (buttons, i);

      if (gtk_widget_get_mapped (b) &&
          g_strcmp0 (gtk_button_get_label (GTK_BUTTON (b)), label) == 0)
        return GTK_BUTTON (b);
    }
  return NULL;
}

/* Answer the dialog on top with @response, after typing @text into its last entry. */
static void
answer (AdjApplication *app,
        const char     *heading,
        const char     *text,
        const char     *response)
{
  AdwMessageDialog *dialog = adj_test_find_dialog (app);
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();

  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  adj_test_collect_type (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, entries);
  if (text != NULL)
    {
      g_assert_cmpuint (entries->len, >, 0);
      gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (entries, entries->len - 1)), text);
    }
  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
}

static json_object *
open_secret (AdjBattle  *battle,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adj_secret_open (adj_battle_get_secret (battle, name), &error);

  g_assert_no_error (error);
  return json_tokener_parse (text);
}

/* Every drift says "Hidden", and no label shows the value under a marker. */
static void
assert_drifts_hidden (AdjRrDashboard *dash,
                      AdjBattle      *battle,
                      json_object    *values)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  adj_test_collect_labels (GTK_WIDGET (dash), labels);
  for (const char * const *d = adj_rr_drifts (rs); *d != NULL; d++)
    {
      json_object *v = NULL;

      g_assert_cmpstr (adj_rr_dashboard_get_drift_text (dash, *d), ==, "Hidden");
      g_assert_true (json_object_object_get_ex (json_object_object_get (values, "areas"), *d, &v));
      for (guint i = 0; i < labels->len; i++)
        {
          const char *text = g_ptr_array_index (labels, i);
          g_autofree char *shows = g_strdup_printf ("Shows %d", json_object_get_int (v));
          g_autofree char *found = g_strdup_printf ("Found · %d", json_object_get_int (v));

          g_assert_null (strstr (text, shows));
          g_assert_null (strstr (text, found));
        }
    }
}

/* Walk on with "Next Step" until the marker stands at @step, checking the drifts at each. */
static void
walk_to (AdjRrDashboard *dash,
         AdjBattle      *battle,
         json_object    *drifts,
         const char     *step)
{
  AdjRrTracks t;

  for (guint guard = 0; guard < 40; guard++)
    {
      tracks (battle, &t);
      if (g_str_equal (t.step, step))
        return;
      next_step (dash, battle);
      if (drifts != NULL)
        assert_drifts_hidden (dash, battle, drifts);
      /* What the page shows is the step the core stands at. */
      tracks (battle, &t);
      g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_TURN), ==, t.turn);
      g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_CONFIDENCE), ==,
                       t.confidence);
      g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_LOSS), ==, t.loss);
    }
  g_assert_not_reached ();
}

static gboolean
strv_has (GStrv       strv,
          const char *text)
{
  return strv != NULL && g_strv_contains ((const char * const *) strv, text);
}

static void
check_dashboard (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjRrDashboard *dash;
  g_autoptr(json_object) drifts = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) actions = NULL;
  GtkButton *button;
  AdjRrTracks t;
  gboolean found = FALSE;
  int wagon;

  adj_test_settle ();
  window = adj_test_the_window (app);
  /* The size the screenshots are reviewed at, with the units and the dashboard side by side. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  adj_test_settle ();
  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  g_assert_true (ADJ_IS_RR_DASHBOARD (adj_battle_window_get_special_view (window)));
  dash = ADJ_RR_DASHBOARD (adj_battle_window_get_special_view (window));
  /* The system's own page opens first. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dash)));
  drifts = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
  wagon = json_object_get_int (json_object_object_get (json_object_object_get (drifts, "areas"),
                                                       "wagon-drift"));
  g_assert_cmpint (wagon, >=, 4);

  /* The demo opens at Send Orders in Game Turn 1, with 8 CP. */
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_TURN), ==, 1);
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_CONFIDENCE), ==, 1);
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_LOSS), ==, 10);
  g_assert_cmpstr (adj_rr_dashboard_get_step_title (dash), ==, "Choose objectives");
  g_assert_cmpstr (adj_rr_dashboard_get_cp_text (dash), ==, "8 CP left, 0 spent");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Choose objectives"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "British Send Orders · step 1 of 2"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Turn 1 of 20 · Orders phase"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "8"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Not shaken"));
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==, "No order");
  g_assert_cmpstr (adj_rr_dashboard_get_cup_text (dash, ADJ_RR_CUP_BRITISH), ==,
                   "11 in the cup");
  g_assert_cmpstr (adj_rr_dashboard_get_cup_text (dash, ADJ_RR_CUP_SP), ==, "18 in the cup");
  assert_drifts_hidden (dash, battle, drifts);
  /* The counters of both sides are listed, with their strength and morale. */
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "2nd Royal Fusiliers"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Losses 1 · Reduced"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Middelburg Commando"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "7 SP"));

  /* An order from the brigade's own row: the Planned Objective, and 1 CP spent. */
  button = row_button (GTK_WIDGET (dash), "4th (Light) Infantry Brigade");
  g_assert_cmpstr (gtk_button_get_label (button), ==, "_Order…");
  g_signal_emit_by_name (button, "clicked");
  adj_test_settle ();
  answer (app, "An Order for Lyttelton", "Colenso Station", "send");
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==,
                   "Planned: Colenso Station");
  g_assert_cmpstr (adj_rr_dashboard_get_cp_text (dash), ==, "7 CP left, 1 spent");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "7"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (row_button (GTK_WIDGET (dash),
                                                                  "4th (Light) Infantry "
                                                                  "Brigade"))));

  /* Undo takes the order back, redo brings it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  flush ();
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==, "No order");
  g_assert_cmpstr (adj_rr_dashboard_get_cp_text (dash), ==, "8 CP left, 0 spent");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  flush ();
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==,
                   "Planned: Colenso Station");

  /* The roll for it, with dice typed in: 2 + 2 reads "one turn" on the demo's table. */
  next_step (dash, battle);
  g_assert_cmpstr (adj_rr_dashboard_get_step_title (dash), ==, "Roll for each order sent");
  actions = adj_rr_dashboard_get_step_actions (dash);
  g_assert_true (strv_has (actions, "_Roll for the Orders Sent"));
  g_assert_true (strv_has (actions, "_Enter Dice…"));
  button = step_button (GTK_WIDGET (dash), "_Enter Dice…");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  adj_test_settle ();
  answer (app, "Enter the Dice", "2 2", "roll");
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==,
                   "Arrives next turn (turn 2)");
  /* The roll is done: its button rests, and what it did is shown under the step. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (step_button (GTK_WIDGET (dash),
                                                                    "_Roll for the Orders "
                                                                    "Sent"))));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash),
                                 "Send Orders roll, Lyttelton (Colenso Station): the order "
                                 "arrives — Objective Marker in the turn 2 box"));

  /* On through the rest of Game Turn 1: nothing arrives yet, the drifts stay hidden, and at
   * British Movement each drift offers its search. */
  walk_to (dash, battle, drifts, "brigades-move");
  g_assert_cmpstr (gtk_button_get_label (row_button (GTK_WIDGET (dash), "Wagon Drift")), ==,
                   "_Find…");
  walk_to (dash, battle, drifts, "shaken-test");

  /* The Undo of a toast for several results takes them all back, but only while the journal
   * still ends with them. */
  {
    guint to = position (battle), from;

    g_assert_cmpuint (to, >=, 2);
    from = to - 2;
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-results", "(uu)",
                                               from, to));
    flush ();
    g_assert_cmpuint (position (battle), ==, from);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-results", "(uu)",
                                               from - 1, to));
    flush ();
    g_assert_cmpuint (position (battle), ==, from);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    flush ();
    g_assert_cmpuint (position (battle), ==, to);
  }
  /* Confidence went up a box and stands above the Game Turn: no test is due. */
  tracks (battle, &t);
  g_assert_cmpint (t.confidence, ==, 2);
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_CONFIDENCE), ==, 2);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (step_button (GTK_WIDGET (dash),
                                                                    "_Roll the Shaken "
                                                                    "Test"))));
  /* The victory check moves the Game Turn on. */
  next_step (dash, battle);
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_TURN), ==, 2);
  g_assert_cmpstr (adj_rr_dashboard_get_step_title (dash), ==, "Does the battle end?");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Turn 2 of 20 · Status phase"));
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==,
                   "Arrives this turn");

  /* Undo steps back: the check is taken back and the Game Turn with it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  flush ();
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_TURN), ==, 1);
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Turn 1 of 20 · Status phase"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  flush ();
  tracks (battle, &t);
  g_assert_cmpstr (t.step, ==, "shaken-test");
  g_assert_cmpstr (adj_rr_dashboard_get_step_title (dash), ==, "Are the Boers shaken?");
  /* The header's Next Phase moves the same step marker, not the phase behind its back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
  flush ();
  tracks (battle, &t);
  g_assert_cmpstr (t.step, ==, "victory-check");
  walk_to (dash, battle, drifts, "victory-check");
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_TURN), ==, 2);

  /* Game Turn 2: the British event chit must be drawn before the marker moves on. */
  walk_to (dash, battle, drifts, "draw-event");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Draw the British event chit first"));
  {
    guint before = position (battle);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dash), "rr.next-step", NULL));
    flush ();
    g_assert_cmpuint (position (battle), ==, before);
    /* Nor does the header's Next Turn skip it. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL));
    flush ();
    g_assert_cmpuint (position (battle), ==, before);
  }
  adj_battle_set_seed (battle, 1899);
  button = step_button (GTK_WIDGET (dash), "_Draw a British Event Chit");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (button)));
  g_signal_emit_by_name (button, "clicked");
  flush ();
  g_assert_cmpstr (adj_rr_dashboard_get_cup_text (dash, ADJ_RR_CUP_BRITISH), ==,
                   "10 in the cup");
  g_assert_false (adj_test_shows (GTK_WIDGET (dash), "Draw the British event chit first"));

  /* Command points: Buller with the HQ in operative mode gives 3. */
  walk_to (dash, battle, drifts, "collect-cp");
  g_assert_cmpstr (adj_rr_dashboard_get_cp_text (dash), ==, "3 CP left, 0 spent");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "3"));

  /* The order arrives this turn: 5 + 5 reads "as ordered". */
  walk_to (dash, battle, drifts, "roll-receive");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash),
                                 "Roll for the orders arriving this turn first (Lyttelton)"));
  g_assert_true (adj_rr_dashboard_roll (dash, "roll-receive", "5 5", &error));
  g_assert_no_error (error);
  flush ();
  g_assert_cmpstr (adj_rr_dashboard_get_order_text (dash, "4th-brigade"), ==,
                   "Arrived: making for Colenso Station");

  /* A battalion about to cross Wagon Drift looks for it: the marker is shown, and a 2 finds
   * it whatever it is. */
  walk_to (dash, battle, drifts, "brigades-move");
  g_signal_emit_by_name (row_button (GTK_WIDGET (dash), "Wagon Drift"), "clicked");
  adj_test_settle ();
  {
    AdwMessageDialog *dialog = adj_test_find_dialog (app);
    GtkDropDown *drop = GTK_DROP_DOWN (adj_test_find_type (GTK_WIDGET (dialog),
                                                           GTK_TYPE_DROP_DOWN));
    GListModel *names = gtk_drop_down_get_model (drop);
    guint pick = GTK_INVALID_LIST_POSITION;

    for (guint i = 0; i < g_list_model_get_n_items (names); i++)
      if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (names), i),
                       "1st Rifle Brigade"))
        pick = i;
    g_assert_cmpuint (pick, !=, GTK_INVALID_LIST_POSITION);
    gtk_drop_down_set_selected (drop, pick);
  }
  answer (app, "Look for Wagon Drift", "1 1", "find");
  {
    g_autofree char *text = g_strdup_printf ("Found · %d", wagon);

    g_assert_cmpstr (adj_rr_dashboard_get_drift_text (dash, "wagon-drift"), ==, text);
    g_assert_true (adj_test_shows (GTK_WIDGET (dash), text));
  }
  g_assert_cmpstr (adj_rr_dashboard_get_drift_text (dash, "bridle-drift"), ==, "Hidden");
  /* Found for good: nobody looks for it again. */
  g_assert_false (adj_rr_find_drift (battle, "wagon-drift", "1st-rifle-brigade", NULL, &found,
                                     &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* Undo hides it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  flush ();
  assert_drifts_hidden (dash, battle, drifts);
}

/* A button inside @root by its label (a plain label or the label of its AdwButtonContent). */
static GtkButton *
labelled_button (GtkWidget  *root,
                 const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  adj_test_collect_type (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkButton *b = g_ptr_array_index (buttons, i);
      GtkWidget *child = gtk_button_get_child (b);

      if (g_strcmp0 (gtk_button_get_label (b), label) == 0 ||
          (ADW_IS_BUTTON_CONTENT (child) &&
           g_strcmp0 (adw_button_content_get_label (ADW_BUTTON_CONTENT (child)), label) == 0))
        return b;
    }
  return NULL;
}

/* The AdwActionRow titled @title inside @root. */
static GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  adj_test_collect_type (root, ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  g_assert_not_reached ();
  return NULL;
}

/* The check button of the set-up dialog's variant titled @title. */
static GtkCheckButton *
variant_check (GtkWidget  *dialog,
               const char *title)
{
  GtkWidget *check = adj_test_find_type (find_row (dialog, title), GTK_TYPE_CHECK_BUTTON);

  g_assert_nonnull (check);
  return GTK_CHECK_BUTTON (check);
}

/* The text of the first label in @root carrying the style class @css. */
static const char *
label_with_class (GtkWidget  *root,
                  const char *css)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  adj_test_collect_type (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (labels, i), css))
      return gtk_label_get_text (g_ptr_array_index (labels, i));
  return NULL;
}

static AdjTableEditor *
find_table_editor (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADJ_IS_TABLE_EDITOR (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADJ_TABLE_EDITOR (w);
    }
  return NULL;
}

/* The demo's example charts, as a player would have typed them in. */
static AdjTables *
demo_tables (AdjRuleset *rs)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(json_object) demo = NULL;
  AdjTables *tables;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  demo = json_tokener_parse (text);
  g_assert_nonnull (demo);
  tables = adj_tables_from_json (json_object_object_get (demo, "tables"), path, "$.tables", rs,
                                 &error);
  g_assert_no_error (error);
  return tables;
}

static void
check_setup (AdjApplication *app)
{
  AdjBattleWindow *window;
  GtkWidget *new_battle;
  AdjBattle *battle;
  AdjRrDashboard *dash;
  AdwMessageDialog *dialog;
  AdjTableEditor *editor;
  GtkButton *button;
  g_autoptr(GPtrArray) areas = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(json_object) drifts = NULL;
  g_autoptr(GPtrArray) missing = NULL;
  guint n_units, before;
  AdjRrTracks t;

  adj_test_settle ();
  window = adj_test_the_window (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  adj_test_settle ();

  /* New Battle, Redvers' Reverse: the counters come with the rules, so no armies are asked
   * for; Create, as the user presses it. */
  new_battle = adj_application_new_battle_dialog (app, GTK_WINDOW (window), "rr", NULL);
  adj_test_settle ();
  g_assert_true (adj_test_shows (new_battle, "Both sides and every counter come from the orders "
                                             "of battle in these rules"));
  g_assert_false (adj_test_shows (new_battle, "First Side"));
  button = labelled_button (new_battle, "C_reate");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  adj_test_settle ();

  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  g_assert_cmpstr (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), ==, "rr");
  g_assert_cmpuint (adj_battle_get_sides (battle)->len, ==, 2);
  g_assert_nonnull (adj_battle_find_side (battle, ADJ_RR_BRITISH));
  g_assert_nonnull (adj_battle_find_side (battle, ADJ_RR_BOER));
  g_assert_nonnull (adj_battle_find_unit (battle, "buller"));
  g_assert_nonnull (adj_battle_find_unit (battle, "2nd-royal-fusiliers"));
  g_assert_nonnull (adj_battle_find_unit (battle, "middelburg-commando"));
  n_units = adj_battle_get_n_units (battle);
  g_assert_false (adj_rr_is_set_up (battle));
  g_assert_cmpuint (position (battle), ==, 0);

  /* The dashboard says what set-up does and needs, instead of an empty game. */
  dash = ADJ_RR_DASHBOARD (adj_battle_window_get_special_view (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dash)));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "The Game Is Not Set Up Yet"));
  g_assert_false (adj_test_shows (GTK_WIDGET (dash), "Command points left this turn"));
  button = labelled_button (GTK_WIDGET (dash), "_Set Up the Game…");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (button)));
  missing = adj_rr_missing_strengths (battle);
  g_assert_cmpuint (missing->len, >, 0);
  {
    g_autofree char *count = g_strdup_printf ("%u counters still show 0", missing->len);

    g_assert_true (adj_test_shows (GTK_WIDGET (dash), count));
  }
  /* No chart typed in yet: each says so, and offers its editor (the action panel's). */
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "British event chits"));
  g_assert_false (adj_test_shows (GTK_WIDGET (dash), "Complete"));
  g_signal_emit_by_name (row_button (GTK_WIDGET (dash), "British event chits"), "clicked");
  adj_test_settle ();
  editor = find_table_editor ();
  g_assert_nonnull (editor);
  g_assert_cmpstr (adj_table_editor_get_table_id (editor), ==, "british-event-chits");
  gtk_window_destroy (GTK_WINDOW (editor));
  adj_test_settle ();

  /* The set-up dialog names the chart it misses and will not set up. */
  g_signal_emit_by_name (labelled_button (GTK_WIDGET (dash), "_Set Up the Game…"), "clicked");
  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Set Up the Game");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "setup"));
  g_assert_true (g_str_has_prefix (label_with_class (GTK_WIDGET (dialog), "rr-verdict"),
                                   "Enter the British event chits first"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dialog), "Charts to Enter First"));
  /* Its Enter… makes way for the chart's editor. */
  g_signal_emit_by_name (row_button (GTK_WIDGET (dialog), "Boer SP counters"), "clicked");
  adj_test_settle ();
  g_assert_null (adj_test_find_dialog (app));
  editor = find_table_editor ();
  g_assert_nonnull (editor);
  g_assert_cmpstr (adj_table_editor_get_table_id (editor), ==, "sp-counters");
  gtk_window_destroy (GTK_WINDOW (editor));
  adj_test_settle ();
  g_assert_cmpuint (position (battle), ==, 0);

  /* A counter of the list opens in the Unit page; once both its strengths are in there, it
   * leaves the list. */
  {
    g_autoptr(json_object) front = json_object_new_int (5);
    g_autoptr(json_object) back = json_object_new_int (3);
    g_autofree char *count = g_strdup_printf ("%u counters still show 0", missing->len - 1);
    AdjUnit *shown;

    g_signal_emit_by_name (find_row (GTK_WIDGET (dash), "2nd Royal Fusiliers"), "activated");
    adj_test_settle ();
    g_assert_cmpstr (adj_unit_get_id (adj_battle_window_get_selected_unit (window)), ==,
                     "2nd-royal-fusiliers");
    shown = adj_unit_pane_get_unit (adj_battle_window_get_unit_pane (window));
    g_assert_nonnull (shown);
    g_assert_cmpstr (adj_unit_get_id (shown), ==, "2nd-royal-fusiliers");
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (adj_battle_window_get_unit_pane (window))));
    g_assert_true (adj_battle_edit (battle, "unit:2nd-royal-fusiliers", "status.sp", front,
                                    &error));
    g_assert_no_error (error);
    g_assert_true (adj_battle_edit (battle, "unit:2nd-royal-fusiliers", "status.reduced_sp",
                                    back, &error));
    g_assert_no_error (error);
    adj_battle_window_show_page (window, "colenso");
    adj_test_settle ();
    g_assert_true (adj_test_shows (GTK_WIDGET (dash), count));
  }

  /* The demo's example charts, carried by the battle; the page sees them once shown again. */
  tables = demo_tables (adj_battle_get_ruleset (battle));
  g_assert_true (adj_battle_embed_tables (battle, tables, &error));
  g_assert_no_error (error);
  adj_battle_window_show_page (window, "journal");
  adj_test_settle ();
  adj_battle_window_show_page (window, "colenso");
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Complete"));

  /* Charts taken out while the dialog was open: set-up says which one is missing, and offers
   * its editor. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dash), "rr.setup", NULL));
  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "setup"));
  g_assert_true (adj_battle_embed_tables (battle, NULL, &error));
  g_assert_no_error (error);
  adw_message_dialog_response (dialog, "setup");
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
  g_assert_false (adj_rr_is_set_up (battle));
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "A Chart Is Not Complete");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Enter the British event chits first"));
  adw_message_dialog_response (dialog, "enter");
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
  editor = find_table_editor ();
  g_assert_nonnull (editor);
  g_assert_cmpstr (adj_table_editor_get_table_id (editor), ==, "british-event-chits");
  gtk_window_destroy (GTK_WINDOW (editor));
  g_assert_true (adj_battle_embed_tables (battle, tables, &error));
  g_assert_no_error (error);
  adj_test_settle ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dash), "rr.setup", NULL));
  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_false (adj_test_shows (GTK_WIDGET (dialog), "Charts to Enter First"));
  /* Nothing ticked: the game as written may be set up. */
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "setup"));
  g_assert_cmpstr (label_with_class (GTK_WIDGET (dialog), "rr-balance"), ==, "Balance 0");
  /* Hesitate (−1), then No Hlangwane (+2): unbalanced, and the dialog says why. */
  gtk_check_button_set_active (variant_check (GTK_WIDGET (dialog), "Hesitate"), TRUE);
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "setup"));
  g_assert_cmpstr (label_with_class (GTK_WIDGET (dialog), "rr-balance"), ==, "Balance −1");
  gtk_check_button_set_active (variant_check (GTK_WIDGET (dialog), "No Hlangwane"), TRUE);
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "setup"));
  g_assert_cmpstr (label_with_class (GTK_WIDGET (dialog), "rr-balance"), ==, "Balance +1");
  g_assert_nonnull (strstr (label_with_class (GTK_WIDGET (dialog), "rr-verdict"),
                            "add up to +1"));
  /* Close Order (−1) brings it to 0. */
  gtk_check_button_set_active (variant_check (GTK_WIDGET (dialog), "Close Order"), TRUE);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "setup"));
  g_assert_cmpstr (label_with_class (GTK_WIDGET (dialog), "rr-balance"), ==, "Balance 0");
  /* Two emplacements; an area named twice is refused. */
  adj_test_collect_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, areas);
  g_assert_cmpuint (areas->len, ==, 1);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (areas, 0)), "Fort Wylie");
  g_signal_emit_by_name (labelled_button (GTK_WIDGET (dialog), "_Add Area"), "clicked");
  g_ptr_array_set_size (areas, 0);
  adj_test_collect_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, areas);
  g_assert_cmpuint (areas->len, ==, 2);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (areas, 1)), " Fort Wylie ");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "setup"));
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (areas, 1)), "Colenso Koppies");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "setup"));
  /* Strengths missing do not stop it, and the dialog says so. */
  {
    g_autofree char *title = g_strdup_printf ("%u Counters Without Their Strengths",
                                              missing->len - 1);

    g_assert_true (adj_test_shows (GTK_WIDGET (dialog), title));
  }

  before = position (battle);
  adw_message_dialog_response (dialog, "setup");
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();

  /* Set up, as one journal entry: turn 1, 8 CP, the cups as the variants make them. */
  g_assert_true (adj_rr_is_set_up (battle));
  g_assert_cmpuint (position (battle), ==, before + 1);
  tracks (battle, &t);
  g_assert_cmpint (t.turn, ==, 1);
  g_assert_cmpint (t.cp, ==, 8);
  g_assert_false (adj_test_shows (GTK_WIDGET (dash), "The Game Is Not Set Up Yet"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Turn 1 of 20 · Orders phase"));
  g_assert_cmpint (adj_rr_dashboard_get_marker (dash, ADJ_RR_DASHBOARD_TURN), ==, 1);
  g_assert_cmpstr (adj_rr_dashboard_get_cp_text (dash), ==, "8 CP left, 0 spent");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "8"));
  g_assert_cmpstr (adj_rr_dashboard_get_step_title (dash), ==, "Choose objectives");
  /* Hesitate and Close Order chits went in (5 + 2 beside the demo's 11 others). */
  g_assert_cmpstr (adj_rr_dashboard_get_cup_text (dash, ADJ_RR_CUP_BRITISH), ==,
                   "18 in the cup");
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Fort Wylie"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Colenso Koppies"));
  /* The Fusiliers, entered before set-up, start below strength; counters not entered say so
   * rather than "0 SP". */
  g_assert_cmpint (adj_rr_unit_strength (battle, adj_battle_find_unit (battle,
                                                                       "2nd-royal-fusiliers")),
                   ==, 2);
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "SP not entered"));
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Hildyard · strengths not entered yet"));
  /* Their brigade still takes orders. */
  button = row_button (GTK_WIDGET (dash), "2nd (English) Infantry Brigade");
  g_assert_cmpstr (gtk_button_get_label (button), ==, "_Order…");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  g_assert_false (adj_test_shows (GTK_WIDGET (dash), "0 SP"));
  /* No drift marker's value shows anywhere. */
  drifts = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
  assert_drifts_hidden (dash, battle, drifts);

  /* A first shot from Fort Wylie takes its Hidden marker off; outside the Boer Shaken segment
   * nobody asks who holds it. */
  button = row_button (GTK_WIDGET (dash), "Fort Wylie");
  g_assert_cmpstr (gtk_button_get_label (button), ==, "First Shot…");
  g_signal_emit_by_name (button, "clicked");
  answer (app, "First Shot From an Emplacement", NULL, "fired");
  flush ();
  g_assert_cmpuint (position (battle), ==, before + 2);
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "Marker removed: the Boers have fired "
                                                    "from it"));
  g_assert_cmpstr (gtk_button_get_label (button), ==, "Who Holds It…");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (button)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  flush ();
  g_assert_cmpstr (gtk_button_get_label (button), ==, "First Shot…");

  /* Undo takes the whole set-up back: the page that sets it up returns. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_false (adj_rr_is_set_up (battle));
  g_assert_cmpuint (position (battle), ==, before);
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, n_units);
  g_assert_true (adj_test_shows (GTK_WIDGET (dash), "The Game Is Not Set Up Yet"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (labelled_button (GTK_WIDGET (dash),
                                                                     "_Set Up the Game…"))));
  g_assert_false (adj_test_shows (GTK_WIDGET (dash), "Fort Wylie"));
}

/* Open the dialog behind @action on the dashboard, check its heading and how many widgets of
 * @type it holds, and cancel it. */
static void
check_dialog (AdjApplication *app,
              AdjRrDashboard *dash,
              const char     *action,
              GVariant       *param,
              const char     *heading,
              GType           type,
              guint           n)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  /* gtk_widget_activate_action_variant() does not take a floating reference. */
  g_autoptr(GVariant) owned = param != NULL ? g_variant_ref_sink (param) : NULL;
  AdwMessageDialog *dialog;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (dash), action, owned));
  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  adj_test_collect_type (GTK_WIDGET (dialog), type, found);
  g_assert_cmpuint (found->len, ==, n);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
  g_assert_null (adj_test_find_dialog (app));
}

/* The dialogs of the step and of the emplacements, each with what the player fills in. */
static void
check_dialogs (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjRrDashboard *dash;
  AdwMessageDialog *dialog;
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();

  adj_test_settle ();
  window = adj_test_the_window (app);
  dash = ADJ_RR_DASHBOARD (adj_battle_window_get_special_view (window));
  check_dialog (app, dash, "rr.status-chart", NULL, "Status Chart", GTK_TYPE_SPIN_BUTTON, 2);
  check_dialog (app, dash, "rr.enter-dice", g_variant_new_string ("roll-send"), "Enter the Dice",
                GTK_TYPE_ENTRY, 1);

  /* An emplacement still Hidden asks only to be revealed. */
  g_signal_emit_by_name (row_button (GTK_WIDGET (dash), "Fort Wylie"), "clicked");
  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "First Shot From an Emplacement");
  g_assert_true (adw_message_dialog_has_response (dialog, "fired"));
  adj_test_collect_type (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, checks);
  g_assert_cmpuint (checks->len, ==, 0);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
}

/* On the Act page a search for a drift, which turns over a sealed marker, counts the moment it is
 * rolled: no result waits there to be looked at and discarded. */
static void
check_find_in_panel (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjMechanicPanel *panel;
  AdjJournal *journal;
  GtkWidget *allow;
  g_autoptr(GError) error = NULL;
  guint before;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  adj_battle_set_autosave_path (battle, NULL);
  panel = adj_battle_window_get_mechanic_panel (window);
  adj_battle_window_show_page (window, "act");
  g_assert_true (adj_mechanic_panel_select (panel, "rr/find-drift"));
  adj_mechanic_panel_use_unit (panel, 0, "2nd-devonshire-regiment");
  adj_test_settle ();
  /* The demo waits at Send Orders, not at the search: the referee allows it. */
  allow = adj_test_find_button (GTK_WIDGET (panel), "A_llow Anyway");
  g_assert_nonnull (allow);
  if (gtk_widget_get_visible (allow))
    gtk_widget_activate (allow);
  adj_test_settle ();
  journal = adj_battle_get_journal (battle);
  before = journal->position;
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "2,2", NULL, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_null (adj_mechanic_panel_get_outcome (panel));
  g_assert_cmpuint (journal->position, ==, before + 1);
  g_assert_null (adj_test_find_button (GTK_WIDGET (panel), "_Discard") != NULL &&
                 gtk_widget_get_mapped (adj_test_find_button (GTK_WIDGET (panel), "_Discard"))
                 ? "a Discard button" : NULL);
}

static void
test_find_in_panel (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  adj_test_run_app (check_find_in_panel, path);
}

static void
test_setup (void)
{
  adj_test_run_app (check_setup, NULL);
}

static void
test_dashboard (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  adj_test_run_app (check_dashboard, path);
}

static void
test_dialogs (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  adj_test_run_app (check_dialogs, path);
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/rr/dashboard", test_dashboard);
  g_test_add_func ("/ui/rr/setup", test_setup);
  g_test_add_func ("/ui/rr/dialogs", test_dialogs);
  g_test_add_func ("/ui/rr/find-in-panel", test_find_in_panel);
  return adj_test_finish_ui (g_test_run ());
}
