// A blocking queue: the consumer waits on a condition_variable with a predicate; the mutex is held again after.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

// expected-no-races

namespace jobs {

struct Queue {
  std::mutex mu;
  std::condition_variable cv;
  std::deque<int> items;
  bool closed = false;
};

void consume_ok(Queue *q) {
  for (;;) {
    std::unique_lock<std::mutex> lk(q->mu);
    q->cv.wait(lk, [q] { return !q->items.empty() || q->closed; });
    if (q->items.empty())
      return;
    q->items.pop_front();
  }
}

} // namespace jobs

int main() {
  jobs::Queue q;
  std::thread consumer(jobs::consume_ok, &q);
  for (int i = 0; i < 10; ++i) {
    std::lock_guard<std::mutex> g(q.mu);
    q.items.push_back(i);
    q.cv.notify_one();
  }
  {
    std::lock_guard<std::mutex> g(q.mu);
    q.closed = true;
  }
  q.cv.notify_all();
  consumer.join();
}
