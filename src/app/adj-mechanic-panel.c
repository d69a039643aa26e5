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
#include "adj-roll-setup.h"
#include "adj-ruling-dialog.h"
#include "adj-table-editor.h"
#include "adj-tables.h"
#include "adj-unit-picker.h"

struct _AdjMechanicPanel {
  GtkWidget          parent_instance;

  GtkWidget         *box;
  AdwComboRow       *mechanic_row;
  GtkLabel          *summary_label;
  GtkBox            *slots_box;
  AdwPreferencesGroup *who_group;
  AdwPreferencesGroup *situation_group;
  AdjOddsBar        *odds_bar;
  GtkLabel          *odds_note;
  GtkLabel          *message_label;
  GtkBox            *tables_box;
  GtkLabel          *draws_label;
  GtkBox            *forbidden_box;
  GtkLabel          *forbidden_label;
  GtkButton         *allow_button;
  GtkButton         *roll_button;
  GtkButton         *enter_button;
  GtkRevealer       *result_revealer;
  AdjResultView     *result_view;
  GtkButton         *apply_button;
  GtkWidget         *applied_box;
  GtkLabel          *applied_label;

  AdjBattle         *battle;
  GPtrArray         *mechanics;   /* const AdjMechanic *, in the order of the drop-down */
  const AdjMechanic *mech;
  AdjInputs         *inputs;
  GPtrArray         *rows;        /* one per input: an AdjUnitPicker for a unit */
  guint              active;      /* the input a unit clicked in the lists fills (G_MAXUINT: none) */
  GHashTable        *refused;     /* unit id to why the rules refuse it in the active slot */
  char              *allowed;     /* what the rules said against the inputs, allowed anyway */
  AdjOutcome        *outcome;
  AdjInputs         *outcome_inputs;
  char              *forbidden;   /* what the rules say against the inputs now, or NULL */
  gboolean           imperial;
  gboolean           selecting;
  guint              applied_at;  /* the journal's position just after what applied_box shows */
};

G_DEFINE_FINAL_TYPE (AdjMechanicPanel, adj_mechanic_panel, GTK_TYPE_WIDGET)

enum {
  RESULT_SHOWN,
  SLOTS_CHANGED,
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

      if (ADJ_IS_UNIT_PICKER (row))
        adj_unit_picker_set_unit (ADJ_UNIT_PICKER (row),
                                  adj_inputs_get_string (self->inputs, self->mech->inputs[i].name));
      else
        adj_field_row_set_value (row, value);
    }
}

/* While a result waits to be applied it takes the room of the odds' legend and of the line of
 * dice to roll (the bar of odds stays): on a small screen the result reads whole.  Both come
 * back once it is applied or discarded. */
static void
make_room_for_result (AdjMechanicPanel *self)
{
  gboolean waiting = gtk_revealer_get_reveal_child (self->result_revealer);

  adj_odds_bar_set_show_legend (self->odds_bar, !waiting);
  gtk_widget_set_visible (GTK_WIDGET (self->draws_label),
                          !waiting && gtk_label_get_text (self->draws_label)[0] != '\0');
}

static void
clear_result (AdjMechanicPanel *self)
{
  g_clear_pointer (&self->outcome, adj_outcome_free);
  g_clear_pointer (&self->outcome_inputs, adj_inputs_free);
  gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
  make_room_for_result (self);
}

/* The line of what was just applied, until something else is rolled or it is undone. */
static void
show_applied (AdjMechanicPanel *self,
              const char       *summary)
{
  /* TRANSLATORS: in the action column once a result is applied, e.g. "Applied: Fire combat —
   * British Regular Infantry 1 against Zulu Spearmen 1: Target recoils" */
  g_autofree char *text = g_strdup_printf (_("Applied: %s"), summary);

  gtk_label_set_text (self->applied_label, text);
  gtk_widget_set_visible (self->applied_box, TRUE);
  self->applied_at = adj_battle_get_journal (self->battle)->position;
}

