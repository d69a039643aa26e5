/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-start.c: start the real application on the demo battle and check what it shows. */

#include "config.h"

#include "adj-test-ui.h"
#include "adj-gen.h"
#include "adj-json.h"
#include "adj-store.h"
#include "adj-side-view.h"
#include "adj-unit-row.h"
#include "adj-unit-picker.h"
#include "adj-mechanic-panel.h"

static void
check_demo (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  g_autoptr(GPtrArray) side_views = g_ptr_array_new ();
  GPtrArray *sides;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  g_assert_cmpstr (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), ==, "wec");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, adj_battle_get_name (battle));
  /* The demo opens as a copy: it is not tied to the bundled file. */
  g_assert_null (adj_battle_window_get_file (window));

  adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_SIDE_VIEW, side_views);
  sides = adj_battle_get_sides (battle);
  g_assert_cmpuint (side_views->len, ==, sides->len);
  g_assert_cmpuint (side_views->len, ==, 2);

  for (guint i = 0; i < side_views->len; i++)
    {
      AdjSideView *view = g_ptr_array_index (side_views, i);
      AdjSide *side = g_ptr_array_index (sides, i);
      GListModel *model = adj_side_view_get_model (view);
      guint expected = 0;

      g_assert_cmpstr (adj_side_view_get_side (view), ==, side->id);
      for (guint k = 0; k < adj_battle_get_n_units (battle); k++)
        {
          g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), k);
          if (g_str_equal (adj_unit_get_side (unit), side->id))
            expected++;
        }
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected);
    }

  /* The demo pits the British column (14 stands and a commander) against a Zulu impi; the
   * side switcher names both, and the first side's list is shown. */
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "British army"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Zulu army"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "British Regular Infantry 1"));
  g_assert_false (adj_test_shows (GTK_WIDGET (window), "Zulu Spearmen 1"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Turn 1 of 12 · Set-up"));

  /* A status shows as its short badge in the list: "Fought", not the field's whole label. */
  {
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
    g_autoptr(GError) error = NULL;
    AdjUnitRow *row = NULL;
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();

    g_assert_true (adj_battle_edit (battle, "unit:u1", "status.fought", yes, &error));
    g_assert_no_error (error);
    adj_test_settle ();
    adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_UNIT_ROW, rows);
    for (guint i = 0; i < rows->len && row == NULL; i++)
      if (adj_unit_row_get_unit (g_ptr_array_index (rows, i)) == adj_battle_find_unit (battle, "u1"))
        row = g_ptr_array_index (rows, i);
    g_assert_nonnull (row);
    g_assert_true (adj_test_shows (GTK_WIDGET (row), "Fought"));
    g_assert_false (adj_test_shows (GTK_WIDGET (row), "Started a combat this turn"));
    g_assert_true (adj_battle_undo (battle, &error));
  }

  /* Switching sides shows the other list. */
  adj_battle_window_select_unit (window, "u16");
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Zulu Spearmen 1"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Native infantry · Hand-held weapons"));
}

/* The unit whose change is watched, the unit selected first to show its side, and the line
 * the side's summary must then show. */
static struct {
  const char *select;
  const char *name;
  const char *meta;
} watched;

