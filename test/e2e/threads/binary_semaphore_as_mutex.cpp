// A log shared by an audio pipeline's threads, guarded by a
// std::binary_semaphore used as a mutex (acquire ... release around every
// use), as C code uses sem_wait/sem_post. The twins: a path that appends
// without taking the semaphore, and one that takes another semaphore.
#include <semaphore>
#include <string>
#include <thread>
#include <vector>

namespace audio {

std::binary_semaphore g_log_sem{1};
std::binary_semaphore g_stats_sem{1};
std::vector<std::string> g_log_lines;
long g_underruns = 0;

void log_line_ok(std::string s) {
  g_log_sem.acquire();
  g_log_lines.push_back(std::move(s));
  g_log_sem.release();
}

void log_line_if_free_ok(std::string s) {
  if (!g_log_sem.try_acquire())
    return;
  g_log_lines.push_back(std::move(s));
  g_log_sem.release();
}

void log_line_bad(std::string s) {
  g_log_lines.push_back(std::move(s)); // expected-race{{unprotected write to container `audio::g_log_lines` (call to 'std::vector::push_back') in 'audio::log_line_bad'}}
}

void count_underrun_bad() {
  g_stats_sem.acquire();
  ++g_underruns;
  g_stats_sem.release();
}

void producer() {
  for (int i = 0; i < 64; ++i) {
    log_line_ok("frame");
    log_line_if_free_ok("tick");
    count_underrun_bad();
  }
}

void consumer() {
  for (int i = 0; i < 64; ++i) {
    log_line_ok("consumed");
    log_line_bad("late");
    g_log_sem.acquire();
    ++g_underruns; // expected-race{{write to `audio::g_underruns` under `audio::g_log_sem` in 'audio::consumer' races with the write under `audio::g_stats_sem` in 'audio::count_underrun_bad' (no common lock)}}
    g_log_sem.release();
  }
}

} // namespace audio

int main() {
  std::thread p(audio::producer);
  std::thread c(audio::consumer);
  p.join();
  c.join();
  return int(audio::g_log_lines.size() + audio::g_underruns);
}
