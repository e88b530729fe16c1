#!/usr/bin/env bash
# The options a build farm's actions use (issue 15, integrations/bazel/):
# --relative-paths makes the map step's output independent of where it runs
# (two checkouts at different paths give the same .rcs bytes, and the merged
# SARIF names no absolute path); the merge of those equals a scan with the
# same option; --exit-zero, --text-report, --compiler and @response files.
# Usage: build_actions_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
SRC=$(cd "$(dirname "$0")/project" && pwd)
mkdir -p "$WORK/one/deep/checkout" "$WORK/two" "$WORK/out"
cp -r "$SRC" "$WORK/one/deep/checkout/p"
cp -r "$SRC" "$WORK/two/p"
FLAGS=(-std=c++17 -Ip)

# summarize <checkout dir> <file> <out> [options...]: a build action's view,
# run in the checkout with a relative source path and relative flags.
summarize() {
  local dir=$1 file=$2 out=$3
  shift 3
  (cd "$dir" && "$R" summarize --relative-paths "$@" "$file" -o "$out" -- "${FLAGS[@]}")
}

# --- the map step's bytes do not depend on the checkout's path ---------------
for f in post balance audit; do
  summarize "$WORK/one/deep/checkout" "p/$f.cpp" "$WORK/out/one-$f.rcs"
  summarize "$WORK/two" "p/$f.cpp" "$WORK/out/two-$f.rcs"
  check "$f.rcs: same bytes from two checkouts" cmp "$WORK/out/one-$f.rcs" "$WORK/out/two-$f.rcs"
done
# A static function's symbol names its file (by path, relative to the
# checkout with the option): still the same bytes.
for d in "$WORK/one/deep/checkout" "$WORK/two"; do
  mkdir -p "$d/c"
  printf 'static int twice(int x) { return 2 * x; }\nint g;\nvoid bump(void) { g = twice(g); }\n' >"$d/c/static_fn.c"
  (cd "$d" && "$R" summarize --relative-paths c/static_fn.c -o "$d/c/static_fn.rcs" -- -std=c11)
done
check "static function: same bytes from two checkouts" \
  cmp "$WORK/one/deep/checkout/c/static_fn.rcs" "$WORK/two/c/static_fn.rcs"
# Without the option the paths (and bytes) differ: the check above can fail.
(cd "$WORK/one/deep/checkout" && "$R" summarize p/post.cpp -o "$WORK/out/abs1.rcs" -- "${FLAGS[@]}")
(cd "$WORK/two" && "$R" summarize p/post.cpp -o "$WORK/out/abs2.rcs" -- "${FLAGS[@]}")
check "without --relative-paths the outputs differ" test -n "$(cmp "$WORK/out/abs1.rcs" "$WORK/out/abs2.rcs" 2>&1)"
check "the depfile names the header relative to the checkout" \
  grep -qx '  p/ledger.h' "$WORK/out/one-post.rcs.d"

# --- merge in the checkout == scan --relative-paths in the checkout ------------
(cd "$WORK/two" && "$R" merge --quiet --format=sarif -o "$WORK/out/merged.sarif" \
   --text-report "$WORK/out/merged.txt" "$WORK"/out/two-*.rcs)
check "merge with races exits 1" test $? -eq 1
check "relative URIs under SRCROOT" grep -q '"uri": "p/ledger.h",' "$WORK/out/merged.sarif"
check "no absolute path, no originalUriBaseIds" \
  test -z "$(grep -e "$WORK" -e originalUriBaseIds "$WORK/out/merged.sarif")"
(cd "$WORK/two" && "$R" scan --no-cache --quiet --relative-paths p/post.cpp p/balance.cpp p/audit.cpp \
   --format=sarif -o "$WORK/out/scan.sarif" -- "${FLAGS[@]}")
check "scan --relative-paths == merge of the actions' outputs (bytes)" \
  cmp "$WORK/out/scan.sarif" "$WORK/out/merged.sarif"
