/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c: saving and loading battles — round trips, atomic saves that fail safely, and a
 * clear error for every kind of broken file.
 *
 * A failed save is tried against real failures where the system allows it: a read-only folder
 * (a read-only bind mount, or folder permissions when not root), a full disk and a folder out
 * of inodes (tiny tmpfs mounts).  Mounting needs a mount namespace of one's own, so those
 * cases run in a child process that makes one; where the system refuses (no privilege), they
 * skip, and the write hook (adj_store_set_write_func()) still simulates the full disk. */

#define _GNU_SOURCE   /* unshare() */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-gen.h"
#include "adj-json.h"
#include "adj-random.h"
#include "adj-secret.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-test-util.h"

/* The ruleset ids an error lists as known ("gl, rn, wec"): "@KNOWN@" in an expected message
 * stands for them, so that a new system's ruleset does not change the expectations. */
typedef struct {
  char *dir;
  char *path;     /* dir/battle.json */
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("adj-test-store-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "battle.json", NULL);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  adj_store_set_write_func (NULL);
  adj_test_remove_tree (f->dir);
  g_assert_false (g_file_test (f->dir, G_FILE_TEST_EXISTS));
  g_free (f->dir);
  g_free (f->path);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted and joined with spaces. */
static char *
list_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static json_object *
demo_json (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "wec-zulu-war.json", NULL);
  g_autoptr(GError) error = NULL;
  json_object *json = adj_json_parse_file (path, &error);

  g_assert_no_error (error);
  return json;
}

/* A demo battle with a journal: edits, a removed unit, a new phase, and one undone entry. */
static AdjBattle *
played_battle (void)
{
  g_autoptr(json_object) json = demo_json ();
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(json_object) zero = json_object_new_int (0);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_battle_from_json (json, "demo.json", &error);

  g_assert_no_error (error);
  g_assert_true (adj_battle_edit (battle, "unit:u9", "status.dismounted", yes, &error));
  g_assert_true (adj_battle_edit (battle, "unit:u16", "figures", zero, &error));
  /* u16 is edited, then removed: the file's journal names a unit the battle no longer has. */
  g_assert_true (adj_battle_remove_unit (battle, "u16", &error));
  g_assert_true (adj_battle_next_phase (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  (void) adj_battle_get_pack (battle);
  return battle;
}

static char *
read_file (const char *path,
           gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, &error));
  g_assert_no_error (error);
  return text;
}

/* ---- round trips ---- */

static void
test_round_trip (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(json_object) saved = adj_battle_to_json (battle);
  g_autoptr(json_object) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  gsize length;

  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
  text = read_file (f->path, &length);
  g_assert_cmpuint (length, >, 0);
  g_assert_cmpint (text[length - 1], ==, '\n');

  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  again = adj_battle_to_json (loaded);
  g_assert_true (adj_json_equal (saved, again));
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (loaded)), ==, 4);
  g_assert_cmpuint (adj_battle_get_journal (loaded)->position, ==, 3);
  g_assert_true (adj_battle_can_redo (loaded));
  g_assert_null (adj_battle_find_unit (loaded, "u16"));

  /* The loaded battle undoes what the saved one did. */
  g_assert_true (adj_battle_undo (loaded, &error));
  g_assert_nonnull (adj_battle_find_unit (loaded, "u16"));
  g_assert_true (adj_battle_undo (loaded, &error));
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (loaded, "u16")), ==, 1);
  g_assert_no_error (error);

  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "battle.json");
}

static void
test_overwrite (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(json_object) two = json_object_new_int (2);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;

  g_assert_true (g_file_set_contents (f->path, "old text", -1, NULL));
  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_true (adj_battle_edit (battle, "battle", "turn", two, &error));
  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adj_battle_get_turn (loaded), ==, 2);
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "battle.json");
}

/* A battle tells whether its file changed since it was loaded or saved: another program's save
 * over it, an edit in place, its removal. */
static void
test_changed_on_disk (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) other = NULL;
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(json_object) two = json_object_new_int (2);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  g_assert_false (adj_store_battle_changed_on_disk (battle));
  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
  g_assert_false (adj_store_battle_changed_on_disk (battle));

  /* Another program saves its own change over it. */
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_false (adj_store_battle_changed_on_disk (loaded));
  g_assert_true (adj_battle_edit (loaded, "battle", "turn", two, &error));
  g_assert_true (adj_store_save_battle (loaded, f->path, &error));
  g_assert_false (adj_store_battle_changed_on_disk (loaded));
  g_assert_true (adj_store_battle_changed_on_disk (battle));

  /* Loading it again takes it as it is now. */
  other = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adj_battle_get_turn (other), ==, 2);
  g_assert_false (adj_store_battle_changed_on_disk (other));

  /* Rewritten in place, with the same size: the time it was written tells. */
  text = read_file (f->path, &length);
  g_usleep (20 * 1000);
  {
    FILE *out = fopen (f->path, "r+");

    g_assert_nonnull (out);
    g_assert_cmpuint (fwrite (text, 1, length, out), ==, length);
    g_assert_cmpint (fclose (out), ==, 0);
  }
  g_assert_true (adj_store_battle_changed_on_disk (other));

  g_assert_true (adj_store_save_battle (other, f->path, &error));
  g_assert_false (adj_store_battle_changed_on_disk (other));
  g_assert_cmpint (g_unlink (f->path), ==, 0);
  g_assert_true (adj_store_battle_changed_on_disk (other));
}

/* Temporary files an interrupted save left behind go at the next save beside them once they are
 * stale; a recent one (a save under way) and other files stay. */
static void
test_stale_temporaries (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  const char *files[] = { ".battle.json.Ab12Yz", ".battle.json.q9W8e7", ".battle.json.fresh1",
                          ".other.json.Ab12Yz", ".battle.json.Ab12Y", "battle.json.Ab12Yz" };
  const gboolean stale[] = { TRUE, TRUE, FALSE, TRUE, TRUE, TRUE };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, files[i], NULL);
      gint64 when = g_get_real_time () / G_USEC_PER_SEC -
                    (stale[i] ? ADJ_FILE_STALE_SECONDS + 5 : 0);
      struct utimbuf times = { (time_t) when, (time_t) when };

      g_assert_true (g_file_set_contents (path, "{\"format\": \"adjutant-b", -1, NULL));
      g_assert_cmpint (g_utime (path, &times), ==, 0);
    }
  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, ".battle.json.Ab12Y .battle.json.fresh1 .other.json.Ab12Yz "
                              "battle.json battle.json.Ab12Yz");
}

/* Saving over a file keeps its permissions; saving to a link writes the file it points at. */
static void
test_keeps_mode (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (f->path, "old text", -1, NULL));
  g_assert_cmpint (g_chmod (f->path, 0640), ==, 0);
  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
}

static void
test_through_symlink (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = g_build_filename (f->dir, "link.json", NULL);
  g_autofree char *names = NULL;

  g_assert_true (g_file_set_contents (f->path, "old text", -1, NULL));
  g_assert_cmpint (symlink ("battle.json", link), ==, 0);
  g_assert_true (adj_store_save_battle (battle, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_uid (loaded), ==, adj_battle_get_uid (battle));
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "battle.json link.json");
}

static void
test_load_demo (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "wec-zulu-war.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(AdjBattle) again = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) json_again = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 34);
  g_assert_cmpuint (adj_battle_get_sides (battle)->len, ==, 2);
  g_assert_cmpstr (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), ==, "wec");
  /* What Adjutant writes of it, it reads back to the same battle. */
  json = adj_battle_to_json (battle);
  again = adj_battle_from_json (json, "again.json", &error);
  g_assert_no_error (error);
  json_again = adj_battle_to_json (again);
  g_assert_true (adj_json_equal (json, json_again));
}

