/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-display.c: the table display, the players' window on a TV — opened from the menu's
 * action and its shortcut, following the journal as results are applied and undone, and never
 * showing what is hidden: not a Redvers' Reverse drift or cup, not a Risk Factor group under a
 * marker.  Sharing the same view with the players' phones is test-ui-share.c's. */

#include "config.h"

#include <string.h>

#include "adj-test-ui.h"
#include "adj-journal.h"
#include "adj-card-view.h"
#include "adj-dice-view.h"
#include "adj-mechanic-panel.h"
#include "adj-result-view.h"
#include "adj-rf.h"
#include "adj-rf-view.h"
#include "adj-rn-turn-view.h"
#include "adj-rr.h"
#include "adj-secret.h"
#include "adj-table-display.h"

static AdjTableDisplay *
open_display (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjTableDisplay *display;

  g_assert_null (adj_battle_window_get_table_display (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.table-display", NULL));
  adj_test_settle ();
  display = adj_battle_window_get_table_display (window);
  g_assert_nonnull (display);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (display)));
  g_assert_true (adj_table_display_get_battle (display) == adj_battle_window_get_battle (window));
  return display;
}

/* "Turn 3 of 12 · British army activates", as the display heads the battle now. */
static char *
turn_text (AdjBattle *battle)
{
  g_autofree char *phase = adj_battle_phase_label (battle, NULL);

  return g_strdup_printf ("Turn %d of %d · %s", adj_battle_get_turn (battle),
                          adj_ruleset_get_max_turns (adj_battle_get_ruleset (battle)), phase);
}

static gboolean
display_shows (AdjTableDisplay *display,
               const char      *text)
{
  g_autofree char *shown = adj_table_display_describe (display);
  g_auto(GStrv) lines = g_strsplit (shown, "\n", -1);

  return g_strv_contains ((const char * const *) lines, text);
}

/* No line of the display holds @text anywhere in it. */
static void
assert_nowhere (AdjTableDisplay *display,
                const char      *text)
{
  g_autofree char *shown = adj_table_display_describe (display);
  g_autofree char *lower = g_utf8_strdown (shown, -1);
  g_autofree char *needle = g_utf8_strdown (text, -1);

  if (strstr (lower, needle) != NULL)
    g_error ("the table display shows “%s”:\n%s", text, shown);
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

static void
check_follows (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjBattle *battle = adj_battle_window_get_battle (window);
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app),
                                                                 "<Control><Shift>t");
  AdjMechanicPanel *panel;
  AdjTableDisplay *display;
  AdjResultView *view;
  g_autoptr(GError) error = NULL;
  g_autofree char *headline = NULL;
  g_autofree char *rolls = NULL;
  g_autofree char *turn = NULL;

  adj_test_settle ();
  adj_test_to_phase (window, "first-side");
  g_assert_true (g_strv_contains ((const char * const *) actions, "win.table-display"));
  display = open_display (app);
  view = adj_table_display_get_result_view (display);

  /* The battle's name, its turn and phase, and the turn's facts. */
  g_assert_true (display_shows (display, adj_battle_get_name (battle)));
  turn = turn_text (battle);
  g_assert_true (display_shows (display, turn));
  g_assert_true (display_shows (display, "Initiative"));
  headline = g_strdup (adj_result_view_get_headline (view));

  /* A roll waiting on the action panel is not a result yet: the display shows what is applied. */
  panel = adj_battle_window_get_mechanic_panel (window);
  g_assert_true (adj_battle_window_select_unit (window, "u1"));
  g_assert_true (adj_battle_window_select_unit (window, "u16"));
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "6, 6, 1", NULL, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_assert_cmpstr (adj_result_view_get_headline (view), ==, headline);

  /* Applied, it is there at once, with its units and its dice. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-result", NULL));
  adj_test_settle ();
  g_assert_cmpstr (adj_result_view_get_headline (view), ==, "Target destroyed");
  g_assert_cmpstr (adj_result_view_get_actors (view), ==,
                   "British Regular Infantry 1 against Zulu Spearmen 1");
  g_assert_true (display_shows (display, "Target destroyed"));
  rolls = adj_result_view_describe_rolls (view);
  g_assert_cmpstr (rolls, ==, "Firer: 6 6; Target: 1");
  g_assert_cmpint (adj_result_view_get_tone (view), ==, ADJ_TONE_GOOD);
  /* Nobody clicks a TV: the button that opens how it was worked out is not there. */
  {
    GtkWidget *breakdown = adj_test_find_type (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON);

    g_assert_true (breakdown == NULL || !gtk_widget_get_mapped (breakdown));
  }

  /* Undone, the display goes back to what it showed before. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_cmpstr (adj_result_view_get_headline (view), ==, headline);
  g_assert_false (display_shows (display, "Target destroyed"));
  /* And redone, it comes back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  adj_test_settle ();
  g_assert_cmpstr (adj_result_view_get_headline (view), ==, "Target destroyed");

  /* The next turn shows as soon as it starts. */
  g_assert_true (adj_battle_next_turn (battle, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  g_clear_pointer (&turn, g_free);
  turn = turn_text (battle);
  g_assert_true (display_shows (display, turn));

  /* Closed, it is gone; the action opens it again. */
  gtk_window_destroy (GTK_WINDOW (display));
  adj_test_settle ();
  g_assert_null (adj_battle_window_get_table_display (window));
  display = open_display (app);
  g_assert_cmpstr (adj_result_view_get_headline (adj_table_display_get_result_view (display)),
                   ==, "Target destroyed");
}

static void
test_follows (void)
{
  adj_test_run_app (check_follows, "--demo");
}

/* No drift's name or value and nothing of the cups, at the demo's start and step by step. */
static void
assert_rr_hidden (AdjTableDisplay *display,
                  AdjBattle       *battle,
                  json_object     *drifts)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);

  for (const char * const *d = adj_rr_drifts (rs); *d != NULL; d++)
    {
      json_object *v = NULL;
      g_autofree char *shows = NULL;
      g_autofree char *found = NULL;

      g_assert_true (json_object_object_get_ex (json_object_object_get (drifts, "areas"), *d,
                                                &v));
      shows = g_strdup_printf ("Shows %d", json_object_get_int (v));
      found = g_strdup_printf ("Found · %d", json_object_get_int (v));
      assert_nowhere (display, adj_rr_drift_label (rs, *d));
      assert_nowhere (display, shows);
      assert_nowhere (display, found);
    }
  assert_nowhere (display, "drift");
  assert_nowhere (display, "cup");
}

