/* Start routines passed under another function type: an explicit cast of a
   worker with another signature, and an old-style `void *f()` definition.
   Both are the function itself: their races are found. */
#include <pthread.h>

static long g_area;
static long g_ticks;

static void *part_of_calc(long id) {
  g_area += id; // expected-race{{unprotected write to `g_area` in 'part_of_calc' races with itself on another thread}}
  return 0;
}

static void *ticker() {
  g_ticks++;
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, (void *(*)(void *))part_of_calc, (void *)i);
  pthread_create(&t[2], 0, ticker, 0);
  g_ticks = 0; // expected-race{{unprotected write to `g_ticks` in 'main' races with the write in 'ticker'}}
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return (int)(g_area + g_ticks);
}
