#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Screenshots of the main views for review: build-aux/screenshots.sh [OUTDIR]
# (start page, New Battle, action form with odds, result, unit, journal, cards, dark style,
# table mode, preferences, and the window at 1024x600, 700 wide and 1600x1000), then every page
# of every system's demo battle at 1024x600, 1366x768 and 1920x1080 in light and dark style.
# Last, the table display of every demo at 1920x1080, light and dark.
# ADJUTANT_TOUR=pages takes only the pages of the demos, ADJUTANT_TOUR=display only the table
# display; ADJUTANT_TOUR_DEMO=NAME only that demo's.
# Needs a build in ./build (or $ADJUTANT_BUILDDIR) and Xvfb.

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
builddir=${ADJUTANT_BUILDDIR:-$here/build}
out=${1:-$here/screenshots}

meson compile -C "$builddir" screenshot-tour >/dev/null
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$builddir/data"
export ADJUTANT_DATA_DIR="$here/data" GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11
exec xvfb-run -a -s '-screen 0 1920x1200x24' "$builddir/tests/screenshot-tour" "$out"
