/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-random.c: where a mechanic's dice and cards come from. */

#define G_LOG_DOMAIN "adj-random"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-random.h"
#include "adj-rng.h"

struct _AdjRandom {
  AdjRng    *rng;            /* borrowed; NULL when only entered values may be used */
  AdjPack   *pack;           /* NULL when no pack is at hand */
  gboolean   owns_pack;
  gboolean   drew_cards;
  GArray    *entered_dice;   /* NULL when nothing was entered */
  guint      dice_pos;
  GArray    *entered_cards;
  guint      card_pos;
  GPtrArray *rolls;
};

AdjRandom *
adj_random_new (AdjRng  *rng,
                AdjPack *pack)
{
  AdjRandom *random = g_new0 (AdjRandom, 1);

  random->rng = rng;
  random->pack = pack;
  random->rolls = g_ptr_array_new_full (16, (GDestroyNotify) adj_roll_free);
  return random;
}

AdjRandom *
adj_random_new_with_copy (AdjRng        *rng,
                          const AdjPack *pack)
{
  AdjRandom *random = adj_random_new (rng, pack != NULL ? adj_pack_copy (pack) : NULL);

  random->owns_pack = random->pack != NULL;
  return random;
}

AdjPack *
adj_random_get_pack (AdjRandom *random)
{
  return random->pack;
}

gboolean
adj_random_drew_cards (AdjRandom *random)
{
  return random->drew_cards;
}

void
adj_random_free (AdjRandom *random)
{
  if (random == NULL)
    return;
  if (random->owns_pack)
    adj_pack_free (random->pack);
  g_clear_pointer (&random->entered_dice, g_array_unref);
  g_clear_pointer (&random->entered_cards, g_array_unref);
  g_ptr_array_unref (random->rolls);
  g_free (random);
}

/* Replace what was entered in *@entered with @n values of @size bytes, none used yet. */
static void
enter_values (GArray        **entered,
              guint          *pos,
              gconstpointer   values,
              guint           n,
              guint           size)
{
  g_clear_pointer (entered, g_array_unref);
  *entered = g_array_sized_new (FALSE, FALSE, size, n);
  g_array_append_vals (*entered, values, n);
  *pos = 0;
}

void
adj_random_enter_dice (AdjRandom *random,
                       const int *values,
                       guint      n_values)
{
  g_return_if_fail (random != NULL);
  enter_values (&random->entered_dice, &random->dice_pos, values, n_values, sizeof (int));
}

void
adj_random_enter_cards (AdjRandom     *random,
                        const AdjCard *cards,
                        guint          n_cards)
{
  g_return_if_fail (random != NULL);
  enter_values (&random->entered_cards, &random->card_pos, cards, n_cards, sizeof (AdjCard));
}

gboolean
adj_random_has_entered (AdjRandom *random)
{
  return random->entered_dice != NULL || random->entered_cards != NULL;
}

gboolean
adj_random_has_entered_cards (AdjRandom *random)
{
  return random->entered_cards != NULL;
}

/* One block for the roll, its values and its two names: a big fight makes many rolls.  The
 * values are filled in by the caller, through @values. */
static AdjRoll *
roll_new (const char *group,
          const char *label,
          guint       sides,
          gboolean    entered,
          guint       count,
          gpointer   *values)
{
  gsize values_size = count * (sides == 0 ? sizeof (AdjCard) : sizeof (int));
  gsize group_size = group != NULL ? strlen (group) + 1 : 0;
  gsize label_size = label != NULL ? strlen (label) + 1 : 0;
  AdjRoll *roll = g_malloc (sizeof (AdjRoll) + values_size + group_size + label_size);
  char *names = (char *) (roll + 1) + values_size;

  roll->group = group != NULL ? memcpy (names, group, group_size) : NULL;
  roll->label = label != NULL ? memcpy (names + group_size, label, label_size) : NULL;
  roll->sides = sides;
  roll->n_values = count;
  roll->dice = sides != 0 ? (const int *) (roll + 1) : NULL;
  roll->cards = sides == 0 ? (const AdjCard *) (roll + 1) : NULL;
  roll->entered = entered;
  roll->ref_count = 1;
  *values = roll + 1;
  return roll;
}

