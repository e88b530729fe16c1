/* A driver probes its ports in a loop and stops at the first that starts
   its receive thread, as Linux drivers' init functions do: open_port()
   returns 0 exactly when the thread started (pthread_create's result is
   passed up through a wrapper), so the loop never starts a second one and
   the receive thread does not race with itself. A failed start leaves no
   thread behind: the error path resets the port state without a lock.
   Twins: a loop that goes on after a successful start runs two receive
   threads, and a wrapper that reports success also when the start failed
   says nothing about the thread. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int io_base;
static int line_speed;
static long rx_bytes;
static pthread_t rx_thread;
static long probe_failures;

static void *rx_loop_ok(void *arg) {
  (void)arg;
  line_speed = 9600;
  rx_bytes += 64;
  return NULL;
}

static int start_rx(void) {
  int err = pthread_create(&rx_thread, NULL, rx_loop_ok, NULL);
  if (err != 0) {
    fprintf(stderr, "cannot start the receive thread: %d\n", err);
    return err;
  }
  return 0;
}

static int open_port(int i) {
  int rc;
  io_base = 0x2f8 + 8 * i;
  rc = start_rx();
  if (rc != 0) {
    line_speed = 0; /* no thread runs for this port */
    probe_failures++;
  }
  return rc;
}

int probe_ok(void) {
  for (int i = 0; i < 4; i++) {
    if (open_port(i) == 0)
      return 0;
  }
  return -1;
}

/* Every port's thread in the same handle: the loop goes on after a start. */
static pthread_t all_rx;
static long all_bytes;

static void *count_rx_bad(void *arg) {
  (void)arg;
  all_bytes += 64; // expected-race{{unprotected write to `all_bytes` in 'count_rx_bad' races with itself on another thread}}
  return NULL;
}

static int start_all(void) {
  int rc = pthread_create(&all_rx, NULL, count_rx_bad, NULL);
  return rc;
}

int probe_all_bad(void) {
  int started = 0;
  for (int i = 0; i < 4; i++)
    if (start_all() == 0)
      started++;
  return started;
}

/* Reports success whether or not the thread started. */
static pthread_t poll_thread;
static long polls;

static void *poll_bad(void *arg) {
  (void)arg;
  polls++; // expected-race{{unprotected write to `polls` in 'poll_bad' races with itself on another thread}}
  return NULL;
}

static int start_poll(void) {
  if (pthread_create(&poll_thread, NULL, poll_bad, NULL) != 0)
    return 0; /* "polling is optional" */
  return 1;
}

int probe_poll_bad(void) {
  for (int i = 0; i < 4; i++)
    if (start_poll() == 0)
      return 0;
  return -1;
}

int main(void) {
  if (probe_ok() != 0)
    return 1;
  probe_all_bad();
  probe_poll_bad();
  return 0;
}
