/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-field-row.c: a preferences row for any declared field.
 *
 * The row keeps a small state object (the field, the choice ids behind a drop-down, the
 * callback) as data on the widget; setting a value from the program never calls back.
 *
 * A unit is chosen from a drop-down of every unit in the battle, hundreds of them: it lists only
 * the unit it shows until its popup first opens (AdjComboRow says when).
 */

#define G_LOG_DOMAIN "adj-field-row"

#include "config.h"

#include <math.h>

#include "adj-combo-row.h"
#include "adj-field-row.h"
#include "adj-hinted-row.h"
#include "adj-i18n.h"
#include "adj-side-view.h"

#define CM_PER_INCH 2.54

typedef struct {
  const AdjField     *field;
  AdjRuleset         *rs;
  AdjBattle          *battle;
  AdjFieldRowChanged  changed;
  gpointer            user_data;
  GtkWidget          *editor;     /* GtkSwitch or GtkSpinButton; NULL for combo rows */
  GPtrArray          *ids;        /* combo rows: the id behind each position (NULL: none) */
  gboolean            quiet;      /* setting from the program */
  gboolean            imperial;
  gboolean            all_units;  /* unit drop-downs: every unit listed, not just the one shown */
  gulong              units_id;
} RowState;

static void
row_state_free (RowState *state)
{
  if (state->units_id != 0 && state->battle != NULL)
    g_signal_handler_disconnect (adj_battle_get_units (state->battle), state->units_id);
  g_clear_pointer (&state->ids, g_ptr_array_unref);
  g_clear_object (&state->battle);
  adj_ruleset_unref (state->rs);
  g_free (state);
}

static RowState *
state_of (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "adj-field-row");
}

static void
emit_changed (GtkWidget *row)
{
  RowState *state = state_of (row);

  if (!state->quiet && state->changed != NULL)
    state->changed (row, state->field, state->user_data);
}

static void
on_switch_active (GtkSwitch  *sw,
                  GParamSpec *pspec,
                  GtkWidget  *row)
{
  emit_changed (row);
}

static void
on_spin_value (GtkSpinButton *spin,
               GtkWidget     *row)
{
  emit_changed (row);
}

static void
on_combo_selected (AdwComboRow *combo,
                   GParamSpec  *pspec,
                   GtkWidget   *row)
{
  emit_changed (row);
}

static gboolean
is_distance_in_cm (RowState *state)
{
  return state->field->measure != NULL && g_str_equal (state->field->measure, "distance") &&
         adj_ruleset_get_distance_unit (state->rs) == ADJ_DISTANCE_CM;
}

static void
update_distance_suffix (GtkWidget *row)
{
  RowState *state = state_of (row);
  AdjDistanceUnit unit = adj_ruleset_get_distance_unit (state->rs);
  const char *name;

  if (state->imperial && is_distance_in_cm (state))
    name = _("inches");
  else
    name = adj_distance_unit_name (unit);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), name);
}

/* Whether a unit is offered in a unit drop-down: not one destroyed, nor one kept hidden, whose
 * name would say it is in the fight. */
static gboolean
unit_offered (RowState *state,
              AdjUnit  *unit)
{
  return !adj_unit_get_destroyed (unit) && !adj_side_view_unit_hidden (state->battle, unit);
}

static void
append_unit (RowState      *state,
             GtkStringList *list,
             AdjUnit       *unit)
{
  AdjSide *side = adj_battle_find_side (state->battle, adj_unit_get_side (unit));
  /* TRANSLATORS: a unit in a drop-down, e.g. "24th Foot (British)" */
  g_autofree char *label = g_strdup_printf (_("%s (%s)"), adj_unit_get_name (unit),
                                            side != NULL ? side->name : "");

  gtk_string_list_append (list, label);
  g_ptr_array_add (state->ids, g_strdup (adj_unit_get_id (unit)));
}

/* The unit a unit drop-down shows for @value while it lists only that one: the unit @value
 * names, when offered; else what the full list would fall on (none, or its first unit). */
static AdjUnit *
shown_unit (RowState    *state,
            json_object *value)
{
  const char *id = json_object_is_type (value, json_type_string)
                   ? json_object_get_string (value) : NULL;
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (state->battle, id) : NULL;
  GListModel *units = adj_battle_get_units (state->battle);

  if (unit != NULL && unit_offered (state, unit))
    return unit;
  if (state->field->optional)
    return NULL;
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) first = g_list_model_get_item (units, i);

      if (unit_offered (state, first))
        return first;   /* the battle keeps it */
    }
  return NULL;
}

/* The entries of a unit or side drop-down, with @value chosen: "None" first when the field may be
 * empty.  A unit drop-down lists only the unit it shows (and one more) until its popup first
 * opens: a big battle's hundreds of units would otherwise be listed, once a drop-down, before
 * the first frame, and again each time a unit changes. */
