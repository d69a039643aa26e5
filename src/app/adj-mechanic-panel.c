/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-mechanic-panel.c: pick an action, fill its form, see the odds, roll, apply.
 *
 * Everything here comes from the mechanic's declaration: the form's rows from its inputs, the
 * units pre-filled through adj_battle_prefill(), the odds from its odds function, the dice to
 * enter from its declared draws.  The panel keeps no game state of its own: applying an
 * outcome goes through the battle's journal.
 */

#define G_LOG_DOMAIN "adj-mechanic-panel"

#include "config.h"

#include "adj-combo-row.h"
#include "adj-error.h"
#include "adj-field-row.h"
#include "adj-i18n.h"
#include "adj-mechanic-panel.h"
#include "adj-odds-bar.h"
#include "adj-result-view.h"
#include "adj-ruling-dialog.h"
#include "adj-table-editor.h"
#include "adj-tables.h"

struct _AdjMechanicPanel {
  GtkWidget          parent_instance;

  GtkWidget         *box;
  AdwComboRow       *mechanic_row;
  GtkLabel          *summary_label;
  AdwPreferencesGroup *who_group;
  AdwPreferencesGroup *situation_group;
  AdjOddsBar        *odds_bar;
  GtkLabel          *odds_note;
  GtkLabel          *message_label;
  GtkBox            *tables_box;
  GtkLabel          *draws_label;
  GtkButton         *roll_button;
  GtkButton         *enter_button;
  GtkRevealer       *result_revealer;
  AdjResultView     *result_view;
  GtkButton         *apply_button;

  AdjBattle         *battle;
  GPtrArray         *mechanics;   /* const AdjMechanic *, in the order of the drop-down */
  const AdjMechanic *mech;
  AdjInputs         *inputs;
  GPtrArray         *rows;        /* one per input */
  AdjOutcome        *outcome;
  AdjInputs         *outcome_inputs;
  gboolean           imperial;
  gboolean           selecting;
};

G_DEFINE_FINAL_TYPE (AdjMechanicPanel, adj_mechanic_panel, GTK_TYPE_WIDGET)

enum {
  APPLIED,
  RESULT_SHOWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_odds (AdjMechanicPanel *self);

static void
refresh_rows (AdjMechanicPanel *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      g_autoptr(json_object) value = adj_inputs_get_value (self->inputs,
                                                          self->mech->inputs[i].name);

      adj_field_row_set_value (row, value);
    }
}

static void
clear_result (AdjMechanicPanel *self)
{
  g_clear_pointer (&self->outcome, adj_outcome_free);
  g_clear_pointer (&self->outcome_inputs, adj_inputs_free);
  gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
}

static void
show_message (AdjMechanicPanel *self,
              const char       *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

static void
prefill (AdjMechanicPanel *self)
{
  g_autoptr(GError) error = NULL;

  if (self->battle == NULL || self->inputs == NULL)
    return;
  if (!adj_battle_prefill (self->battle, self->inputs, &error))
    show_message (self, error->message);
}

/* Only the inputs that apply to the stands chosen show (the core says which).  One that stops
 * applying goes back to its default, so that a switch out of sight never counts. */
static void
update_applicable_rows (AdjMechanicPanel *self)
{
  AdjContext ctx = { 0 };

  if (self->battle == NULL || self->mech == NULL)
    return;
  adj_battle_context (self->battle, &ctx);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const AdjField *f = &self->mech->inputs[i];
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      gboolean applies = adj_mechanic_input_applies (self->mech, &ctx, self->inputs, f);

      if (!applies && f->kind == ADJ_FIELD_BOOL &&
          adj_inputs_get_bool (self->inputs, f->name) != f->def &&
          adj_inputs_set_bool (self->inputs, f->name, f->def, NULL))
        {
          g_autoptr(json_object) value = json_object_new_boolean (f->def);

          adj_field_row_set_value (row, value);
        }
      gtk_widget_set_visible (row, applies);
    }
}

