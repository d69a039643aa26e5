/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-view.c: what a screen facing the players shows, asked of the battle's rules. */

#define G_LOG_DOMAIN "adj-table-view"

#include "config.h"

#include <json-c/json.h>

#include "adj-battle.h"
#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-ruleset.h"
#include "adj-table-view.h"
#include "adj-unit.h"
#include "adj-rn.h"
#include "adj-rr.h"

/* The reaction roll that gives the Risk Factor solo enemy its orders. */
#define RF_REACTION "rf/reaction"

void
adj_table_card_free (AdjTableCard *card)
{
  if (card == NULL)
    return;
  g_free (card->unit_id);
  g_free (card->name);
  g_free (card->card);
  g_free (card);
}

void
adj_table_track_free (AdjTableTrack *track)
{
  if (track == NULL)
    return;
  g_free (track->id);
  g_free (track->label);
  g_free (track->spoken);
  g_free (track);
}

static gboolean
is_system (AdjBattle  *battle,
           const char *id)
{
  return g_strcmp0 (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), id) == 0;
}

static const char *
string_member (json_object *obj,
               const char  *key)
{
  json_object *value = NULL;

  if (!json_object_object_get_ex (obj, key, &value) || !json_object_is_type (value,
                                                                            json_type_string))
    return NULL;
  return json_object_get_string (value);
}

static AdjExplainKind
explain_kind (const char *name)
{
  static const struct { const char *name; AdjExplainKind kind; } kinds[] = {
    { "dice", ADJ_EXPLAIN_DICE },
    { "modifier", ADJ_EXPLAIN_MODIFIER },
    { "total", ADJ_EXPLAIN_TOTAL },
    { "table", ADJ_EXPLAIN_TABLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (name, kinds[i].name) == 0)
      return kinds[i].kind;
  return ADJ_EXPLAIN_NOTE;
}

/* The outcome again from what adj_outcome_to_json() recorded in the journal. */
static AdjOutcome *
outcome_from_json (json_object *json)
{
  const AdjMechanic *mech = adj_mechanic_lookup (string_member (json, "mechanic"));
  json_object *lines = NULL;
  json_object *rolls = NULL;
  AdjOutcome *outcome;

  if (mech == NULL || string_member (json, "title") == NULL)
    return NULL;
  outcome = adj_outcome_new (mech);
  outcome->key = g_strdup (string_member (json, "outcome"));
  outcome->title = g_strdup (string_member (json, "title"));
  outcome->reason = g_strdup (string_member (json, "reason"));
  outcome->ruling = g_strdup (string_member (json, "ruling"));
  outcome->actors = g_strdup (string_member (json, "actors"));
  if (json_object_object_get_ex (json, "explanation", &lines) &&
      json_object_is_type (lines, json_type_array))
    for (size_t i = 0; i < json_object_array_length (lines); i++)
      {
        json_object *line = json_object_array_get_idx (lines, i);
        json_object *value = NULL;
        gboolean has_value = json_object_object_get_ex (line, "value", &value);

        if (string_member (line, "label") == NULL)
          continue;
        adj_outcome_add_line (outcome, explain_kind (string_member (line, "kind")),
                              string_member (line, "who"), string_member (line, "label"),
                              has_value, has_value ? json_object_get_int (value) : 0);
      }
  if (json_object_object_get_ex (json, "rolls", &rolls) &&
      json_object_is_type (rolls, json_type_array))
    for (size_t i = 0; i < json_object_array_length (rolls); i++)
      {
        AdjRoll *roll = adj_roll_from_json (json_object_array_get_idx (rolls, i));

        if (roll != NULL)
          g_ptr_array_add (outcome->rolls, roll);
      }
  return outcome;
}

AdjOutcome *
adj_table_last_outcome (AdjBattle *battle)
{
  AdjJournal *journal;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  journal = adj_battle_get_journal (battle);
  for (guint i = journal->position; i > 0; i--)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i - 1);
      AdjOutcome *outcome;

      if (entry->outcome != NULL && (outcome = outcome_from_json (entry->outcome)) != NULL)
        return outcome;
    }
  return NULL;
}

GPtrArray *
adj_table_activation_cards (AdjBattle *battle)
{
  GPtrArray *cards = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_table_card_free);
  g_autoptr(GPtrArray) order = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), cards);

  if (!is_system (battle, "rn"))
    return cards;
  order = adj_rn_activation_order (battle);
  for (guint i = 0; i < order->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, g_ptr_array_index (order, i));
      AdjTableCard *card;

      if (unit == NULL || adj_unit_get_card (unit) == NULL)
        continue;
      card = g_new0 (AdjTableCard, 1);
      card->unit_id = g_strdup (adj_unit_get_id (unit));
      card->name = g_strdup (adj_unit_get_name (unit));
      card->card = g_strdup (adj_unit_get_card (unit));
      card->acted = adj_unit_get_status_bool (unit, "acted");
      g_ptr_array_add (cards, card);
    }
  return cards;
}

GPtrArray *
adj_table_enemy_orders (AdjBattle *battle)
{
  GPtrArray *orders = g_ptr_array_new_with_free_func (g_free);
  AdjJournal *journal;
  guint i;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), orders);

  if (!is_system (battle, "rf"))
    return orders;
  journal = adj_battle_get_journal (battle);
  /* The latest reaction entry in effect, then the ones made with it just before. */
  for (i = journal->position; i > 0; i--)
    if (g_strcmp0 (adj_journal_get_entry (journal, i - 1)->mechanic, RF_REACTION) == 0)
      break;
  for (; i > 0; i--)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i - 1);

      if (g_strcmp0 (entry->mechanic, RF_REACTION) != 0)
        break;
      g_ptr_array_insert (orders, 0, g_strdup (entry->summary));
    }
  return orders;
}

static void
add_track (GPtrArray  *tracks,
           const char *id,
           const char *label,
           int         value,
           int         ring,
           int         zone_from,
           int         zone_to,
           char       *spoken)
{
  AdjTableTrack *track = g_new0 (AdjTableTrack, 1);

  track->id = g_strdup (id);
  track->label = g_strdup (label);
  track->value = value;
  track->ring = ring;
  track->zone_from = zone_from;
  track->zone_to = zone_to;
  track->spoken = spoken;
  g_ptr_array_add (tracks, track);
}

GPtrArray *
adj_table_tracks (AdjBattle *battle)
{
  GPtrArray *tracks = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_table_track_free);
  AdjRuleset *rs;
  AdjRrTracks t;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), tracks);

  if (!is_system (battle, "rr") || !adj_rr_is_set_up (battle))
    return tracks;
  rs = adj_battle_get_ruleset (battle);
  adj_rr_get_tracks (battle, &t);
  add_track (tracks, "turn", _("Game Turn"), t.turn, 0, 0, 0,
             /* TRANSLATORS: read out for the Game Turn track, e.g. "Game Turn 3 of 20" */
             g_strdup_printf (_("Game Turn %d of %d"), t.turn, adj_rr_last_turn (rs)));
  /* The boxes at or below the Game Turn are where the Boers must test for Shaken. */
  add_track (tracks, "confidence", _("Confidence"), t.confidence, t.turn, 1, t.turn,
             g_strdup_printf (_("Confidence %d; the Game Turn is %d"), t.confidence, t.turn));
  add_track (tracks, "loss", _("Loss"), t.loss, 0, adj_rr_pyrrhic_from (rs),
             adj_rr_loss_end (rs), adj_rr_loss_spoken (rs, t.loss));
  return tracks;
}
