/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec-odds.c: When Empires Clash! exact odds: the two combats against a brute force over
 * every die face, and the odds of the other mechanics. */

#include "test-wec.h"

/* ------------------------------------------------------------------------------------------ */
/* Exact odds of the two combats against a brute force over every die face                   */

typedef struct {
  const char *name;
  const char *a_type;
  const char *weapon;        /* fire only */
  int         distance;      /* fire only */
  gboolean    a_dismounted;
  int         a_command;
  int         a_support;     /* close only */
  gboolean    a_backed;      /* close only */
  const char *b_type;
  gboolean    b_dismounted;  /* close only */
  int         b_command;
  int         b_support;     /* close only */
  gboolean    b_backed;      /* close only */
  gboolean    flank;
  gboolean    shared;        /* fire */
  gboolean    moved;         /* fire */
  gboolean    covered;
  gboolean    in_square;     /* close */
  gboolean    isolated;      /* close */
  gboolean    uphill;        /* close */
  gboolean    a_large;       /* close: the attacker is on a large stand */
  gboolean    b_large;       /* the target or defender is on a large stand */
} ComboSet;

static const ComboSet fire_sets[] = {
  { .name = "plain", .a_type = "regular-infantry", .weapon = "single-shot-rifle", .distance = 2,
    .b_type = "regular-infantry" },
  { .name = "artillery-all", .a_type = "field-artillery", .weapon = "rifled-field",
    .distance = 8, .a_command = 2, .flank = TRUE, .shared = TRUE, .covered = TRUE,
    .b_type = "regular-cavalry", .b_command = 1 },
  { .name = "cavalry-moved", .a_type = "irregular-cavalry", .weapon = "single-shot-rifle",
    .distance = 2, .moved = TRUE, .flank = TRUE, .b_type = "transport" },
  { .name = "mg-shared", .a_type = "automatic-mg", .weapon = "automatic-mg", .distance = 3,
    .shared = TRUE, .b_type = "heavy-artillery", .b_command = 3 },
  { .name = "covered-command", .a_type = "regular-infantry", .weapon = "magazine-rifle",
    .distance = 3, .covered = TRUE, .a_command = 3, .b_type = "native-infantry" },
  { .name = "dismounted-moved", .a_type = "regular-cavalry", .weapon = "magazine-rifle",
    .distance = 2, .a_dismounted = TRUE, .moved = TRUE, .shared = TRUE,
    .b_type = "command-poor" },
  { .name = "large-gun-target", .a_type = "regular-infantry", .weapon = "magazine-rifle",
    .distance = 3, .b_type = "medium-artillery", .b_large = TRUE },
  { .name = "large-flag-on-infantry", .a_type = "regular-infantry", .weapon = "magazine-rifle",
    .distance = 3, .b_type = "regular-infantry", .b_large = TRUE },
  { .name = "pom-pom-long", .a_type = "pom-pom", .weapon = "pom-pom", .distance = 6,
    .shared = TRUE, .flank = TRUE, .b_type = "irregular-infantry", .b_command = 2 },
};

static const ComboSet close_sets[] = {
  { .name = "plain", .a_type = "regular-infantry", .b_type = "native-infantry" },
  { .name = "cavalry-charge", .a_type = "regular-cavalry", .flank = TRUE, .isolated = TRUE,
    .a_command = 3, .b_type = "native-infantry" },
  { .name = "cavalry-charge-on-supported", .a_type = "regular-cavalry", .flank = TRUE,
    .isolated = TRUE, .a_command = 3, .b_type = "native-infantry", .b_support = 2,
    .b_backed = TRUE },
  { .name = "cavalry-vs-gun-with-command", .a_type = "irregular-cavalry", .isolated = TRUE,
    .b_type = "field-artillery", .b_command = 2 },
  { .name = "large-guns", .a_type = "heavy-artillery", .a_large = TRUE,
    .b_type = "field-artillery", .b_large = TRUE },
  { .name = "cavalry-vs-large-gun", .a_type = "regular-cavalry", .isolated = TRUE,
    .b_type = "mountain-artillery", .b_large = TRUE },
  { .name = "guns", .a_type = "field-artillery", .a_support = 1, .uphill = TRUE,
    .b_type = "regular-infantry", .b_command = 1 },
  { .name = "square", .a_type = "regular-cavalry", .flank = TRUE, .in_square = TRUE,
    .isolated = TRUE, .covered = TRUE, .b_type = "regular-infantry", .b_backed = TRUE,
    .b_support = 3 },
  { .name = "dismounted", .a_type = "regular-cavalry", .a_dismounted = TRUE, .isolated = TRUE,
    .flank = TRUE, .b_type = "irregular-cavalry", .b_dismounted = TRUE },
  { .name = "cavalry-vs-dismounted", .a_type = "native-cavalry", .isolated = TRUE,
    .uphill = TRUE, .b_type = "irregular-cavalry", .b_dismounted = TRUE },
  { .name = "supports-max", .a_type = "regular-infantry", .a_support = 8, .a_backed = TRUE,
    .a_command = 3, .b_type = "automatic-mg", .b_support = 8, .b_backed = TRUE,
    .b_command = 3 },
  { .name = "cavalry-vs-cavalry", .a_type = "irregular-cavalry", .isolated = TRUE,
    .flank = TRUE, .b_type = "native-cavalry" },
};

