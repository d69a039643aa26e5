/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-format.c: quick printf for the explanations of a roll.
 *
 * A mechanic explains every figure of a big fight in a line of its own, and glibc's printf,
 * which handles every locale and conversion, is most of what resolving such a fight costs.  The
 * explanations use only %s, %d, %u and %i, plain or numbered (%2$s, as translations reorder
 * them), and %%: this formats those itself, and hands anything else to g_strdup_vprintf().
 * A format without numbered conversions is read once and kept, by its address: the lines of a
 * fight come from a few formats used again and again.
 */

#include "config.h"

#include <string.h>

#include "adj-format.h"
#include "adj-types.h"

#define MAX_ARGS 16

typedef enum {
  ARG_NONE,
  ARG_STRING,
  ARG_INT,
  ARG_UINT
} ArgType;

typedef struct {
  const char *start;   /* of the conversion, at its '%' */
  const char *end;     /* just past it */
  int         arg;     /* the argument it takes, from 0; -1 for "%%" */
} Spec;

/* Read the conversions of @format; FALSE when one is beyond what this formats. */
static gboolean
parse (const char *format,
       Spec       *specs,
       guint      *n_specs,
       ArgType    *types,
       guint      *n_args)
{
  guint next = 0;
  gboolean numbered = FALSE, plain = FALSE;

  *n_specs = 0;
  *n_args = 0;
  for (const char *p = strchr (format, '%'); p != NULL; p = strchr (p, '%'))
    {
      Spec spec = { p, NULL, -1 };
      const char *q = p + 1;
      ArgType type;
      int arg;

      if (*q == '%')
        {
          spec.end = q + 1;
          if (*n_specs == MAX_ARGS * 2)
            return FALSE;
          specs[(*n_specs)++] = spec;
          p = spec.end;
          continue;
        }
      if (*q >= '1' && *q <= '9' && q[1] == '$')
        {
          arg = *q - '1';
          q += 2;
          numbered = TRUE;
        }
      else
        {
          arg = (int) next++;
          plain = TRUE;
        }
      switch (*q)
        {
        case 's':
          type = ARG_STRING;
          break;
        case 'd':
        case 'i':
          type = ARG_INT;
          break;
        case 'u':
          type = ARG_UINT;
          break;
        default:
          return FALSE;
        }
      if ((numbered && plain) || arg >= MAX_ARGS || *n_specs == MAX_ARGS * 2)
        return FALSE;
      if (types[arg] != ARG_NONE && types[arg] != type)
        return FALSE;
      types[arg] = type;
      *n_args = MAX (*n_args, (guint) arg + 1);
      spec.end = q + 1;
      spec.arg = arg;
      specs[(*n_specs)++] = spec;
      p = spec.end;
    }
  /* Every argument up to the last one used must be used, or its type is unknown. */
  for (guint i = 0; i < *n_args; i++)
    if (types[i] == ARG_NONE)
      return FALSE;
  return TRUE;
}

/* Write @v in decimal ending just before @end; returns where it starts. */
static char *
put_uint (char  *end,
          guint  v)
{
  do
    {
      *--end = (char) ('0' + v % 10);
      v /= 10;
    }
  while (v != 0);
  return end;
}

/* ---- many short texts, freed together ---- */

/* Chunks stay under 1 kB, where glibc's malloc keeps freed blocks for quick reuse: an outcome
 * with a line or two costs one small block, a big fight's sixty lines some eight. */
#define ARENA_FIRST_CHUNK 224
#define ARENA_MAX_CHUNK   960

struct _AdjTextArena {
  AdjTextArena *next;   /* the chunk filled before this one */
  gsize         used;
  gsize         size;
  /* then @size bytes */
};

#define ARENA_ALIGN(size) (((size) + 7) & ~(gsize) 7)

static char *
arena_room (AdjTextArena *chunk)
{
  return (char *) (chunk + 1) + chunk->used;
}

/* A new chunk in front of @arena, with room for @size bytes at least. */
static AdjTextArena *
arena_grow (AdjTextArena **arena,
            gsize          size)
{
  AdjTextArena *chunk = *arena;
  gsize chunk_size = chunk == NULL ? ARENA_FIRST_CHUNK : MIN (chunk->size * 2, ARENA_MAX_CHUNK);
  AdjTextArena *fresh;

  chunk_size = MAX (chunk_size, ARENA_ALIGN (size));
  fresh = g_malloc (sizeof (AdjTextArena) + chunk_size);
  fresh->next = chunk;
  fresh->used = 0;
  fresh->size = chunk_size;
  *arena = fresh;
  return fresh;
}