static void
on_row_changed (GtkWidget      *row,
                const AdjField *field,
                gpointer        user_data)
{
  AdjMechanicPanel *self = ADJ_MECHANIC_PANEL (user_data);
  g_autoptr(json_object) value = adj_field_row_get_value (row);
  g_autoptr(GError) error = NULL;

  if (!adj_inputs_set_value (self->inputs, field->name, value, &error))
    {
      show_message (self, error->message);
      return;
    }

  /* Choosing a unit or side fills in what the battle knows about it. */
  if (field->kind == ADJ_FIELD_UNIT || field->kind == ADJ_FIELD_SIDE)
    {
      show_message (self, NULL);
      prefill (self);
      refresh_rows (self);
    }
  update_applicable_rows (self);
  clear_result (self);
  update_odds (self);
}

/* Take every row of the form out of whichever group holds it. */
static void
clear_form (AdjMechanicPanel *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      if (group != NULL)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

/* The dice and cards the action needs, in words; *@any says whether it needs any. */
static char *
describe_draws (AdjMechanicPanel *self,
                gboolean         *any)
{
  AdjContext ctx = { 0 };
  g_autoptr(GArray) specs = NULL;
  GString *text = g_string_new (NULL);

  adj_battle_context (self->battle, &ctx);
  specs = adj_mechanic_draws (self->mech, &ctx, self->inputs);
  *any = specs->len > 0;
  for (guint i = 0; i < specs->len; i++)
    {
      const AdjDrawSpec *d = &g_array_index (specs, AdjDrawSpec, i);
      guint count = d->count;

      /* The same draw again and again (a card per casualty) reads as one. */
      while (i + 1 < specs->len &&
             g_strcmp0 (g_array_index (specs, AdjDrawSpec, i + 1).label, d->label) == 0 &&
             g_array_index (specs, AdjDrawSpec, i + 1).sides == d->sides)
        count += g_array_index (specs, AdjDrawSpec, ++i).count;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (d->sides == 0)
        g_string_append_printf (text, ngettext ("%s: %u card", "%s: %u cards", count),
                                adj_gettext (d->label), count);
      else if (count == 1)
        g_string_append_printf (text, "%s: D%u", adj_gettext (d->label), d->sides);
      else
        g_string_append_printf (text, "%s: %uD%u", adj_gettext (d->label), count, d->sides);
    }
  if (text->len == 0)
    g_string_append (text, _("No dice: the rules decide"));
  if (self->mech->random_note != NULL)
    g_string_append_printf (text, ". %s", adj_gettext (self->mech->random_note));
  return g_string_free (text, FALSE);
}

static void
on_table_saved (AdjTableEditor   *editor,
                int               destination,
                AdjMechanicPanel *self)
{
  /* The form is judged again on the new values: a result rolled before goes. */
  clear_result (self);
  update_odds (self);
}

static void
on_enter_table_clicked (GtkButton        *button,
                        AdjMechanicPanel *self)
{
  adj_mechanic_panel_open_table (self, g_object_get_data (G_OBJECT (button), "adj-table"));
}

/* Whether the note of the odds is about a table this action still lacks cells of: the odds go
 * on without it, and the note says which cells to enter. */
static gboolean
note_is_about_tables (AdjMechanicPanel *self,
                      AdjContext       *ctx)
{
  g_autoptr(GPtrArray) missing = adj_mechanic_missing_tables (self->mech, ctx, self->inputs,
                                                              NULL);

  return missing != NULL && missing->len > 0;
}

/* The tables the players type in that this action reads: which are incomplete, what the action
 * says is missing, and a way to enter them.  Returns whether it showed @said. */
static void
update_tables (AdjMechanicPanel *self,
               const char       *said,
               AdjTables        *tables,
               const char       *load_error)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tables_box))) != NULL)
    gtk_box_remove (self->tables_box, child);

  if (said != NULL || load_error != NULL)
    {
      GtkWidget *label = gtk_label_new (said != NULL ? said : load_error);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (label, said != NULL ? "table-status-text" : "error");
      gtk_box_append (self->tables_box, label);
      if (said != NULL)
        {
          GtkWidget *never = gtk_label_new (_("Adjutant never guesses a value: enter the table "
                                              "from your copy of the rules."));
          gtk_label_set_xalign (GTK_LABEL (never), 0);
          gtk_label_set_wrap (GTK_LABEL (never), TRUE);
          gtk_widget_add_css_class (never, "dim-label");
          gtk_box_append (self->tables_box, never);
        }
    }

  for (guint i = 0; self->mech->tables != NULL && self->mech->tables[i] != NULL; i++)
    {
      const char *id = self->mech->tables[i];
      const AdjTableShape *shape = adj_table_shape_lookup (rs, id);
      g_autofree char *progress = NULL;
      GtkWidget *row, *label, *button;

      if (shape == NULL || (tables != NULL && adj_tables_is_complete (tables, id)))
        continue;
      progress = tables != NULL ? adj_table_describe_progress (tables, id)
                                : g_strdup (adj_gettext (shape->title));
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      label = gtk_label_new (progress);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      button = gtk_button_new_with_mnemonic (_("E_nter Table…"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, adj_gettext (shape->hint));
      g_object_set_data_full (G_OBJECT (button), "adj-table", g_strdup (id), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_enter_table_clicked), self);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), button);
      gtk_box_append (self->tables_box, row);
      shown++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tables_box), shown > 0 || said != NULL ||
                                                         load_error != NULL);
}

