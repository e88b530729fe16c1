// Constructors and destructors write fields of an object no other thread sees yet: not reported.
#include <mutex>
#include <string>
#include <vector>

namespace db {

class ConnectionHandle {
public:
  ConnectionHandle(const std::string &dsn, int poolSize)
      : dsn_(dsn), poolSize_(poolSize) {
    retries_ = 0;
    buffers_.reserve(poolSize);
    for (int i = 0; i < poolSize; ++i)
      buffers_.push_back(std::string());
    open_ = true;
  }

  ~ConnectionHandle() {
    open_ = false;
    buffers_.clear();
    retries_ = -1;
  }

  void retry_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    ++retries_;
  }

  // dsn_ and poolSize_ are only written by the constructor.
  const std::string &dsn_ok() const { return dsn_; }
  int poolSize_ok() const { return poolSize_; }

  void close_bad() {
    open_ = false; // expected-race{{unprotected write to `this->open_` in 'db::ConnectionHandle::close_bad'}}
  }

private:
  std::mutex mu_;
  std::string dsn_;
  int poolSize_;
  int retries_;
  bool open_ = false;
  std::vector<std::string> buffers_;
};

} // namespace db
