// A worker group whose destructor joins its threads with a range-for (the
// usual thread pool shape): what main reads after the group is destroyed is
// ordered after the workers' writes; what it reads while the group lives is
// not.
#include <thread>
#include <vector>

namespace batch {

long g_flushed = 0;
long g_uploaded = 0;

class FlushGroup {
public:
  void start() {
    threads_.emplace_back([] { g_flushed = 1; });
  }
  ~FlushGroup() {
    for (auto &t : threads_)
      t.join();
  }

private:
  std::vector<std::thread> threads_;
};

class UploadGroup {
public:
  void start() {
    threads_.emplace_back([] { g_uploaded = 1; }); // expected-race{{unprotected write to `batch::g_uploaded` in 'batch::UploadGroup::start::lambda}}
  }
  ~UploadGroup() {
    for (auto &t : threads_)
      t.join();
  }

private:
  std::vector<std::thread> threads_;
};

} // namespace batch

int main() {
  {
    batch::FlushGroup flush;
    flush.start();
  }
  long flushed = batch::g_flushed; // joined by ~FlushGroup: ordered
  batch::UploadGroup upload;
  upload.start();
  long uploaded = batch::g_uploaded; // the group still runs
  return int(flushed + uploaded);
}
