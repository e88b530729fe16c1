#!/usr/bin/env bash
# The Bazel aspect (integrations/bazel/racecar.bzl) end to end, offline, with
# Debian's bazel-bootstrap (Bazel 4.2.3) on test/bazel/workspace: a library
# with a racy class and a C file, a header-only dependency, a binary that
# starts threads, a header made by a genrule. Checks that
#   - `bazel build //... --aspects=...%racecar_aspect --output_groups=racecar`
#     runs one summarize action per source and one merge per target, and its
#     SARIF and text report are byte-identical to `racecar scan
#     --relative-paths` in the execroot over a compile database made of
#     Bazel's own compile commands (aquery);
#   - the flags reach racecar (races that exist only with the target's copts,
#     local_defines or a dependency's defines are reported) and the merge
#     reads the sources (an inline suppression is honoured);
#   - a second checkout at another path, with its own output base and the
#     same --disk_cache (another machine sharing a cache), runs zero racecar
#     actions and gets the same SARIF;
#   - editing one source re-runs exactly one summarize action plus the merge;
#   - a .racecar.yaml given with the config flag re-runs only the merge.
# Prints the timings. Exit 77 (skipped) when bazel is not installed.
# Usage: aspect_test.sh <racecar binary>
. "$(dirname "$0")/../driver/lib.sh" "$1"
if ! command -v bazel >/dev/null 2>&1; then
  echo "SKIP: bazel is not installed (scripts/install-deps.sh installs Debian's" \
       "bazel-bootstrap); the Bazel aspect was not tested"
  exit 77
fi
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

