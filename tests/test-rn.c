/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn.c: every Redcoats & Natives mechanic against the rules as RULES.md states them, and
 * its exact odds against a brute force over the dice faces and the cards left in the pack. */

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

/* One reference to the ruleset for the whole run, taken in main(). */
static AdjRuleset *rs;

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md restates it: written here independently of rn.json and adj-rn.c     */

/* Activation: rank first (Ace 1 ... King 13), then hearts, clubs, diamonds, spades. */
static int
book_card_order (const char *card)
{
  static const char suits[] = "HCDS";
  gsize len = strlen (card);
  int rank;

  if (g_str_has_prefix (card, "10"))
    rank = 10;
  else
    rank = (int) (strchr ("A23456789TJQK", card[0]) - "A23456789TJQK") + 1;
  return rank * 10 + (int) (strchr (suits, card[len - 1]) - suits);
}

static gboolean
book_is_red (const char *card)
{
  char suit = card[strlen (card) - 1];
  return suit == 'H' || suit == 'D';
}

/* The cohesion table: does a card of this suit rally a unit of this rating? */
static gboolean
book_rallies (char        suit,
              const char *rating)
{
  switch (suit)
    {
    case 'H': return FALSE;
    case 'D': return g_str_equal (rating, "good");
    case 'C': return g_str_equal (rating, "good") || g_str_equal (rating, "average");
    case 'S': return !g_str_equal (rating, "very-poor");
    default: g_assert_not_reached ();
    }
  return FALSE;
}

typedef enum {
  BOOK_FIGURES,      /* infantry, cavalry, gun crews */
  BOOK_VEHICLE,      /* transport */
  BOOK_COMMANDER,
} BookKind;

static BookKind
book_kind (const char *type)
{
  if (g_str_has_suffix (type, "transport"))
    return BOOK_VEHICLE;
  if (g_str_equal (type, "commander"))
    return BOOK_COMMANDER;
  return BOOK_FIGURES;
}

typedef struct {
  BookKind kind;
  gboolean disrupted;
  int      figures;
  gboolean wounded;
  gboolean gone;
} BookUnit;

/* One hit; @card is only looked at for a further hit on a disrupted commander. */
static void
book_hit (BookUnit   *u,
          const char *card)
{
  if (u->gone)
    return;
  if (!u->disrupted)
    {
      u->disrupted = TRUE;
      return;
    }
  if (u->kind == BOOK_FIGURES)
    {
      u->figures--;
      u->gone = u->figures == 0;
    }
  else if (u->kind == BOOK_VEHICLE)
    u->gone = TRUE;
  else if (g_str_equal (card, "JH") || g_str_equal (card, "QH") || g_str_equal (card, "KH"))
    u->gone = TRUE;
  else if (book_is_red (card))
    u->wounded = TRUE;
}

static gboolean
book_hit_needs_card (const BookUnit *u)
{
  return !u->gone && u->disrupted && u->kind == BOOK_COMMANDER;
}

/* The outcome a mechanic reports for the hits on one unit. */
static const char *
book_effect (const BookUnit *before,
             const BookUnit *after)
{
  if (after->gone)
    return before->kind == BOOK_COMMANDER ? "killed" : "destroyed";
  if (after->wounded && !before->wounded)
    return "wounded";
  if (after->figures < before->figures)
    return "figures-lost";
  if (after->disrupted && !before->disrupted)
    return "disrupted";
  return "no-effect";
}

/* Dice: small arms 1 per figure (1 per 2, rounded down, if moved or disrupted); machine guns
 * and artillery 2 per crew figure (1 if moved or disrupted); a commander 2 (1). */
static int
book_dice (const char *weapon_class,
           int         figures,
           gboolean    reduced,
           int         commander)   /* 0 none, 1 fresh, 2 moved or disrupted */
{
  int dice;

  if (g_str_equal (weapon_class, "small-arms"))
    dice = reduced ? figures / 2 : figures;
  else
    dice = reduced ? figures : 2 * figures;
  if (commander == 1)
    dice += 2;
  else if (commander == 2)
    dice += 1;
  return dice;
}

/* ------------------------------------------------------------------------------------------ */
/* exact fractions for the brute force                                                          */

typedef unsigned __int128 u128;

typedef struct {
  u128 num;
  u128 den;
} Frac;

static u128
gcd128 (u128 a,
        u128 b)
{
  while (b != 0)
    {
      u128 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

static Frac
frac_add (Frac a,
          Frac b)
{
  Frac r;
  u128 g;

  if (a.num == 0)
    return b;
  if (b.num == 0)
    return a;
  g = gcd128 (a.den, b.den);
  r.den = a.den / g * b.den;
  r.num = a.num * (b.den / g) + b.num * (a.den / g);
  g = gcd128 (r.num, r.den);
  r.num /= g;
  r.den /= g;
  return r;
}

static Frac
frac_scale (Frac a,
            u128 num,
            u128 den)
{
  Frac r = { a.num * num, a.den * den };
  u128 g;

  if (r.num == 0)
    {
      r.den = 1;
      return r;
    }
  g = gcd128 (r.num, r.den);
  r.num /= g;
  r.den /= g;
  return r;
}

static double
frac_double (Frac a)
{
  return a.den == 0 ? 0.0 : (double) a.num / (double) a.den;
}

/* A distribution over a mechanic's declared outcomes. */
#define MAX_KEYS 8

typedef struct {
  Frac p[MAX_KEYS];
} Dist;

static int
key_index (const AdjMechanic *mech,
           const char        *key)
{
  for (guint i = 0; i < mech->n_outcomes; i++)
    if (g_str_equal (mech->outcomes[i].id, key))
      return (int) i;
  g_assert_not_reached ();
  return -1;
}

static void
dist_init (Dist *d)
{
  for (guint i = 0; i < MAX_KEYS; i++)
    {
      d->p[i].num = 0;
      d->p[i].den = 1;
    }
}

/* The odds must equal the brute force: exactly when they are exact, else to 1e-12. */
static void
assert_odds_equal (const AdjMechanic *mech,
                   const AdjOdds     *odds,
                   const Dist        *brute,
                   gboolean           want_exact)
{
  Frac sum = { 0, 1 };

  g_assert_cmpuint (odds->entries->len, ==, mech->n_outcomes);
  if (want_exact)
    g_assert_false (odds->overflow);
  for (guint i = 0; i < mech->n_outcomes; i++)
    {
      const AdjOddsEntry *e = adj_odds_find (odds, mech->outcomes[i].id);
      Frac b = frac_scale (brute->p[i], 1, 1);

      g_assert_nonnull (e);
      sum = frac_add (sum, b);
      if (!odds->overflow)
        {
          if (b.num == 0)
            g_assert_cmpuint (e->num, ==, 0);
          else
            {
              g_assert_true (b.den <= G_MAXUINT64);
              g_assert_cmpuint (e->num, ==, (guint64) b.num);
              g_assert_cmpuint (e->den, ==, (guint64) b.den);
            }
        }
      g_assert_cmpfloat_with_epsilon (e->p, frac_double (b), 1e-12);
    }
  /* The brute force covers every case once. */
  g_assert_true (sum.num == 1 && sum.den == 1);
}

/* ------------------------------------------------------------------------------------------ */
/* The brute force: every die face, and every card that could come off the pile, one by one */

typedef struct {
  char  draw[64][4];
  guint n_draw;
  char  turned[64][4];
  guint n_turned;
} BookPile;

static void
pile_from_lists (BookPile   *pile,
                 const char *draw,
                 const char *turned)
{
  g_auto(GStrv) d = NULL;
  g_auto(GStrv) t = NULL;

  memset (pile, 0, sizeof *pile);
  if (draw == NULL)
    {
      /* A full pack. */
      static const char *const ranks[] = {
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
      };
      for (guint s = 0; s < 4; s++)
        for (guint r = 0; r < 13; r++)
          g_snprintf (pile->draw[pile->n_draw++], 4, "%s%c", ranks[r], "HCDS"[s]);
      return;
    }
  d = g_strsplit (draw, ",", -1);
  for (guint i = 0; d[i] != NULL; i++)
    if (d[i][0] != '\0')
      g_strlcpy (pile->draw[pile->n_draw++], d[i], 4);
  t = g_strsplit (turned != NULL ? turned : "", ",", -1);
  for (guint i = 0; t[i] != NULL; i++)
    if (t[i][0] != '\0')
      g_strlcpy (pile->turned[pile->n_turned++], t[i], 4);
}

/* Take card @i off the pile onto the turned cards; when the pile is empty the turned cards
 * become the pile (in any order: every card is then as likely as any other). */
static void
pile_take (const BookPile *pile,
           guint           i,
           BookPile       *out,
           char           *card)
{
  *out = *pile;
  g_strlcpy (card, out->draw[i], 4);
  memmove (out->draw[i], out->draw[i + 1], (out->n_draw - i - 1) * 4);
  out->n_draw--;
  g_strlcpy (out->turned[out->n_turned++], card, 4);
}

static void
pile_refill (BookPile *pile)
{
  if (pile->n_draw > 0)
    return;
  g_assert_cmpuint (pile->n_turned, >, 0);
  memcpy (pile->draw, pile->turned, sizeof pile->draw);
  pile->n_draw = pile->n_turned;
  pile->n_turned = 0;
}

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

static void
volleys_run (const BookPile *pile,
             Volleys         st,
             Frac            w,
             VolleysDone     done,
             gpointer        data)
{
  BookPile p = *pile;

  for (;;)
    {
      BookUnit *u;

      if (st.v == st.n_volleys)
        {
          done (&st, w, data);
          return;
        }
      if (!st.started)
        {
          st.started = TRUE;
          st.cover_left = st.cover[st.v] ? st.sixes[st.v] : 0;
          st.hits = st.cover[st.v] ? 0 : st.sixes[st.v];
        }
      u = &st.units[st.target[st.v]];
      if (st.cover_left > 0)
        break;
      while (st.hits > 0 && !u->gone && !book_hit_needs_card (u))
        {
          book_hit (u, NULL);
          st.hits--;
        }
      if (st.hits > 0 && !u->gone)
        break;
      st.v++;
      st.started = FALSE;
    }

  /* A card is needed. */
  pile_refill (&p);
  for (guint i = 0; i < p.n_draw; i++)
    {
      BookPile next;
      Volleys after = st;
      char card[4];

      pile_take (&p, i, &next, card);
      if (after.cover_left > 0)
        {
          after.cover_left--;
          if (book_is_red (card))
            after.hits++;
        }
      else
        {
          book_hit (&after.units[after.target[after.v]], card);
          after.hits--;
        }
      volleys_run (&next, after, frac_scale (w, 1, p.n_draw), done, data);
    }
}

/* Every throw of @n dice: how many ways give each number of sixes (and each pip total). */
static void
book_throws (guint  n,
             u128  *by_sixes,           /* [n + 1] */
             u128  *by_sixes_pips)      /* [(n + 1) * (6n + 1)], or NULL */
{
  int faces[16];
  guint width = 6 * n + 1;

  g_assert (n <= 8);
  for (guint i = 0; i < n; i++)
    faces[i] = 1;
  for (;;)
    {
      int sixes = 0, pips = 0;
      guint k;

      for (guint i = 0; i < n; i++)
        {
          sixes += faces[i] == 6;
          pips += faces[i];
        }
      by_sixes[sixes]++;
      if (by_sixes_pips != NULL)
        by_sixes_pips[sixes * width + (guint) pips]++;
      for (k = 0; k < n && faces[k] == 6; k++)
        faces[k] = 1;
      if (k == n)
        break;
      faces[k]++;
    }
}

static u128
pow6 (guint n)
{
  u128 r = 1;
  while (n-- > 0)
    r *= 6;
  return r;
}

typedef struct {
  const AdjMechanic *mech;
  Dist              *dist;
  BookUnit           before[2];
  int                compare;    /* assault: 0 higher, 1 lower, 2 equal */
} BruteData;

static void
fire_done (const Volleys *st,
           Frac           w,
           gpointer       data)
{
  BruteData *bd = data;
  int k = key_index (bd->mech, book_effect (&bd->before[0], &st->units[0]));

  bd->dist->p[k] = frac_add (bd->dist->p[k], w);
}

static void
assault_done (const Volleys *st,
              Frac           w,
              gpointer       data)
{
  static const char *const by_compare[] = {
    "assaulter-wins", "assaulter-repulsed", "both-hold"
  };
  BruteData *bd = data;
  gboolean a_gone = st->units[0].gone, d_gone = st->units[1].gone;
  const char *key;
  int k;

  if (a_gone && d_gone)
    key = "both-destroyed";
  else if (a_gone)
    key = "assaulter-destroyed";
  else if (d_gone)
    key = "defender-destroyed";
  else
    key = by_compare[bd->compare];
  k = key_index (bd->mech, key);
  bd->dist->p[k] = frac_add (bd->dist->p[k], w);
}

static BookUnit
book_unit (const char *type,
           int         figures,
           gboolean    disrupted,
           gboolean    wounded)
{
  BookUnit u = { book_kind (type), disrupted, figures, wounded, FALSE };
  return u;
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static AdjInputs *
inputs_new (const char *mech_id,
            const char *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mech_id);
  g_autoptr(GError) error = NULL;
  AdjInputs *in;

  g_assert_nonnull (mech);
  in = adj_inputs_new (mech, rs);
  if (json != NULL)
    {
      g_autoptr(json_object) obj = json_tokener_parse (json);

      g_assert_nonnull (obj);
      adj_inputs_set_json (in, obj, "test", &error);
      g_assert_no_error (error);
    }
  return in;
}

/* A one-deck pack whose draw pile and turned pile hold these cards; the rest are dealt.
 * NULL @draw: a full pack. */
static AdjPack *
pack_with (const char *draw,
           const char *turned)
{
  g_autoptr(json_object) json = json_object_new_object ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) d = g_strsplit (draw != NULL ? draw : "", ",", -1);
  g_auto(GStrv) t = g_strsplit (turned != NULL ? turned : "", ",", -1);
  json_object *dj = json_object_new_array ();
  json_object *tj = json_object_new_array ();
  json_object *xj = json_object_new_array ();
  gboolean used[52] = { FALSE };
  AdjPack *pack;

  if (draw == NULL)
    return adj_pack_new (1);
  for (guint i = 0; d[i] != NULL; i++)
    {
      AdjCard c;
      if (d[i][0] == '\0')
        continue;
      g_assert_true (adj_card_parse (d[i], &c));
      used[c] = TRUE;
      json_object_array_add (dj, json_object_new_string (d[i]));
    }
  for (guint i = 0; t[i] != NULL; i++)
    {
      AdjCard c;
      if (t[i][0] == '\0')
        continue;
      g_assert_true (adj_card_parse (t[i], &c));
      used[c] = TRUE;
      json_object_array_add (tj, json_object_new_string (t[i]));
    }
  for (AdjCard c = 0; c < 52; c++)
    if (!used[c])
      {
        g_autofree char *s = adj_card_to_string (c);
        json_object_array_add (xj, json_object_new_string (s));
      }
  json_object_object_add (json, "decks", json_object_new_int (1));
  json_object_object_add (json, "draw", dj);
  json_object_object_add (json, "dealt", xj);
  json_object_object_add (json, "turned", tj);
  pack = adj_pack_from_json (json, "test", "$", &error);
  g_assert_no_error (error);
  return pack;
}

/* Resolve without a battle, with these dice and cards entered (NULL: none may be used). */
static AdjOutcome *
resolve_entered (AdjInputs   *in,
                 AdjPack     *pack,
                 const int   *dice,
                 guint        n_dice,
                 const char  *cards,
                 GError     **error)
{
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  g_autoptr(AdjRandom) random = adj_random_new (NULL, pack);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);

  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (cards != NULL)
    {
      g_autoptr(GArray) list = NULL;
      g_autoptr(GError) local = NULL;

      g_assert_true (adj_cards_parse (cards, &list, &local));
      g_assert_no_error (local);
      adj_random_enter_cards (random, (const AdjCard *) list->data, list->len);
    }
  if (!adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, error))
    return NULL;
  return g_steal_pointer (&outcome);
}

