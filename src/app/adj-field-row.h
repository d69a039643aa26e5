/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-field-row.h: a preferences row for any declared field — a switch, a stepper, a
 * drop-down of choices, units or sides — so forms come from declarations, not window code. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"

G_BEGIN_DECLS

typedef void (*AdjFieldRowChanged) (GtkWidget      *row,
                                    const AdjField *field,
                                    gpointer        user_data);

/* @battle may be NULL for fields that name no unit or side. */
GtkWidget   *adj_field_row_new        (const AdjField     *field,
                                       AdjRuleset         *rs,
                                       AdjBattle          *battle,
                                       AdjFieldRowChanged  changed,
                                       gpointer            user_data);
const AdjField *adj_field_row_get_field (GtkWidget        *row);
/* Show @value (a JSON boolean, integer or string; NULL for "none") without calling back. */
void         adj_field_row_set_value  (GtkWidget          *row,
                                       json_object        *value);
/* The value shown, as JSON (a new reference; NULL for "none"). */
json_object *adj_field_row_get_value  (GtkWidget          *row);
/* For distance fields of a system measured in centimetres: show and take inches instead. */
void         adj_field_row_set_imperial (GtkWidget        *row,
                                         gboolean          imperial);

G_END_DECLS
