// Long pointer chains are cut at a fixed depth (k-limiting keeps the first
// steps and the last one); distinct fields past the cut must not be conflated.
#include <mutex>

namespace topo {

struct Port {
  int rxErrors = 0;
  int txErrors = 0;
};
struct Card {
  Port *port;
};
struct Slot {
  Card *card;
};
struct Chassis {
  Slot *slot;
};
struct Rack {
  Chassis *chassis;
};

class Inventory {
public:
  void countRx_bad() {
    rack_->chassis->slot->card->port->rxErrors++; // expected-low-race{{unprotected write to `this->rack_->chassis->slot->...->rxErrors` in 'topo::Inventory::countRx_bad' races with the write in 'topo::Inventory::resetRx_ok' [low: the path is abbreviated}}
  }

  void resetRx_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    rack_->chassis->slot->card->port->rxErrors = 0;
  }

  // Reads a different field from the one countRx_bad writes: no race. The
  // path is cut to `this->rack_->chassis->slot->...->txErrors`, which keeps
  // it apart from `...->rxErrors`.
  int txErrors_ok() const {
    return rack_->chassis->slot->card->port->txErrors;
  }

private:
  mutable std::mutex mu_;
  Rack *rack_ = nullptr;
};

} // namespace topo
