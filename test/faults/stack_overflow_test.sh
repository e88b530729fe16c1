#!/usr/bin/env bash
# Item 2: deep recursion in one TU (one expression of 100,000 `+` terms,
# 20,000 nested parentheses) used to overflow the stack and kill the whole
# scan with SIGSEGV. Each TU now runs on a thread with a large stack, under
# crash recovery with an alternate signal stack: the deep TUs are analysed,
# and a TU that still overflows its stack fails alone (exit 3, named).
. "$(dirname "$0")/lib.sh"

python3 -c "print('int g; void sum() { g = ' + '+'.join(['g'] * 100000) + '; }')" >"$P/plus.cpp"
python3 -c "print('int init = ' + '+'.join(['1'] * 100000) + ';')" >"$P/plusinit.cpp"
python3 -c "print('int paren(int a) { return ' + '(' * 20000 + 'a' + ')' * 20000 + '; }')" >"$P/paren.cpp"
write_db "${GOOD[@]}" "$(db_entry plus.cpp)" "$(db_entry plusinit.cpp)" \
  "$(db_entry paren.cpp -fbracket-depth=1000000)"

"$RACECAR" scan -p "$P" --no-cache -o "$WORK/out.txt" 2>"$WORK/err"
rc=$?
check "deep TUs are analysed: exit 1, races only (got $rc)" test $rc -eq 1
check "deep TUs: no TU failed" grep -q '^2 races reported in 5 translation units\.$' "$WORK/err"
check "deep TUs: the good TUs are reported" intact "$WORK/out.txt"

# A stack too small for them (the hidden --tu-stack-mib): they overflow it,
# and fail alone.
"$RACECAR" scan -p "$P" --no-cache --tu-stack-mib=8 -o "$WORK/small.txt" 2>"$WORK/small.err"
rc=$?
check "overflow: exit 3 (got $rc)" test $rc -eq 3
check "overflow: the TU is named" grep -q "crashed while analyzing '$P/plus.cpp' (a Clang crash or a stack overflow)" "$WORK/small.err"
check "overflow: the summary counts it" grep -q 'could not be analysed' "$WORK/small.err"
check "overflow: the other TUs are reported" intact "$WORK/small.txt"

# Where the system refuses a 1 GiB stack per TU (strict overcommit, ulimit
# -v), smaller stacks are used instead of failing the scan.
write_db "${GOOD[@]}"
(ulimit -v 1800000 && "$RACECAR" scan -p "$P" --no-cache -j2 -o "$WORK/ulimit.txt" 2>"$WORK/ulimit.err")
rc=$?
check "ulimit -v 1.8 GB, -j2: exit 1 (got $rc)" test $rc -eq 1
check "ulimit -v 1.8 GB, -j2: both TUs reported" intact "$WORK/ulimit.txt"
finish
