/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-mechanic.c: what any mechanic is made of — the checks on its declaration, its inputs
 * and its outcomes — without knowing which systems there are (rules/adj-systems.c does). */

#define G_LOG_DOMAIN "adj-mechanic"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-tables.h"

/* ---- declarations ---- */

const char *
adj_mechanic_ruleset_id (const AdjMechanic *mech,
                         char              *buf,
                         gsize              size)
{
  const char *slash = strchr (mech->id, '/');
  gsize len = slash != NULL ? (gsize) (slash - mech->id) : strlen (mech->id);

  g_strlcpy (buf, mech->id, MIN (size, len + 1));
  return buf;
}

const AdjField *
adj_mechanic_find_input (const AdjMechanic *mech,
                         const char        *name)
{
  for (guint i = 0; i < mech->n_inputs; i++)
    if (g_str_equal (mech->inputs[i].name, name))
      return &mech->inputs[i];
  return NULL;
}

const AdjField *
adj_mechanic_input_source (const AdjMechanic  *mech,
                           const AdjField     *field,
                           const char        **attr)
{
  const char *dot = field->from != NULL ? strchr (field->from, '.') : NULL;

  if (dot == NULL)
    return NULL;
  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *ref = &mech->inputs[i];

      if ((ref->kind == ADJ_FIELD_UNIT || ref->kind == ADJ_FIELD_SIDE) &&
          strlen (ref->name) == (gsize) (dot - field->from) &&
          strncmp (ref->name, field->from, (gsize) (dot - field->from)) == 0)
        {
          if (attr != NULL)
            *attr = dot + 1;
          return ref;
        }
    }
  return NULL;
}

gboolean
adj_mechanic_input_applies (const AdjMechanic *mech,
                            const AdjContext  *ctx,
                            AdjInputs         *inputs,
                            const AdjField    *field)
{
  const AdjUnitType *type;

  g_return_val_if_fail (mech != NULL && ctx != NULL && field != NULL, TRUE);

  if (field->applies_with == NULL || inputs == NULL)
    return TRUE;
  type = adj_ruleset_find_unit_type (ctx->ruleset,
                                     adj_inputs_get_string (inputs, field->applies_with));
  return type == NULL || adj_field_applies_to (field, type->category);
}

/* The mechanic that follows @mech is one of the same system, and the inputs the follow-up
 * names exist with the kinds it needs. */
static gboolean
check_follow_up (const AdjSystem   *system,
                 const AdjMechanic *mech,
                 GError           **error)
{
  const AdjFollowUp *f = mech->follow_up;
  const AdjMechanic *next = NULL;
  const AdjField *field;

  for (guint i = 0; i < system->n_mechanics; i++)
    if (g_strcmp0 (system->mechanics[i]->id, f->next) == 0)
      next = system->mechanics[i];
  if (next == NULL || next == mech)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "mechanic “%s”: the follow-up “%s” is not another mechanic of its system",
                   mech->id, f->next != NULL ? f->next : "");
      return FALSE;
    }
  if (f->count == NULL || f->count_to == NULL ||
      (field = adj_mechanic_find_input (next, f->count_to)) == NULL ||
      field->kind != ADJ_FIELD_INT)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "mechanic “%s”: its follow-up needs a count and a whole-number input of “%s” "
                   "to take it", mech->id, next->id);
      return FALSE;
    }
  if ((f->unit_from == NULL) != (f->unit_to == NULL) ||
      (f->unit_from != NULL &&
       ((field = adj_mechanic_find_input (mech, f->unit_from)) == NULL ||
        field->kind != ADJ_FIELD_UNIT ||
        (field = adj_mechanic_find_input (next, f->unit_to)) == NULL ||
        field->kind != ADJ_FIELD_UNIT)))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "mechanic “%s”: its follow-up carries a unit between inputs that are not "
                   "unit inputs", mech->id);
      return FALSE;
    }
  return TRUE;
}

/* Checks the declaration of one mechanic; adj_mechanics_self_check() in rules/adj-systems.c
 * runs it over every system. */
