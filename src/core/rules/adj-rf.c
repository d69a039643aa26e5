/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf.c: the Risk Factor colonial skirmish rules — every mechanic, the solo step and
 * hidden deployment.
 *
 * The numbers and tables (dice by quality, command costs and distances, moves, weapon ranges
 * and melee factors, the to-hit, damage and both reaction tables, the Risk Factor values)
 * live in data/rulesets/rf.json; this file decides when each applies.  Figures are followed
 * one by one through the generic record per figure (adj-members.h): a wound is counted on
 * the figure it hits and a second one kills him.
 *
 * Where RULES.md leaves a point open, the choice made here is marked "Decision:".
 *
 * Exact odds.  Command, movement and the reaction roll have at most a handful of dice, whose
 * sums are counted outright.  A volley is a row of identical, independent shots: the number of
 * casualties is binomial, counted with 128-bit integers.  A melee is a set of independent
 * clusters (one figure against the figures paired with him): each cluster's spread of fights
 * won is counted face by face and the clusters are convolved.  When a count no longer fits,
 * odds->overflow is set and the probabilities, carried alongside as doubles, are what is left.
 */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "adj-army.h"
#include "adj-battle.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-json.h"
#include "adj-members.h"
#include "adj-rf.h"
#include "adj-rules-util.h"
#include "adj-rules.h"
#include "adj-secret.h"

typedef unsigned __int128 Ways;

#define MAX_FIGURES 1000
/* Figures on one side of a melee: two full groups of 30 fighting together. */
#define MAX_MELEE   60
#define MAX_CM      10000

/* ------------------------------------------------------------------------------------------ */
/* shared declarations                                                                         */

static const AdjChoice quality_choices[] = {
  { "hero", N_("Hero") },
  { "veteran", N_("Veteran") },
  { "raw", N_("Raw") },
};

static const AdjChoice link_choices[] = {
  { "none", N_("Nobody") },
  { "hero", N_("A hero (4D6)") },
  { "veteran", N_("A veteran (3D6)") },
  { "raw", N_("A raw NCO (2D6)") },
};

static const AdjChoice cover_choices[] = {
  { "open", N_("In the open") },
  { "soft", N_("Soft cover (bushes, crops, fences)") },
  { "hard", N_("Hard cover (walls, rocks, buildings)") },
};

static const AdjChoice loading_choices[] = {
  { "breech", N_("Breech-loaders") },
  { "muzzle", N_("Muzzle-loaders") },
  { "magazine", N_("Magazine rifles") },
};

static const AdjChoice arms_choices[] = {
  { "missile", N_("Missile troops (firearms, bows, slings)") },
  { "close", N_("Close-combat weapons only") },
};

static const AdjChoice command_outcomes[] = {
  { "all", N_("Every group named is under command") },
  { "some", N_("Some of the groups are under command") },
  { "none", N_("No group is under command") },
  { "points", N_("Command points rolled") },
};

/* The order of the reaction tables; rf.json's "risk_factor.actions" must list the same. */
static const AdjChoice reaction_outcomes[] = {
  { "carry-on", N_("Carry on") },
  { "close-in", N_("Move toward the enemy") },
  { "attack", N_("Attack") },
  { "advance", N_("Advance") },
  { "halt", N_("Halt") },
  { "retreat", N_("Retreat") },
  { "rout", N_("Rout") },
};

static const AdjChoice melee_outcomes[] = {
  { "attacker", N_("The attackers win: the defenders fall back") },
  { "defender", N_("The defenders win: the attackers fall back") },
  { "draw", N_("A draw: both sides fall back") },
};

static const AdjChoice victory_outcomes[] = {
  { "lost", N_("Every group is falling back: the side has lost") },
  { "fighting", N_("The side fights on") },
};

#define UNIT_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_UNIT, .label = label_, .optional = TRUE }
#define SIDE_INPUT(name_, label_) \
  { .name = name_, .kind = ADJ_FIELD_SIDE, .label = label_, .optional = TRUE }
#define BOOL_INPUT(name_, label_, hint_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_ }
#define BOOL_DEF(name_, label_, hint_, def_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_, .def = def_ }
#define BOOL_FROM(name_, label_, hint_, from_) \
  { .name = name_, .kind = ADJ_FIELD_BOOL, .label = label_, .hint = hint_, .from = from_ }
#define INT_INPUT(name_, label_, hint_, min_, max_, def_) \
  { .name = name_, .kind = ADJ_FIELD_INT, .label = label_, .hint = hint_, .min = min_, \
    .max = max_, .def = def_ }
#define ENUM_INPUT(name_, label_, hint_, choices_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .hint = hint_, \
    .choices = choices_, .n_choices = G_N_ELEMENTS (choices_), .def_choice = def_, \
    .from = from_ }
#define WEAPON_INPUT(name_, label_, def_, from_) \
  { .name = name_, .kind = ADJ_FIELD_ENUM, .label = label_, .choices_from = "weapons", \
    .def_choice = def_, .from = from_ }

/* ------------------------------------------------------------------------------------------ */
/* the ruleset's numbers (rf_check_ruleset made sure every one of them is there)               */

static json_object *
rf_get (json_object *obj,
        const char  *key)
{
  json_object *v = NULL;

  json_object_object_get_ex (obj, key, &v);
  return v;
}

static json_object *
rf_section (AdjRuleset *rs,
            const char *section)
{
  return rf_get (adj_ruleset_get_json (rs), section);
}

static int
rf_int (AdjRuleset *rs,
        const char *section,
        const char *key)
{
  return adj_rules_int (rs, section, key);
}

/* Dice a leader of this quality throws for command: 4, 3 or 2. */
static int
quality_dice (AdjRuleset *rs,
              const char *quality)
{
  return json_object_get_int (rf_get (rf_get (rf_section (rs, "command"), "dice"), quality));
}

static int
to_hit_need (AdjRuleset *rs,
             const char *band,
             const char *cover)
{
  json_object *need = rf_get (rf_section (rs, "to_hit"), "need");

  return json_object_get_int (rf_get (rf_get (need, band), cover));
}

/* "graze", "wound" or "kill" for a (modified) damage die of 1 to 6. */
static const char *
damage_result (AdjRuleset *rs,
               const char *cls,
               int         face)
{
  json_object *row = rf_get (rf_get (rf_section (rs, "damage"), "results"), cls);

  return json_object_get_string (json_object_array_get_idx (row, (gsize) (face - 1)));
}

static json_object *
reaction_row (AdjRuleset *rs,
              const char *arms,
              int         rf)
{
  json_object *rows = rf_get (rf_get (rf_section (rs, "risk_factor"), "tables"), arms);

  for (gsize i = 0; i < json_object_array_length (rows); i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);
      json_object *min = rf_get (row, "min"), *max = rf_get (row, "max");

      if ((min == NULL || rf >= json_object_get_int (min)) &&
          (max == NULL || rf <= json_object_get_int (max)))
        return row;
    }
  g_return_val_if_reached (NULL);
}

static const char *
reaction_action (AdjRuleset *rs,
                 const char *arms,
                 int         rf,
                 int         face)
{
  json_object *row = reaction_row (rs, arms, rf);

  return json_object_get_string (json_object_array_get_idx (rf_get (row, "actions"),
                                                            (gsize) (face - 1)));
}

/* The players' description of an action, from the ruleset (untranslated). */
static const char *
action_meaning (AdjRuleset *rs,
                const char *action)
{
  json_object *actions = rf_get (rf_section (rs, "risk_factor"), "actions");

  for (gsize i = 0; i < json_object_array_length (actions); i++)
    {
      json_object *a = json_object_array_get_idx (actions, i);

      if (g_str_equal (json_object_get_string (rf_get (a, "id")), action))
        return json_object_get_string (rf_get (a, "hint"));
    }
  g_return_val_if_reached ("");
}

static int
modifier_value (AdjRuleset *rs,
                const char *group,
                const char *id)
{
  return adj_ruleset_get_modifier (rs, group, id)->value;
}

static const char *
modifier_label (AdjRuleset *rs,
                const char *group,
                const char *id)
{
  return adj_gettext (adj_ruleset_get_modifier (rs, group, id)->label);
}

/* ---- weapons ---- */

static json_object *
weapon_rule (const AdjWeapon *w,
             const char      *key)
{
  return w != NULL ? rf_get (rf_get (w->json, "rules"), key) : NULL;
}

static int
weapon_int (const AdjWeapon *w,
            const char      *key,
            int              fallback)
{
  json_object *v = weapon_rule (w, key);
  return json_object_is_type (v, json_type_int) ? json_object_get_int (v) : fallback;
}

static const char *
weapon_string (const AdjWeapon *w,
               const char      *key,
               const char      *fallback)
{
  json_object *v = weapon_rule (w, key);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : fallback;
}

static gboolean
weapon_shoots (const AdjWeapon *w)
{
  return weapon_int (w, "long", 0) > 0;
}

static gboolean
weapon_is_missile (const AdjWeapon *w)
{
  json_object *v = weapon_rule (w, "missile");
  return json_object_get_boolean (v);
}

static int
melee_factor (AdjRuleset *rs,
              const char *weapon)
{
  return weapon_int (adj_ruleset_find_weapon (rs, weapon), "melee", 0);
}

/* ---- units and their figures ---- */

static char *
unit_target (AdjUnit *unit)
{
  return g_strconcat ("unit:", adj_unit_get_id (unit), NULL);
}

static gboolean
member_in_play (json_object *members,
                guint        i)
{
  return !adj_member_get_bool (members, i, ADJ_MEMBER_LOST);
}

static const char *
member_role (json_object *members,
             guint        i)
{
  const char *role = adj_member_get_string (members, i, "role");
  return role != NULL ? role : "figure";
}

static gboolean
role_passes_orders (const char *role)
{
  return g_str_equal (role, "nco") || g_str_equal (role, "drummer") ||
         g_str_equal (role, "bugler");
}

static const char *
member_rating (json_object *members,
               guint        i)
{
  return adj_member_get_string (members, i, ADJ_MEMBER_RATING);
}

/* A member's quality: his own @rating, else the group's, else veteran. */
static const char *
member_quality (AdjUnit     *unit,
                const char  *rating,
                const char  *group_quality)
{
  const char *q;

  if (rating != NULL)
    return rating;
  if (group_quality != NULL)
    return group_quality;
  q = unit != NULL ? adj_unit_get_rating (unit) : NULL;
  return q != NULL ? q : "veteran";
}

static const char *
member_weapon (json_object *members,
               guint        i,
               const char  *group_weapon)
{
  const char *w = adj_member_get_string (members, i, ADJ_MEMBER_WEAPON);
  return w != NULL ? w : group_weapon;
}

/* Wounded or killed members, of all of them (both 0 without a record). */
static void
count_hurt (AdjUnit *unit,
            int     *hurt,
            int     *total)
{
  json_object *members = unit != NULL ? adj_unit_get_members (unit) : NULL;
  guint n = members != NULL ? (guint) json_object_array_length (members) : 0;

  for (guint i = 0; i < n; i++)
    {
      (*total)++;
      if (!member_in_play (members, i) || adj_member_get_int (members, i, "wounds") > 0)
        (*hurt)++;
    }
}

static const AdjUnitType *
unit_type_of (const AdjContext *ctx,
              AdjUnit          *unit)
{
  return unit != NULL ? adj_ruleset_find_unit_type (ctx->ruleset, adj_unit_get_type_id (unit))
                      : NULL;
}

static gboolean
is_group_category (const char *category)
{
  return g_str_equal (category, "infantry") || g_str_equal (category, "cavalry") ||
         g_str_equal (category, "civilians");
}

