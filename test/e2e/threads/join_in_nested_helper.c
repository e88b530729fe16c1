/* memcached's shutdown: stop_threads() calls stop_assoc_maintenance_thread(),
   which joins the maintenance thread (its handle a global), and then reads
   what that thread wrote. The join two calls down, on every path, orders
   the read after the thread. The second thread is joined only when a flag
   says so: the read after it still races. */
#include <pthread.h>
#include <stdlib.h>

static pthread_t maintenance_tid, crawler_tid;
static unsigned expand_bucket;
static unsigned crawled;
static int crawler_joinable;

static void *assoc_maintenance(void *arg) {
  (void)arg;
  expand_bucket++;
  return NULL;
}

static void *crawler(void *arg) {
  (void)arg;
  crawled++; // expected-race{{unprotected write to `crawled`}}
  return NULL;
}

static void stop_assoc_maintenance(void) {
  pthread_join(maintenance_tid, NULL);
}

static void stop_crawler(void) {
  if (crawler_joinable)
    pthread_join(crawler_tid, NULL);
}

static unsigned close_all_ok(void) { return expand_bucket; }
static unsigned report_crawled_bad(void) { return crawled; }

static void stop_threads(void) {
  stop_assoc_maintenance();
  close_all_ok();
  stop_crawler();
  report_crawled_bad();
}

int main(int argc, char **argv) {
  (void)argv;
  crawler_joinable = argc > 2;
  if (pthread_create(&maintenance_tid, NULL, assoc_maintenance, NULL) != 0)
    exit(1);
  if (pthread_create(&crawler_tid, NULL, crawler, NULL) != 0)
    exit(1);
  stop_threads();
  return 0;
}
