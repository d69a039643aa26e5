/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report.c: the after-action report — its luck figures against a computation of their own
 * from the journal, the odds each entry keeps, the PDF read back and its pages rendered, the
 * Markdown, and "adjutant-cli report".
 *
 * The scripted game is the Zulu War demo: fire and close combats, some with dice entered at the
 * table, turns ended, and entries undone (some then dropped by a new roll, one left to redo).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "adj-battle.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-outcome-tone.h"
#include "adj-report.h"
#include "adj-rf.h"
#include "adj-roll-setup.h"
#include "adj-store.h"
#include "adj-test-cli.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"
#include "adj-unit.h"

static AdjBattle *
demo_battle (void)
{
  return adj_test_load_demo ("wec-zulu-war.json");
}

/* A roll with the dice of the table: as many dice as the inputs ask for, from @faces. */
static void
entered (AdjBattle  *battle,
         const char *mechanic,
         const char *inputs,
         const int  *faces)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mechanic);
  g_autoptr(json_object) json = adj_test_parse (inputs);
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GArray) specs = NULL;
  AdjRollRequest probe = { .battle = battle, .inputs = json, .file = "inputs", .allow = TRUE };
  g_auto(AdjRollSetup) peek = { 0 };
  guint n = 0;

  /* The dice these inputs ask for, before any is entered. */
  g_assert_true (adj_roll_setup_prepare (mech, &probe, &peek, &error));
  g_assert_no_error (error);
  specs = adj_mechanic_draws (mech, &peek.ctx, peek.inputs);
  for (guint i = 0; i < specs->len; i++)
    for (guint d = 0; d < g_array_index (specs, AdjDrawSpec, i).count; d++)
      {
        int face = MIN (faces[n++], (int) g_array_index (specs, AdjDrawSpec, i).sides);

        g_array_append_val (dice, face);
      }
  outcome = adj_test_play (battle, mechanic, inputs, &g_array_index (dice, int, 0), dice->len,
                           TRUE);
}

