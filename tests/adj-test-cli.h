/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-cli.h: running the real adjutant-cli from a test — its exit status, stdout and
 * stderr — and a folder for the files it reads and writes. */

#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

typedef struct {
  int   status;   /* the exit status, or -1 when killed */
  char *out;
  char *err;
} AdjCliRun;

void         adj_cli_run_clear   (AdjCliRun    *r);
/* Run the binary $ADJUTANT_CLI with @args (NULL-terminated), feeding it @input on standard
 * input (NULL: nothing). */
void         adj_cli_run         (AdjCliRun    *r,
                                  const char   *input,
                                  const char  **args);
/* The run succeeded: exit status 0, nothing on stderr. */
void         adj_cli_assert_ok   (const AdjCliRun *r);
/* The run failed with @status, nothing on stdout, and one line on stderr holding @message. */
void         adj_cli_assert_fails (const AdjCliRun *r,
                                   int              status,
                                   const char      *message);
/* Its standard output as JSON. */
json_object *adj_cli_out_json    (const AdjCliRun *r);

/* A copy of the demo battle @name (of data/demo) in @dir; its path. */
char        *adj_cli_copy_demo   (const char   *dir,
                                  const char   *name);
/* A new temporary folder, and removing it with everything in it. */
char        *adj_cli_dir_new     (void);
void         adj_cli_dir_free    (char         *dir);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AdjCliRun, adj_cli_run_clear)

#define ADJ_CLI_RUN(r, input, ...) G_STMT_START { \
    const char *adj_cli_args_[] = { __VA_ARGS__, NULL }; \
    adj_cli_run ((r), (input), adj_cli_args_); \
  } G_STMT_END

G_END_DECLS
