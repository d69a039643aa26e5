/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli.c: adjutant-cli, the core from a terminal — JSON in, JSON out.
 *
 * Results go to stdout as JSON; errors go to stderr as one line naming what is wrong, with
 * exit status 1 (or 2 for a mistake in the command line itself).
 */

#define G_LOG_DOMAIN "adjutant-cli"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-cards.h"
#include "adj-cli.h"
#include "adj-error.h"
#include "adj-file.h"
#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-rf.h"
#include "adj-roll-setup.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-tables.h"
#include "adj-turn-state.h"

typedef AdjCliOptions Options;

#define EXIT_USAGE ADJ_CLI_EXIT_USAGE

/* The options that take one value, each kept in its own field of Options. */
typedef struct {
  const char *long_name;
  char        short_name;
  glong       offset;
} ValueOption;

static const ValueOption value_options[] = {
  { "input", 'i', G_STRUCT_OFFSET (Options, input) },
  { "dice", 0, G_STRUCT_OFFSET (Options, dice) },
  { "cards", 0, G_STRUCT_OFFSET (Options, cards) },
  { "seed", 0, G_STRUCT_OFFSET (Options, seed) },
  { "battle", 0, G_STRUCT_OFFSET (Options, battle) },
  { "output", 'o', G_STRUCT_OFFSET (Options, output) },
  { "name", 0, G_STRUCT_OFFSET (Options, name) },
  { "pdf", 0, G_STRUCT_OFFSET (Options, pdf) },
  { "markdown", 0, G_STRUCT_OFFSET (Options, markdown) },
  { "paper", 0, G_STRUCT_OFFSET (Options, paper) },
  { "tables", 0, G_STRUCT_OFFSET (Options, tables) },
  { "modifier", 0, G_STRUCT_OFFSET (Options, modifier) },
  { "times", 0, G_STRUCT_OFFSET (Options, times) },
  { "pack", 0, G_STRUCT_OFFSET (Options, pack) },
  { "draw-pile", 0, G_STRUCT_OFFSET (Options, draw_pile) },
};

static void
options_clear (Options *opts)
{
  for (guint i = 0; i < G_N_ELEMENTS (value_options); i++)
    g_clear_pointer ((char **) G_STRUCT_MEMBER_P (opts, value_options[i].offset), g_free);
  g_clear_pointer (&opts->armies, g_strfreev);
  g_clear_pointer (&opts->variants, g_strfreev);
  g_clear_pointer (&opts->emplacements, g_strfreev);
  g_clear_pointer (&opts->sides, g_strfreev);
  g_clear_pointer (&opts->remaining, g_strfreev);
  g_clear_pointer (&opts->args, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static const char *program = "adjutant-cli";

int
adj_cli_fail (GError *error)
{
  fprintf (stderr, "%s: %s\n", program, error->message);
  return 1;
}

int
adj_cli_usage_error (const char *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "%s: %s\n", program, message);
  fprintf (stderr, _("Try “%s --help” for the commands and options.\n"), program);
  return EXIT_USAGE;
}

/* Every option given that @command does not take (@takes: their names, NULL-terminated) is a
 * mistake in the command line, refused rather than ignored.  --compact, --help and --version
 * go with every command. */
gboolean
adj_cli_refuse_options (const Options      *opts,
                        const char         *command,
                        const char * const *takes,
                        int                *status)
{
  const struct {
    const char *name;
    gboolean    given;
  } options[] = {
    { "--input", opts->input != NULL },
    { "--dice", opts->dice != NULL },
    { "--cards", opts->cards != NULL },
    { "--pack", opts->pack != NULL },
    { "--draw-pile", opts->draw_pile != NULL },
    { "--seed", opts->seed != NULL },
    { "--battle", opts->battle != NULL },
    { "--apply", opts->apply },
    { "--allow", opts->allow },
    { "--output", opts->output != NULL },
    { "--name", opts->name != NULL },
    { "--army", opts->armies != NULL },
    { "--pdf", opts->pdf != NULL },
    { "--markdown", opts->markdown != NULL },
    { "--paper", opts->paper != NULL },
    { "--side", opts->sides != NULL },
    { "--clean", opts->clean },
    { "--tables", opts->tables != NULL },
    { "--json", opts->json },
    { "--long", opts->long_order },
    { "--variant", opts->variants != NULL },
    { "--emplacement", opts->emplacements != NULL },
    { "--modifier", opts->modifier != NULL },
    { "--times", opts->times != NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].given && (takes == NULL || !g_strv_contains (takes, options[i].name)))
      {
        /* TRANSLATORS: e.g. "“spot” does not take --dice" */
        *status = adj_cli_usage_error (_("“%s” does not take %s"), command, options[i].name);
        return FALSE;
      }
  return TRUE;
}

gboolean
adj_cli_refuse_saving_options (const Options *opts,
                               const char    *command,
                               gboolean       takes_input,
                               int           *status)
{
  static const char *const input[] = { "--input", NULL };

  if (opts->apply || opts->allow)
    {
      *status = adj_cli_usage_error (_("“%s” saves the battle it is given itself: --apply and "
                                       "--allow do not belong to it"), command);
      return FALSE;
    }
  return adj_cli_refuse_options (opts, command, takes_input ? input : NULL, status);
}

void
adj_cli_print_json (const Options *opts,
                    json_object   *json)
{
  g_autofree char *text = adj_json_to_string (json, !opts->compact);
  printf ("%s\n", text);
}

/* Whether @a and @b name the same file: the same file on disk when both exist (a link or another
 * spelling of the path included), else the same path once made absolute. */
static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;
  g_autofree char *ca = NULL;
  g_autofree char *cb = NULL;

  if (g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  ca = g_canonicalize_filename (a, NULL);
  cb = g_canonicalize_filename (b, NULL);
  return g_str_equal (ca, cb);
}

/* An output (--output, --pdf) never overwrites a file the command reads: the battle, the inputs,
 * the army lists, the tables or a file named as an argument.  The command's own --apply, which
 * writes the battle it reads on purpose, is not an output in this sense. */
static gboolean
check_outputs (const Options  *opts,
               GError        **error)
{
  const char *outputs[] = { opts->output, opts->pdf };
  g_autoptr(GPtrArray) inputs = g_ptr_array_new ();

  g_ptr_array_add (inputs, opts->battle);
  g_ptr_array_add (inputs, opts->tables);
  if (g_strcmp0 (opts->input, "-") != 0)
    g_ptr_array_add (inputs, opts->input);
  if (g_strcmp0 (opts->pack, "-") != 0)
    g_ptr_array_add (inputs, opts->pack);
  for (guint i = 0; opts->armies != NULL && opts->armies[i] != NULL; i++)
    g_ptr_array_add (inputs, opts->armies[i]);
  for (guint i = 0; i < opts->args->len; i++)
    g_ptr_array_add (inputs, g_ptr_array_index (opts->args, i));

  for (guint o = 0; o < G_N_ELEMENTS (outputs); o++)
    for (guint i = 0; outputs[o] != NULL && i < inputs->len; i++)
      {
        const char *input = g_ptr_array_index (inputs, i);

        if (input != NULL && same_file (outputs[o], input))
          {
            g_autofree char *display = g_filename_display_name (outputs[o]);

            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         _("%s would be overwritten, but the command reads it: write to "
                           "another file"), display);
            return FALSE;
          }
      }
  return TRUE;
}

