/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-roster-dialog.c: printing or saving a battle's roster, with its pages in view first.
 *
 * The referee ticks the sides to print, chooses the game as it stands or a clean sheet and
 * the paper; every change makes the roster anew and the preview draws its pages with the
 * core's own renderer, so what is seen is what the printer or the PDF gets.  Print goes
 * through GtkPrintOperation on the paper chosen; Save as PDF asks for a file.
 */

#define G_LOG_DOMAIN "adj-roster-dialog"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adj-roster-dialog.h"
#include "adj-roster-print.h"

#define PAGE_SHADOW 3.0   /* the page stands a little off the background, in pixels */

struct _AdjRosterDialog {
  AdwWindow            parent_instance;

  AdwToastOverlay     *toasts;
  AdwWindowTitle      *window_title;
  AdwPreferencesGroup *sides_group;
  GtkCheckButton      *current_check;
  GtkCheckButton      *clean_check;
  AdwComboRow         *paper_row;
  GtkLabel            *problem;
  GtkDrawingArea      *preview;
  GtkLabel            *page_label;

  AdjBattle           *battle;
  GSettings           *settings;
  GPtrArray           *side_ids;     /* of char*, parallel to side_checks */
  GPtrArray           *side_checks;  /* of GtkCheckButton */
  AdjRoster           *roster;       /* NULL when none can be made */
  guint                page;
  gboolean             building;     /* the options are being set up: no roster yet */
};

G_DEFINE_FINAL_TYPE (AdjRosterDialog, adj_roster_dialog, ADW_TYPE_WINDOW)

static AdjPaper
chosen_paper (AdjRosterDialog *self)
{
  return adw_combo_row_get_selected (self->paper_row) == 1 ? ADJ_PAPER_LETTER : ADJ_PAPER_A4;
}

static void
update_page (AdjRosterDialog *self)
{
  guint n = self->roster != NULL ? adj_roster_get_n_pages (self->roster) : 0;
  g_autofree char *text = NULL;

  if (self->page >= n)
    self->page = n > 0 ? n - 1 : 0;
  /* TRANSLATORS: under the preview of a roster, e.g. "Page 2 of 5" */
  text = n > 0 ? g_strdup_printf (_("Page %u of %u"), self->page + 1, n) : g_strdup ("");
  gtk_label_set_text (self->page_label, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.previous-page", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.next-page", self->page + 1 < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.print", self->roster != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.save", self->roster != NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

/* The roster for the options as they stand, laid out on the paper chosen. */
static void
rebuild (AdjRosterDialog *self)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  gboolean clean = gtk_check_button_get_active (self->clean_check);
  double width, height;

  if (self->building)
    return;
  g_clear_object (&self->roster);
  for (guint i = 0; i < self->side_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->side_checks, i)))
      g_ptr_array_add (sides, g_ptr_array_index (self->side_ids, i));
  g_ptr_array_add (sides, NULL);

  if (sides->len == 1)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("Tick at least one side to print."));
  else
    self->roster = adj_roster_new_for_sides (self->battle, (const char * const *) sides->pdata,
                                             clean ? ADJ_ROSTER_CLEAN : ADJ_ROSTER_CURRENT,
                                             &error);
  gtk_widget_set_visible (GTK_WIDGET (self->problem), self->roster == NULL);
  if (self->roster == NULL)
    gtk_label_set_text (self->problem, error->message);
  else
    {
      adj_paper_get_size (chosen_paper (self), &width, &height);
      adj_roster_paginate (self->roster, width, height);
    }
  update_page (self);
}

static void
on_option_changed (AdjRosterDialog *self)
{
  rebuild (self);
}

/* The page shown, as large as the area allows, white on the window's own colour. */
static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  AdjRosterDialog *self = ADJ_ROSTER_DIALOG (data);
  double pw, ph, scale, x, y;

  if (self->roster == NULL || adj_roster_get_n_pages (self->roster) == 0)
    return;
  adj_roster_get_page_size (self->roster, &pw, &ph);
  scale = MIN ((width - PAGE_SHADOW) / pw, (height - PAGE_SHADOW) / ph);
  x = (width - pw * scale) / 2;
  y = (height - ph * scale) / 2;

  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_rectangle (cr, x + PAGE_SHADOW, y + PAGE_SHADOW, pw * scale, ph * scale);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, pw * scale, ph * scale);
  cairo_fill (cr);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  adj_roster_render_page (self->roster, cr, self->page);
  cairo_restore (cr);
}

static void
toast (AdjRosterDialog *self,
       const char      *text)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

static void
action_page (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjRosterDialog *self = ADJ_ROSTER_DIALOG (widget);

  if (g_str_equal (name, "roster.next-page"))
    self->page++;
  else if (self->page > 0)
    self->page--;
  update_page (self);
}

static void
action_print (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  AdjRosterDialog *self = ADJ_ROSTER_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  AdjPaper paper = chosen_paper (self);

  if (self->roster == NULL)
    return;
  if (!adj_roster_print_roster (GTK_WINDOW (self), self->roster,
                                adj_battle_get_name (self->battle), self->settings, &paper, NULL,
                                NULL, &error))
    toast (self, error->message);
  /* The printer may have laid the pages out on its own paper: show the chosen one again. */
  rebuild (self);
}

