//===- ModuleCodec.cpp - TUFile <-> Cap'n Proto + zstd --------------------===//
//
// Encoding walks the TUFile in a fixed order, interning every string into the
// file's string table as it goes, and builds the Cap'n Proto message
// directly; pointer fields whose C++ value is the default are left null.
// Decoding checks the header, the checksum and the zstd frame before
// Cap'n Proto sees a byte, then converts the message back, checking every
// enum and string index. Cap'n Proto reports malformed messages by throwing
// kj::Exception; all exceptions are caught here and become llvm::Errors.
//===----------------------------------------------------------------------===//
#include "serialize/ModuleCodec.h"
#include "serialize/FileOutput.h"
#include "serialize/CodecTesting.h"

#include "serialize/schema/racecar.capnp.h"

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <kj/exception.h>
#include <zstd.h>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <exception>
#include <memory>

namespace racer::serialize {

namespace sc = schema;

namespace {

//===-- Enums -------------------------------------------------------------===//
// The schema's enums list the C++ enumerators in the same order, so values
// convert by number; these asserts keep the two in step.

#define RACER_SAME_ENUM(S, C)                                                  \
  static_assert(static_cast<unsigned>(S) == static_cast<unsigned>(C),          \
                #S " != " #C)
RACER_SAME_ENUM(sc::RootKind::FORMAL, ir::RootKind::Formal);
RACER_SAME_ENUM(sc::RootKind::GLOBAL, ir::RootKind::Global);
RACER_SAME_ENUM(sc::RootKind::LOCAL, ir::RootKind::Local);
RACER_SAME_ENUM(sc::StepKind::FIELD, ir::StepKind::Field);
RACER_SAME_ENUM(sc::StepKind::DEREF, ir::StepKind::Deref);
RACER_SAME_ENUM(sc::StepKind::INDEX, ir::StepKind::Index);
RACER_SAME_ENUM(sc::StepKind::ELIDED, ir::StepKind::Elided);
RACER_SAME_ENUM(sc::StepKind::WALK, ir::StepKind::Walk);
RACER_SAME_ENUM(sc::StepKind::LINKED, ir::StepKind::Linked);
RACER_SAME_ENUM(sc::OperandKind::OBJECT, ir::Operand::Kind::Object);
RACER_SAME_ENUM(sc::OperandKind::FRESH, ir::Operand::Kind::Fresh);
RACER_SAME_ENUM(sc::OperandKind::UNKNOWN, ir::Operand::Kind::Unknown);
RACER_SAME_ENUM(sc::OperandKind::VALUE, ir::Operand::Kind::Value);
RACER_SAME_ENUM(sc::LockEffectKind::ACQUIRE, ir::DeclaredLockEffect::Kind::Acquire);
RACER_SAME_ENUM(sc::LockEffectKind::ACQUIRE_SHARED,
                ir::DeclaredLockEffect::Kind::AcquireShared);
RACER_SAME_ENUM(sc::LockEffectKind::RELEASE, ir::DeclaredLockEffect::Kind::Release);
RACER_SAME_ENUM(sc::LockEffectKind::TRY_ACQUIRE,
                ir::DeclaredLockEffect::Kind::TryAcquire);
RACER_SAME_ENUM(sc::LockEffectKind::REQUIRES,
                ir::DeclaredLockEffect::Kind::Requires);
RACER_SAME_ENUM(sc::LockEffectKind::REQUIRES_SHARED,
                ir::DeclaredLockEffect::Kind::RequiresShared);
RACER_SAME_ENUM(sc::LockEffectKind::ASSERT, ir::DeclaredLockEffect::Kind::Assert);
RACER_SAME_ENUM(sc::LockEffectKind::ASSERT_SHARED,
                ir::DeclaredLockEffect::Kind::AssertShared);
RACER_SAME_ENUM(sc::InstrKind::READ, ir::InstrKind::Read);
RACER_SAME_ENUM(sc::InstrKind::WRITE, ir::InstrKind::Write);
RACER_SAME_ENUM(sc::InstrKind::CALL, ir::InstrKind::Call);
RACER_SAME_ENUM(sc::InstrKind::BIND, ir::InstrKind::Bind);
RACER_SAME_ENUM(sc::InstrKind::RETURN, ir::InstrKind::Return);
RACER_SAME_ENUM(sc::FormalTestOp::NONE_OF, ir::FormalTest::Op::NoneOf);
RACER_SAME_ENUM(sc::AccessSpec::NONE, ir::AccessSpec::None);
RACER_SAME_ENUM(sc::AccessSpec::PUBLIC, ir::AccessSpec::Public);
RACER_SAME_ENUM(sc::AccessSpec::PROTECTED, ir::AccessSpec::Protected);
RACER_SAME_ENUM(sc::AccessSpec::PRIVATE, ir::AccessSpec::Private);
RACER_SAME_ENUM(sc::FunctionKind::FREE, ir::FunctionKind::Free);
RACER_SAME_ENUM(sc::FunctionKind::METHOD, ir::FunctionKind::Method);
RACER_SAME_ENUM(sc::FunctionKind::STATIC_METHOD, ir::FunctionKind::StaticMethod);
RACER_SAME_ENUM(sc::FunctionKind::CONSTRUCTOR, ir::FunctionKind::Constructor);
RACER_SAME_ENUM(sc::FunctionKind::DESTRUCTOR, ir::FunctionKind::Destructor);
RACER_SAME_ENUM(sc::FunctionKind::LAMBDA, ir::FunctionKind::Lambda);
RACER_SAME_ENUM(sc::AccessKind::READ, AccessKind::Read);
RACER_SAME_ENUM(sc::AccessKind::WRITE, AccessKind::Write);
RACER_SAME_ENUM(sc::AccessKind::CONTAINER_READ, AccessKind::ContainerRead);
RACER_SAME_ENUM(sc::AccessKind::CONTAINER_WRITE, AccessKind::ContainerWrite);
RACER_SAME_ENUM(sc::ThreadsKind::NO_THREAD, ThreadsKind::NoThread);
RACER_SAME_ENUM(sc::ThreadsKind::ANY_THREAD_BUT_SELF, ThreadsKind::AnyThreadButSelf);
RACER_SAME_ENUM(sc::ThreadsKind::ANY_THREAD, ThreadsKind::AnyThread);
#undef RACER_SAME_ENUM

//===-- Tripwire: the IR gained or lost a field ---------------------------===//
// The codec copies every field by hand, so a field added to the IR would be
// silently dropped by the cache. These sizes (x86-64 libstdc++) catch most
// such changes at build time. If one fires: add the field to
// schema/racecar.capnp, to Encoder and Decoder below and to the dump in
// test/unit/serialize/ModuleCodecTest.cpp, bump FormatVersion, then update
// the size here.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
#define RACER_SIZE(T, N)                                                       \
  static_assert(sizeof(T) == N, "the IR changed: update serialize/ (" #T ")")
RACER_SIZE(ir::Loc, 12);
RACER_SIZE(ir::PathStep, 8);
RACER_SIZE(ir::AccessPath, 72);
RACER_SIZE(ir::Operand, 80);
RACER_SIZE(ir::DeclaredLockEffect, 80);
RACER_SIZE(ir::CallInfo, 176);
RACER_SIZE(ir::CallableArg, 248);
RACER_SIZE(ir::Instr, 112);
RACER_SIZE(ir::Block, 88);
RACER_SIZE(ir::SyncPatterns, 160);
RACER_SIZE(ir::Function, 168); // Packed, Specialized and HasSpecializedCopies
                                // are link-time only: never encoded
RACER_SIZE(ir::ClassInfo, 72);
RACER_SIZE(ir::Module, 232);
RACER_SIZE(HeldLock, 80);
RACER_SIZE(CallSite, 24);
RACER_SIZE(AccessSnapshot, 48);
RACER_SIZE(LockEffect, 192);
RACER_SIZE(FunctionSummary, 200);
RACER_SIZE(ThreadSpawn, 232);
RACER_SIZE(TUFile, 288);
#undef RACER_SIZE
#endif

/// Number of enumerators of each C++ enum (valid values are 0..N-1).
template <typename E> constexpr unsigned enumCount();
template <> constexpr unsigned enumCount<ir::RootKind>() { return 3; }
template <> constexpr unsigned enumCount<ir::StepKind>() { return 6; }
template <> constexpr unsigned enumCount<ir::Operand::Kind>() { return 4; }
template <> constexpr unsigned enumCount<ir::DeclaredLockEffect::Kind>() {
  return 8;
}
template <> constexpr unsigned enumCount<ir::InstrKind>() { return 5; }
template <> constexpr unsigned enumCount<ir::AccessSpec>() { return 4; }
template <> constexpr unsigned enumCount<ir::FunctionKind>() { return 6; }
template <> constexpr unsigned enumCount<ir::FormalTest::Op>() { return 8; }
template <> constexpr unsigned enumCount<AccessKind>() { return 4; }
template <> constexpr unsigned enumCount<ThreadsKind>() { return 3; }

template <typename S, typename C> S toSchema(C V) {
  return static_cast<S>(static_cast<uint16_t>(V));
}

//===-- Defaults: such values are written as null pointers ----------------===//

bool isDefault(const ir::Loc &L) { return L == ir::Loc(); }
bool isDefault(const ir::AccessPath &P) {
  return P.Root == ir::RootKind::Local && P.Index == 0 && P.Symbol.empty() &&
         P.Spelling.empty() && P.Steps.empty();
}
bool isDefault(const ir::Operand &O) {
  return O.K == ir::Operand::Kind::Unknown && isDefault(O.Path);
}
bool isDefault(const ir::CallInfo &C) {
  return C.Callee.empty() && C.CalleeName.empty() && C.Args.empty() &&
         C.ArgTypes.empty() && C.ResultLocal == -1 && C.ScalarResult == -1 &&
         !C.IsConstructor && !C.IsDestructor && !C.MakesClosure &&
         !C.UnderModeTest && !C.RunsTask && C.DeclaredEffects.empty() &&
         C.Callables.empty() && C.ElementType.empty() && C.LoopRange.empty() &&
         !C.DistinctArgs && !C.WritableArgs && !C.WalkedArgs &&
         C.ScalarArgs.empty();
}

//===-- Encoder -----------------------------------------------------------===//

class Encoder {
public:
  explicit Encoder(bool Dedup) : Dedup(Dedup) { Strings.push_back(""); }

  void file(sc::TUFile::Builder B, const TUFile &F) {
    B.setFormatVersion(FormatVersion);
    B.setMainFile(str(F.MainFile));
    module(B.initModule(), F.Module);
    if (!F.Summaries.empty()) {
      auto L = B.initSummaries(F.Summaries.size());
      for (size_t I = 0; I < F.Summaries.size(); ++I)
        summary(L[I], F.Summaries[I]);
    }
    // The table goes last: its size is known only now.
    auto T = B.initStrings(Strings.size());
    for (size_t I = 0; I < Strings.size(); ++I) {
      llvm::StringRef S = Strings[I];
      if (S.empty())
        continue; // null Text reads as ""
      auto TB = T.init(I, S.size());
      std::memcpy(TB.begin(), S.data(), S.size());
    }
  }

private:
  uint32_t str(llvm::StringRef S) {
    if (S.empty())
      return 0;
    if (!Dedup) {
      Strings.push_back(S);
      return Strings.size() - 1;
    }
    auto [It, Inserted] = Ids.try_emplace(S, Strings.size());
    if (Inserted)
      Strings.push_back(S);
    return It->second;
  }

  void loc(sc::Loc::Builder B, const ir::Loc &L) {
    B.setFile(L.File);
    B.setLine(L.Line);
    B.setCol(L.Col);
  }

  void path(sc::AccessPath::Builder B, const ir::AccessPath &P) {
    B.setRoot(toSchema<sc::RootKind>(P.Root));
    B.setIndex(P.Index);
    B.setSymbol(str(P.Symbol));
    B.setSpelling(str(P.Spelling));
    if (!P.Steps.empty()) {
      auto L = B.initSteps(P.Steps.size());
      for (size_t I = 0; I < P.Steps.size(); ++I) {
        L[I].setKind(toSchema<sc::StepKind>(P.Steps[I].kind()));
        L[I].setName(str(P.Steps[I].name()));
      }
    }
  }

  void operand(sc::Operand::Builder B, const ir::Operand &O) {
    B.setKind(toSchema<sc::OperandKind>(O.K));
    if (!isDefault(O.Path))
      path(B.initPath(), O.Path);
  }

  template <typename Builder>
  void effects(Builder B, const std::vector<ir::DeclaredLockEffect> &Es) {
    if (Es.empty())
      return;
    auto L = B.initDeclaredEffects(Es.size());
    for (size_t I = 0; I < Es.size(); ++I) {
      L[I].setKind(toSchema<sc::LockEffectKind>(Es[I].K));
      if (!isDefault(Es[I].Lock))
        path(L[I].initLock(), Es[I].Lock);
    }
  }

  /// A list of string ids; \p Init is called with the size only if non-empty.
  template <typename S, typename InitFn>
  void strList(const std::vector<S> &V, InitFn Init) {
    if (V.empty())
      return;
    auto L = Init(V.size());
    for (size_t I = 0; I < V.size(); ++I)
      L.set(I, str(V[I]));
  }

  void call(sc::CallInfo::Builder B, const ir::CallInfo &C) {
    B.setCallee(str(C.Callee));
    B.setCalleeName(str(C.CalleeName));
    if (!C.Args.empty()) {
      auto L = B.initArgs(C.Args.size());
      for (size_t I = 0; I < C.Args.size(); ++I)
        operand(L[I], C.Args[I]);
    }
    strList(C.ArgTypes, [&](size_t N) { return B.initArgTypes(N); });
    B.setResultLocal(C.ResultLocal);
    B.setScalarResult(C.ScalarResult);
    B.setIsConstructor(C.IsConstructor);
    B.setIsDestructor(C.IsDestructor);
    B.setMakesClosure(C.MakesClosure);
    B.setUnderModeTest(C.UnderModeTest);
    B.setRunsTask(C.RunsTask);
    effects(B, C.DeclaredEffects);
    if (!C.Callables.empty()) {
      auto L = B.initCallables(C.Callables.size());
      for (size_t I = 0; I < C.Callables.size(); ++I) {
        const ir::CallableArg &A = C.Callables[I];
        auto AB = L[I];
        AB.setArg(A.Arg);
        AB.setCallee(str(A.Callee));
        AB.setCalleeName(str(A.CalleeName));
        AB.setHasReceiver(A.HasReceiver);
        if (!isDefault(A.Receiver))
          operand(AB.initReceiver(), A.Receiver);
        AB.setNumParams(A.NumParams);
        operands(A.Captures, [&](size_t N) { return AB.initCaptures(N); });
        operands(A.DecayedArgs,
                 [&](size_t N) { return AB.initDecayedArgs(N); });
        if (!isDefault(A.SerialFlag))
          operand(AB.initSerialFlag(), A.SerialFlag);
      }
    }
    B.setElementType(str(C.ElementType));
    B.setLoopRange(str(C.LoopRange));
    B.setDistinctArgs(C.DistinctArgs);
    B.setWritableArgs(C.WritableArgs);
    B.setWalkedArgs(C.WalkedArgs);
    if (!C.ScalarArgs.empty()) {
      auto SL = B.initScalarArgs(C.ScalarArgs.size());
      for (size_t I = 0; I < C.ScalarArgs.size(); ++I) {
        SL[I].setArg(C.ScalarArgs[I].Arg);
        SL[I].setIsFormal(C.ScalarArgs[I].IsFormal);
        SL[I].setValue(C.ScalarArgs[I].Value);
      }
    }
  }

  /// A list of operands; \p Init is called with the size only if non-empty.
  template <typename InitFn>
  void operands(const std::vector<ir::Operand> &V, InitFn Init) {
    if (V.empty())
      return;
    auto L = Init(V.size());
    for (size_t I = 0; I < V.size(); ++I)
      operand(L[I], V[I]);
  }

  template <typename InitFn, typename Vec>
  void ids(const Vec &V, InitFn Init) {
    if (V.empty())
      return;
    auto L = Init(V.size());
    for (size_t I = 0; I < V.size(); ++I)
      L.set(I, V[I]);
  }

  template <typename ListB, typename Frames>
  void trace(ListB TL, const Frames &Tr) {
    size_t T = 0;
    for (const CallSite &C : Tr) {
      TL[T].setCallee(str(C.Callee));
      if (C.RunsLoop)
        TL[T].setRunsLoop(true);
      if (C.CrashPath)
        TL[T].setCrashPath(true);
      if (!isDefault(C.Location))
        loc(TL[T].initLocation(), C.Location);
      ++T;
    }
  }

  void instr(sc::Instr::Builder B, const ir::Instr &I) {
    B.setKind(toSchema<sc::InstrKind>(I.Kind));
    if (!isDefault(I.Location))
      loc(B.initLocation(), I.Location);
    if (!isDefault(I.Path))
      path(B.initPath(), I.Path);
    B.setAtomic(I.Atomic);
    B.setDest(I.Dest);
    if (!isDefault(I.value()))
      operand(B.initValue(), I.value());
    if (!isDefault(I.call()))
      call(B.initCall(), I.call());
  }

  void function(sc::Function::Builder B, const ir::Function &F) {
    assert(!F.Packed && "a linked (packed) function is never encoded");
    B.setSymbol(str(F.Symbol));
    B.setName(str(F.Name));
    B.setClassName(str(F.Class));
    B.setAccess(toSchema<sc::AccessSpec>(F.Access));
    B.setKind(toSchema<sc::FunctionKind>(F.Kind));
    strList(F.Formals, [&](size_t N) { return B.initFormals(N); });
    strList(F.Locals, [&](size_t N) { return B.initLocals(N); });
    if (!isDefault(F.Location))
      loc(B.initLocation(), F.Location);
    if (!F.Blocks.empty()) {
      auto BL = B.initBlocks(F.Blocks.size());
      for (size_t BI = 0; BI < F.Blocks.size(); ++BI) {
        const ir::Block &Blk = F.Blocks[BI];
        auto BB = BL[BI];
        if (!Blk.Instrs.empty()) {
          auto IL = BB.initInstrs(Blk.Instrs.size());
          for (size_t II = 0; II < Blk.Instrs.size(); ++II)
            instr(IL[II], Blk.Instrs[II]);
        }
        if (!Blk.Succs.empty()) {
          auto SL = BB.initSuccs(Blk.Succs.size());
          for (size_t SI = 0; SI < Blk.Succs.size(); ++SI)
            SL.set(SI, Blk.Succs[SI]);
        }
        BB.setCondCall(Blk.CondCall);
        BB.setCondNegated(Blk.CondNegated);
        BB.setCondLocal(Blk.CondLocal);
        BB.setNoReturn(Blk.NoReturn);
        BB.setCondFormal(Blk.CondFormal);
        if (!Blk.EdgeTests.empty()) {
          auto TL = BB.initEdgeTests(Blk.EdgeTests.size());
          for (size_t TI = 0; TI < Blk.EdgeTests.size(); ++TI) {
            const ir::FormalTest &T = Blk.EdgeTests[TI];
            TL[TI].setOp(static_cast<sc::FormalTestOp>(T.K));
            auto VL = TL[TI].initValues(T.Values.size());
            for (size_t VI = 0; VI < T.Values.size(); ++VI)
              VL.set(VI, T.Values[VI]);
          }
        }
      }
    }
    effects(B, F.DeclaredEffects);
    const ir::SyncPatterns &SP = *F.Patterns;
    if (!isDefault(SP.HandRolledSync))
      loc(B.initHandRolledSync(), SP.HandRolledSync);
    B.setUpdatesAtomically(F.UpdatesAtomically);
    B.setOnlyForwards(F.OnlyForwards);
    B.setLockWrapper(F.LockWrapper);
    B.setDocumentedRequires(uint8_t(F.DocumentedRequires));
    if (!isDefault(SP.ConditionWait))
      loc(B.initConditionWait(), SP.ConditionWait);
    B.setConditionWaitSignals(SP.ConditionWaitSignals);
    B.setLastSignalLine(SP.LastSignalLine);
    B.setSignalledWait(SP.SignalledWait);
    if (!isDefault(SP.AcquireRegion))
      loc(B.initAcquireRegion(), SP.AcquireRegion);
    B.setAcquireRegionLast(SP.AcquireRegionLast);
    B.setAcquireVar(str(SP.AcquireVar));
    B.setAcquireSpin(SP.AcquireSpin);
    B.setAcquireLastOwner(SP.AcquireLastOwner);
    B.setPublishLine(SP.PublishLine);
    B.setPublishVar(str(SP.PublishVar));
    if (!isDefault(SP.BarrierWait))
      loc(B.initBarrierWait(), SP.BarrierWait);
    if (!isDefault(SP.OnceInit))
      loc(B.initOnceInit(), SP.OnceInit);
    B.setOnceInitLast(SP.OnceInitLast);
    B.setOnceInitVar(str(SP.OnceInitVar));
    if (!SP.OnceInitUnwritten.empty()) {
      auto UL = B.initOnceInitUnwritten(SP.OnceInitUnwritten.size());
      for (size_t I = 0; I < SP.OnceInitUnwritten.size(); ++I)
        UL.set(I, str(SP.OnceInitUnwritten[I]));
    }
    if (!isDefault(SP.FlagGuard))
      loc(B.initFlagGuard(), SP.FlagGuard);
    B.setFlagGuardLast(SP.FlagGuardLast);
    B.setFlagGuardVar(str(SP.FlagGuardVar));
    B.setLastLine(F.LastLine);
  }

  void module(sc::Module::Builder B, const ir::Module &M) {
    B.setMainFile(str(M.MainFile));
    strList(M.Files, [&](size_t N) { return B.initFiles(N); });
    if (!M.Functions.empty()) {
      auto L = B.initFunctions(M.Functions.size());
      for (size_t I = 0; I < M.Functions.size(); ++I)
        function(L[I], M.Functions[I]);
    }
    if (!M.Classes.empty()) {
      auto L = B.initClasses(M.Classes.size());
      for (size_t I = 0; I < M.Classes.size(); ++I) {
        const ir::ClassInfo &C = M.Classes[I];
        L[I].setName(str(C.Name));
        L[I].setHasGuardedFields(C.HasGuardedFields);
        L[I].setIsCapability(C.IsCapability);
        L[I].setMarkedThreadSafe(C.MarkedThreadSafe);
        if (!isDefault(C.Location))
          loc(L[I].initLocation(), C.Location);
        if (!C.Bases.empty()) {
          auto BL = L[I].initBases(C.Bases.size());
          for (size_t K = 0; K < C.Bases.size(); ++K)
            BL.set(K, str(C.Bases[K]));
        }
      }
    }
    strList(M.SkippedBodies, [&](size_t N) { return B.initSkippedBodies(N); });
    strList(M.AddressTaken, [&](size_t N) { return B.initAddressTaken(N); });
    B.setAddressesKnown(!M.AddressesUnknown);
    strList(M.FunctionPointersCalled,
            [&](size_t N) { return B.initFunctionPointersCalled(N); });
    strList(M.FunctionPointersAssigned,
            [&](size_t N) { return B.initFunctionPointersAssigned(N); });
    strList(M.FunctionPointerStores,
            [&](size_t N) { return B.initFunctionPointerStores(N); });
  }

  void nestings(capnp::List<sc::LockNesting>::Builder L,
                llvm::ArrayRef<LockNesting> V) {
    for (size_t K = 0; K < V.size(); ++K) {
      path(L[K].initOuter(), V[K].Outer);
      path(L[K].initInner(), V[K].Inner);
      L[K].setOuterHeld(V[K].OuterHeld);
      L[K].setInnerHeld(V[K].InnerHeld);
    }
  }

  void heldLocks(capnp::List<sc::HeldLock>::Builder L,
                 const std::vector<HeldLock> &V) {
    for (size_t I = 0; I < V.size(); ++I) {
      if (!isDefault(V[I].Lock))
        path(L[I].initLock(), V[I].Lock);
      L[I].setShared(V[I].Shared);
      L[I].setUnknown(V[I].Unknown);
      L[I].setQueueFront(V[I].QueueFront);
      L[I].setConditional(V[I].Conditional);
      L[I].setTaskRun(V[I].TaskRun);
    }
  }

  void summary(sc::FunctionSummary::Builder B, const FunctionSummary &S) {
    B.setSymbol(str(S.Symbol));
    B.setName(str(S.Name));
    B.setThreads(toSchema<sc::ThreadsKind>(S.Threads));
    B.setUsesLocksDirectly(S.UsesLocksDirectly);
    B.setLockOwners(S.LockOwners);
    if (!S.Locks->empty()) {
      auto LB = B.initLocks();
      if (!S.Locks->Acquired.empty())
        heldLocks(LB.initAcquired(S.Locks->Acquired.size()), S.Locks->Acquired);
      if (!S.Locks->Released.empty())
        heldLocks(LB.initReleased(S.Locks->Released.size()), S.Locks->Released);
      if (!S.Locks->Assumed.empty())
        heldLocks(LB.initAssumed(S.Locks->Assumed.size()), S.Locks->Assumed);
      if (!S.Locks->MayRelease.empty())
        heldLocks(LB.initMayRelease(S.Locks->MayRelease.size()),
                  S.Locks->MayRelease);
      if (!S.Locks->Taken.empty()) {
        auto TL = LB.initTaken(S.Locks->Taken.size());
        for (size_t K = 0; K < S.Locks->Taken.size(); ++K)
          path(TL[K], S.Locks->Taken[K]);
      }
      if (!S.Locks->Nestings.empty())
        nestings(LB.initNestings(S.Locks->Nestings.size()), S.Locks->Nestings);
      if (!S.Locks->Returned.empty())
        heldLocks(LB.initReturned(S.Locks->Returned.size()), S.Locks->Returned);
      if (!S.Locks->OnceHeld.empty())
        heldLocks(LB.initOnceHeld(S.Locks->OnceHeld.size()), S.Locks->OnceHeld);
    }
    if (!S.Accesses.empty()) {
      auto L = B.initAccesses(S.Accesses.size());
      for (size_t I = 0; I < S.Accesses.size(); ++I) {
        const AccessSnapshot &A = S.Accesses[I];
        auto AB = L[I];
        AB.setKind(toSchema<sc::AccessKind>(A.Kind));
        if (!isDefault(A.Path))
          path(AB.initPath(), A.Path);
        AB.setContainerMethod(str(A.containerMethod()));
        if (!A.Locks.empty())
          heldLocks(AB.initLocks(A.Locks.size()), A.Locks);
        AB.setThreads(toSchema<sc::ThreadsKind>(A.Threads));
        if (!isDefault(A.Location))
          loc(AB.initLocation(), A.Location);
        if (!A.Trace.empty())
          trace(AB.initTrace(A.Trace.size()), A.Trace);
        ids(A.live(), [&](size_t N) { return AB.initLive(N); });
        AB.setInForkChild(A.InForkChild);
        AB.setAtomic(A.Atomic);
        AB.setWalksEveryElement(A.WalksEveryElement);
        AB.setJoinedOuter(A.JoinedOuter);
        if (!A.nestings().empty())
          nestings(AB.initNestings(A.nestings().size()), A.nestings());
        if (!A.releasedBefore().empty()) {
          std::vector<HeldLock> Released(A.releasedBefore().begin(),
                                         A.releasedBefore().end());
          heldLocks(AB.initReleasedBefore(Released.size()), Released);
        }
      }
    }
    if (!isDefault(*S.Return))
      operand(B.initReturnValue(), *S.Return);
    if (!S.Spawns.empty()) {
      auto L = B.initSpawns(S.Spawns.size());
      for (size_t I = 0; I < S.Spawns.size(); ++I) {
        const ThreadSpawn &T = S.Spawns[I];
        auto TB = L[I];
        TB.setId(T.Id);
        TB.setEntry(str(T.Entry));
        TB.setEntryName(str(T.EntryName));
        operands(T.Args, [&](size_t N) { return TB.initArgs(N); });
        if (!isDefault(T.Handle))
          operand(TB.initHandle(), T.Handle);
        TB.setMulti(T.Multi);
        TB.setLoopRange(str(T.LoopRange));
        TB.setFreshArgs(T.FreshArgs);
        TB.setInForkChild(T.InForkChild);
        TB.setOnlyOnZeroResult(T.OnlyOnZeroResult);
        TB.setPool(T.Pool);
        operands(T.Serial, [&](size_t N) { return TB.initSerial(N); });
        ids(T.LiveAtSpawn, [&](size_t N) { return TB.initLiveAtSpawn(N); });
        if (!isDefault(T.Location))
          loc(TB.initLocation(), T.Location);
        if (!T.Trace.empty())
          trace(TB.initTrace(T.Trace.size()), T.Trace);
      }
    }
    ids(S.LiveAtExit, [&](size_t N) { return B.initLiveAtExit(N); });
    operands(S.Joins, [&](size_t N) { return B.initJoins(N); });
    if (!S.CallContexts.empty()) {
      auto L = B.initCallContexts(S.CallContexts.size());
      for (size_t I = 0; I < S.CallContexts.size(); ++I) {
        L[I].setCallee(str(S.CallContexts[I].Callee));
        L[I].setFlags(S.CallContexts[I].Flags);
        L[I].setFormal(S.CallContexts[I].Formal);
        L[I].setFreshArgs(S.CallContexts[I].FreshArgs);
      }
    }
    if (!isDefault(S.HandRolledSync))
      loc(B.initHandRolledSync(), S.HandRolledSync);
    if (!isDefault(S.ConditionalLock))
      loc(B.initConditionalLock(), S.ConditionalLock);
    B.setHandRolledDepth(S.HandRolledDepth);
    if (!S.CallableRuns.empty()) {
      auto L = B.initCallableRuns(S.CallableRuns.size());
      for (size_t I = 0; I < S.CallableRuns.size(); ++I) {
        L[I].setCallee(str(S.CallableRuns[I].Callee));
        L[I].setFormal(S.CallableRuns[I].Formal);
        if (!S.CallableRuns[I].Locks.empty())
          heldLocks(L[I].initLocks(S.CallableRuns[I].Locks.size()),
                    S.CallableRuns[I].Locks);
      }
    }
    if (!S.Publications.empty()) {
      auto L = B.initPublications(S.Publications.size());
      for (size_t I = 0; I < S.Publications.size(); ++I) {
        path(L[I].initMember(), S.Publications[I].Member);
        operand(L[I].initValue(), S.Publications[I].Value);
      }
    }
    if (!S.FlagClears.empty()) {
      auto L = B.initFlagClears(S.FlagClears.size());
      for (size_t I = 0; I < S.FlagClears.size(); ++I) {
        path(L[I].initMember(), S.FlagClears[I].Member);
        operand(L[I].initValue(), S.FlagClears[I].Value);
      }
    }
    if (!S.MemberPointers.empty()) {
      auto L = B.initMemberPointers(S.MemberPointers.size());
      for (size_t I = 0; I < S.MemberPointers.size(); ++I) {
        path(L[I].initMember(), S.MemberPointers[I].Member);
        operand(L[I].initValue(), S.MemberPointers[I].Value);
      }
    }
    if (!S.Assumptions.empty()) {
      auto L = B.initAssumptions(S.Assumptions.size());
      for (size_t I = 0; I < S.Assumptions.size(); ++I) {
        L[I].setKind(static_cast<uint8_t>(S.Assumptions[I].Kind));
        if (!isDefault(S.Assumptions[I].Location))
          loc(L[I].initLocation(), S.Assumptions[I].Location);
      }
    }
  }

  bool Dedup;
  llvm::DenseMap<llvm::StringRef, uint32_t> Ids;
  std::vector<llvm::StringRef> Strings; ///< point into the TUFile
};

//===-- Decoder -----------------------------------------------------------===//

/// Thrown (and caught in decodeTUFile) when a value is out of range.
struct DecodeError {
  std::string Message;
};

[[noreturn]] void fail(const llvm::Twine &Msg) { throw DecodeError{Msg.str()}; }

class Decoder {
public:
  TUFile file(sc::TUFile::Reader R) {
    if (R.getFormatVersion() != FormatVersion)
      fail("message format version " + llvm::Twine(R.getFormatVersion()) +
           " does not match the header's " + llvm::Twine(FormatVersion));
    // Read the string table first: everything else refers to it.
    auto T = R.getStrings();
    if (T.size() == 0)
      fail("the string table is missing");
    Strings.reserve(T.size());
    for (capnp::Text::Reader S : T)
      Strings.emplace_back(S.begin(), S.size());
    if (!Strings[0].empty())
      fail("string table entry 0 is not empty");

    TUFile F;
    F.MainFile = str(R.getMainFile());
    if (R.hasModule())
      F.Module = module(R.getModule());
    auto SL = R.getSummaries();
    F.Summaries.reserve(SL.size());
    for (auto S : SL)
      F.Summaries.push_back(summary(S));
    return F;
  }

private:
  template <typename C, typename S> C en(S V, const char *What) {
    auto Raw = static_cast<uint16_t>(V);
    if (Raw >= enumCount<C>())
      fail(llvm::Twine("invalid ") + What + " " + llvm::Twine(Raw));
    return static_cast<C>(Raw);
  }

  std::string str(uint32_t Id) {
    if (Id >= Strings.size())
      fail("string index " + llvm::Twine(Id) + " out of range (the table has " +
           llvm::Twine(Strings.size()) + " entries)");
    return Strings[Id].str();
  }

  template <typename S = std::string, typename ListR>
  std::vector<S> strList(ListR L) {
    std::vector<S> V;
    V.reserve(L.size());
    for (uint32_t Id : L)
      V.push_back(str(Id));
    return V;
  }

  static ir::Loc loc(sc::Loc::Reader R) {
    ir::Loc L;
    L.File = R.getFile();
    L.Line = R.getLine();
    L.Col = R.getCol();
    return L;
  }

  ir::AccessPath path(sc::AccessPath::Reader R) {
    ir::AccessPath P;
    P.Root = en<ir::RootKind>(R.getRoot(), "path root kind");
    P.Index = R.getIndex();
    P.Symbol = str(R.getSymbol());
    P.Spelling = str(R.getSpelling());
    auto Steps = R.getSteps();
    P.Steps.reserve(Steps.size());
    for (auto S : Steps)
      P.Steps.push_back(
          ir::PathStep(en<ir::StepKind>(S.getKind(), "path step kind"),
                       ir::Symbol(str(S.getName()))));
    return P;
  }

  ir::Operand operand(sc::Operand::Reader R) {
    ir::Operand O;
    O.K = en<ir::Operand::Kind>(R.getKind(), "operand kind");
    if (R.hasPath())
      O.Path = path(R.getPath());
    return O;
  }

  template <typename ListR>
  std::vector<ir::DeclaredLockEffect> effects(ListR L) {
    std::vector<ir::DeclaredLockEffect> V;
    V.reserve(L.size());
    for (auto E : L) {
      ir::DeclaredLockEffect D;
      D.K = en<ir::DeclaredLockEffect::Kind>(E.getKind(), "lock effect kind");
      if (E.hasLock())
        D.Lock = path(E.getLock());
      V.push_back(std::move(D));
    }
    return V;
  }

  ir::CallInfo call(sc::CallInfo::Reader R) {
    ir::CallInfo C;
    C.Callee = str(R.getCallee());
    C.CalleeName = str(R.getCalleeName());
    auto Args = R.getArgs();
    C.Args.reserve(Args.size());
    for (auto A : Args)
      C.Args.push_back(operand(A));
    C.ArgTypes = strList<ir::Symbol>(R.getArgTypes());
    C.ResultLocal = R.getResultLocal();
    C.ScalarResult = R.getScalarResult();
    C.IsConstructor = R.getIsConstructor();
    C.IsDestructor = R.getIsDestructor();
    C.MakesClosure = R.getMakesClosure();
    C.UnderModeTest = R.getUnderModeTest();
    C.RunsTask = R.getRunsTask();
    C.DeclaredEffects = effects(R.getDeclaredEffects());
    for (auto AR : R.getCallables()) {
      ir::CallableArg A;
      A.Arg = AR.getArg();
      A.Callee = str(AR.getCallee());
      A.CalleeName = str(AR.getCalleeName());
      A.HasReceiver = AR.getHasReceiver();
      if (AR.hasReceiver())
        A.Receiver = operand(AR.getReceiver());
      A.NumParams = AR.getNumParams();
      A.Captures = operands(AR.getCaptures());
      A.DecayedArgs = operands(AR.getDecayedArgs());
      if (AR.hasSerialFlag())
        A.SerialFlag = operand(AR.getSerialFlag());
      C.Callables.push_back(std::move(A));
    }
    C.ElementType = str(R.getElementType());
    C.LoopRange = str(R.getLoopRange());
    C.DistinctArgs = R.getDistinctArgs();
    C.WritableArgs = R.getWritableArgs();
    C.WalkedArgs = R.getWalkedArgs();
    for (auto SR : R.getScalarArgs()) {
      ir::ScalarArg A;
      A.Arg = SR.getArg();
      A.IsFormal = SR.getIsFormal();
      A.Value = SR.getValue();
      C.ScalarArgs.push_back(A);
    }
    return C;
  }

  std::vector<ir::Operand> operands(capnp::List<sc::Operand>::Reader L) {
    std::vector<ir::Operand> V;
    V.reserve(L.size());
    for (auto O : L)
      V.push_back(operand(O));
    return V;
  }

  template <typename Vec> static Vec ids(capnp::List<uint32_t>::Reader L) {
    Vec V;
    V.reserve(L.size());
    for (uint32_t I : L)
      V.push_back(I);
    return V;
  }

  std::vector<CallSite> trace(capnp::List<sc::CallSite>::Reader Tr) {
    std::vector<CallSite> V;
    V.reserve(Tr.size());
    for (auto CR : Tr) {
      CallSite C;
      C.Callee = str(CR.getCallee());
      C.RunsLoop = CR.getRunsLoop();
      C.CrashPath = CR.getCrashPath();
      if (CR.hasLocation())
        C.Location = loc(CR.getLocation());
      V.push_back(std::move(C));
    }
    return V;
  }

  void instr(sc::Instr::Reader R, ir::Instr &I) {
    I.Kind = en<ir::InstrKind>(R.getKind(), "instruction kind");
    if (R.hasLocation())
      I.Location = loc(R.getLocation());
    if (R.hasPath())
      I.Path = path(R.getPath());
    I.Atomic = R.getAtomic();
    I.Dest = R.getDest();
    if (R.hasValue())
      I.value() = operand(R.getValue());
    if (R.hasCall())
      I.call() = call(R.getCall());
  }

  void function(sc::Function::Reader R, ir::Function &F) {
    F.Symbol = str(R.getSymbol());
    F.Name = str(R.getName());
    F.Class = str(R.getClassName());
    F.Access = en<ir::AccessSpec>(R.getAccess(), "access specifier");
    F.Kind = en<ir::FunctionKind>(R.getKind(), "function kind");
    F.Formals = strList<ir::Symbol>(R.getFormals());
    F.Locals = strList<ir::Symbol>(R.getLocals());
    if (R.hasLocation())
      F.Location = loc(R.getLocation());
    auto Blocks = R.getBlocks();
    F.Blocks.reserve(Blocks.size());
    for (auto BR : Blocks) {
      ir::Block &B = F.Blocks.emplace_back();
      auto Instrs = BR.getInstrs();
      B.Instrs.reserve(Instrs.size());
      for (auto IR : Instrs)
        instr(IR, B.Instrs.emplace_back());
      auto Succs = BR.getSuccs();
      B.Succs.reserve(Succs.size());
      for (uint32_t S : Succs)
        B.Succs.push_back(S);
      B.CondCall = BR.getCondCall();
      B.CondNegated = BR.getCondNegated();
      B.CondLocal = BR.getCondLocal();
      B.NoReturn = BR.getNoReturn();
      B.CondFormal = BR.getCondFormal();
      for (auto TR : BR.getEdgeTests()) {
        ir::FormalTest &T = B.EdgeTests.emplace_back();
        T.K = en<ir::FormalTest::Op>(TR.getOp(), "formal test");
        for (int64_t V : TR.getValues())
          T.Values.push_back(V);
      }
    }
    F.DeclaredEffects = effects(R.getDeclaredEffects());
    ir::SyncPatterns SP;
    if (R.hasHandRolledSync())
      SP.HandRolledSync = loc(R.getHandRolledSync());
    F.UpdatesAtomically = R.getUpdatesAtomically();
    F.OnlyForwards = R.getOnlyForwards();
    F.LockWrapper = R.getLockWrapper();
    if (R.getDocumentedRequires() > uint8_t(ir::DocumentedLock::Unnamed))
      fail("function documentedRequires out of range");
    F.DocumentedRequires = ir::DocumentedLock(R.getDocumentedRequires());
    if (R.hasConditionWait())
      SP.ConditionWait = loc(R.getConditionWait());
    SP.ConditionWaitSignals = R.getConditionWaitSignals();
    SP.LastSignalLine = R.getLastSignalLine();
    SP.SignalledWait = R.getSignalledWait();
    if (R.hasAcquireRegion())
      SP.AcquireRegion = loc(R.getAcquireRegion());
    SP.AcquireRegionLast = R.getAcquireRegionLast();
    SP.AcquireVar = str(R.getAcquireVar());
    SP.AcquireSpin = R.getAcquireSpin();
    SP.AcquireLastOwner = R.getAcquireLastOwner();
    SP.PublishLine = R.getPublishLine();
    SP.PublishVar = str(R.getPublishVar());
    if (R.hasBarrierWait())
      SP.BarrierWait = loc(R.getBarrierWait());
    if (R.hasOnceInit())
      SP.OnceInit = loc(R.getOnceInit());
    SP.OnceInitLast = R.getOnceInitLast();
    SP.OnceInitVar = str(R.getOnceInitVar());
    for (auto U : R.getOnceInitUnwritten())
      SP.OnceInitUnwritten.push_back(str(U));
    if (R.hasFlagGuard())
      SP.FlagGuard = loc(R.getFlagGuard());
    SP.FlagGuardLast = R.getFlagGuardLast();
    SP.FlagGuardVar = str(R.getFlagGuardVar());
    F.Patterns = std::move(SP);
    F.LastLine = R.getLastLine();
  }

  ir::Module module(sc::Module::Reader R) {
    ir::Module M;
    M.MainFile = str(R.getMainFile());
    M.Files = strList(R.getFiles());
    auto Fns = R.getFunctions();
    M.Functions.reserve(Fns.size());
    for (auto F : Fns)
      function(F, M.Functions.emplace_back());
    auto Cls = R.getClasses();
    M.Classes.reserve(Cls.size());
    for (auto CR : Cls) {
      ir::ClassInfo C;
      C.Name = str(CR.getName());
      C.HasGuardedFields = CR.getHasGuardedFields();
      C.IsCapability = CR.getIsCapability();
      C.MarkedThreadSafe = CR.getMarkedThreadSafe();
      if (CR.hasLocation())
        C.Location = loc(CR.getLocation());
      for (auto B : CR.getBases())
        C.Bases.push_back(str(B));
      M.Classes.push_back(std::move(C));
    }
    M.SkippedBodies = strList(R.getSkippedBodies());
    M.AddressTaken = strList(R.getAddressTaken());
    M.AddressesUnknown = !R.getAddressesKnown();
    M.FunctionPointersCalled = strList(R.getFunctionPointersCalled());
    M.FunctionPointersAssigned = strList(R.getFunctionPointersAssigned());
    M.FunctionPointerStores = strList(R.getFunctionPointerStores());
    return M;
  }

  std::vector<LockNesting> nestings(capnp::List<sc::LockNesting>::Reader L) {
    std::vector<LockNesting> V;
    V.reserve(L.size());
    for (auto NR : L) {
      LockNesting N;
      N.Outer = path(NR.getOuter());
      N.Inner = path(NR.getInner());
      N.OuterHeld = NR.getOuterHeld();
      N.InnerHeld = NR.getInnerHeld();
      V.push_back(std::move(N));
    }
    return V;
  }

  std::vector<HeldLock> heldLocks(capnp::List<sc::HeldLock>::Reader L) {
    std::vector<HeldLock> V;
    V.reserve(L.size());
    for (auto HR : L) {
      HeldLock H;
      if (HR.hasLock())
        H.Lock = path(HR.getLock());
      H.Shared = HR.getShared();
      H.Unknown = HR.getUnknown();
      H.QueueFront = HR.getQueueFront();
      H.Conditional = HR.getConditional();
      H.TaskRun = HR.getTaskRun();
      V.push_back(std::move(H));
    }
    return V;
  }

  FunctionSummary summary(sc::FunctionSummary::Reader R) {
    FunctionSummary S;
    S.Symbol = str(R.getSymbol());
    S.Name = str(R.getName());
    S.Threads = en<ThreadsKind>(R.getThreads(), "threads kind");
    S.UsesLocksDirectly = R.getUsesLocksDirectly();
    S.LockOwners = R.getLockOwners();
    if (R.hasLocks()) {
      auto LR = R.getLocks();
      S.Locks.edit().Acquired = heldLocks(LR.getAcquired());
      S.Locks.edit().Released = heldLocks(LR.getReleased());
      S.Locks.edit().Assumed = heldLocks(LR.getAssumed());
      S.Locks.edit().MayRelease = heldLocks(LR.getMayRelease());
      S.Locks.edit().Returned = heldLocks(LR.getReturned());
      S.Locks.edit().OnceHeld = heldLocks(LR.getOnceHeld());
      for (auto P : LR.getTaken())
        S.Locks.edit().Taken.push_back(path(P));
      S.Locks.edit().Nestings = nestings(LR.getNestings());
      S.Locks.compact();
    }
    auto Accs = R.getAccesses();
    S.Accesses.reserve(Accs.size());
    for (auto AR : Accs) {
      AccessSnapshot A;
      A.Kind = en<AccessKind>(AR.getKind(), "access kind");
      if (AR.hasPath())
        A.Path = path(AR.getPath());
      AccessExtras Extras;
      Extras.ContainerMethod = str(AR.getContainerMethod());
      A.Locks = heldLocks(AR.getLocks());
      A.Threads = en<ThreadsKind>(AR.getThreads(), "threads kind");
      if (AR.hasLocation())
        A.Location = loc(AR.getLocation());
      A.Trace = trace(AR.getTrace());
      Extras.Live = ids<llvm::SmallVector<uint32_t, 0>>(AR.getLive());
      A.InForkChild = AR.getInForkChild();
      A.Atomic = AR.getAtomic();
      A.WalksEveryElement = AR.getWalksEveryElement();
      A.JoinedOuter = AR.getJoinedOuter();
      std::vector<LockNesting> Nested = nestings(AR.getNestings());
      Extras.Nestings = NestingVector(Nested.begin(), Nested.end());
      Extras.ReleasedBefore = heldLocks(AR.getReleasedBefore());
      A.Extras = std::move(Extras);
      S.Accesses.push_back(std::move(A));
    }
    if (R.hasReturnValue())
      S.Return = operand(R.getReturnValue());
    for (auto TR : R.getSpawns()) {
      ThreadSpawn T;
      T.Id = TR.getId();
      T.Entry = str(TR.getEntry());
      T.EntryName = str(TR.getEntryName());
      T.Args = operands(TR.getArgs());
      if (TR.hasHandle())
        T.Handle = operand(TR.getHandle());
      T.Multi = TR.getMulti();
      T.LoopRange = str(TR.getLoopRange());
      T.FreshArgs = TR.getFreshArgs();
      T.InForkChild = TR.getInForkChild();
      T.OnlyOnZeroResult = TR.getOnlyOnZeroResult();
      T.Pool = TR.getPool();
      T.Serial = operands(TR.getSerial());
      T.LiveAtSpawn = ids<llvm::SmallVector<uint32_t, 0>>(TR.getLiveAtSpawn());
      if (TR.hasLocation())
        T.Location = loc(TR.getLocation());
      T.Trace = trace(TR.getTrace());
      S.Spawns.edit().push_back(std::move(T));
    }
    S.LiveAtExit = ids<llvm::SmallVector<uint32_t, 0>>(R.getLiveAtExit());
    S.Joins = operands(R.getJoins());
    for (auto U : R.getCallContexts())
      S.CallContexts.push_back({str(U.getCallee()), U.getFlags(),
                                U.getFormal(), U.getFreshArgs()});
    if (R.hasHandRolledSync())
      S.HandRolledSync = loc(R.getHandRolledSync());
    if (R.hasConditionalLock())
      S.ConditionalLock = loc(R.getConditionalLock());
    S.HandRolledDepth = R.getHandRolledDepth();
    for (auto C : R.getCallableRuns())
      S.CallableRuns.edit().push_back(
          {str(C.getCallee()), C.getFormal(), heldLocks(C.getLocks())});
    for (auto M : R.getMemberPointers())
      S.MemberPointers.edit().push_back({path(M.getMember()), operand(M.getValue())});
    for (auto M : R.getPublications())
      S.Publications.edit().push_back({path(M.getMember()), operand(M.getValue())});
    for (auto M : R.getFlagClears())
      S.FlagClears.edit().push_back({path(M.getMember()), operand(M.getValue())});
    for (auto A : R.getAssumptions()) {
      if (A.getKind() >= NumAssumptionKinds)
        fail("assumption kind " + llvm::Twine(A.getKind()) + " out of range");
      Assumption X;
      X.Kind = static_cast<AssumptionKind>(A.getKind());
      if (A.hasLocation())
        X.Location = loc(A.getLocation());
      addAssumption(S.Assumptions, X);
    }
    return S;
  }

  std::vector<llvm::StringRef> Strings; ///< point into the message
};

//===-- Header ------------------------------------------------------------===//

void putHeader(uint8_t *Out, uint64_t MessageBytes, uint64_t Checksum) {
  using namespace llvm::support;
  std::memcpy(Out, Magic, 4);
  endian::write32le(Out + 4, FormatVersion);
  endian::write64le(Out + 8, MessageBytes);
  endian::write64le(Out + 16, Checksum);
}

llvm::Error corrupt(const llvm::Twine &Msg) {
  return llvm::createStringError(
      std::make_error_code(std::errc::illegal_byte_sequence),
      "corrupt racecar TU file: " + Msg);
}

/// \p E with "<Prefix>: " in front of its message, keeping its error code.
llvm::Error withPrefix(const std::string &Prefix, llvm::Error E) {
  std::string Msg;
  std::error_code EC;
  llvm::handleAllErrors(std::move(E), [&](const llvm::ErrorInfoBase &EI) {
    if (!Msg.empty())
      Msg += "; ";
    Msg += EI.message();
    EC = EI.convertToErrorCode();
  });
  return llvm::createStringError(EC, Prefix + ": " + Msg);
}

//===-- zstd contexts, one per thread (creating them costs ~100 us) -------===//

struct ZstdFree {
  void operator()(ZSTD_CCtx *C) const { ZSTD_freeCCtx(C); }
  void operator()(ZSTD_DCtx *D) const { ZSTD_freeDCtx(D); }
};

ZSTD_CCtx *compressContext() {
  thread_local std::unique_ptr<ZSTD_CCtx, ZstdFree> C(ZSTD_createCCtx());
  return C.get();
}
ZSTD_DCtx *decompressContext() {
  thread_local std::unique_ptr<ZSTD_DCtx, ZstdFree> D(ZSTD_createDCtx());
  return D.get();
}

/// Compresses \p Raw (a flat Cap'n Proto message) and prepends the header.
llvm::Expected<std::vector<uint8_t>> frame(llvm::ArrayRef<uint8_t> Raw,
                                           int ZstdLevel) {
  if (Raw.size() > MaxMessageBytes)
    return llvm::createStringError(
        std::errc::value_too_large,
        "cannot encode TU file: message of %zu bytes exceeds the %llu-byte "
        "limit",
        Raw.size(), (unsigned long long)MaxMessageBytes);
  ZSTD_CCtx *C = compressContext();
  if (!C)
    return llvm::createStringError(std::errc::not_enough_memory,
                                   "cannot create a zstd context");
  int Level =
      std::max(ZSTD_minCLevel(), std::min(ZstdLevel, ZSTD_maxCLevel()));
  // Everything that shapes the frame is set explicitly, so the bytes depend
  // only on the input, the level and the zstd version.
  ZSTD_CCtx_reset(C, ZSTD_reset_session_and_parameters);
  ZSTD_CCtx_setParameter(C, ZSTD_c_compressionLevel, Level);
  ZSTD_CCtx_setParameter(C, ZSTD_c_contentSizeFlag, 1);
  ZSTD_CCtx_setParameter(C, ZSTD_c_checksumFlag, 0); // the header has one
  ZSTD_CCtx_setParameter(C, ZSTD_c_dictIDFlag, 0);
  ZSTD_CCtx_setParameter(C, ZSTD_c_nbWorkers, 0);

  // Compress into uninitialized scratch, then copy out exactly the frame
  // (a vector sized for the bound would be zero-filled and keep its slack).
  size_t Bound = ZSTD_compressBound(Raw.size());
  std::unique_ptr<uint8_t[]> Scratch(new uint8_t[Bound]);
  size_t N = ZSTD_compress2(C, Scratch.get(), Bound, Raw.data(), Raw.size());
  if (ZSTD_isError(N))
    return llvm::createStringError(std::errc::io_error,
                                   "cannot encode TU file: zstd: %s",
                                   ZSTD_getErrorName(N));
  std::vector<uint8_t> Out(HeaderSize + N);
  std::memcpy(Out.data() + HeaderSize, Scratch.get(), N);
  uint64_t Sum =
      llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(Out).drop_front(HeaderSize));
  putHeader(Out.data(), Raw.size(), Sum);
  return Out;
}

/// The whole encoder; fails only on absurd sizes (Cap'n Proto limits lists
/// to 2^29 elements) or if zstd fails.
llvm::Expected<std::vector<uint8_t>> tryEncode(const TUFile &F,
                                               const EncodeOptions &Opts) {
  try {
    // The first segment is sized for a typical TU; bigger ones grow.
    capnp::MallocMessageBuilder Msg(1 << 14);
    Encoder(Opts.DedupStrings).file(Msg.initRoot<sc::TUFile>(), F);
    kj::Array<capnp::word> Flat = capnp::messageToFlatArray(Msg);
    kj::ArrayPtr<const kj::byte> Raw = Flat.asBytes();
    return frame(llvm::ArrayRef<uint8_t>(Raw.begin(), Raw.size()),
                 Opts.ZstdLevel);
  } catch (const kj::Exception &E) {
    return llvm::createStringError(std::errc::value_too_large,
                                   "cannot encode TU file: %s",
                                   E.getDescription().cStr());
  } catch (const std::exception &E) {
    return llvm::createStringError(std::errc::not_enough_memory,
                                   "cannot encode TU file: %s", E.what());
  }
}

/// Checks header, checksum and zstd frame, and decompresses the message
/// into word-aligned storage (Cap'n Proto reads it in place).
llvm::Expected<kj::Array<capnp::word>> unframe(llvm::ArrayRef<uint8_t> Bytes) {
  llvm::Expected<FileHeader> H = verifyChecksum(Bytes);
  if (!H)
    return H.takeError();
  llvm::ArrayRef<uint8_t> Payload = Bytes.drop_front(HeaderSize);

  // The payload must be exactly one zstd frame of the announced size.
  unsigned long long Content =
      ZSTD_getFrameContentSize(Payload.data(), Payload.size());
  if (Content == ZSTD_CONTENTSIZE_ERROR)
    return corrupt("the payload is not a zstd frame");
  if (Content == ZSTD_CONTENTSIZE_UNKNOWN)
    return corrupt("the zstd frame does not record its size");
  if (Content != H->MessageBytes)
    return corrupt("the zstd frame holds " + llvm::Twine(Content) +
                   " bytes but the header announces " +
                   llvm::Twine(H->MessageBytes));
  size_t FrameLen = ZSTD_findFrameCompressedSize(Payload.data(), Payload.size());
  if (ZSTD_isError(FrameLen))
    return corrupt(llvm::Twine("bad zstd frame: ") +
                   ZSTD_getErrorName(FrameLen));
  if (FrameLen != Payload.size())
    return corrupt(llvm::Twine(Payload.size() - FrameLen) +
                   " trailing bytes after the zstd frame");

  ZSTD_DCtx *D = decompressContext();
  if (!D)
    return llvm::createStringError(std::errc::not_enough_memory,
                                   "cannot create a zstd context");
  kj::Array<capnp::word> Msg;
  try {
    Msg = kj::heapArray<capnp::word>(H->MessageBytes / sizeof(capnp::word));
  } catch (const std::bad_alloc &) {
    return llvm::createStringError(std::errc::not_enough_memory,
                                   "out of memory decoding racecar TU file");
  }
  size_t N = ZSTD_decompressDCtx(D, Msg.begin(), H->MessageBytes,
                                 Payload.data(), Payload.size());
  if (ZSTD_isError(N))
    return corrupt(llvm::Twine("zstd: ") + ZSTD_getErrorName(N));
  if (N != H->MessageBytes)
    return corrupt("the zstd frame decompressed to " + llvm::Twine(N) +
                   " bytes, expected " + llvm::Twine(H->MessageBytes));
  return Msg;
}

} // namespace

//===-- Public API --------------------------------------------------------===//

std::vector<uint8_t> encodeTUFile(const TUFile &F, int ZstdLevel) {
  EncodeOptions Opts;
  Opts.ZstdLevel = ZstdLevel;
  return encodeTUFile(F, Opts);
}

std::vector<uint8_t> encodeTUFile(const TUFile &F, const EncodeOptions &Opts) {
  llvm::Expected<std::vector<uint8_t>> Out = tryEncode(F, Opts);
  if (!Out)
    llvm::report_fatal_error(Out.takeError());
  return std::move(*Out);
}

llvm::Expected<FileHeader> peekHeader(llvm::ArrayRef<uint8_t> Bytes) {
  using namespace llvm::support;
  if (Bytes.empty())
    return corrupt("the file is empty");
  size_t MagicLen = std::min<size_t>(Bytes.size(), 4);
  if (std::memcmp(Bytes.data(), Magic, MagicLen) != 0)
    return llvm::createStringError(
        std::errc::illegal_byte_sequence,
        "not a racecar TU file (bad magic; expected \"RCS1\")");
  if (Bytes.size() < HeaderSize)
    return corrupt("truncated to " + llvm::Twine(Bytes.size()) +
                   " bytes, shorter than the " + llvm::Twine(HeaderSize) +
                   "-byte header");
  FileHeader H;
  H.Version = endian::read32le(Bytes.data() + 4);
  H.MessageBytes = endian::read64le(Bytes.data() + 8);
  H.Checksum = endian::read64le(Bytes.data() + 16);
  H.PayloadBytes = Bytes.size() - HeaderSize;
  if (H.Version != FormatVersion)
    return llvm::createStringError(
        std::errc::not_supported,
        "racecar TU file written by an incompatible racecar version (format "
        "%u, expected %u)",
        H.Version, FormatVersion);
  if (H.MessageBytes == 0 || H.MessageBytes % 8 != 0 ||
      H.MessageBytes > MaxMessageBytes)
    return corrupt("invalid message size " + llvm::Twine(H.MessageBytes) +
                   " in the header");
  if (H.PayloadBytes == 0)
    return corrupt("truncated after the header (no payload)");
  if (H.MessageBytes > MaxExpansion * H.PayloadBytes + ExpansionSlack)
    return corrupt("message size " + llvm::Twine(H.MessageBytes) +
                   " in the header is implausible for " +
                   llvm::Twine(H.PayloadBytes) +
                   " bytes of compressed payload");
  return H;
}

llvm::Expected<FileHeader> verifyChecksum(llvm::ArrayRef<uint8_t> Bytes) {
  llvm::Expected<FileHeader> H = peekHeader(Bytes);
  if (!H)
    return H.takeError();
  uint64_t Sum = llvm::xxh3_64bits(Bytes.drop_front(HeaderSize));
  if (Sum != H->Checksum)
    return corrupt("checksum mismatch (stored " +
                   llvm::Twine::utohexstr(H->Checksum) + ", computed " +
                   llvm::Twine::utohexstr(Sum) +
                   "): the file is truncated or damaged");
  return H;
}

llvm::Expected<TUFile> decodeTUFile(llvm::ArrayRef<uint8_t> Bytes) {
  llvm::Expected<kj::Array<capnp::word>> Msg = unframe(Bytes);
  if (!Msg)
    return Msg.takeError();
  try {
    capnp::ReaderOptions Opts;
    // Each object is visited once; the slack covers the root and headers.
    Opts.traversalLimitInWords = 4 * Msg->size() + 1024;
    Opts.nestingLimit = 64;
    capnp::FlatArrayMessageReader Reader(*Msg, Opts);
    if (Reader.getEnd() != Msg->end())
      return corrupt("trailing data after the message");
    return Decoder().file(Reader.getRoot<sc::TUFile>());
  } catch (const DecodeError &E) {
    return corrupt(E.Message);
  } catch (const kj::Exception &E) {
    return corrupt("malformed message: " +
                   llvm::Twine(E.getDescription().cStr()));
  } catch (const std::bad_alloc &) {
    return llvm::createStringError(std::errc::not_enough_memory,
                                   "out of memory decoding racecar TU file");
  } catch (const std::exception &E) {
    return corrupt(llvm::Twine("malformed message: ") + E.what());
  } catch (...) {
    return corrupt("malformed message");
  }
}

llvm::Error writeTUFileAtomically(const std::string &Path, const TUFile &F,
                                  uint64_t *Checksum) {
  llvm::Expected<std::vector<uint8_t>> Bytes = tryEncode(F, EncodeOptions());
  if (!Bytes)
    return withPrefix(Path, Bytes.takeError());
  if (Checksum) {
    llvm::Expected<FileHeader> H = peekHeader(*Bytes);
    if (!H)
      return withPrefix(Path, H.takeError());
    *Checksum = H->Checksum;
  }
  return writeFileAtomically(
      Path,
      llvm::StringRef(reinterpret_cast<const char *>(Bytes->data()),
                      Bytes->size()),
      /*ReplaceSpecial=*/true);
}

llvm::Expected<TUFile> readTUFile(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      racer::serialize::readRegularFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: cannot read: %s",
                                   Path.c_str(),
                                   Buf.getError().message().c_str());
  llvm::StringRef Data = (*Buf)->getBuffer();
  llvm::Expected<TUFile> F = decodeTUFile(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(Data.data()), Data.size()));
  if (!F)
    return withPrefix(Path, F.takeError());
  return F;
}

} // namespace racer::serialize

//===-- Testing hooks (CodecTesting.h) ------------------------------------===//

namespace racer::serialize::testing {

llvm::Expected<std::vector<uint8_t>>
extractMessage(llvm::ArrayRef<uint8_t> File) {
  llvm::Expected<kj::Array<capnp::word>> Msg = unframe(File);
  if (!Msg)
    return Msg.takeError();
  kj::ArrayPtr<const kj::byte> B = Msg->asBytes();
  return std::vector<uint8_t>(B.begin(), B.end());
}

std::vector<uint8_t> wrapMessage(llvm::ArrayRef<uint8_t> Message) {
  llvm::Expected<std::vector<uint8_t>> Out = frame(Message, 3);
  if (!Out)
    llvm::report_fatal_error(Out.takeError());
  return std::move(*Out);
}

} // namespace racer::serialize::testing
