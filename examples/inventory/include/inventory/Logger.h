#ifndef INVENTORY_LOGGER_H
#define INVENTORY_LOGGER_H

#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>

namespace shop {

/// Thread-safe line logger: each line gets a sequence number.
class Logger {
public:
  explicit Logger(std::ostream &out);
  void info(const std::string &message);
  void warn(const std::string &message);
  void setOutput(std::ostream &out);

private:
  /// Shared by info() and warn().
  void append(const char *level, const std::string &message);

  std::mutex mu_;
  std::ostream *out_;
  std::uint64_t sequence_ = 0;
};

} // namespace shop

#endif
