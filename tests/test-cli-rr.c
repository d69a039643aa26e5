/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-rr.c: Redvers' Reverse from the real adjutant-cli binary — "step" and "rr".
 *
 * Two Game Turns of the demo battle are played twice from one table, with the same dice: once
 * through the command line, once through the core calls the Colenso dashboard makes (and the
 * action panel's, for the mechanics it resolves), and the two battle files must be the same but
 * for the journal's clock.  Nothing hidden shows: two games that differ only in their sealed
 * drift markers and cups print the same, word for word, until the rules turn something over.
 * Each mistake is refused with its reason, a non-zero exit, and the battle file as it was.  And
 * a new game is made and set up from the command line.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-roll-setup.h"
#include "adj-rr.h"
#include "adj-secret.h"
#include "adj-store.h"
#include "adj-test-cli.h"
#include "adj-test-util.h"

/* ------------------------------------------------------------------------------------------ */
/* files                                                                                       */

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* A copy of the demo battle of Redvers' Reverse in @dir, named @name. */
static char *
copy_demo (const char *dir,
           const char *name)
{
  return adj_cli_copy_demo_as (dir, "rr-colenso.json", name);
}

/* A battle file as JSON, without what only says when it was written: each entry's time. */
static char *
battle_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_file (path, &error);
  json_object *entries;

  g_assert_no_error (error);
  entries = adj_test_member (adj_test_member (json, "journal"), "entries");
  for (gsize i = 0; i < json_object_array_length (entries); i++)
    json_object_object_del (json_object_array_get_idx (entries, i), "time");
  return g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PRETTY));
}

static void
save (AdjBattle  *battle,
      const char *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_store_save_battle (battle, path, &error));
  g_assert_no_error (error);
}

static const char *
step_id (AdjBattle *battle)
{
  AdjRrTracks t;

  adj_rr_get_tracks (battle, &t);
  return t.step;
}

/* ------------------------------------------------------------------------------------------ */
/* a game played twice                                                                         */

typedef enum {
  TO,          /* the marker moves on to step @a (a roll it meets on the way is a mistake) */
  ROLL,        /* the step's roll */
  ORDER,       /* @a: brigade, @b: area */
  LONG,        /* Long's free order: @a brigade, @b area */
  CHARGE,      /* @a brigade, @b area */
  REACHED,     /* @a brigade */
  WITHDRAW,    /* @a brigade, @b area, @n the modifier */
  FIND,        /* @a drift, @b unit */
  COMMANDO,    /* @a drift */
  SP_COUNTER,  /* @a commando */
  STATUS,      /* line @n */
  FIRED,       /* @a emplacement */
  HOLDS,       /* @a emplacement, @b who */
  MECHANIC,    /* @a mechanic id, @b its inputs */
} PlayKind;

typedef struct {
  PlayKind    kind;
  const char *a;
  const char *b;
  const char *dice;  /* entered, or NULL: none needed */
  int         n;
} Play;

/* Game Turns 1 and 2 of the demo, from Send Orders: every kind of step the dashboard takes. */
static const Play game[] = {
  { ORDER, "2nd-brigade", "Colenso", NULL, 0 },
  { LONG, "naval-brigade", "Shooter's Hill", NULL, 0 },
  { TO, "roll-send", NULL, NULL, 0 },
  { ROLL, NULL, NULL, "2,2", 0 },                            /* 4: arrives next turn */
  { TO, "boer-guns-fire", NULL, NULL, 0 },
  { MECHANIC, "rr/boer-target", "{\"firer\": \"120-mm-krupp-howitzer\"}", "3", 0 },
  { MECHANIC, "rr/shell-fire", "{\"firer\": \"120-mm-krupp-howitzer\", "
                               "\"target\": \"2nd-devonshire-regiment\"}", "4,5", 0 },
  { MECHANIC, "rr/losses", "{\"unit\": \"2nd-royal-scots-fusiliers\", \"hits\": 5}", NULL, 0 },
  { TO, "brigades-move", NULL, NULL, 0 },
  { FIND, "wagon-drift", "2nd-devonshire-regiment", "4,4", 0 },
  { TO, "commandos-fire", NULL, NULL, 0 },
  { SP_COUNTER, "ermelo-commando", NULL, "5", 0 },
  { MECHANIC, "rr/rifle-fire", "{\"firer\": \"ermelo-commando\", "
                               "\"target\": \"1st-connaught-rangers\"}", "5", 0 },
  { MECHANIC, "rr/leader-reaction", "{\"leader\": \"hart\"}", "3,4", 0 },
  { STATUS, NULL, NULL, NULL, 1 },
  { FIRED, "emplacement-1", NULL, NULL, 0 },
  { TO, "emplacements", NULL, NULL, 0 },
  { HOLDS, "emplacement-1", "british", NULL, 0 },
  { HOLDS, "emplacement-2", "nobody", NULL, 0 },             /* nothing changes */
  /* The victory check moves on to Game Turn 2. */
  { TO, "draw-event", NULL, NULL, 0 },
  { ROLL, NULL, NULL, "1", 0 },                              /* the British event chit */
  { TO, "roll-receive", NULL, NULL, 0 },
  { ROLL, NULL, NULL, "1,1", 0 },                            /* 2: a charge at the guns */
  { CHARGE, "2nd-brigade", "Fort Wylie", NULL, 0 },
  { TO, "withdrawal", NULL, NULL, 0 },
  { WITHDRAW, "6th-brigade", "Chieveley", "4,5", 1 },
  { TO, "brigades-move", NULL, NULL, 0 },
  { REACHED, "2nd-brigade", NULL, NULL, 0 },
  { TO, "commandos-move", NULL, NULL, 0 },
  { COMMANDO, "native-drift", NULL, NULL, 0 },
  { TO, "draw-event", NULL, NULL, 0 },                       /* on into Game Turn 3 */
};

