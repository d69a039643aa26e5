/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard.c: the Colenso dashboard of Redvers' Reverse.
 *
 * One page for what the solitaire player would otherwise keep on the Turn & Status track, the
 * Segment track, the brigade bars and in the three cups: the step of the sequence of play with
 * what it still needs and the rolls that belong to it, "Next Step", the command points, the
 * Game Turn, Confidence and Loss tracks (drawn boxes, the marker filled), each brigade's orders,
 * the drifts, the cups, the emplacements and every counter of both sides.
 *
 * The page is built once.  On every change of the battle the step, the tracks and the fixed
 * rows (nine brigades, six drifts, three cups) have their texts set again, which is cheap; the
 * buttons of the step are made again only when the step marker moves.  The counters are list
 * boxes bound to filtered views of the battle's units: a row is made when a unit comes and
 * follows its own unit's "changed" signal, so a roll that hurts one battalion redraws one row.
 *
 * Everything is read through adj-rr.h, which never gives a hidden value: a drift shows its
 * marker only once the rules turn it over, and a cup only how many chits it holds.  Every
 * button calls a core function that journals what it does, so undo takes it back.
 *
 * Before the game is set up a status page stands in for all of it: what set-up does, the charts
 * it reads (each with the action panel's table editor a click away) and the counters whose
 * strengths are still to be entered (each a click from the Unit page), and the button to the
 * set-up dialog, where the player ticks variants until their ratings balance and names the
 * emplacement areas.  Set-up is one journal entry: undo brings the status page back.
 *
 * This file holds the page itself: the step and its buttons, the tracks, the actions and what
 * the page answers from outside.  The rows are in adj-rr-dashboard-rows.c, the status page before
 * set-up in adj-rr-dashboard-setup.c, the dialogs of the buttons in adj-rr-dashboard-dialogs.c
 * (each a .ui file of its own) and the set-up dialog is AdjRrSetupDialog.
 */

#define G_LOG_DOMAIN "adj-rr-dashboard"

#include "config.h"

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-mechanic-panel.h"
#include "adj-rr-dashboard-private.h"
#include "adj-rr-setup-dialog.h"

G_DEFINE_FINAL_TYPE (AdjRrDashboard, adj_rr_dashboard, ADJ_TYPE_SYSTEM_PAGE)

void
adj_rr_dashboard_report_text (AdjRrDashboard *self,
                              const char     *text)
{
  adj_system_page_report (ADJ_SYSTEM_PAGE (self), text);
}

void
adj_rr_dashboard_report (AdjRrDashboard *self,
                         GError         *error)
{
  adj_rr_dashboard_report_text (self, error->message);
}

AdjBattleWindow *
adj_rr_dashboard_get_window (AdjRrDashboard *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return ADJ_IS_BATTLE_WINDOW (root) ? ADJ_BATTLE_WINDOW (root) : NULL;
}

/* What the entries made since @before say, as a toast with Undo. */
void
adj_rr_dashboard_toast_since (AdjRrDashboard *self,
                              guint           before)
{
  AdjBattleWindow *window = adj_rr_dashboard_get_window (self);
  AdjJournal *journal = adj_battle_get_journal (self->battle);
  guint n = journal->position > before ? journal->position - before : 0;

  if (window == NULL || n == 0)
    return;
  if (n == 1)
    adj_battle_window_toast (window, adj_journal_get_entry (journal, before)->summary, TRUE);
  else
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u result, listed under the step",
                                                         "%u results, listed under the step", n),
                                               n);
      adj_battle_window_toast_results (window, text, before, journal->position);
    }
}

/* Dice typed in and not used: the roll is made, but the players should know. */
void
adj_rr_dashboard_check_used (AdjRrDashboard *self,
                             AdjRandom      *random)
{
  g_autoptr(GError) error = NULL;

  if (random != NULL && !adj_random_check_used (random, &error))
    adj_rr_dashboard_report (self, error);
}

