#!/usr/bin/env bash
# .racecar.yaml end to end, on a small project with a vendored directory:
# exclude (TUs and reports), disable, single_threaded, confidence, found from
# the build directory upwards or named with --config; --exclude; errors name
# file:line:col. Then the nightly workflow at once: one report suppressed
# inline, one left out by config, a baseline from yesterday.
# Usage: config_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
P=$WORK/proj
mkdir -p "$P/src" "$P/third_party/lib" "$P/build"
cat > "$P/src/stats.cpp" <<'CPP'
#include <mutex>
class Stats {
public:
  void add() { std::lock_guard<std::mutex> g(mu_); ++hits_; ++misses_; }
  long hits() const { return hits_; }
  long misses() const { return misses_; }
private:
  std::mutex mu_;
  long hits_ = 0, misses_ = 0;
};
class Registry {
public:
  void add() { std::lock_guard<std::mutex> g(mu_); ++n_; }
  long size() const { return n_; }
private:
  std::mutex mu_;
  long n_ = 0;
};
CPP
cat > "$P/third_party/lib/vendored.cpp" <<'CPP'
#include <mutex>
class Vendored {
public:
  void add() { std::lock_guard<std::mutex> g(mu_); ++n_; }
  long get() const { return n_; }
private:
  std::mutex mu_;
  long n_ = 0;
};
CPP
cat > "$P/build/compile_commands.json" <<JSON
[
  {"directory": "$P", "file": "src/stats.cpp", "command": "g++ -std=c++17 -c src/stats.cpp"},
  {"directory": "$P", "file": "third_party/lib/vendored.cpp", "command": "g++ -std=c++17 -c third_party/lib/vendored.cpp"}
]
JSON
count() { sed -n 's/^\([0-9]*\) races\{0,1\} reported.*/\1/p' "$1"; }

"$R" scan -p "$P/build" --no-cache -o /dev/null 2> "$WORK/err.txt"
check "no config: 4 races" test "$(count "$WORK/err.txt")" = 4

cat > "$P/.racecar.yaml" <<'YAML'
# the team's decisions
exclude:
  - third_party/
single_threaded:
  - Registry
YAML
"$R" scan -p "$P/build" --no-cache -v -o /dev/null 2> "$WORK/err.txt"
check "config found from the build dir upwards" grep -q "racecar: config $P/.racecar.yaml" "$WORK/err.txt"
check "the vendored TU is not analysed" grep -q "1 of 2 translation units excluded" "$WORK/err.txt"
check "single_threaded Registry left out: 2 races" test "$(count "$WORK/err.txt")" = 2
check "the summary says one was left out" grep -q "(1 left out by exclude/disable/single_threaded)" "$WORK/err.txt"

"$R" scan -p "$P/build" --no-cache --exclude 'src/' -o /dev/null 2> "$WORK/err.txt"
check "--exclude everything left: usage error" test $? -eq 2

printf 'disable: [racecar-read-write-race]\nconfidence: all\n' > "$WORK/other.yaml"
"$R" scan -p "$P/build" --no-cache --config "$WORK/other.yaml" -o /dev/null 2> "$WORK/err.txt"
check "--config: every read/write race disabled, exit 0" test $? -eq 0

printf 'exclude: [third_party/]\nexculde: [x]\n' > "$WORK/bad.yaml"
"$R" scan -p "$P/build" --no-cache --config "$WORK/bad.yaml" -o /dev/null 2> "$WORK/err.txt"
check "unknown key: exit 2" test $? -eq 2
check "unknown key: file:line:col" grep -q "$WORK/bad.yaml:2:1: error: unknown key 'exculde'" "$WORK/err.txt"
printf 'disable: [racecar-everything]\n' > "$WORK/bad.yaml"
"$R" scan -p "$P/build" --no-cache --config "$WORK/bad.yaml" -o /dev/null 2> "$WORK/err.txt"
check "unknown rule: exit 2" test $? -eq 2
printf 'exclude: ["("]\n' > "$WORK/bad.yaml"
"$R" scan -p "$P/build" --no-cache --config "$WORK/bad.yaml" -o /dev/null 2> "$WORK/err.txt"
check "bad regex: exit 2, named with its file" bash -c "grep -q \"bad.yaml:.*exclude: '(' is not a valid regular expression\" '$WORK/err.txt'"

