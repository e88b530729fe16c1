#!/usr/bin/env bash
# The summary cache (driver/SccCache.h) end to end, on a small threaded C
# program of three files: after an edit, the reports are byte for byte those
# of a scan without any cache, and -v says what was reused: a comment
# re-summarizes nothing, an edit that changes a helper's accesses
# re-summarizes it and its callers only, an edit that changes no summary
# stops at the edited function. A damaged store is a miss, never a wrong
# report. Lines inserted above functions re-summarize none of them. With
# --verdict, the assumptions in reused summaries count as in a scan without
# cache.
# Usage: summary_cache_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
P=$WORK/p
mkdir -p "$P"
cat >"$P/util.c" <<'SRC'
int g_hits; static int percent(int scale);
int g_misses;
void count_hit(void) { g_hits++; }
void count_miss(void) { g_misses++; }
int ratio(int scale) {
  int total = g_hits + g_misses;
  return total ? percent(scale) * g_hits / total : 0;
}
static int percent(int scale) { return scale; }
/* A place passed on by an assert-like macro, and a function's static. */
#define CHECK(c) check_at((c), __FILE__, __LINE__)
void check_at(int ok, const char *file, int line);
int checked(int v) {
  static int calls;
  calls++;
  CHECK(v >= 0);
  return v;
}
/* A call through a field that holds one of two functions (a dispatcher). */
struct handler { void (*fn)(void); };
void install(struct handler *h, int hit) {
  if (hit)
    h->fn = count_hit;
  else
    h->fn = count_miss;
}
void dispatch(struct handler *h) { h->fn(); }
SRC
cat >"$P/worker.c" <<'SRC'
void count_hit(void);
void count_miss(void);
int ratio(int scale);
void *worker(void *arg) {
  int *n = arg;
  for (int i = 0; i < *n; ++i) {
    if (i % 3)
      count_hit();
    else
      count_miss();
  }
  return 0;
}
int report(void) { return ratio(100); }
SRC
cat >"$P/main.c" <<'SRC'
#include <pthread.h>
void *worker(void *arg);
int report(void);
int main(void) {
  pthread_t a, b;
  int n = 10;
  pthread_create(&a, 0, worker, &n);
  pthread_create(&b, 0, worker, &n);
  int r = report();
  pthread_join(a, 0);
  pthread_join(b, 0);
  return r;
}
SRC
{
  echo "["
  first=1
  for f in util.c worker.c main.c; do
    [ $first -eq 1 ] || echo ","
    first=0
    printf '{"directory": "%s", "file": "%s/%s", "command": "cc -std=c11 -c %s/%s"}' \
      "$P" "$P" "$f" "$P" "$f"
  done
  echo "]"
} >"$P/compile_commands.json"

C=$WORK/cache
scan() { # output file, then extra flags
  local out=$1
  shift
  "$R" scan -p "$P" --cache-dir "$C" --quiet -v --stats -o "$out" "$@" 2>"$out.err"
}
reference() { # a scan of the current tree without any cache
  "$R" scan -p "$P" --no-cache --quiet -o "$1"
}
line() { grep -E '^ +summaries ' "$1" | tr -s ' '; }

scan "$WORK/cold.txt"
check "cold: exit 1 (races)" test $? -eq 1
check "cold: races between the threads" grep -q "racecar-unprotected-write" "$WORK/cold.txt"
check "cold: every SCC summarized" grep -q 'summaries 0 SCCs reused' <(line "$WORK/cold.txt.err")
check "cold: the summaries are stored" test -s "$C/summaries/index"

# A comment: the TU is parsed again, nothing else changes (the static
# function's symbol names its file by path, not by content).
printf '/* a comment */\n' >>"$P/util.c"
scan "$WORK/comment.txt"
check "comment: same reports" cmp -s "$WORK/cold.txt" "$WORK/comment.txt"
check "comment: the TU was parsed again" grep -q 'cache *2 hits, 1 misses' "$WORK/comment.txt.err"
check "comment: nothing re-summarized" grep -q ' 0 recomputed' <(line "$WORK/comment.txt.err")
check "comment: pairing skipped" grep -q 'pairing skipped' <(line "$WORK/comment.txt.err")
check "comment: -v says so" grep -q 'racecar: cache: summaries: .* 0 recomputed' "$WORK/comment.txt.err"

