/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli-report.c: "report BATTLE", the after-action report as a PDF and as Markdown. */

#define G_LOG_DOMAIN "adjutant-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "adj-battle.h"
#include "adj-cli.h"
#include "adj-file.h"
#include "adj-report.h"
#include "adj-store.h"

/* Everything but the battle, --pdf, --markdown and --paper is refused rather than ignored. */
static gboolean
check_options (const AdjCliOptions *opts,
               int                 *status)
{
  static const char *const takes[] = { "--pdf", "--markdown", "--paper", NULL };

  return adj_cli_refuse_options (opts, "report", takes, status);
}

int
adj_cli_report (const AdjCliOptions *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjReport) report = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  json_object *luck;
  GPtrArray *sides;
  AdjPaper paper = ADJ_PAPER_A4;
  guint pages = 0;
  int status;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“report” takes one battle file"));
  if (!check_options (opts, &status))
    return status;
  if (opts->pdf == NULL && opts->markdown == NULL)
    return adj_cli_usage_error (_("“report” needs --pdf FILE or --markdown FILE: where to "
                                  "write the report"));
  if (opts->paper != NULL && !adj_paper_from_string (opts->paper, &paper))
    return adj_cli_usage_error (_("--paper takes “a4” or “letter”, not “%s”"), opts->paper);

  battle = adj_store_load_battle (g_ptr_array_index (opts->args, 0), &error);
  if (battle == NULL)
    return adj_cli_fail (error);
  report = adj_report_new (battle);

  if (opts->pdf != NULL && !adj_report_write_pdf (report, opts->pdf, paper, &pages, &error))
    return adj_cli_fail (error);
  if (opts->markdown != NULL)
    {
      g_autofree char *markdown = adj_report_to_markdown (report);

      if (g_str_equal (opts->markdown, "-"))
        {
          /* The Markdown is what goes to standard output: no JSON after it. */
          fputs (markdown, stdout);
          return 0;
        }
      if (!adj_store_write_atomic (opts->markdown, markdown, strlen (markdown), &error))
        return adj_cli_fail (error);
    }

  json_object_object_add (out, "battle", json_object_new_string (adj_battle_get_name (battle)));
  if (opts->pdf != NULL)
    {
      json_object_object_add (out, "pdf", json_object_new_string (opts->pdf));
      json_object_object_add (out, "paper", json_object_new_string (adj_paper_to_string (paper)));
      json_object_object_add (out, "pages", json_object_new_int ((int) pages));
    }
  if (opts->markdown != NULL)
    json_object_object_add (out, "markdown", json_object_new_string (opts->markdown));
  json_object_object_add (out, "rolls",
                          json_object_new_int ((int) adj_report_get_n_rolls (report)));
  json_object_object_add (out, "unknown_odds",
                          json_object_new_int ((int) adj_report_get_n_unknown (report)));
  luck = json_object_new_object ();
  sides = adj_battle_get_sides (battle);
  for (guint s = 0; s < sides->len; s++)
    json_object_object_add (luck, ((AdjSide *) g_ptr_array_index (sides, s))->id,
                            json_object_new_double (adj_report_get_luck (report, s)));
  json_object_object_add (out, "luck", luck);
  adj_cli_print_json (opts, out);
  return 0;
}
