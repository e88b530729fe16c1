/* C code has no classes: free functions are never entry points, even with pthread locks. */
#include <pthread.h>

/* expected-no-races */

struct counter {
  pthread_mutex_t mu;
  long value;
  long resets;
};

void counter_inc_ok(struct counter *c) {
  pthread_mutex_lock(&c->mu);
  c->value++;
  pthread_mutex_unlock(&c->mu);
}

void counter_reset_ok(struct counter *c) {
  c->value = 0;
  c->resets++;
}

static long g_total;

void total_add_ok(long n) { g_total += n; }
