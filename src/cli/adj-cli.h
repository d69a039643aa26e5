/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli.h: what the files of adjutant-cli share — the options of the command line, the way
 * results and errors are printed, and the commands that live outside adj-cli.c: Risk Factor's
 * hidden markers (adj-cli-rf.c), the Redvers' Reverse game played step by step
 * (adj-cli-rr.c) and the after-action report (adj-cli-report.c). */

#pragma once

#include <json-c/json.h>

#include "adj-types.h"

G_BEGIN_DECLS

#define ADJ_CLI_EXIT_USAGE 2

/* Every option is accepted before, after or between the arguments of every command; each
 * command checks which of them belong to it. */
typedef struct {
  char      *input;
  char      *dice;
  char      *cards;
  char      *seed;
  char      *battle;
  char      *output;
  char      *name;
  char      *pdf;
  char      *markdown;   /* report: where the Markdown goes ("-": standard output) */
  char      *paper;
  char      *tables;
  char      *modifier;
  char      *times;
  char      *pack;       /* odds and describe: the pack, as a battle keeps it */
  char      *draw_pile;  /* odds and describe: the cards still to draw */
  char     **armies;
  char     **sides;      /* --side, once for each side wanted */
  char     **variants;
  char     **emplacements;
  char     **remaining;  /* the command and its arguments, as GOptionContext leaves them */
  gboolean   apply;
  gboolean   allow;
  gboolean   clean;
  gboolean   compact;
  gboolean   json;
  gboolean   long_order;
  gboolean   help;
  gboolean   version;
  GPtrArray *args;       /* positional arguments after the command, pointing into remaining */
} AdjCliOptions;

/* Print @error's message as one line on standard error; the exit status 1. */
int          adj_cli_fail        (GError              *error);
/* Print a mistake in the command line and where to look for help; the exit status 2. */
int          adj_cli_usage_error (const char          *format,
                                  ...) G_GNUC_PRINTF (1, 2);
/* Refuse every option given that @command does not take (@takes: NULL-terminated names, or
 * NULL for none); *@status gets the exit status of the refusal. */
gboolean     adj_cli_refuse_options (const AdjCliOptions *opts,
                                     const char          *command,
                                     const char * const  *takes,
                                     int                 *status);
/* The same for a command that changes the battle it is given and saves it itself: --apply and
 * --allow do not belong to it either; of the others, it takes --input when @takes_input. */
gboolean     adj_cli_refuse_saving_options (const AdjCliOptions *opts,
                                            const char          *command,
                                            gboolean             takes_input,
                                            int                 *status);
/* Print @json on standard output, indented unless --compact. */
void         adj_cli_print_json  (const AdjCliOptions *opts,
                                  json_object         *json);

/* The JSON object of --input (a file, or "-" for standard input); an empty object without. */
json_object *adj_cli_read_input_json (const char          *path,
                                      GError             **error);
/* What messages call the --input file. */
const char  *adj_cli_input_file_name (const AdjCliOptions *opts);

/* adj-cli-report.c: "report BATTLE", the after-action report. */
int          adj_cli_report      (const AdjCliOptions *opts);
/* adj-cli-rf.c: Risk Factor's hidden markers, "markers", "hide" and "spot". */
int          adj_cli_markers     (const AdjCliOptions *opts);
int          adj_cli_hide        (const AdjCliOptions *opts);
int          adj_cli_spot        (const AdjCliOptions *opts);

/* adj-cli-rn.c: Redcoats & Natives, "done BATTLE UNIT". */
int          adj_cli_done        (const AdjCliOptions *opts);

/* adj-cli-rr.c: "step BATTLE" and "rr ACTION BATTLE ...". */
int          adj_cli_step        (const AdjCliOptions *opts);
int          adj_cli_rr          (const AdjCliOptions *opts);

G_END_DECLS
