/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-command.c: Risk Factor — command (rf/command) and movement (rf/movement). */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* rf/command                                                                                  */

#define N_GROUPS 4
#define N_LINKS  3

static const AdjField command_inputs[] = {
  UNIT_INPUT ("commander", N_("Player character")),
  ENUM_INPUT ("quality", N_("His quality"), N_("Heroes roll 4D6, veterans 3D6, raw men 2D6."),
              rf_quality_choices, "veteran", "commander.rating"),
  BOOL_INPUT ("busy", N_("He is loading, shooting or fighting in a melee"),
              N_("One die fewer this turn.")),
  BOOL_INPUT ("drummer", N_("A drummer or bugler is among those commanded"),
              N_("One die more.")),
  BOOL_INPUT ("enclosed", N_("In enclosed country (woods, buildings, broken ground)"),
              N_("Command reaches 25 cm instead of 50 cm in the open.")),
  ENUM_INPUT ("link_1", N_("First NCO, drummer or bugler passing orders on"),
              N_("An NCO, drummer or bugler within command distance adds his own dice and "
                 "costs nothing."), rf_link_choices, "none", NULL),
  ENUM_INPUT ("link_2", N_("Second one, within reach of the first"), NULL, rf_link_choices, "none",
              NULL),
  ENUM_INPUT ("link_3", N_("Third one, within reach of the second"), NULL, rf_link_choices, "none",
              NULL),
  UNIT_INPUT ("group_1", N_("First group to command")),
  INT_INPUT ("cost_1", N_("Points the first group costs"),
             N_("1 for each loyal figure, 2 for each disloyal or routing one; the NCOs passing "
                "orders on are free."), 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_1", N_("Every figure of the first group within command distance"), NULL,
            TRUE, NULL),
  UNIT_INPUT ("group_2", N_("Second group to command")),
  INT_INPUT ("cost_2", N_("Points the second group costs"), NULL, 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_2", N_("Every figure of the second group within command distance"), NULL,
            TRUE, NULL),
  UNIT_INPUT ("group_3", N_("Third group to command")),
  INT_INPUT ("cost_3", N_("Points the third group costs"), NULL, 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_3", N_("Every figure of the third group within command distance"), NULL,
            TRUE, NULL),
  UNIT_INPUT ("group_4", N_("Fourth group to command")),
  INT_INPUT ("cost_4", N_("Points the fourth group costs"), NULL, 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_4", N_("Every figure of the fourth group within command distance"), NULL,
            TRUE, NULL),
};

static int
officer_dice (const AdjContext *ctx,
              AdjInputs        *in)
{
  AdjRuleset *rs = ctx->ruleset;
  int n = rf_quality_dice (rs, adj_inputs_get_string (in, "quality"));

  if (adj_inputs_get_bool (in, "drummer"))
    n += adj_rules_int (rs, "command", "drummer_dice");
  if (adj_inputs_get_bool (in, "busy"))
    n -= adj_rules_int (rs, "command", "busy_dice");
  return MAX (n, 0);
}

static int
link_dice (const AdjContext *ctx,
           AdjInputs        *in,
           guint             k)
{
  char name[16];
  const char *q;

  g_snprintf (name, sizeof name, "link_%u", k);
  q = adj_inputs_get_string (in, name);
  return g_str_equal (q, "none") ? 0 : rf_quality_dice (ctx->ruleset, q);
}

static void
command_draws (const AdjContext *ctx,
               AdjInputs        *in,
               GArray           *specs)
{
  static const char *const groups[] = { "link-1", "link-2", "link-3" };
  static const char *const labels[] = {
    N_("First NCO passing orders on"), N_("Second NCO passing orders on"),
    N_("Third NCO passing orders on")
  };
  AdjDrawSpec officer = { "officer", N_("Player character"), (guint) officer_dice (ctx, in), 6 };

  if (officer.count > 0)
    g_array_append_val (specs, officer);
  for (guint k = 1; k <= N_LINKS; k++)
    {
      AdjDrawSpec spec = { groups[k - 1], labels[k - 1], (guint) link_dice (ctx, in, k), 6 };
      if (spec.count > 0)
        g_array_append_val (specs, spec);
    }
}

static gboolean
slot_used (AdjInputs *in,
           guint      k)
{
  char group[16], cost[16];

  g_snprintf (group, sizeof group, "group_%u", k);
  g_snprintf (cost, sizeof cost, "cost_%u", k);
  return adj_inputs_get_string (in, group) != NULL || adj_inputs_get_int (in, cost) > 0;
}