static void
rolled (AdjBattle  *battle,
        const char *mechanic,
        const char *inputs)
{
  g_autoptr(json_object) json = adj_test_parse (inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = adj_battle_run_ruling (battle, mechanic, json, &error);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
}

/* On to the next turn (from the set-up, the first turn's first phase comes first). */
static void
next_turn (AdjBattle *battle)
{
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < 4 && adj_battle_get_turn (battle) == turn; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (adj_battle_next_turn (battle, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (adj_battle_get_turn (battle), ==, turn + 1);
}

/* The scripted game: three turns, dice entered at the table in some rolls, two entries undone
 * and dropped by a new roll, and the last one undone and left to redo. */
static AdjBattle *
scripted_game (void)
{
  static const int sixes[] = { 6, 6, 6, 6, 6, 6 };
  static const int ones[] = { 1, 1, 1, 1, 1, 1 };
  static const int mixed[] = { 5, 2, 4, 3, 6, 1 };
  AdjBattle *battle = demo_battle ();

  entered (battle, "wec/fire-combat", "{\"firer\": \"u1\", \"target\": \"u20\", \"distance\": 2}",
           sixes);
  rolled (battle, "wec/fire-combat", "{\"firer\": \"u2\", \"target\": \"u21\", \"distance\": 2}");
  entered (battle, "wec/close-combat", "{\"attacker\": \"u16\", \"defender\": \"u3\"}", ones);
  next_turn (battle);
  rolled (battle, "wec/fire-combat", "{\"firer\": \"u14\", \"target\": \"u22\", \"distance\": 2}");
  rolled (battle, "wec/close-combat", "{\"attacker\": \"u17\", \"defender\": \"u4\"}");
  entered (battle, "wec/fire-combat", "{\"firer\": \"u31\", \"target\": \"u5\", \"distance\": 2}",
           mixed);
  /* Two undone and dropped: they must not count. */
  adj_test_undo (battle);
  adj_test_undo (battle);
  rolled (battle, "wec/close-combat", "{\"attacker\": \"u18\", \"defender\": \"u6\"}");
  next_turn (battle);
  entered (battle, "wec/fire-combat", "{\"firer\": \"u13\", \"target\": \"u23\", \"distance\": 2}",
           sixes);
  rolled (battle, "wec/fire-combat", "{\"firer\": \"u32\", \"target\": \"u7\", \"distance\": 2}");
  rolled (battle, "wec/close-combat", "{\"attacker\": \"u9\", \"defender\": \"u24\"}");
  /* Undone and left to redo: it must not count either. */
  entered (battle, "wec/fire-combat", "{\"firer\": \"u33\", \"target\": \"u8\", \"distance\": 2}",
           ones);
  adj_test_undo (battle);
  return battle;
}

/* ---- luck worked out again, from the saved journal alone ---- */

typedef struct {
  double luck[2];
  guint  rolls;
} Luck;

static const char *
unit_side (json_object *doc,
           const char  *unit)
{
  json_object *units = json_object_object_get (doc, "units");

  for (size_t i = 0; i < json_object_array_length (units); i++)
    {
      json_object *u = json_object_array_get_idx (units, i);

      if (g_str_equal (json_object_get_string (json_object_object_get (u, "id")), unit))
        return json_object_get_string (json_object_object_get (u, "side"));
    }
  return NULL;
}

/* From each entry's stored inputs, the odds counted afresh without the battle, the tone of
 * every result, and +1 for a good result, -1 for a bad one, less the chance of good less that of
 * bad; the side of the first unit named acted; the other side gets the opposite.  The entries
 * in effect only, or with @all_entries the undone ones too. */
static Luck
independent_luck (AdjBattle *battle,
                  gboolean   all_entries)
{
  g_autoptr(json_object) doc = adj_battle_to_json (battle);
  json_object *journal = json_object_object_get (doc, "journal");
  json_object *entries = json_object_object_get (journal, "entries");
  size_t upto = all_entries ? json_object_array_length (entries)
                            : (size_t) json_object_get_int (json_object_object_get (journal,
                                                                                    "position"));
  AdjContext ctx = { .ruleset = adj_battle_get_ruleset (battle) };
  Luck luck = { { 0, 0 }, 0 };

  for (size_t i = 0; i < upto; i++)
    {
      json_object *entry = json_object_array_get_idx (entries, i);
      json_object *inputs = json_object_object_get (entry, "inputs");
      const char *kind = json_object_get_string (json_object_object_get (entry, "kind"));
      const char *key = NULL;
      const AdjMechanic *mech = NULL;
      g_autoptr(AdjInputs) in = NULL;
      g_autoptr(AdjOdds) odds = NULL;
      g_autoptr(GError) error = NULL;
      const char *first = NULL;
      double good = 0, bad = 0, happened = 0;
      AdjOutcome probe = { 0 };

      if (g_strcmp0 (kind, "mechanic") != 0)
        continue;
      key = json_object_get_string (
        json_object_object_get (json_object_object_get (entry, "outcome"), "outcome"));
      mech = adj_mechanic_lookup (json_object_get_string (json_object_object_get (entry,
                                                                                 "mechanic")));
      in = adj_inputs_new (mech, ctx.ruleset);
      probe.mechanic = mech;
      g_assert_true (adj_inputs_set_json (in, inputs, "journal", &error));
      odds = adj_mechanic_odds (mech, &ctx, in, &error);
      g_assert_no_error (error);
      for (guint o = 0; o < odds->entries->len; o++)
        {
          const AdjOddsEntry *e = g_ptr_array_index (odds->entries, o);
          AdjTone tone;

          probe.key = e->key;
          tone = adj_outcome_get_tone (&probe);
          if (tone == ADJ_TONE_GOOD)
            good += e->p;
          else if (tone == ADJ_TONE_BAD)
            bad += e->p;
          if (g_str_equal (e->key, key))
            happened = tone == ADJ_TONE_GOOD ? 1 : tone == ADJ_TONE_BAD ? -1 : 0;
        }
      first = json_object_get_string (json_object_object_get (
        inputs, mech->inputs[0].name));
      {
        int s = g_str_equal (unit_side (doc, first), "a") ? 0 : 1;

        luck.luck[s] += happened - (good - bad);
        luck.luck[1 - s] -= happened - (good - bad);
      }
      luck.rolls++;
    }
  return luck;
}

static void
test_luck_matches (void)
{
  g_autoptr(AdjBattle) battle = scripted_game ();
  g_autoptr(AdjReport) report = adj_report_new (battle);
  Luck expected = independent_luck (battle, FALSE);
  Luck with_undone = independent_luck (battle, TRUE);

  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), >,
                    adj_battle_get_journal (battle)->position);
  g_assert_cmpuint (adj_report_get_n_rolls (report), ==, expected.rolls);
  g_assert_cmpuint (adj_report_get_n_rolls (report), ==, 8);
  g_assert_cmpuint (adj_report_get_n_unknown (report), ==, 0);
  for (guint s = 0; s < 2; s++)
    g_assert_cmpfloat_with_epsilon (adj_report_get_luck (report, s), expected.luck[s], 1e-9);
  /* The undone entry would change the figures: the check can tell. */
  g_assert_cmpfloat (fabs (with_undone.luck[0] - expected.luck[0]), >, 1e-6);
  /* Zero-sum between the two sides. */
  g_assert_cmpfloat_with_epsilon (adj_report_get_luck (report, 0) +
                                  adj_report_get_luck (report, 1), 0, 1e-9);
}

/* Each roll keeps the exact chance of what came up, as the odds count it, whether its dice
 * were rolled or entered; and nothing but the odds. */
static void
test_kept_odds (void)
{
  static const char *const allowed[] = {
    "known", "p", "p_value", "expected", "tone", "side", "good_for", "p_good", "p_bad",
    "percentile", NULL
  };
  g_autoptr(AdjBattle) battle = scripted_game ();
  AdjJournal *journal = adj_battle_get_journal (battle);
  AdjContext ctx = { .ruleset = adj_battle_get_ruleset (battle) };

  for (guint i = 0; i < adj_journal_get_n_entries (journal); i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      const AdjMechanic *mech;
      g_autoptr(AdjInputs) in = NULL;
      g_autoptr(AdjOdds) odds = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *fraction = NULL;
      const char *key;

      if (g_strcmp0 (entry->kind, "mechanic") != 0)
        continue;
      g_assert_nonnull (entry->odds);
      json_object_object_foreach (entry->odds, name, value)
        {
          (void) value;
          g_assert_true (g_strv_contains (allowed, name));
        }
      mech = adj_mechanic_lookup (entry->mechanic);
      in = adj_inputs_new (mech, ctx.ruleset);
      g_assert_true (adj_inputs_set_json (in, entry->inputs, "journal", &error));
      odds = adj_mechanic_odds (mech, &ctx, in, &error);
      g_assert_no_error (error);
      key = json_object_get_string (json_object_object_get (entry->outcome, "outcome"));
      fraction = adj_odds_entry_fraction (adj_odds_find (odds, key));
      g_assert_cmpstr (json_object_get_string (json_object_object_get (entry->odds, "p")), ==,
                       fraction);
    }
}

/* How a roll's kept odds count for luck, read back from a saved file: a roll that could go well
 * or badly for the side that acted counts whatever came up (+1 good, -1 bad, 0 for a mixed
 * result or one that is neither), less what was to be expected; one that could not (a number)
 * counts for no one. */
static void
test_luck_of_tones (void)
{
  static const struct {
    const char *odds;
    double      luck;   /* for side "a", which acted */
  } cases[] = {
    { "{\"tone\": \"good\", \"p_good\": 0.5, \"p_bad\": 0.25}", 0.75 },
    { "{\"tone\": \"bad\", \"p_good\": 0.5, \"p_bad\": 0.25}", -1.25 },
    { "{\"tone\": \"mixed\", \"p_good\": 0.5, \"p_bad\": 0.25}", -0.25 },
    { "{\"tone\": \"neutral\", \"p_good\": 0.5, \"p_bad\": 0.25}", -0.25 },
    { "{\"tone\": \"neutral\", \"expected\": 3.5}", 0 },
    /* Luck that rounds to nothing is printed +0.00 for both sides, never -0.00. */
    { "{\"tone\": \"good\", \"p_good\": 0.999, \"p_bad\": 0}", 0.001 },
  };
  g_autoptr(AdjBattle) played = scripted_game ();
  g_autoptr(json_object) doc = adj_battle_to_json (played);
  json_object *entries = json_object_object_get (json_object_object_get (doc, "journal"),
                                                 "entries");
  json_object *first = json_object_array_get_idx (entries, 0);
  g_autoptr(AdjBattle) without = NULL;
  g_autoptr(AdjReport) base = NULL;
  g_autoptr(GError) error = NULL;

  /* The luck of every other roll: the first one's odds unknown. */
  json_object_object_add (first, "odds", adj_test_parse ("{\"known\": false}"));
  without = adj_battle_from_json (doc, "test", &error);
  g_assert_no_error (error);
  base = adj_report_new (without);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(json_object) odds = adj_test_parse (cases[i].odds);
      g_autoptr(AdjBattle) battle = NULL;
      g_autoptr(AdjReport) report = NULL;
      g_autofree char *md = NULL;

      json_object_object_add (odds, "known", json_object_new_boolean (TRUE));
      json_object_object_add (odds, "p", json_object_new_string ("1/4"));
      json_object_object_add (odds, "p_value", json_object_new_double (0.25));
      json_object_object_add (odds, "side", json_object_new_string ("a"));
      json_object_object_add (first, "odds", json_object_get (odds));
      battle = adj_battle_from_json (doc, "test", &error);
      g_assert_no_error (error);
      report = adj_report_new (battle);
      g_assert_cmpuint (adj_report_get_n_rolls (report), ==, adj_report_get_n_rolls (base) + 1);
      g_assert_cmpint (adj_report_get_roll (report, 0)->counts, ==, cases[i].luck != 0);
      g_assert_cmpfloat_with_epsilon (adj_report_get_luck (report, 0) -
                                      adj_report_get_luck (base, 0), cases[i].luck, 1e-9);
      g_assert_cmpfloat_with_epsilon (adj_report_get_luck (report, 1) -
                                      adj_report_get_luck (base, 1), -cases[i].luck, 1e-9);
      md = adj_report_to_markdown (report);
      g_assert_null (strstr (md, "-0.00"));
    }
}