static Ways
gcd_ways (Ways a,
          Ways b)
{
  while (b != 0)
    {
      Ways t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* Exact odds from 128-bit counts over @total, reduced; the doubles when they do not fit. */
static void
finish_ways (AdjOdds            *odds,
             const char * const *keys,
             const char * const *labels,
             const Ways         *counts,
             const double       *p,
             guint               n,
             Ways                total,
             gboolean            exact)
{
  Ways g = total;

  for (guint k = 0; k < n; k++)
    adj_odds_declare (odds, keys[k], labels[k]);
  if (exact)
    {
      for (guint k = 0; k < n; k++)
        g = gcd_ways (g, counts[k]);
      if (total / g <= G_MAXUINT64)
        {
          for (guint k = 0; k < n; k++)
            adj_odds_add (odds, keys[k], labels[k], (guint64) (counts[k] / g));
          adj_odds_finish (odds, (guint64) (total / g));
          return;
        }
    }
  odds->overflow = TRUE;
  adj_odds_finish (odds, 1);
  for (guint k = 0; k < n; k++)
    {
      AdjOddsEntry *e = (AdjOddsEntry *) adj_odds_find (odds, keys[k]);
      e->p = p[k];
      e->count = 0;
      e->num = 0;
      e->den = 0;
    }
}

/* One line of explanation, formatted. */
#define explain adj_outcome_add_linef

/* Record a figure's new state, as "members.<i>.<key>" changes against the battle. */
static gboolean
change_member (AdjBattle     *battle,
               AdjChangeSet  *changes,
               AdjUnit       *unit,
               guint          i,
               const char    *key,
               json_object   *value,
               GError       **error)
{
  g_autofree char *target = unit_target (unit);
  g_autofree char *field = g_strdup_printf ("members.%u.%s", i, key);
  g_autoptr(json_object) before = adj_unit_get_field (unit, field);

  if (adj_json_equal (before, value))
    return TRUE;
  return adj_battle_change_field (battle, changes, target, field, value, error);
}

static gboolean
change_status (AdjBattle     *battle,
               AdjChangeSet  *changes,
               AdjUnit       *unit,
               const char    *status,
               json_object   *value,
               GError       **error)
{
  g_autofree char *target = unit_target (unit);
  g_autofree char *field = g_strconcat ("status.", status, NULL);
  g_autoptr(json_object) before = adj_unit_get_field (unit, field);

  if (adj_json_equal (before, value))
    return TRUE;
  return adj_battle_change_field (battle, changes, target, field, value, error);
}

/* ------------------------------------------------------------------------------------------ */
/* figures in a fight: a group's record, or anonymous figures where it keeps none             */

typedef struct {
  int         member;    /* index into the unit's record, or -1 */
  int         wounds;
  gboolean    lost;
  gboolean    touched;
  const char *quality;
  const char *weapon;
} Fig;

enum { ANON_FIGURE, ANON_ATTACKER, ANON_DEFENDER };

/* A side of a melee fits in the room kept inside Figures; a bigger group takes a block of its
 * own.  A big fight then makes no allocation of a kilobyte or more, which would have glibc's
 * malloc sort out every small block freed so far. */
#define FIGURES_INLINE MAX_MELEE

typedef struct {
  AdjUnit    *unit;      /* NULL without a battle */
  Fig        *figs;      /* n_figs of them: in_place, or a block of their own */
  guint       n_figs;
  int         anonymous_lost;
  guint       anonymous; /* what to call a figure without a record: ANON_* */
  const char **names;    /* each figure's name, made when first asked for; or NULL */
  char *const *anonymous_names;  /* without a record, the names of the kind, or NULL */
  Fig         in_place[FIGURES_INLINE];
} Figures;

/* The first @n figures in play of @unit (all of them with @n < 0); without a record, @n
 * anonymous figures of @quality and @weapon. */
static void
figures_init (Figures    *f,
              AdjUnit    *unit,
              int         n,
              const char *quality,
              const char *weapon)
{
  json_object *members = unit != NULL ? adj_unit_get_members (unit) : NULL;
  guint total = members != NULL ? (guint) json_object_array_length (members) : 0;
  guint room = n >= 0 ? (guint) n : total, len = 0;
  Fig *figs;

  f->unit = unit;
  f->names = NULL;
  f->anonymous_names = NULL;
  f->anonymous_lost = 0;
  f->anonymous = ANON_FIGURE;
  /* Room for @room, of which the figures found are the first n_figs. */
  f->figs = figs = room <= FIGURES_INLINE ? f->in_place : g_new (Fig, room);
  for (guint i = 0; i < total && len < room; i++)
    {
      Fig fig = { .member = (int) i };
      const char *rating = NULL, *own_weapon = NULL;
      gboolean lost = FALSE;

      /* The four fields a fight needs, in one pass over the member's few keys, most of which
       * the first letter tells apart. */
#define KEY_IS(key, literal) ((key)[0] == (literal)[0] && strcmp ((key), (literal)) == 0)
      json_object_object_foreach (json_object_array_get_idx (members, i), key, value)
        {
          if (KEY_IS (key, ADJ_MEMBER_LOST))
            lost = json_object_get_boolean (value);
          else if (KEY_IS (key, "wounds"))
            fig.wounds = json_object_get_int (value);
          else if (KEY_IS (key, ADJ_MEMBER_RATING) &&
                   json_object_is_type (value, json_type_string))
            rating = json_object_get_string (value);
          else if (KEY_IS (key, ADJ_MEMBER_WEAPON) &&
                   json_object_is_type (value, json_type_string))
            own_weapon = json_object_get_string (value);
        }
#undef KEY_IS
      if (lost)
        continue;
      fig.quality = member_quality (unit, rating, quality);
      fig.weapon = own_weapon != NULL ? own_weapon : weapon;
      figs[len++] = fig;
    }
  while (members == NULL && len < room)
    figs[len++] = (Fig) { .member = -1, .quality = quality, .weapon = weapon };
  f->n_figs = len;
}

static void
figures_clear (Figures *f)
{
  g_clear_pointer (&f->names, g_free);
  if (f->figs != f->in_place)
    g_free (f->figs);
  f->figs = NULL;
  f->n_figs = 0;
}

static Fig *
fig_at (Figures *f,
        guint    i)
{
  return &f->figs[i];
}

static guint
figures_in_play (Figures *f)
{
  guint n = 0;

  for (guint i = 0; i < f->n_figs; i++)
    if (!fig_at (f, i)->lost)
      n++;
  return n;
}

/* The @k-th figure still in play (from 0). */
static Fig *
figure_in_play (Figures *f,
                guint    k)
{
  for (guint i = 0; i < f->n_figs; i++)
    if (!fig_at (f, i)->lost && k-- == 0)
      return fig_at (f, i);
  g_return_val_if_reached (NULL);
}

/* A figure without a record has the same name in every fight ("attacker 3"): the names are
 * made once for each kind and language and kept, and found without a lock.  A list that is
 * outgrown or made for another language is kept too, as another thread may be reading it. */
typedef struct _AnonymousNames AnonymousNames;
struct _AnonymousNames {
  AnonymousNames *older;
  const char     *format;   /* the translated format the names were made from */
  guint           n;
  char           *name[];
};

/* What a figure without a record is called, by ANON_*: each has one %u, the figure's number. */
static const char *const anonymous_formats[] = {
  /* TRANSLATORS: a figure of a group without a record, e.g. "figure 3" */
  N_("figure %u"),
  /* TRANSLATORS: an attacking figure of a group without a record, e.g. "attacker 2" */
  N_("attacker %u"),
  /* TRANSLATORS: a defending figure of a group without a record, e.g. "defender 2" */
  N_("defender %u"),
};

/* The names of figures without a record of @kind, from the first to at least the @n-th. */
static char *const *
anonymous_names (guint kind,
                 guint n)
{
  static AnonymousNames *lists[G_N_ELEMENTS (anonymous_formats)];
  G_LOCK_DEFINE_STATIC (lists);
  const char *format;
  AnonymousNames *list;

  kind = MIN (kind, G_N_ELEMENTS (lists) - 1);
  /* The translated format stands for the language: the catalogue's text, or the literal. */
  format = _(anonymous_formats[kind]);
  list = g_atomic_pointer_get (&lists[kind]);

  if (list == NULL || list->format != format || n > list->n)
    {
      G_LOCK (lists);
      list = lists[kind];
      if (list == NULL || list->format != format || n > list->n)
        {
          guint room = MAX (MAX (n, 16), list != NULL && list->format == format ? 2 * list->n
                                                                                : 0);
          AnonymousNames *more = g_malloc (sizeof (AnonymousNames) + room * sizeof (char *));

          more->older = list;
          more->format = format;
          more->n = room;
          /* The format is one of the table's three, each with a single %u, which the compiler
           * cannot see here. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
          for (guint k = 0; k < room; k++)
            more->name[k] = g_strdup_printf (format, k + 1);
#pragma GCC diagnostic pop
          g_atomic_pointer_set (&lists[kind], more);
          list = more;
        }
      G_UNLOCK (lists);
    }
  return list->name;
}

/* What to call @fig: the name its record gives, or "attacker 2" and the like; owned by @f. */
static const char *
figure_name (Figures *f,
             Fig     *fig)
{
  guint i = (guint) (fig - fig_at (f, 0));

  if (fig->member < 0 || f->unit == NULL)
    {
      /* A group without a record: its figures are named by their place in the fight. */
      if (f->anonymous_names == NULL)
        f->anonymous_names = anonymous_names (f->anonymous, f->n_figs);
      return f->anonymous_names[i];
    }
  if (f->names == NULL)
    f->names = g_new0 (const char *, f->n_figs);
  if (f->names[i] == NULL)
    {
      /* As adj_member_describe() has it, without a copy: the record outlives the fight. */
      f->names[i] = adj_member_get_string (adj_unit_get_members (f->unit), (guint) fig->member,
                                           ADJ_MEMBER_NAME);
      if (f->names[i] == NULL)
        f->names[i] = anonymous_names (ANON_FIGURE, (guint) fig->member + 1)[fig->member];
    }
  return f->names[i];
}

/* A wound, or a kill; a second wound kills.  Returns TRUE when the figure is now dead. */
static gboolean
figure_hurt (Figures  *f,
             Fig      *fig,
             gboolean  kill)
{
  fig->touched = TRUE;
  if (kill || fig->wounds >= 1)
    {
      fig->lost = TRUE;
      if (fig->member < 0)
        f->anonymous_lost++;
      return TRUE;
    }
  fig->wounds = 1;
  return FALSE;
}

/* What happened to the figures, for apply: {"unit", "members": [{"member", "wounds", "lost"}],
 * "anonymous_lost"}. */
static json_object *
figures_to_json (Figures *f)
{
  json_object *obj = json_object_new_object ();
  json_object *list = json_object_new_array ();

  for (guint i = 0; i < f->n_figs; i++)
    {
      Fig *fig = fig_at (f, i);
      json_object *item;

      if (!fig->touched || fig->member < 0)
        continue;
      item = json_object_new_object ();
      adj_json_add_new (item, "member", adj_json_shared_int (fig->member));
      adj_json_add_new (item, "wounds", adj_json_shared_int (fig->wounds));
      adj_json_add_new (item, "lost", adj_json_shared_boolean (fig->lost));
      json_object_array_add (list, item);
    }
  if (f->unit != NULL)
    adj_json_add_new (obj, "unit", adj_unit_id_to_json (f->unit));
  adj_json_add_new (obj, "members", list);
  adj_json_add_new (obj, "anonymous_lost", adj_json_shared_int (f->anonymous_lost));
  return obj;
}

/* Apply what figures_to_json() recorded: wounds and deaths per figure, or fewer figures for a
 * group without a record; a group with no one left is destroyed. */
static gboolean
apply_figures (AdjBattle     *battle,
               AdjChangeSet  *changes,
               json_object   *record,
               GError       **error)
{
  json_object *list = rf_get (record, "members");
  const char *id = json_object_get_string (rf_get (record, "unit"));
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (battle, id) : NULL;
  int anonymous = json_object_get_int (rf_get (record, "anonymous_lost"));
  int left;
  g_autofree char *target = NULL;

  if (unit == NULL)
    return TRUE;
  target = unit_target (unit);
  left = adj_unit_get_figures (unit);
  for (gsize i = 0; i < json_object_array_length (list); i++)
    {
      json_object *item = json_object_array_get_idx (list, i);
      guint m = (guint) json_object_get_int (rf_get (item, "member"));
      gboolean was_lost = !member_in_play (adj_unit_get_members (unit), m);

      if (!change_member (battle, changes, unit, m, "wounds", rf_get (item, "wounds"), error) ||
          !change_member (battle, changes, unit, m, ADJ_MEMBER_LOST, rf_get (item, "lost"), error))
        return FALSE;
      if (!was_lost && json_object_get_boolean (rf_get (item, "lost")))
        left--;
    }
  if (anonymous > 0 && adj_unit_get_members (unit) == NULL)
    {
      g_autoptr(json_object) figures = NULL;

      left = MAX (0, left - anonymous);
      figures = adj_json_shared_int (left);
      if (!adj_battle_change_field (battle, changes, target, "figures", figures, error))
        return FALSE;
    }
  if (left <= 0 && !adj_unit_get_destroyed (unit))
    {
      g_autoptr(json_object) yes = adj_json_shared_boolean (TRUE);
      return adj_battle_change_field (battle, changes, target, "destroyed", yes, error);
    }
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* rf/command                                                                                  */

#define N_GROUPS 4
#define N_LINKS  3

static const AdjField command_inputs[] = {
  UNIT_INPUT ("commander", N_("Player character")),
  ENUM_INPUT ("quality", N_("His quality"), N_("Heroes roll 4D6, veterans 3D6, raw men 2D6."),
              quality_choices, "veteran", "commander.rating"),
  BOOL_INPUT ("busy", N_("He is loading, shooting or fighting in a melee"),
              N_("One die fewer this turn.")),
  BOOL_INPUT ("drummer", N_("A drummer or bugler is among those commanded"),
              N_("One die more.")),
  BOOL_INPUT ("enclosed", N_("In enclosed country (woods, buildings, broken ground)"),
              N_("Command reaches 25 cm instead of 50 cm in the open.")),
  ENUM_INPUT ("link_1", N_("First NCO, drummer or bugler passing orders on"),
              N_("An NCO, drummer or bugler within command distance adds his own dice and "
                 "costs nothing."), link_choices, "none", NULL),
  ENUM_INPUT ("link_2", N_("Second one, within reach of the first"), NULL, link_choices, "none",
              NULL),
  ENUM_INPUT ("link_3", N_("Third one, within reach of the second"), NULL, link_choices, "none",
              NULL),
  UNIT_INPUT ("group_1", N_("First group to command")),
  INT_INPUT ("cost_1", N_("Points the first group costs"),
             N_("1 for each loyal figure, 2 for each disloyal or routing one; the NCOs passing "
                "orders on are free."), 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_1", N_("Every figure of the first group within command distance"), NULL,
            TRUE),
  UNIT_INPUT ("group_2", N_("Second group to command")),
  INT_INPUT ("cost_2", N_("Points the second group costs"), NULL, 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_2", N_("Every figure of the second group within command distance"), NULL,
            TRUE),
  UNIT_INPUT ("group_3", N_("Third group to command")),
  INT_INPUT ("cost_3", N_("Points the third group costs"), NULL, 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_3", N_("Every figure of the third group within command distance"), NULL,
            TRUE),
  UNIT_INPUT ("group_4", N_("Fourth group to command")),
  INT_INPUT ("cost_4", N_("Points the fourth group costs"), NULL, 0, 2 * MAX_FIGURES, 0),
  BOOL_DEF ("reach_4", N_("Every figure of the fourth group within command distance"), NULL,
            TRUE),
};

static int
officer_dice (const AdjContext *ctx,
              AdjInputs        *in)
{
  AdjRuleset *rs = ctx->ruleset;
  int n = quality_dice (rs, adj_inputs_get_string (in, "quality"));

  if (adj_inputs_get_bool (in, "drummer"))
    n += rf_int (rs, "command", "drummer_dice");
  if (adj_inputs_get_bool (in, "busy"))
    n -= rf_int (rs, "command", "busy_dice");
  return MAX (n, 0);
}

static int
link_dice (const AdjContext *ctx,
           AdjInputs        *in,
           guint             k)
{
  char name[16];
  const char *q;

  g_snprintf (name, sizeof name, "link_%u", k);
  q = adj_inputs_get_string (in, name);
  return g_str_equal (q, "none") ? 0 : quality_dice (ctx->ruleset, q);
}

static void
command_draws (const AdjContext *ctx,
               AdjInputs        *in,
               GArray           *specs)
{
  static const char *const groups[] = { "link-1", "link-2", "link-3" };
  static const char *const labels[] = {
    N_("First NCO passing orders on"), N_("Second NCO passing orders on"),
    N_("Third NCO passing orders on")
  };
  AdjDrawSpec officer = { "officer", N_("Player character"), (guint) officer_dice (ctx, in), 6 };

  if (officer.count > 0)
    g_array_append_val (specs, officer);
  for (guint k = 1; k <= N_LINKS; k++)
    {
      AdjDrawSpec spec = { groups[k - 1], labels[k - 1], (guint) link_dice (ctx, in, k), 6 };
      if (spec.count > 0)
        g_array_append_val (specs, spec);
    }
}

static gboolean
slot_used (AdjInputs *in,
           guint      k)
{
  char group[16], cost[16];

  g_snprintf (group, sizeof group, "group_%u", k);
  g_snprintf (cost, sizeof cost, "cost_%u", k);
  return adj_inputs_get_string (in, group) != NULL || adj_inputs_get_int (in, cost) > 0;
}

/* Which groups a pool of points commands: in the order named, each whole or not at all; a
 * group the points left cannot pay for is passed over and a cheaper one after it may still
 * be commanded (Decision).  Returns a bit per group; *@left the points not spent. */
static guint
command_groups (AdjInputs *in,
                int        pool,
                int       *left)
{
  guint commanded = 0;

  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char cost[16], reach[16];
      int c;

      if (!slot_used (in, k))
        continue;
      g_snprintf (cost, sizeof cost, "cost_%u", k);
      g_snprintf (reach, sizeof reach, "reach_%u", k);
      c = adj_inputs_get_int (in, cost);
      if (!adj_inputs_get_bool (in, reach) || c > pool)
        continue;
      pool -= c;
      commanded |= 1u << (k - 1);
    }
  if (left != NULL)
    *left = pool;
  return commanded;
}

static const char *
command_key (AdjInputs *in,
             guint      commanded)
{
  guint used = 0;

  for (guint k = 1; k <= N_GROUPS; k++)
    if (slot_used (in, k))
      used |= 1u << (k - 1);
  if (used == 0)
    return "points";
  if (commanded == used)
    return "all";
  return commanded == 0 ? "none" : "some";
}

static gboolean
command_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  static const char *const groups[] = { "link-1", "link-2", "link-3" };
  static const char *const labels[] = {
    N_("First NCO passing orders on"), N_("Second NCO passing orders on"),
    N_("Third NCO passing orders on")
  };
  AdjRuleset *rs = ctx->ruleset;
  int dice[64];
  int n = officer_dice (ctx, in);
  int pool = 0, left = 0;
  int distance = adj_inputs_get_bool (in, "enclosed") ? rf_int (rs, "command", "distance_enclosed")
                                                      : rf_int (rs, "command", "distance_open");
  guint commanded;
  const char *key;

  if (n > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      int sum = 0;

      if (!adj_random_roll (random, "officer", N_("Player character"), (guint) n, 6, dice, error))
        return FALSE;
      sum = adj_dice_append (text, dice, (guint) n, " + ");
      /* TRANSLATORS: e.g. "Lt Ashby rolls 3D6: 4 + 4 + 4" */
      explain (outcome, ADJ_EXPLAIN_DICE, "officer", TRUE, sum, _("%s rolls %dD6: %s"),
               adj_input_unit_name (ctx, in, "commander", _("The player character")), n, text->str);
      pool += sum;
    }
  else
    adj_outcome_add_note (outcome, _("The player character has no dice left to roll."));
  if (adj_inputs_get_bool (in, "drummer"))
    adj_outcome_add_note (outcome, _("One die more: a drummer or bugler is commanded."));
  if (adj_inputs_get_bool (in, "busy"))
    adj_outcome_add_note (outcome, _("One die fewer: he is busy loading, shooting or fighting."));

  for (guint k = 1; k <= N_LINKS; k++)
    {
      int m = link_dice (ctx, in, k);
      g_autoptr(GString) text = g_string_new (NULL);
      int sum = 0;

      if (m == 0)
        continue;
      if (!adj_random_roll (random, groups[k - 1], labels[k - 1], (guint) m, 6, dice, error))
        return FALSE;
      sum = adj_dice_append (text, dice, (guint) m, " + ");
      explain (outcome, ADJ_EXPLAIN_DICE, groups[k - 1], TRUE, sum, "%s: %dD6: %s",
               adj_gettext (labels[k - 1]), m, text->str);
      pool += sum;
    }
  adj_outcome_add_line (outcome, ADJ_EXPLAIN_TOTAL, NULL, _("Command points"), TRUE, pool);
  adj_outcome_add_note (outcome, _("Command reaches %d cm from the officer or an NCO passing "
                                   "orders on."), distance);

  commanded = command_groups (in, pool, &left);
  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16], cost[16], reach[16], value[24];
      const char *name;
      int c;

      if (!slot_used (in, k))
        continue;
      g_snprintf (group, sizeof group, "group_%u", k);
      g_snprintf (cost, sizeof cost, "cost_%u", k);
      g_snprintf (reach, sizeof reach, "reach_%u", k);
      g_snprintf (value, sizeof value, "commanded_%u", k);
      c = adj_inputs_get_int (in, cost);
      {
        g_autofree char *fallback = g_strdup_printf (_("Group %u"), k);
        name = adj_input_unit_name (ctx, in, group, NULL);
        if (name == NULL)
          name = fallback;
        if (commanded & (1u << (k - 1)))
          explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                   _("%s: commanded for %d points"), name, c);
        else if (!adj_inputs_get_bool (in, reach))
          explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                   _("%s: not commanded, some of its figures are out of reach"), name);
        else
          explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                   _("%s: not commanded, it needs %d points"), name, c);
      }
      adj_outcome_set_value_int (outcome, value, (commanded & (1u << (k - 1))) ? 1 : 0);
    }

  key = command_key (in, commanded);
  adj_outcome_set_result (outcome, key, _("%d command points, %d left over"), pool, left);
  adj_outcome_set_value_int (outcome, "pool", pool);
  adj_outcome_set_value_int (outcome, "left", left);
  return TRUE;
}

static gboolean
command_odds (const AdjContext  *ctx,
              AdjInputs         *in,
              AdjOdds           *odds,
              GError           **error)
{
  const AdjMechanic *mech = in->mechanic;
  guint n = (guint) officer_dice (ctx, in);
  g_autoptr(AdjDist) dist = NULL;

  for (guint k = 1; k <= N_LINKS; k++)
    n += (guint) link_dice (ctx, in, k);
  dist = adj_dist_dice (n, 6);
  adj_declare_outcomes (mech, odds);
  for (guint i = 0; i < dist->n; i++)
    {
      const char *key = command_key (in, command_groups (in, dist->min + (int) i, NULL));
      adj_odds_add (odds, key, adj_outcome_label (mech, key), dist->count[i]);
    }
  adj_odds_finish (odds, dist->total);
  return TRUE;
}

typedef struct {
  AdjUnit *unit;
  guint    member;
  char    *quality;
} Link;

static void
link_clear (gpointer data)
{
  g_free (((Link *) data)->quality);
}

/* The costs of the groups named, their NCOs, drummers and buglers as the links of the chain of
 * command (unless the caller named the links), and whether a drummer or bugler is commanded. */
