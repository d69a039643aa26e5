/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec.c: When Empires Clash! — every mechanic of the system.
 *
 * The numbers (stand values, moves, ranges, modifiers, the army limits, the commander table,
 * the victory margins) live in data/rulesets/wec.json; this file decides when each applies
 * and what the dice mean.  Results compare whole numbers only: "no more than half" is
 * 2E <= F, never a rounded half.
 */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rules-util.h"
#include "adj-rules.h"

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

static const AdjChoice dice_choices[] = {
  { "2d6", N_("2D6 (European-style army)") },
  { "d12", N_("D12 (native army)") },
};

static const AdjChoice budget_choices[] = {
  { "standard", N_("Equal armies of 36 points") },
  { "rolled", N_("Unequal armies, value rolled on 8D6") },
};

#define DICE_INPUT(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices = dice_choices, \
    .n_choices = G_N_ELEMENTS (dice_choices), .def_choice = "2d6", .from = from_ }
#define TYPE_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "unit-types", \
    .def_choice = def_, .from = from_ }
#define UNIT_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_UNIT, .label = label_, .optional = TRUE }
#define SIDE_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_SIDE, .label = label_, .optional = TRUE }
#define BOOL_INPUT(name_, label_, hint_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_ }
#define BOOL_FROM(name_, label_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .from = from_ }
#define INT_INPUT(name_, label_, hint_, min_, max_, def_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .hint = hint_, .min = min_, \
    .max = max_, .def = def_ }
#define COMMAND_INPUT(name_, label_) \
  INT_INPUT (name_, label_, N_("The value of a friendly command stand in an adjacent square, " \
                               "0 when there is none"), 0, 3, 0)

static const char *const fire_modifiers[] = {
  "flank", "guns-vs-shared-square", "cavalry-moved", "target-covered", NULL
};
static const char *const close_modifiers[] = {
  "support-adjacent", "support-same-square", "guns-initiating", "flank", "cavalry-vs-isolated",
  "uphill", "target-covered", NULL
};
static const char *const movement_modifiers[] = { "road", "contour", NULL };

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static const AdjUnitType *
input_type (const AdjContext *ctx,
            AdjInputs        *in,
            const char       *name)
{
  /* Enum inputs only ever hold a declared choice, so the type exists. */
  return adj_ruleset_find_unit_type (ctx->ruleset, adj_inputs_get_string (in, name));
}

/* The category a stand fights as: dismounted cavalry fights as infantry. */
static const char *
fighting_category (const AdjUnitType *type,
                   gboolean           dismounted)
{
  if (g_str_equal (type->category, "cavalry") && dismounted)
    return "infantry";
  return type->category;
}

static gboolean
is_gun (const char *category)
{
  /* Pom-pom guns are crewed quick-firing guns: they count as guns for both gun bonuses. */
  return g_str_equal (category, "artillery") || g_str_equal (category, "machine-gun") ||
         g_str_equal (category, "pom-pom");
}

static const char *
side_name (const AdjContext *ctx,
           AdjInputs        *in,
           const char       *input,
           const char       *fallback)
{
  const char *id = adj_inputs_get_string (in, input);
  AdjSide *side = NULL;

  if (ctx->battle != NULL && id != NULL)
    side = adj_battle_find_side (ctx->battle, id);
  return side != NULL ? side->name : fallback;
}

/* Classify an opposed roll: the outcome key, or NULL when the round is tied and re-rolled. */
typedef const char *(*ClassifyFunc) (int a, int b, gpointer data);

/* Exact odds of an opposed roll: side A throws @ac dice of @as sides plus @a_mod, side B the
 * same with its own numbers.  Rounds that classify to NULL are rolled again, so the odds are
 * those of the final result, conditional on the round not being tied. */
static void
opposed_odds_dice (const AdjMechanic *mech,
                   guint              ac,
                   guint              as,
                   int                a_mod,
                   guint              bc,
                   guint              bs,
                   int                b_mod,
                   ClassifyFunc       classify,
                   gpointer           data,
                   AdjOdds           *odds)
{
  g_autoptr(AdjDist) a = adj_dist_dice (ac, as);
  g_autoptr(AdjDist) b = adj_dist_dice (bc, bs);
  guint64 total = 0;
  gboolean rerolls = FALSE;

  adj_declare_outcomes (mech, odds);
  for (guint i = 0; i < a->n; i++)
    for (guint j = 0; j < b->n; j++)
      {
        guint64 ways = a->count[i] * b->count[j];
        const char *key;

        if (ways == 0)
          continue;
        key = classify (a->min + (int) i + a_mod, b->min + (int) j + b_mod, data);
        if (key == NULL)
          {
            rerolls = TRUE;
            continue;
          }
        adj_odds_add (odds, key, adj_outcome_label (mech, key), ways);
        total += ways;
      }
  adj_odds_finish (odds, total);
  if (rerolls)
    odds->note = g_strdup (N_("Ties are rolled again: these are the odds of the final result."));
}

static void
opposed_odds (const AdjMechanic *mech,
              const char        *a_choice,
              int                a_mod,
              const char        *b_choice,
              int                b_mod,
              ClassifyFunc       classify,
              gpointer           data,
              AdjOdds           *odds)
{
  guint ac, as, bc, bs;

  adj_dice_choice (a_choice, &ac, &as);
  adj_dice_choice (b_choice, &bc, &bs);
  opposed_odds_dice (mech, ac, as, a_mod, bc, bs, b_mod, classify, data, odds);
}

/* Numeric odds: one entry per possible total of @n dice of @sides plus @shift. */
typedef char *(*NumberLabel) (int value);

static void
sum_odds (guint        n,
          guint        sides,
          int          shift,
          NumberLabel  label_fn,
          AdjOdds     *odds)
{
  g_autoptr(AdjDist) d = adj_dist_dice (n, sides);

  for (guint i = 0; i < d->n; i++)
    {
      int v = d->min + (int) i + shift;
      g_autofree char *key = g_strdup_printf ("%d", v);
      g_autofree char *label = label_fn (v);

      if (d->count[i] > 0)
        adj_odds_add (odds, key, label, d->count[i]);
    }
  adj_odds_finish (odds, d->total);
}

static gboolean
change_unit (const AdjContext  *ctx,
             AdjChangeSet      *changes,
             const char        *unit_id,
             const char        *field,
             json_object       *value,
             GError           **error)
{
  g_autofree char *target = NULL;
  AdjUnit *unit;

  if (!adj_rules_find_unit (ctx, unit_id, &unit, error))
    return FALSE;
  if (unit == NULL)
    return TRUE;
  /* A status field that does not apply to this unit is simply not recorded. */
  if (g_str_has_prefix (field, "status.") &&
      !json_object_object_get_ex (adj_unit_get_status (unit), field + strlen ("status."), NULL))
    return TRUE;
  target = g_strconcat ("unit:", unit_id, NULL);
  return adj_battle_change_field (ctx->battle, changes, target, field, value, error);
}

static gboolean
set_unit_bool (const AdjContext  *ctx,
               AdjChangeSet      *changes,
               const char        *unit_id,
               const char        *field,
               gboolean           value,
               GError           **error)
{
  g_autoptr(json_object) v = adj_json_shared_boolean (value);
  return change_unit (ctx, changes, unit_id, field, v, error);
}

/* Sum stand values over a side's units; the filter decides which count. */
typedef gboolean (*UnitFilter) (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type);

static int
side_sum (AdjBattle  *battle,
          const char *side,
          UnitFilter  filter,
          gboolean    count_only)
{
  GListModel *units = adj_battle_get_units (battle);
  guint n = g_list_model_get_n_items (units);
  int sum = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = adj_battle_unit_type (battle, unit);

      if (g_strcmp0 (adj_unit_get_side (unit), side) != 0 || !filter (battle, unit, type))
        continue;
      sum += count_only ? 1 : MAX (type->value, 0);
    }
  return sum;
}

static gboolean
is_command (const AdjUnitType *type)
{
  return g_str_equal (type->category, "command");
}

