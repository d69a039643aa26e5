/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-turn.c: Glidden's colonial rules — the turn card that says which side acts
 * (gl/turn-card) and a unit's make-up (gl/make-up). */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include "adj-gl.h"
#include "adj-gl-private.h"
#include "adj-journal.h"
#include "adj-turn-state.h"

/* ------------------------------------------------------------------------------------------ */
/* The turn: a card says which side acts                                                       */

static const AdjChoice governs_choices[] = {
  { "unit", N_("One unit") },
  { "phase", N_("The whole phase") },
};

static const AdjField turn_inputs[] = {
  ENUM_INPUT ("governs", N_("The card decides"),
              N_("Taken from the battle’s setting when there is a battle"), governs_choices,
              "unit", NULL),
};

static const AdjChoice turn_outcomes[] = {
  { "british", N_("The British act") },
  { "other", N_("Their enemies act") },
};

static void
turn_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "turn", N_("Card turned for the turn"), 1, 0 };

  g_array_append_val (specs, s);
}

static gboolean
turn_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  json_object *v = NULL;

  if (json_object_object_get_ex (adj_battle_get_settings (ctx->battle), "card_governs", &v) &&
      json_object_is_type (v, json_type_string))
    return adj_inputs_set_string (in, "governs", json_object_get_string (v), error);
  return TRUE;
}

/* The names of the sides that act on @red (or on black), joined, or NULL without a battle. */
static char *
acting_sides (const AdjContext *ctx,
              gboolean          red,
              const char      **single_id)
{
  GPtrArray *sides;
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = 0;

  *single_id = NULL;
  if (ctx->battle == NULL)
    return NULL;
  sides = adj_battle_get_sides (ctx->battle);
  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      json_object *v = NULL;
      gboolean british = json_object_object_get_ex (side->settings, "british", &v) &&
                         json_object_get_boolean (v);

      if (british != red)
        continue;
      g_string_append_printf (names, "%s%s", n > 0 ? ", " : "", side->name);
      *single_id = side->id;
      n++;
    }
  if (n != 1)
    *single_id = NULL;
  return n > 0 ? g_strdup (names->str) : NULL;
}

static gboolean
turn_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  const char *british = json_object_get_string (adj_rules_json (ctx->ruleset, "cards", "british"));
  gboolean phase = g_str_equal (adj_inputs_get_string (in, "governs"), "phase");
  g_autofree char *names = NULL;
  const char *shown, *side_id = NULL;
  gboolean red_acts;
  AdjCard card;

  if (!adj_random_card (random, "turn", N_("Card turned for the turn"), &card, error))
    return FALSE;
  shown = adj_card_short_name (card);
  red_acts = adj_card_is_red (card) == g_str_equal (british, "red");
  names = acting_sides (ctx, red_acts, &side_id);
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "turn", FALSE, 0,
                         adj_card_is_red (card) ? _("Card %s: red") : _("Card %s: black"), shown);
  if (names == NULL)
    names = g_strdup (red_acts ? _("The British") : _("Their enemies"));

  adj_outcome_set_result (outcome, red_acts ? "british" : "other",
                          phase
                          /* TRANSLATORS: e.g. "Field Force carries out the whole phase" */
                          ? _("%s carry out the whole phase")
                          /* TRANSLATORS: e.g. "Field Force acts with one unit" */
                          : _("%s act with one unit"), names);
  adj_outcome_set_value_string (outcome, "card", adj_card_name (card));
  adj_outcome_set_value_string (outcome, "colour", adj_card_is_red (card) ? "red" : "black");
  adj_outcome_set_value_string (outcome, "side", side_id);
  adj_outcome_set_value_string (outcome, "governs", phase ? "phase" : "unit");
  return TRUE;
}

/* The unit that acts in a journal entry of a mechanic a turned card governs, or NULL: the
 * charged unit's test to stand and the target's cards for its casualties are no act of its own. */
static const char *
entry_actor (const AdjEntry *entry)
{
  static const struct {
    const char *mechanic;
    const char *input;
  } actors[] = {
    { "gl/movement", "unit" },
    { "gl/charge", "unit" },
    { "gl/fire", "firer" },
    { "gl/melee", "attacker" },
  };
  json_object *v = NULL;

  if (g_strcmp0 (entry->mechanic, "gl/morale") == 0)
    return json_object_object_get_ex (entry->inputs, "occasion", &v) &&
           g_strcmp0 (json_object_get_string (v), "before-move") == 0 &&
           json_object_object_get_ex (entry->inputs, "unit", &v)
           ? json_object_get_string (v) : NULL;
  for (guint i = 0; i < G_N_ELEMENTS (actors); i++)
    if (g_strcmp0 (entry->mechanic, actors[i].mechanic) == 0)
      return json_object_object_get_ex (entry->inputs, actors[i].input, &v)
             ? json_object_get_string (v) : NULL;
  return NULL;
}

