/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-roster-systems.c: each system's roster, read back with pdftotext — the columns it uses
 * and no others, its own ranges, boxes and tables, and nothing hidden — printed from its demo
 * battle as it stands, then again after a few results applied with adjutant-cli, where the
 * losses must show, and as a clean sheet, where nothing may.  Every page is rendered to a PNG
 * in the build directory (roster-png/) for people to look at, and each must be ink in shades
 * of grey only: a roster reads in black and white. */

#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "adj-battle.h"
#include "adj-cards.h"
#include "adj-roster.h"
#include "adj-ruleset.h"
#include "adj-store.h"
#include "adj-test-cli.h"
#include "adj-test-pdf.h"
#include "adj-test-util.h"

#define MAX_PHRASES 14
#define MAX_STEPS   5

/* One result applied with "adjutant-cli resolve MECHANIC --battle B --input - --apply". */
typedef struct {
  const char *mechanic;
  const char *input;
  const char *dice;      /* or NULL */
  const char *cards;     /* or NULL */
  const char *seed;      /* or NULL */
} Step;

typedef struct {
  const char *name;
  const char *demo;
  const char *heading;                 /* the column headings over the units, in full */
  const char *must[MAX_PHRASES];       /* on the roster of the demo as it stands */
  const char *must_not[MAX_PHRASES];   /* not on its unit sheets (the quick reference may) */
  const char *never[MAX_PHRASES];      /* nowhere on any roster of it: what is hidden */
  const char *once;                    /* a note the units share, printed once per side */
  Step        steps[MAX_STEPS];
  const char *after[MAX_PHRASES];      /* on the roster after the steps */
  guint       lost;                    /* strength boxes the steps cross off */
  guint       ticked;                  /* states the steps tick */
} SystemCase;