static void
update_odds (AdjMechanicPanel *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) tables_error = NULL;
  g_autoptr(AdjOdds) odds = NULL;
  g_autoptr(AdjTables) tables = NULL;
  g_autofree char *draws = NULL;
  gboolean any_draws = TRUE;
  const char *note = NULL, *message = NULL, *said = NULL;
  AdjContext ctx = { 0 };

  if (self->battle == NULL || self->mech == NULL)
    return;
  adj_battle_context (self->battle, &ctx);
  odds = adj_mechanic_odds (self->mech, &ctx, self->inputs, &error);
  adj_odds_bar_set_odds (self->odds_bar, odds);
  gtk_widget_set_visible (GTK_WIDGET (self->odds_bar), odds != NULL);
  note = odds != NULL && odds->note != NULL ? adj_gettext (odds->note) : NULL;
  message = odds == NULL ? error->message : NULL;

  /* What the action says about a table not yet entered goes with the way to enter it. */
  if (self->mech->tables != NULL)
    {
      tables = adj_tables_for_context (&ctx, &tables_error);
      if (g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE))
        said = g_steal_pointer (&message);
      else if (tables != NULL && note != NULL && note_is_about_tables (self, &ctx))
        said = g_steal_pointer (&note);
      if (tables_error != NULL && g_strcmp0 (message, tables_error->message) == 0)
        message = NULL;
    }
  update_tables (self, said, tables, tables_error != NULL ? tables_error->message : NULL);

  gtk_label_set_text (self->odds_note, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->odds_note), note != NULL);
  show_message (self, message);
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_button), odds != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->enter_button), odds != NULL);

  /* Until the table is entered the dice are not known either. */
  if (odds == NULL && said != NULL)
    draws = g_strdup (self->mech->random_note != NULL ? adj_gettext (self->mech->random_note) : "");
  else
    draws = describe_draws (self, &any_draws);
  /* What the rules decide without dice is worked out, not rolled, and there is nothing to
   * enter from the table. */
  gtk_button_set_label (self->roll_button, any_draws ? _("_Roll") : _("_Decide"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->roll_button),
                               any_draws ? _("Roll the dice (Ctrl+R)")
                                         : _("Work out the result: the rules need no dice "
                                             "(Ctrl+R)"));
  gtk_widget_set_visible (GTK_WIDGET (self->enter_button), any_draws);
  gtk_label_set_text (self->draws_label, draws);
  gtk_widget_set_visible (GTK_WIDGET (self->draws_label), draws[0] != '\0');
}

static int
scope_rank (AdjScope scope)
{
  switch (scope)
    {
    case ADJ_SCOPE_PAIR: return 0;
    case ADJ_SCOPE_UNIT: return 1;
    case ADJ_SCOPE_SIDE: return 2;
    case ADJ_SCOPE_BATTLE: return 3;
    case ADJ_SCOPE_SETUP: return 4;
    default: return 5;
    }
}

static int
compare_mechanics (gconstpointer a,
                   gconstpointer b)
{
  const AdjMechanic *ma = *(const AdjMechanic * const *) a;
  const AdjMechanic *mb = *(const AdjMechanic * const *) b;

  return scope_rank (ma->scope) - scope_rank (mb->scope);
}