static void
on_save_response (GtkNativeDialog *chooser,
                  int              response,
                  AdjRosterDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (adj_roster_dialog_save (self, path, &error))
        toast (self, _("Roster saved"));
      else
        toast (self, error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
action_save (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjRosterDialog *self = ADJ_ROSTER_DIALOG (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) pdf = gtk_file_filter_new ();
  g_autofree char *file_name = NULL;

  if (self->roster == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save the Roster"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (pdf, _("PDF documents"));
  gtk_file_filter_add_suffix (pdf, "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pdf);
  /* TRANSLATORS: the default file name of a roster, e.g. "Isandlwana roster.pdf" */
  file_name = g_strdup_printf (_("%s roster.pdf"), adj_battle_get_name (self->battle));
  g_strdelimit (file_name, "/\\:", '-');
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* A row with a tick for each side, all ticked. */
static void
add_sides (AdjRosterDialog *self)
{
  GPtrArray *sides = adj_battle_get_sides (self->battle);

  for (guint i = 0; i < sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (sides, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), side->name);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_option_changed), self,
                               G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->sides_group, row);
      g_ptr_array_add (self->side_ids, g_strdup (side->id));
      g_ptr_array_add (self->side_checks, check);
    }
}

static void
adj_roster_dialog_dispose (GObject *object)
{
  AdjRosterDialog *self = ADJ_ROSTER_DIALOG (object);

  g_clear_object (&self->roster);
  g_clear_object (&self->battle);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_ROSTER_DIALOG);

  G_OBJECT_CLASS (adj_roster_dialog_parent_class)->dispose (object);
}

static void
adj_roster_dialog_finalize (GObject *object)
{
  AdjRosterDialog *self = ADJ_ROSTER_DIALOG (object);

  g_ptr_array_unref (self->side_ids);
  g_ptr_array_unref (self->side_checks);

  G_OBJECT_CLASS (adj_roster_dialog_parent_class)->finalize (object);
}

static void
adj_roster_dialog_class_init (AdjRosterDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_roster_dialog_dispose;
  object_class->finalize = adj_roster_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-roster-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, toasts);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, sides_group);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, current_check);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, clean_check);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, problem);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, AdjRosterDialog, page_label);
  gtk_widget_class_bind_template_callback (widget_class, on_option_changed);

  gtk_widget_class_install_action (widget_class, "roster.print", NULL, action_print);
  gtk_widget_class_install_action (widget_class, "roster.save", NULL, action_save);
  gtk_widget_class_install_action (widget_class, "roster.previous-page", NULL, action_page);
  gtk_widget_class_install_action (widget_class, "roster.next-page", NULL, action_page);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "roster.next-page",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "roster.previous-page",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "roster.print",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "roster.save",
                                       NULL);
}

static void
adj_roster_dialog_init (AdjRosterDialog *self)
{
  self->building = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->side_ids = g_ptr_array_new_with_free_func (g_free);
  self->side_checks = g_ptr_array_new ();
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}

AdjRosterDialog *
adj_roster_dialog_new (GtkWindow *parent,
                       AdjBattle *battle,
                       GSettings *settings)
{
  AdjRosterDialog *self;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  self = g_object_new (ADJ_TYPE_ROSTER_DIALOG, "transient-for", parent, NULL);
  self->battle = g_object_ref (battle);
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  adw_window_title_set_subtitle (self->window_title, adj_battle_get_name (battle));
  add_sides (self);
  adw_combo_row_set_selected (self->paper_row,
                              adj_roster_default_paper (settings) == ADJ_PAPER_LETTER ? 1 : 0);
  self->building = FALSE;
  rebuild (self);
  return self;
}

AdjRoster *
adj_roster_dialog_get_roster (AdjRosterDialog *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER_DIALOG (self), NULL);
  return self->roster;
}

guint
adj_roster_dialog_get_page (AdjRosterDialog *self)
{
  g_return_val_if_fail (ADJ_IS_ROSTER_DIALOG (self), 0);
  return self->page;
}

void
adj_roster_dialog_set_side (AdjRosterDialog *self,
                            const char      *side_id,
                            gboolean         printed)
{
  g_return_if_fail (ADJ_IS_ROSTER_DIALOG (self));

  for (guint i = 0; i < self->side_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->side_ids, i), side_id))
      gtk_check_button_set_active (g_ptr_array_index (self->side_checks, i), printed);
}

void
adj_roster_dialog_set_clean (AdjRosterDialog *self,
                             gboolean         clean)
{
  g_return_if_fail (ADJ_IS_ROSTER_DIALOG (self));
  gtk_check_button_set_active (clean ? self->clean_check : self->current_check, TRUE);
}

void
adj_roster_dialog_set_paper (AdjRosterDialog *self,
                             AdjPaper         paper)
{
  g_return_if_fail (ADJ_IS_ROSTER_DIALOG (self));
  adw_combo_row_set_selected (self->paper_row, paper == ADJ_PAPER_LETTER ? 1 : 0);
}

gboolean
adj_roster_dialog_save (AdjRosterDialog  *self,
                        const char       *path,
                        GError          **error)
{
  gboolean saved;

  g_return_val_if_fail (ADJ_IS_ROSTER_DIALOG (self), FALSE);
  g_return_val_if_fail (self->roster != NULL, FALSE);

  saved = adj_roster_write_pdf (self->roster, path, chosen_paper (self), error);
  update_page (self);
  return saved;
}