/* The play as the dashboard makes it: the core call behind its button or dialog. */
static void
play_core (AdjBattle  *battle,
           const Play *p)
{
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok = FALSE;

  /* A mechanic's dice go to its roll request instead. */
  if (p->kind != MECHANIC)
    g_assert_true (adj_random_new_entered (p->dice, &random, &error));
  switch (p->kind)
    {
    case TO:
      for (guint guard = 0; guard < 40 && !g_str_equal (step_id (battle), p->a); guard++)
        {
          adj_rr_next_step (battle, &error);
          g_assert_no_error (error);
        }
      ok = g_str_equal (step_id (battle), p->a);
      break;
    case ROLL:
      ok = adj_rr_roll (battle, adj_rr_step_roll (step_id (battle))->id, random, &error);
      break;
    case ORDER:
    case LONG:
      ok = adj_rr_plan_order (battle, p->a, p->b, p->kind == LONG, &error);
      break;
    case CHARGE:
      ok = adj_rr_place_objective (battle, p->a, p->b, &error);
      break;
    case REACHED:
      ok = adj_rr_objective_reached (battle, p->a, &error);
      break;
    case WITHDRAW:
      ok = adj_rr_emergency_withdrawal (battle, p->a, p->b, p->n, random, NULL, &error);
      break;
    case FIND:
      ok = adj_rr_find_drift (battle, p->a, p->b, random, NULL, &error);
      break;
    case COMMANDO:
      ok = adj_rr_commando_opens_drift (battle, p->a, &error);
      break;
    case SP_COUNTER:
      ok = adj_rr_draw_sp_counter (battle, p->a, random, &error);
      break;
    case STATUS:
      ok = adj_rr_apply_status (battle, (guint) p->n, 1, &error);
      break;
    case FIRED:
      ok = adj_rr_emplacement_fired (battle, p->a, &error);
      break;
    case HOLDS:
      ok = adj_rr_update_emplacement (battle, p->a, g_str_equal (p->b, "british"),
                                      g_str_equal (p->b, "boers"), &error);
      break;
    case MECHANIC:
      {
        /* As the action panel rolls with dice entered, and applies. */
        const AdjMechanic *mech = adj_mechanic_lookup (p->a);
        g_autoptr(json_object) inputs = adj_test_parse (p->b);
        g_autoptr(GArray) dice = NULL;
        g_auto(AdjRollSetup) setup = { 0 };
        g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);
        AdjRollRequest request = { .battle = battle, .inputs = inputs, .file = "inputs",
                                   .entered = p->dice != NULL };

        if (p->dice != NULL)
          g_assert_true (adj_dice_parse (p->dice, &dice, NULL));
        request.dice = dice;
        ok = adj_roll_setup_prepare (mech, &request, &setup, &error) &&
             adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome,
                                   &error) &&
             adj_battle_apply_outcome (battle, setup.inputs, outcome, &error);
        break;
      }
    default:
      g_assert_not_reached ();
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  if (random != NULL)
    {
      g_assert_true (adj_random_check_used (random, &error));
      g_assert_no_error (error);
    }
}

/* The step the battle at @path is at, as "step --json" says. */
static char *
cli_step (const char *path)
{
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  ADJ_CLI_RUN (&r, NULL, "step", path, "--json");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  return g_strdup (json_object_get_string (adj_test_member (adj_test_member (json, "step"), "id")));
}

/* The same play from the command line. */
static void
play_cli (const char *path,
          const Play *p)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *input = NULL;
  g_autofree char *modifier = g_strdup_printf ("%d", p->n);
  g_auto(AdjCliRun) r = { 0 };
  static const char *const action[] = {
    [ORDER] = "order", [LONG] = "order", [CHARGE] = "charge", [REACHED] = "reached",
    [WITHDRAW] = "withdraw", [FIND] = "find", [COMMANDO] = "commando",
    [SP_COUNTER] = "sp-counter", [STATUS] = "status", [FIRED] = "fired", [HOLDS] = "holds",
  };

  if (p->kind == TO)
    {
      g_autofree char *at = cli_step (path);

      /* Each step taken prints the step it comes to. */
      for (guint guard = 0; guard < 40 && !g_str_equal (at, p->a); guard++)
        {
          g_autoptr(json_object) json = NULL;

          ADJ_CLI_RUN (&r, NULL, "step", path, "--apply", "--json");
          adj_cli_assert_ok (&r);
          json = adj_cli_out_json (&r);
          g_free (at);
          at = g_strdup (json_object_get_string (adj_test_member (adj_test_member (json, "step"),
                                                                  "id")));
        }
      g_assert_cmpstr (at, ==, p->a);
      return;
    }
  if (p->kind == ROLL)
    g_ptr_array_add (args, (gpointer) "step");
  else if (p->kind == MECHANIC)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      input = g_build_filename (dir, "input.json", NULL);
      g_assert_true (g_file_set_contents (input, p->b, -1, NULL));
      g_ptr_array_add (args, (gpointer) "resolve");
      g_ptr_array_add (args, (gpointer) p->a);
      g_ptr_array_add (args, (gpointer) "--battle");
    }
  else
    {
      g_ptr_array_add (args, (gpointer) "rr");
      g_ptr_array_add (args, (gpointer) action[p->kind]);
    }
  g_ptr_array_add (args, (gpointer) path);
  if (p->kind == MECHANIC)
    {
      g_ptr_array_add (args, (gpointer) "--input");
      g_ptr_array_add (args, input);
    }
  else if (p->kind == STATUS)
    g_ptr_array_add (args, modifier);
  else if (p->kind != ROLL)
    {
      g_ptr_array_add (args, (gpointer) p->a);
      if (p->b != NULL)
        g_ptr_array_add (args, (gpointer) p->b);
    }
  if (p->kind == LONG)
    g_ptr_array_add (args, (gpointer) "--long");
  if (p->kind == WITHDRAW)
    {
      g_ptr_array_add (args, (gpointer) "--modifier");
      g_ptr_array_add (args, modifier);
    }
  if (p->dice != NULL)
    {
      g_ptr_array_add (args, (gpointer) "--dice");
      g_ptr_array_add (args, (gpointer) p->dice);
    }
  g_ptr_array_add (args, (gpointer) "--apply");
  g_ptr_array_add (args, NULL);
  adj_cli_run (&r, NULL, (const char **) args->pdata);
  adj_cli_assert_ok (&r);
  if (input != NULL)
    g_assert_cmpint (g_unlink (input), ==, 0);
}

