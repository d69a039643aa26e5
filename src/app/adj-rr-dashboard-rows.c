/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard-rows.c: the rows of the Colenso dashboard.
 *
 * The counters of both sides are list boxes bound to filtered views of the battle's units: a row
 * is made when a unit comes and follows its own unit's "changed" signal.  The fixed rows — the
 * brigades with their orders, the drifts, the cups — are made once and have their texts set
 * again on every change; each brigade and drift row has one button, for what the step lets the
 * player do with it now.  The emplacements are made again only when markers come or go.
 */

#define G_LOG_DOMAIN "adj-rr-dashboard"

#include "config.h"

#include "adj-i18n.h"
#include "adj-rr-dashboard-private.h"

void
adj_rr_dashboard_fixed_row_free (gpointer data)
{
  AdjRrFixedRow *r = data;

  g_free (r->id);
  g_free (r->task);
  g_free (r->text);
  g_free (r);
}

/* ---- the counters ---- */

typedef struct {
  AdjRrDashboard *self;
  AdjUnit        *unit;      /* borrowed: the row goes before the unit does */
  GtkLabel       *name;
  GtkLabel       *detail;
  GtkLabel       *markers;
  GtkLabel       *morale;
  GtkLabel       *strength;
} UnitParts;

static const char *const morale_classes[] = {
  "rr-normal", "rr-disrupted", "rr-suppressed", "rr-routed", NULL
};

static void
update_unit_row (GtkWidget *row)
{
  UnitParts *parts = g_object_get_data (G_OBJECT (row), "parts");
  AdjRrDashboard *self = parts->self;
  AdjUnit *unit = parts->unit;
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const AdjUnitType *type = adj_battle_unit_type (self->battle, unit);
  const char *brigade = adj_unit_get_status_string (unit, "brigade");
  const char *group = adj_unit_get_status_string (unit, "group");
  const char *morale = adj_unit_get_status_string (unit, "morale");
  gboolean destroyed = adj_unit_get_destroyed (unit);
  g_autoptr(GPtrArray) marks = NULL;
  g_autofree char *detail = NULL;
  const char *where = brigade != NULL
                      ? adj_rr_dashboard_choice_label (rs, "brigade", brigade)
                      : group != NULL ? adj_rr_dashboard_choice_label (rs, "group", group) : NULL;
  gboolean has_strength = adj_rr_unit_has_strength (unit);

  gtk_label_set_text (parts->name, adj_unit_get_name (unit));
  if (where != NULL)
    /* TRANSLATORS: under a counter's name, e.g. "Battalion of infantry · 5th (Irish) Infantry
     * Brigade" */
    detail = g_strdup_printf (_("%s · %s"), type != NULL ? adj_gettext (type->label) : "", where);
  else
    detail = g_strdup (type != NULL ? adj_gettext (type->label) : "");
  gtk_label_set_text (parts->detail, detail);
  gtk_widget_set_tooltip_text (GTK_WIDGET (parts->detail), detail);

  /* The markers on the counter, in words. */
  marks = adj_rr_unit_markers (self->battle, unit);
  if (marks->len > 0)
    {
      g_autofree char *text = NULL;

      g_ptr_array_add (marks, NULL);
      text = g_strjoinv (" · ", (char **) marks->pdata);
      gtk_label_set_text (parts->markers, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (parts->markers), text);
    }
  gtk_widget_set_visible (GTK_WIDGET (parts->markers), marks->len > 0);

  if (morale != NULL && !destroyed)
    {
      g_autofree char *css = g_strconcat ("rr-", morale, NULL);

      gtk_label_set_text (parts->morale, adj_rr_dashboard_choice_label (rs, "morale", morale));
      adj_rr_dashboard_set_state_class (GTK_WIDGET (parts->morale), morale_classes, css);
    }
  gtk_widget_set_visible (GTK_WIDGET (parts->morale), morale != NULL && !destroyed);

  if (destroyed)
    {
      gtk_label_set_text (parts->strength, _("Eliminated"));
      gtk_widget_add_css_class (row, "destroyed");
    }
  else if (has_strength && adj_unit_get_status_int (unit, "sp") <= 0)
    /* Nothing was read off the counter yet: a 0 would look like a strength. */
    gtk_label_set_text (parts->strength, _("SP not entered"));
  else if (has_strength)
    {
      g_autofree char *text = g_strdup_printf (_("%d SP"), adj_rr_unit_strength (self->battle,
                                                                                unit));
      gtk_label_set_text (parts->strength, text);
    }
  else
    gtk_label_set_text (parts->strength, "");
  if (!destroyed)
    gtk_widget_remove_css_class (row, "destroyed");
  if (!destroyed && has_strength && adj_unit_get_status_int (unit, "sp") <= 0)
    gtk_widget_add_css_class (GTK_WIDGET (parts->strength), "rr-not-entered");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (parts->strength), "rr-not-entered");
}

