/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: start Adjutant. */

#include "config.h"

#include <locale.h>

#include "adj-application.h"
#include "adj-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdjApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, adj_i18n_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = adj_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
