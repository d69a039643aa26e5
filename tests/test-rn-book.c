/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rn-book.c: Redcoats & Natives as RULES.md restates it, written independently of rn.json
 * and adj-rn*.c, with exact fractions and the brute force over every die face and card that the
 * odds are checked against. */

#include "test-rn.h"

/* ------------------------------------------------------------------------------------------ */
/* The book, as RULES.md restates it: written here independently of rn.json and adj-rn.c     */

/* Activation: rank first (Ace 1 ... King 13), then hearts, clubs, diamonds, spades. */
int
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

gboolean
book_is_red (const char *card)
{
  char suit = card[strlen (card) - 1];
  return suit == 'H' || suit == 'D';
}

/* The cohesion table: does a card of this suit rally a unit of this rating? */
gboolean
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

BookKind
book_kind (const char *type)
{
  if (g_str_has_suffix (type, "transport"))
    return BOOK_VEHICLE;
  if (g_str_equal (type, "commander"))
    return BOOK_COMMANDER;
  return BOOK_FIGURES;
}

/* One hit; @card is only looked at for a further hit on a disrupted commander. */
void
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

gboolean
book_hit_needs_card (const BookUnit *u)
{
  return !u->gone && u->disrupted && u->kind == BOOK_COMMANDER;
}

/* The outcome a mechanic reports for the hits on one unit. */
const char *
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
int
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

int
key_index (const AdjMechanic *mech,
           const char        *key)
{
  for (guint i = 0; i < mech->n_outcomes; i++)
    if (g_str_equal (mech->outcomes[i].id, key))
      return (int) i;
  g_assert_not_reached ();
  return -1;
}

void
dist_init (Dist *d)
{
  for (guint i = 0; i < MAX_KEYS; i++)
    {
      d->p[i].num = 0;
      d->p[i].den = 1;
    }
}

/* @z = @v. */
static void
mpz_set_u128 (mpz_t z,
              u128  v)
{
  guint64 halves[2] = { (guint64) v, (guint64) (v >> 64) };

  mpz_import (z, 2, -1, sizeof halves[0], 0, 0, halves);
}

/* The odds must equal the brute force, exactly. */
void
assert_odds_equal (const AdjMechanic *mech,
                   const AdjOdds     *odds,
                   const Dist        *brute)
{
  Frac sum = { 0, 1 };
  mpq_t want;

  g_assert_cmpuint (odds->entries->len, ==, mech->n_outcomes);
  assert_odds_exact (odds);
  mpq_init (want);
  for (guint i = 0; i < mech->n_outcomes; i++)
    {
      const AdjOddsEntry *e = adj_odds_find (odds, mech->outcomes[i].id);
      Frac b = frac_scale (brute->p[i], 1, 1);

      g_assert_nonnull (e);
      sum = frac_add (sum, b);
      mpz_set_u128 (mpq_numref (want), b.num);
      mpz_set_u128 (mpq_denref (want), b.den);
      g_assert_true (mpq_equal (e->exact, want));
      g_assert_cmpfloat_with_epsilon (e->p, frac_double (b), 1e-12);
    }
  mpq_clear (want);
  /* The brute force covers every case once. */
  g_assert_true (sum.num == 1 && sum.den == 1);
}

/* ------------------------------------------------------------------------------------------ */
/* The brute force: every die face, and every card that could come off the pile, one by one */

void
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
void
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

void
pile_refill (BookPile *pile)
{
  if (pile->n_draw > 0)
    return;
  g_assert_cmpuint (pile->n_turned, >, 0);
  memcpy (pile->draw, pile->turned, sizeof pile->draw);
  pile->n_draw = pile->n_turned;
  pile->n_turned = 0;
}

void
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
void
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

u128
pow6 (guint n)
{
  u128 r = 1;
  while (n-- > 0)
    r *= 6;
  return r;
}

void
fire_done (const Volleys *st,
           Frac           w,
           gpointer       data)
{
  BruteData *bd = data;
  int k = key_index (bd->mech, book_effect (&bd->before[0], &st->units[0]));

  bd->dist->p[k] = frac_add (bd->dist->p[k], w);
}

void
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

BookUnit
book_unit (const char *type,
           int         figures,
           gboolean    disrupted,
           gboolean    wounded)
{
  BookUnit u = { book_kind (type), disrupted, figures, wounded, FALSE };
  return u;
}
