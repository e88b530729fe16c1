//===- PackedBody.cpp - A function body in compact bytes ------------------===//
#include "summarize/ir/PackedBody.h"
#include "summarize/ir/BodyWriter.h"
#include "summarize/LibraryModels.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace racer::ir {

// Every field of these types must be packed and unpacked below. If one of
// these fires, the IR changed: update Writer and Reader, then the size.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
#define RACER_PACKED_SIZE(T, N)                                                \
  static_assert(sizeof(T) == N, "the IR changed: update PackedBody (" #T ")")
RACER_PACKED_SIZE(Loc, 12);
RACER_PACKED_SIZE(PathStep, 8);
RACER_PACKED_SIZE(AccessPath, 72);
RACER_PACKED_SIZE(Operand, 80);
RACER_PACKED_SIZE(DeclaredLockEffect, 80);
RACER_PACKED_SIZE(CallInfo, 176);
RACER_PACKED_SIZE(CallableArg, 248);
RACER_PACKED_SIZE(Instr, 112);
RACER_PACKED_SIZE(Block, 88);
#undef RACER_PACKED_SIZE
#endif

namespace {

bool byIdentity(Symbol A, Symbol B) { return A.opaque() < B.opaque(); }

void sortUnique(std::vector<Symbol> &V) {
  std::sort(V.begin(), V.end(), byIdentity);
  V.erase(std::unique(V.begin(), V.end()), V.end());
}

/// Writes a body's fields; symbols go by their number in the body's own
/// table (0: none), lines by their distance from the previous location's.
class Writer : public BodyWriter<Writer> {
public:
  explicit Writer(std::vector<uint8_t> &Out) : Out(Out) {}

  void u8(uint8_t V) { Out.push_back(V); }
  void sym(Symbol S) {
    const void *P = S.opaque();
    if (!P)
      return var(0);
    auto [It, New] = Numbers.try_emplace(P, uint32_t(Table.size()) + 1);
    if (New)
      Table.push_back(P);
    var(It->second);
  }

  void loc(const Loc &L) {
    var(L.File);
    svar(int64_t(L.Line) - int64_t(PrevLine));
    PrevLine = L.Line;
    var(L.Col);
  }
  void instr(const Instr &I) { writeInstr(I, I.hasValue(), I.hasCall()); }

  /// The symbols the body names, in order of first use.
  const std::vector<const void *> &table() const { return Table; }

private:
  std::vector<uint8_t> &Out;
  llvm::DenseMap<const void *, uint32_t> Numbers;
  std::vector<const void *> Table;
  uint32_t PrevLine = 0;
};

class Reader {
public:
  Reader(const std::vector<uint8_t> &In, const std::vector<uint32_t> *FileMap)
      : P(In.data()), End(In.data() + In.size()), FileMap(FileMap) {
    Table.resize(var());
    for (const void *&Ptr : Table) {
      assert(End - P >= ptrdiff_t(sizeof Ptr) && "packed body truncated");
      std::memcpy(&Ptr, P, sizeof Ptr);
      P += sizeof Ptr;
    }
  }

  bool atEnd() const { return P == End; }
  uint8_t u8() {
    assert(P < End && "packed body truncated");
    return *P++;
  }
  uint64_t var() {
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      uint8_t B = u8();
      V |= uint64_t(B & 0x7f) << Shift;
      if (!(B & 0x80))
        return V;
    }
  }
  int64_t svar() {
    uint64_t V = var();
    return int64_t(V >> 1) ^ -int64_t(V & 1);
  }
  Symbol sym() {
    const uint64_t N = var();
    assert(N <= Table.size() && "packed body names a symbol it has not");
    return Symbol::fromOpaque(N ? Table[N - 1] : nullptr);
  }

  Loc loc() {
    Loc L;
    L.File = uint32_t(var());
    if (FileMap)
      L.File = L.File < FileMap->size() ? (*FileMap)[L.File] : 0;
    L.Line = uint32_t(int64_t(PrevLine) + svar());
    PrevLine = L.Line;
    L.Col = uint32_t(var());
    return L;
  }
  AccessPath path() {
    AccessPath A;
    A.Root = RootKind(u8());
    A.Index = uint32_t(var());
    A.Symbol = sym();
    A.Spelling = sym();
    size_t N = var();
    A.Steps.reserve(N);
    for (size_t I = 0; I < N; ++I) {
      StepKind K = StepKind(u8());
      A.Steps.push_back(PathStep(K, sym()));
    }
    return A;
  }
  Operand operand() {
    Operand O;
    O.K = Operand::Kind(u8());
    O.Path = path();
    return O;
  }
  std::vector<Operand> operands() {
    std::vector<Operand> V(var());
    for (Operand &O : V)
      O = operand();
    return V;
  }
  std::vector<DeclaredLockEffect> effects() {
    std::vector<DeclaredLockEffect> V(var());
    for (DeclaredLockEffect &E : V) {
      E.K = DeclaredLockEffect::Kind(u8());
      E.Lock = path();
    }
    return V;
  }
  void call(CallInfo &C) {
    C.Callee = sym();
    C.CalleeName = sym();
    C.Args = operands();
    C.ArgTypes.resize(var());
    for (Symbol &T : C.ArgTypes)
      T = sym();
    C.ResultLocal = int32_t(svar());
    C.ScalarResult = int16_t(svar());
    uint8_t Flags = u8();
    C.IsConstructor = Flags & 1;
    C.IsDestructor = Flags & 2;
    C.MakesClosure = Flags & 4;
    C.UnderModeTest = Flags & 8;
    C.RunsTask = Flags & 16;
    C.DeclaredEffects = effects();
    C.Callables.resize(var());
    for (CallableArg &A : C.Callables) {
      A.Arg = uint32_t(var());
      A.Callee = sym();
      A.CalleeName = sym();
      A.HasReceiver = u8();
      A.Receiver = operand();
      A.NumParams = uint32_t(var());
      A.Captures = operands();
      A.DecayedArgs = operands();
      A.SerialFlag = operand();
    }
    C.ElementType = sym();
    C.LoopRange = sym();
    C.DistinctArgs = uint32_t(var());
    C.WritableArgs = uint32_t(var());
    C.WalkedArgs = uint32_t(var());
    C.ScalarArgs.resize(var());
    for (ScalarArg &A : C.ScalarArgs) {
      A.Arg = uint32_t(var());
      A.IsFormal = u8();
      A.Value = svar();
    }
  }
  void instr(Instr &I) {
    I.Kind = InstrKind(u8());
    uint8_t Flags = u8();
    I.Atomic = Flags & 1;
    I.Dest = uint32_t(var());
    I.Location = loc();
    I.Path = path();
    if (Flags & 2)
      I.value() = operand();
    if (Flags & 4)
      call(I.call());
  }
  void block(Block &B) {
    B.Instrs.resize(var());
    for (Instr &I : B.Instrs)
      instr(I);
    B.Succs.resize(var());
    for (uint32_t &S : B.Succs)
      S = uint32_t(var());
    B.CondCall = int32_t(svar());
    const uint8_t Flags = u8();
    B.CondNegated = Flags & 1;
    B.NoReturn = Flags & 2;
    B.CondLocal = int32_t(svar());
    B.CondFormal = int32_t(svar());
    B.EdgeTests.resize(var());
    for (FormalTest &T : B.EdgeTests) {
      T.K = FormalTest::Op(u8());
      T.Values.resize(var());
      for (int64_t &V : T.Values)
        V = svar();
    }
  }

private:
  const uint8_t *P, *End;
  const std::vector<uint32_t> *FileMap;
  llvm::SmallVector<const void *, 32> Table;
  uint32_t PrevLine = 0;
};

} // namespace

