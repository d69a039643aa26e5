/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-cohesion.c: Redcoats & Natives — regaining cohesion (rn/cohesion) and its odds. */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include <string.h>

#include "adj-rn-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Regaining cohesion                                                                          */

static const AdjField cohesion_inputs[] = {
  UNIT_INPUT ("unit", N_("Disrupted unit or commander")),
  TYPE_INPUT ("type", N_("Type"), "infantry", "unit.type"),
  RATING_INPUT ("rating", N_("Rating"), "unit.rating"),
  BOOL_DEF ("disrupted", N_("Disrupted"), NULL, TRUE, "unit.status.disrupted"),
  BOOL_INPUT ("commander_in_hex", N_("A commander shares its hex"),
              N_("A unit that fails may then try a second time")),
};

static const AdjChoice cohesion_outcomes[] = {
  { "regained", N_("Cohesion regained") },
  { "failed", N_("Still disrupted") },
};

/* The rating the table is read with, and how many cards may be turned. */
static void
cohesion_setup (const AdjContext  *ctx,
                AdjInputs         *in,
                const char       **rating,
                int               *tries,
                gboolean          *commander)
{
  AdjRuleset *rs = ctx->ruleset;

  *commander = rn_is_commander (adj_rules_input_type (ctx, in, "type"));
  *rating = *commander ? rn_string (rs, "cohesion", "commander_rating")
                       : adj_inputs_get_string (in, "rating");
  if (*commander)
    *tries = adj_rules_int (rs, "cohesion", "commander_tries");
  else if (adj_inputs_get_bool (in, "commander_in_hex"))
    *tries = adj_rules_int (rs, "cohesion", "tries_with_commander");
  else
    *tries = adj_rules_int (rs, "cohesion", "tries");
}

static void
cohesion_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec s = { "cohesion", N_("Card to regain cohesion"), 1, 0 };

  /* The second card is only turned when the first fails. */
  g_array_append_val (specs, s);
}

static gboolean
cohesion_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  const char *rating;
  const AdjChoice *rating_choice;
  int tries;
  gboolean commander;

  if (!adj_inputs_get_bool (in, "disrupted"))
    return adj_not_allowed (error, _("%s is not disrupted: there is no cohesion to regain"), name);
  cohesion_setup (ctx, in, &rating, &tries, &commander);
  rating_choice = adj_ruleset_find_rating (ctx->ruleset, rating);
  if (commander)
    adj_outcome_add_note (outcome, _("A commander counts as %s and always has %d tries."),
                          adj_gettext (rating_choice->label), tries);
  else if (tries > 1)
    adj_outcome_add_note (outcome, _("A commander in the same hex gives the unit %d tries."),
                          tries);

  for (int t = 1; t <= tries; t++)
    {
      AdjCard card;
      AdjSuit suit;
      gboolean ok;
      const char *shown = NULL;
      g_autofree char *line = NULL;

      if (!adj_random_card (random, "cohesion", N_("Card to regain cohesion"), &card, error))
        return FALSE;
      suit = adj_card_suit (card);
      ok = rn_cohesion_regains (ctx->ruleset, suit, rating);
      shown = adj_card_short_name (card);
      /* TRANSLATORS: e.g. "Try 1: 7♦ — with a rating of Average, fails" */
      line = g_strdup_printf (ok ? _("Try %d: %s — with a rating of %s, regains cohesion")
                            : _("Try %d: %s — with a rating of %s, fails"),
                         t, shown, adj_gettext (rating_choice->label));
      adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, line, FALSE, 0);
      if (ok)
        {
          adj_outcome_set_result (outcome, "regained",
                                  _("%s regains cohesion on %s"), name, shown);
          adj_outcome_set_value_int (outcome, "tries", t);
          return TRUE;
        }
    }
  adj_outcome_set_result (outcome, "failed",
                          ngettext ("%s stays disrupted after %d card",
                                    "%s stays disrupted after %d cards", tries), name, tries);
  adj_outcome_set_value_int (outcome, "tries", tries);
  return TRUE;
}

typedef struct {
  const char *rating;
} CohesionSig;

static int
cohesion_signature (AdjRuleset *rs,
                    AdjCard     card,
                    gpointer    data)
{
  const CohesionSig *sig = data;
  return rn_cohesion_regains (rs, adj_card_suit (card), sig->rating) ? 1 : 0;
}

typedef struct {
  gboolean regains[WALK_CLASSES];
  guint8   rank[WALK_CLASSES];       /* 1: this card rallies */
} CohesionWalk;

/* s[0] 1 while trying, s[1] the tries left. */
static void
cohesion_take (WalkKey  *k,
               guint     cls,
               gpointer  data)
{
  const CohesionWalk *cw = data;

  if (cw->regains[cls] || --k->s[1] == 0)
    {
      gboolean regained = cw->regains[cls];

      memset (k->s, 0, sizeof k->s);
      k->s[0] = PHASE_DONE;
      k->s[1] = regained ? 0 : 1;
    }
}

