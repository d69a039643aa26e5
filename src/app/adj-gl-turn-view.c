/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-turn-view.c: the Glidden turn.
 *
 * Movement then fire, each sequenced by cards: the referee turns a card, the view shows it and
 * names the side it lets act (red the British, black their enemies) and what they may do now —
 * with one unit or with the whole phase, as the battle's setting says, which can be changed
 * here.  The cards turned this turn stay in view, with what is left in the pack.  Each card is
 * the core's "gl/turn-card" resolved and applied through the battle, so undo takes it back; the
 * buttons for what the side does next open the action panel on the right mechanic.
 */

#define G_LOG_DOMAIN "adj-gl-turn-view"

#include "config.h"

#include "adj-battle-window.h"
#include "adj-card-view.h"
#include "adj-cards.h"
#include "adj-error.h"
#include "adj-gl.h"
#include "adj-gl-turn-view.h"
#include "adj-i18n.h"
#include "adj-mechanic-panel.h"
#include "adj-roll-setup.h"
#include "adj-ruling-dialog.h"

#define TURN_MECHANIC "gl/turn-card"

struct _AdjGlTurnView {
  GtkWidget    parent_instance;

  GtkWidget   *scroller;
  GtkWidget   *turn_button;
  GtkLabel    *phase_label;
  GtkBox      *current_box;
  GtkBox      *card_slot;
  GtkLabel    *colour_label;
  GtkLabel    *headline_label;
  GtkLabel    *detail_label;
  GtkFlowBox  *actions_box;
  GtkLabel    *history_label;
  GtkFlowBox  *history_box;
  GtkLabel    *pack_label;
  AdwComboRow *governs_row;

  AdjBattle   *battle;  /* the page's, borrowed */
  char        *headline;
  guint        n_turned;
  gboolean     updating;
};

G_DEFINE_FINAL_TYPE (AdjGlTurnView, adj_gl_turn_view, ADJ_TYPE_SYSTEM_PAGE)

/* The governs settings, in the order of the combo row. */
static const char *const governs_ids[] = { "unit", "phase" };


static void
report (AdjGlTurnView *self,
        GError        *error)
{
  adj_system_page_report (ADJ_SYSTEM_PAGE (self), error->message);
}

static const char *
current_governs (AdjGlTurnView *self)
{
  json_object *v = NULL;

  if (json_object_object_get_ex (adj_battle_get_settings (self->battle), "card_governs", &v) &&
      json_object_is_type (v, json_type_string))
    return json_object_get_string (v);
  return "unit";
}

static const char *
value_string (json_object *outcome,
              const char  *name)
{
  json_object *values = NULL, *v = NULL;

  if (outcome != NULL && json_object_object_get_ex (outcome, "values", &values) &&
      json_object_object_get_ex (values, name, &v) && json_object_is_type (v, json_type_string))
    return json_object_get_string (v);
  return NULL;
}

static const char *
outcome_string (json_object *outcome,
                const char  *name)
{
  json_object *v = NULL;

  if (outcome != NULL && json_object_object_get_ex (outcome, name, &v) &&
      json_object_is_type (v, json_type_string))
    return json_object_get_string (v);
  return NULL;
}

static void
on_action_clicked (GtkButton     *button,
                   AdjGlTurnView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const char *mechanic = g_object_get_data (G_OBJECT (button), "adj-mechanic");

  if (!ADJ_IS_BATTLE_WINDOW (root))
    return;
  adj_battle_window_show_page (ADJ_BATTLE_WINDOW (root), "act");
  adj_mechanic_panel_select (adj_battle_window_get_mechanic_panel (ADJ_BATTLE_WINDOW (root)),
                             mechanic);
}

