/* One table of callbacks per kind of dictionary (redis's dictType): the
 * generic code calls `d->type->val_destructor(v)`, and racecar resolves that
 * call to every table's destructor. A background thread that empties the
 * cache, whose destructor only frees, thus seems to run the sessions'
 * destructor, which counts closed sessions as main does: a possible race
 * only (low, table-dispatch). Twins that stay certain: the same kind of
 * destructor called directly by a thread, and a job's callback set at run
 * time (`job->run = f`), which is no table. */
#include <pthread.h>
#include <stdlib.h>

typedef struct dict_type {
  void (*val_destructor)(void *);
} dict_type;

typedef struct dict {
  const dict_type *type;
  void *vals[16];
  int n;
} dict;

static long sessions_closed;
static long conns_closed;
static long jobs_done;

static void free_plain(void *v) { free(v); }
static void free_key(void *v) { free(v); }
static void close_session(void *v) {
  sessions_closed++;
  free(v);
}
static void close_conn(void *v) {
  conns_closed++;
  free(v);
}

static const dict_type cache_type = {free_plain};
static const dict_type key_type = {free_key};
static const dict_type session_type = {close_session};
static const dict_type conn_type = {close_conn};

static void dict_empty(dict *d) {
  for (int i = 0; i < d->n; i++)
    d->type->val_destructor(d->vals[i]);
}

static dict *make_dict(const dict_type *t) {
  dict *d = calloc(1, sizeof *d);
  d->type = t;
  return d;
}

static void *lazy_free_thread(void *arg) {
  dict_empty((dict *)arg);
  return 0;
}

static void *reaper_thread(void *arg) {
  close_conn(arg);
  return 0;
}

/* Jobs whose callback is set when they are queued. */
typedef struct job {
  void (*run)(void);
} job;

static void job_flush(void) { jobs_done++; }
static void job_sync(void) {}
static void job_trim(void) {}
static void job_stat(void) {}

static void *job_thread(void *arg) {
  ((job *)arg)->run();
  return 0;
}

int main(void) {
  dict *cache = make_dict(&cache_type);
  dict *keys = make_dict(&key_type);
  dict *sessions = make_dict(&session_type);
  dict *conns = make_dict(&conn_type);
  static job j;
  j.run = job_flush;
  j.run = job_sync;
  j.run = job_trim;
  j.run = job_stat;
  pthread_t t[3];
  pthread_create(&t[0], 0, lazy_free_thread, cache);
  pthread_create(&t[1], 0, reaper_thread, malloc(8));
  pthread_create(&t[2], 0, job_thread, &j);
  sessions_closed++; // expected-low-race{{unprotected write to `sessions_closed` in 'main' races with the write in 'close_session' [low: 'lazy_free_thread' reaches it only through a call of `dict_type::val_destructor`, a slot of callback tables}}
  conns_closed++; // expected-race{{unprotected write to `conns_closed` in 'main' races with the write in 'close_conn'}}
  jobs_done++; // expected-race{{unprotected write to `jobs_done` in 'main' races with the write in 'job_flush'}}
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  dict_empty(keys);
  dict_empty(sessions);
  dict_empty(conns);
  return 0;
}
