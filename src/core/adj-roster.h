/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster.h: unit rosters — a battle or an army list laid out for paper, page by page.
 *
 * A roster is built once from a battle or an army list, then paginated for a page size and
 * drawn one page at a time onto any cairo context whose user space is in points: a PDF surface
 * (adj_roster_write_pdf()) or the context GtkPrintOperation hands to "draw-page" (set its unit
 * to GTK_UNIT_POINTS and paginate with the print context's width and height).  Only cairo and
 * pango are used; the text is measured once, so every target gets the same pages.
 */

#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "adj-types.h"

G_BEGIN_DECLS

typedef enum {
  ADJ_PAPER_A4,
  ADJ_PAPER_LETTER,
} AdjPaper;

/* The kinds of tick box a roster draws, for counting them. */
typedef enum {
  ADJ_ROSTER_BOX_STRENGTH,   /* one per figure where the system counts figures, per strength
                              * point where it counts those, else per stand */
  ADJ_ROSTER_BOX_STATUS,     /* one per state of a status field a player tracks in pencil */
  ADJ_ROSTER_BOX_FIGURE,     /* a ring per step of a figure's own record (a wound) */
  ADJ_ROSTER_BOX_CARD,       /* the place to write the card a unit was dealt */
  ADJ_ROSTER_N_BOX_KINDS
} AdjRosterBox;

typedef enum {
  ADJ_ROSTER_CURRENT = 0,        /* the game as it stands: losses crossed, states ticked, the
                                  * turn in the header, the cards dealt */
  ADJ_ROSTER_CLEAN   = 1 << 0,   /* a clean sheet: every unit whole, nothing ticked */
} AdjRosterFlags;

typedef enum {
  ADJ_ROSTER_BLOCK_TITLE,      /* the battle or list name, system, date and sides */
  ADJ_ROSTER_BLOCK_SIDE,       /* a side's name, settings, totals and column headings */
  ADJ_ROSTER_BLOCK_CONTINUED,  /* a side's name and column headings again on a later page */
  ADJ_ROSTER_BLOCK_UNIT,
  ADJ_ROSTER_BLOCK_REFERENCE,  /* the heading of the quick-reference panel */
  ADJ_ROSTER_BLOCK_TABLE,      /* one quick-reference table */
} AdjRosterBlockKind;

/* Where one block landed: blocks are never split across pages. */
typedef struct {
  AdjRosterBlockKind  kind;
  const char         *id;      /* unit id, side id or table title; NULL for the title */
  guint               page;    /* from 0 */
  double              x;       /* in points from the page's top left corner */
  double              y;
  double              width;
  double              height;
} AdjRosterBlock;

#define ADJ_TYPE_ROSTER (adj_roster_get_type ())

G_DECLARE_FINAL_TYPE (AdjRoster, adj_roster, ADJ, ROSTER, GObject)

/* Every side of @battle, or only @only_side (a side id or name; NULL for all), as it stands.
 * Hidden units, the kinds of unit the ruleset leaves out (markers) and secret fields never
 * appear.  Fails with ADJ_ERROR_NOT_FOUND for an unknown side. */
AdjRoster    *adj_roster_new_for_battle   (AdjBattle    *battle,
                                           const char   *only_side,
                                           GError      **error);
/* The sides of @battle named in @sides (ids or names; NULL or empty for all), in the battle's
 * order, as it stands or as a clean sheet. */
AdjRoster    *adj_roster_new_for_sides    (AdjBattle          *battle,
                                           const char * const *sides,
                                           AdjRosterFlags      flags,
                                           GError            **error);
/* An army list, one block per stand or group as adj_battle_add_army() would make them. */
AdjRoster    *adj_roster_new_for_army     (AdjArmy      *army,
                                           GError      **error);

/* The date printed in the title block (today unless set). */
void          adj_roster_set_date         (AdjRoster    *roster,
                                           GDateTime    *date);
const char   *adj_roster_get_title        (AdjRoster    *roster);
/* Whether the sheet is clean (every unit whole, nothing ticked) rather than the game as it
 * stands; an army list's always is. */
gboolean      adj_roster_is_clean         (AdjRoster    *roster);
/* The units printed (hidden ones left out). */
guint         adj_roster_get_n_units      (AdjRoster    *roster);
guint         adj_roster_get_n_sides      (AdjRoster    *roster);

/* Lay the roster out on pages of this size (in points); returns the number of pages. */
guint         adj_roster_paginate         (AdjRoster    *roster,
                                           double        page_width,
                                           double        page_height);
guint         adj_roster_get_n_pages      (AdjRoster    *roster);
void          adj_roster_get_page_size    (AdjRoster    *roster,
                                           double       *page_width,
                                           double       *page_height);
/* Draw page @page (from 0) of the last pagination onto @cr, in points from the top left. */
void          adj_roster_render_page      (AdjRoster    *roster,
                                           cairo_t      *cr,
                                           guint         page);
/* Paginate for @paper, render every page to a PDF and save it atomically to @path. */
gboolean      adj_roster_write_pdf        (AdjRoster    *roster,
                                           const char   *path,
                                           AdjPaper      paper,
                                           GError      **error);

/* ---- what the layout holds, for tests and for a print preview ---- */
guint         adj_roster_get_n_blocks     (AdjRoster    *roster);
const AdjRosterBlock *adj_roster_get_block (AdjRoster   *roster,
                                           guint         index);
/* The tick boxes of @kind that the latest drawing of each page put on it. */
guint         adj_roster_get_n_tick_boxes (AdjRoster    *roster,
                                           AdjRosterBox  kind);
/* Of those, the ones drawn crossed, ticked or filled in: the game as it stands. */
guint         adj_roster_get_n_ticked     (AdjRoster    *roster,
                                           AdjRosterBox  kind);

void          adj_paper_get_size          (AdjPaper      paper,
                                           double       *width,
                                           double       *height);
/* "a4" or "letter" (any case). */
gboolean      adj_paper_from_string       (const char   *text,
                                           AdjPaper     *paper);
const char   *adj_paper_to_string         (AdjPaper      paper);

/* A PDF of @paper titled @title, drawn into @bytes: a roster or a report is drawn whole in
 * memory, and only then written, so that a drawing that fails leaves no file behind. */
cairo_surface_t *adj_pdf_surface_new      (GByteArray   *bytes,
                                           AdjPaper      paper,
                                           const char   *title);
/* Finish the drawing of @cr on @surface (both are destroyed) and write @bytes to @path at once
 * (atomically); FALSE with an error naming the file when cairo failed or the write did. */
gboolean      adj_pdf_surface_write       (cairo_surface_t *surface,
                                           cairo_t         *cr,
                                           GByteArray      *bytes,
                                           const char      *path,
                                           GError         **error);

G_END_DECLS