static void
test_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *cli = copy_demo (dir, "cli.json");
  g_autofree char *core_path = g_build_filename (dir, "core.json", NULL);
  g_autofree char *cli_text = NULL;
  g_autofree char *core_text = NULL;
  g_autoptr(AdjBattle) battle = adj_test_load_battle (cli);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (game); i++)
    {
      play_core (battle, &game[i]);
      play_cli (cli, &game[i]);
    }
  g_assert_cmpint (adj_battle_get_turn (battle), ==, 3);
  save (battle, core_path);
  cli_text = battle_text (cli);
  core_text = battle_text (core_path);
  if (!g_str_equal (cli_text, core_text))
    {
      /* Line by line, the first difference. */
      g_auto(GStrv) a = g_strsplit (cli_text, "\n", -1);
      g_auto(GStrv) b = g_strsplit (core_text, "\n", -1);

      for (guint i = 0; a[i] != NULL && b[i] != NULL; i++)
        if (!g_str_equal (a[i], b[i]))
          g_error ("the battle files differ at line %u: “%.160s” from the command line, "
                   "“%.160s” from the core", i + 1, a[i], b[i]);
      g_error ("the battle files differ in length");
    }
  /* The game went where the table says: every kind of step left its line. */
  {
    static const char *const lines[] = {
      "Long sends the Naval Brigade to Shooter's Hill",
      "Wagon Drift: 2nd Devonshire Regiment looks for it",
      "SP counter for Ermelo Commando",
      "Status chart, line 1",
      "the British capture the emplacement at Fort Wylie",
      "British Event: chit drawn",
      "Receive Orders roll, Hildyard (Colenso)",
      "Hildyard charges the guns: his Objective Marker goes to Fort Wylie",
      "Emergency withdrawal, Barton",
      "Hildyard reaches Fort Wylie",
      "Native Drift: a commando crosses",
      "Victory: the battle goes on — the Game Turn moves to 3",
    };

    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      if (strstr (cli_text, lines[i]) == NULL)
        g_error ("the game has no line “%s”", lines[i]);
  }
  adj_test_remove_tree (dir);
}

/* ------------------------------------------------------------------------------------------ */
/* the step                                                                                    */

