/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-json.c: reading JSON safely and reporting where a document is wrong. */

#define G_LOG_DOMAIN "adj-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <string.h>

#include "adj-error.h"
#include "adj-json.h"

static void
offset_to_line_column (const char *data,
                       gsize       offset,
                       guint      *line,
                       guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && data[i] != '\0'; i++)
    {
      if (data[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else
        (*column)++;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* the reader                                                                                 */
/*
 * A battle's journal makes files of some megabytes, nearly all of it strings; json-c's tokener
 * reads a character at a time through a state machine and was most of what loading cost.  This
 * reader walks the text once, takes a string without escapes in one copy, and builds json-c's
 * objects directly.  The text has been checked as UTF-8 and free of NUL bytes before it starts.
 * It accepts what json-c's strict mode accepted, and builds the same values.
 */

typedef struct _AdjJsonReader Reader;
struct _AdjJsonReader {
  const char *start;
  const char *p;
  const char *end;
  guint       depth;
  GString    *buf;        /* a string with escapes, decoded */
  const char *err_at;     /* where the text goes wrong; end for a text that stops too soon */
  const char *err_desc;   /* what is wrong; NULL when the text stops too soon */
  const AdjJsonItems *items;  /* a reader for the items of one array, or NULL */
  guint       items_depth;    /* how many keys of items->path lead to the value being read */
};

static gboolean read_value (Reader *r, json_object **out);

/* Keys are few and repeated thousands of times (every journal entry has a "summary"): each is
 * kept once, for the life of the program, and objects point to it rather than each holding a
 * copy.  The table is bounded, so a file full of made-up keys cannot grow it much; past the
 * bound, or for a long key, NULL, and the object copies the key as usual.  A key, once kept, is
 * never dropped, so it is looked up without a lock; only adding one takes it. */
#define MAX_KEPT_KEYS    4096
#define MAX_KEPT_KEY_LEN 64
#define KEPT_SLOTS       (2 * MAX_KEPT_KEYS)   /* a power of two, never more than half full */

static const char *kept_slots[KEPT_SLOTS];
static guint       n_kept;
G_LOCK_DEFINE_STATIC (kept);

/* The hash of @key up to its first NUL, if it has one (from a "\u0000"): json-c ends a key
 * there, and so does the table.  *@length becomes that length. */
static guint
key_hash (const char *key,
          gsize      *length)
{
  guint h = 2166136261u;  /* FNV-1a */
  gsize i;

  for (i = 0; i < *length && key[i] != '\0'; i++)
    h = (h ^ (guchar) key[i]) * 16777619u;
  *length = i;
  return h;
}

/* The slot where @key is kept, or the empty one where it would go. */
static const char **
kept_slot (const char *key,
           gsize       length,
           guint       hash)
{
  for (guint i = hash & (KEPT_SLOTS - 1);; i = (i + 1) & (KEPT_SLOTS - 1))
    {
      const char *k = g_atomic_pointer_get (&kept_slots[i]);

      /* strncmp() stops at the end of a kept key shorter than @key; @key has no NUL. */
      if (k == NULL || (strncmp (k, key, length) == 0 && k[length] == '\0'))
        return &kept_slots[i];
    }
}

/* @key need not end in a NUL. */
static const char *
kept_key (const char *key,
          gsize       length)
{
  guint hash;
  const char **slot;
  const char *kept;

  if (length > MAX_KEPT_KEY_LEN)
    return NULL;
  hash = key_hash (key, &length);
  kept = g_atomic_pointer_get (kept_slot (key, length, hash));
  if (kept != NULL)
    return kept;

  G_LOCK (kept);
  slot = kept_slot (key, length, hash);
  kept = *slot;
  if (kept == NULL && n_kept < MAX_KEPT_KEYS)
    {
      kept = g_strndup (key, length);
      g_atomic_pointer_set (slot, kept);
      n_kept++;
    }
  G_UNLOCK (kept);
  return kept;
}

/* Short string values repeat as keys do: a journal says "set", "edit" and "status.fought"
 * thousands of times, and a unit's kind and weapon are among a few dozen.  Each such value is
 * made once and shared, as the small integers are (nothing changes a value in a tree in
 * place).  The table is bounded like the keys'; past the bound a value is made as usual. */
#define MAX_SHARED_STRINGS    4096
#define MAX_SHARED_STRING_LEN 32
#define SHARED_STRING_SLOTS   (2 * MAX_SHARED_STRINGS)   /* a power of two, at most half full */

typedef struct {
  json_object *value;   /* NULL while the slot is free */
  const char  *text;    /* the value's own text */
  gsize        length;
} SharedString;

static SharedString shared_strings[SHARED_STRING_SLOTS];
static guint        n_shared_strings;
G_LOCK_DEFINE_STATIC (shared_strings);

/* The slot holding the string @text of @length bytes (which may hold a NUL, from "\u0000"),
 * or the empty one where it would go. */
static SharedString *
shared_string_slot (const char *text,
                    gsize       length,
                    guint       hash)
{
  for (guint i = hash & (SHARED_STRING_SLOTS - 1);; i = (i + 1) & (SHARED_STRING_SLOTS - 1))
    {
      SharedString *slot = &shared_strings[i];
      json_object *value = g_atomic_pointer_get (&slot->value);

      if (value == NULL || (slot->length == length && memcmp (slot->text, text, length) == 0))
        return slot;
    }
}

/* A new reference to a string value of @text, shared when it is short. */
static json_object *
string_value (const char *text,
              gsize       length)
{
  guint hash = 2166136261u;  /* FNV-1a */
  SharedString *slot;
  json_object *value;

  if (length > MAX_SHARED_STRING_LEN)
    return json_object_new_string_len (text, (int) length);
  for (gsize i = 0; i < length; i++)
    hash = (hash ^ (guchar) text[i]) * 16777619u;
  slot = shared_string_slot (text, length, hash);
  value = g_atomic_pointer_get (&slot->value);
  if (value != NULL)
    return json_object_get (value);

  G_LOCK (shared_strings);
  slot = shared_string_slot (text, length, hash);
  value = slot->value;
  if (value == NULL && n_shared_strings < MAX_SHARED_STRINGS)
    {
      value = json_object_new_string_len (text, (int) length);
      /* The slot's text and length are written before its value, which readers look at first. */
      slot->text = json_object_get_string (value);
      slot->length = length;
      g_atomic_pointer_set (&slot->value, value);
      n_shared_strings++;
    }
  G_UNLOCK (shared_strings);
  return value != NULL ? json_object_get (value) : json_object_new_string_len (text, (int) length);
}

/* Fail at @at with @desc; NULL @desc (or @at at the end) means the text ends too early. */
static gboolean
fail (Reader     *r,
      const char *at,
      const char *desc)
{
  r->err_at = at;
  r->err_desc = at < r->end ? desc : NULL;
  return FALSE;
}

static inline void
skip_space (Reader *r)
{
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t'))
    r->p++;
}

static int
hex_digit (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Four hex digits after "\u", at @p; -1 when they are not, with the reader failed. */
static int
read_hex4 (Reader     *r,
           const char *p)
{
  int v = 0;

  for (int i = 0; i < 4; i++)
    {
      int d = p + i < r->end ? hex_digit (p[i]) : -1;

      if (d < 0)
        {
          fail (r, p + i, _("a string holds an escape that is not valid"));
          return -1;
        }
      v = v * 16 + d;
    }
  return v;
}

/* The string whose opening quote is just before r->p: its text in *@text and *@length, either
 * in place in the file or decoded into r->buf.  Leaves r->p after the closing quote. */
static gboolean
read_string (Reader      *r,
             const char **text,
             gsize       *length)
{
  const char *close = memchr (r->p, '"', (gsize) (r->end - r->p));
  const char *escape;

  if (close == NULL)
    return fail (r, r->end, NULL);
  escape = memchr (r->p, '\\', (gsize) (close - r->p));
  if (escape == NULL)
    {
      *text = r->p;
      *length = (gsize) (close - r->p);
      r->p = close + 1;
      return TRUE;
    }

  g_string_truncate (r->buf, 0);
  g_string_append_len (r->buf, r->p, escape - r->p);
  r->p = escape;
  while (r->p < r->end)
    {
      const char *p = r->p;
      const char *stop;
      char c = *p;

      if (c == '"')
        {
          r->p = p + 1;
          *text = r->buf->str;
          *length = r->buf->len;
          return TRUE;
        }
      if (c != '\\')
        {
          /* Copy up to the next quote or backslash in one go. */
          for (stop = p; stop < r->end && *stop != '"' && *stop != '\\'; stop++)
            ;
          g_string_append_len (r->buf, p, stop - p);
          r->p = stop;
          continue;
        }
      if (p + 1 >= r->end)
        break;
      switch (p[1])
        {
        case '"': g_string_append_c (r->buf, '"'); break;
        case '\\': g_string_append_c (r->buf, '\\'); break;
        case '/': g_string_append_c (r->buf, '/'); break;
        case 'b': g_string_append_c (r->buf, '\b'); break;
        case 'f': g_string_append_c (r->buf, '\f'); break;
        case 'n': g_string_append_c (r->buf, '\n'); break;
        case 'r': g_string_append_c (r->buf, '\r'); break;
        case 't': g_string_append_c (r->buf, '\t'); break;
        case 'u':
          {
            int v = read_hex4 (r, p + 2);
            gunichar ch;

            if (v < 0)
              return FALSE;
            p += 6;
            ch = (gunichar) v;
            if (v >= 0xd800 && v <= 0xdbff)
              {
                /* A high surrogate pairs with a low one that follows; alone, as a lone low one
                 * does, it stands for U+FFFD, the replacement character. */
                if (p + 1 < r->end && p[0] == '\\' && p[1] == 'u')
                  {
                    int low = read_hex4 (r, p + 2);

                    if (low < 0)
                      return FALSE;
                    if (low >= 0xdc00 && low <= 0xdfff)
                      {
                        ch = 0x10000 + (((gunichar) v - 0xd800) << 10) + ((gunichar) low - 0xdc00);
                        p += 6;
                      }
                    else
                      ch = 0xfffd;
                  }
                else
                  ch = 0xfffd;
              }
            else if (v >= 0xdc00 && v <= 0xdfff)
              ch = 0xfffd;
            g_string_append_unichar (r->buf, ch);
            r->p = p;
            continue;
          }
        default:
          return fail (r, p + 1, _("a string holds an escape that is not valid"));
        }
      r->p = p + 2;
    }
  return fail (r, r->end, NULL);
}

/* ---- shared values ---- */

/* The value kept in @slot, which is empty: @made becomes it, unless another thread was there
 * first. */
static json_object *
shared (json_object **slot,
        json_object  *made)
{
  if (!g_atomic_pointer_compare_and_exchange (slot, NULL, made))
    json_object_put (made);
  return json_object_get (g_atomic_pointer_get (slot));
}

json_object *
adj_json_shared_boolean (gboolean b)
{
  static json_object *values[2];
  json_object **slot = &values[b ? 1 : 0];
  json_object *value = g_atomic_pointer_get (slot);

  return value != NULL ? json_object_get (value) : shared (slot, json_object_new_boolean (b));
}

json_object *
adj_json_shared_int (gint64 v)
{
  static json_object *values[ADJ_JSON_SHARED_INTS];
  json_object *value;

  if (v < 0 || v >= ADJ_JSON_SHARED_INTS)
    return json_object_new_int64 (v);
  value = g_atomic_pointer_get (&values[v]);
  return value != NULL ? json_object_get (value) : shared (&values[v], json_object_new_int64 (v));
}

json_object *
adj_json_shared_string (json_object **slot,
                        const char   *text)
{
  json_object *value = g_atomic_pointer_get (slot);

  g_return_val_if_fail (text != NULL, NULL);
  return value != NULL ? json_object_get (value) : shared (slot, json_object_new_string (text));
}

void
adj_json_add_new (json_object *obj,
                  const char  *key,
                  json_object *value)
{
  json_object_object_add_ex (obj, key, value,
                             JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_KEY_IS_CONSTANT);
}

static gboolean
is_digit (const char *p,
          const char *end)
{
  return p < end && *p >= '0' && *p <= '9';
}

/* A number: an integer when it is one (clamped to 64 bits, as json-c does), else a double. */
static gboolean
read_number (Reader       *r,
             json_object **out)
{
  const char *start = r->p, *p = r->p;
  gboolean negative = FALSE, fraction = FALSE, overflow = FALSE;
  guint64 v = 0;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (!is_digit (p, r->end))
    return fail (r, p, _("a number was expected"));
  if (*p == '0')
    {
      p++;
      if (is_digit (p, r->end))
        return fail (r, p, _("a number may not start with a 0"));
    }
  else
    for (; is_digit (p, r->end); p++)
      {
        guint d = (guint) (*p - '0');

        if (v > (G_MAXUINT64 - d) / 10)
          overflow = TRUE;
        else
          v = v * 10 + d;
      }
  if (p < r->end && *p == '.')
    {
      fraction = TRUE;
      for (p++; is_digit (p, r->end); p++)
        ;
    }
  if (p < r->end && (*p == 'e' || *p == 'E'))
    {
      fraction = TRUE;
      p++;
      if (p < r->end && (*p == '+' || *p == '-'))
        p++;
      if (!is_digit (p, r->end))
        return fail (r, p, _("a number was expected"));
      for (; is_digit (p, r->end); p++)
        ;
    }
  r->p = p;

  if (fraction)
    {
      char small[64];
      gsize n = (gsize) (p - start);
      g_autofree char *big = n >= sizeof small ? g_strndup (start, n) : NULL;
      double d;

      if (big == NULL)
        {
          memcpy (small, start, n);
          small[n] = '\0';
        }
      /* json-c keeps the text, and writes the number back as it was read. */
      d = g_ascii_strtod (big != NULL ? big : small, NULL);
      *out = json_object_new_double_s (d, big != NULL ? big : small);
    }
  else if (negative)
    *out = json_object_new_int64 (overflow || v > (guint64) G_MAXINT64 + 1
                                  ? G_MININT64 : (gint64) (0 - v));
  else if (overflow)
    *out = json_object_new_uint64 (G_MAXUINT64);
  else if (v > (guint64) G_MAXINT64)
    *out = json_object_new_uint64 (v);
  else
    *out = adj_json_shared_int ((gint64) v);
  return TRUE;
}

/* "true", "false" or "null", whose first letter is at r->p. */
static gboolean
read_literal (Reader       *r,
              const char   *word,
              int           boolean,   /* TRUE, FALSE, or -1 for null */
              json_object **out)
{
  gsize n = strlen (word);

  for (gsize i = 0; i < n; i++)
    if (r->p + i >= r->end || r->p[i] != word[i])
      return fail (r, r->p + i, _("unexpected character"));
  r->p += n;
  *out = boolean < 0 ? NULL : adj_json_shared_boolean (boolean);
  return TRUE;
}

typedef enum {
  MEMBER_NEXT,     /* a "," was read: another member follows */
  MEMBER_LAST,     /* the closing bracket was read */
  MEMBER_FAILED,
} MemberEnd;

/* After a member of an array or an object: its "," or the closing @close.  @expected, the
 * message for anything else, is translated only when it is said. */
static inline MemberEnd
member_end (Reader     *r,
            char        close,
            const char *expected)
{
  skip_space (r);
  if (r->p >= r->end)
    {
      fail (r, r->end, NULL);
      return MEMBER_FAILED;
    }
  if (*r->p == close)
    {
      r->p++;
      return MEMBER_LAST;
    }
  if (*r->p != ',')
    {
      fail (r, r->p, _(expected));
      return MEMBER_FAILED;
    }
  r->p++;
  skip_space (r);
  return MEMBER_NEXT;
}

/* Whether the array being read is the one whose items r->items reads: every key of its path
 * led here, one to each level. */
static inline gboolean
reads_items (Reader *r)
{
  return r->items != NULL && r->items->path[r->items_depth] == NULL &&
         r->items_depth + 1 == r->depth;
}

/* An item of the array r->items names: read by its reader and kept as its text, or, when the
 * reader leaves it, read again from its start as any other value. */
static gboolean
read_item (Reader       *r,
           json_object **out)
{
  const char *start;
  guint depth = r->depth;
  gpointer item;

  skip_space (r);
  start = r->p;
  item = r->items->read (r, r->items->data);
  if (item != NULL)
    {
      *out = adj_json_raw_new (start, (gsize) (r->p - start), item, r->items->free_item);
      return TRUE;
    }
  r->p = start;
  r->depth = depth;
  r->err_at = r->err_desc = NULL;
  return read_value (r, out);
}

static gboolean
read_array (Reader       *r,
            json_object **out)
{
  json_object *array = json_object_new_array ();

  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == ']')
    {
      r->p++;
      *out = array;
      return TRUE;
    }
  for (;;)
    {
      json_object *item = NULL;
      MemberEnd end;

      if (!(reads_items (r) ? read_item (r, &item) : read_value (r, &item)))
        break;
      json_object_array_add (array, item);
      end = member_end (r, ']', N_("a “,” or “]” was expected"));
      if (end == MEMBER_LAST)
        {
          *out = array;
          return TRUE;
        }
      if (end == MEMBER_FAILED)
        break;
    }
  json_object_put (array);
  return FALSE;
}

/* How many of an object's kept keys are remembered to tell, without json-c's lookup, that a key
 * is new to it; past that, json-c looks. */
#define SEEN_KEYS 16

static gboolean
read_object (Reader       *r,
             json_object **out)
{
  json_object *object = json_object_new_object ();
  const char *seen[SEEN_KEYS];
  guint n_seen = 0;

  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == '}')
    {
      r->p++;
      *out = object;
      return TRUE;
    }
  for (;;)
    {
      const char *text;
      gsize length;
      char small[128];
      g_autofree char *big = NULL;
      const char *key, *kept;
      json_object *value = NULL;
      MemberEnd end;

      if (r->p >= r->end)
        {
          fail (r, r->end, NULL);
          break;
        }
      if (*r->p != '"')
        {
          fail (r, r->p, _("a key in quotes was expected"));
          break;
        }
      r->p++;
      if (!read_string (r, &text, &length))
        break;
      /* The key must outlast the value, which may use the reader's buffer. */
      kept = kept_key (text, length);
      if (kept != NULL)
        key = kept;
      else if (length < sizeof small)
        {
          memcpy (small, text, length);
          small[length] = '\0';
          key = small;
        }
      else
        key = big = g_strndup (text, length);
      skip_space (r);
      if (r->p >= r->end)
        {
          fail (r, r->end, NULL);
          break;
        }
      if (*r->p != ':')
        {
          fail (r, r->p, _("a “:” was expected after the key"));
          break;
        }
      r->p++;
      if (r->items != NULL && r->items_depth + 1 == r->depth &&
          r->items->path[r->items_depth] != NULL && strcmp (key, r->items->path[r->items_depth]) == 0)
        {
          gboolean ok;

          r->items_depth++;
          ok = read_value (r, &value);
          r->items_depth--;
          if (!ok)
            break;
        }
      else if (!read_value (r, &value))
        break;
      /* A key given twice keeps its last value, as with json-c.  A kept key is the same pointer
       * wherever it appears, and no other key can have its text, so one not among those seen is
       * new to the object. */
      if (kept != NULL)
        {
          gboolean is_new = n_seen < SEEN_KEYS;

          for (guint i = 0; i < n_seen && is_new; i++)
            is_new = seen[i] != kept;
          if (is_new)
            seen[n_seen++] = kept;
          json_object_object_add_ex (object, kept, value,
                                     JSON_C_OBJECT_KEY_IS_CONSTANT |
                                     (is_new ? JSON_C_OBJECT_ADD_KEY_IS_NEW : 0));
        }
      else
        json_object_object_add (object, key, value);
      end = member_end (r, '}', N_("a “,” or “}” was expected"));
      if (end == MEMBER_LAST)
        {
          *out = object;
          return TRUE;
        }
      if (end == MEMBER_FAILED)
        break;
    }
  json_object_put (object);
  return FALSE;
}

/* Any value, after white space; *@out is NULL for a JSON null. */
static gboolean
read_value (Reader       *r,
            json_object **out)
{
  gboolean ok;

  skip_space (r);
  *out = NULL;
  if (r->p >= r->end)
    return fail (r, r->end, NULL);
  switch (*r->p)
    {
    case '{':
    case '[':
      if (r->depth == ADJ_JSON_MAX_DEPTH)
        return fail (r, r->p, _("nesting too deep"));
      r->depth++;
      ok = *r->p == '{' ? read_object (r, out) : read_array (r, out);
      r->depth--;
      return ok;
    case '"':
      {
        const char *text;
        gsize length;

        r->p++;
        if (!read_string (r, &text, &length))
          return FALSE;
        *out = string_value (text, length);
        return TRUE;
      }
    case 't':
      return read_literal (r, "true", TRUE, out);
    case 'f':
      return read_literal (r, "false", FALSE, out);
    case 'n':
      return read_literal (r, "null", -1, out);
    case '-':
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return read_number (r, out);
    default:
      return fail (r, r->p, _("unexpected character"));
    }
}

/* ---- for the reader of an array's items ---- */

gboolean
adj_json_reader_take (AdjJsonReader *r,
                      char           c)
{
  skip_space (r);
  if (r->p >= r->end || *r->p != c)
    return FALSE;
  /* Brackets count towards the nesting as the document's reader counts them. */
  if (c == '{' || c == '[')
    {
      if (r->depth == ADJ_JSON_MAX_DEPTH)
        return FALSE;
      r->depth++;
    }
  else if (c == '}' || c == ']')
    r->depth--;
  r->p++;
  return TRUE;
}

gboolean
adj_json_reader_string (AdjJsonReader  *r,
                        const char    **text,
                        gsize          *length)
{
  if (!adj_json_reader_take (r, '"'))
    return FALSE;
  return read_string (r, text, length);
}

gboolean
adj_json_reader_uint (AdjJsonReader *r,
                      guint64       *v)
{
  const char *p;

  skip_space (r);
  p = r->p;
  /* At most 18 digits, so that it cannot overflow; no leading zero but for 0 itself. */
  if (p >= r->end || *p < '0' || *p > '9' || (*p == '0' && p + 1 < r->end && p[1] >= '0' &&
                                               p[1] <= '9'))
    return FALSE;
  *v = 0;
  for (; p < r->end && *p >= '0' && *p <= '9'; p++)
    {
      if (p - r->p == 18)
        return FALSE;
      *v = *v * 10 + (guint64) (*p - '0');
    }
  /* A fraction or an exponent makes it a number of another kind. */
  if (p < r->end && (*p == '.' || *p == 'e' || *p == 'E'))
    return FALSE;
  r->p = p;
  return TRUE;
}

gboolean
adj_json_reader_value (AdjJsonReader  *r,
                       json_object   **out)
{
  return read_value (r, out);
}

/* ---- raw values ---- */

typedef struct {
  gpointer       data;
  GDestroyNotify destroy;
} Raw;

static void
raw_delete (json_object *value,
            void        *userdata)
{
  Raw *raw = userdata;

  if (raw->data != NULL && raw->destroy != NULL)
    raw->destroy (raw->data);
  g_free (raw);
}

json_object *
adj_json_raw_new (const char     *text,
                  gsize           length,
                  gpointer        data,
                  GDestroyNotify  destroy)
{
  json_object *value = json_object_new_string_len (text, (int) length);
  Raw *raw = g_new (Raw, 1);

  raw->data = data;
  raw->destroy = destroy;
  json_object_set_userdata (value, raw, raw_delete);
  return value;
}

gboolean
adj_json_is_raw (json_object *value)
{
  return json_object_is_type (value, json_type_string) &&
         json_object_get_userdata (value) != NULL;
}

gpointer
adj_json_raw_steal_data (json_object *raw)
{
  Raw *r;

  g_return_val_if_fail (adj_json_is_raw (raw), NULL);
  r = json_object_get_userdata (raw);
  return g_steal_pointer (&r->data);
}

/* g_utf8_validate_len(), quicker on text that is mostly ASCII, as Adjutant's files are: eight
 * bytes at a time are checked for a byte past ASCII, and only the characters made of such bytes
 * are handed to GLib to check. */
static gboolean
utf8_validate (const char  *data,
               gsize        length,
               const char **bad)
{
  const char *p = data, *end = data + length;

  while (p < end)
    {
      guchar lead;
      gsize n;

      while (end - p >= 8)
        {
          guint64 word;

          memcpy (&word, p, sizeof word);
          if ((word & G_GUINT64_CONSTANT (0x8080808080808080)) != 0)
            break;
          p += 8;
        }
      while (p < end && (guchar) *p < 0x80)
        p++;
      if (p == end)
        break;
      lead = (guchar) *p;
      n = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
      if (n > (gsize) (end - p) || !g_utf8_validate_len (p, n, NULL))
        {
          /* Let GLib find exactly where it goes wrong. */
          return g_utf8_validate_len (p, (gsize) (end - p), bad);
        }
      p += n;
    }
  return TRUE;
}

json_object *
adj_json_parse_data (const char  *data,
                     gsize        length,
                     const char  *name,
                     GError     **error)
{
  return adj_json_parse_data_full (data, length, name, NULL, error);
}

json_object *
adj_json_parse_data_full (const char          *data,
                          gsize                length,
                          const char          *name,
                          const AdjJsonItems  *items,
                          GError             **error)
{
  const char *bad = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > ADJ_JSON_MAX_SIZE)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file is %llu bytes, more than the %d bytes a battle, army list "
                     "or ruleset may have"),
                   name, (unsigned long long) length, ADJ_JSON_MAX_SIZE);
      return NULL;
    }
  if (length == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE, _("%s: the file is empty"), name);
      return NULL;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file holds a NUL byte, so it is not a JSON text file"), name);
      return NULL;
    }

  /* Every string Adjutant takes from a file must be UTF-8.  The whole text is checked here, once,
   * before it is read. */
  if (!utf8_validate (data, length, &bad))
    {
      guint line, column;
      offset_to_line_column (data, (gsize) (bad - data), &line, &column);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the text is not valid UTF-8 at line %u, column %u"),
                   name, line, column);
      return NULL;
    }

  {
    Reader r = { data, data, data + length, 0, NULL, NULL, NULL, items, 0 };
    json_object *root = NULL;
    gboolean ok;
    guint line, column;

    r.buf = g_string_new (NULL);
    ok = read_value (&r, &root);
    g_string_free (r.buf, TRUE);
    if (!ok && r.err_desc == NULL)
      {
        /* The text ended in the middle of a value: a truncated file. */
        offset_to_line_column (data, length, &line, &column);
        g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                     _("%s: the JSON text ends too early (line %u, column %u): "
                       "the file looks truncated"),
                     name, line, column);
        return NULL;
      }
    if (!ok)
      {
        offset_to_line_column (data, (gsize) (r.err_at - data), &line, &column);
        g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                     _("%s: not valid JSON at line %u, column %u: %s"),
                     name, line, column, r.err_desc);
        return NULL;
      }

    /* Only white space may follow the value. */
    skip_space (&r);
    if (r.p < r.end)
      {
        offset_to_line_column (data, (gsize) (r.p - data), &line, &column);
        g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                     _("%s: unexpected text after the JSON value at line %u, column %u"),
                     name, line, column);
        json_object_put (root);
        return NULL;
      }
    if (root == NULL)
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                   _("%s: the file holds only a JSON null"), name);
    return root;
  }
}