/* Which groups a pool of points commands: in the order named, each whole or not at all; a
 * group the points left cannot pay for is passed over and a cheaper one after it may still
 * be commanded (Decision).  Returns a bit per group; *@left the points not spent. */
static guint
command_groups (AdjInputs *in,
                int        pool,
                int       *left)
{
  guint commanded = 0;

  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char cost[16], reach[16];
      int c;

      if (!slot_used (in, k))
        continue;
      g_snprintf (cost, sizeof cost, "cost_%u", k);
      g_snprintf (reach, sizeof reach, "reach_%u", k);
      c = adj_inputs_get_int (in, cost);
      if (!adj_inputs_get_bool (in, reach) || c > pool)
        continue;
      pool -= c;
      commanded |= 1u << (k - 1);
    }
  if (left != NULL)
    *left = pool;
  return commanded;
}

static const char *
command_key (AdjInputs *in,
             guint      commanded)
{
  guint used = 0;

  for (guint k = 1; k <= N_GROUPS; k++)
    if (slot_used (in, k))
      used |= 1u << (k - 1);
  if (used == 0)
    return "points";
  if (commanded == used)
    return "all";
  return commanded == 0 ? "none" : "some";
}

static gboolean
command_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  static const char *const groups[] = { "link-1", "link-2", "link-3" };
  static const char *const labels[] = {
    N_("First NCO passing orders on"), N_("Second NCO passing orders on"),
    N_("Third NCO passing orders on")
  };
  AdjRuleset *rs = ctx->ruleset;
  int dice[64];
  int n = officer_dice (ctx, in);
  int pool = 0, left = 0;
  int distance = adj_rules_int (rs, "command", adj_inputs_get_bool (in, "enclosed")
                                                ? "distance_enclosed" : "distance_open");
  guint commanded;
  const char *key;

  if (n > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      int sum = 0;

      if (!adj_random_roll (random, "officer", N_("Player character"), (guint) n, 6, dice, error))
        return FALSE;
      sum = adj_dice_append (text, dice, (guint) n, " + ");
      /* TRANSLATORS: e.g. "Lt Ashby rolls 3D6: 4 + 4 + 4" */
      explain (outcome, ADJ_EXPLAIN_DICE, "officer", TRUE, sum, _("%s rolls %dD6: %s"),
               adj_input_unit_name (ctx, in, "commander", _("The player character")), n, text->str);
      pool += sum;
    }
  else
    adj_outcome_add_note (outcome, _("The player character has no dice left to roll."));
  if (adj_inputs_get_bool (in, "drummer"))
    adj_outcome_add_note (outcome, _("One die more: a drummer or bugler is commanded."));
  if (adj_inputs_get_bool (in, "busy"))
    adj_outcome_add_note (outcome, _("One die fewer: he is busy loading, shooting or fighting."));

  for (guint k = 1; k <= N_LINKS; k++)
    {
      int m = link_dice (ctx, in, k);
      g_autoptr(GString) text = g_string_new (NULL);
      int sum = 0;

      if (m == 0)
        continue;
      if (!adj_random_roll (random, groups[k - 1], labels[k - 1], (guint) m, 6, dice, error))
        return FALSE;
      sum = adj_dice_append (text, dice, (guint) m, " + ");
      explain (outcome, ADJ_EXPLAIN_DICE, groups[k - 1], TRUE, sum, "%s: %dD6: %s",
               adj_gettext (labels[k - 1]), m, text->str);
      pool += sum;
    }
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Command points"), TRUE, pool);
  adj_outcome_add_note (outcome, _("Command reaches %d cm from the officer or an NCO passing "
                                   "orders on."), distance);

  commanded = command_groups (in, pool, &left);
  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16], cost[16], reach[16], value[24];
      const char *name;
      int c;

      if (!slot_used (in, k))
        continue;
      g_snprintf (group, sizeof group, "group_%u", k);
      g_snprintf (cost, sizeof cost, "cost_%u", k);
      g_snprintf (reach, sizeof reach, "reach_%u", k);
      g_snprintf (value, sizeof value, "commanded_%u", k);
      c = adj_inputs_get_int (in, cost);
      {
        g_autofree char *fallback = g_strdup_printf (_("Group %u"), k);
        name = adj_input_unit_name (ctx, in, group, NULL);
        if (name == NULL)
          name = fallback;
        if (commanded & (1u << (k - 1)))
          explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                   ngettext ("%s: commanded for %d point", "%s: commanded for %d points", c),
                   name, c);
        else if (!adj_inputs_get_bool (in, reach))
          explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                   _("%s: not commanded, some of its figures are out of reach"), name);
        else
          explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                   ngettext ("%s: not commanded, it needs %d point",
                             "%s: not commanded, it needs %d points", c), name, c);
      }
      adj_outcome_set_value_int (outcome, value, (commanded & (1u << (k - 1))) ? 1 : 0);
    }

  key = command_key (in, commanded);
  adj_outcome_set_result (outcome, key, ngettext ("%d command point, %d left over",
                                                  "%d command points, %d left over", pool),
                          pool, left);
  adj_outcome_set_value_int (outcome, "pool", pool);
  adj_outcome_set_value_int (outcome, "left", left);
  return TRUE;
}

