/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-battle.c: libFuzzer target for battle files (adj_battle_from_json()).
 *
 * A battle that loads is then played with as the app would: written out and read back
 * (unchanged), its whole journal undone and redone, its report written, its roster laid out and
 * drawn (after play too, when its units have changed), every mechanic of its
 * system run against its first units (prefill, exact odds, a roll, the journal entry), a card
 * turned, and for the Risk Factor rules the solo step rolled and every hidden marker revealed,
 * which opens the sealed record in the file.  Nothing a file can say may crash any of that.
 *
 * A sealed secret's integrity tag keeps byte mutations from ever reaching the record inside
 * it, so a secret given in the clear (any text that does not start with "adjsecret1:") is
 * sealed here before loading: the fuzzer then mutates the record itself.
 */

#include "fuzz-common.h"

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-rf.h"
#include "adj-roster.h"
#include "adj-secret.h"
#include "adj-store.h"

static const char *const one_per_line[] = { "journal.entries", NULL };

static void
seal_plain_secrets (json_object *json)
{
  json_object *secrets = NULL;
  AdjRng rng;

  if (!json_object_is_type (json, json_type_object) ||
      !json_object_object_get_ex (json, "secrets", &secrets) ||
      !json_object_is_type (secrets, json_type_object))
    return;
  adj_rng_seed (&rng, 1);
  json_object_object_foreach (secrets, key, value)
    {
      const char *text = json_object_get_string (value);

      if (json_object_is_type (value, json_type_string) &&
          !g_str_has_prefix (text, ADJ_SECRET_PREFIX))
        {
          g_autofree char *sealed = adj_secret_seal (text, &rng);
          json_object_object_add (secrets, key, json_object_new_string (sealed));
        }
    }
}

static void
check_round_trip (AdjBattle *battle)
{
  g_autoptr(json_object) json = adj_battle_to_json (battle);
  g_autoptr(json_object) again_json = NULL;
  g_autoptr(AdjBattle) again = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_check_text_round_trip (json, one_per_line);
  again = adj_battle_from_json (json, "written", &error);
  if (again == NULL)
    fuzz_fail ("a battle written out does not load again: %s", error->message);
  again_json = adj_battle_to_json (again);
  if (!adj_json_equal (json, again_json))
    fuzz_fail ("a battle written out loads as a different battle");
}

/* Unit and side inputs take the battle's first units and sides, in order. */
static json_object *
inputs_for (AdjBattle         *battle,
            const AdjMechanic *mech)
{
  json_object *inputs = json_object_new_object ();
  GListModel *units = adj_battle_get_units (battle);
  GPtrArray *sides = adj_battle_get_sides (battle);
  guint next_unit = 0, next_side = 0;

  for (guint i = 0; i < mech->n_inputs; i++)
    {
      const AdjField *f = &mech->inputs[i];

      if (f->kind == ADJ_FIELD_UNIT && next_unit < g_list_model_get_n_items (units))
        {
          g_autoptr(AdjUnit) unit = g_list_model_get_item (units, next_unit++);
          json_object_object_add (inputs, f->name, json_object_new_string (adj_unit_get_id (unit)));
        }
      else if (f->kind == ADJ_FIELD_SIDE && next_side < sides->len)
        {
          AdjSide *side = g_ptr_array_index (sides, next_side++);
          json_object_object_add (inputs, f->name, json_object_new_string (side->id));
        }
    }
  return inputs;
}

static void
run_mechanics (AdjBattle *battle)
{
  const AdjSystem *system = adj_ruleset_get_system (adj_battle_get_ruleset (battle));

  for (guint m = 0; m < system->n_mechanics; m++)
    {
      const AdjMechanic *mech = system->mechanics[m];
      g_autoptr(json_object) json = inputs_for (battle, mech);
      g_autoptr(AdjInputs) inputs = adj_inputs_new (mech, adj_battle_get_ruleset (battle));
      g_autoptr(AdjOutcome) outcome = NULL;
      g_autoptr(GError) error = NULL;

      if (adj_inputs_set_json (inputs, json, "inputs", &error) &&
          adj_battle_prefill (battle, inputs, &error))
        {
          g_autoptr(AdjOdds) odds = NULL;
          AdjContext ctx;

          adj_battle_context (battle, &ctx);
          odds = adj_mechanic_odds (mech, &ctx, inputs, NULL);
        }
      g_clear_error (&error);
      outcome = adj_battle_run (battle, mech->id, json, &error);
    }
}

/* Every page of the roster, laid out on A4 and drawn to a recording surface (no file written). */
static void
draw_roster (AdjBattle *battle)
{
  g_autoptr(AdjRoster) roster = NULL;
  g_autoptr(GError) error = NULL;
  double width, height;
  guint pages;

  /* A side whose army cannot be checked has no roster, and an error that says so. */
  roster = adj_roster_new_for_battle (battle, NULL, &error);
  if (roster == NULL)
    {
      if (error == NULL || error->domain != ADJ_ERROR || error->message[0] == '\0')
        fuzz_fail ("a roster refused without saying why");
      return;
    }
  adj_paper_get_size (ADJ_PAPER_A4, &width, &height);
  pages = adj_roster_paginate (roster, width, height);
  for (guint p = 0; p < pages; p++)
    {
      cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cairo_t *cr = cairo_create (surface);

      adj_roster_render_page (roster, cr, p);
      if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
        fuzz_fail ("drawing roster page %u failed: %s", p,
                   cairo_status_to_string (cairo_status (cr)));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

static void
play_rf (AdjBattle *battle)
{
  g_autoptr(GPtrArray) markers = NULL;
  g_autoptr(AdjRfSolo) solo = NULL;

  if (!g_str_equal (adj_ruleset_get_id (adj_battle_get_ruleset (battle)), "rf"))
    return;
  solo = adj_rf_solo_new (battle, NULL);
  if (solo != NULL)
    {
      AdjRng rng;

      adj_rng_seed (&rng, 7);
      if (adj_rf_solo_roll (solo, &rng, NULL, 0, NULL))
        {
          json_object_put (adj_rf_solo_to_json (solo));
          adj_rf_solo_apply (solo, FALSE, NULL);
        }
    }
  markers = adj_rf_hidden_markers (battle);
  for (guint i = 0; i < markers->len; i++)
    {
      g_autofree char *group = NULL;
      adj_rf_reveal_marker (battle, g_ptr_array_index (markers, i), &group, NULL);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(json_object) json = fuzz_parse (data, size);
  g_autoptr(AdjBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *report = NULL;

  if (json == NULL)
    return 0;
  seal_plain_secrets (json);
  battle = adj_battle_from_json (json, FUZZ_FILE, &error);
  if (battle == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }

  check_round_trip (battle);

  /* The whole journal back and forth: a refused step is fine, a crash is not. */
  while (adj_battle_can_undo (battle) && adj_battle_undo (battle, NULL))
    ;
  while (adj_battle_can_redo (battle) && adj_battle_redo (battle, NULL))
    ;
  report = adj_battle_report (battle, TRUE);
  draw_roster (battle);

  run_mechanics (battle);
  adj_battle_turn_card (battle, NULL, NULL, NULL);
  play_rf (battle);
  draw_roster (battle);

  /* And what play made of it is still a battle file. */
  check_round_trip (battle);
  return 0;
}
