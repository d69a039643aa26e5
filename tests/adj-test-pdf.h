/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-pdf.h: the text of a PDF the way the tests read it, with pdftotext.
 *
 * Where a line breaks depends on the fonts' widths, so a check for a phrase must not depend on
 * it.  adj_test_pdf_text() reads a page as a person reads a table: down each column, a wrapped
 * cell or note joined to the line it continues, whatever pdftotext's own reading order makes of
 * the neighbouring columns.  adj_test_text_has() then looks for a phrase with every space and
 * hyphen left out, so a phrase is found however its lines were broken ("muzzle-" / "loaders").
 *
 * pdftotext (poppler-utils, which the quick start installs) is found through ADJUTANT_PDFTOTEXT;
 * without it every function here fails the test.
 */

#pragma once

#include "adj-battle.h"

G_BEGIN_DECLS

/* Every page read column by column: one line of text per column run (a table column, a
 * paragraph, a wrapped cell with the cells below it), pages apart by a form feed. */
char     *adj_test_pdf_text   (const char *pdf);

/* Every line of every page as laid out ("pdftotext -layout"): a table row on one line. */
char     *adj_test_pdf_rows   (const char *pdf);

/* The text of @battle's roster (all sides, A4) as adj_test_pdf_text() reads it. */
char     *adj_test_roster_text (AdjBattle *battle);

/* @text with every run of white space as one space, and none at either end, so that a phrase
 * is found however it was spaced. */
char     *adj_test_squeeze    (const char *text);

/* Whether a roster shows @phrase: on one line of @rows (adj_test_pdf_rows()), white space
 * squeezed, or in @text (adj_test_pdf_text()) however its lines were broken. */
gboolean  adj_test_roster_shows (const char *rows,
                                 const char *text,
                                 const char *phrase);

/* Whether @text holds @phrase, compared without white space and hyphens. */
gboolean  adj_test_text_has   (const char *text,
                               const char *phrase);

G_END_DECLS
