/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-util.h: what several test programs share: JSON from a literal, an expected message
 * naming the known rule systems, an object's members, a failed check, an outcome's values, a
 * folder removed with all it holds, a user data folder of the program's own, and exact
 * fractions for checking odds. */

#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-mechanic.h"

G_BEGIN_DECLS

/* @text parsed, failing the test when it is not JSON; the text "null" gives NULL. */
json_object *adj_test_parse      (const char *text);
/* @text with every "@KNOWN@" replaced by the ids of the known rule systems, as messages list
 * them ("gl, rf, ..."). */
char        *adj_test_with_known (const char *text);

/* The member @key of the JSON object @obj, failing the test when there is none. */
json_object *adj_test_member        (json_object *obj,
                                     const char  *key);
/* The member @key of @obj, which must be a string. */
const char  *adj_test_member_string (json_object *obj,
                                     const char  *key);

/* Fail the test with the message @format, as a failed g_assert() does: with "-k", the test
 * program goes on with the next case. */
void         adj_test_fail_check    (const char  *format,
                                     ...) G_GNUC_PRINTF (1, 2);

/* A value of an outcome, failing the test when the outcome does not give it. */
int          value_int  (const AdjOutcome *outcome,
                         const char       *name);
gboolean     value_bool (const AdjOutcome *outcome,
                         const char       *name);

/* Remove @path and everything below it, failing the test when something cannot be removed.
 * Folders are made writable first, so a test may leave one read-only. */
void  adj_test_remove_tree    (const char *path);

/* Make a new folder, "adj-test-@name-XXXXXX" in the temporary folder, and make it the user data
 * folder ($XDG_DATA_HOME) of this program, so that nothing another program saved is read.
 * Call it in main() before g_test_init(), before GLib reads the variable. */
char *adj_test_data_home_new  (const char *name);
/* Remove the folder adj_test_data_home_new() made, and free @path. */
void  adj_test_data_home_free (char       *path);

/* An odds entry's exact chance (numerator and denominator in lowest terms) and its ways, and
 * the odds' total of ways, as 64-bit numbers: the test fails when one does not fit. */
guint64 odds_num   (const AdjOddsEntry *e);
guint64 odds_den   (const AdjOddsEntry *e);
guint64 odds_ways  (const AdjOddsEntry *e);
guint64 odds_total (const AdjOdds      *odds);
/* The odds are exact: the ways of the outcomes add up to the total, and each entry's fraction
 * is its ways over the total, in lowest terms. */
void    assert_odds_exact (const AdjOdds *odds);

typedef unsigned __int128 u128;

/* An exact fraction; the functions below keep it in lowest terms, with 0 as 0/1. */
typedef struct {
  u128 num;
  u128 den;
} Frac;

/* The greatest common divisor (0 when both are 0). */
u128   gcd128      (u128 a,
                    u128 b);
/* @num/@den in lowest terms. */
Frac   frac        (u128 num,
                    u128 den);
Frac   frac_add    (Frac a,
                    Frac b);
Frac   frac_mul    (Frac a,
                    Frac b);
/* @a times @num/@den. */
Frac   frac_scale  (Frac a,
                    u128 num,
                    u128 den);
double frac_double (Frac a);

/* Against @battle, @mech_id with the inputs @json (NULL: none) is refused as not allowed now, with exactly
 * @message; allowed by the referee, it resolves and its outcome keeps @message as the ruling. */
void  adj_test_assert_forbidden (AdjBattle  *battle,
                                 const char *mech_id,
                                 const char *json,
                                 const char *message);
/* Against @battle, the rules allow @mech_id with the inputs @json now. */
void  adj_test_assert_allowed   (AdjBattle  *battle,
                                 const char *mech_id,
                                 const char *json);

/* The battle file @path loaded; the test fails if it cannot be. */
AdjBattle *adj_test_load_battle (const char *path);
/* The demo battle @file of data/demo ("wec-zulu-war.json") loaded, the same way. */
AdjBattle *adj_test_load_demo   (const char *file);

/* Undo / redo the newest change of @battle; the test fails if it cannot. */
void  adj_test_undo             (AdjBattle  *battle);
void  adj_test_redo             (AdjBattle  *battle);
/* Resolve @mech_id with the inputs @json against @battle as the referee's ruling (whatever the
 * rules say now) and apply it; the outcome applied. */
AdjOutcome *adj_test_run_ruling (AdjBattle  *battle,
                                 const char *mech_id,
                                 const char *json);

/* The value of the fact @id of @battle's turn now (adj_battle_get_turn_state()), or NULL when
 * it has none such; free with g_free(). */
char *adj_test_fact             (AdjBattle  *battle,
                                 const char *id);
/* The fact @id of @battle's turn now reads @value (NULL: there is no such fact). */
void  adj_test_assert_fact      (AdjBattle  *battle,
                                 const char *id,
                                 const char *value);

/* Play @mech_id against @battle with the inputs @json (NULL: none) and the @n_dice @dice
 * entered at the table, and apply it (@allow: as the referee's ruling where the rules refuse
 * it); the outcome applied.  The test fails if any step does. */
AdjOutcome *adj_test_play       (AdjBattle  *battle,
                                 const char *mech_id,
                                 const char *json,
                                 const int  *dice,
                                 guint       n_dice,
                                 gboolean    allow);

/* The same, giving back the error of the step that failed (NULL returned) instead. */
AdjOutcome *adj_test_try_play   (AdjBattle   *battle,
                                 const char  *mech_id,
                                 const char  *json,
                                 const int   *dice,
                                 guint        n_dice,
                                 gboolean     allow,
                                 GError     **error);

/* Move @battle on, phase by phase, to its phase @phase ("first-side"), within this turn or the
 * next; the test fails if it never comes. */
void  adj_test_go_to_phase      (AdjBattle  *battle,
                                 const char *phase);

G_END_DECLS
