/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-battle-json.c: a battle to and from its JSON document, checked as it is read. */

#define G_LOG_DOMAIN "adj-battle"

#include "config.h"

#include <string.h>

#include "adj-battle-private.h"
#include "adj-entry-odds.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-members.h"
#include "adj-migrate.h"
#include "adj-secret.h"
#include "adj-tables.h"

/* Set @field of @unit to @value, taking it. */
static void
take_field (AdjUnit     *unit,
            const char  *field,
            json_object *value)
{
  adj_unit_set_field (unit, field, value);
  json_object_put (value);
}

AdjUnit *
adj_battle_unit_from_json (AdjBattle    *battle,
                           json_object  *json,
                           const char   *file,
                           const char   *path,
                           GError      **error)
{
  static const char *const keys[] = {
    "id", "side", "name", "type", "rating", "weapon", "figures", "destroyed", "status", "notes",
    "card", "members", NULL
  };
  AdjRuleset *rs = battle->ruleset;
  const char *id = NULL, *side = NULL, *name = NULL, *type_id = NULL;
  const char *rating = NULL, *weapon = NULL, *notes = NULL, *card = NULL;
  gint64 figures = -1;
  gboolean destroyed = FALSE;
  json_object *status = NULL;
  json_object *members_json = NULL;
  g_autoptr(json_object) members = NULL;
  const AdjMemberSchema *schema = adj_ruleset_get_member_schema (rs);
  const AdjUnitType *type;
  g_autoptr(AdjUnit) unit = NULL;
  GPtrArray *fields;

  if (!adj_json_expect_object (json, file, path, error) ||
      !adj_json_check_keys (json, keys, file, path, error) ||
      !adj_json_get_string (json, "id", TRUE, &id, file, path, error) ||
      !adj_json_get_string (json, "side", TRUE, &side, file, path, error) ||
      !adj_json_get_string (json, "name", TRUE, &name, file, path, error) ||
      !adj_json_get_string (json, "type", TRUE, &type_id, file, path, error) ||
      !adj_json_get_string (json, "rating", FALSE, &rating, file, path, error) ||
      !adj_json_get_string (json, "weapon", FALSE, &weapon, file, path, error) ||
      !adj_json_get_string (json, "notes", FALSE, &notes, file, path, error) ||
      !adj_json_get_string (json, "card", FALSE, &card, file, path, error) ||
      !adj_json_get_int (json, "figures", FALSE, 0, 10000, &figures, file, path, error) ||
      !adj_json_get_bool (json, "destroyed", FALSE, &destroyed, file, path, error) ||
      !adj_json_get_object (json, "status", FALSE, &status, file, path, error))
    return NULL;
  json_object_object_get_ex (json, "members", &members_json);

  if (!adj_json_is_identifier (id))
    {
      adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "id",
                        _("expected a unit id (lower-case letters, digits and dashes), found “%s”"),
                        id);
      return NULL;
    }
  if (adj_battle_find_side (battle, side) == NULL)
    {
      adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "side",
                        _("the unit belongs to the side “%s”, which the battle does not have"),
                        side);
      return NULL;
    }
  {
    g_autofree char *where = adj_json_path_key (path, "name");
    if (!adj_battle_check_name (name, file, where, error))
      return NULL;
  }
  type = adj_ruleset_find_unit_type (rs, type_id);
  if (type == NULL)
    {
      adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "type",
                        _("“%s” is not a unit type of the ruleset “%s”"), type_id,
                        adj_ruleset_get_id (rs));
      return NULL;
    }
  if (rating != NULL && adj_ruleset_find_rating (rs, rating) == NULL)
    {
      adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "rating",
                        _("“%s” is not a rating of the ruleset “%s”"), rating,
                        adj_ruleset_get_id (rs));
      return NULL;
    }
  if (weapon != NULL)
    {
      g_autoptr(GError) local = NULL;
      if (!adj_battle_check_weapon (rs, type, weapon, &local))
        {
          adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "weapon", "%s", local->message);
          return NULL;
        }
    }
  else
    weapon = type->weapons[0];
  if (card != NULL)
    {
      AdjCard parsed;
      if (!adj_card_parse (card, &parsed))
        {
          adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, "card",
                            _("expected a card such as “10H” or “QS”, found “%s”"), card);
          return NULL;
        }
    }

  /* A record per figure: given, or one default member per figure where the ruleset keeps
   * them for this kind of unit.  The figures are then counted from it. */
  if (members_json != NULL)
    {
      members = adj_members_read (rs, type, members_json, figures, file, path, error);
      if (members == NULL)
        return NULL;
    }
  else if (adj_member_schema_applies_to (schema, type->category))
    members = adj_members_new_default (schema, figures >= 0 ? (int) figures : type->figures);

  unit = adj_unit_new (id, side, name, type_id);
  if (rating != NULL)
    take_field (unit, "rating", json_object_new_string (rating));
  if (weapon != NULL)
    take_field (unit, "weapon", json_object_new_string (weapon));
  if (notes != NULL)
    take_field (unit, "notes", json_object_new_string (notes));
  if (card != NULL)
    {
      AdjCard parsed;

      adj_card_parse (card, &parsed);
      take_field (unit, "card", adj_card_to_json (parsed));
    }
  take_field (unit, "figures", json_object_new_int (figures >= 0 ? (int) figures : type->figures));
  take_field (unit, "destroyed", json_object_new_boolean (destroyed));
  if (members != NULL)
    adj_unit_set_field (unit, "members", members);

  if (status != NULL)
    {
      g_autofree char *spath = adj_json_path_key (path, "status");

      json_object_object_foreach (status, key, val)
        {
          g_autoptr(GError) local = NULL;
          g_autofree char *field = g_strconcat ("status.", key, NULL);

          if (!adj_battle_check_status_value (rs, type, key, val, &local))
            {
              adj_json_fail_at (error, ADJ_ERROR_INVALID, file, spath, key, "%s", local->message);
              return NULL;
            }
          adj_unit_set_field (unit, field, val);
        }
    }

  /* Every status field that applies to the type gets its default when the file omits it. */
  fields = adj_ruleset_get_status_fields (rs);
  for (guint i = 0; i < fields->len; i++)
    {
      const AdjField *f = g_ptr_array_index (fields, i);

      if (adj_field_applies_to (f, type->category) &&
          !json_object_object_get_ex (adj_unit_get_status (unit), f->name, NULL))
        {
          g_autofree char *field = g_strconcat ("status.", f->name, NULL);
          g_autoptr(json_object) def = adj_field_default_json (f);
          adj_unit_set_field (unit, field, def);
        }
    }

  return g_steal_pointer (&unit);
}

