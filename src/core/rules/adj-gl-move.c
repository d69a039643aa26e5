/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-move.c: Glidden's colonial rules — morale (gl/morale), movement (gl/movement),
 * concealed units and scouts (gl/discovery, gl/scouts) and the charge (gl/charge). */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include "adj-gl-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Morale                                                                                      */

typedef struct {
  AdjInputs  *in;
  const char *morale_class;
  int         pass;
  AdjScore    score;
} MoraleTest;

/* Whether the test passes on @die: the die and the modifiers reach the pass score. */
static gboolean
morale_passes (const MoraleTest *test,
               int               die)
{
  return die + test->score.total >= test->pass;
}

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
              gl_class_choices, "regular", NULL), \
  BOOL_DEF ("officer", N_("An officer is with the unit"), NULL, 1, from_ ".status.officer"), \
  INT_FROM ("figures", N_("Figures left"), NULL, 0, MAX_FIGURES, 20, from_ ".figures"), \
  INT_INPUT ("full", N_("Figures at full strength"), \
             N_("Taken from the kind of unit when there is a battle"), 1, MAX_FIGURES, 20)

static const AdjField morale_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("occasion", N_("Why it tests"), NULL, occasion_choices, "before-move", NULL),
  MORALE_UNIT_INPUTS ("unit"),
  BOOL_FROM ("routing", N_("Routing"), "unit.status.routing"),
  BOOL_FROM ("prone", N_("Prone"), "unit.status.prone"),
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

/* Whether the officer adds his 1 to the test.  The test "when an officer falls" is taken
 * because he has fallen: he is no longer with the unit, whatever the "officer" input says (in a
 * battle the hit has already taken him off, without one the input keeps its default), so the
 * test comes out the same from the inputs alone as from the battle. */
static gboolean
morale_officer_counts (AdjInputs *in)
{
  return adj_inputs_get_bool (in, "officer") &&
         g_strcmp0 (adj_inputs_get_string (in, "occasion"), "officer-lost") != 0;
}

