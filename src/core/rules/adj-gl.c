/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl.c: Glidden's colonial rules — the choices and reading of gl.json that the mechanics
 * share, and the system itself; the mechanics live in adj-gl-*.c.
 *
 * The numbers (pass scores, dice, distances, modifiers, unit make-up) live in
 * data/rulesets/gl.json; so do the shapes of the three tables the players type in (adj-tables.h):
 * the hit table and the saving table, which the magazine page lost, and the movement table,
 * whose clear-going cells for infantry and scouts the rules give and whose other cells they do
 * not.  These files decide when each number applies, and never resolves on a cell nobody entered.
 *
 * Decisions taken where RULES.md is silent (each is also listed under "decisions" in gl.json and
 * repeated where it is made):
 * - A turned card names one side: red the British (the sides marked "acts on red cards"), black
 *   every other.  The battle setting "card_governs" says whether it lets that side act with one
 *   unit or carry out the whole phase.  Cards come from the battle's pack; when the pack runs out
 *   the turned cards are shuffled back (as for every card turned in Adjutant).
 * - A unit in good order that fails its test before moving stays where it is this turn.
 * - A routing or prone unit that passes rallies: the mark comes off, it faces as it likes and
 *   moves 1D6".  One that fails keeps its state.
 * - A morale test compares the D6 plus modifiers with the pass score; no natural roll wins or
 *   loses by itself.  "Charged by British cavalry" counts only in the test to stand a charge.
 * - The charger's test is the test to close (failure: back 6" and prone), not a rout.
 * - The test when an officer falls is taken without him: his +1 is never counted in it, with a
 *   battle (the hit has taken him off) or without one (whatever the "officer" input says).
 * - A D6 of the charging figures straggle, any of them; the officer leads and is the last to
 *   hang back.  When the die is as many as the unit has figures, the charge stops short and no
 *   test is taken.
 * - Concealed enemies are found by any unit in formation within 3" and by scouts within 6".
 * - The players choose the range band of a shot from the distances in their own copy: the hit
 *   table asks only for the score per band and weapon.
 * - Each hit gets one saving die on the saving table (by the target's cover; a prone target is in
 *   soft cover at least).  Unsaved hits are casualties; each turns one card (gl/hit-cards).
 * - An Ace with no officer or leader left counts as an ordinary card (the target picks).  When
 *   only leaders are left, the next hit takes one of them whatever the card.
 * - A melee is fought in rounds: the figures still fighting pair off (the spare figures wait in
 *   the ranks behind), losers die or run, and the next round pairs those left, until one side has
 *   no figure fighting.  That side routs 4D6".  An officer fights in the first pair of each round
 *   while he stands; two officers fight each other.
 * - A Maxim is crewed like a gun: three crew and an officer or NCO.
 *
 * Exact odds: every mechanic counts its outcomes.  Ties in a melee pair are rolled again, an
 * infinite process whose final result is the conditional distribution of the rolls that are not
 * ties (the ties renormalised away, never truncated).  The melee of two units chains those pair
 * probabilities round by round as exact counts (GMP integers, however large).  Fire is counted
 * in closed form per die (miss, hit and saved, casualty, in 36ths); the cards for hits from the
 * pack as it is, hypergeometrically.
 */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include "adj-gl-private.h"

/* ------------------------------------------------------------------------------------------ */
/* choices that several mechanics offer                                                        */

/* What a unit's morale is made of (its type's "rules": {"morale"}). */
const AdjChoice gl_class_choices[] = {
  { "regular", N_("Regulars") },
  { "zulu", N_("Zulus") },
  { "boer", N_("Boers") },
};

/* The rows of the hit table, the saving table and the movement table: check_ruleset makes sure
 * gl.json declares exactly these. */
const AdjChoice gl_band_choices[] = {
  { "short", N_("Short range") },
  { "medium", N_("Medium range") },
  { "long", N_("Long range") },
};

const AdjChoice gl_cover_choices[] = {
  { "open", N_("In the open") },
  { "soft", N_("Soft cover") },
  { "hard", N_("Hard cover") },
};

const AdjChoice gl_formation_choices[] = {
  { "close-order", N_("Close order") },
  { "open-order", N_("Open order") },
  { "road-column", N_("Road column") },
  { "square", N_("Square") },
};

const AdjChoice gl_move_choices[] = {
  { "close-order", N_("Infantry in close order") },
  { "open-order", N_("Infantry in open order") },
  { "road-column", N_("Troops in road column") },
  { "charging", N_("Infantry charging into contact") },
  { "cavalry", N_("Cavalry") },
  { "cavalry-charging", N_("Cavalry charging into contact") },
  { "mounted-rifles", N_("Mounted rifles") },
  { "guns", N_("Guns and Maxims") },
  { "scouts", N_("Scouts") },
  { BOAT, N_("Boat") },
};

const char *const gl_fire_tables[] = { "hit", "saves", NULL };
const char *const gl_movement_tables[] = { "movement", NULL };
const char *const gl_movement_phase[] = { "movement", NULL };
const char *const gl_fire_phase[] = { "fire", NULL };

/* ------------------------------------------------------------------------------------------ */
/* the ruleset's own numbers (check_ruleset verified every one of them)                        */

int
gl_pass_score (AdjRuleset *rs,
               const char *morale_class)
{
  json_object *pass = adj_rules_json (rs, "morale", "pass");

  return json_object_get_int (json_object_object_get (pass, morale_class));
}

