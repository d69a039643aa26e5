/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-table-editor.c: a grid to type in one of the tables the players own.
 *
 * The grid comes from the table's shape: its rows and columns as headers, an entry per cell for
 * numbers (with a menu for what a cell may hold instead, "Out of reach"), a drop-down for a
 * table of outcomes, and the cells the rules give shown read-only.  Every keystroke is checked
 * by the core: a value that is not allowed is marked, said why, and never kept.  The editor
 * works on a copy; Save puts it into the user's tables file or into the battle, and closing with
 * changes not saved asks first.  A user's file that cannot be read is reported and left alone.
 */

#define G_LOG_DOMAIN "adj-table-editor"

#include "config.h"

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-table-editor.h"

/* Cells named in the summary of what is missing before "and N more". */
#define MAX_NAMED 4

struct _AdjTableEditor {
  AdwWindow            parent_instance;

  AdwWindowTitle      *window_title;
  GtkButton           *save_button;
  GtkBox              *load_error_box;
  GtkLabel            *load_error_label;
  GtkLabel            *hint_label;
  GtkLabel            *source_label;
  GtkLabel            *status_label;
  GtkLabel            *missing_label;
  GtkGrid             *grid;
  GtkLabel            *values_label;
  GtkLabel            *invalid_label;
  GtkLabel            *notes_label;
  AdwPreferencesGroup *destination_group;
  AdwComboRow         *destination_row;

  AdjRuleset          *rs;
  AdjBattle           *battle;
  char                *table_id;
  const AdjTableShape *shape;
  AdjTables           *work;        /* the values being edited: only this table changes */
  GHashTable          *cells;       /* "row\ncolumn" -> its widget */
  GPtrArray           *order;       /* the editable cells, rows first */
  GHashTable          *invalid;     /* "row\ncolumn" -> why its text is not allowed */
  char                *load_error;
  gboolean             carried;     /* the battle carries its own copy of this table */
  gboolean             filling;
  gboolean             modified;
  gboolean             may_close;
  GtkWidget           *menu;        /* the popover of an entry's menu, while open */
};

