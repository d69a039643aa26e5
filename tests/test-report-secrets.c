/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report-secrets.c: what the odds a battle keeps and its after-action report could give away
 * of what the rules keep hidden.
 *
 * Each case plays a demo battle twice through the core, the same actions with the same dice
 * entered, once with the secret the demo sealed and once with another: Risk Factor's groups
 * under other markers; Redvers' Reverse's drift markers in other places and its three cups in
 * another order.  The odds every journal entry keeps are worked out before the roll shows
 * anything, so they must be the same whatever the secret; the report's Markdown and the text of
 * its PDF too, but for what the rules have shown (the marker of the drift just found).
 */

#include "config.h"

#include <string.h>

#include "adj-battle.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-report.h"
#include "adj-rf.h"
#include "adj-rng.h"
#include "adj-rr.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-test-cli.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"

static AdjBattle *
demo_battle (const char *file)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", file, NULL);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  return battle;
}

static json_object *
open_record (AdjBattle  *battle,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *plain = adj_secret_open (adj_battle_get_secret (battle, name), &error);

  g_assert_no_error (error);
  return adj_test_parse (plain);
}

/* @battle as saved, with the sealed record @name holding @record instead: in the battle and in
 * the journal's changes that set it, so that replaying the journal gives it too. */
static AdjBattle *
with_secret (AdjBattle   *battle,
             const char  *name,
             json_object *record)
{
  g_autoptr(json_object) doc = adj_battle_to_json (battle);
  g_autofree char *field = g_strconcat ("secrets.", name, NULL);
  g_autofree char *sealed = NULL;
  json_object *entries = json_object_object_get (json_object_object_get (doc, "journal"),
                                                 "entries");
  g_autoptr(GError) error = NULL;
  AdjBattle *other;
  AdjRng rng;

  adj_rng_seed (&rng, 42);
  sealed = adj_secret_seal (json_object_to_json_string_ext (record, JSON_C_TO_STRING_PLAIN),
                            &rng);
  json_object_object_add (json_object_object_get (doc, "secrets"), name,
                          json_object_new_string (sealed));
  for (gsize i = 0; i < json_object_array_length (entries); i++)
    {
      json_object *changes = json_object_object_get (json_object_array_get_idx (entries, i),
                                                     "changes");

      for (gsize c = 0; c < json_object_array_length (changes); c++)
        {
          json_object *change = json_object_array_get_idx (changes, c);

          if (g_strcmp0 (json_object_get_string (json_object_object_get (change, "field")),
                         field) == 0)
            json_object_object_add (change, "after", json_object_new_string (sealed));
        }
    }
  other = adj_battle_from_json (doc, "test", &error);
  g_assert_no_error (error);
  g_assert_nonnull (other);
  return other;
}

/* Resolve and apply @mechanic with @inputs and the dice of the table (as many as it asks for,
 * taken from @faces), as a referee's ruling where the rules would refuse it. */
static void
entered (AdjBattle  *battle,
         const char *mechanic,
         const char *inputs,
         const int  *faces,
         guint       n_faces)
{
  g_autoptr(AdjOutcome) outcome = adj_test_play (battle, mechanic, inputs, faces, n_faces, TRUE);

  g_assert_nonnull (outcome);
}

/* The odds every journal entry keeps, one line each, as the saved file holds them. */
static char *
kept_odds (AdjBattle *battle)
{
  g_autoptr(json_object) doc = adj_battle_to_json (battle);
  json_object *entries = json_object_object_get (json_object_object_get (doc, "journal"),
                                                 "entries");
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < json_object_array_length (entries); i++)
    {
      json_object *odds = json_object_object_get (json_object_array_get_idx (entries, i),
                                                  "odds");

      g_string_append_printf (out, "%s\n", odds != NULL
                              ? json_object_to_json_string_ext (odds, JSON_C_TO_STRING_PLAIN)
                              : "-");
    }
  return g_string_free (out, FALSE);
}

static char *
pdf_text (AdjReport  *report,
          const char *dir,
          const char *stem)
{
  g_autofree char *file = g_strconcat (stem, ".pdf", NULL);
  g_autofree char *pdf = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;
  guint pages = 0;

  g_assert_true (adj_report_write_pdf (report, pdf, ADJ_PAPER_A4, &pages, &error));
  g_assert_no_error (error);
  return adj_test_pdf_text (pdf);
}

/* The kept odds, the Markdown and the PDF's text of @a and @b are the same; @a's Markdown is
 * returned for further checks. */
