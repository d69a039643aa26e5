/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-report.c: the after-action report's figures, worked out once from the journal, and the
 * report as Markdown. */

#define G_LOG_DOMAIN "adj-report"

#include "config.h"

#include <math.h>
#include <string.h>

#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-mechanic.h"
#include "adj-members.h"
#include "adj-report-private.h"
#include "adj-unit.h"

G_DEFINE_FINAL_TYPE (AdjReport, adj_report, G_TYPE_OBJECT)

static void
adj_report_finalize (GObject *object)
{
  AdjReport *self = ADJ_REPORT (object);

  g_clear_object (&self->battle);
  g_clear_pointer (&self->rolls, g_array_unref);
  g_clear_pointer (&self->running, g_array_unref);
  g_clear_pointer (&self->fates, g_array_unref);
  g_free (self->figures_lost);
  g_free (self->units_lost);
  g_free (self->result);
  G_OBJECT_CLASS (adj_report_parent_class)->finalize (object);
}

static void
adj_report_class_init (AdjReportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adj_report_finalize;
}

static void
adj_report_init (AdjReport *self)
{
  self->rolls = g_array_new (FALSE, TRUE, sizeof (AdjReportRoll));
  self->running = g_array_new (FALSE, TRUE, sizeof (double));
  self->fates = g_array_new (FALSE, TRUE, sizeof (AdjReportFate));
}

int
adj_report_side_index (AdjReport  *self,
                       const char *id)
{
  GPtrArray *sides = adj_battle_get_sides (self->battle);

  for (guint i = 0; id != NULL && i < sides->len; i++)
    if (g_str_equal (((AdjSide *) g_ptr_array_index (sides, i))->id, id))
      return (int) i;
  return -1;
}

const char *
adj_report_side_name (AdjReport *self,
                      guint      s)
{
  return ((AdjSide *) g_ptr_array_index (adj_battle_get_sides (self->battle), s))->name;
}

static const char *
get_string (json_object *obj,
            const char  *key)
{
  json_object *v = NULL;

  return json_object_object_get_ex (obj, key, &v) && json_object_is_type (v, json_type_string)
         ? json_object_get_string (v) : NULL;
}

static double
get_double (json_object *obj,
            const char  *key,
            gboolean    *found)
{
  json_object *v = NULL;
  gboolean has = json_object_object_get_ex (obj, key, &v) &&
                 (json_object_is_type (v, json_type_double) ||
                  json_object_is_type (v, json_type_int));

  if (found != NULL)
    *found = has;
  return has ? json_object_get_double (v) : 0;
}

/* A roll from an entry's kept odds; FALSE when they are unknown. */
static gboolean
read_roll (AdjEntry      *entry,
           guint          index,
           AdjReportRoll *roll)
{
  json_object *odds = entry->odds;
  json_object *known = NULL;
  const char *tone;
  double p_good, p_bad;

  if (odds == NULL || !json_object_object_get_ex (odds, "known", &known) ||
      !json_object_get_boolean (known) || get_string (odds, "p") == NULL)
    return FALSE;
  roll->index = index;
  roll->turn = entry->turn;
  roll->summary = entry->summary;
  roll->side = get_string (odds, "side");
  roll->good_for = get_string (odds, "good_for");
  roll->fraction = get_string (odds, "p");
  roll->p = get_double (odds, "p_value", NULL);
  roll->percentile = get_double (odds, "percentile", &roll->has_percentile);
  tone = get_string (odds, "tone");
  p_good = get_double (odds, "p_good", NULL);
  p_bad = get_double (odds, "p_bad", NULL);
  /* A roll that could go well or badly for the side that acted counts, whatever came up: +1
   * for a good result, -1 for a bad one, 0 for any other (mixed or neither), less what was to
   * be expected.  Leaving out the results that are neither would make luck lean towards the
   * likelier of good and bad. */
  if (roll->side != NULL && p_good + p_bad > 0)
    {
      double happened = g_strcmp0 (tone, "good") == 0 ? 1 : g_strcmp0 (tone, "bad") == 0 ? -1 : 0;

      roll->counts = TRUE;
      roll->luck = happened - (p_good - p_bad);
    }
  return TRUE;
}

static int
get_int_value (json_object *v,
               int          fallback)
{
  return v != NULL && json_object_is_type (v, json_type_int) ? json_object_get_int (v) : fallback;
}

