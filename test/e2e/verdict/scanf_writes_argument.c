// C library calls have no body in the program; their effects on the memory
// they are passed are modelled (summarize/CLibraryEffects.cpp): `scanf`
// writes through its arguments, `strlen` reads.
// expected-verdict{{verdict: race}}
#include <pthread.h>
#include <stdio.h>
#include <string.h>

int input;
char name[32];

void *reader(void *arg) {
  (void)arg;
  int v = input;
  return (void *)(strlen(name) + v);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  scanf("%d %31s", &input, name); // expected-race{{write to `input`}} expected-race{{write to `name`}}
  pthread_join(t, 0);
  return 0;
}
