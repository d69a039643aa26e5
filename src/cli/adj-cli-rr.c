/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli-rr.c: Redvers' Reverse from a terminal — "step BATTLE" walks the sequence of play and
 * "rr ACTION BATTLE ..." takes every other step of the Colenso dashboard, each through the core
 * call the dashboard makes (adj-rr.h), so that a game played from a script and the same game
 * played in the app, with the same dice, leave the same battle file.
 *
 * Without --apply nothing is saved: "step" and "rr show" say where the game stands, and an
 * action is carried out on the battle in memory only, to say whether it is allowed now — what it
 * did is not shown, since a drift found or a chit drawn and then thrown away would show what the
 * battle keeps hidden.  With --apply the battle is locked, changed and saved, and what was done
 * is printed: the journal's lines, which never hold a hidden value.  Text by default, JSON with
 * --json.
 */

#define G_LOG_DOMAIN "adjutant-cli"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj-battle.h"
#include "adj-cli.h"
#include "adj-error.h"
#include "adj-file.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-rr.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-tables.h"

/* The options a command takes besides --json, --compact and --tables. */
typedef enum {
  TAKES_APPLY    = 1 << 0,
  TAKES_DICE     = 1 << 1,
  TAKES_LONG     = 1 << 2,
  TAKES_MODIFIER = 1 << 3,
  TAKES_TIMES    = 1 << 4,
  TAKES_SETUP    = 1 << 5,   /* --variant and --emplacement */
} Takes;

typedef gboolean (*ActionRun) (AdjBattle            *battle,
                               const AdjCliOptions  *opts,
                               const char * const   *args,
                               AdjRandom            *random,
                               json_object          *out,
                               GError              **error);

/* An action of "rr": its name, its arguments after BATTLE, and the core call it makes. */
typedef struct {
  const char *name;
  const char *usage;     /* the arguments after BATTLE, as the help writes them */
  guint       n_args;
  guint       takes;
  ActionRun   run;       /* NULL: "show", which only reads */
} Action;

/* ------------------------------------------------------------------------------------------ */
/* the command line                                                                            */

/* A mistake in the command line (exit 2) when an option given does not belong to @command. */
static int
check_options (const AdjCliOptions *opts,
               const char          *command,
               guint                takes)
{
  const struct {
    const char *name;
    gboolean    given;
    guint       flag;
  } options[] = {
    { "--input", opts->input != NULL, 0 },
    { "--dice", opts->dice != NULL, TAKES_DICE },
    { "--cards", opts->cards != NULL, 0 },
    { "--seed", opts->seed != NULL, 0 },
    { "--battle", opts->battle != NULL, 0 },
    { "--output", opts->output != NULL, 0 },
    { "--name", opts->name != NULL, 0 },
    { "--pdf", opts->pdf != NULL, 0 },
    { "--markdown", opts->markdown != NULL, 0 },
    { "--paper", opts->paper != NULL, 0 },
    { "--side", opts->sides != NULL, 0 },
    { "--clean", opts->clean, 0 },
    { "--army", opts->armies != NULL, 0 },
    { "--modifier", opts->modifier != NULL, TAKES_MODIFIER },
    { "--times", opts->times != NULL, TAKES_TIMES },
    { "--variant", opts->variants != NULL, TAKES_SETUP },
    { "--emplacement", opts->emplacements != NULL, TAKES_SETUP },
    { "--long", opts->long_order, TAKES_LONG },
    { "--apply", opts->apply, TAKES_APPLY },
    { "--allow", opts->allow, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].given && (options[i].flag & takes) == 0)
      /* TRANSLATORS: e.g. "--dice does not belong to “rr order”" */
      return adj_cli_usage_error (_("%s does not belong to “%s”"), options[i].name, command);
  return 0;
}

/* A whole number from @min to @max given to @option; a usage error (exit 2) names it. */
static int
parse_int_option (const char *option,
                  const char *text,
                  int         min,
                  int         max,
                  int        *value)
{
  gint64 v;

  if (text != NULL &&
      g_ascii_string_to_signed (text, 10, min, max, &v, NULL))
    {
      *value = (int) v;
      return 0;
    }
  /* TRANSLATORS: e.g. "--times takes a whole number from 1 to 20, not “x”" */
  return adj_cli_usage_error (_("%s takes a whole number from %d to %d, not “%s”"), option, min,
                              max, text != NULL ? text : "");
}

/* The battle at @path, which must be a battle of Redvers' Reverse. */
static AdjBattle *
load_rr_battle (const char  *path,
                const char  *command,
                GError     **error)
{
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, error);
  const char *id;

  if (battle == NULL)
    return NULL;
  id = adj_ruleset_get_id (adj_battle_get_ruleset (battle));
  if (!g_str_equal (id, "rr"))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED,
                   /* TRANSLATORS: e.g. "b.json is a battle of “wec”: “step” plays Redvers'
                    * Reverse (rr) only" */
                   _("%s is a battle of “%s”: “%s” plays Redvers' Reverse (rr) only"), display, id,
                   command);
      return NULL;
    }
  return g_steal_pointer (&battle);
}

