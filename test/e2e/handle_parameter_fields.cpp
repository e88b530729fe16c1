// A cache hands its users handles to the entries it holds (`Lookup` returns one) and takes them back
// (`IsReady(handle)`, `Release(handle)`). The class guards an entry's fields with its mutex where it
// reaches them through its own table; a public method that touches the same field through a handle
// parameter without the mutex may touch the same entry at the same time (rocksdb's
// LRUCacheShard::IsReady reading `e->IsPending()` while Lookup sets the entry's flags under mutex_).
// Twins: through the handle under the mutex (nothing to report); a parameter of a type the class holds
// no object of (an output struct its callers own: nothing); a field the class never locks around,
// or writes in its entries both with and without the mutex (no sign that it guards it: nothing); a
// parameter every caller hands its own object (a local: nothing); a private helper's parameter
// (nothing).
#include <mutex>

namespace lru {

struct Entry {
  Entry *next = nullptr;
  unsigned flags = 0;
  unsigned charge = 0;
  bool IsPending() const { return flags & 1; }
  void SetHit() { flags |= 2; }
};

class Table {
public:
  Entry *Lookup(int key) { return slots_[key & 15]; }
  Entry *slots_[16] = {};
};

struct Usage {
  unsigned entries = 0;
  unsigned charge = 0;
};

class Shard {
public:
  Entry *Lookup_ok(int key) {
    std::lock_guard<std::mutex> l(mu_);
    Entry *e = table_.Lookup(key);
    if (e)
      e->SetHit();
    return e;
  }

  bool IsReady_bad(Entry *handle) {
    return !handle->IsPending(); // expected-race{{read of `handle->flags` without synchronization in 'lru::Shard::IsReady_bad' (via call to 'lru::Entry::IsPending') races with the write to `this->table_.slots_[]->flags` in 'lru::Shard::Lookup_ok'}}
  }

  void Release_ok(Entry *handle) {
    std::lock_guard<std::mutex> l(mu_);
    handle->flags &= ~2u;
  }

  // The entry's charge is never touched under the mutex: no sign that the
  // class guards it, so a handle's charge is the caller's.
  void SetCharge_ok(Entry *handle, unsigned c) { handle->charge = c; }
  unsigned ChargeOf_ok(int key) {
    Entry *e = table_.Lookup(key);
    return e ? e->charge : 0;
  }

  // Links written with and without the mutex (a lock-free list's): no sign
  // of which objects a handle may be, so a handle's link is the caller's.
  void Link_ok(int key, Entry *e) {
    std::lock_guard<std::mutex> l(mu_);
    Entry *at = table_.Lookup(key);
    at->next = e;
  }
  void LinkFast_bad(int key, Entry *e) {
    Entry *at = table_.Lookup(key);
    at->next = e; // expected-race{{unprotected write to `this->table_.slots_[]->next` in 'lru::Shard::LinkFast_bad' races with the write in }}
  }
  Entry *NextOf_ok(Entry *handle) { return handle->next; }
  // The same write through the call's result directly, bound to no local.
  void LinkDirect_bad(int key, Entry *e) {
    table_.Lookup(key)->next = e; // expected-race{{unprotected write to `this->table_.slots_[]->next` in 'lru::Shard::LinkDirect_bad'}}
  }

  // Every caller hands it an entry of its own (on its stack): not one the
  // class gave out.
  bool Pending_ok(Entry *mine) { return mine->IsPending(); }

  // An output struct: the class holds no Usage behind a pointer.
  void Fill_ok(Usage *out) { out->entries = 16; }
  void FillLocked_ok(Usage *out) {
    std::lock_guard<std::mutex> l(mu_);
    out->entries = count_;
  }

private:
  // A private helper that a friend calls on a pending entry (rocksdb's
  // LRUCacheShard::Promote from LRUCache::WaitAll): its parameter is what
  // its callers hand it, not a handle the class's users pass back.
  friend class Waiter;
  void Promote_ok(Entry *pending) { pending->flags |= 8; }

  std::mutex mu_;
  Table table_;
  unsigned count_ = 0;
};

class Waiter {
public:
  void Wait(Shard &shard, Entry *pending) { shard.Promote_ok(pending); }
};

// A user: a handle from Lookup goes back to IsReady (still a race); its own
// entry goes to Pending.
bool Probe(Shard &shard) {
  Entry *h = shard.Lookup_ok(7);
  Entry local;
  return shard.IsReady_bad(h) && shard.Pending_ok(&local);
}

} // namespace lru
