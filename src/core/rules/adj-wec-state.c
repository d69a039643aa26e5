/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-wec-state.c: When Empires Clash! — what the battle keeps of the turn (who took the
 * initiative, how many stands each side may activate, which stands have acted) and the facts
 * of the turn a referee reads from it. */

#define G_LOG_DOMAIN "adj-wec"

#include "config.h"

#include "adj-turn-state.h"
#include "adj-wec-private.h"

/* The battle fields of wec.json that hold each side's activations this turn, by the side's
 * place in the battle. */
static const char *const activation_fields[] = { "side_a_activations", "side_b_activations" };

static int
side_index (AdjBattle  *battle,
            const char *side)
{
  GPtrArray *sides = adj_battle_get_sides (battle);

  for (guint i = 0; i < MIN (sides->len, G_N_ELEMENTS (activation_fields)); i++)
    if (g_strcmp0 (((AdjSide *) g_ptr_array_index (sides, i))->id, side) == 0)
      return (int) i;
  return -1;
}

static json_object *
battle_setting (AdjBattle  *battle,
                const char *name)
{
  json_object *v = NULL;

  json_object_object_get_ex (adj_battle_get_settings (battle), name, &v);
  return v;
}

/* How many stands @side may activate this turn; -1 before it has rolled. */
int
wec_activations_rolled (AdjBattle  *battle,
                        const char *side)
{
  int i = side_index (battle, side);
  json_object *v = i >= 0 ? battle_setting (battle, activation_fields[i]) : NULL;

  return v != NULL ? json_object_get_int (v) : -1;
}

/* How many stands of @side have acted this turn, those destroyed since included. */
int
wec_activations_used (AdjBattle  *battle,
                      const char *side)
{
  guint n = adj_battle_get_n_units (battle);
  int used = 0;

  for (guint i = 0; i < n; i++)
    {
      AdjUnit *unit = adj_battle_peek_unit (battle, i);

      if (g_strcmp0 (adj_unit_get_side (unit), side) == 0 &&
          adj_unit_get_status_bool (unit, "activated"))
        used++;
    }
  return used;
}

static gboolean
record_setting (const AdjContext  *ctx,
                AdjChangeSet      *changes,
                const char        *name,
                json_object       *value,
                GError           **error)
{
  g_autofree char *field = g_strconcat ("settings.", name, NULL);

  return adj_battle_change_field (ctx->battle, changes, "battle", field, value, error);
}

gboolean
wec_record_initiative (const AdjContext  *ctx,
                       AdjChangeSet      *changes,
                       const char        *winner,
                       const char        *loser,
                       gboolean           take,
                       GError           **error)
{
  g_autoptr(json_object) won = json_object_new_string (winner);
  g_autoptr(json_object) first = json_object_new_string (take ? winner : loser);

  return record_setting (ctx, changes, "initiative_winner", won, error) &&
         record_setting (ctx, changes, "initiative", first, error);
}

gboolean
wec_record_activations (const AdjContext  *ctx,
                        AdjChangeSet      *changes,
                        const char        *side,
                        int                stands,
                        GError           **error)
{
  int i = side_index (ctx->battle, side);
  g_autoptr(json_object) value = json_object_new_int (stands);

  /* A battle of more than two sides keeps no count for the others. */
  if (i < 0)
    return TRUE;
  return record_setting (ctx, changes, activation_fields[i], value, error);
}

/* A stand that moves or starts a combat has been activated this turn. */
gboolean
wec_record_acted (const AdjContext  *ctx,
                  AdjChangeSet      *changes,
                  const char        *unit,
                  GError           **error)
{
  if (unit == NULL)
    return TRUE;
  return adj_rules_set_unit_bool (ctx, changes, unit, "status.activated", TRUE, error);
}

/* ------------------------------------------------------------------------------------------ */
/* The facts of the turn                                                                       */

static void
add_initiative (AdjBattle *battle,
                GPtrArray *facts)
{
  json_object *won = battle_setting (battle, "initiative_winner");
  json_object *first = battle_setting (battle, "initiative");
  AdjSide *winner = adj_battle_find_side (battle, json_object_get_string (won));
  AdjSide *acts = adj_battle_find_side (battle, json_object_get_string (first));

  if (winner == NULL || acts == NULL)
    {
      adj_turn_facts_add (facts, "initiative", _("Initiative"), "%s", _("Not rolled yet"));
      return;
    }
  if (winner == acts)
    adj_turn_facts_add (facts, "initiative", _("Initiative"), _("%s won the roll and took it"),
                        winner->name);
  else
    adj_turn_facts_add (facts, "initiative", _("Initiative"),
                        _("%s won the roll and passed it"), winner->name);
  adj_turn_facts_add (facts, "first", _("Activates first"), "%s", acts->name);
}

