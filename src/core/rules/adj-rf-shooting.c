/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-shooting.c: Risk Factor — shooting (rf/shooting): range bands, the volley, casualties
 * and their exact odds. */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include <string.h>

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* rf/shooting                                                                                 */

static const AdjField shooting_inputs[] = {
  UNIT_INPUT ("shooter", N_("Shooting group or figure")),
  UNIT_INPUT ("target", N_("Target group")),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance to the target"),
    .hint = N_("Measured from the nearest shooter to the nearest target figure."),
    .min = 0, .max = MAX_CM, .def = 20, .measure = "distance" },
  ENUM_INPUT ("cover", N_("The target is"), NULL, rf_cover_choices, "open", NULL),
  WEAPON_INPUT ("weapon", N_("Weapon"), "rifle", "shooter.weapon"),
  ENUM_INPUT ("quality", N_("Quality of the shooters"),
              N_("A hero adds 1 to the damage die, a raw shooter takes 1 off."),
              rf_quality_choices, "veteran", "shooter.rating"),
  INT_INPUT ("shooters", N_("Figures able to shoot"), NULL, 0, MAX_FIGURES, 10),
  INT_INPUT ("wounded", N_("How many of them are wounded"),
             N_("Wounded figures shoot only at short range."), 0, MAX_FIGURES, 0),
  BOOL_DEF ("commanded", N_("Under command"),
            N_("Uncommanded troops fire one shot for every two figures standing still, one for "
               "every three on the move."), FALSE, "shooter.status.commanded"),
  BOOL_DEF ("volleys", N_("Able to fire volleys"),
            N_("Natives and other troops who cannot fire volleys shoot as uncommanded troops, "
               "even under command."), TRUE, NULL),
  BOOL_FROM ("moving", N_("Moved this turn"), "shooter.status.moved"),
  ENUM_INPUT ("loading", N_("Firearms load by"),
              N_("For rifles, carbines and pistols; muskets always load at the muzzle."),
              rf_loading_choices, "breech", "shooter.status.loading"),
  BOOL_DEF ("loaded", N_("Muzzle-loaders loaded"),
            N_("Commanded muzzle-loaders fire only after a halted turn spent loading."), FALSE,
            "shooter.status.loaded"),
  BOOL_INPUT ("character", N_("A player character shooting"),
              N_("He always counts as commanded and may aim at the figure he chooses.")),
  INT_INPUT ("aim", N_("Figure aimed at (a player character only)"),
             N_("The number of the figure in the target's record, 0 to leave it to chance."),
             0, MAX_FIGURES, 0),
  INT_INPUT ("targets", N_("Figures in the target group"), NULL, 1, MAX_FIGURES, 10),
};

typedef enum {
  BAND_SHORT,
  BAND_MEDIUM,
  BAND_LONG,
  BAND_OUT,
} Band;

static const char *const band_ids[] = { "short", "medium", "long", "out" };

static Band
range_band (const AdjWeapon *w,
            int              distance)
{
  if (distance <= adj_weapon_rule_int (w, "short", 0))
    return BAND_SHORT;
  if (distance <= adj_weapon_rule_int (w, "medium", 0))
    return BAND_MEDIUM;
  if (distance <= adj_weapon_rule_int (w, "long", 0))
    return BAND_LONG;
  return BAND_OUT;
}

static const char *
band_label (Band band)
{
  switch (band)
    {
    case BAND_SHORT: return _("short range");
    case BAND_MEDIUM: return _("medium range");
    case BAND_LONG: return _("long range");
    case BAND_OUT:
    default: return _("out of range");
    }
}

static const char *
cover_phrase (const char *cover)
{
  if (g_str_equal (cover, "soft"))
    return _("in soft cover");
  if (g_str_equal (cover, "hard"))
    return _("in hard cover");
  return _("in the open");
}

/* How the weapon loads for the purpose of commanded fire: its own way, or the group's way for
 * firearms that come in several kinds. */
static const char *
effective_loading (const AdjWeapon *w,
                   AdjInputs       *in)
{
  const char *own = adj_weapon_rule_string (w, "loading", "none");
  return g_str_equal (own, "group") ? adj_inputs_get_string (in, "loading") : own;
}

typedef struct {
  Band        band;
  int         able;
  int         shots;
  int         need;
  int         mod;      /* on the damage die */
  const char *loading;
  const char *cls;
} Volley;

/* Whether the group fires as commanded troops: under command and able to fire volleys.
 * Decision (rf.json "no-volleys"): troops who cannot fire volleys count as uncommanded for
 * shooting whatever their command; a player character is not a group and keeps his shot. */
