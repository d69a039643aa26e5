/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gen.c: large battles made on demand for benchmarks and stress tests. */

#include "config.h"

#include "adj-gen.h"

#include <string.h>

#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-rng.h"
#include "adj-ruleset.h"
#include "adj-unit.h"

char *
adj_gen_demo_path (const char *ruleset_id)
{
  g_autofree char *dir = g_build_filename (adj_ruleset_data_dir (), "demo", NULL);
  g_autofree char *prefix = g_strconcat (ruleset_id, "-", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return NULL;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  if (names->len == 0)
    return NULL;
  /* Directory order is arbitrary: take the first name in order, so the choice never changes. */
  {
    const char *first = g_ptr_array_index (names, 0);
    for (guint i = 1; i < names->len; i++)
      if (strcmp (g_ptr_array_index (names, i), first) < 0)
        first = g_ptr_array_index (names, i);
    return g_build_filename (dir, first, NULL);
  }
}

/* Replace the demo's units by @n_units copies of them, numbered. */
static void
multiply_units (json_object *root,
                guint        n_units)
{
  json_object *units = NULL;
  json_object *copies = json_object_new_array ();
  guint n_demo;

  json_object_object_get_ex (root, "units", &units);
  n_demo = units != NULL ? json_object_array_length (units) : 0;
  for (guint i = 0; i < n_units && n_demo > 0; i++)
    {
      json_object *unit = adj_json_copy (json_object_array_get_idx (units, i % n_demo));
      json_object *name = NULL;
      g_autofree char *id = g_strdup_printf ("u%u", i + 1);
      g_autofree char *label = NULL;

      json_object_object_get_ex (unit, "name", &name);
      label = g_strdup_printf ("%s (%u)", name != NULL ? json_object_get_string (name) : "Unit",
                               i / n_demo + 1);
      json_object_object_add (unit, "id", json_object_new_string (id));
      json_object_object_add (unit, "name", json_object_new_string (label));
      /* Cards belong to the demo's deal, and units joined to others name demo ids. */
      json_object_object_del (unit, "card");
      json_object_object_del (unit, "attached_to");
      json_object_array_add (copies, unit);
    }
  json_object_object_add (root, "units", copies);
}

AdjBattle *
adj_gen_battle (const char *ruleset_id,
                guint       n_units,
                guint       n_entries,
                guint64     seed,
                GError    **error)
{
  g_autofree char *path = adj_gen_demo_path (ruleset_id);
  g_autoptr(json_object) root = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autofree char *name = NULL;

  if (path == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   "There is no demo battle for the system “%s”", ruleset_id);
      return NULL;
    }
  root = adj_json_parse_file (path, error);
  if (root == NULL)
    return NULL;
  multiply_units (root, n_units);
  name = g_strdup_printf ("Generated battle: %u units, %u journal entries", n_units, n_entries);
  json_object_object_add (root, "name", json_object_new_string (name));
  /* No journal from the demo: the entries below are the whole history. */
  json_object_object_del (root, "journal");

  battle = adj_battle_from_json (root, path, error);
  if (battle == NULL)
    return NULL;
  adj_battle_set_seed (battle, seed);
  if (!adj_gen_play (battle, n_entries, seed, error))
    return NULL;
  return g_steal_pointer (&battle);
}

static AdjUnit *
random_unit (AdjBattle  *battle,
             AdjRng     *rng,
             const char *not_side)
{
  guint n = adj_battle_get_n_units (battle);

  for (guint tries = 0; tries < 64 && n > 0; tries++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle),
                                                       adj_rng_below (rng, n));
      if (adj_unit_get_destroyed (unit))
        continue;
      if (not_side != NULL && g_str_equal (adj_unit_get_side (unit), not_side))
        continue;
      return unit;
    }
  return NULL;
}

