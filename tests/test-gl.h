/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-gl.h: what the files of the Glidden test share — the book's own model of the rules, exact
 * fractions and the helpers of test-gl.c. */

#pragma once

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rng.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-unit.h"
#include "adj-test-util.h"

G_BEGIN_DECLS

typedef struct {
  const char *morale_class;
  const char *occasion;
  gboolean    officer;
  gboolean    square;
  gboolean    routing;
  gboolean    prone;
  int         figures;
  int         full;
  gboolean    british_cavalry;
} BookMorale;

/* Melee modifiers, attacker minus defender, for a pair. */
typedef struct {
  gboolean a_leader;
  gboolean d_leader;
  gboolean a_cavalry;
  gboolean charging;
  gboolean rear;
  gboolean d_cavalry;
  gboolean hard_cover;
  gboolean square;
  gboolean prone;
} BookMelee;

/* test-gl.c */
extern AdjRuleset *rs;
int book_pass (const char *morale_class);
int book_morale_mod (const BookMorale *m);
int book_melee_diff (const BookMelee *m);
char *melee_json (const BookMelee *m,
                  const char      *extra);
void assert_entry (const AdjOdds *odds,
                   const char    *key,
                   Frac           want);
AdjInputs *inputs_new (const char *id,
                       const char *json);
AdjOutcome *resolve_ok (AdjInputs *in,
                        AdjBattle *battle,
                        const int *dice,
                        guint      n_dice,
                        const char *cards);
AdjOdds *odds_ok (AdjInputs *in,
                  AdjBattle *battle);
AdjTables *set_tables (const char *tables_json);
extern const char full_tables[];
AdjBattle *new_battle (void);
void apply_ok (AdjBattle  *battle,
               AdjInputs  *in,
               AdjOutcome *outcome);
void undo_ok (AdjBattle *battle);

/* test-gl-fire.c */
void test_fire_dice (void);
void test_fire_no_tables (void);
void test_fire_no_saves (void);
void test_fire_missing_tables (void);
void test_phase_steps (void);
void test_fire_odds_brute (void);
void test_fire_odds_large (void);
void test_fire_battle_tables (void);
void test_cards_apply (void);
void test_cards_odds (void);
void test_charge (void);
void test_charge_apply (void);
void add_fire_cases (void);
void add_card_cases (void);

/* test-gl-melee.c */
void test_pair_closed_form (void);
void test_pair_resolve (void);
void test_pair_apply (void);
void test_melee_odds_brute (void);
void test_melee_odds_large (void);
void test_melee_resolve (void);
void test_melee_apply (void);

G_END_DECLS
