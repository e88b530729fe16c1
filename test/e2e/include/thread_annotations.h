// Clang thread-safety attribute macros and a capability-annotated Mutex,
// shared by the e2e tests (the style of Abseil / Clang's documentation).
#ifndef RACECAR_E2E_THREAD_ANNOTATIONS_H
#define RACECAR_E2E_THREAD_ANNOTATIONS_H

#define CAPABILITY(x) __attribute__((capability(x)))
#define SCOPED_CAPABILITY __attribute__((scoped_lockable))
#define GUARDED_BY(x) __attribute__((guarded_by(x)))
#define PT_GUARDED_BY(x) __attribute__((pt_guarded_by(x)))
#define REQUIRES(...) __attribute__((requires_capability(__VA_ARGS__)))
#define ACQUIRE(...) __attribute__((acquire_capability(__VA_ARGS__)))
#define ACQUIRE_SHARED(...) __attribute__((acquire_shared_capability(__VA_ARGS__)))
#define RELEASE(...) __attribute__((release_capability(__VA_ARGS__)))
#define RELEASE_SHARED(...) __attribute__((release_shared_capability(__VA_ARGS__)))
#define TRY_ACQUIRE(...) __attribute__((try_acquire_capability(__VA_ARGS__)))
#define ASSERT_CAPABILITY(x) __attribute__((assert_capability(x)))
#define NO_THREAD_SAFETY_ANALYSIS __attribute__((no_thread_safety_analysis))
#define RACECAR_THREAD_SAFE __attribute__((annotate("racecar_thread_safe")))

namespace base {

// A mutex known to the analysis only through its capability attributes:
// the methods are declared, never defined here.
class CAPABILITY("mutex") Mutex {
public:
  Mutex();
  ~Mutex();
  void Lock() ACQUIRE();
  void Unlock() RELEASE();
  void ReaderLock() ACQUIRE_SHARED();
  void ReaderUnlock() RELEASE_SHARED();
  bool TryLock() TRY_ACQUIRE(true);
  void AssertHeld() ASSERT_CAPABILITY(this);
};

// RAII holder of a Mutex (Abseil's MutexLock).
class SCOPED_CAPABILITY MutexLock {
public:
  explicit MutexLock(Mutex *mu) ACQUIRE(mu);
  ~MutexLock() RELEASE();

private:
  Mutex *mu_;
};

} // namespace base

#endif
