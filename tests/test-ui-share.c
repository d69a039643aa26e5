/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-share.c: sharing the table with the players' phones from the battle window — the
 * menu's toggle starts the server with a token and shows the address, turning it off or closing
 * the window stops it — and what the players' window and the server cost in memory. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "adj-test-ui.h"
#include "adj-share-dialog.h"
#include "adj-table-display.h"
#include "adj-test-http.h"
#include "adj-test-asan.h"

ADJ_TEST_TRACE_LEAKS_THROUGH_LIBRARIES

/* Sharing starts from the menu's toggle, serves the window's battle with a token, and stops
 * when toggled off or when the battle window closes. */
static void
check_share (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjShareDialog *dialog;
  AdjShareServer *server;
  g_autofree char *target = NULL;
  g_autofree char *body = NULL;
  g_autofree char *title = NULL;
  guint port;

  g_assert_null (adj_share_dialog_get (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "share.active", NULL));
  adj_test_settle ();
  dialog = adj_share_dialog_get (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  server = adj_share_dialog_get_server (dialog);
  g_assert_true (adj_share_server_is_running (server));
  port = adj_share_server_get_port (server);
  target = g_strdup_printf ("/state?t=%s", adj_share_server_get_token (server));
  g_assert_cmpuint (adj_test_http_get (port, "GET", target, &body), ==, 200);
  title = g_strdup_printf ("\"title\":\"%s\"",
                           adj_battle_get_name (adj_battle_window_get_battle (window)));
  g_assert_nonnull (strstr (body, title));

  /* Closing the address's window leaves sharing on. */
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
  g_assert_true (adj_share_dialog_get (window) == dialog);
  g_assert_true (adj_share_server_is_running (server));

  /* Toggled off: stopped. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "share.active", NULL));
  adj_test_settle ();
  g_assert_null (adj_share_dialog_get (window));
  {
    g_autoptr(GSocketClient) client = g_socket_client_new ();
    g_autoptr(GError) error = NULL;
    g_autoptr(GSocketConnection) refused = NULL;

    g_socket_client_set_enable_proxy (client, FALSE);
    refused = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) port, NULL, &error);
    g_assert_null (refused);
  }

  /* On again, then the window closes: stopped too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "share.active", NULL));
  adj_test_settle ();
  dialog = adj_share_dialog_get (window);
  g_assert_nonnull (dialog);
  server = g_object_ref (adj_share_dialog_get_server (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  adj_test_settle ();
  g_assert_false (adj_share_server_is_running (server));
  g_object_unref (server);
}

static void
test_share (void)
{
  adj_test_run_app (check_share, "--demo");
}

/* The peak resident memory of this process so far, in KiB, from /proc. */
static long
resident_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "\nVmHWM:");
  g_assert_nonnull (line);
  return strtol (line + strlen ("\nVmHWM:"), NULL, 10);
}

/* The players' window and the phones' server together add less than 10 MiB to the app. */
static void
check_memory (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  long before, after;

  adj_test_settle ();
  before = resident_kib ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.table-display", NULL));
  adj_test_settle ();
  g_assert_nonnull (adj_battle_window_get_table_display (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "share.active", NULL));
  adj_test_settle ();
  g_assert_nonnull (adj_share_dialog_get (window));
  after = resident_kib ();
  g_test_message ("the table display and sharing add %ld KiB to the peak", after - before);
#ifndef ADJ_TEST_ASAN
  /* (The address sanitizer keeps freed memory aside: its figures say nothing of the app's.) */
  g_assert_cmpint (after - before, <, 10 * 1024);
#endif
}

static void
test_memory (void)
{
  adj_test_run_app (check_memory, "--demo");
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/share/toggle", test_share);
  g_test_add_func ("/ui/share/memory", test_memory);
  return adj_test_finish_ui (g_test_run ());
}
