/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl.c: Glidden's colonial rules — every mechanic of the system.
 *
 * The numbers (pass scores, dice, distances, modifiers, unit make-up) live in
 * data/rulesets/gl.json; so do the shapes of the three tables the players type in (adj-tables.h):
 * the hit table and the saving table, which the magazine page lost, and the movement table,
 * whose clear-going cells for infantry and scouts the rules give and whose other cells they do
 * not.  This file decides when each number applies, and never resolves on a cell nobody entered.
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
 * - Stragglers are ordinary figures; when all of them straggle the charge stops short and no
 *   test is taken.  The officer never straggles.
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
 * probabilities round by round as exact fractions, falling back to doubles (odds->overflow) only
 * when a fraction no longer fits in 64 bits.  Fire is counted in closed form per die (miss, hit
 * and saved, casualty, in 36ths); the cards for hits from the pack as it is, hypergeometrically.
 */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include <math.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-rules-util.h"
#include "adj-rules.h"
#include "adj-tables.h"

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

#define MAX_FIGURES 40    /* figures an input may give: a full unit has at most 21 */
#define MAX_HITS    40
#define MAX_CREWS   12
#define MAX_ROUNDS  1000  /* re-rolled ties: a safety net no fair die ever reaches */

#define UNIT_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_UNIT, .label = label_, .optional = TRUE }
#define BOOL_INPUT(name_, label_, hint_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_ }
#define BOOL_FROM(name_, label_, hint_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_, .def = def_, \
    .from = from_ }
#define INT_INPUT(name_, label_, hint_, min_, max_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .hint = hint_, .min = min_, \
    .max = max_, .def = def_, .from = from_ }
#define ENUM_INPUT(name_, label_, hint_, choices_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .hint = hint_, .choices = choices_, \
    .n_choices = G_N_ELEMENTS (choices_), .def_choice = def_, .from = from_ }

typedef unsigned __int128 u128;

/* What a unit's morale is made of (its type's "rules": {"morale"}). */
static const AdjChoice class_choices[] = {
  { "regular", N_("Regulars") },
  { "zulu", N_("Zulus") },
  { "boer", N_("Boers") },
};

/* The rows of the hit table, the saving table and the movement table: check_ruleset makes sure
 * gl.json declares exactly these. */
static const AdjChoice band_choices[] = {
  { "short", N_("Short range") },
  { "medium", N_("Medium range") },
  { "long", N_("Long range") },
};

static const AdjChoice cover_choices[] = {
  { "open", N_("In the open") },
  { "soft", N_("Soft cover") },
  { "hard", N_("Hard cover") },
};

static const AdjChoice formation_choices[] = {
  { "close-order", N_("Close order") },
  { "open-order", N_("Open order") },
  { "road-column", N_("Road column") },
  { "square", N_("Square") },
};

#define BOAT "boat"

static const AdjChoice move_choices[] = {
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

static const char *const fire_tables[] = { "hit", "saves", NULL };
static const char *const movement_tables[] = { "movement", NULL };

/* ------------------------------------------------------------------------------------------ */
/* the ruleset's own numbers (check_ruleset verified every one of them)                        */

static json_object *
gl_json (AdjRuleset *rs,
         const char *section,
         const char *key)
{
  json_object *sec = NULL, *v = NULL;

  json_object_object_get_ex (adj_ruleset_get_json (rs), section, &sec);
  if (key == NULL)
    return sec;
  json_object_object_get_ex (sec, key, &v);
  return v;
}

static int
gl_int (AdjRuleset *rs,
        const char *section,
        const char *key)
{
  return json_object_get_int (gl_json (rs, section, key));
}

static int
pass_score (AdjRuleset *rs,
            const char *morale_class)
{
  json_object *pass = gl_json (rs, "morale", "pass"), *v = NULL;

  json_object_object_get_ex (pass, morale_class, &v);
  return json_object_get_int (v);
}

static const char *
class_label (const char *id)
{
  const AdjChoice *c = adj_field_find_choice (class_choices, G_N_ELEMENTS (class_choices), id);
  return c != NULL ? adj_gettext (c->label) : id;
}

/* The dice a weapon throws by: "figure" or "crew". */
static const char *
weapon_rule_string (const AdjWeapon *weapon,
                    const char      *key)
{
  json_object *rules = NULL, *v = NULL;

  json_object_object_get_ex (weapon->json, "rules", &rules);
  json_object_object_get_ex (rules, key, &v);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

static int
weapon_rule_int (const AdjWeapon *weapon,
                 const char      *key,
                 int              fallback)
{
  json_object *rules = NULL, *v = NULL;

  json_object_object_get_ex (weapon->json, "rules", &rules);
  json_object_object_get_ex (rules, key, &v);
  return json_object_is_type (v, json_type_int) ? json_object_get_int (v) : fallback;
}

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                     */

static gboolean
change_unit (const AdjContext  *ctx,
             AdjChangeSet      *changes,
             const char        *unit_id,
             const char        *field,
             json_object       *value,
             GError           **error)
{
  AdjUnit *unit;

  return adj_rules_find_unit (ctx, unit_id, &unit, error) &&
         adj_rules_change_unit (ctx->battle, changes, unit, field, value, error);
}

static gboolean
set_unit_bool (const AdjContext  *ctx,
               AdjChangeSet      *changes,
               const char        *unit_id,
               const char        *field,
               gboolean           value,
               GError           **error)
{
  g_autoptr(json_object) v = adj_json_shared_boolean (value);
  return change_unit (ctx, changes, unit_id, field, v, error);
}

static gboolean
set_unit_int (const AdjContext  *ctx,
              AdjChangeSet      *changes,
              const char        *unit_id,
              const char        *field,
              int                value,
              GError           **error)
{
  g_autoptr(json_object) v = adj_json_shared_int (value);
  return change_unit (ctx, changes, unit_id, field, v, error);
}

static gboolean
value_bool (const AdjOutcome *outcome,
            const char       *name)
{
  json_object *v = NULL;

  return json_object_object_get_ex (outcome->values, name, &v) && json_object_get_boolean (v);
}

/* Losses of one unit, written into the battle: figures, its officer, and gone at none left. */
static gboolean
apply_losses (const AdjContext  *ctx,
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
  if (!set_unit_int (ctx, changes, unit_id, "figures", left, error))
    return FALSE;
  if (officer_killed && !set_unit_bool (ctx, changes, unit_id, "status.officer", FALSE, error))
    return FALSE;
  if (nco_killed && (!set_unit_bool (ctx, changes, unit_id, "status.nco", FALSE, error) ||
                     !set_unit_bool (ctx, changes, unit_id, "status.nco_leader", FALSE, error)))
    return FALSE;
  if (left == 0 && !set_unit_bool (ctx, changes, unit_id, "destroyed", TRUE, error))
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

static char *
inches_label (int value)
{
  /* TRANSLATORS: a distance on the table, e.g. "7 inches" */
  return g_strdup_printf (ngettext ("%d inch", "%d inches", value), value);
}

static int
sum_of (const int *dice,
        guint      n)
{
  int s = 0;

  for (guint i = 0; i < n; i++)
    s += dice[i];
  return s;
}

/* Roll @n dice of six sides into a new array, explained as one line. */
static int *
roll_dice (AdjRandom   *random,
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
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, group, TRUE, sum_of (dice, n),
                             /* TRANSLATORS: e.g. "Fire dice (10D6): 6 5 3 1 …" */
                             _("%s (%uD6): %s"), adj_gettext (label), n, text);
    }
  return g_steal_pointer (&dice);
}

/* ---- exact fractions for the odds ---- */

static u128
gcd128 (u128 a,
        u128 b)
{
  while (b != 0)
    {
      u128 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* Odds from ways over @total, in the order the mechanic declares its outcomes; when @exact is
 * FALSE or the reduced total does not fit in 64 bits, only the doubles @p are given. */
static void
odds_from_ways (const AdjMechanic *mech,
                AdjOdds           *odds,
                const u128        *ways,
                const double      *p,
                u128               total,
                gboolean           exact)
{
  u128 g = total;

  adj_declare_outcomes (mech, odds);
  if (exact)
    {
      for (guint k = 0; k < mech->n_outcomes; k++)
        g = gcd128 (g, ways[k]);
      if (g > 0 && total / g <= G_MAXUINT64)
        {
          for (guint k = 0; k < mech->n_outcomes; k++)
            if (ways[k] > 0)
              adj_odds_add (odds, mech->outcomes[k].id, mech->outcomes[k].label,
                            (guint64) (ways[k] / g));
          adj_odds_finish (odds, (guint64) (total / g));
          return;
        }
    }
  odds->overflow = TRUE;
  adj_odds_finish (odds, 1);
  for (guint k = 0; k < mech->n_outcomes; k++)
    {
      AdjOddsEntry *e = g_ptr_array_index (odds->entries, k);

      e->p = p[k];
      e->num = 0;
      e->den = 0;
    }
}

static gboolean
pow128 (u128   base,
        guint  n,
        u128  *out)
{
  u128 r = 1;

  for (guint i = 0; i < n; i++)
    if (__builtin_mul_overflow (r, base, &r))
      return FALSE;
  *out = r;
  return TRUE;
}

/* ---- the players' tables ---- */

/* One cell a mechanic needs: the rules' own value first, else the players' (the tables are read
 * once, into *tables).  A missing cell fails with ADJ_ERROR_TABLE_INCOMPLETE naming it. */
static gboolean
table_cell (const AdjContext  *ctx,
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
static void
note_missing_table (AdjOutcome *outcome,
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
/* The turn: a card says which side acts                                                       */

static const AdjChoice governs_choices[] = {
  { "unit", N_("One unit") },
  { "phase", N_("The whole phase") },
};

static const AdjField turn_inputs[] = {
  ENUM_INPUT ("governs", N_("The card decides"),
              N_("Taken from the battle’s setting when there is a battle"), governs_choices,
              "unit", NULL),
};

static const AdjChoice turn_outcomes[] = {
  { "british", N_("The British act") },
  { "other", N_("Their enemies act") },
};

static void
turn_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec s = { "turn", N_("Card turned for the turn"), 1, 0 };

  g_array_append_val (specs, s);
}

static gboolean
turn_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  json_object *v = NULL;

  if (json_object_object_get_ex (adj_battle_get_settings (ctx->battle), "card_governs", &v) &&
      json_object_is_type (v, json_type_string))
    return adj_inputs_set_string (in, "governs", json_object_get_string (v), error);
  return TRUE;
}

/* The names of the sides that act on @red (or on black), joined, or NULL without a battle. */
static char *
acting_sides (const AdjContext *ctx,
              gboolean          red,
              const char      **single_id)
{
  GPtrArray *sides;
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = 0;

  *single_id = NULL;
  if (ctx->battle == NULL)
    return NULL;
  sides = adj_battle_get_sides (ctx->battle);
  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      json_object *v = NULL;
      gboolean british = json_object_object_get_ex (side->settings, "british", &v) &&
                         json_object_get_boolean (v);

      if (british != red)
        continue;
      g_string_append_printf (names, "%s%s", n > 0 ? ", " : "", side->name);
      *single_id = side->id;
      n++;
    }
  if (n != 1)
    *single_id = NULL;
  return n > 0 ? g_strdup (names->str) : NULL;
}

static gboolean
turn_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  const char *british = json_object_get_string (gl_json (ctx->ruleset, "cards", "british"));
  gboolean phase = g_str_equal (adj_inputs_get_string (in, "governs"), "phase");
  g_autofree char *names = NULL;
  const char *shown, *side_id = NULL;
  gboolean red_acts;
  AdjCard card;

  if (!adj_random_card (random, "turn", N_("Card turned for the turn"), &card, error))
    return FALSE;
  shown = adj_card_short_name (card);
  red_acts = adj_card_is_red (card) == g_str_equal (british, "red");
  names = acting_sides (ctx, red_acts, &side_id);
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "turn", FALSE, 0,
                         adj_card_is_red (card) ? _("Card %s: red") : _("Card %s: black"), shown);
  if (names == NULL)
    names = g_strdup (red_acts ? _("The British") : _("Their enemies"));

  adj_outcome_set_result (outcome, red_acts ? "british" : "other",
                          phase
                          /* TRANSLATORS: e.g. "Field Force carries out the whole phase" */
                          ? _("%s carry out the whole phase")
                          /* TRANSLATORS: e.g. "Field Force acts with one unit" */
                          : _("%s act with one unit"), names);
  adj_outcome_set_value_string (outcome, "card", adj_card_name (card));
  adj_outcome_set_value_string (outcome, "colour", adj_card_is_red (card) ? "red" : "black");
  adj_outcome_set_value_string (outcome, "side", side_id);
  adj_outcome_set_value_string (outcome, "governs", phase ? "phase" : "unit");
  return TRUE;
}

