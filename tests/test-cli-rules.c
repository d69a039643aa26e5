/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-rules.c: rules decided once, reproduced through the real adjutant-cli as a script
 * would: the inputs on standard input, the dice on the command line, the result read from the
 * JSON.  When Empires Clash!'s large stands, isolated stands and victory margins; Glidden's
 * charge, the test when an officer falls and its plurals; a hit commander in Redcoats &
 * Natives, and its units acting in the order of their cards ("done"); the plurals of each in
 * English and German. */

#include "config.h"

#include <string.h>

#include "adj-json.h"
#include "adj-test-cli.h"
#include "adj-test-util.h"

typedef struct {
  const char *name;
  const char *language;  /* LANGUAGE for the run: NULL English */
  const char *command;   /* "resolve" or "odds" */
  const char *mechanic;
  const char *input;     /* JSON on standard input */
  const char *dice;      /* --dice, or NULL */
  const char *cards;     /* --cards, or NULL */
  const char *outcome;   /* resolve: the outcome's key */
  const char *text;      /* resolve: in the reason or a line of the explanation; NULL: none */
  const char *absent;    /* resolve: in none of them; NULL: not checked */
  const char *odds_key;  /* odds: an outcome ... */
  const char *exact;     /* ... and its exact fraction */
} CliCase;

