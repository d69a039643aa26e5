/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-turn-view.c: the Redcoats & Natives turn.
 *
 * The referee deals, then walks down the order: the unit acting now stands out, and "Done"
 * marks it as having acted (a journal entry, so undo steps back up the list).  At the end of
 * the turn every disrupted unit and commander is listed to try to regain cohesion.  Each step
 * is an ordinary mechanic of the core, resolved and applied through the battle.
 */

#define G_LOG_DOMAIN "adj-rn-turn-view"

#include "config.h"

#include "adj-card-view.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rn-turn-view.h"
#include "adj-rn.h"
#include "adj-roll-setup.h"
#include "adj-ruling-dialog.h"

struct _AdjRnTurnView {
  GtkWidget   parent_instance;

  GtkWidget  *scroller;
  GtkWidget  *deal_button;
  GtkLabel   *status_label;
  GtkListBox *order_list;
  GtkLabel   *cohesion_label;
  GtkListBox *cohesion_list;
  GtkLabel   *results_label;

  AdjBattle  *battle;  /* the page's, borrowed */
  char       *current;
  char       *rallying;  /* the unit whose rally was asked for last */
  guint       n_listed;
};

G_DEFINE_FINAL_TYPE (AdjRnTurnView, adj_rn_turn_view, ADJ_TYPE_SYSTEM_PAGE)

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
report (AdjRnTurnView *self,
        GError        *error)
{
  adj_system_page_report (ADJ_SYSTEM_PAGE (self), error->message);
}


static void
on_done_clicked (GtkButton     *button,
                 AdjRnTurnView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rn_turn_view_next (self, &error))
    report (self, error);
}

/* The unit up goes to the action page, in the form's first slot. */
static void
on_act_clicked (GtkButton     *button,
                AdjRnTurnView *self)
{
  gtk_widget_activate_action (GTK_WIDGET (button), "win.act-with", "s",
                              g_object_get_data (G_OBJECT (button), "unit"));
}

static GtkWidget *
order_row (AdjRnTurnView *self,
           AdjUnit       *unit,
           guint          place,
           gboolean       acted,
           gboolean       current)
{
  AdjSide *side = adj_battle_find_side (self->battle, adj_unit_get_side (unit));
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (adj_unit_get_name (unit));
  GtkWidget *detail;
  g_autofree char *place_text = g_strdup_printf ("%u", place);
  g_autofree char *detail_text = NULL;
  GtkWidget *number = gtk_label_new (place_text);
  AdjCard card;

  adj_card_parse (adj_unit_get_card (unit), &card);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_add_css_class (number, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (number), 3);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), adj_card_view_new (card, 56));

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_add_css_class (name, "unit-name");
  if (acted)
    /* TRANSLATORS: under a unit that has acted this turn, e.g. "British column · done" */
    detail_text = g_strdup_printf (_("%s · done"), side != NULL ? side->name : "");
  else if (current)
    detail_text = g_strdup_printf (_("%s · acting now: move, then fight"),
                                   side != NULL ? side->name : "");
  else
    detail_text = g_strdup (side != NULL ? side->name : "");
  detail = gtk_label_new (detail_text);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), detail);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), text);

  if (current)
    {
      GtkWidget *done = gtk_button_new_with_mnemonic (_("_Done — Next"));
      GtkWidget *act = gtk_button_new_with_mnemonic (_("A_ct…"));

      /* TRANSLATORS: the tooltip of the button by the unit acting now */
      gtk_widget_set_tooltip_text (act, _("Move or fight with this unit on the action page"));
      gtk_widget_set_valign (act, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (act, "pill");
      g_object_set_data_full (G_OBJECT (act), "unit", g_strdup (adj_unit_get_id (unit)), g_free);
      g_signal_connect (act, "clicked", G_CALLBACK (on_act_clicked), self);
      gtk_box_append (GTK_BOX (box), act);

      gtk_widget_set_valign (done, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (done, "suggested-action");
      gtk_widget_add_css_class (done, "pill");
      g_signal_connect (done, "clicked", G_CALLBACK (on_done_clicked), self);
      gtk_box_append (GTK_BOX (box), done);
      gtk_widget_add_css_class (row, "acting-now");
    }
  if (acted)
    gtk_widget_add_css_class (row, "acted");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static void
on_rally_clicked (GtkButton     *button,
                  AdjRnTurnView *self)
{
  const char *unit = g_object_get_data (G_OBJECT (button), "unit");
  GtkToggleButton *with = g_object_get_data (G_OBJECT (button), "commander");
  g_autoptr(GError) error = NULL;

  if (!adj_rn_turn_view_rally (self, unit, gtk_toggle_button_get_active (with), &error))
    report (self, error);
}

static GtkWidget *
cohesion_row (AdjRnTurnView *self,
              AdjUnit       *unit)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *with = gtk_toggle_button_new_with_label (_("Commander Here"));
  GtkWidget *rally = gtk_button_new_with_label (_("Rally"));
  AdjSide *side = adj_battle_find_side (self->battle, adj_unit_get_side (unit));
  const AdjUnitType *type = adj_battle_unit_type (self->battle, unit);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_unit_get_name (unit));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), side != NULL ? side->name : "");
  gtk_widget_set_valign (with, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (with, _("A commander shares its hex: a failed try may be made "
                                       "again"));
  /* A commander always has its second try; the toggle is for units. */
  gtk_widget_set_visible (with, !g_str_equal (type->category, "commander"));
  gtk_widget_set_valign (rally, GTK_ALIGN_CENTER);
  /* Rallying is the step only once the rules allow it: after every unit has acted. */
  {
    g_autoptr(json_object) inputs = json_object_new_object ();

    json_object_object_add (inputs, "unit", json_object_new_string (adj_unit_get_id (unit)));
    if (adj_roll_setup_check (adj_mechanic_lookup ("rn/cohesion"), self->battle, inputs, NULL))
      gtk_widget_add_css_class (rally, "suggested-action");
  }
  g_object_set_data_full (G_OBJECT (rally), "unit", g_strdup (adj_unit_get_id (unit)), g_free);
  g_object_set_data (G_OBJECT (rally), "commander", with);
  g_signal_connect (rally, "clicked", G_CALLBACK (on_rally_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), with);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), rally);
  return row;
}