/* The cards a turn may come from: the draw pile, or the turned cards once it is empty. */
static gboolean
pack_counts (const AdjContext  *ctx,
             gboolean         (*match) (AdjCard card, gpointer data),
             gpointer           data,
             guint             *n,
             guint             *hits,
             guint             *turned_n,
             guint             *turned_hits,
             GError           **error)
{
  const AdjCard *draw, *turned;
  guint nd = ADJ_DECK_SIZE, nt = 0;

  *hits = *turned_hits = 0;
  if (ctx->pack == NULL)
    {
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        *hits += match (c, data) ? 1 : 0;
      *n = ADJ_DECK_SIZE;
      *turned_n = 0;
      return TRUE;
    }
  draw = adj_pack_draw_pile (ctx->pack, &nd);
  turned = adj_pack_turned (ctx->pack, &nt);
  for (guint i = 0; i < nd; i++)
    *hits += match (draw[i] % ADJ_DECK_SIZE, data) ? 1 : 0;
  for (guint i = 0; i < nt; i++)
    *turned_hits += match (turned[i] % ADJ_DECK_SIZE, data) ? 1 : 0;
  *n = nd;
  *turned_n = nt;
  if (nd + nt == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The pack has no card left to turn: every card is out"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_red (AdjCard  card,
        gpointer data)
{
  return adj_card_is_red (card);
}

static gboolean
turn_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  const char *british = json_object_get_string (gl_json (ctx->ruleset, "cards", "british"));
  guint n, red, tn, tred;
  u128 ways[2];
  double p[2];

  if (!pack_counts (ctx, is_red, NULL, &n, &red, &tn, &tred, error))
    return FALSE;
  /* An empty draw pile is refilled with the turned cards before the card is turned. */
  if (n == 0)
    {
      n = tn;
      red = tred;
    }
  ways[0] = g_str_equal (british, "red") ? red : n - red;
  ways[1] = n - ways[0];
  p[0] = (double) ways[0] / n;
  p[1] = (double) ways[1] / n;
  odds_from_ways (in->mechanic, odds, ways, p, n, TRUE);
  return TRUE;
}

static const AdjMechanic gl_turn_card = {
  .id = "gl/turn-card",
  .title = N_("Turn a card for the turn"),
  .summary = N_("A card from the pack says who acts next: the British on a red card, their "
                "enemies on a black one."),
  .scope = ADJ_SCOPE_BATTLE,
  .inputs = turn_inputs,
  .n_inputs = G_N_ELEMENTS (turn_inputs),
  .outcomes = turn_outcomes,
  .n_outcomes = G_N_ELEMENTS (turn_outcomes),
  .random_note = N_("The odds count the cards still in the pack; once it is empty, the cards "
                    "already turned are shuffled back."),
  .draws = turn_draws,
  .prefill = turn_prefill,
  .resolve = turn_resolve,
  .odds = turn_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Unit make-up                                                                                */

static const AdjField makeup_inputs[] = {
  { .name = "type", .kind = ADJ_FIELD_ENUM, .label = N_("Kind of unit"),
    .choices_from = "unit-types", .def_choice = "british-infantry" },
  INT_INPUT ("guns", N_("Guns or Maxims"), N_("Only for a battery: each gun has its own crew"),
             1, MAX_CREWS, 1, NULL),
};

static const AdjChoice makeup_outcomes[] = {
  { "made-up", N_("Unit made up") },
};

static gboolean
makeup_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  const AdjUnitType *type = adj_ruleset_find_unit_type (ctx->ruleset,
                                                        adj_inputs_get_string (in, "type"));
  gboolean per_gun = adj_unit_type_rule_bool (type, "per_gun", FALSE);
  int times = per_gun ? adj_inputs_get_int (in, "guns") : 1;
  int officers = adj_unit_type_rule_int (type, "officers", 0) * times;
  int ncos = adj_unit_type_rule_int (type, "ncos", 0) * times;
  int others = adj_unit_type_rule_int (type, "others", 0) * times;
  const char *morale = adj_unit_type_rule_string (type, "morale");

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                        per_gun ? _("Officers or NCOs in charge") : _("Officer or leader"),
                        TRUE, officers);
  if (ncos > 0)
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("NCOs"), TRUE, ncos);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                        per_gun ? _("Crew") : _("Other ranks"), TRUE, others);
  if (ncos > 0)
    adj_outcome_add_note (outcome, _("An NCO counts as a leader only when the scenario says so "
                                     "(tick “The NCO counts as a leader”)."));
  if (per_gun && times > 1)
    adj_outcome_add_note (outcome, _("Each gun keeps its own crew."));
  adj_outcome_add_note (outcome, _("Its morale is that of %s: it passes on %d or more."),
                        class_label (morale), pass_score (ctx->ruleset, morale));
  adj_outcome_set_result (outcome, "made-up",
                          ngettext ("%s: %d figure", "%s: %d figures", officers + ncos + others),
                          adj_gettext (type->label), officers + ncos + others);
  adj_outcome_set_value_int (outcome, "officers", officers);
  adj_outcome_set_value_int (outcome, "ncos", ncos);
  adj_outcome_set_value_int (outcome, "others", others);
  adj_outcome_set_value_int (outcome, "figures", officers + ncos + others);
  adj_outcome_set_value_string (outcome, "morale", morale);
  return TRUE;
}

static const AdjMechanic gl_makeup = {
  .id = "gl/make-up",
  .title = N_("Make up a unit"),
  .summary = N_("The figures a unit is made of: its officer, NCO and other ranks, or a gun’s "
                "crew."),
  .scope = ADJ_SCOPE_SETUP,
  .inputs = makeup_inputs,
  .n_inputs = G_N_ELEMENTS (makeup_inputs),
  .outcomes = makeup_outcomes,
  .n_outcomes = G_N_ELEMENTS (makeup_outcomes),
  .resolve = makeup_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* Morale                                                                                      */

typedef struct {
  const char *morale_class;
  int         pass;
  AdjScore    score;
} MoraleTest;

/* The unit's own modifiers: officer, square or fort, routing or prone, its losses. */
static void
morale_modifiers (AdjRuleset *rs,
                  AdjScore   *score,
                  gboolean    officer,
                  gboolean    square_or_fort,
                  gboolean    routing_or_prone,
                  int         figures,
                  int         full)
{
  adj_score_add_modifier (score, rs, "morale", "officer", officer ? 1 : 0);
  adj_score_add_modifier (score, rs, "morale", "square-or-fort", square_or_fort ? 1 : 0);
  adj_score_add_modifier (score, rs, "morale", "routing-or-prone", routing_or_prone ? 1 : 0);
  /* Integer comparisons: below a quarter is 4 × figures < full strength. */
  if (4 * figures < full)
    adj_score_add_modifier (score, rs, "morale", "below-quarter", 1);
  else if (2 * figures < full)
    adj_score_add_modifier (score, rs, "morale", "below-half", 1);
}

static const AdjChoice occasion_choices[] = {
  { "before-move", N_("Before it moves") },
  { "officer-lost", N_("Its officer has just fallen") },
  { "charged", N_("It is charged (to stand)") },
};

#define MORALE_UNIT_INPUTS(from_) \
  ENUM_INPUT ("class", N_("Morale of"), N_("Regulars pass on 2, Zulus on 3, Boers on 4"), \
              class_choices, "regular", NULL), \
  BOOL_FROM ("officer", N_("An officer is with the unit"), NULL, 1, from_ ".status.officer"), \
  INT_INPUT ("figures", N_("Figures left"), NULL, 0, MAX_FIGURES, 20, from_ ".figures"), \
  INT_INPUT ("full", N_("Figures at full strength"), \
             N_("Taken from the kind of unit when there is a battle"), 1, MAX_FIGURES, 20, NULL)

static const AdjField morale_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("occasion", N_("Why it tests"), NULL, occasion_choices, "before-move", NULL),
  MORALE_UNIT_INPUTS ("unit"),
  BOOL_FROM ("routing", N_("Routing"), NULL, 0, "unit.status.routing"),
  BOOL_FROM ("prone", N_("Prone"), NULL, 0, "unit.status.prone"),
  BOOL_INPUT ("square_or_fort", N_("Defending in a square or a fort"), NULL),
  BOOL_INPUT ("british_cavalry", N_("The charge comes from British cavalry"),
              N_("Counts only in the test to stand a charge")),
};

static const AdjChoice morale_outcomes[] = {
  { "free-move", N_("Moves freely") },
  { "halts", N_("Stays where it is") },
  { "rallies", N_("Rallies and moves 1D6″") },
  { "stays", N_("Stays routing or prone") },
  { "holds", N_("Holds") },
  { "routs", N_("Routs 4D6″") },
};

/* Fill the class and the full strength from the unit's type. */
static gboolean
prefill_class (const AdjContext  *ctx,
               AdjInputs         *in,
               const char        *unit_input,
               GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, unit_input);
  const AdjUnitType *type;

  if (unit == NULL)
    return TRUE;
  type = adj_battle_unit_type (ctx->battle, unit);
  return adj_inputs_set_string (in, "class", adj_unit_type_rule_string (type, "morale"), error) &&
         adj_inputs_set_int (in, "full", CLAMP (type->figures, 1, MAX_FIGURES), error);
}

static gboolean
morale_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");

  if (unit != NULL &&
      g_strcmp0 (adj_unit_get_status_string (unit, "formation"), "square") == 0 &&
      !adj_inputs_set_bool (in, "square_or_fort", TRUE, error))
    return FALSE;
  return prefill_class (ctx, in, "unit", error);
}

static void
morale_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  AdjDrawSpec s = { "morale", N_("Morale test"), 1, 6 };

  g_array_append_val (specs, s);
}

/* The test of @in: class, pass score and modifiers (the score must be cleared). */
static void
morale_setup (const AdjContext *ctx,
              AdjInputs        *in,
              MoraleTest       *test)
{
  const char *occasion = adj_inputs_get_string (in, "occasion");

  test->morale_class = adj_inputs_get_string (in, "class");
  test->pass = pass_score (ctx->ruleset, test->morale_class);
  adj_score_init (&test->score);
  morale_modifiers (ctx->ruleset, &test->score, adj_inputs_get_bool (in, "officer"),
                    adj_inputs_get_bool (in, "square_or_fort"),
                    adj_inputs_get_bool (in, "routing") || adj_inputs_get_bool (in, "prone"),
                    adj_inputs_get_int (in, "figures"), adj_inputs_get_int (in, "full"));
  if (g_str_equal (occasion, "charged"))
    adj_score_add_modifier (&test->score, ctx->ruleset, "morale", "british-cavalry",
                            adj_inputs_get_bool (in, "british_cavalry") ? 1 : 0);
}

/* Which outcome a pass or a failure gives. */
static const char *
morale_key (AdjInputs *in,
            gboolean   passed)
{
  const char *occasion = adj_inputs_get_string (in, "occasion");
  gboolean shaken = adj_inputs_get_bool (in, "routing") || adj_inputs_get_bool (in, "prone");

  if (g_str_equal (occasion, "before-move"))
    {
      if (shaken)
        return passed ? "rallies" : "stays";
      return passed ? "free-move" : "halts";
    }
  return passed ? "holds" : "routs";
}

static gboolean
morale_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  MoraleTest test;
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  const char *key;
  int die, total;
  gboolean passed;

  morale_setup (ctx, in, &test);
  if (!adj_random_roll (random, "morale", N_("Morale test"), 1, 6, &die, error))
    {
      adj_score_clear (&test.score);
      return FALSE;
    }
  total = adj_score_explain (&test.score, outcome, "unit", name, &die, 1, 6);
  adj_score_clear (&test.score);
  passed = total >= test.pass;
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                         /* TRANSLATORS: e.g. "Zulus pass on 3 or more: 4 passes" */
                         passed ? _("%s pass on %d or more: %d passes")
                                : _("%s pass on %d or more: %d fails"),
                         class_label (test.morale_class), test.pass, total);
  key = morale_key (in, passed);
  adj_outcome_set_value_int (outcome, "score", total);
  adj_outcome_set_value_int (outcome, "pass", test.pass);
  adj_outcome_set_value_bool (outcome, "passed", passed);

  if (g_str_equal (key, "rallies") || g_str_equal (key, "routs"))
    {
      gboolean rally = g_str_equal (key, "rallies");
      guint n = (guint) gl_int (ctx->ruleset, "morale", rally ? "rally_dice" : "rout_dice");
      g_autofree int *dice = roll_dice (random, outcome, rally ? "rally" : "rout",
                                        rally ? N_("Rally move") : N_("Rout move"), n, error);
      g_autofree char *dist = NULL;

      if (dice == NULL)
        return FALSE;
      dist = inches_label (sum_of (dice, n));
      adj_outcome_set_value_int (outcome, "distance", sum_of (dice, n));
      if (rally)
        adj_outcome_set_result (outcome, key, _("%s rallies, may face as it likes and moves %s"),
                                name, dist);
      else
        adj_outcome_set_result (outcome, key, _("%s routs %s to the rear, whatever the ground"),
                                name, dist);
    }
  else if (g_str_equal (key, "free-move"))
    adj_outcome_set_result (outcome, key, _("%s moves as its orders say"), name);
  else if (g_str_equal (key, "halts"))
    adj_outcome_set_result (outcome, key, _("%s does not move this turn"), name);
  else if (g_str_equal (key, "stays"))
    adj_outcome_set_result (outcome, key, _("%s stays as it is"), name);
  else
    adj_outcome_set_result (outcome, key, _("%s stands firm"), name);
  return TRUE;
}

static gboolean
morale_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  MoraleTest test;
  guint passes = 0;

  morale_setup (ctx, in, &test);
  for (int die = 1; die <= 6; die++)
    passes += die + test.score.total >= test.pass ? 1 : 0;
  adj_score_clear (&test.score);
  adj_declare_outcomes (in->mechanic, odds);
  adj_odds_add (odds, morale_key (in, TRUE),
                adj_outcome_label (in->mechanic, morale_key (in, TRUE)), passes);
  adj_odds_add (odds, morale_key (in, FALSE),
                adj_outcome_label (in->mechanic, morale_key (in, FALSE)), 6 - passes);
  adj_odds_finish (odds, 6);
  return TRUE;
}