static gboolean
get_bool_value (json_object *v)
{
  return v != NULL && json_object_is_type (v, json_type_boolean) && json_object_get_boolean (v);
}

/* A figure of a unit that keeps a record per figure lost (+1) or back in play (-1) by @change,
 * which sets "members.<i>.lost"; 0 for any other change. */
static int
member_lost (AdjChange *change)
{
  if (!g_str_has_prefix (change->field, "members.") ||
      !g_str_has_suffix (change->field, "." ADJ_MEMBER_LOST))
    return 0;
  return get_bool_value (change->after) - get_bool_value (change->before);
}

/* What the system counts lost of @unit, in the boxes its roster gives the unit (a strength point
 * each, adj-mechanic.h); all of them for a unit destroyed.  -1 when it gives the unit none: its
 * losses are counted in figures. */
static int
strength_lost (AdjBattle *battle,
               AdjUnit   *unit,
               int       *boxes)
{
  const AdjSystem *system = adj_ruleset_get_system (adj_battle_get_ruleset (battle));
  AdjRosterUnit hints = { 0 };

  if (system == NULL || system->roster_unit == NULL)
    return -1;
  system->roster_unit (battle, NULL, unit, &hints);
  g_free (hints.move);
  if (hints.boxes <= 0)
    return -1;
  if (boxes != NULL)
    *boxes = hints.boxes;
  return adj_unit_get_destroyed (unit) ? hints.boxes : CLAMP (hints.lost, 0, hints.boxes);
}

/* A copy of every unit whose strength the system counts, by id: the report walks the journal
 * on them, changing them as the battle does (adj_unit_set_field), without touching the
 * battle. */
static GHashTable *
scratch_units (AdjBattle *battle)
{
  GHashTable *copies = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);

  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);
      g_autoptr(json_object) json = NULL;
      g_autoptr(GError) error = NULL;
      AdjUnit *copy;

      if (strength_lost (battle, unit, NULL) < 0)
        continue;
      json = adj_unit_to_json (unit);
      copy = adj_battle_unit_from_json (battle, json, adj_battle_get_name (battle), "$", &error);
      if (copy == NULL)
        {
          g_warning ("a unit of the battle could not be copied: %s", error->message);
          continue;
        }
      g_hash_table_insert (copies, (gpointer) adj_unit_get_id (unit), copy);
    }
  return copies;
}

/* Losses from the changes of the entries in effect: figures taken away, and units destroyed
 * (with the figures they still had); or, where the system counts strength points, the strength
 * each entry cost. */
