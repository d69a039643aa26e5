/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: start Adjutant. */

#include "config.h"

#include <locale.h>

#include "adj-application.h"
#include "adj-i18n.h"

/* Whether the machine has a GPU that Mesa can draw with: a DRM render node. */
static gboolean
have_render_node (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/dev/dri", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_prefix (name, "renderD"))
        return TRUE;
    }
  return FALSE;
}

/* Without a GPU (a virtual machine, a remote desktop, a display server with no graphics
 * driver), GTK's OpenGL renderer draws through Mesa's software rasterizer, which loads LLVM,
 * takes some 100 MiB and slows the first frame; GTK's cairo renderer draws the same window with
 * a fraction of that.  So there, and only when the person starting Adjutant has not chosen a
 * renderer or GDK debug flags themselves, draw with cairo and keep GDK from loading OpenGL. */
static void
choose_renderer (void)
{
  if (g_getenv ("GSK_RENDERER") != NULL || g_getenv ("GDK_DEBUG") != NULL || have_render_node ())
    return;
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdjApplication) app = NULL;

  choose_renderer ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, adj_i18n_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = adj_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
