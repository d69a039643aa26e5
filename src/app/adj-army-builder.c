/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-army-builder.c: build an army list, with its points and limits checked live.
 *
 * The limits are the system's own (adj_army_check): the builder shows what they say after
 * every change, so a list over its points or its cap on heavy stands says so at once.
 */

#define G_LOG_DOMAIN "adj-army-builder"

#include "config.h"

#include "adj-application.h"
#include "adj-army-builder.h"
#include "adj-field-row.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-roster-print.h"
#include "adj-roster.h"
#include "adj-store.h"

struct _AdjArmyBuilder {
  AdwWindow            parent_instance;

  AdwToastOverlay     *toasts;
  AdwWindowTitle      *window_title;
  AdwEntryRow         *name_row;
  AdwComboRow         *system_row;
  AdwPreferencesGroup *settings_group;
  AdwPreferencesGroup *units_group;
  GtkDropDown         *type_dropdown;
  GtkLabel            *total_label;
  GtkLabel            *count_label;
  GtkListBox          *checks_list;

  AdjArmy             *army;
  GFile               *file;
  GSettings           *settings;
  GStrv                ruleset_ids;
  GPtrArray           *setting_rows;
  GPtrArray           *unit_rows;
  char                *total;
  gboolean             legal;
  gboolean             modified;
  gboolean             building;
};

G_DEFINE_FINAL_TYPE (AdjArmyBuilder, adj_army_builder, ADW_TYPE_WINDOW)

static void rebuild_units (AdjArmyBuilder *self);

static void
toast (AdjArmyBuilder *self,
       const char     *message)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (message));
}

static void
update_title (AdjArmyBuilder *self)
{
  g_autofree char *title = self->modified ? g_strdup_printf ("• %s", self->army->name)
                                          : g_strdup (self->army->name);

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, adj_ruleset_get_name (self->army->ruleset));
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* The points, the count of units and every limit, as the system checks them. */
static void
refresh_checks (AdjArmyBuilder *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmyReport) report = adj_army_check (self->army, &error);
  GtkWidget *child;
  json_object *total = NULL, *budget = NULL;
  guint units = adj_army_count_units (self->army);
  g_autofree char *count = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->checks_list))) != NULL)
    gtk_list_box_remove (self->checks_list, child);
  g_clear_pointer (&self->total, g_free);

  if (report == NULL)
    {
      self->legal = FALSE;
      self->total = g_strdup (error->message);
      gtk_label_set_text (self->total_label, self->total);
      return;
    }
  self->legal = adj_army_report_ok (report);
  json_object_object_get_ex (report->values, "total", &total);
  json_object_object_get_ex (report->values, "budget", &budget);
  if (total != NULL && budget != NULL)
    /* TRANSLATORS: an army list's points against its budget, e.g. "35½ of 36 points" */
    self->total = g_strdup_printf (_("%s of %d points"), json_object_get_string (total),
                                   json_object_get_int (budget));
  else
    self->total = g_strdup_printf (ngettext ("%u unit", "%u units", units), units);
  gtk_label_set_text (self->total_label, self->total);
  count = g_strdup_printf (ngettext ("%u unit in the list", "%u units in the list", units), units);
  gtk_label_set_text (self->count_label, count);

  for (guint i = 0; i < report->checks->len; i++)
    {
      AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon = gtk_image_new_from_icon_name (c->ok ? "object-select-symbolic"
                                                            : "dialog-warning-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), c->label);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), c->detail);
      gtk_widget_add_css_class (icon, c->ok ? "success" : "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      c->ok ? _("Kept") : _("Broken"), -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      gtk_list_box_append (self->checks_list, row);
    }
}

static void
changed (AdjArmyBuilder *self)
{
  if (self->building)
    return;
  self->modified = TRUE;
  update_title (self);
  refresh_checks (self);
}

/* ---- the side's settings ---- */

static void
on_setting_changed (GtkWidget      *row,
                    const AdjField *field,
                    gpointer        user_data)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (user_data);
  json_object *value = adj_field_row_get_value (row);

  json_object_object_add (self->army->settings, field->name, value);
  changed (self);
}

