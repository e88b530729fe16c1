#!/usr/bin/env bash
# Prepare the real-codebase benchmark corpora for racecar.
#
#   perf/corpus/prepare.sh [NAME...]      # default: leveldb memcached redis rocksdb
#                                         # optional: fio (by name only)
#
# For each corpus, in ${RACECAR_CORPUS_DIR:-$HOME/.cache/racecar-corpus}/NAME/:
#   1. `apt-get source PKG` (Debian bookworm, patches applied), unless already unpacked;
#   2. installs the -dev packages needed to configure and parse it (and bear);
#   3. runs the project's own configure step to get compile_commands.json:
#        leveldb, rocksdb: cmake configure only (no build: every generated
#                          header is written at configure time);
#        memcached, redis: ./configure (memcached) then `bear -- make -j2`
#                          (a real build of the server binary only);
#        fio:              ./configure then `bear -- make -j2 fio`.
#   4. writes NAME/corpus.env (SRC, DB_DIR, VERSION) for the bench scripts.
# For rocksdb it also writes a compile DB reduced to perf/corpus/rocksdb-subset.txt,
# available to the bench scripts as the pseudo-corpus "rocksdb-subset".
#
# Idempotent: a second run reuses the unpacked sources and an existing
# compile DB from bear (set FORCE=1 to rebuild it); cmake configure is re-run
# (cheap). One failing corpus does not stop the others; the exit status is
# non-zero if any failed. Needs root (apt-get) unless the packages are present.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

FORCE=${FORCE:-0}
APT_UPDATED=0

apt_install() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "apt-get install ${missing[*]}"
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; then
        if [ $APT_UPDATED = 0 ]; then
            apt-get update -q >/dev/null && APT_UPDATED=1
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
        else
            return 1
        fi
    fi
}

# fetch_source NAME PKG: sets SRC to the unpacked source dir.
fetch_source() {
    local name=$1 pkg=$2 dir=$CORPUS_DIR/$1
    mkdir -p "$dir"
    SRC=$(ls -d "$dir/$pkg"-*/debian 2>/dev/null | sort -V | tail -n1)
    if [ -z "$SRC" ]; then
        apt_install dpkg-dev || return 1
        log "$name: apt-get source $pkg"
        if ! (cd "$dir" && apt-get source -q "$pkg" >/dev/null 2>"$dir/apt-source.log"); then
            apt-get update -q >/dev/null && APT_UPDATED=1
            (cd "$dir" && apt-get source -q "$pkg" >/dev/null 2>"$dir/apt-source.log") || {
                cat "$dir/apt-source.log" >&2; return 1; }
        fi
        SRC=$(ls -d "$dir/$pkg"-*/debian 2>/dev/null | sort -V | tail -n1)
        [ -n "$SRC" ] || { echo "$name: no unpacked $pkg-* dir after apt-get source" >&2; return 1; }
    fi
    SRC=$(dirname "$SRC")
    VERSION=$(dpkg-parsechangelog -l "$SRC/debian/changelog" -S Version 2>/dev/null || basename "$SRC")
}

write_env() { # NAME PKG SRC DB_DIR VERSION
    cat > "$CORPUS_DIR/$1/corpus.env" <<EOF
NAME=$1
PKG=$2
SRC=$3
DB_DIR=$4
VERSION=$5
EOF
}

run_logged() { # LOGFILE CMD...: run, show the tail of the log on failure
    local logf=$1; shift
    if ! "$@" >"$logf" 2>&1; then
        echo "command failed: $* (log: $logf)" >&2
        tail -n 30 "$logf" >&2
        return 1
    fi
}

# ---------------------------------------------------------------- corpora ---

