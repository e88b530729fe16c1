// A file handle used by one thread points to a shared file whose own methods lock the file's mutex with a scoped
// guard (leveldb's memenv: SequentialFileImpl -> FileState, MutexLock). The mutex belongs to the pointee: the handle
// is not checked, the file is.
#include "thread_annotations.h"
#include <cstddef>
#include <string>
#include <vector>

namespace memenv {

class FileState {
public:
  size_t Size_ok() const {
    base::MutexLock l(&mutex_);
    return size_;
  }
  void Append_ok(const std::string &data) {
    base::MutexLock l(&mutex_);
    blocks_.push_back(data);
    size_ += data.size();
  }
  void Truncate_bad() {
    size_ = 0; // expected-race{{unprotected write to `this->size_` in 'memenv::FileState::Truncate_bad'}}
  }

private:
  mutable base::Mutex mutex_;
  std::vector<std::string> blocks_;
  size_t size_ = 0;
};

class SequentialFile {
public:
  explicit SequentialFile(FileState *file) : file_(file) {}

  bool Skip_ok(size_t n) {
    if (pos_ > file_->Size_ok())
      return false;
    pos_ += n;
    return true;
  }
  size_t Position_ok() const { return pos_; }

private:
  FileState *file_;
  size_t pos_ = 0;
};

} // namespace memenv
