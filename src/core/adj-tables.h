/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-tables.h: tables the players type in — a ruleset declares their shape, the values live in
 * a user override file or travel inside a battle.
 *
 * Some tables never reached us (a magazine page lost them, a game keeps its charts on a card we
 * do not have).  A ruleset then declares the table's *shape* under "tables": its rows and
 * columns, what a cell holds (a whole number in a range, or one of a list of outcomes) and the
 * cells the rules do give ("fixed").  The players fill the other cells from their own copy.
 *
 * The values of one ruleset's tables form an AdjTables.  They are kept in
 * g_get_user_data_dir()/adjutant/tables/<ruleset>.json (format "adjutant-tables"), and a battle
 * may carry its own copy under "tables", which wins, table by table, over the user's.  A mechanic
 * reads them through adj_tables_for_context() (adj-mechanic.h) and adj_tables_require(), which
 * fails with ADJ_ERROR_TABLE_INCOMPLETE naming the table and the missing cells: nothing is ever guessed.
 *
 * For an editor: the shape gives the grid (adj_table_shape_*), each cell is read with
 * adj_tables_get_cell() and shown with adj_table_shape_format_value(), typed text is checked and
 * stored with adj_tables_set_cell_text(), and adj_tables_missing() lists what is left to fill.
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

#define ADJ_TABLES_FORMAT  "adjutant-tables"
#define ADJ_TABLES_VERSION 1

/* The largest table a ruleset may declare. */
#define ADJ_TABLE_MAX_KEYS  100
#define ADJ_TABLE_MAX_CELLS 2500

typedef enum {
  ADJ_TABLE_INT,      /* a whole number from min to max, or one of the special choices */
  ADJ_TABLE_CHOICE,   /* one of the choices */
} AdjTableKind;

/* Where the values of one table come from, for a mechanic. */
typedef enum {
  ADJ_TABLE_SOURCE_NONE,     /* nobody entered any value */
  ADJ_TABLE_SOURCE_USER,     /* the user's override file (or the one given to adjutant-cli) */
  ADJ_TABLE_SOURCE_BATTLE,   /* the battle carries them */
} AdjTableSource;

struct _AdjTableShape {
  const char      *id;
  const char      *title;          /* untranslated, as every text below: adj_gettext() them */
  const char      *hint;           /* or NULL */
  const char      *notes;          /* or NULL */
  const char      *row_label;      /* what the rows are: "Range band" */
  const char      *column_label;   /* what the columns are: "Weapon" */
  const AdjChoice *rows;
  guint            n_rows;
  const AdjChoice *columns;        /* a table without "columns" has one, "value" */
  guint            n_columns;
  AdjTableKind     kind;
  const char      *value_label;    /* what a cell holds: "Score to hit (D6)" */
  int              min;            /* ADJ_TABLE_INT */
  int              max;
  const AdjChoice *choices;        /* CHOICE: the values; INT: what a cell may hold instead of a
                                    * number ("none": "Out of reach"); may be empty */
  guint            n_choices;
  json_object     *fixed;          /* row -> column -> value given by the rules, or NULL */
};

/* One cell, by the ids of its row and column (which point into the shape). */
typedef struct {
  const char *row;
  const char *column;
} AdjTableCell;

/* ---- shapes (declared by a ruleset; read with adj_ruleset_get_table_shapes()) ---- */

/* Parse the "tables" of a ruleset into @shapes (of AdjTableShape, freed with the array). */
gboolean             adj_table_shapes_parse       (AdjRuleset      *rs,
                                                   json_object     *root,
                                                   const char      *file,
                                                   GPtrArray      **shapes,
                                                   GError         **error);
const AdjTableShape *adj_table_shape_lookup       (AdjRuleset      *rs,
                                                   const char      *table_id);
const AdjChoice     *adj_table_shape_find_row     (const AdjTableShape *shape,
                                                   const char      *row);
const AdjChoice     *adj_table_shape_find_column  (const AdjTableShape *shape,
                                                   const char      *column);
guint                adj_table_shape_n_cells      (const AdjTableShape *shape);
/* The value the rules give this cell, or NULL when the players enter it. */
json_object         *adj_table_shape_get_fixed    (const AdjTableShape *shape,
                                                   const char      *row,
                                                   const char      *column);
/* Whether @value (an integer or a choice id) may stand in the cell; the error says what may. */
gboolean             adj_table_shape_check_value  (const AdjTableShape *shape,
                                                   json_object     *value,
                                                   GError         **error);
/* Read what a player typed: "4", a choice id or its label ("" clears: *out = NULL). */
gboolean             adj_table_shape_parse_text   (const AdjTableShape *shape,
                                                   const char      *text,
                                                   json_object    **out,
                                                   GError         **error);
/* A cell's value as text for a grid: "4", or the choice's translated label; "" for empty. */
char                *adj_table_shape_format_value (const AdjTableShape *shape,
                                                   json_object     *value);
/* "Long range × Breech-loader" (translated); a one-column table names only the row. */
char                *adj_table_shape_cell_label   (const AdjTableShape *shape,
                                                   const char      *row,
                                                   const char      *column);
/* What a cell may hold, in words: "a whole number from 1 to 6, or “none”". */
char                *adj_table_shape_describe_values (const AdjTableShape *shape);
json_object         *adj_table_shape_to_json      (const AdjTableShape *shape);

/* ---- values ---- */

