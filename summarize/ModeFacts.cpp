//===- ModeFacts.cpp - What a path knows of the program's mode globals ----===//
#include "summarize/ModeFacts.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>
#include <string>

namespace racer {

using Op = ir::FormalTest::Op;

std::optional<HeldLock> modeFact(const ir::AccessPath &Global,
                                 const ir::FormalTest &Test) {
  switch (Test.K) {
  case Op::Eq:
  case Op::Ne:
  case Op::AnyBit:
  case Op::NoBit:
  case Op::Lt:
  case Op::Ge:
    break;
  case Op::Any:
  case Op::NoneOf:
    return std::nullopt;
  }
  if (Test.Values.size() != 1 ||
      Test.Values[0] < std::numeric_limits<int32_t>::min() ||
      Test.Values[0] > std::numeric_limits<int32_t>::max())
    return std::nullopt;
  HeldLock F;
  F.Lock = Global;
  F.Mode = Test.K;
  F.ModeValue = int32_t(Test.Values[0]);
  return F;
}

namespace {
/// \p F admits value \p V.
bool admits(const HeldLock &F, int64_t V) {
  ir::FormalTest T;
  T.K = F.Mode;
  T.Values = {F.ModeValue};
  return T.admits(V);
}
} // namespace

bool modesExclude(const HeldLock &A, const HeldLock &B) {
  if (!(A.Lock == B.Lock))
    return false;
  // One value only: the other test must admit it.
  if (A.Mode == Op::Eq)
    return !admits(B, A.ModeValue);
  if (B.Mode == Op::Eq)
    return !admits(A, B.ModeValue);
  // v < a and v >= b: empty when b >= a.
  if (A.Mode == Op::Lt && B.Mode == Op::Ge)
    return B.ModeValue >= A.ModeValue;
  if (A.Mode == Op::Ge && B.Mode == Op::Lt)
    return A.ModeValue >= B.ModeValue;
  // (v & a) != 0 and (v & b) == 0: empty when every bit of a is in b.
  if (A.Mode == Op::AnyBit && B.Mode == Op::NoBit)
    return (uint32_t(A.ModeValue) & ~uint32_t(B.ModeValue)) == 0;
  if (A.Mode == Op::NoBit && B.Mode == Op::AnyBit)
    return (uint32_t(B.ModeValue) & ~uint32_t(A.ModeValue)) == 0;
  return false; // two Ne, or tests of different kinds: some value passes
}

void addModeFacts(std::vector<HeldLock> &Locks,
                  llvm::ArrayRef<HeldLock> Facts) {
  if (Facts.empty())
    return;
  size_t Have = std::count_if(Locks.begin(), Locks.end(), [](const HeldLock &L) {
    return L.Mode != Op::Any;
  });
  for (const HeldLock &F : Facts) {
    if (Have >= MaxModeFacts)
      break;
    if (std::find(Locks.begin(), Locks.end(), F) != Locks.end())
      continue;
    Locks.push_back(F);
    ++Have;
  }
  std::sort(Locks.begin(), Locks.end());
}

void keepCommonModes(std::vector<HeldLock> &Locks,
                     const std::vector<HeldLock> &Other) {
  llvm::erase_if(Locks, [&](const HeldLock &L) {
    return L.Mode != Op::Any &&
           std::find(Other.begin(), Other.end(), L) == Other.end();
  });
}

bool modesWithin(const std::vector<HeldLock> &Some,
                 const std::vector<HeldLock> &All) {
  for (const HeldLock &L : Some)
    if (L.Mode != Op::Any && std::find(All.begin(), All.end(), L) == All.end())
      return false;
  return true;
}

const HeldLock *exclusiveMode(const AccessSnapshot &A,
                              const AccessSnapshot &B) {
  const AccessSnapshot *Sides[2] = {&A, &B};
  for (const AccessSnapshot *X : Sides)
    for (const HeldLock &F : X->Locks) {
      if (F.Mode == Op::Any)
        continue;
      for (const AccessSnapshot *Y : Sides)
        for (const HeldLock &G : Y->Locks)
          if (G.Mode != Op::Any && modesExclude(F, G))
            return &F;
    }
  return nullptr;
}

std::string modeTestText(const HeldLock &F) {
  const std::string V = std::to_string(F.ModeValue);
  switch (F.Mode) {
  case Op::Eq:
    return "== " + V;
  case Op::Ne:
    return "!= " + V;
  case Op::AnyBit:
    return "& " + V;
  case Op::NoBit:
    return "& " + V + " == 0";
  case Op::Lt:
    return "< " + V;
  case Op::Ge:
    return ">= " + V;
  case Op::Any:
  case Op::NoneOf:
    break;
  }
  return "";
}

} // namespace racer