/* A status change that a referee might make: toggle a switch, set a counter, pick a state. */
static gboolean
random_edit (AdjBattle *battle,
             AdjRng    *rng,
             GError   **error)
{
  GPtrArray *fields = adj_ruleset_get_status_fields (adj_battle_get_ruleset (battle));
  AdjUnit *unit = random_unit (battle, rng, NULL);
  const AdjUnitType *type;
  const AdjField *field = NULL;
  g_autoptr(json_object) value = NULL;
  g_autofree char *target = NULL;
  g_autofree char *key = NULL;

  if (unit == NULL || fields == NULL || fields->len == 0)
    return TRUE;
  type = adj_battle_unit_type (battle, unit);
  for (guint tries = 0; tries < 16 && field == NULL; tries++)
    {
      const AdjField *f = g_ptr_array_index (fields, adj_rng_below (rng, fields->len));
      if (f->secret || f->hides_unit)
        continue;
      if (type != NULL && !adj_field_applies_to (f, type->category))
        continue;
      if (f->kind == ADJ_FIELD_ENUM && f->n_choices == 0)
        continue;
      field = f;
    }
  if (field == NULL)
    return TRUE;

  switch (field->kind)
    {
    case ADJ_FIELD_BOOL:
      value = json_object_new_boolean (!adj_unit_get_status_bool (unit, field->name));
      break;
    case ADJ_FIELD_INT:
      value = json_object_new_int (field->min +
                                   (int) adj_rng_below (rng, (guint32) (field->max - field->min + 1)));
      break;
    case ADJ_FIELD_ENUM:
      value = json_object_new_string (field->choices[adj_rng_below (rng, field->n_choices)].id);
      break;
    default:
      return TRUE;
    }
  target = g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
  key = g_strconcat ("status.", field->name, NULL);
  return adj_battle_edit (battle, target, key, value, error);
}

/* A mechanic between two units of opposing sides, resolved and applied as the app would. */
static gboolean
random_mechanic (AdjBattle *battle,
                 AdjRng    *rng)
{
  const AdjSystem *system = adj_system_lookup (adj_ruleset_get_id (adj_battle_get_ruleset (battle)));
  const AdjMechanic *mech;
  const char *unit_inputs[2] = { NULL, NULL };
  guint n_unit_inputs = 0;
  AdjUnit *a, *b;
  g_autoptr(json_object) inputs = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  if (system == NULL || system->n_mechanics == 0)
    return FALSE;
  mech = system->mechanics[adj_rng_below (rng, system->n_mechanics)];
  if (mech->scope != ADJ_SCOPE_PAIR)
    return FALSE;
  for (guint i = 0; i < mech->n_inputs && n_unit_inputs < 2; i++)
    if (mech->inputs[i].kind == ADJ_FIELD_UNIT)
      unit_inputs[n_unit_inputs++] = mech->inputs[i].name;
  if (n_unit_inputs < 2)
    return FALSE;
  a = random_unit (battle, rng, NULL);
  b = a != NULL ? random_unit (battle, rng, adj_unit_get_side (a)) : NULL;
  if (b == NULL)
    return FALSE;

  inputs = json_object_new_object ();
  json_object_object_add (inputs, unit_inputs[0], json_object_new_string (adj_unit_get_id (a)));
  json_object_object_add (inputs, unit_inputs[1], json_object_new_string (adj_unit_get_id (b)));
  /* The rules may forbid this pair (out of range, wrong kind of unit): then nothing happens. */
  outcome = adj_battle_run (battle, mech->id, inputs, &error);
  return outcome != NULL;
}

gboolean
adj_gen_play (AdjBattle *battle,
              guint      n_entries,
              guint64    seed,
              GError   **error)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  guint target = adj_journal_get_n_entries (journal) + n_entries;
  guint attempts = 0;
  AdjRng rng;

  adj_rng_seed (&rng, seed ^ G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  while (adj_journal_get_n_entries (journal) < target)
    {
      guint roll = adj_rng_below (&rng, 100);

      if (++attempts > 20 * n_entries + 100)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       "Could not play %u journal entries in this battle", n_entries);
          return FALSE;
        }
      if (roll < 2)
        {
          /* The last phase of the last turn has no next one: then this is a no-op. */
          g_autoptr(GError) local = NULL;
          adj_battle_next_phase (battle, &local);
        }
      else if (roll < 20)
        random_mechanic (battle, &rng);
      else if (!random_edit (battle, &rng, error))
        return FALSE;
    }
  return TRUE;
}
