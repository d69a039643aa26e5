/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-fire.c: Redcoats & Natives — fire: the dice a unit throws, the card walk of its hits
 * (cover, then a hit commander), rn/fire, and rn/hits for hits counted at the table. */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <string.h>

#include "adj-rn-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Fire: the dice a unit throws                                                                */

static gboolean
input_bool (AdjInputs  *in,
            const char *prefix,
            const char *name)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  return adj_inputs_get_bool (in, key);
}

static int
input_int (AdjInputs  *in,
           const char *prefix,
           const char *name)
{
  g_autofree char *key = g_strconcat (prefix, "_", name, NULL);
  return adj_inputs_get_int (in, key);
}

/* The dice of one side.  @must_fire: the side chose to fire (or to assault), so a unit that
 * cannot is refused; a defender that cannot simply throws nothing. */
gboolean
rn_fire_side_prepare (const AdjContext  *ctx,
                      AdjInputs         *in,
                      const char        *prefix,
                      gboolean           must_fire,
                      FireSide          *side,
                      GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autofree char *type_key = g_strconcat (prefix, "_type", NULL);

  memset (side, 0, sizeof *side);
  side->type = adj_rules_input_type (ctx, in, type_key);
  side->figures = input_int (in, prefix, "figures");
  side->reduced = input_bool (in, prefix, "moved") || input_bool (in, prefix, "disrupted");
  side->limbered = g_str_equal (side->type->category, "artillery") &&
                   input_bool (in, prefix, "limbered");
  side->with_commander = input_bool (in, prefix, "with_commander");
  side->commander_reduced = input_bool (in, prefix, "commander_moved") ||
                            input_bool (in, prefix, "commander_disrupted");

  if (side->type->weapons[0] != NULL)
    {
      g_autofree char *weapon_key = g_strconcat (prefix, "_weapon", NULL);

      /* A weapon nobody chose is the type's usual one. */
      side->weapon = adj_ruleset_find_weapon (rs, adj_inputs_is_set (in, weapon_key)
                                                  ? adj_inputs_get_string (in, weapon_key)
                                                  : side->type->weapons[0]);
      if (!g_strv_contains (side->type->weapons, side->weapon->id))
        return adj_not_allowed (error, _("A unit of %s does not carry a %s"),
                                adj_gettext (side->type->label), adj_gettext (side->weapon->label));
    }

  if (must_fire)
    {
      if (side->weapon == NULL)
        return adj_not_allowed (error, _("A unit of %s has no weapons to fight with"),
                                adj_gettext (side->type->label));
      if (side->limbered)
        return adj_not_allowed (error, _("A limbered gun cannot fight: unlimber it first"));
      if (rn_type_hit_effect (side->type) == HIT_FIGURE && side->figures <= 0)
        return adj_not_allowed (error, _("The unit has no figures left"));
    }

  /* A commander fires with his own dice (he is one figure, whatever the form says); a unit
   * with the dice of its weapon. */
  if (rn_is_commander (side->type))
    {
      side->dice_class = "commander";
      side->figures = 1;
    }
  else if (side->weapon != NULL && !side->limbered)
    side->dice_class = adj_weapon_rule_string (side->weapon, "dice", NULL);
  if (side->dice_class != NULL)
    {
      side->unit_dice = rn_class_dice (rs, side->dice_class, side->figures, side->reduced,
                                       &side->per_die, &side->per_figures);
      side->whole_hex = rn_class_hits_whole_hex (rs, side->dice_class);
    }
  if (side->with_commander)
    side->commander_dice = rn_class_dice (rs, "commander", 1, side->commander_reduced, NULL, NULL);
  side->dice = side->unit_dice + side->commander_dice;
  if (side->dice > MAX_DICE)
    return adj_not_allowed (error, _("%d dice are more than Adjutant can throw at once (%d)"),
                            side->dice, MAX_DICE);
  return TRUE;
}

