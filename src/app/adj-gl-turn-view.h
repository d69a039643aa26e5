/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-turn-view.h: the Glidden turn — a card turned names the side that acts (red the
 * British, black their enemies), for one unit or for the whole phase, as the battle says. */

#pragma once

#include <adwaita.h>

#include "adj-battle.h"
#include "adj-system-page.h"

G_BEGIN_DECLS

#define ADJ_TYPE_GL_TURN_VIEW (adj_gl_turn_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjGlTurnView, adj_gl_turn_view, ADJ, GL_TURN_VIEW, AdjSystemPage)

/* Turn the next card of the battle's pack (or take @entered, "QH", turned at the table). */
gboolean    adj_gl_turn_view_turn_card   (AdjGlTurnView *self,
                                          const char    *entered,
                                          GError       **error);
/* Whether a card lets a side act with one unit ("unit") or carry out the phase ("phase"). */
gboolean    adj_gl_turn_view_set_governs (AdjGlTurnView *self,
                                          const char    *governs,
                                          GError       **error);
/* What the view says now: the side acting, or that no card is turned yet. */
const char *adj_gl_turn_view_get_headline (AdjGlTurnView *self);
/* The cards turned this turn, in order. */
guint       adj_gl_turn_view_get_n_turned (AdjGlTurnView *self);

G_END_DECLS