static gboolean
side_is_british (AdjBattle  *battle,
                 const char *side_id)
{
  AdjSide *side = adj_battle_find_side (battle, side_id);
  json_object *v = NULL;

  return side != NULL && json_object_object_get_ex (side->settings, "british", &v) &&
         json_object_get_boolean (v);
}

/* The card turned last in this phase of this turn, or NULL; *@at gets its place in the
 * journal. */
static AdjEntry *
card_up (AdjBattle *battle,
         guint     *at)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);
  const char *phase = adj_battle_get_phase (battle);

  for (guint next = journal->position; next > 0; next--)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, next - 1);

      if (entry->turn != turn || g_strcmp0 (entry->phase, phase) != 0)
        return NULL;
      if (g_strcmp0 (entry->mechanic, gl_turn_card.id) == 0)
        {
          *at = next - 1;
          return entry;
        }
    }
  return NULL;
}

static gboolean
card_lets_british (AdjEntry *card)
{
  json_object *v = NULL;

  return json_object_object_get_ex (card->outcome, "outcome", &v) &&
         g_strcmp0 (json_object_get_string (v), "british") == 0;
}

static gboolean
card_governs_one_unit (AdjEntry *card)
{
  json_object *v = NULL;

  return !json_object_object_get_ex (card->inputs, "governs", &v) ||
         g_strcmp0 (json_object_get_string (v), "phase") != 0;
}

/* The unit of the side @british, other than @besides (may be NULL), that has acted on the card
 * at @at of the journal, or NULL. */
static AdjUnit *
acted_on_card (AdjBattle *battle,
               guint      at,
               gboolean   british,
               AdjUnit   *besides)
{
  AdjJournal *journal = adj_battle_get_journal (battle);

  for (guint i = at + 1; i < journal->position; i++)
    {
      const char *id = entry_actor (adj_journal_get_entry (journal, i));
      AdjUnit *unit = id != NULL ? adj_battle_find_unit (battle, id) : NULL;

      if (unit != NULL && unit != besides &&
          side_is_british (battle, adj_unit_get_side (unit)) == british)
        return unit;
    }
  return NULL;
}

gboolean
adj_gl_card_waits (AdjBattle *battle)
{
  guint at = 0;
  AdjEntry *card = card_up (battle, &at);

  return card != NULL && card_governs_one_unit (card) &&
         acted_on_card (battle, at, card_lets_british (card), NULL) == NULL;
}

gboolean
gl_legal_card (const AdjContext  *ctx,
               AdjUnit           *unit,
               GError           **error)
{
  gboolean british = side_is_british (ctx->battle, adj_unit_get_side (unit));
  guint at = 0;
  AdjEntry *card = card_up (ctx->battle, &at);
  AdjUnit *other;
  gboolean red_acts;

  if (card == NULL)
    return TRUE;
  red_acts = card_lets_british (card);
  if (british != red_acts)
    return adj_not_allowed (error, red_acts
                            ? _("%s cannot act now: the card turned lets the British act")
                            : _("%s cannot act now: the card turned lets the enemies of the "
                                "British act"), adj_unit_get_name (unit));
  if (!card_governs_one_unit (card) ||
      (other = acted_on_card (ctx->battle, at, british, unit)) == NULL)
    return TRUE;
  return adj_not_allowed (error, _("%s cannot act now: the card turned lets one unit act, and %s "
                                   "has acted on it"), adj_unit_get_name (unit),
                          adj_unit_get_name (other));
}

gboolean
gl_legal_phase (const AdjContext  *ctx,
                const AdjMechanic *mech,
                GError           **error)
{
  const char *now = adj_battle_get_phase (ctx->battle);
  const AdjChoice *its, *current;

  if (mech->phases == NULL || g_strv_contains ((const char * const *) mech->phases, now))
    return TRUE;
  its = adj_ruleset_find_phase (ctx->ruleset, mech->phases[0]);
  current = adj_ruleset_find_phase (ctx->ruleset, now);
  if (its == NULL || current == NULL)
    return TRUE;
  /* TRANSLATORS: e.g. "Fire comes in the Fire phase, and this is the Movement phase" */
  return adj_not_allowed (error, _("%s comes in the %s phase, and this is the %s phase"),
                          adj_gettext (mech->title), adj_gettext (its->label),
                          adj_gettext (current->label));
}

