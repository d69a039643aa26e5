/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec-battle.c: the twenty example armies of When Empires Clash!, and the mechanics against
 * a battle: prefill, apply, undo. */

#include "test-wec.h"

#include "adj-turn-state.h"

/* ------------------------------------------------------------------------------------------ */
/* The twenty example armies                                                                   */

typedef struct {
  const char *id;
  const char *dice;
  int         total;
  int         stands;       /* stands besides the command stand */
  int         book_stands;  /* what the template records; -1 where the book contradicts itself */
} TemplateCase;

static const TemplateCase template_cases[] = {
  { "afghan-1878-british", "2d6", 36, 13, 13 },
  { "afghan-1878-afghan", "d12", 36, 15, 15 },
  { "nwf-1878-british", "2d6", 36, 13, 13 },
  { "nwf-1878-tribal", "d12", 36, 18, 18 },
  { "zulu-1879-british", "2d6", 36, 14, 14 },
  { "zulu-1879-zulu", "d12", 36, 18, 18 },
  { "boer-1880-british", "2d6", 36, 15, 15 },
  { "boer-1880-boer", "2d6", 36, 18, 18 },
  { "nile-1884-british", "2d6", 36, 14, 14 },
  { "nile-1884-mahdist", "d12", 36, 18, 18 },
  { "nwf-1890-british", "2d6", 36, 13, 13 },
  { "nwf-1890-tribal", "d12", 36, 18, 18 },
  { "sudan-1896-british", "2d6", 36, 13, 13 },
  { "sudan-1896-mahdist", "d12", 36, 18, 18 },
  { "cuba-1898-spanish", "2d6", 36, 10, 10 },
  { "cuba-1898-american", "2d6", 36, 13, 13 },
  { "boer-1899-british", "2d6", 35, 12, 12 },
  { "boer-1899-boer", "2d6", 35, 12, 12 },
  { "boxer-1900-european", "2d6", 36, 12, 12 },
  /* The book prices four Imperial infantry stands at 18 points: six stands keep its total. */
  { "boxer-1900-boxer", "d12", 36, 15, -1 },
};

void
test_templates_count (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) templates = adj_army_templates (rs, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (templates->len, ==, 20);
  g_assert_cmpuint (G_N_ELEMENTS (template_cases), ==, 20);
  for (guint i = 0; i < templates->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (templates, i);
      gboolean found = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (template_cases); j++)
        found |= g_str_equal (template_cases[j].id, army->id);
      g_assert_true (found);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (((AdjArmy *) g_ptr_array_index (templates, j))->id, !=, army->id);
    }
}

static int
report_int (const AdjArmyReport *report,
            const char          *name)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (report->values, name, &v));
  return json_object_get_int (v);
}

static void
test_template_case (gconstpointer data)
{
  const TemplateCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) army = adj_army_template (rs, c->id, &error);
  g_autoptr(AdjArmyReport) report = NULL;
  json_object *dice = NULL;
  int stands = 0, commands = 0;

  g_assert_no_error (error);
  g_assert_nonnull (army);
  g_assert_cmpint (army->book_total, ==, c->total);
  g_assert_cmpint (army->book_stands, ==, c->book_stands);
  g_assert_true (json_object_object_get_ex (army->settings, "dice", &dice));
  g_assert_cmpstr (json_object_get_string (dice), ==, c->dice);

  report = adj_army_check (army, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_assert_cmpint (report_int (report, "total_half_points"), ==, 2 * army->book_total);
  g_assert_cmpint (report_int (report, "total_half_points"), ==, 2 * c->total);
  g_assert_cmpint (report_int (report, "stands"), ==, c->stands);
  if (army->book_stands >= 0)
    g_assert_cmpint (report_int (report, "stands"), ==, army->book_stands);
  g_assert_cmpint (report_int (report, "command_stands"), ==, 1);
  g_assert_cmpint (report_int (report, "heavy"), <=, 12);
  g_assert_true (adj_army_report_ok (report));
  for (guint i = 0; i < report->checks->len; i++)
    g_assert_true (((AdjArmyCheck *) g_ptr_array_index (report->checks, i))->ok);

  /* Counted again here from the book's stand values. */
  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);

      if (book_type (u->type)->kind == BOOK_COMMAND)
        commands += u->count;
      else
        stands += u->count;
    }
  g_assert_cmpint (stands, ==, c->stands);
  g_assert_cmpint (commands, ==, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Against a battle: prefill, apply, undo                                                      */

static AdjBattle *
battle_of (const char *a_template,
           const char *a_side,
           const char *b_template,
           const char *b_side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) a = adj_army_template (rs, a_template, &error);
  g_autoptr(AdjArmy) b = NULL;
  AdjBattle *battle = adj_battle_new (rs, "Test battle");

  g_assert_no_error (error);
  b = adj_army_template (rs, b_template, &error);
  g_assert_no_error (error);
  adj_battle_add_army (battle, a_side, a, &error);
  g_assert_no_error (error);
  adj_battle_add_army (battle, b_side, b, &error);
  g_assert_no_error (error);
  return battle;
}

