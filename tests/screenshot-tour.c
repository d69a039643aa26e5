/* SPDX-License-Identifier: GPL-3.0-or-later */
/* screenshot-tour.c: drive the real application through its main views and save each as a PNG,
 * for people to look at (build-aux/screenshots.sh runs it under Xvfb).  Not a test. */

#include "config.h"

#include <glib/gstdio.h>

#include "adj-test-ui.h"
#include "adj-army-builder.h"
#include "adj-json.h"
#include "adj-mechanic-panel.h"
#include "adj-gl-turn-view.h"
#include "adj-new-battle-dialog.h"
#include "adj-preferences-window.h"
#include "adj-rf-view.h"
#include "adj-rn-turn-view.h"
#include "adj-roster-dialog.h"
#include "adj-rr-dashboard.h"
#include "adj-share-dialog.h"
#include "adj-table-display.h"
#include "adj-table-editor.h"
#include "adj-tables.h"
#include "adj-unit-pane.h"

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

/* The first unit of the battle's side number @index, or NULL. */
static const char *
first_unit_of_side (AdjBattle *battle,
                    guint      index)
{
  GPtrArray *sides = adj_battle_get_sides (battle);
  GListModel *units = adj_battle_get_units (battle);
  const AdjSide *side;

  if (index >= sides->len)
    return NULL;
  side = g_ptr_array_index (sides, index);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (g_strcmp0 (adj_unit_get_side (unit), side->id) == 0)
        return adj_unit_get_id (unit);
    }
  return NULL;
}

static const char *const demos[] = {
  "wec-zulu-war", "rn-column-on-the-march", "gl-mission-station", "rf-patrol-at-the-kraal",
  "rr-colenso",
};

/* The phase each demo is moved on to before its first units act: the rules let When Empires
 * Clash! stands act only while their side activates, and Risk Factor's groups shoot in their
 * side's shooting phase.  NULL: where the demo starts. */
static const char *const act_phases[] = {
  "first-side", NULL, NULL, "first-shoot", NULL,
};

/* Open a copy of demo @demo in @window (its path in *copy, to remove afterwards); FALSE when
 * ADJUTANT_TOUR_DEMO names another demo or the copy cannot be made. */
static gboolean
open_demo (AdjApplication  *app,
           AdjBattleWindow *window,
           const char      *demo,
           char           **copy)
{
  g_autofree char *name = g_strconcat (demo, ".json", NULL);
  g_autofree char *from = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  AdjBattle *battle;

  /* ADJUTANT_TOUR_DEMO=wec-zulu-war: that demo only. */
  if (g_getenv ("ADJUTANT_TOUR_DEMO") != NULL &&
      g_strcmp0 (g_getenv ("ADJUTANT_TOUR_DEMO"), demo) != 0)
    return FALSE;
  *copy = g_build_filename (g_get_tmp_dir (), name, NULL);
  if (!g_file_get_contents (from, &text, NULL, NULL) ||
      !g_file_set_contents (*copy, text, -1, NULL))
    {
      g_clear_pointer (copy, g_free);
      return FALSE;
    }
  file = g_file_new_for_path (*copy);
  if (adj_battle_window_get_battle (window) != NULL)
    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
  adj_battle_window_set_battle (window, NULL, NULL);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  adj_test_settle ();
  battle = adj_battle_window_get_battle (window);
  adj_battle_set_autosave_path (battle, NULL);
  adj_battle_set_seed (battle, 1879);
  return TRUE;
}

/* Roll the first units of the two sides of demo number @d on the action panel. */
static void
roll_first_units (AdjBattleWindow *window,
                  guint            d)
{
  AdjBattle *battle = adj_battle_window_get_battle (window);
  AdjMechanicPanel *panel = adj_battle_window_get_mechanic_panel (window);
  const char *a = first_unit_of_side (battle, 0);
  const char *b = first_unit_of_side (battle, 1);

  if (act_phases[d] != NULL)
    adj_test_to_phase (window, act_phases[d]);
  adj_battle_window_show_page (window, "act");
  if (a != NULL)
    adj_mechanic_panel_use_unit (panel, 0, a);
  if (b != NULL)
    adj_mechanic_panel_use_unit (panel, 1, b);
  adj_mechanic_panel_roll (panel);
}