# The nightly workflow: yesterday's SARIF as the baseline, one report
# suppressed inline, the vendored one excluded by the config.
rm "$P/.racecar.yaml"
"$R" scan -p "$P/build" --no-cache --format=sarif -o "$WORK/yesterday.sarif" 2>/dev/null
printf 'exclude: [third_party/]\n' > "$P/.racecar.yaml"
sed -i 's|  long hits() const { return hits_; }|  long hits() const { return hits_; } // racecar: ignore -- logging only\n  long peek() const { return n2_; }\n  void set(long v) { n2_ = v; }|; s|  long hits_ = 0, misses_ = 0;|  long hits_ = 0, misses_ = 0, n2_ = 0;|' "$P/src/stats.cpp"
"$R" scan -p "$P/build" --no-cache --baseline "$WORK/yesterday.sarif" --no-source > "$WORK/out.txt" 2> "$WORK/err.txt"
status=$?
check "nightly: exit 1 for the new races" test $status -eq 1
check "nightly: the new races only" bash -c "[ \$(grep -c 'warning:' '$WORK/out.txt') -eq 2 ] && ! grep -q 'hits_\\|misses_\\|Vendored' '$WORK/out.txt'"
check "nightly: counts" grep -q "^2 races reported in 1 translation unit (1 suppressed in the source) (baseline: 2 new, 3 already known, 1 gone)" "$WORK/err.txt"
# models: the project's own lock and guard, which racecar cannot recognize.
M=$WORK/models
mkdir -p "$M/build"
cat > "$M/spin.cpp" <<'CPP'
#include <atomic>
namespace util {
class Spinner {
public:
  void acquire() { while (f_.exchange(true)) {} }
  void release() { f_.store(false); }
private:
  std::atomic<bool> f_{false};
};
class Hold {
public:
  explicit Hold(Spinner *s) : s_(s) { s_->acquire(); }
  ~Hold() { s_->release(); }
private:
  Spinner *s_;
};
} // namespace util
class Queue {
public:
  void push() { util::Hold h(&sp_); ++size_; }
  void pop() { sp_.acquire(); --size_; sp_.release(); }
  long size() const { return size_; }
private:
  util::Spinner sp_;
  long size_ = 0;
};
CPP
cat > "$M/build/compile_commands.json" <<JSON
[{"directory": "$M", "file": "spin.cpp", "command": "g++ -std=c++17 -c spin.cpp"}]
JSON
"$R" scan -p "$M/build" -o /dev/null 2> "$WORK/err.txt"
check "without models: Queue is not known to lock, no race" test "$(count "$WORK/err.txt")" = 0
cat > "$M/.racecar.yaml" <<'YAML'
models:
  lock: [util::Spinner::acquire]
  unlock: [util::Spinner::release]
  guards: [util::Hold]
YAML
"$R" scan -p "$M/build" --no-source > "$WORK/out.txt" 2> "$WORK/err.txt"
check "with models: the unlocked read is reported" bash -c \
  "grep -q \"read of \\\`this->size_\\\` without synchronization in 'Queue::size'\" '$WORK/out.txt' && [ \$(grep -c 'warning:' '$WORK/out.txt') -eq 1 ]"
check "with models: a cached rescan still applies them" bash -c \
  "'$R' scan -p '$M/build' -o /dev/null 2>&1 | grep -q '^1 race reported'"
