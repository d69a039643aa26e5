/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-new-battle-dialog.c: start a battle.
 *
 * The choices come from the data: the rulesets installed, and for the chosen system its example
 * armies.  A system whose rules ship the orders of battle of its one battle takes its sides and
 * counters from them instead, and asks for no armies.  Creating emits "battle-created" with a
 * battle that is not tied to any file yet.
 */

#define G_LOG_DOMAIN "adj-new-battle-dialog"

#include "config.h"

#include "adj-army.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-new-battle-dialog.h"

struct _AdjNewBattleDialog {
  AdwWindow       parent_instance;

  AdwToastOverlay *toasts;
  AdwEntryRow     *name_row;
  AdwComboRow     *system_row;
  AdwComboRow     *start_row;
  AdwEntryRow     *side_a_name;
  AdwComboRow     *side_a_template;
  AdwActionRow    *side_a_file;
  AdwEntryRow     *side_b_name;
  AdwComboRow     *side_b_template;
  AdwActionRow    *side_b_file;

  GStrv            ruleset_ids;
  GPtrArray       *templates;      /* AdjArmy of the chosen system */
  char            *file_a;
  char            *file_b;
};

G_DEFINE_FINAL_TYPE (AdjNewBattleDialog, adj_new_battle_dialog, ADW_TYPE_WINDOW)

enum {
  BATTLE_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static AdjRuleset *
chosen_ruleset (AdjNewBattleDialog  *self,
                GError             **error)
{
  guint pos = adw_combo_row_get_selected (self->system_row);

  if (self->ruleset_ids == NULL || pos >= g_strv_length (self->ruleset_ids))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("No rules are installed"));
      return NULL;
    }
  return adj_ruleset_lookup (self->ruleset_ids[pos], error);
}

/* How a system whose rules carry its orders of battle adds them to a new battle, or NULL. */
static AdjAddOrderOfBattle
order_of_battle (AdjRuleset *rs)
{
  const AdjSystem *system = rs != NULL ? adj_ruleset_get_system (rs) : NULL;

  return system != NULL ? system->add_order_of_battle : NULL;
}

static AdjStart
chosen_start (AdjNewBattleDialog *self)
{
  AdjStart start = (AdjStart) adw_combo_row_get_selected (self->start_row);

  /* Without examples the list holds only "empty sides" and "saved army lists". */
  if (self->templates != NULL && self->templates->len == 0 && start == ADJ_START_EXAMPLES)
    return ADJ_START_ARMY_LISTS;
  return start;
}

static void
update_visibility (AdjNewBattleDialog *self)
{
  g_autoptr(AdjRuleset) rs = chosen_ruleset (self, NULL);
  gboolean armies = order_of_battle (rs) == NULL;
  AdjStart start = chosen_start (self);

  gtk_widget_set_visible (GTK_WIDGET (self->side_a_template), start == ADJ_START_EXAMPLES);
  gtk_widget_set_visible (GTK_WIDGET (self->side_b_template), start == ADJ_START_EXAMPLES);
  gtk_widget_set_visible (GTK_WIDGET (self->side_a_file), start == ADJ_START_ARMY_LISTS);
  gtk_widget_set_visible (GTK_WIDGET (self->side_b_file), start == ADJ_START_ARMY_LISTS);

  /* With the orders of battle in the rules there are no armies to choose or sides to name. */
  gtk_widget_set_visible (GTK_WIDGET (self->start_row), armies);
  gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->side_a_name),
                                                   ADW_TYPE_PREFERENCES_GROUP), armies);
  gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->side_b_name),
                                                   ADW_TYPE_PREFERENCES_GROUP), armies);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->system_row),
                               armies ? NULL : _("Both sides and every counter come from the "
                                                 "orders of battle in these rules"));
}

static void
fill_templates (AdjNewBattleDialog *self)
{
  g_autoptr(AdjRuleset) rs = chosen_ruleset (self, NULL);
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) starts = gtk_string_list_new (NULL);

  g_clear_pointer (&self->templates, g_ptr_array_unref);
  if (rs != NULL)
    self->templates = adj_army_templates (rs, NULL);
  if (self->templates == NULL)
    self->templates = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_army_free);

  for (guint i = 0; i < self->templates->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (self->templates, i);
      g_autofree char *label = army->conflict != NULL
        /* TRANSLATORS: an example army, e.g. "Zulu army — The Zulu War (1879)" */
        ? g_strdup_printf (_("%s — %s"), army->name, adj_gettext (army->conflict))
        : g_strdup (army->name);
      gtk_string_list_append (list, label);
    }
  adw_combo_row_set_model (self->side_a_template, G_LIST_MODEL (list));
  adw_combo_row_set_model (self->side_b_template, G_LIST_MODEL (list));
  /* The second side defaults to the opponent listed next to the first. */
  if (self->templates->len > 1)
    adw_combo_row_set_selected (self->side_b_template, 1);

  gtk_string_list_append (starts, _("Empty sides"));
  if (self->templates->len > 0)
    gtk_string_list_append (starts, _("Example armies"));
  gtk_string_list_append (starts, _("Saved army lists"));
  adw_combo_row_set_model (self->start_row, G_LIST_MODEL (starts));
  adw_combo_row_set_selected (self->start_row, self->templates->len > 0 ? 1 : 0);
  update_visibility (self);
}

