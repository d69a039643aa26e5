/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-share-browser.c: the players' phones' page in a real browser — Debian's chromium,
 * headless, driven through the DevTools protocol over libsoup's WebSocket client.
 *
 * It opens the page with the token and waits for the turn to show; applies a result through
 * the core and checks that the page shows it within a second, then its undo; and checks that
 * without the token the browser gets 401 and an empty page.  Chromium runs in a process group of
 * its own with a profile folder of its own, and is killed on every way out, a failed assertion
 * and meson's timeout included.  Without chromium the test is skipped (exit 77).
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libsoup/soup.h>

#include "adj-battle.h"
#include "adj-share-server.h"
#include "adj-store.h"
#include "adj-table-json.h"
#include "adj-test-util.h"
#include "adj-test-asan.h"

ADJ_TEST_TRACE_LEAKS_THROUGH_LIBRARIES

/* Seconds allowed for chromium to start, and for a call to answer. */
#define START_TIMEOUT 30
#define CALL_TIMEOUT  10

static volatile pid_t browser = 0;
static char *profile = NULL;

/* ------------------------------------------------------------------------------------------ */
/* chromium's life                                                                             */

static void
kill_browser (void)
{
  pid_t pid = browser;

  if (pid <= 0)
    return;
  browser = 0;
  kill (-pid, SIGKILL);
  waitpid (pid, NULL, 0);
  /* Its helpers go too before the profile folder is removed: the group empties. */
  for (guint i = 0; i < 100 && kill (-pid, 0) == 0; i++)
    {
      kill (-pid, SIGKILL);
      g_usleep (50000);
    }
}

/* A failed assertion aborts, meson's timeout terminates: chromium goes first either way. */
static void
on_fatal_signal (int signum)
{
  pid_t pid = browser;

  if (pid > 0)
    kill (-pid, SIGKILL);
  signal (signum, SIG_DFL);
  raise (signum);
}

static void
in_child (gpointer data)
{
  /* Its own process group, killed as one; and gone if this test dies without a word. */
  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
start_browser (const char *chromium)
{
  g_autofree char *data_dir = g_strdup_printf ("--user-data-dir=%s", profile);
  const char *argv[] = {
    chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
    "--disable-sync", "--no-proxy-server", "--remote-debugging-port=0", data_dir, "about:blank",
    NULL,
  };
  g_autoptr(GError) error = NULL;
  GPid pid = 0;

  g_spawn_async (NULL, (char **) argv, NULL,
                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                 G_SPAWN_STDERR_TO_DEV_NULL,
                 in_child, NULL, &pid, &error);
  g_assert_no_error (error);
  browser = pid;
}

/* The WebSocket address of the browser, from the file chromium writes when it listens. */
static char *
devtools_url (void)
{
  g_autofree char *path = g_build_filename (profile, "DevToolsActivePort", NULL);
  gboolean timed_out = FALSE;
  guint timer = g_timeout_add_seconds (START_TIMEOUT, on_timeout, &timed_out);

  while (!timed_out)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL) &&
          (lines = g_strsplit (text, "\n", 3)) != NULL && lines[0] != NULL &&
          lines[1] != NULL && lines[1][0] == '/')
        {
          g_source_remove (timer);
          return g_strdup_printf ("ws://127.0.0.1:%s%s", lines[0], lines[1]);
        }
      g_usleep (50000);
      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_not_reached ();
}

/* ------------------------------------------------------------------------------------------ */
/* the DevTools protocol                                                                       */

typedef struct {
  SoupWebsocketConnection *ws;
  GHashTable              *answers;  /* id → json_object */
  int                      next_id;
} Cdp;

static void
answer_free (gpointer json)
{
  json_object_put (json);
}

static void
on_message (SoupWebsocketConnection *ws,
            int                      type,
            GBytes                  *message,
            gpointer                 data)
{
  Cdp *cdp = data;
  gsize size = 0;
  const char *text = g_bytes_get_data (message, &size);
  json_object *json = json_tokener_parse (text);
  json_object *id = NULL;

  if (json != NULL && json_object_object_get_ex (json, "id", &id))
    g_hash_table_insert (cdp->answers, GINT_TO_POINTER (json_object_get_int (id)), json);
  else
    json_object_put (json);
}

static void
on_connected (GObject      *session,
              GAsyncResult *result,
              gpointer      data)
{
  Cdp *cdp = data;
  g_autoptr(GError) error = NULL;

  cdp->ws = soup_session_websocket_connect_finish (SOUP_SESSION (session), result, &error);
  g_assert_no_error (error);
}

