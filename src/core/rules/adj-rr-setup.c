/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-setup.c: Redvers' Reverse — setting the game up: the sealed records that keep the drift
 * markers and the cups out of sight, the counters of the orders of battle, the drift markers
 * drawn face down, the cups filled from the player's charts, and adj_rr_setup() itself. */

#define G_LOG_DOMAIN "adj-rr"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "adj-i18n.h"
#include "adj-rr-private.h"
#include "adj-secret.h"

/* ------------------------------------------------------------------------------------------ */
/* the sealed records                                                                          */

json_object *
rr_open_record (AdjBattle   *battle,
                const char  *name,
                GError     **error)
{
  const char *sealed = adj_battle_get_secret (battle, name);
  g_autofree char *text = NULL;
  json_object *json;

  if (sealed == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Set the game up first: the drift markers and the cups are not ready"));
      return NULL;
    }
  text = adj_secret_open (sealed, error);
  if (text == NULL)
    return NULL;
  json = adj_json_parse_data (text, strlen (text), name, NULL);
  if (json == NULL || !json_object_is_type (json, json_type_object))
    {
      json_object_put (json);
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("The hidden record “%s” of the battle is damaged"), name);
      return NULL;
    }
  return json;
}

static gboolean
seal_record (AdjBattle     *battle,
             AdjChangeSet  *changes,
             const char    *name,
             json_object   *record,
             GError       **error)
{
  g_autofree char *field = g_strconcat ("secrets.", name, NULL);
  g_autofree char *sealed = adj_secret_seal (json_object_to_json_string_ext (
                                               record, JSON_C_TO_STRING_PLAIN),
                                             adj_battle_get_rng (battle));
  g_autoptr(json_object) value = json_object_new_string (sealed);

  return adj_battle_change_field (battle, changes, "battle", field, value, error);
}

json_object *
rr_open_cups (AdjBattle  *battle,
              GError    **error)
{
  g_autoptr(json_object) cups = rr_open_record (battle, ADJ_RR_CUPS_SECRET, error);
  static const char *const keys[] = { "british", "boer", "sp", NULL };
  static const char *const lists[] = { "out", "gone", "aside" };

  if (cups == NULL)
    return NULL;
  for (guint i = 0; keys[i] != NULL; i++)
    {
      json_object *c = json_object_object_get (cups, keys[i]);

      if (!json_object_is_type (c, json_type_object) ||
          !json_object_is_type (json_object_object_get (c, "cup"), json_type_array))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("The hidden record “%s” of the battle is damaged"), ADJ_RR_CUPS_SECRET);
          return NULL;
        }
      for (guint k = 0; k < G_N_ELEMENTS (lists); k++)
        if (!json_object_is_type (json_object_object_get (c, lists[k]), json_type_array))
          json_object_object_add (c, lists[k], json_object_new_array ());
    }
  return g_steal_pointer (&cups);
}

gboolean
rr_seal_cups (AdjBattle     *battle,
              AdjChangeSet  *changes,
              json_object   *record,
              GError       **error)
{
  return seal_record (battle, changes, ADJ_RR_CUPS_SECRET, record, error);
}

static void
json_release (gpointer value)
{
  json_object_put (value);
}

void
rr_shuffle_array (json_object *arr,
                  AdjRng      *rng)
{
  gsize n = json_object_array_length (arr);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (json_release);

  if (n < 2)
    return;
  for (gsize i = 0; i < n; i++)
    g_ptr_array_add (items, json_object_get (json_object_array_get_idx (arr, i)));
  for (guint i = items->len - 1; i > 0; i--)
    {
      guint j = adj_rng_below (rng, i + 1);
      gpointer t = items->pdata[i];

      items->pdata[i] = items->pdata[j];
      items->pdata[j] = t;
    }
  json_object_array_del_idx (arr, 0, n);
  for (guint i = 0; i < items->len; i++)
    json_object_array_add (arr, json_object_get (g_ptr_array_index (items, i)));
}

/* Each cup's key in its sealed record and the chart of its chits (any other value: the SP cup). */
const char *
rr_cup_key (AdjRrCup cup)
{
  static const char *const keys[] = { "british", "boer", "sp" };

  return keys[MIN ((guint) cup, ADJ_RR_CUP_SP)];
}

static const char *
cup_table (AdjRrCup cup)
{
  static const char *const tables[] = { "british-event-chits", "boer-event-chits", "sp-counters" };

  return tables[MIN ((guint) cup, ADJ_RR_CUP_SP)];
}