static gboolean
fires_commanded (AdjInputs *in)
{
  return adj_inputs_get_bool (in, "commanded") && adj_inputs_get_bool (in, "volleys");
}

/* Everything about a volley that comes before the dice.  Decisions: uncommanded rates round
 * down (a lone figure standing still does not shoot); bows shoot like breech-loaders; a player
 * character fires one shot, loaded as his weapon needs; hand-hurled weapons count one thrower
 * in three only under command, and uncommanded throwers shoot at the uncommanded rate (rf.json
 * "thrown-one-in-three"). */
static gboolean
volley_plan (const AdjContext  *ctx,
             AdjInputs         *in,
             Volley            *v,
             AdjOutcome        *outcome,
             GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  const AdjWeapon *w = adj_ruleset_find_weapon (rs, adj_inputs_get_string (in, "weapon"));
  int shooters = adj_inputs_get_int (in, "shooters");
  int wounded = adj_inputs_get_int (in, "wounded");
  const char *quality = adj_inputs_get_string (in, "quality");
  gboolean character = adj_inputs_get_bool (in, "character");
  gboolean commanded = character || fires_commanded (in);

  memset (v, 0, sizeof *v);
  if (!rf_weapon_shoots (w))
    return adj_not_allowed (error, _("%s: a close-combat weapon cannot shoot"),
                            adj_gettext (w->label));
  if (wounded > shooters)
    return adj_not_allowed (error, ngettext ("%d wounded among %d figure able to shoot",
                                             "%d wounded among %d figures able to shoot",
                                             shooters), wounded, shooters);
  if (adj_inputs_get_int (in, "aim") > 0 && !character)
    return adj_not_allowed (error, _("Only a player character picks the figure he aims at"));

  v->band = range_band (w, adj_inputs_get_int (in, "distance"));
  v->loading = effective_loading (w, in);
  v->cls = adj_weapon_rule_string (w, "class", "other");
  v->able = v->band == BAND_SHORT ? shooters : shooters - wounded;
  if (g_str_equal (quality, "hero"))
    v->mod = rf_modifier_value (rs, "damage", "hero");
  else if (g_str_equal (quality, "raw"))
    v->mod = rf_modifier_value (rs, "damage", "raw");

  if (v->band == BAND_OUT)
    {
      if (outcome != NULL)
        adj_outcome_add_note (outcome, _("The target is beyond the %s's long range of %d cm."),
                              adj_gettext (w->label), adj_weapon_rule_int (w, "long", 0));
      return TRUE;
    }
  v->need = rf_to_hit_need (rs, band_ids[v->band], adj_inputs_get_string (in, "cover"));
  if (outcome != NULL && v->band != BAND_SHORT && wounded > 0)
    explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
             ngettext ("%d wounded figure cannot shoot beyond short range.",
                       "%d wounded figures cannot shoot beyond short range.", wounded), wounded);

  if (character)
    {
      v->shots = v->able > 0 && (!g_str_equal (v->loading, "muzzle") ||
                                 adj_inputs_get_bool (in, "loaded")) ? 1 : 0;
      if (outcome != NULL)
        adj_outcome_add_note (outcome, _("A player character fires one shot."));
    }
  else if (!commanded)
    {
      int per = adj_rules_int (rs, "fire", adj_inputs_get_bool (in, "moving")
                                             ? "uncommanded_moving" : "uncommanded_stationary");
      v->shots = v->able / per;
      if (outcome != NULL)
        {
          if (adj_inputs_get_bool (in, "commanded"))
            adj_outcome_add_note (outcome, _("They cannot fire volleys: under command or not, "
                                             "they shoot as uncommanded troops."));
          explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                   _("Uncommanded: one shot for every %d figures."), per);
          adj_outcome_add_note (outcome, _("Uncommanded troops shoot only at the nearest enemy."));
        }
    }
  else if (g_str_equal (v->loading, "muzzle"))
    {
      v->shots = adj_inputs_get_bool (in, "loaded") ? v->able : 0;
      if (outcome != NULL)
        adj_outcome_add_note (outcome, adj_inputs_get_bool (in, "loaded")
                              ? _("Muzzle-loaders fire what they loaded; they may have moved at "
                                  "up to half speed.")
                              : _("Muzzle-loaders must first spend a halted turn loading."));
    }
  else if (g_str_equal (v->loading, "thrown"))
    {
      int per = adj_rules_int (rs, "fire", "thrown_per");
      v->shots = v->able / per;
      if (outcome != NULL)
        explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                 _("Throwers under command: one in %d counts, rounded down; they move at full "
                   "speed."), per);
    }
  else
    {
      v->shots = v->able;
      if (outcome != NULL)
        adj_outcome_add_note (outcome, g_str_equal (v->loading, "magazine")
                              ? _("Magazine rifles fire every turn at full speed.")
                              : _("Every figure fires; the group moves at half speed this "
                                  "turn."));
    }
  return TRUE;
}

