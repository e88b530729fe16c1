#!/usr/bin/env bash
# --confidence end to end: what each level shows, the hidden-count line, the
# exit status (1 only when a shown finding exists), and SARIF/JSON fields.
# Usage: confidence_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"

# Only a low-confidence race: a setter called only from a constructor.
cat > "$WORK/low.cpp" <<'CPP'
#include <mutex>
class Shard {
public:
  void SetCapacity(long c) { capacity_ = c; }
  bool Insert(long n) { std::lock_guard<std::mutex> l(mu_); return n < capacity_; }
private:
  std::mutex mu_;
  long capacity_ = 0;
};
class Cache {
public:
  Cache() { shard_.SetCapacity(64); }
  bool Insert(long n) { return shard_.Insert(n); }
private:
  Shard shard_;
};
Cache *make() { return new Cache; }
CPP
# The same with one high-confidence race added.
sed 's/^Cache \*make() { return new Cache; }$/Shard g_shard;\nvoid resize(long c) { g_shard.SetCapacity(c); }\nCache *make() { return new Cache; }/' \
  "$WORK/low.cpp" > "$WORK/high.cpp"

scan() { "$R" scan "$@" -- -std=c++17; }

scan "$WORK/low.cpp" > "$WORK/out.txt" 2> "$WORK/err.txt"
check "only a low finding: exit 0 by default" test $? -eq 0
check "the text says one low finding was not shown" \
  grep -qx "1 low-confidence finding was not shown; --confidence=low shows it." "$WORK/out.txt"
check "no warning at the default level" bash -c "! grep -q 'warning:' '$WORK/out.txt'"
check "the summary line counts it" grep -q "0 races reported in 1 translation unit (1 low-confidence not shown)" "$WORK/err.txt"

scan "$WORK/low.cpp" --confidence=low > "$WORK/out.txt" 2>/dev/null
check "--confidence=low: exit 1" test $? -eq 1
check "--confidence=low: marked [low: reason]" \
  grep -q "warning: unprotected write to \`this->capacity_\` in 'Shard::SetCapacity' races with itself on another thread \[low: 'Shard::SetCapacity' is only called on objects not shared yet" "$WORK/out.txt"
scan "$WORK/low.cpp" --confidence=all > /dev/null 2>&1
check "--confidence=all is low" test $? -eq 1

scan "$WORK/high.cpp" > "$WORK/out.txt" 2>/dev/null
check "called on a shared object too: high, exit 1" test $? -eq 1
check "high report has no [low" bash -c "grep -q 'warning: unprotected write' '$WORK/out.txt' && ! grep -q '\[low' '$WORK/out.txt'"

scan "$WORK/low.cpp" --confidence=low --format=sarif -o "$WORK/r.sarif" 2>/dev/null
check "SARIF: low result is a note with confidence properties" python3 - "$WORK/r.sarif" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
r = run["results"][0]
assert r["level"] == "note", r["level"]
assert r["properties"]["confidence"] == "low"
assert r["properties"]["confidenceReasonIds"] == ["setup-only"]
assert "not shared yet" in r["properties"]["confidenceReasons"][0]
assert run["properties"]["hiddenLowConfidence"] == 0
PY
scan "$WORK/low.cpp" --format=sarif -o "$WORK/d.sarif" 2>/dev/null
check "SARIF default: no result, hidden count 1" python3 - "$WORK/d.sarif" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
assert run["results"] == [] and run["properties"]["hiddenLowConfidence"] == 1
PY
scan "$WORK/low.cpp" --confidence=low --format=json -o "$WORK/r.json" 2>/dev/null
check "JSON: confidence fields" python3 - "$WORK/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["reports"][0]
assert r["confidence"] == "low" and r["confidenceReasonIds"] == ["setup-only"], r
assert d["hiddenLowConfidence"] == 0
PY
"$R" scan "$WORK/low.cpp" --confidence=maybe -- -std=c++17 > /dev/null 2>&1
check "an unknown level is a usage error" test $? -eq 2

finish