/* The unit of this name (borrowed from the battle). */
static AdjUnit *
unit_named (AdjBattle  *battle,
            const char *name)
{
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (g_str_equal (adj_unit_get_name (unit), name))
        return adj_battle_find_unit (battle, adj_unit_get_id (unit));
    }
  g_error ("the battle has no unit named “%s”", name);
  return NULL;
}

static void
battle_set (AdjBattle  *battle,
            const char *target,
            const char *field,
            json_object *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) owned = value;

  adj_battle_edit (battle, target, field, owned, &error);
  g_assert_no_error (error);
}

static char *
unit_target (AdjUnit *unit)
{
  return g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
}

static AdjOutcome *
battle_resolve (AdjBattle  *battle,
                AdjInputs  *in,
                const int  *dice,
                guint       n_dice,
                GError    **error)
{
  AdjContext ctx;

  adj_battle_context (battle, &ctx);
  return resolve_entered (&ctx, in, dice, n_dice, error);
}

static void
prefill (AdjBattle *battle,
         AdjInputs *in)
{
  g_autoptr(GError) error = NULL;

  adj_battle_prefill (battle, in, &error);
  g_assert_no_error (error);
}

void
test_battle_fire (void)
{
  static const int destroy[] = { 6, 6, 1 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *gun = unit_named (battle, "British Field Artillery");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 1");
  g_autofree char *gun_target = unit_target (gun);
  g_autoptr(AdjInputs) in = inputs_new (FIRE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (in, "firer", adj_unit_get_id (gun), NULL));
  g_assert_true (adj_inputs_set_string (in, "target", adj_unit_get_id (spear), NULL));
  g_assert_true (adj_inputs_set_int (in, "distance", 8, NULL));
  prefill (battle, in);
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_type"), ==, "field-artillery");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_weapon"), ==, "rifled-field");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_dice"), ==, "2d6");
  g_assert_false (adj_inputs_get_bool (in, "firer_limbered"));
  g_assert_cmpstr (adj_inputs_get_string (in, "target_type"), ==, "native-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "target_dice"), ==, "d12");

  /* Limbered in the battle: the prefilled inputs forbid the shot. */
  battle_set (battle, gun_target, "status.towed", json_object_new_boolean (TRUE));
  prefill (battle, in);
  g_assert_true (adj_inputs_get_bool (in, "firer_limbered"));
  outcome = battle_resolve (battle, in, destroy, G_N_ELEMENTS (destroy), &error);
  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (adj_battle_undo (battle, NULL));
  prefill (battle, in);
  g_assert_false (adj_inputs_get_bool (in, "firer_limbered"));

  /* 12 + 2 against 1 + 2: destroyed, and undone. */
  outcome = battle_resolve (battle, in, destroy, G_N_ELEMENTS (destroy), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
  g_assert_cmpint (outcome_int (outcome, "firer_score"), ==, 14);
  g_assert_cmpint (outcome_int (outcome, "target_score"), ==, 3);
  g_assert_false (adj_unit_get_destroyed (spear));
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (spear));
  g_assert_true (adj_unit_get_status_bool (gun, "fought"));
  g_assert_true (adj_battle_can_undo (battle));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_destroyed (spear));
  g_assert_false (adj_unit_get_status_bool (gun, "fought"));
  g_assert_true (adj_battle_redo (battle, &error));
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (spear));
}

