#!/usr/bin/env bash
# Item 7: a report that cannot be written (-o /dev/full) exited 1 ("races")
# even with no race; a closed standard-error pipe killed racecar (exit 74)
# before it wrote the SARIF. Now: a failed write is exit 2 with a message;
# a closed stderr loses nothing but the messages.
. "$(dirname "$0")/lib.sh"
printf 'int broken( { return 0; }\n' >"$P/broken.cpp"
write_db "${GOOD[0]}" "$(db_entry broken.cpp)" "${GOOD[1]}"

# /dev/full is written in place (a device is never replaced); only the
# report is written there, as no racecar version ever renamed over it.
if [ -c /dev/full ]; then
  "$RACECAR" scan -p "$P" --no-cache -o /dev/full 2>"$WORK/full.err"
  rc=$?
  check "-o /dev/full: exit 2 (got $rc)" test $rc -eq 2
  check "-o /dev/full: says why" grep -q "cannot write '/dev/full'.*No space left on device" "$WORK/full.err"
  check "-o /dev/full: still a device" test -c /dev/full
fi
"$RACECAR" scan -p "$P" --no-cache -o "$WORK/no/such/dir/out.txt" 2>"$WORK/nodir.err"
check "-o in a missing directory: exit 2" test $? -eq 2
check "-o in a missing directory: says why" grep -q "cannot write '$WORK/no/such/dir/out.txt'" "$WORK/nodir.err"
mkdir "$WORK/adir"
"$RACECAR" scan -p "$P" --no-cache --shard 1/1 -o "$WORK/adir" 2>"$WORK/shard.err"
check "--shard -o a directory: exit 2" test $? -eq 2
check "--shard -o a directory: says why" grep -q "cannot write '$WORK/adir'" "$WORK/shard.err"
"$RACECAR" ninja -p "$P" -o "$WORK/adir" 2>/dev/null
check "ninja -o a directory: exit 2" test $? -eq 2
"$RACECAR" merge -o "$WORK/adir" "$WORK/none.rcs" 2>/dev/null
check "merge, bad input: exit 2" test $? -eq 2

# Standard error is a pipe nobody reads (closed before racecar writes the
# broken TU's diagnostics): the report is complete, the status is 3.
closed_stderr() { # racecar arguments; prints the exit status
  python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
print(subprocess.run(sys.argv[1:], stderr=w, stdout=open(os.environ["OUT"], "w")).returncode)
' "$RACECAR" "$@"
}
rc=$(OUT=/dev/null closed_stderr scan -p "$P" --no-cache --format=sarif -o "$WORK/closed.sarif")
check "closed stderr, -o file: exit 3 (got $rc)" test "$rc" -eq 3
check "closed stderr, -o file: SARIF complete" grep -q "beta::Gauge::set" "$WORK/closed.sarif"
check "closed stderr, -o file: SARIF ends" test "$(tail -c 2 "$WORK/closed.sarif")" = "}"
rc=$(OUT=$WORK/stdout.txt closed_stderr scan -p "$P" --no-cache)
check "closed stderr, stdout: exit 3 (got $rc)" test "$rc" -eq 3
check "closed stderr, stdout: the good TUs are reported" intact "$WORK/stdout.txt"
# Standard output closed: the report is lost, so that is exit 2.
python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stdout=w).returncode)
' "$RACECAR" scan -p "$P" --no-cache 2>"$WORK/closedout.err"
rc=$?
check "closed stdout: exit 2 (got $rc)" test $rc -eq 2
check "closed stdout: says so" grep -q "cannot write to standard output" "$WORK/closedout.err"
# Every exit status is documented.
README=$(dirname "$0")/../../README.md
for s in 0 1 2 3; do
  check "README documents exit status $s" grep -q "^| $s |" "$README"
done
finish
