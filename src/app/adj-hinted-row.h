/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-hinted-row.h: a row with a title, a hint under it and an editor at its end. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADJ_TYPE_HINTED_ROW (adj_hinted_row_get_type ())

G_DECLARE_FINAL_TYPE (AdjHintedRow, adj_hinted_row, ADJ, HINTED_ROW, AdwPreferencesRow)

GtkWidget *adj_hinted_row_new        (const char   *title,
                                      const char   *hint);
/* Put @editor at the row's end; activating the row activates it. */
void       adj_hinted_row_set_editor (AdjHintedRow *self,
                                      GtkWidget    *editor);

G_END_DECLS
