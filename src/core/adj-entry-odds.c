/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-entry-odds.c: the odds of what happened, worked out when it is rolled. */

#define G_LOG_DOMAIN "adj-entry-odds"

#include "config.h"

#include "adj-battle.h"
#include "adj-entry-odds.h"
#include "adj-outcome-tone.h"
#include "adj-unit.h"

static const char *
tone_to_string (AdjTone tone)
{
  switch (tone)
    {
    case ADJ_TONE_GOOD:
      return "good";
    case ADJ_TONE_BAD:
      return "bad";
    case ADJ_TONE_MIXED:
      return "mixed";
    case ADJ_TONE_NEUTRAL:
    default:
      return "neutral";
    }
}

static AdjTone
tone_of (const AdjMechanic *mech,
         const char        *key)
{
  AdjOutcome probe = { 0 };

  probe.mechanic = mech;
  probe.key = (char *) key;
  return adj_outcome_get_tone (&probe);
}

/* The side that acted: that of the unit or side the mechanic's first unit or side input names,
 * as the tones read it.  Left empty, nobody acted: the next input may well be the other side's
 * (the figures looked for, when nobody is named looking). */
static const char *
acting_side (AdjBattle *battle,
             AdjInputs *inputs)
{
  const AdjMechanic *mech = inputs->mechanic;

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      const char *id;

      if (f->kind != ADJ_FIELD_UNIT && f->kind != ADJ_FIELD_SIDE)
        continue;
      id = adj_inputs_get_string (inputs, f->name);
      if (id == NULL || id[0] == '\0')
        return NULL;
      if (f->kind == ADJ_FIELD_SIDE)
        return adj_battle_find_side (battle, id) != NULL ? id : NULL;
      else
        {
          AdjUnit *unit = adj_battle_find_unit (battle, id);

          return unit != NULL ? adj_unit_get_side (unit) : NULL;
        }
    }
  return NULL;
}

/* The other side of a battle of two sides, or NULL. */
static const char *
other_side (AdjBattle  *battle,
            const char *side)
{
  GPtrArray *sides = adj_battle_get_sides (battle);

  if (side == NULL || sides->len != 2)
    return NULL;
  for (guint i = 0; i < 2; i++)
    {
      AdjSide *s = g_ptr_array_index (sides, i);

      if (!g_str_equal (s->id, side))
        return s->id;
    }
  return NULL;
}

static json_object *
unknown (void)
{
  json_object *obj = json_object_new_object ();

  json_object_object_add (obj, "known", json_object_new_boolean (FALSE));
  return obj;
}

static gboolean
parse_number (const char *key,
              gint64     *value)
{
  return key != NULL && g_ascii_string_to_signed (key, 10, G_MININT64, G_MAXINT64, value, NULL);
}

/* Bad below neutral and mixed, below good: how a side ranks the results of its own roll. */
static int
tone_rank (AdjTone tone)
{
  return tone == ADJ_TONE_GOOD ? 2 : tone == ADJ_TONE_BAD ? 0 : 1;
}

