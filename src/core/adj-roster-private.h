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
#include "adj-tables.h"

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

/* The columns of a unit's details, after its name; a roster prints only those that say
 * something for one of its units. */
typedef enum {
  COLUMN_TYPE,
  COLUMN_WEAPON,
  COLUMN_MOVE,
  COLUMN_CARD,
  COLUMN_VALUE,
  N_COLUMNS
} Column;

#define CARD_BOX_WIDTH   30.0   /* the box a card dealt is written in */
#define CARD_BOX_HEIGHT  13.0

/* A status field as a unit shows it: tick boxes, or a fact in words. */
typedef struct {
  char        *label;
  AdjFieldKind kind;
  int          n_boxes;   /* bool 1; int max − min; enum one per choice; 0: a line to write on */
  int          ticked;    /* bool 0/1; int value − min; enum the current choice (−1: none) */
  GStrv        choices;   /* enum: the choices' labels (the default one left out) */
} StatusItem;

/* One figure of a unit that keeps a record per figure: its box, crossed when it is out of
 * play, its name, and a box for each step of the fields the ruleset boxes ("member_track"). */
typedef struct {
  char     *label;        /* its name, its role, or its number */
  gboolean  lost;
  int       n_marks;
  int       marked;       /* of those, ticked */
} FigureInfo;

typedef struct {
  char      *id;
  char      *name;
  char      *cells[N_COLUMNS];   /* NULL: nothing to print */
  char      *notes;              /* NULL when the note is one the side prints once */
  int        note_ref;           /* 1… the side's note that stands for this unit's; 0: none */
  int        boxes;              /* strength tick boxes: figures, strength points, or 1 */
  int        lost;               /* of those, already gone */
  int        turn_over;          /* a bar after this many boxes; 0: none */
  gboolean   destroyed;
  GPtrArray *figures;            /* of FigureInfo, or NULL when the boxes stand for them */
  GPtrArray *status;             /* of StatusItem */
  GPtrArray *facts;              /* of char*: untracked states worth knowing ("On a large stand") */
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
  GPtrArray *facts;       /* of char* (markup): the turn's facts about this side, as it stands */
  GPtrArray *notes;       /* of char*: notes several units share, printed once and numbered */
  GPtrArray *legends;     /* of char*: what the boxes stand for, where it needs saying */
  gboolean   has_values;
  const char *boxes_head; /* the heading over the strength boxes */
  GPtrArray *units;       /* of UnitInfo */
} SideInfo;

typedef struct {
  char      *title;
  char      *notes;
  guint      n_columns;
  GStrv      header;
  GPtrArray *rows;        /* of GStrv, n_columns each */
  gboolean   players;     /* one of the tables the players typed in */
} TableInfo;

/* A run of quick-reference tables under one heading. */
typedef struct {
  char      *heading;
  char      *notes;       /* under the heading, or NULL */
  GPtrArray *tables;      /* of TableInfo */
} SectionInfo;

typedef enum {
  OP_TEXT,
  OP_BOX,
  OP_RING,
  OP_RECT,
  OP_LINE,
} OpKind;

typedef struct {
  OpKind        kind;
  double        x, y;
  double        x2, y2;      /* line: the other end; box: x2 is the size; rect: its size */
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
  AdjRosterFlags        flags;
  char                 *turn;       /* "Turn 3 of 12", for the running head; NULL on a clean sheet */
  GPtrArray            *turn_facts; /* of char* (markup): the turn's facts not about one side */
  json_object          *layout;     /* the ruleset's "roster" key, or NULL */
  GPtrArray            *sides;      /* of SideInfo */
  GPtrArray            *sections;   /* of SectionInfo */
  guint                 n_units;
  gboolean              columns[N_COLUMNS];
  gboolean              bands;      /* weapons print their range bands */
  gboolean              ranges;     /* some weapon printed has a range */
  double                column_x[N_COLUMNS + 1];  /* laid out for the width below */
  double                columns_for;

  PangoContext         *pango;
  PangoFontDescription *fonts[N_STYLES];

  double                page_width;
  double                page_height;
  guint                 n_pages;
  GPtrArray            *blocks;     /* of Block, in page order */
  GArray               *drawn;      /* guint per page: per box kind the boxes drawn, then per
                                     * kind those ticked */
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
/* A small ring a player fills in (a figure's wound); @filled as the game stands. */
void         roster_add_ring           (Block              *b,
                                        double              x,
                                        double              y,
                                        double              size,
                                        AdjRosterBox        kind,
                                        gboolean            filled);
/* A box of any size, to write in (a card dealt). */
void         roster_add_rect           (Block              *b,
                                        double              x,
                                        double              y,
                                        double              width,
                                        double              height,
                                        AdjRosterBox        kind);
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

/* adj-roster-units.c: what the sheets say — each side's units, totals and notes, gathered
 * from the battle. */
void         roster_side_info_free     (SideInfo           *s);
/* Gather @side's printed units and its totals into a new SideInfo of @self; @tables are the
 * players' values in effect (may be NULL), @facts the turn's facts (of AdjTurnFact, or NULL). */
gboolean     roster_add_side           (AdjRoster          *self,
                                        AdjBattle          *battle,
                                        AdjSide            *side,
                                        AdjTables          *tables,
                                        GPtrArray          *facts,
                                        GError            **error);
/* Which columns the units gathered so far fill. */
void         roster_choose_columns     (AdjRoster          *self);
/* A distance in the ruleset's unit: "2 squares", "30 cm". */
char        *roster_format_distance    (AdjDistanceUnit     unit,
                                        int                 n);

/* adj-roster-sheet.c: the blocks of the sheets — a side's heading, a unit. */
/* A side's heading (or, @continued, its name and column headings again); returns the height. */
double       roster_build_side         (AdjRoster          *self,
                                        Block              *b,
                                        SideInfo           *s,
                                        double              width,
                                        gboolean            continued);
double       roster_build_unit         (AdjRoster          *self,
                                        Block              *b,
                                        SideInfo           *s,
                                        UnitInfo           *u,
                                        double              width);

/* adj-roster-reference.c: the quick-reference tables. */
void         roster_table_info_free    (TableInfo          *t);
void         roster_section_info_free  (SectionInfo        *section);
/* Read the ruleset's "roster" key: the tables of the quick reference. */
void         roster_collect_reference  (AdjRoster          *self);
/* The tables the players typed in (@tables, in effect for the battle, may be NULL; @carried,
 * the battle's own, says where they come from), as a section of their own after the
 * ruleset's. */
void         roster_collect_players_tables (AdjRoster      *self,
                                        AdjTables          *tables,
                                        AdjTables          *carried);
/* Lay out the tables on the pages after *@page, which it moves on to the last one used. */
void         roster_paginate_reference (AdjRoster          *self,
                                        guint              *page,
                                        double              top,
                                        double              bottom,
                                        double              width);

G_END_DECLS
