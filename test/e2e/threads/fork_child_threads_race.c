/* The fio pattern: one job entry runs on a thread or in a forked process.
   On a thread it races with the parent's reporter thread; in the forked child
   it does not (the child has its own copy of memory). A child that starts
   threads of its own still races with them. */
#include <pthread.h>
#include <sys/types.h>
#include <unistd.h>

static long g_bytes_done;
static long g_flushes;

static void *reporter(void *arg) {
  (void)arg;
  long last = 0;
  for (int i = 0; i < 10; i++) {
    last = g_bytes_done;
    sleep(1);
  }
  return (void *)last;
}

static void *job_main(void *arg) {
  (void)arg;
  g_bytes_done += 4096; // expected-race{{unprotected write to `g_bytes_done` in 'job_main' races with the read in 'reporter'}}
  return NULL;
}

static void *flusher(void *arg) {
  (void)arg;
  g_flushes++; // expected-race{{unprotected write to `g_flushes`}}
  return NULL;
}

static void child_main(void) {
  pthread_t f;
  pthread_create(&f, NULL, flusher, NULL);
  g_flushes++; /* the child's own thread is running */
  pthread_join(f, NULL);
}

int main(int argc, char **argv) {
  (void)argv;
  pthread_t r, t;
  pthread_create(&r, NULL, reporter, NULL);
  if (argc > 1) {
    pthread_create(&t, NULL, job_main, NULL);
    pthread_join(t, NULL);
  } else {
    pid_t pid = fork();
    if (pid == 0) {
      job_main(NULL);
      _exit(0);
    }
  }
  if (fork() == 0) {
    child_main();
    _exit(0);
  }
  pthread_join(r, NULL);
  return 0;
}
