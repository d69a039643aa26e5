/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-pane.c: one unit's state, every field editable in one click.
 *
 * The rows come from the ruleset's status fields (those that apply to the unit's category)
 * plus the fields every unit has; each change is a journal entry, so it shows in the journal
 * and undoes.  The pane follows the unit: after an undo it shows the value the unit has again.
 *
 * A unit that keeps a record per figure (the ruleset's member schema, adj-members.h) gets a row
 * per figure: what sets it apart in its subtitle, a stepper for each number the schema records
 * (wounds, say) and a "Lost" toggle at hand, and everything else once the row is opened.  The
 * figure count is never edited there: it follows the figures that are not lost.
 */

#define G_LOG_DOMAIN "adj-unit-pane"

#include "config.h"

#include "adj-field-row.h"
#include "adj-i18n.h"
#include "adj-members.h"
#include "adj-unit-pane.h"

/* The widgets of one figure's row. */
typedef struct {
  AdjUnitPane *pane;
  guint        index;
  GtkWidget   *row;        /* AdwExpanderRow */
  GPtrArray   *spins;      /* GtkSpinButton, one per number the schema records */
  GtkWidget   *lost;       /* GtkToggleButton */
  GPtrArray   *editors;    /* once opened: the field rows, the name, rating and weapon */
  GtkWidget   *name;
  GtkWidget   *rating;
  GtkWidget   *weapon;
} MemberRow;

struct _AdjUnitPane {
  GtkWidget            parent_instance;

  GtkStack            *stack;
  GtkLabel            *name_label;
  GtkLabel            *detail_label;
  AdwPreferencesGroup *state_group;
  AdwPreferencesGroup *members_group;
  AdwEntryRow         *name_row;

  AdjBattle           *battle;
  AdjUnit             *unit;
  gulong               changed_id;
  GPtrArray           *rows;        /* the state rows */
  GPtrArray           *fields;      /* the field names the rows edit, parallel to rows */
  AdjField            *figures_field;
  AdjField            *weapon_field;
  AdjChoice           *weapon_choices;
  const AdjMemberSchema *schema;    /* the ruleset's, when the unit keeps a record per figure */
  GPtrArray           *member_rows; /* of MemberRow */
  gboolean             quiet;       /* showing values, not editing them */
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

static void clear_members (AdjUnitPane *self);
static void build_members (AdjUnitPane *self);

static void
clear_rows (AdjUnitPane *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->state_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->fields, 0);
  clear_members (self);
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

  /* Figures, when the unit is more than one figure or stand and does not count them from its
   * record per figure. */
  if (type->figures > 1 && adj_unit_get_members (self->unit) == NULL)
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
  build_members (self);
}

/* ---- the record per figure ---- */

static void refresh_members (AdjUnitPane *self);

static void
member_row_free (MemberRow *m)
{
  g_ptr_array_unref (m->spins);
  g_clear_pointer (&m->editors, g_ptr_array_unref);
  g_free (m);
}

static gboolean
edit_member (AdjUnitPane *self,
             guint        index,
             const char  *key,
             json_object *value)
{
  g_autofree char *target = g_strconcat ("unit:", adj_unit_get_id (self->unit), NULL);
  g_autofree char *field = g_strdup_printf ("members.%u.%s", index, key);
  g_autoptr(GError) error = NULL;

  if (adj_battle_edit (self->battle, target, field, value, &error))
    return TRUE;
  g_signal_emit (self, signals[FAILED], 0, error->message);
  return FALSE;
}

/* What sets a figure apart: its role and other choices away from the default, what is true
 * of it, and a rating or weapon of its own. */
static char *
member_subtitle (AdjUnitPane *self,
                 guint        index)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  json_object *members = adj_unit_get_members (self->unit);
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *rating = adj_member_get_string (members, index, ADJ_MEMBER_RATING);
  const char *weapon = adj_member_get_string (members, index, ADJ_MEMBER_WEAPON);

  for (guint i = 0; i < adj_member_schema_get_n_fields (self->schema); i++)
    {
      const AdjField *f = adj_member_schema_get_field (self->schema, i);
      json_object *v = adj_member_get (members, index, f->name);

      if (f->kind == ADJ_FIELD_ENUM && v != NULL && !adj_field_value_is_default (f, v))
        g_ptr_array_add (parts, adj_field_value_to_text (rs, f, v));
      else if (f->kind == ADJ_FIELD_BOOL && adj_member_get_bool (members, index, f->name))
        g_ptr_array_add (parts, g_strdup (adj_gettext (f->label)));
    }
  if (rating != NULL)
    {
      const AdjChoice *c = adj_ruleset_find_rating (rs, rating);
      g_ptr_array_add (parts, g_strdup (c != NULL ? adj_gettext (c->label) : rating));
    }
  if (weapon != NULL)
    {
      const AdjWeapon *w = adj_ruleset_find_weapon (rs, weapon);
      g_ptr_array_add (parts, g_strdup (w != NULL ? adj_gettext (w->label) : weapon));
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

static void
on_member_spin_changed (GtkSpinButton *spin,
                        MemberRow     *m)
{
  g_autoptr(json_object) value = NULL;

  if (m->pane->quiet)
    return;
  value = json_object_new_int (gtk_spin_button_get_value_as_int (spin));
  if (!edit_member (m->pane, m->index, g_object_get_data (G_OBJECT (spin), "key"), value))
    refresh_members (m->pane);
}

static void
on_member_lost_toggled (GtkToggleButton *button,
                        MemberRow       *m)
{
  g_autoptr(json_object) value = NULL;

  if (m->pane->quiet)
    return;
  value = json_object_new_boolean (gtk_toggle_button_get_active (button));
  if (!edit_member (m->pane, m->index, ADJ_MEMBER_LOST, value))
    refresh_members (m->pane);
}

static void
on_member_field_changed (GtkWidget      *row,
                         const AdjField *field,
                         gpointer        user_data)
{
  MemberRow *m = user_data;
  g_autoptr(json_object) value = adj_field_row_get_value (row);

  if (m->pane->quiet)
    return;
  if (!edit_member (m->pane, m->index, field->name, value))
    refresh_members (m->pane);
}

static void
on_member_name_apply (AdwEntryRow *entry,
                      MemberRow   *m)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  g_autoptr(json_object) value = name[0] != '\0' ? json_object_new_string (name) : NULL;

  if (!edit_member (m->pane, m->index, ADJ_MEMBER_NAME, value))
    refresh_members (m->pane);
}

static void
on_member_choice_selected (AdwComboRow *combo,
                           GParamSpec  *pspec,
                           MemberRow   *m)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (combo), "ids");
  const char *key = g_object_get_data (G_OBJECT (combo), "key");
  guint pos = adw_combo_row_get_selected (combo);
  const char *id = pos < ids->len ? g_ptr_array_index (ids, pos) : NULL;
  g_autoptr(json_object) value = id != NULL ? json_object_new_string (id) : NULL;

  if (m->pane->quiet)
    return;
  if (!edit_member (m->pane, m->index, key, value))
    refresh_members (m->pane);
}