static void
on_system_selected (AdwComboRow        *row,
                    GParamSpec         *pspec,
                    AdjNewBattleDialog *self)
{
  fill_templates (self);
}

static void
on_start_selected (AdwComboRow        *row,
                   GParamSpec         *pspec,
                   AdjNewBattleDialog *self)
{
  update_visibility (self);
}

static AdjArmy *
side_army (AdjNewBattleDialog  *self,
           AdjRuleset          *rs,
           guint                side,
           GError             **error)
{
  AdjStart start = chosen_start (self);
  AdjArmy *army = NULL;

  if (start == ADJ_START_EXAMPLES)
    {
      guint pos = adw_combo_row_get_selected (side == 0 ? self->side_a_template
                                                        : self->side_b_template);
      AdjArmy *tmpl = pos < self->templates->len ? g_ptr_array_index (self->templates, pos) : NULL;
      g_autoptr(json_object) json = NULL;

      if (tmpl == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("Choose an army for each side"));
          return NULL;
        }
      /* A copy through the file format, so the template itself stays as it is. */
      json = adj_army_to_json (tmpl);
      army = adj_army_from_file_json (json, tmpl->name, error);
    }
  else if (start == ADJ_START_ARMY_LISTS)
    {
      const char *path = side == 0 ? self->file_a : self->file_b;

      if (path == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("Choose an army list file for each side"));
          return NULL;
        }
      army = adj_army_load (path, error);
      if (army != NULL && !g_str_equal (adj_ruleset_get_id (army->ruleset), adj_ruleset_get_id (rs)))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The army list “%s” is for other rules (%s)"), army->name,
                       adj_ruleset_get_name (army->ruleset));
          g_clear_pointer (&army, adj_army_free);
        }
    }
  else
    army = adj_army_new (rs, side == 0 ? _("First side") : _("Second side"));
  return army;
}

/* What is typed in @row, without spaces around it: NULL when nothing is, or with @error set
 * when it is no name a battle file can keep. */
static char *
typed_name (AdwEntryRow  *row,
            gboolean     *ok,
            GError      **error)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  *ok = TRUE;
  if (name[0] == '\0')
    return NULL;
  if (!adj_name_is_valid (name))
    {
      /* TRANSLATORS: e.g. "Battle name: expected a name of 1 to 200 characters …" */
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("%s: %s"),
                   adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), adj_name_rule ());
      *ok = FALSE;
      return NULL;
    }
  return g_steal_pointer (&name);
}

AdjBattle *
adj_new_battle_dialog_build (AdjNewBattleDialog  *self,
                             GError             **error)
{
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjArmy) a = NULL;
  g_autoptr(AdjArmy) b = NULL;
  g_autofree char *name = NULL;
  g_autofree char *a_name = NULL;
  g_autofree char *b_name = NULL;
  AdjAddOrderOfBattle add_order_of_battle;
  gboolean ok_name, ok_a, ok_b;

  g_return_val_if_fail (ADJ_IS_NEW_BATTLE_DIALOG (self), NULL);

  name = typed_name (self->name_row, &ok_name, error);
  if (!ok_name)
    return NULL;
  rs = chosen_ruleset (self, error);
  if (rs == NULL)
    return NULL;
  add_order_of_battle = order_of_battle (rs);
  if (add_order_of_battle != NULL)
    {
      battle = adj_battle_new (rs, name != NULL ? name : adj_ruleset_get_name (rs));
      if (!add_order_of_battle (battle, NULL, error))
        return NULL;
      return g_steal_pointer (&battle);
    }
  a_name = typed_name (self->side_a_name, &ok_a, error);
  if (!ok_a)
    return NULL;
  b_name = typed_name (self->side_b_name, &ok_b, error);
  if (!ok_b)
    return NULL;
  if ((a = side_army (self, rs, 0, error)) == NULL || (b = side_army (self, rs, 1, error)) == NULL)
    return NULL;

  /* The names typed for the sides win over the armies' own. */
  if (a_name != NULL)
    {
      g_free (a->name);
      a->name = g_steal_pointer (&a_name);
    }
  if (b_name != NULL)
    {
      g_free (b->name);
      b->name = g_steal_pointer (&b_name);
    }
  if (name == NULL)
    name = g_strdup_printf (_("%s against %s"), a->name, b->name);
  battle = adj_battle_new (rs, name);
  if (!adj_battle_add_army (battle, "a", a, error) || !adj_battle_add_army (battle, "b", b, error))
    return NULL;
  return g_steal_pointer (&battle);
}