const char *
adj_rr_dashboard_choice_label (AdjRuleset *rs,
                               const char *field,
                               const char *value)
{
  const AdjField *f = adj_ruleset_find_status_field (rs, field);
  const AdjChoice *choices;
  const AdjChoice *c;
  guint n = 0;

  if (f == NULL || value == NULL)
    return value;
  choices = adj_ruleset_field_choices (rs, f, &n);
  c = adj_field_find_choice (choices, n, value);
  return c != NULL ? adj_gettext (c->label) : value;
}

GtkWidget *
adj_rr_dashboard_chip_new (const char *style)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_add_css_class (label, "badge");
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}

/* Swap one state class of a widget for another among @classes. */
void
adj_rr_dashboard_set_state_class (GtkWidget          *widget,
                                  const char * const *classes,
                                  const char         *wanted)
{
  for (guint i = 0; classes[i] != NULL; i++)
    if (g_strcmp0 (classes[i], wanted) == 0)
      gtk_widget_add_css_class (widget, classes[i]);
    else
      gtk_widget_remove_css_class (widget, classes[i]);
}

/* ---- the step ---- */

static void
on_roll_clicked (GtkButton      *button,
                 AdjRrDashboard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rr.roll", "s",
                              g_object_get_data (G_OBJECT (button), "roll"));
}

static void
on_enter_dice_clicked (GtkButton      *button,
                       AdjRrDashboard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rr.enter-dice", "s",
                              g_object_get_data (G_OBJECT (button), "roll"));
}

static void
on_mechanic_clicked (GtkButton      *button,
                     AdjRrDashboard *self)
{
  AdjBattleWindow *window = adj_rr_dashboard_get_window (self);

  if (window == NULL)
    return;
  adj_battle_window_show_page (window, "act");
  adj_mechanic_panel_select (adj_battle_window_get_mechanic_panel (window),
                             g_object_get_data (G_OBJECT (button), "mechanic"));
}

static void
on_sp_counter_clicked (AdjRrDashboard *self)
{
  adj_rr_dashboard_show_sp_counter (self);
}

static GtkWidget *
add_action (AdjRrDashboard *self,
            const char     *label,
            const char     *tooltip,
            gboolean        suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "pill");
  if (suggested)
    gtk_widget_add_css_class (button, "rr-roll");
  gtk_flow_box_append (self->actions_box, button);
  /* The button takes the focus, not the cell around it. */
  gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
  g_ptr_array_add (self->action_labels, g_strdup (gtk_button_get_label (GTK_BUTTON (button))));
  return button;
}

static void
fill_actions (AdjRrDashboard    *self,
              const AdjRrTracks *t)
{
  const AdjRrRoll *roll = adj_rr_step_roll (t->step);
  const char * const *mechanics = adj_rr_step_mechanics (t->step);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->actions_box))) != NULL)
    gtk_flow_box_remove (self->actions_box, child);
  g_ptr_array_set_size (self->action_labels, 0);
  self->roll_button = NULL;
  self->dice_button = NULL;
  if (g_strcmp0 (t->result, "none") != 0 || !adj_rr_is_set_up (self->battle))
    return;

  if (roll != NULL)
    {
      GtkWidget *button = add_action (self, adj_gettext (roll->label),
                                      adj_gettext (roll->tooltip), TRUE);
      GtkWidget *enter = add_action (self, _("_Enter Dice…"),
                                     _("Type in the dice rolled at the table instead"), FALSE);

      g_object_set_data (G_OBJECT (button), "roll", (gpointer) roll->id);
      g_object_set_data (G_OBJECT (enter), "roll", (gpointer) roll->id);
      g_signal_connect (button, "clicked", G_CALLBACK (on_roll_clicked), self);
      g_signal_connect (enter, "clicked", G_CALLBACK (on_enter_dice_clicked), self);
      self->roll_button = button;
      self->dice_button = enter;
    }
  if (adj_rr_step_commandos_fire (t->step))
    {
      GtkWidget *button = add_action (self, _("Draw an _SP Counter…"),
                                      _("A commando about to fire without a counter draws one "
                                        "from the cup"), FALSE);

      g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_sp_counter_clicked), self);
    }
  for (guint k = 0; mechanics[k] != NULL; k++)
    {
      const AdjMechanic *mech = adj_mechanic_lookup (mechanics[k]);
      GtkWidget *button;

      if (mech == NULL)
        continue;
      button = add_action (self, adj_gettext (mech->title), adj_gettext (mech->summary), FALSE);
      g_object_set_data (G_OBJECT (button), "mechanic", (gpointer) mech->id);
      g_signal_connect (button, "clicked", G_CALLBACK (on_mechanic_clicked), self);
    }
}

