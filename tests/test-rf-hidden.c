/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rf-hidden.c: Risk Factor hidden deployment, and the sealing of its secret markers. */

#include "test-rf.h"

/* ------------------------------------------------------------------------------------------ */
/* hidden deployment                                                                           */

static const char *const hidden_groups[] = { "u4", "u5", "u6", NULL };
static const char *const hidden_names[] = { "Zulu impi 1", "Zulu impi 2", "Musketeers" };
static const char *const marker_places[] = {
  "wood edge A", "donga north", "kraal wall", "ridge line", "river bank", NULL
};

static AdjBattle *
hidden_battle (guint64 seed)
{
  AdjBattle *battle = skirmish ();
  g_autoptr(GError) error = NULL;

  adj_battle_set_seed (battle, seed);
  g_assert_true (adj_rf_deploy_hidden (battle, "b", hidden_groups, marker_places, &error));
  g_assert_no_error (error);
  return battle;
}

void
test_dummy_count (void)
{
  static const guint want[] = { 0, 1, 1, 2, 2, 3, 3, 4 };

  for (guint n = 0; n < G_N_ELEMENTS (want); n++)
    g_assert_cmpuint (adj_rf_dummy_count (n), ==, want[n]);
}

/* Which units may start hidden, and which are: groups of the side Adjutant runs until they are
 * hidden; never the player's side, a character or a marker. */
void
test_hidden_which (void)
{
  static const struct {
    const char *unit;
    gboolean    may_before;
    gboolean    may_after;
    gboolean    hidden_after;
  } cases[] = {
    { "u1", FALSE, FALSE, FALSE },   /* the player's character */
    { "u2", FALSE, FALSE, FALSE },   /* a group of the player's side */
    { "u4", TRUE, FALSE, TRUE },
    { "u5", TRUE, FALSE, TRUE },
    { "u6", TRUE, FALSE, TRUE },
    { "u7", TRUE, TRUE, FALSE },     /* left on the table */
  };
  g_autoptr(AdjBattle) before = skirmish ();
  g_autoptr(AdjBattle) after = hidden_battle (7);
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (after);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      AdjUnit *b = adj_battle_find_unit (before, cases[i].unit);
      AdjUnit *a = adj_battle_find_unit (after, cases[i].unit);

      g_assert_cmpint (adj_rf_group_may_hide (before, b), ==, cases[i].may_before);
      g_assert_false (adj_rf_unit_is_hidden (before, b));
      g_assert_cmpint (adj_rf_group_may_hide (after, a), ==, cases[i].may_after);
      g_assert_cmpint (adj_rf_unit_is_hidden (after, a), ==, cases[i].hidden_after);
    }
  g_assert_cmpuint (markers->len, ==, 5);
  for (guint i = 0; i < markers->len; i++)
    {
      AdjUnit *marker = adj_battle_find_unit (after, g_ptr_array_index (markers, i));

      g_assert_false (adj_rf_group_may_hide (after, marker));
      g_assert_false (adj_rf_unit_is_hidden (after, marker));
    }
}

void
test_hidden_refused (void)
{
  static const struct {
    const char *groups[4];
    const char *labels[6];
    int         code;
    const char *message;
  } cases[] = {
    { { "u4", "u5", NULL }, { "a", "b", NULL }, ADJ_ERROR_INVALID,
      "Markers given: 2; needed: 3 (hidden groups: 2, dummies: 1)" },
    { { "u4", NULL }, { "a", "b", "c", NULL }, ADJ_ERROR_INVALID,
      "Markers given: 3; needed: 2 (hidden groups: 1, dummies: 1)" },
    { { "u4", "u4", NULL }, { "a", "b", "c", NULL }, ADJ_ERROR_INVALID, "is named twice" },
    { { "u2", NULL }, { "a", "b", NULL }, ADJ_ERROR_NOT_ALLOWED, "1st Section cannot be hidden" },
    { { "u99", NULL }, { "a", "b", NULL }, ADJ_ERROR_NOT_FOUND, "there is no unit “u99”" },
    { { "u4", NULL }, { "a", "a", NULL }, ADJ_ERROR_INVALID, "Two markers are both at “a”" },
    { { "u4", NULL }, { "a", "", NULL }, ADJ_ERROR_INVALID, "A marker needs a place" },
    { { NULL }, { NULL }, ADJ_ERROR_INVALID, "Name at least one group to hide" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdjBattle) battle = skirmish ();
      g_autoptr(GError) error = NULL;

      g_assert_false (adj_rf_deploy_hidden (battle, "b", cases[i].groups, cases[i].labels,
                                            &error));
      g_assert_error (error, ADJ_ERROR, cases[i].code);
      assert_has (error->message, cases[i].message);
      g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 0);
    }
}

