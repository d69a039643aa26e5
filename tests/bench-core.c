/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-core.c: the core's performance budget, measured.
 *
 * Each figure is the median of repeated runs and is printed beside its budget.  This is a
 * benchmark (meson test --benchmark), not a test: it always exits 0 when it could measure, so a
 * slow machine never turns the test suite red; "OVER" in the output marks a figure past its
 * budget.
 *
 * The budgets are set at what a person can feel: a resolve in a millisecond, exact odds within
 * one frame, a big battle read or written in a tenth of a second.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "adj-battle.h"
#include "adj-cards.h"
#include "adj-gen.h"
#include "adj-mechanic.h"
#include "adj-random.h"
#include "adj-journal.h"
#include "adj-report.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-store.h"

/* The budgets, in seconds (and MiB for memory). */
#define BUDGET_RESOLVE 1e-3     /* every resolve */
#define BUDGET_ODDS    16e-3    /* every exact odds: one frame at 60 Hz */
#define BUDGET_SAVE    100e-3   /* save of 1,000 units and 5,000 journal entries */
#define BUDGET_LOAD    100e-3   /* load of the same */
#define BUDGET_UNDO    1e-3     /* undo or redo one entry of that battle */
#define BUDGET_ROSTER  1.0      /* roster PDF of 200 units */
#define BUDGET_REPORT  1.0      /* after-action report of the 5,000-entry journal, PDF and
                                 * Markdown */
#define BUDGET_MEMORY  80.0     /* peak resident memory of the whole run */

static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (GArray *samples)
{
  g_array_sort (samples, cmp_double);
  if (samples->len == 0)
    return 0;
  if (samples->len % 2 == 1)
    return g_array_index (samples, double, samples->len / 2);
  return (g_array_index (samples, double, samples->len / 2 - 1) +
          g_array_index (samples, double, samples->len / 2)) / 2;
}

typedef gboolean (*BenchFunc) (gpointer data);

/* The median time of one call, in seconds: @reps batches of @inner calls each. */
static double
measure (BenchFunc fn,
         gpointer  data,
         guint     reps,
         guint     inner)
{
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint r = 0; r < reps; r++)
    {
      gint64 start = now_ns ();
      double t;

      for (guint i = 0; i < inner; i++)
        if (!fn (data))
          return -1;
      t = (double) (now_ns () - start) / 1e9 / inner;
      g_array_append_val (samples, t);
    }
  return median (samples);
}

static guint n_over;

static void
format_time (double seconds,
             char  *buf,
             gsize  size)
{
  if (seconds < 1e-3)
    g_snprintf (buf, size, "%.1f µs", seconds * 1e6);
  else if (seconds < 1)
    g_snprintf (buf, size, "%.2f ms", seconds * 1e3);
  else
    g_snprintf (buf, size, "%.2f s", seconds);
}

static void
report (const char *what,
        double      seconds,
        double      budget)
{
  char t[32], b[32];

  format_time (seconds, t, sizeof t);
  format_time (budget, b, sizeof b);
  if (seconds > budget)
    n_over++;
  printf ("  %-54s %11s   budget %9s   %s\n", what, t, b, seconds <= budget ? "ok" : "OVER");
  fflush (stdout);
}

/* The peak resident memory of this process so far (the 1,000-unit battle, its copy read back
 * and the 200-unit roster included), from getrusage: Linux counts ru_maxrss in KiB. */
static void
report_memory (void)
{
  struct rusage ru;
  double mib;

  if (getrusage (RUSAGE_SELF, &ru) != 0)
    {
      printf ("  peak memory: getrusage failed, not measured\n");
      return;
    }
  mib = ru.ru_maxrss / 1024.0;
  if (mib > BUDGET_MEMORY)
    n_over++;
  printf ("Memory:\n  %-54s %7.1f MiB   budget %5.0f MiB   %s\n\n", "peak resident, whole run",
          mib, BUDGET_MEMORY, mib <= BUDGET_MEMORY ? "ok" : "OVER");
  fflush (stdout);
}

/* ---- every mechanic of every system ---- */

typedef struct {
  const AdjMechanic *mech;
  AdjContext         ctx;
  AdjInputs         *inputs;
  AdjRng             rng;
} MechBench;

static gboolean
run_resolve (gpointer data)
{
  MechBench *b = data;
  g_autoptr(AdjRandom) random = adj_random_new_with_copy (&b->rng, b->ctx.pack);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (b->mech);
  g_autoptr(GError) error = NULL;

  return adj_mechanic_resolve (b->mech, &b->ctx, b->inputs, random, outcome, &error);
}