/* A drop-down of the group's own value (NULL) or one of @n choices, for a figure's rating or
 * weapon. */
static GtkWidget *
member_choice_row (MemberRow       *m,
                   const char      *key,
                   const char      *title,
                   const char      *own,
                   const AdjChoice *choices,
                   guint            n)
{
  GtkWidget *combo = adw_combo_row_new ();
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  /* TRANSLATORS: the choice that leaves a figure as its group is, e.g. "As the group (Veteran)" */
  g_autofree char *same = g_strdup_printf (_("As the group (%s)"), own != NULL ? own : "—");

  gtk_string_list_append (list, same);
  g_ptr_array_add (ids, NULL);
  for (guint i = 0; i < n; i++)
    {
      gtk_string_list_append (list, adj_gettext (choices[i].label));
      g_ptr_array_add (ids, g_strdup (choices[i].id));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (combo), G_LIST_MODEL (list));
  g_object_set_data_full (G_OBJECT (combo), "ids", ids, (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (combo), "key", (gpointer) key);
  g_signal_connect (combo, "notify::selected", G_CALLBACK (on_member_choice_selected), m);
  return combo;
}

static void
set_choice_row (GtkWidget  *combo,
                const char *id)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (combo), "ids");

  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      adw_combo_row_set_selected (ADW_COMBO_ROW (combo), i);
}

