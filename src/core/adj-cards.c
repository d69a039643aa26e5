/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cards.c: playing cards and the pack a battle draws from. */

#define G_LOG_DOMAIN "adj-cards"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "adj-cards.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-rng.h"

struct _AdjPack {
  guint   n_decks;
  GArray *draw;     /* the top of the pile is the last element */
  GArray *dealt;
  GArray *turned;
};

static const char suit_letters[] = "HCDS";
static const char *const rank_names[] = {
  NULL, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
};

AdjCard
adj_card_make (AdjSuit suit,
               int     rank)
{
  g_return_val_if_fail (rank >= 1 && rank <= 13, 0);
  g_return_val_if_fail (suit <= ADJ_SUIT_SPADES, 0);
  return (AdjCard) (suit * 13 + (rank - 1));
}

AdjSuit
adj_card_suit (AdjCard card)
{
  return (AdjSuit) ((card % ADJ_DECK_SIZE) / 13);
}

int
adj_card_rank (AdjCard card)
{
  return (card % 13) + 1;
}

gboolean
adj_card_is_red (AdjCard card)
{
  AdjSuit suit = adj_card_suit (card);
  return suit == ADJ_SUIT_HEARTS || suit == ADJ_SUIT_DIAMONDS;
}

gboolean
adj_card_is_face (AdjCard card)
{
  return adj_card_rank (card) >= ADJ_CARD_JACK;
}

/* Both names of every card, made once: "10H" and "10♥". */
typedef struct {
  char letter[4];
  char symbol[8];
} CardNames;

static const CardNames *
card_names (AdjCard card)
{
  static CardNames names[ADJ_DECK_SIZE];
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        {
          const char *rank = rank_names[adj_card_rank (c)];

          g_snprintf (names[c].letter, sizeof names[c].letter, "%s%c", rank,
                      suit_letters[adj_card_suit (c)]);
          g_snprintf (names[c].symbol, sizeof names[c].symbol, "%s%s", rank,
                      adj_suit_symbol (adj_card_suit (c)));
        }
      g_once_init_leave (&made, 1);
    }
  return &names[card % ADJ_DECK_SIZE];
}

const char *
adj_card_name (AdjCard card)
{
  return card_names (card)->letter;
}

const char *
adj_card_short_name (AdjCard card)
{
  return card_names (card)->symbol;
}

json_object *
adj_card_to_json (AdjCard card)
{
  return json_object_new_string (adj_card_name (card));
}

char *
adj_card_to_string (AdjCard card)
{
  return g_strdup (adj_card_name (card));
}

const char *
adj_suit_symbol (AdjSuit suit)
{
  static const char *const symbols[] = { "♥", "♣", "♦", "♠" };
  g_return_val_if_fail (suit <= ADJ_SUIT_SPADES, "?");
  return symbols[suit];
}

gboolean
adj_card_parse (const char *text,
                AdjCard    *card)
{
  g_autofree char *s = NULL;
  const char *p;
  int rank;
  int suit = -1;

  if (text == NULL)
    return FALSE;
  s = g_strstrip (g_ascii_strup (text, -1));
  p = s;

  if (g_str_has_prefix (p, "10"))
    {
      rank = 10;
      p += 2;
    }
  else
    {
      switch (*p)
        {
        case 'A': rank = 1; break;
        case 'T': rank = 10; break;
        case 'J': rank = 11; break;
        case 'Q': rank = 12; break;
        case 'K': rank = 13; break;
        case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
          rank = *p - '0';
          break;
        default:
          return FALSE;
        }
      p++;
    }

  if (p[0] != '\0' && p[1] == '\0')
    {
      const char *letter = strchr (suit_letters, p[0]);
      if (letter != NULL)
        suit = (int) (letter - suit_letters);
    }
  else
    {
      for (AdjSuit i = 0; i <= ADJ_SUIT_SPADES; i++)
        if (g_str_equal (p, adj_suit_symbol (i)))
          suit = (int) i;
    }
  if (suit < 0)
    return FALSE;

  *card = adj_card_make ((AdjSuit) suit, rank);
  return TRUE;
}

char *
adj_card_describe (AdjCard card)
{
  static const char *const suits[] = { N_("Hearts"), N_("Clubs"), N_("Diamonds"), N_("Spades") };
  static const char *const ranks[] = {
    NULL, N_("Ace"), N_("Two"), N_("Three"), N_("Four"), N_("Five"), N_("Six"), N_("Seven"),
    N_("Eight"), N_("Nine"), N_("Ten"), N_("Jack"), N_("Queen"), N_("King")
  };

  /* TRANSLATORS: a playing card, e.g. "Queen of Hearts" */
  return g_strdup_printf (_("%s of %s"), _(ranks[adj_card_rank (card)]),
                     _(suits[adj_card_suit (card)]));
}

/* A pack of @n_decks with no card in any pile yet. */
static AdjPack *
pack_new_empty (guint n_decks)
{
  AdjPack *pack = g_new0 (AdjPack, 1);

  pack->n_decks = n_decks;
  pack->draw = g_array_sized_new (FALSE, FALSE, sizeof (AdjCard), ADJ_DECK_SIZE * n_decks);
  pack->dealt = g_array_new (FALSE, FALSE, sizeof (AdjCard));
  pack->turned = g_array_new (FALSE, FALSE, sizeof (AdjCard));
  return pack;
}

