/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-i18n.h: translating labels that come from rulesets and mechanic declarations.
 *
 * Both are written in English and marked (N_ in C, the labels of the ruleset JSON files), then
 * looked up in the catalogue when they are shown.  _() is GLib's own.
 */

#pragma once

#include <glib/gi18n-lib.h>

G_BEGIN_DECLS

/* Where the message catalogues are: the build tree's for a program run from the build tree,
 * LOCALEDIR once installed. */
const char *adj_i18n_locale_dir (void);

/* The translation of a label held in a variable (from a ruleset or a declaration): NULL and ""
 * are returned as they are, as gettext would answer "" with the catalogue's header. */
static inline const char *
adj_gettext (const char *text)
{
  return text == NULL || text[0] == '\0' ? text : g_dgettext (GETTEXT_PACKAGE, text);
}

G_END_DECLS