/* ---- atomic saves ---- */

static gsize write_budget;
static gsize write_done;
static guint write_calls;

/* Write at most @write_budget bytes in all, then fail as a full disk does. */
static gssize
full_disk_write (int         fd,
                 const void *buf,
                 gsize       count)
{
  gssize n;

  write_calls++;
  if (write_done >= write_budget)
    {
      errno = ENOSPC;
      return -1;
    }
  n = write (fd, buf, MIN (count, write_budget - write_done));
  if (n > 0)
    write_done += (gsize) n;
  return n;
}

/* Write nothing and say so: a write() of 0 bytes. */
static gssize
zero_write (int         fd,
            const void *buf,
            gsize       count)
{
  write_calls++;
  return 0;
}

/* One byte at a time, after an interrupted call. */
static gssize
trickle_write (int         fd,
               const void *buf,
               gsize       count)
{
  if (write_calls++ == 0)
    {
      errno = EINTR;
      return -1;
    }
  return write (fd, buf, 1);
}

typedef struct {
  const char *name;
  gsize       budget;
} DiskFullCase;

static const DiskFullCase disk_full_cases[] = {
  { "nothing-written", 0 },
  { "after-100-bytes", 100 },
  { "after-4096-bytes", 4096 },
};

static void
test_disk_full (Fixture       *f,
                gconstpointer  data)
{
  const DiskFullCase *c = data;
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) other = played_battle ();
  g_autoptr(json_object) name = json_object_new_string ("Changed");
  g_autoptr(GError) error = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;
  g_autofree char *names = NULL;
  g_autofree char *expect = NULL;
  gsize old_length, new_length;

  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  old_text = read_file (f->path, &old_length);
  g_assert_true (adj_battle_edit (other, "battle", "name", name, &error));

  write_budget = c->budget;
  write_done = 0;
  write_calls = 0;
  adj_store_set_write_func (full_disk_write);
  g_assert_false (adj_store_save_battle (other, f->path, &error));
  adj_store_set_write_func (NULL);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  expect = g_strdup_printf ("%s: writing failed, the file was left as it was: %s", f->path,
                            g_strerror (ENOSPC));
  g_assert_cmpstr (error->message, ==, expect);
  g_assert_cmpuint (write_calls, >=, 1);
  g_assert_cmpuint (write_done, ==, c->budget);

  new_text = read_file (f->path, &new_length);
  g_assert_cmpmem (new_text, new_length, old_text, old_length);
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "battle.json");
}

static void
test_zero_write (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  gsize length;

  g_assert_true (g_file_set_contents (f->path, "precious", -1, NULL));
  write_calls = 0;
  adj_store_set_write_func (zero_write);
  g_assert_false (adj_store_save_battle (battle, f->path, &error));
  adj_store_set_write_func (NULL);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  expect = g_strdup_printf ("%s: writing failed, the file was left as it was: %s", f->path,
                            g_strerror (ENOSPC));
  g_assert_cmpstr (error->message, ==, expect);
  /* A write of nothing is not retried for ever. */
  g_assert_cmpuint (write_calls, ==, 1);
  text = read_file (f->path, &length);
  g_assert_cmpstr (text, ==, "precious");
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "battle.json");
}