prep_leveldb() {
    fetch_source leveldb leveldb || return 1
    apt_install cmake g++ libsnappy-dev || return 1
    # Library only: the unit tests and benchmarks need googletest/benchmark
    # sources that Debian strips from third_party/. port_config.h is generated
    # at configure time, so no build is needed.
    run_logged "$CORPUS_DIR/leveldb/configure.log" \
        cmake -S "$SRC" -B "$SRC/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
        -DCMAKE_BUILD_TYPE=Release -DLEVELDB_BUILD_TESTS=OFF \
        -DLEVELDB_BUILD_BENCHMARKS=OFF -DLEVELDB_INSTALL=OFF || return 1
    write_env leveldb leveldb "$SRC" "$SRC/build" "$VERSION"
}

prep_memcached() {
    fetch_source memcached memcached || return 1
    apt_install gcc make bear pkg-config libevent-dev libsasl2-dev libssl-dev || return 1
    local db=$SRC/compile_commands.json
    if [ "$FORCE" = 1 ] || [ ! -s "$db" ] || ! grep -q '"file"' "$db"; then
        # Same options as debian/rules.
        if [ "$FORCE" = 1 ] || [ ! -f "$SRC/config.status" ]; then
            (cd "$SRC" && run_logged "$CORPUS_DIR/memcached/configure.log" \
                ./configure --enable-sasl --enable-tls) || return 1
        fi
        # Only the server: `make all` also builds memcached-debug from the
        # same sources (every TU twice in the DB), plus testapp/timedrun/sizes.
        (cd "$SRC" && make clean >/dev/null 2>&1; rm -f compile_commands.json
         run_logged "$CORPUS_DIR/memcached/build.log" bear -- make -j2 memcached) || return 1
    fi
    write_env memcached memcached "$SRC" "$SRC" "$VERSION"
}

prep_redis() {
    fetch_source redis redis || return 1
    apt_install gcc make bear pkg-config libssl-dev libsystemd-dev libjemalloc-dev || return 1
    local db=$SRC/compile_commands.json
    if [ "$FORCE" = 1 ] || [ ! -s "$db" ] || ! grep -q '"file"' "$db"; then
        # Same make variables as debian/rules (system jemalloc, TLS, systemd);
        # bundled deps (hiredis, lua, linenoise, hdr_histogram) are built too
        # and are part of the DB, as they are part of the program.
        (cd "$SRC" && make distclean >/dev/null 2>&1; rm -f compile_commands.json
         run_logged "$CORPUS_DIR/redis/build.log" bear -- make -j2 V=1 \
            BUILD_TLS=yes USE_SYSTEMD=yes USE_SYSTEM_JEMALLOC=yes USE_JEMALLOC=yes) || return 1
    fi
    write_env redis redis "$SRC" "$SRC" "$VERSION"
}

prep_rocksdb() {
    fetch_source rocksdb rocksdb || return 1
    apt_install cmake g++ libsnappy-dev libbz2-dev zlib1g-dev liblz4-dev libzstd-dev || return 1
    # The library (what librocksdb ships), with the compression libraries that
    # debian/rules enables; no tests/tools/benchmarks (they need gflags and the
    # bundled gtest), static only (the shared build would list every TU twice).
    # build_version.cc is generated at configure time.
    run_logged "$CORPUS_DIR/rocksdb/configure.log" \
        cmake -S "$SRC" -B "$SRC/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
        -DCMAKE_BUILD_TYPE=Release -DPORTABLE=ON -DFAIL_ON_WARNINGS=OFF \
        -DWITH_SNAPPY=ON -DWITH_LZ4=ON -DWITH_ZLIB=ON -DWITH_ZSTD=ON -DWITH_BZ2=ON \
        -DWITH_GFLAGS=OFF -DWITH_LIBURING=OFF -DWITH_JEMALLOC=OFF \
        -DROCKSDB_BUILD_SHARED=OFF -DWITH_TESTS=OFF -DWITH_ALL_TESTS=OFF \
        -DWITH_BENCHMARK_TOOLS=OFF -DWITH_CORE_TOOLS=OFF -DWITH_TOOLS=OFF \
        -DWITH_TRACE_TOOLS=OFF -DWITH_EXAMPLES=OFF -DWITH_BENCHMARK=OFF || return 1
    write_env rocksdb rocksdb "$SRC" "$SRC/build" "$VERSION"

    # The fixed ~100-TU subset for routine runs (see rocksdb-subset.txt).
    local list=$CORPUS_SCRIPT_DIR/rocksdb-subset.txt sub=$CORPUS_DIR/rocksdb/subset-db
    mkdir -p "$sub"
    python3 - "$SRC" "$SRC/build/compile_commands.json" "$list" "$sub/compile_commands.json" <<'EOF' || return 1
import json, os, sys
src, db, lst, out = sys.argv[1:]
want = [l.strip() for l in open(lst) if l.strip() and not l.startswith("#")]
entries = json.load(open(db))
by_rel = {}
for e in entries:
    f = e["file"] if os.path.isabs(e["file"]) else os.path.join(e["directory"], e["file"])
    by_rel.setdefault(os.path.relpath(os.path.normpath(f), src), e)
missing = [w for w in want if w not in by_rel]
if missing:
    sys.exit("rocksdb-subset.txt lists TUs not in the compile DB: " + " ".join(missing))
json.dump([by_rel[w] for w in want], open(out, "w"), indent=1)
EOF
    mkdir -p "$CORPUS_DIR/rocksdb-subset"
    write_env rocksdb-subset rocksdb "$SRC" "$sub" "$VERSION"
}

