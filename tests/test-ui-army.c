/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-army.c: the army builder in the real application — a list built up from unit types
 * with its points and limits shown as it grows, saved, opened again, printed to PDF, and used to
 * start a battle. */

#include "config.h"

#include "adj-test-pdf.h"
#include "adj-test-ui.h"
#include "adj-army-builder.h"
#include "adj-army.h"
#include "adj-new-battle-dialog.h"
#include "adj-roster-print.h"
#include "adj-roster.h"

static AdjArmyBuilder *
find_builder (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
      if (ADJ_IS_ARMY_BUILDER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADJ_ARMY_BUILDER (w);
    }
  return NULL;
}

static AdjNewBattleDialog *
find_new_battle_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
      if (ADJ_IS_NEW_BATTLE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADJ_NEW_BATTLE_DIALOG (w);
    }
  return NULL;
}

/* The text of every label in @root, mapped or not, one per line. */
static void
collect_all_labels (GtkWidget *widget,
                    GString   *out)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_all_labels (child, out);
}

static gboolean
window_says (GtkWidget  *root,
             const char *text)
{
  g_autoptr(GString) all = g_string_new (NULL);

  collect_all_labels (root, all);
  return strstr (all->str, text) != NULL;
}

static void
check_builder (AdjApplication *app)
{
  AdjBattleWindow *window;
  AdjArmyBuilder *builder;
  AdjArmy *army;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AdjArmy) loaded = NULL;
  g_autoptr(AdjRoster) roster = NULL;
  AdjNewBattleDialog *dialog;
  g_autoptr(AdjBattle) battle = NULL;
  guint n_pages = 0;

  adj_test_settle ();
  window = adj_test_the_window (app);

  /* From the main menu, with the rules of the battle in front. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "army-builder", NULL);
  adj_test_settle ();
  builder = find_builder ();
  g_assert_nonnull (builder);
  army = adj_army_builder_get_army (builder);
  g_assert_cmpstr (adj_ruleset_get_id (army->ruleset), ==, "wec");
  g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "0 of 36 points");
  /* An empty list has no command stand: a limit is broken. */
  g_assert_false (adj_army_builder_is_legal (builder));

  /* A command stand and six regular infantry: 18 points, every limit kept. */
  g_assert_true (adj_army_builder_add_units (builder, "command-average", 1));
  g_assert_true (adj_army_builder_add_units (builder, "regular-infantry", 6));
  g_assert_false (adj_army_builder_add_units (builder, "no-such-type", 1));
  adj_test_settle ();
  g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "18 of 36 points");
  g_assert_true (adj_army_builder_is_legal (builder));
  g_assert_true (window_says (GTK_WIDGET (builder), "18 of 36 points"));
  g_assert_true (window_says (GTK_WIDGET (builder), "6 × Regular infantry · 18 points"));

  /* Four heavy guns: 16 points on stands worth 4 or more, over the cap of 12. */
  g_assert_true (adj_army_builder_add_units (builder, "heavy-artillery", 4));
  adj_test_settle ();
  g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "34 of 36 points");
  g_assert_false (adj_army_builder_is_legal (builder));
  g_assert_true (window_says (GTK_WIDGET (builder),
                              "16 points on stands worth 4 or more; at most 12"));
  /* Three of them are within it; six more infantry go over the points. */
  adj_army_builder_set_count (builder, 2, 3);
  g_assert_true (adj_army_builder_is_legal (builder));
  adj_army_builder_set_count (builder, 1, 8);
  g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "36 of 36 points");
  g_assert_true (adj_army_builder_is_legal (builder));
  adj_army_builder_set_count (builder, 1, 9);
  g_assert_false (adj_army_builder_is_legal (builder));
  adj_army_builder_set_count (builder, 1, 8);
  g_assert_cmpuint (adj_army_count_units (army), ==, 12);

  /* Saved as JSON, and read back the same. */
  path = g_build_filename (g_get_user_data_dir (), "my-column.json", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (adj_army_builder_save_to (builder, file, &error));
  g_assert_no_error (error);
  loaded = adj_army_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adj_army_count_units (loaded), ==, 12);
  g_assert_cmpuint (loaded->units->len, ==, 3);

  /* A new list empties the builder; opening the file brings the list back. */
  gtk_widget_activate_action (GTK_WIDGET (builder), "builder.new", NULL);
  g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "0 of 36 points");
  g_assert_true (adj_army_builder_open_file (builder, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "36 of 36 points");
  g_assert_true (adj_army_builder_is_legal (builder));

  /* A broken file is refused with a message, and the list shown stays. */
  {
    g_autofree char *bad = g_build_filename (g_get_user_data_dir (), "bad.json", NULL);
    g_autoptr(GFile) bad_file = g_file_new_for_path (bad);

    g_assert_true (g_file_set_contents (bad, "{\"format\": \"adjutant-army\", \"version\": 1,", -1,
                                        NULL));
    g_assert_false (adj_army_builder_open_file (builder, bad_file, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_assert_cmpstr (adj_army_builder_get_total (builder), ==, "36 of 36 points");
  }

  /* The list prints as a roster: every stand with its tick boxes, and the list's name. */
  pdf = g_build_filename (g_get_user_data_dir (), "list.pdf", NULL);
  roster = adj_roster_new_for_army (adj_army_builder_get_army (builder), &error);
  g_assert_no_error (error);
  g_assert_true (adj_roster_print_roster (GTK_WINDOW (builder), roster, "list", NULL, NULL, pdf,
                                          &n_pages, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_pages, >=, 1);
  text = adj_test_pdf_text (pdf);
  g_assert_true (adj_test_text_has (text, "Regular infantry"));
  g_assert_true (adj_test_text_has (text, "Heavy artillery"));

  /* Start a battle with it: the New Battle dialog opens on army lists, this one first. */
  gtk_widget_activate_action (GTK_WIDGET (builder), "builder.battle", NULL);
  adj_test_settle ();
  dialog = find_new_battle_dialog ();
  g_assert_nonnull (dialog);
  adj_new_battle_dialog_set_army_file (dialog, 1, file);
  battle = adj_new_battle_dialog_build (dialog, &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, 24);
  g_assert_cmpuint (adj_battle_get_sides (battle)->len, ==, 2);

  /* With changes not saved, a battle cannot start from the list. */
  adj_army_builder_add_units (builder, "transport", 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_widget_activate_action (GTK_WIDGET (builder), "builder.battle", NULL);
  adj_test_settle ();
  g_assert_null (find_new_battle_dialog ());

  (void) window;
  g_remove (path);
  g_remove (pdf);
}

static void
test_builder (void)
{
  adj_test_run_app (check_builder, "--demo");
}

int
main (int   argc,
      char *argv[])
{
  if (!adj_test_init_ui (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/army/builder", test_builder);
  return adj_test_finish_ui (g_test_run ());
}