/* The outcome of the command dice of @in adding up to @sum. */
static const char *
command_outcome (int      sum,
                 gpointer in)
{
  return command_key (in, command_groups (in, sum, NULL));
}

static gboolean
command_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  guint n = (guint) officer_dice (ctx, in);

  for (guint k = 1; k <= N_LINKS; k++)
    n += (guint) link_dice (ctx, in, k);
  adj_sum_odds (in->mechanic, n, 6, command_outcome, in, odds);
  return TRUE;
}

typedef struct {
  AdjUnit *unit;
  guint    member;
  char    *quality;
} Link;

static void
link_clear (gpointer data)
{
  g_free (((Link *) data)->quality);
}

/* The costs of the groups named, their NCOs, drummers and buglers as the links of the chain of
 * command (unless the caller named the links), and whether a drummer or bugler is commanded. */
static gboolean
command_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autoptr(GArray) links = g_array_new (FALSE, TRUE, sizeof (Link));
  gboolean drummer = FALSE;
  guint n_links = 0;

  if (ctx->battle == NULL)
    return TRUE;
  g_array_set_clear_func (links, link_clear);

  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16];
      AdjUnit *unit;
      json_object *members;

      g_snprintf (group, sizeof group, "group_%u", k);
      unit = adj_input_unit (ctx, in, group);
      members = unit != NULL ? adj_unit_get_members (unit) : NULL;
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          const char *role = rf_member_role (members, i);

          if (!rf_member_in_play (members, i) || !rf_role_passes_orders (role))
            continue;
          if (!g_str_equal (role, "nco"))
            drummer = TRUE;
          {
            Link l = { unit, i, g_strdup (rf_member_quality (unit, rf_member_rating (members, i),
                                                             NULL)) };
            g_array_append_val (links, l);
          }
        }
    }
  if (!adj_inputs_set_bool (in, "drummer", drummer, error))
    return FALSE;

  for (guint k = 1; k <= N_LINKS; k++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "link_%u", k);
      if (!adj_inputs_is_set (in, name))
        {
          const char *q = k <= links->len ? g_array_index (links, Link, k - 1).quality : "none";
          if (!adj_inputs_set_string (in, name, q, error))
            return FALSE;
        }
      if (!g_str_equal (adj_inputs_get_string (in, name), "none"))
        n_links++;
    }

  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16], cost_name[16];
      AdjUnit *unit;
      json_object *members;
      int cost = 0;
      gboolean routing;
      int loyal = adj_rules_int (rs, "command", "cost_loyal");
      int disloyal = adj_rules_int (rs, "command", "cost_disloyal");
      int router = adj_rules_int (rs, "command", "cost_router");
      int chain = adj_rules_int (rs, "command", "cost_chain");

      g_snprintf (group, sizeof group, "group_%u", k);
      g_snprintf (cost_name, sizeof cost_name, "cost_%u", k);
      unit = adj_input_unit (ctx, in, group);
      if (unit == NULL)
        continue;
      routing = adj_unit_get_status_bool (unit, "routing");
      members = adj_unit_get_members (unit);
      if (members == NULL)
        cost = adj_unit_get_figures (unit) * (routing ? router : loyal);
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          gboolean is_link = FALSE;

          if (!rf_member_in_play (members, i))
            continue;
          for (guint l = 0; l < MIN (n_links, links->len); l++)
            if (g_array_index (links, Link, l).unit == unit &&
                g_array_index (links, Link, l).member == i)
              is_link = TRUE;
          if (is_link)
            cost += chain;
          else if (routing)
            cost += router;
          else if (adj_member_get_bool (members, i, "disloyal"))
            cost += disloyal;
          else
            cost += loyal;
        }
      if (!adj_inputs_set_int (in, cost_name, MIN (cost, 2 * MAX_FIGURES), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
command_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);

  if (ctx->battle == NULL)
    return TRUE;
  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16], value[24];
      AdjUnit *unit;

      g_snprintf (group, sizeof group, "group_%u", k);
      g_snprintf (value, sizeof value, "commanded_%u", k);
      unit = adj_input_unit (ctx, in, group);
      if (unit != NULL && adj_outcome_get_value_int (outcome, value, 0) == 1 &&
          !rf_change_status (ctx->battle, changes, unit, "commanded", yes, error))
        return FALSE;
    }
  return TRUE;
}

