/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-application.c: the Adjutant application — actions, settings, opening battles, and
 * bringing back what a crash left in the autosave folder. */

#define G_LOG_DOMAIN "adj-application"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "adj-application.h"
#include "adj-army-builder.h"
#include "adj-battle-window.h"
#include "adj-file.h"
#include "adj-json.h"
#include "adj-new-battle-dialog.h"
#include "adj-preferences-window.h"
#include "adj-ruleset.h"
#include "adj-store.h"

struct _AdjApplication {
  AdwApplication  parent_instance;
  GSettings      *settings;
  gboolean        restore_offered;
  GHashTable     *asking;   /* uids of battles whose autosave the user is being asked about */
};

G_DEFINE_FINAL_TYPE (AdjApplication, adj_application, ADW_TYPE_APPLICATION)

#define DEMO_HINT "demo"

GFile *
adj_application_demo_file (void)
{
  g_autofree char *path = g_build_filename (adj_ruleset_data_dir (), "demo", "wec-zulu-war.json",
                                            NULL);
  return g_file_new_for_path (path);
}

static GSettings *
load_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  /* Run from the build tree without the schema installed, the app still works; it just
   * remembers nothing between runs. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    return NULL;
  return g_settings_new (APPLICATION_ID);
}

static void
apply_style (AdjApplication *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  int variant = self->settings != NULL ? g_settings_get_enum (self->settings, "style-variant") : 0;

  switch (variant)
    {
    case 1:
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
      break;
    case 2:
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
      break;
    default:
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
      break;
    }
}

static void
on_style_changed (GSettings      *settings,
                  const char     *key,
                  AdjApplication *self)
{
  apply_style (self);
}

/* A window without a battle, to reuse before making a new one. */
static AdjBattleWindow *
find_empty_window (AdjApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      if (ADJ_IS_BATTLE_WINDOW (l->data) &&
          adj_battle_window_get_battle (ADJ_BATTLE_WINDOW (l->data)) == NULL)
        return ADJ_BATTLE_WINDOW (l->data);
    }
  return NULL;
}

/* The window already showing the battle with this identity, if any. */
static AdjBattleWindow *
find_window_of (AdjApplication *self,
                const char     *uid)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      AdjBattle *battle;

      if (!ADJ_IS_BATTLE_WINDOW (l->data))
        continue;
      battle = adj_battle_window_get_battle (ADJ_BATTLE_WINDOW (l->data));
      if (battle != NULL && g_str_equal (adj_battle_get_uid (battle), uid))
        return ADJ_BATTLE_WINDOW (l->data);
    }
  return NULL;
}

static GtkWindow *
any_window (AdjApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (adj_battle_window_new (ADW_APPLICATION (self)));
  return window;
}

static void
show_error (GtkWindow  *parent,
            const char *heading,
            const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
adj_application_remember_recent (AdjApplication *self,
                                 GFile          *file)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) list = NULL;
  g_autofree char *path = NULL;
  guint kept = 0;

  g_return_if_fail (ADJ_IS_APPLICATION (self));

  path = g_file_get_path (file);
  if (self->settings == NULL || path == NULL)
    return;
  old = g_settings_get_strv (self->settings, "recent-files");
  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && kept < 9; i++)
    if (!g_str_equal (old[i], path))
      {
        g_strv_builder_add (builder, old[i]);
        kept++;
      }
  list = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-files", (const char * const *) list);
}

void
adj_application_show_battle (AdjApplication *self,
                             AdjBattle      *battle,
                             GFile          *file)
{
  AdjBattleWindow *window;

  g_return_if_fail (ADJ_IS_APPLICATION (self));
  g_return_if_fail (ADJ_IS_BATTLE (battle));

  window = find_window_of (self, adj_battle_get_uid (battle));
  if (window == NULL)
    window = find_empty_window (self);
  if (window == NULL)
    window = adj_battle_window_new (ADW_APPLICATION (self));

  if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      adj_battle_set_file_path (battle, path);
      adj_application_remember_recent (self, file);
    }
  /* Every journal entry is written to the autosave from now on. */
  adj_store_start_autosave (battle);
  if (adj_battle_get_modified (battle))
    adj_battle_autosave (battle, NULL);
  adj_battle_window_set_battle (window, battle, file);
  gtk_window_present (GTK_WINDOW (window));
}

static gboolean offer_newer_autosave (AdjApplication *self,
                                      AdjBattle      *from_file,
                                      GFile          *file);