static const SystemCase cases[] = {
  {
    "wec", "wec-zulu-war.json",
    "Stand Unit and type Weapon (range) Move Points",
    { "Single-shot rifle (2 squares)", "Rifled field gun (8 squares)", "3 squares", "Dismounted",
      "Limbered", "Mounted", "Turn 1 of 12", "Points lost:", "British army losses: 0 of 36",
      "Quick reference: When Empires Clash!", "Combat results" },
    { "Card", "short / medium / long", "the players’ own", "as rolled", "DESTROYED",
      "Clean sheet" },
    { "Activated this turn" },
    NULL,
    {
      { "wec/fire-combat", "{\"firer\": \"u1\", \"target\": \"u20\", \"distance\": 2}", "6,6,1" },
      { "wec/fire-combat", "{\"firer\": \"u2\", \"target\": \"u21\", \"distance\": 2}", "6,6,1" },
    },
    { "Zulu Spearmen 5 DESTROYED", "Zulu Spearmen 6 DESTROYED", "Zulu army losses: 4 of 36" },
    2, 0,
  },
  {
    "rn", "rn-column-on-the-march.json",
    "Figures Unit and type Weapon (range) Move Card",
    { "Single-shot rifle (2 hexes)", "Rifled field gun (9 hexes)", "2 hexes", "Disrupted",
      "Wounded", "Moved this turn", "Limbered", "Turn 1", "Regaining cohesion", "The cards" },
    { "Points", "as rolled", "short / medium / long", "the players’ own", "DESTROYED" },
    { "Has acted this turn" },
    NULL,
    {
      { "rn/deal", "{}", NULL, NULL, "3" },
      { "rn/hits", "{\"unit\": \"u2\", \"hits\": 3}" },
      { "rn/hits", "{\"unit\": \"u3\", \"hits\": 1}" },
      { "rn/hits", "{\"unit\": \"u1\", \"hits\": 2}", NULL, "5H" },
    },
    { "Acting now:", "Order of activation:" },
    2, 4,
  },
  {
    "gl", "gl-mission-station.json",
    "Figures Unit and type Weapon Move",
    { "2D6″, rough ground 1D6″", "3D6″, rough ground 2D6″", "4D6″, rough ground 2D6″",
      "2D6″, not over rough ground", "Officer down", "NCO down", "Routing", "Prone",
      "The players’ own tables", "Hit table (the players’ own)", "Saving table (the players’ own)",
      "Movement table (the players’ own)", "Adjutant does not have these tables",
      "Demo example values, made up for this battle" },
    { "as rolled", "Points", "Weapon (range)", "short / medium / long", "DESTROYED" },
    { "The NCO counts as a leader" },
    NULL,
    {
      { "gl/hit-cards", "{\"target\": \"u1\", \"hits\": 3}", NULL, "AS,5H,7C" },
      { "gl/morale", "{\"unit\": \"u5\", \"occasion\": \"charged\"}", "1,3,3,3,3" },
    },
    { "B Company", "Left horn" },
    3, 2,
  },
  {
    "rf", "rf-patrol-at-the-kraal.json",
    "Unit and type Weapon, short / medium / long range Move",
    { "Rifle with bayonet 30 / 90 / 180 cm", "Pistol or revolver 5 / 10 / 30 cm",
      "Carbine 15 / 30 / 100 cm", "Spear (thrown or in hand) 8 / 12 / 24 cm", "40 cm",
      "Wounds", "a second wound kills him", "Sgt Keane", "Bugler Foley", "Entirely in cover",
      "Routing", "Reaction of missile troops" },
    { "(180 cm)", "Points", "Card", "DESTROYED", "the players’ own", "Under command this turn" },
    { "Hidden marker", "Kraal wall", "Thorn scrub", "Mealie field", "Rocky knoll",
      "Donga, north end", "Young warriors 1", "Married regiment", "Musketeers",
      "Hidden, not yet on the table", "dummy" },
    NULL,
    {
      { "rf/shooting", "{\"shooter\": \"u2\", \"target\": \"u6\", \"distance\": 20}", NULL, NULL,
        "5" },
      { "rf/shooting", "{\"shooter\": \"u3\", \"target\": \"u6\", \"distance\": 20}", NULL, NULL,
        "1" },
      { "rf/shooting", "{\"shooter\": \"u6\", \"target\": \"u2\", \"distance\": 5}", NULL, NULL,
        "1" },
    },
    { "Young warriors 2" },
    /* Counted from the battle's own record of each figure instead. */
    G_MAXUINT, 0,
  },
  {
    "rr", "rr-colenso.json",
    "Strength Unit and type",
    { "Morale: Disrupted Suppressed Routed", "Leader marker: Panicked Standing Firm",
      "Replacement leader", "Brigade: 2nd (English) Infantry Brigade", "Note 1:", "See note 2",
      "a bar where it turns to its reduced side", "Turn 1 of 20",
      "Send Orders table (the players’ own)", "Rifle Fire table (the players’ own)",
      "Shell Fire table (the players’ own)", "Status chart (the players’ own)",
      "Quick reference: Redvers' Reverse" },
    { "Weapon", "as rolled", "Points", "Card", "Number marker", "Strength printed on the counter",
      "Emplacement" },
    { "Other chit", "Variants chart", "Planned Objective", "Objective marker", "Fort Wylie",
      "Hlangwane Hill" },
    "Demo strength, invented: enter the one printed on your counter.",
    {
      { "rr/losses", "{\"unit\": \"2nd-devonshire-regiment\", \"hits\": 3}" },
      { "rr/losses", "{\"unit\": \"1st-royal-dragoons\", \"hits\": 1}" },
    },
    { "2nd Devonshire Regiment" },
    4, 0,
  },
};

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static guint
count (const char *text,
       const char *phrase)
{
  g_autofree char *a = adj_test_squeeze (text);
  g_autofree char *b = adj_test_squeeze (phrase);
  guint n = 0;

  for (const char *p = strstr (a, b); p != NULL; p = strstr (p + 1, b))
    n++;
  return n;
}

/* A line of @rows that holds exactly @heading: the columns a roster prints, and no more. */
static gboolean
has_line (const char *rows,
          const char *heading)
{
  g_auto(GStrv) lines = g_strsplit (rows, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = adj_test_squeeze (lines[i]);

      if (g_str_equal (line, heading))
        return TRUE;
    }
  return FALSE;
}

