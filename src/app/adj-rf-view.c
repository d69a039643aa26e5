/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-view.c: the solo enemy of the Risk Factor skirmish rules.
 *
 * One page with two kinds of rows in one list.  First every enemy group that reacts this step:
 * its Risk Factor with the parts counted from the battle, a switch for each part the players
 * judge by looking at the table, and which die faces give which action, with their exact odds.
 * "Roll for All" (or dice typed in) gives every group its order, journaled one entry each by
 * the core; the rows then read as the list of orders to carry out, and an order that is undone
 * says so.  The hidden markers follow, each with a "Spotted" button that reveals what it hides.
 *
 * The list is a GtkListView over a GListStore: rows are made as they are needed and recycled.
 * Rows hold no text whose height depends on its width (wrapped labels, flow boxes): in a list
 * of a hundred rows, measuring those again and again takes seconds.  Long texts are
 * GtkInscriptions with a number of lines fixed from their length, and the switches stand in a
 * grid of fixed columns.
 */

#define G_LOG_DOMAIN "adj-rf-view"

#include "config.h"

#include <stdlib.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-mechanic.h"
#include "adj-rf-view.h"
#include "adj-ruling-dialog.h"

/* ---- the list's items ---- */

typedef enum {
  ITEM_HEADING,
  ITEM_MARKER,
  ITEM_ORDER,
} ItemKind;

#define ADJ_TYPE_RF_ITEM (adj_rf_item_get_type ())

G_DECLARE_FINAL_TYPE (AdjRfItem, adj_rf_item, ADJ, RF_ITEM, GObject)

struct _AdjRfItem {
  GObject    parent_instance;
  ItemKind   kind;
  guint      index;     /* ITEM_ORDER: the order in the step */
  char      *id;        /* ITEM_ORDER: the group; ITEM_MARKER: the marker; ITEM_HEADING: a key */
  GtkWidget *row;       /* the row showing it now, if any (not owned) */
};

G_DEFINE_FINAL_TYPE (AdjRfItem, adj_rf_item, G_TYPE_OBJECT)

static void
adj_rf_item_finalize (GObject *object)
{
  g_free (ADJ_RF_ITEM (object)->id);
  G_OBJECT_CLASS (adj_rf_item_parent_class)->finalize (object);
}

static void
adj_rf_item_class_init (AdjRfItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adj_rf_item_finalize;
}

static void
adj_rf_item_init (AdjRfItem *self)
{
}

static AdjRfItem *
item_new (ItemKind    kind,
          guint       index,
          const char *id)
{
  AdjRfItem *item = g_object_new (ADJ_TYPE_RF_ITEM, NULL);

  item->kind = kind;
  item->index = index;
  item->id = g_strdup (id);
  return item;
}

/* ---- the view ---- */

struct _AdjRfView {
  GtkWidget    parent_instance;

  GtkButton   *hide_button;
  GtkButton   *dice_button;
  GtkButton   *roll_button;
  GtkButton   *new_button;
  GtkLabel    *status_label;
  GtkLabel    *spotted_label;
  GtkWidget   *scroller;
  GtkListView *list_view;

  AdjBattle   *battle;  /* the page's, borrowed */
  AdjRfSolo   *solo;
  char        *no_solo;      /* why there is no step, when there is none */
  GListStore  *items;
  GArray      *seqs;         /* once rolled: the journal entry of each order (guint seq) */
  GHashTable  *switches;     /* "unit\ninput" -> set by the players, kept across refreshes */
  gboolean     applying;
};

G_DEFINE_FINAL_TYPE (AdjRfView, adj_rf_view, ADJ_TYPE_SYSTEM_PAGE)

/* The parts of an order's row that change while the players set its switches. */
typedef struct {
  GtkLabel  *rf;
  GtkLabel  *counted;
  GtkWidget *faces;
} OrderParts;

static void
report (AdjRfView *self,
        GError    *error)
{
  adj_system_page_report (ADJ_SYSTEM_PAGE (self), error->message);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

/* "+2", "−4" (a real minus sign), "0". */
static char *
signed_text (int value)
{
  if (value < 0)
    return g_strdup_printf ("−%d", -value);
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  return g_strdup ("0");
}

static const char *
action_label (const char *action)
{
  const AdjMechanic *mech = adj_mechanic_lookup ("rf/reaction");
  const AdjChoice *c = mech != NULL ? adj_field_find_choice (mech->outcomes, mech->n_outcomes,
                                                             action)
                                    : NULL;

  return c != NULL ? adj_gettext (c->label) : action;
}

static GtkWidget *
label_new (const char *text,
           const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  return label;
}

/* Text over as many lines as it needs at about @chars characters a line: the height is fixed
 * beforehand, not measured for each width. */
static GtkWidget *
inscription_new (const char *text,
                 const char *style,
                 guint       chars)
{
  GtkWidget *inscription = gtk_inscription_new (text);
  guint lines = 0;
  g_auto(GStrv) paragraphs = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint k = 0; paragraphs[k] != NULL; k++)
    lines += MAX (1, (g_utf8_strlen (paragraphs[k], -1) + chars - 1) / chars);
  lines = CLAMP (lines, 1, 8);
  gtk_inscription_set_min_lines (GTK_INSCRIPTION (inscription), lines);
  gtk_inscription_set_nat_lines (GTK_INSCRIPTION (inscription), lines);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (inscription), chars);
  gtk_inscription_set_wrap_mode (GTK_INSCRIPTION (inscription), PANGO_WRAP_WORD_CHAR);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (inscription),
                                     GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (inscription), 0);
  gtk_widget_set_hexpand (inscription, TRUE);
  gtk_widget_set_tooltip_text (inscription, text);
  if (style != NULL)
    gtk_widget_add_css_class (inscription, style);
  return inscription;
}

/* The switches of a group: three to a line, all as wide and as high as each other. */
#define SWITCH_COLUMNS 3

