//===- ModuleCodecTest.cpp - TU file encoding, decoding, damage ----------===//
#include "serialize/CodecTesting.h"
#include "serialize/ModuleCodec.h"

#include "summarize/Summarizer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <thread>

using namespace racer;
using namespace racer::serialize;
namespace codec_testing = racer::serialize::testing;

namespace {

//===-- A realistic module: every instruction, operand, root and step kind ===//

ir::AccessPath thisPath() { return ir::AccessPath::formal(0, "this").deref(); }
ir::AccessPath thisField(const std::string &Class, const std::string &F) {
  return thisPath().field(Class + "::" + F);
}

ir::Instr access(ir::InstrKind K, ir::AccessPath P, uint32_t Line,
                 uint32_t Col = 3, bool Atomic = false) {
  ir::Instr I;
  I.Kind = K;
  I.Path = std::move(P);
  I.Location = {0, Line, Col};
  I.Atomic = Atomic;
  return I;
}

ir::Instr call(std::string Name, std::string Usr, std::vector<ir::Operand> Args,
               std::vector<std::string> ArgTypes, uint32_t Line) {
  ir::Instr I;
  I.Kind = ir::InstrKind::Call;
  I.Location = {0, Line, 5};
  I.call().CalleeName = std::move(Name);
  I.call().Callee = std::move(Usr);
  I.call().Args = std::move(Args);
  I.call().ArgTypes.assign(ArgTypes.begin(), ArgTypes.end());
  return I;
}

ir::Module realisticModule() {
  ir::Module M;
  M.MainFile = "/src/shop/Inventory.cpp";
  M.Files = {"/src/shop/Inventory.cpp", "/src/shop/Inventory.h",
             "/src/shop/Lock.h"};
  const std::string C = "shop::Inventory";

  // void Inventory::add(int n) { std::lock_guard<std::mutex> g(mu_); total_ += n;
  //                              items_.push_back(n); }
  {
    ir::Function F;
    F.Symbol = "c:@N@shop@S@Inventory@F@add#I#";
    F.Name = "shop::Inventory::add";
    F.Class = C;
    F.Access = ir::AccessSpec::Public;
    F.Kind = ir::FunctionKind::Method;
    F.Formals = {"this", "n"};
    F.Locals = {"g"};
    F.Location = {0, 10, 17};
    ir::Block B;
    ir::Instr Ctor = call("std::lock_guard::lock_guard",
                          "c:@N@std@S@lock_guard>#$@N@std@S@mutex@F@lock_guard#&S1_#",
                          {ir::Operand::object(ir::AccessPath::local(0, "g")),
                           ir::Operand::object(thisField(C, "mu_"))},
                          {"std::lock_guard", "std::mutex"}, 11);
    Ctor.call().IsConstructor = true;
    B.Instrs.push_back(Ctor);
    B.Instrs.push_back(access(ir::InstrKind::Read, thisField(C, "total_"), 12));
    B.Instrs.push_back(access(ir::InstrKind::Write, thisField(C, "total_"), 12));
    B.Instrs.push_back(call("std::vector::push_back",
                            "c:@N@std@S@vector>#I#$@N@std@S@allocator>#I@F@push_back#&1I#",
                            {ir::Operand::object(thisField(C, "items_")),
                             ir::Operand::fresh()},
                            {"std::vector", ""}, 13));
    ir::Instr Dtor = call("std::lock_guard::~lock_guard",
                          "c:@N@std@S@lock_guard>#$@N@std@S@mutex@F@~lock_guard#",
                          {ir::Operand::object(ir::AccessPath::local(0, "g"))},
                          {"std::lock_guard"}, 14);
    Dtor.call().IsDestructor = true;
    B.Instrs.push_back(Dtor);
    // A lambda made here (and stored): its creation call.
    ir::Instr Made = call("shop::Inventory::add::lambda@+5:12",
                          "c:@N@shop@S@Inventory@F@add#I#@lambda@+5:12",
                          {ir::Operand::object(ir::AccessPath::formal(0, "this"))},
                          {C}, 15);
    Made.call().MakesClosure = true;
    B.Instrs.push_back(Made);
    F.Blocks.push_back(B);
    M.Functions.push_back(F);
  }

  // bool Inventory::tryBump() { if (mu_.try_lock()) { slots_[i].count++;
  //   mu_.unlock(); return true; } Node *n = head_; n->next = nullptr; ... }
  {
    ir::Function F;
    F.Symbol = "c:@N@shop@S@Inventory@F@tryBump#";
    F.Name = "shop::Inventory::tryBump";
    F.Class = C;
    F.Access = ir::AccessSpec::Protected;
    F.Kind = ir::FunctionKind::Method;
    F.Formals = {"this"};
    F.Locals = {"n", "p"};
    F.Location = {1, 20, 8};
    ir::Block B0, B1, B2, B3;
    B0.Instrs.push_back(call("std::mutex::try_lock", "c:@N@std@S@mutex@F@try_lock#",
                             {ir::Operand::object(thisField(C, "mu_"))},
                             {"std::mutex"}, 21));
    B0.Succs = {1, 2};
    B0.CondCall = 0;
    B0.CondNegated = true;
    B1.Instrs.push_back(access(ir::InstrKind::Read,
                               thisField(C, "slots_").index().field("shop::Slot::count"),
                               22));
    B1.Instrs.push_back(access(ir::InstrKind::Write,
                               thisField(C, "slots_").index().field("shop::Slot::count"),
                               22));
    B1.Instrs.push_back(call("std::mutex::unlock", "c:@N@std@S@mutex@F@unlock#",
                             {ir::Operand::object(thisField(C, "mu_"))},
                             {"std::mutex"}, 23));
    B1.Succs = {3};
    B1.CondFormal = 1;
    B1.EdgeTests.push_back({ir::FormalTest::Op::NoneOf, {3, -4}});
    ir::Instr Bind;
    Bind.Kind = ir::InstrKind::Bind;
    Bind.Location = {0, 25, 9};
    Bind.Dest = 0;
    Bind.value() = ir::Operand::object(thisField(C, "head_").deref());
    B2.Instrs.push_back(Bind);
    B2.Instrs.push_back(access(ir::InstrKind::Write,
                               ir::AccessPath::local(0, "n").deref().field("shop::Node::next"),
                               26));
    ir::Instr Bind2 = Bind;
    Bind2.Dest = 1;
    Bind2.value() = ir::Operand::unknown();
    B2.Instrs.push_back(Bind2);
    ir::Instr Res = call("shop::makeNode", "c:@N@shop@F@makeNode#", {}, {}, 27);
    Res.call().UnderModeTest = true; // (every flag of a call round-trips)
    Res.call().RunsTask = true;
    Res.call().ResultLocal = 1;
    Res.call().ScalarArgs = {{0, false, -7}, {1, true, 2}};
    B2.Instrs.push_back(Res);
    B2.Succs = {3};
    ir::Instr Ret;
    Ret.Kind = ir::InstrKind::Return;
    Ret.Location = {0, 28, 3};
    Ret.value() = ir::Operand::object(thisField(C, "slots_").index());
    B3.Instrs.push_back(Ret);
    F.Blocks = {B0, B1, B2, B3};
    M.Functions.push_back(F);
  }

  // void lockAll() ACQUIRE(g_lock); a C function on globals with atomics.
  {
    ir::Function F;
    F.Symbol = "c:@F@lockAll";
    F.Name = "lockAll";
    F.Kind = ir::FunctionKind::Free;
    F.Location = {2, 5, 6};
    ir::DeclaredLockEffect E;
    E.K = ir::DeclaredLockEffect::Kind::Acquire;
    E.Lock = ir::AccessPath::global("c:@g_lock", "g_lock");
    F.DeclaredEffects.push_back(E);
    ir::SyncPatterns &SP = F.Patterns.edit();
    SP.HandRolledSync = {2, 9, 5};
    SP.ConditionWait = {2, 11, 3};
    SP.OnceInit = {2, 13, 3};
    SP.OnceInitLast = 15;
    SP.OnceInitVar = ir::Symbol("c:@max");
    SP.OnceInitUnwritten = {ir::Symbol("c:@storage")};
    SP.AcquireRegion = {2, 17, 3};
    SP.AcquireRegionLast = 19;
    SP.AcquireVar = ir::Symbol("c:@ready");
    SP.AcquireSpin = true;
    SP.AcquireLastOwner = true;
    SP.PublishLine = 21;
    SP.PublishVar = ir::Symbol("c:@published");
    F.UpdatesAtomically = true;
    F.OnlyForwards = true;
    F.DocumentedRequires = ir::DocumentedLock::Unnamed;
    ir::Block B;
    B.Instrs.push_back(call("pthread_mutex_lock", "c:@F@pthread_mutex_lock",
                            {ir::Operand::object(ir::AccessPath::global("c:@g_lock", "g_lock"))},
                            {""}, 6));
    B.Instrs.push_back(access(ir::InstrKind::Write,
                              ir::AccessPath::global("c:@g_config", "g_config")
                                  .field("Config::level"),
                              7, 3, /*Atomic=*/true));
    F.Blocks.push_back(B);
    M.Functions.push_back(F);
  }

  // A static method, a constructor, a destructor and a lambda, with effects
  // declared on calls (every effect kind).
  {
    ir::Function F;
    F.Symbol = "c:@N@shop@S@Inventory@F@instance#S";
    F.Name = "shop::Inventory::instance";
    F.Class = C;
    F.Access = ir::AccessSpec::Private;
    F.Kind = ir::FunctionKind::StaticMethod;
    F.Location = {1, 40, 1};
    ir::Block B;
    ir::Instr I = call("shop::Lockable::lock", "c:@N@shop@S@Lockable@F@lock#",
                       {ir::Operand::object(ir::AccessPath::global("c:@N@shop@s_lk", "s_lk"))},
                       {"shop::Lockable"}, 41);
    ir::DeclaredLockEffect E1, E2, E3, E4;
    E1.K = ir::DeclaredLockEffect::Kind::Acquire;
    E1.Lock = ir::AccessPath::formal(0, "this").deref();
    E2.K = ir::DeclaredLockEffect::Kind::AcquireShared;
    E2.Lock = ir::AccessPath::formal(0, "this").deref().field("shop::Lockable::rw_");
    E3.K = ir::DeclaredLockEffect::Kind::Release;
    E3.Lock = ir::AccessPath::formal(1, "other").deref();
    E4.K = ir::DeclaredLockEffect::Kind::TryAcquire;
    I.call().DeclaredEffects = {E1, E2, E3, E4};
    B.Instrs.push_back(I);
    // A thread start: a callable with receiver, captures and decayed
    // arguments, a container element type, and a Value operand.
    ir::Instr T = call("std::vector::emplace_back", "c:@N@std@S@vector@F@emplace_back#",
                       {ir::Operand::object(ir::AccessPath::local(0, "pool")),
                        ir::Operand::fresh(),
                        ir::Operand::value(ir::AccessPath::local(1, "n"))},
                       {"std::vector", "", ""}, 42);
    T.call().ElementType = "std::thread";
    T.call().LoopRange = "0 < n +1";
    ir::CallableArg CA;
    CA.Arg = 1;
    CA.Callee = "c:@F@main#@lambda@42:20";
    CA.CalleeName = "main::lambda@42:20";
    CA.HasReceiver = true;
    CA.Receiver = ir::Operand::object(ir::AccessPath::formal(0, "this").deref());
    CA.NumParams = 2;
    CA.Captures = {ir::Operand::object(ir::AccessPath::local(2, "counter")),
                   ir::Operand::fresh()};
    CA.DecayedArgs = {ir::Operand::value(ir::AccessPath::local(1, "n"))};
    ir::CallableArg Plain;
    Plain.Arg = 2;
    Plain.Callee = "c:@F@worker";
    Plain.CalleeName = "worker";
    Plain.SerialFlag = ir::Operand::object(
        ir::AccessPath::formal(0, "this").deref().field("Pool::scheduled_"));
    T.call().Callables = {CA, Plain};
    B.Instrs.push_back(T);
    F.Blocks.push_back(B);
    M.Functions.push_back(F);
  }
  for (ir::FunctionKind K : {ir::FunctionKind::Constructor, ir::FunctionKind::Destructor,
                             ir::FunctionKind::Lambda}) {
    ir::Function F;
    F.Symbol = "c:@N@shop@S@Inventory@F@k" + std::to_string(int(K));
    F.Name = "shop::Inventory::k" + std::to_string(int(K));
    F.Class = C;
    F.Access = ir::AccessSpec::Public;
    F.Kind = K;
    F.Formals = {"this"};
    ir::Block B;
    B.Instrs.push_back(access(ir::InstrKind::Write, thisField(C, "total_"), 50));
    F.Blocks.push_back(B);
    M.Functions.push_back(F);
  }
  // An empty declaration-like function (no blocks) and an odd one with
  // unicode, an embedded NUL and a very long name.
  {
    ir::Function F;
    F.Symbol = "c:@F@empty";
    F.Name = "empty";
    M.Functions.push_back(F);
    ir::Function G;
    G.Symbol = std::string("c:@F@odd\0x", 10);
    G.Name = "ünïcödé::" + std::string(5000, 'x');
    G.Locals = {"", "a", ""};
    ir::Block B;
    B.Instrs.push_back(access(ir::InstrKind::Read,
                              ir::AccessPath::local(2, "").deref().deref().index(),
                              UINT32_MAX, UINT32_MAX));
    B.Instrs.back().Location.File = UINT32_MAX;
    B.CondCall = 7; // out of range on purpose: stored as is
    B.Succs = {0, 0, 5};
    G.Blocks.push_back(B);
    M.Functions.push_back(G);
  }

  ir::ClassInfo CI;
  CI.Name = C;
  CI.HasGuardedFields = true;
  CI.IsCapability = false;
  CI.MarkedThreadSafe = true;
  CI.Location = {1, 3, 7};
  M.Classes.push_back(CI);
  ir::ClassInfo CJ;
  CJ.Name = "shop::Lockable";
  CJ.IsCapability = true;
  M.Classes.push_back(CJ);
  // Bodies left to an earlier TU of the scan (frontend::BodyClaims).
  M.SkippedBodies = {"c:@N@shop@S@Lock@F@acquire#", "c:@N@shop@S@Lock@F@release#"};
  // Globals whose address the TU takes; the default (unknown) is true, so
  // false must survive the round trip.
  M.AddressTaken = {"c:@g_slots", "c:shop.c@g_cursor"};
  M.AddressesUnknown = false;
  // Functions stored into function-pointer slots.
  M.FunctionPointersCalled = {"c:@init_fn\tc:@F@dev_init"};
  M.FunctionPointersAssigned = {"c:@init_fn", "c:@init_fn\tc:@F@dev_init"};
  M.FunctionPointerStores = {"field:job::fn\tfn:c:@F@release",
                             "field:job::fn\tformal:c:@F@submit#0",
                             "global:c:@g_hook\tslot:field:job::fn"};
  return M;
}

HeldLock held(ir::AccessPath P, bool Shared = false, bool Unknown = false) {
  HeldLock H;
  H.Lock = std::move(P);
  H.Shared = Shared;
  H.Unknown = Unknown;
  return H;
}

/// Summaries from the real summarizer plus one with every field set.
std::vector<FunctionSummary> realisticSummaries(const ir::Module &M) {
  ProgramSummarizer PS(M.Functions);
  PS.summarizeAll();
  std::vector<FunctionSummary> S = PS.summaries();

  FunctionSummary F;
  F.Symbol = "c:@N@shop@S@Inventory@F@sync#";
  F.Name = "shop::Inventory::sync";
  F.Threads = ThreadsKind::AnyThread;
  F.UsesLocksDirectly = true;
  F.Locks.edit().Acquired = {held(thisField("shop::Inventory", "mu_"))};
  F.Locks.edit().Released = {held(ir::AccessPath::global("c:@g_lock", "g_lock"), true),
                      held(ir::AccessPath(), false, true)};
  AccessKind Kinds[] = {AccessKind::Read, AccessKind::Write,
                        AccessKind::ContainerRead, AccessKind::ContainerWrite};
  ThreadsKind Threads[] = {ThreadsKind::NoThread, ThreadsKind::AnyThreadButSelf,
                           ThreadsKind::AnyThread, ThreadsKind::AnyThread};
  for (int I = 0; I < 4; ++I) {
    AccessSnapshot A;
    A.Kind = Kinds[I];
    A.Path = thisField("shop::Inventory", "items_");
    if (isContainer(A.Kind))
      A.setContainerMethod("std::vector::push_back");
    if (I % 2) {
      LockVector Locks = {held(thisField("shop::Inventory", "mu_")),
                          held(ir::AccessPath::formal(1, "o").deref(), true)};
      Locks.push_back(held(thisField("shop::Inventory", "writers_")));
      Locks.back().QueueFront = true;
      Locks.push_back(held(ir::AccessPath::global("racecar.task:c:@L", "L")));
      Locks.back().TaskRun = true;
      A.Locks = std::move(Locks);
    }
    A.Threads = Threads[I];
    A.Location = {1, 100u + I, 4};
    if (I >= 2)
      A.Trace = {{"shop::Inventory::add", {0, 30, 5}},
                 {"shop::Inventory::bump", {1, 31, 6}, /*RunsLoop=*/true,
                  /*CrashPath=*/true}};
    F.Accesses.push_back(A);
  }
  F.Return = ir::Operand::object(thisField("shop::Inventory", "items_").index());
  F.Accesses.back().setLive(IdVector{0, 3});
  F.Accesses.back().InForkChild = true;
  F.Accesses.back().Atomic = true;
  F.Accesses.back().WalksEveryElement = true;
  F.Accesses.front().JoinedOuter = 0x81;
  F.Accesses.front().setNestings(
      NestingVector{{ir::AccessPath::global("c:@reg", "reg"),
                     thisField("shop::Inventory", "mu_"), true, true}});
  F.Accesses.front().setReleasedBefore(
      LockVector{held(thisField("shop::Inventory", "mu_"))});
  F.Locks.edit().Assumed = {held(thisField("shop::Inventory", "mu_"))};
  F.Locks.edit().MayRelease = {held(thisField("shop::Inventory", "mu_"))};
  F.Locks.edit().Returned = {held(thisField("shop::Inventory", "mu_"))};
  F.Locks.edit().Taken = {thisField("shop::Inventory", "mu_")};
  F.Locks.edit().Nestings = {{ir::AccessPath::global("c:@reg", "reg"),
                       thisField("shop::Inventory", "mu_"), false, true}};
  ThreadSpawn T;
  T.Id = 3;
  T.Entry = "c:@F@worker";
  T.EntryName = "worker";
  T.Args = {ir::Operand::object(ir::AccessPath::local(4, "job").deref()),
            ir::Operand::unknown()};
  T.Handle = ir::Operand::object(ir::AccessPath::local(5, "th").index());
  T.Multi = true;
  T.LoopRange = "0 < 8 +1";
  T.FreshArgs = 1;
  T.InForkChild = true;
  T.OnlyOnZeroResult = true;
  T.LiveAtSpawn = {0, 1};
  T.Pool = true;
  T.Serial = {ir::Operand::object(thisField("shop::Inventory", "busy_")),
              ir::Operand::object(thisField("shop::Inventory", "mu_"))};
  T.Location = {0, 50, 3};
  T.Trace = {{"start_workers", {0, 49, 2}}};
  F.Spawns = {T, ThreadSpawn()};
  F.LiveAtExit = {3};
  F.Joins = {ir::Operand::object(ir::AccessPath::formal(1, "ts").deref().index())};
  F.LockOwners = 5;
  F.CallableRuns = {{"c:@F@run#@lambda@1:2", -1,
                     {held(thisField("shop::Inventory", "mu_"))}},
                    {ir::Symbol(), 1, {}}};
  F.MemberPointers = {
      {thisField("shop::Inventory", "mu_"),
       ir::Operand::object(ir::AccessPath::global("c:@lock", "lock"))}};
  F.FlagClears = {{thisField("shop::Inventory", "busy_"),
                   ir::Operand::object(thisField("shop::Inventory", "mu_"))}};
  F.Publications = {
      {ir::AccessPath::formal(1, "l").deref(),
       ir::Operand::object(*ir::linkedName(ir::AccessPath::global("c:@head", "head")))},
      {*ir::linkedName(ir::AccessPath::global("c:@key", "key")),
       ir::Operand::object(*ir::widenWalk(
           ir::AccessPath::global("c:@head", "head").deref(),
           ir::AccessPath::global("c:@head", "head").deref().field("N::next").deref()))}};
  F.CallContexts = {{"c:@S@Cache@F@SetCapacity#l#",
                     CallContext::Unshared | CallContext::OnThis},
                    {"c:@S@Log@F@open#", CallContext::Locked},
                    {"c:@S@Mem@F@SetID#", CallContext::OnFormal, 1, 0x2}};
  F.Assumptions = {{AssumptionKind::UnresolvedCall, {0, 12, 5}},
                   {AssumptionKind::UnmatchedJoin, {}}};
  F.HandRolledSync = {0, 30, 2};
  F.ConditionalLock = {0, 31, 4};
  F.HandRolledDepth = 1;
  S.push_back(F);
  S.push_back(FunctionSummary()); // all defaults
  return S;
}

TUFile realisticFile() {
  TUFile F;
  F.MainFile = "/src/shop/Inventory.cpp";
  F.Module = realisticModule();
  F.Summaries = realisticSummaries(F.Module);
  return F;
}

//===-- An exhaustive printer: equal dumps <=> equal in every field --------===//

void dump(llvm::raw_ostream &OS, const std::string &S) { OS.write_escaped(S) << '|'; }
void dump(llvm::raw_ostream &OS, const ir::Loc &L) {
  OS << "loc(" << L.File << ',' << L.Line << ',' << L.Col << ")";
}
void dump(llvm::raw_ostream &OS, const ir::AccessPath &P) {
  OS << "path(" << int(P.Root) << ',' << P.Index << ',';
  dump(OS, P.Symbol);
  dump(OS, P.Spelling);
  for (const ir::PathStep &S : P.Steps) {
    OS << int(S.kind()) << ':';
    dump(OS, S.name());
  }
  OS << ")";
}
void dump(llvm::raw_ostream &OS, const ir::Operand &O) {
  OS << "op(" << int(O.K) << ',';
  dump(OS, O.Path);
  OS << ")";
}
void dump(llvm::raw_ostream &OS, const std::vector<ir::DeclaredLockEffect> &Es) {
  for (const auto &E : Es) {
    OS << "eff(" << int(E.K);
    dump(OS, E.Lock);
    OS << ")";
  }
}
void dump(llvm::raw_ostream &OS, const ir::Instr &I) {
  OS << "  instr " << int(I.Kind) << ' ';
  dump(OS, I.Location);
  dump(OS, I.Path);
  OS << " atomic=" << I.Atomic << " dest=" << I.Dest << ' ';
  dump(OS, I.value());
  OS << " call(";
  dump(OS, I.call().Callee);
  dump(OS, I.call().CalleeName);
  for (const auto &A : I.call().Args)
    dump(OS, A);
  OS << " types:";
  for (const auto &T : I.call().ArgTypes)
    dump(OS, T);
  OS << " res=" << I.call().ResultLocal << " ctor=" << I.call().IsConstructor
     << " dtor=" << I.call().IsDestructor
     << " closure=" << I.call().MakesClosure
     << " mode=" << I.call().UnderModeTest << " task=" << I.call().RunsTask;
  dump(OS, I.call().DeclaredEffects);
  for (const ir::CallableArg &CA : I.call().Callables) {
    OS << " callable " << CA.Arg;
    dump(OS, CA.Callee);
    dump(OS, CA.CalleeName);
    OS << " recv=" << CA.HasReceiver;
    dump(OS, CA.Receiver);
    OS << " params=" << CA.NumParams;
    for (const auto &O : CA.Captures)
      dump(OS, O);
    OS << " decayed";
    for (const auto &O : CA.DecayedArgs)
      dump(OS, O);
    OS << " serial";
    dump(OS, CA.SerialFlag);
  }
  OS << " element=";
  dump(OS, I.call().ElementType);
  dump(OS, I.call().LoopRange);
  OS << " distinct=" << I.call().DistinctArgs;
  for (const ir::ScalarArg &A : I.call().ScalarArgs)
    OS << " scalar " << A.Arg << ',' << A.IsFormal << ',' << A.Value;
  OS << ")\n";
}
void dump(llvm::raw_ostream &OS, const ir::Module &M) {
  OS << "module ";
  dump(OS, M.MainFile);
  OS << "\nfiles ";
  for (const auto &F : M.Files)
    dump(OS, F);
  OS << "\n";
  for (const ir::Function &F : M.Functions) {
    OS << "function ";
    dump(OS, F.Symbol);
    dump(OS, F.Name);
    dump(OS, F.Class);
    OS << int(F.Access) << ',' << int(F.Kind) << " formals ";
    for (const auto &S : F.Formals)
      dump(OS, S);
    OS << " locals ";
    for (const auto &S : F.Locals)
      dump(OS, S);
    dump(OS, F.Location);
    dump(OS, F.DeclaredEffects);
    dump(OS, F.Patterns->HandRolledSync);
    dump(OS, F.Patterns->ConditionWait);
    dump(OS, F.Patterns->OnceInit);
    OS << " once-last " << F.Patterns->OnceInitLast << " once-var ";
    dump(OS, F.Patterns->OnceInitVar);
    for (const auto &S : F.Patterns->OnceInitUnwritten)
      dump(OS, S);
    OS << " acquire ";
    dump(OS, F.Patterns->AcquireRegion);
    OS << " to " << F.Patterns->AcquireRegionLast << " spin "
       << F.Patterns->AcquireSpin << " last " << F.Patterns->AcquireLastOwner
       << " of ";
    dump(OS, F.Patterns->AcquireVar);
    OS << " publish " << F.Patterns->PublishLine << " of ";
    dump(OS, F.Patterns->PublishVar);
    OS << " atomic " << F.UpdatesAtomically
       << " forwards " << F.OnlyForwards << " documented "
       << unsigned(F.DocumentedRequires);
    OS << "\n";
    for (const ir::Block &B : F.Blocks) {
      OS << " block cond=" << B.CondCall << " neg=" << B.CondNegated << " succs";
      for (uint32_t S : B.Succs)
        OS << ' ' << S;
      OS << " local=" << B.CondLocal << " noreturn=" << B.NoReturn
         << " formal=" << B.CondFormal;
      for (const ir::FormalTest &T : B.EdgeTests) {
        OS << " test " << int(T.K);
        for (int64_t V : T.Values)
          OS << ',' << V;
      }
      OS << "\n";
      for (const ir::Instr &I : B.Instrs)
        dump(OS, I);
    }
  }
  for (const ir::ClassInfo &C : M.Classes) {
    OS << "class ";
    dump(OS, C.Name);
    OS << C.HasGuardedFields << C.IsCapability << C.MarkedThreadSafe;
    dump(OS, C.Location);
    OS << "\n";
  }
  OS << "skipped";
  for (const std::string &S : M.SkippedBodies)
    dump(OS, S);
  OS << "\naddress-taken" << M.AddressesUnknown;
  for (const std::string &S : M.AddressTaken)
    dump(OS, S);
  OS << "\nfunction-pointers";
  for (const auto *L : {&M.FunctionPointersCalled, &M.FunctionPointersAssigned,
                        &M.FunctionPointerStores}) {
    OS << " [";
    for (const std::string &S : *L)
      dump(OS, S);
    OS << "]";
  }
  OS << "\n";
}
void dump(llvm::raw_ostream &OS, const std::vector<HeldLock> &Ls) {
  for (const HeldLock &L : Ls) {
    OS << "held(";
    dump(OS, L.Lock);
    OS << L.Shared << L.Unknown << L.QueueFront << L.Conditional << L.TaskRun
       << ")";
  }
}
void dump(llvm::raw_ostream &OS, const FunctionSummary &S) {
  OS << "summary ";
  dump(OS, S.Symbol);
  dump(OS, S.Name);
  OS << int(S.Threads) << S.UsesLocksDirectly << int(S.LockOwners)
     << " acq ";
  dump(OS, S.Locks->Acquired);
  OS << " rel ";
  dump(OS, S.Locks->Released);
  OS << " assumed ";
  dump(OS, S.Locks->Assumed);
  dump(OS, S.Locks->MayRelease);
  OS << " returned";
  dump(OS, S.Locks->Returned);
  for (const ir::AccessPath &P : S.Locks->Taken)
    dump(OS, P);
  for (const LockNesting &N : S.Locks->Nestings) {
    OS << " nest" << N.OuterHeld << N.InnerHeld;
    dump(OS, N.Outer);
    dump(OS, N.Inner);
  }
  OS << " ret ";
  dump(OS, *S.Return);
  OS << "\n";
  for (const AccessSnapshot &A : S.Accesses) {
    OS << "  access " << int(A.Kind);
    dump(OS, A.Path);
    dump(OS, A.containerMethod());
    dump(OS, A.Locks);
    OS << int(A.Threads) << " fork " << A.InForkChild << " atomic " << A.Atomic
       << " walks " << A.WalksEveryElement
       << " joined " << int(A.JoinedOuter);
    dump(OS, A.Location);
    for (const CallSite &C : A.Trace) {
      OS << " via " << (C.RunsLoop ? "slot " : "") << (C.CrashPath ? "crash " : "");
      dump(OS, C.Callee);
      dump(OS, C.Location);
    }
    for (const LockNesting &N : A.nestings()) {
      OS << " nest" << N.OuterHeld << N.InnerHeld;
      dump(OS, N.Outer);
      dump(OS, N.Inner);
    }
    OS << " released";
    dump(OS, std::vector<HeldLock>(A.releasedBefore().begin(),
                                   A.releasedBefore().end()));
    OS << "\n";
  }
  for (const CallContext &U : S.CallContexts) {
    OS << "  call context ";
    dump(OS, U.Callee);
    OS << int(U.Flags) << " formal " << int(U.Formal) << " fresh "
       << U.FreshArgs << "\n";
  }
  for (const CallableRun &R : S.CallableRuns) {
    OS << "  runs ";
    dump(OS, R.Callee);
    OS << R.Formal;
    dump(OS, R.Locks);
    OS << "\n";
  }
  for (const MemberPointer &M : S.MemberPointers) {
    OS << "  member pointer";
    dump(OS, M.Member);
    dump(OS, M.Value);
    OS << "\n";
  }
  for (const MemberPointer &M : S.FlagClears) {
    OS << "  flag clear";
    dump(OS, M.Member);
    dump(OS, M.Value);
    OS << "\n";
  }
  for (const MemberPointer &M : S.Publications) {
    OS << "  publication";
    dump(OS, M.Member);
    dump(OS, M.Value);
    OS << "\n";
  }
  OS << "  hand-rolled sync";
  dump(OS, S.HandRolledSync);
  dump(OS, S.ConditionalLock);
  OS << " depth " << int(S.HandRolledDepth);
  OS << "\n";
  for (const Assumption &A : S.Assumptions) {
    OS << "  assumption " << int(A.Kind);
    dump(OS, A.Location);
    OS << "\n";
  }
}
std::string dump(const TUFile &F) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "tufile ";
  dump(OS, F.MainFile);
  OS << "\n";
  dump(OS, F.Module);
  for (const FunctionSummary &S : F.Summaries)
    dump(OS, S);
  return Out;
}