# thread_safe: a class with no lock, declared thread-safe by the project.
T=$WORK/ts
mkdir -p "$T/build"
cat > "$T/counter.cpp" <<'CPP'
namespace metrics {
class Counter {
public:
  void inc() { ++n_; }
  long get() const { return n_; }
private:
  long n_ = 0;
};
} // namespace metrics
CPP
cat > "$T/build/compile_commands.json" <<JSON
[{"directory": "$T", "file": "counter.cpp", "command": "g++ -std=c++17 -c counter.cpp"}]
JSON
"$R" scan -p "$T/build" -o /dev/null 2> "$WORK/err.txt"
check "no evidence: not checked" test "$(count "$WORK/err.txt")" = 0
printf 'thread_safe: [metrics::Counter]\n' > "$T/.racecar.yaml"
"$R" scan -p "$T/build" -o /dev/null 2> "$WORK/err.txt"
check "thread_safe: checked, 2 races (a cached scan is redone)" test "$(count "$WORK/err.txt")" = 2
# models.thread_start: the project's own thread pool, with no body here.
S=$WORK/spawn
mkdir -p "$S/build"
cat > "$S/pool.c" <<'C'
typedef void *(*task_fn)(void *);
int spawn_task(task_fn fn, void *arg);
long completed;
static void *work(void *arg) { (void)arg; completed++; return 0; }
int main(void) {
  spawn_task(work, 0);
  spawn_task(work, 0);
  return 0;
}
C
cat > "$S/build/compile_commands.json" <<JSON
[{"directory": "$S", "file": "pool.c", "command": "gcc -c pool.c"}]
JSON
"$R" scan -p "$S/build" --no-cache -o /dev/null 2> "$WORK/err.txt"
check "unknown spawn function: no thread, no race" test "$(count "$WORK/err.txt")" = 0
printf 'models:\n  thread_start:\n    - function: spawn_task\n      entry: 0\n      arg: 1\n' > "$S/.racecar.yaml"
"$R" scan -p "$S/build" --no-cache --no-source > "$WORK/out.txt" 2>/dev/null
check "thread_start: the two tasks race" grep -q "unprotected write to \`completed\` in 'work' races with itself on another thread" "$WORK/out.txt"
# thread_start with pool: true: one submission's job runs beside the pool's
# other jobs, itself included.
Q=$WORK/queue
mkdir -p "$Q/build"
cat > "$Q/queue.c" <<'C'
typedef void (*job_fn)(void *);
void submit_job(job_fn fn, void *arg);
long done_jobs;
static void job(void *arg) { (void)arg; done_jobs++; }
void on_request(void) { submit_job(job, 0); }
int main(void) { on_request(); return 0; }
C
cat > "$Q/build/compile_commands.json" <<JSON
[{"directory": "$Q", "file": "queue.c", "command": "gcc -c queue.c"}]
JSON
printf 'models:\n  thread_start:\n    - {function: submit_job, entry: 0, arg: 1}\n' > "$Q/.racecar.yaml"
"$R" scan -p "$Q/build" --no-cache -o /dev/null 2> "$WORK/err.txt"
check "thread_start, started once: no race" test "$(count "$WORK/err.txt")" = 0
printf 'models:\n  thread_start:\n    - {function: submit_job, entry: 0, arg: 1, pool: true}\n' > "$Q/.racecar.yaml"
"$R" scan -p "$Q/build" --no-cache --no-source > "$WORK/out.txt" 2>/dev/null
check "thread_start pool: the job races with itself" grep -q "unprotected write to \`done_jobs\` in 'job' races with itself on another thread" "$WORK/out.txt"
# Issue 28 item 19: a bad exclude regex is placed where it is written.
printf 'disable: []\nexclude:\n  - third_party/\n  - "("\n' > "$WORK/bad.yaml"
"$R" scan -p "$P/build" --no-cache --config "$WORK/bad.yaml" -o /dev/null 2> "$WORK/err.txt"
check "bad regex on line 4: file:line:col" grep -q "bad.yaml:4:6: error: exclude: '('" "$WORK/err.txt"
# A config (printf format, then its argument) that must be refused: exit 2,
# the message naming the file and what is wrong ($4, a regex).
refused() { # BUILD_DIR FORMAT ARG NAMED
  printf "$2" "$3" > "$WORK/bad.yaml"
  "$R" scan -p "$1" --no-cache --config "$WORK/bad.yaml" -o /dev/null 2> "$WORK/err.txt"
  local rc=$?
  check "refused '$3': exit 2 (got $rc), naming $4" \
    bash -c "test $rc -eq 2 && grep -q \"bad.yaml:.*$4\" '$WORK/err.txt'"
}
# Issue 28 item 19: thread_start positions are range-checked.
for bad in 'entry: -1' 'entry: 99' 'entry: 1\n      arg: -2' 'entry: 1\n      arg: 1'; do
  refused "$S/build" "models:\n  thread_start:\n    - function: spawn_task\n      $bad\n" "" "thread_start 'spawn_task'"
done