static gboolean
filter_army (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !is_command (type);
}

static gboolean
filter_destroyed_army (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !is_command (type) && adj_unit_get_destroyed (unit);
}

static gboolean
filter_remaining (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !adj_unit_get_destroyed (unit);
}

static gboolean
filter_command (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return is_command (type);
}

static gboolean
filter_live_command (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return is_command (type) && !adj_unit_get_destroyed (unit);
}

static gboolean
filter_heavy (AdjBattle *battle, AdjUnit *unit, const AdjUnitType *type)
{
  return !is_command (type) &&
         type->value >= adj_rules_int (adj_battle_get_ruleset (battle), "army", "heavy_threshold");
}

static int
counted_entrenchment (AdjBattle  *battle,
                      const char *side)
{
  json_object *v;

  if (json_object_object_get_ex (adj_battle_get_settings (battle), "count_entrenchments", &v) &&
      !json_object_get_boolean (v))
    return 0;
  return adj_battle_get_side_setting_int (battle, side, "entrenchment_lengths");
}

/* Half points written as "35" or "35½". */
static char *
format_half_points (int half)
{
  if (half % 2 == 0)
    return g_strdup_printf ("%d", half / 2);
  return g_strdup_printf ("%d½", half / 2);
}

/* ------------------------------------------------------------------------------------------ */
/* Fire Combat                                                                                 */

static const AdjField fire_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing stand")),
  UNIT_INPUT ("target", N_("Target stand")),
  TYPE_INPUT ("firer_type", N_("Firer’s type"), "regular-infantry", "firer.type"),
  { .name = "firer_weapon", .kind = ADJ_FIELD_ENUM, .label = N_("Firer’s weapon"),
    .choices_from = "weapons", .def_choice = "single-shot-rifle", .from = "firer.weapon" },
  DICE_INPUT ("firer_dice", N_("Firer’s dice"), "firer.side.dice"),
  BOOL_FROM ("firer_dismounted", N_("Firer is dismounted cavalry"), "firer.status.dismounted"),
  BOOL_FROM ("firer_limbered", N_("Firer is limbered for towing"), "firer.status.towed"),
  COMMAND_INPUT ("firer_command", N_("Command stand next to the firer")),
  TYPE_INPUT ("target_type", N_("Target’s type"), "regular-infantry", "target.type"),
  DICE_INPUT ("target_dice", N_("Target’s dice"), "target.side.dice"),
  COMMAND_INPUT ("target_command", N_("Command stand next to the target")),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance"),
    .hint = N_("Squares from the firer’s front edge to the target"), .min = 1, .max = 50,
    .def = 2, .measure = "distance" },
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

