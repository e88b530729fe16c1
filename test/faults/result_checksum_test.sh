#!/usr/bin/env bash
# Item 5: <cache>/last-scan.result (the last scan's reports, reused when
# nothing changed) was not checksummed: a flipped digit moved a race to
# another line, in every later scan. It is sealed now (size + xxh3): any
# damage is a miss, noted with -v, and the reports are recomputed.
. "$(dirname "$0")/lib.sh"

write_db "${GOOD[@]}"
C=$WORK/cache
"$RACECAR" scan -p "$P" --cache-dir "$C" --quiet -o "$WORK/ref.txt"
check "reference scan: exit 1" test $? -eq 1
check "reference scan: both TUs reported" intact "$WORK/ref.txt"
R=$C/last-scan.result
check "the result file exists" test -s "$R"
cp "$R" "$WORK/pristine"

rescan() { # what was damaged
  "$RACECAR" scan -p "$P" --cache-dir "$C" --quiet -v --stats -o "$WORK/re.txt" 2>"$WORK/re.err"
  local rc=$?
  check "$1: exit 1 (got $rc)" test $rc -eq 1
  check "$1: same reports as before" cmp -s "$WORK/ref.txt" "$WORK/re.txt"
  check "$1: not reused" test -z "$(grep 'reports reused' "$WORK/re.err")"
}
# A digit of a report's line number (the bit flip that used to move a race).
cp "$WORK/pristine" "$R"
perl -0pi -e 's/"line": (\d)/"line": @{[($1 + 1) % 10]}/' "$R"
rescan "line number changed"
check "line number changed: noted with -v" grep -q "unusable result file.*checksum mismatch" "$WORK/re.err"
# The checksum itself, the size, a truncation, an appended byte.
cp "$WORK/pristine" "$R"
sed -i '1s/xxh3=./xxh3=g/' "$R"
rescan "checksum damaged"
cp "$WORK/pristine" "$R"
head -c -1 "$WORK/pristine" >"$R"
rescan "truncated by one byte"
check "truncated: noted with -v" grep -q "unusable result file.*size mismatch" "$WORK/re.err"
cp "$WORK/pristine" "$R"
printf ' ' >>"$R"
rescan "one byte appended"
# Undamaged, it is reused (and was rewritten by the scans above).
cp "$WORK/pristine" "$R"
"$RACECAR" scan -p "$P" --cache-dir "$C" --quiet --stats -o "$WORK/reused.txt" 2>"$WORK/reused.err"
check "undamaged: reused" grep -q 'reports reused' "$WORK/reused.err"
check "undamaged: same reports" cmp -s "$WORK/ref.txt" "$WORK/reused.txt"
finish
