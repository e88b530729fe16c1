//===- PairCandidatesTest.cpp - The Ys one access may race with -----------===//
//
// PairCandidates answers, once per kind of access, what a visit of every Y
// would find: these tests hold it to that visit (judgePair and
// orderedByIdentifiableLocks on each pair) on groups mixing the lock shapes
// real code has: one mutex, two, a reader lock, a mutex racecar cannot name,
// an element of a mutex array, and nested locks.
//===----------------------------------------------------------------------===//
#include "summarize/PairCandidates.h"

#include <gtest/gtest.h>

#include <random>

namespace racer {
namespace {

ir::AccessPath global(const char *Name) {
  return ir::AccessPath::global(ir::Symbol(Name), ir::Symbol(Name));
}

HeldLock lockOf(const char *Name, bool Shared = false) {
  HeldLock L;
  L.Lock = global(Name);
  L.Shared = Shared;
  return L;
}

HeldLock unknownLock() {
  HeldLock L;
  L.Unknown = true;
  return L;
}

/// `locks[i]`: an element, which may be any of them.
HeldLock elementLock() {
  HeldLock L;
  L.Lock = global("locks");
  L.Lock.Steps.push_back(ir::PathStep(ir::StepKind::Index));
  return L;
}

/// The lock sets an access of a group may hold.
std::vector<LockVector> lockShapes() {
  LockNesting N;
  N.Outer = global("outer");
  N.Inner = global("inner");
  return {{},
          {lockOf("mu")},
          {lockOf("mu", /*Shared=*/true)},
          {lockOf("other")},
          {lockOf("mu"), lockOf("other")},
          {unknownLock()},
          {elementLock()},
          {lockOf("inner")},
          {lockOf("outer")}};
}

struct Group {
  std::vector<AccessSnapshot> Snaps;
  std::vector<PairCandidates::Side> Sides;
};

/// \p N accesses of up to 6 origins, drawn from the lock shapes; every third
/// one under `inner` also took it inside `outer` (a nesting).
Group randomGroup(unsigned Seed, size_t N) {
  std::mt19937 Rng(Seed);
  std::vector<LockVector> Shapes = lockShapes();
  Group G;
  G.Snaps.resize(N);
  for (size_t I = 0; I < N; ++I) {
    AccessSnapshot &S = G.Snaps[I];
    S.Kind = Rng() % 2 ? AccessKind::Write : AccessKind::Read;
    S.Atomic = Rng() % 5 == 0;
    size_t Shape = Rng() % Shapes.size();
    S.Locks = Shapes[Shape];
    if (Shapes[Shape].size() == 1 && Shapes[Shape][0].Lock == global("inner") &&
        I % 3 == 0) {
      LockNesting Nest;
      Nest.Outer = global("outer");
      Nest.Inner = global("inner");
      Nest.OuterHeld = Rng() % 2;
      Nest.InnerHeld = !Nest.OuterHeld;
      S.setNestings(NestingVector{Nest});
    }
  }
  for (size_t I = 0; I < N; ++I)
    G.Sides.push_back({uint32_t(100 + I), uint32_t(Rng() % 6), 0,
                       isWrite(G.Snaps[I].Kind), bool(G.Snaps[I].Atomic),
                       uint32_t(Rng() % 4)});
  return G;
}

/// Origins 0 and 1 never overlap (one joined before the other starts), and
/// no origin overlaps itself but 5 (started many times).
bool mayOverlap(uint32_t OX, uint32_t OY) {
  if ((OX == 0 && OY == 1) || (OX == 1 && OY == 0))
    return false;
  return OX != OY || OX == 5;
}

TEST(PairCandidatesTest, FindsWhatAVisitOfEveryPairFinds) {
  for (unsigned Seed = 1; Seed <= 40; ++Seed) {
    Group G = randomGroup(Seed, 60);
    LockVerdicts Verdicts(LockScope::Program);
    for (size_t I = 0; I < G.Snaps.size(); ++I)
      G.Sides[I].LockClass = Verdicts.classOf(G.Snaps[I]);
    for (bool HoldsGuard : {false, true}) {
      // (HoldsGuard is a function of an X's locks and kind, so of its
      // kind: one instance per value.)
      PairCandidates Candidates(G.Sides, Verdicts, mayOverlap);
      for (size_t XP = 0; XP < G.Snaps.size(); ++XP) {
        const AccessSnapshot &X = G.Snaps[XP];
        // The visit of every Y, in order.
        std::vector<std::pair<uint32_t, uint32_t>> Witnesses; // size, id
        std::vector<uint32_t> Assumed, Unordered;
        for (size_t YP = 0; YP < G.Snaps.size(); ++YP) {
          const AccessSnapshot &Y = G.Snaps[YP];
          if (!canRace(X, Y) ||
              !mayOverlap(G.Sides[XP].Origin, G.Sides[YP].Origin))
            continue;
          PairVerdict V = judgePair(X, Y, LockScope::Program);
          bool Ordered = orderedByIdentifiableLocks(X, Y, LockScope::Program);
          if (V == PairVerdict::Unprotected ||
              (V == PairVerdict::DifferentLocks && !HoldsGuard))
            Witnesses.push_back({G.Sides[YP].TraceSize, G.Sides[YP].Id});
          else if (V == PairVerdict::Safe && !Ordered)
            Assumed.push_back(G.Sides[YP].Id);
          if (!Ordered)
            Unordered.push_back(G.Sides[YP].Id);
        }
        std::stable_sort(Witnesses.begin(), Witnesses.end(),
                         [](auto A, auto B) { return A.first < B.first; });
        const PairCandidates::Lists &Found =
            Candidates.of(G.Sides[XP], HoldsGuard);
        std::vector<std::pair<uint32_t, uint32_t>> Got;
        for (const PairCandidates::Witness &W : Found.Witnesses)
          Got.push_back({G.Sides[W.Id - 100].TraceSize, W.Id});
        EXPECT_EQ(Got, Witnesses) << "seed " << Seed << " X " << XP;
        EXPECT_EQ(Found.Assumed, Assumed) << "seed " << Seed << " X " << XP;
        EXPECT_EQ(Candidates.unordered(G.Sides[XP]), Unordered)
            << "seed " << Seed << " X " << XP;
      }
    }
  }
}

TEST(PairCandidatesTest, AKindsListsHoldItsVerdicts) {
  // Two writes of `n` under different mutexes, and an unlocked read: the
  // write holding the guard is reported at the other side only.
  std::vector<AccessSnapshot> Snaps(3);
  Snaps[0].Kind = AccessKind::Write;
  Snaps[0].Locks = LockVector{lockOf("a")};
  Snaps[1].Kind = AccessKind::Write;
  Snaps[1].Locks = LockVector{lockOf("b")};
  Snaps[2].Kind = AccessKind::Read;
  LockVerdicts Verdicts(LockScope::Program);
  std::vector<PairCandidates::Side> Sides;
  for (uint32_t I = 0; I < 3; ++I)
    Sides.push_back({I, I, Verdicts.classOf(Snaps[I]), isWrite(Snaps[I].Kind),
                     false, 2 - I});
  auto Always = [](uint32_t, uint32_t) { return true; };
  PairCandidates Candidates(Sides, Verdicts, Always);
  const PairCandidates::Lists &A = Candidates.of(Sides[0], /*HoldsGuard=*/true);
  // Against b: different locks, reported at b (A holds the guard); against
  // the read: reported at the read.
  EXPECT_TRUE(A.Witnesses.empty());
  EXPECT_TRUE(A.Assumed.empty());
  const PairCandidates::Lists &B = Candidates.of(Sides[1], false);
  ASSERT_EQ(B.Witnesses.size(), 1u);
  EXPECT_EQ(B.Witnesses[0].Id, 0u);
  EXPECT_EQ(B.Witnesses[0].V, PairVerdict::DifferentLocks);
  const PairCandidates::Lists &R = Candidates.of(Sides[2], false);
  // Both writes, the shorter trace (b's, 1 against a's 2) first.
  ASSERT_EQ(R.Witnesses.size(), 2u);
  EXPECT_EQ(R.Witnesses[0].Id, 1u);
  EXPECT_EQ(R.Witnesses[1].Id, 0u);
  EXPECT_EQ(R.Witnesses[0].V, PairVerdict::Unprotected);
}

TEST(PairCandidatesTest, LockClassesTellWritesFromReads) {
  AccessSnapshot W, R, W2;
  W.Kind = AccessKind::Write;
  W.Locks = LockVector{lockOf("mu", /*Shared=*/true)};
  R.Kind = AccessKind::Read;
  R.Locks = LockVector{lockOf("mu", /*Shared=*/true)};
  W2 = W;
  LockVerdicts Verdicts(LockScope::Program);
  uint32_t CW = Verdicts.classOf(W), CR = Verdicts.classOf(R);
  EXPECT_NE(CW, CR);
  EXPECT_EQ(Verdicts.classOf(W2), CW);
  // A write under a reader lock is not protected by it; a read is.
  EXPECT_EQ(Verdicts.judge(CW, CR).V, PairVerdict::Unprotected);
  EXPECT_EQ(Verdicts.judge(CR, CW).V, PairVerdict::ReportedAtOther);
}

} // namespace
} // namespace racer
