// A field reached through a call's result used directly, bound to no local
// (`shard(h)->usage += charge`, `++counters().dropped`, `*slot(i) = v`): the
// same memory as when the result is bound first (`Shard *s = shard(h);`).
// The result of a function that hands out a new object each time stays the
// caller's own. A lock reached through a getter is the member it returns;
// a project's `operator[]`, `operator->` and `operator*` are calls like any.
#include <cstddef>
#include <mutex>

namespace kv {

struct Shard {
  size_t usage = 0;
  size_t capacity = 0;
};

struct Counters {
  long served = 0;
  long dropped = 0;
};

class ShardedCache {
public:
  void Insert_ok(unsigned h, size_t charge) {
    std::lock_guard<std::mutex> l(mu_);
    shard(h)->usage += charge;
    counters().served++;
    *slot(h) = charge;
  }

  size_t Usage_bad(unsigned h) {
    return shard(h)->usage; // expected-race{{read of `this->shards_[].usage` without synchronization in 'kv::ShardedCache::Usage_bad' races with the write in 'kv::ShardedCache::Insert_ok'}}
  }
  long Served_bad() {
    return counters().served; // expected-race{{read of `this->counters_.served` without synchronization in 'kv::ShardedCache::Served_bad' races with the write in 'kv::ShardedCache::Insert_ok'}}
  }
  void Drop_bad() {
    ++counters().dropped; // expected-race{{unprotected write to `this->counters_.dropped` in 'kv::ShardedCache::Drop_bad'}}
  }
  void Forget_bad(unsigned h) {
    *slot(h) = 0; // expected-race{{unprotected write to `this->slots_[]` in 'kv::ShardedCache::Forget_bad'}}
  }

  // Under the lock, a field no one writes, a new object per call.
  size_t UsageLocked_ok(unsigned h) {
    std::lock_guard<std::mutex> l(mu_);
    return shard(h)->usage;
  }
  size_t Capacity_ok(unsigned h) { return shard(h)->capacity; }
  size_t Scratch_ok() {
    scratch()->usage = 1;
    return scratch()->usage;
  }

private:
  Shard *shard(unsigned h) { return &shards_[h % 16]; }
  Counters &counters() { return counters_; }
  size_t *slot(unsigned h) { return &slots_[h % 16]; }
  Shard *scratch() { return new Shard(); }

  std::mutex mu_;
  Shard shards_[16];
  size_t slots_[16] = {};
  Counters counters_;
};

// The lock reached through a getter (`mutex()->Lock()`, rocksdb's
// `db->mutex()->Lock()`): the member itself, so the class shows it guards
// its state, and the accesses under it are protected.
class Mutex {
public:
  void Lock();
  void Unlock();
};

class Stats {
public:
  void Add_ok(long n) {
    mutex()->Lock();
    total_ += n;
    mutex()->Unlock();
  }
  void Reset_bad() {
    total_ = 0; // expected-race{{unprotected write to `this->total_` in 'kv::Stats::Reset_bad' races with the write in 'kv::Stats::Add_ok'}}
  }
  long TotalLocked_ok() {
    mutex()->Lock();
    long t = total_;
    mutex()->Unlock();
    return t;
  }

private:
  Mutex *mutex() { return &mu_; }
  Mutex mu_;
  long total_ = 0;
};

// A project's own container and handle (rocksdb's autovector, a pinned
// handle): `operator[]`, `operator->` and `operator*` return what the
// object holds, followed through their bodies like any call's result.
template <class T> class SmallVec {
public:
  T &operator[](int i) { return items_[i]; }

private:
  T items_[8];
};

template <class T> class Pinned {
public:
  T *operator->() const { return obj_; }
  T &operator*() const { return *obj_; }

private:
  T *obj_ = nullptr;
};

class Registry {
public:
  void Update_ok(int i, size_t n) {
    std::lock_guard<std::mutex> l(mu_);
    slots_[i].usage = n;
    current_->usage = n;
  }
  size_t SlotUsage_bad(int i) {
    return slots_[i].usage; // expected-race{{read of `this->slots_.items_[].usage` without synchronization in 'kv::Registry::SlotUsage_bad' races with the write in 'kv::Registry::Update_ok'}}
  }
  size_t CurrentUsage_bad() {
    return (*current_).usage; // expected-race{{read of `this->current_.obj_->usage` without synchronization in 'kv::Registry::CurrentUsage_bad' races with the write in 'kv::Registry::Update_ok'}}
  }
  size_t CurrentLocked_ok() {
    std::lock_guard<std::mutex> l(mu_);
    return current_->usage;
  }
  size_t SlotCapacity_ok(int i) { return slots_[i].capacity; }

private:
  std::mutex mu_;
  SmallVec<Shard> slots_;
  Pinned<Shard> current_;
};

} // namespace kv
