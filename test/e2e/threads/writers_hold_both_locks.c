/* Writers take both locks, readers either one (lookups the table lock, the
   stats reporter the stats lock): each reader is safe against every writer
   that follows the protocol. A write that takes only one of the two locks
   is the bug; it is reported there, against the reader holding the other
   lock, and the readers are not blamed. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t audit_lock = PTHREAD_MUTEX_INITIALIZER;
static long entries;

static void *inserter_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&table_lock);
  pthread_mutex_lock(&stats_lock);
  entries++;
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_unlock(&table_lock);
  return NULL;
}

static void *remover_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&table_lock);
  pthread_mutex_lock(&stats_lock);
  entries--;
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_unlock(&table_lock);
  return NULL;
}

static void *lookup_ok(void *arg) {
  long n;
  (void)arg;
  pthread_mutex_lock(&table_lock);
  n = entries;
  pthread_mutex_unlock(&table_lock);
  return (void *)n;
}

static void *reporter_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  printf("%ld entries\n", entries);
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

static void *purge_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&table_lock);
  entries = 0; // expected-race{{write to `entries` under `table_lock` in 'purge_bad' races with the read under `stats_lock` in 'reporter_ok' (no common lock)}}
  pthread_mutex_unlock(&table_lock);
  return NULL;
}

/* The twin: a reader holding neither of the writers' locks is the bug. */
static void *audit_bad(void *arg) {
  long n;
  (void)arg;
  pthread_mutex_lock(&audit_lock);
  n = entries; // expected-race{{read of `entries` under `audit_lock` in 'audit_bad' races with the write under `stats_lock`, `table_lock` in 'inserter_ok' (no common lock)}}
  pthread_mutex_unlock(&audit_lock);
  return (void *)n;
}

int main(void) {
  pthread_t t[6];
  pthread_create(&t[0], NULL, inserter_ok, NULL);
  pthread_create(&t[1], NULL, remover_ok, NULL);
  pthread_create(&t[2], NULL, lookup_ok, NULL);
  pthread_create(&t[3], NULL, reporter_ok, NULL);
  pthread_create(&t[4], NULL, purge_bad, NULL);
  pthread_create(&t[5], NULL, audit_bad, NULL);
  for (int i = 0; i < 6; i++)
    pthread_join(t[i], NULL);
  return 0;
}
