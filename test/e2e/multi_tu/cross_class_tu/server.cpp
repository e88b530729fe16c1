// The server calls into LatencyMetrics (another TU) through a member pointer, once locked and once not.
#include "metrics.h"

#include <mutex>
#include <string>

namespace obs {

class ApiServer {
public:
  explicit ApiServer(LatencyMetrics *m) : metrics_(m) {}

  void handle_ok(const std::string &path, long micros) {
    std::lock_guard<std::mutex> guard(mu_);
    lastPath_ = path;
    metrics_->observe(micros);
  }

  void handleFast_bad(long micros) {
    metrics_->observe(micros); // expected-race{{unprotected write to `this->metrics_->count_` in 'obs::ApiServer::handleFast_bad' (via call to 'obs::LatencyMetrics::observe')}}
  }

  long requests_bad() const {
    return metrics_->count(); // expected-race{{read of `this->metrics_->count_` without synchronization in 'obs::ApiServer::requests_bad' (via call to 'obs::LatencyMetrics::count')}}
  }

private:
  mutable std::mutex mu_;
  std::string lastPath_;
  LatencyMetrics *metrics_;
};

} // namespace obs
