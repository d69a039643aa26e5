/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-test-cli.h: running the real adjutant-cli from a test — its exit status, stdout and
 * stderr — the demo battles to give it, and a folder for the files it reads and writes. */

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
/* The binary under test: $ADJUTANT_CLI, which must be set. */
const char  *adj_cli_path        (void);
/* Run the binary $ADJUTANT_CLI with @args (NULL-terminated), feeding it @input on standard
 * input (NULL: nothing).  What @r held before is freed.  The summary of suppressions that
 * LeakSanitizer adds to stderr at exit is left out. */
void         adj_cli_run         (AdjCliRun          *r,
                                  const char         *input,
                                  const char * const *args);
/* The same, with $LANGUAGE set to @language for the run (NULL: unset, so the binary speaks
 * English). */
void         adj_cli_run_in      (AdjCliRun          *r,
                                  const char         *language,
                                  const char         *input,
                                  const char * const *args);
/* The run succeeded: exit status 0, nothing on stderr. */
void         adj_cli_assert_ok   (const AdjCliRun *r);
/* The run failed with @status, nothing on stdout, and one line on stderr holding @message. */
void         adj_cli_assert_fails (const AdjCliRun *r,
                                   int              status,
                                   const char      *message);
/* Its standard output as JSON. */
json_object *adj_cli_out_json    (const AdjCliRun *r);

/* The path of the demo battle @name, in data/demo. */
char        *adj_cli_demo_path   (const char   *name);
/* A copy of the demo battle @name (of data/demo) in @dir; its path. */
char        *adj_cli_copy_demo   (const char   *dir,
                                  const char   *name);
/* The same, the copy named @copy. */
char        *adj_cli_copy_demo_as (const char  *dir,
                                   const char  *name,
                                   const char  *copy);
/* A new temporary folder, and removing it with everything in it. */
char        *adj_cli_dir_new     (void);
void         adj_cli_dir_free    (char         *dir);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AdjCliRun, adj_cli_run_clear)

#define ADJ_CLI_RUN(r, input, ...) G_STMT_START { \
    const char *adj_cli_args_[] = { __VA_ARGS__, NULL }; \
    adj_cli_run ((r), (input), adj_cli_args_); \
  } G_STMT_END

G_END_DECLS