/* A label without its mnemonic underline ("_Roll" → "Roll"). */
static char *
plain_label (const char *label)
{
  g_autoptr(GString) text = g_string_new (label);

  g_string_replace (text, "_", "", 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* @path as a shell would need it typed: quoted only when it holds more than letters, digits and
 * "._-/+,:@". */
static char *
shell_word (const char *path)
{
  for (const char *c = path; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("._-/+,:@", *c) == NULL)
      return g_shell_quote (path);
  return g_strdup (path);
}

static const char *
member_string (json_object *obj,
               const char  *key)
{
  json_object *v = json_object_object_get (obj, key);

  return v != NULL && json_object_is_type (v, json_type_string) ? json_object_get_string (v) : "";
}

static int
member_int (json_object *obj,
            const char  *key)
{
  return json_object_get_int (json_object_object_get (obj, key));
}

/* Journal entries as a script reads them: what kind, which mechanic and result, the line. */
static json_object *
entries_json (GPtrArray *entries)
{
  json_object *arr = json_object_new_array ();

  for (guint i = 0; i < entries->len; i++)
    {
      AdjEntry *entry = g_ptr_array_index (entries, i);
      json_object *o = json_object_new_object ();
      json_object *key = entry->outcome != NULL ? json_object_object_get (entry->outcome,
                                                                          "outcome")
                                                : NULL;

      json_object_object_add (o, "seq", json_object_new_int64 (entry->seq));
      json_object_object_add (o, "kind", json_object_new_string (entry->kind));
      if (entry->mechanic != NULL)
        json_object_object_add (o, "mechanic", json_object_new_string (entry->mechanic));
      if (key != NULL)
        json_object_object_add (o, "outcome", json_object_get (key));
      json_object_object_add (o, "summary",
                              json_object_new_string (entry->summary != NULL ? entry->summary
                                                                             : ""));
      json_object_array_add (arr, o);
    }
  return arr;
}

/* The entries made from @from on. */
static GPtrArray *
entries_since (AdjBattle *battle,
               guint      from)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  GPtrArray *entries = g_ptr_array_new ();

  for (guint i = from; i < journal->position; i++)
    g_ptr_array_add (entries, adj_journal_get_entry (journal, i));
  return entries;
}

static void
print_entries_text (json_object *entries,
                    const char  *indent)
{
  for (gsize i = 0; i < json_object_array_length (entries); i++)
    printf ("%s%s\n", indent, member_string (json_object_array_get_idx (entries, i), "summary"));
}

/* ------------------------------------------------------------------------------------------ */
/* the step: where the game stands and what can be done now                                   */

/* One thing the player can do now: the command that does it and what it may be done to. */
static json_object *
action_new (GPtrArray  *actions,
            const char *command,
            const char *usage,
            const char *label)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "command", json_object_new_string (command));
  json_object_object_add (o, "usage", json_object_new_string (usage));
  json_object_object_add (o, "label", json_object_new_string (label));
  g_ptr_array_add (actions, o);
  return o;
}

static void
action_add_target (json_object *action,
                   const char  *id,
                   const char  *label)
{
  json_object *targets = json_object_object_get (action, "targets");

  if (targets == NULL)
    {
      targets = json_object_new_array ();
      json_object_object_add (action, "targets", targets);
    }
  json_object_array_add (targets, adj_json_new_id_label (id, label));
}

/* The action @name of "rr" offered for @ids (each labelled by the one of @labels at its
 * place), or not at all when @ids is empty. */
static void
add_targets_action (GPtrArray          *actions,
                    const char         *quoted,
                    const char         *name,
                    const char         *args,
                    const char         *label,
                    GPtrArray          *ids,
                    GPtrArray          *labels)
{
  g_autofree char *command = NULL;
  g_autofree char *usage = NULL;
  json_object *action;

  if (ids->len == 0)
    return;
  command = g_strconcat ("rr ", name, NULL);
  usage = g_strdup_printf ("rr %s %s %s", name, quoted, args);
  action = action_new (actions, command, usage, label);
  for (guint i = 0; i < ids->len; i++)
    action_add_target (action, g_ptr_array_index (ids, i), g_ptr_array_index (labels, i));
}

static void
add_brigade_actions (AdjBattle  *battle,
                     const char *quoted,
                     GPtrArray  *actions)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  const char * const *brigades = adj_rr_brigades (rs);
  static const struct {
    AdjRrBrigadeTask  task;
    const char       *name;
    const char       *args;
    const char       *label;
  } tasks[] = {
    { ADJ_RR_BRIGADE_TASK_ORDER, "order", "BRIGADE AREA [--long]",
      N_("Give a brigade its objective (1 CP; --long: Long's free order to a battery brigade)") },
    { ADJ_RR_BRIGADE_TASK_CHARGE, "charge", "BRIGADE AREA",
      N_("Place the Objective Marker of a brigade charging the guns") },
    { ADJ_RR_BRIGADE_TASK_WITHDRAW, "withdraw", "BRIGADE AREA [--modifier N] [--dice D,D]",
      N_("Test a brigade that has lost a quarter of its strength for an emergency withdrawal") },
    { ADJ_RR_BRIGADE_TASK_REACHED, "reached", "BRIGADE",
      N_("A leader stands in his objective area: take the marker off") },
  };

  for (guint k = 0; k < G_N_ELEMENTS (tasks); k++)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      for (guint b = 0; brigades[b] != NULL; b++)
        {
          AdjUnit *leader;

          if (adj_rr_brigade_task (battle, brigades[b]) != tasks[k].task)
            continue;
          leader = adj_rr_brigade_leader (battle, brigades[b]);
          g_ptr_array_add (ids, (gpointer) brigades[b]);
          /* TRANSLATORS: a brigade and its leader, e.g. "2nd (English) Infantry Brigade ·
           * Hildyard" */
          g_ptr_array_add (labels, g_strdup_printf (_("%s · %s"),
                                                    adj_rr_brigade_label (rs, brigades[b]),
                                                    adj_unit_get_name (leader)));
        }
      add_targets_action (actions, quoted, tasks[k].name, tasks[k].args,
                          adj_gettext (tasks[k].label), ids, labels);
    }
}

