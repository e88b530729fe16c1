// Threads started with `std::bind`: the function it binds runs on the
// thread, with the bound arguments (the object for a member function).
// Through a helper that takes a std::function too. Each shard's own object
// does not race; the object both threads are bound to does.
#include <functional>
#include <thread>
#include <vector>

class Indexer {
public:
  void Run(int shard) {
    processed_++; // expected-race{{unprotected write to `ix.processed_` in 'Indexer::Run' races with itself on another thread}}
    last_shard_ = shard; // expected-race{{unprotected write to `ix.last_shard_` in 'Indexer::Run' races with itself on another thread}}
  }

private:
  long processed_ = 0;
  int last_shard_ = 0;
};

static long flushes;
static void flush_all(int) {
  flushes++; // expected-race{{unprotected write to `flushes` in 'flush_all' races with itself on another thread}}
}

static void start_in_background(std::vector<std::thread> &threads,
                                std::function<void()> job) {
  threads.emplace_back(std::move(job));
}

void index_shared_bad() {
  Indexer ix;
  std::thread a(std::bind(&Indexer::Run, &ix, 1));
  std::thread b(std::bind(&Indexer::Run, &ix, 2));
  a.join();
  b.join();
}

void index_per_shard_ok() {
  Indexer one, two;
  std::thread a(std::bind(&Indexer::Run, &one, 1));
  std::thread b(std::bind(&Indexer::Run, &two, 2));
  a.join();
  b.join();
}

void flush_bad() {
  std::vector<std::thread> threads;
  start_in_background(threads, std::bind(flush_all, 0));
  start_in_background(threads, std::bind(flush_all, 1));
  for (std::thread &t : threads)
    t.join();
}

int main() {
  index_shared_bad();
  index_per_shard_ok();
  flush_bad();
  return 0;
}