std::shared_ptr<const PackedBody>
packBody(Function &F, std::shared_ptr<const std::vector<uint32_t>> FileMap) {
  auto P = std::make_shared<PackedBody>();
  P->FileMap = std::move(FileMap);
  P->Callees = calleesOf(F);
  sortUnique(P->Callees);
  P->Callables = callablesOf(F);
  sortUnique(P->Callables);
  P->ThreadEntries = threadEntriesOf(F);
  sortUnique(P->ThreadEntries);
  P->TestedFormals = testedFormalsOf(F);
  P->PassesScalars = passesScalarsOf(F);
  P->Forwards = formalForwardsOf(F);
  // The body's bytes, then its symbol table in front of them: one exact
  // allocation, [table size][pointers][body].
  std::vector<uint8_t> Body;
  Writer W(Body);
  W.var(F.Locals.size());
  for (Symbol L : F.Locals)
    W.sym(L);
  W.var(F.Blocks.size());
  for (const Block &B : F.Blocks)
    W.block(B);
  std::vector<uint8_t> Head;
  Writer H(Head);
  H.var(W.table().size());
  P->Bytes.reserve(Head.size() + W.table().size() * sizeof(void *) +
                   Body.size());
  P->Bytes.assign(Head.begin(), Head.end());
  for (const void *Ptr : W.table()) {
    uint8_t B[sizeof Ptr];
    std::memcpy(B, &Ptr, sizeof Ptr);
    P->Bytes.insert(P->Bytes.end(), B, B + sizeof Ptr);
  }
  P->Bytes.insert(P->Bytes.end(), Body.begin(), Body.end());
  std::vector<Block>().swap(F.Blocks);
  std::vector<Symbol>().swap(F.Locals);
  return P;
}

