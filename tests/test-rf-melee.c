/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-melee.c: Risk Factor melee, movement and victory. */

#include "test-rf.h"

/* ------------------------------------------------------------------------------------------ */
/* melee                                                                                       */

typedef struct {
  const char *quality;   /* "hero", "veteran", "raw" */
  int         factor;    /* melee factor of his weapon */
} BookFighter;

/* The modifier of a figure fighting @n opponents alone, whose best melee factor is @best. */
static int
book_lone_mod (const BookFighter *f,
               guint              n,
               int                best,
               gboolean           superior,
               gboolean           wall)
{
  return -(int) g_str_equal (f->quality, "raw") - ((int) n - 1) - wall +
         (g_str_equal (f->quality, "hero") || superior) + (f->factor > best);
}

/* The modifier of one of the figures fighting @lone. */
static int
book_opponent_mod (const BookFighter *f,
                   const BookFighter *lone,
                   gboolean           superior,
                   gboolean           wall)
{
  return -(int) g_str_equal (f->quality, "raw") - wall +
         (g_str_equal (f->quality, "hero") || superior) + (f->factor > lone->factor);
}

/* The book's melee, written from RULES.md: pair off as evenly as possible (the first figures
 * of the smaller side take the extra opponents), each fight compared on its own. */
static void
book_melee (const BookFighter *fa,
            guint              a,
            gboolean           sup_a,
            gboolean           wall_a,
            const BookFighter *fb,
            guint              b,
            gboolean           sup_b,
            gboolean           wall_b,
            const int         *da,
            const int         *db,
            int               *wins_a,
            int               *wins_b)
{
  gboolean a_small = a <= b;
  guint small = MIN (a, b), big = MAX (a, b), next = 0;
  const BookFighter *fs = a_small ? fa : fb, *fl = a_small ? fb : fa;
  const int *ds = a_small ? da : db, *dl = a_small ? db : da;
  gboolean sup_s = a_small ? sup_a : sup_b, sup_l = a_small ? sup_b : sup_a;
  gboolean wall_s = a_small ? wall_a : wall_b, wall_l = a_small ? wall_b : wall_a;
  int ws = 0, wl = 0;

  for (guint i = 0; i < small; i++)
    {
      guint n = big / small + (i < big % small ? 1 : 0);
      int best = 0, ms;

      for (guint j = next; j < next + n; j++)
        best = MAX (best, fl[j].factor);
      ms = book_lone_mod (&fs[i], n, best, sup_s, wall_s);
      for (guint j = next; j < next + n; j++)
        {
          int ml = book_opponent_mod (&fl[j], &fs[i], sup_l, wall_l);

          if (ds[i] + ms > dl[j] + ml)
            ws++;
          else if (dl[j] + ml > ds[i] + ms)
            wl++;
        }
      next += n;
    }
  *wins_a = a_small ? ws : wl;
  *wins_b = a_small ? wl : ws;
}

static const char *
book_melee_key (int wa,
                int wb)
{
  return wa > wb ? "attacker" : wb > wa ? "defender" : "draw";
}

typedef struct {
  const char *name;
  guint       a, b;
  const char *qa, *qb;         /* group qualities */
  const char *wa, *wb;         /* group weapons */
  gboolean    sup_a, sup_b, wall_a, wall_b;
} MeleeCase;

static const MeleeCase melee_cases[] = {
  { "1v1", 1, 1, "veteran", "veteran", "rifle-bayonet", "spear", FALSE, FALSE, FALSE, FALSE },
  { "1v3", 1, 3, "hero", "raw", "sword", "spear", FALSE, FALSE, FALSE, FALSE },
  { "2v3", 2, 3, "veteran", "veteran", "rifle", "war-club", FALSE, TRUE, FALSE, FALSE },
  { "3v2", 3, 2, "raw", "hero", "spear", "lance", FALSE, FALSE, TRUE, FALSE },
  { "2v5", 2, 5, "veteran", "raw", "rifle-bayonet", "spear", TRUE, FALSE, FALSE, TRUE },
  { "4v3", 4, 3, "veteran", "veteran", "hatchet", "rocks", FALSE, FALSE, FALSE, FALSE },
};

