/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-cli.c: running the real adjutant-cli from a test. */

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "adj-json.h"
#include "adj-test-cli.h"
#include "adj-test-util.h"

void
adj_cli_run_clear (AdjCliRun *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

/* The text of @bytes; empty bytes may have no data at all. */
static char *
bytes_to_string (GBytes *bytes)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  return data != NULL ? g_strndup (data, size) : g_strdup ("");
}

const char *
adj_cli_path (void)
{
  const char *path = g_getenv ("ADJUTANT_CLI");

  g_assert_nonnull (path);
  return path;
}

typedef struct
{
  int         fd;
  const char *text;
} Feed;

/* Write the whole input into the pipe, then close it.  A program may exit without reading all
 * of it (a refused argument is refused before the input is read); the rest is then dropped, as
 * a shell pipeline drops it, instead of failing the test. */
static gpointer
feed_input (gpointer data)
{
  Feed *feed = data;
  gsize left = strlen (feed->text);
  const char *at = feed->text;

  while (left > 0)
    {
      gssize written = write (feed->fd, at, left);

      if (written < 0 && errno == EINTR)
        continue;
      if (written < 0)
        {
          g_assert_cmpint (errno, ==, EPIPE);
          break;
        }
      at += written;
      left -= (gsize) written;
    }
  g_assert_no_errno (close (feed->fd));
  return NULL;
}

/* Run the binary with @args and @input; with @set_language, $LANGUAGE is @language (NULL:
 * unset) for it, else it has the test's environment.
 *
 * The input goes through a pipe of our own, written from a thread, rather than through
 * g_subprocess_communicate(): that one fails the whole run, and loses what the program printed,
 * when the program exits before reading all of its input; and without SIGPIPE ignored, the
 * write into the closed pipe would kill the test. */
static void
run (AdjCliRun          *r,
     gboolean            set_language,
     const char         *language,
     const char         *input,
     const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;
  Feed feed = { -1, input != NULL ? input : "" };
  GThread *feeder;
  int fds[2];

  signal (SIGPIPE, SIG_IGN);
  adj_cli_run_clear (r);
  if (set_language && language != NULL)
    g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
  else if (set_language)
    g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  g_ptr_array_add (argv, (gpointer) adj_cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, &error));
  g_assert_no_error (error);
  g_subprocess_launcher_take_stdin_fd (launcher, fds[0]);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  /* The launcher holds the pipe's reading end until it goes; the child has its own copy. */
  g_clear_object (&launcher);
  feed.fd = fds[1];
  feeder = g_thread_new ("cli-input", feed_input, &feed);
  g_assert_true (g_subprocess_communicate (process, NULL, NULL, &out, &err, &error));
  g_assert_no_error (error);
  g_thread_join (feeder);
  r->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  r->out = bytes_to_string (out);
  r->err = bytes_to_string (err);

  /* Under AddressSanitizer, LeakSanitizer lists the suppressions it used (fontconfig's, once a
   * roster has loaded fonts) at exit: that summary is not the program's output. */
  {
    char *summary = strstr (r->err, "-----------------------------------------------------\n"
                                    "Suppressions used:\n");
    if (summary != NULL)
      *summary = '\0';
  }
}

void
adj_cli_run (AdjCliRun          *r,
             const char         *input,
             const char * const *args)
{
  run (r, FALSE, NULL, input, args);
}

void
adj_cli_run_in (AdjCliRun          *r,
                const char         *language,
                const char         *input,
                const char * const *args)
{
  run (r, TRUE, language, input, args);
}

void
adj_cli_assert_ok (const AdjCliRun *r)
{
  if (r->status != 0)
    g_error ("exit status %d, stderr: %s", r->status, r->err);
  g_assert_cmpstr (r->err, ==, "");
}

void
adj_cli_assert_fails (const AdjCliRun *r,
                      int              status,
                      const char      *message)
{
  const char *newline = strchr (r->err, '\n');

  if (r->status != status)
    g_error ("exit status %d, not %d; stderr: %s", r->status, status, r->err);
  g_assert_cmpstr (r->out, ==, "");
  g_assert_nonnull (newline);
  if (strstr (r->err, message) == NULL || strstr (r->err, message) > newline)
    g_error ("“%s” is not on the first line of stderr: %s", message, r->err);
  g_assert_true (g_str_has_prefix (r->err, "adjutant-cli: "));
}

json_object *
adj_cli_out_json (const AdjCliRun *r)
{
  g_autoptr(GError) error = NULL;
  json_object *json = adj_json_parse_data (r->out, strlen (r->out), "stdout", &error);

  g_assert_no_error (error);
  g_assert_nonnull (json);
  return json;
}

char *
adj_cli_demo_path (const char *name)
{
  return g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", name, NULL);
}

char *
adj_cli_copy_demo (const char *dir,
                   const char *name)
{
  return adj_cli_copy_demo_as (dir, name, name);
}

char *
adj_cli_copy_demo_as (const char *dir,
                      const char *name,
                      const char *copy)
{
  g_autofree char *src = adj_cli_demo_path (name);
  g_autofree char *text = NULL;
  char *path = g_build_filename (dir, copy, NULL);
  gsize length;

  g_assert_true (g_file_get_contents (src, &text, &length, NULL));
  g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));
  return path;
}

char *
adj_cli_dir_new (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("adj-test-cli-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
adj_cli_dir_free (char *dir)
{
  adj_test_remove_tree (dir);
  g_free (dir);
}