static gboolean
command_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autoptr(GArray) links = g_array_new (FALSE, TRUE, sizeof (Link));
  gboolean drummer = FALSE;
  guint n_links = 0;

  if (ctx->battle == NULL)
    return TRUE;
  g_array_set_clear_func (links, link_clear);

  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16];
      AdjUnit *unit;
      json_object *members;

      g_snprintf (group, sizeof group, "group_%u", k);
      unit = adj_input_unit (ctx, in, group);
      members = unit != NULL ? adj_unit_get_members (unit) : NULL;
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          const char *role = member_role (members, i);

          if (!member_in_play (members, i) || !role_passes_orders (role))
            continue;
          if (!g_str_equal (role, "nco"))
            drummer = TRUE;
          {
            Link l = { unit, i, g_strdup (member_quality (unit, member_rating (members, i),
                                                          NULL)) };
            g_array_append_val (links, l);
          }
        }
    }
  if (!adj_inputs_set_bool (in, "drummer", drummer, error))
    return FALSE;

  for (guint k = 1; k <= N_LINKS; k++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "link_%u", k);
      if (!adj_inputs_is_set (in, name))
        {
          const char *q = k <= links->len ? g_array_index (links, Link, k - 1).quality : "none";
          if (!adj_inputs_set_string (in, name, q, error))
            return FALSE;
        }
      if (!g_str_equal (adj_inputs_get_string (in, name), "none"))
        n_links++;
    }

  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16], cost_name[16];
      AdjUnit *unit;
      json_object *members;
      int cost = 0;
      gboolean routing;
      int loyal = rf_int (rs, "command", "cost_loyal");
      int disloyal = rf_int (rs, "command", "cost_disloyal");
      int router = rf_int (rs, "command", "cost_router");
      int chain = rf_int (rs, "command", "cost_chain");

      g_snprintf (group, sizeof group, "group_%u", k);
      g_snprintf (cost_name, sizeof cost_name, "cost_%u", k);
      unit = adj_input_unit (ctx, in, group);
      if (unit == NULL)
        continue;
      routing = adj_unit_get_status_bool (unit, "routing");
      members = adj_unit_get_members (unit);
      if (members == NULL)
        cost = adj_unit_get_figures (unit) * (routing ? router : loyal);
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          gboolean is_link = FALSE;

          if (!member_in_play (members, i))
            continue;
          for (guint l = 0; l < MIN (n_links, links->len); l++)
            if (g_array_index (links, Link, l).unit == unit &&
                g_array_index (links, Link, l).member == i)
              is_link = TRUE;
          if (is_link)
            cost += chain;
          else if (routing)
            cost += router;
          else if (adj_member_get_bool (members, i, "disloyal"))
            cost += disloyal;
          else
            cost += loyal;
        }
      if (!adj_inputs_set_int (in, cost_name, MIN (cost, 2 * MAX_FIGURES), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
command_apply (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOutcome        *outcome,
               AdjChangeSet      *changes,
               GError           **error)
{
  g_autoptr(json_object) yes = adj_json_shared_boolean (TRUE);

  if (ctx->battle == NULL)
    return TRUE;
  for (guint k = 1; k <= N_GROUPS; k++)
    {
      char group[16], value[24];
      AdjUnit *unit;

      g_snprintf (group, sizeof group, "group_%u", k);
      g_snprintf (value, sizeof value, "commanded_%u", k);
      unit = adj_input_unit (ctx, in, group);
      if (unit != NULL && adj_outcome_get_value_int (outcome, value, 0) == 1 &&
          !change_status (ctx->battle, changes, unit, "commanded", yes, error))
        return FALSE;
    }
  return TRUE;
}

static const AdjMechanic rf_command = {
  .id = "rf/command",
  .title = N_("Command"),
  .summary = N_("A player character rolls for command points and commands whole groups with "
                "them, helped by NCOs who pass orders on."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = command_inputs,
  .n_inputs = G_N_ELEMENTS (command_inputs),
  .outcomes = command_outcomes,
  .n_outcomes = G_N_ELEMENTS (command_outcomes),
  .random_note = N_("The player character's dice first, then each NCO's in the order of the "
                    "chain."),
  .draws = command_draws,
  .resolve = command_resolve,
  .odds = command_odds,
  .prefill = command_prefill,
  .apply = command_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/movement                                                                                 */

static const AdjField movement_inputs[] = {
  UNIT_INPUT ("unit", N_("Group or figure moving")),
  BOOL_INPUT ("horsed", N_("On horseback"), NULL),
  BOOL_INPUT ("open_ground", N_("The whole move is over open, clear ground"),
              N_("Horsemen move 40 cm only over open, clear ground.")),
  BOOL_INPUT ("wounded", N_("Moving a wounded figure"), NULL),
  BOOL_INPUT ("civilian", N_("Civilians"), NULL),
  BOOL_INPUT ("petticoats", N_("In long skirts that are not tucked up"), NULL),
  BOOL_INPUT ("half_speed", N_("Shooting this turn at half speed"),
              N_("Commanded breech-loaders and bows, and muzzle-loaders firing after loading, "
                 "move at half speed in a turn they shoot.")),
  BOOL_FROM ("routing", N_("Routing"), N_("A rout runs 5 cm farther."), "unit.status.routing"),
  BOOL_INPUT ("barrier", N_("Crossing a low barrier or fence"),
              N_("Costs a quarter of the move.")),
  BOOL_INPUT ("native_attack", N_("Natives attacking"),
              N_("Natives add a D6 cm when they attack.")),
};

/* The move in cm before the natives' die.  Decisions: horsemen off open, clear ground move as
 * foot (25 cm); halves and quarters are rounded down; the barrier costs a quarter of the
 * figure's normal move, before halving or the rout's extra 5 cm. */
static int
movement_base (const AdjContext *ctx,
               AdjInputs        *in,
               AdjOutcome       *outcome)
{
  AdjRuleset *rs = ctx->ruleset;
  int move = rf_int (rs, "movement", "foot");
  int normal;

  if (adj_inputs_get_bool (in, "horsed") && adj_inputs_get_bool (in, "open_ground"))
    move = rf_int (rs, "movement", "horsed_open");
  if (adj_inputs_get_bool (in, "civilian"))
    move = adj_inputs_get_bool (in, "petticoats") ? rf_int (rs, "movement", "petticoats")
                                                  : rf_int (rs, "movement", "civilian");
  if (adj_inputs_get_bool (in, "wounded"))
    move = MIN (move, rf_int (rs, "movement", "wounded"));
  else if (adj_inputs_get_bool (in, "petticoats") && !adj_inputs_get_bool (in, "civilian"))
    move = MIN (move, rf_int (rs, "movement", "petticoats"));
  normal = move;
  if (outcome != NULL)
    explain (outcome, ADJ_EXPLAIN_TOTAL, NULL, TRUE, move, _("Normal move (cm)"));
  if (adj_inputs_get_bool (in, "half_speed"))
    {
      if (outcome != NULL)
        adj_outcome_add_modifier (outcome, NULL, _("Half speed while shooting"),
                                  move / 2 - move);
      move /= 2;
    }
  if (adj_inputs_get_bool (in, "routing"))
    {
      int bonus = rf_int (rs, "movement", "rout_bonus");
      if (outcome != NULL)
        adj_outcome_add_modifier (outcome, NULL, _("Routing"), bonus);
      move += bonus;
    }
  if (adj_inputs_get_bool (in, "barrier"))
    {
      int cost = normal * rf_int (rs, "movement", "barrier_quarters") / 4;
      if (outcome != NULL)
        adj_outcome_add_modifier (outcome, NULL, _("Crossing a low barrier"), -cost);
      move -= cost;
    }
  return MAX (move, 0);
}

static void
movement_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec die = { "natives", N_("Natives' extra distance"), 1,
                      (guint) rf_int (ctx->ruleset, "movement", "native_attack_die") };

  if (adj_inputs_get_bool (in, "native_attack"))
    g_array_append_val (specs, die);
}

static gboolean
movement_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  int move = movement_base (ctx, in, outcome);
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;

  if (adj_inputs_get_bool (in, "native_attack"))
    {
      int d;
      guint sides = (guint) rf_int (rs, "movement", "native_attack_die");

      if (!adj_random_roll (random, "natives", N_("Natives' extra distance"), 1, sides, &d, error))
        return FALSE;
      explain (outcome, ADJ_EXPLAIN_DICE, "natives", TRUE, d, _("Natives attacking roll 1D%u"),
               sides);
      move += d;
    }
  adj_outcome_add_note (outcome, _("Difficult going counts double: each centimetre of it uses "
                                   "%d cm of the move."), rf_int (rs, "movement",
                                                                  "difficult_factor"));
  /* TRANSLATORS: the result of the movement mechanic, e.g. "25 cm" */
  title = g_strdup_printf (_("%d cm"), move);
  reason = g_strdup_printf (_("Moves up to %d cm this turn"), move);
  adj_outcome_set_number (outcome, move, title, reason);
  return TRUE;
}

static gboolean
movement_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  int move = movement_base (ctx, in, NULL);

  if (adj_inputs_get_bool (in, "native_attack"))
    {
      int sides = rf_int (ctx->ruleset, "movement", "native_attack_die");

      for (int d = 1; d <= sides; d++)
        {
          g_autofree char *key = g_strdup_printf ("%d", move + d);
          g_autofree char *label = g_strdup_printf ("%d cm", move + d);
          adj_odds_add (odds, key, label, 1);
        }
      adj_odds_finish (odds, (guint64) sides);
      return TRUE;
    }
  {
    g_autofree char *key = g_strdup_printf ("%d", move);
    g_autofree char *label = g_strdup_printf ("%d cm", move);
    adj_odds_add (odds, key, label, 1);
    adj_odds_finish (odds, 1);
  }
  return TRUE;
}

static gboolean
movement_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "unit");
  const AdjUnitType *type = unit_type_of (ctx, unit);
  json_object *members;
  gboolean wounded = FALSE;

  if (type == NULL)
    return TRUE;
  members = adj_unit_get_members (unit);
  for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
    if (member_in_play (members, i) && adj_member_get_int (members, i, "wounds") > 0)
      wounded = TRUE;
  return adj_inputs_set_bool (in, "horsed", adj_unit_type_rule_bool (type, "horsed", FALSE),
                              error) &&
         adj_inputs_set_bool (in, "civilian", adj_unit_type_rule_bool (type, "civilian", FALSE),
                              error) &&
         adj_inputs_set_bool (in, "wounded", wounded, error);
}

