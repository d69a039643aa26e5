/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-combo-row.c: a combo row whose popup is filled when it first opens.
 *
 * This GTK's list view makes a widget for each item it is given (up to 200) as soon as it has a
 * model, shown or not; an AdwComboRow hands its popup's list the model at once.  A form of a
 * dozen drop-downs would so make rows no one sees.  This row holds its popup's model back, and
 * makes the popup's rows with nothing in them meanwhile, until the popup first opens.  Just
 * before it opens, the row says so ("opening"), so that a row that lists only its choice until
 * then (a drop-down of every unit in a big battle) can be given all its choices.
 */

#include "config.h"

#include "adj-combo-row.h"
#include "adj-widgets.h"

struct _AdjComboRow {
  AdwComboRow        parent_instance;
  GtkSelectionModel *popup_model;   /* the popup's model, held back until it first opens */
  gboolean           opened;
};

G_DEFINE_FINAL_TYPE (AdjComboRow, adj_combo_row, ADW_TYPE_COMBO_ROW)

enum {
  SIGNAL_OPENING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The list view inside the popup: the one list view of the row that sits in a popover. */
static GtkListView *
find_popup_list (GtkWidget *widget,
                 gboolean   in_popover)
{
  if (in_popover && GTK_IS_LIST_VIEW (widget))
    return GTK_LIST_VIEW (widget);
  in_popover = in_popover || GTK_IS_POPOVER (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListView *found = find_popup_list (child, in_popover);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whenever the row is given a model, take it away from the popup's list until the popup opens.
 * (The row keeps its own selection for what it shows closed; the popup's list only mirrors it.)
 * Should a later libadwaita lay the row out otherwise, the popup is simply left as it is. */
static void
on_model_changed (AdjComboRow *self,
                  GParamSpec  *pspec,
                  gpointer     user_data)
{
  GtkListView *list;
  GtkSelectionModel *model;

  if (self->opened)
    return;
  list = find_popup_list (GTK_WIDGET (self), FALSE);
  model = list != NULL ? gtk_list_view_get_model (list) : NULL;
  if (list == NULL)
    return;
  g_set_object (&self->popup_model, model);
  if (model != NULL)
    gtk_list_view_set_model (list, NULL);
}

/* Opening the popup: give its list the model back; from now on its rows are AdwComboRow's own. */
static void
adj_combo_row_activate (AdwActionRow *row)
{
  AdjComboRow *self = ADJ_COMBO_ROW (row);

  if (!self->opened)
    {
      GtkListView *list;

      g_signal_emit (self, signals[SIGNAL_OPENING], 0);
      self->opened = TRUE;
      list = find_popup_list (GTK_WIDGET (self), FALSE);
      adw_combo_row_set_list_factory (ADW_COMBO_ROW (self), NULL);
      if (list != NULL && self->popup_model != NULL)
        gtk_list_view_set_model (list, self->popup_model);
      g_clear_object (&self->popup_model);
    }
  ADW_ACTION_ROW_CLASS (adj_combo_row_parent_class)->activate (row);
}

static void
adj_combo_row_dispose (GObject *object)
{
  g_clear_object (&ADJ_COMBO_ROW (object)->popup_model);
  G_OBJECT_CLASS (adj_combo_row_parent_class)->dispose (object);
}

static void
adj_combo_row_class_init (AdjComboRowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = adj_combo_row_dispose;
  ADW_ACTION_ROW_CLASS (klass)->activate = adj_combo_row_activate;

  /**
   * AdjComboRow::opening:
   *
   * The popup is about to open for the first time; a handler may give the row a fuller model.
   */
  signals[SIGNAL_OPENING] = g_signal_new ("opening", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
adj_combo_row_init (AdjComboRow *self)
{
  g_autoptr(GtkListItemFactory) empty = gtk_signal_list_item_factory_new ();

  /* What the popup's list makes for a moment each time the row is given a model: nothing. */
  adw_combo_row_set_list_factory (ADW_COMBO_ROW (self), empty);
  g_signal_connect (self, "notify::model", G_CALLBACK (on_model_changed), NULL);
  adj_wrap_at_words (GTK_WIDGET (self));
}

GtkWidget *
adj_combo_row_new (void)
{
  return g_object_new (ADJ_TYPE_COMBO_ROW, NULL);
}
