//===- Summary.cpp - Persisted per-function race summaries ----------------===//
#include "summarize/Summary.h"

#include <tuple>

namespace racer {

bool operator<(const HeldLock &A, const HeldLock &B) {
  return std::tie(A.Unknown, A.Lock, A.Shared) <
         std::tie(B.Unknown, B.Lock, B.Shared);
}

bool AccessSnapshot::isProtected() const {
  for (const HeldLock &L : Locks)
    if (!L.Shared || !isWrite(Kind))
      return true;
  return false;
}

bool AccessSnapshot::sameAbstractAccess(const AccessSnapshot &O) const {
  return Kind == O.Kind && Threads == O.Threads && Path == O.Path &&
         ContainerMethod == O.ContainerMethod && Locks == O.Locks &&
         Live == O.Live;
}

} // namespace racer