/* Take the chits of @arr for which @keep says so back into @cup; how many came back. */
guint
rr_move_back (json_object *from,
              json_object *cup,
              gboolean   (*back) (const char *chit))
{
  guint n = 0;

  for (gsize i = json_object_array_length (from); i > 0; i--)
    {
      const char *chit = json_object_get_string (json_object_array_get_idx (from, i - 1));

      if (back (chit))
        {
          json_object_array_add (cup, json_object_new_string (chit));
          json_object_array_del_idx (from, i - 1, 1);
          n++;
        }
    }
  return n;
}

gboolean
rr_returns_each_turn (const char *chit)
{
  return g_strcmp0 (chit, "close-order") == 0 || g_strcmp0 (chit, "bob-hart") == 0;
}

gboolean
rr_is_misfire (const char *chit)
{
  return g_strcmp0 (chit, "boer-guns-misfire") == 0;
}

gboolean
rr_is_ammo (const char *chit)
{
  return g_strcmp0 (chit, "british-ammo-shortage") == 0;
}

char *
adj_rr_chit_label (AdjRuleset *rs,
                   AdjRrCup    cup,
                   const char *chit)
{
  const AdjTableShape *shape;
  const AdjChoice *row;

  g_return_val_if_fail (rs != NULL && chit != NULL, NULL);

  if (cup == ADJ_RR_CUP_SP)
    {
      int v;

      if (g_str_equal (chit, "no-fire"))
        return g_strdup (_("No Fire"));
      v = atoi (chit);
      return v > 0 ? g_strdup_printf ("+%d", v) : g_strdup_printf ("%d", v);
    }
  shape = adj_table_shape_lookup (rs, cup_table (cup));
  row = shape != NULL ? adj_table_shape_find_row (shape, chit) : NULL;
  return g_strdup (row != NULL ? adj_gettext (row->label) : chit);
}

/* How many chits @cup holds in the opened @cups. */
static guint
cup_length (json_object *cups,
            AdjRrCup     cup)
{
  json_object *one = json_object_object_get (cups, rr_cup_key (cup));

  return (guint) json_object_array_length (json_object_object_get (one, "cup"));
}

guint
adj_rr_cup_count (AdjBattle *battle,
                  AdjRrCup   cup)
{
  g_autoptr(json_object) cups = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), 0);
  if (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) == NULL)
    return 0;
  cups = rr_open_cups (battle, NULL);
  if (cups == NULL)
    return 0;
  return cup_length (cups, cup);
}

/* The SP counter on a commando as a chit of the SP cup ("2", "-1", "no-fire"), or NULL when it
 * carries none. */
char *
rr_sp_counter_chit (AdjUnit *unit)
{
  const char *kind = rr_unit_is (unit, "commando")
                       ? adj_unit_get_status_string (unit, "sp_counter") : NULL;

  if (kind == NULL || g_str_equal (kind, "none"))
    return NULL;
  if (g_str_equal (kind, "value"))
    return g_strdup_printf ("%d", adj_unit_get_status_int (unit, "sp_counter_value"));
  return g_strdup ("no-fire");
}

/* The SP counters on commandos now. */
static GPtrArray *
counters_on_units (AdjBattle *battle)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GListModel *units = adj_battle_get_units (battle);

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      char *chit = rr_sp_counter_chit (unit);

      if (chit != NULL)
        g_ptr_array_add (out, chit);
    }
  return out;
}

GPtrArray *
adj_rr_cup_in_play (AdjBattle *battle,
                    AdjRrCup   cup)
{
  g_autoptr(json_object) cups = NULL;
  GPtrArray *out;
  json_object *arr;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  if (cup == ADJ_RR_CUP_SP)
    return counters_on_units (battle);
  out = g_ptr_array_new_with_free_func (g_free);
  if (adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) == NULL ||
      (cups = rr_open_cups (battle, NULL)) == NULL)
    return out;
  arr = json_object_object_get (json_object_object_get (cups, rr_cup_key (cup)), "out");
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    g_ptr_array_add (out, g_strdup (json_object_get_string (json_object_array_get_idx (arr, i))));
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* building the battle                                                                         */