static void
rebuild_settings (AdjArmyBuilder *self)
{
  AdjRuleset *rs = self->army->ruleset;
  GPtrArray *fields = adj_ruleset_get_side_fields (rs);

  for (guint i = 0; i < self->setting_rows->len; i++)
    adw_preferences_group_remove (self->settings_group, g_ptr_array_index (self->setting_rows, i));
  g_ptr_array_set_size (self->setting_rows, 0);

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      GtkWidget *row = adj_field_row_new (f, rs, NULL, on_setting_changed, self);
      json_object *value = NULL;

      if (!json_object_object_get_ex (self->army->settings, f->name, &value))
        {
          g_autoptr(json_object) def = adj_field_default_json (f);
          adj_field_row_set_value (row, def);
        }
      else
        adj_field_row_set_value (row, value);
      adw_preferences_group_add (self->settings_group, row);
      g_ptr_array_add (self->setting_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->settings_group), fields->len > 0);
}

/* ---- the units ---- */

static char *
describe_entry (AdjArmyBuilder *self,
                AdjArmyUnit    *u)
{
  const AdjUnitType *type = adj_ruleset_find_unit_type (self->army->ruleset, u->type);

  if (type->value >= 0)
    /* TRANSLATORS: an entry of an army list, e.g. "6 × Regular infantry · 18 points" */
    return g_strdup_printf (ngettext ("%d × %s · %d point", "%d × %s · %d points",
                                      u->count * type->value),
                            u->count, adj_gettext (type->label), u->count * type->value);
  return g_strdup_printf ("%d × %s", u->count, adj_gettext (type->label));
}

static guint
entry_index (AdjArmyBuilder *self,
             GtkWidget      *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_EXPANDER_ROW);
  guint index = G_MAXUINT;

  g_ptr_array_find (self->unit_rows, row, &index);
  return index;
}

static void
update_entry_row (AdjArmyBuilder *self,
                  guint           index)
{
  AdjArmyUnit *u = g_ptr_array_index (self->army->units, index);
  GtkWidget *row = g_ptr_array_index (self->unit_rows, index);
  g_autofree char *subtitle = describe_entry (self, u);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), u->name);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
}

static void
on_entry_name_changed (GtkEditable    *editable,
                       AdjArmyBuilder *self)
{
  guint index = entry_index (self, GTK_WIDGET (editable));
  AdjArmyUnit *u;
  g_autofree char *name = NULL;

  if (index == G_MAXUINT || self->building)
    return;
  u = g_ptr_array_index (self->army->units, index);
  name = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  /* Only a name the army file can keep is taken; the entry shows what was typed. */
  if (!adj_name_is_valid (name))
    return;
  g_free (u->name);
  u->name = g_steal_pointer (&name);
  update_entry_row (self, index);
  changed (self);
}

static void
on_entry_count_changed (GtkSpinButton  *spin,
                        AdjArmyBuilder *self)
{
  guint index = entry_index (self, GTK_WIDGET (spin));

  if (index == G_MAXUINT || self->building)
    return;
  adj_army_builder_set_count (self, index, gtk_spin_button_get_value_as_int (spin));
}

static void
on_entry_weapon_changed (AdwComboRow    *combo,
                         GParamSpec     *pspec,
                         AdjArmyBuilder *self)
{
  guint index = entry_index (self, GTK_WIDGET (combo));
  AdjArmyUnit *u;
  const AdjUnitType *type;
  guint pos = adw_combo_row_get_selected (combo);

  if (index == G_MAXUINT || self->building)
    return;
  u = g_ptr_array_index (self->army->units, index);
  type = adj_ruleset_find_unit_type (self->army->ruleset, u->type);
  if (pos >= g_strv_length ((char **) type->weapons))
    return;
  g_free (u->weapon);
  u->weapon = g_strdup (type->weapons[pos]);
  changed (self);
}

static void
on_entry_remove (GtkButton      *button,
                 AdjArmyBuilder *self)
{
  guint index = entry_index (self, GTK_WIDGET (button));

  if (index != G_MAXUINT)
    adj_army_builder_set_count (self, index, 0);
}

