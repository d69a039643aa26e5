#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The two commands of the README's quick start, on Debian 12:
#
#   build-aux/quickstart.sh run    install what is missing, build, open the demo battle
#   build-aux/quickstart.sh test   install what is missing, build, run every test headless
#
# Both may be run again at any time: they install only missing packages and rebuild only
# what changed.  Set ADJUTANT_BUILDDIR to build somewhere other than ./build.
#
# "test" runs the suite twice: in the normal build, then in a second build with
# AddressSanitizer, UndefinedBehaviorSanitizer and the leak checker (in <builddir>-sanitize);
# any finding fails the run.  ADJUTANT_SANITIZE=0 skips the second pass.
#
# ADJUTANT_FUZZ_SECONDS=N (continuous integration sets 60) also fuzzes every file loader for N
# seconds each with build-aux/fuzz.sh (in <builddir>-fuzz, needs clang); a crash fails the run.

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
builddir=${ADJUTANT_BUILDDIR:-build}
mode=${1:-}

case "$mode" in
  run|test) ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac

# What building and running needs (the fonts are those the window and the rosters are laid out
# in), and what the tests need on top (a virtual X server, the desktop-file and AppStream
# validators, the flatpak manifest checker, pdftotext, and a browser for the players' phones'
# page).
packages=(
  gcc pkg-config meson ninja-build gettext
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev libjson-c-dev libgmp-dev libcairo2-dev
  libpango1.0-dev libsoup-3.0-dev libqrencode-dev
  desktop-file-utils dbus-daemon fonts-dejavu-core fonts-dejavu-extra
)
if [ "$mode" = test ]; then
  packages+=(xvfb xauth appstream flatpak-builder python3 poppler-utils chromium)
  if [ "${ADJUTANT_FUZZ_SECONDS:-0}" != 0 ]; then
    packages+=(clang libclang-rt-14-dev)
  fi
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir"
fi
meson compile -C "$builddir"

if [ "$mode" = run ]; then
  # Settings are read from the schema compiled into the build tree, so nothing is installed.
  export GSETTINGS_SCHEMA_DIR="$here/$builddir/data"
  if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null; then
    # A bare X session (ssh -X, a plain window manager) has no session bus: bring one.
    exec dbus-run-session -- "$builddir/src/app/adjutant" --demo
  fi
  exec "$builddir/src/app/adjutant" --demo
fi

# Headless: a private X server for the window tests, settings in memory, no session bus.
run_suite () {
  xvfb-run -a -s '-screen 0 1280x800x24' \
    env GTK_A11Y=none GDK_BACKEND=x11 NO_AT_BRIDGE=1 "$@" \
    meson test -C "$dir" --print-errorlogs --num-processes 2
}

status=0
logs=("$builddir/meson-logs/testlog.json")
dir=$builddir
run_suite || status=$?

if [ "${ADJUTANT_SANITIZE:-1}" != 0 ]; then
  sandir=$builddir-sanitize
  if [ ! -f "$sandir/build.ninja" ]; then
    meson setup "$sandir" -Db_sanitize=address,undefined -Db_lundef=false
  fi
  meson compile -C "$sandir"
  dir=$sandir
  logs+=("$sandir/meson-logs/testlog.json")
  run_suite \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS=suppressions="$here/build-aux/lsan.supp" \
    || status=$?
fi

if [ "${ADJUTANT_FUZZ_SECONDS:-0}" != 0 ]; then
  ADJUTANT_FUZZ_BUILDDIR=$builddir-fuzz bash build-aux/fuzz.sh "$ADJUTANT_FUZZ_SECONDS" \
    || status=$?
fi

python3 build-aux/count-tests.py "${logs[@]}" || status=$?
exit "$status"
