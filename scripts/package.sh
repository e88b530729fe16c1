#!/usr/bin/env bash
# Builds racecar (scripts/build.sh) and its Debian package with CPack:
# build/package/racecar_<version>_<arch>.deb. Its Depends are computed by
# dpkg-shlibdeps (dpkg-dev). Install it with
#   apt install ./build/package/racecar_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh racecar racecar-analyzer
BUILD_DIR=${BUILD_DIR:-build}
(cd "$BUILD_DIR" && cpack -G DEB)
ls -l "$BUILD_DIR"/package/racecar_*.deb
