/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gen.h: large battles made on demand for benchmarks and stress tests.
 *
 * A generated battle starts from a system's bundled demo battle: its sides and settings are
 * kept, its units are repeated (with fresh ids and numbered names) until there are as many as
 * asked, and then the journal is filled by playing: status changes on random units, every few
 * entries a real mechanic resolved between units of opposing sides, and now and then the next
 * phase.  The same seed always makes the same battle.
 */

#pragma once

#include "adj-battle.h"

G_BEGIN_DECLS

/* The bundled demo battle of a system ("data/demo/<id>-*.json"), or NULL when there is none. */
char      *adj_gen_demo_path   (const char *ruleset_id);

AdjBattle *adj_gen_battle      (const char *ruleset_id,
                                guint       n_units,
                                guint       n_entries,
                                guint64     seed,
                                GError    **error);

/* Append @n_entries journal entries to @battle, as adj_gen_battle() does. */
gboolean   adj_gen_play        (AdjBattle  *battle,
                                guint       n_entries,
                                guint64     seed,
                                GError    **error);

G_END_DECLS