static AdjOdds *
odds_with_pack (AdjInputs *in,
                AdjPack   *pack)
{
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  g_autoptr(GError) error = NULL;
  AdjOdds *odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);

  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

static json_object *
value (const AdjOutcome *outcome,
       const char       *name)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (outcome->values, name, &v));
  return v;
}

static gboolean
value_bool (const AdjOutcome *outcome,
            const char       *name)
{
  return json_object_get_boolean (value (outcome, name));
}

static int
value_int (const AdjOutcome *outcome,
           const char       *name)
{
  return json_object_get_int (value (outcome, name));
}

static void
assert_json_equal (json_object *a,
                   json_object *b)
{
  if (!adj_json_equal (a, b))
    {
      g_autofree char *ta = adj_json_to_string (a, TRUE);
      g_autofree char *tb = adj_json_to_string (b, TRUE);
      g_assert_cmpstr (ta, ==, tb);
    }
}

/* Ones for dice that must not hit. */
static int ones[64] = {
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* ------------------------------------------------------------------------------------------ */
/* the ruleset                                                                                 */

static void
test_mechanic_list (void)
{
  static const char *const ids[] = {
    "rn/deal", "rn/commander-joins", "rn/movement", "rn/rough-ground", "rn/fire", "rn/hits",
    "rn/assault", "rn/cohesion", "rn/collect",
  };
  const AdjSystem *system = adj_system_lookup ("rn");

  g_assert_nonnull (system);
  g_assert_true (adj_ruleset_get_system (rs) == system);
  g_assert_cmpuint (system->n_mechanics, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_assert_cmpstr (system->mechanics[i]->id, ==, ids[i]);
      g_assert_true (adj_mechanic_lookup (ids[i]) == system->mechanics[i]);
    }
  g_assert_cmpint (adj_ruleset_get_distance_unit (rs), ==, ADJ_DISTANCE_HEXES);
}

typedef struct {
  const char *id;
  int         range;
} RangeCase;

/* The ranges as RULES.md lists them, in hexes. */
static const RangeCase range_cases[] = {
  { "hand-to-hand", 0 },
  { "musket", 1 },
  { "single-shot-rifle", 2 },
  { "magazine-rifle", 4 },
  { "machine-gun", 4 },
  { "smoothbore-mountain", 4 },
  { "rifled-mountain", 6 },
  { "smoothbore-field", 6 },
  { "rifled-field", 9 },
  { "smoothbore-medium", 8 },
  { "rifled-medium", 12 },
  { "smoothbore-heavy", 10 },
  { "rifled-heavy", 15 },
};

static void
test_ranges (void)
{
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);

  g_assert_cmpuint (weapons->len, ==, G_N_ELEMENTS (range_cases));
  for (guint i = 0; i < G_N_ELEMENTS (range_cases); i++)
    {
      const AdjWeapon *w = adj_ruleset_find_weapon (rs, range_cases[i].id);

      g_assert_nonnull (w);
      g_assert_cmpint (w->range, ==, range_cases[i].range);
    }
}

typedef struct {
  const char *id;
  const char *category;
  int         figures;
  int         move;
} TypeCase;

static const TypeCase type_cases[] = {
  { "infantry", "infantry", 4, 1 },
  { "cavalry", "cavalry", 4, 2 },
  { "machine-gun", "artillery", 2, 1 },
  { "mountain-gun", "artillery", 2, 1 },
  { "field-gun", "artillery", 2, 1 },
  { "medium-gun", "artillery", 2, 0 },
  { "heavy-gun", "artillery", 2, 0 },
  { "horse-transport", "transport", 1, 1 },
  { "motor-transport", "transport", 1, 2 },
  { "commander", "commander", 1, 2 },
};

static void
test_unit_types (void)
{
  static const char *const ratings[] = { "good", "average", "poor", "very-poor" };
  GPtrArray *all = adj_ruleset_get_ratings (rs);

  g_assert_cmpuint (adj_ruleset_get_unit_types (rs)->len, ==, G_N_ELEMENTS (type_cases));
  for (guint i = 0; i < G_N_ELEMENTS (type_cases); i++)
    {
      const AdjUnitType *t = adj_ruleset_find_unit_type (rs, type_cases[i].id);

      g_assert_nonnull (t);
      g_assert_cmpstr (t->category, ==, type_cases[i].category);
      g_assert_cmpint (t->figures, ==, type_cases[i].figures);
      g_assert_cmpint (t->move, ==, type_cases[i].move);
    }
  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (ratings));
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    g_assert_cmpstr (((AdjChoice *) g_ptr_array_index (all, i))->id, ==, ratings[i]);
  g_assert_true (adj_ruleset_find_status_field (rs, "moved")->per_turn);
  g_assert_true (adj_ruleset_find_status_field (rs, "acted")->per_turn);
  g_assert_false (adj_ruleset_find_status_field (rs, "disrupted")->per_turn);
}

static void
test_templates (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) armies = adj_army_templates (rs, &error);
  gboolean british = FALSE, native = FALSE;

  g_assert_no_error (error);
  g_assert_cmpuint (armies->len, >=, 2);
  for (guint i = 0; i < armies->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (armies, i);
      g_autoptr(AdjArmyReport) report = adj_army_check (army, &error);

      g_assert_no_error (error);
      /* Each example has its commander and some units. */
      g_assert_true (adj_army_report_ok (report));
      british |= g_str_equal (army->id, "british-column");
      native |= g_str_equal (army->id, "native-force");
    }
  g_assert_true (british && native);

  /* An army without a commander is reported. */
  {
    g_autoptr(AdjArmy) army = adj_army_template (rs, "native-force", &error);
    g_autoptr(AdjArmyReport) report = NULL;

    g_assert_no_error (error);
    for (guint i = army->units->len; i > 0; i--)
      if (g_str_equal (((AdjArmyUnit *) g_ptr_array_index (army->units, i - 1))->type, "commander"))
        g_ptr_array_remove_index (army->units, i - 1);
    report = adj_army_check (army, &error);
    g_assert_no_error (error);
    g_assert_false (adj_army_report_ok (report));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* the deal                                                                                    */

static json_object *
order_of (const AdjOutcome *outcome)
{
  json_object *order = value (outcome, "order");

  g_assert_true (json_object_is_type (order, json_type_array));
  return order;
}

static const char *
order_card (json_object *order,
            guint        i)
{
  json_object *item = json_object_array_get_idx (order, i), *card = NULL;

  g_assert_true (json_object_object_get_ex (item, "card", &card));
  return json_object_get_string (card);
}

static const char *
order_name (json_object *order,
            guint        i)
{
  json_object *item = json_object_array_get_idx (order, i), *name = NULL;

  g_assert_true (json_object_object_get_ex (item, "name", &name));
  return json_object_get_string (name);
}

/* The book's own example: 2♣ before 2♦ before 3♣. */
static void
test_deal_precedence (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", "{\"recipients\": 3}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, "3C,2D,2C", &error);
  json_object *order;

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "dealt");
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, 3);
  g_assert_cmpstr (order_card (order, 0), ==, "2C");
  g_assert_cmpstr (order_card (order, 1), ==, "2D");
  g_assert_cmpstr (order_card (order, 2), ==, "3C");
  /* Entered cards go to the units in the order they were dealt. */
  g_assert_cmpstr (order_name (order, 0), ==, "Unit 3");
  g_assert_cmpstr (order_name (order, 2), ==, "Unit 1");
  g_assert_cmpint (value_int (outcome, "decks"), ==, 1);
}

typedef struct {
  const char *name;
  const char *cards;    /* dealt, in the order of the units */
  const char *order;    /* the activation order the book gives */
} PrecedenceCase;

static const PrecedenceCase precedence_cases[] = {
  { "suits-of-a-rank", "AS,AD,AC,AH", "AH,AC,AD,AS" },
  { "rank-before-suit", "2H,AS", "AS,2H" },
  { "ten-then-jack", "JH,10S", "10S,JH" },
  { "king-last", "KH,QS,JS", "JS,QS,KH" },
  { "mixed", "7D,7C,3S,KH,AH,10C", "AH,3S,7C,7D,10C,KH" },
};

static void
test_deal_precedence_case (gconstpointer data)
{
  const PrecedenceCase *c = data;
  g_auto(GStrv) cards = g_strsplit (c->cards, ",", -1);
  g_auto(GStrv) want = g_strsplit (c->order, ",", -1);
  g_autofree char *json = g_strdup_printf ("{\"recipients\": %u}", g_strv_length (cards));
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, c->cards, &error);
  json_object *order;

  g_assert_no_error (error);
  order = order_of (outcome);
  for (guint i = 0; want[i] != NULL; i++)
    g_assert_cmpstr (order_card (order, i), ==, want[i]);
}

/* A deal to @recipients from @pack, shuffled by @seed. */
static AdjOutcome *
deal_shuffled (guint    recipients,
               guint64  seed,
               AdjPack *pack)
{
  g_autofree char *json = g_strdup_printf ("{\"recipients\": %u}", recipients);
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", json);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  AdjOutcome *outcome = adj_outcome_new (in->mechanic);
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  AdjRng rng;

  adj_rng_seed (&rng, seed);
  random = adj_random_new (&rng, pack);
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  return outcome;
}

/* A shuffled deal of every card: all 52 different, in the book's order. */
static void
test_deal_full_order (void)
{
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(AdjPack) pack = adj_pack_new (1);
      g_autoptr(AdjOutcome) outcome = deal_shuffled (52, seed, pack);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      json_object *order;
      guint n;

      order = order_of (outcome);
      g_assert_cmpuint (json_object_array_length (order), ==, 52);
      for (guint i = 0; i < 52; i++)
        {
          g_assert_true (g_hash_table_add (seen, (gpointer) order_card (order, i)));
          if (i > 0)
            g_assert_cmpint (book_card_order (order_card (order, i - 1)), <,
                             book_card_order (order_card (order, i)));
        }
      /* The ace of hearts always acts first and the king of spades last. */
      g_assert_cmpstr (order_card (order, 0), ==, "AH");
      g_assert_cmpstr (order_card (order, 51), ==, "KS");
      /* The cards are out of the pack, dealt. */
      adj_pack_dealt (pack, &n);
      g_assert_cmpuint (n, ==, 52);
      g_assert_cmpuint (adj_pack_remaining (pack), ==, 0);
      /* The recorded cards are the dealt ones, one roll each as declared. */
      g_assert_cmpuint (outcome->rolls->len, ==, 52);
      g_assert_nonnull (outcome->pack_after);
    }
}

