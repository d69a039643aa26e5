/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-army-builder.h: build an army list from a system's unit types, with its points and every
 * limit checked as it grows; save, open and print lists. */

#pragma once

#include <adwaita.h>

#include "adj-army.h"

G_BEGIN_DECLS

#define ADJ_TYPE_ARMY_BUILDER (adj_army_builder_get_type ())

G_DECLARE_FINAL_TYPE (AdjArmyBuilder, adj_army_builder, ADJ, ARMY_BUILDER, AdwWindow)

GtkWidget *adj_army_builder_new         (GtkWindow      *parent,
                                         GSettings      *settings,
                                         const char     *ruleset_id);
AdjArmy   *adj_army_builder_get_army    (AdjArmyBuilder *self);
/* Replace the list shown (the builder takes a copy). */
void       adj_army_builder_set_army    (AdjArmyBuilder *self,
                                         AdjArmy        *army,
                                         GFile          *file);
/* Add units of a type, as the add button does; returns FALSE for an unknown type. */
gboolean   adj_army_builder_add_units   (AdjArmyBuilder *self,
                                         const char     *type_id,
                                         int             count);
/* Change how many units an entry of the list has (0 takes the entry out). */
void       adj_army_builder_set_count   (AdjArmyBuilder *self,
                                         guint           entry,
                                         int             count);
gboolean   adj_army_builder_save_to     (AdjArmyBuilder *self,
                                         GFile          *file,
                                         GError        **error);
gboolean   adj_army_builder_open_file   (AdjArmyBuilder *self,
                                         GFile          *file,
                                         GError        **error);
/* "36 of 36 points", or the count of units for systems without points: as shown. */
const char *adj_army_builder_get_total  (AdjArmyBuilder *self);
/* Whether every limit of the system is kept. */
gboolean   adj_army_builder_is_legal    (AdjArmyBuilder *self);

G_END_DECLS
