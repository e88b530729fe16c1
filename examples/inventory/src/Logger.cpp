#include "inventory/Logger.h"

#include <ostream>

namespace shop {

Logger::Logger(std::ostream &out) : out_(&out) {}

void Logger::info(const std::string &message) { append("INFO", message); }

void Logger::warn(const std::string &message) { append("WARN", message); }

void Logger::setOutput(std::ostream &out) {
  std::lock_guard<std::mutex> lock(mu_);
  out_ = &out;
}

void Logger::append(const char *level, const std::string &message) {
  // Bug: the sequence number is taken before the lock. append() is private,
  // so the race is reported on its public callers info() and warn().
  const std::uint64_t seq = ++sequence_; // racecar: expected race
  std::lock_guard<std::mutex> lock(mu_);
  *out_ << '#' << seq << ' ' << level << ": " << message << '\n';
}

} // namespace shop
