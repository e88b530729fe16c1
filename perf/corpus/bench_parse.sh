#!/usr/bin/env bash
# Yardstick: how long does racecar take compared with just parsing the code?
#
#   perf/corpus/bench_parse.sh [NAME]     # default: leveldb; NAME as in prepare.sh,
#                                         # or rocksdb-subset
# Env: RACECAR (binary, default build/racecar), JOBS (default 2),
#      MEM_LIMIT_GB (default 12), TIMEOUT (s, default 1800) for each racecar run,
#      REPEAT (default 1; medians are printed when > 1), KEEP=1 keeps the temp dir,
#      WARM=0 skips the warm scans (and the cold scan that primes them),
#      SCALING=0 skips the one-job run.
#
#  1. clang-19/clang++-19 -fsyntax-only -w over every TU of the compile DB with
#     the DB's own flags (compiler replaced, -o/-c and their outputs dropped),
#     $JOBS at a time via xargs -P; wall and CPU (user+sys of all children).
#  2. racecar scan -p DB --no-cache -j $JOBS --quiet --stats (a cold scan); wall and CPU.
# Prints both and the ratio racecar/clang, and peak memory: racecar's with one
# job (one frontend worker, plus the linked program) against the largest
# single TU's clang -fsyntax-only (the max RSS over xargs' children).
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

