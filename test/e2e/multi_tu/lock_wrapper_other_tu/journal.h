// A journal whose lock()/unlock() wrappers are defined in a different TU than their callers.
#ifndef JOURNAL_H
#define JOURNAL_H

#include <mutex>
#include <string>

namespace wal {

class Journal {
public:
  void append_ok(const std::string &rec);
  void truncate_bad();
  long size_ok() const;

private:
  void lock() const;
  void unlock() const;

  mutable std::mutex mu_;
  std::string data_;
  long records_ = 0;
};

} // namespace wal

#endif