void
test_battle_fire_cavalry (void)
{
  static const int dice[] = { 4, 4, 1, 1 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *cav = unit_named (battle, "British Regular Cavalry 1");
  AdjUnit *target = unit_named (battle, "British Regular Infantry 1");
  g_autofree char *cav_target = unit_target (cav);
  g_autoptr(AdjInputs) in = inputs_new (FIRE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (in, "firer", adj_unit_get_id (cav), NULL));
  g_assert_true (adj_inputs_set_string (in, "target", adj_unit_get_id (target), NULL));
  prefill (battle, in);
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_type"), ==, "regular-cavalry");
  g_assert_cmpstr (adj_inputs_get_string (in, "firer_weapon"), ==, "single-shot-rifle");
  g_assert_false (adj_inputs_get_bool (in, "firer_dismounted"));
  g_assert_cmpstr (adj_inputs_get_string (in, "target_type"), ==, "regular-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "target_dice"), ==, "2d6");
  outcome = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice), &error);
  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_clear_error (&error);

  battle_set (battle, cav_target, "status.dismounted", json_object_new_boolean (TRUE));
  prefill (battle, in);
  g_assert_true (adj_inputs_get_bool (in, "firer_dismounted"));
  outcome = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice), &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome_int (outcome, "firer_score"), ==, 11);
  g_assert_cmpint (outcome_int (outcome, "target_score"), ==, 5);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
}

void
test_battle_close (void)
{
  static const int dice[] = { 1, 6, 6 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 2");
  AdjUnit *inf = unit_named (battle, "British Regular Infantry 1");
  g_autoptr(AdjInputs) in = inputs_new (CLOSE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (in, "attacker", adj_unit_get_id (spear), NULL));
  g_assert_true (adj_inputs_set_string (in, "defender", adj_unit_get_id (inf), NULL));
  g_assert_true (adj_inputs_set_bool (in, "recoil_blocked", TRUE, NULL));
  prefill (battle, in);
  g_assert_cmpstr (adj_inputs_get_string (in, "attacker_type"), ==, "native-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "attacker_dice"), ==, "d12");
  g_assert_cmpstr (adj_inputs_get_string (in, "defender_type"), ==, "regular-infantry");
  g_assert_cmpstr (adj_inputs_get_string (in, "defender_dice"), ==, "2d6");

  /* 1 + 2 against 12 + 3, and the attacker cannot fall back: it is destroyed. */
  outcome = battle_resolve (battle, in, dice, G_N_ELEMENTS (dice), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "attacker-destroyed");
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (spear));
  g_assert_false (adj_unit_get_destroyed (inf));
  g_assert_true (adj_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_false (adj_unit_get_destroyed (spear));
  g_assert_false (adj_unit_get_status_bool (spear, "fought"));
}

void
test_battle_sides (void)
{
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  g_autoptr(AdjInputs) wd = inputs_new (WDRW, NULL);
  g_autoptr(AdjInputs) res = inputs_new (RSLT, NULL);
  g_autoptr(AdjInputs) act = inputs_new (ACT, NULL);
  g_autoptr(AdjInputs) lims = inputs_new (LIMS, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (wd, "side", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_a", "british", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_b", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (act, "side", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (lims, "side", "british", NULL));

  prefill (battle, act);
  g_assert_cmpstr (adj_inputs_get_string (act, "dice"), ==, "d12");
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 2);

  prefill (battle, lims);
  g_assert_cmpint (adj_inputs_get_int (lims, "total_value"), ==, 36);
  g_assert_cmpint (adj_inputs_get_int (lims, "heavy_value"), ==, 0);
  g_assert_cmpint (adj_inputs_get_int (lims, "command_stands"), ==, 1);
  g_assert_cmpstr (adj_inputs_get_string (lims, "budget"), ==, "standard");

  prefill (battle, wd);
  g_assert_cmpint (adj_inputs_get_int (wd, "original_value"), ==, 36);
  g_assert_cmpint (adj_inputs_get_int (wd, "destroyed_value"), ==, 0);
  g_assert_cmpint (adj_inputs_get_int (wd, "entrenchment_lengths"), ==, 0);

  /* Eight spearmen lost (16 of 36): the Zulus fight on; the ninth (18) makes them withdraw. */
  for (int k = 1; k <= 9; k++)
    {
      g_autofree char *name = g_strdup_printf ("Zulu Spearmen %d", k);
      g_autofree char *target = unit_target (unit_named (battle, name));

      battle_set (battle, target, "destroyed", json_object_new_boolean (TRUE));
      if (k < 8)
        continue;
      prefill (battle, wd);
      g_assert_cmpint (adj_inputs_get_int (wd, "destroyed_value"), ==, 2 * k);
      outcome = resolve_entered (NULL, wd, NULL, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (outcome->key, ==, k == 8 ? "fights-on" : "must-withdraw");
      g_clear_pointer (&outcome, adj_outcome_free);
    }

  /* Values left, command stands included: 38 against 20. */
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_a"), ==, 38);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_b"), ==, 20);
  outcome = resolve_entered (NULL, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "side-a-decisive");
  g_clear_pointer (&outcome, adj_outcome_free);

  /* With their commander gone the Zulus add nothing to activation, and their value drops. */
  {
    g_autofree char *target = unit_target (unit_named (battle, "Zulu Commander"));
    battle_set (battle, target, "destroyed", json_object_new_boolean (TRUE));
  }
  prefill (battle, act);
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 0);
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "remaining_b"), ==, 18);
  outcome = resolve_entered (NULL, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "side-a-overwhelming");
}

