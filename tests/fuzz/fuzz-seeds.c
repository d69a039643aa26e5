/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-seeds.c: the seed corpus of the fuzz targets, made from what data/ ships.
 *
 *   fuzz-seeds OUTDIR
 *
 * writes OUTDIR/battle (the demo battles as shipped, and each after a few minutes of play so
 * that its journal holds edits, unit changes, card draws and every mechanic's entry; the Risk
 * Factor demo also with its sealed secret in the clear, which fuzz-battle seals again),
 * OUTDIR/army (every example army of every ruleset as an army list), OUTDIR/ruleset (the
 * rulesets) and OUTDIR/tables (an empty tables file per ruleset that has tables, and the
 * values a demo battle carries).
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-json.h"
#include "adj-rf.h"
#include "adj-ruleset.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-tables.h"

static const char *const one_per_line[] = { "journal.entries", NULL };

static void
write_json (const char  *dir,
            const char  *name,
            json_object *json)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = adj_json_to_string_lines (json, TRUE, one_per_line);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, text, -1, &error))
    g_error ("%s", error->message);
}

static char *
subdir (const char *out,
        const char *name)
{
  char *dir = g_build_filename (out, name, NULL);

  if (g_mkdir_with_parents (dir, 0755) != 0)
    g_error ("cannot create %s", dir);
  return dir;
}

/* A few minutes at the table: every mechanic once against the first units, an edit, a card,
 * a unit added and one removed, a phase, and the last step undone. */
static void
play (AdjBattle *battle)
{
  const AdjSystem *system = adj_ruleset_get_system (adj_battle_get_ruleset (battle));
  GListModel *units = adj_battle_get_units (battle);
  g_autoptr(json_object) note = json_object_new_string ("Seen at the drift");
  g_autoptr(json_object) unit = NULL;

  adj_battle_set_seed (battle, 1879);
  for (guint m = 0; m < system->n_mechanics; m++)
    {
      const AdjMechanic *mech = system->mechanics[m];
      g_autoptr(json_object) inputs = json_object_new_object ();
      g_autoptr(AdjOutcome) outcome = NULL;
      guint next_unit = 0, next_side = 0;

      for (guint i = 0; i < mech->n_inputs; i++)
        {
          const AdjField *f = &mech->inputs[i];

          if (f->kind == ADJ_FIELD_UNIT && next_unit < g_list_model_get_n_items (units))
            {
              g_autoptr(AdjUnit) u = g_list_model_get_item (units, next_unit++);
              json_object_object_add (inputs, f->name,
                                      json_object_new_string (adj_unit_get_id (u)));
            }
          else if (f->kind == ADJ_FIELD_SIDE && next_side < adj_battle_get_sides (battle)->len)
            {
              AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), next_side++);
              json_object_object_add (inputs, f->name, json_object_new_string (side->id));
            }
        }
      outcome = adj_battle_run (battle, mech->id, inputs, NULL);
    }
  if (g_list_model_get_n_items (units) > 1)
    {
      g_autoptr(AdjUnit) first = g_list_model_get_item (units, 0);
      g_autoptr(AdjUnit) last = g_list_model_get_item (units, g_list_model_get_n_items (units) - 1);
      g_autofree char *target = g_strconcat ("unit:", adj_unit_get_id (first), NULL);

      adj_battle_edit (battle, target, "notes", note, NULL);
      unit = adj_unit_to_json (first);
      json_object_object_del (unit, "id");
      json_object_object_add (unit, "name", json_object_new_string ("Reinforcements"));
      adj_battle_add_unit (battle, unit, NULL);
      adj_battle_remove_unit (battle, adj_unit_get_id (last), NULL);
    }
  adj_battle_turn_card (battle, NULL, NULL, NULL);
  adj_battle_next_phase (battle, NULL);
  adj_battle_undo (battle, NULL);
}