static void
cdp_connect (Cdp        *cdp,
             SoupSession *session,
             const char *url)
{
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", url);
  gboolean timed_out = FALSE;
  guint timer = g_timeout_add_seconds (CALL_TIMEOUT, on_timeout, &timed_out);

  cdp->answers = g_hash_table_new_full (NULL, NULL, NULL, answer_free);
  cdp->next_id = 1;
  soup_session_websocket_connect_async (session, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                        on_connected, cdp);
  while (cdp->ws == NULL && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timer);
  /* DevTools messages can be large (a whole page's state). */
  soup_websocket_connection_set_max_incoming_payload_size (cdp->ws, 0);
  g_signal_connect (cdp->ws, "message", G_CALLBACK (on_message), cdp);
}

/* Call @method with @params (taken; NULL: none) in the page of @session_id (NULL: the browser),
 * and return its "result", or NULL when the browser answers with an error (@error_out, when not
 * NULL, gets the error's text). */
static json_object *
cdp_try (Cdp         *cdp,
         const char  *session_id,
         const char  *method,
         json_object *params,
         char       **error_out)
{
  json_object *msg = json_object_new_object ();
  int id = cdp->next_id++;
  gboolean timed_out = FALSE;
  guint timer = g_timeout_add_seconds (CALL_TIMEOUT, on_timeout, &timed_out);
  json_object *answer, *result = NULL, *problem = NULL;

  json_object_object_add (msg, "id", json_object_new_int (id));
  json_object_object_add (msg, "method", json_object_new_string (method));
  json_object_object_add (msg, "params", params != NULL ? params : json_object_new_object ());
  if (session_id != NULL)
    json_object_object_add (msg, "sessionId", json_object_new_string (session_id));
  soup_websocket_connection_send_text (cdp->ws, json_object_to_json_string (msg));
  json_object_put (msg);
  while (!g_hash_table_contains (cdp->answers, GINT_TO_POINTER (id)) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    adj_test_fail_check ("%s: no answer in %d s", method, CALL_TIMEOUT);
  g_source_remove (timer);
  answer = g_hash_table_lookup (cdp->answers, GINT_TO_POINTER (id));
  if (json_object_object_get_ex (answer, "error", &problem))
    {
      if (error_out != NULL)
        *error_out = g_strdup (json_object_to_json_string (problem));
      return NULL;
    }
  g_assert_true (json_object_object_get_ex (answer, "result", &result));
  return json_object_get (result);
}

static json_object *
cdp_call (Cdp         *cdp,
          const char  *session_id,
          const char  *method,
          json_object *params)
{
  g_autofree char *problem = NULL;
  json_object *result = cdp_try (cdp, session_id, method, params, &problem);

  if (result == NULL)
    adj_test_fail_check ("%s: %s", method, problem);
  return result;
}

/* Open @url in a new page; its session id. */
static char *
open_page (Cdp        *cdp,
           const char *url)
{
  json_object *params = json_object_new_object ();
  g_autoptr(json_object) target = NULL;
  g_autoptr(json_object) attached = NULL;

  json_object_object_add (params, "url", json_object_new_string (url));
  target = cdp_call (cdp, NULL, "Target.createTarget", params);
  params = json_object_new_object ();
  json_object_object_add (params, "targetId",
                          json_object_get (adj_test_member (target, "targetId")));
  json_object_object_add (params, "flatten", json_object_new_boolean (TRUE));
  attached = cdp_call (cdp, NULL, "Target.attachToTarget", params);
  return g_strdup (adj_test_member_string (attached, "sessionId"));
}

/* @expression evaluated in the page (a promise is waited for), as text; NULL while the page
 * has nothing to evaluate it in yet (it is still loading). */
static char *
evaluate (Cdp        *cdp,
          const char *session,
          const char *expression)
{
  json_object *params = json_object_new_object ();
  g_autoptr(json_object) result = NULL;
  json_object *remote, *value = NULL;

  json_object_object_add (params, "expression", json_object_new_string (expression));
  json_object_object_add (params, "returnByValue", json_object_new_boolean (TRUE));
  json_object_object_add (params, "awaitPromise", json_object_new_boolean (TRUE));
  result = cdp_try (cdp, session, "Runtime.evaluate", params, NULL);
  if (result == NULL)
    return NULL;
  remote = adj_test_member (result, "result");
  if (!json_object_object_get_ex (remote, "value", &value) || value == NULL)
    return g_strdup ("");
  return g_strdup (json_object_get_string (value));
}

/* Evaluate @expression until it gives @want, for at most @ms; the milliseconds it took, or -1. */
static double
wait_for (Cdp        *cdp,
          const char *session,
          const char *expression,
          const char *want,
          guint       ms)
{
  gint64 start = g_get_monotonic_time ();

  while (g_get_monotonic_time () - start < (gint64) ms * 1000)
    {
      g_autofree char *got = evaluate (cdp, session, expression);
      gboolean timed_out = FALSE;

      if (g_strcmp0 (got, want) == 0)
        return (double) (g_get_monotonic_time () - start) / 1000.0;
      /* The server goes on serving meanwhile. */
      g_timeout_add (20, on_timeout, &timed_out);
      while (!timed_out)
        g_main_context_iteration (NULL, TRUE);
    }
  return -1;
}

/* With ADJUTANT_SHARE_PNG_DIR set, the page as a phone shows it (390×844), light and dark, as
 * <dir>/<name>-light.png and -dark.png, for people to look at. */
static void
shoot (Cdp        *cdp,
       const char *session,
       const char *name)
{
  static const char *const schemes[] = { "light", "dark" };
  const char *dir = g_getenv ("ADJUTANT_SHARE_PNG_DIR");
  json_object *params;

  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  params = json_object_new_object ();
  json_object_object_add (params, "width", json_object_new_int (390));
  json_object_object_add (params, "height", json_object_new_int (844));
  json_object_object_add (params, "deviceScaleFactor", json_object_new_int (1));
  json_object_object_add (params, "mobile", json_object_new_boolean (TRUE));
  json_object_put (cdp_call (cdp, session, "Emulation.setDeviceMetricsOverride", params));
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      json_object *feature = json_object_new_object ();
      json_object *features = json_object_new_array ();
      g_autoptr(json_object) shot = NULL;
      g_autofree char *file = g_strdup_printf ("%s-%s.png", name, schemes[i]);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree guchar *png = NULL;
      gsize size = 0;
      g_autoptr(GError) error = NULL;

      json_object_object_add (feature, "name", json_object_new_string ("prefers-color-scheme"));
      json_object_object_add (feature, "value", json_object_new_string (schemes[i]));
      json_object_array_add (features, feature);
      params = json_object_new_object ();
      json_object_object_add (params, "features", features);
      json_object_put (cdp_call (cdp, session, "Emulation.setEmulatedMedia", params));
      shot = cdp_call (cdp, session, "Page.captureScreenshot", NULL);
      png = g_base64_decode (adj_test_member_string (shot, "data"), &size);
      g_file_set_contents (path, (const char *) png, (gssize) size, &error);
      g_assert_no_error (error);
      g_test_message ("the page, %s: %s", schemes[i], path);
    }
}