static char *
assert_same_report (AdjBattle *a,
                    AdjBattle *b)
{
  g_autoptr(AdjReport) ra = adj_report_new (a);
  g_autoptr(AdjReport) rb = adj_report_new (b);
  g_autofree char *odds_a = kept_odds (a), *odds_b = kept_odds (b);
  g_autofree char *md_a = adj_report_to_markdown (ra), *md_b = adj_report_to_markdown (rb);
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *text_a = pdf_text (ra, dir, "a"), *text_b = pdf_text (rb, dir, "b");

  /* Some rolls were made, with their odds kept. */
  g_assert_cmpuint (adj_report_get_n_rolls (ra), >, 0);
  g_assert_nonnull (strstr (odds_a, "\"known\":true"));
  g_assert_cmpstr (odds_a, ==, odds_b);
  g_assert_cmpstr (md_a, ==, md_b);
  g_assert_cmpstr (text_a, ==, text_b);
  adj_cli_dir_free (g_steal_pointer (&dir));
  return g_steal_pointer (&md_a);
}

/* ---- Risk Factor: which group, or a dummy, is under which marker ---- */

static void
play_rf (AdjBattle *battle)
{
  static const int three[] = { 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRfSolo) solo = NULL;
  g_autoptr(GArray) fours = g_array_new (FALSE, FALSE, sizeof (int));

  /* A marker looked for from the table: it stands on the front edge of its terrain. */
  entered (battle, "rf/visibility", "{\"observer\": \"u2\", \"target\": \"u9\", \"distance\": 20}",
           three, 1);
  entered (battle, "rf/visibility", "{\"observer\": \"u3\", \"target\": \"u12\", \"distance\": "
           "50}", three, 1);
  /* The enemy's orders: the groups on the table only. */
  solo = adj_rf_solo_new (battle, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), >, 0);
  for (guint i = 0; i < adj_rf_solo_get_n_orders (solo); i++)
    {
      int four = 4;

      g_array_append_val (fours, four);
    }
  g_assert_true (adj_rf_solo_roll (solo, NULL, (const int *) (gpointer) fours->data, fours->len,
                                   &error));
  g_assert_no_error (error);
  g_assert_true (adj_rf_solo_apply (solo, TRUE, &error));
  g_assert_no_error (error);
  /* Hidden groups count as still in the fight. */
  entered (battle, "rf/victory", "{\"side\": \"b\"}", NULL, 0);
}

static void
test_rf_markers (void)
{
  g_autoptr(AdjBattle) a = demo_battle ("rf-patrol-at-the-kraal.json");
  g_autoptr(AdjBattle) b = NULL;
  g_autoptr(json_object) record = open_record (a, ADJ_RF_MARKERS_SECRET);
  g_autoptr(json_object) other = open_record (a, ADJ_RF_MARKERS_SECRET);
  g_autoptr(json_object) check = NULL;
  json_object *markers = json_object_object_get (other, "markers");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autofree char *md = NULL;
  json_object *first;

  /* The other deployment: every marker takes what the next one hid (a dummy among them). */
  json_object_object_foreach (markers, id, value)
    {
      (void) value;
      g_ptr_array_add (ids, id);
    }
  g_assert_cmpuint (ids->len, ==, 5);
  first = json_object_get (json_object_object_get (markers, g_ptr_array_index (ids, 0)));
  for (guint i = 0; i + 1 < ids->len; i++)
    json_object_object_add (markers, g_ptr_array_index (ids, i),
                            json_object_get (json_object_object_get (
                              json_object_object_get (record, "markers"),
                              g_ptr_array_index (ids, i + 1))));
  json_object_object_add (markers, g_ptr_array_index (ids, ids->len - 1), first);
  b = with_secret (a, ADJ_RF_MARKERS_SECRET, other);
  check = open_record (b, ADJ_RF_MARKERS_SECRET);
  g_assert_false (json_object_equal (check, record));

  play_rf (a);
  play_rf (b);
  md = assert_same_report (a, b);
  /* Nor does the report name a group still hidden. */
  g_assert_null (strstr (md, "Married regiment"));
  g_assert_null (strstr (md, "Musketeers"));
  g_assert_nonnull (strstr (md, "Young warriors 2"));
}

/* ---- Redvers' Reverse: the drift markers face down, the cups ---- */

static void
play_rr (AdjBattle *battle)
{
  static const int ones[] = { 1, 1 }, sixes[] = { 6, 6 };

  /* Two ones find any drift: the roll shows its marker. */
  entered (battle, "rr/find-drift", "{\"unit\": \"2nd-devonshire-regiment\", \"drift\": "
           "\"wagon-drift\"}", ones, 2);
  /* Shaken: the No Fire counters go into the SP counter cup. */
  entered (battle, "rr/shaken", "{}", sixes, 2);
}

static json_object *
reversed (json_object *arr)
{
  json_object *out = json_object_new_array ();

  for (gsize i = json_object_array_length (arr); i-- > 0;)
    json_object_array_add (out, json_object_get (json_object_array_get_idx (arr, i)));
  return out;
}

static int
drift_value (json_object *drifts,
             const char  *drift)
{
  return json_object_get_int (json_object_object_get (json_object_object_get (drifts, "areas"),
                                                      drift));
}

