//===- PairCandidates.cpp - The accesses one access may race with ---------===//
#include "summarize/PairCandidates.h"

#include <algorithm>

namespace racer {

namespace {
/// Meeting, Found and Unordered together hold at most this many entries.
constexpr size_t MaxHeld = size_t(1) << 22;
} // namespace

PairCandidates::PairCandidates(std::vector<Side> YsIn, LockVerdicts &Verdicts,
                               MayOverlap Overlap)
    : Ys(std::move(YsIn)), Verdicts(Verdicts), Overlap(Overlap) {
  for (uint32_t P = 0; P < Ys.size(); ++P)
    ByOrigin[Ys[P].Origin].push_back(P);
}

void PairCandidates::keep(size_t Entries) {
  Held += Entries;
  if (Held > MaxHeld) {
    Meeting.clear();
    Found.clear();
    Unordered.clear();
    Held = Entries;
  }
}

const std::vector<uint32_t> &PairCandidates::meeting(const Side &X) {
  auto Key = std::make_tuple(X.Origin, unsigned(X.Write), unsigned(X.Atomic));
  if (auto It = Meeting.find(Key); It != Meeting.end())
    return It->second;
  std::vector<uint32_t> Out;
  for (const auto &[Origin, Positions] : ByOrigin)
    if (Overlap(X.Origin, Origin))
      for (uint32_t P : Positions)
        // One of them writes; not both atomic (canRace).
        if ((X.Write || Ys[P].Write) && !(X.Atomic && Ys[P].Atomic))
          Out.push_back(P);
  llvm::sort(Out);
  keep(Out.size());
  return Meeting[Key] = std::move(Out);
}

const PairCandidates::Lists &PairCandidates::of(const Side &X,
                                                bool HoldsGuard) {
  auto Key = std::make_tuple(X.Origin, X.LockClass, unsigned(X.Atomic));
  if (auto It = Found.find(Key); It != Found.end())
    return It->second;
  Lists Out;
  for (uint32_t P : meeting(X)) {
    LockVerdicts::Verdict V = Verdicts.judge(X.LockClass, Ys[P].LockClass);
    // Different locks are reported at the side that does not hold the lock
    // most accesses hold.
    if (V.V == PairVerdict::Unprotected ||
        (V.V == PairVerdict::DifferentLocks && !HoldsGuard))
      Out.Witnesses.push_back({P, V.V});
    else if (V.V == PairVerdict::Safe && !V.Ordered)
      Out.Assumed.push_back(Ys[P].Id);
  }
  std::stable_sort(Out.Witnesses.begin(), Out.Witnesses.end(),
                   [&](const Witness &A, const Witness &B) {
                     return Ys[A.Id].TraceSize < Ys[B.Id].TraceSize;
                   });
  for (Witness &W : Out.Witnesses)
    W.Id = Ys[W.Id].Id;
  keep(Out.Witnesses.size() + Out.Assumed.size());
  return Found[Key] = std::move(Out);
}

const std::vector<uint32_t> &PairCandidates::unordered(const Side &X) {
  auto Key = std::make_tuple(X.Origin, X.LockClass, unsigned(X.Atomic));
  if (auto It = Unordered.find(Key); It != Unordered.end())
    return It->second;
  std::vector<uint32_t> Out;
  for (uint32_t P : meeting(X))
    if (!Verdicts.judge(X.LockClass, Ys[P].LockClass).Ordered)
      Out.push_back(Ys[P].Id);
  keep(Out.size());
  return Unordered[Key] = std::move(Out);
}

} // namespace racer
