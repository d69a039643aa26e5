/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-cli.c: running the real adjutant-cli from a test. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

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

/* Run the binary with @args and @input; with @set_language, $LANGUAGE is @language (NULL:
 * unset) for it, else it has the test's environment. */
static void
run (AdjCliRun          *r,
     gboolean            set_language,
     const char         *language,
     const char         *input,
     const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) in = NULL;
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;

  adj_cli_run_clear (r);
  if (set_language && language != NULL)
    g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
  else if (set_language)
    g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  g_ptr_array_add (argv, (gpointer) adj_cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  in = g_bytes_new (input != NULL ? input : "", input != NULL ? strlen (input) : 0);
  g_assert_true (g_subprocess_communicate (process, in, NULL, &out, &err, &error));
  g_assert_no_error (error);
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
