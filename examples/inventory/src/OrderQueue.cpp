#include "inventory/OrderQueue.h"

#include <utility>

namespace shop {

bool OrderQueue::push(Order order) {
  std::unique_lock<std::mutex> lock(mu_);
  if (closed_)
    return false;
  orders_.push_back(std::move(order));
  ++pushed_;
  lock.unlock(); // notify without holding the lock
  ready_.notify_one();
  return true;
}

bool OrderQueue::pop(Order &out) {
  std::unique_lock<std::mutex> lock(mu_);
  while (!closed_ && orders_.empty())
    ready_.wait(lock);
  if (orders_.empty())
    return false;
  out = std::move(orders_.front());
  orders_.pop_front();
  return true;
}

void OrderQueue::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }
  ready_.notify_all();
}

std::size_t OrderQueue::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return orders_.size();
}

std::uint64_t OrderQueue::pushedCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return pushed_;
}

} // namespace shop
