/* Background threads whose handles live in a global array: started by one function, joined by another. */
#include <pthread.h>

static pthread_t g_bg_threads[3];
static long g_bg_jobs_done;

static void *bg_job_bad(void *arg) {
  (void)arg;
  g_bg_jobs_done++; // expected-race{{unprotected write to `g_bg_jobs_done` in 'bg_job_bad' races with itself on another thread}}
  return NULL;
}

static void bg_start(void) {
  for (int i = 0; i < 3; i++)
    pthread_create(&g_bg_threads[i], NULL, bg_job_bad, NULL);
}

static void bg_stop(void) {
  for (int i = 0; i < 3; i++)
    pthread_join(g_bg_threads[i], NULL);
}

int main(void) {
  bg_start();
  bg_stop();
  return (int)g_bg_jobs_done; /* after bg_stop joined them: ordered */
}
