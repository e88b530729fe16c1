// A small multi-TU project for driver tests (cache, shards, merge, ninja).
#pragma once
#include <mutex>
#include <string>

namespace bank {

class Ledger {
public:
  void post(long cents);
  long balance() const;
  void audit();
  // Inline: defined in every TU that includes this header.
  int entries() const { return entries_; }

private:
  mutable std::mutex mu_;
  long balance_ = 0;
  int entries_ = 0;
  std::string lastAuditor_;
};

} // namespace bank