static GtkWidget *
entry_row (AdjArmyBuilder *self,
           AdjArmyUnit    *u)
{
  AdjRuleset *rs = self->army->ruleset;
  const AdjUnitType *type = adj_ruleset_find_unit_type (rs, u->type);
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *name = adw_entry_row_new ();
  GtkWidget *count_row = adw_action_row_new ();
  GtkWidget *count = gtk_spin_button_new_with_range (1, 1000, 1);
  GtkWidget *remove_row = adw_action_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  guint n_weapons = g_strv_length ((char **) type->weapons);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _("Name"));
  gtk_editable_set_text (GTK_EDITABLE (name), u->name);
  g_signal_connect (name, "changed", G_CALLBACK (on_entry_name_changed), self);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (count_row), _("How many"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (count), u->count);
  gtk_widget_set_valign (count, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (count), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("How many"), -1);
  g_signal_connect (count, "value-changed", G_CALLBACK (on_entry_count_changed), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (count_row), count);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), count_row);

  if (n_weapons > 1)
    {
      GtkWidget *weapon = adw_combo_row_new ();
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
      guint selected = 0;

      for (guint i = 0; i < n_weapons; i++)
        {
          const AdjWeapon *w = adj_ruleset_find_weapon (rs, type->weapons[i]);
          gtk_string_list_append (list, adj_gettext (w->label));
          if (g_strcmp0 (u->weapon, w->id) == 0)
            selected = i;
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (weapon), _("Weapon"));
      adw_combo_row_set_model (ADW_COMBO_ROW (weapon), G_LIST_MODEL (list));
      adw_combo_row_set_selected (ADW_COMBO_ROW (weapon), selected);
      g_signal_connect (weapon, "notify::selected", G_CALLBACK (on_entry_weapon_changed), self);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), weapon);
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (remove_row), _("Take Out of the List"));
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "destructive-action");
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Take Out of the List"), -1);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_entry_remove), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (remove_row), remove);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), remove_row);
  return row;
}

static void
rebuild_units (AdjArmyBuilder *self)
{
  for (guint i = 0; i < self->unit_rows->len; i++)
    adw_preferences_group_remove (self->units_group, g_ptr_array_index (self->unit_rows, i));
  g_ptr_array_set_size (self->unit_rows, 0);

  for (guint i = 0; i < self->army->units->len; i++)
    {
      GtkWidget *row = entry_row (self, g_ptr_array_index (self->army->units, i));

      adw_preferences_group_add (self->units_group, row);
      g_ptr_array_add (self->unit_rows, row);
      update_entry_row (self, i);
    }
}

static void
fill_types (AdjArmyBuilder *self)
{
  GPtrArray *types = adj_ruleset_get_unit_types (self->army->ruleset);
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < types->len; i++)
    gtk_string_list_append (list, adj_gettext (((AdjUnitType *) g_ptr_array_index (types, i))->label));
  gtk_drop_down_set_model (self->type_dropdown, G_LIST_MODEL (list));
}

static void
show_army (AdjArmyBuilder *self)
{
  self->building = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), self->army->name);
  for (guint i = 0; self->ruleset_ids[i] != NULL; i++)
    if (g_str_equal (self->ruleset_ids[i], adj_ruleset_get_id (self->army->ruleset)))
      adw_combo_row_set_selected (self->system_row, i);
  fill_types (self);
  rebuild_settings (self);
  rebuild_units (self);
  self->building = FALSE;
  update_title (self);
  refresh_checks (self);
}

static void
on_name_changed (GtkEditable    *editable,
                 AdjArmyBuilder *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (editable)));

  if (self->building || !adj_name_is_valid (name))
    return;
  g_free (self->army->name);
  self->army->name = g_steal_pointer (&name);
  changed (self);
}

static void
on_system_selected (AdwComboRow    *row,
                    GParamSpec     *pspec,
                    AdjArmyBuilder *self)
{
  guint pos = adw_combo_row_get_selected (row);
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjArmy) fresh = NULL;

  if (self->building || pos >= g_strv_length (self->ruleset_ids) ||
      g_str_equal (self->ruleset_ids[pos], adj_ruleset_get_id (self->army->ruleset)))
    return;
  rs = adj_ruleset_lookup (self->ruleset_ids[pos], NULL);
  if (rs == NULL)
    return;
  /* Units of one system mean nothing in another: the list starts again. */
  fresh = adj_army_new (rs, self->army->name);
  adj_army_builder_set_army (self, fresh, NULL);
  self->modified = TRUE;
  update_title (self);
}

