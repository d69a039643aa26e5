/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-reliability.c: nothing is lost — the real program killed (SIGKILL) in the middle of a
 * game, and the next start offering the autosave and restoring it with every journal entry and
 * the same random sequence; a save that fails telling the referee why, with the file on disk
 * left as it was.
 *
 * The killed program is the built `adjutant` itself ($ADJUTANT_APP), given a battle file and
 * driven through its window actions by ADJUTANT_TEST_ACTIONS (src/app/adj-application.c), with
 * a data folder of this test's own and no session bus, so that nothing else sees it. */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <utime.h>

#include "adj-test-ui.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-store.h"

static char *tmpdir;

static char *
demo_copy (const char *name)
{
  g_autofree char *demo = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "wec-zulu-war.json", NULL);
  g_autofree char *text = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (demo, &text, &length, &error));
  g_assert_true (g_file_set_contents (path, text, (gssize) length, &error));
  g_assert_no_error (error);
  return path;
}

/* The one autosave in the autosave folder, or NULL; fails the test if there are several or a
 * temporary file was left behind. */
static char *
the_autosave (void)
{
  g_autofree char *dir_path = adj_store_autosave_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  char *found = NULL;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      if (name[0] == '.')
        continue;   /* a save in progress: its rename makes it whole, or it never counts */
      g_assert_true (g_str_has_suffix (name, ".json"));
      g_assert_null (found);
      found = g_build_filename (dir_path, name, NULL);
    }
  return found;
}

static guint
count_temporary_files (void)
{
  g_autofree char *dir_path = adj_store_autosave_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] == '.')
      n++;
  return n;
}

/* ---- the program killed in the middle of a game ---- */

typedef struct {
  guint      reads;        /* autosaves read while the program ran */
  guint      seen;         /* the most journal entries seen in one */
  json_object *last;       /* the autosave last read, as JSON */
} Watch;

/* Read the autosave as it is now: whenever it exists it must be a whole battle, never a part
 * of one, and its journal never shrinks. */
static void
watch_autosave (Watch *w)
{
  g_autofree char *path = the_autosave ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  guint n;

  if (path == NULL)
    return;
  battle = adj_store_load_battle (path, &error);
  g_assert_no_error (error);
  w->reads++;
  n = adj_journal_get_n_entries (adj_battle_get_journal (battle));
  g_assert_cmpuint (n, >=, w->seen);
  w->seen = n;
  g_clear_pointer (&w->last, json_object_put);
  w->last = adj_battle_to_json (battle);
}

/* Start the real program on @battle_path with @actions, wait until its autosave holds
 * @kill_at journal entries, and kill it (SIGKILL: no chance to tidy up). */
static void
run_and_kill (const char *battle_path,
              const char *actions,
              guint       kill_at,
              Watch      *w)
{
  const char *app = g_getenv ("ADJUTANT_APP");
  const char *argv[] = { app, battle_path, NULL };
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;
  GPid pid;
  int status;

  g_assert_nonnull (app);
  envp = g_environ_setenv (envp, "ADJUTANT_TEST_ACTIONS", actions, TRUE);
  /* It must not offer a restore itself, and must not find (or be found by) another Adjutant
   * on a session bus: with no bus, an application runs on its own. */
  envp = g_environ_setenv (envp, "ADJUTANT_NO_RESTORE", "1", TRUE);
  envp = g_environ_setenv (envp, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);
  g_assert_true (g_spawn_async (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &pid, &error));
  g_assert_no_error (error);

  while (w->seen < kill_at)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_assert_cmpint (waitpid (pid, &status, WNOHANG), ==, 0);   /* still running */
      g_usleep (20 * G_TIME_SPAN_MILLISECOND);
      watch_autosave (w);
    }
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  g_spawn_close_pid (pid);
  /* What the killed program left is a whole battle, at least as far on as last seen. */
  watch_autosave (w);
}

/* Drop what only an autosave has: the battle as the referee had it. */
static json_object *
without_autosave_note (json_object *json)
{
  json_object *copy = adj_json_copy (json);

  json_object_object_del (copy, "autosave");
  return copy;
}