static gboolean
fire_prepare (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjScore          *firer,
              AdjScore          *target,
              GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *ft = input_type (ctx, in, "firer_type");
  const AdjUnitType *tt = input_type (ctx, in, "target_type");
  const AdjWeapon *weapon = adj_ruleset_find_weapon (rs, adj_inputs_get_string (in, "firer_weapon"));
  gboolean dismounted = adj_inputs_get_bool (in, "firer_dismounted");
  const char *category = fighting_category (ft, dismounted);
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

  adj_score_add (firer, ft->value, _("Stand value (%s)"), adj_gettext (ft->label));
  if (adj_inputs_get_int (in, "firer_command") > 0)
    adj_score_add (firer, adj_inputs_get_int (in, "firer_command"),
                   _("Command stand in an adjacent square"));
  adj_score_add_modifier (firer, rs, "fire-combat", "flank", adj_inputs_get_bool (in, "flank"));
  adj_score_add_modifier (firer, rs, "fire-combat", "guns-vs-shared-square",
                          is_gun (category) && adj_inputs_get_bool (in, "shared_square"));
  adj_score_add_modifier (firer, rs, "fire-combat", "cavalry-moved",
                          g_str_equal (category, "cavalry") && adj_inputs_get_bool (in, "firer_moved"));
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

static const char *
fire_classify (int      f,
               int      e,
               gpointer data)
{
  gboolean blocked = GPOINTER_TO_INT (data);

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
  AdjDrawSpec s = { "firer", N_("Firer"), 0, 0 };

  adj_dice_choice (adj_inputs_get_string (in, "firer_dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
  s.group = "target";
  s.label = N_("Target");
  adj_dice_choice (adj_inputs_get_string (in, "target_dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
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
  AdjScore firer, target;
  int fd[2], td[2];
  guint fn, tn;
  int fsum, tsum, f, e;
  guint fc, fs, tc, ts;
  gboolean ok;
  const char *key;

  adj_score_init (&firer);
  adj_score_init (&target);
  ok = fire_prepare (ctx, in, &firer, &target, error) &&
       adj_roll_choice (random, "firer", N_("Firer"), adj_inputs_get_string (in, "firer_dice"),
                        fd, &fn, &fsum, error) &&
       adj_roll_choice (random, "target", N_("Target"), adj_inputs_get_string (in, "target_dice"),
                        td, &tn, &tsum, error);
  if (ok)
    {
      adj_dice_choice (adj_inputs_get_string (in, "firer_dice"), &fc, &fs);
      adj_dice_choice (adj_inputs_get_string (in, "target_dice"), &tc, &ts);
      f = adj_score_explain (&firer, outcome, "firer", _("Firer"), fd, fn, fs);
      e = adj_score_explain (&target, outcome, "target", _("Target"), td, tn, ts);
      key = fire_classify (f, e, GINT_TO_POINTER (adj_inputs_get_bool (in, "recoil_blocked")));
      adj_outcome_set_result (outcome, key, NULL);
      explain_result (outcome, _("Firer"), f, _("target"), e);
      if (wec_result (f, e) == WEC_RECOIL && g_str_equal (key, "destroyed"))
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
  AdjScore firer, target;
  gboolean ok;

  adj_score_init (&firer);
  adj_score_init (&target);
  ok = fire_prepare (ctx, in, &firer, &target, error);
  if (ok)
    opposed_odds (in->mechanic, adj_inputs_get_string (in, "firer_dice"), firer.total,
                  adj_inputs_get_string (in, "target_dice"), target.total, fire_classify,
                  GINT_TO_POINTER (adj_inputs_get_bool (in, "recoil_blocked")), odds);
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
  if (!set_unit_bool (ctx, changes, adj_inputs_get_string (in, "firer"), "status.fought", TRUE,
                      error))
    return FALSE;
  if (g_str_equal (outcome->key, "destroyed"))
    return set_unit_bool (ctx, changes, adj_inputs_get_string (in, "target"), "destroyed", TRUE,
                          error);
  return TRUE;
}

static const AdjMechanic wec_fire_combat = {
  .id = "wec/fire-combat",
  .title = N_("Fire combat"),
  .summary = N_("A stand shoots at an enemy two or more squares away; both roll and add "
                "their modifiers."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = fire_inputs,
  .n_inputs = G_N_ELEMENTS (fire_inputs),
  .outcomes = fire_outcomes,
  .n_outcomes = G_N_ELEMENTS (fire_outcomes),
  .draws = fire_draws,
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
  BOOL_FROM ("attacker_dismounted", N_("Attacker is dismounted cavalry"),
             "attacker.status.dismounted"),
  BOOL_FROM ("attacker_limbered", N_("Attacker is limbered for towing"), "attacker.status.towed"),
  COMMAND_INPUT ("attacker_command", N_("Command stand next to the attacker")),
  INT_INPUT ("attacker_support", N_("Attacker’s supports in adjacent squares"),
             N_("Friendly stands of the same type in the squares around the attacker"), 0, 8, 0),
  BOOL_INPUT ("attacker_backed", N_("Attacker has a same-type stand behind it in its square"),
              NULL),
  TYPE_INPUT ("defender_type", N_("Defender’s type"), "native-infantry", "defender.type"),
  DICE_INPUT ("defender_dice", N_("Defender’s dice"), "defender.side.dice"),
  BOOL_FROM ("defender_dismounted", N_("Defender is dismounted cavalry"),
             "defender.status.dismounted"),
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
                 "gun stand adds 3")),
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
  const AdjUnitType *type = input_type (ctx, in, type_key);

  adj_score_add (score, type->value, _("Stand value (%s)"), adj_gettext (type->label));
  if (adj_inputs_get_int (in, command_key) > 0)
    adj_score_add (score, adj_inputs_get_int (in, command_key),
                   _("Command stand in an adjacent square"));
  adj_score_add_modifier (score, rs, "close-combat", "support-adjacent",
                          adj_inputs_get_int (in, support_key));
  adj_score_add_modifier (score, rs, "close-combat", "support-same-square",
                          adj_inputs_get_bool (in, backed_key));
}

static gboolean
close_prepare (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjScore          *attacker,
               AdjScore          *defender,
               GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjUnitType *at = input_type (ctx, in, "attacker_type");
  const AdjUnitType *dt = input_type (ctx, in, "defender_type");
  const char *acat = fighting_category (at, adj_inputs_get_bool (in, "attacker_dismounted"));
  const char *dcat = fighting_category (dt, adj_inputs_get_bool (in, "defender_dismounted"));
  gboolean flank = adj_inputs_get_bool (in, "flank");

  if (at->weapons[0] == NULL)
    return adj_not_allowed (error, _("A %s stand does not start combats"), adj_gettext (at->label));
  if (adj_inputs_get_bool (in, "attacker_limbered"))
    return adj_not_allowed (error, _("A limbered gun cannot fight in a turn it is towed"));

  close_side (ctx, in, attacker, "attacker");
  adj_score_add_modifier (attacker, rs, "close-combat", "guns-initiating", is_gun (acat));
  adj_score_add_modifier (attacker, rs, "close-combat", "flank",
                          flank && !adj_inputs_get_bool (in, "defender_in_square"));
  adj_score_add_modifier (attacker, rs, "close-combat", "cavalry-vs-isolated",
                          g_str_equal (acat, "cavalry") &&
                          (g_str_equal (dcat, "infantry") || is_gun (dcat)) &&
                          adj_inputs_get_bool (in, "isolated_open"));
  adj_score_add_modifier (attacker, rs, "close-combat", "uphill",
                          adj_inputs_get_bool (in, "uphill"));
  adj_score_add_modifier (attacker, rs, "close-combat", "target-covered",
                          adj_inputs_get_bool (in, "defender_covered"));

  close_side (ctx, in, defender, "defender");
  return TRUE;
}

static const char *
close_classify (int      a,
                int      d,
                gpointer data)
{
  gboolean blocked = GPOINTER_TO_INT (data);

  switch (wec_result (a, d))
    {
    case WEC_NO_EFFECT: return blocked ? "attacker-destroyed" : "attacker-recoils";
    case WEC_RECOIL: return blocked ? "defender-destroyed" : "defender-recoils";
    case WEC_DESTROY:
    default: return "defender-destroyed";
    }
}

static void
close_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec s = { "attacker", N_("Attacker"), 0, 0 };

  adj_dice_choice (adj_inputs_get_string (in, "attacker_dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
  s.group = "defender";
  s.label = N_("Defender");
  adj_dice_choice (adj_inputs_get_string (in, "defender_dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
}

static gboolean
close_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  AdjScore attacker, defender;
  int ad[2], dd[2];
  guint an, dn, ac, as, dc, ds;
  int asum, dsum, a, d;
  gboolean ok;
  gboolean blocked = adj_inputs_get_bool (in, "recoil_blocked");

  adj_score_init (&attacker);
  adj_score_init (&defender);
  ok = close_prepare (ctx, in, &attacker, &defender, error) &&
       adj_roll_choice (random, "attacker", N_("Attacker"),
                        adj_inputs_get_string (in, "attacker_dice"), ad, &an, &asum, error) &&
       adj_roll_choice (random, "defender", N_("Defender"),
                        adj_inputs_get_string (in, "defender_dice"), dd, &dn, &dsum, error);
  if (ok)
    {
      WecResult r;

      adj_dice_choice (adj_inputs_get_string (in, "attacker_dice"), &ac, &as);
      adj_dice_choice (adj_inputs_get_string (in, "defender_dice"), &dc, &ds);
      a = adj_score_explain (&attacker, outcome, "attacker", _("Attacker"), ad, an, as);
      d = adj_score_explain (&defender, outcome, "defender", _("Defender"), dd, dn, ds);
      adj_outcome_set_result (outcome, close_classify (a, d, GINT_TO_POINTER (blocked)), NULL);
      explain_result (outcome, _("Attacker"), a, _("defender"), d);
      r = wec_result (a, d);
      if (blocked && r != WEC_DESTROY)
        adj_outcome_add_note (outcome, _("The losing stand had to recoil but could not, so it is "
                                         "destroyed."));
      if (adj_inputs_get_bool (in, "flank") && adj_inputs_get_bool (in, "defender_in_square"))
        adj_outcome_add_note (outcome, _("No flank bonus: the defender is in a formed square."));
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
  AdjScore attacker, defender;
  gboolean ok;

  adj_score_init (&attacker);
  adj_score_init (&defender);
  ok = close_prepare (ctx, in, &attacker, &defender, error);
  if (ok)
    opposed_odds (in->mechanic, adj_inputs_get_string (in, "attacker_dice"), attacker.total,
                  adj_inputs_get_string (in, "defender_dice"), defender.total, close_classify,
                  GINT_TO_POINTER (adj_inputs_get_bool (in, "recoil_blocked")), odds);
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

  if (!set_unit_bool (ctx, changes, attacker, "status.fought", TRUE, error))
    return FALSE;
  if (g_str_equal (outcome->key, "defender-destroyed"))
    return set_unit_bool (ctx, changes, adj_inputs_get_string (in, "defender"), "destroyed", TRUE,
                          error);
  if (g_str_equal (outcome->key, "attacker-destroyed"))
    return set_unit_bool (ctx, changes, attacker, "destroyed", TRUE, error);
  return TRUE;
}

static const AdjMechanic wec_close_combat = {
  .id = "wec/close-combat",
  .title = N_("Close combat"),
  .summary = N_("A stand attacks an enemy in an adjacent square; both roll and add their "
                "modifiers."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = close_inputs,
  .n_inputs = G_N_ELEMENTS (close_inputs),
  .outcomes = close_outcomes,
  .n_outcomes = G_N_ELEMENTS (close_outcomes),
  .draws = close_draws,
  .resolve = close_resolve,
  .odds = close_odds,
  .apply = close_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Roll-offs: initiative, baselines, terrain                                                   */

static const char *
rolloff_classify (int      a,
                  int      b,
                  gpointer data)
{
  const char *const *keys = data;

  if (a == b)
    return NULL;
  return a > b ? keys[0] : keys[1];
}

/* Both sides roll; the higher wins and a tie is rolled again.  Returns 0 when side A won. */
static gboolean
roll_off (const AdjContext  *ctx,
          AdjInputs         *in,
          AdjRandom         *random,
          AdjOutcome        *outcome,
          guint              ac,
          guint              as,
          guint              bc,
          guint              bs,
          int               *winner,
          GError           **error)
{
  const char *a_name = side_name (ctx, in, "side_a", _("First side"));
  const char *b_name = side_name (ctx, in, "side_b", _("Second side"));

  int tie = 0;

  for (guint round = 1; round <= 1000; round++)
    {
      int ad[2], bd[2];
      int a = 0, b = 0;
      g_autofree char *a_label = NULL;
      g_autofree char *b_label = NULL;

      if (!adj_random_roll (random, "side-a", N_("First side"), ac, as, ad, error) ||
          !adj_random_roll (random, "side-b", N_("Second side"), bc, bs, bd, error))
        {
          if (round > 1)
            g_prefix_error (error, _("Tied at %d, so both sides roll again. "), tie);
          return FALSE;
        }
      for (guint i = 0; i < ac; i++)
        a += ad[i];
      for (guint i = 0; i < bc; i++)
        b += bd[i];

      a_label = g_strdup_printf (_("%s rolls %uD%u"), a_name, ac, as);
      b_label = g_strdup_printf (_("%s rolls %uD%u"), b_name, bc, bs);
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-a", a_label, TRUE, a);
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-b", b_label, TRUE, b);
      if (a != b)
        {
          *winner = a > b ? 0 : 1;
          adj_outcome_set_value_int (outcome, "side_a_roll", a);
          adj_outcome_set_value_int (outcome, "side_b_roll", b);
          adj_outcome_set_value_int (outcome, "rounds", (int) round);
          return TRUE;
        }
      tie = a;
      adj_outcome_add_note (outcome, _("Tied at %d: both roll again."), a);
    }
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED, _("The roll-off never ended"));
  return FALSE;
}

static const AdjField initiative_inputs[] = {
  SIDE_INPUT ("side_a", N_("First side")),
  SIDE_INPUT ("side_b", N_("Second side")),
  DICE_INPUT ("side_a_dice", N_("First side’s dice"), "side_a.dice"),
  DICE_INPUT ("side_b_dice", N_("Second side’s dice"), "side_b.dice"),
};

static const AdjChoice initiative_outcomes[] = {
  { "side-a", N_("First side has the choice") },
  { "side-b", N_("Second side has the choice") },
};

static const char *const side_keys[] = { "side-a", "side-b" };

static void
initiative_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  AdjDrawSpec s = { "side-a", N_("First side"), 0, 0 };

  adj_dice_choice (adj_inputs_get_string (in, "side_a_dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
  s.group = "side-b";
  s.label = N_("Second side");
  adj_dice_choice (adj_inputs_get_string (in, "side_b_dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
}

static gboolean
initiative_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  guint ac, as, bc, bs;
  int winner;
  const char *names[2];

  adj_dice_choice (adj_inputs_get_string (in, "side_a_dice"), &ac, &as);
  adj_dice_choice (adj_inputs_get_string (in, "side_b_dice"), &bc, &bs);
  if (!roll_off (ctx, in, random, outcome, ac, as, bc, bs, &winner, error))
    return FALSE;
  names[0] = side_name (ctx, in, "side_a", _("The first side"));
  names[1] = side_name (ctx, in, "side_b", _("The second side"));
  adj_outcome_set_result (outcome, side_keys[winner],
                          _("%s rolled higher and chooses whether to take the initiative this "
                            "turn"), names[winner]);
  return TRUE;
}

static gboolean
initiative_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  opposed_odds (in->mechanic, adj_inputs_get_string (in, "side_a_dice"), 0,
                adj_inputs_get_string (in, "side_b_dice"), 0, rolloff_classify,
                (gpointer) side_keys, odds);
  return TRUE;
}

static const AdjMechanic wec_initiative = {
  .id = "wec/initiative",
  .title = N_("Initiative"),
  .summary = N_("At the start of a turn both sides roll; the higher chooses to take or pass "
                "the initiative."),
  .scope = ADJ_SCOPE_BATTLE,
  .inputs = initiative_inputs,
  .n_inputs = G_N_ELEMENTS (initiative_inputs),
  .outcomes = initiative_outcomes,
  .n_outcomes = G_N_ELEMENTS (initiative_outcomes),
  .random_note = N_("Ties are rolled again."),
  .draws = initiative_draws,
  .resolve = initiative_resolve,
  .odds = initiative_odds,
};

static const AdjField two_sides_inputs[] = {
  SIDE_INPUT ("side_a", N_("First side")),
  SIDE_INPUT ("side_b", N_("Second side")),
};

static void
two_d6_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  AdjDrawSpec a = { "side-a", N_("First side"), 1, 6 };
  AdjDrawSpec b = { "side-b", N_("Second side"), 1, 6 };

  g_array_append_val (specs, a);
  g_array_append_val (specs, b);
}

static const AdjChoice baseline_outcomes[] = {
  { "side-a", N_("First side chooses its baseline") },
  { "side-b", N_("Second side chooses its baseline") },
};

static gboolean
baselines_resolve (const AdjContext  *ctx,
                   AdjInputs         *in,
                   AdjRandom         *random,
                   AdjOutcome        *outcome,
                   GError           **error)
{
  int winner;
  const char *names[2];

  if (!roll_off (ctx, in, random, outcome, 1, 6, 1, 6, &winner, error))
    return FALSE;
  names[0] = side_name (ctx, in, "side_a", _("The first side"));
  names[1] = side_name (ctx, in, "side_b", _("The second side"));
  adj_outcome_set_result (outcome, side_keys[winner],
                          _("%s rolled higher: it picks the table edge it deploys from, and the "
                            "enemy takes the opposite edge"), names[winner]);
  return TRUE;
}

static gboolean
baselines_odds (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOdds           *odds,
                GError           **error)
{
  opposed_odds_dice (in->mechanic, 1, 6, 0, 1, 6, 0, rolloff_classify, (gpointer) side_keys, odds);
  return TRUE;
}

static const AdjMechanic wec_baselines = {
  .id = "wec/baselines",
  .title = N_("Baselines"),
  .summary = N_("For a one-off battle, after the terrain is placed each side rolls a D6; the "
                "higher picks its table edge."),
  .scope = ADJ_SCOPE_SETUP,
  .inputs = two_sides_inputs,
  .n_inputs = G_N_ELEMENTS (two_sides_inputs),
  .outcomes = baseline_outcomes,
  .n_outcomes = G_N_ELEMENTS (baseline_outcomes),
  .random_note = N_("Ties are rolled again."),
  .draws = two_d6_draws,
  .resolve = baselines_resolve,
  .odds = baselines_odds,
};

static const AdjChoice terrain_outcomes[] = {
  { "side-a", N_("First side places terrain first") },
  { "side-b", N_("Second side places terrain first") },
};

static gboolean
terrain_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  int a, b, winner;
  const char *names[2];

  names[0] = side_name (ctx, in, "side_a", _("The first side"));
  names[1] = side_name (ctx, in, "side_b", _("The second side"));
  if (!adj_random_roll (random, "side-a", N_("First side"), 1, 6, &a, error) ||
      !adj_random_roll (random, "side-b", N_("Second side"), 1, 6, &b, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-a",
                        _("First side’s pieces of terrain (D6)"), TRUE, a);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "side-b",
                        _("Second side’s pieces of terrain (D6)"), TRUE, b);
  adj_outcome_set_value_int (outcome, "pieces_a", a);
  adj_outcome_set_value_int (outcome, "pieces_b", b);

  if (a != b)
    winner = a > b ? 0 : 1;
  else
    {
      /* Equal counts stand; a roll-off, repeated until it differs, decides who begins. */
      adj_outcome_add_note (outcome, _("Equal scores: the sides roll off to see who places "
                                       "first."));
      if (!roll_off (ctx, in, random, outcome, 1, 6, 1, 6, &winner, error))
        return FALSE;
    }
  adj_outcome_set_result (outcome, side_keys[winner],
                          _("%s places %d pieces and %s places %d, taking turns; %s begins"),
                          names[0], a, names[1], b, names[winner]);
  return TRUE;
}

static gboolean
terrain_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  guint64 a_first = 0, b_first = 0;

  /* Over 72 equally likely halves: a tie (6 of 36) gives each side one half. */
  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        if (a > b)
          a_first += 2;
        else if (b > a)
          b_first += 2;
        else
          {
            a_first++;
            b_first++;
          }
      }
  adj_declare_outcomes (in->mechanic, odds);
  adj_odds_add (odds, "side-a", terrain_outcomes[0].label, a_first);
  adj_odds_add (odds, "side-b", terrain_outcomes[1].label, b_first);
  adj_odds_finish (odds, 72);
  return TRUE;
}

static const AdjMechanic wec_terrain = {
  .id = "wec/terrain",
  .title = N_("Terrain pieces"),
  .summary = N_("For a one-off battle each side rolls a D6 for its pieces of terrain; the "
                "higher places first and the sides alternate."),
  .scope = ADJ_SCOPE_SETUP,
  .inputs = two_sides_inputs,
  .n_inputs = G_N_ELEMENTS (two_sides_inputs),
  .outcomes = terrain_outcomes,
  .n_outcomes = G_N_ELEMENTS (terrain_outcomes),
  .random_note = N_("On equal scores the counts stand and a roll-off decides who begins."),
  .draws = two_d6_draws,
  .resolve = terrain_resolve,
  .odds = terrain_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Activation                                                                                  */

static const AdjField activation_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  DICE_INPUT ("dice", N_("Dice"), "side.dice"),
  INT_INPUT ("command_value", N_("Command stand’s value"),
             N_("3 for an exceptional commander, 2 average, 1 poor"), 0, 3, 2),
};

static char *
stands_label (int value)
{
  return g_strdup_printf (ngettext ("%d stand", "%d stands", value), value);
}

static void
activation_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  AdjDrawSpec s = { "side", N_("Side"), 0, 0 };

  adj_dice_choice (adj_inputs_get_string (in, "dice"), &s.count, &s.sides);
  g_array_append_val (specs, s);
}

static gboolean
activation_prefill (const AdjContext  *ctx,
                    AdjInputs         *in,
                    GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  GListModel *units;

  if (side == NULL)
    return TRUE;
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = adj_battle_unit_type (ctx->battle, unit);

      if (g_str_equal (adj_unit_get_side (unit), side) &&
          filter_live_command (ctx->battle, unit, type))
        return adj_inputs_set_int (in, "command_value", type->value, error);
    }
  /* A side whose command stand is gone adds nothing. */
  return adj_inputs_set_int (in, "command_value", 0, error);
}

static gboolean
activation_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  AdjScore score;
  int dice[2];
  guint n, count, sides;
  int sum, total;
  g_autofree char *title = NULL;

  if (!adj_roll_choice (random, "side", N_("Side"), adj_inputs_get_string (in, "dice"), dice, &n,
                        &sum, error))
    return FALSE;
  adj_dice_choice (adj_inputs_get_string (in, "dice"), &count, &sides);
  adj_score_init (&score);
  if (adj_inputs_get_int (in, "command_value") > 0)
    adj_score_add (&score, adj_inputs_get_int (in, "command_value"), _("Command stand’s value"));
  total = adj_score_explain (&score, outcome, "side",
                             side_name (ctx, in, "side", _("Side")), dice, n, sides);
  adj_score_clear (&score);

  title = stands_label (total);
  adj_outcome_set_number (outcome, total, title, NULL);
  g_free (outcome->reason);
  outcome->reason = g_strdup_printf (ngettext ("%s may activate %d stand this turn",
                                          "%s may activate %d stands this turn", total),
                                side_name (ctx, in, "side", _("The side")), total);
  return TRUE;
}

static gboolean
activation_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  guint count, sides;

  adj_dice_choice (adj_inputs_get_string (in, "dice"), &count, &sides);
  sum_odds (count, sides, adj_inputs_get_int (in, "command_value"), stands_label, odds);
  return TRUE;
}

static const AdjMechanic wec_activation = {
  .id = "wec/activation",
  .title = N_("Activation"),
  .summary = N_("A side rolls its dice and adds its command stand’s value: that many stands "
                "may act this turn."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = activation_inputs,
  .n_inputs = G_N_ELEMENTS (activation_inputs),
  .draws = activation_draws,
  .prefill = activation_prefill,
  .resolve = activation_resolve,
  .odds = activation_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Commander rating                                                                            */

static const AdjField rating_inputs[] = {
  UNIT_INPUT ("commander", N_("Command stand")),
};

static const AdjChoice rating_outcomes[] = {
  { "exceptional", N_("Exceptional commander") },
  { "average", N_("Average commander") },
  { "poor", N_("Poor commander") },
};

static void
one_d6_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  AdjDrawSpec s = { "die", N_("Die"), 1, 6 };
  g_array_append_val (specs, s);
}

/* The unit type the commander table gives for a D6 roll. */
static const AdjUnitType *
rating_for_roll (AdjRuleset *rs,
                 int         roll)
{
  json_object *table = NULL;

  json_object_object_get_ex (adj_ruleset_get_json (rs), "commander_rating", &table);
  for (gsize i = 0; i < json_object_array_length (table); i++)
    {
      json_object *row = json_object_array_get_idx (table, i);
      json_object *min, *max, *type;

      json_object_object_get_ex (row, "min", &min);
      json_object_object_get_ex (row, "max", &max);
      json_object_object_get_ex (row, "type", &type);
      if (roll >= json_object_get_int (min) && roll <= json_object_get_int (max))
        return adj_ruleset_find_unit_type (rs, json_object_get_string (type));
    }
  g_return_val_if_reached (NULL);
}

static gboolean
rating_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  AdjUnit *unit;
  const AdjUnitType *type;
  int roll;

  if (!adj_rules_find_unit (ctx, adj_inputs_get_string (in, "commander"), &unit, error))
    return FALSE;
  if (unit != NULL && !is_command (adj_battle_unit_type (ctx->battle, unit)))
    return adj_not_allowed (error, _("%s is not a command stand"), adj_unit_get_name (unit));
  if (!adj_random_roll (random, "die", N_("Die"), 1, 6, &roll, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "die", _("Rating roll (D6)"), TRUE, roll);
  type = rating_for_roll (ctx->ruleset, roll);
  adj_outcome_set_result (outcome, adj_unit_type_rule_string (type, "rating"),
                          _("A roll of %d: the command stand is worth %d"), roll, type->value);
  adj_outcome_set_value_string (outcome, "type", type->id);
  adj_outcome_set_value_int (outcome, "value", type->value);
  return TRUE;
}

static gboolean
rating_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  adj_declare_outcomes (in->mechanic, odds);
  for (int roll = 1; roll <= 6; roll++)
    {
      const AdjUnitType *type = rating_for_roll (ctx->ruleset, roll);
      const char *key = adj_unit_type_rule_string (type, "rating");
      adj_odds_add (odds, key, adj_outcome_label (in->mechanic, key), 1);
    }
  adj_odds_finish (odds, 6);
  return TRUE;
}

static gboolean
rating_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  json_object *type = NULL;

  json_object_object_get_ex (outcome->values, "type", &type);
  return change_unit (ctx, changes, adj_inputs_get_string (in, "commander"), "type", type, error);
}

static const AdjMechanic wec_commander_rating = {
  .id = "wec/commander-rating",
  .title = N_("Commander rating"),
  .summary = N_("For a one-off battle a D6 decides how good a commander is: 6 exceptional, "
                "3 to 5 average, 1 or 2 poor."),
  .scope = ADJ_SCOPE_SETUP,
  .inputs = rating_inputs,
  .n_inputs = G_N_ELEMENTS (rating_inputs),
  .outcomes = rating_outcomes,
  .n_outcomes = G_N_ELEMENTS (rating_outcomes),
  .draws = one_d6_draws,
  .resolve = rating_resolve,
  .odds = rating_odds,
  .apply = rating_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Deployment depth                                                                            */

static const AdjField side_only_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
};

static char *
squares_label (int value)
{
  return g_strdup_printf (ngettext ("%d square", "%d squares", value), value);
}

static gboolean
deployment_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  int roll;
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  if (!adj_random_roll (random, "die", N_("Die"), 1, 6, &roll, error))
    return FALSE;
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, "die", _("Deployment roll (D6)"), TRUE, roll);
  title = squares_label (roll);
  reason = g_strdup_printf (ngettext ("%s deploys up to %d square in from its baseline",
                                 "%s deploys up to %d squares in from its baseline", roll),
                       side_name (ctx, in, "side", _("The side")), roll);
  adj_outcome_set_number (outcome, roll, title, reason);
  return TRUE;
}

