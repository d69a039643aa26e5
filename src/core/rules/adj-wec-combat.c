/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-combat.c: When Empires Clash! — fire combat (wec/fire-combat) and close combat
 * (wec/close-combat). */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include "adj-wec-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Fire Combat                                                                                 */

#define COMMAND_INPUT(name_, label_) \
  INT_INPUT (name_, label_, N_("The value of a friendly command stand in an adjacent square, " \
                               "0 when there is none"), 0, 3, 0)

/* What only some stands have: cavalry dismounts, guns are limbered to be towed. */
static const char *const cavalry[] = { "cavalry", NULL };
static const char *const artillery[] = { "artillery", NULL };

/* The distance the players measure comes first, then what the stands are and where. */
static const AdjField fire_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing stand")),
  UNIT_INPUT ("target", N_("Target stand")),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance"),
    .hint = N_("Squares from the firer’s front edge to the target"), .min = 1, .max = 50,
    .def = 2, .measure = "distance" },
  TYPE_INPUT ("firer_type", N_("Firer’s type"), "regular-infantry", "firer.type"),
  { .name = "firer_weapon", .kind = ADJ_FIELD_ENUM, .label = N_("Firer’s weapon"),
    .choices_from = "weapons", .def_choice = "single-shot-rifle", .from = "firer.weapon" },
  DICE_INPUT ("firer_dice", N_("Firer’s dice"), "firer.side.dice"),
  BOOL_FOR ("firer_dismounted", N_("Firer is dismounted cavalry"), "firer.status.dismounted",
            "firer_type", cavalry),
  BOOL_FOR ("firer_limbered", N_("Firer is limbered for towing"), "firer.status.towed",
            "firer_type", artillery),
  COMMAND_INPUT ("firer_command", N_("Command stand next to the firer")),
  TYPE_INPUT ("target_type", N_("Target’s type"), "regular-infantry", "target.type"),
  DICE_INPUT ("target_dice", N_("Target’s dice"), "target.side.dice"),
  COMMAND_INPUT ("target_command", N_("Command stand next to the target")),
  BOOL_FOR ("target_large_stand", N_("Target is a gun on a large stand"),
            "target.status.large_stand", "target_type", artillery),
  BOOL_INPUT ("flank", N_("Firing into the flank or rear"), NULL),
  BOOL_INPUT ("shared_square", N_("Target shares its square with another enemy stand"),
              N_("Guns and machine guns add 2 against such a square")),
  BOOL_INPUT ("firer_moved", N_("Firer moved before firing"),
              N_("Mounted cavalry that moved first subtracts 1")),
  BOOL_INPUT ("target_covered", N_("Target behind a wall, entrenched or in a wood"), NULL),
  BOOL_INPUT ("recoil_blocked", N_("Target could not recoil"),
              N_("It would need more than its move, or an obstacle, an enemy or a friend "
                 "sharing its square is in the way: a recoil destroys it")),
};

static const AdjChoice fire_outcomes[] = {
  { "ineffective", N_("Ineffective") },
  { "recoil", N_("Target recoils") },
  { "destroyed", N_("Target destroyed") },
};

/* What the rules forbid of a fire combat as the inputs describe it: a stand that does not
 * fight or does not carry the weapon, a target adjacent or out of range, a limbered gun,
 * mounted regular cavalry. */