gboolean
adj_random_roll (AdjRandom   *random,
                 const char  *group,
                 const char  *label,
                 guint        count,
                 guint        sides,
                 int         *out,
                 GError     **error)
{
  gboolean entered;
  AdjRoll *roll;
  int *dice;

  g_return_val_if_fail (random != NULL, FALSE);
  g_return_val_if_fail (sides >= 2, FALSE);

  entered = random->entered_dice != NULL;
  if (entered)
    {
      guint left = random->entered_dice->len - random->dice_pos;

      if (left < count)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                       /* TRANSLATORS: e.g. "Not enough dice: the firer rolls 2D6, but only
                        * 1 die is left of those entered" */
                       ngettext ("Not enough dice: %s rolls %uD%u, but only %u die is left "
                                 "of those entered",
                                 "Not enough dice: %s rolls %uD%u, but only %u dice are left "
                                 "of those entered", left),
                       adj_gettext (label), count, sides, left);
          return FALSE;
        }
      for (guint i = 0; i < count; i++)
        {
          int v = g_array_index (random->entered_dice, int, random->dice_pos + i);
          if (v < 1 || (guint) v > sides)
            {
              g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                           _("Die %u was entered as %d, but %s rolls D%u (1 to %u)"),
                           random->dice_pos + i + 1, v, adj_gettext (label), sides, sides);
              return FALSE;
            }
        }
    }
  else if (random->rng == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                   _("Dice are needed: %s rolls %uD%u"), adj_gettext (label), count, sides);
      return FALSE;
    }

  roll = roll_new (group, label, sides, entered, count, (gpointer *) &dice);
  for (guint i = 0; i < count; i++)
    {
      if (entered)
        dice[i] = g_array_index (random->entered_dice, int, random->dice_pos++);
      else
        dice[i] = adj_rng_die (random->rng, sides);
      if (out != NULL)
        out[i] = dice[i];
    }
  g_ptr_array_add (random->rolls, roll);
  return TRUE;
}

/* Turn a card (onto the turned pile, reshuffling the turned cards when the pile has run out)
 * or deal one (onto the dealt pile, never reshuffling). */
static gboolean
pull_card (AdjRandom   *random,
           const char  *group,
           const char  *label,
           gboolean     deal,
           AdjCard     *out,
           GError     **error)
{
  AdjRoll *roll;
  AdjCard card, *cards;
  gboolean entered = random->entered_cards != NULL;

  if (entered)
    {
      if (random->card_pos >= random->entered_cards->len)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                       _("Not enough cards: %s needs one more card"), adj_gettext (label));
          return FALSE;
        }
      card = g_array_index (random->entered_cards, AdjCard, random->card_pos);
      if (random->pack != NULL && !adj_pack_take (random->pack, card, deal))
        {
          g_autofree char *name = adj_card_to_string (card);
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The card %s was entered, but no %s is left in the pack"), name, name);
          return FALSE;
        }
      random->card_pos++;
    }
  else
    {
      if (random->pack == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                       _("A card is needed: %s turns a card"), adj_gettext (label));
          return FALSE;
        }
      if (adj_pack_remaining (random->pack) == 0 && !deal)
        {
          if (random->rng == NULL)
            {
              g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                           _("The pack is empty and cannot be reshuffled here"));
              return FALSE;
            }
          adj_pack_recycle_turned (random->pack, random->rng);
        }
      if (!(deal ? adj_pack_deal (random->pack, &card) : adj_pack_turn (random->pack, &card)))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE, _("The pack is empty"));
          return FALSE;
        }
    }

  random->drew_cards = TRUE;
  roll = roll_new (group, label, 0, entered, 1, (gpointer *) &cards);
  cards[0] = card;
  g_ptr_array_add (random->rolls, roll);
  if (out != NULL)
    *out = card;
  return TRUE;
}

