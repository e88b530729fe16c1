/* libuv's thread pool: uv_queue_work(loop, &req, work, after) runs
   work(&req) on a pool thread while the loop thread goes on; several
   queued works run at once. The work callback bumps a global counter the
   loop thread also resets: a race. Its result goes into the request, which
   each submission allocates for itself: no race. (libuv's declarations,
   as its header has them.) */
#include <stdlib.h>

typedef struct uv_loop_s uv_loop_t;
typedef struct uv_work_s uv_work_t;
typedef void (*uv_work_cb)(uv_work_t *req);
typedef void (*uv_after_work_cb)(uv_work_t *req, int status);
struct uv_work_s {
  void *data;
  long result;
};
int uv_queue_work(uv_loop_t *loop, uv_work_t *req, uv_work_cb work_cb,
                  uv_after_work_cb after_work_cb);
int uv_run(uv_loop_t *loop, int mode);

static long g_jobs_done;

static void hash_file(uv_work_t *req) {
  req->result = 42;
  g_jobs_done++; // expected-race{{unprotected write to `g_jobs_done` in 'hash_file' races with}}
}

static void hash_done(uv_work_t *req, int status) {
  (void)status;
  free(req);
}

void submit_all(uv_loop_t *loop, int n) {
  for (int i = 0; i < n; i++) {
    uv_work_t *req = malloc(sizeof *req);
    uv_queue_work(loop, req, hash_file, hash_done);
  }
  g_jobs_done = 0;
  uv_run(loop, 0);
}