NAME=${1:-leveldb}
JOBS=${JOBS:-2}
REPEAT=${REPEAT:-1}
load_corpus "$NAME" || exit 2
check_racecar || exit 2
ensure_time
command -v clang-19 >/dev/null || { echo "clang-19 not found" >&2; exit 2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/racecar-bench-parse.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$TMP"' EXIT
stable_racecar "$TMP"
# A cold scan every time: racecar caches per-TU results in <build-dir>/.racecar-cache
# by default; --no-cache turns that off (older binaries have no cache at all).
NOCACHE=()
"$RACECAR" scan --help 2>&1 | grep -q -- '--no-cache' && NOCACHE=(--no-cache)

# One response file per TU + a job list "DIR COMPILER RSP" (paths here have no
# blanks; response files are quoted for clang's GNU tokenizer).
python3 - "$DB_DIR/compile_commands.json" "$TMP" <<'EOF'
import json, os, shlex, sys
db, tmp = sys.argv[1:]
jobs = []
seen = set()
for i, e in enumerate(json.load(open(db))):
    args = e.get("arguments") or shlex.split(e["command"])
    f = e["file"]
    key = (os.path.normpath(os.path.join(e["directory"], f)))
    if key in seen:
        continue
    seen.add(key)
    cc = os.path.basename(args[0])
    cxx = ("++" in cc) or f.endswith((".cc", ".cpp", ".cxx", ".C", ".c++"))
    out = ["-fsyntax-only", "-w"]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-M", "-MM", "-MD", "-MMD", "-MP") or a.startswith(("-o", "-MF", "-MT", "-MQ")):
            continue
        out.append(a)
    rsp = os.path.join(tmp, "%d.rsp" % i)
    with open(rsp, "w") as fh:
        for a in out:
            fh.write('"' + a.replace("\\", "\\\\").replace('"', '\\"') + '"\n')
    jobs.append("%s %s %s" % (e["directory"], "clang++-19" if cxx else "clang-19", rsp))
open(os.path.join(tmp, "jobs"), "w").write("\n".join(jobs) + "\n")
lines = 0
for k in seen:
    try:
        with open(k, "rb") as fh:
            lines += fh.read().count(b"\n")
    except OSError:
        pass
open(os.path.join(tmp, "lines"), "w").write("%d\n" % lines)
EOF
NTU=$(wc -l < "$TMP/jobs")

clang_pass() { # -> $TMP/clang.time, $TMP/clang.err
    : > "$TMP/clang.err"
    /usr/bin/time -f "%e %U %S %M" -o "$TMP/clang.time" \
        xargs -P "$JOBS" -n 3 sh -c 'cd "$0" && "$1" "@$2" || echo "FAILED: $2" >&2' \
        < "$TMP/jobs" 2>>"$TMP/clang.err"
}

# racecar runs are timed by timed.py (the limits, and a wall time to the
# microsecond: a warm scan takes milliseconds).
TIMED=$CORPUS_SCRIPT_DIR/timed.py
racecar_pass() { # [jobs] -> $TMP/rc.time, rc.out, rc.err, $RC   (cold: no cache)
    "$TIMED" "$TMP/rc.time" -- \
        "$RACECAR" scan -p "$DB_DIR" "${NOCACHE[@]}" -j "${1:-$JOBS}" --quiet --stats >"$TMP/rc.out" 2>"$TMP/rc.err"
    RC=$?
}

warm_pass() { # -> $TMP/warm.time (cache in $TMP/cache, primed before the runs)
    "$TIMED" "$TMP/warm.time" -- \
        "$RACECAR" scan -p "$DB_DIR" --cache-dir "$TMP/cache" -j "$JOBS" --quiet >/dev/null 2>&1
}

log "$NAME ($PKG $VERSION): $NTU TUs, $REPEAT run(s), $JOBS jobs"
NLINES=$(cat "$TMP/lines")
: > "$TMP/clang.all"; : > "$TMP/rc.all"; : > "$TMP/warm.all"
WARM=${WARM:-1}
[ "$WARM" = 1 ] && warm_pass # primes the cache
for r in $(seq 1 "$REPEAT"); do
    clang_pass
    read -r w u s m < <(tail -n1 "$TMP/clang.time")
    echo "$w $(calc "$u + $s") $m" >> "$TMP/clang.all"
    log "run $r: clang -fsyntax-only wall ${w}s cpu $(calc "$u + $s")s"
    racecar_pass
    read -r w u s m < <(tail -n1 "$TMP/rc.time")
    echo "$w $(calc "$u + $s") $m" >> "$TMP/rc.all"
    log "run $r: racecar scan wall ${w}s cpu $(calc "$u + $s")s (exit $RC)"
    cp "$TMP/rc.err" "$TMP/rc.err.$r"
    if [ "$WARM" = 1 ]; then
        warm_pass
        read -r w u s m < <(tail -n1 "$TMP/warm.time")
        echo "$w $(calc "$u + $s") $m" >> "$TMP/warm.all"
    else
        echo "nan nan 0" >> "$TMP/warm.all"
    fi
done
if [ "${SCALING:-1}" = 1 ]; then # one cold run with one job: does it scale?
    racecar_pass 1
    read -r J1W J1U J1S J1M < <(tail -n1 "$TMP/rc.time")
fi

CFAIL=$(grep -c '^FAILED:' "$TMP/clang.err")
CW=$(cut -d' ' -f1 "$TMP/clang.all" | median); CC=$(cut -d' ' -f2 "$TMP/clang.all" | median)
RW=$(cut -d' ' -f1 "$TMP/rc.all" | median); RCPU=$(cut -d' ' -f2 "$TMP/rc.all" | median)
RMEM=$(cut -d' ' -f3 "$TMP/rc.all" | median); RMEM=${RMEM%.*} # an even count's median is x.5
CMEM=$(cut -d' ' -f3 "$TMP/clang.all" | sort -n | tail -1)
CWMIN=$(cut -d' ' -f1 "$TMP/clang.all" | sort -n | head -1); CWMAX=$(cut -d' ' -f1 "$TMP/clang.all" | sort -n | tail -1)
RWMIN=$(cut -d' ' -f1 "$TMP/rc.all" | sort -n | head -1); RWMAX=$(cut -d' ' -f1 "$TMP/rc.all" | sort -n | tail -1)
WW=$(cut -d' ' -f1 "$TMP/warm.all" | median); WC=$(cut -d' ' -f2 "$TMP/warm.all" | median)
RACES=$(grep -c '\[racecar-[a-z-]*\]$' "$TMP/rc.out")

echo
echo "corpus:  $NAME ($PKG $VERSION), $NTU TUs, db $DB_DIR"
echo "machine: $(nproc) cores, jobs $JOBS, $REPEAT run(s) (medians)"
echo "lines:   $NLINES in the main files (wc -l; headers not counted)"
printf '%-28s %9s %13s %9s %9s %11s\n' "" "wall s" "(min-max)" "cpu s" "TUs/s" "lines/s"
printf '%-28s %9.2f %6.2f-%-6.2f %9.2f %9.1f %11.0f\n' "clang-19 -fsyntax-only" "$CW" "$CWMIN" "$CWMAX" "$CC" "$(calc "$NTU / $CW")" "$(calc "$NLINES / $CW")"
printf '%-28s %9.2f %6.2f-%-6.2f %9.2f %9.1f %11.0f   (max RSS %d MiB)\n' "racecar scan (cold)" "$RW" "$RWMIN" "$RWMAX" "$RCPU" "$(calc "$NTU / $RW")" "$(calc "$NLINES / $RW")" "$((RMEM / 1024))"
printf '%-28s %9.3f %13s %9.3f\n' "racecar scan (warm)" "$WW" "" "$WC"
printf '%-28s %9.2f %13s %9.2f\n' "ratio cold/clang" "$(calc "$RW / $CW")" "" "$(calc "$RCPU / $CC")"
printf '%-28s %9.4f\n' "ratio warm/cold" "$(calc "$WW / $RW")"
[ -n "${J1W:-}" ] && printf '%-28s %9.2f   (-j1 / -j%s = %.2fx)\n' "racecar scan -j1 (cold)" "$J1W" "$JOBS" "$(calc "$J1W / $RW")"
printf '%-28s %9d MiB\n' "largest TU, clang RSS" "$((CMEM / 1024))"
[ -n "${J1M:-}" ] && printf '%-28s %9d MiB   (%.2fx the largest TU)\n' "racecar -j1 peak RSS" "$((J1M / 1024))" "$(calc "$J1M / $CMEM")"
echo "BENCH $NAME tus=$NTU lines=$NLINES clang_wall=$CW racecar_wall=$RW warm_wall=$WW ratio=$(calc "$RW / $CW") j1_wall=${J1W:-} rss_mib=$((RMEM / 1024)) j1_rss_mib=$((${J1M:-0} / 1024)) clang_tu_rss_mib=$((CMEM / 1024))"
echo "clang: $CFAIL TU(s) failed to parse"
[ "$CFAIL" -gt 0 ] && grep -m 20 -E 'error:|^FAILED' "$TMP/clang.err"
echo "racecar: exit $RC, $RACES race(s) reported"
echo "racecar --stats (first cold run):"; grep -v -E '^\s*$' "$TMP/rc.err.1" | sed -n '/racecar stats/,$p' | sed 's/^/  /'
if [ "$RC" = 3 ]; then
    echo "racecar: some TUs failed; errors:"
    grep -E 'error' "$TMP/rc.err" | sort | uniq -c | sort -rn | head -n 30
fi
case $RC in 0|1) exit 0;; 3) exit 3;; *) explain_rc "$RC"; exit "$RC";; esac
