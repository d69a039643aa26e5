/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cards.c: card names, the pack (shuffle, deal, turn, take, collect) and its JSON. */

#include "config.h"

#include <string.h>

#include "adj-cards.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-random.h"
#include "adj-rng.h"

/* ---- single cards ---- */

typedef struct {
  const char *text;
  AdjSuit     suit;
  int         rank;
  const char *canonical;
} CardCase;

static const CardCase good_cards[] = {
  { "AH", ADJ_SUIT_HEARTS, 1, "AH" },
  { "10C", ADJ_SUIT_CLUBS, 10, "10C" },
  { "TH", ADJ_SUIT_HEARTS, 10, "10H" },
  { "qs", ADJ_SUIT_SPADES, 12, "QS" },
  { "A♥", ADJ_SUIT_HEARTS, 1, "AH" },
  { "K♠", ADJ_SUIT_SPADES, 13, "KS" },
  { "10♦", ADJ_SUIT_DIAMONDS, 10, "10D" },
  { "7♣", ADJ_SUIT_CLUBS, 7, "7C" },
  { "2d", ADJ_SUIT_DIAMONDS, 2, "2D" },
  { "jc", ADJ_SUIT_CLUBS, 11, "JC" },
  { "9S", ADJ_SUIT_SPADES, 9, "9S" },
  { " KD ", ADJ_SUIT_DIAMONDS, 13, "KD" },
  { "t♠", ADJ_SUIT_SPADES, 10, "10S" },
};

static void
test_parse_good (gconstpointer data)
{
  const CardCase *c = data;
  AdjCard card = 255;
  g_autofree char *text = NULL;

  g_assert_true (adj_card_parse (c->text, &card));
  g_assert_cmpint (adj_card_suit (card), ==, c->suit);
  g_assert_cmpint (adj_card_rank (card), ==, c->rank);
  g_assert_cmpuint (card, ==, adj_card_make (c->suit, c->rank));
  text = adj_card_to_string (card);
  g_assert_cmpstr (text, ==, c->canonical);
}

static const char *const bad_cards[] = {
  "", " ", "A", "H", "10", "1H", "11H", "0H", "AX", "AHH", "ZH", "♥A", "A♥♥", "A H", "1OH",
  "10CC", "AS,", "♥", "-1H", "A♡",
};

static void
test_parse_bad (gconstpointer data)
{
  const char *text = data;
  AdjCard card = 77;

  g_assert_false (adj_card_parse (text, &card));
  g_assert_cmpuint (card, ==, 77);
}

static void
test_parse_null (void)
{
  AdjCard card = 77;

  g_assert_false (adj_card_parse (NULL, &card));
  g_assert_cmpuint (card, ==, 77);
}

static void
test_every_card_round_trip (void)
{
  for (AdjSuit suit = ADJ_SUIT_HEARTS; suit <= ADJ_SUIT_SPADES; suit++)
    for (int rank = 1; rank <= 13; rank++)
      {
        AdjCard card = adj_card_make (suit, rank);
        g_autofree char *text = adj_card_to_string (card);
        AdjCard back;

        g_assert_cmpuint (card, ==, suit * 13 + rank - 1);
        g_assert_true (adj_card_parse (text, &back));
        g_assert_cmpuint (back, ==, card);
        /* The short name reads back too, and the JSON name is the same text. */
        g_assert_true (adj_card_parse (adj_card_short_name (card), &back));
        g_assert_cmpuint (back, ==, card);
        {
          g_autoptr(json_object) a = adj_card_to_json (card);
          g_autoptr(json_object) b = adj_card_to_json (card);

          g_assert_cmpstr (json_object_get_string (a), ==, text);
          g_assert_true (json_object_equal (a, b));
        }
      }
  g_assert_cmpstr (adj_card_short_name (adj_card_make (ADJ_SUIT_HEARTS, 12)), ==, "Q♥");
  g_assert_cmpstr (adj_card_short_name (adj_card_make (ADJ_SUIT_CLUBS, 10)), ==, "10♣");
  g_assert_cmpstr (adj_card_name (adj_card_make (ADJ_SUIT_SPADES, 1)), ==, "AS");
}

typedef struct {
  const char *text;
  const char *describe;
  gboolean    red;
  gboolean    face;
} CardInfo;