static char *
melee_inputs_json (const MeleeCase *c)
{
  return g_strdup_printf ("{\"attackers\": %u, \"defenders\": %u, \"attacker_quality\": \"%s\", "
                          "\"defender_quality\": \"%s\", \"attacker_weapon\": \"%s\", "
                          "\"defender_weapon\": \"%s\", \"attacker_superior\": %s, "
                          "\"defender_superior\": %s, \"attacker_wall\": %s, "
                          "\"defender_wall\": %s}", c->a, c->b, c->qa, c->qb, c->wa, c->wb,
                          c->sup_a ? "true" : "false", c->sup_b ? "true" : "false",
                          c->wall_a ? "true" : "false", c->wall_b ? "true" : "false");
}

static void
book_fighters (const MeleeCase *c,
               BookFighter     *fa,
               BookFighter     *fb)
{
  for (guint i = 0; i < c->a; i++)
    fa[i] = (BookFighter) { c->qa, weapon_rule (c->wa, "melee") };
  for (guint i = 0; i < c->b; i++)
    fb[i] = (BookFighter) { c->qb, weapon_rule (c->wb, "melee") };
}

/* Exact odds against every throw of every die. */
static void
test_melee_odds (gconstpointer data)
{
  const MeleeCase *c = data;
  g_autofree char *json = melee_inputs_json (c);
  g_autoptr(AdjInputs) in = inputs ("rf/melee", json);
  g_autoptr(AdjOdds) odds = odds_of (in);
  BookFighter fa[8], fb[8];
  guint n = c->a + c->b;
  guint64 total = 1, att = 0, def = 0, draw = 0;
  int dice[16];

  book_fighters (c, fa, fb);
  for (guint i = 0; i < n; i++)
    total *= 6;
  for (guint64 w = 0; w < total; w++)
    {
      guint64 x = w;
      int wa, wb;
      const char *key;

      for (guint i = 0; i < n; i++, x /= 6)
        dice[i] = (int) (x % 6) + 1;
      book_melee (fa, c->a, c->sup_a, c->wall_a, fb, c->b, c->sup_b, c->wall_b, dice,
                  dice + c->a, &wa, &wb);
      key = book_melee_key (wa, wb);
      if (g_str_equal (key, "attacker"))
        att++;
      else if (g_str_equal (key, "defender"))
        def++;
      else
        draw++;
      /* The mechanic, on a sample of these throws, finds the same fights won. */
      if (w % 131 == 0)
        {
          g_autoptr(AdjOutcome) out = resolve_ok (in, dice, n);

          g_assert_cmpstr (out->key, ==, key);
          g_assert_cmpint (adj_outcome_get_value_int (out, "attacker_wins", -1), ==, wa);
          g_assert_cmpint (adj_outcome_get_value_int (out, "defender_wins", -1), ==, wb);
        }
    }
  assert_odds (odds, "attacker", att, total);
  assert_odds (odds, "defender", def, total);
  assert_odds (odds, "draw", draw, total);
}

/* The fights won, attackers' less defenders', as a count of throws and a probability for
 * each difference from -span to span. */
typedef struct {
  int                span;
  unsigned __int128 *ways;
  double            *p;
  gboolean           overflow;
} BookSpread;

static BookSpread
book_spread_new (int span)
{
  return (BookSpread) { span, g_new0 (unsigned __int128, 2 * span + 1),
                        g_new0 (double, 2 * span + 1), FALSE };
}

static void
book_spread_free (BookSpread *s)
{
  g_free (s->ways);
  g_free (s->p);
}

