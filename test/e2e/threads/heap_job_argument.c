/* A job allocated by main is handed to two workers as the pthread argument; both update its progress field. */
#include <pthread.h>
#include <stdlib.h>

struct job {
  int chunks_done;
  int total;
};

static void *crunch_bad(void *arg) {
  struct job *j = arg;
  while (j->chunks_done < j->total) // expected-race{{read of `j->chunks_done` without synchronization in 'crunch_bad'}}
    j->chunks_done++; // expected-race{{chunks_done` in 'crunch_bad' races with itself}}
  return NULL;
}

int main(void) {
  struct job *j = malloc(sizeof *j);
  j->chunks_done = 0; /* before the threads start: ordered */
  j->total = 64;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, crunch_bad, j);
  pthread_create(&t2, NULL, crunch_bad, j);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  int done = j->chunks_done; /* after the joins: ordered */
  free(j);
  return done;
}