/* The table display of every demo at 1920x1080, light and dark, as the players see it once a
 * result is applied: for Redcoats & Natives with the cards dealt, for Risk Factor once the enemy
 * has reacted. */
static void
tour_display (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint d = 0; d < G_N_ELEMENTS (demos); d++)
    {
      g_autofree char *copy = NULL;
      AdjTableDisplay *display;
      GtkWidget *special;

      if (!open_demo (app, window, demos[d], &copy))
        continue;
      roll_first_units (window, d);
      adj_mechanic_panel_apply (adj_battle_window_get_mechanic_panel (window));
      special = adj_battle_window_get_special_view (window);
      if (special != NULL && ADJ_IS_RN_TURN_VIEW (special))
        adj_rn_turn_view_deal (ADJ_RN_TURN_VIEW (special), NULL);
      if (special != NULL && ADJ_IS_RF_VIEW (special))
        adj_rf_view_roll (ADJ_RF_VIEW (special), NULL, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.table-display", NULL);
      display = adj_battle_window_get_table_display (window);
      gtk_window_unfullscreen (GTK_WINDOW (display));
      adj_test_settle ();
      /* As it fills the screen: no header. */
      gtk_revealer_set_reveal_child (GTK_REVEALER (adj_test_find_type (GTK_WIDGET (display),
                                                                       GTK_TYPE_REVEALER)),
                                     FALSE);
      for (guint scheme = 0; scheme < 2; scheme++)
        {
          g_autofree char *shot = g_strdup_printf ("display-%s-1920x1080-%s", demos[d],
                                                   scheme == 0 ? "light" : "dark");

          adw_style_manager_set_color_scheme (style, scheme == 0 ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                                 : ADW_COLOR_SCHEME_FORCE_DARK);
          resize (GTK_WINDOW (display), 1920, 1080);
          save_shot (GTK_WIDGET (display), shot);
        }
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
      gtk_window_destroy (GTK_WINDOW (display));
      /* Sharing with the players' phones: the address and its QR code. */
      if (d == 0 || g_getenv ("ADJUTANT_TOUR_DEMO") != NULL)
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "share.active", NULL);
          adj_test_settle ();
          if (adj_share_dialog_get (window) != NULL)
            save_shot (GTK_WIDGET (adj_share_dialog_get (window)), "share-dialog");
          gtk_widget_activate_action (GTK_WIDGET (window), "share.active", NULL);
        }
      adj_battle_window_set_battle (window, NULL, NULL);
      g_unlink (copy);
    }
}

/* Every page of every system's demo battle (a copy of it) at 1024x600, 1366x768 and 1920x1080,
 * in light and dark style: the action page with a result waiting to be applied, and once at the
 * smallest size after Apply, with its toast. */
static void
tour_every_page (AdjApplication *app)
{
  static const int sizes[][2] = { { 1024, 600 }, { 1366, 768 }, { 1920, 1080 } };
  AdjBattleWindow *window = adj_test_the_window (app);
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint d = 0; d < G_N_ELEMENTS (demos); d++)
    {
      g_autofree char *copy = NULL;
      g_autoptr(GtkSelectionModel) pages = NULL;
      AdwViewStack *stack;
      AdjMechanicPanel *panel;

      if (!open_demo (app, window, demos[d], &copy))
        continue;
      panel = adj_battle_window_get_mechanic_panel (window);
      roll_first_units (window, d);

      stack = ADW_VIEW_STACK (adj_test_find_type (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
      pages = adw_view_stack_get_pages (stack);
      for (guint scheme = 0; scheme < 2; scheme++)
        {
          adw_style_manager_set_color_scheme (style, scheme == 0 ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                                 : ADW_COLOR_SCHEME_FORCE_DARK);
          for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
            {
              resize (GTK_WINDOW (window), sizes[z][0], sizes[z][1]);
              for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
                {
                  g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages),
                                                                            i);
                  g_autofree char *shot = NULL;

                  if (!adw_view_stack_page_get_visible (page))
                    continue;
                  adw_view_stack_set_visible_child (stack, adw_view_stack_page_get_child (page));
                  shot = g_strdup_printf ("all-%s-%dx%d-%s-%s", demos[d], sizes[z][0],
                                          sizes[z][1], scheme == 0 ? "light" : "dark",
                                          adw_view_stack_page_get_name (page));
                  save_shot (GTK_WIDGET (window), shot);
                }
            }
        }
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
      resize (GTK_WINDOW (window), sizes[0][0], sizes[0][1]);
      adj_battle_window_show_page (window, "act");
      {
        g_autofree char *shot = g_strdup_printf ("all-%s-applied", demos[d]);

        adj_mechanic_panel_apply (panel);
        save_shot (GTK_WIDGET (window), shot);
      }
      adj_battle_window_set_battle (window, NULL, NULL);
      g_unlink (copy);
    }
}

