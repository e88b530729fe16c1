// std::mutex::try_lock and unique_lock(std::try_to_lock): protected only where the lock was obtained.
#include <mutex>
#include <thread>

namespace gc {

std::mutex g_sweep_mu;
long g_swept = 0;
long g_busy_skips = 0;
long g_deferred = 0;

void sweep_bad() {
  if (g_sweep_mu.try_lock()) {
    ++g_swept;
    g_sweep_mu.unlock();
  } else {
    ++g_busy_skips; // expected-race{{unprotected write to `gc::g_busy_skips` in 'gc::sweep_bad' races with itself on another thread}}
  }
}

void sweep_guarded_bad() {
  std::unique_lock<std::mutex> lk(g_sweep_mu, std::try_to_lock);
  if (lk.owns_lock())
    ++g_swept;
  else
    ++g_deferred; // expected-race{{unprotected write to `gc::g_deferred` in 'gc::sweep_guarded_bad' races with itself on another thread}}
}

} // namespace gc

int main() {
  std::thread a(gc::sweep_bad), b(gc::sweep_bad);
  std::thread c(gc::sweep_guarded_bad), d(gc::sweep_guarded_bad);
  a.join();
  b.join();
  c.join();
  d.join();
}
