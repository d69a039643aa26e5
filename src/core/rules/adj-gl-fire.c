/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-gl-fire.c: Glidden's colonial rules — fire (gl/fire) on the typed-in hit and saving
 * tables, and who falls: a card for each hit (gl/hit-cards). */

#define G_LOG_DOMAIN "adj-gl"

#include "config.h"

#include <math.h>

#include "adj-gl-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Fire                                                                                        */

static const AdjField fire_inputs[] = {
  UNIT_INPUT ("firer", N_("Firing unit")),
  UNIT_INPUT ("target", N_("Target")),
  { .name = "weapon", .kind = ADJ_FIELD_ENUM, .label = N_("Weapon"), .choices_from = "weapons",
    .def_choice = "breech-loader", .from = "firer.weapon" },
  ENUM_INPUT ("formation", N_("Firer’s formation"),
              N_("Only a unit in open order fires with its second rank"), gl_formation_choices,
              "close-order", "firer.status.formation"),
  INT_INPUT ("figures", N_("Figures in the front rank"),
             N_("Every figure of the unit when it stands in a single rank"), 0, MAX_FIGURES, 10),
  INT_INPUT ("second_rank", N_("Figures in the second rank"), NULL, 0, MAX_FIGURES, 0),
  INT_INPUT ("rear_ranks", N_("Figures in the third and fourth ranks"),
             N_("Only spears are thrown from that far back"), 0, 2 * MAX_FIGURES, 0),
  INT_INPUT ("crews", N_("Guns or Maxims firing"),
             N_("Each crew throws its own dice; only for guns and Maxims"), 0, MAX_CREWS, 1),
  ENUM_INPUT ("band", N_("Range band"),
              N_("Which band the target is in, by the distances of your copy of the rules"),
              gl_band_choices, "short", NULL),
  ENUM_INPUT ("cover", N_("Target’s cover"), N_("Rough ground always gives soft cover"),
              gl_cover_choices, "open", NULL),
  BOOL_DEF ("prone", N_("The target lies prone"), N_("Counts as soft cover at least"), 0,
            "target.status.prone"),
};

static const AdjChoice fire_outcomes[] = {
  { "dice-rolled", N_("Dice rolled: the hit table is missing") },
  { "hits-rolled", N_("Hits rolled: the saving table is missing") },
  { "no-hits", N_("No hits") },
  { "all-saved", N_("Every hit saved") },
  { "casualties", N_("Casualties") },
};

enum {
  FIRE_DICE_ROLLED,
  FIRE_HITS_ROLLED,
  FIRE_NO_HITS,
  FIRE_ALL_SAVED,
  FIRE_CASUALTIES,
};

typedef struct {
  const AdjWeapon *weapon;
  gboolean         crew;       /* dice per crew, not per figure */
  int              ranks;      /* ranks that fire */
  int              dice;
  const char      *cover;      /* after a prone target's soft cover */
} FireSetup;

static void
fire_setup (const AdjContext *ctx,
            AdjInputs        *in,
            FireSetup        *f)
{
  AdjRuleset *rs = ctx->ruleset;
  const char *cover = adj_inputs_get_string (in, "cover");

  f->weapon = adj_ruleset_find_weapon (rs, adj_inputs_get_string (in, "weapon"));
  f->crew = g_strcmp0 (adj_weapon_rule_string (f->weapon, "dice", NULL), "crew") == 0;
  /* Spears fly from up to four ranks; other weapons from the second rank in open order only. */
  f->ranks = adj_weapon_rule_int (f->weapon, "ranks", 0);
  if (f->ranks == 0)
    f->ranks = g_str_equal (adj_inputs_get_string (in, "formation"), "open-order") ? 2 : 1;
  if (f->crew)
    f->dice = adj_inputs_get_int (in, "crews") * adj_rules_int (rs, "fire", "crew_dice");
  else
    f->dice = adj_rules_int (rs, "fire", "figure_dice") *
              (adj_inputs_get_int (in, "figures") +
               (f->ranks >= 2 ? adj_inputs_get_int (in, "second_rank") : 0) +
               (f->ranks >= 3 ? adj_inputs_get_int (in, "rear_ranks") : 0));
  f->cover = cover;
  if (adj_inputs_get_bool (in, "prone") && g_str_equal (cover, "open"))
    f->cover = "soft";
}