static const AdjMechanic rf_movement = {
  .id = "rf/movement",
  .title = N_("Movement"),
  .summary = N_("How far a figure or group may move this turn."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = movement_inputs,
  .n_inputs = G_N_ELEMENTS (movement_inputs),
  .random_note = N_("Only natives who attack roll a die, for their extra distance."),
  .draws = movement_draws,
  .resolve = movement_resolve,
  .odds = movement_odds,
  .prefill = movement_prefill,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/shooting                                                                                 */

static const AdjField shooting_inputs[] = {
  UNIT_INPUT ("shooter", N_("Shooting group or figure")),
  UNIT_INPUT ("target", N_("Target group")),
  { .name = "distance", .kind = ADJ_FIELD_INT, .label = N_("Distance to the target"),
    .hint = N_("Measured from the nearest shooter to the nearest target figure."),
    .min = 0, .max = MAX_CM, .def = 20, .measure = "distance" },
  ENUM_INPUT ("cover", N_("The target is"), NULL, cover_choices, "open", NULL),
  WEAPON_INPUT ("weapon", N_("Weapon"), "rifle", "shooter.weapon"),
  ENUM_INPUT ("quality", N_("Quality of the shooters"),
              N_("A hero adds 1 to the damage die, a raw shooter takes 1 off."),
              quality_choices, "veteran", "shooter.rating"),
  INT_INPUT ("shooters", N_("Figures able to shoot"), NULL, 0, MAX_FIGURES, 10),
  INT_INPUT ("wounded", N_("How many of them are wounded"),
             N_("Wounded figures shoot only at short range."), 0, MAX_FIGURES, 0),
  BOOL_FROM ("commanded", N_("Under command"),
             N_("Uncommanded troops fire one shot for every two figures standing still, one for "
                "every three on the move."), "shooter.status.commanded"),
  BOOL_FROM ("moving", N_("Moved this turn"), NULL, "shooter.status.moved"),
  ENUM_INPUT ("loading", N_("Firearms load by"),
              N_("For rifles, carbines and pistols; muskets always load at the muzzle."),
              loading_choices, "breech", "shooter.status.loading"),
  BOOL_FROM ("loaded", N_("Muzzle-loaders loaded"),
             N_("Commanded muzzle-loaders fire only after a halted turn spent loading."),
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
  if (distance <= weapon_int (w, "short", 0))
    return BAND_SHORT;
  if (distance <= weapon_int (w, "medium", 0))
    return BAND_MEDIUM;
  if (distance <= weapon_int (w, "long", 0))
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
  const char *own = weapon_string (w, "loading", "none");
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

/* Everything about a volley that comes before the dice.  Decisions: uncommanded rates round
 * down (a lone figure standing still does not shoot); bows shoot like breech-loaders; a player
 * character fires one shot, loaded as his weapon needs. */
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
  gboolean commanded = character || adj_inputs_get_bool (in, "commanded");

  memset (v, 0, sizeof *v);
  if (!weapon_shoots (w))
    return adj_not_allowed (error, _("%s: a close-combat weapon cannot shoot"),
                            adj_gettext (w->label));
  if (wounded > shooters)
    return adj_not_allowed (error, _("%d wounded among %d figures able to shoot"), wounded,
                            shooters);
  if (adj_inputs_get_int (in, "aim") > 0 && !character)
    return adj_not_allowed (error, _("Only a player character picks the figure he aims at"));

  v->band = range_band (w, adj_inputs_get_int (in, "distance"));
  v->loading = effective_loading (w, in);
  v->cls = weapon_string (w, "class", "other");
  v->able = v->band == BAND_SHORT ? shooters : shooters - wounded;
  if (g_str_equal (quality, "hero"))
    v->mod = modifier_value (rs, "damage", "hero");
  else if (g_str_equal (quality, "raw"))
    v->mod = modifier_value (rs, "damage", "raw");

  if (v->band == BAND_OUT)
    {
      if (outcome != NULL)
        adj_outcome_add_note (outcome, _("The target is beyond the %s's long range of %d cm."),
                              adj_gettext (w->label), weapon_int (w, "long", 0));
      return TRUE;
    }
  v->need = to_hit_need (rs, band_ids[v->band], adj_inputs_get_string (in, "cover"));
  if (outcome != NULL && v->band != BAND_SHORT && wounded > 0)
    explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
             _("%d wounded figures cannot shoot beyond short range."), wounded);

  if (character)
    {
      v->shots = v->able > 0 && (!g_str_equal (v->loading, "muzzle") ||
                                 adj_inputs_get_bool (in, "loaded")) ? 1 : 0;
      if (outcome != NULL)
        adj_outcome_add_note (outcome, _("A player character fires one shot."));
    }
  else if (!commanded)
    {
      int per = adj_inputs_get_bool (in, "moving") ? rf_int (rs, "fire", "uncommanded_moving")
                                                   : rf_int (rs, "fire", "uncommanded_stationary");
      v->shots = v->able / per;
      if (outcome != NULL)
        {
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
      int per = rf_int (rs, "fire", "thrown_per");
      v->shots = v->able / per;
      if (outcome != NULL)
        explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                 _("Throwers: one in %d counts; they move at full speed."), per);
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

/* Faces of the damage die (1 to 6) that wound or kill after the modifier. */
static void
damage_faces (AdjRuleset *rs,
              const char *cls,
              int         mod,
              int        *wounds,
              int        *kills)
{
  *wounds = *kills = 0;
  for (int d = 1; d <= 6; d++)
    {
      const char *r = damage_result (rs, cls, CLAMP (d + mod, 1, 6));
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
    if (hit_dice[i] >= v.need)
      hits++;
  explain (outcome, ADJ_EXPLAIN_TABLE, NULL, TRUE, hits,
           _("At %s, target %s: each D8 needs %d or more; hits"), band_label (v.band),
           cover_phrase (adj_inputs_get_string (in, "cover")), v.need);

  /* Who is hit comes from the target's own record when the battle has one. */
  figures_init (&figs, target, target != NULL && adj_unit_get_members (target) != NULL ? -1
                                : adj_inputs_get_int (in, "targets"), NULL, NULL);
  if (aim > 0)
    {
      json_object *members = target != NULL ? adj_unit_get_members (target) : NULL;
      gboolean found = FALSE;

      for (guint i = 0; i < figs.n_figs; i++)
        if (fig_at (&figs, i)->member == aim - 1)
          found = TRUE;
      if (members == NULL || !found)
        {
          figures_clear (&figs);
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
          figures_clear (&figs);
          return FALSE;
        }
      if (v.mod != 0)
        adj_outcome_add_modifier (outcome, "damage", v.mod > 0
                                  ? modifier_label (rs, "damage", "hero")
                                  : modifier_label (rs, "damage", "raw"), v.mod);
    }
  for (int h = 0; h < hits; h++)
    {
      int face = CLAMP (damage_dice[h] + v.mod, 1, 6);
      const char *result = damage_result (rs, v.cls, face);
      gboolean kill = g_str_equal (result, "kill");
      Fig *fig = NULL;
      const char *who = NULL;
      guint left = figures_in_play (&figs);

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
          for (guint i = 0; i < figs.n_figs; i++)
            if (fig_at (&figs, i)->member == aim - 1)
              fig = fig_at (&figs, i);
          if (fig->lost)
            {
              explain (outcome, ADJ_EXPLAIN_TABLE, "damage", TRUE, face,
                       _("Hit %d: his target is already down"), h + 1);
              continue;
            }
        }
      else if (left == 1)
        fig = figure_in_play (&figs, 0);
      else
        {
          int pick;

          if (!adj_random_roll (random, "figure", N_("Which figure is hit"), 1, left, &pick,
                                error))
            {
              figures_clear (&figs);
              return FALSE;
            }
          fig = figure_in_play (&figs, (guint) pick - 1);
        }
      who = figure_name (&figs, fig);
      if (figure_hurt (&figs, fig, kill))
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

  json_object_object_add (outcome->values, "target", figures_to_json (&figs));
  figures_clear (&figs);
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
 * (9 - need) / 8 * (wounding or killing faces) / 6, independently of the others. */
static gboolean
shooting_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  Volley v;
  int wf, kf;
  guint64 a, d, g;
  int n;
  g_autofree Ways *counts = NULL;
  g_autofree double *p = NULL;
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  Ways total = 1, binom = 1;
  gboolean exact = TRUE;
  double q_p, p_p;

  if (!volley_plan (ctx, in, &v, NULL, error))
    return FALSE;
  n = v.shots;
  damage_faces (ctx->ruleset, v.cls, v.mod, &wf, &kf);
  a = n > 0 ? (guint64) (9 - v.need) * (guint64) (wf + kf) : 0;
  d = 48;
  g = adj_gcd (a, d);
  a /= g;
  d /= g;
  p_p = (double) a / (double) d;
  q_p = 1.0 - p_p;

  counts = g_new0 (Ways, n + 1);
  p = g_new0 (double, n + 1);
  for (int k = 0; k <= n; k++)
    {
      g_ptr_array_add (keys, g_strdup_printf ("%d", k));
      g_ptr_array_add (labels, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d casualty",
                                                        "%d casualties", (gulong) k), k));
    }
  for (int i = 0; i < n; i++)
    if (exact && __builtin_mul_overflow (total, (Ways) d, &total))
      exact = FALSE;
  for (int k = 0; k <= n; k++)
    {
      double pk = 1.0;

      /* C(n, k) p^k q^(n-k), as a double ... */
      for (int i = 0; i < k; i++)
        pk *= p_p * (double) (n - i) / (double) (i + 1);
      for (int i = k; i < n; i++)
        pk *= q_p;
      p[k] = pk;
      /* ... and as a count of ways over d^n */
      if (exact)
        {
          Ways c = binom;

          for (int i = 0; i < k && exact; i++)
            if (__builtin_mul_overflow (c, (Ways) a, &c))
              exact = FALSE;
          for (int i = k; i < n && exact; i++)
            if (__builtin_mul_overflow (c, (Ways) (d - a), &c))
              exact = FALSE;
          counts[k] = c;
          /* C(n, k+1) = C(n, k) (n - k) / (k + 1), exact in integers */
          if (exact && __builtin_mul_overflow (binom, (Ways) (n - k), &binom))
            exact = FALSE;
          binom /= (Ways) (k + 1);
        }
    }
  finish_ways (odds, (const char * const *) keys->pdata, (const char * const *) labels->pdata,
               counts, p, (guint) n + 1, total, exact);
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
      const AdjUnitType *type = unit_type_of (ctx, shooter);
      int able = 0, wounded = 0;

      if (members == NULL)
        able = adj_unit_get_figures (shooter);
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          if (!member_in_play (members, i))
            continue;
          able++;
          if (adj_member_get_int (members, i, "wounds") > 0)
            wounded++;
        }
      if (!adj_inputs_set_int (in, "shooters", MIN (able, MAX_FIGURES), error) ||
          !adj_inputs_set_int (in, "wounded", MIN (wounded, MAX_FIGURES), error) ||
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
  json_object *record = rf_get (outcome->values, "target");
  const AdjWeapon *w = adj_ruleset_find_weapon (ctx->ruleset, adj_inputs_get_string (in, "weapon"));

  if (ctx->battle == NULL)
    return TRUE;
  if (record != NULL && !apply_figures (ctx->battle, changes, record, error))
    return FALSE;
  /* Commanded muzzle-loaders have emptied their barrels. */
  if (shooter != NULL && adj_outcome_get_value_int (outcome, "shots", 0) > 0 &&
      (adj_inputs_get_bool (in, "commanded") || adj_inputs_get_bool (in, "character")) &&
      g_str_equal (effective_loading (w, in), "muzzle"))
    {
      g_autoptr(json_object) no = adj_json_shared_boolean (FALSE);
      return change_status (ctx->battle, changes, shooter, "loaded", no, error);
    }
  return TRUE;
}

static const AdjMechanic rf_shooting = {
  .id = "rf/shooting",
  .title = N_("Shooting"),
  .summary = N_("A group or a player character shoots: shots by command and loading, a D8 to "
                "hit by range and cover, a D6 for the damage of each hit, and who it hits."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = shooting_inputs,
  .n_inputs = G_N_ELEMENTS (shooting_inputs),
  .random_note = N_("All the D8s to hit first; then a D6 of damage for each hit; then, for each "
                    "wound or kill, a die as large as the figures left to say who is hit."),
  .draws = shooting_draws,
  .resolve = shooting_resolve,
  .odds = shooting_odds,
  .prefill = shooting_prefill,
  .apply = shooting_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/melee                                                                                    */

static const AdjField melee_inputs[] = {
  UNIT_INPUT ("attacker", N_("Attacking group")),
  UNIT_INPUT ("defender", N_("Defending group")),
  INT_INPUT ("attackers", N_("Attacking figures in the melee"), NULL, 1, MAX_MELEE, 4),
  INT_INPUT ("defenders", N_("Defending figures in the melee"), NULL, 1, MAX_MELEE, 4),
  ENUM_INPUT ("attacker_quality", N_("Quality of the attackers"),
              N_("Figures with a quality of their own in the group's record keep it."),
              quality_choices, "veteran", "attacker.rating"),
  ENUM_INPUT ("defender_quality", N_("Quality of the defenders"), NULL, quality_choices,
              "veteran", "defender.rating"),
  WEAPON_INPUT ("attacker_weapon", N_("Attackers' weapon"), "rifle-bayonet", "attacker.weapon"),
  WEAPON_INPUT ("defender_weapon", N_("Defenders' weapon"), "spear", "defender.weapon"),
  BOOL_FROM ("attacker_superior", N_("The attackers are superior melee troops"), NULL,
             "attacker.status.superior_melee"),
  BOOL_FROM ("defender_superior", N_("The defenders are superior melee troops"), NULL,
             "defender.status.superior_melee"),
  BOOL_INPUT ("attacker_wall", N_("The attackers fight their way over a defended wall or fence"),
              NULL),
  BOOL_INPUT ("defender_wall", N_("The defenders fight their way over a defended wall or fence"),
              NULL),
  INT_INPUT ("attacker_blocked", N_("Attackers who could not fall back"),
             N_("Each takes a wound if his side has to fall back."), 0, MAX_MELEE, 0),
  INT_INPUT ("defender_blocked", N_("Defenders who could not fall back"),
             N_("Each takes a wound if his side has to fall back."), 0, MAX_MELEE, 0),
};

enum { SIDE_A, SIDE_B };

/* One figure of the smaller side against the figures of the larger side paired with him. */
typedef struct {
  guint side;       /* the side of the lone figure */
  guint lone;       /* his index on his side */
  guint first;      /* the first of his opponents on the other side */
  guint n;          /* how many */
} Cluster;

/* Pair off as evenly as possible: the larger side's figures are shared out among the smaller
 * side's, the first ones in the record taking one more when it does not divide evenly
 * (Decision).  With equal numbers every cluster is one against one.  The @i-th cluster of a
 * fight of @a attackers against @b defenders, of MIN (@a, @b). */
static Cluster
cluster_at (guint a,
            guint b,
            guint i)
{
  guint small = MIN (a, b), big = MAX (a, b);
  guint share = big / small, extra = big % small;

  return (Cluster) { a <= b ? SIDE_A : SIDE_B, i, i * share + MIN (i, extra),
                     share + (i < extra ? 1 : 0) };
}

typedef struct {
  AdjRuleset *rs;
  Figures     side[2];
  gboolean    superior[2];
  gboolean    wall[2];
  guint       n_clusters;   /* one for each figure of the smaller side */
  /* Looked up once a fight, not once a pair: each figure's melee factor, the modifiers, and
   * what each figure's quality (and his group's) adds whoever he fights. */
  int        *factor[2];
  int        *own[2];
  int         mod_raw, mod_extra_enemy, mod_wall, mod_hero, mod_better;
} Melee;

static void
melee_clear (Melee *m)
{
  figures_clear (&m->side[SIDE_A]);
  figures_clear (&m->side[SIDE_B]);
  g_clear_pointer (&m->factor[SIDE_A], g_free);
  g_clear_pointer (&m->factor[SIDE_B], g_free);
  g_clear_pointer (&m->own[SIDE_A], g_free);
  g_clear_pointer (&m->own[SIDE_B], g_free);
}

static gboolean
melee_setup (const AdjContext  *ctx,
             AdjInputs         *in,
             Melee             *m)
{
  m->rs = ctx->ruleset;
  figures_init (&m->side[SIDE_A], adj_input_unit (ctx, in, "attacker"),
                adj_inputs_get_int (in, "attackers"),
                adj_inputs_get_string (in, "attacker_quality"),
                adj_inputs_get_string (in, "attacker_weapon"));
  figures_init (&m->side[SIDE_B], adj_input_unit (ctx, in, "defender"),
                adj_inputs_get_int (in, "defenders"),
                adj_inputs_get_string (in, "defender_quality"),
                adj_inputs_get_string (in, "defender_weapon"));
  m->superior[SIDE_A] = adj_inputs_get_bool (in, "attacker_superior");
  m->superior[SIDE_B] = adj_inputs_get_bool (in, "defender_superior");
  m->wall[SIDE_A] = adj_inputs_get_bool (in, "attacker_wall");
  m->wall[SIDE_B] = adj_inputs_get_bool (in, "defender_wall");
  m->side[SIDE_A].anonymous = ANON_ATTACKER;
  m->side[SIDE_B].anonymous = ANON_DEFENDER;
  m->n_clusters = MIN (m->side[SIDE_A].n_figs, m->side[SIDE_B].n_figs);
  m->mod_raw = modifier_value (m->rs, "melee", "raw");
  m->mod_extra_enemy = modifier_value (m->rs, "melee", "extra-enemy");
  m->mod_wall = modifier_value (m->rs, "melee", "defended-wall");
  m->mod_hero = modifier_value (m->rs, "melee", "hero-or-superior");
  m->mod_better = modifier_value (m->rs, "melee", "better-weapon");
  for (guint s = 0; s < 2; s++)
    {
      Figures *f = &m->side[s];
      const char *weapon = NULL, *quality = NULL;
      int factor = 0, own = 0;

      m->factor[s] = g_new (int, MAX (f->n_figs, 1));
      m->own[s] = g_new (int, MAX (f->n_figs, 1));
      for (guint i = 0; i < f->n_figs; i++)
        {
          Fig *fig = fig_at (f, i);

          /* Figures of a group mostly carry the same weapon and are of the same quality: each
           * is looked up again only when it changes from the figure before. */
          if (weapon == NULL || (weapon != fig->weapon && g_strcmp0 (weapon, fig->weapon) != 0))
            {
              weapon = fig->weapon;
              factor = melee_factor (m->rs, weapon);
            }
          if (quality == NULL || (quality != fig->quality && strcmp (quality, fig->quality) != 0))
            {
              quality = fig->quality;
              /* Decision: a hero who is also in a superior group still gets +1 once. */
              own = (g_str_equal (quality, "raw") ? m->mod_raw : 0) +
                    (g_str_equal (quality, "hero") || m->superior[s] ? m->mod_hero : 0);
            }
          m->factor[s][i] = factor;
          m->own[s][i] = own;
        }
    }
  return TRUE;
}

/* A figure's modifier against the @n opponents touching him, whose best melee factor is
 * @best_opponent. */
static int
figure_modifier (Melee      *m,
                 guint       side,
                 guint       i,
                 guint       n,
                 int         best_opponent)
{
  int mod = m->own[side][i];

  if (n > 1)
    mod += (int) (n - 1) * m->mod_extra_enemy;
  if (m->wall[side])
    mod += m->mod_wall;
  if (m->factor[side][i] > best_opponent)
    mod += m->mod_better;
  return mod;
}

static int
best_factor (Melee *m,
             guint  side,
             guint  first,
             guint  n)
{
  int best = 0;

  for (guint j = first; j < first + n; j++)
    best = MAX (best, m->factor[side][j]);
  return best;
}

static void
melee_draws (const AdjContext *ctx,
             AdjInputs        *in,
             GArray           *specs)
{
  AdjDrawSpec a = { "attackers", N_("Attackers, one D6 a figure"),
                    (guint) adj_inputs_get_int (in, "attackers"), 6 };
  AdjDrawSpec b = { "defenders", N_("Defenders, one D6 a figure"),
                    (guint) adj_inputs_get_int (in, "defenders"), 6 };
  AdjUnit *attacker = adj_input_unit (ctx, in, "attacker");
  AdjUnit *defender = adj_input_unit (ctx, in, "defender");

  /* With a record, only the figures still in play fight. */
  if (attacker != NULL && adj_unit_get_members (attacker) != NULL)
    a.count = MIN (a.count, (guint) adj_unit_get_figures (attacker));
  if (defender != NULL && adj_unit_get_members (defender) != NULL)
    b.count = MIN (b.count, (guint) adj_unit_get_figures (defender));
  if (a.count > 0 && b.count > 0)
    {
      g_array_append_val (specs, a);
      g_array_append_val (specs, b);
    }
}

/* Wounds for figures that could not fall back, to figures picked at random. */
static gboolean
blocked_wounds (Melee       *m,
                guint        side,
                int          blocked,
                AdjRandom   *random,
                AdjOutcome  *outcome,
                GError     **error)
{
  static const char *const groups[] = { "attackers-blocked", "defenders-blocked" };
  static const char *const labels[] = {
    N_("Which attacker could not fall back"), N_("Which defender could not fall back")
  };
  Figures *f = &m->side[side];
  g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < f->n_figs; i++)
    if (!fig_at (f, i)->lost)
      g_array_append_val (candidates, i);
  for (int b = 0; b < blocked && candidates->len > 0; b++)
    {
      int pick = 1;
      guint index;
      const char *who = NULL;

      if (candidates->len > 1 &&
          !adj_random_roll (random, groups[side], labels[side], 1, candidates->len, &pick, error))
        return FALSE;
      index = g_array_index (candidates, guint, pick - 1);
      g_array_remove_index (candidates, (guint) pick - 1);
      who = figure_name (f, fig_at (f, index));
      if (figure_hurt (f, fig_at (f, index), FALSE))
        explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                 _("%s cannot fall back: a second wound, and he dies"), who);
      else
        explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                 _("%s cannot fall back and is wounded"), who);
    }
  return TRUE;
}

static gboolean
melee_resolve (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjRandom         *random,
               AdjOutcome        *outcome,
               GError           **error)
{
  static const char *const side_labels[] = { N_("Attackers"), N_("Defenders") };
  Melee m = { 0 };
  int *dice[2] = { NULL, NULL };
  int wins[2] = { 0, 0 };
  int wound_on = rf_int (ctx->ruleset, "melee", "wound_on");
  int kill_on = rf_int (ctx->ruleset, "melee", "kill_on");
  const char *key;
  const char *side_name[2] = {
    adj_gettext (side_labels[SIDE_A]), adj_gettext (side_labels[SIDE_B])
  };
  gboolean ok = TRUE;

  melee_setup (ctx, in, &m);
  if (m.side[SIDE_A].n_figs == 0 || m.side[SIDE_B].n_figs == 0)
    {
      melee_clear (&m);
      return adj_not_allowed (error, _("A melee needs figures on both sides"));
    }
  for (guint s = 0; s < 2; s++)
    {
      guint n = m.side[s].n_figs;

      dice[s] = g_new0 (int, n);
      if (!adj_random_roll (random, s == SIDE_A ? "attackers" : "defenders",
                            s == SIDE_A ? N_("Attackers, one D6 a figure")
                                        : N_("Defenders, one D6 a figure"),
                            n, 6, dice[s], error))
        {
          g_free (dice[SIDE_A]);
          g_free (dice[SIDE_B]);
          melee_clear (&m);
          return FALSE;
        }
    }
  explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0, _("%u attackers against %u defenders"),
           m.side[SIDE_A].n_figs, m.side[SIDE_B].n_figs);

  for (guint c = 0; c < m.n_clusters; c++)
    {
      Cluster cluster_c = cluster_at (m.side[SIDE_A].n_figs, m.side[SIDE_B].n_figs, c);
      const Cluster *cl = &cluster_c;
      guint xs = cl->side, ys = 1 - cl->side;
      Fig *x = fig_at (&m.side[xs], cl->lone);
      int xd = dice[xs][cl->lone];
      const char *xname = figure_name (&m.side[xs], x);
      int xmod = figure_modifier (&m, xs, cl->lone, cl->n,
                                  best_factor (&m, ys, cl->first, cl->n));
      gboolean struck = FALSE;
      gboolean x_killed = FALSE;
      int x_hits = 0;

      for (guint j = cl->first; j < cl->first + cl->n; j++)
        {
          Fig *y = fig_at (&m.side[ys], j);
          int yd = dice[ys][j];
          const char *yname = figure_name (&m.side[ys], y);
          int ymod = figure_modifier (&m, ys, j, 1, m.factor[xs][cl->lone]);
          int tx = xd + xmod, ty = yd + ymod;

          if (tx > ty)
            {
              wins[xs]++;
              /* Decision: his one die hurts at most one opponent, the first he beats. */
              if (!struck && xd >= wound_on)
                {
                  struck = TRUE;
                  if (figure_hurt (&m.side[ys], y, xd >= kill_on))
                    explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                             _("%s (%s) %d against %s (%s) %d: %s wins, %s dies"), xname,
                             side_name[xs], tx, yname,
                             side_name[ys], ty, xname, yname);
                  else
                    explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                             _("%s (%s) %d against %s (%s) %d: %s wins, %s is wounded"), xname,
                             side_name[xs], tx, yname,
                             side_name[ys], ty, xname, yname);
                }
              else
                explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                         _("%s (%s) %d against %s (%s) %d: %s wins"), xname,
                         side_name[xs], tx, yname, side_name[ys],
                         ty, xname);
            }
          else if (ty > tx)
            {
              wins[ys]++;
              if (yd >= kill_on)
                x_killed = TRUE;
              else if (yd >= wound_on)
                x_hits++;
              explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                       yd >= kill_on ? _("%s (%s) %d against %s (%s) %d: %s wins and kills")
                       : yd >= wound_on ? _("%s (%s) %d against %s (%s) %d: %s wins and wounds")
                       : _("%s (%s) %d against %s (%s) %d: %s wins"),
                       yname, side_name[ys], ty, xname,
                       side_name[xs], tx, yname);
            }
          else
            explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
                     _("%s (%s) %d against %s (%s) %d: neither wins"), xname,
                     side_name[xs], tx, yname, side_name[ys], ty);
        }
      /* The lone figure's own casualties, all at once after his fights. */
      if (x_killed || x_hits > 0)
        {
          if (x_killed)
            figure_hurt (&m.side[xs], x, TRUE);
          for (int h = 0; h < x_hits && !x->lost; h++)
            figure_hurt (&m.side[xs], x, FALSE);
          if (x->lost)
            explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0,
                     x_killed ? _("%s dies") : _("%s is wounded a second time and dies"),
                     xname);
          else
            explain (outcome, ADJ_EXPLAIN_NOTE, NULL, FALSE, 0, _("%s is wounded"), xname);
        }
    }
  g_free (dice[SIDE_A]);
  g_free (dice[SIDE_B]);

  explain (outcome, ADJ_EXPLAIN_TOTAL, "attackers", TRUE, wins[SIDE_A],
           _("Fights the attackers won"));
  explain (outcome, ADJ_EXPLAIN_TOTAL, "defenders", TRUE, wins[SIDE_B],
           _("Fights the defenders won"));
  key = wins[SIDE_A] > wins[SIDE_B] ? "attacker" : wins[SIDE_B] > wins[SIDE_A] ? "defender"
                                                                               : "draw";
  if (!g_str_equal (key, "attacker"))
    ok = blocked_wounds (&m, SIDE_A, adj_inputs_get_int (in, "attacker_blocked"), random,
                         outcome, error);
  if (ok && !g_str_equal (key, "defender"))
    ok = blocked_wounds (&m, SIDE_B, adj_inputs_get_int (in, "defender_blocked"), random,
                         outcome, error);
  if (!ok)
    {
      melee_clear (&m);
      return FALSE;
    }
  adj_outcome_add_note (outcome, _("The side that fell back may be followed up by the winners."));
  adj_outcome_set_result (outcome, key, _("Fights won: attackers %d, defenders %d; the losers "
                                          "fall back %d cm"), wins[SIDE_A], wins[SIDE_B],
                          rf_int (ctx->ruleset, "melee", "fall_back"));
  adj_outcome_set_value_int (outcome, "attacker_wins", wins[SIDE_A]);
  adj_outcome_set_value_int (outcome, "defender_wins", wins[SIDE_B]);
  json_object_object_add (outcome->values, "attacker", figures_to_json (&m.side[SIDE_A]));
  json_object_object_add (outcome->values, "defender", figures_to_json (&m.side[SIDE_B]));
  melee_clear (&m);
  return TRUE;
}