/* A player character gives orders in his side's command phase, to groups of his side still in
 * the fight. */
static gboolean
command_legal (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  static const char *const groups[] = { "group_1", "group_2", "group_3", "group_4" };
  AdjUnit *commander;

  if (!adj_rules_legal_unit (ctx, in, "commander", TRUE, &commander, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      AdjUnit *group;

      if (!adj_rules_legal_unit (ctx, in, groups[i], FALSE, &group, error))
        return FALSE;
      if (group != NULL &&
          g_strcmp0 (adj_unit_get_side (group), adj_unit_get_side (commander)) != 0)
        return adj_not_allowed (error, _("%s cannot command %s, a group of the other side"),
                                adj_unit_get_name (commander), adj_unit_get_name (group));
    }
  return rf_legal_in_phase (ctx->battle, commander, RF_ACT_COMMAND, error);
}

const AdjMechanic rf_command = {
  .id = "rf/command",
  .title = N_("Command"),
  .summary = N_("A player character rolls for command points and commands whole groups with "
                "them, helped by NCOs who pass orders on."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (command_inputs),
  MECHANIC_OUTCOMES (rf_command_outcomes),
  .random_note = N_("The player character's dice first, then each NCO's in the order of the "
                    "chain."),
  .draws = command_draws,
  .legal = command_legal,
  .resolve = command_resolve,
  .odds = command_odds,
  .prefill = command_prefill,
  .apply = command_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/movement                                                                                 */

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Group or figure moving")),
  BOOL_INPUT ("horsed", N_("On horseback"), NULL),
  BOOL_INPUT ("open_ground", N_("The whole move is over open, clear ground"),
              N_("Horsemen move 40 cm only over open, clear ground.")),
  BOOL_INPUT ("wounded", N_("Moving a wounded figure"), NULL),
  BOOL_INPUT ("civilian", N_("Civilians"), NULL),
  BOOL_INPUT ("petticoats", N_("In long skirts that are not tucked up"), NULL),
  BOOL_INPUT ("half_speed", N_("Shooting this turn at half speed"),
              N_("Commanded breech-loaders and bows, and muzzle-loaders firing after loading, "
                 "move at half speed in a turn they shoot.")),
  BOOL_DEF ("routing", N_("Routing"), N_("A rout runs 5 cm farther."), FALSE,
            "unit.status.routing"),
  BOOL_INPUT ("barrier", N_("Crossing a low barrier or fence"),
              N_("Costs a quarter of the move.")),
  BOOL_INPUT ("native_attack", N_("Natives attacking"),
              N_("Natives add a D6 cm when they attack.")),
};

/* The move in cm before the natives' die.  Decisions: horsemen off open, clear ground move as
 * foot (25 cm); halves and quarters are rounded down; the barrier costs a quarter of the
 * figure's normal move, before halving or the rout's extra 5 cm. */
static int
movement_base (const AdjContext *ctx,
               AdjInputs        *in,
               AdjOutcome       *outcome)
{
  AdjRuleset *rs = ctx->ruleset;
  int move = adj_rules_int (rs, "movement", "foot");
  int normal;

  if (adj_inputs_get_bool (in, "horsed") && adj_inputs_get_bool (in, "open_ground"))
    move = adj_rules_int (rs, "movement", "horsed_open");
  if (adj_inputs_get_bool (in, "civilian"))
    move = adj_inputs_get_bool (in, "petticoats") ? adj_rules_int (rs, "movement", "petticoats")
                                                  : adj_rules_int (rs, "movement", "civilian");
  if (adj_inputs_get_bool (in, "wounded"))
    move = MIN (move, adj_rules_int (rs, "movement", "wounded"));
  else if (adj_inputs_get_bool (in, "petticoats") && !adj_inputs_get_bool (in, "civilian"))
    move = MIN (move, adj_rules_int (rs, "movement", "petticoats"));
  normal = move;
  if (outcome != NULL)
    explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, move, _("Normal move (cm)"));
  if (adj_inputs_get_bool (in, "half_speed"))
    {
      if (outcome != NULL)
        adj_outcome_add_modifier (outcome, NULL, _("Half speed while shooting"),
                                  move / 2 - move);
      move /= 2;
    }
  if (adj_inputs_get_bool (in, "routing"))
    {
      int bonus = adj_rules_int (rs, "movement", "rout_bonus");
      if (outcome != NULL)
        adj_outcome_add_modifier (outcome, NULL, _("Routing"), bonus);
      move += bonus;
    }
  if (adj_inputs_get_bool (in, "barrier"))
    {
      int cost = normal * adj_rules_int (rs, "movement", "barrier_quarters") / 4;
      if (outcome != NULL)
        adj_outcome_add_modifier (outcome, NULL, _("Crossing a low barrier"), -cost);
      move -= cost;
    }
  return MAX (move, 0);
}

static void
movement_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec die = { "natives", N_("Natives' extra distance"), 1,
                      (guint) adj_rules_int (ctx->ruleset, "movement", "native_attack_die") };

  if (adj_inputs_get_bool (in, "native_attack"))
    g_array_append_val (specs, die);
}

