/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-rf.c: the solo enemy of a skirmish in the real window — the hidden groups kept out
 * of sight, a switch that moves a Risk Factor and its odds, a marker spotted, the orders rolled
 * from dice typed in and from a fixed seed, an order undone, groups hidden again through the
 * dialog, and a figure's wounds and loss edited in the unit pane. */

#include "config.h"

#include "adj-test-ui.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-members.h"
#include "adj-rf-view.h"
#include "adj-side-view.h"
#include "adj-unit-pane.h"

/* The texts of the journal entries in effect, one line each. */
static char *
journal_text (AdjBattle *battle)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < journal->position; i++)
    g_string_append_printf (text, "%s\n", adj_journal_get_entry (journal, i)->summary);
  return g_string_free (text, FALSE);
}

/* Whether @text is on screen inside @root, as a label or as an inscription (the long texts
 * of list rows). */
static gboolean
shows_text (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) inscriptions = g_ptr_array_new ();

  if (adj_test_shows (root, text))
    return TRUE;
  adj_test_collect_type (root, GTK_TYPE_INSCRIPTION, inscriptions);
  for (guint i = 0; i < inscriptions->len; i++)
    {
      GtkInscription *inscription = g_ptr_array_index (inscriptions, i);

      if (gtk_widget_get_mapped (GTK_WIDGET (inscription)) &&
          g_strcmp0 (gtk_inscription_get_text (inscription), text) == 0)
        return TRUE;
    }
  return FALSE;
}

static GtkWidget *
find_switch (GtkWidget  *root,
             const char *input)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  adj_test_collect_type (root, GTK_TYPE_TOGGLE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (g_ptr_array_index (buttons, i)), "input"),
                   input) == 0)
      return g_ptr_array_index (buttons, i);
  return NULL;
}

static char **
order_texts (AdjRfView *view)
{
  AdjRfSolo *solo = adj_rf_view_get_solo (view);
  guint n = adj_rf_solo_get_n_orders (solo);
  char **texts = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    texts[i] = adj_rf_solo_order_text (solo, i);
  return texts;
}

/* Every Risk Factor switch says all of its words in its two lines, none cut to "…", at the
 * width the window gives it. */
