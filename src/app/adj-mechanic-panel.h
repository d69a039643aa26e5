/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-mechanic-panel.h: pick an action, fill its form, see the odds, roll, apply. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"
#include "adj-result-view.h"

G_BEGIN_DECLS

#define ADJ_TYPE_MECHANIC_PANEL (adj_mechanic_panel_get_type ())

G_DECLARE_FINAL_TYPE (AdjMechanicPanel, adj_mechanic_panel, ADJ, MECHANIC_PANEL, GtkWidget)

GtkWidget         *adj_mechanic_panel_new           (void);
void               adj_mechanic_panel_set_battle    (AdjMechanicPanel *self,
                                                     AdjBattle        *battle);
gboolean           adj_mechanic_panel_select        (AdjMechanicPanel *self,
                                                     const char       *mechanic_id);
const AdjMechanic *adj_mechanic_panel_get_mechanic  (AdjMechanicPanel *self);
AdjInputs         *adj_mechanic_panel_get_inputs    (AdjMechanicPanel *self);
/* The form row of an input, to drive it like a user would. */
GtkWidget         *adj_mechanic_panel_get_row       (AdjMechanicPanel *self,
                                                     const char       *input);
/* Put a unit into the first (slot 0) or second (slot 1) unit input of the form. */
void               adj_mechanic_panel_use_unit      (AdjMechanicPanel *self,
                                                     guint             slot,
                                                     const char       *unit_id);
/* Act with @unit_id: it goes in the first unit slot, of the first action that has one when the
 * action shown has none. */
void               adj_mechanic_panel_act_with      (AdjMechanicPanel *self,
                                                     const char       *unit_id);
/* A unit clicked in the list: it fills the active unit slot, and the next slot becomes the
 * active one.  A unit the rules refuse there is put to the referee first. */
void               adj_mechanic_panel_offer_unit    (AdjMechanicPanel *self,
                                                     const char       *unit_id);
/* The active unit slot, counted among the unit slots (G_MAXUINT: the action has none). */
guint              adj_mechanic_panel_get_active_slot (AdjMechanicPanel *self);
void               adj_mechanic_panel_set_active_slot (AdjMechanicPanel *self,
                                                       guint             slot);
/* Why the rules refuse @unit_id in the active slot now, or NULL when they do not. */
const char        *adj_mechanic_panel_judge_unit    (AdjMechanicPanel *self,
                                                     const char       *unit_id);
/* The side whose units the rules take best in the active slot, when they refuse some there;
 * else NULL. */
const char        *adj_mechanic_panel_get_preferred_side (AdjMechanicPanel *self);
/* Open the search over the units of the active slot; FALSE when the action has no unit slot. */
gboolean           adj_mechanic_panel_search_unit   (AdjMechanicPanel *self);
void               adj_mechanic_panel_roll          (AdjMechanicPanel *self);
/* Resolve with dice and cards typed as "6,3,5" and "AS,10H" (either may be NULL). */
gboolean           adj_mechanic_panel_resolve_entered (AdjMechanicPanel *self,
                                                       const char       *dice,
                                                       const char       *cards,
                                                       GError          **error);
void               adj_mechanic_panel_enter_dice    (AdjMechanicPanel *self);
AdjOutcome        *adj_mechanic_panel_get_outcome   (AdjMechanicPanel *self);
gboolean           adj_mechanic_panel_apply         (AdjMechanicPanel *self);
void               adj_mechanic_panel_discard       (AdjMechanicPanel *self);
/* Where the result rolled is shown. */
AdjResultView     *adj_mechanic_panel_get_result_view (AdjMechanicPanel *self);
/* Shown under the bar: the legend's text, for tests. */
char              *adj_mechanic_panel_describe_odds (AdjMechanicPanel *self);
void               adj_mechanic_panel_set_imperial  (AdjMechanicPanel *self,
                                                     gboolean          imperial);
/* Open the editor of a table the players type in; the form is judged again once it is saved. */
GtkWidget         *adj_mechanic_panel_open_table    (AdjMechanicPanel *self,
                                                     const char       *table_id);

G_END_DECLS
