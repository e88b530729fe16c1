#!/usr/bin/env bash
# End-to-end tests of the map-reduce driver on test/driver/project: the cache
# (hit, miss, invalidation by an edited header, corrupt entries), -j and TU
# order independence, shards + merge, the Ninja file, and bad input.
# Usage: map_reduce_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
RACECAR=$R
SRC=$(cd "$(dirname "$0")/project" && pwd)

# A copy of the project with a gcc-style compile database (absolute paths).
cp -r "$SRC" "$WORK/p"
P=$WORK/p
write_db() { # files in the order given
  local first=1
  {
    echo "["
    for f in "$@"; do
      [ $first -eq 1 ] || echo ","
      first=0
      printf '{"directory": "%s", "file": "%s/%s", "command": "/usr/bin/g++ -std=gnu++17 -O2 -g -Wall -fno-strict-aliasing -I%s -MD -MF %s.d -o %s.o -c %s/%s"}' \
        "$P" "$P" "$f" "$P" "$f" "$f" "$P" "$f"
    done
    echo "]"
  } >"$P/compile_commands.json"
}
write_db post.cpp balance.cpp audit.cpp
scan() { "$RACECAR" scan -p "$P" --quiet "$@"; }
stat_line() { grep -E '^ +cache ' "$1" | tr -s ' '; }

# --- determinism: -j and compile database order ----------------------------
scan --no-cache --format=sarif -o "$WORK/j1.sarif" -j1
check "scan with races exits 1" test $? -eq 1
scan --no-cache --format=sarif -o "$WORK/j2.sarif" -j2
check "-j1 and -j2 give identical SARIF" cmp -s "$WORK/j1.sarif" "$WORK/j2.sarif"
check "the SARIF names the read/write race" grep -q 'racecar-read-write-race' "$WORK/j1.sarif"
write_db audit.cpp balance.cpp post.cpp
scan --no-cache --format=sarif -o "$WORK/reordered.sarif" -j2
check "TU order does not change the output" cmp -s "$WORK/j1.sarif" "$WORK/reordered.sarif"

# --- shards and merge --------------------------------------------------------
for k in 1 2 3; do
  scan --no-cache --shard "$k/3" -o "$WORK/shard$k.rcs"
  check "shard $k/3 exits 0" test $? -eq 0
done
"$RACECAR" merge --quiet --format=sarif -o "$WORK/merged.sarif" "$WORK"/shard*.rcs
check "merge exits 1 (races)" test $? -eq 1
check "shards merged == single scan (bytes)" cmp -s "$WORK/j1.sarif" "$WORK/merged.sarif"
"$RACECAR" merge --quiet --format=sarif -o "$WORK/merged2.sarif" "$WORK/shard3.rcs" "$WORK/shard1.rcs" "$WORK/shard2.rcs"
check "merge order does not matter" cmp -s "$WORK/j1.sarif" "$WORK/merged2.sarif"
scan --no-cache --shard 4/3 -o "$WORK/bad.rcs" 2>/dev/null
check "--shard 4/3 is a usage error" test $? -eq 2