static void
print_help (void)
{
  /* The help in parts, each translated on its own: a command or an option added or changed
   * changes only its own part. */
  static const char *const help_commands[] = {
    N_("  rulesets                       List the game systems\n"),
    N_("  mechanics [RULESET]            List the mechanics, of one system or of all\n"),
    N_("  describe MECHANIC [--input FILE]\n"
       "                                 A mechanic's inputs, outcomes, and the dice and\n"
       "                                 cards its inputs need\n"),
    N_("  odds MECHANIC [--input FILE] [--pack FILE | --draw-pile LIST]\n"
       "                                 Exact probability of every outcome\n"),
    N_("  resolve MECHANIC [--input FILE] [--dice 6,3,...] [--cards AS,10H,...] [--seed N]\n"
       "                                 Roll (or take the dice entered) and explain the result\n"),
    N_("  validate FILE                  Check a battle, army list, ruleset or tables file\n"),
    N_("  templates RULESET              The example armies a system ships, with their totals\n"),
    N_("  new RULESET --army A --army B [--name NAME] [--seed N] [--output FILE]\n"
       "                                 Start a battle from two armies (template ids or files);\n"
       "                                 Redvers' Reverse takes no armies, and --input gives the\n"
       "                                 counters' strengths: {\"unit id\": {\"sp\": 5, ...}}\n"),
    N_("  roster FILE --pdf OUT.pdf [--paper a4|letter] [--side SIDE]... [--clean]\n"
       "                                 Write the unit roster of a battle or an army list as a PDF:\n"
       "                                 the game as it stands, or a clean sheet\n"),
    N_("  report BATTLE --pdf OUT.pdf [--markdown OUT.md] [--paper a4|letter]\n"
       "                                 The after-action report of a battle: the result, the\n"
       "                                 losses and each side's luck turn by turn, the least\n"
       "                                 likely results, every unit's fate and the story\n"),
    N_("  solo BATTLE [--seed N] [--dice 5,2,...] [--input FILE] [--apply [--allow]]\n"
       "                                 Risk Factor skirmish: the orders of every\n"
       "                                 uncommanded group Adjutant runs, with their odds\n"),
    N_("  state BATTLE                   The turn, the phase and what the rules make the\n"
       "                                 players remember now (initiative, activations left,\n"
       "                                 losses)\n"),
    N_("  next-phase BATTLE              The battle moves on to its next phase, as the app's\n"
       "                                 Next Phase does (Redvers' Reverse: the next step);\n"
       "                                 saves the battle\n"),
    N_("  next-turn BATTLE               The battle moves on to the start of its next turn;\n"
       "                                 saves the battle\n"),
    N_("  markers BATTLE                 Risk Factor skirmish: the hidden markers not yet\n"
       "                                 spotted (never what is under them)\n"),
    N_("  hide BATTLE --input FILE       Risk Factor skirmish: hide groups under markers,\n"
       "                                 {\"groups\": [ids], \"places\": [names]}; saves the battle\n"),
    N_("  spot BATTLE MARKER             Risk Factor skirmish: a marker (its id or its place)\n"
       "                                 is seen: reveal what is under it; saves the battle\n"),
    N_("  done BATTLE UNIT               Redcoats & Natives: the unit whose card is up has\n"
       "                                 finished, and the next card is up; saves the battle\n"),
    N_("  step BATTLE [--apply [--dice 3,4,...]]\n"
       "                                 Redvers' Reverse: the step of the sequence of play,\n"
       "                                 what it still needs and what can be done now; with\n"
       "                                 --apply the step's roll, or on to the next step\n"),
    N_("  rr ACTION BATTLE ... [--apply] Redvers' Reverse: every other step of the dashboard.\n"
       "                                 ACTION is one of\n"
       "                                 show                  the board\n"
       "                                 setup [--variant ID]... [--emplacement AREA]...\n"
       "                                 order BRIGADE AREA [--long]\n"
       "                                 charge BRIGADE AREA   reached BRIGADE\n"
       "                                 withdraw BRIGADE AREA [--modifier N] [--dice D,D]\n"
       "                                 find DRIFT UNIT [--dice D,D]   commando DRIFT\n"
       "                                 sp-counter COMMANDO [--dice N]\n"
       "                                 status LINE [--times N]\n"
       "                                 fired EMPLACEMENT\n"
       "                                 holds EMPLACEMENT british|boers|both|nobody\n"
       "                                 Without --apply an action is only checked: nothing\n"
       "                                 is shown of what it would do, nor saved\n"),
  };
  static const char *const help_options[] = {
    N_("  --input FILE, -i FILE          The inputs as a JSON object (\"-\" reads standard input);\n"
       "                                 inputs left out take their defaults\n"),
    N_("  --dice LIST                    Dice rolled at the table, in the order the mechanic\n"
       "                                 asks for them (see \"describe\")\n"),
    N_("  --cards LIST                   Cards turned at the table\n"),
    N_("  --pack FILE                    The pack cards come from, as a battle keeps it\n"
       "                                 (\"decks\", \"draw\", \"dealt\", \"turned\"), for\n"
       "                                 \"odds\" and \"describe\" (\"-\" reads standard input)\n"),
    N_("  --draw-pile LIST               The cards still to draw (AS,10H,...): the rest of the\n"
       "                                 pack is turned, and shuffled back when they run out\n"),
    N_("  --seed N                       Seed the generator, for a reproducible roll\n"),
    N_("  --battle FILE                  Pre-fill the inputs from this battle (name units and\n"
       "                                 sides by id) and roll with its generator\n"),
    N_("  --apply                        With --battle: apply the result to the battle and save it;\n"
       "                                 with \"step\" and \"rr\": do it and save the battle\n"),
    N_("  --allow                        With --battle: go ahead with what the rules forbid now;\n"
       "                                 the journal keeps it as the referee's ruling\n"),
    N_("  --pdf FILE                     Where \"roster\" writes its PDF\n"),
    N_("  --paper a4|letter              The roster's paper size (a4 unless given)\n"),
    N_("  --markdown FILE                \"report\": also (or only) write the report as\n"
       "                                 Markdown (\"-\" prints it on standard output)\n"),
    N_("  --side SIDE                    Only this side of the battle (its id or its name);\n"
       "                                 give it again for more sides\n"),
    N_("  --clean                        A roster with every unit whole and nothing ticked,\n"
       "                                 instead of the game as it stands\n"),
    N_("  --tables FILE                  The values of the tables players type in (an\n"
       "                                 \"adjutant-tables\" file), used instead of the ones\n"
       "                                 saved for this user; a battle's own still win\n"),
    N_("  --json                         \"step\" and \"rr\": print JSON instead of text (the\n"
       "                                 other commands always print JSON)\n"),
    N_("  --compact                      Print JSON on one line\n"),
    N_("  --help, -h                     Show this help\n"),
    N_("  --version                      Show the version\n"),
  };

  printf (_("Usage: %s COMMAND [ARGUMENTS] [OPTIONS]\n"
            "\n"
            "The rules engine of Adjutant from a terminal. Results are JSON on standard output;\n"
            "errors are one line on standard error.\n"
            "\n"
            "Commands:\n"), program);
  for (gsize i = 0; i < G_N_ELEMENTS (help_commands); i++)
    fputs (_(help_commands[i]), stdout);
  fputs (_("\nOptions:\n"), stdout);
  for (gsize i = 0; i < G_N_ELEMENTS (help_options); i++)
    fputs (_(help_options[i]), stdout);
  fputs (_("\n"
           "Exit status: 0 success, 1 an error in a file, an input or the rules, 2 a mistake in\n"
           "the command line.\n"), stdout);
}

