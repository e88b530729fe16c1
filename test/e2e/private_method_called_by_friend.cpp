// A private method that a friend class calls is part of the class's
// interface all the same: the friend may call it while a public method runs
// (duckdb's BufferManager::WriteTemporaryBuffer, called by BlockHandle,
// creates the temporary directory under temp_handle_lock while the public
// UnregisterBlock tests it without the lock; fixed in 5ba03a1). A private
// helper only the class's own methods call stays no entry of its own.
#include <memory>
#include <mutex>
#include <string>

namespace storage {

class BlockHandle;

class TempDirectory {
public:
  explicit TempDirectory(std::string p) : path(std::move(p)) {}
  std::string path;
};

class BufferManager {
  friend class BlockHandle;

public:
  void UnregisterBlock_bad(long id) {
    // The call reaches two races: the handle's with the friend's writer,
    // under a lock, heads the report (the lock says the handle is meant to
    // be guarded); the path's with the setter is its note.
    DeleteTemporaryFile(id); // expected-race{{read of `this->temp_directory_` (call to 'std::unique_ptr::operator bool') without synchronization in 'storage::BufferManager::UnregisterBlock_bad' (via call to 'storage::BufferManager::DeleteTemporaryFile') races with the write in 'storage::BufferManager::WriteTemporaryBuffer'}}
  }

  void SetTemporaryDirectory_bad(std::string path) {
    temp_path_ = std::move(path); // expected-race{{unprotected write to container `this->temp_path_` (call to 'std::basic_string::operator=') in 'storage::BufferManager::SetTemporaryDirectory_bad' races with itself on another thread}}
  }

  // Replaced without a lock: most such code runs while the object is set
  // up, so a reader against it is low (pointer-replaced); two replacements
  // stay high. Under a lock, as above, the replacement is one other threads
  // may see: high.
  void SetSpill_bad(std::string path) {
    spill_ = std::make_unique<TempDirectory>(std::move(path)); // expected-race{{unprotected write to `this->spill_` in 'storage::BufferManager::SetSpill_bad' races with itself on another thread}}
  }
  bool HasSpill_low() const {
    return static_cast<bool>(spill_); // expected-low-race{{read of `this->spill_` (call to 'std::unique_ptr::operator bool') without synchronization in 'storage::BufferManager::HasSpill_low' races with the write in 'storage::BufferManager::SetSpill_bad' [low: a smart pointer member is read on one side and replaced on the other}}
  }

  void Flush_ok() {
    std::lock_guard<std::mutex> guard(stats_lock_);
    Account(1);
  }

private:
  // Called by BlockHandle, a friend.
  void WriteTemporaryBuffer(long id) {
    RequireTemporaryDirectory();
    written_ = id; // expected-race{{unprotected write to `this->written_` in 'storage::BufferManager::WriteTemporaryBuffer' races with itself on another thread}}
  }

  void RequireTemporaryDirectory() {
    std::lock_guard<std::mutex> guard(temp_handle_lock_);
    if (!temp_directory_)
      temp_directory_ = std::make_unique<TempDirectory>("/tmp/db");
  }

  // Called by the class's own methods only, under stats_lock_.
  void Account(long n) { flushed_ += n; }

  void Remove(long id) { (void)id; }

  void DeleteTemporaryFile(long id) {
    if (temp_path_.empty() || !temp_directory_)
      return;
    Remove(id);
  }

  std::mutex temp_handle_lock_;
  std::mutex stats_lock_;
  std::string temp_path_;
  std::unique_ptr<TempDirectory> temp_directory_;
  std::unique_ptr<TempDirectory> spill_;
  long written_ = 0;
  long flushed_ = 0;
};

class BlockHandle {
public:
  explicit BlockHandle(BufferManager &m) : manager_(m) {}
  void Unload(long id) { manager_.WriteTemporaryBuffer(id); }

private:
  BufferManager &manager_;
};

} // namespace storage