static void
add_drift_actions (AdjBattle  *battle,
                   const char *quoted,
                   GPtrArray  *actions)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  const char * const *drifts = adj_rr_drifts (rs);
  g_autoptr(GPtrArray) find = g_ptr_array_new ();
  g_autoptr(GPtrArray) find_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) commando = g_ptr_array_new ();
  g_autoptr(GPtrArray) commando_labels = g_ptr_array_new_with_free_func (g_free);

  for (guint d = 0; drifts[d] != NULL; d++)
    {
      g_autofree char *state = adj_rr_drift_text (battle, drifts[d]);
      /* TRANSLATORS: a drift and its marker, e.g. "Wagon Drift · Hidden" */
      char *label = g_strdup_printf (_("%s · %s"), adj_rr_drift_label (rs, drifts[d]), state);

      switch (adj_rr_drift_task (battle, drifts[d]))
        {
        case ADJ_RR_DRIFT_TASK_FIND:
          g_ptr_array_add (find, (gpointer) drifts[d]);
          g_ptr_array_add (find_labels, label);
          break;
        case ADJ_RR_DRIFT_TASK_COMMANDO:
          g_ptr_array_add (commando, (gpointer) drifts[d]);
          g_ptr_array_add (commando_labels, label);
          break;
        case ADJ_RR_DRIFT_TASK_NONE:
        default:
          g_free (label);
          break;
        }
    }
  add_targets_action (actions, quoted, "find", "DRIFT UNIT [--dice D,D]",
                      _("A battalion or regiment about to enter a drift nobody has found looks "
                        "for it (UNIT: one of those “rr show” lists)"), find, find_labels);
  add_targets_action (actions, quoted, "commando", "DRIFT",
                      _("A commando entered a drift: its marker goes, unseen"), commando,
                      commando_labels);
}

static void
add_unit_actions (AdjBattle  *battle,
                  const char *quoted,
                  const char *step,
                  GPtrArray  *actions)
{
  g_autoptr(GPtrArray) emplacements = adj_rr_emplacements (battle);
  g_autoptr(GPtrArray) fired = g_ptr_array_new ();
  g_autoptr(GPtrArray) fired_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) holds = g_ptr_array_new ();
  g_autoptr(GPtrArray) holds_labels = g_ptr_array_new_with_free_func (g_free);

  if (adj_rr_step_commandos_fire (step))
    {
      g_autoptr(GPtrArray) ids = adj_rr_commandos_without_counter (battle);
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < ids->len; i++)
        g_ptr_array_add (labels, g_strdup (adj_unit_get_name (
                                             adj_battle_find_unit (battle,
                                                                   g_ptr_array_index (ids, i)))));
      add_targets_action (actions, quoted, "sp-counter", "COMMANDO [--dice N]",
                          _("A commando about to fire without an SP counter draws one"), ids,
                          labels);
    }
  for (guint i = 0; i < emplacements->len; i++)
    {
      const char *id = g_ptr_array_index (emplacements, i);
      const char *name = adj_unit_get_name (adj_battle_find_unit (battle, id));

      switch (adj_rr_emplacement_task (battle, id))
        {
        case ADJ_RR_EMPLACEMENT_TASK_FIRST_SHOT:
          g_ptr_array_add (fired, (gpointer) id);
          g_ptr_array_add (fired_labels, g_strdup (name));
          break;
        case ADJ_RR_EMPLACEMENT_TASK_WHO_HOLDS:
          g_ptr_array_add (holds, (gpointer) id);
          g_ptr_array_add (holds_labels, g_strdup (name));
          break;
        case ADJ_RR_EMPLACEMENT_TASK_NONE:
        default:
          break;
        }
    }
  add_targets_action (actions, quoted, "holds", "EMPLACEMENT british|boers|both|nobody",
                      _("Who stands in an emplacement's area: the British capture it, or the "
                        "Boers retake it"), holds, holds_labels);
  add_targets_action (actions, quoted, "fired", "EMPLACEMENT",
                      _("A Boer unit in an emplacement's area fired its first shot: the Hidden "
                        "marker comes off"), fired, fired_labels);
}

