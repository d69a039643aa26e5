/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-bare-adw-window.c: a libadwaita window that does nothing, shown beside the bare GTK
 * window to tell what libadwaita alone costs every Adjutant start (its style sheet, its style
 * manager, its window).  It quits once its first frame is drawn, as bench-bare-window does.
 *
 *   bench-bare-adw-window [--text]
 *
 * With --text the window has what the smallest real window has: a header bar with its title and
 * buttons, and a status page with a title and a line of text.  That tells what showing any text
 * at all costs (the fonts found, loaded and shaped), which the empty window never pays. */

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

static gboolean with_text;

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  if (with_text)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *status = adw_status_page_new ();

      gtk_window_set_title (GTK_WINDOW (window), "A window with text");
      adw_status_page_set_title (ADW_STATUS_PAGE (status), "A window with text");
      adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                       "A header bar, a title and a line of text");
      gtk_widget_set_vexpand (status, TRUE);
      gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
      gtk_box_append (GTK_BOX (box), status);
      adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
    }
  g_signal_connect (window, "map", G_CALLBACK (on_map), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.adjutant.BareAdwWindow",
                                                       G_APPLICATION_DEFAULT_FLAGS);

  if (argc > 1 && g_str_equal (argv[1], "--text"))
    {
      with_text = TRUE;
      argc = 1;
    }

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
