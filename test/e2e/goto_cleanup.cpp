// goto-based cleanup paths: the unlock at the label ends protection for what follows it.
#include <mutex>

namespace drv {

class Device {
public:
  int configure_ok(int mode) {
    int rc = 0;
    mu_.lock();
    if (mode < 0) {
      rc = -1;
      goto out;
    }
    mode_ = mode;
    ++configs_;
  out:
    mu_.unlock();
    return rc;
  }

  int configureLate_bad(int mode) {
    mu_.lock();
    if (mode < 0)
      goto out;
    mode_ = mode;
  out:
    mu_.unlock();
    ++configs_; // expected-race{{unprotected write to `this->configs_` in 'drv::Device::configureLate_bad'}}
    return 0;
  }

private:
  std::mutex mu_;
  int mode_ = 0;
  long configs_ = 0;
};

} // namespace drv