json_object *
adj_entry_odds_new (gpointer    battle_ptr,
                    AdjInputs  *inputs,
                    const char *outcome_key)
{
  AdjBattle *battle = battle_ptr;
  const AdjMechanic *mech;
  AdjContext ctx;
  g_autoptr(AdjOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  const AdjOddsEntry *hit;
  g_autofree char *fraction = NULL;
  json_object *obj;
  const char *side, *good_for = NULL;
  AdjTone tone;
  gboolean numeric, all_numbers = TRUE;
  gint64 value = 0;
  double expected = 0, below = 0, p_good = 0, p_bad = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (inputs != NULL && outcome_key != NULL, NULL);

  mech = inputs->mechanic;
  adj_battle_context (battle, &ctx);
  odds = adj_mechanic_odds (mech, &ctx, inputs, &error);
  if (odds == NULL)
    {
      g_debug ("%s: no odds: %s", mech->id, error->message);
      return unknown ();
    }
  hit = adj_odds_find (odds, outcome_key);
  if (hit == NULL)
    return unknown ();

  numeric = mech->outcomes == NULL && parse_number (outcome_key, &value);
  side = acting_side (battle, inputs);
  tone = tone_of (mech, outcome_key);
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      AdjTone t = tone_of (mech, e->key);
      gint64 v;

      if (t == ADJ_TONE_GOOD)
        p_good += e->p;
      else if (t == ADJ_TONE_BAD)
        p_bad += e->p;
      if (numeric && parse_number (e->key, &v))
        {
          expected += (double) v * e->p;
          if (v < value)
            below += e->p;
        }
      else
        all_numbers = FALSE;
      if (!numeric && tone_rank (t) < tone_rank (tone))
        below += e->p;
    }

  obj = json_object_new_object ();
  fraction = adj_odds_entry_fraction (hit);
  json_object_object_add (obj, "known", json_object_new_boolean (TRUE));
  json_object_object_add (obj, "p", json_object_new_string (fraction));
  json_object_object_add (obj, "p_value", json_object_new_double (hit->p));
  if (numeric && all_numbers)
    json_object_object_add (obj, "expected", json_object_new_double (expected));
  json_object_object_add (obj, "tone", json_object_new_string (tone_to_string (tone)));
  if (side != NULL)
    json_object_object_add (obj, "side", json_object_new_string (side));
  if (tone == ADJ_TONE_GOOD)
    good_for = side;
  else if (tone == ADJ_TONE_BAD)
    good_for = other_side (battle, side);
  if (good_for != NULL)
    json_object_object_add (obj, "good_for", json_object_new_string (good_for));
  if (!numeric)
    {
      json_object_object_add (obj, "p_good", json_object_new_double (p_good));
      json_object_object_add (obj, "p_bad", json_object_new_double (p_bad));
    }
  /* A result's percentile: the chance of a worse one, and half that of one as good. */
  if ((numeric && all_numbers) || (!numeric && p_good + p_bad > 0))
    {
      double same = numeric ? hit->p : 0;

      if (!numeric)
        for (guint i = 0; i < odds->entries->len; i++)
          {
            const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

            if (tone_rank (tone_of (mech, e->key)) == tone_rank (tone))
              same += e->p;
          }
      json_object_object_add (obj, "percentile",
                              json_object_new_double (CLAMP (below + same / 2, 0.0, 1.0)));
    }
  return obj;
}

json_object *
adj_entry_odds_replay (gpointer     battle_ptr,
                       const char  *mechanic_id,
                       json_object *inputs_json,
                       json_object *outcome)
{
  AdjBattle *battle = battle_ptr;
  const AdjMechanic *mech = mechanic_id != NULL ? adj_mechanic_lookup (mechanic_id) : NULL;
  g_autoptr(GError) error = NULL;
  json_object *key = NULL;
  AdjInputs *inputs;
  json_object *odds;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (mech == NULL || outcome == NULL || !json_object_object_get_ex (outcome, "outcome", &key) ||
      !json_object_is_type (key, json_type_string))
    return unknown ();
  inputs = adj_inputs_new (mech, adj_battle_get_ruleset (battle));
  if (inputs_json != NULL && !adj_inputs_set_json (inputs, inputs_json, "journal", &error))
    {
      g_debug ("%s: the stored inputs do not replay: %s", mechanic_id, error->message);
      adj_inputs_free (inputs);
      return unknown ();
    }
  odds = adj_entry_odds_new (battle, inputs, json_object_get_string (key));
  adj_inputs_free (inputs);
  return odds;
}

gboolean
adj_entry_odds_is_pending (json_object *odds)
{
  json_object *replay = NULL;

  return odds != NULL && json_object_object_get_ex (odds, "replay", &replay) &&
         json_object_get_boolean (replay);
}