static gboolean
morale_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  const char *unit = adj_inputs_get_string (in, "unit");

  if (g_str_equal (outcome->key, "rallies"))
    return set_unit_bool (ctx, changes, unit, "status.routing", FALSE, error) &&
           set_unit_bool (ctx, changes, unit, "status.prone", FALSE, error);
  if (g_str_equal (outcome->key, "routs"))
    return set_unit_bool (ctx, changes, unit, "status.routing", TRUE, error) &&
           set_unit_bool (ctx, changes, unit, "status.prone", FALSE, error);
  return TRUE;
}

static const AdjMechanic gl_morale = {
  .id = "gl/morale",
  .title = N_("Morale test"),
  .summary = N_("A D6 and the unit’s modifiers against its pass score: before it moves, when its "
                "officer falls, or to stand a charge."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = morale_inputs,
  .n_inputs = G_N_ELEMENTS (morale_inputs),
  .outcomes = morale_outcomes,
  .n_outcomes = G_N_ELEMENTS (morale_outcomes),
  .random_note = N_("A rallying unit then throws 1D6 for its move, a routing one 4D6."),
  .draws = morale_draws,
  .prefill = morale_prefill,
  .resolve = morale_resolve,
  .odds = morale_odds,
  .apply = morale_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Movement                                                                                    */

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("kind", N_("Moving as"), NULL, move_choices, "close-order", NULL),
  BOOL_INPUT ("rough", N_("Over rough ground"),
              N_("Hills, brush, stony ground and the like: they slow the move")),
};

/* The dice a move throws, from the movement table (or the boat's own number). */
static gboolean
movement_dice (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjTables        **tables,
               int               *dice,
               GError           **error)
{
  const char *kind = adj_inputs_get_string (in, "kind");
  const char *special = NULL;

  if (g_str_equal (kind, BOAT))
    {
      *dice = gl_int (ctx->ruleset, "movement", "boat_dice");
      return TRUE;
    }
  return table_cell (ctx, tables, "movement", kind,
                     adj_inputs_get_bool (in, "rough") ? "rough" : "clear", dice, &special,
                     error);
}

static void
movement_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  g_autoptr(AdjTables) tables = NULL;
  int dice = 0;

  /* Without the cell there is nothing to roll: resolve says which cell to enter. */
  if (movement_dice (ctx, in, &tables, &dice, NULL) && dice > 0)
    {
      AdjDrawSpec s = { "move", N_("Move"), (guint) dice, 6 };
      g_array_append_val (specs, s);
    }
}

static gboolean
movement_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  const AdjUnitType *type;
  const char *formation, *kind = NULL;

  if (unit == NULL)
    return TRUE;
  type = adj_battle_unit_type (ctx->battle, unit);
  formation = adj_unit_get_status_string (unit, "formation");
  if (g_str_equal (type->category, "cavalry"))
    kind = "cavalry";
  else if (g_str_equal (type->category, "mounted-rifles"))
    kind = "mounted-rifles";
  else if (g_str_equal (type->category, "artillery"))
    kind = "guns";
  else if (g_strcmp0 (formation, "open-order") == 0 || g_strcmp0 (formation, "road-column") == 0)
    kind = formation;
  else
    kind = "close-order";
  return adj_inputs_set_string (in, "kind", kind, error);
}

static gboolean
movement_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  const char *kind = adj_inputs_get_string (in, "kind");
  const AdjChoice *how = adj_field_find_choice (move_choices, G_N_ELEMENTS (move_choices), kind);
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The unit"));
  g_autofree int *dice = NULL;
  g_autofree char *title = NULL, *reason = NULL;
  int n = 0, move;

  if (!movement_dice (ctx, in, &tables, &n, error))
    return FALSE;
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, n,
                         g_str_equal (kind, BOAT) || !adj_inputs_get_bool (in, "rough")
                         /* TRANSLATORS: e.g. "Cavalry on rough ground: 2D6" */
                         ? _("%s: %dD6") : _("%s on rough ground: %dD6"),
                         adj_gettext (how->label), n);
  if (g_str_equal (kind, BOAT) && adj_inputs_get_bool (in, "rough"))
    adj_outcome_add_note (outcome, _("A boat keeps to the water: rough ground does not apply."));
  if (g_str_equal (kind, BOAT))
    adj_outcome_add_note (outcome, _("A boat may turn up to 90° at the end of its move, and only "
                                     "then."));
  if (n == 0)
    {
      adj_outcome_set_number (outcome, 0, _("Cannot move there"), NULL);
      g_free (outcome->reason);
      outcome->reason = g_strdup_printf (_("%s cannot move over this ground"), name);
      return TRUE;
    }
  dice = roll_dice (random, outcome, "move", N_("Move"), (guint) n, error);
  if (dice == NULL)
    return FALSE;
  move = sum_of (dice, (guint) n);
  title = inches_label (move);
  /* TRANSLATORS: e.g. "Lancers may move up to 9 inches" */
  reason = g_strdup_printf (_("%s may move up to %s"), name, title);
  adj_outcome_set_number (outcome, move, title, reason);
  return TRUE;
}

static gboolean
movement_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(AdjDist) d = NULL;
  int n = 0;

  if (!movement_dice (ctx, in, &tables, &n, error))
    return FALSE;
  d = adj_dist_dice ((guint) n, 6);
  for (guint i = 0; i < d->n; i++)
    {
      int v = d->min + (int) i;
      g_autofree char *key = g_strdup_printf ("%d", v);
      g_autofree char *label = inches_label (v);

      if (d->count[i] > 0)
        adj_odds_add (odds, key, label, d->count[i]);
    }
  adj_odds_finish (odds, d->total);
  return TRUE;
}

static const AdjMechanic gl_movement = {
  .id = "gl/movement",
  .title = N_("Movement"),
  .summary = N_("How far a unit may move: a number of D6 in inches, by its formation and the "
                "ground."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = movement_inputs,
  .n_inputs = G_N_ELEMENTS (movement_inputs),
  .random_note = N_("The dice come from the movement table; the cells the rules do not give are "
                    "yours to enter."),
  .tables = movement_tables,
  .draws = movement_draws,
  .prefill = movement_prefill,
  .resolve = movement_resolve,
  .odds = movement_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Concealed units and scouts                                                                  */

static const AdjChoice spotter_choices[] = {
  { "unit", N_("A unit in formation") },
  { "scouts", N_("Detached scouts") },
};

static const AdjField discovery_inputs[] = {
  ENUM_INPUT ("spotter", N_("Who comes near"), NULL, spotter_choices, "unit", NULL),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance to the hidden unit"),
    .min = 0, .max = 200, .def = 6, .measure = "distance" },
};

static const AdjChoice discovery_outcomes[] = {
  { "found", N_("Discovered") },
  { "hidden", N_("Still hidden") },
};

static gboolean
discovery_resolve (const AdjContext  *ctx,
                   AdjInputs         *in,
                   AdjRandom         *random,
                   AdjOutcome        *outcome,
                   GError           **error)
{
  const char *spotter = adj_inputs_get_string (in, "spotter");
  int reach = gl_int (ctx->ruleset, "discovery", spotter);
  int distance = adj_inputs_get_int (in, "distance");
  g_autofree char *reach_s = inches_label (reach);
  g_autofree char *distance_s = inches_label (distance);

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL,
                        g_str_equal (spotter, "scouts") ? _("Scouts find what is within")
                                                        : _("A unit finds what is within"),
                        TRUE, reach);
  if (distance <= reach)
    adj_outcome_set_result (outcome, "found", _("At %s, within %s: the hidden unit is found"),
                            distance_s, reach_s);
  else
    adj_outcome_set_result (outcome, "hidden", _("At %s, beyond %s: it stays hidden"),
                            distance_s, reach_s);
  adj_outcome_add_note (outcome, _("A concealed unit may also show itself in its own movement."));
  return TRUE;
}

static const AdjMechanic gl_discovery = {
  .id = "gl/discovery",
  .title = N_("Finding a concealed unit"),
  .summary = N_("A hidden unit is found when enemy troops move close: 3″ for a unit, 6″ for "
                "scouts."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = discovery_inputs,
  .n_inputs = G_N_ELEMENTS (discovery_inputs),
  .outcomes = discovery_outcomes,
  .n_outcomes = G_N_ELEMENTS (discovery_outcomes),
  .resolve = discovery_resolve,
};

static const AdjField scouts_inputs[] = {
  INT_INPUT ("figures", N_("Figures sent out as scouts"), NULL, 1, 20, 2, NULL),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance from their unit"),
    .min = 0, .max = 500, .def = 12, .measure = "distance" },
};

static const AdjChoice scouts_outcomes[] = {
  { "allowed", N_("Scouts may go") },
  { "too-many", N_("Too many figures") },
  { "too-far", N_("Too far from their unit") },
};

static gboolean
scouts_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  int max_figures = gl_int (ctx->ruleset, "scouts", "max_figures");
  int max_distance = gl_int (ctx->ruleset, "scouts", "max_distance");
  int figures = adj_inputs_get_int (in, "figures");
  int distance = adj_inputs_get_int (in, "distance");
  g_autofree char *limit = inches_label (max_distance);

  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Most figures a unit may detach"),
                        TRUE, max_figures);
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, NULL, _("Farthest from their unit (inches)"),
                        TRUE, max_distance);
  if (figures > max_figures)
    adj_outcome_set_result (outcome, "too-many",
                            ngettext ("A unit sends out at most %d figure as scouts",
                                      "A unit sends out at most %d figures as scouts",
                                      max_figures), max_figures);
  else if (distance > max_distance)
    adj_outcome_set_result (outcome, "too-far", _("Scouts stay within %s of their unit"), limit);
  else
    adj_outcome_set_result (outcome, "allowed", _("They move 3D6″ in the clear, 2D6″ on rough "
                                                  "ground, and find hidden units within 6″"));
  return TRUE;
}

static const AdjMechanic gl_scouts = {
  .id = "gl/scouts",
  .title = N_("Sending out scouts"),
  .summary = N_("A unit may detach up to two figures as scouts, who stay within 24″ of it."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = scouts_inputs,
  .n_inputs = G_N_ELEMENTS (scouts_inputs),
  .outcomes = scouts_outcomes,
  .n_outcomes = G_N_ELEMENTS (scouts_outcomes),
  .resolve = scouts_resolve,
};

/* ------------------------------------------------------------------------------------------ */
/* The charge: stragglers, then the test to close                                              */

static const AdjField charge_inputs[] = {
  UNIT_INPUT ("unit", N_("Charging unit")),
  MORALE_UNIT_INPUTS ("unit"),
};

static const AdjChoice charge_outcomes[] = {
  { "closes", N_("Charges home") },
  { "falls-back", N_("Falls back 6″ and lies prone") },
  { "stops-short", N_("Every man straggles: the charge stops short") },
};

static gboolean
charge_prefill (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  return prefill_class (ctx, in, "unit", error);
}

static void
charge_draws (const AdjContext *ctx,
              AdjInputs        *in,
              GArray           *specs)
{
  AdjDrawSpec stragglers = { "stragglers", N_("Stragglers"), 1, 6 };
  AdjDrawSpec test = { "morale", N_("Test to close"), 1, 6 };

  g_array_append_val (specs, stragglers);
  g_array_append_val (specs, test);
}

/* The ordinary figures, who may straggle (the officer never does). */
static int
charge_ordinary (AdjInputs *in)
{
  return MAX (0, adj_inputs_get_int (in, "figures") - (adj_inputs_get_bool (in, "officer") ? 1
                                                                                           : 0));
}

static void
charge_test (const AdjContext *ctx,
             AdjInputs        *in,
             MoraleTest       *test)
{
  test->morale_class = adj_inputs_get_string (in, "class");
  test->pass = pass_score (ctx->ruleset, test->morale_class);
  adj_score_init (&test->score);
  morale_modifiers (ctx->ruleset, &test->score, adj_inputs_get_bool (in, "officer"), FALSE,
                    FALSE, adj_inputs_get_int (in, "figures"), adj_inputs_get_int (in, "full"));
}

static gboolean
charge_resolve (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjRandom         *random,
                AdjOutcome        *outcome,
                GError           **error)
{
  const char *name = adj_input_unit_name (ctx, in, "unit", _("The charging unit"));
  int ordinary = charge_ordinary (in);
  int stragglers_die, stragglers, die, total, closing;
  MoraleTest test;

  if (adj_inputs_get_int (in, "figures") == 0)
    return adj_not_allowed (error, _("A unit with no figures cannot charge"));
  if (!adj_random_roll (random, "stragglers", N_("Stragglers"), 1, 6, &stragglers_die, error))
    return FALSE;
  stragglers = MIN (stragglers_die, ordinary);
  closing = adj_inputs_get_int (in, "figures") - stragglers;
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, "stragglers", TRUE, stragglers_die,
                         /* TRANSLATORS: e.g. "Stragglers (D6): 4 stay behind" */
                         ngettext ("Stragglers (D6): %d stays behind",
                                   "Stragglers (D6): %d stay behind", stragglers), stragglers);
  adj_outcome_set_value_int (outcome, "stragglers", stragglers);
  adj_outcome_set_value_int (outcome, "closing", closing);

  /* Decision: when every ordinary figure straggles the charge stops short, untested. */
  if (ordinary > 0 && stragglers == ordinary)
    {
      adj_outcome_set_result (outcome, "stops-short", _("None of %s’s men go on"), name);
      return TRUE;
    }

  charge_test (ctx, in, &test);
  if (!adj_random_roll (random, "morale", N_("Test to close"), 1, 6, &die, error))
    {
      adj_score_clear (&test.score);
      return FALSE;
    }
  total = adj_score_explain (&test.score, outcome, "unit", name, &die, 1, 6);
  adj_score_clear (&test.score);
  adj_outcome_set_value_int (outcome, "score", total);
  adj_outcome_set_value_int (outcome, "pass", test.pass);
  if (total >= test.pass)
    adj_outcome_set_result (outcome, "closes",
                            ngettext ("%d figure reaches the enemy, who must now test to stand",
                                      "%d figures reach the enemy, who must now test to stand",
                                      closing), closing);
  else
    adj_outcome_set_result (outcome, "falls-back",
                            _("%s fails to close (%d against %d): it falls back 6″ and lies "
                              "prone"), name, total, test.pass);
  return TRUE;
}