# Bazel's output bases hold read-only trees, and a server per output base:
# stop the servers, then remove everything.
cleanup() {
  local d
  for d in "$WORK"/m1 "$WORK"/m2; do
    [ -d "$d/out" ] && (cd "$d/ws" && bazel --output_user_root="$d/out" shutdown) >/dev/null 2>&1
  done
  chmod -R u+w "$WORK" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

# One "machine": a checkout of the workspace at $WORK/<name>/ws (the racecar
# checkout as @racecar, the copied racecar binary as @racecar_tool) and its
# own Bazel output root.
checkout() {
  mkdir -p "$WORK/$1"
  cp -r "$HERE/workspace" "$WORK/$1/ws"
  cat >"$WORK/$1/ws/WORKSPACE" <<EOF
workspace(name = "shop")

local_repository(name = "racecar", path = "$ROOT")

load("@racecar//integrations/bazel:repositories.bzl", "racecar_dependencies")

racecar_dependencies()
EOF
}
# bazel_in <machine> <command> [args...]: the user's bazelrc is not read; the
# system one is (Debian's sets the install base and the JDK). The server
# exits by itself if the test is killed before cleanup.
bazel_in() {
  local m=$1
  shift
  (cd "$WORK/$m/ws" && bazel --output_user_root="$WORK/$m/out" --nohome_rc \
     --max_idle_secs=120 --host_jvm_args=-Xmx1g "$@")
}
OFFLINE=(--override_repository=rules_cc="$HERE/offline/rules_cc"
         --override_repository=rules_java="$HERE/offline/rules_java"
         --repo_env=RACECAR="$R")
ASPECT=(--aspects=@racecar//integrations/bazel:racecar.bzl%racecar_aspect
        --output_groups=racecar --disk_cache="$WORK/disk-cache"
        --nosandbox_debug)
# scan <machine> <log> <targets...>: the aspect's build, its execution log in
# $WORK/<log>.log and Bazel's output in $WORK/<log>.out.
scan() {
  local m=$1 log=$2
  shift 2
  bazel_in "$m" build "${OFFLINE[@]}" "${ASPECT[@]}" \
    --execution_log_json_file="$WORK/$log.log" "$@" >"$WORK/$log.out" 2>&1
}
# spawns <log> <mnemonic> <executed|cached>: racecar actions Bazel ran (or
# took from the disk cache), from the JSON execution log (a stream of
# objects; actions the local action cache skipped are not in it).
spawns() {
  python3 - "$WORK/$1.log" "$2" "$3" <<'PY'
import json, sys
text, mnemonic, kind = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
decoder, i, n = json.JSONDecoder(), 0, 0
while True:
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    spawn, i = decoder.raw_decode(text, i)
    if spawn.get("mnemonic") == mnemonic and \
            bool(spawn.get("remoteCacheHit")) == (kind == "cached"):
        n += 1
print(n)
PY
}
now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$1" "$(now)"; }

# --- cold: the whole workspace, fresh output base and disk cache -------------
checkout m1
BIN=$WORK/m1/ws/bazel-bin
t0=$(now)
scan m1 cold //...
check "bazel build //... with the aspect succeeds" test $? -eq 0
cold_time=$(elapsed "$t0")
[ -f "$BIN/app/app.racecar.sarif" ] || { cat "$WORK/cold.out"; }
check "one summarize action per source (3)" test "$(spawns cold RacecarSummarize executed)" -eq 3
check "one merge per target with sources below it (stock, app)" \
  test "$(spawns cold RacecarMerge executed)" -eq 2
check "the binary's SARIF and text report exist" \
  test -s "$BIN/app/app.racecar.sarif" -a -s "$BIN/app/app.racecar.txt"
check "the header-only library has nothing to merge" \
  test ! -e "$BIN/ringbuf/ringbuf.racecar.sarif"
SARIF=$BIN/app/app.racecar.sarif
TEXT=$BIN/app/app.racecar.txt
check "copts reach racecar (Stock::audit has a body only with -DSTOCK_AUDIT=1)" \
  grep -q "unprotected write to \`this->audits_\` in 'shop::Stock::audit'" "$TEXT"
check "a dependency's defines reach racecar (Ring::pushed needs RINGBUF_STATS)" \
  grep -q "read of \`this->head_\` without synchronization in 'ringbuf::Ring::pushed'" "$TEXT"
check "a generated header is an input (Stock::auditCount needs STOCK_VERSION)" \
  grep -q "read of \`this->audits_\` without synchronization in 'shop::Stock::auditCount'" "$TEXT"
check "the C file is analysed (thread race through log_line)" \
  grep -q "in 'log_line' (reached from 'main::lambda@+5:26')" "$TEXT"
check "local_defines reach racecar and the merge reads the source (suppression)" \
  grep -q '"justification": "judged: the first worker resets before the others add"' "$SARIF"
check "no absolute paths in the SARIF or the text report" \
  test -z "$(grep -l -e "$WORK" -e '"uri": "/' -e '"uri": "file:' "$SARIF" "$TEXT")"

# --- the same scan without Bazel -----------------------------------------------
# Bazel's own compile commands for //..., run where Bazel ran them.
bazel_in m1 aquery "${OFFLINE[@]}" 'mnemonic("CppCompile", //...)' \
  --output=jsonproto >"$WORK/aquery.json" 2>"$WORK/aquery.err"
check "aquery lists the compile actions" test $? -eq 0
EXECROOT=$(bazel_in m1 info "${OFFLINE[@]}" execution_root 2>/dev/null)
mkdir -p "$WORK/db"
python3 - "$WORK/aquery.json" "$EXECROOT" >"$WORK/db/compile_commands.json" <<'PY'
import json, sys
actions = json.load(open(sys.argv[1]))["actions"]
db = []
for a in actions:
    args = a["arguments"]
    db.append({"directory": sys.argv[2], "file": args[args.index("-c") + 1],
               "arguments": args})
json.dump(db, sys.stdout, indent=1)
PY
check "the compile database has the 3 sources" \
  test "$(grep -c '"file"' "$WORK/db/compile_commands.json")" -eq 3
t0=$(now)
(cd "$EXECROOT" && "$R" scan -p "$WORK/db" --no-cache --relative-paths --quiet \
   --format=sarif -o "$WORK/scan.sarif" --text-report "$WORK/scan.txt")
check "racecar scan reports the races (exit 1)" test $? -eq 1
scan_time=$(elapsed "$t0")
check "aspect SARIF == racecar scan SARIF (bytes)" cmp "$SARIF" "$WORK/scan.sarif"
check "aspect text report == racecar scan text report" cmp "$TEXT" "$WORK/scan.txt"
(cd "$EXECROOT" && "$R" scan -p "$WORK/db" --no-cache --relative-paths --quiet \
   --format=sarif -o "$WORK/stock.sarif" stock/log.c stock/stock.cc)
check "the library's SARIF == a scan of its own sources" \
  cmp "$BIN/stock/stock.racecar.sarif" "$WORK/stock.sarif"

# --- another machine: other path, other output base, same disk cache ---------
checkout m2
t0=$(now)
scan m2 warm //...
check "the second checkout builds" test $? -eq 0
warm_time=$(elapsed "$t0")
check "it runs no summarize action" test "$(spawns warm RacecarSummarize executed)" -eq 0
check "it runs no merge action" test "$(spawns warm RacecarMerge executed)" -eq 0
check "every racecar action is a disk cache hit (5)" \
  test $(($(spawns warm RacecarSummarize cached) + $(spawns warm RacecarMerge cached))) -eq 5
check "its SARIF is byte-identical" cmp "$SARIF" "$WORK/m2/ws/bazel-bin/app/app.racecar.sarif"

# --- one source edited: one summarize + the merge ----------------------------
cp "$SARIF" "$WORK/before.sarif"
sed -i 's|^namespace shop {$|// edited\nnamespace shop {|' "$WORK/m1/ws/stock/stock.cc"
t0=$(now)
scan m1 edit //app:app
check "the edited build succeeds" test $? -eq 0
edit_time=$(elapsed "$t0")
check "exactly one summarize action re-runs" \
  test "$(spawns edit RacecarSummarize executed)" -eq 1
check "...plus the merge" test "$(spawns edit RacecarMerge executed)" -eq 1
check "the report follows the edit (Stock::total's read moved to line 13)" \
  grep -q "stock/stock.cc:13:35: warning: read of \`this->total_\`" "$TEXT"
check "...and the SARIF changed" test -n "$(cmp "$WORK/before.sarif" "$SARIF" 2>&1)"

# --- the project's .racecar.yaml through the config flag: only the merge -----
scan m1 config //app:app --@racecar//integrations/bazel:config=//:.racecar.yaml
check "the build with a config succeeds" test $? -eq 0
check "a config re-runs no summarize action" test "$(spawns config RacecarSummarize executed)" -eq 0
check "...only the merge" test "$(spawns config RacecarMerge executed)" -eq 1
check "the config is applied (no read/write race left)" \
  test -z "$(grep '\[racecar-read-write-race\]' "$TEXT")"
(cd "$EXECROOT" && "$R" scan -p "$WORK/db" --no-cache --relative-paths --quiet \
   --config "$WORK/m1/ws/.racecar.yaml" --format=sarif -o "$WORK/config.sarif")
check "...as racecar scan --config applies it" cmp "$SARIF" "$WORK/config.sarif"

# Bazel's own view of each build (after its server started).
bazel_says() { grep -o 'Elapsed time: [0-9.]*s, Critical Path: [0-9.]*s' "$WORK/$1.out"; }
echo "timings: cold aspect build ${cold_time}s (Bazel server start, analysis," \
     "3 summarize + 2 merge actions; Bazel: $(bazel_says cold)); racecar scan" \
     "${scan_time}s; second checkout with the disk cache ${warm_time}s (new" \
     "server; Bazel: $(bazel_says warm)); one-file edit ${edit_time}s" \
     "(Bazel: $(bazel_says edit))"
finish