static void
count_losses (AdjReport *self)
{
  AdjJournal *journal = adj_battle_get_journal (self->battle);
  g_autoptr(GHashTable) figures = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) destroyed_in = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) start = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) scratch = scratch_units (self->battle);
  g_autoptr(GHashTable) was_lost = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_turns = (guint) self->last_turn + 1;
  guint n_units = adj_battle_get_n_units (self->battle);
  /* The set-up of a battle whose system counts strength: the journal's first entry, a note the
   * system made when it put the counters on the table (not a roll, not an edit). */
  guint played_from = g_hash_table_size (scratch) > 0 && journal->position > 0 &&
                      g_strcmp0 (adj_journal_get_entry (journal, 0)->kind, "note") == 0 ? 1 : 0;

  self->figures_lost = g_new0 (int, self->n_sides * n_turns);
  self->units_lost = g_new0 (int, self->n_sides * n_turns);
  self->strength = g_hash_table_size (scratch) > 0;

  /* Each unit's figures before the first entry: the figures now with every change undone. */
  for (guint i = 0; i < n_units; i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (self->battle, i);

      g_hash_table_insert (start, (gpointer) adj_unit_get_id (unit),
                           GINT_TO_POINTER (adj_unit_get_figures (unit)));
    }
  for (guint i = journal->position; i-- > 0;)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);

      for (guint c = adj_change_set_len (entry->changes); c-- > 0;)
        {
          AdjChange *change = adj_change_set_get (entry->changes, c);
          AdjUnit *copy;

          if (change->op != ADJ_CHANGE_SET || !g_str_has_prefix (change->target, "unit:"))
            continue;
          copy = g_hash_table_lookup (scratch, change->target + 5);
          if (copy != NULL)
            adj_unit_set_field (copy, change->field, change->before);
          else if (g_strcmp0 (change->field, "figures") == 0)
            g_hash_table_insert (start, (gpointer) (change->target + 5),
                                 GINT_TO_POINTER (get_int_value (change->before, 0)));
          else if (member_lost (change) != 0)
            {
              gpointer id = (gpointer) (change->target + 5);
              int before = GPOINTER_TO_INT (g_hash_table_lookup (start, id));

              g_hash_table_insert (start, id, GINT_TO_POINTER (before + member_lost (change)));
            }
        }
    }

  /* A unit counted in strength starts with the strength points it had not lost once the battle
   * was set up: a counter the set-up puts on its reduced side (a battalion that comes to the
   * battle weakened) has lost nothing in it. */
  if (played_from > 0)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, 0);

      for (guint c = 0; c < adj_change_set_len (entry->changes); c++)
        {
          AdjChange *change = adj_change_set_get (entry->changes, c);
          AdjUnit *copy;

          if (change->op == ADJ_CHANGE_SET && g_str_has_prefix (change->target, "unit:") &&
              (copy = g_hash_table_lookup (scratch, change->target + 5)) != NULL)
            adj_unit_set_field (copy, change->field, change->after);
        }
    }
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, scratch);
    while (g_hash_table_iter_next (&iter, &key, &value))
      {
        int boxes = 0;
        int lost = strength_lost (self->battle, value, &boxes);

        g_hash_table_insert (start, key, GINT_TO_POINTER (lost >= 0 ? boxes - lost : 0));
      }
  }

  /* Then forward, turn by turn. */
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, start);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (figures, key, value);
  }
  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      int turn = CLAMP (entry->turn, 1, self->last_turn);

      /* A unit counted in strength: what it had lost before the entry, against after it (the
       * entry's changes one by one may pass through states the rules never show). */
      g_hash_table_remove_all (was_lost);
      for (guint c = 0; c < adj_change_set_len (entry->changes); c++)
        {
          AdjChange *change = adj_change_set_get (entry->changes, c);
          const char *id;
          AdjUnit *unit;
          AdjUnit *copy;
          int s;

          if (change->op != ADJ_CHANGE_SET || !g_str_has_prefix (change->target, "unit:"))
            continue;
          id = change->target + 5;
          unit = adj_battle_find_unit (self->battle, id);
          s = unit != NULL ? adj_report_side_index (self, adj_unit_get_side (unit)) : -1;
          if (s < 0)
            continue;
          copy = g_hash_table_lookup (scratch, id);
          if (copy != NULL && i < played_from)
            continue;
          if (copy != NULL)
            {
              if (!g_hash_table_contains (was_lost, id))
                g_hash_table_insert (was_lost, (gpointer) id,
                                     GINT_TO_POINTER (strength_lost (self->battle, copy, NULL)));
              adj_unit_set_field (copy, change->field, change->after);
            }
          else if (g_strcmp0 (change->field, "figures") == 0)
            {
              int before = get_int_value (change->before, 0);
              int after = get_int_value (change->after, 0);

              if (after < before && !g_hash_table_contains (destroyed_in, id))
                self->figures_lost[(guint) s * n_turns + (guint) turn] += before - after;
              g_hash_table_insert (figures, (gpointer) id, GINT_TO_POINTER (after));
            }
          else if (member_lost (change) != 0)
            {
              int before = GPOINTER_TO_INT (g_hash_table_lookup (figures, id));

              /* A unit with a record per figure loses them one by one. */
              if (member_lost (change) > 0 && !g_hash_table_contains (destroyed_in, id))
                self->figures_lost[(guint) s * n_turns + (guint) turn] += 1;
              g_hash_table_insert (figures, (gpointer) id,
                                   GINT_TO_POINTER (before - member_lost (change)));
            }
          if (g_strcmp0 (change->field, "destroyed") == 0 && change->after != NULL &&
              json_object_get_boolean (change->after) &&
              !g_hash_table_contains (destroyed_in, id))
            {
              self->units_lost[(guint) s * n_turns + (guint) turn] += 1;
              /* A unit counted in figures loses those it still had; one counted in strength
               * loses what is left of it below, with the rest of the entry. */
              if (copy == NULL)
                {
                  int left = GPOINTER_TO_INT (g_hash_table_lookup (figures, id));

                  self->figures_lost[(guint) s * n_turns + (guint) turn] += MAX (left, 0);
                  g_hash_table_insert (figures, (gpointer) id, GINT_TO_POINTER (0));
                }
              g_hash_table_insert (destroyed_in, (gpointer) id, GINT_TO_POINTER (turn));
            }
        }
      {
        GHashTableIter iter;
        gpointer key, value;

        g_hash_table_iter_init (&iter, was_lost);
        while (g_hash_table_iter_next (&iter, &key, &value))
          {
            AdjUnit *unit = adj_battle_find_unit (self->battle, key);
            guint s = (guint) adj_report_side_index (self, adj_unit_get_side (unit));
            int now = strength_lost (self->battle, g_hash_table_lookup (scratch, key), NULL);

            /* Strength won back (no rule of the systems gives any) is no loss. */
            if (now > GPOINTER_TO_INT (value))
              self->figures_lost[s * n_turns + (guint) turn] += now - GPOINTER_TO_INT (value);
          }
      }
    }
  for (guint s = 0; s < self->n_sides; s++)
    for (guint t = 1; t < n_turns; t++)
      {
        self->figures_lost[s * n_turns] += self->figures_lost[s * n_turns + t];
        self->units_lost[s * n_turns] += self->units_lost[s * n_turns + t];
      }

  for (guint i = 0; i < n_units; i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (self->battle, i);
      AdjReportFate fate = { 0 };
      int s = adj_report_side_index (self, adj_unit_get_side (unit));
      int boxes = 0;
      int lost;

      /* What the table does not see is not told: a unit still hidden has no fate yet.  A marker
       * or the like stands for no troops, and has none at all. */
      if (s < 0 || adj_battle_unit_is_hidden (self->battle, unit) ||
          !adj_ruleset_lists_category (adj_battle_get_ruleset (self->battle),
                                       adj_battle_unit_type (self->battle, unit)->category))
        continue;
      fate.name = adj_unit_get_name (unit);
      fate.side = (guint) s;
      fate.figures_now = adj_unit_get_figures (unit);
      fate.figures_start = GPOINTER_TO_INT (g_hash_table_lookup (start, adj_unit_get_id (unit)));
      if (g_hash_table_contains (scratch, adj_unit_get_id (unit)) &&
          (lost = strength_lost (self->battle, unit, &boxes)) >= 0)
        {
          fate.strength = TRUE;
          fate.figures_now = boxes - lost;
        }
      fate.destroyed = adj_unit_get_destroyed (unit);
      fate.destroyed_turn = GPOINTER_TO_INT (g_hash_table_lookup (destroyed_in,
                                                                  adj_unit_get_id (unit)));
      g_array_append_val (self->fates, fate);
    }
}

