/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-share-server.c: the players' phones' view of the table, served with libsoup.
 *
 * One handler takes every request and answers, in this order: 429 past the rate of its address,
 * 401 (empty) without the token, 405 for anything but GET, 404 for any path it does not know.
 * The state is rebuilt once per change of the battle, kept as text with its revision, and
 * written to every open event stream; the last ADJ_SHARE_HISTORY updates are kept for a stream
 * that reconnects with Last-Event-ID.  Each update is the whole state, so a stream that missed
 * more than are kept loses nothing by being sent the state now.
 */

#define G_LOG_DOMAIN "adj-share-server"

#include "config.h"

#include <string.h>

#include <json-c/json.h>
#include <libsoup/soup.h>

#include "adj-battle.h"
#include "adj-i18n.h"
#include "adj-share-resources.h"
#include "adj-share-server.h"
#include "adj-table-json.h"

#define RESOURCE_PREFIX "/io/github/adjutant/Adjutant/share/"
/* Bytes of the token: 128 bits. */
#define TOKEN_BYTES     16
/* Seconds between the comments that keep an idle stream open through routers. */
#define KEEPALIVE       15
/* Addresses remembered for the rate before the forgiven ones are dropped. */
#define MAX_BUCKETS     1024
/* What a stream keeps: how many pieces it was given and has not written yet. */
#define PENDING_KEY     "adj-share-pending"
/* More pieces than that waiting, and the phone has stopped reading: room for a resume's burst
 * (up to ADJ_SHARE_HISTORY updates) and as many again. */
#define MAX_BACKLOG     (2 * ADJ_SHARE_HISTORY)
/* libsoup 3.2 has no name for it. */
#define STATUS_TOO_MANY_REQUESTS 429

typedef struct {
  guint64  rev;
  char    *event;   /* "id: <rev>\nevent: state\ndata: <json>\n\n" */
} Update;

/* A token bucket per client address: ADJ_SHARE_RATE tokens a second, up to twice that. */
typedef struct {
  double tokens;
  gint64 last;      /* g_get_monotonic_time() of the last refill */
} Bucket;

struct _AdjShareServer {
  GObject     parent_instance;

  AdjBattle  *battle;
  SoupServer *server;
  char       *token;
  guint       port;
  guint64     rev;
  char       *state;      /* the JSON of the state now */
  GQueue      history;    /* of Update, oldest first */
  GPtrArray  *clients;    /* of SoupServerMessage: the open event streams */
  GHashTable *buckets;    /* of address → Bucket */
  guint       keepalive_id;
};

G_DEFINE_FINAL_TYPE (AdjShareServer, adj_share_server, G_TYPE_OBJECT)

static void
update_free (Update *update)
{
  g_free (update->event);
  g_free (update);
}

static char *
json_text (json_object *json)
{
  /* One line: an event's data must hold no line break. */
  return g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN |
                                                         JSON_C_TO_STRING_NOSLASHESCAPE));
}

static void
rebuild_state (AdjShareServer *self)
{
  json_object *json = adj_table_json_snapshot (self->battle);
  Update *update = g_new0 (Update, 1);

  json_object_object_add (json, "rev", json_object_new_int64 ((gint64) self->rev));
  g_free (self->state);
  self->state = json_text (json);
  json_object_put (json);
  update->rev = self->rev;
  update->event = g_strdup_printf ("id: %" G_GUINT64_FORMAT "\nevent: state\ndata: %s\n\n",
                                   self->rev, self->state);
  g_queue_push_tail (&self->history, update);
  while (self->history.length > ADJ_SHARE_HISTORY)
    update_free (g_queue_pop_head (&self->history));
}

static void
send_text (SoupServerMessage *msg,
           const char        *text)
{
  soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, text,
                            strlen (text));
  /* The stream pauses itself when it has written everything it was given. */
  soup_server_message_unpause (msg);
}

/* ------------------------------------------------------------------------------------------ */
/* the token                                                                                   */

/* From the kernel's generator: GLib's g_random_*() is a Mersenne Twister, whose next numbers
 * follow from a few it gave, and g_uuid_string_random() draws from it. */
static char *
new_token (GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/urandom");
  g_autoptr(GFileInputStream) in = g_file_read (file, NULL, error);
  guint8 bytes[TOKEN_BYTES];
  gsize n = 0;
  GString *hex;

  if (in == NULL ||
      !g_input_stream_read_all (G_INPUT_STREAM (in), bytes, sizeof bytes, &n, NULL, error))
    return NULL;
  if (n != sizeof bytes)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The system's random numbers could not be read"));
      return NULL;
    }
  hex = g_string_sized_new (2 * TOKEN_BYTES);
  for (guint i = 0; i < sizeof bytes; i++)
    g_string_append_printf (hex, "%02x", bytes[i]);
  memset (bytes, 0, sizeof bytes);
  return g_string_free (hex, FALSE);
}