static void
add_activations (AdjBattle *battle,
                 AdjSide   *side,
                 GPtrArray *facts)
{
  g_autofree char *id = g_strconcat ("activations-left:", side->id, NULL);
  /* TRANSLATORS: a fact of the turn, e.g. "Zulu army activations" */
  g_autofree char *label = g_strdup_printf (_("%s activations"), side->name);
  int rolled = wec_activations_rolled (battle, side->id);
  int used = wec_activations_used (battle, side->id);

  if (rolled < 0)
    adj_turn_facts_add (facts, id, label, "%s", _("Not rolled yet"));
  else
    /* TRANSLATORS: activations left of those rolled this turn, e.g. "3 of 9 left" */
    adj_turn_facts_add (facts, id, label, _("%d of %d left"), MAX (rolled - used, 0), rolled);
}

static void
add_losses (AdjBattle *battle,
            AdjSide   *side,
            GPtrArray *facts)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  g_autofree char *id = g_strconcat ("losses:", side->id, NULL);
  /* TRANSLATORS: a fact of the turn, e.g. "Zulu army losses" */
  g_autofree char *label = g_strdup_printf (_("%s losses"), side->name);
  WecLosses losses;
  int line;
  g_autofree char *lost = NULL;
  g_autofree char *original = NULL;
  g_autofree char *at = NULL;

  wec_side_losses (battle, side->id, &losses);
  line = wec_withdrawal_line (rs, losses.original_half);
  lost = wec_format_half_points (losses.lost_half);
  original = wec_format_half_points (losses.original_half);
  at = wec_format_half_points (line);
  if (losses.original_half > 0 && losses.lost_half >= line)
    /* TRANSLATORS: points lost of the starting value, e.g. "18 of 36 — must withdraw" */
    adj_turn_facts_add (facts, id, label, _("%s of %s — must withdraw"), lost, original);
  else
    /* TRANSLATORS: points lost of the starting value, e.g. "9 of 36 — withdraws at 18" */
    adj_turn_facts_add (facts, id, label, _("%s of %s — withdraws at %s"), lost, original, at);
}

static void
add_standing (AdjBattle *battle,
              GPtrArray *facts)
{
  GPtrArray *sides = adj_battle_get_sides (battle);
  AdjSide *a, *b;
  int left_a, left_b;
  const char *level;
  const char *level_text;
  g_autofree char *lead = NULL;

  if (sides->len != 2)
    return;
  a = g_ptr_array_index (sides, 0);
  b = g_ptr_array_index (sides, 1);
  left_a = wec_side_remaining_half (battle, a->id);
  left_b = wec_side_remaining_half (battle, b->id);
  if (left_a == left_b)
    {
      g_autofree char *each = wec_format_half_points (left_a);
      adj_turn_facts_add (facts, "standing", _("Standing"), _("Level at %s points each"), each);
      return;
    }
  lead = wec_format_half_points (ABS (left_a - left_b));
  level = wec_victory_level (adj_battle_get_ruleset (battle), ABS (left_a - left_b));
  if (g_str_equal (level, "marginal"))
    level_text = _("a marginal victory if it ended now");
  else if (g_str_equal (level, "decisive"))
    level_text = _("a decisive victory if it ended now");
  else
    level_text = _("an overwhelming victory if it ended now");
  /* TRANSLATORS: who is ahead on value left, e.g. "British army leads by 4 — a marginal victory
   * if it ended now" */
  adj_turn_facts_add (facts, "standing", _("Standing"), _("%s leads by %s — %s"),
                      (left_a > left_b ? a : b)->name, lead, level_text);
}

void
wec_turn_state (AdjBattle *battle,
                GPtrArray *facts)
{
  GPtrArray *sides = adj_battle_get_sides (battle);

  add_initiative (battle, facts);
  for (guint i = 0; i < sides->len; i++)
    add_activations (battle, g_ptr_array_index (sides, i), facts);
  for (guint i = 0; i < sides->len; i++)
    add_losses (battle, g_ptr_array_index (sides, i), facts);
  add_standing (battle, facts);
}