static void
write_battles (const char *out)
{
  g_autofree char *dir = subdir (out, "battle");
  g_autofree char *tables_dir = subdir (out, "tables");
  g_autofree char *demo_dir = g_build_filename (adj_ruleset_data_dir (), "demo", NULL);
  g_autoptr(GDir) demos = g_dir_open (demo_dir, 0, NULL);
  const char *name;

  while (demos != NULL && (name = g_dir_read_name (demos)) != NULL)
    {
      g_autofree char *path = g_build_filename (demo_dir, name, NULL);
      g_autofree char *played_name = g_strconcat ("played-", name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(json_object) json = adj_json_parse_file (path, &error);
      g_autoptr(AdjBattle) battle = NULL;
      g_autoptr(AdjTables) tables = NULL;
      g_autoptr(json_object) played = NULL;
      json_object *secrets = NULL;

      if (json == NULL)
        g_error ("%s", error->message);
      write_json (dir, name, json);
      battle = adj_battle_from_json (json, name, &error);
      if (battle == NULL)
        g_error ("%s", error->message);

      tables = adj_battle_extract_tables (battle);
      if (tables != NULL)
        {
          g_autoptr(json_object) tables_json = adj_tables_to_json (tables);
          write_json (tables_dir, name, tables_json);
        }

      play (battle);
      played = adj_battle_to_json (battle);
      write_json (dir, played_name, played);

      /* The sealed record in the clear, for fuzz-battle to seal again. */
      if (json_object_object_get_ex (played, "secrets", &secrets))
        {
          g_autofree char *clear_name = g_strconcat ("clear-secrets-", name, NULL);
          gboolean opened = FALSE;

          json_object_object_foreach (secrets, key, value)
            {
              g_autofree char *text = adj_secret_open (json_object_get_string (value), NULL);

              if (text != NULL)
                {
                  json_object_object_add (secrets, key, json_object_new_string (text));
                  opened = TRUE;
                }
            }
          if (opened)
            write_json (dir, clear_name, played);
        }
    }
}

static void
write_rulesets (const char *out)
{
  g_autofree char *dir = subdir (out, "ruleset");
  g_autofree char *army_dir = subdir (out, "army");
  g_autofree char *tables_dir = subdir (out, "tables");
  g_auto(GStrv) ids = adj_ruleset_list_ids ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (ids[i], &error);
      g_autoptr(GPtrArray) templates = NULL;
      g_autofree char *name = g_strconcat (ids[i], ".json", NULL);

      /* A ruleset whose system is not built into this Adjutant yet is no seed. */
      if (rs == NULL)
        {
          g_printerr ("fuzz-seeds: skipped: %s\n", error->message);
          continue;
        }
      write_json (dir, name, adj_ruleset_get_json (rs));

      templates = adj_army_templates (rs, &error);
      if (templates == NULL)
        g_error ("%s", error->message);
      for (guint k = 0; k < templates->len; k++)
        {
          AdjArmy *army = g_ptr_array_index (templates, k);
          g_autoptr(json_object) json = adj_army_to_json (army);
          g_autofree char *army_name = g_strdup_printf ("%s-%s.json", ids[i], army->id);

          write_json (army_dir, army_name, json);
        }

      if (adj_ruleset_get_table_shapes (rs)->len > 0)
        {
          g_autoptr(AdjTables) tables = adj_tables_new (rs);
          g_autoptr(json_object) json = adj_tables_to_json (tables);
          g_autofree char *tables_name = g_strconcat ("empty-", name, NULL);

          write_json (tables_dir, tables_name, json);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  if (argc != 2)
    {
      g_printerr ("usage: %s OUTDIR\n", argv[0]);
      return 2;
    }
  adj_ruleset_set_data_dir (ADJ_SOURCE_DATADIR);
  write_rulesets (argv[1]);
  write_battles (argv[1]);
  adj_ruleset_set_data_dir (NULL);
  return 0;
}