/* A dash alone in a cell of @rows: between column gaps (two spaces or more) or a line's ends. */
static gboolean
has_lone_dash (const char *rows)
{
  g_autoptr(GRegex) lone = g_regex_new ("(^|  )\u2014(  |$)", G_REGEX_MULTILINE, 0, NULL);

  return g_regex_match (lone, rows, 0, NULL);
}

static GDateTime *
fixed_date (void)
{
  return g_date_time_new_utc (1899, 12, 15, 12, 0, 0);
}

static AdjRoster *
write_roster (AdjBattle      *battle,
              AdjRosterFlags  flags,
              const char     *pdf)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) date = fixed_date ();
  AdjRoster *roster = adj_roster_new_for_sides (battle, NULL, flags, &error);

  g_assert_no_error (error);
  adj_roster_set_date (roster, date);
  g_assert_true (adj_roster_write_pdf (roster, pdf, ADJ_PAPER_A4, &error));
  g_assert_no_error (error);
  return roster;
}

/* Every page of @pdf as a PNG in the build directory's roster-png/, named @stem-N.png: each
 * must hold ink, and only black, white and greys. */
static void
render_pages (const char *pdf,
              const char *stem,
              guint       n_pages)
{
  const char *pdftoppm = g_getenv ("ADJUTANT_PDFTOPPM");
  const char *dir = g_getenv ("ADJUTANT_ROSTER_PNG_DIR");
  g_autofree char *prefix = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (pdftoppm == NULL || dir == NULL)
    {
      g_test_skip ("pdftoppm is not installed: no pages rendered");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  prefix = g_build_filename (dir, stem, NULL);
  {
    const char *argv[] = { pdftoppm, "-png", "-r", "60", pdf, prefix, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                 NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }

  for (guint page = 1; page <= n_pages; page++)
    {
      /* pdftoppm pads the page number to as many digits as the last one has. */
      g_autofree char *png = g_strdup_printf ("%s-%0*u.png", prefix, n_pages >= 10 ? 2 : 1, page);
      cairo_surface_t *image = cairo_image_surface_create_from_png (png);
      unsigned char *data;
      int stride, width, height;
      guint dark = 0, colour = 0;

      g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
      data = cairo_image_surface_get_data (image);
      stride = cairo_image_surface_get_stride (image);
      width = cairo_image_surface_get_width (image);
      height = cairo_image_surface_get_height (image);
      for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
          {
            guint32 p = ((guint32 *) (data + y * stride))[x];
            guint r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

            dark += r < 0x80;
            colour += r != g || g != b;
          }
      cairo_surface_destroy (image);
      if (dark < 200)
        adj_test_fail_check ("%s is nearly blank", png);
      if (colour > 0)
        adj_test_fail_check ("%s has %u pixels in colour: a roster is black on white", png, colour);
    }
}

/* The text checks every roster of the system passes, as it stands or after the steps. */
static void
check_text (const SystemCase *c,
            const char       *pdf,
            AdjBattle        *battle,
            gboolean          before_steps)
{
  g_autofree char *rows = adj_test_pdf_rows (pdf);
  g_autofree char *flow = adj_test_pdf_text (pdf);
  const char *reference = strstr (rows, "Quick reference:");
  g_autofree char *sheets = g_strndup (rows, reference != NULL ? (gsize) (reference - rows)
                                                               : strlen (rows));
  const char *flow_reference = strstr (flow, "Quick reference:");
  g_autofree char *sheets_flow = g_strndup (flow, flow_reference != NULL
                                                  ? (gsize) (flow_reference - flow)
                                                  : strlen (flow));

  if (!has_line (rows, c->heading))
    adj_test_fail_check ("%s: no line of column headings reads “%s”", c->name, c->heading);
  for (guint i = 0; before_steps && i < MAX_PHRASES && c->must[i] != NULL; i++)
    if (!adj_test_roster_shows (rows, flow, c->must[i]))
      adj_test_fail_check ("%s: the roster does not show “%s”", c->name, c->must[i]);
  for (guint i = 0; before_steps && i < MAX_PHRASES && c->must_not[i] != NULL; i++)
    if (adj_test_roster_shows (sheets, sheets_flow, c->must_not[i]))
      adj_test_fail_check ("%s: the unit sheets show “%s”", c->name, c->must_not[i]);
  for (guint i = 0; i < MAX_PHRASES && c->never[i] != NULL; i++)
    if (adj_test_roster_shows (rows, flow, c->never[i]))
      adj_test_fail_check ("%s: the roster shows “%s”", c->name, c->never[i]);
  /* No column is printed that has nothing to say: no dash standing for a missing value. */
  if (has_lone_dash (sheets))
    adj_test_fail_check ("%s: a dash stands for a missing value on the unit sheets", c->name);
  if (c->once != NULL)
    g_assert_cmpuint (count (flow, c->once), ==, adj_battle_get_sides (battle)->len);
  /* Every page of the game as it stands says the turn it shows. */
  {
    g_auto(GStrv) pages = g_strsplit (rows, "\f", -1);
    g_autofree char *turn = g_strdup_printf ("Turn %d", adj_battle_get_turn (battle));

    for (guint p = 0; pages[p] != NULL && pages[p + 1] != NULL; p++)
      if (strstr (pages[p], turn) == NULL)
        adj_test_fail_check ("%s: page %u does not say “%s”", c->name, p + 1, turn);
  }
}

/* The demo as it stands. */
static void
test_as_it_stands (gconstpointer data)
{
  const SystemCase *c = data;
  g_autofree char *demo = adj_cli_demo_path (c->demo);
  g_autofree char *name = g_strdup_printf ("%s-demo.pdf", c->name);
  g_autofree char *pdf = tmp_path (name);
  g_autofree char *stem = g_strdup_printf ("%s-demo", c->name);
  g_autoptr(AdjBattle) battle = adj_test_load_battle (demo);
  g_autoptr(AdjRoster) roster = write_roster (battle, ADJ_ROSTER_CURRENT, pdf);

  check_text (c, pdf, battle, TRUE);
  render_pages (pdf, stem, adj_roster_get_n_pages (roster));
}

static void
run_cli (const char * const *args)
{
  g_auto(AdjCliRun) r = { 0 };

  adj_cli_run (&r, NULL, args);
  if (r.status != 0)
    adj_test_fail_check ("adjutant-cli %s failed: %s", args[0], r.err);
}

/* Apply one step with the command-line tool, as a referee at a terminal would. */
static void
apply_step (const Step *step,
            const char *battle)
{
  g_autofree char *input = NULL;
  const char *args[16] = { "resolve", step->mechanic, "--battle", battle, "--apply",
                           "--allow", "--input" };
  guint n = 7;

  input = tmp_path ("step.json");
  g_assert_true (g_file_set_contents (input, step->input, -1, NULL));
  args[n++] = input;
  if (step->dice != NULL)
    {
      args[n++] = "--dice";
      args[n++] = step->dice;
    }
  if (step->cards != NULL)
    {
      args[n++] = "--cards";
      args[n++] = step->cards;
    }
  if (step->seed != NULL)
    {
      args[n++] = "--seed";
      args[n++] = step->seed;
    }
  args[n] = NULL;
  run_cli (args);
}

/* What a battle's record per figure says: figures out of the game, and wounds, over the units a
 * roster prints. */
static void
count_members (AdjBattle *battle,
               guint     *lost,
               guint     *wounds)
{
  *lost = *wounds = 0;
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      json_object *members = adj_unit_get_members (unit);

      if (members == NULL || adj_battle_unit_is_hidden (battle, unit))
        continue;
      for (gsize k = 0; k < json_object_array_length (members); k++)
        {
          json_object *m = json_object_array_get_idx (members, k);

          *lost += json_object_get_boolean (json_object_object_get (m, "lost")) ? 1 : 0;
          *wounds += json_object_get_int (json_object_object_get (m, "wounds")) > 0 ? 1 : 0;
        }
    }
}

/* A copy of the demo after a few results: the roster shows them, and a clean sheet does not. */
static void
test_mid_game (gconstpointer data)
{
  const SystemCase *c = data;
  g_autofree char *demo = adj_cli_demo_path (c->demo);
  g_autofree char *copy_name = g_strdup_printf ("%s-mid-game.json", c->name);
  g_autofree char *copy = tmp_path (copy_name);
  g_autofree char *before_name = g_strdup_printf ("%s-before.pdf", c->name);
  g_autofree char *before_pdf = tmp_path (before_name);
  g_autofree char *mid_name = g_strdup_printf ("%s-mid-game.pdf", c->name);
  g_autofree char *mid_pdf = tmp_path (mid_name);
  g_autofree char *clean_name = g_strdup_printf ("%s-clean.pdf", c->name);
  g_autofree char *clean_pdf = tmp_path (clean_name);
  g_autofree char *api_name = g_strdup_printf ("%s-api.pdf", c->name);
  g_autofree char *api_pdf = tmp_path (api_name);
  g_autofree char *contents = NULL;
  g_autofree char *mid_stem = g_strdup_printf ("%s-mid-game", c->name);
  g_autofree char *clean_stem = g_strdup_printf ("%s-clean", c->name);
  g_autofree char *rows = NULL;
  g_autofree char *flow = NULL;
  g_autoptr(AdjBattle) demo_battle = adj_test_load_battle (demo);
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRoster) before = write_roster (demo_battle, ADJ_ROSTER_CURRENT, before_pdf);
  g_autoptr(AdjRoster) mid = NULL;
  g_autoptr(AdjRoster) clean = NULL;

  if (g_getenv ("ADJUTANT_CLI") == NULL)
    {
      g_test_skip ("adjutant-cli is not built");
      return;
    }
  g_assert_true (g_file_get_contents (demo, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  for (guint i = 0; i < MAX_STEPS && c->steps[i].mechanic != NULL; i++)
    apply_step (&c->steps[i], copy);

  /* The roster the command-line tool writes is the one checked and rendered. */
  {
    const char *args[] = { "roster", copy, "--pdf", mid_pdf, NULL };
    run_cli (args);
  }
  battle = adj_test_load_battle (copy);
  check_text (c, mid_pdf, battle, FALSE);
  rows = adj_test_pdf_rows (mid_pdf);
  flow = adj_test_pdf_text (mid_pdf);
  for (guint i = 0; i < MAX_PHRASES && c->after[i] != NULL; i++)
    if (!adj_test_roster_shows (rows, flow, c->after[i]))
      adj_test_fail_check ("%s: the mid-game roster does not show “%s”", c->name, c->after[i]);

  /* The same battle's roster made here, into another file, counts the boxes it draws. */
  mid = write_roster (battle, ADJ_ROSTER_CURRENT, api_pdf);
  render_pages (mid_pdf, mid_stem, adj_roster_get_n_pages (mid));

  /* The losses and states on the sheet are the ones the results made. */
  if (c->lost == G_MAXUINT)
    {
      guint lost, wounds;

      count_members (battle, &lost, &wounds);
      g_assert_cmpuint (lost, >, 0);
      g_assert_cmpuint (wounds, >, 0);
      g_assert_cmpuint (adj_roster_get_n_ticked (mid, ADJ_ROSTER_BOX_STRENGTH), ==, lost);
      g_assert_cmpuint (adj_roster_get_n_ticked (mid, ADJ_ROSTER_BOX_FIGURE), ==, wounds);
    }
  else
    g_assert_cmpuint (adj_roster_get_n_ticked (mid, ADJ_ROSTER_BOX_STRENGTH), ==,
                      adj_roster_get_n_ticked (before, ADJ_ROSTER_BOX_STRENGTH) + c->lost);
  g_assert_cmpuint (adj_roster_get_n_ticked (mid, ADJ_ROSTER_BOX_STATUS), ==,
                    adj_roster_get_n_ticked (before, ADJ_ROSTER_BOX_STATUS) + c->ticked);
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (mid, ADJ_ROSTER_BOX_STRENGTH), ==,
                    adj_roster_get_n_tick_boxes (before, ADJ_ROSTER_BOX_STRENGTH));

  /* A clean sheet of the same battle: every box empty, the same boxes, no turn. */
  {
    const char *args[] = { "roster", copy, "--pdf", clean_pdf, "--clean", NULL };
    g_autofree char *clean_rows = NULL;
    g_autofree char *clean_flow = NULL;

    run_cli (args);
    clean_rows = adj_test_pdf_rows (clean_pdf);
    clean_flow = adj_test_pdf_text (clean_pdf);
    g_assert_true (adj_test_roster_shows (clean_rows, clean_flow, "Clean sheet"));
    g_assert_false (adj_test_roster_shows (clean_rows, clean_flow, "DESTROYED"));
    g_assert_false (adj_test_roster_shows (clean_rows, clean_flow, "Turn 1"));
    g_assert_true (has_line (clean_rows, c->heading));
  }
  clean = write_roster (battle, ADJ_ROSTER_CLEAN, api_pdf);
  render_pages (clean_pdf, clean_stem, adj_roster_get_n_pages (clean));
  g_assert_true (adj_roster_is_clean (clean));
  g_assert_cmpuint (adj_roster_get_n_ticked (clean, ADJ_ROSTER_BOX_STRENGTH), ==, 0);
  g_assert_cmpuint (adj_roster_get_n_ticked (clean, ADJ_ROSTER_BOX_FIGURE), ==, 0);
  /* States ticked only as every unit starts (a battery limbered), as on the demo's own. */
  {
    g_autoptr(AdjRoster) start = write_roster (demo_battle, ADJ_ROSTER_CLEAN, api_pdf);

    g_assert_cmpuint (adj_roster_get_n_ticked (clean, ADJ_ROSTER_BOX_STATUS), ==,
                      adj_roster_get_n_ticked (start, ADJ_ROSTER_BOX_STATUS));
  }
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (clean, ADJ_ROSTER_BOX_STRENGTH), ==,
                    adj_roster_get_n_tick_boxes (mid, ADJ_ROSTER_BOX_STRENGTH));
}