/* A distribution of (attackers' fights won - defenders') over [-span, span].  Only [lo, hi]
 * may hold anything: the loops over it stay short while the fight's spread is still narrow. */
typedef struct {
  int     span;
  int     lo, hi;   /* lo > hi while it is empty */
  Ways   *ways;
  double *p;
} Spread;

static void
spread_init (Spread *s,
             int     span)
{
  s->span = span;
  s->lo = 1;
  s->hi = 0;
  s->ways = g_new0 (Ways, 2 * span + 1);
  s->p = g_new0 (double, 2 * span + 1);
}

static void
spread_clear (Spread *s)
{
  g_clear_pointer (&s->ways, g_free);
  g_clear_pointer (&s->p, g_free);
}

/* Empty again, for another use. */
static void
spread_empty (Spread *s)
{
  for (int k = s->lo; k <= s->hi; k++)
    {
      s->ways[k + s->span] = 0;
      s->p[k + s->span] = 0.0;
    }
  s->lo = 1;
  s->hi = 0;
}

/* Add @ways ways, of probability @p, at @k. */
static gboolean
spread_add (Spread *s,
            int     k,
            Ways    ways,
            double  p,
            gboolean exact)
{
  g_assert (k >= -s->span && k <= s->span);
  if (s->lo > s->hi)
    s->lo = s->hi = k;
  else
    {
      s->lo = MIN (s->lo, k);
      s->hi = MAX (s->hi, k);
    }
  s->p[k + s->span] += p;
  if (exact && __builtin_add_overflow (s->ways[k + s->span], ways, &s->ways[k + s->span]))
    exact = FALSE;
  return exact;
}

/* Add all of @from into @into. */
static gboolean
spread_add_all (Spread       *into,
                const Spread *from,
                gboolean      exact)
{
  for (int k = from->lo; k <= from->hi; k++)
    exact = spread_add (into, k, from->ways[k + from->span], from->p[k + from->span], exact);
  return exact;
}

/* @out, empty, becomes @a convolved with @b (the sum must stay within @out's span). */
static gboolean
spread_convolve (const Spread *a,
                 const Spread *b,
                 Spread       *out,
                 gboolean      exact)
{
  g_assert (out->lo > out->hi);
  for (int i = a->lo; i <= a->hi; i++)
    {
      Ways aw = a->ways[i + a->span];
      double ap = a->p[i + a->span];

      if (aw == 0 && ap == 0.0)
        continue;
      for (int j = b->lo; j <= b->hi; j++)
        {
          Ways bw = b->ways[j + b->span], w = 0;

          if (bw == 0 && b->p[j + b->span] == 0.0)
            continue;
          if (exact && __builtin_mul_overflow (aw, bw, &w))
            exact = FALSE;
          exact = spread_add (out, i + j, w, ap * b->p[j + b->span], exact);
        }
    }
  return exact;
}

static void
spread_swap (Spread *a,
             Spread *b)
{
  Spread t = *a;

  *a = *b;
  *b = t;
}

static gboolean
melee_odds (const AdjContext  *ctx,
            AdjInputs         *in,
            AdjOdds           *odds,
            GError           **error)
{
  static const char *const keys[] = { "attacker", "defender", "draw" };
  const char *labels[3];
  Melee m = { 0 };
  /* Made once and emptied for each use: a big melee makes thousands of them. */
  Spread all, next, cluster, given, step, one;
  Ways counts[3] = { 0 };
  double p[3] = { 0 };
  Ways total = 1;
  gboolean exact = TRUE;
  int span;

  melee_setup (ctx, in, &m);
  if (m.side[SIDE_A].n_figs == 0 || m.side[SIDE_B].n_figs == 0)
    {
      melee_clear (&m);
      return adj_not_allowed (error, _("A melee needs figures on both sides"));
    }
  span = (int) MAX (m.side[SIDE_A].n_figs, m.side[SIDE_B].n_figs);
  spread_init (&all, span);
  spread_init (&next, span);
  spread_init (&cluster, span);
  spread_init (&given, span);
  spread_init (&step, span);
  spread_init (&one, 1);
  exact = spread_add (&all, 0, 1, 1.0, exact);

  for (guint c = 0; c < m.n_clusters; c++)
    {
      Cluster cluster_c = cluster_at (m.side[SIDE_A].n_figs, m.side[SIDE_B].n_figs, c);
      const Cluster *cl = &cluster_c;
      guint xs = cl->side, ys = 1 - cl->side;
      int xmod = figure_modifier (&m, xs, cl->lone, cl->n,
                                  best_factor (&m, ys, cl->first, cl->n));
      int sign = xs == SIDE_A ? 1 : -1;

      spread_empty (&cluster);
      for (int xd = 1; xd <= 6; xd++)
        {
          /* Given his die, each opponent independently wins, loses or draws. */
          spread_empty (&given);
          exact = spread_add (&given, 0, 1, 1.0 / 6.0, exact);
          for (guint j = cl->first; j < cl->first + cl->n; j++)
            {
              int ymod = figure_modifier (&m, ys, j, 1, m.factor[xs][cl->lone]);

              spread_empty (&one);
              for (int yd = 1; yd <= 6; yd++)
                {
                  int tx = xd + xmod, ty = yd + ymod;
                  int d = tx > ty ? sign : ty > tx ? -sign : 0;

                  exact = spread_add (&one, d, 1, 1.0 / 6.0, exact);
                }
              spread_empty (&step);
              exact = spread_convolve (&given, &one, &step, exact);
              spread_swap (&given, &step);
            }
          exact = spread_add_all (&cluster, &given, exact);
        }
      spread_empty (&next);
      exact = spread_convolve (&all, &cluster, &next, exact);
      spread_swap (&all, &next);
    }

  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < m.side[s].n_figs; i++)
      if (exact && __builtin_mul_overflow (total, (Ways) 6, &total))
        exact = FALSE;
  for (int k = -span; k <= span; k++)
    {
      guint o = k > 0 ? 0 : k < 0 ? 1 : 2;

      p[o] += all.p[k + span];
      if (exact && __builtin_add_overflow (counts[o], all.ways[k + span], &counts[o]))
        exact = FALSE;
    }
  for (guint o = 0; o < 3; o++)
    labels[o] = adj_outcome_label (in->mechanic, keys[o]);
  finish_ways (odds, keys, labels, counts, p, 3, total, exact);
  spread_clear (&all);
  spread_clear (&next);
  spread_clear (&cluster);
  spread_clear (&given);
  spread_clear (&step);
  spread_clear (&one);
  melee_clear (&m);
  return TRUE;
}

static gboolean
melee_prefill (const AdjContext  *ctx,
               AdjInputs         *in,
               GError           **error)
{
  AdjUnit *a = adj_input_unit (ctx, in, "attacker");
  AdjUnit *b = adj_input_unit (ctx, in, "defender");

  if (a != NULL && adj_unit_get_figures (a) > 0 &&
      !adj_inputs_set_int (in, "attackers", MIN (adj_unit_get_figures (a), MAX_MELEE), error))
    return FALSE;
  if (b != NULL && adj_unit_get_figures (b) > 0 &&
      !adj_inputs_set_int (in, "defenders", MIN (adj_unit_get_figures (b), MAX_MELEE), error))
    return FALSE;
  return TRUE;
}

static gboolean
melee_apply (const AdjContext  *ctx,
             AdjInputs         *in,
             AdjOutcome        *outcome,
             AdjChangeSet      *changes,
             GError           **error)
{
  json_object *a = rf_get (outcome->values, "attacker");
  json_object *b = rf_get (outcome->values, "defender");

  if (ctx->battle == NULL)
    return TRUE;
  return (a == NULL || apply_figures (ctx->battle, changes, a, error)) &&
         (b == NULL || apply_figures (ctx->battle, changes, b, error));
}

static const AdjMechanic rf_melee = {
  .id = "rf/melee",
  .title = N_("Melee"),
  .summary = N_("Figures pair off and roll a D6 each; winners wound on an unmodified 5 and kill "
                "on a 6, and the side that did worse falls back."),
  .scope = ADJ_SCOPE_PAIR,
  .inputs = melee_inputs,
  .n_inputs = G_N_ELEMENTS (melee_inputs),
  .outcomes = melee_outcomes,
  .n_outcomes = G_N_ELEMENTS (melee_outcomes),
  .random_note = N_("One D6 for each attacker in the order of his group's record, then one for "
                    "each defender; then a die for each figure that could not fall back."),
  .draws = melee_draws,
  .resolve = melee_resolve,
  .odds = melee_odds,
  .prefill = melee_prefill,
  .apply = melee_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/reaction: the Risk Factor of an uncommanded group and what it does                      */

static const AdjField reaction_inputs[] = {
  UNIT_INPUT ("group", N_("Group")),
  BOOL_DEF ("as_platoon", N_("Reacts together with its platoon"),
            N_("Groups with the same platoon number that keep within 5 cm of each other, with "
               "an officer or NCO close by, roll once for all."), TRUE),
  BOOL_INPUT ("no_enemy", N_("No enemy in sight, or nothing in sight but friends falling back"),
              NULL),
  BOOL_INPUT ("hero_or_superior", N_("A hero is with the group, or it is of better quality"),
              NULL),
  BOOL_INPUT ("in_cover", N_("The whole group is in cover"), NULL),
  BOOL_INPUT ("advancing", N_("The group is advancing"), NULL),
  BOOL_INPUT ("enemy_in_range", N_("An enemy in plain view within reach of its weapons"), NULL),
  BOOL_INPUT ("raw", N_("The group is raw"), NULL),
  BOOL_INPUT ("in_enemy_range", N_("Within reach of an enemy it can see"),
              N_("Counts only for a raw group.")),
  INT_INPUT ("casualty_tenths", N_("Full tenths of the group wounded or killed"),
             N_("Counted from the group's own record: 1 of 10 is a tenth, 1 of 11 is not."),
             0, 10, 0),
  BOOL_INPUT ("flank_or_retreating",
              N_("Enemy seen on a flank or behind, or friends falling back or running within "
                 "25 cm"), NULL),
  BOOL_INPUT ("native", N_("Native troops"), NULL),
  BOOL_INPUT ("near_cavalry", N_("Within 50 cm of enemy horsemen"),
              N_("Counts only for native troops.")),
  BOOL_FROM ("routing", N_("Routing"), NULL, "group.status.routing"),
  BOOL_INPUT ("losing_melee", N_("Coming off worse in a melee"), NULL),
  ENUM_INPUT ("arms", N_("Which table"), N_("Missile troops read the first reaction table, "
                                            "close-combat troops the second."),
              arms_choices, "missile", NULL),
  INT_INPUT ("die_modifier", N_("Modifier to the D6"),
             N_("Added to the die, which then counts as 1 to 6 whatever the sum."), -5, 5, 0),
  BOOL_FROM ("fortified", N_("Holding a fortified position"), NULL, "group.status.fortified"),
  BOOL_INPUT ("falling_back", N_("Falling back from the enemy"), NULL),
  BOOL_DEF ("half_strength", N_("At least half its starting strength"), NULL, TRUE),
};

typedef struct {
  const char *id;
  int         value;
  gboolean    applies;
  gboolean    computed;
} Part;

/* The Risk Factor, part by part, in the order of the ruleset's "risk" modifiers. */
static int
risk_parts (AdjRuleset *rs,
            AdjInputs  *in,
            GArray     *parts)
{
  Part list[] = {
    { "no-enemy", 1, adj_inputs_get_bool (in, "no_enemy"), FALSE },
    { "hero-or-superior", 1, adj_inputs_get_bool (in, "hero_or_superior"), TRUE },
    { "cover-or-advancing", 1, adj_inputs_get_bool (in, "in_cover") ||
                               adj_inputs_get_bool (in, "advancing"), TRUE },
    { "enemy-in-range", 1, adj_inputs_get_bool (in, "enemy_in_range"), FALSE },
    { "raw-in-range", 1, adj_inputs_get_bool (in, "raw") &&
                         adj_inputs_get_bool (in, "in_enemy_range"), FALSE },
    { "casualties", adj_inputs_get_int (in, "casualty_tenths"),
      adj_inputs_get_int (in, "casualty_tenths") > 0, TRUE },
    { "flank-or-retreating", 1, adj_inputs_get_bool (in, "flank_or_retreating"), FALSE },
    { "natives-near-cavalry", 1, adj_inputs_get_bool (in, "native") &&
                                 adj_inputs_get_bool (in, "near_cavalry"), FALSE },
    { "routing-or-losing", 1, adj_inputs_get_bool (in, "routing") ||
                              adj_inputs_get_bool (in, "losing_melee"), FALSE },
  };
  int rf = 0;

  for (guint i = 0; i < G_N_ELEMENTS (list); i++)
    {
      int v = list[i].applies ? list[i].value * modifier_value (rs, "risk", list[i].id) : 0;

      rf += v;
      if (parts != NULL)
        {
          AdjRfPart part = { list[i].id, adj_ruleset_get_modifier (rs, "risk", list[i].id)->label,
                             v, list[i].computed };
          g_array_append_val (parts, part);
        }
    }
  return rf;
}

static void
reaction_draws (const AdjContext *ctx,
                AdjInputs        *in,
                GArray           *specs)
{
  AdjDrawSpec die = { "reaction", N_("Reaction"), 1,
                      (guint) rf_int (ctx->ruleset, "risk_factor", "die") };
  g_array_append_val (specs, die);
}

static int
reaction_face (AdjInputs *in,
               int        die)
{
  return CLAMP (die + adj_inputs_get_int (in, "die_modifier"), 1, 6);
}

static gboolean
reaction_resolve (const AdjContext  *ctx,
                  AdjInputs         *in,
                  AdjRandom         *random,
                  AdjOutcome        *outcome,
                  GError           **error)
{
  AdjRuleset *rs = ctx->ruleset;
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (AdjRfPart));
  int rf = risk_parts (rs, in, parts);
  int die, face;
  const char *arms = adj_inputs_get_string (in, "arms");
  const char *action;
  const char *name = adj_input_unit_name (ctx, in, "group", _("The group"));

  for (guint i = 0; i < parts->len; i++)
    {
      AdjRfPart *p = &g_array_index (parts, AdjRfPart, i);
      if (p->value != 0)
        adj_outcome_add_modifier (outcome, "risk", adj_gettext (p->label), p->value);
    }
  explain (outcome, ADJ_EXPLAIN_TOTAL, "risk", TRUE, rf, _("Risk Factor"));
  if (!adj_random_roll (random, "reaction", N_("Reaction"), 1,
                        (guint) rf_int (rs, "risk_factor", "die"), &die, error))
    return FALSE;
  face = reaction_face (in, die);
  explain (outcome, ADJ_EXPLAIN_DICE, "reaction", TRUE, die, _("Reaction die: %d"), die);
  if (adj_inputs_get_int (in, "die_modifier") != 0)
    adj_outcome_add_modifier (outcome, "reaction", _("Modifier to the die"),
                              adj_inputs_get_int (in, "die_modifier"));
  action = reaction_action (rs, arms, rf, face);
  explain (outcome, ADJ_EXPLAIN_TABLE, NULL, FALSE, 0,
           g_str_equal (arms, "missile") ? _("Missile troops' table, RF %d, die %d: %s")
                                         : _("Close-combat troops' table, RF %d, die %d: %s"),
           rf, face, adj_gettext (adj_outcome_label (in->mechanic, action)));

  if (rf <= 0 && adj_inputs_get_bool (in, "fortified"))
    adj_outcome_add_note (outcome, _("It does not leave the fortified position it holds."));
  if (rf <= 0 && adj_inputs_get_bool (in, "falling_back") && face >= 5)
    adj_outcome_add_note (outcome, _("Falling back, it stops in the nearest cover, facing where "
                                     "the enemy was last seen."));
  if (g_str_equal (action, "retreat") && adj_inputs_get_bool (in, "in_cover") &&
      adj_inputs_get_bool (in, "half_strength"))
    adj_outcome_add_note (outcome, _("Already in cover and at half strength or more, it may stay "
                                     "where it is."));
  if (g_str_equal (action, "attack") && adj_inputs_get_bool (in, "native"))
    adj_outcome_add_note (outcome, _("Natives attacking add a D6 cm to their move."));
  adj_outcome_add_note (outcome, _("Uncommanded troops shoot only at the nearest enemy."));

  adj_outcome_set_result (outcome, action, _("%s: RF %d, rolled %d — %s"), name, rf, face,
                          adj_gettext (action_meaning (rs, action)));
  adj_outcome_set_value_int (outcome, "rf", rf);
  adj_outcome_set_value_int (outcome, "die", die);
  adj_outcome_set_value_int (outcome, "roll", face);
  adj_outcome_set_value_string (outcome, "action", action);
  return TRUE;
}

static gboolean
reaction_odds (const AdjContext  *ctx,
               AdjInputs         *in,
               AdjOdds           *odds,
               GError           **error)
{
  const AdjMechanic *mech = in->mechanic;
  int rf = risk_parts (ctx->ruleset, in, NULL);
  int sides = rf_int (ctx->ruleset, "risk_factor", "die");

  adj_declare_outcomes (mech, odds);
  for (int d = 1; d <= sides; d++)
    {
      const char *action = reaction_action (ctx->ruleset, adj_inputs_get_string (in, "arms"), rf,
                                            reaction_face (in, d));
      adj_odds_add (odds, action, adj_outcome_label (mech, action), 1);
    }
  adj_odds_finish (odds, (guint64) sides);
  return TRUE;
}

