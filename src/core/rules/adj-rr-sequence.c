/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-sequence.c: Redvers' Reverse — the sequence of play as the code knows it (rr.json must
 * list exactly these steps), walking it step by step with the steps Adjutant carries out
 * itself, and the Turn & Status tracks: Game Turn, Confidence, Loss and the command points. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include <string.h>

#include "adj-i18n.h"
#include "adj-rr-private.h"

/* ------------------------------------------------------------------------------------------ */
/* The sequence of play, as the code knows it: rr.json must list exactly these steps.          */

/* The rolls the rules require before the marker moves on, one per STEP_REQUIRED step. */
static const AdjRrRoll rr_rolls[] = {
  { "draw-event", N_("_Draw a British Event Chit"),
    N_("One chit at random from the British event cup"), ADJ_RR_CUP_BRITISH },
  { "roll-send", N_("_Roll for the Orders Sent"),
    N_("Two dice on your Send Orders table for every order planned this turn"), ADJ_RR_N_CUPS },
  { "roll-receive", N_("_Roll for the Orders Arriving"),
    N_("Two dice on your Receive Orders table for every Objective Marker due this turn"),
    ADJ_RR_N_CUPS },
  { "draw-boer-event", N_("_Draw a Boer Event Chit"),
    N_("One chit at random from the Boer event cup"), ADJ_RR_CUP_BOER },
  { "shaken-test", N_("_Roll the Shaken Test"),
    N_("Two dice, plus one for every box Confidence stands below the Game Turn"),
    ADJ_RR_N_CUPS },
};

/* Each step with its roll, the mechanics the player resolves in it from the action panel, and
 * whether commandos fire in it: the Boers fire back at an approach and in close combat, and in
 * their own Rifle Fire segment. */
const StepDef rr_steps[RR_N_STEPS] = {
  { "orders", "british-event", "return-chits", STEP_AUTO, NULL, { NULL }, FALSE },
  { "orders", "british-event", "draw-event", STEP_REQUIRED, &rr_rolls[0], { NULL }, FALSE },
  { "orders", "command-points", "collect-cp", STEP_AUTO, NULL, { NULL }, FALSE },
  { "orders", "send-orders", "plan-orders", STEP_PLAYER, NULL, { NULL }, FALSE },
  { "orders", "send-orders", "roll-send", STEP_REQUIRED, &rr_rolls[1], { NULL }, FALSE },
  { "orders", "receive-orders", "roll-receive", STEP_REQUIRED, &rr_rolls[2], { NULL }, FALSE },
  { "orders", "emergency-withdrawal", "withdrawal", STEP_PLAYER, NULL, { NULL }, FALSE },
  { "shell-fire", "boer-shell-fire", "misfire", STEP_AUTO, NULL, { NULL }, FALSE },
  { "shell-fire", "boer-shell-fire", "boer-guns-fire", STEP_PLAYER, NULL,
    { "rr/boer-target", "rr/shell-fire", "rr/formation-morale", NULL }, FALSE },
  { "shell-fire", "boer-recovery", "boer-recovery", STEP_PLAYER, NULL,
    { "rr/unit-recovery", NULL }, FALSE },
  { "shell-fire", "british-shell-fire", "ammo", STEP_AUTO, NULL, { NULL }, FALSE },
  { "shell-fire", "british-shell-fire", "batteries-fire", STEP_PLAYER, NULL,
    { "rr/shell-fire", "rr/formation-morale", NULL }, FALSE },
  { "movement", "british-movement", "routed-move", STEP_PLAYER, NULL, { "rr/cross", NULL },
    FALSE },
  { "movement", "british-movement", "brigades-move", STEP_PLAYER, NULL,
    { "rr/cross", "rr/find-drift", NULL }, FALSE },
  { "movement", "british-assault", "approach", STEP_PLAYER, NULL,
    { "rr/rifle-fire", "rr/losses", "rr/formation-morale", "rr/leader-casualty", NULL }, TRUE },
  { "movement", "british-assault", "close-combat", STEP_PLAYER, NULL,
    { "rr/rifle-fire", "rr/losses", "rr/formation-morale", "rr/leader-casualty", NULL }, TRUE },
  { "movement", "british-assault", "overrun", STEP_PLAYER, NULL,
    { "rr/leader-casualty", NULL }, FALSE },
  { "movement", "boer-event", "draw-boer-event", STEP_REQUIRED, &rr_rolls[3], { NULL }, FALSE },
  { "movement", "boer-movement", "commandos-move", STEP_PLAYER, NULL, { "rr/cross", NULL },
    FALSE },
  { "rifle-fire", "british-rifle-fire", "british-rifles", STEP_PLAYER, NULL,
    { "rr/rifle-fire", "rr/formation-morale", "rr/leader-reaction", NULL }, FALSE },
  { "rifle-fire", "british-recovery", "leader-markers", STEP_PLAYER, NULL,
    { "rr/leader-recovery", NULL }, FALSE },
  { "rifle-fire", "british-recovery", "unit-recovery", STEP_PLAYER, NULL,
    { "rr/unit-recovery", NULL }, FALSE },
  { "rifle-fire", "boer-rifle-fire", "commandos-fire", STEP_PLAYER, NULL,
    { "rr/boer-target", "rr/rifle-fire", "rr/leader-reaction", "rr/leader-casualty", NULL },
    TRUE },
  { "status", "boer-shaken", "emplacements", STEP_PLAYER, NULL, { NULL }, FALSE },
  { "status", "boer-shaken", "return-counters", STEP_AUTO, NULL, { NULL }, FALSE },
  { "status", "boer-shaken", "confidence", STEP_AUTO, NULL, { NULL }, FALSE },
  { "status", "boer-shaken", "shaken-test", STEP_REQUIRED, &rr_rolls[4], { NULL }, FALSE },
  { "status", "victory", "victory-check", STEP_AUTO, NULL, { NULL }, FALSE },
};

