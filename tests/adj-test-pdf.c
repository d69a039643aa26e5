/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-pdf.c: the text of a PDF the way the tests read it (see adj-test-pdf.h). */

#include "adj-test-pdf.h"

#include <glib/gstdio.h>
#include <string.h>

#include "adj-roster.h"

/* A word as "pdftotext -bbox" places it: its box in points from the page's top left. */
typedef struct {
  double x0, y0, x1, y1;
  char *text;
} Word;

/* Words side by side on one line, closer than a column gap: a cell's line, or a paragraph's. */
typedef struct Run Run;
struct Run {
  double x0, y0, x1, y1;
  GString *text;
  Run *next;        /* the line that continues this one, just below it */
  gboolean continues;
};

typedef struct {
  GPtrArray *pages;  /* of GArray of Word */
  Word *word;        /* the word whose text comes next, inside <word> */
} Reader;

static void
word_clear (gpointer data)
{
  g_free (((Word *) data)->text);
}

static void
run_free (gpointer data)
{
  Run *run = data;

  g_string_free (run->text, TRUE);
  g_free (run);
}

static double
attribute (const char  **names,
           const char  **values,
           const char   *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return g_ascii_strtod (values[i], NULL);
  g_error ("pdftotext's word has no %s", name);
  return 0;
}

static void
start_element (GMarkupParseContext  *context,
               const char           *element,
               const char          **names,
               const char          **values,
               gpointer              user_data,
               GError              **error)
{
  Reader *reader = user_data;

  if (g_str_equal (element, "page"))
    {
      GArray *words = g_array_new (FALSE, TRUE, sizeof (Word));

      g_array_set_clear_func (words, word_clear);
      g_ptr_array_add (reader->pages, words);
    }
  else if (g_str_equal (element, "word") && reader->pages->len > 0)
    {
      GArray *words = g_ptr_array_index (reader->pages, reader->pages->len - 1);
      Word word = {
        attribute (names, values, "xMin"), attribute (names, values, "yMin"),
        attribute (names, values, "xMax"), attribute (names, values, "yMax"),
        g_strdup (""),
      };

      g_array_append_val (words, word);
      reader->word = &g_array_index (words, Word, words->len - 1);
    }
}

static void
end_element (GMarkupParseContext  *context,
             const char           *element,
             gpointer              user_data,
             GError              **error)
{
  ((Reader *) user_data)->word = NULL;
}

static void
text (GMarkupParseContext  *context,
      const char           *content,
      gsize                 length,
      gpointer              user_data,
      GError              **error)
{
  Reader *reader = user_data;

  if (reader->word != NULL)
    {
      char *joined = g_strconcat (reader->word->text, content, NULL);

      g_free (reader->word->text);
      reader->word->text = joined;
    }
}

static const char *
pdftotext (void)
{
  const char *tool = g_getenv ("ADJUTANT_PDFTOTEXT");

  if (tool == NULL || tool[0] == '\0')
    g_error ("pdftotext is not installed (ADJUTANT_PDFTOTEXT is unset): the roster's text "
             "cannot be read; build-aux/quickstart.sh test installs poppler-utils");
  return tool;
}

static char *
run_pdftotext (const char *option,
               const char *pdf)
{
  const char *argv[] = { pdftotext (), option, "-enc", "UTF-8", pdf, "-", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                     &status, &error))
    g_error ("%s: %s", argv[0], error->message);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("pdftotext %s %s: %s\n%s", option, pdf, error->message, err);
  return out;
}

static int
by_bottom (gconstpointer a,
           gconstpointer b)
{
  const Word *u = a, *v = b;

  return u->y1 < v->y1 ? -1 : u->y1 > v->y1;
}

static int
by_left (gconstpointer a,
         gconstpointer b,
         gpointer      user_data)
{
  const Word *u = a, *v = b;

  return u->x0 < v->x0 ? -1 : u->x0 > v->x0;
}

/* The runs of one page, top to bottom and left to right.  Words whose boxes end within a point
 * of each other stand on one line; on a line, a gap wider than half the text's height (a space
 * is about a quarter) starts another run. */
