// The pimpl's state class, private to the implementation.
#ifndef PLAYER_STATE_H
#define PLAYER_STATE_H

namespace media {

class PlayerState {
public:
  void advance(long ms);
  void jump(long ms);
  long at() const { return positionMs_; }

private:
  long positionMs_ = 0;
  bool playing_ = false;
};

} // namespace media

#endif
