#!/usr/bin/env bash
# The README's first command: installs dependencies, builds racecar, builds the
# bundled example project examples/inventory/ with g++ (so its compile database
# is a gcc one, as in most real projects) and scans it.
# racecar exits 1 when it reports races; for the demo that is success too.
set -euo pipefail
cd "$(dirname "$0")/.."

EXAMPLE=examples/inventory
EXAMPLE_BUILD=$EXAMPLE/build

scripts/install-deps.sh
scripts/build.sh

echo "==> configuring $EXAMPLE with g++ (compile_commands.json in $EXAMPLE_BUILD)"
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
if [ -f "$EXAMPLE_BUILD/CMakeCache.txt" ] &&
   ! grep -q '^CMAKE_EXPORT_COMPILE_COMMANDS:[A-Z]*=ON' "$EXAMPLE_BUILD/CMakeCache.txt"; then
  rm -rf "$EXAMPLE_BUILD"
fi
if [ ! -f "$EXAMPLE_BUILD/compile_commands.json" ]; then
  CC=gcc CXX=g++ cmake -S "$EXAMPLE" -B "$EXAMPLE_BUILD" "${gen[@]}" \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
fi
# Building the example is not needed for the scan, but shows it is real code.
cmake --build "$EXAMPLE_BUILD" -j "$(nproc 2>/dev/null || echo 2)" >/dev/null

echo "==> build/racecar scan -p $EXAMPLE_BUILD"
set +e
build/racecar scan -p "$EXAMPLE_BUILD" "$@"
status=$?
set -e
case $status in
  0) echo "==> demo: no races reported" ;;
  1) echo "==> demo: races reported (see above); compare with the '// racecar: expected race' comments in $EXAMPLE" ;;
  *) echo "==> demo: racecar failed with exit status $status" >&2; exit "$status" ;;
esac
exit 0
