// A thread pool as projects write their own: `Submit(std::function<void()>)`
// pushes the task into a queue member under the pool's mutex, and each
// worker thread pops one and runs it with the mutex released. A task runs
// on a worker, concurrently with its submitter and with the other tasks:
// the queue is a slot whose calls (`task()` on what was popped) run every
// lambda submitted into it (summarize/IndirectCalls.h), not where the
// lambda is made. A task queued once, by `main` outside any loop, runs
// once: it does not race with itself. (Several tasks' races through one
// worker's call are one report, which names the other variables.) A
// callback kept in a single `std::function` member is not followed: each
// object has its own, which a field-based slot would mix up.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

class ThreadPool {
public:
  explicit ThreadPool(int n) {
    for (int i = 0; i < n; i++)
      workers_.emplace_back([this] { Loop(); });
  }
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> g(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }
  void Submit(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> g(mu_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
  }

private:
  void Loop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> l(mu_);
        while (!stop_ && tasks_.empty())
          cv_.wait(l);
        if (stop_ && tasks_.empty())
          return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> workers_;
};

class Button {
public:
  void SetOnClick(std::function<void()> f) { on_click_ = std::move(f); }
  void Click() { on_click_(); }

private:
  std::function<void()> on_click_;
};

static std::mutex stats_mu;
static long requests;
static long warmed_up;
static long served;
static long shards_done;
static long locked_stats;
static long clicks;

// Called once per request: each call queues another run of the same task.
void handle_request_bad(ThreadPool &pool) {
  pool.Submit([] {
    served++; // (in the report on `requests` below)
  });
}

// The callback runs on the threads that click: main and the one it starts.
void click_from_two_threads_bad(Button &b) {
  b.SetOnClick([] {
    clicks++; // FIXME-race{{a callback in a std::function member is not followed}}
  });
  std::thread t([&b] { b.Click(); });
  b.Click();
  t.join();
}

static long local_clicks;
// Clicked on this thread only: no race (and none with the callback above,
// another object's).
void click_here_ok() {
  Button b;
  b.SetOnClick([] { local_clicks++; });
  b.Click();
  b.Click();
}

int main() {
  ThreadPool pool(4);
  // Two tasks, each queued once, both counting requests: they race.
  pool.Submit([] {
    requests++; // expected-race{{unprotected write to `requests` in 'ThreadPool::tasks_' (reached from 'ThreadPool::ThreadPool::lambda@+2:29') races with the write in 'ThreadPool::tasks_'; the call to 'ThreadPool::Loop' also races on `served`, `shards_done`}}
  });
  pool.Submit([] { requests++; });
  // Queued once: one run, on some worker.
  pool.Submit([] { warmed_up = 1; });
  // Queued in a loop: its runs overlap.
  for (int i = 0; i < 4; i++)
    pool.Submit([] {
      shards_done++; // (in the report on `requests` above)
    });
  // Under a mutex: no race.
  pool.Submit([] {
    std::lock_guard<std::mutex> g(stats_mu);
    locked_stats++;
  });
  pool.Submit([] {
    std::lock_guard<std::mutex> g(stats_mu);
    locked_stats++;
  });
  for (int r = 0; r < 3; r++)
    handle_request_bad(pool);
  Button b;
  click_from_two_threads_bad(b);
  click_here_ok();
  return 0;
}
