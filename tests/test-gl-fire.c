/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-gl-fire.c: Glidden fire on the players' tables, who falls (a card for each hit), and the
 * charge. */

#include "test-gl.h"

/* ------------------------------------------------------------------------------------------ */
/* fire                                                                                        */

typedef struct {
  const char *weapon;
  const char *formation;
  int         figures;
  int         second;
  int         rear;
  int         crews;
  int         dice;
} FireDiceCase;

static const FireDiceCase fire_dice_cases[] = {
  /* One die a figure, the front rank only in close order... */
  { "breech-loader", "close-order", 10, 10, 0, 1, 10 },
  { "musket", "road-column", 4, 4, 0, 1, 4 },
  { "breech-loader", "square", 5, 5, 0, 1, 5 },
  /* ... the second rank too in open order, never a third... */
  { "breech-loader", "open-order", 10, 10, 0, 1, 20 },
  { "musket", "open-order", 6, 6, 6, 1, 12 },
  /* ... spears from four ranks whatever the order ... */
  { "spear", "close-order", 7, 7, 14, 1, 28 },
  { "spear", "open-order", 5, 0, 3, 1, 8 },
  /* ... and two dice a gun or Maxim crew. */
  { "gun", "close-order", 4, 0, 0, 1, 2 },
  { "gun", "close-order", 12, 0, 0, 3, 6 },
  { "maxim", "open-order", 4, 4, 0, 2, 4 },
  { "maxim", "close-order", 4, 0, 0, 0, 0 },
};

void
test_fire_dice (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fire_dice_cases); i++)
    {
      const FireDiceCase *c = &fire_dice_cases[i];
      g_autofree char *json = g_strdup_printf ("{\"weapon\": \"%s\", \"formation\": \"%s\", "
                                               "\"figures\": %d, \"second_rank\": %d, "
                                               "\"rear_ranks\": %d, \"crews\": %d}", c->weapon,
                                               c->formation, c->figures, c->second, c->rear,
                                               c->crews);
      g_autoptr(AdjInputs) in = inputs_new ("gl/fire", json);
      AdjContext ctx = { .ruleset = rs };
      g_autoptr(GArray) specs = adj_mechanic_draws (in->mechanic, &ctx, in);
      int dice[200];
      g_autoptr(AdjOutcome) out = NULL;

      for (guint k = 0; k < G_N_ELEMENTS (dice); k++)
        dice[k] = (int) (k % 6) + 1;
      g_assert_cmpuint (specs->len, ==, c->dice > 0 ? 1 : 0);
      if (c->dice > 0)
        g_assert_cmpuint (g_array_index (specs, AdjDrawSpec, 0).count, ==, (guint) c->dice);
      out = resolve_ok (in, NULL, dice, (guint) c->dice, NULL);
      g_assert_cmpint (value_int (out, "dice"), ==, c->dice);
      g_assert_cmpstr (out->key, ==, c->dice > 0 ? "dice-rolled" : "no-hits");
    }
}

/* Without the hit table the dice are thrown and counted, and the outcome says which cell is
 * missing; nothing is made of them. */
void
test_fire_no_tables (void)
{
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 6, \"band\": \"long\", "
                                        "\"weapon\": \"musket\"}");
  int dice[] = { 6, 6, 5, 1, 3, 6 };
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, G_N_ELEMENTS (dice), NULL);
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
  json_object *faces = json_object_object_get (out->values, "faces");
  static const int want_faces[] = { 1, 0, 1, 0, 1, 3 };
  g_autofree char *text = adj_outcome_to_text (out);

  g_assert_cmpstr (out->key, ==, "dice-rolled");
  g_assert_cmpstr (out->reason, ==, "Rolled 3 × 6, 1 × 5, 1 × 3, 1 × 1. Enter the Hit table "
                   "first: 1 cell is missing (Long range × Musket or other muzzle-loader)");
  for (guint f = 0; f < 6; f++)
    g_assert_cmpint (json_object_get_int (json_object_array_get_idx (faces, f)), ==,
                     want_faces[f]);
  g_assert_false (json_object_object_get_ex (out->values, "hits", NULL));
  g_assert_false (json_object_object_get_ex (out->values, "casualties", NULL));
  g_assert_nonnull (strstr (text, "The Hit table has 15 empty cells in all"));
  g_assert_cmpuint (out->rolls->len, ==, 1);
  assert_entry (odds, "dice-rolled", frac (1, 1));
  g_assert_cmpstr (odds->note, ==, "Enter the Hit table first: 1 cell is missing (Long range × "
                   "Musket or other muzzle-loader)");
}