json_object *
adj_json_parse_file (const char  *path,
                     GError     **error)
{
  return adj_json_parse_file_full (path, NULL, error);
}

json_object *
adj_json_parse_file_full (const char          *path,
                          const AdjJsonItems  *items,
                          GError             **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  display = g_filename_display_name (path);

  if (g_stat (path, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO,
                       _("%s: this is a folder, not a file"), display);
          return NULL;
        }
      if ((guint64) st.st_size > ADJ_JSON_MAX_SIZE)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_PARSE,
                       _("%s: the file is %llu bytes, more than the %d bytes a battle, army "
                         "list or ruleset may have"),
                       display, (unsigned long long) st.st_size, ADJ_JSON_MAX_SIZE);
          return NULL;
        }
    }

  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_IO, _("%s: cannot read the file: %s"),
                   display, local_error->message);
      return NULL;
    }

  return adj_json_parse_data_full (data, length, display, items, error);
}

const char *
adj_json_type_name (json_object *value)
{
  switch (json_object_get_type (value))
    {
    case json_type_null: return _("null");
    case json_type_boolean: return _("a boolean");
    case json_type_double: return _("a number with a fraction");
    case json_type_int: return _("an integer");
    case json_type_object: return _("an object");
    case json_type_array: return _("an array");
    case json_type_string: return _("a string");
    default: return _("an unknown value");
    }
}

