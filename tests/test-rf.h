/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf.h: what the files of the Risk Factor test share — the book's numbers and the helpers
 * of test-rf.c, and how a table of cases is added. */

#pragma once

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-members.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rf.h"
#include "adj-rng.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-unit.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"

G_BEGIN_DECLS

#define ADD_CASES(prefix, cases, func) G_STMT_START { \
    for (guint i_ = 0; i_ < G_N_ELEMENTS (cases); i_++) \
      { \
        g_autofree char *path_ = g_strconcat (prefix, cases[i_].name, NULL); \
        g_test_add_data_func (path_, &cases[i_], func); \
      } \
  } G_STMT_END

/* test-rf.c */
extern AdjRuleset *rs;
int book_need (guint band,
               guint cover);
const char *book_damage (guint cls,
                         int   face);
void assert_has (const char *text,
                 const char *part);
void assert_lacks (const char *text,
                   const char *part);
const guchar *has_bytes (const guchar *hay,
                         gsize         n,
                         const char   *needle,
                         gsize         len);
AdjInputs *inputs (const char *id,
                   const char *json);
AdjOutcome *resolve_with (AdjInputs   *in,
                          const int   *dice,
                          guint        n_dice,
                          GError     **error);
AdjOutcome *resolve_ok (AdjInputs *in,
                        const int *dice,
                        guint      n_dice);
AdjOdds *odds_of (AdjInputs *in);
void assert_odds (const AdjOdds *odds,
                  const char    *key,
                  guint64        count,
                  guint64        total);
AdjBattle *battle_from (const char *text);
AdjBattle *skirmish (void);
AdjInputs *battle_inputs (AdjBattle  *battle,
                          const char *id,
                          const char *json);
AdjOutcome *battle_resolve (AdjBattle *battle,
                            AdjInputs *in,
                            const int *dice,
                            guint      n_dice);
void apply (AdjBattle  *battle,
            AdjInputs  *in,
            AdjOutcome *outcome);
json_object *members_of (AdjBattle  *battle,
                         const char *unit);
int weapon_rule (const char *id,
                 const char *key);

/* test-rf-shooting.c */
void test_range_bands (void);
void test_shooting_refused (void);
void test_volley_odds (void);
void test_volley_closed_form (void);
void test_volley_large (void);
void test_wounds_to_kill (void);
void test_hit_random_figure (void);
void test_last_figure (void);
void add_shots_cases (void);

/* test-rf-command.c */
char *two_side_battle (const char *units);
void test_reaction_prefill (void);
void test_command_book (void);
void test_command_book_short (void);
void test_command_dice (void);
void test_command_costs (void);
void test_command_order (void);
void test_command_odds (void);
void add_risk_cases (void);
void add_step_cases (void);

/* test-rf-melee.c */
void test_melee_odds_large (void);
void test_melee_pairing (void);
void test_melee_casualties (void);
void test_melee_apply (void);
void test_movement (void);
void test_victory (void);
void add_melee_cases (void);

/* test-rf-solo.c */
AdjRfSolo *solo_new (AdjBattle *battle);
void test_solo_groups (void);
void test_solo_seeded (void);
void test_solo_orders (void);
void test_solo_switches (void);
void test_solo_rout (void);
void test_solo_once_a_turn (void);
void test_forbidden (void);

/* test-rf-visibility.c */
void test_sight_explained (void);
void test_sight_battle (void);
void test_volleys_from_battle (void);
void test_rf_decisions (void);
void add_visibility_cases (void);

/* test-rf-prisoners.c */
void test_take_too_many (void);
void test_prisoners_battle (void);
void test_prisoners_record (void);
void test_prisoners_refused (void);
void test_prisoners_ruling (void);
void add_prisoner_cases (void);

/* test-rf-hidden.c */
void test_dummy_count (void);
void test_hidden_which (void);
void test_hidden_refused (void);
void test_hidden_deploy (void);
void test_hidden_no_leak (void);
void test_hidden_reveal (void);
void test_find_marker (void);
void test_demo (void);
void test_secret_seal (void);

G_END_DECLS
