#!/usr/bin/env bash
# Item 12: a '%' in the cache or shard path was taken for a random-name
# placeholder (cache silently never written, --shard exit 2); -p naming
# compile_commands.json itself disabled the default cache; a cache that
# cannot be written said so only with -v. Item 11: an output path that is a
# symlink is replaced, never written through.
. "$(dirname "$0")/lib.sh"
write_db "${GOOD[@]}"
scan() { "$RACECAR" scan -p "$P" --quiet "$@"; }

# '%' in the cache directory: written, then reused.
C="$WORK/100%cache%%"
scan --cache-dir "$C" -o "$WORK/a.txt"
check "%% cache: first scan exit 1" test $? -eq 1
scan --cache-dir "$C" --stats -o "$WORK/b.txt" 2>"$WORK/b.err"
check "%% cache: second scan reuses the reports" grep -q 'reports reused' "$WORK/b.err"
check "%% cache: same reports" cmp -s "$WORK/a.txt" "$WORK/b.txt"
check "%% cache: no temporary files left" test -z "$(find "$C" -name '*.tmp-*')"
check "%% cache: the good TUs are reported" intact "$WORK/b.txt"
# '%' in a shard path.
scan --no-cache --shard 1/1 -o "$WORK/50%shard.rcs" 2>"$WORK/shard.err"
check "%% shard: exit 0" test $? -eq 0
check "%% shard: written under its own name" test -s "$WORK/50%shard.rcs"
"$RACECAR" merge --quiet -o "$WORK/merged.txt" "$WORK/50%shard.rcs"
check "%% shard: merges" cmp -s "$WORK/a.txt" "$WORK/merged.txt"

# -p path/to/compile_commands.json keeps the default cache beside it.
"$RACECAR" scan -p "$P/compile_commands.json" --quiet -o /dev/null
"$RACECAR" scan -p "$P/compile_commands.json" --quiet --stats -o "$WORK/json.txt" 2>"$WORK/json.err"
check "-p file.json: default cache used" grep -q 'reports reused' "$WORK/json.err"
check "-p file.json: cache beside it" test -d "$P/.racecar-cache"

# A cache that cannot be written (its directory is a file): one line
# without -v, the scan is otherwise complete.
: >"$WORK/notadir"
scan --cache-dir "$WORK/notadir" -o "$WORK/nc.txt" 2>"$WORK/nc.err"
check "unwritable cache: exit 1 (races)" test $? -eq 1
check "unwritable cache: one warning line" test "$(grep -c 'warning: cache not written' "$WORK/nc.err")" -eq 1
check "unwritable cache: the good TUs are reported" intact "$WORK/nc.txt"

# Item 11: outputs replace a symlink at their path instead of writing
# through it (reports, shards, Ninja files).
for kind in report shard ninja; do
  echo precious >"$WORK/target-$kind"
  ln -sf "$WORK/target-$kind" "$WORK/link-$kind"
done
scan --no-cache -o "$WORK/link-report"
scan --no-cache --shard 1/1 -o "$WORK/link-shard"
"$RACECAR" ninja -p "$P" -o "$WORK/link-ninja"
for kind in report shard ninja; do
  check "$kind: the symlink's target is untouched" test "$(cat "$WORK/target-$kind")" = precious
  check "$kind: the output replaced the link" test ! -L "$WORK/link-$kind" -a -s "$WORK/link-$kind"
done
# ...but devices and /proc are written in place: -o /dev/stdout prints.
"$RACECAR" scan -p "$P" --no-cache --quiet -o /dev/stdout >"$WORK/stdout.txt"
check "-o /dev/stdout: printed" intact "$WORK/stdout.txt"
check "-o /dev/stdout: still a symlink" test -L /dev/stdout
mkfifo "$WORK/fifo"
cat "$WORK/fifo" >"$WORK/fifo.txt" &
"$RACECAR" scan -p "$P" --no-cache --quiet -o "$WORK/fifo"
wait
check "-o a FIFO: written through it" intact "$WORK/fifo.txt"
check "-o a FIFO: still a FIFO" test -p "$WORK/fifo"
finish