gboolean
adj_mechanic_self_check (const AdjSystem    *system,
                         const AdjMechanic  *mech,
                         GError            **error)
{
  g_autofree char *prefix = g_strconcat (system->id, "/", NULL);

  if (!g_str_has_prefix (mech->id, prefix) || !adj_json_is_identifier (mech->id + strlen (prefix)))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "mechanic “%s” does not have an id of the form %sname", mech->id, prefix);
      return FALSE;
    }
  if (mech->resolve == NULL || mech->title == NULL || mech->summary == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "mechanic “%s” lacks a title, summary or resolve function", mech->id);
      return FALSE;
    }
  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      const AdjField *ref;

      if (!adj_json_is_identifier (f->name) || f->label == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       "mechanic “%s”: input %u has a bad name or no label", mech->id, i);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (mech->inputs[j].name, f->name))
          {
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         "mechanic “%s”: the input “%s” is declared twice", mech->id, f->name);
            return FALSE;
          }
      if (f->kind == ADJ_FIELD_ENUM && f->choices == NULL && f->choices_from == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       "mechanic “%s”: the enum input “%s” has no choices", mech->id, f->name);
          return FALSE;
        }
      if (f->kind == ADJ_FIELD_INT && (f->min > f->max || f->def < f->min || f->def > f->max))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       "mechanic “%s”: the input “%s” has a default outside its range",
                       mech->id, f->name);
          return FALSE;
        }
      if ((f->applies_to == NULL) != (f->applies_with == NULL) ||
          (f->applies_with != NULL &&
           ((ref = adj_mechanic_find_input (mech, f->applies_with)) == NULL ||
            g_strcmp0 (ref->choices_from, "unit-types") != 0)))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       "mechanic “%s”: the input “%s” applies to some categories but names no "
                       "unit-type input to read them from", mech->id, f->name);
          return FALSE;
        }
      if (f->from != NULL && adj_mechanic_input_source (mech, f, NULL) == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       "mechanic “%s”: the input “%s” pre-fills from “%s”, which does not "
                       "name a unit or side input", mech->id, f->name, f->from);
          return FALSE;
        }
    }
  for (guint i = 0; i < mech->n_outcomes; i++)
    for (guint j = 0; j < i; j++)
      if (g_str_equal (mech->outcomes[i].id, mech->outcomes[j].id))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       "mechanic “%s”: the outcome “%s” is declared twice",
                       mech->id, mech->outcomes[i].id);
          return FALSE;
        }
  if (mech->phases != NULL && mech->step_label == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   "mechanic “%s”: a step of a phase needs a label", mech->id);
      return FALSE;
    }
  if (mech->follow_up != NULL && !check_follow_up (system, mech, error))
    return FALSE;
  return TRUE;
}

const char *
adj_scope_to_string (AdjScope scope)
{
  switch (scope)
    {
    case ADJ_SCOPE_BATTLE: return "battle";
    case ADJ_SCOPE_SIDE: return "side";
    case ADJ_SCOPE_UNIT: return "unit";
    case ADJ_SCOPE_PAIR: return "pair";
    case ADJ_SCOPE_SETUP: return "setup";
    default: g_return_val_if_reached ("battle");
    }
}

static const char *
kind_to_string (AdjFieldKind kind)
{
  switch (kind)
    {
    case ADJ_FIELD_BOOL: return "bool";
    case ADJ_FIELD_INT: return "int";
    case ADJ_FIELD_ENUM: return "enum";
    case ADJ_FIELD_UNIT: return "unit";
    case ADJ_FIELD_SIDE: return "side";
    default: g_return_val_if_reached ("int");
    }
}

GArray *
adj_mechanic_draws (const AdjMechanic *mech,
                    const AdjContext  *ctx,
                    AdjInputs         *inputs)
{
  GArray *specs = g_array_new (FALSE, FALSE, sizeof (AdjDrawSpec));

  if (mech->draws != NULL)
    mech->draws (ctx, inputs, specs);
  return specs;
}

/* The outcomes of @mech as describe lists them: those it declares, or, when its result is a
 * number, every number its odds with @inputs list. */
static json_object *
describe_outcomes (const AdjMechanic  *mech,
                   const AdjContext   *ctx,
                   AdjInputs          *inputs,
                   GError            **error)
{
  g_autoptr(json_object) outcomes = json_object_new_array ();
  g_autoptr(AdjOdds) odds = NULL;

  for (guint i = 0; i < mech->n_outcomes; i++)
    {
      json_object *o = json_object_new_object ();
      json_object_object_add (o, "id", json_object_new_string (mech->outcomes[i].id));
      json_object_object_add (o, "label",
                              json_object_new_string (adj_gettext (mech->outcomes[i].label)));
      json_object_array_add (outcomes, o);
    }
  if (mech->outcomes != NULL)
    return g_steal_pointer (&outcomes);

  odds = adj_mechanic_odds (mech, ctx, inputs, error);
  if (odds == NULL)
    return NULL;
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "id", json_object_new_string (e->key));
      json_object_object_add (o, "label", json_object_new_string (adj_gettext (e->label)));
      json_object_array_add (outcomes, o);
    }
  return g_steal_pointer (&outcomes);
}

json_object *
adj_mechanic_describe (const AdjMechanic *mech,
                       AdjRuleset        *rs)
{
  g_autoptr(AdjInputs) defaults = adj_inputs_new (mech, rs);
  AdjContext ctx = { .ruleset = rs };
  g_autoptr(GError) error = NULL;
  json_object *obj = adj_mechanic_describe_for (mech, &ctx, defaults, FALSE, &error);

  /* Every mechanic can be rolled with its default inputs. */
  if (obj == NULL)
    g_critical ("%s: %s", mech->id, error->message);
  return obj;
}