static void
assert_switches_whole (GtkWidget *view)
{
  g_autoptr(GPtrArray) inscriptions = g_ptr_array_new ();
  guint n = 0;

  adj_test_collect_type (view, GTK_TYPE_INSCRIPTION, inscriptions);
  for (guint i = 0; i < inscriptions->len; i++)
    {
      GtkWidget *inscription = g_ptr_array_index (inscriptions, i);
      GtkWidget *button = gtk_widget_get_parent (inscription);
      const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (inscription));
      g_autoptr(PangoLayout) layout = NULL;

      if (button == NULL || !gtk_widget_has_css_class (button, "rf-switch") ||
          !gtk_widget_get_mapped (inscription))
        continue;
      layout = gtk_widget_create_pango_layout (inscription, text);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
      pango_layout_set_width (layout, gtk_widget_get_width (inscription) * PANGO_SCALE);
      if (pango_layout_get_line_count (layout) > 2)
        g_error ("“%s” needs %d lines at %d px", text, pango_layout_get_line_count (layout),
                 gtk_widget_get_width (inscription));
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

static void
check_solo (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjRfView *view;
  AdjRfSolo *solo;
  AdjJournal *journal;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) markers = NULL;
  g_autofree char *group = NULL;
  g_autofree char *before = NULL;
  g_auto(GStrv) first = NULL;
  g_auto(GStrv) again = NULL;
  GtkWidget *button;
  guint n_entries;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  journal = adj_battle_get_journal (battle);
  view = ADJ_RF_VIEW (adj_battle_window_get_special_view (window));
  g_assert_nonnull (view);
  /* A skirmish opens on the enemy's page. */
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Enemy Reacts"));
  assert_switches_whole (GTK_WIDGET (view));

  /* Alt+4 is the fourth page of the bar, whichever it is: here the enemy's. */
  {
    AdwViewStack *stack = ADW_VIEW_STACK (adj_test_find_type (GTK_WIDGET (window),
                                                              ADW_TYPE_VIEW_STACK));
    g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app),
                                                                   "<Alt>4");

    g_assert_cmpuint (g_strv_length (actions), ==, 1);
    g_assert_cmpstr (actions[0], ==, "win.show-page-at(4)");
    adj_battle_window_show_page (window, "journal");
    adj_test_settle ();
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page-at", "i", 4));
    adj_test_settle ();
    g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "enemy");
    /* There is no fifth page: the page stays. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page-at", "i", 5));
    g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "enemy");
  }

  /* Hidden groups are nowhere to be seen: not in the side list, not in the journal. */
  g_assert_true (adj_battle_window_select_unit (window, "u6"));
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Young warriors 2"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Kraal wall"));
  for (const char *const *id = (const char *const[]) { "u5", "u7", "u8", NULL }; *id; id++)
    {
      AdjUnit *hidden = adj_battle_find_unit (battle, *id);

      g_assert_true (adj_side_view_unit_hidden (battle, hidden));
      g_assert_false (adj_battle_window_select_unit (window, *id));
      g_assert_false (adj_test_shows (GTK_WIDGET (window), adj_unit_get_name (hidden)));
    }
  /* Nor in an action's slot, should one be put there other than from the list. */
  {
    AdjMechanicPanel *panel = adj_battle_window_get_mechanic_panel (window);

    adj_battle_window_show_page (window, "act");
    g_assert_true (adj_mechanic_panel_select (panel, "rf/visibility"));
    adj_mechanic_panel_use_unit (panel, 1, "u5");
    adj_test_settle ();
    g_assert_true (adj_test_shows (adj_mechanic_panel_get_row (panel, "target"), "A hidden unit"));
    g_assert_false (adj_test_shows (GTK_WIDGET (window), "Young warriors 1"));
    adj_mechanic_panel_use_unit (panel, 1, NULL);
    adj_test_settle ();
  }
  before = journal_text (battle);
  g_assert_null (strstr (before, "Young warriors 1"));
  g_assert_null (strstr (before, "Married regiment"));

  /* One group reacts, with its Risk Factor and the faces of the die before any roll. */
  adj_battle_window_show_page (window, "enemy");
  adj_test_settle ();
  solo = adj_rf_view_get_solo (view);
  g_assert_cmpuint (adj_rf_view_get_n_orders (view), ==, 1);
  g_assert_cmpstr (adj_rf_solo_get_unit_id (solo, 0), ==, "u6");
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, NULL), ==, 0);
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Carry on 1–5 · 83%"));
  button = find_switch (GTK_WIDGET (view), "enemy_in_range");
  g_assert_nonnull (button);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  adj_test_settle ();
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, NULL), ==, 1);
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "+1"));
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Halt 1 · 17%"));
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Advance 2–3 · 33%"));
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Attack 4–6 · 50%"));

  /* Markers are reported spotted until one hides a group: it comes into play and reacts too,
   * while the switch set for the first group stays set. */
  markers = adj_rf_hidden_markers (battle);
  g_assert_cmpuint (markers->len, ==, 5);
  for (guint i = 0; i < markers->len && group == NULL; i++)
    {
      g_assert_true (adj_rf_view_spot (view, g_ptr_array_index (markers, i), &group, &error));
      g_assert_no_error (error);
    }
  g_assert_nonnull (group);
  adj_test_settle ();
  g_assert_false (adj_side_view_unit_hidden (battle, adj_battle_find_unit (battle, group)));
  g_assert_true (adj_battle_window_select_unit (window, group));
  solo = adj_rf_view_get_solo (view);
  g_assert_cmpuint (adj_rf_view_get_n_orders (view), ==, 2);
  g_assert_cmpint (adj_rf_solo_get_rf (solo, 0, NULL), ==, 1);
  /* Picking a unit in the list showed it; back to the enemy. */
  adj_battle_window_show_page (window, "enemy");
  adj_test_settle ();
  {
    AdjEntry *last = adj_journal_get_entry (journal, journal->position - 1);
    g_assert_nonnull (strstr (last->summary, adj_unit_get_name (adj_battle_find_unit (battle,
                                                                                      group))));
    g_assert_true (adj_test_shows (GTK_WIDGET (view), last->summary));
  }

  /* Dice typed in: the orders are listed as the core words them, one journal entry each. */
  n_entries = journal->position;
  g_assert_false (adj_rf_view_roll (view, "5 9", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (adj_rf_view_is_rolled (view));
  g_assert_true (adj_rf_view_roll (view, "5, 2", &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_true (adj_rf_view_is_rolled (view));
  g_assert_cmpuint (journal->position, ==, n_entries + 2);
  first = order_texts (view);
  g_assert_true (g_str_has_prefix (first[0], "Young warriors 2 — RF 1 — rolled 5 — ATTACK: "));
  for (guint i = 0; first[i] != NULL; i++)
    {
      g_assert_true (shows_text (GTK_WIDGET (view), first[i]));
      g_assert_cmpstr (adj_journal_get_entry (journal, n_entries + i)->mechanic, ==,
                       "rf/reaction");
      g_assert_true (adj_rf_view_order_in_effect (view, i));
    }
  g_assert_cmpstr (adj_unit_get_status_string (adj_battle_find_unit (battle, "u6"), "order"), ==,
                   "attack");
  /* Once rolled, what the groups could see is settled. */
  g_assert_false (adj_rf_view_set_switch (view, 0, "no_enemy", TRUE, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  /* Undo takes back the last order alone, and the list says so. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_true (adj_rf_view_order_in_effect (view, 0));
  g_assert_false (adj_rf_view_order_in_effect (view, 1));
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "1 of 2 orders are undone."));
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Undone: this order no longer stands"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_cmpstr (adj_unit_get_status_string (adj_battle_find_unit (battle, "u6"), "order"), ==,
                   "none");

  /* Next Step moves the battle on to its next phase, a journal entry of its own.  The shortcut's
   * action rolls with the battle's generator: a fixed seed gives the same orders every time. */
  n_entries = journal->position;
  g_assert_cmpstr (adj_battle_get_phase (battle), ==, "first-command");
  g_assert_true (adj_rf_view_next_step (view, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_phase (battle), ==, "first-move");
  g_assert_cmpuint (journal->position, ==, n_entries + 1);
  g_assert_false (adj_rf_view_is_rolled (view));
  adj_test_settle ();
  g_assert_true (gtk_widget_has_css_class (adj_test_find_button (GTK_WIDGET (view),
                                                                 "_Roll for All"),
                                           "suggested-action"));
  adj_battle_set_seed (adj_battle_window_get_battle (window), 1879);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.enemy-reacts", NULL));
  adj_test_settle ();
  g_assert_true (adj_rf_view_is_rolled (view));
  g_strfreev (first);
  first = order_texts (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (adj_rf_view_next_step (view, &error));
  adj_battle_set_seed (adj_battle_window_get_battle (window), 1879);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.enemy-reacts", NULL));
  adj_test_settle ();
  again = order_texts (view);
  g_assert_cmpstrv (first, again);
  for (guint i = 0; again[i] != NULL; i++)
    g_assert_true (shows_text (GTK_WIDGET (view), again[i]));

  /* The enemy has reacted this turn: on the next step, rolling again asks the referee first.
   * Cancelled, nothing is rolled; allowed, the orders are journaled as his ruling. */
  g_assert_true (adj_rf_view_next_step (view, &error));
  g_assert_false (adj_rf_view_is_rolled (view));
  /* The page says so before any click, and Roll for All is no longer the step to take. */
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (view),
                                 "Native war party has already reacted this turn: the enemy "
                                 "reacts once a turn. Rolling again is your ruling."));
  g_assert_false (gtk_widget_has_css_class (adj_test_find_button (GTK_WIDGET (view),
                                                                  "_Roll for All"),
                                            "suggested-action"));
  n_entries = journal->position;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.enemy-reacts", NULL));
  adj_test_settle ();
  adj_test_answer (app, "Not Allowed Now", "cancel");
  g_assert_false (adj_rf_view_is_rolled (view));
  g_assert_cmpuint (journal->position, ==, n_entries);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.enemy-reacts", NULL));
  adj_test_settle ();
  adj_test_answer (app, "Not Allowed Now", "allow");
  g_assert_true (adj_rf_view_is_rolled (view));
  g_assert_cmpuint (journal->position, ==, n_entries + adj_rf_view_get_n_orders (view));
  g_assert_nonnull (strstr (adj_journal_get_entry (journal, n_entries)->summary,
                            " · allowed by the referee: Native war party "));
  g_assert_true (g_str_has_suffix (adj_journal_get_entry (journal, n_entries)->summary,
                                   " has already reacted this turn: the enemy reacts once a "
                                   "turn"));

  /* Hide a group again through the dialog: it leaves the lists, and markers stand for it. */
  g_assert_true (adj_rf_view_next_step (view, &error));
  adj_rf_view_show_deploy (view);
  adj_test_settle ();
  {
    AdwMessageDialog *dialog = adj_test_find_dialog (app);
    g_autoptr(GPtrArray) checks = g_ptr_array_new ();
    g_autoptr(GPtrArray) entries = g_ptr_array_new ();
    g_autoptr(GPtrArray) hidden = adj_rf_hidden_markers (battle);
    guint n_markers = hidden->len;
    g_autoptr(GPtrArray) now = NULL;

    g_assert_nonnull (dialog);
    adj_test_collect_type (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, checks);
    g_assert_cmpuint (checks->len, ==, 2);                  /* Young warriors 2 and the found */
    g_assert_false (adw_message_dialog_get_response_enabled (dialog, "hide"));
    gtk_check_button_set_active (g_ptr_array_index (checks, 0), TRUE);
    adj_test_collect_type (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, entries);
    g_assert_cmpuint (entries->len, ==, 2);                 /* one group, one dummy */
    gtk_editable_set_text (g_ptr_array_index (entries, 0), "wood edge A");
    g_assert_false (adw_message_dialog_get_response_enabled (dialog, "hide"));
    gtk_editable_set_text (g_ptr_array_index (entries, 1), "wood edge A");
    g_assert_false (adw_message_dialog_get_response_enabled (dialog, "hide"));
    gtk_editable_set_text (g_ptr_array_index (entries, 1), "wood edge B");
    g_assert_true (adw_message_dialog_get_response_enabled (dialog, "hide"));
    adw_message_dialog_response (dialog, "hide");
    adj_test_settle ();
    g_assert_true (adj_side_view_unit_hidden (battle, adj_battle_find_unit (battle, "u6")));
    g_assert_false (adj_battle_window_select_unit (window, "u6"));
    now = adj_rf_hidden_markers (battle);
    g_assert_cmpuint (now->len, ==, n_markers + 2);
    g_assert_cmpstr (adj_unit_get_name (adj_battle_find_unit (battle,
                                                             g_ptr_array_index (now, now->len - 1))),
                     ==, "wood edge B");
    g_assert_cmpuint (adj_rf_view_get_n_orders (view), ==, 1);
    g_assert_cmpstr (adj_rf_solo_get_unit_id (adj_rf_view_get_solo (view), 0), ==, group);
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
}

static void
check_figures (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjUnitPane *pane;
  AdjUnit *section;
  GtkWidget *row;
  GtkSpinButton *wounds;
  GtkToggleButton *lost;
  g_autoptr(GPtrArray) toggles = g_ptr_array_new ();

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  pane = adj_battle_window_get_unit_pane (window);
  section = adj_battle_find_unit (battle, "u2");

  adj_battle_window_show_page (window, "unit");
  g_assert_true (adj_battle_window_select_unit (window, "u2"));
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (pane), "Figures"));
  g_assert_true (adj_test_shows (GTK_WIDGET (pane), "10 of 10 figures in play"));
  g_assert_true (adj_test_shows (GTK_WIDGET (pane), "Sgt Keane"));
  /* The count follows the record: it is not a field of its own here. */
  g_assert_null (adj_unit_pane_get_row (pane, "figures"));
  g_assert_null (adj_unit_pane_get_member_row (pane, 10));

  /* Wounds in one click, journaled and undone. */
  row = adj_unit_pane_get_member_row (pane, 2);
  g_assert_nonnull (row);
  wounds = GTK_SPIN_BUTTON (adj_test_find_type (row, GTK_TYPE_SPIN_BUTTON));
  gtk_spin_button_set_value (wounds, 1);
  adj_test_settle ();
  g_assert_cmpint (adj_member_get_int (adj_unit_get_members (section), 2, "wounds"), ==, 1);
  g_assert_true (adj_test_shows (GTK_WIDGET (pane), "10 of 10 figures in play · Wounds 1"));
  {
    AdjJournal *journal = adj_battle_get_journal (battle);
    AdjEntry *last = adj_journal_get_entry (journal, journal->position - 1);
    g_assert_cmpstr (last->summary, ==, "1st Section: figure 3, Wounds set to 1");
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_cmpint (adj_member_get_int (adj_unit_get_members (section), 2, "wounds"), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (wounds), ==, 0);

  /* A figure lost: the unit has one figure fewer, in the pane and in the list. */
  adj_test_collect_type (adj_unit_pane_get_member_row (pane, 4), GTK_TYPE_TOGGLE_BUTTON, toggles);
  lost = NULL;
  for (guint i = 0; i < toggles->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (toggles, i), "member-lost-toggle"))
      lost = g_ptr_array_index (toggles, i);
  g_assert_nonnull (lost);
  gtk_toggle_button_set_active (lost, TRUE);
  adj_test_settle ();
  g_assert_cmpint (adj_unit_get_figures (section), ==, 9);
  g_assert_true (adj_test_shows (GTK_WIDGET (pane), "9 of 10 figures in play"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Regular foot · 9/10 · Rifle with bayonet"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_cmpint (adj_unit_get_figures (section), ==, 10);
  g_assert_false (gtk_toggle_button_get_active (lost));

  /* The rest of the record opens with the row: a name of its own, journaled as well. */
  row = adj_unit_pane_get_member_row (pane, 3);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  adj_test_settle ();
  {
    GtkWidget *name = adj_test_find_type (row, ADW_TYPE_ENTRY_ROW);

    g_assert_nonnull (name);
    gtk_editable_set_text (GTK_EDITABLE (name), "Pte Hook");
    g_signal_emit_by_name (name, "apply");
    adj_test_settle ();
    g_assert_cmpstr (adj_member_get_string (adj_unit_get_members (section), 3, "name"), ==,
                     "Pte Hook");
    g_assert_true (adj_test_shows (GTK_WIDGET (pane), "Pte Hook"));
  }

  /* Undo takes the name back off. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_null (adj_member_get_string (adj_unit_get_members (section), 3, "name"));
}

static char *
demo_path (void)
{
  return g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", "rf-patrol-at-the-kraal.json",
                           NULL);
}

static void
test_solo (void)
{
  g_autofree char *path = demo_path ();
  adj_test_run_app (check_solo, path);
}

static void
test_figures (void)
{
  g_autofree char *path = demo_path ();
  adj_test_run_app (check_figures, path);
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/rf/solo", test_solo);
  g_test_add_func ("/ui/rf/figures", test_figures);
  return adj_test_finish_ui (g_test_run ());
}
