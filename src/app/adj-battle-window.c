/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-window.c: the window a referee keeps open beside the table.
 *
 * A leaflet: the units of each side on the left (one list per side, searched by name), and on
 * the right the action panel, the selected unit, the journal and the cards.  The header always
 * shows the battle, the turn and the phase.  Every change goes through the battle's journal,
 * which autosaves; closing a battle with changes not saved to its file asks first.
 *
 * The action panel, the unit, the journal and the cards are each made the first time their page
 * is shown (or asked for): a page not looked at costs nothing when a battle opens.
 */

#define G_LOG_DOMAIN "adj-battle-window"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "adj-application.h"
#include "adj-battle-window.h"
#include "adj-cards-page.h"
#include "adj-gl-turn-view.h"
#include "adj-i18n.h"
#include "adj-journal-view.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-mechanic-panel.h"
#include "adj-rf-view.h"
#include "adj-rn-turn-view.h"
#include "adj-report.h"
#include "adj-roster-dialog.h"
#include "adj-rr-dashboard.h"
#include "adj-side-view.h"
#include "adj-table-board.h"
#include "adj-share-dialog.h"
#include "adj-table-display.h"
#include "adj-store.h"
#include "adj-system-page.h"
#include "adj-turn-strip.h"
#include "adj-unit-pane.h"

struct _AdjBattleWindow {
  AdwApplicationWindow parent_instance;

  AdwToastOverlay     *toasts;       /* over the battle's pages, above their switcher */
  AdwToastOverlay     *start_toasts; /* over the start page */
  GtkStack            *stack;
  AdwStatusPage       *empty_page;
  AdwPreferencesGroup *recent_group;
  AdwLeaflet          *leaflet;
  GtkWidget           *sidebar;
  GtkWidget           *content;
  AdwHeaderBar        *sidebar_header;
  AdwHeaderBar        *content_header;
  GtkWidget           *back_button;
  GtkWidget           *forward_button;
  AdwWindowTitle      *window_title;
  AdjTurnStrip        *turn_strip;
  GtkRevealer         *autosave_banner;
  GtkLabel            *autosave_banner_label;
  GtkStack            *side_stack;
  GtkWidget           *side_switcher;
  GtkSearchEntry      *search_entry;
  AdwViewStack        *view_stack;
  AdwBin              *act_page;
  AdwBin              *unit_page;
  AdwBin              *journal_page;
  AdwBin              *cards_page;
  GtkMenuButton       *start_menu_button;
  GtkMenuButton       *primary_menu_button;
  GMenuModel          *start_menu;
  GMenuModel          *primary_menu;

  /* what the pages hold, made when first shown; NULL until then */
  AdjMechanicPanel    *mechanic_panel;
  AdjTableBoard       *table_board;   /* made the first time table mode is on */
  AdjUnitPane         *unit_pane;
  AdjJournalView      *journal_view;
  AdjCardsPage        *cards_view;
  AdjTableDisplay     *table_display; /* the players' window while it is open, or NULL */

  AdjBattle           *battle;
  GFile               *file;
  GSettings           *settings;
  GPtrArray           *recent_rows;
  GtkWidget           *special;      /* the system's own page, or NULL */
  gboolean             closing;
};

G_DEFINE_FINAL_TYPE (AdjBattleWindow, adj_battle_window, ADW_TYPE_APPLICATION_WINDOW)

static AdjMechanicPanel *ensure_mechanic_panel (AdjBattleWindow *self);

/* ---- small helpers ---- */

/* Long names (the sides' in the switcher above the units) shorten rather than widen the list. */
static void
ellipsize_labels (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      gtk_label_set_ellipsize (GTK_LABEL (widget), PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (widget, gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ellipsize_labels (child);
}

/* The toasts of the page the window shows: the battle's or the start page's. */
static AdwToastOverlay *
current_toasts (AdjBattleWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "battle") == 0)
    return self->toasts;
  return self->start_toasts;
}

void
adj_battle_window_toast (AdjBattleWindow *self,
                         const char      *message,
                         gboolean         undo)
{
  AdwToast *toast = adw_toast_new (message);

  if (undo)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "win.undo");
    }
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (current_toasts (self), toast);
}

void
adj_battle_window_toast_results (AdjBattleWindow *self,
                                 const char      *message,
                                 guint            from,
                                 guint            to)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo-results");
  adw_toast_set_action_target_value (toast, g_variant_new ("(uu)", from, to));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (current_toasts (self), toast);
}

static void
show_error (AdjBattleWindow *self,
            const char      *heading,
            const char      *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static AdjSideView *
current_side_view (AdjBattleWindow *self)
{
  GtkWidget *child = gtk_stack_get_visible_child (self->side_stack);
  return child != NULL ? ADJ_SIDE_VIEW (child) : NULL;
}

static void
update_title (AdjBattleWindow *self)
{
  AdjRuleset *rs;
  g_autofree char *phase = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;
  int max;

  if (self->battle == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Adjutant"));
      return;
    }

  rs = adj_battle_get_ruleset (self->battle);
  phase = adj_battle_phase_label (self->battle, NULL);
  max = adj_ruleset_get_max_turns (rs);
  if (max > 0)
    /* TRANSLATORS: the window subtitle, e.g. "Turn 3 of 12 · Zulu army activates" */
    subtitle = g_strdup_printf (_("Turn %d of %d · %s"), adj_battle_get_turn (self->battle), max,
                                phase);
  else
    subtitle = g_strdup_printf (_("Turn %d · %s"), adj_battle_get_turn (self->battle), phase);
  /* A dot before the name says the battle has changes not saved to its file. */
  title = adj_battle_get_modified (self->battle)
          ? g_strdup_printf ("• %s", adj_battle_get_name (self->battle))
          : g_strdup (adj_battle_get_name (self->battle));
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
update_actions (AdjBattleWindow *self)
{
  gboolean have = self->battle != NULL;
  gboolean selected = have && adj_battle_window_get_selected_unit (self) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 have && adj_battle_can_undo (self->battle));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 have && adj_battle_can_redo (self->battle));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-phase", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-turn", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-report", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.after-action-report", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print-roster", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-unit", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.duplicate-unit", selected);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-unit", selected);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.roll", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enter-dice", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.apply-result", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.turn-card", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enter-card", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reshuffle", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-page", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-page-at", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enemy-reacts",
                                 have && self->special != NULL && ADJ_IS_RF_VIEW (self->special));
}