/* Every place that counts entrenchment follows the battle's setting alike: the army limits, the
 * roster's totals (the army check over a side of the battle), withdrawal, the result and the
 * turn's facts.  The Spanish army of 1898: 28 points of stands, 16 lengths (8 points). */
typedef struct {
  const char *name;
  gboolean    counted;      /* the battle's "count_entrenchments" */
  int         lengths;      /* the side's entrenchment_lengths */
  int         counts;       /* the lengths every place counts */
  int         half;         /* the Spanish starting value in half points, entrenchment included */
  const char *limits;       /* wec/army-limits */
  const char *result;       /* wec/battle-result with nothing destroyed, Spanish first */
  const char *losses;       /* the turn's fact of the Spanish losses */
  const char *standing;     /* the turn's fact of who leads */
} EntrenchCase;

static const EntrenchCase entrench_cases[] = {
  { "counted", TRUE, 16, 16, 72, "legal", "draw", "0 of 36 — withdraws at 18",
    "Level at 38 points each" },
  { "not-counted", FALSE, 16, 0, 56, "legal", "side-b-marginal", "0 of 28 — withdraws at 14",
    "United States army leads by 8 — a marginal victory if it ended now" },
  { "counted/odd-length", TRUE, 17, 17, 73, "illegal", "side-a-marginal",
    "0 of 36½ — withdraws at 18½",
    "Spanish army leads by ½ — a marginal victory if it ended now" },
  { "not-counted/odd-length", FALSE, 17, 0, 56, "legal", "side-b-marginal",
    "0 of 28 — withdraws at 14",
    "United States army leads by 8 — a marginal victory if it ended now" },
};

static const char *
fact_value (GPtrArray  *facts,
            const char *id)
{
  for (guint i = 0; i < facts->len; i++)
    {
      AdjTurnFact *f = g_ptr_array_index (facts, i);

      if (g_str_equal (f->id, id))
        return f->value;
    }
  g_error ("no fact “%s”", id);
  return NULL;
}