/* Whether a to-hit D8 showing @die hits. */
static gboolean
volley_hits (const Volley *v,
             int           die)
{
  return die >= v->need;
}

/* What a damage die showing @die does, read on the volley's damage row once modified: "graze",
 * "wound" or "kill"; the face read in @face. */
static const char *
volley_damage (AdjRuleset   *rs,
               const Volley *v,
               int           die,
               int          *face)
{
  *face = CLAMP (die + v->mod, 1, 6);
  return rf_damage_result (rs, v->cls, *face);
}

/* Faces of the to-hit die that hit, and of the damage die that wound or kill. */
static void
volley_faces (AdjRuleset   *rs,
              const Volley *v,
              int          *hits,
              int          *wounds,
              int          *kills)
{
  int face;

  *hits = *wounds = *kills = 0;
  for (int d = 1; d <= 8; d++)
    *hits += volley_hits (v, d) ? 1 : 0;
  for (int d = 1; d <= 6; d++)
    {
      const char *r = volley_damage (rs, v, d, &face);
      if (g_str_equal (r, "wound"))
        (*wounds)++;
      else if (g_str_equal (r, "kill"))
        (*kills)++;
    }
}

static void
shooting_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  Volley v;
  AdjDrawSpec spec = { "to-hit", N_("To hit, one D8 a shot"), 0, 8 };

  if (!volley_plan (ctx, in, &v, NULL, NULL) || v.shots == 0)
    return;
  spec.count = (guint) v.shots;
  g_array_append_val (specs, spec);
}