json_object *
adj_mechanic_describe_for (const AdjMechanic  *mech,
                           const AdjContext   *ctx,
                           AdjInputs          *given,
                           gboolean            inputs_given,
                           GError            **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autoptr(json_object) obj = json_object_new_object ();
  json_object *inputs = json_object_new_array ();
  json_object *outcomes = NULL;
  json_object *random = json_object_new_object ();
  json_object *draws = json_object_new_array ();
  g_autoptr(AdjInputs) defaults = adj_inputs_new (mech, rs);
  g_autoptr(GArray) specs = adj_mechanic_draws (mech, ctx, given);
  char rid[32];

  g_return_val_if_fail (given->mechanic == mech, NULL);

  outcomes = describe_outcomes (mech, ctx, given, error);
  if (outcomes == NULL)
    {
      json_object_put (inputs);
      json_object_put (random);
      json_object_put (draws);
      return NULL;
    }

  json_object_object_add (obj, "id", json_object_new_string (mech->id));
  json_object_object_add (obj, "ruleset",
                          json_object_new_string (adj_mechanic_ruleset_id (mech, rid, sizeof rid)));
  json_object_object_add (obj, "title", json_object_new_string (adj_gettext (mech->title)));
  json_object_object_add (obj, "summary", json_object_new_string (adj_gettext (mech->summary)));
  json_object_object_add (obj, "scope", json_object_new_string (adj_scope_to_string (mech->scope)));
  if (mech->reveals)
    json_object_object_add (obj, "reveals", json_object_new_boolean (TRUE));

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      json_object *in = json_object_new_object ();

      json_object_object_add (in, "name", json_object_new_string (f->name));
      json_object_object_add (in, "kind", json_object_new_string (kind_to_string (f->kind)));
      json_object_object_add (in, "label", json_object_new_string (adj_gettext (f->label)));
      if (f->hint != NULL)
        json_object_object_add (in, "hint", json_object_new_string (adj_gettext (f->hint)));
      switch (f->kind)
        {
        case ADJ_FIELD_BOOL:
          json_object_object_add (in, "default", json_object_new_boolean (f->def));
          break;
        case ADJ_FIELD_INT:
          json_object_object_add (in, "min", json_object_new_int64 (f->min));
          json_object_object_add (in, "max", json_object_new_int64 (f->max));
          json_object_object_add (in, "default", json_object_new_int64 (f->def));
          if (f->measure != NULL)
            {
              json_object_object_add (in, "measure", json_object_new_string (f->measure));
              json_object_object_add (in, "unit", json_object_new_string (
                adj_distance_unit_symbol (adj_ruleset_get_distance_unit (rs))));
            }
          break;
        case ADJ_FIELD_ENUM:
          {
            guint n;
            const AdjChoice *choices = adj_ruleset_field_choices (rs, f, &n);
            json_object *arr = json_object_new_array ();

            for (guint k = 0; k < n; k++)
              {
                json_object *c = json_object_new_object ();
                json_object_object_add (c, "id", json_object_new_string (choices[k].id));
                json_object_object_add (c, "label",
                                        json_object_new_string (adj_gettext (choices[k].label)));
                json_object_array_add (arr, c);
              }
            json_object_object_add (in, "choices", arr);
            json_object_object_add (in, "default",
                                    json_object_new_string (adj_inputs_get_string (defaults,
                                                                                   f->name)));
          }
          break;
        case ADJ_FIELD_UNIT:
        case ADJ_FIELD_SIDE:
          json_object_object_add (in, "optional", json_object_new_boolean (f->optional));
          break;
        default:
          break;
        }
      if (f->from != NULL)
        json_object_object_add (in, "prefill", json_object_new_string (f->from));
      if (f->applies_with != NULL)
        {
          json_object *categories = json_object_new_array ();

          for (guint k = 0; f->applies_to[k] != NULL; k++)
            json_object_array_add (categories, json_object_new_string (f->applies_to[k]));
          json_object_object_add (in, "applies_to", categories);
          json_object_object_add (in, "applies_with", json_object_new_string (f->applies_with));
        }
      json_object_array_add (inputs, in);
    }
  json_object_object_add (obj, "inputs", inputs);

  for (guint i = 0; i < specs->len; i++)
    {
      const AdjDrawSpec *d = &g_array_index (specs, AdjDrawSpec, i);
      json_object *item = json_object_new_object ();

      json_object_object_add (item, "group", json_object_new_string (d->group));
      json_object_object_add (item, "label", json_object_new_string (adj_gettext (d->label)));
      if (d->sides != 0)
        {
          g_autofree char *dice = g_strdup_printf ("%uD%u", d->count, d->sides);
          json_object_object_add (item, "dice", json_object_new_string (dice));
        }
      else
        json_object_object_add (item, "cards", json_object_new_int64 ((int) d->count));
      json_object_array_add (draws, item);
    }
  json_object_object_add (random, "draws", draws);
  json_object_object_add (random, "with_default_inputs", json_object_new_boolean (!inputs_given));
  if (mech->random_note != NULL)
    json_object_object_add (random, "note",
                            json_object_new_string (adj_gettext (mech->random_note)));
  json_object_object_add (obj, "random", random);

  /* A result that is a number lists the numbers these inputs can give. */
  json_object_object_add (obj, "numeric", json_object_new_boolean (mech->outcomes == NULL));
  json_object_object_add (obj, "outcomes", outcomes);
  if (inputs_given)
    json_object_object_add (obj, "input_values", adj_inputs_to_json (given));

  /* The tables the players type in that it reads, so a form can link to their editor. */
  if (mech->tables != NULL)
    {
      json_object *tables = json_object_new_array ();

      for (guint i = 0; mech->tables[i] != NULL; i++)
        json_object_array_add (tables, json_object_new_string (mech->tables[i]));
      json_object_object_add (obj, "tables", tables);
    }
  return g_steal_pointer (&obj);
}

static gpointer
roll_ref (gconstpointer roll,
          gpointer      data)
{
  return adj_roll_ref ((AdjRoll *) roll);
}