char *
adj_json_path_key (const char *path,
                   const char *key)
{
  return g_strconcat (path, ".", key, NULL);
}

/* "[12]" for 12, ending just before @end; returns where it starts. */
static char *
put_index (char  *end,
           gsize  index)
{
  *--end = '\0';
  *--end = ']';
  do
    {
      *--end = (char) ('0' + index % 10);
      index /= 10;
    }
  while (index != 0);
  *--end = '[';
  return end;
}

char *
adj_json_path_index (const char *path,
                     gsize       index)
{
  char digits[32];

  return g_strconcat (path, put_index (digits + sizeof digits, index), NULL);
}

/* @path then @sep then @suffix into @buf, cut short to fit as g_strlcpy() would. */
static const char *
join_buf (char       *buf,
          gsize       size,
          const char *path,
          const char *sep,
          const char *suffix)
{
  const char *parts[] = { path, sep, suffix };
  gsize at = 0;

  g_return_val_if_fail (size > 0, buf);
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gsize len = MIN (strlen (parts[i]), size - 1 - at);

      memcpy (buf + at, parts[i], len);
      at += len;
    }
  buf[at] = '\0';
  return buf;
}

const char *
adj_json_path_index_buf (char       *buf,
                         gsize       size,
                         const char *path,
                         gsize       index)
{
  char digits[32];

  return join_buf (buf, size, path, "", put_index (digits + sizeof digits, index));
}