/* "1", "2–3", "1, 4–6": the die faces in @faces (a bit per face, 1 to 6). */
static char *
faces_text (guint faces)
{
  GString *text = g_string_new (NULL);

  for (int d = 1; d <= 6; d++)
    {
      int end = d;

      if (!(faces & (1u << d)))
        continue;
      while (end < 6 && (faces & (1u << (end + 1))))
        end++;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (end > d)
        g_string_append_printf (text, "%d–%d", d, end);
      else
        g_string_append_printf (text, "%d", d);
      d = end;
    }
  return g_string_free (text, FALSE);
}

static AdjUnit *
order_unit (AdjRfView *self,
            guint      i)
{
  return adj_battle_find_unit (self->battle, adj_rf_solo_get_unit_id (self->solo, i));
}

static char *
switch_key (const char *unit,
            const char *input)
{
  return g_strconcat (unit, "\n", input, NULL);
}

/* ---- order rows ---- */

/* Which faces give which action, with the exact odds of each, in the order of the faces. */
static void
fill_faces (AdjRfView *self,
            guint      i,
            GtkWidget *flow)
{
  g_autoptr(AdjOdds) odds = adj_rf_solo_odds (self->solo, i, NULL);
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const char *actions[6];
  guint faces[6] = { 0 };
  guint n = 0;

  clear_box (flow);
  for (int d = 1; d <= 6; d++)
    {
      const char *action = adj_rf_solo_action_for_die (self->solo, i, d);
      guint k;

      if (action == NULL)
        continue;
      for (k = 0; k < n && !g_str_equal (actions[k], action); k++)
        ;
      if (k == n)
        actions[n++] = action;
      faces[k] |= 1u << d;
    }
  for (guint k = 0; k < n; k++)
    {
      const AdjOddsEntry *e = odds != NULL ? adj_odds_find (odds, actions[k]) : NULL;
      g_autofree char *face = faces_text (faces[k]);
      g_autofree char *text = NULL;
      g_autofree char *tip = NULL;
      g_autofree char *css = g_strconcat ("rf-", actions[k], NULL);
      GtkWidget *chip;
      double p = e != NULL ? e->p : 0;

      /* TRANSLATORS: an action with the die faces that give it and its chance, e.g.
       * "Attack 4–6 · 50%" */
      text = g_strdup_printf (_("%s %s · %.0f%%"), action_label (actions[k]), face, p * 100);
      if (e != NULL && mpz_cmp_ui (mpq_denref (e->exact), 1) > 0)
        {
          g_autofree char *fraction = adj_odds_entry_fraction (e);
          /* TRANSLATORS: the exact chance of an action and what it means, e.g.
           * "1/2 — Close with the nearest enemy group ..." */
          tip = g_strdup_printf (_("%s — %s"), fraction,
                                 adj_gettext (adj_rf_action_meaning (rs, actions[k])));
        }
      else
        tip = g_strdup (adj_gettext (adj_rf_action_meaning (rs, actions[k])));
      chip = gtk_label_new (text);
      gtk_label_set_ellipsize (GTK_LABEL (chip), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (chip, "rf-chip");
      gtk_widget_add_css_class (chip, css);
      gtk_widget_set_tooltip_text (chip, tip);
      gtk_box_append (GTK_BOX (flow), chip);
    }
}

/* The Risk Factor, and the parts counted from the battle (or set and not offered as a
 * switch), as they stand. */
static void
update_order_numbers (AdjRfView  *self,
                      guint       i,
                      OrderParts *parts)
{
  g_autoptr(GArray) rf_parts = NULL;
  g_autoptr(GArray) switches = adj_rf_solo_get_switches (self->solo, i);
  g_autoptr(GString) counted = g_string_new (NULL);
  g_autofree char *rf_text = NULL;
  int rf = adj_rf_solo_get_rf (self->solo, i, &rf_parts);

  for (guint k = 0; k < rf_parts->len; k++)
    {
      AdjRfPart *p = &g_array_index (rf_parts, AdjRfPart, k);
      gboolean offered = FALSE;
      g_autofree char *value = NULL;

      for (guint s = 0; s < switches->len; s++)
        offered |= g_str_equal (g_array_index (switches, AdjRfSwitch, s).part, p->id);
      if (p->value == 0 || offered)
        continue;
      value = signed_text (p->value);
      if (counted->len > 0)
        g_string_append (counted, "\n");
      /* TRANSLATORS: a part of a Risk Factor counted from the battle, e.g. "Routing +3" */
      g_string_append_printf (counted, _("%s %s"), adj_gettext (p->label), value);
    }
  rf_text = signed_text (rf);
  gtk_label_set_text (parts->rf, rf_text);
  gtk_label_set_text (parts->counted, counted->str);
  gtk_widget_set_visible (GTK_WIDGET (parts->counted), counted->len > 0);
  fill_faces (self, i, parts->faces);
}

static void
on_switch_toggled (GtkToggleButton *button,
                   AdjRfView       *self)
{
  AdjRfItem *item = g_object_get_data (G_OBJECT (button), "item");
  const char *input = g_object_get_data (G_OBJECT (button), "input");
  g_autoptr(GError) error = NULL;

  if (!adj_rf_view_set_switch (self, item->index, input, gtk_toggle_button_get_active (button),
                               &error))
    report (self, error);
}

static char *
order_detail (AdjRfView *self,
              guint      i)
{
  GPtrArray *ids = adj_rf_solo_get_unit_ids (self->solo, i);
  AdjUnit *unit = order_unit (self, i);
  const AdjUnitType *type = unit != NULL ? adj_battle_unit_type (self->battle, unit) : NULL;
  AdjInputs *inputs = adj_rf_solo_get_inputs (self->solo, i);
  const char *table;
  int figures = 0;
  g_autofree char *count = NULL;

  for (guint k = 0; k < ids->len; k++)
    {
      AdjUnit *u = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, k));
      if (u != NULL)
        figures += adj_unit_get_figures (u);
    }
  table = g_strcmp0 (adj_inputs_get_string (inputs, "arms"), "missile") == 0
          ? _("missile troops' table") : _("close-combat troops' table");
  count = g_strdup_printf (ngettext ("%d figure", "%d figures", figures), figures);
  if (ids->len > 1)
    /* TRANSLATORS: a group that reacts with its platoon, e.g.
     * "Native regiments · 3 groups, 30 figures · close-combat troops' table" */
    return g_strdup_printf (ngettext ("%s · %u group, %s · %s", "%s · %u groups, %s · %s",
                                      ids->len),
                            type != NULL ? adj_gettext (type->label) : "", ids->len, count, table);
  /* TRANSLATORS: under a group's name, e.g. "Native regiments · 12 figures · missile troops' table" */
  return g_strdup_printf (_("%s · %s · %s"), type != NULL ? adj_gettext (type->label) : "",
                          count, table);
}