/* The steps the core declares for this phase, each a button that opens its action. */
static void
fill_actions (AdjGlTurnView *self,
              const char    *phase)
{
  const AdjSystem *system = adj_ruleset_get_system (adj_battle_get_ruleset (self->battle));
  g_autoptr(GPtrArray) steps = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->actions_box))) != NULL)
    gtk_flow_box_remove (self->actions_box, child);
  if (system == NULL)
    return;
  steps = adj_system_mechanics_for_phase (system, phase);
  for (guint i = 0; i < steps->len; i++)
    {
      const AdjMechanic *mech = g_ptr_array_index (steps, i);
      GtkWidget *button = gtk_button_new_with_mnemonic (adj_gettext (mech->step_label));

      if (mech->step_hint != NULL)
        gtk_widget_set_tooltip_text (button, adj_gettext (mech->step_hint));
      gtk_widget_add_css_class (button, "pill");
      g_object_set_data (G_OBJECT (button), "adj-mechanic", (gpointer) mech->id);
      g_signal_connect (button, "clicked", G_CALLBACK (on_action_clicked), self);
      gtk_flow_box_append (self->actions_box, button);
      /* The button takes the focus, not the cell around it. */
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
    }
}

static GtkWidget *
history_item (json_object *outcome,
              const char  *side_name)
{
  const char *id = value_string (outcome, "card");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new (side_name);
  AdjCard card;

  if (id != NULL && adj_card_parse (id, &card))
    {
      GtkWidget *face = adj_card_view_new (card, 64);

      gtk_widget_set_halign (face, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), face);
    }
  gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static gboolean
is_red (AdjCard  card,
        gpointer data)
{
  return adj_card_is_red (card);
}

static void
refresh (AdjGlTurnView *self)
{
  AdjJournal *journal = adj_battle_get_journal (self->battle);
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const char *phase = adj_battle_get_phase (self->battle);
  const AdjChoice *phase_choice = adj_ruleset_find_phase (rs, phase);
  int turn = adj_battle_get_turn (self->battle);
  AdjEntry *current = NULL;
  GtkWidget *child;
  g_autofree char *phase_text = NULL;
  g_autofree char *pack_text = NULL;
  guint n_draw = 0, n_red;

  self->updating = TRUE;
  adw_combo_row_set_selected (self->governs_row,
                              g_str_equal (current_governs (self), "phase") ? 1 : 0);
  self->updating = FALSE;

  /* The cards turned this turn, from the journal: undo takes one back. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->history_box))) != NULL)
    gtk_flow_box_remove (self->history_box, child);
  self->n_turned = 0;
  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      const char *side_id;
      AdjSide *side;

      if (g_strcmp0 (entry->mechanic, TURN_MECHANIC) != 0 || entry->turn != turn)
        continue;
      side_id = value_string (entry->outcome, "side");
      side = side_id != NULL ? adj_battle_find_side (self->battle, side_id) : NULL;
      gtk_flow_box_append (self->history_box,
                           history_item (entry->outcome,
                                         side != NULL ? side->name
                                                      : outcome_string (entry->outcome, "title")));
      self->n_turned++;
      if (g_strcmp0 (entry->phase, phase) == 0)
        current = entry;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->history_box), self->n_turned > 0);
  gtk_label_set_text (self->history_label,
                      self->n_turned == 0 ? _("No card has been turned this turn.")
                                          : _("Cards turned this turn, oldest first:"));

  /* TRANSLATORS: e.g. "Turn 2 · Movement" */
  phase_text = g_strdup_printf (_("Turn %d · %s"), turn,
                                phase_choice != NULL ? adj_gettext (phase_choice->label) : "");
  gtk_label_set_text (self->phase_label, phase_text);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->card_slot))) != NULL)
    gtk_box_remove (self->card_slot, child);
  g_clear_pointer (&self->headline, g_free);
  gtk_widget_remove_css_class (GTK_WIDGET (self->current_box), "british");
  gtk_widget_remove_css_class (GTK_WIDGET (self->current_box), "other");
  if (current != NULL)
    {
      const char *id = value_string (current->outcome, "card");
      const char *colour = value_string (current->outcome, "colour");
      const char *reason = outcome_string (current->outcome, "reason");
      const char *key = outcome_string (current->outcome, "outcome");
      g_autofree char *card_name = NULL;
      AdjCard card;

      if (id != NULL && adj_card_parse (id, &card))
        {
          gtk_box_append (self->card_slot, adj_card_view_new (card, 120));
          card_name = adj_card_describe (card);
        }
      self->headline = g_strdup (reason != NULL ? reason : outcome_string (current->outcome,
                                                                           "title"));
      if (card_name != NULL)
        {
          g_autofree char *text = g_strcmp0 (colour, "red") == 0
                                  /* TRANSLATORS: e.g. "Queen of hearts: red" */
                                  ? g_strdup_printf (_("%s: red"), card_name)
                                  : g_strdup_printf (_("%s: black"), card_name);
          gtk_label_set_text (self->colour_label, text);
        }
      else
        gtk_label_set_text (self->colour_label, "");
      gtk_label_set_text (self->detail_label,
                          adj_gl_task_note (phase, value_string (current->outcome, "governs")));
      gtk_widget_add_css_class (GTK_WIDGET (self->current_box),
                                g_strcmp0 (key, "british") == 0 ? "british" : "other");
    }
  else
    {
      gtk_box_append (self->card_slot, adj_card_view_new (-1, 120));
      self->headline = g_strdup (_("Turn a card to see who acts"));
      gtk_label_set_text (self->colour_label, "");
      gtk_label_set_text (self->detail_label,
                          adj_gl_card_colours_note ());
    }
  gtk_label_set_text (self->headline_label, self->headline);
  gtk_widget_set_visible (GTK_WIDGET (self->colour_label), current != NULL);
  fill_actions (self, phase);
  gtk_widget_set_visible (GTK_WIDGET (self->actions_box), current != NULL);
  /* While the card up waits for a unit of its side, acting is the step, not the next card. */
  if (adj_gl_card_waits (self->battle))
    gtk_widget_remove_css_class (self->turn_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->turn_button, "suggested-action");

  adj_pack_draw_pile (adj_battle_get_pack (self->battle), &n_draw);
  n_red = adj_pack_count_left (adj_battle_get_pack (self->battle), is_red, NULL);
  if (n_draw == 0)
    pack_text = g_strdup (_("The pack is spent: the cards turned so far are shuffled back before "
                            "the next one."));
  else
    /* TRANSLATORS: e.g. "Left in the pack: 20 red and 18 black cards."; the plural is
     * that of all the cards left */
    pack_text = g_strdup_printf (ngettext ("Left in the pack: %u red and %u black card.",
                                           "Left in the pack: %u red and %u black cards.",
                                           n_draw), n_red, n_draw - n_red);
  gtk_label_set_text (self->pack_label, pack_text);
}