/* @into[k + d] gains @from[k] times @ways ways and @p, for every k. */
static void
book_spread_shift_add (BookSpread       *into,
                       const BookSpread *from,
                       int               d,
                       unsigned __int128 ways,
                       double            p)
{
  for (int k = -from->span; k <= from->span; k++)
    {
      unsigned __int128 w;

      if (from->ways[k + from->span] == 0 && from->p[k + from->span] == 0.0)
        continue;
      g_assert_true (k + d >= -into->span && k + d <= into->span);
      into->p[k + d + into->span] += from->p[k + from->span] * p;
      into->overflow |= from->overflow;
      if (__builtin_mul_overflow (from->ways[k + from->span], ways, &w) ||
          __builtin_add_overflow (into->ways[k + d + into->span], w,
                                  &into->ways[k + d + into->span]))
        into->overflow = TRUE;
    }
}

/* The book's melee odds, worked out throw by throw of each cluster: the lone figure's die, then
 * each of his opponents' in turn. */
static BookSpread
book_melee_spread (const MeleeCase *c)
{
  BookFighter fa[64], fb[64];
  gboolean a_small = c->a <= c->b;
  guint small = MIN (c->a, c->b), big = MAX (c->a, c->b), next = 0;
  const BookFighter *fs = a_small ? fa : fb, *fl = a_small ? fb : fa;
  int sign = a_small ? 1 : -1;
  int span = (int) big;
  BookSpread all = book_spread_new (span);

  book_fighters (c, fa, fb);
  all.ways[span] = 1;
  all.p[span] = 1.0;
  for (guint i = 0; i < small; i++)
    {
      guint n = big / small + (i < big % small ? 1 : 0);
      int best = 0, ms;
      BookSpread cluster = book_spread_new (span);
      BookSpread next_all = book_spread_new (span);

      for (guint j = next; j < next + n; j++)
        best = MAX (best, fl[j].factor);
      ms = book_lone_mod (&fs[i], n, best, a_small ? c->sup_a : c->sup_b,
                          a_small ? c->wall_a : c->wall_b);
      for (int xd = 1; xd <= 6; xd++)
        {
          BookSpread given = book_spread_new (span);

          given.ways[span] = 1;
          given.p[span] = 1.0 / 6.0;
          for (guint j = next; j < next + n; j++)
            {
              int ml = book_opponent_mod (&fl[j], &fs[i], a_small ? c->sup_b : c->sup_a,
                                          a_small ? c->wall_b : c->wall_a);
              BookSpread after = book_spread_new (span);

              for (int yd = 1; yd <= 6; yd++)
                {
                  int d = xd + ms > yd + ml ? sign : yd + ml > xd + ms ? -sign : 0;

                  book_spread_shift_add (&after, &given, d, 1, 1.0 / 6.0);
                }
              book_spread_free (&given);
              given = after;
            }
          book_spread_shift_add (&cluster, &given, 0, 1, 1.0);
          book_spread_free (&given);
        }
      for (int d = -span; d <= span; d++)
        {
          /* All so far, shifted by d, times the cluster's ways and probability at d. */
          if (cluster.ways[d + span] != 0 || cluster.p[d + span] != 0.0)
            book_spread_shift_add (&next_all, &all, d, cluster.ways[d + span],
                                   cluster.p[d + span]);
        }
      next_all.overflow |= cluster.overflow;
      book_spread_free (&all);
      book_spread_free (&cluster);
      all = next_all;
      next += n;
    }
  return all;
}

/* Melees too big to throw every die, up to sixty a side: the mechanic's odds against the book's
 * worked out cluster by cluster, exactly while the counts fit and to rounding beyond. */