void
rn_fire_side_explain (const AdjContext *ctx,
                      const FireSide   *side,
                      AdjOutcome       *outcome,
                      const char       *who,
                      const char       *who_label)
{
  g_autofree char *total = NULL;

  if (side->dice_class != NULL)
    {
      g_autofree char *line = NULL;
      g_autofree char *figures = NULL;
      g_autofree char *rate = NULL;
      const char *what = rn_class_label (ctx->ruleset, side->dice_class);

      /* The figures and the dice each take their own plural: "1 figure, 2 dice each". */
      figures = g_strdup_printf (ngettext ("%d figure", "%d figures", side->figures),
                                 side->figures);
      if (side->per_figures == 1)
        rate = g_strdup_printf (ngettext ("%d die each", "%d dice each", side->per_die),
                                side->per_die);
      else
        rate = g_strdup_printf (ngettext ("%d die per %d figures, halves dropped",
                                          "%d dice per %d figures, halves dropped",
                                          side->per_die), side->per_die, side->per_figures);
      /* TRANSLATORS: how a unit's dice are counted, e.g. "Small arms: 4 figures, 1 die each"
       * or "Small arms: 3 figures, 1 die per 2 figures, halves dropped" */
      line = g_strdup_printf (_("%s: %s, %s"), what, figures, rate);
      adj_outcome_add_modifier (outcome, who, line, side->unit_dice);
      if (side->reduced)
        adj_outcome_add_note (outcome, _("%s moved this turn or is disrupted: it throws the "
                                         "reduced number of dice."), who_label);
    }
  else if (side->limbered)
    adj_outcome_add_note (outcome, _("%s is limbered and throws no dice."), who_label);
  else
    adj_outcome_add_note (outcome, _("%s has no weapons and throws no dice."), who_label);
  if (side->with_commander)
    adj_outcome_add_modifier (outcome, who,
                              side->commander_reduced
                              ? _("Commander with the unit (moved or disrupted)")
                              : _("Commander with the unit"), side->commander_dice);
  /* TRANSLATORS: e.g. "Firer's dice" */
  total = g_strdup_printf (_("%s’s dice"), who_label);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, who, total, TRUE, side->dice);
}

/* Whether a fire die showing @die hits. */
static gboolean
die_hits (AdjRuleset *rs,
          int         die)
{
  return die >= adj_rules_int (rs, "fire", "hit_on");
}

/* Throw a side's dice: the hits (sixes) and the pips. */
gboolean
rn_fire_side_throw (const AdjContext  *ctx,
                    const FireSide    *side,
                    AdjRandom         *random,
                    AdjOutcome        *outcome,
                    const char        *group,
                    const char        *label,
                    const char        *who_label,
                    int               *hits,
                    int               *pips,
                    GError           **error)
{
  int dice[MAX_DICE];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *line = NULL;

  *hits = 0;
  *pips = 0;
  if (side->dice == 0)
    return TRUE;
  if (!adj_random_roll (random, group, label, (guint) side->dice, 6, dice, error))
    return FALSE;
  *pips = adj_dice_append (text, dice, (guint) side->dice, " ");
  for (int i = 0; i < side->dice; i++)
    *hits += die_hits (ctx->ruleset, dice[i]) ? 1 : 0;
  /* TRANSLATORS: e.g. "Firer throws 6D6: 6 2 5 1 6 3 — hits" */
  line = g_strdup_printf (_("%s throws %dD6: %s — hits"), who_label, side->dice, text->str);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_DICE, group, line, TRUE, *hits);
  return TRUE;
}

