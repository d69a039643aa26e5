/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard-setup.c: the Colenso dashboard before the game is set up.
 *
 * A status page stands in for the game: what set-up does, the charts it reads (each with the
 * action panel's table editor a click away) and the counters whose strengths are still to be
 * entered (each a click from the Unit page), and the button to the set-up dialog.  When set-up
 * finds a chart incomplete after all, a dialog says which and offers its editor.
 */

#define G_LOG_DOMAIN "adj-rr-dashboard"

#include "config.h"

#include "adj-i18n.h"
#include "adj-mechanic-panel.h"
#include "adj-rr-dashboard-private.h"
#include "adj-table-editor.h"

/* The values of the players' charts in effect for this battle. */
AdjTables *
adj_rr_dashboard_setup_tables (AdjRrDashboard  *self,
                               GError         **error)
{
  AdjContext ctx;

  adj_battle_context (self->battle, &ctx);
  return adj_tables_for_context (&ctx, error);
}

static void
on_chart_saved (AdjTableEditor *editor,
                int             destination,
                AdjRrDashboard *self)
{
  /* Saved to the user's file, the battle itself does not change: look again. */
  adj_rr_dashboard_refresh (self);
}

/* The table editor of a chart, as the action panel opens it. */
void
adj_rr_dashboard_open_chart (AdjRrDashboard *self,
                             const char     *table_id)
{
  AdjBattleWindow *window = adj_rr_dashboard_get_window (self);
  GtkWidget *editor;

  if (window == NULL)
    return;
  editor = adj_mechanic_panel_open_table (adj_battle_window_get_mechanic_panel (window),
                                          table_id);
  if (editor != NULL)
    g_signal_connect_object (editor, "saved", G_CALLBACK (on_chart_saved), self, 0);
}

static void
on_enter_chart_clicked (GtkButton      *button,
                        AdjRrDashboard *self)
{
  adj_rr_dashboard_open_chart (self, g_object_get_data (G_OBJECT (button), "table"));
}

void
adj_rr_dashboard_build_chart_rows (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const char * const *charts = adj_rr_setup_charts ();

  for (guint i = 0; charts[i] != NULL; i++)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, charts[i]);
      GtkWidget *row, *icon, *button;

      if (shape == NULL)
        continue;
      row = adw_action_row_new ();
      icon = gtk_image_new ();
      button = gtk_button_new_with_mnemonic (_("_Enter…"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, _("Type the chart in from your copy of the game"));
      g_object_set_data (G_OBJECT (button), "table", (gpointer) charts[i]);
      g_signal_connect (button, "clicked", G_CALLBACK (on_enter_chart_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_object_set_data (G_OBJECT (row), "table", (gpointer) charts[i]);
      g_object_set_data (G_OBJECT (row), "icon", icon);
      g_object_set_data (G_OBJECT (row), "button", button);
      adw_preferences_group_add (self->charts_group, row);
      g_ptr_array_add (self->chart_rows, row);
    }
}

static void
update_chart_rows (AdjRrDashboard *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) tables = adj_rr_dashboard_setup_tables (self, &error);

  for (guint i = 0; i < self->chart_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->chart_rows, i);
      const char *id = g_object_get_data (G_OBJECT (row), "table");
      GtkWidget *icon = g_object_get_data (G_OBJECT (row), "icon");
      /* The first chart, the variants, is read only for the variants chosen. */
      gboolean optional = g_str_equal (id, adj_rr_setup_charts ()[0]);
      gboolean complete = tables != NULL && adj_tables_is_complete (tables, id);
      g_autofree char *entered = tables != NULL ? adj_table_describe_entered (tables, id) : NULL;
      g_autofree char *subtitle = NULL;

      if (tables == NULL)
        subtitle = g_strdup (error->message);
      else if (complete)
        subtitle = g_strdup (_("Complete"));
      else if (optional)
        /* TRANSLATORS: e.g. "3 of 11 cells entered · only the variants you play need a
         * rating" */
        subtitle = g_strdup_printf (_("%s · only the variants you play need a rating"), entered);
      else
        /* TRANSLATORS: e.g. "3 of 13 cells entered · needed before set-up" */
        subtitle = g_strdup_printf (_("%s · needed before set-up"), entered);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_image_set_from_icon_name (GTK_IMAGE (icon), complete ? "emblem-ok-symbolic"
                                                              : "dialog-warning-symbolic");
      gtk_widget_set_visible (icon, complete || !optional);
      if (complete)
        {
          gtk_widget_add_css_class (icon, "success");
          gtk_widget_remove_css_class (icon, "warning");
        }
      else
        {
          gtk_widget_add_css_class (icon, "warning");
          gtk_widget_remove_css_class (icon, "success");
        }
      gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "button"), !complete);
    }
}

