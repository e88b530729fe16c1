// A producer fills `payload`, then sets an atomic flag; main spins on the
// flag before reading. The spin on the flag's (sequentially consistent)
// load orders the read after what the producer wrote before its store: the
// race on `payload` is only possible (low). main's read of `late`, written
// after the flag is set, races for sure.
// A loop that walks an array up to a shared bound is not a busy-wait: the
// summing thread's race with the producer on `count` stays certain.
#include <pthread.h>
#include <stdatomic.h>

static atomic_int ready;
static int payload;
static int late;
static int count;
static int items[16];

static void *producer(void *arg) {
  (void)arg;
  payload = 42;
  atomic_store(&ready, 1);
  late = 1;
  count = 16; // expected-race{{unprotected write to `count`}}
  return 0;
}

static void *summer(void *arg) {
  (void)arg;
  int s = 0;
  for (int i = 0; i < count; i++) // its pair is reported at the write
    s += items[i];
  return (void *)(long)s;
}

int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, producer, 0);
  pthread_create(&u, 0, summer, 0);
  while (!atomic_load(&ready))
    ;
  int v = payload; // expected-low-race{{read of `payload` without synchronization in 'main' races with the write in 'producer' [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set}}
  v += late; // expected-race{{read of `late` without synchronization in 'main' races with the write in 'producer' [racecar-read-write-race]}}
  pthread_join(t, 0);
  pthread_join(u, 0);
  return v;
}
