# 1 "preprocessed_task.c"
# 1 "<built-in>"
// A preprocessed C file (.i), as SV-COMP's tasks are: scanned as C, not C++.
typedef unsigned long int pthread_t;
union pthread_attr_t { char __size[36]; long int __align; };
typedef union pthread_attr_t pthread_attr_t;
extern int pthread_create(pthread_t *__restrict __newthread,
                          const pthread_attr_t *__restrict __attr,
                          void *(*__start_routine)(void *),
                          void *__restrict __arg);
extern int pthread_join(pthread_t __th, void **__thread_return);

int counter;

void *worker(void *arg) {
  counter++; /* expected-race{{unprotected write to `counter` in 'worker' races with itself on another thread}} */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return counter;
}
