# shellcheck shell=bash disable=SC2034
# Shared helpers for the perf/corpus scripts. Source it, do not run it.
#
# Layout of the work dir (outside the repo):
#   $CORPUS_DIR/<name>/                 apt-get source downloads (.dsc, tarballs)
#   $CORPUS_DIR/<name>/<pkg>-<upver>/   the unpacked, patched Debian source
#   $CORPUS_DIR/<name>/corpus.env       written by prepare.sh: NAME, PKG, VERSION,
#                                       SRC (source root), DB_DIR (dir holding
#                                       compile_commands.json)
# The pseudo-corpus "rocksdb-subset" is the rocksdb source with a compile DB
# reduced to the TUs listed in perf/corpus/rocksdb-subset.txt.

CORPUS_DIR=${RACECAR_CORPUS_DIR:-$HOME/.cache/racecar-corpus}
CORPUS_SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$CORPUS_SCRIPT_DIR/../.." && pwd)
ALL_CORPORA=(leveldb memcached redis rocksdb)
# Prepared only when named (slower, or for precision work rather than speed).
OPTIONAL_CORPORA=(fio)

# racecar binary: $RACECAR, else the repo's build.
RACECAR=${RACECAR:-$REPO_ROOT/build/racecar}

log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# load_corpus NAME: sets NAME PKG VERSION SRC DB_DIR from corpus.env.
load_corpus() {
    local name=$1 env=$CORPUS_DIR/$1/corpus.env
    if [ ! -f "$env" ]; then
        echo "corpus '$name' is not prepared ($env missing); run perf/corpus/prepare.sh $name" >&2
        return 1
    fi
    # shellcheck disable=SC1090
    . "$env"
    if [ ! -f "$DB_DIR/compile_commands.json" ]; then
        echo "corpus '$name': $DB_DIR/compile_commands.json missing; re-run prepare.sh $name" >&2
        return 1
    fi
}

# db_files DB_DIR: print the unique main files (absolute paths) of a compile DB.
db_files() {
    python3 - "$1/compile_commands.json" <<'EOF'
import json, os, sys
seen = []
for e in json.load(open(sys.argv[1])):
    f = e["file"]
    if not os.path.isabs(f):
        f = os.path.join(e["directory"], f)
    f = os.path.normpath(f)
    if f not in seen:
        seen.append(f)
print("\n".join(seen))
EOF
}

# median of the numbers on stdin (one per line)
median() {
    sort -g | awk '{a[NR]=$1} END {if (NR==0) {print "nan"; exit}
        if (NR%2) print a[(NR+1)/2]; else printf "%.3f\n", (a[NR/2]+a[NR/2+1])/2}'
}

ensure_time() {
    if [ ! -x /usr/bin/time ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q time >/dev/null
    fi
}

check_racecar() {
    if [ ! -x "$RACECAR" ]; then
        echo "racecar binary not found at $RACECAR (build it: ninja -C build racecar, or set RACECAR=)" >&2
        return 1
    fi
}

# calc EXPR: floating-point arithmetic (awk), e.g. calc "1.5 / 3"
calc() { awk "BEGIN { printf \"%.4f\", $* }"; }

# stable_racecar DIR: copy $RACECAR (and the racecar-analyzer beside it, which
# the launcher runs) into DIR and point RACECAR at the copy, so a rebuild of
# build/ during a benchmark does not mix binaries.
stable_racecar() {
    local analyzer; analyzer=$(dirname "$RACECAR")/racecar-analyzer
    if [ -e "$analyzer" ]; then cp "$analyzer" "$1/racecar-analyzer" || return 1; fi
    cp "$RACECAR" "$1/racecar" && RACECAR=$1/racecar
}

# Limits for one racecar run, so a blow-up does not take the shared 2-core/24 GiB
# machine down: MEM_LIMIT_GB (address space, default 12) and TIMEOUT (seconds,
# default 1800). A run that hits them exits 124 (timeout) or dies on allocation
# failure (134/139); the scripts print that.
MEM_LIMIT_GB=${MEM_LIMIT_GB:-12}
TIMEOUT=${TIMEOUT:-1800}
# Command prefix applying them (usable under /usr/bin/time, unlike a function).
LIMITED=(prlimit --as=$((MEM_LIMIT_GB * 1024 * 1024 * 1024)) -- timeout "$TIMEOUT")
explain_rc() { # RC
    case $1 in
        124) echo "racecar hit TIMEOUT=${TIMEOUT}s" ;;
        134|137|139) echo "racecar crashed or ran out of memory (MEM_LIMIT_GB=$MEM_LIMIT_GB)" ;;
        143) echo "racecar was terminated (SIGTERM)" ;;
        *) echo "racecar exited $1" ;;
    esac
}