static void
refresh (AdjRnTurnView *self)
{
  g_autoptr(GPtrArray) order = adj_rn_activation_order (self->battle);
  GListModel *units = adj_battle_get_units (self->battle);
  guint done = 0, disrupted = 0;
  g_autofree char *status = NULL;
  g_autofree char *cohesion = NULL;

  g_clear_pointer (&self->current, g_free);
  clear_list (self->order_list);
  for (guint i = 0; i < order->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (order, i));
      gboolean acted = adj_unit_get_status_bool (unit, "acted");
      gboolean current = !acted && self->current == NULL;

      if (current)
        self->current = g_strdup (adj_unit_get_id (unit));
      done += acted;
      gtk_list_box_append (self->order_list, order_row (self, unit, i + 1, acted, current));
    }
  self->n_listed = order->len;
  gtk_widget_set_visible (GTK_WIDGET (self->order_list), order->len > 0);
  if (order->len == 0)
    status = g_strdup (_("No cards are dealt. Deal them to begin the turn: the lowest card acts "
                         "first, hearts before clubs before diamonds before spades."));
  else if (self->current == NULL)
    status = g_strdup (_("Every unit has acted. Try to regain cohesion below, then gather the "
                         "cards."));
  else
    status = g_strdup_printf (ngettext ("%u of %u unit has acted.", "%u of %u units have acted.",
                                        order->len), done, order->len);
  gtk_label_set_text (self->status_label, status);
  /* Dealing is the step to take only while the rules allow a deal: not while units still hold
   * cards they have yet to act on (dealing then is the referee's ruling, asked for). */
  if (adj_roll_setup_check (adj_mechanic_lookup ("rn/deal"), self->battle, NULL, NULL))
    gtk_widget_add_css_class (self->deal_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->deal_button, "suggested-action");

  clear_list (self->cohesion_list);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (adj_unit_get_destroyed (unit) || !adj_unit_get_status_bool (unit, "disrupted"))
        continue;
      gtk_list_box_append (self->cohesion_list, cohesion_row (self, unit));
      disrupted++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->cohesion_list), disrupted > 0);
  if (disrupted == 0)
    cohesion = g_strdup (_("No unit or commander is disrupted."));
  else
    cohesion = g_strdup_printf (ngettext ("%u unit or commander is disrupted: each turns a card "
                                          "to try to rally.",
                                          "%u units and commanders are disrupted: each turns a "
                                          "card to try to rally.", disrupted), disrupted);
  gtk_label_set_text (self->cohesion_label, cohesion);
}