static gboolean
fire_forbidden (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  const AdjUnitType *ft = adj_rules_input_type (ctx, in, "firer_type");
  const AdjWeapon *weapon =
    adj_ruleset_find_weapon (ctx->ruleset, adj_inputs_get_string (in, "firer_weapon"));
  const char *category = wec_fighting_category (ft, adj_inputs_get_bool (in, "firer_dismounted"));
  int distance = adj_inputs_get_int (in, "distance");

  if (ft->weapons[0] == NULL)
    return adj_not_allowed (error, _("A %s stand does not fight"), adj_gettext (ft->label));
  if (!g_strv_contains (ft->weapons, weapon->id))
    return adj_not_allowed (error, _("A %s stand cannot carry a %s"), adj_gettext (ft->label),
                            adj_gettext (weapon->label));
  if (distance <= 1)
    return adj_not_allowed (error, _("Stands in adjacent squares fight a close combat, "
                                     "not a fire combat"));
  if (distance > weapon->range)
    return adj_not_allowed (error, ngettext ("Out of range: the target is %d square away and the "
                                             "weapon (%s) reaches %d",
                                             "Out of range: the target is %d squares away and the "
                                             "weapon (%s) reaches %d", distance),
                            distance, adj_gettext (weapon->label), weapon->range);
  if (adj_inputs_get_bool (in, "firer_limbered"))
    return adj_not_allowed (error, _("A limbered gun cannot fight in a turn it is towed"));
  if (g_str_equal (category, "cavalry") && !adj_unit_type_rule_bool (ft, "fires_mounted", TRUE))
    return adj_not_allowed (error, _("%s cannot fire while mounted: dismount it first"),
                            adj_gettext (ft->label));
  return TRUE;
}

static gboolean
fire_prepare (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjScore          *firer,
              AdjScore          *target,
              GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *ft = adj_rules_input_type (ctx, in, "firer_type");
  const AdjUnitType *tt = adj_rules_input_type (ctx, in, "target_type");
  const char *category = wec_fighting_category (ft, adj_inputs_get_bool (in, "firer_dismounted"));

  /* Allowed by the referee, the combat is worked out all the same. */
  if (ctx->ruling == NULL && !fire_forbidden (ctx, in, error))
    return FALSE;
  adj_score_add (firer, ft->value, _("Stand value (%s)"), adj_gettext (ft->label));
  if (adj_inputs_get_int (in, "firer_command") > 0)
    adj_score_add (firer, adj_inputs_get_int (in, "firer_command"),
                   _("Command stand in an adjacent square"));
  adj_score_add_modifier (firer, rs, "fire-combat", "flank", adj_inputs_get_bool (in, "flank"));
  adj_score_add_modifier (firer, rs, "fire-combat", "guns-vs-shared-square",
                          wec_is_gun (category) && adj_inputs_get_bool (in, "shared_square"));
  adj_score_add_modifier (firer, rs, "fire-combat", "cavalry-moved",
                          g_str_equal (category, "cavalry") &&
                          adj_inputs_get_bool (in, "firer_moved"));
  adj_score_add_modifier (firer, rs, "fire-combat", "target-covered",
                          adj_inputs_get_bool (in, "target_covered"));

  adj_score_add (target, tt->value, _("Stand value (%s)"), adj_gettext (tt->label));
  if (adj_inputs_get_int (in, "target_command") > 0)
    adj_score_add (target, adj_inputs_get_int (in, "target_command"),
                   _("Command stand in an adjacent square"));
  return TRUE;
}

/* The result rule shared by both kinds of combat, in whole numbers: the loser of the
 * comparison fails; a winner scoring at least twice the other's score destroys it. */
typedef enum {
  WEC_NO_EFFECT,     /* the initiator's score is lower */
  WEC_RECOIL,        /* E <= F and 2E > F */
  WEC_DESTROY,       /* 2E <= F */
} WecResult;

static WecResult
wec_result (int initiator,
            int enemy)
{
  if (initiator < enemy)
    return WEC_NO_EFFECT;
  if (2 * enemy > initiator)
    return WEC_RECOIL;
  return WEC_DESTROY;
}

/* Who cannot recoil, for the classify functions: a recoil destroys that stand instead. */
enum {
  CANNOT_RECOIL_INITIATOR = 1 << 0,
  CANNOT_RECOIL_ENEMY = 1 << 1,
};

/* A gun on a large stand cannot move by itself, so it cannot recoil (wec_own_move() gives it
 * no move): forced to, it is destroyed, exactly as a stand whose way back is blocked. */
static gboolean
large_gun_input (const AdjContext *ctx,
                 AdjInputs        *in,
                 const char       *type_input,
                 const char       *large_input)
{
  return wec_is_large_gun (adj_rules_input_type (ctx, in, type_input),
                           adj_inputs_get_bool (in, large_input));
}