static void
test_short_writes (Fixture       *f,
                   gconstpointer  data)
{
  const char *text = "{\"format\": \"adjutant-army\"}\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *back = NULL;
  gsize length;

  write_calls = 0;
  adj_store_set_write_func (trickle_write);
  g_assert_true (adj_store_write_atomic (f->path, text, strlen (text), &error));
  adj_store_set_write_func (NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (write_calls, ==, strlen (text) + 1);
  back = read_file (f->path, &length);
  g_assert_cmpstr (back, ==, text);
}

/* A file no one may write is left as it is, even by its owner (and by root, who could write
 * it), and the message says so and what to do. */
static void
test_read_only (Fixture       *f,
                gconstpointer  data)
{
  const char *old = "{\"format\": \"adjutant-army\"}\n";
  const char *text = "{\"format\": \"adjutant-battle\"}\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *back = NULL;
  gsize length;

  g_assert_true (g_file_set_contents (f->path, old, -1, NULL));
  g_assert_cmpint (g_chmod (f->path, 0444), ==, 0);
  g_assert_false (adj_store_write_atomic (f->path, text, strlen (text), &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, ": the file is read-only and was left as it "
                                                   "was; save to another file, or make it "
                                                   "writable first"));
  back = read_file (f->path, &length);
  g_assert_cmpstr (back, ==, old);
  g_assert_cmpint (g_chmod (f->path, 0644), ==, 0);
}

/* ---- real failures, in a mount namespace of their own ---- */

#define CANNOT_MOUNT 77

typedef void (*MountedFunc) (Fixture *f);

/* Run @func in a child process with private mounts, where it may mount over @f->dir; FALSE
 * when this system does not let a process have its own mounts (then nothing was tried). */
static gboolean
run_with_own_mounts (Fixture     *f,
                     MountedFunc  func)
{
  pid_t pid;
  int status = 0;

  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      if (unshare (CLONE_NEWNS) != 0 ||
          mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        _exit (CANNOT_MOUNT);
      func (f);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  if (WIFEXITED (status) && WEXITSTATUS (status) == CANNOT_MOUNT)
    return FALSE;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("the save in a mount namespace of its own failed its checks (status %d)", status);
  return TRUE;
}

/* Save a changed battle over @f->path, which holds an earlier save, and check that it fails
 * with @expect_what and @expect_errno, leaving the earlier save byte for byte and nothing
 * else in the folder but @others. */
static void
check_failed_save (Fixture    *f,
                   const char *expect_what,
                   int         expect_errno,
                   const char *others)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(json_object) name = json_object_new_string ("Changed");
  g_autoptr(GError) error = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;
  g_autofree char *names = NULL;
  g_autofree char *expect = NULL;
  g_autofree char *expect_names = NULL;
  gsize old_length, new_length;

  old_text = read_file (f->path, &old_length);
  g_assert_true (adj_battle_edit (battle, "battle", "name", name, &error));
  g_assert_false (adj_store_save_battle (battle, f->path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  expect = g_strdup_printf ("%s: %s: %s", f->path, expect_what, g_strerror (expect_errno));
  g_assert_cmpstr (error->message, ==, expect);

  new_text = read_file (f->path, &new_length);
  g_assert_cmpmem (new_text, new_length, old_text, old_length);
  names = list_dir (f->dir);
  expect_names = others != NULL ? g_strconcat ("battle.json ", others, NULL)
                                : g_strdup ("battle.json");
  g_assert_cmpstr (names, ==, expect_names);
}

static void
save_earlier (Fixture *f)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
}

static void
read_only_mounted (Fixture *f)
{
  g_assert_cmpint (mount (f->dir, f->dir, NULL, MS_BIND, NULL), ==, 0);
  g_assert_cmpint (mount (NULL, f->dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), ==, 0);
  check_failed_save (f, "cannot create a file in this folder", EROFS, NULL);
}

static void
test_read_only_dir (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;
  gsize old_length, new_length;

  save_earlier (f);
  old_text = read_file (f->path, &old_length);
  if (geteuid () != 0)
    {
      /* Folder permissions are enough for everyone but root. */
      g_assert_cmpint (g_chmod (f->dir, 0500), ==, 0);
      check_failed_save (f, "cannot create a file in this folder", EACCES, NULL);
      g_assert_cmpint (g_chmod (f->dir, 0700), ==, 0);
    }
  else if (!run_with_own_mounts (f, read_only_mounted))
    {
      g_test_skip ("root ignores folder permissions, and cannot mount a read-only folder here");
      return;
    }
  /* Seen from outside the child's mounts too: the earlier save is as it was. */
  new_text = read_file (f->path, &new_length);
  g_assert_cmpmem (new_text, new_length, old_text, old_length);
}

/* A disk that really is full: a 64 KiB tmpfs, filled up to its last page after the earlier
 * save, so the new text starts to go down and then runs out of room. */
static void
disk_full_mounted (Fixture *f)
{
  g_autofree char *filler = g_build_filename (f->dir, "filler", NULL);
  g_autofree char *block = g_malloc0 (4096);
  struct statvfs st;
  FILE *out;

  g_assert_cmpint (mount ("adj-test", f->dir, "tmpfs", 0, "size=64k,mode=0700"), ==, 0);
  save_earlier (f);
  out = fopen (filler, "w");
  g_assert_nonnull (out);
  for (;;)
    {
      g_assert_cmpint (statvfs (f->dir, &st), ==, 0);
      if (st.f_bavail * st.f_frsize <= 4096)
        break;
      g_assert_cmpuint (fwrite (block, 1, 4096, out), ==, 4096);
      g_assert_cmpint (fflush (out), ==, 0);
    }
  g_assert_cmpint (fclose (out), ==, 0);
  check_failed_save (f, "writing failed, the file was left as it was", ENOSPC, "filler");
}

static void
test_disk_full_tmpfs (Fixture       *f,
                      gconstpointer  data)
{
  if (!run_with_own_mounts (f, disk_full_mounted))
    g_test_skip ("cannot mount a small tmpfs here; the write hook simulates a full disk");
}

/* A file system with room left but no inode for the temporary file. */
static void
no_inodes_mounted (Fixture *f)
{
  g_assert_cmpint (mount ("adj-test", f->dir, "tmpfs", 0, "size=1m,nr_inodes=2,mode=0700"), ==,
                   0);
  save_earlier (f);
  check_failed_save (f, "cannot create a file in this folder", ENOSPC, NULL);
}

static void
test_no_inodes_tmpfs (Fixture       *f,
                      gconstpointer  data)
{
  if (!run_with_own_mounts (f, no_inodes_mounted))
    g_test_skip ("cannot mount a small tmpfs here");
}

static void
test_path_is_dir (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = g_build_filename (f->dir, "saves", NULL);
  g_autofree char *expect = NULL;
  g_autofree char *names = NULL;
  g_autofree char *inside = NULL;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_false (adj_store_save_battle (battle, sub, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  expect = g_strdup_printf ("%s: this is a folder; choose a file name to save to", sub);
  g_assert_cmpstr (error->message, ==, expect);
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "saves");
  inside = list_dir (sub);
  g_assert_cmpstr (inside, ==, "");
}

static void
test_missing_dir (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "no-such-folder", "battle.json", NULL);
  g_autofree char *expect = NULL;
  g_autofree char *names = NULL;

  g_assert_false (adj_store_save_battle (battle, path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  expect = g_strdup_printf ("%s: cannot create a file in this folder: %s", path,
                            g_strerror (ENOENT));
  g_assert_cmpstr (error->message, ==, expect);
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "");
}

/* ---- autosave ---- */

static void
on_autosave_failed (AdjBattle  *battle,
                    const char *message,
                    GPtrArray  *messages)
{
  g_ptr_array_add (messages, g_strdup (message));
}

static void
test_autosave (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(json_object) expect = NULL;
  g_autoptr(json_object) got = NULL;
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir_path = g_build_filename (f->dir, "autosave-dir", NULL);

  g_signal_connect (battle, "autosave-failed", G_CALLBACK (on_autosave_failed), failures);
  adj_battle_set_autosave_func (battle, adj_store_write_autosave);
  adj_battle_set_autosave_path (battle, f->path);
  g_assert_cmpstr (adj_battle_get_autosave_path (battle), ==, f->path);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* Every journal entry is saved at once. */
  g_assert_true (adj_battle_edit (battle, "unit:u1", "status.activated", yes, &error));
  g_assert_no_error (error);
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  expect = adj_battle_to_json (battle);
  got = adj_battle_to_json (loaded);
  g_assert_true (adj_json_equal (expect, got));
  g_clear_object (&loaded);
  g_clear_pointer (&expect, json_object_put);
  g_clear_pointer (&got, json_object_put);

  /* And so is an undo. */
  g_assert_true (adj_battle_undo (battle, &error));
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (loaded, "u1"), "activated"));
  g_assert_cmpuint (failures->len, ==, 0);

  /* A failed autosave does not fail the change; it says so through a signal. */
  g_assert_cmpint (g_mkdir (dir_path, 0700), ==, 0);
  adj_battle_set_autosave_path (battle, dir_path);
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (failures->len, ==, 1);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (failures, 0),
                                   ": this is a folder; choose a file name to save to"));
  adj_battle_set_autosave_path (battle, NULL);
}

static void
test_autosave_path (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autofree char *dir = adj_store_autosave_dir ();
  g_autofree char *path = adj_store_autosave_path (battle);
  g_autofree char *name = g_strconcat (adj_battle_get_uid (battle), ".json", NULL);
  g_autofree char *expect_dir = g_build_filename (g_get_user_data_dir (), "adjutant",
                                                  "autosave", NULL);

  g_assert_cmpstr (dir, ==, expect_dir);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_true (g_str_has_prefix (path, dir));
  g_assert_true (g_str_has_suffix (path, name));
}

/* The battle writes no file itself: with a path but no writer its autosave fails and says so;
 * given the store's writer, it writes through it. */
