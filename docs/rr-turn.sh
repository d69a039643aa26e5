#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# rr-turn.sh: a whole Game Turn of Redvers' Reverse played from the shell, on a copy of the demo
# battle (data/demo/rr-colenso.json), with the dice fixed so that it plays the same every time.
#
#   docs/rr-turn.sh               plays in a temporary folder and removes it
#   docs/rr-turn.sh colenso.json  leaves the battle there, to open in Adjutant or play on
#
# Every step is a call of adjutant-cli: "step BATTLE --apply" makes the step's roll or moves the
# marker on, "rr ACTION BATTLE ... --apply" does what the dashboard's buttons do, and "resolve
# MECHANIC --battle BATTLE --apply" what its action panel does.  Leave out a --dice and the
# battle's own generator rolls, as in the app.  ADJUTANT_CLI and ADJUTANT_DATA_DIR say where the
# program and the data are when they are not installed (the test suite sets both).

set -eu

CLI=${ADJUTANT_CLI:-adjutant-cli}
DATA=${ADJUTANT_DATA_DIR:-$(dirname "$0")/../data}

if [ $# -gt 0 ]; then
  BATTLE=$1
else
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  BATTLE=$dir/colenso.json
fi
cp "$DATA/demo/rr-colenso.json" "$BATTLE"

say () {
  printf '\n== %s\n' "$*"
}

# The id of a member of the step as "step --json --compact" prints it: "step", "phase" ...
now () {
  "$CLI" step "$BATTLE" --json --compact | sed -n "s/.*\"$1\":{\"id\":\"\([^\"]*\)\".*/\1/p"
}

turn () {
  "$CLI" step "$BATTLE" --json --compact | sed -n 's/.*"turn":\([0-9]*\),.*/\1/p'
}

# The step's roll, or on to the next step: what was done, without the step's whole view.
take () {
  out=$("$CLI" step "$BATTLE" --apply "$@")
  printf '%s\n' "$out" | sed -n '/^$/q;p'
}

walk_to () {
  while [ "$(now step)" != "$1" ]; do
    take
  done
}

# A mechanic of the action panel, resolved and applied: its result in a line.
resolve () {
  out=$(printf '%s' "$2" | "$CLI" resolve "$1" --battle "$BATTLE" --input - --dice "$3" \
          --apply --compact)
  printf '%s\n' "$out" | sed -n 's/.*"reason":"\([^"]*\)".*/\1/p'
}

say "Game Turn 1 begins at British Send Orders"
"$CLI" step "$BATTLE"

say "Send Orders: Hildyard's brigade for Colenso, and Long's free order to the Naval Brigade"
"$CLI" rr order "$BATTLE" 2nd-brigade Colenso --apply
"$CLI" rr order "$BATTLE" naval-brigade "Shooter's Hill" --long --apply
take
take --dice 2,2              # 4 on the demo's chart: the order arrives next turn

say "Receive Orders and Emergency Withdrawal: nothing due; on to the Boer guns"
walk_to boer-guns-fire
resolve rr/boer-target '{"firer": "120-mm-krupp-howitzer"}' 3
resolve rr/shell-fire \
  '{"firer": "120-mm-krupp-howitzer", "target": "2nd-devonshire-regiment"}' 4,5

say "British Movement: the Devons look for Wagon Drift"
walk_to brigades-move
"$CLI" rr find "$BATTLE" wagon-drift 2nd-devonshire-regiment --dice 4,4 --apply

say "Boer Rifle Fire: the Ermelo commando draws its SP counter and fires"
walk_to commandos-fire
"$CLI" rr sp-counter "$BATTLE" ermelo-commando --dice 5 --apply
resolve rr/rifle-fire '{"firer": "ermelo-commando", "target": "1st-connaught-rangers"}' 5
resolve rr/leader-reaction '{"leader": "hart"}' 3,4
"$CLI" rr status "$BATTLE" 1 --apply
"$CLI" rr fired "$BATTLE" emplacement-1 --apply

say "Boer Shaken: the British hold Fort Wylie; the Shaken test and the Victory check"
walk_to emplacements
"$CLI" rr holds "$BATTLE" emplacement-1 british --apply
while [ "$(turn)" = 1 ]; do
  take
done

say "Game Turn 2: the British event chit"
walk_to draw-event
take --dice 1                # the first chit in the cup, whichever it is
"$CLI" step "$BATTLE"
if [ $# -gt 0 ]; then
  printf '\nThe battle is in %s\n' "$BATTLE"
fi
