// Captureless lambdas stored as function pointers: a job queue's job
// (`job.fn = [](void *) { .. }`, run by the worker threads through
// `job.fn(job.arg)`) and a libuv timer callback (`uv_timer_start(&t, [](..)
// { .. })`, run by the thread that runs the loop). Each runs where the
// pointer is called, so what it writes races there. Its twin, a lambda the
// main thread only stores and calls itself, does not.
#include <thread>
#include <vector>

struct Job {
  void (*fn)(void *);
  void *arg;
};

static Job g_jobs[16];
static long jobs_done;
static long timer_ticks;
static long local_calls;

static void worker() {
  for (Job &j : g_jobs)
    if (j.fn)
      j.fn(j.arg);
}

extern "C" {
typedef struct uv_loop_s {
  char opaque[512];
} uv_loop_t;
typedef struct uv_timer_s {
  char opaque[128];
} uv_timer_t;
int uv_loop_init(uv_loop_t *loop);
int uv_timer_init(uv_loop_t *loop, uv_timer_t *handle);
int uv_timer_start(uv_timer_t *handle, void (*cb)(uv_timer_t *),
                   unsigned long timeout, unsigned long repeat);
int uv_run(uv_loop_t *loop, int mode);
}

struct Shard {
  uv_loop_t loop;
  uv_timer_t timer;
};
static Shard shards[4];

static void run_shard(Shard *s) {
  uv_run(&s->loop, 0); // expected-low-race{{unprotected write to `shards.loop` (passed to 'uv_run') in 'run_shard' races with itself on another thread [low: the write is assumed}}
}

int main() {
  g_jobs[0].fn = [](void *) {
    jobs_done++; // expected-race{{unprotected write to `jobs_done` in 'worker' races with itself on another thread}}
  };
  for (Shard &s : shards) {
    uv_loop_init(&s.loop);
    uv_timer_init(&s.loop, &s.timer);
    uv_timer_start(&s.timer, [](uv_timer_t *) {
      timer_ticks++; // expected-race{{unprotected write to `timer_ticks` in 'run_shard' races with itself on another thread}}
    }, 10, 10);
  }
  void (*own)(void *) = [](void *) { local_calls++; };
  own(nullptr);
  std::vector<std::thread> ts;
  for (int i = 0; i < 2; i++)
    ts.emplace_back(worker);
  for (Shard &s : shards)
    ts.emplace_back(run_shard, &s);
  for (std::thread &t : ts)
    t.join();
  return 0;
}
