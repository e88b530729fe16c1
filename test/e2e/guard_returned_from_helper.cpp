// A helper returning a std::unique_lock by value: the caller's guard owns the mutex until it is destroyed or unlocked.
// Also run as C++11 (test/CMakeLists.txt), where the helper's temporary and the caller's local are elidable moves.
#include <mutex>
#include <vector>

namespace store {

class BlobStore {
public:
  void put_ok(int blob) {
    auto lock = lockBlobs();
    blobs_.push_back(blob);
  }

  // The returned guard is the caller's local: its scope ends the hold.
  void putThenCount_bad(int blob) {
    {
      auto lock = lockBlobs();
      blobs_.push_back(blob);
    }
    ++puts_; // expected-race{{unprotected write to `this->puts_` in 'store::BlobStore::putThenCount_bad'}}
  }

  void putUnlockEarly_bad(int blob) {
    std::unique_lock<std::mutex> lock = lockBlobs();
    blobs_.push_back(blob);
    lock.unlock();
    ++puts_; // expected-race{{unprotected write to `this->puts_` in 'store::BlobStore::putUnlockEarly_bad'}}
  }

  long puts_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    return puts_;
  }

private:
  std::unique_lock<std::mutex> lockBlobs() { return std::unique_lock<std::mutex>(mu_); }

  std::mutex mu_;
  std::vector<int> blobs_;
  long puts_ = 0;
};

} // namespace store