/* The step's number within its segment (1-based) and the segment's number of steps. */
static int
rr_step_number (guint  index,
                int   *n_steps)
{
  guint first = index, last = index;

  while (first > 0 && g_str_equal (rr_steps[first - 1].segment, rr_steps[index].segment))
    first--;
  while (last + 1 < G_N_ELEMENTS (rr_steps) &&
         g_str_equal (rr_steps[last + 1].segment, rr_steps[index].segment))
    last++;
  if (n_steps != NULL)
    *n_steps = (int) (last - first + 1);
  return (int) (index - first + 1);
}

static guint
step_index (const char *segment,
            int         number)
{
  for (guint i = 0; i < G_N_ELEMENTS (rr_steps); i++)
    if (g_strcmp0 (rr_steps[i].segment, segment) == 0 && rr_step_number (i, NULL) == number)
      return i;
  return 0;
}

guint
rr_current_step (AdjBattle *battle)
{
  return step_index (rr_setting_string (battle, "segment"), rr_setting_int (battle, "step"));
}

gboolean
rr_at_step (AdjBattle  *battle,
            const char *step)
{
  return g_str_equal (rr_steps[rr_current_step (battle)].step, step);
}

gboolean
rr_in_segment (AdjBattle  *battle,
               const char *segment)
{
  return g_strcmp0 (rr_setting_string (battle, "segment"), segment) == 0;
}

/* The JSON of a segment and of a step in rr.json's "sequence". */
static json_object *
segment_json (AdjRuleset *rs,
              const char *segment)
{
  json_object *seq = adj_rules_json (rs, "sequence", NULL);

  for (gsize p = 0; p < json_object_array_length (seq); p++)
    {
      json_object *phase = json_object_array_get_idx (seq, p);
      json_object *seg = rr_find_id (json_object_object_get (phase, "segments"), segment);

      if (seg != NULL)
        return seg;
    }
  return NULL;
}

json_object *
rr_step_json (AdjRuleset *rs,
              guint       index)
{
  json_object *steps = json_object_object_get (segment_json (rs, rr_steps[index].segment), "steps");

  return json_object_array_get_idx (steps, (gsize) rr_step_number (index, NULL) - 1);
}

const char *
rr_segment_label (AdjRuleset *rs,
                  const char *segment)
{
  return adj_gettext (rr_member_string (segment_json (rs, segment), "label"));
}

const char *
rr_phase_label (AdjRuleset *rs,
                const char *phase)
{
  const AdjChoice *p = adj_ruleset_find_phase (rs, phase);
  return p != NULL ? adj_gettext (p->label) : phase;
}

/* ---- the steps, for the dashboard ---- */

