/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-layout.c: the window's layout on a small screen — at 1024x600 the action page of every
 * system keeps Roll and Apply in view, no page folds the window onto one pane, a unit's row keeps
 * its height when a badge comes, the Cards page shows only for systems that use cards, and the
 * form of an action shows only the inputs that apply to the stands chosen; once a result is
 * applied, its line and Undo show in the column and the window still fits. */

#include "config.h"

#include "adj-test-ui.h"
#include "adj-mechanic-panel.h"
#include "adj-result-view.h"
#include "adj-side-view.h"
#include "adj-unit-row.h"

static const char *const demos[] = {
  "wec-zulu-war", "rn-column-on-the-march", "gl-mission-station", "rf-patrol-at-the-kraal",
  "rr-colenso",
};

static char *tmpdir;

/* Open a copy of the demo battle @name in @app's window, at @width x @height. */
static AdjBattle *
open_demo (AdjApplication *app,
           const char     *name,
           int             width,
           int             height)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  g_autofree char *file_name = g_strconcat (name, ".json", NULL);
  g_autofree char *demo = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", file_name,
                                            NULL);
  g_autofree char *path = g_build_filename (tmpdir, file_name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (demo, &text, &length, &error));
  g_assert_true (g_file_set_contents (path, text, (gssize) length, &error));
  g_assert_no_error (error);
  if (adj_battle_window_get_battle (window) != NULL)
    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
  file = g_file_new_for_path (path);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  adj_test_settle ();
  adj_test_settle ();
  /* The default size holds the window's frame too: a few pixels less are left inside. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >, width - 16);
  /* Nor does anything in it ask for more height than the screen has. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
  adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
  return adj_battle_window_get_battle (window);
}

/* The first unit of side number @index whose type is of @category (NULL: any). */
static const char *
find_unit (AdjBattle  *battle,
           guint       index,
           const char *category)
{
  AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), index);
  GListModel *units = adj_battle_get_units (battle);
  AdjRuleset *rs = adj_battle_get_ruleset (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = adj_ruleset_find_unit_type (rs, adj_unit_get_type_id (unit));

      if (g_strcmp0 (adj_unit_get_side (unit), side->id) == 0 &&
          (category == NULL || (type != NULL && g_strcmp0 (type->category, category) == 0)))
        return adj_unit_get_id (unit);
    }
  return NULL;
}

/* Whether all of @widget is drawn inside @window, and inside every scrolled window around it:
 * shown, and neither cut off nor scrolled out of sight. */
static gboolean
in_view (GtkWidget *widget,
         GtkWidget *window)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_height (widget) <= 0)
    return FALSE;
  for (GtkWidget *outer = gtk_widget_get_parent (widget); outer != NULL;
       outer = gtk_widget_get_parent (outer))
    {
      if (!GTK_IS_SCROLLED_WINDOW (outer) && outer != window)
        continue;
      if (!gtk_widget_compute_bounds (widget, outer, &bounds) ||
          bounds.origin.x < 0 || bounds.origin.y < 0 ||
          bounds.origin.x + bounds.size.width > gtk_widget_get_width (outer) + 0.5 ||
          bounds.origin.y + bounds.size.height > gtk_widget_get_height (outer) + 0.5)
        return FALSE;
    }
  return TRUE;
}

/* The pages of the window's view stack. */
static GListModel *
pages_of (AdjBattleWindow *window)
{
  GtkWidget *stack = adj_test_find_type (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);

  return G_LIST_MODEL (adw_view_stack_get_pages (ADW_VIEW_STACK (stack)));
}

static gboolean
page_shown (AdjBattleWindow *window,
            const char      *name)
{
  g_autoptr(GListModel) pages = pages_of (window);

  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, i);

      if (g_strcmp0 (adw_view_stack_page_get_name (page), name) == 0)
        return adw_view_stack_page_get_visible (page);
    }
  return FALSE;
}

