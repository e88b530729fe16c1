// leveldb's and rocksdb's Env::StartThread(fn, arg) starts a thread that
// runs fn(arg), as db_bench starts its benchmark threads: each thread gets
// its own element of an array (`&args[i]`, a method call's argument: its
// `ops` is no race), and they share the benchmark's statistics, one total
// kept under a mutex and one not (that one is reached through each
// element's pointer, and elements are one abstract element: low).
#include <mutex>

namespace leveldb {
class Env {
public:
  virtual ~Env();
  virtual void StartThread(void (*function)(void *arg), void *arg) = 0;
};
} // namespace leveldb
namespace rocksdb {
class Env {
public:
  virtual ~Env();
  virtual void StartThread(void (*function)(void *arg), void *arg) = 0;
};
} // namespace rocksdb

struct SharedState {
  std::mutex mu;
  long done = 0;
  long bytes = 0;
};

struct ThreadArg {
  SharedState *shared;
  long ops;
};

static void ThreadBody(void *v) {
  ThreadArg *arg = static_cast<ThreadArg *>(v);
  arg->ops = 100; // each thread's own argument
  {
    std::lock_guard<std::mutex> l(arg->shared->mu);
    arg->shared->done++;
  }
  arg->shared->bytes += arg->ops; // expected-low-race{{unprotected write to `RunBenchmark_bad::args[].shared->bytes` in 'ThreadBody' races with itself on another thread [low: array elements are merged}}
}

void RunBenchmark_bad(leveldb::Env *env, SharedState *shared) {
  static ThreadArg args[2];
  for (int i = 0; i < 2; i++) {
    args[i].shared = shared; // expected-low-race{{unprotected write to `RunBenchmark_bad::args[].shared` in 'RunBenchmark_bad' races with the read in 'ThreadBody' [low: array elements are merged}}
    env->StartThread(ThreadBody, &args[i]);
  }
}

static long g_flushes;
static void FlushBody(void *) { g_flushes++; } // expected-race{{unprotected write to `g_flushes` in 'FlushBody' races with}}

void StartFlushers_bad(rocksdb::Env *env) {
  env->StartThread(FlushBody, nullptr);
  env->StartThread(FlushBody, nullptr);
}

// Twin: every thread handed the same object races on its fields.
static void CountBody(void *v) {
  ThreadArg *arg = static_cast<ThreadArg *>(v);
  arg->ops = 1; // expected-race{{unprotected write to `RunSameArg_bad::one.ops` in 'CountBody' races with itself on another thread}}
}

void RunSameArg_bad(leveldb::Env *env) {
  static ThreadArg one;
  for (int i = 0; i < 2; i++)
    env->StartThread(CountBody, &one);
}
