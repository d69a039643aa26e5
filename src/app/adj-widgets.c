/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-widgets.c: small helpers shared by Adjutant's widgets. */

#include "config.h"

#include "adj-widgets.h"

/* Make every wrapping label of @widget, and of the widgets inside it, wrap between words only.
 *
 * libadwaita's rows wrap their title and subtitle between words and, when a word does not fit,
 * inside it.  GTK first measures a wrapping label as narrow as it will go, and then at several
 * widths while it fits the window around it; each time Pango tries a break after every letter
 * of each word that does not fit, and shapes every piece it tries, with a hyphen.  A form of a
 * dozen rows so shaped a few thousand pieces of text before its first frame.  A row's words fit
 * its width whole, so breaking only between them looks the same and costs a third as much. */
void
adj_wrap_at_words (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (GTK_IS_LABEL (widget) && gtk_label_get_wrap (GTK_LABEL (widget)) &&
      gtk_label_get_wrap_mode (GTK_LABEL (widget)) != PANGO_WRAP_WORD)
    gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    adj_wrap_at_words (child);
}
