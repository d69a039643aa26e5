/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-share-dialog.c: the address the players' phones open, as text and as a QR code.
 *
 * The window owns the server: it starts it when made and stops it when destroyed.  Closing it
 * only hides it, and sharing goes on; "Stop Sharing" (or the menu's toggle) ends both.
 */

#define G_LOG_DOMAIN "adj-share-dialog"

#include "config.h"

#include "adj-i18n.h"
#ifdef HAVE_QRENCODE
#include <qrencode.h>
#endif

#include "adj-share-dialog.h"

/* The port tried first, so that a phone finds the same one evening after evening; any free one
 * when it is taken. */
#define SHARE_PORT   8765
/* A QR code wants a margin of four blank modules around it. */
#define QUIET_ZONE   4
#define QR_SIZE      280

struct _AdjShareDialog {
  AdwWindow       parent_instance;

  AdjShareServer *server;
#ifdef HAVE_QRENCODE
  QRcode         *qr;
#endif
  GtkWidget      *url_label;
  GtkWidget      *note;
  GtkWidget      *code;
};

G_DEFINE_FINAL_TYPE (AdjShareDialog, adj_share_dialog, ADW_TYPE_WINDOW)

#ifdef HAVE_QRENCODE
static void
draw_code (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  AdjShareDialog *self = data;
  int modules, size;
  double scale, x0, y0;

  if (self->qr == NULL)
    return;
  modules = self->qr->width + 2 * QUIET_ZONE;
  size = MIN (width, height);
  /* Whole pixels per module, so that a phone's camera sees sharp edges. */
  scale = MAX (1, size / modules);
  x0 = (width - scale * modules) / 2.0;
  y0 = (height - scale * modules) / 2.0;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x0, y0, scale * modules, scale * modules);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int y = 0; y < self->qr->width; y++)
    for (int x = 0; x < self->qr->width; x++)
      if (self->qr->data[y * self->qr->width + x] & 1)
        cairo_rectangle (cr, x0 + scale * (x + QUIET_ZONE), y0 + scale * (y + QUIET_ZONE),
                         scale, scale);
  cairo_fill (cr);
}
#endif

static void
on_stop_clicked (AdjShareDialog *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (ADJ_IS_BATTLE_WINDOW (parent))
    adj_share_dialog_stop (ADJ_BATTLE_WINDOW (parent));
}

static void
adj_share_dialog_dispose (GObject *object)
{
  AdjShareDialog *self = ADJ_SHARE_DIALOG (object);

  if (self->server != NULL)
    adj_share_server_stop (self->server);
  g_clear_object (&self->server);
#ifdef HAVE_QRENCODE
  g_clear_pointer (&self->qr, QRcode_free);
#endif
  G_OBJECT_CLASS (adj_share_dialog_parent_class)->dispose (object);
}

static void
adj_share_dialog_class_init (AdjShareDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = adj_share_dialog_dispose;
}

static void
adj_share_dialog_init (AdjShareDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *intro, *stop;

  gtk_window_set_title (GTK_WINDOW (self), _("Share With Players' Phones"));
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 380, -1);
  gtk_box_append (GTK_BOX (toolbar), adw_header_bar_new ());

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  intro = gtk_label_new (_("Players open this address on a phone on the same network, or "
                           "scan the code:"));
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_box_append (GTK_BOX (box), intro);

  self->code = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->code), QR_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->code), QR_SIZE);
#ifdef HAVE_QRENCODE
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->code), draw_code, self, NULL);
#endif
  gtk_widget_set_halign (self->code, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), self->code);

  self->url_label = gtk_label_new (NULL);
  gtk_label_set_selectable (GTK_LABEL (self->url_label), TRUE);
  /* Selectable for the mouse, but not focused (and so all selected) when the window opens. */
  gtk_widget_set_focusable (self->url_label, FALSE);
  gtk_label_set_wrap (GTK_LABEL (self->url_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->url_label), PANGO_WRAP_CHAR);
  gtk_widget_add_css_class (self->url_label, "monospace");
  gtk_box_append (GTK_BOX (box), self->url_label);

  self->note = gtk_label_new (_("Anyone with this address sees the table, and nothing hidden, "
                                "until sharing stops. Each time sharing starts, the address "
                                "changes."));
  gtk_label_set_wrap (GTK_LABEL (self->note), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->note), 0);
  gtk_widget_add_css_class (self->note, "dim-label");
  gtk_box_append (GTK_BOX (box), self->note);

  stop = gtk_button_new_with_mnemonic (_("_Stop Sharing"));
  gtk_widget_add_css_class (stop, "destructive-action");
  gtk_widget_set_halign (stop, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (stop, "clicked", G_CALLBACK (on_stop_clicked), self);
  gtk_box_append (GTK_BOX (box), stop);

  gtk_box_append (GTK_BOX (toolbar), box);
  adw_window_set_content (ADW_WINDOW (self), toolbar);
}

