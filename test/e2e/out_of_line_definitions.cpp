// Methods declared in the class and defined out of line are analysed like inline ones.
#include <mutex>
#include <string>
#include <vector>

namespace search {

class Index {
public:
  void addDocument_ok(const std::string &doc);
  void compact_bad();
  std::size_t documentCount_bad() const;
  void setAnalyzer_ok(const std::string &name);

private:
  mutable std::mutex mu_;
  std::vector<std::string> docs_;
  std::string analyzer_;
  long generation_ = 0;
};

void Index::addDocument_ok(const std::string &doc) {
  std::lock_guard<std::mutex> guard(mu_);
  docs_.push_back(doc);
  ++generation_;
}

void Index::compact_bad() {
  std::vector<std::string> kept;
  {
    std::lock_guard<std::mutex> guard(mu_);
    for (const std::string &d : docs_)
      if (!d.empty())
        kept.push_back(d);
    docs_.swap(kept);
  }
  ++generation_; // expected-race{{unprotected write to `this->generation_` in 'search::Index::compact_bad'}}
}

std::size_t Index::documentCount_bad() const {
  return docs_.size(); // expected-race{{read of container `this->docs_` (call to 'std::vector::size') without synchronization in 'search::Index::documentCount_bad'}}
}

void Index::setAnalyzer_ok(const std::string &name) {
  std::lock_guard<std::mutex> guard(mu_);
  analyzer_ = name;
}

} // namespace search