/* The groups that react with @unit: its platoon on its side, or itself alone. */
static GPtrArray *
platoon_of (AdjBattle *battle,
            AdjUnit   *unit,
            gboolean   as_platoon)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  int platoon = adj_unit_get_status_int (unit, "platoon");
  GListModel *units = adj_battle_get_units (battle);

  if (!as_platoon || platoon == 0)
    {
      g_ptr_array_add (out, g_object_ref (unit));
      return out;
    }
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) u = g_list_model_get_item (units, i);

      /* A group of the platoon under command does as its player says: not part of it now. */
      if (u == unit || (g_str_equal (adj_unit_get_side (u), adj_unit_get_side (unit)) &&
                        adj_unit_get_status_int (u, "platoon") == platoon &&
                        !adj_unit_get_destroyed (u) && adj_unit_get_figures (u) > 0 &&
                        !adj_unit_get_status_bool (u, "hidden") &&
                        !adj_unit_get_status_bool (u, "commanded")))
        g_ptr_array_add (out, g_object_ref (u));
    }
  return out;
}

/* Full tenths of @hurt out of @total: 1 of 10 is one, 1 of 11 none. */
static int
casualty_tenths (int hurt,
                 int total,
                 int percent)
{
  if (total <= 0)
    return 0;
  return MIN (10, hurt * 100 / (percent * total));
}

/* What the battle can tell: the casualty part from the groups' records, their quality, arms,
 * whether they are native, in cover, advancing, routing, fortified, at half strength. */
static gboolean
reaction_prefill (const AdjContext  *ctx,
                  AdjInputs         *in,
                  GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "group");
  g_autoptr(GPtrArray) group = NULL;
  int hurt = 0, total = 0, in_play = 0;
  gboolean hero = FALSE, all_raw = TRUE, missile = FALSE, native = TRUE, cover = TRUE;
  gboolean advancing = TRUE, routing = FALSE, fortified = FALSE;

  if (unit == NULL)
    return TRUE;
  group = platoon_of (ctx->battle, unit, adj_inputs_get_bool (in, "as_platoon"));
  for (guint g = 0; g < group->len; g++)
    {
      AdjUnit *u = g_ptr_array_index (group, g);
      const AdjUnitType *type = unit_type_of (ctx, u);
      json_object *members = adj_unit_get_members (u);
      const char *weapon = adj_unit_get_weapon (u);
      const char *rating = adj_unit_get_rating (u);

      count_hurt (u, &hurt, &total);
      in_play += adj_unit_get_figures (u);
      if (g_strcmp0 (rating, "hero") == 0)
        hero = TRUE;
      if (g_strcmp0 (rating, "raw") != 0)
        all_raw = FALSE;
      if (weapon_is_missile (adj_ruleset_find_weapon (ctx->ruleset, weapon)))
        missile = TRUE;
      for (guint i = 0; members != NULL && i < json_object_array_length (members); i++)
        {
          if (!member_in_play (members, i))
            continue;
          if (g_str_equal (member_quality (u, member_rating (members, i), NULL), "hero"))
            hero = TRUE;
          if (weapon_is_missile (adj_ruleset_find_weapon (ctx->ruleset,
                                                          member_weapon (members, i, weapon))))
            missile = TRUE;
        }
      if (type == NULL || !adj_unit_type_rule_bool (type, "native", FALSE))
        native = FALSE;
      if (!adj_unit_get_status_bool (u, "in_cover"))
        cover = FALSE;
      if (g_strcmp0 (adj_unit_get_status_string (u, "order"), "advance") != 0)
        advancing = FALSE;
      if (adj_unit_get_status_bool (u, "routing"))
        routing = TRUE;
      if (adj_unit_get_status_bool (u, "fortified"))
        fortified = TRUE;
    }
  return adj_inputs_set_int (in, "casualty_tenths",
                             casualty_tenths (hurt, total, rf_int (ctx->ruleset, "risk_factor",
                                                                   "casualty_percent")),
                             error) &&
         adj_inputs_set_bool (in, "hero_or_superior", hero, error) &&
         adj_inputs_set_bool (in, "raw", all_raw, error) &&
         adj_inputs_set_string (in, "arms", missile ? "missile" : "close", error) &&
         adj_inputs_set_bool (in, "native", native, error) &&
         adj_inputs_set_bool (in, "in_cover", cover, error) &&
         adj_inputs_set_bool (in, "advancing", advancing, error) &&
         adj_inputs_set_bool (in, "routing", routing, error) &&
         adj_inputs_set_bool (in, "fortified", fortified, error) &&
         adj_inputs_set_bool (in, "half_strength", total == 0 || 2 * in_play >= total, error);
}

/* The order goes on every group that reacted: its latest order, and whether it is routing.
 * Decision: "carry on" changes nothing (the group goes on with its last order); any other
 * result ends a rout unless it is a rout itself. */
static gboolean
reaction_apply (const AdjContext  *ctx,
                AdjInputs         *in,
                AdjOutcome        *outcome,
                AdjChangeSet      *changes,
                GError           **error)
{
  AdjUnit *unit = adj_input_unit (ctx, in, "group");
  g_autoptr(GPtrArray) group = NULL;
  g_autoptr(json_object) order = NULL;
  g_autoptr(json_object) routing = NULL;

  if (unit == NULL || g_str_equal (outcome->key, "carry-on"))
    return TRUE;
  order = json_object_new_string (outcome->key);
  routing = adj_json_shared_boolean (g_str_equal (outcome->key, "rout"));
  group = platoon_of (ctx->battle, unit, adj_inputs_get_bool (in, "as_platoon"));
  for (guint g = 0; g < group->len; g++)
    {
      AdjUnit *u = g_ptr_array_index (group, g);
      const AdjUnitType *type = unit_type_of (ctx, u);

      if (type == NULL || !is_group_category (type->category))
        continue;
      if (!change_status (ctx->battle, changes, u, "order", order, error) ||
          !change_status (ctx->battle, changes, u, "routing", routing, error))
        return FALSE;
    }
  return TRUE;
}

static const AdjMechanic rf_reaction = {
  .id = "rf/reaction",
  .title = N_("Risk Factor reaction"),
  .summary = N_("An uncommanded group adds up its Risk Factor and rolls a D6 on the reaction "
                "table of its arms to see what it does."),
  .scope = ADJ_SCOPE_UNIT,
  .inputs = reaction_inputs,
  .n_inputs = G_N_ELEMENTS (reaction_inputs),
  .outcomes = reaction_outcomes,
  .n_outcomes = G_N_ELEMENTS (reaction_outcomes),
  .draws = reaction_draws,
  .resolve = reaction_resolve,
  .odds = reaction_odds,
  .prefill = reaction_prefill,
  .apply = reaction_apply,
};

/* ------------------------------------------------------------------------------------------ */
/* rf/victory                                                                                  */

static const AdjField victory_inputs[] = {
  SIDE_INPUT ("side", N_("Side")),
  INT_INPUT ("groups", N_("Groups and figures of the side still in the fight"),
             N_("Hidden groups count: they are still out there."), 0, 100000, 1),
  INT_INPUT ("retreating", N_("Of them, retreating or routing"), NULL, 0, 100000, 0),
};

static gboolean
victory_resolve (const AdjContext  *ctx,
                 AdjInputs         *in,
                 AdjRandom         *random,
                 AdjOutcome        *outcome,
                 GError           **error)
{
  int groups = adj_inputs_get_int (in, "groups");
  int retreating = adj_inputs_get_int (in, "retreating");

  if (retreating > groups)
    return adj_not_allowed (error, _("%d retreating out of %d"), retreating, groups);
  if (groups == 0)
    adj_outcome_set_result (outcome, "lost", _("No group of the side is left in the fight"));
  else if (retreating == groups)
    adj_outcome_set_result (outcome, "lost", _("All %d of its groups are falling back"), groups);
  else
    adj_outcome_set_result (outcome, "fighting", _("%d of %d groups still stand"),
                            groups - retreating, groups);
  return TRUE;
}

/* A unit still in the fight: on the table or hidden, not a marker, not destroyed. */
static gboolean
unit_counts (const AdjContext *ctx,
             AdjUnit          *unit)
{
  const AdjUnitType *type = unit_type_of (ctx, unit);

  return type != NULL && !g_str_equal (type->category, "marker") &&
         !adj_unit_get_destroyed (unit) && adj_unit_get_figures (unit) > 0;
}

static gboolean
unit_retreating (AdjUnit *unit)
{
  const char *order = adj_unit_get_status_string (unit, "order");

  return adj_unit_get_status_bool (unit, "routing") ||
         g_strcmp0 (order, "retreat") == 0 || g_strcmp0 (order, "rout") == 0;
}

static gboolean
victory_prefill (const AdjContext  *ctx,
                 AdjInputs         *in,
                 GError           **error)
{
  const char *side = adj_inputs_get_string (in, "side");
  GListModel *units;
  int groups = 0, retreating = 0;

  if (ctx->battle == NULL || side == NULL)
    return TRUE;
  units = adj_battle_get_units (ctx->battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) u = g_list_model_get_item (units, i);

      if (!g_str_equal (adj_unit_get_side (u), side) || !unit_counts (ctx, u))
        continue;
      groups++;
      if (unit_retreating (u))
        retreating++;
    }
  return adj_inputs_set_int (in, "groups", MIN (groups, 100000), error) &&
         adj_inputs_set_int (in, "retreating", MIN (retreating, 100000), error);
}

static const AdjMechanic rf_victory = {
  .id = "rf/victory",
  .title = N_("Has a side lost?"),
  .summary = N_("A side whose every group is retreating or routing has lost the fight."),
  .scope = ADJ_SCOPE_SIDE,
  .inputs = victory_inputs,
  .n_inputs = G_N_ELEMENTS (victory_inputs),
  .outcomes = victory_outcomes,
  .n_outcomes = G_N_ELEMENTS (victory_outcomes),
  .resolve = victory_resolve,
  .prefill = victory_prefill,
};

/* ------------------------------------------------------------------------------------------ */
/* the solo step                                                                               */

typedef struct {
  char       *unit_id;
  GPtrArray  *unit_ids;     /* of char *: every group of the order */
  AdjInputs  *inputs;
  AdjOutcome *outcome;      /* once rolled */
} Order;

struct _AdjRfSolo {
  AdjBattle *battle;
  GPtrArray *orders;        /* of Order * */
};

static void
order_free (Order *o)
{
  g_free (o->unit_id);
  g_ptr_array_unref (o->unit_ids);
  adj_inputs_free (o->inputs);
  adj_outcome_free (o->outcome);
  g_free (o);
}

void
adj_rf_solo_free (AdjRfSolo *solo)
{
  if (solo == NULL)
    return;
  g_ptr_array_unref (solo->orders);
  g_object_unref (solo->battle);
  g_free (solo);
}

static gboolean
side_is_solo (AdjBattle  *battle,
              const char *side_id)
{
  AdjSide *side = adj_battle_find_side (battle, side_id);
  json_object *v = NULL;

  return side != NULL && json_object_object_get_ex (side->settings, "solo", &v) &&
         json_object_get_boolean (v);
}

static gboolean
check_rf_battle (AdjBattle  *battle,
                 GError    **error)
{
  if (adj_ruleset_get_system (adj_battle_get_ruleset (battle)) == &adj_rf_system)
    return TRUE;
  g_set_error (error, ADJ_ERROR, ADJ_ERROR_UNSUPPORTED,
               _("This is a battle of “%s”: the solo enemy and hidden markers belong to the "
                 "Risk Factor skirmish rules"),
               adj_ruleset_get_name (adj_battle_get_ruleset (battle)));
  return FALSE;
}

AdjRfSolo *
adj_rf_solo_new (AdjBattle  *battle,
                 GError    **error)
{
  g_autoptr(AdjRfSolo) solo = NULL;
  g_autoptr(GHashTable) taken = NULL;
  GListModel *units;
  AdjRuleset *rs;
  gboolean any_solo = FALSE;
  AdjContext ctx;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  if (!check_rf_battle (battle, error))
    return NULL;
  rs = adj_battle_get_ruleset (battle);
  for (guint i = 0; i < adj_battle_get_sides (battle)->len; i++)
    {
      AdjSide *side = g_ptr_array_index (adj_battle_get_sides (battle), i);

      if (side_is_solo (battle, side->id))
        any_solo = TRUE;
    }
  if (!any_solo)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   _("No side of “%s” is run by Adjutant: turn on “Run by Adjutant (solo "
                     "enemy)” for the enemy's side"), adj_battle_get_name (battle));
      return NULL;
    }

  solo = g_new0 (AdjRfSolo, 1);
  solo->battle = g_object_ref (battle);
  solo->orders = g_ptr_array_new_with_free_func ((GDestroyNotify) order_free);
  taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  adj_battle_context (battle, &ctx);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);
      const AdjUnitType *type = unit_type_of (&ctx, unit);
      g_autoptr(GPtrArray) group = NULL;
      Order *o;

      if (type == NULL || !is_group_category (type->category) ||
          !side_is_solo (battle, adj_unit_get_side (unit)) || adj_unit_get_destroyed (unit) ||
          adj_unit_get_figures (unit) == 0 || adj_unit_get_status_bool (unit, "hidden") ||
          adj_unit_get_status_bool (unit, "commanded") ||
          g_hash_table_contains (taken, adj_unit_get_id (unit)))
        continue;

      o = g_new0 (Order, 1);
      g_ptr_array_add (solo->orders, o);
      o->unit_id = g_strdup (adj_unit_get_id (unit));
      o->unit_ids = g_ptr_array_new_with_free_func (g_free);
      o->inputs = adj_inputs_new (&rf_reaction, rs);
      group = platoon_of (battle, unit, TRUE);
      for (guint g = 0; g < group->len; g++)
        {
          AdjUnit *u = g_ptr_array_index (group, g);

          g_ptr_array_add (o->unit_ids, g_strdup (adj_unit_get_id (u)));
          g_hash_table_add (taken, g_strdup (adj_unit_get_id (u)));
        }
      if (!adj_inputs_set_string (o->inputs, "group", o->unit_id, error) ||
          !adj_battle_prefill (battle, o->inputs, error))
        return NULL;
    }
  return g_steal_pointer (&solo);
}

static Order *
solo_order (AdjRfSolo *solo,
            guint      i)
{
  g_return_val_if_fail (solo != NULL && i < solo->orders->len, NULL);
  return g_ptr_array_index (solo->orders, i);
}

guint
adj_rf_solo_get_n_orders (AdjRfSolo *solo)
{
  g_return_val_if_fail (solo != NULL, 0);
  return solo->orders->len;
}

const char *
adj_rf_solo_get_unit_id (AdjRfSolo *solo,
                         guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->unit_id : NULL;
}

GPtrArray *
adj_rf_solo_get_unit_ids (AdjRfSolo *solo,
                          guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->unit_ids : NULL;
}

AdjInputs *
adj_rf_solo_get_inputs (AdjRfSolo *solo,
                        guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->inputs : NULL;
}

gboolean
adj_rf_solo_set_json (AdjRfSolo    *solo,
                      json_object  *json,
                      const char   *file,
                      GError      **error)
{
  g_return_val_if_fail (solo != NULL, FALSE);

  if (!adj_json_expect_object (json, file, "$", error))
    return FALSE;
  json_object_object_foreach (json, key, val)
    {
      Order *found = NULL;
      g_autofree char *where = g_strdup_printf ("%s: $.%s", file, key);

      for (guint i = 0; i < solo->orders->len && found == NULL; i++)
        {
          Order *o = g_ptr_array_index (solo->orders, i);
          for (guint k = 0; k < o->unit_ids->len; k++)
            if (g_str_equal (g_ptr_array_index (o->unit_ids, k), key))
              found = o;
        }
      if (found == NULL)
        {
          g_autofree char *path = adj_json_path_key ("$", key);
          return adj_json_fail (error, ADJ_ERROR_NOT_FOUND, file, path,
                                _("“%s” is not a group that reacts in this step"), key);
        }
      if (!adj_inputs_set_json (found->inputs, val, where, error))
        return FALSE;
    }
  return TRUE;
}

int
adj_rf_solo_get_rf (AdjRfSolo  *solo,
                    guint       i,
                    GArray    **parts)
{
  Order *o = solo_order (solo, i);
  GArray *list = parts != NULL ? g_array_new (FALSE, FALSE, sizeof (AdjRfPart)) : NULL;
  int rf;

  g_return_val_if_fail (o != NULL, 0);
  rf = risk_parts (adj_battle_get_ruleset (solo->battle), o->inputs, list);
  if (parts != NULL)
    *parts = list;
  return rf;
}

AdjOdds *
adj_rf_solo_odds (AdjRfSolo  *solo,
                  guint       i,
                  GError    **error)
{
  Order *o = solo_order (solo, i);
  AdjContext ctx;

  g_return_val_if_fail (o != NULL, NULL);
  adj_battle_context (solo->battle, &ctx);
  return adj_mechanic_odds (&rf_reaction, &ctx, o->inputs, error);
}

/* The situational parts, with the input that sets each: a few words for a switch each. */
static const struct {
  const char *input;
  const char *part;
  const char *label;
} solo_switches[] = {
  { "no_enemy", "no-enemy", N_("No enemy in sight") },
  { "enemy_in_range", "enemy-in-range", N_("Enemy in range") },
  { "in_enemy_range", "raw-in-range", N_("Raw, and an enemy in reach") },
  { "flank_or_retreating", "flank-or-retreating", N_("Enemy on flank or rear, or friends "
                                                     "falling back") },
  { "near_cavalry", "natives-near-cavalry", N_("Enemy horsemen within 50 cm") },
  { "losing_melee", "routing-or-losing", N_("Losing a melee") },
};