/* The title of a battle's result as its journal entry keeps it; when it is the plain label of
 * the result, in the language of the report, since the entry was written in the language of
 * whoever played it. */
static char *
result_title (AdjEntry *entry)
{
  const char *title = get_string (entry->outcome, "title");
  const char *key = get_string (entry->outcome, "outcome");
  const AdjMechanic *mech = adj_mechanic_lookup (entry->mechanic);
  const AdjChoice *c = mech != NULL && key != NULL
                       ? adj_field_find_choice (mech->outcomes, mech->n_outcomes, key) : NULL;

  if (c != NULL && g_strcmp0 (title, c->label) == 0)
    return g_strdup (adj_gettext (c->label));
  return g_strdup (title);
}

AdjReport *
adj_report_new (AdjBattle *battle)
{
  AdjReport *self;
  AdjJournal *journal;
  g_autofree double *luck = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  self = g_object_new (ADJ_TYPE_REPORT, NULL);
  self->battle = g_object_ref (battle);
  self->n_sides = adj_battle_get_sides (battle)->len;
  journal = adj_battle_get_journal (battle);
  luck = g_new0 (double, MAX (self->n_sides, 1));
  self->last_turn = MAX (adj_battle_get_turn (battle), 1);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      AdjReportRoll roll = { 0 };

      self->last_turn = MAX (self->last_turn, entry->turn);
      if (g_strcmp0 (entry->kind, "mechanic") != 0)
        continue;
      if (entry->mechanic != NULL && g_str_has_suffix (entry->mechanic, "/victory") &&
          entry->outcome != NULL && get_string (entry->outcome, "title") != NULL)
        {
          g_free (self->result);
          self->result = result_title (entry);
        }
      if (!read_roll (entry, i, &roll))
        {
          self->n_unknown++;
          continue;
        }
      /* A result that was certain left nothing to luck: it is no roll. */
      if (roll.p >= 1.0)
        continue;
      if (roll.counts)
        {
          int acted = adj_report_side_index (self, roll.side);

          if (acted < 0)
            roll.counts = FALSE;
          else
            {
              luck[acted] += roll.luck;
              /* Between two sides, one side's good luck is the other's bad luck. */
              if (self->n_sides == 2)
                luck[1 - acted] -= roll.luck;
            }
        }
      g_array_append_val (self->rolls, roll);
      g_array_append_vals (self->running, luck, self->n_sides);
    }
  count_losses (self);
  return self;
}

