/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-i18n.c: the German catalogue, found from the build tree and used by the engine, the
 * rulesets' labels and the command-line tool. */

#include "config.h"

#include <glib.h>
#include <locale.h>
#include <string.h>

#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-report.h"
#include "adj-random.h"
#include "adj-ruleset.h"
#include "adj-test-util.h"

static void
test_locale_dir (void)
{
  g_autofree char *mo = g_build_filename (adj_i18n_locale_dir (), "de", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);

  /* A test program lives in the build tree: it reads the catalogues built there. */
  g_assert_true (g_str_has_prefix (adj_i18n_locale_dir (), ADJ_BUILDDIR));
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
}

static void
test_engine_strings (void)
{
  const AdjMechanic *fire = adj_mechanic_lookup ("wec/fire-combat");

  g_assert_nonnull (fire);
  g_assert_cmpstr (adj_gettext (fire->title), ==, "Feuerkampf");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Unknown command “%s”"), ==,
                   "Unbekannter Befehl „%s“");
  /* Labels that come from a ruleset file go through the same catalogue. */
  g_assert_cmpstr (adj_gettext ("Short"), ==, "Kurz");
  g_assert_cmpstr (adj_gettext ("Colonel Long"), ==, "Oberst Long");
}

/* A change of language through setlocale() shows at once, in _() and in labels. */
static void
test_change_language (void)
{
  g_assert_cmpstr (_("Attackers"), ==, "Angreifer");
  g_setenv ("LANGUAGE", "en", TRUE);
  setlocale (LC_ALL, "");
  g_assert_cmpstr (_("Attackers"), ==, "Attackers");
  g_assert_cmpstr (adj_gettext ("Colonel Long"), ==, "Colonel Long");
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  g_assert_cmpstr (_("Attackers"), ==, "Angreifer");
  g_assert_cmpstr (adj_gettext ("Colonel Long"), ==, "Oberst Long");
  g_assert_cmpstr (adj_gettext ("A label no catalogue knows"), ==, "A label no catalogue knows");
  g_assert_null (adj_gettext (NULL));
  g_assert_cmpstr (adj_gettext (""), ==, "");
}

/* The msgid → msgstr pairs of po/de.po that fit on one line each (titles do). */
static GHashTable *
read_po (void)
{
  g_autofree char *path = g_build_filename (ADJ_TEST_SRCDIR, "..", "po", "de.po", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++)
    if (g_str_has_prefix (lines[i], "msgid \"") && g_str_has_prefix (lines[i + 1], "msgstr \"") &&
        g_str_has_suffix (lines[i], "\"") && g_str_has_suffix (lines[i + 1], "\""))
      {
        /* Between the quotes, escapes undone. */
        g_autofree char *id = g_strndup (lines[i] + 7, strlen (lines[i]) - 8);
        g_autofree char *str = g_strndup (lines[i + 1] + 8, strlen (lines[i + 1]) - 9);

        g_hash_table_insert (pairs, g_strcompress (id), g_strcompress (str));
      }
  return pairs;
}

/* A melee of figures without a record: their names are made once a language and kept, and a
 * change of language gives the other language's names. */