/* The strengths the player gave for one counter, checked, into @status. */
static gboolean
copy_strengths (json_object  *status,
                json_object  *given,
                const char   *name,
                const char   *type,
                GError      **error)
{
  static const char *const keys[] = { "sp", "reduced_sp", "order_modifier", NULL };

  if (given == NULL)
    return TRUE;
  if (!json_object_is_type (given, json_type_object))
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("The strengths of %s must be an object such as {\"sp\": 5}"), name);
  json_object_object_foreach (given, key, value)
    {
      gboolean fits = g_str_equal (key, "order_modifier") ? g_str_equal (type, "leader")
                    : g_str_equal (key, "reduced_sp")
                      ? (g_str_equal (type, "battalion") || g_str_equal (type, "commando"))
                      : g_str_equal (key, "sp") && !g_str_equal (type, "leader");

      if (!g_strv_contains (keys, key) || !fits || !json_object_is_type (value, json_type_int))
        return adj_rules_fail (error, ADJ_ERROR_INVALID,
                               _("%s: “%s” is not a strength its counter has"), name, key);
      json_object_object_add (status, key, json_object_get (value));
    }
  return TRUE;
}

/* Add the counter @u of the orders of battle ("id", "name", "guns") as a unit of @type and @side.
 * A counter of a brigade or a group (@owner_key "brigade" or "group") belongs to @owner and takes
 * the strengths the player gave; one of the command (@owner_key NULL) starts with none. */
static gboolean
add_counter (AdjBattle    *battle,
             json_object  *u,
             const char   *type,
             const char   *side,
             const char   *owner_key,
             const char   *owner,
             json_object  *strengths,
             GError      **error)
{
  const char *id = rr_member_string (u, "id");
  const char *name = rr_member_string (u, "name");
  json_object *guns = json_object_object_get (u, "guns");
  json_object *given = json_object_object_get (strengths, id);
  json_object *status = json_object_new_object ();
  g_autoptr(json_object) json = json_object_new_object ();

  if (owner_key != NULL)
    json_object_object_add (status, owner_key, json_object_new_string (owner));
  if (guns != NULL)
    json_object_object_add (status, "sp", json_object_get (guns));
  /* The player gives a counter's strengths by its id or by its name. */
  if (given == NULL)
    given = json_object_object_get (strengths, name);
  if (!copy_strengths (status, given, name, type, error))
    {
      json_object_put (status);
      return FALSE;
    }
  json_object_object_add (json, "id", json_object_new_string (id));
  json_object_object_add (json, "side", json_object_new_string (side));
  json_object_object_add (json, "name", json_object_new_string (name));
  json_object_object_add (json, "type", json_object_new_string (type));
  json_object_object_add (json, "status", status);
  return adj_battle_insert_unit (battle, json, error) != NULL;
}

gboolean
adj_rr_add_order_of_battle (AdjBattle    *battle,
                            json_object  *strengths,
                            GError      **error)
{
  AdjRuleset *rs;
  json_object *oob, *command, *brigades, *groups;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_battle (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (adj_battle_get_n_units (battle) > 0)
    return adj_not_allowed (error, _("The battle has units already: the orders of battle go into "
                                     "an empty one"));
  if (strengths != NULL && !json_object_is_type (strengths, json_type_object))
    return adj_rules_fail (error, ADJ_ERROR_INVALID,
                           _("The strengths must be an object of counters, by id or by name"));
  if (adj_battle_find_side (battle, ADJ_RR_BRITISH) == NULL &&
      adj_battle_add_side (battle, ADJ_RR_BRITISH, _("British Army of Natal"), NULL,
                           error) == NULL)
    return FALSE;
  if (adj_battle_find_side (battle, ADJ_RR_BOER) == NULL &&
      adj_battle_add_side (battle, ADJ_RR_BOER, _("Boer forces on the Tugela"), NULL,
                           error) == NULL)
    return FALSE;

  oob = adj_rules_json (rs, "order_of_battle", NULL);
  command = json_object_object_get (json_object_object_get (oob, "british"), "command");
  brigades = json_object_object_get (json_object_object_get (oob, "british"), "brigades");
  groups = json_object_object_get (json_object_object_get (oob, "boer"), "groups");

  for (gsize i = 0; i < json_object_array_length (command); i++)
    {
      json_object *c = json_object_array_get_idx (command, i);

      if (!add_counter (battle, c, rr_member_string (c, "type"), ADJ_RR_BRITISH, NULL, NULL, NULL,
                        error))
        return FALSE;
    }
  for (gsize b = 0; b < json_object_array_length (brigades); b++)
    {
      json_object *brigade = json_object_array_get_idx (brigades, b);
      const char *bid = rr_member_string (brigade, "id");
      json_object *units = json_object_object_get (brigade, "units");

      if (!add_counter (battle, json_object_object_get (brigade, "leader"), "leader",
                        ADJ_RR_BRITISH, "brigade", bid, strengths, error))
        return FALSE;
      for (gsize k = 0; k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);

          if (!add_counter (battle, u, rr_member_string (u, "type"), ADJ_RR_BRITISH, "brigade",
                            bid, strengths, error))
            return FALSE;
        }
    }
  for (gsize g = 0; g < json_object_array_length (groups); g++)
    {
      json_object *group = json_object_array_get_idx (groups, g);
      json_object *units = json_object_object_get (group, "units");

      for (gsize k = 0; k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);

          if (!add_counter (battle, u, rr_member_string (u, "type"), ADJ_RR_BOER, "group",
                            rr_member_string (group, "id"), strengths, error))
            return FALSE;
        }
    }
  /* Strengths given for counters the orders of battle do not have are a mistake. */
  if (strengths != NULL)
    {
      json_object_object_foreach (strengths, key, value)
        {
          gboolean known = adj_battle_find_unit (battle, key) != NULL;
          GListModel *all = adj_battle_get_units (battle);

          (void) value;
          for (guint i = 0; !known && i < g_list_model_get_n_items (all); i++)
            {
              g_autoptr(AdjUnit) unit = g_list_model_get_item (all, i);
              known = g_str_equal (adj_unit_get_name (unit), key);
            }
          if (!known)
            return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND,
                                   _("The orders of battle have no counter “%s”"), key);
        }
    }
  return TRUE;
}