typedef struct {
  const ComboSet *set;
  gboolean        fire;
  const char     *a_dice;
  const char     *b_dice;
  gboolean        blocked;
} OddsCase;

/* The firer's and the target's modifiers, as RULES.md gives them. */
static void
book_fire_mods (const ComboSet *s,
                int            *f,
                int            *e)
{
  const BookType *ft = book_type (s->a_type);
  gboolean mounted_cavalry = ft->kind == BOOK_CAVALRY && !s->a_dismounted;

  *f = ft->value + s->a_command;
  if (s->flank)
    *f += 1;
  if (s->shared && ft->kind == BOOK_GUN)
    *f += 2;
  if (s->moved && mounted_cavalry)
    *f -= 1;
  if (s->covered)
    *f -= 2;
  *e = book_type (s->b_type)->value + s->b_command;
}

static void
book_close_mods (const ComboSet *s,
                 int            *a,
                 int            *d)
{
  const BookType *at = book_type (s->a_type);
  const BookType *dt = book_type (s->b_type);
  BookKind akind = at->kind == BOOK_CAVALRY && s->a_dismounted ? BOOK_INFANTRY : at->kind;
  BookKind dkind = dt->kind == BOOK_CAVALRY && s->b_dismounted ? BOOK_INFANTRY : dt->kind;

  *a = at->value + s->a_command + s->a_support + (s->a_backed ? 2 : 0);
  if (akind == BOOK_GUN)
    *a += 1;
  if (s->flank && !s->in_square)
    *a += 2;
  /* Isolated: no friendly stand around it, so none of the defender's supports is given. */
  if (akind == BOOK_CAVALRY && s->isolated && (dkind == BOOK_INFANTRY || dkind == BOOK_GUN) &&
      s->b_support == 0 && !s->b_backed && s->b_command == 0)
    *a += 3;
  if (s->uphill)
    *a -= 2;
  if (s->covered)
    *a -= 2;
  *d = dt->value + s->b_command + s->b_support + (s->b_backed ? 2 : 0);
}