static int
fire_cannot_recoil (const AdjContext *ctx,
                    AdjInputs        *in)
{
  return adj_inputs_get_bool (in, "recoil_blocked") ||
         large_gun_input (ctx, in, "target_type", "target_large_stand")
         ? CANNOT_RECOIL_ENEMY : 0;
}

static const char *
fire_classify (int      f,
               int      e,
               gpointer data)
{
  gboolean blocked = (GPOINTER_TO_INT (data) & CANNOT_RECOIL_ENEMY) != 0;

  switch (wec_result (f, e))
    {
    case WEC_NO_EFFECT: return "ineffective";
    case WEC_RECOIL: return blocked ? "destroyed" : "recoil";
    case WEC_DESTROY:
    default: return "destroyed";
    }
}

static void
fire_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  adj_draw_choice (specs, "firer", N_("Firer"), adj_inputs_get_string (in, "firer_dice"));
  adj_draw_choice (specs, "target", N_("Target"), adj_inputs_get_string (in, "target_dice"));
}

static void
explain_result (AdjOutcome *outcome,
                const char *a_label,
                int         a,
                const char *b_label,
                int         b)
{
  g_autofree char *text = NULL;

  switch (wec_result (a, b))
    {
    case WEC_NO_EFFECT:
      /* TRANSLATORS: e.g. "Firer 9 is lower than target 11" */
      text = g_strdup_printf (_("%s %d is lower than %s %d"), a_label, a, b_label, b);
      break;
    case WEC_RECOIL:
      /* TRANSLATORS: e.g. "Firer 14 beats target 9, but not twice over" */
      text = g_strdup_printf (_("%s %d beats %s %d, but not twice over"), a_label, a,
                         b_label, b);
      break;
    case WEC_DESTROY:
    default:
      /* TRANSLATORS: e.g. "Firer 14 is at least twice target 6" */
      text = g_strdup_printf (_("%s %d is at least twice %s %d"), a_label, a, b_label, b);
      break;
    }
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, text, FALSE, 0);
  g_free (outcome->reason);
  outcome->reason = g_steal_pointer (&text);
}

static gboolean
fire_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  AdjDrawSpec f_dice = adj_dice_spec ("firer", N_("Firer"),
                                      adj_inputs_get_string (in, "firer_dice"));
  AdjDrawSpec e_dice = adj_dice_spec ("target", N_("Target"),
                                      adj_inputs_get_string (in, "target_dice"));
  AdjScore firer, target;
  int f, e;
  gboolean ok;
  const char *key;

  adj_score_init (&firer);
  adj_score_init (&target);
  ok = fire_prepare (ctx, in, &firer, &target, error) &&
       adj_score_roll (&firer, f_dice, _("Firer"), random, outcome, &f, error) &&
       adj_score_roll (&target, e_dice, _("Target"), random, outcome, &e, error);
  if (ok)
    {
      key = fire_classify (f, e, GINT_TO_POINTER (fire_cannot_recoil (ctx, in)));
      adj_outcome_set_result (outcome, key, NULL);
      explain_result (outcome, _("Firer"), f, _("target"), e);
      if (wec_result (f, e) == WEC_RECOIL &&
          large_gun_input (ctx, in, "target_type", "target_large_stand"))
        adj_outcome_add_note (outcome, _("The target had to recoil, but a gun on a large stand "
                                         "cannot move by itself, so it is destroyed."));
      else if (wec_result (f, e) == WEC_RECOIL && g_str_equal (key, "destroyed"))
        adj_outcome_add_note (outcome, _("The target had to recoil but could not, so it is "
                                         "destroyed."));
      adj_outcome_set_value_int (outcome, "firer_score", f);
      adj_outcome_set_value_int (outcome, "target_score", e);
    }
  adj_score_clear (&firer);
  adj_score_clear (&target);
  return ok;
}