static gboolean
charge_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  int ordinary = charge_ordinary (in);
  MoraleTest test;
  guint64 ways[3] = { 0 };

  charge_test (ctx, in, &test);
  for (int s = 1; s <= 6; s++)
    for (int die = 1; die <= 6; die++)
      {
        if (ordinary > 0 && MIN (s, ordinary) == ordinary)
          ways[2]++;
        else if (die + test.score.total >= test.pass)
          ways[0]++;
        else
          ways[1]++;
      }
  adj_score_clear (&test.score);
  adj_declare_outcomes (in->mechanic, odds);
  for (guint k = 0; k < 3; k++)
    adj_odds_add (odds, charge_outcomes[k].id, charge_outcomes[k].label, ways[k]);
  adj_odds_finish (odds, 36);
  return TRUE;
}

static gboolean
charge_apply (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOutcome        *outcome,
              AdjChangeSet      *changes,
              GError           **error)
{
  if (g_str_equal (outcome->key, "falls-back"))
    return set_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"), "status.prone", TRUE,
                          error);
  return TRUE;
}

static const AdjMechanic gl_charge = {
  .id = "gl/charge",
  .title = N_("Charge"),
  .summary = N_("A charge reaches the enemy less its stragglers (a D6), then tests its morale to "
                "close; failing, it falls back and lies prone."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = charge_inputs,
  .n_inputs = G_N_ELEMENTS (charge_inputs),
  .outcomes = charge_outcomes,
  .n_outcomes = G_N_ELEMENTS (charge_outcomes),
  .random_note = N_("The charged unit then tests to stand (see “Morale test”)."),
  .draws = charge_draws,
  .prefill = charge_prefill,
  .resolve = charge_resolve,
  .odds = charge_odds,
  .apply = charge_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Fire                                                                                        */

static const AdjField fire_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing unit")),
  UNIT_INPUT ("target", N_("Target")),
  { .name = "weapon", .kind = ADJ_FIELD_ENUM, .label = N_("Weapon"), .choices_from = "weapons",
    .def_choice = "breech-loader", .from = "firer.weapon" },
  ENUM_INPUT ("formation", N_("Firer’s formation"),
              N_("Only a unit in open order fires with its second rank"), formation_choices,
              "close-order", "firer.status.formation"),
  INT_INPUT ("figures", N_("Figures in the front rank"),
             N_("Every figure of the unit when it stands in a single rank"), 0, MAX_FIGURES, 10,
             NULL),
  INT_INPUT ("second_rank", N_("Figures in the second rank"), NULL, 0, MAX_FIGURES, 0, NULL),
  INT_INPUT ("rear_ranks", N_("Figures in the third and fourth ranks"),
             N_("Only spears are thrown from that far back"), 0, 2 * MAX_FIGURES, 0, NULL),
  INT_INPUT ("crews", N_("Guns or Maxims firing"),
             N_("Each crew throws its own dice; only for guns and Maxims"), 0, MAX_CREWS, 1,
             NULL),
  ENUM_INPUT ("band", N_("Range band"),
              N_("Which band the target is in, by the distances of your copy of the rules"),
              band_choices, "short", NULL),
  ENUM_INPUT ("cover", N_("Target’s cover"), N_("Rough ground always gives soft cover"),
              cover_choices, "open", NULL),
  BOOL_FROM ("prone", N_("The target lies prone"), N_("Counts as soft cover at least"), 0,
             "target.status.prone"),
};

static const AdjChoice fire_outcomes[] = {
  { "dice-rolled", N_("Dice rolled: the hit table is missing") },
  { "hits-rolled", N_("Hits rolled: the saving table is missing") },
  { "no-hits", N_("No hits") },
  { "all-saved", N_("Every hit saved") },
  { "casualties", N_("Casualties") },
};

enum {
  FIRE_DICE_ROLLED,
  FIRE_HITS_ROLLED,
  FIRE_NO_HITS,
  FIRE_ALL_SAVED,
  FIRE_CASUALTIES,
};

typedef struct {
  const AdjWeapon *weapon;
  gboolean         crew;       /* dice per crew, not per figure */
  int              ranks;      /* ranks that fire */
  int              dice;
  const char      *cover;      /* after a prone target's soft cover */
} FireSetup;

static void
fire_setup (const AdjContext *ctx,
            AdjInputs        *in,
            FireSetup        *f)
{
  AdjRuleset *rs = ctx->ruleset;
  const char *cover = adj_inputs_get_string (in, "cover");

  f->weapon = adj_ruleset_find_weapon (rs, adj_inputs_get_string (in, "weapon"));
  f->crew = g_strcmp0 (weapon_rule_string (f->weapon, "dice"), "crew") == 0;
  /* Spears fly from up to four ranks; other weapons from the second rank in open order only. */
  f->ranks = weapon_rule_int (f->weapon, "ranks", 0);
  if (f->ranks == 0)
    f->ranks = g_str_equal (adj_inputs_get_string (in, "formation"), "open-order") ? 2 : 1;
  if (f->crew)
    f->dice = adj_inputs_get_int (in, "crews") * gl_int (rs, "fire", "crew_dice");
  else
    f->dice = gl_int (rs, "fire", "figure_dice") *
              (adj_inputs_get_int (in, "figures") +
               (f->ranks >= 2 ? adj_inputs_get_int (in, "second_rank") : 0) +
               (f->ranks >= 3 ? adj_inputs_get_int (in, "rear_ranks") : 0));
  f->cover = cover;
  if (adj_inputs_get_bool (in, "prone") && g_str_equal (cover, "open"))
    f->cover = "soft";
}

/* The hit cell of this shot: TRUE with *hit_on (0 when out of reach), FALSE with @missing set
 * when the players have not entered it (or another error). */
static gboolean
fire_hit_on (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjTables        **tables,
             int               *hit_on,
             GError           **error)
{
  const char *special = NULL;

  if (!table_cell (ctx, tables, "hit", adj_inputs_get_string (in, "band"),
                   adj_inputs_get_string (in, "weapon"), hit_on, &special, error))
    return FALSE;
  if (special != NULL)
    *hit_on = 0;
  return TRUE;
}

static gboolean
fire_save_on (const AdjContext  *ctx,
              const FireSetup   *f,
              AdjTables        **tables,
              int               *save_on,
              GError           **error)
{
  const char *special = NULL;

  if (!table_cell (ctx, tables, "saves", f->cover, "value", save_on, &special, error))
    return FALSE;
  if (special != NULL)
    *save_on = 0;
  return TRUE;
}

static void
fire_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  g_autoptr(AdjTables) tables = NULL;
  FireSetup f;
  int hit_on = 1;

  fire_setup (ctx, in, &f);
  /* Out of reach: no die is thrown.  A missing cell still throws them (and says so). */
  if (fire_hit_on (ctx, in, &tables, &hit_on, NULL) && hit_on == 0)
    return;
  if (f.dice > 0)
    {
      AdjDrawSpec s = { "fire", N_("Fire dice"), (guint) f.dice, 6 };
      g_array_append_val (specs, s);
    }
}

/* Only a table the players did not fill is reported in the outcome; any other error (a broken
 * tables file) stops the mechanic. */
static gboolean
table_missing (GError *error)
{
  return g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
}

static gboolean
fire_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(GError) missing = NULL;
  g_autofree int *dice = NULL;
  g_autofree int *saves = NULL;
  const char *target = adj_input_unit_name (ctx, in, "target", _("the target"));
  int hit_on = 0, save_on = 0, hits = 0, saved = 0;
  FireSetup f;

  fire_setup (ctx, in, &f);
  {
    g_autofree char *line = NULL;

    if (f.crew)
      line = g_strdup_printf (ngettext ("%s: %d crew, 2D6 each", "%s: %d crews, 2D6 each",
                                   adj_inputs_get_int (in, "crews")),
                         adj_gettext (f.weapon->label), adj_inputs_get_int (in, "crews"));
    else
      line = g_strdup_printf (ngettext ("%s: one die per figure, from %d rank",
                                   "%s: one die per figure, from %d ranks", f.ranks),
                         adj_gettext (f.weapon->label), f.ranks);
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, "firer", line, TRUE, f.dice);
  }
  if (!f.crew && f.ranks < 2 && adj_inputs_get_int (in, "second_rank") > 0)
    adj_outcome_add_note (outcome, _("The second rank holds its fire: only a unit in open order "
                                     "fires with it."));
  if (!f.crew && f.ranks < 3 && adj_inputs_get_int (in, "rear_ranks") > 0)
    adj_outcome_add_note (outcome, _("Only spears are thrown from the third and fourth ranks."));
  adj_outcome_set_value_int (outcome, "dice", f.dice);

  if (!fire_hit_on (ctx, in, &tables, &hit_on, &missing) && !table_missing (missing))
    {
      g_propagate_error (error, g_steal_pointer (&missing));
      return FALSE;
    }
  if (missing == NULL && hit_on == 0)
    {
      adj_outcome_add_note (outcome, _("Your hit table says this weapon does not reach that "
                                       "range band."));
      adj_outcome_set_value_int (outcome, "hits", 0);
      adj_outcome_set_value_int (outcome, "casualties", 0);
      adj_outcome_set_result (outcome, "no-hits", _("Out of reach: no die is thrown"));
      return TRUE;
    }
  if (f.dice == 0)
    {
      adj_outcome_set_value_int (outcome, "hits", 0);
      adj_outcome_set_value_int (outcome, "casualties", 0);
      adj_outcome_set_result (outcome, "no-hits", _("No figure can fire"));
      return TRUE;
    }
  dice = roll_dice (random, outcome, "fire", N_("Fire dice"), (guint) f.dice, error);
  if (dice == NULL)
    return FALSE;

  /* No hit table: the dice stand as thrown, counted by face, and nothing more is decided. */
  if (missing != NULL)
    {
      json_object *faces = json_object_new_array ();
      g_autoptr(GString) text = g_string_new (NULL);
      int count[7] = { 0 };

      for (int i = 0; i < f.dice; i++)
        count[dice[i]]++;
      for (int face = 6; face >= 1; face--)
        {
          if (count[face] > 0)
            /* TRANSLATORS: how many dice show a face, e.g. "3 × 6" */
            g_string_append_printf (text, "%s%d × %d", text->len > 0 ? ", " : "", count[face],
                                    face);
        }
      for (int face = 1; face <= 6; face++)
        json_object_array_add (faces, adj_json_shared_int (count[face]));
      json_object_object_add (outcome->values, "faces", faces);
      note_missing_table (outcome, tables, "hit");
      adj_outcome_set_result (outcome, "dice-rolled",
                              /* TRANSLATORS: e.g. "Rolled 3 × 6, 2 × 5, 1 × 2. Enter the Hit
                               * table first: 1 cell is missing (Long range × Musket)" */
                              _("Rolled %s. %s"), text->str, missing->message);
      return TRUE;
    }

  for (int i = 0; i < f.dice; i++)
    hits += dice[i] >= hit_on ? 1 : 0;
  {
    /* TRANSLATORS: e.g. "Hit on 5 or more (hit table, long range × musket)" */
    g_autofree char *cell = adj_table_shape_cell_label (
      adj_table_shape_lookup (ctx->ruleset, "hit"), adj_inputs_get_string (in, "band"),
      f.weapon->id);
    adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "firer", TRUE, hits,
                           _("Hits on %d or more (%s)"), hit_on, cell);
  }
  adj_outcome_set_value_int (outcome, "hit_on", hit_on);
  adj_outcome_set_value_int (outcome, "hits", hits);
  if (hits == 0)
    {
      adj_outcome_set_value_int (outcome, "casualties", 0);
      adj_outcome_set_result (outcome, "no-hits", _("Every shot misses %s"), target);
      return TRUE;
    }

  if (!fire_save_on (ctx, &f, &tables, &save_on, &missing))
    {
      if (!table_missing (missing))
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      note_missing_table (outcome, tables, "saves");
      adj_outcome_set_result (outcome, "hits-rolled",
                              /* TRANSLATORS: e.g. "3 hits on Zulus. Enter the Saving table
                               * first: …" */
                              ngettext ("%d hit on %s. %s", "%d hits on %s. %s", hits), hits,
                              target, missing->message);
      return TRUE;
    }
  if (save_on == 0)
    adj_outcome_add_note (outcome, _("Your saving table gives no save in this cover."));
  else
    {
      saves = roll_dice (random, outcome, "saves", N_("Saving dice"), (guint) hits, error);
      if (saves == NULL)
        return FALSE;
      for (int i = 0; i < hits; i++)
        saved += saves[i] >= save_on ? 1 : 0;
      {
        const AdjChoice *c = adj_field_find_choice (cover_choices, G_N_ELEMENTS (cover_choices),
                                                    f.cover);
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", TRUE, saved,
                               /* TRANSLATORS: e.g. "Saved on 4 or more (soft cover)" */
                               _("Saved on %d or more (%s)"), save_on, adj_gettext (c->label));
      }
    }
  adj_outcome_set_value_int (outcome, "save_on", save_on);
  adj_outcome_set_value_int (outcome, "saved", saved);
  adj_outcome_set_value_int (outcome, "casualties", hits - saved);
  if (hits == saved)
    adj_outcome_set_result (outcome, "all-saved",
                            ngettext ("%d hit, saved", "%d hits, all saved", hits), hits);
  else
    adj_outcome_set_result (outcome, "casualties",
                            ngettext ("%d casualty on %s: turn a card for it (“Who falls”)",
                                      "%d casualties on %s: turn a card for each (“Who falls”)",
                                      hits - saved), hits - saved, target);
  return TRUE;
}