static const CardInfo card_infos[] = {
  { "AH", "Ace of Hearts", TRUE, FALSE },
  { "10C", "Ten of Clubs", FALSE, FALSE },
  { "QH", "Queen of Hearts", TRUE, TRUE },
  { "JD", "Jack of Diamonds", TRUE, TRUE },
  { "KS", "King of Spades", FALSE, TRUE },
  { "2S", "Two of Spades", FALSE, FALSE },
  { "9D", "Nine of Diamonds", TRUE, FALSE },
  { "KC", "King of Clubs", FALSE, TRUE },
};

static void
test_card_info (gconstpointer data)
{
  const CardInfo *c = data;
  g_autofree char *name = NULL;
  AdjCard card;

  g_assert_true (adj_card_parse (c->text, &card));
  name = adj_card_describe (card);
  g_assert_cmpstr (name, ==, c->describe);
  g_assert_cmpint (adj_card_is_red (card), ==, c->red);
  g_assert_cmpint (adj_card_is_face (card), ==, c->face);
}

static void
test_suit_symbols (void)
{
  g_assert_cmpstr (adj_suit_symbol (ADJ_SUIT_HEARTS), ==, "♥");
  g_assert_cmpstr (adj_suit_symbol (ADJ_SUIT_CLUBS), ==, "♣");
  g_assert_cmpstr (adj_suit_symbol (ADJ_SUIT_DIAMONDS), ==, "♦");
  g_assert_cmpstr (adj_suit_symbol (ADJ_SUIT_SPADES), ==, "♠");
}

static void
test_counts_by_colour (void)
{
  guint red = 0, face = 0;

  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    {
      red += adj_card_is_red (c);
      face += adj_card_is_face (c);
    }
  g_assert_cmpuint (red, ==, 26);
  g_assert_cmpuint (face, ==, 12);
}

/* ---- lists as typed on the command line ---- */

typedef struct {
  const char *text;
  const char *expect;    /* the cards, canonical and comma-separated; NULL: an error */
} ListCase;

static const ListCase list_cases[] = {
  { "AS,10H,QC", "AS,10H,QC" },
  { "as, th ,  q♣", "AS,10H,QC" },
  { "KD", "KD" },
  { "AS,,2H", NULL },
  { "AS,", NULL },
  { "AS 10H QC", "AS,10H,QC" },
  { "AS,1H", NULL },
  { "", NULL },
  { " , ", NULL },
};

static void
test_list_parse (gconstpointer data)
{
  const ListCase *c = data;
  g_autoptr(GArray) cards = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) got = g_string_new (NULL);

  if (c->expect == NULL)
    {
      g_assert_false (adj_cards_parse (c->text, &cards, &error));
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
      g_assert_null (cards);
      g_assert_nonnull (strstr (error->message, "card"));
      return;
    }
  g_assert_true (adj_cards_parse (c->text, &cards, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < cards->len; i++)
    {
      g_autofree char *s = adj_card_to_string (g_array_index (cards, AdjCard, i));
      g_string_append_printf (got, "%s%s", i > 0 ? "," : "", s);
    }
  g_assert_cmpstr (got->str, ==, c->expect);
}

/* ---- the pack ---- */

static void
assert_complete (const AdjPack *pack)
{
  guint n_decks = adj_pack_get_n_decks (pack);
  guint counts[ADJ_DECK_SIZE] = { 0 };
  const AdjCard *cards;
  guint n;

  cards = adj_pack_draw_pile (pack, &n);
  for (guint i = 0; i < n; i++)
    counts[cards[i]]++;
  cards = adj_pack_dealt (pack, &n);
  for (guint i = 0; i < n; i++)
    counts[cards[i]]++;
  cards = adj_pack_turned (pack, &n);
  for (guint i = 0; i < n; i++)
    counts[cards[i]]++;
  for (guint c = 0; c < ADJ_DECK_SIZE; c++)
    g_assert_cmpuint (counts[c], ==, n_decks);
}

static void
test_pack_new (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  const AdjCard *cards;
  guint n;
  AdjCard card;

  g_assert_cmpuint (adj_pack_get_n_decks (pack), ==, 1);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 52);
  assert_complete (pack);
  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 0);
  cards = adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 0);

  /* A new pack lies in order: ace, two, three of hearts from the top. */
  cards = adj_pack_draw_pile (pack, &n);
  g_assert_cmpuint (n, ==, 52);
  g_assert_cmpuint (cards[n - 1], ==, adj_card_make (ADJ_SUIT_HEARTS, 1));
  g_assert_cmpuint (cards[0], ==, adj_card_make (ADJ_SUIT_SPADES, 13));
  g_assert_true (adj_pack_deal (pack, &card));
  g_assert_cmpuint (card, ==, adj_card_make (ADJ_SUIT_HEARTS, 1));
  g_assert_true (adj_pack_deal (pack, &card));
  g_assert_cmpuint (card, ==, adj_card_make (ADJ_SUIT_HEARTS, 2));
}