AdjTables      *adj_tables_new             (AdjRuleset    *rs);
AdjTables      *adj_tables_ref             (AdjTables     *tables);
void            adj_tables_unref           (AdjTables     *tables);
AdjTables      *adj_tables_copy            (AdjTables     *tables);
AdjRuleset     *adj_tables_get_ruleset     (AdjTables     *tables);
/* The file they were read from (for messages), or NULL. */
const char     *adj_tables_get_file        (AdjTables     *tables);
/* A title and notes the players give their values ("From my 1983 copy", "Demo values"). */
const char     *adj_tables_get_title       (AdjTables     *tables);
void            adj_tables_set_title       (AdjTables     *tables,
                                            const char    *title);
const char     *adj_tables_get_notes       (AdjTables     *tables);
void            adj_tables_set_notes       (AdjTables     *tables,
                                            const char    *notes);

/* The cell's value (borrowed; fixed cells too), or NULL when it is empty. */
json_object    *adj_tables_get_cell        (AdjTables     *tables,
                                            const char    *table_id,
                                            const char    *row,
                                            const char    *column);
/* A cell as a number: TRUE with *number set, or TRUE with *special set to the choice id it holds
 * instead (then *number is untouched); FALSE when the cell is empty. */
gboolean        adj_tables_get_int         (AdjTables     *tables,
                                            const char    *table_id,
                                            const char    *row,
                                            const char    *column,
                                            int           *number,
                                            const char   **special);
/* Set one cell, checked against the shape; NULL empties it.  A bad value changes nothing. */
gboolean        adj_tables_set_cell        (AdjTables     *tables,
                                            const char    *table_id,
                                            const char    *row,
                                            const char    *column,
                                            json_object   *value,
                                            GError       **error);
gboolean        adj_tables_set_cell_text   (AdjTables     *tables,
                                            const char    *table_id,
                                            const char    *row,
                                            const char    *column,
                                            const char    *text,
                                            GError       **error);
/* Whether any value of this table was entered (fixed cells do not count). */
gboolean        adj_tables_has_table       (AdjTables     *tables,
                                            const char    *table_id);
/* Forget every entered value of one table. */
void            adj_tables_clear_table     (AdjTables     *tables,
                                            const char    *table_id);
/* The empty cells of a table, rows first (an array of AdjTableCell). */
GArray         *adj_tables_missing         (AdjTables     *tables,
                                            const char    *table_id);
guint           adj_tables_count_missing   (AdjTables     *tables,
                                            const char    *table_id);
gboolean        adj_tables_is_complete     (AdjTables     *tables,
                                            const char    *table_id);
/* Fail with ADJ_ERROR_TABLE_INCOMPLETE unless the cells are filled (every cell of the table when
 * @n_cells is 0): "Enter the Hit table first: 7 cells are missing (Long range × Musket, …)".
 * The error names the table for adj_error_get_missing_tables() too. */
gboolean        adj_tables_require         (AdjTables          *tables,
                                            const char         *table_id,
                                            const AdjTableCell *cells,
                                            guint               n_cells,
                                            GError            **error);
/* Where the values of a table came from: for tables made by adj_tables_for_context() table by
 * table; otherwise the battle for values a battle carries, the user for any other. */
AdjTableSource  adj_tables_get_source      (AdjTables     *tables,
                                            const char    *table_id);
const char     *adj_table_source_to_string (AdjTableSource source);

/* Every table of the ruleset: its cells, how many are entered, fixed and missing, which. */
json_object    *adj_tables_report_json     (AdjTables     *tables);

/* ---- files ---- */

/* The "adjutant-tables" document: format, version, ruleset, title, notes and the values. */
json_object    *adj_tables_to_json         (AdjTables     *tables);
/* Read and check a document found at @path in @file (its shape against @rs, or against the
 * ruleset it names when @rs is NULL). */
AdjTables      *adj_tables_from_json       (json_object   *json,
                                            const char    *file,
                                            const char    *path,
                                            AdjRuleset    *rs,
                                            GError       **error);
AdjTables      *adj_tables_load_file       (const char    *filename,
                                            AdjRuleset    *rs,
                                            GError       **error);
/* Written atomically: a failed save leaves the file that was there untouched. */
gboolean        adj_tables_save_file       (AdjTables     *tables,
                                            const char    *filename,
                                            GError       **error);

/* ---- the user's override ---- */

/* g_get_user_data_dir()/adjutant/tables/<ruleset>.json */
char           *adj_tables_user_path       (const char    *ruleset_id);
/* The user's values, empty when there is no file yet; a broken file is an error. */
AdjTables      *adj_tables_load_user       (AdjRuleset    *rs,
                                            GError       **error);
gboolean        adj_tables_save_user       (AdjTables     *tables,
                                            GError       **error);
/* Use these values instead of the user's file, for their ruleset (adjutant-cli --tables); a
 * ruleset they do not belong to then has none.  NULL goes back to the user's file. */
void            adj_tables_set_override    (AdjTables     *tables);

/* ---- what a mechanic reads ---- */

/* The values in effect for a battle of @rs: for each table, the battle's own (@carried, NULL
 * when it carries none) when it carries that table, else the user's (or the override's).
 * Never NULL without an error. */
AdjTables      *adj_tables_in_effect       (AdjRuleset       *rs,
                                            AdjTables        *carried,
                                            GError          **error);

/* ---- battles ---- */

/* A copy for a battle to carry (adj_battle_embed_tables()): its values count as the battle's,
 * and it no longer says table by table where they came from. */
AdjTables      *adj_tables_copy_for_battle (AdjTables     *tables);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjTables, adj_tables_unref)

G_END_DECLS
