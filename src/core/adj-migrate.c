/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-migrate.c: the upgrade steps of every file format, and the walk along them.
 *
 * To change a format: raise its ADJ_*_VERSION and its chain's "current" below, write the step
 * that turns a document of the old version into the new one (a static function here, which
 * says in its comment exactly what it changes), add it at the end of that format's steps, and
 * add a test of the step with a file of the old version to tests/test-migrate.c.  The writers
 * only ever write the current version; the steps only ever read old ones.
 */

#define G_LOG_DOMAIN "adj-migrate"

#include "config.h"

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-migrate.h"

/* The chains know each format only by its name and version, so that the loaders call in here
 * and nothing here calls back; tests/test-migrate.c checks each "current" against the
 * ADJ_*_VERSION its writer writes.  (A zero-length array is not C, so a chain with no step yet
 * points at no steps at all.) */

/* Battle 1 -> 2: every journal entry of a mechanic gets "odds": {"replay": true}, the mark that
 * its odds of what happened (adj-entry-odds.h) are still to be worked out.  Version 1 did not
 * keep them; the battle loader works them out from each entry's stored inputs as it replays the
 * journal, or marks them unknown where the inputs no longer replay.  Nothing else changes. */
static gboolean
battle_1_keep_odds (json_object  *root,
                    const char   *file G_GNUC_UNUSED,
                    const char   *path G_GNUC_UNUSED,
                    GError      **error G_GNUC_UNUSED)
{
  json_object *journal = NULL, *entries = NULL;

  if (!json_object_object_get_ex (root, "journal", &journal) ||
      !json_object_is_type (journal, json_type_object) ||
      !json_object_object_get_ex (journal, "entries", &entries) ||
      !json_object_is_type (entries, json_type_array))
    return TRUE;   /* no journal, or a broken one the loader names */
  for (size_t i = 0; i < json_object_array_length (entries); i++)
    {
      json_object *entry = json_object_array_get_idx (entries, i);
      json_object *kind = NULL, *odds;

      if (!json_object_is_type (entry, json_type_object) ||
          !json_object_object_get_ex (entry, "kind", &kind) ||
          g_strcmp0 (json_object_get_string (kind), "mechanic") != 0 ||
          json_object_object_get_ex (entry, "odds", NULL))
        continue;
      odds = json_object_new_object ();
      json_object_object_add (odds, "replay", json_object_new_boolean (TRUE));
      json_object_object_add (entry, "odds", odds);
    }
  return TRUE;
}

static const AdjMigrateStep battle_steps[] = {
  { 1, "journal entries of a mechanic are marked for their odds to be worked out",
    battle_1_keep_odds },
};

static const AdjMigrateChain chains[] = {
  { "adjutant-battle", 2, battle_steps, G_N_ELEMENTS (battle_steps) },
  { "adjutant-army", 1, NULL, 0 },
  { "adjutant-ruleset", 1, NULL, 0 },
  { "adjutant-tables", 1, NULL, 0 },
};

const AdjMigrateChain *
adj_migrate_chain_for (const char *format)
{
  g_return_val_if_fail (format != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (chains); i++)
    if (g_str_equal (chains[i].format, format))
      return &chains[i];
  return NULL;
}

gboolean
adj_migrate_chain_is_complete (const AdjMigrateChain *chain)
{
  g_return_val_if_fail (chain != NULL, FALSE);

  if (chain->current < 1 || chain->n_steps != (guint) (chain->current - 1))
    return FALSE;
  for (guint i = 0; i < chain->n_steps; i++)
    if (chain->steps[i].from != (gint64) i + 1 || chain->steps[i].upgrade == NULL ||
        chain->steps[i].what == NULL)
      return FALSE;
  return TRUE;
}

json_object *
adj_migrate (const AdjMigrateChain  *chain,
             json_object            *root,
             gint64                  version,
             const char             *file,
             const char             *path,
             GError                **error)
{
  g_autoptr(json_object) doc = NULL;

  g_return_val_if_fail (chain != NULL && root != NULL, NULL);
  g_return_val_if_fail (file != NULL && path != NULL, NULL);
  /* The format check refuses every version outside 1 .. current, with its own message. */
  g_return_val_if_fail (version >= 1 && version <= chain->current, NULL);

  if (version == chain->current)
    return json_object_get (root);

  doc = adj_json_copy (root);
  for (gint64 v = version; v < chain->current; v++)
    {
      const AdjMigrateStep *step = &chain->steps[v - 1];
      g_autoptr(GError) local = NULL;

      g_assert (step->from == v);
      if (!step->upgrade (doc, file, path, &local))
        {
          /* A step names the place it stopped at; say which upgrade it was. */
          g_set_error (error, ADJ_ERROR, local->code,
                       _("%s (while bringing a file of version %lld up to version %lld)"),
                       local->message, (long long) v, (long long) v + 1);
          return NULL;
        }
      json_object_object_add (doc, "version", json_object_new_int64 (v + 1));
    }
  g_debug ("%s: %s upgraded from version %lld to %lld", file, chain->format,
           (long long) version, (long long) chain->current);
  return g_steal_pointer (&doc);
}