gboolean
adj_rr_is_set_up (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  return adj_battle_get_secret (battle, ADJ_RR_DRIFTS_SECRET) != NULL &&
         adj_battle_get_secret (battle, ADJ_RR_CUPS_SECRET) != NULL;
}

static gboolean
needs_strengths (AdjUnit *unit)
{
  return adj_rr_strengths_missing (unit, NULL, NULL);
}

GPtrArray *
adj_rr_missing_strengths (AdjBattle *battle)
{
  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);
  return rr_unit_ids (battle, needs_strengths);
}

char *
rr_drift_key (const char *drift,
              const char *suffix)
{
  g_autofree char *key = g_strdup (drift);

  g_strdelimit (key, "-", '_');
  return g_strconcat (key, suffix, NULL);
}

const char * const *
adj_rr_drifts (AdjRuleset *rs)
{
  return rr_drift_ids;
}

/* The pool of drift markers ("high" or "low") that @drift's marker is drawn from, or NULL. */
json_object *
rr_drift_pool_json (AdjRuleset *rs,
                    const char *drift)
{
  static const char *const pools[] = { "high", "low" };

  for (guint p = 0; p < G_N_ELEMENTS (pools); p++)
    {
      json_object *pool = adj_rules_json (rs, "drifts", pools[p]);

      if (rr_find_id (json_object_object_get (pool, "areas"), drift) != NULL)
        return pool;
    }
  return NULL;
}

json_object *
rr_drift_json (AdjRuleset *rs,
               const char *drift)
{
  return rr_find_id (json_object_object_get (rr_drift_pool_json (rs, drift), "areas"), drift);
}

const char *
adj_rr_drift_label (AdjRuleset *rs,
                    const char *drift)
{
  json_object *d;

  g_return_val_if_fail (rs != NULL, NULL);
  d = rr_drift_json (rs, drift);
  return d != NULL ? adj_gettext (rr_member_string (d, "label")) : drift;
}

/* Draw the markers of one pool into its areas: a die among the markers still face down for each
 * area in turn; the rest go aside. */
static gboolean
draw_drifts (json_object  *pool,
             json_object  *areas_out,
             json_object  *aside,
             AdjRandom    *random,
             GError      **error)
{
  json_object *markers = json_object_object_get (pool, "markers");
  json_object *areas = json_object_object_get (pool, "areas");
  g_autoptr(GArray) left = g_array_new (FALSE, FALSE, sizeof (int));

  for (gsize i = 0; i < json_object_array_length (markers); i++)
    {
      int v = json_object_get_int (json_object_array_get_idx (markers, i));
      g_array_append_val (left, v);
    }
  for (gsize i = 0; i < json_object_array_length (areas); i++)
    {
      int die = 1;

      if (left->len > 1 &&
          !adj_random_roll (random, "drift", N_("Drift marker drawn"), 1, left->len, &die, error))
        return FALSE;
      json_object_object_add (areas_out,
                              rr_member_string (json_object_array_get_idx (areas, i), "id"),
                              json_object_new_int64 (g_array_index (left, int, die - 1)));
      g_array_remove_index (left, (guint) die - 1);
    }
  for (guint i = 0; i < left->len; i++)
    json_object_array_add (aside, json_object_new_int64 (g_array_index (left, int, i)));
  return TRUE;
}

static int
table_count (AdjTables  *tables,
             const char *table_id,
             const char *row)
{
  int n = 0;

  adj_tables_get_int (tables, table_id, row, "value", &n, NULL);
  return n;
}