/* ------------------------------------------------------------------------------------------ */

static AdjBattle *
load_demo (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".json", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", file, NULL);
  g_autoptr(GError) error = NULL;
  AdjBattle *battle = adj_store_load_battle (path, &error);

  g_assert_no_error (error);
  return battle;
}

/* The view of another demo, for the screenshots: Risk Factor with the solo enemy's orders after
 * @action, Redvers' Reverse with its tracks. */
static void
shoot_demo (Cdp        *cdp,
            const char *demo,
            const char *action,
            const char *inputs,
            const char *name)
{
  g_autoptr(AdjBattle) battle = load_demo (demo);
  g_autoptr(AdjShareServer) server = adj_share_server_new (battle);
  g_autoptr(json_object) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *page = NULL;

  if (action != NULL)
    {
      g_autoptr(json_object) given = json_tokener_parse (inputs);
      g_autoptr(AdjOutcome) outcome = adj_battle_run (battle, action, given, &error);

      g_assert_no_error (error);
      g_assert_nonnull (outcome);
    }
  g_assert_true (adj_share_server_start (server, 0, &error));
  g_assert_no_error (error);
  url = g_strdup_printf ("http://127.0.0.1:%u/?t=%s", adj_share_server_get_port (server),
                         adj_share_server_get_token (server));
  page = open_page (cdp, url);
  state = adj_table_json_snapshot (battle);
  g_assert_cmpfloat (wait_for (cdp, page, "document.getElementById('turn').textContent",
                               adj_test_member_string (state, "turn_label"), 10000), >=, 0);
  shoot (cdp, page, name);
  adj_share_server_stop (server);
}

#define HEADLINE "(document.querySelector('#last .headline') || {}).textContent || ''"

