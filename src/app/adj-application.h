/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-application.h: the Adjutant application — actions, settings, opening battles. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_APPLICATION (adj_application_get_type ())

G_DECLARE_FINAL_TYPE (AdjApplication, adj_application, ADJ, APPLICATION, AdwApplication)

AdjApplication *adj_application_new          (GApplicationFlags  extra_flags);
GSettings      *adj_application_get_settings (AdjApplication    *self);
/* The bundled demo battle's file. */
GFile          *adj_application_demo_file    (void);
void            adj_application_remember_recent (AdjApplication *self,
                                                 GFile          *file);
/* Show @battle in a window (an empty one when there is one); @file may be NULL. */
void            adj_application_show_battle  (AdjApplication *self,
                                              AdjBattle      *battle,
                                              GFile          *file);
/* Offer to restore the battles an earlier run left in the autosave folder. */
void            adj_application_offer_restore (AdjApplication *self);
/* The New Battle dialog, for @ruleset_id (NULL: the last used) and with @army_list (may be
 * NULL) on the first side. */
GtkWidget      *adj_application_new_battle_dialog (AdjApplication *self,
                                                   GtkWindow      *parent,
                                                   const char     *ruleset_id,
                                                   GFile          *army_list);

G_END_DECLS