static void
on_battle_notify (AdjBattle       *battle,
                  GParamSpec      *pspec,
                  AdjBattleWindow *self)
{
  update_title (self);
  update_actions (self);
}

/* The banner says, in full, why autosaves fail, for as long as they do. */
static void
on_autosave_error (AdjBattle       *battle,
                   GParamSpec      *pspec,
                   AdjBattleWindow *self)
{
  const char *message = battle != NULL ? adj_battle_get_autosave_error (battle) : NULL;

  if (message != NULL)
    {
      /* TRANSLATORS: a banner that stays while autosaves fail; %s is the reason in full */
      g_autofree char *text = g_strdup_printf (_("Crash protection is off: the autosave cannot "
                                                 "be written. %s. Save the battle to a file to "
                                                 "keep it safe."), message);

      gtk_label_set_text (self->autosave_banner_label, text);
    }
  gtk_revealer_set_reveal_child (self->autosave_banner, message != NULL);
}

/* ---- picking the units of an action ---- */

static gboolean
acting (AdjBattleWindow *self)
{
  return self->mechanic_panel != NULL &&
         g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "act") == 0;
}

/* On the action page, the units the rules refuse in the slot being filled are marked. */
static const char *
judge_unit (AdjUnit  *unit,
            gpointer  user_data)
{
  AdjBattleWindow *self = user_data;

  return acting (self) ? adj_mechanic_panel_judge_unit (self->mechanic_panel,
                                                        adj_unit_get_id (unit))
                       : NULL;
}

static void
on_slots_changed (AdjMechanicPanel *panel,
                  AdjBattleWindow  *self)
{
  const char *side = acting (self) ? adj_mechanic_panel_get_preferred_side (panel) : NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->side_stack));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    adj_side_view_judge_changed (ADJ_SIDE_VIEW (child));
  /* The side whose units the slot takes comes to the front: the enemy's, for a target. */
  if (side != NULL && gtk_stack_get_child_by_name (self->side_stack, side) != NULL)
    gtk_stack_set_visible_child_name (self->side_stack, side);
}

/* R rolls and A applies on the action page, unless the keys are typing text. */
static gboolean
on_plain_key (GtkEventControllerKey *keys,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              AdjBattleWindow       *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const char *action;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0 || !acting (self))
    return FALSE;
  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    if (GTK_IS_EDITABLE (w))
      return FALSE;
  switch (gdk_keyval_to_lower (keyval))
    {
    case GDK_KEY_r: action = "win.roll"; break;
    case GDK_KEY_a: action = "win.apply-result"; break;
    default: return FALSE;
    }
  return gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
}

/* Act with a unit: the action page, the unit in the form's first slot. */
static void
action_act_with (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);

  if (self->battle == NULL)
    return;
  adw_view_stack_set_visible_child_name (self->view_stack, "act");
  adj_mechanic_panel_act_with (ensure_mechanic_panel (self), g_variant_get_string (param, NULL));
}

static void
action_find_unit (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);

  if (!acting (self) || !adj_mechanic_panel_search_unit (self->mechanic_panel))
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
on_unit_selected (AdjSideView     *view,
                  AdjUnit         *unit,
                  AdjBattleWindow *self)
{
  const char *page;

  if (view != current_side_view (self))
    return;
  if (self->unit_pane != NULL)
    adj_unit_pane_set_unit (self->unit_pane, unit != NULL ? self->battle : NULL, unit);
  update_actions (self);
  if (unit == NULL)
    return;

  page = adw_view_stack_get_visible_child_name (self->view_stack);
  if (g_strcmp0 (page, "act") == 0)
    adj_mechanic_panel_offer_unit (ensure_mechanic_panel (self), adj_unit_get_id (unit));
  else if (g_strcmp0 (page, "unit") != 0)
    adw_view_stack_set_visible_child_name (self->view_stack, "unit");
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child (self->leaflet, self->content);
}

static void
on_side_switched (GtkStack        *stack,
                  GParamSpec      *pspec,
                  AdjBattleWindow *self)
{
  AdjSideView *view = current_side_view (self);

  if (view != NULL && self->unit_pane != NULL)
    adj_unit_pane_set_unit (self->unit_pane, self->battle, adj_side_view_get_selected (view));
  update_actions (self);
}

static void
on_search_changed (AdjBattleWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->side_stack));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    adj_side_view_set_search (ADJ_SIDE_VIEW (child), text);
}

/* The start page's big icon is an SVG, and GTK loads the icon of every image in a window, shown
 * or not: the first SVG starts librsvg, several MiB that a window opened on a battle never
 * needs.  The icon is given when the start page is first shown. */
static void
on_empty_page_mapped (AdjBattleWindow *self)
{
  g_signal_handlers_disconnect_by_func (self->empty_page, on_empty_page_mapped, self);
  adw_status_page_set_icon_name (self->empty_page, APPLICATION_ID "-symbolic");
}