static void
test_browser (gconstpointer data)
{
  const char *chromium = data;
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = adj_share_server_new (battle);
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) state = NULL;
  g_autoptr(AdjOutcome) dealt = NULL;
  g_autofree char *ws = NULL;
  g_autofree char *url = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *page = NULL;
  g_autofree char *refused = NULL;
  g_autofree char *status = NULL;
  g_autofree char *body = NULL;
  g_autofree char *fetched = NULL;
  g_autofree char *before = NULL;
  Cdp cdp = { 0 };
  double took;

  g_assert_true (adj_share_server_start (server, 0, &error));
  g_assert_no_error (error);
  url = g_strdup_printf ("http://127.0.0.1:%u/?t=%s", adj_share_server_get_port (server),
                         adj_share_server_get_token (server));
  bare = g_strdup_printf ("http://127.0.0.1:%u/", adj_share_server_get_port (server));

  /* Straight to the browser, whatever proxy the environment names. */
  soup_session_set_proxy_resolver (session, NULL);
  start_browser (chromium);
  ws = devtools_url ();
  cdp_connect (&cdp, session, ws);

  /* The page shows the turn. */
  page = open_page (&cdp, url);
  state = adj_table_json_snapshot (battle);
  took = wait_for (&cdp, page, "document.getElementById('turn').textContent",
                   adj_test_member_string (state, "turn_label"), 10000);
  if (took < 0)
    adj_test_fail_check ("the page never showed the turn \"%s\"",
                         adj_test_member_string (state, "turn_label"));
  before = evaluate (&cdp, page, HEADLINE);

  /* A result applied through the core shows within a second... */
  adj_battle_set_seed (battle, 1885);
  dealt = adj_battle_run (battle, "rn/deal", NULL, &error);
  g_assert_no_error (error);
  took = wait_for (&cdp, page, HEADLINE, dealt->title, 1000);
  if (took < 0)
    adj_test_fail_check ("the page did not show \"%s\" within a second", dealt->title);
  g_test_message ("the page showed the result %.0f ms after the apply", took);
  shoot (&cdp, page, "share-table");
  if (g_getenv ("ADJUTANT_SHARE_PNG_DIR") != NULL)
    {
      AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), 1);
      g_autofree char *side_url = g_strdup_printf ("http://127.0.0.1:%u/side/%s?t=%s",
                                                   adj_share_server_get_port (server), side->id,
                                                   adj_share_server_get_token (server));
      g_autofree char *side_page = open_page (&cdp, side_url);

      g_assert_cmpfloat (wait_for (&cdp, side_page, "document.getElementById('side').hidden ? "
                                   "'' : 'shown'", "shown", 10000), >=, 0);
      shoot (&cdp, side_page, "share-side");
      shoot_demo (&cdp, "rf-patrol-at-the-kraal", "rf/reaction", "{\"group\": \"u6\"}",
                  "share-rf");
      shoot_demo (&cdp, "rr-colenso", NULL, NULL, "share-rr");
    }

  /* ... and so does its undo. */
  adj_test_undo (battle);
  took = wait_for (&cdp, page, HEADLINE, before, 1000);
  if (took < 0)
    adj_test_fail_check ("the page did not follow the undo within a second");

  /* Without the token: 401, and nothing. */
  fetched = evaluate (&cdp, page, "fetch('/state').then(r => r.text().then(t => r.status + ':' + "
                                  "t.length))");
  g_assert_cmpstr (fetched, ==, "401:0");
  refused = open_page (&cdp, bare);
  took = wait_for (&cdp, refused,
                   "String((performance.getEntriesByType('navigation')[0] || {}).responseStatus)",
                   "401", 10000);
  if (took < 0)
    adj_test_fail_check ("the page without the token was not refused with 401");
  status = evaluate (&cdp, refused, "document.getElementById('turn') === null ? 'none' : 'some'");
  g_assert_cmpstr (status, ==, "none");
  /* Chromium puts its own error page in place of the empty answer: nothing of the battle. */
  body = evaluate (&cdp, refused, "document.documentElement.outerHTML");
  g_assert_null (strstr (body, adj_battle_get_name (battle)));
  g_assert_null (strstr (body, "share.js"));

  soup_websocket_connection_close (cdp.ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_clear_object (&cdp.ws);
  g_hash_table_unref (cdp.answers);
  kill_browser ();
  adj_share_server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *chromium = g_find_program_in_path ("chromium");
  g_autoptr(GError) error = NULL;
  int status;

  if (chromium == NULL)
    {
      g_print ("chromium is not installed: the browser test is skipped\n");
      return 77;
    }
  g_test_init (&argc, &argv, NULL);
  signal (SIGABRT, on_fatal_signal);
  signal (SIGTERM, on_fatal_signal);
  signal (SIGINT, on_fatal_signal);
  profile = g_dir_make_tmp ("adj-test-chromium-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_data_func ("/share/browser", chromium, test_browser);
  status = g_test_run ();
  kill_browser ();
  adj_test_remove_tree (profile);
  g_free (profile);
  return status;
}