# A helper's write moves one column (no line moves): it and its callers are
# re-summarized, the rest is reused, and the report shows the new column.
sed -i 's|void count_hit(void) { g_hits++; }|void count_hit(void) {  g_hits++; }|' "$P/util.c"
scan "$WORK/edit.txt"
reference "$WORK/edit.ref"
check "edit: same reports as a scan without cache" cmp -s "$WORK/edit.ref" "$WORK/edit.txt"
check "edit: the reports changed" grep -q 'util.c:3:25: note: write to `g_hits` here' "$WORK/edit.txt"
l=$(line "$WORK/edit.txt.err")
reused=$(echo "$l" | sed -E 's/^ summaries ([0-9]+) SCCs reused.*/\1/')
recomputed=$(echo "$l" | sed -E 's/.* ([0-9]+) recomputed.*/\1/')
check "edit: some SCCs reused ($l)" test "$reused" -ge 2
# (Its callers: the worker, and the dispatcher of handler::fn with dispatch.)
check "edit: the helper and its callers re-summarized ($l)" test "$recomputed" -eq 4
check "edit: both changed ($l)" grep -q '(0 unchanged)' <(echo "$l")
check "edit: pairing redone" test -z "$(echo "$l" | grep 'pairing skipped')"

# A local renamed (as long): the body differs, its summary does not. Only its SCC is
# re-summarized, and the wave stops there.
sed -i 's|total|count|g' "$P/util.c"
scan "$WORK/rename.txt"
# (The reports quote util.c's lines, which now say `count`.)
sed -i 's|total|count|g' "$WORK/edit.txt"
check "rename: same reports as before it" cmp -s "$WORK/edit.txt" "$WORK/rename.txt"
check "rename: one SCC re-summarized, unchanged" grep -q ' 1 recomputed (1 unchanged)' <(line "$WORK/rename.txt.err")
check "rename: pairing skipped" grep -q 'pairing skipped' <(line "$WORK/rename.txt.err")

# Damage: a flipped byte in the index, then a missing pack. Each is noted
# with -v; the reports do not change, and the store is written again.
printf 'X' | dd of="$C/summaries/index" bs=1 seek=30 conv=notrunc 2>/dev/null
printf '/* again */\n' >>"$P/main.c"
scan "$WORK/damaged.txt"
check "damaged index: same reports" cmp -s "$WORK/edit.txt" "$WORK/damaged.txt"
check "damaged index: noted" grep -q 'unusable summary index' "$WORK/damaged.txt.err"
check "damaged index: everything re-summarized" grep -q 'summaries 0 SCCs reused' <(line "$WORK/damaged.txt.err")
rm -f "$C"/summaries/pack-*
printf '/* and again */\n' >>"$P/main.c"
scan "$WORK/nopack.txt"
check "missing pack: same reports" cmp -s "$WORK/edit.txt" "$WORK/nopack.txt"
check "missing pack: noted" grep -q "summary pack .* is missing" "$WORK/nopack.txt.err"
printf '/* once more */\n' >>"$P/main.c"
scan "$WORK/healed.txt"
check "after the damage: reused again" grep -q ' 0 recomputed' <(line "$WORK/healed.txt.err")
check "after the damage: same reports" cmp -s "$WORK/edit.txt" "$WORK/healed.txt"

# Lines moved: a comment inserted at the top of util.c moves every function
# in it. Summaries measure lines from their function's first line, the
# static's symbol its offset from its function, __LINE__ is no constant
# argument, and a dispatcher's places are its targets': nothing is
# re-summarized; the reports (redone) name the new lines.
{ printf '/* a line above everything */\n'; cat "$P/util.c"; } >"$P/util.c.new"
mv "$P/util.c.new" "$P/util.c"
scan "$WORK/moved.txt"
reference "$WORK/moved.ref"
check "moved: same reports as a scan without cache" cmp -s "$WORK/moved.ref" "$WORK/moved.txt"
check "moved: the reports name the new line" grep -q 'util.c:4:25: note: write to `g_hits` here' "$WORK/moved.txt"
check "moved: nothing re-summarized" grep -q ' 0 recomputed' <(line "$WORK/moved.txt.err")
check "moved: the last pairing's reports, lines moved" grep -q 'pairing skipped: .* with its lines moved' "$WORK/moved.txt.err"

