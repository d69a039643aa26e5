/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-turn.c: a battle's turn and phase — moving on to the next of either as a journal
 * entry, what a new turn puts back, and a phase's label with the name of the side it belongs
 * to. */

#define G_LOG_DOMAIN "adj-battle"

#include "config.h"

#include <string.h>

#include "adj-battle.h"
#include "adj-battle-private.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"

/* A new turn: the unit status fields and the battle settings that only last a turn go back to
 * their defaults. */
static gboolean
reset_per_turn_fields (AdjBattle     *battle,
                       AdjChangeSet  *changes,
                       GError       **error)
{
  GPtrArray *fields = adj_ruleset_get_status_fields (battle->ruleset);
  GPtrArray *settings = adj_ruleset_get_battle_fields (battle->ruleset);
  guint n = adj_battle_get_n_units (battle);

  for (guint f = 0; f < fields->len; f++)
    {
      const AdjField *field = g_ptr_array_index (fields, f);
      g_autoptr(json_object) def = NULL;
      g_autofree char *name = NULL;

      if (!field->per_turn)
        continue;
      def = adj_field_default_json (field);
      name = g_strconcat ("status.", field->name, NULL);
      for (guint i = 0; i < n; i++)
        {
          AdjUnit *unit = adj_battle_peek_unit (battle, i);
          json_object *v = NULL;
          g_autofree char *target = NULL;

          if (!json_object_object_get_ex (adj_unit_get_status (unit), field->name, &v) ||
              adj_json_equal (v, def))
            continue;
          target = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
          if (!adj_battle_change_field (battle, changes, target, name, def, error))
            return FALSE;
        }
    }
  for (guint f = 0; f < settings->len; f++)
    {
      const AdjField *field = g_ptr_array_index (settings, f);
      g_autoptr(json_object) def = NULL;
      g_autofree char *name = NULL;
      json_object *v = NULL;

      if (!field->per_turn)
        continue;
      def = adj_field_default_json (field);
      json_object_object_get_ex (battle->settings, field->name, &v);
      if (adj_json_equal (v, def))
        continue;
      name = g_strconcat ("settings.", field->name, NULL);
      if (!adj_battle_change_field (battle, changes, "battle", name, def, error))
        return FALSE;
    }
  return TRUE;
}

/* The side a phase for one side belongs to this turn: the side the ruleset's battle field
 * names as acting first, else the battle's first side; the other one for the second. */
static AdjSide *
phase_side (AdjBattle      *battle,
            const AdjPhase *phase,
            gboolean        new_turn)
{
  const char *field = adj_ruleset_get_first_side_field (battle->ruleset);
  json_object *v = NULL;
  AdjSide *first = NULL;

  if (phase->side == ADJ_PHASE_BOTH_SIDES || battle->sides->len == 0)
    return NULL;
  /* A new turn has no first side chosen yet: what the battle says is last turn's. */
  if (field != NULL && !new_turn && json_object_object_get_ex (battle->settings, field, &v))
    first = adj_battle_find_side (battle, json_object_get_string (v));
  if (first == NULL)
    first = g_ptr_array_index (battle->sides, 0);
  if (phase->side == ADJ_PHASE_FIRST_SIDE)
    return first;
  for (guint i = 0; i < battle->sides->len; i++)
    if (g_ptr_array_index (battle->sides, i) != first)
      return g_ptr_array_index (battle->sides, i);
  return NULL;
}

static char *
phase_label (AdjBattle  *battle,
             const char *phase_id,
             gboolean    new_turn)
{
  const AdjPhase *phase = adj_ruleset_get_phase (battle->ruleset, phase_id);
  AdjSide *side;
  g_auto(GStrv) parts = NULL;

  if (phase == NULL)
    return g_strdup (phase_id);
  side = phase_side (battle, phase, new_turn);
  if (side == NULL || phase->side_label == NULL)
    return g_strdup (adj_gettext (phase->choice.label));
  parts = g_strsplit (adj_gettext (phase->side_label), "{side}", -1);
  return g_strjoinv (side->name, parts);
}

AdjSide *
adj_battle_phase_side (AdjBattle *battle)
{
  const AdjPhase *phase;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  phase = adj_ruleset_get_phase (battle->ruleset, battle->phase);
  return phase != NULL ? phase_side (battle, phase, FALSE) : NULL;
}

char *
adj_battle_phase_label (AdjBattle  *battle,
                        const char *phase_id)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return phase_label (battle, phase_id != NULL ? phase_id : battle->phase, FALSE);
}

static gboolean
move_to (AdjBattle   *battle,
         int          turn,
         const char  *phase,
         GError     **error)
{
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(json_object) turn_value = json_object_new_int (turn);
  g_autoptr(json_object) phase_value = json_object_new_string (phase);
  g_autofree char *label = NULL;
  g_autofree char *summary = NULL;
  int max = adj_ruleset_get_max_turns (battle->ruleset);

  if (max > 0 && turn > max)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The battle ends after turn %d: there is no turn %d"), max, turn);
      return FALSE;
    }
  label = phase_label (battle, phase, turn != battle->turn);
  /* TRANSLATORS: a journal line, e.g. "Turn 3 — Zulu army activates" */
  summary = g_strdup_printf (_("Turn %d — %s"), turn, label);
  entry = adj_entry_new ("turn", NULL, summary);
  if (turn != battle->turn &&
      !adj_battle_change_field (battle, entry->changes, "battle", "turn", turn_value, error))
    return FALSE;
  if (!g_str_equal (phase, battle->phase) &&
      !adj_battle_change_field (battle, entry->changes, "battle", "phase", phase_value, error))
    return FALSE;
  if (turn != battle->turn && !reset_per_turn_fields (battle, entry->changes, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_battle_next_phase (AdjBattle  *battle,
                       GError    **error)
{
  GPtrArray *phases = adj_ruleset_get_phases (battle->ruleset);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  for (guint i = 0; i + 1 < phases->len; i++)
    {
      const AdjPhase *p = g_ptr_array_index (phases, i);
      if (g_str_equal (p->choice.id, battle->phase))
        {
          const AdjPhase *next = g_ptr_array_index (phases, i + 1);
          return move_to (battle, battle->turn, next->choice.id, error);
        }
    }
  return adj_battle_next_turn (battle, error);
}

gboolean
adj_battle_next_turn (AdjBattle  *battle,
                      GError    **error)
{
  GPtrArray *phases = adj_ruleset_get_phases (battle->ruleset);
  const AdjPhase *first = NULL;
  gboolean set_up = FALSE;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  /* The phases played once (set-up) come first; a turn begins with the first of the rest.
   * From set-up, that first turn is the one the battle is at. */
  for (guint i = 0; i < phases->len && first == NULL; i++)
    {
      const AdjPhase *p = g_ptr_array_index (phases, i);

      if (!p->once)
        first = p;
      else if (g_str_equal (p->choice.id, battle->phase))
        set_up = TRUE;
    }
  return move_to (battle, set_up ? battle->turn : battle->turn + 1, first->choice.id, error);
}