static void
on_back_clicked (AdjBattleWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
on_forward_clicked (AdjBattleWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

/* Folded, the window shows one pane with a way to the other: the pages with a back button to
 * the units, the units with one on to the pages.  It folds onto the pages, where the work is. */
static void
on_folded (AdwLeaflet      *leaflet,
           GParamSpec      *pspec,
           AdjBattleWindow *self)
{
  gboolean folded = adw_leaflet_get_folded (leaflet);

  if (folded && pspec != NULL)
    adw_leaflet_set_visible_child (leaflet, self->content);
  gtk_widget_set_visible (self->back_button, folded);
  gtk_widget_set_visible (self->forward_button, folded);
  adw_header_bar_set_show_end_title_buttons (self->sidebar_header, folded);
  adw_header_bar_set_show_start_title_buttons (self->content_header, folded ||
                                               !adw_leaflet_get_folded (leaflet));
}

static void
on_pane_failed (AdjUnitPane     *pane,
                const char      *message,
                AdjBattleWindow *self)
{
  adj_battle_window_toast (self, message, FALSE);
}

static void
on_special_message (GtkWidget       *view,
                    const char      *message,
                    AdjBattleWindow *self)
{
  adj_battle_window_toast (self, message, FALSE);
}

/* Put the page of the system's own view, if it has one, in place of the last battle's. */
static void
set_special_view (AdjBattleWindow *self)
{
  AdjSystemPageClass *klass;
  AdwViewStackPage *page;

  if (self->special != NULL)
    {
      adw_view_stack_remove (self->view_stack, self->special);
      self->special = NULL;
    }
  if (self->battle == NULL)
    return;
  self->special = adj_system_page_new_for_battle (self->battle);
  if (self->special == NULL)
    return;
  klass = ADJ_SYSTEM_PAGE_GET_CLASS (self->special);
  g_signal_connect (self->special, "message", G_CALLBACK (on_special_message), self);
  page = adw_view_stack_add_titled (self->view_stack, self->special, klass->page_name,
                                    adj_gettext (klass->title));
  adw_view_stack_page_set_use_underline (page, TRUE);
  adw_view_stack_page_set_icon_name (page, klass->icon_name);
}

static void
on_act_with (AdjUnitPane     *pane,
             const char      *unit_id,
             AdjBattleWindow *self)
{
  adw_view_stack_set_visible_child_name (self->view_stack, "act");
  adj_mechanic_panel_use_unit (ensure_mechanic_panel (self), 0, unit_id);
}

static void
on_target (AdjUnitPane     *pane,
           const char      *unit_id,
           AdjBattleWindow *self)
{
  adw_view_stack_set_visible_child_name (self->view_stack, "act");
  adj_mechanic_panel_use_unit (ensure_mechanic_panel (self), 1, unit_id);
}

/* ---- pages made when first shown ---- */

static AdjMechanicPanel *
ensure_mechanic_panel (AdjBattleWindow *self)
{
  if (self->mechanic_panel != NULL)
    return self->mechanic_panel;
  self->mechanic_panel = ADJ_MECHANIC_PANEL (adj_mechanic_panel_new ());
  g_signal_connect (self->mechanic_panel, "slots-changed", G_CALLBACK (on_slots_changed), self);
  if (self->settings != NULL)
    adj_mechanic_panel_set_imperial (self->mechanic_panel,
                                     g_settings_get_boolean (self->settings,
                                                             "distance-unit-imperial"));
  if (self->battle != NULL)
    adj_mechanic_panel_set_battle (self->mechanic_panel, self->battle);
  adw_bin_set_child (self->act_page, GTK_WIDGET (self->mechanic_panel));
  return self->mechanic_panel;
}

static AdjUnitPane *
ensure_unit_pane (AdjBattleWindow *self)
{
  AdjSideView *view;

  if (self->unit_pane != NULL)
    return self->unit_pane;
  self->unit_pane = ADJ_UNIT_PANE (adj_unit_pane_new ());
  g_signal_connect (self->unit_pane, "failed", G_CALLBACK (on_pane_failed), self);
  g_signal_connect (self->unit_pane, "act-with", G_CALLBACK (on_act_with), self);
  g_signal_connect (self->unit_pane, "target", G_CALLBACK (on_target), self);
  view = current_side_view (self);
  if (self->battle != NULL && view != NULL)
    adj_unit_pane_set_unit (self->unit_pane, self->battle, adj_side_view_get_selected (view));
  adw_bin_set_child (self->unit_page, GTK_WIDGET (self->unit_pane));
  return self->unit_pane;
}

static void
ensure_journal_view (AdjBattleWindow *self)
{
  if (self->journal_view != NULL)
    return;
  self->journal_view = ADJ_JOURNAL_VIEW (adj_journal_view_new ());
  if (self->battle != NULL)
    adj_journal_view_set_battle (self->journal_view, self->battle);
  adw_bin_set_child (self->journal_page, GTK_WIDGET (self->journal_view));
}

static void
ensure_cards_view (AdjBattleWindow *self)
{
  if (self->cards_view != NULL)
    return;
  self->cards_view = ADJ_CARDS_PAGE (adj_cards_page_new ());
  if (self->battle != NULL)
    adj_cards_page_set_battle (self->cards_view, self->battle);
  adw_bin_set_child (self->cards_page, GTK_WIDGET (self->cards_view));
}

/* Make the page now shown, if it is one made on first show.  Without a battle no page shows. */
static void
ensure_visible_page (AdjBattleWindow *self)
{
  GtkWidget *page = adw_view_stack_get_visible_child (self->view_stack);

  if (self->battle == NULL || page == NULL)
    return;
  if (page == GTK_WIDGET (self->act_page))
    ensure_mechanic_panel (self);
  else if (page == GTK_WIDGET (self->unit_page))
    ensure_unit_pane (self);
  else if (page == GTK_WIDGET (self->journal_page))
    ensure_journal_view (self);
  else if (page == GTK_WIDGET (self->cards_page))
    ensure_cards_view (self);
}

static void
on_page_shown (AdwViewStack    *stack,
               GParamSpec      *pspec,
               AdjBattleWindow *self)
{
  ensure_visible_page (self);
  if (self->mechanic_panel != NULL)
    on_slots_changed (self->mechanic_panel, self);
}

/* Table mode: the whole screen for the turn's facts and the last result, in large type, for
 * everyone at the table; F11 (win.table-mode) goes in and out. */
static void
apply_table_mode (AdjBattleWindow *self)
{
  gboolean on = self->settings != NULL && g_settings_get_boolean (self->settings, "table-mode");

  if (on && self->table_board == NULL)
    {
      self->table_board = ADJ_TABLE_BOARD (adj_table_board_new ());
      gtk_stack_add_named (self->stack, GTK_WIDGET (self->table_board), "table");
    }
  if (on && self->battle != NULL)
    {
      adj_table_board_set_battle (self->table_board, self->battle);
      adj_table_board_follow (self->table_board, ensure_mechanic_panel (self));
    }
  if (on)
    gtk_widget_add_css_class (GTK_WIDGET (self), "table-mode");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "table-mode");
  if (self->battle != NULL)
    gtk_stack_set_visible_child_name (self->stack, on ? "table" : "battle");
  if (on)
    gtk_window_fullscreen (GTK_WINDOW (self));
  else
    gtk_window_unfullscreen (GTK_WINDOW (self));
}

static void
on_setting_changed (GSettings       *settings,
                    const char      *key,
                    AdjBattleWindow *self)
{
  if (g_str_equal (key, "table-mode"))
    apply_table_mode (self);
  else if (g_str_equal (key, "distance-unit-imperial") && self->mechanic_panel != NULL)
    adj_mechanic_panel_set_imperial (self->mechanic_panel,
                                     g_settings_get_boolean (settings, "distance-unit-imperial"));
}

/* ---- saving ---- */

static void
remember_recent (AdjBattleWindow *self)
{
  GApplication *app = g_application_get_default ();

  if (ADJ_IS_APPLICATION (app) && self->file != NULL)
    adj_application_remember_recent (ADJ_APPLICATION (app), self->file);
}

gboolean
adj_battle_window_save_to (AdjBattleWindow  *self,
                           GFile            *file,
                           GError          **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), FALSE);
  g_return_val_if_fail (self->battle != NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Battles can only be saved to local files"));
      return FALSE;
    }
  if (!adj_store_save_battle (self->battle, path, error))
    return FALSE;
  g_set_object (&self->file, file);
  adj_battle_set_file_path (self->battle, path);
  adj_battle_mark_saved (self->battle);
  /* The autosave follows the file it now belongs to. */
  adj_battle_autosave (self->battle, NULL);
  remember_recent (self);
  update_title (self);
  return TRUE;
}

