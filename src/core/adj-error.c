/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-error.c: the error domain of the core. */

#include "adj-error.h"

G_DEFINE_QUARK (adj-error-quark, adj_error)
