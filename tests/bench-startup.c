/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-startup.c: how long Adjutant takes from launch to its first frame with a 200-unit
 * battle open, beside a bare libadwaita window that does nothing, and how much memory it then
 * holds.
 *
 *   bench-startup ADJUTANT BARE-WINDOW BARE-ADW-WINDOW
 *
 * Every program quits on its first frame (ADJUTANT_QUIT_AFTER_FIRST_FRAME); each is started in
 * turn, several times, and the medians are compared.  Adjutant and the bare libadwaita window are
 * compared drawn with the same renderer, twice: with GTK's default (which under Xvfb is OpenGL
 * drawn by Mesa's llvmpipe), and with cairo and no OpenGL (GSK_RENDERER=cairo
 * GDK_DEBUG=gl-disable).  Adjutant picks cairo by itself on a machine without a GPU render node
 * unless GSK_RENDERER or GDK_DEBUG is set (src/app/main.c), so for GTK's default both are given
 * an empty GDK_DEBUG, which sets no flag.  The memory budget is for Adjutant as a player starts
 * it, with both variables cleared and its own choice of renderer.  The bare GTK window is printed
 * for reference only, and so are two more starts that tell what any text costs: a libadwaita
 * window with a header bar and a line of text (bench-bare-adw-window --text), and Adjutant's own
 * start page with no battle open.  Needs a display (Xvfb will do); without one it says so and
 * exits 77, which meson counts as skipped.
 */

/* wait4() is a BSD call. */
#define _DEFAULT_SOURCE

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "adj-gen.h"
#include "adj-store.h"
#include "adj-test-util.h"

#define RUNS 7

