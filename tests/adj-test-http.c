/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-http.c: a small HTTP client for the tests of the sharing server.
 *
 * Written by hand rather than with libsoup's client: the server must be sent paths exactly as
 * typed ("/../etc/passwd"), which a URI parser would tidy first, and the tests need to see the
 * raw stream of events. */

#include "config.h"

#include <string.h>

#include "adj-test-http.h"

AdjTestHttp *
adj_test_http_open (guint       port,
                    const char *method,
                    const char *target,
                    const char *extra)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *request = NULL;
  AdjTestHttp *http = g_new0 (AdjTestHttp, 1);
  GOutputStream *out;

  /* Straight to the server, whatever proxy the environment names. */
  g_socket_client_set_enable_proxy (client, FALSE);
  /* The kernel completes the connection from the listening socket's backlog: it does not wait
   * for the server, which runs only when the main context does. */
  http->connection = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) port, NULL,
                                                      &error);
  g_assert_no_error (error);
  request = g_strdup_printf ("%s %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n%s\r\n", method, target,
                             port, extra != NULL ? extra : "");
  out = g_io_stream_get_output_stream (G_IO_STREAM (http->connection));
  g_output_stream_write_all (out, request, strlen (request), NULL, NULL, &error);
  g_assert_no_error (error);
  http->data = g_string_new (NULL);
  return http;
}

void
adj_test_http_free (AdjTestHttp *http)
{
  if (http == NULL)
    return;
  g_io_stream_close (G_IO_STREAM (http->connection), NULL, NULL);
  g_object_unref (http->connection);
  g_string_free (http->data, TRUE);
  g_free (http);
}

/* Read what is there without blocking. */
static void
read_some (AdjTestHttp *http)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (http->connection));
  char buffer[8192];

  while (!http->closed)
    {
      g_autoptr(GError) error = NULL;
      gssize n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (in), buffer,
                                                           sizeof buffer, NULL, &error);

      if (n > 0)
        g_string_append_len (http->data, buffer, n);
      else if (n == 0 || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        http->closed = TRUE;
      else
        break;
    }
}

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
on_readable (GObject  *stream,
             gpointer  data)
{
  return G_SOURCE_REMOVE;
}

gboolean
adj_test_http_wait (AdjTestHttp *http,
                    gboolean   (*done) (AdjTestHttp *http, gpointer data),
                    gpointer     data,
                    guint        timeout_ms)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (http->connection));
  gboolean timed_out = FALSE;
  guint timer = g_timeout_add (timeout_ms, on_timeout, &timed_out);
  gboolean ok;

  for (;;)
    {
      g_autoptr(GSource) readable = NULL;

      read_some (http);
      ok = done != NULL ? done (http, data) : http->closed;
      if (ok || http->closed || timed_out)
        break;
      /* Sleep until the server, the socket or the timer has something to do. */
      readable = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (in), NULL);
      g_source_set_callback (readable, G_SOURCE_FUNC (on_readable), NULL, NULL);
      g_source_attach (readable, NULL);
      g_main_context_iteration (NULL, TRUE);
      g_source_destroy (readable);
    }
  if (!timed_out)
    g_source_remove (timer);
  return ok;
}

guint
adj_test_http_status (AdjTestHttp *http)
{
  if (http->data->len < 12 || !g_str_has_prefix (http->data->str, "HTTP/1."))
    return 0;
  return (guint) g_ascii_strtoull (http->data->str + 9, NULL, 10);
}

/* The length of the body a complete answer with a Content-Length has, or -1. */
static gssize
body_start (AdjTestHttp *http,
            gsize       *length)
{
  const char *end = strstr (http->data->str, "\r\n\r\n");
  g_autofree char *head = NULL;
  const char *cl;

  if (end == NULL)
    return -1;
  head = g_ascii_strdown (http->data->str, end - http->data->str);
  cl = strstr (head, "\r\ncontent-length:");
  *length = cl != NULL ? (gsize) g_ascii_strtoull (cl + strlen ("\r\ncontent-length:"), NULL, 10)
                       : 0;
  return end + 4 - http->data->str;
}

static gboolean
answer_complete (AdjTestHttp *http,
                 gpointer     data)
{
  gsize length = 0;
  gssize start = body_start (http, &length);

  return start >= 0 && http->data->len >= (gsize) start + length;
}

char *
adj_test_http_body (AdjTestHttp *http)
{
  gsize length = 0;
  gssize start = body_start (http, &length);

  if (start < 0)
    return g_strdup ("");
  return g_strndup (http->data->str + start, MIN (length, http->data->len - (gsize) start));
}

guint
adj_test_http_get (guint        port,
                   const char  *method,
                   const char  *target,
                   char       **body)
{
  g_autoptr(AdjTestHttp) http = adj_test_http_open (port, method, target,
                                                    "Connection: close\r\n");

  g_assert_true (adj_test_http_wait (http, answer_complete, NULL, 5000));
  if (body != NULL)
    *body = adj_test_http_body (http);
  return adj_test_http_status (http);
}

guint
adj_test_http_n_events (AdjTestHttp *http)
{
  guint n = 0;

  for (const char *p = http->data->str; (p = strstr (p, "\nid: ")) != NULL; p++)
    n++;
  return n;
}

gboolean
adj_test_http_has_event (AdjTestHttp *http,
                         guint64      rev)
{
  g_autofree char *id = g_strdup_printf ("\nid: %" G_GUINT64_FORMAT "\nevent: state\n", rev);

  return strstr (http->data->str, id) != NULL;
}
