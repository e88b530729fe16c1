//===- InternedTest.cpp - Snapshot paths and lists kept once per process --===//
#include "summarize/Summary.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace racer;

namespace {
ir::AccessPath thisField(const char *Field, const char *Spelling = "this") {
  return ir::AccessPath::formal(0, Spelling).deref().field(Field);
}
HeldLock held(ir::AccessPath P, bool Shared = false) {
  HeldLock L;
  L.Lock = std::move(P);
  L.Shared = Shared;
  return L;
}
} // namespace

TEST(Interned, EqualValuesShareOneCopy) {
  LockList A = LockVector{held(thisField("Cache::mu_"))};
  LockList B = LockVector{held(thisField("Cache::mu_"))};
  LockList C = LockVector{held(thisField("Cache::mu_"), /*Shared=*/true)};
  EXPECT_TRUE(A.identical(B));
  EXPECT_EQ(A.identity(), B.identity());
  EXPECT_FALSE(A.identical(C));
  EXPECT_EQ(A, B);
  EXPECT_NE(A, C);
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Lock.str(), "this->mu_");
  // Copying a handle copies the pointer.
  LockList D = A;
  EXPECT_EQ(&*D, &*A);
}

TEST(Interned, TheEmptyValueIsNoCopy) {
  LockList Empty = LockVector{};
  EXPECT_TRUE(Empty.empty());
  EXPECT_EQ(Empty.identity(), nullptr);
  EXPECT_EQ(Empty, LockList());
  EXPECT_EQ(Empty.size(), 0u);
  EXPECT_EQ(Empty.begin(), Empty.end());
  PathRef NoPath;
  EXPECT_EQ(NoPath.identity(), nullptr);
  EXPECT_EQ(*NoPath, ir::AccessPath());
  PathRef Default = ir::AccessPath();
  EXPECT_EQ(Default.identity(), nullptr);
}

TEST(Interned, PathsKeepTheirSpellingButCompareAsPaths) {
  // Two spellings of one path: two copies (a report prints the spelling it
  // saw), equal as paths (the analysis pairs them).
  PathRef Self = thisField("Node::next", "self");
  PathRef This = thisField("Node::next");
  EXPECT_FALSE(Self.identical(This));
  EXPECT_EQ(Self, This);
  EXPECT_EQ(Self->str(), "self->next");
  EXPECT_EQ(This->str(), "this->next");
  PathRef Other = thisField("Node::prev");
  EXPECT_NE(Self, Other);
  EXPECT_TRUE(This < Other || Other < This);
  // A path interned again in the same spelling is the first copy.
  PathRef Again = thisField("Node::next", "self");
  EXPECT_TRUE(Again.identical(Self));
}

TEST(Interned, EditMakesANewValueAndLeavesOthersAlone) {
  LockList A = LockVector{held(thisField("Cache::mu_"))};
  LockList B = A;
  B.edit([](LockVector &V) { V.push_back(held(thisField("Cache::stats_mu_"))); });
  EXPECT_EQ(A.size(), 1u);
  EXPECT_EQ(B.size(), 2u);
  B.edit([](LockVector &V) { V.pop_back(); });
  EXPECT_TRUE(B.identical(A)) << "back to the first value: its copy";
  B.edit([](LockVector &V) { V.clear(); });
  EXPECT_TRUE(B.empty());
}

TEST(Interned, ThreadsInterningTheSameValuesGetTheSameCopies) {
  constexpr int Values = 2000;
  std::vector<std::vector<const void *>> Seen(4);
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      for (int I = 0; I < Values; ++I) {
        IdList L = IdVector{uint32_t(I), uint32_t(I + 1)};
        Seen[T].push_back(L.identity());
      }
    });
  for (std::thread &T : Threads)
    T.join();
  for (int T = 1; T < 4; ++T)
    EXPECT_EQ(Seen[T], Seen[0]);
  for (int I = 1; I < Values; ++I)
    ASSERT_NE(Seen[0][I], Seen[0][I - 1]);
}

TEST(Interned, SnapshotsCompareByValue) {
  AccessSnapshot A, B;
  A.Path = thisField("Cache::size_");
  B.Path = thisField("Cache::size_", "self");
  A.Locks = LockVector{held(thisField("Cache::mu_"))};
  B.Locks = LockVector{held(thisField("Cache::mu_", "self"))};
  EXPECT_TRUE(A.sameAbstractAccess(B)) << "spelling is not identity";
  B.setLive(IdVector{1});
  EXPECT_FALSE(A.sameAbstractAccess(B));
}