/* The odds of a volley, each die on its own: in 36ths, a miss 6 (6 - H), a hit saved H S, a
 * casualty H (6 - S), H and S the faces that hit and save.  Over n dice (36^n ways): no hit
 * (6 (6 - H))^n, no casualty (36 - H (6 - S))^n, and the rest follows. */
static gboolean
fire_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(GError) missing = NULL;
  u128 ways[G_N_ELEMENTS (fire_outcomes)] = { 0 };
  double p[G_N_ELEMENTS (fire_outcomes)] = { 0 };
  int hit_on = 0, save_on = 0, H, S;
  guint n;
  FireSetup f;

  fire_setup (ctx, in, &f);
  n = (guint) f.dice;
  if (!fire_hit_on (ctx, in, &tables, &hit_on, &missing) && !table_missing (missing))
    {
      g_propagate_error (error, g_steal_pointer (&missing));
      return FALSE;
    }
  if (missing != NULL && n > 0)
    {
      /* Without the hit table the only result is the dice as thrown. */
      ways[FIRE_DICE_ROLLED] = 1;
      p[FIRE_DICE_ROLLED] = 1.0;
      odds_from_ways (in->mechanic, odds, ways, p, 1, TRUE);
      odds->note = g_strdup (missing->message);
      return TRUE;
    }
  if (hit_on == 0 || n == 0)
    {
      ways[FIRE_NO_HITS] = 1;
      p[FIRE_NO_HITS] = 1.0;
      odds_from_ways (in->mechanic, odds, ways, p, 1, TRUE);
      return TRUE;
    }
  H = 7 - hit_on;

  if (!fire_save_on (ctx, &f, &tables, &save_on, &missing))
    {
      u128 miss, total;
      gboolean exact;

      if (!table_missing (missing))
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      exact = pow128 (6 - H, n, &miss) && pow128 (6, n, &total);
      p[FIRE_NO_HITS] = pow ((6.0 - H) / 6.0, n);
      p[FIRE_HITS_ROLLED] = 1.0 - p[FIRE_NO_HITS];
      if (exact)
        {
          ways[FIRE_NO_HITS] = miss;
          ways[FIRE_HITS_ROLLED] = total - miss;
        }
      odds_from_ways (in->mechanic, odds, ways, p, exact ? total : 1, exact);
      odds->note = g_strdup (missing->message);
      return TRUE;
    }
  S = save_on == 0 ? 0 : 7 - save_on;

  {
    u128 none, no_casualty, total;
    gboolean exact = pow128 (6 * (6 - H), n, &none) &&
                     pow128 (36 - H * (6 - S), n, &no_casualty) && pow128 (36, n, &total);

    p[FIRE_NO_HITS] = pow ((6.0 - H) / 6.0, n);
    p[FIRE_ALL_SAVED] = pow ((36.0 - H * (6 - S)) / 36.0, n) - p[FIRE_NO_HITS];
    p[FIRE_CASUALTIES] = 1.0 - p[FIRE_NO_HITS] - p[FIRE_ALL_SAVED];
    if (exact)
      {
        ways[FIRE_NO_HITS] = none;
        ways[FIRE_ALL_SAVED] = no_casualty - none;
        ways[FIRE_CASUALTIES] = total - no_casualty;
      }
    odds_from_ways (in->mechanic, odds, ways, p, exact ? total : 1, exact);
  }
  return TRUE;
}

static const AdjMechanic gl_fire = {
  .id = "gl/fire",
  .title = N_("Fire"),
  .summary = N_("A die per firing figure, two per gun or Maxim crew; the players’ hit table "
                "says which dice hit and their saving table which hits are saved."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = fire_inputs,
  .n_inputs = G_N_ELEMENTS (fire_inputs),
  .outcomes = fire_outcomes,
  .n_outcomes = G_N_ELEMENTS (fire_outcomes),
  .random_note = N_("Each hit then throws one saving die.  Until the hit table is filled in the "
                    "dice are only thrown and counted; until the saving table is, only the hits "
                    "are counted."),
  .tables = fire_tables,
  .draws = fire_draws,
  .resolve = fire_resolve,
  .odds = fire_odds,
};

/* ------------------------------------------------------------------------------------------ */
/* Who falls: a card for each hit                                                              */

static const AdjChoice pick_choices[] = {
  { "leader", N_("An officer or leader") },
  { "ranks", N_("An ordinary figure") },
};

static const AdjField cards_inputs[] = {
  UNIT_INPUT ("target", N_("Unit hit")),
  INT_INPUT ("hits", N_("Casualties to place"), NULL, 1, MAX_HITS, 1, NULL),
  INT_INPUT ("figures", N_("Figures in the unit"), NULL, 1, MAX_FIGURES, 20, "target.figures"),
  BOOL_FROM ("officer", N_("Its officer still stands"), NULL, 1, "target.status.officer"),
  BOOL_INPUT ("leader_nco", N_("Its NCO still stands and counts as a leader"),
              N_("Only where the scenario makes the NCO a leader")),
  ENUM_INPUT ("firer_picks", N_("On a face card the firer takes"), NULL, pick_choices, "leader",
              NULL),
  ENUM_INPUT ("target_picks", N_("On any other card the target gives up"), NULL, pick_choices,
              "ranks", NULL),
};

static const AdjChoice cards_outcomes[] = {
  { "leader-falls", N_("A leader falls") },
  { "ranks-fall", N_("Only ordinary figures fall") },
};

typedef enum {
  CARD_ACE,
  CARD_FACE,
  CARD_OTHER,
} CardClass;

typedef enum {
  FALLS_OFFICER,
  FALLS_NCO,
  FALLS_RANKS,
} Falls;

typedef enum {
  CHOOSER_LEADER,
  CHOOSER_FIRER,
  CHOOSER_TARGET,
} Chooser;

/* The ids the outcome's list of cards gives, shared between outcomes. */
static const char *const class_ids[] = { "ace", "face", "other" };
static const char *const falls_ids[] = { "officer", "nco", "ranks" };
static const char *const chooser_ids[] = { "leader", "firer", "target" };
static json_object *class_values[G_N_ELEMENTS (class_ids)];
static json_object *falls_values[G_N_ELEMENTS (falls_ids)];
static json_object *chooser_values[G_N_ELEMENTS (chooser_ids)];

static CardClass
card_class (AdjCard card)
{
  if (adj_card_rank (card) == ADJ_CARD_ACE)
    return CARD_ACE;
  return adj_card_is_face (card) ? CARD_FACE : CARD_OTHER;
}

static void
cards_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec s = { "hit-card", N_("Card for a casualty"), 1, 0 };
  int n = MIN (adj_inputs_get_int (in, "hits"), adj_inputs_get_int (in, "figures"));

  for (int i = 0; i < n; i++)
    g_array_append_val (specs, s);
}

static gboolean
cards_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "target");

  if (unit == NULL)
    return TRUE;
  return adj_inputs_set_bool (in, "leader_nco",
                              adj_unit_get_status_bool (unit, "nco") &&
                              adj_unit_get_status_bool (unit, "nco_leader"), error);
}

/* Whether a card of @cls takes a leader while one is left and ordinary figures remain. */
static gboolean
class_takes_leader (AdjInputs *in,
                    CardClass  cls)
{
  switch (cls)
    {
    case CARD_ACE:
      return TRUE;
    case CARD_FACE:
      return g_str_equal (adj_inputs_get_string (in, "firer_picks"), "leader");
    case CARD_OTHER:
    default:
      return g_str_equal (adj_inputs_get_string (in, "target_picks"), "leader");
    }
}

static gboolean
cards_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  const char *name = adj_input_unit_name (ctx, in, "target", _("the unit"));
  int hits = adj_inputs_get_int (in, "hits");
  int figures = adj_inputs_get_int (in, "figures");
  gboolean officer = adj_inputs_get_bool (in, "officer");
  gboolean nco = adj_inputs_get_bool (in, "leader_nco");
  gboolean officer_killed = FALSE, nco_killed = FALSE;
  json_object *list = json_object_new_array ();
  int lost = 0;

  json_object_object_add (outcome->values, "cards", list);
  if ((officer ? 1 : 0) + (nco ? 1 : 0) > figures)
    return adj_not_allowed (error, _("The unit has fewer figures than leaders"));

  for (int i = 1; i <= hits; i++)
    {
      int leaders = (officer ? 1 : 0) + (nco ? 1 : 0);
      int ordinary = figures - lost - leaders;
      const char *shown;
      json_object *cls_id;
      Chooser chooser;
      Falls figure;
      json_object *item;
      CardClass cls;
      AdjCard card;

      if (figures - lost == 0)
        {
          adj_outcome_add_note (outcome, ngettext ("The last %d casualty finds nobody left.",
                                                   "The last %d casualties find nobody left.",
                                                   hits - i + 1), hits - i + 1);
          break;
        }
      if (!adj_random_card (random, "hit-card", N_("Card for a casualty"), &card, error))
        return FALSE;
      shown = adj_card_short_name (card);
      cls = card_class (card);
      cls_id = adj_json_shared_string (&class_values[cls], class_ids[cls]);
      /* Decision: an Ace with no leader left is an ordinary card, the target's pick. */
      chooser = cls == CARD_FACE ? CHOOSER_FIRER
                : (cls == CARD_ACE && leaders > 0) ? CHOOSER_LEADER : CHOOSER_TARGET;
      if (leaders > 0 && (ordinary == 0 || (cls == CARD_ACE) ||
                          (cls != CARD_ACE && class_takes_leader (in, cls))))
        {
          if (officer)
            {
              officer = FALSE;
              officer_killed = TRUE;
              figure = FALLS_OFFICER;
            }
          else
            {
              nco = FALSE;
              nco_killed = TRUE;
              figure = FALLS_NCO;
            }
        }
      else
        figure = FALLS_RANKS;
      lost++;

      if (chooser == CHOOSER_LEADER)
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", FALSE, 0,
                               figure == FALLS_OFFICER
                               /* TRANSLATORS: e.g. "Card 1, A♠: the officer is killed" */
                               ? _("Card %d, %s: the officer is killed")
                               : _("Card %d, %s: the NCO leading the unit is killed"), i, shown);
      else if (chooser == CHOOSER_FIRER)
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", FALSE, 0,
                               figure == FALLS_OFFICER
                               ? _("Card %d, %s: the firer picks — the officer")
                               : figure == FALLS_NCO
                               ? _("Card %d, %s: the firer picks — the NCO leading the unit")
                               : _("Card %d, %s: the firer picks — an ordinary figure"),
                               i, shown);
      else
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", FALSE, 0,
                               figure == FALLS_OFFICER
                               ? _("Card %d, %s: the target’s player picks — the officer")
                               : figure == FALLS_NCO
                               ? _("Card %d, %s: the target’s player picks — the NCO leading "
                                   "the unit")
                               : _("Card %d, %s: the target’s player picks — an ordinary "
                                   "figure"), i, shown);
      if (cls == CARD_ACE && chooser == CHOOSER_TARGET)
        adj_outcome_add_note (outcome, _("Card %d is an Ace, but no officer or leader is left: it "
                                         "counts as any other card."), i);
      if (ordinary == 0 && figure != FALLS_RANKS && chooser != CHOOSER_LEADER)
        adj_outcome_add_note (outcome, _("Card %d: only leaders are left, so one of them falls."),
                              i);

      item = json_object_new_object ();
      adj_json_add_new (item, "card", adj_card_to_json (card));
      adj_json_add_new (item, "class", cls_id);
      adj_json_add_new (item, "chooser", adj_json_shared_string (&chooser_values[chooser],
                                                                 chooser_ids[chooser]));
      adj_json_add_new (item, "figure", adj_json_shared_string (&falls_values[figure],
                                                                falls_ids[figure]));
      json_object_array_add (list, item);
    }

  adj_outcome_set_value_int (outcome, "figures_lost", lost);
  adj_outcome_set_value_int (outcome, "figures_left", figures - lost);
  adj_outcome_set_value_bool (outcome, "officer_killed", officer_killed);
  adj_outcome_set_value_bool (outcome, "nco_killed", nco_killed);
  if (officer_killed || nco_killed)
    adj_outcome_set_result (outcome, "leader-falls",
                            officer_killed && nco_killed
                            ? _("The officer and the NCO of %s are among the fallen")
                            : officer_killed ? _("The officer of %s is among the fallen: the "
                                                 "unit tests its morale")
                                             : _("The NCO leading %s is among the fallen"),
                            name);
  else
    adj_outcome_set_result (outcome, "ranks-fall",
                            ngettext ("%d ordinary figure of %s falls",
                                      "%d ordinary figures of %s fall", lost), lost, name);
  return TRUE;
}

