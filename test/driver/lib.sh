# shellcheck shell=bash
# Shared by the driver tests: `. "$(dirname "$0")/lib.sh" "$1"` gives a temp
# dir WORK (removed on exit), R (a private copy of the racecar binary and of
# the analyzer it runs, so a rebuild during the test cannot swap them), check
# (a description, then a command that must succeed) and finish (prints the
# counts; the exit status).
set -u
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$1" "$WORK/racecar"
# The launcher runs the analyzer beside it.
if [ -e "$(dirname "$1")/racecar-analyzer" ]; then
  cp "$(dirname "$1")/racecar-analyzer" "$WORK/racecar-analyzer"
fi
R=$WORK/racecar
passed=0
failed=0
check() {
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $what"
  fi
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