static void
build_order_before (AdjRfView *self,
                    AdjRfItem *item,
                    GtkWidget *row)
{
  guint i = item->index;
  AdjUnit *unit = order_unit (self, i);
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  AdjInputs *inputs = adj_rf_solo_get_inputs (self->solo, i);
  g_autoptr(GArray) switches = adj_rf_solo_get_switches (self->solo, i);
  g_autofree char *detail = order_detail (self, i);
  OrderParts *parts = g_new0 (OrderParts, 1);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *rf_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *rf_caption = gtk_label_new (_("RF"));
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *faces_caption = label_new (_("The reaction die"), "rf-caption");

  gtk_box_append (GTK_BOX (text), label_new (unit != NULL ? adj_unit_get_name (unit) : item->id,
                                             "unit-name"));
  gtk_box_append (GTK_BOX (text), label_new (detail, "dim-label"));
  parts->counted = GTK_LABEL (label_new (NULL, "rf-counted"));
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->counted));
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (top), text);

  gtk_widget_add_css_class (rf_caption, "rf-caption");
  parts->rf = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (parts->rf), "rf-value");
  gtk_box_append (GTK_BOX (rf_box), rf_caption);
  gtk_box_append (GTK_BOX (rf_box), GTK_WIDGET (parts->rf));
  gtk_widget_set_valign (rf_box, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (rf_box, _("Risk Factor: the higher, the more likely the group "
                                         "holds back or runs"));
  gtk_box_append (GTK_BOX (top), rf_box);
  gtk_box_append (GTK_BOX (row), top);

  /* What the players see on the table: one switch for each part. */
  for (guint k = 0; k < switches->len; k++)
    {
      AdjRfSwitch *sw = &g_array_index (switches, AdjRfSwitch, k);
      g_autofree char *value = signed_text (sw->value);
      /* TRANSLATORS: a switch for a part of the Risk Factor, e.g. "Enemy in range +1" */
      g_autofree char *text_label = g_strdup_printf (_("%s %s"), adj_gettext (sw->label), value);
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *button_label = gtk_inscription_new (text_label);

      /* Two short lines each, so that several switches stand side by side. */
      gtk_inscription_set_min_lines (GTK_INSCRIPTION (button_label), 2);
      gtk_inscription_set_nat_lines (GTK_INSCRIPTION (button_label), 2);
      gtk_inscription_set_min_chars (GTK_INSCRIPTION (button_label), 8);
      gtk_inscription_set_nat_chars (GTK_INSCRIPTION (button_label), 22);
      gtk_inscription_set_wrap_mode (GTK_INSCRIPTION (button_label), PANGO_WRAP_WORD);
      gtk_inscription_set_text_overflow (GTK_INSCRIPTION (button_label),
                                         GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
      gtk_inscription_set_xalign (GTK_INSCRIPTION (button_label), 0.5);
      gtk_button_set_child (GTK_BUTTON (button), button_label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      text_label, -1);

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button),
                                    adj_inputs_get_bool (inputs, sw->input));
      gtk_widget_set_tooltip_text (button,
                                   adj_gettext (adj_ruleset_get_modifier (rs, "risk",
                                                                          sw->part)->label));
      gtk_widget_add_css_class (button, "rf-switch");
      g_object_set_data (G_OBJECT (button), "item", item);
      g_object_set_data (G_OBJECT (button), "input", (gpointer) sw->input);
      g_signal_connect (button, "toggled", G_CALLBACK (on_switch_toggled), self);
      gtk_widget_set_hexpand (button, TRUE);
      gtk_grid_attach (GTK_GRID (grid), button, (int) (k % SWITCH_COLUMNS),
                       (int) (k / SWITCH_COLUMNS), 1, 1);
    }
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_box_append (GTK_BOX (row), grid);

  gtk_box_append (GTK_BOX (row), faces_caption);
  parts->faces = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), parts->faces);
  g_object_set_data_full (G_OBJECT (row), "order-parts", parts, g_free);
  update_order_numbers (self, i, parts);
}

static void
build_order_after (AdjRfView *self,
                   AdjRfItem *item,
                   GtkWidget *row)
{
  guint i = item->index;
  AdjOutcome *outcome = adj_rf_solo_get_outcome (self->solo, i);
  g_autofree char *order = adj_rf_solo_order_text (self->solo, i);
  g_autofree char *die = g_strdup_printf ("%d", adj_outcome_get_value_int (outcome, "die", 0));
  g_autofree char *css = g_strconcat ("rf-", outcome->key, NULL);
  g_autoptr(GString) notes = g_string_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 14);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *die_label = gtk_label_new (die);
  GtkWidget *order_label = inscription_new (order, "rf-order", 48);
  gboolean in_effect = adj_rf_view_order_in_effect (self, i);

  gtk_widget_add_css_class (die_label, "rf-die");
  gtk_widget_add_css_class (die_label, css);
  gtk_widget_set_valign (die_label, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (die_label, _("The reaction die"));
  gtk_box_append (GTK_BOX (box), die_label);

  gtk_box_append (GTK_BOX (text), order_label);
  for (guint l = 0; l < outcome->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);

      if (line->kind != ADJ_EXPLAIN_NOTE)
        continue;
      if (notes->len > 0)
        g_string_append_c (notes, '\n');
      g_string_append (notes, line->label);
    }
  if (notes->len > 0)
    gtk_box_append (GTK_BOX (text), inscription_new (notes->str, "dim-label", 70));
  if (!in_effect)
    {
      gtk_box_append (GTK_BOX (text), label_new (_("Undone: this order no longer stands"),
                                                 "heading"));
      gtk_widget_add_css_class (row, "undone");
    }
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (row), box);
}

/* ---- marker and heading rows ---- */