static void
test_step (void)
{
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *path = copy_demo (dir, "b.json");
  g_autofree char *before = read_text (path);
  g_autofree char *after = NULL;
  g_autoptr(json_object) json = NULL;
  g_auto(AdjCliRun) r = { 0 };
  json_object *step, *actions, *did;
  gboolean order = FALSE, next = FALSE;

  /* Where the demo starts, in words and as JSON. */
  ADJ_CLI_RUN (&r, NULL, "step", path);
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "Turn 1 of 20 · Orders phase\n"
                                          "British Send Orders, step 1 of 2: Choose "
                                          "objectives\n"));
  g_assert_nonnull (strstr (r.out, "8 CP left, 0 spent"));
  g_assert_nonnull (strstr (r.out, "rr order "));
  g_assert_nonnull (strstr (r.out, "- 2nd-brigade  2nd (English) Infantry Brigade · Hildyard"));
  ADJ_CLI_RUN (&r, NULL, "step", path, "--json");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  step = adj_test_member (json, "step");
  g_assert_cmpstr (json_object_get_string (adj_test_member (step, "id")), ==, "plan-orders");
  g_assert_true (json_object_is_type (adj_test_member (step, "pending"), json_type_null));
  g_assert_true (json_object_is_type (adj_test_member (json, "roll"), json_type_null));
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "cp")), ==, 8);
  actions = adj_test_member (json, "actions");
  for (gsize i = 0; i < json_object_array_length (actions); i++)
    {
      json_object *action = json_object_array_get_idx (actions, i);
      const char *command = json_object_get_string (adj_test_member (action, "command"));

      order |= g_str_equal (command, "rr order");
      next |= g_str_equal (command, "step");
    }
  g_assert_true (order && next);

  /* Without --apply nothing is saved, and an action only says that it is allowed. */
  ADJ_CLI_RUN (&r, NULL, "rr", "order", path, "2nd-brigade", "Colenso");
  adj_cli_assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "Allowed now. Nothing was saved: add --apply to do it.\n");
  ADJ_CLI_RUN (&r, NULL, "rr", "order", path, "2nd-brigade", "Colenso", "--json");
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  g_assert_true (json_object_get_boolean (adj_test_member (json, "allowed")));
  g_assert_false (json_object_get_boolean (adj_test_member (json, "applied")));
  after = read_text (path);
  g_assert_cmpstr (after, ==, before);

  /* With it, the order is given: its line is printed, and the step waits for its roll. */
  ADJ_CLI_RUN (&r, NULL, "rr", "order", path, "2nd-brigade", "Colenso", "--apply");
  adj_cli_assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "Send Orders: Hildyard’s 2nd (English) Infantry Brigade is to "
                              "make for Colenso — 1 CP, 7 left\n");
  ADJ_CLI_RUN (&r, NULL, "step", path, "--apply", "--json");
  adj_cli_assert_ok (&r);
  g_clear_pointer (&json, json_object_put);
  json = adj_cli_out_json (&r);
  step = adj_test_member (json, "step");
  g_assert_cmpstr (json_object_get_string (adj_test_member (step, "id")), ==, "roll-send");
  g_assert_nonnull (strstr (json_object_get_string (adj_test_member (step, "pending")),
                            "Hildyard"));
  g_assert_true (json_object_get_boolean (adj_test_member (adj_test_member (json, "roll"),
                                                           "wanted")));
  did = json_object_array_get_idx (adj_test_member (json, "did"), 0);
  g_assert_cmpstr (json_object_get_string (adj_test_member (did, "kind")), ==, "turn");
  /* The roll is what "step --apply" does now; then it moves on. */
  ADJ_CLI_RUN (&r, NULL, "step", path, "--apply", "--dice", "2,2");
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "Send Orders roll, Hildyard (Colenso): the order "
                                          "arrives — Objective Marker in the turn 2 box\n\n"));
  g_assert_nonnull (strstr (r.out, "Done at this step:\n  Send Orders roll, Hildyard"));
  ADJ_CLI_RUN (&r, NULL, "step", path, "--apply");
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "Turn 1 · Orders phase · British Receive Orders, "
                                          "step 1 of 1"));
  adj_test_remove_tree (dir);
}

/* ------------------------------------------------------------------------------------------ */
/* a new game set up from the command line                                                     */

/* The demo's strengths as "new" takes them, and its charts as a tables file. */
static void
write_demo_parts (const char *strengths,
                  const char *tables)
{
  g_autofree char *demo = adj_cli_demo_path ("rr-colenso.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = adj_json_parse_file (demo, &error);
  g_autoptr(json_object) out = json_object_new_object ();
  json_object *units = adj_test_member (json, "units");

  g_assert_no_error (error);
  for (gsize i = 0; i < json_object_array_length (units); i++)
    {
      json_object *unit = json_object_array_get_idx (units, i);
      json_object *status = adj_test_member (unit, "status");
      json_object *one = json_object_new_object ();

      for (const char * const *key = (const char * const[]) { "sp", "reduced_sp",
                                                              "order_modifier", NULL };
           *key != NULL; key++)
        if (json_object_object_get (status, *key) != NULL)
          json_object_object_add (one, *key, json_object_get (adj_test_member (status, *key)));
      if (json_object_object_length (one) > 0)
        json_object_object_add (out, json_object_get_string (adj_test_member (unit, "id")), one);
      else
        json_object_put (one);
    }
  g_assert_true (g_file_set_contents (strengths, json_object_to_json_string (out), -1, NULL));
  g_assert_true (g_file_set_contents (tables,
                                      json_object_to_json_string (adj_test_member (json, "tables")),
                                      -1, NULL));
}

/* A new game with @seed, set up with the drift markers @dice draw. */
static void
new_game (const char *path,
          const char *strengths,
          const char *tables,
          const char *seed,
          const char *dice)
{
  g_auto(AdjCliRun) r = { 0 };

  ADJ_CLI_RUN (&r, NULL, "new", "rr", "--input", strengths, "--seed", seed, "--name", "Colenso",
               "--output", path);
  adj_cli_assert_ok (&r);
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--emplacement", "Fort Wylie",
               "--dice", dice, "--apply");
  adj_cli_assert_ok (&r);
}

