/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-print.c: printing a battle's roster through GtkPrintOperation.
 *
 * The core's renderer lays the roster out for a page size in points and draws it on any cairo
 * context; here the print operation works in points on the full page, so the roster's own
 * margins hold on every printer.
 */

#define G_LOG_DOMAIN "adj-roster-print"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-roster-print.h"

typedef struct {
  AdjRoster *roster;
  GSettings *settings;
  guint      n_pages;
} PrintJob;

/* The page set-up as gtk_page_setup_to_gvariant() writes it (the paper size's own keys, the four
 * margins in millimetres, the orientation by its nick), which gtk_page_setup_new_from_gvariant()
 * reads back.  Written here because GTK 4.8's own keeps a reference to each value of the paper
 * size it copies, and so leaks them at every print. */
static GVariant *
page_setup_to_variant (GtkPageSetup *setup)
{
  g_autoptr(GVariant) paper = g_variant_ref_sink (
    gtk_paper_size_to_gvariant (gtk_page_setup_get_paper_size (setup)));
  GEnumClass *orientations = g_type_class_ref (GTK_TYPE_PAGE_ORIENTATION);
  GEnumValue *orientation = g_enum_get_value (orientations,
                                              gtk_page_setup_get_orientation (setup));
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_iter_init (&iter, paper);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_variant_builder_add (&builder, "{sv}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{sv}", "MarginTop",
                         g_variant_new_double (gtk_page_setup_get_top_margin (setup, GTK_UNIT_MM)));
  g_variant_builder_add (&builder, "{sv}", "MarginBottom",
                         g_variant_new_double (gtk_page_setup_get_bottom_margin (setup,
                                                                                 GTK_UNIT_MM)));
  g_variant_builder_add (&builder, "{sv}", "MarginLeft",
                         g_variant_new_double (gtk_page_setup_get_left_margin (setup,
                                                                               GTK_UNIT_MM)));
  g_variant_builder_add (&builder, "{sv}", "MarginRight",
                         g_variant_new_double (gtk_page_setup_get_right_margin (setup,
                                                                                GTK_UNIT_MM)));
  if (orientation != NULL)
    g_variant_builder_add (&builder, "{sv}", "Orientation",
                           g_variant_new_string (orientation->value_nick));
  g_type_class_unref (orientations);
  return g_variant_builder_end (&builder);
}

static void
on_begin_print (GtkPrintOperation *op,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  GtkPageSetup *setup = gtk_print_context_get_page_setup (context);

  job->n_pages = adj_roster_paginate (job->roster, gtk_print_context_get_width (context),
                                      gtk_print_context_get_height (context));
  /* Without this the operation prints nothing and says it was cancelled. */
  gtk_print_operation_set_n_pages (op, (int) job->n_pages);
  if (job->settings != NULL && setup != NULL)
    g_settings_set_value (job->settings, "page-setup", page_setup_to_variant (setup));
}

static void
on_draw_page (GtkPrintOperation *op,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  adj_roster_render_page (job->roster, gtk_print_context_get_cairo_context (context),
                          (guint) page);
}

static GtkPageSetup *
remembered_page_setup (GSettings *settings)
{
  g_autoptr(GVariant) value = NULL;

  if (settings != NULL)
    value = g_settings_get_value (settings, "page-setup");
  if (value != NULL && g_variant_n_children (value) > 0)
    {
      GtkPageSetup *setup = gtk_page_setup_new_from_gvariant (value);
      if (setup != NULL)
        return setup;
    }
  return gtk_page_setup_new ();
}

AdjPaper
adj_roster_default_paper (GSettings *settings)
{
  g_autoptr(GtkPageSetup) setup = remembered_page_setup (settings);
  GtkPaperSize *size = gtk_page_setup_get_paper_size (setup);
  const char *name = size != NULL ? gtk_paper_size_get_name (size) : gtk_paper_size_get_default ();

  return g_str_equal (name, GTK_PAPER_NAME_LETTER) ? ADJ_PAPER_LETTER : ADJ_PAPER_A4;
}

gboolean
adj_roster_print_roster (GtkWindow      *parent,
                         AdjRoster      *roster,
                         const char     *job_name,
                         GSettings      *settings,
                         const AdjPaper *paper,
                         const char     *export_path,
                         guint          *n_pages,
                         GError        **error)
{
  g_autoptr(GtkPrintOperation) op = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  GtkPrintOperationResult result;
  PrintJob job = { 0 };

  g_return_val_if_fail (ADJ_IS_ROSTER (roster), FALSE);

  job.roster = roster;
  job.settings = settings;

  op = gtk_print_operation_new ();
  setup = remembered_page_setup (settings);
  if (paper != NULL)
    {
      /* The paper the preview was laid out on, whatever was used last. */
      g_autoptr(GtkPaperSize) size =
        gtk_paper_size_new (*paper == ADJ_PAPER_LETTER ? GTK_PAPER_NAME_LETTER : GTK_PAPER_NAME_A4);

      gtk_page_setup_set_paper_size_and_default_margins (setup, size);
    }
  gtk_print_operation_set_default_page_setup (op, setup);
  if (settings != NULL)
    {
      g_autoptr(GVariant) value = g_settings_get_value (settings, "print-settings");
      if (g_variant_n_children (value) > 0)
        {
          g_autoptr(GtkPrintSettings) print_settings = gtk_print_settings_new_from_gvariant (value);
          gtk_print_operation_set_print_settings (op, print_settings);
        }
    }
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_embed_page_setup (op, TRUE);
  gtk_print_operation_set_job_name (op, job_name);
  g_signal_connect (op, "begin-print", G_CALLBACK (on_begin_print), &job);
  g_signal_connect (op, "draw-page", G_CALLBACK (on_draw_page), &job);

  if (export_path != NULL)
    {
      gtk_print_operation_set_export_filename (op, export_path);
      result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_EXPORT, parent, error);
    }
  else
    result = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, error);

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    return FALSE;
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY && settings != NULL)
    {
      GtkPrintSettings *used = gtk_print_operation_get_print_settings (op);
      if (used != NULL)
        g_settings_set_value (settings, "print-settings", gtk_print_settings_to_gvariant (used));
    }
  if (n_pages != NULL)
    *n_pages = job.n_pages;
  return TRUE;
}

gboolean
adj_roster_print (GtkWindow  *parent,
                  AdjBattle  *battle,
                  GSettings  *settings,
                  const char *export_path,
                  guint      *n_pages,
                  GError    **error)
{
  g_autoptr(AdjRoster) roster = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  roster = adj_roster_new_for_battle (battle, NULL, error);
  if (roster == NULL)
    return FALSE;
  return adj_roster_print_roster (parent, roster, adj_battle_get_name (battle), settings, NULL,
                                  export_path, n_pages, error);
}