static void
test_pack_several_decks (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (3);
  AdjRng rng;

  g_assert_cmpuint (adj_pack_get_n_decks (pack), ==, 3);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 156);
  assert_complete (pack);
  adj_rng_seed (&rng, 5);
  adj_pack_shuffle (pack, &rng);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 156);
  assert_complete (pack);
}

static void
test_pack_shuffle_permutation (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjPack) fresh = adj_pack_new (1);
  const AdjCard *a, *b;
  guint n, m, moved = 0;
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  adj_pack_shuffle (pack, &rng);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 52);
  assert_complete (pack);

  /* A shuffle that left the pack in order would be useless. */
  a = adj_pack_draw_pile (pack, &n);
  b = adj_pack_draw_pile (fresh, &m);
  for (guint i = 0; i < n; i++)
    moved += a[i] != b[i];
  g_assert_cmpuint (moved, >, 26);
}

static void
test_pack_shuffle_reproducible (void)
{
  g_autoptr(AdjPack) a = adj_pack_new (1);
  g_autoptr(AdjPack) b = adj_pack_new (1);
  g_autoptr(AdjPack) c = adj_pack_new (1);
  const AdjCard *ca, *cb, *cc;
  guint na, nb, nc;
  AdjRng ra, rb, rc;

  adj_rng_seed (&ra, 42);
  adj_rng_seed (&rb, 42);
  adj_rng_seed (&rc, 43);
  adj_pack_shuffle (a, &ra);
  adj_pack_shuffle (b, &rb);
  adj_pack_shuffle (c, &rc);
  ca = adj_pack_draw_pile (a, &na);
  cb = adj_pack_draw_pile (b, &nb);
  cc = adj_pack_draw_pile (c, &nc);
  g_assert_cmpmem (ca, na, cb, nb);
  g_assert_cmpuint (na, ==, nc);
  g_assert_false (memcmp (ca, cc, na) == 0);
}

static void
test_pack_deal_turn (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  const AdjCard *cards;
  AdjCard card, top;
  guint n;

  cards = adj_pack_draw_pile (pack, &n);
  top = cards[n - 1];
  g_assert_true (adj_pack_deal (pack, &card));
  g_assert_cmpuint (card, ==, top);
  g_assert_true (adj_pack_turn (pack, &card));
  g_assert_cmpuint (card, ==, adj_card_make (ADJ_SUIT_HEARTS, 2));
  g_assert_true (adj_pack_turn (pack, NULL));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 49);

  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (cards[0], ==, adj_card_make (ADJ_SUIT_HEARTS, 1));
  cards = adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (cards[0], ==, adj_card_make (ADJ_SUIT_HEARTS, 2));
  g_assert_cmpuint (cards[1], ==, adj_card_make (ADJ_SUIT_HEARTS, 3));
  assert_complete (pack);

  /* Drawing the pack dry: the 50th draw fails and changes nothing. */
  for (guint i = 0; i < 49; i++)
    g_assert_true (adj_pack_turn (pack, &card));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 0);
  card = 200;
  g_assert_false (adj_pack_deal (pack, &card));
  g_assert_false (adj_pack_turn (pack, &card));
  g_assert_cmpuint (card, ==, 200);
  assert_complete (pack);
}

static void
test_pack_take (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  AdjCard qs = adj_card_make (ADJ_SUIT_SPADES, 12);
  AdjCard ah = adj_card_make (ADJ_SUIT_HEARTS, 1);
  const AdjCard *cards;
  guint n;

  g_assert_true (adj_pack_take (pack, qs, TRUE));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 51);
  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (cards[0], ==, qs);
  /* Only one queen of spades in one deck. */
  g_assert_false (adj_pack_take (pack, qs, FALSE));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 51);

  g_assert_true (adj_pack_take (pack, ah, FALSE));
  cards = adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (cards[0], ==, ah);
  cards = adj_pack_draw_pile (pack, &n);
  for (guint i = 0; i < n; i++)
    g_assert_true (cards[i] != qs && cards[i] != ah);
  assert_complete (pack);
}

