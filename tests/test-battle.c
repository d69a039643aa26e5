/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle.c: building a battle, journaled changes, undo/redo, turns, signals and the model. */

#include "config.h"

#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-json.h"
#include "adj-ruleset.h"
#include "adj-test-util.h"

typedef struct {
  AdjRuleset *rs;
  AdjBattle  *battle;
  guint       changed;       /* AdjBattle::changed */
  guint       can_undo_notify;
  GPtrArray  *unit_changes;  /* "u1:status.activated", from AdjUnit::changed */
  GArray     *items_changed; /* triples position, removed, added */
} Fixture;

/* The battle's state without its journal, whose entries carry the time they were made. */
static json_object *
snapshot (AdjBattle *battle)
{
  json_object *json = adj_battle_to_json (battle);

  json_object_object_del (json, "journal");
  return json;
}

static void
assert_json_equal (json_object *a,
                   json_object *b)
{
  if (!adj_json_equal (a, b))
    {
      g_autofree char *ta = adj_json_to_string (a, TRUE);
      g_autofree char *tb = adj_json_to_string (b, TRUE);
      g_assert_cmpstr (ta, ==, tb);
    }
}

static void
on_changed (AdjBattle *battle,
            Fixture   *f)
{
  f->changed++;
}

static void
on_can_undo (GObject    *object,
             GParamSpec *pspec,
             Fixture    *f)
{
  f->can_undo_notify++;
}

static void
on_unit_changed (AdjUnit    *unit,
                 const char *field,
                 Fixture    *f)
{
  g_ptr_array_add (f->unit_changes, g_strdup_printf ("%s:%s", adj_unit_get_id (unit), field));
}

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Fixture    *f)
{
  g_array_append_val (f->items_changed, position);
  g_array_append_val (f->items_changed, removed);
  g_array_append_val (f->items_changed, added);
}

static void
watch_units (Fixture *f)
{
  GListModel *units = adj_battle_get_units (f->battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      g_signal_connect (unit, "changed", G_CALLBACK (on_unit_changed), f);
    }
}

static void
insert (AdjBattle  *battle,
        const char *json_text)
{
  g_autoptr(json_object) json = adj_test_parse (json_text);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (adj_battle_insert_unit (battle, json, &error));
  g_assert_no_error (error);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) british = adj_test_parse ("{\"dice\": \"2d6\"}");
  g_autoptr(json_object) zulu = adj_test_parse ("{\"dice\": \"d12\"}");

  f->rs = adj_ruleset_lookup ("wec", &error);
  g_assert_no_error (error);
  f->battle = adj_battle_new (f->rs, "Rorke's Drift");
  adj_battle_set_seed (f->battle, 1879);
  g_assert_nonnull (adj_battle_add_side (f->battle, "a", "British", british, &error));
  g_assert_nonnull (adj_battle_add_side (f->battle, "b", "Zulu", zulu, &error));
  g_assert_no_error (error);
  insert (f->battle, "{\"id\": \"u1\", \"side\": \"a\", \"name\": \"24th Foot\", "
                     "\"type\": \"regular-infantry\"}");
  insert (f->battle, "{\"id\": \"u2\", \"side\": \"a\", \"name\": \"Natal Carbineers\", "
                     "\"type\": \"regular-cavalry\"}");
  insert (f->battle, "{\"id\": \"u3\", \"side\": \"b\", \"name\": \"uThulwana\", "
                     "\"type\": \"native-infantry\", \"weapon\": \"hand-held\"}");
  insert (f->battle, "{\"id\": \"u4\", \"side\": \"a\", \"name\": \"N Battery\", "
                     "\"type\": \"field-artillery\", \"weapon\": \"rifled-field\"}");
  insert (f->battle, "{\"id\": \"u5\", \"side\": \"a\", \"name\": \"Chelmsford\", "
                     "\"type\": \"command-average\", \"notes\": \"Rides a grey\"}");

  f->unit_changes = g_ptr_array_new_with_free_func (g_free);
  f->items_changed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_signal_connect (f->battle, "changed", G_CALLBACK (on_changed), f);
  g_signal_connect (f->battle, "notify::can-undo", G_CALLBACK (on_can_undo), f);
  g_signal_connect (adj_battle_get_units (f->battle), "items-changed",
                    G_CALLBACK (on_items_changed), f);
  watch_units (f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_finalize_object (f->battle);
  adj_ruleset_unref (f->rs);
  g_ptr_array_unref (f->unit_changes);
  g_array_unref (f->items_changed);
}

/* ---- building ---- */

static void
test_build (Fixture       *f,
            gconstpointer  data)
{
  AdjBattle *b = f->battle;
  AdjUnit *u;
  AdjSide *side;
  json_object *status, *v;
  g_autofree char *next = NULL;

  g_assert_cmpstr (adj_battle_get_name (b), ==, "Rorke's Drift");
  g_assert_cmpint (adj_battle_get_turn (b), ==, 1);
  g_assert_cmpstr (adj_battle_get_phase (b), ==, "setup");
  g_assert_true (adj_battle_get_ruleset (b) == f->rs);
  g_assert_cmpuint (adj_battle_get_n_units (b), ==, 5);
  g_assert_cmpuint (g_list_model_get_n_items (adj_battle_get_units (b)), ==, 5);
  g_assert_true (g_list_model_get_item_type (adj_battle_get_units (b)) == ADJ_TYPE_UNIT);
  g_assert_cmpuint (adj_battle_get_sides (b)->len, ==, 2);
  g_assert_false (adj_battle_can_undo (b));
  g_assert_false (adj_battle_can_redo (b));
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (b)), ==, 0);
  g_assert_true (adj_json_is_identifier (adj_battle_get_uid (b)));

  /* Battle and side settings get their defaults. */
  g_assert_true (json_object_object_get_ex (adj_battle_get_settings (b), "count_entrenchments",
                                            &v));
  g_assert_true (json_object_get_boolean (v));
  side = adj_battle_find_side (b, "b");
  g_assert_nonnull (side);
  g_assert_cmpstr (side->name, ==, "Zulu");
  g_assert_cmpstr (adj_battle_get_side_setting_string (b, "b", "dice"), ==, "d12");
  g_assert_cmpstr (adj_battle_get_side_setting_string (b, "a", "budget"), ==, "standard");
  g_assert_cmpint (adj_battle_get_side_setting_int (b, "a", "rolled_value"), ==, 36);
  g_assert_cmpint (adj_battle_get_side_setting_int (b, "a", "entrenchment_lengths"), ==, 0);
  g_assert_null (adj_battle_find_side (b, "c"));
  g_assert_null (adj_battle_get_side_setting_string (b, "c", "dice"));

  /* A unit gets its type's first weapon, full strength, and the status fields of its type. */
  u = adj_battle_find_unit (b, "u1");
  g_assert_nonnull (u);
  g_assert_cmpstr (adj_unit_get_side (u), ==, "a");
  g_assert_cmpstr (adj_unit_get_weapon (u), ==, "single-shot-rifle");
  g_assert_cmpint (adj_unit_get_figures (u), ==, 1);
  g_assert_false (adj_unit_get_destroyed (u));
  g_assert_null (adj_unit_get_notes (u));
  status = adj_unit_get_status (u);
  g_assert_cmpint (json_object_object_length (status), ==, 2);
  g_assert_true (json_object_object_get_ex (status, "activated", NULL));
  g_assert_true (json_object_object_get_ex (status, "fought", NULL));
  g_assert_cmpint (adj_battle_unit_value (b, u), ==, 3);
  g_assert_cmpstr (adj_battle_unit_type (b, u)->id, ==, "regular-infantry");

  u = adj_battle_find_unit (b, "u2");
  status = adj_unit_get_status (u);
  g_assert_cmpint (json_object_object_length (status), ==, 3);
  g_assert_true (json_object_object_get_ex (status, "dismounted", NULL));
  g_assert_false (adj_unit_get_status_bool (u, "dismounted"));
  u = adj_battle_find_unit (b, "u4");
  g_assert_true (json_object_object_get_ex (adj_unit_get_status (u), "towed", NULL));
  g_assert_cmpstr (adj_unit_get_weapon (u), ==, "rifled-field");
  u = adj_battle_find_unit (b, "u5");
  g_assert_true (json_object_object_get_ex (adj_unit_get_status (u), "mounted", NULL));
  g_assert_cmpstr (adj_unit_get_notes (u), ==, "Rides a grey");
  g_assert_null (adj_battle_find_unit (b, "u6"));
  g_assert_null (adj_battle_find_unit (b, NULL));

  next = adj_battle_new_unit_id (b);
  g_assert_cmpstr (next, ==, "u6");

  /* Building is not journaled and emits no "changed". */
  g_assert_cmpuint (f->changed, ==, 0);
}

