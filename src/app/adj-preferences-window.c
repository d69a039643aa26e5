/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-preferences-window.c: the preferences, stored in GSettings, and the tables the players
 * type in (one group per ruleset that has any, each table with how much of it is entered). */

#define G_LOG_DOMAIN "adj-preferences-window"

#include "config.h"

#include "adj-i18n.h"
#include "adj-preferences-window.h"
#include "adj-ruleset.h"
#include "adj-table-editor.h"
#include "adj-tables.h"

struct _AdjPreferencesWindow {
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *table_mode_switch;
  AdwComboRow          *style_row;
  GtkSwitch            *imperial_switch;
  GtkSwitch            *confirm_switch;
  AdwPreferencesPage   *tables_page;

  GSettings            *settings;
  GPtrArray            *table_groups;   /* the groups added to tables_page */
  GPtrArray            *table_rows;     /* AdwActionRow, one per table */
};

G_DEFINE_FINAL_TYPE (AdjPreferencesWindow, adj_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
on_style_selected (AdwComboRow          *row,
                   GParamSpec           *pspec,
                   AdjPreferencesWindow *self)
{
  if (self->settings != NULL)
    g_settings_set_enum (self->settings, "style-variant", (int) adw_combo_row_get_selected (row));
}

static void fill_tables (AdjPreferencesWindow *self);

static void
on_table_saved (AdjTableEditor       *editor,
                int                   destination,
                AdjPreferencesWindow *self)
{
  fill_tables (self);
}

static void
on_table_activated (AdwActionRow         *row,
                    AdjPreferencesWindow *self)
{
  adj_preferences_window_open_table (self, g_object_get_data (G_OBJECT (row), "adj-ruleset"),
                                     g_object_get_data (G_OBJECT (row), "adj-table"));
}

/* One group per ruleset with tables to type in; each row says how much of its table is there.
 * A tables file that cannot be read is said in the group, and its rows still open the editor,
 * which says so again and leaves the file alone. */
static void
fill_tables (AdjPreferencesWindow *self)
{
  g_auto(GStrv) ids = adj_ruleset_list_ids ();

  for (guint i = 0; i < self->table_groups->len; i++)
    adw_preferences_page_remove (self->tables_page, g_ptr_array_index (self->table_groups, i));
  g_ptr_array_set_size (self->table_groups, 0);
  g_ptr_array_set_size (self->table_rows, 0);

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (ids[i], NULL);
      g_autoptr(AdjTables) tables = NULL;
      g_autoptr(GError) error = NULL;
      GPtrArray *shapes;
      GtkWidget *group;

      if (rs == NULL || (shapes = adj_ruleset_get_table_shapes (rs))->len == 0)
        continue;
      tables = adj_tables_load_user (rs, &error);
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                       adj_gettext (adj_ruleset_get_name (rs)));
      if (tables == NULL)
        {
          g_autofree char *text = g_strdup_printf (_("Your tables file cannot be read, and is "
                                                     "left as it is: %s"), error->message);
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), text);
        }
      for (guint k = 0; k < shapes->len; k++)
        {
          const AdjTableShape *shape = g_ptr_array_index (shapes, k);
          GtkWidget *row = adw_action_row_new ();
          g_autofree char *entered = tables != NULL
                                     ? adj_table_describe_entered (tables, shape->id) : NULL;

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                       entered != NULL ? entered : _("Cannot be read"));
          adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                     gtk_image_new_from_icon_name ("go-next-symbolic"));
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          gtk_widget_set_tooltip_text (row, adj_gettext (shape->hint));
          g_object_set_data_full (G_OBJECT (row), "adj-ruleset", g_strdup (ids[i]), g_free);
          g_object_set_data_full (G_OBJECT (row), "adj-table", g_strdup (shape->id), g_free);
          g_signal_connect (row, "activated", G_CALLBACK (on_table_activated), self);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
          g_ptr_array_add (self->table_rows, row);
        }
      adw_preferences_page_add (self->tables_page, ADW_PREFERENCES_GROUP (group));
      g_ptr_array_add (self->table_groups, group);
    }
}

static void
adj_preferences_window_dispose (GObject *object)
{
  AdjPreferencesWindow *self = ADJ_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->table_groups, g_ptr_array_unref);
  g_clear_pointer (&self->table_rows, g_ptr_array_unref);
  G_OBJECT_CLASS (adj_preferences_window_parent_class)->dispose (object);
}

static void
adj_preferences_window_class_init (AdjPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjPreferencesWindow, table_mode_switch);
  gtk_widget_class_bind_template_child (widget_class, AdjPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, AdjPreferencesWindow, imperial_switch);
  gtk_widget_class_bind_template_child (widget_class, AdjPreferencesWindow, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, AdjPreferencesWindow, tables_page);
}

static void
adj_preferences_window_init (AdjPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->table_groups = g_ptr_array_new ();
  self->table_rows = g_ptr_array_new ();
  fill_tables (self);
}

GtkWidget *
adj_preferences_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  AdjPreferencesWindow *self = g_object_new (ADJ_TYPE_PREFERENCES_WINDOW,
                                             "transient-for", parent, NULL);

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "table-mode", self->table_mode_switch, "active",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "distance-unit-imperial", self->imperial_switch, "active",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "confirm-before-apply", self->confirm_switch, "active",
                       G_SETTINGS_BIND_DEFAULT);
      adw_combo_row_set_selected (self->style_row, (guint) g_settings_get_enum (settings,
                                                                               "style-variant"));
    }
  g_signal_connect (self->style_row, "notify::selected", G_CALLBACK (on_style_selected), self);
  return GTK_WIDGET (self);
}

GtkWidget *
adj_preferences_window_open_table (AdjPreferencesWindow *self,
                                   const char           *ruleset_id,
                                   const char           *table_id)
{
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *editor;

  g_return_val_if_fail (ADJ_IS_PREFERENCES_WINDOW (self), NULL);

  rs = adj_ruleset_lookup (ruleset_id, &error);
  if (rs == NULL)
    {
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self),
                                        adw_toast_new (error->message));
      return NULL;
    }
  editor = adj_table_editor_new (GTK_WINDOW (self), rs, NULL, table_id);
  g_return_val_if_fail (editor != NULL, NULL);
  g_signal_connect_object (editor, "saved", G_CALLBACK (on_table_saved), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
  return editor;
}

const char *
adj_preferences_window_describe_table (AdjPreferencesWindow *self,
                                       const char           *ruleset_id,
                                       const char           *table_id)
{
  g_return_val_if_fail (ADJ_IS_PREFERENCES_WINDOW (self), NULL);

  for (guint i = 0; i < self->table_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->table_rows, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "adj-ruleset"), ruleset_id) == 0 &&
          g_strcmp0 (g_object_get_data (G_OBJECT (row), "adj-table"), table_id) == 0)
        return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
    }
  return NULL;
}