static void
on_unit_changed (AdjUnit    *unit,
                 const char *field,
                 GtkWidget  *row)
{
  update_unit_row (row);
}

static GtkWidget *
label_new (const char *style,
           float       xalign)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  return label;
}

static GtkWidget *
create_unit_row (gpointer item,
                 gpointer user_data)
{
  AdjRrDashboard *self = user_data;
  AdjUnit *unit = ADJ_UNIT (item);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  UnitParts *parts = g_new0 (UnitParts, 1);

  parts->self = self;
  parts->unit = unit;
  parts->name = GTK_LABEL (label_new ("unit-name", 0));
  parts->detail = GTK_LABEL (label_new ("dim-label", 0));
  parts->markers = GTK_LABEL (label_new ("rr-markers", 0));
  parts->morale = GTK_LABEL (adj_rr_dashboard_chip_new ("rr-morale"));
  parts->strength = GTK_LABEL (label_new ("rr-strength", 1));
  gtk_widget_add_css_class (GTK_WIDGET (parts->detail), "caption");
  gtk_label_set_ellipsize (parts->strength, PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_valign (GTK_WIDGET (parts->strength), GTK_ALIGN_CENTER);

  gtk_widget_add_css_class (row, "rr-unit");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->name));
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->detail));
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->markers));
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (parts->morale));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (parts->strength));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, _("Show this counter in the unit pane"));

  g_object_set_data_full (G_OBJECT (row), "parts", parts, g_free);
  g_object_set_data_full (G_OBJECT (row), "unit-id", g_strdup (adj_unit_get_id (unit)), g_free);
  g_signal_connect_object (unit, "changed", G_CALLBACK (on_unit_changed), row, 0);
  update_unit_row (row);
  return row;
}

/* Counters of one side; the markers of the orders and the emplacements have their own place. */
static gboolean
is_counter_of (gpointer item,
               gpointer user_data)
{
  AdjUnit *unit = ADJ_UNIT (item);

  return g_strcmp0 (adj_unit_get_side (unit), user_data) == 0 && adj_rr_unit_is_counter (unit);
}

static GtkFilterListModel *
bind_side (AdjRrDashboard *self,
           GtkListBox     *list,
           const char     *side)
{
  GtkCustomFilter *filter = gtk_custom_filter_new (is_counter_of, (gpointer) side, NULL);
  GtkFilterListModel *model = gtk_filter_list_model_new (
    g_object_ref (adj_battle_get_units (self->battle)), GTK_FILTER (filter));

  gtk_list_box_bind_model (list, G_LIST_MODEL (model), create_unit_row, self, NULL);
  return model;
}

void
adj_rr_dashboard_bind_counters (AdjRrDashboard *self)
{
  self->british = bind_side (self, self->british_list, ADJ_RR_BRITISH);
  self->boer = bind_side (self, self->boer_list, ADJ_RR_BOER);
}

/* ---- the fixed rows: brigades, drifts, cups ---- */

/* The button of a brigade or a drift: what it does depends on the step. */
static void
on_row_button_clicked (GtkButton      *button,
                       AdjRrDashboard *self)
{
  AdjRrFixedRow *r = g_object_get_data (G_OBJECT (button), "fixed-row");
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;
  g_autofree char *id = g_strdup (r->id);
  g_autofree char *task = g_strdup (r->task);

  if (g_strcmp0 (task, "order") == 0)
    adj_rr_dashboard_show_order (self, id);
  else if (g_strcmp0 (task, "charge") == 0)
    adj_rr_dashboard_show_charge (self, id);
  else if (g_strcmp0 (task, "withdraw") == 0)
    adj_rr_dashboard_show_withdraw (self, id);
  else if (g_strcmp0 (task, "find") == 0)
    adj_rr_dashboard_show_find (self, id);
  else if (g_strcmp0 (task, "reached") == 0)
    {
      if (!adj_rr_objective_reached (self->battle, id, &error))
        adj_rr_dashboard_report (self, error);
      else
        adj_rr_dashboard_toast_since (self, before);
    }
  else if (g_strcmp0 (task, "commando") == 0)
    {
      if (!adj_rr_commando_opens_drift (self->battle, id, &error))
        adj_rr_dashboard_report (self, error);
      else
        adj_rr_dashboard_toast_since (self, before);
    }
}