static void
test_setup (void)
{
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *path = g_build_filename (dir, "new.json", NULL);
  g_autofree char *strengths = g_build_filename (dir, "strengths.json", NULL);
  g_autofree char *tables = g_build_filename (dir, "tables.json", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_auto(AdjCliRun) r = { 0 };

  write_demo_parts (strengths, tables);
  ADJ_CLI_RUN (&r, NULL, "new", "rr", "--input", strengths, "--seed", "7", "--output", path);
  adj_cli_assert_ok (&r);
  ADJ_CLI_RUN (&r, NULL, "new", "rr", "--army", "x", "--army", "y");
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "takes no --army"));
  /* Before set-up the step says so. */
  ADJ_CLI_RUN (&r, NULL, "step", path);
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "The game is not set up yet\n"));
  g_assert_nonnull (strstr (r.out, "rr setup "));

  /* The variants with their ratings (the demo's: all 0 but two), and the balance. */
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--json");
  adj_cli_assert_ok (&r);
  json = adj_cli_out_json (&r);
  g_assert_cmpint (json_object_get_int (adj_test_member (json, "balance")), ==, 0);
  g_assert_cmpuint (json_object_array_length (adj_test_member (json, "variants")), >, 0);
  g_assert_cmpuint (json_object_array_length (adj_test_member (json, "missing_strengths")), ==, 0);
  before = read_text (path);
  /* Ratings that do not balance, a variant the chart lacks, an area named twice, no charts. */
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--variant", "hesitate",
               "--apply");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "must balance out to 0"));
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--variant", "fly", "--apply");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "“fly” is not a variant of the Variants chart"));
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--emplacement", "Red Hill",
               "--emplacement", "Red Hill", "--apply");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "“Red Hill” is named twice"));
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--apply");
  g_assert_cmpint (r.status, ==, 1);
  after = read_text (path);
  g_assert_cmpstr (after, ==, before);

  /* Set up for good with three variants that balance (−1, −1 and +2 on the demo's chart): one
   * entry, Game Turn 1 at Send Orders. */
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--emplacement", "Red Hill",
               "--variant", "hesitate", "--variant", "close-order", "--variant", "no-hlangwane");
  adj_cli_assert_ok (&r);
  g_assert_nonnull (strstr (r.out, "[x] hesitate"));
  g_assert_nonnull (strstr (r.out, "Balance: +0\n"));
  g_assert_true (g_str_has_suffix (r.out, "Allowed now. Nothing was saved: add --apply to do "
                                          "it.\n"));
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--emplacement", "Red Hill",
               "--variant", "hesitate", "--variant", "close-order", "--variant", "no-hlangwane",
               "--apply");
  adj_cli_assert_ok (&r);
  g_assert_true (g_str_has_prefix (r.out, "Set-up: drift markers placed face down"));
  battle = adj_test_load_battle (path);
  g_assert_true (adj_rr_is_set_up (battle));
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 1);
  g_assert_cmpstr (step_id (battle), ==, "plan-orders");
  ADJ_CLI_RUN (&r, NULL, "rr", "setup", path, "--tables", tables, "--apply");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "The game is set up already"));
  adj_test_remove_tree (dir);
}

/* ------------------------------------------------------------------------------------------ */
/* nothing hidden shows                                                                        */

static char *
opened (const char *path,
        const char *secret)
{
  g_autoptr(AdjBattle) battle = adj_test_load_battle (path);
  g_autoptr(GError) error = NULL;
  char *text = adj_secret_open (adj_battle_get_secret (battle, secret), &error);

  g_assert_no_error (error);
  return text;
}

/* Both games answer @args (with "@" for the battle) alike, once the battle's path is taken
 * out; the exit status is returned. */
static int
same_answer (const char         *a,
             const char         *b,
             const char * const *args)
{
  g_auto(AdjCliRun) ra = { 0 };
  g_auto(AdjCliRun) rb = { 0 };
  const char *argv_a[16], *argv_b[16];
  g_autofree char *dir_a = g_path_get_dirname (a);
  g_autofree char *dir_b = g_path_get_dirname (b);
  g_autoptr(GString) out_a = NULL;
  g_autoptr(GString) out_b = NULL;
  guint n = 0;

  for (; args[n] != NULL; n++)
    {
      g_assert_cmpuint (n, <, 15);
      argv_a[n] = g_str_equal (args[n], "@") ? a : args[n];
      argv_b[n] = g_str_equal (args[n], "@") ? b : args[n];
    }
  argv_a[n] = argv_b[n] = NULL;
  adj_cli_run (&ra, NULL, argv_a);
  adj_cli_run (&rb, NULL, argv_b);
  out_a = g_string_new (ra.out);
  out_b = g_string_new (rb.out);
  g_string_append (out_a, ra.err);
  g_string_append (out_b, rb.err);
  g_string_replace (out_a, dir_a, "DIR", 0);
  g_string_replace (out_b, dir_b, "DIR", 0);
  g_assert_cmpint (ra.status, ==, rb.status);
  if (!g_str_equal (out_a->str, out_b->str))
    g_error ("“%s” shows what is hidden:\n%s\n— against —\n%s", args[0], out_a->str,
             out_b->str);
  return ra.status;
}

#define SAME(status, ...) G_STMT_START { \
    const char *same_args_[] = { __VA_ARGS__, NULL }; \
    g_assert_cmpint (same_answer (a, b, same_args_), ==, (status)); \
  } G_STMT_END

