/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roll-setup.h: a roll of a mechanic made ready against a battle or on its own — its inputs
 * filled in from the battle, its legality, the dice and cards it takes — and the units the rules
 * refuse in a unit input.  The CLI, the app's pages and the battle's own apply all call these. */

#pragma once

#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-mechanic.h"

G_BEGIN_DECLS

/* What a roll of a mechanic is made from.  Only the ruleset is needed without a battle. */
typedef struct {
  AdjBattle       *battle;   /* NULL: a roll on its own, with a full pack of its own */
  AdjRuleset      *ruleset;  /* NULL: the battle's */
  json_object     *inputs;   /* the inputs given, or NULL: they win over what a battle says */
  const char      *file;     /* what messages call @inputs */
  const AdjInputs *filled;   /* instead of @inputs: inputs filled in already, taken as they are */
  gboolean         entered;  /* dice and cards come from the table: none are made up */
  GArray          *dice;     /* of int: the dice rolled at the table, or NULL */
  GArray          *cards;    /* of AdjCard: the cards turned at the table, or NULL */
  gboolean         seeded;   /* dice from @seed rather than the battle's own generator */
  guint64          seed;
  gboolean         allow;    /* the referee allows what the rules forbid now: a ruling */
} AdjRollRequest;

/* A roll ready to resolve with adj_mechanic_resolve (mech, &ctx, inputs, random, ...).  It
 * must stay where it was made: @random rolls with its @rng. */
typedef struct {
  AdjInputs  *inputs;
  AdjContext  ctx;
  AdjRandom  *random;
  guint64     seed;      /* without a battle: the seed the dice and the pack came from */
  AdjRng      rng;
  AdjPack    *pack;      /* without a battle: the pack the cards come from */
  char       *ruling;    /* what the rules said against it, when @allow let it go ahead */
} AdjRollSetup;

/* The inputs of @mech for a roll: those in @json (NULL: none), pre-filled from @battle when
 * there is one, and then those in @json again, which win.  @rs may be NULL with a battle. */
AdjInputs  *adj_roll_setup_fill_inputs      (const AdjMechanic     *mech,
                                             AdjRuleset            *rs,
                                             AdjBattle             *battle,
                                             json_object           *json,
                                             const char            *file,
                                             GError               **error);
/* Make the inputs of @mech (as adj_roll_setup_fill_inputs() does) and the source of its dice and
 * cards.  With a battle, cards come from a copy of its pack, which adj_battle_apply_outcome()
 * makes the battle's own; without one, a seed not given is chosen at random and a full pack is
 * shuffled with it.  With a battle, an action the rules forbid now fails with their reason
 * (ADJ_ERROR_NOT_ALLOWED), unless @request allows it: then the reason becomes the context's
 * ruling.  Clear @setup with adj_roll_setup_clear(), even on failure. */
gboolean    adj_roll_setup_prepare          (const AdjMechanic     *mech,
                                             const AdjRollRequest  *request,
                                             AdjRollSetup          *setup,
                                             GError               **error);
void        adj_roll_setup_clear            (AdjRollSetup          *setup);
/* Whether @mech may go ahead against @battle now, with @inputs (NULL: what the battle fills
 * in): FALSE with the rules' reason (ADJ_ERROR_NOT_ALLOWED) when they forbid it, or with what
 * else stops it.  Nothing is rolled or changed: a page asks it to show which step to take. */
gboolean    adj_roll_setup_check            (const AdjMechanic     *mech,
                                             AdjBattle             *battle,
                                             json_object           *inputs,
                                             GError               **error);

/* Whether the rules would take @unit_id now in the unit input @name of @mech, the form as it
 * opens on @battle: with the other unit input still empty filled in by each unit in turn, the
 * action is allowed at least once.  Which action a unit is acting in, when the referee only
 * says which unit acts. */
gboolean    adj_roll_setup_takes_unit       (const AdjMechanic     *mech,
                                             AdjBattle             *battle,
                                             const char            *name,
                                             const char            *unit_id);

/* The units of @ctx's battle the rules refuse now in the unit input @name of @inputs, the other
 * inputs as they are: a table of unit id to the reason (ADJ_ERROR_NOT_ALLOWED's message).  A
 * unit counts as refused only when another unit would be allowed there: when none would, what
 * stands against the action is not the choice of this input, and the table is empty. */
GHashTable *adj_roll_setup_judge_candidates (const AdjMechanic     *mech,
                                             const AdjContext      *ctx,
                                             AdjInputs             *inputs,
                                             const char            *name);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AdjRollSetup, adj_roll_setup_clear)

G_END_DECLS