static void
check_one_row_updates (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  AdjUnitRow *target = NULL;
  g_autofree char *target_id = NULL;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  /* Show the side of the unit that changes below, from the unit page: on the action page a
   * change of units also judges every row again for the unit slots, which is not under test. */
  adj_battle_window_show_page (window, "unit");
  adj_battle_window_select_unit (window, watched.select);
  adj_test_settle ();
  adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_UNIT_ROW, rows);
  g_assert_cmpuint (rows->len, >, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      AdjUnitRow *row = g_ptr_array_index (rows, i);
      guint n = adj_unit_row_get_updates (row);

      g_array_append_val (before, n);
      if (target == NULL && adj_unit_row_get_unit (row) != NULL &&
          g_str_equal (adj_unit_get_name (adj_unit_row_get_unit (row)), watched.name))
        target = row;
    }
  g_assert_nonnull (target);

  target_id = g_strconcat ("unit:", adj_unit_get_id (adj_unit_row_get_unit (target)), NULL);
  g_assert_true (adj_battle_edit (battle, target_id, "destroyed", yes, &error));
  g_assert_no_error (error);
  adj_test_settle ();

  /* The rows on screen are the same widgets, and only the changed unit's row was redone. */
  {
    g_autoptr(GPtrArray) after = g_ptr_array_new ();

    adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_UNIT_ROW, after);
    g_assert_cmpuint (after->len, ==, rows->len);
  }
  for (guint i = 0; i < rows->len; i++)
    {
      AdjUnitRow *row = g_ptr_array_index (rows, i);
      guint now = adj_unit_row_get_updates (row);

      if (row == target)
        g_assert_cmpuint (now, ==, g_array_index (before, guint, i) + 1);
      else
        g_assert_cmpuint (now, ==, g_array_index (before, guint, i));
    }
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (target), "destroyed"));
  /* The row of the unit chosen was brought into view. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (target)));
  g_assert_true (adj_test_shows (GTK_WIDGET (target), "Destroyed"));
  if (watched.meta != NULL)
    g_assert_true (adj_test_shows (GTK_WIDGET (window), watched.meta));

  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (target), "destroyed"));
}

static guint
count_css_class (GtkWidget  *widget,
                 const char *css_class)
{
  guint n = gtk_widget_has_css_class (widget, css_class) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_css_class (child, css_class);
  return n;
}

static guint
count_offered_units (AdjBattle *battle)
{
  GListModel *units = adj_battle_get_units (battle);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (!adj_unit_get_destroyed (unit) && !adj_side_view_unit_hidden (battle, unit))
        n++;
    }
  return n;
}

/* A window on a big battle makes what it shows, not what it might show: about a screenful of
 * unit rows, a unit slot listing no unit until its search opens, no menu, no journal; each is made
 * when it opens, and the lists keep about a screenful of rows. */
static void
check_made_on_demand (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) listed = g_ptr_array_new ();
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *units_slot;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 200);

  /* 100 units a side; the list keeps some 30 rows, not one per unit. */
  adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_UNIT_ROW, rows);
  g_assert_cmpuint (rows->len, >=, 5);
  g_assert_cmpuint (rows->len, <=, 40);

  adj_test_collect_type (GTK_WIDGET (window), GTK_TYPE_POPOVER_MENU, menus);
  g_assert_cmpuint (menus->len, ==, 0);

  /* The slot that chooses a unit lists none until its search opens; opening it lists every unit
   * that is neither destroyed nor hidden, and the slot still shows what was chosen before. */
  units_slot = adj_mechanic_panel_get_row (adj_battle_window_get_mechanic_panel (window), "firer");
  g_assert_nonnull (units_slot);
  g_assert_true (ADJ_IS_UNIT_PICKER (units_slot));
  adj_test_collect_type (units_slot, GTK_TYPE_LIST_BOX_ROW, listed);
  g_assert_cmpuint (listed->len, ==, 0);
  {
    g_autoptr(AdjUnit) chosen = g_list_model_get_item (adj_battle_get_units (battle), 2);

    g_assert_true (adj_battle_window_select_unit (window, adj_unit_get_id (chosen)));
    adj_test_settle ();
    g_assert_cmpstr (adj_inputs_get_string (adj_mechanic_panel_get_inputs (
                                              adj_battle_window_get_mechanic_panel (window)),
                                            "firer"), ==, adj_unit_get_id (chosen));
    g_assert_true (adj_test_shows (units_slot, adj_unit_get_name (chosen)));
    adj_unit_picker_search (ADJ_UNIT_PICKER (units_slot));
    adj_test_settle ();
    g_ptr_array_set_size (listed, 0);
    adj_test_collect_type (units_slot, GTK_TYPE_LIST_BOX_ROW, listed);
    g_assert_cmpuint (listed->len, ==, count_offered_units (battle));
    g_assert_true (adj_test_shows (units_slot, adj_unit_get_name (chosen)));
  }

  /* The keyboard shortcuts window is made when first asked for, and lists the shortcuts. */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  adj_test_settle ();
  {
    GtkShortcutsWindow *shortcuts =
      gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));

    g_assert_nonnull (shortcuts);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
    g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (shortcuts)) == GTK_WINDOW (window));
    g_assert_true (adj_test_shows (GTK_WIDGET (shortcuts), "New battle"));
    gtk_window_close (GTK_WINDOW (shortcuts));
    adj_test_settle ();
    /* Asked for again, the same window shows again. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay",
                                               NULL));
    adj_test_settle ();
    g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) ==
                   shortcuts);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
    gtk_window_close (GTK_WINDOW (shortcuts));
    adj_test_settle ();
  }

  /* The main menu is made when it first opens. */
  adj_test_collect_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkMenuButton *button = g_ptr_array_index (buttons, i);

      if (gtk_menu_button_get_primary (button) && gtk_widget_get_mapped (GTK_WIDGET (button)))
        {
          gtk_menu_button_popup (button);
          adj_test_settle ();
          g_assert_nonnull (gtk_menu_button_get_menu_model (button));
          g_assert_true (adj_test_shows (GTK_WIDGET (gtk_menu_button_get_popover (button)), "Save As…"));
          gtk_menu_button_popdown (button);
        }
    }
  g_ptr_array_set_size (menus, 0);
  adj_test_collect_type (GTK_WIDGET (window), GTK_TYPE_POPOVER_MENU, menus);
  g_assert_cmpuint (menus->len, ==, 1);

  /* The journal, of hundreds of entries, makes about a screenful of rows when it first shows. */
  g_assert_cmpuint (count_css_class (GTK_WIDGET (window), "journal-row"), ==, 0);
  adj_battle_window_show_page (window, "journal");
  adj_test_settle ();
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 300);
  g_assert_cmpuint (count_css_class (GTK_WIDGET (window), "journal-row"), >=, 5);
  g_assert_cmpuint (count_css_class (GTK_WIDGET (window), "journal-row"), <=, 40);
  /* ... and they are the latest entries, not the first. */
  {
    AdjJournal *journal = adj_battle_get_journal (battle);
    const char *first = adj_journal_get_entry (journal, 0)->summary;
    const char *last = adj_journal_get_entry (journal, 299)->summary;

    g_assert_true (adj_test_shows (GTK_WIDGET (window), last));
    if (g_strcmp0 (first, last) != 0)
      g_assert_false (adj_test_shows (GTK_WIDGET (window), first));
  }
}

