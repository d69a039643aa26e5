/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-system-page.h: the base of the pages a rule system has beyond the generic ones (the
 * Redcoats & Natives turn, the Risk Factor enemy, the Redvers' Reverse dashboard...).
 *
 * A page class says in its class_init which system it belongs to and how its tab reads; the
 * battle window asks adj_system_page_new_for_battle() for the page of the battle it shows.  The
 * page gets its battle as the construct-only "battle" property and sends what the referee
 * should read (why an action could not be done) as the "message" signal.
 */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_SYSTEM_PAGE (adj_system_page_get_type ())

G_DECLARE_DERIVABLE_TYPE (AdjSystemPage, adj_system_page, ADJ, SYSTEM_PAGE, GtkWidget)

struct _AdjSystemPageClass {
  GtkWidgetClass parent_class;

  const char *ruleset_id;  /* the system it belongs to, e.g. "rn" */
  const char *page_name;   /* the view stack's name for the page */
  const char *title;       /* N_(), with a mnemonic */
  const char *icon_name;
};

/* For a subclass's class_init: the system the page belongs to and how its tab reads. */
void        adj_system_page_class_set_page (AdjSystemPageClass *klass,
                                            const char         *ruleset_id,
                                            const char         *page_name,
                                            const char         *title,
                                            const char         *icon_name);
/* The page of @battle's system, or NULL when the system has none.  The page types must have
 * been registered (g_type_ensure) before. */
GtkWidget  *adj_system_page_new_for_battle (AdjBattle          *battle);
AdjBattle  *adj_system_page_get_battle     (AdjSystemPage      *self);
/* Emits "message" with @text. */
void        adj_system_page_report         (AdjSystemPage      *self,
                                            const char         *text);

G_END_DECLS
