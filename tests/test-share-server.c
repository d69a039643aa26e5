/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-share-server.c: the players' phones' view — the token, the methods and paths refused,
 * the limits, the live stream (after an apply, after an undo, resumed after a drop) and a walk
 * of every endpoint of battles with hidden markers, drifts and cups, looking for what is
 * hidden. */

#include "config.h"

#include <string.h>
#include <sys/socket.h>

#include "adj-battle.h"
#include "adj-json.h"
#include "adj-secret.h"
#include "adj-share-server.h"
#include "adj-store.h"
#include "adj-table-json.h"
#include "adj-test-http.h"
#include "adj-test-asan.h"

ADJ_TEST_TRACE_LEAKS_THROUGH_LIBRARIES
#include "adj-test-util.h"

static AdjBattle *
load_demo (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".json", NULL);

  return adj_test_load_demo (file);
}

static AdjShareServer *
start (AdjBattle *battle)
{
  AdjShareServer *server = adj_share_server_new (battle);
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_share_server_start (server, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_share_server_get_port (server), >, 0);
  return server;
}

/* @path with the token, or with @token when it is not NULL. */
static char *
with_token (AdjShareServer *server,
            const char     *path,
            const char     *token)
{
  return g_strdup_printf ("%s%st=%s", path, strchr (path, '?') != NULL ? "&" : "?",
                          token != NULL ? token : adj_share_server_get_token (server));
}

static guint
get (AdjShareServer *server,
     const char     *target,
     char          **body)
{
  return adj_test_http_get (adj_share_server_get_port (server), "GET", target, body);
}

/* ------------------------------------------------------------------------------------------ */

static const char *const every_path[] = {
  "/", "/state", "/events", "/share.js", "/share.css", "/side/a", "/side/a/state", "/nothing",
  "/../etc/passwd",
};

/* Without the token, or with a wrong one, nothing: 401 and an empty body, whatever the path. */
static void
test_token_required (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");

  /* A server for each path: the requests of all of them would pass the rate of one address. */
  for (guint i = 0; i < G_N_ELEMENTS (every_path); i++)
    {
      g_autoptr(AdjShareServer) server = start (battle);
      const char *token = adj_share_server_get_token (server);
      g_autofree char *one_off = g_strdup (token);
      g_autofree char *longer = g_strconcat (token, "0", NULL);
      g_autofree char *shorter = g_strndup (token, strlen (token) - 1);
      const char *wrong[] = { one_off, longer, shorter, "", "%00" };
      g_autofree char *body = NULL;

      g_assert_cmpuint (strlen (token), ==, 32);
      one_off[5] = one_off[5] == 'a' ? 'b' : 'a';

      g_assert_cmpuint (get (server, every_path[i], &body), ==, 401);
      g_assert_cmpstr (body, ==, "");
      for (guint k = 0; k < G_N_ELEMENTS (wrong); k++)
        {
          g_autofree char *target = with_token (server, every_path[i], wrong[k]);
          g_autofree char *refused = NULL;

          g_assert_cmpuint (get (server, target, &refused), ==, 401);
          g_assert_cmpstr (refused, ==, "");
        }
    }
}

/* With the token: the page (naming its files with the token), the state, a side. */
static void
test_served (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), 0);
  g_autofree char *page = NULL, *state = NULL, *js = NULL, *side_page = NULL, *side_state = NULL;
  g_autofree char *t_page = with_token (server, "/", NULL);
  g_autofree char *t_state = with_token (server, "/state", NULL);
  g_autofree char *t_js = with_token (server, "/share.js", NULL);
  g_autofree char *side_path = g_strdup_printf ("/side/%s", side->id);
  g_autofree char *side_data = g_strdup_printf ("/side/%s/state", side->id);
  g_autofree char *t_side_page = with_token (server, side_path, NULL);
  g_autofree char *t_side_state = with_token (server, side_data, NULL);
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) side_json = NULL;

  g_assert_cmpuint (get (server, t_page, &page), ==, 200);
  g_assert_nonnull (strstr (page, adj_share_server_get_token (server)));
  g_assert_null (strstr (page, "@TOKEN@"));
  g_assert_cmpuint (get (server, t_js, &js), ==, 200);
  g_assert_nonnull (strstr (js, "EventSource"));
  g_assert_cmpuint (get (server, t_state, &state), ==, 200);
  json = adj_test_parse (state);
  g_assert_cmpstr (adj_test_member_string (json, "title"), ==, adj_battle_get_name (battle));
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "rev")), ==, 1);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "turn")), ==,
                   adj_battle_get_turn (battle));
  g_assert_cmpuint (json_object_array_length (adj_test_member (json, "sides")), ==,
                    adj_battle_get_sides (battle)->len);
  g_assert_cmpuint (get (server, t_side_page, &side_page), ==, 200);
  g_assert_cmpstr (side_page, ==, page);
  g_assert_cmpuint (get (server, t_side_state, &side_state), ==, 200);
  side_json = adj_test_parse (side_state);
  g_assert_cmpstr (adj_test_member_string (adj_test_member (side_json, "side"), "name"), ==,
                   side->name);
}