static void
on_spotted_clicked (GtkButton *button,
                    AdjRfView *self)
{
  g_autofree char *marker = g_strdup (g_object_get_data (G_OBJECT (button), "marker"));
  g_autoptr(GError) error = NULL;

  if (!adj_rf_view_spot (self, marker, NULL, &error))
    report (self, error);
}

static void
build_marker (AdjRfView *self,
              AdjRfItem *item,
              GtkWidget *row)
{
  AdjUnit *unit = adj_battle_find_unit (self->battle, item->id);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name ("mark-location-symbolic");
  GtkWidget *spotted = gtk_button_new_with_mnemonic (_("_Spotted"));
  g_autofree char *tip = NULL;

  gtk_image_set_pixel_size (GTK_IMAGE (icon), 24);
  gtk_widget_add_css_class (icon, "dim-label");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (text), label_new (unit != NULL ? adj_unit_get_name (unit) : item->id,
                                             "unit-name"));
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), text);

  tip = g_strdup_printf (_("One of your figures sees the marker at “%s”: reveal what is there"),
                         unit != NULL ? adj_unit_get_name (unit) : item->id);
  gtk_widget_set_tooltip_text (spotted, tip);
  gtk_widget_set_valign (spotted, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (spotted, "pill");
  g_object_set_data_full (G_OBJECT (spotted), "marker", g_strdup (item->id), g_free);
  g_signal_connect (spotted, "clicked", G_CALLBACK (on_spotted_clicked), self);
  gtk_box_append (GTK_BOX (box), spotted);
  gtk_box_append (GTK_BOX (row), box);
  gtk_widget_add_css_class (row, "rf-marker");
}

static void
build_heading (AdjRfView *self,
               AdjRfItem *item,
               GtkWidget *row)
{
  GListModel *model = G_LIST_MODEL (self->items);
  guint n = 0;
  g_autofree char *title = NULL;
  g_autofree char *detail = NULL;

  for (guint k = 0; k < g_list_model_get_n_items (model); k++)
    {
      g_autoptr(AdjRfItem) other = g_list_model_get_item (model, k);
      n += other->kind == (g_str_equal (item->id, "markers") ? ITEM_MARKER : ITEM_ORDER);
    }
  if (g_str_equal (item->id, "markers"))
    {
      title = g_strdup (_("Hidden Markers"));
      detail = g_strdup_printf (ngettext ("%u marker not yet spotted. Report one spotted as soon "
                                          "as a figure of yours can see it.",
                                          "%u markers not yet spotted. Report one spotted as "
                                          "soon as a figure of yours can see it.", n), n);
    }
  else
    {
      title = g_strdup (_("Enemy Groups"));
      if (adj_rf_solo_is_rolled (self->solo))
        detail = g_strdup (_("Carry out each order on the table, from the top down"));
      else
        detail = g_strdup (_("Switch on what each group can see on the table; the chances "
                             "below follow"));
    }
  gtk_box_append (GTK_BOX (row), label_new (title, "heading"));
  gtk_box_append (GTK_BOX (row), inscription_new (detail, "dim-label", 90));
  gtk_widget_add_css_class (row, "rf-heading");
}

static void
build_row (AdjRfView *self,
           AdjRfItem *item,
           GtkWidget *row)
{
  clear_box (row);
  g_object_set_data (G_OBJECT (row), "order-parts", NULL);
  gtk_widget_remove_css_class (row, "undone");
  gtk_widget_remove_css_class (row, "rf-heading");
  gtk_widget_remove_css_class (row, "rf-marker");
  switch (item->kind)
    {
    case ITEM_HEADING:
      build_heading (self, item, row);
      break;
    case ITEM_MARKER:
      build_marker (self, item, row);
      break;
    case ITEM_ORDER:
    default:
      if (adj_rf_solo_is_rolled (self->solo))
        build_order_after (self, item, row);
      else
        build_order_before (self, item, row);
      break;
    }
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_widget_add_css_class (row, "rf-row");
  gtk_list_item_set_child (list_item, row);
  gtk_list_item_set_activatable (list_item, FALSE);
  gtk_list_item_set_selectable (list_item, FALSE);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          AdjRfView                *self)
{
  AdjRfItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *row = gtk_list_item_get_child (list_item);

  item->row = row;
  build_row (self, item, row);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  AdjRfItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *row = gtk_list_item_get_child (list_item);

  if (item->row == row)
    item->row = NULL;
  clear_box (row);
  g_object_set_data (G_OBJECT (row), "order-parts", NULL);
}

/* ---- keeping up with the battle ---- */

static void
refresh_rows (AdjRfView *self)
{
  GListModel *model = G_LIST_MODEL (self->items);

  for (guint k = 0; k < g_list_model_get_n_items (model); k++)
    {
      g_autoptr(AdjRfItem) item = g_list_model_get_item (model, k);
      if (item->row != NULL)
        build_row (self, item, item->row);
    }
}

static void
update_status (AdjRfView *self)
{
  guint n = self->solo != NULL ? adj_rf_solo_get_n_orders (self->solo) : 0;
  gboolean rolled = adj_rf_view_is_rolled (self);
  g_autofree char *status = NULL;
  g_autoptr(GError) refused = NULL;
  gboolean allowed = TRUE;

  if (self->solo != NULL && !rolled && n > 0)
    allowed = adj_rf_solo_check (self->solo, &refused);
  if (self->solo == NULL)
    status = g_strdup (self->no_solo);
  else if (rolled)
    {
      guint undone = 0;

      for (guint i = 0; i < n; i++)
        undone += !adj_rf_view_order_in_effect (self, i);
      if (undone == 0)
        status = g_strdup_printf (ngettext ("%u order for turn %d. When it is carried out, go on "
                                            "to the next step.",
                                            "%u orders for turn %d. When they are carried out, "
                                            "go on to the next step.", n),
                                  n, adj_battle_get_turn (self->battle));
      else
        status = g_strdup_printf (ngettext ("%u of %u order is undone.",
                                            "%u of %u orders are undone.", n), undone, n);
    }
  else if (n == 0)
    status = g_strdup (_("No enemy group reacts now: every group of the enemy is under command, "
                         "hidden, or out of the fight."));
  /* Said before any click: rolling anyway is the referee's ruling, asked for at the roll. */
  else if (!allowed)
    status = g_strdup_printf (_("%s. Rolling again is your ruling."), refused->message);
  else
    status = g_strdup_printf (ngettext ("%u enemy group reacts. Set what it can see, then roll "
                                        "or enter the die.",
                                        "%u enemy groups react. Set what each can see, then roll "
                                        "for all or enter the dice.", n), n);
  gtk_label_set_text (self->status_label, status);
  gtk_widget_set_visible (GTK_WIDGET (self->roll_button), !rolled);
  gtk_widget_set_visible (GTK_WIDGET (self->dice_button), !rolled);
  gtk_widget_set_visible (GTK_WIDGET (self->new_button), rolled);
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_button), n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->dice_button), n > 0);
  if (allowed)
    gtk_widget_add_css_class (GTK_WIDGET (self->roll_button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->roll_button), "suggested-action");
}

