// A sharded map guards each bucket with its own element of an array of
// mutexes, picked by the key's hash. The buckets are guarded; a size field
// of the map, updated under whichever stripe the key picked, is not (two
// keys in different shards update it at once). A field also guarded by one
// named mutex, or a stripe picked by a constant, is one lock for all.
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kv {

class ShardedMap {
public:
  void put_bad(const std::string &k, int v) {
    size_t s = std::hash<std::string>()(k) % kShards;
    std::lock_guard<std::mutex> g(locks_[s]);
    auto [it, added] = buckets_[s].emplace(k, v);
    if (!added)
      it->second = v;
    else
      ++size_; // expected-race{{write to `this->size_` under `this->locks_[]` in 'kv::ShardedMap::put_bad' races with the write under `this->locks_[]` in 'kv::ShardedMap::erase_bad' (no common lock: each thread may hold another element of `this->locks_[]`)}}
  }

  bool erase_bad(const std::string &k) {
    size_t s = std::hash<std::string>()(k) % kShards;
    std::lock_guard<std::mutex> g(locks_[s]);
    if (buckets_[s].erase(k) == 0)
      return false;
    --size_; // expected-race{{write to `this->size_` under `this->locks_[]`}}
    return true;
  }

  bool get_ok(const std::string &k, int &out) const {
    size_t s = std::hash<std::string>()(k) % kShards;
    std::lock_guard<std::mutex> g(locks_[s]);
    auto it = buckets_[s].find(k);
    if (it == buckets_[s].end())
      return false;
    out = it->second;
    return true;
  }

  void touch_ok(const std::string &k) {
    size_t s = std::hash<std::string>()(k) % kShards;
    std::lock_guard<std::mutex> g(locks_[s]);
    std::lock_guard<std::mutex> st(statsMu_);
    ++touches_;
  }

  long touches_ok() const {
    std::lock_guard<std::mutex> st(statsMu_);
    return touches_;
  }

  void reconfigure_ok(int gen) {
    std::lock_guard<std::mutex> g(locks_[0]);
    generation_ = gen;
  }

  int generation_ok() const {
    std::lock_guard<std::mutex> g(locks_[0]);
    return generation_;
  }

private:
  static constexpr size_t kShards = 16;
  mutable std::mutex locks_[kShards];
  std::unordered_map<std::string, int> buckets_[kShards];
  size_t size_ = 0;
  mutable std::mutex statsMu_;
  long touches_ = 0;
  int generation_ = 0;
};

} // namespace kv
