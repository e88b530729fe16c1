// A message whose holders each drop a reference; the last owner clears and
// frees it, once (low against the other last-owner path). A holder that
// reads the message after dropping its own reference races with the free
// for sure: its read is below its drop, so no publication orders it.
// Also when the free path reads the same field (`memset(b->data, 0,
// b->len)`): a summary keeps the read below the drop apart from the one
// inside the drop's call, which is in the last owner's branch (low).
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

struct blob {
  int refs;
  long len;
  char *data;
};

static void blob_free(struct blob *b) {
  memset(b->data, 0, b->len); // expected-low-race{{unprotected write to `*bl->data` in 'blob_free' (reached from 'blob_reader_bad') races with itself on another thread; the call to 'blob_unref' also races on `bl->len` [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set or its thread dropped a count's last reference}}
  b->len = 0;
  free(b->data);
  free(b);
}

static void blob_unref(struct blob *b) {
  if (__atomic_sub_fetch(&b->refs, 1, __ATOMIC_ACQ_REL) == 0)
    blob_free(b);
}

static void *blob_reader_bad(void *arg) {
  struct blob *b = arg;
  blob_unref(b);
  return (void *)b->len; // expected-race{{read of `bl->len` without synchronization in 'blob_reader_bad' races with the write in 'blob_free'}}
}

int main(void) {
  pthread_t a, b;
  struct msg *m = malloc(sizeof *m);
  if (!m)
    return 1;
  m->refs = 2;
  m->len = 5;
  struct blob *bl = malloc(sizeof *bl);
  if (!bl)
    return 1;
  bl->refs = 2;
  bl->len = 4;
  bl->data = malloc(4);
  pthread_create(&a, 0, late_reader_bad, m);
  pthread_create(&b, 0, late_reader_bad, m);
  pthread_t c, d;
  pthread_create(&c, 0, blob_reader_bad, bl);
  pthread_create(&d, 0, blob_reader_bad, bl);
  pthread_join(c, 0);
  pthread_join(d, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
