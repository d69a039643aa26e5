/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-start.c: start the real application on the demo battle and check what it shows. */

#include "config.h"

#include <adwaita.h>

#include "adj-application.h"
#include "adj-battle-window.h"
#include "adj-json.h"
#include "adj-side-view.h"
#include "adj-unit-row.h"

typedef void (*CheckFunc) (AdjApplication *app);

typedef struct {
  CheckFunc check;
  gboolean  ran;
} RunData;

static void
collect_labels (GtkWidget *widget,
                GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (out, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

static gboolean
shows_label (GtkWidget  *root,
             const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (root, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (g_ptr_array_index (labels, i), text) == 0)
      return TRUE;
  return FALSE;
}

static void
collect_type (GtkWidget *widget,
              GType      type,
              GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_type (child, type, out);
}

static AdjBattleWindow *
the_window (AdjApplication *app)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  g_assert_cmpuint (g_list_length (windows), ==, 1);
  g_assert_true (ADJ_IS_BATTLE_WINDOW (windows->data));
  return ADJ_BATTLE_WINDOW (windows->data);
}

/* Let GTK lay out and draw: rows of a list view only exist once it has been allocated. */
static void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 400 * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static void
check_demo (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  g_autoptr(GPtrArray) side_views = g_ptr_array_new ();
  GPtrArray *sides;

  settle ();
  window = the_window (app);
  battle = adj_battle_window_get_battle (window);
  g_assert_nonnull (battle);
  g_assert_cmpstr (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), ==, "wec");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, adj_battle_get_name (battle));
  /* The demo opens as a copy: it is not tied to the bundled file. */
  g_assert_null (adj_battle_window_get_file (window));

  collect_type (GTK_WIDGET (window), ADJ_TYPE_SIDE_VIEW, side_views);
  sides = adj_battle_get_sides (battle);
  g_assert_cmpuint (side_views->len, ==, sides->len);
  g_assert_cmpuint (side_views->len, ==, 2);

  for (guint i = 0; i < side_views->len; i++)
    {
      AdjSideView *view = g_ptr_array_index (side_views, i);
      AdjSide *side = g_ptr_array_index (sides, i);
      GListModel *model = adj_side_view_get_model (view);
      guint expected = 0;

      g_assert_cmpstr (adj_side_view_get_side (view), ==, side->id);
      for (guint k = 0; k < adj_battle_get_n_units (battle); k++)
        {
          g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), k);
          if (g_str_equal (adj_unit_get_side (unit), side->id))
            expected++;
        }
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected);
      g_assert_true (shows_label (GTK_WIDGET (view), side->name));
    }

  /* The demo pits the British column (14 stands and a commander) against a Zulu impi. */
  g_assert_true (shows_label (GTK_WIDGET (window), "British army"));
  g_assert_true (shows_label (GTK_WIDGET (window), "Zulu army"));
  g_assert_true (shows_label (GTK_WIDGET (window), "British Regular Infantry 1"));
  g_assert_true (shows_label (GTK_WIDGET (window), "Zulu Spearmen 1"));
  g_assert_true (shows_label (GTK_WIDGET (window), "Native infantry · Hand-held weapons"));
  g_assert_true (shows_label (GTK_WIDGET (window), "Turn 1 of 12 · Set-up"));
}

static void
check_one_row_updates (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjBattle *battle;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  AdjUnitRow *target = NULL;
  g_autofree char *target_id = NULL;

  settle ();
  window = the_window (app);
  battle = adj_battle_window_get_battle (window);
  collect_type (GTK_WIDGET (window), ADJ_TYPE_UNIT_ROW, rows);
  g_assert_cmpuint (rows->len, >, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      AdjUnitRow *row = g_ptr_array_index (rows, i);
      guint n = adj_unit_row_get_updates (row);

      g_array_append_val (before, n);
      if (target == NULL && adj_unit_row_get_unit (row) != NULL &&
          g_str_equal (adj_unit_get_name (adj_unit_row_get_unit (row)), "Zulu Spearmen 1"))
        target = row;
    }
  g_assert_nonnull (target);

  target_id = g_strconcat ("unit:", adj_unit_get_id (adj_unit_row_get_unit (target)), NULL);
  g_assert_true (adj_battle_edit (battle, target_id, "destroyed", yes, &error));
  g_assert_no_error (error);
  settle ();

  for (guint i = 0; i < rows->len; i++)
    {
      AdjUnitRow *row = g_ptr_array_index (rows, i);
      guint now = adj_unit_row_get_updates (row);

      if (row == target)
        g_assert_cmpuint (now, ==, g_array_index (before, guint, i) + 1);
      else
        g_assert_cmpuint (now, ==, g_array_index (before, guint, i));
    }
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (target), "destroyed"));
  g_assert_true (shows_label (GTK_WIDGET (target), "Destroyed"));
  g_assert_true (shows_label (GTK_WIDGET (window), "D12 (native army) · 18 of 19 units left · 36 points left"));

  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (target), "destroyed"));
}

static void
check_empty_then_demo (AdjApplication *app)
{
  AdjBattleWindow *window;

  settle ();
  window = the_window (app);
  g_assert_null (adj_battle_window_get_battle (window));
  g_assert_true (shows_label (GTK_WIDGET (window), "No Battle Open"));

  g_action_group_activate_action (G_ACTION_GROUP (app), "demo", NULL);
  settle ();
  /* The demo went into the empty window rather than a new one. */
  g_assert_true (the_window (app) == window);
  g_assert_nonnull (adj_battle_window_get_battle (window));
  g_assert_true (shows_label (GTK_WIDGET (window), "Zulu Spearmen 1"));
}

static gboolean
run_check (gpointer user_data)
{
  GApplication *app = g_application_get_default ();
  RunData *data = g_object_get_data (G_OBJECT (app), "run-data");

  data->check (ADJ_APPLICATION (app));
  data->ran = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL;)
    {
      GList *next = l->next;
      gtk_window_destroy (GTK_WINDOW (l->data));
      l = next;
    }
  return G_SOURCE_REMOVE;
}

static void
on_window_added (GtkApplication *app,
                 GtkWindow      *window,
                 gpointer        user_data)
{
  g_idle_add (run_check, NULL);
  g_signal_handlers_disconnect_by_func (app, on_window_added, user_data);
}

static void
run_app (CheckFunc   check,
         const char *option)
{
  AdjApplication *app = adj_application_new (G_APPLICATION_NON_UNIQUE);
  RunData data = { check, FALSE };
  char *argv[] = { (char *) "adjutant", (char *) option, NULL };
  int status;

  g_object_set_data (G_OBJECT (app), "run-data", &data);
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  status = g_application_run (G_APPLICATION (app), option != NULL ? 2 : 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (data.ran);
  g_assert_finalize_object (app);
}

static void
test_demo (void)
{
  run_app (check_demo, "--demo");
}

static void
test_one_row_updates (void)
{
  run_app (check_one_row_updates, "--demo");
}

static void
test_empty_then_demo (void)
{
  run_app (check_empty_then_demo, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();

  g_test_add_func ("/ui/start/demo", test_demo);
  g_test_add_func ("/ui/start/one-row-updates", test_one_row_updates);
  g_test_add_func ("/ui/start/empty-then-demo", test_empty_then_demo);
  return g_test_run ();
}