void
test_melee_odds_large (void)
{
  static const MeleeCase cases[] = {
    { "6v6", 6, 6, "veteran", "veteran", "rifle-bayonet", "spear", FALSE, FALSE, FALSE, FALSE },
    { "5v11", 5, 11, "hero", "raw", "sword", "spear", FALSE, TRUE, FALSE, FALSE },
    { "13v4", 13, 4, "raw", "veteran", "spear", "lance", FALSE, FALSE, TRUE, FALSE },
    { "17v43", 17, 43, "veteran", "raw", "rifle-bayonet", "war-club", TRUE, FALSE, FALSE, TRUE },
    { "60v60", 60, 60, "veteran", "veteran", "rifle-bayonet", "spear", FALSE, FALSE, FALSE, FALSE },
    { "60v60 even", 60, 60, "veteran", "veteran", "spear", "spear", FALSE, FALSE, FALSE, FALSE },
    { "59v60", 59, 60, "hero", "raw", "hatchet", "rocks", FALSE, FALSE, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MeleeCase *c = &cases[i];
      g_autofree char *json = melee_inputs_json (c);
      g_autoptr(AdjInputs) in = inputs ("rf/melee", json);
      g_autoptr(AdjOdds) odds = odds_of (in);
      BookSpread book = book_melee_spread (c);
      double p[3] = { 0 };
      unsigned __int128 ways[3] = { 0 }, total = 1;
      gboolean overflow = book.overflow;
      static const char *const keys[] = { "attacker", "defender", "draw" };

      for (guint f = 0; f < c->a + c->b; f++)
        overflow |= __builtin_mul_overflow (total, 6, &total);
      for (int d = -book.span; d <= book.span; d++)
        {
          guint o = d > 0 ? 0 : d < 0 ? 1 : 2;

          p[o] += book.p[d + book.span];
          overflow |= __builtin_add_overflow (ways[o], book.ways[d + book.span], &ways[o]);
        }
      overflow |= total > G_MAXUINT64;
      g_test_message ("%s: attackers %.6f, defenders %.6f, draw %.6f%s", c->name, p[0], p[1],
                      p[2], overflow ? " (counts too big)" : "");
      /* The odds are exact however large; the book's own counts only up to 64 bits. */
      assert_odds_exact (odds);
      for (guint o = 0; o < 3; o++)
        {
          const AdjOddsEntry *e = adj_odds_find (odds, keys[o]);

          g_assert_nonnull (e);
          g_assert_cmpfloat_with_epsilon (e->p, p[o], 1e-12);
          if (!overflow)
            assert_odds (odds, keys[o], (guint64) ways[o], (guint64) total);
        }
      /* The same weapons and quality on both sides: neither side is favoured. */
      if (g_str_equal (c->name, "60v60 even"))
        g_assert_cmpfloat_with_epsilon (p[0], p[1], 1e-12);
      book_spread_free (&book);
    }
}

/* Uneven numbers pair off evenly, whatever the dice: many seeded throws against the book. */
void
test_melee_pairing (void)
{
  static const guint sizes[][2] = { { 1, 4 }, { 3, 5 }, { 5, 3 }, { 2, 7 }, { 7, 2 }, { 4, 4 },
                                    { 6, 4 }, { 10, 3 } };
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      MeleeCase c = { "seeded", sizes[s][0], sizes[s][1], "veteran", "raw", "rifle-bayonet",
                      "spear", FALSE, FALSE, FALSE, FALSE };
      g_autofree char *json = melee_inputs_json (&c);
      g_autoptr(AdjInputs) in = inputs ("rf/melee", json);
      BookFighter fa[16], fb[16];

      book_fighters (&c, fa, fb);
      for (guint t = 0; t < 200; t++)
        {
          int dice[32];
          int wa, wb;

          for (guint i = 0; i < c.a + c.b; i++)
            dice[i] = adj_rng_die (&rng, 6);
          book_melee (fa, c.a, FALSE, FALSE, fb, c.b, FALSE, FALSE, dice, dice + c.a, &wa, &wb);
          {
            g_autoptr(AdjOutcome) out = resolve_ok (in, dice, c.a + c.b);

            g_assert_cmpint (adj_outcome_get_value_int (out, "attacker_wins", -1), ==, wa);
            g_assert_cmpint (adj_outcome_get_value_int (out, "defender_wins", -1), ==, wb);
            /* Every figure of the larger side fights exactly once. */
            g_assert_cmpint (wa + wb, <=, (int) MAX (c.a, c.b));
          }
        }
    }
}

