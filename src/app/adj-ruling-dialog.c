/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-ruling-dialog.c: "Not Allowed Now" — the referee's word on what the rules forbid. */

#define G_LOG_DOMAIN "adj-ruling-dialog"

#include "config.h"

#include <adwaita.h>

#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-mechanic.h"
#include "adj-ruling-dialog.h"
#include "adj-system-page.h"

typedef struct {
  AdjRulingAllowed allowed;
  gpointer         user_data;
  GDestroyNotify   destroy;
} Question;

static void
question_free (gpointer  data,
               GClosure *closure)
{
  Question *q = data;

  if (q->destroy != NULL)
    q->destroy (q->user_data);
  g_free (q);
}

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             Question         *q)
{
  if (g_str_equal (response, "allow"))
    q->allowed (q->user_data);
}

void
adj_ask_ruling (GtkWidget        *widget,
                const char       *reason,
                AdjRulingAllowed  allowed,
                gpointer          user_data,
                GDestroyNotify    destroy)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog;
  Question *q = g_new0 (Question, 1);

  q->allowed = allowed;
  q->user_data = user_data;
  q->destroy = destroy;
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Not Allowed Now"), reason);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "allow", _("_Allow Anyway"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "allow",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response), q, question_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- a step of a turn view ---- */

typedef struct {
  GtkWidget   *widget;
  AdjBattle   *battle;
  char        *mechanic_id;
  json_object *inputs;
  AdjStepDone  done;
  gpointer     user_data;
} Step;

static void
step_free (gpointer data)
{
  Step *step = data;

  g_object_unref (step->widget);
  g_object_unref (step->battle);
  g_free (step->mechanic_id);
  json_object_put (step->inputs);
  g_free (step);
}

/* Resolve and apply the step, the rules allowing it or the referee (@allow). */
static AdjOutcome *
run_step (Step     *step,
          gboolean  allow,
          GError  **error)
{
  return allow ? adj_battle_run_ruling (step->battle, step->mechanic_id, step->inputs, error)
               : adj_battle_run (step->battle, step->mechanic_id, step->inputs, error);
}

static void
on_step_allowed (gpointer user_data)
{
  Step *step = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = run_step (step, TRUE, &error);

  if (step->done != NULL)
    step->done (outcome, error, step->user_data);
  else if (outcome == NULL && ADJ_IS_SYSTEM_PAGE (step->widget))
    adj_system_page_report (ADJ_SYSTEM_PAGE (step->widget), error->message);
}

gboolean
adj_run_step_or_ask (GtkWidget    *widget,
                     AdjBattle    *battle,
                     const char   *mechanic_id,
                     json_object  *inputs,
                     AdjStepDone   done,
                     gpointer      user_data,
                     GError      **error)
{
  Step *step = g_new0 (Step, 1);
  g_autoptr(GError) local = NULL;
  g_autoptr(AdjOutcome) outcome = NULL;

  step->widget = g_object_ref (widget);
  step->battle = g_object_ref (battle);
  step->mechanic_id = g_strdup (mechanic_id);
  step->inputs = inputs != NULL ? json_object_get (inputs) : NULL;
  step->done = done;
  step->user_data = user_data;
  outcome = run_step (step, FALSE, &local);
  if (outcome != NULL)
    {
      if (done != NULL)
        done (outcome, NULL, user_data);
      step_free (step);
      return TRUE;
    }
  if (g_error_matches (local, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED))
    {
      adj_ask_ruling (widget, local->message, on_step_allowed, step, step_free);
      return TRUE;
    }
  step_free (step);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}
