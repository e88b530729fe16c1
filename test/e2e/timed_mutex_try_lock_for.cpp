// std::timed_mutex::try_lock_for protects only in the branch where it succeeded.
#include <chrono>
#include <mutex>
#include <string>

namespace device {

class SerialPort {
public:
  bool write_ok(const std::string &bytes) {
    if (!mu_.try_lock_for(std::chrono::milliseconds(50)))
      return false;
    outbox_ += bytes;
    ++writes_;
    mu_.unlock();
    return true;
  }

  bool writeOrLog_bad(const std::string &bytes) {
    if (mu_.try_lock_for(std::chrono::milliseconds(50))) {
      outbox_ += bytes;
      mu_.unlock();
      return true;
    }
    ++timeouts_; // expected-race{{unprotected write to `this->timeouts_` in 'device::SerialPort::writeOrLog_bad'}}
    return false;
  }

  void flush_ok() {
    mu_.lock();
    outbox_.clear();
    timeouts_ = 0;
    mu_.unlock();
  }

private:
  std::timed_mutex mu_;
  std::string outbox_;
  long writes_ = 0;
  long timeouts_ = 0;
};

} // namespace device