/* Turn a card for each hit on a unit in cover: only those on a counting card stay. */
gboolean
rn_cover_cards (const AdjContext  *ctx,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                const char        *who,
                const char        *group,
                int                hits,
                int               *counted,
                GError           **error)
{
  *counted = 0;
  for (int i = 1; i <= hits; i++)
    {
      AdjCard card;
      const char *shown = NULL;
      g_autofree char *line = NULL;

      if (!adj_random_card (random, group, N_("Cover card for a hit"), &card, error))
        return FALSE;
      shown = adj_card_short_name (card);
      if (rn_cover_counts (ctx->ruleset, card))
        {
          (*counted)++;
          /* TRANSLATORS: e.g. "Cover card for hit 1: 7♥ — the hit counts" */
          line = g_strdup_printf (_("Cover card for hit %d: %s — the hit counts"), i, shown);
        }
      else
        line = g_strdup_printf (_("Cover card for hit %d: %s — the cover saves"), i, shown);
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, who, line, FALSE, 0);
    }
  return TRUE;
}

/* ---- the card walk of hits: cover cards, then cards for a hit commander ---- */

enum {
  FIRE_COVER = 1,    /* s[1] cover cards still to turn, s[2] hits counted so far */
  FIRE_EFFECT = 2,   /* s[2] hits still to apply, s[3] the target (waiting for a card) */
};

int
rn_hits_signature (AdjRuleset *rs,
                   AdjCard     card,
                   gpointer    data)
{
  const HitsNeed *need = data;

  return (need->cover && rn_cover_counts (rs, card) ? 4 : 0) +
         (need->commander ? (int) rn_commander_result (rs, card) + 1 : 0);
}

void
rn_hits_walk_setup (Walk             *w,
                    const AdjContext *ctx,
                    HitsWalk         *hw)
{
  for (guint c = 0; c < w->n_classes; c++)
    {
      hw->counts[c] = rn_cover_counts (ctx->ruleset, w->example[c]);
      hw->commander[c] = rn_commander_result (ctx->ruleset, w->example[c]);
      hw->rank[c] = (guint8) hw->commander[c];
    }
}

/* Apply the hits that need no card; finish when none is left or the target is gone. */
static void
hits_settle (WalkKey        *k,
             const HitsWalk *hw)
{
  Target t = { .effect = hw->effect };
  int h;

  if (k->s[0] == FIRE_COVER && k->s[1] == 0)
    {
      k->s[0] = FIRE_EFFECT;
      k->s[1] = 0;
    }
  if (k->s[0] != FIRE_EFFECT)
    return;
  rn_target_unpack (&t, k->s[3]);
  h = k->s[2];
  while (h > 0 && !t.gone && !rn_hit_needs_card (&t))
    {
      rn_hit_apply (&t, COMMANDER_UNHURT);
      h--;
    }
  if (h == 0 || t.gone)
    {
      int effect = rn_target_effect (&hw->before, &t);

      memset (k->s, 0, sizeof k->s);
      k->s[0] = PHASE_DONE;
      k->s[1] = (gint16) effect;
      return;
    }
  k->s[2] = (gint16) h;
  k->s[3] = rn_target_pack (&t);
}

static void
hits_take (WalkKey  *k,
           guint     cls,
           gpointer  data)
{
  const HitsWalk *hw = data;

  if (k->s[0] == FIRE_COVER)
    {
      k->s[1]--;
      if (hw->counts[cls])
        k->s[2]++;
    }
  else
    {
      Target t = { .effect = hw->effect };

      rn_target_unpack (&t, k->s[3]);
      rn_hit_apply (&t, hw->commander[cls]);
      k->s[2]--;
      k->s[3] = rn_target_pack (&t);
    }
  hits_settle (k, hw);
}

/* Cover cards come in any order; the cards for a hit commander are the last ones drawn, and
 * only the worst of them matters (he is killed by the first that kills him). */
static void
hits_plan (const WalkKey *k,
           WalkPlan      *plan,
           gpointer       data)
{
  const HitsWalk *hw = data;

  if (k->s[0] == FIRE_COVER)
    plan->k = (guint) k->s[1];
  else
    {
      plan->k = (guint) k->s[2];
      plan->rank = hw->rank;
      plan->n_ranks = G_N_ELEMENTS (rn_commander_results);
    }
}

