// std::vector::push_back without the lock is an unprotected write to the container.
#include <mutex>
#include <string>
#include <vector>

namespace crawler {

class UrlFrontier {
public:
  void add_ok(const std::string &url) {
    std::lock_guard<std::mutex> guard(mu_);
    urls_.push_back(url);
  }

  void addSeed_bad(const std::string &url) {
    seeds_.push_back(url); // expected-race{{unprotected write to container `this->seeds_` (call to 'std::vector::push_back') in 'crawler::UrlFrontier::addSeed_bad' races with the write in 'crawler::UrlFrontier::dedupe_bad'}}
  }

  void addBatch_bad(const std::vector<std::string> &batch) {
    urls_.insert(urls_.end(), batch.begin(), batch.end()); // expected-race{{unprotected write to container `this->urls_` (call to 'std::vector::insert') in 'crawler::UrlFrontier::addBatch_bad' races with the write in 'crawler::UrlFrontier::add_ok'}}
  }

  void dedupe_bad() {
    std::vector<std::string> unique;
    for (const std::string &u : seeds_) // expected-race{{read of container `this->seeds_`}}
      unique.push_back(u);
    seeds_.swap(unique); // expected-race{{unprotected write to container `this->seeds_` (call to 'std::vector::swap') in 'crawler::UrlFrontier::dedupe_bad'}}
  }

private:
  std::mutex mu_;
  std::vector<std::string> urls_;
  std::vector<std::string> seeds_;
};

} // namespace crawler