/* @size bytes from @arena, or from g_malloc() without one. */
static gpointer
alloc_block (AdjTextArena **arena,
             gsize          size)
{
  AdjTextArena *chunk;
  gpointer at;

  if (arena == NULL)
    return g_malloc (size);
  chunk = *arena;
  size = ARENA_ALIGN (size);
  if (chunk == NULL || chunk->size - chunk->used < size)
    chunk = arena_grow (arena, size);
  at = arena_room (chunk);
  chunk->used += size;
  return at;
}

/* The text is written from pieces: the format's own text between conversions, and what each
 * conversion turned into. */
#define MAX_PIECES (MAX_ARGS * 4 + 1)

typedef struct {
  const char *text;
  gsize       length;
} Piece;

typedef struct {
  Piece  piece[MAX_PIECES];
  guint  n;
  gsize  length;
  char   digits[MAX_ARGS * 2][12];   /* the numbers written out */
  guint  n_digits;
} Pieces;

static void
add_piece (Pieces     *p,
           const char *text,
           gsize       length)
{
  p->piece[p->n].text = text;
  p->piece[p->n].length = length;
  p->n++;
  p->length += length;
}

static void
add_number (Pieces   *p,
            gboolean  negative,
            guint     magnitude)
{
  char *end = p->digits[p->n_digits] + sizeof p->digits[0];
  char *start = put_uint (end, magnitude);

  if (negative)
    *--start = '-';
  p->n_digits++;
  add_piece (p, start, (gsize) (end - start));
}

static void
add_string (Pieces     *p,
            const char *s)
{
  if (s == NULL)
    s = "(null)";
  add_piece (p, s, strlen (s));
}

/* ---- formats read once ---- */

/* A format without numbered conversions, read once: its own text up to each conversion, and
 * the conversion.  The lines of a big fight come from a handful of formats, each used again and
 * again; a format read once is written without looking for its conversions again. */
typedef struct {
  guint16 run;    /* bytes of the format's own text before the conversion */
  char    conv;   /* 's', 'd', 'u' or '%'; '\0' after the text that ends the format */
} Step;

#define MAX_STEPS (MAX_ARGS * 2 + 1)

/* Runs of a format's own text are copied in strides of this many bytes. */
#define RUN_SLACK 16

typedef struct _Compiled Compiled;
struct _Compiled {
  Compiled   *older;    /* what was read before at the same address, kept */
  const char *format;   /* a copy: a text later at the same address may be another format */
  gsize       text;     /* bytes of the format's own text, all runs together */
  guint       n_steps;  /* 0 for a format this does not read ahead: numbered, or beyond it */
  Step        step[];
};

/* Read formats, keyed by address, found without a lock: an open-addressed table kept at most
 * half full, whose slots are written reading first, address last.  A table outgrown, and a
 * reading replaced by another format's at the same address, are kept, as another thread may
 * still be using them; no more than MAX_COMPILED formats are read ahead in all. */
typedef struct {
  const char *address;   /* NULL while the slot is free */
  Compiled   *compiled;
} CompiledSlot;

typedef struct _CompiledTable CompiledTable;
struct _CompiledTable {
  CompiledTable *older;
  gsize          n_slots;   /* a power of two */
  gsize          n_used;
  CompiledSlot   slots[];
};

#define MAX_COMPILED 4096

G_LOCK_DEFINE_STATIC (compiled);
static CompiledTable *compiled_table;
static guint n_compiled;

static CompiledSlot *
compiled_slot (CompiledTable *t,
               const char    *address)
{
  gsize mask = t->n_slots - 1;

  for (gsize i = adj_address_hash (address) & mask;; i = (i + 1) & mask)
    {
      const char *at = g_atomic_pointer_get (&t->slots[i].address);

      if (at == address || at == NULL)
        return &t->slots[i];
    }
}