guint
rn_counted_cover (const guint8   *counts,
                  const gboolean *counting,
                  guint           n_classes)
{
  guint n = 0;

  for (guint c = 0; c < n_classes; c++)
    n += counting[c] ? counts[c] : 0;
  return n;
}

static void
hits_take_many (WalkKey      *k,
                const guint8 *counts,
                gpointer      data)
{
  const HitsWalk *hw = data;

  k->s[2] += (gint16) rn_counted_cover (counts, hw->counts, WALK_CLASSES);
  k->s[1] = 0;
  hits_settle (k, hw);
}

/* Every hit left turns a card, until one kills: what counts is the worst card. */
static void
hits_finish (WalkKey  *k,
             guint     worst,
             gpointer  data)
{
  const HitsWalk *hw = data;
  Target t = { .effect = hw->effect };

  rn_target_unpack (&t, k->s[3]);
  rn_hit_apply (&t, (CommanderResult) worst);
  k->s[2] = 0;
  k->s[3] = rn_target_pack (&t);
  hits_settle (k, hw);
}

static const WalkRules hits_rules = {
  .take = hits_take,
  .plan = hits_plan,
  .take_many = hits_take_many,
  .finish = hits_finish,
};

/* A state of the hits walk: @sixes hits, through cover or not. */
static void
hits_key (WalkKey        *k,
          const HitsWalk *hw,
          gboolean        in_cover,
          int             sixes)
{
  rn_walk_key_init (k);
  if (in_cover && sixes > 0)
    {
      k->s[0] = FIRE_COVER;
      k->s[1] = (gint16) sixes;
    }
  else
    {
      k->s[0] = FIRE_EFFECT;
      k->s[2] = (gint16) sixes;
    }
  k->s[3] = rn_target_pack (&hw->before);
  hits_settle (k, hw);
}

/* Exact odds of the effect of @n dice (or of @n hits when @dice is FALSE) on a target. */
static gboolean
hits_odds (const AdjContext  *ctx,
           const AdjMechanic *mech,
           const Target      *target,
           gboolean           in_cover,
           gboolean           dice,
           int                n,
           AdjOdds           *odds,
           GError           **error)
{
  HitsNeed need = { in_cover, target->effect == HIT_COMMANDER };
  HitsWalk hw = { .effect = target->effect, .before = *target };
  Walk w;
  gboolean ok;

  rn_walk_init (&w, ctx, rn_hits_signature, &need, &hits_rules, &hw);
  rn_hits_walk_setup (&w, ctx, &hw);
  if (dice)
    {
      mpz_t ways[MAX_DICE + 1];
      guint hit_faces = 0;

      for (int face = 1; face <= 6; face++)
        hit_faces += die_hits (ctx->ruleset, face) ? 1 : 0;
      for (int s = 0; s <= n; s++)
        mpz_init (ways[s]);
      rn_hits_ways ((guint) n, hit_faces, ways);
      mpz_ui_pow_ui (w.total, 6, (gulong) n);
      for (int s = 0; s <= n; s++)
        {
          WalkKey k;

          if (mpz_sgn (ways[s]) != 0)
            {
              hits_key (&k, &hw, in_cover, s);
              rn_walk_seed (&w, &k, ways[s]);
            }
          mpz_clear (ways[s]);
        }
    }
  else
    {
      WalkKey k;

      hits_key (&k, &hw, in_cover, n);
      rn_walk_seed_one (&w, &k);
    }
  ok = rn_walk_run (&w, error);
  if (ok)
    rn_walk_odds (&w, mech, odds);
  rn_walk_clear (&w);
  return ok;
}

