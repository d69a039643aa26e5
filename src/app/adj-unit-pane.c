/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-pane.c: one unit's state, every field editable in one click.
 *
 * The rows come from the ruleset's status fields (those that apply to the unit's category)
 * plus the fields every unit has; each change is a journal entry, so it shows in the journal
 * and undoes.  The pane follows the unit: after an undo it shows the value the unit has again.
 */

#define G_LOG_DOMAIN "adj-unit-pane"

#include "config.h"

#include "adj-field-row.h"
#include "adj-i18n.h"
#include "adj-unit-pane.h"

struct _AdjUnitPane {
  GtkWidget            parent_instance;

  GtkStack            *stack;
  GtkLabel            *name_label;
  GtkLabel            *detail_label;
  AdwPreferencesGroup *state_group;
  AdwEntryRow         *name_row;

  AdjBattle           *battle;
  AdjUnit             *unit;
  gulong               changed_id;
  GPtrArray           *rows;        /* the state rows */
  GPtrArray           *fields;      /* the field names the rows edit, parallel to rows */
  AdjField            *figures_field;
  AdjField            *weapon_field;
  AdjChoice           *weapon_choices;
};

G_DEFINE_FINAL_TYPE (AdjUnitPane, adj_unit_pane, GTK_TYPE_WIDGET)

enum {
  ACT_WITH,
  TARGET,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const AdjField destroyed_field = {
  .name = "destroyed", .kind = ADJ_FIELD_BOOL, .label = N_("Destroyed"),
  .hint = N_("Out of the battle: its value counts as lost"),
};

static void
update_header (AdjUnitPane *self)
{
  const AdjUnitType *type = adj_battle_unit_type (self->battle, self->unit);
  AdjSide *side = adj_battle_find_side (self->battle, adj_unit_get_side (self->unit));
  g_autofree char *detail = NULL;
  int value = adj_battle_unit_value (self->battle, self->unit);

  gtk_label_set_text (self->name_label, adj_unit_get_name (self->unit));
  if (type->value >= 0)
    /* TRANSLATORS: under a unit's name, e.g. "Regular infantry · British army · 3 points" */
    detail = g_strdup_printf (ngettext ("%s · %s · %d point", "%s · %s · %d points", value),
                              adj_gettext (type->label), side != NULL ? side->name : "", value);
  else
    detail = g_strdup_printf ("%s · %s", adj_gettext (type->label), side != NULL ? side->name : "");
  gtk_label_set_text (self->detail_label, detail);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), adj_unit_get_name (self->unit));
}

static void
refresh_values (AdjUnitPane *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      g_autoptr(json_object) value = adj_unit_get_field (self->unit,
                                                        g_ptr_array_index (self->fields, i));
      adj_field_row_set_value (row, value);
    }
}

static void
on_row_changed (GtkWidget      *row,
                const AdjField *field,
                gpointer        user_data)
{
  AdjUnitPane *self = ADJ_UNIT_PANE (user_data);
  g_autoptr(json_object) value = adj_field_row_get_value (row);
  g_autofree char *target = g_strconcat ("unit:", adj_unit_get_id (self->unit), NULL);
  g_autoptr(GError) error = NULL;
  guint index;

  if (!g_ptr_array_find (self->rows, row, &index))
    return;
  if (!adj_battle_edit (self->battle, target, g_ptr_array_index (self->fields, index), value,
                        &error))
    {
      g_signal_emit (self, signals[FAILED], 0, error->message);
      refresh_values (self);
    }
}

static void
add_row (AdjUnitPane    *self,
         const AdjField *field,
         const char     *unit_field)
{
  GtkWidget *row = adj_field_row_new (field, adj_battle_get_ruleset (self->battle), self->battle,
                                      on_row_changed, self);

  adw_preferences_group_add (self->state_group, row);
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->fields, g_strdup (unit_field));
}

static void
clear_rows (AdjUnitPane *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->state_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->fields, 0);
  g_clear_pointer (&self->figures_field, g_free);
  g_clear_pointer (&self->weapon_field, g_free);
  g_clear_pointer (&self->weapon_choices, g_free);
}

static void
build_rows (AdjUnitPane *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const AdjUnitType *type = adj_battle_unit_type (self->battle, self->unit);
  GPtrArray *fields = adj_ruleset_get_status_fields (rs);
  guint n_weapons = g_strv_length ((char **) type->weapons);

  clear_rows (self);

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      g_autofree char *name = NULL;

      if (!adj_field_applies_to (f, type->category))
        continue;
      name = g_strconcat ("status.", f->name, NULL);
      add_row (self, f, name);
    }

  /* Figures, when the unit is more than one figure or stand. */
  if (type->figures > 1)
    {
      self->figures_field = g_new0 (AdjField, 1);
      self->figures_field->name = "figures";
      self->figures_field->kind = ADJ_FIELD_INT;
      self->figures_field->label = N_("Figures left");
      self->figures_field->min = 0;
      self->figures_field->max = MAX (type->figures, adj_unit_get_figures (self->unit));
      add_row (self, self->figures_field, "figures");
    }

  /* The weapon, when the type can carry more than one. */
  if (n_weapons > 1)
    {
      self->weapon_choices = g_new0 (AdjChoice, n_weapons + 1);
      for (guint i = 0; i < n_weapons; i++)
        {
          const AdjWeapon *w = adj_ruleset_find_weapon (rs, type->weapons[i]);
          self->weapon_choices[i].id = w->id;
          self->weapon_choices[i].label = w->label;
        }
      self->weapon_field = g_new0 (AdjField, 1);
      self->weapon_field->name = "weapon";
      self->weapon_field->kind = ADJ_FIELD_ENUM;
      self->weapon_field->label = N_("Weapon");
      self->weapon_field->choices = self->weapon_choices;
      self->weapon_field->n_choices = n_weapons;
      self->weapon_field->def_choice = type->weapons[0];
      add_row (self, self->weapon_field, "weapon");
    }

  add_row (self, &destroyed_field, "destroyed");
}