static gboolean
run_odds (gpointer data)
{
  MechBench *b = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOdds) odds = adj_mechanic_odds (b->mech, &b->ctx, b->inputs, &error);

  return odds != NULL;
}

/* Only the mechanics whose id starts with this (a command-line argument), or all. */
static const char *only_prefix;

/* The largest dice pools the declarations allow: every count at its maximum. */
static void
maximise (AdjInputs *inputs)
{
  const AdjMechanic *mech = inputs->mechanic;

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];
      if (f->kind == ADJ_FIELD_INT && f->measure == NULL && f->max > f->min)
        adj_inputs_set_int (inputs, f->name, f->max, NULL);
    }
}

/* Inputs naming @a and @b as the mechanic's first two units (and the first side), pre-filled
 * from the battle and then maximised; NULL when the rules refuse them. */
static AdjInputs *
inputs_for (AdjBattle         *battle,
            AdjRuleset        *rs,
            const AdjMechanic *mech,
            AdjUnit           *a,
            AdjUnit           *b)
{
  AdjInputs *inputs = adj_inputs_new (mech, rs);
  GPtrArray *sides = adj_battle_get_sides (battle);
  guint n_units = 0;

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];

      if (f->kind == ADJ_FIELD_UNIT && n_units < 2)
        {
          AdjUnit *u = n_units++ == 0 ? a : b;
          if (u != NULL)
            adj_inputs_set_string (inputs, f->name, adj_unit_get_id (u), NULL);
        }
      else if (f->kind == ADJ_FIELD_SIDE && sides->len > 0)
        adj_inputs_set_string (inputs, f->name, ((AdjSide *) g_ptr_array_index (sides, 0))->id,
                               NULL);
    }
  if (!adj_battle_prefill (battle, inputs, NULL))
    {
      adj_inputs_free (inputs);
      return NULL;
    }
  maximise (inputs);
  return inputs;
}

typedef struct {
  char   id[128];
  double t;
} Worst;

static void
note_worst (Worst      *worst,
            const char *id,
            double      t)
{
  if (t > worst->t)
    {
      worst->t = t;
      g_strlcpy (worst->id, id, sizeof worst->id);
    }
}

/* Measure one mechanic with these inputs and print its line. */
static void
bench_inputs (MechBench  *b,
              const char *label,
              Worst      *worst_resolve,
              Worst      *worst_odds)
{
  double t_resolve = measure (run_resolve, b, 15, 100);
  double t_odds = b->mech->odds != NULL ? measure (run_odds, b, 9, 3) : -1;
  char tr[32] = "—", to[32] = "—";

  if (t_resolve >= 0)
    format_time (t_resolve, tr, sizeof tr);
  if (t_odds >= 0)
    format_time (t_odds, to, sizeof to);
  printf ("  %-54s %11s %11s\n", label, tr, to);
  if (g_getenv ("ADJUTANT_BENCH_VERBOSE") != NULL)
    {
      g_autoptr(json_object) json = adj_inputs_to_json (b->inputs);
      printf ("    %s\n", json_object_to_json_string (json));
    }
  note_worst (worst_resolve, label, t_resolve);
  note_worst (worst_odds, label, t_odds);
}

/* A battle of the system in mid-game: the demo's units repeated, every battle-wide mechanic
 * run once (a deal of cards, say), then a few hundred random actions. */
static AdjBattle *
mid_game (const char *ruleset_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_gen_battle (ruleset_id, 40, 0, 7, &error);
  const AdjSystem *system = adj_system_lookup (ruleset_id);

  if (battle == NULL)
    return NULL;
  for (guint m = 0; m < system->n_mechanics; m++)
    if (system->mechanics[m]->scope == ADJ_SCOPE_BATTLE)
      {
        g_autoptr(AdjOutcome) outcome G_GNUC_UNUSED =
          adj_battle_run (battle, system->mechanics[m]->id, NULL, NULL);
      }
  if (!adj_gen_play (battle, 300, 7, &error))
    return NULL;
  return g_steal_pointer (&battle);
}

/* For each mechanic, the slowest of the unit pairings the rules allow (among the first units
 * of the battle), with every count at its maximum. */
