// expected-no-races
// The benchmark: one loop per client thread, without a hook. It is another
// program (it has its own main), so its threads never run the server's
// before_sleep, which the field-based call resolution would otherwise
// reach through `l->before_sleep(l)`.
#include "event_loop.h"

#include <pthread.h>

static event_loop client_loops[4];
static long requests_done;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void *client_thread(void *arg) {
  event_loop *l = static_cast<event_loop *>(arg);
  loop_note_start();
  loop_run(l);
  pthread_mutex_lock(&stats_lock);
  requests_done += l->iterations;
  pthread_mutex_unlock(&stats_lock);
  return nullptr;
}

int main() {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], nullptr, client_thread, &client_loops[i]);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], nullptr);
  return 0;
}