std::string errorText(llvm::Error E) { return llvm::toString(std::move(E)); }

/// Decoding \p Bytes must fail; returns the message.
std::string decodeError(llvm::ArrayRef<uint8_t> Bytes) {
  llvm::Expected<TUFile> F = decodeTUFile(Bytes);
  if (F) {
    ADD_FAILURE() << "decoding " << Bytes.size() << " damaged bytes succeeded";
    return "";
  }
  std::string Msg = errorText(F.takeError());
  EXPECT_FALSE(Msg.empty());
  return Msg;
}

//===-- Round trip ---------------------------------------------------------===//

TEST(ModuleCodec, RoundTripsRealisticModuleAndSummaries) {
  TUFile In = realisticFile();
  ASSERT_GT(In.Summaries.size(), 3u);
  std::vector<uint8_t> Bytes = encodeTUFile(In);
  llvm::Expected<TUFile> Out = decodeTUFile(Bytes);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_EQ(dump(In), dump(*Out));

  // Spot checks through the IR's own equality, too.
  EXPECT_EQ(Out->MainFile, In.MainFile);
  EXPECT_EQ(Out->Module.Files, In.Module.Files);
  ASSERT_EQ(Out->Module.Functions.size(), In.Module.Functions.size());
  for (size_t I = 0; I < In.Module.Functions.size(); ++I) {
    const ir::Function &A = In.Module.Functions[I], &B = Out->Module.Functions[I];
    EXPECT_EQ(A.Symbol, B.Symbol);
    ASSERT_EQ(A.Blocks.size(), B.Blocks.size());
    for (size_t J = 0; J < A.Blocks.size(); ++J) {
      ASSERT_EQ(A.Blocks[J].Instrs.size(), B.Blocks[J].Instrs.size());
      for (size_t K = 0; K < A.Blocks[J].Instrs.size(); ++K) {
        EXPECT_EQ(A.Blocks[J].Instrs[K].Path, B.Blocks[J].Instrs[K].Path);
        EXPECT_EQ(A.Blocks[J].Instrs[K].value(), B.Blocks[J].Instrs[K].value());
        EXPECT_EQ(A.Blocks[J].Instrs[K].Location, B.Blocks[J].Instrs[K].Location);
      }
    }
  }
  ASSERT_EQ(Out->Summaries.size(), In.Summaries.size());
  for (size_t I = 0; I < In.Summaries.size(); ++I)
    EXPECT_TRUE(In.Summaries[I] == Out->Summaries[I]) << In.Summaries[I].Name.str();
  EXPECT_EQ(Out->Module.Functions[8].Symbol.size(), 10u); // embedded NUL kept
}

