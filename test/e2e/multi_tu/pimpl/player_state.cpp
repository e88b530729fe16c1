// PlayerState methods: plain, unsynchronized state updates.
#include "player_state.h"

// expected-no-races

namespace media {

void PlayerState::advance(long ms) {
  playing_ = true;
  positionMs_ += ms;
}

void PlayerState::jump(long ms) { positionMs_ = ms; }

} // namespace media