static AdjRrFixedRow *
fixed_row_new (AdjRrDashboard *self,
               GtkListBox     *list,
               const char     *id,
               const char     *title)
{
  AdjRrFixedRow *r = g_new0 (AdjRrFixedRow, 1);
  GtkWidget *row = adw_action_row_new ();

  r->id = g_strdup (id);
  r->row = row;
  r->state = GTK_LABEL (adj_rr_dashboard_chip_new ("rr-state"));
  gtk_label_set_max_width_chars (r->state, 34);
  r->button = GTK_BUTTON (gtk_button_new ());
  gtk_widget_set_valign (GTK_WIDGET (r->button), GTK_ALIGN_CENTER);
  gtk_widget_set_visible (GTK_WIDGET (r->button), FALSE);
  g_object_set_data (G_OBJECT (r->button), "fixed-row", r);
  g_signal_connect (r->button, "clicked", G_CALLBACK (on_row_button_clicked), self);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (r->state));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (r->button));
  gtk_list_box_append (list, row);
  return r;
}

/* Show the row's button for @task (NULL: none). */
static void
fixed_row_offer (AdjRrFixedRow *r,
                 const char    *task,
                 const char    *label,
                 const char    *tooltip)
{
  g_free (r->task);
  r->task = g_strdup (task);
  if (task != NULL)
    {
      gtk_button_set_label (r->button, label);
      gtk_button_set_use_underline (r->button, TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (r->button), tooltip);
    }
  gtk_widget_set_visible (GTK_WIDGET (r->button), task != NULL);
}

static void
fixed_row_set_state (AdjRrFixedRow *r,
                     const char    *text,
                     const char    *tooltip)
{
  g_free (r->text);
  r->text = g_strdup (text);
  gtk_label_set_text (r->state, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (r->state), tooltip != NULL ? tooltip : text);
}

void
adj_rr_dashboard_build_fixed_rows (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const char * const *brigades = adj_rr_brigades (rs);
  const char * const *drifts = adj_rr_drifts (rs);
  static const char *const cup_titles[] = {
    N_("British event chits"), N_("Boer event chits"), N_("Boer SP counters")
  };

  for (guint i = 0; brigades != NULL && brigades[i] != NULL; i++)
    {
      AdjRrFixedRow *r = fixed_row_new (self, self->brigade_list, brigades[i],
                                   adj_rr_brigade_label (rs, brigades[i]));

      gtk_widget_add_css_class (GTK_WIDGET (r->state), "rr-order");
      g_ptr_array_add (self->brigades, r);
    }
  for (guint i = 0; drifts != NULL && drifts[i] != NULL; i++)
    g_ptr_array_add (self->drifts, fixed_row_new (self, self->drift_list, drifts[i],
                                                  adj_rr_drift_label (rs, drifts[i])));
  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *count = gtk_label_new (NULL);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (cup_titles[c]));
      gtk_widget_add_css_class (count, "rr-count");
      gtk_widget_set_valign (count, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), count);
      gtk_list_box_append (self->cup_list, row);
      self->cup_rows[c] = row;
      self->cup_counts[c] = GTK_LABEL (count);
    }
}

static const char *const order_classes[] = {
  "rr-none", "rr-planned", "rr-in-transit", "rr-objective", "rr-fail", "rr-charge", NULL
};