static gboolean
deployment_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  sum_odds (1, 6, 0, squares_label, odds);
  return TRUE;
}

static const AdjMechanic wec_deployment = {
  .id = "wec/deployment",
  .title = N_("Deployment depth"),
  .summary = N_("For a one-off battle each side rolls a D6: it may deploy that many squares in "
                "from its baseline."),
  .scope = ADJ_SCOPE_SETUP,
  .inputs = side_only_inputs,
  .n_inputs = G_N_ELEMENTS (side_only_inputs),
  .draws = one_d6_draws,
  .resolve = deployment_resolve,
  .odds = deployment_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Army value and limits                                                                       */

static char *
points_label (int value)
{
  return g_strdup_printf (ngettext ("%d point", "%d points", value), value);
}

/* The most points an army of value @value may put on stands worth 4 or more, when rolled. */
static int
rolled_heavy_cap (AdjRuleset *rs,
                  int         value)
{
  return value * adj_rules_int (rs, "army", "rolled_heavy_percent") / 100;
}

static void
army_value_draws (const AdjContext *ctx,
                  AdjInputs        *in,
                  GArray           *specs)
{
  AdjDrawSpec s = { "army", N_("Army value"), 0, 6 };

  s.count = (guint) adj_rules_int (ctx->ruleset, "army", "rolled_dice");
  g_array_append_val (specs, s);
}

static gboolean
army_value_resolve (const AdjContext  *ctx,
                    AdjInputs         *in,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    GError           **error)
{
  guint n = (guint) adj_rules_int (ctx->ruleset, "army", "rolled_dice");
  int dice[16];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;
  int sum = 0, cap;

  g_return_val_if_fail (n <= G_N_ELEMENTS (dice), FALSE);
  if (!adj_random_roll (random, "army", N_("Army value"), n, 6, dice, error))
    return FALSE;
  sum = adj_dice_append (text, dice, n, " + ");
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, "army", TRUE, sum,
                         _("Army value (%uD6): %s"), n, text->str);
  cap = rolled_heavy_cap (ctx->ruleset, sum);
  title = points_label (sum);
  reason = g_strdup_printf (_("An army of %d points, at most %d of them on stands worth %d or "
                         "more"), sum, cap,
                       adj_rules_int (ctx->ruleset, "army", "heavy_threshold"));
  adj_outcome_set_number (outcome, sum, title, reason);
  adj_outcome_set_value_int (outcome, "heavy_cap", cap);
  return TRUE;
}

