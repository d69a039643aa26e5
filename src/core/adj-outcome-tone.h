/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-outcome-tone.h: how a result went for the side that acted, for colouring it. */

#pragma once

#include "adj-mechanic.h"

G_BEGIN_DECLS

typedef enum {
  ADJ_TONE_NEUTRAL,   /* nobody in particular acted, or the result is neither good nor bad */
  ADJ_TONE_GOOD,
  ADJ_TONE_BAD,
  ADJ_TONE_MIXED,
} AdjTone;

/* How @outcome went for the side that acted: the firer or attacker of an action between two
 * units, the unit of a test, the side of a side's roll.  Results that only say a number, and
 * rolls between the two sides, are neutral. */
AdjTone  adj_outcome_get_tone         (const AdjOutcome *outcome);
/* Checks that every result given a tone is a declared result of a known mechanic. */
gboolean adj_outcome_tone_self_check  (GError          **error);

G_END_DECLS
