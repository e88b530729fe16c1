// Local pointers bound to fields are followed: `Node *n = head_; n->value = v;` writes `this->head_->value`.
#include <mutex>

namespace list {

struct Node {
  int value = 0;
  Node *next = nullptr;
};

class IntList {
public:
  void pushFront_ok(Node *node) {
    std::lock_guard<std::mutex> guard(mu_);
    node->next = head_;
    head_ = node;
  }

  void setFirst_bad(int v) {
    Node *first = head_; // expected-race{{read of `this->head_` without synchronization in 'list::IntList::setFirst_bad' races with the write in 'list::IntList::pushFront_ok'}}
    if (first)
      first->value = v; // expected-race{{unprotected write to `this->head_->value` in 'list::IntList::setFirst_bad'}}
  }

  int first_bad() const {
    const Node *n = head_; // expected-race{{read of `this->head_` without synchronization in 'list::IntList::first_bad'}}
    return n ? n->value : -1; // expected-race{{read of `this->head_->value` without synchronization in 'list::IntList::first_bad' races with the write in 'list::IntList::setFirstLocked_ok'}}
  }

  void setFirstLocked_ok(int v) {
    std::lock_guard<std::mutex> guard(mu_);
    Node *first = head_;
    if (first)
      first->value = v;
  }

private:
  mutable std::mutex mu_;
  Node *head_ = nullptr;
};

} // namespace list