typedef void (*AfterSave) (AdjBattleWindow *self);

static void
on_save_as_response (GtkNativeDialog *chooser,
                     int              response,
                     AdjBattleWindow *self)
{
  AfterSave after = g_object_get_data (G_OBJECT (chooser), "after");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (adj_battle_window_save_to (self, file, &error))
        {
          adj_battle_window_toast (self, _("Saved"), FALSE);
          if (after != NULL)
            after (self);
        }
      else
        show_error (self, _("Could Not Save the Battle"), error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
save_as (AdjBattleWindow *self,
         AfterSave        after)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;

  chooser = gtk_file_chooser_native_new (_("Save the Battle"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Battles (JSON)"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    {
      name = g_strdup_printf ("%s.json", adj_battle_get_name (self->battle));
      g_strdelimit (name, "/\\:", '-');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "after", after);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void save_over_file (AdjBattleWindow *self,
                            AfterSave        after);

typedef struct {
  AdjBattleWindow *self;
  AfterSave        after;
} SaveQuestion;

static void
save_question_free (gpointer  data,
                    GClosure *closure)
{
  SaveQuestion *q = data;

  g_object_unref (q->self);
  g_free (q);
}

/* Load the battle's file as another program left it, in place of this window's battle. */
static void
reload_file (AdjBattleWindow *self)
{
  g_autofree char *path = g_file_get_path (self->file);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  GApplication *app = g_application_get_default ();

  if (battle == NULL)
    show_error (self, _("Could Not Open the Battle"), error->message);
  else if (ADJ_IS_APPLICATION (app))
    adj_application_show_battle (ADJ_APPLICATION (app), battle, self->file);
}

static void
on_save_question (AdwMessageDialog *dialog,
                  const char       *response,
                  SaveQuestion     *q)
{
  if (g_str_equal (response, "save-as"))
    save_as (q->self, q->after);
  else if (g_str_equal (response, "replace"))
    save_over_file (q->self, q->after);
  else if (g_str_equal (response, "reload"))
    reload_file (q->self);
}

/* A save that cannot go on as asked: say why and offer another file (and, when another program
 * changed the file, its version or replacing it). */
static void
ask_about_save (AdjBattleWindow *self,
                const char      *heading,
                const char      *body,
                gboolean         changed_on_disk,
                AfterSave        after)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                                         heading, body));
  SaveQuestion *q = g_new0 (SaveQuestion, 1);

  adw_message_dialog_add_response (dialog, "close", changed_on_disk ? _("_Cancel")
                                                                    : _("_Close"));
  if (changed_on_disk)
    adw_message_dialog_add_response (dialog, "reload", _("_Load Its Version"));
  adw_message_dialog_add_response (dialog, "save-as", _("Save _As…"));
  if (changed_on_disk)
    {
      adw_message_dialog_add_response (dialog, "replace", _("_Replace It"));
      adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
    }
  adw_message_dialog_set_response_appearance (dialog, "save-as", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save-as");
  adw_message_dialog_set_close_response (dialog, "close");
  q->self = g_object_ref (self);
  q->after = after;
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_save_question), q,
                         save_question_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_over_file (AdjBattleWindow *self,
                AfterSave        after)
{
  g_autoptr(GError) error = NULL;

  if (!adj_battle_window_save_to (self, self->file, &error))
    {
      ask_about_save (self, _("Could Not Save the Battle"), error->message, FALSE, after);
      return;
    }
  adj_battle_window_toast (self, _("Saved"), FALSE);
  if (after != NULL)
    after (self);
}

static void
save (AdjBattleWindow *self,
      AfterSave        after)
{
  if (self->file == NULL)
    {
      save_as (self, after);
      return;
    }
  /* Another program (adjutant-cli --apply, say) wrote the file since: saving would lose it. */
  if (adj_store_battle_changed_on_disk (self->battle))
    {
      g_autofree char *name = g_file_get_basename (self->file);
      g_autofree char *body = g_strdup_printf (_("“%s” was changed by another program since "
                                                 "this battle was opened or saved. Saving now "
                                                 "would replace what it wrote; loading its "
                                                 "version would drop the changes made here."),
                                               name);

      ask_about_save (self, _("The File Changed on Disk"), body, TRUE, after);
      return;
    }
  save_over_file (self, after);
}

/* ---- closing ---- */

static void
forget_autosave (AdjBattleWindow *self)
{
  const char *path;

  if (self->battle == NULL)
    return;
  path = adj_battle_get_autosave_path (self->battle);
  if (path != NULL)
    g_unlink (path);
  adj_battle_set_autosave_path (self->battle, NULL);
}

static gboolean
close_when_idle (gpointer user_data)
{
  AdjBattleWindow *self = user_data;

  forget_autosave (self);
  self->closing = TRUE;
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
close_now (AdjBattleWindow *self)
{
  /* Not from inside the dialog's response: the dialog still needs its parent window. */
  g_idle_add (close_when_idle, g_object_ref (self));
}

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   AdjBattleWindow  *self)
{
  if (g_str_equal (response, "discard"))
    close_now (self);
  else if (g_str_equal (response, "save"))
    save (self, close_now);
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
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (window);

  if (!self->closing && self->battle != NULL && adj_battle_get_modified (self->battle))
    {
      GtkWidget *dialog = adw_message_dialog_new (window, _("Save Changes?"), NULL);

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                      _("“%s” has changes that are not saved to a file. If you "
                                        "close without saving, they are lost."),
                                      adj_battle_get_name (self->battle));
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                        "cancel", _("_Cancel"),
                                        "discard", _("_Discard"),
                                        "save", _("_Save"),
                                        NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                                  ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
      adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  /* Nothing is lost: the battle is saved, or was never changed. */
  forget_autosave (self);
  save_window_state (self);
  return GTK_WINDOW_CLASS (adj_battle_window_parent_class)->close_request (window);
}

/* ---- actions ---- */

static void
action_undo (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->battle != NULL && !adj_battle_undo (self->battle, &error))
    adj_battle_window_toast (self, error->message, FALSE);
}

