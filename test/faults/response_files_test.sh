#!/usr/bin/env bash
# Issue 28 items 4 and 5: response files named by the compile database. A
# FIFO given as `@fifo` hung the scan (and `racecar ninja`) before any TU
# started, and `@/dev/zero` aborted out of memory; now such an entry fails
# with a message naming the file and the rest of the scan goes on (exit 3).
# The warm launcher ignored response files: after an edit to flags.rsp it
# replayed the old answer; the response files are now inputs of the record.
. "$(dirname "$0")/lib.sh"
write_meter # gamma.cpp: Meter races only with -DMETER_UNLOCKED
mkfifo "$P/flags.fifo"
run() { # $1: output; the rest: racecar arguments. Bounded: a hang fails.
  local out=$1
  shift
  (ulimit -v 6000000; cd "$P" && timeout 60 "$RACECAR" "$@" >"$out" 2>"$out.err")
}
write_db "${GOOD[@]}" "$(db_entry gamma.cpp @flags.fifo)"
run "$WORK/fifo.txt" scan -p . --no-cache
rc=$?
check "@fifo: the scan ends, partial (exit $rc)" test $rc -eq 3
check "@fifo: the good TUs' races" intact "$WORK/fifo.txt"
check "@fifo: the entry's failure names the file" grep -q "flags.fifo" "$WORK/fifo.txt.err"
run "$WORK/ninja.txt" ninja -p . -o "$WORK/build.ninja"
rc=$?
check "@fifo: racecar ninja ends (exit $rc)" test $rc -le 3

write_db "${GOOD[@]}" "$(db_entry gamma.cpp @/dev/zero)"
run "$WORK/zero.txt" scan -p . --no-cache
rc=$?
check "@/dev/zero: the scan ends, partial (exit $rc)" test $rc -eq 3
check "@/dev/zero: the good TUs' races" intact "$WORK/zero.txt"

# A regular response file: its flags count, and an edit is seen by the
# cached scan and the warm launcher.
echo "-DMETER_LOCKED" >"$P/flags.rsp"
write_db "${GOOD[@]}" "$(db_entry gamma.cpp @flags.rsp)"
C=$WORK/cache
run "$WORK/rsp1.txt" scan -p . --cache-dir "$C" -o "$WORK/out.txt"
cp "$WORK/out.txt" "$WORK/rsp1.out"
run "$WORK/rsp2.txt" scan -p . --cache-dir "$C" -o "$WORK/out.txt"
check "response file: Meter is safe" test -z "$(grep "Meter::add" "$WORK/rsp1.out")"
check "response file: replayed the same" cmp -s "$WORK/rsp1.out" "$WORK/out.txt"
echo "-DMETER_UNLOCKED" >"$P/flags.rsp"
run "$WORK/rsp3.txt" scan -p . --cache-dir "$C" -o "$WORK/out.txt"
check "response file edited: the race is seen" grep -q "Meter::add" "$WORK/out.txt"
finish
