/* The thread entry is read from a table of function pointers: the only
   function ever stored there runs (summarize/IndirectCalls.h). */
#include <pthread.h>

static long g_tasks_run;

static void *task_compact(void *arg) {
  (void)arg;
  g_tasks_run++; // expected-race{{unprotected write to `g_tasks_run` in 'task_compact' races with itself on another thread}}
  return NULL;
}

struct task_def {
  const char *name;
  void *(*fn)(void *);
};

static struct task_def g_tasks[] = {{"compact", task_compact}};

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, g_tasks[0].fn, NULL);
  pthread_create(&b, NULL, g_tasks[0].fn, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return (int)g_tasks_run;
}