/* What happened at this step so far: the latest few entries since the step marker's own. */
static char *
step_results (AdjRrDashboard *self)
{
  g_autoptr(GPtrArray) entries = adj_rr_step_entries (self->battle);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint k = entries->len > 6 ? entries->len - 6 : 0; k < entries->len; k++)
    {
      AdjEntry *entry = g_ptr_array_index (entries, k);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, entry->summary);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_phase_strip (AdjRrDashboard *self,
                    const char     *phase)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->phase_strip));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      gboolean current = g_strcmp0 (g_object_get_data (G_OBJECT (child), "phase"), phase) == 0;

      if (current)
        gtk_widget_add_css_class (child, "current");
      else
        gtk_widget_remove_css_class (child, "current");
    }
}

static void
build_phase_strip (AdjRrDashboard *self)
{
  GPtrArray *phases = adj_ruleset_get_phases (adj_battle_get_ruleset (self->battle));

  for (guint i = 0; i < phases->len; i++)
    {
      const AdjChoice *p = g_ptr_array_index (phases, i);
      GtkWidget *label = gtk_label_new (adj_gettext (p->label));

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "rr-phase");
      gtk_widget_set_tooltip_text (label, adj_gettext (p->label));
      g_object_set_data (G_OBJECT (label), "phase", (gpointer) p->id);
      gtk_box_append (self->phase_strip, label);
    }
}

static void
update_step (AdjRrDashboard    *self,
             const AdjRrTracks *t)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  g_autofree char *pending = adj_rr_pending (self->battle);
  g_autofree char *results = step_results (self);
  g_autofree char *key = g_strdup_printf ("%d:%s:%s:%s", t->turn, t->segment, t->step,
                                          t->result);
  g_autofree char *segment_text = NULL;
  gboolean over = g_strcmp0 (t->result, "none") != 0;
  gboolean set_up = adj_rr_is_set_up (self->battle);

  update_phase_strip (self, over ? NULL : t->phase);
  g_free (self->step_title);
  if (over)
    {
      const AdjField *f = adj_ruleset_find_battle_field (rs, "result");
      const AdjField *why = adj_ruleset_find_battle_field (rs, "end_reason");
      const AdjChoice *c = f != NULL ? adj_field_find_choice (f->choices, f->n_choices,
                                                             t->result) : NULL;
      const AdjChoice *w = why != NULL ? adj_field_find_choice (why->choices, why->n_choices,
                                                               t->end_reason) : NULL;

      segment_text = g_strdup (_("The battle is over"));
      self->step_title = g_strdup (c != NULL ? adj_gettext (c->label) : t->result);
      gtk_label_set_text (self->hint_label, w != NULL ? adj_gettext (w->label) : "");
    }
  else
    {
      /* TRANSLATORS: the segment and the step marker in it, e.g. "British Send Orders · step 1
       * of 2" */
      segment_text = g_strdup_printf (_("%s · step %d of %d"),
                                      adj_rr_segment_label (rs, t->segment), t->step_number,
                                      t->n_steps);
      self->step_title = g_strdup (adj_rr_step_label (rs, t->step));
      gtk_label_set_text (self->hint_label, adj_rr_step_hint (rs, t->step));
    }
  gtk_label_set_text (self->segment_label, segment_text);
  gtk_label_set_text (self->step_label, self->step_title);

  gtk_label_set_text (self->pending_label, pending != NULL ? pending : "");
  gtk_widget_set_visible (self->pending_box, pending != NULL && !over);
  gtk_label_set_text (self->result_label, results);
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), results[0] != '\0');

  if (g_strcmp0 (self->shown_step, key) != 0 || !set_up)
    {
      g_free (self->shown_step);
      self->shown_step = g_steal_pointer (&key);
      fill_actions (self, t);
    }
  if (self->roll_button != NULL)
    {
      gboolean wanted = adj_rr_roll_wanted (self->battle);

      /* While the step waits for its roll, the roll is the thing to press. */
      gtk_widget_set_sensitive (self->roll_button, wanted);
      gtk_widget_set_sensitive (self->dice_button, wanted);
      if (wanted)
        gtk_widget_add_css_class (self->roll_button, "suggested-action");
      else
        gtk_widget_remove_css_class (self->roll_button, "suggested-action");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->actions_box), self->action_labels->len > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), set_up && !over);
}

