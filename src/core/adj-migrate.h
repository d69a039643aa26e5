/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-migrate.h: bringing a file written by an older Adjutant up to the version this one reads.
 *
 * Every Adjutant file carries its "format" and "version".  When a format changes in a way an
 * older reader or writer would get wrong, its version goes up by one and a step is added to
 * that format's chain here: a function that turns a document of version n into one of version
 * n + 1, in the JSON, before the loader validates anything.  A file of any older version then
 * walks the chain step by step and is validated exactly as a new one is.  A file of a newer
 * version than the chain knows is refused by adj_json_check_format() with a message that says
 * so; nothing here guesses at the future.
 *
 * The chains start at version 1, the first version Adjutant ever wrote ("version": 0 never
 * existed, and no Adjutant file was ever written without a "version").  Every format is still
 * at version 1, so every chain is empty: the files the first release wrote load unchanged
 * (tests/data/battle-first-release.json is one, written by that release's adjutant-cli).
 */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* Upgrade @root, a document of the step's "from" version, to the next version, in place (the
 * chain sets "version" afterwards).  @path is where the document sits in @file ("$", or
 * "$.tables" for table values inside a battle). */
typedef gboolean (*AdjMigrateFunc) (json_object  *root,
                                    const char   *file,
                                    const char   *path,
                                    GError      **error);

typedef struct {
  gint64          from;      /* the version the step reads; it makes from + 1 */
  const char     *what;      /* what the step changes, in a sentence */
  AdjMigrateFunc  upgrade;
} AdjMigrateStep;

typedef struct {
  const char           *format;    /* "adjutant-battle", ... */
  gint64                current;   /* the version this build writes */
  const AdjMigrateStep *steps;     /* from version 1 up: current - 1 of them */
  guint                 n_steps;
} AdjMigrateChain;

/* The chain of a format ("adjutant-battle", "adjutant-army", "adjutant-ruleset",
 * "adjutant-tables"), or NULL for a format Adjutant does not have. */
const AdjMigrateChain *adj_migrate_chain_for (const char            *format);
/* Whether @chain has one step for every version from 1 up to its current one, in order. */
gboolean               adj_migrate_chain_is_complete (const AdjMigrateChain *chain);

/* @root, a document of @version (1 to @chain's current, as adj_json_check_format() has
 * checked), brought to the current version.  Returns a new reference: to @root itself when it
 * is current already, otherwise to an upgraded copy (the caller's document is never changed).
 * NULL, with @error set, when a step refuses the document. */
json_object           *adj_migrate (const AdjMigrateChain  *chain,
                                    json_object            *root,
                                    gint64                  version,
                                    const char             *file,
                                    const char             *path,
                                    GError                **error);

G_END_DECLS