G_DEFINE_FINAL_TYPE (AdjTableEditor, adj_table_editor, ADW_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The positions of the destination row. */
enum {
  DEST_USER,
  DEST_BATTLE,
};

static char *
cell_key (const char *row,
          const char *column)
{
  return g_strconcat (row, "\n", column, NULL);
}

static gboolean
is_fixed (AdjTableEditor *self,
          const char     *row,
          const char     *column)
{
  return adj_table_shape_get_fixed (self->shape, row, column) != NULL;
}

static guint
count_fixed (const AdjTableShape *shape)
{
  guint n = 0;

  for (guint r = 0; r < shape->n_rows; r++)
    for (guint c = 0; c < shape->n_columns; c++)
      n += adj_table_shape_get_fixed (shape, shape->rows[r].id, shape->columns[c].id) != NULL;
  return n;
}

/* "12 of 24 cells entered": the cells the rules give count neither way. */
static char *
format_entered (AdjTables           *tables,
                const AdjTableShape *shape)
{
  guint n_open = adj_table_shape_n_cells (shape) - count_fixed (shape);
  guint n_missing = adj_tables_count_missing (tables, shape->id);

  /* TRANSLATORS: how much of a table the players have typed in, e.g. "12 of 24 cells entered" */
  return g_strdup_printf (ngettext ("%u of %u cell entered", "%u of %u cells entered", n_open),
                          n_open - n_missing, n_open);
}

static gboolean
can_save (AdjTableEditor *self)
{
  return g_hash_table_size (self->invalid) == 0 &&
         (self->load_error == NULL || self->battle != NULL);
}

static void
update_status (AdjTableEditor *self)
{
  g_autoptr(GArray) missing = adj_tables_missing (self->work, self->table_id);
  guint n_fixed = count_fixed (self->shape);
  g_autofree char *status = format_entered (self->work, self->shape);

  if (n_fixed > 0)
    {
      g_autofree char *base = g_steal_pointer (&status);
      /* TRANSLATORS: e.g. "3 of 13 cells entered, 5 given by the rules" */
      status = g_strdup_printf (ngettext ("%s, %u given by the rules",
                                          "%s, %u given by the rules", n_fixed), base, n_fixed);
    }
  gtk_label_set_text (self->status_label, status);

  gtk_widget_remove_css_class (GTK_WIDGET (self->missing_label), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->missing_label), "warning");
  if (missing->len == 0)
    {
      gtk_label_set_text (self->missing_label, _("Complete: every cell has a value."));
      gtk_widget_add_css_class (GTK_WIDGET (self->missing_label), "success");
    }
  else
    {
      g_autoptr(GString) list = g_string_new (NULL);
      g_autofree char *text = NULL;

      for (guint i = 0; i < missing->len && i < MAX_NAMED; i++)
        {
          const AdjTableCell *cell = &g_array_index (missing, AdjTableCell, i);
          g_autofree char *label = adj_table_shape_cell_label (self->shape, cell->row,
                                                               cell->column);
          g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", label);
        }
      if (missing->len > MAX_NAMED)
        {
          guint more = missing->len - MAX_NAMED;
          /* TRANSLATORS: ends a list of empty cells, e.g. "…, Long range × Musket and 4 more" */
          g_string_append_printf (list, ngettext (" and %u more", " and %u more", more), more);
        }
      /* TRANSLATORS: %s lists the cells, e.g. "Short range × Musket, Long range × Maxim gun" */
      text = g_strdup_printf (ngettext ("Still empty: %s. A rule that needs this cell will not "
                                        "resolve until it has a value.",
                                        "Still empty: %s. A rule that needs one of these cells "
                                        "will not resolve until it has a value.", missing->len),
                              list->str);
      gtk_label_set_text (self->missing_label, text);
      gtk_widget_add_css_class (GTK_WIDGET (self->missing_label), "warning");
    }

  if (g_hash_table_size (self->invalid) == 0)
    gtk_widget_set_visible (GTK_WIDGET (self->invalid_label), FALSE);
  else
    {
      g_autoptr(GString) text = g_string_new (NULL);

      /* In grid order, so the messages read like the table. */
      for (guint i = 0; i < self->order->len; i++)
        {
          GtkWidget *w = g_ptr_array_index (self->order, i);
          const char *why = g_hash_table_lookup (self->invalid,
                                                 g_object_get_data (G_OBJECT (w), "adj-key"));
          if (why != NULL)
            g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", why);
        }
      gtk_label_set_text (self->invalid_label, text->str);
      gtk_widget_set_visible (GTK_WIDGET (self->invalid_label), TRUE);
    }

  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), can_save (self));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->save_button),
                               g_hash_table_size (self->invalid) > 0
                               ? _("Correct the cells marked in red first")
                               : self->load_error != NULL && self->battle == NULL
                               ? _("Your tables file cannot be read: it is left as it is")
                               : NULL);
}

static void
set_modified (AdjTableEditor *self)
{
  if (self->filling)
    return;
  self->modified = TRUE;
  {
    g_autofree char *title = g_strdup_printf ("• %s", adj_gettext (self->shape->title));
    adw_window_title_set_title (self->window_title, title);
  }
}

/* Check the text of a cell; keep it only when allowed. */
static void
take_entry_text (AdjTableEditor *self,
                 GtkWidget      *entry)
{
  const char *row = g_object_get_data (G_OBJECT (entry), "adj-row");
  const char *column = g_object_get_data (G_OBJECT (entry), "adj-column");
  const char *key = g_object_get_data (G_OBJECT (entry), "adj-key");
  g_autoptr(GError) error = NULL;

  if (adj_tables_set_cell_text (self->work, self->table_id, row, column,
                                gtk_editable_get_text (GTK_EDITABLE (entry)), &error))
    {
      g_hash_table_remove (self->invalid, key);
      gtk_widget_remove_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, NULL);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID);
    }
  else
    {
      /* Not kept: the cell counts as empty until its text is allowed. */
      adj_tables_set_cell (self->work, self->table_id, row, column, NULL, NULL);
      g_hash_table_insert (self->invalid, g_strdup (key), g_strdup (error->message));
      gtk_widget_add_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, error->message);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      error->message, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_TRUE, -1);
    }
}