/* One line saying what the hits did to @name. */
static char *
effect_reason (int         effect,
               const char *name)
{
  switch (effect)
    {
    case EFFECT_DISRUPTED: return g_strdup_printf (_("%s is disrupted"), name);
    case EFFECT_FIGURES: return g_strdup_printf (_("%s loses figures"), name);
    case EFFECT_WOUNDED: return g_strdup_printf (_("%s is wounded"), name);
    case EFFECT_KILLED: return g_strdup_printf (_("%s is killed"), name);
    case EFFECT_DESTROYED: return g_strdup_printf (_("%s is destroyed"), name);
    case EFFECT_NONE:
    default: return g_strdup_printf (_("%s is unharmed"), name);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Fire                                                                                        */

static const AdjField fire_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing unit")),
  UNIT_INPUT ("target", N_("Target")),
  UNIT_INPUT ("firer_commander", N_("Commander with the firing unit")),
  SIDE_INPUTS ("firer", N_("Firer’s type"), N_("Firer’s weapon"), N_("Firer’s figures"),
               N_("Firer moved this turn"), N_("Firer is disrupted"), N_("Firer is a limbered gun"),
               N_("A commander is with the firer"), N_("Firer’s commander moved this turn"),
               N_("Firer’s commander is disrupted"), "single-shot-rifle"),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance"),
    .hint = N_("Hexes from the firer to the target"), .min = 1, .max = 30, .def = 1,
    .measure = "distance" },
  TARGET_INPUTS ("target", N_("Target’s type"), N_("Target’s figures"), N_("Target is disrupted"),
                 N_("Target commander is wounded")),
  BOOL_FROM ("target_in_cover", N_("Target is in cover"), "target.status.in_cover"),
};

static gboolean
fire_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  if (adj_inputs_get_string (in, "firer_commander") == NULL)
    return TRUE;
  return adj_inputs_set_bool (in, "firer_with_commander", TRUE, error);
}

void
rn_target_from_inputs (const AdjContext *ctx,
                       AdjInputs        *in,
                       const char       *prefix,
                       Target           *t)
{
  g_autofree char *type_key = g_strconcat (prefix, "_type", NULL);

  rn_target_init (t, adj_rules_input_type (ctx, in, type_key), input_int (in, prefix, "figures"),
                  input_bool (in, prefix, "disrupted"), input_bool (in, prefix, "wounded"));
}

/* Whether the firer's weapon reaches the target: not a weapon for the same hex only, and
 * within its range. */
static gboolean
fire_reaches (AdjInputs       *in,
              const FireSide  *firer,
              GError         **error)
{
  int distance = adj_inputs_get_int (in, "distance");

  if (firer->weapon->range == 0)
    return adj_not_allowed (error, _("%s reach only into the same hex: such a unit fights by "
                                     "close assault"), adj_gettext (firer->weapon->label));
  if (distance > firer->weapon->range)
    return adj_not_allowed (error, ngettext ("Out of range: the target is %d hex away and the "
                                             "weapon (%s) reaches %d",
                                             "Out of range: the target is %d hexes away and the "
                                             "weapon (%s) reaches %d", distance),
                            distance, adj_gettext (firer->weapon->label), firer->weapon->range);
  return TRUE;
}

static gboolean
fire_prepare (const AdjContext  *ctx,
              AdjInputs         *in,
              FireSide          *firer,
              Target            *target,
              GError           **error)
{
  if (!rn_fire_side_prepare (ctx, in, "firer", TRUE, firer, error))
    return FALSE;
  /* Allowed by the referee, the fire is worked out all the same. */
  if (ctx->ruling == NULL && !fire_reaches (in, firer, error))
    return FALSE;
  rn_target_from_inputs (ctx, in, "target", target);
  if (target->gone)
    return adj_not_allowed (error, _("The target has no figures left"));
  return TRUE;
}

static void
fire_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "firer", N_("Firer"), 0, 6 };
  FireSide side;

  if (rn_fire_side_prepare (ctx, in, "firer", FALSE, &side, NULL) && side.dice > 0)
    {
      s.count = (guint) side.dice;
      g_array_append_val (specs, s);
    }
}