/* Take back the entries a step made together, unless more have been made or undone since. */
static void
action_undo_results (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  guint from, to;

  if (self->battle == NULL)
    return;
  g_variant_get (param, "(uu)", &from, &to);
  if (adj_battle_get_journal (self->battle)->position != to || from > to)
    {
      adj_battle_window_toast (self, _("The journal has changed since those results: undo them "
                                       "one at a time"), FALSE);
      return;
    }
  while (adj_battle_get_journal (self->battle)->position > from)
    if (!adj_battle_undo (self->battle, &error))
      {
        adj_battle_window_toast (self, error->message, FALSE);
        return;
      }
}

static void
action_redo (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->battle != NULL && !adj_battle_redo (self->battle, &error))
    adj_battle_window_toast (self, error->message, FALSE);
}

static void
action_next_phase (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->battle == NULL)
    return;
  if (!adj_system_next_phase (self->battle, g_str_equal (name, "win.next-turn"), &error))
    adj_battle_window_toast (self, error->message, FALSE);
}

static void
action_save (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);

  if (self->battle == NULL)
    return;
  if (g_str_equal (name, "win.save-as"))
    save_as (self, NULL);
  else
    save (self, NULL);
}

static void
on_report_response (GtkNativeDialog *chooser,
                    int              response,
                    AdjBattleWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      text = adj_battle_report (self->battle, !g_str_has_suffix (path, ".txt"));
      if (adj_store_write_atomic (path, text, strlen (text), &error))
        adj_battle_window_toast (self, _("Report exported"), FALSE);
      else
        show_error (self, _("Could Not Export the Report"), error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
action_export_report (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) md = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) txt = gtk_file_filter_new ();
  g_autofree char *file_name = NULL;

  if (self->battle == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export the Battle Report"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (md, _("Markdown"));
  gtk_file_filter_add_suffix (md, "md");
  gtk_file_filter_set_name (txt, _("Plain text"));
  gtk_file_filter_add_suffix (txt, "txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), md);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), txt);
  file_name = g_strdup_printf ("%s.md", adj_battle_get_name (self->battle));
  g_strdelimit (file_name, "/\\:", '-');
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_report_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_after_action_response (GtkNativeDialog *chooser,
                          int              response,
                          AdjBattleWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->battle != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(AdjReport) report = adj_report_new (self->battle);
      g_autoptr(GError) error = NULL;

      if (adj_report_write_pdf (report, path, ADJ_PAPER_A4, NULL, &error))
        adj_battle_window_toast (self, _("After-action report saved"), FALSE);
      else
        show_error (self, _("Could Not Save the After-Action Report"), error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

/* The after-action report, saved as a PDF: the result, losses and luck, the least likely
 * results, every unit's fate and the story. */
static void
action_after_action_report (GtkWidget  *widget,
                            const char *name,
                            GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) pdf = gtk_file_filter_new ();
  g_autofree char *file_name = NULL;

  if (self->battle == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save the After-Action Report"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (pdf, _("PDF documents"));
  gtk_file_filter_add_suffix (pdf, "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pdf);
  /* TRANSLATORS: the file name offered for an after-action report; %s is the battle's name */
  file_name = g_strdup_printf (_("%s - after-action report.pdf"),
                               adj_battle_get_name (self->battle));
  g_strdelimit (file_name, "/\\:", '-');
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_after_action_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The roster window: the sides, the sheet and the paper are chosen there, with the pages in
 * view, before anything is printed or saved as a PDF. */
static void
action_print_roster (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  AdjRosterDialog *dialog;

  if (self->battle == NULL)
    return;
  dialog = adj_roster_dialog_new (GTK_WINDOW (self), self->battle, self->settings);
  gtk_window_present (GTK_WINDOW (dialog));
}

typedef struct {
  AdjBattleWindow *self;
  GtkEditable     *name;
  GtkDropDown     *type;
  char            *side;
} AddUnitData;

static void
add_unit_data_free (gpointer  user_data,
                    GClosure *closure)
{
  AddUnitData *data = user_data;

  g_object_unref (data->self);
  g_free (data->side);
  g_free (data);
}

static void
add_unit_json (AdjBattleWindow *self,
               json_object     *json)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *unit = adj_battle_add_unit (self->battle, json, &error);

  if (unit == NULL)
    {
      adj_battle_window_toast (self, error->message, FALSE);
      return;
    }
  adj_battle_window_select_unit (self, adj_unit_get_id (unit));
}

static void
on_add_unit_response (AdwMessageDialog *dialog,
                      const char       *response,
                      AddUnitData      *data)
{
  AdjBattleWindow *self = data->self;
  GPtrArray *types;
  const AdjUnitType *type;
  g_autoptr(json_object) json = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;

  if (!g_str_equal (response, "add") || self->battle == NULL)
    return;
  types = adj_ruleset_get_unit_types (adj_battle_get_ruleset (self->battle));
  type = g_ptr_array_index (types, gtk_drop_down_get_selected (data->type));
  name = g_strstrip (g_strdup (gtk_editable_get_text (data->name)));
  if (name[0] == '\0')
    {
      g_free (name);
      name = g_strdup (adj_gettext (type->label));
    }
  id = adj_battle_new_unit_id (self->battle);
  json = json_object_new_object ();
  json_object_object_add (json, "id", json_object_new_string (id));
  json_object_object_add (json, "side", json_object_new_string (data->side));
  json_object_object_add (json, "name", json_object_new_string (name));
  json_object_object_add (json, "type", json_object_new_string (type->id));
  add_unit_json (self, json);
}

static void
action_add_unit (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  AdjSideView *view = current_side_view (self);
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GPtrArray *types;
  GtkWidget *dialog, *box, *entry, *drop;
  AddUnitData *data;
  AdjSide *side;

  if (self->battle == NULL || view == NULL)
    return;
  side = adj_battle_find_side (self->battle, adj_side_view_get_side (view));
  types = adj_ruleset_get_unit_types (adj_battle_get_ruleset (self->battle));
  for (guint i = 0; i < types->len; i++)
    gtk_string_list_append (labels, adj_gettext (((AdjUnitType *) g_ptr_array_index (types, i))->label));

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Add a Unit"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog), _("A new unit for %s"), side->name);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Name"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Name"), -1);
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (labels)), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Type"), -1);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), drop);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "add", _("_Add"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "add",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "add");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);

  data = g_new0 (AddUnitData, 1);
  data->self = g_object_ref (self);
  data->name = GTK_EDITABLE (entry);
  data->type = GTK_DROP_DOWN (drop);
  data->side = g_strdup (side->id);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_add_unit_response), data,
                         add_unit_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_duplicate_unit (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  AdjUnit *unit = adj_battle_window_get_selected_unit (self);
  g_autoptr(json_object) json = NULL;
  g_autofree char *id = NULL;
  g_autofree char *copy_name = NULL;

  if (unit == NULL)
    return;
  json = adj_unit_to_json (unit);
  id = adj_battle_new_unit_id (self->battle);
  /* TRANSLATORS: the name of a duplicated unit, e.g. "24th Foot (copy)" */
  copy_name = g_strdup_printf (_("%s (copy)"), adj_unit_get_name (unit));
  json_object_object_add (json, "id", json_object_new_string (id));
  json_object_object_add (json, "name", json_object_new_string (copy_name));
  json_object_object_del (json, "card");
  add_unit_json (self, json);
}

static void
action_remove_unit (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  AdjUnit *unit = adj_battle_window_get_selected_unit (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *id = NULL;

  if (unit == NULL)
    return;
  id = g_strdup (adj_unit_get_id (unit));
  message = g_strdup_printf (_("Removed %s"), adj_unit_get_name (unit));
  if (!adj_battle_remove_unit (self->battle, id, &error))
    adj_battle_window_toast (self, error->message, FALSE);
  else
    adj_battle_window_toast (self, message, TRUE);
}

static void
action_roll (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "act");
  if (g_str_equal (name, "win.enter-dice"))
    adj_mechanic_panel_enter_dice (ensure_mechanic_panel (self));
  else if (g_str_equal (name, "win.apply-result"))
    adj_mechanic_panel_apply (ensure_mechanic_panel (self));
  else
    adj_mechanic_panel_roll (ensure_mechanic_panel (self));
}

/* Whether the battle's rules deal or turn cards: only then is there a Cards page. */
static gboolean
uses_cards (AdjBattleWindow *self)
{
  const AdjSystem *system;

  if (self->battle == NULL)
    return FALSE;
  system = adj_ruleset_get_system (adj_battle_get_ruleset (self->battle));
  return system != NULL && system->uses_cards;
}

/* To the Cards page, where the battle has one: elsewhere a card turned (a pack is kept with
 * every battle) shows only in the journal. */
static void
show_cards (AdjBattleWindow *self)
{
  if (uses_cards (self))
    adw_view_stack_set_visible_child_name (self->view_stack, "cards");
}

static void
action_turn_card (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->battle == NULL)
    return;
  show_cards (self);
  ok = g_str_equal (name, "win.reshuffle") ? adj_battle_reshuffle (self->battle, &error)
                                           : adj_battle_turn_card (self->battle, NULL, NULL, &error);
  if (!ok)
    adj_battle_window_toast (self, error->message, FALSE);
}

static void
on_enter_card_response (AdwMessageDialog *dialog,
                        const char       *response,
                        GtkEditable      *entry)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  g_autoptr(GError) error = NULL;
  AdjCard card;

  if (!g_str_equal (response, "turn") || self->battle == NULL)
    return;
  if (!adj_card_parse (gtk_editable_get_text (entry), &card))
    {
      adj_battle_window_toast (self, _("That is not a card: type one such as QH or 10S"), FALSE);
      return;
    }
  if (!adj_battle_turn_card (self->battle, &card, NULL, &error))
    adj_battle_window_toast (self, error->message, FALSE);
}

static void
action_enter_card (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  GtkWidget *dialog, *entry;

  if (self->battle == NULL)
    return;
  show_cards (self);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Enter a Card"),
                                   _("Type the card turned at the table: rank then suit, such as "
                                     "QH, 10S, AD or 7C"));
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Card, e.g. QH"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Card"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "turn", _("_Turn It"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "turn",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "turn");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_enter_card_response), entry);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The solo step of a skirmish: to the enemy's page, and a roll for every group listed. */
static void
action_enemy_reacts (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->special == NULL || !ADJ_IS_RF_VIEW (self->special))
    return;
  adw_view_stack_set_visible_child (self->view_stack, self->special);
  if (!adj_rf_view_roll (ADJ_RF_VIEW (self->special), NULL, &error))
    adj_battle_window_toast (self, error->message, FALSE);
}