/* The most the rules deal to, four packs' worth: every recipient once, every card four times,
 * in the book's order, and those on the same card in the order their roll-offs gave. */
static void
test_deal_four_packs (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjOutcome) outcome = deal_shuffled (208, 208, pack);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) cards = g_hash_table_new (g_str_hash, g_str_equal);
  json_object *order;

  g_assert_cmpstr (outcome->key, ==, "dealt-rolloff");
  g_assert_cmpint (value_int (outcome, "decks"), ==, 4);
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, 208);
  for (guint i = 0; i < 208; i++)
    {
      const char *card = order_card (order, i);
      guint seen = GPOINTER_TO_UINT (g_hash_table_lookup (cards, card));

      g_assert_true (g_hash_table_add (names, (gpointer) order_name (order, i)));
      g_hash_table_insert (cards, (gpointer) card, GUINT_TO_POINTER (seen + 1));
      if (i > 0)
        g_assert_cmpint (book_card_order (order_card (order, i - 1)), <=,
                         book_card_order (card));
      /* On the same card as the one before: its roll-offs were no better. */
      if (i > 0 && g_str_equal (order_card (order, i - 1), card))
        {
          json_object *a = NULL, *b = NULL;

          g_assert_true (json_object_object_get_ex (json_object_array_get_idx (order, i - 1),
                                                    "rolloff", &a));
          g_assert_true (json_object_object_get_ex (json_object_array_get_idx (order, i),
                                                    "rolloff", &b));
          for (gsize k = 0; k < json_object_array_length (a) && k < json_object_array_length (b);
               k++)
            {
              int x = json_object_get_int (json_object_array_get_idx (a, k));
              int y = json_object_get_int (json_object_array_get_idx (b, k));

              g_assert_cmpint (x, >=, y);
              if (x > y)
                break;
            }
        }
    }
  g_assert_cmpuint (g_hash_table_size (cards), ==, 52);
  for (guint c = 0; c < ADJ_DECK_SIZE; c++)
    g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (cards, adj_card_name (c))), ==, 4);
}

/* More than 52 recipients: two packs, equal cards rolled off on entered dice. */
static void
test_deal_two_decks (void)
{
  g_autoptr(GString) cards = g_string_new (NULL);
  g_autoptr(AdjInputs) in = inputs_new ("rn/deal", "{\"recipients\": 54}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  /* 2♣ (units 6 and 54) roll 3 and 5: unit 54 goes first.  7♥ (units 25 and 53) roll 4 and 4,
   * then 2 and 6: unit 53 goes first.  The 2♣ group rolls first, being earlier in the order. */
  const int dice[] = { 3, 5, 4, 4, 2, 6 };
  json_object *order;
  guint two_c = 0, seven_h = 0;

  /* Units 1 to 52 get a whole pack, rank by rank ... */
  for (int rank = 1; rank <= 13; rank++)
    for (int s = 0; s < 4; s++)
      {
        static const char *const r[] = {
          NULL, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
        };
        g_string_append_printf (cards, "%s%c,", r[rank], "HCDS"[s]);
      }
  /* ... which puts 2♣ at unit 6 and 7♥ at unit 25; a second 7♥ and 2♣ go to units 53, 54. */
  g_string_append (cards, "7H,2C");

  outcome = resolve_entered (in, NULL, dice, G_N_ELEMENTS (dice), cards->str, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "dealt-rolloff");
  g_assert_cmpint (value_int (outcome, "decks"), ==, 2);
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, 54);
  for (guint i = 0; i < 54; i++)
    {
      if (i > 0)
        g_assert_cmpint (book_card_order (order_card (order, i - 1)), <=,
                         book_card_order (order_card (order, i)));
      if (g_str_equal (order_card (order, i), "2C") && two_c++ == 0)
        {
          g_assert_cmpstr (order_name (order, i), ==, "Unit 54");
          g_assert_cmpstr (order_name (order, i + 1), ==, "Unit 6");
        }
      if (g_str_equal (order_card (order, i), "7H") && seven_h++ == 0)
        {
          g_assert_cmpstr (order_name (order, i), ==, "Unit 53");
          g_assert_cmpstr (order_name (order, i + 1), ==, "Unit 25");
        }
    }
  g_assert_cmpuint (two_c, ==, 2);
  g_assert_cmpuint (seven_h, ==, 2);

  /* One die short: the roll-off cannot finish. */
  {
    g_autoptr(AdjInputs) again = inputs_new ("rn/deal", "{\"recipients\": 54}");
    g_autoptr(AdjOutcome) none = NULL;

    g_clear_error (&error);
    none = resolve_entered (again, NULL, dice, G_N_ELEMENTS (dice) - 1, cards->str, &error);
    g_assert_null (none);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
  }
  /* Three copies of a card are more than two packs hold. */
  {
    g_autoptr(AdjInputs) again = inputs_new ("rn/deal", "{\"recipients\": 55}");
    g_autoptr(AdjOutcome) none = NULL;
    g_autoptr(GString) more = g_string_new (cards->str);

    g_string_append (more, ",2C");
    g_clear_error (&error);
    none = resolve_entered (again, NULL, dice, G_N_ELEMENTS (dice), more->str, &error);
    g_assert_null (none);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  }
}

/* The order the turn view walks: by card, from the units themselves, and gone after undo. */
static void
test_activation_order (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rn-column-on-the-march.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  const AdjMechanic *deal = adj_mechanic_lookup ("rn/deal");
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  AdjContext ctx;
  guint holders = 0;

  g_assert_no_error (error);
  none = adj_rn_activation_order (battle);
  g_assert_cmpuint (none->len, ==, 0);

  adj_battle_set_seed (battle, 1885);
  adj_battle_context (battle, &ctx);
  in = adj_inputs_new (deal, adj_battle_get_ruleset (battle));
  random = adj_battle_new_random (battle);
  outcome = adj_outcome_new (deal);
  g_assert_true (adj_mechanic_resolve (deal, &ctx, in, random, outcome, &error));
  g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
  g_assert_no_error (error);

  order = adj_rn_activation_order (battle);
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      holders += adj_unit_get_card (unit) != NULL;
    }
  g_assert_cmpuint (order->len, ==, holders);
  g_assert_cmpuint (order->len, >, 3);
  for (guint i = 1; i < order->len; i++)
    {
      AdjUnit *a = adj_battle_find_unit (battle, g_ptr_array_index (order, i - 1));
      AdjUnit *b = adj_battle_find_unit (battle, g_ptr_array_index (order, i));
      g_assert_cmpint (book_card_order (adj_unit_get_card (a)), <,
                       book_card_order (adj_unit_get_card (b)));
    }

  /* A destroyed unit acts no more. */
  {
    g_autofree char *target = g_strconcat ("unit:", (char *) g_ptr_array_index (order, 0), NULL);
    g_assert_true (adj_battle_edit (battle, target, "destroyed", yes, &error));
    after = adj_rn_activation_order (battle);
    g_assert_cmpuint (after->len, ==, order->len - 1);
    g_assert_cmpstr (g_ptr_array_index (after, 0), ==, g_ptr_array_index (order, 1));
  }
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_true (adj_battle_undo (battle, &error));
  g_clear_pointer (&after, g_ptr_array_unref);
  after = adj_rn_activation_order (battle);
  g_assert_cmpuint (after->len, ==, 0);
}

/* The deal's odds: certain, one pack or several. */
static void
test_deal_odds (void)
{
  g_autoptr(AdjInputs) one = inputs_new ("rn/deal", "{\"recipients\": 52}");
  g_autoptr(AdjInputs) two = inputs_new ("rn/deal", "{\"recipients\": 53}");
  g_autoptr(AdjOdds) a = odds_with_pack (one, NULL);
  g_autoptr(AdjOdds) b = odds_with_pack (two, NULL);

  g_assert_cmpfloat (adj_odds_p (a, "dealt"), ==, 1.0);
  g_assert_cmpfloat (adj_odds_p (b, "dealt-rolloff"), ==, 1.0);
}

/* ------------------------------------------------------------------------------------------ */
/* against a battle: deal, join, fire, collect — and undo                                      */

typedef struct {
  AdjBattle *battle;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) british = adj_army_template (rs, "british-column", &error);
  g_autoptr(AdjArmy) natives = NULL;

  g_assert_no_error (error);
  natives = adj_army_template (rs, "native-force", &error);
  g_assert_no_error (error);
  f->battle = adj_battle_new (rs, "Test");
  adj_battle_set_seed (f->battle, 1879);
  g_assert_true (adj_battle_add_army (f->battle, "a", british, &error));
  g_assert_true (adj_battle_add_army (f->battle, "b", natives, &error));
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->battle);
}

static AdjUnit *
unit_of_type (AdjBattle  *battle,
              const char *type,
              guint       nth)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (g_str_equal (adj_unit_get_type_id (unit), type) && nth-- == 0)
        return unit;
    }
  g_assert_not_reached ();
  return NULL;
}

/* Resolve against the battle (pre-filled) and apply; @json names the units. */
static AdjOutcome *
battle_resolve (AdjBattle  *battle,
                const char *mech_id,
                const char *json,
                const int  *dice,
                guint       n_dice,
                const char *cards,
                gboolean    apply)
{
  g_autoptr(AdjInputs) in = inputs_new (mech_id, json);
  g_autoptr(AdjRandom) random = adj_battle_new_random (battle);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  AdjContext ctx;

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_no_error (error);
  if (json != NULL)
    {
      /* What the caller gives wins over the battle's values. */
      g_autoptr(json_object) obj = json_tokener_parse (json);
      g_assert_true (adj_inputs_set_json (in, obj, "test", &error));
    }
  adj_battle_context (battle, &ctx);
  if (n_dice > 0)
    adj_random_enter_dice (random, dice, n_dice);
  if (cards != NULL)
    {
      g_autoptr(GArray) list = NULL;

      g_assert_true (adj_cards_parse (cards, &list, &error));
      adj_random_enter_cards (random, (const AdjCard *) list->data, list->len);
    }
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  if (apply)
    {
      g_assert_true (adj_battle_apply_outcome (battle, in, outcome, &error));
      g_assert_no_error (error);
    }
  return g_steal_pointer (&outcome);
}

static json_object *
cards_of (AdjBattle *battle)
{
  json_object *obj = json_object_new_object ();
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const char *card = adj_unit_get_card (unit);

      json_object_object_add (obj, adj_unit_get_id (unit),
                              card != NULL ? json_object_new_string (card) : NULL);
    }
  return obj;
}

static void
test_battle_deal (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) pack_before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) cards_before = cards_of (f->battle);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(json_object) pack_after = NULL;
  g_autoptr(json_object) undone = NULL;
  g_autoptr(json_object) undone_cards = NULL;
  AdjUnit *gun = unit_of_type (f->battle, "field-gun", 0);
  AdjUnit *lost = unit_of_type (f->battle, "infantry", 0);
  guint units = adj_battle_get_n_units (f->battle), n;
  json_object *order;

  /* A limbered gun and a destroyed unit get no card. */
  {
    g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
    g_autofree char *gun_target = g_strconcat ("unit:", adj_unit_get_id (gun), NULL);
    g_autofree char *lost_target = g_strconcat ("unit:", adj_unit_get_id (lost), NULL);

    g_assert_true (adj_battle_edit (f->battle, gun_target, "status.limbered", yes, &error));
    g_assert_true (adj_battle_edit (f->battle, lost_target, "destroyed", yes, &error));
    g_assert_no_error (error);
  }

  outcome = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  order = order_of (outcome);
  g_assert_cmpuint (json_object_array_length (order), ==, units - 2);
  g_assert_cmpint (value_int (outcome, "recipients"), ==, (int) units - 2);
  g_assert_null (adj_unit_get_card (gun));
  g_assert_null (adj_unit_get_card (lost));
  for (guint i = 0; i < json_object_array_length (order); i++)
    {
      json_object *item = json_object_array_get_idx (order, i), *id = NULL;
      AdjUnit *unit;

      g_assert_true (json_object_object_get_ex (item, "unit", &id));
      unit = adj_battle_find_unit (f->battle, json_object_get_string (id));
      g_assert_nonnull (unit);
      g_assert_cmpstr (adj_unit_get_card (unit), ==, order_card (order, i));
      if (i > 0)
        g_assert_cmpint (book_card_order (order_card (order, i - 1)), <,
                         book_card_order (order_card (order, i)));
    }
  /* The battle's pack holds the dealt cards out. */
  adj_pack_dealt (adj_battle_get_pack (f->battle), &n);
  g_assert_cmpuint (n, ==, units - 2);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, 52 - (units - 2));
  pack_after = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (outcome->pack_after, pack_after);

  /* Undo puts every card back where it was. */
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (pack_before, undone);
  undone_cards = cards_of (f->battle);
  assert_json_equal (cards_before, undone_cards);
  g_assert_true (adj_battle_redo (f->battle, &error));
  g_assert_no_error (error);
  g_assert_nonnull (adj_unit_get_card (unit_of_type (f->battle, "commander", 0)));
}