static void
test_hidden (void)
{
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *dir_a = g_build_filename (dir, "a", NULL);
  g_autofree char *dir_b = g_build_filename (dir, "b", NULL);
  g_autofree char *a = g_build_filename (dir_a, "colenso.json", NULL);
  g_autofree char *b = g_build_filename (dir_b, "colenso.json", NULL);
  g_autofree char *strengths = g_build_filename (dir, "strengths.json", NULL);
  g_autofree char *tables = g_build_filename (dir, "tables.json", NULL);
  g_autofree char *find = g_build_filename (dir, "find.json", NULL);
  g_autofree char *drifts_a = NULL;
  g_autofree char *drifts_b = NULL;
  g_autofree char *cups_a = NULL;
  g_autofree char *cups_b = NULL;
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "adjutant", "tables",
                                                NULL);
  g_autofree char *user_tables = g_build_filename (user_dir, "rr.json", NULL);
  gboolean ordered = FALSE, rolled = FALSE;
  g_auto(AdjCliRun) r = { 0 };

  g_assert_cmpint (g_mkdir (dir_a, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (dir_b, 0700), ==, 0);
  write_demo_parts (strengths, tables);
  /* The charts as a player keeps them, typed in once: every command reads them. */
  g_assert_cmpint (g_mkdir_with_parents (user_dir, 0700), ==, 0);
  {
    g_autofree char *text = read_text (tables);

    g_assert_true (g_file_set_contents (user_tables, text, -1, NULL));
  }
  g_assert_true (g_file_set_contents (find, "{\"unit\": \"2nd-devonshire-regiment\", "
                                            "\"drift\": \"wagon-drift\"}", -1, NULL));
  /* The same game but for what is sealed: other drift markers, other cups. */
  new_game (a, strengths, tables, "1", "1,1,1,1,1,1");
  new_game (b, strengths, tables, "2", "5,4,3,4,3,2");
  drifts_a = opened (a, ADJ_RR_DRIFTS_SECRET);
  drifts_b = opened (b, ADJ_RR_DRIFTS_SECRET);
  cups_a = opened (a, ADJ_RR_CUPS_SECRET);
  cups_b = opened (b, ADJ_RR_CUPS_SECRET);
  g_assert_cmpstr (drifts_a, !=, drifts_b);
  g_assert_cmpstr (cups_a, !=, cups_b);

  /* Every command that reads, and every action checked without --apply, prints the same; and
   * so does every step taken, which prints the next. */
  for (guint i = 0; i < 30; i++)
    {
      g_autoptr(AdjBattle) battle = adj_test_load_battle (a);
      const char *at = step_id (battle);

      if (g_str_equal (at, "plan-orders") || g_str_equal (at, "brigades-move") ||
          g_str_equal (at, "commandos-fire"))
        {
          SAME (0, "step", "@");
          SAME (0, "rr", "show", "@");
          SAME (0, "rr", "show", "@", "--json");
          SAME (0, "state", "@");
          SAME (0, "validate", "@");
          SAME (0, "odds", "rr/find-drift", "--battle", "@", "--input", find);
          /* A search shown and not applied would show the marker: it is not made. */
          SAME (2, "resolve", "rr/find-drift", "--battle", "@", "--input", find, "--dice", "2,2");
        }
      if (g_str_equal (at, "brigades-move"))
        {
          SAME (0, "rr", "find", "@", "wagon-drift", "2nd-devonshire-regiment", "--dice", "6,6");
          SAME (0, "rr", "find", "@", "wagon-drift", "2nd-devonshire-regiment", "--dice", "1,1",
                "--json");
        }
      if (g_str_equal (at, "commandos-fire"))
        {
          SAME (0, "rr", "sp-counter", "@", "ermelo-commando", "--dice", "1");
          SAME (0, "rr", "sp-counter", "@", "ermelo-commando", "--json");
          break;
        }
      if (g_str_equal (at, "plan-orders") && !ordered)
        SAME (0, "rr", "order", "@", "2nd-brigade", "Colenso", "--apply", "--json");
      else if (g_str_equal (at, "roll-send") && !rolled)
        SAME (0, "step", "@", "--apply", "--dice", "2,2", "--json");
      else
        SAME (0, "step", "@", "--apply", "--json");
      ordered = ordered || g_str_equal (at, "plan-orders");
      rolled = rolled || g_str_equal (at, "roll-send");
    }
  {
    g_autoptr(AdjBattle) battle = adj_test_load_battle (a);

    g_assert_cmpstr (step_id (battle), ==, "commandos-fire");
  }

  /* What the rules turn over shows: the test sees a difference when there is one. */
  {
    g_autoptr(json_object) sealed_a = adj_test_parse (drifts_a);
    g_autoptr(json_object) sealed_b = adj_test_parse (drifts_b);
    int value_a = json_object_get_int (adj_test_member (adj_test_member (sealed_a, "areas"),
                                                         "wagon-drift"));
    int value_b = json_object_get_int (adj_test_member (adj_test_member (sealed_b, "areas"),
                                                         "wagon-drift"));
    g_autofree char *shows = g_strdup_printf ("(marker %d)", value_a);

    /* As the referee's ruling: the step is not the drift's. */
    ADJ_CLI_RUN (&r, NULL, "resolve", "rr/find-drift", "--battle", a, "--input", find, "--allow",
                 "--dice", "2,2", "--apply");
    adj_cli_assert_ok (&r);
    g_assert_nonnull (strstr (r.out, shows));
    ADJ_CLI_RUN (&r, NULL, "resolve", "rr/find-drift", "--battle", b, "--input", find, "--allow",
                 "--dice", "2,2", "--apply");
    adj_cli_assert_ok (&r);
    if (value_a != value_b)
      {
        g_auto(AdjCliRun) ra = { 0 };
        g_auto(AdjCliRun) rb = { 0 };

        ADJ_CLI_RUN (&ra, NULL, "rr", "show", a, "--json");
        ADJ_CLI_RUN (&rb, NULL, "rr", "show", b, "--json");
        g_assert_cmpstr (ra.out, !=, rb.out);
      }
  }
  g_assert_cmpint (g_unlink (user_tables), ==, 0);
  adj_test_remove_tree (dir);
}

/* ------------------------------------------------------------------------------------------ */
/* mistakes                                                                                    */

