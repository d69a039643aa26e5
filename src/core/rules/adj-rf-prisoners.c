/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-prisoners.c: Risk Factor — prisoners: taking them (rf/take-prisoners), guarding them
 * (rf/guard-prisoners) and dispatching them (rf/dispatch-prisoners).
 *
 * What a battle keeps: the captors' status "prisoners" (how many they hold) and "guards" (how
 * many of their figures watch them); the figures taken leave their own group's record as lost.
 * Prisoners who get away are out of play too: they do not go back to their group.
 *
 * Decisions (listed in rf.json's "decisions"): one guard holds up to "per_guard" prisoners, so
 * a group takes no more than that many for each of its figures, and the prisoners beyond that
 * many for each guard get away; all of them do when the captors leave them behind.  The figures
 * taken are the wounded first, then the others from the last of the record up.  Captors
 * dispatch "dispatch_per_figure" prisoners a turn for each figure doing nothing else, once a
 * turn for each group.  Unit types whose rules say "takes_prisoners": false take none. */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include "adj-rf-private.h"

static int
per_guard (AdjRuleset *rs)
{
  return adj_rules_int (rs, "prisoners", "per_guard");
}

/* Guards needed for @prisoners: one for every per_guard of them, rounded up. */
static int
guards_needed (AdjRuleset *rs,
               int         prisoners)
{
  int per = per_guard (rs);

  return (prisoners + per - 1) / per;
}

static gboolean
takes_prisoners (const AdjContext *ctx,
                 AdjUnit          *unit)
{
  const AdjUnitType *type = rf_unit_type_of (ctx, unit);

  return type == NULL || adj_unit_type_rule_bool (type, "takes_prisoners", TRUE);
}

/* The captors named, with figures left and not running, for taking or dispatching prisoners. */
static gboolean
legal_captors (const AdjContext  *ctx,
               AdjInputs         *in,
               gboolean           taking,
               AdjUnit          **out,
               GError           **error)
{
  AdjUnit *unit;

  if (!adj_rules_legal_unit (ctx, in, "captors", TRUE, &unit, error))
    return FALSE;
  *out = unit;
  if (adj_unit_get_figures (unit) == 0)
    return adj_not_allowed (error, taking ? _("%s has no figures left to take prisoners")
                                          : _("%s has no figures left to deal with prisoners"),
                            adj_unit_get_name (unit));
  if (adj_unit_get_status_bool (unit, "routing"))
    return adj_not_allowed (error, taking ? _("%s is routing and cannot take prisoners")
                                          : _("%s is routing and cannot deal with prisoners"),
                            adj_unit_get_name (unit));
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* rf/take-prisoners                                                                           */

static const AdjChoice take_outcomes[] = {
  { "taken", N_("Prisoners taken") },
};

static const AdjField take_inputs[] = {
  UNIT_INPUT ("captors", N_("Captors")),
  UNIT_INPUT ("captives", N_("Group the prisoners come from")),
  INT_INPUT ("count", N_("Figures taken prisoner"), NULL, 1, MAX_FIGURES, 1),
  INT_FROM ("held", N_("Prisoners the captors hold already"), NULL, 0, MAX_FIGURES, 0,
            "captors.status.prisoners"),
  INT_INPUT ("captor_figures", N_("Captors' figures in play"),
             N_("One guard watches over up to five prisoners."), 1, MAX_FIGURES, 10),
  INT_INPUT ("captive_figures", N_("Figures left in the prisoners' group"), NULL, 0, MAX_FIGURES,
             10),
};

/* The members of @unit's record taken prisoner, @count of them (fewer when the record has fewer
 * in play): the wounded first, then the others, each from the last of the record up. */
static GArray *
pick_captives (AdjUnit *unit,
               int      count)
{
  json_object *members = adj_unit_get_members (unit);
  int n = (int) json_object_array_length (members);
  GArray *picked = g_array_new (FALSE, FALSE, sizeof (int));

  for (int wounded = 1; wounded >= 0; wounded--)
    for (int i = n - 1; i >= 0 && (int) picked->len < count; i--)
      if (rf_member_in_play (members, (guint) i) &&
          (adj_member_get_int (members, (guint) i, "wounds") > 0) == wounded)
        g_array_append_val (picked, i);
  return picked;
}

static gboolean
take_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  AdjUnit *captives = adj_input_unit (ctx, in, "captives");
  int count = adj_inputs_get_int (in, "count");
  int held = adj_inputs_get_int (in, "held");
  int figures = adj_inputs_get_int (in, "captor_figures");
  int left = adj_inputs_get_int (in, "captive_figures");
  int total = held + count;
  int needed;
  const char *captors_name = adj_input_unit_name (ctx, in, "captors", _("The captors"));
  g_autofree char *title = NULL;

  if (count > left)
    return adj_not_allowed (error, g_dngettext (GETTEXT_PACKAGE,
                                                "Only %d figure is left to take prisoner, not %d",
                                                "Only %d figures are left to take prisoner, not "
                                                "%d", (gulong) left), left, count);
  if (total > MAX_FIGURES)
    return adj_not_allowed (error, _("No group can hold more than %d prisoners"), MAX_FIGURES);
  needed = guards_needed (rs, total);

  explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, count, _("Taken prisoner"));
  if (held > 0)
    explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, total, _("Prisoners held in all"));
  explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, needed,
           _("One guard for every %d prisoners: guards needed"), per_guard (rs));
  if (needed > figures)
    adj_outcome_add_note (outcome, _("With %d figures the captors cannot guard them all: the "
                                     "prisoners beyond %d get away unless guards are found."),
                          figures, figures * per_guard (rs));

  /* Who is taken comes from the group's own record when the battle has one. */
  if (captives != NULL && adj_unit_get_members (captives) != NULL)
    {
      g_autoptr(GArray) picked = pick_captives (captives, count);
      json_object *record = json_object_new_object ();
      json_object *list = json_object_new_array ();
      json_object *members = adj_unit_get_members (captives);
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint k = 0; k < picked->len; k++)
        {
          int m = g_array_index (picked, int, k);
          json_object *item = json_object_new_object ();
          g_autofree char *name = adj_member_describe (members, (guint) m);

          json_object_object_add (item, "member", json_object_new_int64 (m));
          json_object_object_add (item, "wounds",
                                  json_object_new_int64 (adj_member_get_int (members, (guint) m,
                                                                             "wounds")));
          json_object_object_add (item, "lost", json_object_new_boolean (TRUE));
          json_object_array_add (list, item);
          if (names->len > 0)
            g_string_append (names, ", ");
          g_string_append (names, name);
        }
      json_object_object_add (record, "unit", adj_unit_id_to_json (captives));
      json_object_object_add (record, "members", list);
      json_object_object_add (record, "anonymous_lost", json_object_new_int64 (0));
      json_object_object_add (outcome->values, "captives", record);
      /* TRANSLATORS: the figures taken prisoner, by name */
      explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0, _("Taken: %s"), names->str);
    }
  else if (captives != NULL)
    {
      json_object *record = json_object_new_object ();

      json_object_object_add (record, "unit", adj_unit_id_to_json (captives));
      json_object_object_add (record, "members", json_object_new_array ());
      json_object_object_add (record, "anonymous_lost", json_object_new_int64 (count));
      json_object_object_add (outcome->values, "captives", record);
    }

  adj_outcome_set_value_int (outcome, "taken", count);
  adj_outcome_set_value_int (outcome, "prisoners", total);
  adj_outcome_set_value_int (outcome, "guards", MIN (needed, figures));
  /* TRANSLATORS: e.g. "Natal Carbineers: prisoners held 7, guards needed 2" */
  adj_outcome_set_result (outcome, "taken", _("%s: prisoners held %d, guards needed %d"),
                          captors_name, total, needed);
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d prisoner taken",
                                        "%d prisoners taken", (gulong) count), count);
  adj_outcome_set_title (outcome, "%s", title);
  return TRUE;
}