typedef struct {
  const char *commander;
  const char *unit;
  const char *key;
  const char *kept;
  const char *discarded;
} JoinCase;

static const JoinCase join_cases[] = {
  { "QH", "5C", "unit-card", "5C", "QH" },
  { "2D", "3C", "commander-card", "2D", "3C" },
  { "2D", "2C", "unit-card", "2C", "2D" },
  { "2C", "2D", "commander-card", "2C", "2D" },
  { "AS", "AH", "unit-card", "AH", "AS" },
  { "KH", "KS", "commander-card", "KH", "KS" },
  { "7D", "7D", "unit-card", "7D", "7D" },     /* two packs: the same card */
};

static void
test_join_case (gconstpointer data)
{
  const JoinCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"commander_card\": \"%s\", \"unit_card\": \"%s\"}",
                                           c->commander, c->unit);
  g_autoptr(AdjInputs) in = inputs_new ("rn/commander-joins", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_cmpstr (json_object_get_string (value (outcome, "card")), ==, c->kept);
  g_assert_cmpstr (json_object_get_string (value (outcome, "discarded")), ==, c->discarded);
  /* No dice, no card: the odds are certain. */
  {
    g_autoptr(AdjOdds) odds = odds_with_pack (in, NULL);
    g_assert_cmpfloat (adj_odds_p (odds, c->key), ==, 1.0);
  }
}

static void
test_battle_join (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  AdjUnit *commander = unit_of_type (f->battle, "commander", 0);
  AdjUnit *unit = unit_of_type (f->battle, "cavalry", 0);
  g_autofree char *cc = g_strdup (adj_unit_get_card (commander));
  g_autofree char *uc = g_strdup (adj_unit_get_card (unit));
  g_autofree char *json = g_strdup_printf ("{\"commander\": \"%s\", \"unit\": \"%s\"}",
                                           adj_unit_get_id (commander), adj_unit_get_id (unit));
  g_autoptr(json_object) pack_before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) pack_undone = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  const char *lower = book_card_order (cc) < book_card_order (uc) ? cc : uc;
  const char *higher = lower == cc ? uc : cc;
  const AdjCard *turned;
  AdjCard higher_card;
  guint n_dealt, n_turned;

  outcome = battle_resolve (f->battle, "rn/commander-joins", json, NULL, 0, NULL, TRUE);
  g_assert_cmpstr (outcome->key, ==, lower == cc ? "commander-card" : "unit-card");
  g_assert_cmpstr (adj_unit_get_card (commander), ==, lower);
  g_assert_cmpstr (adj_unit_get_card (unit), ==, lower);
  /* The higher card has left the dealt cards for the turned pile. */
  adj_pack_dealt (adj_battle_get_pack (f->battle), &n_dealt);
  turned = adj_pack_turned (adj_battle_get_pack (f->battle), &n_turned);
  g_assert_cmpuint (n_dealt, ==, (guint) value_int (deal, "recipients") - 1);
  g_assert_cmpuint (n_turned, ==, 1);
  g_assert_true (adj_card_parse (higher, &higher_card));
  g_assert_cmpuint (turned[0], ==, higher_card);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_card (commander), ==, cc);
  g_assert_cmpstr (adj_unit_get_card (unit), ==, uc);
  pack_undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (pack_before, pack_undone);

  /* A unit that is not a commander cannot join. */
  {
    g_autoptr(AdjInputs) in = NULL;
    g_autoptr(AdjRandom) random = adj_battle_new_random (f->battle);
    g_autoptr(AdjOutcome) none = NULL;
    g_autofree char *bad = g_strdup_printf ("{\"commander\": \"%s\", \"unit\": \"%s\"}",
                                            adj_unit_get_id (unit), adj_unit_get_id (commander));
    AdjContext ctx;

    in = inputs_new ("rn/commander-joins", bad);
    none = adj_outcome_new (in->mechanic);
    g_assert_true (adj_battle_prefill (f->battle, in, &error));
    adj_battle_context (f->battle, &ctx);
    g_assert_false (adj_mechanic_resolve (in->mechanic, &ctx, in, random, none, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
}

/* Collecting gathers every card back and clears every unit's card; undo deals them again. */
static void
test_battle_collect (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) deal = battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  g_autoptr(json_object) pack_dealt = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) cards_dealt = cards_of (f->battle);
  g_autoptr(AdjOutcome) collect = NULL;
  g_autoptr(json_object) pack_undone = NULL;
  g_autoptr(json_object) cards_undone = NULL;
  GListModel *units = adj_battle_get_units (f->battle);
  guint n;

  collect = battle_resolve (f->battle, "rn/collect", NULL, NULL, 0, NULL, TRUE);
  g_assert_cmpstr (collect->key, ==, "collected");
  g_assert_cmpint (value_int (collect, "returned"), ==, value_int (deal, "recipients"));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, 52);
  adj_pack_dealt (adj_battle_get_pack (f->battle), &n);
  g_assert_cmpuint (n, ==, 0);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_assert_null (adj_unit_get_card (unit));
    }

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  pack_undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  cards_undone = cards_of (f->battle);
  assert_json_equal (pack_dealt, pack_undone);
  assert_json_equal (cards_dealt, cards_undone);
}

/* Fire in a battle with entered dice and cards; apply, then undo restores the target and the
 * pack. */
static void
test_battle_fire (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) deal G_GNUC_UNUSED =
    battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  AdjUnit *firer = unit_of_type (f->battle, "infantry", 0);
  AdjUnit *target = NULL;
  g_autofree char *json = NULL;
  g_autoptr(json_object) pack_before = NULL;
  g_autoptr(json_object) pack_undone = NULL;
  g_autoptr(json_object) target_before = NULL;
  g_autoptr(json_object) target_undone = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  const AdjCard *draw;
  guint n_draw, n_turned;
  char cards[64];
  const int dice[] = { 6, 6, 6, 2 };

  /* The target: the first spearmen, in cover. */
  {
    GListModel *units = adj_battle_get_units (f->battle);
    for (guint i = 0; i < g_list_model_get_n_items (units) && target == NULL; i++)
      {
        g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
        if (g_str_equal (adj_unit_get_side (unit), "b") &&
            g_str_equal (adj_unit_get_type_id (unit), "infantry"))
          target = unit;
      }
  }
  {
    g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (target), NULL);
    g_assert_true (adj_battle_edit (f->battle, where, "status.in_cover", yes, &error));
  }
  g_assert_no_error (error);
  pack_before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  target_before = adj_unit_to_json (target);

  /* Three sixes through cover: turn the top three cards of the rest of the pack. */
  draw = adj_pack_draw_pile (adj_battle_get_pack (f->battle), &n_draw);
  {
    g_autofree char *a = adj_card_to_string (draw[n_draw - 1]);
    g_autofree char *b = adj_card_to_string (draw[n_draw - 2]);
    g_autofree char *c = adj_card_to_string (draw[n_draw - 3]);
    int red = book_is_red (a) + book_is_red (b) + book_is_red (c);

    g_snprintf (cards, sizeof cards, "%s,%s,%s", a, b, c);
    json = g_strdup_printf ("{\"firer\": \"%s\", \"target\": \"%s\", \"distance\": 2}",
                            adj_unit_get_id (firer), adj_unit_get_id (target));
    outcome = battle_resolve (f->battle, "rn/fire", json, dice, G_N_ELEMENTS (dice), cards, TRUE);
    g_assert_cmpint (value_int (outcome, "sixes"), ==, 3);
    g_assert_cmpint (value_int (outcome, "hits"), ==, red);
    g_assert_cmpint (adj_unit_get_figures (target), ==, red > 1 ? 4 - (red - 1) : 4);
    g_assert_true (adj_unit_get_status_bool (target, "disrupted") == (red > 0));
  }
  g_assert_true (adj_unit_get_status_bool (firer, "acted"));
  adj_pack_turned (adj_battle_get_pack (f->battle), &n_turned);
  g_assert_cmpuint (n_turned, ==, 3);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, n_draw - 3);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  pack_undone = adj_pack_to_json (adj_battle_get_pack (f->battle));
  target_undone = adj_unit_to_json (target);
  assert_json_equal (pack_before, pack_undone);
  assert_json_equal (target_before, target_undone);
  g_assert_false (adj_unit_get_status_bool (firer, "acted"));
}

/* ------------------------------------------------------------------------------------------ */
/* movement, hills and woods                                                                   */

typedef struct {
  const char *name;
  const char *inputs;
  int         hexes;
} MoveCase;

static const MoveCase move_cases[] = {
  { "infantry", "{\"type\": \"infantry\"}", 1 },
  { "infantry/road", "{\"type\": \"infantry\", \"road\": true}", 2 },
  { "infantry/with-commander", "{\"type\": \"infantry\", \"with_commander\": true}", 2 },
  { "infantry/road-and-commander",
    "{\"type\": \"infantry\", \"road\": true, \"with_commander\": true}", 3 },
  { "infantry/disrupted", "{\"type\": \"infantry\", \"disrupted\": true, \"road\": true}", 0 },
  { "cavalry", "{\"type\": \"cavalry\"}", 2 },
  { "cavalry/road", "{\"type\": \"cavalry\", \"road\": true}", 3 },
  { "machine-gun", "{\"type\": \"machine-gun\"}", 1 },
  { "mountain-gun", "{\"type\": \"mountain-gun\"}", 1 },
  { "field-gun", "{\"type\": \"field-gun\"}", 1 },
  { "field-gun/limbered", "{\"type\": \"field-gun\", \"limbered\": true}", 0 },
  { "field-gun/limbering", "{\"type\": \"field-gun\", \"limbering\": true}", 0 },
  { "medium-gun", "{\"type\": \"medium-gun\", \"road\": true}", 0 },
  { "heavy-gun", "{\"type\": \"heavy-gun\"}", 0 },
  { "horse-transport", "{\"type\": \"horse-transport\"}", 1 },
  { "motor-transport", "{\"type\": \"motor-transport\"}", 2 },
  { "motor-transport/road", "{\"type\": \"motor-transport\", \"road\": true}", 3 },
  { "commander", "{\"type\": \"commander\"}", 2 },
  { "commander/road", "{\"type\": \"commander\", \"road\": true}", 3 },
  { "commander/disrupted", "{\"type\": \"commander\", \"disrupted\": true}", 0 },
};

static void
test_move_case (gconstpointer data)
{
  const MoveCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/movement", c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (adj_outcome_get_value_int (outcome, "result", -1), ==, c->hexes);
}

typedef struct {
  const char *card;
  const char *key;
} RoughCase;

static const RoughCase rough_cases[] = {
  { "7C", "may-enter" },
  { "AS", "may-enter" },
  { "KC", "may-enter" },
  { "7H", "may-not-enter" },
  { "QD", "may-not-enter" },
  { "none", "no-card" },
};

