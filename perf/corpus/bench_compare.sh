#!/usr/bin/env bash
# Before/after on real code, in one run: two racecar binaries scan the same
# corpora cold (fresh cache each time), interleaved so that machine noise
# hits both alike; prints medians, the ratio new/base, and each binary's
# report counts (default level, and all levels when it has --confidence).
#
#   perf/corpus/bench_compare.sh BASE_BIN NEW_BIN [corpus...]
#   (default corpora: leveldb memcached redis rocksdb-subset)
# Env: JOBS (default 2), REPEAT (default 3).
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
[ $# -ge 2 ] || { echo "usage: $0 BASE_BIN NEW_BIN [corpus...]" >&2; exit 2; }
BASE=$1 NEW=$2
shift 2
CORPORA=("$@")
[ ${#CORPORA[@]} -eq 0 ] && CORPORA=(leveldb memcached redis rocksdb-subset)
JOBS=${JOBS:-2} REPEAT=${REPEAT:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# count BIN DB [--confidence=low]: races reported (from the summary line).
count() {
  local bin=$1 db=$2
  shift 2
  "$bin" scan -p "$db" --cache-dir "$WORK/count" -j "$JOBS" -o /dev/null "$@" 2>&1 |
    sed -n 's/^\([0-9]*\) races\{0,1\} reported.*/\1/p'
}

for c in "${CORPORA[@]}"; do
  load_corpus "${c%-subset}" || continue
  db=$DB_DIR
  [ "$c" = rocksdb-subset ] && db=$CORPUS_DIR/rocksdb/subset-db
  : > "$WORK/base.t"; : > "$WORK/new.t"
  for ((i = 0; i < REPEAT; i++)); do
    for which in base new; do
      bin=$BASE; [ $which = new ] && bin=$NEW
      rm -rf "$WORK/cache"
      s=$(date +%s.%N)
      "$bin" scan -p "$db" --cache-dir "$WORK/cache" -j "$JOBS" -o /dev/null \
        --quiet >/dev/null 2>&1
      e=$(date +%s.%N)
      awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f\n", e - s }' >> "$WORK/$which.t"
    done
  done
  b=$(median < "$WORK/base.t") n=$(median < "$WORK/new.t")
  rm -rf "$WORK/count"
  cb=$(count "$BASE" "$db") cn=$(count "$NEW" "$db")
  cl=$(count "$NEW" "$db" --confidence=low)
  printf 'COMPARE %-15s base %6.2fs [%s]  new %6.2fs [%s]  new/base %.3f  reports base %s, new %s (all levels %s)\n' \
    "$c" "$b" "$(sort -n "$WORK/base.t" | paste -sd' ')" "$n" \
    "$(sort -n "$WORK/new.t" | paste -sd' ')" "$(awk -v n="$n" -v b="$b" 'BEGIN { print n / b }')" \
    "$cb" "$cn" "${cl:-?}"
done
