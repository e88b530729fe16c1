// Both classes take locks: each is checked on its own, and the caller sees the callee's protected accesses as protected.
#include <mutex>
#include <string>
#include <vector>

namespace store {

class Catalog {
public:
  void addProduct_ok(const std::string &sku) {
    std::lock_guard<std::mutex> guard(mu_);
    skus_.push_back(sku);
  }

  std::size_t size_bad() const {
    return skus_.size(); // expected-race{{read of container `this->skus_` (call to 'std::vector::size') without synchronization in 'store::Catalog::size_bad'}}
  }

private:
  mutable std::mutex mu_;
  std::vector<std::string> skus_;
};

class Storefront {
public:
  explicit Storefront(Catalog *catalog) : catalog_(catalog) {}

  // Catalog::addProduct_ok locks its own mutex: protected here as well.
  void list_ok(const std::string &sku) {
    catalog_->addProduct_ok(sku);
    std::lock_guard<std::mutex> guard(mu_);
    ++listings_;
  }

  std::size_t catalogSize_bad() const {
    return catalog_->size_bad(); // expected-race{{read of container `this->catalog_->skus_` (call to 'std::vector::size') without synchronization in 'store::Storefront::catalogSize_bad' (via call to 'store::Catalog::size_bad')}}
  }

private:
  mutable std::mutex mu_;
  Catalog *catalog_;
  long listings_ = 0;
};

} // namespace store