static Watch killed;
static char *killed_file;
/* With no initiative rolled, the battle's first side (the British) activates first. */
static const char *const killed_summaries[] = {
  "Turned the Queen of Spades", "Turn 1 — Initiative", "Turned the Six of Hearts",
  "Turn 1 — British army activates", NULL,
};

static void
check_restore_after_kill (AdjApplication *app)
{
  AdwMessageDialog *dialog;
  AdjBattleWindow *window;
  AdjBattle *battle;
  g_autoptr(json_object) restored = NULL;
  g_autoptr(json_object) expect = without_autosave_note (killed.last);
  g_autoptr(AdjBattle) twin = NULL;
  g_autoptr(GError) error = NULL;
  AdjJournal *journal;
  AdjCard twin_card;

  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore the Last Battle?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "with 4 journal entries"));
  adw_message_dialog_response (dialog, "restore");
  adj_test_settle ();

  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  /* Every entry, in order, and the battle exactly as the killed program had it. */
  journal = adj_battle_get_journal (battle);
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==,
                   g_strv_length ((GStrv) killed_summaries));
  for (guint i = 0; killed_summaries[i] != NULL; i++)
    g_assert_cmpstr (adj_journal_get_entry (journal, i)->summary, ==, killed_summaries[i]);
  restored = adj_battle_to_json (battle);
  g_assert_true (adj_json_equal (restored, expect));
  /* It still belongs to its file, and holds changes the file has not. */
  g_assert_cmpstr (adj_battle_get_file_path (battle), ==, killed_file);
  g_assert_true (adj_battle_get_modified (battle));
  adj_battle_window_show_page (window, "journal");
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (window), "Turned the Six of Hearts"));

  /* The game goes on with the same cards the killed program would have turned. */
  twin = adj_battle_from_json (expect, "twin", &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.turn-card", NULL));
  g_assert_true (adj_battle_turn_card (twin, NULL, &twin_card, &error));
  g_assert_no_error (error);
  {
    AdjEntry *last = adj_journal_get_entry (journal, adj_journal_get_n_entries (journal) - 1);
    g_autofree char *twin_name = adj_card_describe (twin_card);
    g_autofree char *expect_summary = g_strdup_printf ("Turned the %s", twin_name);
    g_autofree char *rng = adj_rng_to_string (adj_battle_get_rng (battle));
    g_autofree char *twin_rng = adj_rng_to_string (adj_battle_get_rng (twin));

    g_assert_cmpstr (last->summary, ==, expect_summary);
    g_assert_cmpstr (rng, ==, twin_rng);
  }
}

static void
test_killed_mid_game (void)
{
  g_autofree char *autosave_dir = adj_store_autosave_dir ();
  g_autofree char *autosave = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  if (g_getenv ("ADJUTANT_APP") == NULL)
    {
      g_test_skip ("ADJUTANT_APP does not name the program");
      return;
    }
  adj_test_remove_tree (autosave_dir);
  killed_file = demo_copy ("zulu.json");
  g_assert_true (g_file_get_contents (killed_file, &before, NULL, &error));

  /* Four journal entries, then nothing: killed while the referee thinks. */
  run_and_kill (killed_file, "win.turn-card win.next-phase win.turn-card win.next-phase", 4,
                &killed);
  g_assert_cmpuint (killed.seen, ==, 4);
  g_assert_cmpuint (count_temporary_files (), ==, 0);
  autosave = the_autosave ();
  g_assert_nonnull (autosave);
  /* The battle file itself was never touched: only a save writes it. */
  g_assert_true (g_file_get_contents (killed_file, &after, NULL, &error));
  g_assert_cmpstr (after, ==, before);

  g_unsetenv ("ADJUTANT_NO_RESTORE");
  adj_test_run_app (check_restore_after_kill, NULL);
  g_setenv ("ADJUTANT_NO_RESTORE", "1", TRUE);

  g_clear_pointer (&killed.last, json_object_put);
  g_unlink (killed_file);
  g_clear_pointer (&killed_file, g_free);
  adj_test_remove_tree (autosave_dir);
}

/* Reopening the killed battle's own file brings back at least every entry seen written. */
static guint busy_seen;

