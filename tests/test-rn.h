/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn.h: what the files of the Redcoats & Natives test share — the book's own model of the
 * rules (test-rn-book.c), the battle fixture and the helpers of test-rn.c. */

#pragma once

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-odds.h"
#include "adj-random.h"
#include "adj-rn.h"
#include "adj-rng.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-unit.h"
#include "adj-test-util.h"

G_BEGIN_DECLS

typedef enum {
  BOOK_FIGURES,      /* infantry, cavalry, gun crews */
  BOOK_VEHICLE,      /* transport */
  BOOK_COMMANDER,
} BookKind;

typedef struct {
  BookKind kind;
  gboolean disrupted;
  int      figures;
  gboolean wounded;
  gboolean gone;
} BookUnit;

/* A distribution over a mechanic's declared outcomes. */
#define MAX_KEYS 8

typedef struct {
  Frac p[MAX_KEYS];
} Dist;

typedef struct {
  char  draw[64][4];
  guint n_draw;
  char  turned[64][4];
  guint n_turned;
} BookPile;

/* Volleys of hits: cover cards for each six on a unit in cover, then the hits one by one. */
typedef struct {
  guint    n_volleys;
  int      sixes[2];
  int      target[2];
  gboolean cover[2];
  BookUnit units[2];
  guint    v;
  gboolean started;
  int      cover_left;
  int      hits;
} Volleys;

typedef void (*VolleysDone) (const Volleys *st, Frac w, gpointer data);

typedef struct {
  const AdjMechanic *mech;
  Dist              *dist;
  BookUnit           before[2];
  int                compare;    /* assault: 0 higher, 1 lower, 2 equal */
} BruteData;

typedef struct {
  AdjBattle *battle;
} Fixture;

typedef struct {
  char        name[96];
  const char *type;
  const char *weapon;
  const char *weapon_class;
  int         figures;
  gboolean    moved;
  gboolean    disrupted;
  int         commander;   /* 0 none, 1 fresh, 2 moved, 3 disrupted */
} DiceCase;

/* test-rn.c */
extern AdjRuleset *rs;
AdjInputs *inputs_new (const char *mech_id,
                       const char *json);
AdjPack *pack_with (const char *draw,
                    const char *turned);
AdjOutcome *resolve_entered (AdjInputs   *in,
                             AdjPack     *pack,
                             const int   *dice,
                             guint        n_dice,
                             const char  *cards,
                             GError     **error);
AdjOdds *odds_with_pack (AdjInputs *in,
                         AdjPack   *pack);
json_object *value (const AdjOutcome *outcome,
                    const char       *name);
void assert_json_equal (json_object *a,
                        json_object *b);
extern int ones[64];
json_object *order_of (const AdjOutcome *outcome);
const char *order_card (json_object *order,
                        guint        i);

/* test-rn-book.c */
int book_card_order (const char *card);
gboolean book_is_red (const char *card);
gboolean book_rallies (char        suit,
                       const char *rating);
BookKind book_kind (const char *type);
void book_hit (BookUnit   *u,
               const char *card);
gboolean book_hit_needs_card (const BookUnit *u);
const char *book_effect (const BookUnit *before,
                         const BookUnit *after);
int book_dice (const char *weapon_class,
               int         figures,
               gboolean    reduced,
               int         commander);
int key_index (const AdjMechanic *mech,
               const char        *key);
void dist_init (Dist *d);
void assert_odds_equal (const AdjMechanic *mech,
                        const AdjOdds     *odds,
                        const Dist        *brute);
void pile_from_lists (BookPile   *pile,
                      const char *draw,
                      const char *turned);
void pile_take (const BookPile *pile,
                guint           i,
                BookPile       *out,
                char           *card);
void pile_refill (BookPile *pile);
void volleys_run (const BookPile *pile,
                  Volleys         st,
                  Frac            w,
                  VolleysDone     done,
                  gpointer        data);
void book_throws (guint  n,
                  u128  *by_sixes,
                  u128  *by_sixes_pips);
u128 pow6 (guint n);
void fire_done (const Volleys *st,
                Frac           w,
                gpointer       data);
void assault_done (const Volleys *st,
                   Frac           w,
                   gpointer       data);
BookUnit book_unit (const char *type,
                    int         figures,
                    gboolean    disrupted,
                    gboolean    wounded);

/* test-rn-battle.c */
void fixture_setup (Fixture       *f,
                    gconstpointer  data);
void fixture_teardown (Fixture       *f,
                       gconstpointer  data);
AdjUnit *unit_of_type (AdjBattle  *battle,
                       const char *type,
                       guint       nth);
AdjOutcome *battle_resolve (AdjBattle  *battle,
                            const char *mech_id,
                            const char *json,
                            const int  *dice,
                            guint       n_dice,
                            const char *cards,
                            gboolean    apply);
void test_battle_turn_facts (Fixture       *f,
                             gconstpointer  data);
void test_battle_deal (Fixture       *f,
                       gconstpointer  data);
void test_battle_join (Fixture       *f,
                       gconstpointer  data);
void test_battle_collect (Fixture       *f,
                          gconstpointer  data);
void test_battle_fire (Fixture       *f,
                       gconstpointer  data);
void test_battle_rough (Fixture       *f,
                        gconstpointer  data);
void test_battle_cohesion (Fixture       *f,
                           gconstpointer  data);
void test_battle_card_order (Fixture       *f,
                             gconstpointer  data);
void test_battle_forbidden (Fixture       *f,
                            gconstpointer  data);
void add_join_cases (void);
void add_move_cases (void);
void add_rough_cases (void);
void add_cohesion_cells (void);
void add_cohesion_cases (void);

/* test-rn-fire.c */
extern GArray *dice_cases;
void test_dice_case (gconstpointer data);
void add_dice_cases (void);
void test_fire_refused (void);
void test_battle_hits (Fixture       *f,
                       gconstpointer  data);
void test_pack_exhausted (void);
void test_battle_assault (Fixture       *f,
                          gconstpointer  data);
void add_hit_cases (void);
void add_assault_cases (void);

/* test-rn-odds.c */
void test_fire_odds_ten_of_twelve (void);
void test_fire_odds_closed_form (void);
void test_battle_odds_follow_pack (Fixture       *f,
                                   gconstpointer  data);
void add_fire_odds_cases (void);
void add_hits_odds_cases (void);
void add_cohesion_odds_cases (void);
void add_assault_odds_cases (void);
void add_assault_sums_cases (void);

G_END_DECLS
