/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-preferences-window.c: the preferences, stored in GSettings. */

#define G_LOG_DOMAIN "adj-preferences-window"

#include "config.h"

#include "adj-preferences-window.h"

struct _AdjPreferencesWindow {
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *table_mode_switch;
  AdwComboRow          *style_row;
  GtkSwitch            *imperial_switch;
  GtkSwitch            *confirm_switch;

  GSettings            *settings;
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

static void
adj_preferences_window_dispose (GObject *object)
{
  AdjPreferencesWindow *self = ADJ_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
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
}

static void
adj_preferences_window_init (AdjPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
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