static gboolean
take_prefill (const AdjContext  *ctx,
              AdjInputs         *in,
              GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");
  AdjUnit *captives = adj_input_unit (ctx, in, "captives");

  if (captors != NULL &&
      !adj_inputs_set_int (in, "captor_figures",
                           CLAMP (adj_unit_get_figures (captors), 1, MAX_FIGURES), error))
    return FALSE;
  if (captives != NULL)
    {
      int left = MIN (adj_unit_get_figures (captives), MAX_FIGURES);

      /* A group that gives itself up goes whole: the players say so when only some are taken. */
      return adj_inputs_set_int (in, "captive_figures", left, error) &&
             adj_inputs_set_int (in, "count", MAX (left, 1), error);
    }
  return TRUE;
}

static gboolean
take_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  AdjUnit *captors, *captives;
  int total, figures;

  if (!adj_rules_legal_pair (ctx, in, "captors", "captives", NULL, error) ||
      !legal_captors (ctx, in, TRUE, &captors, error))
    return FALSE;
  captives = adj_input_unit (ctx, in, "captives");
  if (!takes_prisoners (ctx, captors))
    return adj_not_allowed (error, _("%s takes no prisoners: the figures it captures are "
                                     "killed"), adj_unit_get_name (captors));
  /* Not named: who is under which marker stays the battle's secret, even in a ruling. */
  if (adj_rf_unit_is_hidden (ctx->battle, captives))
    return adj_not_allowed (error, "%s", _("The group is hidden under a marker and cannot be "
                                           "captured until it is spotted"));
  if (adj_unit_get_figures (captives) == 0)
    return adj_not_allowed (error, _("%s has no figures left to take prisoner"),
                            adj_unit_get_name (captives));
  figures = adj_unit_get_figures (captors);
  total = adj_unit_get_status_int (captors, "prisoners") + adj_inputs_get_int (in, "count");
  if (guards_needed (ctx->ruleset, total) > figures)
    return adj_not_allowed (error, g_dngettext (GETTEXT_PACKAGE,
                                                "%s has %d figure, enough to guard %d prisoners, "
                                                "not %d",
                                                "%s has %d figures, enough to guard %d "
                                                "prisoners, not %d", (gulong) figures),
                            adj_unit_get_name (captors), figures,
                            figures * per_guard (ctx->ruleset), total);
  return TRUE;
}