static void
hide_applied (AdjMechanicPanel *self)
{
  gtk_widget_set_visible (self->applied_box, FALSE);
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

/* ---- the unit slots ---- */

/* The slot of input @input, or NULL when that input is not a unit. */
static AdjUnitPicker *
slot_at (AdjMechanicPanel *self,
         guint             input)
{
  GtkWidget *row = input < self->rows->len ? g_ptr_array_index (self->rows, input) : NULL;

  return row != NULL && ADJ_IS_UNIT_PICKER (row) ? ADJ_UNIT_PICKER (row) : NULL;
}

static const char *
slot_unit (AdjMechanicPanel *self,
           guint             input)
{
  return adj_inputs_get_string (self->inputs, self->mech->inputs[input].name);
}

/* Ask the rules which units they refuse in the active slot, and say the slots changed. */
static void
judge_slots (AdjMechanicPanel *self)
{
  AdjContext ctx = { 0 };

  g_clear_pointer (&self->refused, g_hash_table_unref);
  if (self->battle != NULL && self->mech != NULL && slot_at (self, self->active) != NULL)
    {
      adj_battle_context (self->battle, &ctx);
      self->refused = adj_roll_setup_judge_candidates (self->mech, &ctx, self->inputs,
                                                     self->mech->inputs[self->active].name);
    }
  g_signal_emit (self, signals[SLOTS_CHANGED], 0);
}

static void
mark_active (AdjMechanicPanel *self,
             guint             input)
{
  self->active = slot_at (self, input) != NULL ? input : G_MAXUINT;
  for (guint i = 0; i < self->rows->len; i++)
    if (slot_at (self, i) != NULL)
      adj_unit_picker_set_active (slot_at (self, i), i == self->active);
}

/* The slot after @input that has no unit yet; else simply the next slot, round and round, so
 * that clicks in the unit lists take the slots in turn. */
static guint
next_slot (AdjMechanicPanel *self,
           guint             input)
{
  guint n = self->rows->len, next = G_MAXUINT;

  for (guint k = 1; k <= n; k++)
    {
      guint i = (input + k) % n;

      if (slot_at (self, i) == NULL)
        continue;
      if (slot_unit (self, i) == NULL)
        return i;
      if (next == G_MAXUINT)
        next = i;
    }
  return next;
}

/* What follows a change of @field's value: the battle's knowledge of a unit or side chosen,
 * the odds, and what the rules now refuse in the active slot. */
static void
input_changed (AdjMechanicPanel *self,
               const AdjField   *field)
{
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
  judge_slots (self);
}

/* Put @unit_id in the slot of input @input; @allowed is what the rules said against it that the
 * referee allowed (NULL: nothing).  The next slot becomes the active one. */
static void
fill_slot (AdjMechanicPanel *self,
           guint             input,
           const char       *unit_id,
           const char       *allowed)
{
  g_autoptr(GError) error = NULL;

  if (!adj_inputs_set_string (self->inputs, self->mech->inputs[input].name, unit_id, &error))
    {
      show_message (self, error->message);
      return;
    }
  g_free (self->allowed);
  self->allowed = g_strdup (allowed);
  mark_active (self, next_slot (self, input));
  input_changed (self, &self->mech->inputs[input]);
}

static void
on_slot_activated (AdjUnitPicker    *picker,
                   AdjMechanicPanel *self)
{
  guint input;

  if (g_ptr_array_find (self->rows, picker, &input))
    {
      mark_active (self, input);
      judge_slots (self);
    }
}

/* A unit the rules refuse in a slot, held while the referee decides. */
typedef struct {
  AdjMechanicPanel *self;
  guint             input;
  char             *unit_id;
  char             *reason;
} Pick;

static void
pick_free (gpointer user_data)
{
  Pick *p = user_data;

  g_object_unref (p->self);
  g_free (p->unit_id);
  g_free (p->reason);
  g_free (p);
}

static void
on_pick_allowed (gpointer user_data)
{
  Pick *p = user_data;

  if (slot_at (p->self, p->input) != NULL)
    fill_slot (p->self, p->input, p->unit_id, p->reason);
}

/* Put @unit_id in the slot of input @input when the rules allow it there; else ask the referee,
 * who may allow it anyway. */
static void
offer_to_slot (AdjMechanicPanel *self,
               guint             input,
               const char       *unit_id)
{
  const char *reason = NULL;
  Pick *p;

  if (input == self->active && self->refused != NULL)
    reason = g_hash_table_lookup (self->refused, unit_id);
  if (reason == NULL)
    {
      fill_slot (self, input, unit_id, NULL);
      return;
    }
  p = g_new0 (Pick, 1);
  p->self = g_object_ref (self);
  p->input = input;
  p->unit_id = g_strdup (unit_id);
  p->reason = g_strdup (reason);
  adj_ask_ruling (GTK_WIDGET (self), reason, on_pick_allowed, p, pick_free);
}

static void
on_slot_chosen (AdjUnitPicker    *picker,
                const char       *unit_id,
                AdjMechanicPanel *self)
{
  guint input;

  if (!g_ptr_array_find (self->rows, picker, &input))
    return;
  if (input != self->active)
    on_slot_activated (picker, self);
  offer_to_slot (self, input, unit_id);
}

static const char *
judge_for_picker (AdjUnit  *unit,
                  gpointer  user_data)
{
  return adj_mechanic_panel_judge_unit (ADJ_MECHANIC_PANEL (user_data), adj_unit_get_id (unit));
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
  input_changed (self, field);
}

/* Take every row of the form out of whichever group holds it. */
static void
clear_form (AdjMechanicPanel *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      if (ADJ_IS_UNIT_PICKER (row))
        gtk_box_remove (self->slots_box, row);
      else if (group != NULL)
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

/* Whether the referee allowed what the rules say against the form now. */
static gboolean
is_allowed (AdjMechanicPanel *self)
{
  return self->forbidden != NULL && g_strcmp0 (self->forbidden, self->allowed) == 0;
}

/* What the rules forbid now, said by the Roll button before any roll, with the referee's way to
 * allow it; Roll waits for the ruling.  @ready: the form is complete enough for odds. */
static void
update_forbidden (AdjMechanicPanel *self,
                  gboolean          ready,
                  AdjContext       *ctx)
{
  g_autoptr(GError) error = NULL;
  gboolean allowed, missing = FALSE;

  /* A slot still empty is no matter for the referee: the form waits for its unit. */
  for (guint i = 0; i < self->rows->len; i++)
    if (slot_at (self, i) != NULL && slot_unit (self, i) == NULL)
      missing = TRUE;
  g_clear_pointer (&self->forbidden, g_free);
  if (ready && !adj_mechanic_check_legal (self->mech, ctx, self->inputs, &error) &&
      g_error_matches (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED))
    self->forbidden = g_strdup (error->message);
  allowed = is_allowed (self) && !missing;
  if (allowed)
    {
      /* TRANSLATORS: by the Roll button, once the referee allowed what the rules forbid */
      g_autofree char *text = g_strdup_printf (_("Allowed by the referee: %s"), self->forbidden);
      gtk_label_set_text (self->forbidden_label, text);
      gtk_widget_remove_css_class (GTK_WIDGET (self->forbidden_label), "error");
    }
  else
    {
      gtk_label_set_text (self->forbidden_label, self->forbidden != NULL ? self->forbidden : "");
      if (missing)
        gtk_widget_remove_css_class (GTK_WIDGET (self->forbidden_label), "error");
      else
        gtk_widget_add_css_class (GTK_WIDGET (self->forbidden_label), "error");
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->forbidden_label),
                               gtk_label_get_text (self->forbidden_label));
  gtk_widget_set_visible (GTK_WIDGET (self->forbidden_box), self->forbidden != NULL);
  /* Allow Anyway stands in Roll's place while the rules forbid the roll. */
  gtk_widget_set_visible (GTK_WIDGET (self->allow_button),
                          self->forbidden != NULL && !allowed && !missing);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_button),
                          !gtk_widget_get_visible (GTK_WIDGET (self->allow_button)));
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_button),
                            ready && (self->forbidden == NULL || allowed));
  gtk_widget_set_sensitive (GTK_WIDGET (self->enter_button),
                            ready && (self->forbidden == NULL || allowed));
}

