/* The racy updates are one and two calls below the thread entry, through one call of the entry's: one report, at
   the nearest access that call reaches (the fewest calls down; with the trace down to it), the other variable a
   note of it. */
#include <pthread.h>

struct server_stats {
  long requests;
  long bytes_out;
};

static struct server_stats g_stats;

static void account_bytes(long n) { g_stats.bytes_out += n; }

static void finish_request(long n) {
  g_stats.requests++; // expected-race{{unprotected write to `g_stats.requests` in 'finish_request' (reached from 'http_worker_bad')}}
  account_bytes(n);
}

static void *http_worker_bad(void *arg) {
  long n = (long)arg;
  finish_request(n);
  return NULL;
}

int main(void) {
  pthread_t w1, w2;
  pthread_create(&w1, NULL, http_worker_bad, (void *)512);
  pthread_create(&w2, NULL, http_worker_bad, (void *)1024);
  pthread_join(w1, NULL);
  pthread_join(w2, NULL);
  return (int)g_stats.requests;
}
