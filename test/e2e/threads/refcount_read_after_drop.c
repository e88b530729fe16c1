// A message whose holders each drop a reference; the last owner clears and
// frees it, once (low against the other last-owner path). A holder that
// reads the message after dropping its own reference races with the free
// for sure: its read is below its drop, so no publication orders it.
#include <pthread.h>
#include <stdlib.h>

struct msg {
  int refs;
  long len;
};

static void msg_free(struct msg *m) {
  m->len = 0; // expected-low-race{{unprotected write to `m->len` in 'msg_free' (reached from 'late_reader_bad') races with itself on another thread [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set or its thread dropped a count's last reference}}
  free(m);
}

static void msg_unref(struct msg *m) {
  if (__atomic_sub_fetch(&m->refs, 1, __ATOMIC_ACQ_REL) == 0)
    msg_free(m);
}

static void *late_reader_bad(void *arg) {
  struct msg *m = arg;
  msg_unref(m);
  return (void *)m->len; // expected-race{{read of `m->len` without synchronization in 'late_reader_bad' races with the write in 'msg_free' [racecar-read-write-race]}}
}

int main(void) {
  pthread_t a, b;
  struct msg *m = malloc(sizeof *m);
  if (!m)
    return 1;
  m->refs = 2;
  m->len = 5;
  pthread_create(&a, 0, late_reader_bad, m);
  pthread_create(&b, 0, late_reader_bad, m);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