static void
on_entry_changed (GtkEditable    *entry,
                  AdjTableEditor *self)
{
  if (self->filling)
    return;
  take_entry_text (self, GTK_WIDGET (entry));
  set_modified (self);
  update_status (self);
}

/* Enter moves on to the next cell, so a table is typed in one go. */
static void
on_entry_activate (GtkEntry       *entry,
                   AdjTableEditor *self)
{
  for (guint i = 0; i < self->order->len; i++)
    if (g_ptr_array_index (self->order, i) == (gpointer) entry)
      {
        if (i + 1 < self->order->len)
          gtk_widget_grab_focus (g_ptr_array_index (self->order, i + 1));
        else
          gtk_widget_grab_focus (GTK_WIDGET (self->save_button));
        return;
      }
}

static void
on_choice_selected (GtkDropDown    *dropdown,
                    GParamSpec     *pspec,
                    AdjTableEditor *self)
{
  const char *row = g_object_get_data (G_OBJECT (dropdown), "adj-row");
  const char *column = g_object_get_data (G_OBJECT (dropdown), "adj-column");
  guint pos = gtk_drop_down_get_selected (dropdown);
  g_autoptr(json_object) value = NULL;
  g_autoptr(GError) error = NULL;

  if (self->filling)
    return;
  /* The first item is "not entered". */
  if (pos != GTK_INVALID_LIST_POSITION && pos > 0 && pos <= self->shape->n_choices)
    value = json_object_new_string (self->shape->choices[pos - 1].id);
  if (!adj_tables_set_cell (self->work, self->table_id, row, column, value, &error))
    g_warning ("%s", error->message);
  set_modified (self);
  update_status (self);
}

static void
close_menu (AdjTableEditor *self)
{
  if (self->menu != NULL)
    {
      GtkWidget *menu = g_steal_pointer (&self->menu);
      gtk_widget_unparent (menu);
    }
}

/* Let go of a menu that closed, unless another took its place meanwhile. */
static gboolean
drop_menu_idle (gpointer user_data)
{
  GtkWidget *menu = user_data;

  /* Still parented means the editor is alive: dispose unparents it. */
  if (gtk_widget_get_parent (menu) != NULL)
    {
      AdjTableEditor *self = g_object_get_data (G_OBJECT (menu), "adj-editor");

      if (self->menu == menu)
        self->menu = NULL;
      gtk_widget_unparent (menu);
    }
  g_object_unref (menu);
  return G_SOURCE_REMOVE;
}

static void
on_menu_closed (GtkPopover     *popover,
                AdjTableEditor *self)
{
  /* Not while GTK is still inside the popover's own signal. */
  g_idle_add (drop_menu_idle, g_object_ref (popover));
}

static void
on_menu_item_clicked (GtkButton      *button,
                      AdjTableEditor *self)
{
  GtkWidget *entry = g_object_get_data (G_OBJECT (button), "adj-entry");
  const char *text = g_object_get_data (G_OBJECT (button), "adj-text");

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_popover_popdown (GTK_POPOVER (self->menu));
  gtk_widget_grab_focus (entry);
}

static GtkWidget *
menu_item (AdjTableEditor *self,
           GtkWidget      *entry,
           const char     *label,
           const char     *text)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_widget_add_css_class (button, "flat");
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  g_object_set_data (G_OBJECT (button), "adj-entry", entry);
  g_object_set_data_full (G_OBJECT (button), "adj-text", g_strdup (text), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (on_menu_item_clicked), self);
  return button;
}

/* What a number cell may hold instead of a number, and clearing it. */
static void
on_entry_icon_press (GtkEntry             *entry,
                     GtkEntryIconPosition  position,
                     AdjTableEditor       *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GdkRectangle area;

  close_menu (self);
  for (guint i = 0; i < self->shape->n_choices; i++)
    gtk_box_append (GTK_BOX (box), menu_item (self, GTK_WIDGET (entry),
                                              adj_gettext (self->shape->choices[i].label),
                                              adj_gettext (self->shape->choices[i].label)));
  gtk_box_append (GTK_BOX (box), menu_item (self, GTK_WIDGET (entry), _("Clear the Cell"), ""));

  self->menu = gtk_popover_new ();
  g_object_set_data (G_OBJECT (self->menu), "adj-editor", self);
  gtk_popover_set_child (GTK_POPOVER (self->menu), box);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (entry));
  gtk_entry_get_icon_area (entry, position, &area);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &area);
  g_signal_connect (self->menu, "closed", G_CALLBACK (on_menu_closed), self);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_entry_focus_enter (GtkEventControllerFocus *focus,
                      AdjTableEditor          *self)
{
  GtkEntry *entry = GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)));

  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, "view-more-symbolic");
  gtk_entry_set_icon_tooltip_text (entry, GTK_ENTRY_ICON_SECONDARY,
                                   _("Other values this cell may hold"));
}