static const StepDef *
find_step (const char *step)
{
  for (guint i = 0; i < G_N_ELEMENTS (rr_steps); i++)
    if (g_strcmp0 (rr_steps[i].step, step) == 0)
      return &rr_steps[i];
  return NULL;
}

const AdjRrRoll *
adj_rr_step_roll (const char *step)
{
  const StepDef *def = find_step (step);

  return def != NULL ? def->roll : NULL;
}

const char * const *
adj_rr_step_mechanics (const char *step)
{
  static const char *const none[] = { NULL };
  const StepDef *def = find_step (step);

  return def != NULL ? (const char * const *) def->mechanics : none;
}

gboolean
adj_rr_step_commandos_fire (const char *step)
{
  const StepDef *def = find_step (step);

  return def != NULL && def->commandos_fire;
}

static const char *
label_or_empty (const char *text)
{
  return text != NULL ? adj_gettext (text) : "";
}

/* A text of a step's entry in the ruleset ("label", "hint"), translated; "" when there is none. */
static const char *
step_text (AdjRuleset *rs,
           const char *step,
           const char *key)
{
  const StepDef *def = find_step (step);

  g_return_val_if_fail (rs != NULL, "");

  if (def == NULL)
    return "";
  return label_or_empty (rr_member_string (rr_step_json (rs, (guint) (def - rr_steps)), key));
}

const char *
adj_rr_step_label (AdjRuleset *rs,
                   const char *step)
{
  return step_text (rs, step, "label");
}

const char *
adj_rr_step_hint (AdjRuleset *rs,
                  const char *step)
{
  return step_text (rs, step, "hint");
}

const char *
adj_rr_segment_label (AdjRuleset *rs,
                      const char *segment)
{
  g_return_val_if_fail (rs != NULL, "");
  return label_or_empty (rr_member_string (segment_json (rs, segment), "label"));
}

static int
segment_from_turn (AdjRuleset *rs,
                   const char *segment)
{
  json_object *v = json_object_object_get (segment_json (rs, segment), "from_turn");
  return v != NULL ? json_object_get_int (v) : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* walking the sequence of play                                                                */

void
adj_rr_get_tracks (AdjBattle   *battle,
                   AdjRrTracks *tracks)
{
  guint i;

  g_return_if_fail (ADJ_IS_BATTLE (battle) && tracks != NULL);

  i = rr_current_step (battle);
  tracks->turn = adj_battle_get_turn (battle);
  tracks->confidence = rr_setting_int (battle, "confidence");
  tracks->shaken = rr_setting_int (battle, "shaken");
  tracks->loss = rr_setting_int (battle, "loss");
  tracks->cp = rr_setting_int (battle, "cp");
  tracks->cp_spent = rr_setting_int (battle, "cp_spent");
  tracks->phase = rr_steps[i].phase;
  tracks->segment = rr_steps[i].segment;
  tracks->step = rr_steps[i].step;
  tracks->step_number = rr_step_number (i, &tracks->n_steps);
  tracks->step_done = rr_setting_bool (battle, "step_done");
  tracks->result = rr_setting_string (battle, "result");
  tracks->end_reason = rr_setting_string (battle, "end_reason");
}

gboolean
adj_rr_get_order (AdjBattle   *battle,
                  const char  *brigade,
                  AdjRrOrder  *order)
{
  AdjUnit *planned, *objective, *leader;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle) && order != NULL, FALSE);

  memset (order, 0, sizeof *order);
  leader = rr_brigade_unit (battle, brigade, "leader");
  if (leader == NULL)
    return FALSE;
  planned = rr_brigade_unit (battle, brigade, "planned-objective");
  objective = rr_brigade_unit (battle, brigade, "objective");
  order->ordered_this_turn =
    adj_unit_get_status_int (leader, "ordered_turn") == adj_battle_get_turn (battle);
  if (planned != NULL)
    order->planned_area = adj_unit_get_name (planned);
  if (objective != NULL)
    {
      int arrives = adj_unit_get_status_int (objective, "arrives");

      if (arrives < 0)
        order->state = ADJ_RR_ORDER_CHARGE;
      else if (arrives > 0)
        {
          order->state = ADJ_RR_ORDER_IN_TRANSIT;
          order->arrives = arrives;
          order->turns_to_arrive = arrives - adj_battle_get_turn (battle);
        }
      else
        {
          order->objective_area = adj_unit_get_name (objective);
          order->state = g_strcmp0 (adj_unit_get_status_string (objective, "order_showing"),
                                    "fail") == 0 ? ADJ_RR_ORDER_FAIL : ADJ_RR_ORDER_OBJECTIVE;
        }
    }
  /* A planned objective not yet rolled for is what the brigade is waiting on. */
  if (planned != NULL && !adj_unit_get_status_bool (planned, "sent"))
    order->state = ADJ_RR_ORDER_PLANNED;
  return TRUE;
}