static void
check_rr (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjBattle *battle = adj_battle_window_get_battle (window);
  g_autoptr(json_object) drifts = NULL;
  AdjTableDisplay *display;
  guint steps;

  adj_test_settle ();
  display = open_display (app);
  drifts = open_secret (battle, ADJ_RR_DRIFTS_SECRET);
  g_assert_nonnull (drifts);
  g_assert_nonnull (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET));

  /* The three tracks, with their markers where the dashboard has them. */
  g_assert_true (display_shows (display, "Tracks"));
  g_assert_true (display_shows (display, "Game Turn: 1"));
  g_assert_true (display_shows (display, "Confidence: 1"));
  g_assert_true (display_shows (display, "Loss: 10"));
  assert_rr_hidden (display, battle, drifts);

  /* On through the steps the demo can take without a roll, looking each time. */
  for (steps = 0; steps < 6; steps++)
    {
      g_autoptr(GError) error = NULL;

      if (!adj_rr_next_step (battle, &error))
        break;
      adj_test_settle ();
      assert_rr_hidden (display, battle, drifts);
    }
  g_assert_cmpuint (steps, >, 0);
}

static void
test_rr (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rr-colenso.json", NULL);
  adj_test_run_app (check_rr, path);
}

/* No group under a marker is named, nor the marker that hides it. */
static void
assert_rf_hidden (AdjTableDisplay *display,
                  AdjBattle       *battle)
{
  g_autoptr(json_object) secret = open_secret (battle, ADJ_RF_MARKERS_SECRET);
  GListModel *units = adj_battle_get_units (battle);
  guint hidden = 0;

  g_assert_nonnull (secret);
  json_object_object_foreach (json_object_object_get (secret, "markers"), marker, group)
    {
      AdjUnit *unit = json_object_is_type (group, json_type_string)
                      ? adj_battle_find_unit (battle, json_object_get_string (group)) : NULL;

      (void) marker;
      if (unit != NULL && adj_battle_unit_is_hidden (battle, unit))
        assert_nowhere (display, adj_unit_get_name (unit));
    }
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (!adj_battle_unit_is_hidden (battle, unit))
        continue;
      assert_nowhere (display, adj_unit_get_name (unit));
      hidden++;
    }
  g_assert_cmpuint (hidden, >, 0);
}

