#!/usr/bin/env bash
# Issue 28 item 6: the warm record stamped its inputs when the scan ended,
# not when it started: an edit made while the answer was being written
# (`racecar scan | less`, a reader slower than the scan) was taken as
# already answered, and every later run replayed the stale result. An input
# modified after the scan started now means no warm record; the next run
# analyses it.
. "$(dirname "$0")/lib.sh"
# Enough reports that the answer (over 64 KiB) waits in the pipe.
python3 - "$P/many.cpp" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("#include <mutex>\n")
    for i in range(400):
        f.write(f"class Counter{i} {{ public: void hit() {{ ++n_; }} "
                f"int get() {{ std::lock_guard<std::mutex> g(mu_); return n_; }} "
                f"private: std::mutex mu_; int n_ = 0; }};\n")
PY
write_db "${GOOD[@]}" "$(db_entry many.cpp)"
C=$WORK/cache
scan() { "$RACECAR" scan -p "$P" --cache-dir "$C" 2>/dev/null; }
# A first scan fills the cache; the second, its result cached, is the one
# that writes a warm record: while its answer waits for the reader, alpha's
# race is fixed.
scan >"$WORK/cold.txt"
check "the answer is larger than a pipe holds" test "$(wc -c <"$WORK/cold.txt")" -gt 70000
scan | { sleep 4
         sed -i 's|void hit() { ++hits_; }|void hit() { std::lock_guard<std::mutex> g(mu_); ++hits_; }|' "$P/alpha.cpp"
         cat >"$WORK/first.txt"; }
check "first answer: for the content it read (alpha races)" grep -q "'alpha::Counter::hit'" "$WORK/first.txt"
scan >"$WORK/second.txt"
check "second answer: the edit is seen (not replayed)" test -z "$(grep "'alpha::Counter::hit'" "$WORK/second.txt")"
check "second answer: beta still races" grep -q "'beta::Gauge::set'" "$WORK/second.txt"
scan >"$WORK/third.txt"
check "third answer: the same" cmp -s "$WORK/second.txt" "$WORK/third.txt"
finish
