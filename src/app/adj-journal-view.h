/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-journal-view.h: the game log — every entry in plain words with its turn and phase. */

#pragma once

#include <gtk/gtk.h>

#include "adj-battle.h"

G_BEGIN_DECLS

#define ADJ_TYPE_JOURNAL_VIEW (adj_journal_view_get_type ())

G_DECLARE_FINAL_TYPE (AdjJournalView, adj_journal_view, ADJ, JOURNAL_VIEW, GtkWidget)

GtkWidget *adj_journal_view_new        (void);
void       adj_journal_view_set_battle (AdjJournalView *self,
                                        AdjBattle      *battle);

G_END_DECLS