static void
test_autosave_writer (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  json_object *note = NULL;

  g_signal_connect (battle, "autosave-failed", G_CALLBACK (on_autosave_failed), failures);
  adj_battle_set_autosave_path (battle, f->path);
  g_assert_false (adj_battle_autosave (battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (adj_battle_edit (battle, "unit:u1", "status.activated", yes, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (failures->len, ==, 1);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  adj_battle_set_autosave_func (battle, adj_store_write_autosave);
  adj_battle_set_file_path (battle, "/home/referee/kraal.json");
  g_assert_true (adj_battle_autosave (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (failures->len, ==, 1);
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_file_path (loaded), ==, "/home/referee/kraal.json");
  g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (loaded, "u1"), "activated"));

  /* What the store writes is the battle's document and a note of its file. */
  g_clear_object (&loaded);
  g_assert_true (adj_store_write_autosave (battle, f->path, &error));
  g_assert_no_error (error);
  {
    g_autoptr(json_object) json = adj_json_parse_file (f->path, &error);

    g_assert_no_error (error);
    g_assert_true (json_object_object_get_ex (json, "autosave", &note));
    g_assert_cmpstr (json_object_get_string (json_object_object_get (note, "file")), ==,
                     "/home/referee/kraal.json");
  }
  adj_battle_set_autosave_path (battle, NULL);
}

/* ---- the random sequence goes on after a reload ---- */

static json_object *
roll_initiative (AdjBattle *battle)
{
  g_autoptr(json_object) inputs = json_object_new_object ();
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  json_object_object_add (inputs, "side_a", json_object_new_string ("a"));
  json_object_object_add (inputs, "side_b", json_object_new_string ("b"));
  /* The rules allow one initiative a turn: the referee allows the rolls after it. */
  outcome = adj_battle_run_ruling (battle, "wec/initiative", inputs, &error);
  g_assert_no_error (error);
  return adj_outcome_to_json (outcome);
}

static void
assert_same_future (AdjBattle *a,
                    AdjBattle *b)
{
  g_autofree char *state_a = adj_rng_to_string (adj_battle_get_rng (a));
  g_autofree char *state_b = adj_rng_to_string (adj_battle_get_rng (b));
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (state_a, ==, state_b);
  /* The same dice, through a mechanic and its journal entry ... */
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(json_object) roll_a = roll_initiative (a);
      g_autoptr(json_object) roll_b = roll_initiative (b);

      g_assert_true (adj_json_equal (roll_a, roll_b));
    }
  /* ... the same cards off the pack ... */
  for (guint i = 0; i < 3; i++)
    {
      AdjCard card_a, card_b;

      g_assert_true (adj_battle_turn_card (a, NULL, &card_a, &error));
      g_assert_true (adj_battle_turn_card (b, NULL, &card_b, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (card_a, ==, card_b);
    }
  /* ... and the same dice straight from the generator. */
  {
    g_autoptr(AdjRandom) random_a = adj_battle_new_random (a);
    g_autoptr(AdjRandom) random_b = adj_battle_new_random (b);
    int dice_a[100], dice_b[100];

    g_assert_true (adj_random_roll (random_a, NULL, "d12", 100, 12, dice_a, &error));
    g_assert_true (adj_random_roll (random_b, NULL, "d12", 100, 12, dice_b, &error));
    g_assert_no_error (error);
    g_assert_cmpmem (dice_a, sizeof dice_a, dice_b, sizeof dice_b);
  }
}

/* Save in the middle of a game, load it again, and roll on in both: the same dice and cards. */
static void
test_random_continues (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(AdjBattle) loaded = NULL;
  g_autoptr(AdjBattle) from_autosave = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *autosave = g_build_filename (f->dir, "autosave.json", NULL);
  g_autoptr(json_object) discard = NULL;

  adj_battle_set_seed (battle, 1879);
  discard = roll_initiative (battle);
  g_assert_true (adj_battle_turn_card (battle, NULL, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  g_assert_no_error (error);
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  assert_same_future (battle, loaded);

  /* The autosave after each entry carries the generator too: a restored game rolls on alike. */
  adj_battle_set_autosave_func (battle, adj_store_write_autosave);
  adj_battle_set_autosave_path (battle, autosave);
  g_clear_pointer (&discard, json_object_put);
  discard = roll_initiative (battle);
  from_autosave = adj_store_load_battle (autosave, &error);
  g_assert_no_error (error);
  adj_battle_set_autosave_path (battle, NULL);
  assert_same_future (battle, from_autosave);
}

/* ---- sniffing ---- */

typedef struct {
  const char *json;
  const char *format;
} SniffCase;

static const SniffCase sniff_cases[] = {
  { "{\"format\": \"adjutant-battle\"}", "adjutant-battle" },
  { "{\"format\": \"adjutant-army\", \"version\": 1}", "adjutant-army" },
  { "{\"format\": 1}", NULL },
  { "{\"name\": \"x\"}", NULL },
  { "[\"format\"]", NULL },
  { "\"adjutant-battle\"", NULL },
};

static void
test_sniff (gconstpointer data)
{
  const SniffCase *c = data;
  g_autoptr(json_object) json = adj_json_parse_data (c->json, strlen (c->json), "s", NULL);

  g_assert_nonnull (json);
  g_assert_cmpstr (adj_store_sniff_format (json), ==, c->format);
}

/* ---- broken files ---- */

static json_object *
member (json_object *obj,
        const char  *key)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (obj, key, &v));
  return v;
}

static json_object *
unit_at (json_object *root,
         gsize        i)
{
  return json_object_array_get_idx (member (root, "units"), i);
}

static void
add_entry (json_object *root,
           const char  *entry_text)
{
  json_object *journal = member (root, "journal");
  json_object *entry = adj_json_parse_data (entry_text, strlen (entry_text), "e", NULL);

  g_assert_nonnull (entry);
  json_object_array_add (member (journal, "entries"), entry);
  json_object_object_add (journal, "position", json_object_new_int (1));
}

static void
break_format (json_object *r)
{
  json_object_object_add (r, "format", json_object_new_string ("adjutant-army"));
}

static void
break_newer (json_object *r)
{
  json_object_object_add (r, "version", json_object_new_int (99));
}

static void
break_version_zero (json_object *r)
{
  json_object_object_add (r, "version", json_object_new_int (0));
}

static void
break_ruleset (json_object *r)
{
  json_object_object_add (r, "ruleset", json_object_new_string ("xyz"));
}

static void
break_top_key (json_object *r)
{
  json_object_object_add (r, "weather", json_object_new_string ("rain"));
}

static void
break_unit_type (json_object *r)
{
  json_object_object_add (unit_at (r, 3), "type", json_object_new_string ("zeppelin"));
}

static void
break_unit_side (json_object *r)
{
  json_object_object_add (unit_at (r, 20), "side", json_object_new_string ("c"));
}

static void
break_duplicate_unit (json_object *r)
{
  json_object_object_add (unit_at (r, 5), "id", json_object_new_string ("u2"));
}

static void
break_unit_status (json_object *r)
{
  json_object_object_add (member (unit_at (r, 0), "status"), "dismounted",
                          json_object_new_boolean (TRUE));
}

static void
break_position (json_object *r)
{
  json_object_object_add (member (r, "journal"), "position", json_object_new_int (1));
}

static void
break_position_negative (json_object *r)
{
  json_object_object_add (member (r, "journal"), "position", json_object_new_int (-1));
}

static void
break_rng (json_object *r)
{
  json_object_object_add (r, "rng", json_object_new_string ("not-a-state"));
}

static void
break_rng_zero (json_object *r)
{
  json_object_object_add (r, "rng", json_object_new_string (
    "0000000000000000000000000000000000000000000000000000000000000000"));
}

static void
break_turn (json_object *r)
{
  json_object_object_add (r, "turn", json_object_new_int (13));
}

static void
break_phase (json_object *r)
{
  json_object_object_add (r, "phase", json_object_new_string ("lunch"));
}

static void
break_no_sides (json_object *r)
{
  json_object_object_add (r, "sides", json_object_new_array ());
  json_object_object_add (r, "units", json_object_new_array ());
}

static void
break_duplicate_side (json_object *r)
{
  json_object_object_add (json_object_array_get_idx (member (r, "sides"), 1), "id",
                          json_object_new_string ("a"));
}

static void
break_side_setting (json_object *r)
{
  json_object_object_add (member (json_object_array_get_idx (member (r, "sides"), 1),
                                  "settings"), "dice", json_object_new_string ("d20"));
}

static void
break_pack (json_object *r)
{
  json_object *pack = json_object_new_object ();

  json_object_object_add (pack, "decks", json_object_new_int (1));
  json_object_object_add (pack, "draw", json_object_new_array ());
  json_object_array_add (member (pack, "draw"), json_object_new_string ("11H"));
  json_object_object_add (pack, "dealt", json_object_new_array ());
  json_object_object_add (pack, "turned", json_object_new_array ());
  json_object_object_add (r, "pack", pack);
}

static void
break_entry_mechanic (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"mechanic\", \"mechanic\": \"wec/teleport\", "
                "\"summary\": \"?\", \"changes\": []}");
}

static void
break_entry_op (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": "
                "[{\"op\": \"explode\", \"target\": \"battle\"}]}");
}

static void
break_entry_key (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"mood\": 3, "
                "\"changes\": []}");
}

static void
break_entry_summary_missing (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"changes\": []}");
}