static void     ask_about_open_twin  (AdjApplication  *self,
                                      AdjBattleWindow *window,
                                      AdjBattle       *battle,
                                      GFile           *file);

static void
open_battle_file (AdjApplication *self,
                  GFile          *file,
                  gboolean        as_copy)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(AdjBattle) battle = NULL;
  AdjBattleWindow *open;

  battle = path != NULL ? adj_store_load_battle (path, &error) : NULL;
  if (battle == NULL)
    {
      GtkWindow *parent = any_window (self);

      gtk_window_present (parent);
      show_error (parent, _("Could Not Open the Battle"),
                  error != NULL ? error->message : _("Only local files can be opened"));
      return;
    }
  if (as_copy)
    {
      adj_battle_renew_uid (battle);
      adj_application_show_battle (self, battle, NULL);
      return;
    }
  /* The battle is open already: its window, with whatever it holds that no file has yet, is
   * never replaced by a file. */
  open = find_window_of (self, adj_battle_get_uid (battle));
  if (open != NULL)
    {
      const char *open_path = adj_battle_get_file_path (adj_battle_window_get_battle (open));

      if (g_strcmp0 (open_path, path) == 0)
        gtk_window_present (GTK_WINDOW (open));
      else
        ask_about_open_twin (self, open, battle, file);
      return;
    }
  if (g_hash_table_contains (self->asking, adj_battle_get_uid (battle)))
    return;   /* the question about its autosave is on screen */
  if (offer_newer_autosave (self, battle, file))
    return;
  adj_application_show_battle (self, battle, file);
}

/* ---- a copy of a battle that is open already ---- */

typedef struct {
  AdjApplication  *self;
  AdjBattleWindow *window;
  AdjBattle       *battle;
  GFile           *file;
} TwinData;

static void
twin_data_free (gpointer  user_data,
                GClosure *closure)
{
  TwinData *data = user_data;

  g_object_unref (data->self);
  g_object_unref (data->window);
  g_object_unref (data->battle);
  g_object_unref (data->file);
  g_free (data);
}

static void
on_twin_response (AdwMessageDialog *dialog,
                  const char       *response,
                  TwinData         *data)
{
  if (g_str_equal (response, "separate"))
    {
      adj_battle_renew_uid (data->battle);
      adj_application_show_battle (data->self, data->battle, data->file);
    }
  else
    gtk_window_present (GTK_WINDOW (data->window));
}

static void
ask_about_open_twin (AdjApplication  *self,
                     AdjBattleWindow *window,
                     AdjBattle       *battle,
                     GFile           *file)
{
  g_autofree char *name = g_file_get_basename (file);
  GtkWidget *dialog;
  TwinData *data;

  gtk_window_present (GTK_WINDOW (window));
  dialog = adw_message_dialog_new (GTK_WINDOW (window), _("This Battle Is Already Open"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” is a copy of “%s”, which is open in this window. Open "
                                    "the copy as a separate battle, or go on with the one "
                                    "open?"),
                                  name, adj_battle_get_name (battle));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "show", _("_Keep the Open One"),
                                    "separate", _("Open _Separately"),
                                    NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "show");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "show");
  data = g_new0 (TwinData, 1);
  data->self = g_object_ref (self);
  data->window = g_object_ref (window);
  data->battle = g_object_ref (battle);
  data->file = g_object_ref (file);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_twin_response), data,
                         twin_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- restoring after a crash ---- */

typedef struct {
  AdjApplication *self;
  AdjBattle      *battle;      /* as its autosave has it */
  char           *autosave;
  AdjBattle      *from_file;   /* as its file has it, when the file was being opened */
  GFile          *file;
} RestoreData;

static void
restore_data_free (gpointer  user_data,
                   GClosure *closure)
{
  RestoreData *data = user_data;

  g_hash_table_remove (data->self->asking, adj_battle_get_uid (data->battle));
  g_object_unref (data->self);
  g_object_unref (data->battle);
  g_free (data->autosave);
  g_clear_object (&data->from_file);
  g_clear_object (&data->file);
  g_free (data);
}

