/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-json.c: the table's view of a battle as JSON, for the players' phones. */

#define G_LOG_DOMAIN "adj-table-json"

#include "config.h"

#include "adj-battle.h"
#include "adj-cards.h"
#include "adj-i18n.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-ruleset.h"
#include "adj-table-json.h"
#include "adj-table-view.h"
#include "adj-turn-state.h"
#include "adj-unit.h"

static json_object *
string_or_null (const char *text)
{
  return text != NULL ? json_object_new_string (text) : NULL;
}

static json_object *
card_to_json (AdjCard card)
{
  json_object *obj = json_object_new_object ();
  g_autofree char *name = adj_card_describe (card);

  json_object_object_add (obj, "card", json_object_new_string (adj_card_name (card)));
  json_object_object_add (obj, "short", json_object_new_string (adj_card_short_name (card)));
  json_object_object_add (obj, "name", json_object_new_string (name));
  json_object_object_add (obj, "red", json_object_new_boolean (adj_card_is_red (card)));
  return obj;
}

static json_object *
roll_to_json (const AdjRoll *roll)
{
  json_object *obj = json_object_new_object ();
  json_object *values = json_object_new_array ();

  json_object_object_add (obj, "label", string_or_null (roll->label));
  json_object_object_add (obj, "sides", json_object_new_int ((int) roll->sides));
  for (guint i = 0; i < roll->n_values; i++)
    json_object_array_add (values, roll->dice != NULL ? json_object_new_int (roll->dice[i])
                                                      : card_to_json (roll->cards[i]));
  json_object_object_add (obj, roll->dice != NULL ? "dice" : "cards", values);
  return obj;
}

/* The last result as the window's result view shows it: its headline, who took part, why, its
 * dice and the explanation, line by line.  Not its values: they are for scripts. */
static json_object *
last_to_json (AdjBattle *battle)
{
  g_autoptr(AdjOutcome) outcome = adj_table_last_outcome (battle);
  json_object *obj, *dice, *lines;

  if (outcome == NULL)
    return NULL;
  obj = json_object_new_object ();
  json_object_object_add (obj, "headline", string_or_null (outcome->title));
  json_object_object_add (obj, "actors", string_or_null (outcome->actors));
  json_object_object_add (obj, "reason", string_or_null (outcome->reason));
  json_object_object_add (obj, "ruling", string_or_null (outcome->ruling));
  dice = json_object_new_array ();
  for (guint i = 0; outcome->rolls != NULL && i < outcome->rolls->len; i++)
    json_object_array_add (dice, roll_to_json (g_ptr_array_index (outcome->rolls, i)));
  json_object_object_add (obj, "dice", dice);
  lines = json_object_new_array ();
  for (guint i = 0; outcome->lines != NULL && i < outcome->lines->len; i++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, i);

      json_object_array_add (lines, string_or_null (line->label));
    }
  json_object_object_add (obj, "lines", lines);
  return obj;
}

static json_object *
cards_to_json (AdjBattle *battle)
{
  g_autoptr(GPtrArray) cards = adj_table_activation_cards (battle);
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < cards->len; i++)
    {
      AdjTableCard *card = g_ptr_array_index (cards, i);
      json_object *obj;
      AdjCard face = 0;

      if (!adj_card_parse (card->card, &face))
        continue;
      obj = card_to_json (face);
      json_object_object_add (obj, "unit", string_or_null (card->name));
      json_object_object_add (obj, "acted", json_object_new_boolean (card->acted));
      json_object_array_add (array, obj);
    }
  return array;
}

static json_object *
orders_to_json (AdjBattle *battle)
{
  g_autoptr(GPtrArray) orders = adj_table_enemy_orders (battle);
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < orders->len; i++)
    json_object_array_add (array, json_object_new_string (g_ptr_array_index (orders, i)));
  return array;
}