static char *
melee_text (void)
{
  g_autoptr(GError) error = NULL;
  AdjRuleset *rs = adj_ruleset_lookup ("rf", &error);
  const AdjMechanic *mech = adj_mechanic_lookup ("rf/melee");
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjRandom) random = adj_random_new (NULL, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  AdjContext ctx = { .ruleset = rs };
  const int dice[] = { 6, 5, 1, 2 };

  g_assert_no_error (error);
  in = adj_inputs_new (mech, rs);
  g_assert_true (adj_inputs_set_int (in, "attackers", 2, &error));
  g_assert_true (adj_inputs_set_int (in, "defenders", 2, &error));
  g_assert_no_error (error);
  outcome = adj_outcome_new (mech);
  adj_random_enter_dice (random, dice, G_N_ELEMENTS (dice));
  g_assert_true (adj_mechanic_resolve (mech, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  adj_ruleset_unref (rs);
  return adj_outcome_to_text (outcome);
}

static void
test_figure_names (void)
{
  g_autofree char *de = melee_text ();
  g_autofree char *en = NULL;
  g_autofree char *de_again = NULL;

  g_assert_nonnull (strstr (de, "Angreifer 2"));
  g_assert_nonnull (strstr (de, "Verteidiger 1"));
  g_setenv ("LANGUAGE", "en", TRUE);
  setlocale (LC_ALL, "");
  en = melee_text ();
  g_assert_nonnull (strstr (en, "attacker 2"));
  g_assert_nonnull (strstr (en, "defender 1"));
  g_assert_null (strstr (en, "Angreifer"));
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  de_again = melee_text ();
  g_assert_cmpstr (de_again, ==, de);
}

/* Every mechanic's title and summary has a translation: one missing would mean the catalogue
 * and the code went out of step. */
static void
test_every_mechanic (void)
{
  g_autoptr(GHashTable) po = read_po ();
  guint n_systems = 0, n = 0;
  const AdjSystem **systems = adj_systems (&n_systems);

  for (guint s = 0; s < n_systems; s++)
    for (guint i = 0; i < systems[s]->n_mechanics; i++, n++)
      {
        const AdjMechanic *m = systems[s]->mechanics[i];
        const char *title = g_hash_table_lookup (po, m->title);

        if (title == NULL || title[0] == '\0')
          g_test_message ("no translation for the title of %s: %s", m->id, m->title);
        g_assert_nonnull (title);
        g_assert_cmpstr (title, !=, "");
        /* ... and the program finds it. */
        g_assert_cmpstr (adj_gettext (m->title), ==, title);
      }
  g_assert_cmpuint (n, >, 40);
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("ADJUTANT_CLI");
  const char *argv[] = { cli, "frobnicate", NULL };
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  env = g_environ_setenv (env, "LANGUAGE", "de", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "Unbekannter Befehl „frobnicate“"));
}

/* A battle played in English and reported in German: the report's result is in German, though
 * the journal keeps the words the entry was written in. */
static void
test_report_result (void)
{
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjReport) report = NULL;
  g_autofree char *markdown = NULL;
  AdjJournal *journal;

  g_setenv ("LANGUAGE", "en", TRUE);
  setlocale (LC_ALL, "");
  battle = adj_test_load_demo ("rr-colenso.json");
  outcome = adj_test_run_ruling (battle, "rr/victory", NULL);
  g_assert_cmpstr (outcome->title, ==, "The battle goes on");
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");

  report = adj_report_new (battle);
  markdown = adj_report_to_markdown (report);
  g_assert_nonnull (strstr (markdown, "Die Schlacht geht weiter. "));
  g_assert_null (strstr (markdown, "The battle goes on. "));
  journal = adj_battle_get_journal (battle);
  g_assert_true (g_str_has_prefix (adj_journal_get_entry (journal, journal->position - 1)->summary,
                                   "Victory: The battle goes on"));
}

int
main (int   argc,
      char *argv[])
{
  /* German, whatever the machine's language; C.UTF-8 is on every Debian system, and gettext
   * reads LANGUAGE under any locale but plain "C". */
  g_setenv ("LANGUAGE", "de", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, adj_i18n_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/i18n/locale-dir", test_locale_dir);
  g_test_add_func ("/i18n/engine-strings", test_engine_strings);
  g_test_add_func ("/i18n/every-mechanic", test_every_mechanic);
  g_test_add_func ("/i18n/change-language", test_change_language);
  g_test_add_func ("/i18n/figure-names", test_figure_names);
  g_test_add_func ("/i18n/cli", test_cli);
  g_test_add_func ("/i18n/report-result", test_report_result);
  return g_test_run ();
}