# A statement added to the top of a function: it is re-summarized; its
# callers' summaries differ from the stored ones in lines only, so those are
# read with their places moved; the functions below it only moved.
sed -i 's|^int ratio(int scale) {$|int ratio(int scale) {\n  (void)0;|' "$P/util.c"
scan "$WORK/stmt.txt"
reference "$WORK/stmt.ref"
check "statement: same reports as a scan without cache" cmp -s "$WORK/stmt.ref" "$WORK/stmt.txt"
check "statement: the reports name the new line" grep -q 'util.c:8:15: warning: read of `g_hits`' "$WORK/stmt.txt"
check "statement: only the function re-summarized" grep -q ' 1 recomputed' <(line "$WORK/stmt.txt.err")
check "statement: its callers read with lines moved" grep -qE '\(([1-9][0-9]*) with lines moved,' <(line "$WORK/stmt.txt.err")
check "statement: the last pairing's reports, lines moved" grep -q 'pairing skipped: .* with its lines moved' "$WORK/stmt.txt.err"
# The pairing is not run: no stored summaries are read but the function's
# callees' (to summarize it) and its stored version (its callers' places
# move as its did).
l=$(line "$WORK/stmt.txt.err")
read_n=$(echo "$l" | sed -E 's/.* ([0-9]+) entries read.*/\1/')
reused=$(echo "$l" | sed -E 's/^ summaries ([0-9]+) SCCs reused.*/\1/')
check "statement: few stored summaries read ($l)" test "$read_n" -le 3 -a "$read_n" -lt "$reused"

# Callers whose callees only moved are not stored again: their summaries are
# the stored ones with the moves applied, named by that version and their
# callees' summaries now. A second statement in the same function moves them
# again from the same stored version; removing it gives back the first
# statement's summaries and reports; a comment elsewhere (a parse, no summary
# changed) finds every SCC's summaries and the last pairing.
sed -i 's|^int ratio(int scale) {$|int ratio(int scale) {\n  (void)1;|' "$P/util.c"
scan "$WORK/stmt2.txt"
reference "$WORK/stmt2.ref"
check "second statement: same reports as a scan without cache" cmp -s "$WORK/stmt2.ref" "$WORK/stmt2.txt"
check "second statement: only the function re-summarized" grep -q ' 1 recomputed' <(line "$WORK/stmt2.txt.err")
check "second statement: its callers moved again" grep -qE '\(([1-9][0-9]*) with lines moved,' <(line "$WORK/stmt2.txt.err")
check "second statement: the pairing's reports moved again" grep -q 'pairing skipped: .* with its lines moved' "$WORK/stmt2.txt.err"
sed -i '/^  (void)1;$/d' "$P/util.c"
scan "$WORK/stmt3.txt"
check "first statement again: the same reports" cmp -s "$WORK/stmt.ref" "$WORK/stmt3.txt"
# Summaries an older scan stored, aligned with the ones the last pairing
# read: its reports, their lines moved back.
check "first statement again: the pairing's reports moved" grep -q 'pairing skipped: .* with its lines moved' "$WORK/stmt3.txt.err"
printf '/* elsewhere */\n' >>"$P/main.c"
scan "$WORK/stmt4.txt"
check "a comment after the moves: the same reports" cmp -s "$WORK/stmt.ref" "$WORK/stmt4.txt"
check "a comment after the moves: nothing summarized" grep -q ' 0 recomputed' <(line "$WORK/stmt4.txt.err")
check "a comment after the moves: the last pairing reused" grep -q 'pairing skipped' "$WORK/stmt4.txt.err"
# The last pairing's reports follow moved lines only while places keep their
# order (ShiftedReduce.h): a blank line between two accesses of one function
# moves the later one (its reports too); two functions that trade places
# change the order of places in the file, and the pairing is done again.
sed -i 's|^  (void)0;$|  (void)0;\n|' "$P/util.c"
scan "$WORK/gap.txt"
reference "$WORK/gap.ref"
check "a line inside a function: same reports as a scan without cache" cmp -s "$WORK/gap.ref" "$WORK/gap.txt"
check "a line inside a function: the pairing's reports moved" grep -q 'pairing skipped: .* with its lines moved' "$WORK/gap.txt.err"
check "a line inside a function: the read below it moved" grep -q 'util.c:9:15: warning: read of `g_hits`' "$WORK/gap.txt"
sed -i '/^void count_hit(void)/{h;d};/^void count_miss(void)/{G}' "$P/util.c"
scan "$WORK/swap.txt"
reference "$WORK/swap.ref"
check "functions swapped: same reports as a scan without cache" cmp -s "$WORK/swap.ref" "$WORK/swap.txt"
check "functions swapped: pairing redone" test -z "$(grep 'pairing skipped' "$WORK/swap.txt.err")"
# What the scan checked (JSON "coverage") is kept with reused reports: a
# scan whose pairing is skipped, and one answered whole from the last
# scan's result, say what a scan without cache says.
"$R" scan -p "$P" --no-cache --quiet --format=json -o "$WORK/cov.ref"
printf '/* and again */\n' >>"$P/main.c"
"$R" scan -p "$P" --cache-dir "$C" --quiet --format=json -o "$WORK/cov1.json"
"$R" scan -p "$P" --cache-dir "$C" --quiet --format=json -o "$WORK/cov2.json"
check "coverage: pairing skipped, as without cache" cmp -s "$WORK/cov.ref" "$WORK/cov1.json"
check "coverage: the last scan's result, as without cache" cmp -s "$WORK/cov.ref" "$WORK/cov2.json"
check "coverage: threads counted" grep -q '"threads": *[1-9]' "$WORK/cov2.json"

