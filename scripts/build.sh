#!/usr/bin/env bash
# Configures (once) and builds racecar into build/ with Ninja.
#
# Incremental: cmake is only run when build/ is not configured yet or its cache
# disagrees with the wanted settings; after that Ninja re-runs cmake by itself
# when a CMakeLists.txt changes. Under CI=true warnings are errors.
#
# Environment: BUILD_DIR (default build), BUILD_TYPE (default RelWithDebInfo),
# JOBS (default: nproc). Extra arguments are passed to ninja (e.g. a target).
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${BUILD_DIR:-build}
BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

args=(-S . -B "$BUILD_DIR" -G Ninja "-DCMAKE_BUILD_TYPE=$BUILD_TYPE")
want_werror=""
if [ "${CI:-}" = true ]; then
  args+=(-DRACECAR_WERROR=ON)
  want_werror=ON
fi

cache="$BUILD_DIR/CMakeCache.txt"
cache_get() { sed -n "s/^$1:[A-Z]*=//p" "$cache" 2>/dev/null | head -n1; }

need_configure=0
if [ ! -f "$cache" ] || [ ! -f "$BUILD_DIR/build.ninja" ]; then
  need_configure=1
else
  gen=$(cache_get CMAKE_GENERATOR)
  if [ "$gen" != Ninja ]; then
    echo "build.sh: $BUILD_DIR/ was configured for '$gen'; reconfiguring for Ninja"
    rm -rf "$cache" "$BUILD_DIR/CMakeFiles"
    need_configure=1
  fi
  [ "$(cache_get CMAKE_BUILD_TYPE)" = "$BUILD_TYPE" ] || need_configure=1
  if [ -n "$want_werror" ] && [ "$(cache_get RACECAR_WERROR)" != "$want_werror" ]; then
    need_configure=1
  fi
fi

if [ $need_configure -eq 1 ]; then
  echo "build.sh: cmake ${args[*]}"
  cmake "${args[@]}"
fi

echo "build.sh: ninja -C $BUILD_DIR -j $JOBS $*"
exec ninja -C "$BUILD_DIR" -j "$JOBS" "$@"
