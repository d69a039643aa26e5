/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rn-check.c: Redcoats & Natives — checking rn.json when it loads, and an army list's
 * totals. */

#define G_LOG_DOMAIN "adj-rn"

#include "config.h"

#include "adj-rn-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Checking rn.json                                                                            */

static gboolean
check_rate (json_object  *entry,
            const char   *key,
            const char   *file,
            const char   *path,
            GError      **error)
{
  static const char *const keys[] = { "dice", "per_figures", NULL };
  g_autofree char *where = adj_json_path_key (path, key);
  json_object *rate;
  gint64 v;

  return adj_json_get_object (entry, key, TRUE, &rate, file, path, error) &&
         adj_json_check_keys (rate, keys, file, where, error) &&
         adj_json_get_int (rate, "dice", TRUE, 0, 4, &v, file, where, error) &&
         adj_json_get_int (rate, "per_figures", TRUE, 1, 4, &v, file, where, error);
}

static gboolean
check_fire (AdjRuleset  *rs,
            GError     **error)
{
  static const char *const keys[] = { "hit_on", "dice", NULL };
  static const char *const entry_keys[] = { "label", "full", "reduced", "hits_whole_hex", NULL };
  static const char *const classes[] = { "small-arms", "machine-gun", "artillery", "commander",
                                         NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *fire, *dice;
  gint64 v;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "fire", TRUE, &fire, file, "$", error) ||
      !adj_json_check_keys (fire, keys, file, "$.fire", error) ||
      !adj_json_get_int (fire, "hit_on", TRUE, 1, 6, &v, file, "$.fire", error) ||
      !adj_json_get_object (fire, "dice", TRUE, &dice, file, "$.fire", error))
    return FALSE;
  for (guint i = 0; classes[i] != NULL; i++)
    {
      g_autofree char *where = adj_json_path_key ("$.fire.dice", classes[i]);
      json_object *entry;
      const char *label;
      gboolean whole;

      if (!adj_json_get_object (dice, classes[i], TRUE, &entry, file, "$.fire.dice", error) ||
          !adj_json_check_keys (entry, entry_keys, file, where, error) ||
          !adj_json_get_string (entry, "label", TRUE, &label, file, where, error) ||
          !adj_json_get_bool (entry, "hits_whole_hex", TRUE, &whole, file, where, error) ||
          !check_rate (entry, "full", file, where, error) ||
          !check_rate (entry, "reduced", file, where, error))
        return FALSE;
    }
  json_object_object_foreach (dice, key, val)
    {
      (void) val;
      if (!g_strv_contains (classes, key))
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, "$.fire.dice", key,
                                 _("expected one of small-arms, machine-gun, artillery or "
                                   "commander"));
    }
  return TRUE;
}

static gboolean
check_colour (json_object  *obj,
              const char   *key,
              const char   *file,
              const char   *path,
              GError      **error)
{
  const char *colour;

  if (!adj_json_get_string (obj, key, TRUE, &colour, file, path, error))
    return FALSE;
  if (g_str_equal (colour, "red") || g_str_equal (colour, "black"))
    return TRUE;
  return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, path, key,
                           _("expected “red” or “black”, found “%s”"), colour);
}

