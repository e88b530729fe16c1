/* fork() starts a process, not a thread: the child (the branch where fork()
   returned 0) has its own copy of memory, so its writes do not race with the
   parent's threads, nor with the parent after the fork. Both idioms, and a
   fork inside a callee, in a loop (one process per job, as fio does). */
// expected-no-races
#include <pthread.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static long g_bytes_done;
static long g_jobs_run;

/* The parent's own thread: reads what the children write (in their copies). */
static void *reporter(void *arg) {
  (void)arg;
  long seen = 0;
  for (int i = 0; i < 10; i++) {
    seen += g_bytes_done + g_jobs_run;
    sleep(1);
  }
  return (void *)seen;
}

static int run_job(int id) {
  g_bytes_done += 4096L * id;
  g_jobs_run++;
  return 0;
}

static void run_jobs_in_processes(int n) {
  for (int i = 0; i < n; i++) {
    pid_t pid = fork();
    if (pid == 0)
      _exit(run_job(i));
  }
  while (wait(NULL) > 0)
    ;
}

int main(void) {
  pthread_t r;
  pthread_create(&r, NULL, reporter, NULL);
  run_jobs_in_processes(4);
  pid_t pid;
  if ((pid = fork()) == 0) {
    g_bytes_done = 0;
    g_jobs_run = 0;
    _exit(0);
  }
  waitpid(pid, NULL, 0);
  pthread_join(r, NULL);
  return 0;
}
