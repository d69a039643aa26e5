/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-picker.h: a unit slot of an action's form, with a search over every unit. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"
#include "adj-mechanic.h"

G_BEGIN_DECLS

#define ADJ_TYPE_UNIT_PICKER (adj_unit_picker_get_type ())

G_DECLARE_FINAL_TYPE (AdjUnitPicker, adj_unit_picker, ADJ, UNIT_PICKER, GtkWidget)

/* Why the rules refuse @unit where it would go now, or NULL when they do not. */
typedef const char *(*AdjUnitJudge) (AdjUnit  *unit,
                                     gpointer  user_data);

GtkWidget      *adj_unit_picker_new        (const AdjField *field,
                                            AdjBattle      *battle);
const AdjField *adj_unit_picker_get_field  (AdjUnitPicker  *self);
/* Show the unit @unit_id (NULL: none chosen yet). */
void            adj_unit_picker_set_unit   (AdjUnitPicker  *self,
                                            const char     *unit_id);
/* The slot a click on a unit in the lists fills: drawn highlighted. */
void            adj_unit_picker_set_active (AdjUnitPicker  *self,
                                            gboolean        active);
gboolean        adj_unit_picker_get_active (AdjUnitPicker  *self);
/* What marks the units the search lists as refused (NULL: none are). */
void            adj_unit_picker_set_judge  (AdjUnitPicker  *self,
                                            AdjUnitJudge    judge,
                                            gpointer        user_data);
/* Open the search over the units, the keyboard in its entry. */
void            adj_unit_picker_search     (AdjUnitPicker  *self);
/* The search's text, for a test to type into (NULL while it is closed). */
GtkEditable    *adj_unit_picker_get_search_entry (AdjUnitPicker *self);
/* Choose the first unit the search lists, as Enter in the search does. */
gboolean        adj_unit_picker_choose_first (AdjUnitPicker *self);

G_END_DECLS
