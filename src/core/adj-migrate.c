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

/* Every format is at its first version: no step has been needed yet.  (A zero-length array is
 * not C, so each chain points at no steps at all until its first one arrives.)  The chains
 * know each format only by its name and version, so that the loaders call in here and nothing
 * here calls back; tests/test-migrate.c checks each "current" against the ADJ_*_VERSION its
 * writer writes. */

static const AdjMigrateChain chains[] = {
  { "adjutant-battle", 1, NULL, 0 },
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