/* The items the list should hold now: the orders of the step, then the markers. */
static GPtrArray *
wanted_items (AdjRfView *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (self->battle);
  guint n = self->solo != NULL ? adj_rf_solo_get_n_orders (self->solo) : 0;

  if (n > 0)
    g_ptr_array_add (out, item_new (ITEM_HEADING, 0, "orders"));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (out, item_new (ITEM_ORDER, i, adj_rf_solo_get_unit_id (self->solo, i)));
  if (markers->len > 0)
    g_ptr_array_add (out, item_new (ITEM_HEADING, 0, "markers"));
  for (guint k = 0; k < markers->len; k++)
    g_ptr_array_add (out, item_new (ITEM_MARKER, k, g_ptr_array_index (markers, k)));
  return out;
}

/* Replace the items only when they differ, so the rows on screen (and the switch a player
 * is using) stay where they are when only values changed. */
static void
sync_items (AdjRfView *self)
{
  g_autoptr(GPtrArray) wanted = wanted_items (self);
  GListModel *model = G_LIST_MODEL (self->items);
  gboolean same = g_list_model_get_n_items (model) == wanted->len;

  for (guint k = 0; same && k < wanted->len; k++)
    {
      g_autoptr(AdjRfItem) have = g_list_model_get_item (model, k);
      AdjRfItem *want = g_ptr_array_index (wanted, k);

      same = have->kind == want->kind && have->index == want->index &&
             g_strcmp0 (have->id, want->id) == 0;
    }
  if (same)
    refresh_rows (self);
  else
    g_list_store_splice (self->items, 0, g_list_model_get_n_items (model), wanted->pdata,
                         wanted->len);
  update_status (self);
}

static void
remember_switches (AdjRfView *self)
{
  if (self->solo == NULL || adj_rf_solo_is_rolled (self->solo))
    return;
  for (guint i = 0; i < adj_rf_solo_get_n_orders (self->solo); i++)
    {
      g_autoptr(GArray) switches = adj_rf_solo_get_switches (self->solo, i);
      AdjInputs *inputs = adj_rf_solo_get_inputs (self->solo, i);

      for (guint k = 0; k < switches->len; k++)
        {
          const char *input = g_array_index (switches, AdjRfSwitch, k).input;
          g_hash_table_insert (self->switches,
                               switch_key (adj_rf_solo_get_unit_id (self->solo, i), input),
                               GINT_TO_POINTER (adj_inputs_get_bool (inputs, input)));
        }
    }
}

/* A new step from the battle as it is, keeping what the players set for the same groups. */
static void
prepare_step (AdjRfView *self)
{
  g_autoptr(GError) error = NULL;

  remember_switches (self);
  g_clear_pointer (&self->solo, adj_rf_solo_free);
  g_clear_pointer (&self->no_solo, g_free);
  g_clear_pointer (&self->seqs, g_array_unref);
  self->solo = adj_rf_solo_new (self->battle, &error);
  if (self->solo == NULL)
    {
      self->no_solo = g_strdup (error->message);
      sync_items (self);
      return;
    }
  for (guint i = 0; i < adj_rf_solo_get_n_orders (self->solo); i++)
    {
      g_autoptr(GArray) switches = adj_rf_solo_get_switches (self->solo, i);
      AdjInputs *inputs = adj_rf_solo_get_inputs (self->solo, i);

      for (guint k = 0; k < switches->len; k++)
        {
          const char *input = g_array_index (switches, AdjRfSwitch, k).input;
          g_autofree char *key = switch_key (adj_rf_solo_get_unit_id (self->solo, i), input);
          gpointer value;

          if (g_hash_table_lookup_extended (self->switches, key, NULL, &value))
            adj_inputs_set_bool (inputs, input, GPOINTER_TO_INT (value), NULL);
        }
    }
  sync_items (self);
}

static void
on_battle_changed (AdjBattle *battle,
                   AdjRfView *self)
{
  if (self->applying)
    return;
  /* Before the roll the step follows the battle; after it, the orders stand as rolled and
   * only say whether they were undone. */
  if (adj_rf_view_is_rolled (self))
    sync_items (self);
  else
    prepare_step (self);
}

/* ---- entering dice ---- */

static void
on_dice_response (AdwMessageDialog *dialog,
                  const char       *response,
                  GtkEditable      *entry)
{
  AdjRfView *self = g_object_get_data (G_OBJECT (dialog), "view");
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "roll"))
    return;
  if (!adj_rf_view_roll (self, gtk_editable_get_text (entry), &error))
    report (self, error);
}

static void
on_dice_clicked (AdjRfView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  guint n = self->solo != NULL ? adj_rf_solo_get_n_orders (self->solo) : 0;
  GtkWidget *dialog, *entry;

  if (n == 0)
    return;
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Enter the Dice"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  ngettext ("Type the D6 rolled for the group that reacts.",
                                            "Type the D6 rolled for each of the %u groups, in "
                                            "the order they are listed, such as 5 2 6.", n), n);
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Dice, e.g. 5 2 6"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Dice"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "roll", _("_Give the Orders"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "roll",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "roll");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "view", g_object_ref (self), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (on_dice_response), entry);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_roll_clicked (AdjRfView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rf_view_roll (self, NULL, &error))
    report (self, error);
}