json_object *
adj_cli_read_input_json (const char  *path,
                 GError     **error)
{
  if (path == NULL)
    return json_object_new_object ();
  if (g_str_equal (path, "-"))
    {
      g_autoptr(GString) buf = g_string_new (NULL);
      char chunk[4096];
      size_t n;

      while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0)
        {
          g_string_append_len (buf, chunk, (gssize) n);
          if (buf->len > ADJ_JSON_MAX_SIZE)
            break;
        }
      return adj_json_parse_data (buf->str, buf->len, _("standard input"), error);
    }
  return adj_json_parse_file (path, error);
}

static gboolean
parse_seed (const char  *text,
            guint64     *seed,
            GError     **error)
{
  g_autofree char *digits = NULL;
  gsize length = text != NULL ? strlen (text) : 0;

  /* A seed past 2^53 is printed as a JSON string: taken back with its quotes or without. */
  if (length >= 2 && text[0] == '"' && text[length - 1] == '"')
    digits = g_strndup (text + 1, length - 2);
  else
    digits = g_strdup (text != NULL ? text : "");
  /* Digits only, and within 64 bits: a number too large is refused, not cut down. */
  if (g_ascii_isdigit (digits[0]) &&
      g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, seed, NULL))
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
               _("--seed takes a whole number from 0 to 18446744073709551615, not “%s”"),
               text != NULL ? text : "");
  return FALSE;
}

static const AdjMechanic *
find_mechanic (const char  *id,
               GError     **error)
{
  const AdjMechanic *mech = adj_mechanic_lookup (id);

  if (mech == NULL)
    g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                 _("There is no mechanic “%s”; “%s mechanics” lists them"), id, program);
  return mech;
}

static AdjRuleset *
mechanic_ruleset (const AdjMechanic  *mech,
                  GError            **error)
{
  char id[64];
  return adj_ruleset_lookup (adj_mechanic_ruleset_id (mech, id, sizeof id), error);
}

const char *
adj_cli_input_file_name (const Options *opts)
{
  return opts->input == NULL ? _("inputs")
         : g_str_equal (opts->input, "-") ? _("standard input") : opts->input;
}

/* Build a mechanic's inputs from the --input file, pre-filled from --battle when given. */
static AdjInputs *
build_inputs (const Options      *opts,
              const AdjMechanic  *mech,
              AdjRuleset         *rs,
              AdjBattle          *battle,
              GError            **error)
{
  g_autoptr(json_object) json = adj_cli_read_input_json (opts->input, error);

  if (json == NULL)
    return NULL;
  return adj_roll_setup_fill_inputs (mech, rs, battle, json, adj_cli_input_file_name (opts), error);
}

static AdjBattle *
load_battle_for (const Options      *opts,
                 AdjRuleset         *rs,
                 GError            **error)
{
  g_autoptr(AdjBattle) battle = NULL;

  if (opts->battle == NULL)
    return NULL;
  battle = adj_store_load_battle (opts->battle, error);
  if (battle == NULL)
    return NULL;
  if (adj_battle_get_ruleset (battle) != rs)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%s is a battle of “%s”, but the mechanic belongs to “%s”"), opts->battle,
                   adj_ruleset_get_id (adj_battle_get_ruleset (battle)), adj_ruleset_get_id (rs));
      return NULL;
    }
  return g_steal_pointer (&battle);
}

static int
cmd_rulesets (const Options *opts)
{
  g_auto(GStrv) ids = adj_ruleset_list_ids ();
  g_autoptr(json_object) out = json_object_new_array ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (ids[i], &error);
      json_object *item;

      if (rs == NULL)
        return adj_cli_fail (error);
      item = json_object_new_object ();
      json_object_object_add (item, "id", json_object_new_string (adj_ruleset_get_id (rs)));
      json_object_object_add (item, "name", json_object_new_string (adj_ruleset_get_name (rs)));
      if (adj_ruleset_get_summary (rs) != NULL)
        json_object_object_add (item, "summary",
                                json_object_new_string (adj_gettext (adj_ruleset_get_summary (rs))));
      json_object_object_add (item, "distance_unit", json_object_new_string (
        adj_distance_unit_symbol (adj_ruleset_get_distance_unit (rs))));
      json_object_object_add (item, "mechanics",
                              json_object_new_int ((int) adj_ruleset_get_system (rs)->n_mechanics));
      json_object_array_add (out, item);
    }
  adj_cli_print_json (opts, out);
  return 0;
}

static int
cmd_mechanics (const Options *opts)
{
  g_autoptr(json_object) out = json_object_new_array ();
  const char *only = opts->args->len > 0 ? g_ptr_array_index (opts->args, 0) : NULL;
  guint n;
  const AdjSystem **systems = adj_systems (&n);

  if (opts->args->len > 1)
    return adj_cli_usage_error (_("“mechanics” takes at most one ruleset id"));
  if (only != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdjRuleset) rs = adj_ruleset_lookup (only, &error);

      if (rs == NULL)
        return adj_cli_fail (error);
    }

  for (guint s = 0; s < n; s++)
    {
      if (only != NULL && !g_str_equal (systems[s]->id, only))
        continue;
      for (guint i = 0; i < systems[s]->n_mechanics; i++)
        {
          const AdjMechanic *m = systems[s]->mechanics[i];
          json_object *item = json_object_new_object ();

          json_object_object_add (item, "id", json_object_new_string (m->id));
          json_object_object_add (item, "title", json_object_new_string (adj_gettext (m->title)));
          json_object_object_add (item, "summary",
                                  json_object_new_string (adj_gettext (m->summary)));
          json_object_object_add (item, "scope",
                                  json_object_new_string (adj_scope_to_string (m->scope)));
          json_object_array_add (out, item);
        }
    }
  adj_cli_print_json (opts, out);
  return 0;
}

/* The pack --pack or --draw-pile give, in *@pack (NULL: neither is given).  FALSE with @error
 * and *@usage set for a mistake in the command line, cleared for one in the file it reads. */