AdjBattle *
adj_report_get_battle (AdjReport *self)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), NULL);
  return self->battle;
}

guint
adj_report_get_n_rolls (AdjReport *self)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), 0);
  return self->rolls->len;
}

const AdjReportRoll *
adj_report_get_roll (AdjReport *self,
                     guint      i)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), NULL);
  g_return_val_if_fail (i < self->rolls->len, NULL);
  return &g_array_index (self->rolls, AdjReportRoll, i);
}

guint
adj_report_get_n_unknown (AdjReport *self)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), 0);
  return self->n_unknown;
}

double
adj_report_get_luck (AdjReport *self,
                     guint      s)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), 0);
  g_return_val_if_fail (s < self->n_sides, 0);
  if (self->rolls->len == 0)
    return 0;
  return g_array_index (self->running, double, (self->rolls->len - 1) * self->n_sides + s);
}

gboolean
adj_report_counts_strength (AdjReport *self)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), FALSE);
  return self->strength;
}

int
adj_report_get_figures_lost (AdjReport *self,
                             guint      s,
                             int        turn)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), 0);
  g_return_val_if_fail (s < self->n_sides, 0);
  if (turn < 0 || turn > self->last_turn)
    return 0;
  return self->figures_lost[s * (guint) (self->last_turn + 1) + (guint) turn];
}

int
adj_report_get_units_lost (AdjReport *self,
                           guint      s,
                           int        turn)
{
  g_return_val_if_fail (ADJ_IS_REPORT (self), 0);
  g_return_val_if_fail (s < self->n_sides, 0);
  if (turn < 0 || turn > self->last_turn)
    return 0;
  return self->units_lost[s * (guint) (self->last_turn + 1) + (guint) turn];
}

double
adj_report_loss_share (AdjReport *self,
                       guint      s)
{
  int total = 0;

  for (guint i = 0; i < self->fates->len; i++)
    {
      const AdjReportFate *fate = &g_array_index (self->fates, AdjReportFate, i);

      if (fate->side == s)
        total += fate->figures_start;
    }
  return total > 0 ? (double) adj_report_get_figures_lost (self, s, 0) / total : 0;
}

char *
adj_report_describe_result (AdjReport *self)
{
  GString *out = g_string_new (NULL);

  if (self->result != NULL)
    g_string_append_printf (out, "%s. ", self->result);
  if (self->n_sides == 2)
    {
      double a = adj_report_loss_share (self, 0), b = adj_report_loss_share (self, 1);
      guint better = a <= b ? 0 : 1;
      int margin = (int) lround (fabs (a - b) * 100);

      if (margin == 0 && self->strength)
        /* TRANSLATORS: the margin of a battle whose units have strength points rather than
         * figures, when both sides lost as much */
        g_string_append_printf (out, _("Both sides lost the same share of their strength points "
                                       "(%d%%)."), (int) lround (a * 100));
      else if (margin == 0)
        /* TRANSLATORS: the margin of a battle, when both sides lost as much */
        g_string_append_printf (out, _("Both sides lost the same share of their figures (%d%%)."),
                                (int) lround (a * 100));
      else
        g_string_append_printf (out, self->strength
                                /* TRANSLATORS: the margin of a battle by losses of strength
                                 * points, e.g. "Boers lost 10% of their strength points, British
                                 * 40%: Boers ahead by 30 points." */
                                ? ngettext ("%s lost %d%% of their strength points, %s %d%%: "
                                            "%s ahead by %d point.",
                                            "%s lost %d%% of their strength points, %s %d%%: "
                                            "%s ahead by %d points.", (gulong) margin)
                                /* TRANSLATORS: the margin of a battle by losses, e.g. "British
                                 * lost 10% of their figures, Zulu army 40%: British ahead by 30
                                 * points." */
                                : _("%s lost %d%% of their figures, %s %d%%: %s ahead by %d "
                                    "points."),
                                adj_report_side_name (self, 0), (int) lround (a * 100),
                                adj_report_side_name (self, 1), (int) lround (b * 100),
                                adj_report_side_name (self, better), margin);
    }
  else
    for (guint s = 0; s < self->n_sides; s++)
      g_string_append_printf (out, self->strength
                              /* TRANSLATORS: a side's losses, e.g. "Boers lost 10% of their
                               * strength points." */
                              ? _("%s lost %d%% of their strength points. ")
                              /* TRANSLATORS: a side's losses, e.g. "British lost 10% of their
                               * figures." */
                              : _("%s lost %d%% of their figures. "),
                              adj_report_side_name (self, s),
                              (int) lround (adj_report_loss_share (self, s) * 100));
  return g_string_free (out, FALSE);
}

