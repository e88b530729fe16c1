/* A block allocator and a reclaimer coordinate through a `busy` flag kept
   under its own mutex: the reclaimer clears the block only while busy is 0,
   and the allocator sets busy (under that mutex) before it fills the block
   under another one. The flag may order the two writes of `block`, which
   the analysis does not model: the race is only possible (low).
   The same shape with the flag read without its lock orders nothing: the
   race on `slots` stays certain. So does a branch on a flag that the other
   thread never writes (`mode`). */
#include <pthread.h>

static pthread_mutex_t m_busy = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m_inode = PTHREAD_MUTEX_INITIALIZER;
static int busy, inode, block;

static void *allocator(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m_inode);
  if (inode == 0) {
    pthread_mutex_lock(&m_busy);
    busy = 1;
    pthread_mutex_unlock(&m_busy);
    inode = 1;
  }
  block = 1; // expected-low-race{{flag}}
  pthread_mutex_unlock(&m_inode);
  return 0;
}

static void *reclaimer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m_busy);
  if (busy == 0)
    block = 0;
  pthread_mutex_unlock(&m_busy);
  return 0;
}

static pthread_mutex_t m_stop = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m_slots = PTHREAD_MUTEX_INITIALIZER;
static int stop, slots;

static void *seller(void *arg) {
  (void)arg;
  if (!stop) { // expected-race{{read of `stop` without synchronization in 'seller' races with the write in 'closer'}}
    pthread_mutex_lock(&m_slots);
    slots++;
    pthread_mutex_unlock(&m_slots);
  }
  return 0;
}

static void *closer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m_stop);
  stop = 1;
  slots = 0; // expected-race{{write to `slots` under `m_stop` in 'closer' races with the write under `m_slots` in 'seller'}}
  pthread_mutex_unlock(&m_stop);
  return 0;
}

static pthread_mutex_t m_mode = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m_count = PTHREAD_MUTEX_INITIALIZER;
static int mode, count;

static void *counter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m_mode);
  if (mode == 0) {
    pthread_mutex_lock(&m_count);
    count++; // reported at the unprotected side
    pthread_mutex_unlock(&m_count);
  }
  pthread_mutex_unlock(&m_mode);
  return 0;
}

static void *resetter(void *arg) {
  (void)arg;
  count = 0; // expected-race{{unprotected write to `count` in 'resetter' races with the write in 'counter'}}
  return 0;
}

int main(void) {
  pthread_t t[6];
  pthread_create(&t[0], 0, allocator, 0);
  pthread_create(&t[1], 0, reclaimer, 0);
  pthread_create(&t[2], 0, seller, 0);
  pthread_create(&t[3], 0, closer, 0);
  pthread_create(&t[4], 0, counter, 0);
  pthread_create(&t[5], 0, resetter, 0);
  for (int i = 0; i < 6; i++)
    pthread_join(t[i], 0);
  return block + slots + count;
}