static gboolean
given_pack (const Options      *opts,
            AdjRuleset         *rs,
            AdjPack           **pack,
            gboolean           *usage,
            GError            **error)
{
  g_autoptr(json_object) json = NULL;
  g_autoptr(GArray) cards = NULL;
  const char *why = NULL;

  *pack = NULL;
  *usage = TRUE;
  if (opts->pack == NULL && opts->draw_pile == NULL)
    return TRUE;
  if (opts->pack != NULL && opts->draw_pile != NULL)
    why = _("Give either --pack or --draw-pile, not both");
  else if (opts->battle != NULL)
    why = _("--battle brings the battle’s own pack: --pack and --draw-pile are for odds "
            "without one");
  else if (!adj_ruleset_get_system (rs)->uses_cards)
    why = _("This mechanic turns no cards: --pack and --draw-pile do not apply to it");
  else if (g_strcmp0 (opts->pack, "-") == 0 && g_strcmp0 (opts->input, "-") == 0)
    why = _("--input and --pack cannot both read standard input");
  if (why != NULL)
    {
      g_set_error_literal (error, ADJ_ERROR, ADJ_ERROR_INVALID, why);
      return FALSE;
    }

  if (opts->draw_pile != NULL)
    {
      if (adj_cards_parse (opts->draw_pile, &cards, error))
        *pack = adj_pack_new_from_draw_pile ((const AdjCard *) cards->data, cards->len, error);
      if (*pack == NULL)
        g_prefix_error (error, "--draw-pile: ");
      return *pack != NULL;
    }
  *usage = FALSE;
  json = adj_cli_read_input_json (opts->pack, error);
  if (json == NULL)
    return FALSE;
  *pack = adj_pack_from_json (json, g_str_equal (opts->pack, "-") ? _("standard input")
                                                                   : opts->pack, "$", error);
  return *pack != NULL;
}

/* The mechanic the one argument names, its ruleset, and the pack --pack or --draw-pile give
 * (NULL: neither): what "describe" and "odds" start from.  0, or the exit status once the
 * message is printed. */
static int
mechanic_and_pack (const Options      *opts,
                   const AdjMechanic **mech,
                   AdjRuleset        **rs,
                   AdjPack           **pack)
{
  g_autoptr(GError) error = NULL;
  gboolean usage;

  *mech = find_mechanic (g_ptr_array_index (opts->args, 0), &error);
  if (*mech == NULL || (*rs = mechanic_ruleset (*mech, &error)) == NULL)
    return adj_cli_fail (error);
  if (!given_pack (opts, *rs, pack, &usage, &error))
    return usage ? adj_cli_usage_error ("%s", error->message) : adj_cli_fail (error);
  return 0;
}

/* The battle --battle names (NULL: none), the inputs for @mech, and the context @mech is worked
 * out in: @rs, @pack and the battle.  0, or the exit status once the message is printed. */
static int
mechanic_context (const Options      *opts,
                  const AdjMechanic  *mech,
                  AdjRuleset         *rs,
                  AdjPack            *pack,
                  AdjBattle         **battle,
                  AdjInputs         **inputs,
                  AdjContext         *ctx)
{
  g_autoptr(GError) error = NULL;

  if (opts->battle != NULL && (*battle = load_battle_for (opts, rs, &error)) == NULL)
    return adj_cli_fail (error);
  if ((*inputs = build_inputs (opts, mech, rs, *battle, &error)) == NULL)
    return adj_cli_fail (error);
  ctx->ruleset = rs;
  ctx->pack = pack;
  if (*battle != NULL)
    adj_battle_context (*battle, ctx);
  return 0;
}

static int
cmd_describe (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjInputs) inputs = NULL;
  g_autoptr(AdjPack) pack = NULL;
  g_autoptr(json_object) out = NULL;
  const AdjMechanic *mech;
  AdjContext ctx = { 0 };
  int status;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“describe” takes one mechanic id, such as wec/fire-combat"));
  if (opts->dice != NULL || opts->cards != NULL || opts->seed != NULL || opts->apply)
    return adj_cli_usage_error (_("“describe” works before any roll: --dice, --cards, --seed and "
                          "--apply belong to “resolve”"));
  if ((status = mechanic_and_pack (opts, &mech, &rs, &pack)) != 0)
    return status;
  if (opts->input == NULL && opts->battle == NULL && pack == NULL)
    {
      out = adj_mechanic_describe (mech, rs);
      adj_cli_print_json (opts, out);
      return 0;
    }
  if ((status = mechanic_context (opts, mech, rs, pack, &battle, &inputs, &ctx)) != 0)
    return status;
  out = adj_mechanic_describe_for (mech, &ctx, inputs, TRUE, &error);
  if (out == NULL)
    return adj_cli_fail (error);
  adj_cli_print_json (opts, out);
  return 0;
}

static int
cmd_odds (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjInputs) inputs = NULL;
  g_autoptr(AdjOdds) odds = NULL;
  g_autoptr(AdjPack) pack = NULL;
  json_object *out;
  g_autoptr(json_object) owned = NULL;
  const AdjMechanic *mech;
  AdjContext ctx = { 0 };
  int status;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“odds” takes one mechanic id, such as wec/fire-combat"));
  if (opts->dice != NULL || opts->cards != NULL || opts->seed != NULL || opts->apply)
    return adj_cli_usage_error (_("“odds” works before any roll: --dice, --cards, --seed and --apply "
                          "belong to “resolve”"));
  if ((status = mechanic_and_pack (opts, &mech, &rs, &pack)) != 0 ||
      (status = mechanic_context (opts, mech, rs, pack, &battle, &inputs, &ctx)) != 0)
    return status;
  odds = adj_mechanic_odds (mech, &ctx, inputs, &error);
  if (odds == NULL)
    return adj_cli_fail (error);

  out = owned = adj_odds_to_json (odds);
  json_object_object_add (out, "mechanic", json_object_new_string (mech->id));
  json_object_object_add (out, "inputs", adj_inputs_to_json (inputs));
  adj_cli_print_json (opts, out);
  return 0;
}