static gboolean
fire_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  AdjDrawSpec f_dice = adj_dice_spec ("firer", N_("Firer"),
                                      adj_inputs_get_string (in, "firer_dice"));
  AdjDrawSpec e_dice = adj_dice_spec ("target", N_("Target"),
                                      adj_inputs_get_string (in, "target_dice"));
  AdjScore firer, target;
  gboolean ok;

  adj_score_init (&firer);
  adj_score_init (&target);
  ok = fire_prepare (ctx, in, &firer, &target, error);
  if (ok)
    adj_opposed_odds (in->mechanic, f_dice, firer.total, e_dice, target.total, fire_classify,
                      GINT_TO_POINTER (fire_cannot_recoil (ctx, in)), odds);
  adj_score_clear (&firer);
  adj_score_clear (&target);
  return ok;
}

static gboolean
fire_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  if (!wec_record_acted (ctx, changes, adj_inputs_get_string (in, "firer"), error) ||
      !adj_rules_record_unit_bool (ctx, changes, adj_inputs_get_string (in, "firer"),
                                   "status.fought", TRUE, error))
    return FALSE;
  if (g_str_equal (outcome->key, "destroyed"))
    return adj_rules_record_unit_bool (ctx, changes, adj_inputs_get_string (in, "target"),
                                       "destroyed", TRUE, error);
  return TRUE;
}

/* A stand starts at most one combat a turn, against a live enemy stand, and only when it may
 * act. */
static gboolean
initiator_legal (const AdjContext  *ctx,
                 AdjInputs         *in,
                 const char        *initiator,
                 const char        *enemy,
                 GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_pair (ctx, in, initiator, enemy, &unit, error))
    return FALSE;
  if (adj_unit_get_status_bool (unit, "fought"))
    return adj_not_allowed (error, _("%s has already started a combat this turn"),
                            adj_unit_get_name (unit));
  return wec_activation_legal (ctx->battle, unit, error);
}

static gboolean
fire_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  return initiator_legal (ctx, in, "firer", "target", error) && fire_forbidden (ctx, in, error);
}

