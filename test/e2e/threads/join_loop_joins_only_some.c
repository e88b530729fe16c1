/* A pool of workers started in one loop and joined in another. A join loop
 * that stops one short (`i < n - 1`) or steps over every other handle
 * (`i += 2`) leaves some workers running: main's read of what they write
 * races with them, for sure (an off-by-one seen in real shutdown code).
 * Joined in full, by the same range or by a short loop and then the last
 * one, nothing races. */
#include <pthread.h>

#define NWORKERS 4

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long served_a, served_b, served_c, served_d;

static void *worker_a(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  served_a++;
  pthread_mutex_unlock(&stats_lock);
  return 0;
}

static void *worker_b(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  served_b++;
  pthread_mutex_unlock(&stats_lock);
  return 0;
}

static void *worker_c(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  served_c++;
  pthread_mutex_unlock(&stats_lock);
  return 0;
}

static void *worker_d(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  served_d++;
  pthread_mutex_unlock(&stats_lock);
  return 0;
}

static long shutdown_one_short_bad(int n) {
  pthread_t t[NWORKERS];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker_a, 0);
  for (int i = 0; i < n - 1; i++)
    pthread_join(t[i], 0);
  return served_a; // expected-race{{read of `served_a` without synchronization in 'shutdown_one_short_bad' (reached from 'main') races with the write in 'worker_a'}}
}

static long shutdown_every_other_bad(int n) {
  pthread_t t[NWORKERS];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker_b, 0);
  for (int i = 0; i < n; i += 2)
    pthread_join(t[i], 0);
  return served_b; // expected-race{{read of `served_b` without synchronization in 'shutdown_every_other_bad' (reached from 'main') races with the write in 'worker_b'}}
}

static long shutdown_all_ok(int n) {
  pthread_t t[NWORKERS];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker_c, 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  return served_c;
}

static long shutdown_short_then_last_ok(int n) {
  pthread_t t[NWORKERS];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker_d, 0);
  for (int i = 0; i < n - 1; i++)
    pthread_join(t[i], 0);
  pthread_join(t[n - 1], 0);
  return served_d;
}

int main(void) {
  return (int)(shutdown_one_short_bad(NWORKERS) +
               shutdown_every_other_bad(NWORKERS) +
               shutdown_all_ok(NWORKERS) +
               shutdown_short_then_last_ok(NWORKERS));
}