/* Whether @given is the token.  By hand, because strcmp() stops at the first difference and
 * the time it takes would tell a guesser how many leading characters are right: this loop
 * looks at every character of the token whatever @given holds. */
static gboolean
token_matches (const char *given,
               const char *token)
{
  gsize n = strlen (token);
  gsize given_len = given != NULL ? strlen (given) : 0;
  guint diff = given_len != n;

  for (gsize i = 0; i < n; i++)
    diff |= (guint) (guint8) token[i] ^ (guint) (guint8) (i < given_len ? given[i] : 0);
  return diff == 0;
}

/* ------------------------------------------------------------------------------------------ */
/* answers                                                                                     */

static void
set_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  /* The server, not the phone, ends each connection once it has answered: libsoup 3.2 never
   * frees a kept-alive connection that the other end closes while it is idle (fixed in 3.3), and
   * a phone makes only a few requests besides its stream. */
  soup_message_headers_replace (headers, "Connection", "close");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "Content-Security-Policy",
                                "default-src 'none'; script-src 'self'; style-src 'self'; "
                                "connect-src 'self'; img-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
}

/* An error: the status and nothing else. */
static void
refuse (SoupServerMessage *msg,
        guint              status)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, NULL, SOUP_MEMORY_STATIC, NULL, 0);
  if (status == SOUP_STATUS_METHOD_NOT_ALLOWED)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow",
                                  "GET");
}

static void
answer (SoupServerMessage *msg,
        const char        *type,
        char              *body)
{
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (msg, type, SOUP_MEMORY_TAKE, body, strlen (body));
}

static gboolean
serve_resource (AdjShareServer    *self,
                SoupServerMessage *msg,
                const char        *name,
                const char        *type)
{
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (adj_share_get_resource (), path,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  gsize size = 0;
  const char *data;
  g_autoptr(GString) text = NULL;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  text = g_string_new_len (data, (gssize) size);
  /* The page names its style and script with the token, so that they are let through too. */
  g_string_replace (text, "@TOKEN@", self->token, 0);
  answer (msg, type, g_string_free (g_steal_pointer (&text), FALSE));
  return TRUE;
}

static void
serve_json (SoupServerMessage *msg,
            json_object       *json)
{
  answer (msg, "application/json; charset=utf-8", json_text (json));
  json_object_put (json);
}

static void
drop_watch (gpointer data)
{
  g_source_destroy (data);
  g_source_unref (data);
}

static void
on_wrote_chunk (SoupServerMessage *msg)
{
  guint pending = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (msg), PENDING_KEY));

  g_object_set_data (G_OBJECT (msg), PENDING_KEY, GUINT_TO_POINTER (pending > 0 ? pending - 1
                                                                                : 0));
}

static void
on_stream_finished (SoupServerMessage *msg,
                    AdjShareServer    *self)
{
  g_signal_handlers_disconnect_by_func (msg, on_stream_finished, self);
  g_signal_handlers_disconnect_by_func (msg, on_wrote_chunk, NULL);
  g_object_set_data (G_OBJECT (msg), "adj-share-watch", NULL);
  if (g_ptr_array_remove (self->clients, msg) && self->clients->len == 0 &&
      self->keepalive_id != 0)
    g_clear_handle_id (&self->keepalive_id, g_source_remove);
}

typedef struct {
  AdjShareServer    *self;
  SoupServerMessage *msg;
} Watch;

/* End a stream now: its socket is shut, so the message fails at its next write and finishes. */
static void
drop_client (AdjShareServer    *self,
             SoupServerMessage *msg)
{
  g_autoptr(SoupServerMessage) held = g_object_ref (msg);
  GSocket *socket = soup_server_message_get_socket (msg);

  /* Closed, not only shut: libsoup 3.2 keeps the socket of a connection whose other end went
   * away, and with it the file descriptor, which a long evening of phones waking and sleeping
   * would run out of.  A closed GSocket refuses every later call, so libsoup's own close of it
   * does no harm. */
  if (socket != NULL)
    {
      g_socket_shutdown (socket, TRUE, TRUE, NULL);
      g_socket_close (socket, NULL);
    }
  on_stream_finished (held, self);
  soup_server_message_unpause (held);
}

/* A stream's client sends nothing after its request: the socket turns readable when it goes
 * away (or sends what it should not).  Either ends the stream at once, rather than at the next
 * write, so that its place is free for another phone. */