const AdjMechanic wec_fire_combat = {
  .id = "wec/fire-combat",
  .title = N_("Fire combat"),
  .summary = N_("A stand shoots at an enemy two or more squares away; both roll and add "
                "their modifiers."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (fire_inputs),
  MECHANIC_OUTCOMES (fire_outcomes),
  .draws = fire_draws,
  .legal = fire_legal,
  .resolve = fire_resolve,
  .odds = fire_odds,
  .apply = fire_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Close Combat                                                                                */

static const AdjField close_inputs[] = {
  UNIT_INPUT ("attacker", N_("Stand starting the combat")),
  UNIT_INPUT ("defender", N_("Enemy stand")),
  TYPE_INPUT ("attacker_type", N_("Attacker’s type"), "regular-infantry", "attacker.type"),
  DICE_INPUT ("attacker_dice", N_("Attacker’s dice"), "attacker.side.dice"),
  BOOL_FOR ("attacker_dismounted", N_("Attacker is dismounted cavalry"),
            "attacker.status.dismounted", "attacker_type", cavalry),
  BOOL_FOR ("attacker_limbered", N_("Attacker is limbered for towing"), "attacker.status.towed",
            "attacker_type", artillery),
  BOOL_FOR ("attacker_large_stand", N_("Attacker is a gun on a large stand"),
            "attacker.status.large_stand", "attacker_type", artillery),
  COMMAND_INPUT ("attacker_command", N_("Command stand next to the attacker")),
  INT_INPUT ("attacker_support", N_("Attacker’s supports in adjacent squares"),
             N_("Friendly stands of the same type in the squares around the attacker"), 0, 8, 0),
  BOOL_INPUT ("attacker_backed", N_("Attacker has a same-type stand behind it in its square"),
              NULL),
  TYPE_INPUT ("defender_type", N_("Defender’s type"), "native-infantry", "defender.type"),
  DICE_INPUT ("defender_dice", N_("Defender’s dice"), "defender.side.dice"),
  BOOL_FOR ("defender_dismounted", N_("Defender is dismounted cavalry"),
            "defender.status.dismounted", "defender_type", cavalry),
  BOOL_FOR ("defender_large_stand", N_("Defender is a gun on a large stand"),
            "defender.status.large_stand", "defender_type", artillery),
  COMMAND_INPUT ("defender_command", N_("Command stand next to the defender")),
  INT_INPUT ("defender_support", N_("Defender’s supports in adjacent squares"),
             N_("Friendly stands of the same type in the squares around the defender"), 0, 8, 0),
  BOOL_INPUT ("defender_backed", N_("Defender has a same-type stand behind it in its square"),
              NULL),
  BOOL_INPUT ("flank", N_("Attacking the flank or rear"), NULL),
  BOOL_INPUT ("defender_in_square", N_("Defender is in an intact tactical square"),
              N_("A formed square has no flank or rear to attack")),
  BOOL_INPUT ("isolated_open", N_("Defender stands alone in flat, open country"),
              N_("No friendly stand in the squares around it: cavalry attacking such a foot or "
                 "gun stand adds 3 (not when supports or a command stand are given for it)")),
  BOOL_INPUT ("uphill", N_("Attacking uphill"), NULL),
  BOOL_INPUT ("defender_covered", N_("Defender behind a wall or entrenched"), NULL),
  BOOL_INPUT ("recoil_blocked", N_("The loser could not recoil"),
              N_("It would need more than its move, or an obstacle, an enemy or a friend "
                 "sharing its square is in the way: a recoil destroys it")),
};

static const AdjChoice close_outcomes[] = {
  { "attacker-recoils", N_("Attacker recoils") },
  { "attacker-destroyed", N_("Attacker destroyed") },
  { "defender-recoils", N_("Defender recoils") },
  { "defender-destroyed", N_("Defender destroyed") },
};

static void
close_side (const AdjContext *ctx,
            AdjInputs        *in,
            AdjScore         *score,
            const char       *prefix)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autofree char *type_key = g_strconcat (prefix, "_type", NULL);
  g_autofree char *command_key = g_strconcat (prefix, "_command", NULL);
  g_autofree char *support_key = g_strconcat (prefix, "_support", NULL);
  g_autofree char *backed_key = g_strconcat (prefix, "_backed", NULL);
  const AdjUnitType *type = adj_rules_input_type (ctx, in, type_key);

  adj_score_add (score, type->value, _("Stand value (%s)"), adj_gettext (type->label));
  if (adj_inputs_get_int (in, command_key) > 0)
    adj_score_add (score, adj_inputs_get_int (in, command_key),
                   _("Command stand in an adjacent square"));
  adj_score_add_modifier (score, rs, "close-combat", "support-adjacent",
                          adj_inputs_get_int (in, support_key));
  adj_score_add_modifier (score, rs, "close-combat", "support-same-square",
                          adj_inputs_get_bool (in, backed_key));
}

/* Whether the cavalry bonus against an isolated stand is asked for, by cavalry against a foot
 * or gun stand. */
static gboolean
isolated_bonus_claimed (const AdjContext *ctx,
                        AdjInputs        *in)
{
  const AdjUnitType *at = adj_rules_input_type (ctx, in, "attacker_type");
  const AdjUnitType *dt = adj_rules_input_type (ctx, in, "defender_type");
  const char *acat = wec_fighting_category (at, adj_inputs_get_bool (in, "attacker_dismounted"));
  const char *dcat = wec_fighting_category (dt, adj_inputs_get_bool (in, "defender_dismounted"));

  return adj_inputs_get_bool (in, "isolated_open") && g_str_equal (acat, "cavalry") &&
         (g_str_equal (dcat, "infantry") || wec_is_gun (dcat));
}

/* An isolated stand has no friendly stand in the squares around it (RULES.md): supports in
 * adjacent squares, a same-type stand in its own square or a command stand next to it, given
 * in the same inputs, say it is not isolated, and they win: the bonus is not counted. */
static gboolean
defender_has_friends (AdjInputs *in)
{
  return adj_inputs_get_int (in, "defender_support") > 0 ||
         adj_inputs_get_bool (in, "defender_backed") ||
         adj_inputs_get_int (in, "defender_command") > 0;
}

/* What the rules forbid of a close combat as the inputs describe it: a stand that does not
 * fight, a limbered gun. */
static gboolean
close_forbidden (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  const AdjUnitType *at = adj_rules_input_type (ctx, in, "attacker_type");

  if (at->weapons[0] == NULL)
    return adj_not_allowed (error, _("A %s stand does not start combats"), adj_gettext (at->label));
  if (adj_inputs_get_bool (in, "attacker_limbered"))
    return adj_not_allowed (error, _("A limbered gun cannot fight in a turn it is towed"));
  return TRUE;
}

static gboolean
close_prepare (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjScore          *attacker,
               AdjScore          *defender,
               GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *at = adj_rules_input_type (ctx, in, "attacker_type");
  const char *acat = wec_fighting_category (at, adj_inputs_get_bool (in, "attacker_dismounted"));
  gboolean flank = adj_inputs_get_bool (in, "flank");

  /* Allowed by the referee, the combat is worked out all the same. */
  if (ctx->ruling == NULL && !close_forbidden (ctx, in, error))
    return FALSE;

  close_side (ctx, in, attacker, "attacker");
  adj_score_add_modifier (attacker, rs, "close-combat", "guns-initiating", wec_is_gun (acat));
  adj_score_add_modifier (attacker, rs, "close-combat", "flank",
                          flank && !adj_inputs_get_bool (in, "defender_in_square"));
  adj_score_add_modifier (attacker, rs, "close-combat", "cavalry-vs-isolated",
                          isolated_bonus_claimed (ctx, in) && !defender_has_friends (in));
  adj_score_add_modifier (attacker, rs, "close-combat", "uphill",
                          adj_inputs_get_bool (in, "uphill"));
  adj_score_add_modifier (attacker, rs, "close-combat", "target-covered",
                          adj_inputs_get_bool (in, "defender_covered"));

  close_side (ctx, in, defender, "defender");
  return TRUE;
}

static int
close_cannot_recoil (const AdjContext *ctx,
                     AdjInputs        *in)
{
  int who = adj_inputs_get_bool (in, "recoil_blocked")
            ? CANNOT_RECOIL_INITIATOR | CANNOT_RECOIL_ENEMY : 0;

  if (large_gun_input (ctx, in, "attacker_type", "attacker_large_stand"))
    who |= CANNOT_RECOIL_INITIATOR;
  if (large_gun_input (ctx, in, "defender_type", "defender_large_stand"))
    who |= CANNOT_RECOIL_ENEMY;
  return who;
}

static const char *
close_classify (int      a,
                int      d,
                gpointer data)
{
  int who = GPOINTER_TO_INT (data);

  switch (wec_result (a, d))
    {
    case WEC_NO_EFFECT:
      return (who & CANNOT_RECOIL_INITIATOR) != 0 ? "attacker-destroyed" : "attacker-recoils";
    case WEC_RECOIL:
      return (who & CANNOT_RECOIL_ENEMY) != 0 ? "defender-destroyed" : "defender-recoils";
    case WEC_DESTROY:
    default: return "defender-destroyed";
    }
}

static void
close_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  adj_draw_choice (specs, "attacker", N_("Attacker"), adj_inputs_get_string (in, "attacker_dice"));
  adj_draw_choice (specs, "defender", N_("Defender"), adj_inputs_get_string (in, "defender_dice"));
}

