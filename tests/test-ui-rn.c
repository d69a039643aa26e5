/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-rn.c: a Redcoats & Natives turn in the real window — the deal, the walk down the
 * order, a fire at a unit in cover with its cover cards, and the cohesion step. */

#include "config.h"

#include <string.h>

#include "adj-test-ui.h"
#include "adj-json.h"
#include "adj-mechanic-panel.h"
#include "adj-rn.h"
#include "adj-rn-turn-view.h"
#include "adj-roll-setup.h"

static gboolean
is_red (AdjCard card,
        gpointer data)
{
  return adj_card_is_red (card);
}

/* A card still in the pack, of the colour asked for. */
static char *
card_left (AdjBattle *battle,
           gboolean   red)
{
  guint n;
  const AdjCard *draw = adj_pack_draw_pile (adj_battle_get_pack (battle), &n);

  for (guint i = 0; i < n; i++)
    if (adj_card_is_red (draw[i]) == red)
      return adj_card_to_string (draw[i]);
  g_assert_not_reached ();
  return NULL;
}

static void
check_turn (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  AdjRnTurnView *view;
  AdjMechanicPanel *panel;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *red = NULL;
  g_autofree char *black = NULL;
  g_autofree char *cards = NULL;
  GtkWidget *row;
  AdjOutcome *outcome;
  GtkWidget *deal;
  guint red_left;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  view = ADJ_RN_TURN_VIEW (adj_battle_window_get_special_view (window));
  g_assert_nonnull (view);
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Deal the Cards"));
  g_assert_cmpuint (adj_rn_turn_view_get_n_listed (view), ==, 0);
  /* Alt+4 and Alt+5: the fourth and fifth pages of the bar, Cards and Turn. */
  {
    AdwViewStack *stack = ADW_VIEW_STACK (adj_test_find_type (GTK_WIDGET (window),
                                                              ADW_TYPE_VIEW_STACK));

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page-at", "i", 4));
    adj_test_settle ();
    g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "cards");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page-at", "i", 5));
    adj_test_settle ();
    g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "turn");
  }
  deal = adj_test_find_button (GTK_WIDGET (view), "_Deal the Cards");
  g_assert_true (gtk_widget_has_css_class (deal, "suggested-action"));

  /* The deal: every unit and commander on the table gets a card, and the order shows. */
  g_assert_true (adj_rn_turn_view_deal (view, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  /* No gun of the demo is limbered, so every unit and commander is dealt a card. */
  g_assert_cmpuint (adj_rn_turn_view_get_n_listed (view), ==, adj_battle_get_n_units (battle));
  first = g_strdup (adj_rn_turn_view_get_current (view));
  g_assert_nonnull (first);
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Done — Next"));
  g_assert_true (adj_test_shows (GTK_WIDGET (window),
                                 adj_unit_get_name (adj_battle_find_unit (battle, first))));
  /* While units hold cards they have yet to act on, dealing again is no longer the step. */
  g_assert_false (gtk_widget_has_css_class (deal, "suggested-action"));

  /* Done: the next unit acts; undo brings the first back. */
  g_assert_true (adj_rn_turn_view_next (view, &error));
  adj_test_settle ();
  g_assert_cmpstr (adj_rn_turn_view_get_current (view), !=, first);
  g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, first), "acted"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  adj_test_settle ();
  g_assert_cmpstr (adj_rn_turn_view_get_current (view), ==, first);

  /* Units act in the order of their cards: those before Line infantry 1 are done first. */
  {
    g_autoptr(GPtrArray) order = adj_rn_activation_order (battle);
    const char *card = adj_unit_get_card (adj_battle_find_unit (battle, "u2"));

    for (guint i = 0; i < order->len && !g_str_equal (g_ptr_array_index (order, i), "u2"); i++)
      {
        AdjUnit *before = adj_battle_find_unit (battle, g_ptr_array_index (order, i));

        if (!adj_unit_get_status_bool (before, "acted") &&
            g_strcmp0 (adj_unit_get_card (before), card) != 0)
          g_assert_true (adj_rn_mark_done (battle, adj_unit_get_id (before), &error));
        g_assert_no_error (error);
      }
  }

  /* Line infantry 1 fires at Spearmen 1 in cover: two sixes, one red and one black card. */
  adj_battle_window_show_page (window, "act");
  panel = adj_battle_window_get_mechanic_panel (window);
  g_assert_true (adj_mechanic_panel_select (panel, "rn/fire"));
  adj_mechanic_panel_use_unit (panel, 0, "u2");
  adj_mechanic_panel_use_unit (panel, 1, "u11");
  row = adj_mechanic_panel_get_row (panel, "target_in_cover");
  gtk_switch_set_active (GTK_SWITCH (adj_test_find_type (row, GTK_TYPE_SWITCH)), TRUE);
  adj_test_settle ();
  g_assert_true (adj_inputs_get_bool (adj_mechanic_panel_get_inputs (panel), "target_in_cover"));
  red_left = adj_pack_count_left (adj_battle_get_pack (battle), is_red, NULL);
  g_assert_cmpuint (red_left, >, 0);

  red = card_left (battle, TRUE);
  black = card_left (battle, FALSE);
  cards = g_strdup_printf ("%s,%s", red, black);
  g_assert_true (adj_mechanic_panel_resolve_entered (panel, "6, 2, 6, 3", cards, &error));
  g_assert_no_error (error);
  outcome = adj_mechanic_panel_get_outcome (panel);
  g_assert_cmpint (adj_outcome_get_value_int (outcome, "sixes", -1), ==, 2);
  g_assert_true (adj_mechanic_panel_apply (panel));
  adj_test_settle ();
  /* One hit came through the cover: the spearmen are disrupted, and the cards left the pack. */
  g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u11"), "disrupted"));
  g_assert_cmpuint (adj_pack_count_left (adj_battle_get_pack (battle), is_red, NULL), ==,
                    red_left - 1);

  /* Its row in the cohesion step waits: rallying is not the step while units are to act. */
  adj_test_settle ();
  g_assert_nonnull (adj_test_find_button (GTK_WIDGET (view), "Rally"));
  g_assert_false (gtk_widget_has_css_class (adj_test_find_button (GTK_WIDGET (view), "Rally"),
                                            "suggested-action"));

  /* Rally All before every unit has acted: the rules refuse each, so the referee is asked;
   * cancelled, nothing is journaled; allowed, the try is his ruling (undone again here). */
  {
    AdjJournal *journal = adj_battle_get_journal (battle);
    guint n_entries = journal->position;

    g_assert_true (adj_rn_turn_view_rally (view, NULL, FALSE, &error));
    g_assert_no_error (error);
    adj_test_settle ();
    adj_test_answer (app, "Not Allowed Now", "cancel");
    g_assert_cmpuint (journal->position, ==, n_entries);
    g_assert_true (adj_rn_turn_view_rally (view, NULL, FALSE, &error));
    adj_test_settle ();
    adj_test_answer (app, "Not Allowed Now", "allow");
    g_assert_cmpuint (journal->position, ==, n_entries + 1);
    g_assert_cmpstr (adj_journal_get_entry (journal, n_entries)->mechanic, ==, "rn/cohesion");
    g_assert_nonnull (strstr (adj_journal_get_entry (journal, n_entries)->summary,
                              " · allowed by the referee: "));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    adj_test_settle ();
    g_assert_cmpuint (journal->position, ==, n_entries);
  }

  /* Cohesion comes once every unit has acted: the turn is played out. */
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);
      g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
      g_autoptr(json_object) yes = json_object_new_boolean (TRUE);

      g_assert_true (adj_battle_edit (battle, where, "status.acted", yes, &error));
      g_assert_no_error (error);
    }

  /* The cohesion step lists them; a rally turns a card and is journaled. */
  adj_battle_window_show_page (window, "turn");
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (window),
                                 "1 unit or commander is disrupted: each turns a card to try to "
                                 "rally."));
  g_assert_true (gtk_widget_has_css_class (adj_test_find_button (GTK_WIDGET (view), "Rally"),
                                           "suggested-action"));
  g_assert_true (adj_rn_turn_view_rally (view, "u11", FALSE, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  {
    AdjJournal *journal = adj_battle_get_journal (battle);
    AdjEntry *last = adj_journal_get_entry (journal, journal->position - 1);
    guint n_entries = journal->position;
    g_autofree char *ruling = NULL;

    g_assert_cmpstr (last->mechanic, ==, "rn/cohesion");

    /* A second try this turn: the referee is asked.  Cancelled, nothing is journaled; allowed,
     * the try is journaled as his ruling. */
    g_assert_true (adj_rn_turn_view_rally (view, "u11", FALSE, &error));
    g_assert_no_error (error);
    adj_test_settle ();
    adj_test_answer (app, "Not Allowed Now", "cancel");
    g_assert_cmpuint (journal->position, ==, n_entries);
    g_assert_true (adj_rn_turn_view_rally (view, "u11", FALSE, &error));
    adj_test_settle ();
    adj_test_answer (app, "Not Allowed Now", "allow");
    g_assert_cmpuint (journal->position, ==, n_entries + 1);
    last = adj_journal_get_entry (journal, journal->position - 1);
    g_assert_cmpstr (last->mechanic, ==, "rn/cohesion");
    ruling = g_strdup_printf (" · allowed by the referee: %s has already tried to regain "
                              "cohesion this turn",
                              adj_unit_get_name (adj_battle_find_unit (battle, "u11")));
    g_assert_true (g_str_has_suffix (last->summary, ruling));
  }
}

/* The unit up acts from the order: its button opens the action page with it in the form. */
static void
check_act_with_up_unit (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjRnTurnView *view;
  AdjMechanicPanel *panel;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GtkButton *act = NULL;
  const char *up;
  guint slot_input = G_MAXUINT;

  adj_test_settle ();
  window = adj_test_the_window (app);
  view = ADJ_RN_TURN_VIEW (adj_battle_window_get_special_view (window));
  adj_battle_window_show_page (window, "turn");
  g_assert_true (adj_rn_turn_view_deal (view, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  up = adj_rn_turn_view_get_current (view);
  g_assert_nonnull (up);

  adj_test_collect_type (GTK_WIDGET (view), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "A_ct…") == 0)
      {
        g_assert_null (act);   /* one, on the row of the unit up */
        act = g_ptr_array_index (buttons, i);
      }
  g_assert_nonnull (act);
  gtk_widget_activate (GTK_WIDGET (act));
  adj_test_settle ();

  panel = adj_battle_window_get_mechanic_panel (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  for (guint i = 0; i < adj_mechanic_panel_get_mechanic (panel)->n_inputs; i++)
    if (adj_mechanic_panel_get_mechanic (panel)->inputs[i].kind == ADJ_FIELD_UNIT)
      {
        slot_input = i;
        break;
      }
  g_assert_cmpuint (slot_input, !=, G_MAXUINT);
  g_assert_cmpstr (adj_inputs_get_string (adj_mechanic_panel_get_inputs (panel),
                                          adj_mechanic_panel_get_mechanic (panel)->inputs[slot_input].name),
                   ==, up);
  /* The action offered is one the rules take the unit in: a unit that is not a commander is
   * not put in "Commander with a unit", the first action of the list. */
  g_assert_true (adj_roll_setup_takes_unit (adj_mechanic_panel_get_mechanic (panel),
                                            adj_battle_window_get_battle (window),
                                            adj_mechanic_panel_get_mechanic (panel)->inputs[slot_input].name,
                                            up));
}

static void
test_act_with_up_unit (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rn-column-on-the-march.json", NULL);
  adj_test_run_app (check_act_with_up_unit, path);
}

static void
test_turn (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rn-column-on-the-march.json", NULL);
  adj_test_run_app (check_turn, path);
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/rn/turn", test_turn);
  g_test_add_func ("/ui/rn/act-with-up-unit", test_act_with_up_unit);
  return adj_test_finish_ui (g_test_run ());
}