static void
on_add_clicked (AdjArmyBuilder *self)
{
  GPtrArray *types = adj_ruleset_get_unit_types (self->army->ruleset);
  guint pos = gtk_drop_down_get_selected (self->type_dropdown);

  if (pos < types->len)
    adj_army_builder_add_units (self, ((AdjUnitType *) g_ptr_array_index (types, pos))->id, 1);
}

/* ---- files ---- */

static void
on_open_response (GtkNativeDialog *chooser,
                  int              response,
                  AdjArmyBuilder  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (!adj_army_builder_open_file (self, file, &error))
        toast (self, error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static GtkFileChooserNative *
list_chooser (AdjArmyBuilder       *self,
              const char           *title,
              GtkFileChooserAction  action,
              const char           *accept)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                               accept, _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Army lists (JSON)"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  return chooser;
}

static void
action_open (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (widget);
  GtkFileChooserNative *chooser = list_chooser (self, _("Open an Army List"),
                                                GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));

  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_save_response (GtkNativeDialog *chooser,
                  int              response,
                  AdjArmyBuilder  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (adj_army_builder_save_to (self, file, &error))
        toast (self, _("Saved"));
      else
        toast (self, error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
action_save (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (widget);
  g_autoptr(GError) error = NULL;
  GtkFileChooserNative *chooser;
  g_autofree char *file_name = NULL;

  if (self->file != NULL && g_str_equal (name, "builder.save"))
    {
      if (adj_army_builder_save_to (self, self->file, &error))
        toast (self, _("Saved"));
      else
        toast (self, error->message);
      return;
    }
  chooser = list_chooser (self, _("Save the Army List"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  file_name = g_strdup_printf ("%s.json", self->army->name);
  g_strdelimit (file_name, "/\\\\:", '-');
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
action_new (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (widget);
  g_autoptr(AdjArmy) fresh = adj_army_new (self->army->ruleset, _("New army"));

  adj_army_builder_set_army (self, fresh, NULL);
}

static void
on_example_response (AdwMessageDialog *dialog,
                     const char       *response,
                     GtkDropDown      *drop)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  g_autoptr(GPtrArray) templates = NULL;
  guint pos = gtk_drop_down_get_selected (drop);

  if (!g_str_equal (response, "use"))
    return;
  templates = adj_army_templates (self->army->ruleset, NULL);
  if (templates != NULL && pos < templates->len)
    {
      AdjArmy *tmpl = g_ptr_array_index (templates, pos);
      g_autoptr(json_object) json = adj_army_to_json (tmpl);
      g_autoptr(AdjArmy) copy = adj_army_from_file_json (json, tmpl->name, NULL);

      if (copy != NULL)
        adj_army_builder_set_army (self, copy, NULL);
    }
}

static void
action_example (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (widget);
  g_autoptr(GPtrArray) templates = adj_army_templates (self->army->ruleset, NULL);
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GtkWidget *dialog, *drop;

  if (templates == NULL || templates->len == 0)
    {
      toast (self, _("These rules come with no example armies"));
      return;
    }
  for (guint i = 0; i < templates->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (templates, i);
      g_autofree char *label = army->conflict != NULL
        ? g_strdup_printf (_("%s — %s"), army->name, adj_gettext (army->conflict))
        : g_strdup (army->name);
      gtk_string_list_append (list, label);
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Start from an Example"),
                                   _("The list is replaced by a copy of the example army"));
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (list)), NULL);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), drop);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "use", _("_Use It"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "use",
                                              ADW_RESPONSE_SUGGESTED);
  g_signal_connect (dialog, "response", G_CALLBACK (on_example_response), drop);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_print (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_army (self->army, &error);

  if (roster == NULL ||
      !adj_roster_print_roster (GTK_WINDOW (self), roster, self->army->name, self->settings, NULL,
                                NULL, NULL, &error))
    toast (self, error->message);
}

static void
action_battle (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (widget);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  /* A battle is made from list files, so the list in front must be one. */
  if (self->file == NULL || self->modified)
    {
      toast (self, _("Save the list first: a battle starts from saved lists"));
      return;
    }
  if (ADJ_IS_APPLICATION (app))
    adj_application_new_battle_dialog (ADJ_APPLICATION (app), GTK_WINDOW (self),
                                       adj_ruleset_get_id (self->army->ruleset), self->file);
}

/* ---- closing ---- */

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   AdjArmyBuilder   *self)
{
  if (g_str_equal (response, "discard"))
    {
      self->modified = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static gboolean
adj_army_builder_close_request (GtkWindow *window)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (window);

  if (self->modified)
    {
      GtkWidget *dialog = adw_message_dialog_new (window, _("Discard the Changes?"), NULL);

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                      _("The army list “%s” has changes that are not saved."),
                                      self->army->name);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                        "discard", _("_Discard"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                                  ADW_RESPONSE_DESTRUCTIVE);
      g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  return GTK_WINDOW_CLASS (adj_army_builder_parent_class)->close_request (window);
}

static void
adj_army_builder_dispose (GObject *object)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_ARMY_BUILDER);
  g_clear_pointer (&self->army, adj_army_free);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (adj_army_builder_parent_class)->dispose (object);
}

