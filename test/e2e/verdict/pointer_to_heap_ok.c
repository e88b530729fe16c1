// Two threads read a heap array through global pointers and each writes a
// result of its own. No TU takes the address of a result (`res1`, the
// struct `totals`): memory reached through `get1` or `get2` cannot be
// either, so the reads through the pointers race with nothing.
// expected-verdict{{race-free}}
// expected-no-races
#include <pthread.h>
#include <stdlib.h>

int *get1, *get2;
int n;
int res1;
struct { int sum; int max; } totals;

static int *fresh_array(int size) {
  int *a = malloc(sizeof(int) * (size_t)size);
  for (int i = 0; i < size; i++)
    a[i] = i;
  return a;
}

void *compare(void *arg) {
  (void)arg;
  for (int i = 0; i < n; i++)
    if (get1[i] != get2[i]) {
      res1 = get1[i] < get2[i] ? -1 : 1;
      return 0;
    }
  return 0;
}

void *add_up(void *arg) {
  (void)arg;
  for (int i = 0; i < n; i++) {
    totals.sum += get1[i] + get2[i];
    if (get2[i] > totals.max)
      totals.max = get2[i];
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  n = 8;
  get1 = fresh_array(n);
  get2 = fresh_array(n);
  pthread_create(&t1, 0, compare, 0);
  pthread_create(&t2, 0, add_up, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return res1 + totals.sum;
}