static void
build_form (AdjMechanicPanel  *self,
            const AdjMechanic *mech)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  guint n_who = 0, n_situation = 0;

  clear_form (self);
  g_clear_pointer (&self->inputs, adj_inputs_free);
  clear_result (self);

  self->mech = mech;
  self->inputs = adj_inputs_new (mech, rs);
  gtk_label_set_text (self->summary_label, adj_gettext (mech->summary));

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      GtkWidget *row = adj_field_row_new (f, rs, self->battle, on_row_changed, self);
      gboolean who = f->kind == ADJ_FIELD_UNIT || f->kind == ADJ_FIELD_SIDE;

      adj_field_row_set_imperial (row, self->imperial);
      adw_preferences_group_add (who ? self->who_group : self->situation_group, row);
      g_ptr_array_add (self->rows, row);
      if (who)
        n_who++;
      else
        n_situation++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->who_group), n_who > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->situation_group), n_situation > 0);
  show_message (self, NULL);
  refresh_rows (self);
  update_applicable_rows (self);
  update_odds (self);
}

static void
on_mechanic_selected (AdwComboRow      *row,
                      GParamSpec       *pspec,
                      AdjMechanicPanel *self)
{
  guint pos = adw_combo_row_get_selected (row);

  if (self->selecting || self->battle == NULL || pos >= self->mechanics->len)
    return;
  build_form (self, g_ptr_array_index (self->mechanics, pos));
}

static void
show_result (AdjMechanicPanel *self)
{
  if (self->outcome->ruling != NULL)
    {
      /* TRANSLATORS: under the form, once the referee allowed what the rules forbid, e.g.
       * "Allowed by the referee: British Regular Infantry 3 has already started a combat this
       * turn" */
      g_autofree char *ruling = g_strdup_printf (_("Allowed by the referee: %s"),
                                                 self->outcome->ruling);
      show_message (self, ruling);
    }
  adj_result_view_set_outcome (self->result_view, self->outcome);
  g_signal_emit (self, signals[RESULT_SHOWN], 0, self->outcome);

  /* A result that changes nothing in the battle still goes to the journal. */
  gtk_revealer_set_reveal_child (self->result_revealer, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->apply_button));
}

/* Once the result has slid in, bring Apply into view: focus scrolls the result pane to it. */
static void
on_result_revealed (GtkRevealer      *revealer,
                    GParamSpec       *pspec,
                    AdjMechanicPanel *self)
{
  if (gtk_revealer_get_child_revealed (revealer))
    gtk_widget_grab_focus (GTK_WIDGET (self->apply_button));
}

static gboolean resolve_with (AdjMechanicPanel  *self,
                              gboolean           entered,
                              GArray            *dice,
                              GArray            *cards,
                              gboolean           allow,
                              GError           **error);

/* An action the rules forbid now, held while the referee decides. */
typedef struct {
  AdjMechanicPanel *self;
  gboolean          entered;
  GArray           *dice;
  GArray           *cards;
} Forbidden;

static void
forbidden_free (gpointer user_data)
{
  Forbidden *f = user_data;

  g_object_unref (f->self);
  g_clear_pointer (&f->dice, g_array_unref);
  g_clear_pointer (&f->cards, g_array_unref);
  g_free (f);
}

static void
on_forbidden_allowed (gpointer user_data)
{
  Forbidden *f = user_data;
  g_autoptr(GError) error = NULL;

  if (!resolve_with (f->self, f->entered, f->dice, f->cards, TRUE, &error))
    show_message (f->self, error->message);
}

/* The rules forbid the action now (@reason): say so, and let the referee allow it anyway, which
 * the journal then keeps as a ruling. */
static void
ask_to_allow (AdjMechanicPanel *self,
              const char       *reason,
              gboolean          entered,
              GArray           *dice,
              GArray           *cards)
{
  Forbidden *f = g_new0 (Forbidden, 1);

  show_message (self, reason);
  f->self = g_object_ref (self);
  f->entered = entered;
  f->dice = dice != NULL ? g_array_ref (dice) : NULL;
  f->cards = cards != NULL ? g_array_ref (cards) : NULL;
  adj_ask_ruling (GTK_WIDGET (self), reason, on_forbidden_allowed, f, forbidden_free);
}