static gboolean
take_apply (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOutcome        *outcome,
            AdjChangeSet      *changes,
            GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");
  json_object *record = json_object_object_get (outcome->values, "captives");
  int guards;

  if (ctx->battle == NULL)
    return TRUE;
  if (record != NULL && !rf_apply_figures (ctx->battle, changes, record, error))
    return FALSE;
  if (captors == NULL)
    return TRUE;
  guards = MAX (adj_unit_get_status_int (captors, "guards"),
                adj_outcome_get_value_int (outcome, "guards", 0));
  return adj_rules_change_unit_int (ctx->battle, changes, captors, "status.prisoners",
                                    adj_outcome_get_value_int (outcome, "prisoners", 0),
                                    error) &&
         adj_rules_change_unit_int (ctx->battle, changes, captors, "status.guards",
                                    MIN (guards, adj_unit_get_figures (captors)), error);
}

const AdjMechanic rf_take_prisoners = {
  .id = "rf/take-prisoners",
  .title = N_("Taking prisoners"),
  .summary = N_("A group takes enemy figures prisoner: they leave their group, and one of the "
                "captors must guard every five."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (take_inputs),
  MECHANIC_OUTCOMES (take_outcomes),
  .legal = take_legal,
  .resolve = take_resolve,
  .prefill = take_prefill,
  .apply = take_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/guard-prisoners                                                                          */

static const AdjChoice guard_outcomes[] = {
  { "held", N_("Every prisoner is held") },
  { "some-escape", N_("Some prisoners get away") },
  { "all-escape", N_("Every prisoner gets away") },
};

static const AdjField guard_inputs[] = {
  UNIT_INPUT ("captors", N_("Captors")),
  INT_FROM ("prisoners", N_("Prisoners held"), NULL, 0, MAX_FIGURES, 5,
            "captors.status.prisoners"),
  INT_FROM ("guards", N_("Figures guarding them"),
            N_("One guard watches over up to five prisoners; the others get away."), 0,
            MAX_FIGURES, 1, "captors.status.guards"),
  BOOL_INPUT ("abandoned", N_("The captors have left the prisoners behind"),
              N_("They moved away, ran or were wiped out: every prisoner gets away.")),
};

static gboolean
guard_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  int prisoners = adj_inputs_get_int (in, "prisoners");
  int guards = adj_inputs_get_int (in, "guards");
  int per = per_guard (ctx->ruleset);
  int escaped, left;
  const char *name = adj_input_unit_name (ctx, in, "captors", _("The captors"));

  if (prisoners == 0)
    {
      adj_outcome_set_value_int (outcome, "escaped", 0);
      adj_outcome_set_value_int (outcome, "prisoners", 0);
      adj_outcome_set_value_int (outcome, "guards", 0);
      adj_outcome_set_result (outcome, "held", _("%s: no prisoners to guard"), name);
      return TRUE;
    }
  if (adj_inputs_get_bool (in, "abandoned"))
    {
      escaped = prisoners;
      adj_outcome_add_note (outcome, _("Left behind by their captors, the prisoners get away."));
    }
  else
    {
      escaped = MAX (0, prisoners - per * guards);
      explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, MIN (prisoners, per * guards),
               g_dngettext (GETTEXT_PACKAGE, "One guard for every %d prisoners: %d guard holds",
                            "One guard for every %d prisoners: %d guards hold", (gulong) guards),
               per, guards);
    }
  left = prisoners - escaped;
  explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, escaped, _("Prisoners who get away"));
  if (escaped > 0)
    adj_outcome_add_note (outcome, _("Prisoners who get away are out of play."));

  adj_outcome_set_value_int (outcome, "escaped", escaped);
  adj_outcome_set_value_int (outcome, "prisoners", left);
  adj_outcome_set_value_int (outcome, "guards", left > 0 ? guards : 0);
  /* TRANSLATORS: e.g. "Natal Carbineers: prisoners held 7, got away 3" */
  if (escaped == 0)
    adj_outcome_set_result (outcome, "held", _("%s: prisoners held %d, got away none"), name,
                            prisoners);
  else
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%d prisoner gets away",
                                                             "%d prisoners get away",
                                                             (gulong) escaped), escaped);

      adj_outcome_set_result (outcome, left == 0 ? "all-escape" : "some-escape",
                              _("%s: prisoners held %d, got away %d"), name, left, escaped);
      adj_outcome_set_title (outcome, "%s", title);
    }
  return TRUE;
}

