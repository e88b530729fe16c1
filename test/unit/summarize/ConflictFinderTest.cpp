//===- ConflictFinderTest.cpp - Pairing accesses into races ---------------===//
#include "IRTestBuilder.h"
#include "RaceTestUtil.h"
#include "summarize/ConflictFinder.h"
#include "summarize/Summarizer.h"

#include <gtest/gtest.h>

using namespace racer;
using namespace racer::test;

namespace {

FunctionBuilder lockedWriter(const std::string &Cls, const std::string &Field) {
  FunctionBuilder F(Cls + "::set", Cls);
  uint32_t G = F.local("g");
  F.lockGuard(G, F.thisField("mu_"), 10)
      .write(F.thisField(Field), 11)
      .guardDtor(G, "std::lock_guard", 12);
  return F;
}

TEST(ConflictFinder, NoEvidenceOfConcurrencyNoReport) {
  FunctionBuilder A("Plain::set", "Plain");
  A.write(A.thisField("x_"));
  EXPECT_TRUE(findRaces({A.build()}).empty());
}

TEST(ConflictFinder, UnprotectedWriteAgainstLockedWrite) {
  FunctionBuilder Bad("C::reset", "C");
  Bad.write(Bad.thisField("x_"), 20);
  auto Races = findRaces({lockedWriter("C", "x_").build(), Bad.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Kind, RaceKind::UnprotectedWrite);
  EXPECT_EQ(Races[0].Class, "C");
  EXPECT_EQ(Races[0].Reported.Function, "C::reset");
  EXPECT_EQ(Races[0].Conflicting.Function, "C::set");
  EXPECT_EQ(Races[0].Reported.Access.Location.Line, 20u);
}

TEST(ConflictFinder, UnprotectedReadAgainstLockedWrite) {
  FunctionBuilder Get("C::get", "C");
  Get.read(Get.thisField("x_"), 30);
  auto Races = findRaces({lockedWriter("C", "x_").build(), Get.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Kind, RaceKind::ReadWriteRace);
  EXPECT_EQ(Races[0].Reported.Function, "C::get");
}

TEST(ConflictFinder, BothProtectedIsNotARace) {
  FunctionBuilder Get("C::get", "C");
  uint32_t G = Get.local("g");
  Get.lockGuard(G, Get.thisField("mu_")).read(Get.thisField("x_")).guardDtor(G);
  EXPECT_TRUE(findRaces({lockedWriter("C", "x_").build(), Get.build()}).empty());
}

TEST(ConflictFinder, UnprotectedWriteRacesWithItself) {
  FunctionBuilder Inc("C::inc", "C");
  Inc.write(Inc.thisField("hits_"), 40);
  auto Races = findRaces({lockedWriter("C", "x_").build(), Inc.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Reported.Function, "C::inc");
  EXPECT_EQ(Races[0].Conflicting.Function, "C::inc");
}

TEST(ConflictFinder, PrivateMethodsAndConstructorsAreNotEntryPoints) {
  FunctionBuilder Priv("C::helper", "C", ir::FunctionKind::Method,
                       ir::AccessSpec::Private);
  Priv.write(Priv.thisField("x_"));
  FunctionBuilder Ctor("C::C", "C", ir::FunctionKind::Constructor);
  Ctor.write(Ctor.thisField("x_"));
  EXPECT_TRUE(
      findRaces({lockedWriter("C", "x_").build(), Priv.build(), Ctor.build()})
          .empty());
  // ...but a public method calling the helper exposes its write.
  FunctionBuilder Pub("C::update", "C");
  Pub.call("C::helper", {ir::Operand::object(Pub.thisObject())}, 50);
  auto Races = findRaces({lockedWriter("C", "x_").build(), Priv.build(),
                          Pub.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Reported.Function, "C::update");
  ASSERT_EQ(Races[0].Reported.Access.Trace.size(), 1u);
  EXPECT_EQ(Races[0].Reported.Access.Trace[0].Callee, "C::helper");
}

TEST(ConflictFinder, GuardedByAttributeIsEvidence) {
  FunctionBuilder A("G::set", "G");
  A.write(A.thisField("x_"));
  ir::ClassInfo Info;
  Info.Name = "G";
  Info.HasGuardedFields = true;
  EXPECT_EQ(findRaces({A.build()}, {Info}).size(), 1u);
  Info.HasGuardedFields = false;
  EXPECT_TRUE(findRaces({A.build()}, {Info}).empty());
}

TEST(ConflictFinder, ContainerWriteRacesWithUnlockedRead) {
  FunctionBuilder Add("Q::add", "Q");
  uint32_t G = Add.local("g");
  Add.lockGuard(G, Add.thisField("mu_"))
      .call("std::vector::push_back",
            {ir::Operand::object(Add.thisField("items_"))}, 5)
      .guardDtor(G);
  FunctionBuilder Size("Q::size", "Q");
  Size.call("std::vector::size", {ir::Operand::object(Size.thisField("items_"))},
            9);
  auto Races = findRaces({Add.build(), Size.build()});
  ASSERT_EQ(Races.size(), 1u);
  EXPECT_EQ(Races[0].Kind, RaceKind::ReadWriteRace);
  EXPECT_EQ(Races[0].Reported.Access.Kind, AccessKind::ContainerRead);
}

} // namespace