static void
refresh_member_row (AdjUnitPane *self,
                    MemberRow   *m)
{
  json_object *members = adj_unit_get_members (self->unit);
  g_autofree char *title = adj_member_describe (members, m->index);
  g_autofree char *subtitle = member_subtitle (self, m->index);
  gboolean lost = adj_member_get_bool (members, m->index, ADJ_MEMBER_LOST);

  self->quiet = TRUE;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (m->row), title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (m->row), subtitle);
  for (guint i = 0; i < m->spins->len; i++)
    {
      GtkSpinButton *spin = g_ptr_array_index (m->spins, i);
      gtk_spin_button_set_value (spin, adj_member_get_int (members, m->index,
                                                           g_object_get_data (G_OBJECT (spin),
                                                                              "key")));
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (m->lost), lost);
  if (lost)
    gtk_widget_add_css_class (m->row, "member-lost");
  else
    gtk_widget_remove_css_class (m->row, "member-lost");
  if (m->editors != NULL)
    {
      const char *name = adj_member_get_string (members, m->index, ADJ_MEMBER_NAME);

      for (guint i = 0; i < m->editors->len; i++)
        {
          GtkWidget *row = g_ptr_array_index (m->editors, i);
          const AdjField *f = adj_field_row_get_field (row);
          adj_field_row_set_value (row, adj_member_get (members, m->index, f->name));
        }
      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (m->name)), name != NULL ? name : "")
          != 0)
        gtk_editable_set_text (GTK_EDITABLE (m->name), name != NULL ? name : "");
      set_choice_row (m->rating, adj_member_get_string (members, m->index, ADJ_MEMBER_RATING));
      if (m->weapon != NULL)
        set_choice_row (m->weapon, adj_member_get_string (members, m->index, ADJ_MEMBER_WEAPON));
    }
  self->quiet = FALSE;
}

