#!/usr/bin/env bash
# A build farm's split of one scan: the map step in N shards, then the merge.
#
#   perf/corpus/bench_shards.sh [NAME]    # default: rocksdb (every TU of its DB)
# Env: RACECAR (binary, default build/racecar), SHARDS (default 4), JOBS
#      (default 2, each shard's -j), TIMEOUT (s, default 3600), KEEP=1 keeps
#      the temp dir.
#
# Runs `racecar scan -p DB --no-cache --shard K/N -o sK.rcs` for K = 1..N one
# after another (on a farm they run at once, each on its own machine), then
# `racecar merge s*.rcs`, and a single cold `racecar scan` of the whole DB.
# Prints each shard's wall time and peak RSS, the merge's, the single scan's,
# the reports at each level, and whether the merged report is byte-identical
# to the single scan's (it must be).
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

NAME=${1:-rocksdb}
SHARDS=${SHARDS:-4}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-3600}
load_corpus "$NAME" || exit 2
check_racecar || exit 2
ensure_time

TMP=$(mktemp -d "${TMPDIR:-/tmp}/racecar-bench-shards.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$TMP"' EXIT
stable_racecar "$TMP"

# timed LABEL CMD...: runs CMD under /usr/bin/time; prints "LABEL wall rss".
timed() {
    local label=$1
    shift
    /usr/bin/time -f "%e %M" -o "$TMP/time" timeout "$TIMEOUT" "$@" \
        2>"$TMP/$label.err"
    local rc=$?
    read -r wall rss < <(tail -n 1 "$TMP/time")
    printf '%-8s wall %8.1f s  peak RSS %6d MiB  exit %d\n' "$label" "$wall" \
        $((rss / 1024)) "$rc"
}

log "$NAME: $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" \
    "$DB_DIR/compile_commands.json") TUs, $SHARDS shards, -j $JOBS"
for K in $(seq 1 "$SHARDS"); do
    timed "shard$K" "$RACECAR" scan -p "$DB_DIR" --no-cache -j "$JOBS" \
        --shard "$K/$SHARDS" -o "$TMP/s$K.rcs"
done
timed merge "$RACECAR" merge "$TMP"/s*.rcs --format=json -o "$TMP/merged.json" \
    --confidence=low --quiet
timed single "$RACECAR" scan -p "$DB_DIR" --no-cache -j "$JOBS" --format=json \
    -o "$TMP/single.json" --confidence=low --quiet
python3 - "$TMP/merged.json" "$TMP/single.json" <<'EOF'
import json, sys
m, s = (json.load(open(p)) for p in sys.argv[1:3])
def count(d, level):
    return sum(1 for r in d["reports"] if level == "all" or r.get("confidence") == "high")
print(f"reports  default {count(s, 'high')}, all levels {count(s, 'all')}"
      f" (merged: {count(m, 'high')}, {count(m, 'all')})")
same = json.dumps(m["reports"], sort_keys=True) == json.dumps(s["reports"], sort_keys=True)
print("merged == single scan:", "yes" if same else "NO")
sys.exit(0 if same else 1)
EOF