static gboolean
on_client_readable (GSocket      *socket,
                    GIOCondition  condition,
                    gpointer      data)
{
  Watch *watch = data;

  drop_client (watch->self, watch->msg);
  return G_SOURCE_REMOVE;
}

/* Give @text to every open stream.  A stream with more than MAX_BACKLOG pieces it has not
 * written yet belongs to a phone that stopped reading without going away (asleep, out of
 * range): it is ended rather than let its backlog grow all evening; the phone resumes with
 * Last-Event-ID when it wakes. */
static void
send_to_all (AdjShareServer *self,
             const char     *text)
{
  for (guint i = self->clients->len; i > 0; i--)
    {
      SoupServerMessage *msg = g_ptr_array_index (self->clients, i - 1);
      guint pending = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (msg), PENDING_KEY)) + 1;

      if (pending > MAX_BACKLOG)
        {
          drop_client (self, msg);
          continue;
        }
      g_object_set_data (G_OBJECT (msg), PENDING_KEY, GUINT_TO_POINTER (pending));
      send_text (msg, text);
    }
}

static void
on_battle_changed (AdjShareServer *self)
{
  Update *update;

  self->rev++;
  rebuild_state (self);
  update = g_queue_peek_tail (&self->history);
  send_to_all (self, update->event);
}

static gboolean
keep_alive (gpointer data)
{
  send_to_all (data, ": keep-alive\n\n");
  return G_SOURCE_CONTINUE;
}

static void
watch_client (AdjShareServer    *self,
              SoupServerMessage *msg)
{
  GSocket *socket = soup_server_message_get_socket (msg);
  GSource *source;
  Watch *watch;

  if (socket == NULL)
    return;
  watch = g_new (Watch, 1);
  watch->self = self;
  watch->msg = msg;
  source = g_socket_create_source (socket, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
  g_source_set_callback (source, G_SOURCE_FUNC (on_client_readable), watch, g_free);
  g_source_attach (source, NULL);
  g_object_set_data_full (G_OBJECT (msg), "adj-share-watch", source, drop_watch);
}

/* The updates a stream that saw @last has not: all of them when they are still kept, else the
 * state now (each update is the whole state). */
static guint
send_missed (AdjShareServer    *self,
             SoupServerMessage *msg,
             const char        *last_id)
{
  guint64 last = 0;
  guint n = 0;
  Update *oldest = g_queue_peek_head (&self->history);
  Update *newest = g_queue_peek_tail (&self->history);

  if (last_id != NULL && g_ascii_string_to_unsigned (last_id, 10, 0, G_MAXUINT64, &last, NULL) &&
      last <= newest->rev && last + 1 >= oldest->rev)
    {
      for (GList *l = self->history.head; l != NULL; l = l->next)
        {
          Update *update = l->data;

          if (update->rev > last)
            {
              soup_message_body_append (soup_server_message_get_response_body (msg),
                                        SOUP_MEMORY_COPY, update->event, strlen (update->event));
              n++;
            }
        }
      return n;
    }
  soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY,
                            newest->event, strlen (newest->event));
  return 1;
}

static void
serve_events (AdjShareServer    *self,
              SoupServerMessage *msg)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  SoupMessageBody *body = soup_server_message_get_response_body (msg);
  static const char retry[] = "retry: 2000\n\n";
  guint pending;

  if (self->clients->len >= ADJ_SHARE_MAX_CLIENTS)
    {
      refuse (msg, SOUP_STATUS_SERVICE_UNAVAILABLE);
      return;
    }
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_set_content_type (headers, "text/event-stream", NULL);
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
  /* What was written is not kept: a stream may stay open all evening. */
  soup_message_body_set_accumulate (body, FALSE);
  soup_message_body_append (body, SOUP_MEMORY_STATIC, retry, strlen (retry));
  pending = 1 + send_missed (self, msg, soup_message_headers_get_one (request, "Last-Event-ID"));
  g_object_set_data (G_OBJECT (msg), PENDING_KEY, GUINT_TO_POINTER (pending));
  g_ptr_array_add (self->clients, g_object_ref (msg));
  g_signal_connect (msg, "finished", G_CALLBACK (on_stream_finished), self);
  g_signal_connect (msg, "wrote-chunk", G_CALLBACK (on_wrote_chunk), NULL);
  watch_client (self, msg);
  if (self->keepalive_id == 0)
    self->keepalive_id = g_timeout_add_seconds (KEEPALIVE, keep_alive, self);
}