static void
on_entry_focus_leave (GtkEventControllerFocus *focus,
                      AdjTableEditor          *self)
{
  GtkEntry *entry = GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)));

  /* Keep it while its menu is open. */
  if (self->menu == NULL || gtk_widget_get_parent (self->menu) != GTK_WIDGET (entry))
    gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, NULL);
}

static GtkWidget *
header_label (const char *text,
              gboolean    column)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (column)
    {
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
      gtk_widget_set_valign (label, GTK_ALIGN_END);
      gtk_widget_add_css_class (label, "column-header");
    }
  else
    {
      /* Short row names stay on one line; long ones wrap at a readable width. */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_width_chars (GTK_LABEL (label), MIN (g_utf8_strlen (text, -1), 16));
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      gtk_widget_add_css_class (label, "row-header");
    }
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
make_cell (AdjTableEditor *self,
           const char     *row,
           const char     *column)
{
  json_object *value = adj_tables_get_cell (self->work, self->table_id, row, column);
  g_autofree char *label = adj_table_shape_cell_label (self->shape, row, column);
  g_autofree char *text = adj_table_shape_format_value (self->shape, value);
  GtkWidget *cell;

  if (is_fixed (self, row, column))
    {
      g_autofree char *tip = g_strdup_printf (_("%s: given by the rules"), label);

      GtkWidget *value_label = gtk_label_new (text);
      GtkWidget *lock = gtk_image_new_from_icon_name ("changes-prevent-symbolic");

      cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      gtk_widget_set_halign (cell, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (cell, "fixed-cell");
      gtk_widget_add_css_class (value_label, "numeric");
      gtk_widget_add_css_class (lock, "dim-label");
      gtk_box_append (GTK_BOX (cell), value_label);
      gtk_box_append (GTK_BOX (cell), lock);
      gtk_widget_set_tooltip_text (cell, _("Given by the rules: it cannot be changed"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, tip,
                                      -1);
    }
  else if (self->shape->kind == ADJ_TABLE_CHOICE)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
      guint selected = 0;

      /* TRANSLATORS: a cell of a table nobody has filled in yet */
      gtk_string_list_append (list, _("Not entered"));
      for (guint i = 0; i < self->shape->n_choices; i++)
        {
          gtk_string_list_append (list, adj_gettext (self->shape->choices[i].label));
          if (value != NULL && g_strcmp0 (json_object_get_string (value),
                                          self->shape->choices[i].id) == 0)
            selected = i + 1;
        }
      cell = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&list)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (cell), selected);
      g_signal_connect (cell, "notify::selected", G_CALLBACK (on_choice_selected), self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
      g_ptr_array_add (self->order, cell);
    }
  else
    {
      cell = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (cell), text);
      gtk_editable_set_alignment (GTK_EDITABLE (cell), 0.5);
      gtk_editable_set_width_chars (GTK_EDITABLE (cell), self->shape->n_choices > 0 ? 8 : 5);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (cell), 12);
      gtk_entry_set_input_hints (GTK_ENTRY (cell), GTK_INPUT_HINT_NO_SPELLCHECK);
      gtk_widget_add_css_class (cell, "numeric");
      gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
      if (self->shape->n_choices > 0)
        {
          GtkEventController *focus = gtk_event_controller_focus_new ();

          /* The menu shows on the cell being edited only: the others keep room for "Out of
           * reach". */
          g_signal_connect (focus, "enter", G_CALLBACK (on_entry_focus_enter), self);
          g_signal_connect (focus, "leave", G_CALLBACK (on_entry_focus_leave), self);
          gtk_widget_add_controller (cell, focus);
          g_signal_connect (cell, "icon-press", G_CALLBACK (on_entry_icon_press), self);
        }
      g_signal_connect (cell, "changed", G_CALLBACK (on_entry_changed), self);
      g_signal_connect (cell, "activate", G_CALLBACK (on_entry_activate), self);
      gtk_widget_set_tooltip_text (cell, label);
      g_ptr_array_add (self->order, cell);
    }
  gtk_widget_set_valign (cell, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (cell), "adj-row", g_strdup (row), g_free);
  g_object_set_data_full (G_OBJECT (cell), "adj-column", g_strdup (column), g_free);
  g_object_set_data_full (G_OBJECT (cell), "adj-key", cell_key (row, column), g_free);
  return cell;
}

