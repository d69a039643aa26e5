/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-i18n.c: looking messages up in the catalogue, quickly when the same one comes again.
 *
 * A mechanic explains a big fight in a line a figure, each through _(): gettext takes a lock,
 * reads the environment and searches its tables every time, which was a good part of what
 * such a fight cost.  The messages _() is given are string literals, so their addresses are
 * stable and can key a cache of what gettext answered.  The cache is emptied whenever gettext
 * says its catalogues may have changed (setlocale, textdomain, bindtextdomain): glibc counts
 * those changes in _nl_msg_cat_cntr, the counter GNU gettext itself offers for such caches.
 * A change of LANGUAGE alone is seen at the next setlocale(), as programs do anyway.
 */

#include "config.h"

#include <string.h>

#include "adj-i18n.h"

#ifdef HAVE_NL_MSG_CAT_CNTR
extern int _nl_msg_cat_cntr;

/* The cache: open addressing on the message's address, which is all a lookup has to hash. */
typedef struct {
  const char *msgid;
  const char *text;
} Slot;

static Slot  *slots;
static gsize  n_slots;   /* a power of two, or 0 */
static gsize  n_used;

static gsize
slot_of (const char *msgid)
{
  /* Fibonacci hashing of the address, without its always-zero low bits. */
  return (gsize) ((((guint64) (guintptr) msgid >> 3) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15))
                  >> 32) & (n_slots - 1);
}

static Slot *
find_slot (const char *msgid)
{
  gsize i = slot_of (msgid);

  while (slots[i].msgid != NULL && slots[i].msgid != msgid)
    i = (i + 1) & (n_slots - 1);
  return &slots[i];
}

/* Room for one more, kept at most half full. */
static void
make_room (void)
{
  Slot *old = slots;
  gsize n_old = n_slots;

  if (n_used + 1 <= n_slots / 2)
    return;
  n_slots = n_slots == 0 ? 512 : n_slots * 2;
  slots = g_new0 (Slot, n_slots);
  for (gsize i = 0; i < n_old; i++)
    if (old[i].msgid != NULL)
      *find_slot (old[i].msgid) = old[i];
  g_free (old);
}
#endif

const char *
adj_gettext_literal (const char *msgid)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  static int counter = -1;
  G_LOCK_DEFINE_STATIC (cache);
  const char *text;
  Slot *slot;

  G_LOCK (cache);
  if (counter != _nl_msg_cat_cntr)
    {
      if (n_slots > 0)
        memset (slots, 0, n_slots * sizeof (Slot));
      n_used = 0;
      counter = _nl_msg_cat_cntr;
    }
  make_room ();
  slot = find_slot (msgid);
  if (slot->msgid == NULL)
    {
      slot->msgid = msgid;
      slot->text = g_dgettext (GETTEXT_PACKAGE, msgid);
      n_used++;
    }
  text = slot->text;
  G_UNLOCK (cache);
  return text;
#else
  return g_dgettext (GETTEXT_PACKAGE, msgid);
#endif
}
