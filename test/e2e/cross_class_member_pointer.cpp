// Calls into another class through a member pointer: the callee's writes become `this->stats_->field` of the caller.
#include <mutex>
#include <string>

namespace web {

// Not thread-safe by itself, and has no locks: never checked on its own.
class RouteStats {
public:
  void record(int status) {
    ++hits_;
    if (status >= 500)
      ++errors_;
  }
  long hits() const { return hits_; }

private:
  long hits_ = 0;
  long errors_ = 0;
};

class Server {
public:
  explicit Server(RouteStats *stats) : stats_(stats) {}

  void handleLocked_ok(const std::string &path) {
    std::lock_guard<std::mutex> guard(mu_);
    lastPath_ = path;
    stats_->record(200);
  }

  void handle_bad(const std::string &path) {
    // record(404) counts no error: the constant rules `++errors_` out.
    stats_->record(404); // expected-race{{unprotected write to `this->stats_->hits_` in 'web::Server::handle_bad' (via call to 'web::RouteStats::record')}}
  }

  long hits_bad() const {
    return stats_->hits(); // expected-race{{read of `this->stats_->hits_` without synchronization in 'web::Server::hits_bad' (via call to 'web::RouteStats::hits') races with the write in 'web::Server::handleLocked_ok'}}
  }

private:
  mutable std::mutex mu_;
  std::string lastPath_;
  RouteStats *stats_;
};

} // namespace web