/* With the hit table but no saving table: the hits are counted, the saves not thrown. */
void
test_fire_no_saves (void)
{
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables ("{\"hit\": {\"short\": {\"musket\": 5}}}");
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 4, \"weapon\": \"musket\", "
                                        "\"cover\": \"hard\"}");
  int dice[] = { 5, 6, 4, 1 };
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, dice, G_N_ELEMENTS (dice), NULL);
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);

  g_assert_cmpstr (out->key, ==, "hits-rolled");
  g_assert_cmpint (value_int (out, "hits"), ==, 2);
  g_assert_cmpstr (out->reason, ==, "2 hits on the target. Enter the Saving table first: 1 cell "
                   "is missing (Hard cover)");
  /* No hit on 4 dice hitting on 5+: (4/6)^4. */
  assert_entry (odds, "no-hits", frac (16, 81));
  assert_entry (odds, "hits-rolled", frac (65, 81));
  assert_entry (odds, "casualties", frac (0, 1));
  adj_tables_set_override (NULL);
}

/* The tables a volley still lacks are those its odds' note speaks of: the hit table while the
 * dice are only thrown, then the saving table; none when no die is thrown or all is entered.
 * The error behind the note names them too. */
void
test_fire_missing_tables (void)
{
  static const struct {
    const char *tables;
    const char *inputs;
    const char *missing;
  } cases[] = {
    { NULL, "{\"figures\": 6, \"band\": \"long\", \"weapon\": \"musket\"}", "hit" },
    { NULL, "{\"figures\": 4, \"weapon\": \"maxim\", \"crews\": 0}", NULL },
    { "{\"hit\": {\"short\": {\"musket\": 5}}}",
      "{\"figures\": 4, \"weapon\": \"musket\", \"cover\": \"hard\"}", "saves" },
    { full_tables, "{\"figures\": 4, \"weapon\": \"musket\", \"cover\": \"hard\"}", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      /* Held for the case: the tables the odds read. */
      g_autoptr(AdjTables) t G_GNUC_UNUSED = cases[i].tables != NULL ? set_tables (cases[i].tables)
                                                                   : NULL;
      g_autoptr(AdjInputs) in = inputs_new ("gl/fire", cases[i].inputs);
      g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
      AdjContext ctx = { .ruleset = rs };
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) missing = adj_mechanic_missing_tables (in->mechanic, &ctx, in,
                                                                  &error);

      g_assert_no_error (error);
      g_assert_nonnull (missing);
      if (cases[i].missing == NULL)
        {
          g_assert_cmpuint (missing->len, ==, 0);
          g_assert_null (odds->note);
        }
      else
        {
          g_assert_cmpuint (missing->len, ==, 1);
          g_assert_cmpstr (g_ptr_array_index (missing, 0), ==, cases[i].missing);
          g_assert_nonnull (odds->note);
        }
      adj_tables_set_override (NULL);
    }

  /* A mechanic whose resolve fails on a missing table: the error names it. */
  {
    g_autoptr(AdjTables) t = set_tables ("{\"hit\": {\"short\": {\"musket\": 5}}}");
    g_autoptr(GError) error = NULL;
    AdjTableCell cell = { "soft", "value" };

    g_assert_false (adj_tables_require (t, "saves", &cell, 1, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE);
    g_assert_cmpstr (adj_error_get_missing_tables (error)[0], ==, "saves");
    g_assert_null (adj_error_get_missing_tables (error)[1]);
    adj_tables_set_override (NULL);
  }
}

/* The steps of each phase of the turn, as the turn view offers them, and what follows fire. */
void
test_phase_steps (void)
{
  static const char *const movement[] = {
    "gl/morale", "gl/movement", "gl/charge", "gl/melee", NULL
  };
  static const char *const fire[] = { "gl/fire", "gl/hit-cards", NULL };
  const AdjSystem *system = adj_system_lookup ("gl");
  g_autoptr(GPtrArray) move_steps = adj_system_mechanics_for_phase (system, "movement");
  g_autoptr(GPtrArray) fire_steps = adj_system_mechanics_for_phase (system, "fire");
  const AdjMechanic *gl_fire = adj_mechanic_lookup ("gl/fire");
  g_autoptr(AdjOutcome) out = adj_outcome_new (gl_fire);
  int count = 0;

  g_assert_cmpuint (move_steps->len, ==, g_strv_length ((char **) movement));
  for (guint i = 0; i < move_steps->len; i++)
    g_assert_cmpstr (((const AdjMechanic *) g_ptr_array_index (move_steps, i))->id, ==,
                     movement[i]);
  g_assert_cmpuint (fire_steps->len, ==, g_strv_length ((char **) fire));
  for (guint i = 0; i < fire_steps->len; i++)
    g_assert_cmpstr (((const AdjMechanic *) g_ptr_array_index (fire_steps, i))->id, ==, fire[i]);

  /* Each casualty of a volley turns a card on the same target. */
  adj_outcome_set_value_int (out, "casualties", 3);
  g_assert_true (adj_mechanic_get_follow_up (gl_fire, out, &count) ==
                 adj_mechanic_lookup ("gl/hit-cards"));
  g_assert_cmpint (count, ==, 3);
  g_assert_cmpstr (gl_fire->follow_up->unit_from, ==, "target");
  g_assert_cmpstr (gl_fire->follow_up->unit_to, ==, "target");
  g_assert_cmpstr (gl_fire->follow_up->count_to, ==, "hits");
}

typedef struct {
  const char *name;
  const char *json;
  int         dice[8];
  guint       n_dice;
  const char *key;
  int         hits;
  int         saved;
} FireCase;

static const FireCase fire_cases[] = {
  /* Short range, breech-loader: hits on 4; the open gives no save. */
  { "open", "{\"figures\": 5}", { 4, 3, 6, 1, 5 }, 5, "casualties", 3, 0 },
  /* Soft cover saves on 5: one of the three hits saved. */
  { "soft", "{\"figures\": 5, \"cover\": \"soft\"}", { 4, 3, 6, 1, 5, 5, 2, 1 }, 8, "casualties",
    3, 1 },
  /* A prone target in the open is in soft cover. */
  { "prone", "{\"figures\": 2, \"prone\": true}", { 6, 6, 5, 6 }, 4, "all-saved", 2, 2 },
  /* Hard cover saves on 4. */
  { "hard", "{\"figures\": 3, \"cover\": \"hard\", \"band\": \"medium\"}", { 5, 5, 1, 4, 3 }, 5,
    "casualties", 2, 1 },
  { "miss", "{\"figures\": 3, \"band\": \"long\"}", { 5, 5, 1 }, 3, "no-hits", 0, 0 },
  /* Out of reach: no die is thrown. */
  { "out-of-reach", "{\"figures\": 8, \"band\": \"long\", \"weapon\": \"spear\"}", { 0 }, 0,
    "no-hits", 0, 0 },
  /* A gun crew throws two dice. */
  { "gun", "{\"weapon\": \"gun\", \"crews\": 1, \"cover\": \"hard\"}", { 4, 4, 4, 5 }, 4,
    "all-saved", 2, 2 },
};

static void
test_fire_case (gconstpointer data)
{
  const FireCase *c = data;
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (full_tables);
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", c->json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, c->dice, c->n_dice, NULL);

  g_assert_cmpstr (out->key, ==, c->key);
  g_assert_cmpint (value_int (out, "hits"), ==, c->hits);
  g_assert_cmpint (value_int (out, "casualties"), ==, c->hits - c->saved);
  if (c->hits > 0)
    g_assert_cmpint (value_int (out, "saved"), ==, c->saved);
  adj_tables_set_override (NULL);
}

/* The odds of a volley against every throw of the fire dice and then of the saving dice. */
void
test_fire_odds_brute (void)
{
  static const struct { int hit_on, save_on; } cells[] = {
    { 4, 0 }, { 4, 5 }, { 6, 4 }, { 2, 2 }, { 1, 6 }, { 3, 1 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
    for (int n = 1; n <= 4; n++)
      {
        g_autofree char *hit = g_strdup_printf ("%d", cells[c].hit_on);
        g_autofree char *save = cells[c].save_on == 0 ? g_strdup ("\"none\"")
                                                      : g_strdup_printf ("%d", cells[c].save_on);
        g_autofree char *tables = g_strdup_printf ("{\"hit\": {\"short\": {\"musket\": %s}}, "
                                                   "\"saves\": {\"hard\": {\"value\": %s}}}",
                                                   hit, save);
        g_autofree char *json = g_strdup_printf ("{\"figures\": %d, \"weapon\": \"musket\", "
                                                 "\"cover\": \"hard\"}", n);
        g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (tables);
        g_autoptr(AdjInputs) in = inputs_new ("gl/fire", json);
        g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
        Frac none = { 0, 1 }, saved = { 0, 1 }, cas = { 0, 1 };
        u128 throws = 1;

        for (int i = 0; i < n; i++)
          throws *= 6;
        for (u128 x = 0; x < throws; x++)
          {
            u128 y = x;
            int hits = 0;

            for (int i = 0; i < n; i++, y /= 6)
              hits += (int) (y % 6) + 1 >= cells[c].hit_on;
            if (hits == 0)
              {
                none = frac_add (none, frac (1, throws));
                continue;
              }
            {
              u128 save_throws = 1;

              for (int i = 0; i < hits; i++)
                save_throws *= 6;
              for (u128 s = 0; s < save_throws; s++)
                {
                  u128 z = s;
                  int ok = 0;

                  for (int i = 0; i < hits; i++, z /= 6)
                    ok += cells[c].save_on > 0 && (int) (z % 6) + 1 >= cells[c].save_on;
                  if (ok == hits)
                    saved = frac_add (saved, frac (1, throws * save_throws));
                  else
                    cas = frac_add (cas, frac (1, throws * save_throws));
                }
            }
          }
        assert_entry (odds, "no-hits", none);
        assert_entry (odds, "all-saved", saved);
        assert_entry (odds, "casualties", cas);
        adj_tables_set_override (NULL);
      }
}

/* Past what 64 bits count, the odds stay exact. */
void
test_fire_odds_large (void)
{
  g_autoptr(AdjTables) t G_GNUC_UNUSED = set_tables (full_tables);
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 40, \"second_rank\": 40, "
                                        "\"formation\": \"open-order\", \"cover\": \"soft\"}");
  g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
  double sum = 0.0;

  g_autofree char *no_hits = NULL;

  /* 36^80 ways: far past 64 bits, and still exact. */
  assert_odds_exact (odds);
  no_hits = adj_odds_entry_fraction (adj_odds_find (odds, "no-hits"));
  g_assert_cmpstr (no_hits, ==, "1/1208925819614629174706176");   /* 1/2^80 */
  for (guint i = 0; i < odds->entries->len; i++)
    sum += ((AdjOddsEntry *) g_ptr_array_index (odds->entries, i))->p;
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (adj_odds_p (odds, "no-hits"), pow (0.5, 80), 1e-30);
  adj_tables_set_override (NULL);
}

/* A battle's own tables win over the user's: the demo's example values. */
void
test_fire_battle_tables (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "gl-mission-station.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(AdjTables) user G_GNUC_UNUSED =
    set_tables ("{\"hit\": {\"short\": {\"breech-loader\": 2}}}");
  g_autoptr(AdjInputs) in = inputs_new ("gl/fire", "{\"figures\": 2}");
  AdjTables *carried;
  int dice[] = { 3, 3 };
  g_autoptr(AdjOutcome) out = NULL;
  int hit_on = 0;

  g_assert_no_error (error);
  carried = adj_battle_get_tables (battle);
  g_assert_nonnull (carried);
  /* Marked as the demo's own numbers, not the book's. */
  g_assert_nonnull (strstr (adj_tables_get_title (carried), "example"));
  g_assert_nonnull (strstr (adj_tables_get_notes (carried), "not the book"));
  g_assert_true (adj_tables_is_complete (carried, "hit"));
  g_assert_true (adj_tables_is_complete (carried, "saves"));
  g_assert_true (adj_tables_get_int (carried, "hit", "short", "breech-loader", &hit_on, NULL));
  g_assert_cmpint (hit_on, >, 3);

  /* Both dice show 3: the user's 2+ would hit twice, the battle's table hits with neither. */
  out = resolve_ok (in, battle, dice, G_N_ELEMENTS (dice), NULL);
  g_assert_cmpstr (out->key, ==, "no-hits");
  g_assert_cmpint (value_int (out, "hit_on"), ==, hit_on);
  adj_tables_set_override (NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* who falls                                                                                   */

typedef struct {
  const char *name;
  const char *json;
  const char *cards;
  const char *key;
  const char *figures[4];   /* what fell, card by card */
  const char *choosers[4];
} CardCase;

static const CardCase card_cases[] = {
  /* Ace: the officer, then a leading NCO. */
  { "ace", "{\"hits\": 1}", "AS", "leader-falls", { "officer" }, { "leader" } },
  { "ace-nco", "{\"hits\": 1, \"officer\": false, \"leader_nco\": true}", "AH", "leader-falls",
    { "nco" }, { "leader" } },
  { "two-aces", "{\"hits\": 2, \"leader_nco\": true}", "AS,AC", "leader-falls",
    { "officer", "nco" }, { "leader", "leader" } },
  /* No leader left: an Ace is an ordinary card. */
  { "ace-no-leader", "{\"hits\": 1, \"officer\": false}", "AD", "ranks-fall", { "ranks" },
    { "target" } },
  /* Face cards: the firer picks — the officer by default, or a ranker. */
  { "jack", "{\"hits\": 1}", "JC", "leader-falls", { "officer" }, { "firer" } },
  { "king-ranks", "{\"hits\": 1, \"firer_picks\": \"ranks\"}", "KH", "ranks-fall", { "ranks" },
    { "firer" } },
  { "queen-no-leader", "{\"hits\": 1, \"officer\": false}", "QS", "ranks-fall", { "ranks" },
    { "firer" } },
  /* Any other card: the target's player picks — a ranker by default. */
  { "ten", "{\"hits\": 1}", "10H", "ranks-fall", { "ranks" }, { "target" } },
  { "two-gives-officer", "{\"hits\": 1, \"target_picks\": \"leader\"}", "2D", "leader-falls",
    { "officer" }, { "target" } },
  /* Mixed, and only leaders left at the end. */
  { "mixed", "{\"hits\": 3, \"figures\": 3}", "7C,9D,8S", "leader-falls",
    { "ranks", "ranks", "officer" }, { "target", "target", "target" } },
  { "wiped-out", "{\"hits\": 4, \"figures\": 2}", "3C,4C", "leader-falls",
    { "ranks", "officer" }, { "target", "target" } },
};

static void
test_card_case (gconstpointer data)
{
  const CardCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new ("gl/hit-cards", c->json);
  g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, NULL, 0, c->cards);
  json_object *list = json_object_object_get (out->values, "cards");
  guint n = 0;

  g_assert_cmpstr (out->key, ==, c->key);
  while (n < G_N_ELEMENTS (c->figures) && c->figures[n] != NULL)
    n++;
  g_assert_cmpuint (json_object_array_length (list), ==, n);
  for (guint i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (list, i);

      g_assert_cmpstr (json_object_get_string (json_object_object_get (item, "figure")), ==,
                       c->figures[i]);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (item, "chooser")), ==,
                       c->choosers[i]);
    }
  g_assert_cmpint (value_int (out, "figures_lost"), ==, (int) n);
}

void
test_cards_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/hit-cards", "{\"target\": \"u1\", \"hits\": 3}");
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  AdjUnit *foot = adj_battle_find_unit (battle, "u1");
  guint left;

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_cmpint (adj_inputs_get_int (in, "figures"), ==, 20);
  g_assert_true (adj_inputs_get_bool (in, "officer"));
  g_assert_false (adj_inputs_get_bool (in, "leader_nco"));
  out = resolve_ok (in, battle, NULL, 0, "5C,AS,9H");
  g_assert_cmpstr (out->key, ==, "leader-falls");
  g_assert_true (value_bool (out, "officer_killed"));
  left = adj_pack_remaining (adj_battle_get_pack (battle));
  apply_ok (battle, in, out);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 17);
  g_assert_false (adj_unit_get_status_bool (foot, "officer"));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, left - 3);
  undo_ok (battle);
  g_assert_cmpint (adj_unit_get_figures (foot), ==, 20);
  g_assert_true (adj_unit_get_status_bool (foot, "officer"));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (battle)), ==, left);
}

