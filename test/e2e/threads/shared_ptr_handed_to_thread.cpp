// A job shared with a worker thread through the raw pointer a unique_ptr's
// get() hands out, or through a std::shared_ptr captured by copy: the raw
// pointer and the copy designate the same job, so what main reads of it
// while the worker runs races. A job moved into the worker's closure is
// the worker's own. (Missed: a make_shared local handed on by a copy is no
// object racecar names in main.)
#include <memory>
#include <thread>
#include <utility>

namespace jobs {

struct Job {
  bool done = false;
  long bytes = 0;
};

void finish(Job *j) { j->done = true; } // expected-race{{unprotected write to `owned->done` in 'jobs::finish' races with the read in 'main'}}

} // namespace jobs

int main() {
  auto shared = std::make_shared<jobs::Job>();
  std::thread t1([shared] { shared->bytes = 512; }); // FIXME-race{{unprotected write to `shared->bytes` in 'main::lambda}}
  long bytes = shared->bytes;
  t1.join();

  std::unique_ptr<jobs::Job> owned(new jobs::Job);
  jobs::Job *raw = owned.get();
  std::thread t2(jobs::finish, raw);
  bool done = raw->done;
  t2.join();

  auto mine = std::make_unique<jobs::Job>();
  std::thread t3([job = std::move(mine)] { job->bytes = 1; });
  t3.join();
  return int(bytes) + done;
}
