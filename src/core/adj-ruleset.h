/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-ruleset.h: one game system's data, loaded from data/rulesets/<id>.json.
 *
 * The generic part (unit types, weapons, status fields, side settings, phases, modifiers) is
 * read and checked here; the parts only one system understands (army limits, templates,
 * tables) are checked by that system's C file through AdjSystem.check_ruleset.
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

#define ADJ_RULESET_FORMAT  "adjutant-ruleset"
#define ADJ_RULESET_VERSION 1

struct _AdjChoice {
  const char *id;
  const char *label;      /* untranslated; translate with adj_gettext() */
};

/* Which side a phase of the turn belongs to. */
typedef enum {
  ADJ_PHASE_BOTH_SIDES,
  ADJ_PHASE_FIRST_SIDE,    /* the side that acts first this turn */
  ADJ_PHASE_SECOND_SIDE,
} AdjPhaseSide;

/* A phase of the turn.  Its first member is its id and label, so it is an AdjChoice too. */
typedef struct {
  AdjChoice     choice;
  AdjPhaseSide  side;
  const char   *side_label;  /* untranslated, "{side}" where the side's name goes; NULL: none */
  gboolean      once;        /* played once, before the first turn (set-up) */
} AdjPhase;

/* A field: a unit status field, a side or battle setting, or a mechanic input. */
struct _AdjField {
  const char         *name;
  AdjFieldKind        kind;
  const char         *label;
  const char         *hint;
  int                 min;
  int                 max;
  int                 def;          /* bool: 0/1; int: the default value */
  const char         *def_choice;   /* enum: the default choice id */
  const AdjChoice    *choices;      /* enum: fixed choices ... */
  guint               n_choices;
  const char         *choices_from; /* ... or "unit-types", "weapons", "categories", "ratings" */
  const char         *from;         /* mechanic inputs: where to pre-fill from, "firer.type" */
  const char         *measure;      /* "distance": an int measured in the system's unit */
  const char * const *applies_to;   /* status fields and mechanic inputs: the categories that
                                     * have it (NULL: all) */
  const char         *applies_with; /* mechanic inputs with applies_to: the unit-type input
                                     * ("firer_type") whose category decides */
  gboolean            optional;     /* unit and side inputs may be left empty */
  gboolean            per_turn;     /* status fields: back to the default when a turn begins */
  gboolean            secret;       /* status and side fields: hidden information, never printed */
  gboolean            hides_unit;   /* bool status fields: while true, the whole unit is hidden */
  const char         *badge;        /* status fields: a short label for lists (NULL: label) */
};

struct _AdjWeapon {
  const char  *id;
  const char  *label;
  int          range;               /* in the system's distance unit; 0 for same square/hex;
                                     * -1 when the rules give none (a players' table does) */
  json_object *json;
};

struct _AdjUnitType {
  const char  *id;
  const char  *label;
  const char  *category;
  int          value;               /* points, or -1 when the system has none */
  int          move;                /* in the system's distance unit; -1 when it is rolled or
                                     * read from a table */
  int          figures;             /* figures in a full unit (1 for a stand) */
  const char **weapons;             /* NULL-terminated; the first is the default */
  json_object *json;
};

struct _AdjModifier {
  const char *group;
  const char *id;
  const char *label;
  int         value;
};

typedef enum {
  ADJ_DISTANCE_SQUARES,
  ADJ_DISTANCE_HEXES,
  ADJ_DISTANCE_CM,
  ADJ_DISTANCE_INCHES,
} AdjDistanceUnit;

AdjRuleset         *adj_ruleset_load_file        (const char   *path,
                                                  GError      **error);
AdjRuleset         *adj_ruleset_load_json        (json_object  *root,
                                                  const char   *file,
                                                  GError      **error);
/* Load (once, then cached) the ruleset with this id from the data directory. */
AdjRuleset         *adj_ruleset_lookup           (const char   *id,
                                                  GError      **error);
/* The ids of every ruleset in the data directory, sorted; free with g_strfreev. */
char              **adj_ruleset_list_ids         (void);
const char         *adj_ruleset_data_dir         (void);
void                adj_ruleset_set_data_dir     (const char   *dir);

AdjRuleset         *adj_ruleset_ref              (AdjRuleset   *rs);
void                adj_ruleset_unref            (AdjRuleset   *rs);

const char         *adj_ruleset_get_id           (AdjRuleset   *rs);
const char         *adj_ruleset_get_name         (AdjRuleset   *rs);
const char         *adj_ruleset_get_summary      (AdjRuleset   *rs);
const char         *adj_ruleset_get_file         (AdjRuleset   *rs);
json_object        *adj_ruleset_get_json         (AdjRuleset   *rs);
const AdjSystem    *adj_ruleset_get_system       (AdjRuleset   *rs);
AdjDistanceUnit     adj_ruleset_get_distance_unit (AdjRuleset  *rs);
int                 adj_ruleset_get_max_turns    (AdjRuleset   *rs);

GPtrArray          *adj_ruleset_get_phases       (AdjRuleset   *rs); /* of AdjPhase */
/* Whether units of @category stand for troops the players command, and so have a line in a
 * roster or a report: not a marker on the table, say (the ruleset's "roster" "leave_out"). */