/* A reduced fraction num/den, times (a / b). */
static gboolean
frac_mul (u128 *num,
          u128 *den,
          u128  a,
          u128  b)
{
  u128 g1 = gcd128 (a, *den), g2 = gcd128 (*num, b);

  a /= g1 == 0 ? 1 : g1;
  *den /= g1 == 0 ? 1 : g1;
  *num /= g2 == 0 ? 1 : g2;
  b /= g2 == 0 ? 1 : g2;
  return !__builtin_mul_overflow (*num, a, num) && !__builtin_mul_overflow (*den, b, den);
}

typedef struct {
  AdjInputs *in;
} KillData;

static gboolean
card_kills (AdjCard  card,
            gpointer data)
{
  KillData *k = data;
  return class_takes_leader (k->in, card_class (card));
}

/* The chance that no leader falls: every card drawn misses the cards that would take one, and
 * the ordinary figures last.  Draws go through the draw pile, then the turned cards shuffled
 * back (with those just drawn), as adj_random_card() does. */
static gboolean
cards_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  int figures = adj_inputs_get_int (in, "figures");
  int leaders = (adj_inputs_get_bool (in, "officer") ? 1 : 0) +
                (adj_inputs_get_bool (in, "leader_nco") ? 1 : 0);
  int hits = MIN (adj_inputs_get_int (in, "hits"), figures);
  u128 num = 1, den = 1, ways[2];
  double p0 = 1.0, p[2];
  gboolean exact = TRUE;
  guint n, s, t, ts;
  KillData data = { in };

  if (leaders > figures)
    return adj_not_allowed (error, _("The unit has fewer figures than leaders"));
  if (!pack_counts (ctx, card_kills, &data, &n, &s, &t, &ts, error))
    return FALSE;

  if (leaders == 0)
    num = 1, den = 1, p0 = 1.0;
  else if (hits > figures - leaders)
    num = 0, den = 1, p0 = 0.0;
  else
    {
      int left = hits;

      while (left > 0 && num > 0)
        {
          guint m = MIN ((guint) left, n);

          for (guint i = 0; i < m; i++)
            {
              if (n - s <= i)
                {
                  num = 0;
                  p0 = 0.0;
                  break;
                }
              exact = exact && frac_mul (&num, &den, n - s - i, n - i);
              p0 *= (double) (n - s - i) / (double) (n - i);
            }
          left -= (int) m;
          /* The safe cards just drawn join the turned pile, which becomes the draw pile. */
          t += m;
          n -= m;
          if (left > 0 && n == 0)
            {
              n = t;
              s = ts;
              t = 0;
              ts = 0;
              if (n == 0)
                return adj_not_allowed (error, _("The pack has no card left to turn: every "
                                                 "card is out"));
            }
        }
    }
  if (num == 0)
    den = 1;
  ways[1] = num;
  ways[0] = den - num;
  p[1] = p0;
  p[0] = 1.0 - p0;
  odds_from_ways (in->mechanic, odds, ways, p, den, exact);
  return TRUE;
}

static gboolean
cards_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  return apply_losses (ctx, changes, adj_inputs_get_string (in, "target"),
                       adj_outcome_get_value_int (outcome, "figures_lost", 0),
                       value_bool (outcome, "officer_killed"), value_bool (outcome, "nco_killed"),
                       error);
}

static const AdjMechanic gl_hit_cards = {
  .id = "gl/hit-cards",
  .title = N_("Who falls"),
  .summary = N_("A card for each casualty: an Ace kills an officer or leader, a face card lets "
                "the firer choose the figure, any other card the target’s player."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = cards_inputs,
  .n_inputs = G_N_ELEMENTS (cards_inputs),
  .outcomes = cards_outcomes,
  .n_outcomes = G_N_ELEMENTS (cards_outcomes),
  .random_note = N_("Cards come from the battle’s pack; the odds count what is left in it.  Say "
                    "beforehand whom the firer and the target will pick."),
  .draws = cards_draws,
  .prefill = cards_prefill,
  .resolve = cards_resolve,
  .odds = cards_odds,
  .apply = cards_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Melee                                                                                       */

/* The modifiers both pairs share, side by side: a leader changes only his own pair. */
typedef struct {
  gboolean a_cavalry;
  gboolean charging;
  gboolean rear;
  gboolean d_cavalry;
  gboolean hard_cover;
  gboolean square;
  gboolean prone;
} MeleeSides;

#define MELEE_SIDE_INPUTS \
  BOOL_INPUT ("attacker_cavalry", N_("The attackers are cavalry"), NULL), \
  { .name = "charging", .kind = ADJ_FIELD_BOOL, .label = N_("The attackers charged in"), \
    .def = 1 }, \
  BOOL_INPUT ("rear", N_("The charge began out of the defenders’ sight"), \
              N_("It then counts as an attack from the rear")), \
  BOOL_INPUT ("defender_cavalry", N_("The defenders are cavalry"), NULL), \
  BOOL_INPUT ("hard_cover", N_("The defenders fight from hard cover"), \
              N_("It also takes away the charge bonus")), \
  BOOL_INPUT ("square", N_("The defenders are in square"), NULL), \
  BOOL_FROM ("prone", N_("The defenders lie prone"), N_("Counts as an attack from the rear"), \
             0, "defender.status.prone")

static void
melee_sides (AdjInputs  *in,
             MeleeSides *m)
{
  m->a_cavalry = adj_inputs_get_bool (in, "attacker_cavalry");
  m->charging = adj_inputs_get_bool (in, "charging");
  m->rear = adj_inputs_get_bool (in, "rear");
  m->d_cavalry = adj_inputs_get_bool (in, "defender_cavalry");
  m->hard_cover = adj_inputs_get_bool (in, "hard_cover");
  m->square = adj_inputs_get_bool (in, "square");
  m->prone = adj_inputs_get_bool (in, "prone");
}

/* The attacker's and the defender's modifiers for a pair, each with its reason. */
static void
melee_scores (AdjRuleset       *rs,
              const MeleeSides *m,
              gboolean          a_leader,
              gboolean          d_leader,
              AdjScore         *a,
              AdjScore         *d)
{
  adj_score_init (a);
  adj_score_init (d);
  adj_score_add_modifier (a, rs, "melee", "leader", a_leader ? 1 : 0);
  adj_score_add_modifier (a, rs, "melee", "cavalry", m->a_cavalry ? 1 : 0);
  /* Hard cover cancels the charge bonus. */
  adj_score_add_modifier (a, rs, "melee", "charging", m->charging && !m->hard_cover ? 1 : 0);
  adj_score_add_modifier (a, rs, "melee", "rear", m->rear || m->prone ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "leader", d_leader ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "cavalry", m->d_cavalry ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "hard-cover", m->hard_cover ? 1 : 0);
  adj_score_add_modifier (d, rs, "melee", "square", m->square ? 1 : 0);
}

static int
melee_diff (AdjRuleset       *rs,
            const MeleeSides *m,
            gboolean          a_leader,
            gboolean          d_leader)
{
  AdjScore a, d;
  int diff;

  melee_scores (rs, m, a_leader, d_leader, &a, &d);
  diff = a.total - d.total;
  adj_score_clear (&a);
  adj_score_clear (&d);
  return diff;
}

/* The four ends of a pair, as the odds count them: the attacker wins and the defender dies or
 * runs, or the other way round.  @ways over the 36 - ties throws that are not ties. */
typedef enum {
  PAIR_D_KILLED,
  PAIR_D_RUNS,
  PAIR_A_KILLED,
  PAIR_A_RUNS,
  N_PAIR_ENDS
} PairEnd;

static guint
pair_ways (int      diff,
           int      killed_on,
           guint64  ways[N_PAIR_ENDS])
{
  guint total = 0;

  memset (ways, 0, N_PAIR_ENDS * sizeof (guint64));
  for (int a = 1; a <= 6; a++)
    for (int d = 1; d <= 6; d++)
      {
        int margin = a + diff - d;

        if (margin == 0)
          continue;   /* thrown again: the final result is conditional on no tie */
        if (margin > 0)
          ways[d <= killed_on ? PAIR_D_KILLED : PAIR_D_RUNS]++;
        else
          ways[a <= killed_on ? PAIR_A_KILLED : PAIR_A_RUNS]++;
        total++;
      }
  return total;
}

/* One pair until it is not a tie; returns the end, with the deciding dice. */
static gboolean
fight_pair (AdjRandom   *random,
            int          diff,
            int          killed_on,
            const char  *a_group,
            const char  *d_group,
            int          first_a,
            int          first_d,
            int         *a_die,
            int         *d_die,
            guint       *throws,
            PairEnd     *end,
            GError     **error)
{
  int a = first_a, d = first_d;

  *throws = 1;
  while (a + diff == d)
    {
      if (*throws >= MAX_ROUNDS)
        return adj_not_allowed (error, _("The dice tied %u times running"), *throws);
      if (!adj_random_roll (random, a_group, N_("Attacker again (tie)"), 1, 6, &a, error) ||
          !adj_random_roll (random, d_group, N_("Defender again (tie)"), 1, 6, &d, error))
        return FALSE;
      (*throws)++;
    }
  *a_die = a;
  *d_die = d;
  if (a + diff > d)
    *end = d <= killed_on ? PAIR_D_KILLED : PAIR_D_RUNS;
  else
    *end = a <= killed_on ? PAIR_A_KILLED : PAIR_A_RUNS;
  return TRUE;
}

/* ---- one pair ---- */

static const AdjField pair_inputs[] = {
  UNIT_INPUT ("attacker", N_("Attacking unit")),
  UNIT_INPUT ("defender", N_("Defending unit")),
  BOOL_INPUT ("attacker_leader", N_("The attacker is an officer or leader"), NULL),
  BOOL_INPUT ("defender_leader", N_("The defender is an officer or leader"), NULL),
  MELEE_SIDE_INPUTS,
};

static const AdjChoice pair_outcomes[] = {
  { "defender-killed", N_("The defender is killed") },
  { "defender-runs", N_("The defender runs 6″") },
  { "attacker-killed", N_("The attacker is killed") },
  { "attacker-runs", N_("The attacker runs 6″") },
};

static gboolean
melee_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *a = adj_input_unit (ctx, in, "attacker");
  AdjUnit *d = adj_input_unit (ctx, in, "defender");

  if (a != NULL &&
      !adj_inputs_set_bool (in, "attacker_cavalry",
                            g_str_equal (adj_battle_unit_type (ctx->battle, a)->category,
                                         "cavalry"), error))
    return FALSE;
  if (d != NULL &&
      (!adj_inputs_set_bool (in, "defender_cavalry",
                             g_str_equal (adj_battle_unit_type (ctx->battle, d)->category,
                                          "cavalry"), error) ||
       !adj_inputs_set_bool (in, "square",
                             g_strcmp0 (adj_unit_get_status_string (d, "formation"),
                                        "square") == 0, error)))
    return FALSE;
  return TRUE;
}

static void
pair_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  AdjDrawSpec a = { "attacker", N_("Attacker"), 1, 6 };
  AdjDrawSpec d = { "defender", N_("Defender"), 1, 6 };

  g_array_append_val (specs, a);
  g_array_append_val (specs, d);
}

static gboolean
pair_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int killed_on = gl_int (rs, "melee", "killed_on");
  gboolean a_leader = adj_inputs_get_bool (in, "attacker_leader");
  gboolean d_leader = adj_inputs_get_bool (in, "defender_leader");
  MeleeSides m;
  AdjScore a, d;
  int a_die, d_die, first_a, first_d, a_total, d_total;
  guint throws;
  PairEnd end;

  melee_sides (in, &m);
  melee_scores (rs, &m, a_leader, d_leader, &a, &d);
  if (!adj_random_roll (random, "attacker", N_("Attacker"), 1, 6, &first_a, error) ||
      !adj_random_roll (random, "defender", N_("Defender"), 1, 6, &first_d, error) ||
      !fight_pair (random, a.total - d.total, killed_on, "attacker", "defender", first_a,
                   first_d, &a_die, &d_die, &throws, &end, error))
    {
      adj_score_clear (&a);
      adj_score_clear (&d);
      return FALSE;
    }
  if (throws > 1)
    adj_outcome_add_note (outcome, ngettext ("The first throw tied and was thrown again.",
                                             "The first %u throws tied and were thrown again.",
                                             throws - 1), throws - 1);
  a_total = adj_score_explain (&a, outcome, "attacker", _("Attacker"), &a_die, 1, 6);
  d_total = adj_score_explain (&d, outcome, "defender", _("Defender"), &d_die, 1, 6);
  adj_score_clear (&a);
  adj_score_clear (&d);
  adj_outcome_set_value_int (outcome, "attacker_die", a_die);
  adj_outcome_set_value_int (outcome, "defender_die", d_die);
  adj_outcome_set_value_int (outcome, "throws", (int) throws);

  switch (end)
    {
    case PAIR_D_KILLED:
      adj_outcome_set_result (outcome, "defender-killed",
                              _("%d beats %d, and the defender’s own die shows %d: killed"),
                              a_total, d_total, d_die);
      break;
    case PAIR_D_RUNS:
      adj_outcome_set_result (outcome, "defender-runs",
                              _("%d beats %d: the defender runs 6″ to the rear"), a_total,
                              d_total);
      break;
    case PAIR_A_KILLED:
      adj_outcome_set_result (outcome, "attacker-killed",
                              _("%d beats %d, and the attacker’s own die shows %d: killed"),
                              d_total, a_total, a_die);
      break;
    case PAIR_A_RUNS:
    case N_PAIR_ENDS:
    default:
      adj_outcome_set_result (outcome, "attacker-runs",
                              _("%d beats %d: the attacker runs 6″ to the rear"), d_total,
                              a_total);
      break;
    }
  return TRUE;
}

