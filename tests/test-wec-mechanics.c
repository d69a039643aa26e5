/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wec-mechanics.c: every When Empires Clash! mechanic besides the two combats, with entered
 * dice or none at all. */

#include "test-wec.h"

/* ------------------------------------------------------------------------------------------ */
/* Every other mechanic with entered dice (or none at all)                                     */

typedef struct {
  const char *name;
  const char *mech;
  const char *inputs;
  int         dice[16];
  guint       n_dice;      /* 0: the mechanic must not roll */
  const char *key;         /* NULL: resolving fails with @error */
  int         error;
  const char *int_name;    /* an outcome value to check, or NULL */
  int         int_value;
  const char *int2_name;
  int         int2_value;
  const char *str_name;
  const char *str_value;
} ResultCase;

static const ResultCase result_cases[] = {
  /* Initiative: higher chooses; ties are rolled again. */
  { "initiative/2d6/decisive", INIT, "{}", { 6, 5, 1, 2 }, 4, "side-a", 0, "rounds", 1,
    "side_a_roll", 11 },
  { "initiative/2d6/second-side", INIT, "{}", { 1, 1, 6, 6 }, 4, "side-b", 0, "rounds", 1,
    "side_b_roll", 12 },
  { "initiative/2d6/tie-then-first", INIT, "{}", { 3, 4, 2, 5, 6, 6, 1, 1 }, 8, "side-a", 0,
    "rounds", 2, "side_a_roll", 12 },
  { "initiative/2d6/two-ties-then-second", INIT, "{}", { 1, 1, 1, 1, 6, 6, 6, 6, 1, 2, 3, 4 },
    12, "side-b", 0, "rounds", 3, "side_b_roll", 7 },
  { "initiative/d12-vs-2d6/first", INIT, "{\"side_a_dice\":\"d12\"}", { 3, 1, 1 }, 3, "side-a",
    0, "rounds", 1, "side_a_roll", 3 },
  { "initiative/d12-vs-2d6/tie-then-second", INIT, "{\"side_a_dice\":\"d12\"}",
    { 2, 1, 1, 1, 3, 3 }, 6, "side-b", 0, "rounds", 2, "side_b_roll", 6 },
  { "initiative/2d6-vs-d12/second", INIT, "{\"side_b_dice\":\"d12\"}", { 6, 5, 12 }, 3,
    "side-b", 0, "rounds", 1, "side_a_roll", 11 },
  { "initiative/tie/no-more-dice", INIT, "{}", { 3, 4, 2, 5 }, 4, NULL, ADJ_ERROR_NEED_DICE },
  { "initiative/tie/one-die-short", INIT, "{}", { 3, 4, 2, 5, 6, 6, 1 }, 7, NULL,
    ADJ_ERROR_NEED_DICE },
  { "initiative/d12/tie/no-more-dice", INIT, "{\"side_a_dice\":\"d12\",\"side_b_dice\":\"d12\"}",
    { 5, 5 }, 2, NULL, ADJ_ERROR_NEED_DICE },
  { "initiative/too-many-dice", INIT, "{}", { 6, 5, 1, 2, 3 }, 5, NULL, ADJ_ERROR_INVALID },
  { "initiative/d12/face-13", INIT, "{\"side_a_dice\":\"d12\"}", { 13, 1, 1 }, 3, NULL,
    ADJ_ERROR_INVALID },

  /* Activation: the dice plus the command stand's value. */
  { "activation/2d6/average", ACT, "{\"command_value\":2}", { 3, 4 }, 2, "9", 0, "result", 9 },
  { "activation/2d6/none", ACT, "{\"command_value\":0}", { 1, 1 }, 2, "2", 0, "result", 2 },
  { "activation/2d6/exceptional-max", ACT, "{\"command_value\":3}", { 6, 6 }, 2, "15", 0,
    "result", 15 },
  { "activation/d12/poor", ACT, "{\"dice\":\"d12\",\"command_value\":1}", { 1 }, 1, "2", 0,
    "result", 2 },
  { "activation/d12/exceptional", ACT, "{\"dice\":\"d12\",\"command_value\":3}", { 12 }, 1, "15",
    0, "result", 15 },
  { "activation/2d6/one-die-short", ACT, "{}", { 4 }, 1, NULL, ADJ_ERROR_NEED_DICE },
  { "activation/d12/one-too-many", ACT, "{\"dice\":\"d12\"}", { 4, 4 }, 2, NULL,
    ADJ_ERROR_INVALID },
  { "activation/2d6/face-7", ACT, "{}", { 7, 1 }, 2, NULL, ADJ_ERROR_INVALID },

  /* Commander rating: every face of the D6. */
  { "commander-rating/face-1", RATE, "{}", { 1 }, 1, "poor", 0, "value", 1, NULL, 0, "type",
    "command-poor" },
  { "commander-rating/face-2", RATE, "{}", { 2 }, 1, "poor", 0, "value", 1, NULL, 0, "type",
    "command-poor" },
  { "commander-rating/face-3", RATE, "{}", { 3 }, 1, "average", 0, "value", 2, NULL, 0, "type",
    "command-average" },
  { "commander-rating/face-4", RATE, "{}", { 4 }, 1, "average", 0, "value", 2, NULL, 0, "type",
    "command-average" },
  { "commander-rating/face-5", RATE, "{}", { 5 }, 1, "average", 0, "value", 2, NULL, 0, "type",
    "command-average" },
  { "commander-rating/face-6", RATE, "{}", { 6 }, 1, "exceptional", 0, "value", 3, NULL, 0,
    "type", "command-exceptional" },

  /* Terrain: D6 pieces each; the higher places first; equal scores roll off. */
  { "terrain/first-higher", TERR, "{}", { 4, 2 }, 2, "side-a", 0, "pieces_a", 4, "pieces_b",
    2 },
  { "terrain/second-higher", TERR, "{}", { 1, 6 }, 2, "side-b", 0, "pieces_a", 1, "pieces_b",
    6 },
  { "terrain/tie-roll-off", TERR, "{}", { 3, 3, 2, 5 }, 4, "side-b", 0, "pieces_a", 3,
    "pieces_b", 3 },
  { "terrain/tie-roll-off-tie", TERR, "{}", { 3, 3, 4, 4, 6, 1 }, 6, "side-a", 0, "pieces_a", 3,
    "rounds", 2 },
  { "terrain/tie-no-more-dice", TERR, "{}", { 3, 3 }, 2, NULL, ADJ_ERROR_NEED_DICE },

  /* Baselines: D6 each, the higher chooses, ties roll again. */
  { "baselines/first-higher", BASE, "{}", { 5, 2 }, 2, "side-a", 0, "rounds", 1 },
  { "baselines/tie-then-second", BASE, "{}", { 2, 2, 1, 6 }, 4, "side-b", 0, "rounds", 2 },
  { "baselines/tie-no-more-dice", BASE, "{}", { 4, 4 }, 2, NULL, ADJ_ERROR_NEED_DICE },

  /* Deployment depth: D6 squares. */
  { "deployment/face-1", DEPL, "{}", { 1 }, 1, "1", 0, "result", 1 },
  { "deployment/face-2", DEPL, "{}", { 2 }, 1, "2", 0, "result", 2 },
  { "deployment/face-3", DEPL, "{}", { 3 }, 1, "3", 0, "result", 3 },
  { "deployment/face-4", DEPL, "{}", { 4 }, 1, "4", 0, "result", 4 },
  { "deployment/face-5", DEPL, "{}", { 5 }, 1, "5", 0, "result", 5 },
  { "deployment/face-6", DEPL, "{}", { 6 }, 1, "6", 0, "result", 6 },

  /* Army value: 8D6, at most 33% (rounded down) on stands worth 4 or more. */
  { "army-value/minimum", AVAL, "{}", { 1, 1, 1, 1, 1, 1, 1, 1 }, 8, "8", 0, "result", 8,
    "heavy_cap", 2 },
  { "army-value/9", AVAL, "{}", { 2, 1, 1, 1, 1, 1, 1, 1 }, 8, "9", 0, "result", 9, "heavy_cap",
    2 },
  { "army-value/10", AVAL, "{}", { 2, 2, 1, 1, 1, 1, 1, 1 }, 8, "10", 0, "result", 10,
    "heavy_cap", 3 },
  { "army-value/36", AVAL, "{}", { 6, 6, 6, 6, 3, 3, 3, 3 }, 8, "36", 0, "result", 36,
    "heavy_cap", 11 },
  { "army-value/37", AVAL, "{}", { 6, 6, 6, 6, 4, 3, 3, 3 }, 8, "37", 0, "result", 37,
    "heavy_cap", 12 },
  { "army-value/40", AVAL, "{}", { 5, 5, 5, 5, 5, 5, 5, 5 }, 8, "40", 0, "result", 40,
    "heavy_cap", 13 },
  { "army-value/maximum", AVAL, "{}", { 6, 6, 6, 6, 6, 6, 6, 6 }, 8, "48", 0, "result", 48,
    "heavy_cap", 15 },
  { "army-value/seven-dice", AVAL, "{}", { 6, 6, 6, 6, 6, 6, 6 }, 7, NULL, ADJ_ERROR_NEED_DICE },
  { "army-value/nine-dice", AVAL, "{}", { 6, 6, 6, 6, 6, 6, 6, 6, 6 }, 9, NULL,
    ADJ_ERROR_INVALID },

  /* Army limits: 36 points, at most 12 on stands worth 4+, exactly one command stand. */
  { "army-limits/standard/36", LIMS, "{\"total_value\":36,\"heavy_value\":12}", { 0 }, 0,
    "legal", 0, "total_half_points", 72, "budget", 36 },
  { "army-limits/standard/37", LIMS, "{\"total_value\":37}", { 0 }, 0, "illegal", 0,
    "total_half_points", 74 },
  { "army-limits/standard/35", LIMS, "{\"total_value\":35}", { 0 }, 0, "legal", 0,
    "total_half_points", 70 },
  { "army-limits/standard/heavy-13", LIMS, "{\"total_value\":36,\"heavy_value\":13}", { 0 }, 0,
    "illegal", 0, "heavy", 13 },
  { "army-limits/standard/heavy-16", LIMS, "{\"total_value\":36,\"heavy_value\":16}", { 0 }, 0,
    "illegal", 0, "heavy", 16 },
  { "army-limits/command/none", LIMS, "{\"total_value\":36,\"command_stands\":0}", { 0 }, 0,
    "illegal", 0, "command_stands", 0 },
  { "army-limits/command/two", LIMS, "{\"total_value\":36,\"command_stands\":2}", { 0 }, 0,
    "illegal", 0, "command_stands", 2 },
  { "army-limits/entrenchment/35-and-2-lengths", LIMS,
    "{\"total_value\":35,\"entrenchment_lengths\":2}", { 0 }, 0, "legal", 0,
    "total_half_points", 72 },
  { "army-limits/entrenchment/35-and-3-lengths", LIMS,
    "{\"total_value\":35,\"entrenchment_lengths\":3}", { 0 }, 0, "illegal", 0,
    "total_half_points", 73 },
  { "army-limits/entrenchment/28-and-16-lengths", LIMS,
    "{\"total_value\":28,\"entrenchment_lengths\":16}", { 0 }, 0, "legal", 0,
    "total_half_points", 72 },
  { "army-limits/entrenchment/36-and-1-length", LIMS,
    "{\"total_value\":36,\"entrenchment_lengths\":1}", { 0 }, 0, "illegal", 0,
    "total_half_points", 73 },
  { "army-limits/rolled/30-heavy-9", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":30,\"total_value\":30,\"heavy_value\":9}", { 0 },
    0, "legal", 0, "budget", 30 },
  { "army-limits/rolled/30-heavy-10", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":30,\"total_value\":30,\"heavy_value\":10}", { 0 },
    0, "illegal", 0, "budget", 30 },
  { "army-limits/rolled/30-total-31", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":30,\"total_value\":31}", { 0 }, 0, "illegal", 0,
    "total_half_points", 62 },
  { "army-limits/rolled/13-heavy-4", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":13,\"total_value\":13,\"heavy_value\":4}", { 0 },
    0, "legal", 0, "heavy", 4 },
  { "army-limits/rolled/12-heavy-4", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":12,\"total_value\":12,\"heavy_value\":4}", { 0 },
    0, "illegal", 0, "heavy", 4 },
  { "army-limits/rolled/48-heavy-15", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":48,\"total_value\":48,\"heavy_value\":15}", { 0 },
    0, "legal", 0, "budget", 48 },
  { "army-limits/rolled/48-heavy-16", LIMS,
    "{\"budget\":\"rolled\",\"rolled_value\":48,\"total_value\":48,\"heavy_value\":16}", { 0 },
    0, "illegal", 0, "budget", 48 },

  /* Movement: every type's move, then roads, contours and mounting. */
  { "movement/regular-infantry", MOVE, "{\"type\":\"regular-infantry\"}", { 0 }, 0, "2" },
  { "movement/irregular-infantry", MOVE, "{\"type\":\"irregular-infantry\"}", { 0 }, 0, "3" },
  { "movement/native-infantry", MOVE, "{\"type\":\"native-infantry\"}", { 0 }, 0, "3" },
  { "movement/regular-cavalry", MOVE, "{\"type\":\"regular-cavalry\"}", { 0 }, 0, "4" },
  { "movement/irregular-cavalry", MOVE, "{\"type\":\"irregular-cavalry\"}", { 0 }, 0, "5" },
  { "movement/native-cavalry", MOVE, "{\"type\":\"native-cavalry\"}", { 0 }, 0, "5" },
  { "movement/dismounted/regular-cavalry", MOVE,
    "{\"type\":\"regular-cavalry\",\"dismounted\":true}", { 0 }, 0, "2" },
  { "movement/dismounted/irregular-cavalry", MOVE,
    "{\"type\":\"irregular-cavalry\",\"dismounted\":true}", { 0 }, 0, "2" },
  { "movement/dismounted/native-cavalry", MOVE,
    "{\"type\":\"native-cavalry\",\"dismounted\":true}", { 0 }, 0, "2" },
  { "movement/heavy-artillery", MOVE, "{\"type\":\"heavy-artillery\"}", { 0 }, 0, "2" },
  { "movement/medium-artillery", MOVE, "{\"type\":\"medium-artillery\"}", { 0 }, 0, "2" },
  { "movement/field-artillery", MOVE, "{\"type\":\"field-artillery\"}", { 0 }, 0, "2" },
  { "movement/mountain-artillery", MOVE, "{\"type\":\"mountain-artillery\"}", { 0 }, 0, "2" },
  { "movement/automatic-mg", MOVE, "{\"type\":\"automatic-mg\"}", { 0 }, 0, "2" },
  { "movement/mechanical-mg", MOVE, "{\"type\":\"mechanical-mg\"}", { 0 }, 0, "2" },
  { "movement/pom-pom", MOVE, "{\"type\":\"pom-pom\"}", { 0 }, 0, "2" },
  { "movement/transport", MOVE, "{\"type\":\"transport\"}", { 0 }, 0, "2" },
  { "movement/large-stand/field-artillery", MOVE,
    "{\"type\":\"field-artillery\",\"large_stand\":true}", { 0 }, 0, "0" },
  { "movement/large-stand/heavy-artillery-on-road", MOVE,
    "{\"type\":\"heavy-artillery\",\"large_stand\":true,\"road\":true}", { 0 }, 0, "0" },
  { "movement/large-stand/ignored-for-infantry", MOVE,
    "{\"type\":\"regular-infantry\",\"large_stand\":true}", { 0 }, 0, "2" },
  { "movement/commander-on-foot/exceptional", MOVE, "{\"type\":\"command-exceptional\"}", { 0 },
    0, "2" },
  { "movement/commander-on-foot/average", MOVE, "{\"type\":\"command-average\"}", { 0 }, 0,
    "2" },
  { "movement/commander-on-foot/poor", MOVE, "{\"type\":\"command-poor\"}", { 0 }, 0, "2" },
  { "movement/commander-mounted/exceptional", MOVE,
    "{\"type\":\"command-exceptional\",\"mounted\":true}", { 0 }, 0, "4" },
  { "movement/commander-mounted/average", MOVE,
    "{\"type\":\"command-average\",\"mounted\":true}", { 0 }, 0, "4" },
  { "movement/commander-mounted/poor", MOVE, "{\"type\":\"command-poor\",\"mounted\":true}",
    { 0 }, 0, "4" },
  { "movement/dismounted-flag-ignored-for-infantry", MOVE,
    "{\"type\":\"native-infantry\",\"dismounted\":true}", { 0 }, 0, "3" },
  { "movement/mounted-flag-ignored-for-cavalry", MOVE,
    "{\"type\":\"native-cavalry\",\"mounted\":true}", { 0 }, 0, "5" },
  { "movement/road", MOVE, "{\"type\":\"regular-infantry\",\"road\":true}", { 0 }, 0, "3" },
  { "movement/road/irregular-cavalry", MOVE, "{\"type\":\"irregular-cavalry\",\"road\":true}",
    { 0 }, 0, "6" },
  { "movement/road/mounted-commander", MOVE,
    "{\"type\":\"command-poor\",\"mounted\":true,\"road\":true}", { 0 }, 0, "5" },
  { "movement/contours/1", MOVE, "{\"type\":\"irregular-infantry\",\"contours\":1}", { 0 }, 0,
    "2" },
  { "movement/contours/2", MOVE, "{\"type\":\"regular-cavalry\",\"contours\":2}", { 0 }, 0,
    "2" },
  { "movement/contours/3-cavalry", MOVE, "{\"type\":\"native-cavalry\",\"contours\":3}", { 0 },
    0, "2" },
  { "movement/contours/more-than-the-move", MOVE,
    "{\"type\":\"regular-infantry\",\"contours\":5}", { 0 }, 0, "0" },
  { "movement/road-and-contour", MOVE,
    "{\"type\":\"regular-cavalry\",\"road\":true,\"contours\":1}", { 0 }, 0, "4" },
  { "movement/mounting", MOVE, "{\"type\":\"regular-cavalry\",\"mounting\":true}", { 0 }, 0,
    "0" },
  { "movement/dismounting", MOVE,
    "{\"type\":\"irregular-cavalry\",\"dismounted\":true,\"mounting\":true,\"road\":true}",
    { 0 }, 0, "0" },

  /* Recoil: within its move and unblocked, or destroyed. */
  { "recoil/infantry/within-move", RECO, "{\"type\":\"regular-infantry\",\"squares_needed\":2}",
    { 0 }, 0, "recoils" },
  { "recoil/infantry/beyond-move", RECO, "{\"type\":\"regular-infantry\",\"squares_needed\":3}",
    { 0 }, 0, "destroyed" },
  { "recoil/native-infantry/3", RECO, "{\"type\":\"native-infantry\",\"squares_needed\":3}",
    { 0 }, 0, "recoils" },
  { "recoil/irregular-cavalry/5", RECO,
    "{\"type\":\"irregular-cavalry\",\"squares_needed\":5}", { 0 }, 0, "recoils" },
  { "recoil/irregular-cavalry/6", RECO,
    "{\"type\":\"irregular-cavalry\",\"squares_needed\":6}", { 0 }, 0, "destroyed" },
  { "recoil/dismounted-cavalry/3", RECO,
    "{\"type\":\"regular-cavalry\",\"dismounted\":true,\"squares_needed\":3}", { 0 }, 0,
    "destroyed" },
  { "recoil/mounted-commander/4", RECO,
    "{\"type\":\"command-average\",\"mounted\":true,\"squares_needed\":4}", { 0 }, 0,
    "recoils" },
  { "recoil/commander-on-foot/3", RECO, "{\"type\":\"command-average\",\"squares_needed\":3}",
    { 0 }, 0, "destroyed" },
  /* A gun on a large stand has no move of its own: forced back, it is destroyed. */
  { "recoil/field-artillery/own-wheels", RECO,
    "{\"type\":\"field-artillery\",\"squares_needed\":2}", { 0 }, 0, "recoils" },
  { "recoil/large-stand/one-square", RECO,
    "{\"type\":\"field-artillery\",\"large_stand\":true,\"squares_needed\":1}", { 0 }, 0,
    "destroyed" },
  { "recoil/large-stand/no-square", RECO,
    "{\"type\":\"heavy-artillery\",\"large_stand\":true,\"squares_needed\":0}", { 0 }, 0,
    "destroyed" },
  { "recoil/large-stand/ignored-for-infantry", RECO,
    "{\"type\":\"regular-infantry\",\"large_stand\":true,\"squares_needed\":2}", { 0 }, 0,
    "recoils" },
  { "recoil/blocked", RECO, "{\"type\":\"regular-cavalry\",\"squares_needed\":1,"
    "\"blocked\":true}", { 0 }, 0, "destroyed" },

  /* Withdrawal: at 50% of the starting value (entrenchment in half points). */
  { "withdrawal/exactly-half", WDRW, "{\"original_value\":36,\"destroyed_value\":18}", { 0 },
    0, "must-withdraw", 0, "destroyed_half_points", 36, "original_half_points", 72 },
  { "withdrawal/just-under", WDRW, "{\"original_value\":36,\"destroyed_value\":17}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/over-half", WDRW, "{\"original_value\":36,\"destroyed_value\":30}", { 0 }, 0,
    "must-withdraw" },
  { "withdrawal/odd/17-of-35", WDRW, "{\"original_value\":35,\"destroyed_value\":17}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/odd/18-of-35", WDRW, "{\"original_value\":35,\"destroyed_value\":18}", { 0 }, 0,
    "must-withdraw" },
  { "withdrawal/entrenched/exactly-half", WDRW,
    "{\"original_value\":35,\"entrenchment_lengths\":2,\"destroyed_value\":18}", { 0 }, 0,
    "must-withdraw", 0, "original_half_points", 72 },
  { "withdrawal/entrenched/just-under", WDRW,
    "{\"original_value\":36,\"entrenchment_lengths\":1,\"destroyed_value\":18}", { 0 }, 0,
    "fights-on", 0, "original_half_points", 73 },
  { "withdrawal/entrenched/spanish", WDRW,
    "{\"original_value\":28,\"entrenchment_lengths\":16,\"destroyed_value\":18}", { 0 }, 0,
    "must-withdraw" },
  { "withdrawal/entrenched/spanish-17", WDRW,
    "{\"original_value\":28,\"entrenchment_lengths\":16,\"destroyed_value\":17}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/nothing-lost", WDRW, "{\"original_value\":36,\"destroyed_value\":0}", { 0 }, 0,
    "fights-on" },
  { "withdrawal/no-value", WDRW, "{\"original_value\":0}", { 0 }, 0, NULL,
    ADJ_ERROR_NOT_ALLOWED },
  { "withdrawal/more-lost-than-had", WDRW, "{\"original_value\":10,\"destroyed_value\":11}",
    { 0 }, 0, NULL, ADJ_ERROR_NOT_ALLOWED },

  /* Battle result: margins in half points. */
  { "battle-result/draw", RSLT, "{\"remaining_a\":20,\"remaining_b\":20}", { 0 }, 0, "draw", 0,
    "difference_half_points", 0 },
  { "battle-result/draw/entrenched", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":20,\"entrenchment_a\":3,\"entrenchment_b\":3}", { 0 },
    0, "draw" },
  { "battle-result/draw/entrenchment-makes-up", RSLT,
    "{\"remaining_a\":30,\"remaining_b\":38,\"entrenchment_a\":16}", { 0 }, 0, "draw" },
  { "battle-result/half-point", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":20,\"entrenchment_a\":1}", { 0 }, 0,
    "side-a-marginal", 0, "difference_half_points", 1 },
  { "battle-result/margin-9", RSLT, "{\"remaining_a\":29,\"remaining_b\":20}", { 0 }, 0,
    "side-a-marginal", 0, "difference_half_points", 18 },
  { "battle-result/margin-9.5", RSLT,
    "{\"remaining_a\":29,\"remaining_b\":20,\"entrenchment_a\":1}", { 0 }, 0,
    "side-a-marginal", 0, "difference_half_points", 19 },
  { "battle-result/margin-10", RSLT, "{\"remaining_a\":30,\"remaining_b\":20}", { 0 }, 0,
    "side-a-decisive", 0, "difference_half_points", 20 },
  { "battle-result/margin-10-from-halves", RSLT,
    "{\"remaining_a\":25,\"remaining_b\":15,\"entrenchment_a\":1,\"entrenchment_b\":1}", { 0 },
    0, "side-a-decisive", 0, "difference_half_points", 20 },
  { "battle-result/margin-19", RSLT, "{\"remaining_a\":39,\"remaining_b\":20}", { 0 }, 0,
    "side-a-decisive", 0, "difference_half_points", 38 },
  { "battle-result/margin-19.5", RSLT,
    "{\"remaining_a\":39,\"remaining_b\":20,\"entrenchment_a\":1}", { 0 }, 0,
    "side-a-decisive", 0, "difference_half_points", 39 },
  { "battle-result/margin-20", RSLT, "{\"remaining_a\":40,\"remaining_b\":20}", { 0 }, 0,
    "side-a-overwhelming", 0, "difference_half_points", 40 },
  { "battle-result/second/margin-1", RSLT, "{\"remaining_a\":20,\"remaining_b\":21}", { 0 }, 0,
    "side-b-marginal" },
  { "battle-result/second/margin-9.5", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":29,\"entrenchment_b\":1}", { 0 }, 0,
    "side-b-marginal" },
  { "battle-result/second/margin-10", RSLT, "{\"remaining_a\":20,\"remaining_b\":30}", { 0 }, 0,
    "side-b-decisive" },
  { "battle-result/second/margin-19.5", RSLT,
    "{\"remaining_a\":20,\"remaining_b\":39,\"entrenchment_b\":1}", { 0 }, 0,
    "side-b-decisive" },
  { "battle-result/second/margin-20", RSLT, "{\"remaining_a\":18,\"remaining_b\":38}", { 0 }, 0,
    "side-b-overwhelming" },
  { "battle-result/second/wiped-out", RSLT, "{\"remaining_a\":0,\"remaining_b\":45}", { 0 }, 0,
    "side-b-overwhelming", 0, "difference_half_points", 90 },
};

