/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-format.c: quick printf for the explanations of a roll.
 *
 * A mechanic explains every figure of a big fight in a line of its own, and glibc's printf,
 * which handles every locale and conversion, is most of what resolving such a fight costs.  The
 * explanations use only %s, %d, %u and %i, plain or numbered (%2$s, as translations reorder
 * them), and %%: this formats those itself, and hands anything else to g_strdup_vprintf().
 */

#include "config.h"

#include <string.h>

#include "adj-format.h"

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

typedef gpointer (*AllocFunc) (gsize    size,
                               gpointer data);

static gpointer
alloc_malloc (gsize    size,
              gpointer data)
{
  return g_malloc (size);
}

/* A block of @head bytes then the text, from @alloc. */
static char *format_block (gsize        head,
                           char       **text_out,
                           AllocFunc    alloc,
                           gpointer     alloc_data,
                           const char  *format,
                           va_list      args) G_GNUC_PRINTF (5, 0);

static char *
format_block (gsize        head,
              char       **text_out,
              AllocFunc    alloc,
              gpointer     alloc_data,
              const char  *format,
              va_list      args)
{
  Spec specs[MAX_ARGS * 2];
  ArgType types[MAX_ARGS] = { ARG_NONE };
  union {
    const char *s;
    int         d;
    guint       u;
  } values[MAX_ARGS];
  guint n_specs, n_args;
  const char *from = format;

  g_return_val_if_fail (format != NULL, NULL);

  if (!parse (format, specs, &n_specs, types, &n_args))
    {
      g_autofree char *plain = g_strdup_vprintf (format, args);
      gsize size = strlen (plain) + 1;
      char *block = alloc (head + size, alloc_data);

      *text_out = memcpy (block + head, plain, size);
      return block;
    }

  for (guint i = 0; i < n_args; i++)
    switch (types[i])
      {
      case ARG_STRING:
        values[i].s = va_arg (args, const char *);
        break;
      case ARG_INT:
        values[i].d = va_arg (args, int);
        break;
      case ARG_UINT:
        values[i].u = va_arg (args, guint);
        break;
      case ARG_NONE:
      default:
        g_assert_not_reached ();
      }

  /* One pass to measure, one to write: the text is allocated once, at its size. */
  {
    gsize length = 0, size;
    gsize string_len[MAX_ARGS] = { 0 };
    char digits[MAX_ARGS][12];
    char *number[MAX_ARGS] = { NULL };
    char *block, *text, *at;

    for (guint i = 0; i < n_args; i++)
      switch (types[i])
        {
        case ARG_STRING:
          if (values[i].s == NULL)
            values[i].s = "(null)";
          string_len[i] = strlen (values[i].s);
          break;
        case ARG_INT:
          number[i] = put_uint (digits[i] + sizeof digits[i],
                                values[i].d < 0 ? 0u - (guint) values[i].d : (guint) values[i].d);
          if (values[i].d < 0)
            *--number[i] = '-';
          string_len[i] = (gsize) (digits[i] + sizeof digits[i] - number[i]);
          values[i].s = number[i];
          break;
        case ARG_UINT:
          number[i] = put_uint (digits[i] + sizeof digits[i], values[i].u);
          string_len[i] = (gsize) (digits[i] + sizeof digits[i] - number[i]);
          values[i].s = number[i];
          break;
        case ARG_NONE:
        default:
          g_assert_not_reached ();
        }
    for (guint k = 0; k < n_specs; k++)
      {
        length += (gsize) (specs[k].start - from);
        length += specs[k].arg < 0 ? 1 : string_len[specs[k].arg];
        from = specs[k].end;
      }
    size = length + strlen (from) + 1;

    block = alloc (head + size, alloc_data);
    text = at = block + head;
    from = format;
    for (guint k = 0; k < n_specs; k++)
      {
        const Spec *spec = &specs[k];

        memcpy (at, from, (gsize) (spec->start - from));
        at += spec->start - from;
        from = spec->end;
        if (spec->arg < 0)
          *at++ = '%';
        else
          {
            memcpy (at, values[spec->arg].s, string_len[spec->arg]);
            at += string_len[spec->arg];
          }
      }
    memcpy (at, from, strlen (from) + 1);
    *text_out = text;
    return block;
  }
}

char *
adj_format_v (const char *format,
              va_list     args)
{
  char *text;

  return format_block (0, &text, alloc_malloc, NULL, format, args);
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

static gpointer
alloc_arena (gsize    size,
             gpointer data)
{
  AdjTextArena **arena = data;
  AdjTextArena *chunk = *arena;
  gpointer at;

  size = (size + 7) & ~(gsize) 7;
  if (chunk == NULL || chunk->size - chunk->used < size)
    {
      gsize chunk_size = chunk == NULL ? ARENA_FIRST_CHUNK : MIN (chunk->size * 2, ARENA_MAX_CHUNK);
      AdjTextArena *fresh = g_malloc (sizeof (AdjTextArena) + MAX (chunk_size, size));

      fresh->next = chunk;
      fresh->used = 0;
      fresh->size = MAX (chunk_size, size);
      *arena = chunk = fresh;
    }
  at = (char *) (chunk + 1) + chunk->used;
  chunk->used += size;
  return at;
}

char *
adj_text_arena_format_block_v (AdjTextArena **arena,
                               gsize          head,
                               char         **text_out,
                               const char    *format,
                               va_list        args)
{
  g_return_val_if_fail (arena != NULL, NULL);
  return format_block (head, text_out, alloc_arena, arena, format, args);
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
  return memcpy (alloc_arena (size, arena), text, size);
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