/* Whether the journal shows @unit moving (a move or a charge) or, with @fire, firing earlier
 * this turn. */
static gboolean
done_this_turn (AdjBattle *battle,
                AdjUnit   *unit,
                gboolean   fire)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      gboolean counts = fire ? g_strcmp0 (entry->mechanic, gl_fire.id) == 0
                             : g_strcmp0 (entry->mechanic, gl_movement.id) == 0 ||
                               g_strcmp0 (entry->mechanic, gl_charge.id) == 0;

      if (counts && entry->turn == turn &&
          g_strcmp0 (entry_actor (entry), adj_unit_get_id (unit)) == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
gl_legal_once (const AdjContext  *ctx,
               AdjUnit           *unit,
               gboolean           fire,
               GError           **error)
{
  if (!done_this_turn (ctx->battle, unit, fire))
    return TRUE;
  return adj_not_allowed (error, fire ? _("%s has already fired this turn")
                                      : _("%s has already moved this turn"),
                          adj_unit_get_name (unit));
}

void
gl_turn_state (AdjBattle *battle,
               GPtrArray *facts)
{
  guint at = 0;
  AdjEntry *card = card_up (battle, &at);
  json_object *values = NULL, *name = NULL, *reason = NULL;
  AdjUnit *acted;
  AdjCard turned;

  if (card == NULL)
    {
      adj_turn_facts_add (facts, "card", _("Card up"), "%s",
                          _("None yet in this phase: turn one to see who acts"));
      return;
    }
  json_object_object_get_ex (card->outcome, "values", &values);
  json_object_object_get_ex (values, "card", &name);
  json_object_object_get_ex (card->outcome, "reason", &reason);
  if (!adj_card_parse (json_object_get_string (name), &turned))
    return;
  /* TRANSLATORS: the card turned and what it means, e.g. "7♥ — Field Force act with one unit" */
  adj_turn_facts_add (facts, "card", _("Card up"), _("%s — %s"), adj_card_short_name (turned),
                      json_object_get_string (reason));
  adj_turn_facts_add (facts, "may-do", _("What they may do"), "%s",
                      adj_gl_task_note (adj_battle_get_phase (battle),
                                        card_governs_one_unit (card) ? "unit" : "phase"));
  if (!card_governs_one_unit (card))
    return;
  acted = acted_on_card (battle, at, card_lets_british (card), NULL);
  adj_turn_facts_add (facts, "acted-on-card", _("Acted on it"), "%s",
                      acted != NULL ? adj_unit_get_name (acted) : _("No unit yet"));
}

/* The cards a turn may come from: the draw pile, or the turned cards once it is empty. */
gboolean
gl_pack_counts (const AdjContext  *ctx,
                gboolean         (*match) (AdjCard card, gpointer data),
                gpointer           data,
                guint             *n,
                guint             *hits,
                guint             *turned_n,
                guint             *turned_hits,
                GError           **error)
{
  const AdjCard *draw, *turned;
  guint nd = ADJ_DECK_SIZE, nt = 0;

  *hits = *turned_hits = 0;
  if (ctx->pack == NULL)
    {
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        *hits += match (c, data) ? 1 : 0;
      *n = ADJ_DECK_SIZE;
      *turned_n = 0;
      return TRUE;
    }
  draw = adj_pack_draw_pile (ctx->pack, &nd);
  turned = adj_pack_turned (ctx->pack, &nt);
  for (guint i = 0; i < nd; i++)
    *hits += match (draw[i] % ADJ_DECK_SIZE, data) ? 1 : 0;
  for (guint i = 0; i < nt; i++)
    *turned_hits += match (turned[i] % ADJ_DECK_SIZE, data) ? 1 : 0;
  *n = nd;
  *turned_n = nt;
  if (nd + nt == 0)
    return adj_rules_fail (error, ADJ_ERROR_NOT_ALLOWED,
                           _("The pack has no card left to turn: every card is out"));
  return TRUE;
}

static gboolean
is_red (AdjCard  card,
        gpointer data)
{
  return adj_card_is_red (card);
}

static gboolean
turn_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  const char *british = json_object_get_string (adj_rules_json (ctx->ruleset, "cards", "british"));
  guint n, red, tn, tred;
  guint64 ways[2];

  if (!gl_pack_counts (ctx, is_red, NULL, &n, &red, &tn, &tred, error))
    return FALSE;
  /* An empty draw pile is refilled with the turned cards before the card is turned. */
  if (n == 0)
    {
      n = tn;
      red = tred;
    }
  ways[0] = g_str_equal (british, "red") ? red : n - red;
  ways[1] = n - ways[0];
  adj_declare_outcomes (in->mechanic, odds);
  adj_rules_odds_counts (odds, ways, in->mechanic->n_outcomes, n);
  return TRUE;
}