/* The keyboard shortcuts window is made the first time it is asked for, rather than by GTK
 * with every window (as it does for a gtk/help-overlay.ui in the resources), which took 3 % of
 * the start-up. */
static void
action_show_shortcuts (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *shortcuts = gtk_application_window_get_help_overlay (window);

  if (shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/adjutant/Adjutant/adj-shortcuts-window.ui");

      shortcuts = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, shortcuts);
    }
  gtk_window_present (GTK_WINDOW (shortcuts));
}

/* The players' window, for a TV or a projector.  With a second screen it fills the one this
 * window is not on; with one screen it opens as a window beside this one, to be sent full
 * screen on the screen chosen in it. */
static void
action_table_display (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  GdkDisplay *display = gtk_widget_get_display (widget);
  GListModel *monitors = gdk_display_get_monitors (display);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  GdkMonitor *here = surface != NULL ? gdk_display_get_monitor_at_surface (display, surface)
                                     : NULL;
  g_autoptr(GdkMonitor) other = NULL;

  if (self->table_display == NULL)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

      self->table_display = adj_table_display_new (app);
      g_object_add_weak_pointer (G_OBJECT (self->table_display),
                                 (gpointer *) &self->table_display);
      adj_table_display_set_battle (self->table_display, self->battle);
    }
  for (guint i = 0; other == NULL && i < g_list_model_get_n_items (monitors); i++)
    {
      g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, i);

      if (monitor != here)
        other = g_steal_pointer (&monitor);
    }
  gtk_window_present (GTK_WINDOW (self->table_display));
  if (other != NULL)
    adj_table_display_show_on (self->table_display, other);
  else if (here != NULL)
    adj_table_display_select_monitor (self->table_display, here);
}

