// A failed check writes a crash report (redis's serverAssert ->
// _serverAssert -> printCrashReport -> genRedisInfoString): it reads what
// the workers update under their lock, without taking it. The race is real
// but happens only while the process dies: reached through a call in a
// block that ends in abort(), it is low (crash-path). The same kind of
// read on a normal path (a status thread) races for real, as does the
// report written before an orderly exit(): both stay high.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long served;
static long failed;
static long rejected;
static int crash_reports;

static void crash_report(int worker) {
  // One report for the call: the read of `served`, which the workers write
  // under their lock, heads it; the count above is its note, and named in
  // its message.
  crash_reports++;
  fprintf(stderr, "worker %d: served %ld\n", worker, served); // expected-low-race{{read of `served` without synchronization in 'crash_report' (reached from 'worker_bad') races with the write in 'worker_bad'; the call to 'crash_report' also races on `crash_reports` [low: 'worker_bad' reaches it only through 'crash_report', on a path that crashes the process}}
}

#define CHECK(w, cond) ((cond) ? (void)0 : (crash_report(w), abort()))

static void status_report(void) {
  printf("failed %ld\n", failed); // expected-race{{read of `failed` without synchronization in 'status_report' (reached from 'status_bad') races with the write in 'worker_bad'}}
}

static void exit_report(void) {
  fprintf(stderr, "rejected %ld\n", rejected); // expected-race{{read of `rejected` without synchronization in 'exit_report' (reached from 'shutdown_bad') races with the write in 'worker_bad'}}
}

static void *worker_bad(void *arg) {
  int id = *(int *)arg;
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&stats_lock);
    served++;
    if (i % 7 == 0)
      failed++;
    if (i % 11 == 0)
      rejected++;
    pthread_mutex_unlock(&stats_lock);
    CHECK(id, i >= 0);
  }
  return 0;
}

static void *status_bad(void *arg) {
  (void)arg;
  status_report();
  return 0;
}

static void *shutdown_bad(void *arg) {
  (void)arg;
  if (getenv("STOP_NOW")) {
    exit_report();
    exit(2);
  }
  return 0;
}

int main(void) {
  pthread_t t[4];
  int ids[2] = {0, 1};
  pthread_create(&t[0], 0, worker_bad, &ids[0]);
  pthread_create(&t[1], 0, worker_bad, &ids[1]);
  pthread_create(&t[2], 0, status_bad, 0);
  pthread_create(&t[3], 0, shutdown_bad, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return 0;
}