static void
check_small_screen (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  GtkWidget *leaflet = adj_test_find_type (GTK_WIDGET (window), ADW_TYPE_LEAFLET);

  for (guint d = 0; d < G_N_ELEMENTS (demos); d++)
    {
      AdjBattle *battle = open_demo (app, demos[d], 1024, 600);
      AdjMechanicPanel *panel = adj_battle_window_get_mechanic_panel (window);
      g_autoptr(GListModel) pages = pages_of (window);
      const AdjSystem *system;
      GtkWidget *roll, *apply;

      g_test_message ("%s", demos[d]);
      /* The unit list keeps its width whichever side it shows: what a side says of itself
       * (its dice, its points) wraps instead of pushing the pages aside. */
      {
        g_autoptr(GPtrArray) views = g_ptr_array_new ();
        GtkStack *stack;
        int width = -1;

        adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_SIDE_VIEW, views);
        g_assert_cmpuint (views->len, >=, 2);
        stack = GTK_STACK (gtk_widget_get_parent (g_ptr_array_index (views, 0)));
        for (guint v = 0; v < views->len; v++)
          {
            gtk_stack_set_visible_child (stack, g_ptr_array_index (views, v));
            adj_test_settle ();
            if (width < 0)
              width = gtk_widget_get_width (GTK_WIDGET (stack));
            g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (stack)), ==, width);
          }
        gtk_stack_set_visible_child (stack, g_ptr_array_index (views, 0));
      }
      /* No page folds the window onto one pane. */
      for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
        {
          g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, i);

          if (!adw_view_stack_page_get_visible (page))
            continue;
          adj_battle_window_show_page (window, adw_view_stack_page_get_name (page));
          adj_test_settle ();
          g_assert_false (adw_leaflet_get_folded (ADW_LEAFLET (leaflet)));
        }

      /* A roll between the first stands of each side, and its result waiting to be applied:
       * Roll and Apply in view, however long the form. */
      adj_battle_window_show_page (window, "act");
      adj_battle_set_seed (battle, 1899);
      system = adj_system_lookup (adj_ruleset_get_id (adj_battle_get_ruleset (battle)));
      roll = NULL;
      /* The first of the system's actions the two stands can take now. */
      for (guint m = 0; m < system->n_mechanics; m++)
        {
          g_assert_true (adj_mechanic_panel_select (panel, system->mechanics[m]->id));
          adj_mechanic_panel_use_unit (panel, 0, find_unit (battle, 0, NULL));
          adj_mechanic_panel_use_unit (panel, 1, find_unit (battle, 1, NULL));
          adj_test_settle ();
          roll = adj_test_find_button (GTK_WIDGET (panel), "_Roll");
          if (roll == NULL || !gtk_widget_get_visible (roll))
            roll = adj_test_find_button (GTK_WIDGET (panel), "_Decide");
          /* An action the rules refuse now shows Allow Anyway in its place: try the next. */
          if (roll == NULL || !gtk_widget_get_visible (roll))
            {
              GtkWidget *allow = adj_test_find_button (GTK_WIDGET (panel), "A_llow Anyway");

              g_assert_nonnull (allow);
              g_assert_true (in_view (allow, GTK_WIDGET (window)));
              roll = NULL;
              continue;
            }
          g_assert_true (in_view (roll, GTK_WIDGET (window)));
          if (gtk_widget_get_sensitive (roll))
            break;
        }
      g_assert_nonnull (roll);
      g_assert_true (gtk_widget_get_sensitive (roll));
      adj_mechanic_panel_roll (panel);
      adj_test_settle ();
      g_assert_nonnull (adj_mechanic_panel_get_outcome (panel));
      /* The result reads whole down to its headline: it has the room of the odds' legend. */
      {
        AdjResultView *view = adj_mechanic_panel_get_result_view (panel);
        g_autoptr(GPtrArray) labels = g_ptr_array_new ();
        GtkWidget *headline = NULL;

        adj_test_collect_type (GTK_WIDGET (view), GTK_TYPE_LABEL, labels);
        for (guint i = 0; i < labels->len; i++)
          if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)),
                         adj_result_view_get_headline (view)) == 0)
            headline = g_ptr_array_index (labels, i);
        g_assert_nonnull (headline);
        g_assert_true (in_view (headline, GTK_WIDGET (window)));
      }
      apply = adj_test_find_button (GTK_WIDGET (panel), "_Apply");
      g_assert_nonnull (apply);
      g_assert_true (in_view (apply, GTK_WIDGET (window)));
      g_assert_true (in_view (roll, GTK_WIDGET (window)));
      g_assert_false (adw_leaflet_get_folded (ADW_LEAFLET (leaflet)));

      /* Applied: the line of what was done and its Undo stand in the column, no toast covers
       * the buttons, and the window still fits the screen, with Roll or, when the rules now
       * forbid the same roll, Allow Anyway in its place. */
      {
        AdjJournal *journal = adj_battle_get_journal (battle);
        guint before = journal->position;
        GtkWidget *undo, *allow;

        g_assert_true (adj_mechanic_panel_apply (panel));
        adj_test_settle ();
        g_assert_cmpuint (journal->position, ==, before + 1);
        g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 600);
        undo = adj_test_find_button (GTK_WIDGET (panel), "_Undo");
        g_assert_nonnull (undo);
        g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (undo)));
        g_assert_true (in_view (undo, GTK_WIDGET (window)));
        allow = adj_test_find_button (GTK_WIDGET (panel), "A_llow Anyway");
        g_assert_nonnull (allow);
        g_assert_true (in_view (gtk_widget_get_visible (allow) ? allow : roll,
                                GTK_WIDGET (window)));
        g_assert_true (gtk_widget_get_visible (allow) != gtk_widget_get_visible (roll));
        gtk_widget_activate (undo);
        adj_test_settle ();
        g_assert_cmpuint (journal->position, ==, before);
        g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (undo)));
      }
      adj_battle_window_set_battle (window, NULL, NULL);
    }
}

static void
test_small_screen (void)
{
  adj_test_run_app (check_small_screen, NULL);
}

static void
check_cards_page (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);

  for (guint d = 0; d < G_N_ELEMENTS (demos); d++)
    {
      gboolean cards = g_str_has_prefix (demos[d], "rn-") || g_str_has_prefix (demos[d], "gl-");

      open_demo (app, demos[d], 1024, 600);
      g_assert_true (page_shown (window, "cards") == cards);
      adj_battle_window_set_battle (window, NULL, NULL);
    }
}

