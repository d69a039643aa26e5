/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-http.h: a small HTTP client for the tests of the sharing server, which runs in the
 * same thread: requests are written as they are (a path with ".." reaches the server as typed)
 * and answers read while the main context runs, so the server can answer. */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  GSocketConnection *connection;
  GString           *data;     /* everything read so far, headers and body */
  gboolean           closed;   /* the server closed the connection */
} AdjTestHttp;

/* Open a connection to 127.0.0.1:@port and send "@method @target HTTP/1.1" with the @extra
 * header lines (each ending in "\r\n"; may be NULL). */
AdjTestHttp *adj_test_http_open      (guint        port,
                                      const char  *method,
                                      const char  *target,
                                      const char  *extra);
/* Read what has come, running the main context, until @done (may be NULL: until the server
 * closes) or @timeout_ms passes; FALSE on a timeout. */
gboolean     adj_test_http_wait      (AdjTestHttp *http,
                                      gboolean   (*done) (AdjTestHttp *http, gpointer data),
                                      gpointer     data,
                                      guint        timeout_ms);
/* The status of the answer, or 0 when none came yet. */
guint        adj_test_http_status    (AdjTestHttp *http);
/* The body of a complete answer with a Content-Length (a copy; "" when it is empty). */
char        *adj_test_http_body      (AdjTestHttp *http);
void         adj_test_http_free      (AdjTestHttp *http);

/* One request, answered in full within five seconds: the status, and the body in @body (may be
 * NULL). */
guint        adj_test_http_get       (guint        port,
                                      const char  *method,
                                      const char  *target,
                                      char       **body);

/* How many "id: " lines, that is updates, an event stream has brought. */
guint        adj_test_http_n_events  (AdjTestHttp *http);
/* Whether an event stream has brought the update of revision @rev. */
gboolean     adj_test_http_has_event (AdjTestHttp *http,
                                      guint64      rev);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjTestHttp, adj_test_http_free)

G_END_DECLS