static gboolean
army_value_odds (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjOdds           *odds,
                 GError           **error)
{
  sum_odds ((guint) adj_rules_int (ctx->ruleset, "army", "rolled_dice"), 6, 0, points_label, odds);
  return TRUE;
}

static gboolean
army_value_apply (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjOutcome        *outcome,
                  AdjChangeSet      *changes,
                  GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  g_autofree char *target = NULL;
  g_autoptr(json_object) rolled = json_object_new_string ("rolled");
  g_autoptr(json_object) value = adj_json_shared_int (adj_outcome_get_value_int (outcome, "result",
                                                                                 0));

  if (side == NULL)
    return TRUE;
  target = g_strconcat ("side:", side, NULL);
  return adj_battle_change_field (ctx->battle, changes, target, "settings.budget", rolled, error) &&
         adj_battle_change_field (ctx->battle, changes, target, "settings.rolled_value", value,
                                  error);
}

static const AdjMechanic wec_army_value = {
  .id = "wec/army-value",
  .title = N_("Army value"),
  .summary = N_("For unequal armies each side rolls 8D6 for the points it may spend."),
  .scope = ADJ_SCOPE_SETUP,
  .inputs = side_only_inputs,
  .n_inputs = G_N_ELEMENTS (side_only_inputs),
  .draws = army_value_draws,
  .resolve = army_value_resolve,
  .odds = army_value_odds,
  .apply = army_value_apply,
};