static void
test_methods (void)
{
  static const char *const methods[] = { "POST", "PUT", "DELETE", "PATCH", "OPTIONS" };
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autofree char *target = with_token (server, "/state", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      g_autofree char *body = NULL;

      g_assert_cmpuint (adj_test_http_get (adj_share_server_get_port (server), methods[i], target,
                                           &body), ==, 405);
      g_assert_cmpstr (body, ==, "");
    }
}

/* Nothing but the page's own files and the JSON: no file from the disk, however the path is
 * written. */
static void
test_not_found (void)
{
  static const char *const paths[] = {
    "/../etc/passwd", "/%2e%2e/etc/passwd", "/..%2fetc%2fpasswd", "/etc/passwd",
    "/share.js/../../../etc/passwd", "/index.html", "/share.gresource.xml", "/side/nobody",
    "/side/nobody/state", "/side/a/units", "/state/x", "/events/x", "//etc/passwd",
    "/side/../../../../etc/passwd",
  };
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *target = with_token (server, paths[i], NULL);
      g_autofree char *body = NULL;
      guint status = get (server, target, &body);

      /* libsoup itself refuses a path it cannot make sense of, before asking the server. */
      if (status != 404 && status != 400)
        adj_test_fail_check ("%s: %u, not 404", paths[i], status);
      g_assert_cmpstr (body, ==, "");
      g_assert_null (strstr (body, "root:"));
    }
}

/* Each start draws a new token; the old one no longer opens anything. */
static void
test_token_changes (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = adj_share_server_new (battle);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *last = NULL;

  g_assert_false (adj_share_server_is_running (server));
  g_assert_null (adj_share_server_get_token (server));
  g_assert_null (adj_share_server_get_urls (server));
  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) urls = NULL;
      const char *token;

      g_assert_true (adj_share_server_start (server, 0, &error));
      g_assert_no_error (error);
      token = adj_share_server_get_token (server);
      g_assert_cmpuint (strlen (token), ==, 32);
      for (const char *c = token; *c != '\0'; c++)
        g_assert_true (g_ascii_isxdigit (*c));
      g_assert_false (g_hash_table_contains (seen, token));
      g_hash_table_add (seen, g_strdup (token));
      urls = adj_share_server_get_urls (server);
      g_assert_nonnull (urls);
      g_assert_nonnull (urls[0]);
      for (guint k = 0; urls[k] != NULL; k++)
        g_assert_true (g_str_has_suffix (urls[k], token));
      if (last != NULL)
        {
          g_autofree char *old = with_token (server, "/state", last);

          g_assert_cmpuint (get (server, old, NULL), ==, 401);
        }
      g_free (last);
      last = g_strdup (token);
      adj_share_server_stop (server);
      g_assert_false (adj_share_server_is_running (server));
    }
}

static gboolean
has_status (AdjTestHttp *http,
            gpointer     data)
{
  return adj_test_http_status (http) != 0 && strstr (http->data->str, "\r\n\r\n") != NULL;
}

static gboolean
has_events (AdjTestHttp *http,
            gpointer     data)
{
  return adj_test_http_n_events (http) >= GPOINTER_TO_UINT (data);
}

static gboolean
has_event (AdjTestHttp *http,
           gpointer     data)
{
  return adj_test_http_has_event (http, *(guint64 *) data);
}

static AdjTestHttp *
open_stream (AdjShareServer *server,
             const char     *extra)
{
  g_autofree char *target = with_token (server, "/events", NULL);
  AdjTestHttp *http = adj_test_http_open (adj_share_server_get_port (server), "GET", target,
                                          extra);

  g_assert_true (adj_test_http_wait (http, has_status, NULL, 5000));
  return http;
}