static gboolean
shooting_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  AdjUnit *target = adj_input_unit (ctx, in, "target");
  int aim = adj_inputs_get_int (in, "aim");
  Volley v;
  g_autofree int *hit_dice = NULL;
  g_autofree int *damage_dice = NULL;
  int hits = 0, wounds = 0, kills = 0, died = 0;
  Figures figs = { 0 };
  g_autofree char *title = NULL;

  if (!volley_plan (ctx, in, &v, outcome, error))
    return FALSE;
  explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, v.shots, _("Shots"));
  adj_outcome_set_value_int (outcome, "shots", v.shots);
  adj_outcome_set_value_string (outcome, "band", band_ids[v.band]);
  if (v.shots == 0)
    {
      adj_outcome_set_number (outcome, 0, _("No casualties"),
                              v.band == BAND_OUT ? _("The target is out of range")
                                                 : _("No shots this turn"));
      adj_outcome_set_value_int (outcome, "hits", 0);
      return TRUE;
    }

  /* To hit: all the D8s at once. */
  hit_dice = g_new0 (int, v.shots);
  if (!adj_random_roll (random, "to-hit", N_("To hit, one D8 a shot"), (guint) v.shots, 8,
                        hit_dice, error))
    return FALSE;
  for (int i = 0; i < v.shots; i++)
    if (volley_hits (&v, hit_dice[i]))
      hits++;
  explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, hits,
           _("At %s, target %s: each D8 needs %d or more; hits"), band_label (v.band),
           cover_phrase (adj_inputs_get_string (in, "cover")), v.need);

  /* Who is hit comes from the target's own record when the battle has one. */
  rf_figures_init (&figs, target, target != NULL && adj_unit_get_members (target) != NULL ? -1
                                   : adj_inputs_get_int (in, "targets"), NULL, NULL);
  if (aim > 0)
    {
      json_object *members = target != NULL ? adj_unit_get_members (target) : NULL;
      gboolean found = FALSE;

      for (guint i = 0; i < figs.figs->len; i++)
        if (rf_fig_at (&figs, i)->member == aim - 1)
          found = TRUE;
      if (members == NULL || !found)
        {
          rf_figures_clear (&figs);
          return adj_not_allowed (error, _("The target has no figure %d in play to aim at"),
                                  aim);
        }
    }

  if (hits > 0)
    {
      damage_dice = g_new0 (int, hits);
      if (!adj_random_roll (random, "damage", N_("Damage, one D6 a hit"), (guint) hits, 6,
                            damage_dice, error))
        {
          rf_figures_clear (&figs);
          return FALSE;
        }
      if (v.mod != 0)
        adj_outcome_add_modifier (outcome, "damage", v.mod > 0
                                  ? rf_modifier_label (rs, "damage", "hero")
                                  : rf_modifier_label (rs, "damage", "raw"), v.mod);
    }
  for (int h = 0; h < hits; h++)
    {
      int face;
      const char *result = volley_damage (rs, &v, damage_dice[h], &face);
      gboolean kill = g_str_equal (result, "kill");
      Fig *fig = NULL;
      const char *who = NULL;
      guint left = rf_figures_in_play (&figs);

      if (g_str_equal (result, "graze"))
        {
          explain (outcome, ADJ_EXPLAIN_TABLE, "damage", TRUE, face, _("Hit %d: a graze"), h + 1);
          continue;
        }
      if (kill)
        kills++;
      else
        wounds++;
      if (left == 0)
        {
          explain (outcome, ADJ_EXPLAIN_TABLE, "damage", TRUE, face,
                   kill ? _("Hit %d: a kill, but no one is left to hit")
                        : _("Hit %d: a wound, but no one is left to hit"), h + 1);
          continue;
        }
      if (aim > 0)
        {
          for (guint i = 0; i < figs.figs->len; i++)
            if (rf_fig_at (&figs, i)->member == aim - 1)
              fig = rf_fig_at (&figs, i);
          if (fig->lost)
            {
              explain (outcome, ADJ_EXPLAIN_TABLE, "damage", TRUE, face,
                       _("Hit %d: his target is already down"), h + 1);
              continue;
            }
        }
      else if (left == 1)
        fig = rf_figure_in_play (&figs, 0);
      else
        {
          int pick;

          if (!adj_random_roll (random, "figure", N_("Which figure is hit"), 1, left, &pick,
                                error))
            {
              rf_figures_clear (&figs);
              return FALSE;
            }
          fig = rf_figure_in_play (&figs, (guint) pick - 1);
        }
      who = rf_figure_name (&figs, fig);
      if (rf_figure_hurt (&figs, fig, kill))
        {
          died++;
          explain (outcome, ADJ_EXPLAIN_TABLE, "damage", TRUE, face,
                   kill ? _("Hit %d: %s is killed") : _("Hit %d: %s is wounded a second time "
                                                       "and dies"), h + 1, who);
        }
      else
        explain (outcome, ADJ_EXPLAIN_TABLE, "damage", TRUE, face, _("Hit %d: %s is wounded"),
                 h + 1, who);
    }

  json_object_object_add (outcome->values, "target", rf_figures_to_json (&figs));
  rf_figures_clear (&figs);
  adj_outcome_set_value_int (outcome, "hits", hits);
  adj_outcome_set_value_int (outcome, "wounds", wounds);
  adj_outcome_set_value_int (outcome, "kills", kills);
  adj_outcome_set_value_int (outcome, "dead", died);
  title = wounds + kills == 0
    ? g_strdup (_("No casualties"))
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d casualty", "%d casualties",
                               (gulong) (wounds + kills)), wounds + kills);
  {
    g_autofree char *reason =
      g_strdup_printf (_("shots %d, hits %d: %d wounded, %d killed outright, %d dead in all"),
                  v.shots, hits, wounds, kills, died);
    adj_outcome_set_number (outcome, wounds + kills, title, reason);
  }
  return TRUE;
}

/* Binomial odds of the number of casualties: each shot hurts with probability
 * (9 - need) / 8 * (wounding or killing faces) / 6, independently of the others.  With them, the
 * chances they come from: that a shot hits, and what a hit does. */
