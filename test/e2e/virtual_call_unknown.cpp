// Virtual calls are unknown code: accesses made by an override are not seen through the virtual call.
#include <mutex>

namespace codec {

class Encoder {
public:
  virtual ~Encoder() = default;
  virtual void encodeFrame(int frame) = 0;
};

class H264Encoder : public Encoder {
public:
  void encodeFrame(int frame) override { lastFrame_ = frame; }

private:
  int lastFrame_ = 0;
};

class Transcoder {
public:
  explicit Transcoder(Encoder *enc) : encoder_(enc) {}

  void process_ok(int frame) {
    std::lock_guard<std::mutex> guard(mu_);
    encoder_->encodeFrame(frame);
    ++frames_;
  }

  void processUnlocked_bad(int frame) {
    // Races with process_ok through the encoder's state, but the override
    // is only reachable through a virtual call.
    encoder_->encodeFrame(frame); // FIXME-race{{unprotected write to `this->encoder_->lastFrame_`}}
  }

  // A direct (non-virtual) call is seen: qualified calls bypass dispatch.
  void processDirect_bad(H264Encoder *enc, int frame) {
    enc->H264Encoder::encodeFrame(frame);
    frames_ += 1; // expected-race{{unprotected write to `this->frames_` in 'codec::Transcoder::processDirect_bad'}}
  }

private:
  std::mutex mu_;
  Encoder *encoder_;
  long frames_ = 0;
};

} // namespace codec
