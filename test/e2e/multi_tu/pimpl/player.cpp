// Player forwards to its state; seek_bad() forgets the lock, position_bad() reads unlocked.
#include "player.h"
#include "player_state.h"

namespace media {

Player::Player() : state_(new PlayerState) {}
Player::~Player() { delete state_; }

void Player::play_ok() {
  std::lock_guard<std::mutex> guard(mu_);
  state_->advance(40);
}

void Player::seek_bad(long ms) {
  state_->jump(ms); // expected-race{{unprotected write to `this->state_->positionMs_` in 'media::Player::seek_bad' (via call to 'media::PlayerState::jump')}}
}

long Player::position_bad() const {
  return state_->at(); // expected-race{{read of `this->state_->positionMs_` without synchronization in 'media::Player::position_bad' (via call to 'media::PlayerState::at')}}
}

} // namespace media