static void
build_grid (AdjTableEditor *self)
{
  const AdjTableShape *shape = self->shape;
  GtkWidget *corner = gtk_label_new (adj_gettext (shape->row_label));

  self->filling = TRUE;
  gtk_label_set_xalign (GTK_LABEL (corner), 0);
  gtk_label_set_wrap (GTK_LABEL (corner), TRUE);
  gtk_widget_set_valign (corner, GTK_ALIGN_END);
  gtk_widget_add_css_class (corner, "dim-label");
  gtk_widget_add_css_class (corner, "caption");
  gtk_grid_attach (self->grid, corner, 0, 0, 1, 1);

  for (guint c = 0; c < shape->n_columns; c++)
    gtk_grid_attach (self->grid, header_label (adj_gettext (shape->columns[c].label), TRUE),
                     (int) c + 1, 0, 1, 1);
  for (guint r = 0; r < shape->n_rows; r++)
    {
      gtk_grid_attach (self->grid, header_label (adj_gettext (shape->rows[r].label), FALSE), 0,
                       (int) r + 1, 1, 1);
      for (guint c = 0; c < shape->n_columns; c++)
        {
          GtkWidget *cell = make_cell (self, shape->rows[r].id, shape->columns[c].id);

          g_hash_table_insert (self->cells, cell_key (shape->rows[r].id, shape->columns[c].id),
                               cell);
          gtk_grid_attach (self->grid, cell, (int) c + 1, (int) r + 1, 1, 1);
        }
    }
  self->filling = FALSE;
}

/* Where the values shown came from, and what the players called them. */
static void
describe_source (AdjTableEditor *self,
                 AdjTableSource  source,
                 AdjTables      *from)
{
  const char *title = from != NULL ? adj_tables_get_title (from) : NULL;
  g_autofree char *text = NULL;

  switch (source)
    {
    case ADJ_TABLE_SOURCE_BATTLE:
      text = title != NULL && title[0] != '\0'
             /* TRANSLATORS: %s is the title the players gave their values */
             ? g_strdup_printf (_("These values travel with this battle: “%s”."), title)
             : g_strdup (_("These values travel with this battle."));
      break;
    case ADJ_TABLE_SOURCE_USER:
      text = g_strdup (_("These values are your own, used in every battle that carries none."));
      break;
    case ADJ_TABLE_SOURCE_NONE:
    default:
      text = g_strdup (_("Nobody has entered this table yet: type the values from your copy of "
                         "the rules."));
      break;
    }
  gtk_label_set_text (self->source_label, text);
}