static void
on_battle_changed (AdjBattle     *battle,
                   AdjGlTurnView *self)
{
  refresh (self);
}

static void
on_battle_notify (AdjBattle     *battle,
                  GParamSpec    *pspec,
                  AdjGlTurnView *self)
{
  refresh (self);
}

static void
on_turn_clicked (AdjGlTurnView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_gl_turn_view_turn_card (self, NULL, &error))
    report (self, error);
}

static void
on_enter_response (AdwMessageDialog *dialog,
                   const char       *response,
                   AdjGlTurnView    *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "turn") &&
      !adj_gl_turn_view_turn_card (self, gtk_editable_get_text (entry), &error))
    report (self, error);
}

static void
on_enter_activate (GtkEntry         *entry,
                   AdwMessageDialog *dialog)
{
  adw_message_dialog_response (dialog, "turn");
  gtk_window_close (GTK_WINDOW (dialog));
}

static void
on_enter_clicked (AdjGlTurnView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Enter the Card"),
                                              _("Type the card turned at the table, for example "
                                                "QH for the queen of hearts or 10S for the ten "
                                                "of spades."));
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Card, e.g. QH"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Card"), -1);
  g_signal_connect (entry, "activate", G_CALLBACK (on_enter_activate), dialog);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "turn", _("_Use This Card"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "turn",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "turn");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_enter_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_governs_selected (AdwComboRow   *row,
                     GParamSpec    *pspec,
                     AdjGlTurnView *self)
{
  guint pos = adw_combo_row_get_selected (row);
  g_autoptr(GError) error = NULL;

  if (self->updating || pos >= G_N_ELEMENTS (governs_ids))
    return;
  if (!adj_gl_turn_view_set_governs (self, governs_ids[pos], &error))
    report (self, error);
}

