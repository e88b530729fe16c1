// A media player with a pimpl: the state lives behind an opaque pointer.
#ifndef PLAYER_H
#define PLAYER_H

#include <mutex>

namespace media {

class PlayerState;

class Player {
public:
  Player();
  ~Player();
  void play_ok();
  void seek_bad(long ms);
  long position_bad() const;

private:
  mutable std::mutex mu_;
  PlayerState *state_;
};

} // namespace media

#endif
