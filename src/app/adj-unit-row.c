/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-unit-row.c: a unit at a glance — name, type, value and status badges.
 *
 * The row listens to its own unit only, so a change to one unit redraws one row.
 */

#define G_LOG_DOMAIN "adj-unit-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-i18n.h"
#include "adj-unit-row.h"

struct _AdjUnitRow {
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkLabel  *name_label;
  GtkLabel  *detail_label;
  GtkBox    *badges;
  GtkBox    *card_box;
  GtkLabel  *value_label;
  GtkLabel  *refusal_label;

  AdjBattle *battle;
  AdjUnit   *unit;
  gulong     changed_id;
  guint      updates;
};

G_DEFINE_FINAL_TYPE (AdjUnitRow, adj_unit_row, GTK_TYPE_WIDGET)

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static void
clear_badges (AdjUnitRow *self)
{
  clear_box (self->badges);
  clear_box (self->card_box);
  gtk_widget_set_visible (GTK_WIDGET (self->badges), FALSE);
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "adj-tooltip");

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* The tooltip of a part of the row.  gtk_widget_set_tooltip_text() asks the display server
 * where the pointer is whenever it is called on a visible widget, shown or not: a list binding
 * a hundred rows made hundreds of round trips for tooltips nobody could be looking at.  The
 * text is kept here and handed over when GTK asks for it; only a row on screen has GTK look
 * again, so a tooltip being read follows its unit. */
static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  if (g_strcmp0 (text, g_object_get_data (G_OBJECT (widget), "adj-tooltip")) == 0)
    return;
  g_object_set_data_full (G_OBJECT (widget), "adj-tooltip", g_strdup (text), g_free);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  if (!gtk_widget_get_has_tooltip (widget))
    {
      gtk_widget_set_has_tooltip (widget, TRUE);
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
    }
  if (gtk_widget_get_mapped (widget))
    gtk_widget_trigger_tooltip_query (widget);
}

static GtkWidget *
add_badge_to (GtkBox     *box,
              const char *text,
              const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "badge");
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  gtk_box_append (box, label);
  return label;
}

static void
add_badge (AdjUnitRow *self,
           const char *text,
           const char *style)
{
  GtkWidget *label = add_badge_to (self->badges, text, style);

  /* A unit with many markers must not widen the whole list: its badges shorten instead. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_visible (GTK_WIDGET (self->badges), TRUE);
}

/* A badge for every status field that is not at its resting value. */
static void
update_badges (AdjUnitRow *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  GPtrArray *fields = adj_ruleset_get_status_fields (rs);
  json_object *status = adj_unit_get_status (self->unit);

  clear_badges (self);
  if (adj_unit_get_card (self->unit) != NULL)
    {
      AdjCard card;

      if (adj_card_parse (adj_unit_get_card (self->unit), &card))
        {
          const char *text = adj_card_short_name (card);
          g_autofree char *name = adj_card_describe (card);
          GtkWidget *label = add_badge_to (self->card_box, text,
                                           adj_card_is_red (card) ? "card-red" : "card-black");

          set_tooltip (label, name);
        }
    }
  if (adj_unit_get_destroyed (self->unit))
    add_badge (self, _("Destroyed"), "error");

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      json_object *v = NULL;
      g_autofree char *text = NULL;

      if (!json_object_object_get_ex (status, f->name, &v))
        continue;
      text = adj_field_status_text (rs, f, v);
      if (text != NULL)
        add_badge (self, text, "accent");
    }
}

