#!/usr/bin/env bash
# The launcher (launcher/Launcher.cpp): an unchanged scan is answered from
# the warm record without running the analyzer, byte for byte as the
# analyzer answers it (standard output, standard error, -o file, exit
# status); any change to what the answer depends on (a source, a header,
# the compile database, a config appearing, the analyzer rebuilt, a damaged
# record) runs the analyzer again.
# Usage: warm_start_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
A=$WORK/racecar-analyzer
check "the analyzer is beside the launcher" test -x "$A"
P=$WORK/p
mkdir -p "$P"
cat >"$P/counter.h" <<'SRC'
#include <mutex>
class Counter {
public:
  void hit() { ++hits_; }
  int hits() { std::lock_guard<std::mutex> g(mu_); return hits_; }
private:
  std::mutex mu_;
  int hits_ = 0;
};
SRC
printf '#include "counter.h"\nvoid use(Counter &c) { c.hit(); }\n' >"$P/a.cpp"
printf '#include "counter.h"\nint peek(Counter &c) { return c.hits(); }\n' >"$P/b.cpp"
printf '[{"directory": "%s", "file": "a.cpp", "command": "c++ -std=c++17 -c a.cpp"},\n {"directory": "%s", "file": "b.cpp", "command": "c++ -std=c++17 -c b.cpp"}]\n' \
  "$P" "$P" >"$P/compile_commands.json"
cd "$WORK" || exit 2

# The analyzer not executable (its stamp unchanged: chmod changes no size or
# modification time): a scan must then be answered by the launcher alone.
hide() { chmod a-x "$A"; }
unhide() { chmod u+x "$A"; }
run() { # name, then racecar arguments: stdout, stderr, status in $WORK/name.*
  local name=$1
  shift
  "$R" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
  echo $? >"$WORK/$name.status"
}
same() { # two runs printed and exited alike
  cmp -s "$WORK/$1.out" "$WORK/$2.out" && cmp -s "$WORK/$1.err" "$WORK/$2.err" &&
    cmp -s "$WORK/$1.status" "$WORK/$2.status"
}

run cold scan -p p
check "cold: exit 1 (a race)" test "$(cat cold.status)" -eq 1
check "cold: the race is reported" grep -q 'Counter::hit' cold.out
check "cold: a warm record is written" test -n "$(ls p/.racecar-cache/warm/*.warm 2>/dev/null)"
"$A" scan -p p >analyzer.out 2>analyzer.err
echo $? >analyzer.status
hide
run warm scan -p p
check "warm without the analyzer: answered" same warm analyzer
unhide

# --stats, -o and another format: records of their own.
run stats1 scan -p p --stats --format=sarif -o out1.sarif
cp out1.sarif cold.sarif
hide
run stats2 scan -p p --stats --format=sarif -o out2.sarif
run stats3 scan -p p --stats --format=sarif -o out1.sarif
unhide
check "--stats -o: a record of its own (first scan not replayed)" test "$(cat stats2.status)" -eq 2
check "--stats -o: replayed" test "$(cat stats3.status)" -eq 1
check "--stats -o: the file written" cmp -s cold.sarif out1.sarif
check "--stats: the stats block" grep -q "nothing changed: last scan's reports reused" stats3.err
check "--stats: the summary line" grep -q '1 race reported in 2 translation units' stats3.err

# Each change runs the analyzer (hidden: the launcher then fails to run it).
expect_analyzer() { # what changed
  hide
  run changed scan -p p
  unhide
  check "$1: the analyzer is run" grep -q "cannot run '.*racecar-analyzer'" changed.err
  run after scan -p p
  check "$1: exit 1 after it" test "$(cat after.status)" -eq 1
}
touch p/counter.h
expect_analyzer "a header touched"
printf '// a comment\n' >>p/b.cpp
expect_analyzer "a source edited"
"$R" scan -p p --no-cache >nocache.out 2>/dev/null
check "after the edit: the reports of a scan without cache" cmp -s after.out nocache.out
touch p/compile_commands.json
expect_analyzer "the compile database touched"
printf 'confidence: high\n' >p/.racecar.yaml
expect_analyzer "a config appeared"
rm p/.racecar.yaml
expect_analyzer "the config went away"
touch "$A"
expect_analyzer "the analyzer rebuilt"
for f in p/.racecar-cache/warm/*.warm; do printf 'X' | dd of="$f" bs=1 seek=20 conv=notrunc 2>/dev/null; done
expect_analyzer "a damaged record"

# And, unchanged again, replayed again.
hide
run again scan -p p
unhide
check "unchanged again: replayed" same again after

# Not replayed: -v (its notes depend on the cache), --no-cache, other commands.
run v1 scan -p p -v
hide
run v2 scan -p p -v
run nc scan -p p --no-cache
run dump dump-ir p/a.cpp -- -std=c++17
unhide
check "-v: the analyzer is run" grep -q "cannot run" v2.err
check "--no-cache: the analyzer is run" grep -q "cannot run" nc.err
check "dump-ir: the analyzer is run" grep -q "cannot run" dump.err
check "the launcher's failure is exit 2" test "$(cat nc.status)" -eq 2
finish