/* Fill a cup from its chit table, leaving out the rows @skip says. */
static json_object *
fill_cup (AdjTables   *tables,
          AdjRuleset  *rs,
          AdjRrCup     cup,
          const char * const *skip)
{
  const AdjTableShape *shape = adj_table_shape_lookup (rs, cup_table (cup));
  json_object *arr = json_object_new_array ();

  for (guint r = 0; r < shape->n_rows; r++)
    {
      const char *row = shape->rows[r].id;
      int n = table_count (tables, shape->id, row);

      if (skip != NULL && g_strv_contains (skip, row))
        continue;
      for (int k = 0; k < n; k++)
        json_object_array_add (arr, json_object_new_string (row));
    }
  return arr;
}

/* The charts adj_rr_setup() reads, in the order it reads them: the
 * variants only for the rows chosen, the chit tables whole. */
static const char *const setup_charts[] = {
  "variants", "british-event-chits", "boer-event-chits", "sp-counters", NULL
};

gboolean
adj_rr_setup (AdjBattle           *battle,
              const char * const  *variants,
              const char * const  *emplacements,
              AdjRandom           *random,
              GError             **error)
{
  AdjRuleset *rs;
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(AdjRandom) own = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(json_object) drifts = json_object_new_object ();
  g_autoptr(json_object) cups = json_object_new_object ();
  g_autoptr(GPtrArray) skip_british = g_ptr_array_new ();
  g_autoptr(GPtrArray) skip_boer = g_ptr_array_new ();
  g_autoptr(GString) chosen = g_string_new (NULL);
  json_object *drift_areas, *aside, *pool;
  gboolean hesitate = FALSE, close_order = FALSE, no_hlangwane = FALSE;
  guint n_variants = variants != NULL ? g_strv_length ((char **) variants) : 0;
  guint n_emplacements = emplacements != NULL ? g_strv_length ((char **) emplacements) : 0;
  int balance = 0;
  guint index;
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  if (!rr_check_battle (battle, error))
    return FALSE;
  rs = adj_battle_get_ruleset (battle);
  if (adj_rr_is_set_up (battle))
    return adj_not_allowed (error, _("The game is set up already"));
  if (rr_find_unit_of_type (battle, "buller") == NULL)
    return adj_not_allowed (error,
                            _("Put the orders of battle into the battle before setting it up"));
  tables = rr_battle_tables (battle, error);
  if (tables == NULL)
    return FALSE;

  /* The variants: known rows of the chart, each once, balancing to zero. */
  if (n_variants > 0)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, "variants");
      g_autofree AdjTableCell *cells = g_new0 (AdjTableCell, n_variants);

      for (guint i = 0; i < n_variants; i++)
        {
          const AdjChoice *row = adj_table_shape_find_row (shape, variants[i]);

          if (row == NULL)
            return adj_rules_fail (error, ADJ_ERROR_NOT_FOUND,
                                   _("“%s” is not a variant of the Variants chart"), variants[i]);
          for (guint j = 0; j < i; j++)
            if (g_str_equal (variants[i], variants[j]))
              return adj_rules_fail (error, ADJ_ERROR_INVALID,
                                     _("The variant “%s” is chosen twice"),
                                     adj_gettext (row->label));
          cells[i].row = row->id;
          cells[i].column = "value";
          g_string_append_printf (chosen, "%s%s", i > 0 ? ", " : "", adj_gettext (row->label));
        }
      if (!adj_tables_require (tables, "variants", cells, n_variants, error))
        return FALSE;
      for (guint i = 0; i < n_variants; i++)
        balance += table_count (tables, "variants", variants[i]);
      if (balance != 0)
        return adj_not_allowed (error,
                                _("The variants chosen must balance out to 0; they add up to %+d"),
                                balance);
      hesitate = g_strv_contains (variants, "hesitate");
      close_order = g_strv_contains (variants, "close-order");
      no_hlangwane = g_strv_contains (variants, "no-hlangwane");
    }
  for (guint i = 1; setup_charts[i] != NULL; i++)
    if (!adj_tables_require (tables, setup_charts[i], NULL, 0, error))
      return FALSE;
  for (guint i = 0; i < n_emplacements; i++)
    {
      if (!rr_check_area (emplacements[i], error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (g_str_equal (emplacements[i], emplacements[j]))
          return adj_rules_fail (error, ADJ_ERROR_INVALID,
                                 _("“%s” is named twice: an area has at most one emplacement"),
                                 emplacements[i]);
    }

  random = rr_use_random (battle, random, &own);

  /* The drift markers, face down. */
  drift_areas = json_object_new_object ();
  aside = json_object_new_array ();
  json_object_object_add (drifts, "areas", drift_areas);
  json_object_object_add (drifts, "aside", aside);
  pool = adj_rules_json (rs, "drifts", NULL);
  if (!draw_drifts (json_object_object_get (pool, "high"), drift_areas, aside, random, error) ||
      !draw_drifts (json_object_object_get (pool, "low"), drift_areas, aside, random, error))
    return FALSE;

  /* The cups. */
  if (!hesitate)
    g_ptr_array_add (skip_british, (gpointer) "hesitate");
  if (!close_order)
    g_ptr_array_add (skip_british, (gpointer) "close-order");
  g_ptr_array_add (skip_british, NULL);
  if (no_hlangwane)
    g_ptr_array_add (skip_boer, (gpointer) "group-1-released");
  g_ptr_array_add (skip_boer, NULL);
  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      GPtrArray *skip = c == ADJ_RR_CUP_BRITISH ? skip_british
                      : c == ADJ_RR_CUP_BOER ? skip_boer : NULL;
      json_object *one = json_object_new_object ();
      json_object *cup = fill_cup (tables, rs, c, skip != NULL ? (const char * const *) skip->pdata
                                                               : NULL);

      if (c == ADJ_RR_CUP_SP)
        {
          json_object *no_fire = json_object_new_array ();

          for (int k = 0; k < adj_rules_int (rs, "cups", "no_fire"); k++)
            json_object_array_add (no_fire, json_object_new_string ("no-fire"));
          json_object_object_add (one, "aside", no_fire);
        }
      rr_shuffle_array (cup, adj_battle_get_rng (battle));
      json_object_object_add (one, "cup", cup);
      json_object_object_add (cups, rr_cup_key (c), one);
    }

  entry = rr_note (
    /* TRANSLATORS: the journal line of the set-up; only counts, never what the markers hide */
    _("Set-up: drift markers placed face down at the six drifts (%u set aside unseen); cups "
      "filled with %u British event chits, %u Boer event chits and %u SP counters (%d No Fire "
      "counters wait beside it); %u emplacements marked Hidden; variants: %s. Turn 1 begins at "
      "British Send Orders with %d CP"),
    (guint) json_object_array_length (aside),
    cup_length (cups, ADJ_RR_CUP_BRITISH), cup_length (cups, ADJ_RR_CUP_BOER),
    cup_length (cups, ADJ_RR_CUP_SP),
    adj_rules_int (rs, "cups", "no_fire"), n_emplacements,
    chosen->len > 0 ? chosen->str : _("none"), adj_rules_int (rs, "tracks", "start_cp"));

  /* The tracks and the marker of the sequence of play. */
  {
    g_autoptr(json_object) one = json_object_new_int64 (1);
    g_autoptr(json_object) orders = json_object_new_string ("orders");

    if ((adj_battle_get_turn (battle) != 1 &&
         !adj_battle_change_field (battle, entry->changes, "battle", "turn", one, error)) ||
        (g_strcmp0 (adj_battle_get_phase (battle), "orders") != 0 &&
         !adj_battle_change_field (battle, entry->changes, "battle", "phase", orders, error)))
      return FALSE;
  }
  if (!rr_set_setting_string (battle, entry->changes, "segment", "send-orders", error) ||
      !rr_set_setting_int (battle, entry->changes, "step", 1, error) ||
      !rr_set_setting_bool (battle, entry->changes, "step_done", FALSE, error) ||
      !rr_set_setting_int (battle, entry->changes, "confidence",
                           adj_rules_int (rs, "tracks", "confidence_start"), error) ||
      !rr_set_setting_int (battle, entry->changes, "loss",
                           adj_rules_int (rs, "tracks", "loss_start"), error) ||
      !rr_set_setting_int (battle, entry->changes, "shaken", 0, error) ||
      !rr_set_setting_int (battle, entry->changes, "cp", adj_rules_int (rs, "tracks", "start_cp"),
                           error) ||
      !rr_set_setting_int (battle, entry->changes, "cp_spent", 0, error) ||
      !rr_set_setting_bool (battle, entry->changes, "buller_with_hq", TRUE, error) ||
      !rr_set_setting_int (battle, entry->changes, "long_order_turn", 0, error) ||
      !rr_set_setting_int (battle, entry->changes, "misfire_turn", 0, error) ||
      !rr_set_setting_int (battle, entry->changes, "ammo_turn", 0, error) ||
      !rr_set_setting_bool (battle, entry->changes, "variant_hesitate", hesitate, error) ||
      !rr_set_setting_bool (battle, entry->changes, "variant_close_order", close_order, error) ||
      !rr_set_setting_bool (battle, entry->changes, "variant_no_hlangwane", no_hlangwane, error) ||
      !rr_set_setting_string (battle, entry->changes, "result", "none", error) ||
      !rr_set_setting_string (battle, entry->changes, "end_reason", "none", error))
    return FALSE;
  for (guint i = 0; rr_drift_ids[i] != NULL; i++)
    {
      g_autofree char *state = rr_drift_key (rr_drift_ids[i], "");
      g_autofree char *value = rr_drift_key (rr_drift_ids[i], "_value");
      g_autofree char *tried = rr_drift_key (rr_drift_ids[i], "_tried");

      if (!rr_set_setting_string (battle, entry->changes, state, "hidden", error) ||
          !rr_set_setting_int (battle, entry->changes, value, 0, error) ||
          !rr_set_setting_int (battle, entry->changes, tried, 0, error))
        return FALSE;
    }

  /* The counters as they start. */
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      json_object *oob = rr_oob_unit (rs, adj_unit_get_id (unit));
      json_object *start = json_object_object_get (oob, "start_sp");

      if (rr_unit_is (unit, "regiment") &&
          !adj_rules_change_unit_bool (battle, entry->changes, unit, "status.mounted", FALSE,
                                       error))
        return FALSE;
      if (rr_unit_is (unit, "battery") &&
          !adj_rules_change_unit_bool (battle, entry->changes, unit, "status.limbered", TRUE,
                                       error))
        return FALSE;
      if (rr_unit_is (unit, "hq") &&
          !adj_rules_change_unit_string (battle, entry->changes, unit, "status.hq_mode",
                                         "operative", error))
        return FALSE;
      if (start != NULL && rr_unit_is (unit, "battalion") &&
          adj_unit_get_status_int (unit, "sp") > json_object_get_int (start))
        {
          LossResult r;
          int sp = adj_unit_get_status_int (unit, "sp");

          if (!rr_take_losses ("battalion", sp, adj_unit_get_status_int (unit, "reduced_sp"), FALSE,
                               0, sp - json_object_get_int (start), &r, error) ||
              !rr_apply_loss_result (battle, entry->changes, unit, r.key, r.losses, r.reduced,
                                     error))
            {
              g_prefix_error (error, "%s: ", adj_unit_get_name (unit));
              return FALSE;
            }
        }
    }

  /* The emplacement markers, one per area given. */
  index = adj_battle_get_n_units (battle);
  for (guint i = 0; i < n_emplacements; i++)
    {
      g_autoptr(json_object) json = json_object_new_object ();
      g_autoptr(AdjUnit) probe = NULL;
      g_autofree char *id = g_strdup_printf ("emplacement-%u", i + 1);
      json_object *status = json_object_new_object ();

      json_object_object_add (status, "emplacement", json_object_new_string ("hidden"));
      json_object_object_add (json, "id", json_object_new_string (id));
      json_object_object_add (json, "side", json_object_new_string (ADJ_RR_BOER));
      json_object_object_add (json, "name", json_object_new_string (emplacements[i]));
      json_object_object_add (json, "type", json_object_new_string ("emplacement"));
      json_object_object_add (json, "status", status);
      if (adj_battle_find_unit (battle, id) != NULL)
        return adj_rules_fail (error, ADJ_ERROR_INVALID, _("The battle has a unit “%s” already"),
                               id);
      probe = adj_battle_unit_from_json (battle, json, _("emplacement"), "$", error);
      if (probe == NULL)
        return FALSE;
      adj_change_set_add_unit (entry->changes, adj_unit_to_json (probe), index + i);
    }

  if (!seal_record (battle, entry->changes, ADJ_RR_DRIFTS_SECRET, drifts, error) ||
      !rr_seal_cups (battle, entry->changes, cups, error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

/* ------------------------------------------------------------------------------------------ */
/* what set-up needs, checked before it is asked for                                           */

gboolean
adj_rr_strengths_missing (AdjUnit  *unit,
                          gboolean *front,
                          gboolean *reverse)
{
  static const char *const with_sp[] = {
    "battalion", "regiment", "battery", "commando", "boer-gun", NULL
  };
  static const char *const with_reverse[] = { "battalion", "commando", NULL };
  const char *type;
  gboolean f = FALSE, r = FALSE;

  g_return_val_if_fail (ADJ_IS_UNIT (unit), FALSE);

  type = adj_unit_get_type_id (unit);
  if (type != NULL && g_strv_contains (with_sp, type))
    {
      f = adj_unit_get_status_int (unit, "sp") <= 0;
      r = g_strv_contains (with_reverse, type) &&
          adj_unit_get_status_int (unit, "reduced_sp") <= 0;
    }
  if (front != NULL)
    *front = f;
  if (reverse != NULL)
    *reverse = r;
  return f || r;
}

gboolean
adj_rr_unit_starts_reduced (AdjRuleset *rs,
                            const char *unit)
{
  g_return_val_if_fail (rs != NULL, FALSE);
  return json_object_object_get (rr_oob_unit (rs, unit), "start_sp") != NULL;
}

int
adj_rr_start_cp (AdjRuleset *rs)
{
  json_object *cp;

  g_return_val_if_fail (rs != NULL, 0);

  cp = adj_rules_json (rs, "tracks", "start_cp");
  return cp != NULL ? json_object_get_int (cp) : 8;
}

const char * const *
adj_rr_setup_charts (void)
{
  return setup_charts;
}

static const char *
incomplete_chart (AdjTables          *tables,
                  const char * const *variants)
{
  guint n = variants != NULL ? g_strv_length ((char **) variants) : 0;

  if (n > 0)
    {
      g_autofree AdjTableCell *cells = g_new0 (AdjTableCell, n);

      for (guint i = 0; i < n; i++)
        {
          cells[i].row = variants[i];
          cells[i].column = "value";
        }
      if (!adj_tables_require (tables, "variants", cells, n, NULL))
        return "variants";
    }
  for (guint i = 1; setup_charts[i] != NULL; i++)
    if (!adj_tables_is_complete (tables, setup_charts[i]))
      return setup_charts[i];
  return NULL;
}

const char *
adj_rr_setup_incomplete_chart (AdjBattle          *battle,
                               const char * const *variants)
{
  g_autoptr(AdjTables) tables = NULL;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  tables = rr_battle_tables (battle, NULL);
  return tables != NULL ? incomplete_chart (tables, variants) : NULL;
}

gboolean
adj_rr_variant_rating (AdjBattle  *battle,
                       const char *variant,
                       int        *rating)
{
  g_autoptr(AdjTables) tables = NULL;
  int value = 0;
  gboolean rated;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  tables = rr_battle_tables (battle, NULL);
  rated = tables != NULL && adj_tables_get_int (tables, "variants", variant, "value", &value,
                                                NULL);
  if (rating != NULL)
    *rating = rated ? value : 0;
  return rated;
}

/* "+2", "−1", "0": a balance rating as the chart prints it. */
static char *
signed_text (int value)
{
  return value < 0 ? g_strdup_printf ("−%d", -value)
       : value > 0 ? g_strdup_printf ("+%d", value) : g_strdup ("0");
}

gboolean
adj_rr_setup_check (AdjBattle           *battle,
                    const char * const  *variants,
                    const char * const  *emplacements,
                    int                 *balance,
                    const char         **chart,
                    GError             **error)
{
  g_autoptr(AdjTables) tables = NULL;
  const char *missing = NULL;
  int total = 0;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);

  tables = rr_battle_tables (battle, error);
  for (guint i = 0; tables != NULL && variants != NULL && variants[i] != NULL; i++)
    {
      int value = 0;

      if (adj_tables_get_int (tables, "variants", variants[i], "value", &value, NULL))
        total += value;
    }
  if (balance != NULL)
    *balance = total;
  if (tables != NULL)
    missing = incomplete_chart (tables, variants);
  if (chart != NULL)
    *chart = missing;
  if (tables == NULL)
    return FALSE;
  if (missing != NULL && !adj_tables_require (tables, missing, NULL, 0, error))
    return FALSE;
  if (total != 0)
    {
      g_autofree char *sum = signed_text (total);

      return adj_not_allowed (error,
                              /* TRANSLATORS: %s is the balance, e.g. "+1" */
                              _("The variants ticked add up to %s. Their balance must be 0 to set "
                                "up: tick or untick variants until it is."), sum);
    }
  for (guint i = 0; emplacements != NULL && emplacements[i] != NULL; i++)
    {
      if (g_utf8_strlen (emplacements[i], -1) > 200)
        {
          g_set_error_literal (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                               _("An area’s name may be 200 characters at most"));
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (emplacements[i], emplacements[j]))
          return adj_rules_fail (error, ADJ_ERROR_INVALID,
                                 /* TRANSLATORS: %s is an area as the player typed it */
                                 _("“%s” is named twice: an area holds one emplacement at most"),
                                 emplacements[i]);
    }
  return TRUE;
}