static void
break_entry_summary_null (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": null, \"changes\": []}");
}

static void
break_entry_phase_type (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"phase\": 2, "
                "\"changes\": []}");
}

static void
break_change_key_of_other_op (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": "
                "[{\"op\": \"set\", \"target\": \"battle\", \"field\": \"turn\", "
                "\"before\": 1, \"after\": 2, \"index\": 0}]}");
}

static void
break_change_target_missing (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": "
                "[{\"op\": \"set\", \"field\": \"turn\", \"before\": 1, \"after\": 2}]}");
}

static void
break_change_index (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": "
                "[{\"op\": \"add-unit\", \"target\": \"battle\", \"unit\": {\"id\": \"u9\"}, "
                "\"index\": -1}]}");
}

static void
break_entry_seq (json_object *r)
{
  add_entry (r, "{\"seq\": 0, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": []}");
}

static void
break_entry_changes (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": {}}");
}

/* An entry whose "before" the battle cannot take: undoing it would fail in the middle of a game. */
static void
break_entry_before (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": ["
                "{\"op\": \"set\", \"target\": \"battle\", \"field\": \"turn\", "
                "\"before\": \"one\", \"after\": 1}]}");
}

/* An entry that undone (redone) in its place would not work: undoing an added unit removes it,
 * but the battle does not have it. */
static void
break_entry_added_unit_missing (json_object *r)
{
  g_autoptr(json_object) unit = adj_json_copy (unit_at (r, 0));
  json_object *entry;

  add_entry (r, "{\"seq\": 1, \"kind\": \"units\", \"summary\": \"?\", \"changes\": ["
                "{\"op\": \"add-unit\", \"target\": \"battle\", \"index\": 0}]}");
  json_object_object_add (unit, "id", json_object_new_string ("u77"));
  entry = json_object_array_get_idx (member (member (r, "journal"), "entries"), 0);
  json_object_object_add (json_object_array_get_idx (member (entry, "changes"), 0), "unit",
                          json_object_get (unit));
}

/* An entry undone in its place, to redo it: setting a unit's figures past what it may have. */
static void
break_entry_after_undone (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": ["
                "{\"op\": \"set\", \"target\": \"unit:u1\", \"field\": \"figures\", "
                "\"before\": 1, \"after\": 99999}]}");
  json_object_object_add (member (r, "journal"), "position", json_object_new_int (0));
}

/* A sealed secret with one character changed. */
static void
break_secret (json_object *r)
{
  g_autofree char *sealed = adj_secret_seal ("[\"u3\"]", NULL);
  json_object *secrets = json_object_new_object ();

  sealed[strlen (ADJ_SECRET_PREFIX) + 3] = sealed[strlen (ADJ_SECRET_PREFIX) + 3] == 'A' ? 'B'
                                                                                       : 'A';
  json_object_object_add (secrets, "markers", json_object_new_string (sealed));
  json_object_object_add (r, "secrets", secrets);
}

static void
break_secret_in_journal (json_object *r)
{
  g_autofree char *sealed = adj_secret_seal ("[\"u3\"]", NULL);
  g_autofree char *entry = NULL;

  sealed[strlen (sealed) - 3] = sealed[strlen (sealed) - 3] == 'A' ? 'B' : 'A';
  entry = g_strdup_printf ("{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", "
                           "\"changes\": [{\"op\": \"set\", \"target\": \"battle\", "
                           "\"field\": \"secrets.markers\", \"before\": null, "
                           "\"after\": \"%s\"}]}", sealed);
  add_entry (r, entry);
}

static void
break_entry_target (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": ["
                "{\"op\": \"set\", \"target\": \"unit:u1\", \"field\": \"figures\", "
                "\"before\": 1, \"after\": 0}, "
                "{\"op\": \"set\", \"target\": \"unit:u99\", \"field\": \"figures\", "
                "\"before\": 1, \"after\": 0}]}");
}

static void
break_entry_side (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"?\", \"changes\": ["
                "{\"op\": \"set\", \"target\": \"side:c\", \"field\": \"name\", "
                "\"before\": \"C\", \"after\": \"D\"}]}");
}

static void
break_entry_unit_id (json_object *r)
{
  add_entry (r, "{\"seq\": 1, \"kind\": \"units\", \"summary\": \"?\", \"changes\": ["
                "{\"op\": \"add-unit\", \"target\": \"battle\", \"unit\": "
                "{\"name\": \"X\"}, \"index\": 0}]}");
}

static void
break_battle_id (json_object *r)
{
  json_object_object_add (r, "id", json_object_new_string ("Not An Id"));
}

static void
break_units_missing (json_object *r)
{
  json_object_object_del (r, "units");
}

