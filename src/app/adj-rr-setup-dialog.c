/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-setup-dialog.c: setting up a game of Redvers' Reverse.
 *
 * The variants with their ratings from the player's Variants chart and the running balance, the
 * emplacement areas, the counters still without strengths and the charts still to enter.  The
 * dialog says, right above its buttons, why Set Up cannot be pressed yet: a chart incomplete,
 * a balance other than 0, an area named twice.  Set Up goes through the dashboard, which journals
 * it as one entry; a chart found incomplete after all is the dashboard's to say.
 */

#define G_LOG_DOMAIN "adj-rr-setup-dialog"

#include "config.h"

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-rr-dashboard-private.h"
#include "adj-rr-setup-dialog.h"
#include "adj-table-editor.h"

struct _AdjRrSetupDialog {
  AdwMessageDialog     parent_instance;

  GtkScrolledWindow   *scroller;
  GtkBox              *groups;
  AdwPreferencesGroup *variants_group;
  GtkLabel            *balance;
  AdwPreferencesGroup *places;
  GtkLabel            *verdict;

  AdjRrDashboard      *dashboard;
  GPtrArray           *variants;   /* row ids of the variants chart, parallel to checks */
  GPtrArray           *checks;     /* GtkCheckButton */
  GPtrArray           *entries;    /* AdwEntryRow */
};

G_DEFINE_FINAL_TYPE (AdjRrSetupDialog, adj_rr_setup_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* "+2", "−1", "0": a balance rating as the chart prints it. */
static char *
signed_text (int value)
{
  return value < 0 ? g_strdup_printf ("−%d", -value)
       : value > 0 ? g_strdup_printf ("+%d", value) : g_strdup ("0");
}

/* The variants ticked (NULL-terminated, the ids borrowed). */
static GPtrArray *
setup_chosen (AdjRrSetupDialog *self)
{
  GPtrArray *chosen = g_ptr_array_new ();

  for (guint i = 0; i < self->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->checks, i)))
      g_ptr_array_add (chosen, g_ptr_array_index (self->variants, i));
  g_ptr_array_add (chosen, NULL);
  return chosen;
}

/* The areas named (NULL-terminated, owned); rows left empty name none. */
static GPtrArray *
setup_areas (AdjRrSetupDialog *self)
{
  GPtrArray *areas = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->entries->len; i++)
    {
      char *text = g_strstrip (g_strdup (gtk_editable_get_text (g_ptr_array_index (self->entries,
                                                                                    i))));

      if (text[0] != '\0')
        g_ptr_array_add (areas, text);
      else
        g_free (text);
    }
  g_ptr_array_add (areas, NULL);
  return areas;
}

/* The running balance, and why Set Up may not be pressed yet (or that it may). */
static void
setup_validate (AdjRrSetupDialog *self)
{
  g_autoptr(GPtrArray) chosen = setup_chosen (self);
  g_autoptr(GPtrArray) areas = setup_areas (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *sum = NULL;
  g_autofree char *balance = NULL;
  g_autofree char *why = NULL;
  int total = 0;

  if (!adj_rr_setup_check (self->dashboard->battle, (const char * const *) chosen->pdata,
                           (const char * const *) areas->pdata, &total, NULL, &error))
    why = g_strdup (error->message);
  sum = signed_text (total);
  /* TRANSLATORS: the sum of the balance ratings of the variants ticked, e.g. "Balance −1" */
  balance = g_strdup_printf (_("Balance %s"), sum);
  gtk_label_set_text (self->balance, balance);
  if (total == 0)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->balance), "success");
      gtk_widget_remove_css_class (GTK_WIDGET (self->balance), "error");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->balance), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->balance), "success");
    }

  if (why != NULL)
    {
      gtk_label_set_text (self->verdict, why);
      gtk_widget_add_css_class (GTK_WIDGET (self->verdict), "error");
    }
  else
    {
      guint n = chosen->len - 1;
      g_autofree char *ready = n == 0
        ? g_strdup (_("Ready: the game as written, without variants."))
        : g_strdup_printf (ngettext ("Ready: %u variant, and the balance is 0.",
                                     "Ready: %u variants, and the balance is 0.", n), n);

      gtk_label_set_text (self->verdict, ready);
      gtk_widget_remove_css_class (GTK_WIDGET (self->verdict), "error");
    }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "setup", why == NULL);
}

static void
on_setup_check_toggled (GtkCheckButton   *check,
                        AdjRrSetupDialog *self)
{
  setup_validate (self);
}

static void
on_setup_area_changed (GtkEditable      *entry,
                       AdjRrSetupDialog *self)
{
  setup_validate (self);
}