static gboolean
fire_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  FireSide firer;
  Target target, before;
  const char *tname;
  int sixes, pips, hits;
  int effect;
  g_autofree char *reason = NULL;
  gboolean cover = adj_inputs_get_bool (in, "target_in_cover");

  if (!fire_prepare (ctx, in, &firer, &target, error))
    return FALSE;
  /* A commander hit is spoken of as the commander, a unit as the target. */
  tname = adj_input_unit_name (ctx, in, "target", target.effect == HIT_COMMANDER
                                                  ? _("the commander") : _("the target"));
  before = target;
  rn_fire_side_explain (ctx, &firer, outcome, "firer", _("Firer"));
  if (!rn_fire_side_throw (ctx, &firer, random, outcome, "firer", N_("Firer"), _("Firer"), &sixes,
                           &pips, error))
    return FALSE;
  hits = sixes;
  if (cover && sixes > 0 && !rn_cover_cards (ctx, random, outcome, "target", "cover", sixes, &hits,
                                             error))
    return FALSE;
  if (!rn_resolve_hits (ctx, random, outcome, "target", "commander-hit", tname, &target, hits,
                        error))
    return FALSE;

  effect = rn_target_effect (&before, &target);
  if (sixes == 0)
    reason = g_strdup (_("No hit"));
  else
    {
      g_autofree char *what = effect_reason (effect, tname);

      if (cover)
        /* TRANSLATORS: e.g. "2 hits count through the cover (of 3): Spearmen 1 is disrupted" */
        reason = g_strdup_printf (ngettext ("%d hit counts through the cover (of %d): %s",
                                       "%d hits count through the cover (of %d): %s", hits),
                             hits, sixes, what);
      else
        reason = g_strdup_printf (ngettext ("%d hit: %s", "%d hits: %s", hits), hits, what);
    }
  adj_outcome_set_result (outcome, rn_effect_outcomes[effect].id, "%s", reason);
  adj_outcome_set_value_int (outcome, "dice", firer.dice);
  adj_outcome_set_value_int (outcome, "sixes", sixes);
  adj_outcome_set_value_int (outcome, "hits", hits);
  json_object_object_add (outcome->values, "whole_hex", json_object_new_boolean (firer.whole_hex));
  rn_target_values (outcome, "target", &before, &target);
  if (firer.whole_hex && hits > 0)
    adj_outcome_add_note (outcome, ngettext ("Machine-gun and artillery hits strike every unit in "
                                             "the target hex: give each other unit there the same "
                                             "%d hit (Hits on a unit).",
                                             "Machine-gun and artillery hits strike every unit in "
                                             "the target hex: give each other unit there the same "
                                             "%d hits (Hits on a unit).", hits), hits);
  return TRUE;
}

static gboolean
fire_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  FireSide firer;
  Target target;

  if (!fire_prepare (ctx, in, &firer, &target, error))
    return FALSE;
  return hits_odds (ctx, in->mechanic, &target, adj_inputs_get_bool (in, "target_in_cover"), TRUE,
                    firer.dice, odds, error);
}

static gboolean
fire_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  return adj_rules_set_unit_bool (ctx, changes, adj_inputs_get_string (in, "firer"), "status.acted",
                                  TRUE, error) &&
         rn_apply_target (ctx, changes, adj_inputs_get_string (in, "target"), outcome, "target",
                          error);
}

static gboolean
fire_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  AdjUnit *unit;

  FireSide firer;

  if (!adj_rules_legal_pair (ctx, in, "firer", "target", &unit, error) ||
      !rn_legal_to_act (ctx->battle, unit, error))
    return FALSE;
  /* What the firer's inputs themselves rule out is left to the fire to say. */
  return !rn_fire_side_prepare (ctx, in, "firer", TRUE, &firer, NULL) ||
         fire_reaches (in, &firer, error);
}

