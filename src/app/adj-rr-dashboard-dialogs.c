/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard-dialogs.c: the dialogs behind the Colenso dashboard's buttons.
 *
 * Each is a plain AdwMessageDialog of its own .ui file (ui/adj-rr-*-dialog.ui): the dashboard
 * builds it, fills in the heading or the body that name a brigade, a drift or an area, keeps the
 * widgets it reads with the dialog, and on the dialog's one suggested response calls the core
 * function that journals what the player entered.  Errors go out as the dashboard's "message".
 */

#define G_LOG_DOMAIN "adj-rr-dashboard"

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-rr-dashboard-private.h"

typedef void (*DialogDone) (AdjRrDashboard   *self,
                            AdwMessageDialog *dialog);

static void
on_dialog_response (AdwMessageDialog *dialog,
                    const char       *response,
                    AdjRrDashboard   *self)
{
  DialogDone done = g_object_get_data (G_OBJECT (dialog), "adj-done");

  if (g_strcmp0 (response, g_object_get_data (G_OBJECT (dialog), "adj-response")) == 0 &&
      done != NULL)
    done (self, dialog);
}

/* The dialog of @builder, answered by @done when its response is @response. */
static AdwMessageDialog *
dialog_prepare (AdjRrDashboard *self,
                GtkBuilder     *builder,
                const char     *response,
                DialogDone      done)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (gtk_builder_get_object (builder, "dialog"));

  g_object_set_data_full (G_OBJECT (dialog), "adj-response", g_strdup (response), g_free);
  g_object_set_data (G_OBJECT (dialog), "adj-done", done);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_dialog_response), self, 0);
  return dialog;
}

/* Keep the widget @name of the template with its dialog, where the answer looks for it. */
static void
keep (AdwMessageDialog *dialog,
      GtkBuilder       *builder,
      const char       *name)
{
  g_object_set_data (G_OBJECT (dialog), name, gtk_builder_get_object (builder, name));
}

GtkBuilder *
adj_rr_dashboard_build_dialog (AdjRrDashboard *self,
                               const char     *name)
{
  g_autofree char *path = g_strconcat ("/io/github/adjutant/Adjutant/", name, ".ui", NULL);
  GtkBuilder *builder = gtk_builder_new_from_resource (path);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  gtk_window_set_transient_for (GTK_WINDOW (gtk_builder_get_object (builder, "dialog")),
                                GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  return builder;
}

static const char *
dialog_text (AdwMessageDialog *dialog,
             const char       *name)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), name);

  return entry != NULL ? gtk_editable_get_text (entry) : NULL;
}

static const char *
dialog_id (AdwMessageDialog *dialog,
           const char       *name)
{
  return g_object_get_data (G_OBJECT (dialog), name);
}

/* The units of a drop-down; the ids go with the dialog under @name. */
static void
fill_unit_drop_down (AdwMessageDialog *dialog,
                     GtkDropDown      *drop,
                     const char       *name,
                     GPtrArray        *units)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < units->len; i++)
    {
      AdjUnit *unit = g_ptr_array_index (units, i);

      gtk_string_list_append (labels, adj_unit_get_name (unit));
      g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  gtk_drop_down_set_model (drop, G_LIST_MODEL (labels));
  g_object_set_data_full (G_OBJECT (dialog), name, ids, (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (dialog), "drop-down", drop);
}

/* The units of @ids (borrowed from the battle). */
static GPtrArray *
units_of (AdjRrDashboard *self,
          GPtrArray      *ids)
{
  GPtrArray *units = g_ptr_array_new ();

  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));

      if (unit != NULL)
        g_ptr_array_add (units, unit);
    }
  return units;
}

static const char *
dialog_unit (AdwMessageDialog *dialog,
             const char       *name)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (dialog), name);
  GtkDropDown *drop = g_object_get_data (G_OBJECT (dialog), "drop-down");
  guint i = drop != NULL ? gtk_drop_down_get_selected (drop) : GTK_INVALID_LIST_POSITION;

  return ids != NULL && i < ids->len ? g_ptr_array_index (ids, i) : NULL;
}

static void
enter_dice_done (AdjRrDashboard   *self,
                 AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_roll (self, dialog_id (dialog, "roll"), dialog_text (dialog, "dice"),
                              &error))
    adj_rr_dashboard_report (self, error);
}

