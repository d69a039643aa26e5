/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-format.c: adj_format() writes what g_strdup_printf() writes. */

#include "config.h"

#include <limits.h>
#include <string.h>

#include "adj-format.h"

#define CHECK(...) \
  G_STMT_START { \
    g_autofree char *fast = adj_format (__VA_ARGS__); \
    g_autofree char *slow = g_strdup_printf (__VA_ARGS__); \
    g_assert_cmpstr (fast, ==, slow); \
  } G_STMT_END

static void
test_plain (void)
{
  CHECK ("%s", "");
  CHECK ("no conversion at all");
  CHECK ("%s (%s) %d against %s (%s) %d: %s wins", "Private Hook", "Defenders", 7,
         "Induna", "Attackers", -2, "Private Hook");
  CHECK ("100%% sure, %u of %u", 3u, 4u);
  CHECK ("%d %i %d %d %u %u", 0, -1, INT_MIN, INT_MAX, 0u, UINT_MAX);
  CHECK ("%s%s%s", "a", "", "ccc");
  CHECK ("ends with a number %d", 1234567);
  CHECK ("%%%%%s%%", "x");
}

/* Translations may put the arguments in another order. */
static void
test_numbered (void)
{
  CHECK ("%2$s wins against %1$s", "Private Hook", "Induna");
  CHECK ("%3$d, %1$s, %2$u, %1$s again", "one", 2u, -3);
  CHECK ("%1$s", "only");
}

/* What this does not format itself, printf does. */
static void
test_handed_on (void)
{
  CHECK ("%5d|%-4s|", 42, "ab");
  CHECK ("%.2f", 3.14159);
  CHECK ("%x %o", 255u, 8u);
  CHECK ("%ld and %s", 12345678901L, "long");
  CHECK ("%c%c", 'o', 'k');
  CHECK ("%02d:%02d", 5, 7);
  /* Found only after some arguments were read: printf still gets them all, from the first. */
  CHECK ("%s then %5d|", "abc", 42);
  CHECK ("%d, %u, %s, then %.1f", -7, 8u, "x", 2.5);
}

/* More conversions than arguments a numbered format may have, and more numbers than fit the
 * room kept for them, which printf then writes. */
static void
test_many (void)
{
  CHECK ("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %s",
         1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16, 17, -18, 19, -20, "end");
  CHECK ("%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u %s",
         1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u, 16u, 17u, 18u, 19u,
         20u, 21u, 22u, 23u, 24u, 25u, 26u, 27u, 28u, 29u, 30u, 31u, 32u, 33u, 34u, "end");
}

/* Texts of every length around the room kept for them on the stack, ending in each kind of
 * piece: a string, a number, the format's own text, "%%". */
