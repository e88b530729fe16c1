// A driver harness calls its init hook through a global function pointer
// that keeps its initializer (stored again with the same function, and
// copied to a local before a call): the call is the call of that function,
// so its accesses are seen (before any thread starts) and nothing is
// unresolved.
// expected-no-races
// expected-verdict{{verdict: race-free}}
#include <pthread.h>

struct gpio_dev {
  int configured;
  int value;
};

static struct gpio_dev dev;
static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;

static int gpio_init(void) {
  dev.configured = 1;
  dev.value = 0;
  return 0;
}

int (*init_hook)(void) = gpio_init;

static void *gpio_set(void *arg) {
  pthread_mutex_lock(&dev_lock);
  dev.value = (int)(long)arg;
  pthread_mutex_unlock(&dev_lock);
  return 0;
}

int main(void) {
  init_hook = gpio_init;
  if (init_hook() != 0)
    return 1;
  int (*again)(void) = init_hook;
  if (again() != 0)
    return 1;
  pthread_t a, b;
  pthread_create(&a, 0, gpio_set, (void *)1);
  pthread_create(&b, 0, gpio_set, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return dev.value;
}
