/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-story.c: the battle told in words — who took part in an action, and the report
 * of the whole game from its journal. */

#define G_LOG_DOMAIN "adj-battle"

#include "config.h"

#include <string.h>

#include "adj-battle.h"
#include "adj-battle-private.h"
#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-unit.h"

gboolean
adj_battle_unit_is_hidden (AdjBattle *battle,
                           AdjUnit   *unit)
{
  GPtrArray *fields = adj_ruleset_get_status_fields (battle->ruleset);

  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);

      if (f->hides_unit && adj_unit_get_status_bool (unit, f->name))
        return TRUE;
    }
  return FALSE;
}

/* The name of the unit or side input @field names in @battle, or NULL. */
static const char *
actor_name (AdjBattle      *battle,
            AdjInputs      *inputs,
            const AdjField *field)
{
  const char *id = adj_inputs_get_string (inputs, field->name);

  if (id == NULL || id[0] == '\0')
    return NULL;
  if (field->kind == ADJ_FIELD_SIDE)
    {
      AdjSide *side = adj_battle_find_side (battle, id);

      return side != NULL ? side->name : NULL;
    }
  else
    {
      AdjUnit *unit = adj_battle_find_unit (battle, id);

      if (unit == NULL)
        return NULL;
      /* A unit still hidden is named as what the table sees. */
      return adj_battle_unit_is_hidden (battle, unit) ? _("a hidden unit")
                                                      : adj_unit_get_name (unit);
    }
}

char *
adj_battle_name_actors (AdjBattle  *battle,
                        AdjInputs  *inputs,
                        const char *title)
{
  const AdjMechanic *mech = inputs->mechanic;
  const char *names[2] = { NULL, NULL };
  guint n = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  /* The first two units or sides the inputs name: the one acting and the one acted on (a
   * commander attached, or a third group, is in the explanation). */
  for (guint i = 0; i < mech->n_inputs && n < G_N_ELEMENTS (names); i++)
    {
      const AdjField *f = &mech->inputs[i];

      if (f->kind == ADJ_FIELD_UNIT || f->kind == ADJ_FIELD_SIDE)
        {
          const char *name = actor_name (battle, inputs, f);

          if (name == NULL)
            continue;
          /* A name the result's title says already is not said twice; and a title that names
           * one of the sides or units of anything but a fight speaks for all of them. */
          if (title != NULL && strstr (title, name) != NULL)
            {
              if (mech->scope != ADJ_SCOPE_PAIR)
                return NULL;
              continue;
            }
          names[n++] = name;
        }
    }
  if (n == 0)
    return NULL;
  if (n == 1)
    return g_strdup (names[0]);
  if (mech->scope == ADJ_SCOPE_PAIR)
    /* TRANSLATORS: who took part in a fight, e.g. "British Regular Infantry 3 against Zulu
     * Spearmen 5" */
    return g_strdup_printf (_("%s against %s"), names[0], names[1]);
  /* TRANSLATORS: two sides or units an action is about, e.g. "British and Zulu army" */
  return g_strdup_printf (_("%s and %s"), names[0], names[1]);
}

const char *
adj_battle_entry_phase (AdjBattle  *battle,
                        const char *phase,
                        const char *phase_label)
{
  const AdjChoice *choice;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (phase_label != NULL)
    return phase_label;
  choice = phase != NULL ? adj_ruleset_find_phase (battle->ruleset, phase) : NULL;
  return choice != NULL ? adj_gettext (choice->label) : NULL;
}

char *
adj_battle_story_line (AdjBattle      *battle,
                       const AdjEntry *entry,
                       gboolean        markdown)
{
  GString *out = g_string_new (NULL);
  const char *phase = adj_battle_entry_phase (battle, entry->phase, entry->phase_label);
  json_object *reason = NULL;
  g_autofree char *rolls = adj_journal_describe_rolls (entry->outcome);

  if (phase != NULL)
    g_string_append_printf (out, markdown ? "*%s* — " : "[%s] ", phase);
  g_string_append (out, entry->summary);
  if (entry->outcome != NULL && json_object_object_get_ex (entry->outcome, "reason", &reason))
    g_string_append_printf (out, ": %s", json_object_get_string (reason));
  if (rolls[0] != '\0')
    /* TRANSLATORS: the dice or cards of a journal entry, e.g. "(Firer 6 + 6, Target 1 + 1)" */
    g_string_append_printf (out, _(" (%s)"), rolls);
  return g_string_free (out, FALSE);
}

char *
adj_battle_report (AdjBattle *battle,
                   gboolean   markdown)
{
  GString *out = g_string_new (NULL);
  AdjJournal *journal = battle->journal;
  AdjRuleset *rs = battle->ruleset;
  int last_turn = -1;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (markdown)
    g_string_append_printf (out, "# %s\n\n", battle->name);
  else
    {
      g_string_append_printf (out, "%s\n", battle->name);
      for (glong i = 0; i < g_utf8_strlen (battle->name, -1); i++)
        g_string_append_c (out, '=');
      g_string_append (out, "\n\n");
    }
  /* TRANSLATORS: the heading of a battle report, e.g. "When Empires Clash! · turn 3 of 12" */
  g_string_append_printf (out, _("%s · turn %d"), adj_ruleset_get_name (rs), battle->turn);
  g_string_append (out, "\n\n");
  for (guint i = 0; i < battle->sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (battle->sides, i);
      g_string_append_printf (out, "%s%s\n", markdown ? "- " : "  ", side->name);
    }

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      g_autofree char *line = adj_battle_story_line (battle, entry, markdown);

      if (entry->turn != last_turn)
        {
          last_turn = entry->turn;
          g_string_append (out, markdown ? "\n## " : "\n");
          g_string_append_printf (out, _("Turn %d"), entry->turn);
          g_string_append (out, markdown ? "\n\n" : "\n");
        }
      g_string_append (out, markdown ? "- " : "  ");
      g_string_append (out, line);
      g_string_append (out, "\n");
    }
  return g_string_free (out, FALSE);
}

