/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cards-page.c: the battle's pack as the players would see it on the table.
 *
 * The page is filled when it is shown, and again on a change only while it is shown: a page
 * in another tab costs nothing, at start-up or during play. */

#define G_LOG_DOMAIN "adj-cards-page"

#include "config.h"

#include "adj-card-view.h"
#include "adj-cards-page.h"
#include "adj-i18n.h"

#define MAX_TURNED_SHOWN 13

struct _AdjCardsPage {
  GtkWidget   parent_instance;

  GtkBox     *pack_box;
  GtkLabel   *count_label;
  GtkLabel   *detail_label;
  GtkLabel   *turned_heading;
  GtkFlowBox *turned_box;
  GtkLabel   *dealt_heading;
  GtkFlowBox *dealt_box;

  AdjBattle  *battle;
  gboolean    stale;        /* changed while not shown */
};

G_DEFINE_FINAL_TYPE (AdjCardsPage, adj_cards_page, GTK_TYPE_WIDGET)

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void
refresh (AdjCardsPage *self)
{
  AdjPack *pack = adj_battle_get_pack (self->battle);
  GListModel *units = adj_battle_get_units (self->battle);
  const AdjCard *turned;
  guint n_turned, n_dealt, left = adj_pack_remaining (pack), shown_dealt = 0;
  g_autofree char *count = NULL;
  g_autofree char *detail = NULL;

  turned = adj_pack_turned (pack, &n_turned);
  adj_pack_dealt (pack, &n_dealt);

  clear_box (GTK_WIDGET (self->pack_box));
  gtk_box_append (self->pack_box, adj_card_view_new (-1, 110));
  count = g_strdup_printf (ngettext ("%u card left", "%u cards left", left), left);
  gtk_label_set_text (self->count_label, count);
  /* TRANSLATORS: under the number of cards left, e.g. "2 turned · 30 dealt · 1 deck" */
  detail = g_strdup_printf (_("%u turned · %u dealt · %s"), n_turned, n_dealt,
                            adj_pack_get_n_decks (pack) > 1 ? _("two decks") : _("one deck"));
  gtk_label_set_text (self->detail_label, detail);

  clear_box (GTK_WIDGET (self->turned_box));
  for (guint i = 0; i < MIN (n_turned, MAX_TURNED_SHOWN); i++)
    gtk_flow_box_append (self->turned_box,
                         adj_card_view_new (turned[n_turned - 1 - i], 96));
  gtk_widget_set_visible (GTK_WIDGET (self->turned_heading), n_turned > 0);

  clear_box (GTK_WIDGET (self->dealt_box));
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      AdjCard card;
      GtkWidget *box, *label;

      if (adj_unit_get_card (unit) == NULL || !adj_card_parse (adj_unit_get_card (unit), &card))
        continue;
      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_box_append (GTK_BOX (box), adj_card_view_new (card, 84));
      label = gtk_label_new (adj_unit_get_name (unit));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (self->dealt_box, box);
      shown_dealt++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->dealt_heading), shown_dealt > 0);
}

static void
refresh_when_shown (AdjCardsPage *self)
{
  self->stale = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (!self->stale)
    refresh (self);
}

static void
on_battle_changed (AdjBattle    *battle,
                   AdjCardsPage *self)
{
  refresh_when_shown (self);
}

static void
adj_cards_page_map (GtkWidget *widget)
{
  AdjCardsPage *self = ADJ_CARDS_PAGE (widget);

  if (self->stale && self->battle != NULL)
    refresh (self);
  self->stale = FALSE;
  GTK_WIDGET_CLASS (adj_cards_page_parent_class)->map (widget);
}

static void
adj_cards_page_dispose (GObject *object)
{
  AdjCardsPage *self = ADJ_CARDS_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_CARDS_PAGE);
  /* The template's top widget is not bound to a field, so it is unparented here. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->battle);
  G_OBJECT_CLASS (adj_cards_page_parent_class)->dispose (object);
}

static void
adj_cards_page_class_init (AdjCardsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_cards_page_dispose;
  widget_class->map = adj_cards_page_map;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-cards-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, pack_box);
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, detail_label);
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, turned_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, turned_box);
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, dealt_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjCardsPage, dealt_box);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
adj_cards_page_init (AdjCardsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
adj_cards_page_new (void)
{
  return g_object_new (ADJ_TYPE_CARDS_PAGE, NULL);
}

void
adj_cards_page_set_battle (AdjCardsPage *self,
                           AdjBattle    *battle)
{
  g_return_if_fail (ADJ_IS_CARDS_PAGE (self));
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  if (self->battle != NULL)
    g_signal_handlers_disconnect_by_data (self->battle, self);
  g_set_object (&self->battle, battle);
  g_signal_connect_object (battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  refresh_when_shown (self);
}
