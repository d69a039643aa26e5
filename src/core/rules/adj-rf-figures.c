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
  guint room = n >= 0 ? (guint) n : total;

  f->unit = unit;
  f->names = NULL;
  f->anonymous_lost = 0;
  f->anonymous = ANON_FIGURE;
  f->figs = g_array_sized_new (FALSE, FALSE, sizeof (Fig), room);
  for (guint i = 0; i < total && f->figs->len < room; i++)
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
      g_array_append_val (f->figs, fig);
    }
  while (members == NULL && f->figs->len < room)
    {
      Fig fig = { .member = -1, .quality = quality, .weapon = weapon };

      g_array_append_val (f->figs, fig);
    }
}

void
rf_figures_clear (Figures *f)
{
  g_clear_pointer (&f->names, g_ptr_array_unref);
  g_clear_pointer (&f->figs, g_array_unref);
}

Fig *
rf_fig_at (Figures *f,
           guint    i)
{
  return &g_array_index (f->figs, Fig, i);
}

guint
rf_figures_in_play (Figures *f)
{
  guint n = 0;

  for (guint i = 0; i < f->figs->len; i++)
    if (!rf_fig_at (f, i)->lost)
      n++;
  return n;
}

/* The @k-th figure still in play (from 0). */
Fig *
rf_figure_in_play (Figures *f,
                   guint    k)
{
  for (guint i = 0; i < f->figs->len; i++)
    if (!rf_fig_at (f, i)->lost && k-- == 0)
      return rf_fig_at (f, i);
  g_return_val_if_reached (NULL);
}

/* What a figure without a record is called, by ANON_* and its number from 1. */
static char *
anonymous_name (guint kind,
                guint number)
{
  switch (kind)
    {
    case ANON_ATTACKER:
      /* TRANSLATORS: an attacking figure of a group without a record, e.g. "attacker 2" */
      return g_strdup_printf (_("attacker %u"), number);
    case ANON_DEFENDER:
      /* TRANSLATORS: a defending figure of a group without a record, e.g. "defender 2" */
      return g_strdup_printf (_("defender %u"), number);
    default:
      /* TRANSLATORS: a figure of a group without a record, e.g. "figure 3" */
      return g_strdup_printf (_("figure %u"), number);
    }
}

/* What to call @fig: the name its record gives, or "attacker 2" and the like; owned by @f. */
const char *
rf_figure_name (Figures *f,
                Fig     *fig)
{
  guint i = (guint) (fig - rf_fig_at (f, 0));

  if (f->names == NULL)
    {
      f->names = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_set_size (f->names, (int) f->figs->len);
    }
  if (g_ptr_array_index (f->names, i) == NULL)
    {
      char *name;

      if (fig->member < 0 || f->unit == NULL)
        /* A group without a record: its figures are named by their place in the fight. */
        name = anonymous_name (f->anonymous, i + 1);
      else
        {
          const char *own = adj_member_get_string (adj_unit_get_members (f->unit),
                                                   (guint) fig->member, ADJ_MEMBER_NAME);

          name = own != NULL ? g_strdup (own)
                             : anonymous_name (ANON_FIGURE, (guint) fig->member + 1);
        }
      g_ptr_array_index (f->names, i) = name;
    }
  return g_ptr_array_index (f->names, i);
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

  for (guint i = 0; i < f->figs->len; i++)
    {
      Fig *fig = rf_fig_at (f, i);
      json_object *item;

      if (!fig->touched || fig->member < 0)
        continue;
      item = json_object_new_object ();
      json_object_object_add (item, "member", json_object_new_int64 (fig->member));
      json_object_object_add (item, "wounds", json_object_new_int64 (fig->wounds));
      json_object_object_add (item, "lost", json_object_new_boolean (fig->lost));
      json_object_array_add (list, item);
    }
  if (f->unit != NULL)
    json_object_object_add (obj, "unit", adj_unit_id_to_json (f->unit));
  json_object_object_add (obj, "members", list);
  json_object_object_add (obj, "anonymous_lost", json_object_new_int64 (f->anonymous_lost));
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
  json_object *list = json_object_object_get (record, "members");
  const char *id = json_object_get_string (json_object_object_get (record, "unit"));
  AdjUnit *unit = id != NULL ? adj_battle_find_unit (battle, id) : NULL;
  int anonymous = json_object_get_int (json_object_object_get (record, "anonymous_lost"));
  int left;
  g_autofree char *target = NULL;

  if (unit == NULL)
    return TRUE;
  target = rf_unit_target (unit);
  left = adj_unit_get_figures (unit);
  for (gsize i = 0; i < json_object_array_length (list); i++)
    {
      json_object *item = json_object_array_get_idx (list, i);
      guint m = (guint) json_object_get_int (json_object_object_get (item, "member"));
      gboolean was_lost = !rf_member_in_play (adj_unit_get_members (unit), m);

      if (!rf_change_member (battle, changes, unit, m, "wounds",
                             json_object_object_get (item, "wounds"), error) ||
          !rf_change_member (battle, changes, unit, m, ADJ_MEMBER_LOST,
                             json_object_object_get (item, "lost"), error))
        return FALSE;
      if (!was_lost && json_object_get_boolean (json_object_object_get (item, "lost")))
        left--;
    }
  if (anonymous > 0 && adj_unit_get_members (unit) == NULL)
    {
      g_autoptr(json_object) figures = NULL;

      left = MAX (0, left - anonymous);
      figures = json_object_new_int64 (left);
      if (!adj_battle_change_field (battle, changes, target, "figures", figures, error))
        return FALSE;
    }
  if (left <= 0 && !adj_unit_get_destroyed (unit))
    {
      g_autoptr(json_object) yes = json_object_new_boolean (TRUE);
      return adj_battle_change_field (battle, changes, target, "destroyed", yes, error);
    }
  return TRUE;
}