GArray *
adj_rf_solo_get_switches (AdjRfSolo *solo,
                          guint      i)
{
  Order *o = solo_order (solo, i);
  AdjRuleset *rs;
  GArray *out;

  g_return_val_if_fail (o != NULL, NULL);
  rs = adj_battle_get_ruleset (solo->battle);
  out = g_array_new (FALSE, FALSE, sizeof (AdjRfSwitch));
  for (guint k = 0; k < G_N_ELEMENTS (solo_switches); k++)
    {
      const char *input = solo_switches[k].input;
      AdjRfSwitch sw = { input, solo_switches[k].part, solo_switches[k].label,
                         modifier_value (rs, "risk", solo_switches[k].part) };

      /* Parts that cannot count for this group, or count already from the battle. */
      if ((g_str_equal (input, "in_enemy_range") && !adj_inputs_get_bool (o->inputs, "raw")) ||
          (g_str_equal (input, "near_cavalry") && !adj_inputs_get_bool (o->inputs, "native")) ||
          (g_str_equal (input, "losing_melee") && adj_inputs_get_bool (o->inputs, "routing")))
        continue;
      g_array_append_val (out, sw);
    }
  return out;
}

const char *
adj_rf_solo_action_for_die (AdjRfSolo *solo,
                            guint      i,
                            int        die)
{
  Order *o = solo_order (solo, i);
  AdjRuleset *rs;

  g_return_val_if_fail (o != NULL, NULL);
  g_return_val_if_fail (die >= 1 && die <= 6, NULL);
  rs = adj_battle_get_ruleset (solo->battle);
  return reaction_action (rs, adj_inputs_get_string (o->inputs, "arms"),
                          risk_parts (rs, o->inputs, NULL), reaction_face (o->inputs, die));
}

const char *
adj_rf_action_meaning (AdjRuleset *rs,
                       const char *action)
{
  json_object *actions;

  g_return_val_if_fail (rs != NULL, NULL);

  if (action == NULL || adj_ruleset_get_system (rs) != &adj_rf_system)
    return NULL;
  actions = rf_get (rf_section (rs, "risk_factor"), "actions");
  for (gsize k = 0; k < json_object_array_length (actions); k++)
    {
      json_object *a = json_object_array_get_idx (actions, k);

      if (g_strcmp0 (json_object_get_string (rf_get (a, "id")), action) == 0)
        return json_object_get_string (rf_get (a, "hint"));
    }
  return NULL;
}

gboolean
adj_rf_solo_roll (AdjRfSolo  *solo,
                  AdjRng     *rng,
                  const int  *dice,
                  guint       n_dice,
                  GError    **error)
{
  g_autoptr(GPtrArray) outcomes = NULL;
  AdjContext ctx;

  g_return_val_if_fail (solo != NULL, FALSE);

  if (n_dice > 0 && n_dice != solo->orders->len)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("The groups that react need one D6 each, in their order: %u, but %u were "
                     "entered"), solo->orders->len, n_dice);
      return FALSE;
    }
  if (n_dice == 0 && rng == NULL && solo->orders->len > 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NEED_DICE,
                   _("Dice are needed: one D6 for each of the %u groups"), solo->orders->len);
      return FALSE;
    }
  adj_battle_context (solo->battle, &ctx);
  outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_outcome_free);
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      g_autoptr(AdjRandom) random = adj_random_new (n_dice > 0 ? NULL : rng, NULL);
      AdjOutcome *outcome = adj_outcome_new (&rf_reaction);

      g_ptr_array_add (outcomes, outcome);
      if (n_dice > 0)
        adj_random_enter_dice (random, &dice[i], 1);
      if (!adj_mechanic_resolve (&rf_reaction, &ctx, o->inputs, random, outcome, error))
        return FALSE;
    }
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);

      adj_outcome_free (o->outcome);
      o->outcome = g_ptr_array_steal_index (outcomes, 0);
    }
  return TRUE;
}

gboolean
adj_rf_solo_is_rolled (AdjRfSolo *solo)
{
  g_return_val_if_fail (solo != NULL, FALSE);
  return solo->orders->len > 0 && ((Order *) g_ptr_array_index (solo->orders, 0))->outcome != NULL;
}

AdjOutcome *
adj_rf_solo_get_outcome (AdjRfSolo *solo,
                         guint      i)
{
  Order *o = solo_order (solo, i);
  return o != NULL ? o->outcome : NULL;
}

static const char *
order_name (AdjRfSolo *solo,
            Order     *o)
{
  AdjUnit *unit = adj_battle_find_unit (solo->battle, o->unit_id);
  return unit != NULL ? adj_unit_get_name (unit) : o->unit_id;
}

static char *
order_summary (AdjRfSolo *solo,
               Order     *o,
               gboolean   with_meaning)
{
  AdjRuleset *rs = adj_battle_get_ruleset (solo->battle);
  int rf = risk_parts (rs, o->inputs, NULL);
  const char *name = order_name (solo, o);
  g_autofree char *rolled = NULL;
  g_autofree char *action = NULL;
  const char *key;
  int die, face;

  if (o->outcome == NULL)
    /* TRANSLATORS: an order before the roll, e.g. "Zulu impi 2 — RF 3" */
    return g_strdup_printf (_("%s — RF %d"), name, rf);
  key = o->outcome->key;
  die = adj_outcome_get_value_int (o->outcome, "die", 0);
  face = adj_outcome_get_value_int (o->outcome, "roll", 0);
  rolled = die == face ? g_strdup_printf (_("rolled %d"), die)
                       /* TRANSLATORS: a modified reaction die, e.g. "rolled 4, counts as 5" */
                       : g_strdup_printf (_("rolled %d, counts as %d"), die, face);
  action = g_utf8_strup (adj_gettext (adj_outcome_label (&rf_reaction, key)), -1);
  if (with_meaning)
    /* TRANSLATORS: an order of the solo enemy, e.g.
     * "Zulu impi 2 — RF 3 — rolled 5 — ATTACK: Close with the nearest enemy group ..." */
    return g_strdup_printf (_("%s — RF %d — %s — %s: %s"), name, rf, rolled, action,
                       adj_gettext (action_meaning (rs, key)));
  return g_strdup_printf (_("%s — RF %d — %s — %s"), name, rf, rolled, action);
}

char *
adj_rf_solo_order_text (AdjRfSolo *solo,
                        guint      i)
{
  Order *o = solo_order (solo, i);

  g_return_val_if_fail (o != NULL, NULL);
  return order_summary (solo, o, TRUE);
}

json_object *
adj_rf_solo_to_json (AdjRfSolo *solo)
{
  json_object *obj = json_object_new_object ();
  json_object *orders = json_object_new_array ();
  AdjRuleset *rs;

  g_return_val_if_fail (solo != NULL, obj);
  rs = adj_battle_get_ruleset (solo->battle);
  json_object_object_add (obj, "battle",
                          json_object_new_string (adj_battle_get_name (solo->battle)));
  json_object_object_add (obj, "turn", adj_json_shared_int (adj_battle_get_turn (solo->battle)));
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      json_object *item = json_object_new_object ();
      json_object *units = json_object_new_array ();
      json_object *parts_json = json_object_new_array ();
      g_autoptr(GArray) parts = NULL;
      g_autoptr(AdjOdds) odds = adj_rf_solo_odds (solo, i, NULL);
      g_autofree char *text = order_summary (solo, o, TRUE);
      int rf = adj_rf_solo_get_rf (solo, i, &parts);

      for (guint k = 0; k < o->unit_ids->len; k++)
        json_object_array_add (units, json_object_new_string (g_ptr_array_index (o->unit_ids, k)));
      for (guint k = 0; k < parts->len; k++)
        {
          AdjRfPart *p = &g_array_index (parts, AdjRfPart, k);
          json_object *part = json_object_new_object ();

          json_object_object_add (part, "id", json_object_new_string (p->id));
          json_object_object_add (part, "label", json_object_new_string (adj_gettext (p->label)));
          json_object_object_add (part, "value", adj_json_shared_int (p->value));
          json_object_object_add (part, "computed", adj_json_shared_boolean (p->computed));
          json_object_array_add (parts_json, part);
        }
      json_object_object_add (item, "unit", json_object_new_string (o->unit_id));
      json_object_object_add (item, "name", json_object_new_string (order_name (solo, o)));
      json_object_object_add (item, "units", units);
      json_object_object_add (item, "rf", adj_json_shared_int (rf));
      json_object_object_add (item, "parts", parts_json);
      json_object_object_add (item, "table",
                              json_object_new_string (adj_inputs_get_string (o->inputs, "arms")));
      json_object_object_add (item, "inputs", adj_inputs_to_json (o->inputs));
      if (odds != NULL)
        json_object_object_add (item, "odds", adj_odds_to_json (odds));
      if (o->outcome != NULL)
        {
          const char *key = o->outcome->key;

          json_object_object_add (item, "die", adj_json_shared_int (
            adj_outcome_get_value_int (o->outcome, "die", 0)));
          json_object_object_add (item, "roll", adj_json_shared_int (
            adj_outcome_get_value_int (o->outcome, "roll", 0)));
          json_object_object_add (item, "action", json_object_new_string (key));
          json_object_object_add (item, "title", json_object_new_string (o->outcome->title));
          json_object_object_add (item, "meaning", json_object_new_string (
            adj_gettext (action_meaning (rs, key))));
          json_object_object_add (item, "outcome", adj_outcome_to_json (o->outcome));
        }
      json_object_object_add (item, "text", json_object_new_string (text));
      json_object_array_add (orders, item);
    }
  json_object_object_add (obj, "orders", orders);
  return obj;
}

gboolean
adj_rf_solo_apply (AdjRfSolo  *solo,
                   GError    **error)
{
  AdjContext ctx;

  g_return_val_if_fail (solo != NULL, FALSE);

  if (solo->orders->len > 0 && !adj_rf_solo_is_rolled (solo))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                   _("Roll for the groups before their orders are applied"));
      return FALSE;
    }
  adj_battle_context (solo->battle, &ctx);
  for (guint i = 0; i < solo->orders->len; i++)
    {
      Order *o = g_ptr_array_index (solo->orders, i);
      g_autofree char *summary = order_summary (solo, o, FALSE);
      g_autoptr(AdjEntry) entry = adj_entry_new ("mechanic", rf_reaction.id, summary);

      entry->inputs = adj_inputs_to_json (o->inputs);
      entry->outcome = adj_outcome_to_json (o->outcome);
      if (!reaction_apply (&ctx, o->inputs, o->outcome, entry->changes, error) ||
          !adj_battle_commit (solo->battle, g_steal_pointer (&entry), error))
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* hidden deployment                                                                           */

guint
adj_rf_dummy_count (guint n_groups)
{
  return (n_groups + 1) / 2;
}

static gboolean
is_marker (AdjBattle *battle,
           AdjUnit   *unit)
{
  const AdjUnitType *type = adj_battle_unit_type (battle, unit);
  return type != NULL && g_str_equal (type->category, "marker");
}

/* The sealed record: { "markers": { "<marker id>": "<group id>" or null } }. */
static json_object *
open_markers (AdjBattle  *battle,
              GError    **error)
{
  const char *sealed = adj_battle_get_secret (battle, ADJ_RF_MARKERS_SECRET);
  g_autofree char *text = NULL;
  g_autoptr(json_object) json = NULL;
  json_object *markers = NULL;

  if (sealed == NULL)
    {
      json = json_object_new_object ();
      json_object_object_add (json, "markers", json_object_new_object ());
      return g_steal_pointer (&json);
    }
  text = adj_secret_open (sealed, error);
  if (text == NULL)
    return NULL;
  json = adj_json_parse_data (text, strlen (text), _("hidden markers"), NULL);
  if (json == NULL || !json_object_object_get_ex (json, "markers", &markers) ||
      !json_object_is_type (markers, json_type_object))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("the record of the hidden markers is damaged"));
      return NULL;
    }
  return g_steal_pointer (&json);
}

gboolean
adj_rf_deploy_hidden (AdjBattle           *battle,
                      const char          *side,
                      const char * const  *groups,
                      const char * const  *labels,
                      GError             **error)
{
  guint n_groups, n_labels, n_dummies;
  g_autoptr(AdjEntry) entry = NULL;
  g_autoptr(json_object) record = NULL;
  g_autoptr(json_object) sealed_value = NULL;
  g_autoptr(GPtrArray) slots = NULL;
  g_autoptr(GPtrArray) marker_ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *plain = NULL;
  g_autofree char *sealed = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *secret_field = g_strconcat ("secrets.", ADJ_RF_MARKERS_SECRET, NULL);
  g_autoptr(json_object) yes = adj_json_shared_boolean (TRUE);
  json_object *markers;
  AdjRng *rng;
  guint index;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (side != NULL && groups != NULL && labels != NULL, FALSE);

  if (!check_rf_battle (battle, error))
    return FALSE;
  if (adj_battle_find_side (battle, side) == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no side “%s”"), side);
      return FALSE;
    }
  n_groups = g_strv_length ((char **) groups);
  n_labels = g_strv_length ((char **) labels);
  n_dummies = adj_rf_dummy_count (n_groups);
  if (n_groups == 0)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("Name at least one group to hide"));
      return FALSE;
    }
  if (n_labels != n_groups + n_dummies)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                   _("%u hidden groups need %u markers (%u of them dummies), not %u"), n_groups,
                   n_groups + n_dummies, n_dummies, n_labels);
      return FALSE;
    }
  for (guint i = 0; i < n_groups; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (battle, groups[i]);
      const AdjUnitType *type = unit != NULL ? adj_battle_unit_type (battle, unit) : NULL;

      if (unit == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("there is no unit “%s”"),
                       groups[i]);
          return FALSE;
        }
      if (!g_str_equal (adj_unit_get_side (unit), side) || type == NULL ||
          !is_group_category (type->category) || adj_unit_get_destroyed (unit) ||
          adj_unit_get_status_bool (unit, "hidden"))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_ALLOWED,
                       _("%s cannot be hidden: only groups of the side in play can"),
                       adj_unit_get_name (unit));
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (groups[i], groups[j]))
          {
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID, _("%s is named twice"),
                         adj_unit_get_name (unit));
            return FALSE;
          }
    }
  for (guint i = 0; i < n_labels; i++)
    {
      if (labels[i][0] == '\0' || g_utf8_strlen (labels[i], -1) > 200 ||
          !g_utf8_validate (labels[i], -1, NULL))
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                       _("A marker needs a place of 1 to 200 characters, such as “wood edge A”"));
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (labels[i], labels[j]))
          {
            g_set_error (error, ADJ_ERROR, ADJ_ERROR_INVALID,
                         _("Two markers are both at “%s”: give each its own place"), labels[i]);
            return FALSE;
          }
    }

  record = open_markers (battle, error);
  if (record == NULL)
    return FALSE;
  markers = rf_get (record, "markers");

  /* TRANSLATORS: a journal line; the numbers are known to the players, the places not */
  summary = g_strdup_printf (_("Hidden deployment: %u markers placed, %u of them dummies"),
                        n_labels, n_dummies);
  entry = adj_entry_new ("units", NULL, summary);
  index = adj_battle_get_n_units (battle);
  for (guint i = 0; i < n_labels; i++)
    {
      g_autoptr(json_object) json = json_object_new_object ();
      g_autoptr(AdjUnit) probe = NULL;
      char *id = adj_battle_new_unit_id (battle);

      /* Ids the markers' changes take must not clash with each other either. */
      while (g_ptr_array_find_with_equal_func (marker_ids, id, g_str_equal, NULL))
        {
          g_free (id);
          id = adj_battle_new_unit_id (battle);
        }
      g_ptr_array_add (marker_ids, id);
      json_object_object_add (json, "id", json_object_new_string (id));
      json_object_object_add (json, "side", json_object_new_string (side));
      json_object_object_add (json, "name", json_object_new_string (labels[i]));
      json_object_object_add (json, "type", json_object_new_string ("marker"));
      probe = adj_battle_unit_from_json (battle, json, _("new marker"), "$", error);
      if (probe == NULL)
        return FALSE;
      adj_change_set_add_unit (entry->changes, adj_unit_to_json (probe), index + i);
    }
  for (guint i = 0; i < n_groups; i++)
    {
      g_autofree char *target = g_strconcat ("unit:", groups[i], NULL);

      if (!adj_battle_change_field (battle, entry->changes, target, "status.hidden", yes, error))
        return FALSE;
    }

  /* Which marker is which: the groups and the dummies shuffled over the markers. */
  rng = adj_battle_get_rng (battle);
  slots = g_ptr_array_new ();
  for (guint i = 0; i < n_groups; i++)
    g_ptr_array_add (slots, (gpointer) groups[i]);
  for (guint i = 0; i < n_dummies; i++)
    g_ptr_array_add (slots, NULL);
  for (guint i = slots->len - 1; i > 0; i--)
    {
      guint j = adj_rng_below (rng, i + 1);
      gpointer t = slots->pdata[i];

      slots->pdata[i] = slots->pdata[j];
      slots->pdata[j] = t;
    }
  for (guint i = 0; i < n_labels; i++)
    json_object_object_add (markers, g_ptr_array_index (marker_ids, i),
                            slots->pdata[i] != NULL
                            ? json_object_new_string (slots->pdata[i]) : NULL);
  plain = g_strdup (json_object_to_json_string_ext (record, JSON_C_TO_STRING_PLAIN));
  sealed = adj_secret_seal (plain, rng);
  sealed_value = json_object_new_string (sealed);
  if (!adj_battle_change_field (battle, entry->changes, "battle", secret_field, sealed_value,
                                error))
    return FALSE;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