static void
test_rough_case (gconstpointer data)
{
  const RoughCase *c = data;
  g_autofree char *json = g_strdup_printf ("{\"card\": \"%s\"}", c->card);
  g_autoptr(AdjInputs) in = inputs_new ("rn/rough-ground", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
}

/* The card a unit acts on comes from the deal. */
static void
test_battle_rough (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(AdjOutcome) deal G_GNUC_UNUSED =
    battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  GListModel *units = adj_battle_get_units (f->battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_autofree char *json = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (unit));
      g_autoptr(AdjOutcome) outcome = battle_resolve (f->battle, "rn/rough-ground", json, NULL,
                                                      0, NULL, FALSE);

      g_assert_cmpstr (outcome->key, ==, book_is_red (adj_unit_get_card (unit)) ? "may-not-enter"
                                                                              : "may-enter");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* regaining cohesion                                                                          */

typedef struct {
  char        suit;
  const char *rating;      /* NULL: a commander */
  char        name[48];
} CohesionCell;

static CohesionCell cohesion_cells[4 * 5];

static void
test_cohesion_cell (gconstpointer data)
{
  const CohesionCell *c = data;
  g_autofree char *json = c->rating != NULL
    ? g_strdup_printf ("{\"type\": \"infantry\", \"rating\": \"%s\"}", c->rating)
    : g_strdup ("{\"type\": \"commander\", \"rating\": \"very-poor\"}");
  g_autoptr(AdjInputs) in = inputs_new ("rn/cohesion", json);
  g_autoptr(GError) error = NULL;
  g_autofree char *card = g_strdup_printf ("9%c", c->suit);
  gboolean rallies = book_rallies (c->suit, c->rating != NULL ? c->rating : "good");
  g_autoptr(AdjOutcome) outcome = NULL;

  if (c->rating == NULL && !rallies)
    {
      /* A commander always gets a second card: give it another failing one. */
      g_autofree char *two = g_strdup_printf ("%s,8%c", card, c->suit);
      outcome = resolve_entered (in, NULL, NULL, 0, two, &error);
    }
  else
    outcome = resolve_entered (in, NULL, NULL, 0, card, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, rallies ? "regained" : "failed");
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *cards;
  const char *key;
  int         tries;
  int         error;     /* -1: none */
} CohesionCase;

static const CohesionCase cohesion_cases[] = {
  { "unit/one-try", "{\"rating\": \"poor\"}", "3H", "failed", 1, -1 },
  { "unit/no-second-card", "{\"rating\": \"poor\"}", "3H,3S", NULL, 0, ADJ_ERROR_INVALID },
  { "with-commander/second-rallies", "{\"rating\": \"average\", \"commander_in_hex\": true}",
    "3H,4C", "regained", 2, -1 },
  { "with-commander/second-fails", "{\"rating\": \"average\", \"commander_in_hex\": true}",
    "3H,4D", "failed", 2, -1 },
  { "with-commander/first-rallies", "{\"rating\": \"good\", \"commander_in_hex\": true}", "3D",
    "regained", 1, -1 },
  { "with-commander/very-poor", "{\"rating\": \"very-poor\", \"commander_in_hex\": true}",
    "3S,4S", "failed", 2, -1 },
  { "commander/second-rallies", "{\"type\": \"commander\"}", "3H,QD", "regained", 2, -1 },
  { "commander/both-hearts", "{\"type\": \"commander\"}", "3H,QH", "failed", 2, -1 },
  { "commander/needs-two", "{\"type\": \"commander\"}", "3H", NULL, 0, ADJ_ERROR_NEED_DICE },
  { "not-disrupted", "{\"disrupted\": false}", "3S", NULL, 0, ADJ_ERROR_NOT_ALLOWED },
};

static void
test_cohesion_case (gconstpointer data)
{
  const CohesionCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/cohesion", c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, c->cards, &error);

  if (c->error >= 0)
    {
      g_assert_null (outcome);
      g_assert_error (error, ADJ_ERROR, c->error);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_cmpint (value_int (outcome, "tries"), ==, c->tries);
}

static void
test_battle_cohesion (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *unit = unit_of_type (f->battle, "infantry", 0);
  g_autofree char *where = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
  g_autofree char *json = g_strdup_printf ("{\"unit\": \"%s\"}", adj_unit_get_id (unit));
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(AdjOutcome) outcome = NULL;

  g_assert_true (adj_battle_edit (f->battle, where, "status.disrupted", yes, &error));
  /* Line infantry is rated good: a club rallies it. */
  outcome = battle_resolve (f->battle, "rn/cohesion", json, NULL, 0, "5C", TRUE);
  g_assert_cmpstr (outcome->key, ==, "regained");
  g_assert_false (adj_unit_get_status_bool (unit, "disrupted"));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_true (adj_unit_get_status_bool (unit, "disrupted"));
}

/* ------------------------------------------------------------------------------------------ */
/* fire: the dice of every weapon class                                                        */

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

static GArray *dice_cases;

/* A unit armed for hand-to-hand fighting throws its dice in a close assault (against a
 * transport, which throws none); any other fires. */
static void
test_dice_case (gconstpointer data)
{
  const DiceCase *c = data;
  gboolean assault = g_str_equal (c->weapon, "hand-to-hand");
  const char *p = assault ? "assaulter" : "firer";
  g_autofree char *json = g_strdup_printf (
    "{\"%s_type\": \"%s\", \"%s_weapon\": \"%s\", \"%s_figures\": %d, "
    "\"%s_moved\": %s, \"%s_disrupted\": %s, \"%s_with_commander\": %s, "
    "\"%s_commander_moved\": %s, \"%s_commander_disrupted\": %s%s}",
    p, c->type, p, c->weapon, p, c->figures, p, c->moved ? "true" : "false",
    p, c->disrupted ? "true" : "false", p, c->commander > 0 ? "true" : "false",
    p, c->commander == 2 ? "true" : "false", p, c->commander == 3 ? "true" : "false",
    assault ? ", \"defender_type\": \"horse-transport\"" : "");
  g_autoptr(AdjInputs) in = inputs_new (assault ? "rn/assault" : "rn/fire", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs };
  int want;

  if (g_str_equal (c->type, "commander"))
    /* A commander's own dice, and those of another commander with him. */
    want = book_dice ("small-arms", 0, FALSE, (c->moved || c->disrupted) ? 2 : 1) +
           book_dice ("small-arms", 0, FALSE, c->commander == 0 ? 0 : c->commander == 1 ? 1 : 2);
  else
    want = book_dice (c->weapon_class, c->figures, c->moved || c->disrupted,
                      c->commander == 0 ? 0 : c->commander == 1 ? 1 : 2);

  /* Exactly that many dice are asked for: more or fewer would fail. */
  outcome = resolve_entered (in, NULL, ones, (guint) want, NULL, &error);
  if (c->figures == 0 && !g_str_equal (c->type, "commander"))
    {
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpint (value_int (outcome, assault ? "assaulter_dice" : "dice"), ==, want);
  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (specs->len, ==, want > 0 ? 1 : 0);
  if (want > 0)
    g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, (guint) want);
}

static void
add_dice_cases (void)
{
  static const struct {
    const char *type;
    const char *weapon;
    const char *weapon_class;
  } kinds[] = {
    { "infantry", "single-shot-rifle", "small-arms" },
    { "infantry", "hand-to-hand", "small-arms" },
    { "cavalry", "musket", "small-arms" },
    { "machine-gun", "machine-gun", "machine-gun" },
    { "field-gun", "rifled-field", "artillery" },
    { "heavy-gun", "smoothbore-heavy", "artillery" },
    { "commander", "musket", "commander" },
  };

  dice_cases = g_array_new (FALSE, TRUE, sizeof (DiceCase));
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (int figures = 0; figures <= 4; figures++)
      for (int state = 0; state < 4; state++)
        for (int commander = 0; commander < 4; commander++)
          {
            DiceCase c = { .type = kinds[k].type, .weapon = kinds[k].weapon,
                           .weapon_class = kinds[k].weapon_class, .figures = figures,
                           .moved = (state & 1) != 0, .disrupted = (state & 2) != 0,
                           .commander = commander };

            /* A commander is one figure. */
            if (g_str_equal (c.type, "commander") && figures != 1)
              continue;
            g_snprintf (c.name, sizeof c.name, "/rn/fire/dice/%s-%s/%d-figures/%s/commander-%s",
                        c.type, c.weapon, figures,
                        state == 0 ? "fresh" : state == 1 ? "moved" : state == 2 ? "disrupted"
                                                                          : "moved-and-disrupted",
                        commander == 0 ? "none" : commander == 1 ? "fresh"
                                         : commander == 2 ? "moved" : "disrupted");
            g_array_append_val (dice_cases, c);
          }
}

/* Hand-to-hand weapons do not reach the next hex; ranges are kept. */
static void
test_fire_refused (void)
{
  static const struct {
    const char *inputs;
    int         code;
  } cases[] = {
    { "{\"firer_weapon\": \"hand-to-hand\"}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_weapon\": \"single-shot-rifle\", \"distance\": 3}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_weapon\": \"magazine-rifle\", \"distance\": 5}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"field-gun\", \"firer_weapon\": \"rifled-field\", \"distance\": 10}",
      ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"field-gun\", \"firer_weapon\": \"rifled-field\", \"firer_limbered\": "
      "true}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"horse-transport\"}", ADJ_ERROR_NOT_ALLOWED },
    { "{\"firer_type\": \"infantry\", \"firer_weapon\": \"machine-gun\"}", ADJ_ERROR_NOT_ALLOWED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new ("rn/fire", cases[i].inputs);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, ones, 4, NULL, &error);
      AdjContext ctx = { .ruleset = rs };
      g_autoptr(AdjOdds) odds = NULL;

      g_assert_null (outcome);
      g_assert_error (error, ADJ_ERROR, cases[i].code);
      g_clear_error (&error);
      odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
      g_assert_null (odds);
      g_assert_error (error, ADJ_ERROR, cases[i].code);
    }
  /* At the longest range: allowed. */
  {
    g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_type\": \"heavy-gun\", "
                                          "\"firer_weapon\": \"rifled-heavy\", "
                                          "\"firer_figures\": 2, \"distance\": 15}");
    g_autoptr(GError) error = NULL;
    g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, ones, 4, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (value_bool (outcome, "whole_hex"));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* hits, one at a time                                                                         */

typedef struct {
  const char *name;
  const char *type;
  int         figures;
  gboolean    disrupted;
  gboolean    wounded;
  int         hits;
  const char *cards;
  const char *key;
  gboolean    disrupted_after;
  int         figures_after;
  gboolean    destroyed_after;
  gboolean    wounded_after;
} HitCase;

static const HitCase hit_cases[] = {
  { "infantry/none", "infantry", 4, FALSE, FALSE, 0, NULL, "no-effect", FALSE, 4, FALSE, FALSE },
  { "infantry/one", "infantry", 4, FALSE, FALSE, 1, NULL, "disrupted", TRUE, 4, FALSE, FALSE },
  { "infantry/two", "infantry", 4, FALSE, FALSE, 2, NULL, "figures-lost", TRUE, 3, FALSE, FALSE },
  { "infantry/disrupted-one", "infantry", 4, TRUE, FALSE, 1, NULL, "figures-lost", TRUE, 3,
    FALSE, FALSE },
  { "infantry/disrupted-four", "infantry", 4, TRUE, FALSE, 4, NULL, "destroyed", TRUE, 0, TRUE,
    FALSE },
  { "infantry/five", "infantry", 4, FALSE, FALSE, 5, NULL, "destroyed", TRUE, 0, TRUE, FALSE },
  { "infantry/four", "infantry", 4, FALSE, FALSE, 4, NULL, "figures-lost", TRUE, 1, FALSE,
    FALSE },
  { "infantry/nine", "infantry", 4, FALSE, FALSE, 9, NULL, "destroyed", TRUE, 0, TRUE, FALSE },
  { "cavalry/last-figure", "cavalry", 1, TRUE, FALSE, 1, NULL, "destroyed", TRUE, 0, TRUE,
    FALSE },
  { "gun/crew", "field-gun", 2, FALSE, FALSE, 2, NULL, "figures-lost", TRUE, 1, FALSE, FALSE },
  { "gun/silenced", "field-gun", 2, FALSE, FALSE, 3, NULL, "destroyed", TRUE, 0, TRUE, FALSE },
  { "transport/one", "horse-transport", 1, FALSE, FALSE, 1, NULL, "disrupted", TRUE, 1, FALSE,
    FALSE },
  { "transport/two", "horse-transport", 1, FALSE, FALSE, 2, NULL, "destroyed", TRUE, 1, TRUE,
    FALSE },
  { "transport/disrupted", "motor-transport", 1, TRUE, FALSE, 1, NULL, "destroyed", TRUE, 1,
    TRUE, FALSE },
  { "commander/one", "commander", 1, FALSE, FALSE, 1, NULL, "disrupted", TRUE, 1, FALSE, FALSE },
  { "commander/two-black", "commander", 1, FALSE, FALSE, 2, "5C", "disrupted", TRUE, 1, FALSE,
    FALSE },
  { "commander/jack-hearts", "commander", 1, TRUE, FALSE, 1, "JH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/queen-hearts", "commander", 1, TRUE, FALSE, 1, "QH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/king-hearts", "commander", 1, TRUE, FALSE, 1, "KH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/ace-hearts", "commander", 1, TRUE, FALSE, 1, "AH", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/ten-hearts", "commander", 1, TRUE, FALSE, 1, "10H", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/queen-diamonds", "commander", 1, TRUE, FALSE, 1, "QD", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/king-diamonds", "commander", 1, TRUE, FALSE, 1, "KD", "wounded", TRUE, 1, FALSE,
    TRUE },
  { "commander/king-spades", "commander", 1, TRUE, FALSE, 1, "KS", "no-effect", TRUE, 1, FALSE,
    FALSE },
  { "commander/jack-clubs", "commander", 1, TRUE, FALSE, 1, "JC", "no-effect", TRUE, 1, FALSE,
    FALSE },
  { "commander/wounded-then-killed", "commander", 1, TRUE, FALSE, 3, "5S,6D,KH", "killed", TRUE,
    1, TRUE, TRUE },
  { "commander/disrupted-then-wounded", "commander", 1, FALSE, FALSE, 3, "9C,7D", "wounded",
    TRUE, 1, FALSE, TRUE },
  { "commander/killed-early", "commander", 1, TRUE, FALSE, 2, "JH", "killed", TRUE, 1, TRUE,
    FALSE },
  { "commander/wounded-again", "commander", 1, TRUE, TRUE, 1, "4D", "no-effect", TRUE, 1, FALSE,
    TRUE },
};

static void
test_hit_case (gconstpointer data)
{
  const HitCase *c = data;
  g_autofree char *json = g_strdup_printf (
    "{\"hits\": %d, \"unit_type\": \"%s\", \"unit_figures\": %d, \"unit_disrupted\": %s, "
    "\"unit_wounded\": %s}", c->hits, c->type, c->figures, c->disrupted ? "true" : "false",
    c->wounded ? "true" : "false");
  g_autoptr(AdjInputs) in = inputs_new ("rn/hits", json);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (in, NULL, NULL, 0, c->cards, &error);
  BookUnit before = book_unit (c->type, c->figures, c->disrupted, c->wounded), after = before;
  g_auto(GStrv) cards = g_strsplit (c->cards != NULL ? c->cards : "", ",", -1);
  guint next = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_cmpint (value_bool (outcome, "unit_disrupted"), ==, c->disrupted_after);
  g_assert_cmpint (value_bool (outcome, "unit_destroyed"), ==, c->destroyed_after);
  g_assert_cmpint (value_bool (outcome, "unit_wounded"), ==, c->wounded_after);
  if (book_kind (c->type) == BOOK_FIGURES)
    g_assert_cmpint (value_int (outcome, "unit_figures"), ==, c->figures_after);

  /* The book's own account of the same hits agrees with the table. */
  for (int i = 0; i < c->hits; i++)
    {
      if (book_hit_needs_card (&after))
        book_hit (&after, cards[next++]);
      else
        book_hit (&after, NULL);
    }
  g_assert_cmpstr (book_effect (&before, &after), ==, c->key);
  g_assert_cmpuint (next, ==, g_strv_length (cards));
}

/* The other units in a hex that guns hit: apply, then undo. */
static void
test_battle_hits (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *transport = unit_of_type (f->battle, "horse-transport", 0);
  g_autofree char *json = g_strdup_printf ("{\"unit\": \"%s\", \"hits\": 2}",
                                           adj_unit_get_id (transport));
  g_autoptr(AdjOutcome) outcome = battle_resolve (f->battle, "rn/hits", json, NULL, 0, NULL, TRUE);

  g_assert_cmpstr (outcome->key, ==, "destroyed");
  g_assert_true (adj_unit_get_destroyed (transport));
  g_assert_true (adj_unit_get_status_bool (transport, "disrupted"));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_false (adj_unit_get_destroyed (transport));
  g_assert_false (adj_unit_get_status_bool (transport, "disrupted"));
}

/* ------------------------------------------------------------------------------------------ */
/* the pack runs out: the turned cards are shuffled back                                       */

static void
test_pack_exhausted (void)
{
  g_autoptr(AdjPack) pack = pack_with ("5H,6S", "JH,QC,2D");
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"target_in_cover\": true}");
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (in->mechanic);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  const int dice[] = { 6, 6, 6, 6 };
  guint n_cover = 0, red = 0, n;
  const AdjCard *cards;
  AdjRng rng;

  adj_rng_seed (&rng, 7);
  random = adj_random_new (&rng, pack);
  adj_random_enter_dice (random, dice, G_N_ELEMENTS (dice));
  g_assert_true (adj_mechanic_resolve (in->mechanic, &ctx, in, random, outcome, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < outcome->rolls->len; i++)
    {
      AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);
      AdjCard card;

      if (roll->sides != 0)
        continue;
      card = roll->cards[0];
      n_cover++;
      red += adj_card_is_red (card);
      /* A card turned twice would mean it came back before the pile was empty. */
      if (n_cover <= 2)
        g_assert_true (g_hash_table_add (seen, GUINT_TO_POINTER (card)));
    }
  g_assert_cmpuint (n_cover, ==, 4);
  g_assert_cmpint (value_int (outcome, "hits"), ==, (int) red);
  /* Two came off the pile, then the five turned cards became the pile and two more came off. */
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 3);
  adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 2);
  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 47);
  (void) cards;

  /* Nothing left at all: the card cannot be turned, and the odds say so too. */
  {
    g_autoptr(AdjPack) empty = pack_with ("", "");
    g_autoptr(AdjRandom) none = adj_random_new (&rng, empty);
    g_autoptr(AdjOutcome) failed = adj_outcome_new (in->mechanic);
    AdjContext ectx = { .ruleset = rs, .pack = empty };
    g_autoptr(AdjOdds) odds = NULL;

    adj_random_enter_dice (none, dice, G_N_ELEMENTS (dice));
    g_assert_false (adj_mechanic_resolve (in->mechanic, &ectx, in, none, failed, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
    g_clear_error (&error);
    odds = adj_mechanic_odds (in->mechanic, &ectx, in, &error);
    g_assert_null (odds);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* close assault                                                                               */

typedef struct {
  const char *name;
  const char *inputs;
  int         a_dice[6];
  guint       n_a;
  int         d_dice[6];
  guint       n_d;
  const char *cards;
  const char *key;
  const char *comparison;
  gboolean    assaulter_disrupted;
} AssaultCase;

static const AssaultCase assault_cases[] = {
  { "higher", "{}", { 5, 5, 5, 5 }, 4, { 1, 1, 1, 1 }, 4, NULL, "assaulter-wins", "higher",
    FALSE },
  { "lower", "{}", { 1, 1, 1, 1 }, 4, { 2, 2, 2, 2 }, 4, NULL, "assaulter-repulsed", "lower",
    TRUE },
  { "equal", "{}", { 3, 3, 3, 3 }, 4, { 4, 4, 2, 2 }, 4, NULL, "both-hold", "equal", FALSE },
  { "lower/already-hit", "{}", { 1, 1, 1, 1 }, 4, { 6, 2, 2, 2 }, 4, NULL, "assaulter-repulsed",
    "lower", TRUE },
  { "moved-assaulter", "{\"assaulter_moved\": true}", { 6, 5 }, 2, { 3, 3, 3, 2 }, 4, NULL,
    "both-hold", "equal", FALSE },
  { "defender-wiped-out", "{\"defender_figures\": 1, \"defender_disrupted\": true}",
    { 6, 6, 1, 1 }, 4, { 0 }, 0, NULL, "defender-destroyed", "higher", FALSE },
  { "defender-wiped-out/lower",
    "{\"defender_figures\": 1, \"defender_disrupted\": true, \"defender_with_commander\": true, "
    "\"assaulter_figures\": 1}",
    { 6 }, 1, { 5, 5 }, 2, NULL, "defender-destroyed", "lower", TRUE },
  { "assaulter-wiped-out", "{\"assaulter_figures\": 1, \"assaulter_disrupted\": true}",
    { 0 }, 0, { 6, 1, 1, 1 }, 4, NULL, "assaulter-destroyed", "lower", TRUE },
  { "both-wiped-out",
    "{\"assaulter_figures\": 1, \"assaulter_disrupted\": true, \"assaulter_with_commander\": "
    "true, \"defender_figures\": 1, \"defender_disrupted\": true, "
    "\"defender_with_commander\": true}",
    { 6, 1 }, 2, { 6, 1 }, 2, NULL, "both-destroyed", "equal", TRUE },
  { "both-hit", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"defender_figures\": 2, \"defender_disrupted\": true}",
    { 6 }, 1, { 6 }, 1, NULL, "both-hold", "equal", TRUE },
  { "cover-saves",
    "{\"defender_figures\": 1, \"defender_disrupted\": true, \"defender_in_cover\": true}",
    { 6, 6, 1, 1 }, 4, { 0 }, 0, "2S,3C", "assaulter-wins", "higher", FALSE },
  { "cover-fails",
    "{\"defender_figures\": 1, \"defender_disrupted\": true, \"defender_in_cover\": true}",
    { 6, 6, 1, 1 }, 4, { 0 }, 0, "2S,3D", "defender-destroyed", "higher", FALSE },
  { "commanders",
    "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_figures\": 1, \"assaulter_disrupted\": true, \"defender_type\": \"commander\", "
    "\"defender_figures\": 1, \"defender_disrupted\": true}",
    { 6 }, 1, { 6 }, 1, "4D,QH", "assaulter-destroyed", "equal", TRUE },
  { "limbered-gun-defends", "{\"defender_type\": \"field-gun\", \"defender_figures\": 2, "
    "\"defender_limbered\": true}", { 1, 1, 1, 1 }, 4, { 0 }, 0, NULL, "assaulter-wins",
    "higher", FALSE },
};

static void
test_assault_case (gconstpointer data)
{
  const AssaultCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/assault", c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  int dice[12];
  int a_pips = 0, d_pips = 0;

  for (guint i = 0; i < c->n_a; i++)
    {
      dice[i] = c->a_dice[i];
      a_pips += c->a_dice[i];
    }
  for (guint i = 0; i < c->n_d; i++)
    {
      dice[c->n_a + i] = c->d_dice[i];
      d_pips += c->d_dice[i];
    }
  outcome = resolve_entered (in, NULL, dice, c->n_a + c->n_d, c->cards, &error);
  g_assert_no_error (error);
  g_assert_cmpint (value_int (outcome, "assaulter_pips"), ==, a_pips);
  g_assert_cmpint (value_int (outcome, "defender_pips"), ==, d_pips);
  g_assert_cmpstr (json_object_get_string (value (outcome, "comparison")), ==, c->comparison);
  g_assert_cmpstr (json_object_get_string (value (outcome, "comparison")), ==,
                   a_pips > d_pips ? "higher" : a_pips < d_pips ? "lower" : "equal");
  g_assert_cmpstr (outcome->key, ==, c->key);
  if (g_str_equal (c->name, "both-hit"))
    {
      /* Each side's only six strikes a disrupted unit of two: one figure each, no more. */
      g_assert_cmpint (value_int (outcome, "assaulter_figures"), ==, 1);
      g_assert_cmpint (value_int (outcome, "defender_figures"), ==, 1);
    }
  g_assert_cmpint (value_bool (outcome, "assaulter_disrupted"), ==, c->assaulter_disrupted);
}

/* Applied in a battle: the repulsed assaulter ends disrupted; undo. */
static void
test_battle_assault (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdjUnit *assaulter = unit_of_type (f->battle, "infantry", 0);
  AdjUnit *defender = NULL;
  g_autofree char *json = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  /* 4 dice each: line infantry against spearmen. */
  const int dice[] = { 1, 1, 1, 2, 6, 2, 2, 2 };
  GListModel *units = adj_battle_get_units (f->battle);

  for (guint i = 0; i < g_list_model_get_n_items (units) && defender == NULL; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      if (g_str_equal (adj_unit_get_side (unit), "b") &&
          g_str_equal (adj_unit_get_type_id (unit), "infantry"))
        defender = unit;
    }
  json = g_strdup_printf ("{\"assaulter\": \"%s\", \"defender\": \"%s\"}",
                          adj_unit_get_id (assaulter), adj_unit_get_id (defender));
  outcome = battle_resolve (f->battle, "rn/assault", json, dice, G_N_ELEMENTS (dice), NULL, TRUE);
  g_assert_cmpstr (outcome->key, ==, "assaulter-repulsed");
  g_assert_true (adj_unit_get_status_bool (assaulter, "disrupted"));
  g_assert_cmpint (adj_unit_get_figures (assaulter), ==, 4);
  g_assert_false (adj_unit_get_status_bool (defender, "disrupted"));
  g_assert_true (adj_unit_get_status_bool (assaulter, "acted"));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_false (adj_unit_get_status_bool (assaulter, "disrupted"));
}

/* ------------------------------------------------------------------------------------------ */
/* exact odds against the brute force                                                          */

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;      /* NULL: a full pack */
  const char *turned;
  guint       dice;      /* what the firer throws, by the book */
  const char *type;      /* the target */
  int         figures;
  gboolean    disrupted;
  gboolean    wounded;
  gboolean    cover;
} FireOdds;

static const FireOdds fire_odds_cases[] = {
  { "open/4-dice", "{}", NULL, NULL, 4, "infantry", 4, FALSE, FALSE, FALSE },
  { "open/disrupted-target", "{\"target_disrupted\": true, \"target_figures\": 2}", NULL, NULL,
    4, "infantry", 2, TRUE, FALSE, FALSE },
  { "cover/full-pack", "{\"firer_figures\": 3, \"target_in_cover\": true}", NULL, NULL, 3,
    "infantry", 4, FALSE, FALSE, TRUE },
  { "cover/ten-red-two-black", "{\"target_in_cover\": true}",
    "AH,2H,3H,4H,5H,AD,2D,3D,4D,5D,AS,AC", "6S,7S", 4, "infantry", 4, FALSE, FALSE, TRUE },
  { "cover/pile-runs-out", "{\"target_in_cover\": true, \"target_figures\": 2, "
    "\"target_disrupted\": true}", "5H,6S", "JH,QC,2D,9D", 4, "infantry", 2, TRUE, FALSE, TRUE },
  { "cover/transport", "{\"target_in_cover\": true, \"target_type\": \"motor-transport\", "
    "\"target_figures\": 1}", "5H,6S,7D", "8C", 4, "motor-transport", 1, FALSE, FALSE, TRUE },
  { "commander/open", "{\"target_type\": \"commander\", \"target_figures\": 1}",
    "JH,QH,2C,3D,4S,5H,9C", NULL, 4, "commander", 1, FALSE, FALSE, FALSE },
  { "commander/cover/pile-runs-out", "{\"firer_figures\": 3, \"target_type\": \"commander\", "
    "\"target_figures\": 1, \"target_disrupted\": true, \"target_in_cover\": true}", "KH,3C",
    "JH,5D,8S", 3, "commander", 1, TRUE, FALSE, TRUE },
  { "commander/wounded", "{\"firer_figures\": 3, \"target_type\": \"commander\", "
    "\"target_figures\": 1, \"target_disrupted\": true, \"target_wounded\": true, "
    "\"target_in_cover\": true}", "AH,2S,QH", "KD", 3, "commander", 1, TRUE, TRUE, TRUE },
  { "machine-gun-and-commander", "{\"firer_type\": \"machine-gun\", \"firer_weapon\": "
    "\"machine-gun\", \"firer_figures\": 2, \"firer_with_commander\": true, \"target_in_cover\": "
    "true}", "2H,3S,4D,5C,6H,7S,8D,9C", "10H", 6, "infantry", 4, FALSE, FALSE, TRUE },
  { "moved-firer", "{\"firer_figures\": 4, \"firer_moved\": true, \"firer_with_commander\": "
    "true, \"firer_commander_disrupted\": true, \"target_in_cover\": true}",
    "2H,3S,4D,5C,6H", NULL, 3, "infantry", 4, FALSE, FALSE, TRUE },
};

static void
brute_volleys (const BookPile *pile,
               guint           n_dice,
               Volleys         st,
               BruteData      *bd)
{
  u128 by_sixes[16] = { 0 };
  u128 total = pow6 (n_dice);

  book_throws (n_dice, by_sixes, NULL);
  for (guint s = 0; s <= n_dice; s++)
    {
      Frac w = { by_sixes[s], total };

      if (by_sixes[s] == 0)
        continue;
      w = frac_scale (w, 1, 1);
      st.sixes[0] = (int) s;
      volleys_run (pile, st, w, fire_done, bd);
    }
}

static void
test_fire_odds (gconstpointer data)
{
  const FireOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  BookPile pile;
  Volleys st = { 0 };
  Dist dist;
  BruteData bd = { in->mechanic, &dist };

  /* The mechanic throws the dice the book gives. */
  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, c->dice);

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  st.n_volleys = 1;
  st.target[0] = 0;
  st.cover[0] = c->cover;
  st.units[0] = book_unit (c->type, c->figures, c->disrupted, c->wounded);
  bd.before[0] = st.units[0];
  brute_volleys (&pile, c->dice, st, &bd);
  assert_odds_equal (in->mechanic, odds, &dist, TRUE);
}

/* RULES.md's own example: with 10 red and 2 black cards left, a hit in cover counts with
 * probability 10/12.  One die: a hit 1 time in 6. */
static void
test_fire_odds_ten_of_twelve (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_figures\": 1, "
                                        "\"target_in_cover\": true}");
  g_autoptr(AdjPack) pack = pack_with ("AH,2H,3H,4H,5H,AD,2D,3D,4D,5D,AS,AC", NULL);
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  const AdjOddsEntry *e = adj_odds_find (odds, "disrupted");

  g_assert_false (odds->overflow);
  g_assert_cmpuint (e->num, ==, 5);     /* 1/6 × 10/12 */
  g_assert_cmpuint (e->den, ==, 36);
  e = adj_odds_find (odds, "no-effect");
  g_assert_cmpuint (e->num, ==, 31);
  g_assert_cmpuint (e->den, ==, 36);

  /* The full pack: half the cards are red. */
  {
    g_autoptr(AdjOdds) full = odds_with_pack (in, NULL);
    e = adj_odds_find (full, "disrupted");
    g_assert_cmpuint (e->num, ==, 1);
    g_assert_cmpuint (e->den, ==, 12);
  }
}

/* Many dice through cover: too many ways for 64 bits, so the odds are probabilities; they
 * must match the closed form (binomial sixes, hypergeometric red cards). */
static void
test_fire_odds_closed_form (void)
{
  const guint n = 16;
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_figures\": 16, "
                                        "\"target_in_cover\": true}");
  g_autoptr(AdjOdds) odds = odds_with_pack (in, NULL);
  long double p[5] = { 0 };
  static const char *const keys[] = {
    "no-effect", "disrupted", "figures-lost", "destroyed"
  };

  for (guint s = 0; s <= n; s++)
    {
      long double ps = 1.0L;

      /* C(n, s) (1/6)^s (5/6)^(n-s) */
      for (guint i = 0; i < s; i++)
        ps *= (long double) (n - i) / (i + 1);
      ps *= powl (1.0L / 6, s) * powl (5.0L / 6, n - s);
      for (guint k = 0; k <= s; k++)
        {
          /* C(26, k) C(26, s - k) / C(52, s) */
          long double h = 1.0L;
          int effect;

          for (guint i = 0; i < k; i++)
            h *= (long double) (26 - i) / (i + 1);
          for (guint i = 0; i < s - k; i++)
            h *= (long double) (26 - i) / (i + 1);
          for (guint i = 0; i < s; i++)
            h /= (long double) (52 - i) / (i + 1);
          effect = k == 0 ? 0 : k == 1 ? 1 : k <= 4 ? 2 : 3;
          p[effect] += ps * h;
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, keys[i]), (double) p[i], 1e-12);
  /* Nothing is exact here: the counts would not fit. */
  g_assert_true (odds->overflow);
  {
    g_autoptr(json_object) json = adj_odds_to_json (odds);
    g_assert_false (json_object_object_get_ex (json, "total_ways", NULL));
  }
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;
  const char *turned;
  const char *type;
  int         figures;
  gboolean    disrupted;
  gboolean    wounded;
  int         hits;
} HitsOdds;