static void
on_allow_clicked (AdjMechanicPanel *self)
{
  if (self->forbidden == NULL)
    return;
  g_free (self->allowed);
  self->allowed = g_strdup (self->forbidden);
  update_odds (self);
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
  update_forbidden (self, odds != NULL, &ctx);

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
  make_room_for_result (self);
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

/* The units of the slots, in their order (unit ids, NULL where a slot is empty). */
static GPtrArray *
slot_units (AdjMechanicPanel *self)
{
  GPtrArray *units = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; self->mech != NULL && i < self->rows->len; i++)
    if (slot_at (self, i) != NULL)
      g_ptr_array_add (units, g_strdup (slot_unit (self, i)));
  return units;
}

/* Put @units back in the slots, in order, those the rules take there. */
static void
keep_units (AdjMechanicPanel *self,
            GPtrArray        *units)
{
  guint n = 0, kept = 0;

  for (guint i = 0; i < self->rows->len && n < units->len; i++)
    {
      const char *id;

      if (slot_at (self, i) == NULL)
        continue;
      id = g_ptr_array_index (units, n++);
      if (id != NULL && adj_battle_find_unit (self->battle, id) != NULL &&
          adj_inputs_set_string (self->inputs, self->mech->inputs[i].name, id, NULL))
        kept++;
    }
  /* Pre-filled even without a unit: an action of both sides names them, and takes their dice. */
  prefill (self);
  if (kept == 0)
    return;
  for (guint i = 0; i < self->rows->len; i++)
    {
      const char *id;

      if (slot_at (self, i) == NULL || (id = slot_unit (self, i)) == NULL)
        continue;
      self->active = i;
      judge_slots (self);
      if (self->refused != NULL && g_hash_table_contains (self->refused, id))
        {
          adj_inputs_set_string (self->inputs, self->mech->inputs[i].name, NULL, NULL);
          prefill (self);
        }
    }
}

