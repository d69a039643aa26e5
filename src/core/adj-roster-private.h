/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-private.h: what the files of a roster share and nobody else sees — its measures
 * and text styles, the texts gathered for sides, units and tables, the blocks of drawing
 * operations they become, the object's fields, and the helpers more than one file calls.
 * The public API is adj-roster.h. */

#pragma once

#include <pango/pangocairo.h>

#include "adj-battle.h"
#include "adj-roster.h"
#include "adj-ruleset.h"

G_BEGIN_DECLS

/* Measures, in points. */
#define MARGIN         36.0   /* around the page: half an inch */
#define HEAD_SPACE     24.0   /* the running head and its rule, above the content */
#define FOOT_SPACE     26.0   /* the running foot, below it */
#define BOX            9.0    /* a strength tick box ... */
#define BOX_PITCH      12.5   /* ... and the distance from one to the next */
#define BOXES_PER_ROW  5
#define STATUS_BOX     8.0
#define TEXT_X         (BOXES_PER_ROW * BOX_PITCH + 8.0)
#define BLOCK_PAD      3.0
#define CELL_GAP       8.0
#define COLUMN_GAP     20.0   /* between the two columns of the quick reference */
#define TABLE_GAP      9.0   /* below a quick-reference table */
#define MAX_BOXES      100    /* a larger strength is written as a number, not boxed */
#define MAX_INT_BOXES  20     /* a tracked number with a wider range gets a line to write on */

typedef enum {
  STYLE_TITLE,
  STYLE_SUBTITLE,
  STYLE_SIDE,
  STYLE_UNIT,
  STYLE_BODY,
  STYLE_HEAD,
  STYLE_NOTE,
  STYLE_RUNNING,
  STYLE_RUNNING_BOLD,
  STYLE_TABLE_TITLE,
  STYLE_TABLE,
  STYLE_TABLE_HEAD,
  N_STYLES
} Style;

/* A status field as a unit shows it: tick boxes, or a fact in words. */
typedef struct {
  char        *label;
  AdjFieldKind kind;
  int          n_boxes;   /* bool 1; int max − min; enum one per choice; 0: a line to write on */
  int          ticked;    /* bool 0/1; int value − min; enum the current choice */
  GStrv        choices;   /* enum: the choices' labels */
} StatusItem;

typedef struct {
  char      *id;
  char      *name;
  char      *type;
  char      *weapon;
  char      *move;
  char      *value;
  char      *notes;
  int        boxes;       /* strength tick boxes: figures, or 1 for a stand */
  int        lost;        /* of those, already gone */
  gboolean   destroyed;
  GPtrArray *status;      /* of StatusItem */
  GPtrArray *facts;       /* of char*: untracked states worth knowing ("On a large stand") */
} UnitInfo;

typedef struct {
  char      *label;
  char      *detail;
  gboolean   ok;
} TotalInfo;

typedef struct {
  char      *id;
  char      *name;
  char      *settings;    /* Pango markup, one line */
  GPtrArray *totals;      /* of TotalInfo */
  gboolean   has_values;
  gboolean   has_figures;
  GPtrArray *units;       /* of UnitInfo */
} SideInfo;

typedef struct {
  char      *title;
  char      *notes;
  guint      n_columns;
  GStrv      header;
  GPtrArray *rows;        /* of GStrv, n_columns each */
} TableInfo;

typedef enum {
  OP_TEXT,
  OP_BOX,
  OP_LINE,
} OpKind;

typedef struct {
  OpKind        kind;
  double        x, y;
  double        x2, y2;      /* line: the other end; box: x2 is the size */
  double        line_width;
  PangoLayout  *layout;
  AdjRosterBox  box_kind;
  gboolean      crossed;
} Op;

typedef struct {
  AdjRosterBlock info;
  char          *id;
  GArray        *ops;        /* of Op, relative to the block's top left corner */
} Block;

