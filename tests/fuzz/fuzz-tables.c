/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-tables.c: libFuzzer target for the players' table values (adj_tables_from_json()), the
 * file kept as ~/.local/share/adjutant/tables/<ruleset>.json or given with --tables.
 *
 * Values that load are written out and read back (unchanged), reported cell by cell as
 * `adjutant-cli validate` does, and made the tables every mechanic reads: each mechanic of the
 * system then computes its odds and resolves with its default inputs.
 */

#include "fuzz-common.h"

#include "adj-tables.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(json_object) json = fuzz_parse (data, size);
  g_autoptr(json_object) written = NULL;
  g_autoptr(json_object) written_again = NULL;
  g_autoptr(json_object) report = NULL;
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(AdjTables) again = NULL;
  g_autoptr(GError) error = NULL;

  if (json == NULL)
    return 0;
  tables = adj_tables_from_json (json, FUZZ_FILE, "$", NULL, &error);
  if (tables == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }

  written = adj_tables_to_json (tables);
  fuzz_check_text_round_trip (written, NULL);
  again = adj_tables_from_json (written, "written", "$", NULL, &error);
  if (again == NULL)
    fuzz_fail ("table values written out do not load again: %s", error->message);
  written_again = adj_tables_to_json (again);
  if (!adj_json_equal (written, written_again))
    fuzz_fail ("table values written out load as different values");
  report = adj_tables_report_json (tables);

  adj_tables_set_override (tables);
  fuzz_run_mechanics (adj_tables_get_ruleset (tables), TRUE, FALSE);
  adj_tables_set_override (NULL);
  return 0;
}
