/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rules-util.c: helpers the rule files share. */

#define G_LOG_DOMAIN "adj-rules"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-ruleset.h"
#include "adj-rules-util.h"

void
adj_score_init (AdjScore *score)
{
  score->mods = g_array_sized_new (FALSE, FALSE, sizeof (AdjScoreMod), 8);
  score->total = 0;
  score->texts = g_ptr_array_new_with_free_func (g_free);
}

void
adj_score_clear (AdjScore *score)
{
  g_clear_pointer (&score->mods, g_array_unref);
  g_clear_pointer (&score->texts, g_ptr_array_unref);
}

static void
add_mod (AdjScore   *score,
         const char *label,
         int         value)
{
  AdjScoreMod mod = { label, value };

  g_array_append_val (score->mods, mod);
  score->total += value;
}

void
adj_score_add (AdjScore   *score,
               int         value,
               const char *format,
               ...)
{
  va_list args;
  char *label;

  va_start (args, format);
  label = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (score->texts, label);
  add_mod (score, label, value);
}

void
adj_score_add_modifier (AdjScore   *score,
                        AdjRuleset *rs,
                        const char *group,
                        const char *id,
                        int         times)
{
  const AdjModifier *m;

  if (times == 0)
    return;
  m = adj_ruleset_get_modifier (rs, group, id);
  if (times == 1)
    add_mod (score, adj_gettext (m->label), m->value);
  else
    /* TRANSLATORS: a modifier that counts several times, e.g. "Friendly stand ... (×3)" */
    adj_score_add (score, m->value * times, _("%s (×%d)"), adj_gettext (m->label), times);
}

int
adj_dice_append (GString    *text,
                 const int  *dice,
                 guint       n,
                 const char *separator)
{
  int sum = 0;

  for (guint i = 0; i < n; i++)
    {
      int v = dice[i];

      if (i > 0)
        g_string_append (text, separator);
      if (v >= 0 && v < 10)
        g_string_append_c (text, (char) ('0' + v));
      else
        g_string_append_printf (text, "%d", v);
      sum += v;
    }
  return sum;
}

int
adj_score_explain (const AdjScore *score,
                   AdjOutcome     *outcome,
                   const char     *who,
                   const char     *who_label,
                   const int      *dice,
                   guint           n_dice,
                   guint           sides)
{
  g_autoptr(GString) text = g_string_new (NULL);
  int sum = 0;

  sum = adj_dice_append (text, dice, n_dice, " + ");
  if (n_dice == 1)
    adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, who, TRUE, sum, _("%s rolls D%u"),
                           who_label, sides);
  else
    adj_outcome_add_linef (outcome, ADJ_EXPLAIN_DICE, who, TRUE, sum,
                           /* TRANSLATORS: e.g. "Firer rolls 2D6: 4 + 5" */
                           _("%s rolls %uD%u: %s"), who_label, n_dice, sides, text->str);
  for (guint i = 0; i < score->mods->len; i++)
    {
      const AdjScoreMod *m = &g_array_index (score->mods, AdjScoreMod, i);
      adj_outcome_add_modifier (outcome, who, m->label, m->value);
    }
  adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TOTAL, who, TRUE, sum + score->total,
                         /* TRANSLATORS: e.g. "Firer's score" */
                         _("%s’s score"), who_label);
  return sum + score->total;
}

void
adj_dice_choice (const char *choice,
                 guint      *count,
                 guint      *sides)
{
  if (g_strcmp0 (choice, "d12") == 0)
    {
      *count = 1;
      *sides = 12;
    }
  else
    {
      *count = 2;
      *sides = 6;
    }
}

AdjDrawSpec
adj_dice_spec (const char *group,
               const char *label,
               const char *choice)
{
  AdjDrawSpec s = { group, label, 0, 0 };

  adj_dice_choice (choice, &s.count, &s.sides);
  return s;
}

void
adj_draw_choice (GArray     *specs,
                 const char *group,
                 const char *label,
                 const char *choice)
{
  AdjDrawSpec s = adj_dice_spec (group, label, choice);

  g_array_append_val (specs, s);
}

