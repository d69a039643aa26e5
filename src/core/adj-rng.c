/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rng.c: xoshiro256** by Blackman and Vigna, seeded through splitmix64.
 *
 * The algorithm is small, fast and well studied; its whole state is four 64-bit words, which a
 * battle file stores so that a reloaded game continues with the same sequence.
 */

#include "adj-rng.h"

#include <string.h>

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
adj_rng_seed (AdjRng  *rng,
              guint64  seed)
{
  guint64 x = seed;

  g_return_if_fail (rng != NULL);

  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

void
adj_rng_seed_random (AdjRng *rng)
{
  guint64 seed = ((guint64) g_random_int () << 32) | g_random_int ();

  seed ^= (guint64) g_get_real_time ();
  adj_rng_seed (rng, seed);
}

guint64
adj_rng_next (AdjRng *rng)
{
  guint64 *s = rng->s;
  const guint64 result = rotl (s[1] * 5, 7) * 9;
  const guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  return result;
}

guint32
adj_rng_below (AdjRng  *rng,
               guint32  n)
{
  guint64 threshold;

  g_return_val_if_fail (n > 0, 0);

  /* Reject the few values at the bottom that would make some results more likely. */
  threshold = (G_GUINT64_CONSTANT (0) - n) % n;
  for (;;)
    {
      guint64 r = adj_rng_next (rng);
      if (r >= threshold)
        return (guint32) (r % n);
    }
}

int
adj_rng_die (AdjRng *rng,
             guint   sides)
{
  g_return_val_if_fail (sides >= 2, 1);
  return (int) adj_rng_below (rng, sides) + 1;
}

char *
adj_rng_to_string (const AdjRng *rng)
{
  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x%016"
                     G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x",
                     rng->s[0], rng->s[1], rng->s[2], rng->s[3]);
}

gboolean
adj_rng_from_string (AdjRng     *rng,
                     const char *text)
{
  AdjRng tmp;

  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (guint i = 0; i < 64; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;

  for (guint w = 0; w < 4; w++)
    {
      guint64 v = 0;
      for (guint i = 0; i < 16; i++)
        v = (v << 4) | (guint64) g_ascii_xdigit_value (text[w * 16 + i]);
      tmp.s[w] = v;
    }
  /* The all-zero state is the one state xoshiro can never leave. */
  if ((tmp.s[0] | tmp.s[1] | tmp.s[2] | tmp.s[3]) == 0)
    return FALSE;
  *rng = tmp;
  return TRUE;
}