static void
test_pack_take_two_decks (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (2);
  AdjCard c = adj_card_make (ADJ_SUIT_DIAMONDS, 7);

  g_assert_true (adj_pack_take (pack, c, TRUE));
  g_assert_true (adj_pack_take (pack, c, TRUE));
  g_assert_false (adj_pack_take (pack, c, TRUE));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 102);
  assert_complete (pack);
}

static void
test_pack_recycle_turned (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  AdjCard turned[5], dealt, top_before;
  const AdjCard *cards;
  guint n;
  AdjRng rng;

  adj_rng_seed (&rng, 11);
  adj_pack_shuffle (pack, &rng);
  g_assert_true (adj_pack_deal (pack, &dealt));
  for (guint i = 0; i < G_N_ELEMENTS (turned); i++)
    g_assert_true (adj_pack_turn (pack, &turned[i]));
  cards = adj_pack_draw_pile (pack, &n);
  g_assert_cmpuint (n, ==, 46);
  top_before = cards[n - 1];

  adj_pack_recycle_turned (pack, &rng);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 51);
  cards = adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 0);
  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (cards[0], ==, dealt);

  /* The turned cards go under the pile: the top card is still the next to come. */
  cards = adj_pack_draw_pile (pack, &n);
  g_assert_cmpuint (cards[n - 1], ==, top_before);
  for (guint i = 0; i < G_N_ELEMENTS (turned); i++)
    {
      gboolean found = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (turned); k++)
        found |= cards[k] == turned[i];
      g_assert_true (found);
    }
  assert_complete (pack);
}

static void
test_pack_collect (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  guint n;
  AdjRng rng;

  adj_rng_seed (&rng, 12);
  for (guint i = 0; i < 10; i++)
    g_assert_true (adj_pack_deal (pack, NULL));
  for (guint i = 0; i < 7; i++)
    g_assert_true (adj_pack_turn (pack, NULL));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 35);

  adj_pack_collect (pack, &rng);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 52);
  adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 0);
  adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 0);
  assert_complete (pack);
}

/* Gathering without a shuffle: the dealt and turned cards go back onto the pile, in order. */
static void
test_pack_gather (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  AdjCard dealt[3], turned[2];
  const AdjCard *cards;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (dealt); i++)
    g_assert_true (adj_pack_deal (pack, &dealt[i]));
  for (guint i = 0; i < G_N_ELEMENTS (turned); i++)
    g_assert_true (adj_pack_turn (pack, &turned[i]));
  adj_pack_gather (pack);
  cards = adj_pack_draw_pile (pack, &n);
  g_assert_cmpuint (n, ==, 52);
  /* The dealt cards, then the turned ones, are back on top: the next card is the last turned. */
  g_assert_cmpuint (cards[n - 1], ==, turned[1]);
  g_assert_cmpuint (cards[n - 3], ==, dealt[2]);
  adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 0);
  adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 0);
  assert_complete (pack);
}

