// A session cache whose methods are split across two translation units.
#ifndef SESSION_CACHE_H
#define SESSION_CACHE_H

#include <map>
#include <mutex>
#include <string>

namespace auth {

class SessionCache {
public:
  void put_ok(const std::string &token, int user);
  void revokeAll_bad();
  int lookup_ok(const std::string &token) const;
  long hits_bad() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, int> sessions_;
  mutable long hits_ = 0;
  long revocations_ = 0;
};

} // namespace auth

#endif