static int
cmd_resolve (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(GArray) dice = NULL;
  g_autoptr(GArray) cards = NULL;
  g_auto(AdjRollSetup) setup = { 0 };
  g_autoptr(AdjOutcome) outcome = NULL;
  g_autoptr(json_object) out = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  AdjRollRequest request = { 0 };
  const AdjMechanic *mech;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“resolve” takes one mechanic id, such as wec/fire-combat"));
  if (opts->apply && opts->battle == NULL)
    return adj_cli_usage_error (_("--apply needs --battle FILE: the battle to apply the result to"));
  if (opts->allow && opts->battle == NULL)
    return adj_cli_usage_error (_("--allow needs --battle FILE: only a battle's state forbids actions"));
  if (opts->seed != NULL && opts->dice != NULL)
    return adj_cli_usage_error (_("Give either --dice (rolled at the table) or --seed, not both"));
  mech = find_mechanic (g_ptr_array_index (opts->args, 0), &error);
  if (mech == NULL || (rs = mechanic_ruleset (mech, &error)) == NULL)
    return adj_cli_fail (error);
  /* Shown and not applied, the roll could be made again until the secret suited. */
  if (mech->reveals && opts->battle != NULL && !opts->apply)
    return adj_cli_usage_error (_("%s turns over what the battle keeps hidden: against a battle "
                                  "it is resolved only with --apply, and the roll counts"),
                                mech->id);
  if (opts->seed != NULL)
    {
      if (!parse_seed (opts->seed, &request.seed, &error))
        return adj_cli_usage_error ("%s", error->message);
      request.seeded = TRUE;
    }
  /* Held from reading the battle to saving it, so that no other writer's change is lost. */
  if (opts->apply && (lock = adj_file_lock (opts->battle, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL)
    return adj_cli_fail (error);
  if (opts->battle != NULL && (battle = load_battle_for (opts, rs, &error)) == NULL)
    return adj_cli_fail (error);
  if ((json = adj_cli_read_input_json (opts->input, &error)) == NULL)
    return adj_cli_fail (error);
  if (opts->dice != NULL && !adj_dice_parse (opts->dice, &dice, &error))
    return adj_cli_usage_error ("--dice: %s", error->message);
  if (opts->cards != NULL && !adj_cards_parse (opts->cards, &cards, &error))
    return adj_cli_usage_error ("--cards: %s", error->message);

  /* Against a battle, cards come from a copy of its pack; --apply makes the change its own. */
  request.battle = battle;
  request.ruleset = rs;
  request.inputs = json;
  request.file = adj_cli_input_file_name (opts);
  request.entered = dice != NULL;
  request.dice = dice;
  request.cards = cards;
  request.allow = opts->allow;
  if (!adj_roll_setup_prepare (mech, &request, &setup, &error))
    return adj_cli_fail (error);

  outcome = adj_outcome_new (mech);
  if (!adj_mechanic_resolve (mech, &setup.ctx, setup.inputs, setup.random, outcome, &error))
    return adj_cli_fail (error);

  out = adj_outcome_to_json (outcome);
  json_object_object_add (out, "inputs", adj_inputs_to_json (setup.inputs));
  if (opts->dice == NULL && battle == NULL)
    json_object_object_add (out, "seed", adj_json_new_whole_u64 (setup.seed));

  if (opts->apply)
    {
      if (!adj_battle_apply_outcome (battle, setup.inputs, outcome, &error) ||
          !adj_store_save_battle (battle, opts->battle, &error))
        return adj_cli_fail (error);
      json_object_object_add (out, "applied", json_object_new_boolean (TRUE));
    }
  adj_cli_print_json (opts, out);
  return 0;
}

/* The tables players type in: each with its cells, what is entered and what is missing. */
static void
add_tables_report (json_object *out,
                   AdjTables   *tables)
{
  json_object *report = adj_tables_report_json (tables);
  gboolean complete = TRUE;
  int missing = 0;

  for (gsize i = 0; i < json_object_array_length (report); i++)
    {
      json_object *item = json_object_array_get_idx (report, i), *v = NULL;

      json_object_object_get_ex (item, "missing", &v);
      missing += json_object_get_int (v);
      complete = complete && json_object_get_int (v) == 0;
    }
  json_object_object_add (out, "tables", report);
  json_object_object_add (out, "tables_complete", json_object_new_boolean (complete));
  json_object_object_add (out, "cells_missing", json_object_new_int (missing));
}

static int
cmd_validate (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  g_autofree char *display = NULL;
  const char *path;
  const char *format;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“validate” takes one file"));
  path = g_ptr_array_index (opts->args, 0);
  display = g_filename_display_basename (path);
  json = adj_json_parse_file (path, &error);
  if (json == NULL)
    return adj_cli_fail (error);
  format = adj_store_sniff_format (json);
  if (format == NULL)
    {
      g_set_error (&error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED,
                   _("%s: $.format: expected “%s”, “%s”, “%s” or “%s”: this is not an Adjutant "
                     "file"), display, ADJ_BATTLE_FORMAT, ADJ_ARMY_FORMAT, ADJ_RULESET_FORMAT,
                   ADJ_TABLES_FORMAT);
      return adj_cli_fail (error);
    }
  json_object_object_add (out, "file", json_object_new_string (display));
  json_object_object_add (out, "format", json_object_new_string (format));

  if (g_str_equal (format, ADJ_BATTLE_FORMAT))
    {
      g_autoptr(AdjBattle) battle = adj_battle_from_json (json, display, &error);
      json_object *sides;

      if (battle == NULL)
        return adj_cli_fail (error);
      json_object_object_add (out, "ruleset", json_object_new_string (
        adj_ruleset_get_id (adj_battle_get_ruleset (battle))));
      json_object_object_add (out, "name", json_object_new_string (adj_battle_get_name (battle)));
      json_object_object_add (out, "units", json_object_new_int ((int) adj_battle_get_n_units (battle)));
      json_object_object_add (out, "journal_entries", json_object_new_int (
        (int) adj_journal_get_n_entries (adj_battle_get_journal (battle))));
      sides = json_object_new_array ();
      for (guint i = 0; i < adj_battle_get_sides (battle)->len; i++)
        {
          AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), i);
          json_object_array_add (sides, json_object_new_string (side->name));
        }
      json_object_object_add (out, "sides", sides);
      if (adj_battle_get_tables (battle) != NULL)
        add_tables_report (out, adj_battle_get_tables (battle));
    }
  else if (g_str_equal (format, ADJ_TABLES_FORMAT))
    {
      g_autoptr(AdjTables) tables = adj_tables_from_json (json, display, "$", NULL, &error);

      if (tables == NULL)
        return adj_cli_fail (error);
      json_object_object_add (out, "ruleset", json_object_new_string (
        adj_ruleset_get_id (adj_tables_get_ruleset (tables))));
      if (adj_tables_get_title (tables) != NULL)
        json_object_object_add (out, "title", json_object_new_string (adj_tables_get_title (tables)));
      add_tables_report (out, tables);
    }
  else if (g_str_equal (format, ADJ_ARMY_FORMAT))
    {
      g_autoptr(AdjArmy) army = adj_army_from_file_json (json, display, &error);
      g_autoptr(AdjArmyReport) report = NULL;

      if (army == NULL || (report = adj_army_check (army, &error)) == NULL)
        return adj_cli_fail (error);
      json_object_object_add (out, "ruleset",
                              json_object_new_string (adj_ruleset_get_id (army->ruleset)));
      json_object_object_add (out, "name", json_object_new_string (army->name));
      json_object_object_add (out, "army", adj_army_report_to_json (report));
    }
  else if (g_str_equal (format, ADJ_RULESET_FORMAT))
    {
      g_autoptr(AdjRuleset) rs = adj_ruleset_load_json (json, display, &error);

      if (rs == NULL)
        return adj_cli_fail (error);
      json_object_object_add (out, "ruleset", json_object_new_string (adj_ruleset_get_id (rs)));
      json_object_object_add (out, "name", json_object_new_string (adj_ruleset_get_name (rs)));
      json_object_object_add (out, "unit_types",
                              json_object_new_int ((int) adj_ruleset_get_unit_types (rs)->len));
    }
  else
    {
      g_set_error (&error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED,
                   _("%s: $.format: “%s” is not a format Adjutant reads (expected “%s”, “%s”, "
                     "“%s” or “%s”)"), display, format, ADJ_BATTLE_FORMAT, ADJ_ARMY_FORMAT,
                   ADJ_RULESET_FORMAT, ADJ_TABLES_FORMAT);
      return adj_cli_fail (error);
    }
  json_object_object_add (out, "valid", json_object_new_boolean (TRUE));
  adj_cli_print_json (opts, out);
  return 0;
}

