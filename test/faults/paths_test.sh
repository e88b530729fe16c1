#!/usr/bin/env bash
# Item 13: a relative "directory" was resolved against racecar's working
# directory instead of the database's; a file with two entries with
# different flags kept the first silently. Item 14: `racecar ninja` did not
# escape '$', ':' or spaces, so its Ninja file failed on such paths.
. "$(dirname "$0")/lib.sh"

# Relative directory: the database says "directory": "." and relative files.
printf '[{"directory": ".", "file": "alpha.cpp", "arguments": ["clang++", "-std=c++17", "-c", "alpha.cpp"]},
 {"directory": "sub/..", "file": "beta.cpp", "arguments": ["clang++", "-std=c++17", "-c", "beta.cpp"]}]\n' >"$P/compile_commands.json"
mkdir -p "$P/sub" "$WORK/elsewhere"
(cd "$WORK/elsewhere" && "$RACECAR" scan -p "$P" --no-cache -o "$WORK/rel.txt" 2>"$WORK/rel.err")
rc=$?
check "relative directory: exit 1, from another cwd (got $rc)" test $rc -eq 1
check "relative directory: both TUs reported" intact "$WORK/rel.txt"

# Duplicate entries: same flags silently once, different flags warned.
write_db "${GOOD[@]}" "$(db_entry alpha.cpp)" "$(db_entry beta.cpp -DOTHER)"
"$RACECAR" scan -p "$P" --no-cache -o "$WORK/dup.txt" 2>"$WORK/dup.err"
check "duplicates: exit 1" test $? -eq 1
check "duplicates: analysed once" grep -q 'in 2 translation units' "$WORK/dup.err"
check "duplicates: different flags warned, saying which entry" grep -q "warning: '$P/beta.cpp' has several entries with different commands in '$P/compile_commands.json'; analysing entry 2, ignoring entry 4" "$WORK/dup.err"
check "duplicates: identical entries not warned" test -z "$(grep "alpha.cpp' has several" "$WORK/dup.err")"
check "duplicates: the TUs are reported" intact "$WORK/dup.txt"

# Ninja with '$', ':' and spaces in every path.
command -v ninja >/dev/null || { echo "ninja not installed: skipped"; finish; exit $?; }
Q="$WORK/my \$dir:x"
mkdir -p "$Q"
cp "$P/alpha.cpp" "$Q/al pha.cpp"
cp "$P/beta.cpp" "$Q/be\$ta:1.cpp"
printf '#pragma once\nstruct H { int h; };\n' >"$Q/h d.h"
sed -i '1i #include "h d.h"' "$Q/al pha.cpp"
python3 - "$Q" <<'PY' >"$Q/compile_commands.json"
import json, sys
q = sys.argv[1]
print(json.dumps([{"directory": q, "file": f"{q}/{f}",
                   "arguments": ["clang++", "-std=c++17", "-c", f"{q}/{f}"]}
                  for f in ["al pha.cpp", "be$ta:1.cpp"]]))
PY
"$RACECAR" scan -p "$Q" --no-cache --quiet -o "$WORK/q-scan.txt"
check "odd paths: scan exit 1" test $? -eq 1
(cd "$Q" && "$RACECAR" ninja -p "$Q" -o "r a\$c:e.ninja" --format=text --report "races \$1:2.txt")
check "odd paths: racecar ninja exit 0" test $? -eq 0
(cd "$Q" && ninja -f "r a\$c:e.ninja" >"$WORK/ninja.log" 2>&1)
check "odd paths: ninja builds it" test $? -eq 0
check "odd paths: ninja's report == scan" cmp -s "$WORK/q-scan.txt" "$Q/races \$1:2.txt"
(cd "$Q" && ninja -f "r a\$c:e.ninja" -n | grep -c 'racecar summarize' >"$WORK/noop")
check "odd paths: a second run does nothing (depfiles read)" test "$(cat "$WORK/noop")" -eq 0
echo '// touched' >>"$Q/h d.h"
(cd "$Q" && ninja -f "r a\$c:e.ninja" -n | grep -c 'racecar summarize' >"$WORK/rerun")
check "odd paths: a header edit re-runs its TU only" test "$(cat "$WORK/rerun")" -eq 1
[ $failed -eq 0 ] || tail -5 "$WORK/ninja.log"
finish
