/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-ruling-dialog.h: an action the rules forbid now, put to the referee, who may allow it
 * anyway — a ruling the journal then keeps. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"

G_BEGIN_DECLS

/* Called when the referee allows the action, with the data given to adj_ask_ruling(). */
typedef void (*AdjRulingAllowed) (gpointer user_data);

/* Ask, over the window of @widget, whether to go ahead although the rules say @reason;
 * @allowed runs if the referee says yes.  @destroy frees @user_data once the question is
 * answered either way. */
void        adj_ask_ruling          (GtkWidget        *widget,
                                     const char       *reason,
                                     AdjRulingAllowed  allowed,
                                     gpointer          user_data,
                                     GDestroyNotify    destroy);

/* What a turn view runs as a step: @mechanic_id on @battle with @inputs (may be NULL), as
 * adj_battle_run() does.  When the rules forbid it now, the referee is asked
 * (adj_ask_ruling() over @widget) and, if he allows it, it runs then as his ruling.  @done
 * (may be NULL) gets the outcome applied, either way, or, when the step the referee allowed
 * fails after all, NULL and the error (without @done, a system page @widget reports it).
 * FALSE with @error only when the step fails at once for another reason than the rules. */
typedef void (*AdjStepDone) (AdjOutcome   *outcome,
                             const GError *error,
                             gpointer      user_data);

gboolean    adj_run_step_or_ask     (GtkWidget        *widget,
                                     AdjBattle        *battle,
                                     const char       *mechanic_id,
                                     json_object      *inputs,
                                     AdjStepDone       done,
                                     gpointer          user_data,
                                     GError          **error);

G_END_DECLS
