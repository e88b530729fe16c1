// A scoreboard whose only locking methods live in one TU and whose racy methods live in another.
#ifndef SCOREBOARD_H
#define SCOREBOARD_H

#include <map>
#include <mutex>
#include <string>

namespace game {

class Scoreboard {
public:
  void record_ok(const std::string &player, int points);
  int best_ok() const;
  void bonus_bad(const std::string &player);
  void clear_bad();

private:
  mutable std::mutex mu_;
  std::map<std::string, int> scores_;
  int best_ = 0;
};

} // namespace game

#endif