static void
check_reopen_keeps_all (AdjApplication *app)
{
  AdjBattle *battle;

  adj_test_settle ();
  adj_test_answer (app, "Restore Unsaved Changes?", "restore");
  battle = adj_battle_window_get_battle (adj_test_the_window (app));
  g_assert_nonnull (battle);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), >=, busy_seen);
}

/* Killed while entries keep coming, 50 ms apart, several times over (ADJUTANT_KILL_ROUNDS,
 * 3 unless set): whatever moment the kill lands on, the autosave is a whole battle that loads
 * and is never behind what was seen, and reopening the battle's file restores all of it. */
static void
test_killed_while_writing (void)
{
  g_autofree char *autosave_dir = adj_store_autosave_dir ();
  g_autoptr(GString) actions = g_string_new (NULL);
  g_autofree char *path = NULL;
  const char *rounds_env = g_getenv ("ADJUTANT_KILL_ROUNDS");
  guint rounds = rounds_env != NULL ? (guint) g_ascii_strtoull (rounds_env, NULL, 10) : 3;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1879);

  if (g_getenv ("ADJUTANT_APP") == NULL)
    {
      g_test_skip ("ADJUTANT_APP does not name the program");
      return;
    }
  for (guint i = 0; i < 200; i++)
    g_string_append (actions, i % 3 == 2 ? "win.next-phase " : "win.turn-card ");
  path = demo_copy ("busy.json");
  for (guint round = 0; round < rounds; round++)
    {
      Watch w = { 0 };
      guint kill_at = (guint) g_rand_int_range (rand, 1, 40);

      adj_test_remove_tree (autosave_dir);
      run_and_kill (path, actions->str, kill_at, &w);
      g_assert_cmpuint (w.seen, >=, kill_at);
      g_assert_cmpuint (w.reads, >=, 1);
      g_assert_nonnull (w.last);
      g_test_message ("round %u: killed at %u or more entries, %u autosaves read while running",
                      round, w.seen, w.reads);
      busy_seen = w.seen;
      g_unsetenv ("ADJUTANT_NO_RESTORE");
      adj_test_run_app (check_reopen_keeps_all, path);
      g_setenv ("ADJUTANT_NO_RESTORE", "1", TRUE);
      g_clear_pointer (&w.last, json_object_put);
    }
  adj_test_remove_tree (autosave_dir);
  g_unlink (path);
}

/* ---- the battle's own file reopened after a crash ---- */

static char *reopened_file;
static char *reopened_autosave;   /* what the killed program left, to compare */

static guint
count_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        n++;
    }
  return n;
}

static char *
autosave_text (void)
{
  g_autofree char *path = the_autosave ();
  char *text = NULL;

  if (path != NULL)
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Asked once, and cancelled: nothing opens and the autosave is as the crash left it. */
static void
check_reopen_cancel (AdjApplication *app)
{
  AdwMessageDialog *dialog;
  g_autofree char *text = NULL;

  adj_test_settle ();
  g_assert_cmpuint (count_dialogs (), ==, 1);
  dialog = adj_test_find_dialog (app);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore Unsaved Changes?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "Its autosave holds 4 journal entries, at turn 1; the file "
                            "“reopened.json” holds 0."));
  adj_test_answer (app, NULL, "later");
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    g_assert_true (!ADJ_IS_BATTLE_WINDOW (l->data) ||
                   adj_battle_window_get_battle (ADJ_BATTLE_WINDOW (l->data)) == NULL);
  text = autosave_text ();
  g_assert_cmpstr (text, ==, reopened_autosave);
}

/* Restored: every entry, still the file's battle, changed until saved; the game goes on. */
static void
check_reopen_restore (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;

  adj_test_settle ();
  adj_test_answer (app, "Restore Unsaved Changes?", "restore");
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 4);
  g_assert_cmpstr (adj_battle_get_file_path (battle), ==, reopened_file);
  g_assert_true (adj_battle_get_modified (battle));
  g_assert_null (adj_test_find_dialog (app));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.turn-card", NULL));
  adj_test_settle ();
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 5);
}