/* The result as the table sees it, on the usual screens, light and dark. */
static void
result_at_sizes (AdjBattleWindow *window)
{
  static const int sizes[][2] = { { 1024, 600 }, { 1366, 768 }, { 1920, 1080 } };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          g_autofree char *name = g_strdup_printf ("result-%dx%d-%s", sizes[i][0], sizes[i][1],
                                                   dark ? "dark" : "light");

          resize (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
          save_shot (GTK_WIDGET (window), name);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  resize (GTK_WINDOW (window), 1100, 720);
}

static void
tour (AdjApplication *app)
{
  AdjBattleWindow *window = adj_test_the_window (app);
  GSettings *settings = adj_application_get_settings (app);
  g_autoptr(GFile) demo = adj_application_demo_file ();
  AdjMechanicPanel *panel;
  GtkWidget *dialog;
  GtkWidget *breakdown;
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
  /* The turn begins: the initiative, then the British army activates and its stands act. */
  adj_test_to_phase (window, "initiative");
  adj_mechanic_panel_select (panel, "wec/initiative");
  adj_test_settle ();
  save_shot (GTK_WIDGET (window), "initiative");
  {
    g_autoptr(GError) error = NULL;

    if (!adj_mechanic_panel_resolve_entered (panel, "6, 5, 1", NULL, &error))
      g_error ("the initiative: %s", error->message);
  }
  adj_test_settle ();
  adj_mechanic_panel_apply (panel);
  adj_test_to_phase (window, "first-side");
  adj_mechanic_panel_select (panel, "wec/fire-combat");
  adj_battle_window_select_unit (window, "u1");
  adj_battle_window_select_unit (window, "u16");
  save_shot (GTK_WIDGET (window), "act-odds");
  /* Further down the form: switches and numbers with a hint under their title. */
  {
    GtkWidget *form = adj_test_find_type (GTK_WIDGET (panel), GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (form));

    gtk_adjustment_set_value (scroll, 420);
    save_shot (GTK_WIDGET (window), "act-hints");
    gtk_adjustment_set_value (scroll, 0);
  }

  adj_mechanic_panel_resolve_entered (panel, "5, 4, 3", NULL, NULL);
  save_shot (GTK_WIDGET (window), "result");
  result_at_sizes (window);
  breakdown = adj_test_find_type (GTK_WIDGET (panel), GTK_TYPE_MENU_BUTTON);
  gtk_menu_button_popup (GTK_MENU_BUTTON (breakdown));
  save_shot (GTK_WIDGET (window), "result-breakdown");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (breakdown));
  adj_mechanic_panel_apply (panel);

  adj_mechanic_panel_select (panel, "wec/close-combat");
  adj_battle_window_select_unit (window, "u9");
  adj_battle_window_select_unit (window, "u17");
  adj_mechanic_panel_resolve_entered (panel, "6, 2, 4", NULL, NULL);
  adj_mechanic_panel_apply (panel);

  adj_battle_window_show_page (window, "unit");
  adj_battle_window_select_unit (window, "u10");
  adj_battle_edit (adj_battle_window_get_battle (window), "unit:u10", "status.dismounted", yes,
                   NULL);
  save_shot (GTK_WIDGET (window), "unit");

  adj_battle_window_show_page (window, "journal");
  save_shot (GTK_WIDGET (window), "journal");

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

  /* The roster window: both sides, then one side on a clean sheet, on its second page. */
  dialog = GTK_WIDGET (adj_roster_dialog_new (GTK_WINDOW (window),
                                              adj_battle_window_get_battle (window), settings));
  gtk_window_present (GTK_WINDOW (dialog));
  save_shot (dialog, "roster");
  adj_roster_dialog_set_side (ADJ_ROSTER_DIALOG (dialog), "a", FALSE);
  adj_roster_dialog_set_clean (ADJ_ROSTER_DIALOG (dialog), TRUE);
  gtk_widget_activate_action (dialog, "roster.next-page", NULL);
  save_shot (dialog, "roster-clean");
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
    adj_battle_window_show_page (window, "cards");
    save_shot (GTK_WIDGET (window), "cards");

    adj_battle_window_show_page (window, "act");
    adj_mechanic_panel_select (panel, "rn/fire");
    adj_mechanic_panel_use_unit (panel, 0, "u8");
    adj_mechanic_panel_use_unit (panel, 1, "u13");
    save_shot (GTK_WIDGET (window), "rn-fire-odds");
  }

  /* Glidden: the turn by cards, a fire waiting for the players' hit table, the table editor
   * with a value refused, the fire once the tables are in, and the Tables preferences. */
  {
    g_autofree char *gl_path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                 "gl-mission-station.json", NULL);
    g_autoptr(GFile) gl_file = g_file_new_for_path (gl_path);
    static const char *const hit[][6] = {
      { "short", "4", "5", "4", "3", "4" },
      { "medium", "5", "6", "none", "4", "5" },
      { "long", "6", "none", "none", "5", "6" },
    };
    static const char *const weapons[] = { "breech-loader", "musket", "spear", "maxim", "gun" };
    AdjGlTurnView *gl_turn;
    AdjBattle *battle;
    AdjTableEditor *editor;
    GtkWidget *prefs;

    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
    adj_battle_window_set_battle (window, NULL, NULL);
    g_application_open (G_APPLICATION (app), &gl_file, 1, "");
    adj_test_settle ();
    battle = adj_battle_window_get_battle (window);
    resize (GTK_WINDOW (window), 1280, 800);
    gl_turn = ADJ_GL_TURN_VIEW (adj_battle_window_get_special_view (window));
    adj_gl_turn_view_turn_card (gl_turn, "9H", NULL);
    adj_gl_turn_view_turn_card (gl_turn, "KS", NULL);
    adj_gl_turn_view_turn_card (gl_turn, "3D", NULL);
    adj_battle_window_show_page (window, "turn");
    save_shot (GTK_WIDGET (window), "gl-turn-1280x800");
    resize (GTK_WINDOW (window), 1024, 600);
    save_shot (GTK_WIDGET (window), "gl-turn-1024x600");

    /* The players' tables taken out: the fire says what it misses. */
    adj_battle_embed_tables (battle, NULL, NULL);
    adj_battle_window_show_page (window, "act");
    adj_mechanic_panel_select (panel, "gl/fire");
    adj_mechanic_panel_use_unit (panel, 0, "u1");
    adj_mechanic_panel_use_unit (panel, 1, "u5");
    save_shot (GTK_WIDGET (window), "gl-fire-no-table-1024x600");
    resize (GTK_WINDOW (window), 1280, 800);
    save_shot (GTK_WIDGET (window), "gl-fire-no-table-1280x800");

    editor = ADJ_TABLE_EDITOR (adj_mechanic_panel_open_table (panel, "hit"));
    for (guint r = 0; r < G_N_ELEMENTS (hit); r++)
      for (guint c = 0; c < G_N_ELEMENTS (weapons); c++)
        if (r < 2)
          gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, hit[r][0],
                                                                          weapons[c])),
                                 hit[r][c + 1]);
    gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, "long", "musket")),
                           "9");
    save_shot (GTK_WIDGET (editor), "gl-table-editor");
    gtk_window_set_default_size (GTK_WINDOW (editor), 1024, 600);
    adj_test_settle ();
    save_shot (GTK_WIDGET (editor), "gl-table-editor-1024x600");
    for (guint c = 0; c < G_N_ELEMENTS (weapons); c++)
      gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, "long", weapons[c])),
                             hit[2][c + 1]);
    adj_table_editor_save (editor, NULL);
    gtk_window_destroy (GTK_WINDOW (editor));

    editor = ADJ_TABLE_EDITOR (adj_mechanic_panel_open_table (panel, "movement"));
    gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, "cavalry", "clear")),
                           "4");
    save_shot (GTK_WIDGET (editor), "gl-movement-table");
    gtk_window_destroy (GTK_WINDOW (editor));

    editor = ADJ_TABLE_EDITOR (adj_mechanic_panel_open_table (panel, "saves"));
    gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, "open", "value")),
                           "none");
    gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, "soft", "value")),
                           "5");
    gtk_editable_set_text (GTK_EDITABLE (adj_table_editor_get_cell (editor, "hard", "value")),
                           "4");
    adj_table_editor_set_destination (editor, ADJ_TABLE_SOURCE_BATTLE);
    save_shot (GTK_WIDGET (editor), "gl-saving-table");
    adj_table_editor_save (editor, NULL);
    gtk_window_destroy (GTK_WINDOW (editor));

    adj_mechanic_panel_resolve_entered (panel, "6, 2, 5, 4, 1, 3, 6, 2, 4, 5", NULL, NULL);
    save_shot (GTK_WIDGET (window), "gl-fire-result-1280x800");
    adj_mechanic_panel_apply (panel);
    save_shot (GTK_WIDGET (window), "gl-who-falls-1280x800");
    resize (GTK_WINDOW (window), 1024, 600);
    save_shot (GTK_WIDGET (window), "gl-who-falls-1024x600");

    prefs = adj_preferences_window_new (GTK_WINDOW (window), settings);
    gtk_window_present (GTK_WINDOW (prefs));
    adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (prefs), "tables");
    save_shot (prefs, "gl-preferences-tables");
    gtk_window_destroy (GTK_WINDOW (prefs));
  }

  /* A skirmish against the solo enemy: the step before and after the roll, a marker spotted,
   * and the record of each figure, at the usual size and at 1024x600. */
  {
    g_autofree char *rf_path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                 "rf-patrol-at-the-kraal.json", NULL);
    g_autoptr(GFile) rf_file = g_file_new_for_path (rf_path);
    g_autoptr(json_object) wound = json_object_new_int (1);
    g_autoptr(json_object) lost = json_object_new_boolean (TRUE);
    AdjRfView *enemy;
    AdjBattle *battle;

    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
    adj_battle_window_set_battle (window, NULL, NULL);
    g_application_open (G_APPLICATION (app), &rf_file, 1, "");
    adj_test_settle ();
    battle = adj_battle_window_get_battle (window);
    enemy = ADJ_RF_VIEW (adj_battle_window_get_special_view (window));
    resize (GTK_WINDOW (window), 1280, 800);
    /* Two markers spotted, so that three groups react. */
    {
      g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (battle);
      g_autofree char *m0 = g_strdup (g_ptr_array_index (markers, 0));
      g_autofree char *m1 = g_strdup (g_ptr_array_index (markers, 1));

      adj_rf_view_spot (enemy, m0, NULL, NULL);
      adj_rf_view_spot (enemy, m1, NULL, NULL);
    }
    adj_rf_view_set_switch (enemy, 0, "enemy_in_range", TRUE, NULL);
    /* The enemy's list: the markers show, the groups under them do not. */
    adj_battle_window_select_unit (window, "u6");
    adj_battle_window_show_page (window, "enemy");
    save_shot (GTK_WIDGET (window), "rf-enemy-1280x800");
    resize (GTK_WINDOW (window), 1024, 600);
    save_shot (GTK_WIDGET (window), "rf-enemy-1024x600");
    adj_battle_set_seed (battle, 1879);
    adj_rf_view_roll (enemy, NULL, NULL);
    save_shot (GTK_WIDGET (window), "rf-orders-1024x600");
    resize (GTK_WINDOW (window), 1280, 800);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
    save_shot (GTK_WIDGET (window), "rf-orders-undone-1280x800");
    if (settings != NULL)
      g_settings_set_boolean (settings, "table-mode", TRUE);
    save_shot (GTK_WIDGET (window), "rf-orders-table-mode");
    if (settings != NULL)
      g_settings_set_boolean (settings, "table-mode", FALSE);

    adj_battle_window_show_page (window, "unit");
    adj_battle_window_select_unit (window, "u2");
    adj_battle_edit (battle, "unit:u2", "members.2.wounds", wound, NULL);
    adj_battle_edit (battle, "unit:u2", "members.5.lost", lost, NULL);
    save_shot (GTK_WIDGET (window), "rf-figures-1280x800");
    resize (GTK_WINDOW (window), 1024, 600);
    save_shot (GTK_WIDGET (window), "rf-figures-1024x600");

    adj_battle_window_show_page (window, "enemy");
    adj_rf_view_show_deploy (enemy);
    adj_test_settle ();
    {
      AdwMessageDialog *deploy = adj_test_find_dialog (app);
      if (deploy != NULL)
        {
          GtkWidget *check = adj_test_find_type (GTK_WIDGET (deploy), GTK_TYPE_CHECK_BUTTON);
          if (check != NULL)
            gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
          save_shot (GTK_WIDGET (deploy), "rf-hide-groups");
          gtk_window_destroy (GTK_WINDOW (deploy));
        }
    }
  }

  resize (GTK_WINDOW (window), 1024, 600);
  save_shot (GTK_WIDGET (window), "small-1024x600");
  resize (GTK_WINDOW (window), 700, 600);
  save_shot (GTK_WIDGET (window), "narrow-700");
  resize (GTK_WINDOW (window), 1600, 1000);
  save_shot (GTK_WIDGET (window), "large-1600x1000");

  /* Redvers' Reverse: the Colenso dashboard at the demo's first step, then with an order sent
   * and on its way, scrolled down to the drifts, cups and counters, at 1024x600 and in dark
   * style. */
  {
    g_autofree char *rr_path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                 "rr-colenso.json", NULL);
    g_autoptr(GFile) rr_file = g_file_new_for_path (rr_path);
    AdjRrDashboard *dashboard;
    GtkAdjustment *scroll;

    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
    adj_battle_window_set_battle (window, NULL, NULL);
    g_application_open (G_APPLICATION (app), &rr_file, 1, "");
    adj_test_settle ();
    dashboard = ADJ_RR_DASHBOARD (adj_battle_window_get_special_view (window));
    resize (GTK_WINDOW (window), 1280, 800);
    adj_battle_window_show_page (window, "colenso");
    save_shot (GTK_WIDGET (window), "rr-dashboard-1280x800");
    adj_rr_dashboard_plan_order (dashboard, "4th-brigade", "Colenso Station", FALSE, NULL);
    adj_rr_dashboard_plan_order (dashboard, "5th-brigade", "Bridle Drift Loop", FALSE, NULL);
    adj_rr_dashboard_next_step (dashboard, NULL);
    adj_rr_dashboard_roll (dashboard, "roll-send", "2 2, 1 2", NULL);
    save_shot (GTK_WIDGET (window), "rr-dashboard-orders-1280x800");
    scroll = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (adj_test_find_type (GTK_WIDGET (dashboard), GTK_TYPE_SCROLLED_WINDOW)));
    gtk_adjustment_set_value (scroll, 560);
    save_shot (GTK_WIDGET (window), "rr-dashboard-brigades-1280x800");
    gtk_adjustment_set_value (scroll, 1280);
    save_shot (GTK_WIDGET (window), "rr-dashboard-counters-1280x800");
    gtk_adjustment_set_value (scroll, 0);
    resize (GTK_WINDOW (window), 1024, 600);
    {
      GtkWidget *leaflet = adj_test_find_type (GTK_WIDGET (window), ADW_TYPE_LEAFLET);

      /* Too narrow for both panes: the dashboard's pane, as choosing a unit would show it. */
      if (leaflet != NULL && adw_leaflet_get_folded (ADW_LEAFLET (leaflet)))
        adw_leaflet_navigate (ADW_LEAFLET (leaflet), ADW_NAVIGATION_DIRECTION_FORWARD);
    }
    save_shot (GTK_WIDGET (window), "rr-dashboard-1024x600");
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
    resize (GTK_WINDOW (window), 1280, 800);
    save_shot (GTK_WIDGET (window), "rr-dashboard-dark");
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_DEFAULT);
  }

  /* Redvers' Reverse from New Battle: the dashboard before set-up, without charts and then with
   * the demo's, and the set-up dialog with variants that do not balance and with ones that do,
   * at 1280x800 and 1024x600. */
  {
    g_autofree char *rr_path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                                 "rr-colenso.json", NULL);
    g_autofree char *rr_text = NULL;
    g_autoptr(json_object) rr_json = g_file_get_contents (rr_path, &rr_text, NULL, NULL)
                                     ? json_tokener_parse (rr_text) : NULL;
    g_autoptr(AdjTables) rr_tables = NULL;
    AdjRrDashboard *dashboard;
    AdjBattle *battle;
    GtkWidget *setup;
    GtkWidget *created;

    adj_battle_set_autosave_path (adj_battle_window_get_battle (window), NULL);
    adj_battle_window_set_battle (window, NULL, NULL);
    resize (GTK_WINDOW (window), 1280, 800);
    created = adj_application_new_battle_dialog (app, GTK_WINDOW (window), "rr", NULL);
    adj_test_settle ();
    save_shot (created, "rr-new-battle");
    {
      g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

      adj_test_collect_type (created, GTK_TYPE_BUTTON, buttons);
      for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "C_reate") == 0)
          {
            g_signal_emit_by_name (g_ptr_array_index (buttons, i), "clicked");
            break;
          }
    }
    adj_test_settle ();
    battle = adj_battle_window_get_battle (window);
    if (rr_json != NULL)
      rr_tables = adj_tables_from_json (json_object_object_get (rr_json, "tables"), rr_path,
                                        "$.tables", adj_battle_get_ruleset (battle), NULL);
    dashboard = ADJ_RR_DASHBOARD (adj_battle_window_get_special_view (window));
    save_shot (GTK_WIDGET (window), "rr-not-set-up-1280x800");
    setup = adj_rr_dashboard_show_setup (dashboard);
    save_shot (setup, "rr-setup-no-charts-1280x800");
    gtk_window_destroy (GTK_WINDOW (setup));

    if (rr_tables != NULL)
      adj_battle_embed_tables (battle, rr_tables, NULL);
    adj_battle_window_show_page (window, "journal");
    adj_battle_window_show_page (window, "colenso");
    save_shot (GTK_WIDGET (window), "rr-not-set-up-charts-1280x800");
    {
      GtkWidget *page = adj_test_find_type (GTK_WIDGET (dashboard), ADW_TYPE_STATUS_PAGE);
      GtkWidget *scrolled = page != NULL ? adj_test_find_type (page, GTK_TYPE_SCROLLED_WINDOW)
                                         : NULL;
      GtkWidget *counters = page != NULL ? adj_test_find_type (page, ADW_TYPE_EXPANDER_ROW)
                                         : NULL;

      if (counters != NULL)
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (counters), TRUE);
      adj_test_settle ();
      if (scrolled != NULL)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                                    GTK_SCROLLED_WINDOW (scrolled)), 560);
      save_shot (GTK_WIDGET (window), "rr-not-set-up-strengths-1280x800");
      if (scrolled != NULL)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                                    GTK_SCROLLED_WINDOW (scrolled)), 0);
    }
    setup = adj_rr_dashboard_show_setup (dashboard);
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();

      adj_test_collect_type (setup, ADW_TYPE_ACTION_ROW, rows);
      for (guint i = 0; i < rows->len; i++)
        {
          GtkWidget *row = g_ptr_array_index (rows, i);
          const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
          GtkWidget *check = adj_test_find_type (row, GTK_TYPE_CHECK_BUTTON);

          if (check != NULL && (g_strcmp0 (title, "Hesitate") == 0 ||
                                g_strcmp0 (title, "No Hlangwane") == 0))
            gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
        }
    }
    save_shot (setup, "rr-setup-unbalanced-1280x800");
    {
      GtkWidget *area = adj_test_find_type (setup, ADW_TYPE_ENTRY_ROW);
      GtkWidget *scrolled = adj_test_find_type (setup, GTK_TYPE_SCROLLED_WINDOW);

      if (area != NULL)
        gtk_editable_set_text (GTK_EDITABLE (area), "Fort Wylie");
      if (scrolled != NULL)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                                    GTK_SCROLLED_WINDOW (scrolled)), 2000);
      save_shot (setup, "rr-setup-emplacements-1280x800");
    }
    gtk_window_destroy (GTK_WINDOW (setup));

    resize (GTK_WINDOW (window), 1024, 600);
    {
      GtkWidget *leaflet = adj_test_find_type (GTK_WIDGET (window), ADW_TYPE_LEAFLET);

      if (leaflet != NULL && adw_leaflet_get_folded (ADW_LEAFLET (leaflet)))
        adw_leaflet_navigate (ADW_LEAFLET (leaflet), ADW_NAVIGATION_DIRECTION_FORWARD);
    }
    save_shot (GTK_WIDGET (window), "rr-not-set-up-1024x600");
    setup = adj_rr_dashboard_show_setup (dashboard);
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();

      adj_test_collect_type (setup, ADW_TYPE_ACTION_ROW, rows);
      for (guint i = 0; i < rows->len; i++)
        {
          GtkWidget *row = g_ptr_array_index (rows, i);
          const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
          GtkWidget *check = adj_test_find_type (row, GTK_TYPE_CHECK_BUTTON);

          if (check != NULL && (g_strcmp0 (title, "Hesitate") == 0 ||
                                g_strcmp0 (title, "Close Order") == 0 ||
                                g_strcmp0 (title, "No Hlangwane") == 0))
            gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
        }
    }
    save_shot (setup, "rr-setup-balanced-1024x600");
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (setup), "setup");
    gtk_window_destroy (GTK_WINDOW (setup));
    adj_test_settle ();
    save_shot (GTK_WIDGET (window), "rr-set-up-1024x600");
    resize (GTK_WINDOW (window), 1280, 800);
    save_shot (GTK_WIDGET (window), "rr-set-up-1280x800");
    {
      GtkWidget *scrolled = adj_test_find_type (GTK_WIDGET (dashboard), GTK_TYPE_SCROLLED_WINDOW);
      g_autoptr(GPtrArray) all = g_ptr_array_new ();

      /* The game's own scroller, not the status page's (hidden now). */
      adj_test_collect_type (GTK_WIDGET (dashboard), GTK_TYPE_SCROLLED_WINDOW, all);
      for (guint i = 0; i < all->len; i++)
        if (gtk_widget_get_mapped (g_ptr_array_index (all, i)))
          scrolled = g_ptr_array_index (all, i);
      if (scrolled != NULL)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                                    GTK_SCROLLED_WINDOW (scrolled)), 640);
      save_shot (GTK_WIDGET (window), "rr-set-up-brigades-1280x800");
      if (scrolled != NULL)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                                    GTK_SCROLLED_WINDOW (scrolled)), 1500);
      save_shot (GTK_WIDGET (window), "rr-set-up-counters-1280x800");
    }
    adj_battle_set_autosave_path (battle, NULL);
  }
}

static void
tour_all (AdjApplication *app)
{
  tour (app);
  tour_every_page (app);
  tour_display (app);
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
  /* ADJUTANT_TOUR=pages: only every page of every demo at the three sizes; =display: only the
   * table display of every demo. */
  if (g_strcmp0 (g_getenv ("ADJUTANT_TOUR"), "pages") == 0)
    adj_test_run_app (tour_every_page, NULL);
  else if (g_strcmp0 (g_getenv ("ADJUTANT_TOUR"), "display") == 0)
    adj_test_run_app (tour_display, NULL);
  else
    adj_test_run_app (tour_all, NULL);
  status = adj_test_finish_ui (0);
  return status;
}