static void
on_new_clicked (AdjRfView *self)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rf_view_next_step (self, &error))
    report (self, error);
}

/* ---- hiding groups ---- */

typedef struct {
  AdjRfView *view;
  char      *side;
  GPtrArray *groups;      /* unit ids, parallel to checks */
  GPtrArray *checks;      /* GtkCheckButton */
  GPtrArray *entries;     /* AdwEntryRow, one per marker wanted */
  GPtrArray *texts;       /* what was typed, kept when rows come and go */
  AdwPreferencesGroup *places;
  AdwMessageDialog *dialog;
} Deploy;

static void
deploy_free (gpointer  data,
             GClosure *closure)
{
  Deploy *d = data;

  g_object_unref (d->view);
  g_free (d->side);
  g_ptr_array_unref (d->groups);
  g_ptr_array_unref (d->checks);
  g_ptr_array_unref (d->entries);
  g_ptr_array_unref (d->texts);
  g_free (d);
}

static guint
deploy_n_checked (Deploy *d)
{
  guint n = 0;

  for (guint k = 0; k < d->checks->len; k++)
    n += gtk_check_button_get_active (g_ptr_array_index (d->checks, k));
  return n;
}

static void
deploy_validate (Deploy *d)
{
  guint n = deploy_n_checked (d);
  gboolean ok = n > 0;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint k = 0; ok && k < d->entries->len; k++)
    {
      g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (
        g_ptr_array_index (d->entries, k))));

      ok = text[0] != '\0' && !g_hash_table_contains (seen, text);
      g_hash_table_add (seen, g_steal_pointer (&text));
    }
  adw_message_dialog_set_response_enabled (d->dialog, "hide", ok);
}

static void
on_place_changed (GtkEditable *entry,
                  Deploy      *d)
{
  guint k;

  if (g_ptr_array_find (d->entries, entry, &k))
    {
      g_free (g_ptr_array_index (d->texts, k));
      g_ptr_array_index (d->texts, k) = g_strdup (gtk_editable_get_text (entry));
    }
  deploy_validate (d);
}

/* As many places as markers: the groups and their dummies. */
static void
deploy_update_places (Deploy *d)
{
  guint n = deploy_n_checked (d);
  guint wanted = n > 0 ? n + adj_rf_dummy_count (n) : 0;
  g_autofree char *description = NULL;

  while (d->entries->len > wanted)
    {
      adw_preferences_group_remove (d->places, g_ptr_array_index (d->entries, d->entries->len - 1));
      g_ptr_array_remove_index (d->entries, d->entries->len - 1);
    }
  while (d->entries->len < wanted)
    {
      GtkWidget *row = adw_entry_row_new ();
      guint k = d->entries->len;
      g_autofree char *title = g_strdup_printf (_("Marker %u stands at"), k + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      while (d->texts->len <= k)
        g_ptr_array_add (d->texts, g_strdup (""));
      gtk_editable_set_text (GTK_EDITABLE (row), g_ptr_array_index (d->texts, k));
      g_signal_connect (row, "changed", G_CALLBACK (on_place_changed), d);
      adw_preferences_group_add (d->places, row);
      g_ptr_array_add (d->entries, row);
    }
  if (n > 0)
    description = g_strdup_printf (ngettext ("%u group and %u dummy: name a place for each of the "
                                             "%u markers, such as “wood edge A”.",
                                             "%u groups and %u dummies: name a place for each of "
                                             "the %u markers, such as “wood edge A”.", n),
                                   n, adj_rf_dummy_count (n), wanted);
  else
    description = g_strdup (_("Pick at least one group first."));
  adw_preferences_group_set_description (d->places, description);
  deploy_validate (d);
}

static void
on_group_toggled (GtkCheckButton *check,
                  Deploy         *d)
{
  deploy_update_places (d);
}

static void
on_deploy_response (AdwMessageDialog *dialog,
                    const char       *response,
                    Deploy           *d)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "hide"))
    return;
  for (guint k = 0; k < d->checks->len; k++)
    if (gtk_check_button_get_active (g_ptr_array_index (d->checks, k)))
      g_ptr_array_add (groups, g_ptr_array_index (d->groups, k));
  g_ptr_array_add (groups, NULL);
  for (guint k = 0; k < d->entries->len; k++)
    g_ptr_array_add (labels, g_strstrip (g_strdup (gtk_editable_get_text (
      g_ptr_array_index (d->entries, k)))));
  g_ptr_array_add (labels, NULL);
  if (!adj_rf_view_deploy (d->view, d->side, (const char * const *) groups->pdata,
                           (const char * const *) labels->pdata, &error))
    report (d->view, error);
}

static void
on_hide_clicked (AdjRfView *self)
{
  adj_rf_view_show_deploy (self);
}

/* ---- life cycle ---- */

static void
adj_rf_view_dispose (GObject *object)
{
  AdjRfView *self = ADJ_RF_VIEW (object);
  GtkWidget *child;

  if (self->list_view != NULL)
    gtk_list_view_set_model (self->list_view, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_RF_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->items);
  g_clear_pointer (&self->solo, adj_rf_solo_free);
  G_OBJECT_CLASS (adj_rf_view_parent_class)->dispose (object);
}

static void
adj_rf_view_finalize (GObject *object)
{
  AdjRfView *self = ADJ_RF_VIEW (object);

  g_free (self->no_solo);
  g_clear_pointer (&self->seqs, g_array_unref);
  g_hash_table_unref (self->switches);
  G_OBJECT_CLASS (adj_rf_view_parent_class)->finalize (object);
}

static void
adj_rf_view_constructed (GObject *object)
{
  AdjRfView *self = ADJ_RF_VIEW (object);

  G_OBJECT_CLASS (adj_rf_view_parent_class)->constructed (object);
  self->battle = adj_system_page_get_battle (ADJ_SYSTEM_PAGE (self));
  g_signal_connect_object (self->battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  prepare_step (self);
}

static void
adj_rf_view_class_init (AdjRfViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = adj_rf_view_constructed;
  object_class->dispose = adj_rf_view_dispose;
  object_class->finalize = adj_rf_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-rf-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, hide_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, dice_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, roll_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, new_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, status_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, spotted_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjRfView, list_view);
  gtk_widget_class_bind_template_callback (widget_class, on_hide_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_dice_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_roll_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_new_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  adj_system_page_class_set_page (ADJ_SYSTEM_PAGE_CLASS (klass), "rf", "enemy", N_("_Enemy"),
                                  "emoji-people-symbolic");
}

static void
adj_rf_view_init (AdjRfView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->switches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->items = g_list_store_new (ADJ_TYPE_RF_ITEM);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), NULL);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->items)));
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  g_object_unref (factory);
}