/* The hit cell of this shot: TRUE with *hit_on (0 when out of reach), FALSE with @missing set
 * when the players have not entered it (or another error). */
static gboolean
fire_hit_on (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjTables        **tables,
             int               *hit_on,
             GError           **error)
{
  const char *special = NULL;

  if (!gl_table_cell (ctx, tables, "hit", adj_inputs_get_string (in, "band"),
                      adj_inputs_get_string (in, "weapon"), hit_on, &special, error))
    return FALSE;
  if (special != NULL)
    *hit_on = 0;
  return TRUE;
}

static gboolean
fire_save_on (const AdjContext  *ctx,
              const FireSetup   *f,
              AdjTables        **tables,
              int               *save_on,
              GError           **error)
{
  const char *special = NULL;

  if (!gl_table_cell (ctx, tables, "saves", f->cover, "value", save_on, &special, error))
    return FALSE;
  if (special != NULL)
    *save_on = 0;
  return TRUE;
}

static void
fire_draws (const AdjContext *ctx,
            AdjInputs        *in,
            GArray           *specs)
{
  g_autoptr(AdjTables) tables = NULL;
  FireSetup f;
  int hit_on = 1;

  fire_setup (ctx, in, &f);
  /* Out of reach: no die is thrown.  A missing cell still throws them (and says so). */
  if (fire_hit_on (ctx, in, &tables, &hit_on, NULL) && hit_on == 0)
    return;
  if (f.dice > 0)
    {
      AdjDrawSpec s = { "fire", N_("Fire dice"), (guint) f.dice, 6 };
      g_array_append_val (specs, s);
    }
}

/* Only a table the players did not fill is reported in the outcome; any other error (a broken
 * tables file) stops the mechanic. */
