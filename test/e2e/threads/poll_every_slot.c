// Per-worker slots: each worker writes only its own element, so two workers
// never meet (array elements are one abstract element: such pairs are low,
// merged-elements). A status loop that reads every slot while the workers
// run meets each of them: that read races for sure (a crawler's progress
// line, read without the workers' lock). Read after the join loop, the
// slots are ordered; a loop that fills each worker's argument and then
// starts it visits one slot while the others run on theirs (low); so does
// a loop that joins each worker and then reads its slot.
#include <pthread.h>
#include <stdio.h>
#include <sched.h>

#define NWORKERS 4
#define JOBS_PER 50

struct worker_arg {
  int id;
  int njobs;
};

static struct worker_arg args[NWORKERS];
static int progress[NWORKERS];
static long bytes_done[NWORKERS];
static struct {
  long hits;
  long misses;
} cache_stats[NWORKERS];

static void *worker(void *p) {
  struct worker_arg *a = p;
  for (int done = 1; done <= a->njobs; done++) {
    bytes_done[a->id] += 4096; // expected-low-race{{unprotected write to `bytes_done[]` in 'worker' races with itself on another thread [low: array elements are merged}}
    cache_stats[a->id].hits += done & 1; // expected-race{{unprotected write to `cache_stats[].hits` in 'worker' races with the read in 'hit_total_bad'}}
    progress[a->id] = done;
    sched_yield();
  }
  return NULL;
}

static int status_line_bad(void) {
  int sum = 0;
  for (int i = 0; i < NWORKERS; i++)
    sum += progress[i]; // expected-race{{read of `progress[]` without synchronization in 'status_line_bad' (reached from 'main') races with the write in 'worker'}}
  printf("\rprogress: %d/%d", sum, NWORKERS * JOBS_PER);
  return sum;
}

static long hit_total_bad(void) {
  long hits = 0;
  for (unsigned i = 0; i != sizeof cache_stats / sizeof cache_stats[0]; ++i)
    hits += cache_stats[i].hits;
  return hits;
}

int main(void) {
  pthread_t t[NWORKERS];
  for (int i = 0; i < NWORKERS; i++) {
    args[i].id = i; // expected-low-race{{unprotected write to `args[].id` in 'main' races with the read in 'worker' [low: array elements are merged}}
    int resumed = progress[i]; // expected-low-race{{read of `progress[]` without synchronization in 'main' races with the write in 'worker' [low: array elements are merged}}
    args[i].njobs = JOBS_PER - resumed; // expected-low-race{{args[].njobs}}
    pthread_create(&t[i], NULL, worker, &args[i]);
  }
  while (status_line_bad() < NWORKERS * JOBS_PER) {
    printf(" (%ld hits)", hit_total_bad());
    sched_yield();
  }
  long total = 0;
  for (int i = 0; i < NWORKERS; i++) {
    pthread_join(t[i], NULL);
    total += bytes_done[i];
  }
  for (int i = 0; i < NWORKERS; i++)
    total += cache_stats[i].misses + progress[i];
  printf("\n%ld bytes\n", total);
  return 0;
}
