/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl.h: what the Glidden turn view needs beyond the mechanics. */

#pragma once

#include <glib.h>

#include "adj-types.h"

G_BEGIN_DECLS

/* What the side whose card is up may do in @phase ("movement" or "fire") when a card governs
 * @governs ("unit": one unit acts; "phase": every unit of the side), translated. */
const char *adj_gl_task_note          (const char *phase,
                                       const char *governs);
/* Whether the card up in @battle's phase still waits for its side: it lets one unit act and no
 * unit has acted on it yet.  Until then the side acts; after, the next card is the step. */
gboolean    adj_gl_card_waits         (AdjBattle  *battle);
/* What the colour of the turned card decides, translated. */
const char *adj_gl_card_colours_note  (void);

G_END_DECLS