static const HitsOdds hits_odds_cases[] = {
  { "commander/three", "{\"hits\": 3, \"unit_type\": \"commander\", \"unit_figures\": 1, "
    "\"unit_disrupted\": true}", "JH,KD,2S,5H,7C", NULL, "commander", 1, TRUE, FALSE, 3 },
  { "commander/pile-runs-out", "{\"hits\": 4, \"unit_type\": \"commander\", \"unit_figures\": 1}",
    "QH,2D", "3S,KH", "commander", 1, FALSE, FALSE, 4 },
  { "commander/full-pack", "{\"hits\": 2, \"unit_type\": \"commander\", \"unit_figures\": 1, "
    "\"unit_disrupted\": true}", NULL, NULL, "commander", 1, TRUE, FALSE, 2 },
  { "infantry", "{\"hits\": 3}", NULL, NULL, "infantry", 4, FALSE, FALSE, 3 },
};

static void
test_hits_odds (gconstpointer data)
{
  const HitsOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/hits", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  BookPile pile;
  Volleys st = { 0 };
  Dist dist;
  BruteData bd = { in->mechanic, &dist };
  Frac one = { 1, 1 };

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  st.n_volleys = 1;
  st.sixes[0] = c->hits;
  st.units[0] = book_unit (c->type, c->figures, c->disrupted, c->wounded);
  bd.before[0] = st.units[0];
  volleys_run (&pile, st, one, fire_done, &bd);
  assert_odds_equal (in->mechanic, odds, &dist, TRUE);
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;
  const char *turned;
  const char *rating;
  int         tries;
} CohesionOdds;