json_object *
adj_battle_to_json (AdjBattle *battle)
{
  json_object *obj = json_object_new_object ();
  json_object *sides = json_object_new_array ();
  json_object *units = json_object_new_array ();
  json_object *journal = json_object_new_object ();
  json_object *entries = json_object_new_array ();
  g_autofree char *rng = adj_rng_to_string (&battle->rng);
  guint n = adj_battle_get_n_units (battle);

  json_object_object_add (obj, "format", json_object_new_string (ADJ_BATTLE_FORMAT));
  json_object_object_add (obj, "version", json_object_new_int (ADJ_BATTLE_VERSION));
  json_object_object_add (obj, "ruleset",
                          json_object_new_string (adj_ruleset_get_id (battle->ruleset)));
  json_object_object_add (obj, "id", json_object_new_string (battle->uid));
  json_object_object_add (obj, "name", json_object_new_string (battle->name));
  json_object_object_add (obj, "created", json_object_new_int64 (battle->created));
  json_object_object_add (obj, "turn", json_object_new_int (battle->turn));
  json_object_object_add (obj, "phase", json_object_new_string (battle->phase));
  json_object_object_add (obj, "settings", adj_json_copy (battle->settings));
  if (json_object_object_length (battle->secrets) > 0)
    json_object_object_add (obj, "secrets", adj_json_copy (battle->secrets));

  for (guint i = 0; i < battle->sides->len; i++)
    {
      AdjSide *side = g_ptr_array_index (battle->sides, i);
      json_object *s = json_object_new_object ();

      json_object_object_add (s, "id", json_object_new_string (side->id));
      json_object_object_add (s, "name", json_object_new_string (side->name));
      json_object_object_add (s, "settings", adj_json_copy (side->settings));
      json_object_array_add (sides, s);
    }
  json_object_object_add (obj, "sides", sides);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (G_LIST_MODEL (battle->units), i);
      json_object_array_add (units, adj_unit_to_json (unit));
    }
  json_object_object_add (obj, "units", units);

  json_object_object_add (obj, "rng", json_object_new_string (rng));
  if (battle->pack != NULL)
    json_object_object_add (obj, "pack", adj_pack_to_json (battle->pack));
  if (battle->tables != NULL)
    json_object_object_add (obj, "tables", adj_tables_to_json (battle->tables));

  json_object_object_add (journal, "position",
                          json_object_new_int ((int) battle->journal->position));
  for (guint i = 0; i < adj_journal_get_n_entries (battle->journal); i++)
    {
      AdjEntry *entry = adj_journal_get_entry (battle->journal, i);

      json_object_array_add (entries, adj_entry_to_json (entry));
    }
  json_object_object_add (journal, "entries", entries);
  json_object_object_add (obj, "journal", journal);
  return obj;
}