gboolean
adj_mechanic_resolve (const AdjMechanic *mech,
                      const AdjContext  *ctx,
                      AdjInputs         *inputs,
                      AdjRandom         *random,
                      AdjOutcome        *outcome,
                      GError           **error)
{
  GPtrArray *rolls;

  g_return_val_if_fail (mech != NULL && ctx != NULL && inputs != NULL, FALSE);
  g_return_val_if_fail (inputs->mechanic == mech, FALSE);
  g_return_val_if_fail (outcome != NULL && outcome->key == NULL, FALSE);

  if (!mech->resolve (ctx, inputs, random, outcome, error))
    return FALSE;
  if (!adj_random_check_used (random, error))
    return FALSE;
  g_return_val_if_fail (outcome->key != NULL, FALSE);
  outcome->ruling = g_strdup (ctx->ruling);
  if (ctx->battle != NULL && ctx->name_actors != NULL)
    outcome->actors = ctx->name_actors (ctx->battle, inputs, outcome->title);

  rolls = adj_random_get_rolls (random);
  g_ptr_array_extend (outcome->rolls, rolls, roll_ref, NULL);
  if (adj_random_drew_cards (random) && adj_random_get_pack (random) != NULL)
    outcome->pack_after = adj_pack_to_json (adj_random_get_pack (random));
  return TRUE;
}

gboolean
adj_mechanic_check_legal (const AdjMechanic *mech,
                          const AdjContext  *ctx,
                          AdjInputs         *inputs,
                          GError           **error)
{
  g_return_val_if_fail (mech != NULL && ctx != NULL && inputs != NULL, FALSE);

  if (ctx->battle == NULL || mech->legal == NULL)
    return TRUE;
  return mech->legal (ctx, inputs, error);
}

/* The place of the outcome @key among those @mech declares (after them all when it is not one
 * of them). */
static guint
declared_place (const AdjMechanic *mech,
                const char        *key)
{
  const AdjChoice *c = adj_field_find_choice (mech->outcomes, mech->n_outcomes, key);

  return c != NULL ? (guint) (c - mech->outcomes) : mech->n_outcomes;
}

static int
by_declared_place (gconstpointer a,
                   gconstpointer b,
                   gpointer      data)
{
  guint pa = declared_place (data, (*(AdjOddsEntry * const *) a)->key);
  guint pb = declared_place (data, (*(AdjOddsEntry * const *) b)->key);

  return (pa > pb) - (pa < pb);
}

/* The odds of a mechanic that declares its outcomes list every one of them, in their order,
 * those that cannot happen with 0 ways; a script can rely on that. */
static void
odds_as_declared (const AdjMechanic *mech,
                  AdjOdds           *odds)
{
  if (mech->outcomes == NULL)
    return;
  for (guint i = 0; i < odds->entries->len; i++)
    {
      const AdjOddsEntry *e = g_ptr_array_index (odds->entries, i);

      if (declared_place (mech, e->key) == mech->n_outcomes)
        g_critical ("%s: the odds list “%s”, which is not one of its outcomes", mech->id,
                    e->key);
    }
  for (guint i = 0; i < mech->n_outcomes; i++)
    adj_odds_declare (odds, mech->outcomes[i].id, mech->outcomes[i].label);
  g_ptr_array_sort_with_data (odds->entries, by_declared_place, (gpointer) mech);
}

AdjOdds *
adj_mechanic_odds (const AdjMechanic *mech,
                   const AdjContext  *ctx,
                   AdjInputs         *inputs,
                   GError           **error)
{
  g_autoptr(AdjOdds) odds = adj_odds_new ();

  g_return_val_if_fail (mech != NULL && ctx != NULL && inputs != NULL, NULL);

  if (mech->odds != NULL)
    {
      if (!mech->odds (ctx, inputs, odds, error))
        return NULL;
      odds_as_declared (mech, odds);
    }
  else
    {
      /* A mechanic without dice or cards has one certain outcome. */
      g_autoptr(AdjRandom) none = adj_random_new (NULL, NULL);
      g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);

      if (!adj_mechanic_resolve (mech, ctx, inputs, none, outcome, error))
        return NULL;
      for (guint i = 0; i < mech->n_outcomes; i++)
        adj_odds_declare (odds, mech->outcomes[i].id, mech->outcomes[i].label);
      adj_odds_add (odds, outcome->key, outcome->title, 1);
      adj_odds_finish (odds, 1);
    }
  return g_steal_pointer (&odds);
}

/* Add @id to @missing unless it is there already. */
static void
add_missing_table (GPtrArray  *missing,
                   const char *id)
{
  for (guint i = 0; i < missing->len; i++)
    if (g_str_equal (g_ptr_array_index (missing, i), id))
      return;
  g_ptr_array_add (missing, g_strdup (id));
}

