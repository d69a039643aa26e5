/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-result.c: the result of a roll as the table sees it — who took part, the headline,
 * the dice as faces, how it went — and table mode, on F11 and off again. */

#include "config.h"

#include "adj-test-ui.h"
#include "adj-dice-view.h"
#include "adj-mechanic-panel.h"
#include "adj-result-view.h"
#include "adj-table-board.h"

/* The size in pixels of the type of @label. */
static double
font_px (GtkWidget *label)
{
  const PangoFontDescription *font =
    pango_context_get_font_description (gtk_widget_get_pango_context (label));
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * 96.0 / 72.0;
}

/* The label of @view that shows @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *view,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  adj_test_collect_type (view, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), text) == 0)
      return g_ptr_array_index (labels, i);
  return NULL;
}

static void
check_fire_result (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjMechanicPanel *panel;
  AdjResultView *view;
  g_autoptr(GPtrArray) dice = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *rolls = NULL;
  GtkWidget *headline, *reason, *breakdown;

  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  adj_test_settle ();
  adj_test_to_phase (window, "first-side");
  panel = adj_battle_window_get_mechanic_panel (window);
  view = adj_mechanic_panel_get_result_view (panel);
  g_assert_true (adj_battle_window_select_unit (window, "u1"));
  g_assert_true (adj_battle_window_select_unit (window, "u16"));
  adj_test_settle ();

  /* 6 and 6 for the firer's 2D6 and 1 on the target's D12: 12 is at least twice 1, the
   * target is destroyed (RULES.md, When Empires Clash!, fire combat). */
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "6, 6, 1", NULL, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_cmpstr (adj_result_view_get_actors (view), ==,
                   "British Regular Infantry 1 against Zulu Spearmen 1");
  g_assert_cmpstr (adj_result_view_get_headline (view), ==, "Target destroyed");
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "British Regular Infantry 1 against Zulu "
                                 "Spearmen 1"));

  /* Large enough to read from a chair at 1366×768. */
  headline = find_label (GTK_WIDGET (view), "Target destroyed");
  g_assert_nonnull (headline);
  g_assert_cmpfloat (font_px (headline), >=, 40.0);

  /* The reason on one line, all of it in the tooltip. */
  reason = find_label (GTK_WIDGET (view), "Firer 13 is at least twice target 3");
  if (reason == NULL)
    reason = find_label (GTK_WIDGET (view), adj_mechanic_panel_get_outcome (panel)->reason);
  g_assert_nonnull (reason);
  g_assert_true (gtk_widget_get_mapped (reason));
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (reason)), ==, PANGO_ELLIPSIZE_END);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (reason), ==, gtk_label_get_text (GTK_LABEL (reason)));

  /* A die face for every die, with its value, grouped by who rolled. */
  adj_test_collect_type (GTK_WIDGET (view), ADJ_TYPE_DICE_VIEW, dice);
  g_assert_cmpuint (dice->len, ==, 3);
  g_assert_cmpuint (adj_dice_view_get_sides (g_ptr_array_index (dice, 0)), ==, 6);
  g_assert_cmpint (adj_dice_view_get_value (g_ptr_array_index (dice, 0)), ==, 6);
  g_assert_cmpint (adj_dice_view_get_value (g_ptr_array_index (dice, 1)), ==, 6);
  g_assert_cmpuint (adj_dice_view_get_sides (g_ptr_array_index (dice, 2)), ==, 12);
  g_assert_cmpint (adj_dice_view_get_value (g_ptr_array_index (dice, 2)), ==, 1);
  rolls = adj_result_view_describe_rolls (view);
  g_assert_cmpstr (rolls, ==, "Firer: 6 6; Target: 1");

  /* Good for the firer, in words as well as in colour. */
  g_assert_cmpint (adj_result_view_get_tone (view), ==, ADJ_TONE_GOOD);
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Success"));

  /* The working-out waits in a popover: nothing of it is on screen until asked for, so
   * opening it moves nothing. */
  breakdown = adj_test_find_type (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (breakdown);
  g_assert_true (gtk_widget_get_mapped (breakdown));
  {
    GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (breakdown)));
    g_autoptr(GPtrArray) lines = g_ptr_array_new ();

    g_assert_false (gtk_widget_get_mapped (popover));
    adj_test_collect_type (popover, GTK_TYPE_LABEL, lines);
    g_assert_cmpuint (lines->len, >, 3);
  }

  /* 1 and 1 against 12: the firer's 2 is not even half of the target's 12: nothing happens,
   * which went badly for the firer. */
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "1, 1, 12", NULL, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_cmpstr (adj_mechanic_panel_get_outcome (panel)->key, ==, "ineffective");
  g_assert_cmpint (adj_result_view_get_tone (view), ==, ADJ_TONE_BAD);
  g_assert_true (adj_test_shows (GTK_WIDGET (view), "Setback"));
  g_clear_pointer (&rolls, g_free);
  rolls = adj_result_view_describe_rolls (view);
  g_assert_cmpstr (rolls, ==, "Firer: 1 1; Target: 12");
}