gboolean
adj_random_card (AdjRandom   *random,
                 const char  *group,
                 const char  *label,
                 AdjCard     *out,
                 GError     **error)
{
  g_return_val_if_fail (random != NULL, FALSE);
  return pull_card (random, group, label, FALSE, out, error);
}

gboolean
adj_random_deal (AdjRandom   *random,
                 const char  *group,
                 const char  *label,
                 AdjCard     *out,
                 GError     **error)
{
  g_return_val_if_fail (random != NULL, FALSE);
  return pull_card (random, group, label, TRUE, out, error);
}

gboolean
adj_random_gather_pack (AdjRandom *random,
                        guint      n_decks)
{
  g_return_val_if_fail (random != NULL, FALSE);
  g_return_val_if_fail (n_decks >= 1 && n_decks <= 4, FALSE);

  if (random->pack == NULL || adj_pack_get_n_decks (random->pack) != n_decks)
    {
      /* A borrowed pack is left as it is: the new one belongs to this source. */
      if (random->owns_pack)
        adj_pack_free (random->pack);
      random->pack = adj_pack_new (n_decks);
      random->owns_pack = TRUE;
    }
  random->drew_cards = TRUE;
  if (random->rng == NULL)
    {
      adj_pack_gather (random->pack);
      return FALSE;
    }
  adj_pack_shuffle (random->pack, random->rng);
  return TRUE;
}

gboolean
adj_random_check_used (AdjRandom  *random,
                       GError    **error)
{
  if (random->entered_dice != NULL && random->dice_pos < random->entered_dice->len)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   ngettext ("Too many dice: %u was entered but only %u used",
                             "Too many dice: %u were entered but only %u used",
                             random->entered_dice->len),
                   random->entered_dice->len, random->dice_pos);
      return FALSE;
    }
  if (random->entered_cards != NULL && random->card_pos < random->entered_cards->len)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   ngettext ("Too many cards: %u was entered but only %u used",
                             "Too many cards: %u were entered but only %u used",
                             random->entered_cards->len),
                   random->entered_cards->len, random->card_pos);
      return FALSE;
    }
  return TRUE;
}

GPtrArray *
adj_random_get_rolls (AdjRandom *random)
{
  return random->rolls;
}

/* The items of a list typed as "6,3,5", "6, 3, 5" or "6 3 5": NULL with @error set when a
 * comma stands with nothing before or after it ("6,,3", "6,"), which is a slip, not a die.
 * @example says what to enter. */
static GStrv
split_items (const char  *text,
             const char  *example,
             GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
  g_autoptr(GStrvBuilder) items = g_strv_builder_new ();
  guint n = g_strv_length (parts);

  for (guint i = 0; i < n; i++)
    {
      g_auto(GStrv) words = g_strsplit_set (g_strstrip (parts[i]), " \t", -1);
      gboolean any = FALSE;

      for (guint w = 0; words[w] != NULL; w++)
        if (words[w][0] != '\0')
          {
            g_strv_builder_add (items, words[w]);
            any = TRUE;
          }
      if (!any && n > 1)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       /* TRANSLATORS: %s says what to enter, "numbers such as 6,3,5" */
                       _("A comma stands with nothing on one side of it: enter %s"), example);
          return NULL;
        }
    }
  return g_strv_builder_end (items);
}

gboolean
adj_dice_parse (const char  *text,
                GArray     **values,
                GError     **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (int));

  parts = split_items (text, _("numbers such as 6,3,5"), error);
  if (parts == NULL)
    return FALSE;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      gint64 v;

      v = g_ascii_strtoll (parts[i], &end, 10);
      if (end == parts[i] || *end != '\0' || v < 1 || v > 100)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("“%s” is not a die roll: enter numbers such as 6,3,5"), parts[i]);
          return FALSE;
        }
      {
        int iv = (int) v;
        g_array_append_val (out, iv);
      }
    }
  if (out->len == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("No dice were entered: enter numbers such as 6,3,5"));
      return FALSE;
    }
  *values = g_steal_pointer (&out);
  return TRUE;
}