static void
update_tracks (AdjRrDashboard    *self,
               const AdjRrTracks *t)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  int last = adj_rr_last_turn (rs);
  g_autofree char *turn = g_strdup_printf ("%d", t->turn);
  g_autofree char *confidence = g_strdup_printf ("%d", t->confidence);
  g_autofree char *loss = g_strdup_printf ("%d", t->loss);
  g_autofree char *cp = g_strdup_printf ("%d", t->cp);
  g_autofree char *cp_detail = NULL;
  g_autofree char *spoken = NULL;
  static const char *const shaken_classes[] = { "rr-steady", "rr-shaken", "rr-shaken-twice",
                                                NULL };
  int shaken;

  gtk_label_set_text (self->turn_value, turn);
  gtk_label_set_text (self->confidence_value, confidence);
  gtk_label_set_text (self->loss_value, loss);

  /* TRANSLATORS: read out for the Game Turn track, e.g. "Game Turn 3 of 20" */
  spoken = g_strdup_printf (_("Game Turn %d of %d"), t->turn, last);
  adj_rr_track_bar_set (self->turn_track, t->turn, 0, 0, 0, spoken);
  g_free (spoken);
  /* The boxes at or below the Game Turn are where the Boers must test for Shaken. */
  spoken = g_strdup_printf (_("Confidence %d; the Game Turn is %d"), t->confidence, t->turn);
  adj_rr_track_bar_set (self->confidence_track, t->confidence, t->turn, 1, t->turn, spoken);
  g_free (spoken);
  spoken = adj_rr_loss_spoken (adj_battle_get_ruleset (self->battle), t->loss);
  adj_rr_track_bar_set (self->loss_track, t->loss, 0, adj_rr_pyrrhic_from (rs),
                        adj_rr_loss_end (rs), spoken);

  gtk_label_set_text (self->shaken_badge, adj_rr_shaken_label (t->shaken));
  /* One style class per state; a limit beyond the classes there are keeps the last one. */
  shaken = CLAMP (t->shaken, 0, adj_rr_shaken_to_withdraw (rs));
  shaken = MIN (shaken, (int) G_N_ELEMENTS (shaken_classes) - 2);
  adj_rr_dashboard_set_state_class (GTK_WIDGET (self->shaken_badge), shaken_classes,
                                    shaken_classes[shaken]);

  gtk_label_set_text (self->cp_label, cp);
  cp_detail = adj_rr_cp_note (adj_battle_get_ruleset (self->battle), t->cp_spent);
  gtk_label_set_text (self->cp_detail_label, cp_detail);
  g_free (self->cp_text);
  /* TRANSLATORS: the command points, e.g. "7 CP left, 1 spent" */
  self->cp_text = g_strdup_printf (_("%d CP left, %d spent"), t->cp, t->cp_spent);
}

void
adj_rr_dashboard_refresh (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  int last = adj_rr_last_turn (rs);
  const AdjChoice *phase;
  g_autofree char *where = NULL;
  gboolean set_up = adj_rr_is_set_up (self->battle);
  AdjRrTracks t;

  adj_rr_get_tracks (self->battle, &t);
  phase = adj_ruleset_find_phase (rs, t.phase);
  /* Before set-up there is no game to show: the page that sets it up stands in for it. */
  gtk_widget_set_visible (self->setup_page, !set_up);
  gtk_widget_set_visible (self->scroller, set_up);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rr.setup", !set_up);
  if (!set_up)
    adj_rr_dashboard_update_setup_page (self);
  /* TRANSLATORS: e.g. "Turn 3 of 20 · Movement phase" */
  where = g_strdup_printf (_("Turn %d of %d · %s phase"), t.turn, last,
                           phase != NULL ? adj_gettext (phase->label) : t.phase);
  gtk_label_set_text (self->where_label, where);
  update_step (self, &t);
  update_tracks (self, &t);
  adj_rr_dashboard_update_brigades (self);
  adj_rr_dashboard_update_drifts (self);
  adj_rr_dashboard_update_cups (self);
  adj_rr_dashboard_update_emplacements (self);
}

