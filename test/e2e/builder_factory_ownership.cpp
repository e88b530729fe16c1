// Objects returned fresh by factories, builders and std::make_unique are owned by the caller.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

// expected-no-races

namespace http {

struct Request {
  std::string method;
  std::string path;
  std::vector<std::string> headers;
  int timeoutMs = 0;
};

class RequestFactory {
public:
  Request *makeGet_ok(const std::string &path) {
    Request *r = new Request;
    r->method = "GET";
    r->path = path;
    r->headers.push_back("Accept: */*");
    return r;
  }

  Request *makeWithTimeout_ok(const std::string &path, int ms) {
    Request *r = makeGet_ok(path);
    r->timeoutMs = ms;
    r->headers.push_back("X-Timeout: " + std::to_string(ms));
    return r;
  }

  std::unique_ptr<Request> makeUnique_ok(const std::string &path) {
    auto r = std::make_unique<Request>();
    r->method = "POST";
    r->path = path;
    r->timeoutMs = defaultTimeoutMs();
    return r;
  }

  void setDefaultTimeout_ok(int ms) {
    std::lock_guard<std::mutex> guard(mu_);
    defaultTimeout_ = ms;
  }

  int defaultTimeoutMs() {
    std::lock_guard<std::mutex> guard(mu_);
    return defaultTimeout_;
  }

private:
  std::mutex mu_;
  int defaultTimeout_ = 1000;
};

} // namespace http
