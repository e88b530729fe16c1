// Twins of queue_pop_owns_node.c where the node is not the popper's own: a
// run queue that rotates its head to the tail (the task is still queued
// while the CPU thread updates it), and a pop that forgot to advance the
// head (`q_head = j` instead of `j->next`): both workers hold the same job.
#include <pthread.h>
#include <stddef.h>

struct task {
  struct task *next;
  long ticks;
};
static struct task *rq_head, *rq_tail;
static pthread_mutex_t rq_mu = PTHREAD_MUTEX_INITIALIZER;

static void *cpu(void *arg) {
  pthread_mutex_lock(&rq_mu);
  struct task *t = rq_head;
  if (!t || !t->next) {
    pthread_mutex_unlock(&rq_mu);
    return arg;
  }
  rq_head = t->next;
  rq_tail->next = t;
  t->next = NULL;
  rq_tail = t;
  pthread_mutex_unlock(&rq_mu);
  t->ticks += 10; // expected-race{{unprotected write to `rq_head->ticks` in 'cpu' races with itself on another thread}}
  return arg;
}

struct job {
  struct job *next;
  long bytes;
};
static struct job *q_head;
static pthread_mutex_t q_mu = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  pthread_mutex_lock(&q_mu);
  struct job *j = q_head;
  q_head = j;
  pthread_mutex_unlock(&q_mu);
  j->bytes += 512; // expected-race{{unprotected write to `q_head->bytes` in 'worker' races with itself on another thread}}
  return arg;
}

int main(void) {
  static struct task x, y;
  static struct job n;
  x.next = &y;
  rq_head = &x;
  rq_tail = &y;
  q_head = &n;
  pthread_t a, b, c, d;
  pthread_create(&a, NULL, cpu, NULL);
  pthread_create(&b, NULL, cpu, NULL);
  pthread_create(&c, NULL, worker, NULL);
  pthread_create(&d, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  pthread_join(d, NULL);
  return 0;
}
