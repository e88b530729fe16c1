// A static factory of a checked class writes fields of the object it just created: owned, not reported.
#include <mutex>
#include <string>

// expected-no-races

namespace net {

class Endpoint {
public:
  static Endpoint *parse_ok(const std::string &spec) {
    Endpoint *e = new Endpoint;
    std::size_t colon = spec.find(':');
    e->host_ = spec.substr(0, colon);
    e->port_ = colon == std::string::npos ? 80 : std::stoi(spec.substr(colon + 1));
    return e;
  }

  static int defaultPort_ok() {
    Endpoint e;
    e.host_ = "127.0.0.1";
    e.port_ = 8080;
    return e.port_;
  }

  void setPort_ok(int port) {
    std::lock_guard<std::mutex> guard(mu_);
    port_ = port;
  }

  int port_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    return port_;
  }

private:
  mutable std::mutex mu_;
  std::string host_;
  int port_ = 0;
};

} // namespace net