static void
on_battle_changed (AdjBattle     *battle,
                   AdjRnTurnView *self)
{
  refresh (self);
}

static void
on_deal_clicked (AdjRnTurnView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rn_turn_view_deal (self, &error))
    report (self, error);
}

static void
on_gather_clicked (AdjRnTurnView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_run_step_or_ask (GTK_WIDGET (self), self->battle, "rn/collect", NULL, NULL,
                            NULL, &error))
    report (self, error);
}

static void
on_rally_all_clicked (AdjRnTurnView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rn_turn_view_rally (self, NULL, FALSE, &error))
    report (self, error);
}

static void
adj_rn_turn_view_dispose (GObject *object)
{
  AdjRnTurnView *self = ADJ_RN_TURN_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_RN_TURN_VIEW);
  G_OBJECT_CLASS (adj_rn_turn_view_parent_class)->dispose (object);
}

static void
adj_rn_turn_view_finalize (GObject *object)
{
  AdjRnTurnView *self = ADJ_RN_TURN_VIEW (object);

  g_free (self->current);
  g_free (self->rallying);
  G_OBJECT_CLASS (adj_rn_turn_view_parent_class)->finalize (object);
}

static void
adj_rn_turn_view_constructed (GObject *object)
{
  AdjRnTurnView *self = ADJ_RN_TURN_VIEW (object);

  G_OBJECT_CLASS (adj_rn_turn_view_parent_class)->constructed (object);
  self->battle = adj_system_page_get_battle (ADJ_SYSTEM_PAGE (self));
  g_signal_connect_object (self->battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  refresh (self);
}

static void
adj_rn_turn_view_class_init (AdjRnTurnViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = adj_rn_turn_view_constructed;
  object_class->dispose = adj_rn_turn_view_dispose;
  object_class->finalize = adj_rn_turn_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-rn-turn-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, deal_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, status_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, order_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, cohesion_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, cohesion_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRnTurnView, results_label);
  gtk_widget_class_bind_template_callback (widget_class, on_deal_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_gather_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_rally_all_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  adj_system_page_class_set_page (ADJ_SYSTEM_PAGE_CLASS (klass), "rn", "turn", N_("_Turn"),
                                  "view-list-ordered-symbolic");
}

static void
adj_rn_turn_view_init (AdjRnTurnView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

gboolean
adj_rn_turn_view_deal (AdjRnTurnView  *self,
                       GError        **error)
{
  g_return_val_if_fail (ADJ_IS_RN_TURN_VIEW (self), FALSE);

  return adj_run_step_or_ask (GTK_WIDGET (self), self->battle, "rn/deal", NULL, NULL,
                              NULL, error);
}

const char *
adj_rn_turn_view_get_current (AdjRnTurnView *self)
{
  g_return_val_if_fail (ADJ_IS_RN_TURN_VIEW (self), NULL);
  return self->current;
}

gboolean
adj_rn_turn_view_next (AdjRnTurnView  *self,
                       GError        **error)
{
  g_return_val_if_fail (ADJ_IS_RN_TURN_VIEW (self), FALSE);

  if (self->current == NULL)
    return TRUE;
  return adj_rn_mark_done (self->battle, self->current, error);
}

static void
add_result (GString    *results,
            AdjBattle  *battle,
            const char *unit_id,
            AdjOutcome *outcome)
{
  AdjUnit *unit = adj_battle_find_unit (battle, unit_id);

  /* TRANSLATORS: one line of the cohesion results, e.g. "Spearmen 2: Still disrupted" */
  g_string_append_printf (results, _("%s: %s"), unit != NULL ? adj_unit_get_name (unit) : unit_id,
                          outcome->title);
  if (outcome->reason != NULL)
    g_string_append_printf (results, " — %s", outcome->reason);
  g_string_append_c (results, '\n');
}

static void
show_results (AdjRnTurnView *self,
              GString       *results)
{
  if (results->len == 0)
    return;
  g_string_truncate (results, results->len - 1);
  gtk_label_set_text (self->results_label, results->str);
  gtk_widget_set_visible (GTK_WIDGET (self->results_label), TRUE);
}

static json_object *
rally_inputs (const char *unit_id,
              gboolean    commander_in_hex)
{
  json_object *inputs = json_object_new_object ();

  json_object_object_add (inputs, "unit", json_object_new_string (unit_id));
  json_object_object_add (inputs, "commander_in_hex", json_object_new_boolean (commander_in_hex));
  return inputs;
}

/* One unit's rally, run at once or once the referee allowed it. */
static void
on_rallied (AdjOutcome   *outcome,
            const GError *error,
            gpointer      user_data)
{
  AdjRnTurnView *self = user_data;
  g_autoptr(GString) results = g_string_new (NULL);

  if (error != NULL)
    {
      adj_system_page_report (ADJ_SYSTEM_PAGE (self), error->message);
      return;
    }
  add_result (results, self->battle, self->rallying, outcome);
  show_results (self, results);
}

typedef struct {
  AdjRnTurnView *self;
  GPtrArray     *ids;
} RallyAll;

static void
rally_all_free (gpointer data)
{
  RallyAll *all = data;

  g_object_unref (all->self);
  g_ptr_array_unref (all->ids);
  g_free (all);
}

/* Every disrupted unit the rules refused, rallied as the referee allowed. */
static void
on_rally_all_allowed (gpointer data)
{
  RallyAll *all = data;
  g_autoptr(GString) results = g_string_new (NULL);

  for (guint i = 0; i < all->ids->len; i++)
    {
      const char *id = g_ptr_array_index (all->ids, i);
      g_autoptr(json_object) inputs = rally_inputs (id, FALSE);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjOutcome) outcome = adj_battle_run_ruling (all->self->battle, "rn/cohesion",
                                                             inputs, &error);

      if (outcome == NULL)
        {
          show_results (all->self, results);
          adj_system_page_report (ADJ_SYSTEM_PAGE (all->self), error->message);
          return;
        }
      add_result (results, all->self->battle, id, outcome);
    }
  show_results (all->self, results);
}

gboolean
adj_rn_turn_view_rally (AdjRnTurnView  *self,
                        const char     *unit_id,
                        gboolean        commander_in_hex,
                        GError        **error)
{
  g_autoptr(GString) results = g_string_new (NULL);
  g_autoptr(GError) refused = NULL;
  GListModel *units;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  guint rallied = 0;

  g_return_val_if_fail (ADJ_IS_RN_TURN_VIEW (self), FALSE);

  /* One unit: what the rules refuse is put to the referee. */
  if (unit_id != NULL)
    {
      g_autoptr(json_object) inputs = rally_inputs (unit_id, commander_in_hex);

      g_free (self->rallying);
      self->rallying = g_strdup (unit_id);
      return adj_run_step_or_ask (GTK_WIDGET (self), self->battle, "rn/cohesion", inputs,
                                  on_rallied, self, error);
    }

  /* Every disrupted unit that may still try this turn; those the rules refuse are left out. */
  units = adj_battle_get_units (self->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      if (!adj_unit_get_destroyed (unit) && adj_unit_get_status_bool (unit, "disrupted"))
        g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(json_object) inputs = rally_inputs (id, FALSE);
      g_autoptr(GError) local = NULL;
      g_autoptr(AdjOutcome) outcome = adj_battle_run (self->battle, "rn/cohesion", inputs, &local);

      if (outcome != NULL)
        {
          add_result (results, self->battle, id, outcome);
          rallied++;
        }
      else if (g_error_matches (local, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED))
        {
          if (refused == NULL)
            refused = g_steal_pointer (&local);
        }
      else
        {
          show_results (self, results);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  show_results (self, results);
  /* Not one may try now: the referee is asked, as for one unit, and may rally them all. */
  if (rallied == 0 && refused != NULL)
    {
      RallyAll *all = g_new0 (RallyAll, 1);

      all->self = g_object_ref (self);
      all->ids = g_ptr_array_ref (ids);
      adj_ask_ruling (GTK_WIDGET (self), refused->message, on_rally_all_allowed, all,
                      rally_all_free);
    }
  return TRUE;
}

guint
adj_rn_turn_view_get_n_listed (AdjRnTurnView *self)
{
  g_return_val_if_fail (ADJ_IS_RN_TURN_VIEW (self), 0);
  return self->n_listed;
}
