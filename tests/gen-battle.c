/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gen-battle.c: write a large generated battle, for benchmarks and for trying the app out.
 *
 *   gen-battle [--system ID] [--units N] [--entries N] [--seed N] OUT.json
 */

#include "config.h"

#include <stdio.h>

#include "adj-gen.h"
#include "adj-store.h"

int
main (int   argc,
      char *argv[])
{
  g_autofree char *system = NULL;
  int units = 200, entries = 0;
  gint64 seed = 1;
  GOptionEntry options[] = {
    { "system", 0, 0, G_OPTION_ARG_STRING, &system, "The rule system (default wec)", "ID" },
    { "units", 0, 0, G_OPTION_ARG_INT, &units, "How many units (default 200)", "N" },
    { "entries", 0, 0, G_OPTION_ARG_INT, &entries, "How many journal entries (default 0)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "The random seed (default 1)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("OUT.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;

  g_option_context_add_main_entries (context, options, NULL);
  g_option_context_set_summary (context, "Write a large battle made from a system's demo battle.");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gen-battle: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || units < 1 || units > 100000 || entries < 0 || entries > 1000000)
    {
      g_printerr ("gen-battle: give one output file, 1–100000 units and 0–1000000 entries\n");
      return 2;
    }
  battle = adj_gen_battle (system != NULL ? system : "wec", (guint) units, (guint) entries,
                           (guint64) seed, &error);
  if (battle == NULL || !adj_store_save_battle (battle, argv[1], &error))
    {
      g_printerr ("gen-battle: %s\n", error->message);
      return 1;
    }
  return 0;
}
