/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-move.c: Redcoats & Natives — movement (rn/movement) and entering hills and woods
 * (rn/rough-ground). */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include "adj-rn-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Movement                                                                                    */

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  TYPE_INPUT ("type", N_("Type"), "infantry", "unit.type"),
  BOOL_FROM ("disrupted", N_("Disrupted"), "unit.status.disrupted"),
  BOOL_FROM ("limbered", N_("Gun limbered behind its transport"), "unit.status.limbered"),
  BOOL_INPUT ("limbering", N_("Limbers or unlimbers this turn"),
              N_("Hooking a gun up to its transport, or unhooking it, takes the whole turn")),
  BOOL_INPUT ("with_commander", N_("Moves together with a commander"), NULL),
  BOOL_INPUT ("road", N_("The whole move follows a road"), NULL),
};

static char *
hexes_label (int value)
{
  return g_strdup_printf (ngettext ("%d hex", "%d hexes", value), value);
}

static gboolean
movement_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *type = adj_rules_input_type (ctx, in, "type");
  gboolean artillery = g_str_equal (type->category, "artillery");
  const char *why = NULL;
  int move = type->move;
  g_autofree char *title = NULL;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, adj_gettext (type->label), TRUE, move);
  /* Against a battle a disrupted unit is refused first; allowed by the referee, it moves. */
  if (adj_inputs_get_bool (in, "disrupted") && ctx->ruling == NULL)
    why = _("A disrupted unit cannot move until it rallies");
  else if (adj_inputs_get_bool (in, "limbering"))
    why = _("Limbering or unlimbering takes the whole turn");
  else if (artillery && adj_inputs_get_bool (in, "limbered"))
    why = _("A limbered gun moves with its transport: move the transport");
  else if (type->move == 0)
    why = _("This gun is too heavy to manhandle: limber it to a transport to move it");

  if (why != NULL)
    {
      adj_outcome_add_note (outcome, "%s.", why);
      move = 0;
    }
  else
    {
      if (adj_inputs_get_bool (in, "with_commander") && !rn_is_commander (type))
        {
          const AdjModifier *m = adj_ruleset_get_modifier (rs, "movement", "with-commander");
          adj_outcome_add_modifier (outcome, NULL, adj_gettext (m->label), m->value);
          move += m->value;
        }
      if (adj_inputs_get_bool (in, "road"))
        {
          const AdjModifier *m = adj_ruleset_get_modifier (rs, "movement", "road");
          adj_outcome_add_modifier (outcome, NULL, adj_gettext (m->label), m->value);
          move += m->value;
        }
      adj_outcome_add_note (outcome, _("Hills and woods may only be entered on a black card "
                                       "(see “Hills and woods”)."));
    }
  title = hexes_label (move);
  adj_outcome_set_number (outcome, move, title, why != NULL ? why : NULL);
  if (why == NULL)
    {
      g_free (outcome->reason);
      outcome->reason = g_strdup_printf (ngettext ("%s may move up to %d hex",
                                              "%s may move up to %d hexes", move),
                                    adj_input_unit_name (ctx, in, "unit",
                                                         adj_gettext (type->label)),
                                    move);
    }
  return TRUE;
}

/* A unit that moves is marked as having moved: it fires with fewer dice this turn. */
static gboolean
movement_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  if (ctx->battle == NULL || adj_input_unit (ctx, in, "unit") == NULL ||
      g_strcmp0 (outcome->key, "0") == 0)
    return TRUE;
  return adj_rules_set_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"),
                                  "status.moved", TRUE, error);
}

/* An activated unit moves once, and before it fights: never after; a disrupted one not at all. */
static gboolean
movement_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_unit (ctx, in, "unit", FALSE, &unit, error))
    return FALSE;
  if (unit == NULL)
    return TRUE;
  if (adj_unit_get_status_bool (unit, "acted"))
    return adj_not_allowed (error, _("%s has acted this turn: a unit moves first and fights "
                                     "after, never the other way round"),
                            adj_unit_get_name (unit));
  if (adj_unit_get_status_bool (unit, "moved"))
    return adj_not_allowed (error, _("%s has already moved this turn"), adj_unit_get_name (unit));
  if (adj_unit_get_status_bool (unit, "disrupted"))
    return adj_not_allowed (error, _("%s is disrupted: it cannot move until it rallies"),
                            adj_unit_get_name (unit));
  return rn_legal_in_order (ctx->battle, unit, error);
}

const AdjMechanic rn_movement = {
  .id = "rn/movement",
  .title = N_("Movement"),
  .summary = N_("How many hexes an activated unit may move: it moves first and fights after, "
                "never the other way round."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (movement_inputs),
  .legal = movement_legal,
  .resolve = movement_resolve,
  .apply = movement_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Hills and woods: only on a black card                                                       */

static const AdjField rough_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  CARD_INPUT ("card", N_("The card it acts on"), "none"),
};

static const AdjChoice rough_outcomes[] = {
  { "may-enter", N_("May enter hills and woods") },
  { "may-not-enter", N_("Must keep out of hills and woods") },
  { "no-card", N_("No card dealt yet") },
};

static gboolean
rough_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  return rn_prefill_card (ctx, in, "unit", "card", error);
}

static gboolean
rough_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  const char *colour = rn_string (ctx->ruleset, "activation", "rough_ground_colour");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  const char *shown = NULL;
  AdjCard card;

  if (!rn_input_card (in, "card", &card))
    {
      adj_outcome_set_result (outcome, "no-card", _("Deal the cards first"));
      return TRUE;
    }
  shown = adj_card_short_name (card);
  if (rn_colour_is (card, colour))
    adj_outcome_set_result (outcome, "may-enter",
                            /* TRANSLATORS: e.g. "Lancers act on 7♣, a black card" */
                            adj_card_is_red (card) ? _("%s acts on %s, a red card")
                                                   : _("%s acts on %s, a black card"),
                            name, shown);
  else
    adj_outcome_set_result (outcome, "may-not-enter",
                            adj_card_is_red (card) ? _("%s acts on %s, a red card")
                                                   : _("%s acts on %s, a black card"),
                            name, shown);
  return TRUE;
}

const AdjMechanic rn_rough_ground = {
  .id = "rn/rough-ground",
  .title = N_("Hills and woods"),
  .summary = N_("A unit may move onto hills or into woods only in a turn it acts on a black "
                "card."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (rough_inputs),
  MECHANIC_OUTCOMES (rough_outcomes),
  .prefill = rough_prefill,
  .resolve = rough_resolve,
};
