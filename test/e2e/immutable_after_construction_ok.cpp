// Fields written only by the constructor can be read without a lock by any method.
#include <mutex>
#include <string>
#include <vector>

// expected-no-races

namespace config {

class ServiceEndpoint {
public:
  ServiceEndpoint(std::string host, int port, std::vector<std::string> tags)
      : host_(std::move(host)), port_(port), tags_(std::move(tags)) {
    url_ = "http://" + host_ + ":" + std::to_string(port_);
  }

  const std::string &host_ok() const { return host_; }
  int port_ok() const { return port_; }
  const std::string &url_ok() const { return url_; }
  bool hasTag_ok(const std::string &t) const {
    for (const std::string &x : tags_)
      if (x == t)
        return true;
    return false;
  }

  void markFailure_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    ++failures_;
  }

  int failures_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return failures_;
  }

private:
  mutable std::mutex mu_;
  std::string host_;
  int port_;
  std::vector<std::string> tags_;
  std::string url_;
  int failures_ = 0;
};

} // namespace config