prep_fio() {
    # Optional (not in the default list): a full `bear -- make` of fio takes
    # about 3 minutes on 2 cores. fio starts its jobs with fork() by default
    # (threads only with thread=1), which is why it is here: the case of
    # processes that share no memory with their parent.
    fetch_source fio fio || return 1
    apt_install gcc make bear pkg-config zlib1g-dev libaio-dev libnuma-dev || return 1
    local db=$SRC/compile_commands.json
    if [ "$FORCE" = 1 ] || [ ! -s "$db" ] || ! grep -q '"file"' "$db"; then
        # debian/rules' configure minus gfio (GTK) and the engines whose
        # libraries are not installed here (rbd, gluster, rdma, pmem, nbd):
        # configure probes for them and leaves them out.
        (cd "$SRC" && make clean >/dev/null 2>&1; rm -f compile_commands.json
         run_logged "$CORPUS_DIR/fio/configure.log" \
            ./configure --disable-native --prefix=/usr &&
         run_logged "$CORPUS_DIR/fio/build.log" bear -- make -j2 V=1 fio) || return 1
    fi
    write_env fio fio "$SRC" "$SRC" "$VERSION"
}

# ---------------------------------------------------------------- main ---

names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${ALL_CORPORA[@]}")
mkdir -p "$CORPUS_DIR"
failed=()
for n in "${names[@]}"; do
    if ! declare -F "prep_$n" >/dev/null; then
        echo "unknown corpus '$n' (known: ${ALL_CORPORA[*]} ${OPTIONAL_CORPORA[*]})" >&2
        failed+=("$n"); continue
    fi
    log "=== $n"
    if ! "prep_$n"; then
        log "$n: FAILED"
        failed+=("$n")
    fi
done

summarize() { # NAME
    load_corpus "$1" 2>/dev/null || return 1
    local files tus loc
    files=$(db_files "$DB_DIR")
    tus=$(printf '%s\n' "$files" | grep -c .)
    loc=$(printf '%s\n' "$files" | tr '\n' '\0' | xargs -0 cat | wc -l)
    printf '%-15s %-28s %5s %8s  %s\n' "$1" "$PKG $VERSION" "$tus" "$loc" "$SRC"
    printf '%-15s %-28s %5s %8s  %s\n' "" "" "" "" "db: $DB_DIR/compile_commands.json"
}

echo
printf '%-15s %-28s %5s %8s  %s\n' corpus "package version" TUs lines "source dir / compile DB"
for n in "${names[@]}"; do
    case " ${failed[*]} " in *" $n "*) printf '%-15s FAILED\n' "$n"; continue;; esac
    summarize "$n"
    [ "$n" = rocksdb ] && summarize rocksdb-subset
done
echo "(lines: wc -l of the TUs' main files, headers not counted)"

if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}" >&2
    exit 1
fi
