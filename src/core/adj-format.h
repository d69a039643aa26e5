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

/* Many short texts that are freed together, as an explanation's lines are: they are kept in a
 * few chunks, not an allocation each.  An arena starts as NULL and grows as texts are added;
 * what it hands out lives until adj_text_arena_free() and is 8-byte aligned.  The block variant
 * puts @head bytes before the text (*@text_out points to it), for a record and its text
 * together. */
typedef struct _AdjTextArena AdjTextArena;

char *adj_text_arena_format_block_v (AdjTextArena **arena,
                                     gsize          head,
                                     char         **text_out,
                                     const char    *format,
                                     va_list        args) G_GNUC_PRINTF (4, 0);
char *adj_text_arena_format         (AdjTextArena **arena,
                                     const char    *format,
                                     ...) G_GNUC_PRINTF (2, 3);
char *adj_text_arena_strdup         (AdjTextArena **arena,
                                     const char    *text);
void  adj_text_arena_free           (AdjTextArena  *arena);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdjTextArena, adj_text_arena_free)

G_END_DECLS