gboolean
adj_score_roll (const AdjScore  *score,
                AdjDrawSpec      draw,
                const char      *who_label,
                AdjRandom       *random,
                AdjOutcome      *outcome,
                int             *result,
                GError         **error)
{
  int dice[2];

  if (!adj_random_roll (random, draw.group, draw.label, draw.count, draw.sides, dice, error))
    return FALSE;
  *result = adj_score_explain (score, outcome, draw.group, who_label, dice, draw.count,
                               draw.sides);
  return TRUE;
}

json_object *
adj_rules_json (AdjRuleset *rs,
                const char *section,
                const char *key)
{
  json_object *sec = json_object_object_get (adj_ruleset_get_json (rs), section);

  return key != NULL ? json_object_object_get (sec, key) : sec;
}

int
adj_rules_int (AdjRuleset *rs,
               const char *section,
               const char *key)
{
  json_object *sec, *v;

  /* The system's check_ruleset verified these exist and are integers. */
  if (json_object_object_get_ex (adj_ruleset_get_json (rs), section, &sec) &&
      json_object_object_get_ex (sec, key, &v))
    return json_object_get_int (v);
  g_return_val_if_reached (0);
}

/* The value @key of the "rules" object of a unit type's or weapon's JSON, or NULL. */
static json_object *
rules_value (json_object *json,
             const char  *key)
{
  return json_object_object_get (json_object_object_get (json, "rules"), key);
}

int
adj_unit_type_rule_int (const AdjUnitType *type,
                        const char        *key,
                        int                fallback)
{
  json_object *v = rules_value (type->json, key);
  return json_object_is_type (v, json_type_int) ? json_object_get_int (v) : fallback;
}

gboolean
adj_unit_type_rule_bool (const AdjUnitType *type,
                         const char        *key,
                         gboolean           fallback)
{
  json_object *v = rules_value (type->json, key);
  return json_object_is_type (v, json_type_boolean) ? json_object_get_boolean (v) : fallback;
}

const char *
adj_unit_type_rule_string (const AdjUnitType *type,
                           const char        *key)
{
  json_object *v = rules_value (type->json, key);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

int
adj_weapon_rule_int (const AdjWeapon *weapon,
                     const char      *key,
                     int              fallback)
{
  json_object *v = weapon != NULL ? rules_value (weapon->json, key) : NULL;
  return json_object_is_type (v, json_type_int) ? json_object_get_int (v) : fallback;
}

const char *
adj_weapon_rule_string (const AdjWeapon *weapon,
                        const char      *key,
                        const char      *fallback)
{
  json_object *v = weapon != NULL ? rules_value (weapon->json, key) : NULL;
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : fallback;
}

gboolean
adj_rules_fail (GError     **error,
                AdjError     code,
                const char  *format,
                ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (ADJ_ERROR, code, format, args));
  va_end (args);
  return FALSE;
}

AdjUnit *
adj_input_unit (const AdjContext *ctx,
                AdjInputs        *in,
                const char       *input)
{
  const char *id = adj_inputs_get_string (in, input);

  if (ctx->battle == NULL || id == NULL)
    return NULL;
  return adj_battle_find_unit (ctx->battle, id);
}

const char *
adj_input_unit_name (const AdjContext *ctx,
                     AdjInputs        *in,
                     const char       *input,
                     const char       *fallback)
{
  AdjUnit *unit = adj_input_unit (ctx, in, input);

  return unit != NULL ? adj_unit_get_name (unit) : fallback;
}