/* Every change must name something the battle has, or a unit that the journal itself adds or
 * removes: anything else would only fail later, half-way through an undo. */
static gboolean
check_journal_targets (AdjBattle    *battle,
                       const char   *file,
                       GError      **error)
{
  g_autoptr(GHashTable) journal_units = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *entries = battle->journal->entries;

  for (guint i = 0; i < entries->len; i++)
    {
      AdjEntry *entry = g_ptr_array_index (entries, i);

      for (guint k = 0; k < adj_change_set_len (entry->changes); k++)
        {
          AdjChange *change = adj_change_set_get (entry->changes, k);
          json_object *unit = change->op == ADJ_CHANGE_ADD_UNIT ? change->after : change->before;
          json_object *id = NULL;

          if (change->op == ADJ_CHANGE_SET)
            continue;
          if (!json_object_object_get_ex (unit, "id", &id) ||
              !json_object_is_type (id, json_type_string))
            {
              g_autofree char *where = g_strdup_printf ("$.journal.entries[%u].changes[%u].unit",
                                                   i, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                    _("expected a unit with an “id”"));
            }
          g_hash_table_add (journal_units, (gpointer) json_object_get_string (id));
        }
    }

  for (guint i = 0; i < entries->len; i++)
    {
      AdjEntry *entry = g_ptr_array_index (entries, i);

      for (guint k = 0; k < adj_change_set_len (entry->changes); k++)
        {
          AdjChange *change = adj_change_set_get (entry->changes, k);
          const char *target = change->target;
          gboolean known;

          if (change->op != ADJ_CHANGE_SET)
            continue;
          if (g_str_has_prefix (target, "side:"))
            known = adj_battle_find_side (battle, target + strlen ("side:")) != NULL;
          else if (g_str_has_prefix (target, "unit:"))
            known = adj_battle_find_unit (battle, target + strlen ("unit:")) != NULL ||
                    g_hash_table_contains (journal_units, target + strlen ("unit:"));
          else
            known = g_str_equal (target, "battle");
          if (!known)
            {
              g_autofree char *where =
                g_strdup_printf ("$.journal.entries[%u].changes[%u].target", i, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                    _("“%s” names nothing in this battle"), target);
            }
        }
    }
  return TRUE;
}

/* Hidden information is kept sealed (adj-secret.h): a seal that does not open, damaged or
 * edited by hand, is refused now rather than when the rules come to reveal it. */
static gboolean
check_sealed (json_object  *value,
              const char   *file,
              const char   *path,
              GError      **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *text = NULL;

  if (json_object_is_type (value, json_type_string))
    text = adj_secret_open (json_object_get_string (value), &local);
  if (text != NULL)
    return TRUE;
  return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, "%s",
                        local != NULL ? local->message
                                      : _("the hidden information is damaged or was edited by "
                                          "hand"));
}

static gboolean
check_journal_secrets (AdjBattle    *battle,
                       const char   *file,
                       GError      **error)
{
  GPtrArray *entries = battle->journal->entries;

  for (guint i = 0; i < entries->len; i++)
    {
      AdjEntry *entry = g_ptr_array_index (entries, i);

      for (guint k = 0; k < adj_change_set_len (entry->changes); k++)
        {
          AdjChange *change = adj_change_set_get (entry->changes, k);
          json_object *values[] = { change->before, change->after };
          const char *names[] = { "before", "after" };

          if (change->op != ADJ_CHANGE_SET || !g_str_has_prefix (change->field, "secrets."))
            continue;
          for (guint v = 0; v < G_N_ELEMENTS (values); v++)
            {
              g_autofree char *where = NULL;

              if (values[v] == NULL)
                continue;
              where = g_strdup_printf ("$.journal.entries[%u].changes[%u].%s", i, k, names[v]);
              if (!check_sealed (values[v], file, where, error))
                return FALSE;
            }
        }
    }
  return TRUE;
}