/* At most ADJ_SHARE_MAX_CLIENTS streams: one more is refused, and room is made when one goes. */
static void
test_max_clients (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(GPtrArray) streams = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 adj_test_http_free);
  g_autoptr(AdjTestHttp) extra = NULL;
  g_autofree char *body = NULL;

  for (guint i = 0; i < ADJ_SHARE_MAX_CLIENTS; i++)
    {
      AdjTestHttp *http = open_stream (server, NULL);

      g_assert_cmpuint (adj_test_http_status (http), ==, 200);
      g_ptr_array_add (streams, http);
    }
  g_assert_cmpuint (adj_share_server_get_n_clients (server), ==, ADJ_SHARE_MAX_CLIENTS);
  extra = open_stream (server, "Connection: close\r\n");
  g_assert_cmpuint (adj_test_http_status (extra), ==, 503);
  g_assert_true (adj_test_http_wait (extra, NULL, NULL, 5000));
  body = adj_test_http_body (extra);
  g_assert_cmpstr (body, ==, "");

  /* One goes: the server sees it and has room again. */
  g_ptr_array_remove_index (streams, 0);
  for (guint i = 0; i < 200 && adj_share_server_get_n_clients (server) == ADJ_SHARE_MAX_CLIENTS;
       i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_cmpuint (adj_share_server_get_n_clients (server), ==, ADJ_SHARE_MAX_CLIENTS - 1);
}

