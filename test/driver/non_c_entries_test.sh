#!/usr/bin/env bash
# A compile database that lists an assembly file beside C (zstd's
# huf_decompress_amd64.S): the assembly entry is skipped with one warning,
# the C TU is analysed, and the exit status is the C TU's (not 3).
# Usage: non_c_entries_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
mkdir -p "$WORK/p"
cat > "$WORK/p/counter.c" <<'C'
#include <pthread.h>
int hits;
static void *worker(void *arg) { (void)arg; hits++; return 0; }
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return hits;
}
C
printf '.globl f\nf:\n  ret\n' > "$WORK/p/fast_amd64.S"
cat > "$WORK/p/compile_commands.json" <<JSON
[
  {"directory": "$WORK/p", "file": "counter.c", "command": "gcc -c counter.c"},
  {"directory": "$WORK/p", "file": "fast_amd64.S", "command": "gcc -c fast_amd64.S"}
]
JSON
"$R" scan -p "$WORK/p" --no-cache > "$WORK/out.txt" 2> "$WORK/err.txt"
status=$?
check "exit 1: the C TU's race, not 3" test $status -eq 1
check "one warning names the skipped entry" \
  grep -q "warning: skipping 1 entry that is not C or C++\|warning: skipping 1 entry that are not C or C++" "$WORK/err.txt"
check "no Clang errors about the assembly" bash -c "! grep -q 'error:' '$WORK/err.txt'"
check "the race in the C TU is reported" grep -q "unprotected write to \`hits\`" "$WORK/out.txt"
"$R" scan -p "$WORK/p" --no-cache -v -o /dev/null 2> "$WORK/err.txt"
check "-v names each skipped entry" \
  grep -qx "racecar: skipped '$WORK/p/fast_amd64.S': not C or C++" "$WORK/err.txt"
check "-v shows progress, one line per TU" \
  grep -qx "racecar: \[1/1\] $WORK/p/counter.c (analysed)" "$WORK/err.txt"
finish
