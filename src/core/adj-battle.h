/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle.h: a battle — sides, units, turn and phase, the generator, the pack and the
 * journal.
 *
 * Every change to a battle in play goes through adj_battle_commit() as a journal entry, which
 * makes it undoable and triggers the autosave.  Loading and building a battle (before play)
 * use the unjournaled adj_battle_add_side() and adj_battle_insert_unit().
 */

#pragma once

#include <gio/gio.h>
#include <json-c/json.h>

#include "adj-cards.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-rng.h"
#include "adj-unit.h"

G_BEGIN_DECLS

#define ADJ_BATTLE_FORMAT  "adjutant-battle"
#define ADJ_BATTLE_VERSION 2

typedef struct {
  char        *id;
  char        *name;
  json_object *settings;   /* values of the ruleset's side fields */
} AdjSide;

#define ADJ_TYPE_BATTLE (adj_battle_get_type ())

G_DECLARE_FINAL_TYPE (AdjBattle, adj_battle, ADJ, BATTLE, GObject)

AdjBattle    *adj_battle_new              (AdjRuleset   *rs,
                                           const char   *name);
AdjRuleset   *adj_battle_get_ruleset      (AdjBattle    *battle);
const char   *adj_battle_get_uid          (AdjBattle    *battle);
const char   *adj_battle_get_name         (AdjBattle    *battle);
int           adj_battle_get_turn         (AdjBattle    *battle);
const char   *adj_battle_get_phase        (AdjBattle    *battle);
json_object  *adj_battle_get_settings     (AdjBattle    *battle);
AdjRng       *adj_battle_get_rng          (AdjBattle    *battle);
/* The battle's pack: there is always one, shuffled from the battle's generator when the battle is
 * made, or when a file or an undone change brings none. */
AdjPack      *adj_battle_get_pack         (AdjBattle    *battle);
AdjJournal   *adj_battle_get_journal      (AdjBattle    *battle);
/* Every unit, of every side, as a GListModel of AdjUnit. */
GListModel   *adj_battle_get_units        (AdjBattle    *battle);
/* The unit at @position among adj_battle_get_units(), owned by the battle (no reference is
 * taken, so a loop over every unit stays quick); NULL past the end. */
AdjUnit      *adj_battle_peek_unit        (AdjBattle    *battle,
                                           guint         position);
/* Where @unit stands among adj_battle_get_units(); FALSE when it is not in the battle. */
gboolean      adj_battle_get_unit_position (AdjBattle   *battle,
                                           AdjUnit      *unit,
                                           guint        *position);
guint         adj_battle_get_n_units      (AdjBattle    *battle);
AdjUnit      *adj_battle_find_unit        (AdjBattle    *battle,
                                           const char   *id);
GPtrArray    *adj_battle_get_sides        (AdjBattle    *battle);   /* of AdjSide */
AdjSide      *adj_battle_find_side        (AdjBattle    *battle,
                                           const char   *id);
const char   *adj_battle_get_side_setting_string (AdjBattle *battle,
                                                  const char *side,
                                                  const char *field);
int           adj_battle_get_side_setting_int    (AdjBattle *battle,
                                                  const char *side,
                                                  const char *field);
/* Hidden information a system keeps with the battle (the markers of a hidden deployment, say),
 * by name: an opaque text, obscured by the system (adj-secret.h), or NULL.  It is saved with
 * the battle and changed through the journal as the battle field "secrets.<name>". */
const char   *adj_battle_get_secret       (AdjBattle    *battle,
                                           const char   *name);
/* A unit's points value from its type (and rating where the system rates by it). */
int           adj_battle_unit_value       (AdjBattle    *battle,
                                           AdjUnit      *unit);
const AdjUnitType *adj_battle_unit_type   (AdjBattle    *battle,
                                           AdjUnit      *unit);

/* ---- building (not journaled) ---- */
AdjSide      *adj_battle_add_side         (AdjBattle    *battle,
                                           const char   *id,
                                           const char   *name,
                                           json_object  *settings,
                                           GError      **error);
/* Check a unit's JSON against the ruleset and the battle; fills in missing status defaults. */
AdjUnit      *adj_battle_unit_from_json   (AdjBattle    *battle,
                                           json_object  *json,
                                           const char   *file,
                                           const char   *path,
                                           GError      **error);
AdjUnit      *adj_battle_insert_unit      (AdjBattle    *battle,
                                           json_object  *json,
                                           GError      **error);
