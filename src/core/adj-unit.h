/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit.h: one unit (a stand, a group of figures, a commander) in a battle. */

#pragma once

#include <glib-object.h>
#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

#define ADJ_TYPE_UNIT (adj_unit_get_type ())

G_DECLARE_FINAL_TYPE (AdjUnit, adj_unit, ADJ, UNIT, GObject)

AdjUnit     *adj_unit_new             (const char  *id,
                                       const char  *side,
                                       const char  *name,
                                       const char  *type);
const char  *adj_unit_get_id          (AdjUnit     *unit);
const char  *adj_unit_get_side        (AdjUnit     *unit);
const char  *adj_unit_get_name        (AdjUnit     *unit);
/* The id and the name as JSON strings, a new reference each: cheaper than a copy for a record
 * of many units. */
json_object *adj_unit_id_to_json      (AdjUnit     *unit);
json_object *adj_unit_name_to_json    (AdjUnit     *unit);
const char  *adj_unit_get_type_id     (AdjUnit     *unit);
const char  *adj_unit_get_rating      (AdjUnit     *unit);
const char  *adj_unit_get_weapon      (AdjUnit     *unit);
const char  *adj_unit_get_notes       (AdjUnit     *unit);
/* The card dealt to the unit for this turn ("QH"), or NULL. */
const char  *adj_unit_get_card        (AdjUnit     *unit);
int          adj_unit_get_figures     (AdjUnit     *unit);
gboolean     adj_unit_get_destroyed   (AdjUnit     *unit);
/* The status values by field id (owned by the unit; do not modify). */
json_object *adj_unit_get_status      (AdjUnit     *unit);
gboolean     adj_unit_get_status_bool (AdjUnit     *unit,
                                       const char  *field);
int          adj_unit_get_status_int  (AdjUnit     *unit,
                                       const char  *field);
const char  *adj_unit_get_status_string (AdjUnit   *unit,
                                         const char *field);

/* The record per figure (an array of member objects, see adj-members.h), or NULL when the
 * unit keeps none; borrowed, do not modify.  With a record, the figures are its members that
 * are not lost. */
json_object *adj_unit_get_members     (AdjUnit     *unit);
guint        adj_unit_get_n_members   (AdjUnit     *unit);

/* A field by its journal name: "name", "figures", "status.disrupted", "members",
 * "members.3.wounds", ... (a new reference). */
json_object *adj_unit_get_field       (AdjUnit     *unit,
                                       const char  *field);
/* Sets a field without any checks: the battle checks values before it calls this. */
void         adj_unit_set_field       (AdjUnit     *unit,
                                       const char  *field,
                                       json_object *value);

json_object *adj_unit_to_json         (AdjUnit     *unit);

G_END_DECLS