static void
test_result_case (gconstpointer data)
{
  const ResultCase *c = data;
  g_autoptr(AdjInputs) in = inputs_new (c->mech, c->inputs);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjOutcome) outcome = resolve_entered (NULL, in, c->dice, c->n_dice, &error);

  if (c->key == NULL)
    {
      g_assert_null (outcome);
      g_assert_error (error, ADJ_ERROR, c->error);
      return;
    }
  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  g_assert_cmpstr (outcome->key, ==, c->key);
  g_assert_nonnull (outcome->title);
  if (c->int_name != NULL)
    g_assert_cmpint (outcome_int (outcome, c->int_name), ==, c->int_value);
  if (c->int2_name != NULL)
    g_assert_cmpint (outcome_int (outcome, c->int2_name), ==, c->int2_value);
  if (c->str_name != NULL)
    {
      json_object *v = NULL;

      g_assert_true (json_object_object_get_ex (outcome->values, c->str_name, &v));
      g_assert_cmpstr (json_object_get_string (v), ==, c->str_value);
    }
  /* A numeric outcome keeps its number as "result" too. */
  if (in->mechanic->outcomes == NULL)
    g_assert_cmpint (outcome_int (outcome, "result"), ==, atoi (c->key));
}

void
add_result_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (result_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/wec/", result_cases[i].name, NULL);
      g_test_add_data_func (path, &result_cases[i], test_result_case);
    }
}
