#!/usr/bin/env bash
# Incremental-cache benchmark: how much does racecar's cache save on re-scans?
#
#   perf/corpus/bench_incremental.sh [NAME]    # default: leveldb
# Env: RACECAR (binary), JOBS (default 2), REPEAT (default 3),
#      MEM_LIMIT_GB (default 12), TIMEOUT (s, default 1800) for each racecar run,
#      EDIT_FILE (main file to touch/edit, relative to the source root;
#      default: the first TU of the compile DB in sorted order),
#      EDIT_FUNC (a function defined in EDIT_FILE, `name(...) {` on one line:
#      the stmt step adds a statement at the top of its body), KEEP=1.
#
# Each repetition uses a fresh cache dir (mktemp) and runs
#   racecar scan -p DB --cache-dir CACHE -j JOBS --quiet --stats
# five times:
#   cold    empty cache
#   warm    nothing changed
#   touch   EDIT_FILE's mtime changed only (tests the re-hash path)
#   edit    a comment line appended to EDIT_FILE (real content change)
#   lines   a comment line inserted at the top of EDIT_FILE: every function
#           below it moves, so do its accesses' locations in every caller's
#           summary (the worst case for the summary cache's early cutoff)
#   stmt    (with EDIT_FUNC) a statement added as the first line of that
#           function's body: it, its callers and the functions below it move
#           (redis: EDIT_FILE=src/networking.c EDIT_FUNC=freeClientArgv)
# EDIT_FILE's original bytes and mtime are restored after each step (and on
# exit, even on failure). Reports median wall times (perf/corpus/timed.py:
# microseconds, so a warm scan of a few milliseconds shows) and their ratio
# to the cold scan of the same repetition, the cache size after the cold scan
# (du -sb) and its ratio to the source size (bytes of the TUs' main files +
# every header under the source tree), and whether warm/touch re-scans
# reported exactly the same races as the cold scan (the appended comment
# moves no line, so edit must match too; lines is compared, in the first
# repetition, with a scan of the edited tree without cache: LINES_REF=0
# skips that).
#
# If racecar has no --cache-dir yet, the script says so and runs every step
# without it (all ratios ~1), which still checks that the corpus scans.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

NAME=${1:-leveldb}
JOBS=${JOBS:-2}
REPEAT=${REPEAT:-3}
load_corpus "$NAME" || exit 2
check_racecar || exit 2
ensure_time

TMP=$(mktemp -d "${TMPDIR:-/tmp}/racecar-bench-incr.XXXXXX")
mapfile -t FILES < <(db_files "$DB_DIR")
if [ -n "${EDIT_FILE:-}" ]; then
    EDIT=$SRC/$EDIT_FILE
else
    EDIT=$(printf '%s\n' "${FILES[@]}" | LC_ALL=C sort | head -n1)
fi
[ -f "$EDIT" ] || { echo "no such file: $EDIT" >&2; exit 2; }
BACKUP=$TMP/edit-backup
cp -p "$EDIT" "$BACKUP"
restore() { [ -f "$BACKUP" ] && cp -p "$BACKUP" "$EDIT"; }
cleanup() { restore; [ "${KEEP:-0}" = 1 ] || rm -rf "$TMP"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
stable_racecar "$TMP"

CACHE_FLAG=1
if ! "$RACECAR" scan --help 2>&1 | grep -q -- '--cache-dir'; then
    echo "WARNING: $RACECAR has no --cache-dir option yet: every step runs without a cache" >&2
    CACHE_FLAG=0
fi

# Source size: main files + all headers under the source tree (not debian/ or .pc/).
SRC_BYTES=$( { printf '%s\0' "${FILES[@]}"
    find "$SRC" \( -path "$SRC/debian" -o -path "$SRC/.pc" \) -prune -o -type f \
        \( -name '*.h' -o -name '*.hh' -o -name '*.hpp' -o -name '*.hxx' -o -name '*.inc' -o -name '*.ipp' \) -print0
    } | sort -zu | xargs -0 cat | wc -c)

# add_statement FUNC: a statement as the first line of FUNC's body in EDIT
# (its definition's `FUNC(...) {` on one line, at the start of a line or
# after a return type; indented in a header's class body).
add_statement() {
    local n
    n=$(grep -nE "^[[:space:]]*[A-Za-z_].*[ *]$1\(.*\) *(const *)?\{ *$|^[[:space:]]*$1\(.*\) *\{ *$" "$EDIT" | head -n1 | cut -d: -f1)
    [ -n "$n" ] || { echo "no definition of $1 in $EDIT" >&2; exit 2; }
    sed -i "${n}a\\    { int racecar_bench_edit = 0; (void)racecar_bench_edit; }" "$EDIT"
}

FAILED_RUN=0
TIMED=$CORPUS_SCRIPT_DIR/timed.py
scan() { # STEP CACHE REP [flags]: sets W (wall), RC; output in $TMP/STEP.REP.{out,err,time}
    local step=$1 cache=$2 rep=$3 flags=()
    shift 3
    [ $CACHE_FLAG = 1 ] && flags=(--cache-dir "$cache")
    [ "${1:-}" = --no-cache ] && flags=(--no-cache)
    "$TIMED" "$TMP/$step.$rep.time" -- \
        "$RACECAR" scan -p "$DB_DIR" "${flags[@]}" -j "$JOBS" --quiet --stats \
        >"$TMP/$step.$rep.out" 2>"$TMP/$step.$rep.err"
    RC=$?
    read -r W _ _ _ < <(tail -n1 "$TMP/$step.$rep.time")
    local n; n=$(grep -c '\[racecar-[a-z-]*\]$' "$TMP/$step.$rep.out")
    local c; c=$(sed -n 's/^ *cache  *\([0-9]\)/\1/p' "$TMP/$step.$rep.err" | head -n1)
    echo "$step: exit $RC, $n race(s), cache ${c:-n/a}" >> "$TMP/rcs"
    log "rep $rep $step: ${W}s, exit $RC, $n race(s), cache ${c:-n/a}"
    case $RC in
        0|1) ;;
        3) FAILED_RUN=1
           echo "racecar exit 3 ($step): some TUs failed to parse; errors:" >&2
           grep -E 'error' "$TMP/$step.$rep.err" | sort | uniq -c | sort -rn | head -n 20 >&2 ;;
        *) echo "racecar exit $RC ($step): $(explain_rc "$RC")" >&2; tail -n 20 "$TMP/$step.$rep.err" >&2; exit "$RC" ;;
    esac
}

