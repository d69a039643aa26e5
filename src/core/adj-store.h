/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-store.h: reading and writing battles, safely (adj-file.h), and their autosaves. */

#pragma once

#include <json-c/json.h>

#include "adj-file.h"
#include "adj-types.h"

G_BEGIN_DECLS

gboolean   adj_store_save_battle   (AdjBattle   *battle,
                                    const char  *path,
                                    GError     **error);
/* A battle's JSON (adj_battle_to_json(), with anything added), written as battles are. */
gboolean   adj_store_save_battle_json (json_object *json,
                                       const char  *path,
                                       GError     **error);
AdjBattle *adj_store_load_battle   (const char  *path,
                                    GError     **error);
/* Whether the file @battle was last loaded from or saved to (by the two calls above) is no
 * longer as it was then: another program saved over it, changed it or removed it.  Saving
 * now would lose what that program wrote; a caller can offer to load it again first.  FALSE
 * for a battle never loaded from or saved to a file. */
gboolean   adj_store_battle_changed_on_disk (AdjBattle *battle);

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


G_END_DECLS
