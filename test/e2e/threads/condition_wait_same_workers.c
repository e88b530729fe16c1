// A server's workers wait at a start gate (a flag and a condition
// variable), then account the bytes they send. The gate orders each worker
// after main opened it, but not one worker after another: both run once
// the gate is open, so their own updates race for sure. Workers that pass a
// turn around (each waits for its turn, works, hands the turn on with a
// signal) are ordered by the waits: only a possible race; so are workers
// of which the first through the gate claims a turn under the mutex (the
// claim orders them: a possible race).
#include <pthread.h>

static pthread_mutex_t gate_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cv = PTHREAD_COND_INITIALIZER;
static int gate_open;
static long g_bytes_sent;
static long g_batches;

static void *sender(void *arg) {
  long n = (long)arg;
  pthread_mutex_lock(&gate_mu);
  while (!gate_open)
    pthread_cond_wait(&gate_cv, &gate_mu);
  pthread_mutex_unlock(&gate_mu);
  g_bytes_sent += n * 512; // expected-race{{unprotected write to `g_bytes_sent` in 'sender' races with itself on another thread}}
  return 0;
}

static int claimed;
static long g_epoch;

static void *starter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&gate_mu);
  while (!gate_open)
    pthread_cond_wait(&gate_cv, &gate_mu);
  int leader = !claimed;
  claimed = 1;
  pthread_mutex_unlock(&gate_mu);
  if (leader)
    g_epoch++; // expected-low-race{{after a wait on a condition variable}}
  return 0;
}

static pthread_mutex_t turn_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t turn_cv = PTHREAD_COND_INITIALIZER;
static int turn;

static void *batcher(void *arg) {
  int me = (int)(long)arg;
  pthread_mutex_lock(&turn_mu);
  while (turn != me)
    pthread_cond_wait(&turn_cv, &turn_mu);
  pthread_mutex_unlock(&turn_mu);
  g_batches++; // expected-low-race{{after a wait on a condition variable}}
  pthread_mutex_lock(&turn_mu);
  turn = me + 1;
  pthread_cond_broadcast(&turn_cv);
  pthread_mutex_unlock(&turn_mu);
  return 0;
}

int main(void) {
  pthread_t s1, s2, b1, b2, l1, l2;
  pthread_create(&s1, 0, sender, (void *)1L);
  pthread_create(&s2, 0, sender, (void *)2L);
  pthread_mutex_lock(&gate_mu);
  gate_open = 1;
  pthread_cond_broadcast(&gate_cv);
  pthread_mutex_unlock(&gate_mu);
  pthread_create(&l1, 0, starter, 0);
  pthread_create(&l2, 0, starter, 0);
  pthread_create(&b1, 0, batcher, (void *)0L);
  pthread_create(&b2, 0, batcher, (void *)1L);
  pthread_join(s1, 0);
  pthread_join(s2, 0);
  pthread_join(l1, 0);
  pthread_join(l2, 0);
  pthread_join(b1, 0);
  pthread_join(b2, 0);
  return (int)(g_bytes_sent + g_batches + g_epoch);
}
