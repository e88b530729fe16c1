#!/usr/bin/env bash
# Item 6: a Clang crash in one TU (`#pragma clang __debug crash`) left the
# crashed thread's state behind (with -ftime-report in its flags, a timer
# still registered that printed at exit; hangs and segfaults at exit were
# seen on larger scans). The TU fails alone, named; the process exits 3 at
# once, without running static destructors.
. "$(dirname "$0")/lib.sh"

printf 'int crashed;\n#pragma clang __debug crash\n' >"$P/crash.cpp"
write_db "${GOOD[0]}" "$(db_entry crash.cpp -ftime-report)" "${GOOD[1]}"
for run in 1 2 3; do
  timeout 60 "$RACECAR" scan -p "$P" --no-cache -j2 -o "$WORK/out$run.txt" 2>"$WORK/err$run"
  rc=$?
  check "run $run: exit 3 (got $rc)" test $rc -eq 3
  check "run $run: the TU is named" grep -q "crashed while analyzing '$P/crash.cpp'" "$WORK/err$run"
  check "run $run: nothing printed after the summary line" test "$(tail -1 "$WORK/err$run")" = "2 races reported in 3 translation units; 1 could not be analysed (crash.cpp)."
  check "run $run: the other TUs are reported" intact "$WORK/out$run.txt"
done
# The crash is not cached: the next scan tries the TU again.
C=$WORK/cache
"$RACECAR" scan -p "$P" --cache-dir "$C" -o /dev/null 2>/dev/null
"$RACECAR" scan -p "$P" --cache-dir "$C" -o "$WORK/again.txt" 2>"$WORK/again.err"
check "cached scan: still exit 3" test $? -eq 3
check "cached scan: the TU is named again" grep -q "crash.cpp" "$WORK/again.err"
check "cached scan: the other TUs are reported" intact "$WORK/again.txt"
finish
