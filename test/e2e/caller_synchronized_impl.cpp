// A thread-safe wrapper serializes every call into an implementation class with its own lock (rocksdb's
// BackupEngineImplThreadSafe around BackupEngineImpl). The implementation has a small lock of its own for one
// counter, so it is checked; its other accesses run under the wrapper's lock: low, caller-synchronized.
#include <map>
#include <mutex>
#include <string>

namespace backup {

class EngineImpl {
public:
  int CreateBackup(const std::string &name) {
    int id = ++latestId_; // expected-low-race{{unprotected write to `this->latestId_` in 'backup::EngineImpl::CreateBackup' races with itself on another thread [low: every call of 'backup::EngineImpl::CreateBackup' holds a lock of its caller's}}
    backups_[id] = name; // expected-low-race{{unprotected write to container `this->backups_` (call to 'std::map::operator[]') in 'backup::EngineImpl::CreateBackup' races with itself on another thread [low: every call of 'backup::EngineImpl::CreateBackup' holds a lock}}
    ReportBytes(name.size());
    return id;
  }
  std::string GetBackup(int id) const {
    auto it = backups_.find(id); // expected-low-race{{read of container `this->backups_` (call to 'std::map::find') without synchronization in 'backup::EngineImpl::GetBackup' races with the write in 'backup::EngineImpl::CreateBackup'; its elements too (`this->backups_[].second`) [low: every call of 'backup::EngineImpl::GetBackup' holds a lock of its caller's}}
    return it == backups_.end() ? std::string() : it->second;
  }
  void ReportBytes(unsigned long n) {
    std::lock_guard<std::mutex> l(bytesMutex_);
    bytes_ += n;
  }

private:
  std::mutex bytesMutex_;
  unsigned long bytes_ = 0;
  int latestId_ = 0;
  std::map<int, std::string> backups_;
};

class ThreadSafeEngine {
public:
  int CreateBackup_ok(const std::string &name) {
    std::lock_guard<std::mutex> l(mutex_);
    return impl_.CreateBackup(name);
  }
  std::string GetBackup_ok(int id) {
    std::lock_guard<std::mutex> l(mutex_);
    return impl_.GetBackup(id);
  }

private:
  std::mutex mutex_;
  EngineImpl impl_;
};

ThreadSafeEngine g_engine;

} // namespace backup