static json_object *
tracks_to_json (AdjBattle *battle)
{
  g_autoptr(GPtrArray) tracks = adj_table_tracks (battle);
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < tracks->len; i++)
    {
      AdjTableTrack *track = g_ptr_array_index (tracks, i);
      json_object *obj = json_object_new_object ();

      json_object_object_add (obj, "id", json_object_new_string (track->id));
      json_object_object_add (obj, "label", json_object_new_string (track->label));
      json_object_object_add (obj, "value", json_object_new_int (track->value));
      json_object_object_add (obj, "ring", json_object_new_int (track->ring));
      json_object_object_add (obj, "zone_from", json_object_new_int (track->zone_from));
      json_object_object_add (obj, "zone_to", json_object_new_int (track->zone_to));
      json_object_object_add (obj, "spoken", string_or_null (track->spoken));
      json_object_array_add (array, obj);
    }
  return array;
}

/* The words the window's unit row shows under a unit's name: its type, figures left of a full
 * unit, and weapon. */
static char *
unit_detail (AdjBattle *battle,
             AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  const AdjWeapon *weapon = adj_ruleset_find_weapon (adj_battle_get_ruleset (battle),
                                                     adj_unit_get_weapon (unit));
  int full;

  if (type == NULL)
    return g_strdup ("");
  full = adj_unit_get_members (unit) != NULL ? (int) adj_unit_get_n_members (unit)
                                             : type->figures;
  if (full > 1)
    /* TRANSLATORS: a unit's type, figures left and weapon, e.g. "Infantry · 3/4 · Musket" */
    return g_strdup_printf (_("%s · %d/%d · %s"), adj_gettext (type->label),
                            adj_unit_get_figures (unit), full,
                            weapon != NULL ? adj_gettext (weapon->label) : "");
  if (weapon != NULL)
    /* TRANSLATORS: a unit's type and weapon, e.g. "Regular infantry · Single-shot rifle" */
    return g_strdup_printf (_("%s · %s"), adj_gettext (type->label),
                            adj_gettext (weapon->label));
  return g_strdup (adj_gettext (type->label));
}

/* The unit's state in the words of the window's badges: destroyed, and every status field not
 * at its resting value — but never one the ruleset marks secret. */
static json_object *
unit_state (AdjBattle *battle,
            AdjUnit   *unit)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  GPtrArray *fields = adj_ruleset_get_status_fields (rs);
  json_object *status = adj_unit_get_status (unit);
  json_object *array = json_object_new_array ();

  if (adj_unit_get_destroyed (unit))
    json_object_array_add (array, json_object_new_string (_("Destroyed")));
  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);
      json_object *v = NULL;
      g_autofree char *text = NULL;

      if (f->secret || !json_object_object_get_ex (status, f->name, &v))
        continue;
      text = adj_field_status_text (rs, f, v);
      if (text != NULL)
        json_object_array_add (array, json_object_new_string (text));
    }
  return array;
}

static json_object *
side_to_json (AdjBattle     *battle,
              const AdjSide *side)
{
  json_object *obj = json_object_new_object ();
  json_object *units = json_object_new_array ();
  guint n = adj_battle_get_n_units (battle);

  json_object_object_add (obj, "id", json_object_new_string (side->id));
  json_object_object_add (obj, "name", json_object_new_string (side->name));
  for (guint i = 0; i < n; i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);
      json_object *u;
      g_autofree char *detail = NULL;

      /* What the rules keep hidden is neither listed nor counted: even "a hidden unit" would
       * tell how many of the markers on the table are real. */
      if (g_strcmp0 (adj_unit_get_side (unit), side->id) != 0 ||
          adj_battle_unit_is_hidden (battle, unit))
        continue;
      u = json_object_new_object ();
      detail = unit_detail (battle, unit);
      json_object_object_add (u, "id", json_object_new_string (adj_unit_get_id (unit)));
      json_object_object_add (u, "name", json_object_new_string (adj_unit_get_name (unit)));
      json_object_object_add (u, "detail", json_object_new_string (detail));
      json_object_object_add (u, "destroyed",
                              json_object_new_boolean (adj_unit_get_destroyed (unit)));
      json_object_object_add (u, "state", unit_state (battle, unit));
      json_object_array_add (units, u);
    }
  json_object_object_add (obj, "units", units);
  return obj;
}

