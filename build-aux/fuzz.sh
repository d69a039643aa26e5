#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fuzz the file loaders with libFuzzer (tests/fuzz): one target per loader — battle, army,
# ruleset, tables.
#
#   build-aux/fuzz.sh [SECONDS] [TARGET...]
#
# builds the targets with clang, AddressSanitizer and UndefinedBehaviorSanitizer (in
# $ADJUTANT_FUZZ_BUILDDIR, default ./build-fuzz), makes the seed corpus from data/ (the demo
# battles as shipped and after some play, every example army, the rulesets, the table
# values), and runs each target for SECONDS (default 60), several at a time
# ($ADJUTANT_FUZZ_JOBS, default the number of processors, at most 4).  What the fuzzer learns
# is kept in <builddir>/corpus/<target> and grows from run to run; anything that crashes,
# leaks, hangs (10 s for one input) or upsets a sanitizer is saved as
# <builddir>/crashes/<target>/crash-* (or leak-*, timeout-*, oom-*) and makes the script fail.
# Replay one with:  <builddir>/tests/fuzz/fuzz-<target> <file>
#
# ADJUTANT_FUZZ_SEED=N fixes libFuzzer's random seed, so that a run from the same corpus tries
# the same inputs in the same order (continuous integration fixes it, so that its short run is
# one that has been run, and run longer, before; a long run leaves it unset to try new ones).
#
# The last lines say how many inputs each target ran.  A long run:
#   ADJUTANT_FUZZ_JOBS=2 build-aux/fuzz.sh 3600 battle army

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
builddir=${ADJUTANT_FUZZ_BUILDDIR:-build-fuzz}
case "$builddir" in /*) ;; *) builddir=$here/$builddir ;; esac
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(battle army ruleset tables)
fi
jobs=${ADJUTANT_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
seed_flag=()
if [ -n "${ADJUTANT_FUZZ_SEED:-}" ]; then
  seed_flag=(-seed="$ADJUTANT_FUZZ_SEED")
fi
if [ "$jobs" -gt 4 ]; then
  jobs=4
fi

if ! command -v clang >/dev/null; then
  echo "fuzz.sh: clang is needed (apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi

# Building is quiet when it works; when it fails, its own words say why (meson prints its errors
# on standard output, which is otherwise thrown away).
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
quietly () {
  if ! "$@" >"$build_log" 2>&1; then
    grep -E -A 3 'ERROR|error:|FAILED' "$build_log" | head -n 40 >&2 || tail -n 40 "$build_log" >&2
    echo "fuzz.sh: building the fuzz targets with clang failed: $*" >&2
    exit 1
  fi
}
if [ ! -f "$builddir/build.ninja" ]; then
  quietly env CC=clang meson setup "$builddir" -Dfuzzing=true -Dapp=false \
    -Db_sanitize=address,undefined -Db_lundef=false
fi
quietly meson compile -C "$builddir" tests/fuzz/fuzz-seeds \
  $(printf 'tests/fuzz/fuzz-%s ' "${targets[@]}")

seeds=$builddir/corpus-seeds
rm -rf "$seeds"
"$builddir/tests/fuzz/fuzz-seeds" "$seeds"

# Every finding is fatal, and says where it happened.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Except what fontconfig keeps for the life of the process by design (the battle target draws
# rosters): the same suppressions as the sanitized test run.
export LSAN_OPTIONS=suppressions=$here/build-aux/lsan.supp

run_target () {
  local t=$1
  local corpus=$builddir/corpus/$t crashes=$builddir/crashes/$t log=$builddir/fuzz-$t.log
  mkdir -p "$corpus" "$crashes"
  "$builddir/tests/fuzz/fuzz-$t" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    ${seed_flag[@]+"${seed_flag[@]}"} \
    -dict="$here/tests/fuzz/adjutant.dict" -artifact_prefix="$crashes/" \
    "$corpus" "$seeds/$t" >"$log" 2>&1
}

declare -A pids=()
status=0
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
    sleep 1
  done
  run_target "$t" &
  pids[$t]=$!
done

for t in "${targets[@]}"; do
  log=$builddir/fuzz-$t.log
  if wait "${pids[$t]}"; then
    result="no crash"
  else
    result="FAILED, see $log"
    status=1
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5 >&2 || true
    ls "$builddir/crashes/$t" >&2 || true
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  corpus_n=$(find "$builddir/corpus/$t" -type f | wc -l)
  echo "fuzz-$t: ${runs:-?} inputs in ${seconds} s, corpus $corpus_n, $result"
done
exit "$status"
