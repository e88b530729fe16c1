// Reference-counted buffers shared by sender threads. Each holder drops its
// reference with an acquire-and-release decrement; the one that drops the
// last runs the free path, which poisons the fields. What a holder did
// before its drop is ordered before the last owner's free (low), and the
// free runs once. Twins that race for sure: a thread that reads the buffer
// without holding a reference, and a count dropped with a relaxed
// decrement (which orders nothing).
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct buf {
  int refs;
  size_t len;
  char *data;
};

struct frame {
  int refs;
  long seq;
};

static long g_sent;

static void buf_free(struct buf *b) {
  memset(b->data, 0, b->len); // expected-low-race{{unprotected write to `*b->data` in 'buf_free' (reached from 'sender_ok') races with itself on another thread; the call to 'buf_unref' also races on `b->len` [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set or its thread dropped a count's last reference}}
  free(b->data);
  b->len = 0; // (with the memset above: one report for the call)
  free(b);
}

static void buf_unref(struct buf *b) {
  if (__atomic_sub_fetch(&b->refs, 1, __ATOMIC_ACQ_REL) == 0)
    buf_free(b);
}

static void frame_unref(struct frame *f) {
  if (__atomic_sub_fetch(&f->refs, 1, __ATOMIC_RELAXED) == 0)
    f->seq = -1; // expected-race{{unprotected write to `f->seq` in 'frame_unref' (reached from 'frame_user_bad') races with itself on another thread [racecar-unprotected-write]}}
}

static void *sender_ok(void *arg) {
  struct buf *b = arg;
  long n = (long)b->len;
  buf_unref(b);
  return (void *)n;
}

static void *unowned_logger_bad(void *arg) {
  struct buf *b = arg;
  __atomic_add_fetch(&g_sent, 1, __ATOMIC_RELAXED);
  return (void *)b->len; // expected-race{{read of `b->len` without synchronization in 'unowned_logger_bad' races with the write in 'buf_free'}}
}

static void *frame_user_bad(void *arg) {
  struct frame *f = arg;
  long s = f->seq; // expected-race{{read of `f->seq` without synchronization in 'frame_user_bad' races with the write in 'frame_unref' [racecar-read-write-race]}}
  frame_unref(f);
  return (void *)s;
}

int main(void) {
  pthread_t t1, t2, t3, t4, t5;
  struct buf *b = malloc(sizeof *b);
  struct frame *f = malloc(sizeof *f);
  if (!b || !f)
    return 1;
  b->refs = 2;
  b->len = 5;
  b->data = malloc(6);
  if (!b->data)
    return 1;
  memcpy(b->data, "hello", 6);
  f->refs = 2;
  f->seq = 7;
  pthread_create(&t1, 0, sender_ok, b);
  pthread_create(&t2, 0, sender_ok, b);
  pthread_create(&t3, 0, unowned_logger_bad, b);
  pthread_create(&t4, 0, frame_user_bad, f);
  pthread_create(&t5, 0, frame_user_bad, f);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  pthread_join(t4, 0);
  pthread_join(t5, 0);
  return 0;
}