static gboolean
fire_resolve (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjRandom         *random,
              AdjOutcome        *outcome,
              GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(GError) missing = NULL;
  g_autofree int *dice = NULL;
  g_autofree int *saves = NULL;
  const char *target = adj_input_unit_name (ctx, in, "target", _("the target"));
  int hit_on = 0, save_on = 0, hits = 0, saved = 0;
  FireSetup f;

  fire_setup (ctx, in, &f);
  {
    g_autofree char *line = NULL;

    if (f.crew)
      line = g_strdup_printf (ngettext ("%s: %d crew, 2D6 each", "%s: %d crews, 2D6 each",
                                   adj_inputs_get_int (in, "crews")),
                         adj_gettext (f.weapon->label), adj_inputs_get_int (in, "crews"));
    else
      line = g_strdup_printf (ngettext ("%s: one die per figure, from %d rank",
                                   "%s: one die per figure, from %d ranks", f.ranks),
                         adj_gettext (f.weapon->label), f.ranks);
    adj_outcome_add_line (outcome, ADJ_EXPLAIN_TABLE, "firer", line, TRUE, f.dice);
  }
  if (!f.crew && f.ranks < 2 && adj_inputs_get_int (in, "second_rank") > 0)
    adj_outcome_add_note (outcome, _("The second rank holds its fire: only a unit in open order "
                                     "fires with it."));
  if (!f.crew && f.ranks < 3 && adj_inputs_get_int (in, "rear_ranks") > 0)
    adj_outcome_add_note (outcome, _("Only spears are thrown from the third and fourth ranks."));
  adj_outcome_set_value_int (outcome, "dice", f.dice);

  if (!fire_hit_on (ctx, in, &tables, &hit_on, &missing) && !adj_rules_table_missing (missing))
    {
      g_propagate_error (error, g_steal_pointer (&missing));
      return FALSE;
    }
  if (missing == NULL && hit_on == 0)
    {
      adj_outcome_add_note (outcome, _("Your hit table says this weapon does not reach that "
                                       "range band."));
      adj_outcome_set_value_int (outcome, "hits", 0);
      adj_outcome_set_value_int (outcome, "casualties", 0);
      adj_outcome_set_result (outcome, "no-hits", _("Out of reach: no die is thrown"));
      return TRUE;
    }
  if (f.dice == 0)
    {
      adj_outcome_set_value_int (outcome, "hits", 0);
      adj_outcome_set_value_int (outcome, "casualties", 0);
      adj_outcome_set_result (outcome, "no-hits", _("No figure can fire"));
      return TRUE;
    }
  dice = gl_roll_dice (random, outcome, "fire", N_("Fire dice"), (guint) f.dice, error);
  if (dice == NULL)
    return FALSE;

  /* No hit table: the dice stand as thrown, counted by face, and nothing more is decided. */
  if (missing != NULL)
    {
      json_object *faces = json_object_new_array ();
      g_autoptr(GString) text = g_string_new (NULL);
      int count[7] = { 0 };

      for (int i = 0; i < f.dice; i++)
        count[dice[i]]++;
      for (int face = 6; face >= 1; face--)
        {
          if (count[face] > 0)
            /* TRANSLATORS: how many dice show a face, e.g. "3 × 6" */
            g_string_append_printf (text, "%s%d × %d", text->len > 0 ? ", " : "", count[face],
                                    face);
        }
      for (int face = 1; face <= 6; face++)
        json_object_array_add (faces, json_object_new_int64 (count[face]));
      json_object_object_add (outcome->values, "faces", faces);
      gl_note_missing_table (outcome, tables, "hit");
      adj_outcome_set_result (outcome, "dice-rolled",
                              /* TRANSLATORS: e.g. "Rolled 3 × 6, 2 × 5, 1 × 2. Enter the Hit
                               * table first: 1 cell is missing (Long range × Musket)" */
                              _("Rolled %s. %s"), text->str, missing->message);
      return TRUE;
    }

  for (int i = 0; i < f.dice; i++)
    hits += dice[i] >= hit_on ? 1 : 0;
  {
    /* TRANSLATORS: e.g. "Hit on 5 or more (hit table, long range × musket)" */
    g_autofree char *cell = adj_table_shape_cell_label (
      adj_table_shape_lookup (ctx->ruleset, "hit"), adj_inputs_get_string (in, "band"),
      f.weapon->id);
    adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "firer", TRUE, hits,
                           _("Hits on %d or more (%s)"), hit_on, cell);
  }
  adj_outcome_set_value_int (outcome, "hit_on", hit_on);
  adj_outcome_set_value_int (outcome, "hits", hits);
  if (hits == 0)
    {
      adj_outcome_set_value_int (outcome, "casualties", 0);
      adj_outcome_set_result (outcome, "no-hits", _("Every shot misses %s"), target);
      return TRUE;
    }

  if (!fire_save_on (ctx, &f, &tables, &save_on, &missing))
    {
      if (!adj_rules_table_missing (missing))
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      gl_note_missing_table (outcome, tables, "saves");
      adj_outcome_set_result (outcome, "hits-rolled",
                              /* TRANSLATORS: e.g. "3 hits on Zulus. Enter the Saving table
                               * first: …" */
                              ngettext ("%d hit on %s. %s", "%d hits on %s. %s", hits), hits,
                              target, missing->message);
      return TRUE;
    }
  if (save_on == 0)
    adj_outcome_add_note (outcome, _("Your saving table gives no save in this cover."));
  else
    {
      saves = gl_roll_dice (random, outcome, "saves", N_("Saving dice"), (guint) hits, error);
      if (saves == NULL)
        return FALSE;
      for (int i = 0; i < hits; i++)
        saved += saves[i] >= save_on ? 1 : 0;
      {
        const AdjChoice *c = adj_field_find_choice (gl_cover_choices,
                                                    G_N_ELEMENTS (gl_cover_choices), f.cover);
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", TRUE, saved,
                               /* TRANSLATORS: e.g. "Saved on 4 or more (soft cover)" */
                               _("Saved on %d or more (%s)"), save_on, adj_gettext (c->label));
      }
    }
  adj_outcome_set_value_int (outcome, "save_on", save_on);
  adj_outcome_set_value_int (outcome, "saved", saved);
  adj_outcome_set_value_int (outcome, "casualties", hits - saved);
  if (hits == saved)
    adj_outcome_set_result (outcome, "all-saved",
                            ngettext ("%d hit, saved", "%d hits, all saved", hits), hits);
  else
    adj_outcome_set_result (outcome, "casualties",
                            ngettext ("%d casualty on %s: turn a card for it (“Who falls”)",
                                      "%d casualties on %s: turn a card for each (“Who falls”)",
                                      hits - saved), hits - saved, target);
  return TRUE;
}