static int
cmd_templates (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(GPtrArray) armies = NULL;
  g_autoptr(json_object) out = json_object_new_array ();

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“templates” takes one ruleset id, such as wec"));
  rs = adj_ruleset_lookup (g_ptr_array_index (opts->args, 0), &error);
  if (rs == NULL || (armies = adj_army_templates (rs, &error)) == NULL)
    return adj_cli_fail (error);
  for (guint i = 0; i < armies->len; i++)
    {
      AdjArmy *army = g_ptr_array_index (armies, i);
      g_autoptr(AdjArmyReport) report = adj_army_check (army, &error);
      json_object *item = json_object_new_object ();

      if (report == NULL)
        {
          json_object_put (item);
          return adj_cli_fail (error);
        }
      json_object_object_add (item, "id", json_object_new_string (army->id));
      if (army->conflict != NULL)
        json_object_object_add (item, "conflict", json_object_new_string (army->conflict));
      json_object_object_add (item, "name", json_object_new_string (army->name));
      if (army->book_total >= 0)
        json_object_object_add (item, "book_total", json_object_new_int (army->book_total));
      json_object_object_add (item, "army", adj_army_report_to_json (report));
      json_object_array_add (out, item);
    }
  adj_cli_print_json (opts, out);
  return 0;
}

static AdjArmy *
load_army_arg (AdjRuleset  *rs,
               const char  *arg,
               GError     **error)
{
  if (g_file_test (arg, G_FILE_TEST_EXISTS))
    return adj_army_load (arg, error);
  return adj_army_template (rs, arg, error);
}

static int
cmd_new (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(AdjArmy) first = NULL;
  g_autoptr(AdjArmy) second = NULL;
  g_autofree char *name = NULL;
  AdjAddOrderOfBattle add_order_of_battle;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“new” takes one ruleset id, such as wec"));
  if (opts->name != NULL && !adj_name_is_valid (opts->name))
    /* TRANSLATORS: e.g. "--name: expected a name of 1 to 200 characters …" */
    return adj_cli_usage_error (_("--name: %s"), adj_name_rule ());
  rs = adj_ruleset_lookup (g_ptr_array_index (opts->args, 0), &error);
  if (rs == NULL)
    return adj_cli_fail (error);
  add_order_of_battle = adj_ruleset_get_system (rs)->add_order_of_battle;
  if (add_order_of_battle != NULL)
    {
      /* A system whose rules carry the orders of battle of its one battle (Redvers' Reverse):
       * every counter, with the strengths --input gives, as the New Battle dialog makes it. */
      g_autoptr(json_object) strengths = NULL;

      if (opts->armies != NULL)
        return adj_cli_usage_error (_("A battle of “%s” starts from the orders of battle its "
                                      "rules carry: “new” takes no --army for it"),
                                    adj_ruleset_get_id (rs));
      if (opts->input != NULL && (strengths = adj_cli_read_input_json (opts->input, &error)) == NULL)
        return adj_cli_fail (error);
      battle = adj_battle_new (rs, opts->name != NULL ? opts->name : adj_ruleset_get_name (rs));
      if (!add_order_of_battle (battle, strengths, &error))
        return adj_cli_fail (error);
    }
  else
    {
      if (opts->armies == NULL || g_strv_length (opts->armies) != 2)
        return adj_cli_usage_error (_("“new” needs two --army options, one for each side"));
      if ((first = load_army_arg (rs, opts->armies[0], &error)) == NULL ||
          (second = load_army_arg (rs, opts->armies[1], &error)) == NULL)
        return adj_cli_fail (error);
      /* TRANSLATORS: the default name of a battle, e.g. "British army against Zulu army" */
      name = opts->name != NULL ? g_strdup (opts->name)
                                : g_strdup_printf (_("%s against %s"), first->name, second->name);
      battle = adj_battle_new (rs, name);
      if (!adj_battle_add_army (battle, "a", first, &error) ||
          !adj_battle_add_army (battle, "b", second, &error))
        return adj_cli_fail (error);
    }
  if (opts->seed != NULL)
    {
      guint64 seed;
      if (!parse_seed (opts->seed, &seed, &error))
        return adj_cli_usage_error ("%s", error->message);
      adj_battle_set_seed (battle, seed);
    }

  json = adj_battle_to_json (battle);
  if (opts->output != NULL)
    {
      if (!adj_store_save_json (json, opts->output, &error))
        return adj_cli_fail (error);
      return 0;
    }
  adj_cli_print_json (opts, json);
  return 0;
}

static int
cmd_roster (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) out = json_object_new_object ();
  g_autoptr(AdjRoster) roster = NULL;
  g_autofree char *display = NULL;
  const char *path;
  const char *format;
  AdjPaper paper = ADJ_PAPER_A4;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“roster” takes one file: a battle or an army list"));
  if (opts->pdf == NULL)
    return adj_cli_usage_error (_("“roster” needs --pdf FILE: where to write the roster"));
  if (opts->paper != NULL && !adj_paper_from_string (opts->paper, &paper))
    return adj_cli_usage_error (_("--paper takes “a4” or “letter”, not “%s”"), opts->paper);

  path = g_ptr_array_index (opts->args, 0);
  display = g_filename_display_basename (path);
  json = adj_json_parse_file (path, &error);
  if (json == NULL)
    return adj_cli_fail (error);
  format = adj_store_sniff_format (json);
  if (g_strcmp0 (format, ADJ_BATTLE_FORMAT) == 0)
    {
      g_autoptr(AdjBattle) battle = adj_battle_from_json (json, display, &error);

      if (battle == NULL ||
          (roster = adj_roster_new_for_sides (battle, (const char * const *) opts->sides,
                                              opts->clean ? ADJ_ROSTER_CLEAN : ADJ_ROSTER_CURRENT,
                                              &error)) == NULL)
        return adj_cli_fail (error);
    }
  else if (g_strcmp0 (format, ADJ_ARMY_FORMAT) == 0)
    {
      g_autoptr(AdjArmy) army = adj_army_from_file_json (json, display, &error);

      if (army == NULL)
        return adj_cli_fail (error);
      /* A list is a single side: --side may name it, but nothing else.  It has no game in
       * progress: its sheet is always clean. */
      for (guint i = 0; opts->sides != NULL && opts->sides[i] != NULL; i++)
        if (g_ascii_strcasecmp (opts->sides[i], army->name) != 0)
          {
            g_set_error (&error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                         _("%s is the army list “%s”: it has no side “%s”"), display, army->name,
                         opts->sides[i]);
            return adj_cli_fail (error);
          }
      if ((roster = adj_roster_new_for_army (army, &error)) == NULL)
        return adj_cli_fail (error);
    }
  else
    {
      g_set_error (&error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED,
                   _("%s: $.format: expected “%s” or “%s”: a roster is printed from a battle "
                     "or an army list"), display, ADJ_BATTLE_FORMAT, ADJ_ARMY_FORMAT);
      return adj_cli_fail (error);
    }

  if (!adj_roster_write_pdf (roster, opts->pdf, paper, &error))
    return adj_cli_fail (error);

  json_object_object_add (out, "file", json_object_new_string (opts->pdf));
  json_object_object_add (out, "title", json_object_new_string (adj_roster_get_title (roster)));
  json_object_object_add (out, "paper", json_object_new_string (adj_paper_to_string (paper)));
  json_object_object_add (out, "clean", json_object_new_boolean (adj_roster_is_clean (roster)));
  json_object_object_add (out, "pages",
                          json_object_new_int ((int) adj_roster_get_n_pages (roster)));
  json_object_object_add (out, "sides",
                          json_object_new_int ((int) adj_roster_get_n_sides (roster)));
  json_object_object_add (out, "units",
                          json_object_new_int ((int) adj_roster_get_n_units (roster)));
  adj_cli_print_json (opts, out);
  return 0;
}