/* The three limits of an army, written into @report.  Points are counted in halves because
 * an entrenchment length is worth half a point. */
static void
army_limits (AdjRuleset    *rs,
             gboolean       rolled,
             int            rolled_value,
             int            total,
             int            heavy,
             int            lengths,
             int            commands,
             AdjArmyReport *report)
{
  int threshold = adj_rules_int (rs, "army", "heavy_threshold");
  int budget = rolled ? rolled_value : adj_rules_int (rs, "army", "standard_points");
  int half = 2 * total + lengths;
  int need_commands = adj_rules_int (rs, "army", "command_stands");
  g_autofree char *shown = format_half_points (half);

  json_object_object_add (report->values, "total_half_points", adj_json_shared_int (half));
  json_object_object_add (report->values, "total", json_object_new_string (shown));
  json_object_object_add (report->values, "budget", adj_json_shared_int (budget));
  json_object_object_add (report->values, "heavy", adj_json_shared_int (heavy));
  json_object_object_add (report->values, "command_stands", adj_json_shared_int (commands));

  adj_army_report_add (report, "points", _("Points"), half <= 2 * budget,
                       _("%s of %d points (the command stand is not counted)"), shown, budget);
  if (rolled)
    {
      int percent = adj_rules_int (rs, "army", "rolled_heavy_percent");
      adj_army_report_add (report, "heavy", _("Stands worth 4 or more"),
                           heavy * 100 <= percent * rolled_value,
                           _("%d points on stands worth %d or more; at most %d%% of %d, that is "
                             "%d"), heavy, threshold, percent, rolled_value,
                           rolled_heavy_cap (rs, rolled_value));
    }
  else
    {
      int cap = adj_rules_int (rs, "army", "standard_heavy_points");
      adj_army_report_add (report, "heavy", _("Stands worth 4 or more"), heavy <= cap,
                           _("%d points on stands worth %d or more; at most %d"), heavy,
                           threshold, cap);
    }
  adj_army_report_add (report, "command", _("Command stand"), commands == need_commands,
                       ngettext ("%d command stand; an army has exactly %d",
                                 "%d command stands; an army has exactly %d", commands),
                       commands, need_commands);
}

static const AdjField limits_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  { .name = "budget", .kind = ADJ_FIELD_ENUM, .label = N_("Army size"), .choices = budget_choices,
    .n_choices = G_N_ELEMENTS (budget_choices), .def_choice = "standard", .from = "side.budget" },
  { .name = "rolled_value", .kind = ADJ_FIELD_INT, .label = N_("Rolled army value"),
    .min = 8, .max = 48, .def = 36, .from = "side.rolled_value" },
  INT_INPUT ("total_value", N_("Points spent"),
             N_("The value of every stand but the command stand"), 0, 5000, 0),
  INT_INPUT ("heavy_value", N_("Points on stands worth 4 or more"), NULL, 0, 5000, 0),
  { .name = "entrenchment_lengths", .kind = ADJ_FIELD_INT,
    .label = N_("Entrenchment (50 mm lengths)"), .min = 0, .max = 200, .def = 0,
    .from = "side.entrenchment_lengths" },
  INT_INPUT ("command_stands", N_("Command stands"), NULL, 0, 10, 1),
};

static const AdjChoice limits_outcomes[] = {
  { "legal", N_("Within the limits") },
  { "illegal", N_("Breaks a limit") },
};

static gboolean
limits_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");

  if (side == NULL)
    return TRUE;
  return adj_inputs_set_int (in, "total_value",
                             side_sum (ctx->battle, side, filter_army, FALSE), error) &&
         adj_inputs_set_int (in, "heavy_value",
                             side_sum (ctx->battle, side, filter_heavy, FALSE), error) &&
         adj_inputs_set_int (in, "command_stands",
                             side_sum (ctx->battle, side, filter_command, TRUE), error);
}

static gboolean
limits_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  g_autoptr(AdjArmyReport) report = adj_army_report_new ();
  g_autoptr(GString) problems = g_string_new (NULL);

  army_limits (ctx->ruleset, g_str_equal (adj_inputs_get_string (in, "budget"), "rolled"),
               adj_inputs_get_int (in, "rolled_value"), adj_inputs_get_int (in, "total_value"),
               adj_inputs_get_int (in, "heavy_value"),
               adj_inputs_get_int (in, "entrenchment_lengths"),
               adj_inputs_get_int (in, "command_stands"), report);
  for (guint i = 0; i < report->checks->len; i++)
    {
      AdjArmyCheck *c = g_ptr_array_index (report->checks, i);
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0, "%s %s: %s",
                             c->ok ? "✓" : "✗", c->label, c->detail);
      if (!c->ok)
        g_string_append_printf (problems, "%s%s", problems->len > 0 ? "; " : "", c->detail);
    }
  json_object_object_foreach (report->values, key, val)
    json_object_object_add (outcome->values, key, json_object_get (val));

  if (problems->len == 0)
    adj_outcome_set_result (outcome, "legal", _("Every limit is kept"));
  else
    adj_outcome_set_result (outcome, "illegal", "%s", problems->str);
  return TRUE;
}