static void
adj_gl_turn_view_dispose (GObject *object)
{
  AdjGlTurnView *self = ADJ_GL_TURN_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_GL_TURN_VIEW);
  G_OBJECT_CLASS (adj_gl_turn_view_parent_class)->dispose (object);
}

static void
adj_gl_turn_view_finalize (GObject *object)
{
  AdjGlTurnView *self = ADJ_GL_TURN_VIEW (object);

  g_free (self->headline);
  G_OBJECT_CLASS (adj_gl_turn_view_parent_class)->finalize (object);
}

static void
adj_gl_turn_view_constructed (GObject *object)
{
  AdjGlTurnView *self = ADJ_GL_TURN_VIEW (object);

  G_OBJECT_CLASS (adj_gl_turn_view_parent_class)->constructed (object);
  self->battle = adj_system_page_get_battle (ADJ_SYSTEM_PAGE (self));
  g_signal_connect_object (self->battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  /* The phase and the turn move without a unit changing. */
  g_signal_connect_object (self->battle, "notify", G_CALLBACK (on_battle_notify), self, 0);
  refresh (self);
  g_signal_connect (self->governs_row, "notify::selected", G_CALLBACK (on_governs_selected),
                    self);
}

static void
adj_gl_turn_view_class_init (AdjGlTurnViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = adj_gl_turn_view_constructed;
  object_class->dispose = adj_gl_turn_view_dispose;
  object_class->finalize = adj_gl_turn_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-gl-turn-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, turn_button);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, current_box);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, card_slot);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, colour_label);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, headline_label);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, detail_label);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, actions_box);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, history_label);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, history_box);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, pack_label);
  gtk_widget_class_bind_template_child (widget_class, AdjGlTurnView, governs_row);
  gtk_widget_class_bind_template_callback (widget_class, on_turn_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_enter_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  adj_system_page_class_set_page (ADJ_SYSTEM_PAGE_CLASS (klass), "gl", "turn", N_("_Turn"),
                                  "view-list-ordered-symbolic");
}

static void
adj_gl_turn_view_init (AdjGlTurnView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

gboolean
adj_gl_turn_view_turn_card (AdjGlTurnView  *self,
                            const char     *entered,
                            GError        **error)
{
  const AdjMechanic *mech = adj_mechanic_lookup (TURN_MECHANIC);
  g_autoptr(GArray) cards = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_auto(AdjRollSetup) setup = { 0 };
  AdjRollRequest request = { .battle = self->battle, .entered = TRUE };

  g_return_val_if_fail (ADJ_IS_GL_TURN_VIEW (self), FALSE);
  g_return_val_if_fail (mech != NULL, FALSE);

  if (entered == NULL)
    return adj_run_step_or_ask (GTK_WIDGET (self), self->battle, TURN_MECHANIC, NULL,
                                NULL, NULL, error);

  if (!adj_cards_parse (entered, &cards, error))
    return FALSE;
  if (cards->len != 1)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("Type one card, for example QH: “%s” is not one card"), entered);
      return FALSE;
    }
  request.cards = cards;
  outcome = adj_outcome_new (mech);
  return adj_roll_setup_prepare (mech, &request, &setup, error) &&
         adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome, error) &&
         adj_battle_apply_outcome (self->battle, setup.inputs, outcome, error);
}

gboolean
adj_gl_turn_view_set_governs (AdjGlTurnView  *self,
                              const char     *governs,
                              GError        **error)
{
  g_autoptr(json_object) value = NULL;

  g_return_val_if_fail (ADJ_IS_GL_TURN_VIEW (self), FALSE);

  if (g_strcmp0 (current_governs (self), governs) == 0)
    return TRUE;
  value = json_object_new_string (governs);
  return adj_battle_edit (self->battle, "battle", "settings.card_governs", value, error);
}

const char *
adj_gl_turn_view_get_headline (AdjGlTurnView *self)
{
  g_return_val_if_fail (ADJ_IS_GL_TURN_VIEW (self), NULL);
  return self->headline;
}

guint
adj_gl_turn_view_get_n_turned (AdjGlTurnView *self)
{
  g_return_val_if_fail (ADJ_IS_GL_TURN_VIEW (self), 0);
  return self->n_turned;
}