/* Captors who are gone, have no one left or are running have left their prisoners behind. */
static gboolean
guard_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");

  if (captors == NULL)
    return TRUE;
  return adj_inputs_set_bool (in, "abandoned",
                              adj_unit_get_destroyed (captors) ||
                              adj_unit_get_figures (captors) == 0 ||
                              adj_unit_get_status_bool (captors, "routing"), error);
}

/* The captors named (even destroyed: their prisoners get away), holding prisoners, with as many
 * figures as the guards said. */
static gboolean
guard_legal (const AdjContext  *ctx,
             AdjInputs         *in,
             GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");
  int guards = adj_inputs_get_int (in, "guards");

  if (captors == NULL)
    return adj_not_allowed (error, _("“%s” names no unit: choose one first"),
                            adj_gettext (guard_inputs[0].label));
  if (adj_unit_get_status_int (captors, "prisoners") == 0)
    return adj_not_allowed (error, _("%s holds no prisoners"), adj_unit_get_name (captors));
  if (!adj_inputs_get_bool (in, "abandoned") && guards > adj_unit_get_figures (captors))
    return adj_not_allowed (error, g_dngettext (GETTEXT_PACKAGE,
                                                "%s has only %d figure to guard with, not %d",
                                                "%s has only %d figures to guard with, not %d",
                                                (gulong) adj_unit_get_figures (captors)),
                            adj_unit_get_name (captors), adj_unit_get_figures (captors), guards);
  return TRUE;
}

static gboolean
guard_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");

  if (ctx->battle == NULL || captors == NULL)
    return TRUE;
  return adj_rules_change_unit_int (ctx->battle, changes, captors, "status.prisoners",
                                    adj_outcome_get_value_int (outcome, "prisoners", 0),
                                    error) &&
         adj_rules_change_unit_int (ctx->battle, changes, captors, "status.guards",
                                    adj_outcome_get_value_int (outcome, "guards", 0), error);
}

