/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-store.h: reading and writing battles and army lists, safely, and their autosaves.
 *
 * A save never damages the file that is there: the new text goes to a temporary file in the
 * same folder, is flushed to the disk, and only then replaces the old file in one rename.
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* Write @text to @path atomically and durably. */
gboolean   adj_store_write_atomic  (const char  *path,
                                    const char  *text,
                                    gsize        length,
                                    GError     **error);
gboolean   adj_store_save_json     (json_object *json,
                                    const char  *path,
                                    GError     **error);
gboolean   adj_store_save_battle   (AdjBattle   *battle,
                                    const char  *path,
                                    GError     **error);
/* A battle's JSON (adj_battle_to_json(), with anything added), written as battles are. */
gboolean   adj_store_save_battle_json (json_object *json,
                                       const char  *path,
                                       GError     **error);
AdjBattle *adj_store_load_battle   (const char  *path,
                                    GError     **error);

/* What kind of Adjutant file this is ("adjutant-battle", "adjutant-army", ...), or NULL. */
const char *adj_store_sniff_format (json_object *json);

/* The folder autosaves go to, created on demand. */
char      *adj_store_autosave_dir  (void);
/* The file in that folder that @battle autosaves to. */
char      *adj_store_autosave_path (AdjBattle   *battle);
/* From now on @battle writes its autosave to that file, with adj_store_write_autosave(). */
void       adj_store_start_autosave (AdjBattle  *battle);
/* Write the autosave of @battle to @path: the battle's document, with a note of the file it
 * belongs to so that a restore knows where it goes.  An AdjAutosaveFunc. */
gboolean   adj_store_write_autosave (AdjBattle  *battle,
                                     const char *path,
                                     GError    **error);

/* Replaces write() for tests that simulate a full disk; NULL restores the real one. */
typedef gssize (*AdjStoreWriteFunc) (int fd, const void *buf, gsize count);
void       adj_store_set_write_func (AdjStoreWriteFunc func);

G_END_DECLS
