/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-bare-adw-window.c: a libadwaita window that does nothing, shown beside the bare GTK
 * window to tell what libadwaita alone costs every Adjutant start (its style sheet, its style
 * manager, its window).  It quits once its first frame is drawn, as bench-bare-window does. */

#include <adwaita.h>

static void
on_first_paint (GdkFrameClock *clock,
                gpointer       app)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_paint, app);
  g_application_quit (G_APPLICATION (app));
}

static void
on_map (GtkWidget *window,
        gpointer   app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_first_paint), app);
}

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  g_signal_connect (window, "map", G_CALLBACK (on_map), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.adjutant.BareAdwWindow",
                                                       G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