/* The rest of a figure's record, made when its row is first opened. */
static void
on_member_expanded (AdwExpanderRow *row,
                    GParamSpec     *pspec,
                    MemberRow      *m)
{
  AdjUnitPane *self = m->pane;
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const AdjUnitType *type = adj_battle_unit_type (self->battle, self->unit);
  GPtrArray *ratings = adj_ruleset_get_ratings (rs);
  g_autofree AdjChoice *rating_choices = NULL;
  g_autofree AdjChoice *weapon_choices = NULL;
  const AdjChoice *own_rating = adj_ruleset_find_rating (rs, adj_unit_get_rating (self->unit));
  const AdjWeapon *own_weapon = adj_ruleset_find_weapon (rs, adj_unit_get_weapon (self->unit));
  guint n_weapons = g_strv_length ((char **) type->weapons);

  if (!adw_expander_row_get_expanded (row) || m->editors != NULL)
    return;
  m->editors = g_ptr_array_new ();

  m->name = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (m->name), _("Name"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (m->name), TRUE);
  g_signal_connect (m->name, "apply", G_CALLBACK (on_member_name_apply), m);
  adw_expander_row_add_row (row, m->name);

  for (guint i = 0; i < adj_member_schema_get_n_fields (self->schema); i++)
    {
      const AdjField *f = adj_member_schema_get_field (self->schema, i);
      GtkWidget *editor;

      /* Numbers are at hand in the row itself. */
      if (f->kind == ADJ_FIELD_INT)
        continue;
      editor = adj_field_row_new (f, rs, self->battle, on_member_field_changed, m);
      adw_expander_row_add_row (row, editor);
      g_ptr_array_add (m->editors, editor);
    }

  if (ratings->len > 0)
    {
      rating_choices = g_new0 (AdjChoice, ratings->len);
      for (guint i = 0; i < ratings->len; i++)
        rating_choices[i] = *(AdjChoice *) g_ptr_array_index (ratings, i);
      m->rating = member_choice_row (m, ADJ_MEMBER_RATING, _("Rating"),
                                     own_rating != NULL ? adj_gettext (own_rating->label) : NULL,
                                     rating_choices, ratings->len);
      adw_expander_row_add_row (row, m->rating);
    }
  if (n_weapons > 1)
    {
      weapon_choices = g_new0 (AdjChoice, n_weapons);
      for (guint i = 0; i < n_weapons; i++)
        {
          const AdjWeapon *w = adj_ruleset_find_weapon (rs, type->weapons[i]);
          weapon_choices[i].id = w->id;
          weapon_choices[i].label = w->label;
        }
      m->weapon = member_choice_row (m, ADJ_MEMBER_WEAPON, _("Weapon"),
                                     own_weapon != NULL ? adj_gettext (own_weapon->label) : NULL,
                                     weapon_choices, n_weapons);
      adw_expander_row_add_row (row, m->weapon);
    }
  refresh_member_row (self, m);
}

static MemberRow *
member_row_new (AdjUnitPane *self,
                guint        index)
{
  MemberRow *m = g_new0 (MemberRow, 1);

  m->pane = self;
  m->index = index;
  m->spins = g_ptr_array_new ();
  m->row = adw_expander_row_new ();
  /* Actions go in from the end of the row: "Lost" last, the numbers before it. */
  m->lost = gtk_toggle_button_new_with_label (_("Lost"));
  gtk_widget_set_valign (m->lost, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (m->lost, _("Out of play: killed, taken or run off"));
  gtk_widget_add_css_class (m->lost, "member-lost-toggle");
  g_signal_connect (m->lost, "toggled", G_CALLBACK (on_member_lost_toggled), m);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (m->row), m->lost);
  for (guint i = 0; i < adj_member_schema_get_n_fields (self->schema); i++)
    {
      const AdjField *f = adj_member_schema_get_field (self->schema, i);
      GtkWidget *box, *label, *spin;

      if (f->kind != ADJ_FIELD_INT)
        continue;
      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      label = gtk_label_new (adj_gettext (f->label));
      gtk_widget_add_css_class (label, "dim-label");
      spin = gtk_spin_button_new_with_range (f->min, f->max, 1);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      adj_gettext (f->label), -1);
      if (f->hint != NULL)
        gtk_widget_set_tooltip_text (box, adj_gettext (f->hint));
      g_object_set_data (G_OBJECT (spin), "key", (gpointer) f->name);
      g_signal_connect (spin, "value-changed", G_CALLBACK (on_member_spin_changed), m);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), spin);
      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
      adw_expander_row_add_action (ADW_EXPANDER_ROW (m->row), box);
      g_ptr_array_add (m->spins, spin);
    }
  g_signal_connect (m->row, "notify::expanded", G_CALLBACK (on_member_expanded), m);
  return m;
}

static void
clear_members (AdjUnitPane *self)
{
  if (self->members_group == NULL)
    return;
  for (guint i = 0; i < self->member_rows->len; i++)
    adw_preferences_group_remove (self->members_group,
                                  ((MemberRow *) g_ptr_array_index (self->member_rows, i))->row);
  g_ptr_array_set_size (self->member_rows, 0);
  self->schema = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->members_group), FALSE);
}