static const CohesionOdds cohesion_odds_cases[] = {
  { "average/full-pack", "{\"rating\": \"average\"}", NULL, NULL, "average", 1 },
  { "very-poor/with-commander", "{\"rating\": \"very-poor\", \"commander_in_hex\": true}", NULL,
    NULL, "very-poor", 2 },
  { "average/with-commander", "{\"rating\": \"average\", \"commander_in_hex\": true}",
    "3H,4H,5C,6D", NULL, "average", 2 },
  { "commander/pile-runs-out", "{\"type\": \"commander\"}", "2H", "3S,4H,5D", "good", 2 },
  { "poor/no-spades-left", "{\"rating\": \"poor\", \"commander_in_hex\": true}", "AH,2C,3D", "KS",
    "poor", 2 },
  { "good/full-pack", "{\"rating\": \"good\", \"commander_in_hex\": true}", NULL, NULL, "good",
    2 },
};

static void
brute_cohesion (const BookPile *pile,
                const char     *rating,
                int             tries,
                Frac            w,
                Dist           *dist)
{
  BookPile p = *pile;

  pile_refill (&p);
  for (guint i = 0; i < p.n_draw; i++)
    {
      BookPile next;
      char card[4];
      Frac wi = frac_scale (w, 1, p.n_draw);

      pile_take (&p, i, &next, card);
      if (book_rallies (card[strlen (card) - 1], rating))
        dist->p[0] = frac_add (dist->p[0], wi);
      else if (tries > 1)
        brute_cohesion (&next, rating, tries - 1, wi, dist);
      else
        dist->p[1] = frac_add (dist->p[1], wi);
    }
}

static void
test_cohesion_odds (gconstpointer data)
{
  const CohesionOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/cohesion", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  BookPile pile;
  Dist dist;
  Frac one = { 1, 1 };

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  brute_cohesion (&pile, c->rating, c->tries, one, &dist);
  g_assert_cmpint (key_index (in->mechanic, "regained"), ==, 0);
  assert_odds_equal (in->mechanic, odds, &dist, TRUE);
}

typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;
  const char *turned;
  guint       a_dice;
  guint       d_dice;
  const char *a_type;
  int         a_figures;
  gboolean    a_disrupted;
  gboolean    a_cover;
  const char *d_type;
  int         d_figures;
  gboolean    d_disrupted;
  gboolean    d_cover;
} AssaultOdds;

static const AssaultOdds assault_odds_cases[] = {
  { "plain/2-against-2", "{\"assaulter_figures\": 2, \"defender_figures\": 2}", NULL, NULL,
    2, 2, "infantry", 2, FALSE, FALSE, "infantry", 2, FALSE, FALSE },
  { "plain/4-against-3", "{\"defender_figures\": 3}", NULL, NULL,
    4, 3, "infantry", 4, FALSE, FALSE, "infantry", 3, FALSE, FALSE },
  { "fragile/2-against-2", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"defender_figures\": 1, \"defender_disrupted\": true, "
    "\"defender_with_commander\": true, \"defender_commander_moved\": true}", NULL, NULL,
    3, 1, "infantry", 2, TRUE, FALSE, "infantry", 1, TRUE, FALSE },
  { "cover-and-commanders", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_figures\": 1, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_figures\": 2, "
    "\"defender_disrupted\": true, \"defender_in_cover\": true}", "JH,2D,3S,KH,4C", "5D",
    3, 1, "commander", 1, TRUE, TRUE, "infantry", 2, TRUE, TRUE },
  { "commander-against-commander", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_figures\": 1, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_type\": "
    "\"commander\", \"defender_figures\": 1, \"defender_disrupted\": true, "
    "\"defender_in_cover\": true}", "JH,2D,3S,KH,4C,QH", "5D",
    3, 1, "commander", 1, TRUE, TRUE, "commander", 1, TRUE, TRUE },
  { "both-in-cover", "{\"assaulter_figures\": 2, \"defender_figures\": 2, "
    "\"assaulter_in_cover\": true, \"defender_in_cover\": true}", "AH,2S,3D,4C,5H,6S", "7D",
    2, 2, "infantry", 2, FALSE, TRUE, "infantry", 2, FALSE, TRUE },
};