static void
on_battle_changed (AdjBattle      *battle,
                   AdjRrDashboard *self)
{
  adj_rr_dashboard_refresh (self);
}

static void
on_unit_activated (GtkListBox     *list,
                   GtkListBoxRow  *row,
                   AdjRrDashboard *self)
{
  AdjBattleWindow *window = adj_rr_dashboard_get_window (self);
  const char *id = g_object_get_data (G_OBJECT (row), "unit-id");

  if (window != NULL && id != NULL)
    adj_battle_window_select_unit (window, id);
}

static void
on_status_clicked (AdjRrDashboard *self)
{
  adj_rr_dashboard_show_status (self);
}

static void
on_next_clicked (AdjRrDashboard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rr.next-step", NULL);
}

/* ---- actions ---- */

static void
action_next_step (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (widget);
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_next_step (self, &error))
    adj_rr_dashboard_report (self, error);
}

static void
action_roll (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (widget);
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_roll (self, g_variant_get_string (param, NULL), NULL, &error))
    adj_rr_dashboard_report (self, error);
}

static void
action_enter_dice (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  adj_rr_dashboard_show_enter_dice (ADJ_RR_DASHBOARD (widget), g_variant_get_string (param, NULL));
}

static void
action_status_chart (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  adj_rr_dashboard_show_status (ADJ_RR_DASHBOARD (widget));
}

static void
action_setup (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  adj_rr_dashboard_show_setup (ADJ_RR_DASHBOARD (widget));
}

/* ---- life cycle ---- */

static void
adj_rr_dashboard_map (GtkWidget *widget)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (widget);

  GTK_WIDGET_CLASS (adj_rr_dashboard_parent_class)->map (widget);
  /* The charts may have been typed in elsewhere (the preferences) while the page was away. */
  if (self->battle != NULL && !adj_rr_is_set_up (self->battle))
    adj_rr_dashboard_update_setup_page (self);
}

static void
adj_rr_dashboard_dispose (GObject *object)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (object);

  if (self->british_list != NULL)
    gtk_list_box_bind_model (self->british_list, NULL, NULL, NULL, NULL);
  if (self->boer_list != NULL)
    gtk_list_box_bind_model (self->boer_list, NULL, NULL, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_RR_DASHBOARD);
  g_clear_object (&self->british);
  g_clear_object (&self->boer);
  G_OBJECT_CLASS (adj_rr_dashboard_parent_class)->dispose (object);
}

static void
adj_rr_dashboard_finalize (GObject *object)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (object);

  g_ptr_array_unref (self->brigades);
  g_ptr_array_unref (self->drifts);
  g_ptr_array_unref (self->emplacements);
  g_ptr_array_unref (self->action_labels);
  for (guint c = 0; c < ADJ_RR_N_CUPS; c++)
    g_free (self->cup_texts[c]);
  g_free (self->shown_step);
  g_free (self->step_title);
  g_free (self->cp_text);
  g_ptr_array_unref (self->chart_rows);
  g_ptr_array_unref (self->strength_rows);
  g_free (self->missing_key);
  G_OBJECT_CLASS (adj_rr_dashboard_parent_class)->finalize (object);
}

