// Class templates are analysed per instantiation; an uninstantiated template is not checked.
#include <mutex>
#include <vector>

namespace util {

template <typename T>
class BoundedBuffer {
public:
  void push_ok(const T &v) {
    std::lock_guard<std::mutex> guard(mu_);
    if (items_.size() < capacity_)
      items_.push_back(v);
  }

  void setCapacity_bad(std::size_t c) {
    capacity_ = c; // expected-race{{unprotected write to `this->capacity_` in 'util::BoundedBuffer::setCapacity_bad'}}
  }

private:
  std::mutex mu_;
  std::vector<T> items_;
  std::size_t capacity_ = 16;
};

// Never instantiated: not analysed, so its race is a known miss.
template <typename T>
class NeverUsed {
public:
  void set_bad(const T &v) {
    std::lock_guard<std::mutex> guard(mu_);
    value_ = v;
  }
  void clear_bad() {
    value_ = T(); // FIXME-race{{unprotected write to `this->value_`}}
  }

private:
  std::mutex mu_;
  T value_;
};

} // namespace util

void useBuffers(util::BoundedBuffer<int> &ints) {
  ints.push_ok(1);
  ints.setCapacity_bad(4);
}