GPtrArray *
adj_mechanic_missing_tables (const AdjMechanic *mech,
                             const AdjContext  *ctx,
                             AdjInputs         *inputs,
                             GError           **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (mech != NULL && ctx != NULL && inputs != NULL, NULL);

  if (mech->tables == NULL)
    return g_steal_pointer (&missing);
  if (mech->missing_tables != NULL)
    {
      if (!mech->missing_tables (ctx, inputs, found, error))
        return NULL;
    }
  else
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(AdjOdds) odds = adj_mechanic_odds (mech, ctx, inputs, &local_error);
      const char * const *ids = adj_error_get_missing_tables (local_error);

      if (odds == NULL && ids == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
        add_missing_table (found, ids[i]);
    }
  /* In the mechanic's own order, and only tables it declares. */
  for (guint i = 0; mech->tables[i] != NULL; i++)
    for (guint k = 0; k < found->len; k++)
      if (g_str_equal (g_ptr_array_index (found, k), mech->tables[i]))
        add_missing_table (missing, mech->tables[i]);
  return g_steal_pointer (&missing);
}

const AdjMechanic *
adj_mechanic_get_follow_up (const AdjMechanic *mech,
                            const AdjOutcome  *outcome,
                            int               *count)
{
  int n;

  g_return_val_if_fail (mech != NULL && outcome != NULL, NULL);

  if (mech->follow_up == NULL)
    return NULL;
  n = adj_outcome_get_value_int (outcome, mech->follow_up->count, 0);
  if (n <= 0)
    return NULL;
  if (count != NULL)
    *count = n;
  return adj_mechanic_lookup (mech->follow_up->next);
}

AdjTables *
adj_tables_for_context (const AdjContext  *ctx,
                        GError           **error)
{
  g_return_val_if_fail (ctx != NULL, NULL);
  return adj_tables_in_effect (ctx->ruleset, ctx->tables, error);
}

/* ---- inputs ---- */

static void
set_default (AdjInputs      *inputs,
             guint           i)
{
  const AdjField *f = &inputs->mechanic->inputs[i];
  AdjValue *v = &inputs->values[i];

  g_clear_pointer (&v->s, g_free);
  v->set = FALSE;
  v->i = f->def;
  if (f->kind == ADJ_FIELD_ENUM)
    {
      guint n;
      const AdjChoice *choices = adj_ruleset_field_choices (inputs->ruleset, f, &n);

      if (f->def_choice != NULL && adj_field_find_choice (choices, n, f->def_choice) != NULL)
        v->s = g_strdup (f->def_choice);
      else if (n > 0)
        v->s = g_strdup (choices[0].id);
    }
}

AdjInputs *
adj_inputs_new (const AdjMechanic *mech,
                AdjRuleset        *rs)
{
  AdjInputs *inputs;

  g_return_val_if_fail (mech != NULL && rs != NULL, NULL);

  inputs = g_new0 (AdjInputs, 1);
  inputs->mechanic = mech;
  inputs->ruleset = adj_ruleset_ref (rs);
  inputs->values = g_new0 (AdjValue, MAX (mech->n_inputs, 1));
  for (guint i = 0; i < mech->n_inputs; i++)
    set_default (inputs, i);
  return inputs;
}

AdjInputs *
adj_inputs_copy (const AdjInputs *inputs)
{
  AdjInputs *copy = adj_inputs_new (inputs->mechanic, inputs->ruleset);

  for (guint i = 0; i < inputs->mechanic->n_inputs; i++)
    {
      copy->values[i].set = inputs->values[i].set;
      copy->values[i].i = inputs->values[i].i;
      g_free (copy->values[i].s);
      copy->values[i].s = g_strdup (inputs->values[i].s);
    }
  return copy;
}

void
adj_inputs_free (AdjInputs *inputs)
{
  if (inputs == NULL)
    return;
  for (guint i = 0; i < inputs->mechanic->n_inputs; i++)
    g_free (inputs->values[i].s);
  g_free (inputs->values);
  adj_ruleset_unref (inputs->ruleset);
  g_free (inputs);
}

static int
input_index (const AdjInputs *inputs,
             const char      *name)
{
  /* A mechanic mostly asks by the very literal it declared the input with. */
  for (guint i = 0; i < inputs->mechanic->n_inputs; i++)
    if (inputs->mechanic->inputs[i].name == name)
      return (int) i;
  for (guint i = 0; i < inputs->mechanic->n_inputs; i++)
    if (g_str_equal (inputs->mechanic->inputs[i].name, name))
      return (int) i;
  return -1;
}

static gboolean
unknown_input (const AdjInputs  *inputs,
               const char       *name,
               GError          **error)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < inputs->mechanic->n_inputs; i++)
    {
      if (i > 0)
        g_string_append (names, ", ");
      g_string_append (names, inputs->mechanic->inputs[i].name);
    }
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
               _("%s has no input “%s” (its inputs are: %s)"),
               inputs->mechanic->id, name, names->len > 0 ? names->str : _("none"));
  return FALSE;
}

/* The input @name and (when @index is not NULL) its index in *@index; NULL with @error set
 * when there is none. */
static const AdjField *
find_input (const AdjInputs  *inputs,
            const char       *name,
            int              *index,
            GError          **error)
{
  int i = input_index (inputs, name);

  if (i < 0)
    {
      unknown_input (inputs, name, error);
      return NULL;
    }
  if (index != NULL)
    *index = i;
  return &inputs->mechanic->inputs[i];
}

static gboolean
check_int (const AdjField *f,
           int             value,
           GError        **error)
{
  if (value < f->min || value > f->max)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%s must be from %d to %d, not %d"), f->name, f->min, f->max, value);
      return FALSE;
    }
  return TRUE;
}

