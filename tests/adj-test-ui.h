/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-ui.h: running the real application in a test and looking at what it shows. */

#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>

#include "adj-application.h"
#include "adj-battle-window.h"
#include "adj-test-util.h"

typedef void (*AdjUiCheck) (AdjApplication *app);

/* Let GTK lay out and draw: rows of a list view only exist once it has been allocated. */
static inline void
adj_test_settle (void)
{
  gint64 until = g_get_monotonic_time () + 300 * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static inline void
adj_test_collect_labels (GtkWidget *widget,
                         GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (out, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    adj_test_collect_labels (child, out);
}

/* Whether a label with exactly this text is on screen inside @root. */
static inline gboolean
adj_test_shows (GtkWidget  *root,
                const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  adj_test_collect_labels (root, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (g_ptr_array_index (labels, i), text) == 0)
      return TRUE;
  return FALSE;
}

static inline void
adj_test_collect_type (GtkWidget *widget,
                       GType      type,
                       GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    adj_test_collect_type (child, type, out);
}

/* The first widget of @type inside @root, or NULL. */
static inline GtkWidget *
adj_test_find_type (GtkWidget *root,
                    GType      type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  adj_test_collect_type (root, type, found);
  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

/* The button inside @root labelled @label (with its mnemonic: "_Roll"), or NULL. */
static inline GtkWidget *
adj_test_find_button (GtkWidget  *root,
                      const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  adj_test_collect_type (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), label) == 0)
      return g_ptr_array_index (buttons, i);
  return NULL;
}

/* The battle windows of the application, in the order GTK lists them. */
static inline AdjBattleWindow *
adj_test_the_window (AdjApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ADJ_IS_BATTLE_WINDOW (l->data))
      return ADJ_BATTLE_WINDOW (l->data);
  g_assert_not_reached ();
  return NULL;
}

/* The dialogs the application has open (AdwMessageDialog and the like). */
/* Next Phase (Ctrl+Page Down), as often as it takes for @window's battle to reach the phase
 * @phase ("first-side": in a demo at set-up, the first side's activation). */
static inline void
adj_test_to_phase (AdjBattleWindow *window,
                   const char      *phase)
{
  for (int step = 0; step < 16; step++)
    {
      if (g_str_equal (adj_battle_get_phase (adj_battle_window_get_battle (window)), phase))
        return;
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL));
      adj_test_settle ();
    }
  g_error ("the battle never reached the phase “%s”", phase);
}

static inline AdwMessageDialog *
adj_test_find_dialog (AdjApplication *app)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* Answer the dialog on top, whose heading is @heading (NULL: any), the way a click would, and
 * let it go. */
static inline void
adj_test_answer (AdjApplication *app,
                 const char     *heading,
                 const char     *response)
{
  AdwMessageDialog *dialog = adj_test_find_dialog (app);

  g_assert_nonnull (dialog);
  if (heading != NULL)
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
  adj_test_settle ();
}

/* Answer the file chooser on top, whose title is @title, with @path and its accept button, the
 * way a person types a name and clicks Save; then wait (five seconds at most) for @path to be
 * written.  Without a portal a GtkFileChooserNative shows a GtkFileChooserDialog, which a save
 * answers only after it has looked the file up: hence the wait. */
static inline void
adj_test_answer_file_chooser (const char *title,
                              const char *path)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *chooser = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  gint64 until = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        chooser = w;
    }
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_window_get_title (chooser), ==, title);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder,
                                                      &error));
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  adj_test_settle ();
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  while (!g_file_test (path, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  adj_test_settle ();
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

typedef struct {
  AdjUiCheck check;
  gboolean   ran;
} AdjUiRun;

static inline gboolean
adj_test_run_check (gpointer user_data)
{
  GApplication *app = g_application_get_default ();
  AdjUiRun *data = g_object_get_data (G_OBJECT (app), "adj-ui-run");
  GListModel *toplevels;

  data->check (ADJ_APPLICATION (app));
  data->ran = TRUE;
  /* Destroy every window, dialogs included, without asking: the test is over. */
  toplevels = gtk_window_get_toplevels ();
  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, 0);
      gtk_window_destroy (w);
    }
  return G_SOURCE_REMOVE;
}

static inline void
adj_test_on_window_added (GtkApplication *app,
                          GtkWindow      *window,
                          gpointer        user_data)
{
  g_idle_add (adj_test_run_check, NULL);
  g_signal_handlers_disconnect_by_func (app, adj_test_on_window_added, user_data);
}

/* Run the application with @option (or none) and call @check once its first window is up. */
static inline void
adj_test_run_app (AdjUiCheck  check,
                  const char *option)
{
  AdjApplication *app = adj_application_new (G_APPLICATION_NON_UNIQUE);
  AdjUiRun data = { check, FALSE };
  char *argv[] = { (char *) "adjutant", (char *) option, NULL };
  int status;

  g_object_set_data (G_OBJECT (app), "adj-ui-run", &data);
  g_signal_connect (app, "window-added", G_CALLBACK (adj_test_on_window_added), NULL);
  status = g_application_run (G_APPLICATION (app), option != NULL ? 2 : 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (data.ran);
  g_assert_finalize_object (app);
}

static char *adj_test_data_home;

/* End a test program of window tests: its private data folder (autosaves) goes. */
static inline int
adj_test_finish_ui (int status)
{
  g_clear_pointer (&adj_test_data_home, adj_test_data_home_free);
  return status;
}

/* Start a test program of window tests: skip everything when there is no display. */
static inline gboolean
adj_test_init_ui (int    *argc,
                  char ***argv)
{
  g_test_init (argc, argv, NULL);
  /* A data folder of its own, so no autosave of an earlier run turns up. */
  adj_test_data_home = adj_test_data_home_new ("data");
  /* A crash restore offer would get in the way of every test but the one about it. */
  g_setenv ("ADJUTANT_NO_RESTORE", "1", TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      adj_test_finish_ui (0);
      return FALSE;
    }
  adw_init ();
  return TRUE;
}