typedef struct {
  const char *name;
  const char *at;           /* the step the battle is walked to first, or NULL: Send Orders */
  const char *receive;      /* at Receive Orders, these dice are rolled first, or NULL */
  const char *args[12];     /* "@" is the battle */
  int         status;
  const char *message;      /* in what stderr says */
} BadCase;

static const BadCase bad_cases[] = {
  { "no-action", NULL, NULL, { "rr" }, 2, "“rr” takes an action and a battle" },
  { "unknown-action", NULL, NULL, { "rr", "fly", "@" }, 2, "“rr” has no action “fly”" },
  { "order-args", NULL, NULL, { "rr", "order", "@", "2nd-brigade", "--apply" }, 2,
    "“rr order” takes a battle and BRIGADE AREA [--long]" },
  { "order-dice", NULL, NULL, { "rr", "order", "@", "2nd-brigade", "Colenso", "--dice", "3" }, 2,
    "--dice does not belong to “rr order”" },
  { "order-input", NULL, NULL, { "rr", "order", "@", "2nd-brigade", "Colenso", "--input", "x" }, 2,
    "--input does not belong to “rr order”" },
  { "unknown-brigade", NULL, NULL, { "rr", "order", "@", "7th-brigade", "Colenso", "--apply" }, 1,
    "There is no brigade “7th-brigade”" },
  { "order-drift", NULL, NULL, { "rr", "order", "@", "2nd-brigade", "Wagon Drift", "--apply" }, 1,
    "“Wagon Drift” is a drift" },
  { "long-infantry", NULL, NULL, { "rr", "order", "@", "2nd-brigade", "Colenso", "--long",
                             "--apply" }, 1, "Long gives his free order only to a brigade of "
                                              "batteries" },
  { "step-dice-alone", NULL, NULL, { "step", "@", "--dice", "3,4" }, 2, "--dice goes with --apply" },
  { "step-no-roll", NULL, NULL, { "step", "@", "--apply", "--dice", "3,4" }, 1,
    "--dice: no roll waits at the step “Choose objectives”" },
  { "step-bad-dice", NULL, NULL, { "step", "@", "--apply", "--dice", "3,x" }, 2,
    "--dice: “x” is not a die roll" },
  { "step-args", NULL, NULL, { "step", "@", "@" }, 2, "“step” takes one battle file" },
  { "charge-pending", "roll-receive", "1,1", { "step", "@", "--apply" }, 1,
    "Roll for the orders arriving and place the Objective Marker of every charge first "
    "(Hildyard)" },
  { "charge-dice", "roll-receive", "1,1", { "step", "@", "--apply", "--dice", "3,3" }, 1,
    "--dice: no roll waits at the step" },
  { "too-many-dice", "roll-receive", NULL, { "step", "@", "--apply", "--dice", "4,4,4" }, 1,
    "Too many dice: 3 were entered but only 2 used" },
  { "find-segment", NULL, NULL, { "rr", "find", "@", "wagon-drift", "2nd-devonshire-regiment",
                            "--dice", "3,3", "--apply" }, 1,
    "in the British Movement segment" },
  { "find-unknown", "brigades-move", NULL, { "rr", "find", "@", "no-drift",
                                       "2nd-devonshire-regiment", "--apply" }, 1,
    "There is no drift “no-drift”" },
  { "find-battery", "brigades-move", NULL, { "rr", "find", "@", "wagon-drift", "7th-field-battery",
                                       "--apply" }, 1,
    "Only a battalion or a regiment in play looks for a drift" },
  { "find-more-dice", "brigades-move", NULL, { "rr", "find", "@", "wagon-drift",
                                         "2nd-devonshire-regiment", "--dice", "3,3,3",
                                         "--apply" }, 1, "Too many dice" },
  { "find-shown", "brigades-move", NULL, { "resolve", "rr/find-drift", "--battle", "@", "--input",
                                     "no-such-input.json" }, 2,
    "against a battle it is resolved only with --apply" },
  { "status-line", NULL, NULL, { "rr", "status", "@", "0", "--apply" }, 2,
    "LINE takes a whole number from 1 to 99, not “0”" },
  { "status-chart", NULL, NULL, { "rr", "status", "@", "99", "--apply" }, 1,
    "The Status chart has lines 1 to" },
  { "status-times", NULL, NULL, { "rr", "status", "@", "1", "--times", "0", "--apply" }, 2,
    "--times takes a whole number from 1 to 20, not “0”" },
  { "withdraw-modifier", NULL, NULL, { "rr", "withdraw", "@", "6th-brigade", "Chieveley",
                                 "--modifier", "12", "--apply" }, 2,
    "--modifier takes a whole number from -9 to 9, not “12”" },
  { "withdraw-step", NULL, NULL, { "rr", "withdraw", "@", "6th-brigade", "Chieveley", "--apply" }, 1,
    "The emergency withdrawal test is taken at its own step" },
  { "withdraw-eligible", "withdrawal", NULL, { "rr", "withdraw", "@", "6th-brigade", "Chieveley",
                                         "--dice", "3,3", "--apply" }, 1,
    "quarter" },
  { "charge-none", NULL, NULL, { "rr", "charge", "@", "2nd-brigade", "Fort Wylie", "--apply" }, 1,
    "Hildyard is not charging the guns" },
  { "reached-segment", NULL, NULL, { "rr", "reached", "@", "2nd-brigade", "--apply" }, 1,
    "in the British Movement segment" },
  { "commando-segment", NULL, NULL, { "rr", "commando", "@", "native-drift", "--apply" }, 1,
    "in the Boer Movement segment" },
  { "sp-counter-step", NULL, NULL, { "rr", "sp-counter", "@", "ermelo-commando", "--apply" }, 1,
    "A commando draws its SP counter as it is about to fire" },
  { "sp-counter-battalion", "commandos-fire", NULL, { "rr", "sp-counter", "@",
                                                "2nd-devonshire-regiment", "--apply" }, 1,
    "Only a commando in play takes an SP counter" },
  { "holds-who", NULL, NULL, { "rr", "holds", "@", "emplacement-1", "maybe", "--apply" }, 2,
    "Who holds the emplacement: “british”, “boers”, “both” or “nobody”, not “maybe”" },
  { "holds-segment", NULL, NULL, { "rr", "holds", "@", "emplacement-1", "british", "--apply" }, 1,
    "Boer Shaken segment" },
  { "fired-unit", NULL, NULL, { "rr", "fired", "@", "hildyard", "--apply" }, 1,
    "Hildyard is not an emplacement" },
  { "fired-unknown", NULL, NULL, { "rr", "fired", "@", "emplacement-9", "--apply" }, 1,
    "The battle has no unit “emplacement-9”" },
  { "setup-again", NULL, NULL, { "rr", "setup", "@", "--apply" }, 1, "The game is set up already" },
  { "show-options", NULL, NULL, { "rr", "show", "@", "--apply" }, 2,
    "--apply does not belong to “rr show”" },
  { "no-file", NULL, NULL, { "rr", "show", "no-such-battle.json" }, 1, "no-such-battle.json" },
  { "other-system", NULL, NULL, { "step", "WEC" }, 1,
    "is a battle of “wec”: “step” plays Redvers' Reverse (rr) only" },
};

