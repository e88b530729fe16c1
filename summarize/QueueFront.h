//===- QueueFront.h - The turn of the front of a queue of waiters -*- C++ -*-===//
//
// Why: group commit, leader/follower writers and ordered hand-offs exclude
// each other without holding a mutex for the slow part. A thread queues
// itself under the mutex, waits until it is the front, drops the mutex for
// its work, and takes it again to leave the queue:
//
//   MutexLock l(&mutex_);
//   writers_.push_back(&w);
//   while (!w.done && &w != writers_.front())   // the turn is taken here
//     w.cv.Wait();
//   mutex_.Unlock();
//   log_->AddRecord(..);                         // no mutex, but the front's
//   mutex_.Lock();
//   writers_.pop_front();                        // ... and given up here
//
// (leveldb's DBImpl::Write, rocksdb's VersionSet::LogAndApply). Two accesses
// made while holding the turn of the same queue are ordered by it. The
// frontend finds the shape (frontend/SyncPatterns.h, findQueueFrontWaits)
// and lowers it to two calls of reserved names that the library models take
// as the turn's start and end (ModelKind::QueueFrontTake, QueueFrontLeave).
// The analysis keeps the turns apart from the locks
// (AbstractState::QueueFronts): a turn is recorded at each access as a
// HeldLock with QueueFront set, which protects nothing and matches no
// mutex. A race whose two sides hold the same turn is low (LowQueueFront),
// not dropped: the protocol is recognised by its shape, not verified (who
// else touches the memory without queueing is exactly what the other
// findings show).
//
// A turn ends at the pop in the function that took it, or when that
// function returns (rocksdb's pop is in ProcessManifestWrites, a callee):
// it is never a lock effect a caller inherits.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_QUEUEFRONT_H
#define RACER_SUMMARIZE_QUEUEFRONT_H

#include "summarize/Summary.h"

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <vector>

namespace racer {

/// The reserved callee names the frontend lowers the shape to; Args[0] is
/// the queue. Never a real function (`racecar::` is not a user namespace).
inline constexpr const char *QueueFrontTakeName = "racecar::queue_front_take";
inline constexpr const char *QueueFrontLeaveName =
    "racecar::queue_front_leave";

/// The turn of the queue at \p Queue, as a lock held at an access.
inline HeldLock queueFrontTurn(ir::AccessPath Queue) {
  HeldLock L;
  L.Lock = std::move(Queue);
  L.QueueFront = true;
  return L;
}

/// Adds the turns of \p Queues to \p Locks (sorted, without duplicates).
inline void addQueueFronts(std::vector<HeldLock> &Locks,
                           llvm::ArrayRef<ir::AccessPath> Queues) {
  if (Queues.empty())
    return;
  for (const ir::AccessPath &Q : Queues)
    Locks.push_back(queueFrontTurn(Q));
  std::sort(Locks.begin(), Locks.end());
  Locks.erase(std::unique(Locks.begin(), Locks.end()), Locks.end());
}

} // namespace racer

#endif
