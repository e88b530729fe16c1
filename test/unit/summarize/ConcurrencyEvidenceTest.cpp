//===- ConcurrencyEvidenceTest.cpp - Which classes are checked ------------===//
//
// The rule (ConcurrencyEvidence.h) on its own, then through the conflict
// finder on hand-built programs shaped like the real code behind false
// alarms: an iterator calling a locking method of its owner, a class handed
// its owner's mutex, a setup method called only from a constructor.
//===----------------------------------------------------------------------===//
#include "IRTestBuilder.h"
#include "RaceTestUtil.h"
#include "summarize/ConcurrencyEvidence.h"
#include "summarize/ConflictFinder.h"
#include "summarize/Summarizer.h"

#include <gtest/gtest.h>

using namespace racer;
using namespace racer::test;

namespace {

HeldLock lockAt(ir::AccessPath P) {
  HeldLock L;
  L.Lock = std::move(P);
  return L;
}

ir::AccessPath thisPath() { return ir::AccessPath::formal(0, "this").deref(); }

TEST(ClassifyLock, MemberOfThisIsOwn) {
  EXPECT_EQ(classifyLock(lockAt(thisPath().field("C::mu_")), true),
            OwnMemberLock);
  // A member struct's mutex, a base class's: still inside the object.
  EXPECT_EQ(
      classifyLock(lockAt(thisPath().field("C::state_").field("S::mu")), true),
      OwnMemberLock);
}

TEST(ClassifyLock, PointerMemberParameterLocalAndUnknownAreNotOwn) {
  // `this->db_->mutex_`: the database's lock, not the iterator's.
  EXPECT_EQ(classifyLock(lockAt(thisPath().field("It::db_").deref().field(
                             "DB::mutex_")),
                         true),
            MemberPointerLock);
  EXPECT_EQ(classifyLock(lockAt(thisPath().field("It::mu_").deref()), true),
            MemberPointerLock);
  EXPECT_EQ(classifyLock(lockAt(thisPath()
                                    .field("It::db_")
                                    .deref()
                                    .field("DB::impl_")
                                    .deref()
                                    .field("Impl::mu_")),
                         true),
            ForeignLock);
  // `*mu` received as a parameter (VersionSet::LogAndApply(edit, mu)).
  EXPECT_EQ(classifyLock(lockAt(ir::AccessPath::formal(2, "mu").deref()), true),
            ParameterLock);
  EXPECT_EQ(classifyLock(lockAt(ir::AccessPath::formal(1, "s").deref().field(
                             "S::locks_").index()),
                         true),
            ForeignLock);
  EXPECT_EQ(classifyLock(lockAt(ir::AccessPath::local(0, "m")), true),
            ForeignLock);
  HeldLock Unknown;
  Unknown.Unknown = true;
  EXPECT_EQ(classifyLock(Unknown, true), ForeignLock);
  // Without `this`, formal 0 is a parameter like any other.
  EXPECT_EQ(classifyLock(lockAt(thisPath().field("C::mu_")), false),
            ParameterLock);
  // An array of mutexes: which one is not known.
  EXPECT_EQ(classifyLock(lockAt(thisPath().field("C::mus_").index()), true),
            ForeignLock);
}

TEST(ClassifyLock, GlobalsAndStaticMembersAreGlobal) {
  EXPECT_EQ(classifyLock(lockAt(FunctionBuilder::global("g_mu")), true),
            GlobalLock);
  EXPECT_EQ(classifyLock(lockAt(FunctionBuilder::global("g_reg").field(
                             "Registry::mu")),
                         true),
            GlobalLock);
  EXPECT_EQ(classifyLock(lockAt(FunctionBuilder::global("g_ptr").deref()), true),
            ForeignLock);
}

TEST(ClassEvidence, StrongestEvidenceWins) {
  ir::ClassInfo Guarded;
  Guarded.HasGuardedFields = true;
  ClassFacts F;
  EXPECT_EQ(classEvidence(F), EvidenceKind::None);
  F.MethodLockOwners = ForeignLock;
  EXPECT_EQ(classEvidence(F), EvidenceKind::None);
  F.MethodLockOwners |= MemberPointerLock;
  EXPECT_EQ(classEvidence(F), EvidenceKind::ForeignLockOnly);
  F.MethodLockOwners |= GlobalLock;
  EXPECT_EQ(classEvidence(F), EvidenceKind::GlobalLock);
  F.HasThreadEntry = true;
  EXPECT_EQ(classEvidence(F), EvidenceKind::ThreadEntry);
  F.MethodLockOwners |= OwnMemberLock;
  EXPECT_EQ(classEvidence(F), EvidenceKind::OwnLock);
  F.Info = &Guarded;
  EXPECT_EQ(classEvidence(F), EvidenceKind::Declared);
  ir::ClassInfo Plain;
  ClassFacts G;
  G.Info = &Plain;
  EXPECT_EQ(classEvidence(G), EvidenceKind::None);
}

TEST(ClassEvidence, ConstructorsAndFreeFunctionsDoNotCount) {
  FunctionSummary S;
  S.LockOwners = OwnMemberLock;
  FunctionBuilder Ctor("C::C", "C", ir::FunctionKind::Constructor);
  FunctionBuilder Dtor("C::~C", "C", ir::FunctionKind::Destructor);
  FunctionBuilder Free("f", "", ir::FunctionKind::Free);
  FunctionBuilder M("C::m", "C");
  EXPECT_EQ(memberLockOwners(Ctor.build(), S), 0);
  EXPECT_EQ(memberLockOwners(Dtor.build(), S), 0);
  EXPECT_EQ(memberLockOwners(Free.build(), S), 0);
  EXPECT_EQ(memberLockOwners(M.build(), S), OwnMemberLock);
}

/// DB::RecordSample() { lock_guard g(mutex_); ++samples_; }
FunctionBuilder lockingOwnerMethod() {
  FunctionBuilder F("DB::RecordSample", "DB");
  uint32_t G = F.local("g");
  F.lockGuard(G, F.thisField("mutex_"), 10)
      .write(F.thisField("samples_"), 11)
      .guardDtor(G, "std::lock_guard", 12);
  return F;
}

TEST(ClassEvidence, IteratorCallingItsOwnersLockingMethodIsNotChecked) {
  // Iter::Next() { key_ = ...; db_->RecordSample(); }
  FunctionBuilder Next("Iter::Next", "Iter");
  Next.write(Next.thisField("key_"), 20)
      .call("DB::RecordSample",
            {ir::Operand::object(Next.thisField("db_").deref())}, 21);
  FunctionBuilder Seek("Iter::Seek", "Iter");
  Seek.write(Seek.thisField("key_"), 30);
  auto Races =
      findRaces({lockingOwnerMethod().build(), Next.build(), Seek.build()});
  for (const RaceFinding &R : Races)
    EXPECT_NE(R.Class, "Iter") << R.Reported.Function;
  // The same program without the owner's body (the other TU left out of
  // the scan): the verdict on Iter is the same.
  auto Alone = findRaces({Next.build(), Seek.build()});
  EXPECT_TRUE(Alone.empty());
}

TEST(ClassEvidence, ClassHandedItsOwnersMutexIsCheckedAtLowConfidence) {
  // VersionSet::LogAndApply(Edit *e, Mutex *mu) { mu->unlock(); ...
  //   manifest_ = ...; mu->lock(); last_ = ...; }
  FunctionBuilder Apply("VersionSet::LogAndApply", "VersionSet");
  Apply.formal("e").formal("mu");
  ir::AccessPath Mu = ir::AccessPath::formal(2, "mu").deref();
  Apply.unlock(Mu, 10).write(Apply.thisField("manifest_"), 11).lock(Mu, 12)
      .write(Apply.thisField("last_"), 13);
  FunctionBuilder Get("VersionSet::LastSequence", "VersionSet");
  Get.read(Get.thisField("last_"), 20);
  // Not evidence that VersionSet is shared, but it is used under its
  // caller's lock: checked, and every finding low (Infer's without_mutex).
  auto Races = findRaces({Apply.build(), Get.build()});
  ASSERT_FALSE(Races.empty());
  for (const auto &R : Races) {
    EXPECT_EQ(R.confidence(), Confidence::Low);
    EXPECT_TRUE(R.LowReasons & LowParameterLockOnly);
  }
}

TEST(ClassEvidence, OwnMemberLockMakesTheClassChecked) {
  FunctionBuilder Peek("DB::Peek", "DB");
  Peek.read(Peek.thisField("samples_"), 40);
  auto Races = findRaces({lockingOwnerMethod().build(), Peek.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Reported.Function, "DB::Peek");
  EXPECT_EQ(Races[0].confidence(), Confidence::High);
}

TEST(ClassEvidence, CalleeAssertingItsOwnLockDoesNotLeakToCaller) {
  // DB::Sample() { lock_guard g(mutex_); Schedule(); }, where Schedule()
  // asserts mutex_ held: Sample took the lock itself, so its callers must
  // not count mutex_ as held (nor as asserted) after calling it.
  FunctionBuilder Schedule("DB::Schedule", "DB", ir::FunctionKind::Method,
                           ir::AccessSpec::Private);
  Schedule.call("port::Mutex::AssertHeld",
                {ir::Operand::object(Schedule.thisField("mutex_"))}, 5);
  FunctionBuilder Sample("DB::Sample", "DB");
  uint32_t G = Sample.local("g");
  Sample.lockGuard(G, Sample.thisField("mutex_"), 10)
      .call("DB::Schedule", {ir::Operand::object(Sample.thisObject())}, 11)
      .guardDtor(G, "std::lock_guard", 12);
  std::vector<ir::Function> Fns = {Schedule.build(), Sample.build()};
  ProgramSummarizer PS(Fns);
  PS.summarizeAll();
  EXPECT_TRUE(PS.summaries()[1].Locks->Assumed.empty());
  EXPECT_TRUE(PS.summaries()[0].Locks->Assumed.size() == 1);
  EXPECT_EQ(PS.summaries()[1].LockOwners, OwnMemberLock);
}

TEST(SetupOnly, MethodCalledOnlyFromConstructorIsLow) {
  // Sharded::Sharded(n) { shard_.SetCapacity(n); }
  FunctionBuilder Set("LRU::SetCapacity", "LRU");
  Set.write(Set.thisField("capacity_"), 10);
  FunctionBuilder Insert("LRU::Insert", "LRU");
  uint32_t G = Insert.local("g");
  Insert.lockGuard(G, Insert.thisField("mu_"), 20)
      .read(Insert.thisField("capacity_"), 21)
      .guardDtor(G, "std::lock_guard", 22);
  FunctionBuilder Ctor("Sharded::Sharded", "Sharded",
                       ir::FunctionKind::Constructor);
  Ctor.call("LRU::SetCapacity",
            {ir::Operand::object(Ctor.thisField("shard_"))}, 30);
  auto Races = findRaces({Set.build(), Insert.build(), Ctor.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Reported.Function, "LRU::SetCapacity");
  EXPECT_EQ(Races[0].LowReasons, LowSetupOnly);
  EXPECT_TRUE(Races[0].Reported.SetupOnly);

  // Called once more on a shared object (a global): high again.
  FunctionBuilder Resize("resize", "", ir::FunctionKind::Free);
  Resize.call("LRU::SetCapacity",
              {ir::Operand::object(FunctionBuilder::global("g_cache"))}, 40);
  auto Shared =
      findRaces({Set.build(), Insert.build(), Ctor.build(), Resize.build()});
  ASSERT_EQ(Shared.size(), 1u);
  EXPECT_EQ(Shared[0].LowReasons, 0);
}

TEST(SetupOnly, ThroughAnInitMethodOnThis) {
  // Cache::Cache() { Init(); }  Cache::Init() { SetCapacity(8); }
  FunctionBuilder Set("Cache::SetCapacity", "Cache");
  Set.write(Set.thisField("capacity_"), 10);
  FunctionBuilder Init("Cache::Init", "Cache");
  Init.call("Cache::SetCapacity", {ir::Operand::object(Init.thisObject())}, 20);
  FunctionBuilder Ctor("Cache::Cache", "Cache", ir::FunctionKind::Constructor);
  Ctor.call("Cache::Init", {ir::Operand::object(Ctor.thisObject())}, 30);
  FunctionBuilder Get("Cache::Get", "Cache");
  uint32_t G = Get.local("g");
  Get.lockGuard(G, Get.thisField("mu_"), 40)
      .read(Get.thisField("capacity_"), 41)
      .guardDtor(G, "std::lock_guard", 42);
  std::vector<ir::Function> Fns = {Set.build(), Init.build(), Ctor.build(),
                                   Get.build()};
  ProgramSummarizer PS(Fns);
  PS.summarizeAll();
  std::vector<bool> Setup =
      callerContexts(Fns, PS.summaries(), PS.graph()).SetupOnly;
  EXPECT_TRUE(Setup[0]);  // SetCapacity: only from Init, on Init's this
  EXPECT_TRUE(Setup[1]);  // Init: only from the constructor
  EXPECT_FALSE(Setup[2]); // the constructor itself: not a method
  EXPECT_FALSE(Setup[3]); // Get: no caller at all (public API)
}

TEST(Confidence, PathReasons) {
  ir::AccessPath Elem = FunctionBuilder::global("slots").index();
  EXPECT_EQ(pathLowReasons(Elem, true), LowMergedElements);
  EXPECT_EQ(pathLowReasons(Elem, false), 0);
  ir::AccessPath Deep = thisPath();
  for (int I = 0; I < 12; ++I)
    Deep = Deep.field("N::next").deref();
  ir::limitSteps(Deep);
  EXPECT_EQ(pathLowReasons(Deep, false), LowElidedPath);
  EXPECT_EQ(pathLowReasons(thisPath().field("C::n_"), true), 0);
}

} // namespace