AdjPack *
adj_pack_new (guint n_decks)
{
  AdjPack *pack;

  g_return_val_if_fail (n_decks >= 1 && n_decks <= 4, NULL);

  pack = pack_new_empty (n_decks);
  /* A new pack lies in order with the ace of hearts on top. */
  for (guint d = 0; d < n_decks; d++)
    for (int c = ADJ_DECK_SIZE - 1; c >= 0; c--)
      {
        AdjCard card = (AdjCard) c;
        g_array_append_val (pack->draw, card);
      }
  return pack;
}

AdjPack *
adj_pack_new_from_draw_pile (const AdjCard  *cards,
                             guint           n,
                             GError        **error)
{
  guint counts[ADJ_DECK_SIZE] = { 0 };
  guint n_decks = 1;
  AdjPack *pack;

  for (guint i = 0; i < n; i++)
    {
      guint count = ++counts[cards[i] % ADJ_DECK_SIZE];
      n_decks = MAX (n_decks, count);
    }
  if (n_decks > 4)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("A pack holds at most 4 decks, but a card is given %u times"), n_decks);
      return NULL;
    }
  pack = pack_new_empty (n_decks);
  g_array_append_vals (pack->draw, cards, n);
  for (guint d = 0; d < n_decks; d++)
    for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
      if (d >= counts[c])
        g_array_append_val (pack->turned, c);
  return pack;
}

AdjPack *
adj_pack_copy (const AdjPack *pack)
{
  AdjPack *copy;

  g_return_val_if_fail (pack != NULL, NULL);

  copy = pack_new_empty (pack->n_decks);
  g_array_append_vals (copy->draw, pack->draw->data, pack->draw->len);
  g_array_append_vals (copy->dealt, pack->dealt->data, pack->dealt->len);
  g_array_append_vals (copy->turned, pack->turned->data, pack->turned->len);
  return copy;
}

void
adj_pack_free (AdjPack *pack)
{
  if (pack == NULL)
    return;
  g_array_unref (pack->draw);
  g_array_unref (pack->dealt);
  g_array_unref (pack->turned);
  g_free (pack);
}

guint
adj_pack_get_n_decks (const AdjPack *pack)
{
  return pack->n_decks;
}