static void
adj_army_builder_finalize (GObject *object)
{
  AdjArmyBuilder *self = ADJ_ARMY_BUILDER (object);

  g_strfreev (self->ruleset_ids);
  g_ptr_array_unref (self->setting_rows);
  g_ptr_array_unref (self->unit_rows);
  g_free (self->total);
  G_OBJECT_CLASS (adj_army_builder_parent_class)->finalize (object);
}

static void
adj_army_builder_class_init (AdjArmyBuilderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = adj_army_builder_dispose;
  object_class->finalize = adj_army_builder_finalize;
  window_class->close_request = adj_army_builder_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-army-builder.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, toasts);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, name_row);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, system_row);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, settings_group);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, units_group);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, type_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, total_label);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, count_label);
  gtk_widget_class_bind_template_child (widget_class, AdjArmyBuilder, checks_list);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);

  gtk_widget_class_install_action (widget_class, "builder.open", NULL, action_open);
  gtk_widget_class_install_action (widget_class, "builder.save", NULL, action_save);
  gtk_widget_class_install_action (widget_class, "builder.save-as", NULL, action_save);
  gtk_widget_class_install_action (widget_class, "builder.new", NULL, action_new);
  gtk_widget_class_install_action (widget_class, "builder.example", NULL, action_example);
  gtk_widget_class_install_action (widget_class, "builder.print", NULL, action_print);
  gtk_widget_class_install_action (widget_class, "builder.battle", NULL, action_battle);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "builder.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "builder.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "builder.print", NULL);
}

static void
adj_army_builder_init (AdjArmyBuilder *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->setting_rows = g_ptr_array_new ();
  self->unit_rows = g_ptr_array_new ();
}

GtkWidget *
adj_army_builder_new (GtkWindow  *parent,
                      GSettings  *settings,
                      const char *ruleset_id)
{
  AdjArmyBuilder *self = g_object_new (ADJ_TYPE_ARMY_BUILDER, "transient-for", parent, NULL);
  g_autoptr(GtkStringList) systems = gtk_string_list_new (NULL);
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjArmy) army = NULL;

  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  self->ruleset_ids = adj_ruleset_list_ids ();
  for (guint i = 0; self->ruleset_ids[i] != NULL; i++)
    {
      g_autoptr(AdjRuleset) each = adj_ruleset_lookup (self->ruleset_ids[i], NULL);
      gtk_string_list_append (systems, each != NULL ? adj_ruleset_get_name (each)
                                                    : self->ruleset_ids[i]);
    }
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (systems));
  if (ruleset_id == NULL || ruleset_id[0] == '\0' ||
      (rs = adj_ruleset_lookup (ruleset_id, NULL)) == NULL)
    rs = adj_ruleset_lookup (self->ruleset_ids[0], NULL);
  army = adj_army_new (rs, _("New army"));
  adj_army_builder_set_army (self, army, NULL);
  g_signal_connect (self->name_row, "changed", G_CALLBACK (on_name_changed), self);
  g_signal_connect (self->system_row, "notify::selected", G_CALLBACK (on_system_selected), self);
  return GTK_WIDGET (self);
}