gboolean
adj_rf_reveal_marker (AdjBattle   *battle,
                      const char  *marker,
                      char       **group,
                      GError     **error)
{
  AdjUnit *unit;
  g_autoptr(json_object) record = NULL;
  json_object *value = NULL;
  AdjUnit *found = NULL;
  g_autoptr(AdjEntry) entry = NULL;
  g_autofree char *summary = NULL;
  guint index;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (marker != NULL, FALSE);

  if (!check_rf_battle (battle, error))
    return FALSE;
  unit = adj_battle_find_unit (battle, marker);
  if (unit == NULL || !is_marker (battle, unit))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("“%s” is not a hidden marker"),
                   unit != NULL ? adj_unit_get_name (unit) : marker);
      return FALSE;
    }
  record = open_markers (battle, error);
  if (record == NULL)
    return FALSE;
  if (!json_object_object_get_ex (rf_get (record, "markers"), marker, &value))
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                   _("Adjutant has no record of what is under “%s”"), adj_unit_get_name (unit));
      return FALSE;
    }
  if (value != NULL)
    {
      found = adj_battle_find_unit (battle, json_object_get_string (value));
      if (found == NULL)
        {
          g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND,
                       _("The group hidden under “%s” is no longer in the battle"),
                       adj_unit_get_name (unit));
          return FALSE;
        }
    }

  if (found != NULL)
    /* TRANSLATORS: a journal line when a hidden marker is spotted */
    summary = g_strdup_printf (_("Marker at “%s” spotted: it is %s — set its figures down within "
                            "%d cm of the marker"), adj_unit_get_name (unit),
                          adj_unit_get_name (found),
                          rf_int (adj_battle_get_ruleset (battle), "hidden_deployment",
                                  "place_within"));
  else
    summary = g_strdup_printf (_("Marker at “%s” spotted: a dummy, nothing is there"),
                          adj_unit_get_name (unit));
  entry = adj_entry_new ("units", NULL, summary);
  if (!adj_battle_get_unit_position (battle, unit, &index))
    g_return_val_if_reached (FALSE);
  adj_change_set_remove_unit (entry->changes, adj_unit_to_json (unit), index);
  if (found != NULL)
    {
      g_autofree char *target = unit_target (found);
      g_autoptr(json_object) no = adj_json_shared_boolean (FALSE);

      if (!adj_battle_change_field (battle, entry->changes, target, "status.hidden", no, error))
        return FALSE;
    }
  if (group != NULL)
    *group = found != NULL ? g_strdup (adj_unit_get_id (found)) : NULL;
  return adj_battle_commit (battle, g_steal_pointer (&entry), error);
}

GPtrArray *
adj_rf_hidden_markers (AdjBattle *battle)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GListModel *units;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), out);
  units = adj_battle_get_units (battle);
  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      g_autoptr(AdjUnit) unit = g_list_model_get_item (units, i);

      if (is_marker (battle, unit) && !adj_unit_get_destroyed (unit))
        g_ptr_array_add (out, g_strdup (adj_unit_get_id (unit)));
    }
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* checking rf.json                                                                            */

static gboolean
need_object (json_object  *obj,
             const char   *key,
             json_object **out,
             const char   *file,
             const char   *path,
             GError      **error)
{
  return adj_json_get_object (obj, key, TRUE, out, file, path, error);
}

static gboolean
need_ints (json_object         *obj,
           const char * const  *keys,
           gint64               min,
           gint64               max,
           const char          *file,
           const char          *path,
           GError             **error)
{
  for (guint i = 0; keys[i] != NULL; i++)
    {
      gint64 v;
      if (!adj_json_get_int (obj, keys[i], TRUE, min, max, &v, file, path, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_actions (AdjRuleset  *rs,
               json_object *rf,
               const char  *file,
               GError     **error)
{
  static const char *const keys[] = { "id", "label", "hint", NULL };
  json_object *actions;

  if (!adj_json_get_array (rf, "actions", TRUE, &actions, file, "$.risk_factor", error))
    return FALSE;
  if (json_object_array_length (actions) != G_N_ELEMENTS (reaction_outcomes))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.risk_factor.actions",
                          _("expected the %u actions of the reaction tables"),
                          (guint) G_N_ELEMENTS (reaction_outcomes));
  for (guint i = 0; i < G_N_ELEMENTS (reaction_outcomes); i++)
    {
      json_object *a = json_object_array_get_idx (actions, i);
      g_autofree char *where = adj_json_path_index ("$.risk_factor.actions", i);
      const char *id = NULL, *label = NULL, *hint = NULL;

      if (!adj_json_expect_object (a, file, where, error) ||
          !adj_json_check_keys (a, keys, file, where, error) ||
          !adj_json_get_string (a, "id", TRUE, &id, file, where, error) ||
          !adj_json_get_string (a, "label", TRUE, &label, file, where, error) ||
          !adj_json_get_string (a, "hint", TRUE, &hint, file, where, error))
        return FALSE;
      if (!g_str_equal (id, reaction_outcomes[i].id))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the action “%s” here, found “%s”"),
                              reaction_outcomes[i].id, id);
    }
  return TRUE;
}

/* A reaction table: rows of RF ranges, from "0 or less" to "9 or more" with no gap, each
 * with six actions. */
static gboolean
check_reaction_table (json_object  *tables,
                      const char   *arms,
                      const char   *file,
                      GError      **error)
{
  static const char *const keys[] = { "min", "max", "actions", NULL };
  g_autofree char *path = g_strdup_printf ("$.risk_factor.tables.%s", arms);
  json_object *rows;
  gsize n;
  gint64 next = G_MININT64;

  if (!adj_json_get_array (tables, arms, TRUE, &rows, file, "$.risk_factor.tables", error))
    return FALSE;
  n = json_object_array_length (rows);
  if (n == 0)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, path, _("expected at least one row"));
  for (gsize i = 0; i < n; i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);
      g_autofree char *where = adj_json_path_index (path, i);
      gint64 min = G_MININT64, max = G_MAXINT64;
      json_object *actions;

      if (!adj_json_expect_object (row, file, where, error) ||
          !adj_json_check_keys (row, keys, file, where, error) ||
          !adj_json_get_int (row, "min", i > 0, -100, 100, &min, file, where, error) ||
          !adj_json_get_int (row, "max", i + 1 < n, -100, 100, &max, file, where, error) ||
          !adj_json_get_array (row, "actions", TRUE, &actions, file, where, error))
        return FALSE;
      if (i == 0 && json_object_object_get_ex (row, "min", NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the first row has no “min”: it takes every lower RF"));
      if (i + 1 == n && json_object_object_get_ex (row, "max", NULL))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the last row has no “max”: it takes every higher RF"));
      if ((i > 0 && min != next) || max < min)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("the rows must follow each other with no gap or overlap"));
      next = max == G_MAXINT64 ? max : max + 1;
      if (json_object_array_length (actions) != 6)
        {
          g_autofree char *at = adj_json_path_key (where, "actions");
          return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                _("expected 6 actions, one for each face of the die"));
        }
      for (gsize k = 0; k < 6; k++)
        {
          json_object *a = json_object_array_get_idx (actions, k);

          if (!json_object_is_type (a, json_type_string) ||
              adj_field_find_choice (reaction_outcomes, G_N_ELEMENTS (reaction_outcomes),
                                     json_object_get_string (a)) == NULL)
            {
              g_autofree char *at = adj_json_path_key (where, "actions");
              g_autofree char *cell = adj_json_path_index (at, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, cell,
                                    _("expected one of the actions of “risk_factor.actions”"));
            }
        }
    }
  return TRUE;
}

static gboolean
check_weapons (AdjRuleset   *rs,
               const char   *file,
               GError      **error)
{
  static const char *const classes[] = { "gunpowder", "bow-spear", "other", NULL };
  static const char *const loadings[] = { "group", "muzzle", "thrown", "bow", "none", NULL };
  GPtrArray *weapons = adj_ruleset_get_weapons (rs);

  for (guint i = 0; i < weapons->len; i++)
    {
      const AdjWeapon *w = g_ptr_array_index (weapons, i);
      g_autofree char *where = g_strdup_printf ("$.weapons[%u].rules", i);
      json_object *rules = rf_get (w->json, "rules");
      static const char *const keys[] = {
        "short", "medium", "long", "melee", "class", "missile", "loading", NULL
      };
      gint64 s = 0, m = 0, l = 0, melee = 0;
      const char *cls = NULL, *loading = NULL;
      gboolean missile = FALSE;

      if (rules == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the weapon's ranges, melee factor, class and loading"));
      if (!adj_json_check_keys (rules, keys, file, where, error) ||
          !adj_json_get_int (rules, "short", FALSE, 0, MAX_CM, &s, file, where, error) ||
          !adj_json_get_int (rules, "medium", FALSE, 0, MAX_CM, &m, file, where, error) ||
          !adj_json_get_int (rules, "long", FALSE, 0, MAX_CM, &l, file, where, error) ||
          !adj_json_get_int (rules, "melee", TRUE, 0, 100, &melee, file, where, error) ||
          !adj_json_get_string (rules, "class", TRUE, &cls, file, where, error) ||
          !adj_json_get_bool (rules, "missile", TRUE, &missile, file, where, error) ||
          !adj_json_get_string (rules, "loading", TRUE, &loading, file, where, error))
        return FALSE;
      if (!g_strv_contains (classes, cls))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the class “gunpowder”, “bow-spear” or “other”, "
                                "found “%s”"), cls);
      if (!g_strv_contains (loadings, loading))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected the loading “group”, “muzzle”, “thrown”, “bow” or "
                                "“none”, found “%s”"), loading);
      if (l > 0 ? !(0 < s && s <= m && m <= l && l == w->range)
                : (s != 0 || m != 0 || w->range != 0))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected short ≤ medium ≤ long ranges, the long one equal to "
                                "the weapon's range (or no ranges at all)"));
      if ((l > 0) != (!g_str_equal (loading, "none")))
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("a weapon that shoots needs a way of loading, and one that "
                                "does not shoot has “none”"));
    }
  return TRUE;
}

static gboolean
rf_check_ruleset (AdjRuleset  *rs,
                  GError     **error)
{
  static const char *const risk_ids[] = {
    "no-enemy", "hero-or-superior", "cover-or-advancing", "enemy-in-range", "raw-in-range",
    "casualties", "flank-or-retreating", "natives-near-cavalry", "routing-or-losing", NULL
  };
  static const char *const melee_ids[] = {
    "raw", "extra-enemy", "defended-wall", "hero-or-superior", "better-weapon", NULL
  };
  static const char *const damage_ids[] = { "hero", "raw", NULL };
  static const char *const command_keys[] = {
    "distance_open", "distance_enclosed", "cost_loyal", "cost_disloyal", "cost_router",
    "cost_chain", "max_links", NULL
  };
  static const char *const command_dice_keys[] = { "drummer_dice", "busy_dice", NULL };
  static const char *const movement_keys[] = {
    "foot", "wounded", "civilian", "petticoats", "horsed_open", "difficult_factor",
    "barrier_quarters", "rout_bonus", NULL
  };
  static const char *const fire_keys[] = {
    "uncommanded_stationary", "uncommanded_moving", "thrown_per", NULL
  };
  static const char *const melee_keys[] = { "wound_on", "kill_on", "fall_back", NULL };
  static const char *const hidden_keys[] = { "place_within", NULL };
  static const char *const qualities[] = { "hero", "veteran", "raw", NULL };
  static const char *const bands[] = { "short", "medium", "long", NULL };
  static const char *const covers[] = { "open", "soft", "hard", NULL };
  static const char *const classes[] = { "gunpowder", "bow-spear", "other", NULL };
  static const char *const results[] = { "graze", "wound", "kill", NULL };
  static const char *const statuses[] = {
    "commanded", "moved", "loading", "loaded", "in_cover", "routing", "order", "platoon",
    "fortified", "superior_melee", "hidden", NULL
  };
  static const char *const categories[] = {
    "infantry", "cavalry", "civilians", "character", "marker", NULL
  };
  const char *file = adj_ruleset_get_file (rs);
  json_object *root = adj_ruleset_get_json (rs);
  json_object *command, *dice, *movement, *fire, *to_hit, *need, *damage, *res, *melee, *rf;
  json_object *tables, *hidden;
  gint64 die = 0;
  g_autoptr(AdjMemberSchema) schema = NULL;
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(GError) local = NULL;
  json_object *sides;

  if (!need_object (root, "command", &command, file, "$", error) ||
      !need_object (command, "dice", &dice, file, "$.command", error) ||
      !need_ints (dice, qualities, 1, 10, file, "$.command.dice", error) ||
      !need_ints (command, command_keys, 0, 1000, file, "$.command", error) ||
      !need_ints (command, command_dice_keys, 0, 4, file, "$.command", error) ||
      !need_object (root, "movement", &movement, file, "$", error) ||
      !need_ints (movement, movement_keys, 0, 1000, file, "$.movement", error) ||
      !adj_json_get_int (movement, "native_attack_die", TRUE, 2, 100, &die, file, "$.movement",
                         error) ||
      !need_object (root, "fire", &fire, file, "$", error) ||
      !need_ints (fire, fire_keys, 1, 100, file, "$.fire", error) ||
      !need_object (root, "to_hit", &to_hit, file, "$", error) ||
      !adj_json_get_int (to_hit, "die", TRUE, 8, 8, &die, file, "$.to_hit", error) ||
      !need_object (to_hit, "need", &need, file, "$.to_hit", error) ||
      !need_object (root, "damage", &damage, file, "$", error) ||
      !adj_json_get_int (damage, "die", TRUE, 6, 6, &die, file, "$.damage", error) ||
      !need_object (damage, "results", &res, file, "$.damage", error) ||
      !need_object (root, "melee", &melee, file, "$", error) ||
      !need_ints (melee, melee_keys, 1, 100, file, "$.melee", error) ||
      !need_object (root, "risk_factor", &rf, file, "$", error) ||
      !adj_json_get_int (rf, "die", TRUE, 6, 6, &die, file, "$.risk_factor", error) ||
      !adj_json_get_int (rf, "casualty_percent", TRUE, 1, 100, &die, file, "$.risk_factor",
                         error) ||
      !check_actions (rs, rf, file, error) ||
      !need_object (rf, "tables", &tables, file, "$.risk_factor", error) ||
      !check_reaction_table (tables, "missile", file, error) ||
      !check_reaction_table (tables, "close", file, error) ||
      !need_object (root, "hidden_deployment", &hidden, file, "$", error) ||
      !need_ints (hidden, hidden_keys, 0, 1000, file, "$.hidden_deployment", error) ||
      !adj_ruleset_require_modifiers (rs, "risk", risk_ids, error) ||
      !adj_ruleset_require_modifiers (rs, "melee", melee_ids, error) ||
      !adj_ruleset_require_modifiers (rs, "damage", damage_ids, error) ||
      !check_weapons (rs, file, error))
    return FALSE;

  for (guint b = 0; bands[b] != NULL; b++)
    {
      json_object *row;
      g_autofree char *where = adj_json_path_key ("$.to_hit.need", bands[b]);

      if (!need_object (need, bands[b], &row, file, "$.to_hit.need", error) ||
          !need_ints (row, covers, 1, 8, file, where, error))
        return FALSE;
    }
  for (guint c = 0; classes[c] != NULL; c++)
    {
      json_object *row;
      g_autofree char *where = adj_json_path_key ("$.damage.results", classes[c]);

      if (!adj_json_get_array (res, classes[c], TRUE, &row, file, "$.damage.results", error))
        return FALSE;
      if (json_object_array_length (row) != 6)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, where,
                              _("expected 6 results, one for each face of the die"));
      for (gsize k = 0; k < 6; k++)
        {
          json_object *cell = json_object_array_get_idx (row, k);

          if (!json_object_is_type (cell, json_type_string) ||
              !g_strv_contains (results, json_object_get_string (cell)))
            {
              g_autofree char *at = adj_json_path_index (where, k);
              return adj_json_fail (error, ADJ_ERROR_INVALID, file, at,
                                    _("expected “graze”, “wound” or “kill”"));
            }
        }
    }

  for (guint c = 0; categories[c] != NULL; c++)
    if (adj_ruleset_find_category (rs, categories[c]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.categories",
                            _("the category “%s” is missing"), categories[c]);
  if (adj_ruleset_find_unit_type (rs, "marker") == NULL ||
      !g_str_equal (adj_ruleset_find_unit_type (rs, "marker")->category, "marker"))
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.unit_types",
                          _("expected the unit type “marker”, of the category “marker”"));
  for (guint q = 0; qualities[q] != NULL; q++)
    if (adj_ruleset_find_rating (rs, qualities[q]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.ratings",
                            _("the rating “%s” is missing"), qualities[q]);
  for (guint s = 0; statuses[s] != NULL; s++)
    if (adj_ruleset_find_status_field (rs, statuses[s]) == NULL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                            _("the status field “%s” is missing"), statuses[s]);
  if (!adj_ruleset_find_status_field (rs, "hidden")->hides_unit)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.status_fields",
                          _("the status field “hidden” must hide its unit"));
  if (adj_ruleset_find_side_field (rs, "solo") == NULL ||
      adj_ruleset_find_side_field (rs, "solo")->kind != ADJ_FIELD_BOOL)
    return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.side_fields",
                          _("expected the side setting “solo”, true or false"));

  schema = adj_member_schema_new (rs, &local);
  if (schema == NULL)
    {
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        adj_json_fail (error, ADJ_ERROR_INVALID, file, "$",
                       _("expected “members”: the record kept for every figure"));
      return FALSE;
    }
  {
    const AdjField *role = adj_member_schema_find_field (schema, "role");
    const AdjField *wounds = adj_member_schema_find_field (schema, "wounds");
    const AdjField *disloyal = adj_member_schema_find_field (schema, "disloyal");
    static const char *const roles[] = { "figure", "officer", "nco", "drummer", "bugler", NULL };

    if (role == NULL || role->kind != ADJ_FIELD_ENUM || wounds == NULL ||
        wounds->kind != ADJ_FIELD_INT || wounds->min != 0 || wounds->max != 1 ||
        disloyal == NULL || disloyal->kind != ADJ_FIELD_BOOL)
      return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.members.fields",
                            _("expected “role” (a choice), “wounds” (0 or 1) and “disloyal” "
                              "(true or false)"));
    for (guint r = 0; roles[r] != NULL; r++)
      if (adj_field_find_choice (role->choices, role->n_choices, roles[r]) == NULL)
        return adj_json_fail (error, ADJ_ERROR_INVALID, file, "$.members.fields",
                              _("the role “%s” is missing"), roles[r]);
  }

  /* Example forces must load as an army list does. */
  if (json_object_object_get_ex (root, "templates", &sides))
    {
      templates = adj_army_templates (rs, error);
      if (templates == NULL)
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* the system                                                                                  */

static const AdjMechanic *const rf_mechanics[] = {
  &rf_command,
  &rf_movement,
  &rf_shooting,
  &rf_melee,
  &rf_reaction,
  &rf_victory,
};

static const char *const rf_keys[] = {
  "command", "movement", "fire", "to_hit", "damage", "melee", "risk_factor",
  "hidden_deployment", "templates", NULL
};

const AdjSystem adj_rf_system = {
  .id = "rf",
  .mechanics = rf_mechanics,
  .n_mechanics = G_N_ELEMENTS (rf_mechanics),
  .ruleset_keys = rf_keys,
  .check_ruleset = rf_check_ruleset,
};
