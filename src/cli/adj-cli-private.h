/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-cli-private.h: what the files of adjutant-cli share — the options of a command line and
 * the helpers that print results and report mistakes the same way in every command. */

#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define EXIT_USAGE 2

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
  char      *paper;
  char      *side;
  char      *tables;
  char     **armies;
  char     **remaining;  /* the command and its arguments, as GOptionContext leaves them */
  gboolean   apply;
  gboolean   allow;
  gboolean   compact;
  gboolean   help;
  gboolean   version;
  GPtrArray *args;       /* positional arguments after the command, pointing into remaining */
} Options;

/* An error in a file, an input or the rules: one line on stderr; returns exit status 1. */
int          fail            (GError        *error);
/* A mistake in the command line: the message and a pointer to --help; returns EXIT_USAGE. */
int          usage_error     (const char    *format,
                              ...) G_GNUC_PRINTF (1, 2);
void         print_json      (const Options *opts,
                              json_object   *json);
/* The JSON object of --input (a file, or "-" for standard input); an empty object without. */
json_object *read_input_json (const char    *path,
                              GError       **error);
/* What messages call the --input file. */
const char  *input_file_name (const Options *opts);

/* adj-cli-rf.c: the Risk Factor commands. */
int          cmd_markers     (const Options *opts);
int          cmd_hide        (const Options *opts);
int          cmd_spot        (const Options *opts);

G_END_DECLS
