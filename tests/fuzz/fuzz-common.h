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

static inline void
fuzz_init (void)
{
  /* The shipped rulesets, wherever the fuzzer is started from. */
  adj_ruleset_set_data_dir (ADJ_SOURCE_DATADIR);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}