static void
fill_reference_choices (GtkWidget   *row,
                        json_object *value)
{
  RowState *state = state_of (row);
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  g_ptr_array_set_size (state->ids, 0);
  if (state->field->optional || state->battle == NULL)
    {
      gtk_string_list_append (list, _("None"));
      g_ptr_array_add (state->ids, NULL);
    }
  if (state->battle != NULL && state->field->kind == ADJ_FIELD_UNIT && !state->all_units)
    {
      AdjUnit *shown = shown_unit (state, value);
      GListModel *units = adj_battle_get_units (state->battle);

      if (shown != NULL)
        append_unit (state, list, shown);
      /* A drop-down of a single entry cannot be opened: list a second one when there is one. */
      for (guint i = 0; state->ids->len < 2 && i < g_list_model_get_n_items (units); i++)
        {
          g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

          if (unit != shown && unit_offered (state, unit))
            append_unit (state, list, unit);
        }
    }
  else if (state->battle != NULL && state->field->kind == ADJ_FIELD_UNIT)
    {
      GListModel *units = adj_battle_get_units (state->battle);

      for (guint i = 0; i < g_list_model_get_n_items (units); i++)
        {
          g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

          if (unit_offered (state, unit))
            append_unit (state, list, unit);
        }
    }
  else if (state->battle != NULL)
    {
      GPtrArray *sides = adj_battle_get_sides (state->battle);

      for (guint i = 0; i < sides->len; i++)
        {
          AdjSide *side = g_ptr_array_index (sides, i);
          gtk_string_list_append (list, side->name);
          g_ptr_array_add (state->ids, g_strdup (side->id));
        }
    }

  state->quiet = TRUE;
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
  state->quiet = FALSE;
  adj_field_row_set_value (row, value);
}

/* Refill a drop-down, keeping its choice. */
static void
refill_reference_choices (GtkWidget *row)
{
  json_object *current = adj_field_row_get_value (row);

  fill_reference_choices (row, current);
  json_object_put (current);
}

/* A unit drop-down about to open lists every unit from now on. */
static void
on_units_opening (AdjComboRow *combo,
                  GtkWidget   *row)
{
  RowState *state = state_of (row);

  if (state->all_units)
    return;
  state->all_units = TRUE;
  refill_reference_choices (row);
}

static void
on_units_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GtkWidget  *row)
{
  refill_reference_choices (row);
}

/* The row of a switch or a number.  A hint stands under the title, unless the field is a
 * measure (whose subtitle names its unit): in a row of its own kind, which lays a long hint out
 * for its width once rather than over and over (see adj-hinted-row.c). */
static GtkWidget *
editor_row_new (const AdjField *field,
                GtkWidget      *editor)
{
  GtkWidget *row;

  if (field->hint != NULL && field->measure == NULL)
    {
      row = adj_hinted_row_new (adj_gettext (field->label), adj_gettext (field->hint));
      adj_hinted_row_set_editor (ADJ_HINTED_ROW (row), editor);
      return row;
    }
  row = adw_action_row_new ();
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), editor);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), editor);
  return row;
}

GtkWidget *
adj_field_row_new (const AdjField     *field,
                   AdjRuleset         *rs,
                   AdjBattle          *battle,
                   AdjFieldRowChanged  changed,
                   gpointer            user_data)
{
  RowState *state;
  GtkWidget *row;

  g_return_val_if_fail (field != NULL && rs != NULL, NULL);

  state = g_new0 (RowState, 1);
  state->field = field;
  state->rs = adj_ruleset_ref (rs);
  state->battle = battle != NULL ? g_object_ref (battle) : NULL;
  state->changed = changed;
  state->user_data = user_data;
  state->ids = g_ptr_array_new_with_free_func (g_free);

  switch (field->kind)
    {
    case ADJ_FIELD_BOOL:
      state->editor = gtk_switch_new ();
      gtk_widget_set_valign (state->editor, GTK_ALIGN_CENTER);
      row = editor_row_new (field, state->editor);
      g_signal_connect (state->editor, "notify::active", G_CALLBACK (on_switch_active), row);
      break;

    case ADJ_FIELD_INT:
      state->editor = gtk_spin_button_new_with_range (field->min, field->max, 1);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (state->editor), TRUE);
      gtk_widget_set_valign (state->editor, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (state->editor),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, adj_gettext (field->label),
                                      -1);
      row = editor_row_new (field, state->editor);
      g_signal_connect (state->editor, "value-changed", G_CALLBACK (on_spin_value), row);
      break;

    case ADJ_FIELD_ENUM:
      {
        guint n;
        const AdjChoice *choices = adj_ruleset_field_choices (rs, field, &n);
        g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

        row = adj_combo_row_new ();
        for (guint i = 0; i < n; i++)
          {
            gtk_string_list_append (list, adj_gettext (choices[i].label));
            g_ptr_array_add (state->ids, g_strdup (choices[i].id));
          }
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
        g_signal_connect (row, "notify::selected", G_CALLBACK (on_combo_selected), row);
      }
      break;

    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      row = adj_combo_row_new ();
      g_signal_connect (row, "notify::selected", G_CALLBACK (on_combo_selected), row);
      break;
    }

  g_object_set_data_full (G_OBJECT (row), "adj-field-row", state, (GDestroyNotify) row_state_free);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (field->label));
  /* A drop-down whose hint takes the subtitle squeezes its value to "…": its value is then
   * the subtitle, read in full, and the hint stays in the tooltip. */
  if (field->hint != NULL && field->kind == ADJ_FIELD_ENUM)
    adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), TRUE);
  else if (field->hint != NULL && field->measure == NULL && !ADJ_IS_HINTED_ROW (row))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), adj_gettext (field->hint));
  if (field->hint != NULL)
    gtk_widget_set_tooltip_text (row, adj_gettext (field->hint));

  if (field->kind == ADJ_FIELD_UNIT || field->kind == ADJ_FIELD_SIDE)
    {
      fill_reference_choices (row, NULL);
      if (battle != NULL && field->kind == ADJ_FIELD_UNIT)
        {
          state->units_id = g_signal_connect (adj_battle_get_units (battle), "items-changed",
                                              G_CALLBACK (on_units_changed), row);
          g_signal_connect (row, "opening", G_CALLBACK (on_units_opening), row);
        }
    }
  if (field->measure != NULL)
    update_distance_suffix (row);
  return row;
}