static void
update (AdjUnitRow *self)
{
  const AdjUnitType *type;
  const AdjWeapon *weapon;
  g_autofree char *detail = NULL;
  g_autofree char *value = NULL;
  g_autofree char *tip = NULL;
  int points;
  int full;

  self->updates++;
  if (self->unit == NULL)
    {
      gtk_label_set_text (self->name_label, "");
      gtk_label_set_text (self->detail_label, "");
      gtk_label_set_text (self->value_label, "");
      clear_badges (self);
      gtk_widget_remove_css_class (GTK_WIDGET (self), "destroyed");
      return;
    }

  type = adj_battle_unit_type (self->battle, self->unit);
  weapon = adj_ruleset_find_weapon (adj_battle_get_ruleset (self->battle),
                                    adj_unit_get_weapon (self->unit));
  gtk_label_set_text (self->name_label, adj_unit_get_name (self->unit));
  /* A unit with a record per figure is at full strength with every figure it lists. */
  full = adj_unit_get_members (self->unit) != NULL ? (int) adj_unit_get_n_members (self->unit)
                                                   : type->figures;
  if (full > 1)
    /* TRANSLATORS: a unit's type, figures left and weapon, e.g. "Infantry · 3/4 · Musket" */
    detail = g_strdup_printf (_("%s · %d/%d · %s"), adj_gettext (type->label),
                              adj_unit_get_figures (self->unit), full,
                              weapon != NULL ? adj_gettext (weapon->label) : "");
  else if (weapon != NULL)
    /* TRANSLATORS: a unit's type and weapon, e.g. "Regular infantry · Single-shot rifle" */
    detail = g_strdup_printf (_("%s · %s"), adj_gettext (type->label), adj_gettext (weapon->label));
  else
    detail = g_strdup (adj_gettext (type->label));
  gtk_label_set_text (self->detail_label, detail);

  points = adj_battle_unit_value (self->battle, self->unit);
  if (type->value >= 0)
    {
      tip = g_strdup_printf (ngettext ("Worth %d point", "Worth %d points", points), points);
      value = g_strdup_printf ("%d", points);
    }
  set_tooltip (GTK_WIDGET (self->value_label), tip);
  gtk_label_set_text (self->value_label, value != NULL ? value : "");

  if (adj_unit_get_destroyed (self->unit))
    gtk_widget_add_css_class (GTK_WIDGET (self), "destroyed");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "destroyed");
  update_badges (self);
}

static void
on_unit_changed (AdjUnit    *unit,
                 const char *field,
                 AdjUnitRow *self)
{
  update (self);
}

static void
adj_unit_row_dispose (GObject *object)
{
  AdjUnitRow *self = ADJ_UNIT_ROW (object);

  adj_unit_row_set_unit (self, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_UNIT_ROW);

  G_OBJECT_CLASS (adj_unit_row_parent_class)->dispose (object);
}

static void
adj_unit_row_class_init (AdjUnitRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_unit_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-unit-row.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, box);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, detail_label);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, badges);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, card_box);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, value_label);
  gtk_widget_class_bind_template_child (widget_class, AdjUnitRow, refusal_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unitrow");
}

static void
adj_unit_row_init (AdjUnitRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
adj_unit_row_new (void)
{
  return g_object_new (ADJ_TYPE_UNIT_ROW, NULL);
}

void
adj_unit_row_set_unit (AdjUnitRow *self,
                       AdjBattle  *battle,
                       AdjUnit    *unit)
{
  g_return_if_fail (ADJ_IS_UNIT_ROW (self));

  if (self->unit == unit && self->battle == battle)
    return;
  if (self->unit != NULL)
    g_clear_signal_handler (&self->changed_id, self->unit);
  g_set_object (&self->unit, unit);
  g_set_object (&self->battle, battle);
  if (unit != NULL)
    self->changed_id = g_signal_connect (unit, "changed", G_CALLBACK (on_unit_changed), self);
  update (self);
}

AdjUnit *
adj_unit_row_get_unit (AdjUnitRow *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_ROW (self), NULL);
  return self->unit;
}

guint
adj_unit_row_get_updates (AdjUnitRow *self)
{
  g_return_val_if_fail (ADJ_IS_UNIT_ROW (self), 0);
  return self->updates;
}

void
adj_unit_row_set_refusal (AdjUnitRow *self,
                          const char *reason)
{
  g_return_if_fail (ADJ_IS_UNIT_ROW (self));

  gtk_label_set_text (self->refusal_label, reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), reason != NULL);
  if (reason != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "refused");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "refused");
}