static void
test_fire_result (void)
{
  adj_test_run_app (check_fire_result, "--demo");
}

static void
check_table_mode (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  GSettings *settings = adj_application_get_settings (app);
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F11");
  AdjMechanicPanel *panel;
  GtkWidget *board;
  g_autoptr(GError) error = NULL;

  adj_test_settle ();
  g_assert_nonnull (settings);
  g_assert_false (g_settings_get_boolean (settings, "table-mode"));
  g_assert_true (g_strv_contains ((const char * const *) actions, "win.table-mode"));

  adj_test_to_phase (window, "first-side");
  panel = adj_battle_window_get_mechanic_panel (window);
  g_assert_true (adj_battle_window_select_unit (window, "u1"));
  g_assert_true (adj_battle_window_select_unit (window, "u16"));
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "6, 6, 1", NULL, &error));
  g_assert_no_error (error);

  /* F11: the setting the Preferences switch shows turns on, and the table sees the result. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.table-mode", NULL));
  adj_test_settle ();
  g_assert_true (g_settings_get_boolean (settings, "table-mode"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "table-mode"));
  board = adj_test_find_type (GTK_WIDGET (window), ADJ_TYPE_TABLE_BOARD);
  g_assert_nonnull (board);
  g_assert_true (gtk_widget_get_mapped (board));
  g_assert_true (adj_test_shows (board, "Target destroyed"));
  g_assert_true (adj_test_shows (board, "British Regular Infantry 1 against Zulu Spearmen 1"));
  /* The turn's facts stand over it. */
  g_assert_true (adj_test_shows (board, "Initiative"));

  /* Applied, the result stays on the board; the next roll replaces it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-result", NULL));
  adj_test_settle ();
  g_assert_true (adj_test_shows (board, "Target destroyed"));

  /* The board follows the journal: an undo takes the result off, a redo brings it back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_false (adj_test_shows (board, "Target destroyed"));
  g_assert_true (adj_test_shows (board, "No result yet: roll, and it shows here"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  adj_test_settle ();
  g_assert_true (adj_test_shows (board, "Target destroyed"));

  /* A roll waiting to be applied shows at once; discarded, the board goes back to the last
   * result in effect. */
  g_assert_true (adj_battle_window_select_unit (window, "u2"));
  g_assert_true (adj_battle_window_select_unit (window, "u17"));
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "1, 1, 12", NULL, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_true (adj_test_shows (board, "Setback"));
  adj_mechanic_panel_discard (panel);
  adj_test_settle ();
  g_assert_false (adj_test_shows (board, "Setback"));
  g_assert_true (adj_test_shows (board, "Target destroyed"));

  /* F11 again: back to the window as it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.table-mode", NULL));
  adj_test_settle ();
  g_assert_false (g_settings_get_boolean (settings, "table-mode"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "table-mode"));
  g_assert_false (gtk_widget_get_mapped (board));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
}

static void
test_table_mode (void)
{
  adj_test_run_app (check_table_mode, "--demo");
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/result/fire", test_fire_result);
  g_test_add_func ("/ui/result/table-mode", test_table_mode);
  return adj_test_finish_ui (g_test_run ());
}