static void
action_show_page (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  adj_battle_window_show_page (ADJ_BATTLE_WINDOW (widget), g_variant_get_string (param, NULL));
}

/* Alt+1, Alt+2, ...: the pages in the order of the bar at the bottom, whichever the system
 * has (Cards, Turn, Enemy or Dashboard come after Act, Unit and Journal). */
static void
action_show_page_at (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (widget);
  g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (self->view_stack);
  int wanted = g_variant_get_int32 (param);
  int seen = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);

      if (adw_view_stack_page_get_visible (page) && ++seen == wanted)
        {
          adw_view_stack_set_visible_child (self->view_stack,
                                            adw_view_stack_page_get_child (page));
          return;
        }
    }
}

/* ---- recent battles on the start page ---- */

static void
on_recent_activated (AdwActionRow *row,
                     gpointer      user_data)
{
  const char *path = g_object_get_data (G_OBJECT (row), "path");
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_application_open (g_application_get_default (), &file, 1, "");
}

void
adj_battle_window_refresh_recent (AdjBattleWindow *self)
{
  g_auto(GStrv) recent = NULL;
  guint shown = 0;

  g_return_if_fail (ADJ_IS_BATTLE_WINDOW (self));

  for (guint i = 0; i < self->recent_rows->len; i++)
    adw_preferences_group_remove (self->recent_group, g_ptr_array_index (self->recent_rows, i));
  g_ptr_array_set_size (self->recent_rows, 0);

  if (self->settings != NULL)
    recent = g_settings_get_strv (self->settings, "recent-files");
  for (guint i = 0; recent != NULL && recent[i] != NULL && shown < 6; i++)
    {
      g_autofree char *base = NULL;
      g_autofree char *dir = NULL;
      GtkWidget *row;

      if (!g_file_test (recent[i], G_FILE_TEST_IS_REGULAR))
        continue;
      base = g_path_get_basename (recent[i]);
      dir = g_path_get_dirname (recent[i]);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dir);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data_full (G_OBJECT (row), "path", g_strdup (recent[i]), g_free);
      g_signal_connect (row, "activated", G_CALLBACK (on_recent_activated), NULL);
      adw_preferences_group_add (self->recent_group, row);
      g_ptr_array_add (self->recent_rows, row);
      shown++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_group), shown > 0);
}

/* ---- life cycle ---- */

static void
adj_battle_window_dispose (GObject *object)
{
  AdjBattleWindow *self = ADJ_BATTLE_WINDOW (object);

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  /* The players' window shows this window's battle: it goes with it. */
  if (self->table_display != NULL)
    gtk_window_destroy (GTK_WINDOW (self->table_display));
  /* So do the players' phones: sharing stops. */
  adj_share_dialog_stop (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_BATTLE_WINDOW);
  /* The pages went with the template. */
  self->mechanic_panel = NULL;
  self->table_board = NULL;
  self->unit_pane = NULL;
  self->journal_view = NULL;
  self->cards_view = NULL;
  g_clear_object (&self->battle);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->recent_rows, g_ptr_array_unref);

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

  /* The systems' own pages, found by adj_system_page_new_for_battle(). */
  g_type_ensure (ADJ_TYPE_GL_TURN_VIEW);
  g_type_ensure (ADJ_TYPE_RF_VIEW);
  g_type_ensure (ADJ_TYPE_RN_TURN_VIEW);
  g_type_ensure (ADJ_TYPE_RR_DASHBOARD);
  g_type_ensure (ADJ_TYPE_TURN_STRIP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-battle-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, start_toasts);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, content);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, sidebar_header);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, content_header);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, forward_button);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, side_switcher);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, turn_strip);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, autosave_banner);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, autosave_banner_label);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, act_page);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, unit_page);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, journal_page);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, cards_page);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, start_menu_button);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, start_menu);
  gtk_widget_class_bind_template_child (widget_class, AdjBattleWindow, primary_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_forward_clicked);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, action_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, action_redo);
  gtk_widget_class_install_action (widget_class, "win.undo-results", "(uu)",
                                   action_undo_results);
  gtk_widget_class_install_action (widget_class, "win.next-phase", NULL, action_next_phase);
  gtk_widget_class_install_action (widget_class, "win.next-turn", NULL, action_next_phase);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, action_save);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, action_save);
  gtk_widget_class_install_action (widget_class, "win.export-report", NULL, action_export_report);
  gtk_widget_class_install_action (widget_class, "win.after-action-report", NULL,
                                   action_after_action_report);
  gtk_widget_class_install_action (widget_class, "win.print-roster", NULL, action_print_roster);
  gtk_widget_class_install_action (widget_class, "win.add-unit", NULL, action_add_unit);
  gtk_widget_class_install_action (widget_class, "win.duplicate-unit", NULL,
                                   action_duplicate_unit);
  gtk_widget_class_install_action (widget_class, "win.remove-unit", NULL, action_remove_unit);
  gtk_widget_class_install_action (widget_class, "win.roll", NULL, action_roll);
  gtk_widget_class_install_action (widget_class, "win.enter-dice", NULL, action_roll);
  gtk_widget_class_install_action (widget_class, "win.apply-result", NULL, action_roll);
  gtk_widget_class_install_action (widget_class, "win.turn-card", NULL, action_turn_card);
  gtk_widget_class_install_action (widget_class, "win.reshuffle", NULL, action_turn_card);
  gtk_widget_class_install_action (widget_class, "win.enter-card", NULL, action_enter_card);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", action_show_page);
  gtk_widget_class_install_action (widget_class, "win.show-page-at", "i", action_show_page_at);
  gtk_widget_class_install_action (widget_class, "win.table-display", NULL,
                                   action_table_display);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   action_show_shortcuts);
  gtk_widget_class_install_action (widget_class, "win.enemy-reacts", NULL, action_enemy_reacts);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.enemy-reacts",
                                       NULL);
  gtk_widget_class_install_action (widget_class, "win.find-unit", NULL, action_find_unit);
  gtk_widget_class_install_action (widget_class, "win.act-with", "s", action_act_with);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "win.find-unit", NULL);
}