gboolean
adj_inputs_set_int (AdjInputs   *inputs,
                    const char  *name,
                    int          value,
                    GError     **error)
{
  int i;
  const AdjField *f = find_input (inputs, name, &i, error);

  if (f == NULL)
    return FALSE;
  if (f->kind != ADJ_FIELD_INT)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%s takes %s, not a number"), f->name, kind_to_string (f->kind));
      return FALSE;
    }
  if (!check_int (f, value, error))
    return FALSE;
  inputs->values[i].i = value;
  inputs->values[i].set = TRUE;
  return TRUE;
}

gboolean
adj_inputs_set_bool (AdjInputs   *inputs,
                     const char  *name,
                     gboolean     value,
                     GError     **error)
{
  int i;
  const AdjField *f = find_input (inputs, name, &i, error);

  if (f == NULL)
    return FALSE;
  if (f->kind != ADJ_FIELD_BOOL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%s takes %s, not true or false"), f->name, kind_to_string (f->kind));
      return FALSE;
    }
  inputs->values[i].i = value ? 1 : 0;
  inputs->values[i].set = TRUE;
  return TRUE;
}

gboolean
adj_inputs_set_string (AdjInputs   *inputs,
                       const char  *name,
                       const char  *value,
                       GError     **error)
{
  int i;
  const AdjField *f = find_input (inputs, name, &i, error);

  if (f == NULL)
    return FALSE;
  switch (f->kind)
    {
    case ADJ_FIELD_ENUM:
      {
        guint n;
        const AdjChoice *choices = adj_ruleset_field_choices (inputs->ruleset, f, &n);

        if (adj_field_find_choice (choices, n, value) == NULL)
          {
            g_autoptr(GString) list = g_string_new (NULL);

            for (guint k = 0; k < n; k++)
              g_string_append_printf (list, "%s%s", k > 0 ? ", " : "", choices[k].id);
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         _("%s cannot be “%s”; it takes one of: %s"),
                         f->name, value != NULL ? value : "", list->str);
            return FALSE;
          }
      }
      break;
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
      if (value != NULL && !adj_json_is_identifier (value))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("%s must be the id of a %s, not “%s”"), f->name,
                       f->kind == ADJ_FIELD_UNIT ? _("unit") : _("side"), value);
          return FALSE;
        }
      break;
    case ADJ_FIELD_BOOL:
    case ADJ_FIELD_INT:
    default:
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%s takes %s, not text"), f->name, kind_to_string (f->kind));
      return FALSE;
    }
  g_free (inputs->values[i].s);
  inputs->values[i].s = g_strdup (value);
  inputs->values[i].set = value != NULL;
  return TRUE;
}

gboolean
adj_inputs_set_value (AdjInputs    *inputs,
                      const char   *name,
                      json_object  *value,
                      GError      **error)
{
  const AdjField *f = find_input (inputs, name, NULL, error);

  if (f == NULL)
    return FALSE;
  switch (f->kind)
    {
    case ADJ_FIELD_BOOL:
      if (!json_object_is_type (value, json_type_boolean))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected true or false, found %s"), adj_json_type_name (value));
          return FALSE;
        }
      return adj_inputs_set_bool (inputs, name, json_object_get_boolean (value), error);
    case ADJ_FIELD_INT:
      {
        gint64 v;

        if (!json_object_is_type (value, json_type_int))
          {
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         _("expected an integer from %d to %d, found %s"),
                         f->min, f->max, adj_json_type_name (value));
            return FALSE;
          }
        v = json_object_get_int64 (value);
        if (v < f->min || v > f->max)
          {
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         _("expected an integer from %d to %d, found %lld"),
                         f->min, f->max, (long long) v);
            return FALSE;
          }
        return adj_inputs_set_int (inputs, name, (int) v, error);
      }
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
      if (json_object_is_type (value, json_type_null))
        return adj_inputs_set_string (inputs, name, NULL, error);
      G_GNUC_FALLTHROUGH;
    case ADJ_FIELD_ENUM:
    default:
      if (!json_object_is_type (value, json_type_string))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("expected a string, found %s"), adj_json_type_name (value));
          return FALSE;
        }
      return adj_inputs_set_string (inputs, name, json_object_get_string (value), error);
    }
}

static gboolean
set_json_values (AdjInputs    *inputs,
                 json_object  *json,
                 const char   *file,
                 GError      **error)
{
  json_object_object_foreach (json, key, val)
    {
      g_autoptr(GError) local = NULL;

      if (!adj_inputs_set_value (inputs, key, val, &local))
        {
          g_autofree char *where = adj_json_path_key ("$", key);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where, "%s", local->message);
        }
    }
  return TRUE;
}

gboolean
adj_inputs_set_json (AdjInputs    *inputs,
                     json_object  *json,
                     const char   *file,
                     GError      **error)
{
  g_autoptr(AdjInputs) trial = NULL;
  AdjValue *swap;

  g_return_val_if_fail (inputs != NULL, FALSE);

  if (!adj_json_expect_object (json, file, "$", error))
    return FALSE;

  /* All or nothing: a bad value anywhere leaves every input as it was. */
  trial = adj_inputs_copy (inputs);
  if (!set_json_values (trial, json, file, error))
    return FALSE;
  swap = inputs->values;
  inputs->values = trial->values;
  trial->values = swap;
  return TRUE;
}