static void
on_restore_response (AdwMessageDialog *dialog,
                     const char       *response,
                     RestoreData      *data)
{
  const char *origin = adj_battle_get_file_path (data->battle);
  g_autoptr(GFile) file = NULL;

  if (g_str_equal (response, "discard"))
    {
      g_unlink (data->autosave);
      /* Opening its file, the user chose the file as it was saved. */
      if (data->from_file != NULL)
        adj_application_show_battle (data->self, data->from_file, data->file);
      return;
    }
  if (!g_str_equal (response, "restore"))
    return;   /* asked later again: the autosave stays */

  if (data->file != NULL)
    file = g_object_ref (data->file);
  else if (origin != NULL && g_file_test (origin, G_FILE_TEST_IS_REGULAR))
    file = g_file_new_for_path (origin);
  /* The autosave holds what the file may not: treat it as changed until saved. */
  adj_battle_mark_unsaved (data->battle);
  adj_application_show_battle (data->self, data->battle, file);
}

/* An autosave that cannot be read is kept aside rather than lost (and never asked about again),
 * and the user is told why and where it is. */
static void
set_aside_unreadable (AdjApplication *self,
                      const char     *path,
                      const GError   *error)
{
  g_autofree char *aside = g_strconcat (path, ".unreadable", NULL);
  g_autofree char *body = NULL;

  g_rename (path, aside);
  /* TRANSLATORS: "<why it could not be read>. It is kept as <path>." */
  body = g_strdup_printf (_("%s. It is kept as %s."), error->message, aside);
  show_error (any_window (self), _("The Autosave Could Not Be Read"), body);
}

/* Ask @dialog's question about the autosave @autosave of @battle: go on from it ("restore"),
 * throw it away ("discard", @discard_label) or decide later (@later_label).  Until the answer
 * the battle counts as being asked about. */
static RestoreData *
ask_restore (AdjApplication   *self,
             AdwMessageDialog *dialog,
             AdjBattle        *battle,
             const char       *autosave,
             const char       *later_label,
             const char       *discard_label)
{
  RestoreData *data = g_new0 (RestoreData, 1);

  data->self = g_object_ref (self);
  data->battle = g_object_ref (battle);
  data->autosave = g_strdup (autosave);
  g_hash_table_add (self->asking, g_strdup (adj_battle_get_uid (battle)));

  adw_message_dialog_add_responses (dialog,
                                    "later", later_label,
                                    "discard", discard_label,
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "restore");
  adw_message_dialog_set_close_response (dialog, "later");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_restore_response), data,
                         restore_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return data;
}

/* Opening a battle whose autosave holds what its file does not (Adjutant closed before it was
 * saved): ask which to go on with, and keep the autosave untouched until the user has chosen.
 * FALSE when there is nothing to ask. */
static gboolean
offer_newer_autosave (AdjApplication *self,
                      AdjBattle      *from_file,
                      GFile          *file)
{
  g_autofree char *path = adj_store_autosave_path (from_file);
  g_autoptr(AdjBattle) autosaved = NULL;
  g_autoptr(json_object) saved = NULL;
  g_autoptr(json_object) kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  GtkWindow *parent;
  GtkWidget *dialog;
  RestoreData *data;
  guint in_autosave, in_file;

  if (g_getenv ("ADJUTANT_NO_RESTORE") != NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  autosaved = adj_store_load_battle (path, &error);
  if (autosaved == NULL)
    {
      set_aside_unreadable (self, path, error);
      return FALSE;
    }
  kept = adj_battle_to_json (autosaved);
  json_object_object_del (kept, "autosave");
  saved = adj_battle_to_json (from_file);
  if (adj_json_equal (kept, saved))
    return FALSE;

  in_autosave = adj_journal_get_n_entries (adj_battle_get_journal (autosaved));
  in_file = adj_journal_get_n_entries (adj_battle_get_journal (from_file));
  parent = any_window (self);
  gtk_window_present (parent);
  dialog = adw_message_dialog_new (parent, _("Restore Unsaved Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  /* TRANSLATORS: "Adjutant closed before “Isandlwana” was
                                   * saved. Its autosave holds 7 journal entries, at turn 3;
                                   * the file “isandlwana.json” holds 4. …" */
                                  ngettext ("Adjutant closed before “%s” was saved. Its "
                                            "autosave holds %u journal entry, at turn %d; the "
                                            "file “%s” holds %u. Go on from the autosave?",
                                            "Adjutant closed before “%s” was saved. Its "
                                            "autosave holds %u journal entries, at turn %d; "
                                            "the file “%s” holds %u. Go on from the autosave?",
                                            in_autosave),
                                  adj_battle_get_name (autosaved), in_autosave,
                                  adj_battle_get_turn (autosaved), name, in_file);
  data = ask_restore (self, ADW_MESSAGE_DIALOG (dialog), autosaved, path, _("_Cancel"),
                      _("Open the _Saved File"));
  data->from_file = g_object_ref (from_file);
  data->file = g_object_ref (file);
  return TRUE;
}

void
adj_application_offer_restore (AdjApplication *self)
{
  g_autofree char *dir_path = adj_store_autosave_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_return_if_fail (ADJ_IS_APPLICATION (self));

  self->restore_offered = TRUE;
  /* What saves cut short by a crash left behind goes first. */
  adj_file_remove_stale_temporaries (dir_path);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjBattle) battle = NULL;
      GtkWindow *parent;
      GtkWidget *dialog;
      guint entries;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      battle = adj_store_load_battle (path, &error);
      if (battle == NULL)
        {
          set_aside_unreadable (self, path, error);
          continue;
        }
      if (find_window_of (self, adj_battle_get_uid (battle)) != NULL ||
          g_hash_table_contains (self->asking, adj_battle_get_uid (battle)))
        continue;

      parent = any_window (self);
      gtk_window_present (parent);
      entries = adj_journal_get_n_entries (adj_battle_get_journal (battle));
      dialog = adw_message_dialog_new (parent, _("Restore the Last Battle?"), NULL);
      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                      ngettext ("Adjutant closed while “%s” was open, at turn %d "
                                                "with %u journal entry. Restore it as it was?",
                                                "Adjutant closed while “%s” was open, at turn %d "
                                                "with %u journal entries. Restore it as it was?",
                                                entries),
                                      adj_battle_get_name (battle), adj_battle_get_turn (battle),
                                      entries);
      ask_restore (self, ADW_MESSAGE_DIALOG (dialog), battle, path, _("_Later"), _("_Discard"));
    }
}

