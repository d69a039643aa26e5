/* SPDX-License-Identifier: GPL-3.0-or-later */
/* screenshot-tour.c: drive the real application through its main views and save each as a PNG,
 * for people to look at (build-aux/screenshots.sh runs it under Xvfb).  Not a test. */

#include "config.h"

#include <glib/gstdio.h>

#include "adj-test-ui.h"
#include "adj-army-builder.h"
#include "adj-json.h"
#include "adj-mechanic-panel.h"
#include "adj-new-battle-dialog.h"
#include "adj-preferences-window.h"
#include "adj-rn-turn-view.h"

static const char *outdir;
static guint shots;

static void
save_shot (GtkWidget  *widget,
           const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("%02u-%s.png", ++shots, name);
  g_autofree char *path = g_build_filename (outdir, file, NULL);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  adj_test_settle ();
  adj_test_settle ();
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_printerr ("%s: nothing drawn\n", path);
      return;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_save_to_png (texture, path);
  g_print ("%s\n", path);
}

static void
resize (GtkWindow *window,
        int        width,
        int        height)
{
  gtk_window_set_default_size (window, width, height);
  adj_test_settle ();
  adj_test_settle ();
}

static void
tour (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  GSettings *settings = adj_application_get_settings (app);
  g_autoptr(GFile) demo = adj_application_demo_file ();
  AdjMechanicPanel *panel;
  GtkWidget *dialog;
  GtkWidget *expander;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);

  resize (GTK_WINDOW (window), 1100, 720);
  save_shot (GTK_WIDGET (window), "start");

  dialog = adj_new_battle_dialog_new (GTK_WINDOW (window), "wec");
  gtk_window_present (GTK_WINDOW (dialog));
  save_shot (dialog, "new-battle");
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_application_open (G_APPLICATION (app), &demo, 1, "demo");
  adj_test_settle ();
  panel = adj_battle_window_get_mechanic_panel (window);
  adj_battle_window_select_unit (window, "u1");
  adj_battle_window_select_unit (window, "u16");
  save_shot (GTK_WIDGET (window), "act-odds");

  adj_mechanic_panel_resolve_entered (panel, "5, 4, 3", NULL, NULL);
  expander = adj_test_find_type (GTK_WIDGET (panel), GTK_TYPE_EXPANDER);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  save_shot (GTK_WIDGET (window), "result");
  adj_mechanic_panel_apply (panel);

  adj_mechanic_panel_select (panel, "wec/close-combat");
  adj_battle_window_select_unit (window, "u9");
  adj_battle_window_select_unit (window, "u17");
  adj_mechanic_panel_resolve_entered (panel, "6, 2, 4", NULL, NULL);
  adj_mechanic_panel_apply (panel);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-phase", NULL);
  adj_mechanic_panel_select (panel, "wec/initiative");
  adj_mechanic_panel_resolve_entered (panel, "4, 3, 9", NULL, NULL);
  adj_mechanic_panel_apply (panel);

  adj_battle_window_show_page (window, "unit");
  adj_battle_window_select_unit (window, "u10");
  adj_battle_edit (adj_battle_window_get_battle (window), "unit:u10", "status.dismounted", yes,
                   NULL);
  save_shot (GTK_WIDGET (window), "unit");

  adj_battle_window_show_page (window, "journal");
  save_shot (GTK_WIDGET (window), "journal");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.turn-card", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.turn-card", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.turn-card", NULL);
  save_shot (GTK_WIDGET (window), "cards");

  adj_battle_window_show_page (window, "act");
  adj_mechanic_panel_select (panel, "wec/fire-combat");
  adj_battle_window_select_unit (window, "u13");
  adj_battle_window_select_unit (window, "u20");
  adj_mechanic_panel_resolve_entered (panel, "2, 1, 11", NULL, NULL);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  save_shot (GTK_WIDGET (window), "dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);

  if (settings != NULL)
    g_settings_set_boolean (settings, "table-mode", TRUE);
  save_shot (GTK_WIDGET (window), "table-mode");
  if (settings != NULL)
    g_settings_set_boolean (settings, "table-mode", FALSE);

  dialog = adj_preferences_window_new (GTK_WINDOW (window), settings);
  gtk_window_present (GTK_WINDOW (dialog));
  save_shot (dialog, "preferences");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* The army builder with a list that breaks one limit, so both kinds of check show. */
  dialog = adj_army_builder_new (GTK_WINDOW (window), settings, "wec");
  adj_army_builder_add_units (ADJ_ARMY_BUILDER (dialog), "command-average", 1);
  adj_army_builder_add_units (ADJ_ARMY_BUILDER (dialog), "regular-infantry", 6);
  adj_army_builder_add_units (ADJ_ARMY_BUILDER (dialog), "heavy-artillery", 4);
  gtk_window_present (GTK_WINDOW (dialog));
  save_shot (dialog, "army-builder");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Redcoats & Natives: the deal and the walk down the order, then a fire through cover. */
  {
    g_autofree char *rn_path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                 "rn-column-on-the-march.json", NULL);
    g_autoptr(GFile) rn_file = g_file_new_for_path (rn_path);
    AdjRnTurnView *turn;

    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
    adj_battle_window_set_battle (window, NULL, NULL);
    g_application_open (G_APPLICATION (app), &rn_file, 1, "");
    adj_test_settle ();
    turn = ADJ_RN_TURN_VIEW (adj_battle_window_get_special_view (window));
    adj_battle_set_seed (adj_battle_window_get_battle (window), 1884);
    adj_rn_turn_view_deal (turn, NULL);
    adj_rn_turn_view_next (turn, NULL);
    adj_rn_turn_view_next (turn, NULL);
    save_shot (GTK_WIDGET (window), "rn-turn");

    adj_battle_window_show_page (window, "act");
    adj_mechanic_panel_select (panel, "rn/fire");
    adj_mechanic_panel_use_unit (panel, 0, "u8");
    adj_mechanic_panel_use_unit (panel, 1, "u13");
    save_shot (GTK_WIDGET (window), "rn-fire-odds");
  }

  resize (GTK_WINDOW (window), 1024, 600);
  save_shot (GTK_WIDGET (window), "small-1024x600");
  resize (GTK_WINDOW (window), 700, 600);
  save_shot (GTK_WIDGET (window), "narrow-700");
  resize (GTK_WINDOW (window), 1600, 1000);
  save_shot (GTK_WIDGET (window), "large-1600x1000");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (argc < 2)
    {
      g_printerr ("usage: %s OUTDIR\n", argv[0]);
      return 2;
    }
  outdir = argv[1];
  g_mkdir_with_parents (outdir, 0755);
  /* adj_test_init_ui parses test options: leave it only the program name. */
  argc = 1;
  if (!adj_test_init_ui (&argc, &argv))
    return 1;
  adj_test_run_app (tour, NULL);
  status = adj_test_finish_ui (0);
  return status;
}
