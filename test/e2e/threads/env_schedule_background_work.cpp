// A storage engine's background work: `env_->Schedule(&DB::BGWork, this)`
// runs BGWork on one of the Env's pool threads, concurrently with the
// caller and with other scheduled work. The compaction counter is written
// there without the lock its readers hold; the pending flag is written
// under it.
#include <mutex>

namespace leveldb {

class Env {
public:
  virtual ~Env() = default;
  virtual void Schedule(void (*function)(void *arg), void *arg) = 0;
};

class DB {
public:
  explicit DB(Env *env) : env_(env) {}

  void MaybeScheduleCompaction() {
    std::lock_guard<std::mutex> g(mu_);
    if (!bg_scheduled_) {
      bg_scheduled_ = true;
      env_->Schedule(&DB::BGWork, this);
    }
  }

  long Compactions() {
    std::lock_guard<std::mutex> g(mu_);
    return compactions_;
  }

private:
  static void BGWork(void *db) {
    static_cast<DB *>(db)->BackgroundCall(); // expected-race{{unprotected write to `db.compactions_` in 'leveldb::DB::BGWork' (via call to 'leveldb::DB::BackgroundCall') races with the read in 'OpenAndCompact'}}
  }

  void BackgroundCall() {
    compactions_++; // reported at BGWork's call
    std::lock_guard<std::mutex> g(mu_);
    bg_scheduled_ = false;
  }

  Env *env_;
  std::mutex mu_;
  bool bg_scheduled_ = false;
  long compactions_ = 0;
};

} // namespace leveldb

void OpenAndCompact(leveldb::Env *env) {
  leveldb::DB db(env);
  db.MaybeScheduleCompaction();
  (void)db.Compactions();
}