static void
test_long (void)
{
  for (guint n = 490; n < 530; n++)
    {
      g_autofree char *fill = g_strnfill (n, 'x');
      g_autofree char *format_fill = g_strnfill (n, 'y');
      g_autofree char *format = g_strconcat (format_fill, " %s, %d%%", NULL);
      g_autofree char *format_plain = g_strconcat (format_fill, "%%", NULL);

      CHECK ("%s", fill);
      CHECK ("%s!", fill);
      CHECK ("%s %d", fill, -1234567);
      CHECK ("%s %u%%", fill, 42u);
      CHECK ("%d %s %d", 7, fill, 8);
      /* The format is made at run time: checked against printf rather than by the compiler. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      CHECK (format, "z", 5);
      CHECK (format_plain, 0);
#pragma GCC diagnostic pop
    }
}

/* A format read once is known by its address: another format written later at the same
 * address is read anew. */
static void
test_same_address (void)
{
  /* Each takes a string then a number, or fewer. */
  static const char *const formats[] = {
    "%s rolls %d", "%s: %d%%", "%s", "no conversion", "[%s|%d]", "%s rolls %d"
  };
  char buffer[64];

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
      {
        g_autofree char *fast = NULL;
        g_autofree char *slow = NULL;

        g_strlcpy (buffer, formats[i], sizeof buffer);
        fast = adj_format (buffer, "Hook", (int) (round * 10 + i));
        slow = g_strdup_printf (formats[i], "Hook", (int) (round * 10 + i));
        g_assert_cmpstr (fast, ==, slow);
      }
#pragma GCC diagnostic pop
}

/* Threads formatting at once, with formats new to all of them, so that some read while
 * another adds. */
#define N_THREADS 4
#define N_FORMATS 600

static gpointer
format_many (gpointer data)
{
  char **formats = data;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < N_FORMATS; i++)
      {
        g_autofree char *fast = adj_format (formats[i], "Hook", (int) i);
        g_autofree char *slow = g_strdup_printf (formats[i], "Hook", (int) i);

        if (g_strcmp0 (fast, slow) != 0)
          return GINT_TO_POINTER (1);
      }
#pragma GCC diagnostic pop
  return NULL;
}

static void
test_threads (void)
{
  g_autoptr(GPtrArray) formats = g_ptr_array_new_with_free_func (g_free);
  GThread *threads[N_THREADS];

  for (guint i = 0; i < N_FORMATS; i++)
    g_ptr_array_add (formats, g_strdup_printf ("format %u: %%s rolls %%d", i));
  for (guint t = 0; t < N_THREADS; t++)
    threads[t] = g_thread_new ("format", format_many, formats->pdata);
  for (guint t = 0; t < N_THREADS; t++)
    g_assert_null (g_thread_join (threads[t]));
}

/* Random formats of the kinds explanations use, against printf. */
static char *
block (AdjTextArena **arena,
       gsize          head,
       char         **text,
       const char    *format,
       ...) G_GNUC_PRINTF (4, 5);

static char *
block (AdjTextArena **arena,
       gsize          head,
       char         **text,
       const char    *format,
       ...)
{
  va_list args;
  char *b;

  va_start (args, format);
  b = adj_text_arena_format_block_v (arena, head, text, format, args);
  va_end (args);
  return b;
}

/* A record and its text in one block: the text starts after the head. */
static void
test_block (void)
{
  g_autoptr(AdjTextArena) arena = NULL;
  char *text = NULL;
  char *b = block (&arena, 24, &text, "%s rolls %d", "Sgt Bourne", 5);
  char *c = NULL;

  g_assert_true (text == b + 24);
  g_assert_cmpstr (text, ==, "Sgt Bourne rolls 5");
  /* A format handed on to GLib comes back in a block too. */
  c = block (&arena, 8, &text, "%.2f%%", 12.5);
  g_assert_true (text == c + 8);
  g_assert_cmpstr (text, ==, "12.50%");
}

/* Texts kept in an arena: each intact, aligned and apart from the others, whether it fits in
 * the chunk at hand, needs a new one, or is longer than any chunk. */
static void
test_arena (void)
{
  AdjTextArena *arena = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GPtrArray) expect = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *long_name = g_strnfill (3000, 'x');

  for (guint i = 0; i < 300; i++)
    {
      const char *name = i % 97 == 5 ? long_name : "Sgt Bourne";
      char *text = adj_text_arena_format (&arena, "%s rolls %u on die %d", name, i, -(int) i);

      g_assert_cmpuint (GPOINTER_TO_SIZE (text) % 8, ==, 0);
      g_ptr_array_add (texts, text);
      g_ptr_array_add (expect, g_strdup_printf ("%s rolls %u on die %d", name, i, -(int) i));
      if (i % 50 == 0)
        {
          g_ptr_array_add (texts, adj_text_arena_strdup (&arena, "Queen of Hearts"));
          g_ptr_array_add (expect, g_strdup ("Queen of Hearts"));
        }
    }
  /* Nothing written later overwrote what came before. */
  for (guint i = 0; i < texts->len; i++)
    g_assert_cmpstr (g_ptr_array_index (texts, i), ==, g_ptr_array_index (expect, i));
  adj_text_arena_free (arena);
  adj_text_arena_free (NULL);
}

