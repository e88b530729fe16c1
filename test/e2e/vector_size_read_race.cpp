// Reading a container (size, empty, front, iteration) without a lock races with locked writes.
#include <mutex>
#include <vector>

namespace audio {

class SampleBuffer {
public:
  void append_ok(float s) {
    std::lock_guard<std::mutex> guard(mu_);
    samples_.push_back(s);
  }

  void clear_ok() {
    std::lock_guard<std::mutex> guard(mu_);
    samples_.clear();
  }

  std::size_t size_bad() const {
    return samples_.size(); // expected-race{{read of container `this->samples_` (call to 'std::vector::size') without synchronization in 'audio::SampleBuffer::size_bad' races with the write in 'audio::SampleBuffer::append_ok'}}
  }

  bool empty_bad() const {
    return samples_.empty(); // expected-race{{read of container `this->samples_` (call to 'std::vector::empty') without synchronization}}
  }

  float peak_ok() const {
    std::lock_guard<std::mutex> guard(mu_);
    float peak = 0;
    for (float s : samples_)
      if (s > peak)
        peak = s;
    return peak;
  }

private:
  mutable std::mutex mu_;
  std::vector<float> samples_;
};

} // namespace audio