TEST(ModuleCodec, RoundTripsEmptyFile) {
  TUFile In;
  std::vector<uint8_t> Bytes = encodeTUFile(In);
  llvm::Expected<TUFile> Out = decodeTUFile(Bytes);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_EQ(dump(In), dump(*Out));
}

TEST(ModuleCodec, HeaderLayout) {
  std::vector<uint8_t> Bytes = encodeTUFile(realisticFile());
  ASSERT_GT(Bytes.size(), HeaderSize);
  EXPECT_EQ(0, std::memcmp(Bytes.data(), "RCS1", 4));
  EXPECT_EQ(llvm::support::endian::read32le(Bytes.data() + 4), FormatVersion);
  llvm::Expected<FileHeader> H = peekHeader(Bytes);
  ASSERT_TRUE(bool(H)) << errorText(H.takeError());
  EXPECT_EQ(H->Version, FormatVersion);
  EXPECT_EQ(H->PayloadBytes, Bytes.size() - HeaderSize);
  EXPECT_EQ(H->Checksum,
            llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(Bytes).drop_front(HeaderSize)));
  EXPECT_EQ(H->MessageBytes % 8, 0u);
  EXPECT_GT(H->MessageBytes, H->PayloadBytes); // it does compress
}

TEST(ModuleCodec, StringTableDeduplicates) {
  TUFile In = realisticFile();
  EncodeOptions NoDedup;
  NoDedup.DedupStrings = false;
  std::vector<uint8_t> Dedup = encodeTUFile(In), Plain = encodeTUFile(In, NoDedup);
  llvm::Expected<TUFile> Out = decodeTUFile(Plain);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_EQ(dump(In), dump(*Out));
  EXPECT_LT(peekHeader(Dedup)->MessageBytes, peekHeader(Plain)->MessageBytes);
}