/* Where a journal entry failed to be undone or redone, and why. */
static gboolean
replay_failed (GError     **error,
               const char  *file,
               guint        index,
               gboolean     undoing,
               GError      *why)
{
  g_autofree char *where = adj_json_path_index ("$.journal.entries", index);

  return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                        undoing ? _("the entry cannot be undone: %s")
                                : _("the entry cannot be redone: %s"), why->message);
}

/* An entry of an upgraded file whose odds are still to be worked out gets them now, from its
 * stored inputs against the battle as it stood just before it. */
static void
replay_odds (AdjBattle *battle)
{
  AdjEntry *entry = adj_journal_get_entry (battle->journal, battle->journal->position);

  if (!adj_entry_odds_is_pending (entry->odds))
    return;
  json_object_put (entry->odds);
  entry->odds = adj_entry_odds_replay (battle, entry->mechanic, entry->inputs, entry->outcome);
  g_clear_pointer (&entry->json, json_object_put);
}

/* A battle that loads can be played on to the end of its journal and undone to its start:
 * tried here, so that a damaged change is refused when the file is opened, not half-way
 * through a game with the journal stuck.  The journal ends where it was.  Each entry is
 * redone from the state it was made in, which is when pending odds are worked out. */
static gboolean
check_journal_replays (AdjBattle    *battle,
                       const char   *file,
                       GError      **error)
{
  AdjJournal *journal = battle->journal;
  guint position = journal->position;
  guint n = adj_journal_get_n_entries (journal);
  g_autoptr(GError) local = NULL;

  while (journal->position < n)
    {
      replay_odds (battle);
      if (!adj_battle_redo (battle, &local))
        return replay_failed (error, file, journal->position, FALSE, local);
    }
  while (journal->position > 0)
    if (!adj_battle_undo (battle, &local))
      return replay_failed (error, file, journal->position - 1, TRUE, local);
  while (journal->position < position)
    {
      replay_odds (battle);
      if (!adj_battle_redo (battle, &local))
        return replay_failed (error, file, journal->position, FALSE, local);
    }
  return TRUE;
}

static gboolean
load_journal (AdjBattle    *battle,
              json_object  *json,
              const char   *file,
              GError      **error)
{
  static const char *const keys[] = { "position", "entries", NULL };
  json_object *entries;
  gint64 position = 0;
  gsize n;

  if (!adj_json_expect_object (json, file, "$.journal", error) ||
      !adj_json_check_keys (json, keys, file, "$.journal", error) ||
      !adj_json_get_array (json, "entries", TRUE, &entries, file, "$.journal", error))
    return FALSE;
  n = json_object_array_length (entries);
  if (n > MAX_ENTRIES)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.journal.entries",
                          _("a journal may have at most %d entries"), MAX_ENTRIES);
  if (!adj_json_get_int (json, "position", TRUE, 0, (gint64) n, &position, file, "$.journal",
                         error))
    return FALSE;

  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *where = adj_json_path_index ("$.journal.entries", i);
      json_object *obj = json_object_array_get_idx (entries, i);
      AdjEntry *entry = adj_entry_from_json (obj, file, where, error);

      if (entry == NULL)
        return FALSE;
      /* The entry keeps the document it was read from, to write it out again as it is. */
      entry->json = json_object_get (obj);
      if (entry->mechanic != NULL && adj_mechanic_lookup (entry->mechanic) == NULL)
        {
          adj_entry_free (entry);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("the entry names a mechanic that does not exist"));
        }
      g_ptr_array_add (battle->journal->entries, entry);
      battle->journal->next_seq = MAX (battle->journal->next_seq, entry->seq + 1);
    }
  battle->journal->position = (guint) position;
  /* The list's items are made when first shown. */
  adj_journal_model_changed (battle->journal_items, 0, 0,
                             adj_journal_get_n_entries (battle->journal));
  return check_journal_targets (battle, file, error) &&
         check_journal_secrets (battle, file, error) &&
         check_journal_replays (battle, file, error);
}