const AdjMechanic gl_turn_card = {
  .id = "gl/turn-card",
  .title = N_("Turn a card for the turn"),
  .summary = N_("A card from the pack says who acts next: the British on a red card, their "
                "enemies on a black one."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_INPUTS (turn_inputs),
  MECHANIC_OUTCOMES (turn_outcomes),
  .random_note = N_("The odds count the cards still in the pack; once it is empty, the cards "
                    "already turned are shuffled back."),
  .draws = turn_draws,
  .prefill = turn_prefill,
  .resolve = turn_resolve,
  .odds = turn_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Unit make-up                                                                                */

static const AdjField makeup_inputs[] = {
  { .name = "type", .kind = ADJ_FIELD_ENUM, .label = N_("Kind of unit"),
    .choices_from = "unit-types", .def_choice = "british-infantry" },
  INT_INPUT ("guns", N_("Guns or Maxims"), N_("Only for a battery: each gun has its own crew"),
             1, MAX_CREWS, 1),
};

static const AdjChoice makeup_outcomes[] = {
  { "made-up", N_("Unit made up") },
};

static gboolean
makeup_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  const AdjUnitType *type = adj_ruleset_find_unit_type (ctx->ruleset,
                                                        adj_inputs_get_string (in, "type"));
  gboolean per_gun = adj_unit_type_rule_bool (type, "per_gun", FALSE);
  int times = per_gun ? adj_inputs_get_int (in, "guns") : 1;
  int officers = adj_unit_type_rule_int (type, "officers", 0) * times;
  int ncos = adj_unit_type_rule_int (type, "ncos", 0) * times;
  int others = adj_unit_type_rule_int (type, "others", 0) * times;
  const char *morale = adj_unit_type_rule_string (type, "morale");

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                        per_gun ? _("Officers or NCOs in charge") : _("Officer or leader"),
                        TRUE, officers);
  if (ncos > 0)
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("NCOs"), TRUE, ncos);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                        per_gun ? _("Crew") : _("Other ranks"), TRUE, others);
  if (ncos > 0)
    adj_outcome_add_note (outcome, _("An NCO counts as a leader only when the scenario says so "
                                     "(tick “The NCO counts as a leader”)."));
  if (per_gun && times > 1)
    adj_outcome_add_note (outcome, _("Each gun keeps its own crew."));
  adj_outcome_add_note (outcome, _("Its morale is that of %s: it passes on %d or more."),
                        gl_class_label (morale), gl_pass_score (ctx->ruleset, morale));
  adj_outcome_set_result (outcome, "made-up",
                          ngettext ("%s: %d figure", "%s: %d figures", officers + ncos + others),
                          adj_gettext (type->label), officers + ncos + others);
  adj_outcome_set_value_int (outcome, "officers", officers);
  adj_outcome_set_value_int (outcome, "ncos", ncos);
  adj_outcome_set_value_int (outcome, "others", others);
  adj_outcome_set_value_int (outcome, "figures", officers + ncos + others);
  adj_outcome_set_value_string (outcome, "morale", morale);
  return TRUE;
}

const AdjMechanic gl_makeup = {
  .id = "gl/make-up",
  .title = N_("Make up a unit"),
  .summary = N_("The figures a unit is made of: its officer, NCO and other ranks, or a gun’s "
                "crew."),
  .scope = ADJ_SCOPE_SETUP,
  MECHANIC_INPUTS (makeup_inputs),
  MECHANIC_OUTCOMES (makeup_outcomes),
  .resolve = makeup_resolve,
};

const char *
adj_gl_task_note (const char *phase,
                  const char *governs)
{
  gboolean whole = g_strcmp0 (governs, "phase") == 0;

  if (g_strcmp0 (phase, "fire") == 0)
    return whole ? _("Every unit of theirs that can fire, fires; each casualty turns a card.")
                 : _("One of their units fires; each casualty turns a card.");
  return whole ? _("Each of their units tests its morale, then moves or charges.")
               : _("One of their units tests its morale, then moves or charges.");
}

const char *
adj_gl_card_colours_note (void)
{
  return _("A red card lets the British act, a black card their enemies.");
}
