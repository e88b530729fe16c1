// A planner and an executor meet at a barrier: the budget is written before
// the planner's wait and read after the executor's, so the barrier orders
// them (low: racecar does not check that both wait at the same barrier).
// The progress counter both threads bump after the barrier races for sure.
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stddef.h>

static pthread_barrier_t phase;
static long g_budget;
static long g_progress;

static void *planner(void *arg) {
  (void)arg;
  g_budget = 100;
  pthread_barrier_wait(&phase);
  g_progress++;
  return NULL;
}

static void *executor(void *arg) {
  (void)arg;
  pthread_barrier_wait(&phase);
  long spent = g_budget / 2; // expected-low-race{{barrier}}
  g_progress++; // expected-race{{unprotected write to `g_progress` in 'executor' races with the write in 'planner'}}
  return (void *)spent;
}

int main(void) {
  pthread_t p, e;
  pthread_barrier_init(&phase, NULL, 2);
  pthread_create(&p, NULL, planner, NULL);
  pthread_create(&e, NULL, executor, NULL);
  pthread_join(p, NULL);
  pthread_join(e, NULL);
  pthread_barrier_destroy(&phase);
  return 0;
}