void unpackBody(const PackedBody &P, Function &Into) {
  Reader R(P.Bytes, P.FileMap.get());
  Into.Locals.resize(R.var());
  for (Symbol &L : Into.Locals)
    L = R.sym();
  Into.Blocks.resize(R.var());
  for (Block &B : Into.Blocks)
    R.block(B);
  assert(R.atEnd() && "packed body has trailing bytes");
}

Function withBody(const Function &F) {
  Function Copy = F; // a packed function's Blocks and Locals are empty
  if (F.Packed) {
    Copy.Packed.reset();
    unpackBody(*F.Packed, Copy);
  }
  return Copy;
}

void replaceBody(Function &Into, Function &&Body) {
  if (Into.Packed) {
    Into.Packed = packBody(Body, nullptr);
  } else {
    Into.Blocks = std::move(Body.Blocks);
    Into.Locals = std::move(Body.Locals);
  }
}

std::vector<Symbol> calleesOf(const Function &F) {
  if (F.Packed)
    return F.Packed->Callees;
  std::vector<Symbol> V;
  for (const Block &B : F.Blocks)
    for (const Instr &I : B.Instrs)
      if (I.Kind == InstrKind::Call && !I.call().Callee.empty())
        V.push_back(I.call().Callee);
  return V;
}

std::vector<Symbol> threadEntriesOf(const Function &F) {
  if (F.Packed)
    return F.Packed->ThreadEntries;
  std::vector<Symbol> V;
  for (const Block &B : F.Blocks)
    for (const Instr &I : B.Instrs)
      if (I.Kind == InstrKind::Call && !I.call().Callables.empty() &&
          lookupCallModel(I.call().CalleeName, I.call().ElementType).Kind ==
              ModelKind::ThreadCreate)
        for (const CallableArg &A : I.call().Callables)
          V.push_back(A.Callee);
  return V;
}

uint32_t testedFormalsOf(const Function &F) {
  if (F.Packed)
    return F.Packed->TestedFormals;
  uint32_t Bits = 0;
  for (const Block &B : F.Blocks)
    if (B.CondFormal >= 0 && B.CondFormal < 32)
      Bits |= 1u << B.CondFormal;
  return Bits;
}

std::vector<FormalForward> formalForwardsOf(const Function &F) {
  if (F.Packed)
    return F.Packed->Forwards;
  std::vector<FormalForward> V;
  for (const Block &B : F.Blocks)
    for (const Instr &I : B.Instrs)
      if (I.Kind == InstrKind::Call)
        for (const ScalarArg &A : I.call().ScalarArgs)
          if (A.IsFormal && A.Value >= 0 &&
              (!I.call().Callee.empty() || A.Arg == ScalarArg::CalleeArg))
            V.push_back({I.call().Callee, I.call().CalleeName, A.Arg,
                         uint32_t(A.Value)});
  return V;
}

bool passesScalarsOf(const Function &F) {
  if (F.Packed)
    return F.Packed->PassesScalars;
  for (const Block &B : F.Blocks)
    for (const Instr &I : B.Instrs)
      if (I.Kind == InstrKind::Call && !I.call().ScalarArgs.empty())
        return true;
  return false;
}

std::vector<Symbol> callablesOf(const Function &F) {
  if (F.Packed)
    return F.Packed->Callables;
  std::vector<Symbol> V;
  for (const Block &B : F.Blocks)
    for (const Instr &I : B.Instrs)
      if (I.Kind == InstrKind::Call)
        for (const CallableArg &A : I.call().Callables)
          V.push_back(A.Callee);
  return V;
}

} // namespace racer::ir
