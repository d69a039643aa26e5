/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-i18n.h: translating labels that come from rulesets and mechanic declarations.
 *
 * Both are written in English and marked (N_ in C, the labels of the ruleset JSON files), then
 * looked up in the catalogue when they are shown.
 */

#pragma once

#include <glib/gi18n-lib.h>

G_BEGIN_DECLS

/* Where the message catalogues are: the build tree's for a program run from the build tree,
 * LOCALEDIR once installed. */
const char *adj_i18n_locale_dir (void);

/* What _() does in the core: the translation of a string literal, from a cache after the
 * first time.  Only for literals: the cache is keyed by address. */
const char *adj_gettext_literal (const char *msgid) G_GNUC_FORMAT (1);

#undef _
#define _(String) adj_gettext_literal (String)

/* The translation of any text, from a second cache keyed by the text: what it returns lives as
 * long as the program (unless thousands of other texts came first, when it is gettext's own
 * answer again).  NULL and "" are returned as they are. */
const char *adj_gettext (const char *text);

G_END_DECLS