static gboolean
check_cards (AdjRuleset  *rs,
             GError     **error)
{
  static const char *const cover_keys[] = { "counts", "lost", NULL };
  static const char *const rule_keys[] = { "cards", "colour", "result", NULL };
  const char *file = adj_ruleset_get_file (rs);
  json_object *cover, *rules;
  int matched[ADJ_DECK_SIZE] = { 0 };

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "cover", TRUE, &cover, file, "$", error) ||
      !adj_json_check_keys (cover, cover_keys, file, "$.cover", error) ||
      !check_colour (cover, "counts", file, "$.cover", error) ||
      !check_colour (cover, "lost", file, "$.cover", error))
    return FALSE;
  if (g_str_equal (rn_string (rs, "cover", "counts"), rn_string (rs, "cover", "lost")))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cover",
                          _("one colour counts and the other is lost"));

  /* Every card must mean something for a hit commander. */
  if (!adj_json_get_array (adj_ruleset_get_json (rs), "commander_hit", TRUE, &rules, file, "$",
                           error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (rules); i++)
    {
      json_object *rule = json_object_array_get_idx (rules, i);
      g_autofree char *where = adj_json_path_index ("$.commander_hit", i);
      json_object *cards = NULL;
      const char *colour = NULL, *result;
      gboolean known = FALSE;

      if (!adj_json_expect_object (rule, file, where, error) ||
          !adj_json_check_keys (rule, rule_keys, file, where, error) ||
          !adj_json_get_array (rule, "cards", FALSE, &cards, file, where, error) ||
          !adj_json_get_string (rule, "colour", FALSE, &colour, file, where, error) ||
          !adj_json_get_string (rule, "result", TRUE, &result, file, where, error))
        return FALSE;
      for (guint r = 0; r < G_N_ELEMENTS (rn_commander_results); r++)
        known |= g_str_equal (result, rn_commander_results[r]);
      if (!known)
        return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "result",
                                 _("expected “killed”, “wounded” or “unhurt”, found “%s”"),
                                 result);
      if ((cards == NULL) == (colour == NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected either “cards” or “colour”"));
      if (colour != NULL && !check_colour (rule, "colour", file, where, error))
        return FALSE;
      for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
        if (colour != NULL && rn_colour_is (c, colour))
          matched[c]++;
      for (gsize k = 0; cards != NULL && k < json_object_array_length (cards); k++)
        {
          json_object *item = json_object_array_get_idx (cards, k);
          AdjCard card;
          g_autofree char *canonical = NULL;

          if (!json_object_is_type (item, json_type_string) ||
              !adj_card_parse (json_object_get_string (item), &card) ||
              !g_str_equal ((canonical = adj_card_to_string (card)), json_object_get_string (item)))
            {
              g_autofree char *at = adj_json_path_key (where, "cards");
              g_autofree char *at_k = adj_json_path_index (at, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, at_k,
                                    _("expected a card such as “10H” or “QS”"));
            }
          matched[card]++;
        }
    }
  for (AdjCard c = 0; c < ADJ_DECK_SIZE; c++)
    if (matched[c] == 0)
      {
        g_autofree char *name = adj_card_to_string (c);
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.commander_hit",
                              _("no rule says what the card %s does to a commander"), name);
      }
  return TRUE;
}

static gboolean
check_cohesion (AdjRuleset  *rs,
                GError     **error)
{
  static const char *const keys[] = {
    "table", "commander_rating", "tries", "tries_with_commander", "commander_tries", NULL
  };
  static const char *const suit_keys[] = { "hearts", "clubs", "diamonds", "spades", NULL };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *ratings = adj_ruleset_get_ratings (rs);
  json_object *cohesion, *table;
  const char *commander_rating;
  gint64 v;

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "cohesion", TRUE, &cohesion, file, "$",
                            error) ||
      !adj_json_check_keys (cohesion, keys, file, "$.cohesion", error) ||
      !adj_json_get_object (cohesion, "table", TRUE, &table, file, "$.cohesion", error) ||
      !adj_json_check_keys (table, suit_keys, file, "$.cohesion.table", error) ||
      !adj_json_get_string (cohesion, "commander_rating", TRUE, &commander_rating, file,
                            "$.cohesion", error) ||
      !adj_json_get_int (cohesion, "tries", TRUE, 1, 5, &v, file, "$.cohesion", error) ||
      !adj_json_get_int (cohesion, "tries_with_commander", TRUE, 1, 5, &v, file, "$.cohesion",
                         error) ||
      !adj_json_get_int (cohesion, "commander_tries", TRUE, 1, 5, &v, file, "$.cohesion", error))
    return FALSE;
  if (ratings->len == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.ratings",
                          _("expected the ratings the cohesion table is read with"));
  if (adj_ruleset_find_rating (rs, commander_rating) == NULL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.cohesion.commander_rating",
                          _("“%s” is not a rating declared in “ratings”"), commander_rating);

  /* One cell per suit and rating. */
  for (guint s = 0; s < G_N_ELEMENTS (rn_suit_ids); s++)
    {
      g_autofree char *where = adj_json_path_key ("$.cohesion.table", rn_suit_ids[s]);
      json_object *row;

      if (!adj_json_get_object (table, rn_suit_ids[s], TRUE, &row, file, "$.cohesion.table", error))
        return FALSE;
      for (guint r = 0; r < ratings->len; r++)
        {
          const AdjChoice *rating = g_ptr_array_index (ratings, r);
          gboolean cell;

          if (!adj_json_get_bool (row, rating->id, TRUE, &cell, file, where, error))
            return FALSE;
        }
      json_object_object_foreach (row, key, val)
        {
          (void) val;
          if (adj_ruleset_find_rating (rs, key) == NULL)
            return adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, key,
                                     _("“%s” is not a rating declared in “ratings”"), key);
        }
    }
  return TRUE;
}

