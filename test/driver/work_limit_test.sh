#!/usr/bin/env bash
# --function-work-limit (issue 29 item 4): a function whose summary takes
# more work than the limit is given up: it is named in a warning and in
# --stats, its races are not reported, and the verdict cannot be race-free
# (work-limit). The twin: the same scan without the limit reports the race
# inside it. A cached scan is redone when the limit changes.
. "$(dirname "$0")/lib.sh" "$1"
P=$WORK/p
mkdir -p "$P/build"
cat > "$P/scanner.c" <<'C'
#include <pthread.h>
long tokens;
static int scan(const char *p, const char *pe) {
  int cs = 0;
  while (p != pe) {
    switch (cs) {
    case 0: if (*p == 'a') cs = 1; break;
    case 1: if (*p == 'b') cs = 2; else cs = 0; break;
    case 2: tokens++; cs = 0; break;
    }
    p++;
  }
  return cs;
}
static void *worker(void *arg) { scan(arg, (const char *)arg + 8); return 0; }
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, "abababab");
  pthread_create(&b, 0, worker, "abababab");
  return 0;
}
C
cat > "$P/build/compile_commands.json" <<JSON
[{"directory": "$P", "file": "scanner.c", "command": "gcc -c scanner.c"}]
JSON
"$R" scan -p "$P/build" --cache-dir "$WORK/cache" --no-source --verdict --stats \
  > "$WORK/out.txt" 2> "$WORK/err.txt"
check "no limit hit: the race in scan is reported" grep -q "unprotected write to \`tokens\` in 'scan'" "$WORK/out.txt"
check "--stats: the most work, in 'scan'" grep -q "most work .* units ('scan'" "$WORK/err.txt"
check "--stats: no function over the limit" grep -q "over work limit *0 functions" "$WORK/err.txt"
"$R" scan -p "$P/build" --cache-dir "$WORK/cache" --no-source --verdict --stats \
  --function-work-limit=20 > "$WORK/out.txt" 2> "$WORK/err.txt"
rc=$?
check "limit 20: the race inside scan is not reported (exit $rc)" test -z "$(grep "in 'scan'" "$WORK/out.txt")"
check "limit 20: a warning names scan and its place" \
  grep -q "scanner.c:3: warning: racecar gave up summarizing 'scan' past --function-work-limit=20" "$WORK/err.txt"
check "limit 20: --stats counts it" grep -q "over work limit *1 functions" "$WORK/err.txt"
check "limit 20: the verdict is unknown (work-limit), never race-free" \
  grep -q "^verdict: unknown (.*work-limit" "$WORK/out.txt"
"$R" scan -p "$P/build" --cache-dir "$WORK/cache" --no-source \
  --function-work-limit=0 > "$WORK/out.txt" 2> "$WORK/err.txt"
check "limit 0 (none), cached: the race is back" grep -q "unprotected write to \`tokens\` in 'scan'" "$WORK/out.txt"
finish