const AdjMechanic rf_guard_prisoners = {
  .id = "rf/guard-prisoners",
  .title = N_("Guarding prisoners"),
  .summary = N_("Prisoners beyond five for each guard get away, and all of them do when their "
                "captors leave them behind."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (guard_inputs),
  MECHANIC_OUTCOMES (guard_outcomes),
  .legal = guard_legal,
  .resolve = guard_resolve,
  .prefill = guard_prefill,
  .apply = guard_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/dispatch-prisoners                                                                       */

static const AdjChoice dispatch_outcomes[] = {
  { "some", N_("Some prisoners are dispatched") },
  { "all", N_("Every prisoner is dispatched") },
};

static const AdjField dispatch_inputs[] = {
  UNIT_INPUT ("captors", N_("Captors")),
  INT_FROM ("prisoners", N_("Prisoners held"), NULL, 0, MAX_FIGURES, 2,
            "captors.status.prisoners"),
  INT_INPUT ("figures", N_("Figures doing nothing else this turn"),
             N_("Each dispatches up to two prisoners a turn."), 1, MAX_FIGURES, 1),
};

static gboolean
dispatch_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  int prisoners = adj_inputs_get_int (in, "prisoners");
  int figures = adj_inputs_get_int (in, "figures");
  int per = adj_rules_int (ctx->ruleset, "prisoners", "dispatch_per_figure");
  int dispatched = MIN (prisoners, per * figures);
  const char *name = adj_input_unit_name (ctx, in, "captors", _("The captors"));
  g_autofree char *title = NULL;

  explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, per * figures,
           g_dngettext (GETTEXT_PACKAGE, "%d prisoners a turn for each figure: %d figure can "
                        "dispatch", "%d prisoners a turn for each figure: %d figures can "
                        "dispatch", (gulong) figures), per, figures);
  explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, dispatched, _("Prisoners dispatched"));

  adj_outcome_set_value_int (outcome, "dispatched", dispatched);
  adj_outcome_set_value_int (outcome, "prisoners", prisoners - dispatched);
  /* TRANSLATORS: e.g. "Natal Carbineers: prisoners dispatched 4, still held 1" */
  adj_outcome_set_result (outcome, dispatched == prisoners ? "all" : "some",
                          _("%s: prisoners dispatched %d, still held %d"), name, dispatched,
                          prisoners - dispatched);
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d prisoner dispatched",
                                        "%d prisoners dispatched", (gulong) dispatched),
                           dispatched);
  adj_outcome_set_title (outcome, "%s", title);
  return TRUE;
}

/* As many figures as it takes to dispatch them all, of those the captors have. */
static gboolean
dispatch_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");
  int per = adj_rules_int (ctx->ruleset, "prisoners", "dispatch_per_figure");
  int prisoners = adj_inputs_get_int (in, "prisoners");

  if (captors == NULL)
    return TRUE;
  return adj_inputs_set_int (in, "figures",
                             CLAMP (MIN ((prisoners + per - 1) / per,
                                         adj_unit_get_figures (captors)), 1, MAX_FIGURES), error);
}

/* Whether the journal, as it stands, holds a dispatch by @unit this turn. */
static gboolean
dispatched_this_turn (AdjBattle *battle,
                      AdjUnit   *unit)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  int turn = adj_battle_get_turn (battle);

  for (guint i = 0; i < journal->position; i++)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i);
      json_object *captors = NULL;

      if (entry->turn == turn && g_strcmp0 (entry->mechanic, rf_dispatch_prisoners.id) == 0 &&
          json_object_object_get_ex (entry->inputs, "captors", &captors) &&
          g_strcmp0 (json_object_get_string (captors), adj_unit_get_id (unit)) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
dispatch_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  AdjUnit *captors;
  int figures = adj_inputs_get_int (in, "figures");

  if (!legal_captors (ctx, in, FALSE, &captors, error))
    return FALSE;
  if (adj_unit_get_status_int (captors, "prisoners") == 0)
    return adj_not_allowed (error, _("%s holds no prisoners"), adj_unit_get_name (captors));
  if (figures > adj_unit_get_figures (captors))
    return adj_not_allowed (error, g_dngettext (GETTEXT_PACKAGE, "%s has only %d figure, not %d",
                                                "%s has only %d figures, not %d",
                                                (gulong) adj_unit_get_figures (captors)),
                            adj_unit_get_name (captors), adj_unit_get_figures (captors), figures);
  if (dispatched_this_turn (ctx->battle, captors))
    return adj_not_allowed (error, _("%s has already dispatched prisoners this turn"),
                            adj_unit_get_name (captors));
  return TRUE;
}

static gboolean
dispatch_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *captors = adj_input_unit (ctx, in, "captors");
  int left = adj_outcome_get_value_int (outcome, "prisoners", 0);

  if (ctx->battle == NULL || captors == NULL)
    return TRUE;
  return adj_rules_change_unit_int (ctx->battle, changes, captors, "status.prisoners", left,
                                    error) &&
         (left > 0 || adj_rules_change_unit_int (ctx->battle, changes, captors, "status.guards",
                                                 0, error));
}

const AdjMechanic rf_dispatch_prisoners = {
  .id = "rf/dispatch-prisoners",
  .title = N_("Dispatching prisoners"),
  .summary = N_("Captors kill their prisoners, two a turn for each figure doing nothing else."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (dispatch_inputs),
  MECHANIC_OUTCOMES (dispatch_outcomes),
  .legal = dispatch_legal,
  .resolve = dispatch_resolve,
  .prefill = dispatch_prefill,
  .apply = dispatch_apply,
};
