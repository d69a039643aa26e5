/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-window.c: the window a referee keeps open beside the table. */

#define G_LOG_DOMAIN "adj-battle-window"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-application.h"
#include "adj-battle-window.h"
#include "adj-i18n.h"
#include "adj-side-view.h"

struct _AdjBattleWindow {
  AdwApplicationWindow parent_instance;

  AdwWindowTitle      *window_title;
  GtkStack            *stack;
  GtkBox              *sides_box;

  AdjBattle           *battle;
  GFile               *file;
  GSettings           *settings;
};

G_DEFINE_FINAL_TYPE (AdjBattleWindow, adj_battle_window, ADW_TYPE_APPLICATION_WINDOW)

static void
update_title (AdjBattleWindow *self)
{
  AdjRuleset *rs;
  const AdjChoice *phase;
  g_autofree char *subtitle = NULL;
  int max;

  if (self->battle == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Adjutant"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Adjutant"));
      return;
    }

  rs = adj_battle_get_ruleset (self->battle);
  phase = adj_ruleset_find_phase (rs, adj_battle_get_phase (self->battle));
  max = adj_ruleset_get_max_turns (rs);
  if (max > 0)
    /* TRANSLATORS: the window subtitle, e.g. "Turn 3 of 12 · Initiative" */
    subtitle = g_strdup_printf (_("Turn %d of %d · %s"), adj_battle_get_turn (self->battle), max,
                                phase != NULL ? adj_gettext (phase->label) : "");
  else
    subtitle = g_strdup_printf (_("Turn %d · %s"), adj_battle_get_turn (self->battle),
                                phase != NULL ? adj_gettext (phase->label) : "");
  adw_window_title_set_title (self->window_title, adj_battle_get_name (self->battle));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), adj_battle_get_name (self->battle));
}

static void
on_battle_notify (AdjBattle       *battle,
                  GParamSpec      *pspec,
                  AdjBattleWindow *self)
{
  update_title (self);
}

static void
on_autosave_failed (AdjBattle       *battle,
                    const char      *message,
                    AdjBattleWindow *self)
{
  g_warning ("Autosave failed: %s", message);
}

static void
clear_sides (AdjBattleWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sides_box))) != NULL)
    gtk_box_remove (self->sides_box, child);
}

static void
save_window_state (AdjBattleWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
}

static gboolean
adj_battle_window_close_request (GtkWindow *window)
{
  save_window_state (ADJ_BATTLE_WINDOW (window));
  return GTK_WINDOW_CLASS (adj_battle_window_parent_class)->close_request (window);
}

static void
adj_battle_window_dispose (GObject *object)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_BATTLE_WINDOW);
  g_clear_object (&self->battle);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (adj_battle_window_parent_class)->dispose (object);
}

static void
adj_battle_window_class_init (AdjBattleWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = adj_battle_window_dispose;
  window_class->close_request = adj_battle_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-battle-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, sides_box);
}

static void
adj_battle_window_init (AdjBattleWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

AdjBattleWindow *
adj_battle_window_new (AdwApplication *application)
{
  AdjBattleWindow *self;
  GSettings *settings;

  g_return_val_if_fail (ADW_IS_APPLICATION (application), NULL);

  self = g_object_new (ADJ_TYPE_BATTLE_WINDOW, "application", application, NULL);
  settings = adj_application_get_settings (ADJ_APPLICATION (application));
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }
  return self;
}

void
adj_battle_window_set_battle (AdjBattleWindow *self,
                              AdjBattle       *battle,
                              GFile           *file)
{
  GPtrArray *sides;

  g_return_if_fail (ADJ_IS_BATTLE_WINDOW (self));
  g_return_if_fail (battle == NULL || ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  clear_sides (self);
  g_set_object (&self->battle, battle);
  g_set_object (&self->file, file);

  if (battle == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      update_title (self);
      return;
    }

  g_signal_connect_object (battle, "notify::turn", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::phase", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::name", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "autosave-failed", G_CALLBACK (on_autosave_failed), self, 0);

  sides = adj_battle_get_sides (battle);
  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      gtk_box_append (self->sides_box, adj_side_view_new (battle, side->id));
    }
  gtk_stack_set_visible_child_name (self->stack, "battle");
  update_title (self);
}

AdjBattle *
adj_battle_window_get_battle (AdjBattleWindow *self)
{
  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), NULL);
  return self->battle;
}

GFile *
adj_battle_window_get_file (AdjBattleWindow *self)
{
  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), NULL);
  return self->file;
}
