#!/usr/bin/env bash
# Item 3: a TU that never finishes (`#pragma clang __debug overflow_stack`
# loops forever once optimised into a tail call; a slow constexpr
# evaluation) hung the scan with no output. --tu-timeout (default 600 s)
# gives up on it: it fails alone (exit 3, named), the rest is reported, and
# the process exits at once although the abandoned thread still runs.
. "$(dirname "$0")/lib.sh"

printf 'int looping;\n#pragma clang __debug overflow_stack\n' >"$P/loop.cpp"
cat >"$P/slow.cpp" <<'SRC'
constexpr unsigned long long spin(unsigned long long n) {
  unsigned long long s = 0;
  for (unsigned long long i = 0; i < n; ++i)
    for (unsigned long long j = 0; j < n; ++j)
      s += i ^ j;
  return s;
}
constexpr unsigned long long slow = spin(1ull << 40);
SRC
write_db "${GOOD[0]}" "$(db_entry loop.cpp)" \
  "$(db_entry slow.cpp -fconstexpr-steps=2147483647)" "${GOOD[1]}"
start=$(date +%s)
timeout 60 "$RACECAR" scan -p "$P" --no-cache -j2 --tu-timeout=3 -o "$WORK/out.txt" 2>"$WORK/err"
rc=$?
took=$(($(date +%s) - start))
check "exit 3 (got $rc)" test $rc -eq 3
check "done soon after the limit (took ${took}s)" test $took -le 20
check "the looping TU is named" grep -q "gave up on '$P/loop.cpp' after 3 s (--tu-timeout)" "$WORK/err"
check "the slow constexpr TU is named" grep -q "gave up on '$P/slow.cpp' after 3 s" "$WORK/err"
check "the summary counts both" grep -q '2 could not be analysed' "$WORK/err"
check "the other TUs are reported" intact "$WORK/out.txt"
check "--tu-timeout is documented" bash -c "'$RACECAR' scan --help | grep -q -- --tu-timeout"
finish