void
adj_rr_dashboard_update_brigades (AdjRrDashboard *self)
{
  for (guint i = 0; i < self->brigades->len; i++)
    {
      AdjRrFixedRow *r = g_ptr_array_index (self->brigades, i);
      AdjUnit *leader = adj_rr_brigade_leader (self->battle, r->id);
      AdjRrOrder order;
      int start = 0, now = 0;
      g_autofree char *text = NULL;
      g_autofree char *subtitle = NULL;
      gboolean strengths;

      if (leader == NULL || !adj_rr_get_order (self->battle, r->id, &order))
        {
          fixed_row_set_state (r, _("Not in this battle"), NULL);
          fixed_row_offer (r, NULL, NULL, NULL);
          continue;
        }
      strengths = adj_rr_brigade_strength (self->battle, r->id, &start, &now, NULL);
      text = adj_rr_order_text (&order);
      fixed_row_set_state (r, text, order.state == ADJ_RR_ORDER_IN_TRANSIT
                                    ? _("Sent: its Objective Marker waits on the turn track")
                                    : NULL);
      adj_rr_dashboard_set_state_class (GTK_WIDGET (r->state), order_classes,
                                        order_classes[MIN ((guint) order.state,
                                                           G_N_ELEMENTS (order_classes) - 2)]);
      if (!strengths)
        /* TRANSLATORS: under a brigade, e.g. "Hart · strengths not entered yet" */
        subtitle = g_strdup_printf (_("%s · strengths not entered yet"),
                                    adj_unit_get_name (leader));
      else if (order.ordered_this_turn)
        /* TRANSLATORS: under a brigade, e.g. "Hart · 18 of 20 SP · ordered this turn" */
        subtitle = g_strdup_printf (_("%s · %d of %d SP · ordered this turn"),
                                    adj_unit_get_name (leader), now, start);
      else
        /* TRANSLATORS: under a brigade, e.g. "Hart · 18 of 20 SP" */
        subtitle = g_strdup_printf (_("%s · %d of %d SP"), adj_unit_get_name (leader), now,
                                    start);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (r->row), subtitle);

      /* The button the step offers for this brigade. */
      switch (adj_rr_brigade_task (self->battle, r->id))
        {
        case ADJ_RR_BRIGADE_TASK_ORDER:
          fixed_row_offer (r, "order", _("_Order…"), _("Give the brigade an objective"));
          break;
        case ADJ_RR_BRIGADE_TASK_CHARGE:
          fixed_row_offer (r, "charge", _("_Place Marker…"),
                           _("Name the area of the guns the brigade charges"));
          break;
        case ADJ_RR_BRIGADE_TASK_WITHDRAW:
          fixed_row_offer (r, "withdraw", _("_Withdrawal…"),
                           _("The brigade has lost a quarter of its strength or more: test for "
                             "an emergency withdrawal"));
          break;
        case ADJ_RR_BRIGADE_TASK_REACHED:
          fixed_row_offer (r, "reached", _("_Reached"),
                           _("The leader stands in his objective area: take the marker off"));
          break;
        case ADJ_RR_BRIGADE_TASK_NONE:
        default:
          fixed_row_offer (r, NULL, NULL, NULL);
          break;
        }
    }
}

static const char *const drift_classes[] = {
  "rr-hidden", "rr-revealed", "rr-found", "rr-cleared", NULL
};

void
adj_rr_dashboard_update_drifts (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);

  for (guint i = 0; i < self->drifts->len; i++)
    {
      AdjRrFixedRow *r = g_ptr_array_index (self->drifts, i);
      AdjRrDriftState state = adj_rr_drift_state (self->battle, r->id, NULL);
      g_autofree char *pool = adj_rr_drift_pool_text (rs, r->id);
      g_autofree char *text = adj_rr_drift_text (self->battle, r->id);
      gboolean tried = adj_rr_drift_tried (self->battle, r->id);
      gboolean open = state == ADJ_RR_DRIFT_HIDDEN || state == ADJ_RR_DRIFT_REVEALED;

      fixed_row_set_state (r, text, state == ADJ_RR_DRIFT_HIDDEN
                                    ? _("Its marker lies face down until a battalion or "
                                        "regiment tries to cross")
                                    : NULL);
      adj_rr_dashboard_set_state_class (GTK_WIDGET (r->state), drift_classes, drift_classes[state]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (r->row),
                                   tried && open ? _("Looked for this turn: again next turn")
                                                 : pool);

      switch (adj_rr_drift_task (self->battle, r->id))
        {
        case ADJ_RR_DRIFT_TASK_FIND:
          fixed_row_offer (r, "find", _("_Find…"),
                           _("A battalion or regiment is about to enter it: turn the marker "
                             "over and roll"));
          break;
        case ADJ_RR_DRIFT_TASK_COMMANDO:
          fixed_row_offer (r, "commando", _("_Commando Entered"),
                           _("A commando moved into it: the marker goes, unseen, and the drift "
                             "is open"));
          break;
        case ADJ_RR_DRIFT_TASK_NONE:
        default:
          fixed_row_offer (r, NULL, NULL, NULL);
          break;
        }
    }
}