/* Read the values to start from: the battle's when it carries the table, else the user's. */
static void
load_values (AdjTableEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) user = adj_tables_load_user (self->rs, &error);
  g_autoptr(AdjTables) carried = self->battle != NULL ? adj_battle_extract_tables (self->battle)
                                                      : NULL;
  AdjTableSource source = ADJ_TABLE_SOURCE_NONE;

  self->carried = carried != NULL && adj_tables_has_table (carried, self->table_id);
  if (user == NULL)
    {
      self->load_error = g_strdup (error->message);
      g_autofree char *text = NULL;

      if (self->battle != NULL)
        /* TRANSLATORS: %s says which file and what is wrong with it */
        text = g_strdup_printf (_("Your tables file cannot be read, so Adjutant leaves it as it "
                                  "is: %s. You can still keep these values in this battle."),
                                error->message);
      else
        text = g_strdup_printf (_("Your tables file cannot be read, so Adjutant leaves it as it "
                                  "is: %s. Correct the file or move it away, then open this "
                                  "table again."), error->message);
      gtk_label_set_text (self->load_error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->load_error_box), TRUE);
    }

  if (self->carried)
    {
      self->work = g_steal_pointer (&carried);
      source = ADJ_TABLE_SOURCE_BATTLE;
      describe_source (self, source, self->work);
    }
  else if (user != NULL)
    {
      source = adj_tables_has_table (user, self->table_id) ? ADJ_TABLE_SOURCE_USER
                                                           : ADJ_TABLE_SOURCE_NONE;
      self->work = g_steal_pointer (&user);
      describe_source (self, source, self->work);
    }
  else
    {
      self->work = adj_tables_new (self->rs);
      describe_source (self, ADJ_TABLE_SOURCE_NONE, NULL);
    }

  /* Save goes back where the values came from; without a readable file, into the battle. */
  gtk_widget_set_visible (GTK_WIDGET (self->destination_group), self->battle != NULL);
  adw_combo_row_set_selected (self->destination_row,
                              self->carried || self->load_error != NULL ? DEST_BATTLE : DEST_USER);
}

