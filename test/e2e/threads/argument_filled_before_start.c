// A new argument object per thread, filled in before the thread that gets
// it starts (fio's run_threads: `fd = calloc(..); fd->td = td; ...;
// pthread_create(.., fd)` in the loop that starts the jobs). A thread a
// previous iteration started has an object of its own, so these writes are
// ordered before the only thread that sees the object. The same through an
// allocation wrapper and a helper that a loop calls. A write after the
// start, or into an object every thread shares, still races.
#include <pthread.h>
#include <stdlib.h>

struct job_args {
  int id;
  long budget;
  void *owner;
};

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}

static void *run_job(void *arg) {
  struct job_args *a = arg;
  long spent = 0;
  while (spent < a->budget) // expected-race{{read of `a->budget`}}
    spent += a->id;
  free(a);
  return (void *)spent;
}

void start_all_ok(pthread_t *t, int n, void *owner) {
  for (int i = 0; i < n; i++) {
    struct job_args *a = calloc(1, sizeof *a);
    a->id = i;
    a->budget = 1000;
    a->owner = owner;
    pthread_create(&t[i], 0, run_job, a);
  }
}

static void start_one_ok(pthread_t *t, int id) {
  void *mem = xmalloc(sizeof(struct job_args));
  struct job_args *a = mem;
  a->id = id;
  a->budget = 10;
  pthread_create(t, 0, run_job, a);
}

void start_through_helper_ok(pthread_t *t, int n) {
  for (int i = 0; i < n; i++)
    start_one_ok(&t[i], i);
}

void start_late_bad(pthread_t *t, int n) {
  for (int i = 0; i < n; i++) {
    struct job_args *a = xmalloc(sizeof *a);
    a->id = i;
    pthread_create(&t[i], 0, run_job, a);
    a->budget = 5; // reported at main's call below
  }
}

struct tally {
  long total;
};

static void *count_into(void *arg) {
  struct tally *t = arg;
  t->total++; // expected-race{{unprotected write to `shared->total` in 'count_into' races with itself on another thread}}
  return 0;
}

static void start_counter(pthread_t *t, struct tally *shared) {
  pthread_create(t, 0, count_into, shared);
}

void start_counters_bad(pthread_t *t, int n) {
  struct tally *shared = xmalloc(sizeof *shared);
  shared->total = 0;
  for (int i = 0; i < n; i++)
    start_counter(&t[i], shared);
}

int main(void) {
  pthread_t a[4], b[4], c[4], d[4];
  start_all_ok(a, 4, 0);
  start_through_helper_ok(b, 4);
  start_late_bad(c, 4);
  start_counters_bad(d, 4);
  return 0;
}