/* The odds of a volley, each die on its own: in 36ths, a miss 6 (6 - H), a hit saved H S, a
 * casualty H (6 - S), H and S the faces that hit and save.  Over n dice (36^n ways): no hit
 * (6 (6 - H))^n, no casualty (36 - H (6 - S))^n, and the rest follows. */
static gboolean
fire_odds (const AdjContext  *ctx,
           AdjInputs         *in,
           AdjOdds           *odds,
           GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(GError) missing = NULL;
  guint64 certain[G_N_ELEMENTS (fire_outcomes)] = { 0 };
  mpz_t ways[G_N_ELEMENTS (fire_outcomes)], total;
  int hit_on = 0, save_on = 0, H, S;
  gboolean ok = TRUE;
  guint n;
  FireSetup f;

  fire_setup (ctx, in, &f);
  n = (guint) f.dice;
  if (!fire_hit_on (ctx, in, &tables, &hit_on, &missing) && !adj_rules_table_missing (missing))
    {
      g_propagate_error (error, g_steal_pointer (&missing));
      return FALSE;
    }
  adj_declare_outcomes (in->mechanic, odds);
  if (missing != NULL && n > 0)
    {
      /* Without the hit table the only result is the dice as thrown. */
      certain[FIRE_DICE_ROLLED] = 1;
      adj_rules_odds_counts (odds, certain, in->mechanic->n_outcomes, 1);
      odds->note = g_strdup (missing->message);
      return TRUE;
    }
  if (hit_on == 0 || n == 0)
    {
      certain[FIRE_NO_HITS] = 1;
      adj_rules_odds_counts (odds, certain, in->mechanic->n_outcomes, 1);
      return TRUE;
    }
  H = 7 - hit_on;

  for (guint k = 0; k < G_N_ELEMENTS (fire_outcomes); k++)
    mpz_init (ways[k]);
  mpz_init (total);
  if (!fire_save_on (ctx, &f, &tables, &save_on, &missing))
    {
      ok = adj_rules_table_missing (missing);
      if (!ok)
        g_propagate_error (error, g_steal_pointer (&missing));
      else
        {
          /* Over 6^n: no hit (6 - H)^n. */
          mpz_ui_pow_ui (total, 6, n);
          mpz_ui_pow_ui (ways[FIRE_NO_HITS], (gulong) (6 - H), n);
          mpz_sub (ways[FIRE_HITS_ROLLED], total, ways[FIRE_NO_HITS]);
          adj_rules_odds_ways (odds, ways, in->mechanic->n_outcomes, total);
          odds->note = g_strdup (missing->message);
        }
    }
  else
    {
      S = save_on == 0 ? 0 : 7 - save_on;
      mpz_ui_pow_ui (total, 36, n);
      mpz_ui_pow_ui (ways[FIRE_NO_HITS], (gulong) (6 * (6 - H)), n);
      /* No casualty: ways[FIRE_ALL_SAVED] + the no-hit ways. */
      mpz_ui_pow_ui (ways[FIRE_ALL_SAVED], (gulong) (36 - H * (6 - S)), n);
      mpz_sub (ways[FIRE_CASUALTIES], total, ways[FIRE_ALL_SAVED]);
      mpz_sub (ways[FIRE_ALL_SAVED], ways[FIRE_ALL_SAVED], ways[FIRE_NO_HITS]);
      adj_rules_odds_ways (odds, ways, in->mechanic->n_outcomes, total);
    }
  for (guint k = 0; k < G_N_ELEMENTS (fire_outcomes); k++)
    mpz_clear (ways[k]);
  mpz_clear (total);
  return ok;
}

