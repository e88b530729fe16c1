#!/usr/bin/env bash
# Issue 28 item 12: a missing or malformed baseline was reported after the
# whole scan (leveldb: 14.5 s thrown away). Every input is now checked
# before the first translation unit: the error comes first, exit 2, and
# no unit is analysed (-v lists each one it analyses).
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
"$RACECAR" scan -v --no-cache -p "$P" --baseline "$WORK/missing.sarif" >/dev/null 2>"$WORK/missing.err"
rc=$?
check "missing baseline: exit 2 (got $rc)" test $rc -eq 2
check "missing baseline: said" grep -q "baseline '.*missing.sarif'" "$WORK/missing.err"
check "missing baseline: no unit analysed" test -z "$(grep 'analysed' "$WORK/missing.err")"
echo '{"runs": [' >"$WORK/bad.sarif"
"$RACECAR" scan -v --no-cache -p "$P" --baseline "$WORK/bad.sarif" >/dev/null 2>"$WORK/bad.err"
rc=$?
check "malformed baseline: exit 2 (got $rc)" test $rc -eq 2
check "malformed baseline: no unit analysed" test -z "$(grep 'analysed' "$WORK/bad.err")"
# The twin: a good baseline is read and used.
"$RACECAR" scan --no-cache -p "$P" --format=sarif -o "$WORK/good.sarif" 2>/dev/null
"$RACECAR" scan --no-cache -p "$P" --baseline "$WORK/good.sarif" -o "$WORK/again.txt" 2>"$WORK/again.err"
rc=$?
check "good baseline: nothing new, exit 0 (got $rc)" test $rc -eq 0
"$RACECAR" merge --baseline "$WORK/missing.sarif" -o "$WORK/m.txt" "$WORK/none.rcs" 2>"$WORK/merge.err"
check "merge: the baseline is checked before the shards" grep -q "baseline '.*missing.sarif'" "$WORK/merge.err"
finish
