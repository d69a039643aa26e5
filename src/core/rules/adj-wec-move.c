/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-move.c: When Empires Clash! — movement and recoil (wec/movement, wec/recoil),
 * withdrawal (wec/withdrawal) and the end of the battle (wec/battle-result). */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include "adj-journal.h"
#include "adj-wec-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Movement and recoil                                                                         */

/* A stand's own move in squares before terrain: dismounted cavalry and mounted commanders move
 * at the rate their type declares for that state; a gun on a large stand does not move by
 * itself at all (a transport stand tows it).  Movement and recoil both ask here, so a stand
 * that cannot move cannot recoil either. */
int
wec_own_move (const AdjUnitType *type,
              gboolean           dismounted,
              gboolean           mounted,
              gboolean           large_stand,
              const char       **why)
{
  if (wec_is_large_gun (type, large_stand))
    {
      *why = _("Gun on a large stand (moves only when towed)");
      return 0;
    }
  if (g_str_equal (type->category, "cavalry") && dismounted)
    {
      *why = _("Dismounted cavalry");
      return adj_unit_type_rule_int (type, "dismounted_move", type->move);
    }
  if (wec_is_command (type) && mounted)
    {
      *why = _("Mounted commander");
      return adj_unit_type_rule_int (type, "mounted_move", type->move);
    }
  *why = adj_gettext (type->label);
  return type->move;
}

/* What only some stands have: cavalry dismounts, a commander rides, a gun has a big stand. */
static const char *const cavalry[] = { "cavalry", NULL };
static const char *const command[] = { "command", NULL };
static const char *const artillery[] = { "artillery", NULL };

/* What the players see on the table comes first, then what the stand is. */
static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Stand")),
  BOOL_INPUT ("road", N_("Whole move along a road"), NULL),
  INT_INPUT ("contours", N_("Hill contours crossed"), NULL, 0, 10, 0),
  TYPE_INPUT ("type", N_("Type"), "regular-infantry", "unit.type"),
  BOOL_FOR ("dismounted", N_("Dismounted cavalry"), "unit.status.dismounted", "type", cavalry),
  BOOL_FOR ("mounted", N_("Mounted commander"), "unit.status.mounted", "type", command),
  BOOL_FOR ("large_stand", N_("Gun on a large stand"), "unit.status.large_stand", "type",
            artillery),
  BOOL_INPUT ("mounting", N_("Mounts or dismounts this turn"),
              N_("Mounting or dismounting takes the whole move")),
};

static gboolean
movement_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *type = adj_rules_input_type (ctx, in, "type");
  const char *why = NULL;
  gboolean large = adj_inputs_get_bool (in, "large_stand");
  int move = wec_own_move (type, adj_inputs_get_bool (in, "dismounted"),
                           adj_inputs_get_bool (in, "mounted"), large, &why);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, why, TRUE, move);
  if (wec_is_large_gun (type, large))
    adj_outcome_add_note (outcome, _("A gun on a large stand moves only when a transport stand "
                                     "tows it: move the transport instead."));
  else if (adj_inputs_get_bool (in, "mounting"))
    {
      adj_outcome_add_note (outcome, _("Mounting or dismounting uses the whole move."));
      move = 0;
    }
  else
    {
      const AdjModifier *road = adj_ruleset_get_modifier (rs, "movement", "road");
      const AdjModifier *contour = adj_ruleset_get_modifier (rs, "movement", "contour");
      int contours = adj_inputs_get_int (in, "contours");

      if (adj_inputs_get_bool (in, "road"))
        {
          adj_outcome_add_modifier (outcome, NULL, adj_gettext (road->label), road->value);
          move += road->value;
        }
      if (contours > 0)
        {
          g_autofree char *label = g_strdup_printf (_("%s (×%d)"), adj_gettext (contour->label),
                                               contours);
          adj_outcome_add_modifier (outcome, NULL, label, contour->value * contours);
          move += contour->value * contours;
        }
      move = MAX (move, 0);
    }
  title = wec_squares_label (move);
  reason = g_strdup_printf (ngettext ("%s may move %d square, straight or diagonally",
                                 "%s may move %d squares, straight or diagonally", move),
                       adj_input_unit_name (ctx, in, "unit", _("The stand")), move);
  adj_outcome_set_number (outcome, move, title, reason);
  return TRUE;
}