static void
maybe_offer_restore (AdjApplication *self)
{
  if (!self->restore_offered && g_getenv ("ADJUTANT_NO_RESTORE") == NULL)
    adj_application_offer_restore (self);
}

/* ---- GApplication ---- */

static void
adj_application_open (GApplication  *application,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  AdjApplication *self = ADJ_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    open_battle_file (self, files[i], g_strcmp0 (hint, DEMO_HINT) == 0);
  maybe_offer_restore (self);
}

static void
adj_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (adj_battle_window_new (ADW_APPLICATION (application)));
  gtk_window_present (window);
  maybe_offer_restore (ADJ_APPLICATION (application));
}

static int
adj_application_handle_local_options (GApplication *application,
                                      GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("adjutant %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_contains (options, "demo"))
    {
      g_autoptr(GFile) demo = adj_application_demo_file ();
      g_autoptr(GError) error = NULL;

      if (!g_application_register (application, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_application_open (application, &demo, 1, DEMO_HINT);
      return 0;
    }
  return -1;
}

/* ---- actions ---- */

static void
on_open_response (GtkNativeDialog *dialog,
                  int              response,
                  AdjApplication  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      open_battle_file (self, file, FALSE);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AdjApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) battles = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Open a Battle"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (battles, _("Battles (JSON)"));
  gtk_file_filter_add_suffix (battles, "json");
  gtk_file_filter_add_mime_type (battles, "application/json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), battles);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_battle_created (AdjNewBattleDialog *dialog,
                   AdjBattle          *battle,
                   AdjApplication     *self)
{
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "last-ruleset",
                           adj_ruleset_get_id (adj_battle_get_ruleset (battle)));
  /* A new battle exists in no file yet: closing it asks to save. */
  adj_battle_mark_unsaved (battle);
  adj_application_show_battle (self, battle, NULL);
}

GtkWidget *
adj_application_new_battle_dialog (AdjApplication *self,
                                   GtkWindow      *parent,
                                   const char     *ruleset_id,
                                   GFile          *army_list)
{
  g_autofree char *last = self->settings != NULL
                          ? g_settings_get_string (self->settings, "last-ruleset") : NULL;
  GtkWidget *dialog = adj_new_battle_dialog_new (parent != NULL ? parent : any_window (self),
                                                 ruleset_id != NULL ? ruleset_id : last);

  g_signal_connect_object (dialog, "battle-created", G_CALLBACK (on_battle_created), self, 0);
  if (army_list != NULL)
    {
      /* An army list of the builder goes on the first side; the other side is chosen. */
      adj_new_battle_dialog_set_start (ADJ_NEW_BATTLE_DIALOG (dialog), ADJ_START_ARMY_LISTS);
      adj_new_battle_dialog_set_army_file (ADJ_NEW_BATTLE_DIALOG (dialog), 0, army_list);
    }
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
new_activated (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  adj_application_new_battle_dialog (ADJ_APPLICATION (user_data), NULL, NULL, NULL);
}

static void
army_builder_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  AdjApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  const char *ruleset_id = NULL;
  GtkWidget *builder;

  /* The builder starts with the rules of the battle in front, if there is one. */
  if (ADJ_IS_BATTLE_WINDOW (parent) &&
      adj_battle_window_get_battle (ADJ_BATTLE_WINDOW (parent)) != NULL)
    ruleset_id = adj_ruleset_get_id (adj_battle_get_ruleset (
      adj_battle_window_get_battle (ADJ_BATTLE_WINDOW (parent))));
  builder = adj_army_builder_new (NULL, self->settings, ruleset_id);
  gtk_window_set_application (GTK_WINDOW (builder), GTK_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (builder));
}

static void
demo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_autoptr(GFile) demo = adj_application_demo_file ();
  open_battle_file (ADJ_APPLICATION (user_data), demo, TRUE);
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  AdjApplication *self = user_data;
  GtkWidget *window = adj_preferences_window_new (any_window (self), self->settings);

  gtk_window_present (GTK_WINDOW (window));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  static const char *developers[] = { "Adjutant developers", NULL };

  adw_show_about_window (parent,
                         "application-name", _("Adjutant"),
                         "application-icon", APPLICATION_ID,
                         "developer-name", _("Adjutant developers"),
                         "version", PACKAGE_VERSION,
                         "comments", _("Keeps the books and does the sums for miniatures "
                                       "wargames played on a real table."),
                         "website", "https://github.com/adjutant/adjutant",
                         "issue-url", "https://github.com/adjutant/adjutant/issues",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GApplication *application = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (application)));

  /* Each window asks about unsaved changes on its own; one that is kept open stays. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static const GActionEntry app_actions[] = {
  { "new", new_activated },
  { "open", open_activated },
  { "army-builder", army_builder_activated },
  { "demo", demo_activated },
  { "preferences", preferences_activated },
  { "about", about_activated },
  { "quit", quit_activated },
};

static void
set_accels (GtkApplication *app,
            const char     *action,
            const char     *accel,
            const char     *accel2)
{
  const char *accels[] = { accel, accel2, NULL };
  gtk_application_set_accels_for_action (app, action, accels);
}

/* ADJUTANT_QUIT_AFTER_FIRST_FRAME: quit as soon as the first window has drawn once, so that a
 * benchmark can time the start-up to the first frame. */
static void
on_first_paint (GdkFrameClock *clock,
                gpointer       user_data)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_paint, user_data);
  g_application_quit (G_APPLICATION (user_data));
}

