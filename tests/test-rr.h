/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rr.h: what the files of the Redvers' Reverse test share — the rules as RULES.md states
 * them, the test's own charts and the helpers that build battles, roll fixed dice and walk the
 * sequence of play (test-rr-support.c). */

#pragma once

#include "config.h"

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
#include "adj-roll-setup.h"
#include "adj-roster.h"
#include "adj-rr.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-unit.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"

extern AdjRuleset *rs;

#define LOST (-1)

/* A chart row and how many chits (or what rating) it gives. */
typedef struct {
  const char *row;
  int         n;
} Count;

extern const Count test_boer[11];
extern const Count test_british[11];
extern const Count test_sp[11];
extern const char *const test_receive[13];
extern const int default_drifts[6];
extern const int test_send[13];
extern const int test_status_conf[17];
extern const int test_status_loss[17];

/* The user data folder of the test (set in main(), before GLib reads it). */
extern char *data_home;

#define DICE(...) dice_of ((const int[]) { __VA_ARGS__ }, \
                           G_N_ELEMENTS (((const int[]) { __VA_ARGS__ })))

int book_cp (const char *buller, const char *mode);
const char *book_withdrawal (int row);
const char *test_recovery (const char *column, int row);
const char *test_formation (const char *column, int row);
const char *test_shell (int row, int column);
int test_rifle (int row, int column);
void put (AdjTables *t, const char *table, const char *row, const char *column, const char *text);
AdjTables *full_tables (void);
json_object *member (json_object *obj, const char *key);
const char *member_string (json_object *obj, const char *key);
AdjRandom *dice_of (const int *values, guint n);
void all_used (AdjRandom *r);
json_object *strengths (void);
AdjBattle *battle_new (const char * const *variants, const int *drift_dice, gboolean setup);
json_object *open_secret (AdjBattle *battle, const char *name);
json_object *cup (json_object *cups, const char *which, const char *part);
guint count_in (json_object *arr, const char *chit);
int die_for (AdjBattle *battle, const char *which, const char *chit);
AdjUnit *unit (AdjBattle *battle, const char *id);
gboolean is_pending (AdjBattle *battle);
void next_ok (AdjBattle *battle);
void walk_to (AdjBattle *battle, const char *step);
void advance_to (AdjBattle *battle, int turn, const char *step);
void assert_step (AdjBattle *battle, int turn, const char *phase, const char *segment,
                  const char *step);
int setting_int (AdjBattle *battle, const char *name);
AdjOutcome *resolve_dice (const char *mechanic, const char *json, const int *dice, guint n);
AdjOdds *odds_of (const char *mechanic, const char *json);
void assert_odds (AdjOdds *odds, const char *key, guint64 ways, guint64 total);
void use_tables (AdjTables *t);
/* Resolve @mechanic against @battle with the inputs @json and the dice given, and apply it, as
 * adjutant-cli resolve --battle --apply (--allow with @allow) does; NULL with @error when the
 * rules refuse it. */
AdjOutcome *apply_dice (AdjBattle *battle, const char *mechanic, const char *json,
                        gboolean allow, GError **error, const int *dice, guint n);
#define APPLY(battle_, mechanic_, json_, allow_, error_, ...) \
  apply_dice (battle_, mechanic_, json_, allow_, error_, (const int[]) { __VA_ARGS__ }, \
              G_N_ELEMENTS (((const int[]) { __VA_ARGS__ })))
/* The summary of the journal's last entry in effect. */
const char *last_summary (AdjBattle *battle);

/* test-rr.c */
void assert_order (AdjBattle *battle, const char *brigade, AdjRrOrderState state,
                   const char *planned, const char *objective);

/* test-rr-play.c */
void test_rr_add_play_tests (void);