gboolean            adj_ruleset_lists_category   (AdjRuleset   *rs,
                                                  const char   *category);
/* The battle field (of kind side) that names the side acting first this turn, or NULL: the
 * battle's first side always does. */
const char         *adj_ruleset_get_first_side_field (AdjRuleset *rs);
GPtrArray          *adj_ruleset_get_unit_types   (AdjRuleset   *rs); /* of AdjUnitType */
GPtrArray          *adj_ruleset_get_weapons      (AdjRuleset   *rs); /* of AdjWeapon */
GPtrArray          *adj_ruleset_get_status_fields (AdjRuleset  *rs); /* of AdjField */
GPtrArray          *adj_ruleset_get_side_fields  (AdjRuleset   *rs); /* of AdjField */
GPtrArray          *adj_ruleset_get_battle_fields (AdjRuleset  *rs); /* of AdjField */
GPtrArray          *adj_ruleset_get_categories   (AdjRuleset   *rs); /* of AdjChoice */
GPtrArray          *adj_ruleset_get_ratings      (AdjRuleset   *rs); /* of AdjChoice */
/* The tables the players type in (adj-tables.h), of AdjTableShape; empty when none. */
GPtrArray          *adj_ruleset_get_table_shapes (AdjRuleset   *rs);

/* The record the ruleset keeps per figure (adj-members.h), read once as it loads; NULL when
 * it keeps none. */
const AdjMemberSchema *adj_ruleset_get_member_schema (AdjRuleset *rs);
const AdjUnitType  *adj_ruleset_find_unit_type  (AdjRuleset   *rs,
                                                  const char   *id);
const AdjWeapon    *adj_ruleset_find_weapon      (AdjRuleset   *rs,
                                                  const char   *id);
const AdjField     *adj_ruleset_find_status_field (AdjRuleset  *rs,
                                                  const char   *id);
const AdjField     *adj_ruleset_find_side_field  (AdjRuleset   *rs,
                                                  const char   *id);
const AdjField     *adj_ruleset_find_battle_field (AdjRuleset  *rs,
                                                  const char   *id);
const AdjChoice    *adj_ruleset_find_rating      (AdjRuleset   *rs,
                                                  const char   *id);
const AdjChoice    *adj_ruleset_find_category    (AdjRuleset   *rs,
                                                  const char   *id);
const AdjChoice    *adj_ruleset_find_phase       (AdjRuleset   *rs,
                                                  const char   *id);
const AdjPhase     *adj_ruleset_get_phase        (AdjRuleset   *rs,
                                                  const char   *id);
/* Fails with a message naming the ruleset when the modifier is not declared. */
const AdjModifier  *adj_ruleset_get_modifier     (AdjRuleset   *rs,
                                                  const char   *group,
                                                  const char   *id);
gboolean            adj_ruleset_require_modifiers (AdjRuleset  *rs,
                                                  const char   *group,
                                                  const char * const *ids,
                                                  GError      **error);

/* The choices of an enum field, resolved against this ruleset when they come from it. */
const AdjChoice    *adj_ruleset_field_choices    (AdjRuleset     *rs,
                                                  const AdjField *field,
                                                  guint          *n_choices);
/* Parse the field declared in @obj (at @path of @file), taking only the keys in @keys, and add
 * it to @out (whose elements are freed with adj_field_free()), where its id must be new. */
gboolean            adj_field_parse              (AdjRuleset          *rs,
                                                  json_object         *obj,
                                                  const char * const  *keys,
                                                  GPtrArray           *out,
                                                  const char          *file,
                                                  const char          *path,
                                                  GError             **error);
void                adj_field_free               (AdjField       *field);
const AdjChoice    *adj_field_find_choice        (const AdjChoice *choices,
                                                  guint            n_choices,
                                                  const char      *id);
json_object        *adj_field_default_json       (const AdjField *field);
/* Whether @value is a valid value of @field (kind, range, choice). */
gboolean            adj_field_check_json         (AdjRuleset     *rs,
                                                  const AdjField *field,
                                                  json_object    *value,
                                                  GError        **error);
/* Whether @value (of the kind @field takes) is @field's default. */
gboolean            adj_field_value_is_default   (const AdjField *field,
                                                  json_object    *value);
/* @value as words: "yes" or "no", a number, a choice's label (translated), an id; free it. */
char               *adj_field_value_to_text      (AdjRuleset     *rs,
                                                  const AdjField *field,
                                                  json_object    *value);
/* A unit's status @value for @field as a list shows it beside the unit, under the field's short
 * badge where it has one: "Disrupted", "Not Loaded", "Wounds 2", a choice's label; NULL when
 * the value is the field's default, which a list leaves out.  Free it. */
char               *adj_field_status_text        (AdjRuleset     *rs,
                                                  const AdjField *field,
                                                  json_object    *value);
gboolean            adj_field_applies_to         (const AdjField *field,
                                                  const char     *category);

const char         *adj_distance_unit_name       (AdjDistanceUnit unit);
const char         *adj_distance_unit_symbol     (AdjDistanceUnit unit);


G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjRuleset, adj_ruleset_unref)

G_END_DECLS
