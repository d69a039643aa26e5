/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-system-page.c: the base of a rule system's own pages (see the header). */

#include "config.h"

#include "adj-system-page.h"

typedef struct {
  AdjBattle *battle;
} AdjSystemPagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (AdjSystemPage, adj_system_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BATTLE,
  N_PROPS
};

enum {
  MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
adj_system_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AdjSystemPage *self = ADJ_SYSTEM_PAGE (object);

  switch (prop_id)
    {
    case PROP_BATTLE:
      g_value_set_object (value, adj_system_page_get_battle (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adj_system_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  AdjSystemPage *self = ADJ_SYSTEM_PAGE (object);
  AdjSystemPagePrivate *priv = adj_system_page_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_BATTLE:
      priv->battle = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adj_system_page_dispose (GObject *object)
{
  AdjSystemPage *self = ADJ_SYSTEM_PAGE (object);
  AdjSystemPagePrivate *priv = adj_system_page_get_instance_private (self);

  g_clear_object (&priv->battle);
  G_OBJECT_CLASS (adj_system_page_parent_class)->dispose (object);
}

static void
adj_system_page_class_init (AdjSystemPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = adj_system_page_get_property;
  object_class->set_property = adj_system_page_set_property;
  object_class->dispose = adj_system_page_dispose;

  properties[PROP_BATTLE] =
    g_param_spec_object ("battle", NULL, NULL, ADJ_TYPE_BATTLE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AdjSystemPage::message:
   * @text: something the referee should read (why an action could not be done)
   */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
adj_system_page_init (AdjSystemPage *self)
{
}

void
adj_system_page_class_set_page (AdjSystemPageClass *klass,
                                const char         *ruleset_id,
                                const char         *page_name,
                                const char         *title,
                                const char         *icon_name)
{
  klass->ruleset_id = ruleset_id;
  klass->page_name = page_name;
  klass->title = title;
  klass->icon_name = icon_name;
}

GtkWidget *
adj_system_page_new_for_battle (AdjBattle *battle)
{
  const char *id;
  g_autofree GType *types = NULL;
  guint n_types = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  id = adj_ruleset_get_id (adj_battle_get_ruleset (battle));
  types = g_type_children (ADJ_TYPE_SYSTEM_PAGE, &n_types);
  for (guint i = 0; i < n_types; i++)
    {
      AdjSystemPageClass *klass = g_type_class_ref (types[i]);
      gboolean ours = g_strcmp0 (klass->ruleset_id, id) == 0;

      g_type_class_unref (klass);
      if (ours)
        return g_object_new (types[i], "battle", battle, NULL);
    }
  return NULL;
}

AdjBattle *
adj_system_page_get_battle (AdjSystemPage *self)
{
  AdjSystemPagePrivate *priv;

  g_return_val_if_fail (ADJ_IS_SYSTEM_PAGE (self), NULL);

  priv = adj_system_page_get_instance_private (self);
  return priv->battle;
}

void
adj_system_page_report (AdjSystemPage *self,
                        const char    *text)
{
  g_return_if_fail (ADJ_IS_SYSTEM_PAGE (self));
  g_signal_emit (self, signals[MESSAGE], 0, text);
}