AdjArmy *
adj_army_builder_get_army (AdjArmyBuilder *self)
{
  g_return_val_if_fail (ADJ_IS_ARMY_BUILDER (self), NULL);
  return self->army;
}

void
adj_army_builder_set_army (AdjArmyBuilder *self,
                           AdjArmy        *army,
                           GFile          *file)
{
  g_autoptr(json_object) json = NULL;
  g_autoptr(GError) error = NULL;
  AdjArmy *copy;

  g_return_if_fail (ADJ_IS_ARMY_BUILDER (self));

  /* A copy through the file format: the caller's list stays its own. */
  json = adj_army_to_json (army);
  copy = adj_army_from_file_json (json, army->name, &error);
  if (copy == NULL)
    {
      toast (self, error->message);
      return;
    }
  g_clear_pointer (&self->army, adj_army_free);
  self->army = copy;
  g_set_object (&self->file, file);
  self->modified = FALSE;
  show_army (self);
}

gboolean
adj_army_builder_add_units (AdjArmyBuilder *self,
                            const char     *type_id,
                            int             count)
{
  const AdjUnitType *type;
  AdjArmyUnit *u;

  g_return_val_if_fail (ADJ_IS_ARMY_BUILDER (self), FALSE);

  type = adj_ruleset_find_unit_type (self->army->ruleset, type_id);
  if (type == NULL || count < 1)
    return FALSE;
  u = g_new0 (AdjArmyUnit, 1);
  u->name = g_strdup (adj_gettext (type->label));
  u->type = g_strdup (type->id);
  u->weapon = g_strdup (type->weapons[0]);
  u->count = count;
  u->figures = -1;
  g_ptr_array_add (self->army->units, u);
  {
    GtkWidget *row = entry_row (self, u);

    adw_preferences_group_add (self->units_group, row);
    g_ptr_array_add (self->unit_rows, row);
    update_entry_row (self, self->army->units->len - 1);
  }
  changed (self);
  return TRUE;
}

void
adj_army_builder_set_count (AdjArmyBuilder *self,
                            guint           entry,
                            int             count)
{
  g_return_if_fail (ADJ_IS_ARMY_BUILDER (self));
  g_return_if_fail (entry < self->army->units->len);

  if (count <= 0)
    {
      adw_preferences_group_remove (self->units_group, g_ptr_array_index (self->unit_rows, entry));
      g_ptr_array_remove_index (self->unit_rows, entry);
      g_ptr_array_remove_index (self->army->units, entry);
    }
  else
    {
      ((AdjArmyUnit *) g_ptr_array_index (self->army->units, entry))->count = count;
      update_entry_row (self, entry);
    }
  changed (self);
}

gboolean
adj_army_builder_save_to (AdjArmyBuilder  *self,
                          GFile           *file,
                          GError         **error)
{
  g_autoptr(json_object) json = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (ADJ_IS_ARMY_BUILDER (self), FALSE);

  path = g_file_get_path (file);
  json = adj_army_to_json (self->army);
  if (path == NULL || !adj_store_save_json (json, path, error))
    return FALSE;
  g_set_object (&self->file, file);
  self->modified = FALSE;
  update_title (self);
  return TRUE;
}

gboolean
adj_army_builder_open_file (AdjArmyBuilder  *self,
                            GFile           *file,
                            GError         **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(AdjArmy) army = path != NULL ? adj_army_load (path, error) : NULL;

  g_return_val_if_fail (ADJ_IS_ARMY_BUILDER (self), FALSE);

  if (army == NULL)
    return FALSE;
  adj_army_builder_set_army (self, army, file);
  return TRUE;
}

const char *
adj_army_builder_get_total (AdjArmyBuilder *self)
{
  g_return_val_if_fail (ADJ_IS_ARMY_BUILDER (self), NULL);
  return self->total;
}

gboolean
adj_army_builder_is_legal (AdjArmyBuilder *self)
{
  g_return_val_if_fail (ADJ_IS_ARMY_BUILDER (self), FALSE);
  return self->legal;
}