/* What the player can do now, in the order the dashboard offers it. */
static json_object *
actions_json (AdjBattle         *battle,
              const char        *path,
              const AdjRrTracks *t)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new ();
  g_autofree char *quoted = shell_word (path);
  g_autofree char *usage = NULL;
  const AdjRrRoll *roll = adj_rr_step_roll (t->step);
  const char * const *mechanics = adj_rr_step_mechanics (t->step);
  json_object *arr = json_object_new_array ();

  if (!adj_rr_is_set_up (battle))
    {
      usage = g_strdup_printf ("rr setup %s [--variant ID]... [--emplacement AREA]... --apply",
                               quoted);
      action_new (actions, "rr setup", usage,
                  _("Set the game up: the variants, the emplacements, the drift markers and "
                    "the cups"));
    }
  else if (g_str_equal (t->result, "none"))
    {
      if (roll != NULL && adj_rr_roll_wanted (battle))
        {
          g_autofree char *label = plain_label (adj_gettext (roll->label));

          usage = g_strdup_printf ("step %s --apply [--dice ...]", quoted);
          action_new (actions, "step", usage, label);
        }
      add_brigade_actions (battle, quoted, actions);
      add_drift_actions (battle, quoted, actions);
      add_unit_actions (battle, quoted, t->step, actions);
      for (guint k = 0; mechanics[k] != NULL; k++)
        {
          const AdjMechanic *mech = adj_mechanic_lookup (mechanics[k]);
          g_autofree char *command = g_strconcat ("resolve ", mechanics[k], NULL);
          g_autofree char *line = g_strdup_printf ("resolve %s --battle %s --input FILE "
                                                   "[--dice ...] --apply", mechanics[k],
                                                   quoted);

          action_new (actions, command, line, mech != NULL ? adj_gettext (mech->title) : "");
        }
      g_free (usage);
      usage = g_strdup_printf ("rr status %s LINE [--times N]", quoted);
      action_new (actions, "rr status", usage,
                  _("Move Confidence and Loss by a line of your Status chart"));
      if (roll == NULL || !adj_rr_roll_wanted (battle))
        {
          g_free (usage);
          usage = g_strdup_printf ("step %s --apply", quoted);
          action_new (actions, "step", usage, _("Move the step marker on"));
        }
    }
  for (guint i = 0; i < actions->len; i++)
    json_object_array_add (arr, g_ptr_array_index (actions, i));
  return arr;
}

/* Where the game stands, as adj_rr_summary() gives it, with the step's roll, what can be done
 * now and what was done at this step so far. */
static json_object *
step_json (AdjBattle  *battle,
           const char *path)
{
  g_autoptr(json_object) summary = adj_rr_summary (battle);
  g_autoptr(GPtrArray) done = adj_rr_step_entries (battle);
  static const char *const copied[] = {
    "set_up", "turn", "last_turn", "confidence", "shaken", "loss", "loss_end", "cp",
    "cp_spent", "phase", "segment", "step", "result", "end_reason", NULL
  };
  json_object *o = json_object_new_object ();
  const AdjRrRoll *roll;
  AdjRrTracks t;

  adj_rr_get_tracks (battle, &t);
  json_object_object_add (o, "battle", json_object_new_string (adj_battle_get_name (battle)));
  for (guint i = 0; copied[i] != NULL; i++)
    json_object_object_add (o, copied[i],
                            adj_json_copy (json_object_object_get (summary, copied[i])));
  roll = adj_rr_step_roll (t.step);
  if (roll != NULL && adj_rr_is_set_up (battle) && g_str_equal (t.result, "none"))
    {
      g_autofree char *label = plain_label (adj_gettext (roll->label));
      g_autofree char *how = adj_rr_roll_entry_note (battle, roll);
      json_object *r = adj_json_new_id_label (roll->id, label);

      json_object_object_add (r, "wanted", json_object_new_boolean (adj_rr_roll_wanted (battle)));
      json_object_object_add (r, "dice", json_object_new_string (how));
      json_object_object_add (o, "roll", r);
    }
  else
    json_object_object_add (o, "roll", NULL);
  json_object_object_add (o, "actions", actions_json (battle, path, &t));
  json_object_object_add (o, "done_here", entries_json (done));
  return o;
}

/* Where the game stands, from the tracks and the step of @where (a step or the summary). */
static void
print_where (json_object *where)
{
  json_object *s = json_object_object_get (where, "step");

  if (!json_object_get_boolean (json_object_object_get (where, "set_up")))
    printf ("%s\n", _("The game is not set up yet"));
  else if (!g_str_equal (member_string (json_object_object_get (where, "result"), "id"), "none"))
    /* TRANSLATORS: the end of the battle, e.g. "The battle is over: Boer Victory (the Loss
     * marker reached 20)" */
    printf (_("The battle is over: %s (%s)\n"),
            member_string (json_object_object_get (where, "result"), "label"),
            member_string (json_object_object_get (where, "end_reason"), "label"));
  else
    {
      /* TRANSLATORS: e.g. "Turn 1 of 20 · Orders phase" */
      printf (_("Turn %d of %d · %s phase\n"), member_int (where, "turn"),
              member_int (where, "last_turn"),
              member_string (json_object_object_get (where, "phase"), "label"));
      /* TRANSLATORS: e.g. "British Send Orders, step 1 of 2: Choose objectives" */
      printf (_("%s, step %d of %d: %s\n"),
              member_string (json_object_object_get (where, "segment"), "label"),
              member_int (s, "number"), member_int (s, "of"), member_string (s, "label"));
    }
}

static void
print_tracks (json_object *where)
{
  /* TRANSLATORS: the tracks, e.g. "Confidence 1 · Loss 10 of 20 · 8 CP left, 0 spent" */
  printf (_("Confidence %d%s · Loss %d of %d · %d CP left, %d spent\n"),
          member_int (where, "confidence"),
          member_int (where, "shaken") > 0 ? _(" (shaken)") : "",
          member_int (where, "loss"), member_int (where, "loss_end"), member_int (where, "cp"),
          member_int (where, "cp_spent"));
}

