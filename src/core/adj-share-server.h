/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-share-server.h: the table's view of a battle served to the players' phones on the local
 * network — a read-only web page and a live stream of its updates (Server-Sent Events).
 *
 * Nothing is bound until adj_share_server_start(); every start draws a new token, and every
 * request without it is answered 401 with an empty body.  Only GET is served, only the page's
 * own files (compiled into the program) and the JSON of adj-table-json.h.  docs/sharing.md
 * describes the endpoints, the limits and how a dropped stream resumes.
 */

#pragma once

#include <gio/gio.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* At most this many open event streams; one more is answered 503. */
#define ADJ_SHARE_MAX_CLIENTS 32
/* Requests a second from one address, kept on average; a burst of twice as many is let
 * through (a page loads five things at once).  Beyond: 429. */
#define ADJ_SHARE_RATE        20
/* Updates kept for a stream that reconnects; one that missed more gets the state now. */
#define ADJ_SHARE_HISTORY     64

#define ADJ_TYPE_SHARE_SERVER (adj_share_server_get_type ())

G_DECLARE_FINAL_TYPE (AdjShareServer, adj_share_server, ADJ, SHARE_SERVER, GObject)

AdjShareServer *adj_share_server_new          (AdjBattle       *battle);
/* Bind on every address, on @port (0: any free port), with a new token. */
gboolean        adj_share_server_start        (AdjShareServer  *self,
                                               guint            port,
                                               GError         **error);
/* Close every connection and unbind; nothing happens when it is not running. */
void            adj_share_server_stop         (AdjShareServer  *self);
gboolean        adj_share_server_is_running   (AdjShareServer  *self);
/* The port bound, or 0 when not running. */
guint           adj_share_server_get_port     (AdjShareServer  *self);
/* The token of this start (32 hexadecimal digits), or NULL when not running. */
const char     *adj_share_server_get_token    (AdjShareServer  *self);
/* The addresses a phone on the local network opens, token included, best first (the machine's
 * address on its network, then the loopback one); NULL when not running.  Free with
 * g_strfreev(). */
char          **adj_share_server_get_urls     (AdjShareServer  *self);
/* The revision of the state served: one more for each change of the battle. */
guint64         adj_share_server_get_revision (AdjShareServer  *self);
/* The event streams open now. */
guint           adj_share_server_get_n_clients (AdjShareServer *self);

G_END_DECLS