TEST(ModuleCodec, AnyCompressionLevelDecodes) {
  TUFile In = realisticFile();
  for (int Level : {-5, 1, 3, 9, 19, 100}) {
    llvm::Expected<TUFile> Out = decodeTUFile(encodeTUFile(In, Level));
    ASSERT_TRUE(bool(Out)) << Level << ": " << errorText(Out.takeError());
    EXPECT_EQ(dump(In), dump(*Out)) << Level;
  }
}

//===-- Determinism --------------------------------------------------------===//

TEST(ModuleCodec, EncodingIsDeterministic) {
  TUFile In = realisticFile();
  std::vector<uint8_t> A = encodeTUFile(In);
  std::vector<uint8_t> B = encodeTUFile(realisticFile()); // a fresh copy
  EXPECT_EQ(A, B);
  // The per-thread zstd context must not carry state between calls.
  (void)encodeTUFile(In, 19);
  EXPECT_EQ(A, encodeTUFile(In));
  std::vector<uint8_t> C;
  std::thread T([&] { C = encodeTUFile(In); });
  T.join();
  EXPECT_EQ(A, C);
}

TEST(ModuleCodec, ReencodingDecodedFileGivesSameBytes) {
  std::vector<uint8_t> A = encodeTUFile(realisticFile());
  llvm::Expected<TUFile> Out = decodeTUFile(A);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_EQ(A, encodeTUFile(*Out));
}

