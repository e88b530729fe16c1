// A worker picks its handler from one of two tables into a local: the local
// holds what either table holds, which racecar does not merge, so the call
// stays unresolved and the verdict cannot be race-free (the slow handler's
// write races between the workers).
// expected-verdict{{unknown (unresolved-call}}
#include <pthread.h>
#include <stddef.h>

typedef void (*handler_fn)(int);

static long g_slow_calls;
static void fast(int c) { (void)c; }
static void slow(int c) { g_slow_calls += c; } // FIXME-race{{unprotected write to `g_slow_calls`}}

static handler_fn g_fast[2] = {fast, fast};
static handler_fn g_slow[2] = {slow, slow};

static void *worker(void *arg) {
  int c = (int)(long)arg;
  handler_fn h = g_fast[c & 1];
  if (c > 2)
    h = g_slow[c & 1];
  h(c);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, (void *)3L);
  pthread_create(&b, NULL, worker, (void *)4L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
