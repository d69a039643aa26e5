/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rf-figures.c: Risk Factor — the figures in a fight: a group's record, or anonymous
 * figures where it keeps none, their names, wounds and what shooting and melee write back. */

#define G_LOG_DOMAIN "adj-rf"

#include "config.h"

#include <string.h>

#include "adj-rf-private.h"

/* ------------------------------------------------------------------------------------------ */
/* figures in a fight: a group's record, or anonymous figures where it keeps none             */

/* The first @n figures in play of @unit (all of them with @n < 0); without a record, @n
 * anonymous figures of @quality and @weapon. */
void
rf_figures_init (Figures    *f,
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
      fig.quality = rf_member_quality (unit, rating, quality);
      fig.weapon = own_weapon != NULL ? own_weapon : weapon;
      figs[len++] = fig;
    }
  while (members == NULL && len < room)
    figs[len++] = (Fig) { .member = -1, .quality = quality, .weapon = weapon };
  f->n_figs = len;
}

void
rf_figures_clear (Figures *f)
{
  g_clear_pointer (&f->names, g_free);
  if (f->figs != f->in_place)
    g_free (f->figs);
  f->figs = NULL;
  f->n_figs = 0;
}

Fig *
rf_fig_at (Figures *f,
           guint    i)
{
  return &f->figs[i];
}

guint
rf_figures_in_play (Figures *f)
{
  guint n = 0;

  for (guint i = 0; i < f->n_figs; i++)
    if (!rf_fig_at (f, i)->lost)
      n++;
  return n;
}

/* The @k-th figure still in play (from 0). */
Fig *
rf_figure_in_play (Figures *f,
                   guint    k)
{
  for (guint i = 0; i < f->n_figs; i++)
    if (!rf_fig_at (f, i)->lost && k-- == 0)
      return rf_fig_at (f, i);
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
const char *
rf_figure_name (Figures *f,
                Fig     *fig)
{
  guint i = (guint) (fig - rf_fig_at (f, 0));

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
gboolean
rf_figure_hurt (Figures  *f,
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
json_object *
rf_figures_to_json (Figures *f)
{
  json_object *obj = json_object_new_object ();
  json_object *list = json_object_new_array ();

  for (guint i = 0; i < f->n_figs; i++)
    {
      Fig *fig = rf_fig_at (f, i);
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

/* Apply what rf_figures_to_json() recorded: wounds and deaths per figure, or fewer figures for a
 * group without a record; a group with no one left is destroyed. */
gboolean
rf_apply_figures (AdjBattle     *battle,
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
  target = rf_unit_target (unit);
  left = adj_unit_get_figures (unit);
  for (gsize i = 0; i < json_object_array_length (list); i++)
    {
      json_object *item = json_object_array_get_idx (list, i);
      guint m = (guint) json_object_get_int (rf_get (item, "member"));
      gboolean was_lost = !rf_member_in_play (adj_unit_get_members (unit), m);

      if (!rf_change_member (battle, changes, unit, m, "wounds", rf_get (item, "wounds"), error) ||
          !rf_change_member (battle, changes, unit, m, ADJ_MEMBER_LOST, rf_get (item, "lost"),
                             error))
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
