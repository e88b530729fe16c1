// A module whose init starts its poller only when the device answers and
// returns 0 exactly then; the caller runs the exit routine, which joins
// the poller, only after a zero result. On the other path no poller was
// started, so there is nothing to join: every path that started it joins
// it before the device state is torn down.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>
#include <stdio.h>

extern int device_answers(void);

static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t poller;
static int dev_state;
static long polls;

static void *poll_device(void *arg) {
  (void)arg;
  pthread_mutex_lock(&dev_lock);
  polls++;
  dev_state = 2;
  pthread_mutex_unlock(&dev_lock);
  return NULL;
}

static int module_init(void) {
  dev_state = 1;
  if (device_answers()) {
    if (pthread_create(&poller, NULL, poll_device, NULL) != 0)
      return -1;
    return 0;
  }
  dev_state = 3; /* no poller on this path */
  return -1;
}

static void module_exit(void) {
  pthread_join(poller, NULL);
  dev_state = 0;
  printf("%ld polls\n", polls);
}

int main(void) {
  if (module_init() != 0)
    goto out;
  module_exit();
out:
  return dev_state;
}
