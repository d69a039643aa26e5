/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-display.c: the players' own window, for a TV or a projector.
 *
 * The battle's name, turn and phase across the top, the turn's facts below them (the strip the
 * main window shows, set larger), then the last result with its dice and units and, beside it,
 * whatever the system keeps in view: the activation order by card, the solo enemy's latest
 * orders, the tracks.  Everything is built again from the battle whenever it changes, undo
 * included, and comes from the core's calls for a table display (adj-table-view.h), which never
 * hold anything hidden: this window knows no rule and no secret.
 */

#define G_LOG_DOMAIN "adj-table-display"

#include "config.h"

#include "adj-card-view.h"
#include "adj-i18n.h"
#include "adj-mechanic.h"
#include "adj-rr-track-bar.h"
#include "adj-ruleset.h"
#include "adj-table-display.h"
#include "adj-table-view.h"
#include "adj-turn-strip.h"

/* Card faces in the activation order, in pixels high: large enough to tell the suit across a
 * room, small enough for a dozen units to fit a 1080-line screen. */
#define CARD_HEIGHT 72
/* The units listed by card at most; the rest are counted. */
#define MAX_CARDS 7

struct _AdjTableDisplay {
  AdwWindow      parent_instance;

  GtkRevealer   *header_revealer;
  GtkDropDown   *monitor_dropdown;
  GtkLabel      *title_label;
  GtkLabel      *turn_label;
  AdjTurnStrip  *strip;
  GtkWidget     *side_column;
  GtkLabel      *side_heading;
  GtkWidget     *side_box;
  AdjResultView *result;
  GtkWidget     *empty_label;

  AdjBattle     *battle;
  GListModel    *monitors;     /* of GdkMonitor, the display's */
  GtkStringList *monitor_names;
};

G_DEFINE_FINAL_TYPE (AdjTableDisplay, adj_table_display, ADW_TYPE_WINDOW)

static void
clear_side (AdjTableDisplay *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->side_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->side_box), child);
}

static GtkWidget *
side_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The units still to act, by card, in the order they act, the one up now marked; those who
 * have acted are counted in the turn's facts above. */
static gboolean
show_cards (AdjTableDisplay *self)
{
  g_autoptr(GPtrArray) cards = adj_table_activation_cards (self->battle);
  guint shown = 0, left = 0;

  if (cards->len == 0)
    return FALSE;
  gtk_label_set_text (self->side_heading, _("Activation order"));
  for (guint i = 0; i < cards->len; i++)
    {
      AdjTableCard *card = g_ptr_array_index (cards, i);
      GtkWidget *row, *name;
      AdjCard face = 0;

      if (card->acted)
        continue;
      left++;
      if (shown == MAX_CARDS)
        continue;
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
      adj_card_parse (card->card, &face);
      gtk_box_append (GTK_BOX (row), adj_card_view_new (face, CARD_HEIGHT));
      name = side_label (card->name, "display-unit");
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_set_valign (name, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (row), name);
      if (shown == 0)
        gtk_widget_add_css_class (row, "display-current");
      gtk_box_append (GTK_BOX (self->side_box), row);
      shown++;
    }
  if (left == 0)
    gtk_box_append (GTK_BOX (self->side_box),
                    side_label (_("Every unit has acted"), "display-note"));
  else if (left > shown)
    {
      guint more = left - shown;
      g_autofree char *text = g_strdup_printf (ngettext ("and %u more unit",
                                                         "and %u more units", more), more);

      gtk_box_append (GTK_BOX (self->side_box), side_label (text, "display-note"));
    }
  return TRUE;
}

static gboolean
show_orders (AdjTableDisplay *self)
{
  g_autoptr(GPtrArray) orders = adj_table_enemy_orders (self->battle);

  if (orders->len == 0)
    return FALSE;
  gtk_label_set_text (self->side_heading, _("The enemy's latest orders"));
  for (guint i = 0; i < orders->len; i++)
    gtk_box_append (GTK_BOX (self->side_box),
                    side_label (g_ptr_array_index (orders, i), "display-order"));
  return TRUE;
}

