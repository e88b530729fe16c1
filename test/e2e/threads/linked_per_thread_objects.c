// Per-thread objects that are also shared (memcached's loggers): each
// thread allocates its logger, keeps it under a pthread key and links it
// into a global list; the logger thread walks that list and drains every
// logger under the logger's own mutex. A thread's own fields are its own
// (two threads' loggers are two objects), but a field the walker also
// touches races when the owner touches it without the mutex: memcached's
// `l->dropped++` after `pthread_mutex_unlock(&l->mutex)` (fixed in 894974d).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct logger {
  pthread_mutex_t mutex;
  struct logger *next;
  unsigned long dropped;
  unsigned long written;
  unsigned long errors;
  unsigned long peak;
  int eflags;
  int id;
} logger;

static pthread_key_t logger_key;
static pthread_mutex_t logger_stack_lock = PTHREAD_MUTEX_INITIALIZER;
static logger *logger_stack_head;

static void logger_link_q(logger *l) {
  pthread_mutex_lock(&logger_stack_lock);
  l->next = logger_stack_head;
  logger_stack_head = l;
  pthread_mutex_unlock(&logger_stack_lock);
}

static logger *logger_create(void) {
  logger *l = calloc(1, sizeof(logger));
  if (l == NULL)
    return NULL;
  pthread_mutex_init(&l->mutex, NULL);
  l->eflags = 1; // not shared yet
  pthread_setspecific(logger_key, l);
  logger_link_q(l);
  return l;
}

// Written under the logger's mutex, but counted after it is released.
static int logger_log_bad(logger *l, int full) {
  pthread_mutex_lock(&l->mutex);
  if (full) {
    pthread_mutex_unlock(&l->mutex);
    l->dropped++; // expected-race{{unprotected write to `logger_key->...->dropped` in 'logger_log_bad' (reached from 'worker_bad') races with the write to `logger_stack_head->...->dropped` in 'logger_thread_read'}}
    return 0;
  }
  l->written++;
  pthread_mutex_unlock(&l->mutex);
  return 1;
}

// Found through the key instead of a pointer kept by the thread.
static void note_error_bad(void) {
  logger *l = pthread_getspecific(logger_key);
  if (l == NULL)
    return;
  l->errors++; // expected-race{{unprotected write to `logger_key->...->errors` in 'note_error_bad' (reached from 'worker_bad') races with the write to `logger_stack_head->...->errors` in 'logger_thread_read'}}
}

// Under the logger's mutex on both sides: no race.
static void note_peak_ok(unsigned long n) {
  logger *l = pthread_getspecific(logger_key);
  pthread_mutex_lock(&l->mutex);
  if (n > l->peak)
    l->peak = n;
  pthread_mutex_unlock(&l->mutex);
}

static void logger_thread_read(logger *l, unsigned long *total) {
  pthread_mutex_lock(&l->mutex);
  *total += l->dropped + l->written + l->errors + l->peak;
  l->dropped = 0;
  l->written = 0;
  l->errors = 0;
  l->peak = 0;
  pthread_mutex_unlock(&l->mutex);
}

static void *logger_thread(void *arg) {
  (void)arg;
  unsigned long total = 0;
  for (int round = 0; round < 1000; round++) {
    pthread_mutex_lock(&logger_stack_lock);
    for (logger *l = logger_stack_head; l != NULL; l = l->next)
      logger_thread_read(l, &total);
    pthread_mutex_unlock(&logger_stack_lock);
  }
  printf("%lu\n", total);
  return NULL;
}

// Walks the list without any lock: its read of `written` races with the
// drain's write (two walks of one list reach the same objects), as do
// its reads of the list's links with a worker linking its logger.
static void *stats_thread_bad(void *arg) {
  (void)arg;
  unsigned long sum = 0;
  // expected-race@+1{{read of `logger_stack_head` without synchronization in 'stats_thread_bad' races with the write in 'logger_link_q'}}
  for (logger *l = logger_stack_head; l; l = l->next) // expected-race{{read of `logger_stack_head->...->next` without synchronization in 'stats_thread_bad' races with the write to `logger_key->...->next` in 'logger_link_q'}}
    sum += l->written; // expected-race{{read of `logger_stack_head->...->written` without synchronization in 'stats_thread_bad' races with the write in 'logger_thread_read'}}
  printf("%lu\n", sum);
  return NULL;
}

// The same walk under the list's lock and each logger's mutex: ordered
// with the drain (the list's lock) and with the owners (the mutex).
static void *stats_thread_ok(void *arg) {
  (void)arg;
  unsigned long sum = 0;
  pthread_mutex_lock(&logger_stack_lock);
  for (logger *l = logger_stack_head; l; l = l->next) {
    pthread_mutex_lock(&l->mutex);
    sum += l->written;
    pthread_mutex_unlock(&l->mutex);
  }
  pthread_mutex_unlock(&logger_stack_lock);
  printf("%lu\n", sum);
  return NULL;
}

// A helper thread handed the worker's own logger writes its flags while
// the worker does: one object, a real race; both sides name it as a
// thread's own linked object, which the check takes for two objects.
static void *flusher(void *arg) {
  logger *l = arg;
  l->eflags = 0; // FIXME-race{{one linked object shared by its owner and a thread it starts}}
  return NULL;
}

static void *worker_bad(void *arg) {
  int id = *(int *)arg;
  logger *l = logger_create();
  if (l == NULL)
    return NULL;
  l->id = id; // its own field: other threads' loggers are other objects
  for (int i = 0; i < 100; i++) {
    l->eflags = i; // its own field, too
    if (!logger_log_bad(l, i & 1))
      note_error_bad();
    note_peak_ok((unsigned long)i);
  }
  if (id == 1) {
    pthread_t f;
    pthread_create(&f, NULL, flusher, l);
    l->eflags = 2;
    pthread_join(f, NULL);
  }
  return NULL;
}

int main(void) {
  pthread_t t[5];
  int ids[5] = {0, 1, 2, 3, 4};
  pthread_key_create(&logger_key, NULL);
  pthread_create(&t[0], NULL, logger_thread, NULL);
  pthread_create(&t[1], NULL, stats_thread_bad, NULL);
  pthread_create(&t[2], NULL, stats_thread_ok, NULL);
  for (int i = 3; i < 5; i++)
    pthread_create(&t[i], NULL, worker_bad, &ids[i]);
  for (int i = 0; i < 5; i++)
    pthread_join(t[i], NULL);
  return 0;
}
