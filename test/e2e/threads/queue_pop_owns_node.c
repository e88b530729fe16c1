// A job queue drained by several workers: a worker takes the head under the
// queue's mutex and unlinks it (`q_head = j->next`) before it unlocks, so
// the job is its own from then on, whatever it writes into it. A worker
// that only peeks at the head (no unlink) shares it with every other
// worker; one that takes the head before locking may take the same one as
// another.
#include <pthread.h>
#include <stdlib.h>

struct job {
  struct job *next;
  int fd;
  long bytes;
  int status;
};

static struct job *q_head;
static pthread_mutex_t q_mu = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&q_mu);
    struct job *j = q_head;
    if (!j) {
      pthread_mutex_unlock(&q_mu);
      return NULL;
    }
    q_head = j->next;
    pthread_mutex_unlock(&q_mu);
    j->bytes = j->fd * 512L;
    j->status = 1;
    free(j);
  }
}

static void *prober(void *arg) {
  (void)arg;
  pthread_mutex_lock(&q_mu);
  struct job *head = q_head;
  pthread_mutex_unlock(&q_mu);
  if (head)
    head->status = 2; // expected-race{{unprotected write to `q_head->status` in 'prober' races with itself on another thread}}
  return NULL;
}

static void *hasty(void *arg) {
  (void)arg;
  struct job *j = q_head; // expected-race{{read of `q_head` without synchronization in 'hasty'}}
  if (!j)
    return NULL;
  pthread_mutex_lock(&q_mu);
  q_head = j->next;
  pthread_mutex_unlock(&q_mu);
  return NULL;
}

int main(void) {
  for (int i = 0; i < 8; i++) {
    struct job *j = calloc(1, sizeof *j);
    j->fd = i;
    j->next = q_head;
    q_head = j;
  }
  pthread_t w[2], p[2], h;
  for (int i = 0; i < 2; i++) {
    pthread_create(&w[i], NULL, worker, NULL);
    pthread_create(&p[i], NULL, prober, NULL);
  }
  pthread_create(&h, NULL, hasty, NULL);
  for (int i = 0; i < 2; i++) {
    pthread_join(w[i], NULL);
    pthread_join(p[i], NULL);
  }
  pthread_join(h, NULL);
  return 0;
}