/* What to say of the counters in @ids that set-up reads: their strengths first. */
void
adj_rr_dashboard_append_read_first (AdjRrDashboard *self,
                                    GPtrArray      *ids,
                                    GString        *text)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);

  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));

      if (unit == NULL || !adj_rr_unit_starts_reduced (rs, adj_unit_get_id (unit)))
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* TRANSLATORS: a counter set-up reads, e.g. "Enter the 2nd Royal Fusiliers first: ..." */
      g_string_append_printf (text, _("Enter the %s first: set-up marks the losses it starts "
                                      "the game with from its strength."),
                              adj_unit_get_name (unit));
    }
}

static void
on_strength_row_activated (AdwActionRow   *row,
                           AdjRrDashboard *self)
{
  AdjBattleWindow *window = adj_rr_dashboard_get_window (self);

  if (window == NULL)
    return;
  adj_battle_window_select_unit (window, g_object_get_data (G_OBJECT (row), "unit-id"));
  adj_battle_window_show_page (window, "unit");
}

static void
update_strengths (AdjRrDashboard *self)
{
  g_autoptr(GPtrArray) ids = adj_rr_missing_strengths (self->battle);
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *count = NULL;

  /* Each counter with what it still lacks, so a row says "reverse" once the front is in. */
  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));
      gboolean front = FALSE, reverse = FALSE;

      if (unit != NULL)
        adj_rr_strengths_missing (unit, &front, &reverse);
      g_string_append_printf (key, "%s:%d:%d\n", (const char *) g_ptr_array_index (ids, i),
                              front, reverse);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->strengths_row), ids->len > 0);
  gtk_widget_set_visible (self->strengths_done_row, ids->len == 0);
  if (g_strcmp0 (self->missing_key, key->str) == 0)
    return;
  g_free (self->missing_key);
  self->missing_key = g_strdup (key->str);

  for (guint i = 0; i < self->strength_rows->len; i++)
    adw_expander_row_remove (self->strengths_row, g_ptr_array_index (self->strength_rows, i));
  g_ptr_array_set_size (self->strength_rows, 0);
  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));
      const AdjUnitType *type = unit != NULL ? adj_battle_unit_type (self->battle, unit) : NULL;
      gboolean no_front = FALSE, no_reverse = FALSE;
      GtkWidget *row, *arrow;
      g_autofree char *subtitle = NULL;

      if (unit == NULL)
        continue;
      adj_rr_strengths_missing (unit, &no_front, &no_reverse);
      row = adw_action_row_new ();
      arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
      /* TRANSLATORS: under a counter to enter, e.g. "Battalion of infantry · both strengths
       * missing" */
      subtitle = g_strdup_printf (_("%s · %s"), type != NULL ? adj_gettext (type->label) : "",
                                  no_front && no_reverse ? _("both strengths missing")
                                  : no_front ? _("strength missing")
                                             : _("reverse strength missing"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_unit_get_name (unit));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Open this counter in the Unit page"));
      g_object_set_data_full (G_OBJECT (row), "unit-id", g_strdup (adj_unit_get_id (unit)),
                              g_free);
      g_signal_connect (row, "activated", G_CALLBACK (on_strength_row_activated), self);
      adw_expander_row_add_row (self->strengths_row, row);
      g_ptr_array_add (self->strength_rows, row);
    }

  count = g_strdup_printf (ngettext ("%u counter still shows 0", "%u counters still show 0",
                                     ids->len), ids->len);
  adw_expander_row_set_subtitle (self->strengths_row, count);
  if (ids->len > 0)
    g_string_append (description, _("Set-up can go ahead without them. Enter them whenever you "
                                    "like in the Unit page: pick a counter below to open it "
                                    "there."));
  adj_rr_dashboard_append_read_first (self, ids, description);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->strengths_group),
                                         description->len > 0 ? description->str : NULL);
}

void
adj_rr_dashboard_update_setup_page (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  g_autofree char *description = NULL;

  description = adj_rr_setup_note (rs);
  adw_status_page_set_description (ADW_STATUS_PAGE (self->setup_page), description);
  update_chart_rows (self);
  update_strengths (self);
}

static void
on_chart_missing_response (AdwMessageDialog *dialog,
                           const char       *response,
                           AdjRrDashboard   *self)
{
  if (g_str_equal (response, "enter"))
    adj_rr_dashboard_open_chart (self, g_object_get_data (G_OBJECT (dialog), "table"));
}

/* Set-up found a chart incomplete: say which, and offer its editor. */
void
adj_rr_dashboard_show_chart_missing (AdjRrDashboard *self,
                                     const char     *table_id,
                                     const char     *message)
{
  g_autoptr(GtkBuilder) builder = adj_rr_dashboard_build_dialog (self,
                                                                 "adj-rr-chart-missing-dialog");
  GObject *dialog = gtk_builder_get_object (builder, "dialog");

  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), message);
  g_object_set_data (G_OBJECT (dialog), "table", (gpointer) table_id);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_chart_missing_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
