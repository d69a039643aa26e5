/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-common.h: what every libFuzzer target of the loaders shares.
 *
 * A target feeds the bytes it is given to one loader, exactly as a file on disk would reach it
 * (adj_json_parse_data() and then the loader), and holds the loader to its promises:
 *   - it never crashes, leaks, or does anything the sanitizers object to;
 *   - it never logs a GLib critical or warning (both are made fatal here): hostile input is
 *     answered with a GError, not with a failed assertion;
 *   - every refusal is a GError in the ADJ_ERROR domain whose message names the file;
 *   - whatever it accepts, it writes back out as a document it accepts again, unchanged.
 * Anything else calls abort(), which libFuzzer reports as a crash with the input that did it.
 */

#pragma once

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj-error.h"
#include "adj-json.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-rng.h"
#include "adj-ruleset.h"

#define FUZZ_FILE "fuzz.json"

G_GNUC_NORETURN G_GNUC_PRINTF (1, 2) static inline void
fuzz_fail (const char *format,
           ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

/* A refusal must say what is wrong, in our error domain, starting with the file's name. */
static inline void
fuzz_check_refusal (const GError *error)
{
  if (error == NULL)
    fuzz_fail ("refused without an error");
  if (error->domain != ADJ_ERROR)
    fuzz_fail ("refused with an error of domain %s: %s", g_quark_to_string (error->domain),
               error->message);
  if (!g_str_has_prefix (error->message, FUZZ_FILE ": ") ||
      strlen (error->message) <= strlen (FUZZ_FILE ": "))
    fuzz_fail ("an error that does not name the file: %s", error->message);
  if (!g_utf8_validate (error->message, -1, NULL))
    fuzz_fail ("an error message that is not UTF-8");
}

static inline json_object *
fuzz_parse (const uint8_t *data,
            size_t         size)
{
  g_autoptr(GError) error = NULL;
  json_object *json = adj_json_parse_data ((const char *) data, size, FUZZ_FILE, &error);

  if (json == NULL)
    fuzz_check_refusal (error);
  return json;
}

/* What Adjutant writes, it reads back as the same document. */
static inline void
fuzz_check_text_round_trip (json_object        *json,
                            const char * const *one_per_line)
{
  g_autofree char *text = adj_json_to_string_lines (json, TRUE, one_per_line);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) again = adj_json_parse_data (text, strlen (text), "written", &error);

  if (again == NULL)
    fuzz_fail ("what was written cannot be read back: %s\n%s", error->message, text);
  if (!adj_json_equal (json, again))
    fuzz_fail ("what was written reads back differently:\n%s", text);
}

/* Every target includes this header once, and starts the same way. */
int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  /* The shipped rulesets, wherever the fuzzer is started from. */
  adj_ruleset_set_data_dir (ADJ_SOURCE_DATADIR);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

/* Every mechanic of @rs's system (only those that read tables, with @tables_only) has its odds
 * computed and is resolved with its default inputs; @describe asks for its description too. */
static inline void
fuzz_run_mechanics (AdjRuleset *rs,
                    gboolean    tables_only,
                    gboolean    describe)
{
  const AdjSystem *system = adj_ruleset_get_system (rs);
  AdjContext ctx = { rs, NULL, NULL };

  for (guint m = 0; m < system->n_mechanics; m++)
    {
      const AdjMechanic *mech = system->mechanics[m];
      g_autoptr(AdjInputs) inputs = NULL;
      g_autoptr(AdjOdds) odds = NULL;
      g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);
      g_autoptr(AdjRandom) random = NULL;
      AdjRng rng;

      if (tables_only && mech->tables == NULL)
        continue;
      inputs = adj_inputs_new (mech, rs);
      if (describe)
        json_object_put (adj_mechanic_describe (mech, rs));
      odds = adj_mechanic_odds (mech, &ctx, inputs, NULL);
      adj_rng_seed (&rng, m);
      random = adj_random_new (&rng, NULL);
      adj_mechanic_resolve (mech, &ctx, inputs, random, outcome, NULL);
    }
}