static void
bench_system (const AdjSystem *system,
              Worst           *worst_resolve,
              Worst           *worst_odds)
{
  g_autoptr(GError) error = NULL;
  AdjRuleset *rs = adj_ruleset_lookup (system->id, &error);
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_object_unref);

  if (rs == NULL)
    {
      printf ("  %s: %s\n", system->id, error->message);
      return;
    }
  battle = mid_game (system->id);
  if (battle == NULL)
    {
      printf ("  %s: no demo battle to measure with\n", system->id);
      adj_ruleset_unref (rs);
      return;
    }
  /* Up to eight units of each side, so that pairings across and within sides are tried. */
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      AdjUnit *u = g_list_model_get_item (adj_battle_get_units (battle), i);
      guint same = 0;

      for (guint k = 0; k < units->len; k++)
        same += g_str_equal (adj_unit_get_side (g_ptr_array_index (units, k)),
                             adj_unit_get_side (u));
      if (same < 8 && !adj_unit_get_destroyed (u))
        g_ptr_array_add (units, u);
      else
        g_object_unref (u);
    }

  for (guint m = 0; m < system->n_mechanics; m++)
    {
      MechBench b = { .mech = system->mechanics[m] };
      AdjInputs *slowest = NULL;
      double slowest_t = -1;
      guint tried = 0;

      if (only_prefix != NULL && !g_str_has_prefix (b.mech->id, only_prefix))
        continue;
      adj_battle_context (battle, &b.ctx);
      adj_rng_seed (&b.rng, 42);
      for (guint i = 0; i <= units->len; i++)
        for (guint j = 0; j <= units->len; j++)
          {
            AdjUnit *ua = i < units->len ? g_ptr_array_index (units, i) : NULL;
            AdjUnit *ub = j < units->len ? g_ptr_array_index (units, j) : NULL;
            gint64 start;
            double t;

            b.inputs = inputs_for (battle, rs, b.mech, ua, ub);
            if (b.inputs == NULL)
              continue;
            if (!run_resolve (&b))
              {
                g_clear_pointer (&b.inputs, adj_inputs_free);
                continue;
              }
            tried++;
            /* The quickest of three tries: one try alone may be slowed by anything. */
            t = G_MAXDOUBLE;
            for (guint k = 0; k < 3; k++)
              {
                start = now_ns ();
                if (b.mech->odds != NULL)
                  run_odds (&b);
                run_resolve (&b);
                t = MIN (t, (double) (now_ns () - start));
              }
            if (t > slowest_t)
              {
                g_clear_pointer (&slowest, adj_inputs_free);
                slowest = g_steal_pointer (&b.inputs);
                slowest_t = t;
              }
            g_clear_pointer (&b.inputs, adj_inputs_free);
          }
      if (slowest == NULL)
        {
          printf ("  %-54s %11s %11s   (no pairing in this battle allows it)\n", b.mech->id,
                  "—", "—");
          continue;
        }
      b.inputs = slowest;
      bench_inputs (&b, b.mech->id, worst_resolve, worst_odds);
      adj_inputs_free (b.inputs);
    }
  adj_ruleset_unref (rs);
}

/* The largest pools the rules allow, which a demo battle does not hold. */
static const struct {
  const char *label;
  const char *mechanic;
  const char *inputs;
} largest[] = {
  { "rn/fire: 20 figures and a commander, cover", "rn/fire",
    "{\"firer_figures\": 20, \"firer_weapon\": \"magazine-rifle\", \"firer_with_commander\": "
    "true, \"target_figures\": 20, \"target_in_cover\": true}" },
  { "rn/fire: 20 figures and a commander at a commander", "rn/fire",
    "{\"firer_figures\": 20, \"firer_weapon\": \"magazine-rifle\", \"firer_with_commander\": "
    "true, \"target_type\": \"commander\", \"target_in_cover\": true}" },
  { "rn/assault: 20 figures and a commander a side", "rn/assault",
    "{\"assaulter_figures\": 20, \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_figures\": 20, "
    "\"defender_weapon\": \"hand-to-hand\", \"defender_with_commander\": true, "
    "\"defender_in_cover\": true}" },
  { "rn/assault: 20 figures against a commander", "rn/assault",
    "{\"assaulter_figures\": 20, \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_type\": "
    "\"commander\", \"defender_weapon\": \"hand-to-hand\", \"defender_with_commander\": true, "
    "\"defender_in_cover\": true}" },
  { "rn/assault: a commander against 20 figures", "rn/assault",
    "{\"assaulter_type\": \"commander\", \"assaulter_weapon\": \"hand-to-hand\", "
    "\"assaulter_with_commander\": true, \"assaulter_in_cover\": true, \"defender_figures\": 20, "
    "\"defender_weapon\": \"hand-to-hand\", \"defender_with_commander\": true, "
    "\"defender_in_cover\": true}" },
  { "rn/hits: 40 hits on a commander", "rn/hits",
    "{\"hits\": 40, \"unit_type\": \"commander\", \"unit_figures\": 1}" },
};