static void
shuffle_array (GArray *a,
               AdjRng *rng)
{
  AdjCard *cards = (AdjCard *) a->data;

  /* Fisher–Yates, with an unbiased index for every swap. */
  for (guint i = a->len; i > 1; i--)
    {
      guint j = adj_rng_below (rng, i);
      AdjCard t = cards[i - 1];
      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

void
adj_pack_gather (AdjPack *pack)
{
  g_return_if_fail (pack != NULL);

  g_array_append_vals (pack->draw, pack->dealt->data, pack->dealt->len);
  g_array_append_vals (pack->draw, pack->turned->data, pack->turned->len);
  g_array_set_size (pack->dealt, 0);
  g_array_set_size (pack->turned, 0);
}

void
adj_pack_shuffle (AdjPack *pack,
                  AdjRng  *rng)
{
  g_return_if_fail (pack != NULL && rng != NULL);

  adj_pack_gather (pack);
  shuffle_array (pack->draw, rng);
}

static gboolean
pop (AdjPack *pack,
     GArray  *to,
     AdjCard *card)
{
  AdjCard c;

  if (pack->draw->len == 0)
    return FALSE;
  c = g_array_index (pack->draw, AdjCard, pack->draw->len - 1);
  g_array_set_size (pack->draw, pack->draw->len - 1);
  g_array_append_val (to, c);
  if (card != NULL)
    *card = c;
  return TRUE;
}

gboolean
adj_pack_deal (AdjPack *pack,
               AdjCard *card)
{
  g_return_val_if_fail (pack != NULL, FALSE);
  return pop (pack, pack->dealt, card);
}

gboolean
adj_pack_turn (AdjPack *pack,
               AdjCard *card)
{
  g_return_val_if_fail (pack != NULL, FALSE);
  return pop (pack, pack->turned, card);
}

/* Move @card from the pile @from to the top of @to.  The search starts at the top, so that
 * with several decks the copy nearest the top goes. */
static gboolean
move_card (GArray  *from,
           GArray  *to,
           AdjCard  card)
{
  for (guint i = from->len; i > 0; i--)
    {
      if (g_array_index (from, AdjCard, i - 1) == card)
        {
          g_array_remove_index (from, i - 1);
          g_array_append_val (to, card);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
adj_pack_take (AdjPack  *pack,
               AdjCard   card,
               gboolean  to_dealt)
{
  g_return_val_if_fail (pack != NULL, FALSE);
  return move_card (pack->draw, to_dealt ? pack->dealt : pack->turned, card);
}

gboolean
adj_pack_discard (AdjPack *pack,
                  AdjCard  card)
{
  g_return_val_if_fail (pack != NULL, FALSE);
  return move_card (pack->dealt, pack->turned, card);
}

void
adj_pack_recycle_turned (AdjPack *pack,
                         AdjRng  *rng)
{
  g_return_if_fail (pack != NULL && rng != NULL);

  shuffle_array (pack->turned, rng);
  /* Under the remaining cards: prepend, since the top is at the end. */
  g_array_prepend_vals (pack->draw, pack->turned->data, pack->turned->len);
  g_array_set_size (pack->turned, 0);
}

void
adj_pack_collect (AdjPack *pack,
                  AdjRng  *rng)
{
  adj_pack_shuffle (pack, rng);
}

guint
adj_pack_remaining (const AdjPack *pack)
{
  g_return_val_if_fail (pack != NULL, 0);
  return pack->draw->len;
}

guint
adj_pack_count_left (const AdjPack *pack,
                     gboolean     (*match) (AdjCard card, gpointer data),
                     gpointer       data)
{
  guint n = 0;

  for (guint i = 0; i < pack->draw->len; i++)
    if (match (g_array_index (pack->draw, AdjCard, i), data))
      n++;
  return n;
}

const AdjCard *
adj_pack_draw_pile (const AdjPack *pack,
                    guint         *n)
{
  *n = pack->draw->len;
  return (const AdjCard *) pack->draw->data;
}

const AdjCard *
adj_pack_dealt (const AdjPack *pack,
                guint         *n)
{
  *n = pack->dealt->len;
  return (const AdjCard *) pack->dealt->data;
}

const AdjCard *
adj_pack_turned (const AdjPack *pack,
                 guint         *n)
{
  *n = pack->turned->len;
  return (const AdjCard *) pack->turned->data;
}

static json_object *
cards_to_json (GArray *a)
{
  json_object *arr = json_object_new_array_ext ((int) a->len);

  for (guint i = 0; i < a->len; i++)
    json_object_array_add (arr, adj_card_to_json (g_array_index (a, AdjCard, i)));
  return arr;
}

json_object *
adj_pack_to_json (const AdjPack *pack)
{
  json_object *obj = json_object_new_object ();

  json_object_object_add (obj, "decks", json_object_new_int64 (pack->n_decks));
  json_object_object_add (obj, "draw", cards_to_json (pack->draw));
  json_object_object_add (obj, "dealt", cards_to_json (pack->dealt));
  json_object_object_add (obj, "turned", cards_to_json (pack->turned));
  return obj;
}

static gboolean
cards_from_json (json_object  *obj,
                 const char   *key,
                 GArray       *out,
                 guint        *counts,
                 guint         n_decks,
                 const char   *file,
                 const char   *path,
                 GError      **error)
{
  json_object *arr;
  g_autofree char *where = adj_json_path_key (path, key);

  if (!adj_json_get_array (obj, key, TRUE, &arr, file, path, error))
    return FALSE;

  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *item = json_object_array_get_idx (arr, i);
      AdjCard card;

      if (!json_object_is_type (item, json_type_string) ||
          !adj_card_parse (json_object_get_string (item), &card))
        {
          g_autofree char *at = adj_json_path_index (where, i);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                _("expected a card such as “10H” or “QS”"));
        }
      if (++counts[card] > n_decks)
        {
          g_autofree char *at = adj_json_path_index (where, i);
          g_autofree char *name = adj_card_to_string (card);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "the card %s appears more often than a pack of %u "
                                             "deck holds",
                                             "the card %s appears more often than a pack of %u "
                                             "decks holds", n_decks), name, n_decks);
        }
      g_array_append_val (out, card);
    }
  return TRUE;
}

AdjPack *
adj_pack_from_json (json_object  *json,
                    const char   *file,
                    const char   *path,
                    GError      **error)
{
  static const char *const keys[] = { "decks", "draw", "dealt", "turned", NULL };
  g_autoptr(AdjPack) pack = NULL;
  guint counts[ADJ_DECK_SIZE] = { 0 };
  gint64 n_decks = 1;
  guint total;

  if (!adj_json_expect_object (json, file, path, error) ||
      !adj_json_check_keys (json, keys, file, path, error) ||
      !adj_json_get_int (json, "decks", TRUE, 1, 4, &n_decks, file, path, error))
    return NULL;

  pack = pack_new_empty ((guint) n_decks);

  if (!cards_from_json (json, "draw", pack->draw, counts, pack->n_decks, file, path, error) ||
      !cards_from_json (json, "dealt", pack->dealt, counts, pack->n_decks, file, path, error) ||
      !cards_from_json (json, "turned", pack->turned, counts, pack->n_decks, file, path, error))
    return NULL;

  total = pack->draw->len + pack->dealt->len + pack->turned->len;
  if (total != ADJ_DECK_SIZE * pack->n_decks)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "the pack holds %u cards in all, but %u deck holds %u",
                                  "the pack holds %u cards in all, but %u decks hold %u",
                                  pack->n_decks),
                     total, pack->n_decks, ADJ_DECK_SIZE * pack->n_decks);
      return NULL;
    }
  return g_steal_pointer (&pack);
}