static void
build_form (AdjMechanicPanel  *self,
            const AdjMechanic *mech)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  g_autoptr(GPtrArray) units = slot_units (self);
  guint n_who = 0, n_situation = 0, first = G_MAXUINT;

  clear_form (self);
  g_clear_pointer (&self->inputs, adj_inputs_free);
  g_clear_pointer (&self->allowed, g_free);
  clear_result (self);

  self->mech = mech;
  self->inputs = adj_inputs_new (mech, rs);
  gtk_label_set_text (self->summary_label, adj_gettext (mech->summary));

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      GtkWidget *row;

      if (f->kind == ADJ_FIELD_UNIT)
        {
          row = adj_unit_picker_new (f, self->battle);
          adj_unit_picker_set_judge (ADJ_UNIT_PICKER (row), judge_for_picker, self);
          g_signal_connect (row, "activate-slot", G_CALLBACK (on_slot_activated), self);
          g_signal_connect (row, "unit-chosen", G_CALLBACK (on_slot_chosen), self);
          gtk_box_append (self->slots_box, row);
          g_ptr_array_add (self->rows, row);
          continue;
        }
      row = adj_field_row_new (f, rs, self->battle, on_row_changed, self);
      adj_field_row_set_imperial (row, self->imperial);
      adw_preferences_group_add (f->kind == ADJ_FIELD_SIDE ? self->who_group
                                                           : self->situation_group, row);
      g_ptr_array_add (self->rows, row);
      if (f->kind == ADJ_FIELD_SIDE)
        n_who++;
      else
        n_situation++;
    }
  keep_units (self, units);
  /* The first slot without a unit is the one the lists fill. */
  for (guint i = mech->n_inputs; i-- > 0;)
    if (slot_at (self, i) != NULL && (first == G_MAXUINT || slot_unit (self, i) == NULL))
      first = i;
  gtk_widget_set_visible (GTK_WIDGET (self->slots_box), first != G_MAXUINT);
  gtk_widget_set_visible (GTK_WIDGET (self->who_group), n_who > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->situation_group), n_situation > 0);
  show_message (self, NULL);
  mark_active (self, first);
  refresh_rows (self);
  update_applicable_rows (self);
  update_odds (self);
  judge_slots (self);
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
  make_room_for_result (self);
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
    .cards = cards, .allow = allow || is_allowed (self),
  };
  g_auto(AdjRollSetup) setup = { 0 };
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (self->mech);
  g_autoptr(GError) local = NULL;

  if (!adj_roll_setup_prepare (self->mech, &request, &setup, &local))
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
  hide_applied (self);
  self->outcome = g_steal_pointer (&outcome);
  self->outcome_inputs = g_steal_pointer (&setup.inputs);
  /* A roll that turns over what the battle keeps sealed counts at once: no Discard after a
   * look at the secret. */
  if (self->mech->reveals)
    {
      adj_mechanic_panel_apply (self);  /* says itself why, if it cannot */
      return TRUE;
    }
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
  if (self->battle != NULL && adj_battle_get_journal (self->battle)->position != self->applied_at)
    hide_applied (self);
  if (self->inputs == NULL)
    return;
  /* What the referee allowed was for the roll before: the battle has moved on. */
  g_clear_pointer (&self->allowed, g_free);
  prefill (self);
  refresh_rows (self);
  update_applicable_rows (self);
  update_odds (self);
  judge_slots (self);
}