static gboolean
show_tracks (AdjTableDisplay *self)
{
  g_autoptr(GPtrArray) tracks = adj_table_tracks (self->battle);

  if (tracks->len == 0)
    return FALSE;
  gtk_label_set_text (self->side_heading, _("Tracks"));
  for (guint i = 0; i < tracks->len; i++)
    {
      AdjTableTrack *track = g_ptr_array_index (tracks, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *bar = adj_rr_track_bar_new ();
      g_autofree char *caption = g_strdup_printf ("%s: %d", track->label, track->value);

      gtk_widget_set_name (box, track->id);
      gtk_box_append (GTK_BOX (box), side_label (caption, "display-track"));
      adj_rr_track_bar_set (ADJ_RR_TRACK_BAR (bar), track->value, track->ring, track->zone_from,
                            track->zone_to, track->spoken);
      gtk_box_append (GTK_BOX (box), bar);
      gtk_box_append (GTK_BOX (self->side_box), box);
    }
  return TRUE;
}

static void
refresh (AdjTableDisplay *self)
{
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *turn = NULL;
  gboolean side, tracks;
  int max;

  clear_side (self);
  if (self->battle == NULL)
    {
      gtk_label_set_text (self->title_label, _("No battle open"));
      gtk_label_set_text (self->turn_label, "");
      adj_result_view_set_outcome (self->result, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->result), FALSE);
      gtk_widget_set_visible (self->empty_label, TRUE);
      gtk_widget_set_visible (self->side_column, FALSE);
      return;
    }

  gtk_label_set_text (self->title_label, adj_battle_get_name (self->battle));
  phase = adj_battle_phase_label (self->battle, NULL);
  max = adj_ruleset_get_max_turns (adj_battle_get_ruleset (self->battle));
  if (max > 0)
    turn = g_strdup_printf (_("Turn %d of %d · %s"), adj_battle_get_turn (self->battle), max,
                            phase);
  else
    turn = g_strdup_printf (_("Turn %d · %s"), adj_battle_get_turn (self->battle), phase);
  gtk_label_set_text (self->turn_label, turn);

  side = show_cards (self) || show_orders (self);
  /* The tracks share the screen with the result: their boxes grow with the room they have. */
  tracks = !side && show_tracks (self);
  gtk_widget_set_hexpand (self->side_column, tracks);
  gtk_widget_set_visible (self->side_column, side || tracks);

  outcome = adj_table_last_outcome (self->battle);
  adj_result_view_set_outcome (self->result, outcome);
  gtk_widget_set_visible (GTK_WIDGET (self->result), outcome != NULL);
  gtk_widget_set_visible (self->empty_label, outcome == NULL);
}

void
adj_table_display_set_battle (AdjTableDisplay *self,
                              AdjBattle       *battle)
{
  g_return_if_fail (ADJ_IS_TABLE_DISPLAY (self));
  g_return_if_fail (battle == NULL || ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  g_set_object (&self->battle, battle);
  if (battle != NULL)
    {
      g_signal_connect_object (battle, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (battle, "notify::name", G_CALLBACK (refresh), self,
                               G_CONNECT_SWAPPED);
    }
  adj_turn_strip_set_battle (self->strip, battle);
  refresh (self);
}

AdjBattle *
adj_table_display_get_battle (AdjTableDisplay *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_DISPLAY (self), NULL);
  return self->battle;
}

/* ---- the screen it fills ---- */

static char *
monitor_name (GdkMonitor *monitor,
              guint       index)
{
  const char *model = gdk_monitor_get_model (monitor);
  const char *connector = gdk_monitor_get_connector (monitor);
  GdkRectangle area;
  g_autofree char *name = NULL;

  gdk_monitor_get_geometry (monitor, &area);
  if (model != NULL && *model != '\0')
    name = g_strdup (model);
  else if (connector != NULL && *connector != '\0')
    name = g_strdup (connector);
  else
    /* TRANSLATORS: a screen with no name of its own, e.g. "Screen 2" */
    name = g_strdup_printf (_("Screen %u"), index + 1);
  /* TRANSLATORS: a screen and its size, e.g. "HDMI-1 (1920 × 1080)" */
  return g_strdup_printf (_("%s (%d × %d)"), name, area.width, area.height);
}

static void
on_monitors_changed (AdjTableDisplay *self)
{
  guint n = g_list_model_get_n_items (self->monitors);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GdkMonitor) monitor = g_list_model_get_item (self->monitors, i);
      g_ptr_array_add (names, monitor_name (monitor, i));
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->monitor_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->monitor_names)),
                          (const char * const *) names->pdata);
}

void
adj_table_display_select_monitor (AdjTableDisplay *self,
                                  GdkMonitor      *monitor)
{
  g_return_if_fail (ADJ_IS_TABLE_DISPLAY (self));

  for (guint i = 0; i < g_list_model_get_n_items (self->monitors); i++)
    {
      g_autoptr(GdkMonitor) item = g_list_model_get_item (self->monitors, i);

      if (item == monitor)
        gtk_drop_down_set_selected (self->monitor_dropdown, i);
    }
}