/* Whether @order waits for the roll of the Send Orders (@send) or the Receive Orders segment of
 * Game Turn @turn. */
gboolean
rr_order_waits (const AdjRrOrder *order,
                gboolean          send,
                int               turn)
{
  if (send)
    return order->state == ADJ_RR_ORDER_PLANNED;
  return order->state == ADJ_RR_ORDER_IN_TRANSIT && order->arrives <= turn;
}

/* The leaders named in a list, for a message. */
char *
rr_join_names (GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

char *
adj_rr_pending (AdjBattle *battle)
{
  const char *step;
  int turn;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (!adj_rr_is_set_up (battle))
    return g_strdup (_("Set the game up first"));
  if (!g_str_equal (rr_setting_string (battle, "result"), "none"))
    return g_strdup (_("The battle is over"));
  step = rr_steps[rr_current_step (battle)].step;
  turn = adj_battle_get_turn (battle);
  if (g_str_equal (step, "draw-event") && !rr_setting_bool (battle, "step_done"))
    return g_strdup (_("Draw the British event chit first"));
  if (g_str_equal (step, "draw-boer-event") && !rr_setting_bool (battle, "step_done") &&
      turn >= adj_rules_int (adj_battle_get_ruleset (battle), "cups", "boer_events_from_turn"))
    return g_strdup (_("Draw the Boer event chit first"));
  if (g_str_equal (step, "shaken-test") && !rr_setting_bool (battle, "step_done") &&
      rr_setting_int (battle, "confidence") <= turn)
    return g_strdup_printf (_("Roll the Shaken test first: Confidence %d is not above Game Turn "
                         "%d"), rr_setting_int (battle, "confidence"), turn);
  if (g_str_equal (step, "roll-send") || g_str_equal (step, "roll-receive"))
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      gboolean send = g_str_equal (step, "roll-send");
      gboolean charge = FALSE;

      for (guint b = 0; rr_brigade_ids[b] != NULL; b++)
        {
          AdjRrOrder order;
          AdjUnit *leader = rr_brigade_unit (battle, rr_brigade_ids[b], "leader");

          if (!adj_rr_get_order (battle, rr_brigade_ids[b], &order))
            continue;
          if (rr_order_waits (&order, send, turn) || (!send && order.state == ADJ_RR_ORDER_CHARGE))
            {
              charge |= order.state == ADJ_RR_ORDER_CHARGE;
              g_ptr_array_add (names, (gpointer) adj_unit_get_name (leader));
            }
        }
      if (names->len > 0)
        {
          g_autofree char *list = rr_join_names (names);

          if (send)
            return g_strdup_printf (_("Roll for the orders sent first (%s)"), list);
          if (charge)
            return g_strdup_printf (_("Roll for the orders arriving and place the Objective "
                                 "Marker of every charge first (%s)"), list);
          return g_strdup_printf (_("Roll for the orders arriving this turn first (%s)"), list);
        }
    }
  return NULL;
}

GPtrArray *
adj_rr_step_entries (AdjBattle *battle)
{
  AdjJournal *journal;
  GPtrArray *entries;
  guint i;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  journal = adj_battle_get_journal (battle);
  entries = g_ptr_array_new ();
  for (i = journal->position; i > 0; i--)
    if (g_strcmp0 (adj_journal_get_entry (journal, i - 1)->kind, "turn") == 0)
      break;
  /* Before the first move of the marker there is no step to speak of (only the set-up). */
  if (i == 0)
    return entries;
  for (; i < journal->position; i++)
    g_ptr_array_add (entries, adj_journal_get_entry (journal, i));
  return entries;
}