static gboolean
shooting_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  Volley v;
  int hf, wf, kf;
  guint64 a, d, g;
  guint n;
  g_autofree mpz_t *ways = NULL;
  mpz_t total, power;

  if (!volley_plan (ctx, in, &v, NULL, error))
    return FALSE;
  n = (guint) v.shots;
  volley_faces (ctx->ruleset, &v, &hf, &wf, &kf);
  if (v.band == BAND_OUT)
    hf = 0;
  a = n > 0 ? (guint64) hf * (guint64) (wf + kf) : 0;
  d = 48;
  g = adj_gcd (a, d);
  a /= g;
  d /= g;

  /* C(n, k) a^k (d - a)^(n - k) ways of d^n. */
  ways = g_new (mpz_t, n + 1);
  mpz_inits (total, power, NULL);
  mpz_ui_pow_ui (total, (gulong) d, n);
  for (guint k = 0; k <= n; k++)
    {
      g_autofree char *key = g_strdup_printf ("%u", k);
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d casualty",
                                                             "%d casualties", k), (int) k);

      adj_odds_declare (odds, key, label);
      mpz_init (ways[k]);
      mpz_bin_uiui (ways[k], n, k);
      mpz_ui_pow_ui (power, (gulong) a, k);
      mpz_mul (ways[k], ways[k], power);
      mpz_ui_pow_ui (power, (gulong) (d - a), n - k);
      mpz_mul (ways[k], ways[k], power);
    }
  adj_rules_odds_ways (odds, ways, n + 1, total);
  for (guint k = 0; k <= n; k++)
    mpz_clear (ways[k]);
  mpz_clears (total, power, NULL);

  adj_odds_add_chance (odds, "hit", N_("A shot hits"), (guint64) hf, 8);
  adj_odds_add_chance (odds, "graze", N_("A hit only grazes"), (guint64) (6 - wf - kf), 6);
  adj_odds_add_chance (odds, "wound", N_("A hit wounds"), (guint64) wf, 6);
  adj_odds_add_chance (odds, "kill", N_("A hit kills"), (guint64) kf, 6);
  return TRUE;
}

static gboolean
shooting_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *shooter = adj_input_unit (ctx, in, "shooter");
  AdjUnit *target = adj_input_unit (ctx, in, "target");

  if (shooter != NULL)
    {
      json_object *members = adj_unit_get_members (shooter);
      const AdjUnitType *type = rf_unit_type_of (ctx, shooter);
      int able = 0, wounded = 0;

      if (members == NULL)
        able = adj_unit_get_figures (shooter);
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          if (!rf_member_in_play (members, i))
            continue;
          able++;
          if (adj_member_get_int (members, i, "wounds") > 0)
            wounded++;
        }
      if (!adj_inputs_set_int (in, "shooters", MIN (able, MAX_FIGURES), error) ||
          !adj_inputs_set_int (in, "wounded", MIN (wounded, MAX_FIGURES), error) ||
          !adj_inputs_set_bool (in, "volleys", type == NULL ||
                                adj_unit_type_rule_bool (type, "volleys", TRUE), error) ||
          !adj_inputs_set_bool (in, "character",
                                type != NULL && g_str_equal (type->category, "character"),
                                error))
        return FALSE;
    }
  if (target != NULL)
    return adj_inputs_set_int (in, "targets",
                               CLAMP (adj_unit_get_figures (target), 1, MAX_FIGURES), error);
  return TRUE;
}

static gboolean
shooting_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *shooter = adj_input_unit (ctx, in, "shooter");
  json_object *record = json_object_object_get (outcome->values, "target");
  const AdjWeapon *w = adj_ruleset_find_weapon (ctx->ruleset, adj_inputs_get_string (in, "weapon"));

  if (ctx->battle == NULL)
    return TRUE;
  if (record != NULL && !rf_apply_figures (ctx->battle, changes, record, error))
    return FALSE;
  /* Commanded muzzle-loaders have emptied their barrels. */
  if (shooter != NULL && adj_outcome_get_value_int (outcome, "shots", 0) > 0 &&
      (fires_commanded (in) || adj_inputs_get_bool (in, "character")) &&
      g_str_equal (effective_loading (w, in), "muzzle"))
    {
      g_autoptr(json_object) no = json_object_new_boolean (FALSE);
      return rf_change_status (ctx->battle, changes, shooter, "loaded", no, error);
    }
  return TRUE;
}

static gboolean
shooting_legal (const AdjContext  *ctx,
                AdjInputs         *in,
                GError           **error)
{
  return rf_legal_fight (ctx, in, "shooter", "target", TRUE, error);
}

const AdjMechanic rf_shooting = {
  .id = "rf/shooting",
  .title = N_("Shooting"),
  .summary = N_("A group or a player character shoots: shots by command and loading, a D8 to "
                "hit by range and cover, a D6 for the damage of each hit, and who it hits."),
  .scope = ADJ_SCOPE_PAIR,
  MECHANIC_INPUTS (shooting_inputs),
  .random_note = N_("All the D8s to hit first; then a D6 of damage for each hit; then, for each "
                    "wound or kill, a die as large as the figures left to say who is hit."),
  .draws = shooting_draws,
  .legal = shooting_legal,
  .resolve = shooting_resolve,
  .odds = shooting_odds,
  .prefill = shooting_prefill,
  .apply = shooting_apply,
};