static void
test_random (void)
{
  static const char *const words[] = { "Attackers", "défenseur", "♠ 7", "", "a b c" };
  GRand *rand = g_rand_new_with_seed (20261122);

  for (guint run = 0; run < 2000; run++)
    {
      GString *format = g_string_new (NULL);
      const char *s[3];
      int d[3];
      guint u[3];
      g_autofree char *fast = NULL;
      g_autofree char *slow = NULL;

      for (guint i = 0; i < 3; i++)
        {
          s[i] = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
          d[i] = (int) g_rand_int (rand);
          u[i] = g_rand_int (rand);
        }
      /* One string, one signed and one unsigned number, each once, in a random order with
       * random text between. */
      {
        const char *parts[] = { "%1$s", "%2$d", "%3$u" };
        for (guint i = 0; i < 3; i++)
          {
            guint k = (guint) g_rand_int_range (rand, (gint32) i, 3);
            const char *tmp = parts[i];
            parts[i] = parts[k];
            parts[k] = tmp;
          }
        for (guint i = 0; i < 3; i++)
          {
            if (g_rand_boolean (rand))
              g_string_append (format, "text ");
            if (g_rand_int_range (rand, 0, 8) == 0)
              g_string_append (format, "%% ");
            g_string_append (format, parts[i]);
          }
      }
      /* The format is made at run time: checked against printf rather than by the compiler. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      fast = adj_format (format->str, s[0], d[0], u[0]);
      slow = g_strdup_printf (format->str, s[0], d[0], u[0]);
#pragma GCC diagnostic pop
      g_assert_cmpstr (fast, ==, slow);
      g_string_free (format, TRUE);
    }
  g_rand_free (rand);
}

/* Plain formats, written in one pass: runs of the format's own text of every length around
 * the strides they are copied in, and texts of every length around the room kept for them. */
static void
test_one_pass (void)
{
  for (guint run = 0; run < 40; run++)
    {
      g_autofree char *fill = g_strnfill (run, 'r');
      /* A run before and after each kind of conversion, and one that ends the format. */
      g_autofree char *format = g_strdup_printf ("%s%%s%s%%d%s%%u%s%%%%%s", fill, fill, fill,
                                                 fill, fill);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      CHECK (format, "Hook", -(int) run, run);
      CHECK (format, "", 0, 0u);
#pragma GCC diagnostic pop
    }
  for (guint n = 180; n < 300; n++)
    {
      g_autofree char *name = g_strnfill (n, 'n');

      CHECK ("%s", name);
      CHECK ("%s (%s) %d against %s", name, "Attackers", -7, "Induna");
      CHECK ("%d%%: %s", 100, name);
      CHECK ("%u %u %u %s %u", 4294967295u, 0u, 12u, name, 4294967295u);
    }
}

static void
fill_head (char  *block,
           gsize  head,
           guint  i)
{
  memset (block, (int) ('a' + i % 26), head);
}

static gboolean
head_intact (const char *block,
             gsize       head,
             guint       i)
{
  for (gsize k = 0; k < head; k++)
    if (block[k] != (char) ('a' + i % 26))
      return FALSE;
  return TRUE;
}

/* Blocks of many sizes in one arena, each written where the chunk at hand has room, in a new
 * chunk, or beyond any chunk: each head and text stays as it was written. */
static void
test_arena_edges (void)
{
  AdjTextArena *arena = NULL;
  GRand *rand = g_rand_new_with_seed (1122);
  g_autoptr(GPtrArray) blocks = g_ptr_array_new ();
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GPtrArray) expect = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) heads = g_array_new (FALSE, FALSE, sizeof (gsize));

  for (guint i = 0; i < 3000; i++)
    {
      gsize head = (gsize) g_rand_int_range (rand, 0, 5) * 8;
      guint length = g_rand_int_range (rand, 0, 8) == 0 ? (guint) g_rand_int_range (rand, 0, 1500)
                                                         : (guint) g_rand_int_range (rand, 0, 60);
      g_autofree char *name = g_strnfill (length, (char) ('A' + i % 26));
      int d = (int) g_rand_int (rand);
      char *text = NULL;
      char *b = NULL;

      switch (i % 3)
        {
        case 0:
          b = block (&arena, head, &text, "%s (%s) %d against %s", name, "Defenders", d, "x");
          g_ptr_array_add (expect, g_strdup_printf ("%s (%s) %d against %s", name, "Defenders",
                                                    d, "x"));
          break;
        case 1:
          b = block (&arena, head, &text, "%s cannot fall back and is wounded", name);
          g_ptr_array_add (expect, g_strdup_printf ("%s cannot fall back and is wounded", name));
          break;
        default:
          b = block (&arena, head, &text, "%u%%", (guint) d);
          g_ptr_array_add (expect, g_strdup_printf ("%u%%", (guint) d));
          break;
        }
      g_assert_true (text == b + head);
      g_assert_cmpuint (GPOINTER_TO_SIZE (b) % 8, ==, 0);
      fill_head (b, head, i);
      g_ptr_array_add (blocks, b);
      g_ptr_array_add (texts, text);
      g_array_append_val (heads, head);
    }
  for (guint i = 0; i < texts->len; i++)
    {
      g_assert_cmpstr (g_ptr_array_index (texts, i), ==, g_ptr_array_index (expect, i));
      g_assert_true (head_intact (g_ptr_array_index (blocks, i), g_array_index (heads, gsize, i),
                                  i));
    }
  adj_text_arena_free (arena);
  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/plain", test_plain);
  g_test_add_func ("/format/numbered", test_numbered);
  g_test_add_func ("/format/handed-on", test_handed_on);
  g_test_add_func ("/format/many", test_many);
  g_test_add_func ("/format/long", test_long);
  g_test_add_func ("/format/same-address", test_same_address);
  g_test_add_func ("/format/threads", test_threads);
  g_test_add_func ("/format/block", test_block);
  g_test_add_func ("/format/arena", test_arena);
  g_test_add_func ("/format/random", test_random);
  g_test_add_func ("/format/one-pass", test_one_pass);
  g_test_add_func ("/format/arena-edges", test_arena_edges);
  return g_test_run ();
}