static gboolean
movement_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int move = movement_base (ctx, in, outcome);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  if (adj_inputs_get_bool (in, "native_attack"))
    {
      int d;
      guint sides = (guint) adj_rules_int (rs, "movement", "native_attack_die");

      if (!adj_random_roll (random, "natives", N_("Natives' extra distance"), 1, sides, &d, error))
        return FALSE;
      explain (outcome, ADJ_EXPLAIN_DICE, "natives", TRUE, d, _("Natives attacking roll 1D%u"),
               sides);
      move += d;
    }
  adj_outcome_add_note (outcome, _("Difficult going counts double: each centimetre of it uses "
                                   "%d cm of the move."),
                        adj_rules_int (rs, "movement", "difficult_factor"));
  /* TRANSLATORS: the result of the movement mechanic, e.g. "25 cm" */
  title = g_strdup_printf (_("%d cm"), move);
  reason = g_strdup_printf (_("Moves up to %d cm this turn"), move);
  adj_outcome_set_number (outcome, move, title, reason);
  return TRUE;
}

/* A move as its odds name it. */
static char *
cm_label (int value)
{
  return g_strdup_printf ("%d cm", value);
}

static gboolean
movement_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  /* Natives attacking add a die to the move. */
  adj_number_odds (adj_inputs_get_bool (in, "native_attack") ? 1 : 0,
                   (guint) adj_rules_int (ctx->ruleset, "movement", "native_attack_die"),
                   movement_base (ctx, in, NULL), cm_label, odds);
  return TRUE;
}

static gboolean
movement_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  const AdjUnitType *type = rf_unit_type_of (ctx, unit);
  json_object *members;
  gboolean wounded = FALSE;

  if (type == NULL)
    return TRUE;
  members = adj_unit_get_members (unit);
  for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
    if (rf_member_in_play (members, i) && adj_member_get_int (members, i, "wounds") > 0)
      wounded = TRUE;
  return adj_inputs_set_bool (in, "horsed", adj_unit_type_rule_bool (type, "horsed", FALSE),
                              error) &&
         adj_inputs_set_bool (in, "civilian", adj_unit_type_rule_bool (type, "civilian", FALSE),
                              error) &&
         adj_inputs_set_bool (in, "wounded", wounded, error);
}

/* A group moves in its side's movement phase. */
static gboolean
movement_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_unit (ctx, in, "unit", TRUE, &unit, error))
    return FALSE;
  return rf_legal_in_phase (ctx->battle, unit, RF_ACT_MOVE, error);
}

const AdjMechanic rf_movement = {
  .id = "rf/movement",
  .title = N_("Movement"),
  .summary = N_("How far a figure or group may move this turn."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (movement_inputs),
  .random_note = N_("Only natives who attack roll a die, for their extra distance."),
  .draws = movement_draws,
  .legal = movement_legal,
  .resolve = movement_resolve,
  .odds = movement_odds,
  .prefill = movement_prefill,
};
