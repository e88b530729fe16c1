#!/usr/bin/env bash
# Issue 28 items 8, 9, 21: ninja mode. A TU whose flags changed in the
# compile database was never re-run (`ninja` said "no work to do", even
# after `racecar ninja` again); the merge ignored .racecar.yaml, so its
# report differed from `racecar scan`'s; a file name with `|` or a newline
# gave exit 0 and a Ninja file Ninja cannot build. Each TU's edge now names
# a hash of its compile command, the file regenerates itself when the
# compile database or config changes, the merge reads the config, and an
# unwritable name is an error (exit 2).
. "$(dirname "$0")/lib.sh"
command -v ninja >/dev/null || { echo "skipped: no ninja"; exit 0; }
write_meter # gamma.cpp: Meter races only with -DMETER_UNLOCKED
write_db "${GOOD[@]}" "$(db_entry gamma.cpp)"
mkdir -p "$P/.git" # the project's root: its config is found from -p
N=$WORK/n
mkdir -p "$N"
(cd "$N" && "$RACECAR" ninja -p "$P" -o racecar.ninja --format=text --report report.txt)
check "racecar ninja: exit 0" test $? -eq 0
(cd "$N" && ninja -f racecar.ninja >/dev/null 2>&1)
check "first build: Meter is safe" test -z "$(grep 'Meter::add' "$N/report.txt")"
check "first build: the good TUs race" intact "$N/report.txt"

# Item 8: gamma's flags change in the compile database.
write_db "${GOOD[@]}" "$(db_entry gamma.cpp -DMETER_UNLOCKED)"
(cd "$N" && ninja -f racecar.ninja >"$WORK/n2.log" 2>&1)
check "flags changed: ninja rebuilds (exit $?)" test $? -eq 0
check "flags changed: only gamma is summarized again" test "$(grep -c 'racecar summarize' "$WORK/n2.log")" -eq 1
check "flags changed: the race is seen" grep -q 'Meter::add' "$N/report.txt"
(cd "$N" && ninja -f racecar.ninja -n 2>&1 | grep -c 'racecar summarize' >"$WORK/noop")
check "then nothing to do" test "$(cat "$WORK/noop")" -eq 0

# Item 9: the project's config reaches the merge (here it disables a rule).
# A new config is found by running `racecar ninja` again; an edit to it
# regenerates the file by itself.
printf 'disable: [racecar-read-write-race]\n' >"$P/.racecar.yaml"
(cd "$N" && "$RACECAR" ninja -p "$P" -o racecar.ninja --format=text --report report.txt)
(cd "$N" && ninja -f racecar.ninja >/dev/null 2>&1)
sleep 1
printf 'disable: [racecar-unprotected-write]\n' >"$P/.racecar.yaml"
(cd "$N" && ninja -f racecar.ninja >"$WORK/n3.log" 2>&1)
"$RACECAR" scan -p "$P" --no-cache -o "$WORK/scan.txt" 2>/dev/null
check "config: the merge's report is the scan's" cmp -s "$WORK/scan.txt" "$N/report.txt"
check "config: the disabled rule is gone" test -z "$(grep 'racecar-unprotected-write' "$N/report.txt")"
check "config: no TU summarized again" test "$(grep -c 'racecar summarize' "$WORK/n3.log")" -eq 0

# Item 21: names Ninja cannot write.
mkdir -p "$P/odd"
cp "$P/alpha.cpp" "$P/odd/a|b.cpp"
write_db "${GOOD[@]}" "$(db_entry 'odd/a|b.cpp')"
(cd "$N" && "$RACECAR" ninja -p "$P" -o bad.ninja 2>"$WORK/bad.err")
rc=$?
check "a '|' in a file name: exit 2 (got $rc)" test $rc -eq 2
check "a '|' in a file name: named" grep -q "a|b.cpp" "$WORK/bad.err"
check "a '|' in a file name: no Ninja file written" test ! -e "$N/bad.ninja"
finish
