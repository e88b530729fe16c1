// leveldb's Env::Schedule(fn, arg) runs fn(arg) on a pool, several jobs at
// once. A job handed a struct allocated for its submission, as rocksdb's
// DBImpl does (`FlushThreadArg *fta = new FlushThreadArg; fta->db_ = this;
// env_->Schedule(&DBImpl::BGWorkFlush, fta, ...)`), owns it: reading it is
// no race; what it points to (the DB) is shared by every job. A struct kept
// for all submissions is shared too.
namespace leveldb {
class Env {
public:
  enum Priority { LOW, HIGH };
  virtual ~Env();
  virtual void Schedule(void (*function)(void *arg), void *arg) = 0;
};
} // namespace leveldb

using leveldb::Env;

class FlushScheduler {
public:
  explicit FlushScheduler(Env *env) : env_(env) {}

  struct FlushThreadArg {
    FlushScheduler *db_;
    Env::Priority thread_pri_;
  };

  void MaybeScheduleFlush_ok() {
    FlushThreadArg *fta = new FlushThreadArg;
    fta->db_ = this;
    fta->thread_pri_ = Env::Priority::HIGH;
    env_->Schedule(&FlushScheduler::BGWorkFlush, fta);
  }

  void ScheduleWithSharedArg_bad() {
    shared_arg_.db_ = this; // expected-low-race{{unprotected write to `this->shared_arg_.db_` in 'FlushScheduler::ScheduleWithSharedArg_bad' races with itself}}
    env_->Schedule(&FlushScheduler::BGWorkShared, &shared_arg_);
  }

private:
  static void BGWorkFlush(void *arg) {
    FlushThreadArg *fta = static_cast<FlushThreadArg *>(arg);
    FlushScheduler *db = fta->db_;
    fta->thread_pri_ = Env::Priority::LOW; // its own: no race
    db->flushes_++; // expected-race{{unprotected write to `fta->db_->flushes_` in 'FlushScheduler::BGWorkFlush' races with itself}}
    delete fta;
  }
  static void BGWorkShared(void *arg) {
    FlushThreadArg *a = static_cast<FlushThreadArg *>(arg);
    a->thread_pri_ = Env::Priority::LOW; // expected-race{{unprotected write to `s->shared_arg_.thread_pri_` in 'FlushScheduler::BGWorkShared' races with itself}}
  }

  Env *env_;
  long flushes_ = 0;
  FlushThreadArg shared_arg_;
};

void run_flushes(Env *env) {
  FlushScheduler *s = new FlushScheduler(env);
  s->MaybeScheduleFlush_ok();
  s->ScheduleWithSharedArg_bad();
}
