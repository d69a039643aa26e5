/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec.h: what the files of the When Empires Clash! test share — the book's own model of the
 * rules and the helpers of test-wec.c. */

#pragma once

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-test-util.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-ruleset.h"
#include "adj-unit.h"

G_BEGIN_DECLS

typedef enum {
  BOOK_INFANTRY,
  BOOK_CAVALRY,
  BOOK_GUN,        /* artillery, machine guns and pom-poms */
  BOOK_TRANSPORT,
  BOOK_COMMAND,
} BookKind;

typedef struct {
  const char *id;
  int         value;
  BookKind    kind;
  int         move;
} BookType;

#define FIRE "wec/fire-combat"
#define CLOSE "wec/close-combat"

#define INIT "wec/initiative"
#define ACT "wec/activation"
#define RATE "wec/commander-rating"
#define TERR "wec/terrain"
#define BASE "wec/baselines"
#define DEPL "wec/deployment"
#define AVAL "wec/army-value"
#define LIMS "wec/army-limits"
#define MOVE "wec/movement"
#define RECO "wec/recoil"
#define WDRW "wec/withdrawal"
#define RSLT "wec/battle-result"

/* test-wec.c */
extern AdjRuleset *rs;
const BookType *book_type (const char *id);
const char *book_fire_result (int      f,
                              int      e,
                              gboolean blocked);
const char *book_close_result (int      i,
                               int      e,
                               gboolean blocked);
GArray *book_throws (const char *dice);
AdjInputs *inputs_new (const char *mech_id,
                       const char *json);
AdjOutcome *resolve_entered (const AdjContext *ctx,
                             AdjInputs        *in,
                             const int        *dice,
                             guint             n_dice,
                             GError          **error);
AdjOdds *odds_of (AdjInputs *in);
void assert_odds_sum_one (const AdjOdds *odds);
void assert_fraction (const AdjOdds *odds,
                      const char    *key,
                      guint64        count,
                      guint64        total);
int outcome_int (const AdjOutcome *outcome,
                 const char       *name);

/* test-wec-odds.c */
void test_initiative_odds (void);
void test_activation_odds (void);
void test_commander_rating_odds (void);
void test_terrain_odds (void);
void test_baselines_odds (void);
void test_deployment_odds (void);
void test_army_value_odds (void);
void test_certain_odds (void);
void add_odds_grids (void);

/* test-wec-mechanics.c */
void add_result_cases (void);

/* test-wec-turn.c */
void add_turn_tests (void);

/* test-wec-battle.c */
void test_templates_count (void);
void test_battle_fire (void);
void test_battle_fire_cavalry (void);
void test_battle_close (void);
void test_battle_sides (void);
void test_battle_commander_rating (void);
void test_battle_recoil_and_army_value (void);
void test_battle_large_stand (void);
void add_template_cases (void);

G_END_DECLS
