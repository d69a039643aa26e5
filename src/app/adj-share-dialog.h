/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-share-dialog.h: sharing the table with the players' phones — the battle window's toggle
 * "share.active", and the small window that shows the address and its QR code while the server
 * runs. */

#pragma once

#include <adwaita.h>

#include "adj-battle-window.h"
#include "adj-share-server.h"

G_BEGIN_DECLS

#define ADJ_TYPE_SHARE_DIALOG (adj_share_dialog_get_type ())

G_DECLARE_FINAL_TYPE (AdjShareDialog, adj_share_dialog, ADJ, SHARE_DIALOG, AdwWindow)

/* Give @window the action "share.active" (a toggle): on, it starts serving the window's battle
 * and shows the address; off, it stops. */
void            adj_share_dialog_install    (AdjBattleWindow *window);
/* Stop sharing, if @window shares (its battle changes, or it closes). */
void            adj_share_dialog_stop       (AdjBattleWindow *window);
/* The window showing the address while @window shares, or NULL. */
AdjShareDialog *adj_share_dialog_get        (AdjBattleWindow *window);
AdjShareServer *adj_share_dialog_get_server (AdjShareDialog  *self);

G_END_DECLS