/* How many files this process has open. */
static guint
n_open_files (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* An evening of phones asking and going away leaves no connection open behind it: the server
 * holds no more files after sixty requests and sixty dropped streams than before. */
static void
test_no_files_left_open (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("wec-zulu-war");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autofree char *state = with_token (server, "/state", NULL);
  guint before;

  /* One of each first, so that whatever is opened once and kept (a cache, say) is open. */
  g_assert_cmpuint (get (server, state, NULL), ==, 200);
  adj_test_http_free (open_stream (server, NULL));
  for (guint i = 0; i < 50 && adj_share_server_get_n_clients (server) > 0; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  before = n_open_files ();

  for (guint i = 0; i < 60; i++)
    {
      g_assert_cmpuint (get (server, state, NULL), ==, 200);
      adj_test_http_free (open_stream (server, NULL));
      /* Within the rate a phone is allowed: two requests, two turns. */
      g_usleep (2 * G_USEC_PER_SEC / ADJ_SHARE_RATE);
    }
  for (guint i = 0; i < 500 && adj_share_server_get_n_clients (server) > 0; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_cmpuint (adj_share_server_get_n_clients (server), ==, 0);
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (n_open_files (), <=, before);
}

/* Requests past the rate of one address are refused with 429 and nothing else. */
static void
test_rate_limit (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autofree char *target = with_token (server, "/state", NULL);
  guint ok = 0, refused = 0;

  for (guint i = 0; i < 5 * ADJ_SHARE_RATE; i++)
    {
      g_autofree char *body = NULL;
      guint status = get (server, target, &body);

      if (status == 200)
        ok++;
      else
        {
          g_assert_cmpuint (status, ==, 429);
          g_assert_cmpstr (body, ==, "");
          refused++;
        }
    }
  /* The burst of twice the rate goes through; the rest, some 100 requests in much less than
   * the three seconds they would need, do not all. */
  g_assert_cmpuint (ok, >=, 2 * ADJ_SHARE_RATE);
  g_assert_cmpuint (refused, >, 0);
  /* A wrong token counts too: guessing is as slow. */
  {
    g_autofree char *guess = with_token (server, "/state", "0123");
    guint limited = 0;

    for (guint i = 0; i < 10; i++)
      {
        guint status = get (server, guess, NULL);

        g_assert_true (status == 429 || status == 401);
        limited += status == 429;
      }
    g_assert_cmpuint (limited, >, 0);
  }
}

/* An update reaches an open stream after an apply, and after an undo. */
static void
test_stream_follows (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(AdjTestHttp) http = open_stream (server, NULL);
  g_autoptr(AdjOutcome) dealt = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after_apply = NULL;
  guint64 rev;

  g_assert_cmpuint (adj_test_http_status (http), ==, 200);
  g_assert_nonnull (strstr (http->data->str, "text/event-stream"));
  g_assert_true (adj_test_http_wait (http, has_events, GUINT_TO_POINTER (1), 5000));
  g_assert_true (adj_test_http_has_event (http, 1));
  g_assert_null (strstr (http->data->str, "\"headline\":\"Cards dealt"));

  adj_battle_set_seed (battle, 1885);
  dealt = adj_battle_run (battle, "rn/deal", NULL, &error);
  g_assert_no_error (error);
  rev = adj_share_server_get_revision (server);
  g_assert_cmpuint (rev, >, 1);
  g_assert_true (adj_test_http_wait (http, has_event, &rev, 5000));
  after_apply = g_strdup_printf ("\"headline\":\"%s\"", dealt->title);
  g_assert_nonnull (strstr (http->data->str, after_apply));
  g_assert_nonnull (strstr (http->data->str, "\"cards\":[{"));

  g_string_truncate (http->data, 0);
  adj_test_undo (battle);
  rev = adj_share_server_get_revision (server);
  g_assert_true (adj_test_http_wait (http, has_event, &rev, 5000));
  g_assert_null (strstr (http->data->str, after_apply));
  g_assert_nonnull (strstr (http->data->str, "\"cards\":[]"));
}

static void
change (AdjBattle *battle,
        guint      n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;

      if (i % 2 == 0)
        g_assert_true (adj_battle_next_phase (battle, &error));
      else
        g_assert_true (adj_battle_undo (battle, &error));
      g_assert_no_error (error);
    }
}

/* A stream that comes back with the id of the last update it had gets every update it missed;
 * one that missed more than are kept gets the state now, which is the whole of them. */
static void
test_stream_resumes (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(AdjTestHttp) first = open_stream (server, NULL);
  g_autoptr(AdjTestHttp) resumed = NULL;
  g_autoptr(AdjTestHttp) current = NULL;
  g_autoptr(AdjTestHttp) late = NULL;
  g_autoptr(AdjTestHttp) future = NULL;
  g_autofree char *header = NULL;
  guint64 seen, rev;

  g_assert_true (adj_test_http_wait (first, has_events, GUINT_TO_POINTER (1), 5000));
  change (battle, 3);
  rev = adj_share_server_get_revision (server);
  g_assert_true (adj_test_http_wait (first, has_event, &rev, 5000));
  seen = rev;
  g_clear_pointer (&first, adj_test_http_free);

  /* Dropped: five changes go by. */
  change (battle, 5);
  rev = adj_share_server_get_revision (server);
  g_assert_cmpuint (rev, >=, seen + 5);
  header = g_strdup_printf ("Last-Event-ID: %" G_GUINT64_FORMAT "\r\n", seen);
  resumed = open_stream (server, header);
  g_assert_true (adj_test_http_wait (resumed, has_event, &rev, 5000));
  for (guint64 r = seen + 1; r <= rev; r++)
    g_assert_true (adj_test_http_has_event (resumed, r));
  g_assert_false (adj_test_http_has_event (resumed, seen));
  g_assert_cmpuint (adj_test_http_n_events (resumed), ==, rev - seen);

  /* Up to date: nothing is sent again, the next change is. */
  g_free (header);
  header = g_strdup_printf ("Last-Event-ID: %" G_GUINT64_FORMAT "\r\n", rev);
  current = open_stream (server, header);
  change (battle, 1);
  rev = adj_share_server_get_revision (server);
  g_assert_true (adj_test_http_wait (current, has_event, &rev, 5000));
  g_assert_cmpuint (adj_test_http_n_events (current), ==, 1);

  /* Too far behind: the state now, once. */
  change (battle, ADJ_SHARE_HISTORY + 4);
  rev = adj_share_server_get_revision (server);
  late = open_stream (server, header);
  g_assert_true (adj_test_http_wait (late, has_event, &rev, 5000));
  g_assert_cmpuint (adj_test_http_n_events (late), ==, 1);

  /* An id the server never gave (from before a restart): the state now. */
  future = open_stream (server, "Last-Event-ID: 999999\r\n");
  g_assert_true (adj_test_http_wait (future, has_event, &rev, 5000));
  g_assert_cmpuint (adj_test_http_n_events (future), ==, 1);
}

/* A phone that stops reading without going away (asleep, out of range) is let go once its
 * backlog passes twice the updates kept, rather than let it grow all evening. */
static void
test_stuck_client (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(AdjTestHttp) stuck = open_stream (server, NULL);
  GSocket *socket = g_socket_connection_get_socket (stuck->connection);
  guint changes = 0;

  /* It reads nothing more, into the smallest buffer the kernel allows. */
  g_socket_set_option (socket, SOL_SOCKET, SO_RCVBUF, 1024, NULL);
  g_assert_cmpuint (adj_share_server_get_n_clients (server), ==, 1);
  while (adj_share_server_get_n_clients (server) == 1 && changes < 20000)
    {
      change (battle, 1 + changes % 2);
      changes += 1 + changes % 2;
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_test_message ("let go after %u changes", changes);
  g_assert_cmpuint (adj_share_server_get_n_clients (server), ==, 0);
  g_assert_cmpuint (changes, >, 2 * ADJ_SHARE_HISTORY);
}

/* Stopping closes every stream and unbinds. */
static void
test_stop (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rn-column-on-the-march");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(AdjTestHttp) http = open_stream (server, NULL);
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) refused = NULL;
  g_autoptr(GError) error = NULL;
  guint port = adj_share_server_get_port (server);

  g_assert_true (adj_test_http_wait (http, has_events, GUINT_TO_POINTER (1), 5000));
  adj_share_server_stop (server);
  g_assert_true (adj_test_http_wait (http, NULL, NULL, 5000));
  g_assert_true (http->closed);
  g_assert_cmpuint (adj_share_server_get_port (server), ==, 0);
  g_socket_client_set_enable_proxy (client, FALSE);
  refused = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) port, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
}

/* ------------------------------------------------------------------------------------------ */
/* the secret walk                                                                             */

static json_object *
open_secret (AdjBattle  *battle,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  const char *sealed = adj_battle_get_secret (battle, name);
  g_autofree char *text = NULL;

  g_assert_nonnull (sealed);
  text = adj_secret_open (sealed, &error);
  g_assert_no_error (error);
  return adj_test_parse (text);
}

/* Every answer of every endpoint, the event stream's included. */
static GPtrArray *
walk (AdjBattle      *battle,
      AdjShareServer *server)
{
  GPtrArray *answers = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *sides = adj_battle_get_sides (battle);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AdjTestHttp) stream = open_stream (server, "Last-Event-ID: 0\r\n");

  g_ptr_array_add (paths, g_strdup ("/"));
  g_ptr_array_add (paths, g_strdup ("/state"));
  g_ptr_array_add (paths, g_strdup ("/share.js"));
  g_ptr_array_add (paths, g_strdup ("/share.css"));
  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);

      g_ptr_array_add (paths, g_strdup_printf ("/side/%s", side->id));
      g_ptr_array_add (paths, g_strdup_printf ("/side/%s/state", side->id));
    }
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *target = with_token (server, g_ptr_array_index (paths, i), NULL);
      char *body = NULL;

      g_assert_cmpuint (get (server, target, &body), ==, 200);
      g_ptr_array_add (answers, body);
    }
  g_assert_true (adj_test_http_wait (stream, has_events, GUINT_TO_POINTER (1), 5000));
  g_ptr_array_add (answers, g_strdup (stream->data->str));
  return answers;
}

