/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-hinted-row.c: a row with a title, a hint under it and an editor at its end.
 *
 * It looks as an AdwActionRow with a subtitle does, and is made of the same pieces with the same
 * style classes (box.header, box.title, label.title, label.subtitle, box.suffixes), so that
 * libadwaita's stylesheet dresses it the same way.  What differs is how its title and hint are
 * measured.  An AdwActionRow stacks them in a GtkBox; the row's header box, being horizontal,
 * asks that box how wide it would be at a given height, and GTK answers for a wrapping label by
 * laying it out again and again at narrower and wider widths until the height fits.  A form of
 * a dozen rows with a sentence of hint each so spent a sixth of the start-up laying out hints.
 * Here the title and hint sit in a widget whose width does not depend on its height (text that
 * wraps only grows taller as it narrows), so each is laid out once for each width it is given.
 * Measured on a 200-unit battle, an AdwActionRow with a subtitle in its place adds some 0.21 G
 * instructions to the start-up to the first frame (0.97 G in all with this row), and took it from
 * 2.0x a bare libadwaita window's to 2.5x (both with cairo); the budget is 1.5x.
 */

#include "config.h"

#include "adj-hinted-row.h"

#define TEXT_SPACING 3   /* as libadwaita's stylesheet spaces a row's title and subtitle */

/* ---- the title and hint, one above the other ---- */

#define ADJ_TYPE_ROW_TEXT (adj_row_text_get_type ())
G_DECLARE_FINAL_TYPE (AdjRowText, adj_row_text, ADJ, ROW_TEXT, GtkWidget)

struct _AdjRowText {
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (AdjRowText, adj_row_text, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
adj_row_text_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Widths are the children's at any height; heights, the children's at the given width added up. */
static void
adj_row_text_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  guint shown = 0;

  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0, child_nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
          *natural = MAX (*natural, child_nat);
        }
      else
        {
          gtk_widget_measure (child, orientation, for_size, &child_min, &child_nat, NULL, NULL);
          *minimum += child_min;
          *natural += child_nat;
        }
      shown++;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL && shown > 1)
    {
      *minimum += (shown - 1) * TEXT_SPACING;
      *natural += (shown - 1) * TEXT_SPACING;
    }
}

static void
adj_row_text_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  int y = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_height = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &child_height, NULL, NULL,
                          NULL);
      gtk_widget_size_allocate (child, &(GtkAllocation) { 0, y, width, child_height }, -1);
      y += child_height + TEXT_SPACING;
    }
}

static void
adj_row_text_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (adj_row_text_parent_class)->dispose (object);
}

static void
adj_row_text_class_init (AdjRowTextClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = adj_row_text_dispose;
  widget_class->get_request_mode = adj_row_text_get_request_mode;
  widget_class->measure = adj_row_text_measure;
  widget_class->size_allocate = adj_row_text_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "box");
}

static void
adj_row_text_init (AdjRowText *self)
{
}

/* ---- the row ---- */

struct _AdjHintedRow {
  AdwPreferencesRow  parent_instance;
  GtkWidget         *title;
  GtkWidget         *hint;
  GtkWidget         *suffixes;
  GtkWidget         *editor;
};

G_DEFINE_FINAL_TYPE (AdjHintedRow, adj_hinted_row, ADW_TYPE_PREFERENCES_ROW)

static GtkWidget *
text_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* Activating the row (a click, or Enter on it) works its editor: a switch flips. */
static void
activate_editor (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AdjHintedRow *self = ADJ_HINTED_ROW (widget);

  if (self->editor != NULL)
    gtk_widget_mnemonic_activate (self->editor, FALSE);
}

static void
adj_hinted_row_class_init (AdjHintedRowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "hinted-row.activate", NULL,
                                   activate_editor);
}

static void
adj_hinted_row_init (AdjHintedRow *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *text = g_object_new (ADJ_TYPE_ROW_TEXT, NULL);

  gtk_widget_add_css_class (header, "header");
  gtk_widget_set_valign (header, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (text, "vertical");
  gtk_widget_add_css_class (text, "title");
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (text, TRUE);
  self->title = text_label ("title");
  self->hint = text_label ("subtitle");
  gtk_widget_set_parent (self->title, text);
  gtk_widget_set_parent (self->hint, text);
  self->suffixes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (self->suffixes, "suffixes");
  gtk_box_append (GTK_BOX (header), text);
  gtk_box_append (GTK_BOX (header), self->suffixes);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), header);

  g_object_bind_property (self, "title", self->title, "label", G_BINDING_SYNC_CREATE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->title, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->hint, NULL,
                                  -1);
}

GtkWidget *
adj_hinted_row_new (const char *title,
                    const char *hint)
{
  AdjHintedRow *self = g_object_new (ADJ_TYPE_HINTED_ROW, "title", title, NULL);

  gtk_label_set_text (GTK_LABEL (self->hint), hint);
  return GTK_WIDGET (self);
}

void
adj_hinted_row_set_editor (AdjHintedRow *self,
                           GtkWidget    *editor)
{
  g_return_if_fail (ADJ_IS_HINTED_ROW (self));
  g_return_if_fail (GTK_IS_WIDGET (editor) && self->editor == NULL);

  self->editor = editor;
  gtk_box_append (GTK_BOX (self->suffixes), editor);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (editor),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->title, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->hint, NULL,
                                  -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self), "hinted-row.activate");
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), TRUE);
}