//===-- Damage -------------------------------------------------------------===//

TEST(ModuleCodecDamage, EmptyFile) {
  EXPECT_NE(decodeError({}).find("empty"), std::string::npos);
}

TEST(ModuleCodecDamage, TruncatedAtManyLengths) {
  std::vector<uint8_t> Bytes = encodeTUFile(realisticFile());
  std::vector<size_t> Lengths = {1, 2, 3, 4, 5, 8, 12, 16, 20, 23, 24, 25, 30,
                                 Bytes.size() / 3, Bytes.size() / 2,
                                 Bytes.size() - 8, Bytes.size() - 1};
  for (size_t Len : Lengths) {
    SCOPED_TRACE(Len);
    std::string Msg =
        decodeError(llvm::ArrayRef<uint8_t>(Bytes).take_front(Len));
    EXPECT_TRUE(Msg.find("truncated") != std::string::npos) << Msg;
  }
  // And every other length, just for crashes.
  for (size_t Len = 0; Len < Bytes.size(); ++Len)
    EXPECT_FALSE(bool(decodeTUFile(llvm::ArrayRef<uint8_t>(Bytes).take_front(Len))))
        << Len;
}

TEST(ModuleCodecDamage, ExtraBytesAtTheEnd) {
  std::vector<uint8_t> Bytes = encodeTUFile(realisticFile());
  Bytes.push_back(0);
  EXPECT_NE(decodeError(Bytes).find("checksum mismatch"), std::string::npos);
}