/* The saved battle with what can never differ between two deployments taken out: the
 * generator's state and the sealed record (in the battle and in the journal). */
static char *
public_text (AdjBattle *battle)
{
  g_autoptr(json_object) json = adj_battle_to_json (battle);
  json_object *entries = json_object_object_get (json_object_object_get (json, "journal"),
                                                 "entries");

  json_object_object_del (json, "rng");
  json_object_object_del (json, "pack");
  json_object_object_del (json, "secrets");
  for (gsize i = 0; i < json_object_array_length (entries); i++)
    {
      json_object *entry = json_object_array_get_idx (entries, i);
      json_object *changes = json_object_object_get (entry, "changes");

      json_object_object_del (entry, "time");
      for (gsize k = 0; k < json_object_array_length (changes); k++)
        {
          json_object *change = json_object_array_get_idx (changes, k);
          const char *field = json_object_get_string (json_object_object_get (change, "field"));

          if (field != NULL && g_str_has_prefix (field, "secrets."))
            {
              json_object_object_del (change, "before");
              json_object_object_del (change, "after");
            }
        }
    }
  return adj_json_to_string (json, TRUE);
}

static char *
journal_text (AdjBattle *battle)
{
  AdjJournal *journal = adj_battle_get_journal (battle);
  GString *s = g_string_new (NULL);
  g_autofree char *report = adj_battle_report (battle, FALSE);

  for (guint i = 0; i < adj_journal_get_n_entries (journal); i++)
    g_string_append_printf (s, "%s\n", adj_journal_get_entry (journal, i)->summary);
  g_string_append (s, report);
  return g_string_free (s, FALSE);
}

/* Which group is under which marker, as the sealed record says. */
static char *
group_under (AdjBattle  *battle,
             const char *marker)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *plain = adj_secret_open (adj_battle_get_secret (battle, ADJ_RF_MARKERS_SECRET),
                                            &error);
  g_autoptr(json_object) json = NULL;
  json_object *v = NULL;

  g_assert_no_error (error);
  json = adj_test_parse (plain);
  g_assert_true (json_object_object_get_ex (json_object_object_get (json, "markers"), marker,
                                            &v));
  return v != NULL ? g_strdup (json_object_get_string (v)) : NULL;
}

