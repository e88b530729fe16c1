#!/usr/bin/env bash
# Item 8: results missing a failed TU did not say so: SARIF and JSON looked
# complete, and a failed TU holding main silently dropped every race between
# the threads it starts. Now SARIF has invocations[0].executionSuccessful =
# false and a toolExecutionNotification per failed TU, JSON a
# failedTranslationUnits list, and the summary line names the failed TUs and
# the thread roots (main) lost with them.
. "$(dirname "$0")/lib.sh"
cat >"$P/work.cpp" <<'SRC'
int total;
void work() { total += 1; }
SRC
cat >"$P/main.cpp" <<'SRC'
#include <thread>
#ifdef BREAK
#error this TU does not compile
#endif
void work();
int main() {
  std::thread a(work);
  std::thread b(work);
  a.join();
  b.join();
}
SRC
write_db "${GOOD[@]}" "$(db_entry work.cpp)" "$(db_entry main.cpp)"
scan() { "$RACECAR" scan -p "$P" --no-cache "$@"; }

scan --format=sarif -o "$WORK/ok.sarif" 2>"$WORK/ok.err"
check "complete: exit 1" test $? -eq 1
check "complete: the threads' race is reported" grep -q 'total' "$WORK/ok.sarif"
check "complete: SARIF executionSuccessful true" grep -q '"executionSuccessful": true' "$WORK/ok.sarif"
scan --format=json -o "$WORK/ok.json"
check "complete: JSON failedTranslationUnits empty" grep -q '"failedTranslationUnits": \[\]' "$WORK/ok.json"

write_db "${GOOD[@]}" "$(db_entry work.cpp)" "$(db_entry main.cpp -DBREAK)"
scan -o "$WORK/part.txt" 2>"$WORK/part.err"
rc=$?
check "partial: exit 3 (got $rc)" test $rc -eq 3
check "partial: summary names the TU and the lost root" \
  grep -q '^2 races reported in 4 translation units; 1 could not be analysed (main.cpp); thread roots lost with them: main in main.cpp\.$' "$WORK/part.err"
check "partial: the good TUs are reported" intact "$WORK/part.txt"
scan --format=sarif -o "$WORK/part.sarif" 2>/dev/null
check "partial SARIF: executionSuccessful false" grep -q '"executionSuccessful": false' "$WORK/part.sarif"
check "partial SARIF: a notification names the TU" grep -q "'$P/main.cpp' could not be analysed: its races are not reported, nor those of the threads its 'main' starts" "$WORK/part.sarif"
check "partial SARIF: at error level" grep -q '"level": "error"' "$WORK/part.sarif"
check "partial SARIF: valid JSON" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['runs'][0]['invocations'][0]['toolExecutionNotifications'][0]['locations'][0]['physicalLocation']['artifactLocation']['uri'].endswith('main.cpp')" "$WORK/part.sarif"
scan --format=json -o "$WORK/part.json" 2>/dev/null
check "partial JSON: failedTranslationUnits" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['failedTranslationUnits'] == [{'file': sys.argv[2], 'definesMain': True}], d['failedTranslationUnits']" "$WORK/part.json" "$P/main.cpp"
# The same through shards and merge.
scan --shard 1/2 -o "$WORK/s1.rcs" 2>/dev/null
scan --shard 2/2 -o "$WORK/s2.rcs" 2>/dev/null
"$RACECAR" merge --format=sarif -o "$WORK/merged.sarif" "$WORK/s1.rcs" "$WORK/s2.rcs" 2>"$WORK/merged.err"
check "merge: exit 3" test $? -eq 3
check "merge: SARIF executionSuccessful false" grep -q '"executionSuccessful": false' "$WORK/merged.sarif"
check "merge: summary names the lost root" grep -q 'thread roots lost with them: main in main.cpp' "$WORK/merged.err"
finish