/* The saved file chosen over the autosave: the file as it was, and the autosave gone. */
static void
check_reopen_discard (AdjApplication *app)
{
  AdjBattle *battle;
  g_autofree char *autosave = NULL;

  adj_test_settle ();
  adj_test_answer (app, "Restore Unsaved Changes?", "discard");
  battle = adj_battle_window_get_battle (adj_test_the_window (app));
  g_assert_nonnull (battle);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 0);
  g_assert_false (adj_battle_get_modified (battle));
  autosave = the_autosave ();
  g_assert_null (autosave);
}

/* Saved, then reopened: the autosave holds nothing the file does not, so nothing is asked. */
static void
check_reopen_quiet (AdjApplication *app)
{
  adj_test_settle ();
  g_assert_null (adj_test_find_dialog (app));
  g_assert_nonnull (adj_battle_window_get_battle (adj_test_the_window (app)));
}

static void
test_reopen_after_kill (void)
{
  g_autofree char *autosave_dir = adj_store_autosave_dir ();
  Watch w = { 0 };

  if (g_getenv ("ADJUTANT_APP") == NULL)
    {
      g_test_skip ("ADJUTANT_APP does not name the program");
      return;
    }
  adj_test_remove_tree (autosave_dir);
  reopened_file = demo_copy ("reopened.json");
  run_and_kill (reopened_file, "win.turn-card win.next-phase win.turn-card win.next-phase", 4,
                &w);
  g_clear_pointer (&w.last, json_object_put);
  reopened_autosave = autosave_text ();
  g_assert_nonnull (reopened_autosave);

  /* The obvious thing after a crash: open the same file again. */
  g_unsetenv ("ADJUTANT_NO_RESTORE");
  adj_test_run_app (check_reopen_cancel, reopened_file);
  adj_test_run_app (check_reopen_restore, reopened_file);
  adj_test_run_app (check_reopen_discard, reopened_file);
  adj_test_run_app (check_reopen_quiet, reopened_file);
  g_setenv ("ADJUTANT_NO_RESTORE", "1", TRUE);

  g_unlink (reopened_file);
  g_clear_pointer (&reopened_file, g_free);
  g_clear_pointer (&reopened_autosave, g_free);
  adj_test_remove_tree (autosave_dir);
}

/* ---- the same battle opened twice ---- */

static char *twin_file;
static char *twin_copy;

static void
open_path (AdjApplication *app,
           const char     *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION (app), &file, 1, "");
  adj_test_settle ();
}

static guint
count_battle_windows (AdjApplication *app)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ADJ_IS_BATTLE_WINDOW (l->data) &&
        adj_battle_window_get_battle (ADJ_BATTLE_WINDOW (l->data)) != NULL)
      n++;
  return n;
}

static void
check_open_twice (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;

  adj_test_settle ();
  window = adj_test_the_window (app);
  battle = adj_battle_window_get_battle (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.turn-card", NULL));
  adj_test_settle ();
  g_assert_true (adj_battle_get_modified (battle));

  /* The same file again: its window, unsaved changes and all. */
  open_path (app, twin_file);
  g_assert_null (adj_test_find_dialog (app));
  g_assert_cmpuint (count_battle_windows (app), ==, 1);
  g_assert_true (adj_battle_window_get_battle (window) == battle);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 1);

  /* A copy with the same identity: asked, and kept by default. */
  open_path (app, twin_copy);
  adj_test_answer (app, "This Battle Is Already Open", "show");
  g_assert_cmpuint (count_battle_windows (app), ==, 1);
  g_assert_true (adj_battle_window_get_battle (window) == battle);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 1);

  /* Or opened beside it, as a battle of its own. */
  open_path (app, twin_copy);
  adj_test_answer (app, "This Battle Is Already Open", "separate");
  g_assert_cmpuint (count_battle_windows (app), ==, 2);
  g_assert_true (adj_battle_window_get_battle (window) == battle);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 1);
}