/* The book's allocation over one ordered sequence of card classes (0 ace, 1 face, 2 other):
 * does a leader fall? */
static gboolean
book_leader_falls (const int *classes,
                   int        hits,
                   int        figures,
                   int        leaders,
                   gboolean   firer_leader,
                   gboolean   target_leader)
{
  int ordinary = figures - leaders;

  for (int i = 0; i < hits && i < figures; i++)
    {
      gboolean takes = classes[i] == 0 ? leaders > 0
                       : classes[i] == 1 ? firer_leader && leaders > 0
                                         : target_leader && leaders > 0;

      if (takes || ordinary == 0)
        return leaders > 0;
      ordinary--;
    }
  return FALSE;
}

/* Every ordered draw of the cards left, counted one card at a time (with the turned cards
 * shuffled back when the pile runs out). */
static Frac
brute_leader_falls (int       *draw,    /* counts per class */
                    int       *turned,
                    int       *seq,
                    int        depth,
                    int        hits,
                    int        figures,
                    int        leaders,
                    gboolean   firer_leader,
                    gboolean   target_leader)
{
  int n = draw[0] + draw[1] + draw[2];
  Frac sum = { 0, 1 };

  if (depth == MIN (hits, figures))
    return frac (book_leader_falls (seq, hits, figures, leaders, firer_leader, target_leader) ? 1
                                                                                              : 0,
                 1);
  if (n == 0)
    {
      int d2[3] = { turned[0], turned[1], turned[2] }, t2[3] = { 0, 0, 0 };
      return brute_leader_falls (d2, t2, seq, depth, hits, figures, leaders, firer_leader,
                                 target_leader);
    }
  for (int k = 0; k < 3; k++)
    {
      if (draw[k] == 0)
        continue;
      {
        int d2[3] = { draw[0], draw[1], draw[2] }, t2[3] = { turned[0], turned[1], turned[2] };
        Frac sub;

        d2[k]--;
        t2[k]++;
        seq[depth] = k;
        sub = brute_leader_falls (d2, t2, seq, depth + 1, hits, figures, leaders, firer_leader,
                                  target_leader);
        sum = frac_add (sum, frac_mul (frac ((u128) draw[k], (u128) n), sub));
      }
    }
  return sum;
}