static gboolean
pair_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  MeleeSides m;
  guint64 ways[N_PAIR_ENDS];
  guint total;

  melee_sides (in, &m);
  total = pair_ways (melee_diff (ctx->ruleset, &m, adj_inputs_get_bool (in, "attacker_leader"),
                                 adj_inputs_get_bool (in, "defender_leader")),
                     gl_int (ctx->ruleset, "melee", "killed_on"), ways);
  adj_declare_outcomes (in->mechanic, odds);
  for (guint k = 0; k < N_PAIR_ENDS; k++)
    adj_odds_add (odds, pair_outcomes[k].id, pair_outcomes[k].label, ways[k]);
  adj_odds_finish (odds, total);
  odds->note = g_strdup (N_("Ties are thrown again: these are the odds of the final result."));
  return TRUE;
}

static gboolean
pair_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  gboolean attacker = g_str_equal (outcome->key, "attacker-killed");
  const char *who = attacker ? "attacker" : "defender";
  const char *leader = attacker ? "attacker_leader" : "defender_leader";

  if (!attacker && !g_str_equal (outcome->key, "defender-killed"))
    return TRUE;
  return apply_losses (ctx, changes, adj_inputs_get_string (in, who), 1,
                       adj_inputs_get_bool (in, leader), FALSE, error);
}

static const AdjMechanic gl_melee_pair = {
  .id = "gl/melee-pair",
  .title = N_("One pair in a melee"),
  .summary = N_("Two figures fight: each throws a D6 and adds its modifiers; the loser dies on a "
                "natural 1 or 2 and otherwise runs 6″."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = pair_inputs,
  .n_inputs = G_N_ELEMENTS (pair_inputs),
  .outcomes = pair_outcomes,
  .n_outcomes = G_N_ELEMENTS (pair_outcomes),
  .random_note = N_("Equal scores are thrown again, as often as it takes."),
  .draws = pair_draws,
  .prefill = melee_prefill,
  .resolve = pair_resolve,
  .odds = pair_odds,
  .apply = pair_apply,
};

/* ---- a whole melee, round after round ---- */

static const AdjField melee_inputs[] = {
  UNIT_INPUT ("attacker", N_("Attacking unit")),
  UNIT_INPUT ("defender", N_("Defending unit")),
  INT_INPUT ("attacker_figures", N_("Attackers in contact"),
             N_("Those that reached the enemy: the charge’s stragglers stay out"), 0, MAX_FIGURES,
             5, "attacker.figures"),
  INT_INPUT ("defender_figures", N_("Defenders in contact"), NULL, 0, MAX_FIGURES, 5,
             "defender.figures"),
  BOOL_FROM ("attacker_leader", N_("The attackers’ officer fights"), NULL, 0,
             "attacker.status.officer"),
  BOOL_FROM ("defender_leader", N_("The defenders’ officer fights"), NULL, 0,
             "defender.status.officer"),
  MELEE_SIDE_INPUTS,
};

static const AdjChoice melee_outcomes[] = {
  { "attacker-wins", N_("The attackers win: the defenders rout") },
  { "defender-wins", N_("The defenders win: the attackers rout") },
};

static void
melee_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  guint p = (guint) MIN (adj_inputs_get_int (in, "attacker_figures"),
                         adj_inputs_get_int (in, "defender_figures"));
  AdjDrawSpec a = { "attackers", N_("Attackers"), p, 6 };
  AdjDrawSpec d = { "defenders", N_("Defenders"), p, 6 };

  if (p == 0)
    return;
  g_array_append_val (specs, a);
  g_array_append_val (specs, d);
}

/* The leader pair of a round: -1 none, else the difference of the pair's modifiers. */
typedef struct {
  gboolean a_leader;
  gboolean d_leader;
} LeaderPair;

static gboolean
melee_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int killed_on = gl_int (rs, "melee", "killed_on");
  int a = adj_inputs_get_int (in, "attacker_figures");
  int d = adj_inputs_get_int (in, "defender_figures");
  gboolean la = adj_inputs_get_bool (in, "attacker_leader") && a > 0;
  gboolean lb = adj_inputs_get_bool (in, "defender_leader") && d > 0;
  gboolean a_officer_killed = FALSE, d_officer_killed = FALSE;
  int a_killed = 0, a_ran = 0, d_killed = 0, d_ran = 0, round = 0;
  const char *a_name = adj_input_unit_name (ctx, in, "attacker", _("The attackers"));
  const char *d_name = adj_input_unit_name (ctx, in, "defender", _("The defenders"));
  g_autofree int *rout = NULL;
  g_autofree char *rout_s = NULL;
  gboolean attackers_win;
  MeleeSides m;
  int diff_of[2][2];   /* a pair's modifier difference, by whether each side's officer is in it */

  if (a == 0 || d == 0)
    return adj_not_allowed (error, _("A melee needs figures in contact on both sides"));
  melee_sides (in, &m);
  for (guint i = 0; i < 2; i++)
    for (guint k = 0; k < 2; k++)
      diff_of[i][k] = melee_diff (rs, &m, i == 1, k == 1);
  {
    AdjScore sa, sd;

    /* The modifiers every pair shares (a leader adds his own +1 in his pair). */
    melee_scores (rs, &m, FALSE, FALSE, &sa, &sd);
    for (guint i = 0; i < sa.mods->len; i++)
      {
        const AdjScoreMod *mod = &g_array_index (sa.mods, AdjScoreMod, i);
        adj_outcome_add_modifier (outcome, "attacker", mod->label, mod->value);
      }
    for (guint i = 0; i < sd.mods->len; i++)
      {
        const AdjScoreMod *mod = &g_array_index (sd.mods, AdjScoreMod, i);
        adj_outcome_add_modifier (outcome, "defender", mod->label, mod->value);
      }
    adj_score_clear (&sa);
    adj_score_clear (&sd);
  }

  while (a > 0 && d > 0)
    {
      guint p = (guint) MIN (a, d);
      g_autofree int *ad = NULL, *dd = NULL;
      int won = 0, lost = 0, rk_a = 0, rk_d = 0;

      round++;
      ad = g_new0 (int, p);
      dd = g_new0 (int, p);
      if (!adj_random_roll (random, "attackers", N_("Attackers"), p, 6, ad, error) ||
          !adj_random_roll (random, "defenders", N_("Defenders"), p, 6, dd, error))
        return FALSE;
      for (guint i = 0; i < p; i++)
        {
          /* Decision: officers fight in the first pair, against each other when both stand. */
          gboolean pair_la = i == 0 && la, pair_lb = i == 0 && lb;
          int diff = diff_of[pair_la ? 1 : 0][pair_lb ? 1 : 0];
          int a_die, d_die;
          guint throws;
          PairEnd end;

          if (!fight_pair (random, diff, killed_on, "attackers", "defenders", ad[i], dd[i], &a_die,
                           &d_die, &throws, &end, error))
            return FALSE;
          switch (end)
            {
            case PAIR_D_KILLED:
              d_killed++;
              rk_d++;
              won++;
              break;
            case PAIR_D_RUNS:
              d_ran++;
              won++;
              break;
            case PAIR_A_KILLED:
              a_killed++;
              rk_a++;
              lost++;
              break;
            case PAIR_A_RUNS:
            case N_PAIR_ENDS:
            default:
              a_ran++;
              lost++;
              break;
            }
          if (pair_la && (end == PAIR_A_KILLED || end == PAIR_A_RUNS))
            {
              la = FALSE;
              a_officer_killed |= end == PAIR_A_KILLED;
              adj_outcome_add_note (outcome, end == PAIR_A_KILLED
                                    ? _("Round %d: the attackers’ officer is killed")
                                    : _("Round %d: the attackers’ officer runs"), round);
            }
          if (pair_lb && (end == PAIR_D_KILLED || end == PAIR_D_RUNS))
            {
              lb = FALSE;
              d_officer_killed |= end == PAIR_D_KILLED;
              adj_outcome_add_note (outcome, end == PAIR_D_KILLED
                                    ? _("Round %d: the defenders’ officer is killed")
                                    : _("Round %d: the defenders’ officer runs"), round);
            }
        }
      a -= lost;
      d -= won;
      adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                             /* TRANSLATORS: e.g. "Round 1, 6 pairs: attackers win 4 (1 killed),
                              * defenders win 2 (2 killed); 8 against 2 still fighting" */
                             ngettext ("Round %d, %u pair: attackers win %d (%d killed), "
                                       "defenders win %d (%d killed); %d against %d still "
                                       "fighting",
                                       "Round %d, %u pairs: attackers win %d (%d killed), "
                                       "defenders win %d (%d killed); %d against %d still "
                                       "fighting", p),
                             round, p, won, rk_d, lost, rk_a, a, d);
    }

  attackers_win = d == 0;
  rout = roll_dice (random, outcome, "rout", N_("Rout move"),
                    (guint) gl_int (rs, "melee", "rout_dice"), error);
  if (rout == NULL)
    return FALSE;
  rout_s = inches_label (sum_of (rout, (guint) gl_int (rs, "melee", "rout_dice")));
  adj_outcome_set_value_int (outcome, "rounds", round);
  adj_outcome_set_value_int (outcome, "attacker_killed", a_killed);
  adj_outcome_set_value_int (outcome, "attacker_ran", a_ran);
  adj_outcome_set_value_int (outcome, "defender_killed", d_killed);
  adj_outcome_set_value_int (outcome, "defender_ran", d_ran);
  adj_outcome_set_value_bool (outcome, "attacker_officer_killed", a_officer_killed);
  adj_outcome_set_value_bool (outcome, "defender_officer_killed", d_officer_killed);
  adj_outcome_set_value_int (outcome, "rout",
                             sum_of (rout, (guint) gl_int (rs, "melee", "rout_dice")));
  if (attackers_win)
    adj_outcome_set_result (outcome, "attacker-wins",
                            _("%s have nobody left fighting (%d killed, %d ran) and rout %s"),
                            d_name, d_killed, d_ran, rout_s);
  else
    adj_outcome_set_result (outcome, "defender-wins",
                            _("%s have nobody left fighting (%d killed, %d ran) and rout %s"),
                            a_name, a_killed, a_ran, rout_s);
  adj_outcome_add_note (outcome, _("Figures that ran are back 6″ behind their unit; the killed "
                                   "are gone."));
  return TRUE;
}

/* ---- exact odds of a melee ---- */

typedef struct {
  u128   num;
  u128   den;
  double p;
} Frac;

/* @acc += @x, exactly (the doubles are added by the caller); FALSE when it no longer fits. */
static gboolean
frac_add (Frac       *acc,
          const Frac *x)
{
  u128 g, n1, n2, den;

  if (x->num == 0)
    return TRUE;
  if (acc->num == 0)
    {
      acc->num = x->num;
      acc->den = x->den;
      return TRUE;
    }
  g = gcd128 (acc->den, x->den);
  if (__builtin_mul_overflow (acc->den / g, x->den, &den) ||
      __builtin_mul_overflow (acc->num, x->den / g, &n1) ||
      __builtin_mul_overflow (x->num, acc->den / g, &n2) ||
      __builtin_add_overflow (n1, n2, &n1))
    return FALSE;
  g = gcd128 (n1, den);
  acc->num = n1 / g;
  acc->den = den / g;
  return TRUE;
}

/* The outcome probabilities of one kind of pair: attacker wins @w of @t. */
typedef struct {
  guint64 w;
  guint64 t;
} PairOdds;

static PairOdds
pair_odds_of (AdjRuleset       *rs,
              const MeleeSides *m,
              gboolean          a_leader,
              gboolean          d_leader)
{
  guint64 ways[N_PAIR_ENDS];
  PairOdds o;

  o.t = pair_ways (melee_diff (rs, m, a_leader, d_leader), gl_int (rs, "melee", "killed_on"),
                   ways);
  o.w = ways[PAIR_D_KILLED] + ways[PAIR_D_RUNS];
  return o;
}

#define STATE(a_, d_, la_, ld_) (((((a_) * (nd + 1)) + (d_)) * 2 + (la_)) * 2 + (ld_))

