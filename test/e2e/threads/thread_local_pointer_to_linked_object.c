// A thread keeps its logger in a thread-local pointer and links it into a
// global list that the logger thread drains under each logger's mutex: a
// field the owner updates through the thread-local pointer without the
// mutex races with the drain. A thread-local pointer to an object that is
// never linked anywhere is the thread's own: no race.
#include <pthread.h>
#include <stdlib.h>

typedef struct logger {
  pthread_mutex_t mutex;
  struct logger *next;
  unsigned long dropped;
  unsigned long seen;
} logger;

typedef struct scratch {
  unsigned long uses;
} scratch;

static pthread_mutex_t stack_lock = PTHREAD_MUTEX_INITIALIZER;
static logger *stack_head;
static __thread logger *my_logger;
static __thread scratch *my_scratch;

static void link_logger(logger *l) {
  pthread_mutex_lock(&stack_lock);
  l->next = stack_head;
  stack_head = l;
  pthread_mutex_unlock(&stack_lock);
}

static void note_drop_bad(void) {
  my_logger->dropped++; // expected-race{{unprotected write to `my_logger->...->dropped` in 'note_drop_bad' (reached from 'worker') races with the write to `stack_head->...->dropped` in 'drain'}}
  my_scratch->uses++;   // the thread's own scratch object
}

static void *worker(void *arg) {
  (void)arg;
  logger *l = calloc(1, sizeof *l);
  pthread_mutex_init(&l->mutex, NULL);
  my_logger = l;
  link_logger(l);
  my_scratch = calloc(1, sizeof *my_scratch);
  for (int i = 0; i < 100; i++)
    note_drop_bad();
  return NULL;
}

static void *drain(void *arg) {
  (void)arg;
  for (int round = 0; round < 100; round++) {
    pthread_mutex_lock(&stack_lock);
    for (logger *l = stack_head; l; l = l->next) {
      pthread_mutex_lock(&l->mutex);
      l->dropped = 0;
      l->seen++;
      pthread_mutex_unlock(&l->mutex);
    }
    pthread_mutex_unlock(&stack_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], NULL, drain, NULL);
  for (int i = 1; i < 3; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  return 0;
}