static void
on_create_clicked (AdjNewBattleDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_new_battle_dialog_build (self, &error);

  if (battle == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  g_signal_emit (self, signals[BATTLE_CREATED], 0, battle);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
on_file_chosen (GtkNativeDialog    *chooser,
                int                 response,
                AdjNewBattleDialog *self)
{
  gboolean first = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "first"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *base = g_file_get_basename (file);
      char **slot = first ? &self->file_a : &self->file_b;

      g_free (*slot);
      *slot = g_file_get_path (file);
      adw_action_row_set_subtitle (first ? self->side_a_file : self->side_b_file, base);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_file (AdjNewBattleDialog *self,
             gboolean            first)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Choose an Army List"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Army lists (JSON)"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "first", GINT_TO_POINTER (first));
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_choose_a_clicked (AdjNewBattleDialog *self)
{
  choose_file (self, TRUE);
}

static void
on_choose_b_clicked (AdjNewBattleDialog *self)
{
  choose_file (self, FALSE);
}

static void
adj_new_battle_dialog_dispose (GObject *object)
{
  AdjNewBattleDialog *self = ADJ_NEW_BATTLE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_NEW_BATTLE_DIALOG);
  g_clear_pointer (&self->templates, g_ptr_array_unref);
  G_OBJECT_CLASS (adj_new_battle_dialog_parent_class)->dispose (object);
}

static void
adj_new_battle_dialog_finalize (GObject *object)
{
  AdjNewBattleDialog *self = ADJ_NEW_BATTLE_DIALOG (object);

  g_strfreev (self->ruleset_ids);
  g_free (self->file_a);
  g_free (self->file_b);
  G_OBJECT_CLASS (adj_new_battle_dialog_parent_class)->finalize (object);
}

static void
adj_new_battle_dialog_class_init (AdjNewBattleDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_new_battle_dialog_dispose;
  object_class->finalize = adj_new_battle_dialog_finalize;

  /**
   * AdjNewBattleDialog::battle-created:
   * @battle: the new battle
   */
  signals[BATTLE_CREATED] = g_signal_new ("battle-created", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                          ADJ_TYPE_BATTLE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-new-battle-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, toasts);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, system_row);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, start_row);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, side_a_name);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, side_a_template);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, side_a_file);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, side_b_name);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, side_b_template);
  gtk_widget_class_bind_template_child (widget_class, AdjNewBattleDialog, side_b_file);
  gtk_widget_class_bind_template_callback (widget_class, on_create_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_choose_a_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_choose_b_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
adj_new_battle_dialog_init (AdjNewBattleDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
adj_new_battle_dialog_new (GtkWindow  *parent,
                           const char *last_ruleset)
{
  AdjNewBattleDialog *self = g_object_new (ADJ_TYPE_NEW_BATTLE_DIALOG, "transient-for", parent,
                                           NULL);
  g_autoptr(GtkStringList) systems = gtk_string_list_new (NULL);
  guint selected = 0;

  self->ruleset_ids = adj_ruleset_list_ids ();
  for (guint i = 0; self->ruleset_ids[i] != NULL; i++)
    {
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (self->ruleset_ids[i], NULL);

      gtk_string_list_append (systems, rs != NULL ? adj_ruleset_get_name (rs)
                                                  : self->ruleset_ids[i]);
      if (g_strcmp0 (self->ruleset_ids[i], last_ruleset) == 0)
        selected = i;
    }
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (systems));
  adw_combo_row_set_selected (self->system_row, selected);
  fill_templates (self);
  g_signal_connect (self->system_row, "notify::selected", G_CALLBACK (on_system_selected), self);
  g_signal_connect (self->start_row, "notify::selected", G_CALLBACK (on_start_selected), self);
  return GTK_WIDGET (self);
}

gboolean
adj_new_battle_dialog_set_ruleset (AdjNewBattleDialog *self,
                                   const char         *ruleset_id)
{
  g_return_val_if_fail (ADJ_IS_NEW_BATTLE_DIALOG (self), FALSE);

  for (guint i = 0; self->ruleset_ids[i] != NULL; i++)
    if (g_str_equal (self->ruleset_ids[i], ruleset_id))
      {
        adw_combo_row_set_selected (self->system_row, i);
        return TRUE;
      }
  return FALSE;
}

void
adj_new_battle_dialog_set_army_file (AdjNewBattleDialog *self,
                                     guint               side,
                                     GFile              *file)
{
  g_autofree char *base = NULL;
  char **slot;

  g_return_if_fail (ADJ_IS_NEW_BATTLE_DIALOG (self));
  g_return_if_fail (side < 2);
  g_return_if_fail (G_IS_FILE (file));

  slot = side == 0 ? &self->file_a : &self->file_b;
  g_free (*slot);
  *slot = g_file_get_path (file);
  base = g_file_get_basename (file);
  adw_action_row_set_subtitle (side == 0 ? self->side_a_file : self->side_b_file, base);
}

void
adj_new_battle_dialog_set_start (AdjNewBattleDialog *self,
                                 AdjStart            start)
{
  g_return_if_fail (ADJ_IS_NEW_BATTLE_DIALOG (self));

  /* Without examples the list holds only "empty" and "army lists". */
  if (self->templates->len == 0 && start == ADJ_START_ARMY_LISTS)
    start = ADJ_START_EXAMPLES;
  adw_combo_row_set_selected (self->start_row, (guint) start);
}