static void
test_bad (gconstpointer data)
{
  const BadCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *path = copy_demo (dir, "b.json");
  g_autofree char *wec = adj_cli_demo_path ("wec-zulu-war.json");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *args[G_N_ELEMENTS (c->args) + 1] = { NULL };
  g_auto(AdjCliRun) r = { 0 };

  if (c->at != NULL)
    {
      g_autoptr(AdjBattle) battle = adj_test_load_battle (path);

      /* An order that arrives at once (7 on the demo's Send Orders chart), for the steps that
       * roll for it. */
      g_assert_true (adj_rr_plan_order (battle, "2nd-brigade", "Colenso", FALSE, NULL));
      while (!g_str_equal (step_id (battle), c->at))
        {
          if (g_str_equal (step_id (battle), "roll-send"))
            {
              g_autoptr(AdjRandom) random = NULL;

              g_assert_true (adj_random_new_entered ("3,4", &random, NULL));
              g_assert_true (adj_rr_roll (battle, "roll-send", random, &error));
            }
          if (g_str_equal (step_id (battle), "roll-receive"))
            {
              g_autoptr(AdjRandom) random = NULL;

              g_assert_true (adj_random_new_entered ("5,5", &random, NULL));   /* as ordered */
              g_assert_true (adj_rr_roll (battle, "roll-receive", random, &error));
            }
          g_assert_true (adj_rr_next_step (battle, &error));
          g_assert_no_error (error);
        }
      if (c->receive != NULL)
        {
          g_autoptr(AdjRandom) random = NULL;

          g_assert_true (adj_random_new_entered (c->receive, &random, NULL));
          g_assert_true (adj_rr_roll (battle, "roll-receive", random, &error));
        }
      save (battle, path);
    }
  for (guint i = 0; c->args[i] != NULL; i++)
    args[i] = g_str_equal (c->args[i], "@") ? path
            : g_str_equal (c->args[i], "WEC") ? wec : c->args[i];
  before = read_text (path);
  adj_cli_run (&r, NULL, args);
  after = read_text (path);
  g_assert_cmpint (r.status, ==, c->status);
  g_assert_cmpstr (r.out, ==, "");
  if (strstr (r.err, c->message) == NULL)
    g_error ("expected “%s” in: %s", c->message, r.err);
  /* One line, or two for a mistake in the command line (with where to find help). */
  g_assert_true (g_str_has_prefix (r.err, "adjutant-cli: "));
  g_assert_cmpstr (after, ==, before);
  adj_test_remove_tree (dir);
}

static void
test_help (void)
{
  g_auto(AdjCliRun) r = { 0 };

  ADJ_CLI_RUN (&r, NULL, "--help");
  adj_cli_assert_ok (&r);
  g_assert_nonnull (strstr (r.out, "  step BATTLE [--apply [--dice 3,4,...]]\n"));
  g_assert_nonnull (strstr (r.out, "  rr ACTION BATTLE ... [--apply]"));
  g_assert_nonnull (strstr (r.out, "holds EMPLACEMENT british|boers|both|nobody"));
  g_assert_nonnull (strstr (r.out, "  --json "));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = adj_test_data_home_new ("cli-rr");
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-rr/help", test_help);
  g_test_add_func ("/cli-rr/step", test_step);
  g_test_add_func ("/cli-rr/setup", test_setup);
  g_test_add_func ("/cli-rr/game-as-in-the-app", test_game);
  g_test_add_func ("/cli-rr/hidden", test_hidden);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-rr/bad/", bad_cases[i].name, NULL);

      g_test_add_data_func (path, &bad_cases[i], test_bad);
    }
  status = g_test_run ();
  adj_test_data_home_free (g_steal_pointer (&home));
  return status;
}
