#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Screenshots of the main views for review: build-aux/screenshots.sh [OUTDIR]
# Needs a build in ./build (or $ADJUTANT_BUILDDIR), Xvfb, xwininfo and ImageMagick's import.

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
builddir=${ADJUTANT_BUILDDIR:-$here/build}
out=${1:-$here/screenshots}
mkdir -p "$out"

display=:$((100 + RANDOM % 800))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$builddir/data"
export GTK_A11Y=none NO_AT_BRIDGE=1
sleep 1

# Wait until a window with this title is mapped, then give it a moment to draw.
wait_for_window () {
  for _ in $(seq 1 100); do
    if xwininfo -root -tree 2>/dev/null | grep -q "$1"; then
      sleep 1
      return 0
    fi
    sleep 0.1
  done
  echo "no window titled “$1” appeared" >&2
  return 1
}

shoot () {
  local name=$1 title=$2
  shift 2
  env "$@" "$builddir/src/app/adjutant" ${ARGS:-} &
  local app=$!
  wait_for_window "$title"
  import -window root "$out/$name.png"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  echo "$out/$name.png"
}

ARGS="" shoot empty "Adjutant" ADW_DEBUG_COLOR_SCHEME=prefer-light
ARGS="--demo" shoot battle "British column" ADW_DEBUG_COLOR_SCHEME=prefer-light
ARGS="--demo" shoot battle-dark "British column" ADW_DEBUG_COLOR_SCHEME=prefer-dark