struct _AdjRoster {
  GObject               parent_instance;
  AdjRuleset           *ruleset;
  char                 *title;
  char                 *subtitle;   /* "Army list", or the turn */
  char                 *context;    /* the sides, or the conflict */
  char                 *notes;
  GDateTime            *date;
  GStrv                 track;      /* "roster.track", or NULL */
  GPtrArray            *sides;      /* of SideInfo */
  GPtrArray            *tables;     /* of TableInfo */
  guint                 n_units;

  PangoContext         *pango;
  PangoFontDescription *fonts[N_STYLES];

  double                page_width;
  double                page_height;
  guint                 n_pages;
  GPtrArray            *blocks;     /* of Block, in page order */
  GArray               *drawn;      /* guint per page and box kind */
};

/* adj-roster.c: blocks and the drawing operations they record. */
Block       *roster_block_new          (AdjRosterBlockKind  kind,
                                        const char         *id);
void         roster_block_free         (Block              *b);
PangoLayout *roster_new_layout         (AdjRoster          *self,
                                        Style               style,
                                        double              width,
                                        PangoAlignment      align);
double       roster_layout_height      (PangoLayout        *layout);
double       roster_layout_width       (PangoLayout        *layout);
double       roster_layout_baseline    (PangoLayout        *layout);
/* Record @layout (taking it) at (x, y); returns its height. */
double       roster_add_layout         (Block              *b,
                                        PangoLayout        *layout,
                                        double              x,
                                        double              y);
double       roster_add_text           (AdjRoster          *self,
                                        Block              *b,
                                        Style               style,
                                        const char         *text,
                                        double              x,
                                        double              y,
                                        double              width,
                                        PangoAlignment      align);
double       roster_add_markup         (AdjRoster          *self,
                                        Block              *b,
                                        Style               style,
                                        const char         *markup,
                                        double              x,
                                        double              y,
                                        double              width);
void         roster_add_box            (Block              *b,
                                        double              x,
                                        double              y,
                                        double              size,
                                        AdjRosterBox        kind,
                                        gboolean            crossed);
void         roster_add_line           (Block              *b,
                                        double              x1,
                                        double              y1,
                                        double              x2,
                                        double              y2,
                                        double              width);
/* Append the operations of @from to @to, moved by (dx, dy); @from gives up its layouts. */
void         roster_move_ops           (Block              *to,
                                        Block              *from,
                                        double              dx,
                                        double              dy);
/* Put @b (taking it) on @page at (x, y), with its size. */
void         roster_place              (AdjRoster          *self,
                                        Block              *b,
                                        guint               page,
                                        double              x,
                                        double              y,
                                        double              width,
                                        double              height);

/* adj-roster-units.c: the sheets of the sides and their units. */
void         roster_side_info_free     (SideInfo           *s);
/* Gather @side's printed units and its totals into a new SideInfo of @self. */
gboolean     roster_add_side           (AdjRoster          *self,
                                        AdjBattle          *battle,
                                        AdjSide            *side,
                                        GError            **error);
/* A side's heading (or, @continued, its name and column headings again); returns the height. */
double       roster_build_side         (AdjRoster          *self,
                                        Block              *b,
                                        SideInfo           *s,
                                        double              width,
                                        gboolean            continued);
double       roster_build_unit         (AdjRoster          *self,
                                        Block              *b,
                                        UnitInfo           *u,
                                        double              width);

/* adj-roster-reference.c: the quick-reference tables. */
void         roster_table_info_free    (TableInfo          *t);
/* Read the ruleset's "roster" key: the fields to track and the tables. */
void         roster_collect_reference  (AdjRoster          *self);
/* Lay out the tables on the pages after *@page, which it moves on to the last one used. */
void         roster_paginate_reference (AdjRoster          *self,
                                        guint              *page,
                                        double              top,
                                        double              bottom,
                                        double              width);

G_END_DECLS
