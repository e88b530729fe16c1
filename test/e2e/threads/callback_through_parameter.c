/* A helper runs the callback it is given under a lock (a job runner, a
 * locked visitor): each call that names the function runs it there. A worker
 * that also calls the callback directly, without the lock, races with it;
 * one that hands the runner a pointer read from a variable is not resolved. */
#include <pthread.h>

static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static long completed;
static long expired;
static void (*configured_job)(void *);

static void run_locked(void (*job)(void *), void *arg) {
  pthread_mutex_lock(&jobs_lock);
  job(arg);
  pthread_mutex_unlock(&jobs_lock);
}

static void complete_job(void *arg) { (void)arg; completed++; }
static void expire_job(void *arg) { (void)arg; expired++; } // expected-race{{unprotected write to `expired`}}

static void *runner_ok(void *arg) {
  run_locked(complete_job, arg);
  run_locked(expire_job, arg);
  return NULL;
}

static void *reaper_bad(void *arg) {
  expire_job(arg);
  return NULL;
}

int main(void) {
  pthread_t a, b, c;
  configured_job = complete_job;
  pthread_create(&a, NULL, runner_ok, NULL);
  pthread_create(&b, NULL, runner_ok, NULL);
  pthread_create(&c, NULL, reaper_bad, NULL);
  run_locked(configured_job, NULL); /* resolved by nothing: an assumption */
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  return 0;
}