static void
adj_rr_dashboard_constructed (GObject *object)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (object);
  g_autofree char *turn_note = NULL;
  g_autofree char *loss_note = NULL;
  AdjRuleset *rs;
  AdjSide *side;

  G_OBJECT_CLASS (adj_rr_dashboard_parent_class)->constructed (object);
  self->battle = adj_system_page_get_battle (ADJ_SYSTEM_PAGE (self));
  rs = adj_battle_get_ruleset (self->battle);
  turn_note = adj_rr_turn_note (rs);
  gtk_label_set_text (self->turn_note, turn_note);
  loss_note = adj_rr_loss_note (rs);
  gtk_label_set_text (self->loss_note, loss_note);
  build_phase_strip (self);
  adj_rr_dashboard_build_fixed_rows (self);
  adj_rr_dashboard_build_chart_rows (self);
  adj_rr_dashboard_bind_counters (self);
  side = adj_battle_find_side (self->battle, ADJ_RR_BRITISH);
  gtk_label_set_text (self->british_heading, side != NULL ? side->name : _("British"));
  side = adj_battle_find_side (self->battle, ADJ_RR_BOER);
  gtk_label_set_text (self->boer_heading, side != NULL ? side->name : _("Boers"));
  g_signal_connect_object (self->battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  adj_rr_dashboard_refresh (self);
}

static void
adj_rr_dashboard_class_init (AdjRrDashboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = adj_rr_dashboard_constructed;
  object_class->dispose = adj_rr_dashboard_dispose;
  object_class->finalize = adj_rr_dashboard_finalize;
  widget_class->map = adj_rr_dashboard_map;

  g_type_ensure (ADJ_TYPE_RR_TRACK_BAR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-rr-dashboard.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, setup_page);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, charts_group);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, strengths_group);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, strengths_row);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, strengths_done_row);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, where_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, next_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, phase_strip);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, segment_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, step_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, hint_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, pending_box);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, pending_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, result_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, actions_box);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, cp_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, cp_detail_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, turn_value);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, turn_note);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, turn_track);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, confidence_value);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, confidence_note);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, shaken_badge);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, confidence_track);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, loss_value);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, loss_note);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, loss_track);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, brigade_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, state_flow);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, drift_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, cup_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, emplacement_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, emplacement_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, units_flow);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, british_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, british_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, boer_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, boer_list);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_status_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_unit_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  adj_system_page_class_set_page (ADJ_SYSTEM_PAGE_CLASS (klass), "rr", "colenso", N_("_Dashboard"),
                                  "emoji-flags-symbolic");

  gtk_widget_class_install_action (widget_class, "rr.next-step", NULL, action_next_step);
  gtk_widget_class_install_action (widget_class, "rr.roll", "s", action_roll);
  gtk_widget_class_install_action (widget_class, "rr.enter-dice", "s", action_enter_dice);
  gtk_widget_class_install_action (widget_class, "rr.status-chart", NULL, action_status_chart);
  gtk_widget_class_install_action (widget_class, "rr.setup", NULL, action_setup);
}

static void
flow_children_unfocusable (GtkFlowBox *flow)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (flow)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
}

static void
adj_rr_dashboard_init (AdjRrDashboard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->brigades = g_ptr_array_new_with_free_func (adj_rr_dashboard_fixed_row_free);
  self->drifts = g_ptr_array_new_with_free_func (adj_rr_dashboard_fixed_row_free);
  self->emplacements = g_ptr_array_new ();
  self->action_labels = g_ptr_array_new_with_free_func (g_free);
  self->chart_rows = g_ptr_array_new ();
  self->strength_rows = g_ptr_array_new ();
  flow_children_unfocusable (self->state_flow);
  flow_children_unfocusable (self->units_flow);

  gtk_label_set_text (self->confidence_note,
                      _("Framed: the Game Turn. In the shaded boxes the Boers test for Shaken"));
}

/* ---- public ---- */

GtkWidget *
adj_rr_dashboard_show_setup (AdjRrDashboard *self)
{
  GtkWidget *dialog;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);

  if (adj_rr_is_set_up (self->battle))
    {
      adj_rr_dashboard_report_text (self, _("The game is set up already"));
      return NULL;
    }
  dialog = adj_rr_setup_dialog_new (self);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

gboolean
adj_rr_dashboard_set_up (AdjRrDashboard      *self,
                         const char * const  *variants,
                         const char * const  *emplacements,
                         GError             **error)
{
  AdjBattleWindow *window;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);

  if (!adj_rr_setup (self->battle, variants, emplacements, NULL, error))
    return FALSE;
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                              GTK_SCROLLED_WINDOW (self->scroller)), 0);
  /* The journal's line is long: the toast only says it is done, and offers to undo it. */
  if ((window = adj_rr_dashboard_get_window (self)) != NULL)
    adj_battle_window_toast (window, _("The game is set up: Game Turn 1 begins"), TRUE);
  return TRUE;
}

