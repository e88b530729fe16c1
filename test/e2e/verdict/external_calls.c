// Functions with no body and no model: what they do with shared memory is
// not seen (external-call), and a pointer one returns is taken for a new
// object (external-result).
// expected-verdict{{external-call at external_calls.c:18}}
// expected-verdict{{external-result at external_calls.c:19}}
#include <pthread.h>

int config;
extern void refresh(int *slot);
extern int *current_slot(void);
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  int c = config;
  pthread_mutex_unlock(&lock);
  refresh(&config); // expected-low-race{{write to `config` (passed to 'refresh') in 'reader' races with the write in 'main' [low: the write is assumed}}
  int *s = current_slot();
  *s = c;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  pthread_mutex_lock(&lock);
  config = 1;
  pthread_mutex_unlock(&lock);
  pthread_join(t, 0);
  return 0;
}