static const CliCase cases[] = {
  /* Glidden's charge: a D6 of the charging figures stay behind, whoever they are. */
  { "gl/charge/two-figures/odds-stops-short", NULL, "odds", "gl/charge", "{\"figures\": 2}",
    .odds_key = "stops-short", .exact = "5/6" },
  { "gl/charge/two-figures/odds-closes", NULL, "odds", "gl/charge", "{\"figures\": 2}",
    .odds_key = "closes", .exact = "1/9" },
  { "gl/charge/two-figures/one-straggles", NULL, "resolve", "gl/charge", "{\"figures\": 2}",
    "1,4", NULL, "closes", "1 figure reaches the enemy", "None of" },
  { "gl/charge/two-figures/both-straggle", NULL, "resolve", "gl/charge", "{\"figures\": 2}",
    "2", NULL, "stops-short", "all its 2 figures straggle" },
  { "gl/charge/one-figure/odds", NULL, "odds", "gl/charge", "{\"figures\": 1}",
    .odds_key = "stops-short", .exact = "1" },

  /* Glidden: the test when an officer falls is taken without him, inputs alone or not. */
  { "gl/morale/officer-lost/no-officer-bonus", NULL, "resolve", "gl/morale",
    "{\"occasion\": \"officer-lost\"}", "1,1,1,1,1", NULL, "routs", "officer has just fallen",
    "An officer is with the unit" },
  { "gl/morale/officer-lost/odds", NULL, "odds", "gl/morale", "{\"occasion\": \"officer-lost\"}",
    .odds_key = "routs", .exact = "1/6" },
  { "gl/hit-cards/officer-and-nco/test", NULL, "resolve", "gl/hit-cards",
    "{\"hits\": 2, \"leader_nco\": true}", NULL, "AS,AC", "leader-falls",
    "are among the fallen: the unit tests its morale" },
  { "gl/morale/before-move/officer-counts", NULL, "resolve", "gl/morale", "{}", "1", NULL,
    "free-move", "An officer is with the unit" },

  /* Glidden's plurals: one inch, one die, one figure, in both languages. */
  { "gl/morale/rally/one-inch", NULL, "resolve", "gl/morale",
    "{\"occasion\": \"before-move\", \"routing\": true}", "6,1", NULL, "rallies", "moves 1 inch",
    "1 inches" },
  { "gl/morale/rally/de/one-inch", "de", "resolve", "gl/morale",
    "{\"occasion\": \"before-move\", \"routing\": true}", "6,1", NULL, "rallies", "1 Zoll" },
  { "gl/charge/de/one-figure", "de", "resolve", "gl/charge", "{\"figures\": 3}", "2,4", NULL,
    "closes", "1 Figur erreicht", "1 Figuren" },
  { "gl/charge/de/two-figures", "de", "resolve", "gl/charge", "{\"figures\": 4}", "2,4", NULL,
    "closes", "2 Figuren erreichen" },

  /* Redcoats & Natives: a hit commander is the commander, not "the unit". */
  { "rn/hits/commander-killed", NULL, "resolve", "rn/hits",
    "{\"unit_type\": \"commander\", \"hits\": 2}", NULL, "KH", "killed",
    "The commander is killed", "unit" },
  { "rn/hits/commander-wounded/de", "de", "resolve", "rn/hits",
    "{\"unit_type\": \"commander\", \"hits\": 2}", NULL, "5D", "wounded", "Befehlshaber" },
  { "rn/fire/commander-target", NULL, "resolve", "rn/fire",
    "{\"target_type\": \"commander\", \"target_disrupted\": true, \"firer_figures\": 1}",
    "6", "QH", "killed", "the commander is killed", "the target" },

  /* The other systems' plurals: each count takes its own. */
  { "rn/fire/one-figure-two-dice", NULL, "resolve", "rn/fire",
    "{\"firer_type\": \"machine-gun\", \"firer_figures\": 1, \"distance\": 1}", "1,1", NULL,
    NULL, "1 figure, 2 dice each", "die each" },
  { "rn/fire/de/one-figure-two-dice", "de", "resolve", "rn/fire",
    "{\"firer_type\": \"machine-gun\", \"firer_figures\": 1, \"distance\": 1}", "1,1", NULL,
    NULL, "1 Figur, je 2 Würfel" },
  { "wec/terrain/one-piece", NULL, "resolve", "wec/terrain", "{}", "1,4", NULL, "side-b",
    "places 1 piece and", "1 pieces" },
  { "rf/command/one-point", NULL, "resolve", "rf/command", "{\"cost_1\": 1, \"cost_2\": 5}",
    "1,1,1", NULL, NULL, "commanded for 1 point", "1 points" },
  { "rf/victory/one-group-stands", NULL, "resolve", "rf/victory",
    "{\"groups\": 3, \"retreating\": 2}", NULL, NULL, "fighting", "1 of 3 groups still stands" },
  { "rf/victory/its-one-group", NULL, "resolve", "rf/victory",
    "{\"groups\": 1, \"retreating\": 1}", NULL, NULL, "lost", "Its 1 group is falling back" },

  /* When Empires Clash!: a gun on a large stand cannot recoil. */
  { "wec/recoil/large-stand", NULL, "resolve", "wec/recoil",
    "{\"type\": \"field-artillery\", \"large_stand\": true, \"squares_needed\": 1}", NULL, NULL,
    "destroyed", "cannot move by itself" },
  { "wec/recoil/one-square", NULL, "resolve", "wec/recoil",
    "{\"type\": \"field-artillery\", \"squares_needed\": 1}", NULL, NULL, "recoils",
    "falls back 1 square toward", "1 squares" },
  { "wec/recoil/de/one-square", "de", "resolve", "wec/recoil",
    "{\"type\": \"field-artillery\", \"squares_needed\": 1}", NULL, NULL, "recoils",
    "weicht 1 Feld in Richtung", "1 Felder" },
  { "wec/fire-combat/large-stand/odds", NULL, "odds", "wec/fire-combat",
    "{\"target_type\": \"field-artillery\", \"target_large_stand\": true, \"target_dice\": "
    "\"d12\"}", .odds_key = "destroyed", .exact = "287/432" },
  { "wec/close-combat/large-stand/defender", NULL, "resolve", "wec/close-combat",
    "{\"defender_type\": \"field-artillery\", \"defender_large_stand\": true}", "3,3,3,3", NULL,
    "defender-destroyed", "cannot move by itself" },

  /* When Empires Clash!: supports given for the defender say it is not isolated. */
  { "wec/close-combat/isolated-with-support", NULL, "resolve", "wec/close-combat",
    "{\"attacker_type\": \"regular-cavalry\", \"isolated_open\": true, \"defender_support\": 1}",
    "3,3,3,3", NULL, "defender-recoils", "not isolated", "Cavalry against an isolated" },

  /* When Empires Clash!: the margins, in half points. */
  { "wec/battle-result/lead-9.5", NULL, "resolve", "wec/battle-result",
    "{\"remaining_a\": 29, \"remaining_b\": 20, \"entrenchment_a\": 1}", NULL, NULL,
    "side-a-marginal", "a lead of 9½" },
  { "wec/battle-result/lead-19.5", NULL, "resolve", "wec/battle-result",
    "{\"remaining_a\": 20, \"remaining_b\": 39, \"entrenchment_b\": 1}", NULL, NULL,
    "side-b-decisive", "a lead of 19½" },
  { "wec/battle-result/lead-half", NULL, "resolve", "wec/battle-result",
    "{\"remaining_a\": 20, \"remaining_b\": 20, \"entrenchment_a\": 1}", NULL, NULL,
    "side-a-marginal", "a lead of ½" },
};

/* Every text of a resolved outcome a player reads: the reason and each line. */
static GPtrArray *
outcome_texts (json_object *json)
{
  GPtrArray *texts = g_ptr_array_new ();
  json_object *v, *lines;

  if (json_object_object_get_ex (json, "reason", &v) && json_object_is_type (v, json_type_string))
    g_ptr_array_add (texts, (gpointer) json_object_get_string (v));
  if (json_object_object_get_ex (json, "explanation", &lines))
    for (gsize i = 0; i < json_object_array_length (lines); i++)
      if (json_object_object_get_ex (json_object_array_get_idx (lines, i), "label", &v))
        g_ptr_array_add (texts, (gpointer) json_object_get_string (v));
  return texts;
}