/* ---- public ---- */

AdjRfSolo *
adj_rf_view_get_solo (AdjRfView *self)
{
  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), NULL);
  return self->solo;
}

guint
adj_rf_view_get_n_orders (AdjRfView *self)
{
  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), 0);
  return self->solo != NULL ? adj_rf_solo_get_n_orders (self->solo) : 0;
}

gboolean
adj_rf_view_is_rolled (AdjRfView *self)
{
  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);
  return self->solo != NULL && self->seqs != NULL;
}

gboolean
adj_rf_view_set_switch (AdjRfView   *self,
                        guint        i,
                        const char  *input,
                        gboolean     value,
                        GError     **error)
{
  GListModel *model;

  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);
  g_return_val_if_fail (input != NULL, FALSE);

  if (self->solo == NULL || i >= adj_rf_solo_get_n_orders (self->solo))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("No such group reacts now"));
      return FALSE;
    }
  if (adj_rf_view_is_rolled (self))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The dice are rolled: what the groups could see counts no more"));
      return FALSE;
    }
  if (!adj_inputs_set_bool (adj_rf_solo_get_inputs (self->solo, i), input, value, error))
    return FALSE;
  g_hash_table_insert (self->switches, switch_key (adj_rf_solo_get_unit_id (self->solo, i), input),
                       GINT_TO_POINTER (value));

  /* Only this group's numbers change: its row is updated where it stands. */
  model = G_LIST_MODEL (self->items);
  for (guint k = 0; k < g_list_model_get_n_items (model); k++)
    {
      g_autoptr(AdjRfItem) item = g_list_model_get_item (model, k);
      OrderParts *parts;

      if (item->kind != ITEM_ORDER || item->index != i || item->row == NULL)
        continue;
      parts = g_object_get_data (G_OBJECT (item->row), "order-parts");
      if (parts != NULL)
        update_order_numbers (self, i, parts);
      for (GtkWidget *grid = gtk_widget_get_first_child (item->row); grid != NULL;
           grid = gtk_widget_get_next_sibling (grid))
        for (GtkWidget *button = gtk_widget_get_first_child (grid); button != NULL;
             button = gtk_widget_get_next_sibling (button))
          {
            /* A switch set from elsewhere than its button shows the value too. */
            if (GTK_IS_TOGGLE_BUTTON (button) &&
                g_strcmp0 (g_object_get_data (G_OBJECT (button), "input"), input) == 0 &&
                gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)) != value)
              {
                g_signal_handlers_block_by_func (button, on_switch_toggled, self);
                gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), value);
                g_signal_handlers_unblock_by_func (button, on_switch_toggled, self);
              }
          }
    }
  return TRUE;
}

/* "5 2 6", "5,2,6": one die each, 1 to 6. */
static GArray *
parse_dice (const char  *text,
            GError     **error)
{
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(GStrv) words = g_regex_split_simple ("[\\s,;]+", text, 0, 0);

  for (guint k = 0; words[k] != NULL; k++)
    {
      char *end = NULL;
      long v;
      int die;

      if (words[k][0] == '\0')
        continue;
      v = strtol (words[k], &end, 10);
      if (end == words[k] || *end != '\0' || v < 1 || v > 6)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("“%s” is not a D6: type numbers from 1 to 6, such as 5 2 6"), words[k]);
          return NULL;
        }
      die = (int) v;
      g_array_append_val (dice, die);
    }
  return g_steal_pointer (&dice);
}

static gboolean roll_with (AdjRfView   *self,
                           const char  *dice,
                           gboolean     allow,
                           GError     **error);

/* A step the rules refuse, held while the referee decides. */
typedef struct {
  AdjRfView *self;
  char      *dice;
} Refused;

static void
refused_free (gpointer data)
{
  Refused *r = data;

  g_object_unref (r->self);
  g_free (r->dice);
  g_free (r);
}

static void
on_refused_allowed (gpointer data)
{
  Refused *r = data;
  g_autoptr(GError) error = NULL;

  if (!roll_with (r->self, r->dice, TRUE, &error))
    report (r->self, error);
}

/* Roll for every group and journal the orders; what the rules refuse goes to the referee
 * unless @allow. */
static gboolean
roll_with (AdjRfView   *self,
           const char  *dice,
           gboolean     allow,
           GError     **error)
{
  g_autoptr(GArray) entered = NULL;
  g_autoptr(GError) refused = NULL;
  g_autoptr(GError) save_error = NULL;
  g_autofree char *autosave = NULL;
  AdjJournal *journal;
  guint before;
  gboolean ok;

  if (self->solo == NULL)
    {
      g_set_error_literal (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, self->no_solo);
      return FALSE;
    }
  if (adj_rf_view_is_rolled (self))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("The enemy has its orders already: go on to the next step first"));
      return FALSE;
    }
  if (adj_rf_solo_get_n_orders (self->solo) == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOTHING_TO_DO, _("No enemy group reacts now"));
      return FALSE;
    }
  if (dice != NULL && (entered = parse_dice (dice, error)) == NULL)
    return FALSE;
  /* The enemy reacts once a turn: a second time is the referee's ruling. */
  if (!allow && !adj_rf_solo_check (self->solo, &refused))
    {
      Refused *r = g_new0 (Refused, 1);

      r->self = g_object_ref (self);
      r->dice = g_strdup (dice);
      adj_ask_ruling (GTK_WIDGET (self), refused->message, on_refused_allowed, r, refused_free);
      return TRUE;
    }
  if (!adj_rf_solo_roll (self->solo, entered != NULL ? NULL : adj_battle_get_rng (self->battle),
                         entered != NULL ? (const int *) (gpointer) entered->data : NULL,
                         entered != NULL ? entered->len : 0, error))
    return FALSE;

  /* Each order becomes a journal entry: remember which, to tell when one is undone. */
  journal = adj_battle_get_journal (self->battle);
  before = journal->position;
  /* One autosave for the whole step, not one per order: a hundred groups would write the
   * battle a hundred times. */
  autosave = g_strdup (adj_battle_get_autosave_path (self->battle));
  adj_battle_set_autosave_path (self->battle, NULL);
  self->applying = TRUE;
  ok = adj_rf_solo_apply (self->solo, allow, error);
  self->applying = FALSE;
  adj_battle_set_autosave_path (self->battle, autosave);
  if (autosave != NULL && !adj_battle_autosave (self->battle, &save_error))
    {
      g_autofree char *text = g_strdup_printf (_("Autosave failed: %s"), save_error->message);
      adj_system_page_report (ADJ_SYSTEM_PAGE (self), text);
    }
  self->seqs = g_array_new (FALSE, TRUE, sizeof (guint));
  for (guint k = before; k < journal->position; k++)
    {
      guint seq = adj_journal_get_entry (journal, k)->seq;
      g_array_append_val (self->seqs, seq);
    }
  sync_items (self);
  return ok;
}