static void
adj_mechanic_panel_dispose (GObject *object)
{
  AdjMechanicPanel *self = ADJ_MECHANIC_PANEL (object);

  g_clear_pointer (&self->outcome, adj_outcome_free);
  g_clear_pointer (&self->outcome_inputs, adj_inputs_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_MECHANIC_PANEL);
  g_clear_pointer (&self->inputs, adj_inputs_free);
  g_clear_pointer (&self->refused, g_hash_table_unref);
  g_clear_object (&self->battle);

  G_OBJECT_CLASS (adj_mechanic_panel_parent_class)->dispose (object);
}

static void
adj_mechanic_panel_finalize (GObject *object)
{
  AdjMechanicPanel *self = ADJ_MECHANIC_PANEL (object);

  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->mechanics);
  g_free (self->allowed);
  g_free (self->forbidden);
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
   * AdjMechanicPanel::slots-changed:
   *
   * The active unit slot changed, or what the rules refuse in it.
   */
  signals[SLOTS_CHANGED] = g_signal_new ("slots-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

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
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, slots_box);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, forbidden_box);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, forbidden_label);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, allow_button);
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
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, applied_box);
  gtk_widget_class_bind_template_child (widget_class, AdjMechanicPanel, applied_label);
  gtk_widget_class_bind_template_callback (widget_class, on_roll_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_allow_clicked);
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
  self->active = G_MAXUINT;
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
  hide_applied (self);

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

/* The input of the @slot-th unit slot, or G_MAXUINT. */
static guint
slot_input (AdjMechanicPanel *self,
            guint             slot)
{
  guint seen = 0;

  for (guint i = 0; self->mech != NULL && i < self->rows->len; i++)
    if (slot_at (self, i) != NULL && seen++ == slot)
      return i;
  return G_MAXUINT;
}

void
adj_mechanic_panel_use_unit (AdjMechanicPanel *self,
                             guint             slot,
                             const char       *unit_id)
{
  guint input;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  input = slot_input (self, slot);
  if (input != G_MAXUINT)
    fill_slot (self, input, unit_id, NULL);
}

/* The first unit input of @mech, or NULL. */
static const char *
first_unit_input (const AdjMechanic *mech)
{
  for (guint i = 0; mech != NULL && i < mech->n_inputs; i++)
    if (mech->inputs[i].kind == ADJ_FIELD_UNIT)
      return mech->inputs[i].name;
  return NULL;
}

/* Whether the rules would take @unit_id as the first unit of @mech now. */
static gboolean
takes_first (AdjMechanicPanel  *self,
             const AdjMechanic *mech,
             const char        *unit_id)
{
  const char *name = first_unit_input (mech);

  return name != NULL && adj_roll_setup_takes_unit (mech, self->battle, name, unit_id);
}

