/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-share.c: the players' phones' budget — an update reaches 20 open event streams within
 * 100 ms of the apply, and an idle server with those streams open uses no CPU.
 *
 * As bench-core: figures beside their budgets, "OVER" past one, exit 0 whenever it could
 * measure.  The streams are read in this process, as the server serves them: the time counts
 * the snapshot, the writes and the reads of all 20.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "adj-battle.h"
#include "adj-share-server.h"
#include "adj-store.h"
#include "adj-table-json.h"
#include "adj-test-http.h"

#define CLIENTS        20
#define RUNS           21
#define BUDGET_UPDATE  100e-3   /* apply to the last of the 20 streams */
#define IDLE_SECONDS   2
#define BUDGET_IDLE    10e-3    /* CPU time over those seconds */
#define BUDGET_MEMORY  10.0     /* MiB the running server and its 20 streams add */

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static double
cpu_time (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + (double) usage.ru_utime.tv_usec * 1e-6 +
         (double) usage.ru_stime.tv_sec + (double) usage.ru_stime.tv_usec * 1e-6;
}

/* The resident memory now, in MiB (from /proc), or -1. */
static double
resident_mib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "\nVmRSS:")) == NULL)
    return -1;
  return (double) g_ascii_strtoull (line + strlen ("\nVmRSS:"), NULL, 10) / 1024.0;
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static gboolean
has_event (AdjTestHttp *http,
           gpointer     data)
{
  return adj_test_http_has_event (http, *(guint64 *) data);
}

static gboolean
on_idle_over (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
report (const char *what,
        double      seconds,
        double      budget)
{
  printf ("  %-54s %8.2f ms   budget %6.0f ms   %s\n", what, seconds * 1e3, budget * 1e3,
          seconds <= budget ? "ok" : "OVER");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rn-column-on-the-march.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(AdjShareServer) server = NULL;
  g_autoptr(GPtrArray) streams = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 adj_test_http_free);
  g_autofree char *target = NULL;
  double times[RUNS];
  double cpu, memory;
  gboolean idle_over = FALSE;
  guint wakeups = 0;
  guint64 rev;

  if (battle == NULL)
    {
      printf ("Sharing: %s\n", error->message);
      return 1;
    }
  /* What the server adds: measured from a battle loaded and its state built once. */
  json_object_put (adj_table_json_snapshot (battle));
  memory = resident_mib ();
  server = adj_share_server_new (battle);
  if (!adj_share_server_start (server, 0, &error))
    {
      printf ("Sharing: %s\n", error->message);
      return 1;
    }
  target = g_strdup_printf ("/events?t=%s", adj_share_server_get_token (server));
  rev = adj_share_server_get_revision (server);
  for (guint i = 0; i < CLIENTS; i++)
    {
      AdjTestHttp *http = adj_test_http_open (adj_share_server_get_port (server), "GET", target,
                                              NULL);

      if (!adj_test_http_wait (http, has_event, &rev, 5000))
        {
          printf ("Sharing: stream %u did not open\n", i + 1);
          adj_test_http_free (http);
          return 1;
        }
      g_ptr_array_add (streams, http);
    }

  memory = memory >= 0 ? resident_mib () - memory : -1;

  /* An apply and its undo, each timed until the last stream has its update. */
  for (guint r = 0; r < RUNS; r++)
    {
      double start = now ();

      if (r % 2 == 0)
        {
          g_autoptr(AdjOutcome) outcome = adj_battle_run (battle, "rn/deal", NULL, &error);

          g_assert_no_error (error);
          g_assert_nonnull (outcome);
        }
      else
        {
          adj_battle_undo (battle, &error);
          g_assert_no_error (error);
        }
      rev = adj_share_server_get_revision (server);
      for (guint i = 0; i < streams->len; i++)
        if (!adj_test_http_wait (g_ptr_array_index (streams, i), has_event, &rev, 5000))
          {
            printf ("Sharing: stream %u missed update %" G_GUINT64_FORMAT "\n", i + 1, rev);
            return 1;
          }
      times[r] = now () - start;
      for (guint i = 0; i < streams->len; i++)
        g_string_truncate (((AdjTestHttp *) g_ptr_array_index (streams, i))->data, 0);
    }
  qsort (times, RUNS, sizeof times[0], (int (*) (const void *, const void *)) cmp_double);

  /* Idle: the main loop sleeps until something wakes it; only the timer that ends the wait
   * should. */
  cpu = cpu_time ();
  g_timeout_add_seconds (IDLE_SECONDS, on_idle_over, &idle_over);
  while (!idle_over)
    {
      g_main_context_iteration (NULL, TRUE);
      wakeups++;
    }
  cpu = cpu_time () - cpu;

  printf ("Sharing with the players' phones (%d open event streams, %d updates):\n", CLIENTS,
          RUNS);
  report ("apply to the last stream's update, median", times[RUNS / 2], BUDGET_UPDATE);
  report ("apply to the last stream's update, slowest", times[RUNS - 1], BUDGET_UPDATE);
  printf ("  %-54s %8.2f ms   budget %6.0f ms   %s\n", "CPU time while idle for 2 s", cpu * 1e3,
          BUDGET_IDLE * 1e3, cpu <= BUDGET_IDLE ? "ok" : "OVER");
  if (memory >= 0)
    printf ("  %-54s %8.1f MiB  budget %6.0f MiB  %s\n", "memory the server and 20 streams add",
            memory, BUDGET_MEMORY, memory <= BUDGET_MEMORY ? "ok" : "OVER");
  printf ("  %-54s %8u\n", "main loop wake-ups in those 2 s (the end's timer among them)",
          wakeups);
  return 0;
}
