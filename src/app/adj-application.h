/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-application.h: the Adjutant application — actions, settings, opening battles. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADJ_TYPE_APPLICATION (adj_application_get_type ())

G_DECLARE_FINAL_TYPE (AdjApplication, adj_application, ADJ, APPLICATION, AdwApplication)

AdjApplication *adj_application_new          (GApplicationFlags  extra_flags);
GSettings      *adj_application_get_settings (AdjApplication    *self);
/* The bundled demo battle's file. */
GFile          *adj_application_demo_file    (void);

G_END_DECLS
