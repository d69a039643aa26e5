/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rng.h: the per-battle random generator (xoshiro256**), seedable and saveable. */

#pragma once

#include "adj-types.h"

G_BEGIN_DECLS

struct _AdjRng {
  guint64 s[4];
};

void     adj_rng_seed         (AdjRng      *rng,
                               guint64      seed);
void     adj_rng_seed_random  (AdjRng      *rng);
guint64  adj_rng_next         (AdjRng      *rng);
/* A uniform integer in [0, n), without modulo bias. */
guint32  adj_rng_below        (AdjRng      *rng,
                               guint32      n);
int      adj_rng_die          (AdjRng      *rng,
                               guint        sides);
/* The state as 64 hex digits, and back. */
char    *adj_rng_to_string    (const AdjRng *rng);
gboolean adj_rng_from_string  (AdjRng      *rng,
                               const char  *text);

G_END_DECLS