/* Start serving @battle; NULL (and @error set) when the server cannot start. */
static AdjShareDialog *
adj_share_dialog_new (AdjBattleWindow  *window,
                      AdjBattle        *battle,
                      GError          **error)
{
  g_autoptr(AdjShareServer) server = adj_share_server_new (battle);
  g_auto(GStrv) urls = NULL;
  AdjShareDialog *self;

  if (!adj_share_server_start (server, SHARE_PORT, NULL) &&
      !adj_share_server_start (server, 0, error))
    return NULL;
  urls = adj_share_server_get_urls (server);
  self = g_object_new (ADJ_TYPE_SHARE_DIALOG, "transient-for", window, NULL);
  self->server = g_steal_pointer (&server);
  gtk_label_set_text (GTK_LABEL (self->url_label), urls[0]);
  /* Only the loopback address: the computer is on no network a phone could share. */
  if (g_str_has_prefix (urls[0], "http://127.0.0.1:"))
    gtk_label_set_text (GTK_LABEL (self->note),
                        _("This computer is on no network: only it can open the address. "
                          "Join the players' network and share again."));
#ifdef HAVE_QRENCODE
  self->qr = QRcode_encodeString (urls[0], 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  gtk_widget_set_visible (self->code, self->qr != NULL);
#else
  gtk_widget_set_visible (self->code, FALSE);
#endif
  return self;
}

AdjShareServer *
adj_share_dialog_get_server (AdjShareDialog *self)
{
  g_return_val_if_fail (ADJ_IS_SHARE_DIALOG (self), NULL);
  return self->server;
}

/* ------------------------------------------------------------------------------------------ */
/* the window's toggle                                                                         */

#define DIALOG_KEY "adj-share-dialog"

AdjShareDialog *
adj_share_dialog_get (AdjBattleWindow *window)
{
  g_return_val_if_fail (ADJ_IS_BATTLE_WINDOW (window), NULL);
  return g_object_get_data (G_OBJECT (window), DIALOG_KEY);
}

#define ACTION_KEY "adj-share-action"

static GSimpleAction *
share_action (AdjBattleWindow *window)
{
  return g_object_get_data (G_OBJECT (window), ACTION_KEY);
}

void
adj_share_dialog_stop (AdjBattleWindow *window)
{
  AdjShareDialog *dialog;
  GSimpleAction *action;

  g_return_if_fail (ADJ_IS_BATTLE_WINDOW (window));

  dialog = g_object_steal_data (G_OBJECT (window), DIALOG_KEY);
  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  action = share_action (window);
  if (action != NULL)
    g_simple_action_set_state (action, g_variant_new_boolean (FALSE));
}

static void
on_share_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       data)
{
  AdjBattleWindow *window = data;
  AdjBattle *battle = adj_battle_window_get_battle (window);
  g_autoptr(GError) error = NULL;
  AdjShareDialog *dialog;

  if (!g_variant_get_boolean (state))
    {
      adj_share_dialog_stop (window);
      return;
    }
  if (battle == NULL)
    return;
  dialog = adj_share_dialog_new (window, battle, &error);
  if (dialog == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Sharing could not start: %s"),
                                                  error->message);

      adj_battle_window_toast (window, message, FALSE);
      return;
    }
  g_object_set_data (G_OBJECT (window), DIALOG_KEY, dialog);
  g_simple_action_set_state (action, state);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
adj_share_dialog_install (AdjBattleWindow *window)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) action = g_simple_action_new_stateful ("active", NULL,
                                                                  g_variant_new_boolean (FALSE));

  g_return_if_fail (ADJ_IS_BATTLE_WINDOW (window));

  g_signal_connect (action, "change-state", G_CALLBACK (on_share_change_state), window);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  gtk_widget_insert_action_group (GTK_WIDGET (window), "share", G_ACTION_GROUP (group));
  g_object_set_data_full (G_OBJECT (window), ACTION_KEY, g_object_ref (action), g_object_unref);
}
