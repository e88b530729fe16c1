// The handler table's address escapes to a setter (`table_set(g_handlers,
// 1, h_stat)`): racecar does not see what it stores there, so a call
// through the table keeps an unresolved branch and the verdict cannot be
// race-free (the stat handler's write races between the workers).
// expected-verdict{{unknown (unresolved-call}}
#include <pthread.h>
#include <stddef.h>

typedef int (*handler_fn)(int);
static long g_stat;
static int h_ping(int c) { return c; }
static int h_stat(int c) {
  g_stat = c; // FIXME-race{{unprotected write to `g_stat`}}
  return c;
}
static handler_fn g_handlers[2] = {h_ping, 0};
static void table_set(handler_fn *tbl, int op, handler_fn f) { tbl[op] = f; }

static void *worker(void *arg) {
  for (int op = 0; op < 2; op++) {
    handler_fn h = g_handlers[op];
    if (h)
      h((int)(long)arg);
  }
  return NULL;
}

int main(void) {
  table_set(g_handlers, 1, h_stat);
  pthread_t a, b;
  pthread_create(&a, NULL, worker, (void *)1L);
  pthread_create(&b, NULL, worker, (void *)2L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