TEST(ModuleCodecDamage, WrongMagic) {
  std::vector<uint8_t> Bytes = encodeTUFile(realisticFile());
  std::memcpy(Bytes.data(), "PK\3\4", 4);
  std::string Msg = decodeError(Bytes);
  EXPECT_NE(Msg.find("not a racecar TU file"), std::string::npos) << Msg;
}

TEST(ModuleCodecDamage, WrongVersion) {
  std::vector<uint8_t> Bytes = encodeTUFile(realisticFile());
  llvm::support::endian::write32le(Bytes.data() + 4, FormatVersion + 1);
  std::string Msg = decodeError(Bytes);
  EXPECT_NE(Msg.find("written by an incompatible racecar version (format " +
                     std::to_string(FormatVersion + 1) + ", expected " +
                     std::to_string(FormatVersion) + ")"),
            std::string::npos)
      << Msg;
  llvm::support::endian::write32le(Bytes.data() + 4, 0);
  Msg = decodeError(Bytes);
  EXPECT_NE(Msg.find("(format 0, expected"), std::string::npos) << Msg;
}

TEST(ModuleCodecDamage, FlippedHeaderBytes) {
  std::vector<uint8_t> Good = encodeTUFile(realisticFile());
  for (size_t I = 0; I < HeaderSize; ++I) {
    for (uint8_t Mask : {0x01, 0x80, 0xff}) {
      std::vector<uint8_t> Bytes = Good;
      Bytes[I] ^= Mask;
      std::string Msg = decodeError(Bytes);
      SCOPED_TRACE(Msg);
      if (I < 4)
        EXPECT_NE(Msg.find("bad magic"), std::string::npos);
      else if (I < 8)
        EXPECT_NE(Msg.find("incompatible racecar version"), std::string::npos);
      else if (I < 16)
        EXPECT_TRUE(Msg.find("message size") != std::string::npos ||
                    Msg.find("header announces") != std::string::npos);
      else
        EXPECT_NE(Msg.find("checksum mismatch"), std::string::npos);
    }
  }
}