typedef struct {
  const char *name;
  void      (*mutate) (json_object *root);
  int         code;
  const char *where;     /* the JSON path */
  const char *problem;
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "wrong-format", break_format, ADJ_ERROR_UNSUPPORTED, "$.format",
    "expected “adjutant-battle”, found “adjutant-army”: this is not a battle file" },
  { "newer-version", break_newer, ADJ_ERROR_UNSUPPORTED, "$.version",
    "the battle was saved by a newer Adjutant (file version 99; this version reads up to 2): "
    "update Adjutant to open it" },
  { "version-zero", break_version_zero, ADJ_ERROR_UNSUPPORTED, "$.version",
    "file version 0 does not exist" },
  { "unknown-ruleset", break_ruleset, ADJ_ERROR_UNSUPPORTED, "$.ruleset",
    "There is no ruleset “xyz” (known: @KNOWN@)" },
  { "unknown-key", break_top_key, ADJ_ERROR_INVALID, "$.weather", "unknown key “weather”" },
  { "bad-battle-id", break_battle_id, ADJ_ERROR_INVALID, "$.id",
    "expected an id (lower-case letters, digits and dashes), found “Not An Id”" },
  { "units-missing", break_units_missing, ADJ_ERROR_INVALID, "$",
    "the required key “units” is missing" },
  { "unit-unknown-type", break_unit_type, ADJ_ERROR_INVALID, "$.units[3].type",
    "“zeppelin” is not a unit type of the ruleset “wec”" },
  { "unit-unknown-side", break_unit_side, ADJ_ERROR_INVALID, "$.units[20].side",
    "the unit belongs to the side “c”, which the battle does not have" },
  { "duplicate-unit-id", break_duplicate_unit, ADJ_ERROR_INVALID, "$.units[5]",
    "the unit id “u2” is used twice" },
  { "unit-status-of-other-type", break_unit_status, ADJ_ERROR_INVALID,
    "$.units[0].status.dismounted",
    "the status “dismounted” does not apply to a unit of type “regular-infantry”" },
  { "journal-position", break_position, ADJ_ERROR_INVALID, "$.journal.position",
    "expected an integer from 0 to 0, found 1" },
  { "journal-position-negative", break_position_negative, ADJ_ERROR_INVALID,
    "$.journal.position", "expected an integer from 0 to 0, found -1" },
  { "bad-rng", break_rng, ADJ_ERROR_INVALID, "$.rng",
    "expected the generator state as 64 hexadecimal digits, not all zero" },
  { "zero-rng", break_rng_zero, ADJ_ERROR_INVALID, "$.rng",
    "expected the generator state as 64 hexadecimal digits, not all zero" },
  { "turn-beyond-last", break_turn, ADJ_ERROR_INVALID, "$.turn",
    "the ruleset has at most 12 turns, but the battle is at turn 13" },
  { "unknown-phase", break_phase, ADJ_ERROR_INVALID, "$.phase",
    "“lunch” is not a phase of the ruleset “wec”" },
  { "no-sides", break_no_sides, ADJ_ERROR_INVALID, "$.sides", "expected at least one side" },
  { "duplicate-side", break_duplicate_side, ADJ_ERROR_INVALID, "$.sides[1]",
    "the side id “a” is used twice" },
  { "bad-side-setting", break_side_setting, ADJ_ERROR_INVALID, "$.sides[1].settings.dice",
    "expected one of 2d6, d12 for “dice”, found \"d20\"" },
  { "bad-card", break_pack, ADJ_ERROR_INVALID, "$.pack.draw[0]",
    "expected a card such as “10H” or “QS”" },
  { "unknown-mechanic", break_entry_mechanic, ADJ_ERROR_INVALID, "$.journal.entries[0]",
    "the entry names a mechanic that does not exist" },
  { "unknown-change", break_entry_op, ADJ_ERROR_INVALID, "$.journal.entries[0].changes[0].op",
    "expected “set”, “add-unit” or “remove-unit”, found “explode”" },
  { "entry-seq", break_entry_seq, ADJ_ERROR_INVALID, "$.journal.entries[0].seq",
    "expected an integer from 1 to 2147483647, found 0" },
  { "entry-changes", break_entry_changes, ADJ_ERROR_INVALID, "$.journal.entries[0].changes",
    "expected an array, found an object" },
  { "entry-unknown-key", break_entry_key, ADJ_ERROR_INVALID, "$.journal.entries[0].mood",
    "unknown key “mood”" },
  { "entry-summary-missing", break_entry_summary_missing, ADJ_ERROR_INVALID,
    "$.journal.entries[0]", "the required key “summary” is missing" },
  { "entry-summary-null", break_entry_summary_null, ADJ_ERROR_INVALID,
    "$.journal.entries[0].summary", "expected a string, found null" },
  { "entry-phase-type", break_entry_phase_type, ADJ_ERROR_INVALID,
    "$.journal.entries[0].phase", "expected a string, found an integer" },
  { "change-key-of-other-op", break_change_key_of_other_op, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[0].index", "unknown key “index”" },
  { "change-target-missing", break_change_target_missing, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[0]", "the required key “target” is missing" },
  { "change-index", break_change_index, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[0].index", "expected an integer from 0 to 2147483647, found -1" },
  { "entry-before-of-wrong-type", break_entry_before, ADJ_ERROR_INVALID, "$.journal.entries[0]",
    "the entry cannot be undone: the turn must be a whole number from 1 to 12" },
  { "entry-added-unit-missing", break_entry_added_unit_missing, ADJ_ERROR_INVALID,
    "$.journal.entries[0]", "the entry cannot be undone: there is no unit “u77” to remove" },
  { "entry-undone-cannot-redo", break_entry_after_undone, ADJ_ERROR_INVALID,
    "$.journal.entries[0]",
    "the entry cannot be redone: figures must be a whole number from 0 to 10000" },
  { "secret-damaged", break_secret, ADJ_ERROR_INVALID, "$.secrets.markers",
    "the hidden information is damaged or was edited by hand" },
  { "secret-in-journal-damaged", break_secret_in_journal, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[0].after",
    "the hidden information is damaged or was edited by hand" },
  { "entry-unknown-unit", break_entry_target, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[1].target", "“unit:u99” names nothing in this battle" },
  { "entry-unknown-side", break_entry_side, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[0].target", "“side:c” names nothing in this battle" },
  { "entry-unit-without-id", break_entry_unit_id, ADJ_ERROR_INVALID,
    "$.journal.entries[0].changes[0].unit", "expected a unit with an “id”" },
};

static void
test_broken (Fixture       *f,
             gconstpointer  data)
{
  const BrokenCase *c = data;
  g_autoptr(json_object) root = demo_json ();
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;

  c->mutate (root);
  g_assert_true (adj_store_save_json (root, f->path, &error));
  g_assert_no_error (error);
  battle = adj_store_load_battle (f->path, &error);
  g_assert_null (battle);
  g_assert_error (error, ADJ_ERROR, c->code);
  {
    g_autofree char *problem = adj_test_with_known (c->problem);
    expect = g_strdup_printf ("battle.json: %s: %s", c->where, problem);
  }
  g_assert_cmpstr (error->message, ==, expect);
}

typedef struct {
  const char *name;
  const char *text;
  gssize      length;
  int         code;
  const char *problem;   /* after "<path>: " */
} BadTextCase;

static const BadTextCase bad_texts[] = {
  { "malformed", "{\"format\": \"adjutant-battle\", ]", -1, ADJ_ERROR_PARSE,
    "not valid JSON at line 1, column 31: a key in quotes was expected" },
  { "truncated", "{\n  \"format\": \"adjutant-battle\",\n  \"version\": 1,\n  \"units\": [\n",
    -1, ADJ_ERROR_PARSE,
    "the JSON text ends too early (line 5, column 1): the file looks truncated" },
  { "empty", "", 0, ADJ_ERROR_PARSE, "the file is empty" },
  { "binary", "\x89PNG\r\n\x1a\n\0\0", 10, ADJ_ERROR_PARSE,
    "the file holds a NUL byte, so it is not a JSON text file" },
  { "not-an-object", "[1, 2, 3]\n", -1, ADJ_ERROR_INVALID, NULL },
  { "no-format", "{\"version\": 1}", -1, ADJ_ERROR_INVALID, NULL },
};

static void
test_bad_text (Fixture       *f,
               gconstpointer  data)
{
  const BadTextCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *expect = NULL;

  g_assert_true (g_file_set_contents (f->path, c->text, c->length, NULL));
  g_assert_null (adj_store_load_battle (f->path, &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  if (c->problem != NULL)
    expect = g_strdup_printf ("%s: %s", f->path, c->problem);
  else if (g_str_equal (c->name, "not-an-object"))
    expect = g_strdup ("battle.json: $: expected an object, found an array");
  else
    expect = g_strdup ("battle.json: $: the required key “format” is missing");
  g_assert_cmpstr (error->message, ==, expect);
}

static void
test_truncated_save (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(AdjBattle) battle = played_battle ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  /* A real battle file cut anywhere is refused as truncated, never half loaded. */
  g_assert_true (adj_store_save_battle (battle, f->path, &error));
  text = read_file (f->path, &length);
  for (gsize cut = 1; cut < length - 2; cut += length / 37)
    {
      g_autoptr(AdjBattle) loaded = NULL;

      g_assert_true (g_file_set_contents (f->path, text, (gssize) cut, NULL));
      loaded = adj_store_load_battle (f->path, &error);
      g_assert_null (loaded);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "the file looks truncated"));
      g_assert_true (g_str_has_prefix (error->message, f->path));
      g_clear_error (&error);
    }
}

static void
test_load_missing (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (adj_store_load_battle (f->path, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, f->path));
  g_clear_error (&error);
  g_assert_null (adj_store_load_battle (f->dir, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, ": this is a folder, not a file"));
}

/* ---- journal entries, saved and loaded ---- */

/* @path read as a JSON document and made into a battle: what adj_store_load_battle() must
 * match. */
static AdjBattle *
load_as_document (const char  *path,
                  GError     **error)
{
  g_autoptr(json_object) json = adj_json_parse_file (path, error);

  return json != NULL ? adj_battle_from_json (json, "battle.json", error) : NULL;
}

static void
assert_same_value (json_object *a,
                   json_object *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  g_assert_true (a == NULL || adj_json_equal (a, b));
}

/* Every entry of @a's journal as in @b's, field by field. */
static void
assert_same_journal (AdjBattle *a,
                     AdjBattle *b)
{
  AdjJournal *ja = adj_battle_get_journal (a), *jb = adj_battle_get_journal (b);

  g_assert_cmpuint (adj_journal_get_n_entries (ja), ==, adj_journal_get_n_entries (jb));
  g_assert_cmpuint (ja->position, ==, jb->position);
  g_assert_cmpuint (ja->next_seq, ==, jb->next_seq);
  for (guint i = 0; i < adj_journal_get_n_entries (ja); i++)
    {
      AdjEntry *x = adj_journal_get_entry (ja, i), *y = adj_journal_get_entry (jb, i);

      g_assert_cmpuint (x->seq, ==, y->seq);
      g_assert_cmpint (x->time, ==, y->time);
      g_assert_cmpstr (x->kind, ==, y->kind);
      g_assert_cmpstr (x->mechanic, ==, y->mechanic);
      g_assert_cmpstr (x->summary, ==, y->summary);
      g_assert_cmpint (x->turn, ==, y->turn);
      g_assert_cmpstr (x->phase, ==, y->phase);
      assert_same_value (x->inputs, y->inputs);
      assert_same_value (x->outcome, y->outcome);
      g_assert_cmpuint (adj_change_set_len (x->changes), ==, adj_change_set_len (y->changes));
      for (guint k = 0; k < adj_change_set_len (x->changes); k++)
        {
          AdjChange *c = adj_change_set_get (x->changes, k);
          AdjChange *d = adj_change_set_get (y->changes, k);

          g_assert_cmpint (c->op, ==, d->op);
          g_assert_cmpstr (c->target, ==, d->target);
          g_assert_cmpstr (c->field, ==, d->field);
          g_assert_cmpuint (c->index, ==, d->index);
          assert_same_value (c->before, d->before);
          assert_same_value (c->after, d->after);
        }
    }
}

static void
test_journal_round_trip (Fixture       *f,
                         gconstpointer  data)
{
  g_auto(GStrv) ids = adj_ruleset_list_ids ();

  /* A game of every system: edits, rolls and draws, new turns, units added and removed. */
  for (guint r = 0; ids[r] != NULL; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjBattle) battle = adj_gen_battle (ids[r], 30, 300, 11 + r, &error);
      g_autoptr(AdjBattle) loaded = NULL, document = NULL;
      g_autoptr(json_object) json = NULL, again = NULL;
      g_autofree char *copy = g_build_filename (f->dir, "copy.json", NULL);
      g_autofree char *text = NULL, *copy_text = NULL;
      gsize length, copy_length;

      g_test_message ("%s", ids[r]);
      g_assert_no_error (error);
      g_assert_true (adj_store_save_battle (battle, f->path, &error));
      loaded = adj_store_load_battle (f->path, &error);
      g_assert_no_error (error);
      document = load_as_document (f->path, &error);
      g_assert_no_error (error);

      assert_same_journal (loaded, document);

      /* Written out again, the battle loaded is the same text. */
      g_assert_true (adj_store_save_battle (loaded, copy, &error));
      g_assert_no_error (error);
      text = read_file (f->path, &length);
      copy_text = read_file (copy, &copy_length);
      g_assert_cmpuint (length, ==, copy_length);
      g_assert_true (memcmp (text, copy_text, length) == 0);

      json = adj_battle_to_json (loaded);
      again = adj_battle_to_json (document);
      g_assert_true (adj_json_equal (json, again));

      /* And the two undo alike, entry by entry. */
      for (guint k = 0; k < 20 && adj_battle_can_undo (loaded); k++)
        {
          g_autoptr(json_object) a = NULL, b = NULL;

          g_assert_true (adj_battle_undo (loaded, &error));
          g_assert_true (adj_battle_undo (document, &error));
          g_assert_no_error (error);
          a = adj_battle_to_json (loaded);
          b = adj_battle_to_json (document);
          g_assert_true (adj_json_equal (a, b));
        }
    }
}

static void
set_entries (json_object        *root,
             const char * const *texts)
{
  json_object *journal = member (root, "journal");
  json_object *entries = json_object_new_array ();
  gsize n = 0;

  for (; texts[n] != NULL; n++)
    {
      json_object *entry = adj_json_parse_data (texts[n], strlen (texts[n]), "e", NULL);

      g_assert_nonnull (entry);
      json_object_array_add (entries, entry);
    }
  json_object_object_add (journal, "entries", entries);
  json_object_object_add (journal, "position", json_object_new_int ((int) n));
}

static void
test_journal_odd_entries (Fixture       *f,
                          gconstpointer  data)
{
  /* Entries as a person might write them by hand, each valid. */
  static const char *const odd[] = {
    /* escapes */
    "{\"seq\": 1, \"kind\": \"ed\\u0069t\", \"summary\": \"Caf\\u00e9 \\\"1\\\"\\nnext\", "
    "\"phase\": \"setup\", \"changes\": [{\"op\": \"set\", \"target\": \"unit:u1\", "
    "\"field\": \"figures\", \"before\": 1, \"after\": 0}]}",
    /* another order, and no time, turn or phase */
    "{\"changes\": [{\"after\": true, \"before\": false, \"field\": \"status.dismounted\", "
    "\"target\": \"unit:u9\", \"op\": \"set\"}], \"summary\": \"s\", \"kind\": \"edit\", "
    "\"seq\": 2}",
    /* a key given twice, read as a document (the last one counts): the file holds it once */
    "{\"seq\": 3, \"kind\": \"edit\", \"summary\": \"first\", \"summary\": \"second\", "
    "\"changes\": []}",
    /* a mechanic, with inputs and an outcome, and values of every kind */
    "{\"seq\": 4, \"time\": 0, \"kind\": \"mechanic\", \"mechanic\": \"wec/close-combat\", "
    "\"summary\": \"m\", \"turn\": 100000, \"inputs\": {}, \"outcome\": {\"a\": [1, -2, 2.5, "
    "null, \"x\", {\"b\": false}]}, \"changes\": [{\"op\": \"set\", \"target\": \"battle\", "
    "\"field\": \"turn\", \"before\": 1, \"after\": 1}]}",
    /* a unit added (the unit itself is put in below) */
    "{\"seq\": 5, \"kind\": \"units\", \"summary\": \"u\", \"changes\": [{\"op\": \"add-unit\", "
    "\"target\": \"battle\", \"index\": 0}]}",
    /* the greatest numbers there may be */
    "{\"seq\": 2147483647, \"time\": 999999999999999999, \"kind\": \"note\", \"summary\": "
    "\"\", \"changes\": []}",
    NULL
  };
  g_autoptr(json_object) root = demo_json ();
  g_autoptr(AdjBattle) loaded = NULL, document = NULL;
  g_autoptr(GError) error = NULL;
  AdjJournal *journal;

  set_entries (root, odd);
  /* The unit added is the battle's first, as it is after that entry. */
  {
    json_object *units = member (root, "units");
    json_object *first = adj_json_copy (unit_at (root, 0));
    json_object *added = adj_json_copy (first);
    json_object *entry = json_object_array_get_idx (member (member (root, "journal"), "entries"),
                                                    4);

    json_object_object_add (added, "id", json_object_new_string ("u77"));
    json_object_array_put_idx (units, 0, added);
    json_object_array_add (units, first);
    json_object_object_add (json_object_array_get_idx (member (entry, "changes"), 0), "unit",
                            adj_json_copy (added));
  }
  g_assert_true (adj_store_save_json (root, f->path, &error));
  loaded = adj_store_load_battle (f->path, &error);
  g_assert_no_error (error);
  document = load_as_document (f->path, &error);
  g_assert_no_error (error);
  assert_same_journal (loaded, document);
  journal = adj_battle_get_journal (loaded);
  g_assert_cmpstr (adj_journal_get_entry (journal, 0)->summary, ==, "Café \"1\"\nnext");
  g_assert_cmpstr (adj_journal_get_entry (journal, 0)->kind, ==, "edit");
  g_assert_cmpstr (adj_journal_get_entry (journal, 2)->summary, ==, "second");
}

/* Text broken inside an entry: the file is refused with what reading it as a document says. */
static void
test_journal_broken_inside (Fixture       *f,
                            gconstpointer  data)
{
  static const char *const entry =
    "{\"seq\": 1, \"kind\": \"edit\", \"summary\": \"MARK\", \"turn\": 1, \"changes\": "
    "[{\"op\": \"set\", \"target\": \"unit:u1\", \"field\": \"figures\", \"before\": 1, "
    "\"after\": 0}]}";
  /* What replaces each piece of the entry's text. */
  static const struct { const char *from, *to; } breaks[] = {
    { "MARK", "\\x" },
    { "MARK", "\\ud800" },
    { "MARK\"", "" },
    { "\"turn\": 1", "\"turn\": 01" },
    { "\"turn\": 1", "\"turn\": -1" },
    { "\"turn\": 1", "\"turn\": 1.5" },
    { "\"turn\": 1", "\"turn\": 100001" },
    { "\"turn\": 1", "\"turn\": tru" },
    { "\"turn\": 1", "\"turn\" 1" },
    { "\"seq\": 1", "\"seq\": \"1\"" },
    { "\"seq\": 1", "\"seq\": 99999999999999999999" },
    { "\"after\": 0}", "\"after\": 0" },
    { "\"after\": 0}", "\"after\": 0,}" },
    { "\"op\": \"set\"", "\"op\": \"drop\"" },
    { "\"op\": \"set\", ", "" },
    { "\"field\"", "\"feld\"" },
    { "\"kind\": \"edit\"", "\"kind\": null" },
    { "\"changes\": [", "\"changes\": [[], " },
  };
  g_autoptr(json_object) root = demo_json ();
  const char *const entries[] = { entry, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) deep = g_ptr_array_new_with_free_func (g_free);
  gsize length;

  /* Values nested about as deep as a file may nest them, on either side of the limit. */
  for (guint n = ADJ_JSON_MAX_DEPTH - 8; n < ADJ_JSON_MAX_DEPTH; n++)
    {
      g_autofree char *open = g_strnfill (n, '[');
      g_autofree char *close = g_strnfill (n, ']');

      g_ptr_array_add (deep, g_strdup_printf ("\"outcome\": {\"a\": %s%s}", open, close));
      g_ptr_array_add (deep, g_strdup_printf ("\"after\": %s%s}", open, close));
    }

  set_entries (root, entries);
  g_assert_true (adj_store_save_battle_json (root, f->path, &error));
  text = read_file (f->path, &length);
  g_assert_nonnull (strstr (text, "{\"seq\": 1,"));
  for (guint i = 0; i < G_N_ELEMENTS (breaks) + deep->len; i++)
    {
      gboolean is_deep = i >= G_N_ELEMENTS (breaks);
      const char *from = !is_deep ? breaks[i].from
                         : (i - G_N_ELEMENTS (breaks)) % 2 == 0 ? "\"turn\": 1" : "\"after\": 0}";
      const char *to = !is_deep ? breaks[i].to
                       : g_ptr_array_index (deep, i - G_N_ELEMENTS (breaks));
      const char *at = strstr (strstr (text, "{\"seq\": 1,"), from);
      g_autofree char *broken = NULL;
      g_autoptr(GError) load_error = NULL, document_error = NULL;
      g_autoptr(AdjBattle) loaded = NULL, document = NULL;

      g_assert_nonnull (at);
      broken = g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
      g_assert_true (g_file_set_contents (f->path, broken, -1, NULL));
      loaded = adj_store_load_battle (f->path, &load_error);
      document = load_as_document (f->path, &document_error);
      g_test_message ("%s → %.40s: %s", from, to,
                      load_error != NULL ? load_error->message : "read");
      g_assert_true ((loaded == NULL) == (document == NULL));
      if (loaded == NULL)
        {
          g_assert_cmpint (load_error->code, ==, document_error->code);
          g_assert_cmpstr (load_error->message, ==, document_error->message);
        }
      else
        assert_same_journal (loaded, document);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/store/round-trip", test_round_trip);
  ADD ("/store/overwrite", test_overwrite);
  ADD ("/store/changed-on-disk", test_changed_on_disk);
  ADD ("/store/save/stale-temporaries", test_stale_temporaries);
  ADD ("/store/save/keeps-mode", test_keeps_mode);
  ADD ("/store/save/through-symlink", test_through_symlink);
  ADD ("/store/load-demo", test_load_demo);
  for (guint i = 0; i < G_N_ELEMENTS (disk_full_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/store/save/disk-full/%s",
                                               disk_full_cases[i].name);
      g_test_add (path, Fixture, &disk_full_cases[i], fixture_setup, test_disk_full,
                  fixture_teardown);
    }
  ADD ("/store/save/zero-write", test_zero_write);
  ADD ("/store/save/short-writes", test_short_writes);
  ADD ("/store/save/read-only", test_read_only);
  ADD ("/store/save/read-only-dir", test_read_only_dir);
  ADD ("/store/save/disk-full/tmpfs", test_disk_full_tmpfs);
  ADD ("/store/save/no-inodes/tmpfs", test_no_inodes_tmpfs);
  ADD ("/store/save/path-is-dir", test_path_is_dir);
  ADD ("/store/save/missing-dir", test_missing_dir);
  ADD ("/store/autosave", test_autosave);
  ADD ("/store/autosave/path", test_autosave_path);
  ADD ("/store/autosave/writer", test_autosave_writer);
  ADD ("/store/random-continues", test_random_continues);
  for (guint i = 0; i < G_N_ELEMENTS (sniff_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/store/sniff/%u", i);
      g_test_add_data_func (path, &sniff_cases[i], test_sniff);
    }
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/store/load/%s", broken_cases[i].name);
      g_test_add (path, Fixture, &broken_cases[i], fixture_setup, test_broken,
                  fixture_teardown);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_texts); i++)
    {
      g_autofree char *path = g_strdup_printf ("/store/load/text/%s", bad_texts[i].name);
      g_test_add (path, Fixture, &bad_texts[i], fixture_setup, test_bad_text, fixture_teardown);
    }
  ADD ("/store/load/truncated-anywhere", test_truncated_save);
  ADD ("/store/load/missing", test_load_missing);
  ADD ("/store/journal/round-trip", test_journal_round_trip);
  ADD ("/store/journal/odd-entries", test_journal_odd_entries);
  ADD ("/store/journal/broken-inside", test_journal_broken_inside);

#undef ADD

  status = g_test_run ();
  adj_ruleset_set_data_dir (NULL);
  return status;
}
