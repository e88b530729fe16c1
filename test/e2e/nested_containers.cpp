// Containers of containers: map operator[] is a write of the outer map; writes to inner vectors are not tracked.
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace index {

class InvertedIndex {
public:
  void add_ok(const std::string &term, int doc) {
    std::lock_guard<std::mutex> guard(mu_);
    postings_[term].push_back(doc);
    shards_[doc % 4].push_back(doc);
  }

  void addFast_bad(const std::string &term, int doc) {
    postings_[term].push_back(doc); // expected-race{{unprotected write to container `this->postings_` (call to 'std::map::operator[]') in 'index::InvertedIndex::addFast_bad'}}
  }

  // vector::operator[] is a read of the outer vector; the push_back on the
  // inner vector it returns writes that element.
  void shardFast_bad(int doc) {
    shards_[doc % 4].push_back(doc); // expected-race{{unprotected write to container `this->shards_[]` (call to 'std::vector::push_back') in 'index::InvertedIndex::shardFast_bad'}}
  }

private:
  std::mutex mu_;
  std::map<std::string, std::vector<int>> postings_;
  std::vector<std::vector<int>> shards_ = std::vector<std::vector<int>>(4);
};

} // namespace index