static gboolean
melee_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int na = adj_inputs_get_int (in, "attacker_figures");
  int nd = adj_inputs_get_int (in, "defender_figures");
  gboolean exact = TRUE;
  g_autofree Frac *dp = NULL;
  Frac win[2] = { { 0, 1, 0.0 }, { 0, 1, 0.0 } };
  PairOdds plain, a_lead, d_lead, both;
  MeleeSides m;
  u128 ways[2], den;
  double p[2];

  if (na == 0 || nd == 0)
    return adj_not_allowed (error, _("A melee needs figures in contact on both sides"));
  melee_sides (in, &m);
  plain = pair_odds_of (rs, &m, FALSE, FALSE);
  a_lead = pair_odds_of (rs, &m, TRUE, FALSE);
  d_lead = pair_odds_of (rs, &m, FALSE, TRUE);
  both = pair_odds_of (rs, &m, TRUE, TRUE);

  dp = g_new0 (Frac, (gsize) (na + 1) * (nd + 1) * 4);
  for (gsize i = 0; i < (gsize) (na + 1) * (nd + 1) * 4; i++)
    dp[i].den = 1;
  {
    Frac *start = &dp[STATE (na, nd, adj_inputs_get_bool (in, "attacker_leader") ? 1 : 0,
                             adj_inputs_get_bool (in, "defender_leader") ? 1 : 0)];
    start->num = 1;
    start->p = 1.0;
  }

  /* Every round takes min(a, d) figures out, so a + d only falls: walk it downwards. */
  for (int sum = na + nd; sum >= 2; sum--)
    for (int a = MAX (1, sum - nd); a <= na && a < sum; a++)
      for (int la = 0; la <= 1; la++)
        for (int ld = 0; ld <= 1; ld++)
          {
            int d = sum - a;
            Frac *st = &dp[STATE (a, d, la, ld)];
            int pairs = MIN (a, d);
            gboolean lead = la || ld;
            int ordinary = pairs - (lead ? 1 : 0);
            PairOdds lp = la && ld ? both : la ? a_lead : d_lead;
            u128 binom = 1;

            if (d < 1 || st->p == 0.0)
              continue;
            /* j ordinary pairs won by the attackers, and the leaders' pair won (1) or lost. */
            for (int j = 0; j <= ordinary; j++)
              {
                if (j > 0)
                  binom = binom * (u128) (ordinary - j + 1) / (u128) j;
                for (int lw = 0; lw <= (lead ? 1 : 0); lw++)
                  {
                    int a_won = j + (lead && lw ? 1 : 0);
                    int a_lost = pairs - a_won;
                    int na2 = a - a_lost, nd2 = d - a_won;
                    int la2 = la && (!lead || lw), ld2 = ld && (!lead || !lw);
                    Frac x = { 0, 1, 0.0 };
                    Frac *to;
                    u128 num = 1, den2 = 1, f;
                    double px;

                    px = st->p;
                    for (int k = 0; k < ordinary; k++)
                      px *= (double) (k < j ? plain.w : plain.t - plain.w) / (double) plain.t;
                    px *= (double) binom;
                    if (lead)
                      px *= (double) (lw ? lp.w : lp.t - lp.w) / (double) lp.t;
                    x.p = px;

                    if (exact)
                      {
                        exact = pow128 (plain.w, (guint) j, &f) &&
                                !__builtin_mul_overflow (num, f, &num) &&
                                pow128 (plain.t - plain.w, (guint) (ordinary - j), &f) &&
                                !__builtin_mul_overflow (num, f, &num) &&
                                !__builtin_mul_overflow (num, binom, &num) &&
                                pow128 (plain.t, (guint) ordinary, &den2);
                        if (exact && lead)
                          exact = !__builtin_mul_overflow (num, (u128) (lw ? lp.w : lp.t - lp.w),
                                                           &num) &&
                                  !__builtin_mul_overflow (den2, (u128) lp.t, &den2);
                        if (exact && num > 0)
                          {
                            u128 g = gcd128 (num, den2);

                            num /= g;
                            den2 /= g;
                            exact = frac_mul (&num, &den2, st->num, st->den);
                          }
                        x.num = num;
                        x.den = den2;
                      }
                    if (px == 0.0 && (!exact || x.num == 0))
                      continue;
                    to = na2 == 0 || nd2 == 0 ? &win[nd2 == 0 ? 0 : 1]
                                              : &dp[STATE (na2, nd2, la2, ld2)];
                    to->p += x.p;
                    if (exact)
                      exact = frac_add (to, &x);
                  }
              }
          }

  /* The two results share a denominator once reduced: they sum to one. */
  den = win[0].num > 0 ? win[0].den : win[1].den;
  if (exact && win[0].num > 0 && win[1].num > 0)
    {
      u128 g = gcd128 (win[0].den, win[1].den);

      den = win[0].den / g * win[1].den;
      exact = win[0].num * (den / win[0].den) + win[1].num * (den / win[1].den) == den;
    }
  if (exact)
    {
      ways[0] = win[0].num * (den / win[0].den);
      ways[1] = win[1].num * (den / win[1].den);
    }
  p[0] = win[0].p;
  p[1] = win[1].p;
  odds_from_ways (in->mechanic, odds, ways, p, exact ? den : 1, exact);
  odds->note = g_strdup (N_("Ties are thrown again: these are the odds of the final result, "
                            "whichever side is left with nobody fighting."));
  return TRUE;
}

#undef STATE

static gboolean
melee_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  gboolean attackers_win = g_str_equal (outcome->key, "attacker-wins");
  const char *attacker = adj_inputs_get_string (in, "attacker");
  const char *defender = adj_inputs_get_string (in, "defender");

  return apply_losses (ctx, changes, attacker,
                       adj_outcome_get_value_int (outcome, "attacker_killed", 0),
                       value_bool (outcome, "attacker_officer_killed"), FALSE, error) &&
         apply_losses (ctx, changes, defender,
                       adj_outcome_get_value_int (outcome, "defender_killed", 0),
                       value_bool (outcome, "defender_officer_killed"), FALSE, error) &&
         set_unit_bool (ctx, changes, attackers_win ? defender : attacker, "status.routing", TRUE,
                        error);
}

static const AdjMechanic gl_melee = {
  .id = "gl/melee",
  .title = N_("Melee"),
  .summary = N_("Two units fight it out figure against figure, round after round, until one side "
                "has nobody left fighting; that side routs 4D6″."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = melee_inputs,
  .n_inputs = G_N_ELEMENTS (melee_inputs),
  .outcomes = melee_outcomes,
  .n_outcomes = G_N_ELEMENTS (melee_outcomes),
  .random_note = N_("Each round the figures still fighting pair off and throw, ties again; the "
                    "spare figures step up for the next round.  The losing side then throws 4D6 "
                    "for its rout."),
  .draws = melee_draws,
  .prefill = melee_prefill,
  .resolve = melee_resolve,
  .odds = melee_odds,
  .apply = melee_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* The system                                                                                  */

static gboolean
check_morale (AdjRuleset  *rs,
              GError     **error)
{
  static const char *const keys[] = { "pass", "rally_dice", "rout_dice", NULL };
  static const char *const classes[] = { "regular", "zulu", "boer", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *morale, *pass;
  gint64 v;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "morale", TRUE, &morale, file, "$",
                            error) ||
      !adj_json_check_keys (morale, keys, file, "$.morale", error) ||
      !adj_json_get_object (morale, "pass", TRUE, &pass, file, "$.morale", error) ||
      !adj_json_check_keys (pass, classes, file, "$.morale.pass", error) ||
      !adj_json_get_int (morale, "rally_dice", TRUE, 1, 10, &v, file, "$.morale", error) ||
      !adj_json_get_int (morale, "rout_dice", TRUE, 1, 10, &v, file, "$.morale", error))
    return FALSE;
  for (guint i = 0; classes[i] != NULL; i++)
    if (!adj_json_get_int (pass, classes[i], TRUE, 1, 7, &v, file, "$.morale.pass", error))
      return FALSE;
  return TRUE;
}

static gboolean
check_cards (AdjRuleset  *rs,
             GError     **error)
{
  static const char *const keys[] = { "british", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *cards;
  const char *colour;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "cards", TRUE, &cards, file, "$", error) ||
      !adj_json_check_keys (cards, keys, file, "$.cards", error) ||
      !adj_json_get_string (cards, "british", TRUE, &colour, file, "$.cards", error))
    return FALSE;
  if (!g_str_equal (colour, "red") && !g_str_equal (colour, "black"))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cards.british",
                          _("expected “red” or “black”, found “%s”"), colour);
  return TRUE;
}

/* A table the mechanics read must have the rows they ask for (the ids in C), in that order. */
static gboolean
check_table (AdjRuleset       *rs,
             const char       *table_id,
             const AdjChoice  *rows,
             guint             n_rows,
             const char       *columns,
             GError          **error)
{
  const char *file = adj_ruleset_get_file (rs);
  const AdjTableShape *shape = adj_table_shape_lookup (rs, table_id);
  g_autofree char *want = NULL;

  if (shape == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” is missing"), table_id);
  if (shape->kind != ADJ_TABLE_INT)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” must hold whole numbers"), table_id);
  if (shape->n_rows != n_rows)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the table “%s” must have %u rows"), table_id, n_rows);
  for (guint i = 0; i < n_rows; i++)
    if (!g_str_equal (shape->rows[i].id, rows[i].id))
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                            _("row %u of the table “%s” must be “%s”"), i + 1, table_id,
                            rows[i].id);
  {
    GString *s = g_string_new (NULL);

    for (guint i = 0; i < shape->n_columns; i++)
      g_string_append_printf (s, "%s%s", i > 0 ? "," : "", shape->columns[i].id);
    want = g_string_free (s, FALSE);
  }
  if (!g_str_equal (want, columns))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.tables",
                          _("the columns of the table “%s” must be %s, found %s"), table_id,
                          columns, want);
  return TRUE;
}

static gboolean
gl_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const morale_mods[] = {
    "officer", "square-or-fort", "routing-or-prone", "below-half", "below-quarter",
    "british-cavalry", NULL
  };
  static const char *const melee_mods[] = {
    "hard-cover", "square", "leader", "cavalry", "charging", "rear", NULL
  };
  static const char *const movement_keys[] = { "boat_dice", NULL };
  static const char *const fire_keys[] = { "figure_dice", "crew_dice", NULL };
  static const char *const melee_keys[] = {
    "killed_on", "run", "rout_dice", "stragglers_die", "fall_back", NULL
  };
  static const char *const discovery_keys[] = { "unit", "scouts", NULL };
  static const char *const scouts_keys[] = { "max_figures", "max_distance", NULL };
  static const char *const categories[] = {
    "infantry", "cavalry", "mounted-rifles", "artillery", NULL
  };
  static const char *const status[] = {
    "officer", "nco", "nco_leader", "formation", "routing", "prone", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *types = adj_ruleset_get_unit_types (rs);
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);
  g_autoptr(GString) weapon_ids = g_string_new (NULL);
  const AdjField *formation;

  if (!adj_ruleset_require_modifiers (rs, "morale", morale_mods, error) ||
      !adj_ruleset_require_modifiers (rs, "melee", melee_mods, error) ||
      !check_morale (rs, error) ||
      !adj_rules_check_section_ints (rs, "movement", movement_keys, 0, 10, error) ||
      !adj_rules_check_section_ints (rs, "fire", fire_keys, 1, 10, error) ||
      !adj_rules_check_section_ints (rs, "melee", melee_keys, 1, 100, error) ||
      !adj_rules_check_section_ints (rs, "discovery", discovery_keys, 0, 100, error) ||
      !adj_rules_check_section_ints (rs, "scouts", scouts_keys, 1, 100, error) ||
      !check_cards (rs, error) ||
      !adj_rules_check_decisions (rs, error))
    return FALSE;
  if (adj_rules_int (rs, "melee", "killed_on") > 6)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.melee.killed_on",
                          _("expected a face of a D6, from 1 to 6"));
  for (guint i = 0; categories[i] != NULL; i++)
    if (adj_ruleset_find_category (rs, categories[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.categories",
                            _("the category “%s” is missing"), categories[i]);
  for (guint i = 0; status[i] != NULL; i++)
    if (adj_ruleset_find_status_field (rs, status[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “%s” is missing"), status[i]);
  formation = adj_ruleset_find_status_field (rs, "formation");
  if (formation->kind != ADJ_FIELD_ENUM || formation->n_choices != G_N_ELEMENTS (formation_choices))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                          _("the status field “formation” must offer close order, open order, "
                            "road column and square"));
  for (guint i = 0; i < G_N_ELEMENTS (formation_choices); i++)
    if (adj_field_find_choice (formation->choices, formation->n_choices,
                               formation_choices[i].id) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “formation” must offer “%s”"),
                            formation_choices[i].id);

  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      const char *dice = weapon_rule_string (w, "dice");
      int ranks = weapon_rule_int (w, "ranks", 1);

      g_string_append_printf (weapon_ids, "%s%s", i > 0 ? "," : "", w->id);
      if (dice == NULL || !(g_str_equal (dice, "figure") || g_str_equal (dice, "crew")) ||
          ranks < 1 || ranks > 4)
        {
          g_autofree char *where = adj_json_path_index ("$.weapons", i);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("expected “rules”: {“dice”: figure or crew} and at most "
                                  "4 “ranks”"));
        }
    }
  for (guint i = 0; i < types->len; i++)
    {
      const AdjUnitType *t = g_ptr_array_index (types, i);
      const char *morale = adj_unit_type_rule_string (t, "morale");
      int officers = adj_unit_type_rule_int (t, "officers", -1);
      int ncos = adj_unit_type_rule_int (t, "ncos", -1);
      int others = adj_unit_type_rule_int (t, "others", -1);
      g_autofree char *where = adj_json_path_index ("$.unit_types", i);

      if (morale == NULL ||
          adj_field_find_choice (class_choices, G_N_ELEMENTS (class_choices), morale) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected “rules”: {“morale”: regular, zulu or boer}"));
      if (officers != 1 || ncos < 0 || others < 1 || officers + ncos + others != t->figures ||
          t->figures > MAX_FIGURES)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected one officer, NCOs and other ranks in its “rules” that "
                                "add up to its figures"));
    }

  return check_table (rs, "hit", band_choices, G_N_ELEMENTS (band_choices), weapon_ids->str,
                      error) &&
         check_table (rs, "saves", cover_choices, G_N_ELEMENTS (cover_choices), "value", error) &&
         check_table (rs, "movement", move_choices, G_N_ELEMENTS (move_choices) - 1,
                      "clear,rough", error);
}

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
  .mechanics = gl_mechanics,
  .n_mechanics = G_N_ELEMENTS (gl_mechanics),
  .ruleset_keys = gl_keys,
  .check_ruleset = gl_check_ruleset,
};
