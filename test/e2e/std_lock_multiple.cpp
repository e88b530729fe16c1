// std::lock(a, b) acquires both mutexes; lock_guards with adopt_lock then own them.
#include <mutex>
#include <string>

namespace inventory {

class Warehouse {
public:
  void move_ok(int units) {
    std::lock(stockMu_, logMu_);
    std::lock_guard<std::mutex> g1(stockMu_, std::adopt_lock);
    std::lock_guard<std::mutex> g2(logMu_, std::adopt_lock);
    stock_ -= units;
    log_ += "moved ";
  }

  void moveManual_ok(int units) {
    std::lock(stockMu_, logMu_);
    stock_ += units;
    log_ += "returned ";
    logMu_.unlock();
    stockMu_.unlock();
  }

  void restock_bad(int units) {
    {
      std::lock(stockMu_, logMu_);
      std::lock_guard<std::mutex> g1(stockMu_, std::adopt_lock);
      std::lock_guard<std::mutex> g2(logMu_, std::adopt_lock);
      log_ += "restocked ";
    }
    stock_ += units; // expected-race{{unprotected write to `this->stock_` in 'inventory::Warehouse::restock_bad'}}
  }

private:
  std::mutex stockMu_;
  std::mutex logMu_;
  long stock_ = 0;
  std::string log_;
};

} // namespace inventory