/* The tables fire_odds() goes on without, as it does: the hit table while dice are thrown, then
 * the saving table once some die may hit. */
static gboolean
fire_missing_tables (const AdjContext  *ctx,
                     AdjInputs         *in,
                     GPtrArray         *missing,
                     GError           **error)
{
  g_autoptr(AdjTables) tables = NULL;
  g_autoptr(GError) local_error = NULL;
  const char * const *ids;
  int hit_on = 0, save_on = 0;
  FireSetup f;

  fire_setup (ctx, in, &f);
  if (fire_hit_on (ctx, in, &tables, &hit_on, &local_error) && hit_on != 0 && f.dice > 0)
    fire_save_on (ctx, &f, &tables, &save_on, &local_error);
  if (local_error == NULL)
    return TRUE;
  if (!adj_rules_table_missing (local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* No die to throw: the odds are certain without any table. */
  if (f.dice == 0)
    return TRUE;
  ids = adj_error_get_missing_tables (local_error);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    g_ptr_array_add (missing, g_strdup (ids[i]));
  return TRUE;
}

static const AdjFollowUp fire_follow_up = {
  /* Each casualty turns a card to say who falls. */
  .next = "gl/hit-cards",
  .count = "casualties",
  .count_to = "hits",
  .unit_from = "target",
  .unit_to = "target",
};

/* A unit in rout does not fire, and fires only when the card turned lets it act. */
static gboolean
fire_legal (const AdjContext  *ctx,
            AdjInputs         *in,
            GError           **error)
{
  AdjUnit *firer;

  if (!adj_rules_legal_pair (ctx, in, "firer", "target", &firer, error))
    return FALSE;
  if (adj_unit_get_status_bool (firer, "routing"))
    return adj_not_allowed (error, _("%s is routing and cannot fire"), adj_unit_get_name (firer));
  return gl_legal_phase (ctx, in->mechanic, error) && gl_legal_card (ctx, firer, error) &&
         gl_legal_once (ctx, firer, TRUE, error);
}

const AdjMechanic gl_fire = {
  .id = "gl/fire",
  .title = N_("Fire"),
  .summary = N_("A die per firing figure, two per gun or Maxim crew; the players’ hit table "
                "says which dice hit and their saving table which hits are saved."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (fire_inputs),
  MECHANIC_OUTCOMES (fire_outcomes),
  .random_note = N_("Each hit then throws one saving die.  Until the hit table is filled in the "
                    "dice are only thrown and counted; until the saving table is, only the hits "
                    "are counted."),
  .tables = gl_fire_tables,
  .phases = gl_fire_phase,
  .step_label = N_("_Fire"),
  .step_hint = N_("A die per figure, hits and saves from your tables"),
  .follow_up = &fire_follow_up,
  .draws = fire_draws,
  .legal = fire_legal,
  .resolve = fire_resolve,
  .odds = fire_odds,
  .missing_tables = fire_missing_tables,
};

/* ------------------------------------------------------------------------------------------ */
/* Who falls: a card for each hit                                                              */

static const AdjChoice pick_choices[] = {
  { "leader", N_("An officer or leader") },
  { "ranks", N_("An ordinary figure") },
};

static const AdjField cards_inputs[] = {
  UNIT_INPUT ("target", N_("Unit hit")),
  INT_INPUT ("hits", N_("Casualties to place"), NULL, 1, MAX_HITS, 1),
  INT_FROM ("figures", N_("Figures in the unit"), NULL, 1, MAX_FIGURES, 20, "target.figures"),
  BOOL_DEF ("officer", N_("Its officer still stands"), NULL, 1, "target.status.officer"),
  BOOL_INPUT ("leader_nco", N_("Its NCO still stands and counts as a leader"),
              N_("Only where the scenario makes the NCO a leader")),
  ENUM_INPUT ("firer_picks", N_("On a face card the firer takes"), NULL, pick_choices, "leader",
              NULL),
  ENUM_INPUT ("target_picks", N_("On any other card the target gives up"), NULL, pick_choices,
              "ranks", NULL),
};

static const AdjChoice cards_outcomes[] = {
  { "leader-falls", N_("A leader falls") },
  { "ranks-fall", N_("Only ordinary figures fall") },
};

typedef enum {
  CARD_ACE,
  CARD_FACE,
  CARD_OTHER,
} CardClass;

typedef enum {
  FALLS_OFFICER,
  FALLS_NCO,
  FALLS_RANKS,
} Falls;

typedef enum {
  CHOOSER_LEADER,
  CHOOSER_FIRER,
  CHOOSER_TARGET,
} Chooser;

/* The ids the outcome's list of cards gives for each card. */
static const char *const class_ids[] = { "ace", "face", "other" };
static const char *const falls_ids[] = { "officer", "nco", "ranks" };
static const char *const chooser_ids[] = { "leader", "firer", "target" };

static CardClass
card_class (AdjCard card)
{
  if (adj_card_rank (card) == ADJ_CARD_ACE)
    return CARD_ACE;
  return adj_card_is_face (card) ? CARD_FACE : CARD_OTHER;
}

static void
cards_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec s = { "hit-card", N_("Card for a casualty"), 1, 0 };
  int n = MIN (adj_inputs_get_int (in, "hits"), adj_inputs_get_int (in, "figures"));

  for (int i = 0; i < n; i++)
    g_array_append_val (specs, s);
}

static gboolean
cards_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "target");

  if (unit == NULL)
    return TRUE;
  return adj_inputs_set_bool (in, "leader_nco",
                              adj_unit_get_status_bool (unit, "nco") &&
                              adj_unit_get_status_bool (unit, "nco_leader"), error);
}