/* The winner's own die decides the casualty: 5 wounds, 6 kills, whatever the modifiers. */
void
test_melee_casualties (void)
{
  /* Veteran with a bayonet (+1: 4 against a spear's 3) against a raw spearman (-1). */
  static const struct {
    int         a, b;
    const char *key;
    int         a_wounds, a_lost, b_wounds, b_lost;
  } cases[] = {
    { 4, 4, "attacker", 0, 0, 0, 0 },   /* 5 against 3: won, but a 4 hurts no one */
    { 5, 4, "attacker", 0, 0, 1, 0 },   /* an unmodified 5 wounds */
    { 6, 1, "attacker", 0, 0, 0, 1 },   /* an unmodified 6 kills */
    { 3, 5, "draw", 0, 0, 0, 0 },       /* 4 against 4 */
    { 1, 6, "defender", 0, 1, 0, 0 },   /* 2 against 5, and his 6 kills */
    { 2, 5, "defender", 1, 0, 0, 0 },   /* 3 against 4, his 5 wounds */
    { 3, 6, "defender", 0, 1, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/melee",
                                        "{\"attackers\": 1, \"defenders\": 1, "
                                        "\"attacker_quality\": \"veteran\", "
                                        "\"defender_quality\": \"raw\", "
                                        "\"attacker_weapon\": \"rifle-bayonet\", "
                                        "\"defender_weapon\": \"spear\"}");
      int dice[] = { cases[i].a, cases[i].b };
      g_autoptr(AdjOutcome) out = resolve_ok (in, dice, 2);
      json_object *att = json_object_object_get (out->values, "attacker");
      json_object *def = json_object_object_get (out->values, "defender");

      g_assert_cmpstr (out->key, ==, cases[i].key);
      g_assert_cmpint (json_object_get_int (json_object_object_get (att, "anonymous_lost")), ==,
                       cases[i].a_lost);
      g_assert_cmpint (json_object_get_int (json_object_object_get (def, "anonymous_lost")), ==,
                       cases[i].b_lost);
      {
        g_autofree char *text = adj_outcome_to_text (out);
        if (cases[i].b_wounds || cases[i].a_wounds)
          assert_has (text, "is wounded");
      }
    }
}

/* With records: the figures fight with their own quality and weapon; a wound lands on the
 * figure who lost; the losers' figures that cannot fall back are wounded; undo takes it all
 * back. */
void
test_melee_apply (void)
{
  g_autofree char *text = two_side_battle (
    "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"Picket\", \"type\": \"regular-foot\", "
    "\"rating\": \"veteran\", \"weapon\": \"rifle-bayonet\", \"members\": ["
    "{\"name\": \"Cpl Rudd\", \"rating\": \"hero\"}, {\"name\": \"Pte Ames\", "
    "\"wounds\": 1}]}, "
    "{\"id\": \"u2\", \"side\": \"b\", \"name\": \"Warriors\", \"type\": \"native-regulars\", "
    "\"rating\": \"veteran\", \"weapon\": \"spear\", \"members\": [{}, {}, {}, {}]}");
  g_autoptr(AdjBattle) battle = battle_from (text);
  g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/melee",
                                           "{\"attacker\": \"u2\", \"defender\": \"u1\", "
                                           "\"defender_blocked\": 1}");
  /* Four warriors against two redcoats: each redcoat faces two (-1 each).  Cpl Rudd (hero +1,
   * bayonet +1, -1: +1) rolls 6: 7 beats the 2 and 3 of his two, and kills the first.
   * Pte Ames (bayonet +1, -1: 0) rolls 1: both of his beat him, one with a 5 (a second wound:
   * dead). Warriors win 2 fights, redcoats 2: a draw, both fall back; Cpl Rudd cannot: wounded. */
  int dice[] = { 2, 3, 5, 4, 6, 1 };
  g_autoptr(AdjOutcome) out = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice));
  json_object *picket, *warriors;

  g_assert_cmpint (adj_inputs_get_int (in, "attackers"), ==, 4);
  g_assert_cmpint (adj_inputs_get_int (in, "defenders"), ==, 2);
  g_assert_cmpstr (out->key, ==, "draw");
  g_assert_cmpint (adj_outcome_get_value_int (out, "attacker_wins", -1), ==, 2);
  g_assert_cmpint (adj_outcome_get_value_int (out, "defender_wins", -1), ==, 2);
  apply (battle, in, out);
  picket = members_of (battle, "u1");
  warriors = members_of (battle, "u2");
  g_assert_true (adj_member_get_bool (warriors, 0, ADJ_MEMBER_LOST));
  g_assert_false (adj_member_get_bool (warriors, 1, ADJ_MEMBER_LOST));
  g_assert_true (adj_member_get_bool (picket, 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_member_get_int (picket, 0, "wounds"), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u1")), ==, 1);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u2")), ==, 3);
  adj_test_undo (battle);
  picket = members_of (battle, "u1");
  g_assert_false (adj_member_get_bool (picket, 1, ADJ_MEMBER_LOST));
  g_assert_cmpint (adj_member_get_int (picket, 0, "wounds"), ==, 0);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (battle, "u2")), ==, 4);
}