static const AdjMechanic wec_army_limits = {
  .id = "wec/army-limits",
  .title = N_("Army limits"),
  .summary = N_("Checks an army against its points, the cap on stands worth 4 or more, and its "
                "single command stand."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = limits_inputs,
  .n_inputs = G_N_ELEMENTS (limits_inputs),
  .outcomes = limits_outcomes,
  .n_outcomes = G_N_ELEMENTS (limits_outcomes),
  .prefill = limits_prefill,
  .resolve = limits_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Movement and recoil                                                                         */

/* A stand's move in squares before terrain: dismounted cavalry and mounted commanders move at
 * the rate their type declares for that state. */
static int
base_move (const AdjUnitType *type,
           gboolean           dismounted,
           gboolean           mounted,
           const char       **why)
{
  if (g_str_equal (type->category, "cavalry") && dismounted)
    {
      *why = _("Dismounted cavalry");
      return adj_unit_type_rule_int (type, "dismounted_move", type->move);
    }
  if (is_command (type) && mounted)
    {
      *why = _("Mounted commander");
      return adj_unit_type_rule_int (type, "mounted_move", type->move);
    }
  *why = adj_gettext (type->label);
  return type->move;
}

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Stand")),
  TYPE_INPUT ("type", N_("Type"), "regular-infantry", "unit.type"),
  BOOL_FROM ("dismounted", N_("Dismounted cavalry"), "unit.status.dismounted"),
  BOOL_FROM ("mounted", N_("Mounted commander"), "unit.status.mounted"),
  BOOL_FROM ("large_stand", N_("Gun on a large stand"), "unit.status.large_stand"),
  BOOL_INPUT ("road", N_("Whole move along a road"), NULL),
  INT_INPUT ("contours", N_("Hill contours crossed"), NULL, 0, 10, 0),
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
  const AdjUnitType *type = input_type (ctx, in, "type");
  const char *why = NULL;
  int move = base_move (type, adj_inputs_get_bool (in, "dismounted"),
                        adj_inputs_get_bool (in, "mounted"), &why);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, why, TRUE, move);
  if (g_str_equal (type->category, "artillery") && adj_inputs_get_bool (in, "large_stand"))
    {
      adj_outcome_add_note (outcome, _("A gun on a large stand moves only when a transport stand "
                                       "tows it: move the transport instead."));
      move = 0;
    }
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
  title = squares_label (move);
  reason = g_strdup_printf (ngettext ("%s may move %d square, straight or diagonally",
                                 "%s may move %d squares, straight or diagonally", move),
                       adj_input_unit_name (ctx, in, "unit", _("The stand")), move);
  adj_outcome_set_number (outcome, move, title, reason);
  return TRUE;
}

static const AdjMechanic wec_movement = {
  .id = "wec/movement",
  .title = N_("Movement"),
  .summary = N_("How many squares a stand may move this turn, with roads, hills and mounting."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = movement_inputs,
  .n_inputs = G_N_ELEMENTS (movement_inputs),
  .resolve = movement_resolve,
};

static const AdjField recoil_inputs[] = {
  UNIT_INPUT ("unit", N_("Recoiling stand")),
  TYPE_INPUT ("type", N_("Type"), "regular-infantry", "unit.type"),
  BOOL_FROM ("dismounted", N_("Dismounted cavalry"), "unit.status.dismounted"),
  BOOL_FROM ("mounted", N_("Mounted commander"), "unit.status.mounted"),
  INT_INPUT ("squares_needed", N_("Squares to fall back"),
             N_("How far toward its own baseline it must go to be a square clear of the nearest "
                "enemy"), 0, 30, 1),
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
  const AdjUnitType *type = input_type (ctx, in, "type");
  const char *why = NULL;
  int move = base_move (type, adj_inputs_get_bool (in, "dismounted"),
                        adj_inputs_get_bool (in, "mounted"), &why);
  int needed = adj_inputs_get_int (in, "squares_needed");
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The stand"));

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, why, TRUE, move);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Squares to fall back"), TRUE,
                        needed);
  if (adj_inputs_get_bool (in, "blocked"))
    adj_outcome_set_result (outcome, "destroyed", _("%s cannot fall back: its way is blocked"),
                            name);
  else if (needed > move)
    adj_outcome_set_result (outcome, "destroyed",
                            _("%s would need %d squares but moves only %d"), name, needed, move);
  else
    adj_outcome_set_result (outcome, "recoils",
                            _("%s falls back %d squares toward its baseline, keeping its facing "
                              "within the rear arc"), name, needed);
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
    return set_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"), "destroyed", TRUE,
                          error);
  return TRUE;
}