/* A fresh unit id ("u17") that no unit of the battle has. */
char         *adj_battle_new_unit_id      (AdjBattle    *battle);
/* Give the battle a new identity, so that a copy (of the demo, say) autosaves apart. */
void          adj_battle_renew_uid        (AdjBattle    *battle);
/* Seeds the generator and shuffles a fresh pack from it: the dice and cards from here on follow
 * from @seed alone. */
void          adj_battle_set_seed         (AdjBattle    *battle,
                                           guint64       seed);
/* Where the battle autosaves to after every journal change; NULL stops it. */
void          adj_battle_set_autosave_path (AdjBattle   *battle,
                                            const char  *path);
const char   *adj_battle_get_autosave_path (AdjBattle   *battle);
/* Why the last autosave failed, in full, or NULL while they succeed (property
 * "autosave-error"). */
const char   *adj_battle_get_autosave_error (AdjBattle  *battle);
/* Writes @battle's autosave to @path, as adj_store_write_autosave() does. */
typedef gboolean (*AdjAutosaveFunc) (AdjBattle   *battle,
                                     const char  *path,
                                     GError     **error);
/* What writes the autosave: the battle only says when.  adj_store_start_autosave() gives it
 * the store's writer and path. */
void          adj_battle_set_autosave_func (AdjBattle       *battle,
                                            AdjAutosaveFunc  func);

/* ---- play (journaled) ---- */
/* Check every change of @entry, apply them, and record the entry (taking ownership). */
gboolean      adj_battle_commit           (AdjBattle    *battle,
                                           AdjEntry     *entry,
                                           GError      **error);
/* Record a change to one field of the battle ("battle"), a side or a unit. */
gboolean      adj_battle_edit             (AdjBattle    *battle,
                                           const char   *target,
                                           const char   *field,
                                           json_object  *value,
                                           GError      **error);
/* Add a change of a field to @changes, reading its current value as "before". */
gboolean      adj_battle_change_field     (AdjBattle    *battle,
                                           AdjChangeSet *changes,
                                           const char   *target,
                                           const char   *field,
                                           json_object  *value,
                                           GError      **error);
AdjUnit      *adj_battle_add_unit         (AdjBattle    *battle,
                                           json_object  *json,
                                           GError      **error);
gboolean      adj_battle_remove_unit      (AdjBattle    *battle,
                                           const char   *unit_id,
                                           GError      **error);
gboolean      adj_battle_next_phase       (AdjBattle    *battle,
                                           GError      **error);
/* The next turn begins with its first phase that is not played once (set-up); from set-up, the
 * battle's first turn begins. */
gboolean      adj_battle_next_turn        (AdjBattle    *battle,
                                           GError      **error);
/* The label of @phase (NULL: the battle's phase now), translated, with the name of the side
 * it belongs to this turn when it belongs to one: "Zulu army activates". */
char         *adj_battle_phase_label      (AdjBattle    *battle,
                                           const char   *phase);
/* The side the battle's phase now belongs to this turn ("first-side": the side that activates
 * first), or NULL when it belongs to both. */
AdjSide      *adj_battle_phase_side       (AdjBattle    *battle);
gboolean      adj_battle_undo             (AdjBattle    *battle,
                                           GError      **error);
gboolean      adj_battle_redo             (AdjBattle    *battle,
                                           GError      **error);
gboolean      adj_battle_can_undo         (AdjBattle    *battle);
/* Whether the journal moved since the battle was loaded or last saved ("modified"). */
gboolean      adj_battle_get_modified     (AdjBattle    *battle);
void          adj_battle_mark_saved       (AdjBattle    *battle);
/* Say the battle holds changes its file does not have (a restored autosave, a new battle). */
void          adj_battle_mark_unsaved     (AdjBattle    *battle);
/* The file the battle belongs to, kept in its autosave so a restore knows where it goes. */
const char   *adj_battle_get_file_path    (AdjBattle    *battle);
void          adj_battle_set_file_path    (AdjBattle    *battle,
                                           const char   *path);
/* Write the autosave now (it is written after every journal change anyway), with the writer
 * adj_battle_set_autosave_func() gave; a battle with an autosave path and no writer fails. */
gboolean      adj_battle_autosave         (AdjBattle    *battle,
                                           GError      **error);