# --verdict: the assumptions travel in the cached summaries, and the verdict
# of a cached scan is that of a scan without cache. A callback called by the
# threads (an unresolved call) makes it unknown; once the call is gone, the
# program is race-free.
V=$WORK/v
mkdir -p "$V"
cat >"$V/hook.c" <<'SRC'
void (*on_tick)(void);
void tick(void) {
  if (on_tick)
    on_tick();
}
SRC
cat >"$V/main.c" <<'SRC'
#include <pthread.h>
void tick(void);
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int ticks;
static void *run(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
  ticks++;
  pthread_mutex_unlock(&mu);
  tick();
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, run, 0);
  pthread_create(&b, 0, run, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
SRC
printf '[{"directory": "%s", "file": "%s/hook.c", "command": "cc -c hook.c"},
 {"directory": "%s", "file": "%s/main.c", "command": "cc -c main.c"}]\n' \
  "$V" "$V" "$V" "$V" >"$V/compile_commands.json"
vscan() { "$R" scan -p "$V" --cache-dir "$WORK/vcache" --verdict --quiet -o "$1" 2>/dev/null; }
vref() { "$R" scan -p "$V" --no-cache --verdict --quiet -o "$1" 2>/dev/null; }
vscan "$WORK/v1.txt"
vscan "$WORK/v2.txt"
vref "$WORK/v.ref"
check "verdict: unknown for the callback" grep -q '^verdict: unknown (.*unresolved-call' "$WORK/v.ref"
check "verdict: cold cached scan == no cache" cmp -s "$WORK/v.ref" "$WORK/v1.txt"
check "verdict: warm scan == no cache" cmp -s "$WORK/v.ref" "$WORK/v2.txt"
# An edit of main.c only: hook.c's summary (and its assumption) is reused.
printf '/* edited */\n' >>"$V/main.c"
vscan "$WORK/v3.txt"
check "verdict: after an edit elsewhere, still the callback's" cmp -s "$WORK/v.ref" "$WORK/v3.txt"
sed -i 's|on_tick();|;|' "$V/hook.c"
vscan "$WORK/v4.txt"
vref "$WORK/v4.ref"
check "verdict: the call removed, race-free" grep -q '^verdict: race-free' "$WORK/v4.ref"
check "verdict: the call removed, cached == no cache" cmp -s "$WORK/v4.ref" "$WORK/v4.txt"
finish