# Issue 26 item 3: models.event_loops, a project's own event loop. Two
# threads run the loop the timer callback is registered with; a cached scan
# is redone when the models change (they change the lowering).
E=$WORK/evloop
mkdir -p "$E/build"
cat > "$E/loop.c" <<'C'
#include <pthread.h>
struct loop;
typedef void (*loop_cb)(void *);
void loop_add_timer(struct loop *l, loop_cb cb, void *arg);
void loop_run(struct loop *l);
struct loop *g_loop;
long ticks;
static void tick(void *arg) { (void)arg; ticks++; }
static void *worker(void *arg) { (void)arg; loop_run(g_loop); return 0; }
int main(void) {
  pthread_t a, b;
  loop_add_timer(g_loop, tick, 0);
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  return 0;
}
C
cat > "$E/build/compile_commands.json" <<JSON
[{"directory": "$E", "file": "loop.c", "command": "gcc -c loop.c"}]
JSON
"$R" scan -p "$E/build" --cache-dir "$WORK/evcache" --no-source > "$WORK/out.txt" 2>/dev/null
check "unknown loop functions: no callback runs, no race" test -z "$(grep 'unprotected write' "$WORK/out.txt")"
printf 'models:\n  event_loops:\n    - {function: loop_add_timer, role: register, loop: 0, callbacks: [1]}\n    - {function: loop_run, role: run, loop: 0}\n' > "$E/.racecar.yaml"
"$R" scan -p "$E/build" --cache-dir "$WORK/evcache" --no-source > "$WORK/out.txt" 2>/dev/null
check "event_loops: the callback runs on both loop threads (cache not reused)" grep -q "unprotected write to \`ticks\` in 'tick' (reached from 'worker') races with itself on another thread" "$WORK/out.txt"
# A project's own loop in a C++ namespace, by qualified name.
mkdir -p "$E/cxx/build"
cat > "$E/cxx/loop.cpp" <<'CXX'
#include <thread>
namespace net {
struct loop;
using loop_cb = void (*)(void *);
void add_timer(loop *l, loop_cb cb, void *arg);
void run(loop *l);
} // namespace net
net::loop *g_loop;
long ticks;
static void tick(void *) { ticks++; }
static void worker() { net::run(g_loop); }
int main() {
  net::add_timer(g_loop, tick, nullptr);
  std::thread a(worker), b(worker);
  a.join();
  b.join();
}
CXX
cat > "$E/cxx/build/compile_commands.json" <<JSON
[{"directory": "$E/cxx", "file": "loop.cpp", "command": "g++ -std=c++17 -c loop.cpp"}]
JSON
printf 'models:\n  event_loops:\n    - {function: "net::add_timer", role: register, loop: 0, callbacks: [1]}\n    - {function: "net::run", role: run, loop: 0}\n' > "$E/cxx/.racecar.yaml"
"$R" scan -p "$E/cxx/build" --no-cache --no-source > "$WORK/out.txt" 2>/dev/null
check "event_loops by qualified name (C++ namespace): the callback races" grep -q "unprotected write to \`ticks\` in 'tick' (reached from 'worker') races with itself on another thread" "$WORK/out.txt"
for bad in 'role: start, loop: 0' 'role: register, loop: 0' 'role: bind, loop: 0' 'role: register, loop: 0, callbacks: [40]' 'role: run, loop: -3'; do
  refused "$E/build" "models:\n  event_loops:\n    - {function: loop_add_timer, %s}\n" "$bad" "event_loops 'loop_add_timer'"
done

# Issue 28 item 18: a config in a shared parent above the repository (here
# one naming the pool's thread-starting function) does not apply; the
# repository's own root does.
G=$WORK/shared/repo
mkdir -p "$G/.git" "$G/build"
sed "s|$S|$G|g" "$S/build/compile_commands.json" > "$G/build/compile_commands.json"
cp "$S/pool.c" "$G/"
printf 'models:\n  thread_start:\n    - function: spawn_task\n      entry: 0\n      arg: 1\n' > "$WORK/shared/.racecar.yaml"
"$R" scan -v -p "$G/build" --no-cache --no-source > "$WORK/out.txt" 2> "$WORK/err.txt"
check "above the repository: the shared config is not used" test -z "$(grep 'racecar: config' "$WORK/err.txt")"
check "above the repository: so no thread, no race" test -z "$(grep 'unprotected write' "$WORK/out.txt")"
cp "$WORK/shared/.racecar.yaml" "$G/.racecar.yaml"
"$R" scan -v -p "$G/build" --no-cache --no-source > "$WORK/out.txt" 2> "$WORK/err.txt"
check "repository root: its config is used (-v says which)" grep -q "racecar: config $G/.racecar.yaml" "$WORK/err.txt"
check "repository root: the tasks race" grep -q "unprotected write" "$WORK/out.txt"
finish
