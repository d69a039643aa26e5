/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-types.h: the typedefs every core module shares. */

#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

typedef struct _AdjRng         AdjRng;
typedef struct _AdjPack        AdjPack;
typedef struct _AdjRandom      AdjRandom;
typedef struct _AdjRuleset     AdjRuleset;
typedef struct _AdjField       AdjField;
typedef struct _AdjChoice      AdjChoice;
typedef struct _AdjUnitType    AdjUnitType;
typedef struct _AdjWeapon      AdjWeapon;
typedef struct _AdjModifier    AdjModifier;
typedef struct _AdjMechanic    AdjMechanic;
typedef struct _AdjSystem      AdjSystem;
typedef struct _AdjInputs      AdjInputs;
typedef struct _AdjOutcome     AdjOutcome;
typedef struct _AdjOdds        AdjOdds;
typedef struct _AdjContext     AdjContext;
typedef struct _AdjArmy        AdjArmy;
typedef struct _AdjArmyReport  AdjArmyReport;
typedef struct _AdjChangeSet   AdjChangeSet;
typedef struct _AdjEntry       AdjEntry;
typedef struct _AdjJournal     AdjJournal;
typedef struct _AdjBattle      AdjBattle;
typedef struct _AdjTables      AdjTables;
typedef struct _AdjTableShape  AdjTableShape;
typedef struct _AdjMemberSchema AdjMemberSchema;

/* The kinds a status field, a side setting or a mechanic input can take. */
typedef enum {
  ADJ_FIELD_BOOL,
  ADJ_FIELD_INT,
  ADJ_FIELD_ENUM,
  ADJ_FIELD_UNIT,
  ADJ_FIELD_SIDE,
} AdjFieldKind;

/* json-c objects are reference counted: g_autoptr(json_object) drops one reference. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (json_object, json_object_put)

G_END_DECLS