void
adj_rr_dashboard_show_enter_dice (AdjRrDashboard *self,
                                  const char     *roll_id)
{
  const AdjRrRoll *roll = adj_rr_step_roll (roll_id);
  g_autoptr(GtkBuilder) builder = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (roll == NULL)
    return;
  body = adj_rr_roll_entry_note (self->battle, roll);
  builder = adj_rr_dashboard_build_dialog (self, "adj-rr-enter-dice-dialog");
  dialog = dialog_prepare (self, builder, "roll", enter_dice_done);
  adw_message_dialog_set_body (dialog, body);
  keep (dialog, builder, "dice");
  g_object_set_data (G_OBJECT (dialog), "roll", (gpointer) roll->id);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
order_done (AdjRrDashboard   *self,
            AdwMessageDialog *dialog)
{
  GtkCheckButton *from_long = g_object_get_data (G_OBJECT (dialog), "from-long");
  g_autofree char *area = g_strstrip (g_strdup (dialog_text (dialog, "area")));
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_plan_order (self, dialog_id (dialog, "brigade"), area,
                                    from_long != NULL && gtk_check_button_get_active (from_long),
                                    &error))
    adj_rr_dashboard_report (self, error);
}

void
adj_rr_dashboard_show_order (AdjRrDashboard *self,
                             const char     *brigade)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  AdjUnit *leader = adj_rr_brigade_leader (self->battle, brigade);
  g_autoptr(GtkBuilder) builder = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  AdjRrTracks t;

  adj_rr_get_tracks (self->battle, &t);
  /* TRANSLATORS: a dialog heading, e.g. "An Order for Hart" */
  heading = g_strdup_printf (_("An Order for %s"), leader != NULL ? adj_unit_get_name (leader)
                                                                  : brigade);
  body = adj_rr_order_note (rs, brigade, t.cp);
  builder = adj_rr_dashboard_build_dialog (self, "adj-rr-order-dialog");
  dialog = dialog_prepare (self, builder, "send", order_done);
  adw_message_dialog_set_heading (dialog, heading);
  adw_message_dialog_set_body (dialog, body);
  /* Long's free order is for the batteries only. */
  if (adj_rr_brigade_is_artillery (rs, brigade))
    {
      keep (dialog, builder, "from-long");
      gtk_widget_set_visible (GTK_WIDGET (gtk_builder_get_object (builder, "from-long")), TRUE);
    }
  keep (dialog, builder, "area");
  g_object_set_data_full (G_OBJECT (dialog), "brigade", g_strdup (brigade), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
charge_done (AdjRrDashboard   *self,
             AdwMessageDialog *dialog)
{
  g_autofree char *area = g_strstrip (g_strdup (dialog_text (dialog, "area")));
  g_autoptr(GError) error = NULL;

  if (!adj_rr_place_objective (self->battle, dialog_id (dialog, "brigade"), area, &error))
    adj_rr_dashboard_report (self, error);
}

void
adj_rr_dashboard_show_charge (AdjRrDashboard *self,
                              const char     *brigade)
{
  g_autoptr(GtkBuilder) builder = adj_rr_dashboard_build_dialog (self, "adj-rr-charge-dialog");
  AdwMessageDialog *dialog;
  g_autofree char *body = g_strdup_printf (_("The %s charges the guns. Name the area where its "
                                             "Objective Marker goes."),
                                           adj_rr_brigade_label (adj_battle_get_ruleset (
                                                                   self->battle), brigade));

  dialog = dialog_prepare (self, builder, "place", charge_done);
  adw_message_dialog_set_body (dialog, body);
  keep (dialog, builder, "area");
  g_object_set_data_full (G_OBJECT (dialog), "brigade", g_strdup (brigade), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
withdraw_done (AdjRrDashboard   *self,
               AdwMessageDialog *dialog)
{
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (dialog), "modifier");
  g_autofree char *area = g_strstrip (g_strdup (dialog_text (dialog, "area")));
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;
  gboolean withdrew = FALSE;

  if (!adj_random_new_entered (dialog_text (dialog, "dice"), &random, &error) ||
      !adj_rr_emergency_withdrawal (self->battle, dialog_id (dialog, "brigade"), area,
                                    gtk_spin_button_get_value_as_int (spin), random, &withdrew,
                                    &error))
    {
      adj_rr_dashboard_report (self, error);
      return;
    }
  adj_rr_dashboard_check_used (self, random);
  adj_rr_dashboard_toast_since (self, before);
}

void
adj_rr_dashboard_show_withdraw (AdjRrDashboard *self,
                                const char     *brigade)
{
  g_autoptr(GtkBuilder) builder = adj_rr_dashboard_build_dialog (self, "adj-rr-withdraw-dialog");
  AdwMessageDialog *dialog;
  g_autofree char *body = g_strdup_printf (_("The %s tests on your Emergency Withdrawal table "
                                             "(with half its strength gone it withdraws without "
                                             "a test). If it withdraws, its Objective Marker "
                                             "goes, showing Fail, to the area you name."),
                                           adj_rr_brigade_label (adj_battle_get_ruleset (
                                                                   self->battle), brigade));

  dialog = dialog_prepare (self, builder, "test", withdraw_done);
  adw_message_dialog_set_body (dialog, body);
  keep (dialog, builder, "area");
  keep (dialog, builder, "modifier");
  keep (dialog, builder, "dice");
  g_object_set_data_full (G_OBJECT (dialog), "brigade", g_strdup (brigade), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
fired_done (AdjRrDashboard   *self,
            AdwMessageDialog *dialog)
{
  guint before = adj_battle_get_journal (self->battle)->position;
  g_autoptr(GError) error = NULL;

  if (!adj_rr_emplacement_fired (self->battle, dialog_id (dialog, "emplacement"), &error))
    {
      adj_rr_dashboard_report (self, error);
      return;
    }
  adj_rr_dashboard_toast_since (self, before);
}

static void
holds_done (AdjRrDashboard   *self,
            AdwMessageDialog *dialog)
{
  GtkCheckButton *british = g_object_get_data (G_OBJECT (dialog), "british");
  GtkCheckButton *boers = g_object_get_data (G_OBJECT (dialog), "boers");
  guint before = adj_battle_get_journal (self->battle)->position;
  g_autoptr(GError) error = NULL;

  if (!adj_rr_update_emplacement (self->battle, dialog_id (dialog, "emplacement"),
                                  gtk_check_button_get_active (british),
                                  gtk_check_button_get_active (boers), &error))
    {
      adj_rr_dashboard_report (self, error);
      return;
    }
  if (adj_battle_get_journal (self->battle)->position == before)
    adj_rr_dashboard_report_text (self, _("Nothing changes: the emplacement stays as it is"));
  else
    adj_rr_dashboard_toast_since (self, before);
}

/* An emplacement's button: its first shot while it still shows Hidden, else who holds it. */
void
adj_rr_dashboard_show_emplacement (AdjRrDashboard *self,
                                   const char     *id)
{
  AdjUnit *unit = adj_battle_find_unit (self->battle, id);
  g_autoptr(GtkBuilder) builder = NULL;
  AdwMessageDialog *dialog;

  if (unit == NULL)
    return;
  if (adj_rr_emplacement_task (self->battle, id) == ADJ_RR_EMPLACEMENT_TASK_FIRST_SHOT)
    {
      g_autofree char *body = g_strdup_printf (_("A Boer unit in %s fired its first shot: the "
                                                 "emplacement there is no longer hidden."),
                                               adj_unit_get_name (unit));

      builder = adj_rr_dashboard_build_dialog (self, "adj-rr-first-shot-dialog");
      dialog = dialog_prepare (self, builder, "fired", fired_done);
      adw_message_dialog_set_body (dialog, body);
    }
  else
    {
      g_autofree char *body = g_strdup_printf (_("Who stands in %s now? The British capture "
                                                 "an emplacement they hold alone; the Boers "
                                                 "retake one the British have left."),
                                               adj_unit_get_name (unit));

      builder = adj_rr_dashboard_build_dialog (self, "adj-rr-holds-dialog");
      dialog = dialog_prepare (self, builder, "apply", holds_done);
      adw_message_dialog_set_body (dialog, body);
      keep (dialog, builder, "british");
      keep (dialog, builder, "boers");
    }
  g_object_set_data_full (G_OBJECT (dialog), "emplacement", g_strdup (id), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
find_done (AdjRrDashboard   *self,
           AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_find_drift (self, dialog_id (dialog, "drift"),
                                    dialog_unit (dialog, "units"), dialog_text (dialog, "dice"),
                                    NULL, &error))
    adj_rr_dashboard_report (self, error);
}

void
adj_rr_dashboard_show_find (AdjRrDashboard *self,
                            const char     *drift)
{
  g_autoptr(GPtrArray) ids = adj_rr_drift_finders (self->battle);
  g_autoptr(GPtrArray) crossers = units_of (self, ids);
  g_autoptr(GtkBuilder) builder = adj_rr_dashboard_build_dialog (self, "adj-rr-find-dialog");
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;

  /* TRANSLATORS: a dialog heading, e.g. "Look for Bridle Drift" */
  heading = g_strdup_printf (_("Look for %s"),
                             adj_rr_drift_label (adj_battle_get_ruleset (self->battle), drift));
  dialog = dialog_prepare (self, builder, "find", find_done);
  adw_message_dialog_set_heading (dialog, heading);
  fill_unit_drop_down (dialog, GTK_DROP_DOWN (gtk_builder_get_object (builder, "units")),
                       "units", crossers);
  keep (dialog, builder, "dice");
  g_object_set_data_full (G_OBJECT (dialog), "drift", g_strdup (drift), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
sp_counter_done (AdjRrDashboard   *self,
                 AdwMessageDialog *dialog)
{
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;

  if (!adj_random_new_entered (dialog_text (dialog, "dice"), &random, &error) ||
      !adj_rr_draw_sp_counter (self->battle, dialog_unit (dialog, "units"), random, &error))
    {
      adj_rr_dashboard_report (self, error);
      return;
    }
  adj_rr_dashboard_check_used (self, random);
  adj_rr_dashboard_toast_since (self, before);
}

void
adj_rr_dashboard_show_sp_counter (AdjRrDashboard *self)
{
  g_autoptr(GPtrArray) ids = adj_rr_commandos_without_counter (self->battle);
  g_autoptr(GPtrArray) commandos = units_of (self, ids);
  g_autoptr(GtkBuilder) builder = NULL;
  AdwMessageDialog *dialog;

  if (commandos->len == 0)
    {
      adj_rr_dashboard_report_text (self, _("Every commando in play has its SP counter already"));
      return;
    }
  builder = adj_rr_dashboard_build_dialog (self, "adj-rr-sp-counter-dialog");
  dialog = dialog_prepare (self, builder, "draw", sp_counter_done);
  fill_unit_drop_down (dialog, GTK_DROP_DOWN (gtk_builder_get_object (builder, "units")),
                       "units", commandos);
  keep (dialog, builder, "dice");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
status_done (AdjRrDashboard   *self,
             AdwMessageDialog *dialog)
{
  GtkSpinButton *line = g_object_get_data (G_OBJECT (dialog), "line");
  GtkSpinButton *times = g_object_get_data (G_OBJECT (dialog), "times");
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;

  if (!adj_rr_apply_status (self->battle, (guint) gtk_spin_button_get_value_as_int (line),
                            gtk_spin_button_get_value_as_int (times), &error))
    adj_rr_dashboard_report (self, error);
  else
    adj_rr_dashboard_toast_since (self, before);
}

void
adj_rr_dashboard_show_status (AdjRrDashboard *self)
{
  const AdjTableShape *shape = adj_table_shape_lookup (adj_battle_get_ruleset (self->battle),
                                                       "status");
  g_autoptr(GtkBuilder) builder = adj_rr_dashboard_build_dialog (self, "adj-rr-status-dialog");
  AdwMessageDialog *dialog;

  /* One line for every line of the chart. */
  gtk_adjustment_set_upper (GTK_ADJUSTMENT (gtk_builder_get_object (builder, "lines")),
                            shape != NULL ? shape->n_rows : 16);
  dialog = dialog_prepare (self, builder, "apply", status_done);
  keep (dialog, builder, "line");
  keep (dialog, builder, "times");
  gtk_window_present (GTK_WINDOW (dialog));
}