void
test_hidden_deploy (void)
{
  g_autoptr(AdjBattle) battle = hidden_battle (11);
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (battle);
  g_autoptr(AdjRfSolo) solo = solo_new (battle);
  guint real = 0;

  /* Five markers, for three groups and two dummies; the groups are off the table. */
  g_assert_cmpuint (markers->len, ==, 5);
  for (guint i = 0; i < 3; i++)
    g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (battle, hidden_groups[i]),
                                             "hidden"));
  for (guint i = 0; i < markers->len; i++)
    {
      AdjUnit *m = adj_battle_find_unit (battle, g_ptr_array_index (markers, i));
      g_autofree char *group = group_under (battle, g_ptr_array_index (markers, i));

      g_assert_cmpstr (adj_unit_get_name (m), ==, marker_places[i]);
      g_assert_cmpstr (adj_unit_get_type_id (m), ==, "marker");
      if (group != NULL)
        {
          real++;
          g_assert_true (g_strv_contains (hidden_groups, group));
        }
    }
  g_assert_cmpuint (real, ==, 3);
  /* Hidden groups and markers take no Risk Factor orders. */
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 1);
  g_assert_cmpstr (adj_rf_solo_get_unit_id (solo, 0), ==, "u7");
  /* One journal entry, and undo puts everything back. */
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (battle)), ==, 1);
  adj_test_undo (battle);
  g_assert_null (adj_battle_get_secret (battle, ADJ_RF_MARKERS_SECRET));
  g_assert_false (adj_unit_get_status_bool (adj_battle_find_unit (battle, "u4"), "hidden"));
  {
    g_autoptr(GPtrArray) none = adj_rf_hidden_markers (battle);
    g_assert_cmpuint (none->len, ==, 0);
  }
}

/* Before a marker is spotted nothing tells which is which: two deployments that put the groups
 * under different markers give the same saved file (but for the sealed record, the generator
 * and the pack shuffled from it), the same roster, the same journal; and no group's name is printed. */
void
test_hidden_no_leak (void)
{
  g_autoptr(AdjBattle) a = hidden_battle (1);
  g_autoptr(AdjBattle) b = NULL;
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (a);
  guint64 seed = 2;
  g_autofree char *text_a = NULL, *text_b = NULL, *roster_a = NULL, *roster_b = NULL;
  g_autofree char *journal_a = NULL, *journal_b = NULL, *saved = NULL;
  g_autoptr(json_object) full = NULL;

  /* Find a seed whose shuffle differs. */
  for (;; seed++)
    {
      gboolean differ = FALSE;

      g_clear_object (&b);
      b = hidden_battle (seed);
      for (guint i = 0; i < markers->len; i++)
        {
          g_autofree char *ga = group_under (a, g_ptr_array_index (markers, i));
          g_autofree char *gb = group_under (b, g_ptr_array_index (markers, i));
          if (g_strcmp0 (ga, gb) != 0)
            differ = TRUE;
        }
      if (differ)
        break;
      g_assert_cmpuint (seed, <, 50);
    }

  text_a = public_text (a);
  text_b = public_text (b);
  g_assert_cmpstr (text_a, ==, text_b);
  journal_a = journal_text (a);
  journal_b = journal_text (b);
  g_assert_cmpstr (journal_a, ==, journal_b);

  /* The saved file itself: no marker-to-group pairing in plain text, no "dummy". */
  full = adj_battle_to_json (a);
  saved = adj_json_to_string (full, TRUE);
  assert_lacks (saved, "dummy");
  assert_lacks (saved, "\"markers\"");
  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *group = group_under (a, g_ptr_array_index (markers, i));
      g_autofree char *pair = g_strdup_printf ("\"%s\":\"%s\"",
                                               (char *) g_ptr_array_index (markers, i),
                                               group != NULL ? group : "null");
      g_autofree char *pair2 = g_strdup_printf ("\"%s\": \"%s\"",
                                                (char *) g_ptr_array_index (markers, i),
                                                group != NULL ? group : "null");
      assert_lacks (saved, pair);
      assert_lacks (saved, pair2);
    }
  for (guint i = 0; i < 3; i++)
    assert_lacks (journal_a, hidden_names[i]);
  /* The sealed record itself, decoded, does not hold the pairs in plain either. */
  {
    const char *sealed = adj_battle_get_secret (a, ADJ_RF_MARKERS_SECRET);
    gsize n = 0;
    g_autofree guchar *raw = g_base64_decode (sealed + strlen (ADJ_SECRET_PREFIX), &n);

    g_assert_null (has_bytes (raw, n, "markers", 7));
    for (guint i = 0; hidden_groups[i] != NULL; i++)
      {
        g_autofree char *quoted = g_strdup_printf ("\"%s\"", hidden_groups[i]);
        g_assert_null (has_bytes (raw, n, quoted, strlen (quoted)));
      }
  }

  roster_a = adj_test_roster_text (a);
  roster_b = adj_test_roster_text (b);
  g_assert_cmpstr (roster_a, ==, roster_b);
  for (guint i = 0; i < 3; i++)
    assert_lacks (roster_a, hidden_names[i]);
  assert_has (roster_a, "Reserve impi");
  /* Nor are the markers: they stand for no troops, and which are real is the secret. */
  assert_lacks (roster_a, "wood edge A");
}