gboolean
adj_rr_roll_wanted (AdjBattle *battle)
{
  const StepDef *def;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  def = &rr_steps[rr_current_step (battle)];
  if (def->roll == NULL)
    return FALSE;
  /* The orders sent, or arriving this turn, each wait for their roll; a charge the roll gave
   * waits for its marker instead, which no roll places. */
  if (g_str_equal (def->step, "roll-send") || g_str_equal (def->step, "roll-receive"))
    {
      gboolean send = g_str_equal (def->step, "roll-send");

      for (guint b = 0; rr_brigade_ids[b] != NULL; b++)
        {
          AdjRrOrder order;

          if (adj_rr_get_order (battle, rr_brigade_ids[b], &order) &&
              rr_order_waits (&order, send, adj_battle_get_turn (battle)))
            return TRUE;
        }
      return FALSE;
    }
  if (g_str_equal (def->step, "shaken-test"))
    return !rr_setting_bool (battle, "step_done") &&
           rr_setting_int (battle, "confidence") <= adj_battle_get_turn (battle);
  return !rr_setting_bool (battle, "step_done");
}

gboolean
adj_rr_roll (AdjBattle   *battle,
             const char  *roll,
             AdjRandom   *random,
             GError     **error)
{
  const AdjRrRoll *def = adj_rr_step_roll (roll);

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (def == NULL || !g_str_equal (def->id, roll))
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("There is no roll “%s” on the "
                                                         "dashboard"), roll != NULL ? roll : "");
  if (def->cup != ADJ_RR_N_CUPS)
    return adj_rr_draw_event (battle, def->cup, random, NULL, error);
  if (g_str_equal (roll, "roll-send"))
    return adj_rr_roll_send_orders (battle, random, error);
  if (g_str_equal (roll, "roll-receive"))
    return adj_rr_roll_receive_orders (battle, random, error);
  return adj_rr_shaken_test (battle, random, error);
}

/* ---- the steps Adjutant carries out ---- */