static void
test_open_twice (void)
{
  g_autofree char *autosave_dir = adj_store_autosave_dir ();

  adj_test_remove_tree (autosave_dir);
  twin_file = demo_copy ("twin.json");
  twin_copy = demo_copy ("twin-copy.json");
  adj_test_run_app (check_open_twice, twin_file);
  g_unlink (twin_file);
  g_unlink (twin_copy);
  g_clear_pointer (&twin_file, g_free);
  g_clear_pointer (&twin_copy, g_free);
  adj_test_remove_tree (autosave_dir);
}

/* ---- a save that fails says why, and leaves the file alone ---- */

static gssize
full_disk_write (int         fd,
                 const void *buf,
                 gsize       count)
{
  errno = ENOSPC;
  return -1;
}

/* Wait (a few seconds at most, for a slow machine) until @text is on screen in @root or, when
 * not @shown, gone from it; the banner slides in and out. */
static void
wait_shows (GtkWidget  *root,
            const char *text,
            gboolean    shown)
{
  for (guint i = 0; i < 20 && adj_test_shows (root, text) != shown; i++)
    adj_test_settle ();
  g_assert_true (adj_test_shows (root, text) == shown);
}

static void
check_save_fails (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdwMessageDialog *dialog;
  g_autofree char *path = g_build_filename (tmpdir, "saved.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (tmpdir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *expect = NULL;
  g_autofree char *banner = NULL;
  g_autoptr(GError) error = NULL;
  gsize before_length, after_length;

  adj_test_settle ();
  window = adj_test_the_window (app);
  g_assert_true (adj_battle_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, &before_length, &error));

  /* The disk fills up: the next change cannot be autosaved, and the window says so. */
  adj_store_set_write_func (full_disk_write);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
  adj_test_settle ();
  banner = g_strdup_printf ("Crash protection is off: the autosave cannot be written. %s: "
                            "writing failed, the file was left as it was: %s. Save the battle "
                            "to a file to keep it safe.",
                            adj_battle_get_autosave_path (adj_battle_window_get_battle (window)),
                            g_strerror (ENOSPC));
  wait_shows (GTK_WIDGET (window), banner, TRUE);
  /* It stays, whatever else happens, until an autosave is written again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
  adj_test_settle ();
  g_assert_true (adj_test_shows (GTK_WIDGET (window), banner));

  /* Saving fails too: a dialog with the reason, the file as it was, the battle still changed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Save the Battle");
  expect = g_strdup_printf ("%s: writing failed, the file was left as it was: %s", path,
                            g_strerror (ENOSPC));
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, expect);
  adw_message_dialog_response (dialog, "close");
  gtk_window_destroy (GTK_WINDOW (dialog));
  adj_test_settle ();
  adj_store_set_write_func (NULL);
  g_assert_true (g_file_get_contents (path, &after, &after_length, &error));
  g_assert_cmpmem (after, after_length, before, before_length);
  g_assert_true (adj_battle_get_modified (adj_battle_window_get_battle (window)));

  /* A folder where the file should be is refused with its own reason. */
  g_assert_false (adj_battle_window_save_to (window, folder, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_clear_error (&error);

  /* Room again: the save goes through. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  adj_test_settle ();
  g_assert_null (adj_test_find_dialog (app));
  g_assert_false (adj_battle_get_modified (adj_battle_window_get_battle (window)));
  /* The autosave is written again: crash protection is back, and the banner goes. */
  wait_shows (GTK_WIDGET (window), banner, FALSE);
  g_unlink (path);
}

static void
test_save_fails (void)
{
  adj_test_run_app (check_save_fails, "--demo");
}

/* ---- another program wrote the file: saving asks first ---- */

/* What another program does to the battle's file: load it, move to turn @turn, save. */
static void
other_program_writes (const char *path,
                      int         turn)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) other = adj_store_load_battle (path, &error);
  g_autoptr(json_object) value = json_object_new_int (turn);

  g_assert_no_error (error);
  g_assert_true (adj_battle_edit (other, "battle", "turn", value, &error));
  g_assert_true (adj_store_save_battle (other, path, &error));
  g_assert_no_error (error);
}

static int
turn_in_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  return adj_battle_get_turn (battle);
}

