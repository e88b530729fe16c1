/* A server's worker threads run each request's command through a static
   table of handlers (`c->cmd->proc(c)`). The SET handler bumps the dirty
   counter without the lock the stats reader holds: it races with main's
   reset. The GET handler reads under the lock. */
#include <pthread.h>
#include <string.h>

struct client;

struct command {
  const char *name;
  void (*proc)(struct client *c);
};

struct client {
  const struct command *cmd;
  long reply;
};

static long g_dirty;
static long g_hits;
static pthread_mutex_t g_stats_mu = PTHREAD_MUTEX_INITIALIZER;

static void get_command(struct client *c) {
  pthread_mutex_lock(&g_stats_mu);
  g_hits++;
  c->reply = g_dirty;
  pthread_mutex_unlock(&g_stats_mu);
}

static void set_command(struct client *c) {
  g_dirty++; // expected-race{{unprotected write to `g_dirty`}}
  c->reply = 0;
}

static const struct command g_commands[] = {
    {"get", get_command},
    {.name = "set", .proc = set_command},
};

static const struct command *lookup(const char *name) {
  for (unsigned i = 0; i < sizeof g_commands / sizeof g_commands[0]; i++)
    if (strcmp(g_commands[i].name, name) == 0)
      return &g_commands[i];
  return NULL;
}

static void *worker(void *arg) {
  struct client c = {lookup((const char *)arg), 0};
  if (c.cmd)
    c.cmd->proc(&c);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, "get");
  pthread_create(&b, NULL, worker, "set");
  pthread_mutex_lock(&g_stats_mu);
  g_hits = 0;
  g_dirty = 0; /* reported at the handler's side: main holds the lock */
  pthread_mutex_unlock(&g_stats_mu);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