/* Whether a card of @cls takes a leader while one is left and ordinary figures remain. */
static gboolean
class_takes_leader (AdjInputs *in,
                    CardClass  cls)
{
  switch (cls)
    {
    case CARD_ACE:
      return TRUE;
    case CARD_FACE:
      return g_str_equal (adj_inputs_get_string (in, "firer_picks"), "leader");
    case CARD_OTHER:
    default:
      return g_str_equal (adj_inputs_get_string (in, "target_picks"), "leader");
    }
}

static gboolean
cards_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  const char *name = adj_input_unit_name (ctx, in, "target", _("the unit"));
  int hits = adj_inputs_get_int (in, "hits");
  int figures = adj_inputs_get_int (in, "figures");
  gboolean officer = adj_inputs_get_bool (in, "officer");
  gboolean nco = adj_inputs_get_bool (in, "leader_nco");
  gboolean officer_killed = FALSE, nco_killed = FALSE;
  json_object *list = json_object_new_array ();
  int lost = 0;

  json_object_object_add (outcome->values, "cards", list);
  if ((officer ? 1 : 0) + (nco ? 1 : 0) > figures)
    return adj_not_allowed (error, _("The unit has fewer figures than leaders"));

  for (int i = 1; i <= hits; i++)
    {
      int leaders = (officer ? 1 : 0) + (nco ? 1 : 0);
      int ordinary = figures - lost - leaders;
      const char *shown;
      Chooser chooser;
      Falls figure;
      json_object *item;
      CardClass cls;
      AdjCard card;

      if (figures - lost == 0)
        {
          adj_outcome_add_note (outcome, ngettext ("The last %d casualty finds nobody left.",
                                                   "The last %d casualties find nobody left.",
                                                   hits - i + 1), hits - i + 1);
          break;
        }
      if (!adj_random_card (random, "hit-card", N_("Card for a casualty"), &card, error))
        return FALSE;
      shown = adj_card_short_name (card);
      cls = card_class (card);
      /* Decision: an Ace with no leader left is an ordinary card, the target's pick. */
      chooser = cls == CARD_FACE ? CHOOSER_FIRER
                : (cls == CARD_ACE && leaders > 0) ? CHOOSER_LEADER : CHOOSER_TARGET;
      if (leaders > 0 && (ordinary == 0 || (cls == CARD_ACE) ||
                          (cls != CARD_ACE && class_takes_leader (in, cls))))
        {
          if (officer)
            {
              officer = FALSE;
              officer_killed = TRUE;
              figure = FALLS_OFFICER;
            }
          else
            {
              nco = FALSE;
              nco_killed = TRUE;
              figure = FALLS_NCO;
            }
        }
      else
        figure = FALLS_RANKS;
      lost++;

      if (chooser == CHOOSER_LEADER)
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", FALSE, 0,
                               figure == FALLS_OFFICER
                               /* TRANSLATORS: e.g. "Card 1, A♠: the officer is killed" */
                               ? _("Card %d, %s: the officer is killed")
                               : _("Card %d, %s: the NCO leading the unit is killed"), i, shown);
      else if (chooser == CHOOSER_FIRER)
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", FALSE, 0,
                               figure == FALLS_OFFICER
                               ? _("Card %d, %s: the firer picks — the officer")
                               : figure == FALLS_NCO
                               ? _("Card %d, %s: the firer picks — the NCO leading the unit")
                               : _("Card %d, %s: the firer picks — an ordinary figure"),
                               i, shown);
      else
        adj_outcome_add_linef (outcome, ADJ_EXPLAIN_TABLE, "target", FALSE, 0,
                               figure == FALLS_OFFICER
                               ? _("Card %d, %s: the target’s player picks — the officer")
                               : figure == FALLS_NCO
                               ? _("Card %d, %s: the target’s player picks — the NCO leading "
                                   "the unit")
                               : _("Card %d, %s: the target’s player picks — an ordinary "
                                   "figure"), i, shown);
      if (cls == CARD_ACE && chooser == CHOOSER_TARGET)
        adj_outcome_add_note (outcome, _("Card %d is an Ace, but no officer or leader is left: it "
                                         "counts as any other card."), i);
      if (ordinary == 0 && figure != FALLS_RANKS && chooser != CHOOSER_LEADER)
        adj_outcome_add_note (outcome, _("Card %d: only leaders are left, so one of them falls."),
                              i);

      item = json_object_new_object ();
      json_object_object_add (item, "card", adj_card_to_json (card));
      json_object_object_add (item, "class", json_object_new_string (class_ids[cls]));
      json_object_object_add (item, "chooser", json_object_new_string (chooser_ids[chooser]));
      json_object_object_add (item, "figure", json_object_new_string (falls_ids[figure]));
      json_object_array_add (list, item);
    }

  adj_outcome_set_value_int (outcome, "figures_lost", lost);
  adj_outcome_set_value_int (outcome, "figures_left", figures - lost);
  adj_outcome_set_value_bool (outcome, "officer_killed", officer_killed);
  adj_outcome_set_value_bool (outcome, "nco_killed", nco_killed);
  if (officer_killed || nco_killed)
    adj_outcome_set_result (outcome, "leader-falls",
                            officer_killed && nco_killed
                            ? _("The officer and the NCO of %s are among the fallen: the "
                                "unit tests its morale")
                            : officer_killed ? _("The officer of %s is among the fallen: the "
                                                 "unit tests its morale")
                                             : _("The NCO leading %s is among the fallen"),
                            name);
  else
    adj_outcome_set_result (outcome, "ranks-fall",
                            ngettext ("%d ordinary figure of %s falls",
                                      "%d ordinary figures of %s fall", lost), lost, name);
  return TRUE;
}

