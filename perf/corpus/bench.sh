#!/usr/bin/env bash
# The one benchmark command: for each corpus (prepared by prepare.sh), in one
# invocation and with the same job count, clang-19 -fsyntax-only over every
# TU, a racecar cold scan, a warm scan, and a cold scan with one job; medians
# of REPEAT runs with min-max, CPU, peak RSS, TUs/s, lines/s, ratios, and the
# racecar --stats phase breakdown.
#
#   perf/corpus/bench.sh [corpus...]      # default: leveldb memcached redis rocksdb-subset
# Env: JOBS (default 2), REPEAT (default 3), SCALING=0 skips the -j1 run.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CORPORA=("$@")
[ ${#CORPORA[@]} -eq 0 ] && CORPORA=(leveldb memcached redis rocksdb-subset)
export REPEAT=${REPEAT:-3} JOBS=${JOBS:-2}
status=0
for c in "${CORPORA[@]}"; do
  echo "=================== $c ==================="
  "$HERE/bench_parse.sh" "$c" | tee "/tmp/racecar-bench-$c.txt" || status=$?
done
echo
echo "Summary (wall-clock medians, $JOBS jobs):"
grep -h '^BENCH ' /tmp/racecar-bench-*.txt 2>/dev/null
exit $status