void
adj_mechanic_panel_act_with (AdjMechanicPanel *self,
                             const char       *unit_id)
{
  const AdjMechanic *pick = NULL, *with_units = NULL;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  /* The action shown stays if the rules take the unit as its first; else the first action that
   * does; else, at least, the first with units at all. */
  if (self->battle != NULL && !takes_first (self, self->mech, unit_id))
    {
      for (guint m = 0; pick == NULL && m < self->mechanics->len; m++)
        {
          const AdjMechanic *mech = g_ptr_array_index (self->mechanics, m);

          if (with_units == NULL && first_unit_input (mech) != NULL)
            with_units = mech;
          if (takes_first (self, mech, unit_id))
            pick = mech;
        }
      if (pick == NULL && slot_input (self, 0) == G_MAXUINT)
        pick = with_units;
      if (pick != NULL)
        adj_mechanic_panel_select (self, pick->id);
    }
  adj_mechanic_panel_use_unit (self, 0, unit_id);
}

void
adj_mechanic_panel_offer_unit (AdjMechanicPanel *self,
                               const char       *unit_id)
{
  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  if (self->mech != NULL && slot_at (self, self->active) != NULL)
    offer_to_slot (self, self->active, unit_id);
}

guint
adj_mechanic_panel_get_active_slot (AdjMechanicPanel *self)
{
  guint seen = 0;

  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), G_MAXUINT);

  for (guint i = 0; i < self->rows->len; i++)
    if (slot_at (self, i) != NULL)
      {
        if (i == self->active)
          return seen;
        seen++;
      }
  return G_MAXUINT;
}

void
adj_mechanic_panel_set_active_slot (AdjMechanicPanel *self,
                                    guint             slot)
{
  guint input;

  g_return_if_fail (ADJ_IS_MECHANIC_PANEL (self));

  input = slot_input (self, slot);
  if (input != G_MAXUINT)
    on_slot_activated (slot_at (self, input), self);
}

const char *
adj_mechanic_panel_judge_unit (AdjMechanicPanel *self,
                               const char       *unit_id)
{
  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);

  return self->refused != NULL ? g_hash_table_lookup (self->refused, unit_id) : NULL;
}

const char *
adj_mechanic_panel_get_preferred_side (AdjMechanicPanel *self)
{
  GPtrArray *sides;
  const char *best = NULL;
  guint best_count = 0;

  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), NULL);

  if (self->battle == NULL || self->refused == NULL || g_hash_table_size (self->refused) == 0)
    return NULL;
  sides = adj_battle_get_sides (self->battle);
  for (guint s = 0; s < sides->len; s++)
    {
      AdjSide *side = g_ptr_array_index (sides, s);
      guint count = 0;

      for (guint i = 0; i < adj_battle_get_n_units (self->battle); i++)
        {
          AdjUnit *unit = adj_battle_peek_unit (self->battle, i);

          if (g_strcmp0 (adj_unit_get_side (unit), side->id) == 0 &&
              !g_hash_table_contains (self->refused, adj_unit_get_id (unit)))
            count++;
        }
      if (count > best_count)
        {
          best = side->id;
          best_count = count;
        }
    }
  return best;
}

gboolean
adj_mechanic_panel_search_unit (AdjMechanicPanel *self)
{
  AdjUnitPicker *picker;

  g_return_val_if_fail (ADJ_IS_MECHANIC_PANEL (self), FALSE);

  picker = slot_at (self, self->active);
  if (picker == NULL)
    picker = slot_at (self, slot_input (self, 0));
  if (picker == NULL)
    return FALSE;
  adj_unit_picker_search (picker);
  return TRUE;
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
  make_room_for_result (self);
  if (!adj_battle_apply_outcome (self->battle, inputs, outcome, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  journal = adj_battle_get_journal (self->battle);
  summary = adj_journal_get_entry (journal, journal->position - 1)->summary;
  show_applied (self, summary);
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