/* Whether the journal shows @unit moving earlier this turn. */
static gboolean
moved_this_turn (AdjBattle *battle,
                 AdjUnit   *unit)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      json_object *v = NULL;

      if (entry->turn == turn && g_strcmp0 (entry->mechanic, "wec/movement") == 0 &&
          json_object_object_get_ex (entry->inputs, "unit", &v) &&
          g_strcmp0 (json_object_get_string (v), adj_unit_get_id (unit)) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A stand still on the table that moves acts: its side must have an activation left for it,
 * and an activated stand moves once (before or after it fights). */
static gboolean
movement_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_find_unit (ctx, adj_inputs_get_string (in, "unit"), &unit, error) ||
      !adj_rules_legal_unit (ctx, in, "unit", FALSE, &unit, error))
    return FALSE;
  if (unit == NULL)
    return TRUE;
  if (moved_this_turn (ctx->battle, unit))
    return adj_not_allowed (error, _("%s has already moved this turn"), adj_unit_get_name (unit));
  return wec_activation_legal (ctx->battle, unit, error);
}

/* Only a stand still on the table falls back. */
static gboolean
recoil_legal (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  return adj_rules_legal_unit (ctx, in, "unit", FALSE, NULL, error);
}

static gboolean
movement_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  return wec_record_acted (ctx, changes, adj_inputs_get_string (in, "unit"), error);
}

const AdjMechanic wec_movement = {
  .id = "wec/movement",
  .title = N_("Movement"),
  .summary = N_("How many squares a stand may move this turn, with roads, hills and mounting."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (movement_inputs),
  .legal = movement_legal,
  .resolve = movement_resolve,
  .apply = movement_apply,
};

static const AdjField recoil_inputs[] = {
  UNIT_INPUT ("unit", N_("Recoiling stand")),
  INT_INPUT ("squares_needed", N_("Squares to fall back"),
             N_("How far toward its own baseline it must go to be a square clear of the nearest "
                "enemy"), 0, 30, 1),
  TYPE_INPUT ("type", N_("Type"), "regular-infantry", "unit.type"),
  BOOL_FOR ("dismounted", N_("Dismounted cavalry"), "unit.status.dismounted", "type", cavalry),
  BOOL_FOR ("mounted", N_("Mounted commander"), "unit.status.mounted", "type", command),
  BOOL_FOR ("large_stand", N_("Gun on a large stand"), "unit.status.large_stand", "type",
            artillery),
  BOOL_INPUT ("blocked", N_("The way back is blocked"),
              N_("An obstacle or an enemy is in the way, or it shares its square with a friend")),
};

static const AdjChoice recoil_outcomes[] = {
  { "recoils", N_("Recoils") },
  { "destroyed", N_("Destroyed") },
};

static gboolean
recoil_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  const AdjUnitType *type = adj_rules_input_type (ctx, in, "type");
  const char *why = NULL;
  gboolean large = adj_inputs_get_bool (in, "large_stand");
  int move = wec_own_move (type, adj_inputs_get_bool (in, "dismounted"),
                           adj_inputs_get_bool (in, "mounted"), large, &why);
  int needed = adj_inputs_get_int (in, "squares_needed");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The stand"));

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, why, TRUE, move);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Squares to fall back"), TRUE,
                        needed);
  if (wec_is_large_gun (type, large))
    adj_outcome_set_result (outcome, "destroyed", _("%s cannot move by itself, so it cannot "
                                                    "recoil: a gun on a large stand forced back "
                                                    "is destroyed"), name);
  else if (adj_inputs_get_bool (in, "blocked"))
    adj_outcome_set_result (outcome, "destroyed", _("%s cannot fall back: its way is blocked"),
                            name);
  else if (needed > move)
    adj_outcome_set_result (outcome, "destroyed",
                            ngettext ("%s would need %d square but moves only %d",
                                      "%s would need %d squares but moves only %d", needed),
                            name, needed, move);
  else
    adj_outcome_set_result (outcome, "recoils",
                            ngettext ("%s falls back %d square toward its baseline, keeping its "
                                      "facing within the rear arc",
                                      "%s falls back %d squares toward its baseline, keeping its "
                                      "facing within the rear arc", needed), name, needed);
  return TRUE;
}

static gboolean
destroy_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  if (g_str_equal (outcome->key, "destroyed"))
    return adj_rules_record_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"),
                                       "destroyed", TRUE, error);
  return TRUE;
}