static void
check_changed_on_disk (AdjApplication *app)
{
  g_autofree char *path = g_build_filename (tmpdir, "shared.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AdjBattleWindow *window;

  adj_test_settle ();
  window = adj_test_the_window (app);
  g_assert_true (adj_battle_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
  adj_test_settle ();

  /* adjutant-cli --apply, say, writes the file meanwhile: saving asks, and Cancel keeps it. */
  other_program_writes (path, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  adj_test_settle ();
  adj_test_answer (app, "The File Changed on Disk", "close");
  g_assert_cmpint (turn_in_file (path), ==, 3);
  g_assert_true (adj_battle_get_modified (adj_battle_window_get_battle (window)));

  /* Its version, loaded in the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  adj_test_settle ();
  adj_test_answer (app, "The File Changed on Disk", "reload");
  g_assert_cmpint (adj_battle_get_turn (adj_battle_window_get_battle (window)), ==, 3);
  g_assert_false (adj_battle_get_modified (adj_battle_window_get_battle (window)));

  /* Now in step: a change and a save ask nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  adj_test_settle ();
  g_assert_null (adj_test_find_dialog (app));
  g_assert_false (adj_battle_get_modified (adj_battle_window_get_battle (window)));

  /* Or replaced, when the referee says so. */
  other_program_writes (path, 7);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  adj_test_settle ();
  adj_test_answer (app, "The File Changed on Disk", "replace");
  g_assert_cmpint (turn_in_file (path), ==, 3);
  g_assert_false (adj_battle_get_modified (adj_battle_window_get_battle (window)));
  g_unlink (path);
}

static void
test_changed_on_disk (void)
{
  adj_test_run_app (check_changed_on_disk, "--demo");
}

/* ---- what a crash left that cannot be read is kept, and the user told where ---- */

static char *unreadable_path;

static void
check_unreadable_told (AdjApplication *app)
{
  AdwMessageDialog *dialog;
  g_autofree char *aside = g_strconcat (unreadable_path, ".unreadable", NULL);
  g_autofree char *kept = g_strdup_printf ("It is kept as %s.", aside);

  adj_test_settle ();
  dialog = adj_test_find_dialog (app);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Autosave Could Not Be Read");
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_body (dialog), kept));
  g_assert_true (g_file_test (aside, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (unreadable_path, G_FILE_TEST_EXISTS));
}

static void
test_unreadable_autosave (void)
{
  g_autofree char *autosave_dir = adj_store_autosave_dir ();
  g_autofree char *stale = NULL;
  g_autoptr(GError) error = NULL;
  struct utimbuf old = { 1000000000, 1000000000 };

  adj_test_remove_tree (autosave_dir);
  g_assert_cmpint (g_mkdir_with_parents (autosave_dir, 0700), ==, 0);
  unreadable_path = g_build_filename (autosave_dir, "0123abcd.json", NULL);
  g_assert_true (g_file_set_contents (unreadable_path, "{\"format\": \"adjutant-battle\",",
                                      -1, &error));
  /* And a save cut short long ago: it goes as the app starts. */
  stale = g_build_filename (autosave_dir, ".0123abcd.json.Q7xk2A", NULL);
  g_assert_true (g_file_set_contents (stale, "{", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_utime (stale, &old), ==, 0);

  g_unsetenv ("ADJUTANT_NO_RESTORE");
  adj_test_run_app (check_unreadable_told, NULL);
  g_setenv ("ADJUTANT_NO_RESTORE", "1", TRUE);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_clear_pointer (&unreadable_path, g_free);
  adj_test_remove_tree (autosave_dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  tmpdir = g_dir_make_tmp ("adj-test-ui-reliability-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/reliability/killed-mid-game", test_killed_mid_game);
  g_test_add_func ("/ui/reliability/killed-while-writing", test_killed_while_writing);
  g_test_add_func ("/ui/reliability/save-fails", test_save_fails);
  g_test_add_func ("/ui/reliability/reopen-after-kill", test_reopen_after_kill);
  g_test_add_func ("/ui/reliability/open-twice", test_open_twice);
  g_test_add_func ("/ui/reliability/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/ui/reliability/unreadable-autosave", test_unreadable_autosave);
  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return adj_test_finish_ui (status);
}