const AdjField *
adj_field_row_get_field (GtkWidget *row)
{
  return state_of (row)->field;
}

void
adj_field_row_set_value (GtkWidget   *row,
                         json_object *value)
{
  RowState *state = state_of (row);

  g_return_if_fail (state != NULL);

  state->quiet = TRUE;
  switch (state->field->kind)
    {
    case ADJ_FIELD_BOOL:
      gtk_switch_set_active (GTK_SWITCH (state->editor), json_object_get_boolean (value));
      break;
    case ADJ_FIELD_INT:
      {
        double v = json_object_get_int (value);
        if (state->imperial && is_distance_in_cm (state))
          v = v / CM_PER_INCH;
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (state->editor), v);
      }
      break;
    case ADJ_FIELD_ENUM:
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      {
        const char *id = json_object_is_type (value, json_type_string)
                         ? json_object_get_string (value) : NULL;
        guint pos = GTK_INVALID_LIST_POSITION;

        for (guint i = 0; i < state->ids->len; i++)
          if (g_strcmp0 (g_ptr_array_index (state->ids, i), id) == 0)
            pos = i;
        /* A unit drop-down that lists only the unit it shows: list the new one instead. */
        if (pos == GTK_INVALID_LIST_POSITION && id != NULL && state->battle != NULL &&
            state->field->kind == ADJ_FIELD_UNIT && !state->all_units)
          {
            AdjUnit *unit = adj_battle_find_unit (state->battle, id);

            if (unit != NULL && unit_offered (state, unit))
              {
                state->quiet = FALSE;
                fill_reference_choices (row, value);
                return;
              }
          }
        if (pos != GTK_INVALID_LIST_POSITION)
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), pos);
      }
      break;
    }
  state->quiet = FALSE;
}

json_object *
adj_field_row_get_value (GtkWidget *row)
{
  RowState *state = state_of (row);

  g_return_val_if_fail (state != NULL, NULL);

  switch (state->field->kind)
    {
    case ADJ_FIELD_BOOL:
      return json_object_new_boolean (gtk_switch_get_active (GTK_SWITCH (state->editor)));
    case ADJ_FIELD_INT:
      {
        double v = gtk_spin_button_get_value (GTK_SPIN_BUTTON (state->editor));
        if (state->imperial && is_distance_in_cm (state))
          v = v * CM_PER_INCH;
        return json_object_new_int ((int) CLAMP (lround (v), state->field->min, state->field->max));
      }
    case ADJ_FIELD_ENUM:
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      {
        guint pos = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
        const char *id = pos < state->ids->len ? g_ptr_array_index (state->ids, pos) : NULL;
        return id != NULL ? json_object_new_string (id) : NULL;
      }
    }
}

void
adj_field_row_set_imperial (GtkWidget *row,
                            gboolean   imperial)
{
  RowState *state = state_of (row);
  json_object *value;

  g_return_if_fail (state != NULL);
  if (!is_distance_in_cm (state) || state->imperial == imperial)
    return;

  value = adj_field_row_get_value (row);
  state->imperial = imperial;
  state->quiet = TRUE;
  if (imperial)
    {
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (state->editor), 1);
      gtk_spin_button_set_increments (GTK_SPIN_BUTTON (state->editor), 0.5, 2);
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (state->editor), state->field->min / CM_PER_INCH,
                                 state->field->max / CM_PER_INCH);
    }
  else
    {
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (state->editor), 0);
      gtk_spin_button_set_increments (GTK_SPIN_BUTTON (state->editor), 1, 10);
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (state->editor), state->field->min,
                                 state->field->max);
    }
  state->quiet = FALSE;
  adj_field_row_set_value (row, value);
  json_object_put (value);
  update_distance_suffix (row);
}
