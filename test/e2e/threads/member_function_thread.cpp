// A server's event loop runs on a std::thread started with &Server::run; main changes the port while it runs.
#include <thread>

namespace net {

class Server {
public:
  void run() {
    while (!stopping_)
      // The class check, which cannot count run()'s threads, also sees
      // accepted_ (low; the thread check knows one thread runs it).
      accepted_ += port_ > 0 ? 1 : 0; // expected-low-race{{unprotected write to `this->accepted_` in 'net::Server::run' races with itself on another thread [low: 'net::Server' has no lock of its own}}
  }
  int port_ = 8080;
  bool stopping_ = false;
  long accepted_ = 0;
};

} // namespace net

int main() {
  net::Server srv;
  std::thread loop(&net::Server::run, &srv);
  srv.port_ = 9090; // expected-race{{unprotected write to `srv.port_` in 'main' races with the read in 'net::Server::run'}}
  srv.stopping_ = true; // expected-race{{unprotected write to `srv.stopping_` in 'main' races with the read in 'net::Server::run'}}
  loop.join();
  return static_cast<int>(srv.accepted_); // after join: ordered
}