/* @text, white space squeezed, with the marker Wagon Drift showed in the other battle (@shown)
 * said as in this one (@other): in the result's title and in its explanation. */
static char *
as_shown (const char *text,
          int         shown,
          int         other)
{
  char *out = adj_test_squeeze (text);

  for (guint f = 0; f < 2; f++)
    {
      g_autofree char *from = f == 0 ? g_strdup_printf ("(marker %d)", shown)
                                     : g_strdup_printf ("no more than %d:", shown);
      g_autofree char *to = f == 0 ? g_strdup_printf ("(marker %d)", other)
                                   : g_strdup_printf ("no more than %d:", other);
      g_auto(GStrv) parts = g_strsplit (out, from, -1);

      g_assert_cmpuint (g_strv_length (parts), >=, 2);
      g_free (out);
      out = g_strjoinv (to, parts);
    }
  return out;
}

static void
test_rr_drifts_and_cups (void)
{
  g_autoptr(AdjBattle) a = demo_battle ("rr-colenso.json");
  g_autoptr(AdjBattle) with_drifts = NULL, b = NULL;
  g_autoptr(json_object) drifts = open_record (a, ADJ_RR_DRIFTS_SECRET);
  g_autoptr(json_object) cups = open_record (a, ADJ_RR_CUPS_SECRET);
  g_autoptr(json_object) check = NULL;
  g_autoptr(AdjReport) ra = NULL, rb = NULL;
  json_object *areas = json_object_object_get (drifts, "areas");
  const char *partner = NULL;
  g_autofree char *odds_a = NULL, *odds_b = NULL, *md_a = NULL, *md_b = NULL;
  g_autofree char *text_a = NULL, *text_b = NULL, *dir = adj_cli_dir_new ();
  int wagon_a, wagon_b;

  /* Wagon Drift's marker changes places with another of a different value. */
  wagon_a = drift_value (drifts, "wagon-drift");
  json_object_object_foreach (areas, drift, value)
    if (partner == NULL && json_object_get_int (value) != wagon_a)
      partner = drift;
  g_assert_nonnull (partner);
  wagon_b = drift_value (drifts, partner);
  json_object_object_add (areas, partner, json_object_new_int (wagon_a));
  json_object_object_add (areas, "wagon-drift", json_object_new_int (wagon_b));
  with_drifts = with_secret (a, ADJ_RR_DRIFTS_SECRET, drifts);
  /* Every cup in the other order. */
  for (guint c = 0; c < 3; c++)
    {
      static const char *const names[] = { "british", "boer", "sp" };
      json_object *one = json_object_object_get (cups, names[c]);

      json_object_object_add (one, "cup", reversed (json_object_object_get (one, "cup")));
    }
  b = with_secret (with_drifts, ADJ_RR_CUPS_SECRET, cups);
  check = open_record (b, ADJ_RR_CUPS_SECRET);
  g_assert_true (json_object_equal (check, cups));
  g_clear_pointer (&check, json_object_put);
  check = open_record (a, ADJ_RR_CUPS_SECRET);
  g_assert_false (json_object_equal (check, cups));
  g_clear_pointer (&check, json_object_put);
  check = open_record (b, ADJ_RR_DRIFTS_SECRET);
  g_assert_cmpint (drift_value (check, "wagon-drift"), ==, wagon_b);

  play_rr (a);
  play_rr (b);
  /* The odds were those of a marker face down, in both battles alike. */
  odds_a = kept_odds (a);
  odds_b = kept_odds (b);
  g_assert_nonnull (strstr (odds_a, "\"known\":true"));
  g_assert_cmpstr (odds_a, ==, odds_b);
  /* The reports differ only in the marker the roll showed. */
  ra = adj_report_new (a);
  rb = adj_report_new (b);
  g_assert_cmpuint (adj_report_get_n_rolls (ra), ==, 2);
  md_a = adj_report_to_markdown (ra);
  md_b = adj_report_to_markdown (rb);
  {
    g_autofree char *squeezed = as_shown (md_a, wagon_a, wagon_a);
    g_autofree char *said = as_shown (md_b, wagon_b, wagon_a);

    g_assert_cmpstr (squeezed, ==, said);
  }
  text_a = pdf_text (ra, dir, "a");
  text_b = pdf_text (rb, dir, "b");
  {
    g_autofree char *squeezed = as_shown (text_a, wagon_a, wagon_a);
    g_autofree char *said = as_shown (text_b, wagon_b, wagon_a);

    g_assert_cmpstr (squeezed, ==, said);
  }
  adj_cli_dir_free (g_steal_pointer (&dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report-secrets/rf-markers", test_rf_markers);
  g_test_add_func ("/report-secrets/rr-drifts-and-cups", test_rr_drifts_and_cups);
  return g_test_run ();
}