gboolean
adj_rr_dashboard_next_step (AdjRrDashboard  *self,
                            GError         **error)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);
  return adj_rr_next_step (self->battle, error);
}

gboolean
adj_rr_dashboard_roll (AdjRrDashboard  *self,
                       const char      *roll,
                       const char      *dice,
                       GError         **error)
{
  g_autoptr(AdjRandom) random = NULL;
  guint before;
  gboolean ok;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);

  /* A roll no step asks for is refused before any dice are read. */
  if (adj_rr_step_roll (roll) == NULL)
    return adj_rr_roll (self->battle, roll, NULL, error);
  if (!adj_random_new_entered (dice, &random, error))
    return FALSE;
  before = adj_battle_get_journal (self->battle)->position;
  ok = adj_rr_roll (self->battle, roll, random, error);
  if (ok)
    adj_rr_dashboard_check_used (self, random);
  /* Some rolls are journaled one order at a time: what was done stays done. */
  adj_rr_dashboard_toast_since (self, before);
  return ok;
}

gboolean
adj_rr_dashboard_plan_order (AdjRrDashboard  *self,
                             const char      *brigade,
                             const char      *area,
                             gboolean         from_long,
                             GError         **error)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);
  return adj_rr_plan_order (self->battle, brigade, area, from_long, error);
}

gboolean
adj_rr_dashboard_find_drift (AdjRrDashboard  *self,
                             const char      *drift,
                             const char      *unit,
                             const char      *dice,
                             gboolean        *found,
                             GError         **error)
{
  g_autoptr(AdjRandom) random = NULL;
  guint before;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);

  if (!adj_random_new_entered (dice, &random, error))
    return FALSE;
  before = adj_battle_get_journal (self->battle)->position;
  if (!adj_rr_find_drift (self->battle, drift, unit, random, found, error))
    return FALSE;
  adj_rr_dashboard_check_used (self, random);
  adj_rr_dashboard_toast_since (self, before);
  return TRUE;
}

int
adj_rr_dashboard_get_marker (AdjRrDashboard      *self,
                             AdjRrDashboardTrack  track)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), 0);

  switch (track)
    {
    case ADJ_RR_DASHBOARD_TURN:
      return adj_rr_track_bar_get_value (self->turn_track);
    case ADJ_RR_DASHBOARD_CONFIDENCE:
      return adj_rr_track_bar_get_value (self->confidence_track);
    case ADJ_RR_DASHBOARD_LOSS:
      return adj_rr_track_bar_get_value (self->loss_track);
    default:
      g_return_val_if_reached (0);
    }
}

const char *
adj_rr_dashboard_get_step_title (AdjRrDashboard *self)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return self->step_title;
}

const char *
adj_rr_dashboard_get_cp_text (AdjRrDashboard *self)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return self->cp_text;
}

static const char *
fixed_text (GPtrArray  *rows,
            const char *id)
{
  for (guint i = 0; i < rows->len; i++)
    {
      AdjRrFixedRow *r = g_ptr_array_index (rows, i);

      if (g_strcmp0 (r->id, id) == 0)
        return r->text;
    }
  return NULL;
}

const char *
adj_rr_dashboard_get_order_text (AdjRrDashboard *self,
                                 const char     *brigade)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return fixed_text (self->brigades, brigade);
}

const char *
adj_rr_dashboard_get_drift_text (AdjRrDashboard *self,
                                 const char     *drift)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return fixed_text (self->drifts, drift);
}

const char *
adj_rr_dashboard_get_cup_text (AdjRrDashboard *self,
                               guint           cup)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  g_return_val_if_fail (cup < ADJ_RR_N_CUPS, NULL);
  return self->cup_texts[cup];
}

GStrv
adj_rr_dashboard_get_step_actions (AdjRrDashboard *self)
{
  GStrvBuilder *builder;
  GStrv result;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->action_labels->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->action_labels, i));
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}
