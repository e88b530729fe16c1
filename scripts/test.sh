#!/usr/bin/env bash
# The README's second command: installs dependencies, builds racecar and runs
# every test (unit tests, layering check, end-to-end --verify tests) with
# ctest, printing how long each phase took. Exits with ctest's status (or the
# failing phase's). Extra arguments go to ctest, e.g.: scripts/test.sh -R e2e/
set -euo pipefail
cd "$(dirname "$0")/.."

JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
BUILD_DIR=${BUILD_DIR:-build}
export JOBS BUILD_DIR

timings=()
print_timings() {
  local t
  echo "==> timings"
  for t in "${timings[@]}"; do echo "    $t"; done
}
trap print_timings EXIT

phase() { # name command...
  local name=$1 start=$SECONDS status=0
  shift
  echo "==> $name"
  "$@" || status=$?
  timings+=("$(printf '%-13s %5ds%s' "$name" $((SECONDS - start)) \
                "$([ $status -eq 0 ] || echo "  (failed, exit $status)")")")
  return $status
}

phase install-deps scripts/install-deps.sh
phase build scripts/build.sh
phase ctest ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS" "$@"