(cd "$WORK/two" && "$R" merge --quiet -o "$WORK/out/merged-text.txt" "$WORK"/out/two-*.rcs)
check "--text-report == --format=text" cmp "$WORK/out/merged.txt" "$WORK/out/merged-text.txt"
check "the text report reads the relative sources (snippets)" \
  grep -q '^    4 | long Ledger::balance() const { return balance_; }' "$WORK/out/merged.txt"
# A second scan reuses the cached reports of the relative scan, and a scan
# without the option does not get them.
C=$WORK/cache
(cd "$WORK/two" && "$R" scan --cache-dir "$C" --quiet --relative-paths p/post.cpp p/balance.cpp p/audit.cpp \
   --format=sarif -o "$WORK/out/rel1.sarif" -- "${FLAGS[@]}")
(cd "$WORK/two" && "$R" scan --cache-dir "$C" --quiet p/post.cpp p/balance.cpp p/audit.cpp \
   --format=sarif -o "$WORK/out/abs.sarif" -- "${FLAGS[@]}")
check "a cached scan without --relative-paths names absolute paths" \
  grep -q "\"uri\": \"file://$WORK/two/p/ledger.h\"" "$WORK/out/abs.sarif"
(cd "$WORK/two" && "$R" scan --cache-dir "$C" --quiet --relative-paths p/post.cpp p/balance.cpp p/audit.cpp \
   --format=sarif -o "$WORK/out/rel2.sarif" -- "${FLAGS[@]}")
check "...and a cached relative scan relative ones" cmp "$WORK/out/rel1.sarif" "$WORK/out/rel2.sarif"

# --- --exit-zero: the output was written, whatever it found ------------------
(cd "$WORK/two" && "$R" merge --quiet --exit-zero -o /dev/null "$WORK"/out/two-*.rcs)
check "merge --exit-zero with races exits 0" test $? -eq 0
summarize "$WORK/two" p/broken.cpp "$WORK/out/broken.rcs" 2>/dev/null
check "summarize of a TU that does not parse exits 3" test $? -eq 3
summarize "$WORK/two" p/broken.cpp "$WORK/out/broken.rcs" --exit-zero 2>/dev/null
check "...0 with --exit-zero" test $? -eq 0
(cd "$WORK/two" && "$R" merge --quiet --exit-zero --format=sarif -o "$WORK/out/partial.sarif" \
   "$WORK/out/broken.rcs" "$WORK"/out/two-*.rcs)
check "merge --exit-zero of a partial set exits 0" test $? -eq 0
check "...and the SARIF says the TU was not analysed" \
  grep -q '"executionSuccessful": false' "$WORK/out/partial.sarif"
"$R" merge --exit-zero "$WORK/nowhere.rcs" 2>/dev/null
check "--exit-zero still exits 2 on an error" test $? -eq 2

# --- --compiler and response files -------------------------------------------
summarize "$WORK/two" p/post.cpp "$WORK/out/gxx.rcs" --compiler=/usr/bin/g++
check "--compiler=/usr/bin/g++ exits 0" test $? -eq 0
(cd "$WORK/two" && "$R" summarize -p . --compiler=g++ p/post.cpp -o "$WORK/out/x.rcs" 2>"$WORK/out/x.err")
check "--compiler with -p is a usage error" test $? -eq 2
check "...that says why" grep -q -- '--compiler is for files given with flags' "$WORK/out/x.err"
# Bazel's param files: shell quoting, one argument per line.
cat >"$WORK/out/args" <<EOF
--relative-paths
'-o'
'$WORK/out/at.rcs'
p/post.cpp
--
'-std=c++17'
'-Ip'
'-DQUOTED="a b"'
EOF
(cd "$WORK/two" && "$R" summarize "@$WORK/out/args")
check "summarize @file exits 0" test $? -eq 0
(cd "$WORK/two" && "$R" summarize --relative-paths p/post.cpp -o "$WORK/out/direct.rcs" -- \
   -std=c++17 -Ip '-DQUOTED="a b"')
check "@file == the same arguments given directly" cmp "$WORK/out/at.rcs" "$WORK/out/direct.rcs"

finish
