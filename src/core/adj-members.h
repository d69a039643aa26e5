/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-members.h: a record per figure — the optional "members" of a unit.
 *
 * A ruleset that follows figures one by one (a skirmish game counts each man's wounds) says so
 * in its "members" key:
 *
 *   "members": { "applies_to": ["infantry", ...], "fields": [ fields as in "status_fields" ] }
 *
 * Every unit of a category in "applies_to" then carries a list of members.  A member is an
 * object with an optional "name", "rating" and "weapon" (left out: the unit's own), "lost"
 * (true once the figure is out of play: killed, captured, run off) and one value for each
 * declared field.  The unit's figure count is its members that are not lost: it is derived,
 * never set on its own.
 *
 * Members change through the journal like any other field of a unit, with the field paths
 * "members" (the whole list, to add or remove figures) and "members.<i>.<key>" (one value of
 * the member at index @i, counted from 0), so undo and redo work as everywhere else.
 *
 * The ruleset reads its declaration once, as it loads (adj_ruleset_get_member_schema()).
 */

#pragma once

#include <json-c/json.h>

#include "adj-ruleset.h"
#include "adj-types.h"

G_BEGIN_DECLS

/* The ruleset key, and the keys every member has besides the declared fields. */
#define ADJ_MEMBERS_KEY "members"
#define ADJ_MEMBER_NAME   "name"
#define ADJ_MEMBER_RATING "rating"
#define ADJ_MEMBER_WEAPON "weapon"
#define ADJ_MEMBER_LOST   "lost"
/* At most this many members in one unit. */
#define ADJ_MEMBERS_MAX   1000

/* The ruleset's declaration parsed anew, or NULL when it keeps no record per figure (then
 * @error is not set) or when the declaration is broken (then it is). */
AdjMemberSchema *adj_member_schema_new        (AdjRuleset            *rs,
                                               GError               **error);
void             adj_member_schema_free       (AdjMemberSchema       *schema);
gboolean         adj_member_schema_applies_to (const AdjMemberSchema *schema,
                                               const char            *category);
guint            adj_member_schema_get_n_fields (const AdjMemberSchema *schema);
const AdjField  *adj_member_schema_get_field  (const AdjMemberSchema *schema,
                                               guint                  i);
const AdjField  *adj_member_schema_find_field (const AdjMemberSchema *schema,
                                               const char            *name);

/* Check a list of members for a unit of @type and return it with every default filled in
 * (a new reference).  Errors name @file and the JSON path of the bad value under @path. */
json_object     *adj_members_from_json        (AdjRuleset            *rs,
                                               const AdjMemberSchema *schema,
                                               const AdjUnitType     *type,
                                               json_object           *json,
                                               const char            *file,
                                               const char            *path,
                                               GError               **error);
/* The "members" of the unit at @path, of @type, read as adj_members_from_json() does with the
 * ruleset's schema; when @figures is not -1, the unit's "figures", which must be the members
 * in play. */
json_object     *adj_members_read             (AdjRuleset            *rs,
                                               const AdjUnitType     *type,
                                               json_object           *json,
                                               gint64                 figures,
                                               const char            *file,
                                               const char            *path,
                                               GError               **error);
/* @n members with every value at its default. */
json_object     *adj_members_new_default      (const AdjMemberSchema *schema,
                                               int                    n);
/* Check a complete list given as the new value of "members" in a change. */
gboolean         adj_members_check_list       (AdjRuleset            *rs,
                                               const AdjMemberSchema *schema,
                                               const AdjUnitType     *type,
                                               json_object           *members,
                                               GError               **error);
/* Check @value as the new value of "members.<index>.<key>" of a unit of @type. */
gboolean         adj_members_check_value      (AdjRuleset            *rs,
                                               const AdjMemberSchema *schema,
                                               const AdjUnitType     *type,
                                               json_object           *members,
                                               guint                  index,
                                               const char            *key,
                                               json_object           *value,
                                               GError               **error);

/* "members.3.wounds" -> 3 and "wounds".  FALSE for anything else. */
gboolean         adj_members_parse_path       (const char            *field,
                                               guint                 *index,
                                               const char           **key);
/* How many members of the list are still in play (not lost). */
int              adj_members_count_in_play    (json_object           *members);
/* A member's value of a key, or NULL (borrowed). */
json_object     *adj_member_get               (json_object           *members,
                                               guint                  index,
                                               const char            *key);
int              adj_member_get_int           (json_object           *members,
                                               guint                  index,
                                               const char            *key);
gboolean         adj_member_get_bool          (json_object           *members,
                                               guint                  index,
                                               const char            *key);
const char      *adj_member_get_string        (json_object           *members,
                                               guint                  index,
                                               const char            *key);
/* What to call a member: its name, or "figure 4" (translated; free it). */
char            *adj_member_describe          (json_object           *members,
                                               guint                  index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjMemberSchema, adj_member_schema_free)

G_END_DECLS
