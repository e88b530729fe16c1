#!/usr/bin/env bash
# A cache entry is two files, the module (.rcs) and its manifest (.deps),
# each replaced atomically; the pair is not. Two scans storing one TU at
# once, from checkouts of other content (a build farm sharing a cache),
# could leave one scan's module beside the other's manifest, and a later
# scan of the manifest's content used the other content's module: its
# reports were for code that is not there. The manifest now names its
# module's checksum, and a module that is not that one is a miss (noted
# with -v), rebuilt by the scan.
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
C=$WORK/cache
scan() { "$RACECAR" scan -p "$P" --cache-dir "$C" "$@"; }
scan -o "$WORK/a.txt" 2>/dev/null
check "first content: both races" intact "$WORK/a.txt"
a=$(manifest_of "$C" alpha.cpp)
check "alpha's entry found" test -n "$a"
cp "${a%.deps}.rcs" "$WORK/alpha-first.rcs"

# Second content: alpha's hit() takes the lock, so alpha has no race.
sed -i 's/void hit() { ++hits_; }/void hit() { std::lock_guard<std::mutex> g(mu_); ++hits_; }/' "$P/alpha.cpp"
scan -o "$WORK/b.txt" 2>/dev/null
check "second content: alpha's race gone" bash -c "! grep -q 'alpha::Counter::hit' '$WORK/b.txt'"
check "second content: beta's race kept" grep -q "'beta::Gauge::set'" "$WORK/b.txt"

# The first content's module beside the second content's manifest.
cp "$WORK/alpha-first.rcs" "${a%.deps}.rcs"
rm -rf "$C/warm" "$C/last-scan.result"
scan -v -o "$WORK/mixed.txt" 2>"$WORK/mixed.err"
check "mixed pair: the second content's reports" cmp -s "$WORK/b.txt" "$WORK/mixed.txt"
check "mixed pair: noted with -v" grep -q "not the one its manifest describes" "$WORK/mixed.err"
# Rebuilt: the next scan hits it.
rm -rf "$C/warm" "$C/last-scan.result"
scan --stats -o "$WORK/again.txt" 2>"$WORK/again.err"
check "after: same reports" cmp -s "$WORK/b.txt" "$WORK/again.txt"
check "after: every TU from the cache" grep -qE "cache +2 hits, 0 misses" "$WORK/again.err"
finish