/* Every die of the result lies inside the result's card, however many lines its reason takes. */
static void
assert_dice_inside (AdjResultView *view)
{
  g_autoptr(GPtrArray) dice = g_ptr_array_new ();

  adj_test_collect_type (GTK_WIDGET (view), ADJ_TYPE_DICE_VIEW, dice);
  g_assert_cmpuint (dice->len, >, 0);
  for (guint i = 0; i < dice->len; i++)
    {
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (dice, i), GTK_WIDGET (view),
                                                &bounds));
      g_assert_cmpfloat (bounds.origin.y, >=, 0);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                         gtk_widget_get_height (GTK_WIDGET (view)));
    }
}

static void
check_rf (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjBattle *battle = adj_battle_window_get_battle (window);
  AdjRfView *view = ADJ_RF_VIEW (adj_battle_window_get_special_view (window));
  AdjTableDisplay *display;
  g_autoptr(GError) error = NULL;
  g_autofree char *order = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);

  adj_test_settle ();
  display = open_display (app);
  assert_rf_hidden (display, battle);
  g_assert_false (display_shows (display, "The enemy's latest orders"));

  /* The enemy reacts: its orders are on the display, worded as the journal words them. */
  adj_battle_window_show_page (window, "enemy");
  adj_test_settle ();
  g_assert_true (adj_rf_view_roll (view, "5", &error));
  g_assert_no_error (error);
  adj_test_settle ();
  order = g_strdup (adj_journal_get_entry (journal, journal->position - 1)->summary);
  g_assert_true (g_str_has_prefix (order, "Young warriors 2 — RF "));
  g_assert_true (display_shows (display, "The enemy's latest orders"));
  g_assert_true (display_shows (display, order));
  assert_dice_inside (adj_table_display_get_result_view (display));
  assert_rf_hidden (display, battle);

  /* Undone, the orders leave the display. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_false (display_shows (display, order));
  g_assert_false (display_shows (display, "The enemy's latest orders"));
  assert_rf_hidden (display, battle);
}

static void
test_rf (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rf-patrol-at-the-kraal.json", NULL);
  adj_test_run_app (check_rf, path);
}

/* Redcoats & Natives: the units by card, in the order they act, the one up first marked. */
static void
check_rn (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjBattle *battle = adj_battle_window_get_battle (window);
  AdjRnTurnView *view = ADJ_RN_TURN_VIEW (adj_battle_window_get_special_view (window));
  AdjTableDisplay *display;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) cards = g_ptr_array_new ();
  AdjUnit *first;

  adj_test_settle ();
  display = open_display (app);
  g_assert_false (display_shows (display, "Activation order"));

  g_assert_true (adj_rn_turn_view_deal (view, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  first = adj_battle_find_unit (battle, adj_rn_turn_view_get_current (view));
  g_assert_true (display_shows (display, "Activation order"));
  g_assert_true (display_shows (display, adj_unit_get_name (first)));
  g_assert_true (display_shows (display, adj_unit_get_card (first)));
  adj_test_collect_type (GTK_WIDGET (display), ADJ_TYPE_CARD_VIEW, cards);
  g_assert_cmpuint (cards->len, >, 0);
  g_assert_cmpstr (adj_card_name (adj_card_view_get_card (g_ptr_array_index (cards, 0))), ==,
                   adj_unit_get_card (first));

  /* Undone, the cards are back in the pack and off the display. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_false (display_shows (display, "Activation order"));
}

static void
test_rn (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rn-column-on-the-march.json", NULL);
  adj_test_run_app (check_rn, path);
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/display/follows", test_follows);
  g_test_add_func ("/ui/display/rn-cards", test_rn);
  g_test_add_func ("/ui/display/rr-hidden", test_rr);
  g_test_add_func ("/ui/display/rf-hidden", test_rf);
  return adj_test_finish_ui (g_test_run ());
}