static void
on_window_mapped (GtkWidget *window,
                  gpointer   user_data)
{
  g_signal_handlers_disconnect_by_func (window, on_window_mapped, user_data);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_first_paint), user_data);
}

static void
on_window_added (GtkApplication *app,
                 GtkWindow      *window,
                 gpointer        user_data)
{
  g_signal_connect (window, "map", G_CALLBACK (on_window_mapped), app);
}

/* ADJUTANT_TEST_ACTIONS="win.turn-card win.next-phase ...": once the first battle window shows
 * a battle, activate these window actions one after another, 50 ms apart, as a player would
 * from the keyboard, then carry on as usual.  It lets a test drive the real program from
 * outside (and kill it in the middle of a game); without the variable none of this runs. */
typedef struct {
  AdjBattleWindow  *window;
  char            **actions;
  guint             next;
} TestActions;

static void
test_actions_free (gpointer data)
{
  TestActions *run = data;

  g_object_unref (run->window);
  g_strfreev (run->actions);
  g_free (run);
}

static gboolean
run_next_test_action (gpointer data)
{
  TestActions *run = data;
  g_autofree char *name = NULL;
  g_autoptr(GVariant) target = NULL;
  g_autoptr(GError) error = NULL;

  if (adj_battle_window_get_battle (run->window) == NULL)
    return G_SOURCE_CONTINUE;
  while (run->actions[run->next] != NULL && run->actions[run->next][0] == '\0')
    run->next++;
  if (run->actions[run->next] == NULL)
    return G_SOURCE_REMOVE;
  if (!g_action_parse_detailed_name (run->actions[run->next++], &name, &target, &error) ||
      !gtk_widget_activate_action_variant (GTK_WIDGET (run->window), name, target))
    g_warning ("ADJUTANT_TEST_ACTIONS: cannot activate “%s”", run->actions[run->next - 1]);
  return G_SOURCE_CONTINUE;
}