static gboolean
auto_return_chits (AdjBattle  *battle,
                   GError    **error)
{
  g_autoptr(json_object) cups = rr_open_cups (battle, error);
  g_autoptr(AdjEntry) entry = NULL;
  json_object *british;
  guint back, left;

  if (cups == NULL)
    return FALSE;
  british = json_object_object_get (cups, "british");
  back = rr_move_back (json_object_object_get (british, "out"),
                       json_object_object_get (british, "cup"), rr_returns_each_turn);
  rr_shuffle_array (json_object_object_get (british, "cup"), adj_battle_get_rng (battle));
  left = (guint) json_object_array_length (json_object_object_get (british, "cup"));
  if (back > 0)
    entry = rr_note (ngettext ("British Event: %u Close Order or Bob Hart chit goes back into "
                               "the cup (%u in it)",
                               "British Event: %u Close Order and Bob Hart chits go back into "
                               "the cup (%u in it)", back), back, left);
  else
    entry = rr_note (_("British Event: no Close Order or Bob Hart chit is in play (%u in the "
                       "cup)"), left);
  if ((back > 0 && !rr_seal_cups (battle, entry->changes, cups, error)) ||
      !rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* Journal @outcome of @in under @summary, the work of the current step done. */
static gboolean
journal_step_outcome (AdjBattle   *battle,
                      AdjInputs   *in,
                      AdjOutcome  *outcome,
                      const char  *summary,
                      GError     **error)
{
  g_autoptr(AdjEntry) entry = rr_outcome_entry (battle, in, outcome, summary, error);

  if (entry == NULL || !rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
auto_command_points (AdjBattle  *battle,
                     GError    **error)
{
  g_autoptr(AdjInputs) in = rr_battle_inputs (battle, "rr/command-points", NULL, NULL, error);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autofree char *summary = NULL;

  if (in == NULL || (outcome = rr_resolve_in (battle, in, NULL, error)) == NULL)
    return FALSE;
  /* TRANSLATORS: e.g. "British Command Points: 3 command points" */
  summary = g_strdup_printf (_("British Command Points: %s"), outcome->title);
  return journal_step_outcome (battle, in, outcome, summary, error);
}

/* The Misfire or the Ammo Shortage chit: back into the Boer cup when it is this turn's. */
static gboolean
auto_reminder (AdjBattle   *battle,
               gboolean     misfire,
               GError     **error)
{
  const char *field = misfire ? "misfire_turn" : "ammo_turn";
  gboolean due = rr_setting_int (battle, field) == adj_battle_get_turn (battle);
  g_autoptr(AdjEntry) entry = NULL;
  const char *summary;

  if (misfire)
    summary = due ? _("Boer Shell Fire: the Boer guns misfire and stay silent this turn; the "
                      "chit goes back into the Boer event cup")
                  : _("Boer Shell Fire: no misfire — the Boer guns fire");
  else
    summary = due ? _("British Shell Fire: the batteries are short of shells and do not fire "
                      "this turn; the chit goes back into the Boer event cup")
                  : _("British Shell Fire: the batteries have their shells — they fire");
  entry = adj_entry_new ("note", NULL, summary);
  if (due)
    {
      g_autoptr(json_object) cups = rr_open_cups (battle, error);
      json_object *boer;

      if (cups == NULL)
        return FALSE;
      boer = json_object_object_get (cups, "boer");
      rr_move_back (json_object_object_get (boer, "out"), json_object_object_get (boer, "cup"),
                    misfire ? rr_is_misfire : rr_is_ammo);
      rr_shuffle_array (json_object_object_get (boer, "cup"), adj_battle_get_rng (battle));
      if (!rr_seal_cups (battle, entry->changes, cups, error) ||
          !rr_set_setting_int (battle, entry->changes, field, 0, error))
        return FALSE;
    }
  if (!rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
auto_return_counters (AdjBattle  *battle,
                      GError    **error)
{
  g_autoptr(json_object) cups = rr_open_cups (battle, error);
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  GListModel *units = adj_battle_get_units (battle);
  json_object *cup;
  guint back = 0;

  if (cups == NULL)
    return FALSE;
  entry = adj_entry_new ("note", NULL, NULL);
  cup = json_object_object_get (json_object_object_get (cups, "sp"), "cup");
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_autofree char *chit = rr_sp_counter_chit (unit);

      if (chit == NULL)
        continue;
      json_object_array_add (cup, json_object_new_string (chit));
      back++;
      if (!adj_rules_change_unit_string (battle, entry->changes, unit, "status.sp_counter", "none",
                                         error) ||
          !adj_rules_change_unit_int (battle, entry->changes, unit, "status.sp_counter_value", 0,
                                      error))
        return FALSE;
    }
  rr_shuffle_array (cup, adj_battle_get_rng (battle));
  if (back == 0)
    summary = g_strdup_printf (_("Boer Shaken: no commando carries an SP counter (%u in the cup)"),
                          (guint) json_object_array_length (cup));
  else
    summary = g_strdup_printf (ngettext ("Boer Shaken: %u SP counter goes back into the cup (%u "
                                    "in it)",
                                    "Boer Shaken: %u SP counters go back into the cup (%u "
                                    "in it)", back),
                          back, (guint) json_object_array_length (cup));
  if ((back > 0 && !rr_seal_cups (battle, entry->changes, cups, error)) ||
      !rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  entry->summary = g_steal_pointer (&summary);
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static int
clamp_confidence (AdjRuleset *rs,
                  int         value)
{
  return CLAMP (value, adj_rules_int (rs, "tracks", "confidence_min"),
                adj_rules_int (rs, "tracks", "confidence_max"));
}

static gboolean
auto_confidence (AdjBattle  *battle,
                 GError    **error)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  int before = rr_setting_int (battle, "confidence");
  int after = clamp_confidence (rs, before + 1);
  g_autoptr(AdjEntry) entry = NULL;

  if (after != before)
    entry = rr_note (_("Boer Shaken: Confidence rises from %d to %d; now move it as the Status "
                       "chart says"), before, after);
  else
    entry = rr_note (_("Boer Shaken: Confidence stays at %d, the top of the track; "
                       "now move it as the Status chart says"), before);
  if (!rr_set_setting_int (battle, entry->changes, "confidence", after, error) ||
      !rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
auto_victory (AdjBattle  *battle,
              GError    **error)
{
  g_autoptr(AdjInputs) in = rr_battle_inputs (battle, "rr/victory", NULL, NULL, error);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  int turn = adj_battle_get_turn (battle);

  if (in == NULL || (outcome = rr_resolve_in (battle, in, NULL, error)) == NULL)
    return FALSE;
  if (g_str_equal (outcome->key, "continues"))
    summary = g_strdup_printf (_("Victory: the battle goes on — the Game Turn moves to %d"),
                          turn + 1);
  else
    /* TRANSLATORS: e.g. "Victory: the battle ends — Pyrrhic British Victory" */
    summary = g_strdup_printf (_("Victory: the battle ends — %s"), outcome->title);
  entry = rr_outcome_entry (battle, in, outcome, summary, error);
  if (entry == NULL || !rr_set_setting_bool (battle, entry->changes, "step_done", TRUE, error))
    return FALSE;
  if (g_str_equal (outcome->key, "continues"))
    {
      g_autoptr(json_object) next = json_object_new_int64 (turn + 1);

      if (!adj_battle_change_field (battle, entry->changes, "battle", "turn", next, error))
        return FALSE;
    }
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

static gboolean
do_auto_step (AdjBattle  *battle,
              guint       index,
              GError    **error)
{
  const char *step = rr_steps[index].step;

  if (g_str_equal (step, "return-chits"))
    return auto_return_chits (battle, error);
  if (g_str_equal (step, "collect-cp"))
    return auto_command_points (battle, error);
  if (g_str_equal (step, "misfire"))
    return auto_reminder (battle, TRUE, error);
  if (g_str_equal (step, "ammo"))
    return auto_reminder (battle, FALSE, error);
  if (g_str_equal (step, "return-counters"))
    return auto_return_counters (battle, error);
  if (g_str_equal (step, "confidence"))
    return auto_confidence (battle, error);
  if (g_str_equal (step, "victory-check"))
    return auto_victory (battle, error);
  g_return_val_if_reached (FALSE);
}

gboolean
adj_rr_next_step (AdjBattle  *battle,
                  GError    **error)
{
  AdjRuleset *rs;
  guint cur, next;
  g_autofree char *pending = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  json_object *step;
  int turn, number, n_steps;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  cur = rr_current_step (battle);
  /* A step of Adjutant's own not yet carried out (its entry was undone): carry it out. */
  if ((rr_steps[cur].flags & STEP_AUTO) && !rr_setting_bool (battle, "step_done"))
    return do_auto_step (battle, cur, error);
  pending = adj_rr_pending (battle);
  if (pending != NULL)
    return adj_not_allowed (error, "%s", pending);

  turn = adj_battle_get_turn (battle);
  next = (cur + 1) % G_N_ELEMENTS (rr_steps);
  /* A segment that only starts in a later turn is passed over. */
  while (segment_from_turn (rs, rr_steps[next].segment) > turn)
    {
      const char *skipped = rr_steps[next].segment;

      g_string_append_printf (summary, _("%s: not before turn %d. "),
                              rr_segment_label (rs, skipped), segment_from_turn (rs, skipped));
      while (g_str_equal (rr_steps[next].segment, skipped))
        next = (next + 1) % G_N_ELEMENTS (rr_steps);
    }

  step = rr_step_json (rs, next);
  number = rr_step_number (next, &n_steps);
  /* TRANSLATORS: the journal line of the step marker, e.g. "Turn 2 · Orders phase · British
   * Send Orders, step 1 of 2: Choose objectives" */
  g_string_append_printf (summary, _("Turn %d · %s phase · %s, step %d of %d: %s"), turn,
                          rr_phase_label (rs, rr_steps[next].phase),
                          rr_segment_label (rs, rr_steps[next].segment), number, n_steps,
                          adj_gettext (rr_member_string (step, "label")));
  entry = adj_entry_new ("turn", NULL, summary->str);
  if (!g_str_equal (rr_steps[next].phase, adj_battle_get_phase (battle)))
    {
      g_autoptr(json_object) phase = json_object_new_string (rr_steps[next].phase);

      if (!adj_battle_change_field (battle, entry->changes, "battle", "phase", phase, error))
        return FALSE;
    }
  if (!rr_set_setting_string (battle, entry->changes, "segment", rr_steps[next].segment, error) ||
      !rr_set_setting_int (battle, entry->changes, "step", number, error) ||
      !rr_set_setting_bool (battle, entry->changes, "step_done", FALSE, error) ||
      !adj_battle_commit (battle, g_steal_pointer (&entry), error))
    return FALSE;
  if (rr_steps[next].flags & STEP_AUTO)
    return do_auto_step (battle, next, error);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* tracks                                                                                      */

static gboolean
move_tracks (AdjBattle    *battle,
             int           d_confidence,
             int           d_loss,
             const char   *what,
             GError      **error)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  int conf = rr_setting_int (battle, "confidence");
  int loss = rr_setting_int (battle, "loss");
  int conf2 = clamp_confidence (rs, conf + d_confidence);
  int loss2 = CLAMP (loss + d_loss, 1, adj_rules_int (rs, "tracks", "loss_end"));
  g_autoptr(AdjEntry) entry = NULL;

  /* TRANSLATORS: e.g. "Status chart, line 3: Confidence 5 → 4, Loss 10 → 11" */
  entry = rr_note (_("%s: Confidence %d → %d, Loss %d → %d"), what, conf, conf2, loss,
                   loss2);
  if (!rr_set_setting_int (battle, entry->changes, "confidence", conf2, error) ||
      !rr_set_setting_int (battle, entry->changes, "loss", loss2, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rr_apply_status (AdjBattle  *battle,
                     guint       line,
                     int         times,
                     GError    **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autofree char *row = g_strdup_printf ("%u", line);
  g_autofree char *what = NULL;
  const AdjTableShape *shape;
  AdjTableCell cells[2];
  int conf = 0, loss = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error))
    return FALSE;
  shape = adj_table_shape_lookup (adj_battle_get_ruleset (battle), "status");
  if (adj_table_shape_find_row (shape, row) == NULL)
    return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND,
                           _("The Status chart has lines 1 to %u, not %u"), shape->n_rows, line);
  if (times < 1 || times > 20)
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("A line of the Status chart applies 1 to 20 times, not %d"), times);
  cells[0] = (AdjTableCell) { row, "confidence" };
  cells[1] = (AdjTableCell) { row, "loss" };
  tables = rr_battle_tables (battle, error);
  if (tables == NULL || !adj_tables_require (tables, "status", cells, 2, error))
    return FALSE;
  adj_tables_get_int (tables, "status", row, "confidence", &conf, NULL);
  adj_tables_get_int (tables, "status", row, "loss", &loss, NULL);
  if (times == 1)
    what = g_strdup_printf (_("Status chart, line %u"), line);
  else
    what = g_strdup_printf (_("Status chart, line %u (%d times)"), line, times);
  return move_tracks (battle, conf * times, loss * times, what, error);
}

gboolean
adj_rr_move_markers (AdjBattle   *battle,
                     int          confidence,
                     int          loss,
                     const char  *reason,
                     GError     **error)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error))
    return FALSE;
  if (reason == NULL || reason[0] == '\0' || g_utf8_strlen (reason, -1) > 200 ||
      !g_utf8_validate (reason, -1, NULL))
    return adj_rules_fail (error, ADJ_ERROR_INVALID, _("Say in 1 to 200 characters why the markers "
                                                       "move"));
  return move_tracks (battle, confidence, loss, reason, error);
}

gboolean
adj_rr_shaken_test (AdjBattle  *battle,
                    AdjRandom  *random,
                    GError    **error)
{
  g_autoptr(AdjInputs) in = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_in_play (battle, error))
    return FALSE;
  if (!rr_at_step (battle, "shaken-test") || rr_setting_bool (battle, "step_done"))
    return adj_not_allowed (error, _("The Shaken test is rolled once, at its step of the Boer "
                                     "Shaken segment"));
  if (rr_setting_int (battle, "confidence") > adj_battle_get_turn (battle))
    return adj_not_allowed (error, _("No Shaken test: Confidence %d is above Game Turn %d"),
                            rr_setting_int (battle, "confidence"), adj_battle_get_turn (battle));
  in = rr_battle_inputs (battle, "rr/shaken", NULL, NULL, error);
  if (in == NULL || (outcome = rr_resolve_in (battle, in, random, error)) == NULL)
    return FALSE;
  summary = g_strdup_printf (_("Boer Shaken test: %s"), outcome->title);
  return journal_step_outcome (battle, in, outcome, summary, error);
}

/* Redvers' Reverse moves its phases with the step marker once the battle is set up: a step at
 * a time, or every step up to the next Game Turn, stopping where one still needs something.
 * Before, set-up moves through the ruleset's phases as every system's does. */
gboolean
rr_next_phase (AdjBattle  *battle,
               gboolean    whole_turn,
               GError    **error)
{
  int turn = adj_battle_get_turn (battle);
  gboolean ok;

  if (!adj_rr_is_set_up (battle))
    return whole_turn ? adj_battle_next_turn (battle, error)
                      : adj_battle_next_phase (battle, error);
  do
    ok = adj_rr_next_step (battle, error);
  while (ok && whole_turn && adj_battle_get_turn (battle) == turn);
  return ok;
}
