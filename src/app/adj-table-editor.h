/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-editor.h: a grid to type in one of the tables the players own. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-tables.h"

G_BEGIN_DECLS

#define ADJ_TYPE_TABLE_EDITOR (adj_table_editor_get_type ())

G_DECLARE_FINAL_TYPE (AdjTableEditor, adj_table_editor, ADJ, TABLE_EDITOR, AdwWindow)

/* @battle may be NULL (from the preferences): the values are then the user's own. */
GtkWidget      *adj_table_editor_new             (GtkWindow      *parent,
                                                  AdjRuleset     *rs,
                                                  AdjBattle      *battle,
                                                  const char     *table_id);
const char     *adj_table_editor_get_table_id    (AdjTableEditor *self);
/* The widget of one cell: a GtkEntry, a GtkDropDown, or a GtkLabel for a cell the rules give. */
GtkWidget      *adj_table_editor_get_cell        (AdjTableEditor *self,
                                                  const char     *row,
                                                  const char     *column);
/* Cells still empty, and cells holding text that is not allowed there. */
guint           adj_table_editor_get_n_missing   (AdjTableEditor *self);
guint           adj_table_editor_get_n_invalid   (AdjTableEditor *self);
gboolean        adj_table_editor_get_modified    (AdjTableEditor *self);
/* Why the user's tables file could not be read, or NULL. */
const char     *adj_table_editor_get_load_error  (AdjTableEditor *self);
/* Where Save puts the values: ADJ_TABLE_SOURCE_USER or ADJ_TABLE_SOURCE_BATTLE. */
AdjTableSource  adj_table_editor_get_destination (AdjTableEditor *self);
gboolean        adj_table_editor_set_destination (AdjTableEditor *self,
                                                  AdjTableSource  destination);
gboolean        adj_table_editor_save            (AdjTableEditor *self,
                                                  GError        **error);

/* How far the players got with a table, for lists: "Hit table — 12 of 24 cells entered". */
char           *adj_table_describe_progress      (AdjTables      *tables,
                                                  const char     *table_id);
/* Only the count: "12 of 24 cells entered". */
char           *adj_table_describe_entered       (AdjTables      *tables,
                                                  const char     *table_id);

G_END_DECLS
