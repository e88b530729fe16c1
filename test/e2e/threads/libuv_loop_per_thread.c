/* libuv with a loop per thread (a sharded server): each worker thread
 * initializes its own uv_loop_t, ties a timer and an async handle to it and
 * runs it; the main thread runs the default loop with a timer of its own.
 * The workers' callbacks run on every worker at once; the main loop's timer
 * runs on the main thread only. (libuv's declarations, as its header has
 * them.) */
#include <pthread.h>

typedef struct uv_loop_s {
  char opaque[512];
} uv_loop_t;
typedef struct uv_timer_s {
  char opaque[128];
} uv_timer_t;
typedef struct uv_async_s {
  char opaque[128];
} uv_async_t;
typedef void (*uv_timer_cb)(uv_timer_t *handle);
typedef void (*uv_async_cb)(uv_async_t *handle);
int uv_loop_init(uv_loop_t *loop);
uv_loop_t *uv_default_loop(void);
int uv_timer_init(uv_loop_t *loop, uv_timer_t *handle);
int uv_timer_start(uv_timer_t *handle, uv_timer_cb cb, unsigned long timeout,
                   unsigned long repeat);
int uv_async_init(uv_loop_t *loop, uv_async_t *async, uv_async_cb cb);
int uv_run(uv_loop_t *loop, int mode);

typedef struct {
  pthread_t tid;
  uv_loop_t loop;
  uv_timer_t flush_timer;
  uv_async_t wakeup;
} shard;

static shard shards[8];
static uv_timer_t stats_timer;
static pthread_mutex_t totals_lock = PTHREAD_MUTEX_INITIALIZER;

static long flushes;        /* every shard */
static long locked_flushes;
static long wakeups;        /* every shard */
static long stats_reports;  /* the default loop's timer only */

static void flush_bad(uv_timer_t *t) {
  (void)t;
  flushes++; // expected-race{{unprotected write to `flushes` in 'flush_bad' (reached from 'shard_main') races with itself on another thread}}
  pthread_mutex_lock(&totals_lock);
  locked_flushes++;
  pthread_mutex_unlock(&totals_lock);
}

static void wakeup_bad(uv_async_t *a) {
  (void)a;
  wakeups++; // expected-race{{unprotected write to `wakeups` in 'wakeup_bad' (reached from 'shard_main') races with itself on another thread}}
}

static void report_stats_ok(uv_timer_t *t) {
  (void)t;
  stats_reports++; /* one thread runs the default loop */
  pthread_mutex_lock(&totals_lock);
  locked_flushes = 0;
  pthread_mutex_unlock(&totals_lock);
}

static void *shard_main(void *arg) {
  shard *me = arg;
  uv_run(&me->loop, 0); // expected-low-race{{unprotected write to `shards[].loop` (passed to 'uv_run') in 'shard_main' races with the write in 'shard_setup' [low: array elements are merged}}
  return 0;
}

static void shard_setup(shard *me) {
  uv_loop_init(&me->loop);
  uv_timer_init(&me->loop, &me->flush_timer);
  uv_timer_start(&me->flush_timer, flush_bad, 100, 100);
  uv_async_init(&me->loop, &me->wakeup, wakeup_bad);
}

int main(void) {
  for (int i = 0; i < 8; i++) {
    shard_setup(&shards[i]);
    pthread_create(&shards[i].tid, 0, shard_main, &shards[i]);
  }
  uv_timer_init(uv_default_loop(), &stats_timer);
  uv_timer_start(&stats_timer, report_stats_ok, 1000, 1000);
  uv_run(uv_default_loop(), 0);
  return 0;
}