/* ------------------------------------------------------------------------------------------ */
/* movement and victory                                                                        */

typedef struct {
  const char *name;
  const char *inputs;
  int         cm;
} MoveCase;

static const MoveCase move_cases[] = {
  { "foot", "{}", 25 },
  { "horsed-open", "{\"horsed\": true, \"open_ground\": true}", 40 },
  { "horsed-broken", "{\"horsed\": true}", 25 },
  { "open-on-foot", "{\"open_ground\": true}", 25 },
  { "wounded", "{\"wounded\": true}", 20 },
  { "civilian", "{\"civilian\": true}", 20 },
  { "petticoats", "{\"civilian\": true, \"petticoats\": true}", 15 },
  { "half-speed", "{\"half_speed\": true}", 12 },
  { "routing", "{\"routing\": true}", 30 },
  { "barrier", "{\"barrier\": true}", 19 },
  { "horsed-barrier", "{\"horsed\": true, \"open_ground\": true, \"barrier\": true}", 30 },
  { "wounded-horseman", "{\"horsed\": true, \"open_ground\": true, \"wounded\": true}", 20 },
  { "routing-barrier", "{\"routing\": true, \"barrier\": true}", 24 },
};

void
test_movement (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs ("rf/movement", move_cases[i].inputs);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
      g_autoptr(AdjOdds) odds = odds_of (in);
      g_autofree char *key = g_strdup_printf ("%d", move_cases[i].cm);

      g_assert_cmpstr (out->key, ==, key);
      assert_odds (odds, key, 1, 1);
    }
  /* Natives attacking add a D6: six equally likely moves. */
  {
    g_autoptr(AdjInputs) in = inputs ("rf/movement", "{\"native_attack\": true}");
    g_autoptr(AdjOdds) odds = odds_of (in);
    int four[] = { 4 };
    g_autoptr(AdjOutcome) out = resolve_ok (in, four, 1);

    g_assert_cmpstr (out->key, ==, "29");
    for (int d = 1; d <= 6; d++)
      {
        g_autofree char *key = g_strdup_printf ("%d", 25 + d);
        assert_odds (odds, key, 1, 6);
      }
  }
}

void
test_victory (void)
{
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GError) error = NULL;
  static const char *const ids[] = { "u4", "u5", "u6", "u7" };

  /* Every group of the side retreating or routing: lost.  Not before. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *target = g_strconcat ("unit:", ids[i], NULL);
      g_autoptr(json_object) order = json_object_new_string (i % 2 ? "retreat" : "rout");
      g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/victory", "{\"side\": \"b\"}");
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);

      g_assert_cmpint (adj_inputs_get_int (in, "groups"), ==, 4);
      g_assert_cmpint (adj_inputs_get_int (in, "retreating"), ==, (int) i);
      g_assert_cmpstr (out->key, ==, "fighting");
      g_assert_true (adj_battle_edit (battle, target, "status.order", order, &error));
      g_assert_no_error (error);
    }
  {
    g_autoptr(AdjInputs) in = battle_inputs (battle, "rf/victory", "{\"side\": \"b\"}");
    g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, 0);
    g_assert_cmpstr (out->key, ==, "lost");
  }
}

void
add_melee_cases (void)
{
  ADD_CASES ("/rf/melee/odds-brute-force/", melee_cases, test_melee_odds);
}
