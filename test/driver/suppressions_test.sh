#!/usr/bin/env bash
# Inline suppressions end to end: a fully suppressed scan exits 0, SARIF keeps
# the results with suppressions[kind=inSource, justification], JSON marks
# them, the summary counts them, --report-unused-suppressions lists stale ones.
# Usage: suppressions_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"

cat > "$WORK/a.cpp" <<'CPP'
#include <mutex>
class Stats {
public:
  void add() { std::lock_guard<std::mutex> g(mu_); ++hits_; }
  void approx() {
    ++hits_; // racecar: ignore -- approximate counter
  }
  long zero() const { return 0; } // racecar: ignore -- stale
private:
  std::mutex mu_;
  long hits_ = 0;
};
CPP
scan() { "$R" scan "$WORK/a.cpp" "$@" -- -std=c++17; }

scan > "$WORK/out.txt" 2> "$WORK/err.txt"
check "every race suppressed: exit 0" test $? -eq 0
check "nothing in the text" bash -c "! grep -q 'warning:' '$WORK/out.txt'"
check "the summary counts them" grep -q "0 races reported in 1 translation unit (1 suppressed in the source)" "$WORK/err.txt"

scan --format=sarif -o "$WORK/r.sarif" 2>/dev/null
check "SARIF keeps the result with an inSource suppression" python3 - "$WORK/r.sarif" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
assert len(res) == 1, res
assert res[0]["suppressions"] == [{"kind": "inSource", "justification": "approximate counter"}], res[0]
PY
scan --format=json -o "$WORK/r.json" 2>/dev/null
check "JSON marks it" python3 - "$WORK/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["reports"][0]
assert r["suppressed"] is True and r["suppressionJustification"] == "approximate counter", r
PY

scan --report-unused-suppressions -o /dev/null 2> "$WORK/err.txt"
check "a stale suppression is listed" grep -q "a.cpp:8: warning: racecar suppression silences no report: long zero() const { return 0; } // racecar: ignore -- stale" "$WORK/err.txt"

sed -i 's| // racecar: ignore -- approximate counter||' "$WORK/a.cpp"
scan > /dev/null 2>&1
check "without the comment: exit 1" test $? -eq 1

finish
