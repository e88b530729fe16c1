/* A lock wrapper that checks its state first and ends the process on an
   error: it returns only with the lock held, so the callers' updates are
   protected. The unchecked counter stays a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t g_table_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_table_ready = 1;
static long g_rows;
static long g_lookups;

static void table_lock(void) {
  if (!g_table_ready) {
    fprintf(stderr, "table used before init\n");
    exit(1);
  }
  pthread_mutex_lock(&g_table_lock);
}

static void table_unlock(void) { pthread_mutex_unlock(&g_table_lock); }

static void *inserter_ok(void *arg) {
  (void)arg;
  table_lock();
  g_rows++;
  table_unlock();
  g_lookups++; // expected-race{{unprotected write to `g_lookups` in 'inserter_ok' races with itself on another thread}}
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, inserter_ok, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return (int)(g_rows + g_lookups);
}