gboolean
adj_rf_view_roll (AdjRfView   *self,
                  const char  *dice,
                  GError     **error)
{
  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);
  return roll_with (self, dice, FALSE, error);
}

gboolean
adj_rf_view_order_in_effect (AdjRfView *self,
                             guint      i)
{
  AdjJournal *journal;
  guint seq;

  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);

  if (self->seqs == NULL || i >= self->seqs->len)
    return FALSE;
  seq = g_array_index (self->seqs, guint, i);
  journal = adj_battle_get_journal (self->battle);
  /* Entries are in the order they were made: look back from the newest in effect. */
  for (guint k = journal->position; k > 0; k--)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, k - 1);

      if (entry->seq == seq)
        return TRUE;
      if (entry->seq < seq)
        break;
    }
  return FALSE;
}

gboolean
adj_rf_view_next_step (AdjRfView  *self,
                       GError    **error)
{
  gboolean rolled;

  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);

  rolled = adj_rf_view_is_rolled (self);
  gtk_widget_set_visible (GTK_WIDGET (self->spotted_label), FALSE);
  /* The enemy has reacted: the turn goes on to its next phase, a journal entry of its own. */
  if (rolled && !adj_battle_next_phase (self->battle, error))
    return FALSE;
  prepare_step (self);
  return TRUE;
}

gboolean
adj_rf_view_deploy (AdjRfView          *self,
                    const char         *side,
                    const char * const *groups,
                    const char * const *labels,
                    GError            **error)
{
  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);
  return adj_rf_deploy_hidden (self->battle, side, groups, labels, error);
}

gboolean
adj_rf_view_spot (AdjRfView   *self,
                  const char  *marker,
                  char       **group,
                  GError     **error)
{
  g_autofree char *found = NULL;
  AdjJournal *journal;

  g_return_val_if_fail (ADJ_IS_RF_VIEW (self), FALSE);
  g_return_val_if_fail (marker != NULL, FALSE);

  if (!adj_rf_reveal_marker (self->battle, marker, &found, error))
    return FALSE;
  /* The journal's line says what was there and where to set it down. */
  journal = adj_battle_get_journal (self->battle);
  gtk_label_set_text (self->spotted_label,
                      adj_journal_get_entry (journal, journal->position - 1)->summary);
  gtk_widget_set_visible (GTK_WIDGET (self->spotted_label), TRUE);
  if (group != NULL)
    *group = g_steal_pointer (&found);
  return TRUE;
}

void
adj_rf_view_show_deploy (AdjRfView *self)
{
  GtkRoot *root;
  GListModel *units;
  GtkWidget *dialog, *box, *scroller, *groups_group;
  Deploy *d;

  g_return_if_fail (ADJ_IS_RF_VIEW (self));

  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Hide Enemy Groups"),
                                   _("Pick the groups that start hidden and say where each "
                                     "marker stands. Adjutant adds one dummy for every two "
                                     "groups and keeps to itself which marker is which."));
  d = g_new0 (Deploy, 1);
  d->view = g_object_ref (self);
  d->groups = g_ptr_array_new_with_free_func (g_free);
  d->checks = g_ptr_array_new ();
  d->entries = g_ptr_array_new ();
  d->texts = g_ptr_array_new_with_free_func (g_free);
  d->dialog = ADW_MESSAGE_DIALOG (dialog);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  groups_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (groups_group), _("Groups"));
  gtk_box_append (GTK_BOX (box), groups_group);
  d->places = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (d->places, _("Markers"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (d->places));

  /* The groups of the side Adjutant runs that are on the table. */
  units = adj_battle_get_units (self->battle);
  for (guint k = 0; k < g_list_model_get_n_items (units); k++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, k);
      const AdjUnitType *type = adj_battle_unit_type (self->battle, unit);
      const char *side = adj_unit_get_side (unit);
      GtkWidget *row, *check;

      /* The dialog hides groups of one side: the first that has any. */
      if (!adj_rf_group_may_hide (self->battle, unit) ||
          (d->side != NULL && !g_str_equal (d->side, side)))
        continue;
      if (d->side == NULL)
        d->side = g_strdup (side);
      row = adw_action_row_new ();
      check = gtk_check_button_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_unit_get_name (unit));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), adj_gettext (type->label));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect (check, "toggled", G_CALLBACK (on_group_toggled), d);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (groups_group), row);
      g_ptr_array_add (d->groups, g_strdup (adj_unit_get_id (unit)));
      g_ptr_array_add (d->checks, check);
    }
  if (d->groups->len == 0)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (groups_group),
                                           _("No group of a side run by Adjutant is on the table "
                                             "to hide."));

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 380);
  gtk_widget_set_size_request (scroller, 420, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "hide", _("_Hide Them"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "hide",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_deploy_response), d,
                         deploy_free, 0);
  deploy_update_places (d);
  gtk_window_present (GTK_WINDOW (dialog));
}
