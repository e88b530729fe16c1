// Free functions annotated ACQUIRE(g_mu)/RELEASE(g_mu) on a global capability mutex protect class fields.
#include "thread_annotations.h"

namespace gfx {

base::Mutex g_gpuMu;
void lockGpu() ACQUIRE(g_gpuMu);
void unlockGpu() RELEASE(g_gpuMu);

class TextureCache {
public:
  void upload_ok(int id) {
    lockGpu();
    lastUploaded_ = id;
    ++uploads_;
    unlockGpu();
  }

  void uploadThenCount_bad(int id) {
    lockGpu();
    lastUploaded_ = id;
    unlockGpu();
    ++uploads_; // expected-race{{unprotected write to `this->uploads_` in 'gfx::TextureCache::uploadThenCount_bad'}}
  }

  long uploads_bad() const {
    return uploads_; // expected-race{{read of `this->uploads_` without synchronization in 'gfx::TextureCache::uploads_bad'}}
  }

private:
  int lastUploaded_ = -1;
  long uploads_ = 0;
};

} // namespace gfx