static AdjInputs *
combo_inputs (const OddsCase *c)
{
  const ComboSet *s = c->set;
  AdjInputs *in = inputs_new (c->fire ? FIRE : CLOSE, NULL);
  g_autoptr(GError) error = NULL;

  if (c->fire)
    {
      adj_inputs_set_string (in, "firer_type", s->a_type, &error);
      g_assert_no_error (error);
      adj_inputs_set_string (in, "firer_weapon", s->weapon, &error);
      g_assert_no_error (error);
      g_assert_true (adj_inputs_set_int (in, "distance", s->distance, NULL));
      g_assert_true (adj_inputs_set_string (in, "firer_dice", c->a_dice, NULL));
      g_assert_true (adj_inputs_set_string (in, "target_dice", c->b_dice, NULL));
      g_assert_true (adj_inputs_set_bool (in, "firer_dismounted", s->a_dismounted, NULL));
      g_assert_true (adj_inputs_set_int (in, "firer_command", s->a_command, NULL));
      g_assert_true (adj_inputs_set_string (in, "target_type", s->b_type, NULL));
      g_assert_true (adj_inputs_set_int (in, "target_command", s->b_command, NULL));
      g_assert_true (adj_inputs_set_bool (in, "flank", s->flank, NULL));
      g_assert_true (adj_inputs_set_bool (in, "shared_square", s->shared, NULL));
      g_assert_true (adj_inputs_set_bool (in, "firer_moved", s->moved, NULL));
      g_assert_true (adj_inputs_set_bool (in, "target_covered", s->covered, NULL));
      g_assert_true (adj_inputs_set_bool (in, "target_large_stand", s->b_large, NULL));
    }
  else
    {
      g_assert_true (adj_inputs_set_string (in, "attacker_type", s->a_type, NULL));
      g_assert_true (adj_inputs_set_string (in, "attacker_dice", c->a_dice, NULL));
      g_assert_true (adj_inputs_set_bool (in, "attacker_dismounted", s->a_dismounted, NULL));
      g_assert_true (adj_inputs_set_int (in, "attacker_command", s->a_command, NULL));
      g_assert_true (adj_inputs_set_int (in, "attacker_support", s->a_support, NULL));
      g_assert_true (adj_inputs_set_bool (in, "attacker_backed", s->a_backed, NULL));
      g_assert_true (adj_inputs_set_string (in, "defender_type", s->b_type, NULL));
      g_assert_true (adj_inputs_set_string (in, "defender_dice", c->b_dice, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_dismounted", s->b_dismounted, NULL));
      g_assert_true (adj_inputs_set_int (in, "defender_command", s->b_command, NULL));
      g_assert_true (adj_inputs_set_int (in, "defender_support", s->b_support, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_backed", s->b_backed, NULL));
      g_assert_true (adj_inputs_set_bool (in, "flank", s->flank, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_in_square", s->in_square, NULL));
      g_assert_true (adj_inputs_set_bool (in, "isolated_open", s->isolated, NULL));
      g_assert_true (adj_inputs_set_bool (in, "uphill", s->uphill, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_covered", s->covered, NULL));
      g_assert_true (adj_inputs_set_bool (in, "attacker_large_stand", s->a_large, NULL));
      g_assert_true (adj_inputs_set_bool (in, "defender_large_stand", s->b_large, NULL));
    }
  g_assert_true (adj_inputs_set_bool (in, "recoil_blocked", c->blocked, NULL));
  return in;
}

static void
test_combat_odds (gconstpointer data)
{
  static const char *const fire_keys[] = { "ineffective", "recoil", "destroyed" };
  static const char *const close_keys[] = {
    "attacker-recoils", "attacker-destroyed", "defender-recoils", "defender-destroyed"
  };
  const OddsCase *c = data;
  const char *const *keys = c->fire ? fire_keys : close_keys;
  guint n_keys = c->fire ? G_N_ELEMENTS (fire_keys) : G_N_ELEMENTS (close_keys);
  guint64 counts[4] = { 0 };
  guint64 total = 0;
  g_autoptr(GArray) a_throws = book_throws (c->a_dice);
  g_autoptr(GArray) b_throws = book_throws (c->b_dice);
  g_autoptr(AdjInputs) in = combo_inputs (c);
  g_autoptr(AdjOdds) odds = odds_of (in);
  int a_mod, b_mod;

  if (c->fire)
    book_fire_mods (c->set, &a_mod, &b_mod);
  else
    book_close_mods (c->set, &a_mod, &b_mod);

  for (guint i = 0; i < a_throws->len; i++)
    for (guint j = 0; j < b_throws->len; j++)
      {
        int a = g_array_index (a_throws, int, i) + a_mod;
        int b = g_array_index (b_throws, int, j) + b_mod;
        /* A gun on a large stand has no move, so it cannot recoil either. */
        gboolean a_stuck = c->set->a_large && book_type (c->set->a_type)->kind == BOOK_GUN;
        gboolean b_stuck = c->set->b_large && book_type (c->set->b_type)->kind == BOOK_GUN;
        const char *key = c->fire ? book_fire_result (a, b, c->blocked || b_stuck)
                                  : book_close_result (a, b, c->blocked ||
                                                             (a < b ? a_stuck : b_stuck));
        guint k;

        for (k = 0; k < n_keys; k++)
          if (g_str_equal (keys[k], key))
            break;
        g_assert_cmpuint (k, <, n_keys);
        counts[k]++;
        total++;
      }

  g_assert_cmpuint (total, ==, (guint64) a_throws->len * b_throws->len);
  g_assert_cmpuint (odds->entries->len, ==, n_keys);
  for (guint k = 0; k < n_keys; k++)
    assert_fraction (odds, keys[k], counts[k], total);
  assert_odds_sum_one (odds);
}

static void
add_odds_grid (const ComboSet *sets,
               guint           n_sets,
               gboolean        fire)
{
  static const char *const dice[] = { "2d6", "d12" };

  for (guint s = 0; s < n_sets; s++)
    for (guint a = 0; a < 2; a++)
      for (guint b = 0; b < 2; b++)
        for (guint blocked = 0; blocked < 2; blocked++)
          {
            OddsCase *c = g_new0 (OddsCase, 1);
            g_autofree char *path = NULL;

            c->set = &sets[s];
            c->fire = fire;
            c->a_dice = dice[a];
            c->b_dice = dice[b];
            c->blocked = blocked;
            path = g_strdup_printf ("/wec/%s/odds/%s/%s-vs-%s%s", fire ? "fire-combat"
                                                                    : "close-combat",
                                    sets[s].name, dice[a], dice[b], blocked ? "/blocked" : "");
            g_test_add_data_func_full (path, c, test_combat_odds, g_free);
          }
}

/* ------------------------------------------------------------------------------------------ */
/* Odds of the other mechanics                                                                 */

void
test_initiative_odds (void)
{
  static const char *const dice[] = { "2d6", "d12" };

  for (guint a = 0; a < 2; a++)
    for (guint b = 0; b < 2; b++)
      {
        g_autoptr(AdjInputs) in = inputs_new (INIT, NULL);
        g_autoptr(GArray) at = book_throws (dice[a]);
        g_autoptr(GArray) bt = book_throws (dice[b]);
        g_autoptr(AdjOdds) odds = NULL;
        guint64 a_wins = 0, b_wins = 0;

        g_assert_true (adj_inputs_set_string (in, "side_a_dice", dice[a], NULL));
        g_assert_true (adj_inputs_set_string (in, "side_b_dice", dice[b], NULL));
        odds = odds_of (in);
        for (guint i = 0; i < at->len; i++)
          for (guint j = 0; j < bt->len; j++)
            {
              int x = g_array_index (at, int, i), y = g_array_index (bt, int, j);

              /* A tie is thrown again, so only the rounds that decide count. */
              if (x > y)
                a_wins++;
              else if (y > x)
                b_wins++;
            }
        g_assert_cmpuint (odds->entries->len, ==, 2);
        assert_fraction (odds, "side-a", a_wins, a_wins + b_wins);
        assert_fraction (odds, "side-b", b_wins, a_wins + b_wins);
        assert_odds_sum_one (odds);
        if (a == b)
          {
            const AdjOddsEntry *e = adj_odds_find (odds, "side-a");
            g_assert_cmpuint (odds_num (e), ==, 1);
            g_assert_cmpuint (odds_den (e), ==, 2);
          }
        g_assert_nonnull (odds->note);
      }
}

void
test_activation_odds (void)
{
  static const char *const dice[] = { "2d6", "d12" };

  for (guint d = 0; d < 2; d++)
    for (int command = 0; command <= 3; command++)
      {
        g_autoptr(AdjInputs) in = inputs_new (ACT, NULL);
        g_autoptr(GArray) throws = book_throws (dice[d]);
        g_autoptr(AdjOdds) odds = NULL;
        guint64 counts[16] = { 0 };
        guint n_possible = 0;

        g_assert_true (adj_inputs_set_string (in, "dice", dice[d], NULL));
        g_assert_true (adj_inputs_set_int (in, "command_value", command, NULL));
        odds = odds_of (in);
        for (guint i = 0; i < throws->len; i++)
          counts[g_array_index (throws, int, i) + command]++;
        for (int v = 0; v < 16; v++)
          {
            g_autofree char *key = g_strdup_printf ("%d", v);

            if (counts[v] == 0)
              {
                g_assert_null (adj_odds_find (odds, key));
                continue;
              }
            n_possible++;
            assert_fraction (odds, key, counts[v], throws->len);
          }
        g_assert_cmpuint (odds->entries->len, ==, n_possible);
        g_assert_cmpuint (n_possible, ==, d == 0 ? 11 : 12);
        assert_odds_sum_one (odds);
      }
}

void
test_commander_rating_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (RATE, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);

  g_assert_cmpuint (odds->entries->len, ==, 3);
  assert_fraction (odds, "exceptional", 1, 6);
  assert_fraction (odds, "average", 3, 6);
  assert_fraction (odds, "poor", 2, 6);
  assert_odds_sum_one (odds);
}

void
test_terrain_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (TERR, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 a_first = 0, b_first = 0;

  /* A tie is settled by a fair roll-off: half of the tied throws go to each side. */
  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        a_first += a > b ? 2 : a == b ? 1 : 0;
        b_first += b > a ? 2 : a == b ? 1 : 0;
      }
  g_assert_cmpuint (odds->entries->len, ==, 2);
  assert_fraction (odds, "side-a", a_first, 72);
  assert_fraction (odds, "side-b", b_first, 72);
  assert_fraction (odds, "side-a", 1, 2);
  assert_odds_sum_one (odds);
}

void
test_baselines_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (BASE, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 a_wins = 0, b_wins = 0;

  for (int a = 1; a <= 6; a++)
    for (int b = 1; b <= 6; b++)
      {
        a_wins += a > b;
        b_wins += b > a;
      }
  g_assert_cmpuint (odds->entries->len, ==, 2);
  assert_fraction (odds, "side-a", a_wins, a_wins + b_wins);
  assert_fraction (odds, "side-b", b_wins, a_wins + b_wins);
  assert_odds_sum_one (odds);
}

void
test_deployment_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (DEPL, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);

  g_assert_cmpuint (odds->entries->len, ==, 6);
  for (int v = 1; v <= 6; v++)
    {
      g_autofree char *key = g_strdup_printf ("%d", v);
      assert_fraction (odds, key, 1, 6);
    }
  assert_odds_sum_one (odds);
}

void
test_army_value_odds (void)
{
  g_autoptr(AdjInputs) in = inputs_new (AVAL, NULL);
  g_autoptr(AdjOdds) odds = odds_of (in);
  guint64 counts[49] = { 0 };
  guint64 total = 0;
  int faces[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };

  /* Every one of the 6^8 throws of eight dice, face by face. */
  for (;;)
    {
      int sum = 0, k;

      for (k = 0; k < 8; k++)
        sum += faces[k];
      counts[sum]++;
      total++;
      for (k = 0; k < 8 && faces[k] == 6; k++)
        faces[k] = 1;
      if (k == 8)
        break;
      faces[k]++;
    }
  g_assert_cmpuint (total, ==, 1679616);
  g_assert_cmpuint (odds_total (odds), ==, total);
  g_assert_cmpuint (odds->entries->len, ==, 41);
  for (int v = 8; v <= 48; v++)
    {
      g_autofree char *key = g_strdup_printf ("%d", v);
      assert_fraction (odds, key, counts[v], total);
    }
  assert_fraction (odds, "8", 1, 1679616);
  assert_fraction (odds, "28", 135954, 1679616);
  assert_odds_sum_one (odds);
}

/* Mechanics without dice have one certain outcome. */
void
test_certain_odds (void)
{
  static const struct { const char *mech; const char *inputs; const char *key; } cases[] = {
    { MOVE, "{\"type\":\"irregular-cavalry\",\"road\":true}", "6" },
    { RECO, "{\"squares_needed\":3}", "destroyed" },
    { WDRW, "{\"destroyed_value\":18}", "must-withdraw" },
    { RSLT, "{\"remaining_a\":10,\"remaining_b\":30}", "side-b-overwhelming" },
    { LIMS, "{\"total_value\":36}", "legal" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjInputs) in = inputs_new (cases[i].mech, cases[i].inputs);
      g_autoptr(AdjOdds) odds = odds_of (in);
      const AdjOddsEntry *e = adj_odds_find (odds, cases[i].key);

      g_assert_nonnull (e);
      g_assert_cmpuint (odds_num (e), ==, 1);
      g_assert_cmpuint (odds_den (e), ==, 1);
      assert_odds_sum_one (odds);
    }
}

void
add_odds_grids (void)
{
  add_odds_grid (fire_sets, G_N_ELEMENTS (fire_sets), TRUE);
  add_odds_grid (close_sets, G_N_ELEMENTS (close_sets), FALSE);
}