static gboolean
close_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  AdjDrawSpec a_dice = adj_dice_spec ("attacker", N_("Attacker"),
                                      adj_inputs_get_string (in, "attacker_dice"));
  AdjDrawSpec d_dice = adj_dice_spec ("defender", N_("Defender"),
                                      adj_inputs_get_string (in, "defender_dice"));
  AdjScore attacker, defender;
  int a, d;
  gboolean ok;
  int who = close_cannot_recoil (ctx, in);

  adj_score_init (&attacker);
  adj_score_init (&defender);
  ok = close_prepare (ctx, in, &attacker, &defender, error) &&
       adj_score_roll (&attacker, a_dice, _("Attacker"), random, outcome, &a, error) &&
       adj_score_roll (&defender, d_dice, _("Defender"), random, outcome, &d, error);
  if (ok)
    {
      WecResult r;

      adj_outcome_set_result (outcome, close_classify (a, d, GINT_TO_POINTER (who)), NULL);
      explain_result (outcome, _("Attacker"), a, _("defender"), d);
      r = wec_result (a, d);
      if (r == WEC_NO_EFFECT &&
          large_gun_input (ctx, in, "attacker_type", "attacker_large_stand"))
        adj_outcome_add_note (outcome, _("The attacker had to recoil, but a gun on a large stand "
                                         "cannot move by itself, so it is destroyed."));
      else if (r == WEC_RECOIL &&
               large_gun_input (ctx, in, "defender_type", "defender_large_stand"))
        adj_outcome_add_note (outcome, _("The defender had to recoil, but a gun on a large stand "
                                         "cannot move by itself, so it is destroyed."));
      else if (adj_inputs_get_bool (in, "recoil_blocked") && r != WEC_DESTROY)
        adj_outcome_add_note (outcome, _("The losing stand had to recoil but could not, so it is "
                                         "destroyed."));
      if (adj_inputs_get_bool (in, "flank") && adj_inputs_get_bool (in, "defender_in_square"))
        adj_outcome_add_note (outcome, _("No flank bonus: the defender is in a formed square."));
      if (isolated_bonus_claimed (ctx, in) && defender_has_friends (in))
        adj_outcome_add_note (outcome, _("No bonus against an isolated stand: supports or a "
                                         "command stand are given for the defender, so it has "
                                         "friends around it and is not isolated."));
      adj_outcome_set_value_int (outcome, "attacker_score", a);
      adj_outcome_set_value_int (outcome, "defender_score", d);
    }
  adj_score_clear (&attacker);
  adj_score_clear (&defender);
  return ok;
}

