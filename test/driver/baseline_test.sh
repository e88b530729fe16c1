#!/usr/bin/env bash
# --baseline: only reports whose fingerprint is not in an earlier SARIF are
# shown and counted for the exit status; fingerprints survive moved lines;
# the summary says how many were known and how many are gone.
# Usage: baseline_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
write() { # extra lines at the top, then the class; $2: with the new race
  {
    for ((i = 0; i < $1; i++)); do echo "// moved"; done
    cat <<'CPP'
#include <mutex>
class Stats {
public:
  void add() { std::lock_guard<std::mutex> g(mu_); ++hits_; ++misses_; }
  void approx() { ++hits_; }
  long hits() const { return hits_; }
CPP
    [ "$2" = yes ] && echo '  long misses() const { return misses_; }'
    cat <<'CPP'
private:
  std::mutex mu_;
  long hits_ = 0, misses_ = 0;
};
CPP
  } > "$WORK/a.cpp"
}
scan() { "$R" scan "$WORK/a.cpp" "$@" -- -std=c++17; }

write 0 no
scan --format=sarif -o "$WORK/night.sarif" 2>/dev/null
check "last night: races reported" test $? -eq 1

write 5 no # the same code, moved down 5 lines
scan --baseline "$WORK/night.sarif" > "$WORK/out.txt" 2> "$WORK/err.txt"
check "moved lines: nothing new, exit 0" test $? -eq 0
check "moved lines: summary" grep -q "0 races reported in 1 translation unit (baseline: 0 new, 2 already known, 0 gone)" "$WORK/err.txt"
check "moved lines: no warning printed" bash -c "! grep -q 'warning:' '$WORK/out.txt'"

write 3 yes # and a new race
scan --baseline "$WORK/night.sarif" --no-source > "$WORK/out.txt" 2> "$WORK/err.txt"
check "a new race: exit 1" test $? -eq 1
check "only the new race is printed" bash -c \
  "[ \$(grep -c 'warning:' '$WORK/out.txt') -eq 1 ] && grep -q 'misses_' '$WORK/out.txt'"
check "a new race: summary" grep -q "1 race reported in 1 translation unit (baseline: 1 new, 2 already known, 0 gone)" "$WORK/err.txt"
scan --baseline "$WORK/night.sarif" --format=sarif -o "$WORK/new.sarif" 2>/dev/null
check "SARIF keeps known results with baselineState" python3 - "$WORK/new.sarif" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
states = sorted(r["baselineState"] for r in res)
assert states == ["new", "unchanged", "unchanged"], states
PY

sed -i 's/  void approx() { ++hits_; }/  void approx() { std::lock_guard<std::mutex> g(mu_); ++hits_; }/' "$WORK/a.cpp"
scan --baseline "$WORK/night.sarif" -o /dev/null 2> "$WORK/err.txt"
check "a fixed race is counted as gone" grep -q "(baseline: 1 new, 1 already known, 1 gone)" "$WORK/err.txt"

scan --baseline "$WORK/missing.sarif" -o /dev/null 2> "$WORK/err.txt"
check "a missing baseline is a usage error" test $? -eq 2
check "and says which file" grep -q "baseline '$WORK/missing.sarif'" "$WORK/err.txt"
finish