static void
test_cards_page (void)
{
  adj_test_run_app (check_cards_page, NULL);
}

/* The row of @unit_id in the window's unit list. */
static GtkWidget *
row_of (AdjBattleWindow *window,
        const char      *unit_id)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  adj_test_collect_type (GTK_WIDGET (window), ADJ_TYPE_UNIT_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      AdjUnit *unit = adj_unit_row_get_unit (g_ptr_array_index (rows, i));

      if (unit != NULL && g_strcmp0 (adj_unit_get_id (unit), unit_id) == 0)
        return g_ptr_array_index (rows, i);
    }
  return NULL;
}

static void
check_row_height (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjBattle *battle = open_demo (app, "wec-zulu-war", 1024, 600);
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(GError) error = NULL;
  const char *first = find_unit (battle, 0, NULL);
  g_autofree char *target = g_strconcat ("unit:", first, NULL);
  GtkWidget *row = row_of (window, first);
  int plain, badged, twice;

  g_assert_nonnull (row);
  plain = gtk_widget_get_height (row);
  g_assert_cmpint (plain, >, 0);
  g_assert_true (adj_battle_edit (battle, target, "status.activated", yes, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  row = row_of (window, first);
  g_assert_true (adj_test_shows (row, "Acted"));
  badged = gtk_widget_get_height (row);
  g_assert_true (adj_battle_edit (battle, target, "status.fought", yes, &error));
  g_assert_no_error (error);
  adj_test_settle ();
  row = row_of (window, first);
  g_assert_true (adj_test_shows (row, "Fought"));
  twice = gtk_widget_get_height (row);
  g_assert_cmpint (badged, ==, plain);
  g_assert_cmpint (twice, ==, plain);
  adj_battle_window_set_battle (window, NULL, NULL);
}

static void
test_row_height (void)
{
  adj_test_run_app (check_row_height, NULL);
}

static gboolean
row_shown (AdjMechanicPanel *panel,
           const char       *input)
{
  GtkWidget *row = adj_mechanic_panel_get_row (panel, input);

  g_assert_nonnull (row);
  return gtk_widget_get_visible (row);
}

/* The fire form of When Empires Clash! asks whether the firer is dismounted only of cavalry,
 * whether it is limbered only of a gun; the distance the players measure comes first. */
static void
check_inputs (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdjBattle *battle = open_demo (app, "wec-zulu-war", 1024, 600);
  AdjMechanicPanel *panel = adj_battle_window_get_mechanic_panel (window);
  const AdjMechanic *mech;

  adj_battle_window_show_page (window, "act");
  g_assert_true (adj_mechanic_panel_select (panel, "wec/fire-combat"));
  mech = adj_mechanic_panel_get_mechanic (panel);
  for (guint i = 0; i < mech->n_inputs; i++)
    if (mech->inputs[i].kind != ADJ_FIELD_UNIT)
      {
        g_assert_cmpstr (mech->inputs[i].name, ==, "distance");
        break;
      }
  adj_mechanic_panel_use_unit (panel, 1, find_unit (battle, 1, NULL));

  adj_mechanic_panel_use_unit (panel, 0, find_unit (battle, 0, "infantry"));
  adj_test_settle ();
  g_assert_false (row_shown (panel, "firer_dismounted"));
  g_assert_false (row_shown (panel, "firer_limbered"));
  g_assert_false (adj_test_shows (GTK_WIDGET (window), "Firer is dismounted cavalry"));
  g_assert_true (row_shown (panel, "distance"));

  adj_mechanic_panel_use_unit (panel, 0, find_unit (battle, 0, "cavalry"));
  adj_test_settle ();
  g_assert_true (row_shown (panel, "firer_dismounted"));
  g_assert_false (row_shown (panel, "firer_limbered"));

  adj_mechanic_panel_use_unit (panel, 0, find_unit (battle, 0, "artillery"));
  adj_test_settle ();
  g_assert_false (row_shown (panel, "firer_dismounted"));
  g_assert_true (row_shown (panel, "firer_limbered"));
  adj_battle_window_set_battle (window, NULL, NULL);
}

static void
test_inputs (void)
{
  adj_test_run_app (check_inputs, NULL);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!adj_test_init_ui (&argc, &argv))
    return 0;
  tmpdir = g_dir_make_tmp ("adjutant-layout-XXXXXX", NULL);
  g_test_add_func ("/ui/layout/small-screen", test_small_screen);
  g_test_add_func ("/ui/layout/cards-page", test_cards_page);
  g_test_add_func ("/ui/layout/row-height", test_row_height);
  g_test_add_func ("/ui/layout/inputs", test_inputs);
  status = g_test_run ();
  for (guint d = 0; d < G_N_ELEMENTS (demos); d++)
    {
      g_autofree char *file_name = g_strconcat (demos[d], ".json", NULL);
      g_autofree char *path = g_build_filename (tmpdir, file_name, NULL);

      g_unlink (path);
    }
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return adj_test_finish_ui (status);
}