/* The tries end at the first card that rallies: whether any of them does is all that counts. */
static void
cohesion_plan (const WalkKey *k,
               WalkPlan      *plan,
               gpointer       data)
{
  const CohesionWalk *cw = data;

  plan->k = (guint) k->s[1];
  plan->rank = cw->rank;
  plan->n_ranks = 2;
}

static void
cohesion_finish (WalkKey  *k,
                 guint     worst,
                 gpointer  data)
{
  memset (k->s, 0, sizeof k->s);
  k->s[0] = PHASE_DONE;
  k->s[1] = worst == 1 ? 0 : 1;
}

static const WalkRules cohesion_rules = {
  .take = cohesion_take,
  .plan = cohesion_plan,
  .finish = cohesion_finish,
};

static gboolean
cohesion_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  CohesionSig sig;
  CohesionWalk cw = { { 0 } };
  int tries;
  gboolean commander, ok;
  Walk w;
  WalkKey k;

  if (!adj_inputs_get_bool (in, "disrupted"))
    return adj_not_allowed (error, _("%s is not disrupted: there is no cohesion to regain"),
                            adj_input_unit_name (ctx, in, "unit", _("The unit")));
  cohesion_setup (ctx, in, &sig.rating, &tries, &commander);
  rn_walk_init (&w, ctx, cohesion_signature, &sig, &cohesion_rules, &cw);
  for (guint c = 0; c < w.n_classes; c++)
    {
      cw.regains[c] = rn_cohesion_regains (ctx->ruleset, adj_card_suit (w.example[c]), sig.rating);
      cw.rank[c] = cw.regains[c] ? 1 : 0;
    }
  rn_walk_key_init (&k);
  k.s[0] = 1;
  k.s[1] = (gint16) tries;
  rn_walk_seed_one (&w, &k);
  ok = rn_walk_run (&w, error);
  if (ok)
    rn_walk_odds (&w, in->mechanic, odds);
  rn_walk_clear (&w);
  return ok;
}

static gboolean
cohesion_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  if (!g_str_equal (outcome->key, "regained"))
    return TRUE;
  return adj_rules_set_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"),
                                  "status.disrupted", FALSE, error);
}

gboolean
rn_tried_cohesion (AdjBattle  *battle,
                   const char *unit)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      json_object *tried = NULL;

      if (entry->turn == turn && g_strcmp0 (entry->mechanic, rn_cohesion.id) == 0 &&
          json_object_object_get_ex (entry->inputs, "unit", &tried) &&
          g_strcmp0 (json_object_get_string (tried), unit) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Each disrupted unit or commander tries once at the end of a turn, once every unit has acted
 * on its card (its second card, when it has one, is part of that try). */
static gboolean
cohesion_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  const char *id = adj_inputs_get_string (in, "unit");
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (ctx->battle, id) : NULL;

  if (unit == NULL)
    return adj_not_allowed (error, _("“%s” names no unit: choose one first"),
                            adj_gettext (cohesion_inputs[0].label));
  if (adj_unit_get_destroyed (unit))
    return adj_not_allowed (error, _("%s is destroyed"), adj_unit_get_name (unit));
  if (rn_tried_cohesion (ctx->battle, id))
    return adj_not_allowed (error, _("%s has already tried to regain cohesion this turn"),
                            adj_unit_get_name (unit));
  {
    g_autoptr(GString) names = g_string_new (NULL);
    guint n = rn_yet_to_act (ctx->battle, names);

    if (n > 0)
      return adj_not_allowed (error, ngettext ("%s cannot try to regain cohesion yet: cohesion "
                                               "comes after every unit has acted, and %s has yet "
                                               "to act",
                                               "%s cannot try to regain cohesion yet: cohesion "
                                               "comes after every unit has acted, and %s have "
                                               "yet to act", n),
                              adj_unit_get_name (unit), names->str);
  }
  return TRUE;
}

const AdjMechanic rn_cohesion = {
  .id = "rn/cohesion",
  .title = N_("Regain cohesion"),
  .summary = N_("At the end of the turn a disrupted unit or commander turns a card: its suit and "
                "the unit’s rating decide whether it rallies."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (cohesion_inputs),
  MECHANIC_OUTCOMES (cohesion_outcomes),
  .random_note = N_("Hearts never rally; diamonds rally good units; clubs good and average; "
                    "spades all but very poor.  A commander counts as good and has two tries; so "
                    "has a unit sharing its hex with a commander."),
  .draws = cohesion_draws,
  .legal = cohesion_legal,
  .resolve = cohesion_resolve,
  .odds = cohesion_odds,
  .apply = cohesion_apply,
};
