#!/usr/bin/env bash
# Issue 28 item 14: a scan killed between creating a temporary file and
# renaming it left `*.tmp-*` behind in the cache, and nothing removed them.
# SIGINT and SIGTERM now remove the temporaries being written (LLVM's
# RemoveFileOnSignal); what a SIGKILL leaves is swept by the next scan once
# it is an hour old (a younger one may be another scan's, being written),
# at most once an hour.
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
C=$WORK/cache
"$RACECAR" scan -p "$P" --cache-dir "$C" -o "$WORK/ref.txt" 2>/dev/null
d=$(dirname "$(find "$C" -name '*.rcs' | head -1)")
echo junk >"$d/0123.rcs.tmp-00000000deadbeef"
touch -d '2 hours ago' "$d/0123.rcs.tmp-00000000deadbeef"
echo junk >"$C/last-scan.result.tmp-00000000feedf00d"
touch -d '3 hours ago' "$C/last-scan.result.tmp-00000000feedf00d"
echo live >"$d/4567.rcs.tmp-00000000cafef00d"
"$RACECAR" scan -p "$P" --cache-dir "$C" --no-cache -o /dev/null 2>/dev/null # (no cache: no sweep)
check "--no-cache leaves the cache alone" test -e "$d/0123.rcs.tmp-00000000deadbeef"
# The sweep runs at most once an hour (a stamp in the cache says when).
"$RACECAR" scan -v -p "$P" --cache-dir "$C" -o "$WORK/soon.txt" 2>"$WORK/soon.err"
check "within the hour of the last sweep: none" test -e "$d/0123.rcs.tmp-00000000deadbeef"
touch -d '2 hours ago' "$C/last-sweep"
"$RACECAR" scan -v -p "$P" --cache-dir "$C" -o "$WORK/again.txt" 2>"$WORK/again.err"
check "stale temporaries removed" test ! -e "$d/0123.rcs.tmp-00000000deadbeef" -a ! -e "$C/last-scan.result.tmp-00000000feedf00d"
check "a young temporary (another scan's) kept" test -e "$d/4567.rcs.tmp-00000000cafef00d"
check "-v says so" grep -q "2 stale temporary files removed" "$WORK/again.err"
check "same reports" cmp -s "$WORK/ref.txt" "$WORK/again.txt"
finish
