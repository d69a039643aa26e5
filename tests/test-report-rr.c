/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report-rr.c: the after-action report of a Redvers' Reverse battle counts its losses in
 * strength points, as the game does: rifle fire played through the core on the Colenso demo,
 * the strength each side lost turn by turn against what the results said, the words of the
 * Markdown, and undo taking the loss back.
 */

#include "config.h"

#include <string.h>

#include "adj-battle.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-report.h"
#include "adj-store.h"
#include "adj-test-util.h"
#include "adj-unit.h"

#define BRITISH 0
#define BOERS   1

static AdjBattle *
demo_battle (void)
{
  return adj_test_load_demo ("rr-colenso.json");
}

/* Rifle fire with the die of the table, applied as "adjutant-cli resolve rr/rifle-fire
 * --battle --apply --allow" does: the strength points the target lost, as the result says. */
static int
rifle_fire (AdjBattle  *battle,
            const char *firer,
            const char *target,
            int         die)
{
  g_autofree char *text = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\"}", firer,
                                           target);
  g_autoptr(AdjOutcome) outcome = adj_test_play (battle, "rr/rifle-fire", text, &die, 1, TRUE);

  return adj_outcome_get_value_int (outcome, "losses", 0);
}

static void
set_turn (AdjBattle *battle,
          int        turn)
{
  g_autoptr(json_object) value = json_object_new_int (turn);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (battle, "battle", "turn", value, &error));
  g_assert_no_error (error);
}

/* Shots in two turns: each side's strength lost in a turn is what the results said it lost,
 * and the whole game adds them up.  The 1st Border Regiment's second loss turns its counter to
 * the reduced side; the set-up, which starts the 2nd Royal Fusiliers reduced, costs nothing. */
static void
test_strength_lost (void)
{
  static const struct {
    int         turn;
    const char *firer;
    const char *target;
    int         die;
    guint       side;      /* the target's */
  } shots[] = {
    { 1, "wakkerstroom-commando", "1st-border-regiment", 6, BRITISH },
    { 1, "ermelo-commando", "1st-connaught-rangers", 6, BRITISH },
    { 2, "2nd-devonshire-regiment", "ermelo-commando", 6, BOERS },
    { 2, "wakkerstroom-commando", "1st-border-regiment", 6, BRITISH },
  };
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(AdjReport) report = NULL;
  int lost[3][2] = { { 0 } };   /* [turn][side], turn 0: the whole game */

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      int n;

      if (adj_battle_get_turn (battle) != shots[i].turn)
        set_turn (battle, shots[i].turn);
      n = rifle_fire (battle, shots[i].firer, shots[i].target, shots[i].die);
      lost[shots[i].turn][shots[i].side] += n;
      lost[0][shots[i].side] += n;
    }
  /* The fire must have cost strength in both turns, or the test proves nothing. */
  g_assert_cmpint (lost[1][BRITISH], >, 0);
  g_assert_cmpint (lost[2][BOERS], >, 0);
  g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, "1st-border-regiment"),
                                           "reduced"));

  report = adj_report_new (battle);
  g_assert_true (adj_report_counts_strength (report));
  for (int t = 0; t < 3; t++)
    for (guint s = 0; s < 2; s++)
      g_assert_cmpint (adj_report_get_figures_lost (report, s, t), ==, lost[t][s]);
}

/* The Markdown speaks of strength points, never of figures. */
static void
test_markdown_words (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(AdjReport) report = NULL;
  g_autofree char *md = NULL;

  g_assert_cmpint (rifle_fire (battle, "wakkerstroom-commando", "1st-border-regiment", 6), ==,
                   1);
  report = adj_report_new (battle);
  md = adj_report_to_markdown (report);
  g_assert_nonnull (strstr (md, " British Army of Natal: strength points (units) |"));
  g_assert_nonnull (strstr (md, "\n| **All** | 1 (0) | 0 (0) |"));
  g_assert_nonnull (strstr (md, "\nBritish Army of Natal lost 1% of their strength points, "
                                "Boer forces on the Tugela 0%: Boer forces on the Tugela ahead "
                                "by 1 point."));
  g_assert_nonnull (strstr (md, "| 1st Border Regiment | British Army of Natal | "
                                "lost 1 of 5 strength points |"));
  g_assert_nonnull (strstr (md, "| 2nd Royal Fusiliers | British Army of Natal | unhurt |"));
  g_assert_null (strstr (md, "figures"));
}

/* Undoing the shot takes the loss back; a battery destroyed loses its one strength box and is
 * a unit lost. */
static void
test_undo_and_destroyed (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (rifle_fire (battle, "wakkerstroom-commando", "1st-border-regiment", 6), ==,
                   1);
  {
    g_autoptr(AdjReport) report = adj_report_new (battle);

    g_assert_cmpint (adj_report_get_figures_lost (report, BRITISH, 0), ==, 1);
  }
  adj_test_undo (battle);
  {
    g_autoptr(AdjReport) report = adj_report_new (battle);
    g_autofree char *md = adj_report_to_markdown (report);

    g_assert_cmpint (adj_report_get_figures_lost (report, BRITISH, 0), ==, 0);
    g_assert_nonnull (strstr (md, "Both sides lost the same share of their strength points "
                                  "(0%)."));
  }
  g_assert_true (adj_battle_edit (battle, "unit:14th-field-battery", "destroyed", yes, &error));
  g_assert_no_error (error);
  {
    g_autoptr(AdjReport) report = adj_report_new (battle);

    g_assert_cmpint (adj_report_get_figures_lost (report, BRITISH, 1), ==, 1);
    g_assert_cmpint (adj_report_get_units_lost (report, BRITISH, 1), ==, 1);
    g_assert_cmpint (adj_report_get_figures_lost (report, BOERS, 0), ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report-rr/strength-lost", test_strength_lost);
  g_test_add_func ("/report-rr/markdown-words", test_markdown_words);
  g_test_add_func ("/report-rr/undo-and-destroyed", test_undo_and_destroyed);
  return g_test_run ();
}