gboolean
adj_rules_check_decisions (AdjRuleset  *rs,
                           GError     **error)
{
  static const char *const keys[] = { "id", "label", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *arr;

  if (!adj_json_get_array (adj_ruleset_get_json (rs), "decisions", TRUE, &arr, file, "$",
                           error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *item = json_object_array_get_idx (arr, i);
      g_autofree char *where = adj_json_path_index ("$.decisions", i);
      const char *v;

      if (!adj_json_expect_object (item, file, where, error) ||
          !adj_json_check_keys (item, keys, file, where, error) ||
          !adj_json_get_string (item, "id", TRUE, &v, file, where, error) ||
          !adj_json_get_string (item, "label", TRUE, &v, file, where, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
adj_rules_check_section_ints (AdjRuleset          *rs,
                              const char          *section,
                              const char * const  *keys,
                              gint64               min,
                              gint64               max,
                              GError             **error)
{
  const char *file = adj_ruleset_get_file (rs);
  g_autofree char *path = adj_json_path_key ("$", section);
  json_object *obj;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), section, TRUE, &obj, file, "$", error) ||
      !adj_json_check_keys (obj, keys, file, path, error))
    return FALSE;
  for (guint i = 0; keys[i] != NULL; i++)
    {
      gint64 v;

      if (!adj_json_get_int (obj, keys[i], TRUE, min, max, &v, file, path, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
adj_rules_check_declared (AdjRuleset          *rs,
                          const char * const  *categories,
                          const char * const  *status_fields,
                          GError             **error)
{
  const char *file = adj_ruleset_get_file (rs);

  for (guint i = 0; categories != NULL && categories[i] != NULL; i++)
    if (adj_ruleset_find_category (rs, categories[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.categories",
                            _("the category “%s” is missing"), categories[i]);
  for (guint i = 0; status_fields != NULL && status_fields[i] != NULL; i++)
    if (adj_ruleset_find_status_field (rs, status_fields[i]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “%s” is missing"), status_fields[i]);
  return TRUE;
}

gboolean
adj_rules_find_unit (const AdjContext  *ctx,
                     const char        *id,
                     AdjUnit          **out,
                     GError           **error)
{
  *out = NULL;
  if (id == NULL || ctx->battle == NULL)
    return TRUE;
  *out = adj_battle_find_unit (ctx->battle, id);
  if (*out == NULL)
  return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND, _("The battle has no unit “%s”"), id);
  return TRUE;
}

static gboolean
change_unit (AdjBattle     *battle,
             AdjChangeSet  *changes,
             AdjUnit       *unit,
             const char    *field,
             json_object   *value,
             gboolean       record_same,
             GError       **error)
{
  g_autofree char *target = NULL;

  if (battle == NULL || unit == NULL)
    return TRUE;
  /* A status field that does not apply to this unit is simply not recorded. */
  if (g_str_has_prefix (field, "status.") &&
      !json_object_object_get_ex (adj_unit_get_status (unit), field + strlen ("status."), NULL))
    return TRUE;
  /* Nor, unless asked, is a change to the value it already has. */
  if (!record_same)
    {
      g_autoptr(json_object) now = adj_unit_get_field (unit, field);

      if (adj_json_equal (now, value))
        return TRUE;
    }
  target = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
  return adj_battle_change_field (battle, changes, target, field, value, error);
}

gboolean
adj_rules_change_unit (AdjBattle     *battle,
                       AdjChangeSet  *changes,
                       AdjUnit       *unit,
                       const char    *field,
                       json_object   *value,
                       GError       **error)
{
  return change_unit (battle, changes, unit, field, value, FALSE, error);
}

gboolean
adj_rules_change_unit_bool (AdjBattle     *battle,
                            AdjChangeSet  *changes,
                            AdjUnit       *unit,
                            const char    *field,
                            gboolean       value,
                            GError       **error)
{
  g_autoptr(json_object) v = json_object_new_boolean (value);
  return change_unit (battle, changes, unit, field, v, FALSE, error);
}

gboolean
adj_rules_change_unit_int (AdjBattle     *battle,
                           AdjChangeSet  *changes,
                           AdjUnit       *unit,
                           const char    *field,
                           int            value,
                           GError       **error)
{
  g_autoptr(json_object) v = json_object_new_int64 (value);
  return change_unit (battle, changes, unit, field, v, FALSE, error);
}

gboolean
adj_rules_change_unit_string (AdjBattle     *battle,
                              AdjChangeSet  *changes,
                              AdjUnit       *unit,
                              const char    *field,
                              const char    *value,
                              GError       **error)
{
  g_autoptr(json_object) v = json_object_new_string (value);
  return change_unit (battle, changes, unit, field, v, FALSE, error);
}

static gboolean
set_unit (const AdjContext  *ctx,
          AdjChangeSet      *changes,
          const char        *unit_id,
          const char        *field,
          json_object       *value,
          gboolean           record_same,
          GError           **error)
{
  AdjUnit *unit;

  return adj_rules_find_unit (ctx, unit_id, &unit, error) &&
         change_unit (ctx->battle, changes, unit, field, value, record_same, error);
}

gboolean
adj_rules_set_unit (const AdjContext  *ctx,
                    AdjChangeSet      *changes,
                    const char        *unit_id,
                    const char        *field,
                    json_object       *value,
                    GError           **error)
{
  return set_unit (ctx, changes, unit_id, field, value, FALSE, error);
}

gboolean
adj_rules_set_unit_bool (const AdjContext  *ctx,
                         AdjChangeSet      *changes,
                         const char        *unit_id,
                         const char        *field,
                         gboolean           value,
                         GError           **error)
{
  g_autoptr(json_object) v = json_object_new_boolean (value);
  return set_unit (ctx, changes, unit_id, field, v, FALSE, error);
}

gboolean
adj_rules_set_unit_int (const AdjContext  *ctx,
                        AdjChangeSet      *changes,
                        const char        *unit_id,
                        const char        *field,
                        int                value,
                        GError           **error)
{
  g_autoptr(json_object) v = json_object_new_int64 (value);
  return set_unit (ctx, changes, unit_id, field, v, FALSE, error);
}

gboolean
adj_rules_record_unit (const AdjContext  *ctx,
                       AdjChangeSet      *changes,
                       const char        *unit_id,
                       const char        *field,
                       json_object       *value,
                       GError           **error)
{
  return set_unit (ctx, changes, unit_id, field, value, TRUE, error);
}

gboolean
adj_rules_record_unit_bool (const AdjContext  *ctx,
                            AdjChangeSet      *changes,
                            const char        *unit_id,
                            const char        *field,
                            gboolean           value,
                            GError           **error)
{
  g_autoptr(json_object) v = json_object_new_boolean (value);
  return set_unit (ctx, changes, unit_id, field, v, TRUE, error);
}

const AdjUnitType *
adj_rules_input_type (const AdjContext *ctx,
                      AdjInputs        *in,
                      const char       *name)
{
  return adj_ruleset_find_unit_type (ctx->ruleset, adj_inputs_get_string (in, name));
}

gboolean
adj_rules_table_missing (const GError *error)
{
  return g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
}

void
adj_rules_odds_ways (AdjOdds     *odds,
                     mpz_t       *ways,
                     guint        n,
                     const mpz_t  total)
{
  mpz_t g, reduced;

  g_return_if_fail (n <= odds->entries->len);

  mpz_init_set (g, total);
  for (guint k = 0; k < n; k++)
    mpz_gcd (g, g, ways[k]);
  for (guint k = 0; k < n; k++)
    mpz_divexact (((AdjOddsEntry *) g_ptr_array_index (odds->entries, k))->ways, ways[k], g);
  mpz_init (reduced);
  mpz_divexact (reduced, total, g);
  adj_odds_finish_ways (odds, reduced);
  mpz_clears (g, reduced, NULL);
}

void
adj_rules_odds_counts (AdjOdds       *odds,
                       const guint64 *ways,
                       guint          n,
                       guint64        total)
{
  g_autofree mpz_t *w = g_new (mpz_t, n);
  mpz_t t;

  mpz_init (t);
  adj_mpz_set_u64 (t, total);
  for (guint k = 0; k < n; k++)
    {
      mpz_init (w[k]);
      adj_mpz_set_u64 (w[k], ways[k]);
    }
  adj_rules_odds_ways (odds, w, n, t);
  for (guint k = 0; k < n; k++)
    mpz_clear (w[k]);
  mpz_clear (t);
}

void
adj_rules_odds_fractions (AdjOdds *odds,
                          mpq_t   *p,
                          guint    n)
{
  g_autofree mpz_t *ways = g_new (mpz_t, n);
  mpz_t total;

  mpz_init_set_ui (total, 1);
  for (guint k = 0; k < n; k++)
    mpz_lcm (total, total, mpq_denref (p[k]));
  for (guint k = 0; k < n; k++)
    {
      mpz_init (ways[k]);
      mpz_divexact (ways[k], total, mpq_denref (p[k]));
      mpz_mul (ways[k], ways[k], mpq_numref (p[k]));
    }
  adj_rules_odds_ways (odds, ways, n, total);
  for (guint k = 0; k < n; k++)
    mpz_clear (ways[k]);
  mpz_clear (total);
}

void
adj_sum_odds (const AdjMechanic *mech,
              guint              n,
              guint              sides,
              AdjSumRule         rule,
              gpointer           data,
              AdjOdds           *odds)
{
  g_autoptr(AdjDist) d = adj_dist_dice (n, sides);

  adj_declare_outcomes (mech, odds);
  for (guint i = 0; i < d->n; i++)
    {
      const char *key = rule (d->min + (int) i, data);

      adj_odds_add (odds, key, adj_outcome_label (mech, key), d->count[i]);
    }
  adj_odds_finish (odds, d->total);
}

void
adj_number_odds (guint          n,
                 guint          sides,
                 int            shift,
                 AdjNumberLabel label_fn,
                 AdjOdds       *odds)
{
  g_autoptr(AdjDist) d = adj_dist_dice (n, sides);

  for (guint i = 0; i < d->n; i++)
    {
      int v = d->min + (int) i + shift;
      g_autofree char *key = g_strdup_printf ("%d", v);
      g_autofree char *label = label_fn (v);

      if (d->count[i] > 0)
        adj_odds_add (odds, key, label, d->count[i]);
    }
  adj_odds_finish (odds, d->total);
}

void
adj_opposed_odds (const AdjMechanic *mech,
                  AdjDrawSpec        a,
                  int                a_mod,
                  AdjDrawSpec        b,
                  int                b_mod,
                  AdjOpposedRule     rule,
                  gpointer           data,
                  AdjOdds           *odds)
{
  g_autoptr(AdjDist) da = adj_dist_dice (a.count, a.sides);
  g_autoptr(AdjDist) db = adj_dist_dice (b.count, b.sides);
  guint64 total = 0;
  gboolean rerolls = FALSE;

  adj_declare_outcomes (mech, odds);
  for (guint i = 0; i < da->n; i++)
    for (guint j = 0; j < db->n; j++)
      {
        guint64 ways = da->count[i] * db->count[j];
        const char *key;

        if (ways == 0)
          continue;
        key = rule (da->min + (int) i + a_mod, db->min + (int) j + b_mod, data);
        if (key == NULL)
          {
            rerolls = TRUE;
            continue;
          }
        adj_odds_add (odds, key, adj_outcome_label (mech, key), ways);
        total += ways;
      }
  adj_odds_finish (odds, total);
  if (rerolls)
    odds->note = g_strdup (N_("Ties are rolled again: these are the odds of the final result."));
}

void
adj_declare_outcomes (const AdjMechanic *mech,
                      AdjOdds           *odds)
{
  for (guint i = 0; i < mech->n_outcomes; i++)
    adj_odds_declare (odds, mech->outcomes[i].id, mech->outcomes[i].label);
}

const char *
adj_outcome_label (const AdjMechanic *mech,
                   const char        *key)
{
  const AdjChoice *c = adj_field_find_choice (mech->outcomes, mech->n_outcomes, key);

  return c != NULL ? c->label : key;
}

/* The unit input @name names, alive; else FALSE with the reason, naming the input's label. */
gboolean
adj_rules_legal_unit (const AdjContext  *ctx,
                      AdjInputs         *in,
                      const char        *name,
                      gboolean           required,
                      AdjUnit          **out,
                      GError           **error)
{
  const AdjField *f = adj_mechanic_find_input (in->mechanic, name);
  const char *id = adj_inputs_get_string (in, name);
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (ctx->battle, id) : NULL;

  if (out != NULL)
    *out = unit;
  if (unit == NULL)
    /* TRANSLATORS: e.g. "“Target stand” names no unit: choose one first" */
    return required ? adj_not_allowed (error, _("“%s” names no unit: choose one first"),
                                       adj_gettext (f->label))
                    : TRUE;
  if (adj_unit_get_destroyed (unit))
    return adj_not_allowed (error, _("%s is destroyed"), adj_unit_get_name (unit));
  return TRUE;
}

gboolean
adj_rules_legal_pair (const AdjContext  *ctx,
                      AdjInputs         *in,
                      const char        *actor,
                      const char        *target,
                      AdjUnit          **actor_unit,
                      GError           **error)
{
  AdjUnit *a, *t;

  if (!adj_rules_legal_unit (ctx, in, actor, TRUE, &a, error) ||
      !adj_rules_legal_unit (ctx, in, target, TRUE, &t, error))
    return FALSE;
  if (a == t)
    return adj_not_allowed (error, _("%s cannot act against itself"), adj_unit_get_name (a));
  if (g_strcmp0 (adj_unit_get_side (a), adj_unit_get_side (t)) == 0)
    return adj_not_allowed (error, _("%s and %s are on the same side"), adj_unit_get_name (a),
                            adj_unit_get_name (t));
  if (actor_unit != NULL)
    *actor_unit = a;
  return TRUE;
}