static gboolean
bench_named (const char *label,
             const char *mech_id,
             const char *json_text,
             gboolean    full_report,
             Worst      *worst_resolve,
             Worst      *worst_odds)
{
  const AdjMechanic *mech = adj_mechanic_lookup (mech_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = json_tokener_parse (json_text);
  g_autoptr(AdjPack) pack = adj_pack_new (1);
  char rs_id[64];
  AdjRuleset *rs;
  MechBench b = { .mech = mech };

  if (mech == NULL || json == NULL)
    {
      g_printerr ("bench-core: no mechanic “%s”, or its inputs are not a JSON object\n", mech_id);
      return FALSE;
    }
  rs = adj_ruleset_lookup (adj_mechanic_ruleset_id (mech, rs_id, sizeof rs_id), &error);
  if (rs == NULL)
    {
      g_printerr ("bench-core: %s\n", error->message);
      return FALSE;
    }
  b.ctx.ruleset = rs;
  b.ctx.pack = pack;
  adj_rng_seed (&b.rng, 42);
  b.inputs = adj_inputs_new (mech, rs);
  if (!adj_inputs_set_json (b.inputs, json, "inputs", &error) || !run_resolve (&b))
    {
      g_autoptr(AdjRandom) random = adj_random_new_with_copy (&b.rng, pack);
      g_autoptr(AdjOutcome) outcome = adj_outcome_new (mech);

      if (error == NULL)
        adj_mechanic_resolve (mech, &b.ctx, b.inputs, random, outcome, &error);
      g_printerr ("bench-core: %s: %s\n", label, error != NULL ? error->message : "?");
      adj_inputs_free (b.inputs);
      adj_ruleset_unref (rs);
      return FALSE;
    }
  if (full_report)
    {
      report ("resolve", measure (run_resolve, &b, 15, 100), BUDGET_RESOLVE);
      if (mech->odds != NULL)
        report ("exact odds", measure (run_odds, &b, 9, 3), BUDGET_ODDS);
    }
  else
    bench_inputs (&b, label, worst_resolve, worst_odds);
  adj_inputs_free (b.inputs);
  adj_ruleset_unref (rs);
  return TRUE;
}

static void
bench_mechanics (void)
{
  guint n_systems;
  const AdjSystem **systems = adj_systems (&n_systems);
  Worst worst_resolve = { "", 0 }, worst_odds = { "", 0 };

  printf ("Every mechanic: the slowest pairing of units in a game under way, every count at "
          "its maximum\n");
  printf ("  %-54s %11s %11s\n", "mechanic", "resolve", "exact odds");
  for (guint s = 0; s < n_systems; s++)
    bench_system (systems[s], &worst_resolve, &worst_odds);
  printf ("\nThe largest pools the rules allow, from a full pack\n");
  for (guint i = 0; i < G_N_ELEMENTS (largest); i++)
    if (only_prefix == NULL || g_str_has_prefix (largest[i].mechanic, only_prefix))
      bench_named (largest[i].label, largest[i].mechanic, largest[i].inputs, FALSE,
                   &worst_resolve, &worst_odds);
  printf ("\n");
  {
    g_autofree char *r = g_strdup_printf ("resolve, slowest (%s)", worst_resolve.id);
    g_autofree char *o = g_strdup_printf ("exact odds, slowest (%s)", worst_odds.id);
    report (r, worst_resolve.t, BUDGET_RESOLVE);
    report (o, worst_odds.t, BUDGET_ODDS);
  }
}

/* ---- files, undo and rosters of a big battle ---- */

typedef struct {
  AdjBattle  *battle;
  const char *path;
} FileBench;

static gboolean
run_save (gpointer data)
{
  FileBench *b = data;
  g_autoptr(GError) error = NULL;

  if (!adj_store_save_battle (b->battle, b->path, &error))
    {
      g_printerr ("save: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
run_undo (gpointer data)
{
  return adj_battle_undo (data, NULL);
}

static gboolean
run_redo (gpointer data)
{
  return adj_battle_redo (data, NULL);
}

typedef struct {
  AdjBattle  *battle;
  const char *path;
} RosterBench;

static gboolean
run_roster (gpointer data)
{
  RosterBench *b = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (b->battle, NULL, &error);

  if (roster == NULL || !adj_roster_write_pdf (roster, b->path, ADJ_PAPER_A4, &error))
    {
      g_printerr ("roster: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The after-action report from the odds the journal kept: the figures, the PDF and the
 * Markdown. */
static gboolean
run_report (gpointer data)
{
  RosterBench *b = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjReport) report = adj_report_new (b->battle);
  g_autofree char *markdown = adj_report_to_markdown (report);

  if (!adj_report_write_pdf (report, b->path, ADJ_PAPER_A4, NULL, &error))
    {
      g_printerr ("report: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
bench_big_battle (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) big = NULL;
  g_autoptr(AdjBattle) two_hundred = NULL;
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autofree char *pdf = g_build_filename (dir, "roster.pdf", NULL);
  g_autofree char *report_pdf = g_build_filename (dir, "report.pdf", NULL);
  FileBench fb;
  RosterBench rb;
  GStatBuf st;
  double t;

  big = adj_gen_battle ("wec", 1000, 5000, 1, &error);
  if (big == NULL)
    {
      g_printerr ("generating the big battle: %s\n", error->message);
      return FALSE;
    }
  fb.battle = big;
  fb.path = path;
  if (!run_save (&fb))
    return FALSE;
  g_stat (path, &st);
  printf ("A battle of 1,000 units with a 5,000-entry journal (%.1f MB on disk):\n",
          st.st_size / 1e6);
  report ("save (atomic, synced to disk)", measure (run_save, &fb, 9, 1), BUDGET_SAVE);
  {
    /* The battle read is thrown away outside the time measured: reading is what is timed. */
    g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));

    for (guint i = 0; i < 9; i++)
      {
        gint64 start = now_ns ();
        g_autoptr(AdjBattle) loaded = adj_store_load_battle (path, &error);
        double took = (double) (now_ns () - start) / 1e9;

        if (loaded == NULL)
          {
            g_printerr ("load: %s\n", error->message);
            return FALSE;
          }
        g_array_append_val (samples, took);
      }
    report ("load", median (samples), BUDGET_LOAD);
  }

  /* Undo and redo the last entry, alternately, so the journal ends where it began. */
  t = measure (run_undo, big, 1, 1);
  run_redo (big);
  {
    g_autoptr(GArray) undo = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) redo = g_array_new (FALSE, FALSE, sizeof (double));
    for (guint i = 0; i < 201; i++)
      {
        t = measure (run_undo, big, 1, 1);
        g_array_append_val (undo, t);
        t = measure (run_redo, big, 1, 1);
        g_array_append_val (redo, t);
      }
    report ("undo one entry", median (undo), BUDGET_UNDO);
    report ("redo one entry", median (redo), BUDGET_UNDO);
  }
  rb.battle = big;
  rb.path = report_pdf;
  report ("after-action report (figures, PDF and Markdown)", measure (run_report, &rb, 3, 1),
          BUDGET_REPORT);
  {
    g_autoptr(AdjReport) r = adj_report_new (big);

    printf ("  (%u rolls of %u entries)\n", adj_report_get_n_rolls (r),
            adj_journal_get_n_entries (adj_battle_get_journal (big)));
  }
  printf ("\n");

  two_hundred = adj_gen_battle ("wec", 200, 100, 2, &error);
  if (two_hundred == NULL)
    {
      g_printerr ("generating the 200-unit battle: %s\n", error->message);
      return FALSE;
    }
  rb.battle = two_hundred;
  rb.path = pdf;
  printf ("A roster of 200 units:\n");
  report ("roster PDF (lay out and write)", measure (run_roster, &rb, 5, 1), BUDGET_ROSTER);
  {
    g_autoptr(AdjRoster) roster = adj_roster_new_for_battle (two_hundred, NULL, NULL);
    double w, h;
    adj_paper_get_size (ADJ_PAPER_A4, &w, &h);
    printf ("  (%u pages on A4)\n", adj_roster_paginate (roster, w, h));
  }
  printf ("\n");
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  /* bench-core --inputs MECHANIC JSON: time one mechanic with these inputs, from a full pack. */
  if (argc == 4 && g_str_equal (argv[1], "--inputs"))
    return bench_named (argv[2], argv[2], argv[3], TRUE, NULL, NULL) ? 0 : 1;
  if (argc > 1)
    only_prefix = argv[1];
  dir = g_dir_make_tmp ("adjutant-bench-XXXXXX", &error);
  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  printf ("Adjutant core benchmarks (median of repeated runs)\n\n");
  bench_mechanics ();
  printf ("\n");
  ok = only_prefix != NULL || bench_big_battle (dir);

  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);
        g_unlink (p);
      }
    g_rmdir (dir);
  }
  if (only_prefix == NULL)
    report_memory ();
  printf ("%u figure%s over budget\n", n_over, n_over == 1 ? "" : "s");
  return ok ? 0 : 1;
}
