/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-widgets.h: small helpers shared by Adjutant's widgets. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void adj_wrap_at_words (GtkWidget *widget);

G_END_DECLS
