#!/usr/bin/env bash
# What already held before issue 13, kept tested: a scan killed with -9 at
# any moment and run again gives the same reports; a symlink planted inside
# the cache is not written through; no command from the compile database is
# ever run; -j1 and -j2 agree.
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
"$RACECAR" scan -p "$P" --no-cache --quiet -o "$WORK/ref.txt"
check "reference: both TUs reported" intact "$WORK/ref.txt"

# kill -9 at several moments, then a rescan with the same cache.
C=$WORK/cache
for delay in 0.05 0.2 0.4 0.8; do
  "$RACECAR" scan -p "$P" --cache-dir "$C" --quiet -o "$WORK/killed.txt" &
  pid=$!
  sleep $delay
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  "$RACECAR" scan -p "$P" --cache-dir "$C" --quiet -o "$WORK/after.txt"
  check "killed after ${delay}s: rescan exit 1" test $? -eq 1
  check "killed after ${delay}s: same reports" cmp -s "$WORK/ref.txt" "$WORK/after.txt"
done
check "no temporary files left by the survivors" test -z "$(find "$C" -name '*.tmp-*' -newer "$WORK/after.txt")"

# A symlink planted in place of the result file: replaced, target untouched.
echo precious >"$WORK/target"
rm -f "$C/last-scan.result"
ln -s "$WORK/target" "$C/last-scan.result"
"$RACECAR" scan -p "$P" --cache-dir "$C" --quiet -o "$WORK/link.txt"
check "symlink in the cache: same reports" cmp -s "$WORK/ref.txt" "$WORK/link.txt"
check "symlink in the cache: its target untouched" test "$(cat "$WORK/target")" = precious

# The database's command is parsed, never run.
printf '[{"directory": "%s", "file": "%s/alpha.cpp", "command": "touch %s/pwned; clang++ -std=c++17 -c %s/alpha.cpp"}]\n' \
  "$P" "$P" "$WORK" "$P" >"$P/compile_commands.json"
"$RACECAR" scan -p "$P" --no-cache --quiet -o /dev/null 2>/dev/null
check "no command from the database is run" test ! -e "$WORK/pwned"

write_db "${GOOD[@]}"
"$RACECAR" scan -p "$P" --no-cache --quiet -j1 --format=sarif -o "$WORK/j1.sarif"
"$RACECAR" scan -p "$P" --no-cache --quiet -j2 --format=sarif -o "$WORK/j2.sarif"
check "-j1 == -j2" cmp -s "$WORK/j1.sarif" "$WORK/j2.sarif"
finish