static void
on_remove_area_clicked (GtkButton        *button,
                        AdjRrSetupDialog *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_ENTRY_ROW);

  if (row == NULL)
    return;
  g_ptr_array_remove (self->entries, row);
  adw_preferences_group_remove (self->places, row);
  setup_validate (self);
}

static GtkWidget *
setup_add_area (AdjRrSetupDialog *self)
{
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Area with an emplacement"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove this area"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove this area"), -1);
  gtk_widget_add_css_class (remove, "flat");
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), remove);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_area_clicked), self);
  g_signal_connect (row, "changed", G_CALLBACK (on_setup_area_changed), self);
  adw_preferences_group_add (self->places, row);
  g_ptr_array_add (self->entries, row);
  return row;
}

static void
on_add_area_clicked (GtkButton        *button,
                     AdjRrSetupDialog *self)
{
  gtk_widget_grab_focus (setup_add_area (self));
  setup_validate (self);
}

static void
on_setup_enter_chart_clicked (GtkButton        *button,
                              AdjRrSetupDialog *self)
{
  AdjRrDashboard *dashboard = g_object_ref (self->dashboard);
  const char *table = g_object_get_data (G_OBJECT (button), "table");

  /* The editor opens over the window, not over this dialog. */
  gtk_window_close (GTK_WINDOW (self));
  adj_rr_dashboard_open_chart (dashboard, table);
  g_object_unref (dashboard);
}

static void
on_setup_response (AdwMessageDialog *dialog,
                   const char       *response,
                   AdjRrSetupDialog *self)
{
  g_autoptr(GPtrArray) chosen = NULL;
  g_autoptr(GPtrArray) areas = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "setup"))
    return;
  chosen = setup_chosen (self);
  areas = setup_areas (self);
  if (!adj_rr_dashboard_set_up (self->dashboard, (const char * const *) chosen->pdata,
                                (const char * const *) areas->pdata, &error))
    {
      const char *chart = g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE)
        ? adj_rr_setup_incomplete_chart (self->dashboard->battle,
                                         (const char * const *) chosen->pdata)
        : NULL;

      if (chart != NULL)
        adj_rr_dashboard_show_chart_missing (self->dashboard, chart, error->message);
      else
        adj_rr_dashboard_report (self->dashboard, error);
    }
}

/* The rows of the variants, each with its rating from the player's chart. */
static void
fill_variants (AdjRrSetupDialog *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->dashboard->battle);
  const char *variants = adj_rr_setup_charts ()[0];
  const AdjTableShape *shape = adj_table_shape_lookup (rs, variants);
  g_autoptr(AdjTables) tables = adj_rr_dashboard_setup_tables (self->dashboard, NULL);
  AdwPreferencesGroup *group = self->variants_group;

  /* A variant without its rating cannot be chosen: the way to enter them comes first. */
  if (shape != NULL && tables != NULL && !adj_tables_is_complete (tables, shape->id))
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Enter…"));
      g_autofree char *entered = adj_table_describe_entered (tables, variants);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), entered);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "table", (gpointer) variants);
      g_signal_connect (button, "clicked", G_CALLBACK (on_setup_enter_chart_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (group, row);
    }

  for (guint r = 0; shape != NULL && r < shape->n_rows; r++)
    {
      const AdjChoice *variant = &shape->rows[r];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *rating = gtk_label_new (NULL);
      int value = 0;
      gboolean rated = adj_rr_variant_rating (self->dashboard->battle, variant->id, &value);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (variant->label));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_widget_add_css_class (rating, "rr-rating");
      gtk_widget_set_valign (rating, GTK_ALIGN_CENTER);
      if (rated)
        {
          g_autofree char *text = signed_text (value);
          g_autofree char *spoken = g_strdup_printf (_("Balance rating %s"), text);

          gtk_label_set_text (GTK_LABEL (rating), text);
          gtk_widget_set_tooltip_text (rating, spoken);
        }
      else
        {
          gtk_label_set_text (GTK_LABEL (rating), "—");
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                       _("No rating entered on your Variants chart"));
          gtk_widget_set_sensitive (row, FALSE);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), rating);
      g_signal_connect (check, "toggled", G_CALLBACK (on_setup_check_toggled), self);
      adw_preferences_group_add (group, row);
      g_ptr_array_add (self->variants, (gpointer) variant->id);
      g_ptr_array_add (self->checks, check);
    }
}

