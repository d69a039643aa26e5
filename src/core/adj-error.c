/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-error.c: the error domain of the core.
 *
 * The domain carries data beside the message: an error about a table the players have not
 * filled in keeps the ids of the tables, so that callers offer the right table to enter without
 * reading the (translated) message.  GLib copies and frees that data with the error.
 */

#include "adj-error.h"

typedef struct {
  char **missing_tables;   /* NULL-terminated, or NULL */
} AdjErrorPrivate;

/* As G_DEFINE_EXTENDED_ERROR(), but keeping the name the domain has always had. */
static inline AdjErrorPrivate *
adj_error_get_private (const GError *error)
{
  const gsize sa = 2 * sizeof (gsize);
  const gsize as = (sizeof (AdjErrorPrivate) + (sa - 1)) & -sa;

  return (AdjErrorPrivate *) (((guint8 *) error) - as);
}

static void
on_error_init (GError *error)
{
  adj_error_get_private (error)->missing_tables = NULL;
}

static void
on_error_copy (const GError *src,
               GError       *dest)
{
  adj_error_get_private (dest)->missing_tables =
    g_strdupv (adj_error_get_private (src)->missing_tables);
}

static void
on_error_clear (GError *error)
{
  g_clear_pointer (&adj_error_get_private (error)->missing_tables, g_strfreev);
}

GQuark
adj_error_quark (void)
{
  static GQuark quark;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      quark = g_error_domain_register_static ("adj-error-quark", sizeof (AdjErrorPrivate),
                                              on_error_init, on_error_copy, on_error_clear);
      g_once_init_leave (&initialized, 1);
    }
  return quark;
}

const char * const *
adj_error_get_missing_tables (const GError *error)
{
  if (error == NULL || !g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE))
    return NULL;
  return (const char * const *) adj_error_get_private (error)->missing_tables;
}

void
adj_error_add_missing_table (GError     *error,
                             const char *table_id)
{
  AdjErrorPrivate *priv;
  guint n;

  g_return_if_fail (error != NULL && error->domain == ADJ_ERROR);
  g_return_if_fail (table_id != NULL);

  priv = adj_error_get_private (error);
  if (priv->missing_tables != NULL && g_strv_contains ((const char * const *)
                                                       priv->missing_tables, table_id))
    return;
  n = priv->missing_tables != NULL ? g_strv_length (priv->missing_tables) : 0;
  priv->missing_tables = g_renew (char *, priv->missing_tables, n + 2);
  priv->missing_tables[n] = g_strdup (table_id);
  priv->missing_tables[n + 1] = NULL;
}