static Compiled *
compile (const char *format)
{
  gsize length = strlen (format);
  /* The copy is followed by RUN_SLACK bytes that put_run() may read past its end. */
  Compiled *c = g_malloc0 (sizeof (Compiled) + MAX_STEPS * sizeof (Step) + length + 1 +
                           RUN_SLACK);
  const char *from = format;
  char *copy = (char *) &c->step[MAX_STEPS];

  c->older = NULL;
  c->format = memcpy (copy, format, length + 1);
  c->text = 0;
  c->n_steps = 0;
  for (const char *at = strchr (from, '%');; at = strchr (from, '%'))
    {
      const char *run_end = at != NULL ? at : format + length;
      Step step = { (guint16) (run_end - from), at != NULL ? at[1] : '\0' };

      if (c->n_steps == MAX_STEPS || (gsize) (run_end - from) > G_MAXUINT16 ||
          (at != NULL && (step.conv == '\0' || strchr ("sdiu%", step.conv) == NULL)))
        {
          /* Beyond what this reads ahead: the other readers will do it. */
          c->n_steps = 0;
          return c;
        }
      if (step.conv == 'i')
        step.conv = 'd';
      c->step[c->n_steps++] = step;
      c->text += step.run + (step.conv == '%' ? 1 : 0);
      if (at == NULL)
        return c;
      from = at + 2;
    }
}

/* @format read ahead, or NULL when no more may be kept. */
static Compiled *
compiled_for (const char *format)
{
  CompiledTable *t = g_atomic_pointer_get (&compiled_table);
  CompiledSlot *slot;
  Compiled *c;

  if (G_LIKELY (t != NULL))
    {
      slot = compiled_slot (t, format);
      if (G_LIKELY (g_atomic_pointer_get (&slot->address) != NULL))
        {
          c = g_atomic_pointer_get (&slot->compiled);
          if (G_LIKELY (strcmp (c->format, format) == 0))
            return c;
        }
    }

  G_LOCK (compiled);
  if (n_compiled >= MAX_COMPILED)
    {
      G_UNLOCK (compiled);
      return NULL;
    }
  t = compiled_table;
  if (t == NULL || t->n_used + 1 > t->n_slots / 2)
    {
      gsize n_slots = t == NULL ? 256 : t->n_slots * 2;
      CompiledTable *bigger = g_malloc0 (sizeof (CompiledTable) + n_slots * sizeof (CompiledSlot));

      bigger->older = t;
      bigger->n_slots = n_slots;
      for (gsize i = 0; t != NULL && i < t->n_slots; i++)
        if (t->slots[i].address != NULL)
          {
            *compiled_slot (bigger, t->slots[i].address) = t->slots[i];
            bigger->n_used++;
          }
      g_atomic_pointer_set (&compiled_table, bigger);
      t = bigger;
    }
  slot = compiled_slot (t, format);
  c = slot->compiled;
  if (slot->address == NULL || strcmp (c->format, format) != 0)
    {
      Compiled *fresh = compile (format);

      fresh->older = c;
      g_atomic_pointer_set (&slot->compiled, fresh);
      if (slot->address == NULL)
        {
          g_atomic_pointer_set (&slot->address, format);
          t->n_used++;
        }
      n_compiled++;
      c = fresh;
    }
  G_UNLOCK (compiled);
  return c;
}

static inline char *
put (char       *at,
     const char *text,
     gsize       length)
{
  return (char *) memcpy (at, text, length) + length;
}

/* Copy @length bytes of a format's own text, from its kept copy, to @at: in strides of
 * RUN_SLACK bytes, which the compiler writes as a move or two each, rather than a call.  Up to
 * RUN_SLACK - 1 bytes past the run are read, which the copy has after its end, and written, for
 * which @at must have room; what follows the run overwrites them. */
static inline char *
put_run (char       *at,
         const char *from,
         gsize       length)
{
  for (gsize done = 0; done < length; done += RUN_SLACK)
    memcpy (at + done, from + done, RUN_SLACK);
  return at + length;
}

/* The number of decimal digits of @v. */
static inline guint
n_digits (guint v)
{
  guint n = 1;

  for (; v >= 10; v /= 10)
    n++;
  return n;
}

/* Room a conversion that writes a number needs at most, with the '\0' after it: a sign and ten
 * digits. */
#define NUMBER_ROOM 12

/* The text of the format read ahead as @c, written from @at in one pass; returns where its
 * '\0' went, or NULL when it would not fit before @end. */
