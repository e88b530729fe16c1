#!/usr/bin/env bash
# Issue 28 item 15: when the summary store could not be written (a full
# disk), nothing was said without -v, and every later scan lost its
# summaries silently. A failed write of the store is now one warning a scan
# (every failure with -v); the reports are unaffected.
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
C=$WORK/cache
"$RACECAR" scan -p "$P" --cache-dir "$C" -o "$WORK/ref.txt" 2>/dev/null
# The store's directory replaced by a file: every write fails, as on a
# full disk (root ignores permissions, so a read-only directory would not).
rm -rf "$C/summaries" "$C/last-scan.result" "$C/warm"
touch "$C/summaries"
sed -i 's|void hit() { ++hits_; }|void hit() {  ++hits_; }|' "$P/alpha.cpp" # a body edit: re-summarized
"$RACECAR" scan -p "$P" --cache-dir "$C" -o "$WORK/out.txt" 2>"$WORK/err.txt"
check "store not written: the reports" intact "$WORK/out.txt"
check "store not written: said once without -v" test "$(grep -c 'cache not written: summaries' "$WORK/err.txt")" -eq 1
finish
