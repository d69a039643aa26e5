/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-format.h: quick printf for the explanations of a roll. */

#pragma once

#include <glib.h>
#include <stdarg.h>

G_BEGIN_DECLS

/* As g_strdup_printf(), much quicker for formats of only %s, %d, %i, %u (plain or numbered,
 * as in "%2$s") and %%; any other format is handed to g_strdup_vprintf(). */
char *adj_format   (const char *format,
                    ...) G_GNUC_PRINTF (1, 2) G_GNUC_MALLOC;
char *adj_format_v (const char *format,
                    va_list     args) G_GNUC_PRINTF (1, 0) G_GNUC_MALLOC;

/* The same, in a block of @head bytes followed by the text (*@text_out points to it), for a
 * record and its text in one allocation. */
char *adj_format_block_v (gsize        head,
                          char       **text_out,
                          const char  *format,
                          va_list      args) G_GNUC_PRINTF (3, 0) G_GNUC_MALLOC;

G_END_DECLS