char *
adj_report_describe_fate (const AdjReportFate *fate)
{
  if (fate->destroyed && fate->destroyed_turn > 0)
    return g_strdup_printf (_("destroyed in turn %d"), fate->destroyed_turn);
  if (fate->destroyed)
    return g_strdup (_("destroyed"));
  if (fate->strength && fate->figures_now < fate->figures_start)
    /* TRANSLATORS: the fate of a unit, e.g. "lost 2 of 6 strength points" */
    return g_strdup_printf (ngettext ("lost %d of %d strength point",
                                      "lost %d of %d strength points", fate->figures_start),
                            fate->figures_start - fate->figures_now, fate->figures_start);
  if (fate->figures_now < fate->figures_start)
    return g_strdup_printf (_("lost %d of %d figures"), fate->figures_start - fate->figures_now,
                            fate->figures_start);
  return g_strdup (_("unhurt"));
}

static int
by_chance (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  AdjReport *self = data;
  const AdjReportRoll *ra = adj_report_get_roll (self, *(const guint *) a);
  const AdjReportRoll *rb = adj_report_get_roll (self, *(const guint *) b);

  if (ra->p != rb->p)
    return ra->p < rb->p ? -1 : 1;
  return ra->index < rb->index ? -1 : ra->index > rb->index;
}

GArray *
adj_report_least_likely (AdjReport *self,
                         guint      n)
{
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint), self->rolls->len);

  for (guint i = 0; i < self->rolls->len; i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, by_chance, self);
  if (order->len > n)
    g_array_set_size (order, n);
  return order;
}

/* ---- Markdown ---- */

static void
md_losses (AdjReport *self,
           GString   *out)
{
  g_string_append_printf (out, "\n## %s\n\n| %s |", _("Losses turn by turn"), _("Turn"));
  for (guint s = 0; s < self->n_sides; s++)
    g_string_append_printf (out, self->strength
                            /* TRANSLATORS: a column of the losses table: a side's strength
                             * points and units lost */
                            ? _(" %s: strength points (units) |")
                            /* TRANSLATORS: a column of the losses table: a side's figures and
                             * units lost */
                            : _(" %s: figures (units) |"), adj_report_side_name (self, s));
  g_string_append (out, "\n|---|");
  for (guint s = 0; s < self->n_sides; s++)
    g_string_append (out, "---:|");
  for (int t = 1; t <= self->last_turn + 1; t++)
    {
      int turn = t <= self->last_turn ? t : 0;

      if (turn == 0)
        g_string_append_printf (out, "\n| **%s** |", _("All"));
      else
        g_string_append_printf (out, "\n| %d |", turn);
      for (guint s = 0; s < self->n_sides; s++)
        g_string_append_printf (out, " %d (%d) |", adj_report_get_figures_lost (self, s, turn),
                                adj_report_get_units_lost (self, s, turn));
    }
  g_string_append (out, "\n");
}