/* The side that acted is the one the first unit input names: figures seen by someone of the
 * patrol are its luck; figures seen with nobody named looking are nobody's, not the luck of the
 * side seen. */
static void
test_who_acted (void)
{
  static const int three[] = { 3, 3 };
  static const struct {
    const char *inputs;
    const char *side;
  } cases[] = {
    { "{\"observer\": \"u2\", \"target\": \"u6\", \"distance\": 20}", "a" },
    { "{\"target\": \"u6\", \"distance\": 20}", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                "rf-patrol-at-the-kraal.json", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
      AdjJournal *journal;
      AdjEntry *entry;
      json_object *side = NULL;

      g_assert_no_error (error);
      entered (battle, "rf/visibility", cases[i].inputs, three);
      journal = adj_battle_get_journal (battle);
      entry = adj_journal_get_entry (journal, journal->position - 1);
      g_assert_cmpstr (entry->mechanic, ==, "rf/visibility");
      json_object_object_get_ex (entry->odds, "side", &side);
      g_assert_cmpstr (side != NULL ? json_object_get_string (side) : NULL, ==, cases[i].side);
    }
}

/* A game with every unit of a side destroyed in turn 2 counts its losses there. */
static void
test_losses (void)
{
  g_autoptr(AdjBattle) battle = demo_battle ();
  g_autoptr(AdjReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);

  next_turn (battle);
  g_assert_true (adj_battle_edit (battle, "unit:u20", "destroyed", yes, &error));
  g_assert_true (adj_battle_edit (battle, "unit:u21", "destroyed", yes, &error));
  g_assert_no_error (error);
  report = adj_report_new (battle);
  g_assert_cmpint (adj_report_get_units_lost (report, 1, 2), ==, 2);
  g_assert_cmpint (adj_report_get_figures_lost (report, 1, 2), ==, 2);
  g_assert_cmpint (adj_report_get_units_lost (report, 1, 1), ==, 0);
  g_assert_cmpint (adj_report_get_units_lost (report, 1, 0), ==, 2);
  g_assert_cmpint (adj_report_get_units_lost (report, 0, 0), ==, 0);
}

/* A unit that keeps a record per figure loses them one at a time: each figure marked lost is a
 * figure lost, in the turn it fell. */
static void
test_losses_by_figure (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_test_load_demo ("rf-patrol-at-the-kraal.json");
  g_autoptr(AdjReport) report = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  int before;

  g_assert_no_error (error);
  before = adj_unit_get_figures (adj_battle_find_unit (battle, "u6"));
  g_assert_true (adj_battle_edit (battle, "unit:u6", "members.0.lost", yes, &error));
  g_assert_true (adj_battle_edit (battle, "unit:u6", "members.3.lost", yes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u6")), ==, before - 2);
  report = adj_report_new (battle);
  g_assert_cmpint (adj_report_get_figures_lost (report, 1, 1), ==, 2);
  g_assert_cmpint (adj_report_get_figures_lost (report, 1, 0), ==, 2);
  g_assert_cmpint (adj_report_get_units_lost (report, 1, 0), ==, 0);
  g_assert_cmpint (adj_report_get_figures_lost (report, 0, 0), ==, 0);
}

/* A marker on the table stands for no troops: it has no fate, and its removal when it is spotted
 * is no loss.  The story heads each line with its side's name, as the phase was then. */
static void
test_markers_are_not_units (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_test_load_demo ("rf-patrol-at-the-kraal.json");
  g_autoptr(AdjReport) report = NULL;
  g_autofree char *md = NULL;
  const char *fates;

  g_assert_no_error (error);
  g_assert_true (adj_rf_reveal_marker (battle, "u10", NULL, &error));
  g_assert_no_error (error);
  report = adj_report_new (battle);
  md = adj_report_to_markdown (report);
  fates = strstr (md, "\n## The fate of every unit\n");
  g_assert_nonnull (fates);
  g_assert_nonnull (strstr (fates, "| Musketeers | Native war party | unhurt |"));
  g_assert_null (strstr (fates, "| Thorn scrub by the drift |"));
  g_assert_null (strstr (fates, "| Kraal wall |"));
  g_assert_cmpint (adj_report_get_figures_lost (report, 1, 0), ==, 0);
  g_assert_cmpint (adj_report_get_units_lost (report, 1, 0), ==, 0);
  g_assert_nonnull (strstr (md, "- *British patrol: command and reactions* — Hidden deployment"));
  g_assert_null (strstr (md, "First side"));
}

static void
render_pages (const char *pdf,
              const char *stem)
{
  const char *pdftoppm = g_getenv ("ADJUTANT_PDFTOPPM");
  const char *dir = g_getenv ("ADJUTANT_REPORT_PNG_DIR");
  g_autofree char *prefix = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (pdftoppm == NULL || dir == NULL)
    return;
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  prefix = g_build_filename (dir, stem, NULL);
  {
    const char *argv[] = { pdftoppm, "-png", "-r", "60", pdf, prefix, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                 NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
}

static void
test_pdf (void)
{
  g_autoptr(AdjBattle) battle = scripted_game ();
  g_autoptr(AdjReport) report = adj_report_new (battle);
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *luck0 = NULL, *luck1 = NULL;
  g_autoptr(GError) error = NULL;
  guint pages = 0;

  g_assert_true (adj_report_write_pdf (report, pdf, ADJ_PAPER_A4, &pages, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pages, >=, 2);
  text = adj_test_pdf_text (pdf);
  luck0 = g_strdup_printf ("British army: figures lost %d, units lost %d · luck %+.2f",
                           adj_report_get_figures_lost (report, 0, 0),
                           adj_report_get_units_lost (report, 0, 0),
                           adj_report_get_luck (report, 0));
  luck1 = g_strdup_printf ("luck %+.2f", adj_report_get_luck (report, 1));
  g_assert_true (adj_test_text_has (text, "Zulu War: British column against a Zulu impi"));
  g_assert_true (adj_test_text_has (text, luck0));
  g_assert_true (adj_test_text_has (text, luck1));
  g_assert_true (adj_test_text_has (text, "The least likely results"));
  g_assert_true (adj_test_text_has (text, "The fate of every unit"));
  g_assert_true (adj_test_text_has (text, "Every roll"));
  g_assert_true (adj_test_text_has (text, "Zulu Spearmen 5"));
  g_assert_true (adj_test_text_has (text, "Turn 3"));
  g_assert_true (adj_test_text_has (text, "Fire combat — British Regular Infantry 1 against Zulu "
                                          "Spearmen 5"));
  /* The entry undone and left to redo is not in the story. */
  g_assert_false (adj_test_text_has (text, "Zulu Riflemen 3 against"));
  render_pages (pdf, "scripted");
  adj_cli_dir_free (g_steal_pointer (&dir));
}

static void
test_markdown (void)
{
  g_autoptr(AdjBattle) battle = scripted_game ();
  g_autoptr(AdjReport) report = adj_report_new (battle);
  g_autofree char *md = adj_report_to_markdown (report);
  g_autofree char *line = g_strdup_printf ("- British army: %+.2f\n",
                                           adj_report_get_luck (report, 0));

  g_assert_true (g_str_has_prefix (md, "# "));
  g_assert_nonnull (strstr (md, "\n## Luck\n"));
  g_assert_nonnull (strstr (md, line));
  g_assert_nonnull (strstr (md, "\n## The least likely results\n\n1. Turn "));
  g_assert_nonnull (strstr (md, "\n### Turn 3\n"));
  g_assert_null (strstr (md, "Zulu Riflemen 3 against"));
}

static void
test_cli (void)
{
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *battle_path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *pdf = g_build_filename (dir, "r.pdf", NULL);
  g_autofree char *md = g_build_filename (dir, "r.md", NULL);
  g_autoptr(AdjBattle) battle = scripted_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjReport) report = adj_report_new (battle);

  g_assert_true (adj_store_save_battle (battle, battle_path, &error));
  g_assert_no_error (error);
  {
    g_auto(AdjCliRun) r = { 0 };
    const char *args[] = { "report", battle_path, "--pdf", pdf, "--markdown", md, NULL };
    g_autoptr(json_object) out = NULL;

    adj_cli_run (&r, NULL, args);
    adj_cli_assert_ok (&r);
    out = adj_cli_out_json (&r);
    g_assert_cmpint (json_object_get_int (json_object_object_get (out, "rolls")), ==, 8);
    g_assert_cmpfloat_with_epsilon (
      json_object_get_double (json_object_object_get (json_object_object_get (out, "luck"), "a")),
      adj_report_get_luck (report, 0), 1e-9);
    g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (md, G_FILE_TEST_IS_REGULAR));
  }
  {
    g_auto(AdjCliRun) r = { 0 };
    const char *args[] = { "report", battle_path, NULL };

    adj_cli_run (&r, NULL, args);
    adj_cli_assert_fails (&r, 2, "“report” needs --pdf FILE or --markdown FILE");
  }
  {
    g_auto(AdjCliRun) r = { 0 };
    const char *args[] = { "report", battle_path, "--markdown", "-", "--dice", "3", NULL };

    adj_cli_run (&r, NULL, args);
    adj_cli_assert_fails (&r, 2, "“report” does not take --dice");
  }
  {
    g_auto(AdjCliRun) r = { 0 };
    const char *args[] = { "report", "no-such-battle.json", "--markdown", "-", NULL };

    adj_cli_run (&r, NULL, args);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "no-such-battle.json"));
  }
  {
    g_auto(AdjCliRun) r = { 0 };
    const char *args[] = { "report", battle_path, "--markdown", "-", NULL };

    adj_cli_run (&r, NULL, args);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.out, "# "));
  }
  adj_cli_dir_free (g_steal_pointer (&dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/luck-matches", test_luck_matches);
  g_test_add_func ("/report/kept-odds", test_kept_odds);
  g_test_add_func ("/report/luck-of-tones", test_luck_of_tones);
  g_test_add_func ("/report/who-acted", test_who_acted);
  g_test_add_func ("/report/losses", test_losses);
  g_test_add_func ("/report/losses-by-figure", test_losses_by_figure);
  g_test_add_func ("/report/markers-are-not-units", test_markers_are_not_units);
  g_test_add_func ("/report/pdf", test_pdf);
  g_test_add_func ("/report/markdown", test_markdown);
  g_test_add_func ("/report/cli", test_cli);
  return g_test_run ();
}
