/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-secret.c: sealing and opening hidden information (the scheme is in adj-secret.h). */

#define G_LOG_DOMAIN "adj-secret"

#include "config.h"

#include <string.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-rng.h"
#include "adj-secret.h"

#define NONCE_LEN 16
#define TAG_LEN   16
#define HASH_LEN  32
#define MAX_SEALED (2 * 1024 * 1024)

static const char context[] = "Adjutant hidden information, v1";

static void
derive_key (const guint8 *nonce,
            guint8        key[HASH_LEN])
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize len = HASH_LEN;

  g_checksum_update (sum, (const guchar *) context, sizeof context - 1);
  g_checksum_update (sum, nonce, NONCE_LEN);
  g_checksum_get_digest (sum, key, &len);
}

/* XOR @data with the keystream: symmetric, so it both seals and opens. */
static void
apply_keystream (const guint8 key[HASH_LEN],
                 guint8      *data,
                 gsize        len)
{
  for (gsize off = 0, block = 0; off < len; off += HASH_LEN, block++)
    {
      g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
      guint8 counter[4] = {
        (guint8) (block >> 24), (guint8) (block >> 16), (guint8) (block >> 8), (guint8) block
      };
      guint8 stream[HASH_LEN];
      gsize slen = HASH_LEN;

      g_checksum_update (sum, key, HASH_LEN);
      g_checksum_update (sum, counter, sizeof counter);
      g_checksum_get_digest (sum, stream, &slen);
      for (gsize i = 0; i < HASH_LEN && off + i < len; i++)
        data[off + i] ^= stream[i];
    }
}

static void
compute_tag (const guint8  key[HASH_LEN],
             const guint8 *nonce,
             const guint8 *cipher,
             gsize         len,
             guint8        tag[TAG_LEN])
{
  g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, key, HASH_LEN);
  guint8 digest[HASH_LEN];
  gsize dlen = HASH_LEN;

  g_hmac_update (hmac, nonce, NONCE_LEN);
  g_hmac_update (hmac, cipher, len);
  g_hmac_get_digest (hmac, digest, &dlen);
  memcpy (tag, digest, TAG_LEN);
}

char *
adj_secret_seal (const char *plaintext,
                 AdjRng     *rng)
{
  gsize len;
  g_autofree guint8 *buf = NULL;
  guint8 key[HASH_LEN];
  g_autofree char *encoded = NULL;

  g_return_val_if_fail (plaintext != NULL, NULL);

  len = strlen (plaintext);
  buf = g_malloc (NONCE_LEN + len + TAG_LEN);
  for (guint i = 0; i < NONCE_LEN; i += 8)
    {
      guint64 r = rng != NULL ? adj_rng_next (rng)
                              : ((guint64) g_random_int () << 32) | g_random_int ();
      for (guint k = 0; k < 8; k++)
        buf[i + k] = (guint8) (r >> (8 * k));
    }
  derive_key (buf, key);
  memcpy (buf + NONCE_LEN, plaintext, len);
  apply_keystream (key, buf + NONCE_LEN, len);
  compute_tag (key, buf, buf + NONCE_LEN, len, buf + NONCE_LEN + len);
  encoded = g_base64_encode (buf, NONCE_LEN + len + TAG_LEN);
  return g_strconcat (ADJ_SECRET_PREFIX, encoded, NULL);
}

char *
adj_secret_open (const char  *sealed,
                 GError     **error)
{
  g_autofree guint8 *buf = NULL;
  gsize n = 0, len;
  guint8 key[HASH_LEN];
  guint8 tag[TAG_LEN];
  const char *b64;

  g_return_val_if_fail (sealed != NULL, NULL);

  if (!g_str_has_prefix (sealed, ADJ_SECRET_PREFIX) || strlen (sealed) > MAX_SEALED)
    goto damaged;
  b64 = sealed + strlen (ADJ_SECRET_PREFIX);
  for (const char *p = b64; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '+' && *p != '/' && *p != '=')
      goto damaged;
  buf = g_base64_decode (b64, &n);
  if (buf == NULL || n < NONCE_LEN + TAG_LEN)
    goto damaged;
  len = n - NONCE_LEN - TAG_LEN;
  derive_key (buf, key);
  compute_tag (key, buf, buf + NONCE_LEN, len, tag);
  /* Not secret-dependent timing that matters here: the key is in the file anyway. */
  if (memcmp (tag, buf + NONCE_LEN + len, TAG_LEN) != 0)
    goto damaged;
  apply_keystream (key, buf + NONCE_LEN, len);
  if (memchr (buf + NONCE_LEN, '\0', len) != NULL ||
      !g_utf8_validate ((const char *) buf + NONCE_LEN, (gssize) len, NULL))
    goto damaged;
  return g_strndup ((const char *) buf + NONCE_LEN, len);

damaged:
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
               _("the hidden information is damaged or was edited by hand"));
  return NULL;
}