static void
on_destination_selected (AdwComboRow    *row,
                         GParamSpec     *pspec,
                         AdjTableEditor *self)
{
  const char *subtitle = NULL;

  if (adw_combo_row_get_selected (row) == DEST_USER && self->load_error != NULL)
    {
      /* The broken file is never written over: keep them in the battle instead. */
      adw_combo_row_set_selected (row, DEST_BATTLE);
      return;
    }
  if (adw_combo_row_get_selected (row) == DEST_BATTLE)
    subtitle = _("Saved into the battle: they travel with its file and win over your own");
  else if (self->carried)
    subtitle = _("This battle carries its own copy of the table, which it keeps using");
  else
    subtitle = _("Kept in your data folder and used in every battle that carries none");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

/* Copy this table's entered values from the work into @into. */
static gboolean
copy_table (AdjTableEditor  *self,
            AdjTables       *into,
            GError         **error)
{
  adj_tables_clear_table (into, self->table_id);
  for (guint r = 0; r < self->shape->n_rows; r++)
    for (guint c = 0; c < self->shape->n_columns; c++)
      {
        const char *row = self->shape->rows[r].id;
        const char *column = self->shape->columns[c].id;
        json_object *value;

        if (is_fixed (self, row, column))
          continue;
        value = adj_tables_get_cell (self->work, self->table_id, row, column);
        if (value != NULL &&
            !adj_tables_set_cell (into, self->table_id, row, column, value, error))
          return FALSE;
      }
  return TRUE;
}

static void
on_save_clicked (AdjTableEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (adj_table_editor_save (self, &error))
    {
      self->may_close = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Save the Table"),
                                                  error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static void
on_cancel_clicked (AdjTableEditor *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/* The editor goes once the dialog asking about it is done with it. */
static gboolean
answer_idle (gpointer user_data)
{
  AdjTableEditor *self = user_data;
  const char *response = g_object_get_data (G_OBJECT (self), "adj-response");

  if (g_strcmp0 (response, "discard") == 0)
    {
      self->may_close = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (g_strcmp0 (response, "save") == 0)
    on_save_clicked (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
on_discard_response (AdwMessageDialog *dialog,
                     const char       *response,
                     AdjTableEditor   *self)
{
  if (!g_str_equal (response, "discard") && !g_str_equal (response, "save"))
    return;
  g_object_set_data_full (G_OBJECT (self), "adj-response", g_strdup (response), g_free);
  g_idle_add (answer_idle, g_object_ref (self));
}

static gboolean
on_close_request (GtkWindow *window)
{
  AdjTableEditor *self = ADJ_TABLE_EDITOR (window);
  GtkWidget *dialog;

  if (self->may_close || !self->modified)
    return FALSE;

  dialog = adw_message_dialog_new (window, _("Save the Table?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("The values typed into the %s are not saved yet. Discarding "
                                    "them loses them."), adj_gettext (self->shape->title));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  if (can_save (self))
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "save", _("_Save"));
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
    }
  else
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_discard_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdjTableEditor *self = ADJ_TABLE_EDITOR (widget);

  if (gtk_widget_get_sensitive (GTK_WIDGET (self->save_button)))
    on_save_clicked (self);
}

static void
adj_table_editor_dispose (GObject *object)
{
  AdjTableEditor *self = ADJ_TABLE_EDITOR (object);

  close_menu (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_TABLE_EDITOR);
  g_clear_pointer (&self->work, adj_tables_unref);
  g_clear_pointer (&self->rs, adj_ruleset_unref);
  g_clear_object (&self->battle);
  G_OBJECT_CLASS (adj_table_editor_parent_class)->dispose (object);
}

static void
adj_table_editor_finalize (GObject *object)
{
  AdjTableEditor *self = ADJ_TABLE_EDITOR (object);

  g_hash_table_unref (self->cells);
  g_hash_table_unref (self->invalid);
  g_ptr_array_unref (self->order);
  g_free (self->table_id);
  g_free (self->load_error);
  G_OBJECT_CLASS (adj_table_editor_parent_class)->finalize (object);
}

static void
adj_table_editor_class_init (AdjTableEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = adj_table_editor_dispose;
  object_class->finalize = adj_table_editor_finalize;
  window_class->close_request = on_close_request;

  /**
   * AdjTableEditor::saved:
   * @destination: the AdjTableSource the values went to (user or battle)
   */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-table-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, save_button);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, load_error_box);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, load_error_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, hint_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, source_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, missing_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, grid);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, values_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, invalid_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, notes_label);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, destination_group);
  gtk_widget_class_bind_template_child (widget_class, AdjTableEditor, destination_row);
  gtk_widget_class_bind_template_callback (widget_class, on_save_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);

  gtk_widget_class_install_action (widget_class, "table.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "table.save",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
adj_table_editor_init (AdjTableEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->invalid = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->order = g_ptr_array_new ();
}

GtkWidget *
adj_table_editor_new (GtkWindow  *parent,
                      AdjRuleset *rs,
                      AdjBattle  *battle,
                      const char *table_id)
{
  AdjTableEditor *self;
  const AdjTableShape *shape;

  g_return_val_if_fail (rs != NULL, NULL);
  g_return_val_if_fail (battle == NULL || ADJ_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (battle == NULL || adj_battle_get_ruleset (battle) == rs, NULL);
  shape = adj_table_shape_lookup (rs, table_id);
  g_return_val_if_fail (shape != NULL, NULL);

  self = g_object_new (ADJ_TYPE_TABLE_EDITOR,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
  self->rs = adj_ruleset_ref (rs);
  self->battle = battle != NULL ? g_object_ref (battle) : NULL;
  self->table_id = g_strdup (table_id);
  self->shape = shape;

  gtk_window_set_title (GTK_WINDOW (self), adj_gettext (shape->title));
  adw_window_title_set_title (self->window_title, adj_gettext (shape->title));
  adw_window_title_set_subtitle (self->window_title, adj_gettext (adj_ruleset_get_name (rs)));
  gtk_label_set_text (self->hint_label, shape->hint != NULL ? adj_gettext (shape->hint) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), shape->hint != NULL);
  gtk_label_set_text (self->notes_label, shape->notes != NULL ? adj_gettext (shape->notes) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->notes_label), shape->notes != NULL);
  {
    g_autofree char *values = adj_table_shape_describe_values (shape);
    /* TRANSLATORS: what a cell holds and which values it may take, e.g. "Score to hit (D6): a
     * whole number from 1 to 6, or “none” (Out of reach)." */
    g_autofree char *what = g_strdup_printf (_("%s: %s."), adj_gettext (shape->value_label),
                                             values);
    gtk_label_set_text (self->values_label, what);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, what, -1);
  }

  load_values (self);
  on_destination_selected (self->destination_row, NULL, self);
  g_signal_connect (self->destination_row, "notify::selected",
                    G_CALLBACK (on_destination_selected), self);
  build_grid (self);
  update_status (self);
  if (self->order->len > 0)
    gtk_window_set_focus (GTK_WINDOW (self), g_ptr_array_index (self->order, 0));
  return GTK_WIDGET (self);
}

const char *
adj_table_editor_get_table_id (AdjTableEditor *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), NULL);
  return self->table_id;
}