typedef struct {
  const char *name;
  const char *unit;      /* JSON of the unit to insert */
  const char *message;
} InsertError;

static const InsertError insert_errors[] = {
  { "unknown-type", "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"dragoon\"}",
    "battle: $.type: “dragoon” is not a unit type of the ruleset “wec”" },
  { "unknown-side", "{\"id\":\"u9\",\"side\":\"c\",\"name\":\"X\",\"type\":\"transport\"}",
    "battle: $.side: the unit belongs to the side “c”, which the battle does not have" },
  { "duplicate-id", "{\"id\":\"u3\",\"side\":\"a\",\"name\":\"X\",\"type\":\"transport\"}",
    "battle: $: the unit id “u3” is used twice" },
  { "bad-id", "{\"id\":\"U 9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"transport\"}",
    "battle: $.id: expected a unit id (lower-case letters, digits and dashes), found “U 9”" },
  { "weapon-of-other-type",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"regular-infantry\","
    "\"weapon\":\"rifled-heavy\"}",
    "battle: $.weapon: a unit of type “regular-infantry” cannot carry the weapon “rifled-heavy”" },
  { "unknown-weapon",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"regular-infantry\","
    "\"weapon\":\"laser\"}",
    "battle: $.weapon: “laser” is not a weapon of the ruleset “wec”" },
  { "status-of-other-type",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"regular-infantry\","
    "\"status\":{\"dismounted\":true}}",
    "battle: $.status.dismounted: the status “dismounted” does not apply to a unit of type "
    "“regular-infantry”" },
  { "status-bad-value",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"regular-infantry\","
    "\"status\":{\"activated\":\"yes\"}}",
    "battle: $.status.activated: expected true or false for “activated”, found a string" },
  { "unknown-status",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"regular-infantry\","
    "\"status\":{\"morale\":3}}",
    "battle: $.status.morale: “morale” is not a status field of the ruleset “wec”" },
  { "unknown-key",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"transport\",\"colour\":\"red\"}",
    "battle: $.colour: unknown key “colour”" },
  { "empty-name", "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"\",\"type\":\"transport\"}",
    "battle: $.name: expected a name of 1 to 200 characters, "
    "not only spaces, with no control characters" },
  { "missing-type", "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\"}",
    "battle: $: the required key “type” is missing" },
  { "figures-negative",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"transport\",\"figures\":-1}",
    "battle: $.figures: expected an integer from 0 to 10000, found -1" },
  { "rating-unknown",
    "{\"id\":\"u9\",\"side\":\"a\",\"name\":\"X\",\"type\":\"transport\",\"rating\":\"elite\"}",
    "battle: $.rating: “elite” is not a rating of the ruleset “wec”" },
};