static gint64
now_us (void)
{
  return g_get_monotonic_time ();
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v,
        guint   n)
{
  qsort (v, n, sizeof *v, (int (*) (const void *, const void *)) cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Run @argv to its exit; its wall time in seconds and its peak memory in MiB. */
static gboolean
run_once (char   **argv,
          char   **envp,
          double  *seconds,
          double  *peak_mib)
{
  g_autoptr(GError) error = NULL;
  GPid pid;
  struct rusage ru;
  int status = 0;
  gint64 start = now_us (), deadline = start + 30 * G_USEC_PER_SEC;

  if (!g_spawn_async (NULL, argv, envp, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    {
      g_printerr ("bench-startup: %s\n", error->message);
      return FALSE;
    }
  for (;;)
    {
      pid_t r = wait4 (pid, &status, WNOHANG, &ru);

      if (r == pid)
        break;
      if (now_us () > deadline)
        {
          kill (pid, SIGKILL);
          wait4 (pid, &status, 0, &ru);
          g_printerr ("bench-startup: %s did not draw a frame within 30 s\n", argv[0]);
          return FALSE;
        }
      g_usleep (200);
    }
  *seconds = (double) (now_us () - start) / G_USEC_PER_SEC;
  *peak_mib = (double) ru.ru_maxrss / 1024.0;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_printerr ("bench-startup: %s ended badly (status %d)\n", argv[0], status);
      return FALSE;
    }
  return TRUE;
}

static void
line (const char *what,
      double      value,
      const char *unit,
      double      budget,
      const char *budget_text)
{
  printf ("  %-52s %8.2f %-3s  budget %-14s %s\n", what, value, unit, budget_text,
          value <= budget ? "ok" : "OVER");
}

/* The programs started in every round, in this order. */
enum {
  ADW_DEFAULT,
  APP_DEFAULT,
  ADW_CAIRO,
  APP_CAIRO,
  APP_AS_STARTED,
  BARE_DEFAULT,
  BARE_CAIRO,
  ADW_TEXT_CAIRO,
  START_CAIRO,
  N_PROGRAMS
};

static void
compare (const char *renderer,
         double      app,
         double      adw)
{
  g_autofree char *what = g_strdup_printf ("Adjutant ÷ bare libadwaita window, %s", renderer);
  g_autofree char *budget = g_strdup_printf ("1.5 (%.2f s)", 1.5 * adw);

  printf ("  %-52s %8.2f s\n", "a bare libadwaita window", adw);
  printf ("  %-52s %8.2f s\n", "Adjutant with a 200-unit battle open", app);
  line (what, app / adw, "×", 1.5, budget);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *battle_path = NULL;
  g_autofree char *xdg = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_auto(GStrv) envp = NULL;
  g_auto(GStrv) default_envp = NULL;
  g_auto(GStrv) cairo_envp = NULL;
  double t[N_PROGRAMS][RUNS], mem[N_PROGRAMS][RUNS];

  if (argc != 4)
    {
      g_printerr ("Usage: bench-startup ADJUTANT BARE-WINDOW BARE-ADW-WINDOW\n");
      return 2;
    }
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("Start-up: no display (run the benchmarks under xvfb-run): skipped\n");
      return 77;
    }

  dir = g_dir_make_tmp ("adjutant-startup-XXXXXX", &error);
  battle = dir != NULL ? adj_gen_battle ("wec", 200, 200, 3, &error) : NULL;
  battle_path = dir != NULL ? g_build_filename (dir, "battle-200.json", NULL) : NULL;
  if (battle == NULL || !adj_store_save_battle (battle, battle_path, &error))
    {
      g_printerr ("bench-startup: %s\n", error->message);
      return 1;
    }

  /* A fresh profile: no autosave to offer, no settings from the person running this. */
  xdg = g_build_filename (dir, "xdg", NULL);
  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "ADJUTANT_QUIT_AFTER_FIRST_FRAME", "1", TRUE);
  envp = g_environ_setenv (envp, "ADJUTANT_NO_RESTORE", "1", TRUE);
  envp = g_environ_setenv (envp, "GSETTINGS_BACKEND", "memory", TRUE);
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", xdg, TRUE);
  envp = g_environ_setenv (envp, "XDG_CONFIG_HOME", xdg, TRUE);
  envp = g_environ_setenv (envp, "XDG_CACHE_HOME", xdg, TRUE);
  envp = g_environ_unsetenv (envp, "G_DEBUG");
  envp = g_environ_unsetenv (envp, "MALLOC_CHECK_");
  envp = g_environ_unsetenv (envp, "GSK_RENDERER");
  envp = g_environ_unsetenv (envp, "GDK_DEBUG");
  default_envp = g_environ_setenv (g_strdupv (envp), "GDK_DEBUG", "", TRUE);
  cairo_envp = g_environ_setenv (g_strdupv (envp), "GSK_RENDERER", "cairo", TRUE);
  cairo_envp = g_environ_setenv (cairo_envp, "GDK_DEBUG", "gl-disable", TRUE);

  {
    char *app_argv[] = { argv[1], battle_path, NULL };
    char *bare_argv[] = { argv[2], NULL };
    char *adw_argv[] = { argv[3], NULL };
    char *adw_text_argv[] = { argv[3], (char *) "--text", NULL };
    char *start_argv[] = { argv[1], NULL };
    struct {
      char **argv;
      char **envp;
    } programs[N_PROGRAMS] = {
      [ADW_DEFAULT] = { adw_argv, default_envp },
      [APP_DEFAULT] = { app_argv, default_envp },
      [ADW_CAIRO] = { adw_argv, cairo_envp },
      [APP_CAIRO] = { app_argv, cairo_envp },
      [APP_AS_STARTED] = { app_argv, envp },
      [BARE_DEFAULT] = { bare_argv, default_envp },
      [BARE_CAIRO] = { bare_argv, cairo_envp },
      [ADW_TEXT_CAIRO] = { adw_text_argv, cairo_envp },
      [START_CAIRO] = { start_argv, cairo_envp },
    };

    /* One round first, unmeasured, so that every program starts with warm caches. */
    for (int round = -1; round < RUNS; round++)
      for (guint p = 0; p < N_PROGRAMS; p++)
        if (!run_once (programs[p].argv, programs[p].envp, &t[p][MAX (round, 0)],
                       &mem[p][MAX (round, 0)]))
          return 1;
  }

  printf ("Start-up to the first frame (median of %d runs of each), with GTK's default renderer\n",
          RUNS);
  compare ("default", median (t[APP_DEFAULT], RUNS), median (t[ADW_DEFAULT], RUNS));
  printf ("\nThe same, both with cairo and no OpenGL (GSK_RENDERER=cairo GDK_DEBUG=gl-disable)\n");
  compare ("cairo", median (t[APP_CAIRO], RUNS), median (t[ADW_CAIRO], RUNS));

  printf ("\nMemory at the first frame (peak resident), Adjutant as a player starts it\n");
  line ("Adjutant with a 200-unit battle open", median (mem[APP_AS_STARTED], RUNS), "MiB", 80,
        "80 MiB");

  printf ("\nFor reference, not budgeted: time and peak memory at the first frame\n");
  printf ("  %-52s %8.2f s %8.1f MiB\n", "Adjutant as a player starts it",
          median (t[APP_AS_STARTED], RUNS), median (mem[APP_AS_STARTED], RUNS));
  printf ("  %-52s %8.2f s %8.1f MiB\n", "Adjutant, GTK's default renderer",
          median (t[APP_DEFAULT], RUNS), median (mem[APP_DEFAULT], RUNS));
  printf ("  %-52s %8.2f s %8.1f MiB\n", "Adjutant, cairo", median (t[APP_CAIRO], RUNS),
          median (mem[APP_CAIRO], RUNS));
  printf ("  %-52s %8.2f s %8.1f MiB\n", "a bare libadwaita window, GTK's default renderer",
          median (t[ADW_DEFAULT], RUNS), median (mem[ADW_DEFAULT], RUNS));
  printf ("  %-52s %8.2f s %8.1f MiB\n", "a bare libadwaita window, cairo",
          median (t[ADW_CAIRO], RUNS), median (mem[ADW_CAIRO], RUNS));
  printf ("  %-52s %8.2f s %8.1f MiB\n", "a bare GTK window, GTK's default renderer",
          median (t[BARE_DEFAULT], RUNS), median (mem[BARE_DEFAULT], RUNS));
  printf ("  %-52s %8.2f s %8.1f MiB\n", "a bare GTK window, cairo",
          median (t[BARE_CAIRO], RUNS), median (mem[BARE_CAIRO], RUNS));


  /* What the budget's empty window never pays: any text at all, then Adjutant's own start page
   * (no battle open), both measured against the same empty window. */
  printf ("\nFor reference, not budgeted: what showing any text costs, cairo, ÷ the bare "
          "libadwaita window\n");
  printf ("  %-52s %8.2f s %8.2f ×\n", "a libadwaita window with a header bar and a status page",
          median (t[ADW_TEXT_CAIRO], RUNS),
          median (t[ADW_TEXT_CAIRO], RUNS) / median (t[ADW_CAIRO], RUNS));
  printf ("  %-52s %8.2f s %8.2f ×\n", "Adjutant's start page, no battle open",
          median (t[START_CAIRO], RUNS),
          median (t[START_CAIRO], RUNS) / median (t[ADW_CAIRO], RUNS));

  adj_test_remove_tree (dir);
  return 0;
}