const char *
gl_class_label (const char *id)
{
  const AdjChoice *c = adj_field_find_choice (gl_class_choices, G_N_ELEMENTS (gl_class_choices),
                                              id);
  return c != NULL ? adj_gettext (c->label) : id;
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

gboolean
gl_value_bool (const AdjOutcome *outcome,
               const char       *name)
{
  json_object *v = NULL;

  return json_object_object_get_ex (outcome->values, name, &v) && json_object_get_boolean (v);
}

/* Losses of one unit, written into the battle: figures, its officer, and gone at none left. */
gboolean
gl_apply_losses (const AdjContext  *ctx,
                 AdjChangeSet      *changes,
                 const char        *unit_id,
                 int                killed,
                 gboolean           officer_killed,
                 gboolean           nco_killed,
                 GError           **error)
{
  AdjUnit *unit;
  int left;

  if (!adj_rules_find_unit (ctx, unit_id, &unit, error))
    return FALSE;
  if (unit == NULL)
    return TRUE;
  left = MAX (0, adj_unit_get_figures (unit) - killed);
  if (!adj_rules_set_unit_int (ctx, changes, unit_id, "figures", left, error))
    return FALSE;
  if (officer_killed && !adj_rules_set_unit_bool (ctx, changes, unit_id, "status.officer", FALSE,
                                                  error))
    return FALSE;
  if (nco_killed && (!adj_rules_set_unit_bool (ctx, changes, unit_id, "status.nco", FALSE, error) ||
                     !adj_rules_set_unit_bool (ctx, changes, unit_id, "status.nco_leader", FALSE,
                                               error)))
    return FALSE;
  if (left == 0 && !adj_rules_set_unit_bool (ctx, changes, unit_id, "destroyed", TRUE, error))
    return FALSE;
  return TRUE;
}

static char *
dice_text (const int *dice,
           guint      n)
{
  GString *s = g_string_sized_new (2 * n);

  adj_dice_append (s, dice, n, " ");
  return g_string_free (s, FALSE);
}

char *
gl_inches_label (int value)
{
  /* TRANSLATORS: a distance on the table, e.g. "7 inches" */
  return g_strdup_printf (ngettext ("%d inch", "%d inches", value), value);
}

int
gl_sum_of (const int *dice,
           guint      n)
{
  int s = 0;

  for (guint i = 0; i < n; i++)
    s += dice[i];
  return s;
}

/* Roll @n dice of six sides into a new array, explained as one line. */
int *
gl_roll_dice (AdjRandom   *random,
              AdjOutcome  *outcome,
              const char  *group,
              const char  *label,
              guint        n,
              GError     **error)
{
  g_autofree int *dice = g_new0 (int, MAX (n, 1));

  if (n > 0 && !adj_random_roll (random, group, label, n, 6, dice, error))
    return NULL;
  if (n > 0)
    {
      g_autofree char *text = dice_text (dice, n);
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, group, TRUE, gl_sum_of (dice, n),
                             /* TRANSLATORS: e.g. "Fire dice (10D6): 6 5 3 1 …" */
                             _("%s (%uD6): %s"), adj_gettext (label), n, text);
    }
  return g_steal_pointer (&dice);
}

/* ---- the players' tables ---- */

/* One cell a mechanic needs: the rules' own value first, else the players' (the tables are read
 * once, into *tables).  A missing cell fails with ADJ_ERROR_TABLE_INCOMPLETE naming it. */
gboolean
gl_table_cell (const AdjContext  *ctx,
               AdjTables        **tables,
               const char        *table_id,
               const char        *row,
               const char        *column,
               int               *number,
               const char       **special,
               GError           **error)
{
  const AdjTableShape *shape = adj_table_shape_lookup (ctx->ruleset, table_id);
  json_object *fixed = adj_table_shape_get_fixed (shape, row, column);
  AdjTableCell cell = { row, column };

  *special = NULL;
  if (fixed != NULL)
    {
      if (json_object_is_type (fixed, json_type_int))
        *number = json_object_get_int (fixed);
      else
        *special = json_object_get_string (fixed);
      return TRUE;
    }
  if (*tables == NULL && (*tables = adj_tables_for_context (ctx, error)) == NULL)
    return FALSE;
  if (!adj_tables_require (*tables, table_id, &cell, 1, error))
    return FALSE;
  adj_tables_get_int (*tables, table_id, row, column, number, special);
  return TRUE;
}

/* A table missing what a mechanic needs: how much of it is left to enter (the reason of the
 * outcome names the cells it needed). */
void
gl_note_missing_table (AdjOutcome *outcome,
                       AdjTables  *tables,
                       const char *table_id)
{
  const AdjTableShape *shape = adj_table_shape_lookup (adj_tables_get_ruleset (tables), table_id);
  guint left = adj_tables_count_missing (tables, table_id);

  adj_outcome_add_note (outcome, ngettext ("The %s has %u empty cell in all: fill it in from your "
                                           "copy of the rules.",
                                           "The %s has %u empty cells in all: fill them in from "
                                           "your copy of the rules.", left),
                        adj_gettext (shape->title), left);
}

/* ------------------------------------------------------------------------------------------ */
/* The system                                                                                  */

static const AdjMechanic *const gl_mechanics[] = {
  &gl_turn_card,
  &gl_makeup,
  &gl_morale,
  &gl_movement,
  &gl_discovery,
  &gl_scouts,
  &gl_fire,
  &gl_hit_cards,
  &gl_charge,
  &gl_melee_pair,
  &gl_melee,
};

static const char *const gl_keys[] = {
  "morale", "movement", "fire", "melee", "cards", "discovery", "scouts", "decisions", NULL
};

const AdjSystem adj_gl_system = {
  .id = "gl",
  .uses_cards = TRUE,
  .mechanics = gl_mechanics,
  .n_mechanics = G_N_ELEMENTS (gl_mechanics),
  .ruleset_keys = gl_keys,
  .check_ruleset = gl_check_ruleset,
  .turn_state = gl_turn_state,
  .roster_unit = gl_roster_unit,
};
