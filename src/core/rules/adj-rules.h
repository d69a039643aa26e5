/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rules.h: the game systems built into Adjutant, one C file each. */

#pragma once

#include "adj-mechanic.h"

G_BEGIN_DECLS

extern const AdjSystem adj_wec_system;
extern const AdjSystem adj_rn_system;
extern const AdjSystem adj_gl_system;
extern const AdjSystem adj_rf_system;
extern const AdjSystem adj_rr_system;

G_END_DECLS