static void
test_assault_odds (gconstpointer data)
{
  const AssaultOdds *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/assault", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) odds = odds_with_pack (in, pack);
  g_autoptr(GArray) specs = NULL;
  AdjContext ctx = { .ruleset = rs, .pack = pack };
  guint wa = 6 * c->a_dice + 1, wd = 6 * c->d_dice + 1;
  g_autofree u128 *ja = g_new0 (u128, (c->a_dice + 1) * wa);
  g_autofree u128 *jd = g_new0 (u128, (c->d_dice + 1) * wd);
  u128 by_a[16] = { 0 }, by_d[16] = { 0 };
  u128 groups[16][16][3];
  u128 total = pow6 (c->a_dice + c->d_dice);
  BookPile pile;
  Dist dist;
  BruteData bd = { in->mechanic, &dist };

  specs = adj_mechanic_draws (in->mechanic, &ctx, in);
  g_assert_cmpuint (specs->len, ==, (c->a_dice > 0) + (c->d_dice > 0));
  g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, c->a_dice);

  memset (groups, 0, sizeof groups);
  book_throws (c->a_dice, by_a, ja);
  book_throws (c->d_dice, by_d, jd);
  /* Every pair of throws, by hits on each side and how the pips compare. */
  for (guint sa = 0; sa <= c->a_dice; sa++)
    for (guint pa = 0; pa < wa; pa++)
      for (guint sd = 0; sd <= c->d_dice; sd++)
        for (guint pd = 0; pd < wd; pd++)
          {
            u128 ways = ja[sa * wa + pa] * jd[sd * wd + pd];
            if (ways != 0)
              groups[sa][sd][pa > pd ? 0 : pa < pd ? 1 : 2] += ways;
          }

  dist_init (&dist);
  pile_from_lists (&pile, c->draw, c->turned);
  for (guint sa = 0; sa <= c->a_dice; sa++)
    for (guint sd = 0; sd <= c->d_dice; sd++)
      for (int cmp = 0; cmp < 3; cmp++)
        {
          Volleys st = { 0 };
          Frac w = { groups[sa][sd][cmp], total };

          if (groups[sa][sd][cmp] == 0)
            continue;
          st.n_volleys = 2;
          st.sixes[0] = (int) sa;
          st.target[0] = 1;
          st.cover[0] = c->d_cover;
          st.sixes[1] = (int) sd;
          st.target[1] = 0;
          st.cover[1] = c->a_cover;
          st.units[0] = book_unit (c->a_type, c->a_figures, c->a_disrupted, FALSE);
          st.units[1] = book_unit (c->d_type, c->d_figures, c->d_disrupted, FALSE);
          bd.compare = cmp;
          volleys_run (&pile, st, frac_scale (w, 1, 1), assault_done, &bd);
        }
  assert_odds_equal (in->mechanic, odds, &dist, TRUE);
}

/* A close assault's odds are summed directly while the pile cannot run out; the card walk
 * must give the same odds on cases too big for the brute force. */
typedef struct {
  const char *name;
  const char *inputs;
  const char *draw;      /* NULL: a full pack */
  const char *turned;
} AssaultSums;

static const AssaultSums assault_sums_cases[] = {
  { "plain/12-against-12", "{\"assaulter_figures\": 12, \"defender_figures\": 12}", NULL, NULL },
  { "cover/6-against-5", "{\"assaulter_figures\": 6, \"defender_figures\": 5, "
    "\"assaulter_in_cover\": true, \"defender_in_cover\": true}", NULL, NULL },
  { "cover/short-pile", "{\"assaulter_figures\": 5, \"defender_figures\": 4, "
    "\"defender_disrupted\": true, \"defender_in_cover\": true, \"assaulter_in_cover\": true}",
    "AH,2S,3D,4C,5H,6S,7D,8C,9H,10S,JH,QC", "KD" },
  { "against-a-commander", "{\"assaulter_figures\": 6, \"assaulter_with_commander\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"single-shot-rifle\", "
    "\"defender_in_cover\": true, \"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-assaults", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_disrupted\": true, \"defender_figures\": 7, "
    "\"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-against-commander", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_with_commander\": true, \"assaulter_disrupted\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"hand-to-hand\", "
    "\"defender_with_commander\": true, \"defender_in_cover\": true, "
    "\"assaulter_in_cover\": true}",
    "JH,QH,KH,2D,3S,4C,5H,6S,7D,8C,9H,10S,2C,3C,4D", "KD" },
  { "transport", "{\"assaulter_figures\": 4, \"defender_type\": \"horse-transport\", "
    "\"defender_figures\": 1, \"defender_in_cover\": true}", NULL, NULL },
  /* Sides that can be wiped out by a few hits through cover, so that every way the two blocks
   * of cover cards can fall counts towards more than one outcome. */
  { "cover/fragile", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"assaulter_with_commander\": true, \"defender_figures\": 3, \"defender_disrupted\": true, "
    "\"assaulter_in_cover\": true, \"defender_in_cover\": true}", NULL, NULL },
  { "against-a-commander/fragile", "{\"assaulter_figures\": 2, \"assaulter_disrupted\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"hand-to-hand\", "
    "\"defender_disrupted\": true, \"defender_with_commander\": true, "
    "\"defender_in_cover\": true, \"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-assaults/fragile", "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": "
    "\"hand-to-hand\", \"assaulter_with_commander\": true, \"defender_figures\": 2, "
    "\"defender_disrupted\": true, \"assaulter_in_cover\": true, \"defender_in_cover\": true}",
    NULL, NULL },
  { "commander-against-commander/full-pack", "{\"assaulter_type\": \"commander\", "
    "\"assaulter_weapon\": \"hand-to-hand\", \"assaulter_with_commander\": true, "
    "\"assaulter_disrupted\": true, \"defender_type\": \"commander\", \"defender_weapon\": "
    "\"hand-to-hand\", \"defender_disrupted\": true, \"defender_with_commander\": true, "
    "\"defender_in_cover\": true, \"assaulter_in_cover\": true}", NULL, NULL },
  { "commander-against-commander/open", "{\"assaulter_type\": \"commander\", "
    "\"assaulter_weapon\": \"hand-to-hand\", \"assaulter_disrupted\": true, "
    "\"defender_type\": \"commander\", \"defender_weapon\": \"hand-to-hand\", "
    "\"defender_disrupted\": true, \"defender_with_commander\": true}",
    "JH,QH,KH,2D,3S,4C,5H,6S,7D,8C,9H,10S,2C,3C,4D,5S,6D", "KD" },
};

static void
test_assault_sums (gconstpointer data)
{
  const AssaultSums *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("rn/assault", c->inputs);
  g_autoptr(AdjPack) pack = c->draw != NULL ? pack_with (c->draw, c->turned) : NULL;
  g_autoptr(AdjOdds) sums = odds_with_pack (in, pack);
  g_autoptr(AdjOdds) walk = NULL;

  adj_rn_set_direct_odds (FALSE);
  walk = odds_with_pack (in, pack);
  adj_rn_set_direct_odds (TRUE);

  g_assert_cmpuint (sums->entries->len, ==, walk->entries->len);
  for (guint i = 0; i < sums->entries->len; i++)
    {
      const AdjOddsEntry *a = g_ptr_array_index (sums->entries, i);
      const AdjOddsEntry *b = g_ptr_array_index (walk->entries, i);

      g_assert_cmpstr (a->key, ==, b->key);
      g_assert_cmpfloat_with_epsilon (a->p, b->p, 1e-12);
      /* Where both could count the ways, they are the same fraction. */
      if (!sums->overflow && !walk->overflow)
        {
          g_assert_cmpuint (a->num, ==, b->num);
          g_assert_cmpuint (a->den, ==, b->den);
        }
    }
}

/* The odds follow the battle's own pack: after a deal, the cards dealt are not there to turn. */
static void
test_battle_odds_follow_pack (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(AdjOutcome) deal G_GNUC_UNUSED =
    battle_resolve (f->battle, "rn/deal", NULL, NULL, 0, NULL, TRUE);
  g_autoptr(AdjInputs) in = inputs_new ("rn/fire", "{\"firer_figures\": 1, "
                                        "\"target_in_cover\": true}");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOdds) odds = NULL;
  AdjContext ctx;
  guint n, red = 0;
  const AdjCard *cards;
  const AdjOddsEntry *e;
  u128 g;

  adj_battle_context (f->battle, &ctx);
  odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
  g_assert_no_error (error);
  cards = adj_pack_draw_pile (adj_battle_get_pack (f->battle), &n);
  for (guint i = 0; i < n; i++)
    red += adj_card_is_red (cards[i]);
  /* P(disrupted) = 1/6 × red / left */
  e = adj_odds_find (odds, "disrupted");
  g = gcd128 (red, 6 * n);
  g_assert_cmpuint (e->num, ==, (guint64) (red / g));
  g_assert_cmpuint (e->den, ==, (guint64) (6 * n / g));
  g_assert_cmpuint (n, <, 52);
}

/* ------------------------------------------------------------------------------------------ */

#define ADD_FIXTURE(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  static const char suits[] = "HDCS";
  static const char *const ratings[] = { "good", "average", "poor", "very-poor", NULL };
  int status;

  g_test_init (&argc, &argv, NULL);

  rs = adj_ruleset_lookup ("rn", &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);

  g_test_add_func ("/rn/mechanics", test_mechanic_list);
  g_test_add_func ("/rn/ruleset/ranges", test_ranges);
  g_test_add_func ("/rn/ruleset/unit-types", test_unit_types);
  g_test_add_func ("/rn/ruleset/templates", test_templates);

  g_test_add_func ("/rn/deal/precedence/book-example", test_deal_precedence);
  for (guint i = 0; i < G_N_ELEMENTS (precedence_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/deal/precedence/", precedence_cases[i].name, NULL);
      g_test_add_data_func (path, &precedence_cases[i], test_deal_precedence_case);
    }
  g_test_add_func ("/rn/deal/full-order", test_deal_full_order);
  g_test_add_func ("/rn/deal/four-packs", test_deal_four_packs);
  g_test_add_func ("/rn/deal/two-decks", test_deal_two_decks);
  g_test_add_func ("/rn/deal/odds", test_deal_odds);
  g_test_add_func ("/rn/deal/activation-order", test_activation_order);
  ADD_FIXTURE ("/rn/battle/deal-and-undo", test_battle_deal);

  for (guint i = 0; i < G_N_ELEMENTS (join_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rn/commander-joins/%s-%s", join_cases[i].commander,
                                               join_cases[i].unit);
      g_test_add_data_func (path, &join_cases[i], test_join_case);
    }
  ADD_FIXTURE ("/rn/battle/commander-joins", test_battle_join);

  for (guint i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/movement/", move_cases[i].name, NULL);
      g_test_add_data_func (path, &move_cases[i], test_move_case);
    }
  for (guint i = 0; i < G_N_ELEMENTS (rough_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/rough-ground/", rough_cases[i].card, NULL);
      g_test_add_data_func (path, &rough_cases[i], test_rough_case);
    }
  ADD_FIXTURE ("/rn/battle/rough-ground", test_battle_rough);

  /* Every cell of the cohesion table: four suits by four ratings, and the commander. */
  for (guint s = 0; s < 4; s++)
    for (guint r = 0; r < 5; r++)
      {
        CohesionCell *c = &cohesion_cells[s * 5 + r];
        g_autofree char *path = NULL;

        c->suit = suits[s];
        c->rating = ratings[r];
        g_snprintf (c->name, sizeof c->name, "%c-%s", c->suit,
                    c->rating != NULL ? c->rating : "commander");
        path = g_strconcat ("/rn/cohesion/table/", c->name, NULL);
        g_test_add_data_func (path, c, test_cohesion_cell);
      }
  for (guint i = 0; i < G_N_ELEMENTS (cohesion_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/cohesion/", cohesion_cases[i].name, NULL);
      g_test_add_data_func (path, &cohesion_cases[i], test_cohesion_case);
    }
  ADD_FIXTURE ("/rn/battle/cohesion", test_battle_cohesion);

  add_dice_cases ();
  for (guint i = 0; i < dice_cases->len; i++)
    {
      DiceCase *c = &g_array_index (dice_cases, DiceCase, i);
      g_test_add_data_func (c->name, c, test_dice_case);
    }
  g_test_add_func ("/rn/fire/refused", test_fire_refused);
  ADD_FIXTURE ("/rn/battle/fire-and-undo", test_battle_fire);

  for (guint i = 0; i < G_N_ELEMENTS (hit_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/hits/", hit_cases[i].name, NULL);
      g_test_add_data_func (path, &hit_cases[i], test_hit_case);
    }
  ADD_FIXTURE ("/rn/battle/hits", test_battle_hits);
  g_test_add_func ("/rn/pack/exhausted", test_pack_exhausted);

  for (guint i = 0; i < G_N_ELEMENTS (assault_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/assault/", assault_cases[i].name, NULL);
      g_test_add_data_func (path, &assault_cases[i], test_assault_case);
    }
  ADD_FIXTURE ("/rn/battle/assault", test_battle_assault);
  ADD_FIXTURE ("/rn/battle/collect", test_battle_collect);

  for (guint i = 0; i < G_N_ELEMENTS (fire_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/fire/", fire_odds_cases[i].name, NULL);
      g_test_add_data_func (path, &fire_odds_cases[i], test_fire_odds);
    }
  g_test_add_func ("/rn/odds/fire/ten-of-twelve", test_fire_odds_ten_of_twelve);
  g_test_add_func ("/rn/odds/fire/closed-form", test_fire_odds_closed_form);
  for (guint i = 0; i < G_N_ELEMENTS (hits_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/hits/", hits_odds_cases[i].name, NULL);
      g_test_add_data_func (path, &hits_odds_cases[i], test_hits_odds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (cohesion_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/cohesion/", cohesion_odds_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &cohesion_odds_cases[i], test_cohesion_odds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (assault_odds_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/assault/", assault_odds_cases[i].name, NULL);
      g_test_add_data_func (path, &assault_odds_cases[i], test_assault_odds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (assault_sums_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/rn/odds/assault-sums/", assault_sums_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &assault_sums_cases[i], test_assault_sums);
    }
  ADD_FIXTURE ("/rn/battle/odds-follow-the-pack", test_battle_odds_follow_pack);

  status = g_test_run ();
  g_array_unref (dice_cases);
  adj_ruleset_unref (rs);
  return status;
}
