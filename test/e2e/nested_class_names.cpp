// Nested classes and classes in anonymous namespaces are checked separately, under their qualified names.
#include <mutex>
#include <vector>

namespace engine {

class World {
public:
  class EntityList {
  public:
    void add_ok(int id) {
      std::lock_guard<std::mutex> guard(mu_);
      ids_.push_back(id);
    }
    void clear_bad() {
      ids_.clear(); // expected-race{{unprotected write to container `this->ids_` (call to 'std::vector::clear') in 'engine::World::EntityList::clear_bad'}}
    }

  private:
    std::mutex mu_;
    std::vector<int> ids_;
  };

  // World itself has no locks: not checked.
  void step_ok() { ++tick_; }

private:
  long tick_ = 0;
};

namespace {

class FrameClock {
public:
  void advance_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    ++frame_;
  }
  long frame_bad() const {
    return frame_; // expected-race{{read of `this->frame_` without synchronization}}
  }

private:
  mutable std::mutex mu_;
  long frame_ = 0;
};

} // namespace

} // namespace engine
