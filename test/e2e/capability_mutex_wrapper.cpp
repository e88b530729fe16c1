// A Clang capability-annotated Mutex (Lock/Unlock declared with acquire/release attributes) and GUARDED_BY fields.
#include "thread_annotations.h"
#include <string>

namespace storage {

class BlockDevice {
public:
  void write_ok(long block, const std::string &data) {
    mu_.Lock();
    lastBlock_ = block;
    bytesWritten_ += static_cast<long>(data.size());
    mu_.Unlock();
  }

  long bytesWritten_bad() const {
    return bytesWritten_; // expected-race{{read of `this->bytesWritten_` without synchronization in 'storage::BlockDevice::bytesWritten_bad'}}
  }

  void trim_bad(long block) {
    lastBlock_ = block; // expected-race{{unprotected write to `this->lastBlock_` in 'storage::BlockDevice::trim_bad'}}
  }

  bool tryWrite_ok(long block) {
    if (mu_.TryLock()) {
      lastBlock_ = block;
      mu_.Unlock();
      return true;
    }
    return false;
  }

  long lastBlock_ok() const {
    mu_.ReaderLock();
    long b = lastBlock_;
    mu_.ReaderUnlock();
    return b;
  }

private:
  mutable base::Mutex mu_;
  long lastBlock_ GUARDED_BY(mu_) = -1;
  long bytesWritten_ GUARDED_BY(mu_) = 0;
};

} // namespace storage