void
adj_table_display_show_on (AdjTableDisplay *self,
                           GdkMonitor      *monitor)
{
  g_autoptr(GdkMonitor) chosen = NULL;

  g_return_if_fail (ADJ_IS_TABLE_DISPLAY (self));

  if (monitor == NULL)
    monitor = chosen = g_list_model_get_item (self->monitors,
                                              gtk_drop_down_get_selected (self->monitor_dropdown));
  else
    adj_table_display_select_monitor (self, monitor);
  if (monitor != NULL)
    gtk_window_fullscreen_on_monitor (GTK_WINDOW (self), monitor);
  else
    gtk_window_fullscreen (GTK_WINDOW (self));
}

static void
on_monitor_chosen (AdjTableDisplay *self)
{
  /* Full screen already, the display moves to the screen chosen. */
  if (gtk_window_is_fullscreen (GTK_WINDOW (self)))
    adj_table_display_show_on (self, NULL);
}

static void
on_fullscreened (AdjTableDisplay *self)
{
  /* Full screen, nothing but the game: the header comes back with Escape. */
  gtk_revealer_set_reveal_child (self->header_revealer,
                                 !gtk_window_is_fullscreen (GTK_WINDOW (self)));
}

static void
action_fullscreen (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  AdjTableDisplay *self = ADJ_TABLE_DISPLAY (widget);

  if (gtk_window_is_fullscreen (GTK_WINDOW (self)))
    gtk_window_unfullscreen (GTK_WINDOW (self));
  else
    adj_table_display_show_on (self, NULL);
}

static void
action_leave_fullscreen (GtkWidget  *widget,
                         const char *name,
                         GVariant   *parameter)
{
  gtk_window_unfullscreen (GTK_WINDOW (widget));
}

/* ---- for tests ---- */

static void
describe_widget (GtkWidget *widget,
                 GString   *text)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  else if (ADJ_IS_CARD_VIEW (widget))
    g_string_append_printf (text, "%s\n",
                            adj_card_name (adj_card_view_get_card (ADJ_CARD_VIEW (widget))));
  else if (ADJ_IS_RR_TRACK_BAR (widget))
    g_string_append_printf (text, "%d\n",
                            adj_rr_track_bar_get_value (ADJ_RR_TRACK_BAR (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    describe_widget (child, text);
}

char *
adj_table_display_describe (AdjTableDisplay *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (ADJ_IS_TABLE_DISPLAY (self), NULL);

  describe_widget (adw_window_get_content (ADW_WINDOW (self)), text);
  return g_string_free (text, FALSE);
}

AdjResultView *
adj_table_display_get_result_view (AdjTableDisplay *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_DISPLAY (self), NULL);
  return self->result;
}

/* ---- the class ---- */

static void
adj_table_display_dispose (GObject *object)
{
  AdjTableDisplay *self = ADJ_TABLE_DISPLAY (object);

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  g_clear_object (&self->battle);
  if (self->monitors != NULL)
    g_signal_handlers_disconnect_by_data (self->monitors, self);
  g_clear_object (&self->monitors);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_TABLE_DISPLAY);
  G_OBJECT_CLASS (adj_table_display_parent_class)->dispose (object);
}

static void
adj_table_display_class_init (AdjTableDisplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_table_display_dispose;

  g_type_ensure (ADJ_TYPE_TURN_STRIP);
  g_type_ensure (ADJ_TYPE_RESULT_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/"
                                               "adj-table-display.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, header_revealer);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, monitor_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, title_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, turn_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, strip);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, side_column);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, side_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, side_box);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, result);
  gtk_widget_class_bind_template_child (widget_class, AdjTableDisplay, empty_label);

  gtk_widget_class_install_action (widget_class, "display.fullscreen", NULL, action_fullscreen);
  gtk_widget_class_install_action (widget_class, "display.leave-fullscreen", NULL,
                                   action_leave_fullscreen);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "display.fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "display.leave-fullscreen", NULL);
}

static void
adj_table_display_init (AdjTableDisplay *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  adj_result_view_set_roomy (self->result, TRUE);

  self->monitor_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->monitor_dropdown, G_LIST_MODEL (self->monitor_names));
  g_object_unref (self->monitor_names);   /* the drop-down holds it */
  self->monitors = g_object_ref (gdk_display_get_monitors (gtk_widget_get_display (
                                                             GTK_WIDGET (self))));
  g_signal_connect_swapped (self->monitors, "items-changed", G_CALLBACK (on_monitors_changed),
                            self);
  on_monitors_changed (self);
  g_signal_connect_swapped (self->monitor_dropdown, "notify::selected",
                            G_CALLBACK (on_monitor_chosen), self);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), NULL);
  refresh (self);
}

AdjTableDisplay *
adj_table_display_new (GtkApplication *application)
{
  return g_object_new (ADJ_TYPE_TABLE_DISPLAY, "application", application, NULL);
}