TEST(ModuleCodecDamage, FlippedPayloadBytes) {
  std::vector<uint8_t> Good = encodeTUFile(realisticFile());
  for (size_t I = HeaderSize; I < Good.size(); ++I) {
    std::vector<uint8_t> Bytes = Good;
    Bytes[I] ^= uint8_t(1u << (I % 8));
    std::string Msg = decodeError(Bytes);
    ASSERT_NE(Msg.find("checksum mismatch"), std::string::npos) << I << Msg;
  }
}

TEST(ModuleCodecDamage, RandomGarbage) {
  std::mt19937_64 Rng(42);
  for (size_t Len : {1, 7, 24, 25, 100, 4096, 65536}) {
    std::vector<uint8_t> Bytes(Len);
    for (uint8_t &B : Bytes)
      B = uint8_t(Rng());
    EXPECT_FALSE(decodeError(Bytes).empty());
    // Garbage behind a plausible header: caught by the checksum.
    if (Len > HeaderSize) {
      std::memcpy(Bytes.data(), "RCS1", 4);
      llvm::support::endian::write32le(Bytes.data() + 4, FormatVersion);
      llvm::support::endian::write64le(Bytes.data() + 8, 4096);
      EXPECT_NE(decodeError(Bytes).find("checksum mismatch"), std::string::npos);
      // ... and with a matching checksum: caught by zstd.
      llvm::support::endian::write64le(
          Bytes.data() + 16,
          llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(Bytes).drop_front(HeaderSize)));
      EXPECT_NE(decodeError(Bytes).find("not a zstd frame"), std::string::npos);
    }
  }
}

TEST(ModuleCodecDamage, ValidFrameOfGarbageMessage) {
  std::mt19937_64 Rng(7);
  for (size_t Words : {1, 2, 3, 16, 1000}) {
    std::vector<uint8_t> Msg(Words * 8);
    for (uint8_t &B : Msg)
      B = uint8_t(Rng());
    std::string E = decodeError(codec_testing::wrapMessage(Msg));
    EXPECT_NE(E.find("corrupt racecar TU file"), std::string::npos) << E;
  }
  // Zeros: one segment of 0 words, then 7 words nobody accounts for.
  std::vector<uint8_t> Zeros(64, 0);
  std::string E = decodeError(codec_testing::wrapMessage(Zeros));
  EXPECT_NE(E.find("trailing data"), std::string::npos) << E;
  // A well-formed message whose root is null (so, format version 0).
  std::vector<uint8_t> NullRoot(16, 0);
  NullRoot[4] = 1; // segment 0 is one word long: the (null) root pointer
  E = decodeError(codec_testing::wrapMessage(NullRoot));
  EXPECT_NE(E.find("message format version 0"), std::string::npos) << E;
}