/* Resolve the form's inputs with the battle's dice and cards, or with @dice and @cards (of int
 * and AdjCard, or NULL) entered at the table when @entered.  What the rules forbid now is put
 * to the referee (ask_to_allow()) unless @allow. */
static gboolean
resolve_with (AdjMechanicPanel  *self,
              gboolean           entered,
              GArray            *dice,
              GArray            *cards,
              gboolean           allow,
              GError           **error)
{
  AdjRollRequest request = {
    .battle = self->battle, .filled = self->inputs, .entered = entered, .dice = dice,
    .cards = cards, .allow = allow,
  };
  g_auto(AdjRollSetup) setup = { 0 };
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (self->mech);
  g_autoptr(GError) local = NULL;

  if (!adj_mechanic_prepare_roll (self->mech, &request, &setup, &local))
    {
      if (g_error_matches (local, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED))
        {
          ask_to_allow (self, local->message, entered, dice, cards);
          return TRUE;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (!adj_mechanic_resolve (self->mech, &setup.ctx, setup.inputs, setup.random, outcome, error))
    return FALSE;
  clear_result (self);
  self->outcome = g_steal_pointer (&outcome);
  self->outcome_inputs = g_steal_pointer (&setup.inputs);
  show_result (self);
  return TRUE;
}

static void
on_roll_clicked (AdjMechanicPanel *self)
{
  adj_mechanic_panel_roll (self);
}

static void
on_enter_clicked (AdjMechanicPanel *self)
{
  adj_mechanic_panel_enter_dice (self);
}

static void
on_apply_clicked (AdjMechanicPanel *self)
{
  adj_mechanic_panel_apply (self);
}

static void
on_discard_clicked (AdjMechanicPanel *self)
{
  adj_mechanic_panel_discard (self);
}

static void
on_units_changed (AdjBattle        *battle,
                  AdjMechanicPanel *self)
{
  /* After an undo, say, the units may have changed: take in their state again, and forget a
   * result rolled for the old state. */
  if (self->inputs == NULL)
    return;
  prefill (self);
  refresh_rows (self);
  update_applicable_rows (self);
  update_odds (self);
}

static void
adj_mechanic_panel_dispose (GObject *object)
{
  AdjMechanicPanel *self = ADJ_MECHANIC_PANEL (object);

  g_clear_pointer (&self->outcome, adj_outcome_free);
  g_clear_pointer (&self->outcome_inputs, adj_inputs_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_MECHANIC_PANEL);
  g_clear_pointer (&self->inputs, adj_inputs_free);
  g_clear_object (&self->battle);

  G_OBJECT_CLASS (adj_mechanic_panel_parent_class)->dispose (object);
}

static void
adj_mechanic_panel_finalize (GObject *object)
{
  AdjMechanicPanel *self = ADJ_MECHANIC_PANEL (object);

  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->mechanics);
  G_OBJECT_CLASS (adj_mechanic_panel_parent_class)->finalize (object);
}

static void
adj_mechanic_panel_class_init (AdjMechanicPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_mechanic_panel_dispose;
  object_class->finalize = adj_mechanic_panel_finalize;

  /**
   * AdjMechanicPanel::applied:
   * @summary: the journal line of what was applied
   */
  signals[APPLIED] = g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * AdjMechanicPanel::result-shown:
   * @outcome: (nullable): the result just rolled, or NULL once one is discarded
   *
   * Valid only during the emission: copy what you need of it.
   */
  signals[RESULT_SHOWN] = g_signal_new ("result-shown", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                        G_TYPE_POINTER);

  g_type_ensure (ADJ_TYPE_ODDS_BAR);
  g_type_ensure (ADJ_TYPE_RESULT_VIEW);
  g_type_ensure (ADJ_TYPE_COMBO_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-mechanic-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, box);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, mechanic_row);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, summary_label);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, who_group);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, situation_group);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, odds_bar);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, odds_note);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, message_label);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, tables_box);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, draws_label);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, roll_button);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, enter_button);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, result_revealer);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, result_view);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, apply_button);
  gtk_widget_class_bind_template_callback (widget_class, on_roll_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_enter_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_apply_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_discard_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mechanicpanel");
}