static void
print_step_text (json_object *step)
{
  json_object *s = json_object_object_get (step, "step");
  json_object *pending = json_object_object_get (s, "pending");
  json_object *actions = json_object_object_get (step, "actions");
  json_object *done = json_object_object_get (step, "done_here");
  gboolean in_play = json_object_get_boolean (json_object_object_get (step, "set_up")) &&
                     g_str_equal (member_string (json_object_object_get (step, "result"), "id"),
                                  "none");

  print_where (step);
  if (in_play)
    {
      if (member_string (s, "hint")[0] != '\0')
        printf ("  %s\n", member_string (s, "hint"));
      print_tracks (step);
    }
  if (in_play && pending != NULL && json_object_is_type (pending, json_type_string))
    /* TRANSLATORS: what the step still needs, e.g. "Still to do: Draw the British event chit
     * first" */
    printf (_("Still to do: %s\n"), json_object_get_string (pending));
  if (json_object_array_length (done) > 0)
    {
      printf ("%s\n", _("Done at this step:"));
      print_entries_text (done, "  ");
    }
  if (json_object_array_length (actions) > 0)
    printf ("%s\n", _("Now:"));
  for (gsize i = 0; i < json_object_array_length (actions); i++)
    {
      json_object *a = json_object_array_get_idx (actions, i);
      json_object *targets = json_object_object_get (a, "targets");

      printf ("  %s\n      %s\n", member_string (a, "usage"), member_string (a, "label"));
      for (gsize k = 0; targets != NULL && k < json_object_array_length (targets); k++)
        {
          json_object *target = json_object_array_get_idx (targets, k);

          printf ("      - %s  %s\n", member_string (target, "id"),
                  member_string (target, "label"));
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* the board                                                                                   */

static void
print_board_text (AdjBattle   *battle,
                  json_object *summary)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  const char * const *brigades = adj_rr_brigades (rs);
  json_object *drifts = json_object_object_get (summary, "drifts");
  json_object *cups = json_object_object_get (summary, "cups");
  json_object *emplacements = json_object_object_get (summary, "emplacements");

  printf ("%s\n", adj_battle_get_name (battle));
  print_where (summary);
  print_tracks (summary);
  printf ("%s\n", _("Brigades:"));
  for (guint b = 0; brigades[b] != NULL; b++)
    {
      AdjUnit *leader = adj_rr_brigade_leader (battle, brigades[b]);
      g_autofree char *text = NULL;
      AdjRrOrder order;
      int start = 0, now = 0;

      if (leader == NULL || !adj_rr_get_order (battle, brigades[b], &order))
        continue;
      text = adj_rr_order_text (&order);
      printf ("  %-18s %s · %s: %s", brigades[b], adj_rr_brigade_label (rs, brigades[b]),
              adj_unit_get_name (leader), text);
      if (adj_rr_brigade_strength (battle, brigades[b], &start, &now, NULL))
        /* TRANSLATORS: a brigade's strength now and at the start, e.g. " · 18 of 20 SP" */
        printf (_(" · %d of %d SP"), now, start);
      printf ("\n");
    }
  printf ("%s\n", _("Drifts:"));
  for (gsize i = 0; i < json_object_array_length (drifts); i++)
    {
      json_object *d = json_object_array_get_idx (drifts, i);
      const char *id = member_string (d, "id");
      g_autofree char *text = adj_rr_drift_text (battle, id);
      g_autofree char *pool = adj_rr_drift_pool_text (rs, id);

      printf ("  %-18s %s: %s (%s)\n", id, member_string (d, "label"), text, pool);
    }
  printf ("%s\n", _("Cups:"));
  for (gsize i = 0; i < json_object_array_length (cups); i++)
    {
      json_object *c = json_object_array_get_idx (cups, i);
      json_object *play = json_object_object_get (c, "in_play");
      guint count = (guint) member_int (c, "count");

      printf ("  %-18s %s: ", member_string (c, "id"), member_string (c, "label"));
      printf (ngettext ("%u in the cup", "%u in the cup", count), count);
      for (gsize k = 0; k < json_object_array_length (play); k++)
        printf ("%s%s", k == 0 ? _("; in play: ") : ", ",
                member_string (json_object_array_get_idx (play, k), "label"));
      printf ("\n");
    }
  if (json_object_array_length (emplacements) > 0)
    printf ("%s\n", _("Emplacements:"));
  for (gsize i = 0; i < json_object_array_length (emplacements); i++)
    {
      json_object *e = json_object_array_get_idx (emplacements, i);

      printf ("  %-18s %s: %s\n", member_string (e, "id"), member_string (e, "label"),
              member_string (e, "state_label"));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* the actions                                                                                 */

static gboolean
run_order (AdjBattle            *battle,
           const AdjCliOptions  *opts,
           const char * const   *args,
           AdjRandom            *random,
           json_object          *out,
           GError              **error)
{
  return adj_rr_plan_order (battle, args[0], args[1], opts->long_order, error);
}

static gboolean
run_charge (AdjBattle            *battle,
            const AdjCliOptions  *opts,
            const char * const   *args,
            AdjRandom            *random,
            json_object          *out,
            GError              **error)
{
  return adj_rr_place_objective (battle, args[0], args[1], error);
}

static gboolean
run_reached (AdjBattle            *battle,
             const AdjCliOptions  *opts,
             const char * const   *args,
             AdjRandom            *random,
             json_object          *out,
             GError              **error)
{
  return adj_rr_objective_reached (battle, args[0], error);
}

static gboolean
run_withdraw (AdjBattle            *battle,
              const AdjCliOptions  *opts,
              const char * const   *args,
              AdjRandom            *random,
              json_object          *out,
              GError              **error)
{
  int modifier = 0;
  gboolean withdrew = FALSE;

  /* Checked before the battle was read. */
  if (opts->modifier != NULL)
    modifier = atoi (opts->modifier);
  if (!adj_rr_emergency_withdrawal (battle, args[0], args[1], modifier, random, &withdrew, error))
    return FALSE;
  json_object_object_add (out, "withdrew", json_object_new_boolean (withdrew));
  return TRUE;
}

static gboolean
run_find (AdjBattle            *battle,
          const AdjCliOptions  *opts,
          const char * const   *args,
          AdjRandom            *random,
          json_object          *out,
          GError              **error)
{
  gboolean found = FALSE;

  if (!adj_rr_find_drift (battle, args[0], args[1], random, &found, error))
    return FALSE;
  json_object_object_add (out, "found", json_object_new_boolean (found));
  return TRUE;
}

static gboolean
run_commando (AdjBattle            *battle,
              const AdjCliOptions  *opts,
              const char * const   *args,
              AdjRandom            *random,
              json_object          *out,
              GError              **error)
{
  return adj_rr_commando_opens_drift (battle, args[0], error);
}

static gboolean
run_sp_counter (AdjBattle            *battle,
                const AdjCliOptions  *opts,
                const char * const   *args,
                AdjRandom            *random,
                json_object          *out,
                GError              **error)
{
  return adj_rr_draw_sp_counter (battle, args[0], random, error);
}

static gboolean
run_status (AdjBattle            *battle,
            const AdjCliOptions  *opts,
            const char * const   *args,
            AdjRandom            *random,
            json_object          *out,
            GError              **error)
{
  /* Both checked before the battle was read. */
  guint line = (guint) atoi (args[0]);
  int times = opts->times != NULL ? atoi (opts->times) : 1;

  return adj_rr_apply_status (battle, line, times, error);
}

static gboolean
run_fired (AdjBattle            *battle,
           const AdjCliOptions  *opts,
           const char * const   *args,
           AdjRandom            *random,
           json_object          *out,
           GError              **error)
{
  return adj_rr_emplacement_fired (battle, args[0], error);
}

/* Who stands in an emplacement's area, as "holds" takes it. */
static const struct {
  const char *word;
  gboolean    british;
  gboolean    boers;
} who_holds[] = {
  { "british", TRUE, FALSE },
  { "boers", FALSE, TRUE },
  { "both", TRUE, TRUE },
  { "nobody", FALSE, FALSE },
};

static gboolean
run_holds (AdjBattle            *battle,
           const AdjCliOptions  *opts,
           const char * const   *args,
           AdjRandom            *random,
           json_object          *out,
           GError              **error)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  guint before = journal->position;

  for (guint i = 0; i < G_N_ELEMENTS (who_holds); i++)
    if (g_str_equal (args[1], who_holds[i].word))
      {
        if (!adj_rr_update_emplacement (battle, args[0], who_holds[i].british, who_holds[i].boers,
                                        error))
          return FALSE;
        if (journal->position == before)
          json_object_object_add (out, "note", json_object_new_string (
            _("Nothing changes: the emplacement stays as it is")));
        return TRUE;
      }
  g_assert_not_reached ();
}

static gboolean
run_setup (AdjBattle            *battle,
           const AdjCliOptions  *opts,
           const char * const   *args,
           AdjRandom            *random,
           json_object          *out,
           GError              **error)
{
  static const char *const none[] = { NULL };

  return adj_rr_setup (battle,
                       opts->variants != NULL ? (const char * const *) opts->variants : none,
                       opts->emplacements != NULL ? (const char * const *) opts->emplacements
                                                  : none,
                       random, error);
}

static const Action actions[] = {
  { "show", "", 0, 0, NULL },
  { "setup", "[--variant ID]... [--emplacement AREA]... [--dice ...]", 0,
    TAKES_APPLY | TAKES_DICE | TAKES_SETUP, run_setup },
  { "order", "BRIGADE AREA [--long]", 2, TAKES_APPLY | TAKES_LONG, run_order },
  { "charge", "BRIGADE AREA", 2, TAKES_APPLY, run_charge },
  { "reached", "BRIGADE", 1, TAKES_APPLY, run_reached },
  { "withdraw", "BRIGADE AREA [--modifier N] [--dice D,D]", 2,
    TAKES_APPLY | TAKES_DICE | TAKES_MODIFIER, run_withdraw },
  { "find", "DRIFT UNIT [--dice D,D]", 2, TAKES_APPLY | TAKES_DICE, run_find },
  { "commando", "DRIFT", 1, TAKES_APPLY, run_commando },
  { "sp-counter", "COMMANDO [--dice N]", 1, TAKES_APPLY | TAKES_DICE, run_sp_counter },
  { "status", "LINE [--times N]", 1, TAKES_APPLY | TAKES_TIMES, run_status },
  { "fired", "EMPLACEMENT", 1, TAKES_APPLY, run_fired },
  { "holds", "EMPLACEMENT british|boers|both|nobody", 2, TAKES_APPLY, run_holds },
};

/* The list of actions for a mistake in the command line. */
static char *
action_names (void)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", actions[i].name);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* What "rr setup" without --apply says: the variants with their ratings, the balance of those
 * chosen, the counters still without strengths. */
static void
add_setup_report (AdjBattle           *battle,
                  const AdjCliOptions *opts,
                  json_object         *out)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  const AdjTableShape *shape = adj_table_shape_lookup (rs, adj_rr_setup_charts ()[0]);
  g_autoptr(GPtrArray) missing = adj_rr_missing_strengths (battle);
  json_object *variants = json_object_new_array ();
  json_object *ids = json_object_new_array ();
  int balance = 0;

  for (guint r = 0; shape != NULL && r < shape->n_rows; r++)
    {
      const AdjChoice *row = &shape->rows[r];
      json_object *v = adj_json_new_id_label (row->id, adj_gettext (row->label));
      int rating = 0;
      gboolean chosen = opts->variants != NULL &&
                        g_strv_contains ((const char * const *) opts->variants, row->id);

      if (adj_rr_variant_rating (battle, row->id, &rating))
        json_object_object_add (v, "rating", json_object_new_int (rating));
      else
        json_object_object_add (v, "rating", NULL);
      json_object_object_add (v, "chosen", json_object_new_boolean (chosen));
      if (chosen)
        balance += rating;
      json_object_array_add (variants, v);
    }
  for (guint i = 0; i < missing->len; i++)
    json_object_array_add (ids, json_object_new_string (g_ptr_array_index (missing, i)));
  json_object_object_add (out, "variants", variants);
  json_object_object_add (out, "balance", json_object_new_int (balance));
  json_object_object_add (out, "missing_strengths", ids);
}

static void
print_setup_text (json_object *out)
{
  json_object *variants = json_object_object_get (out, "variants");
  json_object *missing = json_object_object_get (out, "missing_strengths");

  printf ("%s\n", _("Variants (balance rating; the ratings of those chosen must add up to 0):"));
  for (gsize i = 0; i < json_object_array_length (variants); i++)
    {
      json_object *v = json_object_array_get_idx (variants, i);
      json_object *rating = json_object_object_get (v, "rating");
      g_autofree char *number = rating != NULL ? g_strdup_printf ("%+d",
                                                                  json_object_get_int (rating))
                                               : g_strdup ("—");

      printf ("  %s %-16s %-4s %s\n",
              json_object_get_boolean (json_object_object_get (v, "chosen")) ? "[x]" : "[ ]",
              member_string (v, "id"), number, member_string (v, "label"));
    }
  /* TRANSLATORS: the sum of the ratings of the variants chosen, e.g. "Balance: +0" */
  printf (_("Balance: %+d\n"), member_int (out, "balance"));
  if (json_object_array_length (missing) > 0)
    {
      /* TRANSLATORS: followed by unit ids */
      printf ("%s", _("Counters still without their strengths (set-up goes ahead without them):"));
      for (gsize i = 0; i < json_object_array_length (missing); i++)
        printf (" %s", json_object_get_string (json_object_array_get_idx (missing, i)));
      printf ("\n");
    }
}

/* Load the battle of an action or a step, run it, check the dice were all used, save with
 * --apply, and print. */
static int
run_action (const AdjCliOptions *opts,
            const char          *command,
            const char          *path,
            const Action        *action,
            const char * const  *args)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  guint before;

  if (!adj_random_new_entered (opts->dice, &random, &error))
    return adj_cli_usage_error ("--dice: %s", error->message);
  /* Held from reading the battle to saving it, so that no other writer's change is lost. */
  if (opts->apply && (lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL)
    return adj_cli_fail (error);
  if ((battle = load_rr_battle (path, command, &error)) == NULL)
    return adj_cli_fail (error);
  before = adj_battle_get_journal (battle)->position;
  json_object_object_add (out, "action", json_object_new_string (action->name));
  if (g_str_equal (action->name, "setup") && !opts->apply)
    add_setup_report (battle, opts, out);
  if (!action->run (battle, opts, args, random, out, &error) ||
      (random != NULL && !adj_random_check_used (random, &error)))
    return adj_cli_fail (error);
  json_object_object_add (out, "applied", json_object_new_boolean (opts->apply));
  if (!opts->apply)
    {
      /* Carried out in memory only to see that it is allowed: what it did stays unseen. */
      json_object_object_del (out, "found");
      json_object_object_del (out, "withdrew");
      json_object_object_del (out, "note");
      json_object_object_add (out, "allowed", json_object_new_boolean (TRUE));
      if (opts->json)
        adj_cli_print_json (opts, out);
      else
        {
          if (g_str_equal (action->name, "setup"))
            print_setup_text (out);
          printf ("%s\n", _("Allowed now. Nothing was saved: add --apply to do it."));
        }
      return 0;
    }
  if (!adj_store_save_battle (battle, path, &error))
    return adj_cli_fail (error);
  {
    g_autoptr(GPtrArray) made = entries_since (battle, before);
    json_object *did = entries_json (made);

    json_object_object_add (out, "did", did);
    if (opts->json)
      {
        json_object_object_add (out, "step", step_json (battle, path));
        adj_cli_print_json (opts, out);
      }
    else
      {
        print_entries_text (did, "");
        if (json_object_object_get (out, "note") != NULL)
          printf ("%s\n", member_string (out, "note"));
      }
  }
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* the commands                                                                                */

static int
rr_show (const AdjCliOptions *opts,
         const char          *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = load_rr_battle (path, "rr show", &error);
  g_autoptr(json_object) summary = NULL;

  if (battle == NULL)
    return adj_cli_fail (error);
  summary = adj_rr_summary (battle);
  if (opts->json)
    adj_cli_print_json (opts, summary);
  else
    print_board_text (battle, summary);
  return 0;
}

int
adj_cli_rr (const AdjCliOptions *opts)
{
  const Action *action = NULL;
  g_autofree char *command = NULL;
  const char *name;
  int status, value;

  if (opts->args->len < 2)
    {
      g_autofree char *names = action_names ();

      return adj_cli_usage_error (_("“rr” takes an action and a battle: rr ACTION BATTLE ..., "
                                    "the actions being %s"), names);
    }
  name = g_ptr_array_index (opts->args, 0);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    if (g_str_equal (actions[i].name, name))
      action = &actions[i];
  if (action == NULL)
    {
      g_autofree char *names = action_names ();

      return adj_cli_usage_error (_("“rr” has no action “%s”; it has %s"), name, names);
    }
  command = g_strconcat ("rr ", action->name, NULL);
  if (opts->args->len != action->n_args + 2)
    /* TRANSLATORS: e.g. "“rr order” takes a battle and BRIGADE AREA [--long]" */
    return adj_cli_usage_error (_("“%s” takes a battle and %s"), command,
                                action->n_args > 0 ? action->usage : _("nothing more"));
  if ((status = check_options (opts, command, action->takes)) != 0)
    return status;
  if (opts->modifier != NULL &&
      (status = parse_int_option ("--modifier", opts->modifier, -9, 9, &value)) != 0)
    return status;
  if (opts->times != NULL &&
      (status = parse_int_option ("--times", opts->times, 1, 20, &value)) != 0)
    return status;
  if (g_str_equal (action->name, "status") &&
      (status = parse_int_option ("LINE", g_ptr_array_index (opts->args, 2), 1, 99,
                                  &value)) != 0)
    return status;
  if (g_str_equal (action->name, "holds"))
    {
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (who_holds); i++)
        known = known || g_str_equal (g_ptr_array_index (opts->args, 3), who_holds[i].word);
      if (!known)
        return adj_cli_usage_error (_("Who holds the emplacement: “british”, “boers”, “both” or "
                                      "“nobody”, not “%s”"),
                                    (const char *) g_ptr_array_index (opts->args, 3));
    }
  if (action->run == NULL)
    return rr_show (opts, g_ptr_array_index (opts->args, 1));
  return run_action (opts, command, g_ptr_array_index (opts->args, 1), action,
                     (const char * const *) opts->args->pdata + 2);
}

/* One step of the sequence of play: the step's roll while it waits for one, else the marker
 * moves on (and a step Adjutant carries out itself is done). */
static gboolean
take_step (AdjBattle  *battle,
           AdjRandom  *random,
           GError    **error)
{
  AdjRrTracks t;
  const AdjRrRoll *roll;

  adj_rr_get_tracks (battle, &t);
  roll = adj_rr_step_roll (t.step);
  if (roll != NULL && adj_rr_is_set_up (battle) && adj_rr_roll_wanted (battle))
    return adj_rr_roll (battle, roll->id, random, error);
  if (random != NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("--dice: no roll waits at the step “%s”; without dice “step --apply” moves "
                     "the marker on"),
                   adj_rr_step_label (adj_battle_get_ruleset (battle), t.step));
      return FALSE;
    }
  return adj_rr_next_step (battle, error);
}

int
adj_cli_step (const AdjCliOptions *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(json_object) out = NULL;
  g_autoptr(GPtrArray) made = NULL;
  json_object *did;
  const char *path;
  guint before;
  int status;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“step” takes one battle file"));
  if ((status = check_options (opts, "step", TAKES_APPLY | TAKES_DICE)) != 0)
    return status;
  if (opts->dice != NULL && !opts->apply)
    return adj_cli_usage_error (_("--dice goes with --apply: without it “step” only shows the "
                                  "step"));
  if (!adj_random_new_entered (opts->dice, &random, &error))
    return adj_cli_usage_error ("--dice: %s", error->message);
  path = g_ptr_array_index (opts->args, 0);
  if (opts->apply && (lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL)
    return adj_cli_fail (error);
  if ((battle = load_rr_battle (path, "step", &error)) == NULL)
    return adj_cli_fail (error);
  if (!opts->apply)
    {
      out = step_json (battle, path);
      if (opts->json)
        adj_cli_print_json (opts, out);
      else
        print_step_text (out);
      return 0;
    }

  before = adj_battle_get_journal (battle)->position;
  if (!take_step (battle, random, &error) ||
      (random != NULL && !adj_random_check_used (random, &error)) ||
      !adj_store_save_battle (battle, path, &error))
    return adj_cli_fail (error);
  made = entries_since (battle, before);
  did = entries_json (made);
  out = step_json (battle, path);
  json_object_object_add (out, "applied", json_object_new_boolean (TRUE));
  if (opts->json)
    {
      json_object_object_add (out, "did", did);
      adj_cli_print_json (opts, out);
      return 0;
    }
  print_entries_text (did, "");
  json_object_put (did);
  printf ("\n");
  print_step_text (out);
  return 0;
}