static void
on_unit_changed (AdjUnit     *unit,
                 const char  *field,
                 AdjUnitPane *self)
{
  /* A new type may bring other fields with it; anything else only changes values. */
  if (g_str_equal (field, "type"))
    build_rows (self);
  update_header (self);
  refresh_values (self);
}

static void
on_act_clicked (AdjUnitPane *self)
{
  if (self->unit != NULL)
    g_signal_emit (self, signals[ACT_WITH], 0, adj_unit_get_id (self->unit));
}

static void
on_target_clicked (AdjUnitPane *self)
{
  if (self->unit != NULL)
    g_signal_emit (self, signals[TARGET], 0, adj_unit_get_id (self->unit));
}

static void
on_name_apply (AdjUnitPane *self)
{
  g_autofree char *target = NULL;
  g_autoptr(json_object) value = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *trimmed = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name_row));

  if (self->unit == NULL || g_strcmp0 (text, adj_unit_get_name (self->unit)) == 0)
    return;
  target = g_strconcat ("unit:", adj_unit_get_id (self->unit), NULL);
  trimmed = g_strstrip (g_strdup (text));
  value = json_object_new_string (trimmed);
  if (!adj_battle_edit (self->battle, target, "name", value, &error))
    {
      g_signal_emit (self, signals[FAILED], 0, error->message);
      gtk_editable_set_text (GTK_EDITABLE (self->name_row), adj_unit_get_name (self->unit));
    }
}

static void
adj_unit_pane_dispose (GObject *object)
{
  AdjUnitPane *self = ADJ_UNIT_PANE (object);

  adj_unit_pane_set_unit (self, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_UNIT_PANE);
  G_OBJECT_CLASS (adj_unit_pane_parent_class)->dispose (object);
}

static void
adj_unit_pane_finalize (GObject *object)
{
  AdjUnitPane *self = ADJ_UNIT_PANE (object);

  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->fields);
  g_free (self->figures_field);
  g_free (self->weapon_field);
  g_free (self->weapon_choices);
  G_OBJECT_CLASS (adj_unit_pane_parent_class)->finalize (object);
}

static void
adj_unit_pane_class_init (AdjUnitPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_unit_pane_dispose;
  object_class->finalize = adj_unit_pane_finalize;

  signals[ACT_WITH] = g_signal_new ("act-with", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TARGET] = g_signal_new ("target", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-unit-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, stack);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, name_label);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, detail_label);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, state_group);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, name_row);
  gtk_widget_class_bind_template_callback (widget_class, on_act_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_target_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
adj_unit_pane_init (AdjUnitPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->fields = g_ptr_array_new_with_free_func (g_free);
}

GtkWidget *
adj_unit_pane_new (void)
{
  return g_object_new (ADJ_TYPE_UNIT_PANE, NULL);
}

void
adj_unit_pane_set_unit (AdjUnitPane *self,
                        AdjBattle   *battle,
                        AdjUnit     *unit)
{
  g_return_if_fail (ADJ_IS_UNIT_PANE (self));

  if (self->unit == unit && self->battle == battle)
    return;
  if (self->unit != NULL)
    g_clear_signal_handler (&self->changed_id, self->unit);
  g_set_object (&self->unit, unit);
  g_set_object (&self->battle, battle);

  if (unit == NULL || battle == NULL)
    {
      if (self->stack != NULL)
        gtk_stack_set_visible_child_name (self->stack, "none");
      if (self->rows != NULL && self->state_group != NULL)
        clear_rows (self);
      return;
    }
  self->changed_id = g_signal_connect (unit, "changed", G_CALLBACK (on_unit_changed), self);
  build_rows (self);
  update_header (self);
  refresh_values (self);
  gtk_stack_set_visible_child_name (self->stack, "unit");
}

AdjUnit *
adj_unit_pane_get_unit (AdjUnitPane *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PANE (self), NULL);
  return self->unit;
}

GtkWidget *
adj_unit_pane_get_row (AdjUnitPane *self,
                       const char  *field)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PANE (self), NULL);

  for (guint i = 0; i < self->fields->len; i++)
    if (g_str_equal (g_ptr_array_index (self->fields, i), field))
      return g_ptr_array_index (self->rows, i);
  return NULL;
}