static void
assert_nowhere (GPtrArray  *answers,
                const char *secret)
{
  for (guint i = 0; i < answers->len; i++)
    if (strstr (g_ptr_array_index (answers, i), secret) != NULL)
      adj_test_fail_check ("the hidden \"%s\" is in an answer: %.300s", secret,
                           (const char *) g_ptr_array_index (answers, i));
}

static void
assert_somewhere (GPtrArray  *answers,
                  const char *text)
{
  for (guint i = 0; i < answers->len; i++)
    if (strstr (g_ptr_array_index (answers, i), text) != NULL)
      return;
  adj_test_fail_check ("\"%s\" is in no answer: the walk would not see it", text);
}

/* Risk Factor: the groups under the markers — their ids and names — are nowhere, nor which
 * marker hides which; the markers are, as the table sees them. */
static void
test_secret_walk_rf (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rf-patrol-at-the-kraal");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(json_object) record = open_secret (battle, "rf-markers");
  g_autoptr(GPtrArray) answers = walk (battle, server);
  guint hidden = 0;

  assert_nowhere (answers, ADJ_SECRET_PREFIX);
  json_object_object_foreach (adj_test_member (record, "markers"), marker, group)
    {
      AdjUnit *m = adj_battle_find_unit (battle, marker);

      /* The marker is on the table for all to see: the walk finds it. */
      assert_somewhere (answers, adj_unit_get_name (m));
      if (group != NULL)
        {
          AdjUnit *unit = adj_battle_find_unit (battle, json_object_get_string (group));
          g_autofree char *id = g_strdup_printf ("\"%s\"", adj_unit_get_id (unit));

          g_assert_true (adj_battle_unit_is_hidden (battle, unit));
          assert_nowhere (answers, adj_unit_get_name (unit));
          assert_nowhere (answers, id);
          hidden++;
        }
    }
  g_assert_cmpuint (hidden, >, 0);
  /* A group of the same side that is not hidden is listed: the walk would see a hidden one. */
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);

      if (!adj_battle_unit_is_hidden (battle, unit))
        assert_somewhere (answers, adj_unit_get_name (unit));
    }
}

