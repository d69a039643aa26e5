/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-combo-row.h: a combo row that says when its popup is about to open. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADJ_TYPE_COMBO_ROW (adj_combo_row_get_type ())

G_DECLARE_FINAL_TYPE (AdjComboRow, adj_combo_row, ADJ, COMBO_ROW, AdwComboRow)

GtkWidget *adj_combo_row_new (void);

G_END_DECLS
