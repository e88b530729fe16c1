#!/usr/bin/env bash
# The Debian package (issue 30): builds it with CPack from the build tree,
# unpacks it into a temporary root (dpkg-deb -x), checks its metadata (name,
# version, architecture, the computed Depends) and its layout, and scans the
# example it ships with the unpacked racecar, run from a directory outside
# the source and build trees: its reports must equal the built binary's.
# Skipped (exit 77) when dpkg-deb or cpack is missing.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR
set -u
BUILD=$1
SRC=$2
for tool in dpkg-deb cpack; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed (dpkg, cmake)"
    exit 77
  fi
done
. "$SRC/test/driver/lib.sh" "$BUILD/racecar"

# Build the package into WORK (not the build tree's package/).
if ! (cd "$BUILD" && cpack -G DEB -B "$WORK/pkg" > "$WORK/cpack.log" 2>&1); then
  cat "$WORK/cpack.log"
  echo "FAIL: cpack"
  exit 1
fi
DEB=$(ls "$WORK"/pkg/racecar_*_*.deb 2>/dev/null | head -n1)
check "one .deb named racecar_<version>_<arch>.deb" test -f "$DEB"
VERSION=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$BUILD/CMakeCache.txt")
field() { dpkg-deb -f "$DEB" "$1"; }
check "Package: racecar" test "$(field Package)" = racecar
check "Version: $VERSION (the project's)" test "$(field Version)" = "$VERSION"
check "Architecture: $(dpkg --print-architecture)" test "$(field Architecture)" = "$(dpkg --print-architecture)"
DEPENDS=$(field Depends)
LIBS="libllvm19 libclang-cpp19 libtbb12 libzstd1 libcapnp-0.9.2 libclang-common-19-dev libstdc++6"
# The allocator, when the build found it (driver/CMakeLists.txt).
"$BUILD/racecar-analyzer" --version | grep -q "allocator jemalloc" && LIBS="$LIBS libjemalloc2"
for lib in $LIBS; do
  check "Depends names $lib (got: $DEPENDS)" \
    grep -qxF "$lib" <<<"$(sed 's/ ([^)]*)//g; s/, /\n/g' <<<"$DEPENDS")"
done
SIZE=$(stat -c %s "$DEB")
echo "package: $(basename "$DEB"), $SIZE bytes; Depends: $DEPENDS"
check "stripped: under 8 MB (got $SIZE bytes)" test "$SIZE" -lt 8000000

ROOT=$WORK/root
dpkg-deb -x "$DEB" "$ROOT"
for f in usr/bin/racecar usr/libexec/racecar/racecar-analyzer \
         usr/share/racecar/codechecker/racecar.json \
         usr/share/racecar/bazel/racecar.bzl \
         usr/share/racecar/ci/github-pull-request.yml \
         usr/share/racecar/examples/inventory/src/Inventory.cpp; do
  check "ships $f" test -e "$ROOT/$f"
done
check "no build directory of the example shipped" test ! -e "$ROOT/usr/share/racecar/examples/inventory/build"
check "racecar --version names the version and the commit" \
  grep -qE "^racecar $VERSION \(commit [0-9a-f]{7,}|^racecar $VERSION \(commit unknown" \
  <<<"$("$ROOT/usr/bin/racecar" --version 2>&1)"

# The example, scanned from outside both trees with a gcc compile database.
EX=$ROOT/usr/share/racecar/examples/inventory
OUTSIDE=$WORK/elsewhere
mkdir -p "$OUTSIDE/build"
{
  echo "["
  sep=""
  for f in src/Inventory.cpp src/OrderQueue.cpp src/Metrics.cpp src/PriceCache.cpp src/Logger.cpp app/main.cpp; do
    printf '%s{"directory": "%s", "file": "%s/%s", "command": "g++ -std=c++17 -Wall -I%s/include -c %s/%s"}\n' \
      "$sep" "$OUTSIDE/build" "$EX" "$f" "$EX" "$EX" "$f"
    sep=","
  done
  printf ',{"directory": "%s", "file": "%s/src/restock_worker.c", "command": "gcc -std=gnu11 -I%s/include -c %s/src/restock_worker.c"}\n' \
    "$OUTSIDE/build" "$EX" "$EX" "$EX"
  echo "]"
} > "$OUTSIDE/build/compile_commands.json"
cd "$OUTSIDE"
"$ROOT/usr/bin/racecar" scan -p build --no-cache --format=json -o installed.json 2> installed.err
rc=$?
[ $rc -eq 1 ] || cat installed.err
check "installed racecar: exit 1, races reported (got $rc)" test $rc -eq 1
"$R" scan -p build --no-cache --format=json -o built.json 2>/dev/null
strip_tool() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d["reports"], sort_keys=True))' "$1"; }
check "installed racecar's reports == the built binary's" \
  test "$(strip_tool installed.json)" = "$(strip_tool built.json)"
N=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["reports"]))' installed.json)
check "the example's races are found (got $N reports)" test "$N" -ge 3
finish
