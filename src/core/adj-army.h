/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-army.h: army lists — what a side brings to a battle — and their points and limits. */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

#define ADJ_ARMY_FORMAT  "adjutant-army"
#define ADJ_ARMY_VERSION 1

typedef struct {
  char *name;
  char *type;
  char *weapon;      /* NULL: the type's first weapon */
  char *rating;
  char *notes;
  int   count;       /* how many such units */
  int   figures;     /* -1: the type's full strength */
  json_object *status; /* the status a unit starts with (e.g. dismounted), or NULL */
  json_object *members; /* its record per figure (adj-members.h), or NULL */
} AdjArmyUnit;

struct _AdjArmy {
  AdjRuleset  *ruleset;
  char        *id;         /* templates only */
  char        *name;
  char        *conflict;   /* templates only: the war it is drawn from */
  char        *notes;
  json_object *settings;   /* side settings (dice, ...) */
  /* The battle's own settings when the army is a side of a battle (adj_army_new_for_side()),
   * so that what the battle decides for both sides is counted the same way; NULL for a list. */
  json_object *battle_settings;
  GPtrArray   *units;      /* of AdjArmyUnit */
  int          book_total; /* templates only: the total the source gives, or -1 */
  int          book_stands;
};

typedef struct {
  char     *id;
  char     *label;         /* translated */
  char     *detail;        /* translated, e.g. "35 of 36 points" */
  gboolean  ok;
} AdjArmyCheck;

struct _AdjArmyReport {
  GPtrArray   *checks;     /* of AdjArmyCheck */
  json_object *values;     /* "total", "units", ... */
};

AdjArmy       *adj_army_new            (AdjRuleset   *rs,
                                        const char   *name);
void           adj_army_free           (AdjArmy      *army);
AdjArmy       *adj_army_from_json      (AdjRuleset   *rs,
                                        json_object  *json,
                                        const char   *file,
                                        const char   *path,
                                        gboolean      is_template,
                                        GError      **error);
/* Reads the file; the ruleset comes from the file's "ruleset" key. */
AdjArmy       *adj_army_load           (const char   *path,
                                        GError      **error);
AdjArmy       *adj_army_from_file_json (json_object  *json,
                                        const char   *file,
                                        GError      **error);
json_object   *adj_army_to_json        (AdjArmy      *army);
guint          adj_army_count_units    (AdjArmy      *army);

/* The example armies the ruleset ships (a new AdjArmy for each; free the array). */
GPtrArray     *adj_army_templates      (AdjRuleset   *rs,
                                        GError      **error);
AdjArmy       *adj_army_template       (AdjRuleset   *rs,
                                        const char   *id,
                                        GError      **error);

AdjArmyReport *adj_army_report_new     (void);
AdjArmyReport *adj_army_check          (AdjArmy      *army,
                                        GError      **error);
void           adj_army_report_free    (AdjArmyReport *report);
void           adj_army_report_add     (AdjArmyReport *report,
                                        const char    *id,
                                        const char    *label,
                                        gboolean       ok,
                                        const char    *detail_format,
                                        ...) G_GNUC_PRINTF (5, 6);
gboolean       adj_army_report_ok      (const AdjArmyReport *report);
json_object   *adj_army_report_to_json (const AdjArmyReport *report);

/* The units of one side of @battle as an army list, one entry per unit, so that the side's
 * points and limits are checked by adj_army_check() exactly as a list's are.  @units (of
 * AdjUnit), when not NULL, picks the units to count; NULL counts every unit of the side.
 * NULL when the battle has no such side. */
AdjArmy       *adj_army_new_for_side   (AdjBattle    *battle,
                                        const char   *side_id,
                                        GPtrArray    *units);

/* Add the army to @battle as a new side with one unit per stand or group. */
gboolean       adj_battle_add_army     (AdjBattle    *battle,
                                        const char   *side_id,
                                        AdjArmy      *army,
                                        GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjArmy, adj_army_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjArmyReport, adj_army_report_free)

G_END_DECLS
