/* Every access to the session table holds the same global mutex. */
#include <pthread.h>
#include <string.h>

// expected-no-races

#define MAX_SESSIONS 64
static char g_session_user[MAX_SESSIONS][32];
static int g_session_count;
static pthread_mutex_t g_sessions_lock = PTHREAD_MUTEX_INITIALIZER;

static int session_open(const char *user) {
  pthread_mutex_lock(&g_sessions_lock);
  int id = g_session_count++;
  strncpy(g_session_user[id % MAX_SESSIONS], user, 31);
  pthread_mutex_unlock(&g_sessions_lock);
  return id;
}

static void *login_worker_ok(void *arg) {
  session_open(arg);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, login_worker_ok, "alice");
  pthread_create(&b, NULL, login_worker_ok, "bob");
  pthread_mutex_lock(&g_sessions_lock);
  int n = g_session_count;
  pthread_mutex_unlock(&g_sessions_lock);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return n;
}