log "$NAME ($PKG $VERSION): ${#FILES[@]} TUs, edit file ${EDIT#$SRC/}, $REPEAT rep(s), $JOBS jobs"
: > "$TMP/results"
for rep in $(seq 1 "$REPEAT"); do
    CACHE=$TMP/cache.$rep
    mkdir -p "$CACHE"
    scan cold "$CACHE" "$rep"; COLD=$W
    CBYTES=$(du -sb "$CACHE" | cut -f1)
    scan warm "$CACHE" "$rep"; WARM=$W
    touch "$EDIT"
    scan touch "$CACHE" "$rep"; TOUCH=$W
    restore
    printf '\n/* racecar bench_incremental edit */\n' >> "$EDIT"
    scan edit "$CACHE" "$rep"; EDITW=$W
    restore
    # The edited tree's own cache entry is the edit's: back to the original
    # first (a scan of the original), then the lines edit.
    scan back "$CACHE" "$rep"
    { printf '/* racecar bench_incremental: a line inserted */\n'; cat "$BACKUP"; } > "$EDIT"
    scan lines "$CACHE" "$rep"; LINESW=$W
    if [ "$rep" = 1 ] && [ "${LINES_REF:-1}" = 1 ]; then
        scan linesref "" "$rep" --no-cache
        cmp -s "$TMP/lines.1.out" "$TMP/linesref.1.out" && LINES_SAME=yes || LINES_SAME=NO
    fi
    restore
    STMTW=0
    if [ -n "${EDIT_FUNC:-}" ]; then
        scan back2 "$CACHE" "$rep"
        add_statement "$EDIT_FUNC"
        scan stmt "$CACHE" "$rep"; STMTW=$W
        if [ "$rep" = 1 ] && [ "${LINES_REF:-1}" = 1 ]; then
            scan stmtref "" "$rep" --no-cache
            cmp -s "$TMP/stmt.1.out" "$TMP/stmtref.1.out" && STMT_SAME=yes || STMT_SAME=NO
        fi
        restore
    fi
    same=yes
    cmp -s "$TMP/cold.$rep.out" "$TMP/warm.$rep.out" || same=NO
    cmp -s "$TMP/cold.$rep.out" "$TMP/touch.$rep.out" || same=NO
    cmp -s "$TMP/cold.$rep.out" "$TMP/edit.$rep.out" || same=NO
    echo "$COLD $WARM $TOUCH $EDITW $CBYTES $same $LINESW $STMTW" >> "$TMP/results"
    rm -rf "$CACHE"
done

col() { cut -d' ' -f"$1" "$TMP/results"; }
ratio_col() { awk -v c="$1" '{ printf "%.4f\n", $c / $1 }' "$TMP/results"; }
CB=$(col 5 | median)
echo
echo "corpus:  $NAME ($PKG $VERSION), ${#FILES[@]} TUs, edit file ${EDIT#$SRC/}"
echo "machine: $(nproc) cores, jobs $JOBS, $REPEAT rep(s), medians; cache: $([ $CACHE_FLAG = 1 ] && echo --cache-dir || echo 'NONE (no --cache-dir)')"
printf '%-22s %9s %14s\n' step "wall s" "ratio to cold"
printf '%-22s %9.2f %14.3f\n' "cold" "$(col 1 | median)" 1
printf '%-22s %9.3f %14.4f\n' "warm (no change)" "$(col 2 | median)" "$(ratio_col 2 | median)"
printf '%-22s %9.3f %14.4f\n' "touch (mtime only)" "$(col 3 | median)" "$(ratio_col 3 | median)"
printf '%-22s %9.2f %14.3f\n' "edit (1 file changed)" "$(col 4 | median)" "$(ratio_col 4 | median)"
printf '%-22s %9.2f %14.3f\n' "edit, lines moved" "$(col 7 | median)" "$(ratio_col 7 | median)"
[ -n "${EDIT_FUNC:-}" ] &&
    printf '%-22s %9.2f %14.3f\n' "statement in $EDIT_FUNC" "$(col 8 | median)" "$(ratio_col 8 | median)"
printf 'cache size %.0f bytes; source %d bytes (TU main files + headers); ratio %.3f\n' \
    "$CB" "$SRC_BYTES" "$(calc "$CB / $SRC_BYTES")"
echo "same races cold/warm/touch/edit: $(col 6 | sort -u | tr '\n' ' ')"
echo "lines-moved edit == a scan of the edited tree without cache: ${LINES_SAME:-not checked}"
[ -n "${EDIT_FUNC:-}" ] &&
    echo "statement edit == a scan of the edited tree without cache: ${STMT_SAME:-not checked}"
echo "racecar results (count of reps: step: exit code, races, cache stats):"
sort "$TMP/rcs" | uniq -c | sed 's/^/  /'
echo "racecar --stats (last edit scan):"; sed -n '/racecar stats/,$p' "$TMP/edit.$REPEAT.err" | sed 's/^/  /'
[ $FAILED_RUN = 1 ] && exit 3
exit 0