TEST(ModuleCodecDamage, OutOfRangeEnumsAreRejected) {
  TUFile In = realisticFile();
  In.Module.Functions[0].Blocks[0].Instrs[1].Kind = static_cast<ir::InstrKind>(9);
  std::string Msg = decodeError(encodeTUFile(In));
  EXPECT_NE(Msg.find("invalid instruction kind 9"), std::string::npos) << Msg;

  In = realisticFile();
  In.Summaries.back().Threads = static_cast<ThreadsKind>(3);
  Msg = decodeError(encodeTUFile(In));
  EXPECT_NE(Msg.find("invalid threads kind 3"), std::string::npos) << Msg;

  In = realisticFile();
  // (A step keeps its kind in 3 bits, so 6-7 are the invalid kinds it holds.)
  In.Module.Functions[1].Blocks[1].Instrs[0].Path.Steps[1] =
      ir::PathStep(static_cast<ir::StepKind>(6));
  Msg = decodeError(encodeTUFile(In));
  EXPECT_NE(Msg.find("invalid path step kind 6"), std::string::npos) << Msg;
}

/// Flips every bit of the raw Cap'n Proto message, one at a time, behind a
/// valid header and checksum: each must decode or fail cleanly. Run under
/// ASan to check for out-of-bounds reads.
TEST(ModuleCodecDamage, EveryBitFlipOfTheMessage) {
  TUFile In;
  In.MainFile = "a.cpp";
  In.Module = realisticModule();
  In.Module.Functions.resize(3); // keep the message small: every bit is tried
  In.Summaries = realisticSummaries(In.Module);
  In.Summaries.resize(2);
  llvm::Expected<std::vector<uint8_t>> Msg =
      codec_testing::extractMessage(encodeTUFile(In));
  ASSERT_TRUE(bool(Msg)) << errorText(Msg.takeError());
  std::map<std::string, unsigned> Kinds;
  unsigned Decoded = 0;
  for (size_t Bit = 0; Bit < Msg->size() * 8; ++Bit) {
    std::vector<uint8_t> M = *Msg;
    M[Bit / 8] ^= uint8_t(1u << (Bit % 8));
    llvm::Expected<TUFile> F = decodeTUFile(codec_testing::wrapMessage(M));
    if (F) {
      ++Decoded;
      continue;
    }
    std::string E = errorText(F.takeError());
    ASSERT_NE(E.find("corrupt racecar TU file"), std::string::npos) << E;
    if (E.find("string index") != std::string::npos)
      ++Kinds["string index"];
    else if (E.find("invalid ") != std::string::npos)
      ++Kinds["enum"];
    else if (E.find("malformed message") != std::string::npos)
      ++Kinds["capnp"];
    else if (E.find("message format version") != std::string::npos)
      ++Kinds["version"];
    else if (E.find("string table") != std::string::npos)
      ++Kinds["string table"];
    else if (E.find("trailing data") != std::string::npos)
      ++Kinds["segment table"];
    else
      ++Kinds[E];
  }
  // Flips in data fields decode (to different values); pointer and range
  // damage is caught by each layer.
  std::string Summary = std::to_string(Msg->size() * 8) + " flips: " +
                        std::to_string(Decoded) + " decoded";
  for (const auto &[K, N] : Kinds)
    Summary += ", " + std::to_string(N) + " " + K;
  RecordProperty("outcomes", Summary);
  std::printf("%s\n", Summary.c_str());
  EXPECT_GT(Decoded, 0u);
  EXPECT_GT(Kinds["string index"], 0u);
  EXPECT_GT(Kinds["enum"], 0u);
  EXPECT_GT(Kinds["capnp"], 0u);
}

//===-- Files --------------------------------------------------------------===//

class ModuleCodecFiles : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("racecar-codec", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::vector<std::string> listDir() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      Names.push_back(llvm::sys::path::filename(It->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }
  std::string path(const char *Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }

  llvm::SmallString<128> Dir;
};

TEST_F(ModuleCodecFiles, AtomicWriteThenRead) {
  TUFile In = realisticFile();
  std::string P = path("a.rcs");
  ASSERT_FALSE(bool(writeTUFileAtomically(P, In)));
  EXPECT_EQ(listDir(), std::vector<std::string>{"a.rcs"}); // no temp left
  uint64_t Size = 0;
  ASSERT_FALSE(llvm::sys::fs::file_size(P, Size));
  EXPECT_EQ(Size, encodeTUFile(In).size());
  llvm::Expected<TUFile> Out = readTUFile(P);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_EQ(dump(In), dump(*Out));

  // Overwriting replaces the file as a whole.
  TUFile Small;
  Small.MainFile = "b.cpp";
  ASSERT_FALSE(bool(writeTUFileAtomically(P, Small)));
  EXPECT_EQ(listDir(), std::vector<std::string>{"a.rcs"});
  Out = readTUFile(P);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_EQ(Out->MainFile, "b.cpp");
}

TEST_F(ModuleCodecFiles, ConcurrentWritersLeaveOneCompleteFile) {
  TUFile A = realisticFile(), B;
  B.MainFile = "b.cpp";
  std::string P = path("shared.rcs");
  std::vector<std::thread> Ts;
  for (int I = 0; I < 8; ++I)
    Ts.emplace_back([&, I] {
      for (int K = 0; K < 10; ++K)
        EXPECT_FALSE(bool(writeTUFileAtomically(P, I % 2 ? A : B)));
    });
  for (std::thread &T : Ts)
    T.join();
  EXPECT_EQ(listDir(), std::vector<std::string>{"shared.rcs"});
  llvm::Expected<TUFile> Out = readTUFile(P);
  ASSERT_TRUE(bool(Out)) << errorText(Out.takeError());
  EXPECT_TRUE(Out->MainFile == "b.cpp" || dump(*Out) == dump(A));
}

TEST_F(ModuleCodecFiles, ErrorsNameThePath) {
  std::string Missing = path("missing.rcs");
  llvm::Expected<TUFile> Out = readTUFile(Missing);
  ASSERT_FALSE(bool(Out));
  std::string Msg = errorText(Out.takeError());
  EXPECT_NE(Msg.find(Missing), std::string::npos) << Msg;

  std::string NoDir = path("no/such/dir/x.rcs");
  llvm::Error E = writeTUFileAtomically(NoDir, TUFile());
  ASSERT_TRUE(bool(E));
  Msg = errorText(std::move(E));
  EXPECT_NE(Msg.find(NoDir), std::string::npos) << Msg;

  std::string Bad = path("bad.rcs");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Bad, EC);
    OS << "RCS1 not really";
  }
  Out = readTUFile(Bad);
  ASSERT_FALSE(bool(Out));
  Msg = errorText(Out.takeError());
  EXPECT_NE(Msg.find(Bad + ": corrupt racecar TU file: truncated"),
            std::string::npos)
      << Msg;
}

} // namespace