gboolean
adj_random_new_entered (const char  *text,
                        AdjRandom  **random,
                        GError     **error)
{
  g_autoptr(GArray) values = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));

  g_return_val_if_fail (random != NULL, FALSE);

  *random = NULL;
  if (stripped[0] == '\0')
    return TRUE;
  if (!adj_dice_parse (stripped, &values, error))
    return FALSE;
  *random = adj_random_new (NULL, NULL);
  adj_random_enter_dice (*random, (const int *) (gpointer) values->data, values->len);
  return TRUE;
}

gboolean
adj_cards_parse (const char  *text,
                 GArray     **cards,
                 GError     **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (AdjCard));

  parts = split_items (text, _("cards such as AS,10H,QC"), error);
  if (parts == NULL)
    return FALSE;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      AdjCard card;

      if (!adj_card_parse (parts[i], &card))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("“%s” is not a card: enter cards such as AS,10H,QC"), parts[i]);
          return FALSE;
        }
      g_array_append_val (out, card);
    }
  if (out->len == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("No cards were entered: enter cards such as AS,10H,QC"));
      return FALSE;
    }
  *cards = g_steal_pointer (&out);
  return TRUE;
}

AdjRoll *
adj_roll_ref (AdjRoll *roll)
{
  g_atomic_int_inc (&roll->ref_count);
  return roll;
}

void
adj_roll_free (AdjRoll *roll)
{
  if (roll == NULL || !g_atomic_int_dec_and_test (&roll->ref_count))
    return;
  g_free (roll);
}

AdjRoll *
adj_roll_copy (const AdjRoll *roll)
{
  gpointer values;
  AdjRoll *copy = roll_new (roll->group, roll->label, roll->sides, roll->entered,
                            roll->n_values, &values);

  memcpy (values, roll + 1, roll->n_values * (roll->sides == 0 ? sizeof (AdjCard) : sizeof (int)));
  return copy;
}

AdjRoll *
adj_roll_from_json (json_object *json)
{
  json_object *values = NULL;
  json_object *die = NULL;
  json_object *entered = NULL;
  json_object *group = NULL;
  json_object *label = NULL;
  guint sides, n;
  gpointer out;
  AdjRoll *roll;

  if (!json_object_is_type (json, json_type_object))
    return NULL;
  sides = json_object_object_get_ex (json, "die", &die) ? (guint) json_object_get_int (die) : 0;
  if (!json_object_object_get_ex (json, sides != 0 ? "dice" : "cards", &values) ||
      !json_object_is_type (values, json_type_array))
    return NULL;
  n = (guint) json_object_array_length (values);
  json_object_object_get_ex (json, "entered", &entered);
  json_object_object_get_ex (json, "group", &group);
  json_object_object_get_ex (json, "label", &label);
  roll = roll_new (json_object_get_string (group), json_object_get_string (label), sides,
                   json_object_get_boolean (entered), n, &out);
  for (guint i = 0; i < n; i++)
    {
      json_object *value = json_object_array_get_idx (values, i);

      if (sides != 0)
        ((int *) out)[i] = json_object_get_int (value);
      else if (!adj_card_parse (json_object_get_string (value), &((AdjCard *) out)[i]))
        {
          adj_roll_free (roll);
          return NULL;
        }
    }
  return roll;
}

json_object *
adj_roll_to_json (const AdjRoll *roll)
{
  json_object *obj = json_object_new_object ();
  json_object *values = json_object_new_array_ext ((int) roll->n_values);

  json_object_object_add (obj, "group", json_object_new_string (roll->group));
  json_object_object_add (obj, "label", json_object_new_string (adj_gettext (roll->label)));
  if (roll->sides != 0)
    json_object_object_add (obj, "die", json_object_new_int64 (roll->sides));
  for (guint i = 0; i < roll->n_values; i++)
    json_object_array_add (values, roll->sides != 0 ? json_object_new_int64 (roll->dice[i])
                                                    : adj_card_to_json (roll->cards[i]));
  json_object_object_add (obj, roll->sides != 0 ? "dice" : "cards", values);
  json_object_object_add (obj, "entered", json_object_new_boolean (roll->entered));
  return obj;
}
