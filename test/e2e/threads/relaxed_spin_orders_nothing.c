/* A consumer spins until a flag is set, then reads the data the producer
 * wrote before setting it. With acquire/release the spin orders the two
 * (the flag's publication: low); with memory_order_relaxed it orders
 * nothing, and the race on the data is certain. */
#include <pthread.h>
#include <stdatomic.h>

static atomic_int ready_relaxed;
static atomic_int ready_acquire;
static long payload_relaxed;
static long payload_acquire;

static void *producer(void *arg) {
  (void)arg;
  payload_relaxed = 1;
  atomic_store_explicit(&ready_relaxed, 1, memory_order_relaxed);
  payload_acquire = 2;
  atomic_store_explicit(&ready_acquire, 1, memory_order_release);
  return NULL;
}

static void *consumer_bad(void *arg) {
  (void)arg;
  while (!atomic_load_explicit(&ready_relaxed, memory_order_relaxed))
    ;
  return (void *)payload_relaxed; // expected-race{{read of `payload_relaxed` without synchronization in 'consumer_bad' races with the write in 'producer'}}
}

static void *consumer_ok(void *arg) {
  (void)arg;
  while (!atomic_load_explicit(&ready_acquire, memory_order_acquire))
    ;
  return (void *)payload_acquire; // expected-low-race{{read of `payload_acquire` without synchronization in 'consumer_ok' races with the write in 'producer' [low: it comes after a wait on a condition variable or a future, or at a semaphore or latch, or once an atomic flag's acquire load found it set}}
}

int main(void) {
  pthread_t p, a, b;
  pthread_create(&a, NULL, consumer_bad, NULL);
  pthread_create(&b, NULL, consumer_ok, NULL);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