/* The counters still without their strengths: set-up does not need them. */
static GtkWidget *
setup_strengths_group (AdjRrSetupDialog *self)
{
  g_autoptr(GPtrArray) ids = adj_rr_missing_strengths (self->dashboard->battle);
  g_autoptr(GString) description = NULL;
  GtkWidget *group;
  g_autofree char *title = NULL;

  if (ids->len == 0)
    return NULL;
  group = adw_preferences_group_new ();
  title = g_strdup_printf (ngettext ("%u Counter Without Its Strengths",
                                     "%u Counters Without Their Strengths", ids->len), ids->len);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  description = g_string_new (_("Set-up can go ahead without them: enter what is printed on "
                                "them in the Unit page, before or after. The dashboard lists "
                                "them until they are in."));
  adj_rr_dashboard_append_read_first (self->dashboard, ids, description);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description->str);
  return group;
}

/* The charts set-up needs that are not complete, each with a way to enter it. */
static GtkWidget *
setup_charts_group (AdjRrSetupDialog *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->dashboard->battle);
  g_autoptr(AdjTables) tables = adj_rr_dashboard_setup_tables (self->dashboard, NULL);
  const char * const *charts = adj_rr_setup_charts ();
  GtkWidget *group = NULL;

  /* The chit tables, read whole; the variants have their own group. */
  for (guint i = 1; tables != NULL && charts[i] != NULL; i++)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, charts[i]);
      g_autofree char *entered = NULL;
      GtkWidget *row, *button;

      if (shape == NULL || adj_tables_is_complete (tables, shape->id))
        continue;
      if (group == NULL)
        {
          group = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                           _("Charts to Enter First"));
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                                 _("The cups are filled from these: type them "
                                                   "in from your copy of the game."));
        }
      entered = adj_table_describe_entered (tables, shape->id);
      row = adw_action_row_new ();
      button = gtk_button_new_with_mnemonic (_("_Enter…"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), entered);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "table", (gpointer) charts[i]);
      g_signal_connect (button, "clicked", G_CALLBACK (on_setup_enter_chart_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  return group;
}

static void
adj_rr_setup_dialog_dispose (GObject *object)
{
  AdjRrSetupDialog *self = ADJ_RR_SETUP_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_RR_SETUP_DIALOG);
  g_clear_object (&self->dashboard);
  G_OBJECT_CLASS (adj_rr_setup_dialog_parent_class)->dispose (object);
}

static void
adj_rr_setup_dialog_finalize (GObject *object)
{
  AdjRrSetupDialog *self = ADJ_RR_SETUP_DIALOG (object);

  g_ptr_array_unref (self->variants);
  g_ptr_array_unref (self->checks);
  g_ptr_array_unref (self->entries);
  G_OBJECT_CLASS (adj_rr_setup_dialog_parent_class)->finalize (object);
}

static void
adj_rr_setup_dialog_class_init (AdjRrSetupDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_rr_setup_dialog_dispose;
  object_class->finalize = adj_rr_setup_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/"
                                               "adj-rr-setup-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjRrSetupDialog, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjRrSetupDialog, groups);
  gtk_widget_class_bind_template_child (widget_class, AdjRrSetupDialog, variants_group);
  gtk_widget_class_bind_template_child (widget_class, AdjRrSetupDialog, balance);
  gtk_widget_class_bind_template_child (widget_class, AdjRrSetupDialog, places);
  gtk_widget_class_bind_template_child (widget_class, AdjRrSetupDialog, verdict);
  gtk_widget_class_bind_template_callback (widget_class, on_add_area_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_setup_response);
}

static void
adj_rr_setup_dialog_init (AdjRrSetupDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->variants = g_ptr_array_new ();
  self->checks = g_ptr_array_new ();
  self->entries = g_ptr_array_new ();
}

GtkWidget *
adj_rr_setup_dialog_new (AdjRrDashboard *dashboard)
{
  AdjRrSetupDialog *self;
  GtkRoot *root;
  GtkWidget *group;
  int room;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (dashboard), NULL);

  root = gtk_widget_get_root (GTK_WIDGET (dashboard));
  self = g_object_new (ADJ_TYPE_RR_SETUP_DIALOG,
                       "transient-for", GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                       NULL);
  self->dashboard = g_object_ref (dashboard);

  if ((group = setup_charts_group (self)) != NULL)
    gtk_box_prepend (self->groups, group);
  fill_variants (self);
  setup_add_area (self);
  if ((group = setup_strengths_group (self)) != NULL)
    gtk_box_append (self->groups, group);

  /* As tall as the window leaves room for, beside the heading and the buttons. */
  room = GTK_IS_WIDGET (root) ? gtk_widget_get_height (GTK_WIDGET (root)) - 240 : 420;
  gtk_scrolled_window_set_max_content_height (self->scroller, CLAMP (room, 200, 460));
  setup_validate (self);
  return GTK_WIDGET (self);
}
