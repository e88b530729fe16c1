/* SV-COMP conventions: __VERIFIER_atomic_begin/end and __VERIFIER_atomic_* functions run atomically. */
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

static int g_balance;
static int g_transfers;
static int g_audit;

static void __VERIFIER_atomic_deposit(int amount) { g_balance += amount; }

static void *teller_bad(void *arg) {
  (void)arg;
  __VERIFIER_atomic_deposit(10);
  __VERIFIER_atomic_begin();
  g_transfers++;
  __VERIFIER_atomic_end();
  g_audit++; // expected-race{{unprotected write to `g_audit` in 'teller_bad' races with itself on another thread}}
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, teller_bad, NULL);
  pthread_create(&t2, NULL, teller_bad, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return g_balance + g_transfers + g_audit;
}
