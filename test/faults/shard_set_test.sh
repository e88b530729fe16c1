#!/usr/bin/env bash
# Item 9: `racecar merge` of 3 of 4 shards reported what it had with exit 1
# and no warning; a shard given twice inflated the TU count. Each shard
# records K/N now; merge refuses (exit 2) an incomplete, duplicated or mixed
# set unless --allow-partial, which warns and marks the result partial.
. "$(dirname "$0")/lib.sh"
sed 's/alpha/gamma/g; s/Counter/Meter/g' "$P/alpha.cpp" >"$P/gamma.cpp"
sed 's/beta/delta/g; s/Gauge/Dial/g' "$P/beta.cpp" >"$P/delta.cpp"
write_db "${GOOD[@]}" "$(db_entry gamma.cpp)" "$(db_entry delta.cpp)"
"$RACECAR" scan -p "$P" --no-cache --quiet -o "$WORK/scan.txt"
for k in 1 2 3 4; do
  "$RACECAR" scan -p "$P" --no-cache --shard $k/4 -o "$WORK/s$k.rcs"
done
merge() { "$RACECAR" merge -o "$WORK/m.txt" "$@" 2>"$WORK/m.err"; }

merge "$WORK"/s{1,2,3,4}.rcs
check "complete set: exit 1" test $? -eq 1
check "complete set: == scan" cmp -s "$WORK/scan.txt" "$WORK/m.txt"
merge "$WORK"/s{1,2,4}.rcs
rc=$?
check "3 of 4: exit 2 (got $rc)" test $rc -eq 2
check "3 of 4: says which is missing" grep -q 'incomplete set of shards: 3 of 4, missing 3/4; give every shard once, or --allow-partial' "$WORK/m.err"
merge "$WORK"/s{1,2,3,4,2}.rcs
check "duplicated shard: exit 2" test $? -eq 2
check "duplicated shard: says so" grep -q "shard 2/4 given twice ('$WORK/s2.rcs' and '$WORK/s2.rcs')" "$WORK/m.err"
"$RACECAR" scan -p "$P" --no-cache --shard 1/2 -o "$WORK/h1.rcs"
merge "$WORK"/s{1,2,3,4}.rcs "$WORK/h1.rcs"
check "mixed splits: exit 2" test $? -eq 2
check "mixed splits: says so" grep -q 'shards of different splits' "$WORK/m.err"
"$RACECAR" summarize -p "$P" "$P/alpha.cpp" -o "$WORK/alpha.rcs"
merge "$WORK"/s{1,2,3,4}.rcs "$WORK/alpha.rcs"
check "a TU twice (summarize + shard): exit 2" test $? -eq 2
check "a TU twice: names it" grep -q "'$P/alpha.cpp' is in both" "$WORK/m.err"

# --allow-partial: warned, partial (exit 3), missing shard named.
merge --allow-partial --format=sarif "$WORK"/s{1,2,4}.rcs
rc=$?
check "allow-partial, 3 of 4: exit 3 (got $rc)" test $rc -eq 3
check "allow-partial: warns" grep -q 'warning: incomplete set of shards: 3 of 4, missing 3/4 (--allow-partial)' "$WORK/m.err"
check "allow-partial: the summary names the missing shard" grep -q 'could not be analysed (shard 3/4 (missing))' "$WORK/m.err"
check "allow-partial: SARIF says partial" grep -q '"executionSuccessful": false' "$WORK/m.txt"
merge --allow-partial "$WORK"/s{1,2,3,4,2}.rcs
check "allow-partial, duplicate: exit 1, duplicate skipped" test $? -eq 1
check "allow-partial, duplicate: == scan" cmp -s "$WORK/scan.txt" "$WORK/m.txt"
check "allow-partial, duplicate: 4 TUs, not 5" grep -q 'in 4 translation units' "$WORK/m.err"
# Old bundles (no shard number) are refused with a clear message.
printf 'RCB1\0\0\0\0' >"$WORK/old.rcs"
merge "$WORK/old.rcs"
check "an old bundle: exit 2" test $? -eq 2
check "an old bundle: says so" grep -q 'older racecar version' "$WORK/m.err"
finish