/* The solo step of the Risk Factor rules: one order per uncommanded enemy group. */
static int
cmd_solo (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRfSolo) solo = NULL;
  g_autoptr(GArray) dice = NULL;
  g_autoptr(json_object) out = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  const char *path;
  AdjRng rng;
  AdjRng *use_rng = NULL;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“solo” takes one battle file"));
  if (opts->seed != NULL && opts->dice != NULL)
    return adj_cli_usage_error (_("Give either --dice (rolled at the table) or --seed, not both"));
  if (opts->cards != NULL || opts->battle != NULL)
    return adj_cli_usage_error (_("“solo” rolls dice only, for the battle it is given: --cards and "
                          "--battle do not belong to it"));
  if (opts->allow && !opts->apply)
    return adj_cli_usage_error (_("--allow goes with --apply: only applying the orders can be refused"));
  if (opts->seed != NULL)
    {
      guint64 seed;

      if (!parse_seed (opts->seed, &seed, &error))
        return adj_cli_usage_error ("%s", error->message);
      adj_rng_seed (&rng, seed);
      use_rng = &rng;
    }
  if (opts->dice != NULL && !adj_dice_parse (opts->dice, &dice, &error))
    return adj_cli_usage_error ("--dice: %s", error->message);

  path = g_ptr_array_index (opts->args, 0);
  if (opts->apply && (lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL)
    return adj_cli_fail (error);
  battle = adj_store_load_battle (path, &error);
  if (battle == NULL || (solo = adj_rf_solo_new (battle, &error)) == NULL)
    return adj_cli_fail (error);
  if (opts->input != NULL)
    {
      g_autoptr(json_object) json = adj_cli_read_input_json (opts->input, &error);
      const char *file = g_str_equal (opts->input, "-") ? _("standard input") : opts->input;

      if (json == NULL || !adj_rf_solo_set_json (solo, json, file, &error))
        return adj_cli_fail (error);
    }
  /* Without --seed or --dice the battle's own generator rolls, as the app would. */
  if (use_rng == NULL)
    use_rng = adj_battle_get_rng (battle);
  if (!adj_rf_solo_roll (solo, dice != NULL ? NULL : use_rng,
                         dice != NULL ? (const int *) dice->data : NULL,
                         dice != NULL ? dice->len : 0, &error))
    return adj_cli_fail (error);
  out = adj_rf_solo_to_json (solo);
  if (opts->apply)
    {
      if (!adj_rf_solo_apply (solo, opts->allow, &error) ||
          !adj_store_save_battle (battle, path, &error))
        return adj_cli_fail (error);
    }
  json_object_object_add (out, "applied", json_object_new_boolean (opts->apply));
  adj_cli_print_json (opts, out);
  return 0;
}

/* Where a battle stands: its turn, its phase (naming the side it belongs to) and the facts of
 * the turn its system keeps. */
/* What "state" prints of @battle: its turn, its phase and the facts of the turn. */
static json_object *
state_json (AdjBattle *battle)
{
  AdjRuleset *rs = adj_battle_get_ruleset (battle);
  g_autoptr(GPtrArray) facts = adj_battle_get_turn_state (battle);
  g_autofree char *phase = adj_battle_phase_label (battle, NULL);
  json_object *out = json_object_new_object ();

  json_object_object_add (out, "battle", json_object_new_string (adj_battle_get_name (battle)));
  json_object_object_add (out, "ruleset", json_object_new_string (adj_ruleset_get_id (rs)));
  json_object_object_add (out, "turn", json_object_new_int (adj_battle_get_turn (battle)));
  if (adj_ruleset_get_max_turns (rs) > 0)
    json_object_object_add (out, "max_turns",
                            json_object_new_int (adj_ruleset_get_max_turns (rs)));
  json_object_object_add (out, "phase", json_object_new_string (adj_battle_get_phase (battle)));
  json_object_object_add (out, "phase_label", json_object_new_string (phase));
  json_object_object_add (out, "facts", adj_turn_facts_to_json (facts));
  return out;
}

static int
cmd_state (const Options *opts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(json_object) out = NULL;

  if (opts->args->len != 1)
    return adj_cli_usage_error (_("“state” takes one battle file"));
  if (opts->input != NULL || opts->dice != NULL || opts->cards != NULL || opts->seed != NULL ||
      opts->battle != NULL || opts->apply || opts->allow)
    return adj_cli_usage_error (_("“state” only reads the battle it is given: --input, --dice, "
                          "--cards, --seed, --battle, --apply and --allow do not belong to it"));
  battle = adj_store_load_battle (g_ptr_array_index (opts->args, 0), &error);
  if (battle == NULL)
    return adj_cli_fail (error);
  out = state_json (battle);
  adj_cli_print_json (opts, out);
  return 0;
}

/* "next-phase BATTLE" and "next-turn BATTLE": the battle moves on as the app's Next Phase and
 * Next Turn move it, and is saved; what "state" prints, with the journal's new line. */
static int
move_on (const Options *opts,
         const char    *command,
         gboolean       whole_turn)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjFileLock) lock = NULL;
  g_autoptr(json_object) out = NULL;
  const char *path;
  AdjJournal *journal;
  int status;

  if (opts->args->len != 1)
    /* TRANSLATORS: %s is the command, "next-phase" or "next-turn" */
    return adj_cli_usage_error (_("“%s” takes one battle file"), command);
  if (!adj_cli_refuse_saving_options (opts, command, FALSE, &status))
    return status;
  path = g_ptr_array_index (opts->args, 0);
  if ((lock = adj_file_lock (path, ADJ_FILE_LOCK_WAIT_MS, &error)) == NULL ||
      (battle = adj_store_load_battle (path, &error)) == NULL ||
      !adj_system_next_phase (battle, whole_turn, &error) ||
      !adj_store_save_battle (battle, path, &error))
    return adj_cli_fail (error);
  journal = adj_battle_get_journal (battle);
  out = state_json (battle);
  json_object_object_add (out, "journal", json_object_new_string (
    adj_journal_get_entry (journal, journal->position - 1)->summary));
  adj_cli_print_json (opts, out);
  return 0;
}

static int
cmd_next_phase (const Options *opts)
{
  return move_on (opts, "next-phase", FALSE);
}

static int
cmd_next_turn (const Options *opts)
{
  return move_on (opts, "next-turn", TRUE);
}

typedef struct {
  const char *name;
  int       (*run) (const Options *opts);
} Command;