# --- cache -------------------------------------------------------------------
C=$WORK/cache
scan --cache-dir "$C" --stats -o "$WORK/cold.txt" 2>"$WORK/cold.stats"
check "cold scan misses every TU" grep -q 'cache 0 hits, 3 misses' <(stat_line "$WORK/cold.stats")
scan --cache-dir "$C" --stats -o "$WORK/warm.txt" 2>"$WORK/warm.stats"
check "warm scan hits every TU" grep -q 'cache 3 hits, 0 misses' <(stat_line "$WORK/warm.stats")
check "warm output == cold output" cmp -s "$WORK/cold.txt" "$WORK/warm.txt"
check "cold scan does not claim reuse" test -z "$(grep 'reports reused' "$WORK/cold.stats")"
# Peak memory per whole-program phase (issue 29): each a positive number.
check "--stats: peak memory per phase" grep -Eq 'peak memory +[1-9][0-9]* MiB before the link, then link [1-9][0-9]*, summarize [1-9][0-9]*, conflicts [1-9][0-9]*, report [1-9][0-9]* MiB' "$WORK/cold.stats"
check "warm scan reuses the last scan's reports" grep -q 'reports reused' "$WORK/warm.stats"
touch "$P/post.cpp"
scan --cache-dir "$C" --stats -o "$WORK/touched.txt" 2>"$WORK/touched.stats"
check "touch without change still hits (re-hash)" grep -q 'cache 3 hits, 0 misses' <(stat_line "$WORK/touched.stats")
check "touch without change still reuses the reports" grep -q 'reports reused' "$WORK/touched.stats"
# Edit the header: the two TUs including it miss, audit.cpp still hits, and
# the new race in the header is reported.
sed -i 's|int entries() const { return entries_; }|int entries() const { return entries_; }\n  void reset() { entries_ = 0; }|' "$P/ledger.h"
scan --cache-dir "$C" --stats -o "$WORK/edited.txt" 2>"$WORK/edited.stats"
check "edited header invalidates exactly its TUs" grep -q 'cache 1 hits, 2 misses' <(stat_line "$WORK/edited.stats")
check "edited header: the reports are recomputed" test -z "$(grep 'reports reused' "$WORK/edited.stats")"
check "the header's new race is reported" grep -q "unprotected write to \`this->entries_\` in 'bank::Ledger::reset'" "$WORK/edited.txt"
scan --no-cache -o "$WORK/edited-nocache.txt"
check "cached result == uncached result after the edit" cmp -s "$WORK/edited.txt" "$WORK/edited-nocache.txt"
# Corrupt entries: a truncated TU file and a damaged manifest are detected,
# reported with -v, rebuilt, and the result does not change.
entry=$(find "$C" -name '*.rcs' ! -name '*.prev.rcs' | sort | head -1)
head -c 40 "$entry" >"$entry.cut" && mv "$entry.cut" "$entry"
manifest=$(find "$C" -name '*.deps' ! -name '*.prev.deps' | sort | tail -1)
sed -i '2s/^./9/' "$manifest"
scan --cache-dir "$C" -v --stats -o "$WORK/recovered.txt" 2>"$WORK/recovered.stats"
check "corrupt entries are reported" grep -q 'racecar: cache: ' "$WORK/recovered.stats"
check "corrupt entries do not change the result" cmp -s "$WORK/edited.txt" "$WORK/recovered.txt"
scan --cache-dir "$C" --stats -o "$WORK/healed.txt" 2>"$WORK/healed.stats"
check "corrupt entries were rebuilt" grep -q 'cache 3 hits, 0 misses' <(stat_line "$WORK/healed.stats")
# The last scan's result file: damaged, it is a miss and is rewritten.
head -c -20 "$C/last-scan.result" >"$C/cut.result" && mv "$C/cut.result" "$C/last-scan.result"
scan --cache-dir "$C" -v --stats -o "$WORK/badresult.txt" 2>"$WORK/badresult.stats"
check "a damaged result file is reported" grep -q 'unusable result file' "$WORK/badresult.stats"
check "a damaged result file does not change the result" cmp -s "$WORK/edited.txt" "$WORK/badresult.txt"
scan --cache-dir "$C" --stats -o "$WORK/goodresult.txt" 2>"$WORK/goodresult.stats"
check "the result file is rewritten" grep -q 'reports reused' "$WORK/goodresult.stats"
check "reused reports == computed reports" cmp -s "$WORK/edited.txt" "$WORK/goodresult.txt"
# Flags after `--` change what a TU lowers to: they are part of the key.
scan --cache-dir "$C" --stats -o "$WORK/flags.txt" -- -DRACECAR_EXTRA_FLAG 2>"$WORK/flags.stats"
check "flags after -- miss the cache" grep -q 'cache 0 hits, 3 misses' <(stat_line "$WORK/flags.stats")