static void
test_cli_case (gconstpointer data)
{
  const CliCase *c = data;
  const char *args[9] = { c->command, c->mechanic, "--input", "-" };
  guint n = 4;
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) json = NULL;

  if (c->dice != NULL)
    {
      args[n++] = "--dice";
      args[n++] = c->dice;
    }
  if (c->cards != NULL)
    {
      args[n++] = "--cards";
      args[n++] = c->cards;
    }
  args[n] = NULL;
  adj_cli_run_in (&r, c->language, c->input, args);
  if (r.status != 0)
    g_error ("exit status %d: %s", r.status, r.err);
  json = adj_cli_out_json (&r);

  if (g_str_equal (c->command, "odds"))
    {
      json_object *outcomes = NULL, *v;
      gboolean found = FALSE;

      g_assert_true (json_object_object_get_ex (json, "outcomes", &outcomes));
      for (gsize i = 0; i < json_object_array_length (outcomes); i++)
        {
          json_object *o = json_object_array_get_idx (outcomes, i);

          if (!json_object_object_get_ex (o, "outcome", &v) ||
              !g_str_equal (json_object_get_string (v), c->odds_key))
            continue;
          found = TRUE;
          g_assert_true (json_object_object_get_ex (o, "exact", &v));
          /* A certainty may be written "1" or "1/1". */
          if (g_str_equal (c->exact, "1"))
            g_assert_true (g_str_equal (json_object_get_string (v), "1") ||
                           g_str_equal (json_object_get_string (v), "1/1"));
          else
            g_assert_cmpstr (json_object_get_string (v), ==, c->exact);
        }
      g_assert_true (found);
      return;
    }

  {
    g_autoptr(GPtrArray) texts = outcome_texts (json);
    gboolean seen = c->text == NULL;
    json_object *v;

    if (c->outcome != NULL)
      {
        g_assert_true (json_object_object_get_ex (json, "outcome", &v));
        g_assert_cmpstr (json_object_get_string (v), ==, c->outcome);
      }
    for (guint i = 0; i < texts->len; i++)
      {
        const char *t = g_ptr_array_index (texts, i);

        seen |= c->text != NULL && strstr (t, c->text) != NULL;
        if (c->absent != NULL && strstr (t, c->absent) != NULL)
          g_error ("“%s” is in “%s”", c->absent, t);
      }
    if (!seen)
      g_error ("“%s” is in no line of %s", c->text, r.out);
  }
}

/* Redcoats & Natives: a unit whose card is not up is refused (exit 1); "done" says the unit up
 * has finished, journals it and saves; what is wrong on the command line is refused (exit 2). */
static void
test_rn_done (void)
{
  g_autofree char *dir = adj_cli_dir_new ();
  g_autofree char *battle = adj_cli_copy_demo (dir, "rn-column-on-the-march.json");
  g_autofree char *wec = adj_cli_copy_demo (dir, "wec-zulu-war.json");
  g_auto(AdjCliRun) r = { 0 };
  g_autoptr(json_object) state = NULL;
  g_autoptr(json_object) done = NULL;
  const char *acting;

  ADJ_CLI_RUN (&r, NULL, "resolve", "rn/deal", "--battle", battle, "--apply", "--seed", "5");
  adj_cli_assert_ok (&r);
  /* With this seed, Veteran warriors 1 (u17) is up on A♥ and Line infantry 2 (u3) is not. */
  ADJ_CLI_RUN (&r, "{\"unit\": \"u3\"}", "resolve", "rn/movement", "--battle", battle,
               "--input", "-");
  adj_cli_assert_fails (&r, 1, "Line infantry 2 cannot act yet: Veteran warriors 1 acts first, "
                               "on A♥, until it is marked done");
  ADJ_CLI_RUN (&r, NULL, "done", battle, "u17", "--compact");
  adj_cli_assert_ok (&r);
  done = adj_cli_out_json (&r);
  g_assert_cmpstr (json_object_get_string (adj_test_member (done, "journal")), ==,
                   "Veteran warriors 1 is done on A♥");
  ADJ_CLI_RUN (&r, NULL, "state", battle, "--compact");
  adj_cli_assert_ok (&r);
  state = adj_cli_out_json (&r);
  acting = json_object_get_string (adj_test_member (
    json_object_array_get_idx (adj_test_member (state, "facts"), 0), "value"));
  g_assert_true (g_str_has_prefix (acting, "Line infantry 1, on A♦"));

  ADJ_CLI_RUN (&r, NULL, "done", battle, "u17");
  adj_cli_assert_fails (&r, 1, "Veteran warriors 1 has already acted this turn");
  ADJ_CLI_RUN (&r, NULL, "done", battle, "u99");
  adj_cli_assert_fails (&r, 1, "The battle has no unit “u99”");
  ADJ_CLI_RUN (&r, NULL, "done", battle);
  adj_cli_assert_fails (&r, 2, "“done” takes a battle file and a unit id");
  ADJ_CLI_RUN (&r, NULL, "done", battle, "u2", "--apply");
  adj_cli_assert_fails (&r, 2, "--apply and --allow do not belong to it");
  ADJ_CLI_RUN (&r, NULL, "done", wec, "u1");
  adj_cli_assert_fails (&r, 1, "acting on cards in turn belongs to Redcoats & Natives");
  adj_cli_dir_free (g_steal_pointer (&dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-rules/rn/done", test_rn_done);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strconcat ("/cli-rules/", cases[i].name, NULL);
      g_test_add_data_func (path, &cases[i], test_cli_case);
    }
  return g_test_run ();
}
