#!/usr/bin/env bash
# Issue 28 item 13: a cache entry was not tied to its TU: another TU's
# valid entry copied over it was used, and the real TU's races vanished for
# good. An entry now records its TU (the manifest its key, the module its
# main file), and one that holds another TU's is a miss (noted with -v).
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
C=$WORK/cache
scan() { "$RACECAR" scan -p "$P" --cache-dir "$C" "$@"; }
scan -o "$WORK/ref.txt" 2>/dev/null
check "reference scan" intact "$WORK/ref.txt"
# The entries of alpha.cpp and beta.cpp, by what their manifests name.
a=$(manifest_of "$C" alpha.cpp)
b=$(manifest_of "$C" beta.cpp)
check "two entries found" test -n "$a" -a -n "$b"
rm -rf "$C/warm" "$C/last-scan.result"

# beta's manifest over alpha's (the module left alone).
cp "$a" "$WORK/a.deps"
cp "$b" "$a"
scan -v -o "$WORK/deps.txt" 2>"$WORK/deps.err"
check "foreign manifest: same reports" cmp -s "$WORK/ref.txt" "$WORK/deps.txt"
check "foreign manifest: noted with -v" grep -q "another translation unit's" "$WORK/deps.err"
rm -rf "$C/warm" "$C/last-scan.result"

# beta's whole entry (module and manifest) over alpha's: as if a file
# system or a sync tool had mixed them up.
cp "$b" "$a"
cp "${b%.deps}.rcs" "${a%.deps}.rcs"
scan -v -o "$WORK/rcs.txt" 2>"$WORK/rcs.err"
check "foreign module: same reports" cmp -s "$WORK/ref.txt" "$WORK/rcs.txt"
check "foreign module: noted with -v" grep -qE "another translation unit's|holds '.*beta.cpp'" "$WORK/rcs.err"
# And the entry is written again: the next scan uses it.
scan --stats -o "$WORK/again.txt" 2>"$WORK/again.err"
check "after: same reports" cmp -s "$WORK/ref.txt" "$WORK/again.txt"
finish