AdjBattle *
adj_battle_from_json (json_object  *json,
                      const char   *file,
                      GError      **error)
{
  static const char *const keys[] = {
    "format", "version", "ruleset", "id", "name", "created", "turn", "phase", "settings",
    "sides", "units", "rng", "pack", "journal", "autosave", "secrets", "tables", NULL
  };
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(AdjRuleset) rs = NULL;
  const char *ruleset = NULL, *uid = NULL, *name = NULL, *phase = NULL;
  const char *rng = NULL;
  gint64 version = 0, turn = 1, created = 0;
  json_object *settings = NULL, *sides = NULL, *units = NULL, *pack = NULL, *journal = NULL;
  json_object *secrets = NULL;
  g_autoptr(json_object) migrated = NULL;
  g_autoptr(GError) local = NULL;

  if (!adj_json_check_format (json, ADJ_FILE_BATTLE, ADJ_BATTLE_FORMAT, ADJ_BATTLE_VERSION,
                              &version, file, error))
    return NULL;
  /* A file of an older version is brought up to date first, then checked as a new one is. */
  migrated = adj_migrate (adj_migrate_chain_for (ADJ_BATTLE_FORMAT), json, version, file, "$",
                          error);
  if (migrated == NULL)
    return NULL;
  json = migrated;

  if (!adj_json_check_keys (json, keys, file, "$", error) ||
      !adj_json_get_string (json, "ruleset", TRUE, &ruleset, file, "$", error))
    return NULL;
  rs = adj_ruleset_lookup (ruleset, &local);
  if (rs == NULL)
    {
      adj_json_fail (error, ADJ_ERROR_UNSUPPORTED, file, "$.ruleset", "%s", local->message);
      return NULL;
    }

  if (!adj_json_get_string (json, "id", TRUE, &uid, file, "$", error) ||
      !adj_json_get_string (json, "name", TRUE, &name, file, "$", error) ||
      !adj_json_get_int (json, "created", FALSE, 0, G_MAXINT64, &created, file, "$", error) ||
      !adj_json_get_int (json, "turn", TRUE, 1, 100000, &turn, file, "$", error) ||
      !adj_json_get_string (json, "phase", TRUE, &phase, file, "$", error) ||
      !adj_json_get_object (json, "settings", FALSE, &settings, file, "$", error) ||
      !adj_json_get_array (json, "sides", TRUE, &sides, file, "$", error) ||
      !adj_json_get_array (json, "units", TRUE, &units, file, "$", error) ||
      !adj_json_get_string (json, "rng", FALSE, &rng, file, "$", error) ||
      !adj_json_get_object (json, "journal", FALSE, &journal, file, "$", error) ||
      !adj_json_get_object (json, "secrets", FALSE, &secrets, file, "$", error))
    return NULL;
  json_object_object_get_ex (json, "pack", &pack);

  if (!adj_json_is_identifier (uid))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.id",
                     _("expected an id (lower-case letters, digits and dashes), found “%s”"), uid);
      return NULL;
    }
  if (!adj_battle_check_name (name, file, "$.name", error))
    return NULL;
  if (adj_ruleset_get_max_turns (rs) > 0 && turn > adj_ruleset_get_max_turns (rs))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.turn",
                     _("the ruleset has at most %d turns, but the battle is at turn %lld"),
                     adj_ruleset_get_max_turns (rs), (long long) turn);
      return NULL;
    }
  if (adj_ruleset_find_phase (rs, phase) == NULL)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.phase",
                     _("“%s” is not a phase of the ruleset “%s”"), phase, ruleset);
      return NULL;
    }

  battle = adj_battle_new (rs, name);
  g_free (battle->uid);
  battle->uid = g_strdup (uid);
  battle->created = created;
  battle->turn = (int) turn;
  g_free (battle->phase);
  battle->phase = g_strdup (phase);
  if (settings != NULL)
    {
      if (!adj_battle_check_settings (rs, adj_ruleset_get_battle_fields (rs), settings, file,
                                      "$.settings", error))
        return NULL;
      json_object_object_foreach (settings, key, val)
        json_object_object_add (battle->settings, key, adj_json_copy (val));
    }
  if (secrets != NULL)
    {
      json_object_object_foreach (secrets, key, val)
        {
          g_autofree char *where = adj_json_path_key ("$.secrets", key);

          if (!adj_json_is_identifier (key) || !json_object_is_type (val, json_type_string) ||
              json_object_get_string_len (val) > MAX_SECRET)
            {
              adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                             _("expected hidden information as a text of at most %d bytes under "
                               "an identifier"), MAX_SECRET);
              return NULL;
            }
          if (!check_sealed (val, file, where, error))
            return NULL;
          json_object_object_add (battle->secrets, key, adj_json_copy (val));
        }
    }

  for (gsize i = 0; i < json_object_array_length (sides); i++)
    {
      static const char *const side_keys[] = { "id", "name", "settings", NULL };
      json_object *s = json_object_array_get_idx (sides, i);
      g_autofree char *where = adj_json_path_index ("$.sides", i);
      const char *id = NULL, *sname = NULL;
      json_object *ssettings = NULL;
      AdjSide *side;

      if (!adj_json_expect_object (s, file, where, error) ||
          !adj_json_check_keys (s, side_keys, file, where, error) ||
          !adj_json_get_string (s, "id", TRUE, &id, file, where, error) ||
          !adj_json_get_string (s, "name", TRUE, &sname, file, where, error) ||
          !adj_json_get_object (s, "settings", FALSE, &ssettings, file, where, error) ||
          !adj_battle_check_side (battle, id, sname, ssettings, file, where, error))
        return NULL;
      side = g_new0 (AdjSide, 1);
      side->id = g_strdup (id);
      side->name = g_strdup (sname);
      side->settings = ssettings != NULL ? adj_json_copy (ssettings) : json_object_new_object ();
      adj_battle_fill_defaults (side->settings, adj_ruleset_get_side_fields (rs));
      g_ptr_array_add (battle->sides, side);
    }
  if (battle->sides->len == 0)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.sides", _("expected at least one side"));
      return NULL;
    }

  if (json_object_array_length (units) > MAX_UNITS)
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.units",
                     _("a battle may have at most %d units"), MAX_UNITS);
      return NULL;
    }
  {
    /* Build the whole list first and splice it in once: one signal, not thousands. */
    g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);

    for (gsize i = 0; i < json_object_array_length (units); i++)
      {
        g_autofree char *where = adj_json_path_index ("$.units", i);
        AdjUnit *unit = adj_battle_unit_from_json (battle, json_object_array_get_idx (units, i),
                                                   file, where, error);
        if (unit == NULL)
          return NULL;
        g_ptr_array_add (list, unit);
        if (g_hash_table_contains (battle->unit_index, adj_unit_get_id (unit)))
          {
            adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                           _("the unit id “%s” is used twice"), adj_unit_get_id (unit));
            return NULL;
          }
        g_hash_table_insert (battle->unit_index, (gpointer) adj_unit_get_id (unit), unit);
        adj_battle_note_unit_id (battle, adj_unit_get_id (unit));
      }
    adj_unit_list_insert (battle->units, 0, (AdjUnit **) list->pdata, list->len);
  }

  if (rng != NULL && !adj_rng_from_string (&battle->rng, rng))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.rng",
                     _("expected the generator state as 64 hexadecimal digits, not all zero"));
      return NULL;
    }
  /* A battle always has a pack; one saved before any was shuffled gets it from the generator
   * it was saved with. */
  g_clear_pointer (&battle->pack, adj_pack_free);
  if (pack != NULL)
    {
      battle->pack = adj_pack_from_json (pack, file, "$.pack", error);
      if (battle->pack == NULL)
        return NULL;
    }
  adj_battle_ensure_pack (battle);
  {
    json_object *tables = NULL;

    /* The players' table values travel with the battle, checked like a tables file. */
    if (json_object_object_get_ex (json, "tables", &tables) &&
        (battle->tables = adj_tables_from_json (tables, file, "$.tables", rs, error)) == NULL)
      return NULL;
  }
  if (journal != NULL && !load_journal (battle, journal, file, error))
    return NULL;

  /* An autosave remembers the file the battle belongs to. */
  {
    json_object *autosave = NULL, *origin = NULL;

    if (json_object_object_get_ex (json, "autosave", &autosave))
      {
        static const char *const autosave_keys[] = { "file", NULL };

        if (!adj_json_expect_object (autosave, file, "$.autosave", error) ||
            !adj_json_check_keys (autosave, autosave_keys, file, "$.autosave", error))
          return NULL;
        if (json_object_object_get_ex (autosave, "file", &origin) && origin != NULL)
          {
            if (!json_object_is_type (origin, json_type_string))
              {
                adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.autosave.file",
                               _("expected the path of a file, found %s"),
                               adj_json_type_name (origin));
                return NULL;
              }
            battle->file_path = g_strdup (json_object_get_string (origin));
          }
      }
  }

  battle->saved_head = adj_battle_journal_head (battle);
  return g_steal_pointer (&battle);
}
