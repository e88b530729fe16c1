#!/usr/bin/env bash
# SV-COMP NoDataRace on racecar: every task of ../shared/data's archive (or
# SVCOMP_DIR, already extracted), one `racecar scan TASK.i -- -m32 -w
# -std=gnu11` each, 2 at a time, with a time limit; scored like SV-COMP
# (+2 correct race-free, +1 race found, -16 race on a race-free task, -32
# race-free claimed on a racy task, 0 unknown).
#
#   perf/svcomp/run.sh [racecar-binary] [extra racecar flags...]
# Env: SVCOMP_DIR (default: extract to /tmp/racecar-svcomp), JOBS (2),
#      TIMEOUT seconds per task (60). Writes results.tsv in SVCOMP_DIR.
# A task's answer: "race" if racecar reports one (exit 1), "race-free" only
# if it prints `verdict: race-free` (--verdict, always passed), else
# "unknown".
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RACECAR=${1:-$ROOT/build/racecar}
shift || true
EXTRA=("$@")
JOBS=${JOBS:-2} TIMEOUT=${TIMEOUT:-60}
DIR=${SVCOMP_DIR:-/tmp/racecar-svcomp}
ARCHIVE=$ROOT/../shared/data/svcomp25-nodatarace.tar.zst
if [ ! -d "$DIR/tests" ]; then
  mkdir -p "$DIR"
  tar --zstd -xf "$ARCHIVE" -C "$DIR" || { echo "cannot extract $ARCHIVE" >&2; exit 2; }
fi

# One line per task: yml path, expected (true = race-free), input file.
python3 - "$DIR" > "$DIR/tasks.tsv" <<'PY'
import os, re, sys
root = sys.argv[1]
for d, _, files in os.walk(root):
    for f in sorted(files):
        if not f.endswith(".yml"):
            continue
        p = os.path.join(d, f)
        text = open(p).read()
        m = re.search(r"input_files:\s*'?([^'\n]+)'?", text)
        e = re.search(r"no-data-race\.prp\s*\n\s*expected_verdict:\s*(true|false)", text)
        if m and e:
            print(f"{p}\t{e.group(1)}\t{os.path.join(d, m.group(1).strip())}")
PY

run_one() { # yml expected input
  local start end status out answer reasons
  start=$(date +%s.%N)
  out=$(timeout "$TIMEOUT" "$RACECAR" scan "$3" --quiet --no-source --verdict "${EXTRA[@]}" -- -m32 -w -std=gnu11 2>&1)
  status=$?
  end=$(date +%s.%N)
  if [ $status -eq 1 ]; then answer=race
  elif grep -q '^verdict: race-free' <<<"$out"; then answer=race-free
  elif [ $status -eq 124 ]; then answer=timeout
  else answer=unknown; fi
  # The reasons of an unknown verdict, as their ids: "pointer-alias,unmatched-join".
  reasons=$(sed -n 's/^verdict: unknown (\(.*\))$/\1/p' <<<"$out" | tr ';' '\n' |
            sed 's/^ *//; s/ at .*//; s/ /-/g' | sort -u | paste -sd, -)
  printf '%s\t%s\t%s\t%s\t%.2f\t%s\n' "$1" "$2" "$answer" "$status" \
    "$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')" "${reasons:--}"
}
export -f run_one
export RACECAR TIMEOUT
export EXTRA_FLAGS="${EXTRA[*]:-}"
# (EXTRA as a string for the subshells: flags without spaces only.)
run_one_x() { EXTRA=($EXTRA_FLAGS); run_one "$@"; }
export -f run_one_x
tr '\t' '\n' < "$DIR/tasks.tsv" | xargs -d '\n' -n 3 -P "$JOBS" bash -c 'run_one_x "$@"' _ \
  > "$DIR/results.tsv"

python3 - "$DIR/results.tsv" <<'PY'
import sys, collections
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
score = 0
c = collections.Counter()
cpu = 0.0
why = collections.Counter()
for yml, expected, answer, status, secs, reasons in rows:
    if answer == "unknown" and reasons != "-":
        for r in reasons.split(","):
            why[r] += 1
    racefree = expected == "true"
    cpu += float(secs)
    if answer == "race":
        kind = "false alarm" if racefree else "race found"
        score += -16 if racefree else 1
    elif answer == "race-free":
        kind = "race-free proved" if racefree else "wrong race-free"
        score += 2 if racefree else -32
    else:
        kind = f"{answer} ({'race-free' if racefree else 'racy'} task)"
    c[kind] += 1
print(f"tasks {len(rows)}  score {score}  wall-clock sum {cpu/3600:.2f} h")
for k, v in sorted(c.items()):
    print(f"  {k:32s} {v}")
print("unknown answers by reason (a task may have several):")
for k, v in why.most_common():
    print(f"  {k:32s} {v}")
PY