const char *
adj_json_path_key_buf (char       *buf,
                       gsize       size,
                       const char *path,
                       const char *key)
{
  return join_buf (buf, size, path, ".", key);
}

gboolean
adj_json_fail (GError     **error,
               int          code,
               const char  *file,
               const char  *path,
               const char  *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ADJ_ERROR, code, "%s: %s: %s", file, path, message);
  return FALSE;
}

gboolean
adj_json_fail_unknown_key (GError     **error,
                           const char  *file,
                           const char  *path,
                           const char  *key)
{
  g_autofree char *where = adj_json_path_key (path, key);

  return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, _("unknown key “%s”"), key);
}

gboolean
adj_json_expect_object (json_object  *value,
                        const char   *file,
                        const char   *path,
                        GError      **error)
{
  if (json_object_is_type (value, json_type_object))
    return TRUE;
  return adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                        _("expected an object, found %s"), adj_json_type_name (value));
}

gboolean
adj_json_check_keys (json_object        *object,
                     const char * const *allowed,
                     const char         *file,
                     const char         *path,
                     GError            **error)
{
  json_object_object_foreach (object, key, val)
    {
      gboolean known = FALSE;

      (void) val;
      for (guint i = 0; allowed[i] != NULL; i++)
        {
          if (allowed[i][0] == key[0] && strcmp (allowed[i], key) == 0)
            {
              known = TRUE;
              break;
            }
        }
      if (!known)
        return adj_json_fail_unknown_key (error, file, path, key);
    }
  return TRUE;
}

