/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-journal.h: the game log — every action, what it rolled and what it changed.
 *
 * Each entry keeps the exact changes it made (the value before and after), so undo and redo
 * step one entry at a time without replaying the game from the start.
 */

#pragma once

#include <gio/gio.h>
#include <json-c/json.h>

#include "adj-json.h"
#include "adj-types.h"

G_BEGIN_DECLS

typedef enum {
  ADJ_CHANGE_SET,          /* a field of the battle, a side or a unit */
  ADJ_CHANGE_ADD_UNIT,
  ADJ_CHANGE_REMOVE_UNIT,
} AdjChangeOp;

typedef struct {
  AdjChangeOp  op;
  const char  *target;     /* "battle", "side:<id>" or "unit:<id>" (held, as the field is, in
                            * the change's own block) */
  const char  *field;      /* SET: "turn", "status.disrupted", "settings.dice", ... */
  json_object *before;     /* SET: the old value; REMOVE: the unit */
  json_object *after;      /* SET: the new value; ADD: the unit */
  guint        index;      /* ADD/REMOVE: the unit's place in the battle's list */
} AdjChange;

struct _AdjChangeSet {
  GPtrArray *changes;      /* of AdjChange */
};

struct _AdjEntry {
  guint        seq;        /* 1, 2, 3 ... in the order the entries were made */
  gint64       time;       /* microseconds since the epoch */
  char        *kind;       /* "mechanic", "edit", "turn", "units", "note" */
  char        *mechanic;   /* the mechanic id, for kind "mechanic" */
  char        *summary;    /* one readable line: "Fire combat: 2nd Battalion destroyed" */
  int          turn;       /* the turn and phase when it was made */
  char        *phase;
  char        *phase_label; /* that phase as it read then ("Zulu army activates"), or NULL */
  json_object *inputs;     /* may be NULL */
  json_object *outcome;    /* may be NULL */
  /* The odds of what happened, worked out when it was rolled (adj-entry-odds.h), for kind
   * "mechanic"; may be NULL */
  json_object *odds;
  AdjChangeSet *changes;
  json_object *json;       /* the document the entry was read from, or what
                            * adj_entry_to_json() made once the entry was in a journal;
                            * it never changes after that; or NULL */
};

struct _AdjJournal {
  GPtrArray *entries;      /* of AdjEntry */
  guint      position;     /* entries [0, position) are in effect; the rest can be redone */
  guint      next_seq;
};

AdjChangeSet *adj_change_set_new       (void);
void          adj_change_set_free      (AdjChangeSet *set);
guint         adj_change_set_len       (const AdjChangeSet *set);
AdjChange    *adj_change_set_get       (const AdjChangeSet *set,
                                        guint               i);
/* Take ownership of @before and @after. */
void          adj_change_set_add_set   (AdjChangeSet *set,
                                        const char   *target,
                                        const char   *field,
                                        json_object  *before,
                                        json_object  *after);
void          adj_change_set_add_unit  (AdjChangeSet *set,
                                        json_object  *unit,
                                        guint         index);
void          adj_change_set_remove_unit (AdjChangeSet *set,
                                          json_object  *unit,
                                          guint         index);
json_object  *adj_change_set_to_json   (const AdjChangeSet *set);
AdjChangeSet *adj_change_set_from_json (json_object  *json,
                                        const char   *file,
                                        const char   *path,
                                        GError      **error);

AdjEntry     *adj_entry_new            (const char   *kind,
                                        const char   *mechanic,
                                        const char   *summary);
void          adj_entry_free           (AdjEntry     *entry);
json_object  *adj_entry_to_json        (const AdjEntry *entry);
AdjEntry     *adj_entry_from_json      (json_object  *json,
                                        const char   *file,
                                        const char   *path,
                                        GError      **error);

AdjJournal   *adj_journal_new          (void);
void          adj_journal_free         (AdjJournal   *journal);
guint         adj_journal_get_n_entries (const AdjJournal *journal);
AdjEntry     *adj_journal_get_entry    (const AdjJournal *journal,
                                        guint             i);
gboolean      adj_journal_can_undo     (const AdjJournal *journal);
gboolean      adj_journal_can_redo     (const AdjJournal *journal);
/* Drop the entries after the position, then append (taking ownership). */
void          adj_journal_push         (AdjJournal   *journal,
                                        AdjEntry     *entry);

/* One journal entry as a list item, for views of the journal: it keeps what it shows, and
 * says whether the entry is currently undone. */
#define ADJ_TYPE_JOURNAL_ITEM (adj_journal_item_get_type ())

G_DECLARE_FINAL_TYPE (AdjJournalItem, adj_journal_item, ADJ, JOURNAL_ITEM, GObject)

AdjJournalItem *adj_journal_item_new        (const AdjEntry *entry,
                                             gboolean        undone);
guint           adj_journal_item_get_seq    (AdjJournalItem *item);
const char     *adj_journal_item_get_kind   (AdjJournalItem *item);
const char     *adj_journal_item_get_summary (AdjJournalItem *item);
int             adj_journal_item_get_turn   (AdjJournalItem *item);
const char     *adj_journal_item_get_phase  (AdjJournalItem *item);
/* The phase as it read when the entry was made, with its side named; NULL in entries of files
 * made before entries kept it (the ruleset's label then serves). */
const char     *adj_journal_item_get_phase_label (AdjJournalItem *item);
/* The outcome as recorded (reason, rolls), or NULL. */
json_object    *adj_journal_item_get_outcome (AdjJournalItem *item);
gboolean        adj_journal_item_get_undone (AdjJournalItem *item);
void            adj_journal_item_set_undone (AdjJournalItem *item,
                                             gboolean        undone);
/* The journal as a list of AdjJournalItem, one per entry, each made when first asked for: a long
 * game is read without building an item for every entry.  The model owns its journal; whoever
 * changes the journal's entries says so with adj_journal_model_changed(). */
#define ADJ_TYPE_JOURNAL_MODEL (adj_journal_model_get_type ())

G_DECLARE_FINAL_TYPE (AdjJournalModel, adj_journal_model, ADJ, JOURNAL_MODEL, GObject)

AdjJournalModel *adj_journal_model_new         (void);
AdjJournal      *adj_journal_model_get_journal (AdjJournalModel *model);
/* At @position, @removed entries went and @added came. */
void             adj_journal_model_changed     (AdjJournalModel *model,
                                                guint            position,
                                                guint            removed,
                                                guint            added);
/* The entry at @index was undone or redone. */
void             adj_journal_model_set_undone  (AdjJournalModel *model,
                                                guint            index,
                                                gboolean         undone);

/* "Firer 6 + 6, Target 1 + 1" or "Queen of Hearts", from the outcome's rolls. */
char           *adj_journal_describe_rolls  (json_object    *outcome);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjChangeSet, adj_change_set_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjEntry, adj_entry_free)

G_END_DECLS