static gboolean
check_activation (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const keys[] = {
    "suit_order", "deck_size", "max_decks", "rolloff_die", "rough_ground_colour", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  json_object *act, *order;
  gint64 v;
  int seen[4] = { 0 };

  if (!adj_json_get_object (adj_ruleset_get_json (rs), "activation", TRUE, &act, file, "$",
                            error) ||
      !adj_json_check_keys (act, keys, file, "$.activation", error) ||
      !adj_json_get_array (act, "suit_order", TRUE, &order, file, "$.activation", error) ||
      !adj_json_get_int (act, "deck_size", TRUE, ADJ_DECK_SIZE, ADJ_DECK_SIZE, &v, file,
                         "$.activation", error) ||
      !adj_json_get_int (act, "max_decks", TRUE, 1, 4, &v, file, "$.activation", error) ||
      !adj_json_get_int (act, "rolloff_die", TRUE, 2, 20, &v, file, "$.activation", error) ||
      !check_colour (act, "rough_ground_colour", file, "$.activation", error))
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (order); i++)
    {
      const char *id = json_object_get_string (json_object_array_get_idx (order, i));

      for (guint s = 0; s < G_N_ELEMENTS (rn_suit_ids); s++)
        if (g_strcmp0 (id, rn_suit_ids[s]) == 0)
          seen[s]++;
    }
  for (guint s = 0; s < G_N_ELEMENTS (rn_suit_ids); s++)
    if (seen[s] != 1 || json_object_array_length (order) != G_N_ELEMENTS (rn_suit_ids))
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.activation.suit_order",
                            _("expected hearts, clubs, diamonds and spades, each once"));
  return TRUE;
}

gboolean
rn_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const movement_modifiers[] = { "road", "with-commander", NULL };
  static const char *const categories[] = {
    "infantry", "cavalry", "artillery", "transport", "commander", NULL
  };
  static const char *const status[] = { "disrupted", "wounded", "moved", "acted", NULL };
  const char *file = adj_ruleset_get_file (rs);
  GPtrArray *types = adj_ruleset_get_unit_types (rs);
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);
  g_autoptr(GPtrArray) templates = NULL;

  if (!adj_ruleset_require_modifiers (rs, "movement", movement_modifiers, error) ||
      !check_fire (rs, error) ||
      !check_cards (rs, error) ||
      !check_cohesion (rs, error) ||
      !check_activation (rs, error) ||
      !adj_rules_check_declared (rs, categories, status, error))
    return FALSE;

  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      const char *cls = adj_weapon_rule_string (w, "dice", NULL);

      if (cls == NULL || g_str_equal (cls, "commander") || rn_dice_entry (rs, cls) == NULL)
        {
          g_autofree char *where = adj_json_path_index ("$.weapons", i);
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                                _("expected “rules”: {“dice”: small-arms, machine-gun or "
                                  "artillery}"));
        }
    }
  for (guint i = 0; i < types->len; i++)
    {
      const AdjUnitType *t = g_ptr_array_index (types, i);
      const char *effect = adj_unit_type_rule_string (t, "hit_effect");
      gboolean commander = g_str_equal (t->category, "commander");
      g_autofree char *where = adj_json_path_index ("$.unit_types", i);

      if (effect == NULL || !(g_str_equal (effect, "figure") || g_str_equal (effect, "whole") ||
                              g_str_equal (effect, "commander")) ||
          commander != g_str_equal (effect, "commander"))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected “rules”: {“hit_effect”: figure, whole or commander} "
                                "(commander for the commander category only)"));
      if (t->figures > MAX_FIGURES)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("a unit has at most %d figures"), MAX_FIGURES);
    }

  /* The example armies must load. */
  templates = adj_army_templates (rs, error);
  return templates != NULL;
}

gboolean
rn_check_army (AdjRuleset     *rs,
               AdjArmy        *army,
               AdjArmyReport  *report,
               GError        **error)
{
  int units = 0, commanders = 0, figures = 0;

  for (guint i = 0; i < army->units->len; i++)
    {
      AdjArmyUnit *u = g_ptr_array_index (army->units, i);
      const AdjUnitType *type = adj_ruleset_find_unit_type (rs, u->type);

      if (rn_is_commander (type))
        commanders += u->count;
      else
        units += u->count;
      figures += u->count * (u->figures >= 0 ? u->figures : type->figures);
    }
  json_object_object_add (report->values, "commanders", json_object_new_int64 (commanders));
  json_object_object_add (report->values, "figures", json_object_new_int64 (figures));
  adj_army_report_add (report, "commander", _("Commander"), commanders >= 1,
                       ngettext ("%d commander; each player has one on the table",
                                 "%d commanders; each player has one on the table", commanders),
                       commanders);
  adj_army_report_add (report, "units", _("Units"), units >= 1,
                       ngettext ("%d unit besides the commanders",
                                 "%d units besides the commanders", units), units);
  return TRUE;
}
