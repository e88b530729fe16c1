// Each worker initializes a shared table once, under a mutex and a flag,
// then pushes to it under another mutex: the initialization is a possible
// race only (low), as in e2e/threads/once_init_under_flag.c, also when this
// file is not the scan's first. A write outside the flag's branch stays
// certain.
#include "table.h"

#include <pthread.h>

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static int top;
static int hits;

static void init_table() { top = 0; } // expected-low-race{{once-only initialization}}

static void push() {
  pthread_mutex_lock(&table_lock);
  top = top + 1;
  pthread_mutex_unlock(&table_lock);
}

void *table_worker_ok(void *) {
  pthread_mutex_lock(&init_lock);
  if (!initialized) {
    init_table();
    initialized = 1;
  }
  pthread_mutex_unlock(&init_lock);
  push();
  hits++; // expected-race{{unprotected write to `hits`}}
  return nullptr;
}
