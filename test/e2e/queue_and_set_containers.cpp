// std::queue push/pop and std::set insert/erase are writes; front/count are reads.
#include <mutex>
#include <queue>
#include <set>
#include <string>

namespace mq {

class Broker {
public:
  void publish_ok(const std::string &topic, int msg) {
    std::lock_guard<std::mutex> guard(mu_);
    if (topics_.count(topic))
      messages_.push(msg);
  }

  void subscribe_bad(const std::string &topic) {
    topics_.insert(topic); // expected-race{{unprotected write to container `this->topics_` (call to 'std::set::insert') in 'mq::Broker::subscribe_bad'}}
  }

  bool consume_bad(int &msg) {
    if (messages_.empty()) // expected-race{{read of container `this->messages_` (call to 'std::queue::empty') without synchronization in 'mq::Broker::consume_bad'}}
      return false;
    std::lock_guard<std::mutex> guard(mu_);
    msg = messages_.front();
    messages_.pop();
    return true;
  }

  void unsubscribe_ok(const std::string &topic) {
    std::lock_guard<std::mutex> guard(mu_);
    topics_.erase(topic);
  }

private:
  std::mutex mu_;
  std::set<std::string> topics_;
  std::queue<int> messages_;
};

} // namespace mq