typedef enum {
  KEY_FAILS,   /* a required key is missing: the error is set */
  KEY_SKIPPED, /* an optional key is missing or null: nothing to take */
  KEY_TAKEN,   /* the value is to be checked and taken */
} KeyState;

/* What every getter does first: @value is what @key holds in the object at @path, and @found
 * says whether the key is there at all. */
static KeyState
key_state (json_object *value,
           gboolean     found,
           const char  *key,
           gboolean     required,
           const char  *file,
           const char  *path,
           GError     **error)
{
  if (!found && required)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                     _("the required key “%s” is missing"), key);
      return KEY_FAILS;
    }
  if (value == NULL && !required)
    return KEY_SKIPPED;
  return KEY_TAKEN;
}

static gboolean
take_string (json_object  *value,
             gboolean      found,
             const char   *key,
             gboolean      required,
             const char  **out,
             const char   *file,
             const char   *path,
             GError      **error)
{
  KeyState state = key_state (value, found, key, required, file, path, error);

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, json_type_string))
    {
      g_autofree char *where = adj_json_path_key (path, key);
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                            _("expected a string, found %s"), adj_json_type_name (value));
    }
  *out = json_object_get_string (value);
  return TRUE;
}

static gboolean
take_int (json_object  *value,
          gboolean      found,
          const char   *key,
          gboolean      required,
          gint64        min,
          gint64        max,
          gint64       *out,
          const char   *file,
          const char   *path,
          GError      **error)
{
  KeyState state = key_state (value, found, key, required, file, path, error);
  gint64 v;

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, json_type_int))
    {
      g_autofree char *where = adj_json_path_key (path, key);
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                            _("expected an integer from %lld to %lld, found %s"),
                            (long long) min, (long long) max, adj_json_type_name (value));
    }
  errno = 0;
  v = json_object_get_int64 (value);
  if (errno != 0 || v < min || v > max)
    {
      g_autofree char *where = adj_json_path_key (path, key);
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                            _("expected an integer from %lld to %lld, found %s"),
                            (long long) min, (long long) max,
                            json_object_to_json_string (value));
    }
  *out = v;
  return TRUE;
}