GtkWidget *
adj_table_editor_get_cell (AdjTableEditor *self,
                           const char     *row,
                           const char     *column)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), NULL);

  key = cell_key (row, column);
  return g_hash_table_lookup (self->cells, key);
}

guint
adj_table_editor_get_n_missing (AdjTableEditor *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), 0);
  return adj_tables_count_missing (self->work, self->table_id);
}

guint
adj_table_editor_get_n_invalid (AdjTableEditor *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), 0);
  return g_hash_table_size (self->invalid);
}

gboolean
adj_table_editor_get_modified (AdjTableEditor *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), FALSE);
  return self->modified;
}

const char *
adj_table_editor_get_load_error (AdjTableEditor *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), NULL);
  return self->load_error;
}

AdjTableSource
adj_table_editor_get_destination (AdjTableEditor *self)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), ADJ_TABLE_SOURCE_NONE);

  if (self->battle != NULL && adw_combo_row_get_selected (self->destination_row) == DEST_BATTLE)
    return ADJ_TABLE_SOURCE_BATTLE;
  return ADJ_TABLE_SOURCE_USER;
}

gboolean
adj_table_editor_set_destination (AdjTableEditor *self,
                                  AdjTableSource  destination)
{
  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), FALSE);

  if (destination == ADJ_TABLE_SOURCE_BATTLE && self->battle == NULL)
    return FALSE;
  if (destination == ADJ_TABLE_SOURCE_USER && self->load_error != NULL)
    return FALSE;
  adw_combo_row_set_selected (self->destination_row,
                              destination == ADJ_TABLE_SOURCE_BATTLE ? DEST_BATTLE : DEST_USER);
  return TRUE;
}

gboolean
adj_table_editor_save (AdjTableEditor  *self,
                       GError         **error)
{
  AdjTableSource destination;

  g_return_val_if_fail (ADJ_IS_TABLE_EDITOR (self), FALSE);

  if (g_hash_table_size (self->invalid) > 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   ngettext ("%u cell holds a value that is not allowed: correct it first",
                             "%u cells hold values that are not allowed: correct them first",
                             g_hash_table_size (self->invalid)),
                   g_hash_table_size (self->invalid));
      return FALSE;
    }

  destination = adj_table_editor_get_destination (self);
  if (destination == ADJ_TABLE_SOURCE_BATTLE)
    {
      g_autoptr(AdjTables) carried = adj_battle_extract_tables (self->battle);

      if (carried == NULL)
        carried = adj_tables_new (self->rs);
      if (!copy_table (self, carried, error)
          || !adj_battle_embed_tables (self->battle, carried, error))
        return FALSE;
      self->carried = TRUE;
    }
  else
    {
      /* Read the file again: only this table of it changes, the others stay as they are. */
      g_autoptr(AdjTables) user = adj_tables_load_user (self->rs, error);

      if (user == NULL || !copy_table (self, user, error) || !adj_tables_save_user (user, error))
        return FALSE;
    }

  self->modified = FALSE;
  adw_window_title_set_title (self->window_title, adj_gettext (self->shape->title));
  g_signal_emit (self, signals[SAVED], 0, (int) destination);
  return TRUE;
}

char *
adj_table_describe_progress (AdjTables  *tables,
                             const char *table_id)
{
  const AdjTableShape *shape;
  g_autofree char *entered = NULL;

  g_return_val_if_fail (tables != NULL, NULL);

  shape = adj_table_shape_lookup (adj_tables_get_ruleset (tables), table_id);
  g_return_val_if_fail (shape != NULL, NULL);

  entered = format_entered (tables, shape);
  /* TRANSLATORS: a table and how much of it is entered, e.g. "Hit table — 12 of 24 cells
   * entered" */
  return g_strdup_printf (_("%s — %s"), adj_gettext (shape->title), entered);
}

char *
adj_table_describe_entered (AdjTables  *tables,
                            const char *table_id)
{
  const AdjTableShape *shape;

  g_return_val_if_fail (tables != NULL, NULL);

  shape = adj_table_shape_lookup (adj_tables_get_ruleset (tables), table_id);
  g_return_val_if_fail (shape != NULL, NULL);
  return format_entered (tables, shape);
}
