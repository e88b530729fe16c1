/* The try-lock result kept in a status variable and checked against EBUSY
   first, then against 0 (errors abort), as in the POSIX threads books:
   the monitor reads the counter only where the lock is held. The status
   variable is reused for the unlock's result; a loop tries again.
   Twins: a branch on a status that a plain assignment may have changed
   takes nothing, and the EBUSY branch holds no lock. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static long g_counter;
static long g_misses;
static long g_peeks;

static void *counter_thread(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++) {
    int status = pthread_mutex_lock(&g_lock);
    if (status != 0)
      abort();
    g_counter++;
    status = pthread_mutex_unlock(&g_lock);
    if (status != 0)
      abort();
  }
  return NULL;
}

static void *monitor_ok(void *arg) {
  (void)arg;
  int status;
  for (int i = 0; i < 10; i++) {
    sleep(1);
    status = pthread_mutex_trylock(&g_lock);
    if (status != EBUSY) {
      if (status != 0)
        abort();
      printf("counter %ld\n", g_counter);
      status = pthread_mutex_unlock(&g_lock);
      if (status != 0)
        abort();
    } else {
      g_misses++; // expected-race{{unprotected write to `g_misses` in 'monitor_ok' races with itself on another thread}}
    }
  }
  return NULL;
}

static void *peek_bad(void *arg) {
  int status = pthread_mutex_trylock(&g_lock);
  if (arg)
    status = 0; /* not a call's result: the branch below tells nothing */
  if (status == 0) {
    g_peeks = g_counter; // expected-race{{read of `g_counter` without synchronization in 'peek_bad' races with the write in 'counter_thread'}}
    pthread_mutex_unlock(&g_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t c, m1, m2, p;
  pthread_create(&c, NULL, counter_thread, NULL);
  pthread_create(&m1, NULL, monitor_ok, NULL);
  pthread_create(&m2, NULL, monitor_ok, NULL);
  pthread_create(&p, NULL, peek_bad, NULL);
  pthread_join(c, NULL);
  pthread_join(m1, NULL);
  pthread_join(m2, NULL);
  pthread_join(p, NULL);
  return (int)(g_counter + g_misses + g_peeks);
}