/* Glidden's Zulus have no NCO: only the two British companies have his box. */
static void
test_gl_no_nco_box (void)
{
  g_autofree char *demo = adj_cli_demo_path ("gl-mission-station.json");
  g_autofree char *pdf = tmp_path ("gl-nco.pdf");
  g_autoptr(AdjBattle) battle = adj_test_load_battle (demo);
  g_autoptr(AdjRoster) roster = write_roster (battle, ADJ_ROSTER_CURRENT, pdf);
  g_autofree char *flow = adj_test_pdf_text (pdf);

  g_assert_cmpuint (adj_roster_get_n_units (roster), ==, 7);
  g_assert_cmpuint (count (flow, "NCO down"), ==, 2);
  g_assert_cmpuint (count (flow, "Officer down"), ==, 7);
}

/* A card dealt is written in the unit's card box, in the system's own order of the suits. */
static void
test_rn_cards (void)
{
  g_autofree char *demo = adj_cli_demo_path ("rn-column-on-the-march.json");
  g_autofree char *copy = tmp_path ("rn-cards.json");
  g_autofree char *pdf = tmp_path ("rn-cards.pdf");
  g_autofree char *contents = NULL;
  g_autofree char *rows = NULL;
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRoster) roster = NULL;
  const Step deal = { "rn/deal", "{}", NULL, NULL, "3" };

  if (g_getenv ("ADJUTANT_CLI") == NULL)
    {
      g_test_skip ("adjutant-cli is not built");
      return;
    }
  g_assert_true (g_file_get_contents (demo, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  apply_step (&deal, copy);
  battle = adj_test_load_battle (copy);
  roster = write_roster (battle, ADJ_ROSTER_CURRENT, pdf);
  /* A box for each unit, whatever it was dealt. */
  g_assert_cmpuint (adj_roster_get_n_tick_boxes (roster, ADJ_ROSTER_BOX_CARD), ==,
                    adj_roster_get_n_units (roster));
  rows = adj_test_pdf_rows (pdf);
  for (guint i = 0; i < adj_battle_get_n_units (battle); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (adj_battle_get_units (battle), i);
      g_autofree char *card = NULL;
      AdjCard parsed;

      g_assert_nonnull (adj_unit_get_card (unit));
      g_assert_true (adj_card_parse (adj_unit_get_card (unit), &parsed));
      card = g_strdup (adj_card_short_name (parsed));
      /* On the line of the unit's details, beside its move. */
      if (count (rows, card) == 0)
        adj_test_fail_check ("the card %s of %s is not on the roster", card,
                             adj_unit_get_name (unit));
    }
}

/* "roster" takes --side once per side wanted, and --clean; what it wrote says which. */
typedef struct {
  const char *args[6];     /* after "roster BATTLE --pdf OUT" */
  int         status;
  guint       sides;
  gboolean    clean;
  const char *message;     /* on standard error, when it fails */
} SidesCase;

static const SidesCase sides_cases[] = {
  { { NULL }, 0, 2, FALSE },
  { { "--side", "b" }, 0, 1, FALSE },
  { { "--side", "Zulu army", "--side", "a" }, 0, 2, FALSE },
  { { "--side", "a", "--side", "a" }, 0, 1, FALSE },
  { { "--side", "b", "--clean" }, 0, 1, TRUE },
  { { "--side", "c" }, 1, 0, FALSE, "The battle has no side “c” (its sides: a (“British army”), "
                                    "b (“Zulu army”))" },
  { { "--clean=yes" }, 2, 0, FALSE, "--clean takes no value" },
  { { "--side" }, 2, 0, FALSE, "--side needs a value" },
};

static void
test_cli_sides (void)
{
  g_autofree char *demo = adj_cli_demo_path ("wec-zulu-war.json");
  g_autofree char *pdf = tmp_path ("sides.pdf");

  if (g_getenv ("ADJUTANT_CLI") == NULL)
    {
      g_test_skip ("adjutant-cli is not built");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sides_cases); i++)
    {
      const SidesCase *c = &sides_cases[i];
      const char *args[12] = { "roster", demo, "--pdf", pdf };
      g_auto(AdjCliRun) r = { 0 };
      guint n = 4;

      for (guint k = 0; k < G_N_ELEMENTS (c->args) && c->args[k] != NULL; k++)
        args[n++] = c->args[k];
      adj_cli_run (&r, NULL, args);
      g_assert_cmpint (r.status, ==, c->status);
      if (c->status != 0)
        {
          g_assert_nonnull (strstr (r.err, c->message));
          continue;
        }
      {
        g_autoptr(json_object) json = adj_test_parse (r.out);
        g_autofree char *rows = adj_test_pdf_rows (pdf);

        g_assert_cmpint (json_object_get_int (json_object_object_get (json, "sides")), ==,
                         (int) c->sides);
        g_assert_cmpint (json_object_get_boolean (json_object_object_get (json, "clean")), ==,
                         c->clean);
        g_assert_cmpint (strstr (rows, "Clean sheet") != NULL, ==, c->clean);
      }
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = adj_cli_dir_new ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *stands = g_strdup_printf ("/roster-systems/%s/as-it-stands",
                                                 cases[i].name);
      g_autofree char *mid = g_strdup_printf ("/roster-systems/%s/mid-game", cases[i].name);

      g_test_add_data_func (stands, &cases[i], test_as_it_stands);
      g_test_add_data_func (mid, &cases[i], test_mid_game);
    }
  g_test_add_func ("/roster-systems/gl/no-nco-box", test_gl_no_nco_box);
  g_test_add_func ("/roster-systems/rn/cards", test_rn_cards);
  g_test_add_func ("/roster-systems/cli/sides", test_cli_sides);

  status = g_test_run ();
  adj_cli_dir_free (tmp_dir);
  return status;
}