/* The test of @in: class, pass score and modifiers (the score must be cleared). */
static void
morale_setup (const AdjContext *ctx,
              AdjInputs        *in,
              MoraleTest       *test)
{
  const char *occasion = adj_inputs_get_string (in, "occasion");

  test->in = in;
  test->morale_class = adj_inputs_get_string (in, "class");
  test->pass = gl_pass_score (ctx->ruleset, test->morale_class);
  adj_score_init (&test->score);
  morale_modifiers (ctx->ruleset, &test->score, morale_officer_counts (in),
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

/* The outcome of the test @data on @die. */
static const char *
morale_outcome (int      die,
                gpointer data)
{
  const MoraleTest *test = data;

  return morale_key (test->in, morale_passes (test, die));
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
  passed = morale_passes (&test, die);
  adj_score_clear (&test.score);
  if (g_str_equal (adj_inputs_get_string (in, "occasion"), "officer-lost"))
    adj_outcome_add_note (outcome, _("The officer has just fallen, so no officer is with the "
                                     "unit to add 1."));
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                         /* TRANSLATORS: e.g. "Zulus pass on 3 or more: 4 passes" */
                         passed ? _("%s pass on %d or more: %d passes")
                                : _("%s pass on %d or more: %d fails"),
                         gl_class_label (test.morale_class), test.pass, total);
  key = morale_key (in, passed);
  adj_outcome_set_value_int (outcome, "score", total);
  adj_outcome_set_value_int (outcome, "pass", test.pass);
  adj_outcome_set_value_bool (outcome, "passed", passed);

  if (g_str_equal (key, "rallies") || g_str_equal (key, "routs"))
    {
      gboolean rally = g_str_equal (key, "rallies");
      guint n = (guint) adj_rules_int (ctx->ruleset, "morale", rally ? "rally_dice" : "rout_dice");
      g_autofree int *dice = gl_roll_dice (random, outcome, rally ? "rally" : "rout",
                                           rally ? N_("Rally move") : N_("Rout move"), n, error);
      g_autofree char *dist = NULL;

      if (dice == NULL)
        return FALSE;
      dist = gl_inches_label (gl_sum_of (dice, n));
      adj_outcome_set_value_int (outcome, "distance", gl_sum_of (dice, n));
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

  morale_setup (ctx, in, &test);
  adj_sum_odds (in->mechanic, 1, 6, morale_outcome, &test, odds);
  adj_score_clear (&test.score);
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
    return adj_rules_set_unit_bool (ctx, changes, unit, "status.routing", FALSE, error) &&
           adj_rules_set_unit_bool (ctx, changes, unit, "status.prone", FALSE, error);
  if (g_str_equal (outcome->key, "routs"))
    return adj_rules_set_unit_bool (ctx, changes, unit, "status.routing", TRUE, error) &&
           adj_rules_set_unit_bool (ctx, changes, unit, "status.prone", FALSE, error);
  return TRUE;
}

/* A unit of the battle acts in the movement phase only when the card turned lets it, and moves
 * once a turn (a unit not named is not checked: the numbers may be worked out on their own). */
static gboolean
legal_on_card (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_unit (ctx, in, "unit", FALSE, &unit, error))
    return FALSE;
  return unit == NULL || (gl_legal_phase (ctx, in->mechanic, error) &&
                          gl_legal_card (ctx, unit, error) &&
                          gl_legal_once (ctx, unit, FALSE, error));
}

/* The test before moving belongs to the unit's move, which the card governs; the tests when
 * an officer falls, when charging and when charged come whenever those happen. */
static gboolean
morale_legal (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  if (g_strcmp0 (adj_inputs_get_string (in, "occasion"), "before-move") != 0)
    return TRUE;
  return legal_on_card (ctx, in, error);
}

const AdjMechanic gl_morale = {
  .id = "gl/morale",
  .title = N_("Morale test"),
  .summary = N_("A D6 and the unit’s modifiers against its pass score: before it moves, when its "
                "officer falls, or to stand a charge."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (morale_inputs),
  MECHANIC_OUTCOMES (morale_outcomes),
  .random_note = N_("A rallying unit then throws 1D6 for its move, a routing one 4D6."),
  .phases = gl_movement_phase,
  .step_label = N_("_Morale Test"),
  .step_hint = N_("Every move starts with a morale test"),
  .draws = morale_draws,
  .prefill = morale_prefill,
  .legal = morale_legal,
  .resolve = morale_resolve,
  .odds = morale_odds,
  .apply = morale_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* Movement                                                                                    */

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Unit")),
  ENUM_INPUT ("kind", N_("Moving as"), NULL, gl_move_choices, "close-order", NULL),
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
      *dice = adj_rules_int (ctx->ruleset, "movement", "boat_dice");
      return TRUE;
    }
  return gl_table_cell (ctx, tables, "movement", kind,
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

/* The row of the movement table a unit of the battle moves by, as it stands. */
static const char *
movement_row (AdjBattle *battle,
              AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  const char *formation = adj_unit_get_status_string (unit, "formation");

  if (g_str_equal (type->category, "cavalry"))
    return "cavalry";
  if (g_str_equal (type->category, "mounted-rifles"))
    return "mounted-rifles";
  if (g_str_equal (type->category, "artillery"))
    return "guns";
  if (g_strcmp0 (formation, "open-order") == 0 || g_strcmp0 (formation, "road-column") == 0)
    return formation;
  return "close-order";
}

static gboolean
movement_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");

  if (unit == NULL)
    return TRUE;
  return adj_inputs_set_string (in, "kind", movement_row (ctx->battle, unit), error);
}

/* The dice of one cell of the movement table: 0 or more, or -1 when nobody entered it. */
static int
movement_cell (AdjRuleset *rs,
               AdjTables  *tables,
               const char *row,
               const char *column)
{
  json_object *fixed = adj_table_shape_get_fixed (adj_table_shape_lookup (rs, "movement"), row,
                                                  column);
  const char *special = NULL;
  int dice = -1;

  if (fixed != NULL)
    return json_object_get_int (fixed);
  if (tables == NULL || !adj_tables_get_int (tables, "movement", row, column, &dice, &special) ||
      special != NULL)
    return -1;
  return dice;
}

void
gl_roster_unit (AdjBattle     *battle,
                AdjTables     *tables,
                AdjUnit       *unit,
                AdjRosterUnit *info)
{
  static const char *const no_nco[] = { "nco", "nco_leader", NULL };
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  const char *row = movement_row (battle, unit);
  int clear = movement_cell (rs, tables, row, "clear");
  int rough = movement_cell (rs, tables, row, "rough");

  /* Troops with no NCO (Zulus, Boers, gun crews) have no box for him. */
  if (adj_unit_type_rule_int (adj_battle_unit_type (battle, unit), "ncos", 0) == 0)
    info->omit = no_nco;

  /* The dice the unit throws as it stands: its formation or its kind of troops picks the row. */
  if (clear < 0)
    info->move = g_strdup (_("as your movement table says"));
  else if (clear == 0)
    info->move = g_strdup (_("does not move"));
  else if (rough < 0 || rough == clear)
    /* TRANSLATORS: a move thrown on dice, e.g. "2D6″" */
    info->move = g_strdup_printf (_("%dD6″"), clear);
  else if (rough == 0)
    /* TRANSLATORS: e.g. "4D6″, not over rough ground" */
    info->move = g_strdup_printf (_("%dD6″, not over rough ground"), clear);
  else
    /* TRANSLATORS: e.g. "4D6″, rough ground 2D6″" */
    info->move = g_strdup_printf (_("%dD6″, rough ground %dD6″"), clear, rough);
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
  const AdjChoice *how = adj_field_find_choice (gl_move_choices, G_N_ELEMENTS (gl_move_choices),
                                                kind);
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
  dice = gl_roll_dice (random, outcome, "move", N_("Move"), (guint) n, error);
  if (dice == NULL)
    return FALSE;
  move = gl_sum_of (dice, (guint) n);
  title = gl_inches_label (move);
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
  int n = 0;

  if (!movement_dice (ctx, in, &tables, &n, error))
    return FALSE;
  adj_number_odds ((guint) n, 6, 0, gl_inches_label, odds);
  return TRUE;
}

const AdjMechanic gl_movement = {
  .id = "gl/movement",
  .title = N_("Movement"),
  .summary = N_("How far a unit may move: a number of D6 in inches, by its formation and the "
                "ground."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (movement_inputs),
  .random_note = N_("The dice come from the movement table; the cells the rules do not give are "
                    "yours to enter."),
  .tables = gl_movement_tables,
  .phases = gl_movement_phase,
  .step_label = N_("M_ove"),
  .step_hint = N_("How far the unit may move"),
  .draws = movement_draws,
  .prefill = movement_prefill,
  .legal = legal_on_card,
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
  int reach = adj_rules_int (ctx->ruleset, "discovery", spotter);
  int distance = adj_inputs_get_int (in, "distance");
  g_autofree char *reach_s = gl_inches_label (reach);
  g_autofree char *distance_s = gl_inches_label (distance);

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

const AdjMechanic gl_discovery = {
  .id = "gl/discovery",
  .title = N_("Finding a concealed unit"),
  .summary = N_("A hidden unit is found when enemy troops move close: 3″ for a unit, 6″ for "
                "scouts."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (discovery_inputs),
  MECHANIC_OUTCOMES (discovery_outcomes),
  .resolve = discovery_resolve,
};

static const AdjField scouts_inputs[] = {
  INT_INPUT ("figures", N_("Figures sent out as scouts"), NULL, 1, 20, 2),
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
  int max_figures = adj_rules_int (ctx->ruleset, "scouts", "max_figures");
  int max_distance = adj_rules_int (ctx->ruleset, "scouts", "max_distance");
  int figures = adj_inputs_get_int (in, "figures");
  int distance = adj_inputs_get_int (in, "distance");
  g_autofree char *limit = gl_inches_label (max_distance);

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

const AdjMechanic gl_scouts = {
  .id = "gl/scouts",
  .title = N_("Sending out scouts"),
  .summary = N_("A unit may detach up to two figures as scouts, who stay within 24″ of it."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (scouts_inputs),
  MECHANIC_OUTCOMES (scouts_outcomes),
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

/* A D6 of the charging figures stay behind, any of them (the officer leads the charge and is
 * the last to hang back, so he is among those who go on while anyone does); when the die is as
 * many as the unit has figures, nobody goes on and the charge stops short, untested. */
static gboolean
charge_stops_short (int figures,
                    int stragglers_die)
{
  return stragglers_die >= figures;
}

static void
charge_test (const AdjContext *ctx,
             AdjInputs        *in,
             MoraleTest       *test)
{
  test->morale_class = adj_inputs_get_string (in, "class");
  test->pass = gl_pass_score (ctx->ruleset, test->morale_class);
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
  int figures = adj_inputs_get_int (in, "figures");
  int stragglers_die, stragglers, die, total, closing;
  MoraleTest test;

  if (figures == 0)
    return adj_not_allowed (error, _("A unit with no figures cannot charge"));
  if (!adj_random_roll (random, "stragglers", N_("Stragglers"), 1, 6, &stragglers_die, error))
    return FALSE;
  stragglers = MIN (stragglers_die, figures);
  closing = figures - stragglers;
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, "stragglers", TRUE, stragglers_die,
                         /* TRANSLATORS: e.g. "Stragglers (D6): 4 stay behind" */
                         ngettext ("Stragglers (D6): %d stays behind",
                                   "Stragglers (D6): %d stay behind", stragglers), stragglers);
  adj_outcome_set_value_int (outcome, "stragglers", stragglers);
  adj_outcome_set_value_int (outcome, "closing", closing);

  if (charge_stops_short (figures, stragglers_die))
    {
      adj_outcome_set_result (outcome, "stops-short",
                              /* TRANSLATORS: e.g. "B Company: all its 4 figures straggle, and
                               * nobody goes on" */
                              ngettext ("%s: its %d figure straggles, and nobody goes on",
                                        "%s: all its %d figures straggle, and nobody goes on",
                                        figures), name, figures);
      return TRUE;
    }

  charge_test (ctx, in, &test);
  if (!adj_random_roll (random, "morale", N_("Test to close"), 1, 6, &die, error))
    {
      adj_score_clear (&test.score);
      return FALSE;
    }
  total = adj_score_explain (&test.score, outcome, "unit", name, &die, 1, 6);
  adj_outcome_set_value_int (outcome, "score", total);
  adj_outcome_set_value_int (outcome, "pass", test.pass);
  if (morale_passes (&test, die))
    adj_outcome_set_result (outcome, "closes",
                            ngettext ("%d figure reaches the enemy, who must now test to stand",
                                      "%d figures reach the enemy, who must now test to stand",
                                      closing), closing);
  else
    adj_outcome_set_result (outcome, "falls-back",
                            _("%s fails to close (%d against %d): it falls back 6″ and lies "
                              "prone"), name, total, test.pass);
  adj_score_clear (&test.score);
  return TRUE;
}

static gboolean
charge_odds (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOdds           *odds,
             GError           **error)
{
  int figures = adj_inputs_get_int (in, "figures");
  MoraleTest test;
  guint64 ways[3] = { 0 };

  charge_test (ctx, in, &test);
  for (int s = 1; s <= 6; s++)
    for (int die = 1; die <= 6; die++)
      {
        if (charge_stops_short (figures, s))
          ways[2]++;
        else if (morale_passes (&test, die))
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
    return adj_rules_set_unit_bool (ctx, changes, adj_inputs_get_string (in, "unit"),
                                    "status.prone", TRUE, error);
  return TRUE;
}

/* A unit in rout must rally before it charges, and charges only when the card turned lets it
 * act. */
static gboolean
charge_legal (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_unit (ctx, in, "unit", TRUE, &unit, error))
    return FALSE;
  if (adj_unit_get_status_bool (unit, "routing"))
    return adj_not_allowed (error, _("%s is routing and cannot charge"),
                            adj_unit_get_name (unit));
  return gl_legal_phase (ctx, in->mechanic, error) && gl_legal_card (ctx, unit, error) &&
         gl_legal_once (ctx, unit, FALSE, error);
}

const AdjMechanic gl_charge = {
  .id = "gl/charge",
  .title = N_("Charge"),
  .summary = N_("A charge reaches the enemy less its stragglers (a D6), then tests its morale to "
                "close; failing, it falls back and lies prone."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (charge_inputs),
  MECHANIC_OUTCOMES (charge_outcomes),
  .random_note = N_("The charged unit then tests to stand (see “Morale test”)."),
  .phases = gl_movement_phase,
  .step_label = N_("C_harge"),
  .step_hint = N_("Stragglers and the test to close"),
  .draws = charge_draws,
  .prefill = charge_prefill,
  .legal = charge_legal,
  .resolve = charge_resolve,
  .odds = charge_odds,
  .apply = charge_apply,
};
