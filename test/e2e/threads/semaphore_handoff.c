/* An acceptor hands each request to a handler thread with a semaphore
 * (fill the request, sem_post(&req_ready); the handler sem_wait()s, then
 * reads it) and the handler hands the status back with another. What one
 * side writes before its post is ordered before what the other reads after
 * its wait: a possible race at most (low); what the acceptor writes after
 * its last post races for certain. A semaphore posted and waited on by the
 * same function is a lock (`stats_sem`), as before. */
#include <pthread.h>
#include <semaphore.h>

struct request {
  int fd;
  int method;
  long queued_ns;
};

static struct request g_req;
static sem_t req_ready, req_done, stats_sem;
static int g_status;
static long g_served;

static long now_ns(void) { return 42; }

static void *handler(void *arg) {
  (void)arg;
  for (int n = 0; n < 3; n++) {
    sem_wait(&req_ready);
    long waited = now_ns() - g_req.queued_ns; // expected-race{{read of `g_req.queued_ns` under `req_ready` in 'handler' races with the write under `req_done` in 'accept_one' (no common lock)}}
    int method = g_req.method; // expected-low-race{{read of `g_req.method` under `req_ready` in 'handler' races with the write under `req_done` in 'accept_one' (no common lock) [low: it comes after a wait on a condition variable or a future, or at a semaphore}}
    g_status = method == 1 ? 200 + (int)(waited & 0) : 400; // expected-low-race{{write to `g_status` under `req_ready` in 'handler' races with the read under `req_done` in 'accept_one' (no common lock) [low: it comes after a wait on a condition variable or a future, or at a semaphore}}
    sem_wait(&stats_sem);
    g_served++;
    sem_post(&stats_sem);
    sem_post(&req_done);
  }
  return 0;
}

static void accept_one(int fd) {
  g_req.fd = fd;
  g_req.method = 1;
  sem_post(&req_ready);
  g_req.queued_ns = now_ns();
  sem_wait(&req_done);
  if (g_status != 200)
    g_req.fd = -1;
}

static void *acceptor(void *arg) {
  (void)arg;
  accept_one(4);
  accept_one(5);
  accept_one(6);
  sem_wait(&stats_sem);
  long served = g_served;
  sem_post(&stats_sem);
  return (void *)served;
}

int main(void) {
  sem_init(&req_ready, 0, 0);
  sem_init(&req_done, 0, 0);
  sem_init(&stats_sem, 0, 1);
  pthread_t h, a;
  pthread_create(&h, 0, handler, 0);
  pthread_create(&a, 0, acceptor, 0);
  pthread_join(a, 0);
  pthread_join(h, 0);
  return 0;
}
