/* Lock coupling between a registry lock and a stats lock. The reloader
   holds the registry lock for the whole reload: inside it, it takes the
   stats lock to reset the counters, drops it, and then publishes the new
   generation under the registry lock alone. A reader takes the registry
   lock, then the stats lock, and lets the registry lock go (hand over
   hand) before it reads the generation under the stats lock. The two are
   ordered although they share no lock: whichever registry section comes
   first, the other thread waits for it (RacerF and Goblint's "traces"
   example 6).
   Twins: a reader that takes the stats lock without the registry lock, a
   reloader that takes the stats lock before its registry section, a
   reader that drops and retakes the stats lock after the hand-over,
   writers whose helper, or a condition wait, lets the registry lock go and
   takes it again, and a helper that takes the stats lock before it takes
   the registry lock and returns holding it. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long generation;
static long lookups;

static void *reloader_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  lookups = 0;
  pthread_mutex_unlock(&stats_lock);
  generation++;
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *reader_ok(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
  lookups++;
  printf("generation %ld\n", generation);
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

/* The same pair of locks, without the hand-over on the reader's side. */
static long epoch;

static void *epoch_writer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&stats_lock);
  epoch++;
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *epoch_reader_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  printf("epoch %ld\n", epoch); // expected-race{{read of `epoch` under `stats_lock` in 'epoch_reader_bad' races with the write under `registry_lock` in 'epoch_writer' (no common lock)}}
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

/* The stats lock taken before the registry section, not inside it. */
static long version;

static void *version_writer_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_lock(&registry_lock);
  version++;
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *version_reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
  printf("version %ld\n", version); // expected-race{{read of `version` under `stats_lock` in 'version_reader' races with the write under `registry_lock` in 'version_writer_bad' (no common lock)}}
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

/* The stats lock dropped and taken again after the registry lock went. */
static long hits;

static void *hits_writer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&stats_lock);
  hits = 0;
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *hits_reader_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_lock(&stats_lock);
  printf("hits %ld\n", hits); // expected-race{{read of `hits` under `stats_lock` in 'hits_reader_bad' races with the write under `registry_lock` in 'hits_writer' (no common lock)}}
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

/* A helper that lets the registry lock go and takes it again: the write
   after it is in a new registry section, with no stats lock taken inside. */
static long resets;

static void yield_registry(void) {
  pthread_mutex_unlock(&registry_lock);
  pthread_mutex_lock(&registry_lock);
}

static void count_reset(void) {
  yield_registry();
  resets++;
}

static void *resets_writer_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&stats_lock);
  count_reset();
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *resets_reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
  printf("resets %ld\n", resets); // expected-race{{read of `resets`}}
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

/* A wait on a condition variable lets the registry lock go as well. */
static pthread_cond_t reload_done = PTHREAD_COND_INITIALIZER;
static long waits;

static void *waits_writer_bad(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&stats_lock);
  pthread_cond_wait(&reload_done, &registry_lock);
  waits++;
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *waits_reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
  printf("waits %ld\n", waits); // expected-race{{read of `waits` under `stats_lock` in 'waits_reader' races with the write under `registry_lock` in 'waits_writer_bad' (no common lock)}}
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

/* The helper takes and drops the stats lock, then takes the registry lock:
   the stats lock was not taken inside the registry section. */
static long flushes;

static void stats_then_registry(void) {
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_lock(&registry_lock);
}

static void *flushes_writer_bad(void *arg) {
  (void)arg;
  stats_then_registry();
  flushes++;
  pthread_mutex_unlock(&registry_lock);
  return NULL;
}

static void *flushes_reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&registry_lock);
  pthread_mutex_lock(&stats_lock);
  pthread_mutex_unlock(&registry_lock);
  printf("flushes %ld\n", flushes); // expected-race{{read of `flushes` under `stats_lock` in 'flushes_reader' races with the write under `registry_lock` in 'flushes_writer_bad' (no common lock)}}
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

int main(void) {
  pthread_t t[14];
  pthread_create(&t[0], NULL, reloader_ok, NULL);
  pthread_create(&t[1], NULL, reader_ok, NULL);
  pthread_create(&t[2], NULL, epoch_writer, NULL);
  pthread_create(&t[3], NULL, epoch_reader_bad, NULL);
  pthread_create(&t[4], NULL, version_writer_bad, NULL);
  pthread_create(&t[5], NULL, version_reader, NULL);
  pthread_create(&t[6], NULL, hits_writer, NULL);
  pthread_create(&t[7], NULL, hits_reader_bad, NULL);
  pthread_create(&t[8], NULL, resets_writer_bad, NULL);
  pthread_create(&t[9], NULL, resets_reader, NULL);
  pthread_create(&t[10], NULL, waits_writer_bad, NULL);
  pthread_create(&t[11], NULL, waits_reader, NULL);
  pthread_create(&t[12], NULL, flushes_writer_bad, NULL);
  pthread_create(&t[13], NULL, flushes_reader, NULL);
  for (int i = 0; i < 14; i++)
    pthread_join(t[i], NULL);
  return 0;
}
