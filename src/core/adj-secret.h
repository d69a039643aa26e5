/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-secret.h: hidden information kept in a battle file without showing it.
 *
 * Some rules need the app to know something the players must not (which hidden marker is the
 * real enemy).  The battle keeps it as an opaque text (adj_battle_get_secret()): sealed here,
 * opened again only when the rules say it is time to reveal it.
 *
 * The scheme, "adjsecret1": a 16-byte nonce is drawn from the battle's generator; the key is
 * SHA-256 ("Adjutant hidden information, v1" || nonce); the text is XORed with a keystream of
 * SHA-256 (key || block number, 4 bytes big-endian) blocks; an HMAC-SHA-256 of nonce || cipher
 * text under the key, cut to 16 bytes, detects a damaged or edited secret.  The result is
 * "adjsecret1:" followed by base64 (nonce || cipher text || tag).
 *
 * What this is for: keeping honest players honest.  Nothing readable is left in the saved
 * file, the printed roster or the journal, so no one learns the secret by a glance at them.
 * It is NOT protection against a determined player: the key is derived from data in the file
 * and the scheme is in this source, so anyone willing to run a few lines of code can open it.
 */

#pragma once

#include <glib.h>

#include "adj-types.h"

G_BEGIN_DECLS

#define ADJ_SECRET_PREFIX "adjsecret1:"

/* Seal @plaintext; the nonce comes from @rng (NULL: from GLib's generator). */
char     *adj_secret_seal (const char  *plaintext,
                           AdjRng      *rng);
/* Open a sealed text; fails with ADJ_ERROR_INVALID when it is not one or was altered. */
char     *adj_secret_open (const char  *sealed,
                           GError     **error);

G_END_DECLS