/* Spotted: what it is comes out, in the journal and on the roster; undo hides it again. */
void
test_hidden_reveal (void)
{
  g_autoptr(AdjBattle) battle = hidden_battle (5);
  g_autoptr(GPtrArray) markers = adj_rf_hidden_markers (battle);
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (battle);
  const char *real = NULL, *dummy = NULL;
  g_autofree char *real_group = NULL;

  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *g = group_under (battle, g_ptr_array_index (markers, i));
      if (g != NULL && real == NULL)
        {
          real = g_ptr_array_index (markers, i);
          real_group = g_steal_pointer (&g);
        }
      else if (g == NULL && dummy == NULL)
        dummy = g_ptr_array_index (markers, i);
    }
  g_assert_nonnull (real);
  g_assert_nonnull (dummy);

  /* Save and load first: the secret travels with the battle. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    g_autoptr(AdjBattle) loaded = adj_battle_from_json (json, "saved.json", &error);
    g_autofree char *found = NULL;
    AdjUnit *group;
    g_autofree char *summary = NULL;
    g_autofree char *roster = NULL;

    g_assert_no_error (error);
    g_assert_true (adj_rf_reveal_marker (loaded, real, &found, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (found, ==, real_group);
    group = adj_battle_find_unit (loaded, found);
    g_assert_false (adj_unit_get_status_bool (group, "hidden"));
    g_assert_null (adj_battle_find_unit (loaded, real));
    summary = g_strdup (adj_journal_get_entry (adj_battle_get_journal (loaded), 1)->summary);
    assert_has (summary, adj_unit_get_name (group));
    assert_has (summary, "within 20 cm");
    roster = adj_test_roster_text (loaded);
    assert_has (roster, adj_unit_get_name (group));
    /* Now the saved file says it too. */
    {
      g_autoptr(json_object) after = adj_battle_to_json (loaded);
      g_autofree char *saved = adj_json_to_string (after, TRUE);
      g_autofree char *pair = g_strdup_printf ("“%s” spotted: it is %s",
                                               adj_unit_get_name (adj_battle_find_unit (battle,
                                                                                        real)),
                                               adj_unit_get_name (group));
      assert_has (saved, pair);
    }

    /* A group spotted takes orders again. */
    {
      g_autoptr(AdjRfSolo) solo = solo_new (loaded);
      g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 2);
    }
    adj_test_undo (loaded);
    g_assert_true (adj_unit_get_status_bool (group, "hidden"));
    g_assert_nonnull (adj_battle_find_unit (loaded, real));
    g_free (roster);
    roster = adj_test_roster_text (loaded);
    assert_lacks (roster, adj_unit_get_name (group));
  }

  /* A dummy: nothing there. */
  {
    g_autofree char *found = NULL;

    g_assert_true (adj_rf_reveal_marker (battle, dummy, &found, &error));
    g_assert_no_error (error);
    g_assert_null (found);
    assert_has (adj_journal_get_entry (journal, 1)->summary, "a dummy, nothing is there");
    /* Spotted once only. */
    g_assert_false (adj_rf_reveal_marker (battle, dummy, &found, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
    /* Only markers can be spotted. */
    g_assert_false (adj_rf_reveal_marker (battle, "u4", &found, &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  /* A record edited by hand is refused, not guessed at. */
  {
    g_autoptr(json_object) json = adj_battle_to_json (battle);
    json_object *secrets = json_object_object_get (json, "secrets");
    const char *sealed = json_object_get_string (json_object_object_get (secrets,
                                                                         ADJ_RF_MARKERS_SECRET));
    g_autofree char *edited = g_strdup (sealed);
    g_autoptr(AdjBattle) loaded = NULL;
    gsize n = strlen (edited);

    edited[n - 5] = edited[n - 5] == 'A' ? 'B' : 'A';
    json_object_object_add (secrets, ADJ_RF_MARKERS_SECRET, json_object_new_string (edited));
    /* ... when the file is loaded, not when the marker is spotted. */
    loaded = adj_battle_from_json (json, "edited.json", &error);
    g_assert_null (loaded);
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
    assert_has (error->message, "$.secrets.");
    assert_has (error->message, "damaged or was edited");
  }
}

/* A marker is named by its id or by its place, in any case; a place two markers share, a
 * marker spotted, a group and another system's battle are refused.  Only the side Adjutant runs
 * deploys hidden, and a group hidden already is refused by the id given, not by its name. */
void
test_find_marker (void)
{
  static const char *const first[] = { "u4", NULL };
  static const char *const second[] = { "u6", NULL };
  static const char *const places[] = { "Wood edge", "Kraal", NULL };
  static const char *const same[] = { "wood edge", "Donga", NULL };
  g_autoptr(AdjBattle) battle = skirmish ();
  g_autoptr(GPtrArray) markers = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kraal = NULL;
  g_autofree char *missing = NULL;

  g_assert_true (adj_rf_deploy_hidden (battle, "b", first, places, &error));
  g_assert_no_error (error);
  markers = adj_rf_hidden_markers (battle);
  kraal = adj_rf_find_marker (battle, "KRAAL", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kraal, ==, g_ptr_array_index (markers, 1));
  {
    g_autofree char *by_id = adj_rf_find_marker (battle, g_ptr_array_index (markers, 0), &error);

    g_assert_no_error (error);
    g_assert_cmpstr (by_id, ==, g_ptr_array_index (markers, 0));
  }

  g_assert_false (adj_rf_deploy_hidden (battle, "b", first, same, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==, "“u4” is hidden under a marker already");
  g_clear_error (&error);
  g_assert_false (adj_rf_deploy_hidden (battle, "a", (const char *const[]) { "u2", NULL },
                                        same, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==,
                   "British patrol is not run by Adjutant: only the solo enemy deploys hidden");
  g_clear_error (&error);

  g_assert_true (adj_rf_deploy_hidden (battle, "b", second, same, &error));
  g_assert_no_error (error);
  g_assert_null (adj_rf_find_marker (battle, "Wood Edge", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  assert_has (error->message, "2 markers stand at “Wood Edge”: name one by its id");
  g_clear_error (&error);

  g_assert_true (adj_rf_reveal_marker (battle, kraal, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      const char *names[] = { kraal, "u2", "Far hill" };

      missing = adj_rf_find_marker (battle, names[i], &error);
      g_assert_null (missing);
      g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
      g_clear_error (&error);
    }
  {
    g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                              "wec-zulu-war.json", NULL);
    g_autoptr(AdjBattle) wec = adj_store_load_battle (path, &error);

    g_assert_no_error (error);
    g_assert_null (adj_rf_find_marker (wec, "u1", &error));
    g_assert_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED);
    g_assert_false (adj_rf_check_battle (wec, NULL));
  }
}

/* The demo skirmish: a patrol against native groups, three of them hidden under five markers. */
void
test_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADJUTANT_DATA_DIR"), "demo",
                                            "rf-patrol-at-the-kraal.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjBattle) battle = adj_store_load_battle (path, &error);
  g_autoptr(GPtrArray) markers = NULL;
  g_autoptr(AdjRfSolo) solo = NULL;
  guint groups = 0, dummies = 0;

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  g_assert_true (adj_ruleset_get_system (adj_battle_get_ruleset (battle)) ==
                 adj_system_lookup ("rf"));
  markers = adj_rf_hidden_markers (battle);
  g_assert_cmpuint (markers->len, ==, 5);
  /* A marker is spotted before anyone shoots at it or fights it, and does not act itself. */
  adj_test_assert_forbidden (battle, "rf/shooting", "{\"shooter\": \"u2\", \"target\": \"u9\"}",
                             "Thorn scrub by the drift is a hidden marker: spot it before "
                             "shooting at what it hides");
  adj_test_assert_forbidden (battle, "rf/melee", "{\"attacker\": \"u4\", \"defender\": \"u9\"}",
                             "Thorn scrub by the drift is a hidden marker: spot it before "
                             "attacking what it hides");
  adj_test_assert_forbidden (battle, "rf/shooting", "{\"shooter\": \"u9\", \"target\": \"u2\"}",
                             "Thorn scrub by the drift is a hidden marker: spot it first, and "
                             "what it hides acts");
  solo = solo_new (battle);
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 1);
  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *group = NULL;

      g_assert_true (adj_rf_reveal_marker (battle, g_ptr_array_index (markers, i), &group,
                                           &error));
      g_assert_no_error (error);
      if (group != NULL)
        groups++;
      else
        dummies++;
    }
  g_assert_cmpuint (groups, ==, 3);
  g_assert_cmpuint (dummies, ==, 2);
  g_clear_pointer (&solo, adj_rf_solo_free);
  solo = solo_new (battle);
  g_assert_cmpuint (adj_rf_solo_get_n_orders (solo), ==, 4);
}

/* ------------------------------------------------------------------------------------------ */
/* sealing                                                                                     */

void
test_secret_seal (void)
{
  const char *plain = "{\"markers\":{\"u12\":\"u4\",\"u13\":null}}";
  AdjRng r1, r2;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *opened = NULL;
  g_autoptr(GError) error = NULL;

  adj_rng_seed (&r1, 3);
  adj_rng_seed (&r2, 3);
  a = adj_secret_seal (plain, &r1);
  b = adj_secret_seal (plain, &r2);
  c = adj_secret_seal (plain, &r1);
  /* The same generator state seals the same way; the next nonce seals another way. */
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, !=, c);
  g_assert_true (g_str_has_prefix (a, ADJ_SECRET_PREFIX));
  assert_lacks (a, "u12");
  assert_lacks (a, "markers");
  /* Not merely encoded: the decoded bytes do not hold the text either. */
  {
    gsize n = 0;
    g_autofree guchar *raw = g_base64_decode (a + strlen (ADJ_SECRET_PREFIX), &n);

    g_assert_cmpuint (n, ==, 16 + strlen (plain) + 16);
    g_assert_null (has_bytes (raw, n, "markers", 7));
    g_assert_null (has_bytes (raw, n, "u12", 3));
    g_assert_null (has_bytes (raw, n, plain + 2, 8));
  }
  opened = adj_secret_open (c, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (opened, ==, plain);

  /* Anything else is refused. */
  {
    static const char *const bad[] = {
      "", "markers", "adjsecret1:", "adjsecret1:!!!!", "adjsecret2:AAAA", "adjsecret1:AAAA",
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *none = adj_secret_open (bad[i], &error);
        g_assert_null (none);
        g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
        g_clear_error (&error);
      }
  }
  /* Every character matters (but the last before the padding, whose low bits are unused). */
  for (gsize i = strlen (ADJ_SECRET_PREFIX); a[i + 1] != '\0' && a[i + 1] != '='; i++)
    {
      g_autofree char *edited = g_strdup (a);
      g_autofree char *none = NULL;

      edited[i] = edited[i] == 'x' ? 'y' : 'x';
      none = adj_secret_open (edited, &error);
      if (none != NULL)
        g_error ("an edit at %" G_GSIZE_FORMAT " went unnoticed", i);
      g_clear_error (&error);
    }
}