static const AdjMechanic wec_recoil = {
  .id = "wec/recoil",
  .title = N_("Recoil"),
  .summary = N_("A stand forced back must end a square clear of the enemy within its move, or "
                "it is destroyed."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = recoil_inputs,
  .n_inputs = G_N_ELEMENTS (recoil_inputs),
  .outcomes = recoil_outcomes,
  .n_outcomes = G_N_ELEMENTS (recoil_outcomes),
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

  if (side == NULL)
    return TRUE;
  return adj_inputs_set_int (in, "original_value",
                             side_sum (ctx->battle, side, filter_army, FALSE), error) &&
         adj_inputs_set_int (in, "destroyed_value",
                             side_sum (ctx->battle, side, filter_destroyed_army, FALSE), error) &&
         adj_inputs_set_int (in, "entrenchment_lengths",
                             counted_entrenchment (ctx->battle, side), error);
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
  g_autofree char *original = format_half_points (original_half);
  g_autofree char *lost = format_half_points (lost_half);
  const char *name = side_name (ctx, in, "side", _("The side"));

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
  if (lost_half * 100 >= percent * original_half)
    adj_outcome_set_result (outcome, "must-withdraw",
                            _("%s has lost %s of its %s points, at least %d%%: it must begin to "
                              "leave the field"), name, lost, original, percent);
  else
    adj_outcome_set_result (outcome, "fights-on",
                            _("%s has lost %s of its %s points, less than %d%%"), name, lost,
                            original, percent);
  return TRUE;
}

static const AdjMechanic wec_withdrawal = {
  .id = "wec/withdrawal",
  .title = N_("Withdrawal"),
  .summary = N_("A side that has lost half its starting value, command stand aside, must "
                "withdraw."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = withdrawal_inputs,
  .n_inputs = G_N_ELEMENTS (withdrawal_inputs),
  .outcomes = withdrawal_outcomes,
  .n_outcomes = G_N_ELEMENTS (withdrawal_outcomes),
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
      (!adj_inputs_set_int (in, "remaining_a", side_sum (ctx->battle, a, filter_remaining, FALSE),
                            error) ||
       !adj_inputs_set_int (in, "entrenchment_a", counted_entrenchment (ctx->battle, a), error)))
    return FALSE;
  if (b != NULL &&
      (!adj_inputs_set_int (in, "remaining_b", side_sum (ctx->battle, b, filter_remaining, FALSE),
                            error) ||
       !adj_inputs_set_int (in, "entrenchment_b", counted_entrenchment (ctx->battle, b), error)))
    return FALSE;
  return TRUE;
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
  int decisive = 2 * adj_rules_int (ctx->ruleset, "victory", "decisive_from");
  int overwhelming = 2 * adj_rules_int (ctx->ruleset, "victory", "overwhelming_from");
  const char *names[2];
  const char *level;
  g_autofree char *as = format_half_points (a);
  g_autofree char *bs = format_half_points (b);
  g_autofree char *ds = format_half_points (diff);
  g_autofree char *key = NULL;

  names[0] = side_name (ctx, in, "side_a", _("The first side"));
  names[1] = side_name (ctx, in, "side_b", _("The second side"));
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
  /* Margins in half points: below 10 marginal (so 9½ is still marginal), 10 to below 20
   * decisive, 20 or more overwhelming. */
  if (diff < decisive)
    level = "marginal";
  else if (diff < overwhelming)
    level = "decisive";
  else
    level = "overwhelming";
  key = g_strdup_printf ("%s-%s", a > b ? "side-a" : "side-b", level);
  adj_outcome_set_result (outcome, key, _("%s keeps %s points against %s: a lead of %s"),
                          names[a > b ? 0 : 1], a > b ? as : bs, a > b ? bs : as, ds);
  return TRUE;
}

static const AdjMechanic wec_battle_result = {
  .id = "wec/battle-result",
  .title = N_("Battle result"),
  .summary = N_("When the battle ends, the side with more value left wins; the lead sets how "
                "great the victory is."),
  .scope = ADJ_SCOPE_BATTLE,
  .inputs = result_inputs,
  .n_inputs = G_N_ELEMENTS (result_inputs),
  .outcomes = result_outcomes,
  .n_outcomes = G_N_ELEMENTS (result_outcomes),
  .prefill = result_prefill,
  .resolve = result_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* The system                                                                                  */

static gboolean
wec_check_ruleset (AdjRuleset  *rs,
                   GError     **error)
{
  static const char *const army_keys[] = {
    "standard_points", "heavy_threshold", "standard_heavy_points", "rolled_dice",
    "rolled_heavy_percent", "command_stands", NULL
  };
  static const char *const withdrawal_keys[] = { "percent", NULL };
  static const char *const victory_keys[] = { "decisive_from", "overwhelming_from", NULL };
  static const char *const categories[] = {
    "infantry", "cavalry", "artillery", "machine-gun", "pom-pom", "transport", "command", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  json_object *table;
  int covered[7] = { 0 };
  g_autoptr(GPtrArray) templates = NULL;

  if (!adj_ruleset_require_modifiers (rs, "fire-combat", fire_modifiers, error) ||
      !adj_ruleset_require_modifiers (rs, "close-combat", close_modifiers, error) ||
      !adj_ruleset_require_modifiers (rs, "movement", movement_modifiers, error) ||
      !adj_rules_check_section_ints (rs, "army", army_keys, 0, 1000, error) ||
      !adj_rules_check_section_ints (rs, "withdrawal", withdrawal_keys, 1, 100, error) ||
      !adj_rules_check_section_ints (rs, "victory", victory_keys, 1, 1000, error))
    return FALSE;
  if (adj_rules_int (rs, "army", "rolled_dice") > 16 || adj_rules_int (rs, "army", "rolled_dice") < 1)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.army.rolled_dice",
                          _("expected from 1 to 16 dice"));

  for (guint i = 0; categories[i] != NULL; i++)
    if (adj_ruleset_find_category (rs, categories[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.categories",
                            _("the category “%s” is missing"), categories[i]);
  if (adj_ruleset_find_side_field (rs, "dice") == NULL ||
      adj_ruleset_find_side_field (rs, "entrenchment_lengths") == NULL ||
      adj_ruleset_find_side_field (rs, "budget") == NULL ||
      adj_ruleset_find_side_field (rs, "rolled_value") == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.side_fields",
                          _("expected the side fields dice, budget, rolled_value and "
                            "entrenchment_lengths"));

  /* The commander table must give exactly one rating for every face of the die. */
  if (!adj_json_get_array (adj_ruleset_get_json (rs), "commander_rating", TRUE, &table, file, "$",
                           error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (table); i++)
    {
      static const char *const keys[] = { "min", "max", "type", NULL };
      json_object *row = json_object_array_get_idx (table, i);
      g_autofree char *where = adj_json_path_index ("$.commander_rating", i);
      gint64 min, max;
      const char *type_id;
      const AdjUnitType *type;
      const char *rating;

      if (!adj_json_expect_object (row, file, where, error) ||
          !adj_json_check_keys (row, keys, file, where, error) ||
          !adj_json_get_int (row, "min", TRUE, 1, 6, &min, file, where, error) ||
          !adj_json_get_int (row, "max", TRUE, min, 6, &max, file, where, error) ||
          !adj_json_get_string (row, "type", TRUE, &type_id, file, where, error))
        return FALSE;
      type = adj_ruleset_find_unit_type (rs, type_id);
      rating = type != NULL ? adj_unit_type_rule_string (type, "rating") : NULL;
      if (type == NULL || !is_command (type) ||
          adj_field_find_choice (rating_outcomes, G_N_ELEMENTS (rating_outcomes), rating) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected a command stand type with a rating of exceptional, "
                                "average or poor"));
      for (gint64 r = min; r <= max; r++)
        covered[r]++;
    }
  for (int r = 1; r <= 6; r++)
    if (covered[r] != 1)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.commander_rating",
                            _("the roll %d must appear in exactly one row"), r);

  /* Templates must load, and total what their source says. */
  templates = adj_army_templates (rs, error);
  if (templates == NULL)
    return FALSE;
  for (guint i = 0; i < templates->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (templates, i);
      g_autoptr(AdjArmyReport) report = adj_army_check (army, error);
      json_object *half;
      g_autofree char *where = adj_json_path_index ("$.templates", i);

      if (report == NULL)
        return FALSE;
      json_object_object_get_ex (report->values, "total_half_points", &half);
      if (army->book_total >= 0 && json_object_get_int (half) != 2 * army->book_total)
        {
          g_autofree char *shown = format_half_points (json_object_get_int (half));
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("the army “%s” totals %s points, not the %d its source gives"),
                                army->id, shown, army->book_total);
        }
    }
  return TRUE;
}

static gboolean
wec_check_army (AdjRuleset     *rs,
                AdjArmy        *army,
                AdjArmyReport  *report,
                GError        **error)
{
  int threshold = adj_rules_int (rs, "army", "heavy_threshold");
  int total = 0, heavy = 0, commands = 0, stands = 0;
  json_object *v;
  const char *budget = "standard";
  int rolled = 36, lengths = 0;

  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);
      const AdjUnitType *type = adj_ruleset_find_unit_type (rs, u->type);

      if (is_command (type))
        {
          commands += u->count;
          continue;
        }
      stands += u->count;
      total += u->count * type->value;
      if (type->value >= threshold)
        heavy += u->count * type->value;
    }
  if (json_object_object_get_ex (army->settings, "budget", &v))
    budget = json_object_get_string (v);
  if (json_object_object_get_ex (army->settings, "rolled_value", &v))
    rolled = json_object_get_int (v);
  if (json_object_object_get_ex (army->settings, "entrenchment_lengths", &v))
    lengths = json_object_get_int (v);

  json_object_object_add (report->values, "stands", adj_json_shared_int (stands));
  army_limits (rs, g_str_equal (budget, "rolled"), rolled, total, heavy, lengths, commands,
               report);
  return TRUE;
}

static const AdjMechanic *const wec_mechanics[] = {
  &wec_army_value,
  &wec_army_limits,
  &wec_commander_rating,
  &wec_terrain,
  &wec_baselines,
  &wec_deployment,
  &wec_initiative,
  &wec_activation,
  &wec_movement,
  &wec_fire_combat,
  &wec_close_combat,
  &wec_recoil,
  &wec_withdrawal,
  &wec_battle_result,
};

static const char *const wec_keys[] = {
  "commander_rating", "army", "withdrawal", "victory", "templates", NULL
};

const AdjSystem adj_wec_system = {
  .id = "wec",
  .mechanics = wec_mechanics,
  .n_mechanics = G_N_ELEMENTS (wec_mechanics),
  .ruleset_keys = wec_keys,
  .check_ruleset = wec_check_ruleset,
  .check_army = wec_check_army,
};