/* The journal as a GListModel of AdjJournalItem, kept in step with commits, undo and redo. */
GListModel   *adj_battle_get_journal_model (AdjBattle   *battle);
/* Turn a card from the pack (or take @entered, a card turned by hand), as a journal entry. */
gboolean      adj_battle_turn_card        (AdjBattle     *battle,
                                           const AdjCard *entered,
                                           AdjCard       *card,
                                           GError       **error);
/* Gather every card and shuffle, as a journal entry. */
gboolean      adj_battle_reshuffle        (AdjBattle    *battle,
                                           GError      **error);
/* Whether a status of @unit hides it from the table (a group under a marker, say). */
gboolean      adj_battle_unit_is_hidden   (AdjBattle    *battle,
                                           AdjUnit      *unit);
/* Who takes part in an action: the names of the units and sides @inputs name ("British
 * Regular Infantry 3 against Zulu Spearmen 5"), a hidden unit named only as hidden.  Names the
 * result's @title (may be NULL) says already are left out — all of them, unless the action is a
 * fight.  NULL when no name is left. */
char         *adj_battle_name_actors      (AdjBattle    *battle,
                                           AdjInputs    *inputs,
                                           const char   *title);
/* How the phase of a journal entry reads: its @phase_label as kept, or, in entries from before
 * they kept one, the ruleset's label of @phase; NULL without a phase. */
const char   *adj_battle_entry_phase      (AdjBattle    *battle,
                                           const char   *phase,
                                           const char   *phase_label);
/* One line of the story of the game: @entry's phase, what happened, why and its dice ("*Zulu
 * army activates* — Fire combat — ...: ... (Firer 6 + 6, Target 1 + 1)"). */
char         *adj_battle_story_line       (AdjBattle      *battle,
                                           const AdjEntry *entry,
                                           gboolean        markdown);
/* The game so far, as a readable report (plain text, or Markdown). */
char         *adj_battle_report           (AdjBattle    *battle,
                                           gboolean      markdown);
gboolean      adj_battle_can_redo         (AdjBattle    *battle);

/* ---- mechanics against this battle ---- */
void          adj_battle_context          (AdjBattle    *battle,
                                           AdjContext   *ctx);
/* A source of dice and cards for resolving against this battle: its generator, and a copy of
 * its pack that adj_battle_apply_outcome() makes the battle's own. */
AdjRandom    *adj_battle_new_random       (AdjBattle    *battle);
/* Fill the inputs that declare a source ("firer.type") from the units and sides named. */
gboolean      adj_battle_prefill          (AdjBattle    *battle,
                                           AdjInputs    *inputs,
                                           GError      **error);
/* Record an outcome resolved against this battle: its changes and a journal entry. */
gboolean      adj_battle_apply_outcome    (AdjBattle    *battle,
                                           AdjInputs    *inputs,
                                           AdjOutcome   *outcome,
                                           GError      **error);

/* Resolve @mechanic_id against the battle in one go — inputs from @inputs (which may name units
 * and sides; the rest is pre-filled, and what @inputs says wins), dice and cards from the
 * battle's generator and pack — and record the outcome.  Returns the outcome applied. */
AdjOutcome   *adj_battle_run              (AdjBattle    *battle,
                                           const char   *mechanic_id,
                                           json_object  *inputs,
                                           GError      **error);
/* As adj_battle_run(), for an action the referee allows although the rules forbid it now: the
 * outcome and its journal entry keep what the rules said against it. */
AdjOutcome   *adj_battle_run_ruling       (AdjBattle    *battle,
                                           const char   *mechanic_id,
                                           json_object  *inputs,
                                           GError      **error);

/* The players' table values the battle carries (adj-tables.h), or NULL; not journaled: use
 * adj_battle_embed_tables(), which also marks the battle changed. */
AdjTables    *adj_battle_get_tables       (AdjBattle    *battle);
void          adj_battle_set_tables       (AdjBattle    *battle,
                                           AdjTables    *tables);
/* Put a copy of @tables into the battle (NULL takes them out); the battle then counts as
 * changed and is autosaved. */
gboolean      adj_battle_embed_tables     (AdjBattle    *battle,
                                           AdjTables    *tables,
                                           GError      **error);
/* A copy of the tables the battle carries, or NULL. */
AdjTables    *adj_battle_extract_tables   (AdjBattle    *battle);

/* ---- files ---- */
json_object  *adj_battle_to_json          (AdjBattle    *battle);
AdjBattle    *adj_battle_from_json        (json_object  *json,
                                           const char   *file,
                                           GError      **error);

G_END_DECLS