static void
on_window_added_for_test_actions (GtkApplication *app,
                                  GtkWindow      *window,
                                  gpointer        user_data)
{
  TestActions *run;

  if (!ADJ_IS_BATTLE_WINDOW (window))
    return;
  g_signal_handlers_disconnect_by_func (app, on_window_added_for_test_actions, user_data);
  run = g_new0 (TestActions, 1);
  run->window = g_object_ref (ADJ_BATTLE_WINDOW (window));
  run->actions = g_strsplit (g_getenv ("ADJUTANT_TEST_ACTIONS"), " ", -1);
  g_timeout_add_full (G_PRIORITY_DEFAULT, 50, run_next_test_action, run, test_actions_free);
}

static void
adj_application_startup (GApplication *application)
{
  AdjApplication *self = ADJ_APPLICATION (application);
  GtkApplication *app = GTK_APPLICATION (application);

  G_APPLICATION_CLASS (adj_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  set_accels (app, "app.new", "<Control>n", NULL);
  set_accels (app, "app.open", "<Control>o", NULL);
  set_accels (app, "app.preferences", "<Control>comma", NULL);
  set_accels (app, "app.quit", "<Control>q", NULL);
  set_accels (app, "window.close", "<Control>w", NULL);
  set_accels (app, "win.undo", "<Control>z", NULL);
  set_accels (app, "win.redo", "<Control><Shift>z", "<Control>y");
  set_accels (app, "win.save", "<Control>s", NULL);
  set_accels (app, "win.save-as", "<Control><Shift>s", NULL);
  set_accels (app, "win.print-roster", "<Control>p", NULL);
  set_accels (app, "win.roll", "<Control>r", NULL);
  set_accels (app, "win.enter-dice", "<Control>e", NULL);
  set_accels (app, "win.apply-result", "<Control>Return", NULL);
  set_accels (app, "win.next-phase", "<Control>Page_Down", NULL);
  set_accels (app, "win.next-turn", "<Control><Shift>Page_Down", NULL);
  set_accels (app, "win.add-unit", "<Control><Shift>a", NULL);
  set_accels (app, "win.turn-card", "<Control>d", NULL);
  set_accels (app, "win.show-page-at(1)", "<Alt>1", NULL);
  set_accels (app, "win.show-page-at(2)", "<Alt>2", NULL);
  set_accels (app, "win.show-page-at(3)", "<Alt>3", NULL);
  set_accels (app, "win.show-page-at(4)", "<Alt>4", NULL);
  set_accels (app, "win.show-page-at(5)", "<Alt>5", NULL);
  set_accels (app, "win.show-help-overlay", "<Control>question", NULL);
  set_accels (app, "win.table-mode", "F11", NULL);
  set_accels (app, "win.table-display", "<Control><Shift>t", NULL);

  self->settings = load_settings ();
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::style-variant",
                             G_CALLBACK (on_style_changed), self, 0);
  apply_style (self);

  if (g_getenv ("ADJUTANT_QUIT_AFTER_FIRST_FRAME") != NULL)
    g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  if (g_getenv ("ADJUTANT_TEST_ACTIONS") != NULL)
    g_signal_connect (app, "window-added", G_CALLBACK (on_window_added_for_test_actions), NULL);
}

static void
adj_application_dispose (GObject *object)
{
  AdjApplication *self = ADJ_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (adj_application_parent_class)->dispose (object);
}

static void
adj_application_finalize (GObject *object)
{
  AdjApplication *self = ADJ_APPLICATION (object);

  g_hash_table_unref (self->asking);
  G_OBJECT_CLASS (adj_application_parent_class)->finalize (object);
}

static void
adj_application_class_init (AdjApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = adj_application_dispose;
  object_class->finalize = adj_application_finalize;
  app_class->startup = adj_application_startup;
  app_class->activate = adj_application_activate;
  app_class->open = adj_application_open;
  app_class->handle_local_options = adj_application_handle_local_options;
}

static void
adj_application_init (AdjApplication *self)
{
  static const GOptionEntry options[] = {
    { "demo", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Open the bundled demo battle"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  self->asking = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

AdjApplication *
adj_application_new (GApplicationFlags extra_flags)
{
  return g_object_new (ADJ_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | extra_flags,
                       "resource-base-path", "/io/github/adjutant/Adjutant",
                       NULL);
}

GSettings *
adj_application_get_settings (AdjApplication *self)
{
  g_return_val_if_fail (ADJ_IS_APPLICATION (self), NULL);
  return self->settings;
}