static const Command commands[] = {
  { "rulesets", cmd_rulesets },
  { "mechanics", cmd_mechanics },
  { "describe", cmd_describe },
  { "odds", cmd_odds },
  { "resolve", cmd_resolve },
  { "validate", cmd_validate },
  { "templates", cmd_templates },
  { "new", cmd_new },
  { "roster", cmd_roster },
  { "report", adj_cli_report },
  { "solo", cmd_solo },
  { "state", cmd_state },
  { "next-phase", cmd_next_phase },
  { "next-turn", cmd_next_turn },
  { "markers", adj_cli_markers },
  { "hide", adj_cli_hide },
  { "spot", adj_cli_spot },
  { "done", adj_cli_done },
  { "step", adj_cli_step },
  { "rr", adj_cli_rr },
};

/* Keep the value of an option in its field; a second value is a mistake, not a replacement. */
static gboolean
take_value_cb (const char  *option_name,
               const char  *value,
               gpointer     data,
               GError     **error)
{
  Options *opts = data;
  gboolean is_long = option_name[1] == '-';

  for (guint i = 0; i < G_N_ELEMENTS (value_options); i++)
    {
      const ValueOption *option = &value_options[i];
      char **slot = G_STRUCT_MEMBER_P (opts, option->offset);

      if (is_long ? !g_str_equal (option_name + 2, option->long_name)
                  : option_name[1] != option->short_name)
        continue;
      if (*slot != NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("%s is given twice"),
                       option_name);
          return FALSE;
        }
      *slot = g_strdup (value);
      return TRUE;
    }
  g_assert_not_reached ();
}

/* GOptionContext reads “--apply=no” as --apply. A switch given a value is refused instead, so
 * that it never does the opposite of what was written. */
static gboolean
check_switches (const GOptionEntry  *entries,
                int                  argc,
                char               **argv,
                GError             **error)
{
  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      const char *equals = strchr (argv[i], '=');

      if (!g_str_has_prefix (argv[i], "--") || equals == NULL)
        continue;
      for (guint e = 0; entries[e].long_name != NULL; e++)
        {
          gsize length = strlen (entries[e].long_name);

          if (entries[e].arg == G_OPTION_ARG_NONE && (gsize) (equals - argv[i]) == length + 2 &&
              strncmp (argv[i] + 2, entries[e].long_name, length) == 0)
            {
              g_autofree char *name = g_strndup (argv[i], (gsize) (equals - argv[i]));

              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("%s takes no value"), name);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* GOptionContext misses a value only for the last word of the command line: that word is the
 * option, or a group of short options in which the first that takes a value wanted one. */
static char *
name_option_without_value (const char *last)
{
  if (last[0] == '-' && last[1] != '-')
    for (const char *c = last + 1; *c != '\0'; c++)
      for (guint i = 0; i < G_N_ELEMENTS (value_options); i++)
        if (*c == value_options[i].short_name)
          return g_strdup_printf ("-%c", *c);
  return g_strdup (last);
}

/* Options are read by GOptionContext, in either form, “--dice 6,3” or “--dice=6,3”. What it
 * leaves in argv are the options it does not know; the command and its arguments go to
 * remaining. Values are taken as typed, like the arguments, whatever the locale's encoding. */
static gboolean
parse_options (Options   *opts,
               int       *argc,
               char    ***argv,
               GError   **error)
{
  const GOptionEntry entries[] = {
    { "army", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &opts->armies, NULL, NULL },
    { "variant", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts->variants, NULL, NULL },
    { "emplacement", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts->emplacements, NULL, NULL },
    { "side", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &opts->sides, NULL, NULL },
    { "clean", 0, 0, G_OPTION_ARG_NONE, &opts->clean, NULL, NULL },
    { "apply", 0, 0, G_OPTION_ARG_NONE, &opts->apply, NULL, NULL },
    { "allow", 0, 0, G_OPTION_ARG_NONE, &opts->allow, NULL, NULL },
    { "compact", 0, 0, G_OPTION_ARG_NONE, &opts->compact, NULL, NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &opts->json, NULL, NULL },
    { "long", 0, 0, G_OPTION_ARG_NONE, &opts->long_order, NULL, NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &opts->help, NULL, NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &opts->version, NULL, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &opts->remaining, NULL, NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) local_error = NULL;
  GOptionGroup *group = g_option_group_new ("adjutant-cli", "", "", opts, NULL);
  const char *last = *argc > 1 ? (*argv)[*argc - 1] : "";

  for (guint i = 0; i < G_N_ELEMENTS (value_options); i++)
    {
      const GOptionEntry entry[] = {
        { value_options[i].long_name, value_options[i].short_name, G_OPTION_FLAG_FILENAME,
          G_OPTION_ARG_CALLBACK, (gpointer) take_value_cb, NULL, NULL },
        G_OPTION_ENTRY_NULL
      };

      g_option_group_add_entries (group, entry);
    }
  g_option_group_add_entries (group, entries);
  g_option_context_set_main_group (context, group);
  /* The help is print_help (), which explains the options with the commands they belong to;
   * unknown options are reported by the caller in the words of every other mistake. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_ignore_unknown_options (context, TRUE);

  if (!check_switches (entries, *argc, *argv, error))
    return FALSE;
  if (!g_option_context_parse (context, argc, argv, &local_error))
    {
      /* The only value GOptionContext itself finds wrong here is a missing one. */
      if (g_error_matches (local_error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE))
        {
          g_autofree char *name = name_option_without_value (last);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("%s needs a value"),
                       name);
        }
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_auto(Options) opts = { 0 };
  g_autoptr(GError) error = NULL;
  const Command *command = NULL;
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, adj_i18n_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!parse_options (&opts, &argc, &argv, &error))
    return adj_cli_usage_error ("%s", error->message);
  if (opts.help)
    {
      print_help ();
      return 0;
    }
  if (opts.version)
    {
      printf ("adjutant-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (argc > 1)
    {
      g_autofree char *name = g_strndup (argv[1], strcspn (argv[1], "="));

      return adj_cli_usage_error (_("Unknown option “%s”"), name);
    }
  if (opts.remaining == NULL || opts.remaining[0] == NULL)
    return adj_cli_usage_error (_("No command given"));
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    if (g_str_equal (commands[c].name, opts.remaining[0]))
      command = &commands[c];
  if (command == NULL)
    return adj_cli_usage_error (_("Unknown command “%s”"), opts.remaining[0]);

  opts.args = g_ptr_array_new ();
  for (guint i = 1; opts.remaining[i] != NULL; i++)
    g_ptr_array_add (opts.args, opts.remaining[i]);
  if ((opts.pack != NULL || opts.draw_pile != NULL) &&
      command->run != cmd_odds && command->run != cmd_describe)
    return adj_cli_usage_error (_("--pack and --draw-pile belong to “odds” and “describe”"));
  if (opts.tables != NULL)
    {
      g_autoptr(AdjTables) tables = adj_tables_load_file (opts.tables, NULL, &error);

      /* Checked before anything runs: a broken file is never half used. */
      if (tables == NULL)
        return adj_cli_fail (error);
      adj_tables_set_override (tables);
    }
  if (!check_outputs (&opts, &error))
    return adj_cli_usage_error ("%s", error->message);
  status = command->run (&opts);
  adj_tables_set_override (NULL);
  /* What could not be written (a full disk, a closed pipe) is a failure, not a quiet success. */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      int saved = errno;

      fprintf (stderr, _("%s: cannot write the output: %s\n"), program, g_strerror (saved));
      return status != 0 ? status : 1;
    }
  return status;
}
