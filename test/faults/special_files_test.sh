#!/usr/bin/env bash
# Issue 28 items 2 and 17: devices and FIFOs where racecar expects a file.
# `#include "/dev/zero"` with the cache on exhausted memory: the cache read
# the device to the end to hash it, outside --tu-timeout and
# --tu-memory-limit. A FIFO in place of the warm record hung every scan, and
# `last-scan.result` or a manifest linked to /dev/zero exhausted memory.
# Inputs that are not regular files make the TU uncacheable (with a note);
# cache files that are not regular files are misses, never read.
. "$(dirname "$0")/lib.sh"
cat >"$P/zero.c" <<'SRC'
#include "/dev/zero"
int zero;
SRC
C=$WORK/cache
# Memory and time are bounded, so a regression fails instead of taking the
# machine down (a scan of these TUs needs far less).
# One command line throughout (the warm records are keyed by it); each
# output is copied to $1 and $1.err.
scan() {
  (ulimit -v 6000000
   cd "$P" && timeout 60 "$RACECAR" scan -p . --cache-dir "$C" -o "$WORK/out.txt" 2>"$WORK/out.err")
  local rc=$?
  cp "$WORK/out.txt" "$1" 2>/dev/null
  cp "$WORK/out.err" "$1.err"
  return $rc
}
write_db "${GOOD[@]}" "$(db_entry zero.c)"
scan "$WORK/zero.txt"
rc=$?
check "/dev/zero included: the scan ends (exit $rc)" test $rc -le 3
check "/dev/zero included: the good TUs' races" intact "$WORK/zero.txt"
check "/dev/zero included: not cached, said so" \
  grep -q "'/dev/zero', read by '.*zero.c', is not a regular file; .* is not cached" "$WORK/zero.txt.err"

write_db "${GOOD[@]}"
scan "$WORK/ref.txt"
check "reference scan" intact "$WORK/ref.txt"
scan "$WORK/ref2.txt" # leaves a warm record and a cached result

# The warm records replaced by FIFOs.
for f in "$C"/warm/*; do rm -f "$f"; mkfifo "$f"; done
scan "$WORK/fifo.txt"
rc=$?
check "FIFO warm record: the scan ends (exit $rc)" test $rc -le 1
check "FIFO warm record: same reports" cmp -s "$WORK/ref.txt" "$WORK/fifo.txt"
rm -rf "$C/warm"

# The cached result and every manifest linked to /dev/zero.
ln -sf /dev/zero "$C/last-scan.result"
for f in $(find "$C" -name '*.deps'); do ln -sf /dev/zero "$f"; done
scan "$WORK/devzero.txt"
rc=$?
check "cache files linked to /dev/zero: the scan ends (exit $rc)" test $rc -le 1
check "cache files linked to /dev/zero: same reports" cmp -s "$WORK/ref.txt" "$WORK/devzero.txt"
finish
