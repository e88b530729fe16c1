// C11 threads: a resolver's table is filled once through call_once; the
// lookups that call call_once first are ordered after it. The stats thread
// reads the table's state without call_once: it may run while the table is
// filled; and the lookups' count has no lock at all.
// expected-verdict{{race}}
#include <stddef.h>
#include <threads.h>

static once_flag table_once = ONCE_FLAG_INIT;
static int g_table[16];
static int g_filled;
static long g_lookups;

static void fill_table(void) {
  for (int i = 0; i < 16; i++)
    g_table[i] = i * 7;
  g_filled = 1;
}

static int lookup(void *arg) {
  call_once(&table_once, fill_table);
  int k = (int)(long)arg;
  g_lookups++; // expected-race{{unprotected write to `g_lookups` in 'lookup' races with itself on another thread}}
  return g_filled ? g_table[k & 15] : -1;
}

static int stats(void *arg) {
  (void)arg;
  if (!g_filled) // expected-race{{read of `g_filled` without synchronization in 'stats' races with the write in 'fill_table'}}
    return 0;
  return (int)g_lookups; // expected-race{{read of `g_lookups` without synchronization in 'stats'}}
}

int main(void) {
  thrd_t a, b, s;
  thrd_create(&a, lookup, (void *)3L);
  thrd_create(&b, lookup, (void *)5L);
  thrd_create(&s, stats, NULL);
  thrd_join(a, NULL);
  thrd_join(b, NULL);
  thrd_join(s, NULL);
  return g_table[0];
}