static void
adj_mechanic_panel_init (AdjMechanicPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->mechanics = g_ptr_array_new ();
  g_signal_connect (self->mechanic_row, "notify::selected", G_CALLBACK (on_mechanic_selected),
                    self);
  g_signal_connect (self->result_revealer, "notify::child-revealed",
                    G_CALLBACK (on_result_revealed), self);
}

GtkWidget *
adj_mechanic_panel_new (void)
{
  return g_object_new (ADJ_TYPE_MECHANIC_PANEL, NULL);
}

void
adj_mechanic_panel_set_battle (AdjMechanicPanel *self,
                               AdjBattle        *battle)
{
  const AdjSystem *system;
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  g_set_object (&self->battle, battle);
  g_signal_connect_object (battle, "changed", G_CALLBACK (on_units_changed), self, 0);

  system = adj_ruleset_get_system (adj_battle_get_ruleset (battle));
  g_ptr_array_set_size (self->mechanics, 0);
  for (guint i = 0; i < system->n_mechanics; i++)
    g_ptr_array_add (self->mechanics, (gpointer) system->mechanics[i]);
  g_ptr_array_sort (self->mechanics, compare_mechanics);
  for (guint i = 0; i < self->mechanics->len; i++)
    {
      const AdjMechanic *m = g_ptr_array_index (self->mechanics, i);
      gtk_string_list_append (titles, adj_gettext (m->title));
    }

  self->selecting = TRUE;
  adw_combo_row_set_model (self->mechanic_row, G_LIST_MODEL (titles));
  adw_combo_row_set_selected (self->mechanic_row, 0);
  self->selecting = FALSE;
  if (self->mechanics->len > 0)
    build_form (self, g_ptr_array_index (self->mechanics, 0));
}

gboolean
adj_mechanic_panel_select (AdjMechanicPanel *self,
                           const char       *mechanic_id)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), FALSE);

  for (guint i = 0; i < self->mechanics->len; i++)
    {
      const AdjMechanic *m = g_ptr_array_index (self->mechanics, i);
      if (g_str_equal (m->id, mechanic_id))
        {
          if (adw_combo_row_get_selected (self->mechanic_row) == i && self->mech == m)
            return TRUE;
          adw_combo_row_set_selected (self->mechanic_row, i);
          return TRUE;
        }
    }
  return FALSE;
}

const AdjMechanic *
adj_mechanic_panel_get_mechanic (AdjMechanicPanel *self)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);
  return self->mech;
}

AdjInputs *
adj_mechanic_panel_get_inputs (AdjMechanicPanel *self)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);
  return self->inputs;
}

GtkWidget *
adj_mechanic_panel_get_row (AdjMechanicPanel *self,
                            const char       *input)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);

  for (guint i = 0; self->mech != NULL && i < self->mech->n_inputs; i++)
    if (g_str_equal (self->mech->inputs[i].name, input))
      return g_ptr_array_index (self->rows, i);
  return NULL;
}

void
adj_mechanic_panel_use_unit (AdjMechanicPanel *self,
                             guint             slot,
                             const char       *unit_id)
{
  guint seen = 0;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  for (guint i = 0; self->mech != NULL && i < self->mech->n_inputs; i++)
    {
      if (self->mech->inputs[i].kind != ADJ_FIELD_UNIT)
        continue;
      if (seen++ == slot)
        {
          GtkWidget *row = g_ptr_array_index (self->rows, i);
          g_autoptr(json_object) value = json_object_new_string (unit_id);

          /* Set it as the user would, so the form reacts the same way. */
          adj_field_row_set_value (row, value);
          on_row_changed (row, &self->mech->inputs[i], self);
          return;
        }
    }
}