static gboolean
close_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  AdjDrawSpec a_dice = adj_dice_spec ("attacker", N_("Attacker"),
                                      adj_inputs_get_string (in, "attacker_dice"));
  AdjDrawSpec d_dice = adj_dice_spec ("defender", N_("Defender"),
                                      adj_inputs_get_string (in, "defender_dice"));
  AdjScore attacker, defender;
  gboolean ok;

  adj_score_init (&attacker);
  adj_score_init (&defender);
  ok = close_prepare (ctx, in, &attacker, &defender, error);
  if (ok)
    adj_opposed_odds (in->mechanic, a_dice, attacker.total, d_dice, defender.total,
                      close_classify, GINT_TO_POINTER (close_cannot_recoil (ctx, in)), odds);
  adj_score_clear (&attacker);
  adj_score_clear (&defender);
  return ok;
}

static gboolean
close_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  const char *attacker = adj_inputs_get_string (in, "attacker");

  if (!wec_record_acted (ctx, changes, attacker, error) ||
      !adj_rules_record_unit_bool (ctx, changes, attacker, "status.fought", TRUE, error))
    return FALSE;
  if (g_str_equal (outcome->key, "defender-destroyed"))
    return adj_rules_record_unit_bool (ctx, changes, adj_inputs_get_string (in, "defender"),
                                       "destroyed", TRUE, error);
  if (g_str_equal (outcome->key, "attacker-destroyed"))
    return adj_rules_record_unit_bool (ctx, changes, attacker, "destroyed", TRUE, error);
  return TRUE;
}

static gboolean
close_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  return initiator_legal (ctx, in, "attacker", "defender", error) &&
         close_forbidden (ctx, in, error);
}

const AdjMechanic wec_close_combat = {
  .id = "wec/close-combat",
  .title = N_("Close combat"),
  .summary = N_("A stand attacks an enemy in an adjacent square; both roll and add their "
                "modifiers."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (close_inputs),
  MECHANIC_OUTCOMES (close_outcomes),
  .draws = close_draws,
  .legal = close_legal,
  .resolve = close_resolve,
  .odds = close_odds,
  .apply = close_apply,
};
