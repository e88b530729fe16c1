// No lock anywhere in this TU, but the class is checked because of the other TU.
#include "scoreboard.h"

namespace game {

void Scoreboard::bonus_bad(const std::string &player) {
  scores_[player] += 10; // expected-race{{unprotected write to container `this->scores_` (call to 'std::map::operator[]') in 'game::Scoreboard::bonus_bad' races with the write in 'game::Scoreboard::clear_bad'}}
}

void Scoreboard::clear_bad() {
  scores_.clear(); // expected-race{{unprotected write to container `this->scores_` (call to 'std::map::clear') in 'game::Scoreboard::clear_bad'}}
  best_ = 0; // expected-race{{unprotected write to `this->best_` in 'game::Scoreboard::clear_bad' races with the write in 'game::Scoreboard::record_ok'}}
}

} // namespace game