/* Redvers' Reverse: what the drifts are and what the cups hold is nowhere. */
static void
test_secret_walk_rr (void)
{
  g_autoptr(AdjBattle) battle = load_demo ("rr-colenso");
  g_autoptr(AdjShareServer) server = start (battle);
  g_autoptr(json_object) drifts = open_secret (battle, "rr-drifts");
  g_autoptr(json_object) cups = open_secret (battle, "rr-cups");
  g_autoptr(GPtrArray) answers = walk (battle, server);
  guint n = 0;

  assert_nowhere (answers, ADJ_SECRET_PREFIX);
  assert_nowhere (answers, "\"areas\"");
  assert_nowhere (answers, "\"cup\"");
  json_object_object_foreach (adj_test_member (drifts, "areas"), area, value)
    {
      g_autofree char *pair = g_strdup_printf ("\"%s\":%d", area, json_object_get_int (value));

      assert_nowhere (answers, area);
      assert_nowhere (answers, pair);
      n++;
    }
  json_object_object_foreach (cups, side, cup)
    {
      json_object *chits = adj_test_member (cup, "cup");

      (void) side;

      for (size_t i = 0; i < json_object_array_length (chits); i++)
        {
          const char *chit = json_object_get_string (json_object_array_get_idx (chits, i));

          /* The values of the SP cup are bare numbers, found in any text: their ids are not. */
          if (g_ascii_isdigit (chit[0]) || chit[0] == '-')
            continue;
          assert_nowhere (answers, chit);
          n++;
        }
    }
  g_assert_cmpuint (n, >, 10);
  /* The tracks are served, so the walk looks where a drift would show. */
  assert_somewhere (answers, "\"tracks\":[{");
}

/* The snapshot holds the page's labels and the parts the page draws. */
static void
test_snapshot (void)
{
  static const char *const demos[] = {
    "rn-column-on-the-march", "rf-patrol-at-the-kraal", "rr-colenso", "gl-mission-station",
    "wec-zulu-war",
  };
  static const char *const members[] = {
    "title", "system", "turn", "phase", "turn_label", "facts", "last", "cards", "orders",
    "tracks", "sides", "labels",
  };

  for (guint i = 0; i < G_N_ELEMENTS (demos); i++)
    {
      g_autoptr(AdjBattle) battle = load_demo (demos[i]);
      g_autoptr(json_object) json = adj_table_json_snapshot (battle);
      g_autoptr(json_object) nobody = adj_table_json_side (battle, "nobody");

      for (guint k = 0; k < G_N_ELEMENTS (members); k++)
        if (!json_object_object_get_ex (json, members[k], NULL))
          adj_test_fail_check ("%s: no \"%s\"", demos[i], members[k]);
      g_assert_null (nobody);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/share/snapshot", test_snapshot);
  g_test_add_func ("/share/token-required", test_token_required);
  g_test_add_func ("/share/served", test_served);
  g_test_add_func ("/share/methods", test_methods);
  g_test_add_func ("/share/not-found", test_not_found);
  g_test_add_func ("/share/token-changes", test_token_changes);
  g_test_add_func ("/share/max-clients", test_max_clients);
  g_test_add_func ("/share/rate-limit", test_rate_limit);
  g_test_add_func ("/share/no-files-left-open", test_no_files_left_open);
  g_test_add_func ("/share/stream-follows", test_stream_follows);
  g_test_add_func ("/share/stream-resumes", test_stream_resumes);
  g_test_add_func ("/share/stuck-client", test_stuck_client);
  g_test_add_func ("/share/stop", test_stop);
  g_test_add_func ("/share/secret-walk-rf", test_secret_walk_rf);
  g_test_add_func ("/share/secret-walk-rr", test_secret_walk_rr);
  return g_test_run ();
}