/* A dealt card given up moves to the turned cards; a card that is not out cannot be. */
static void
test_pack_discard (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (2);
  AdjCard a, b, c;
  const AdjCard *cards;
  guint n;

  g_assert_true (adj_pack_deal (pack, &a));
  g_assert_true (adj_pack_deal (pack, &b));
  g_assert_true (adj_pack_discard (pack, a));
  cards = adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (cards[0], ==, b);
  cards = adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (cards[0], ==, a);
  /* Not dealt (any more): refused, nothing moves. */
  g_assert_false (adj_pack_discard (pack, a));
  g_assert_true (adj_card_parse ("7S", &c));
  if (c == b)
    g_assert_true (adj_card_parse ("8S", &c));
  g_assert_false (adj_pack_discard (pack, c));
  adj_pack_turned (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  assert_complete (pack);
}

/* Dealing through a source of cards: onto the dealt pile, recorded, never reshuffled. */
static void
test_random_deal (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  AdjCard card, entered, turned;
  guint n;
  AdjRng rng;

  adj_rng_seed (&rng, 5);
  adj_pack_shuffle (pack, &rng);
  random = adj_random_new (&rng, pack);
  g_assert_false (adj_random_drew_cards (random));
  g_assert_true (adj_random_deal (random, "deal", "Card dealt", &card, &error));
  g_assert_no_error (error);
  g_assert_true (adj_random_drew_cards (random));
  adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (adj_random_get_rolls (random)->len, ==, 1);
  g_assert_false (adj_random_has_entered_cards (random));

  /* An entered card is taken out of the pile to the dealt cards. */
  g_assert_true (adj_card_parse ("QD", &entered));
  if (entered == card)
    g_assert_true (adj_card_parse ("QC", &entered));
  adj_random_enter_cards (random, &entered, 1);
  g_assert_true (adj_random_has_entered_cards (random));
  g_assert_true (adj_random_deal (random, "deal", "Card dealt", &card, &error));
  g_assert_cmpuint (card, ==, entered);
  adj_pack_dealt (pack, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 50);

  /* An empty pile: turning a card reshuffles the turned ones, dealing does not. */
  {
    g_autoptr(AdjPack) small = adj_pack_new (1);
    g_autoptr(AdjRandom) other = NULL;

    while (adj_pack_remaining (small) > 1)
      adj_pack_deal (small, NULL);
    adj_pack_turn (small, NULL);
    other = adj_random_new (&rng, small);
    g_assert_false (adj_random_deal (other, "deal", "Card dealt", NULL, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE);
    g_clear_error (&error);
    g_assert_true (adj_random_card (other, "cover", "Cover card", &turned, &error));
    g_assert_no_error (error);
    adj_pack_turned (small, &n);
    g_assert_cmpuint (n, ==, 1);
  }
}

/* Gathering the pack of a source: shuffled with its generator, or in order without one; a
 * different number of decks makes a new pack and leaves a borrowed one alone. */
static void
test_random_gather_pack (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(AdjRandom) plain = NULL;
  g_autoptr(json_object) before = NULL;
  g_autoptr(json_object) after = NULL;
  AdjRng rng;
  guint n;

  adj_rng_seed (&rng, 9);
  for (guint i = 0; i < 4; i++)
    adj_pack_deal (pack, NULL);
  adj_pack_turn (pack, NULL);
  random = adj_random_new (&rng, pack);
  g_assert_true (adj_random_gather_pack (random, 1));
  g_assert_true (adj_random_get_pack (random) == pack);
  g_assert_true (adj_random_drew_cards (random));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 52);
  assert_complete (pack);

  /* Two decks: a new pack, owned by the source; the borrowed one is untouched. */
  adj_pack_deal (pack, NULL);
  before = adj_pack_to_json (pack);
  g_assert_true (adj_random_gather_pack (random, 2));
  g_assert_true (adj_random_get_pack (random) != pack);
  g_assert_cmpuint (adj_pack_get_n_decks (adj_random_get_pack (random)), ==, 2);
  g_assert_cmpuint (adj_pack_remaining (adj_random_get_pack (random)), ==, 104);
  after = adj_pack_to_json (pack);
  g_assert_true (adj_json_equal (before, after));

  /* No generator: gathered in order, and it says it could not shuffle. */
  plain = adj_random_new (NULL, NULL);
  g_assert_false (adj_random_gather_pack (plain, 1));
  g_assert_nonnull (adj_random_get_pack (plain));
  adj_pack_dealt (adj_random_get_pack (plain), &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (adj_pack_remaining (adj_random_get_pack (plain)), ==, 52);
}

static gboolean
match_red (AdjCard  card,
           gpointer data)
{
  return adj_card_is_red (card);
}

static gboolean
match_rank (AdjCard  card,
            gpointer data)
{
  return adj_card_rank (card) == GPOINTER_TO_INT (data);
}

static void
test_pack_count_left (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);

  g_assert_cmpuint (adj_pack_count_left (pack, match_red, NULL), ==, 26);
  g_assert_cmpuint (adj_pack_count_left (pack, match_rank, GINT_TO_POINTER (12)), ==, 4);
  /* The top three cards are the ace, two and three of hearts. */
  for (guint i = 0; i < 3; i++)
    g_assert_true (adj_pack_turn (pack, NULL));
  g_assert_cmpuint (adj_pack_count_left (pack, match_red, NULL), ==, 23);
  g_assert_cmpuint (adj_pack_count_left (pack, match_rank, GINT_TO_POINTER (1)), ==, 3);
  g_assert_true (adj_pack_take (pack, adj_card_make (ADJ_SUIT_SPADES, 1), TRUE));
  g_assert_cmpuint (adj_pack_count_left (pack, match_rank, GINT_TO_POINTER (1)), ==, 2);
}

static void
test_pack_copy (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  g_autoptr(AdjPack) copy = NULL;
  g_autoptr(json_object) a = NULL;
  g_autoptr(json_object) b = NULL;

  g_assert_true (adj_pack_deal (pack, NULL));
  g_assert_true (adj_pack_turn (pack, NULL));
  copy = adj_pack_copy (pack);
  a = adj_pack_to_json (pack);
  b = adj_pack_to_json (copy);
  g_assert_true (adj_json_equal (a, b));
  /* The copy is independent. */
  g_assert_true (adj_pack_turn (copy, NULL));
  g_assert_cmpuint (adj_pack_remaining (pack), ==, 50);
  g_assert_cmpuint (adj_pack_remaining (copy), ==, 49);
}

static void
test_pack_json_round_trip (void)
{
  g_autoptr(AdjPack) pack = adj_pack_new (2);
  g_autoptr(AdjPack) back = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) again = NULL;
  g_autoptr(GError) error = NULL;
  json_object *v;
  AdjRng rng;

  adj_rng_seed (&rng, 99);
  adj_pack_shuffle (pack, &rng);
  for (guint i = 0; i < 4; i++)
    g_assert_true (adj_pack_deal (pack, NULL));
  for (guint i = 0; i < 3; i++)
    g_assert_true (adj_pack_turn (pack, NULL));

  json = adj_pack_to_json (pack);
  g_assert_true (json_object_object_get_ex (json, "decks", &v));
  g_assert_cmpint (json_object_get_int (v), ==, 2);
  g_assert_true (json_object_object_get_ex (json, "draw", &v));
  g_assert_cmpuint (json_object_array_length (v), ==, 97);
  g_assert_true (json_object_object_get_ex (json, "dealt", &v));
  g_assert_cmpuint (json_object_array_length (v), ==, 4);
  g_assert_true (json_object_object_get_ex (json, "turned", &v));
  g_assert_cmpuint (json_object_array_length (v), ==, 3);

  back = adj_pack_from_json (json, "battle.json", "$.pack", &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  again = adj_pack_to_json (back);
  g_assert_true (adj_json_equal (json, again));

  /* The restored pack deals the same cards in the same order. */
  for (guint i = 0; i < 97; i++)
    {
      AdjCard x, y;
      g_assert_true (adj_pack_turn (pack, &x));
      g_assert_true (adj_pack_turn (back, &y));
      g_assert_cmpuint (x, ==, y);
    }
}

/* Each case breaks one thing in a valid one-deck pack and names where the error must point. */
typedef struct {
  const char *name;
  const char *json;
  const char *message;   /* the exact message */
} PackError;

#define FULL_DRAW_AFTER_AH \
  "\"2H\",\"3H\",\"4H\",\"5H\",\"6H\",\"7H\",\"8H\",\"9H\",\"10H\",\"JH\",\"QH\",\"KH\"," \
  "\"AC\",\"2C\",\"3C\",\"4C\",\"5C\",\"6C\",\"7C\",\"8C\",\"9C\",\"10C\",\"JC\",\"QC\",\"KC\"," \
  "\"AD\",\"2D\",\"3D\",\"4D\",\"5D\",\"6D\",\"7D\",\"8D\",\"9D\",\"10D\",\"JD\",\"QD\",\"KD\"," \
  "\"AS\",\"2S\",\"3S\",\"4S\",\"5S\",\"6S\",\"7S\",\"8S\",\"9S\",\"10S\",\"JS\",\"QS\",\"KS\""

static const PackError pack_errors[] = {
  { "valid", "{\"decks\":1,\"draw\":[" FULL_DRAW_AFTER_AH "],\"dealt\":[\"AH\"],\"turned\":[]}",
    NULL },
  { "duplicate",
    "{\"decks\":1,\"draw\":[" FULL_DRAW_AFTER_AH "],\"dealt\":[\"AH\"],\"turned\":[\"QS\"]}",
    "battle.json: $.pack.turned[0]: the card QS appears more often than a pack of 1 deck "
    "holds" },
  { "duplicate-in-draw",
    "{\"decks\":1,\"draw\":[\"AH\",\"ah\"," FULL_DRAW_AFTER_AH "],\"dealt\":[],\"turned\":[]}",
    "battle.json: $.pack.draw[1]: the card AH appears more often than a pack of 1 deck "
    "holds" },
  { "too-few",
    "{\"decks\":1,\"draw\":[" FULL_DRAW_AFTER_AH "],\"dealt\":[],\"turned\":[]}",
    "battle.json: $.pack: the pack holds 51 cards in all, but 1 deck holds 52" },
  { "too-few-two-decks",
    "{\"decks\":2,\"draw\":[" FULL_DRAW_AFTER_AH "],\"dealt\":[\"AH\"],\"turned\":[]}",
    "battle.json: $.pack: the pack holds 52 cards in all, but 2 decks hold 104" },
  { "bad-card",
    "{\"decks\":1,\"draw\":[\"2H\",\"3H\",\"1H\"],\"dealt\":[],\"turned\":[]}",
    "battle.json: $.pack.draw[2]: expected a card such as “10H” or “QS”" },
  { "not-a-string",
    "{\"decks\":1,\"draw\":[],\"dealt\":[12],\"turned\":[]}",
    "battle.json: $.pack.dealt[0]: expected a card such as “10H” or “QS”" },
  { "decks-zero",
    "{\"decks\":0,\"draw\":[],\"dealt\":[],\"turned\":[]}",
    "battle.json: $.pack.decks: expected an integer from 1 to 4, found 0" },
  { "decks-missing",
    "{\"draw\":[],\"dealt\":[],\"turned\":[]}",
    "battle.json: $.pack: the required key “decks” is missing" },
  { "draw-missing",
    "{\"decks\":1,\"dealt\":[],\"turned\":[]}",
    "battle.json: $.pack: the required key “draw” is missing" },
  { "dealt-not-array",
    "{\"decks\":1,\"draw\":[],\"dealt\":\"AH\",\"turned\":[]}",
    "battle.json: $.pack.dealt: expected an array, found a string" },
  { "unknown-key",
    "{\"decks\":1,\"draw\":[],\"dealt\":[],\"turned\":[],\"jokers\":2}",
    "battle.json: $.pack.jokers: unknown key “jokers”" },
  { "not-an-object", "[]", "battle.json: $.pack: expected an object, found an array" },
};

static void
test_pack_json_error (gconstpointer data)
{
  const PackError *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_data (c->json, strlen (c->json), "case", &error);
  g_autoptr(AdjPack) pack = NULL;

  g_assert_no_error (error);
  pack = adj_pack_from_json (json, "battle.json", "$.pack", &error);
  if (c->message == NULL)
    {
      g_assert_no_error (error);
      g_assert_nonnull (pack);
      g_assert_cmpuint (adj_pack_remaining (pack), ==, 51);
      return;
    }
  g_assert_null (pack);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
}

/* ---- the shuffle is fair: chi-square on where each card lands ----
 *
 * A fresh pack is shuffled many times from a fixed seed, and the number of times each card
 * ends at each place in the pile is counted: a fair shuffle puts every card at every place
 * equally often.  Pearson's chi-square statistic over the whole 52 × 52 table has
 * (52 − 1)² = 2601 degrees of freedom (every row and every column sums to the number of
 * shuffles); over the top card alone — the one turned first — it has 51.  The significance is
 * α = 0.001 in each tail, as for the dice in test-rng.c; the critical values are the 0.001 and
 * 0.999 quantiles of the chi-square distribution, computed with mpmath. */

#define SHUFFLES (52 * 200)

static double
chi_square_uniform (const guint64 *observed,
                    guint          n,
                    double         expected)
{
  double x2 = 0;

  for (guint i = 0; i < n; i++)
    {
      double d = (double) observed[i] - expected;
      x2 += d * d / expected;
    }
  return x2;
}

typedef struct {
  const char *name;
  gboolean    recycle;   /* shuffle the turned cards back under (adj_pack_recycle_turned) */
} ShuffleCase;

static const ShuffleCase shuffle_cases[] = {
  { "shuffle", FALSE },
  { "recycle-turned", TRUE },
};

static void
test_pack_shuffle_fair (gconstpointer data)
{
  const ShuffleCase *c = data;
  g_autofree guint64 *at = g_new0 (guint64, 52 * 52);   /* [card * 52 + place] */
  guint64 top[52] = { 0 };
  double x2_all, x2_top;
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  for (guint i = 0; i < SHUFFLES; i++)
    {
      g_autoptr(AdjPack) pack = adj_pack_new (1);
      const AdjCard *pile;
      guint n;

      if (c->recycle)
        {
          AdjCard card;

          /* Every card turned, in order, then shuffled back as a new draw pile. */
          while (adj_pack_turn (pack, &card))
            ;
          adj_pack_recycle_turned (pack, &rng);
        }
      else
        adj_pack_shuffle (pack, &rng);
      pile = adj_pack_draw_pile (pack, &n);
      g_assert_cmpuint (n, ==, 52);
      for (guint place = 0; place < 52; place++)
        at[pile[place] * 52 + place]++;
      top[pile[51]]++;   /* the top of the pile is the last element */
    }

  x2_all = chi_square_uniform (at, 52 * 52, SHUFFLES / 52.0);
  x2_top = chi_square_uniform (top, 52, SHUFFLES / 52.0);
  g_test_message ("%s, seed 1879, %d shuffles: chi-square %.1f over every card and place "
                  "(2601 degrees of freedom, accepted 2383.8 to 2829.6), %.2f over the top "
                  "card (51, accepted 25.37 to 87.97)", c->name, SHUFFLES, x2_all, x2_top);
  g_assert_cmpfloat (x2_all, >, 2383.804257);
  g_assert_cmpfloat (x2_all, <, 2829.593892);
  g_assert_cmpfloat (x2_top, >, 25.368018);
  g_assert_cmpfloat (x2_top, <, 87.967980);
}

/* The same test rejects a shuffle with a well-known flaw: swapping each card with any place in
 * the whole pack (not only those not yet fixed) favours some orders over others. */
static void
test_pack_shuffle_fair_catches_naive (void)
{
  g_autofree guint64 *at = g_new0 (guint64, 52 * 52);
  AdjRng rng;

  adj_rng_seed (&rng, 1879);
  for (guint i = 0; i < SHUFFLES; i++)
    {
      AdjCard pile[52];

      for (guint k = 0; k < 52; k++)
        pile[k] = (AdjCard) k;
      for (guint k = 0; k < 52; k++)
        {
          guint j = adj_rng_below (&rng, 52);
          AdjCard t = pile[k];
          pile[k] = pile[j];
          pile[j] = t;
        }
      for (guint place = 0; place < 52; place++)
        at[pile[place] * 52 + place]++;
    }
  g_assert_cmpfloat (chi_square_uniform (at, 52 * 52, SHUFFLES / 52.0), >=, 2829.593892);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (good_cards); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cards/parse/good/%u-%s", i,
                                               good_cards[i].canonical);
      g_test_add_data_func (path, &good_cards[i], test_parse_good);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_cards); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cards/parse/bad/%u", i);
      g_test_add_data_func (path, bad_cards[i], test_parse_bad);
    }
  g_test_add_func ("/cards/parse/null", test_parse_null);
  g_test_add_func ("/cards/parse/every-card", test_every_card_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (card_infos); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cards/info/%s", card_infos[i].text);
      g_test_add_data_func (path, &card_infos[i], test_card_info);
    }
  g_test_add_func ("/cards/suit-symbols", test_suit_symbols);
  g_test_add_func ("/cards/colours-and-faces", test_counts_by_colour);
  for (guint i = 0; i < G_N_ELEMENTS (list_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cards/list/%u", i);
      g_test_add_data_func (path, &list_cases[i], test_list_parse);
    }

  g_test_add_func ("/cards/pack/new", test_pack_new);
  g_test_add_func ("/cards/pack/several-decks", test_pack_several_decks);
  g_test_add_func ("/cards/pack/shuffle/permutation", test_pack_shuffle_permutation);
  g_test_add_func ("/cards/pack/shuffle/reproducible", test_pack_shuffle_reproducible);
  for (guint i = 0; i < G_N_ELEMENTS (shuffle_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cards/pack/fair/%s", shuffle_cases[i].name);
      g_test_add_data_func (path, &shuffle_cases[i], test_pack_shuffle_fair);
    }
  g_test_add_func ("/cards/pack/fair/catches-naive-shuffle", test_pack_shuffle_fair_catches_naive);
  g_test_add_func ("/cards/pack/deal-turn", test_pack_deal_turn);
  g_test_add_func ("/cards/pack/take", test_pack_take);
  g_test_add_func ("/cards/pack/take-two-decks", test_pack_take_two_decks);
  g_test_add_func ("/cards/pack/recycle-turned", test_pack_recycle_turned);
  g_test_add_func ("/cards/pack/collect", test_pack_collect);
  g_test_add_func ("/cards/pack/gather", test_pack_gather);
  g_test_add_func ("/cards/pack/discard", test_pack_discard);
  g_test_add_func ("/cards/random/deal", test_random_deal);
  g_test_add_func ("/cards/random/gather-pack", test_random_gather_pack);
  g_test_add_func ("/cards/pack/count-left", test_pack_count_left);
  g_test_add_func ("/cards/pack/copy", test_pack_copy);
  g_test_add_func ("/cards/pack/json/round-trip", test_pack_json_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (pack_errors); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cards/pack/json/%s", pack_errors[i].name);
      g_test_add_data_func (path, &pack_errors[i], test_pack_json_error);
    }

  return g_test_run ();
}