/* A menu button's menu is made the first time it opens (a menu of a dozen items is as many
 * widgets, which a window that may never open it need not make at start-up). */
static void
make_menu_on_demand (GtkMenuButton *button,
                     gpointer       menu)
{
  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
}

static void
adj_battle_window_init (AdjBattleWindow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  adj_share_dialog_install (self);
  gtk_menu_button_set_create_popup_func (self->start_menu_button, make_menu_on_demand,
                                         self->start_menu, NULL);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, make_menu_on_demand,
                                         self->primary_menu, NULL);
  self->recent_rows = g_ptr_array_new ();

  g_signal_connect (self->leaflet, "notify::folded", G_CALLBACK (on_folded), self);
  g_signal_connect (self->side_stack, "notify::visible-child", G_CALLBACK (on_side_switched),
                    self);
  g_signal_connect (self->view_stack, "notify::visible-child", G_CALLBACK (on_page_shown), self);
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (keys, "adj-plain-keys");
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_plain_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (self->empty_page, "map", G_CALLBACK (on_empty_page_mapped), self);
  on_folded (self->leaflet, NULL, self);
  update_actions (self);
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
      g_autoptr(GAction) table_mode = g_settings_create_action (settings, "table-mode");

      self->settings = g_object_ref (settings);
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_signal_connect_object (settings, "changed", G_CALLBACK (on_setting_changed), self, 0);
      g_action_map_add_action (G_ACTION_MAP (self), table_mode);
    }
  apply_table_mode (self);
  adj_battle_window_refresh_recent (self);
  return self;
}

void
adj_battle_window_set_battle (AdjBattleWindow *self,
                              AdjBattle       *battle,
                              GFile           *file)
{
  GPtrArray *sides;
  GtkWidget *child;

  g_return_if_fail (ADJ_IS_BATTLE_WINDOW (self));
  g_return_if_fail (battle == NULL || ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  if (self->battle != battle)
    adj_share_dialog_stop (self);
  if (self->unit_pane != NULL)
    adj_unit_pane_set_unit (self->unit_pane, NULL, NULL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->side_stack))) != NULL)
    gtk_stack_remove (self->side_stack, child);
  g_set_object (&self->battle, battle);
  g_set_object (&self->file, file);
  adj_turn_strip_set_battle (self->turn_strip, battle);
  if (self->table_display != NULL)
    adj_table_display_set_battle (self->table_display, battle);
  on_autosave_error (battle, NULL, self);

  if (battle == NULL)
    {
      set_special_view (self);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      adj_battle_window_refresh_recent (self);
      update_title (self);
      update_actions (self);
      return;
    }

  g_signal_connect_object (battle, "notify::turn", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::phase", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::name", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::modified", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::can-undo", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::can-redo", G_CALLBACK (on_battle_notify), self, 0);
  g_signal_connect_object (battle, "notify::autosave-error", G_CALLBACK (on_autosave_error),
                           self, 0);

  sides = adj_battle_get_sides (battle);
  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      GtkWidget *view = adj_side_view_new (battle, side->id);
      GtkStackPage *page = gtk_stack_add_titled (self->side_stack, view, side->id, side->name);

      (void) page;
      g_signal_connect (view, "unit-selected", G_CALLBACK (on_unit_selected), self);
      adj_side_view_set_judge (ADJ_SIDE_VIEW (view), judge_unit, self);
    }
  ellipsize_labels (GTK_WIDGET (self->side_switcher));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  if (self->mechanic_panel != NULL)
    adj_mechanic_panel_set_battle (self->mechanic_panel, battle);
  if (self->journal_view != NULL)
    adj_journal_view_set_battle (self->journal_view, battle);
  if (self->cards_view != NULL)
    adj_cards_page_set_battle (self->cards_view, battle);
  set_special_view (self);
  adw_view_stack_page_set_visible (adw_view_stack_get_page (self->view_stack,
                                                            GTK_WIDGET (self->cards_page)),
                                   uses_cards (self));
  /* A system with its own turn view starts there; the others on the action panel. */
  if (self->special != NULL)
    adw_view_stack_set_visible_child (self->view_stack, self->special);
  else
    adw_view_stack_set_visible_child_name (self->view_stack, "act");
  ensure_visible_page (self);
  gtk_stack_set_visible_child_name (self->stack, "battle");
  apply_table_mode (self);
  update_title (self);
  update_actions (self);
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

gboolean
adj_battle_window_select_unit (AdjBattleWindow *self,
                               const char      *unit_id)
{
  AdjUnit *unit;
  gboolean selected;

  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), FALSE);

  if (self->battle == NULL || (unit = adj_battle_find_unit (self->battle, unit_id)) == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_stack_set_visible_child_name (self->side_stack, adj_unit_get_side (unit));
  selected = adj_side_view_select (current_side_view (self), unit);
  /* Chosen from elsewhere, the unit stays in view, whichever side the slots would show next. */
  gtk_stack_set_visible_child_name (self->side_stack, adj_unit_get_side (unit));
  return selected;
}

AdjUnit *
adj_battle_window_get_selected_unit (AdjBattleWindow *self)
{
  AdjSideView *view;

  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), NULL);

  view = current_side_view (self);
  return view != NULL ? adj_side_view_get_selected (view) : NULL;
}

void
adj_battle_window_show_page (AdjBattleWindow *self,
                             const char      *page)
{
  g_return_if_fail (ADJ_IS_BATTLE_WINDOW (self));
  adw_view_stack_set_visible_child_name (self->view_stack, page);
}

AdjMechanicPanel *
adj_battle_window_get_mechanic_panel (AdjBattleWindow *self)
{
  return ensure_mechanic_panel (self);
}

AdjUnitPane *
adj_battle_window_get_unit_pane (AdjBattleWindow *self)
{
  return ensure_unit_pane (self);
}

AdjTableDisplay *
adj_battle_window_get_table_display (AdjBattleWindow *self)
{
  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), NULL);
  return self->table_display;
}

GtkWidget *
adj_battle_window_get_special_view (AdjBattleWindow *self)
{
  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (self), NULL);
  return self->special;
}
