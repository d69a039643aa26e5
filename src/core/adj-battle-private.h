/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-private.h: what adj-battle.c and adj-battle-json.c share: a battle's fields, its
 * list of units, its limits and the checks that both a change and a file go through. */

#pragma once

#include "adj-battle.h"
#include "adj-file.h"

G_BEGIN_DECLS

#define MAX_UNITS    20000
#define MAX_SIDES    16
#define MAX_ENTRIES  1000000
#define MAX_SECRET   (1024 * 1024)

#define ADJ_TYPE_UNIT_LIST (adj_unit_list_get_type ())
G_DECLARE_FINAL_TYPE (AdjUnitList, adj_unit_list, ADJ, UNIT_LIST, GObject)

/* The battle's units in their order: a list model over an array of its own rather than a
 * GListStore, so that a loop over every unit can read each without a reference
 * (adj_battle_peek_unit()). */
struct _AdjUnitList {
  GObject    parent_instance;
  GPtrArray *units;   /* of AdjUnit, owned */
};

struct _AdjBattle {
  GObject      parent_instance;
  AdjRuleset  *ruleset;
  char        *uid;
  char        *name;
  int          turn;
  char        *phase;
  json_object *settings;
  json_object *secrets;      /* name -> an opaque text the system keeps hidden (adj-secret.h) */
  GPtrArray   *sides;
  AdjUnitList *units;
  GHashTable  *unit_index;   /* id -> AdjUnit, borrowed from the list */
  AdjRng       rng;
  AdjPack     *pack;
  AdjJournal  *journal;
  guint        next_unit;
  gint64       created;
  char        *autosave_path;
  char        *autosave_error; /* why the last autosave failed, or NULL once one succeeds */
  AdjAutosaveFunc autosave_func; /* writes the autosave to autosave_path (adj-store.c) */
  char        *file_path;    /* the file it was opened from or saved to, or NULL */
  AdjJournalModel *journal_items; /* owns the journal, whose entries it lists */
  guint        saved_head;   /* seq of the newest entry in effect when last saved */
  AdjTables   *tables;       /* the players' table values it carries (adj-tables.h), or NULL */
  char        *disk_path;    /* the file adj-store.c last read it from or wrote it to, or NULL */
  AdjFileStamp disk_stamp;   /* that file as it was then */
};

/* Insert @units (their references too) at @position, then say so once. */
void     adj_unit_list_insert          (AdjUnitList        *list,
                                        guint               position,
                                        AdjUnit           **units,
                                        guint               n);

void     adj_battle_fill_defaults      (json_object        *settings,
                                        GPtrArray          *fields);
gboolean adj_battle_check_settings     (AdjRuleset         *rs,
                                        GPtrArray          *fields,
                                        json_object        *settings,
                                        const char         *file,
                                        const char         *path,
                                        GError            **error);
gboolean adj_battle_check_side         (AdjBattle          *battle,
                                        const char         *id,
                                        const char         *name,
                                        json_object        *settings,
                                        const char         *file,
                                        const char         *path,
                                        GError            **error);
gboolean adj_battle_check_name         (const char         *name,
                                        const char         *file,
                                        const char         *path,
                                        GError            **error);
gboolean adj_battle_check_weapon       (AdjRuleset         *rs,
                                        const AdjUnitType  *type,
                                        const char         *weapon,
                                        GError            **error);
gboolean adj_battle_check_status_value (AdjRuleset         *rs,
                                        const AdjUnitType  *type,
                                        const char         *key,
                                        json_object        *value,
                                        GError            **error);
/* The seq of the newest entry in effect, or 0. */
guint    adj_battle_journal_head       (AdjBattle          *battle);
/* Keeps the ids adj_battle_new_unit_id() makes clear of @id. */
void     adj_battle_note_unit_id       (AdjBattle          *battle,
                                        const char         *id);
/* Shuffles a new pack from the battle's generator when it has none. */
void     adj_battle_ensure_pack        (AdjBattle          *battle);

G_END_DECLS
