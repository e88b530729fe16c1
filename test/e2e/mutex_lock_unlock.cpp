// Explicit mu_.lock() / mu_.unlock(): protection lasts from lock to unlock.
#include <mutex>
#include <vector>

namespace io {

class WriteBuffer {
public:
  void append_ok(char c) {
    mu_.lock();
    data_.push_back(c);
    ++pending_;
    mu_.unlock();
  }

  std::size_t flush_bad() {
    mu_.lock();
    std::size_t n = data_.size();
    data_.clear();
    mu_.unlock();
    // After unlock: no longer protected.
    pending_ = 0; // expected-race{{unprotected write to `this->pending_` in 'io::WriteBuffer::flush_bad'}}
    return n;
  }

  void prefill_bad(std::size_t n) {
    data_.reserve(n); // expected-race{{unprotected write to container `this->data_` (call to 'std::vector::reserve') in 'io::WriteBuffer::prefill_bad'}}
    mu_.lock();
    capacityHint_ = n;
    mu_.unlock();
  }

  std::size_t pending_ok() {
    mu_.lock();
    std::size_t p = pending_;
    mu_.unlock();
    return p;
  }

private:
  std::mutex mu_;
  std::vector<char> data_;
  std::size_t pending_ = 0;
  std::size_t capacityHint_ = 0;
};

} // namespace io