static void
md_luck (AdjReport *self,
         GString   *out)
{
  g_string_append_printf (out, "\n## %s\n\n", _("Luck"));
  g_string_append (out, _("Each result good for a side counts +1 for it and each bad one −1; "
                          "what the odds expected is subtracted. Above 0: luckier than the odds."));
  g_string_append (out, "\n\n");
  for (guint s = 0; s < self->n_sides; s++)
    g_string_append_printf (out, "- %s: %+.2f\n", adj_report_side_name (self, s),
                            adj_report_printed (adj_report_get_luck (self, s)));
  if (self->n_unknown > 0)
    g_string_append_printf (out, "\n%s\n",
                            /* TRANSLATORS: rolls whose odds an older file did not keep */
                            ngettext ("%u roll of an older file has no known odds and is left out.",
                                      "%u rolls of an older file have no known odds and are left "
                                      "out.", self->n_unknown));
  g_string_append_printf (out, "\n| # | %s | %s | %s | %s |", _("Turn"), _("Side"), _("Chance"),
                          _("Percentile"));
  for (guint s = 0; s < self->n_sides; s++)
    /* TRANSLATORS: a column of the luck table: a side's luck so far */
    g_string_append_printf (out, _(" %s luck |"), adj_report_side_name (self, s));
  g_string_append (out, "\n|---:|---:|---|---:|---:|");
  for (guint s = 0; s < self->n_sides; s++)
    g_string_append (out, "---:|");
  for (guint i = 0; i < self->rolls->len; i++)
    {
      const AdjReportRoll *roll = adj_report_get_roll (self, i);
      int side = adj_report_side_index (self, roll->side);

      g_string_append_printf (out, "\n| %u | %d | %s | %s | ", i + 1, roll->turn,
                              side >= 0 ? adj_report_side_name (self, (guint) side) : "",
                              roll->fraction);
      if (roll->has_percentile)
        g_string_append_printf (out, "%.0f |", roll->percentile * 100);
      else
        g_string_append (out, "– |");
      for (guint s = 0; s < self->n_sides; s++)
        g_string_append_printf (out, " %+.2f |", adj_report_printed (
                                  g_array_index (self->running, double, i * self->n_sides + s)));
    }
  g_string_append (out, "\n");
}

char *
adj_report_to_markdown (AdjReport *self)
{
  GString *out = g_string_new (NULL);
  AdjJournal *journal;
  g_autoptr(GArray) rare = NULL;
  g_autofree char *result = NULL;
  int last_turn = -1;

  g_return_val_if_fail (ADJ_IS_REPORT (self), NULL);

  journal = adj_battle_get_journal (self->battle);
  g_string_append_printf (out, "# %s\n\n", adj_battle_get_name (self->battle));
  /* TRANSLATORS: under the title of an after-action report, e.g. "When Empires Clash! · turn 3" */
  g_string_append_printf (out, _("%s · turn %d"),
                          adj_ruleset_get_name (adj_battle_get_ruleset (self->battle)),
                          adj_battle_get_turn (self->battle));
  g_string_append (out, "\n\n");
  for (guint s = 0; s < self->n_sides; s++)
    g_string_append_printf (out, "- %s\n", adj_report_side_name (self, s));

  result = adj_report_describe_result (self);
  g_string_append_printf (out, "\n## %s\n\n%s\n", _("Result"), result);

  md_losses (self, out);
  md_luck (self, out);

  g_string_append_printf (out, "\n## %s\n\n", _("The least likely results"));
  rare = adj_report_least_likely (self, 5);
  for (guint i = 0; i < rare->len; i++)
    {
      const AdjReportRoll *roll = adj_report_get_roll (self, g_array_index (rare, guint, i));

      /* TRANSLATORS: one of the least likely results, e.g. "Turn 3: Fire combat — ...: Target
       * destroyed — a 4.2% chance (1/24)" */
      g_string_append_printf (out, _("%u. Turn %d: %s — a %.1f%% chance (%s)\n"), i + 1,
                              roll->turn, roll->summary, roll->p * 100, roll->fraction);
    }

  g_string_append_printf (out, "\n## %s\n\n| %s | %s | %s |\n|---|---|---|\n",
                          _("The fate of every unit"), _("Unit"), _("Side"), _("Fate"));
  for (guint i = 0; i < self->fates->len; i++)
    {
      const AdjReportFate *fate = &g_array_index (self->fates, AdjReportFate, i);
      g_autofree char *what = adj_report_describe_fate (fate);

      g_string_append_printf (out, "| %s | %s | %s |\n", fate->name,
                              adj_report_side_name (self, fate->side), what);
    }

  /* The story comes last: the figures are read at a glance, the story at leisure. */
  g_string_append_printf (out, "\n## %s\n", _("The story"));
  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      g_autofree char *line = adj_battle_story_line (self->battle, entry, TRUE);

      if (entry->turn != last_turn)
        {
          last_turn = entry->turn;
          g_string_append (out, "\n### ");
          g_string_append_printf (out, _("Turn %d"), entry->turn);
          g_string_append (out, "\n\n");
        }
      g_string_append_printf (out, "- %s\n", line);
    }
  return g_string_free (out, FALSE);
}
