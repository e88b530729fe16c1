#!/usr/bin/env bash
# Item 3 (memory): no TU had a memory limit, so one TU needing more memory
# than the machine has took the whole scan down. --tu-memory-limit (default:
# half the physical memory) bounds what each TU holds through operator new:
# past it, the TU fails alone (exit 3, named) and the rest is reported.
. "$(dirname "$0")/lib.sh"
# About 250 MB of AST: 20,000 nested template instantiations.
cat >"$P/big.cpp" <<'SRC'
template <int N> struct Big { int a[N % 7 + 1]; int get() { return a[0] + Big<N - 1>().get(); } };
template <> struct Big<0> { int get() { return 0; } };
int use() { return Big<20000>().get(); }
SRC
write_db "${GOOD[0]}" "$(db_entry big.cpp -ftemplate-depth=100000)" "${GOOD[1]}"

"$RACECAR" scan -p "$P" --no-cache -j2 --tu-memory-limit=64 -o "$WORK/out.txt" 2>"$WORK/err"
rc=$?
check "exit 3 (got $rc)" test $rc -eq 3
check "the TU is named, with the limit" grep -q "gave up on '$P/big.cpp': it needed more than 64 MiB (--tu-memory-limit)" "$WORK/err"
check "the summary counts it" grep -q '1 could not be analysed (big.cpp)' "$WORK/err"
check "the other TUs are reported" intact "$WORK/out.txt"
check "nothing after the summary line" test "$(tail -1 "$WORK/err")" = "2 races reported in 3 translation units; 1 could not be analysed (big.cpp)."
# With the default limit the same TU is analysed.
"$RACECAR" scan -p "$P" --no-cache -o "$WORK/default.txt" 2>"$WORK/default.err"
check "default limit: exit 1, nothing failed" test $? -eq 1
check "default limit: the other TUs are reported" intact "$WORK/default.txt"
check "--tu-memory-limit is documented" bash -c "'$RACECAR' scan --help | grep -q -- --tu-memory-limit"
finish