json_object *
adj_inputs_get_value (const AdjInputs *inputs,
                      const char      *name)
{
  int i = input_index (inputs, name);
  const AdjValue *v;

  if (i < 0)
    {
      g_critical ("%s: no input named “%s”", inputs->mechanic->id, name);
      return NULL;
    }
  v = &inputs->values[i];
  switch (inputs->mechanic->inputs[i].kind)
    {
    case ADJ_FIELD_BOOL:
      return json_object_new_boolean (v->i);
    case ADJ_FIELD_INT:
      return json_object_new_int64 (v->i);
    case ADJ_FIELD_ENUM:
      return json_object_new_string (v->s != NULL ? v->s : "");
    case ADJ_FIELD_UNIT:
    case ADJ_FIELD_SIDE:
    default:
      return v->s != NULL ? json_object_new_string (v->s) : NULL;
    }
}

json_object *
adj_inputs_to_json (const AdjInputs *inputs)
{
  json_object *obj = json_object_new_object ();

  for (guint i = 0; i < inputs->mechanic->n_inputs; i++)
    {
      const char *name = inputs->mechanic->inputs[i].name;

      json_object_object_add (obj, name, adj_inputs_get_value (inputs, name));
    }
  return obj;
}

static const AdjValue *
get_value (const AdjInputs *inputs,
           const char      *name)
{
  int i = input_index (inputs, name);

  if (i < 0)
    {
      g_critical ("%s: no input named “%s”", inputs->mechanic->id, name);
      return NULL;
    }
  return &inputs->values[i];
}

int
adj_inputs_get_int (const AdjInputs *inputs,
                    const char      *name)
{
  const AdjValue *v = get_value (inputs, name);
  return v != NULL ? v->i : 0;
}

gboolean
adj_inputs_get_bool (const AdjInputs *inputs,
                     const char      *name)
{
  const AdjValue *v = get_value (inputs, name);
  return v != NULL && v->i != 0;
}

const char *
adj_inputs_get_string (const AdjInputs *inputs,
                       const char      *name)
{
  const AdjValue *v = get_value (inputs, name);
  return v != NULL ? v->s : NULL;
}

gboolean
adj_inputs_is_set (const AdjInputs *inputs,
                   const char      *name)
{
  const AdjValue *v = get_value (inputs, name);
  return v != NULL && v->set;
}

/* ---- outcomes ---- */

static void
line_free (gpointer data)
{
  AdjExplainLine *line = data;

  g_free (line->who);
  g_free (line->label);
  g_free (line);
}

AdjOutcome *
adj_outcome_new (const AdjMechanic *mech)
{
  AdjOutcome *outcome = g_new0 (AdjOutcome, 1);

  outcome->mechanic = mech;
  outcome->rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_roll_free);
  outcome->lines = g_ptr_array_new_with_free_func (line_free);
  outcome->values = json_object_new_object ();
  return outcome;
}

void
adj_outcome_free (AdjOutcome *outcome)
{
  if (outcome == NULL)
    return;
  g_free (outcome->key);
  g_free (outcome->title);
  g_free (outcome->reason);
  g_free (outcome->ruling);
  g_free (outcome->actors);
  g_ptr_array_unref (outcome->lines);
  g_ptr_array_unref (outcome->rolls);
  json_object_put (outcome->values);
  json_object_put (outcome->pack_after);
  g_free (outcome);
}

void
adj_outcome_set_result (AdjOutcome *outcome,
                        const char *key,
                        const char *reason_format,
                        ...)
{
  const AdjMechanic *mech = outcome->mechanic;
  const AdjChoice *choice;
  va_list args;

  choice = adj_field_find_choice (mech->outcomes, mech->n_outcomes, key);
  g_return_if_fail (choice != NULL);

  g_free (outcome->key);
  g_free (outcome->title);
  g_free (outcome->reason);
  outcome->key = g_strdup (key);
  outcome->title = g_strdup (adj_gettext (choice->label));
  va_start (args, reason_format);
  outcome->reason = reason_format != NULL ? g_strdup_vprintf (reason_format, args) : NULL;
  va_end (args);
}

void
adj_outcome_set_title (AdjOutcome *outcome,
                       const char *format,
                       ...)
{
  va_list args;

  g_return_if_fail (outcome->key != NULL);

  g_free (outcome->title);
  va_start (args, format);
  outcome->title = g_strdup_vprintf (format, args);
  va_end (args);
}

void
adj_outcome_set_number (AdjOutcome *outcome,
                        int         number,
                        const char *title,
                        const char *reason)
{
  g_free (outcome->key);
  g_free (outcome->title);
  g_free (outcome->reason);
  outcome->key = g_strdup_printf ("%d", number);
  outcome->title = g_strdup (title);
  outcome->reason = g_strdup (reason);
  adj_outcome_set_value_int (outcome, "result", number);
}

void
adj_outcome_take_line (AdjOutcome     *outcome,
                       AdjExplainKind  kind,
                       const char     *who,
                       char           *label,
                       gboolean        has_value,
                       int             value)
{
  AdjExplainLine *line = g_new0 (AdjExplainLine, 1);

  line->kind = kind;
  line->who = g_strdup (who);
  line->label = label;
  line->has_value = has_value;
  line->value = value;
  g_ptr_array_add (outcome->lines, line);
}

