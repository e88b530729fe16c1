// Each worker initializes a shared table once, under a mutex and a flag
// (the first to take the mutex finds the flag clear, fills the table, sets
// the flag); every worker then pushes to the table under another mutex.
// The initialization comes before any push (the others find the flag set
// after the first unlocked), which the analysis does not model: only a
// possible race (low), also when the branch is in a helper the thread
// calls with the lock held. A write outside the flag's branch, or the
// branch without a lock, stays certain.
#include <pthread.h>

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static int state;
static int top_a, top_b;
static int stats;
static int stop, sold;
static int loaded, top_c;
static int halted, served;

static void init_a(void) { top_a = 0; } // expected-low-race{{once-only initialization}}
static void init_b(void) { top_b = 0; } // expected-low-race{{once-only initialization}}

static void push_a(void) {
  pthread_mutex_lock(&table_lock);
  top_a = top_a + 1;
  pthread_mutex_unlock(&table_lock);
}

static void push_b(void) {
  pthread_mutex_lock(&table_lock);
  top_b = top_b + 1;
  pthread_mutex_unlock(&table_lock);
}

static void *worker_once_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&init_lock);
  if (!initialized) {
    init_a();
    initialized = 1;
  }
  pthread_mutex_unlock(&init_lock);
  push_a();
  return 0;
}

// The same with a switch on a state (SV-COMP's 25_stack shape).
static void *worker_state_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&init_lock);
  switch (state) {
  case 0:
    init_b();
    state = 1;
  case 1:
    pthread_mutex_unlock(&init_lock);
    push_b();
    break;
  }
  return 0;
}

// The flag's branch in a helper the thread calls with the lock held.
static void init_c(void) { top_c = 0; }

static void load_table_once(void) {
  if (!loaded) {
    init_c();
    loaded = 1;
  }
}

static void *worker_helper_once_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&init_lock);
  load_table_once();
  pthread_mutex_unlock(&init_lock);
  pthread_mutex_lock(&table_lock);
  top_c = top_c + 1; // expected-low-race{{write to `top_c` under `table_lock` in 'worker_helper_once_ok' races with the write under `init_lock` in 'init_c' (no common lock) [low: it is in a once-only initialization}}
  pthread_mutex_unlock(&table_lock);
  return 0;
}

// The same helper shape without a lock: no order.
static void serve_once(void) {
  if (!halted) {
    served = served + 1;
    halted = 1; // expected-race{{unprotected write to `halted` in 'serve_once' (reached from 'worker_helper_unlocked_bad') races with itself on another thread; the call to 'serve_once' also races on `served`}}
  }
}

static void *worker_helper_unlocked_bad(void *arg) {
  (void)arg;
  serve_once();
  return 0;
}

// Written on every call, outside the flag's branch.
static void *worker_reset_bad(void *arg) {
  (void)arg;
  stats = 0; // expected-race{{unprotected write to `stats` in 'worker_reset_bad' races with itself}}
  pthread_mutex_lock(&init_lock);
  if (state == 0)
    state = 1;
  pthread_mutex_unlock(&init_lock);
  return 0;
}

// The flag tested and set without a lock (an airline's last seat): no
// order, the races are certain.
static void *worker_unlocked_flag_bad(void *arg) {
  (void)arg;
  if (!stop) { // expected-race{{read of `stop` without synchronization in 'worker_unlocked_flag_bad'}}
    sold = sold + 1; // expected-race{{unprotected write to `sold`}}
    stop = 1; // expected-race{{unprotected write to `stop`}}
  }
  return 0;
}

int main(void) {
  pthread_t t[12];
  pthread_create(&t[6], 0, worker_unlocked_flag_bad, 0);
  pthread_create(&t[7], 0, worker_unlocked_flag_bad, 0);
  pthread_create(&t[8], 0, worker_helper_once_ok, 0);
  pthread_create(&t[9], 0, worker_helper_once_ok, 0);
  pthread_create(&t[10], 0, worker_helper_unlocked_bad, 0);
  pthread_create(&t[11], 0, worker_helper_unlocked_bad, 0);
  for (int i = 0; i < 2; i++) {
    pthread_create(&t[3 * i], 0, worker_once_ok, 0);
    pthread_create(&t[3 * i + 1], 0, worker_state_ok, 0);
    pthread_create(&t[3 * i + 2], 0, worker_reset_bad, 0);
  }
  for (int i = 0; i < 12; i++)
    pthread_join(t[i], 0);
  return top_a + top_b + top_c;
}