static gboolean
within_rate (AdjShareServer    *self,
             SoupServerMessage *msg)
{
  const char *host = soup_server_message_get_remote_host (msg);
  gint64 now = g_get_monotonic_time ();
  Bucket *bucket;

  if (host == NULL)
    host = "";
  bucket = g_hash_table_lookup (self->buckets, host);
  if (bucket == NULL)
    {
      if (g_hash_table_size (self->buckets) >= MAX_BUCKETS)
        {
          GHashTableIter iter;
          gpointer value;

          /* Forget the addresses quiet for a while: their buckets are full again. */
          g_hash_table_iter_init (&iter, self->buckets);
          while (g_hash_table_iter_next (&iter, NULL, &value))
            if (now - ((Bucket *) value)->last > 2 * G_USEC_PER_SEC)
              g_hash_table_iter_remove (&iter);
        }
      bucket = g_new (Bucket, 1);
      bucket->tokens = 2 * ADJ_SHARE_RATE;
      bucket->last = now;
      g_hash_table_insert (self->buckets, g_strdup (host), bucket);
    }
  bucket->tokens = MIN (2.0 * ADJ_SHARE_RATE,
                        bucket->tokens + (double) (now - bucket->last) * ADJ_SHARE_RATE /
                                         G_USEC_PER_SEC);
  bucket->last = now;
  if (bucket->tokens < 1.0)
    return FALSE;
  bucket->tokens -= 1.0;
  return TRUE;
}

static void
handle (SoupServer        *server,
        SoupServerMessage *msg,
        const char        *path,
        GHashTable        *query,
        gpointer           data)
{
  AdjShareServer *self = data;
  const char *side;

  set_headers (msg);
  if (!within_rate (self, msg))
    {
      refuse (msg, STATUS_TOO_MANY_REQUESTS);
      return;
    }
  if (!token_matches (query != NULL ? g_hash_table_lookup (query, "t") : NULL, self->token))
    {
      refuse (msg, SOUP_STATUS_UNAUTHORIZED);
      return;
    }
  if (g_strcmp0 (soup_server_message_get_method (msg), SOUP_METHOD_GET) != 0)
    {
      refuse (msg, SOUP_STATUS_METHOD_NOT_ALLOWED);
      return;
    }

  if (path == NULL || strstr (path, "..") != NULL)
    refuse (msg, SOUP_STATUS_NOT_FOUND);
  else if (g_str_equal (path, "/"))
    serve_resource (self, msg, "index.html", "text/html; charset=utf-8");
  else if (g_str_equal (path, "/share.css"))
    serve_resource (self, msg, "share.css", "text/css; charset=utf-8");
  else if (g_str_equal (path, "/share.js"))
    serve_resource (self, msg, "share.js", "text/javascript; charset=utf-8");
  else if (g_str_equal (path, "/state"))
    answer (msg, "application/json; charset=utf-8", g_strdup (self->state));
  else if (g_str_equal (path, "/events"))
    serve_events (self, msg);
  else if (g_str_has_prefix (path, "/side/"))
    {
      g_autofree char *id = NULL;
      const char *end;
      json_object *json;

      side = path + strlen ("/side/");
      end = strchr (side, '/');
      id = end != NULL ? g_strndup (side, (gsize) (end - side)) : g_strdup (side);
      if (end == NULL && adj_battle_find_side (self->battle, id) != NULL)
        serve_resource (self, msg, "index.html", "text/html; charset=utf-8");
      else if (end != NULL && g_str_equal (end, "/state") &&
               (json = adj_table_json_side (self->battle, id)) != NULL)
        serve_json (msg, json);
      else
        refuse (msg, SOUP_STATUS_NOT_FOUND);
    }
  else
    refuse (msg, SOUP_STATUS_NOT_FOUND);
}

/* ------------------------------------------------------------------------------------------ */
/* starting and stopping                                                                       */

gboolean
adj_share_server_start (AdjShareServer  *self,
                        guint            port,
                        GError         **error)
{
  g_autoptr(SoupServer) server = NULL;
  g_autofree char *token = NULL;
  GSList *uris;

  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), FALSE);

  adj_share_server_stop (self);
  token = new_token (error);
  if (token == NULL)
    return FALSE;
  server = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_handler (server, NULL, handle, self, NULL);
  if (!soup_server_listen_all (server, port, 0, error))
    return FALSE;
  uris = soup_server_get_uris (server);
  self->port = uris != NULL ? (guint) g_uri_get_port (uris->data) : port;
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  self->server = g_steal_pointer (&server);
  self->token = g_steal_pointer (&token);
  self->rev = 1;
  rebuild_state (self);
  g_signal_connect_object (self->battle, "changed", G_CALLBACK (on_battle_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->battle, "notify::name", G_CALLBACK (on_battle_changed), self,
                           G_CONNECT_SWAPPED);
  return TRUE;
}