static char *
write_into (const Compiled *c,
            char           *at,
            char           *end,
            va_list         args)
{
  const char *from = c->format;

  for (const Step *step = c->step;; step++)
    {
      /* The run with its strides, then a number, '%' or the '\0', fit; a string is measured
       * first. */
      if ((gsize) (end - at) < (gsize) step->run + RUN_SLACK + NUMBER_ROOM)
        return NULL;
      at = put_run (at, from, step->run);
      from += step->run + 2;
      switch (step->conv)
        {
        case '\0':
          *at = '\0';
          return at;
        case '%':
          *at++ = '%';
          break;
        case 's':
          {
            const char *s = va_arg (args, const char *);
            gsize length;

            if (s == NULL)
              s = "(null)";
            length = strlen (s);
            if ((gsize) (end - at) <= length)
              return NULL;
            at = put (at, s, length);
          }
          break;
        case 'd':
          {
            int d = va_arg (args, int);
            guint magnitude = d < 0 ? 0u - (guint) d : (guint) d;

            if (d < 0)
              *at++ = '-';
            at += n_digits (magnitude);
            put_uint (at, magnitude);
          }
          break;
        case 'u':
          {
            guint u = va_arg (args, guint);

            at += n_digits (u);
            put_uint (at, u);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

/* As write_into(), into a block of @head bytes then the text, taken from @arena: in the room
 * left in its chunk, or a new chunk's when that room was nearly used up.  NULL when the text
 * is longer than that. */
static char *
write_into_arena (const Compiled  *c,
                  gsize            head,
                  char           **text_out,
                  AdjTextArena   **arena,
                  va_list          args)
{
  AdjTextArena *chunk = *arena;

  for (guint attempt = 0; attempt < 2; attempt++)
    {
      if (chunk != NULL && chunk->size - chunk->used > head)
        {
          char *block = arena_room (chunk);
          char *text_end;
          va_list copy;

          va_copy (copy, args);
          text_end = write_into (c, block + head, (char *) (chunk + 1) + chunk->size, copy);
          va_end (copy);
          if (text_end != NULL)
            {
              chunk->used += ARENA_ALIGN ((gsize) (text_end + 1 - block));
              *text_out = block + head;
              return block;
            }
        }
      /* A chunk with a fair amount of room left is kept for shorter texts. */
      if (chunk != NULL && chunk->size - chunk->used >= ARENA_FIRST_CHUNK)
        break;
      chunk = arena_grow (arena, head + ARENA_FIRST_CHUNK);
    }
  return NULL;
}

/* Texts this long or shorter are written in one pass, on the stack then copied. */
#define ONE_PASS_TEXT 256

/* The text of the format read ahead as @c, in a block of @head bytes then the text, from
 * @arena or g_malloc(). */
static char *
write_compiled (const Compiled  *c,
                gsize            head,
                char           **text_out,
                AdjTextArena   **arena,
                va_list          args)
{
  Pieces p;
  char *block, *at;
  const char *from = c->format;
  guint k = 0;

  /* Most texts are short: written in one pass, straight into the arena or on the stack. */
  if (arena != NULL)
    {
      block = write_into_arena (c, head, text_out, arena, args);
      if (block != NULL)
        return block;
    }
  else
    {
      char text[ONE_PASS_TEXT];
      char *text_end;
      va_list copy;

      va_copy (copy, args);
      text_end = write_into (c, text, text + sizeof text, copy);
      va_end (copy);
      if (text_end != NULL)
        {
          gsize size = (gsize) (text_end - text) + 1;

          block = g_malloc (head + size);
          *text_out = memcpy (block + head, text, size);
          return block;
        }
    }

  /* A long text: the arguments first, to know its length, then the text at its size. */
  p.n = p.n_digits = 0;
  p.length = c->text;
  for (guint i = 0; i < c->n_steps; i++)
    switch (c->step[i].conv)
      {
      case 's':
        add_string (&p, va_arg (args, const char *));
        break;
      case 'd':
        {
          int d = va_arg (args, int);
          add_number (&p, d < 0, d < 0 ? 0u - (guint) d : (guint) d);
        }
        break;
      case 'u':
        add_number (&p, FALSE, va_arg (args, guint));
        break;
      default:
        break;
      }

  block = alloc_block (arena, head + p.length + 1);
  *text_out = at = block + head;
  for (guint i = 0; i < c->n_steps; i++)
    {
      at = put (at, from, c->step[i].run);
      if (c->step[i].conv == '\0')
        break;
      from += c->step[i].run + 2;
      if (c->step[i].conv == '%')
        *at++ = '%';
      else
        {
          at = put (at, p.piece[k].text, p.piece[k].length);
          k++;
        }
    }
  *at = '\0';
  return block;
}

/* Any format this handles, numbered conversions too: the conversions are read first, to know
 * the type of each argument before taking them in order. */
static gboolean
pieces_numbered (Pieces     *p,
                 const char *format,
                 va_list     args)
{
  Spec specs[MAX_ARGS * 2];
  ArgType types[MAX_ARGS] = { ARG_NONE };
  Piece values[MAX_ARGS];
  guint n_specs, n_args;
  const char *from = format;

  if (!parse (format, specs, &n_specs, types, &n_args))
    return FALSE;
  for (guint i = 0; i < n_args; i++)
    {
      guint before = p->n;

      switch (types[i])
        {
        case ARG_STRING:
          add_string (p, va_arg (args, const char *));
          break;
        case ARG_INT:
          {
            int d = va_arg (args, int);
            add_number (p, d < 0, d < 0 ? 0u - (guint) d : (guint) d);
          }
          break;
        case ARG_UINT:
          add_number (p, FALSE, va_arg (args, guint));
          break;
        case ARG_NONE:
        default:
          g_assert_not_reached ();
        }
      /* Kept aside: the pieces are laid out in the format's order below. */
      values[i] = p->piece[before];
      p->n = before;
    }
  p->length = 0;
  for (guint k = 0; k < n_specs; k++)
    {
      add_piece (p, from, (gsize) (specs[k].start - from));
      if (specs[k].arg < 0)
        add_piece (p, specs[k].start + 1, 1);
      else
        add_piece (p, values[specs[k].arg].text, values[specs[k].arg].length);
      from = specs[k].end;
    }
  add_piece (p, from, strlen (from));
  return TRUE;
}

/* A block of @head bytes then the text, from @arena, or from g_malloc() without one. */
static char *format_block (gsize          head,
                           char         **text_out,
                           AdjTextArena **arena,
                           const char    *format,
                           va_list        args) G_GNUC_PRINTF (4, 0);

static char *
format_block (gsize          head,
              char         **text_out,
              AdjTextArena **arena,
              const char    *format,
              va_list        args)
{
  Compiled *c;
  Pieces p;
  va_list again;
  char *block, *at;

  g_return_val_if_fail (format != NULL, NULL);

  c = compiled_for (format);
  if (c != NULL && c->n_steps > 0)
    return write_compiled (c, head, text_out, arena, args);

  va_copy (again, args);
  p.n = p.n_digits = 0;
  p.length = 0;
  if (!pieces_numbered (&p, format, again))
    {
      /* Beyond what this formats: printf does it, from the copy of the arguments, which the
       * reader of numbered formats has not taken from when it gave up. */
      g_autofree char *text = g_strdup_vprintf (format, again);
      gsize size = strlen (text) + 1;

      va_end (again);
      block = alloc_block (arena, head + size);
      *text_out = memcpy (block + head, text, size);
      return block;
    }
  va_end (again);

  /* The text is allocated once, at its size. */
  block = alloc_block (arena, head + p.length + 1);
  *text_out = at = block + head;
  for (guint k = 0; k < p.n; k++)
    {
      memcpy (at, p.piece[k].text, p.piece[k].length);
      at += p.piece[k].length;
    }
  *at = '\0';
  return block;
}

char *
adj_format_v (const char *format,
              va_list     args)
{
  char *text;

  return format_block (0, &text, NULL, format, args);
}

char *
adj_text_arena_format_block_v (AdjTextArena **arena,
                               gsize          head,
                               char         **text_out,
                               const char    *format,
                               va_list        args)
{
  g_return_val_if_fail (arena != NULL, NULL);
  return format_block (head, text_out, arena, format, args);
}

char *
adj_text_arena_format (AdjTextArena **arena,
                       const char    *format,
                       ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  adj_text_arena_format_block_v (arena, 0, &text, format, args);
  va_end (args);
  return text;
}

char *
adj_text_arena_strdup (AdjTextArena **arena,
                       const char    *text)
{
  gsize size = strlen (text) + 1;

  g_return_val_if_fail (arena != NULL, NULL);
  return memcpy (alloc_block (arena, size), text, size);
}

void
adj_text_arena_free (AdjTextArena *arena)
{
  while (arena != NULL)
    {
      AdjTextArena *next = arena->next;

      g_free (arena);
      arena = next;
    }
}

char *
adj_format (const char *format,
            ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = adj_format_v (format, args);
  va_end (args);
  return text;
}