void
adj_mechanic_panel_offer_unit (AdjMechanicPanel *self,
                               const char       *unit_id)
{
  guint n_units = 0, first_empty = G_MAXUINT;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  for (guint i = 0; self->mech != NULL && i < self->mech->n_inputs; i++)
    {
      const AdjField *f = &self->mech->inputs[i];

      if (f->kind != ADJ_FIELD_UNIT)
        continue;
      if (g_strcmp0 (adj_inputs_get_string (self->inputs, f->name), unit_id) == 0)
        return;
      if (first_empty == G_MAXUINT && adj_inputs_get_string (self->inputs, f->name) == NULL)
        first_empty = n_units;
      n_units++;
    }
  if (n_units == 0)
    return;
  adj_mechanic_panel_use_unit (self, first_empty != G_MAXUINT ? first_empty : n_units - 1,
                               unit_id);
}

void
adj_mechanic_panel_roll (AdjMechanicPanel *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  if (self->battle == NULL || self->mech == NULL ||
      !gtk_widget_get_sensitive (GTK_WIDGET (self->roll_button)))
    return;
  if (!resolve_with (self, FALSE, NULL, NULL, FALSE, &error))
    show_message (self, error->message);
}

gboolean
adj_mechanic_panel_resolve_entered (AdjMechanicPanel  *self,
                                    const char        *dice,
                                    const char        *cards,
                                    GError           **error)
{
  g_autoptr(GArray) dice_values = NULL;
  g_autoptr(GArray) card_values = NULL;

  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), FALSE);

  if (dice != NULL && dice[0] != '\0' && !adj_dice_parse (dice, &dice_values, error))
    return FALSE;
  if (cards != NULL && cards[0] != '\0' && !adj_cards_parse (cards, &card_values, error))
    return FALSE;
  return resolve_with (self, TRUE, dice_values, card_values, FALSE, error);
}

typedef struct {
  AdjMechanicPanel *self;
  GtkEntry         *dice;
  GtkEntry         *cards;
} EnterData;

static void
enter_data_free (gpointer  user_data,
                 GClosure *closure)
{
  EnterData *data = user_data;

  g_object_unref (data->self);
  g_free (data);
}

static void
on_enter_response (AdwMessageDialog *dialog,
                   const char       *response,
                   EnterData        *data)
{
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "resolve") &&
      !adj_mechanic_panel_resolve_entered (data->self,
                                           data->dice != NULL ? gtk_editable_get_text (GTK_EDITABLE (data->dice)) : NULL,
                                           data->cards != NULL ? gtk_editable_get_text (GTK_EDITABLE (data->cards)) : NULL,
                                           &error))
    show_message (data->self, error->message);
}

static void
on_entry_activate (GtkEntry         *entry,
                   AdwMessageDialog *dialog)
{
  adw_message_dialog_response (dialog, "resolve");
  gtk_window_close (GTK_WINDOW (dialog));
}

void
adj_mechanic_panel_enter_dice (AdjMechanicPanel *self)
{
  AdjContext ctx = { 0 };
  g_autoptr(GArray) specs = NULL;
  g_autofree char *draws = NULL;
  GtkWidget *dialog, *box;
  EnterData *data;
  gboolean needs_dice = FALSE, needs_cards = FALSE, any;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  if (self->battle == NULL || self->mech == NULL ||
      !gtk_widget_get_sensitive (GTK_WIDGET (self->enter_button)) ||
      !gtk_widget_get_visible (GTK_WIDGET (self->enter_button)))
    return;

  adj_battle_context (self->battle, &ctx);
  specs = adj_mechanic_draws (self->mech, &ctx, self->inputs);
  for (guint i = 0; i < specs->len; i++)
    {
      if (g_array_index (specs, AdjDrawSpec, i).sides == 0)
        needs_cards = TRUE;
      else
        needs_dice = TRUE;
    }
  draws = describe_draws (self, &any);

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   needs_cards && !needs_dice ? _("Enter the Cards")
                                                              : _("Enter the Dice"),
                                   NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("Type what was rolled at the table, in this order — %s"), draws);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  data = g_new0 (EnterData, 1);
  data->self = g_object_ref (self);
  if (needs_dice || !needs_cards)
    {
      data->dice = GTK_ENTRY (gtk_entry_new ());
      gtk_entry_set_placeholder_text (data->dice, _("Dice, e.g. 6, 3, 5"));
      gtk_entry_set_input_purpose (data->dice, GTK_INPUT_PURPOSE_DIGITS);
      gtk_accessible_update_property (GTK_ACCESSIBLE (data->dice), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Dice"), -1);
      g_signal_connect (data->dice, "activate", G_CALLBACK (on_entry_activate), dialog);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (data->dice));
    }
  if (needs_cards)
    {
      data->cards = GTK_ENTRY (gtk_entry_new ());
      gtk_entry_set_placeholder_text (data->cards, _("Cards, e.g. AS, 10H, QC"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (data->cards), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Cards"), -1);
      g_signal_connect (data->cards, "activate", G_CALLBACK (on_entry_activate), dialog);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (data->cards));
    }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "resolve", _("_Resolve"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resolve",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "resolve");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_enter_response), data,
                         enter_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

AdjOutcome *
adj_mechanic_panel_get_outcome (AdjMechanicPanel *self)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);
  return self->outcome;
}