const AdjMechanic wec_recoil = {
  .id = "wec/recoil",
  .title = N_("Recoil"),
  .summary = N_("A stand forced back must end a square clear of the enemy within its move, or "
                "it is destroyed."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (recoil_inputs),
  MECHANIC_OUTCOMES (recoil_outcomes),
  .legal = recoil_legal,
  .resolve = recoil_resolve,
  .apply = destroy_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Withdrawal and the end of the battle                                                        */

static const AdjField withdrawal_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  INT_INPUT ("original_value", N_("Starting value"),
             N_("Every stand the side began with, except the command stand"), 0, 5000, 36),
  INT_INPUT ("destroyed_value", N_("Value destroyed so far"), NULL, 0, 5000, 0),
  INT_INPUT ("entrenchment_lengths", N_("Entrenchment (50 mm lengths)"),
             N_("Counted at half a point each when entrenchments count"), 0, 200, 0),
};

static const AdjChoice withdrawal_outcomes[] = {
  { "fights-on", N_("Fights on") },
  { "must-withdraw", N_("Must withdraw") },
};

static gboolean
withdrawal_prefill (const AdjContext  *ctx,
                    AdjInputs         *in,
                    GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  WecLosses losses;

  if (side == NULL)
    return TRUE;
  wec_side_losses (ctx->battle, side, &losses);
  return adj_inputs_set_int (in, "original_value", losses.original, error) &&
         adj_inputs_set_int (in, "destroyed_value", losses.destroyed, error) &&
         adj_inputs_set_int (in, "entrenchment_lengths", losses.lengths, error);
}

void
wec_side_losses (AdjBattle  *battle,
                 const char *side,
                 WecLosses  *losses)
{
  losses->original = wec_side_sum (battle, side, wec_filter_army, FALSE);
  losses->destroyed = wec_side_sum (battle, side, wec_filter_destroyed_army, FALSE);
  losses->lengths = wec_counted_entrenchment (battle, side);
  losses->original_half = 2 * losses->original + losses->lengths;
  losses->lost_half = 2 * losses->destroyed;
}

/* The loss, in half points, at which a side that began with @original_half must withdraw: the
 * least that is at least the ruleset's percentage of it. */
int
wec_withdrawal_line (AdjRuleset *rs,
                     int         original_half)
{
  int percent = adj_rules_int (rs, "withdrawal", "percent");

  return (percent * original_half + 99) / 100;
}

static gboolean
withdrawal_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  int percent = adj_rules_int (ctx->ruleset, "withdrawal", "percent");
  int original_half = 2 * adj_inputs_get_int (in, "original_value") +
                      adj_inputs_get_int (in, "entrenchment_lengths");
  int lost_half = 2 * adj_inputs_get_int (in, "destroyed_value");
  g_autofree char *original = wec_format_half_points (original_half);
  g_autofree char *lost = wec_format_half_points (lost_half);
  const char *name = wec_side_name (ctx, in, "side", _("The side"));

  if (original_half == 0)
    return adj_not_allowed (error, _("A side with no value cannot lose half of it"));
  if (lost_half > original_half)
    return adj_not_allowed (error, _("More value destroyed (%s) than the side had (%s)"), lost,
                            original);

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Starting value (half points)"), TRUE,
                        original_half);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Destroyed (half points)"), TRUE,
                        lost_half);
  adj_outcome_set_value_int (outcome, "original_half_points", original_half);
  adj_outcome_set_value_int (outcome, "destroyed_half_points", lost_half);
  if (lost_half >= wec_withdrawal_line (ctx->ruleset, original_half))
    adj_outcome_set_result (outcome, "must-withdraw",
                            _("%s has lost %s of its %s points, at least %d%%: it must begin to "
                              "leave the field"), name, lost, original, percent);
  else
    adj_outcome_set_result (outcome, "fights-on",
                            _("%s has lost %s of its %s points, less than %d%%"), name, lost,
                            original, percent);
  return TRUE;
}

const AdjMechanic wec_withdrawal = {
  .id = "wec/withdrawal",
  .title = N_("Withdrawal"),
  .summary = N_("A side that has lost half its starting value, command stand aside, must "
                "withdraw."),
  .scope = ADJ_SCOPE_SIDE,
  MECHANIC_INPUTS (withdrawal_inputs),
  MECHANIC_OUTCOMES (withdrawal_outcomes),
  .prefill = withdrawal_prefill,
  .resolve = withdrawal_resolve,
};

static const AdjField result_inputs[] = {
  SIDE_INPUT ("side_a", N_("First side")),
  SIDE_INPUT ("side_b", N_("Second side")),
  INT_INPUT ("remaining_a", N_("First side’s value left"),
             N_("Every stand not destroyed, the command stand included"), 0, 5000, 0),
  INT_INPUT ("remaining_b", N_("Second side’s value left"),
             N_("Every stand not destroyed, the command stand included"), 0, 5000, 0),
  INT_INPUT ("entrenchment_a", N_("First side’s entrenchment (50 mm lengths)"),
             N_("Entrenchments cannot be destroyed: they count in full when they count at all"),
             0, 200, 0),
  INT_INPUT ("entrenchment_b", N_("Second side’s entrenchment (50 mm lengths)"),
             N_("Entrenchments cannot be destroyed: they count in full when they count at all"),
             0, 200, 0),
};