/* The page's headings, translated here so that the page holds no text of its own. */
static json_object *
labels_to_json (void)
{
  static const struct { const char *id; const char *text; } labels[] = {
    { "last", N_("Last result") },
    { "none", N_("Nothing rolled yet") },
    { "explain", N_("How it was worked out") },
    { "cards", N_("Activation order") },
    { "acted", N_("Acted") },
    { "orders", N_("The enemy's latest orders") },
    { "tracks", N_("Tracks") },
    { "sides", N_("Sides") },
    { "units", N_("Units") },
    { "back", N_("Back to the table") },
    { "reconnecting", N_("Reconnecting…") },
    { "no_units", N_("No units") },
  };
  json_object *obj = json_object_new_object ();

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    json_object_object_add (obj, labels[i].id, json_object_new_string (_(labels[i].text)));
  return obj;
}

json_object *
adj_table_json_snapshot (AdjBattle *battle)
{
  AdjRuleset *rs;
  g_autofree char *phase = NULL;
  g_autofree char *turn = NULL;
  g_autoptr(GPtrArray) facts = NULL;
  GPtrArray *sides;
  json_object *obj, *array;
  int max;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  rs = adj_battle_get_ruleset (battle);
  phase = adj_battle_phase_label (battle, NULL);
  max = adj_ruleset_get_max_turns (rs);
  if (max > 0)
    turn = g_strdup_printf (_("Turn %d of %d · %s"), adj_battle_get_turn (battle), max, phase);
  else
    turn = g_strdup_printf (_("Turn %d · %s"), adj_battle_get_turn (battle), phase);

  obj = json_object_new_object ();
  json_object_object_add (obj, "title", string_or_null (adj_battle_get_name (battle)));
  json_object_object_add (obj, "system", string_or_null (adj_gettext (adj_ruleset_get_name (rs))));
  json_object_object_add (obj, "turn", json_object_new_int (adj_battle_get_turn (battle)));
  json_object_object_add (obj, "max_turns", json_object_new_int (MAX (max, 0)));
  json_object_object_add (obj, "phase", string_or_null (phase));
  json_object_object_add (obj, "turn_label", json_object_new_string (turn));
  facts = adj_battle_get_turn_state (battle);
  json_object_object_add (obj, "facts", adj_turn_facts_to_json (facts));
  json_object_object_add (obj, "last", last_to_json (battle));
  json_object_object_add (obj, "cards", cards_to_json (battle));
  json_object_object_add (obj, "orders", orders_to_json (battle));
  json_object_object_add (obj, "tracks", tracks_to_json (battle));
  array = json_object_new_array ();
  sides = adj_battle_get_sides (battle);
  for (guint i = 0; i < sides->len; i++)
    json_object_array_add (array, side_to_json (battle, g_ptr_array_index (sides, i)));
  json_object_object_add (obj, "sides", array);
  json_object_object_add (obj, "labels", labels_to_json ());
  return obj;
}

json_object *
adj_table_json_side (AdjBattle  *battle,
                     const char *side_id)
{
  AdjSide *side;
  json_object *obj;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  side = side_id != NULL ? adj_battle_find_side (battle, side_id) : NULL;
  if (side == NULL)
    return NULL;
  obj = json_object_new_object ();
  json_object_object_add (obj, "title", string_or_null (adj_battle_get_name (battle)));
  json_object_object_add (obj, "side", side_to_json (battle, side));
  json_object_object_add (obj, "labels", labels_to_json ());
  return obj;
}
