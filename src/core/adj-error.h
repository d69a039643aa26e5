/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-error.h: the error domain of the core. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ADJ_ERROR (adj_error_quark ())

typedef enum {
  ADJ_ERROR_PARSE,        /* not JSON, truncated, too deep or too big */
  ADJ_ERROR_INVALID,      /* JSON, but not what was expected at some place */
  ADJ_ERROR_UNSUPPORTED,  /* a format or version this build does not read */
  ADJ_ERROR_NOT_FOUND,    /* a ruleset, mechanic, unit or side that does not exist */
  ADJ_ERROR_IO,           /* reading or writing a file failed */
  ADJ_ERROR_NEED_DICE,    /* entered dice or cards ran out before the mechanic finished */
  ADJ_ERROR_NOT_ALLOWED,  /* the rules forbid this action with these inputs */
  ADJ_ERROR_NOTHING_TO_DO, /* undo or redo with an empty history */
  ADJ_ERROR_TABLE_INCOMPLETE /* a table the players type in lacks cells a mechanic needs */
} AdjError;

GQuark adj_error_quark (void);

/* The ids of the tables an ADJ_ERROR_TABLE_INCOMPLETE error says lack cells (NULL-terminated),
 * or NULL for any other error and for NULL. */
const char * const *adj_error_get_missing_tables (const GError *error);
/* Record on @error (one of ADJ_ERROR) that the table @table_id lacks cells. */
void                adj_error_add_missing_table  (GError       *error,
                                                  const char   *table_id);

G_END_DECLS