static gboolean
take_bool (json_object  *value,
           gboolean      found,
           const char   *key,
           gboolean      required,
           gboolean     *out,
           const char   *file,
           const char   *path,
           GError      **error)
{
  KeyState state = key_state (value, found, key, required, file, path, error);

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, json_type_boolean))
    {
      g_autofree char *where = adj_json_path_key (path, key);
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                            _("expected true or false, found %s"), adj_json_type_name (value));
    }
  *out = json_object_get_boolean (value);
  return TRUE;
}

static gboolean
take_typed (json_object  *value,
            gboolean      found,
            const char   *key,
            gboolean      required,
            json_type     type,
            const char   *what,     /* untranslated: translated only when it is said */
            json_object **out,
            const char   *file,
            const char   *path,
            GError      **error)
{
  KeyState state = key_state (value, found, key, required, file, path, error);

  if (state != KEY_TAKEN)
    return state == KEY_SKIPPED;
  if (!json_object_is_type (value, type))
    {
      g_autofree char *where = adj_json_path_key (path, key);
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, _("expected %s, found %s"),
                            _(what), adj_json_type_name (value));
    }
  *out = value;
  return TRUE;
}

gboolean
adj_json_get_string (json_object  *object,
                     const char   *key,
                     gboolean      required,
                     const char  **out,
                     const char   *file,
                     const char   *path,
                     GError      **error)
{
  json_object *value = NULL;
  gboolean found = json_object_object_get_ex (object, key, &value);

  return take_string (value, found, key, required, out, file, path, error);
}

gboolean
adj_json_get_int (json_object  *object,
                  const char   *key,
                  gboolean      required,
                  gint64        min,
                  gint64        max,
                  gint64       *out,
                  const char   *file,
                  const char   *path,
                  GError      **error)
{
  json_object *value = NULL;
  gboolean found = json_object_object_get_ex (object, key, &value);

  return take_int (value, found, key, required, min, max, out, file, path, error);
}

gboolean
adj_json_get_bool (json_object  *object,
                   const char   *key,
                   gboolean      required,
                   gboolean     *out,
                   const char   *file,
                   const char   *path,
                   GError      **error)
{
  json_object *value = NULL;
  gboolean found = json_object_object_get_ex (object, key, &value);

  return take_bool (value, found, key, required, out, file, path, error);
}

gboolean
adj_json_get_array (json_object  *object,
                    const char   *key,
                    gboolean      required,
                    json_object **out,
                    const char   *file,
                    const char   *path,
                    GError      **error)
{
  json_object *value = NULL;
  gboolean found = json_object_object_get_ex (object, key, &value);

  return take_typed (value, found, key, required, json_type_array, N_("an array"), out,
                     file, path, error);
}

gboolean
adj_json_get_object (json_object  *object,
                     const char   *key,
                     gboolean      required,
                     json_object **out,
                     const char   *file,
                     const char   *path,
                     GError      **error)
{
  json_object *value = NULL;
  gboolean found = json_object_object_get_ex (object, key, &value);

  return take_typed (value, found, key, required, json_type_object, N_("an object"), out,
                     file, path, error);
}

/* ---- an object's fields in one pass ---- */

