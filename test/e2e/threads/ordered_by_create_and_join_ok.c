/* Everything main touches happens before it creates the loader or after it joins it. */
#include <pthread.h>
#include <string.h>

// expected-no-races

static char g_cache[256];
static int g_cache_len;

static void *load_cache_ok(void *arg) {
  const char *src = arg;
  g_cache_len = (int)strlen(src);
  memcpy(g_cache, src, (size_t)g_cache_len);
  return NULL;
}

int main(int argc, char **argv) {
  (void)argc;
  g_cache_len = 0;
  pthread_t loader;
  pthread_create(&loader, NULL, load_cache_ok, argv[0]);
  pthread_join(loader, NULL);
  return g_cache_len > 0 ? g_cache[0] : 0;
}