static void
check_empty_then_demo (AdjApplication *app)
{
  AdjBattleWindow *window;

  adj_test_settle ();
  window = adj_test_the_window (app);
  g_assert_null (adj_battle_window_get_battle (window));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "New Battle…"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Open the Demo Battle"));

  g_action_group_activate_action (G_ACTION_GROUP (app), "demo", NULL);
  adj_test_settle ();
  /* The demo went into the empty window rather than a new one. */
  g_assert_true (adj_test_the_window (app) == window);
  g_assert_nonnull (adj_battle_window_get_battle (window));
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "British Regular Infantry 1"));
}

static void
test_demo (void)
{
  adj_test_run_app (check_demo, "--demo");
}

static void
test_one_row_updates (void)
{
  watched.select = "u16";
  watched.name = "Zulu Spearmen 1";
  watched.meta = "D12 (native army) · 18 of 19 units left · 36 points left";
  adj_test_run_app (check_one_row_updates, "--demo");
}

/* The same in a battle of a thousand units: one row is redone, not the list. */
static void
test_one_row_updates_big (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) big = adj_gen_battle ("wec", 1000, 0, 5, &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  path = g_build_filename (adj_test_data_home, "thousand.json", NULL);
  g_assert_true (adj_store_save_battle (big, path, &error));
  g_assert_no_error (error);
  /* The generator numbers each copy of a demo unit: the second copy of Zulu Spearmen 1. */
  watched.select = "u50";
  watched.name = "Zulu Spearmen 1 (2)";
  watched.meta = NULL;
  adj_test_run_app (check_one_row_updates, path);
  g_remove (path);
}

static void
test_made_on_demand (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) big = adj_gen_battle ("wec", 200, 300, 3, &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  path = g_build_filename (adj_test_data_home, "two-hundred.json", NULL);
  g_assert_true (adj_store_save_battle (big, path, &error));
  g_assert_no_error (error);
  adj_test_run_app (check_made_on_demand, path);
  g_remove (path);
}

static void
test_empty_then_demo (void)
{
  adj_test_run_app (check_empty_then_demo, NULL);
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/start/demo", test_demo);
  g_test_add_func ("/ui/start/one-row-updates", test_one_row_updates);
  g_test_add_func ("/ui/start/one-row-updates-in-1000", test_one_row_updates_big);
  g_test_add_func ("/ui/start/empty-then-demo", test_empty_then_demo);
  g_test_add_func ("/ui/start/made-on-demand", test_made_on_demand);
  return adj_test_finish_ui (g_test_run ());
}