static void
test_entrench_case (gconstpointer data)
{
  const EntrenchCase *c = data;
  g_autoptr(AdjBattle) battle = battle_of ("cuba-1898-spanish", "spanish", "cuba-1898-american",
                                           "american");
  g_autoptr(AdjInputs) lims = inputs_new (LIMS, NULL);
  g_autoptr(AdjInputs) wd = inputs_new (WDRW, NULL);
  g_autoptr(AdjInputs) res = inputs_new (RSLT, NULL);
  g_autoptr(AdjArmy) army = NULL;
  g_autoptr(AdjArmyReport) report = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GPtrArray) facts = NULL;
  g_autoptr(GError) error = NULL;

  battle_set (battle, "battle", "settings.count_entrenchments",
              json_object_new_boolean (c->counted));
  battle_set (battle, "side:spanish", "settings.entrenchment_lengths",
              json_object_new_int (c->lengths));
  g_assert_true (adj_inputs_set_string (lims, "side", "spanish", NULL));
  g_assert_true (adj_inputs_set_string (wd, "side", "spanish", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_a", "spanish", NULL));
  g_assert_true (adj_inputs_set_string (res, "side_b", "american", NULL));

  /* The army limits. */
  prefill (battle, lims);
  g_assert_cmpint (adj_inputs_get_int (lims, "entrenchment_lengths"), ==, c->counts);
  outcome = battle_resolve (battle, lims, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->limits);
  g_assert_cmpint (outcome_int (outcome, "total_half_points"), ==, c->half);
  g_clear_pointer (&outcome, adj_outcome_free);

  /* The roster's totals. */
  army = adj_army_new_for_side (battle, "spanish", NULL);
  report = adj_army_check (army, &error);
  g_assert_no_error (error);
  g_assert_cmpint (report_int (report, "total_half_points"), ==, c->half);
  g_assert_cmpint (adj_army_report_ok (report), ==, g_str_equal (c->limits, "legal"));

  /* Withdrawal. */
  prefill (battle, wd);
  g_assert_cmpint (adj_inputs_get_int (wd, "entrenchment_lengths"), ==, c->counts);
  outcome = battle_resolve (battle, wd, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome_int (outcome, "original_half_points"), ==, c->half);
  g_clear_pointer (&outcome, adj_outcome_free);

  /* The result: 30 of stands (command stand included) against the Americans' 38. */
  prefill (battle, res);
  g_assert_cmpint (adj_inputs_get_int (res, "entrenchment_a"), ==, c->counts);
  g_assert_cmpint (adj_inputs_get_int (res, "entrenchment_b"), ==, 0);
  outcome = battle_resolve (battle, res, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, c->result);

  /* The turn's facts. */
  facts = adj_battle_get_turn_state (battle);
  g_assert_cmpstr (fact_value (facts, "losses:spanish"), ==, c->losses);
  g_assert_cmpstr (fact_value (facts, "standing"), ==, c->standing);
}

/* A gun on a large stand, as the battle keeps it: movement, recoil and both combats know it
 * cannot move by itself. */
void
test_battle_large_stand (void)
{
  static const int beaten[] = { 9, 3, 3 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *gun = unit_named (battle, "British Field Artillery");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 1");
  g_autofree char *gun_target = unit_target (gun);
  g_autoptr(AdjInputs) move = inputs_new (MOVE, NULL);
  g_autoptr(AdjInputs) rec = inputs_new (RECO, "{\"squares_needed\":0}");
  g_autoptr(AdjInputs) close = inputs_new (CLOSE, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (move, "unit", adj_unit_get_id (gun), NULL));
  g_assert_true (adj_inputs_set_string (rec, "unit", adj_unit_get_id (gun), NULL));
  g_assert_true (adj_inputs_set_string (close, "attacker", adj_unit_get_id (spear), NULL));
  g_assert_true (adj_inputs_set_string (close, "defender", adj_unit_get_id (gun), NULL));

  /* On its own wheels it moves 2 and may recoil. */
  prefill (battle, rec);
  g_assert_false (adj_inputs_get_bool (rec, "large_stand"));
  outcome = battle_resolve (battle, rec, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "recoils");
  g_clear_pointer (&outcome, adj_outcome_free);

  battle_set (battle, gun_target, "status.large_stand", json_object_new_boolean (TRUE));
  prefill (battle, move);
  g_assert_true (adj_inputs_get_bool (move, "large_stand"));
  outcome = battle_resolve (battle, move, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "0");
  g_clear_pointer (&outcome, adj_outcome_free);

  prefill (battle, rec);
  g_assert_true (adj_inputs_get_bool (rec, "large_stand"));
  outcome = battle_resolve (battle, rec, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
  g_clear_pointer (&outcome, adj_outcome_free);

  /* Spearmen 3 + 2 against the gun's 6 + 2: beaten but not twice over, the gun would recoil
   * and is destroyed instead. */
  prefill (battle, close);
  g_assert_true (adj_inputs_get_bool (close, "defender_large_stand"));
  outcome = battle_resolve (battle, close, beaten, G_N_ELEMENTS (beaten), &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome_int (outcome, "attacker_score"), ==, 11);
  g_assert_cmpint (outcome_int (outcome, "defender_score"), ==, 8);
  g_assert_cmpstr (outcome->key, ==, "defender-destroyed");
  adj_battle_apply_outcome (battle, close, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (gun));
}

void
test_battle_commander_rating (void)
{
  static const int six[] = { 6 };
  static const int one[] = { 1 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *commander = unit_named (battle, "Zulu Commander");
  AdjUnit *spear = unit_named (battle, "Zulu Spearmen 1");
  g_autoptr(AdjInputs) in = inputs_new (RATE, NULL);
  g_autoptr(AdjInputs) act = inputs_new (ACT, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (act, "side", "zulu", NULL));
  g_assert_true (adj_inputs_set_string (in, "commander", adj_unit_get_id (commander), NULL));
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-average");

  outcome = battle_resolve (battle, in, six, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "exceptional");
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-exceptional");
  prefill (battle, act);
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 3);
  g_clear_pointer (&outcome, adj_outcome_free);

  outcome = battle_resolve (battle, in, one, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "poor");
  adj_battle_apply_outcome (battle, in, outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-poor");
  prefill (battle, act);
  g_assert_cmpint (adj_inputs_get_int (act, "command_value"), ==, 1);
  g_clear_pointer (&outcome, adj_outcome_free);

  g_assert_true (adj_battle_undo (battle, NULL));
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-exceptional");
  g_assert_true (adj_battle_undo (battle, NULL));
  g_assert_cmpstr (adj_unit_get_type_id (commander), ==, "command-average");

  /* Only a command stand has a rating. */
  g_assert_true (adj_inputs_set_string (in, "commander", adj_unit_get_id (spear), NULL));
  outcome = battle_resolve (battle, in, six, 1, &error);
  g_assert_null (outcome);
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
}

void
test_battle_recoil_and_army_value (void)
{
  static const int eight[] = { 6, 5, 4, 3, 2, 1, 6, 3 };
  g_autoptr(AdjBattle) battle = battle_of ("zulu-1879-british", "british", "zulu-1879-zulu",
                                           "zulu");
  AdjUnit *inf = unit_named (battle, "British Regular Infantry 2");
  g_autoptr(AdjInputs) rec = inputs_new (RECO, "{\"squares_needed\":3}");
  g_autoptr(AdjInputs) val = inputs_new (AVAL, NULL);
  g_autoptr(AdjInputs) lims = inputs_new (LIMS, NULL);
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_inputs_set_string (rec, "unit", adj_unit_get_id (inf), NULL));
  prefill (battle, rec);
  g_assert_cmpstr (adj_inputs_get_string (rec, "type"), ==, "regular-infantry");
  outcome = battle_resolve (battle, rec, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "destroyed");
  adj_battle_apply_outcome (battle, rec, outcome, &error);
  g_assert_no_error (error);
  g_assert_true (adj_unit_get_destroyed (inf));
  g_assert_true (adj_battle_undo (battle, NULL));
  g_assert_false (adj_unit_get_destroyed (inf));
  g_clear_pointer (&outcome, adj_outcome_free);

  g_assert_true (adj_inputs_set_string (val, "side", "zulu", NULL));
  outcome = battle_resolve (battle, val, eight, G_N_ELEMENTS (eight), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "30");
  g_assert_cmpint (outcome_int (outcome, "heavy_cap"), ==, 9);
  adj_battle_apply_outcome (battle, val, outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_side_setting_string (battle, "zulu", "budget"), ==, "rolled");
  g_assert_cmpint (adj_battle_get_side_setting_int (battle, "zulu", "rolled_value"), ==, 30);

  g_assert_true (adj_inputs_set_string (lims, "side", "zulu", NULL));
  prefill (battle, lims);
  g_assert_cmpstr (adj_inputs_get_string (lims, "budget"), ==, "rolled");
  g_assert_cmpint (adj_inputs_get_int (lims, "rolled_value"), ==, 30);
  g_assert_cmpint (adj_inputs_get_int (lims, "total_value"), ==, 36);
  g_clear_pointer (&outcome, adj_outcome_free);
  outcome = battle_resolve (battle, lims, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outcome->key, ==, "illegal");
}

void
add_template_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (entrench_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/battle/entrenchment/", entrench_cases[i].name,
                                           NULL);
      g_test_add_data_func (path, &entrench_cases[i], test_entrench_case);
    }
  for (guint i = 0; i < G_N_ELEMENTS (template_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/templates/", template_cases[i].id, NULL);
      g_test_add_data_func (path, &template_cases[i], test_template_case);
    }
}