gboolean
adj_json_fields_read (AdjJsonFields      *fields,
                      json_object        *object,
                      const char * const *keys,
                      const char         *file,
                      const char         *path,
                      GError            **error)
{
  guint n_keys = 0, next = 0;

  memset (fields, 0, sizeof *fields);
  fields->keys = keys;
  fields->file = file;
  fields->path = path;
  while (keys[n_keys] != NULL)
    n_keys++;
  g_return_val_if_fail (n_keys <= ADJ_JSON_MAX_FIELDS, FALSE);

  if (!adj_json_expect_object (object, file, path, error))
    return FALSE;
  json_object_object_foreach (object, key, val)
    {
      guint i = next, tried = 0;

      /* Keys mostly come in the order Adjutant writes them, so the search starts after the key
       * found last, and the first character is compared before the rest. */
      for (; tried < n_keys; tried++, i = i + 1 == n_keys ? 0 : i + 1)
        if (keys[i][0] == key[0] && strcmp (keys[i], key) == 0)
          break;
      if (tried == n_keys)
        return adj_json_fail_unknown_key (error, file, path, key);
      fields->values[i] = val;
      fields->present |= 1u << i;
      next = i + 1 == n_keys ? 0 : i + 1;
    }
  return TRUE;
}

#define FIELD_ARGS(fields, i) \
  (fields)->values[i], ((fields)->present >> (i)) & 1, (fields)->keys[i]

gboolean
adj_json_field_string (const AdjJsonFields  *fields,
                       guint                 i,
                       gboolean              required,
                       const char          **out,
                       GError              **error)
{
  return take_string (FIELD_ARGS (fields, i), required, out, fields->file, fields->path, error);
}

gboolean
adj_json_field_int (const AdjJsonFields  *fields,
                    guint                 i,
                    gboolean              required,
                    gint64                min,
                    gint64                max,
                    gint64               *out,
                    GError              **error)
{
  return take_int (FIELD_ARGS (fields, i), required, min, max, out, fields->file, fields->path,
                   error);
}

gboolean
adj_json_field_bool (const AdjJsonFields  *fields,
                     guint                 i,
                     gboolean              required,
                     gboolean             *out,
                     GError              **error)
{
  return take_bool (FIELD_ARGS (fields, i), required, out, fields->file, fields->path, error);
}

gboolean
adj_json_field_array (const AdjJsonFields  *fields,
                      guint                 i,
                      gboolean              required,
                      json_object         **out,
                      GError              **error)
{
  return take_typed (FIELD_ARGS (fields, i), required, json_type_array, N_("an array"), out,
                     fields->file, fields->path, error);
}

gboolean
adj_json_field_object (const AdjJsonFields  *fields,
                       guint                 i,
                       gboolean              required,
                       json_object         **out,
                       GError              **error)
{
  return take_typed (FIELD_ARGS (fields, i), required, json_type_object, N_("an object"), out,
                     fields->file, fields->path, error);
}

gboolean
adj_json_is_identifier (const char *text)
{
  gsize len;

  if (text == NULL)
    return FALSE;
  len = strlen (text);
  if (len == 0 || len > 64)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];
      if (!(g_ascii_islower (c) || g_ascii_isdigit (c) || c == '-' || c == '_'))
        return FALSE;
    }
  return TRUE;
}

/* ---- writing ----
 *
 * Our own writer rather than json-c's: it is quicker (no buffer kept in every value written),
 * and it can put each element of a long list on a line of its own, which keeps a journal of
 * thousands of entries readable and quick to read back.
 */

/* g_string_append_len() without a call for each piece: a journal is written in some hundred
 * thousand short pieces. */
static inline void
put (GString    *out,
     const char *s,
     gsize       n)
{
  if (G_LIKELY (out->len + n < out->allocated_len))
    {
      memcpy (out->str + out->len, s, n);
      out->len += n;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, s, (gssize) n);
}

#define put_literal(out, lit) put ((out), "" lit "", sizeof (lit) - 1)

/* @length bytes of @s: a string read from "\u0000" holds a NUL, which is written back the
 * same way rather than ending the string early. */
static void
write_string (GString    *out,
              const char *s,
              gsize       length)
{
  static const char hex[] = "0123456789abcdef";
  const unsigned char *end = (const unsigned char *) s + length;
  const unsigned char *run = (const unsigned char *) s;

  g_string_append_c (out, '"');
  for (const unsigned char *p = run; p < end; p++)
    {
      /* Characters that need no escape are copied a run at a time. */
      if (*p >= 0x20 && *p != '"' && *p != '\\')
        continue;
      put (out, (const char *) run, (gsize) (p - run));
      run = p + 1;
      switch (*p)
        {
        case '"': put_literal (out, "\\\""); break;
        case '\\': put_literal (out, "\\\\"); break;
        case '\n': put_literal (out, "\\n"); break;
        case '\r': put_literal (out, "\\r"); break;
        case '\t': put_literal (out, "\\t"); break;
        case '\b': put_literal (out, "\\b"); break;
        case '\f': put_literal (out, "\\f"); break;
        default:
          put_literal (out, "\\u00");
          g_string_append_c (out, hex[*p >> 4]);
          g_string_append_c (out, hex[*p & 0xf]);
        }
    }
  put (out, (const char *) run, (gsize) (end - run));
  g_string_append_c (out, '"');
}

static void
write_indent (GString *out,
              int      indent)
{
  static const char spaces[] = "                                ";

  g_string_append_c (out, '\n');
  for (int left = indent; left > 0; left -= (int) sizeof spaces - 1)
    put (out, spaces, (gsize) MIN (left, (int) sizeof spaces - 1));
}

/* Whether @path is one of @paths or on the way to one. */
/* Whether the text ends with @c: the first member of an object or array comes next. */
static gboolean
first_done (GString *out,
            char     c)
{
  return out->len > 0 && out->str[out->len - 1] == c;
}

static gboolean
leads_to (const char * const *paths,
          const char         *path)
{
  gsize len = strlen (path);

  for (guint i = 0; paths[i] != NULL; i++)
    if (strncmp (paths[i], path, len) == 0 && (paths[i][len] == '\0' || paths[i][len] == '.'))
      return TRUE;
  return FALSE;
}

/* @indent >= 0: indented by that much; LINE: on one line, spaced ("a": 1, "b": [1, 2]);
 * PLAIN: on one line, no spaces at all. */
#define LINE  (-1)
#define PLAIN (-2)