# Two scans sharing one cache directory at the same time: both correct, and
# the cache they leave behind is complete.
C2=$WORK/cache2
scan --cache-dir "$C2" -o "$WORK/conc1.txt" &
scan --cache-dir "$C2" -o "$WORK/conc2.txt"
wait
check "concurrent scan 1 is correct" cmp -s "$WORK/edited.txt" "$WORK/conc1.txt"
check "concurrent scan 2 is correct" cmp -s "$WORK/edited.txt" "$WORK/conc2.txt"
scan --cache-dir "$C2" --stats -o "$WORK/conc3.txt" 2>"$WORK/conc3.stats"
check "the shared cache is complete afterwards" grep -q 'cache 3 hits, 0 misses' <(stat_line "$WORK/conc3.stats")
check "no temporary files are left behind" test -z "$(find "$C2" -name '*.tmp-*')"

# The map step is hermetic: same inputs, same bytes.
"$RACECAR" summarize -p "$P" "$P/post.cpp" -o "$WORK/post1.rcs"
"$RACECAR" summarize -p "$P" "$P/post.cpp" -o "$WORK/post2.rcs"
check "racecar summarize is byte-for-byte reproducible" cmp -s "$WORK/post1.rcs" "$WORK/post2.rcs"
check "racecar summarize writes a depfile naming the header" grep -q 'ledger.h' "$WORK/post1.rcs.d"

# --- ninja -------------------------------------------------------------------
if command -v ninja >/dev/null; then
  (cd "$WORK" && "$RACECAR" ninja -p "$P" -o racecar.ninja --format=text --report ninja.txt)
  check "racecar ninja exits 0" test $? -eq 0
  check "one summarize edge per TU" test "$(grep -c ': summarize ' "$WORK/racecar.ninja")" -eq 3
  (cd "$WORK" && ninja -f racecar.ninja >"$WORK/ninja.log" 2>&1)
  check "ninja builds the map step and merges" test $? -eq 0
  check "ninja's merged report == scan" cmp -s "$WORK/ninja.txt" "$WORK/edited-nocache.txt"
  (cd "$WORK" && ninja -f racecar.ninja -n | grep -c summarize >"$WORK/noop")
  check "a second ninja run does nothing" test "$(cat "$WORK/noop")" -eq 0
  echo '// touched' >>"$P/ledger.h"
  (cd "$WORK" && ninja -f racecar.ninja -n | grep -c 'racecar summarize' >"$WORK/rerun")
  check "a header edit re-runs only the TUs that include it" test "$(cat "$WORK/rerun")" -eq 2
fi

# --- bad input ---------------------------------------------------------------
"$RACECAR" scan -p "$WORK/nowhere" 2>"$WORK/nodb.err"
check "missing compile database exits 2" test $? -eq 2
check "missing compile database says so" grep -q 'compile_commands.json' "$WORK/nodb.err"
write_db post.cpp broken.cpp balance.cpp
scan --no-cache -o "$WORK/partial.txt" 2>"$WORK/partial.err"
check "a TU that does not parse gives exit 3" test $? -eq 3
check "its diagnostics are shown" grep -q 'broken.cpp:2' "$WORK/partial.err"
check "the other TUs are still reported" grep -q 'racecar-read-write-race' "$WORK/partial.txt"
scan --no-cache --shard 1/1 -o "$WORK/partial.rcs" 2>/dev/null
"$RACECAR" merge --quiet -o "$WORK/partial-merged.txt" "$WORK/partial.rcs"
check "merge keeps the failed TU's exit status" test $? -eq 3
printf 'garbage' >"$WORK/garbage.rcs"
"$RACECAR" merge "$WORK/garbage.rcs" 2>"$WORK/garbage.err"
check "a corrupt .rcs given to merge exits 2" test $? -eq 2
check "...with a clear message" grep -q 'garbage.rcs' "$WORK/garbage.err"
"$RACECAR" scan --no-such-flag 2>/dev/null
check "an unknown flag exits 2" test $? -eq 2

finish