/* Go on with the action the rules call for next, filled in from the one just applied. */
static void
follow_up (AdjMechanicPanel *self,
           AdjInputs        *inputs,
           AdjOutcome       *outcome)
{
  const AdjMechanic *applied = outcome->mechanic;
  const AdjFollowUp *f = applied->follow_up;
  const AdjMechanic *next;
  const char *unit = NULL;
  const AdjField *field;
  int count = 0;

  next = adj_mechanic_get_follow_up (applied, outcome, &count);
  if (next == NULL)
    return;
  if (f->unit_from != NULL)
    unit = adj_inputs_get_string (inputs, f->unit_from);
  if (!adj_mechanic_panel_select (self, next->id))
    return;
  if (unit != NULL)
    for (guint k = 0, slot = 0; k < self->mech->n_inputs; k++)
      {
        if (self->mech->inputs[k].kind != ADJ_FIELD_UNIT)
          continue;
        if (g_str_equal (self->mech->inputs[k].name, f->unit_to))
          {
            adj_mechanic_panel_use_unit (self, slot, unit);
            break;
          }
        slot++;
      }
  field = adj_mechanic_find_input (self->mech, f->count_to);
  if (field != NULL &&
      adj_inputs_set_int (self->inputs, f->count_to, CLAMP (count, field->min, field->max),
                          NULL))
    {
      refresh_rows (self);
      update_odds (self);
    }
}

gboolean
adj_mechanic_panel_apply (AdjMechanicPanel *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjInputs) inputs = NULL;
  AdjJournal *journal;
  const char *summary;

  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), FALSE);

  if (self->outcome == NULL)
    return FALSE;
  outcome = g_steal_pointer (&self->outcome);
  inputs = g_steal_pointer (&self->outcome_inputs);
  gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
  if (!adj_battle_apply_outcome (self->battle, inputs, outcome, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  journal = adj_battle_get_journal (self->battle);
  summary = adj_journal_get_entry (journal, journal->position - 1)->summary;
  g_signal_emit (self, signals[APPLIED], 0, summary);
  follow_up (self, inputs, outcome);
  return TRUE;
}

void
adj_mechanic_panel_discard (AdjMechanicPanel *self)
{
  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));
  clear_result (self);
  g_signal_emit (self, signals[RESULT_SHOWN], 0, NULL);
}

AdjResultView *
adj_mechanic_panel_get_result_view (AdjMechanicPanel *self)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);
  return self->result_view;
}

char *
adj_mechanic_panel_describe_odds (AdjMechanicPanel *self)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);
  return adj_odds_bar_describe (self->odds_bar);
}

void
adj_mechanic_panel_set_imperial (AdjMechanicPanel *self,
                                 gboolean          imperial)
{
  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  self->imperial = imperial;
  for (guint i = 0; i < self->rows->len; i++)
    adj_field_row_set_imperial (g_ptr_array_index (self->rows, i), imperial);
}

GtkWidget *
adj_mechanic_panel_open_table (AdjMechanicPanel *self,
                               const char       *table_id)
{
  GtkWidget *editor;
  GtkRoot *root;

  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);
  g_return_val_if_fail (self->battle != NULL, NULL);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  editor = adj_table_editor_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 adj_battle_get_ruleset (self->battle), self->battle, table_id);
  g_return_val_if_fail (editor != NULL, NULL);
  g_signal_connect_object (editor, "saved", G_CALLBACK (on_table_saved), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
  return editor;
}