static void
write_value (GString            *out,
             json_object        *v,
             int                 indent,
             const char         *path,
             const char * const *one_per_line)
{
  switch (json_object_get_type (v))
    {
    case json_type_null:
      put_literal (out, "null");
      break;
    case json_type_boolean:
      if (json_object_get_boolean (v))
        put_literal (out, "true");
      else
        put_literal (out, "false");
      break;
    case json_type_int:
      {
        gint64 i = json_object_get_int64 (v);

        /* json-c keeps integers past G_MAXINT64 unsigned, and clamps them when asked for a
         * signed one: write them as they are, so that they read back the same. */
        char digits[24];
        char *at = digits + sizeof digits;
        guint64 u;

        if (i == G_MAXINT64 && json_object_get_uint64 (v) > (guint64) G_MAXINT64)
          u = json_object_get_uint64 (v);
        else
          u = i < 0 ? 0u - (guint64) i : (guint64) i;
        do
          {
            *--at = (char) ('0' + u % 10);
            u /= 10;
          }
        while (u != 0);
        if (i < 0)
          *--at = '-';
        put (out, at, (gsize) (digits + sizeof digits - at));
      }
      break;
    case json_type_double:
      {
        const char *text = json_object_to_json_string_ext (v, JSON_C_TO_STRING_PLAIN);

        /* A number read from a file keeps its text ("1e999" stays so); one computed as not
         * finite would come out as "NaN" or "Infinity", which is not JSON: null instead. */
        if (text[0] == 'N' || text[0] == 'I' || (text[0] == '-' && text[1] == 'I'))
          put_literal (out, "null");
        else
          g_string_append (out, text);
      }
      break;
    case json_type_string:
      if (adj_json_is_raw (v))
        put (out, json_object_get_string (v), (gsize) json_object_get_string_len (v));
      else
        write_string (out, json_object_get_string (v), (gsize) json_object_get_string_len (v));
      break;
    case json_type_object:
      {
        gboolean first = TRUE;

        if (json_object_object_length (v) == 0)
          {
            put_literal (out, "{}");
            break;
          }
        g_string_append_c (out, '{');
        json_object_object_foreach (v, key, child)
          {
            g_autofree char *child_path = NULL;

            if (!first)
              g_string_append_c (out, ',');
            first = FALSE;
            if (indent >= 0)
              write_indent (out, indent + 2);
            else if (indent == LINE && !first_done (out, '{'))
              g_string_append_c (out, ' ');
            write_string (out, key, strlen (key));
            if (indent == PLAIN)
              g_string_append_c (out, ':');
            else
              put_literal (out, ": ");
            if (indent >= 0 && one_per_line != NULL)
              child_path = path[0] != '\0' ? g_strconcat (path, ".", key, NULL) : g_strdup (key);
            write_value (out, child, indent >= 0 ? indent + 2 : indent,
                         child_path != NULL ? child_path : "",
                         child_path != NULL && leads_to (one_per_line, child_path)
                         ? one_per_line : NULL);
          }
        if (indent >= 0)
          write_indent (out, indent);
        g_string_append_c (out, '}');
      }
      break;
    case json_type_array:
      {
        gsize n = json_object_array_length (v);
        gboolean lines = indent >= 0 && one_per_line != NULL &&
                         g_strv_contains (one_per_line, path);

        if (n == 0)
          {
            put_literal (out, "[]");
            break;
          }
        g_string_append_c (out, '[');
        for (gsize i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            if (indent >= 0)
              write_indent (out, indent + 2);
            else if (indent == LINE && i > 0)
              g_string_append_c (out, ' ');
            write_value (out, json_object_array_get_idx (v, i),
                         lines ? LINE : indent >= 0 ? indent + 2 : indent, "", NULL);
          }
        if (indent >= 0)
          write_indent (out, indent);
        g_string_append_c (out, ']');
      }
      break;
    default:
      put_literal (out, "null");
      break;
    }
}

char *
adj_json_to_string (json_object *value,
                    gboolean     pretty)
{
  return adj_json_to_string_lines (value, pretty, NULL);
}

char *
adj_json_to_string_lines (json_object        *value,
                          gboolean            pretty,
                          const char * const *one_per_line)
{
  GString *out = g_string_sized_new (4096);

  write_value (out, value, pretty ? 0 : PLAIN, "", one_per_line);
  return g_string_free (out, FALSE);
}

json_object *
adj_json_copy (json_object *value)
{
  json_object *copy = NULL;

  if (value == NULL)
    return NULL;
  if (json_object_deep_copy (value, &copy, NULL) != 0)
    g_error ("out of memory copying a JSON value");
  return copy;
}

gboolean
adj_json_equal (json_object *a,
                json_object *b)
{
  return json_object_equal (a, b) != 0;
}

gboolean
adj_json_check_format (json_object  *root,
                       AdjFileKind   kind,
                       const char   *format,
                       gint64        max_version,
                       gint64       *version,
                       const char   *file,
                       GError      **error)
{
  const char *found = NULL;

  if (!adj_json_expect_object (root, file, "$", error) ||
      !adj_json_get_string (root, "format", TRUE, &found, file, "$", error))
    return FALSE;
  if (!g_str_equal (found, format))
    {
      switch (kind)
        {
        case ADJ_FILE_BATTLE:
          return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.format",
                                _("expected “%s”, found “%s”: this is not a battle file"),
                                format, found);
        case ADJ_FILE_ARMY:
          return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.format",
                                _("expected “%s”, found “%s”: this is not an army list"),
                                format, found);
        case ADJ_FILE_RULESET:
        default:
          return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.format",
                                _("expected “%s”, found “%s”: this is not a ruleset"),
                                format, found);
        }
    }
  if (!adj_json_get_int (root, "version", TRUE, 0, G_MAXINT, version, file, "$", error))
    return FALSE;
  if (*version > max_version)
    {
      switch (kind)
        {
        case ADJ_FILE_BATTLE:
          return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.version",
                                _("the battle was saved by a newer Adjutant (file version %lld; "
                                  "this version reads up to %d): update Adjutant to open it"),
                                (long long) *version, (int) max_version);
        case ADJ_FILE_ARMY:
          return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.version",
                                _("the army list was saved by a newer Adjutant (file version "
                                  "%lld; this version reads up to %d): update Adjutant to open "
                                  "it"), (long long) *version, (int) max_version);
        case ADJ_FILE_RULESET:
        default:
          return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.version",
                                _("the ruleset was written for a newer Adjutant (ruleset "
                                  "version %lld; this version reads up to %d): update Adjutant "
                                  "to use it"), (long long) *version, (int) max_version);
        }
    }
  if (*version < 1)
    {
      if (kind == ADJ_FILE_RULESET)
        return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.version",
                              _("ruleset version %lld does not exist"), (long long) *version);
      return adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.version",
                            _("file version %lld does not exist"), (long long) *version);
    }
  return TRUE;
}