static GPtrArray *
page_runs (GArray *words)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func (run_free);

  g_array_sort (words, by_bottom);
  for (guint start = 0, end; start < words->len; start = end)
    {
      Word *line = &g_array_index (words, Word, start);
      Run *run = NULL;

      for (end = start + 1; end < words->len; end++)
        if (g_array_index (words, Word, end).y1 - line->y1 > 1.0)
          break;
      g_qsort_with_data (line, end - start, sizeof (Word), by_left, NULL);
      for (guint i = 0; i < end - start; i++)
        {
          const Word *w = &line[i];

          if (run == NULL || w->x0 - run->x1 > (w->y1 - w->y0) / 2)
            {
              run = g_new0 (Run, 1);
              run->x0 = w->x0;
              run->y0 = w->y0;
              run->y1 = w->y1;
              run->text = g_string_new (w->text);
              g_ptr_array_add (runs, run);
            }
          else
            {
              g_string_append_printf (run->text, " %s", w->text);
              run->y0 = MIN (run->y0, w->y0);
              run->y1 = MAX (run->y1, w->y1);
            }
          run->x1 = w->x1;
        }
    }
  return runs;
}

/* Each run continues on the nearest run on the lines just below it (a line's spacing away at
 * most) that lies across the same stretch of the page: a wrapped cell's next line, the next
 * row's cell in the same column, a paragraph's next line. */
static void
link_runs (GPtrArray *runs)
{
  for (guint i = 0; i < runs->len; i++)
    {
      Run *s = g_ptr_array_index (runs, i);
      double height = s->y1 - s->y0;

      for (guint j = i + 1; j < runs->len; j++)
        {
          Run *t = g_ptr_array_index (runs, j);

          if (t->y0 - s->y1 > height * 0.6)
            break;
          if (t->continues || t->y0 < s->y0 + height / 2)
            continue;
          if (t->x0 < s->x1 && t->x1 > s->x0)
            {
              s->next = t;
              t->continues = TRUE;
              break;
            }
        }
    }
}

char *
adj_test_pdf_text (const char *pdf)
{
  static const GMarkupParser parser = { start_element, end_element, text, NULL, NULL };
  g_autofree char *xhtml = run_pdftotext ("-bbox", pdf);
  g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  Reader reader = { pages, NULL };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, &reader,
                                                                       NULL);
  g_autoptr(GError) error = NULL;
  GString *out = g_string_new (NULL);

  if (!g_markup_parse_context_parse (context, xhtml, -1, &error)
      || !g_markup_parse_context_end_parse (context, &error))
    g_error ("pdftotext -bbox %s: %s", pdf, error->message);
  for (guint p = 0; p < pages->len; p++)
    {
      g_autoptr(GPtrArray) runs = page_runs (g_ptr_array_index (pages, p));

      link_runs (runs);
      if (p > 0)
        g_string_append_c (out, '\f');
      for (guint i = 0; i < runs->len; i++)
        {
          const Run *run = g_ptr_array_index (runs, i);

          if (run->continues)
            continue;
          for (; run != NULL; run = run->next)
            g_string_append_printf (out, "%s%s", run->text->str, run->next != NULL ? " " : "\n");
        }
    }
  return g_string_free (out, FALSE);
}

char *
adj_test_pdf_rows (const char *pdf)
{
  return run_pdftotext ("-layout", pdf);
}

char *
adj_test_roster_text (AdjBattle *battle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (battle, NULL, &error);
  g_autofree char *dir = g_dir_make_tmp ("adj-roster-XXXXXX", &error);
  g_autofree char *path = NULL;
  char *text;

  g_assert_no_error (error);
  path = g_build_filename (dir, "roster.pdf", NULL);
  g_assert_true (adj_roster_write_pdf (roster, path, ADJ_PAPER_A4, &error));
  g_assert_no_error (error);
  text = adj_test_pdf_text (path);
  g_unlink (path);
  g_rmdir (dir);
  return text;
}

char *
adj_test_squeeze (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        space = TRUE;
      else
        {
          if (space && out->len > 0)
            g_string_append_c (out, ' ');
          space = FALSE;
          g_string_append_c (out, *p);
        }
    }
  return g_string_free (out, FALSE);
}

/* Letters, digits and marks only: no white space, no hyphens. */
static char *
letters (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p) && *p != '-')
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

gboolean
adj_test_text_has (const char *text,
                   const char *phrase)
{
  g_autofree char *a = letters (text);
  g_autofree char *b = letters (phrase);

  return strstr (a, b) != NULL;
}

gboolean
adj_test_roster_shows (const char *rows,
                       const char *text,
                       const char *phrase)
{
  g_autofree char *a = adj_test_squeeze (rows);
  g_autofree char *b = adj_test_squeeze (phrase);

  return strstr (a, b) != NULL || adj_test_text_has (text, phrase);
}
