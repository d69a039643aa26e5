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

#include "adj-i18n.h"

#ifdef HAVE_NL_MSG_CAT_CNTR
extern int _nl_msg_cat_cntr;
#endif

const char *
adj_gettext_literal (const char *msgid)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  static GHashTable *cache;
  static int counter = -1;
  G_LOCK_DEFINE_STATIC (cache);
  const char *text;

  G_LOCK (cache);
  if (cache == NULL || counter != _nl_msg_cat_cntr)
    {
      g_clear_pointer (&cache, g_hash_table_unref);
      cache = g_hash_table_new (NULL, NULL);
      counter = _nl_msg_cat_cntr;
    }
  text = g_hash_table_lookup (cache, msgid);
  if (text == NULL)
    {
      text = g_dgettext (GETTEXT_PACKAGE, msgid);
      g_hash_table_insert (cache, (gpointer) msgid, (gpointer) text);
    }
  G_UNLOCK (cache);
  return text;
#else
  return g_dgettext (GETTEXT_PACKAGE, msgid);
#endif
}