const AdjMechanic rn_fire = {
  .id = "rn/fire",
  .title = N_("Fire"),
  .summary = N_("A unit shoots at a hex it can see: a D6 per figure (fewer if it moved or is "
                "disrupted), every six a hit, and a red card for each hit on a target in cover."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (fire_inputs),
  MECHANIC_OUTCOMES (rn_effect_outcomes),
  .random_note = N_("A hit on a target in cover turns a card: red, the hit counts; black, it is "
                    "lost.  A further hit on a disrupted commander turns a card as well.  Cards "
                    "come from the rest of the pack; when it runs out, the cards turned so far "
                    "are shuffled back."),
  .draws = fire_draws,
  .prefill = fire_prefill,
  .legal = fire_legal,
  .resolve = fire_resolve,
  .odds = fire_odds,
  .apply = fire_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Hits on a unit (the other units in a hex that guns hit, or hits counted at the table)      */

static const AdjField hits_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit hit")),
  { .name = "hits", .kind = ADJ_FIELD_INT, .label = N_("Hits"),
    .hint = N_("Hits that count, after any cover cards"), .min = 0, .max = MAX_HITS, .def = 1 },
  TARGET_INPUTS ("unit", N_("Type"), N_("Figures"), N_("Disrupted"), N_("Commander is wounded")),
};

static void
hits_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "commander-hit", N_("Card for a hit on a disrupted commander"), 1, 0 };
  Target t;

  /* Only the first card is sure to be needed: the rest depend on it. */
  rn_target_from_inputs (ctx, in, "unit", &t);
  if (t.effect == HIT_COMMANDER && adj_inputs_get_int (in, "hits") > (t.disrupted ? 0 : 1))
    g_array_append_val (specs, s);
}

static gboolean
hits_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  int hits = adj_inputs_get_int (in, "hits");
  Target t, before;
  int effect;
  gboolean commander;
  const char *name, *inner;
  g_autofree char *what = NULL;

  rn_target_from_inputs (ctx, in, "unit", &t);
  if (t.gone)
    return adj_not_allowed (error, _("The unit has no figures left"));
  /* A commander hit is spoken of as the commander, anything else as the unit; @inner is the
   * same within a line of the explanation. */
  commander = t.effect == HIT_COMMANDER;
  name = adj_input_unit_name (ctx, in, "unit", commander ? _("The commander") : _("The unit"));
  inner = adj_input_unit_name (ctx, in, "unit", commander ? _("the commander") : _("the unit"));
  before = t;
  if (!rn_resolve_hits (ctx, random, outcome, "unit", "commander-hit", inner, &t, hits, error))
    return FALSE;
  effect = rn_target_effect (&before, &t);
  what = effect_reason (effect, name);
  adj_outcome_set_result (outcome, rn_effect_outcomes[effect].id, "%s", what);
  adj_outcome_set_value_int (outcome, "hits", hits);
  rn_target_values (outcome, "unit", &before, &t);
  return TRUE;
}

static gboolean
hits_mech_odds (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOdds           *odds,
                GError           **error)
{
  Target t;

  rn_target_from_inputs (ctx, in, "unit", &t);
  if (t.gone)
    return adj_not_allowed (error, _("The unit has no figures left"));
  return hits_odds (ctx, in->mechanic, &t, FALSE, FALSE, adj_inputs_get_int (in, "hits"), odds,
                    error);
}

static gboolean
hits_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  return rn_apply_target (ctx, changes, adj_inputs_get_string (in, "unit"), outcome, "unit", error);
}

const AdjMechanic rn_hits = {
  .id = "rn/hits",
  .title = N_("Hits on a unit"),
  .summary = N_("Hits that count, one at a time: the first disrupts, each further one kills a "
                "figure, wrecks a transport, or turns a card for a commander."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (hits_inputs),
  MECHANIC_OUTCOMES (rn_effect_outcomes),
  .random_note = N_("A further hit on a disrupted commander turns a card: the jack, queen or "
                    "king of hearts kills him, another red card wounds him, a black card leaves "
                    "him unhurt."),
  .draws = hits_draws,
  .resolve = hits_resolve,
  .odds = hits_mech_odds,
  .apply = hits_apply,
};