static const AdjChoice result_outcomes[] = {
  { "draw", N_("Draw") },
  { "side-a-marginal", N_("First side wins a marginal victory") },
  { "side-a-decisive", N_("First side wins a decisive victory") },
  { "side-a-overwhelming", N_("First side wins an overwhelming victory") },
  { "side-b-marginal", N_("Second side wins a marginal victory") },
  { "side-b-decisive", N_("Second side wins a decisive victory") },
  { "side-b-overwhelming", N_("Second side wins an overwhelming victory") },
};

static gboolean
result_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  const char *a = adj_inputs_get_string (in, "side_a");
  const char *b = adj_inputs_get_string (in, "side_b");

  if (a != NULL &&
      (!adj_inputs_set_int (in, "remaining_a",
                            wec_side_sum (ctx->battle, a, wec_filter_remaining, FALSE), error) ||
       !adj_inputs_set_int (in, "entrenchment_a", wec_counted_entrenchment (ctx->battle, a),
                            error)))
    return FALSE;
  if (b != NULL &&
      (!adj_inputs_set_int (in, "remaining_b",
                            wec_side_sum (ctx->battle, b, wec_filter_remaining, FALSE), error) ||
       !adj_inputs_set_int (in, "entrenchment_b", wec_counted_entrenchment (ctx->battle, b),
                            error)))
    return FALSE;
  return TRUE;
}

const char *
wec_victory_level (AdjRuleset *rs,
                   int         lead_half)
{
  /* Margins in half points: below 10 marginal (so 9½ is still marginal), 10 to below 20
   * decisive, 20 or more overwhelming. */
  if (lead_half < 2 * adj_rules_int (rs, "victory", "decisive_from"))
    return "marginal";
  if (lead_half < 2 * adj_rules_int (rs, "victory", "overwhelming_from"))
    return "decisive";
  return "overwhelming";
}

int
wec_side_remaining_half (AdjBattle  *battle,
                         const char *side)
{
  return 2 * wec_side_sum (battle, side, wec_filter_remaining, FALSE) +
         wec_counted_entrenchment (battle, side);
}

static gboolean
result_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  int a = 2 * adj_inputs_get_int (in, "remaining_a") + adj_inputs_get_int (in, "entrenchment_a");
  int b = 2 * adj_inputs_get_int (in, "remaining_b") + adj_inputs_get_int (in, "entrenchment_b");
  int diff = ABS (a - b);
  const char *names[2];
  const char *level;
  g_autofree char *as = wec_format_half_points (a);
  g_autofree char *bs = wec_format_half_points (b);
  g_autofree char *ds = wec_format_half_points (diff);
  g_autofree char *key = NULL;

  names[0] = wec_side_name (ctx, in, "side_a", _("The first side"));
  names[1] = wec_side_name (ctx, in, "side_b", _("The second side"));
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, "side-a", _("First side’s value left (half "
                                                                "points)"), TRUE, a);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, "side-b", _("Second side’s value left (half "
                                                                "points)"), TRUE, b);
  adj_outcome_set_value_int (outcome, "difference_half_points", diff);
  if (diff == 0)
    {
      adj_outcome_set_result (outcome, "draw", _("Both sides have %s points left"), as);
      return TRUE;
    }
  level = wec_victory_level (ctx->ruleset, diff);
  key = g_strdup_printf ("%s-%s", a > b ? "side-a" : "side-b", level);
  adj_outcome_set_result (outcome, key, _("%s keeps %s points against %s: a lead of %s"),
                          names[a > b ? 0 : 1], a > b ? as : bs, a > b ? bs : as, ds);
  /* The title as declared, with the side's name in place of "First/Second side". */
  if (wec_side_named (ctx, in, a > b ? 0 : 1))
    {
      const char *winner = names[a > b ? 0 : 1];

      if (g_str_equal (level, "marginal"))
        adj_outcome_set_title (outcome, _("%s wins a marginal victory"), winner);
      else if (g_str_equal (level, "decisive"))
        adj_outcome_set_title (outcome, _("%s wins a decisive victory"), winner);
      else
        adj_outcome_set_title (outcome, _("%s wins an overwhelming victory"), winner);
    }
  return TRUE;
}

const AdjMechanic wec_battle_result = {
  .id = "wec/battle-result",
  .title = N_("Battle result"),
  .summary = N_("When the battle ends, the side with more value left wins; the lead sets how "
                "great the victory is."),
  .scope = ADJ_SCOPE_BATTLE,
  MECHANIC_INPUTS (result_inputs),
  MECHANIC_OUTCOMES (result_outcomes),
  .prefill = result_prefill,
  .resolve = result_resolve,
};