typedef struct {
  AdjInputs *in;
} KillData;

static gboolean
card_kills (AdjCard  card,
            gpointer data)
{
  KillData *k = data;
  return class_takes_leader (k->in, card_class (card));
}

/* The chance that no leader falls: every card drawn misses the cards that would take one, and
 * the ordinary figures last.  Draws go through the draw pile, then the turned cards shuffled
 * back (with those just drawn), as adj_random_card() does. */
static gboolean
cards_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  int figures = adj_inputs_get_int (in, "figures");
  int leaders = (adj_inputs_get_bool (in, "officer") ? 1 : 0) +
                (adj_inputs_get_bool (in, "leader_nco") ? 1 : 0);
  int hits = MIN (adj_inputs_get_int (in, "hits"), figures);
  /* p[1]: no leader falls; p[0]: one does. */
  mpq_t p[2];
  guint n, s, t, ts;
  KillData data = { in };

  if (leaders > figures)
    return adj_not_allowed (error, _("The unit has fewer figures than leaders"));
  if (!gl_pack_counts (ctx, card_kills, &data, &n, &s, &t, &ts, error))
    return FALSE;

  mpq_inits (p[0], p[1], NULL);
  mpq_set_ui (p[1], leaders == 0 || hits <= figures - leaders ? 1 : 0, 1);
  if (leaders > 0)
    {
      int left = hits;
      mpq_t safe;

      mpq_init (safe);
      while (left > 0 && mpq_sgn (p[1]) > 0)
        {
          guint m = MIN ((guint) left, n);

          for (guint i = 0; i < m; i++)
            {
              if (n - s <= i)
                {
                  mpq_set_ui (p[1], 0, 1);
                  break;
                }
              mpq_set_ui (safe, n - s - i, n - i);
              mpq_canonicalize (safe);
              mpq_mul (p[1], p[1], safe);
            }
          left -= (int) m;
          /* The safe cards just drawn join the turned pile, which becomes the draw pile. */
          t += m;
          n -= m;
          if (left > 0 && n == 0)
            {
              n = t;
              s = ts;
              t = 0;
              ts = 0;
              if (n == 0)
                {
                  mpq_clears (safe, p[0], p[1], NULL);
                  return adj_not_allowed (error, _("The pack has no card left to turn: every "
                                                   "card is out"));
                }
            }
        }
      mpq_clear (safe);
    }
  mpq_set_ui (p[0], 1, 1);
  mpq_sub (p[0], p[0], p[1]);
  adj_declare_outcomes (in->mechanic, odds);
  adj_rules_odds_fractions (odds, p, in->mechanic->n_outcomes);
  mpq_clears (p[0], p[1], NULL);
  return TRUE;
}

static gboolean
cards_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  return gl_apply_losses (ctx, changes, adj_inputs_get_string (in, "target"),
                          adj_outcome_get_value_int (outcome, "figures_lost", 0),
                          gl_value_bool (outcome, "officer_killed"),
                          gl_value_bool (outcome, "nco_killed"), error);
}

const AdjMechanic gl_hit_cards = {
  .id = "gl/hit-cards",
  .title = N_("Who falls"),
  .summary = N_("A card for each casualty: an Ace kills an officer or leader, a face card lets "
                "the firer choose the figure, any other card the target’s player."),
  .scope = ADJ_SCOPE_UNIT,
  MECHANIC_INPUTS (cards_inputs),
  MECHANIC_OUTCOMES (cards_outcomes),
  .random_note = N_("Cards come from the battle’s pack; the odds count what is left in it.  Say "
                    "beforehand whom the firer and the target will pick."),
  .phases = gl_fire_phase,
  .step_label = N_("_Who Falls"),
  .step_hint = N_("A card for each casualty"),
  .draws = cards_draws,
  .prefill = cards_prefill,
  .resolve = cards_resolve,
  .odds = cards_odds,
  .apply = cards_apply,
};