static void
update_members_description (AdjUnitPane *self)
{
  json_object *members = adj_unit_get_members (self->unit);
  guint n = adj_unit_get_n_members (self->unit);
  int in_play = adj_members_count_in_play (members);
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (text, ngettext ("%d of %u figure in play", "%d of %u figures in play",
                                          n), in_play, n);
  /* The numbers the record keeps, added up over the figures in play: "Wounds 2". */
  for (guint i = 0; i < adj_member_schema_get_n_fields (self->schema); i++)
    {
      const AdjField *f = adj_member_schema_get_field (self->schema, i);
      int sum = 0;

      if (f->kind != ADJ_FIELD_INT)
        continue;
      for (guint k = 0; k < n; k++)
        if (!adj_member_get_bool (members, k, ADJ_MEMBER_LOST))
          sum += adj_member_get_int (members, k, f->name);
      if (sum != 0)
        g_string_append_printf (text, " · %s %d", adj_gettext (f->label), sum);
    }
  adw_preferences_group_set_description (self->members_group, text->str);
}

static void
refresh_members (AdjUnitPane *self)
{
  for (guint i = 0; i < self->member_rows->len; i++)
    refresh_member_row (self, g_ptr_array_index (self->member_rows, i));
  if (self->schema != NULL)
    update_members_description (self);
}

static void
build_members (AdjUnitPane *self)
{
  clear_members (self);
  if (adj_unit_get_members (self->unit) == NULL)
    return;
  self->schema = adj_ruleset_get_member_schema (adj_battle_get_ruleset (self->battle));
  if (self->schema == NULL)
    return;
  for (guint i = 0; i < adj_unit_get_n_members (self->unit); i++)
    {
      MemberRow *m = member_row_new (self, i);

      adw_preferences_group_add (self->members_group, m->row);
      g_ptr_array_add (self->member_rows, m);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->members_group), TRUE);
  refresh_members (self);
}

static void
on_add_member_clicked (AdjUnitPane *self)
{
  g_autofree char *target = NULL;
  g_autoptr(json_object) list = NULL;
  g_autoptr(json_object) fresh = NULL;
  g_autoptr(GError) error = NULL;

  if (self->unit == NULL || self->schema == NULL)
    return;
  list = adj_unit_get_field (self->unit, "members");
  fresh = adj_members_new_default (self->schema, 1);
  json_object_array_add (list, json_object_get (json_object_array_get_idx (fresh, 0)));
  target = g_strconcat ("unit:", adj_unit_get_id (self->unit), NULL);
  if (!adj_battle_edit (self->battle, target, "members", list, &error))
    g_signal_emit (self, signals[FAILED], 0, error->message);
}

static void
on_unit_changed (AdjUnit     *unit,
                 const char  *field,
                 AdjUnitPane *self)
{
  /* A new type may bring other fields with it; anything else only changes values. */
  if (g_str_equal (field, "type"))
    build_rows (self);
  else if (self->member_rows->len != adj_unit_get_n_members (unit))
    build_members (self);
  update_header (self);
  refresh_values (self);
  refresh_members (self);
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
  g_ptr_array_unref (self->member_rows);
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
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, members_group);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitPane, name_row);
  gtk_widget_class_bind_template_callback (widget_class, on_act_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_target_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_add_member_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
adj_unit_pane_init (AdjUnitPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->fields = g_ptr_array_new_with_free_func (g_free);
  self->member_rows = g_ptr_array_new_with_free_func ((GDestroyNotify) member_row_free);
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

GtkWidget *
adj_unit_pane_get_member_row (AdjUnitPane *self,
                              guint        index)
{
  g_return_val_if_fail (ADJ_IS_UNIT_PANE (self), NULL);

  if (index >= self->member_rows->len)
    return NULL;
  return ((MemberRow *) g_ptr_array_index (self->member_rows, index))->row;
}