void
adj_share_server_stop (AdjShareServer *self)
{
  g_return_if_fail (ADJ_IS_SHARE_SERVER (self));

  if (self->server == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->battle, self);
  g_clear_handle_id (&self->keepalive_id, g_source_remove);
  for (guint i = 0; i < self->clients->len; i++)
    {
      SoupServerMessage *msg = g_ptr_array_index (self->clients, i);

      g_signal_handlers_disconnect_by_func (msg, on_stream_finished, self);
      g_object_set_data (G_OBJECT (msg), "adj-share-watch", NULL);
    }
  g_ptr_array_set_size (self->clients, 0);
  soup_server_disconnect (self->server);
  g_clear_object (&self->server);
  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_clear_pointer (&self->token, g_free);
  g_clear_pointer (&self->state, g_free);
  g_queue_clear_full (&self->history, (GDestroyNotify) update_free);
  g_hash_table_remove_all (self->buckets);
  self->port = 0;
}

gboolean
adj_share_server_is_running (AdjShareServer *self)
{
  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), FALSE);
  return self->server != NULL;
}

guint
adj_share_server_get_port (AdjShareServer *self)
{
  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), 0);
  return self->port;
}

const char *
adj_share_server_get_token (AdjShareServer *self)
{
  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), NULL);
  return self->token;
}

guint64
adj_share_server_get_revision (AdjShareServer *self)
{
  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), 0);
  return self->rev;
}

guint
adj_share_server_get_n_clients (AdjShareServer *self)
{
  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), 0);
  return self->clients->len;
}

/* The machine's address on the network it reaches others by: a datagram socket "connected" to
 * an address of the documentation range picks its route and so its own address, without a
 * packet sent.  NULL when there is no such network. */
static char *
lan_address (void)
{
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                            G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) far = g_inet_address_new_from_string ("192.0.2.1");
  g_autoptr(GSocketAddress) remote = NULL;
  g_autoptr(GSocketAddress) local = NULL;
  GInetAddress *address;

  if (socket == NULL)
    return NULL;
  remote = g_inet_socket_address_new (far, 9);
  if (!g_socket_connect (socket, remote, NULL, NULL))
    return NULL;
  local = g_socket_get_local_address (socket, NULL);
  if (local == NULL)
    return NULL;
  address = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (local));
  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_any (address))
    return NULL;
  return g_inet_address_to_string (address);
}

char **
adj_share_server_get_urls (AdjShareServer *self)
{
  g_autoptr(GStrvBuilder) urls = NULL;
  g_autofree char *lan = NULL;
  g_autofree char *loopback = NULL;

  g_return_val_if_fail (ADJ_IS_SHARE_SERVER (self), NULL);

  if (self->server == NULL)
    return NULL;
  urls = g_strv_builder_new ();
  lan = lan_address ();
  if (lan != NULL)
    {
      g_autofree char *url = g_strdup_printf ("http://%s:%u/?t=%s", lan, self->port,
                                              self->token);

      g_strv_builder_add (urls, url);
    }
  loopback = g_strdup_printf ("http://127.0.0.1:%u/?t=%s", self->port, self->token);
  g_strv_builder_add (urls, loopback);
  return g_strv_builder_end (urls);
}

/* ------------------------------------------------------------------------------------------ */

static void
adj_share_server_dispose (GObject *object)
{
  AdjShareServer *self = ADJ_SHARE_SERVER (object);

  if (self->battle != NULL)
    adj_share_server_stop (self);
  g_clear_object (&self->battle);
  G_OBJECT_CLASS (adj_share_server_parent_class)->dispose (object);
}

static void
adj_share_server_finalize (GObject *object)
{
  AdjShareServer *self = ADJ_SHARE_SERVER (object);

  g_ptr_array_unref (self->clients);
  g_hash_table_unref (self->buckets);
  G_OBJECT_CLASS (adj_share_server_parent_class)->finalize (object);
}

static void
adj_share_server_class_init (AdjShareServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adj_share_server_dispose;
  object_class->finalize = adj_share_server_finalize;
}

static void
adj_share_server_init (AdjShareServer *self)
{
  g_queue_init (&self->history);
  self->clients = g_ptr_array_new_with_free_func (g_object_unref);
  self->buckets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

AdjShareServer *
adj_share_server_new (AdjBattle *battle)
{
  AdjShareServer *self;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  self = g_object_new (ADJ_TYPE_SHARE_SERVER, NULL);
  self->battle = g_object_ref (battle);
  return self;
}