static void
test_insert_error (Fixture       *f,
                   gconstpointer  data)
{
  const InsertError *c = data;
  g_autoptr(json_object) before = snapshot (f->battle);
  g_autoptr(json_object) after = NULL;
  g_autoptr(json_object) json = adj_test_parse (c->unit);
  g_autoptr(GError) error = NULL;

  g_assert_null (adj_battle_insert_unit (f->battle, json, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
  after = snapshot (f->battle);
  assert_json_equal (before, after);
  g_assert_cmpuint (f->items_changed->len, ==, 0);
}

typedef struct {
  const char *name;
  const char *id;
  const char *side_name;
  const char *settings;
  const char *message;
} SideError;

static const SideError side_errors[] = {
  { "duplicate", "a", "Again", NULL, "battle: $: the side id “a” is used twice" },
  { "bad-id", "Side C", "C", NULL, "battle: $: “Side C” is not a valid side id" },
  { "empty-name", "c", "", NULL,
    "battle: $: the side’s name: expected a name of 1 to 200 characters, not only spaces, with "
    "no control characters" },
  { "unknown-setting", "c", "C", "{\"morale\": 3}",
    "battle: $.settings.morale: “morale” is not a setting of the ruleset “wec”" },
  { "bad-setting", "c", "C", "{\"dice\": \"d20\"}",
    "battle: $.settings.dice: expected one of 2d6, d12 for “dice”, found \"d20\"" },
  { "settings-not-object", "c", "C", "[]",
    "battle: $.settings: expected an object, found an array" },
};

static void
test_side_error (Fixture       *f,
                 gconstpointer  data)
{
  const SideError *c = data;
  g_autoptr(json_object) settings = c->settings != NULL ? adj_test_parse (c->settings) : NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (adj_battle_add_side (f->battle, c->id, c->side_name, settings, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
  g_assert_cmpuint (adj_battle_get_sides (f->battle)->len, ==, 2);
}

static void
test_add_army (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjArmy) army = adj_army_template (f->rs, "zulu-1879-zulu", &error);
  guint before = adj_battle_get_n_units (f->battle);
  guint n;

  g_assert_no_error (error);
  n = adj_army_count_units (army);
  g_assert_true (adj_battle_add_army (f->battle, "z", army, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_battle_get_n_units (f->battle), ==, before + n);
  g_assert_cmpstr (adj_battle_find_side (f->battle, "z")->name, ==, army->name);
  g_assert_cmpstr (adj_battle_get_side_setting_string (f->battle, "z", "dice"), ==, "d12");
  /* New ids continue after the highest one. */
  g_assert_nonnull (adj_battle_find_unit (f->battle, "u6"));
  g_assert_cmpstr (adj_unit_get_side (adj_battle_find_unit (f->battle, "u6")), ==, "z");
  /* Still not journaled. */
  g_assert_false (adj_battle_can_undo (f->battle));
}

/* ---- journaled edits, each undone and redone ---- */

typedef struct {
  const char *target;
  const char *field;
  const char *value;    /* JSON text */
  const char *summary;  /* the journal line */
} EditCase;

static const EditCase edit_cases[] = {
  { "unit:u2", "status.dismounted", "true", "Natal Carbineers: Dismounted set to yes" },
  { "unit:u1", "status.activated", "true", "24th Foot: Activated this turn set to yes" },
  { "unit:u4", "status.towed", "true", "N Battery: Limbered set to yes" },
  { "unit:u5", "status.mounted", "true", "Chelmsford: Mounted set to yes" },
  { "unit:u1", "figures", "0", "24th Foot: figures set to 0" },
  { "unit:u3", "destroyed", "true", "uThulwana: destroyed set to yes" },
  { "unit:u1", "name", "\"B Company\"", "24th Foot: name set to B Company" },
  { "unit:u1", "notes", "\"Held the storehouse\"", "24th Foot: notes set to Held the storehouse" },
  { "unit:u5", "notes", "null", "Chelmsford: notes set to none" },
  { "unit:u1", "weapon", "\"magazine-rifle\"", "24th Foot: weapon set to magazine-rifle" },
  { "unit:u1", "side", "\"b\"", "24th Foot: side set to b" },
  { "unit:u1", "card", "\"QH\"", "24th Foot: card set to QH" },
  { "battle", "name", "\"Isandlwana\"", "Battle: name set to Isandlwana" },
  { "battle", "turn", "5", "Battle: turn set to 5" },
  { "battle", "phase", "\"initiative\"", "Battle: phase set to initiative" },
  { "battle", "settings.count_entrenchments", "false",
    "Battle: Count entrenchment points set to no" },
  { "side:a", "settings.dice", "\"d12\"", "British: Dice set to d12" },
  { "side:b", "settings.rolled_value", "30", "Zulu: Rolled army value set to 30" },
  { "side:b", "name", "\"Impi\"", "Zulu: name set to Impi" },
};

static json_object *
read_value (AdjBattle  *battle,
            const char *target,
            const char *field)
{
  json_object *v = NULL;

  if (g_str_has_prefix (target, "unit:"))
    return adj_unit_get_field (adj_battle_find_unit (battle, target + 5), field);
  if (g_str_has_prefix (target, "side:"))
    {
      AdjSide *side = adj_battle_find_side (battle, target + 5);
      if (g_str_equal (field, "name"))
        return json_object_new_string (side->name);
      json_object_object_get_ex (side->settings, field + strlen ("settings."), &v);
      return json_object_get (v);
    }
  if (g_str_equal (field, "name"))
    return json_object_new_string (adj_battle_get_name (battle));
  if (g_str_equal (field, "turn"))
    return json_object_new_int (adj_battle_get_turn (battle));
  if (g_str_equal (field, "phase"))
    return json_object_new_string (adj_battle_get_phase (battle));
  json_object_object_get_ex (adj_battle_get_settings (battle), field + strlen ("settings."), &v);
  return json_object_get (v);
}

static void
test_edit (Fixture       *f,
           gconstpointer  data)
{
  const EditCase *c = data;
  AdjBattle *b = f->battle;
  AdjJournal *journal = adj_battle_get_journal (b);
  g_autoptr(json_object) value = adj_test_parse (c->value);
  g_autoptr(json_object) old = read_value (b, c->target, c->field);
  g_autoptr(json_object) before = snapshot (b);
  g_autoptr(json_object) after = NULL;
  g_autoptr(json_object) now = NULL;
  g_autoptr(json_object) got = NULL;
  g_autoptr(GError) error = NULL;
  AdjEntry *entry;
  AdjChange *change;

  g_assert_false (adj_json_equal (old, value));
  g_assert_true (adj_battle_edit (b, c->target, c->field, value, &error));
  g_assert_no_error (error);
  got = read_value (b, c->target, c->field);
  assert_json_equal (got, value);
  after = snapshot (b);
  g_assert_false (adj_json_equal (before, after));
  g_assert_cmpuint (f->changed, ==, 1);
  g_assert_cmpuint (f->can_undo_notify, ==, 1);
  g_assert_true (adj_battle_can_undo (b));
  g_assert_false (adj_battle_can_redo (b));

  /* The journal entry says what changed, from what, to what. */
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 1);
  g_assert_cmpuint (journal->position, ==, 1);
  entry = adj_journal_get_entry (journal, 0);
  g_assert_cmpuint (entry->seq, ==, 1);
  g_assert_cmpstr (entry->kind, ==, "edit");
  g_assert_null (entry->mechanic);
  g_assert_cmpstr (entry->summary, ==, c->summary);
  g_assert_cmpint (entry->turn, ==, 1);
  g_assert_cmpstr (entry->phase, ==, "setup");
  g_assert_cmpuint (adj_change_set_len (entry->changes), ==, 1);
  change = adj_change_set_get (entry->changes, 0);
  g_assert_cmpint (change->op, ==, ADJ_CHANGE_SET);
  g_assert_cmpstr (change->target, ==, c->target);
  g_assert_cmpstr (change->field, ==, c->field);
  assert_json_equal (change->before, old);
  assert_json_equal (change->after, value);

  /* Undo restores exactly the state before. */
  g_assert_true (adj_battle_undo (b, &error));
  g_assert_no_error (error);
  now = snapshot (b);
  assert_json_equal (now, before);
  g_clear_pointer (&now, json_object_put);
  g_assert_cmpuint (f->changed, ==, 2);
  g_assert_false (adj_battle_can_undo (b));
  g_assert_true (adj_battle_can_redo (b));
  g_assert_cmpuint (journal->position, ==, 0);
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 1);
  g_assert_false (adj_battle_undo (b, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOTHING_TO_DO);
  g_clear_error (&error);

  /* Redo restores exactly the state after. */
  g_assert_true (adj_battle_redo (b, &error));
  g_assert_no_error (error);
  now = snapshot (b);
  assert_json_equal (now, after);
  g_assert_cmpuint (f->changed, ==, 3);
  g_assert_false (adj_battle_redo (b, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOTHING_TO_DO);
  g_assert_cmpuint (f->changed, ==, 3);
}

static void
count_notify (guint *count)
{
  (*count)++;
}

static void
test_unit_signal (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(json_object) none = json_object_new_int (0);
  g_autoptr(GError) error = NULL;
  AdjUnit *u1 = adj_battle_find_unit (f->battle, "u1");
  guint notified = 0;
  gulong id;

  id = g_signal_connect_swapped (u1, "notify::figures", G_CALLBACK (count_notify), &notified);

  g_assert_true (adj_battle_edit (f->battle, "unit:u1", "status.activated", yes, &error));
  g_assert_cmpuint (f->unit_changes->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->unit_changes, 0), ==, "u1:status.activated");
  g_assert_cmpuint (notified, ==, 0);
  g_assert_true (adj_battle_edit (f->battle, "unit:u1", "figures", none, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (f->unit_changes->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->unit_changes, 1), ==, "u1:figures");

  /* Undo and redo tell the unit too. */
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_cmpuint (f->unit_changes->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (f->unit_changes, 2), ==, "u1:figures");
  g_assert_cmpint (adj_unit_get_figures (u1), ==, 1);
  g_assert_true (adj_battle_redo (f->battle, &error));
  g_assert_cmpuint (f->unit_changes->len, ==, 4);
  g_assert_cmpint (adj_unit_get_figures (u1), ==, 0);
  /* Other units heard nothing. */
  for (guint i = 0; i < f->unit_changes->len; i++)
    g_assert_true (g_str_has_prefix (g_ptr_array_index (f->unit_changes, i), "u1:"));
  g_signal_handler_disconnect (u1, id);
}

/* ---- refused edits change nothing ---- */

typedef struct {
  const char *name;
  const char *target;
  const char *field;
  const char *value;
  int         code;
  const char *message;
} BadEdit;

static const BadEdit bad_edits[] = {
  { "card-not-a-card", "unit:u1", "card", "\"11H\"", ADJ_ERROR_INVALID,
    "expected a card such as “10H” or “QS” for “card”" },
  { "pack-not-a-pack", "battle", "pack", "{\"decks\": 1, \"draw\": [], \"dealt\": [], "
    "\"turned\": []}", ADJ_ERROR_INVALID,
    "change: pack: the pack holds 0 cards in all, but 1 deck holds 52" },
  { "status-of-other-type", "unit:u1", "status.dismounted", "true", ADJ_ERROR_INVALID,
    "the status “dismounted” does not apply to a unit of type “regular-infantry”" },
  { "status-of-other-type-2", "unit:u2", "status.towed", "true", ADJ_ERROR_INVALID,
    "the status “towed” does not apply to a unit of type “regular-cavalry”" },
  { "unknown-status", "unit:u1", "status.morale", "3", ADJ_ERROR_INVALID,
    "“morale” is not a status field of the ruleset “wec”" },
  { "status-wrong-kind", "unit:u1", "status.activated", "1", ADJ_ERROR_INVALID,
    "expected true or false for “activated”, found an integer" },
  { "unknown-unit-field", "unit:u1", "colour", "\"red\"", ADJ_ERROR_INVALID,
    "“colour” cannot be changed on unit:u1" },
  { "no-such-unit", "unit:u9", "figures", "0", ADJ_ERROR_NOT_FOUND, "there is no unit “u9”" },
  { "no-such-side", "side:c", "name", "\"C\"", ADJ_ERROR_NOT_FOUND, "there is no side “c”" },
  { "bad-enum", "side:a", "settings.dice", "\"d20\"", ADJ_ERROR_INVALID,
    "expected one of 2d6, d12 for “dice”, found \"d20\"" },
  { "int-out-of-range", "side:a", "settings.rolled_value", "49", ADJ_ERROR_INVALID,
    "expected an integer from 8 to 48 for “rolled_value”, found 49" },
  { "unknown-side-setting", "side:a", "settings.morale", "1", ADJ_ERROR_INVALID,
    "“settings.morale” cannot be changed on side:a" },
  { "side-status", "side:a", "status.activated", "true", ADJ_ERROR_INVALID,
    "“status.activated” cannot be changed on side:a" },
  { "turn-too-high", "battle", "turn", "13", ADJ_ERROR_INVALID,
    "the turn must be a whole number from 1 to 12" },
  { "turn-zero", "battle", "turn", "0", ADJ_ERROR_INVALID,
    "the turn must be a whole number from 1 to 12" },
  { "turn-string", "battle", "turn", "\"2\"", ADJ_ERROR_INVALID,
    "the turn must be a whole number from 1 to 12" },
  { "unknown-phase", "battle", "phase", "\"lunch\"", ADJ_ERROR_INVALID,
    "“lunch” is not a phase of the ruleset “wec”" },
  { "unknown-battle-setting", "battle", "settings.dice", "\"2d6\"", ADJ_ERROR_INVALID,
    "“settings.dice” cannot be changed on battle" },
  { "battle-setting-kind", "battle", "settings.count_entrenchments", "0", ADJ_ERROR_INVALID,
    "expected true or false for “count_entrenchments”, found an integer" },
  { "unknown-target", "cards:a", "name", "\"x\"", ADJ_ERROR_INVALID,
    "“cards:a” is not something a change can be made to" },
  { "figures-negative", "unit:u1", "figures", "-1", ADJ_ERROR_INVALID,
    "figures must be a whole number from 0 to 10000" },
  { "destroyed-string", "unit:u1", "destroyed", "\"yes\"", ADJ_ERROR_INVALID,
    "expected true or false" },
  { "weapon-of-other-type", "unit:u1", "weapon", "\"rifled-field\"", ADJ_ERROR_INVALID,
    "a unit of type “regular-infantry” cannot carry the weapon “rifled-field”" },
  { "weapon-number", "unit:u1", "weapon", "7", ADJ_ERROR_INVALID,
    "expected a weapon id for “weapon”, found an integer" },
  { "unknown-type", "unit:u1", "type", "\"dragoon\"", ADJ_ERROR_INVALID,
    "“dragoon” is not a unit type of the ruleset “wec”" },
  { "unknown-rating", "unit:u1", "rating", "\"veteran\"", ADJ_ERROR_INVALID,
    "“veteran” is not a rating of the ruleset “wec”" },
  { "unknown-side-of-unit", "unit:u1", "side", "\"c\"", ADJ_ERROR_INVALID,
    "there is no such side" },
  { "unit-name-empty", "unit:u1", "name", "\"\"", ADJ_ERROR_INVALID,
    "change: name: expected a name of 1 to 200 characters, "
    "not only spaces, with no control characters" },
  { "unit-name-number", "unit:u1", "name", "5", ADJ_ERROR_INVALID,
    "change: name: expected a name of 1 to 200 characters, not only spaces, with no control "
    "characters, found an integer" },
  { "battle-name-number", "battle", "name", "5", ADJ_ERROR_INVALID,
    "change: name: expected a name of 1 to 200 characters, not only spaces, with no control "
    "characters, found an integer" },
  { "side-name-number", "side:a", "name", "5", ADJ_ERROR_INVALID,
    "change: name: expected a name of 1 to 200 characters, not only spaces, with no control "
    "characters, found an integer" },
  { "side-name-null", "side:a", "name", "null", ADJ_ERROR_INVALID,
    "change: name: expected a name of 1 to 200 characters, not only spaces, with no control "
    "characters, found null" },
  { "notes-number", "unit:u1", "notes", "5", ADJ_ERROR_INVALID,
    "expected a text or null for “notes”, found an integer" },
};

static void
test_bad_edit (Fixture       *f,
               gconstpointer  data)
{
  const BadEdit *c = data;
  g_autoptr(json_object) value = adj_test_parse (c->value);
  g_autoptr(json_object) before = snapshot (f->battle);
  g_autoptr(json_object) after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (adj_battle_edit (f->battle, c->target, c->field, value, &error));
  g_assert_error (error, ADJ_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, c->message);
  after = snapshot (f->battle);
  assert_json_equal (after, before);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (f->battle)), ==, 0);
  g_assert_false (adj_battle_can_undo (f->battle));
  g_assert_cmpuint (f->changed, ==, 0);
  g_assert_cmpuint (f->unit_changes->len, ==, 0);
}

/* A change set whose second change is refused: the first is rolled back. */
static void
test_commit_rolls_back (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(json_object) before = snapshot (f->battle);
  g_autoptr(json_object) after = NULL;
  g_autoptr(GError) error = NULL;
  AdjEntry *entry = adj_entry_new ("edit", NULL, "two changes");

  adj_change_set_add_set (entry->changes, "unit:u1", "figures", json_object_new_int (1),
                          json_object_new_int (0));
  adj_change_set_add_set (entry->changes, "unit:u1", "status.dismounted",
                          json_object_new_boolean (FALSE), json_object_new_boolean (TRUE));
  g_assert_false (adj_battle_commit (f->battle, entry, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  after = snapshot (f->battle);
  assert_json_equal (after, before);
  g_assert_cmpint (adj_unit_get_figures (adj_battle_find_unit (f->battle, "u1")), ==, 1);
  g_assert_false (adj_battle_can_undo (f->battle));
  g_assert_cmpuint (f->changed, ==, 0);
}

static void
test_several_changes_undo (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(json_object) before = snapshot (f->battle);
  g_autoptr(json_object) mid = NULL;
  g_autoptr(json_object) now = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  AdjEntry *entry = adj_entry_new ("edit", NULL, "a volley");

  /* The value is copied, not taken. */
  g_assert_true (adj_battle_change_field (f->battle, entry->changes, "unit:u3", "destroyed",
                                          yes, &error));
  g_assert_true (adj_battle_change_field (f->battle, entry->changes, "unit:u1",
                                          "status.fought", yes, &error));
  /* Nothing happens until the entry is committed. */
  now = snapshot (f->battle);
  assert_json_equal (now, before);
  g_clear_pointer (&now, json_object_put);
  g_assert_true (adj_battle_commit (f->battle, entry, &error));
  g_assert_no_error (error);
  mid = snapshot (f->battle);
  g_assert_true (adj_unit_get_destroyed (adj_battle_find_unit (f->battle, "u3")));
  g_assert_true (adj_unit_get_status_bool (adj_battle_find_unit (f->battle, "u1"), "fought"));

  g_assert_true (adj_battle_undo (f->battle, &error));
  now = snapshot (f->battle);
  assert_json_equal (now, before);
  g_clear_pointer (&now, json_object_put);
  g_assert_true (adj_battle_redo (f->battle, &error));
  now = snapshot (f->battle);
  assert_json_equal (now, mid);
}

/* ---- redo tail ---- */

static void
test_edit_after_undo_drops_redo (Fixture       *f,
                                 gconstpointer  data)
{
  AdjJournal *journal = adj_battle_get_journal (f->battle);
  g_autoptr(json_object) two = json_object_new_int (2);
  g_autoptr(json_object) three = json_object_new_int (3);
  g_autoptr(json_object) four = json_object_new_int (4);
  g_autoptr(json_object) state = NULL;
  g_autoptr(json_object) now = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (f->battle, "battle", "turn", two, &error));
  state = snapshot (f->battle);
  g_assert_true (adj_battle_edit (f->battle, "battle", "turn", three, &error));
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_true (adj_battle_can_redo (f->battle));
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 2);

  g_assert_true (adj_battle_edit (f->battle, "battle", "turn", four, &error));
  g_assert_no_error (error);
  g_assert_false (adj_battle_can_redo (f->battle));
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 2);
  g_assert_cmpuint (journal->position, ==, 2);
  g_assert_cmpstr (adj_journal_get_entry (journal, 1)->summary, ==, "Battle: turn set to 4");
  /* Sequence numbers are never reused, so a log reader can tell the entries apart. */
  g_assert_cmpuint (adj_journal_get_entry (journal, 0)->seq, ==, 1);
  g_assert_cmpuint (adj_journal_get_entry (journal, 1)->seq, ==, 3);
  g_assert_false (adj_battle_redo (f->battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOTHING_TO_DO);
  g_clear_error (&error);

  g_assert_true (adj_battle_undo (f->battle, &error));
  now = snapshot (f->battle);
  assert_json_equal (now, state);
  g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 2);
}

/* ---- adding and removing units ---- */

static void
assert_items_changed (Fixture *f,
                      guint    k,
                      guint    position,
                      guint    removed,
                      guint    added)
{
  g_assert_cmpuint (f->items_changed->len, >=, 3 * (k + 1));
  g_assert_cmpuint (g_array_index (f->items_changed, guint, 3 * k), ==, position);
  g_assert_cmpuint (g_array_index (f->items_changed, guint, 3 * k + 1), ==, removed);
  g_assert_cmpuint (g_array_index (f->items_changed, guint, 3 * k + 2), ==, added);
}

static void
test_add_unit (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(json_object) json = adj_test_parse ("{\"id\": \"u6\", \"side\": \"b\", "
                                                "\"name\": \"uDloko\", "
                                                "\"type\": \"native-infantry\"}");
  g_autoptr(json_object) before = snapshot (f->battle);
  g_autoptr(json_object) after = NULL;
  g_autoptr(json_object) now = NULL;
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (f->battle);
  AdjEntry *entry;
  AdjUnit *unit;

  unit = adj_battle_add_unit (f->battle, json, &error);
  g_assert_no_error (error);
  g_assert_nonnull (unit);
  g_assert_true (unit == adj_battle_find_unit (f->battle, "u6"));
  g_assert_cmpstr (adj_unit_get_weapon (unit), ==, "hand-held");
  g_assert_cmpuint (adj_battle_get_n_units (f->battle), ==, 6);
  g_assert_cmpuint (f->items_changed->len, ==, 3);
  assert_items_changed (f, 0, 5, 0, 1);
  g_assert_cmpuint (f->changed, ==, 1);
  entry = adj_journal_get_entry (journal, 0);
  g_assert_cmpstr (entry->kind, ==, "units");
  g_assert_cmpstr (entry->summary, ==, "Added uDloko");
  g_assert_cmpint (adj_change_set_get (entry->changes, 0)->op, ==, ADJ_CHANGE_ADD_UNIT);
  after = snapshot (f->battle);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  g_assert_null (adj_battle_find_unit (f->battle, "u6"));
  g_assert_cmpuint (adj_battle_get_n_units (f->battle), ==, 5);
  assert_items_changed (f, 1, 5, 1, 0);
  now = snapshot (f->battle);
  assert_json_equal (now, before);
  g_clear_pointer (&now, json_object_put);

  g_assert_true (adj_battle_redo (f->battle, &error));
  g_assert_no_error (error);
  assert_items_changed (f, 2, 5, 0, 1);
  now = snapshot (f->battle);
  assert_json_equal (now, after);
}

static void
test_add_unit_error (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(json_object) dup = adj_test_parse ("{\"id\": \"u2\", \"side\": \"b\", \"name\": \"X\", "
                                               "\"type\": \"transport\"}");
  g_autoptr(json_object) bad = adj_test_parse ("{\"id\": \"u7\", \"side\": \"b\", \"name\": \"X\", "
                                               "\"type\": \"zeppelin\"}");
  g_autoptr(json_object) before = snapshot (f->battle);
  g_autoptr(json_object) after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (adj_battle_add_unit (f->battle, dup, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "the unit id “u2” is used twice");
  g_clear_error (&error);
  g_assert_null (adj_battle_add_unit (f->battle, bad, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "new unit: $.type: “zeppelin” is not a unit type of the ruleset “wec”");
  after = snapshot (f->battle);
  assert_json_equal (after, before);
  g_assert_cmpuint (f->items_changed->len, ==, 0);
  g_assert_false (adj_battle_can_undo (f->battle));
}

static void
test_remove_unit (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(json_object) before = NULL;
  g_autoptr(json_object) after = NULL;
  g_autoptr(json_object) now = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjUnit) third = NULL;

  /* A unit with a changed status, so that undo must bring the status back too. */
  g_assert_true (adj_battle_edit (f->battle, "unit:u2", "status.dismounted", yes, &error));
  before = snapshot (f->battle);
  g_array_set_size (f->items_changed, 0);

  g_assert_true (adj_battle_remove_unit (f->battle, "u2", &error));
  g_assert_no_error (error);
  g_assert_null (adj_battle_find_unit (f->battle, "u2"));
  g_assert_cmpuint (adj_battle_get_n_units (f->battle), ==, 4);
  assert_items_changed (f, 0, 1, 1, 0);
  g_assert_cmpstr (adj_journal_get_entry (adj_battle_get_journal (f->battle), 1)->summary, ==,
                   "Removed Natal Carbineers");
  after = snapshot (f->battle);

  /* Undo puts it back in its place, with its status. */
  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  assert_items_changed (f, 1, 1, 0, 1);
  third = g_list_model_get_item (adj_battle_get_units (f->battle), 1);
  g_assert_cmpstr (adj_unit_get_id (third), ==, "u2");
  g_assert_true (adj_unit_get_status_bool (third, "dismounted"));
  now = snapshot (f->battle);
  assert_json_equal (now, before);
  g_clear_pointer (&now, json_object_put);

  g_assert_true (adj_battle_redo (f->battle, &error));
  assert_items_changed (f, 2, 1, 1, 0);
  now = snapshot (f->battle);
  assert_json_equal (now, after);
  g_clear_pointer (&now, json_object_put);

  g_assert_false (adj_battle_remove_unit (f->battle, "u2", &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "there is no unit “u2”");
  g_assert_cmpuint (f->items_changed->len, ==, 9);
}

/* ---- turns and phases ---- */

static void
test_next_phase (Fixture       *f,
                 gconstpointer  data)
{
  static const char *const phases[] = {
    "initiative", "first-side", "second-side", "end"
  };
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (f->battle);
  AdjEntry *entry;

  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    {
      g_assert_true (adj_battle_next_phase (f->battle, &error));
      g_assert_no_error (error);
      g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 1);
      g_assert_cmpstr (adj_battle_get_phase (f->battle), ==, phases[i]);
    }
  entry = adj_journal_get_entry (journal, 0);
  g_assert_cmpstr (entry->kind, ==, "turn");
  g_assert_cmpstr (entry->summary, ==, "Turn 1 — Initiative");
  g_assert_cmpuint (adj_change_set_len (entry->changes), ==, 1);
  g_assert_cmpuint (f->changed, ==, 4);

  /* Activated and fought last a turn; dismounted does not. */
  g_assert_true (adj_battle_edit (f->battle, "unit:u1", "status.activated", yes, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u2", "status.fought", yes, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u2", "status.dismounted", yes, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u4", "status.towed", yes, &error));
  g_assert_no_error (error);
}

static void
test_turn_boundary (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(json_object) end = json_object_new_string ("end");
  g_autoptr(json_object) before = NULL;
  g_autoptr(json_object) after = NULL;
  g_autoptr(json_object) now = NULL;
  g_autoptr(GError) error = NULL;
  AdjJournal *journal = adj_battle_get_journal (f->battle);
  AdjUnit *u1 = adj_battle_find_unit (f->battle, "u1");
  AdjUnit *u2 = adj_battle_find_unit (f->battle, "u2");
  AdjEntry *entry;

  g_assert_true (adj_battle_edit (f->battle, "battle", "phase", end, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u1", "status.activated", yes, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u1", "status.fought", yes, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u2", "status.activated", yes, &error));
  g_assert_true (adj_battle_edit (f->battle, "unit:u2", "status.dismounted", yes, &error));
  g_assert_no_error (error);
  before = snapshot (f->battle);

  g_assert_true (adj_battle_next_phase (f->battle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 2);
  /* Set-up is played once: a new turn begins with the initiative. */
  g_assert_cmpstr (adj_battle_get_phase (f->battle), ==, "initiative");
  g_assert_false (adj_unit_get_status_bool (u1, "activated"));
  g_assert_false (adj_unit_get_status_bool (u1, "fought"));
  g_assert_false (adj_unit_get_status_bool (u2, "activated"));
  g_assert_true (adj_unit_get_status_bool (u2, "dismounted"));

  /* One entry: the turn, the phase and the three per-turn fields that were set. */
  g_assert_cmpuint (adj_journal_get_n_entries (journal), ==, 6);
  entry = adj_journal_get_entry (journal, 5);
  g_assert_cmpstr (entry->kind, ==, "turn");
  g_assert_cmpstr (entry->summary, ==, "Turn 2 — Initiative");
  g_assert_cmpint (entry->turn, ==, 1);
  g_assert_cmpstr (entry->phase, ==, "end");
  g_assert_cmpuint (adj_change_set_len (entry->changes), ==, 5);
  after = snapshot (f->battle);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  now = snapshot (f->battle);
  assert_json_equal (now, before);
  g_clear_pointer (&now, json_object_put);
  g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 1);
  g_assert_true (adj_unit_get_status_bool (u1, "fought"));

  g_assert_true (adj_battle_redo (f->battle, &error));
  now = snapshot (f->battle);
  assert_json_equal (now, after);
}

static void
test_last_turn (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(json_object) twelve = json_object_new_int (12);
  g_autoptr(json_object) second = json_object_new_string ("second-side");
  g_autoptr(json_object) before = NULL;
  g_autoptr(json_object) after = NULL;
  g_autoptr(GError) error = NULL;
  guint n;

  g_assert_true (adj_battle_edit (f->battle, "battle", "turn", twelve, &error));
  g_assert_true (adj_battle_edit (f->battle, "battle", "phase", second, &error));
  g_assert_true (adj_battle_next_phase (f->battle, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adj_battle_get_phase (f->battle), ==, "end");
  n = adj_journal_get_n_entries (adj_battle_get_journal (f->battle));
  before = snapshot (f->battle);

  g_assert_false (adj_battle_next_phase (f->battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==, "The battle ends after turn 12: there is no turn 13");
  g_clear_error (&error);
  g_assert_false (adj_battle_next_turn (f->battle, &error));
  g_assert_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED);
  after = snapshot (f->battle);
  assert_json_equal (after, before);
  g_assert_cmpuint (adj_journal_get_n_entries (adj_battle_get_journal (f->battle)), ==, n);
  g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 12);
}

static void
test_next_turn (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* Straight to the next turn from any phase. */
  g_assert_true (adj_battle_next_phase (f->battle, &error));
  g_assert_true (adj_battle_next_turn (f->battle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 2);
  /* Set-up is played once: a new turn begins with the initiative. */
  g_assert_cmpstr (adj_battle_get_phase (f->battle), ==, "initiative");
  g_assert_cmpstr (adj_journal_get_entry (adj_battle_get_journal (f->battle), 1)->summary, ==,
                   "Turn 2 — Initiative");
}

/* Set-up comes before the first turn: "next turn" from it begins turn 1, not turn 2. */
static void
test_next_turn_after_setup (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (adj_battle_get_phase (f->battle), ==, "setup");
  g_assert_true (adj_battle_next_turn (f->battle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adj_battle_get_turn (f->battle), ==, 1);
  g_assert_cmpstr (adj_battle_get_phase (f->battle), ==, "initiative");
  g_assert_cmpstr (adj_journal_get_entry (adj_battle_get_journal (f->battle), 0)->summary, ==,
                   "Turn 1 — Initiative");
}

/* ---- JSON ---- */

static void
test_json_round_trip (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
  g_autoptr(json_object) json = NULL;
  g_autoptr(json_object) again = NULL;
  g_autoptr(AdjBattle) copy = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (adj_battle_edit (f->battle, "unit:u2", "status.dismounted", yes, &error));
  g_assert_true (adj_battle_remove_unit (f->battle, "u3", &error));
  g_assert_true (adj_battle_next_phase (f->battle, &error));
  g_assert_true (adj_battle_undo (f->battle, &error));
  (void) adj_battle_get_pack (f->battle);
  json = adj_battle_to_json (f->battle);

  copy = adj_battle_from_json (json, "copy.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  again = adj_battle_to_json (copy);
  assert_json_equal (again, json);
  /* The copy can redo what the original could. */
  g_assert_true (adj_battle_can_redo (copy));
  g_assert_true (adj_battle_redo (copy, &error));
  g_assert_cmpstr (adj_battle_get_phase (copy), ==, "initiative");
  g_assert_true (adj_battle_undo (copy, &error));
  g_assert_true (adj_battle_undo (copy, &error));
  g_assert_nonnull (adj_battle_find_unit (copy, "u3"));
}

/* adj_battle_peek_unit() gives the units of adj_battle_get_units(), in their order, whatever
 * added, removed, undid or read them. */
static void
assert_peek_matches (AdjBattle *battle)
{
  GListModel *units = adj_battle_get_units (battle);
  guint n = g_list_model_get_n_items (units);

  g_assert_cmpuint (adj_battle_get_n_units (battle), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      g_assert_true (adj_battle_peek_unit (battle, i) == unit);
    }
  g_assert_null (adj_battle_peek_unit (battle, n));
}

static void
test_peek_units (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(json_object) added = adj_test_parse ("{\"id\": \"u6\", \"side\": \"b\", \"name\": "
                                                 "\"uDloko\", \"type\": \"native-infantry\"}");
  g_autoptr(json_object) json = NULL;
  g_autoptr(AdjBattle) copy = NULL;
  g_autoptr(GError) error = NULL;
  static const char *const removed[] = { "u3", "u1", "u5" };

  assert_peek_matches (f->battle);
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_assert_true (adj_battle_remove_unit (f->battle, removed[i], &error));
      assert_peek_matches (f->battle);
    }
  g_assert_nonnull (adj_battle_add_unit (f->battle, added, &error));
  assert_peek_matches (f->battle);
  /* Undone, each removed unit goes back to its place, in the middle or at either end. */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (adj_battle_undo (f->battle, &error));
      assert_peek_matches (f->battle);
    }
  g_assert_cmpstr (adj_unit_get_id (adj_battle_peek_unit (f->battle, 0)), ==, "u1");
  g_assert_cmpstr (adj_unit_get_id (adj_battle_peek_unit (f->battle, 2)), ==, "u3");
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (adj_battle_redo (f->battle, &error));
      assert_peek_matches (f->battle);
    }
  json = adj_battle_to_json (f->battle);
  copy = adj_battle_from_json (json, "copy.json", &error);
  g_assert_no_error (error);
  assert_peek_matches (copy);
  g_assert_true (adj_battle_redo (copy, &error));
  assert_peek_matches (copy);
}

/* A unit's id and name as JSON are shared, not copied, and follow a rename; a name handed out
 * before keeps the old text. */
static void
test_unit_name_json (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(json_object) new_name = json_object_new_string ("2nd/24th, B Company");
  g_autoptr(GError) error = NULL;
  AdjUnit *unit = adj_battle_find_unit (f->battle, "u1");
  g_autofree char *old_text = g_strdup (adj_unit_get_name (unit));
  g_autoptr(json_object) id = adj_unit_id_to_json (unit);
  g_autoptr(json_object) old_name = adj_unit_name_to_json (unit);
  g_autoptr(json_object) again = adj_unit_name_to_json (unit);
  g_autoptr(json_object) field = adj_unit_get_field (unit, "name");
  g_autoptr(json_object) renamed = NULL;
  g_autoptr(json_object) record = NULL;
  json_object *v = NULL;

  g_assert_cmpstr (json_object_get_string (id), ==, "u1");
  g_assert_cmpstr (json_object_get_string (old_name), ==, old_text);
  g_assert_true (again == old_name);
  g_assert_cmpstr (json_object_get_string (field), ==, old_text);

  g_assert_true (adj_battle_edit (f->battle, "unit:u1", "name", new_name, &error));
  g_assert_no_error (error);
  renamed = adj_unit_name_to_json (unit);
  g_assert_cmpstr (adj_unit_get_name (unit), ==, "2nd/24th, B Company");
  g_assert_cmpstr (json_object_get_string (renamed), ==, "2nd/24th, B Company");
  g_assert_cmpstr (json_object_get_string (old_name), ==, old_text);
  record = adj_unit_to_json (unit);
  g_assert_true (json_object_object_get_ex (record, "name", &v));
  g_assert_cmpstr (json_object_get_string (v), ==, "2nd/24th, B Company");

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_cmpstr (adj_unit_get_name (unit), ==, old_text);
  g_assert_cmpstr (json_object_get_string (renamed), ==, "2nd/24th, B Company");
}

/* A mechanic of this test's own that turns one card: cards come from a copy of the pack, and
 * applying the outcome changes the battle's pack in a way undo reverses. */
static const AdjChoice card_outcomes[] = { { "red", "Red" }, { "black", "Black" } };

static gboolean
turn_card_resolve (const AdjContext  *ctx,
                   AdjInputs         *inputs,
                   AdjRandom         *random,
                   AdjOutcome        *outcome,
                   GError           **error)
{
  AdjCard card;

  if (!adj_random_card (random, "card", "Card", &card, error))
    return FALSE;
  adj_outcome_set_result (outcome, adj_card_is_red (card) ? "red" : "black", NULL);
  return TRUE;
}

static const AdjMechanic turn_card = {
  .id = "wec/test-turn-card",
  .title = "Turn a card",
  .summary = "Turns one card.",
  .outcomes = card_outcomes,
  .n_outcomes = G_N_ELEMENTS (card_outcomes),
  .resolve = turn_card_resolve,
};

static void
test_card_draw_undo (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjInputs) inputs = adj_inputs_new (&turn_card, f->rs);
  g_autoptr(AdjRandom) random = adj_battle_new_random (f->battle);
  g_autoptr(AdjOutcome) outcome = adj_outcome_new (&turn_card);
  g_autoptr(json_object) before = adj_pack_to_json (adj_battle_get_pack (f->battle));
  g_autoptr(json_object) after = NULL;
  AdjContext ctx;

  adj_battle_context (f->battle, &ctx);
  g_assert_true (adj_mechanic_resolve (&turn_card, &ctx, inputs, random, outcome, &error));
  g_assert_no_error (error);
  /* Resolving alone leaves the battle's pack as it was. */
  after = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (before, after);
  g_clear_pointer (&after, json_object_put);
  g_assert_cmpuint (adj_pack_remaining (adj_random_get_pack (random)), ==, 51);

  g_assert_true (adj_battle_apply_outcome (f->battle, inputs, outcome, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, 51);
  after = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (outcome->pack_after, after);

  g_assert_true (adj_battle_undo (f->battle, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, json_object_put);
  after = adj_pack_to_json (adj_battle_get_pack (f->battle));
  assert_json_equal (before, after);

  g_assert_true (adj_battle_redo (f->battle, &error));
  g_assert_cmpuint (adj_pack_remaining (adj_battle_get_pack (f->battle)), ==, 51);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/battle/build", test_build);
  for (guint i = 0; i < G_N_ELEMENTS (insert_errors); i++)
    {
      g_autofree char *path = g_strdup_printf ("/battle/build/insert-error/%s",
                                               insert_errors[i].name);
      g_test_add (path, Fixture, &insert_errors[i], fixture_setup, test_insert_error,
                  fixture_teardown);
    }
  for (guint i = 0; i < G_N_ELEMENTS (side_errors); i++)
    {
      g_autofree char *path = g_strdup_printf ("/battle/build/side-error/%s",
                                               side_errors[i].name);
      g_test_add (path, Fixture, &side_errors[i], fixture_setup, test_side_error,
                  fixture_teardown);
    }
  ADD ("/battle/build/add-army", test_add_army);
  for (guint i = 0; i < G_N_ELEMENTS (edit_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/battle/edit/%u-%s-%s", i,
                                               edit_cases[i].target, edit_cases[i].field);
      g_test_add (path, Fixture, &edit_cases[i], fixture_setup, test_edit, fixture_teardown);
    }
  ADD ("/battle/edit/unit-signal", test_unit_signal);
  for (guint i = 0; i < G_N_ELEMENTS (bad_edits); i++)
    {
      g_autofree char *path = g_strdup_printf ("/battle/edit/refused/%s", bad_edits[i].name);
      g_test_add (path, Fixture, &bad_edits[i], fixture_setup, test_bad_edit, fixture_teardown);
    }
  ADD ("/battle/commit/rolls-back", test_commit_rolls_back);
  ADD ("/battle/commit/several-changes", test_several_changes_undo);
  ADD ("/battle/undo/new-edit-drops-redo", test_edit_after_undo_drops_redo);
  ADD ("/battle/units/add", test_add_unit);
  ADD ("/battle/units/add-error", test_add_unit_error);
  ADD ("/battle/units/remove", test_remove_unit);
  ADD ("/battle/units/peek", test_peek_units);
  ADD ("/battle/units/name-json", test_unit_name_json);
  ADD ("/battle/turn/next-phase", test_next_phase);
  ADD ("/battle/turn/boundary", test_turn_boundary);
  ADD ("/battle/turn/last", test_last_turn);
  ADD ("/battle/turn/next-turn", test_next_turn);
  ADD ("/battle/turn/next-turn-after-setup", test_next_turn_after_setup);
  ADD ("/battle/json/round-trip", test_json_round_trip);
  ADD ("/battle/cards/draw-and-undo", test_card_draw_undo);

#undef ADD

  status = g_test_run ();
  adj_ruleset_set_data_dir (NULL);
  return status;
}