void
adj_outcome_add_line (AdjOutcome     *outcome,
                      AdjExplainKind  kind,
                      const char     *who,
                      const char     *label,
                      gboolean        has_value,
                      int             value)
{
  adj_outcome_take_line (outcome, kind, who, g_strdup (label), has_value, value);
}

void
adj_outcome_add_line_v (AdjOutcome     *outcome,
                        AdjExplainKind  kind,
                        const char     *who,
                        gboolean        has_value,
                        int             value,
                        const char     *format,
                        va_list         args)
{
  adj_outcome_take_line (outcome, kind, who, g_strdup_vprintf (format, args), has_value, value);
}

void
adj_outcome_add_linef (AdjOutcome     *outcome,
                       AdjExplainKind  kind,
                       const char     *who,
                       gboolean        has_value,
                       int             value,
                       const char     *format,
                       ...)
{
  va_list args;

  va_start (args, format);
  adj_outcome_add_line_v (outcome, kind, who, has_value, value, format, args);
  va_end (args);
}

void
adj_outcome_add_modifier (AdjOutcome *outcome,
                          const char *who,
                          const char *label,
                          int         value)
{
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_MODIFIER, who, label, TRUE, value);
}

void
adj_outcome_add_note (AdjOutcome *outcome,
                      const char *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  adj_outcome_add_line_v (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0, format, args);
  va_end (args);
}

void
adj_outcome_set_value_int (AdjOutcome *outcome,
                           const char *name,
                           int         value)
{
  json_object_object_add (outcome->values, name, json_object_new_int64 (value));
}

void
adj_outcome_set_value_bool (AdjOutcome *outcome,
                            const char *name,
                            gboolean    value)
{
  json_object_object_add (outcome->values, name, json_object_new_boolean (value));
}

void
adj_outcome_set_value_string (AdjOutcome *outcome,
                              const char *name,
                              const char *value)
{
  json_object_object_add (outcome->values, name,
                          value != NULL ? json_object_new_string (value) : NULL);
}

int
adj_outcome_get_value_int (const AdjOutcome *outcome,
                           const char       *name,
                           int               fallback)
{
  json_object *v;

  if (json_object_object_get_ex (outcome->values, name, &v) &&
      json_object_is_type (v, json_type_int))
    return json_object_get_int (v);
  return fallback;
}

static const char *
explain_kind_to_string (AdjExplainKind kind)
{
  switch (kind)
    {
    case ADJ_EXPLAIN_DICE: return "dice";
    case ADJ_EXPLAIN_MODIFIER: return "modifier";
    case ADJ_EXPLAIN_TOTAL: return "total";
    case ADJ_EXPLAIN_TABLE: return "table";
    case ADJ_EXPLAIN_NOTE: return "note";
    default: g_return_val_if_reached ("note");
    }
}

json_object *
adj_outcome_to_json (const AdjOutcome *outcome)
{
  json_object *obj = json_object_new_object ();
  json_object *lines = json_object_new_array ();
  json_object *rolls = json_object_new_array ();

  json_object_object_add (obj, "mechanic", json_object_new_string (outcome->mechanic->id));
  json_object_object_add (obj, "outcome", json_object_new_string (outcome->key));
  json_object_object_add (obj, "title", json_object_new_string (outcome->title));
  if (outcome->reason != NULL)
    json_object_object_add (obj, "reason", json_object_new_string (outcome->reason));
  if (outcome->ruling != NULL)
    json_object_object_add (obj, "ruling", json_object_new_string (outcome->ruling));
  if (outcome->actors != NULL)
    json_object_object_add (obj, "actors", json_object_new_string (outcome->actors));
  for (guint l = 0; l < outcome->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);

      json_object *item = json_object_new_object ();

      json_object_object_add (item, "kind",
                              json_object_new_string (explain_kind_to_string (line->kind)));
      if (line->who != NULL)
        json_object_object_add (item, "who", json_object_new_string (line->who));
      json_object_object_add (item, "label", json_object_new_string (line->label));
      if (line->has_value)
        json_object_object_add (item, "value", json_object_new_int64 (line->value));
      json_object_array_add (lines, item);
    }
  json_object_object_add (obj, "explanation", lines);
  for (guint i = 0; i < outcome->rolls->len; i++)
    json_object_array_add (rolls, adj_roll_to_json (g_ptr_array_index (outcome->rolls, i)));
  json_object_object_add (obj, "rolls", rolls);
  json_object_object_add (obj, "values", json_object_get (outcome->values));
  return obj;
}

char *
adj_outcome_to_text (const AdjOutcome *outcome)
{
  GString *s = g_string_new (NULL);

  g_string_append (s, outcome->title);
  if (outcome->reason != NULL)
    g_string_append_printf (s, " — %s", outcome->reason);
  g_string_append_c (s, '\n');
  for (guint l = 0; l < outcome->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);

      if (line->kind == ADJ_EXPLAIN_MODIFIER)
        g_string_append_printf (s, "  %+d  %s\n", line->value, line->label);
      else if (line->has_value)
        g_string_append_printf (s, "  %s: %d\n", line->label, line->value);
      else
        g_string_append_printf (s, "  %s\n", line->label);
    }
  return g_string_free (s, FALSE);
}
