/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-i18n.c: looking messages up in the catalogue, quickly when the same one comes again.
 *
 * A mechanic explains a big fight in a line a figure, each through _(): gettext takes a lock,
 * reads the environment and searches its tables every time, which was a good part of what
 * such a fight cost.  The messages _() is given are string literals, so their addresses are
 * stable and can key a cache of what gettext answered; labels from rulesets and declarations
 * go through adj_gettext(), whose cache is keyed by the text.  The caches are emptied whenever
 * gettext says its catalogues may have changed (setlocale, textdomain, bindtextdomain): glibc counts
 * those changes in _nl_msg_cat_cntr, the counter GNU gettext itself offers for such caches.
 * A change of LANGUAGE alone is seen at the next setlocale(), as programs do anyway.
 */

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-types.h"

#ifdef HAVE_NL_MSG_CAT_CNTR
extern int _nl_msg_cat_cntr;

/* Two caches of what gettext answered: one keyed by the message's address, for literals, and
 * one keyed by its text, for labels read from rulesets and declarations.  Both are open
 * addressing, kept at most half full.  A lookup that finds its answer takes no lock: a slot's
 * answer is written before its message, and a table that is replaced (grown, or emptied for
 * new catalogues) is kept, as another thread may still be reading it. */
typedef struct {
  const char *msgid;   /* NULL while the slot is free */
  const char *text;
  guint       hash;
} Slot;

typedef struct _Table Table;
struct _Table {
  Table *older;        /* the table this one replaced */
  int    counter;      /* the catalogues' generation its answers belong to */
  gsize  n_slots;      /* a power of two */
  gsize  n_used;
  Slot   slots[];
};

typedef struct {
  Table    *table;     /* NULL at first */
  gboolean  by_text;
} Cache;

/* The text cache keeps its own copy of each message, so that what it answers lives as long as
 * the program, as a literal and a catalogue's text do; it stops growing at this many. */
#define MAX_TEXTS 8192

G_LOCK_DEFINE_STATIC (caches);
static Cache literals = { NULL, FALSE };
static Cache texts = { NULL, TRUE };
static GStringChunk *kept_texts;

static guint
hash_of (const Cache *c,
         const char  *msgid)
{
  guint32 h = 2166136261u;

  /* FNV-1a of a text. */
  if (!c->by_text)
    return adj_address_hash (msgid);
  for (const guchar *p = (const guchar *) msgid; *p != '\0'; p++)
    h = (h ^ *p) * 16777619u;
  return h;
}

/* The slot of @msgid in @t, or the free slot where it would go. */
static Slot *
find_slot (const Cache *c,
           Table       *t,
           const char  *msgid,
           guint        hash)
{
  gsize i = hash & (t->n_slots - 1);

  for (;; i = (i + 1) & (t->n_slots - 1))
    {
      Slot *slot = &t->slots[i];
      const char *id = g_atomic_pointer_get (&slot->msgid);

      if (id == NULL || (c->by_text ? slot->hash == hash && strcmp (id, msgid) == 0
                                    : id == msgid))
        return slot;
    }
}

/* A new table of @n_slots for @c, holding what @from holds when it is given; it replaces the
 * cache's table, which is kept. */
static Table *
replace_table (Cache *c,
               gsize  n_slots,
               Table *from)
{
  Table *t = g_malloc0 (sizeof (Table) + n_slots * sizeof (Slot));

  t->older = c->table;
  t->counter = _nl_msg_cat_cntr;
  t->n_slots = n_slots;
  for (gsize i = 0; from != NULL && i < from->n_slots; i++)
    if (from->slots[i].msgid != NULL)
      {
        *find_slot (c, t, from->slots[i].msgid, from->slots[i].hash) = from->slots[i];
        t->n_used++;
      }
  g_atomic_pointer_set (&c->table, t);
  return t;
}

static const char *
lookup (Cache      *c,
        const char *msgid)
{
  guint hash = hash_of (c, msgid);
  Table *t = g_atomic_pointer_get (&c->table);
  const char *text;
  Slot *slot;

  if (t != NULL && t->counter == _nl_msg_cat_cntr)
    {
      slot = find_slot (c, t, msgid, hash);
      if (g_atomic_pointer_get (&slot->msgid) != NULL)
        return slot->text;
    }

  G_LOCK (caches);
  t = c->table;
  if (t == NULL || t->counter != _nl_msg_cat_cntr)
    t = replace_table (c, 512, NULL);
  slot = find_slot (c, t, msgid, hash);
  if (slot->msgid == NULL)
    {
      if (c->by_text && t->n_used >= MAX_TEXTS)
        {
          G_UNLOCK (caches);
          return g_dgettext (GETTEXT_PACKAGE, msgid);
        }
      if (t->n_used + 1 > t->n_slots / 2)
        {
          t = replace_table (c, t->n_slots * 2, t);
          slot = find_slot (c, t, msgid, hash);
        }
      if (c->by_text)
        {
          if (kept_texts == NULL)
            kept_texts = g_string_chunk_new (4096);
          msgid = g_string_chunk_insert (kept_texts, msgid);
        }
      slot->hash = hash;
      slot->text = g_dgettext (GETTEXT_PACKAGE, msgid);
      g_atomic_pointer_set (&slot->msgid, msgid);
      t->n_used++;
    }
  text = slot->text;
  G_UNLOCK (caches);
  return text;
}
#endif

const char *
adj_gettext_literal (const char *msgid)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  /* What lookup() does when the answer is there, written out for the most common case. */
  Table *t = g_atomic_pointer_get (&literals.table);

  if (G_LIKELY (t != NULL && t->counter == _nl_msg_cat_cntr))
    {
      gsize mask = t->n_slots - 1;

      for (gsize i = adj_address_hash (msgid) & mask;; i = (i + 1) & mask)
        {
          const char *id = g_atomic_pointer_get (&t->slots[i].msgid);

          if (id == msgid)
            return t->slots[i].text;
          if (id == NULL)
            break;
        }
    }
  return lookup (&literals, msgid);
#else
  return g_dgettext (GETTEXT_PACKAGE, msgid);
#endif
}

const char *
adj_gettext (const char *text)
{
  if (text == NULL || text[0] == '\0')
    return text;
#ifdef HAVE_NL_MSG_CAT_CNTR
  return lookup (&texts, text);
#else
  return g_dgettext (GETTEXT_PACKAGE, text);
#endif
}