void
adj_rr_dashboard_update_cups (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);

  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      guint count = adj_rr_cup_count (self->battle, c);
      g_autoptr(GPtrArray) play = adj_rr_cup_in_play (self->battle, c);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *number = g_strdup_printf ("%u", count);
      g_autofree char *subtitle = NULL;

      for (guint i = 0; play != NULL && i < play->len; i++)
        g_ptr_array_add (names, adj_rr_chit_label (rs, c, g_ptr_array_index (play, i)));
      if (names->len > 0)
        {
          g_autofree char *list = NULL;

          g_ptr_array_add (names, NULL);
          list = g_strjoinv (", ", (char **) names->pdata);
          /* TRANSLATORS: the chits drawn that will come back, e.g. "In play: Bob Hart" */
          subtitle = g_strdup_printf (_("In play: %s"), list);
        }
      else
        subtitle = g_strdup (c == ADJ_RR_CUP_SP ? _("Counters on commandos go back at Boer "
                                                   "Shaken")
                                                : _("No chit drawn is waiting to go back"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->cup_rows[c]), subtitle);
      gtk_label_set_text (self->cup_counts[c], number);
      g_free (self->cup_texts[c]);
      self->cup_texts[c] = g_strdup_printf (ngettext ("%u in the cup", "%u in the cup", count),
                                            count);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->cup_counts[c]), self->cup_texts[c]);
    }
}

static void
on_emplacement_clicked (GtkButton      *button,
                        AdjRrDashboard *self)
{
  adj_rr_dashboard_show_emplacement (self, g_object_get_data (G_OBJECT (button), "emplacement"));
}

/* An emplacement's row offers what the rules let the player report about it now: the first
 * shot from its area while it still shows Hidden, and who holds its area in the Boer Shaken
 * segment. */
void
adj_rr_dashboard_update_emplacements (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  g_autoptr(GPtrArray) ids = adj_rr_emplacements (self->battle);

  /* A handful of rows: made again only when markers come or go. */
  if (ids->len != self->emplacements->len)
    {
      for (guint i = 0; i < self->emplacements->len; i++)
        gtk_list_box_remove (self->emplacement_list, g_ptr_array_index (self->emplacements, i));
      g_ptr_array_set_size (self->emplacements, 0);
      for (guint i = 0; i < ids->len; i++)
        {
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *chip = adj_rr_dashboard_chip_new ("rr-state");
          GtkWidget *button = gtk_button_new ();

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          g_signal_connect (button, "clicked", G_CALLBACK (on_emplacement_clicked), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), chip);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          g_object_set_data (G_OBJECT (row), "chip", chip);
          g_object_set_data (G_OBJECT (row), "button", button);
          gtk_list_box_append (self->emplacement_list, row);
          g_ptr_array_add (self->emplacements, row);
        }
    }
  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));
      GtkWidget *row = g_ptr_array_index (self->emplacements, i);
      GtkWidget *button = g_object_get_data (G_OBJECT (row), "button");
      const char *state;
      AdjRrEmplacementTask task;

      if (unit == NULL)
        continue;
      state = adj_unit_get_status_string (unit, "emplacement");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_unit_get_name (unit));
      gtk_label_set_text (g_object_get_data (G_OBJECT (row), "chip"),
                          adj_rr_dashboard_choice_label (rs, "emplacement", state));
      g_object_set_data_full (G_OBJECT (button), "emplacement",
                              g_strdup (adj_unit_get_id (unit)), g_free);
      task = adj_rr_emplacement_task (self->battle, adj_unit_get_id (unit));
      if (task == ADJ_RR_EMPLACEMENT_TASK_FIRST_SHOT)
        {
          gtk_button_set_label (GTK_BUTTON (button), _("First Shot…"));
          gtk_widget_set_tooltip_text (button, _("A Boer unit in this area has fired: the "
                                                 "Hidden marker comes off"));
          gtk_widget_set_visible (button, TRUE);
        }
      else
        {
          gtk_button_set_label (GTK_BUTTON (button), _("Who Holds It…"));
          gtk_widget_set_tooltip_text (button, _("Say who is in this area now: the British "
                                                 "capture the emplacement, or the Boers retake "
                                                 "it"));
          gtk_widget_set_visible (button, task == ADJ_RR_EMPLACEMENT_TASK_WHO_HOLDS);
        }
    }
  gtk_widget_set_visible (self->emplacement_heading, ids->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->emplacement_list), ids->len > 0);
}