void
test_cards_odds (void)
{
  static const struct {
    const char *json;
    int         hits, figures, leaders;
    gboolean    firer, target;
    guint       keep;     /* cards left in the draw pile: the rest are turned */
  } cases[] = {
    { "{\"hits\": 1}", 1, 20, 1, TRUE, FALSE, 52 },
    { "{\"hits\": 3}", 3, 20, 1, TRUE, FALSE, 52 },
    { "{\"hits\": 4, \"firer_picks\": \"ranks\"}", 4, 20, 1, FALSE, FALSE, 52 },
    { "{\"hits\": 2, \"target_picks\": \"leader\"}", 2, 20, 1, TRUE, TRUE, 52 },
    { "{\"hits\": 2, \"officer\": false}", 2, 20, 0, TRUE, FALSE, 52 },
    { "{\"hits\": 3, \"figures\": 3}", 3, 3, 1, TRUE, FALSE, 52 },
    /* Exactly as many hits as ordinary figures: a leader falls only to a card. */
    { "{\"hits\": 2, \"figures\": 3}", 2, 3, 1, TRUE, FALSE, 52 },
    { "{\"hits\": 3, \"figures\": 4, \"leader_nco\": true}", 3, 4, 2, TRUE, FALSE, 52 },
    /* A nearly spent pack, and one that must be shuffled back on the way. */
    { "{\"hits\": 3, \"firer_picks\": \"ranks\"}", 3, 20, 1, FALSE, FALSE, 6 },
    { "{\"hits\": 5, \"firer_picks\": \"ranks\"}", 5, 20, 1, FALSE, FALSE, 3 },
    { "{\"hits\": 4}", 4, 20, 1, TRUE, FALSE, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new ("gl/hit-cards", cases[i].json);
      g_autoptr(AdjPack) pack = adj_pack_new (1);
      g_autoptr(AdjOdds) odds = NULL;
      g_autoptr(GError) error = NULL;
      AdjContext ctx = { .ruleset = rs, .pack = pack };
      int draw[3] = { 0 }, turned[3] = { 0 }, seq[64];
      const AdjCard *pile;
      guint n;
      Frac p;

      /* Turn cards from the top (the pack is in order) until @keep are left. */
      while (adj_pack_remaining (pack) > cases[i].keep)
        {
          AdjCard c;
          g_assert_true (adj_pack_turn (pack, &c));
        }
      pile = adj_pack_draw_pile (pack, &n);
      for (guint k = 0; k < n; k++)
        draw[adj_card_rank (pile[k]) == 1 ? 0 : adj_card_is_face (pile[k]) ? 1 : 2]++;
      pile = adj_pack_turned (pack, &n);
      for (guint k = 0; k < n; k++)
        turned[adj_card_rank (pile[k]) == 1 ? 0 : adj_card_is_face (pile[k]) ? 1 : 2]++;

      odds = adj_mechanic_odds (in->mechanic, &ctx, in, &error);
      g_assert_no_error (error);
      p = brute_leader_falls (draw, turned, seq, 0, cases[i].hits, cases[i].figures,
                              cases[i].leaders, cases[i].firer, cases[i].target);
      assert_entry (odds, "leader-falls", p);
      assert_entry (odds, "ranks-fall", frac (p.den - p.num, p.den));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* the charge                                                                                  */

void
test_charge (void)
{
  static const struct {
    const char *json;
    int         dice[2];
    guint       n;
    const char *key;
    int         closing;
  } cases[] = {
    /* 20 Zulus, induna with them: 4 straggle, 16 test on 3 (+1 officer) and close. */
    { "{\"class\": \"zulu\", \"figures\": 20}", { 4, 2 }, 2, "closes", 16 },
    { "{\"class\": \"zulu\", \"figures\": 20, \"officer\": false}", { 4, 2 }, 2, "falls-back",
      16 },
    /* Six stragglers from four figures, officer and all: nobody goes on. */
    { "{\"class\": \"boer\", \"figures\": 4}", { 6 }, 1, "stops-short", 0 },
    /* Two figures with their officer: one straggles, the officer goes on and tests. */
    { "{\"class\": \"regular\", \"figures\": 2}", { 1, 6 }, 2, "closes", 1 },
    { "{\"class\": \"regular\", \"figures\": 2}", { 2 }, 1, "stops-short", 0 },
    /* One figure: any die holds him back. */
    { "{\"class\": \"regular\", \"figures\": 1, \"officer\": false}", { 1 }, 1,
      "stops-short", 0 },
    /* Below half: -1 (Boers pass on 4). */
    { "{\"class\": \"boer\", \"figures\": 9, \"full\": 19}", { 1, 3 }, 2, "falls-back", 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new ("gl/charge", cases[i].json);
      g_autoptr(AdjOutcome) out = resolve_ok (in, NULL, cases[i].dice, cases[i].n, NULL);
      g_autoptr(AdjOdds) odds = odds_ok (in, NULL);
      guint ways[3] = { 0 };
      int figures = adj_inputs_get_int (in, "figures");
      BookMorale m = { adj_inputs_get_string (in, "class"), "before-move",
                       adj_inputs_get_bool (in, "officer"), FALSE, FALSE, FALSE, figures,
                       adj_inputs_get_int (in, "full"), FALSE };

      g_assert_cmpstr (out->key, ==, cases[i].key);
      g_assert_cmpint (value_int (out, "closing"), ==, cases[i].closing);
      /* The odds over both dice, against the book. */
      for (int s = 1; s <= 6; s++)
        for (int d = 1; d <= 6; d++)
          {
            /* A D6 of stragglers, any figure among them: none left, no charge. */
            if (s >= figures)
              ways[2]++;
            else if (d + book_morale_mod (&m) >= book_pass (m.morale_class))
              ways[0]++;
            else
              ways[1]++;
          }
      assert_entry (odds, "closes", frac (ways[0], 36));
      assert_entry (odds, "falls-back", frac (ways[1], 36));
      assert_entry (odds, "stops-short", frac (ways[2], 36));
    }
}

void
test_charge_apply (void)
{
  g_autoptr(AdjBattle) battle = new_battle ();
  g_autoptr(AdjInputs) in = inputs_new ("gl/charge", "{\"unit\": \"u4\"}");
  g_autoptr(AdjOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  int dice[] = { 2, 1 };
  AdjUnit *boers = adj_battle_find_unit (battle, "u4");

  g_assert_true (adj_battle_prefill (battle, in, &error));
  g_assert_cmpstr (adj_inputs_get_string (in, "class"), ==, "boer");
  out = resolve_ok (in, battle, dice, G_N_ELEMENTS (dice), NULL);
  g_assert_cmpstr (out->key, ==, "falls-back");
  apply_ok (battle, in, out);
  g_assert_true (adj_unit_get_status_bool (boers, "prone"));
  undo_ok (battle);
  g_assert_false (adj_unit_get_status_bool (boers, "prone"));
}

void
add_fire_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fire_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/fire/case/", fire_cases[i].name, NULL);
      g_test_add_data_func (path, &fire_cases[i], test_fire_case);
    }
}

void
add_card_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (card_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/gl/hit-cards/", card_cases[i].name, NULL);
      g_test_add_data_func (path, &card_cases[i], test_card_case);
    }
}
